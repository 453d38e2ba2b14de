func.func @main(%arg_in0: tensor<?x12xi8>, %arg_in1: tensor<12x?xi8>) -> (tensor<?x?xi32>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<?x12xi8>
  %c3 = arith.constant 1 : index
  %dim4 = tensor.dim %arg_in1, %c3 : tensor<12x?xi8>
  %e5 = tensor.empty(%dim2, %dim4) : tensor<?x?xi32>
  %c6 = arith.constant 0 : i32
  %init7 = linalg.fill ins(%c6 : i32) outs(%e5 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %mm8 = linalg.matmul ins(%arg_in0, %arg_in1 : tensor<?x12xi8>, tensor<12x?xi8>) outs(%init7 : tensor<?x?xi32>) -> tensor<?x?xi32>
  return %mm8 : tensor<?x?xi32>
}
