// Upstream-MLIR-only repro: the transform op transform.match.structured.classify_convolution_dims calls
// mlir::linalg::inferConvolutionDims on the same linalg.generic as kernel.mlir (no IREE pass involved).
// iree-opt --transform-interpreter mlir_upstream_repro.mlir   (mlir-opt --transform-interpreter upstream)
func.func @main(%in0: tensor<3x2x1x2xf16>, %in1: tensor<1x2x1xf16>, %init: tensor<1x2x2xf32>) -> tensor<1x2x2xf32> {
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d2 + 1, d3, d4, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d2, d4)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%in0, %in1 : tensor<3x2x1x2xf16>, tensor<1x2x1xf16>) outs(%init : tensor<1x2x2xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v = arith.extf %a1 : f16 to f32
    %s = arith.addf %acc, %v : f32
    linalg.yield %s : f32
  } -> tensor<1x2x2xf32>
  return %g : tensor<1x2x2xf32>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @match_conv(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    %0 = transform.match.structured %op : (!transform.any_op) -> !transform.any_op {
    ^bb0(%s: !transform.any_op):
      %b, %oi, %oc, %fl, %ic, %d, %st, %di = transform.match.structured.classify_convolution_dims %s
        : (!transform.any_op) -> (!transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>, !transform.param<i64>)
      transform.match.structured.yield %s : !transform.any_op
    }
    transform.yield %0 : !transform.any_op
  }
  transform.named_sequence @found(%op: !transform.any_op {transform.readonly}) {
    transform.print %op : !transform.any_op
    transform.yield
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.consumed}) {
    transform.foreach_match in %root @match_conv -> @found : (!transform.any_op) -> !transform.any_op
    transform.yield
  }
}
