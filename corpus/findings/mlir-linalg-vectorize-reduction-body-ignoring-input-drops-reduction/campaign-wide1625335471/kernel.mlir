func.func @main(%arg_op0_in: tensor<1x1x1x2xf16>) -> (tensor<1x1x1xf32>) {
  %e1 = tensor.empty() : tensor<1x1x1x2xf32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg_op0_in : tensor<1x1x1x2xf16>) outs(%e1 : tensor<1x1x1x2xf32>) {
  ^bb0(%a0: f16, %acc: f32):
    %c3 = arith.constant 0x40400000 : f32
    linalg.yield %c3 : f32
  } -> tensor<1x1x1x2xf32>
  %e4 = tensor.empty() : tensor<1x1x1xf32>
  %c5 = arith.constant 0x00000000 : f32
  %init6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<1x1x1xf32>) -> tensor<1x1x1xf32>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%g2 : tensor<1x1x1x2xf32>) outs(%init6 : tensor<1x1x1xf32>) {
  ^bb0(%a0: f32, %acc: f32):
    %v8 = arith.addf %acc, %a0 : f32
    linalg.yield %v8 : f32
  } -> tensor<1x1x1xf32>
  return %g7 : tensor<1x1x1xf32>
}
