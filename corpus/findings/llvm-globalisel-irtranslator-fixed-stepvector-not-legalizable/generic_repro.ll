; The same on any target: llc -mtriple=x86_64 -global-isel generic_repro.ll (or aarch64, riscv64)
define void @f(ptr %out) {
  %s = call <4 x i32> @llvm.stepvector.v4i32()
  store <4 x i32> %s, ptr %out
  ret void
}
declare <4 x i32> @llvm.stepvector.v4i32()
