func.func @main(%arg_in0: tensor<1x2x2x6xf16>, %arg_in1: tensor<1x1x6x6xf16>) -> (tensor<1x2x2x6xf16>) {
  %conv1 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<1x2x2x6xf16>, tensor<1x1x6x6xf16>) outs(%arg_in0 : tensor<1x2x2x6xf16>) -> tensor<1x2x2x6xf16>
  return %conv1 : tensor<1x2x2x6xf16>
}
