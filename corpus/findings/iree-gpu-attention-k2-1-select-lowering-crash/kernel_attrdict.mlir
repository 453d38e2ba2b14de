// kernel.mlir in the attribute-dictionary spelling IREE 3.10-3.12 parse. Attention with K2 = 1 (one key): Q 1x16x16, K 1x1x16, V 1x1x3 -> 1x16x3, f32, no mask.
// softmax over one key is 1, so every output row is V[0, 0, :].
func.func @main(%q: tensor<1x16x16xf32>, %k: tensor<1x1x16xf32>, %v: tensor<1x1x3xf32>) -> tensor<1x16x3xf32> {
  %s = arith.constant 0.25 : f32
  %e = tensor.empty() : tensor<1x16x3xf32>
  %r = iree_linalg_ext.attention {indexing_maps = [affine_map<(b, m, n, k1, k2) -> (b, m, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, k1)>, affine_map<(b, m, n, k1, k2) -> (b, k2, n)>, affine_map<(b, m, n, k1, k2) -> ()>, affine_map<(b, m, n, k1, k2) -> (b, m, n)>]} ins(%q, %k, %v, %s : tensor<1x16x16xf32>, tensor<1x1x16xf32>, tensor<1x1x3xf32>, f32) outs(%e : tensor<1x16x3xf32>) {
  ^bb0(%x: f32):
    iree_linalg_ext.yield %x : f32
  } -> tensor<1x16x3xf32>
  return %r : tensor<1x16x3xf32>
}
