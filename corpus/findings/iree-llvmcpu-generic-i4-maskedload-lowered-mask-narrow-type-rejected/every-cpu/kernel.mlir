func.func @main(%arg_in1: tensor<9x2xi4>) -> (tensor<9x2xf16>) {
  %e1 = tensor.empty() : tensor<9x2xf16>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in1 : tensor<9x2xi4>) outs(%e1 : tensor<9x2xf16>) {
  ^bb0(%a0: i4, %acc: f16):
    %v3 = arith.sitofp %a0 : i4 to f16
    linalg.yield %v3 : f16
  } -> tensor<9x2xf16>
  return %g2 : tensor<9x2xf16>
}
