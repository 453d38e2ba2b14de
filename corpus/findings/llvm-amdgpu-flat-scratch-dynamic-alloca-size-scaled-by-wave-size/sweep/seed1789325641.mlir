func.func @main(%arg_in0: tensor<1x4x12x6xf16>, %arg_in1: tensor<4x4x3x3xf16>) -> (tensor<1x4x12x6xf32>) {
  %e1 = tensor.empty() : tensor<1x4x12x6xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x4x12x6xf32>) -> tensor<1x4x12x6xf32>
  %c4 = arith.constant 0x0000 : f16
  %pad5 = tensor.pad %arg_in0 low[0, 0, 1, 1] high[0, 0, 1, 1] {
  ^bb0(%idx6: index, %idx7: index, %idx8: index, %idx9: index):
    tensor.yield %c4 : f16
  } : tensor<1x4x12x6xf16> to tensor<1x4x14x8xf16>
  %conv10 = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%pad5, %arg_in1 : tensor<1x4x14x8xf16>, tensor<4x4x3x3xf16>) outs(%init3 : tensor<1x4x12x6xf32>) -> tensor<1x4x12x6xf32>
  %e11 = tensor.empty() : tensor<1x4x12x6xf32>
  %g12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv10, %arg_in0 : tensor<1x4x12x6xf32>, tensor<1x4x12x6xf16>) outs(%e11 : tensor<1x4x12x6xf32>) {
  ^bb0(%a0: f32, %a1: f16, %acc: f32):
    %v13 = arith.extf %a1 : f16 to f32
    %v14 = arith.addf %a0, %v13 : f32
    linalg.yield %v14 : f32
  } -> tensor<1x4x12x6xf32>
  return %g12 : tensor<1x4x12x6xf32>
}
