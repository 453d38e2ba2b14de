func.func @main(%arg_in0: tensor<6x2xf16>, %arg_in1: tensor<2x8xi4>) -> (tensor<6x8xf16>) {
  %e1 = tensor.empty() : tensor<2x8xf16>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in1 : tensor<2x8xi4>) outs(%e1 : tensor<2x8xf16>) {
  ^bb0(%a0: i4, %acc: f16):
    %v3 = arith.sitofp %a0 : i4 to f16
    %c4 = arith.constant 0x2A8E : f16
    %v5 = arith.mulf %v3, %c4 : f16
    linalg.yield %v5 : f16
  } -> tensor<2x8xf16>
  %e6 = tensor.empty() : tensor<6x8xf32>
  %c7 = arith.constant 0x00000000 : f32
  %init8 = linalg.fill ins(%c7 : f32) outs(%e6 : tensor<6x8xf32>) -> tensor<6x8xf32>
  %mm9 = linalg.matmul ins(%arg_in0, %g2 : tensor<6x2xf16>, tensor<2x8xf16>) outs(%init8 : tensor<6x8xf32>) -> tensor<6x8xf32>
  %e10 = tensor.empty() : tensor<6x8xf16>
  %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm9 : tensor<6x8xf32>) outs(%e10 : tensor<6x8xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v12 = arith.truncf %a0 : f32 to f16
    linalg.yield %v12 : f16
  } -> tensor<6x8xf16>
  return %g11 : tensor<6x8xf16>
}

