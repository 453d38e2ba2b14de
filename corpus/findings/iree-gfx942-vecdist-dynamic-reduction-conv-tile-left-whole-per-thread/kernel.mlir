func.func @main(%arg_in0: tensor<2x?x1x?xf16>, %arg_in1: tensor<?x?x?x?xf16>) -> (tensor<2x1x1x?xf16>) {
  %c1 = arith.constant 3 : index
  %dim2 = tensor.dim %arg_in1, %c1 : tensor<?x?x?x?xf16>
  %e3 = tensor.empty(%dim2) : tensor<2x1x1x?xf16>
  %c4 = arith.constant 0x0000 : f16
  %init5 = linalg.fill ins(%c4 : f16) outs(%e3 : tensor<2x1x1x?xf16>) -> tensor<2x1x1x?xf16>
  %conv6 = linalg.conv_2d_nhwc_hwcf {dilations = dense<[1, 2]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%arg_in0, %arg_in1 : tensor<2x?x1x?xf16>, tensor<?x?x?x?xf16>) outs(%init5 : tensor<2x1x1x?xf16>) -> tensor<2x1x1x?xf16>
  %c7 = arith.constant 3 : index
  %dim8 = tensor.dim %conv6, %c7 : tensor<2x1x1x?xf16>
  %e9 = tensor.empty(%dim8) : tensor<2x1x1x?xf16>
  %c10 = arith.constant 0x0000 : f16
  %init11 = linalg.fill ins(%c10 : f16) outs(%e9 : tensor<2x1x1x?xf16>) -> tensor<2x1x1x?xf16>
  %e12 = tensor.empty() : tensor<1x1xf16>
  %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 + d4, d2 + d5, d3)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%conv6, %e12 : tensor<2x1x1x?xf16>, tensor<1x1xf16>) outs(%init11 : tensor<2x1x1x?xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v14 = arith.addf %acc, %a0 : f16
    linalg.yield %v14 : f16
  } -> tensor<2x1x1x?xf16>
  return %g13 : tensor<2x1x1x?xf16>
}
