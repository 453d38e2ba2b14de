func.func @main(%arg_in0: tensor<?x1x1x1xi8>, %arg_in1: tensor<?x1x1x1xi8>) -> (tensor<?x1xi32>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<?x1x1x1xi8>
  %e3 = tensor.empty(%dim2) : tensor<?x1xi32>
  %c4 = arith.constant -2147483648 : i32
  %init5 = linalg.fill ins(%c4 : i32) outs(%e3 : tensor<?x1xi32>) -> tensor<?x1xi32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3, (d2) floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (d2, 0, d3, d0)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<?x1x1x1xi8>, tensor<?x1x1x1xi8>) outs(%init5 : tensor<?x1xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v7 = arith.extsi %a0 : i8 to i32
    %v8 = arith.maxsi %acc, %v7 : i32
    linalg.yield %v8 : i32
  } -> tensor<?x1xi32>
  return %g6 : tensor<?x1xi32>
}
