func.func @main(%arg_in0: tensor<2x10x2xf16>, %arg_in1: tensor<2x2x2xf16>) -> (tensor<2x10x2xf32>) {
  %e1 = tensor.empty() : tensor<2x10x2xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<2x10x2xf32>) -> tensor<2x10x2xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<2x10x2xf16>, tensor<2x2x2xf16>) outs(%init3 : tensor<2x10x2xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v5 = arith.extf %a0 : f16 to f32
    %v6 = arith.extf %a1 : f16 to f32
    %v7 = arith.mulf %v5, %v6 : f32
    %v8 = arith.addf %acc, %v7 : f32
    linalg.yield %v8 : f32
  } -> tensor<2x10x2xf32>
  return %g4 : tensor<2x10x2xf32>
}
