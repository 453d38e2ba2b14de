func.func @main(%in0: tensor<3x2x1x2xf16>, %in1: tensor<1x2x1xf16>) -> (tensor<1x2x2xf32>) {
  %e1 = tensor.empty() : tensor<1x2x2xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2 + 1, d3, d4, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in0, %in1 : tensor<3x2x1x2xf16>, tensor<1x2x1xf16>) outs(%init3 : tensor<1x2x2xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v5 = arith.extf %a1 : f16 to f32
    %v6 = arith.addf %acc, %v5 : f32
    linalg.yield %v6 : f32
  } -> tensor<1x2x2xf32>
  return %g4 : tensor<1x2x2xf32>
}
