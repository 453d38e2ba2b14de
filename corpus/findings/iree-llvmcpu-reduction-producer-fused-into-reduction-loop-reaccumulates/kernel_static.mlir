func.func @main(%arg_in0: tensor<2x1xf16>) -> (tensor<1x1xf16>, tensor<1xf16>) {
  %e1 = tensor.empty() : tensor<1xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<1xf16>) -> tensor<1xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg_in0 : tensor<2x1xf16>) outs(%init3 : tensor<1xf16>) {
  ^bb0(%a0: f16, %acc: f16):
    %v5 = arith.addf %acc, %a0 : f16
    linalg.yield %v5 : f16
  } -> tensor<1xf16>
  %e6 = tensor.empty() : tensor<1xf16>
  %c7 = arith.constant 0x0000 : f16
  %init8 = linalg.fill ins(%c7 : f16) outs(%e6 : tensor<1xf16>) -> tensor<1xf16>
  %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg_in0, %g4 : tensor<2x1xf16>, tensor<1xf16>) outs(%init8 : tensor<1xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v10 = arith.addf %acc, %a1 : f16
    linalg.yield %v10 : f16
  } -> tensor<1xf16>
  %e11 = tensor.empty() : tensor<1x1xf16>
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g9 : tensor<1xf16>) outs(%e11 : tensor<1x1xf16>) {
  ^bb0(%a0: f16, %acc: f16):
    linalg.yield %a0 : f16
  } -> tensor<1x1xf16>
  return %g12, %g4 : tensor<1x1xf16>, tensor<1xf16>
}
