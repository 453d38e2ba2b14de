// The one op the gfx942 pipeline hands to narrow-type emulation for this case, alone (the same op as the corpus's
// iree-gfx942-i4-dequant-matmul-private-store-narrow-type-rejected): a 1-element i4 store into a 1-element private
// i4 buffer, read back.  IREE 3.7-3.10 emulate the store as a read-modify-write of byte 1 of the 1-byte buffer.
// iree-opt --pass-pipeline='builtin.module(func.func(iree-amdgpu-emulate-narrow-type))' emulate_store.mlir
func.func @store_one_i4(%v: vector<1xi4>) -> vector<1xi4> {
  %c0 = arith.constant 0 : index
  %m = memref.alloca() : memref<1x1x1xi4, #gpu.address_space<private>>
  vector.store %v, %m[%c0, %c0, %c0] : memref<1x1x1xi4, #gpu.address_space<private>>, vector<1xi4>
  %r = vector.load %m[%c0, %c0, %c0] : memref<1x1x1xi4, #gpu.address_space<private>>, vector<1xi4>
  return %r : vector<1xi4>
}
