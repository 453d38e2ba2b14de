func.func @main(%arg_in0: tensor<1x4x1x8xi8>, %arg_in1: tensor<1x1x1xi8>) -> (tensor<1x1xi32>) {
  %e1 = tensor.empty() : tensor<1x1xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<1x1xi32>) -> tensor<1x1xi32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, 0, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1 * -1, (d2) floordiv 4)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<1x4x1x8xi8>, tensor<1x1x1xi8>) outs(%init3 : tensor<1x1xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v5 = arith.extsi %a1 : i8 to i32
    %v6 = arith.addi %acc, %v5 : i32
    linalg.yield %v6 : i32
  } -> tensor<1x1xi32>
  return %g4 : tensor<1x1xi32>
}
