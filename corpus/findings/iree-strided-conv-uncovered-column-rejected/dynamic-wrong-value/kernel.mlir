func.func @main(%arg_in0: tensor<1x3x1x?xf16>) -> (tensor<1x1x1x?xf16>) {
  %c1 = arith.constant 3 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<1x3x1x?xf16>
  %e3 = tensor.empty(%dim2) : tensor<1x1x1x?xf16>
  %c4 = arith.constant 0x0000 : f16
  %init5 = linalg.fill ins(%c4 : f16) outs(%e3 : tensor<1x1x1x?xf16>) -> tensor<1x1x1x?xf16>
  %e6 = tensor.empty() : tensor<2x1xf16>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d4, d2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %e6 : tensor<1x3x1x?xf16>, tensor<2x1xf16>) outs(%init5 : tensor<1x1x1x?xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v8 = arith.addf %acc, %a0 : f16
    linalg.yield %v8 : f16
  } -> tensor<1x1x1x?xf16>
  return %g7 : tensor<1x1x1x?xf16>
}
