; ModuleID = 'main_dispatch_0'
source_filename = "main_dispatch_0"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: alwaysinline nofree norecurse nosync nounwind memory(argmem: readwrite, inaccessiblemem: write)
define ptx_kernel void @main_dispatch_0_matmul_like_2x2x4x9_f32(ptr addrspace(1) noalias noundef nonnull readonly align 16 captures(none) %0, ptr addrspace(1) noalias noundef nonnull readonly align 16 captures(none) %1, ptr addrspace(1) noalias nofree noundef nonnull writeonly align 16 captures(none) %2) local_unnamed_addr #0 {
  %4 = tail call range(i32 0, 8) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %5 = tail call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %6 = shl nuw nsw i32 %4, 5
  %7 = or disjoint i32 %6, %5
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %0, i64 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %1, i64 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %2, i64 64) ]
  %8 = icmp samesign ult i32 %7, 2
  br i1 %8, label %.lr.ph, label %._crit_edge

.lr.ph:                                           ; preds = %3
  %9 = zext nneg i32 %7 to i64
  %.idx3 = shl nuw nsw i64 %9, 4
  %invariant.gep = getelementptr i8, ptr addrspace(1) %0, i64 %.idx3
  br label %10

10:                                               ; preds = %.lr.ph, %10
  %11 = phi <2 x float> [ zeroinitializer, %.lr.ph ], [ %46, %10 ]
  %12 = phi i32 [ 0, %.lr.ph ], [ %47, %10 ]
  %13 = zext nneg i32 %12 to i64
  %.idx2 = shl nuw nsw i64 %13, 5
  %gep = getelementptr i8, ptr addrspace(1) %invariant.gep, i64 %.idx2
  %14 = getelementptr [4 x i8], ptr addrspace(1) %1, i64 %13
  %15 = getelementptr i8, ptr addrspace(1) %14, i64 36
  %16 = getelementptr i8, ptr addrspace(1) %14, i64 72
  %17 = getelementptr i8, ptr addrspace(1) %14, i64 108
  %18 = getelementptr i8, ptr addrspace(1) %14, i64 144
  %19 = getelementptr i8, ptr addrspace(1) %14, i64 180
  %20 = getelementptr i8, ptr addrspace(1) %14, i64 216
  %21 = getelementptr i8, ptr addrspace(1) %14, i64 252
  %22 = load float, ptr addrspace(1) %gep, align 16
  %23 = getelementptr inbounds nuw i8, ptr addrspace(1) %gep, i64 4
  %24 = load float, ptr addrspace(1) %23, align 4
  %25 = getelementptr inbounds nuw i8, ptr addrspace(1) %gep, i64 8
  %26 = load float, ptr addrspace(1) %25, align 8
  %27 = getelementptr inbounds nuw i8, ptr addrspace(1) %gep, i64 12
  %28 = load float, ptr addrspace(1) %27, align 4
  %29 = load float, ptr addrspace(1) %14, align 4
  %30 = load float, ptr addrspace(1) %18, align 4
  %31 = load float, ptr addrspace(1) %15, align 4
  %32 = load float, ptr addrspace(1) %19, align 4
  %33 = load float, ptr addrspace(1) %16, align 4
  %34 = load float, ptr addrspace(1) %20, align 4
  %35 = load float, ptr addrspace(1) %17, align 4
  %36 = load float, ptr addrspace(1) %21, align 4
  %37 = extractelement <2 x float> %11, i64 1
  %38 = tail call float @llvm.fma.f32(float %28, float %36, float %37)
  %39 = tail call float @llvm.fma.f32(float %28, float %35, float %38)
  %40 = tail call float @llvm.fma.f32(float %26, float %34, float %39)
  %41 = tail call float @llvm.fma.f32(float %26, float %33, float %40)
  %42 = tail call float @llvm.fma.f32(float %24, float %32, float %41)
  %43 = tail call float @llvm.fma.f32(float %24, float %31, float %42)
  %44 = tail call float @llvm.fma.f32(float %22, float %30, float %43)
  %45 = tail call float @llvm.fma.f32(float %22, float %29, float %44)
  %46 = insertelement <2 x float> poison, float %45, i64 0
  %47 = add nuw nsw i32 %12, 1
  %exitcond.not = icmp eq i32 %47, 9
  br i1 %exitcond.not, label %._crit_edge.loopexit, label %10

._crit_edge.loopexit:                             ; preds = %10
  %48 = fptrunc <2 x float> %46 to <2 x half>
  %.idx = shl nuw nsw i64 %9, 2
  %49 = getelementptr i8, ptr addrspace(1) %2, i64 %.idx
  store <2 x half> %48, ptr addrspace(1) %49, align 4
  br label %._crit_edge

._crit_edge:                                      ; preds = %._crit_edge.loopexit, %3
  ret void
}

; Function Attrs: alwaysinline mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: alwaysinline mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: alwaysinline mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fma.f32(float, float, float) #3

attributes #0 = { alwaysinline nofree norecurse nosync nounwind memory(argmem: readwrite, inaccessiblemem: write) "nvvm.maxntid"="32,8,1" }
attributes #1 = { alwaysinline mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { alwaysinline mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}
!nvvmir.version = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!2 = !{i32 2, i32 0}
