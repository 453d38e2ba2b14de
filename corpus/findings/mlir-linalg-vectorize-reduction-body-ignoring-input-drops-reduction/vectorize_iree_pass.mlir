func.func @sum_const_body(%in: tensor<4x7xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %c3 = arith.constant 3.0 : f32
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%in : tensor<4x7xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %out: f32):
    %s = arith.addf %out, %c3 : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
