func.func @main(%in0: tensor<2x1x1x2xf16>, %in1: tensor<1xf16>) -> (tensor<1x1xf16>) {
  %e1 = tensor.empty() : tensor<1x1xf16>
  %c2 = arith.constant 0xFC00 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<1x1xf16>) -> tensor<1x1xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%in0, %in1 : tensor<2x1x1x2xf16>, tensor<1xf16>) outs(%init3 : tensor<1x1xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v5 = arith.maximumf %acc, %a0 : f16
    linalg.yield %v5 : f16
  } -> tensor<1x1xf16>
  return %g4 : tensor<1x1xf16>
}
