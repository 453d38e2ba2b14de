func.func @main(%arg_in0: tensor<?x1x?x?xi8>, %arg_in1: tensor<?x3x1x?xi8>) -> (tensor<?x1x1x?xi32>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<?x1x?x?xi8>
  %c3 = arith.constant 3 : index
  %dim4 = tensor.dim %arg_in1, %c3 : tensor<?x3x1x?xi8>
  %e5 = tensor.empty(%dim2, %dim4) : tensor<?x1x1x?xi32>
  %c6 = arith.constant 0 : i32
  %init7 = linalg.fill ins(%c6 : i32) outs(%e5 : tensor<?x1x1x?xi32>) -> tensor<?x1x1x?xi32>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, (d3 floordiv 2) * 1 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<?x1x?x?xi8>, tensor<?x3x1x?xi8>) outs(%init7 : tensor<?x1x1x?xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v9 = arith.extsi %a0 : i8 to i32
    %v10 = arith.extsi %a1 : i8 to i32
    %v11 = arith.muli %v9, %v10 : i32
    %v12 = arith.addi %acc, %v11 : i32
    linalg.yield %v12 : i32
  } -> tensor<?x1x1x?xi32>
  return %g8 : tensor<?x1x1x?xi32>
}
