module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @rocm_hsaco_fb target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+avx,+avx2,+bmi,+bmi2,+cmov,+crc32,+cx16,+cx8,+f16c,+fma,+fxsr,+lzcnt,+mmx,+movbe,+popcnt,+sahf,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+ssse3,+x87,+xsave", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>) {
      hal.executable.export public @main_dispatch_0_reduction_2xDxDxDxD_f16 ordinal(0) layout(#hal.pipeline.layout<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device, %arg1: index, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: index) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg1, %arg2, %arg3, %arg4, %arg5, %arg6)
        hal.return %x, %y, %z : index, index, index
      }
      builtin.module {
        func.func @main_dispatch_0_reduction_2xDxDxDxD_f16() {
          %c32_i64 = arith.constant 32 : i64
          %cst = arith.constant 0.000000e+00 : f16
          %c0 = arith.constant 0 : index
          %0 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
          %1 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
          %2 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
          %3 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
          %4 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(4) : i32
          %5 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(5) : i32
          %6 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(6) : i32
          %7 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(7) : i32
          %8 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(8) : i32
          %9 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(9) : i32
          %10 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(10) : i32
          %11 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(11) : i32
          %12 = arith.extui %0 : i32 to i64
          %13 = arith.extui %1 : i32 to i64
          %14 = arith.shli %13, %c32_i64 : i64
          %15 = arith.ori %12, %14 : i64
          %16 = arith.index_castui %15 : i64 to index
          %17 = arith.extui %2 : i32 to i64
          %18 = arith.extui %3 : i32 to i64
          %19 = arith.shli %18, %c32_i64 : i64
          %20 = arith.ori %17, %19 : i64
          %21 = arith.index_castui %20 : i64 to index
          %22 = arith.extui %4 : i32 to i64
          %23 = arith.extui %5 : i32 to i64
          %24 = arith.shli %23, %c32_i64 : i64
          %25 = arith.ori %22, %24 : i64
          %26 = arith.index_castui %25 : i64 to index
          %27 = arith.extui %6 : i32 to i64
          %28 = arith.extui %7 : i32 to i64
          %29 = arith.shli %28, %c32_i64 : i64
          %30 = arith.ori %27, %29 : i64
          %31 = arith.index_castui %30 : i64 to index
          %32 = arith.extui %8 : i32 to i64
          %33 = arith.extui %9 : i32 to i64
          %34 = arith.shli %33, %c32_i64 : i64
          %35 = arith.ori %32, %34 : i64
          %36 = arith.index_castui %35 : i64 to index
          %37 = arith.extui %10 : i32 to i64
          %38 = arith.extui %11 : i32 to i64
          %39 = arith.shli %38, %c32_i64 : i64
          %40 = arith.ori %37, %39 : i64
          %41 = arith.index_castui %40 : i64 to index
          %42:6 = util.assume.int 
              %16<umin = 0, umax = 9007199254740991>, 
              %21<umin = 0, umax = 9007199254740991>, 
              %26<umin = 0, umax = 9007199254740991>, 
              %31<umin = 0, umax = 9007199254740991>, 
              %36<umin = 0, umax = 9007199254740991>, 
              %41<umin = 0, umax = 9007199254740991>
            : index, index, index, index, index, index
          %43 = iree_tensor_ext.dispatch.workload.ordinal %42#0, 0 : index
          %44 = iree_tensor_ext.dispatch.workload.ordinal %42#1, 1 : index
          %45 = iree_tensor_ext.dispatch.workload.ordinal %42#2, 2 : index
          %46 = iree_tensor_ext.dispatch.workload.ordinal %42#3, 3 : index
          %47 = iree_tensor_ext.dispatch.workload.ordinal %42#4, 4 : index
          %48 = iree_tensor_ext.dispatch.workload.ordinal %42#5, 5 : index
          %49 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x1x?xf16>>{%43, %44}
          %50 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?x?x?xf16>>{%45, %46, %47, %48}
          %51 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?xf16>>{%48}
          %52 = iree_tensor_ext.dispatch.tensor.load %49, offsets = [0, 0, 0, 0], sizes = [2, %43, 1, %44], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x?x1x?xf16>>{%43, %44} -> tensor<2x?x1x?xf16>
          %53 = iree_tensor_ext.dispatch.tensor.load %50, offsets = [0, 0, 0, 0], sizes = [%45, %46, %47, %48], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?x?x?xf16>>{%45, %46, %47, %48} -> tensor<?x?x?x?xf16>
          %54 = tensor.empty(%48) : tensor<2x?xf16>
          %55 = linalg.fill ins(%cst : f16) outs(%54 : tensor<2x?xf16>) -> tensor<2x?xf16>
          %56 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d3 * 2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d2, d3, d4, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%52, %53 : tensor<2x?x1x?xf16>, tensor<?x?x?x?xf16>) outs(%55 : tensor<2x?xf16>) {
          ^bb0(%in: f16, %in_0: f16, %out: f16):
            %58 = arith.mulf %in, %in_0 : f16
            %59 = arith.addf %out, %58 : f16
            linalg.yield %59 : f16
          } -> tensor<2x?xf16>
          %57 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%56 : tensor<2x?xf16>) outs(%54 : tensor<2x?xf16>) {
          ^bb0(%in: f16, %out: f16):
            %58 = arith.addf %in, %cst : f16
            linalg.yield %58 : f16
          } -> tensor<2x?xf16>
          iree_tensor_ext.dispatch.tensor.store %57, %51, offsets = [0, 0], sizes = [2, %48], strides = [1, 1] : tensor<2x?xf16> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x?xf16>>{%48}
          return
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x?x1x?xf16>, %input1: tensor<?x?x?x?xf16>) -> (%output0: tensor<2x1x1x?xf16>)"}} {
    %c32_i64 = arith.constant 32 : i64
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[1] : index
    %1 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[3] : index
    %element_type_f16 = hal.element_type<f16> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c2, %0, %c1, %1]) type(%element_type_f16) encoding(%dense_row_major)
    %2 = arith.muli %0, %c4 : index
    %3 = arith.muli %2, %1 : index
    %4 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<2x?x1x?xf16>{%0, %1} in !stream.resource<external>{%3}
    %5 = hal.buffer_view.dim<%arg1 : !hal.buffer_view>[0] : index
    %6 = hal.buffer_view.dim<%arg1 : !hal.buffer_view>[1] : index
    %7 = hal.buffer_view.dim<%arg1 : !hal.buffer_view>[2] : index
    %8 = hal.buffer_view.dim<%arg1 : !hal.buffer_view>[3] : index
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%5, %6, %7, %8]) type(%element_type_f16) encoding(%dense_row_major)
    %9 = arith.muli %5, %c2 : index
    %10 = arith.muli %9, %6 : index
    %11 = arith.muli %10, %7 : index
    %12 = arith.muli %11, %8 : index
    %13 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<?x?x?x?xf16>{%5, %6, %7, %8} in !stream.resource<external>{%12}
    %14 = arith.muli %8, %c4 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%14} => !stream.timepoint
    %15 = arith.index_castui %0 : index to i64
    %16 = arith.index_castui %0 : index to i32
    %17 = arith.shrui %15, %c32_i64 : i64
    %18 = arith.trunci %17 : i64 to i32
    %19 = arith.index_castui %1 : index to i64
    %20 = arith.index_castui %1 : index to i32
    %21 = arith.shrui %19, %c32_i64 : i64
    %22 = arith.trunci %21 : i64 to i32
    %23 = arith.index_castui %5 : index to i64
    %24 = arith.index_castui %5 : index to i32
    %25 = arith.shrui %23, %c32_i64 : i64
    %26 = arith.trunci %25 : i64 to i32
    %27 = arith.index_castui %6 : index to i64
    %28 = arith.index_castui %6 : index to i32
    %29 = arith.shrui %27, %c32_i64 : i64
    %30 = arith.trunci %29 : i64 to i32
    %31 = arith.index_castui %7 : index to i64
    %32 = arith.index_castui %7 : index to i32
    %33 = arith.shrui %31, %c32_i64 : i64
    %34 = arith.trunci %33 : i64 to i32
    %35 = arith.index_castui %8 : index to i64
    %36 = arith.index_castui %8 : index to i32
    %37 = arith.shrui %35, %c32_i64 : i64
    %38 = arith.trunci %37 : i64 to i32
    %39 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%4 as %arg2: !stream.resource<external>{%3}, %13 as %arg3: !stream.resource<external>{%12}, %result as %arg4: !stream.resource<external>{%14}) {
      stream.cmd.dispatch @main_dispatch_0::@rocm_hsaco_fb::@main_dispatch_0_reduction_2xDxDxDxD_f16[%0, %1, %5, %6, %7, %8](%16, %18, %20, %22, %24, %26, %28, %30, %32, %34, %36, %38 : i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32) {
        ro %arg2[%c0 for %3] : !stream.resource<external>{%3},
        ro %arg3[%c0 for %12] : !stream.resource<external>{%12},
        wo %arg4[%c0 for %14] : !stream.resource<external>{%14}
      }
    } => !stream.timepoint
    %40 = stream.timepoint.await %39 => %result : !stream.resource<external>{%14}
    %41 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %40 : tensor<2x1x1x?xf16>{%8} in !stream.resource<external>{%14} -> !hal.buffer_view
    util.return %41 : !hal.buffer_view
  }
}