func.func @main(%in0: tensor<1x5x1xf16>, %in1: tensor<2x1x1xf16>) -> (tensor<5x2xf16>) {
  %e1 = tensor.empty() : tensor<5x2xf16>
  %c2 = arith.constant 0x7C00 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<5x2xf16>) -> tensor<5x2xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d2, d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d1 * -1 + 1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%in0, %in1 : tensor<1x5x1xf16>, tensor<2x1x1xf16>) outs(%init3 : tensor<5x2xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v5 = arith.minimumf %acc, %a1 : f16
    linalg.yield %v5 : f16
  } -> tensor<5x2xf16>
  return %g4 : tensor<5x2xf16>
}
