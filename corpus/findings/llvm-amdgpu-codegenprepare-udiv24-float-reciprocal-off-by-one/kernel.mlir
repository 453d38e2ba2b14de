func.func @main(%arg_in0: tensor<4xi32>, %arg_in1: tensor<4xi32>) -> (tensor<4xi32>) {
  %e1 = tensor.empty() : tensor<4xi32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg_in0, %arg_in1 : tensor<4xi32>, tensor<4xi32>) outs(%e1 : tensor<4xi32>) {
  ^bb0(%a0: i32, %a1: i32, %acc: i32):
    %c3 = arith.constant 16777215 : i32
    %v4 = arith.andi %a0, %c3 : i32
    %c5 = arith.constant 15 : i32
    %v6 = arith.andi %a1, %c5 : i32
    %v7 = arith.divsi %v4, %v6 : i32
    linalg.yield %v7 : i32
  } -> tensor<4xi32>
  return %g2 : tensor<4xi32>
}
