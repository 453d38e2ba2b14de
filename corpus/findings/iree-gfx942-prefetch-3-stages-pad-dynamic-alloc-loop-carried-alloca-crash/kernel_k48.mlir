func.func @main(%a: tensor<96x48xf32>, %b: tensor<48x17xf32>, %c: tensor<17xf32>) -> tensor<96x17xf32> {
  %e = tensor.empty() : tensor<96x17xf32>
  %z = arith.constant 0.0 : f32
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<96x17xf32>) -> tensor<96x17xf32>
  %m = linalg.matmul ins(%a, %b : tensor<96x48xf32>, tensor<48x17xf32>) outs(%f : tensor<96x17xf32>) -> tensor<96x17xf32>
  return %m : tensor<96x17xf32>
}
