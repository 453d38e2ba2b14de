func.func @main(%arg_x: tensor<1xi64>) -> (tensor<1xi64>) {
  %e1 = tensor.empty() : tensor<1xi64>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg_x : tensor<1xi64>) outs(%e1 : tensor<1xi64>) {
  ^bb0(%a0: i64, %acc: i64):
    %c3 = arith.constant 65536 : i64
    %v4 = arith.muli %a0, %c3 : i64
    %c5 = arith.constant 16 : i64
    %v6 = arith.shrsi %v4, %c5 : i64
    linalg.yield %v6 : i64
  } -> tensor<1xi64>
  return %g2 : tensor<1xi64>
}
