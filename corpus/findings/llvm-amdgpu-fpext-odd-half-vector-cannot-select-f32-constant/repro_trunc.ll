; The second form, the backend alone: narrow five floats to half and store them.
; llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 repro_trunc.ll -o /dev/null
;   LLVM ERROR: Cannot select: ...: ch = store<(store (s80) ...), trunc to v5f16>
define amdgpu_kernel void @k(<5 x float> %x, ptr addrspace(1) %out) {
  %e = fptrunc <5 x float> %x to <5 x half>
  store <5 x half> %e, ptr addrspace(1) %out
  ret void
}
