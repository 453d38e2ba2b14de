module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+f16c,+sahf,+lzcnt,+movbe,+xsave,+cx8,+crc32,+x87,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @rocm_hsaco_fb target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+f16c,+sahf,+lzcnt,+movbe,+xsave,+cx8,+crc32,+x87,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>) {
      hal.executable.export public @main_dispatch_0_reduction_3x8_f32xf32xf16 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
        hal.return %x, %y, %z : index, index, index
      }
      builtin.module {
        func.func @main_dispatch_0_reduction_3x8_f32xf32xf16() {
          %cst = arith.constant 0.000000e+00 : f16
          %c0 = arith.constant 0 : index
          %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x3xf32>>
          %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x8xf32>>
          %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf16>>
          %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [1, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1x3xf32>> -> tensor<1x3xf32>
          %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0], sizes = [3, 8], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x8xf32>> -> tensor<3x8xf32>
          %5 = tensor.empty() : tensor<3xf16>
          %6 = linalg.fill ins(%cst : f16) outs(%5 : tensor<3xf16>) -> tensor<3xf16>
          %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 floordiv 4, d1 floordiv 3)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%3, %4 : tensor<1x3xf32>, tensor<3x8xf32>) outs(%6 : tensor<3xf16>) {
          ^bb0(%in: f32, %in_0: f32, %out: f16):
            %8 = arith.truncf %in : f32 to f16
            %9 = arith.truncf %in_0 : f32 to f16
            %10 = arith.mulf %8, %9 : f16
            %11 = arith.addf %out, %10 : f16
            linalg.yield %11 : f16
          } -> tensor<3xf16>
          iree_tensor_ext.dispatch.tensor.store %7, %2, offsets = [0], sizes = [3], strides = [1] : tensor<3xf16> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3xf16>>
          return
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<1x3xf32>, %input1: tensor<3x8xf32>) -> (%output0: tensor<3xf16>)"}} {
    %c0 = arith.constant 0 : index
    %c6 = arith.constant 6 : index
    %c96 = arith.constant 96 : index
    %c12 = arith.constant 12 : index
    %c8 = arith.constant 8 : index
    %c3 = arith.constant 3 : index
    %c1 = arith.constant 1 : index
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c1, %c3]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<1x3xf32> in !stream.resource<external>{%c12}
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%c3, %c8]) type(%element_type_f32) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<3x8xf32> in !stream.resource<external>{%c96}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c6} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c12}, %1 as %arg3: !stream.resource<external>{%c96}, %result as %arg4: !stream.resource<external>{%c6}) {
      stream.cmd.dispatch @main_dispatch_0::@rocm_hsaco_fb::@main_dispatch_0_reduction_3x8_f32xf32xf16 {
        ro %arg2[%c0 for %c12] : !stream.resource<external>{%c12},
        ro %arg3[%c0 for %c96] : !stream.resource<external>{%c96},
        wo %arg4[%c0 for %c6] : !stream.resource<external>{%c6}
      }
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c6}
    %4 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %3 : tensor<3xf16> in !stream.resource<external>{%c6} -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
}