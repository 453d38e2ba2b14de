; buf[i] = a[i] * 3 + 1 by 16 scalar stores, then out = one <16 x i32> load of buf (64 bytes: half an HVX register
; in 128-byte mode); buf escapes to @use, so it stays in memory. Right at -O0; at -O1/-O2 the load runs too early.
target datalayout = "e-m:e-p:32:32:32-a:0-n16:32-i64:64:64-i32:32:32-i16:16:16-i1:8:8-f32:32:32-f64:64:64-v32:32:32-v64:64:64-v512:512:512-v1024:1024:1024-v2048:2048:2048"
target triple = "hexagon"

declare void @use(ptr, ptr)

define void @kernel(ptr noalias %a, ptr noalias %out, ptr noalias %out2) #0 {
entry:
  %buf = alloca [16 x i32], align 64
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %next, %fill ]
  %pa = getelementptr inbounds i32, ptr %a, i32 %i
  %x = load i32, ptr %pa, align 4
  %m = mul nsw i32 %x, 3
  %v = add nsw i32 %m, 1
  %pb = getelementptr inbounds i32, ptr %buf, i32 %i
  store i32 %v, ptr %pb, align 4
  %next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %next, 16
  br i1 %done, label %copy, label %fill
copy:
  %vec = load <16 x i32>, ptr %buf, align 64
  store <16 x i32> %vec, ptr %out, align 64
  call void @use(ptr %buf, ptr %out2)
  ret void
}

attributes #0 = { "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b" }
