target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-conda-linux-gnu"

define fastcc <4 x float> @main_compute_() {
entry:
  %group_conv2d_nchw_intermediate1 = alloca [56 x float], align 16
  %0 = getelementptr i8, ptr %group_conv2d_nchw_intermediate1, i64 168
  store <2 x float> zeroinitializer, ptr %0, align 8
  %1 = shufflevector <4 x float> zeroinitializer, <4 x float> zeroinitializer, <2 x i32> <i32 2, i32 6>
  %2 = getelementptr i8, ptr %group_conv2d_nchw_intermediate1, i64 160
  store <2 x float> %1, ptr %2, align 16
  %3 = getelementptr i8, ptr %group_conv2d_nchw_intermediate1, i64 160
  %4 = load <4 x float>, ptr %3, align 16
  ret <4 x float> %4
}
