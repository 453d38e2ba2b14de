func.func @main(%arg_in0: tensor<1x2x2x5xi8>, %arg_in1: tensor<4x2x1x2xi8>) -> (tensor<1x4x2x4xi32>) {
  %e1 = tensor.empty() : tensor<1x4x2x4xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<1x4x2x4xi32>) -> tensor<1x4x2x4xi32>
  %c4 = arith.constant -4 : i32
  %c5 = arith.constant 7 : i32
  %conv6 = linalg.conv_2d_nchw_fchw_q {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1, %c4, %c5 : tensor<1x2x2x5xi8>, tensor<4x2x1x2xi8>, i32, i32) outs(%init3 : tensor<1x4x2x4xi32>) -> tensor<1x4x2x4xi32>
  return %conv6 : tensor<1x4x2x4xi32>
}
