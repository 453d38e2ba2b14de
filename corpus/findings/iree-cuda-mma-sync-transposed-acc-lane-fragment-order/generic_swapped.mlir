func.func @main(%a: tensor<2x9xf16>, %b: tensor<2x2xf16>) -> tensor<2x9xf16> {
  %e = tensor.empty() : tensor<2x9xf16>
  %z = arith.constant 0.0 : f16
  %i = linalg.fill ins(%z : f16) outs(%e : tensor<2x9xf16>) -> tensor<2x9xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x9xf16>, tensor<2x2xf16>) outs(%i : tensor<2x9xf16>) {
  ^bb0(%in: f16, %in_0: f16, %acc: f16):
    %m = arith.mulf %in, %in_0 : f16
    %s = arith.addf %acc, %m : f16
    linalg.yield %s : f16
  } -> tensor<2x9xf16>
  return %r : tensor<2x9xf16>
}
