// The shape of iree-org/iree#24319 (head_dim = 1: K1 = N = 1; 2 heads, K2 = 3 keys), M = 4 queries, f32, no mask.
func.func @main(%q: tensor<2x4x1xf32>, %k: tensor<2x3x1xf32>, %v: tensor<2x3x1xf32>) -> tensor<2x4x1xf32> {
  %s = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<2x4x1xf32>
  %r = iree_linalg_ext.attention <indexing_maps = [affine_map<(b, m, n, k1, k2) -> (b, m, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, n)>, affine_map<(b, m, n, k1, k2) -> ()>, affine_map<(b, m, n, k1, k2) -> (b, m, n)>]> ins(%q, %k, %v, %s : tensor<2x4x1xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>, f32) outs(%e : tensor<2x4x1xf32>) {
  ^bb0(%x: f32):
    iree_linalg_ext.yield %x : f32
  } -> tensor<2x4x1xf32>
  return %r : tensor<2x4x1xf32>
}
