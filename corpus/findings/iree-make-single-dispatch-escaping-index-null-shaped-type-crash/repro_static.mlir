// A static function whose result is a scalar read from a tensor: the only value leaving the slice the pass
// outlines is an f32, not a shaped value. Compiles without the single-dispatch pipeline (returns a[1]).
func.func @main(%a: tensor<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %x = tensor.extract %a[%c1] : tensor<4xf32>
  return %x : f32
}
