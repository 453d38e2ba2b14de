func.func @main(%arg_in0: tensor<1x2x1x1xi8>, %w: tensor<2x2x1x1xi8>) -> (tensor<1x2x2x1xi32>) {
  %t2 = "tosa.const"() {values = dense<0> : tensor<1xi8>} : () -> tensor<1xi8>
  %t3 = "tosa.const"() {values = dense<-2> : tensor<1xi8>} : () -> tensor<1xi8>
  %t4 = "tosa.const"() {values = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %t5 = "tosa.conv2d"(%arg_in0, %w, %t4, %t2, %t3) {acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 2, 0, 0, 1>, stride = array<i64: 2, 1>} : (tensor<1x2x1x1xi8>, tensor<2x2x1x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x2xi32>
  %t6 = "tosa.reduce_sum"(%t5) {axis = 3 : i32} : (tensor<1x2x2x2xi32>) -> tensor<1x2x2x1xi32>
  return %t6 : tensor<1x2x2x1xi32>
}
