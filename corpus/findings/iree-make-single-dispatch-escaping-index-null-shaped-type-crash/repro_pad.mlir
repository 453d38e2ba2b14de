// The kernelfuzz route, reduced: a dynamic result whose size the ABI export reads with tensor.dim of the pad.
// That tensor.dim (tensor dialect) joins the outlined slice, and its index result escapes to hal.tensor.export.
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %f = arith.constant 0.0 : f32
  %p = tensor.pad %a low[1] high[0] {
  ^bb0(%i: index):
    tensor.yield %f : f32
  } : tensor<?xf32> to tensor<?xf32>
  return %p : tensor<?xf32>
}
