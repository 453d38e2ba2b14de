; out[i] = srem i24 x[i], 7: GlobalISel divides a 24-bit value by a constant with a 24x24 -> 48-bit signed high
; product (mulhs), whose 48-bit sign extension is the G_SEXT_INREG s64, 48 that the old RegBankSelect splits wrong.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %px = getelementptr i64, ptr addrspace(1) %x, i32 %id
  %v = load i64, ptr addrspace(1) %px
  %a = trunc i64 %v to i24
  %r = srem i24 %a, 7
  %z = zext i24 %r to i64
  %po = getelementptr i64, ptr addrspace(1) %out, i32 %id
  store i64 %z, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
