func.func @main(%arg_in0: tensor<1x6x3x1xf16>, %arg_in1: tensor<3x3x1x4xi4>, %arg_in2: tensor<4xf16>) -> (tensor<1x6x1x4xf16>) {
  %e1 = tensor.empty() : tensor<3x3x1x4xf16>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%arg_in1, %arg_in2 : tensor<3x3x1x4xi4>, tensor<4xf16>) outs(%e1 : tensor<3x3x1x4xf16>) {
  ^bb0(%a0: i4, %a1: f16, %acc: f16):
    %v3 = arith.sitofp %a0 : i4 to f16
    %v4 = arith.mulf %v3, %a1 : f16
    linalg.yield %v4 : f16
  } -> tensor<3x3x1x4xf16>
  %e5 = tensor.empty() : tensor<1x6x1x4xf32>
  %c6 = arith.constant 0x00000000 : f32
  %init7 = linalg.fill ins(%c6 : f32) outs(%e5 : tensor<1x6x1x4xf32>) -> tensor<1x6x1x4xf32>
  %c8 = arith.constant 0x0000 : f16
  %pad9 = tensor.pad %arg_in0 low[0, 2, 0, 0] high[0, 0, 0, 0] {
  ^bb0(%idx10: index, %idx11: index, %idx12: index, %idx13: index):
    tensor.yield %c8 : f16
  } : tensor<1x6x3x1xf16> to tensor<1x8x3x1xf16>
  %conv14 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%pad9, %g2 : tensor<1x8x3x1xf16>, tensor<3x3x1x4xf16>) outs(%init7 : tensor<1x6x1x4xf32>) -> tensor<1x6x1x4xf32>
  %e15 = tensor.empty() : tensor<1x6x1x4xf16>
  %g16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv14 : tensor<1x6x1x4xf32>) outs(%e15 : tensor<1x6x1x4xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v17 = arith.truncf %a0 : f32 to f16
    linalg.yield %v17 : f16
  } -> tensor<1x6x1x4xf16>
  return %g16 : tensor<1x6x1x4xf16>
}
