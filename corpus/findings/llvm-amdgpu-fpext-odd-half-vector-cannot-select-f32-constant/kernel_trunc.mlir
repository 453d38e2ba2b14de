func.func @main(%a: tensor<?x16xf16>, %b: tensor<16x7xf16>) -> tensor<?x7xf16> {
  %c0 = arith.constant 0 : index
  %m = tensor.dim %a, %c0 : tensor<?x16xf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty(%m) : tensor<?x7xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<?x7xf32>) -> tensor<?x7xf32>
  %r = linalg.matmul ins(%a, %b : tensor<?x16xf16>, tensor<16x7xf16>) outs(%f : tensor<?x7xf32>) -> tensor<?x7xf32>
  %e2 = tensor.empty(%m) : tensor<?x7xf16>
  %t = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%r : tensor<?x7xf32>) outs(%e2 : tensor<?x7xf16>) {
  ^bb0(%x: f32, %o: f16):
    %v = arith.truncf %x : f32 to f16
    linalg.yield %v : f16
  } -> tensor<?x7xf16>
  return %t : tensor<?x7xf16>
}
