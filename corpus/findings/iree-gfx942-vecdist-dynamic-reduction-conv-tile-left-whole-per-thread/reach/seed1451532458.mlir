func.func @main(%arg_in0: tensor<?x6x?xi8>) -> (tensor<3x6xi32>) {
  %e1 = tensor.empty() : tensor<3x6xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<3x6xi32>) -> tensor<3x6xi32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + 2, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0 : tensor<?x6x?xi8>) outs(%init3 : tensor<3x6xi32>) {
  ^bb0(%a0: i8, %acc: i32):
    %v5 = arith.extsi %a0 : i8 to i32
    %v6 = arith.addi %acc, %v5 : i32
    linalg.yield %v6 : i32
  } -> tensor<3x6xi32>
  return %g4 : tensor<3x6xi32>
}

