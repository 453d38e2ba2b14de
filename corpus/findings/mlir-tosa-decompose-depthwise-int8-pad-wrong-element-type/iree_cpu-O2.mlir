func.func @main(%arg_in0: tensor<1x1x1x3xi8>, %arg_in1: tensor<1x1x1x3xi8>) -> (tensor<1x2x1x3xi32>) {
  %c1 = arith.constant 0 : i8
  %pad2 = tensor.pad %arg_in0 low[0, 1, 0, 0] high[0, 0, 0, 0] {
  ^bb0(%idx3: index, %idx4: index, %idx5: index, %idx6: index):
    tensor.yield %c1 : i8
  } : tensor<1x1x1x3xi8> to tensor<1x2x1x3xi8>
  %e7 = tensor.empty() : tensor<1x2x1x3xi32>
  %c8 = arith.constant 0 : i32
  %init9 = linalg.fill ins(%c8 : i32) outs(%e7 : tensor<1x2x1x3xi32>) -> tensor<1x2x1x3xi32>
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1 * 1 + d4 * 1, d2 * 1 + d5 * 1, (d3 floordiv 1) * 1 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d3)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad2, %arg_in1 : tensor<1x2x1x3xi8>, tensor<1x1x1x3xi8>) outs(%init9 : tensor<1x2x1x3xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v11 = arith.extsi %a0 : i8 to i32
    %v12 = arith.extsi %a1 : i8 to i32
    %v13 = arith.muli %v11, %v12 : i32
    %v14 = arith.addi %acc, %v13 : i32
    linalg.yield %v14 : i32
  } -> tensor<1x2x1x3xi32>
  return %g10 : tensor<1x2x1x3xi32>
}
