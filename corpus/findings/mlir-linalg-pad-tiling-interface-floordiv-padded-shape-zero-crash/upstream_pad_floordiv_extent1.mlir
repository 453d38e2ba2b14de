// Upstream MLIR only (no IREE op): a generic reading in0 through (d0, d1 floordiv 2), d1 of extent 1, so it reads
// in0[:, 0]: one column. pad_tiling_interface must keep in0 at least 1 wide; it "pads" it to 4x0 (high padding -1),
// the 1x1x?x1 -> 1x1x?x0 of IREE's GPUApplyPaddingLevelPass (FINDING.md).
#in = affine_map<(d0, d1) -> (d0, d1 floordiv 2)>
#out = affine_map<(d0, d1) -> (d0, d1)>
func.func @floordiv_read(%in0: tensor<4x1xf32>, %init: tensor<4x1xf32>) -> tensor<4x1xf32> {
  %0 = linalg.generic {indexing_maps = [#in, #out], iterator_types = ["parallel", "parallel"]}
      ins(%in0 : tensor<4x1xf32>) outs(%init : tensor<4x1xf32>) {
  ^bb0(%a: f32, %b: f32):
    linalg.yield %a : f32
  } -> tensor<4x1xf32>
  return %0 : tensor<4x1xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %padded, %pad = transform.structured.pad_tiling_interface %g to padding_sizes [4, 0] pad_to_multiple_of : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
