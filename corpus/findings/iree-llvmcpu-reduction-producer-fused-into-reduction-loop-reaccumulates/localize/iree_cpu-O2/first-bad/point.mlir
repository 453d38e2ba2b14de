module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", cpu_features = "+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,+mwaitx,+pclmul,+pku,+popcnt,+prfchw,+rdpid,+rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,+wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,+adx,+aes,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,+avx,-avx10.1,-avx10.2,-avx10v2aux,+avx2,+avx512bf16,+avx512bitalg,-avx512bmm,+avx512bw,+avx512cd,+avx512dq,+avx512f,-avx512fp16,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,-avx512vp2intersect,+avx512vpopcntdq,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,+bmi,+bmi2,-ccmp,-cf,-cldemote,+clflushopt,+clwb,+clzero,+cmov,-cmpccxadd,+crc32,+cx16,+cx8,-egpr,-enqcmd,+f16c,+fma,-fma4,+fsgsbase,+fxsr,+gfni,-hreset,+invpcid,-jmpabs,-kl,-lwp,+lzcnt,+mmx,+movbe,-movdir64b,-movdiri,-movrs,-mwaitx,-ndd,-nf,+pclmul,-pconfig,-pku,+popcnt,-ppx,-prefetchi,+prfchw,-ptwrite,-push2pop2,-raoint,+rdpid,-rdpru,+rdrnd,+rdseed,-rtm,+sahf,-serialize,-sgx,+sha,-sha512,+shstk,-sm3,-sm4,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,-tbm,-tsxldtrk,-uintr,-usermsr,+vaes,+vpclmulqdq,-waitpkg,-wbnoinvd,-widekl,-xop,+xsave,+xsavec,+xsaveopt,+xsaves,-zu", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 64 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @embedded_elf_x86_64 target(<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", cpu_features = "+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,+mwaitx,+pclmul,+pku,+popcnt,+prfchw,+rdpid,+rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,+wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,+adx,+aes,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,+avx,-avx10.1,-avx10.2,-avx10v2aux,+avx2,+avx512bf16,+avx512bitalg,-avx512bmm,+avx512bw,+avx512cd,+avx512dq,+avx512f,-avx512fp16,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,-avx512vp2intersect,+avx512vpopcntdq,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,+bmi,+bmi2,-ccmp,-cf,-cldemote,+clflushopt,+clwb,+clzero,+cmov,-cmpccxadd,+crc32,+cx16,+cx8,-egpr,-enqcmd,+f16c,+fma,-fma4,+fsgsbase,+fxsr,+gfni,-hreset,+invpcid,-jmpabs,-kl,-lwp,+lzcnt,+mmx,+movbe,-movdir64b,-movdiri,-movrs,-mwaitx,-ndd,-nf,+pclmul,-pconfig,-pku,+popcnt,-ppx,-prefetchi,+prfchw,-ptwrite,-push2pop2,-raoint,+rdpid,-rdpru,+rdrnd,+rdseed,-rtm,+sahf,-serialize,-sgx,+sha,-sha512,+shstk,-sm3,-sm4,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,-tbm,-tsxldtrk,-uintr,-usermsr,+vaes,+vpclmulqdq,-waitpkg,-wbnoinvd,-widekl,-xop,+xsave,+xsavec,+xsaveopt,+xsaves,-zu", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 64 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>) {
      hal.executable.export public @main_dispatch_0_reduction_Dx2_f16 ordinal(0) layout(#hal.pipeline.layout<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
        %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg1)
        hal.return %x, %y, %z : index, index, index
      }
      builtin.module {
func.func @main_dispatch_0_reduction_Dx2_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<Default>>} {
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c32_i64 = arith.constant 32 : i64
  %cst = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %1 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %2 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %3 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %4 = arith.extui %0 : i32 to i64
  %5 = arith.extui %1 : i32 to i64
  %6 = arith.shli %5, %c32_i64 : i64
  %7 = arith.ori %4, %6 : i64
  %8 = arith.index_castui %7 {stream.alignment = 64 : index} : i64 to index
  %9 = arith.extui %2 : i32 to i64
  %10 = arith.extui %3 : i32 to i64
  %11 = arith.shli %10, %c32_i64 : i64
  %12 = arith.ori %9, %11 : i64
  %13 = arith.index_castui %12 : i64 to index
  %14:2 = util.assume.int 
      %8<umin = 0, umax = 18014398509481984, udiv = 64>, 
      %13<umin = 0, umax = 9007199254740991>
    : index, index
  %15 = iree_tensor_ext.dispatch.workload.ordinal %14#1, 0 : index
  %16 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>{%15}
  %17 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<?xf16, #hal.descriptor_type<storage_buffer>>{%15}
  %18 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%14#0) flags(Indirect) : memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>{%15}
  %19 = iree_codegen.load_from_buffer %16 : memref<2x?xf16, #hal.descriptor_type<storage_buffer>> -> tensor<2x?xf16>
  %20 = tensor.empty(%15) : tensor<?xf16>
  %21:2 = scf.forall (%arg0) = (0) to (%15) step (32) shared_outs(%arg1 = %20, %arg2 = %20) -> (tensor<?xf16>, tensor<?xf16>) {
    %22 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg0)[%15]
    %23 = tensor.empty(%22) : tensor<?xf16>
    %24:2 = scf.forall (%arg3) = (0) to (%22) step (32) shared_outs(%arg4 = %23, %arg5 = %23) -> (tensor<?xf16>, tensor<?xf16>) {
      %25 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg3)[%22]
      %extracted_slice = tensor.extract_slice %arg5[%arg3] [%25] [1] : tensor<?xf16> to tensor<?xf16>
      %26 = linalg.fill  ins(%cst : f16) outs(%extracted_slice : tensor<?xf16>) -> tensor<?xf16>
      %extracted_slice_0 = tensor.extract_slice %arg4[%arg3] [%25] [1] : tensor<?xf16> to tensor<?xf16>
      %27 = linalg.fill  ins(%cst : f16) outs(%extracted_slice_0 : tensor<?xf16>) -> tensor<?xf16>
      %28:2 = scf.for %arg6 = %c0 to %c2 step %c1 iter_args(%arg7 = %27, %arg8 = %26) -> (tensor<?xf16>, tensor<?xf16>) {
        %29 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%arg3, %arg0]
        %extracted_slice_1 = tensor.extract_slice %19[%arg6, %29] [1, %25] [1, 1] : tensor<2x?xf16> to tensor<1x?xf16>
        %30 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%arg3, %arg0]
        %extracted_slice_2 = tensor.extract_slice %19[0, %30] [2, %25] [1, 1] : tensor<2x?xf16> to tensor<2x?xf16>
        %extracted_slice_3 = tensor.extract_slice %arg8[0] [%25] [1] : tensor<?xf16> to tensor<?xf16>
        %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice_2 : tensor<2x?xf16>) outs(%extracted_slice_3 : tensor<?xf16>)  {
        ^bb0(%in: f16, %out: f16):
          %33 = arith.addf %out, %in : f16
          linalg.yield %33 : f16
        } -> tensor<?xf16>
        %extracted_slice_4 = tensor.extract_slice %arg7[0] [%25] [1] : tensor<?xf16> to tensor<?xf16>
        %32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice_1, %31 : tensor<1x?xf16>, tensor<?xf16>) outs(%extracted_slice_4 : tensor<?xf16>)  {
        ^bb0(%in: f16, %in_6: f16, %out: f16):
          %33 = arith.addf %out, %in_6 : f16
          linalg.yield %33 : f16
        } -> tensor<?xf16>
        %inserted_slice = tensor.insert_slice %32 into %arg7[0] [%25] [1] : tensor<?xf16> into tensor<?xf16>
        %inserted_slice_5 = tensor.insert_slice %31 into %arg8[0] [%25] [1] : tensor<?xf16> into tensor<?xf16>
        scf.yield %inserted_slice, %inserted_slice_5 : tensor<?xf16>, tensor<?xf16>
      }
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %28#0 into %arg4[%arg3] [%25] [1] : tensor<?xf16> into tensor<?xf16>
        tensor.parallel_insert_slice %28#1 into %arg5[%arg3] [%25] [1] : tensor<?xf16> into tensor<?xf16>
      }
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %24#0 into %arg1[%arg0] [%22] [1] : tensor<?xf16> into tensor<?xf16>
      tensor.parallel_insert_slice %24#1 into %arg2[%arg0] [%22] [1] : tensor<?xf16> into tensor<?xf16>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %21#0, %17 : tensor<?xf16> into memref<?xf16, #hal.descriptor_type<storage_buffer>>
  iree_codegen.store_to_buffer %21#1, %18 : tensor<?xf16> into memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  return
}
        iree_codegen.dispatch_config @main_dispatch_0_reduction_Dx2_f16 {
        ^bb0(%arg0: !hal.device, %arg1: index):
          %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg1)
          iree_codegen.yield %x, %y, %z : index, index, index
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x?xf16>) -> (%output0: tensor<1x?xf16>, %output1: tensor<?xf16>)"}} {
    %c32_i64 = arith.constant 32 : i64
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %0 = hal.buffer_view.dim<%arg0 : !hal.buffer_view>[1] : index
    %element_type_f16 = hal.element_type<f16> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c2, %0]) type(%element_type_f16) encoding(%dense_row_major)
    %1 = arith.muli %0, %c4 : index
    %2 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<2x?xf16>{%0} in !stream.resource<external>{%1}
    %3 = arith.muli %0, %c2 : index
    %4 = util.align %3, %c64 : index
    %5 = arith.addi %4, %4 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%5} => !stream.timepoint
    %6 = arith.index_castui %4 : index to i64
    %7 = arith.index_castui %4 : index to i32
    %8 = arith.shrui %6, %c32_i64 : i64
    %9 = arith.trunci %8 : i64 to i32
    %10 = arith.index_castui %0 : index to i64
    %11 = arith.index_castui %0 : index to i32
    %12 = arith.shrui %10, %c32_i64 : i64
    %13 = arith.trunci %12 : i64 to i32
    %14 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%2 as %arg1: !stream.resource<external>{%1}, %result as %arg2: !stream.resource<external>{%5}) {
      stream.cmd.dispatch @main_dispatch_0::@embedded_elf_x86_64::@main_dispatch_0_reduction_Dx2_f16[%0](%7, %9, %11, %13 : i32, i32, i32, i32) {
        ro %arg1[%c0 for %1] : !stream.resource<external>{%1},
        wo %arg2[%c0 for %5] : !stream.resource<external>{%5},
        wo %arg2[%c0 for %5] : !stream.resource<external>{%5}
      }
    } => !stream.timepoint
    %15 = stream.timepoint.await %14 => %result : !stream.resource<external>{%5}
    %16 = stream.resource.subview %15[%c0] : !stream.resource<external>{%5} -> !stream.resource<external>{%3}
    %17 = stream.resource.subview %15[%4] : !stream.resource<external>{%5} -> !stream.resource<external>{%3}
    %18 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %16 : tensor<1x?xf16>{%0} in !stream.resource<external>{%3} -> !hal.buffer_view
    %19 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %17 : tensor<?xf16>{%0} in !stream.resource<external>{%3} -> !hal.buffer_view
    util.return %18, %19 : !hal.buffer_view, !hal.buffer_view
  }
}