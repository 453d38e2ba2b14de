func.func @main(%a: tensor<2x64x11xf16>, %b: tensor<2x11x24xf16>) -> tensor<64x24x2xf32> {
  %cst = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x24x2xf32>
  %f = linalg.fill ins(%cst : f32) outs(%e : tensor<64x24x2xf32>) -> tensor<64x24x2xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(b, m, n, k) -> (b, m, k)>, affine_map<(b, m, n, k) -> (b, k, n)>, affine_map<(b, m, n, k) -> (m, n, b)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%a, %b : tensor<2x64x11xf16>, tensor<2x11x24xf16>) outs(%f : tensor<64x24x2xf32>) {
  ^bb0(%x: f16, %y: f16, %acc: f32):
    %x2 = arith.extf %x : f16 to f32
    %y2 = arith.extf %y : f16 to f32
    %p = arith.mulf %x2, %y2 : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<64x24x2xf32>
  return %r : tensor<64x24x2xf32>
}
