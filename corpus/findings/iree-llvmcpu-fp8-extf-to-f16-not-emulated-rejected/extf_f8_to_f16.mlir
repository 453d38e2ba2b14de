func.func @main(%a: tensor<64xf8E4M3FN>) -> tensor<64xf16> {
  %e = tensor.empty() : tensor<64xf16>
  %r = linalg.generic {indexing_maps = [affine_map<(d0)->(d0)>, affine_map<(d0)->(d0)>], iterator_types=["parallel"]} ins(%a : tensor<64xf8E4M3FN>) outs(%e : tensor<64xf16>) {
  ^bb0(%x: f8E4M3FN, %o: f16):
    %y = arith.extf %x : f8E4M3FN to f16
    linalg.yield %y : f16
  } -> tensor<64xf16>
  return %r : tensor<64xf16>
}
