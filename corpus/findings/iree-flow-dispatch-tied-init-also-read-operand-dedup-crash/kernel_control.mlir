func.func @main(%a: tensor<1x2x2x6xf16>, %w: tensor<1x1x6x6xf16>, %i: tensor<1x2x2x6xf16>) -> tensor<1x2x2x6xf16> {
  %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%a, %w : tensor<1x2x2x6xf16>, tensor<1x1x6x6xf16>) outs(%i : tensor<1x2x2x6xf16>) -> tensor<1x2x2x6xf16>
  return %c : tensor<1x2x2x6xf16>
}
