func.func @main(%arg_in0: tensor<1x?x?xf8E4M3FN>) -> (tensor<1xf32>) {
  %e1 = tensor.empty() : tensor<1xf32>
  %c2 = arith.constant 0x7F800000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<1xf32>) -> tensor<1xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1 * -1, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%arg_in0 : tensor<1x?x?xf8E4M3FN>) outs(%init3 : tensor<1xf32>) {
  ^bb0(%a0: f8E4M3FN, %acc: f32):
    %v5 = arith.extf %a0 : f8E4M3FN to f16
    %v6 = arith.extf %v5 : f16 to f32
    %v7 = arith.minimumf %acc, %v6 : f32
    linalg.yield %v7 : f32
  } -> tensor<1xf32>
  return %g4 : tensor<1xf32>
}
