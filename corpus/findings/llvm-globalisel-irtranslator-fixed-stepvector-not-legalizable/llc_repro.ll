; llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel llc_repro.ll -o /dev/null
; LLVM ERROR: unable to legalize instruction: ... = G_STEP_VECTOR i64 1
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %s = call <4 x i64> @llvm.stepvector.v4i64()
  store <4 x i64> %s, ptr addrspace(1) %out
  ret void
}
declare <4 x i64> @llvm.stepvector.v4i64()
