; The AMDGPU backend's crash without IREE: load five halves, widen them to float, store them.
; llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 repro.ll -o /dev/null
;   LLVM ERROR: Cannot select: ...: f32 = Constant<-1>
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %x = load <5 x half>, ptr addrspace(1) %in, align 2
  %e = fpext <5 x half> %x to <5 x float>
  store <5 x float> %e, ptr addrspace(1) %out
  ret void
}
