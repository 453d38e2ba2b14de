// The documented limitation, not this bug: a dynamic result whose size the ABI reads from the argument (no
// tensor.dim escapes) gets the pass's error "unhandled dynamic dimensions for created dispatch region".
func.func @main(%a: tensor<?xf32>) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %g = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %z = arith.negf %x : f32
    linalg.yield %z : f32
  } -> tensor<?xf32>
  return %g : tensor<?xf32>
}
