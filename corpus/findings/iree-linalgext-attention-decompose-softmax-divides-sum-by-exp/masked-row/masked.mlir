// A masked attention: Q 1x2x1 (two query rows), K and V 1x2x1 (two keys), scale 1, an i1 mask 1x2x2. With
// Q = 1, K = 0, V = 1 and the mask [[false, false], [true, true]], row 0 is fully masked and row 1 sees both keys
// (softmax [1/2, 1/2], output 1).
func.func @main(%q: tensor<1x2x1xf32>, %k: tensor<1x2x1xf32>, %v: tensor<1x2x1xf32>, %m: tensor<1x2x2xi1>) -> tensor<1x2x1xf32> {
  %s = arith.constant 1.0 : f32
  %e = tensor.empty() : tensor<1x2x1xf32>
  %r = iree_linalg_ext.attention <indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d3)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> ()>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>]> ins(%q, %k, %v, %s, %m : tensor<1x2x1xf32>, tensor<1x2x1xf32>, tensor<1x2x1xf32>, f32, tensor<1x2x2xi1>) outs(%e : tensor<1x2x1xf32>) {
  ^bb0(%x: f32):
    iree_linalg_ext.yield %x : f32
  } -> tensor<1x2x1xf32>
  return %r : tensor<1x2x1xf32>
}
