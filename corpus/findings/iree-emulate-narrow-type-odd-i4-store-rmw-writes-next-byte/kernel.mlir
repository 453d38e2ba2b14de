func.func @main(%arg_in0: tensor<4x4xf32>, %arg_in1: tensor<2x4xi4>) -> (tensor<4x2xf32>) {
  %e1 = tensor.empty() : tensor<2x4xf32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in1 : tensor<2x4xi4>) outs(%e1 : tensor<2x4xf32>) {
  ^bb0(%a0: i4, %acc: f32):
    %v3 = arith.sitofp %a0 : i4 to f32
    %c4 = arith.constant 0x40000000 : f32
    %v5 = arith.mulf %v3, %c4 : f32
    linalg.yield %v5 : f32
  } -> tensor<2x4xf32>
  %e6 = tensor.empty() : tensor<4x2xf32>
  %c7 = arith.constant 0x00000000 : f32
  %init8 = linalg.fill ins(%c7 : f32) outs(%e6 : tensor<4x2xf32>) -> tensor<4x2xf32>
  %g9 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0, %g2 : tensor<4x4xf32>, tensor<2x4xf32>) outs(%init8 : tensor<4x2xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    %v10 = arith.mulf %a0, %a1 : f32
    %v11 = arith.addf %acc, %v10 : f32
    linalg.yield %v11 : f32
  } -> tensor<4x2xf32>
  return %g9 : tensor<4x2xf32>
}
