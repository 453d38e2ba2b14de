module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+cx8,+f16c,+crc32,+sahf,+lzcnt,+movbe,+x87,+xsave,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @rocm_hsaco_fb target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = "x86-64-v3", cpu_features = "+cmov,+mmx,+popcnt,+sse,+sse2,+sse4.2,+avx2,+fma,+bmi,+bmi2,+cx16,+cx8,+f16c,+crc32,+sahf,+lzcnt,+movbe,+x87,+xsave,+fxsr", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 32 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>) {
      hal.executable.export public @main_dispatch_0_conv_6x4x3x3_f16xf16xf32 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
        hal.return %x, %y, %z : index, index, index
      }
      builtin.module {
        func.func @main_dispatch_0_conv_6x4x3x3_f16xf16xf32() {
          %cst = arith.constant 0.000000e+00 : f32
          %c0 = arith.constant 0 : index
          %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4xi4>>
          %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf16>>
          %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x3xf16>>
          %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(3) alignment(64) offset(%c0) flags(Indirect) : !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xf16>>
          %4 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0, 0], sizes = [3, 3, 4], strides = [1, 1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<3x3x4xi4>> -> tensor<3x3x4xi4>
          %5 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf16>> -> tensor<4xf16>
          %6 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0, 0], sizes = [8, 3], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<8x3xf16>> -> tensor<8x3xf16>
          %7 = tensor.empty() : tensor<6x4xf16>
          %8 = tensor.empty() : tensor<6x4xf32>
          %9 = tensor.empty() : tensor<3x3x4xf16>
          %10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4, %5 : tensor<3x3x4xi4>, tensor<4xf16>) outs(%9 : tensor<3x3x4xf16>) {
          ^bb0(%in: i4, %in_0: f16, %out: f16):
            %14 = arith.sitofp %in : i4 to f16
            %15 = arith.mulf %14, %in_0 : f16
            linalg.yield %15 : f16
          } -> tensor<3x3x4xf16>
          %11 = linalg.fill ins(%cst : f32) outs(%8 : tensor<6x4xf32>) -> tensor<6x4xf32>
          %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0 + d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%6, %10 : tensor<8x3xf16>, tensor<3x3x4xf16>) outs(%11 : tensor<6x4xf32>) {
          ^bb0(%in: f16, %in_0: f16, %out: f32):
            %14 = arith.extf %in : f16 to f32
            %15 = arith.extf %in_0 : f16 to f32
            %16 = arith.mulf %14, %15 : f32
            %17 = arith.addf %out, %16 : f32
            linalg.yield %17 : f32
          } -> tensor<6x4xf32>
          %13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%12 : tensor<6x4xf32>) outs(%7 : tensor<6x4xf16>) {
          ^bb0(%in: f32, %out: f16):
            %14 = arith.truncf %in : f32 to f16
            linalg.yield %14 : f16
          } -> tensor<6x4xf16>
          iree_tensor_ext.dispatch.tensor.store %13, %3, offsets = [0, 0], sizes = [6, 4], strides = [1, 1] : tensor<6x4xf16> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<6x4xf16>>
          return
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<1x6x3x1xf16>, %input1: tensor<3x3x1x4xi4>, %input2: tensor<4xf16>) -> (%output0: tensor<1x6x1x4xf16>)"}} {
    %c12 = arith.constant 12 : index
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c48 = arith.constant 48 : index
    %c8 = arith.constant 8 : index
    %c18 = arith.constant 18 : index
    %c36 = arith.constant 36 : index
    %c0_i8 = arith.constant 0 : i8
    %c4 = arith.constant 4 : index
    %c3 = arith.constant 3 : index
    %c6 = arith.constant 6 : index
    %c1 = arith.constant 1 : index
    %element_type_f16 = hal.element_type<f16> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c1, %c6, %c3, %c1]) type(%element_type_f16) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<1x6x3x1xf16> in !stream.resource<external>{%c36}
    %element_type_i4 = hal.element_type<i4> : i32
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%c3, %c3, %c1, %c4]) type(%element_type_i4) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<3x3x1x4xi4> in !stream.resource<external>{%c18}
    hal.buffer_view.assert<%arg2 : !hal.buffer_view> message("input2") shape([%c4]) type(%element_type_f16) encoding(%dense_row_major)
    %2 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg2 : !hal.buffer_view -> tensor<4xf16> in !stream.resource<external>{%c8}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c48} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%3) => with(%0 as %arg3: !stream.resource<external>{%c36}, %1 as %arg4: !stream.resource<external>{%c18}, %2 as %arg5: !stream.resource<external>{%c8}, %result as %arg6: !stream.resource<external>{%c48}, %result_0 as %arg7: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg7[%c0 for %c48] : i8 -> !stream.resource<transient>{%c64}
      stream.cmd.copy %arg3[%c0], %arg7[%c12], %c36 : !stream.resource<external>{%c36} -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @main_dispatch_0::@rocm_hsaco_fb::@main_dispatch_0_conv_6x4x3x3_f16xf16xf32 {
        ro %arg4[%c0 for %c18] : !stream.resource<external>{%c18},
        ro %arg5[%c0 for %c8] : !stream.resource<external>{%c8},
        ro %arg7[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg6[%c0 for %c48] : !stream.resource<external>{%c48}
      }
    } => !stream.timepoint
    %5 = stream.resource.dealloca on(#hal.device.affinity<@__device_0>) await(%4) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %6 = stream.timepoint.await %5 => %result : !stream.resource<external>{%c48}
    %7 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %6 : tensor<1x6x1x4xf16> in !stream.resource<external>{%c48} -> !hal.buffer_view
    util.return %7 : !hal.buffer_view
  }
}