func.func @main(%in0: tensor<6x1x3xi8>) -> (tensor<2x1x1xi32>) {
  %e1 = tensor.empty() : tensor<2x1x1xi32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 * -1 + 5, d1, d2 + 2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%in0 : tensor<6x1x3xi8>) outs(%e1 : tensor<2x1x1xi32>) {
  ^bb0(%a0: i8, %acc: i32):
    %v3 = arith.extsi %a0 : i8 to i32
    linalg.yield %v3 : i32
  } -> tensor<2x1x1xi32>
  return %g2 : tensor<2x1x1xi32>
}
