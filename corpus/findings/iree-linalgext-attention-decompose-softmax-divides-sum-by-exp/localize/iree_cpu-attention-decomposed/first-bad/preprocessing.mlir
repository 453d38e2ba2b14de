module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", cpu_features = "+adx,+aes,+avx,+avx2,+avx512bf16,+avx512bitalg,+avx512bw,+avx512cd,+avx512dq,+avx512f,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,+avx512vpopcntdq,+bmi,+bmi2,+clflushopt,+clwb,+clzero,+crc32,+cx16,+cx8,+f16c,+fma,+fsgsbase,+fxsr,+gfni,+invpcid,+lzcnt,+mmx,+movbe,+mwaitx,+pclmul,+pku,+popcnt,+prfchw,+rdpid,+rdpru,+rdrnd,+rdseed,+sahf,+sha,+shstk,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,+vaes,+vpclmulqdq,+wbnoinvd,+x87,+xsave,+xsavec,+xsaveopt,+xsaves,+64bit,+adx,+aes,-amx-avx512,-amx-bf16,-amx-complex,-amx-fp16,-amx-fp8,-amx-int8,-amx-movrs,-amx-tile,+avx,-avx10.1,-avx10.2,-avx10v2aux,+avx2,+avx512bf16,+avx512bitalg,-avx512bmm,+avx512bw,+avx512cd,+avx512dq,+avx512f,-avx512fp16,+avx512ifma,+avx512vbmi,+avx512vbmi2,+avx512vl,+avx512vnni,-avx512vp2intersect,+avx512vpopcntdq,-avxifma,-avxneconvert,-avxvnni,-avxvnniint16,-avxvnniint8,+bmi,+bmi2,-ccmp,-cf,-cldemote,+clflushopt,+clwb,+clzero,+cmov,-cmpccxadd,+crc32,+cx16,+cx8,-egpr,-enqcmd,+f16c,+fma,-fma4,+fsgsbase,+fxsr,+gfni,-hreset,+invpcid,-jmpabs,-kl,-lwp,+lzcnt,+mmx,+movbe,-movdir64b,-movdiri,-movrs,-mwaitx,-ndd,-nf,+pclmul,-pconfig,-pku,+popcnt,-ppx,-prefetchi,+prfchw,-ptwrite,-push2pop2,-raoint,+rdpid,-rdpru,+rdrnd,+rdseed,-rtm,+sahf,-serialize,-sgx,+sha,-sha512,+shstk,-sm3,-sm4,+sse,+sse2,+sse3,+sse4.1,+sse4.2,+sse4a,+ssse3,-tbm,-tsxldtrk,-uintr,-usermsr,+vaes,+vpclmulqdq,-waitpkg,-wbnoinvd,-widekl,-xop,+xsave,+xsavec,+xsaveopt,+xsaves,-zu", data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, max_stack_allocation_size = 32768 : i64, native_vector_size = 64 : i64, target_triple = "x86_64-unknown-unknown-eabi-elf"}>]> : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<1x1x1xf32>, %input1: tensor<1x2x1xf32>, %input2: tensor<1x2x1xf32>) -> (%output0: tensor<1x1x1xf32>)"}} {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = hal.tensor.import %arg0 "input0" : !hal.buffer_view -> tensor<1x1x1xf32>
    %1 = hal.tensor.import %arg1 "input1" : !hal.buffer_view -> tensor<1x2x1xf32>
    %2 = hal.tensor.import %arg2 "input2" : !hal.buffer_view -> tensor<1x2x1xf32>
    %3 = tensor.empty() : tensor<1x1x1xf32>
    %cst_0 = arith.constant 1.44269502 : f32
    %4 = arith.mulf %cst, %cst_0 : f32
    %5 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> ()>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%4 : f32) outs(%0 : tensor<1x1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.mulf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<1x1x1xf32>
    %6 = tensor.empty() : tensor<1x1x2xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %7 = linalg.fill ins(%cst_1 : f32) outs(%6 : tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
    %8 = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%5, %1 : tensor<1x1x1xf32>, tensor<1x2x1xf32>) outs(%7 : tensor<1x1x2xf32>) -> tensor<1x1x2xf32>
    %9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} outs(%8 : tensor<1x1x2xf32>) {
    ^bb0(%out: f32):
      linalg.yield %out : f32
    } -> tensor<1x1x2xf32>
    %10 = tensor.empty() : tensor<1x1xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant -3.40282347E+38 : f32
    %cst_4 = arith.constant 0.000000e+00 : f32
    %11 = linalg.fill ins(%cst_2 : f32) outs(%3 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %12 = linalg.fill ins(%cst_3 : f32) outs(%10 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %13 = linalg.fill ins(%cst_4 : f32) outs(%10 : tensor<1x1xf32>) -> tensor<1x1xf32>
    %14 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%9 : tensor<1x1x2xf32>) outs(%12 : tensor<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.maximumf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<1x1xf32>
    %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%14 : tensor<1x1xf32>) outs(%9 : tensor<1x1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.subf %out, %in : f32
      %21 = math.exp2 %20 : f32
      linalg.yield %21 : f32
    } -> tensor<1x1x2xf32>
    %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%15 : tensor<1x1x2xf32>) outs(%13 : tensor<1x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.addf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<1x1xf32>
    %17 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%16 : tensor<1x1xf32>) outs(%15 : tensor<1x1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %20 = arith.divf %in, %out : f32
      linalg.yield %20 : f32
    } -> tensor<1x1x2xf32>
    %18 = linalg.batch_matmul ins(%17, %2 : tensor<1x1x2xf32>, tensor<1x2x1xf32>) outs(%11 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
    %19 = hal.tensor.export %18 "output0" : tensor<1x1x1xf32> -> !hal.buffer_view
    util.return %19 : !hal.buffer_view
  }
}