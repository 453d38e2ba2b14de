func.func @main(%arg_in0: tensor<1x1x3x4xf16>, %arg_in1: tensor<1x3x2x4xf16>) -> (tensor<1x1x3x4xf32>) {
  %e1 = tensor.empty() : tensor<1x1x3x4xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x1x3x4xf32>) -> tensor<1x1x3x4xf32>
  %c4 = arith.constant 0x0000 : f16
  %pad5 = tensor.pad %arg_in0 low[0, 0, 0, 0] high[0, 0, 2, 0] {
  ^bb0(%idx6: index, %idx7: index, %idx8: index, %idx9: index):
    tensor.yield %c4 : f16
  } : tensor<1x1x3x4xf16> to tensor<1x1x5x4xf16>
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, (d3 floordiv 2) * 2 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad5, %arg_in1 : tensor<1x1x5x4xf16>, tensor<1x3x2x4xf16>) outs(%init3 : tensor<1x1x3x4xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v11 = arith.extf %a0 : f16 to f32
    %v12 = arith.extf %a1 : f16 to f32
    %v13 = arith.mulf %v11, %v12 : f32
    %v14 = arith.addf %acc, %v13 : f32
    linalg.yield %v14 : f32
  } -> tensor<1x1x3x4xf32>
  return %g10 : tensor<1x1x3x4xf32>
}
