func.func @main(%a: tensor<?xi8>) -> tensor<1xi32> {
  %e = tensor.empty() : tensor<1xi32>
  %z = arith.constant 0 : i32
  %i = linalg.fill ins(%z : i32) outs(%e : tensor<1xi32>) -> tensor<1xi32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>], iterator_types = ["reduction"]} ins(%a : tensor<?xi8>) outs(%i : tensor<1xi32>) {
  ^bb0(%x: i8, %acc: i32):
    %1 = arith.extsi %x : i8 to i32
    %4 = arith.addi %acc, %1 : i32
    linalg.yield %4 : i32
  } -> tensor<1xi32>
  return %g : tensor<1xi32>
}
