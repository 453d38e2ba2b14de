; out = ((a + b) << 16) >> 16 (arithmetic) on uniform i64 kernel arguments: the 48-bit sign extension of a uniform
; (SGPR) i64, which AMDGPU's GlobalISel combines to G_SEXT_INREG s64, 48 and its instruction selector lowers to
; S_BFE_I64 of a 64-bit register whose HIGH dword is IMPLICIT_DEF (only the sum's low dword is kept), with the old
; register bank pass (-global-isel, LLVM 22's default) and the new ones (-new-reg-bank-select) alike.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(i64 %a, i64 %b, ptr addrspace(1) %out) {
  %x = add i64 %a, %b
  %s = shl i64 %x, 16
  %r = ashr i64 %s, 16
  store i64 %r, ptr addrspace(1) %out
  ret void
}
