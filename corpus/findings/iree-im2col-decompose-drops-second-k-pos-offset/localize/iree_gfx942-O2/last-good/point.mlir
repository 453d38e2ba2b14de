module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+f16c,+sahf,+lzcnt,+movbe,+xsave,+cx8,+crc32,+x87,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @rocm_hsaco_fb target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+f16c,+sahf,+lzcnt,+movbe,+xsave,+cx8,+crc32,+x87,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>) {
      hal.executable.export public @main_dispatch_0_conv_2x4x3x3x3x4_i8xi8xi32 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
        hal.return %x, %y, %z : index, index, index
      }
      builtin.module {
        func.func @main_dispatch_0_conv_2x4x3x3x3x4_i8xi8xi32() {
          %c0_i32 = arith.constant 0 : i32
          %c0 = arith.constant 0 : index
          %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3x6x4xi8>>
          %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4x3xi8>>
          %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x3xi32>>
          %3 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0, 0, 0], sizes = [2, 3, 6, 4], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x3x6x4xi8>> -> tensor<2x3x6x4xi8>
          %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0, 0, 0, 0], sizes = [3, 3, 4, 3], strides = [1, 1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4x3xi8>> -> tensor<3x3x4x3xi8>
          %5 = tensor.empty() : tensor<2x4x3xi32>
          %6 = linalg.fill ins(%c0_i32 : i32) outs(%5 : tensor<2x4x3xi32>) -> tensor<2x4x3xi32>
          %7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d3, d1 + d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d3, d4, d5, d2)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%3, %4 : tensor<2x3x6x4xi8>, tensor<3x3x4x3xi8>) outs(%6 : tensor<2x4x3xi32>) {
          ^bb0(%in: i8, %in_0: i8, %out: i32):
            %8 = arith.extsi %in : i8 to i32
            %9 = arith.extsi %in_0 : i8 to i32
            %10 = arith.muli %8, %9 : i32
            %11 = arith.addi %out, %10 : i32
            linalg.yield %11 : i32
          } -> tensor<2x4x3xi32>
          iree_tensor_ext.dispatch.tensor.store %7, %2, offsets = [0, 0, 0], sizes = [2, 4, 3], strides = [1, 1, 1] : tensor<2x4x3xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4x3xi32>>
          return
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x3x6x4xi8>, %input1: tensor<3x3x4x3xi8>) -> (%output0: tensor<2x1x4x3xi32>)"}} {
    %c0 = arith.constant 0 : index
    %c96 = arith.constant 96 : index
    %c108 = arith.constant 108 : index
    %c144 = arith.constant 144 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c3 = arith.constant 3 : index
    %c2 = arith.constant 2 : index
    %element_type_i8 = hal.element_type<i8> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c2, %c3, %c6, %c4]) type(%element_type_i8) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<2x3x6x4xi8> in !stream.resource<external>{%c144}
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%c3, %c3, %c4, %c3]) type(%element_type_i8) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<3x3x4x3xi8> in !stream.resource<external>{%c108}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c96} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c144}, %1 as %arg3: !stream.resource<external>{%c108}, %result as %arg4: !stream.resource<external>{%c96}) {
      stream.cmd.dispatch @main_dispatch_0::@rocm_hsaco_fb::@main_dispatch_0_conv_2x4x3x3x3x4_i8xi8xi32 {
        ro %arg2[%c0 for %c144] : !stream.resource<external>{%c144},
        ro %arg3[%c0 for %c108] : !stream.resource<external>{%c108},
        wo %arg4[%c0 for %c96] : !stream.resource<external>{%c96}
      }
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c96}
    %4 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %3 : tensor<2x1x4x3xi32> in !stream.resource<external>{%c96} -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
}