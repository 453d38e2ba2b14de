func.func @main(%arg_in0: tensor<1x?x?xf32>) -> tensor<1x?xf32> {
  %c1 = arith.constant 1 : index
  %dim2 = tensor.dim %arg_in0, %c1 : tensor<1x?x?xf32>
  %e3 = tensor.empty(%dim2) : tensor<1x?xf32>
  %c4 = arith.constant 0xFF800000 : f32
  %init5 = linalg.fill ins(%c4 : f32) outs(%e3 : tensor<1x?xf32>) -> tensor<1x?xf32>
  %g6 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg_in0 : tensor<1x?x?xf32>) outs(%init5 : tensor<1x?xf32>) {
  ^bb0(%a0: f32, %acc: f32):
    %v7 = arith.maximumf %acc, %a0 : f32
    linalg.yield %v7 : f32
  } -> tensor<1x?xf32>
  %c8 = arith.constant 1 : index
  %dim9 = tensor.dim %arg_in0, %c8 : tensor<1x?x?xf32>
  %c10 = arith.constant 2 : index
  %dim11 = tensor.dim %arg_in0, %c10 : tensor<1x?x?xf32>
  %e12 = tensor.empty(%dim9, %dim11) : tensor<1x?x?xf32>
  %g13 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg_in0, %g6 : tensor<1x?x?xf32>, tensor<1x?xf32>) outs(%e12 : tensor<1x?x?xf32>) {
  ^bb0(%a0: f32, %a1: f32, %acc: f32):
    linalg.yield %a1 : f32
  } -> tensor<1x?x?xf32>
  %c14 = arith.constant 1 : index
  %dim15 = tensor.dim %g13, %c14 : tensor<1x?x?xf32>
  %e16 = tensor.empty(%dim15) : tensor<1x?xf32>
  %c17 = arith.constant 0x00000000 : f32
  %init18 = linalg.fill ins(%c17 : f32) outs(%e16 : tensor<1x?xf32>) -> tensor<1x?xf32>
  %g19 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction"]} ins(%g13 : tensor<1x?x?xf32>) outs(%init18 : tensor<1x?xf32>) {
  ^bb0(%a0: f32, %acc: f32):
    %v20 = arith.addf %acc, %a0 : f32
    linalg.yield %v20 : f32
  } -> tensor<1x?xf32>
  return %g19 : tensor<1x?xf32>
}
