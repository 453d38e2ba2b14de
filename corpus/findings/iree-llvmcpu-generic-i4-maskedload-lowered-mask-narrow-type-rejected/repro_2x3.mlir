// iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=generic repro.mlir -o x.vmfb
// error: failed to legalize operation 'vector.maskedload' ... (memref<6xi4>, index, vector<4xi1>, vector<4xi4>) ; 'func.func' op failed to emulate bit width
func.func @main(%w: tensor<2x3xi4>) -> tensor<2x3xf32> {
  %e = tensor.empty() : tensor<2x3xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0,d1)->(d0,d1)>, affine_map<(d0,d1)->(d0,d1)>], iterator_types = ["parallel","parallel"]} ins(%w : tensor<2x3xi4>) outs(%e : tensor<2x3xf32>) {
  ^bb0(%a: i4, %o: f32):
    %f = arith.sitofp %a : i4 to f32
    linalg.yield %f : f32
  } -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
