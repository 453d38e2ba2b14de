func.func @main(%arg_in0: tensor<2x4x4xf16>, %arg_in1: tensor<2x4x2xf16>) -> (tensor<2x4x2xf16>) {
  %e1 = tensor.empty() : tensor<2x4x2xf16>
  %c2 = arith.constant 0x0000 : f16
  %init3 = linalg.fill ins(%c2 : f16) outs(%e1 : tensor<2x4x2xf16>) -> tensor<2x4x2xf16>
  %mm4 = linalg.batch_matmul indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>] ins(%arg_in0, %arg_in1 : tensor<2x4x4xf16>, tensor<2x4x2xf16>) outs(%init3 : tensor<2x4x2xf16>) -> tensor<2x4x2xf16>
  return %mm4 : tensor<2x4x2xf16>
}
