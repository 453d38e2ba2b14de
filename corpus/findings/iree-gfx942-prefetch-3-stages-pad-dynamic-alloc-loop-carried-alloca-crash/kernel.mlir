func.func @main(%arg_in0: tensor<96x49xf32>, %arg_in1: tensor<49x17xf32>) -> (tensor<96x17xf32>) {
  %e1 = tensor.empty() : tensor<96x17xf32>
  %c2 = arith.constant 0x00000000 : f32
  %init3 = linalg.fill ins(%c2 : f32) outs(%e1 : tensor<96x17xf32>) -> tensor<96x17xf32>
  %mm4 = linalg.matmul ins(%arg_in0, %arg_in1 : tensor<96x49xf32>, tensor<49x17xf32>) outs(%init3 : tensor<96x17xf32>) -> tensor<96x17xf32>
  return %mm4 : tensor<96x17xf32>
}
