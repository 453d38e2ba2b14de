// The same with an index: tensor.dim of a static tensor (the pass alone; the pipeline folds the dim to 4 first).
util.func public @main(%a: tensor<4xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<4xf32>
  util.return %d : index
}
