func.func @main(%in0: tensor<6x1x3xf32>) -> (tensor<2x1x1xf32>) {
  %s1 = "tosa.const_shape"() {values = dense<[4, 0, 2]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %s2 = "tosa.const_shape"() {values = dense<[2, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
  %t3 = "tosa.slice"(%in0, %s1, %s2) : (tensor<6x1x3xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x1x1xf32>
  %t4 = "tosa.reverse"(%t3) {axis = 0 : i32} : (tensor<2x1x1xf32>) -> tensor<2x1x1xf32>
  return %t4 : tensor<2x1x1xf32>
}
