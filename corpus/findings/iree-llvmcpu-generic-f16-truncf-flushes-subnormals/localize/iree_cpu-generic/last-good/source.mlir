func.func @main(%arg_in0: tensor<1xf32>) -> (tensor<1xf16>) {
  %e1 = tensor.empty() : tensor<1xf16>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%arg_in0 : tensor<1xf32>) outs(%e1 : tensor<1xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v3 = arith.truncf %a0 : f32 to f16
    linalg.yield %v3 : f16
  } -> tensor<1xf16>
  return %g2 : tensor<1xf16>
}
