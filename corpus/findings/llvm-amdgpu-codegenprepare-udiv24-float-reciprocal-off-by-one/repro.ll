; udiv of an i32 masked to 24 bits by one masked to 4 bits, as IREE 3.7-3.11 hand it to the AMDGPU backend
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @udiv24(ptr addrspace(1) %y, ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %py = getelementptr i32, ptr addrspace(1) %y, i32 %tid
  %px = getelementptr i32, ptr addrspace(1) %x, i32 %tid
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %a = load i32, ptr addrspace(1) %py
  %b = load i32, ptr addrspace(1) %px
  %num = and i32 %a, 16777215
  %den = and i32 %b, 15
  %q = udiv i32 %num, %den
  store i32 %q, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
