func.func @main(%arg_in0: tensor<12x12xi8>, %arg_in1: tensor<12x2xi8>) -> (tensor<12xi32>) {
  %e1 = tensor.empty() : tensor<12x2xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<12x2xi32>) -> tensor<12x2xi32>
  %mm4 = linalg.matmul ins(%arg_in0, %arg_in1 : tensor<12x12xi8>, tensor<12x2xi8>) outs(%init3 : tensor<12x2xi32>) -> tensor<12x2xi32>
  %e5 = tensor.empty() : tensor<12xi32>
  %c6 = arith.constant -2147483648 : i32
  %init7 = linalg.fill ins(%c6 : i32) outs(%e5 : tensor<12xi32>) -> tensor<12xi32>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%mm4 : tensor<12x2xi32>) outs(%init7 : tensor<12xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    %v9 = arith.maxsi %acc, %a0 : i32
    linalg.yield %v9 : i32
  } -> tensor<12xi32>
  return %g8 : tensor<12xi32>
}

