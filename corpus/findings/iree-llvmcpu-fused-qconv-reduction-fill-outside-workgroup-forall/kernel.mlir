func.func @main(%arg_in0: tensor<1x2x1x1xi8>, %arg_in1: tensor<2x1x1x2xi8>) -> (tensor<1x2x2xi32>) {
  %c1 = arith.constant -6 : i8
  %pad2 = tensor.pad %arg_in0 low[0, 2, 0, 0] high[0, 0, 1, 0] {
  ^bb0(%idx3: index, %idx4: index, %idx5: index, %idx6: index):
    tensor.yield %c1 : i8
  } : tensor<1x2x1x1xi8> to tensor<1x4x2x1xi8>
  %e7 = tensor.empty() : tensor<1x2x2x2xi32>
  %c8 = arith.constant 0 : i32
  %init9 = linalg.fill ins(%c8 : i32) outs(%e7 : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %c10 = arith.constant -6 : i32
  %c11 = arith.constant -2 : i32
  %conv12 = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>} ins(%pad2, %arg_in1, %c10, %c11 : tensor<1x4x2x1xi8>, tensor<2x1x1x2xi8>, i32, i32) outs(%init9 : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %e13 = tensor.empty() : tensor<1x2x2xi32>
  %c14 = arith.constant 0 : i32
  %init15 = linalg.fill ins(%c14 : i32) outs(%e13 : tensor<1x2x2xi32>) -> tensor<1x2x2xi32>
  %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%conv12 : tensor<1x2x2x2xi32>) outs(%init15 : tensor<1x2x2xi32>) {
  ^bb0(%a0: i32, %acc: i32):
    %v17 = arith.addi %acc, %a0 : i32
    linalg.yield %v17 : i32
  } -> tensor<1x2x2xi32>
  return %g16 : tensor<1x2x2xi32>
}
