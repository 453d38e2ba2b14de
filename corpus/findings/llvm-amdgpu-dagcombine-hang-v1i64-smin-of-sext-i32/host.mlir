// A trivial program (x + x on f32[64]) whose one dispatch carries repro.bc into IREE's LLVM: repro_ll.sh compiles
// it with and without --iree-link-bitcode=repro.bc.
func.func @main(%a: tensor<64xf32>) -> tensor<64xf32> {
  %0 = arith.addf %a, %a : tensor<64xf32>
  return %0 : tensor<64xf32>
}
