func.func @main(%arg_in0: tensor<1x5xi8>, %arg_in1: tensor<1x5x4xi8>) -> (tensor<1x5x4xi32>) {
  %e1 = tensor.empty() : tensor<1x5x4xi32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1 * -1 + 4)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg_in0, %arg_in1 : tensor<1x5xi8>, tensor<1x5x4xi8>) outs(%e1 : tensor<1x5x4xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v3 = arith.extsi %a1 : i8 to i32
    %v4 = arith.extsi %a0 : i8 to i32
    %c5 = arith.constant 1 : i32
    %v6 = arith.ori %v4, %c5 : i32
    %v7 = arith.remsi %v3, %v6 : i32
    %c8 = arith.constant -4 : i32
    %v9 = math.absi %c8 : i32
    %v10 = arith.ori %v7, %v9 : i32
    linalg.yield %v10 : i32
  } -> tensor<1x5x4xi32>
  %e11 = tensor.empty() : tensor<1x5x4xi32>
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g2 : tensor<1x5x4xi32>) outs(%e11 : tensor<1x5x4xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    %v13 = arith.sitofp %a0 : i32 to f16
    %v14 = arith.fptosi %v13 : f16 to i32
    linalg.yield %v14 : i32
  } -> tensor<1x5x4xi32>
  return %g12 : tensor<1x5x4xi32>
}
