// The ONNX case's conv dispatch as IREE's global optimization leaves it, at C = KH = KW = 4: a grouped conv whose image is
// (group, channel, H, W) and whose filter is (KH, KW, channel, group, filter) (the ONNX weight transpose folded in).
func.func @main(%img: tensor<2x4x10x10xf32>, %flt: tensor<4x4x4x2x2xf32>) -> tensor<2x2x7x7xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x2x7x7xf32>
  %init = linalg.fill ins(%zero : f32) outs(%e : tensor<2x2x7x7xf32>) -> tensor<2x2x7x7xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d6, d2 + d4, d3 + d5)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d5, d6, d0, d1)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%img, %flt : tensor<2x4x10x10xf32>, tensor<4x4x4x2x2xf32>) outs(%init : tensor<2x2x7x7xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x2x7x7xf32>
  return %r : tensor<2x2x7x7xf32>
}
