func.func @main(%arg_in0: tensor<9x2x4xf32>, %arg_in1: tensor<2x4x9xf32>) -> (tensor<2x2xf16>) {
  %e1 = tensor.empty() : tensor<2x2xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3, d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<9x2x4xf32>, tensor<2x4x9xf32>) outs(%init3 : tensor<2x2xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    %v5 = arith.mulf %a0, %a1 : f32
    %v6 = arith.addf %acc, %v5 : f32
    linalg.yield %v6 : f32
  } -> tensor<2x2xf32>
  %e7 = tensor.empty() : tensor<2x2xf16>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g4 : tensor<2x2xf32>) outs(%e7 : tensor<2x2xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v9 = arith.truncf %a0 : f32 to f16
    linalg.yield %v9 : f16
  } -> tensor<2x2xf16>
  return %g8 : tensor<2x2xf16>
}
