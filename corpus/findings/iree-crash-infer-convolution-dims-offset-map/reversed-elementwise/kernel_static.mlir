func.func @main(%arg_in0: tensor<3x9xf16>, %arg_in1: tensor<3x9xf16>) -> (tensor<3x9xf16>) {
  %e1 = tensor.empty() : tensor<3x9xf32>
  %g2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1 * -1 + 8)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in0, %arg_in1 : tensor<3x9xf16>, tensor<3x9xf16>) outs(%e1 : tensor<3x9xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v3 = arith.extf %a1 : f16 to f32
    %v4 = arith.extf %a0 : f16 to f32
    %v5 = arith.mulf %v3, %v4 : f32
    %v6 = arith.extf %a0 : f16 to f32
    %c7 = arith.constant 0xBF800000 : f32
    %c8 = arith.constant 0x40400000 : f32
    %v9 = arith.maximumf %v6, %c7 : f32
    %v10 = arith.minimumf %v9, %c8 : f32
    %v11 = arith.addf %v5, %v10 : f32
    %c12 = arith.constant 0xC0800000 : f32
    %c13 = arith.constant 0x40800000 : f32
    %v14 = arith.maximumf %v11, %c12 : f32
    %v15 = arith.minimumf %v14, %c13 : f32
    %v16 = math.exp %v15 : f32
    linalg.yield %v16 : f32
  } -> tensor<3x9xf32>
  %e17 = tensor.empty() : tensor<3x9xf16>
  %g18 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g2 : tensor<3x9xf32>) outs(%e17 : tensor<3x9xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v19 = arith.truncf %a0 : f32 to f16
    %c20 = arith.constant 0x0000 : f16
    %v21 = arith.maximumf %v19, %c20 : f16
    %v22 = math.sqrt %v21 : f16
    linalg.yield %v22 : f16
  } -> tensor<3x9xf16>
  return %g18 : tensor<3x9xf16>
}
