func.func @main(%arg_in0: tensor<7x10xf32>, %arg_in1: tensor<10x2xi4>) -> (tensor<7x2xf32>) {
  %e1 = tensor.empty() : tensor<10x2xf32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in1 : tensor<10x2xi4>) outs(%e1 : tensor<10x2xf32>) {
  ^bb0(%a0: i4, %acc: f32):
    %v3 = arith.sitofp %a0 : i4 to f32
    linalg.yield %v3 : f32
  } -> tensor<10x2xf32>
  %e4 = tensor.empty() : tensor<7x2xf32>
  %c5 = arith.constant 0x00000000 : f32
  %init6 = linalg.fill ins(%c5 : f32) outs(%e4 : tensor<7x2xf32>) -> tensor<7x2xf32>
  %g7 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0, %g2 : tensor<7x10xf32>, tensor<10x2xf32>) outs(%init6 : tensor<7x2xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    %v8 = arith.mulf %a0, %a1 : f32
    %v9 = arith.addf %acc, %v8 : f32
    linalg.yield %v9 : f32
  } -> tensor<7x2xf32>
  return %g7 : tensor<7x2xf32>
}
