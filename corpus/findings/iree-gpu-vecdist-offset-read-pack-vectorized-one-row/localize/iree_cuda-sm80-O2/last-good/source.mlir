func.func @main(%arg_in0: tensor<?x1x?xf16>) -> (tensor<1x1xf32>) {
  %e1 = tensor.empty() : tensor<1x1xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1x1xf32>) -> tensor<1x1xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0 + 2, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0 : tensor<?x1x?xf16>) outs(%init3 : tensor<1x1xf32>) {
  ^bb0(%a0: f16, %acc: f32):
    %v5 = arith.extf %a0 : f16 to f32
    %v6 = arith.addf %acc, %v5 : f32
    linalg.yield %v6 : f32
  } -> tensor<1x1xf32>
  return %g4 : tensor<1x1xf32>
}
