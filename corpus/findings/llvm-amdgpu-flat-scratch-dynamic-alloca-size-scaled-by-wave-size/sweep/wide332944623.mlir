func.func @main(%arg_in0: tensor<2x20x31x5xf16>, %arg_in1: tensor<5x1x5x8xf16>) -> (tensor<2x6x17x8xf32>) {
  %e1 = tensor.empty() : tensor<2x16x34x8xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<2x16x34x8xf32>) -> tensor<2x16x34x8xf32>
  %c4 = arith.constant 0x0000 : f16
  %pad5 = tensor.pad %arg_in0 low[0, 0, 0, 0] high[0, 0, 3, 0] {
  ^bb0(%idx6: index, %idx7: index, %idx8: index, %idx9: index):
    tensor.yield %c4 : f16
  } : tensor<2x20x31x5xf16> to tensor<2x20x34x5xf16>
  %conv10 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%pad5, %arg_in1 : tensor<2x20x34x5xf16>, tensor<5x1x5x8xf16>) outs(%init3 : tensor<2x16x34x8xf32>) -> tensor<2x16x34x8xf32>
  %e11 = tensor.empty() : tensor<2x6x17x8xf32>
  %c12 = arith.constant 0xFF800000 : f32
  %init13 = linalg.fill ins(%c12 : f32) outs(%e11 : tensor<2x6x17x8xf32>) -> tensor<2x6x17x8xf32>
  %e14 = tensor.empty() : tensor<1x2xf32>
  %pool15 = linalg.pooling_nhwc_max {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[3, 2]> : tensor<2xi64>} ins(%conv10, %e14 : tensor<2x16x34x8xf32>, tensor<1x2xf32>) outs(%init13 : tensor<2x6x17x8xf32>) -> tensor<2x6x17x8xf32>
  return %pool15 : tensor<2x6x17x8xf32>
}
