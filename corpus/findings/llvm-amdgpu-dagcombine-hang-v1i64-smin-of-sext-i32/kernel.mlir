func.func @main(%arg_in0: tensor<64xi64>) -> (tensor<64xi64>) {
  %e1 = tensor.empty() : tensor<64xi64>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg_in0 : tensor<64xi64>) outs(%e1 : tensor<64xi64>) {
  ^bb0(%a0: i64, %acc: i64):
    %c3 = arith.constant 1 : i64
    %v4 = arith.ori %a0, %c3 : i64
    %v5 = arith.divsi %a0, %v4 : i64
    %c6 = arith.constant 5 : i64
    %v7 = arith.addi %a0, %c6 : i64
    %v8 = arith.trunci %v7 : i64 to i32
    %v9 = arith.extsi %v8 : i32 to i64
    %v10 = arith.minsi %v5, %v9 : i64
    linalg.yield %v10 : i64
  } -> tensor<64xi64>
  return %g2 : tensor<64xi64>
}
