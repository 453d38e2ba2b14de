#x = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1 + d3, d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d3, d4, d2)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
func.func @main(%x: tensor<2x5x2xf16>, %w: tensor<2x2x4xf16>) -> tensor<2x4x4xf32> {
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x4xf32>
  %i = linalg.fill ins(%z : f32) outs(%e : tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %r = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<2x5x2xf16>, tensor<2x2x4xf16>) outs(%i : tensor<2x4x4xf32>) {
  ^bb0(%a: f16, %b: f16, %acc: f32):
    %a32 = arith.extf %a : f16 to f32
    %b32 = arith.extf %b : f16 to f32
    %na = arith.negf %a32 : f32
    %m = arith.mulf %na, %b32 : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x4x4xf32>
  return %r : tensor<2x4x4xf32>
}
