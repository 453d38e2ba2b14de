// Hand-minimized: an i4 -> f32 dequantize fused into a 2x2x2 f32 matmul. iree-compile minimal.mlir -o /dev/null --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2
func.func @main(%a: tensor<2x2xf32>, %w: tensor<2x2xi4>) -> tensor<2x2xf32> {
  %e = tensor.empty() : tensor<2x2xf32>
  %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%w : tensor<2x2xi4>) outs(%e : tensor<2x2xf32>) {
  ^bb0(%x: i4, %o: f32):
    %f = arith.sitofp %x : i4 to f32
    linalg.yield %f : f32
  } -> tensor<2x2xf32>
  %z = arith.constant 0.0 : f32
  %e2 = tensor.empty() : tensor<2x2xf32>
  %acc = linalg.fill ins(%z : f32) outs(%e2 : tensor<2x2xf32>) -> tensor<2x2xf32>
  %r = linalg.matmul ins(%a, %d : tensor<2x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}
