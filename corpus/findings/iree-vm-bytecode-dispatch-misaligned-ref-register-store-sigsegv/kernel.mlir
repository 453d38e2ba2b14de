func.func @main(%a: tensor<4xi32>, %b: tensor<4x3x3x1xi8>) -> tensor<4xi32> {
  %0 = arith.addi %a, %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}
