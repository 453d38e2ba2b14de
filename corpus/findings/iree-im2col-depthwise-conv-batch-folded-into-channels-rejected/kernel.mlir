func.func @main(%arg_in0: tensor<2x1x1x5xf16>, %arg_in1: tensor<1x1x1x5xf16>) -> (tensor<2x1x1x5xf16>) {
  %e1 = tensor.empty() : tensor<2x1x1x5xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<2x1x1x5xf16>) -> tensor<2x1x1x5xf16>
  %v4 = tensor.collapse_shape %arg_in1 [[0], [1], [2, 3]] : tensor<1x1x1x5xf16> into tensor<1x1x5xf16>
  %conv5 = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %v4 : tensor<2x1x1x5xf16>, tensor<1x1x5xf16>) outs(%init3 : tensor<2x1x1x5xf16>) -> tensor<2x1x1x5xf16>
  return %conv5 : tensor<2x1x1x5xf16>
}
