// kernel.mlir as the named op a frontend emits: a 2x1 sum pool, stride 2, over 3 rows (row 2 is in no window),
// the channel dim dynamic. Expected out[0, 0, 0, c] = in[0, 0, 0, c] + in[0, 1, 0, c].
func.func @main(%in: tensor<1x3x1x?xf16>) -> tensor<1x1x1x?xf16> {
  %c3 = arith.constant 3 : index
  %n = tensor.dim %in, %c3 : tensor<1x3x1x?xf16>
  %zero = arith.constant 0.0 : f16
  %e = tensor.empty(%n) : tensor<1x1x1x?xf16>
  %init = linalg.fill ins(%zero : f16) outs(%e : tensor<1x1x1x?xf16>) -> tensor<1x1x1x?xf16>
  %win = tensor.empty() : tensor<2x1xf16>
  %pool = linalg.pooling_nhwc_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
            ins(%in, %win : tensor<1x3x1x?xf16>, tensor<2x1xf16>) outs(%init : tensor<1x1x1x?xf16>) -> tensor<1x1x1x?xf16>
  return %pool : tensor<1x1x1x?xf16>
}
