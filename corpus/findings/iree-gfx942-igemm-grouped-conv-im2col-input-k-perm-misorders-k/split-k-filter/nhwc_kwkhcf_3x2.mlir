// the same with a 3x2 kernel (KH = 3, KW = 2): ConvolutionToIGEMMPass's own output fails the linalg verifier
func.func @main(%img: tensor<2x6x5x2xf32>, %flt: tensor<2x3x2x3xf32>) -> tensor<2x4x4x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4x3xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh + kh, ow + kw, c)>, affine_map<(n, oh, ow, f, kh, kw, c) -> (kw, kh, c, f)>, affine_map<(n, oh, ow, f, kh, kw, c) -> (n, oh, ow, f)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%img, %flt : tensor<2x6x5x2xf32>, tensor<2x3x2x3xf32>) outs(%init : tensor<2x4x4x3xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4x3xf32>
  return %r : tensor<2x4x4x3xf32>
}
