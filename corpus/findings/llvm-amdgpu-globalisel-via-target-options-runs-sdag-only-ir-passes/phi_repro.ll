; opt -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -passes=amdgpu-codegenprepare phi_repro.ll -S -o split.ll
; llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -global-isel split.ll   (phi_repro.ll itself compiles with -global-isel)
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %v = phi <4 x half> [ zeroinitializer, %entry ], [ %v.next, %loop ]
  %h = sitofp i32 %i to half
  %v.next = insertelement <4 x half> %v, half %h, i32 %i
  %i.next = add i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  store <4 x half> %v.next, ptr addrspace(1) %p
  ret void
}
