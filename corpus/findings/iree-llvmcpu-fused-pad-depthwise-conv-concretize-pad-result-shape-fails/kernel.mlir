func.func @main(%arg_in0: tensor<1x3x6x3xi8>, %arg_in1: tensor<3x1x3x2xi8>) -> (tensor<1x3x2x3xi32>) {
  %e1 = tensor.empty() : tensor<1x3x2x3xi32>
  %c2 = arith.constant 0 : i32
  %init3 = linalg.fill ins(%c2 : i32) outs(%e1 : tensor<1x3x2x3xi32>) -> tensor<1x3x2x3xi32>
  %c4 = arith.constant 0 : i8
  %pad5 = tensor.pad %arg_in0 low[0, 0, 0, 1] high[0, 0, 0, 1] {
  ^bb0(%idx6: index, %idx7: index, %idx8: index, %idx9: index):
    tensor.yield %c4 : i8
  } : tensor<1x3x6x3xi8> to tensor<1x3x6x5xi8>
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 1) * 1 + d4, d2 * 1 + d5 * 2, d3 * 1 + d6 * 2)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%pad5, %arg_in1 : tensor<1x3x6x5xi8>, tensor<3x1x3x2xi8>) outs(%init3 : tensor<1x3x2x3xi32>) {
  ^bb0(%a0: i8, %a1: i8, %acc: i32):
    %v11 = arith.extsi %a0 : i8 to i32
    %v12 = arith.extsi %a1 : i8 to i32
    %v13 = arith.muli %v11, %v12 : i32
    %v14 = arith.addi %acc, %v13 : i32
    linalg.yield %v14 : i32
  } -> tensor<1x3x2x3xi32>
  return %g10 : tensor<1x3x2x3xi32>
}
