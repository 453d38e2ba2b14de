func.func @main(%op0_in: tensor<1x1x1x2xf16>) -> (tensor<1x1x1xf16>) {
  %e1 = tensor.empty() : tensor<1x1x1xf16>
  %c2 = arith.constant 0x7C00 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<1x1x1xf16>) -> tensor<1x1x1xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%op0_in : tensor<1x1x1x2xf16>) outs(%init3 : tensor<1x1x1xf16>) {
  ^bb0(%a0: f16, %acc: f16):
    %v5 = arith.minimumf %acc, %a0 : f16
    linalg.yield %v5 : f16
  } -> tensor<1x1x1xf16>
  return %g4 : tensor<1x1x1xf16>
}
