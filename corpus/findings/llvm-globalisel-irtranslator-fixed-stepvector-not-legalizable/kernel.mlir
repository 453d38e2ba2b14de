func.func @main(%arg_in0: tensor<2x5x6x9xf16>, %arg_in1: tensor<5x5x1x1xf16>) -> (tensor<2x5x6x9xf32>) {
  %e1 = tensor.empty() : tensor<2x5x6x9xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<2x5x6x9xf32>) -> tensor<2x5x6x9xf32>
  %conv4 = linalg.conv_2d_nchw_fchw {dilations = dense<[1, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<2x5x6x9xf16>, tensor<5x5x1x1xf16>) outs(%init3 : tensor<2x5x6x9xf32>) -> tensor<2x5x6x9xf32>
  %e5 = tensor.empty() : tensor<2x5x6x9xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv4, %arg_in0 : tensor<2x5x6x9xf32>, tensor<2x5x6x9xf16>) outs(%e5 : tensor<2x5x6x9xf32>) {
  ^bb0(%a0: f32, %a1: f16, %acc: f32):
    %v7 = arith.extf %a1 : f16 to f32
    %v8 = arith.addf %a0, %v7 : f32
    linalg.yield %v8 : f32
  } -> tensor<2x5x6x9xf32>
  return %g6 : tensor<2x5x6x9xf32>
}

