func.func @main(%arg_in0: tensor<1x2x1x1xf32>, %arg_in1: tensor<2x2x1x1xf32>) -> (tensor<1x2x1x1xf32>) {
  %e1 = tensor.empty() : tensor<1x2x1x1xf32>
  %c2 = arith.constant 0.0 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %conv4 = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<1x2x1x1xf32>, tensor<2x2x1x1xf32>) outs(%init3 : tensor<1x2x1x1xf32>) -> tensor<1x2x1x1xf32>
  %e5 = tensor.empty() : tensor<1x2x1x1xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv4, %arg_in0 : tensor<1x2x1x1xf32>, tensor<1x2x1x1xf32>) outs(%e5 : tensor<1x2x1x1xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    %v7 = arith.addf %a0, %a1 : f32
    linalg.yield %v7 : f32
  } -> tensor<1x2x1x1xf32>
  return %g6 : tensor<1x2x1x1xf32>
}
