; ModuleID = 'TVMMod'
source_filename = "TVMMod"
target datalayout = "e-m:e-p:32:32:32-a:0-n16:32-i64:64:64-i32:32:32-i16:16:16-i1:8:8-f32:32:32-f64:64:64-v32:32:32-v64:64:64-v512:512:512-v1024:1024:1024-v2048:2048:2048"
target triple = "hexagon"

%closure_loop_parallel_i0_i1_i2_fused = type { ptr, ptr }
%closure_loop_parallel_i0_i1_i2_r3_0_fused = type { ptr, ptr }

@__TVMBackendParallelLaunch = linkonce dllexport local_unnamed_addr global ptr null, align 4
@.str = private constant [10 x i8] c"TypeError\00", align 1
@.str.1 = private constant [10 x i8] c"Expected \00", align 1
@.str.2 = private constant [2 x i8] c"3\00", align 1
@.str.3 = private constant [11 x i8] c" arguments\00", align 1
@.str.4 = private constant [19 x i8] c" when calling:\0A  `\00", align 1
@.str.5 = private constant [102 x i8] c"main(in0: Tensor([1, 8, 9, 4], int8), in1: Tensor([8, 1, 5, 2], int8), op1: Tensor([1, 8, 1], int32))\00", align 1
@.str.6 = private constant [2 x i8] c"`\00", align 1
@.str.7 = private constant [21 x i8] c"args pointer is NULL\00", align 1
@.str.8 = private constant [30 x i8] c"Mismatched type on argument #\00", align 1
@.str.9 = private constant [2 x i8] c"0\00", align 1
@.str.10 = private constant [15 x i8] c"`,\0A  expected \00", align 1
@.str.11 = private constant [7 x i8] c"Tensor\00", align 1
@.str.12 = private constant [2 x i8] c"1\00", align 1
@.str.13 = private constant [2 x i8] c"2\00", align 1
@.str.14 = private constant [11 x i8] c"ValueError\00", align 1
@.str.15 = private constant [12 x i8] c"Mismatched \00", align 1
@.str.16 = private constant [4 x i8] c"in0\00", align 1
@.str.17 = private constant [20 x i8] c".ndim on argument #\00", align 1
@.str.18 = private constant [2 x i8] c"4\00", align 1
@.str.19 = private constant [21 x i8] c".dtype on argument #\00", align 1
@.str.20 = private constant [5 x i8] c"int8\00", align 1
@.str.21 = private constant [27 x i8] c".device_type on argument #\00", align 1
@.str.22 = private constant [4 x i8] c"cpu\00", align 1
@.str.23 = private constant [4 x i8] c"in1\00", align 1
@.str.24 = private constant [4 x i8] c"op1\00", align 1
@.str.25 = private constant [6 x i8] c"int32\00", align 1
@.str.26 = private constant [23 x i8] c".strides on argument #\00", align 1
@.str.27 = private constant [34 x i8] c"`,\0A  expected to be compact array\00", align 1
@.str.28 = private constant [36 x i8] c" data pointer is NULL on argument #\00", align 1
@.str.29 = private constant [36 x i8] c"`,\0A  expected non-NULL data pointer\00", align 1
@.str.30 = private constant [14 x i8] c"in1.device_id\00", align 1
@.str.31 = private constant [15 x i8] c" on argument #\00", align 1
@.str.32 = private constant [24 x i8] c"`,\0A  expected to match \00", align 1
@.str.33 = private constant [14 x i8] c"in0.device_id\00", align 1
@.str.34 = private constant [14 x i8] c"op1.device_id\00", align 1
@.str.35 = private constant [9 x i8] c"Invalid \00", align 1
@.str.36 = private constant [13 x i8] c"in0.shape[0]\00", align 1
@.str.37 = private constant [13 x i8] c"in0.shape[1]\00", align 1
@.str.38 = private constant [2 x i8] c"8\00", align 1
@.str.39 = private constant [13 x i8] c"in0.shape[2]\00", align 1
@.str.40 = private constant [2 x i8] c"9\00", align 1
@.str.41 = private constant [13 x i8] c"in0.shape[3]\00", align 1
@.str.42 = private constant [16 x i8] c"in0.byte_offset\00", align 1
@.str.43 = private constant [13 x i8] c"in1.shape[0]\00", align 1
@.str.44 = private constant [13 x i8] c"in1.shape[1]\00", align 1
@.str.45 = private constant [13 x i8] c"in1.shape[2]\00", align 1
@.str.46 = private constant [2 x i8] c"5\00", align 1
@.str.47 = private constant [13 x i8] c"in1.shape[3]\00", align 1
@.str.48 = private constant [16 x i8] c"in1.byte_offset\00", align 1
@.str.49 = private constant [13 x i8] c"op1.shape[0]\00", align 1
@.str.50 = private constant [13 x i8] c"op1.shape[1]\00", align 1
@.str.51 = private constant [13 x i8] c"op1.shape[2]\00", align 1
@.str.52 = private constant [16 x i8] c"op1.byte_offset\00", align 1
@llvm.global_ctors = appending global [0 x { i32, ptr, ptr }] zeroinitializer

define dllexport i32 @__tvm_ffi_main(ptr noalias readnone nocapture %self_handle, ptr noalias readonly %args, i32 %num_args, ptr noalias readnone nocapture %result) local_unnamed_addr #0 {
entry:
  %0 = icmp eq i32 %num_args, 3
  br i1 %0, label %assert_end, label %assert_fail, !prof !16

common.ret:                                       ; preds = %assert_end88, %assert_fail87, %assert_fail85, %assert_fail83, %assert_fail81, %assert_fail79, %assert_fail77, %assert_fail75, %assert_fail73, %assert_fail71, %assert_fail69, %assert_fail67, %assert_fail65, %assert_fail63, %assert_fail61, %assert_fail59, %assert_fail57, %assert_fail55, %assert_fail51, %assert_fail49, %assert_fail47, %assert_fail43, %assert_fail41, %assert_fail37, %assert_fail35, %assert_fail33, %assert_fail31, %assert_fail29, %assert_fail27, %assert_fail25, %assert_fail23, %assert_fail21, %assert_fail19, %assert_fail17, %assert_fail15, %assert_fail10, %assert_fail5, %assert_fail3, %assert_fail1, %assert_fail
  %common.ret.op = phi i32 [ -1, %assert_fail ], [ -1, %assert_fail1 ], [ -1, %assert_fail3 ], [ -1, %assert_fail5 ], [ -1, %assert_fail10 ], [ -1, %assert_fail15 ], [ -1, %assert_fail17 ], [ -1, %assert_fail19 ], [ -1, %assert_fail21 ], [ -1, %assert_fail23 ], [ -1, %assert_fail25 ], [ -1, %assert_fail27 ], [ -1, %assert_fail29 ], [ -1, %assert_fail31 ], [ -1, %assert_fail33 ], [ -1, %assert_fail35 ], [ -1, %assert_fail37 ], [ -1, %assert_fail41 ], [ -1, %assert_fail43 ], [ -1, %assert_fail47 ], [ -1, %assert_fail49 ], [ -1, %assert_fail51 ], [ -1, %assert_fail55 ], [ -1, %assert_fail57 ], [ -1, %assert_fail59 ], [ -1, %assert_fail61 ], [ -1, %assert_fail63 ], [ -1, %assert_fail65 ], [ -1, %assert_fail67 ], [ -1, %assert_fail69 ], [ -1, %assert_fail71 ], [ -1, %assert_fail73 ], [ -1, %assert_fail75 ], [ -1, %assert_fail77 ], [ -1, %assert_fail79 ], [ -1, %assert_fail81 ], [ -1, %assert_fail83 ], [ -1, %assert_fail85 ], [ -1, %assert_fail87 ], [ %172, %assert_end88 ]
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
  %in1.type_index = load i32, ptr %8, align 4
  %in1.type_index.fr = freeze i32 %in1.type_index
  %9 = icmp sgt i32 %in1.type_index.fr, 63
  br i1 %9, label %assert_end6, label %switch.early.test89

switch.early.test89:                              ; preds = %if_end
  switch i32 %in1.type_index.fr, label %assert_fail5 [
    i32 0, label %if_else8
    i32 4, label %if_else8
    i32 7, label %if_else8
  ], !prof !19

assert_fail5:                                     ; preds = %switch.early.test89
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end6:                                      ; preds = %if_end
  %10 = icmp eq i32 %in1.type_index.fr, 70
  br i1 %10, label %if_then7, label %if_else8

if_then7:                                         ; preds = %assert_end6
  %11 = getelementptr inbounds i8, ptr %args, i32 24
  %12 = load ptr, ptr %11, align 4
  %13 = getelementptr inbounds i8, ptr %12, i32 24
  br label %if_end9

if_else8:                                         ; preds = %switch.early.test89, %switch.early.test89, %switch.early.test89, %assert_end6
  %14 = getelementptr inbounds i8, ptr %args, i32 24
  %15 = load ptr, ptr %14, align 4
  br label %if_end9

if_end9:                                          ; preds = %if_else8, %if_then7
  %in1.handle = phi ptr [ %13, %if_then7 ], [ %15, %if_else8 ]
  %16 = getelementptr inbounds i8, ptr %args, i32 32
  %op1.type_index = load i32, ptr %16, align 4
  %op1.type_index.fr = freeze i32 %op1.type_index
  %17 = icmp sgt i32 %op1.type_index.fr, 63
  br i1 %17, label %assert_end11, label %switch.early.test90

switch.early.test90:                              ; preds = %if_end9
  switch i32 %op1.type_index.fr, label %assert_fail10 [
    i32 0, label %if_else13
    i32 4, label %if_else13
    i32 7, label %if_else13
  ], !prof !19

assert_fail10:                                    ; preds = %switch.early.test90
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end11:                                     ; preds = %if_end9
  %18 = icmp eq i32 %op1.type_index.fr, 70
  br i1 %18, label %if_then12, label %if_else13

if_then12:                                        ; preds = %assert_end11
  %19 = getelementptr inbounds i8, ptr %args, i32 40
  %20 = load ptr, ptr %19, align 4
  %21 = getelementptr inbounds i8, ptr %20, i32 24
  br label %if_end14

if_else13:                                        ; preds = %switch.early.test90, %switch.early.test90, %switch.early.test90, %assert_end11
  %22 = getelementptr inbounds i8, ptr %args, i32 40
  %23 = load ptr, ptr %22, align 4
  br label %if_end14

if_end14:                                         ; preds = %if_else13, %if_then12
  %op1.handle = phi ptr [ %21, %if_then12 ], [ %23, %if_else13 ]
  %.not91 = icmp eq ptr %in0.handle, null
  br i1 %.not91, label %assert_fail15, label %assert_end16, !prof !17

assert_fail15:                                    ; preds = %if_end14
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end16:                                     ; preds = %if_end14
  %24 = getelementptr inbounds i8, ptr %in0.handle, i32 12
  %25 = load i32, ptr %24, align 4
  %26 = icmp eq i32 %25, 4
  br i1 %26, label %assert_end18, label %assert_fail17, !prof !16

assert_fail17:                                    ; preds = %assert_end16
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.17, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.18)
  br label %common.ret

assert_end18:                                     ; preds = %assert_end16
  %27 = getelementptr inbounds i8, ptr %in0.handle, i32 18
  %28 = load i16, ptr %27, align 2
  %29 = icmp eq i16 %28, 1
  %30 = getelementptr inbounds i8, ptr %in0.handle, i32 17
  %31 = load i8, ptr %30, align 1
  %32 = icmp eq i8 %31, 8
  %33 = getelementptr inbounds i8, ptr %in0.handle, i32 16
  %34 = load i8, ptr %33, align 2
  %35 = icmp eq i8 %34, 0
  %36 = and i1 %32, %35
  %37 = and i1 %29, %36
  br i1 %37, label %assert_end20, label %assert_fail19, !prof !16

assert_fail19:                                    ; preds = %assert_end18
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.19, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.20)
  br label %common.ret

assert_end20:                                     ; preds = %assert_end18
  %38 = getelementptr inbounds i8, ptr %in0.handle, i32 20
  %main.in0_shape = load ptr, ptr %38, align 4
  %39 = getelementptr inbounds i8, ptr %in0.handle, i32 24
  %main.in0_strides = load ptr, ptr %39, align 4
  %40 = getelementptr inbounds i8, ptr %in0.handle, i32 4
  %41 = load i32, ptr %40, align 4
  %42 = icmp eq i32 %41, 1
  br i1 %42, label %assert_end22, label %assert_fail21, !prof !16

assert_fail21:                                    ; preds = %assert_end20
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.21, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.22)
  br label %common.ret

assert_end22:                                     ; preds = %assert_end20
  %43 = getelementptr inbounds i8, ptr %in0.handle, i32 8
  %dev_id = load i32, ptr %43, align 4
  %.not92 = icmp eq ptr %in1.handle, null
  br i1 %.not92, label %assert_fail23, label %assert_end24, !prof !17

assert_fail23:                                    ; preds = %assert_end22
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end24:                                     ; preds = %assert_end22
  %44 = getelementptr inbounds i8, ptr %in1.handle, i32 12
  %45 = load i32, ptr %44, align 4
  %46 = icmp eq i32 %45, 4
  br i1 %46, label %assert_end26, label %assert_fail25, !prof !16

assert_fail25:                                    ; preds = %assert_end24
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.17, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.18)
  br label %common.ret

assert_end26:                                     ; preds = %assert_end24
  %47 = getelementptr inbounds i8, ptr %in1.handle, i32 18
  %48 = load i16, ptr %47, align 2
  %49 = icmp eq i16 %48, 1
  %50 = getelementptr inbounds i8, ptr %in1.handle, i32 17
  %51 = load i8, ptr %50, align 1
  %52 = icmp eq i8 %51, 8
  %53 = getelementptr inbounds i8, ptr %in1.handle, i32 16
  %54 = load i8, ptr %53, align 2
  %55 = icmp eq i8 %54, 0
  %56 = and i1 %52, %55
  %57 = and i1 %49, %56
  br i1 %57, label %assert_end28, label %assert_fail27, !prof !16

assert_fail27:                                    ; preds = %assert_end26
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.19, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.20)
  br label %common.ret

assert_end28:                                     ; preds = %assert_end26
  %58 = getelementptr inbounds i8, ptr %in1.handle, i32 20
  %main.in1_shape = load ptr, ptr %58, align 4
  %59 = getelementptr inbounds i8, ptr %in1.handle, i32 24
  %main.in1_strides = load ptr, ptr %59, align 4
  %60 = getelementptr inbounds i8, ptr %in1.handle, i32 4
  %61 = load i32, ptr %60, align 4
  %62 = icmp eq i32 %61, 1
  br i1 %62, label %assert_end30, label %assert_fail29, !prof !16

assert_fail29:                                    ; preds = %assert_end28
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.21, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.22)
  br label %common.ret

assert_end30:                                     ; preds = %assert_end28
  %.not93 = icmp eq ptr %op1.handle, null
  br i1 %.not93, label %assert_fail31, label %assert_end32, !prof !17

assert_fail31:                                    ; preds = %assert_end30
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str, i32 6, ptr nonnull @.str.8, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.10, ptr nonnull @.str.11)
  br label %common.ret

assert_end32:                                     ; preds = %assert_end30
  %63 = getelementptr inbounds i8, ptr %op1.handle, i32 12
  %64 = load i32, ptr %63, align 4
  %65 = icmp eq i32 %64, 3
  br i1 %65, label %assert_end34, label %assert_fail33, !prof !16

assert_fail33:                                    ; preds = %assert_end32
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.24, ptr nonnull @.str.17, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.2)
  br label %common.ret

assert_end34:                                     ; preds = %assert_end32
  %66 = getelementptr inbounds i8, ptr %op1.handle, i32 18
  %67 = load i16, ptr %66, align 2
  %68 = icmp eq i16 %67, 1
  %69 = getelementptr inbounds i8, ptr %op1.handle, i32 17
  %70 = load i8, ptr %69, align 1
  %71 = icmp eq i8 %70, 32
  %72 = getelementptr inbounds i8, ptr %op1.handle, i32 16
  %73 = load i8, ptr %72, align 2
  %74 = icmp eq i8 %73, 0
  %75 = and i1 %71, %74
  %76 = and i1 %68, %75
  br i1 %76, label %assert_end36, label %assert_fail35, !prof !16

assert_fail35:                                    ; preds = %assert_end34
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.24, ptr nonnull @.str.19, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.25)
  br label %common.ret

assert_end36:                                     ; preds = %assert_end34
  %77 = getelementptr inbounds i8, ptr %op1.handle, i32 20
  %main.op1_shape = load ptr, ptr %77, align 4
  %78 = getelementptr inbounds i8, ptr %op1.handle, i32 24
  %main.op1_strides = load ptr, ptr %78, align 4
  %79 = getelementptr inbounds i8, ptr %op1.handle, i32 4
  %80 = load i32, ptr %79, align 4
  %81 = icmp eq i32 %80, 1
  br i1 %81, label %assert_end38, label %assert_fail37, !prof !16

assert_fail37:                                    ; preds = %assert_end36
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.24, ptr nonnull @.str.21, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.22)
  br label %common.ret

assert_end38:                                     ; preds = %assert_end36
  %.not94 = icmp eq ptr %main.in0_strides, null
  br i1 %.not94, label %if_end40, label %if_then39, !prof !17

if_then39:                                        ; preds = %assert_end38
  %82 = getelementptr inbounds i8, ptr %main.in0_strides, i32 8
  %83 = load i64, ptr %82, align 8
  %84 = trunc i64 %83 to i32
  %85 = icmp eq i32 %84, 36
  %86 = getelementptr inbounds i8, ptr %main.in0_strides, i32 16
  %87 = load i64, ptr %86, align 8
  %88 = trunc i64 %87 to i32
  %89 = icmp eq i32 %88, 4
  %90 = getelementptr inbounds i8, ptr %main.in0_strides, i32 24
  %91 = load i64, ptr %90, align 8
  %92 = trunc i64 %91 to i32
  %93 = icmp eq i32 %92, 1
  %94 = and i1 %89, %93
  %95 = and i1 %85, %94
  br i1 %95, label %if_end40, label %assert_fail41, !prof !16

if_end40:                                         ; preds = %if_then39, %assert_end38
  %96 = load ptr, ptr %in0.handle, align 4
  %.not95 = icmp eq ptr %96, null
  br i1 %.not95, label %assert_fail43, label %assert_end44, !prof !17

assert_fail41:                                    ; preds = %if_then39
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.16, ptr nonnull @.str.26, ptr nonnull @.str.9, ptr nonnull @.str.27, ptr null)
  br label %common.ret

assert_fail43:                                    ; preds = %if_end40
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.16, ptr nonnull @.str.28, ptr nonnull @.str.9, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.29)
  br label %common.ret

assert_end44:                                     ; preds = %if_end40
  %.not96 = icmp eq ptr %main.in1_strides, null
  br i1 %.not96, label %if_end46, label %if_then45, !prof !17

if_then45:                                        ; preds = %assert_end44
  %97 = load i64, ptr %main.in1_strides, align 8
  %98 = trunc i64 %97 to i32
  %99 = icmp eq i32 %98, 10
  %100 = getelementptr inbounds i8, ptr %main.in1_strides, i32 16
  %101 = load i64, ptr %100, align 8
  %102 = trunc i64 %101 to i32
  %103 = icmp eq i32 %102, 2
  %104 = getelementptr inbounds i8, ptr %main.in1_strides, i32 24
  %105 = load i64, ptr %104, align 8
  %106 = trunc i64 %105 to i32
  %107 = icmp eq i32 %106, 1
  %108 = and i1 %103, %107
  %109 = and i1 %99, %108
  br i1 %109, label %if_end46, label %assert_fail47, !prof !16

if_end46:                                         ; preds = %if_then45, %assert_end44
  %110 = getelementptr inbounds i8, ptr %in1.handle, i32 8
  %111 = load i32, ptr %110, align 4
  %112 = icmp eq i32 %dev_id, %111
  br i1 %112, label %assert_end50, label %assert_fail49, !prof !16

assert_fail47:                                    ; preds = %if_then45
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.23, ptr nonnull @.str.26, ptr nonnull @.str.12, ptr nonnull @.str.27, ptr null)
  br label %common.ret

assert_fail49:                                    ; preds = %if_end46
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.30, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.32, ptr nonnull @.str.33)
  br label %common.ret

assert_end50:                                     ; preds = %if_end46
  %113 = load ptr, ptr %in1.handle, align 4
  %.not97 = icmp eq ptr %113, null
  br i1 %.not97, label %assert_fail51, label %assert_end52, !prof !17

assert_fail51:                                    ; preds = %assert_end50
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.23, ptr nonnull @.str.28, ptr nonnull @.str.12, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.29)
  br label %common.ret

assert_end52:                                     ; preds = %assert_end50
  %.not98 = icmp eq ptr %main.op1_strides, null
  br i1 %.not98, label %if_end54, label %if_then53, !prof !17

if_then53:                                        ; preds = %assert_end52
  %114 = getelementptr inbounds i8, ptr %main.op1_strides, i32 8
  %115 = load i64, ptr %114, align 8
  %116 = trunc i64 %115 to i32
  %117 = icmp eq i32 %116, 1
  br i1 %117, label %if_end54, label %assert_fail55, !prof !16

if_end54:                                         ; preds = %if_then53, %assert_end52
  %118 = getelementptr inbounds i8, ptr %op1.handle, i32 8
  %119 = load i32, ptr %118, align 4
  %120 = icmp eq i32 %dev_id, %119
  br i1 %120, label %assert_end58, label %assert_fail57, !prof !16

assert_fail55:                                    ; preds = %if_then53
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 7, ptr nonnull @.str.15, ptr nonnull @.str.24, ptr nonnull @.str.26, ptr nonnull @.str.13, ptr nonnull @.str.27, ptr null)
  br label %common.ret

assert_fail57:                                    ; preds = %if_end54
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.15, ptr nonnull @.str.34, ptr nonnull @.str.31, ptr nonnull @.str.13, ptr nonnull @.str.32, ptr nonnull @.str.33)
  br label %common.ret

assert_end58:                                     ; preds = %if_end54
  %121 = load ptr, ptr %op1.handle, align 4
  %.not99 = icmp eq ptr %121, null
  br i1 %.not99, label %assert_fail59, label %assert_end60, !prof !17

assert_fail59:                                    ; preds = %assert_end58
  tail call fastcc void @__tvm_set_raised_6(ptr nonnull @.str.14, i32 6, ptr nonnull @.str.24, ptr nonnull @.str.28, ptr nonnull @.str.13, ptr nonnull @.str.4, ptr nonnull @.str.5, ptr nonnull @.str.29)
  br label %common.ret

assert_end60:                                     ; preds = %assert_end58
  %122 = load i64, ptr %main.in0_shape, align 8
  %123 = trunc i64 %122 to i32
  %124 = icmp eq i32 %123, 1
  br i1 %124, label %assert_end62, label %assert_fail61, !prof !16

assert_fail61:                                    ; preds = %assert_end60
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.36, ptr nonnull @.str.31, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.12)
  br label %common.ret

assert_end62:                                     ; preds = %assert_end60
  %125 = getelementptr inbounds i8, ptr %main.in0_shape, i32 8
  %126 = load i64, ptr %125, align 8
  %127 = trunc i64 %126 to i32
  %128 = icmp eq i32 %127, 8
  br i1 %128, label %assert_end64, label %assert_fail63, !prof !16

assert_fail63:                                    ; preds = %assert_end62
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.37, ptr nonnull @.str.31, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.38)
  br label %common.ret

assert_end64:                                     ; preds = %assert_end62
  %129 = getelementptr inbounds i8, ptr %main.in0_shape, i32 16
  %130 = load i64, ptr %129, align 8
  %131 = trunc i64 %130 to i32
  %132 = icmp eq i32 %131, 9
  br i1 %132, label %assert_end66, label %assert_fail65, !prof !16

assert_fail65:                                    ; preds = %assert_end64
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.39, ptr nonnull @.str.31, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.40)
  br label %common.ret

assert_end66:                                     ; preds = %assert_end64
  %133 = getelementptr inbounds i8, ptr %main.in0_shape, i32 24
  %134 = load i64, ptr %133, align 8
  %135 = trunc i64 %134 to i32
  %136 = icmp eq i32 %135, 4
  br i1 %136, label %assert_end68, label %assert_fail67, !prof !16

assert_fail67:                                    ; preds = %assert_end66
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.41, ptr nonnull @.str.31, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.18)
  br label %common.ret

assert_end68:                                     ; preds = %assert_end66
  %137 = getelementptr inbounds i8, ptr %in0.handle, i32 32
  %138 = load i64, ptr %137, align 8
  %139 = icmp eq i64 %138, 0
  br i1 %139, label %assert_end70, label %assert_fail69, !prof !16

assert_fail69:                                    ; preds = %assert_end68
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.42, ptr nonnull @.str.31, ptr nonnull @.str.9, ptr nonnull @.str.10, ptr nonnull @.str.9)
  br label %common.ret

assert_end70:                                     ; preds = %assert_end68
  %140 = load i64, ptr %main.in1_shape, align 8
  %141 = trunc i64 %140 to i32
  %142 = icmp eq i32 %141, 8
  br i1 %142, label %assert_end72, label %assert_fail71, !prof !16

assert_fail71:                                    ; preds = %assert_end70
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.43, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.38)
  br label %common.ret

assert_end72:                                     ; preds = %assert_end70
  %143 = getelementptr inbounds i8, ptr %main.in1_shape, i32 8
  %144 = load i64, ptr %143, align 8
  %145 = trunc i64 %144 to i32
  %146 = icmp eq i32 %145, 1
  br i1 %146, label %assert_end74, label %assert_fail73, !prof !16

assert_fail73:                                    ; preds = %assert_end72
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.44, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.12)
  br label %common.ret

assert_end74:                                     ; preds = %assert_end72
  %147 = getelementptr inbounds i8, ptr %main.in1_shape, i32 16
  %148 = load i64, ptr %147, align 8
  %149 = trunc i64 %148 to i32
  %150 = icmp eq i32 %149, 5
  br i1 %150, label %assert_end76, label %assert_fail75, !prof !16

assert_fail75:                                    ; preds = %assert_end74
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.45, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.46)
  br label %common.ret

assert_end76:                                     ; preds = %assert_end74
  %151 = getelementptr inbounds i8, ptr %main.in1_shape, i32 24
  %152 = load i64, ptr %151, align 8
  %153 = trunc i64 %152 to i32
  %154 = icmp eq i32 %153, 2
  br i1 %154, label %assert_end78, label %assert_fail77, !prof !16

assert_fail77:                                    ; preds = %assert_end76
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.47, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.13)
  br label %common.ret

assert_end78:                                     ; preds = %assert_end76
  %155 = getelementptr inbounds i8, ptr %in1.handle, i32 32
  %156 = load i64, ptr %155, align 8
  %157 = icmp eq i64 %156, 0
  br i1 %157, label %assert_end80, label %assert_fail79, !prof !16

assert_fail79:                                    ; preds = %assert_end78
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.48, ptr nonnull @.str.31, ptr nonnull @.str.12, ptr nonnull @.str.10, ptr nonnull @.str.9)
  br label %common.ret

assert_end80:                                     ; preds = %assert_end78
  %158 = load i64, ptr %main.op1_shape, align 8
  %159 = trunc i64 %158 to i32
  %160 = icmp eq i32 %159, 1
  br i1 %160, label %assert_end82, label %assert_fail81, !prof !16

assert_fail81:                                    ; preds = %assert_end80
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.49, ptr nonnull @.str.31, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.12)
  br label %common.ret

assert_end82:                                     ; preds = %assert_end80
  %161 = getelementptr inbounds i8, ptr %main.op1_shape, i32 8
  %162 = load i64, ptr %161, align 8
  %163 = trunc i64 %162 to i32
  %164 = icmp eq i32 %163, 8
  br i1 %164, label %assert_end84, label %assert_fail83, !prof !16

assert_fail83:                                    ; preds = %assert_end82
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.50, ptr nonnull @.str.31, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.38)
  br label %common.ret

assert_end84:                                     ; preds = %assert_end82
  %165 = getelementptr inbounds i8, ptr %main.op1_shape, i32 16
  %166 = load i64, ptr %165, align 8
  %167 = trunc i64 %166 to i32
  %168 = icmp eq i32 %167, 1
  br i1 %168, label %assert_end86, label %assert_fail85, !prof !16

assert_fail85:                                    ; preds = %assert_end84
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.51, ptr nonnull @.str.31, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.12)
  br label %common.ret

assert_end86:                                     ; preds = %assert_end84
  %169 = getelementptr inbounds i8, ptr %op1.handle, i32 32
  %170 = load i64, ptr %169, align 8
  %171 = icmp eq i64 %170, 0
  br i1 %171, label %assert_end88, label %assert_fail87, !prof !16

assert_fail87:                                    ; preds = %assert_end86
  tail call fastcc void @__tvm_set_raised_12(ptr nonnull @.str.14, i32 8, ptr nonnull @.str.35, ptr nonnull @.str.52, ptr nonnull @.str.31, ptr nonnull @.str.13, ptr nonnull @.str.10, ptr nonnull @.str.9)
  br label %common.ret

assert_end88:                                     ; preds = %assert_end86
  call void @llvm.assume(i1 true) [ "align"(ptr %96, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %113, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %121, i32 64) ]
  %172 = tail call fastcc i32 @main_compute_(ptr nonnull %96, ptr nonnull %113, ptr nonnull %121)
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

; Function Attrs: noinline
define internal fastcc i32 @main_compute_(ptr noalias readonly align 64 %in0, ptr noalias readonly align 64 %in1, ptr noalias align 64 %op1) unnamed_addr #3 {
entry:
  %0 = alloca %closure_loop_parallel_i0_i1_i2_fused, align 4
  %1 = alloca %closure_loop_parallel_i0_i1_i2_r3_0_fused, align 4
  %op0_global3 = alloca [16 x i32], align 64
  %op04 = alloca [16 x i32], align 64
  call void @llvm.memset.p0.i32(ptr noundef nonnull align 64 dereferenceable(64) %op04, i8 -91, i32 64, i1 false), !tbaa !50
  call void @llvm.assume(i1 true) [ "align"(ptr %in0, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %in1, i32 64) ]
  call void @llvm.assume(i1 true) [ "align"(ptr %op1, i32 64) ]
  %2 = getelementptr inbounds i8, ptr %op0_global3, i32 8
  %3 = getelementptr inbounds i8, ptr %op0_global3, i32 16
  %4 = getelementptr inbounds i8, ptr %op0_global3, i32 24
  %5 = getelementptr inbounds i8, ptr %op0_global3, i32 4
  %6 = getelementptr inbounds i8, ptr %op0_global3, i32 12
  %7 = getelementptr inbounds i8, ptr %op0_global3, i32 20
  %8 = getelementptr inbounds i8, ptr %op0_global3, i32 28
  %9 = load i8, ptr %in1, align 64, !tbaa !58
  %10 = sext i8 %9 to i32
  %11 = load i8, ptr %in0, align 64, !tbaa !71
  %12 = sext i8 %11 to i32
  %13 = mul nsw i32 %12, %10
  %14 = getelementptr inbounds i8, ptr %in1, i32 10
  %15 = load i8, ptr %14, align 2, !tbaa !84
  %16 = sext i8 %15 to i32
  %17 = getelementptr inbounds i8, ptr %in0, i32 36
  %18 = load i8, ptr %17, align 4, !tbaa !89
  %19 = sext i8 %18 to i32
  %20 = mul nsw i32 %19, %16
  %21 = getelementptr inbounds i8, ptr %in1, i32 20
  %22 = load i8, ptr %21, align 4, !tbaa !96
  %23 = sext i8 %22 to i32
  %24 = getelementptr inbounds i8, ptr %in0, i32 72
  %25 = load i8, ptr %24, align 8, !tbaa !102
  %26 = sext i8 %25 to i32
  %27 = mul nsw i32 %26, %23
  %28 = getelementptr inbounds i8, ptr %in1, i32 30
  %29 = load i8, ptr %28, align 2, !tbaa !110
  %30 = sext i8 %29 to i32
  %31 = getelementptr inbounds i8, ptr %in0, i32 108
  %32 = load i8, ptr %31, align 4, !tbaa !115
  %33 = sext i8 %32 to i32
  %34 = mul nsw i32 %33, %30
  %35 = getelementptr inbounds i8, ptr %in1, i32 2
  %36 = load i8, ptr %35, align 2, !tbaa !122
  %37 = sext i8 %36 to i32
  %38 = getelementptr inbounds i8, ptr %in0, i32 8
  %39 = load i8, ptr %38, align 8, !tbaa !125
  %40 = sext i8 %39 to i32
  %41 = mul nsw i32 %40, %37
  %42 = add nsw i32 %41, %13
  %43 = getelementptr inbounds i8, ptr %in1, i32 12
  %44 = load i8, ptr %43, align 4, !tbaa !130
  %45 = sext i8 %44 to i32
  %46 = getelementptr inbounds i8, ptr %in0, i32 44
  %47 = load i8, ptr %46, align 4, !tbaa !134
  %48 = sext i8 %47 to i32
  %49 = mul nsw i32 %48, %45
  %50 = add nsw i32 %49, %20
  %51 = getelementptr inbounds i8, ptr %in1, i32 22
  %52 = load i8, ptr %51, align 2, !tbaa !139
  %53 = sext i8 %52 to i32
  %54 = getelementptr inbounds i8, ptr %in0, i32 80
  %55 = load i8, ptr %54, align 16, !tbaa !142
  %56 = sext i8 %55 to i32
  %57 = mul nsw i32 %56, %53
  %58 = add nsw i32 %57, %27
  %59 = getelementptr inbounds i8, ptr %in1, i32 32
  %60 = load i8, ptr %59, align 32, !tbaa !148
  %61 = sext i8 %60 to i32
  %62 = getelementptr inbounds i8, ptr %in0, i32 116
  %63 = load i8, ptr %62, align 4, !tbaa !155
  %64 = sext i8 %63 to i32
  %65 = mul nsw i32 %64, %61
  %66 = add nsw i32 %65, %34
  %67 = getelementptr inbounds i8, ptr %in1, i32 4
  %68 = load i8, ptr %67, align 4, !tbaa !161
  %69 = sext i8 %68 to i32
  %70 = getelementptr inbounds i8, ptr %in0, i32 16
  %71 = load i8, ptr %70, align 16, !tbaa !165
  %72 = sext i8 %71 to i32
  %73 = mul nsw i32 %72, %69
  %74 = add nsw i32 %73, %42
  %75 = getelementptr inbounds i8, ptr %in1, i32 14
  %76 = load i8, ptr %75, align 2, !tbaa !171
  %77 = sext i8 %76 to i32
  %78 = getelementptr inbounds i8, ptr %in0, i32 52
  %79 = load i8, ptr %78, align 4, !tbaa !174
  %80 = sext i8 %79 to i32
  %81 = mul nsw i32 %80, %77
  %82 = add nsw i32 %81, %50
  %83 = getelementptr inbounds i8, ptr %in1, i32 24
  %84 = load i8, ptr %83, align 8, !tbaa !180
  %85 = sext i8 %84 to i32
  %86 = getelementptr inbounds i8, ptr %in0, i32 88
  %87 = load i8, ptr %86, align 8, !tbaa !184
  %88 = sext i8 %87 to i32
  %89 = mul nsw i32 %88, %85
  %90 = add nsw i32 %89, %58
  %91 = getelementptr inbounds i8, ptr %in1, i32 34
  %92 = load i8, ptr %91, align 2, !tbaa !189
  %93 = sext i8 %92 to i32
  %94 = getelementptr inbounds i8, ptr %in0, i32 124
  %95 = load i8, ptr %94, align 4, !tbaa !192
  %96 = sext i8 %95 to i32
  %97 = mul nsw i32 %96, %93
  %98 = add nsw i32 %97, %66
  %99 = getelementptr inbounds i8, ptr %in1, i32 6
  %100 = load i8, ptr %99, align 2, !tbaa !197
  %101 = sext i8 %100 to i32
  %102 = getelementptr inbounds i8, ptr %in0, i32 24
  %103 = load i8, ptr %102, align 8, !tbaa !200
  %104 = sext i8 %103 to i32
  %105 = mul nsw i32 %104, %101
  %106 = add nsw i32 %105, %74
  %107 = getelementptr inbounds i8, ptr %in1, i32 16
  %108 = load i8, ptr %107, align 16, !tbaa !205
  %109 = sext i8 %108 to i32
  %110 = getelementptr inbounds i8, ptr %in0, i32 60
  %111 = load i8, ptr %110, align 4, !tbaa !209
  %112 = sext i8 %111 to i32
  %113 = mul nsw i32 %112, %109
  %114 = add nsw i32 %113, %82
  %115 = getelementptr inbounds i8, ptr %in1, i32 26
  %116 = load i8, ptr %115, align 2, !tbaa !214
  %117 = sext i8 %116 to i32
  %118 = getelementptr inbounds i8, ptr %in0, i32 96
  %119 = load i8, ptr %118, align 32, !tbaa !217
  %120 = sext i8 %119 to i32
  %121 = mul nsw i32 %120, %117
  %122 = add nsw i32 %121, %90
  %123 = getelementptr inbounds i8, ptr %in1, i32 36
  %124 = load i8, ptr %123, align 4, !tbaa !222
  %125 = sext i8 %124 to i32
  %126 = getelementptr inbounds i8, ptr %in0, i32 132
  %127 = load i8, ptr %126, align 4, !tbaa !226
  %128 = sext i8 %127 to i32
  %129 = mul nsw i32 %128, %125
  %130 = add nsw i32 %129, %98
  %131 = getelementptr inbounds i8, ptr %in1, i32 8
  %132 = load i8, ptr %131, align 8, !tbaa !235
  %133 = sext i8 %132 to i32
  %134 = getelementptr inbounds i8, ptr %in0, i32 32
  %135 = load i8, ptr %134, align 32, !tbaa !238
  %136 = sext i8 %135 to i32
  %137 = mul nsw i32 %136, %133
  %138 = add nsw i32 %137, %106
  %139 = getelementptr inbounds i8, ptr %in1, i32 18
  %140 = load i8, ptr %139, align 2, !tbaa !242
  %141 = sext i8 %140 to i32
  %142 = getelementptr inbounds i8, ptr %in0, i32 68
  %143 = load i8, ptr %142, align 4, !tbaa !245
  %144 = sext i8 %143 to i32
  %145 = mul nsw i32 %144, %141
  %146 = add nsw i32 %145, %114
  %147 = getelementptr inbounds i8, ptr %in1, i32 28
  %148 = load i8, ptr %147, align 4, !tbaa !250
  %149 = sext i8 %148 to i32
  %150 = getelementptr inbounds i8, ptr %in0, i32 104
  %151 = load i8, ptr %150, align 8, !tbaa !253
  %152 = sext i8 %151 to i32
  %153 = mul nsw i32 %152, %149
  %154 = add nsw i32 %153, %122
  %155 = getelementptr inbounds i8, ptr %in1, i32 38
  %156 = load i8, ptr %155, align 2, !tbaa !257
  %157 = sext i8 %156 to i32
  %158 = getelementptr inbounds i8, ptr %in0, i32 140
  %159 = load i8, ptr %158, align 4, !tbaa !260
  %160 = sext i8 %159 to i32
  %161 = mul nsw i32 %160, %157
  %162 = add nsw i32 %161, %130
  %163 = getelementptr inbounds i8, ptr %in0, i32 1
  %164 = load i8, ptr %163, align 1, !tbaa !265
  %165 = sext i8 %164 to i32
  %166 = mul nsw i32 %165, %10
  %167 = getelementptr inbounds i8, ptr %in0, i32 37
  %168 = load i8, ptr %167, align 1, !tbaa !267
  %169 = sext i8 %168 to i32
  %170 = mul nsw i32 %169, %16
  %171 = getelementptr inbounds i8, ptr %in0, i32 73
  %172 = load i8, ptr %171, align 1, !tbaa !269
  %173 = sext i8 %172 to i32
  %174 = mul nsw i32 %173, %23
  %175 = getelementptr inbounds i8, ptr %in0, i32 109
  %176 = load i8, ptr %175, align 1, !tbaa !271
  %177 = sext i8 %176 to i32
  %178 = mul nsw i32 %177, %30
  %179 = getelementptr inbounds i8, ptr %in0, i32 9
  %180 = load i8, ptr %179, align 1, !tbaa !273
  %181 = sext i8 %180 to i32
  %182 = mul nsw i32 %181, %37
  %183 = add nsw i32 %182, %166
  %184 = getelementptr inbounds i8, ptr %in0, i32 45
  %185 = load i8, ptr %184, align 1, !tbaa !275
  %186 = sext i8 %185 to i32
  %187 = mul nsw i32 %186, %45
  %188 = add nsw i32 %187, %170
  %189 = getelementptr inbounds i8, ptr %in0, i32 81
  %190 = load i8, ptr %189, align 1, !tbaa !277
  %191 = sext i8 %190 to i32
  %192 = mul nsw i32 %191, %53
  %193 = add nsw i32 %192, %174
  %194 = getelementptr inbounds i8, ptr %in0, i32 117
  %195 = load i8, ptr %194, align 1, !tbaa !279
  %196 = sext i8 %195 to i32
  %197 = mul nsw i32 %196, %61
  %198 = add nsw i32 %197, %178
  %199 = getelementptr inbounds i8, ptr %in0, i32 17
  %200 = load i8, ptr %199, align 1, !tbaa !281
  %201 = sext i8 %200 to i32
  %202 = mul nsw i32 %201, %69
  %203 = add nsw i32 %202, %183
  %204 = getelementptr inbounds i8, ptr %in0, i32 53
  %205 = load i8, ptr %204, align 1, !tbaa !283
  %206 = sext i8 %205 to i32
  %207 = mul nsw i32 %206, %77
  %208 = add nsw i32 %207, %188
  %209 = getelementptr inbounds i8, ptr %in0, i32 89
  %210 = load i8, ptr %209, align 1, !tbaa !285
  %211 = sext i8 %210 to i32
  %212 = mul nsw i32 %211, %85
  %213 = add nsw i32 %212, %193
  %214 = getelementptr inbounds i8, ptr %in0, i32 125
  %215 = load i8, ptr %214, align 1, !tbaa !287
  %216 = sext i8 %215 to i32
  %217 = mul nsw i32 %216, %93
  %218 = add nsw i32 %217, %198
  %219 = getelementptr inbounds i8, ptr %in0, i32 25
  %220 = load i8, ptr %219, align 1, !tbaa !289
  %221 = sext i8 %220 to i32
  %222 = mul nsw i32 %221, %101
  %223 = add nsw i32 %222, %203
  %224 = getelementptr inbounds i8, ptr %in0, i32 61
  %225 = load i8, ptr %224, align 1, !tbaa !291
  %226 = sext i8 %225 to i32
  %227 = mul nsw i32 %226, %109
  %228 = add nsw i32 %227, %208
  %229 = getelementptr inbounds i8, ptr %in0, i32 97
  %230 = load i8, ptr %229, align 1, !tbaa !293
  %231 = sext i8 %230 to i32
  %232 = mul nsw i32 %231, %117
  %233 = add nsw i32 %232, %213
  %234 = getelementptr inbounds i8, ptr %in0, i32 133
  %235 = load i8, ptr %234, align 1, !tbaa !295
  %236 = sext i8 %235 to i32
  %237 = mul nsw i32 %236, %125
  %238 = add nsw i32 %237, %218
  %239 = getelementptr inbounds i8, ptr %in0, i32 33
  %240 = load i8, ptr %239, align 1, !tbaa !297
  %241 = sext i8 %240 to i32
  %242 = mul nsw i32 %241, %133
  %243 = add nsw i32 %242, %223
  %244 = getelementptr inbounds i8, ptr %in0, i32 69
  %245 = load i8, ptr %244, align 1, !tbaa !299
  %246 = sext i8 %245 to i32
  %247 = mul nsw i32 %246, %141
  %248 = add nsw i32 %247, %228
  %249 = getelementptr inbounds i8, ptr %in0, i32 105
  %250 = load i8, ptr %249, align 1, !tbaa !301
  %251 = sext i8 %250 to i32
  %252 = mul nsw i32 %251, %149
  %253 = add nsw i32 %252, %233
  %254 = getelementptr inbounds i8, ptr %in0, i32 141
  %255 = load i8, ptr %254, align 1, !tbaa !303
  %256 = sext i8 %255 to i32
  %257 = mul nsw i32 %256, %157
  %258 = add nsw i32 %257, %238
  %259 = getelementptr inbounds i8, ptr %in1, i32 1
  %260 = load i8, ptr %259, align 1, !tbaa !305
  %261 = sext i8 %260 to i32
  %262 = getelementptr inbounds i8, ptr %in0, i32 2
  %263 = load i8, ptr %262, align 2, !tbaa !307
  %264 = sext i8 %263 to i32
  %265 = mul nsw i32 %264, %261
  %266 = add nsw i32 %265, %138
  %267 = getelementptr inbounds i8, ptr %in1, i32 11
  %268 = load i8, ptr %267, align 1, !tbaa !310
  %269 = sext i8 %268 to i32
  %270 = getelementptr inbounds i8, ptr %in0, i32 38
  %271 = load i8, ptr %270, align 2, !tbaa !312
  %272 = sext i8 %271 to i32
  %273 = mul nsw i32 %272, %269
  %274 = add nsw i32 %273, %146
  %275 = getelementptr inbounds i8, ptr %in1, i32 21
  %276 = load i8, ptr %275, align 1, !tbaa !315
  %277 = sext i8 %276 to i32
  %278 = getelementptr inbounds i8, ptr %in0, i32 74
  %279 = load i8, ptr %278, align 2, !tbaa !317
  %280 = sext i8 %279 to i32
  %281 = mul nsw i32 %280, %277
  %282 = add nsw i32 %281, %154
  %283 = getelementptr inbounds i8, ptr %in1, i32 31
  %284 = load i8, ptr %283, align 1, !tbaa !320
  %285 = sext i8 %284 to i32
  %286 = getelementptr inbounds i8, ptr %in0, i32 110
  %287 = load i8, ptr %286, align 2, !tbaa !322
  %288 = sext i8 %287 to i32
  %289 = mul nsw i32 %288, %285
  %290 = add nsw i32 %289, %162
  %291 = getelementptr inbounds i8, ptr %in1, i32 3
  %292 = load i8, ptr %291, align 1, !tbaa !325
  %293 = sext i8 %292 to i32
  %294 = getelementptr inbounds i8, ptr %in0, i32 10
  %295 = load i8, ptr %294, align 2, !tbaa !327
  %296 = sext i8 %295 to i32
  %297 = mul nsw i32 %296, %293
  %298 = add nsw i32 %297, %266
  %299 = getelementptr inbounds i8, ptr %in1, i32 13
  %300 = load i8, ptr %299, align 1, !tbaa !330
  %301 = sext i8 %300 to i32
  %302 = getelementptr inbounds i8, ptr %in0, i32 46
  %303 = load i8, ptr %302, align 2, !tbaa !332
  %304 = sext i8 %303 to i32
  %305 = mul nsw i32 %304, %301
  %306 = add nsw i32 %305, %274
  %307 = getelementptr inbounds i8, ptr %in1, i32 23
  %308 = load i8, ptr %307, align 1, !tbaa !335
  %309 = sext i8 %308 to i32
  %310 = getelementptr inbounds i8, ptr %in0, i32 82
  %311 = load i8, ptr %310, align 2, !tbaa !337
  %312 = sext i8 %311 to i32
  %313 = mul nsw i32 %312, %309
  %314 = add nsw i32 %313, %282
  %315 = getelementptr inbounds i8, ptr %in1, i32 33
  %316 = load i8, ptr %315, align 1, !tbaa !340
  %317 = sext i8 %316 to i32
  %318 = getelementptr inbounds i8, ptr %in0, i32 118
  %319 = load i8, ptr %318, align 2, !tbaa !342
  %320 = sext i8 %319 to i32
  %321 = mul nsw i32 %320, %317
  %322 = add nsw i32 %321, %290
  %323 = getelementptr inbounds i8, ptr %in1, i32 5
  %324 = load i8, ptr %323, align 1, !tbaa !345
  %325 = sext i8 %324 to i32
  %326 = getelementptr inbounds i8, ptr %in0, i32 18
  %327 = load i8, ptr %326, align 2, !tbaa !347
  %328 = sext i8 %327 to i32
  %329 = mul nsw i32 %328, %325
  %330 = add nsw i32 %329, %298
  %331 = getelementptr inbounds i8, ptr %in1, i32 15
  %332 = load i8, ptr %331, align 1, !tbaa !350
  %333 = sext i8 %332 to i32
  %334 = getelementptr inbounds i8, ptr %in0, i32 54
  %335 = load i8, ptr %334, align 2, !tbaa !352
  %336 = sext i8 %335 to i32
  %337 = mul nsw i32 %336, %333
  %338 = add nsw i32 %337, %306
  %339 = getelementptr inbounds i8, ptr %in1, i32 25
  %340 = load i8, ptr %339, align 1, !tbaa !355
  %341 = sext i8 %340 to i32
  %342 = getelementptr inbounds i8, ptr %in0, i32 90
  %343 = load i8, ptr %342, align 2, !tbaa !357
  %344 = sext i8 %343 to i32
  %345 = mul nsw i32 %344, %341
  %346 = add nsw i32 %345, %314
  %347 = getelementptr inbounds i8, ptr %in1, i32 35
  %348 = load i8, ptr %347, align 1, !tbaa !360
  %349 = sext i8 %348 to i32
  %350 = getelementptr inbounds i8, ptr %in0, i32 126
  %351 = load i8, ptr %350, align 2, !tbaa !362
  %352 = sext i8 %351 to i32
  %353 = mul nsw i32 %352, %349
  %354 = add nsw i32 %353, %322
  %355 = getelementptr inbounds i8, ptr %in1, i32 7
  %356 = load i8, ptr %355, align 1, !tbaa !365
  %357 = sext i8 %356 to i32
  %358 = getelementptr inbounds i8, ptr %in0, i32 26
  %359 = load i8, ptr %358, align 2, !tbaa !367
  %360 = sext i8 %359 to i32
  %361 = mul nsw i32 %360, %357
  %362 = add nsw i32 %361, %330
  %363 = getelementptr inbounds i8, ptr %in1, i32 17
  %364 = load i8, ptr %363, align 1, !tbaa !370
  %365 = sext i8 %364 to i32
  %366 = getelementptr inbounds i8, ptr %in0, i32 62
  %367 = load i8, ptr %366, align 2, !tbaa !372
  %368 = sext i8 %367 to i32
  %369 = mul nsw i32 %368, %365
  %370 = add nsw i32 %369, %338
  %371 = getelementptr inbounds i8, ptr %in1, i32 27
  %372 = load i8, ptr %371, align 1, !tbaa !375
  %373 = sext i8 %372 to i32
  %374 = getelementptr inbounds i8, ptr %in0, i32 98
  %375 = load i8, ptr %374, align 2, !tbaa !377
  %376 = sext i8 %375 to i32
  %377 = mul nsw i32 %376, %373
  %378 = add nsw i32 %377, %346
  %379 = getelementptr inbounds i8, ptr %in1, i32 37
  %380 = load i8, ptr %379, align 1, !tbaa !380
  %381 = sext i8 %380 to i32
  %382 = getelementptr inbounds i8, ptr %in0, i32 134
  %383 = load i8, ptr %382, align 2, !tbaa !382
  %384 = sext i8 %383 to i32
  %385 = mul nsw i32 %384, %381
  %386 = add nsw i32 %385, %354
  %387 = getelementptr inbounds i8, ptr %in1, i32 9
  %388 = load i8, ptr %387, align 1, !tbaa !385
  %389 = sext i8 %388 to i32
  %390 = getelementptr inbounds i8, ptr %in0, i32 34
  %391 = load i8, ptr %390, align 2, !tbaa !387
  %392 = sext i8 %391 to i32
  %393 = mul nsw i32 %392, %389
  %394 = add nsw i32 %393, %362
  store i32 %394, ptr %op0_global3, align 64, !tbaa !390
  %395 = getelementptr inbounds i8, ptr %in1, i32 19
  %396 = load i8, ptr %395, align 1, !tbaa !401
  %397 = sext i8 %396 to i32
  %398 = getelementptr inbounds i8, ptr %in0, i32 70
  %399 = load i8, ptr %398, align 2, !tbaa !403
  %400 = sext i8 %399 to i32
  %401 = mul nsw i32 %400, %397
  %402 = add nsw i32 %401, %370
  store i32 %402, ptr %2, align 8, !tbaa !406
  %403 = getelementptr inbounds i8, ptr %in1, i32 29
  %404 = load i8, ptr %403, align 1, !tbaa !409
  %405 = sext i8 %404 to i32
  %406 = getelementptr inbounds i8, ptr %in0, i32 106
  %407 = load i8, ptr %406, align 2, !tbaa !411
  %408 = sext i8 %407 to i32
  %409 = mul nsw i32 %408, %405
  %410 = add nsw i32 %409, %378
  store i32 %410, ptr %3, align 16, !tbaa !414
  %411 = getelementptr inbounds i8, ptr %in1, i32 39
  %412 = load i8, ptr %411, align 1, !tbaa !418
  %413 = sext i8 %412 to i32
  %414 = getelementptr inbounds i8, ptr %in0, i32 142
  %415 = load i8, ptr %414, align 2, !tbaa !420
  %416 = sext i8 %415 to i32
  %417 = mul nsw i32 %416, %413
  %418 = add nsw i32 %417, %386
  store i32 %418, ptr %4, align 8, !tbaa !423
  %419 = getelementptr inbounds i8, ptr %in0, i32 3
  %420 = load i8, ptr %419, align 1, !tbaa !426
  %421 = sext i8 %420 to i32
  %422 = mul nsw i32 %421, %261
  %423 = add nsw i32 %422, %243
  %424 = getelementptr inbounds i8, ptr %in0, i32 39
  %425 = load i8, ptr %424, align 1, !tbaa !428
  %426 = sext i8 %425 to i32
  %427 = mul nsw i32 %426, %269
  %428 = add nsw i32 %427, %248
  %429 = getelementptr inbounds i8, ptr %in0, i32 75
  %430 = load i8, ptr %429, align 1, !tbaa !430
  %431 = sext i8 %430 to i32
  %432 = mul nsw i32 %431, %277
  %433 = add nsw i32 %432, %253
  %434 = getelementptr inbounds i8, ptr %in0, i32 111
  %435 = load i8, ptr %434, align 1, !tbaa !432
  %436 = sext i8 %435 to i32
  %437 = mul nsw i32 %436, %285
  %438 = add nsw i32 %437, %258
  %439 = getelementptr inbounds i8, ptr %in0, i32 11
  %440 = load i8, ptr %439, align 1, !tbaa !434
  %441 = sext i8 %440 to i32
  %442 = mul nsw i32 %441, %293
  %443 = add nsw i32 %442, %423
  %444 = getelementptr inbounds i8, ptr %in0, i32 47
  %445 = load i8, ptr %444, align 1, !tbaa !436
  %446 = sext i8 %445 to i32
  %447 = mul nsw i32 %446, %301
  %448 = add nsw i32 %447, %428
  %449 = getelementptr inbounds i8, ptr %in0, i32 83
  %450 = load i8, ptr %449, align 1, !tbaa !438
  %451 = sext i8 %450 to i32
  %452 = mul nsw i32 %451, %309
  %453 = add nsw i32 %452, %433
  %454 = getelementptr inbounds i8, ptr %in0, i32 119
  %455 = load i8, ptr %454, align 1, !tbaa !440
  %456 = sext i8 %455 to i32
  %457 = mul nsw i32 %456, %317
  %458 = add nsw i32 %457, %438
  %459 = getelementptr inbounds i8, ptr %in0, i32 19
  %460 = load i8, ptr %459, align 1, !tbaa !442
  %461 = sext i8 %460 to i32
  %462 = mul nsw i32 %461, %325
  %463 = add nsw i32 %462, %443
  %464 = getelementptr inbounds i8, ptr %in0, i32 55
  %465 = load i8, ptr %464, align 1, !tbaa !444
  %466 = sext i8 %465 to i32
  %467 = mul nsw i32 %466, %333
  %468 = add nsw i32 %467, %448
  %469 = getelementptr inbounds i8, ptr %in0, i32 91
  %470 = load i8, ptr %469, align 1, !tbaa !446
  %471 = sext i8 %470 to i32
  %472 = mul nsw i32 %471, %341
  %473 = add nsw i32 %472, %453
  %474 = getelementptr inbounds i8, ptr %in0, i32 127
  %475 = load i8, ptr %474, align 1, !tbaa !448
  %476 = sext i8 %475 to i32
  %477 = mul nsw i32 %476, %349
  %478 = add nsw i32 %477, %458
  %479 = getelementptr inbounds i8, ptr %in0, i32 27
  %480 = load i8, ptr %479, align 1, !tbaa !450
  %481 = sext i8 %480 to i32
  %482 = mul nsw i32 %481, %357
  %483 = add nsw i32 %482, %463
  %484 = getelementptr inbounds i8, ptr %in0, i32 63
  %485 = load i8, ptr %484, align 1, !tbaa !452
  %486 = sext i8 %485 to i32
  %487 = mul nsw i32 %486, %365
  %488 = add nsw i32 %487, %468
  %489 = getelementptr inbounds i8, ptr %in0, i32 99
  %490 = load i8, ptr %489, align 1, !tbaa !454
  %491 = sext i8 %490 to i32
  %492 = mul nsw i32 %491, %373
  %493 = add nsw i32 %492, %473
  %494 = getelementptr inbounds i8, ptr %in0, i32 135
  %495 = load i8, ptr %494, align 1, !tbaa !456
  %496 = sext i8 %495 to i32
  %497 = mul nsw i32 %496, %381
  %498 = add nsw i32 %497, %478
  %499 = getelementptr inbounds i8, ptr %in0, i32 35
  %500 = load i8, ptr %499, align 1, !tbaa !458
  %501 = sext i8 %500 to i32
  %502 = mul nsw i32 %501, %389
  %503 = add nsw i32 %502, %483
  store i32 %503, ptr %5, align 4, !tbaa !460
  %504 = getelementptr inbounds i8, ptr %in0, i32 71
  %505 = load i8, ptr %504, align 1, !tbaa !462
  %506 = sext i8 %505 to i32
  %507 = mul nsw i32 %506, %397
  %508 = add nsw i32 %507, %488
  store i32 %508, ptr %6, align 4, !tbaa !464
  %509 = getelementptr inbounds i8, ptr %in0, i32 107
  %510 = load i8, ptr %509, align 1, !tbaa !466
  %511 = sext i8 %510 to i32
  %512 = mul nsw i32 %511, %405
  %513 = add nsw i32 %512, %493
  store i32 %513, ptr %7, align 4, !tbaa !468
  %514 = getelementptr inbounds i8, ptr %in0, i32 143
  %515 = load i8, ptr %514, align 1, !tbaa !470
  %516 = sext i8 %515 to i32
  %517 = mul nsw i32 %516, %413
  %518 = add nsw i32 %517, %498
  store i32 %518, ptr %8, align 4, !tbaa !472
  %519 = getelementptr inbounds i8, ptr %op0_global3, i32 32
  %520 = getelementptr inbounds i8, ptr %op0_global3, i32 40
  %521 = getelementptr inbounds i8, ptr %op0_global3, i32 48
  %522 = getelementptr inbounds i8, ptr %op0_global3, i32 56
  %523 = getelementptr inbounds i8, ptr %op0_global3, i32 36
  %524 = getelementptr inbounds i8, ptr %op0_global3, i32 44
  %525 = getelementptr inbounds i8, ptr %op0_global3, i32 52
  %526 = getelementptr inbounds i8, ptr %op0_global3, i32 60
  %527 = getelementptr inbounds i8, ptr %in1, i32 40
  %528 = load i8, ptr %527, align 8, !tbaa !474
  %529 = sext i8 %528 to i32
  %530 = getelementptr inbounds i8, ptr %in0, i32 144
  %531 = load i8, ptr %530, align 16, !tbaa !479
  %532 = sext i8 %531 to i32
  %533 = mul nsw i32 %532, %529
  %534 = getelementptr inbounds i8, ptr %in1, i32 50
  %535 = load i8, ptr %534, align 2, !tbaa !485
  %536 = sext i8 %535 to i32
  %537 = getelementptr inbounds i8, ptr %in0, i32 180
  %538 = load i8, ptr %537, align 4, !tbaa !491
  %539 = sext i8 %538 to i32
  %540 = mul nsw i32 %539, %536
  %541 = getelementptr inbounds i8, ptr %in1, i32 60
  %542 = load i8, ptr %541, align 4, !tbaa !498
  %543 = sext i8 %542 to i32
  %544 = getelementptr inbounds i8, ptr %in0, i32 216
  %545 = load i8, ptr %544, align 8, !tbaa !503
  %546 = sext i8 %545 to i32
  %547 = mul nsw i32 %546, %543
  %548 = getelementptr inbounds i8, ptr %in1, i32 70
  %549 = load i8, ptr %548, align 2, !tbaa !511
  %550 = sext i8 %549 to i32
  %551 = getelementptr inbounds i8, ptr %in0, i32 252
  %552 = load i8, ptr %551, align 4, !tbaa !519
  %553 = sext i8 %552 to i32
  %554 = mul nsw i32 %553, %550
  %555 = getelementptr inbounds i8, ptr %in1, i32 42
  %556 = load i8, ptr %555, align 2, !tbaa !526
  %557 = sext i8 %556 to i32
  %558 = getelementptr inbounds i8, ptr %in0, i32 152
  %559 = load i8, ptr %558, align 8, !tbaa !529
  %560 = sext i8 %559 to i32
  %561 = mul nsw i32 %560, %557
  %562 = add nsw i32 %561, %533
  %563 = getelementptr inbounds i8, ptr %in1, i32 52
  %564 = load i8, ptr %563, align 4, !tbaa !534
  %565 = sext i8 %564 to i32
  %566 = getelementptr inbounds i8, ptr %in0, i32 188
  %567 = load i8, ptr %566, align 4, !tbaa !538
  %568 = sext i8 %567 to i32
  %569 = mul nsw i32 %568, %565
  %570 = add nsw i32 %569, %540
  %571 = getelementptr inbounds i8, ptr %in1, i32 62
  %572 = load i8, ptr %571, align 2, !tbaa !543
  %573 = sext i8 %572 to i32
  %574 = getelementptr inbounds i8, ptr %in0, i32 224
  %575 = load i8, ptr %574, align 32, !tbaa !546
  %576 = sext i8 %575 to i32
  %577 = mul nsw i32 %576, %573
  %578 = add nsw i32 %577, %547
  %579 = getelementptr inbounds i8, ptr %in1, i32 72
  %580 = load i8, ptr %579, align 8, !tbaa !552
  %581 = sext i8 %580 to i32
  %582 = getelementptr inbounds i8, ptr %in0, i32 260
  %583 = load i8, ptr %582, align 4, !tbaa !557
  %584 = sext i8 %583 to i32
  %585 = mul nsw i32 %584, %581
  %586 = add nsw i32 %585, %554
  %587 = getelementptr inbounds i8, ptr %in1, i32 44
  %588 = load i8, ptr %587, align 4, !tbaa !567
  %589 = sext i8 %588 to i32
  %590 = getelementptr inbounds i8, ptr %in0, i32 160
  %591 = load i8, ptr %590, align 32, !tbaa !571
  %592 = sext i8 %591 to i32
  %593 = mul nsw i32 %592, %589
  %594 = add nsw i32 %593, %562
  %595 = getelementptr inbounds i8, ptr %in1, i32 54
  %596 = load i8, ptr %595, align 2, !tbaa !577
  %597 = sext i8 %596 to i32
  %598 = getelementptr inbounds i8, ptr %in0, i32 196
  %599 = load i8, ptr %598, align 4, !tbaa !580
  %600 = sext i8 %599 to i32
  %601 = mul nsw i32 %600, %597
  %602 = add nsw i32 %601, %570
  %603 = getelementptr inbounds i8, ptr %in1, i32 64
  %604 = load i8, ptr %603, align 64, !tbaa !586
  %605 = sext i8 %604 to i32
  %606 = getelementptr inbounds i8, ptr %in0, i32 232
  %607 = load i8, ptr %606, align 8, !tbaa !590
  %608 = sext i8 %607 to i32
  %609 = mul nsw i32 %608, %605
  %610 = add nsw i32 %609, %578
  %611 = getelementptr inbounds i8, ptr %in1, i32 74
  %612 = load i8, ptr %611, align 2, !tbaa !595
  %613 = sext i8 %612 to i32
  %614 = getelementptr inbounds i8, ptr %in0, i32 268
  %615 = load i8, ptr %614, align 4, !tbaa !598
  %616 = sext i8 %615 to i32
  %617 = mul nsw i32 %616, %613
  %618 = add nsw i32 %617, %586
  %619 = getelementptr inbounds i8, ptr %in1, i32 46
  %620 = load i8, ptr %619, align 2, !tbaa !603
  %621 = sext i8 %620 to i32
  %622 = getelementptr inbounds i8, ptr %in0, i32 168
  %623 = load i8, ptr %622, align 8, !tbaa !606
  %624 = sext i8 %623 to i32
  %625 = mul nsw i32 %624, %621
  %626 = add nsw i32 %625, %594
  %627 = getelementptr inbounds i8, ptr %in1, i32 56
  %628 = load i8, ptr %627, align 8, !tbaa !611
  %629 = sext i8 %628 to i32
  %630 = getelementptr inbounds i8, ptr %in0, i32 204
  %631 = load i8, ptr %630, align 4, !tbaa !615
  %632 = sext i8 %631 to i32
  %633 = mul nsw i32 %632, %629
  %634 = add nsw i32 %633, %602
  %635 = getelementptr inbounds i8, ptr %in1, i32 66
  %636 = load i8, ptr %635, align 2, !tbaa !620
  %637 = sext i8 %636 to i32
  %638 = getelementptr inbounds i8, ptr %in0, i32 240
  %639 = load i8, ptr %638, align 16, !tbaa !623
  %640 = sext i8 %639 to i32
  %641 = mul nsw i32 %640, %637
  %642 = add nsw i32 %641, %610
  %643 = getelementptr inbounds i8, ptr %in1, i32 76
  %644 = load i8, ptr %643, align 4, !tbaa !628
  %645 = sext i8 %644 to i32
  %646 = getelementptr inbounds i8, ptr %in0, i32 276
  %647 = load i8, ptr %646, align 4, !tbaa !632
  %648 = sext i8 %647 to i32
  %649 = mul nsw i32 %648, %645
  %650 = add nsw i32 %649, %618
  %651 = getelementptr inbounds i8, ptr %in1, i32 48
  %652 = load i8, ptr %651, align 16, !tbaa !638
  %653 = sext i8 %652 to i32
  %654 = getelementptr inbounds i8, ptr %in0, i32 176
  %655 = load i8, ptr %654, align 16, !tbaa !641
  %656 = sext i8 %655 to i32
  %657 = mul nsw i32 %656, %653
  %658 = add nsw i32 %657, %626
  %659 = getelementptr inbounds i8, ptr %in1, i32 58
  %660 = load i8, ptr %659, align 2, !tbaa !645
  %661 = sext i8 %660 to i32
  %662 = getelementptr inbounds i8, ptr %in0, i32 212
  %663 = load i8, ptr %662, align 4, !tbaa !648
  %664 = sext i8 %663 to i32
  %665 = mul nsw i32 %664, %661
  %666 = add nsw i32 %665, %634
  %667 = getelementptr inbounds i8, ptr %in1, i32 68
  %668 = load i8, ptr %667, align 4, !tbaa !653
  %669 = sext i8 %668 to i32
  %670 = getelementptr inbounds i8, ptr %in0, i32 248
  %671 = load i8, ptr %670, align 8, !tbaa !656
  %672 = sext i8 %671 to i32
  %673 = mul nsw i32 %672, %669
  %674 = add nsw i32 %673, %642
  %675 = getelementptr inbounds i8, ptr %in1, i32 78
  %676 = load i8, ptr %675, align 2, !tbaa !660
  %677 = sext i8 %676 to i32
  %678 = getelementptr inbounds i8, ptr %in0, i32 284
  %679 = load i8, ptr %678, align 4, !tbaa !663
  %680 = sext i8 %679 to i32
  %681 = mul nsw i32 %680, %677
  %682 = add nsw i32 %681, %650
  %683 = getelementptr inbounds i8, ptr %in0, i32 145
  %684 = load i8, ptr %683, align 1, !tbaa !668
  %685 = sext i8 %684 to i32
  %686 = mul nsw i32 %685, %529
  %687 = getelementptr inbounds i8, ptr %in0, i32 181
  %688 = load i8, ptr %687, align 1, !tbaa !670
  %689 = sext i8 %688 to i32
  %690 = mul nsw i32 %689, %536
  %691 = getelementptr inbounds i8, ptr %in0, i32 217
  %692 = load i8, ptr %691, align 1, !tbaa !672
  %693 = sext i8 %692 to i32
  %694 = mul nsw i32 %693, %543
  %695 = getelementptr inbounds i8, ptr %in0, i32 253
  %696 = load i8, ptr %695, align 1, !tbaa !674
  %697 = sext i8 %696 to i32
  %698 = mul nsw i32 %697, %550
  %699 = getelementptr inbounds i8, ptr %in0, i32 153
  %700 = load i8, ptr %699, align 1, !tbaa !676
  %701 = sext i8 %700 to i32
  %702 = mul nsw i32 %701, %557
  %703 = add nsw i32 %702, %686
  %704 = getelementptr inbounds i8, ptr %in0, i32 189
  %705 = load i8, ptr %704, align 1, !tbaa !678
  %706 = sext i8 %705 to i32
  %707 = mul nsw i32 %706, %565
  %708 = add nsw i32 %707, %690
  %709 = getelementptr inbounds i8, ptr %in0, i32 225
  %710 = load i8, ptr %709, align 1, !tbaa !680
  %711 = sext i8 %710 to i32
  %712 = mul nsw i32 %711, %573
  %713 = add nsw i32 %712, %694
  %714 = getelementptr inbounds i8, ptr %in0, i32 261
  %715 = load i8, ptr %714, align 1, !tbaa !682
  %716 = sext i8 %715 to i32
  %717 = mul nsw i32 %716, %581
  %718 = add nsw i32 %717, %698
  %719 = getelementptr inbounds i8, ptr %in0, i32 161
  %720 = load i8, ptr %719, align 1, !tbaa !684
  %721 = sext i8 %720 to i32
  %722 = mul nsw i32 %721, %589
  %723 = add nsw i32 %722, %703
  %724 = getelementptr inbounds i8, ptr %in0, i32 197
  %725 = load i8, ptr %724, align 1, !tbaa !686
  %726 = sext i8 %725 to i32
  %727 = mul nsw i32 %726, %597
  %728 = add nsw i32 %727, %708
  %729 = getelementptr inbounds i8, ptr %in0, i32 233
  %730 = load i8, ptr %729, align 1, !tbaa !688
  %731 = sext i8 %730 to i32
  %732 = mul nsw i32 %731, %605
  %733 = add nsw i32 %732, %713
  %734 = getelementptr inbounds i8, ptr %in0, i32 269
  %735 = load i8, ptr %734, align 1, !tbaa !690
  %736 = sext i8 %735 to i32
  %737 = mul nsw i32 %736, %613
  %738 = add nsw i32 %737, %718
  %739 = getelementptr inbounds i8, ptr %in0, i32 169
  %740 = load i8, ptr %739, align 1, !tbaa !692
  %741 = sext i8 %740 to i32
  %742 = mul nsw i32 %741, %621
  %743 = add nsw i32 %742, %723
  %744 = getelementptr inbounds i8, ptr %in0, i32 205
  %745 = load i8, ptr %744, align 1, !tbaa !694
  %746 = sext i8 %745 to i32
  %747 = mul nsw i32 %746, %629
  %748 = add nsw i32 %747, %728
  %749 = getelementptr inbounds i8, ptr %in0, i32 241
  %750 = load i8, ptr %749, align 1, !tbaa !696
  %751 = sext i8 %750 to i32
  %752 = mul nsw i32 %751, %637
  %753 = add nsw i32 %752, %733
  %754 = getelementptr inbounds i8, ptr %in0, i32 277
  %755 = load i8, ptr %754, align 1, !tbaa !698
  %756 = sext i8 %755 to i32
  %757 = mul nsw i32 %756, %645
  %758 = add nsw i32 %757, %738
  %759 = getelementptr inbounds i8, ptr %in0, i32 177
  %760 = load i8, ptr %759, align 1, !tbaa !700
  %761 = sext i8 %760 to i32
  %762 = mul nsw i32 %761, %653
  %763 = add nsw i32 %762, %743
  %764 = getelementptr inbounds i8, ptr %in0, i32 213
  %765 = load i8, ptr %764, align 1, !tbaa !702
  %766 = sext i8 %765 to i32
  %767 = mul nsw i32 %766, %661
  %768 = add nsw i32 %767, %748
  %769 = getelementptr inbounds i8, ptr %in0, i32 249
  %770 = load i8, ptr %769, align 1, !tbaa !704
  %771 = sext i8 %770 to i32
  %772 = mul nsw i32 %771, %669
  %773 = add nsw i32 %772, %753
  %774 = getelementptr inbounds i8, ptr %in0, i32 285
  %775 = load i8, ptr %774, align 1, !tbaa !706
  %776 = sext i8 %775 to i32
  %777 = mul nsw i32 %776, %677
  %778 = add nsw i32 %777, %758
  %779 = getelementptr inbounds i8, ptr %in1, i32 41
  %780 = load i8, ptr %779, align 1, !tbaa !708
  %781 = sext i8 %780 to i32
  %782 = getelementptr inbounds i8, ptr %in0, i32 146
  %783 = load i8, ptr %782, align 2, !tbaa !710
  %784 = sext i8 %783 to i32
  %785 = mul nsw i32 %784, %781
  %786 = add nsw i32 %785, %658
  %787 = getelementptr inbounds i8, ptr %in1, i32 51
  %788 = load i8, ptr %787, align 1, !tbaa !713
  %789 = sext i8 %788 to i32
  %790 = getelementptr inbounds i8, ptr %in0, i32 182
  %791 = load i8, ptr %790, align 2, !tbaa !715
  %792 = sext i8 %791 to i32
  %793 = mul nsw i32 %792, %789
  %794 = add nsw i32 %793, %666
  %795 = getelementptr inbounds i8, ptr %in1, i32 61
  %796 = load i8, ptr %795, align 1, !tbaa !718
  %797 = sext i8 %796 to i32
  %798 = getelementptr inbounds i8, ptr %in0, i32 218
  %799 = load i8, ptr %798, align 2, !tbaa !720
  %800 = sext i8 %799 to i32
  %801 = mul nsw i32 %800, %797
  %802 = add nsw i32 %801, %674
  %803 = getelementptr inbounds i8, ptr %in1, i32 71
  %804 = load i8, ptr %803, align 1, !tbaa !723
  %805 = sext i8 %804 to i32
  %806 = getelementptr inbounds i8, ptr %in0, i32 254
  %807 = load i8, ptr %806, align 2, !tbaa !725
  %808 = sext i8 %807 to i32
  %809 = mul nsw i32 %808, %805
  %810 = add nsw i32 %809, %682
  %811 = getelementptr inbounds i8, ptr %in1, i32 43
  %812 = load i8, ptr %811, align 1, !tbaa !728
  %813 = sext i8 %812 to i32
  %814 = getelementptr inbounds i8, ptr %in0, i32 154
  %815 = load i8, ptr %814, align 2, !tbaa !730
  %816 = sext i8 %815 to i32
  %817 = mul nsw i32 %816, %813
  %818 = add nsw i32 %817, %786
  %819 = getelementptr inbounds i8, ptr %in1, i32 53
  %820 = load i8, ptr %819, align 1, !tbaa !733
  %821 = sext i8 %820 to i32
  %822 = getelementptr inbounds i8, ptr %in0, i32 190
  %823 = load i8, ptr %822, align 2, !tbaa !735
  %824 = sext i8 %823 to i32
  %825 = mul nsw i32 %824, %821
  %826 = add nsw i32 %825, %794
  %827 = getelementptr inbounds i8, ptr %in1, i32 63
  %828 = load i8, ptr %827, align 1, !tbaa !738
  %829 = sext i8 %828 to i32
  %830 = getelementptr inbounds i8, ptr %in0, i32 226
  %831 = load i8, ptr %830, align 2, !tbaa !740
  %832 = sext i8 %831 to i32
  %833 = mul nsw i32 %832, %829
  %834 = add nsw i32 %833, %802
  %835 = getelementptr inbounds i8, ptr %in1, i32 73
  %836 = load i8, ptr %835, align 1, !tbaa !743
  %837 = sext i8 %836 to i32
  %838 = getelementptr inbounds i8, ptr %in0, i32 262
  %839 = load i8, ptr %838, align 2, !tbaa !745
  %840 = sext i8 %839 to i32
  %841 = mul nsw i32 %840, %837
  %842 = add nsw i32 %841, %810
  %843 = getelementptr inbounds i8, ptr %in1, i32 45
  %844 = load i8, ptr %843, align 1, !tbaa !748
  %845 = sext i8 %844 to i32
  %846 = getelementptr inbounds i8, ptr %in0, i32 162
  %847 = load i8, ptr %846, align 2, !tbaa !750
  %848 = sext i8 %847 to i32
  %849 = mul nsw i32 %848, %845
  %850 = add nsw i32 %849, %818
  %851 = getelementptr inbounds i8, ptr %in1, i32 55
  %852 = load i8, ptr %851, align 1, !tbaa !753
  %853 = sext i8 %852 to i32
  %854 = getelementptr inbounds i8, ptr %in0, i32 198
  %855 = load i8, ptr %854, align 2, !tbaa !755
  %856 = sext i8 %855 to i32
  %857 = mul nsw i32 %856, %853
  %858 = add nsw i32 %857, %826
  %859 = getelementptr inbounds i8, ptr %in1, i32 65
  %860 = load i8, ptr %859, align 1, !tbaa !758
  %861 = sext i8 %860 to i32
  %862 = getelementptr inbounds i8, ptr %in0, i32 234
  %863 = load i8, ptr %862, align 2, !tbaa !760
  %864 = sext i8 %863 to i32
  %865 = mul nsw i32 %864, %861
  %866 = add nsw i32 %865, %834
  %867 = getelementptr inbounds i8, ptr %in1, i32 75
  %868 = load i8, ptr %867, align 1, !tbaa !763
  %869 = sext i8 %868 to i32
  %870 = getelementptr inbounds i8, ptr %in0, i32 270
  %871 = load i8, ptr %870, align 2, !tbaa !765
  %872 = sext i8 %871 to i32
  %873 = mul nsw i32 %872, %869
  %874 = add nsw i32 %873, %842
  %875 = getelementptr inbounds i8, ptr %in1, i32 47
  %876 = load i8, ptr %875, align 1, !tbaa !768
  %877 = sext i8 %876 to i32
  %878 = getelementptr inbounds i8, ptr %in0, i32 170
  %879 = load i8, ptr %878, align 2, !tbaa !770
  %880 = sext i8 %879 to i32
  %881 = mul nsw i32 %880, %877
  %882 = add nsw i32 %881, %850
  %883 = getelementptr inbounds i8, ptr %in1, i32 57
  %884 = load i8, ptr %883, align 1, !tbaa !773
  %885 = sext i8 %884 to i32
  %886 = getelementptr inbounds i8, ptr %in0, i32 206
  %887 = load i8, ptr %886, align 2, !tbaa !775
  %888 = sext i8 %887 to i32
  %889 = mul nsw i32 %888, %885
  %890 = add nsw i32 %889, %858
  %891 = getelementptr inbounds i8, ptr %in1, i32 67
  %892 = load i8, ptr %891, align 1, !tbaa !778
  %893 = sext i8 %892 to i32
  %894 = getelementptr inbounds i8, ptr %in0, i32 242
  %895 = load i8, ptr %894, align 2, !tbaa !780
  %896 = sext i8 %895 to i32
  %897 = mul nsw i32 %896, %893
  %898 = add nsw i32 %897, %866
  %899 = getelementptr inbounds i8, ptr %in1, i32 77
  %900 = load i8, ptr %899, align 1, !tbaa !783
  %901 = sext i8 %900 to i32
  %902 = getelementptr inbounds i8, ptr %in0, i32 278
  %903 = load i8, ptr %902, align 2, !tbaa !785
  %904 = sext i8 %903 to i32
  %905 = mul nsw i32 %904, %901
  %906 = add nsw i32 %905, %874
  %907 = getelementptr inbounds i8, ptr %in1, i32 49
  %908 = load i8, ptr %907, align 1, !tbaa !788
  %909 = sext i8 %908 to i32
  %910 = getelementptr inbounds i8, ptr %in0, i32 178
  %911 = load i8, ptr %910, align 2, !tbaa !790
  %912 = sext i8 %911 to i32
  %913 = mul nsw i32 %912, %909
  %914 = add nsw i32 %913, %882
  store i32 %914, ptr %519, align 32, !tbaa !793
  %915 = getelementptr inbounds i8, ptr %in1, i32 59
  %916 = load i8, ptr %915, align 1, !tbaa !798
  %917 = sext i8 %916 to i32
  %918 = getelementptr inbounds i8, ptr %in0, i32 214
  %919 = load i8, ptr %918, align 2, !tbaa !800
  %920 = sext i8 %919 to i32
  %921 = mul nsw i32 %920, %917
  %922 = add nsw i32 %921, %890
  store i32 %922, ptr %520, align 8, !tbaa !803
  %923 = getelementptr inbounds i8, ptr %in1, i32 69
  %924 = load i8, ptr %923, align 1, !tbaa !806
  %925 = sext i8 %924 to i32
  %926 = getelementptr inbounds i8, ptr %in0, i32 250
  %927 = load i8, ptr %926, align 2, !tbaa !808
  %928 = sext i8 %927 to i32
  %929 = mul nsw i32 %928, %925
  %930 = add nsw i32 %929, %898
  store i32 %930, ptr %521, align 16, !tbaa !811
  %931 = getelementptr inbounds i8, ptr %in1, i32 79
  %932 = load i8, ptr %931, align 1, !tbaa !815
  %933 = sext i8 %932 to i32
  %934 = getelementptr inbounds i8, ptr %in0, i32 286
  %935 = load i8, ptr %934, align 2, !tbaa !817
  %936 = sext i8 %935 to i32
  %937 = mul nsw i32 %936, %933
  %938 = add nsw i32 %937, %906
  store i32 %938, ptr %522, align 8, !tbaa !820
  %939 = getelementptr inbounds i8, ptr %in0, i32 147
  %940 = load i8, ptr %939, align 1, !tbaa !823
  %941 = sext i8 %940 to i32
  %942 = mul nsw i32 %941, %781
  %943 = add nsw i32 %942, %763
  %944 = getelementptr inbounds i8, ptr %in0, i32 183
  %945 = load i8, ptr %944, align 1, !tbaa !825
  %946 = sext i8 %945 to i32
  %947 = mul nsw i32 %946, %789
  %948 = add nsw i32 %947, %768
  %949 = getelementptr inbounds i8, ptr %in0, i32 219
  %950 = load i8, ptr %949, align 1, !tbaa !827
  %951 = sext i8 %950 to i32
  %952 = mul nsw i32 %951, %797
  %953 = add nsw i32 %952, %773
  %954 = getelementptr inbounds i8, ptr %in0, i32 255
  %955 = load i8, ptr %954, align 1, !tbaa !829
  %956 = sext i8 %955 to i32
  %957 = mul nsw i32 %956, %805
  %958 = add nsw i32 %957, %778
  %959 = getelementptr inbounds i8, ptr %in0, i32 155
  %960 = load i8, ptr %959, align 1, !tbaa !831
  %961 = sext i8 %960 to i32
  %962 = mul nsw i32 %961, %813
  %963 = add nsw i32 %962, %943
  %964 = getelementptr inbounds i8, ptr %in0, i32 191
  %965 = load i8, ptr %964, align 1, !tbaa !833
  %966 = sext i8 %965 to i32
  %967 = mul nsw i32 %966, %821
  %968 = add nsw i32 %967, %948
  %969 = getelementptr inbounds i8, ptr %in0, i32 227
  %970 = load i8, ptr %969, align 1, !tbaa !835
  %971 = sext i8 %970 to i32
  %972 = mul nsw i32 %971, %829
  %973 = add nsw i32 %972, %953
  %974 = getelementptr inbounds i8, ptr %in0, i32 263
  %975 = load i8, ptr %974, align 1, !tbaa !837
  %976 = sext i8 %975 to i32
  %977 = mul nsw i32 %976, %837
  %978 = add nsw i32 %977, %958
  %979 = getelementptr inbounds i8, ptr %in0, i32 163
  %980 = load i8, ptr %979, align 1, !tbaa !839
  %981 = sext i8 %980 to i32
  %982 = mul nsw i32 %981, %845
  %983 = add nsw i32 %982, %963
  %984 = getelementptr inbounds i8, ptr %in0, i32 199
  %985 = load i8, ptr %984, align 1, !tbaa !841
  %986 = sext i8 %985 to i32
  %987 = mul nsw i32 %986, %853
  %988 = add nsw i32 %987, %968
  %989 = getelementptr inbounds i8, ptr %in0, i32 235
  %990 = load i8, ptr %989, align 1, !tbaa !843
  %991 = sext i8 %990 to i32
  %992 = mul nsw i32 %991, %861
  %993 = add nsw i32 %992, %973
  %994 = getelementptr inbounds i8, ptr %in0, i32 271
  %995 = load i8, ptr %994, align 1, !tbaa !845
  %996 = sext i8 %995 to i32
  %997 = mul nsw i32 %996, %869
  %998 = add nsw i32 %997, %978
  %999 = getelementptr inbounds i8, ptr %in0, i32 171
  %1000 = load i8, ptr %999, align 1, !tbaa !847
  %1001 = sext i8 %1000 to i32
  %1002 = mul nsw i32 %1001, %877
  %1003 = add nsw i32 %1002, %983
  %1004 = getelementptr inbounds i8, ptr %in0, i32 207
  %1005 = load i8, ptr %1004, align 1, !tbaa !849
  %1006 = sext i8 %1005 to i32
  %1007 = mul nsw i32 %1006, %885
  %1008 = add nsw i32 %1007, %988
  %1009 = getelementptr inbounds i8, ptr %in0, i32 243
  %1010 = load i8, ptr %1009, align 1, !tbaa !851
  %1011 = sext i8 %1010 to i32
  %1012 = mul nsw i32 %1011, %893
  %1013 = add nsw i32 %1012, %993
  %1014 = getelementptr inbounds i8, ptr %in0, i32 279
  %1015 = load i8, ptr %1014, align 1, !tbaa !853
  %1016 = sext i8 %1015 to i32
  %1017 = mul nsw i32 %1016, %901
  %1018 = add nsw i32 %1017, %998
  %1019 = getelementptr inbounds i8, ptr %in0, i32 179
  %1020 = load i8, ptr %1019, align 1, !tbaa !855
  %1021 = sext i8 %1020 to i32
  %1022 = mul nsw i32 %1021, %909
  %1023 = add nsw i32 %1022, %1003
  store i32 %1023, ptr %523, align 4, !tbaa !857
  %1024 = getelementptr inbounds i8, ptr %in0, i32 215
  %1025 = load i8, ptr %1024, align 1, !tbaa !859
  %1026 = sext i8 %1025 to i32
  %1027 = mul nsw i32 %1026, %917
  %1028 = add nsw i32 %1027, %1008
  store i32 %1028, ptr %524, align 4, !tbaa !861
  %1029 = getelementptr inbounds i8, ptr %in0, i32 251
  %1030 = load i8, ptr %1029, align 1, !tbaa !863
  %1031 = sext i8 %1030 to i32
  %1032 = mul nsw i32 %1031, %925
  %1033 = add nsw i32 %1032, %1013
  store i32 %1033, ptr %525, align 4, !tbaa !865
  %1034 = getelementptr inbounds i8, ptr %in0, i32 287
  %1035 = load i8, ptr %1034, align 1, !tbaa !867
  %1036 = sext i8 %1035 to i32
  %1037 = mul nsw i32 %1036, %933
  %1038 = add nsw i32 %1037, %1018
  store i32 %1038, ptr %526, align 4, !tbaa !869
  %1039 = load <16 x i32>, ptr %op0_global3, align 64, !tbaa !871
  store <16 x i32> %1039, ptr %op04, align 64, !tbaa !872
  store ptr %op0_global3, ptr %1, align 4
  %1040 = getelementptr inbounds i8, ptr %1, i32 4
  store ptr %op04, ptr %1040, align 4
  %1041 = load ptr, ptr @__TVMBackendParallelLaunch, align 4, !tbaa !878
  %1042 = call i32 %1041(ptr nonnull @__tvm_parallel_lambda, ptr nonnull %1, i32 0)
  %1043 = icmp eq i32 %1042, 0
  br i1 %1043, label %call_end, label %common.ret, !prof !16

common.ret:                                       ; preds = %call_end, %entry
  %common.ret.op = phi i32 [ %1042, %entry ], [ %1046, %call_end ]
  ret i32 %common.ret.op

call_end:                                         ; preds = %entry
  store ptr %op1, ptr %0, align 4
  %1044 = getelementptr inbounds i8, ptr %0, i32 4
  store ptr %op0_global3, ptr %1044, align 4
  %1045 = load ptr, ptr @__TVMBackendParallelLaunch, align 4, !tbaa !878
  %1046 = call i32 %1045(ptr nonnull @__tvm_parallel_lambda.53, ptr nonnull %0, i32 0)
  br label %common.ret
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none)
define private noundef i32 @__tvm_parallel_lambda(i32 %task_id, ptr readonly nocapture %0, ptr readonly nocapture %1) #4 {
parallel_closure_entry:
  %op0_global = load ptr, ptr %1, align 4
  %2 = getelementptr inbounds i8, ptr %1, i32 4
  %op0 = load ptr, ptr %2, align 4
  %3 = getelementptr inbounds i8, ptr %0, i32 4
  %num_task = load i32, ptr %3, align 4
  %4 = add nsw i32 %num_task, 15
  %5 = sdiv i32 %4, %num_task
  %6 = add nsw i32 %task_id, 1
  %7 = mul nsw i32 %5, %6
  %8 = tail call i32 @llvm.smin.i32(i32 %7, i32 16)
  %9 = mul nsw i32 %5, %task_id
  %10 = icmp slt i32 %9, %8
  br i1 %10, label %for_body_i0_i1_i2_r3_0_fused.preheader, label %for_end_i0_i1_i2_r3_0_fused, !prof !881

for_body_i0_i1_i2_r3_0_fused.preheader:           ; preds = %parallel_closure_entry
  %11 = sub i32 %8, %9
  %xtraiter = and i32 %11, 7
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0
  br i1 %lcmp.mod.not, label %for_body_i0_i1_i2_r3_0_fused.prol.loopexit, label %for_body_i0_i1_i2_r3_0_fused.prol, !prof !881

for_body_i0_i1_i2_r3_0_fused.prol:                ; preds = %for_body_i0_i1_i2_r3_0_fused.preheader, %for_body_i0_i1_i2_r3_0_fused.prol
  %i0_i1_i2_r3_0_fused1.prol = phi i32 [ %15, %for_body_i0_i1_i2_r3_0_fused.prol ], [ %9, %for_body_i0_i1_i2_r3_0_fused.preheader ]
  %prol.iter = phi i32 [ %prol.iter.next, %for_body_i0_i1_i2_r3_0_fused.prol ], [ 0, %for_body_i0_i1_i2_r3_0_fused.preheader ]
  %12 = getelementptr inbounds i32, ptr %op0_global, i32 %i0_i1_i2_r3_0_fused1.prol
  %13 = getelementptr inbounds i32, ptr %op0, i32 %i0_i1_i2_r3_0_fused1.prol
  %14 = load i32, ptr %13, align 4, !tbaa !50
  store i32 %14, ptr %12, align 4, !tbaa !882
  %15 = add nsw i32 %i0_i1_i2_r3_0_fused1.prol, 1
  %prol.iter.next = add i32 %prol.iter, 1
  %prol.iter.cmp.not = icmp eq i32 %prol.iter.next, %xtraiter
  br i1 %prol.iter.cmp.not, label %for_body_i0_i1_i2_r3_0_fused.prol.loopexit, label %for_body_i0_i1_i2_r3_0_fused.prol, !prof !883, !llvm.loop !884

for_body_i0_i1_i2_r3_0_fused.prol.loopexit:       ; preds = %for_body_i0_i1_i2_r3_0_fused.prol, %for_body_i0_i1_i2_r3_0_fused.preheader
  %i0_i1_i2_r3_0_fused1.unr = phi i32 [ %9, %for_body_i0_i1_i2_r3_0_fused.preheader ], [ %15, %for_body_i0_i1_i2_r3_0_fused.prol ]
  %16 = sub i32 %9, %8
  %17 = icmp ugt i32 %16, -8
  br i1 %17, label %for_end_i0_i1_i2_r3_0_fused, label %for_body_i0_i1_i2_r3_0_fused, !prof !886

for_body_i0_i1_i2_r3_0_fused:                     ; preds = %for_body_i0_i1_i2_r3_0_fused.prol.loopexit, %for_body_i0_i1_i2_r3_0_fused
  %i0_i1_i2_r3_0_fused1 = phi i32 [ %49, %for_body_i0_i1_i2_r3_0_fused ], [ %i0_i1_i2_r3_0_fused1.unr, %for_body_i0_i1_i2_r3_0_fused.prol.loopexit ]
  %18 = getelementptr inbounds i32, ptr %op0_global, i32 %i0_i1_i2_r3_0_fused1
  %19 = getelementptr inbounds i32, ptr %op0, i32 %i0_i1_i2_r3_0_fused1
  %20 = load i32, ptr %19, align 4, !tbaa !50
  store i32 %20, ptr %18, align 4, !tbaa !882
  %21 = add nsw i32 %i0_i1_i2_r3_0_fused1, 1
  %22 = getelementptr inbounds i32, ptr %op0_global, i32 %21
  %23 = getelementptr inbounds i32, ptr %op0, i32 %21
  %24 = load i32, ptr %23, align 4, !tbaa !50
  store i32 %24, ptr %22, align 4, !tbaa !882
  %25 = add nsw i32 %i0_i1_i2_r3_0_fused1, 2
  %26 = getelementptr inbounds i32, ptr %op0_global, i32 %25
  %27 = getelementptr inbounds i32, ptr %op0, i32 %25
  %28 = load i32, ptr %27, align 4, !tbaa !50
  store i32 %28, ptr %26, align 4, !tbaa !882
  %29 = add nsw i32 %i0_i1_i2_r3_0_fused1, 3
  %30 = getelementptr inbounds i32, ptr %op0_global, i32 %29
  %31 = getelementptr inbounds i32, ptr %op0, i32 %29
  %32 = load i32, ptr %31, align 4, !tbaa !50
  store i32 %32, ptr %30, align 4, !tbaa !882
  %33 = add nsw i32 %i0_i1_i2_r3_0_fused1, 4
  %34 = getelementptr inbounds i32, ptr %op0_global, i32 %33
  %35 = getelementptr inbounds i32, ptr %op0, i32 %33
  %36 = load i32, ptr %35, align 4, !tbaa !50
  store i32 %36, ptr %34, align 4, !tbaa !882
  %37 = add nsw i32 %i0_i1_i2_r3_0_fused1, 5
  %38 = getelementptr inbounds i32, ptr %op0_global, i32 %37
  %39 = getelementptr inbounds i32, ptr %op0, i32 %37
  %40 = load i32, ptr %39, align 4, !tbaa !50
  store i32 %40, ptr %38, align 4, !tbaa !882
  %41 = add nsw i32 %i0_i1_i2_r3_0_fused1, 6
  %42 = getelementptr inbounds i32, ptr %op0_global, i32 %41
  %43 = getelementptr inbounds i32, ptr %op0, i32 %41
  %44 = load i32, ptr %43, align 4, !tbaa !50
  store i32 %44, ptr %42, align 4, !tbaa !882
  %45 = add nsw i32 %i0_i1_i2_r3_0_fused1, 7
  %46 = getelementptr inbounds i32, ptr %op0_global, i32 %45
  %47 = getelementptr inbounds i32, ptr %op0, i32 %45
  %48 = load i32, ptr %47, align 4, !tbaa !50
  store i32 %48, ptr %46, align 4, !tbaa !882
  %49 = add nsw i32 %i0_i1_i2_r3_0_fused1, 8
  %exitcond.not.7 = icmp eq i32 %49, %8
  br i1 %exitcond.not.7, label %for_end_i0_i1_i2_r3_0_fused, label %for_body_i0_i1_i2_r3_0_fused, !prof !887, !llvm.loop !888

for_end_i0_i1_i2_r3_0_fused:                      ; preds = %for_body_i0_i1_i2_r3_0_fused.prol.loopexit, %for_body_i0_i1_i2_r3_0_fused, %parallel_closure_entry
  ret i32 0
}

; Function Attrs: nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none)
define private noundef i32 @__tvm_parallel_lambda.53(i32 %task_id, ptr readonly nocapture %0, ptr readonly nocapture %1) #4 {
parallel_closure_entry:
  %op1 = load ptr, ptr %1, align 4
  %2 = getelementptr inbounds i8, ptr %1, i32 4
  %op0_global = load ptr, ptr %2, align 4
  %3 = getelementptr inbounds i8, ptr %0, i32 4
  %num_task = load i32, ptr %3, align 4
  %4 = add nsw i32 %num_task, 7
  %5 = sdiv i32 %4, %num_task
  %6 = add nsw i32 %task_id, 1
  %7 = mul nsw i32 %5, %6
  %8 = tail call i32 @llvm.smin.i32(i32 %7, i32 8)
  %9 = mul nsw i32 %5, %task_id
  %10 = icmp slt i32 %9, %8
  br i1 %10, label %for_body_i0_i1_i2_fused.preheader, label %for_end_i0_i1_i2_fused, !prof !881

for_body_i0_i1_i2_fused.preheader:                ; preds = %parallel_closure_entry
  %11 = sub i32 %8, %9
  %xtraiter = and i32 %11, 7
  %lcmp.mod.not = icmp eq i32 %xtraiter, 0
  br i1 %lcmp.mod.not, label %for_body_i0_i1_i2_fused.prol.loopexit, label %for_body_i0_i1_i2_fused.prol, !prof !881

for_body_i0_i1_i2_fused.prol:                     ; preds = %for_body_i0_i1_i2_fused.preheader, %for_body_i0_i1_i2_fused.prol
  %i0_i1_i2_fused1.prol = phi i32 [ %18, %for_body_i0_i1_i2_fused.prol ], [ %9, %for_body_i0_i1_i2_fused.preheader ]
  %prol.iter = phi i32 [ %prol.iter.next, %for_body_i0_i1_i2_fused.prol ], [ 0, %for_body_i0_i1_i2_fused.preheader ]
  %12 = getelementptr inbounds i32, ptr %op1, i32 %i0_i1_i2_fused1.prol
  %.idx.prol = shl nsw i32 %i0_i1_i2_fused1.prol, 3
  %13 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.prol
  %14 = load i32, ptr %13, align 8, !tbaa !882
  %15 = getelementptr i8, ptr %13, i32 4
  %16 = load i32, ptr %15, align 4, !tbaa !882
  %17 = tail call i32 @llvm.smin.i32(i32 %14, i32 %16)
  store i32 %17, ptr %12, align 4, !tbaa !892
  %18 = add nsw i32 %i0_i1_i2_fused1.prol, 1
  %prol.iter.next = add i32 %prol.iter, 1
  %prol.iter.cmp.not = icmp eq i32 %prol.iter.next, %xtraiter
  br i1 %prol.iter.cmp.not, label %for_body_i0_i1_i2_fused.prol.loopexit, label %for_body_i0_i1_i2_fused.prol, !prof !883, !llvm.loop !894

for_body_i0_i1_i2_fused.prol.loopexit:            ; preds = %for_body_i0_i1_i2_fused.prol, %for_body_i0_i1_i2_fused.preheader
  %i0_i1_i2_fused1.unr = phi i32 [ %9, %for_body_i0_i1_i2_fused.preheader ], [ %18, %for_body_i0_i1_i2_fused.prol ]
  %19 = sub i32 %9, %8
  %20 = icmp ugt i32 %19, -8
  br i1 %20, label %for_end_i0_i1_i2_fused, label %for_body_i0_i1_i2_fused, !prof !886

for_body_i0_i1_i2_fused:                          ; preds = %for_body_i0_i1_i2_fused.prol.loopexit, %for_body_i0_i1_i2_fused
  %i0_i1_i2_fused1 = phi i32 [ %76, %for_body_i0_i1_i2_fused ], [ %i0_i1_i2_fused1.unr, %for_body_i0_i1_i2_fused.prol.loopexit ]
  %21 = getelementptr inbounds i32, ptr %op1, i32 %i0_i1_i2_fused1
  %.idx = shl nsw i32 %i0_i1_i2_fused1, 3
  %22 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx
  %23 = load i32, ptr %22, align 8, !tbaa !882
  %24 = getelementptr i8, ptr %22, i32 4
  %25 = load i32, ptr %24, align 4, !tbaa !882
  %26 = tail call i32 @llvm.smin.i32(i32 %23, i32 %25)
  store i32 %26, ptr %21, align 4, !tbaa !892
  %27 = add nsw i32 %i0_i1_i2_fused1, 1
  %28 = getelementptr inbounds i32, ptr %op1, i32 %27
  %.idx.1 = shl nsw i32 %27, 3
  %29 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.1
  %30 = load i32, ptr %29, align 8, !tbaa !882
  %31 = getelementptr i8, ptr %29, i32 4
  %32 = load i32, ptr %31, align 4, !tbaa !882
  %33 = tail call i32 @llvm.smin.i32(i32 %30, i32 %32)
  store i32 %33, ptr %28, align 4, !tbaa !892
  %34 = add nsw i32 %i0_i1_i2_fused1, 2
  %35 = getelementptr inbounds i32, ptr %op1, i32 %34
  %.idx.2 = shl nsw i32 %34, 3
  %36 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.2
  %37 = load i32, ptr %36, align 8, !tbaa !882
  %38 = getelementptr i8, ptr %36, i32 4
  %39 = load i32, ptr %38, align 4, !tbaa !882
  %40 = tail call i32 @llvm.smin.i32(i32 %37, i32 %39)
  store i32 %40, ptr %35, align 4, !tbaa !892
  %41 = add nsw i32 %i0_i1_i2_fused1, 3
  %42 = getelementptr inbounds i32, ptr %op1, i32 %41
  %.idx.3 = shl nsw i32 %41, 3
  %43 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.3
  %44 = load i32, ptr %43, align 8, !tbaa !882
  %45 = getelementptr i8, ptr %43, i32 4
  %46 = load i32, ptr %45, align 4, !tbaa !882
  %47 = tail call i32 @llvm.smin.i32(i32 %44, i32 %46)
  store i32 %47, ptr %42, align 4, !tbaa !892
  %48 = add nsw i32 %i0_i1_i2_fused1, 4
  %49 = getelementptr inbounds i32, ptr %op1, i32 %48
  %.idx.4 = shl nsw i32 %48, 3
  %50 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.4
  %51 = load i32, ptr %50, align 8, !tbaa !882
  %52 = getelementptr i8, ptr %50, i32 4
  %53 = load i32, ptr %52, align 4, !tbaa !882
  %54 = tail call i32 @llvm.smin.i32(i32 %51, i32 %53)
  store i32 %54, ptr %49, align 4, !tbaa !892
  %55 = add nsw i32 %i0_i1_i2_fused1, 5
  %56 = getelementptr inbounds i32, ptr %op1, i32 %55
  %.idx.5 = shl nsw i32 %55, 3
  %57 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.5
  %58 = load i32, ptr %57, align 8, !tbaa !882
  %59 = getelementptr i8, ptr %57, i32 4
  %60 = load i32, ptr %59, align 4, !tbaa !882
  %61 = tail call i32 @llvm.smin.i32(i32 %58, i32 %60)
  store i32 %61, ptr %56, align 4, !tbaa !892
  %62 = add nsw i32 %i0_i1_i2_fused1, 6
  %63 = getelementptr inbounds i32, ptr %op1, i32 %62
  %.idx.6 = shl nsw i32 %62, 3
  %64 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.6
  %65 = load i32, ptr %64, align 8, !tbaa !882
  %66 = getelementptr i8, ptr %64, i32 4
  %67 = load i32, ptr %66, align 4, !tbaa !882
  %68 = tail call i32 @llvm.smin.i32(i32 %65, i32 %67)
  store i32 %68, ptr %63, align 4, !tbaa !892
  %69 = add nsw i32 %i0_i1_i2_fused1, 7
  %70 = getelementptr inbounds i32, ptr %op1, i32 %69
  %.idx.7 = shl nsw i32 %69, 3
  %71 = getelementptr inbounds i8, ptr %op0_global, i32 %.idx.7
  %72 = load i32, ptr %71, align 8, !tbaa !882
  %73 = getelementptr i8, ptr %71, i32 4
  %74 = load i32, ptr %73, align 4, !tbaa !882
  %75 = tail call i32 @llvm.smin.i32(i32 %72, i32 %74)
  store i32 %75, ptr %70, align 4, !tbaa !892
  %76 = add nsw i32 %i0_i1_i2_fused1, 8
  %exitcond.not.7 = icmp eq i32 %76, %8
  br i1 %exitcond.not.7, label %for_end_i0_i1_i2_fused, label %for_body_i0_i1_i2_fused, !prof !887, !llvm.loop !895

for_end_i0_i1_i2_fused:                           ; preds = %for_body_i0_i1_i2_fused.prol.loopexit, %for_body_i0_i1_i2_fused, %parallel_closure_entry
  ret i32 0
}

; Function Attrs: nofree nosync nounwind memory(none)
define weak dso_local i16 @__truncsfhf2(float %a0) local_unnamed_addr #5 section ".text.tvm.fp16.conv" {
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
define weak dso_local float @__extendhfsf2(i16 %a0) local_unnamed_addr #5 section ".text.tvm.fp16.conv" {
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
declare i32 @llvm.smin.i32(i32, i32) #6

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fabs.f32(float) #6

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i64(ptr writeonly nocapture, i8, i64, i1 immarg) #7

; Function Attrs: nocallback nofree nounwind willreturn memory(argmem: write)
declare void @llvm.memset.p0.i32(ptr writeonly nocapture, i8, i32, i1 immarg) #7

attributes #0 = { "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #1 = { noinline }
attributes #2 = { mustprogress nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { noinline "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #4 = { nofree norecurse nosync nounwind memory(readwrite, inaccessiblemem: none) "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #5 = { nofree nosync nounwind memory(none) "target-cpu"="hexagonv68" "target-features"="+hvxv68,+hvx-length128b,-hvx-qfloat,-hvx-ieee-fp" }
attributes #6 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #7 = { nocallback nofree nounwind willreturn memory(argmem: write) }

!llvm.module.flags = !{!2, !3, !4}

!2 = !{i32 2, !"tvm_target", !"{\22kind\22:\22llvm\22,\22mtriple\22:\22hexagon\22,\22mcpu\22:\22hexagonv68\22,\22mattr\22:[\22+hvxv68\22,\22+hvx-length128b\22,\22-hvx-qfloat\22,\22-hvx-ieee-fp\22]}"}
!3 = !{i32 4, !"Debug Info Version", i32 3}
!4 = !{i32 4, !"Dwarf Version", i32 4}
!7 = !{}
!10 = !{}
!16 = !{!"branch_weights", i32 1048576, i32 1}
!17 = !{!"branch_weights", i32 1, i32 1048576}
!19 = !{!"branch_weights", i32 1, i32 349525, i32 349525, i32 349525}
!42 = !{}
!43 = !{}
!50 = !{!51, !51, i64 0}
!51 = !{!"0x5556b70d3a60", !52, i64 0}
!52 = !{!"tvm-tbaa"}
!58 = !{!59, !59, i64 0}
!59 = !{!"0x5556b725c6e0.w1.b0", !60, i64 0}
!60 = !{!"0x5556b725c6e0.w2.b0", !61, i64 0}
!61 = !{!"0x5556b725c6e0.w4.b0", !62, i64 0}
!62 = !{!"0x5556b725c6e0.w8.b0", !63, i64 0}
!63 = !{!"0x5556b725c6e0.w16.b0", !64, i64 0}
!64 = !{!"0x5556b725c6e0.w32.b0", !65, i64 0}
!65 = !{!"0x5556b725c6e0.w64.b0", !66, i64 0}
!66 = !{!"0x5556b725c6e0.w128.b0", !67, i64 0}
!67 = !{!"0x5556b725c6e0.w256.b0", !68, i64 0}
!68 = !{!"0x5556b725c6e0.w512.b0", !69, i64 0}
!69 = !{!"0x5556b725c6e0.w1024.b0", !70, i64 0}
!70 = !{!"0x5556b725c6e0", !52, i64 0}
!71 = !{!72, !72, i64 0}
!72 = !{!"0x5556b71a1ee0.w1.b0", !73, i64 0}
!73 = !{!"0x5556b71a1ee0.w2.b0", !74, i64 0}
!74 = !{!"0x5556b71a1ee0.w4.b0", !75, i64 0}
!75 = !{!"0x5556b71a1ee0.w8.b0", !76, i64 0}
!76 = !{!"0x5556b71a1ee0.w16.b0", !77, i64 0}
!77 = !{!"0x5556b71a1ee0.w32.b0", !78, i64 0}
!78 = !{!"0x5556b71a1ee0.w64.b0", !79, i64 0}
!79 = !{!"0x5556b71a1ee0.w128.b0", !80, i64 0}
!80 = !{!"0x5556b71a1ee0.w256.b0", !81, i64 0}
!81 = !{!"0x5556b71a1ee0.w512.b0", !82, i64 0}
!82 = !{!"0x5556b71a1ee0.w1024.b0", !83, i64 0}
!83 = !{!"0x5556b71a1ee0", !52, i64 0}
!84 = !{!85, !85, i64 0}
!85 = !{!"0x5556b725c6e0.w1.b10", !86, i64 0}
!86 = !{!"0x5556b725c6e0.w2.b10", !87, i64 0}
!87 = !{!"0x5556b725c6e0.w4.b8", !88, i64 0}
!88 = !{!"0x5556b725c6e0.w8.b8", !63, i64 0}
!89 = !{!90, !90, i64 0}
!90 = !{!"0x5556b71a1ee0.w1.b36", !91, i64 0}
!91 = !{!"0x5556b71a1ee0.w2.b36", !92, i64 0}
!92 = !{!"0x5556b71a1ee0.w4.b36", !93, i64 0}
!93 = !{!"0x5556b71a1ee0.w8.b32", !94, i64 0}
!94 = !{!"0x5556b71a1ee0.w16.b32", !95, i64 0}
!95 = !{!"0x5556b71a1ee0.w32.b32", !78, i64 0}
!96 = !{!97, !97, i64 0}
!97 = !{!"0x5556b725c6e0.w1.b20", !98, i64 0}
!98 = !{!"0x5556b725c6e0.w2.b20", !99, i64 0}
!99 = !{!"0x5556b725c6e0.w4.b20", !100, i64 0}
!100 = !{!"0x5556b725c6e0.w8.b16", !101, i64 0}
!101 = !{!"0x5556b725c6e0.w16.b16", !64, i64 0}
!102 = !{!103, !103, i64 0}
!103 = !{!"0x5556b71a1ee0.w1.b72", !104, i64 0}
!104 = !{!"0x5556b71a1ee0.w2.b72", !105, i64 0}
!105 = !{!"0x5556b71a1ee0.w4.b72", !106, i64 0}
!106 = !{!"0x5556b71a1ee0.w8.b72", !107, i64 0}
!107 = !{!"0x5556b71a1ee0.w16.b64", !108, i64 0}
!108 = !{!"0x5556b71a1ee0.w32.b64", !109, i64 0}
!109 = !{!"0x5556b71a1ee0.w64.b64", !79, i64 0}
!110 = !{!111, !111, i64 0}
!111 = !{!"0x5556b725c6e0.w1.b30", !112, i64 0}
!112 = !{!"0x5556b725c6e0.w2.b30", !113, i64 0}
!113 = !{!"0x5556b725c6e0.w4.b28", !114, i64 0}
!114 = !{!"0x5556b725c6e0.w8.b24", !101, i64 0}
!115 = !{!116, !116, i64 0}
!116 = !{!"0x5556b71a1ee0.w1.b108", !117, i64 0}
!117 = !{!"0x5556b71a1ee0.w2.b108", !118, i64 0}
!118 = !{!"0x5556b71a1ee0.w4.b108", !119, i64 0}
!119 = !{!"0x5556b71a1ee0.w8.b104", !120, i64 0}
!120 = !{!"0x5556b71a1ee0.w16.b96", !121, i64 0}
!121 = !{!"0x5556b71a1ee0.w32.b96", !109, i64 0}
!122 = !{!123, !123, i64 0}
!123 = !{!"0x5556b725c6e0.w1.b2", !124, i64 0}
!124 = !{!"0x5556b725c6e0.w2.b2", !61, i64 0}
!125 = !{!126, !126, i64 0}
!126 = !{!"0x5556b71a1ee0.w1.b8", !127, i64 0}
!127 = !{!"0x5556b71a1ee0.w2.b8", !128, i64 0}
!128 = !{!"0x5556b71a1ee0.w4.b8", !129, i64 0}
!129 = !{!"0x5556b71a1ee0.w8.b8", !76, i64 0}
!130 = !{!131, !131, i64 0}
!131 = !{!"0x5556b725c6e0.w1.b12", !132, i64 0}
!132 = !{!"0x5556b725c6e0.w2.b12", !133, i64 0}
!133 = !{!"0x5556b725c6e0.w4.b12", !88, i64 0}
!134 = !{!135, !135, i64 0}
!135 = !{!"0x5556b71a1ee0.w1.b44", !136, i64 0}
!136 = !{!"0x5556b71a1ee0.w2.b44", !137, i64 0}
!137 = !{!"0x5556b71a1ee0.w4.b44", !138, i64 0}
!138 = !{!"0x5556b71a1ee0.w8.b40", !94, i64 0}
!139 = !{!140, !140, i64 0}
!140 = !{!"0x5556b725c6e0.w1.b22", !141, i64 0}
!141 = !{!"0x5556b725c6e0.w2.b22", !99, i64 0}
!142 = !{!143, !143, i64 0}
!143 = !{!"0x5556b71a1ee0.w1.b80", !144, i64 0}
!144 = !{!"0x5556b71a1ee0.w2.b80", !145, i64 0}
!145 = !{!"0x5556b71a1ee0.w4.b80", !146, i64 0}
!146 = !{!"0x5556b71a1ee0.w8.b80", !147, i64 0}
!147 = !{!"0x5556b71a1ee0.w16.b80", !108, i64 0}
!148 = !{!149, !149, i64 0}
!149 = !{!"0x5556b725c6e0.w1.b32", !150, i64 0}
!150 = !{!"0x5556b725c6e0.w2.b32", !151, i64 0}
!151 = !{!"0x5556b725c6e0.w4.b32", !152, i64 0}
!152 = !{!"0x5556b725c6e0.w8.b32", !153, i64 0}
!153 = !{!"0x5556b725c6e0.w16.b32", !154, i64 0}
!154 = !{!"0x5556b725c6e0.w32.b32", !65, i64 0}
!155 = !{!156, !156, i64 0}
!156 = !{!"0x5556b71a1ee0.w1.b116", !157, i64 0}
!157 = !{!"0x5556b71a1ee0.w2.b116", !158, i64 0}
!158 = !{!"0x5556b71a1ee0.w4.b116", !159, i64 0}
!159 = !{!"0x5556b71a1ee0.w8.b112", !160, i64 0}
!160 = !{!"0x5556b71a1ee0.w16.b112", !121, i64 0}
!161 = !{!162, !162, i64 0}
!162 = !{!"0x5556b725c6e0.w1.b4", !163, i64 0}
!163 = !{!"0x5556b725c6e0.w2.b4", !164, i64 0}
!164 = !{!"0x5556b725c6e0.w4.b4", !62, i64 0}
!165 = !{!166, !166, i64 0}
!166 = !{!"0x5556b71a1ee0.w1.b16", !167, i64 0}
!167 = !{!"0x5556b71a1ee0.w2.b16", !168, i64 0}
!168 = !{!"0x5556b71a1ee0.w4.b16", !169, i64 0}
!169 = !{!"0x5556b71a1ee0.w8.b16", !170, i64 0}
!170 = !{!"0x5556b71a1ee0.w16.b16", !77, i64 0}
!171 = !{!172, !172, i64 0}
!172 = !{!"0x5556b725c6e0.w1.b14", !173, i64 0}
!173 = !{!"0x5556b725c6e0.w2.b14", !133, i64 0}
!174 = !{!175, !175, i64 0}
!175 = !{!"0x5556b71a1ee0.w1.b52", !176, i64 0}
!176 = !{!"0x5556b71a1ee0.w2.b52", !177, i64 0}
!177 = !{!"0x5556b71a1ee0.w4.b52", !178, i64 0}
!178 = !{!"0x5556b71a1ee0.w8.b48", !179, i64 0}
!179 = !{!"0x5556b71a1ee0.w16.b48", !95, i64 0}
!180 = !{!181, !181, i64 0}
!181 = !{!"0x5556b725c6e0.w1.b24", !182, i64 0}
!182 = !{!"0x5556b725c6e0.w2.b24", !183, i64 0}
!183 = !{!"0x5556b725c6e0.w4.b24", !114, i64 0}
!184 = !{!185, !185, i64 0}
!185 = !{!"0x5556b71a1ee0.w1.b88", !186, i64 0}
!186 = !{!"0x5556b71a1ee0.w2.b88", !187, i64 0}
!187 = !{!"0x5556b71a1ee0.w4.b88", !188, i64 0}
!188 = !{!"0x5556b71a1ee0.w8.b88", !147, i64 0}
!189 = !{!190, !190, i64 0}
!190 = !{!"0x5556b725c6e0.w1.b34", !191, i64 0}
!191 = !{!"0x5556b725c6e0.w2.b34", !151, i64 0}
!192 = !{!193, !193, i64 0}
!193 = !{!"0x5556b71a1ee0.w1.b124", !194, i64 0}
!194 = !{!"0x5556b71a1ee0.w2.b124", !195, i64 0}
!195 = !{!"0x5556b71a1ee0.w4.b124", !196, i64 0}
!196 = !{!"0x5556b71a1ee0.w8.b120", !160, i64 0}
!197 = !{!198, !198, i64 0}
!198 = !{!"0x5556b725c6e0.w1.b6", !199, i64 0}
!199 = !{!"0x5556b725c6e0.w2.b6", !164, i64 0}
!200 = !{!201, !201, i64 0}
!201 = !{!"0x5556b71a1ee0.w1.b24", !202, i64 0}
!202 = !{!"0x5556b71a1ee0.w2.b24", !203, i64 0}
!203 = !{!"0x5556b71a1ee0.w4.b24", !204, i64 0}
!204 = !{!"0x5556b71a1ee0.w8.b24", !170, i64 0}
!205 = !{!206, !206, i64 0}
!206 = !{!"0x5556b725c6e0.w1.b16", !207, i64 0}
!207 = !{!"0x5556b725c6e0.w2.b16", !208, i64 0}
!208 = !{!"0x5556b725c6e0.w4.b16", !100, i64 0}
!209 = !{!210, !210, i64 0}
!210 = !{!"0x5556b71a1ee0.w1.b60", !211, i64 0}
!211 = !{!"0x5556b71a1ee0.w2.b60", !212, i64 0}
!212 = !{!"0x5556b71a1ee0.w4.b60", !213, i64 0}
!213 = !{!"0x5556b71a1ee0.w8.b56", !179, i64 0}
!214 = !{!215, !215, i64 0}
!215 = !{!"0x5556b725c6e0.w1.b26", !216, i64 0}
!216 = !{!"0x5556b725c6e0.w2.b26", !183, i64 0}
!217 = !{!218, !218, i64 0}
!218 = !{!"0x5556b71a1ee0.w1.b96", !219, i64 0}
!219 = !{!"0x5556b71a1ee0.w2.b96", !220, i64 0}
!220 = !{!"0x5556b71a1ee0.w4.b96", !221, i64 0}
!221 = !{!"0x5556b71a1ee0.w8.b96", !120, i64 0}
!222 = !{!223, !223, i64 0}
!223 = !{!"0x5556b725c6e0.w1.b36", !224, i64 0}
!224 = !{!"0x5556b725c6e0.w2.b36", !225, i64 0}
!225 = !{!"0x5556b725c6e0.w4.b36", !152, i64 0}
!226 = !{!227, !227, i64 0}
!227 = !{!"0x5556b71a1ee0.w1.b132", !228, i64 0}
!228 = !{!"0x5556b71a1ee0.w2.b132", !229, i64 0}
!229 = !{!"0x5556b71a1ee0.w4.b132", !230, i64 0}
!230 = !{!"0x5556b71a1ee0.w8.b128", !231, i64 0}
!231 = !{!"0x5556b71a1ee0.w16.b128", !232, i64 0}
!232 = !{!"0x5556b71a1ee0.w32.b128", !233, i64 0}
!233 = !{!"0x5556b71a1ee0.w64.b128", !234, i64 0}
!234 = !{!"0x5556b71a1ee0.w128.b128", !80, i64 0}
!235 = !{!236, !236, i64 0}
!236 = !{!"0x5556b725c6e0.w1.b8", !237, i64 0}
!237 = !{!"0x5556b725c6e0.w2.b8", !87, i64 0}
!238 = !{!239, !239, i64 0}
!239 = !{!"0x5556b71a1ee0.w1.b32", !240, i64 0}
!240 = !{!"0x5556b71a1ee0.w2.b32", !241, i64 0}
!241 = !{!"0x5556b71a1ee0.w4.b32", !93, i64 0}
!242 = !{!243, !243, i64 0}
!243 = !{!"0x5556b725c6e0.w1.b18", !244, i64 0}
!244 = !{!"0x5556b725c6e0.w2.b18", !208, i64 0}
!245 = !{!246, !246, i64 0}
!246 = !{!"0x5556b71a1ee0.w1.b68", !247, i64 0}
!247 = !{!"0x5556b71a1ee0.w2.b68", !248, i64 0}
!248 = !{!"0x5556b71a1ee0.w4.b68", !249, i64 0}
!249 = !{!"0x5556b71a1ee0.w8.b64", !107, i64 0}
!250 = !{!251, !251, i64 0}
!251 = !{!"0x5556b725c6e0.w1.b28", !252, i64 0}
!252 = !{!"0x5556b725c6e0.w2.b28", !113, i64 0}
!253 = !{!254, !254, i64 0}
!254 = !{!"0x5556b71a1ee0.w1.b104", !255, i64 0}
!255 = !{!"0x5556b71a1ee0.w2.b104", !256, i64 0}
!256 = !{!"0x5556b71a1ee0.w4.b104", !119, i64 0}
!257 = !{!258, !258, i64 0}
!258 = !{!"0x5556b725c6e0.w1.b38", !259, i64 0}
!259 = !{!"0x5556b725c6e0.w2.b38", !225, i64 0}
!260 = !{!261, !261, i64 0}
!261 = !{!"0x5556b71a1ee0.w1.b140", !262, i64 0}
!262 = !{!"0x5556b71a1ee0.w2.b140", !263, i64 0}
!263 = !{!"0x5556b71a1ee0.w4.b140", !264, i64 0}
!264 = !{!"0x5556b71a1ee0.w8.b136", !231, i64 0}
!265 = !{!266, !266, i64 0}
!266 = !{!"0x5556b71a1ee0.w1.b1", !73, i64 0}
!267 = !{!268, !268, i64 0}
!268 = !{!"0x5556b71a1ee0.w1.b37", !91, i64 0}
!269 = !{!270, !270, i64 0}
!270 = !{!"0x5556b71a1ee0.w1.b73", !104, i64 0}
!271 = !{!272, !272, i64 0}
!272 = !{!"0x5556b71a1ee0.w1.b109", !117, i64 0}
!273 = !{!274, !274, i64 0}
!274 = !{!"0x5556b71a1ee0.w1.b9", !127, i64 0}
!275 = !{!276, !276, i64 0}
!276 = !{!"0x5556b71a1ee0.w1.b45", !136, i64 0}
!277 = !{!278, !278, i64 0}
!278 = !{!"0x5556b71a1ee0.w1.b81", !144, i64 0}
!279 = !{!280, !280, i64 0}
!280 = !{!"0x5556b71a1ee0.w1.b117", !157, i64 0}
!281 = !{!282, !282, i64 0}
!282 = !{!"0x5556b71a1ee0.w1.b17", !167, i64 0}
!283 = !{!284, !284, i64 0}
!284 = !{!"0x5556b71a1ee0.w1.b53", !176, i64 0}
!285 = !{!286, !286, i64 0}
!286 = !{!"0x5556b71a1ee0.w1.b89", !186, i64 0}
!287 = !{!288, !288, i64 0}
!288 = !{!"0x5556b71a1ee0.w1.b125", !194, i64 0}
!289 = !{!290, !290, i64 0}
!290 = !{!"0x5556b71a1ee0.w1.b25", !202, i64 0}
!291 = !{!292, !292, i64 0}
!292 = !{!"0x5556b71a1ee0.w1.b61", !211, i64 0}
!293 = !{!294, !294, i64 0}
!294 = !{!"0x5556b71a1ee0.w1.b97", !219, i64 0}
!295 = !{!296, !296, i64 0}
!296 = !{!"0x5556b71a1ee0.w1.b133", !228, i64 0}
!297 = !{!298, !298, i64 0}
!298 = !{!"0x5556b71a1ee0.w1.b33", !240, i64 0}
!299 = !{!300, !300, i64 0}
!300 = !{!"0x5556b71a1ee0.w1.b69", !247, i64 0}
!301 = !{!302, !302, i64 0}
!302 = !{!"0x5556b71a1ee0.w1.b105", !255, i64 0}
!303 = !{!304, !304, i64 0}
!304 = !{!"0x5556b71a1ee0.w1.b141", !262, i64 0}
!305 = !{!306, !306, i64 0}
!306 = !{!"0x5556b725c6e0.w1.b1", !60, i64 0}
!307 = !{!308, !308, i64 0}
!308 = !{!"0x5556b71a1ee0.w1.b2", !309, i64 0}
!309 = !{!"0x5556b71a1ee0.w2.b2", !74, i64 0}
!310 = !{!311, !311, i64 0}
!311 = !{!"0x5556b725c6e0.w1.b11", !86, i64 0}
!312 = !{!313, !313, i64 0}
!313 = !{!"0x5556b71a1ee0.w1.b38", !314, i64 0}
!314 = !{!"0x5556b71a1ee0.w2.b38", !92, i64 0}
!315 = !{!316, !316, i64 0}
!316 = !{!"0x5556b725c6e0.w1.b21", !98, i64 0}
!317 = !{!318, !318, i64 0}
!318 = !{!"0x5556b71a1ee0.w1.b74", !319, i64 0}
!319 = !{!"0x5556b71a1ee0.w2.b74", !105, i64 0}
!320 = !{!321, !321, i64 0}
!321 = !{!"0x5556b725c6e0.w1.b31", !112, i64 0}
!322 = !{!323, !323, i64 0}
!323 = !{!"0x5556b71a1ee0.w1.b110", !324, i64 0}
!324 = !{!"0x5556b71a1ee0.w2.b110", !118, i64 0}
!325 = !{!326, !326, i64 0}
!326 = !{!"0x5556b725c6e0.w1.b3", !124, i64 0}
!327 = !{!328, !328, i64 0}
!328 = !{!"0x5556b71a1ee0.w1.b10", !329, i64 0}
!329 = !{!"0x5556b71a1ee0.w2.b10", !128, i64 0}
!330 = !{!331, !331, i64 0}
!331 = !{!"0x5556b725c6e0.w1.b13", !132, i64 0}
!332 = !{!333, !333, i64 0}
!333 = !{!"0x5556b71a1ee0.w1.b46", !334, i64 0}
!334 = !{!"0x5556b71a1ee0.w2.b46", !137, i64 0}
!335 = !{!336, !336, i64 0}
!336 = !{!"0x5556b725c6e0.w1.b23", !141, i64 0}
!337 = !{!338, !338, i64 0}
!338 = !{!"0x5556b71a1ee0.w1.b82", !339, i64 0}
!339 = !{!"0x5556b71a1ee0.w2.b82", !145, i64 0}
!340 = !{!341, !341, i64 0}
!341 = !{!"0x5556b725c6e0.w1.b33", !150, i64 0}
!342 = !{!343, !343, i64 0}
!343 = !{!"0x5556b71a1ee0.w1.b118", !344, i64 0}
!344 = !{!"0x5556b71a1ee0.w2.b118", !158, i64 0}
!345 = !{!346, !346, i64 0}
!346 = !{!"0x5556b725c6e0.w1.b5", !163, i64 0}
!347 = !{!348, !348, i64 0}
!348 = !{!"0x5556b71a1ee0.w1.b18", !349, i64 0}
!349 = !{!"0x5556b71a1ee0.w2.b18", !168, i64 0}
!350 = !{!351, !351, i64 0}
!351 = !{!"0x5556b725c6e0.w1.b15", !173, i64 0}
!352 = !{!353, !353, i64 0}
!353 = !{!"0x5556b71a1ee0.w1.b54", !354, i64 0}
!354 = !{!"0x5556b71a1ee0.w2.b54", !177, i64 0}
!355 = !{!356, !356, i64 0}
!356 = !{!"0x5556b725c6e0.w1.b25", !182, i64 0}
!357 = !{!358, !358, i64 0}
!358 = !{!"0x5556b71a1ee0.w1.b90", !359, i64 0}
!359 = !{!"0x5556b71a1ee0.w2.b90", !187, i64 0}
!360 = !{!361, !361, i64 0}
!361 = !{!"0x5556b725c6e0.w1.b35", !191, i64 0}
!362 = !{!363, !363, i64 0}
!363 = !{!"0x5556b71a1ee0.w1.b126", !364, i64 0}
!364 = !{!"0x5556b71a1ee0.w2.b126", !195, i64 0}
!365 = !{!366, !366, i64 0}
!366 = !{!"0x5556b725c6e0.w1.b7", !199, i64 0}
!367 = !{!368, !368, i64 0}
!368 = !{!"0x5556b71a1ee0.w1.b26", !369, i64 0}
!369 = !{!"0x5556b71a1ee0.w2.b26", !203, i64 0}
!370 = !{!371, !371, i64 0}
!371 = !{!"0x5556b725c6e0.w1.b17", !207, i64 0}
!372 = !{!373, !373, i64 0}
!373 = !{!"0x5556b71a1ee0.w1.b62", !374, i64 0}
!374 = !{!"0x5556b71a1ee0.w2.b62", !212, i64 0}
!375 = !{!376, !376, i64 0}
!376 = !{!"0x5556b725c6e0.w1.b27", !216, i64 0}
!377 = !{!378, !378, i64 0}
!378 = !{!"0x5556b71a1ee0.w1.b98", !379, i64 0}
!379 = !{!"0x5556b71a1ee0.w2.b98", !220, i64 0}
!380 = !{!381, !381, i64 0}
!381 = !{!"0x5556b725c6e0.w1.b37", !224, i64 0}
!382 = !{!383, !383, i64 0}
!383 = !{!"0x5556b71a1ee0.w1.b134", !384, i64 0}
!384 = !{!"0x5556b71a1ee0.w2.b134", !229, i64 0}
!385 = !{!386, !386, i64 0}
!386 = !{!"0x5556b725c6e0.w1.b9", !237, i64 0}
!387 = !{!388, !388, i64 0}
!388 = !{!"0x5556b71a1ee0.w1.b34", !389, i64 0}
!389 = !{!"0x5556b71a1ee0.w2.b34", !241, i64 0}
!390 = !{!391, !391, i64 0}
!391 = !{!"0x5556b6e89190.w4.b0", !392, i64 0}
!392 = !{!"0x5556b6e89190.w8.b0", !393, i64 0}
!393 = !{!"0x5556b6e89190.w16.b0", !394, i64 0}
!394 = !{!"0x5556b6e89190.w32.b0", !395, i64 0}
!395 = !{!"0x5556b6e89190.w64.b0", !396, i64 0}
!396 = !{!"0x5556b6e89190.w128.b0", !397, i64 0}
!397 = !{!"0x5556b6e89190.w256.b0", !398, i64 0}
!398 = !{!"0x5556b6e89190.w512.b0", !399, i64 0}
!399 = !{!"0x5556b6e89190.w1024.b0", !400, i64 0}
!400 = !{!"0x5556b6e89190", !52, i64 0}
!401 = !{!402, !402, i64 0}
!402 = !{!"0x5556b725c6e0.w1.b19", !244, i64 0}
!403 = !{!404, !404, i64 0}
!404 = !{!"0x5556b71a1ee0.w1.b70", !405, i64 0}
!405 = !{!"0x5556b71a1ee0.w2.b70", !248, i64 0}
!406 = !{!407, !407, i64 0}
!407 = !{!"0x5556b6e89190.w4.b8", !408, i64 0}
!408 = !{!"0x5556b6e89190.w8.b8", !393, i64 0}
!409 = !{!410, !410, i64 0}
!410 = !{!"0x5556b725c6e0.w1.b29", !252, i64 0}
!411 = !{!412, !412, i64 0}
!412 = !{!"0x5556b71a1ee0.w1.b106", !413, i64 0}
!413 = !{!"0x5556b71a1ee0.w2.b106", !256, i64 0}
!414 = !{!415, !415, i64 0}
!415 = !{!"0x5556b6e89190.w4.b16", !416, i64 0}
!416 = !{!"0x5556b6e89190.w8.b16", !417, i64 0}
!417 = !{!"0x5556b6e89190.w16.b16", !394, i64 0}
!418 = !{!419, !419, i64 0}
!419 = !{!"0x5556b725c6e0.w1.b39", !259, i64 0}
!420 = !{!421, !421, i64 0}
!421 = !{!"0x5556b71a1ee0.w1.b142", !422, i64 0}
!422 = !{!"0x5556b71a1ee0.w2.b142", !263, i64 0}
!423 = !{!424, !424, i64 0}
!424 = !{!"0x5556b6e89190.w4.b24", !425, i64 0}
!425 = !{!"0x5556b6e89190.w8.b24", !417, i64 0}
!426 = !{!427, !427, i64 0}
!427 = !{!"0x5556b71a1ee0.w1.b3", !309, i64 0}
!428 = !{!429, !429, i64 0}
!429 = !{!"0x5556b71a1ee0.w1.b39", !314, i64 0}
!430 = !{!431, !431, i64 0}
!431 = !{!"0x5556b71a1ee0.w1.b75", !319, i64 0}
!432 = !{!433, !433, i64 0}
!433 = !{!"0x5556b71a1ee0.w1.b111", !324, i64 0}
!434 = !{!435, !435, i64 0}
!435 = !{!"0x5556b71a1ee0.w1.b11", !329, i64 0}
!436 = !{!437, !437, i64 0}
!437 = !{!"0x5556b71a1ee0.w1.b47", !334, i64 0}
!438 = !{!439, !439, i64 0}
!439 = !{!"0x5556b71a1ee0.w1.b83", !339, i64 0}
!440 = !{!441, !441, i64 0}
!441 = !{!"0x5556b71a1ee0.w1.b119", !344, i64 0}
!442 = !{!443, !443, i64 0}
!443 = !{!"0x5556b71a1ee0.w1.b19", !349, i64 0}
!444 = !{!445, !445, i64 0}
!445 = !{!"0x5556b71a1ee0.w1.b55", !354, i64 0}
!446 = !{!447, !447, i64 0}
!447 = !{!"0x5556b71a1ee0.w1.b91", !359, i64 0}
!448 = !{!449, !449, i64 0}
!449 = !{!"0x5556b71a1ee0.w1.b127", !364, i64 0}
!450 = !{!451, !451, i64 0}
!451 = !{!"0x5556b71a1ee0.w1.b27", !369, i64 0}
!452 = !{!453, !453, i64 0}
!453 = !{!"0x5556b71a1ee0.w1.b63", !374, i64 0}
!454 = !{!455, !455, i64 0}
!455 = !{!"0x5556b71a1ee0.w1.b99", !379, i64 0}
!456 = !{!457, !457, i64 0}
!457 = !{!"0x5556b71a1ee0.w1.b135", !384, i64 0}
!458 = !{!459, !459, i64 0}
!459 = !{!"0x5556b71a1ee0.w1.b35", !389, i64 0}
!460 = !{!461, !461, i64 0}
!461 = !{!"0x5556b6e89190.w4.b4", !392, i64 0}
!462 = !{!463, !463, i64 0}
!463 = !{!"0x5556b71a1ee0.w1.b71", !405, i64 0}
!464 = !{!465, !465, i64 0}
!465 = !{!"0x5556b6e89190.w4.b12", !408, i64 0}
!466 = !{!467, !467, i64 0}
!467 = !{!"0x5556b71a1ee0.w1.b107", !413, i64 0}
!468 = !{!469, !469, i64 0}
!469 = !{!"0x5556b6e89190.w4.b20", !416, i64 0}
!470 = !{!471, !471, i64 0}
!471 = !{!"0x5556b71a1ee0.w1.b143", !422, i64 0}
!472 = !{!473, !473, i64 0}
!473 = !{!"0x5556b6e89190.w4.b28", !425, i64 0}
!474 = !{!475, !475, i64 0}
!475 = !{!"0x5556b725c6e0.w1.b40", !476, i64 0}
!476 = !{!"0x5556b725c6e0.w2.b40", !477, i64 0}
!477 = !{!"0x5556b725c6e0.w4.b40", !478, i64 0}
!478 = !{!"0x5556b725c6e0.w8.b40", !153, i64 0}
!479 = !{!480, !480, i64 0}
!480 = !{!"0x5556b71a1ee0.w1.b144", !481, i64 0}
!481 = !{!"0x5556b71a1ee0.w2.b144", !482, i64 0}
!482 = !{!"0x5556b71a1ee0.w4.b144", !483, i64 0}
!483 = !{!"0x5556b71a1ee0.w8.b144", !484, i64 0}
!484 = !{!"0x5556b71a1ee0.w16.b144", !232, i64 0}
!485 = !{!486, !486, i64 0}
!486 = !{!"0x5556b725c6e0.w1.b50", !487, i64 0}
!487 = !{!"0x5556b725c6e0.w2.b50", !488, i64 0}
!488 = !{!"0x5556b725c6e0.w4.b48", !489, i64 0}
!489 = !{!"0x5556b725c6e0.w8.b48", !490, i64 0}
!490 = !{!"0x5556b725c6e0.w16.b48", !154, i64 0}
!491 = !{!492, !492, i64 0}
!492 = !{!"0x5556b71a1ee0.w1.b180", !493, i64 0}
!493 = !{!"0x5556b71a1ee0.w2.b180", !494, i64 0}
!494 = !{!"0x5556b71a1ee0.w4.b180", !495, i64 0}
!495 = !{!"0x5556b71a1ee0.w8.b176", !496, i64 0}
!496 = !{!"0x5556b71a1ee0.w16.b176", !497, i64 0}
!497 = !{!"0x5556b71a1ee0.w32.b160", !233, i64 0}
!498 = !{!499, !499, i64 0}
!499 = !{!"0x5556b725c6e0.w1.b60", !500, i64 0}
!500 = !{!"0x5556b725c6e0.w2.b60", !501, i64 0}
!501 = !{!"0x5556b725c6e0.w4.b60", !502, i64 0}
!502 = !{!"0x5556b725c6e0.w8.b56", !490, i64 0}
!503 = !{!504, !504, i64 0}
!504 = !{!"0x5556b71a1ee0.w1.b216", !505, i64 0}
!505 = !{!"0x5556b71a1ee0.w2.b216", !506, i64 0}
!506 = !{!"0x5556b71a1ee0.w4.b216", !507, i64 0}
!507 = !{!"0x5556b71a1ee0.w8.b216", !508, i64 0}
!508 = !{!"0x5556b71a1ee0.w16.b208", !509, i64 0}
!509 = !{!"0x5556b71a1ee0.w32.b192", !510, i64 0}
!510 = !{!"0x5556b71a1ee0.w64.b192", !234, i64 0}
!511 = !{!512, !512, i64 0}
!512 = !{!"0x5556b725c6e0.w1.b70", !513, i64 0}
!513 = !{!"0x5556b725c6e0.w2.b70", !514, i64 0}
!514 = !{!"0x5556b725c6e0.w4.b68", !515, i64 0}
!515 = !{!"0x5556b725c6e0.w8.b64", !516, i64 0}
!516 = !{!"0x5556b725c6e0.w16.b64", !517, i64 0}
!517 = !{!"0x5556b725c6e0.w32.b64", !518, i64 0}
!518 = !{!"0x5556b725c6e0.w64.b64", !66, i64 0}
!519 = !{!520, !520, i64 0}
!520 = !{!"0x5556b71a1ee0.w1.b252", !521, i64 0}
!521 = !{!"0x5556b71a1ee0.w2.b252", !522, i64 0}
!522 = !{!"0x5556b71a1ee0.w4.b252", !523, i64 0}
!523 = !{!"0x5556b71a1ee0.w8.b248", !524, i64 0}
!524 = !{!"0x5556b71a1ee0.w16.b240", !525, i64 0}
!525 = !{!"0x5556b71a1ee0.w32.b224", !510, i64 0}
!526 = !{!527, !527, i64 0}
!527 = !{!"0x5556b725c6e0.w1.b42", !528, i64 0}
!528 = !{!"0x5556b725c6e0.w2.b42", !477, i64 0}
!529 = !{!530, !530, i64 0}
!530 = !{!"0x5556b71a1ee0.w1.b152", !531, i64 0}
!531 = !{!"0x5556b71a1ee0.w2.b152", !532, i64 0}
!532 = !{!"0x5556b71a1ee0.w4.b152", !533, i64 0}
!533 = !{!"0x5556b71a1ee0.w8.b152", !484, i64 0}
!534 = !{!535, !535, i64 0}
!535 = !{!"0x5556b725c6e0.w1.b52", !536, i64 0}
!536 = !{!"0x5556b725c6e0.w2.b52", !537, i64 0}
!537 = !{!"0x5556b725c6e0.w4.b52", !489, i64 0}
!538 = !{!539, !539, i64 0}
!539 = !{!"0x5556b71a1ee0.w1.b188", !540, i64 0}
!540 = !{!"0x5556b71a1ee0.w2.b188", !541, i64 0}
!541 = !{!"0x5556b71a1ee0.w4.b188", !542, i64 0}
!542 = !{!"0x5556b71a1ee0.w8.b184", !496, i64 0}
!543 = !{!544, !544, i64 0}
!544 = !{!"0x5556b725c6e0.w1.b62", !545, i64 0}
!545 = !{!"0x5556b725c6e0.w2.b62", !501, i64 0}
!546 = !{!547, !547, i64 0}
!547 = !{!"0x5556b71a1ee0.w1.b224", !548, i64 0}
!548 = !{!"0x5556b71a1ee0.w2.b224", !549, i64 0}
!549 = !{!"0x5556b71a1ee0.w4.b224", !550, i64 0}
!550 = !{!"0x5556b71a1ee0.w8.b224", !551, i64 0}
!551 = !{!"0x5556b71a1ee0.w16.b224", !525, i64 0}
!552 = !{!553, !553, i64 0}
!553 = !{!"0x5556b725c6e0.w1.b72", !554, i64 0}
!554 = !{!"0x5556b725c6e0.w2.b72", !555, i64 0}
!555 = !{!"0x5556b725c6e0.w4.b72", !556, i64 0}
!556 = !{!"0x5556b725c6e0.w8.b72", !516, i64 0}
!557 = !{!558, !558, i64 0}
!558 = !{!"0x5556b71a1ee0.w1.b260", !559, i64 0}
!559 = !{!"0x5556b71a1ee0.w2.b260", !560, i64 0}
!560 = !{!"0x5556b71a1ee0.w4.b260", !561, i64 0}
!561 = !{!"0x5556b71a1ee0.w8.b256", !562, i64 0}
!562 = !{!"0x5556b71a1ee0.w16.b256", !563, i64 0}
!563 = !{!"0x5556b71a1ee0.w32.b256", !564, i64 0}
!564 = !{!"0x5556b71a1ee0.w64.b256", !565, i64 0}
!565 = !{!"0x5556b71a1ee0.w128.b256", !566, i64 0}
!566 = !{!"0x5556b71a1ee0.w256.b256", !81, i64 0}
!567 = !{!568, !568, i64 0}
!568 = !{!"0x5556b725c6e0.w1.b44", !569, i64 0}
!569 = !{!"0x5556b725c6e0.w2.b44", !570, i64 0}
!570 = !{!"0x5556b725c6e0.w4.b44", !478, i64 0}
!571 = !{!572, !572, i64 0}
!572 = !{!"0x5556b71a1ee0.w1.b160", !573, i64 0}
!573 = !{!"0x5556b71a1ee0.w2.b160", !574, i64 0}
!574 = !{!"0x5556b71a1ee0.w4.b160", !575, i64 0}
!575 = !{!"0x5556b71a1ee0.w8.b160", !576, i64 0}
!576 = !{!"0x5556b71a1ee0.w16.b160", !497, i64 0}
!577 = !{!578, !578, i64 0}
!578 = !{!"0x5556b725c6e0.w1.b54", !579, i64 0}
!579 = !{!"0x5556b725c6e0.w2.b54", !537, i64 0}
!580 = !{!581, !581, i64 0}
!581 = !{!"0x5556b71a1ee0.w1.b196", !582, i64 0}
!582 = !{!"0x5556b71a1ee0.w2.b196", !583, i64 0}
!583 = !{!"0x5556b71a1ee0.w4.b196", !584, i64 0}
!584 = !{!"0x5556b71a1ee0.w8.b192", !585, i64 0}
!585 = !{!"0x5556b71a1ee0.w16.b192", !509, i64 0}
!586 = !{!587, !587, i64 0}
!587 = !{!"0x5556b725c6e0.w1.b64", !588, i64 0}
!588 = !{!"0x5556b725c6e0.w2.b64", !589, i64 0}
!589 = !{!"0x5556b725c6e0.w4.b64", !515, i64 0}
!590 = !{!591, !591, i64 0}
!591 = !{!"0x5556b71a1ee0.w1.b232", !592, i64 0}
!592 = !{!"0x5556b71a1ee0.w2.b232", !593, i64 0}
!593 = !{!"0x5556b71a1ee0.w4.b232", !594, i64 0}
!594 = !{!"0x5556b71a1ee0.w8.b232", !551, i64 0}
!595 = !{!596, !596, i64 0}
!596 = !{!"0x5556b725c6e0.w1.b74", !597, i64 0}
!597 = !{!"0x5556b725c6e0.w2.b74", !555, i64 0}
!598 = !{!599, !599, i64 0}
!599 = !{!"0x5556b71a1ee0.w1.b268", !600, i64 0}
!600 = !{!"0x5556b71a1ee0.w2.b268", !601, i64 0}
!601 = !{!"0x5556b71a1ee0.w4.b268", !602, i64 0}
!602 = !{!"0x5556b71a1ee0.w8.b264", !562, i64 0}
!603 = !{!604, !604, i64 0}
!604 = !{!"0x5556b725c6e0.w1.b46", !605, i64 0}
!605 = !{!"0x5556b725c6e0.w2.b46", !570, i64 0}
!606 = !{!607, !607, i64 0}
!607 = !{!"0x5556b71a1ee0.w1.b168", !608, i64 0}
!608 = !{!"0x5556b71a1ee0.w2.b168", !609, i64 0}
!609 = !{!"0x5556b71a1ee0.w4.b168", !610, i64 0}
!610 = !{!"0x5556b71a1ee0.w8.b168", !576, i64 0}
!611 = !{!612, !612, i64 0}
!612 = !{!"0x5556b725c6e0.w1.b56", !613, i64 0}
!613 = !{!"0x5556b725c6e0.w2.b56", !614, i64 0}
!614 = !{!"0x5556b725c6e0.w4.b56", !502, i64 0}
!615 = !{!616, !616, i64 0}
!616 = !{!"0x5556b71a1ee0.w1.b204", !617, i64 0}
!617 = !{!"0x5556b71a1ee0.w2.b204", !618, i64 0}
!618 = !{!"0x5556b71a1ee0.w4.b204", !619, i64 0}
!619 = !{!"0x5556b71a1ee0.w8.b200", !585, i64 0}
!620 = !{!621, !621, i64 0}
!621 = !{!"0x5556b725c6e0.w1.b66", !622, i64 0}
!622 = !{!"0x5556b725c6e0.w2.b66", !589, i64 0}
!623 = !{!624, !624, i64 0}
!624 = !{!"0x5556b71a1ee0.w1.b240", !625, i64 0}
!625 = !{!"0x5556b71a1ee0.w2.b240", !626, i64 0}
!626 = !{!"0x5556b71a1ee0.w4.b240", !627, i64 0}
!627 = !{!"0x5556b71a1ee0.w8.b240", !524, i64 0}
!628 = !{!629, !629, i64 0}
!629 = !{!"0x5556b725c6e0.w1.b76", !630, i64 0}
!630 = !{!"0x5556b725c6e0.w2.b76", !631, i64 0}
!631 = !{!"0x5556b725c6e0.w4.b76", !556, i64 0}
!632 = !{!633, !633, i64 0}
!633 = !{!"0x5556b71a1ee0.w1.b276", !634, i64 0}
!634 = !{!"0x5556b71a1ee0.w2.b276", !635, i64 0}
!635 = !{!"0x5556b71a1ee0.w4.b276", !636, i64 0}
!636 = !{!"0x5556b71a1ee0.w8.b272", !637, i64 0}
!637 = !{!"0x5556b71a1ee0.w16.b272", !563, i64 0}
!638 = !{!639, !639, i64 0}
!639 = !{!"0x5556b725c6e0.w1.b48", !640, i64 0}
!640 = !{!"0x5556b725c6e0.w2.b48", !488, i64 0}
!641 = !{!642, !642, i64 0}
!642 = !{!"0x5556b71a1ee0.w1.b176", !643, i64 0}
!643 = !{!"0x5556b71a1ee0.w2.b176", !644, i64 0}
!644 = !{!"0x5556b71a1ee0.w4.b176", !495, i64 0}
!645 = !{!646, !646, i64 0}
!646 = !{!"0x5556b725c6e0.w1.b58", !647, i64 0}
!647 = !{!"0x5556b725c6e0.w2.b58", !614, i64 0}
!648 = !{!649, !649, i64 0}
!649 = !{!"0x5556b71a1ee0.w1.b212", !650, i64 0}
!650 = !{!"0x5556b71a1ee0.w2.b212", !651, i64 0}
!651 = !{!"0x5556b71a1ee0.w4.b212", !652, i64 0}
!652 = !{!"0x5556b71a1ee0.w8.b208", !508, i64 0}
!653 = !{!654, !654, i64 0}
!654 = !{!"0x5556b725c6e0.w1.b68", !655, i64 0}
!655 = !{!"0x5556b725c6e0.w2.b68", !514, i64 0}
!656 = !{!657, !657, i64 0}
!657 = !{!"0x5556b71a1ee0.w1.b248", !658, i64 0}
!658 = !{!"0x5556b71a1ee0.w2.b248", !659, i64 0}
!659 = !{!"0x5556b71a1ee0.w4.b248", !523, i64 0}
!660 = !{!661, !661, i64 0}
!661 = !{!"0x5556b725c6e0.w1.b78", !662, i64 0}
!662 = !{!"0x5556b725c6e0.w2.b78", !631, i64 0}
!663 = !{!664, !664, i64 0}
!664 = !{!"0x5556b71a1ee0.w1.b284", !665, i64 0}
!665 = !{!"0x5556b71a1ee0.w2.b284", !666, i64 0}
!666 = !{!"0x5556b71a1ee0.w4.b284", !667, i64 0}
!667 = !{!"0x5556b71a1ee0.w8.b280", !637, i64 0}
!668 = !{!669, !669, i64 0}
!669 = !{!"0x5556b71a1ee0.w1.b145", !481, i64 0}
!670 = !{!671, !671, i64 0}
!671 = !{!"0x5556b71a1ee0.w1.b181", !493, i64 0}
!672 = !{!673, !673, i64 0}
!673 = !{!"0x5556b71a1ee0.w1.b217", !505, i64 0}
!674 = !{!675, !675, i64 0}
!675 = !{!"0x5556b71a1ee0.w1.b253", !521, i64 0}
!676 = !{!677, !677, i64 0}
!677 = !{!"0x5556b71a1ee0.w1.b153", !531, i64 0}
!678 = !{!679, !679, i64 0}
!679 = !{!"0x5556b71a1ee0.w1.b189", !540, i64 0}
!680 = !{!681, !681, i64 0}
!681 = !{!"0x5556b71a1ee0.w1.b225", !548, i64 0}
!682 = !{!683, !683, i64 0}
!683 = !{!"0x5556b71a1ee0.w1.b261", !559, i64 0}
!684 = !{!685, !685, i64 0}
!685 = !{!"0x5556b71a1ee0.w1.b161", !573, i64 0}
!686 = !{!687, !687, i64 0}
!687 = !{!"0x5556b71a1ee0.w1.b197", !582, i64 0}
!688 = !{!689, !689, i64 0}
!689 = !{!"0x5556b71a1ee0.w1.b233", !592, i64 0}
!690 = !{!691, !691, i64 0}
!691 = !{!"0x5556b71a1ee0.w1.b269", !600, i64 0}
!692 = !{!693, !693, i64 0}
!693 = !{!"0x5556b71a1ee0.w1.b169", !608, i64 0}
!694 = !{!695, !695, i64 0}
!695 = !{!"0x5556b71a1ee0.w1.b205", !617, i64 0}
!696 = !{!697, !697, i64 0}
!697 = !{!"0x5556b71a1ee0.w1.b241", !625, i64 0}
!698 = !{!699, !699, i64 0}
!699 = !{!"0x5556b71a1ee0.w1.b277", !634, i64 0}
!700 = !{!701, !701, i64 0}
!701 = !{!"0x5556b71a1ee0.w1.b177", !643, i64 0}
!702 = !{!703, !703, i64 0}
!703 = !{!"0x5556b71a1ee0.w1.b213", !650, i64 0}
!704 = !{!705, !705, i64 0}
!705 = !{!"0x5556b71a1ee0.w1.b249", !658, i64 0}
!706 = !{!707, !707, i64 0}
!707 = !{!"0x5556b71a1ee0.w1.b285", !665, i64 0}
!708 = !{!709, !709, i64 0}
!709 = !{!"0x5556b725c6e0.w1.b41", !476, i64 0}
!710 = !{!711, !711, i64 0}
!711 = !{!"0x5556b71a1ee0.w1.b146", !712, i64 0}
!712 = !{!"0x5556b71a1ee0.w2.b146", !482, i64 0}
!713 = !{!714, !714, i64 0}
!714 = !{!"0x5556b725c6e0.w1.b51", !487, i64 0}
!715 = !{!716, !716, i64 0}
!716 = !{!"0x5556b71a1ee0.w1.b182", !717, i64 0}
!717 = !{!"0x5556b71a1ee0.w2.b182", !494, i64 0}
!718 = !{!719, !719, i64 0}
!719 = !{!"0x5556b725c6e0.w1.b61", !500, i64 0}
!720 = !{!721, !721, i64 0}
!721 = !{!"0x5556b71a1ee0.w1.b218", !722, i64 0}
!722 = !{!"0x5556b71a1ee0.w2.b218", !506, i64 0}
!723 = !{!724, !724, i64 0}
!724 = !{!"0x5556b725c6e0.w1.b71", !513, i64 0}
!725 = !{!726, !726, i64 0}
!726 = !{!"0x5556b71a1ee0.w1.b254", !727, i64 0}
!727 = !{!"0x5556b71a1ee0.w2.b254", !522, i64 0}
!728 = !{!729, !729, i64 0}
!729 = !{!"0x5556b725c6e0.w1.b43", !528, i64 0}
!730 = !{!731, !731, i64 0}
!731 = !{!"0x5556b71a1ee0.w1.b154", !732, i64 0}
!732 = !{!"0x5556b71a1ee0.w2.b154", !532, i64 0}
!733 = !{!734, !734, i64 0}
!734 = !{!"0x5556b725c6e0.w1.b53", !536, i64 0}
!735 = !{!736, !736, i64 0}
!736 = !{!"0x5556b71a1ee0.w1.b190", !737, i64 0}
!737 = !{!"0x5556b71a1ee0.w2.b190", !541, i64 0}
!738 = !{!739, !739, i64 0}
!739 = !{!"0x5556b725c6e0.w1.b63", !545, i64 0}
!740 = !{!741, !741, i64 0}
!741 = !{!"0x5556b71a1ee0.w1.b226", !742, i64 0}
!742 = !{!"0x5556b71a1ee0.w2.b226", !549, i64 0}
!743 = !{!744, !744, i64 0}
!744 = !{!"0x5556b725c6e0.w1.b73", !554, i64 0}
!745 = !{!746, !746, i64 0}
!746 = !{!"0x5556b71a1ee0.w1.b262", !747, i64 0}
!747 = !{!"0x5556b71a1ee0.w2.b262", !560, i64 0}
!748 = !{!749, !749, i64 0}
!749 = !{!"0x5556b725c6e0.w1.b45", !569, i64 0}
!750 = !{!751, !751, i64 0}
!751 = !{!"0x5556b71a1ee0.w1.b162", !752, i64 0}
!752 = !{!"0x5556b71a1ee0.w2.b162", !574, i64 0}
!753 = !{!754, !754, i64 0}
!754 = !{!"0x5556b725c6e0.w1.b55", !579, i64 0}
!755 = !{!756, !756, i64 0}
!756 = !{!"0x5556b71a1ee0.w1.b198", !757, i64 0}
!757 = !{!"0x5556b71a1ee0.w2.b198", !583, i64 0}
!758 = !{!759, !759, i64 0}
!759 = !{!"0x5556b725c6e0.w1.b65", !588, i64 0}
!760 = !{!761, !761, i64 0}
!761 = !{!"0x5556b71a1ee0.w1.b234", !762, i64 0}
!762 = !{!"0x5556b71a1ee0.w2.b234", !593, i64 0}
!763 = !{!764, !764, i64 0}
!764 = !{!"0x5556b725c6e0.w1.b75", !597, i64 0}
!765 = !{!766, !766, i64 0}
!766 = !{!"0x5556b71a1ee0.w1.b270", !767, i64 0}
!767 = !{!"0x5556b71a1ee0.w2.b270", !601, i64 0}
!768 = !{!769, !769, i64 0}
!769 = !{!"0x5556b725c6e0.w1.b47", !605, i64 0}
!770 = !{!771, !771, i64 0}
!771 = !{!"0x5556b71a1ee0.w1.b170", !772, i64 0}
!772 = !{!"0x5556b71a1ee0.w2.b170", !609, i64 0}
!773 = !{!774, !774, i64 0}
!774 = !{!"0x5556b725c6e0.w1.b57", !613, i64 0}
!775 = !{!776, !776, i64 0}
!776 = !{!"0x5556b71a1ee0.w1.b206", !777, i64 0}
!777 = !{!"0x5556b71a1ee0.w2.b206", !618, i64 0}
!778 = !{!779, !779, i64 0}
!779 = !{!"0x5556b725c6e0.w1.b67", !622, i64 0}
!780 = !{!781, !781, i64 0}
!781 = !{!"0x5556b71a1ee0.w1.b242", !782, i64 0}
!782 = !{!"0x5556b71a1ee0.w2.b242", !626, i64 0}
!783 = !{!784, !784, i64 0}
!784 = !{!"0x5556b725c6e0.w1.b77", !630, i64 0}
!785 = !{!786, !786, i64 0}
!786 = !{!"0x5556b71a1ee0.w1.b278", !787, i64 0}
!787 = !{!"0x5556b71a1ee0.w2.b278", !635, i64 0}
!788 = !{!789, !789, i64 0}
!789 = !{!"0x5556b725c6e0.w1.b49", !640, i64 0}
!790 = !{!791, !791, i64 0}
!791 = !{!"0x5556b71a1ee0.w1.b178", !792, i64 0}
!792 = !{!"0x5556b71a1ee0.w2.b178", !644, i64 0}
!793 = !{!794, !794, i64 0}
!794 = !{!"0x5556b6e89190.w4.b32", !795, i64 0}
!795 = !{!"0x5556b6e89190.w8.b32", !796, i64 0}
!796 = !{!"0x5556b6e89190.w16.b32", !797, i64 0}
!797 = !{!"0x5556b6e89190.w32.b32", !395, i64 0}
!798 = !{!799, !799, i64 0}
!799 = !{!"0x5556b725c6e0.w1.b59", !647, i64 0}
!800 = !{!801, !801, i64 0}
!801 = !{!"0x5556b71a1ee0.w1.b214", !802, i64 0}
!802 = !{!"0x5556b71a1ee0.w2.b214", !651, i64 0}
!803 = !{!804, !804, i64 0}
!804 = !{!"0x5556b6e89190.w4.b40", !805, i64 0}
!805 = !{!"0x5556b6e89190.w8.b40", !796, i64 0}
!806 = !{!807, !807, i64 0}
!807 = !{!"0x5556b725c6e0.w1.b69", !655, i64 0}
!808 = !{!809, !809, i64 0}
!809 = !{!"0x5556b71a1ee0.w1.b250", !810, i64 0}
!810 = !{!"0x5556b71a1ee0.w2.b250", !659, i64 0}
!811 = !{!812, !812, i64 0}
!812 = !{!"0x5556b6e89190.w4.b48", !813, i64 0}
!813 = !{!"0x5556b6e89190.w8.b48", !814, i64 0}
!814 = !{!"0x5556b6e89190.w16.b48", !797, i64 0}
!815 = !{!816, !816, i64 0}
!816 = !{!"0x5556b725c6e0.w1.b79", !662, i64 0}
!817 = !{!818, !818, i64 0}
!818 = !{!"0x5556b71a1ee0.w1.b286", !819, i64 0}
!819 = !{!"0x5556b71a1ee0.w2.b286", !666, i64 0}
!820 = !{!821, !821, i64 0}
!821 = !{!"0x5556b6e89190.w4.b56", !822, i64 0}
!822 = !{!"0x5556b6e89190.w8.b56", !814, i64 0}
!823 = !{!824, !824, i64 0}
!824 = !{!"0x5556b71a1ee0.w1.b147", !712, i64 0}
!825 = !{!826, !826, i64 0}
!826 = !{!"0x5556b71a1ee0.w1.b183", !717, i64 0}
!827 = !{!828, !828, i64 0}
!828 = !{!"0x5556b71a1ee0.w1.b219", !722, i64 0}
!829 = !{!830, !830, i64 0}
!830 = !{!"0x5556b71a1ee0.w1.b255", !727, i64 0}
!831 = !{!832, !832, i64 0}
!832 = !{!"0x5556b71a1ee0.w1.b155", !732, i64 0}
!833 = !{!834, !834, i64 0}
!834 = !{!"0x5556b71a1ee0.w1.b191", !737, i64 0}
!835 = !{!836, !836, i64 0}
!836 = !{!"0x5556b71a1ee0.w1.b227", !742, i64 0}
!837 = !{!838, !838, i64 0}
!838 = !{!"0x5556b71a1ee0.w1.b263", !747, i64 0}
!839 = !{!840, !840, i64 0}
!840 = !{!"0x5556b71a1ee0.w1.b163", !752, i64 0}
!841 = !{!842, !842, i64 0}
!842 = !{!"0x5556b71a1ee0.w1.b199", !757, i64 0}
!843 = !{!844, !844, i64 0}
!844 = !{!"0x5556b71a1ee0.w1.b235", !762, i64 0}
!845 = !{!846, !846, i64 0}
!846 = !{!"0x5556b71a1ee0.w1.b271", !767, i64 0}
!847 = !{!848, !848, i64 0}
!848 = !{!"0x5556b71a1ee0.w1.b171", !772, i64 0}
!849 = !{!850, !850, i64 0}
!850 = !{!"0x5556b71a1ee0.w1.b207", !777, i64 0}
!851 = !{!852, !852, i64 0}
!852 = !{!"0x5556b71a1ee0.w1.b243", !782, i64 0}
!853 = !{!854, !854, i64 0}
!854 = !{!"0x5556b71a1ee0.w1.b279", !787, i64 0}
!855 = !{!856, !856, i64 0}
!856 = !{!"0x5556b71a1ee0.w1.b179", !792, i64 0}
!857 = !{!858, !858, i64 0}
!858 = !{!"0x5556b6e89190.w4.b36", !795, i64 0}
!859 = !{!860, !860, i64 0}
!860 = !{!"0x5556b71a1ee0.w1.b215", !802, i64 0}
!861 = !{!862, !862, i64 0}
!862 = !{!"0x5556b6e89190.w4.b44", !805, i64 0}
!863 = !{!864, !864, i64 0}
!864 = !{!"0x5556b71a1ee0.w1.b251", !810, i64 0}
!865 = !{!866, !866, i64 0}
!866 = !{!"0x5556b6e89190.w4.b52", !813, i64 0}
!867 = !{!868, !868, i64 0}
!868 = !{!"0x5556b71a1ee0.w1.b287", !819, i64 0}
!869 = !{!870, !870, i64 0}
!870 = !{!"0x5556b6e89190.w4.b60", !822, i64 0}
!871 = !{!395, !395, i64 0}
!872 = !{!873, !873, i64 0}
!873 = !{!"0x5556b70d3a60.w64.b0", !874, i64 0}
!874 = !{!"0x5556b70d3a60.w128.b0", !875, i64 0}
!875 = !{!"0x5556b70d3a60.w256.b0", !876, i64 0}
!876 = !{!"0x5556b70d3a60.w512.b0", !877, i64 0}
!877 = !{!"0x5556b70d3a60.w1024.b0", !51, i64 0}
!878 = !{!879, !879, i64 0}
!879 = !{!"ctx_ptr", !52, i64 0}
!881 = !{!"branch_weights", i32 127, i32 1}
!882 = !{!400, !400, i64 0}
!883 = !{!"branch_weights", i32 1, i32 3}
!884 = distinct !{!884, !885}
!885 = !{!"llvm.loop.unroll.disable"}
!886 = !{!"branch_weights", i32 1, i32 127}
!887 = !{!"branch_weights", i32 127, i32 134217601}
!888 = distinct !{!888, !889}
!889 = !{!"llvm.loop.estimated_trip_count", i32 132104}
!892 = !{!893, !893, i64 0}
!893 = !{!"0x5556b7195c90", !52, i64 0}
!894 = distinct !{!894, !885}
!895 = distinct !{!895, !889}
