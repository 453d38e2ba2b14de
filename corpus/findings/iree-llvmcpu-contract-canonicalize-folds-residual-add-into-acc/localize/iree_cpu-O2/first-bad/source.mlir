func.func @main(%arg_in0: tensor<1x2x1x1xf16>, %arg_in1: tensor<2x2x1x1xf16>) -> (tensor<1x2x1x1xf16>) {
  %e1 = tensor.empty() : tensor<1x2x1x1xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<1x2x1x1xf16>) -> tensor<1x2x1x1xf16>
  %conv4 = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<1x2x1x1xf16>, tensor<2x2x1x1xf16>) outs(%init3 : tensor<1x2x1x1xf16>) -> tensor<1x2x1x1xf16>
  %e5 = tensor.empty() : tensor<1x2x1x1xf16>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv4, %arg_in0 : tensor<1x2x1x1xf16>, tensor<1x2x1x1xf16>) outs(%e5 : tensor<1x2x1x1xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v7 = arith.addf %a0, %a1 : f16
    linalg.yield %v7 : f16
  } -> tensor<1x2x1x1xf16>
  return %g6 : tensor<1x2x1x1xf16>
}
