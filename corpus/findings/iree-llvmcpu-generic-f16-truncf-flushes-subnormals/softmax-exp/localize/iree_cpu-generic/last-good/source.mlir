func.func @main(%arg_in0: tensor<1x1xf16>, %arg_op0_in: tensor<1xf16>) -> (tensor<1x1xf16>) {
  %e1 = tensor.empty() : tensor<1x1xf16>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in0, %arg_op0_in : tensor<1x1xf16>, tensor<1xf16>) outs(%e1 : tensor<1x1xf16>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f16):
    %v3 = arith.subf %a0, %a1 : f16
    %v4 = math.exp %v3 : f16
    linalg.yield %v4 : f16
  } -> tensor<1x1xf16>
  return %g2 : tensor<1x1xf16>
}
