func.func @main(%arg_in0: tensor<16x16xf16>, %arg_in1: tensor<16x16xf16>) -> (tensor<16x16xf16>) {
  %e1 = tensor.empty() : tensor<16x16xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<16x16xf16>) -> tensor<16x16xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<16x16xf16>, tensor<16x16xf16>) outs(%init3 : tensor<16x16xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v5 = arith.mulf %a0, %a1 : f16
    %v6 = arith.addf %acc, %v5 : f16
    linalg.yield %v6 : f16
  } -> tensor<16x16xf16>
  return %g4 : tensor<16x16xf16>
}
