func.func @main(%arg_in0: tensor<1x1x1x3xi8>, %arg_in1: tensor<1x1x1x3xi8>) -> (tensor<1x2x1x3xi32>) {
  %t1 = "tosa.transpose"(%arg_in1) {perms = array<i32: 3, 0, 1, 2>} : (tensor<1x1x1x3xi8>) -> tensor<3x1x1x1xi8>
  %t2 = "tosa.transpose"(%t1) {perms = array<i32: 1, 2, 3, 0>} : (tensor<3x1x1x1xi8>) -> tensor<1x1x1x3xi8>
  %s3 = "tosa.const_shape"() {values = dense<[1, 1, 3, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %t4 = "tosa.reshape"(%t2, %s3) : (tensor<1x1x1x3xi8>, !tosa.shape<4>) -> tensor<1x1x3x1xi8>
  %t5 = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %t6 = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %t7 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %t8 = "tosa.depthwise_conv2d"(%arg_in0, %t4, %t7, %t5, %t6) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<1x1x1x3xi8>, tensor<1x1x3x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x1x3xi32>
  return %t8 : tensor<1x2x1x3xi32>
}
