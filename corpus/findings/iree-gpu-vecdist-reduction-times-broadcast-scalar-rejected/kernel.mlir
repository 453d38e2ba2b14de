func.func @main(%arg_in0: tensor<1x64xf32>) -> (tensor<1xf32>) {
  %e1 = tensor.empty() : tensor<1xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg_in0 : tensor<1x64xf32>) outs(%init3 : tensor<1xf32>) {
  ^bb0(%a0: f32, %acc: f32):
    %c5 = arith.constant 0xBC800000 : f32
    %v6 = arith.mulf %a0, %c5 : f32
    %v7 = arith.addf %acc, %v6 : f32
    linalg.yield %v7 : f32
  } -> tensor<1xf32>
  return %g4 : tensor<1xf32>
}
