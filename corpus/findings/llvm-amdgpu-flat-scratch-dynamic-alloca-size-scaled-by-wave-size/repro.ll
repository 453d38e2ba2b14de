; Two 8-byte private arrays allocated after the entry block (LLVM treats a non-entry-block alloca as dynamic), as
; IREE 3.8's gfx942 kernel does. Per lane they need 16 bytes; the stack pointer s32 counts per-lane bytes under
; flat scratch, yet each alloca moves it by size * 64 (the wave size).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i, i1 %c) {
entry:
  br i1 %c, label %body, label %done

body:
  %a = alloca [4 x half], align 2, addrspace(5)
  %b = alloca [4 x half], align 2, addrspace(5)
  %pa = getelementptr [4 x half], ptr addrspace(5) %a, i32 0, i32 %i
  %pb = getelementptr [4 x half], ptr addrspace(5) %b, i32 0, i32 %i
  store volatile half 1.0, ptr addrspace(5) %pa
  store volatile half 2.0, ptr addrspace(5) %pb
  %x = load volatile half, ptr addrspace(5) %pa
  %y = load volatile half, ptr addrspace(5) %pb
  %s = fadd half %x, %y
  store half %s, ptr addrspace(1) %out
  br label %done

done:
  ret void
}
