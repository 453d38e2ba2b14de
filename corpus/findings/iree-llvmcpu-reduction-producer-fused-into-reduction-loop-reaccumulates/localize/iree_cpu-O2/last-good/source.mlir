func.func @main(%arg_in0: tensor<2x?xf16>) -> (tensor<1x?xf16>, tensor<?xf16>) {
  %c1 = arith.constant 1 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<2x?xf16>
  %e3 = tensor.empty(%dim2) : tensor<?xf16>
  %c4 = arith.constant 0x0000 : f16
  %init5 = linalg.fill ins(%c4 : f16) outs(%e3 : tensor<?xf16>) -> tensor<?xf16>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg_in0 : tensor<2x?xf16>) outs(%init5 : tensor<?xf16>) {
  ^bb0(%a0: f16, %acc: f16):
    %v7 = arith.addf %acc, %a0 : f16
    linalg.yield %v7 : f16
  } -> tensor<?xf16>
  %c8 = arith.constant 1 : index
  %dim9 = tensor.dim %arg_in0, %c8 : tensor<2x?xf16>
  %e10 = tensor.empty(%dim9) : tensor<?xf16>
  %c11 = arith.constant 0x0000 : f16
  %init12 = linalg.fill ins(%c11 : f16) outs(%e10 : tensor<?xf16>) -> tensor<?xf16>
  %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%arg_in0, %g6 : tensor<2x?xf16>, tensor<?xf16>) outs(%init12 : tensor<?xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v14 = arith.addf %acc, %a1 : f16
    linalg.yield %v14 : f16
  } -> tensor<?xf16>
  %c15 = arith.constant 0 : index
  %dim16 = tensor.dim %g13, %c15 : tensor<?xf16>
  %e17 = tensor.empty(%dim16) : tensor<1x?xf16>
  %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g13 : tensor<?xf16>) outs(%e17 : tensor<1x?xf16>) {
  ^bb0(%a0: f16, %acc: f16):
    linalg.yield %a0 : f16
  } -> tensor<1x?xf16>
  return %g18, %g6 : tensor<1x?xf16>, tensor<?xf16>
}
