func.func @main(%in0: tensor<1x1x4x1xi8>, %in1: tensor<1x3x1x1xi8>) -> (tensor<1x1x1x1xi32>) {
  %e1 = tensor.empty() : tensor<1x1x1x1xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  %conv4 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 2]> : tensor<2xi64>} ins(%in0, %in1 : tensor<1x1x4x1xi8>, tensor<1x3x1x1xi8>) outs(%init3 : tensor<1x1x1x1xi32>) -> tensor<1x1x1x1xi32>
  return %conv4 : tensor<1x1x1x1xi32>
}
