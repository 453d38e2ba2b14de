// Upstream MLIR only (no IREE op): a generic reading in0 through (d0, d1 floordiv 2), d1 of extent 3, so it reads
// in0[:, 0..1]: two columns (ceildiv(3, 2)). pad_tiling_interface computes 3 floordiv 2 = 1 and "pads" in0 from 4x2
// to 4x1 (high padding -1); the padded generic then fails verification.
#in = affine_map<(d0, d1) -> (d0, d1 floordiv 2)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @floordiv_read(%in0: tensor<4x2xf32>, %init: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel"]}
      ins(%in0 : tensor<4x2xf32>) outs(%init : tensor<4x3xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %padded, %pad = transform.structured.pad_tiling_interface %g to padding_sizes [4, 3] pad_to_multiple_of : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
