func.func @f(%a: tensor<?xi8>, %init: tensor<?xi32>) -> index {
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>], iterator_types = ["reduction"]} ins(%a : tensor<?xi8>) outs(%init : tensor<?xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %1 = arith.extsi %x : i8 to i32
    %2 = arith.addi %acc, %1 : i32
    linalg.yield %2 : i32
  } -> tensor<?xi32>
  %c0 = arith.constant 0 : index
  %d = tensor.dim %g, %c0 : tensor<?xi32>
  return %d : index
}
