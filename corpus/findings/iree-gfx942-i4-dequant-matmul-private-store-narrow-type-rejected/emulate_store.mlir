// The one op the gfx942 pipeline hands to narrow-type emulation, alone: a 1-element i4 store into a
// 1-element private i4 buffer (the promoted dequantize operand).
// iree-opt --pass-pipeline='builtin.module(func.func(iree-amdgpu-emulate-narrow-type))' emulate_store.mlir
func.func @store_one_i4(%v: vector<1xi4>) -> vector<1xi4> {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1x1x1xi4, #gpu.address_space<private>>
  vector.store %v, %m[%c0, %c0, %c0] : memref<1x1x1xi4, #gpu.address_space<private>>, vector<1xi4>
  %r = vector.load %m[%c0, %c0, %c0] : memref<1x1x1xi4, #gpu.address_space<private>>, vector<1xi4>
  return %r : vector<1xi4>
}
