; ModuleID = 'main_dispatch_0'
source_filename = "main_dispatch_0"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@.str = private unnamed_addr constant [11 x i8] c"__CUDA_FTZ\00", align 1

; Function Attrs: alwaysinline
define ptx_kernel void @main_dispatch_0_matmul_like_2x2x4x9_f32(ptr addrspace(1) noalias noundef nonnull readonly align 16 %0, ptr addrspace(1) noalias noundef nonnull readonly align 16 %1, ptr addrspace(1) noalias noundef nonnull align 16 %2) #0 {
  %4 = call range(i32 0, 8) i32 @llvm.nvvm.read.ptx.sreg.tid.y()
  %5 = sext i32 %4 to i64
  %6 = call range(i32 0, 32) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %7 = sext i32 %6 to i64
  %8 = trunc i64 %5 to i32
  %9 = mul nsw i32 %8, 32
  %10 = trunc i64 %7 to i32
  %11 = add nsw i32 %9, %10
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %0, i64 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %1, i64 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr addrspace(1) %2, i64 64) ]
  br label %12

12:                                               ; preds = %76, %3
  %13 = phi i32 [ %81, %76 ], [ %11, %3 ]
  %14 = icmp slt i32 %13, 2
  br i1 %14, label %15, label %82

15:                                               ; preds = %12
  %16 = zext i32 %13 to i64
  br label %17

17:                                               ; preds = %21, %15
  %18 = phi i32 [ %75, %21 ], [ 0, %15 ]
  %19 = phi <2 x float> [ %74, %21 ], [ zeroinitializer, %15 ]
  %20 = icmp slt i32 %18, 9
  br i1 %20, label %21, label %76

21:                                               ; preds = %17
  %22 = zext i32 %18 to i64
  %23 = mul i64 %22, 8
  %24 = mul i64 %16, 4
  %25 = add i64 %23, %24
  %26 = add i64 %25, 0
  %27 = getelementptr float, ptr addrspace(1) %0, i64 %26
  %28 = load <4 x float>, ptr addrspace(1) %27, align 4
  %29 = add i64 0, %22
  %30 = getelementptr float, ptr addrspace(1) %1, i64 %29
  %31 = load <1 x float>, ptr addrspace(1) %30, align 4
  %32 = add i64 9, %22
  %33 = getelementptr float, ptr addrspace(1) %1, i64 %32
  %34 = load <1 x float>, ptr addrspace(1) %33, align 4
  %35 = add i64 18, %22
  %36 = getelementptr float, ptr addrspace(1) %1, i64 %35
  %37 = load <1 x float>, ptr addrspace(1) %36, align 4
  %38 = add i64 27, %22
  %39 = getelementptr float, ptr addrspace(1) %1, i64 %38
  %40 = load <1 x float>, ptr addrspace(1) %39, align 4
  %41 = add i64 36, %22
  %42 = getelementptr float, ptr addrspace(1) %1, i64 %41
  %43 = load <1 x float>, ptr addrspace(1) %42, align 4
  %44 = add i64 45, %22
  %45 = getelementptr float, ptr addrspace(1) %1, i64 %44
  %46 = load <1 x float>, ptr addrspace(1) %45, align 4
  %47 = add i64 54, %22
  %48 = getelementptr float, ptr addrspace(1) %1, i64 %47
  %49 = load <1 x float>, ptr addrspace(1) %48, align 4
  %50 = add i64 63, %22
  %51 = getelementptr float, ptr addrspace(1) %1, i64 %50
  %52 = load <1 x float>, ptr addrspace(1) %51, align 4
  %53 = extractelement <4 x float> %28, i64 0
  %54 = extractelement <4 x float> %28, i64 1
  %55 = extractelement <4 x float> %28, i64 2
  %56 = extractelement <4 x float> %28, i64 3
  %57 = extractelement <1 x float> %31, i64 0
  %58 = extractelement <1 x float> %43, i64 0
  %59 = extractelement <1 x float> %34, i64 0
  %60 = extractelement <1 x float> %46, i64 0
  %61 = extractelement <1 x float> %37, i64 0
  %62 = extractelement <1 x float> %49, i64 0
  %63 = extractelement <1 x float> %40, i64 0
  %64 = extractelement <1 x float> %52, i64 0
  %65 = extractelement <2 x float> %19, i64 1
  %66 = call float @__nv_fmaf(float %56, float %64, float %65)
  %67 = call float @__nv_fmaf(float %56, float %63, float %66)
  %68 = call float @__nv_fmaf(float %55, float %62, float %67)
  %69 = call float @__nv_fmaf(float %55, float %61, float %68)
  %70 = call float @__nv_fmaf(float %54, float %60, float %69)
  %71 = call float @__nv_fmaf(float %54, float %59, float %70)
  %72 = call float @__nv_fmaf(float %53, float %58, float %71)
  %73 = call float @__nv_fmaf(float %53, float %57, float %72)
  %74 = insertelement <2 x float> poison, float %73, i64 0
  %75 = add i32 %18, 1
  br label %17

76:                                               ; preds = %17
  %77 = fptrunc <2 x float> %19 to <2 x half>
  %78 = mul i64 %16, 2
  %79 = add i64 %78, 0
  %80 = getelementptr half, ptr addrspace(1) %2, i64 %79
  store <2 x half> %77, ptr addrspace(1) %80, align 2
  %81 = add i32 %13, 256
  br label %12

82:                                               ; preds = %12
  ret void
}

; Function Attrs: alwaysinline nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: alwaysinline nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: alwaysinline nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: alwaysinline nounwind
define internal float @__nv_fmaf(float %a, float %b, float %c) #3 {
  %1 = call i32 @__nvvm_reflect(ptr @.str) #6
  %2 = icmp ne i32 %1, 0
  br i1 %2, label %3, label %5

3:                                                ; preds = %0
  %4 = call float @llvm.nvvm.fma.rn.ftz.f(float %a, float %b, float %c) #6
  br label %__nv_fmaf_rn.exit

5:                                                ; preds = %0
  %6 = call float @llvm.nvvm.fma.rn.f(float %a, float %b, float %c) #6
  br label %__nv_fmaf_rn.exit

__nv_fmaf_rn.exit:                                ; preds = %3, %5
  %.0 = phi float [ %4, %3 ], [ %6, %5 ]
  ret float %.0
}

declare i32 @__nvvm_reflect(ptr) #4

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fma.rn.ftz.f(float, float, float) #5

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.nvvm.fma.rn.f(float, float, float) #5

attributes #0 = { alwaysinline "nvvm.maxntid"="32,8,1" }
attributes #1 = { alwaysinline nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { alwaysinline nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { alwaysinline nounwind "disable-tail-calls"="false" "frame-pointer"="all" "less-precise-fpmad"="false" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "stack-protector-buffer-size"="8" "unsafe-fp-math"="false" "use-soft-float"="false" }
attributes #4 = { "disable-tail-calls"="false" "frame-pointer"="all" "less-precise-fpmad"="false" "no-infs-fp-math"="false" "no-nans-fp-math"="false" "stack-protector-buffer-size"="8" "unsafe-fp-math"="false" "use-soft-float"="false" }
attributes #5 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { nounwind }

!llvm.module.flags = !{!0}
!llvm.ident = !{!1}
!nvvmir.version = !{!2}

!0 = !{i32 2, !"Debug Info Version", i32 3}
!1 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!2 = !{i32 2, i32 0}
