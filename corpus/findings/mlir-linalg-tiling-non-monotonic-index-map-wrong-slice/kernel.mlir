func.func @main(%x: tensor<5xf32>, %y: tensor<5x4xf32>) -> tensor<5x4xf32> {
  %e = tensor.empty() : tensor<5x4xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (-d0 + 4)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%x, %y : tensor<5xf32>, tensor<5x4xf32>) outs(%e : tensor<5x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<5x4xf32>
  return %r : tensor<5x4xf32>
}
