func.func @main(%arg_in0: tensor<1x1x1xf32>, %arg_in1: tensor<1x2x1xf32>, %arg_in2: tensor<1x2x1xf32>) -> (tensor<1x1x1xf32>) {
  %c1 = arith.constant 0x3F800000 : f32
  %e2 = tensor.empty() : tensor<1x1x1xf32>
  %att3 = iree_linalg_ext.attention <indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>]> ins(%arg_in0, %arg_in1, %arg_in2, %c1 : tensor<1x1x1xf32>, tensor<1x2x1xf32>, tensor<1x2x1xf32>, f32) outs(%e2 : tensor<1x1x1xf32>) {
  ^bb0(%score4: f32):
    iree_linalg_ext.yield %score4 : f32
  } -> tensor<1x1x1xf32>
  return %att3 : tensor<1x1x1xf32>
}
