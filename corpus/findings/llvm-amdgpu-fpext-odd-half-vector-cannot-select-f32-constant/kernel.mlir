func.func @main(%arg_in0: tensor<1x?x7xf16>) -> (tensor<?xf32>) {
  %c1 = arith.constant 1 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<1x?x7xf16>
  %e3 = tensor.empty(%dim2) : tensor<?xf32>
  %c4 = arith.constant 0x00000000 : f32
  %init5 = linalg.fill ins(%c4 : f32) outs(%e3 : tensor<?xf32>) -> tensor<?xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d1, d0, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"]} ins(%arg_in0 : tensor<1x?x7xf16>) outs(%init5 : tensor<?xf32>) {
  ^bb0(%a0: f16, %acc: f32):
    %v7 = arith.extf %a0 : f16 to f32
    %v8 = arith.addf %acc, %v7 : f32
    linalg.yield %v8 : f32
  } -> tensor<?xf32>
  return %g6 : tensor<?xf32>
}
