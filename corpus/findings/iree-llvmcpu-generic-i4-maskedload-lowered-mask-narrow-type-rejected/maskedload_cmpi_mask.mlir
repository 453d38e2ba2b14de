// vector.maskedload of i4 whose mask is an arith.cmpi (what IREE's llvm-cpu pipeline has lowered its
// vector.create_mask by then). iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))'
func.func @load_i4_cmpi_mask(%i: index, %n: i32) -> vector<4xi4> {
  %pass = arith.constant dense<0> : vector<4xi4>
  %iota = arith.constant dense<[0, 1, 2, 3]> : vector<4xi32>
  %m = memref.alloc() : memref<6xi4>
  %b = vector.broadcast %n : i32 to vector<4xi32>
  %mask = arith.cmpi sgt, %b, %iota : vector<4xi32>
  %v = vector.maskedload %m[%i], %mask, %pass : memref<6xi4>, vector<4xi1>, vector<4xi4> into vector<4xi4>
  return %v : vector<4xi4>
}
