// For iree-opt with the pass alone (iree-preprocessing-make-single-dispatch-for-function) or its pipeline
// (iree-preprocessing-make-single-dispatch): the escaping value is the f32 that tensor.extract returns.
util.func public @main(%a: tensor<4xf32>) -> f32 {
  %c1 = arith.constant 1 : index
  %x = tensor.extract %a[%c1] : tensor<4xf32>
  util.return %x : f32
}
