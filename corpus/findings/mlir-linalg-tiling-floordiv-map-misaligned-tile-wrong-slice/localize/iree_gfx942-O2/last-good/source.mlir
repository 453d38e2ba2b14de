func.func @main(%arg_in0: tensor<1x3xf32>, %arg_in1: tensor<3x8xf32>) -> (tensor<3xf16>) {
  %e1 = tensor.empty() : tensor<3xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<3xf16>) -> tensor<3xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> ((d0) floordiv 4, (d1) floordiv 3)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<1x3xf32>, tensor<3x8xf32>) outs(%init3 : tensor<3xf16>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f16):
    %v5 = arith.truncf %a0 : f32 to f16
    %v6 = arith.truncf %a1 : f32 to f16
    %v7 = arith.mulf %v5, %v6 : f16
    %v8 = arith.addf %acc, %v7 : f16
    linalg.yield %v8 : f16
  } -> tensor<3xf16>
  return %g4 : tensor<3xf16>
}
