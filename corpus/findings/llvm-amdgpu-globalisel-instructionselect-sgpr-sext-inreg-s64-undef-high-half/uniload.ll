; The kernelfuzz case's shape: a uniform i64 loaded by a vector memory instruction (here a volatile load from a
; kernel-argument address; IREE's is a raw buffer load in a one-work-item dispatch), then ((x << 16) >> 16).  The new
; register bank passes (-new-reg-bank-select, the default in IREE 3.12+ and upstream) keep it uniform: both dwords go
; to SGPRs by readanylane, the selector keeps only the low one for S_BFE_I64, and the high readfirstlane is deleted as
; dead: v_readfirstlane_b32 s0, v0 + s_bfe_i64 s[0:1], s[0:1] reads whatever s1 held.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %px, ptr addrspace(1) %out) {
  %v = load volatile i64, ptr addrspace(1) %px
  %s = shl i64 %v, 16
  %r = ashr i64 %s, 16
  store i64 %r, ptr addrspace(1) %out
  ret void
}
