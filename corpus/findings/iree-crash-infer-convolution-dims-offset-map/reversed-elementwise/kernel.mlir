func.func @main(%arg_in0: tensor<3x9xf16>, %arg_in1: tensor<?x?xf16>) -> (tensor<?x?xf16>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_in1, %c1 : tensor<?x?xf16>
  %c3 = arith.constant 1 : index
  %dim4 = tensor.dim %arg_in1, %c3 : tensor<?x?xf16>
  %e5 = tensor.empty(%dim2, %dim4) : tensor<?x?xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1 * -1 + 8)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%arg_in0, %arg_in1 : tensor<3x9xf16>, tensor<?x?xf16>) outs(%e5 : tensor<?x?xf32>) {
  ^bb0(%a0: f16, %a1: f16, %acc: f32):
    %v7 = arith.extf %a1 : f16 to f32
    %v8 = arith.extf %a0 : f16 to f32
    %v9 = arith.mulf %v7, %v8 : f32
    %v10 = arith.extf %a0 : f16 to f32
    %c11 = arith.constant 0xBF800000 : f32
    %c12 = arith.constant 0x40400000 : f32
    %v13 = arith.maximumf %v10, %c11 : f32
    %v14 = arith.minimumf %v13, %c12 : f32
    %v15 = arith.addf %v9, %v14 : f32
    %c16 = arith.constant 0xC0800000 : f32
    %c17 = arith.constant 0x40800000 : f32
    %v18 = arith.maximumf %v15, %c16 : f32
    %v19 = arith.minimumf %v18, %c17 : f32
    %v20 = math.exp %v19 : f32
    linalg.yield %v20 : f32
  } -> tensor<?x?xf32>
  %c21 = arith.constant 0 : index
  %dim22 = tensor.dim %g6, %c21 : tensor<?x?xf32>
  %c23 = arith.constant 1 : index
  %dim24 = tensor.dim %g6, %c23 : tensor<?x?xf32>
  %e25 = tensor.empty(%dim22, %dim24) : tensor<?x?xf16>
  %g26 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%g6 : tensor<?x?xf32>) outs(%e25 : tensor<?x?xf16>) {
  ^bb0(%a0: f32, %acc: f16):
    %v27 = arith.truncf %a0 : f32 to f16
    %c28 = arith.constant 0x0000 : f16
    %v29 = arith.maximumf %v27, %c28 : f16
    %v30 = math.sqrt %v29 : f16
    linalg.yield %v30 : f16
  } -> tensor<?x?xf16>
  return %g26 : tensor<?x?xf16>
}
