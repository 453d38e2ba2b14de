func.func @main(%arg_a: tensor<?x7xf32>, %arg_b: tensor<7x3xf32>) -> (tensor<?x5xf32>) {
  %c1 = arith.constant 0 : index
  %dim2 = tensor.dim %arg_a, %c1 : tensor<?x7xf32>
  %e3 = tensor.empty(%dim2) : tensor<?x3xf32>
  %c4 = arith.constant 0x00000000 : f32
  %init5 = linalg.fill ins(%c4 : f32) outs(%e3 : tensor<?x3xf32>) -> tensor<?x3xf32>
  %mm6 = linalg.matmul ins(%arg_a, %arg_b : tensor<?x7xf32>, tensor<7x3xf32>) outs(%init5 : tensor<?x3xf32>) -> tensor<?x3xf32>
  %c7 = arith.constant 0 : index
  %dim8 = tensor.dim %mm6, %c7 : tensor<?x3xf32>
  %e9 = tensor.empty(%dim8) : tensor<?x3xf32>
  %g10 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%mm6 : tensor<?x3xf32>) outs(%e9 : tensor<?x3xf32>) {
  ^bb0(%a0: f32, %acc: f32):
    %c11 = arith.constant 0x00000000 : f32
    %v12 = arith.maximumf %a0, %c11 : f32
    linalg.yield %v12 : f32
  } -> tensor<?x3xf32>
  %c13 = arith.constant 0x00000000 : f32
  %pad14 = tensor.pad %g10 low[1, 0] high[0, 2] {
  ^bb0(%idx15: index, %idx16: index):
    tensor.yield %c13 : f32
  } : tensor<?x3xf32> to tensor<?x5xf32>
  return %pad14 : tensor<?x5xf32>
}
