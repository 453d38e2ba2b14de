// The same load with the mask as vector.create_mask (what the vectorizer made): emulated fine.
// iree-opt --pass-pipeline='builtin.module(func.func(iree-codegen-emulate-narrow-type))' maskedload_create_mask.mlir
func.func @load_i4_create_mask(%i: index, %n: index) -> vector<4xi4> {
  %pass = arith.constant dense<0> : vector<4xi4>
  %m = memref.alloc() : memref<6xi4>
  %mask = vector.create_mask %n : vector<4xi1>
  %v = vector.maskedload %m[%i], %mask, %pass : memref<6xi4>, vector<4xi1>, vector<4xi4> into vector<4xi4>
  return %v : vector<4xi4>
}
