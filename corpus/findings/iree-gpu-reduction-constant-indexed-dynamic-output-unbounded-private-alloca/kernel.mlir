func.func @main(%arg_in0: tensor<1x?x?x?x1xi8>, %arg_in1: tensor<?x1x?x3xi8>) -> (tensor<?x?xi32>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_in1, %c1 : tensor<?x1x?x3xi8>
  %c3 = arith.constant 1 : index
  %dim4 = tensor.dim %arg_in0, %c3 : tensor<1x?x?x?x1xi8>
  %e5 = tensor.empty(%dim2, %dim4) : tensor<?x?xi32>
  %c6 = arith.constant 0 : i32
  %init7 = linalg.fill ins(%c6 : i32) outs(%e5 : tensor<?x?xi32>) -> tensor<?x?xi32>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3 + 2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<1x?x?x?x1xi8>, tensor<?x1x?x3xi8>) outs(%init7 : tensor<?x?xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %c9 = arith.constant 1 : i32
    %v10 = arith.addi %acc, %c9 : i32
    linalg.yield %v10 : i32
  } -> tensor<?x?xi32>
  return %g8 : tensor<?x?xi32>
}
