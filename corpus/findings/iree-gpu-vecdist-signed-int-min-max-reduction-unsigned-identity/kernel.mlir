func.func @main(%arg_in0: tensor<1x64xi32>) -> (tensor<1xi32>) {
  %e1 = tensor.empty() : tensor<1xi32>
  %c2 = arith.constant 2147483647 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<1xi32>) -> tensor<1xi32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg_in0 : tensor<1x64xi32>) outs(%init3 : tensor<1xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    %v5 = arith.minsi %acc, %a0 : i32
    linalg.yield %v5 : i32
  } -> tensor<1xi32>
  return %g4 : tensor<1xi32>
}
