func.func @main(%in0: tensor<1x16x19x1xf16>, %in1: tensor<48x1x7x1xf16>) -> (tensor<1x48x1x2xf16>) {
  %c1 = arith.constant 0x0000 : f16
  %pad2 = tensor.pad %in0 low[0, 0, 0, 0] high[0, 0, 0, 3] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c1 : f16
  } : tensor<1x16x19x1xf16> to tensor<1x16x19x4xf16>
  %e3 = tensor.empty() : tensor<1x48x1x2xf16>
  %c4 = arith.constant 0x0000 : f16
  %init5 = linalg.fill ins(%c4 : f16) outs(%e3 : tensor<1x48x1x2xf16>) -> tensor<1x48x1x2xf16>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 3) * 1 + d4, d2 * 1 + d5 * 3, d3 * 3 + d6 * 1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad2, %in1 : tensor<1x16x19x4xf16>, tensor<48x1x7x1xf16>) outs(%init5 : tensor<1x48x1x2xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v7 = arith.mulf %a0, %a1 : f16
    %v8 = arith.addf %acc, %v7 : f16
    linalg.yield %v8 : f16
  } -> tensor<1x48x1x2xf16>
  return %g6 : tensor<1x48x1x2xf16>
}
