; out = (a + b) srem 7 in i24 on uniform i32 kernel arguments.  GlobalISel computes a signed 24-bit division by a
; constant with a 24x24 -> 48-bit product sign-extended by G_SEXT_INREG s64, 48 (as in the sibling finding's srem24.ll,
; there divergent); uniform, its selector gives that S_BFE_I64 an IMPLICIT_DEF high dword, and the product's high
; dword (the S_MUL_HI_U32 terms) is deleted.  -new-reg-bank-select stops on it in LLVM 22.1.8 (no RegBankLegalize
; rule for a uniform G_AMDGPU_MAD_U64_U32), so only -global-isel shows it here.
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(i32 %a, i32 %b, ptr addrspace(1) %out) {
  %s = add i32 %a, %b
  %x = trunc i32 %s to i24
  %r = srem i24 %x, 7
  %z = zext i24 %r to i32
  store i32 %z, ptr addrspace(1) %out
  ret void
}
