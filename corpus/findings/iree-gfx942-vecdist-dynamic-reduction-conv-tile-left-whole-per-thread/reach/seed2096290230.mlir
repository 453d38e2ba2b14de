func.func @main(%arg_in0: tensor<?x9x?xi8>, %arg_in1: tensor<?x?xi8>) -> (tensor<4xi32>) {
  %e1 = tensor.empty() : tensor<4xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<4xi32>) -> tensor<4xi32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + 2, d1, d2)>, affine_map<(d0, d1, d2) -> (d0 + 2, d1)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<?x9x?xi8>, tensor<?x?xi8>) outs(%init3 : tensor<4xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v5 = arith.extsi %a0 : i8 to i32
    %v6 = arith.extsi %a1 : i8 to i32
    %v7 = arith.muli %v5, %v6 : i32
    %v8 = arith.addi %acc, %v7 : i32
    linalg.yield %v8 : i32
  } -> tensor<4xi32>
  return %g4 : tensor<4xi32>
}

