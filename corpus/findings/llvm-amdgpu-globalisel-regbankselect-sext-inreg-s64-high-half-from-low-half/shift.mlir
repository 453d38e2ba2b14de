// The same computation as IREE input: (x << 16) >> 16 on i64, for evidence.sh.
func.func @main(%x: tensor<1024xi64>) -> tensor<1024xi64> {
  %c16 = arith.constant dense<16> : tensor<1024xi64>
  %s = arith.shli %x, %c16 : tensor<1024xi64>
  %r = arith.shrsi %s, %c16 : tensor<1024xi64>
  return %r : tensor<1024xi64>
}
