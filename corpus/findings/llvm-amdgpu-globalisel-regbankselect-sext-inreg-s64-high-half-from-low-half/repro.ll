; out[i] = (x[i] << 16) >> 16 (arithmetic): the 48-bit sign extension of a divergent i64, which AMDGPU's GlobalISel
; combines to G_SEXT_INREG s64, 48 and its old RegBankSelect (AMDGPURegisterBankInfo, the default in LLVM 22)
; splits into 32-bit halves, taking the high half from the low one.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr i64, ptr addrspace(1) %x, i32 %id
  %v = load i64, ptr addrspace(1) %px
  %s = shl i64 %v, 16
  %r = ashr i64 %s, 16
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %id
  store i64 %r, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
