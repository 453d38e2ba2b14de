func.func @main(%in0: tensor<1x1x28x6xi8>, %in1: tensor<1x7x1x18xi8>) -> (tensor<1x3x5x18xi32>) {
  %c1 = arith.constant 0 : i8
  %pad2 = tensor.pad %in0 low[0, 0, 0, 0] high[0, 2, 3, 0] {
  ^bb0(%i0: index, %i1: index, %i2: index, %i3: index):
    tensor.yield %c1 : i8
  } : tensor<1x1x28x6xi8> to tensor<1x3x31x6xi8>
  %e3 = tensor.empty() : tensor<1x3x5x18xi32>
  %c4 = arith.constant 0 : i32
  %init5 = linalg.fill ins(%c4 : i32) outs(%e3 : tensor<1x3x5x18xi32>) -> tensor<1x3x5x18xi32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 1 + d4 * 1, d2 * 3 + d5 * 3, (d3 floordiv 3) * 1 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad2, %in1 : tensor<1x3x31x6xi8>, tensor<1x7x1x18xi8>) outs(%init5 : tensor<1x3x5x18xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v7 = arith.extsi %a0 : i8 to i32
    %v8 = arith.extsi %a1 : i8 to i32
    %v9 = arith.muli %v7, %v8 : i32
    %v10 = arith.addi %acc, %v9 : i32
    linalg.yield %v10 : i32
  } -> tensor<1x3x5x18xi32>
  return %g6 : tensor<1x3x5x18xi32>
}
