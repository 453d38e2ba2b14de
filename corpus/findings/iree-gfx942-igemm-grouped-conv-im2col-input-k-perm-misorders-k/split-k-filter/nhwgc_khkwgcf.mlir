// grouped, channel-last image (N, H, W, G, C), filter (KH, KW, G, C, F): image and filter K orders agree, input_k_perm is the identity, yet wrong
func.func @main(%img: tensor<2x5x5x2x2xf32>, %flt: tensor<2x2x2x2x3xf32>) -> tensor<2x4x4x2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x2x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x2x3xf32>) -> tensor<2x4x4x2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, oh, ow, g, f, kh, kw, c) -> (n, oh + kh, ow + kw, g, c)>, affine_map<(n, oh, ow, g, f, kh, kw, c) -> (kh, kw, g, c, f)>, affine_map<(n, oh, ow, g, f, kh, kw, c) -> (n, oh, ow, g, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%img, %flt : tensor<2x5x5x2x2xf32>, tensor<2x2x2x2x3xf32>) outs(%init : tensor<2x4x4x2x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4x2x3xf32>
  return %r : tensor<2x4x4x2x3xf32>
}
