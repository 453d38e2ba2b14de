; ModuleID = 'TVMMod'
source_filename = "TVMMod"
target datalayout = "e-m:e-p:32:32:32-a:0-n16:32-i64:64:64-i32:32:32-i16:16:16-i1:8:8-f32:32:32-f64:64:64-v32:32:32-v64:64:64-v512:512:512-v1024:1024:1024-v2048:2048:2048"
target triple = "hexagon"

@.str = private constant [10 x i8] c"TypeError\00", align 1
@.str.1 = private constant [10 x i8] c"Expected \00", align 1
@.str.2 = private constant [2 x i8] c"2\00", align 1
@.str.3 = private constant [11 x i8] c" arguments\00", align 1
@.str.4 = private constant [19 x i8] c" when calling:\0A  `\00", align 1
@.str.5 = private constant [63 x i8] c"main(in0: Tensor([6, 2, 2], int8), op0: Tensor([6, 6], int32))\00", align 1
@.str.6 = private constant [2 x i8] c"`\00", align 1
@.str.7 = private constant [21 x i8] c"args pointer is NULL\00", align 1
@.str.8 = private constant [30 x i8] c"Mismatched type on argument #\00", align 1
@.str.9 = private constant [2 x i8] c"0\00", align 1
@.str.10 = private constant [15 x i8] c"`,\0A  expected \00", align 1
@.str.11 = private constant [7 x i8] c"Tensor\00", align 1
@.str.12 = private constant [2 x i8] c"1\00", align 1
@.str.13 = private constant [11 x i8] c"ValueError\00", align 1
@.str.14 = private constant [12 x i8] c"Mismatched \00", align 1
@.str.15 = private constant [4 x i8] c"in0\00", align 1
@.str.16 = private constant [20 x i8] c".ndim on argument #\00", align 1
@.str.17 = private constant [2 x i8] c"3\00", align 1
@.str.18 = private constant [21 x i8] c".dtype on argument #\00", align 1
@.str.19 = private constant [5 x i8] c"int8\00", align 1
@.str.20 = private constant [27 x i8] c".device_type on argument #\00", align 1
@.str.21 = private constant [4 x i8] c"cpu\00", align 1
@.str.22 = private constant [4 x i8] c"op0\00", align 1
@.str.23 = private constant [6 x i8] c"int32\00", align 1
@.str.24 = private constant [23 x i8] c".strides on argument #\00", align 1
@.str.25 = private constant [34 x i8] c"`,\0A  expected to be compact array\00", align 1
@.str.26 = private constant [36 x i8] c" data pointer is NULL on argument #\00", align 1
@.str.27 = private constant [36 x i8] c"`,\0A  expected non-NULL data pointer\00", align 1
@.str.28 = private constant [14 x i8] c"op0.device_id\00", align 1
@.str.29 = private constant [15 x i8] c" on argument #\00", align 1
@.str.30 = private constant [24 x i8] c"`,\0A  expected to match \00", align 1
@.str.31 = private constant [14 x i8] c"in0.device_id\00", align 1
@.str.32 = private constant [9 x i8] c"Invalid \00", align 1
@.str.33 = private constant [13 x i8] c"in0.shape[0]\00", align 1
@.str.34 = private constant [2 x i8] c"6\00", align 1
@.str.35 = private constant [13 x i8] c"in0.shape[1]\00", align 1
@.str.36 = private constant [13 x i8] c"in0.shape[2]\00", align 1
@.str.37 = private constant [16 x i8] c"in0.byte_offset\00", align 1
@.str.38 = private constant [13 x i8] c"op0.shape[0]\00", align 1
@.str.39 = private constant [13 x i8] c"op0.shape[1]\00", align 1
@.str.40 = private constant [16 x i8] c"op0.byte_offset\00", align 1
@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer

define dllexport i32 @__tvm_ffi_main(ptr noalias readnone nocapture %self_handle, ptr noalias readonly %args, i32 %num_args, ptr noalias readnone nocapture %result) local_unnamed_addr #0 {
entry:
  %0 = icmp eq i32 %num_args, 2
  br i1 %0, label %assert_end, label %assert_fail, !prof !16

common.ret:                                       ; preds = %assert_end53, %assert_fail52, %assert_fail50, %assert_fail48, %assert_fail46, %assert_fail44, %assert_fail42, %assert_fail40, %assert_fail38, %assert_fail36, %assert_fail34, %assert_fail30, %assert_fail28, %assert_fail24, %assert_fail22, %assert_fail20, %assert_fail18, %assert_fail16, %assert_fail14, %assert_fail12, %assert_fail10, %assert_fail5, %assert_fail3, %assert_fail1, %assert_fail
  %common.ret.op = phi i32 [ -1, %assert_fail ], [ -1, %assert_fail1 ], [ -1, %assert_fail3 ], [ -1, %assert_fail5 ], [ -1, %assert_fail10 ], [ -1, %assert_fail12 ], [ -1, %assert_fail14 ], [ -1, %assert_fail16 ], [ -1, %assert_fail18 ], [ -1, %assert_fail20 ], [ -1, %assert_fail22 ], [ -1, %assert_fail24 ], [ -1, %assert_fail28 ], [ -1, %assert_fail30 ], [ -1, %assert_fail34 ], [ -1, %assert_fail36 ], [ -1, %assert_fail38 ], [ -1, %assert_fail40 ], [ -1, %assert_fail42 ], [ -1, %assert_fail44 ], [ -1, %assert_fail46 ], [ -1, %assert_fail48 ], [ -1, %assert_fail50 ], [ -1, %assert_fail52 ], [ 0, %assert_end53 ]
  ret i32 %common.ret.op

assert_fail:                                      ; preds = %entry
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.1, ptr nonnull @.str.2, ptr nonnull @.str.3, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.6)
  br label %common.ret

assert_end:                                       ; preds = %entry
  %.not = icmp eq ptr %args, null
  br i1 %.not, label %assert_fail1, label %assert_end2, !prof !17

assert_fail1:                                     ; preds = %assert_end
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 4, ptr nonnull @.str.7, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.6, ptr null, ptr null)
  br label %common.ret

assert_end2:                                      ; preds = %assert_end
  %in0.type_index = load i32, ptr %args, align 4
  %in0.type_index.fr = freeze i32 %in0.type_index
  %1 = icmp sgt i32 %in0.type_index.fr, 63
  br i1 %1, label %assert_end4, label %switch.early.test

switch.early.test:                                ; preds = %assert_end2
  switch i32 %in0.type_index.fr, label %assert_fail3 [
    i32 0, label %if_else
    i32 4, label %if_else
    i32 7, label %if_else
  ], !prof !19

assert_fail3:                                     ; preds = %switch.early.test
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end4:                                      ; preds = %assert_end2
  %2 = icmp eq i32 %in0.type_index.fr, 70
  br i1 %2, label %if_then, label %if_else

if_then:                                          ; preds = %assert_end4
  %3 = getelementptr inbounds i8, ptr %args, i32 8
  %4 = load ptr, ptr %3, align 4
  %5 = getelementptr inbounds i8, ptr %4, i32 24
  br label %if_end

if_else:                                          ; preds = %switch.early.test, %switch.early.test, %switch.early.test, %assert_end4
  %6 = getelementptr inbounds i8, ptr %args, i32 8
  %7 = load ptr, ptr %6, align 4
  br label %if_end

if_end:                                           ; preds = %if_else, %if_then
  %in0.handle = phi ptr [ %5, %if_then ], [ %7, %if_else ]
  %8 = getelementptr inbounds i8, ptr %args, i32 16
  %op0.type_index = load i32, ptr %8, align 4
  %op0.type_index.fr = freeze i32 %op0.type_index
  %9 = icmp sgt i32 %op0.type_index.fr, 63
  br i1 %9, label %assert_end6, label %switch.early.test54

switch.early.test54:                              ; preds = %if_end
  switch i32 %op0.type_index.fr, label %assert_fail5 [
    i32 0, label %if_else8
    i32 4, label %if_else8
    i32 7, label %if_else8
  ], !prof !19

assert_fail5:                                     ; preds = %switch.early.test54
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end6:                                      ; preds = %if_end
  %10 = icmp eq i32 %op0.type_index.fr, 70
  br i1 %10, label %if_then7, label %if_else8

if_then7:                                         ; preds = %assert_end6
  %11 = getelementptr inbounds i8, ptr %args, i32 24
  %12 = load ptr, ptr %11, align 4
  %13 = getelementptr inbounds i8, ptr %12, i32 24
  br label %if_end9

if_else8:                                         ; preds = %switch.early.test54, %switch.early.test54, %switch.early.test54, %assert_end6
  %14 = getelementptr inbounds i8, ptr %args, i32 24
  %15 = load ptr, ptr %14, align 4
  br label %if_end9

if_end9:                                          ; preds = %if_else8, %if_then7
  %op0.handle = phi ptr [ %13, %if_then7 ], [ %15, %if_else8 ]
  %.not55 = icmp eq ptr %in0.handle, null
  br i1 %.not55, label %assert_fail10, label %assert_end11, !prof !17

assert_fail10:                                    ; preds = %if_end9
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end11:                                     ; preds = %if_end9
  %16 = getelementptr inbounds i8, ptr %in0.handle, i32 12
  %17 = load i32, ptr %16, align 4
  %18 = icmp eq i32 %17, 3
  br i1 %18, label %assert_end13, label %assert_fail12, !prof !16

assert_fail12:                                    ; preds = %assert_end11
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.17)
  br label %common.ret

assert_end13:                                     ; preds = %assert_end11
  %19 = getelementptr inbounds i8, ptr %in0.handle, i32 18
  %20 = load i16, ptr %19, align 2
  %21 = icmp eq i16 %20, 1
  %22 = getelementptr inbounds i8, ptr %in0.handle, i32 17
  %23 = load i8, ptr %22, align 1
  %24 = icmp eq i8 %23, 8
  %25 = getelementptr inbounds i8, ptr %in0.handle, i32 16
  %26 = load i8, ptr %25, align 2
  %27 = icmp eq i8 %26, 0
  %28 = and i1 %24, %27
  %29 = and i1 %21, %28
  br i1 %29, label %assert_end15, label %assert_fail14, !prof !16

assert_fail14:                                    ; preds = %assert_end13
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.15, ptr nonnull @.str.18, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.19)
  br label %common.ret

assert_end15:                                     ; preds = %assert_end13
  %30 = getelementptr inbounds i8, ptr %in0.handle, i32 20
  %main.in0_shape = load ptr, ptr %30, align 4
  %31 = getelementptr inbounds i8, ptr %in0.handle, i32 24
  %main.in0_strides = load ptr, ptr %31, align 4
  %32 = getelementptr inbounds i8, ptr %in0.handle, i32 4
  %33 = load i32, ptr %32, align 4
  %34 = icmp eq i32 %33, 1
  br i1 %34, label %assert_end17, label %assert_fail16, !prof !16

assert_fail16:                                    ; preds = %assert_end15
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.15, ptr nonnull @.str.20, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.21)
  br label %common.ret

assert_end17:                                     ; preds = %assert_end15
  %35 = getelementptr inbounds i8, ptr %in0.handle, i32 8
  %dev_id = load i32, ptr %35, align 4
  %.not56 = icmp eq ptr %op0.handle, null
  br i1 %.not56, label %assert_fail18, label %assert_end19, !prof !17

assert_fail18:                                    ; preds = %assert_end17
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end19:                                     ; preds = %assert_end17
  %36 = getelementptr inbounds i8, ptr %op0.handle, i32 12
  %37 = load i32, ptr %36, align 4
  %38 = icmp eq i32 %37, 2
  br i1 %38, label %assert_end21, label %assert_fail20, !prof !16

assert_fail20:                                    ; preds = %assert_end19
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.22, ptr nonnull @.str.16, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.2)
  br label %common.ret

assert_end21:                                     ; preds = %assert_end19
  %39 = getelementptr inbounds i8, ptr %op0.handle, i32 18
  %40 = load i16, ptr %39, align 2
  %41 = icmp eq i16 %40, 1
  %42 = getelementptr inbounds i8, ptr %op0.handle, i32 17
  %43 = load i8, ptr %42, align 1
  %44 = icmp eq i8 %43, 32
  %45 = getelementptr inbounds i8, ptr %op0.handle, i32 16
  %46 = load i8, ptr %45, align 2
  %47 = icmp eq i8 %46, 0
  %48 = and i1 %44, %47
  %49 = and i1 %41, %48
  br i1 %49, label %assert_end23, label %assert_fail22, !prof !16

assert_fail22:                                    ; preds = %assert_end21
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.22, ptr nonnull @.str.18, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.23)
  br label %common.ret

assert_end23:                                     ; preds = %assert_end21
  %50 = getelementptr inbounds i8, ptr %op0.handle, i32 20
  %main.op0_shape = load ptr, ptr %50, align 4
  %51 = getelementptr inbounds i8, ptr %op0.handle, i32 24
  %main.op0_strides = load ptr, ptr %51, align 4
  %52 = getelementptr inbounds i8, ptr %op0.handle, i32 4
  %53 = load i32, ptr %52, align 4
  %54 = icmp eq i32 %53, 1
  br i1 %54, label %assert_end25, label %assert_fail24, !prof !16

assert_fail24:                                    ; preds = %assert_end23
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.22, ptr nonnull @.str.20, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.21)
  br label %common.ret

assert_end25:                                     ; preds = %assert_end23
  %.not57 = icmp eq ptr %main.in0_strides, null
  br i1 %.not57, label %if_end27, label %if_then26, !prof !17

if_then26:                                        ; preds = %assert_end25
  %55 = load i64, ptr %main.in0_strides, align 8
  %56 = trunc i64 %55 to i32
  %57 = icmp eq i32 %56, 4
  %58 = getelementptr inbounds i8, ptr %main.in0_strides, i32 8
  %59 = load i64, ptr %58, align 8
  %60 = trunc i64 %59 to i32
  %61 = icmp eq i32 %60, 2
  %62 = getelementptr inbounds i8, ptr %main.in0_strides, i32 16
  %63 = load i64, ptr %62, align 8
  %64 = trunc i64 %63 to i32
  %65 = icmp eq i32 %64, 1
  %66 = and i1 %61, %65
  %67 = and i1 %57, %66
  br i1 %67, label %if_end27, label %assert_fail28, !prof !16

if_end27:                                         ; preds = %if_then26, %assert_end25
  %68 = load ptr, ptr %in0.handle, align 4
  %.not58 = icmp eq ptr %68, null
  br i1 %.not58, label %assert_fail30, label %assert_end31, !prof !17

assert_fail28:                                    ; preds = %if_then26
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 7, ptr nonnull @.str.14, ptr nonnull @.str.15, ptr nonnull @.str.24, ptr nonnull @.str.9, ptr nonnull @.str.25, ptr null)
  br label %common.ret

assert_fail30:                                    ; preds = %if_end27
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.13, i32 6, ptr nonnull @.str.15, ptr nonnull @.str.26, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.27)
  br label %common.ret

assert_end31:                                     ; preds = %if_end27
  %.not59 = icmp eq ptr %main.op0_strides, null
  br i1 %.not59, label %if_end33, label %if_then32, !prof !17

if_then32:                                        ; preds = %assert_end31
  %69 = load i64, ptr %main.op0_strides, align 8
  %70 = trunc i64 %69 to i32
  %71 = icmp eq i32 %70, 6
  %72 = getelementptr inbounds i8, ptr %main.op0_strides, i32 8
  %73 = load i64, ptr %72, align 8
  %74 = trunc i64 %73 to i32
  %75 = icmp eq i32 %74, 1
  %76 = and i1 %71, %75
  br i1 %76, label %if_end33, label %assert_fail34, !prof !16

if_end33:                                         ; preds = %if_then32, %assert_end31
  %77 = getelementptr inbounds i8, ptr %op0.handle, i32 8
  %78 = load i32, ptr %77, align 4
  %79 = icmp eq i32 %dev_id, %78
  br i1 %79, label %assert_end37, label %assert_fail36, !prof !16

assert_fail34:                                    ; preds = %if_then32
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 7, ptr nonnull @.str.14, ptr nonnull @.str.22, ptr nonnull @.str.24, ptr nonnull @.str.12, ptr nonnull @.str.25, ptr null)
  br label %common.ret

assert_fail36:                                    ; preds = %if_end33
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.14, ptr nonnull @.str.28, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.30, ptr nonnull @.str.31)
  br label %common.ret

assert_end37:                                     ; preds = %if_end33
  %80 = load ptr, ptr %op0.handle, align 4
  %.not60 = icmp eq ptr %80, null
  br i1 %.not60, label %assert_fail38, label %assert_end39, !prof !17

assert_fail38:                                    ; preds = %assert_end37
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.13, i32 6, ptr nonnull @.str.22, ptr nonnull @.str.26, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.27)
  br label %common.ret

assert_end39:                                     ; preds = %assert_end37
  %81 = load i64, ptr %main.in0_shape, align 8
  %82 = trunc i64 %81 to i32
  %83 = icmp eq i32 %82, 6
  br i1 %83, label %assert_end41, label %assert_fail40, !prof !16

assert_fail40:                                    ; preds = %assert_end39
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.33, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.34)
  br label %common.ret

assert_end41:                                     ; preds = %assert_end39
  %84 = getelementptr inbounds i8, ptr %main.in0_shape, i32 8
  %85 = load i64, ptr %84, align 8
  %86 = trunc i64 %85 to i32
  %87 = icmp eq i32 %86, 2
  br i1 %87, label %assert_end43, label %assert_fail42, !prof !16

assert_fail42:                                    ; preds = %assert_end41
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.35, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.2)
  br label %common.ret

assert_end43:                                     ; preds = %assert_end41
  %88 = getelementptr inbounds i8, ptr %main.in0_shape, i32 16
  %89 = load i64, ptr %88, align 8
  %90 = trunc i64 %89 to i32
  %91 = icmp eq i32 %90, 2
  br i1 %91, label %assert_end45, label %assert_fail44, !prof !16

assert_fail44:                                    ; preds = %assert_end43
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.36, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.2)
  br label %common.ret

assert_end45:                                     ; preds = %assert_end43
  %92 = getelementptr inbounds i8, ptr %in0.handle, i32 32
  %93 = load i64, ptr %92, align 8
  %94 = icmp eq i64 %93, 0
  br i1 %94, label %assert_end47, label %assert_fail46, !prof !16

assert_fail46:                                    ; preds = %assert_end45
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.37, ptr nonnull @.str.29, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.9)
  br label %common.ret

assert_end47:                                     ; preds = %assert_end45
  %95 = load i64, ptr %main.op0_shape, align 8
  %96 = trunc i64 %95 to i32
  %97 = icmp eq i32 %96, 6
  br i1 %97, label %assert_end49, label %assert_fail48, !prof !16

assert_fail48:                                    ; preds = %assert_end47
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.38, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.34)
  br label %common.ret

assert_end49:                                     ; preds = %assert_end47
  %98 = getelementptr inbounds i8, ptr %main.op0_shape, i32 8
  %99 = load i64, ptr %98, align 8
  %100 = trunc i64 %99 to i32
  %101 = icmp eq i32 %100, 6
  br i1 %101, label %assert_end51, label %assert_fail50, !prof !16

assert_fail50:                                    ; preds = %assert_end49
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.39, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.34)
  br label %common.ret

assert_end51:                                     ; preds = %assert_end49
  %102 = getelementptr inbounds i8, ptr %op0.handle, i32 32
  %103 = load i64, ptr %102, align 8
  %104 = icmp eq i64 %103, 0
  br i1 %104, label %assert_end53, label %assert_fail52, !prof !16

assert_fail52:                                    ; preds = %assert_end51
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.13, i32 8, ptr nonnull @.str.32, ptr nonnull @.str.40, ptr nonnull @.str.29, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.9)
  br label %common.ret

assert_end53:                                     ; preds = %assert_end51
  call void @llvm.assume(i1 true) [ "align"(ptr %68, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %80, i32 64) ]
  tail call fastcc void @main_compute_(ptr nonnull %68, ptr nonnull %80)
  br label %common.ret
}

; Function Attrs: noinline
define internal fastcc void @__tvm_set_raised_6(ptr %0, i32 %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7) unnamed_addr #1 {
entry:
  %8 = alloca [6 x ptr], align 4
  store ptr %2, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %8, i32 4
  store ptr %3, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %8, i32 8
  store ptr %4, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %8, i32 12
  store ptr %5, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %8, i32 16
  store ptr %6, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %8, i32 20
  store ptr %7, ptr %13, align 4
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr nonnull %8, i32 %1)
  ret void
}

declare void @TVMFFIErrorSetRaisedFromCStrParts(ptr, ptr, i32) local_unnamed_addr

; Function Attrs: noinline
define internal fastcc void @__tvm_set_raised_12(ptr %0, i32 %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7) unnamed_addr #1 {
entry:
  %8 = alloca [12 x ptr], align 4
  store ptr %2, ptr %8, align 4
  %9 = getelementptr inbounds i8, ptr %8, i32 4
  store ptr %3, ptr %9, align 4
  %10 = getelementptr inbounds i8, ptr %8, i32 8
  store ptr %4, ptr %10, align 4
  %11 = getelementptr inbounds i8, ptr %8, i32 12
  store ptr %5, ptr %11, align 4
  %12 = getelementptr inbounds i8, ptr %8, i32 16
  store ptr @.str.4, ptr %12, align 4
  %13 = getelementptr inbounds i8, ptr %8, i32 20
  store ptr @.str.5, ptr %13, align 4
  %14 = getelementptr inbounds i8, ptr %8, i32 24
  store ptr %6, ptr %14, align 4
  %15 = getelementptr inbounds i8, ptr %8, i32 28
  store ptr %7, ptr %15, align 4
  %16 = getelementptr inbounds i8, ptr %8, i32 32
  call void @llvm.memset.p0.i64(ptr noundef nonnull align 4 dereferenceable(16) %16, i8 0, i64 16, i1 false)
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr nonnull %8, i32 %1)
  ret void
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: write)
define internal fastcc void @main_compute_(ptr noalias readonly align 64 nocapture %in0, ptr noalias writeonly align 64 nocapture %op0) unnamed_addr #3 {
entry:
  call void @llvm.assume(i1 true) [ "align"(ptr %in0, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %op0, i32 64) ]
  %0 = load i8, ptr %in0, align 64, !tbaa !53
  %1 = getelementptr inbounds i8, ptr %in0, i32 4
  %2 = load i8, ptr %1, align 4, !tbaa !53
  %3 = getelementptr inbounds i8, ptr %in0, i32 8
  %4 = load i8, ptr %3, align 8, !tbaa !53
  %5 = insertelement <3 x i8> poison, i8 %0, i64 0
  %6 = insertelement <3 x i8> %5, i8 %2, i64 1
  %7 = insertelement <3 x i8> %6, i8 %4, i64 2
  %8 = getelementptr inbounds i8, ptr %in0, i32 3
  %9 = load i8, ptr %8, align 1, !tbaa !53
  %10 = getelementptr inbounds i8, ptr %in0, i32 7
  %11 = load i8, ptr %10, align 1, !tbaa !53
  %12 = getelementptr inbounds i8, ptr %in0, i32 11
  %13 = load i8, ptr %12, align 1, !tbaa !53
  %14 = insertelement <3 x i8> poison, i8 %9, i64 0
  %15 = insertelement <3 x i8> %14, i8 %11, i64 1
  %16 = insertelement <3 x i8> %15, i8 %13, i64 2
  %17 = tail call <3 x i8> @llvm.smax.v3i8(<3 x i8> %7, <3 x i8> %16)
  %18 = sext <3 x i8> %17 to <3 x i32>
  %op0_global1.sroa.0.0.vec.expand10 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.24.vec.expand20 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.24.vecblend21 = shufflevector <36 x i32> %op0_global1.sroa.0.0.vec.expand10, <36 x i32> %op0_global1.sroa.0.24.vec.expand20, <36 x i32> <i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 42, i32 43, i32 44, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.48.vec.expand30 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.48.vecblend31 = shufflevector <36 x i32> %op0_global1.sroa.0.24.vecblend21, <36 x i32> %op0_global1.sroa.0.48.vec.expand30, <36 x i32> <i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 6, i32 7, i32 8, i32 poison, i32 poison, i32 poison, i32 48, i32 49, i32 50, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %19 = getelementptr inbounds i8, ptr %in0, i32 12
  %20 = load i8, ptr %19, align 4, !tbaa !53
  %21 = getelementptr inbounds i8, ptr %in0, i32 16
  %22 = load i8, ptr %21, align 16, !tbaa !53
  %23 = getelementptr inbounds i8, ptr %in0, i32 20
  %24 = load i8, ptr %23, align 4, !tbaa !53
  %25 = insertelement <3 x i8> poison, i8 %20, i64 0
  %26 = insertelement <3 x i8> %25, i8 %22, i64 1
  %27 = insertelement <3 x i8> %26, i8 %24, i64 2
  %28 = getelementptr inbounds i8, ptr %in0, i32 15
  %29 = load i8, ptr %28, align 1, !tbaa !53
  %30 = getelementptr inbounds i8, ptr %in0, i32 19
  %31 = load i8, ptr %30, align 1, !tbaa !53
  %32 = getelementptr inbounds i8, ptr %in0, i32 23
  %33 = load i8, ptr %32, align 1, !tbaa !53
  %34 = insertelement <3 x i8> poison, i8 %29, i64 0
  %35 = insertelement <3 x i8> %34, i8 %31, i64 1
  %36 = insertelement <3 x i8> %35, i8 %33, i64 2
  %37 = tail call <3 x i8> @llvm.smax.v3i8(<3 x i8> %27, <3 x i8> %36)
  %38 = sext <3 x i8> %37 to <3 x i32>
  %op0_global1.sroa.0.12.vec.expand15 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.12.vecblend16 = shufflevector <36 x i32> %op0_global1.sroa.0.48.vecblend31, <36 x i32> %op0_global1.sroa.0.12.vec.expand15, <36 x i32> <i32 0, i32 1, i32 2, i32 39, i32 40, i32 41, i32 6, i32 7, i32 8, i32 poison, i32 poison, i32 poison, i32 12, i32 13, i32 14, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.36.vec.expand25 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.36.vecblend26 = shufflevector <36 x i32> %op0_global1.sroa.0.12.vecblend16, <36 x i32> %op0_global1.sroa.0.36.vec.expand25, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 45, i32 46, i32 47, i32 12, i32 13, i32 14, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.60.vec.expand35 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.60.vecblend36 = shufflevector <36 x i32> %op0_global1.sroa.0.36.vecblend26, <36 x i32> %op0_global1.sroa.0.60.vec.expand35, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 51, i32 52, i32 53, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.72.vec.expand40 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.72.vecblend41 = shufflevector <36 x i32> %op0_global1.sroa.0.60.vecblend36, <36 x i32> %op0_global1.sroa.0.72.vec.expand40, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 54, i32 55, i32 56, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.96.vec.expand50 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.96.vecblend51 = shufflevector <36 x i32> %op0_global1.sroa.0.72.vecblend41, <36 x i32> %op0_global1.sroa.0.96.vec.expand50, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 poison, i32 poison, i32 poison, i32 60, i32 61, i32 62, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.120.vec.expand60 = shufflevector <3 x i32> %18, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.120.vecblend61 = shufflevector <36 x i32> %op0_global1.sroa.0.96.vecblend51, <36 x i32> %op0_global1.sroa.0.120.vec.expand60, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 poison, i32 poison, i32 poison, i32 24, i32 25, i32 26, i32 poison, i32 poison, i32 poison, i32 66, i32 67, i32 68, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.84.vec.expand45 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.84.vecblend46 = shufflevector <36 x i32> %op0_global1.sroa.0.120.vecblend61, <36 x i32> %op0_global1.sroa.0.84.vec.expand45, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 57, i32 58, i32 59, i32 24, i32 25, i32 26, i32 poison, i32 poison, i32 poison, i32 30, i32 31, i32 32, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.108.vec.expand55 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.108.vecblend56 = shufflevector <36 x i32> %op0_global1.sroa.0.84.vecblend46, <36 x i32> %op0_global1.sroa.0.108.vec.expand55, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 63, i32 64, i32 65, i32 30, i32 31, i32 32, i32 poison, i32 poison, i32 poison>
  %op0_global1.sroa.0.132.vec.expand65 = shufflevector <3 x i32> %38, <3 x i32> poison, <36 x i32> <i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 poison, i32 0, i32 1, i32 2>
  %op0_global1.sroa.0.132.vecblend66 = shufflevector <36 x i32> %op0_global1.sroa.0.108.vecblend56, <36 x i32> %op0_global1.sroa.0.132.vec.expand65, <36 x i32> <i32 0, i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 32, i32 69, i32 70, i32 71>
  store <36 x i32> %op0_global1.sroa.0.132.vecblend66, ptr %op0, align 64, !tbaa !57
  ret void
}

; Function Attrs: nofree nosync nounwind memory(none)
define weak dso_local i16 @__truncsfhf2(float %a0) local_unnamed_addr #4 section ".text.tvm.fp16.conv" {
b0:
  %v0 = bitcast float %a0 to i32
  %0 = tail call float @llvm.fabs.f32(float %a0)
  %v1 = bitcast float %0 to i32
  %v2 = add nsw i32 %v1, -947912704
  %v3 = add nsw i32 %v1, -1199570944
  %v4 = icmp ult i32 %v2, %v3
  br i1 %v4, label %b1, label %b5

b1:                                               ; preds = %b0
  %v5 = lshr i32 %v0, 13
  %v7 = add nsw i32 %v5, -114688
  %v8 = and i32 %v0, 8191
  %v9 = icmp ugt i32 %v8, 4096
  br i1 %v9, label %b2, label %b3

b2:                                               ; preds = %b1
  %v10 = add nsw i32 %v5, -114687
  br label %b13

b3:                                               ; preds = %b1
  %v11 = icmp eq i32 %v8, 4096
  br i1 %v11, label %b4, label %b13

b4:                                               ; preds = %b3
  %v13 = and i32 %v5, 1
  %v14 = add nsw i32 %v7, %v13
  br label %b13

b5:                                               ; preds = %b0
  %v15 = icmp ugt i32 %v1, 2139095040
  br i1 %v15, label %b6, label %b7

b6:                                               ; preds = %b5
  %v16 = lshr i32 %v0, 13
  %v17 = and i32 %v16, 511
  %v18 = or i32 %v17, 32256
  br label %b13

b7:                                               ; preds = %b5
  %v19 = icmp ugt i32 %v1, 1199570943
  br i1 %v19, label %b13, label %b8

b8:                                               ; preds = %b7
  %v20 = icmp ult i32 %v1, 754974720
  br i1 %v20, label %b13, label %b9

b9:                                               ; preds = %b8
  %v21 = lshr i32 %v1, 23
  %v22 = sub nsw i32 113, %v21
  %v23 = and i32 %v0, 8388607
  %v24 = or i32 %v23, 8388608
  %v25 = add nsw i32 %v21, -81
  %v26 = shl i32 %v24, %v25
  %v27 = icmp ne i32 %v26, 0
  %v28 = lshr i32 %v24, %v22
  %v29 = zext i1 %v27 to i32
  %v30 = lshr i32 %v28, 13
  %v31 = and i32 %v28, 8191
  %v32 = or i32 %v31, %v29
  %v33 = icmp ugt i32 %v32, 4096
  br i1 %v33, label %b10, label %b11

b10:                                              ; preds = %b9
  %v34 = add nuw nsw i32 %v30, 1
  br label %b13

b11:                                              ; preds = %b9
  %v35 = icmp eq i32 %v32, 4096
  br i1 %v35, label %b12, label %b13

b12:                                              ; preds = %b11
  %v36 = and i32 %v30, 1
  %v37 = add nuw nsw i32 %v36, %v30
  br label %b13

b13:                                              ; preds = %b12, %b11, %b10, %b8, %b7, %b6, %b4, %b3, %b2
  %v38 = phi i32 [ %v18, %b6 ], [ %v10, %b2 ], [ %v14, %b4 ], [ %v7, %b3 ], [ 31744, %b7 ], [ 0, %b8 ], [ %v34, %b10 ], [ %v37, %b12 ], [ %v30, %b11 ]
  %v39 = lshr i32 %v0, 16
  %v40 = and i32 %v39, 32768
  %v41 = or i32 %v38, %v40
  %vlast = trunc i32 %v41 to i16
  ret i16 %vlast
}

; Function Attrs: nofree nosync nounwind memory(none)
define weak dso_local float @__extendhfsf2(i16 %a0) local_unnamed_addr #4 section ".text.tvm.fp16.conv" {
b0:
  %v1 = and i16 %a0, 32767
  %v2 = zext i16 %v1 to i32
  %v3 = add nsw i16 %v1, -1024
  %v4 = icmp ult i16 %v3, 30720
  br i1 %v4, label %b1, label %b2

b1:                                               ; preds = %b0
  %v5 = shl nuw nsw i32 %v2, 13
  %v6 = add nuw nsw i32 %v5, 939524096
  br label %b6

b2:                                               ; preds = %b0
  %v7 = icmp ugt i16 %v1, 31743
  br i1 %v7, label %b3, label %b4

b3:                                               ; preds = %b2
  %v8 = shl nuw nsw i32 %v2, 13
  %v9 = or i32 %v8, 2139095040
  br label %b6

b4:                                               ; preds = %b2
  %v10 = icmp eq i16 %v1, 0
  br i1 %v10, label %b6, label %b5

b5:                                               ; preds = %b4
  %v11 = icmp ult i16 %v1, 256
  %v12 = lshr i32 %v2, 8
  %v13 = select i1 %v11, i32 %v2, i32 %v12
  %v14 = select i1 %v11, i32 32, i32 24
  %v15 = icmp ult i32 %v13, 16
  %v16 = lshr i32 %v13, 4
  %v17 = add nsw i32 %v14, -4
  %v18 = select i1 %v15, i32 %v13, i32 %v16
  %v19 = select i1 %v15, i32 %v14, i32 %v17
  %v20 = icmp ult i32 %v18, 4
  %v21 = lshr i32 %v18, 2
  %v22 = add nsw i32 %v19, -2
  %v23 = select i1 %v20, i32 %v18, i32 %v21
  %v24 = select i1 %v20, i32 %v19, i32 %v22
  %v25 = icmp ult i32 %v23, 2
  %v26 = sub nsw i32 0, %v23
  %v27 = select i1 %v25, i32 %v26, i32 -2
  %v28 = add nsw i32 %v27, %v24
  %v29 = add nsw i32 %v28, -8
  %v30 = shl i32 %v2, %v29
  %v31 = xor i32 %v30, 8388608
  %v32 = shl i32 %v28, 23
  %v33 = sub i32 1124073472, %v32
  %v34 = or i32 %v31, %v33
  br label %b6

b6:                                               ; preds = %b5, %b4, %b3, %b1
  %v35 = phi i32 [ %v6, %b1 ], [ %v9, %b3 ], [ %v34, %b5 ], [ 0, %b4 ]
  %v36 = and i16 %a0, -32768
  %v37 = zext i16 %v36 to i32
  %v38 = shl nuw i32 %v37, 16
  %v39 = or i32 %v35, %v38
  %v40 = bitcast i32 %v39 to float
  ret float %v40
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #5

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly nocapture, i8, i64, i1 immarg) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare <3 x i8> @llvm.smax.v3i8(<3 x i8>, <3 x i8>) #5

attributes #0 = { "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #1 = { noinline }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite, inaccessiblemem: write) "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #4 = { nofree nosync nounwind memory(none) "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #5 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #6 = { nocallback nofree nounwind willreturn memory(argmem: write) }

!llvm.module.flags = !{!2, !3, !4}

!2 = !{i32 2, !"tvm_target", !"{\22kind\22:\22llvm\22,\22mtriple\22:\22hexagon\22,\22mcpu\22:\22hexagonv68\22,\22mattr\22:[\22+hvxv68\22,\22+hvx-length128b\22,\22-hvx-qfloat\22,\22-hvx-ieee-fp\22]}"}
!3 = !{i32 4, !"Debug Info Version", i32 3}
!4 = !{i32 4, !"Dwarf Version", i32 4}
!7 = !{}
!10 = !{}
!16 = !{!"branch_weights", i32 1048576, i32 1}
!17 = !{!"branch_weights", i32 1, i32 1048576}
!19 = !{!"branch_weights", i32 1, i32 349525, i32 349525, i32 349525}
!37 = !{}
!38 = !{}
!53 = !{!54, !54, i64 0}
!54 = !{!"0x55df329072a0", !55, i64 0}
!55 = !{!"tvm-tbaa"}
!57 = !{!58, !58, i64 0}
!58 = !{!"0x55df32d66c80.w256.b0", !59, i64 0}
!59 = !{!"0x55df32d66c80.w512.b0", !60, i64 0}
!60 = !{!"0x55df32d66c80.w1024.b0", !61, i64 0}
!61 = !{!"0x55df32d66c80", !55, i64 0}
