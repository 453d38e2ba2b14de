func.func @main(%arg_in0: tensor<2x1x10xi8>) -> (tensor<2xi32>) {
  %e1 = tensor.empty() : tensor<2x1x10xi32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg_in0 : tensor<2x1x10xi8>) outs(%e1 : tensor<2x1x10xi32>) {
  ^bb0(%a0: i8, %acc: i32):
    %v3 = arith.extsi %a0 : i8 to i32
    %c4 = arith.constant 5 : i32
    %v5 = arith.divsi %v3, %c4 : i32
    linalg.yield %v5 : i32
  } -> tensor<2x1x10xi32>
  %e6 = tensor.empty() : tensor<2x1x10xi32>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g2 : tensor<2x1x10xi32>) outs(%e6 : tensor<2x1x10xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    linalg.yield %a0 : i32
  } -> tensor<2x1x10xi32>
  %e8 = tensor.empty() : tensor<2x1x10xi32>
  %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g7 : tensor<2x1x10xi32>) outs(%e8 : tensor<2x1x10xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    linalg.yield %a0 : i32
  } -> tensor<2x1x10xi32>
  %e10 = tensor.empty() : tensor<2xi32>
  %c11 = arith.constant 2147483647 : i32
  %init12 = linalg.fill ins(%c11 : i32) outs(%e10 : tensor<2xi32>) -> tensor<2xi32>
  %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%g9 : tensor<2x1x10xi32>) outs(%init12 : tensor<2xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    %v14 = arith.minsi %acc, %a0 : i32
    linalg.yield %v14 : i32
  } -> tensor<2xi32>
  return %g13 : tensor<2xi32>
}
