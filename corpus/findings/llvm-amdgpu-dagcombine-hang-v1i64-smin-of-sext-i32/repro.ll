; SelectionDAG's DAG combiner never finishes on this kernel for gfx942 in LLVM 24.0.0git (the LLVM of IREE 3.13.0rc20261016,
; IREE commit 89ece87b); LLVM 22.1.8's llc-22 compiles it in about 0.1 s, and GlobalISel in both.
;   llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 -O2 repro.ll
; Each work item: x = in[id] (<1 x i64>); out[id] = smin(x / (x | 1), sext(trunc(x) + 5)).
; Without the division, or with sext(trunc(x)) instead of sext(trunc(x) + 5), it compiles (FINDING.md, Trigger).
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @repro(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <1 x i64>, ptr addrspace(1) %in, i32 %id
  %x = load <1 x i64>, ptr addrspace(1) %p, align 8
  %d = or <1 x i64> %x, splat (i64 1)
  %q = sdiv <1 x i64> %x, %d
  %t = trunc <1 x i64> %x to <1 x i32>
  %a = add <1 x i32> %t, splat (i32 5)
  %s = sext <1 x i32> %a to <1 x i64>
  %m = call <1 x i64> @llvm.smin.v1i64(<1 x i64> %q, <1 x i64> %s)
  %o = getelementptr <1 x i64>, ptr addrspace(1) %out, i32 %id
  store <1 x i64> %m, ptr addrspace(1) %o, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <1 x i64> @llvm.smin.v1i64(<1 x i64>, <1 x i64>)
