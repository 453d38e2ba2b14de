func.func @main(%arg_in0: tensor<10x3x16xf32>, %arg_in1: tensor<16x16x10xf32>) -> (tensor<3x16xf16>) {
  %e1 = tensor.empty() : tensor<3x16xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<3x16xf32>) -> tensor<3x16xf32>
  %g4 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d3, d0, d2)>, affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%arg_in0, %arg_in1 : tensor<10x3x16xf32>, tensor<16x16x10xf32>) outs(%init3 : tensor<3x16xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    %v5 = arith.mulf %a0, %a1 : f32
    %v6 = arith.addf %acc, %v5 : f32
    linalg.yield %v6 : f32
  } -> tensor<3x16xf32>
  %e7 = tensor.empty() : tensor<3x16xf16>
  %g8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g4 : tensor<3x16xf32>) outs(%e7 : tensor<3x16xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v9 = arith.truncf %a0 : f32 to f16
    %c10 = arith.constant 0xC500 : f16
    %c11 = arith.constant 0x4980 : f16
    %v12 = arith.maximumf %v9, %c10 : f16
    %v13 = arith.minimumf %v12, %c11 : f16
    %c14 = arith.constant 0xC000 : f16
    %c15 = arith.constant 0xBC00 : f16
    %v16 = arith.maximumf %v13, %c14 : f16
    %v17 = arith.minimumf %v16, %c15 : f16
    linalg.yield %v17 : f16
  } -> tensor<3x16xf16>
  return %g8 : tensor<3x16xf16>
}
