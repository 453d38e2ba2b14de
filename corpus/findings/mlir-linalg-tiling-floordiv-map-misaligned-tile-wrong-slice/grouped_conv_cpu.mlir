func.func @main(%arg_in0: tensor<1x12x25x8xf16>, %arg_in1: tensor<42x2x3x5xf16>) -> (tensor<1x42x23x4xf16>) {
  %e1 = tensor.empty() : tensor<1x42x23x4xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<1x42x23x4xf16>) -> tensor<1x42x23x4xf16>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 7) * 2 + d4, d2 * 1 + d5 * 1, d3 * 1 + d6 * 1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<1x12x25x8xf16>, tensor<42x2x3x5xf16>) outs(%init3 : tensor<1x42x23x4xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v5 = arith.mulf %a0, %a1 : f16
    %v6 = arith.addf %acc, %v5 : f16
    linalg.yield %v6 : f16
  } -> tensor<1x42x23x4xf16>
  return %g4 : tensor<1x42x23x4xf16>
}
