// Upstream-MLIR-only repro: the dispatch IREE forms from kernel.mlir (a broadcast through the reversed map
// -d1 + 1), tiled with the upstream transform op tile_using_forall and the tile sizes IREE picked ([1, 2]).
// iree-opt --transform-interpreter mlir_upstream_repro.mlir   (mlir-opt --transform-interpreter upstream)
func.func @main(%in: tensor<2xf16>, %init: tensor<5x2xf16>) -> tensor<5x2xf16> {
  %g = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (-d1 + 1)>, affine_map<(d0, d1) -> (d0, d1)>],
                       iterator_types = ["parallel", "parallel"]}
       ins(%in : tensor<2xf16>) outs(%init : tensor<5x2xf16>) {
  ^bb0(%a: f16, %o: f16):
    linalg.yield %a : f16
  } -> tensor<5x2xf16>
  return %g : tensor<5x2xf16>
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_forall %g tile_sizes [1, 2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
