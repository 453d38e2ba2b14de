func.func @main(%in0: tensor<12x1x1x64xi8>, %in1: tensor<67x12x1x1xi8>, %in2: tensor<2x12xi8>) -> (tensor<2x12x1xi32>) {
  %e1 = tensor.empty() : tensor<2x12x1xi32>
  %c2 = arith.constant 2147483647 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<2x12x1xi32>) -> tensor<2x12x1xi32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d1, d2, d3, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0 * 3 + d4, d1, d2 * -1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in0, %in1 : tensor<12x1x1x64xi8>, tensor<67x12x1x1xi8>) outs(%init3 : tensor<2x12x1xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v5 = arith.extsi %a1 : i8 to i32
    %v6 = arith.minsi %acc, %v5 : i32
    linalg.yield %v6 : i32
  } -> tensor<2x12x1xi32>
  %e7 = tensor.empty() : tensor<2x12x1xi32>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1 * -1 + 11)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%g4, %in2 : tensor<2x12x1xi32>, tensor<2x12xi8>) outs(%e7 : tensor<2x12x1xi32>) {
  ^bb0(%a0: i32, %a1: i8, %acc: i32):
    %v9 = arith.sitofp %a0 : i32 to f16
    %v10 = arith.sitofp %a1 : i8 to f16
    %v11 = arith.mulf %v9, %v10 : f16
    %v12 = arith.fptosi %v11 : f16 to i32
    linalg.yield %v12 : i32
  } -> tensor<2x12x1xi32>
  return %g8 : tensor<2x12x1xi32>
}
