func.func @main(%arg_in0: tensor<2x3x6x4xi8>, %arg_in1: tensor<3x3x4x3xi8>) -> (tensor<2x1x4x3xi32>) {
  %e1 = tensor.empty() : tensor<2x1x4x3xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<2x1x4x3xi32>) -> tensor<2x1x4x3xi32>
  %conv4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<2x3x6x4xi8>, tensor<3x3x4x3xi8>) outs(%init3 : tensor<2x1x4x3xi32>) -> tensor<2x1x4x3xi32>
  return %conv4 : tensor<2x1x4x3xi32>
}
