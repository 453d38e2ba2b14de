func.func @main(%arg_in0: tensor<1x1x5x7xi8>, %arg_in1: tensor<1x3x1x14xi8>) -> (tensor<1x1x2x14xi32>) {
  %t1 = "tosa.transpose"(%arg_in1) {perms = array<i32: 3, 0, 1, 2>} : (tensor<1x3x1x14xi8>) -> tensor<14x1x3x1xi8>
  %t2 = "tosa.transpose"(%t1) {perms = array<i32: 1, 2, 3, 0>} : (tensor<14x1x3x1xi8>) -> tensor<1x3x1x14xi8>
  %s3 = "tosa.const_shape"() {values = dense<[1, 3, 7, 2]> : tensor<4xindex>} : () -> !tosa.shape<4>
  %t4 = "tosa.reshape"(%t2, %s3) : (tensor<1x3x1x14xi8>, !tosa.shape<4>) -> tensor<1x3x7x2xi8>
  %t5 = "tosa.const"() {values = dense<-71> : tensor<1xi8>} : () -> tensor<1xi8>
  %t6 = "tosa.const"() {values = dense<-14> : tensor<1xi8>} : () -> tensor<1xi8>
  %t7 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %t8 = "tosa.depthwise_conv2d"(%arg_in0, %t4, %t7, %t5, %t6) {acc_type = i32, dilation = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 1>, stride = array<i64: 1, 1>} : (tensor<1x1x5x7xi8>, tensor<1x3x7x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x2x14xi32>
  return %t8 : tensor<1x1x2x14xi32>
}
