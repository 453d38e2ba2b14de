; A loop over a buffer fat pointer (addrspace 7) behind `br i1 false`. CodeGenPrepare folds the branch
; and leaves the loop as an unreachable block whose pointer phi collapses into
;   %next = getelementptr i8, ptr addrspace(7) %next, i32 24
; AMDGPULowerBufferFatPointers then recurses on it without end (stack overflow).
; llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 llc_repro.ll -o /dev/null   (here: python llvm22_codegen.py llc_repro.ll out.o)
target datalayout = "e-m:e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-p10:32:32-p11:32:32-p12:32:32-p13:32:32-p14:32:32-p15:32:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) #0 {
entry:
  %r = call ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) %p, i16 0, i64 1024, i32 159744)
  br i1 false, label %loop, label %exit

loop:
  %ptr = phi ptr addrspace(7) [ %r, %entry ], [ %next, %loop ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  store float 0.0, ptr addrspace(7) %ptr, align 4
  %next = getelementptr i8, ptr addrspace(7) %ptr, i32 24
  %i.next = add i32 %i, 1
  %c = icmp eq i32 %i.next, %n
  br i1 %c, label %exit, label %loop

exit:
  ret void
}

declare ptr addrspace(7) @llvm.amdgcn.make.buffer.rsrc.p7.p1(ptr addrspace(1) readnone, i16, i64, i32)

attributes #0 = { "target-cpu"="gfx942" }
