; ModuleID = 'TVMMod'
source_filename = "TVMMod"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-conda-linux-gnu"

%0 = type { i32, i32, double }
%1 = type { ptr, %2, i32, %3, ptr, ptr, i64 }
%2 = type { i32, i32 }
%3 = type { i8, i8, i16 }

@__tvm_ffi__library_ctx = linkonce dllexport global ptr null, align 8
@__TVMFFIFunctionCall = linkonce dllexport global ptr null, align 8
@__TVMFFIEnvModLookupFromImports = linkonce dllexport global ptr null, align 8
@__TVMFFIHandleInitOnce = linkonce dllexport global ptr null, align 8
@__TVMFFIErrorSetRaisedFromCStr = linkonce dllexport global ptr null, align 8
@__TVMBackendParallelLaunch = linkonce dllexport global ptr null, align 8
@__TVMBackendParallelBarrier = linkonce dllexport global ptr null, align 8
@.str = private constant [10 x i8] c"TypeError\00", align 1
@.str.1 = private constant [10 x i8] c"Expected \00", align 1
@.str.2 = private constant [2 x i8] c"4\00", align 1
@.str.3 = private constant [11 x i8] c" arguments\00", align 1
@.str.4 = private constant [19 x i8] c" when calling:\0A  `\00", align 1
@.str.5 = private constant [134 x i8] c"main(x: Tensor([1, 4, 7, 4], float32), w: Tensor([4, 1, 1, 3], float32), b: Tensor([4], float32), add: Tensor([1, 4, 7, 2], float32))\00", align 1
@.str.6 = private constant [2 x i8] c"`\00", align 1
@.str.7 = private constant [21 x i8] c"args pointer is NULL\00", align 1
@.str.8 = private constant [30 x i8] c"Mismatched type on argument #\00", align 1
@.str.9 = private constant [2 x i8] c"0\00", align 1
@.str.10 = private constant [15 x i8] c"`,\0A  expected \00", align 1
@.str.11 = private constant [7 x i8] c"Tensor\00", align 1
@.str.12 = private constant [2 x i8] c"1\00", align 1
@.str.13 = private constant [2 x i8] c"2\00", align 1
@.str.14 = private constant [2 x i8] c"3\00", align 1
@.str.15 = private constant [11 x i8] c"ValueError\00", align 1
@.str.16 = private constant [12 x i8] c"Mismatched \00", align 1
@.str.17 = private constant [2 x i8] c"x\00", align 1
@.str.18 = private constant [20 x i8] c".ndim on argument #\00", align 1
@.str.19 = private constant [21 x i8] c".dtype on argument #\00", align 1
@.str.20 = private constant [8 x i8] c"float32\00", align 1
@.str.21 = private constant [27 x i8] c".device_type on argument #\00", align 1
@.str.22 = private constant [4 x i8] c"cpu\00", align 1
@.str.23 = private constant [2 x i8] c"w\00", align 1
@.str.24 = private constant [2 x i8] c"b\00", align 1
@.str.25 = private constant [4 x i8] c"add\00", align 1
@.str.26 = private constant [23 x i8] c".strides on argument #\00", align 1
@.str.27 = private constant [34 x i8] c"`,\0A  expected to be compact array\00", align 1
@.str.28 = private constant [36 x i8] c" data pointer is NULL on argument #\00", align 1
@.str.29 = private constant [36 x i8] c"`,\0A  expected non-NULL data pointer\00", align 1
@.str.30 = private constant [12 x i8] c"w.device_id\00", align 1
@.str.31 = private constant [15 x i8] c" on argument #\00", align 1
@.str.32 = private constant [24 x i8] c"`,\0A  expected to match \00", align 1
@.str.33 = private constant [12 x i8] c"x.device_id\00", align 1
@.str.34 = private constant [12 x i8] c"b.device_id\00", align 1
@.str.35 = private constant [14 x i8] c"add.device_id\00", align 1
@.str.36 = private constant [9 x i8] c"Invalid \00", align 1
@.str.37 = private constant [11 x i8] c"x.shape[0]\00", align 1
@.str.38 = private constant [11 x i8] c"x.shape[1]\00", align 1
@.str.39 = private constant [11 x i8] c"x.shape[2]\00", align 1
@.str.40 = private constant [2 x i8] c"7\00", align 1
@.str.41 = private constant [11 x i8] c"x.shape[3]\00", align 1
@.str.42 = private constant [14 x i8] c"x.byte_offset\00", align 1
@.str.43 = private constant [11 x i8] c"w.shape[0]\00", align 1
@.str.44 = private constant [11 x i8] c"w.shape[1]\00", align 1
@.str.45 = private constant [11 x i8] c"w.shape[2]\00", align 1
@.str.46 = private constant [11 x i8] c"w.shape[3]\00", align 1
@.str.47 = private constant [14 x i8] c"w.byte_offset\00", align 1
@.str.48 = private constant [11 x i8] c"b.shape[0]\00", align 1
@.str.49 = private constant [14 x i8] c"b.byte_offset\00", align 1
@.str.50 = private constant [13 x i8] c"add.shape[0]\00", align 1
@.str.51 = private constant [13 x i8] c"add.shape[1]\00", align 1
@.str.52 = private constant [13 x i8] c"add.shape[2]\00", align 1
@.str.53 = private constant [13 x i8] c"add.shape[3]\00", align 1
@.str.54 = private constant [16 x i8] c"add.byte_offset\00", align 1
@llvm.global_ctors = appending global [1 x { i32, ptr, ptr }] [{ i32, ptr, ptr } { i32 65535, ptr @__tvm_module_startup, ptr null }]

define dllexport i32 @__tvm_ffi_main(ptr noalias %self_handle, ptr noalias %args, i32 %num_args, ptr noalias %result) #0 !dbg !5 {
entry:
  %0 = alloca ptr, align 8, !dbg !15
    #dbg_declare(ptr %0, !11, !DIExpression(), !15)
  store ptr %self_handle, ptr %0, align 8, !dbg !15
  %1 = alloca ptr, align 8, !dbg !15
    #dbg_declare(ptr %1, !12, !DIExpression(), !15)
  store ptr %args, ptr %1, align 8, !dbg !15
  %2 = alloca i32, align 4, !dbg !15
    #dbg_declare(ptr %2, !13, !DIExpression(), !15)
  store i32 %num_args, ptr %2, align 4, !dbg !15
  %3 = alloca ptr, align 8, !dbg !15
    #dbg_declare(ptr %3, !14, !DIExpression(), !15)
  store ptr %result, ptr %3, align 8, !dbg !15
  %4 = icmp eq i32 %num_args, 4, !dbg !15
  br i1 %4, label %assert_end, label %assert_fail, !dbg !15, !prof !16

assert_fail:                                      ; preds = %entry
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.1, ptr @.str.2, ptr @.str.3, ptr @.str.4, ptr @.str.5, ptr @.str.6), !dbg !15
  ret i32 -1, !dbg !15

assert_end:                                       ; preds = %entry
  %5 = icmp eq ptr %args, null, !dbg !15
  %6 = xor i1 %5, true, !dbg !15
  br i1 %6, label %assert_end2, label %assert_fail1, !dbg !15, !prof !16

assert_fail1:                                     ; preds = %assert_end
  call void @__tvm_set_raised_6(ptr @.str, i32 4, ptr @.str.7, ptr @.str.4, ptr @.str.5, ptr @.str.6, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end2:                                      ; preds = %assert_end
  %7 = getelementptr inbounds %0, ptr %args, i32 0, i32 0, !dbg !15
  %x.type_index = load i32, ptr %7, align 4, !dbg !15
    #dbg_value(i32 %x.type_index, !17, !DIExpression(), !15)
    #dbg_value(i32 %x.type_index, !17, !DIExpression(), !15)
  %8 = icmp sge i32 %x.type_index, 64, !dbg !15
  %9 = icmp eq i32 %x.type_index, 7, !dbg !15
  %10 = icmp eq i32 %x.type_index, 4, !dbg !15
  %11 = icmp eq i32 %x.type_index, 0, !dbg !15
  %12 = or i1 %11, %10, !dbg !15
  %13 = or i1 %12, %9, !dbg !15
  %14 = or i1 %13, %8, !dbg !15
  br i1 %14, label %assert_end4, label %assert_fail3, !dbg !15, !prof !16

assert_fail3:                                     ; preds = %assert_end2
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end4:                                      ; preds = %assert_end2
  %15 = icmp eq i32 %x.type_index, 70, !dbg !15
  br i1 %15, label %if_then, label %if_else, !dbg !15

if_then:                                          ; preds = %assert_end4
  %16 = getelementptr inbounds %0, ptr %args, i32 0, i32 2, !dbg !15
  %17 = load ptr, ptr %16, align 8, !dbg !15
  %18 = getelementptr inbounds i8, ptr %17, i32 24, !dbg !15
  br label %if_end, !dbg !15

if_else:                                          ; preds = %assert_end4
  %19 = getelementptr inbounds %0, ptr %args, i32 0, i32 2, !dbg !15
  %20 = load ptr, ptr %19, align 8, !dbg !15
  br label %if_end, !dbg !15

if_end:                                           ; preds = %if_else, %if_then
  %x.handle = phi ptr [ %18, %if_then ], [ %20, %if_else ], !dbg !15
    #dbg_declare(ptr %x.handle, !18, !DIExpression(), !15)
    #dbg_declare(ptr %x.handle, !18, !DIExpression(), !15)
  %21 = getelementptr inbounds %0, ptr %args, i32 1, i32 0, !dbg !15
  %w.type_index = load i32, ptr %21, align 4, !dbg !15
    #dbg_value(i32 %w.type_index, !19, !DIExpression(), !15)
    #dbg_value(i32 %w.type_index, !19, !DIExpression(), !15)
  %22 = icmp sge i32 %w.type_index, 64, !dbg !15
  %23 = icmp eq i32 %w.type_index, 7, !dbg !15
  %24 = icmp eq i32 %w.type_index, 4, !dbg !15
  %25 = icmp eq i32 %w.type_index, 0, !dbg !15
  %26 = or i1 %25, %24, !dbg !15
  %27 = or i1 %26, %23, !dbg !15
  %28 = or i1 %27, %22, !dbg !15
  br i1 %28, label %assert_end6, label %assert_fail5, !dbg !15, !prof !16

assert_fail5:                                     ; preds = %if_end
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end6:                                      ; preds = %if_end
  %29 = icmp eq i32 %w.type_index, 70, !dbg !15
  br i1 %29, label %if_then7, label %if_else8, !dbg !15

if_then7:                                         ; preds = %assert_end6
  %30 = getelementptr inbounds %0, ptr %args, i32 1, i32 2, !dbg !15
  %31 = load ptr, ptr %30, align 8, !dbg !15
  %32 = getelementptr inbounds i8, ptr %31, i32 24, !dbg !15
  br label %if_end9, !dbg !15

if_else8:                                         ; preds = %assert_end6
  %33 = getelementptr inbounds %0, ptr %args, i32 1, i32 2, !dbg !15
  %34 = load ptr, ptr %33, align 8, !dbg !15
  br label %if_end9, !dbg !15

if_end9:                                          ; preds = %if_else8, %if_then7
  %w.handle = phi ptr [ %32, %if_then7 ], [ %34, %if_else8 ], !dbg !15
    #dbg_declare(ptr %w.handle, !20, !DIExpression(), !15)
    #dbg_declare(ptr %w.handle, !20, !DIExpression(), !15)
  %35 = getelementptr inbounds %0, ptr %args, i32 2, i32 0, !dbg !15
  %b.type_index = load i32, ptr %35, align 4, !dbg !15
    #dbg_value(i32 %b.type_index, !21, !DIExpression(), !15)
    #dbg_value(i32 %b.type_index, !21, !DIExpression(), !15)
  %36 = icmp sge i32 %b.type_index, 64, !dbg !15
  %37 = icmp eq i32 %b.type_index, 7, !dbg !15
  %38 = icmp eq i32 %b.type_index, 4, !dbg !15
  %39 = icmp eq i32 %b.type_index, 0, !dbg !15
  %40 = or i1 %39, %38, !dbg !15
  %41 = or i1 %40, %37, !dbg !15
  %42 = or i1 %41, %36, !dbg !15
  br i1 %42, label %assert_end11, label %assert_fail10, !dbg !15, !prof !16

assert_fail10:                                    ; preds = %if_end9
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end11:                                     ; preds = %if_end9
  %43 = icmp eq i32 %b.type_index, 70, !dbg !15
  br i1 %43, label %if_then12, label %if_else13, !dbg !15

if_then12:                                        ; preds = %assert_end11
  %44 = getelementptr inbounds %0, ptr %args, i32 2, i32 2, !dbg !15
  %45 = load ptr, ptr %44, align 8, !dbg !15
  %46 = getelementptr inbounds i8, ptr %45, i32 24, !dbg !15
  br label %if_end14, !dbg !15

if_else13:                                        ; preds = %assert_end11
  %47 = getelementptr inbounds %0, ptr %args, i32 2, i32 2, !dbg !15
  %48 = load ptr, ptr %47, align 8, !dbg !15
  br label %if_end14, !dbg !15

if_end14:                                         ; preds = %if_else13, %if_then12
  %b.handle = phi ptr [ %46, %if_then12 ], [ %48, %if_else13 ], !dbg !15
    #dbg_declare(ptr %b.handle, !22, !DIExpression(), !15)
    #dbg_declare(ptr %b.handle, !22, !DIExpression(), !15)
  %49 = getelementptr inbounds %0, ptr %args, i32 3, i32 0, !dbg !15
  %add.type_index = load i32, ptr %49, align 4, !dbg !15
    #dbg_value(i32 %add.type_index, !23, !DIExpression(), !15)
    #dbg_value(i32 %add.type_index, !23, !DIExpression(), !15)
  %50 = icmp sge i32 %add.type_index, 64, !dbg !15
  %51 = icmp eq i32 %add.type_index, 7, !dbg !15
  %52 = icmp eq i32 %add.type_index, 4, !dbg !15
  %53 = icmp eq i32 %add.type_index, 0, !dbg !15
  %54 = or i1 %53, %52, !dbg !15
  %55 = or i1 %54, %51, !dbg !15
  %56 = or i1 %55, %50, !dbg !15
  br i1 %56, label %assert_end16, label %assert_fail15, !dbg !15, !prof !16

assert_fail15:                                    ; preds = %if_end14
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end16:                                     ; preds = %if_end14
  %57 = icmp eq i32 %add.type_index, 70, !dbg !15
  br i1 %57, label %if_then17, label %if_else18, !dbg !15

if_then17:                                        ; preds = %assert_end16
  %58 = getelementptr inbounds %0, ptr %args, i32 3, i32 2, !dbg !15
  %59 = load ptr, ptr %58, align 8, !dbg !15
  %60 = getelementptr inbounds i8, ptr %59, i32 24, !dbg !15
  br label %if_end19, !dbg !15

if_else18:                                        ; preds = %assert_end16
  %61 = getelementptr inbounds %0, ptr %args, i32 3, i32 2, !dbg !15
  %62 = load ptr, ptr %61, align 8, !dbg !15
  br label %if_end19, !dbg !15

if_end19:                                         ; preds = %if_else18, %if_then17
  %add.handle = phi ptr [ %60, %if_then17 ], [ %62, %if_else18 ], !dbg !15
    #dbg_declare(ptr %add.handle, !24, !DIExpression(), !15)
    #dbg_declare(ptr %add.handle, !24, !DIExpression(), !15)
  %63 = icmp eq ptr %x.handle, null, !dbg !15
  %64 = xor i1 %63, true, !dbg !15
  br i1 %64, label %assert_end21, label %assert_fail20, !dbg !15, !prof !16

assert_fail20:                                    ; preds = %if_end19
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end21:                                     ; preds = %if_end19
  %65 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 2, !dbg !15
  %66 = load i32, ptr %65, align 4, !dbg !15
  %67 = icmp eq i32 4, %66, !dbg !15
  br i1 %67, label %assert_end23, label %assert_fail22, !dbg !15, !prof !16

assert_fail22:                                    ; preds = %assert_end21
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.17, ptr @.str.18, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end23:                                     ; preds = %assert_end21
  %68 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 2, !dbg !15
  %69 = load i16, ptr %68, align 2, !dbg !15
  %70 = icmp eq i16 %69, 1, !dbg !15
  %71 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 1, !dbg !15
  %72 = load i8, ptr %71, align 1, !dbg !15
  %73 = icmp eq i8 %72, 32, !dbg !15
  %74 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 0, !dbg !15
  %75 = load i8, ptr %74, align 1, !dbg !15
  %76 = icmp eq i8 %75, 2, !dbg !15
  %77 = and i1 %76, %73, !dbg !15
  %78 = and i1 %77, %70, !dbg !15
  br i1 %78, label %assert_end25, label %assert_fail24, !dbg !15, !prof !16

assert_fail24:                                    ; preds = %assert_end23
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.16, ptr @.str.17, ptr @.str.19, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.20, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end25:                                     ; preds = %assert_end23
  %79 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 4, !dbg !15
  %main.x_shape = load ptr, ptr %79, align 8, !dbg !15
    #dbg_declare(ptr %main.x_shape, !25, !DIExpression(), !15)
    #dbg_declare(ptr %main.x_shape, !25, !DIExpression(), !15)
  %80 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 5, !dbg !15
  %main.x_strides = load ptr, ptr %80, align 8, !dbg !15
    #dbg_declare(ptr %main.x_strides, !28, !DIExpression(), !15)
    #dbg_declare(ptr %main.x_strides, !28, !DIExpression(), !15)
  %81 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 1, i32 0, !dbg !15
  %82 = load i32, ptr %81, align 4, !dbg !15
  %83 = icmp eq i32 %82, 1, !dbg !15
  br i1 %83, label %assert_end27, label %assert_fail26, !dbg !15, !prof !16

assert_fail26:                                    ; preds = %assert_end25
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.17, ptr @.str.21, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.22, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end27:                                     ; preds = %assert_end25
  %84 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 1, i32 1, !dbg !15
  %dev_id = load i32, ptr %84, align 4, !dbg !15
    #dbg_value(i32 %dev_id, !29, !DIExpression(), !15)
    #dbg_value(i32 %dev_id, !29, !DIExpression(), !15)
  %85 = icmp eq ptr %w.handle, null, !dbg !15
  %86 = xor i1 %85, true, !dbg !15
  br i1 %86, label %assert_end29, label %assert_fail28, !dbg !15, !prof !16

assert_fail28:                                    ; preds = %assert_end27
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end29:                                     ; preds = %assert_end27
  %87 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 2, !dbg !15
  %88 = load i32, ptr %87, align 4, !dbg !15
  %89 = icmp eq i32 4, %88, !dbg !15
  br i1 %89, label %assert_end31, label %assert_fail30, !dbg !15, !prof !16

assert_fail30:                                    ; preds = %assert_end29
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.23, ptr @.str.18, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end31:                                     ; preds = %assert_end29
  %90 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 3, i32 2, !dbg !15
  %91 = load i16, ptr %90, align 2, !dbg !15
  %92 = icmp eq i16 %91, 1, !dbg !15
  %93 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 3, i32 1, !dbg !15
  %94 = load i8, ptr %93, align 1, !dbg !15
  %95 = icmp eq i8 %94, 32, !dbg !15
  %96 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 3, i32 0, !dbg !15
  %97 = load i8, ptr %96, align 1, !dbg !15
  %98 = icmp eq i8 %97, 2, !dbg !15
  %99 = and i1 %98, %95, !dbg !15
  %100 = and i1 %99, %92, !dbg !15
  br i1 %100, label %assert_end33, label %assert_fail32, !dbg !15, !prof !16

assert_fail32:                                    ; preds = %assert_end31
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.16, ptr @.str.23, ptr @.str.19, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.20, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end33:                                     ; preds = %assert_end31
  %101 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 4, !dbg !15
  %main.w_shape = load ptr, ptr %101, align 8, !dbg !15
    #dbg_declare(ptr %main.w_shape, !30, !DIExpression(), !15)
    #dbg_declare(ptr %main.w_shape, !30, !DIExpression(), !15)
  %102 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 5, !dbg !15
  %main.w_strides = load ptr, ptr %102, align 8, !dbg !15
    #dbg_declare(ptr %main.w_strides, !31, !DIExpression(), !15)
    #dbg_declare(ptr %main.w_strides, !31, !DIExpression(), !15)
  %103 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 1, i32 0, !dbg !15
  %104 = load i32, ptr %103, align 4, !dbg !15
  %105 = icmp eq i32 %104, 1, !dbg !15
  br i1 %105, label %assert_end35, label %assert_fail34, !dbg !15, !prof !16

assert_fail34:                                    ; preds = %assert_end33
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.23, ptr @.str.21, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.22, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end35:                                     ; preds = %assert_end33
  %106 = icmp eq ptr %b.handle, null, !dbg !15
  %107 = xor i1 %106, true, !dbg !15
  br i1 %107, label %assert_end37, label %assert_fail36, !dbg !15, !prof !16

assert_fail36:                                    ; preds = %assert_end35
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end37:                                     ; preds = %assert_end35
  %108 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 2, !dbg !15
  %109 = load i32, ptr %108, align 4, !dbg !15
  %110 = icmp eq i32 1, %109, !dbg !15
  br i1 %110, label %assert_end39, label %assert_fail38, !dbg !15, !prof !16

assert_fail38:                                    ; preds = %assert_end37
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.24, ptr @.str.18, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end39:                                     ; preds = %assert_end37
  %111 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 3, i32 2, !dbg !15
  %112 = load i16, ptr %111, align 2, !dbg !15
  %113 = icmp eq i16 %112, 1, !dbg !15
  %114 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 3, i32 1, !dbg !15
  %115 = load i8, ptr %114, align 1, !dbg !15
  %116 = icmp eq i8 %115, 32, !dbg !15
  %117 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 3, i32 0, !dbg !15
  %118 = load i8, ptr %117, align 1, !dbg !15
  %119 = icmp eq i8 %118, 2, !dbg !15
  %120 = and i1 %119, %116, !dbg !15
  %121 = and i1 %120, %113, !dbg !15
  br i1 %121, label %assert_end41, label %assert_fail40, !dbg !15, !prof !16

assert_fail40:                                    ; preds = %assert_end39
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.16, ptr @.str.24, ptr @.str.19, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.20, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end41:                                     ; preds = %assert_end39
  %122 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 4, !dbg !15
  %main.b_shape = load ptr, ptr %122, align 8, !dbg !15
    #dbg_declare(ptr %main.b_shape, !32, !DIExpression(), !15)
    #dbg_declare(ptr %main.b_shape, !32, !DIExpression(), !15)
  %123 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 5, !dbg !15
  %main.b_strides = load ptr, ptr %123, align 8, !dbg !15
    #dbg_declare(ptr %main.b_strides, !33, !DIExpression(), !15)
    #dbg_declare(ptr %main.b_strides, !33, !DIExpression(), !15)
  %124 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 1, i32 0, !dbg !15
  %125 = load i32, ptr %124, align 4, !dbg !15
  %126 = icmp eq i32 %125, 1, !dbg !15
  br i1 %126, label %assert_end43, label %assert_fail42, !dbg !15, !prof !16

assert_fail42:                                    ; preds = %assert_end41
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.24, ptr @.str.21, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.22, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end43:                                     ; preds = %assert_end41
  %127 = icmp eq ptr %add.handle, null, !dbg !15
  %128 = xor i1 %127, true, !dbg !15
  br i1 %128, label %assert_end45, label %assert_fail44, !dbg !15, !prof !16

assert_fail44:                                    ; preds = %assert_end43
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end45:                                     ; preds = %assert_end43
  %129 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 2, !dbg !15
  %130 = load i32, ptr %129, align 4, !dbg !15
  %131 = icmp eq i32 4, %130, !dbg !15
  br i1 %131, label %assert_end47, label %assert_fail46, !dbg !15, !prof !16

assert_fail46:                                    ; preds = %assert_end45
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.25, ptr @.str.18, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end47:                                     ; preds = %assert_end45
  %132 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 3, i32 2, !dbg !15
  %133 = load i16, ptr %132, align 2, !dbg !15
  %134 = icmp eq i16 %133, 1, !dbg !15
  %135 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 3, i32 1, !dbg !15
  %136 = load i8, ptr %135, align 1, !dbg !15
  %137 = icmp eq i8 %136, 32, !dbg !15
  %138 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 3, i32 0, !dbg !15
  %139 = load i8, ptr %138, align 1, !dbg !15
  %140 = icmp eq i8 %139, 2, !dbg !15
  %141 = and i1 %140, %137, !dbg !15
  %142 = and i1 %141, %134, !dbg !15
  br i1 %142, label %assert_end49, label %assert_fail48, !dbg !15, !prof !16

assert_fail48:                                    ; preds = %assert_end47
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.16, ptr @.str.25, ptr @.str.19, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.20, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end49:                                     ; preds = %assert_end47
  %143 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 4, !dbg !15
  %main.add_shape = load ptr, ptr %143, align 8, !dbg !15
    #dbg_declare(ptr %main.add_shape, !34, !DIExpression(), !15)
    #dbg_declare(ptr %main.add_shape, !34, !DIExpression(), !15)
  %144 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 5, !dbg !15
  %main.add_strides = load ptr, ptr %144, align 8, !dbg !15
    #dbg_declare(ptr %main.add_strides, !35, !DIExpression(), !15)
    #dbg_declare(ptr %main.add_strides, !35, !DIExpression(), !15)
  %145 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 1, i32 0, !dbg !15
  %146 = load i32, ptr %145, align 4, !dbg !15
  %147 = icmp eq i32 %146, 1, !dbg !15
  br i1 %147, label %assert_end51, label %assert_fail50, !dbg !15, !prof !16

assert_fail50:                                    ; preds = %assert_end49
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.25, ptr @.str.21, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.22, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end51:                                     ; preds = %assert_end49
  %148 = icmp eq ptr %main.x_strides, null, !dbg !15
  %149 = xor i1 %148, true, !dbg !15
  br i1 %149, label %if_then52, label %if_end53, !dbg !15, !prof !16

if_then52:                                        ; preds = %assert_end51
  %150 = getelementptr inbounds i64, ptr %main.x_strides, i32 1, !dbg !15
  %151 = load i64, ptr %150, align 8, !dbg !15
  %152 = trunc i64 %151 to i32, !dbg !15
  %153 = icmp eq i32 28, %152, !dbg !15
  %154 = getelementptr inbounds i64, ptr %main.x_strides, i32 2, !dbg !15
  %155 = load i64, ptr %154, align 8, !dbg !15
  %156 = trunc i64 %155 to i32, !dbg !15
  %157 = icmp eq i32 4, %156, !dbg !15
  %158 = getelementptr inbounds i64, ptr %main.x_strides, i32 3, !dbg !15
  %159 = load i64, ptr %158, align 8, !dbg !15
  %160 = trunc i64 %159 to i32, !dbg !15
  %161 = icmp eq i32 1, %160, !dbg !15
  %162 = and i1 %161, %157, !dbg !15
  %163 = and i1 %162, %153, !dbg !15
  br i1 %163, label %assert_end55, label %assert_fail54, !dbg !15, !prof !16

if_end53:                                         ; preds = %assert_end55, %assert_end51
  %164 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 0, !dbg !15
  %165 = load ptr, ptr %164, align 8, !dbg !15
  %166 = icmp eq ptr %165, null, !dbg !15
  %167 = xor i1 %166, true, !dbg !15
  br i1 %167, label %assert_end57, label %assert_fail56, !dbg !15, !prof !16

assert_fail54:                                    ; preds = %if_then52
  call void @__tvm_set_raised_12(ptr @.str.15, i32 7, ptr @.str.16, ptr @.str.17, ptr @.str.26, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.27, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end55:                                     ; preds = %if_then52
  br label %if_end53, !dbg !15

assert_fail56:                                    ; preds = %if_end53
  call void @__tvm_set_raised_6(ptr @.str.15, i32 6, ptr @.str.17, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.29), !dbg !15
  ret i32 -1, !dbg !15

assert_end57:                                     ; preds = %if_end53
  %168 = icmp eq ptr %main.w_strides, null, !dbg !15
  %169 = xor i1 %168, true, !dbg !15
  br i1 %169, label %if_then58, label %if_end59, !dbg !15, !prof !16

if_then58:                                        ; preds = %assert_end57
  %170 = getelementptr inbounds i64, ptr %main.w_strides, i32 0, !dbg !15
  %171 = load i64, ptr %170, align 8, !dbg !15
  %172 = trunc i64 %171 to i32, !dbg !15
  %173 = icmp eq i32 3, %172, !dbg !15
  %174 = getelementptr inbounds i64, ptr %main.w_strides, i32 3, !dbg !15
  %175 = load i64, ptr %174, align 8, !dbg !15
  %176 = trunc i64 %175 to i32, !dbg !15
  %177 = icmp eq i32 1, %176, !dbg !15
  %178 = and i1 %177, %173, !dbg !15
  br i1 %178, label %assert_end61, label %assert_fail60, !dbg !15, !prof !16

if_end59:                                         ; preds = %assert_end61, %assert_end57
  %179 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 1, i32 1, !dbg !15
  %180 = load i32, ptr %179, align 4, !dbg !15
  %181 = icmp eq i32 %dev_id, %180, !dbg !15
  br i1 %181, label %assert_end63, label %assert_fail62, !dbg !15, !prof !16

assert_fail60:                                    ; preds = %if_then58
  call void @__tvm_set_raised_12(ptr @.str.15, i32 7, ptr @.str.16, ptr @.str.23, ptr @.str.26, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.27, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end61:                                     ; preds = %if_then58
  br label %if_end59, !dbg !15

assert_fail62:                                    ; preds = %if_end59
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.30, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.32, ptr @.str.33, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end63:                                     ; preds = %if_end59
  %182 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 0, !dbg !15
  %183 = load ptr, ptr %182, align 8, !dbg !15
  %184 = icmp eq ptr %183, null, !dbg !15
  %185 = xor i1 %184, true, !dbg !15
  br i1 %185, label %assert_end65, label %assert_fail64, !dbg !15, !prof !16

assert_fail64:                                    ; preds = %assert_end63
  call void @__tvm_set_raised_6(ptr @.str.15, i32 6, ptr @.str.23, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.29), !dbg !15
  ret i32 -1, !dbg !15

assert_end65:                                     ; preds = %assert_end63
  %186 = icmp eq ptr %main.b_strides, null, !dbg !15
  %187 = xor i1 %186, true, !dbg !15
  br i1 %187, label %if_then66, label %if_end67, !dbg !15, !prof !16

if_then66:                                        ; preds = %assert_end65
  %188 = getelementptr inbounds i64, ptr %main.b_strides, i32 0, !dbg !15
  %189 = load i64, ptr %188, align 8, !dbg !15
  %190 = trunc i64 %189 to i32, !dbg !15
  %191 = icmp eq i32 1, %190, !dbg !15
  br i1 %191, label %assert_end69, label %assert_fail68, !dbg !15, !prof !16

if_end67:                                         ; preds = %assert_end69, %assert_end65
  %192 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 1, i32 1, !dbg !15
  %193 = load i32, ptr %192, align 4, !dbg !15
  %194 = icmp eq i32 %dev_id, %193, !dbg !15
  br i1 %194, label %assert_end71, label %assert_fail70, !dbg !15, !prof !16

assert_fail68:                                    ; preds = %if_then66
  call void @__tvm_set_raised_12(ptr @.str.15, i32 7, ptr @.str.16, ptr @.str.24, ptr @.str.26, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.27, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end69:                                     ; preds = %if_then66
  br label %if_end67, !dbg !15

assert_fail70:                                    ; preds = %if_end67
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.34, ptr @.str.31, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.32, ptr @.str.33, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end71:                                     ; preds = %if_end67
  %195 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 0, !dbg !15
  %196 = load ptr, ptr %195, align 8, !dbg !15
  %197 = icmp eq ptr %196, null, !dbg !15
  %198 = xor i1 %197, true, !dbg !15
  br i1 %198, label %assert_end73, label %assert_fail72, !dbg !15, !prof !16

assert_fail72:                                    ; preds = %assert_end71
  call void @__tvm_set_raised_6(ptr @.str.15, i32 6, ptr @.str.24, ptr @.str.28, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.29), !dbg !15
  ret i32 -1, !dbg !15

assert_end73:                                     ; preds = %assert_end71
  %199 = icmp eq ptr %main.add_strides, null, !dbg !15
  %200 = xor i1 %199, true, !dbg !15
  br i1 %200, label %if_then74, label %if_end75, !dbg !15, !prof !16

if_then74:                                        ; preds = %assert_end73
  %201 = getelementptr inbounds i64, ptr %main.add_strides, i32 1, !dbg !15
  %202 = load i64, ptr %201, align 8, !dbg !15
  %203 = trunc i64 %202 to i32, !dbg !15
  %204 = icmp eq i32 14, %203, !dbg !15
  %205 = getelementptr inbounds i64, ptr %main.add_strides, i32 2, !dbg !15
  %206 = load i64, ptr %205, align 8, !dbg !15
  %207 = trunc i64 %206 to i32, !dbg !15
  %208 = icmp eq i32 2, %207, !dbg !15
  %209 = getelementptr inbounds i64, ptr %main.add_strides, i32 3, !dbg !15
  %210 = load i64, ptr %209, align 8, !dbg !15
  %211 = trunc i64 %210 to i32, !dbg !15
  %212 = icmp eq i32 1, %211, !dbg !15
  %213 = and i1 %212, %208, !dbg !15
  %214 = and i1 %213, %204, !dbg !15
  br i1 %214, label %assert_end77, label %assert_fail76, !dbg !15, !prof !16

if_end75:                                         ; preds = %assert_end77, %assert_end73
  %215 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 1, i32 1, !dbg !15
  %216 = load i32, ptr %215, align 4, !dbg !15
  %217 = icmp eq i32 %dev_id, %216, !dbg !15
  br i1 %217, label %assert_end79, label %assert_fail78, !dbg !15, !prof !16

assert_fail76:                                    ; preds = %if_then74
  call void @__tvm_set_raised_12(ptr @.str.15, i32 7, ptr @.str.16, ptr @.str.25, ptr @.str.26, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.27, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end77:                                     ; preds = %if_then74
  br label %if_end75, !dbg !15

assert_fail78:                                    ; preds = %if_end75
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.16, ptr @.str.35, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.32, ptr @.str.33, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end79:                                     ; preds = %if_end75
  %218 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 0, !dbg !15
  %219 = load ptr, ptr %218, align 8, !dbg !15
  %220 = icmp eq ptr %219, null, !dbg !15
  %221 = xor i1 %220, true, !dbg !15
  br i1 %221, label %assert_end81, label %assert_fail80, !dbg !15, !prof !16

assert_fail80:                                    ; preds = %assert_end79
  call void @__tvm_set_raised_6(ptr @.str.15, i32 6, ptr @.str.25, ptr @.str.28, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.29), !dbg !15
  ret i32 -1, !dbg !15

assert_end81:                                     ; preds = %assert_end79
  %222 = getelementptr inbounds i64, ptr %main.x_shape, i32 0, !dbg !15
  %223 = load i64, ptr %222, align 8, !dbg !15
  %224 = trunc i64 %223 to i32, !dbg !15
  %225 = icmp eq i32 %224, 1, !dbg !15
  br i1 %225, label %assert_end83, label %assert_fail82, !dbg !15, !prof !16

assert_fail82:                                    ; preds = %assert_end81
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.37, ptr @.str.31, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end83:                                     ; preds = %assert_end81
  %226 = getelementptr inbounds i64, ptr %main.x_shape, i32 1, !dbg !15
  %227 = load i64, ptr %226, align 8, !dbg !15
  %228 = trunc i64 %227 to i32, !dbg !15
  %229 = icmp eq i32 %228, 4, !dbg !15
  br i1 %229, label %assert_end85, label %assert_fail84, !dbg !15, !prof !16

assert_fail84:                                    ; preds = %assert_end83
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.38, ptr @.str.31, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end85:                                     ; preds = %assert_end83
  %230 = getelementptr inbounds i64, ptr %main.x_shape, i32 2, !dbg !15
  %231 = load i64, ptr %230, align 8, !dbg !15
  %232 = trunc i64 %231 to i32, !dbg !15
  %233 = icmp eq i32 %232, 7, !dbg !15
  br i1 %233, label %assert_end87, label %assert_fail86, !dbg !15, !prof !16

assert_fail86:                                    ; preds = %assert_end85
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.39, ptr @.str.31, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.40, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end87:                                     ; preds = %assert_end85
  %234 = getelementptr inbounds i64, ptr %main.x_shape, i32 3, !dbg !15
  %235 = load i64, ptr %234, align 8, !dbg !15
  %236 = trunc i64 %235 to i32, !dbg !15
  %237 = icmp eq i32 %236, 4, !dbg !15
  br i1 %237, label %assert_end89, label %assert_fail88, !dbg !15, !prof !16

assert_fail88:                                    ; preds = %assert_end87
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.41, ptr @.str.31, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end89:                                     ; preds = %assert_end87
  %238 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 6, !dbg !15
  %239 = load i64, ptr %238, align 8, !dbg !15
  %240 = icmp eq i64 0, %239, !dbg !15
  br i1 %240, label %assert_end91, label %assert_fail90, !dbg !15, !prof !16

assert_fail90:                                    ; preds = %assert_end89
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.42, ptr @.str.31, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end91:                                     ; preds = %assert_end89
  %241 = getelementptr inbounds i64, ptr %main.w_shape, i32 0, !dbg !15
  %242 = load i64, ptr %241, align 8, !dbg !15
  %243 = trunc i64 %242 to i32, !dbg !15
  %244 = icmp eq i32 %243, 4, !dbg !15
  br i1 %244, label %assert_end93, label %assert_fail92, !dbg !15, !prof !16

assert_fail92:                                    ; preds = %assert_end91
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.43, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end93:                                     ; preds = %assert_end91
  %245 = getelementptr inbounds i64, ptr %main.w_shape, i32 1, !dbg !15
  %246 = load i64, ptr %245, align 8, !dbg !15
  %247 = trunc i64 %246 to i32, !dbg !15
  %248 = icmp eq i32 %247, 1, !dbg !15
  br i1 %248, label %assert_end95, label %assert_fail94, !dbg !15, !prof !16

assert_fail94:                                    ; preds = %assert_end93
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.44, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end95:                                     ; preds = %assert_end93
  %249 = getelementptr inbounds i64, ptr %main.w_shape, i32 2, !dbg !15
  %250 = load i64, ptr %249, align 8, !dbg !15
  %251 = trunc i64 %250 to i32, !dbg !15
  %252 = icmp eq i32 %251, 1, !dbg !15
  br i1 %252, label %assert_end97, label %assert_fail96, !dbg !15, !prof !16

assert_fail96:                                    ; preds = %assert_end95
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.45, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end97:                                     ; preds = %assert_end95
  %253 = getelementptr inbounds i64, ptr %main.w_shape, i32 3, !dbg !15
  %254 = load i64, ptr %253, align 8, !dbg !15
  %255 = trunc i64 %254 to i32, !dbg !15
  %256 = icmp eq i32 %255, 3, !dbg !15
  br i1 %256, label %assert_end99, label %assert_fail98, !dbg !15, !prof !16

assert_fail98:                                    ; preds = %assert_end97
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.46, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.14, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end99:                                     ; preds = %assert_end97
  %257 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 6, !dbg !15
  %258 = load i64, ptr %257, align 8, !dbg !15
  %259 = icmp eq i64 0, %258, !dbg !15
  br i1 %259, label %assert_end101, label %assert_fail100, !dbg !15, !prof !16

assert_fail100:                                   ; preds = %assert_end99
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.47, ptr @.str.31, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end101:                                    ; preds = %assert_end99
  %260 = getelementptr inbounds i64, ptr %main.b_shape, i32 0, !dbg !15
  %261 = load i64, ptr %260, align 8, !dbg !15
  %262 = trunc i64 %261 to i32, !dbg !15
  %263 = icmp eq i32 %262, 4, !dbg !15
  br i1 %263, label %assert_end103, label %assert_fail102, !dbg !15, !prof !16

assert_fail102:                                   ; preds = %assert_end101
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.48, ptr @.str.31, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end103:                                    ; preds = %assert_end101
  %264 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 6, !dbg !15
  %265 = load i64, ptr %264, align 8, !dbg !15
  %266 = icmp eq i64 0, %265, !dbg !15
  br i1 %266, label %assert_end105, label %assert_fail104, !dbg !15, !prof !16

assert_fail104:                                   ; preds = %assert_end103
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.49, ptr @.str.31, ptr @.str.13, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end105:                                    ; preds = %assert_end103
  %267 = getelementptr inbounds i64, ptr %main.add_shape, i32 0, !dbg !15
  %268 = load i64, ptr %267, align 8, !dbg !15
  %269 = trunc i64 %268 to i32, !dbg !15
  %270 = icmp eq i32 %269, 1, !dbg !15
  br i1 %270, label %assert_end107, label %assert_fail106, !dbg !15, !prof !16

assert_fail106:                                   ; preds = %assert_end105
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.50, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end107:                                    ; preds = %assert_end105
  %271 = getelementptr inbounds i64, ptr %main.add_shape, i32 1, !dbg !15
  %272 = load i64, ptr %271, align 8, !dbg !15
  %273 = trunc i64 %272 to i32, !dbg !15
  %274 = icmp eq i32 %273, 4, !dbg !15
  br i1 %274, label %assert_end109, label %assert_fail108, !dbg !15, !prof !16

assert_fail108:                                   ; preds = %assert_end107
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.51, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end109:                                    ; preds = %assert_end107
  %275 = getelementptr inbounds i64, ptr %main.add_shape, i32 2, !dbg !15
  %276 = load i64, ptr %275, align 8, !dbg !15
  %277 = trunc i64 %276 to i32, !dbg !15
  %278 = icmp eq i32 %277, 7, !dbg !15
  br i1 %278, label %assert_end111, label %assert_fail110, !dbg !15, !prof !16

assert_fail110:                                   ; preds = %assert_end109
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.52, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.40, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end111:                                    ; preds = %assert_end109
  %279 = getelementptr inbounds i64, ptr %main.add_shape, i32 3, !dbg !15
  %280 = load i64, ptr %279, align 8, !dbg !15
  %281 = trunc i64 %280 to i32, !dbg !15
  %282 = icmp eq i32 %281, 2, !dbg !15
  br i1 %282, label %assert_end113, label %assert_fail112, !dbg !15, !prof !16

assert_fail112:                                   ; preds = %assert_end111
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.53, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.13, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end113:                                    ; preds = %assert_end111
  %283 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 6, !dbg !15
  %284 = load i64, ptr %283, align 8, !dbg !15
  %285 = icmp eq i64 0, %284, !dbg !15
  br i1 %285, label %assert_end115, label %assert_fail114, !dbg !15, !prof !16

assert_fail114:                                   ; preds = %assert_end113
  call void @__tvm_set_raised_12(ptr @.str.15, i32 8, ptr @.str.36, ptr @.str.54, ptr @.str.31, ptr @.str.14, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end115:                                    ; preds = %assert_end113
  %286 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 0, !dbg !15
  %x = load ptr, ptr %286, align 8, !dbg !15
    #dbg_declare(ptr %x, !36, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %x, i64 64) ], !dbg !15
  %287 = getelementptr inbounds %1, ptr %w.handle, i32 0, i32 0, !dbg !15
  %w = load ptr, ptr %287, align 8, !dbg !15
    #dbg_declare(ptr %w, !39, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %w, i64 64) ], !dbg !15
  %288 = getelementptr inbounds %1, ptr %b.handle, i32 0, i32 0, !dbg !15
  %b = load ptr, ptr %288, align 8, !dbg !15
    #dbg_declare(ptr %b, !40, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %b, i64 64) ], !dbg !15
  %289 = getelementptr inbounds %1, ptr %add.handle, i32 0, i32 0, !dbg !15
  %add = load ptr, ptr %289, align 8, !dbg !15
    #dbg_declare(ptr %add, !41, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %add, i64 64) ], !dbg !15
  %290 = call i32 @main_compute_(ptr %x, ptr %w, ptr %b, ptr %add), !dbg !15
  %291 = icmp eq i32 %290, 0, !dbg !15
  br i1 %291, label %call_end, label %call_fail, !dbg !15, !prof !16

call_fail:                                        ; preds = %assert_end115
  ret i32 %290, !dbg !15

call_end:                                         ; preds = %assert_end115
  ret i32 0, !dbg !15

ret_dummy:                                        ; No predecessors!
  ret i32 0, !dbg !15
}

; Function Attrs: noinline
define internal void @__tvm_set_raised_6(ptr %0, i32 %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7) #1 {
entry:
  %8 = alloca [6 x ptr], align 8
  %9 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 0
  store ptr %2, ptr %9, align 8
  %10 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 1
  store ptr %3, ptr %10, align 8
  %11 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 2
  store ptr %4, ptr %11, align 8
  %12 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 3
  store ptr %5, ptr %12, align 8
  %13 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 4
  store ptr %6, ptr %13, align 8
  %14 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 5
  store ptr %7, ptr %14, align 8
  %15 = getelementptr inbounds [6 x ptr], ptr %8, i32 0, i32 0
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr %15, i32 %1)
  ret void
}

declare void @TVMFFIErrorSetRaisedFromCStrParts(ptr, ptr, i32)

; Function Attrs: noinline
define internal void @__tvm_set_raised_12(ptr %0, i32 %1, ptr %2, ptr %3, ptr %4, ptr %5, ptr %6, ptr %7, ptr %8, ptr %9, ptr %10, ptr %11, ptr %12, ptr %13) #1 {
entry:
  %14 = alloca [12 x ptr], align 8
  %15 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 0
  store ptr %2, ptr %15, align 8
  %16 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 1
  store ptr %3, ptr %16, align 8
  %17 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 2
  store ptr %4, ptr %17, align 8
  %18 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 3
  store ptr %5, ptr %18, align 8
  %19 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 4
  store ptr %6, ptr %19, align 8
  %20 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 5
  store ptr %7, ptr %20, align 8
  %21 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 6
  store ptr %8, ptr %21, align 8
  %22 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 7
  store ptr %9, ptr %22, align 8
  %23 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 8
  store ptr %10, ptr %23, align 8
  %24 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 9
  store ptr %11, ptr %24, align 8
  %25 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 10
  store ptr %12, ptr %25, align 8
  %26 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 11
  store ptr %13, ptr %26, align 8
  %27 = getelementptr inbounds [12 x ptr], ptr %14, i32 0, i32 0
  call void @TVMFFIErrorSetRaisedFromCStrParts(ptr %0, ptr %27, i32 %1)
  ret void
}

; Function Attrs: nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write)
declare void @llvm.assume(i1 noundef) #2

; Function Attrs: noinline
define internal i32 @main_compute_(ptr noalias align 64 %x, ptr noalias align 64 %w, ptr noalias align 64 %b, ptr noalias align 64 %add) #3 !dbg !42 {
entry:
  %0 = alloca ptr, align 8, !dbg !50
    #dbg_declare(ptr %0, !46, !DIExpression(), !50)
  store ptr %x, ptr %0, align 8, !dbg !50
  %1 = alloca ptr, align 8, !dbg !50
    #dbg_declare(ptr %1, !47, !DIExpression(), !50)
  store ptr %w, ptr %1, align 8, !dbg !50
  %2 = alloca ptr, align 8, !dbg !50
    #dbg_declare(ptr %2, !48, !DIExpression(), !50)
  store ptr %b, ptr %2, align 8, !dbg !50
  %3 = alloca ptr, align 8, !dbg !50
    #dbg_declare(ptr %3, !49, !DIExpression(), !50)
  store ptr %add, ptr %3, align 8, !dbg !50
  %conv = alloca float, i64 56, align 16, !dbg !50
    #dbg_declare(ptr %conv, !51, !DIExpression(), !50)
    #dbg_declare(ptr %x, !52, !DIExpression(), !50)
  call void @llvm.assume(i1 true) [ "align"(ptr %x, i64 64) ], !dbg !50
    #dbg_declare(ptr %w, !53, !DIExpression(), !50)
  call void @llvm.assume(i1 true) [ "align"(ptr %w, i64 64) ], !dbg !50
    #dbg_declare(ptr %b, !54, !DIExpression(), !50)
  call void @llvm.assume(i1 true) [ "align"(ptr %b, i64 64) ], !dbg !50
    #dbg_declare(ptr %add, !55, !DIExpression(), !50)
  call void @llvm.assume(i1 true) [ "align"(ptr %add, i64 64) ], !dbg !50
  br label %for_begin_c, !dbg !50

for_begin_c:                                      ; preds = %for_next_c, %entry
  %c = phi i32 [ 0, %entry ], [ %5, %for_next_c ], !dbg !50
    #dbg_value(i32 %c, !56, !DIExpression(), !50)
  %4 = icmp slt i32 %c, 4, !dbg !50
  br i1 %4, label %for_body_c, label %for_end_c, !dbg !50, !prof !16

for_body_c:                                       ; preds = %for_begin_c
  br label %for_begin_h, !dbg !50

for_end_c:                                        ; preds = %for_begin_c
  br label %for_begin_c1, !dbg !50

for_next_c:                                       ; preds = %for_end_h
  %5 = add nsw i32 %c, 1, !dbg !50
  br label %for_begin_c, !dbg !50

for_begin_h:                                      ; preds = %for_next_h, %for_body_c
  %h = phi i32 [ 0, %for_body_c ], [ %7, %for_next_h ], !dbg !50
    #dbg_value(i32 %h, !57, !DIExpression(), !50)
  %6 = icmp slt i32 %h, 7, !dbg !50
  br i1 %6, label %for_body_h, label %for_end_h, !dbg !50, !prof !16

for_body_h:                                       ; preds = %for_begin_h
  br label %for_begin_i, !dbg !50

for_end_h:                                        ; preds = %for_begin_h
  br label %for_next_c, !dbg !50

for_next_h:                                       ; preds = %for_end_i
  %7 = add nsw i32 %h, 1, !dbg !50
  br label %for_begin_h, !dbg !50

for_begin_i:                                      ; preds = %for_next_i, %for_body_h
  %i = phi i32 [ 0, %for_body_h ], [ %9, %for_next_i ], !dbg !50
    #dbg_value(i32 %i, !58, !DIExpression(), !50)
  %8 = icmp slt i32 %i, 2, !dbg !50
  br i1 %8, label %for_body_i, label %for_end_i, !dbg !50, !prof !16

for_body_i:                                       ; preds = %for_begin_i
  br label %for_begin_r, !dbg !50

for_end_i:                                        ; preds = %for_begin_i
  br label %for_next_h, !dbg !50

for_next_i:                                       ; preds = %for_end_r
  %9 = add nsw i32 %i, 1, !dbg !50
  br label %for_begin_i, !dbg !50

for_begin_r:                                      ; preds = %for_next_r, %for_body_i
  %r = phi i32 [ 0, %for_body_i ], [ %15, %for_next_r ], !dbg !50
    #dbg_value(i32 %r, !59, !DIExpression(), !50)
  %10 = icmp slt i32 %r, 3, !dbg !50
  br i1 %10, label %for_body_r, label %for_end_r, !dbg !50, !prof !16

for_body_r:                                       ; preds = %for_begin_r
  %11 = mul nsw i32 %h, 2, !dbg !50
  %12 = mul nsw i32 %c, 14, !dbg !50
  %13 = add nsw i32 %12, %11, !dbg !50
  %cse_v1 = add nsw i32 %13, %i, !dbg !50
    #dbg_value(i32 %cse_v1, !60, !DIExpression(), !50)
    #dbg_value(i32 %cse_v1, !60, !DIExpression(), !50)
  %14 = icmp eq i32 %r, 0, !dbg !50
  br i1 %14, label %if_then, label %if_end, !dbg !50, !prof !16

for_end_r:                                        ; preds = %for_begin_r
  br label %for_next_i, !dbg !50

for_next_r:                                       ; preds = %if_end
  %15 = add nsw i32 %r, 1, !dbg !50
  br label %for_begin_r, !dbg !50

if_then:                                          ; preds = %for_body_r
  %16 = getelementptr inbounds float, ptr %conv, i32 %cse_v1, !dbg !50
  store float 0.000000e+00, ptr %16, align 4, !dbg !50, !tbaa !61
  br label %if_end, !dbg !50

if_end:                                           ; preds = %if_then, %for_body_r
  %17 = mul nsw i32 %h, 4, !dbg !50
  %18 = mul nsw i32 %c, 28, !dbg !50
  %19 = add nsw i32 %18, %17, !dbg !50
  %20 = add nsw i32 %19, %i, !dbg !50
  %21 = add nsw i32 %20, %r, !dbg !50
  %22 = getelementptr inbounds float, ptr %x, i32 %21, !dbg !50
  %23 = load float, ptr %22, align 4, !dbg !50, !tbaa !64
  %24 = mul nsw i32 %c, 3, !dbg !50
  %25 = add nsw i32 %24, %r, !dbg !50
  %26 = getelementptr inbounds float, ptr %w, i32 %25, !dbg !50
  %27 = load float, ptr %26, align 4, !dbg !50, !tbaa !66
  %28 = getelementptr inbounds float, ptr %conv, i32 %cse_v1, !dbg !50
  %29 = load float, ptr %28, align 4, !dbg !50, !tbaa !61
  %30 = call float @llvm.fmuladd.f32(float %23, float %27, float %29), !dbg !50
  %31 = getelementptr inbounds float, ptr %conv, i32 %cse_v1, !dbg !50
  store float %30, ptr %31, align 4, !dbg !50, !tbaa !61
  br label %for_next_r, !dbg !50

for_begin_c1:                                     ; preds = %for_next_c4, %for_end_c
  %c5 = phi i32 [ 0, %for_end_c ], [ %33, %for_next_c4 ], !dbg !50
    #dbg_value(i32 %c5, !56, !DIExpression(), !50)
  %32 = icmp slt i32 %c5, 4, !dbg !50
  br i1 %32, label %for_body_c2, label %for_end_c3, !dbg !50, !prof !16

for_body_c2:                                      ; preds = %for_begin_c1
  br label %for_begin_h6, !dbg !50

for_end_c3:                                       ; preds = %for_begin_c1
  ret i32 0, !dbg !50

for_next_c4:                                      ; preds = %for_end_h8
  %33 = add nsw i32 %c5, 1, !dbg !50
  br label %for_begin_c1, !dbg !50

for_begin_h6:                                     ; preds = %for_next_h9, %for_body_c2
  %h10 = phi i32 [ 0, %for_body_c2 ], [ %35, %for_next_h9 ], !dbg !50
    #dbg_value(i32 %h10, !57, !DIExpression(), !50)
  %34 = icmp slt i32 %h10, 7, !dbg !50
  br i1 %34, label %for_body_h7, label %for_end_h8, !dbg !50, !prof !16

for_body_h7:                                      ; preds = %for_begin_h6
  br label %for_begin_i11, !dbg !50

for_end_h8:                                       ; preds = %for_begin_h6
  br label %for_next_c4, !dbg !50

for_next_h9:                                      ; preds = %for_end_i13
  %35 = add nsw i32 %h10, 1, !dbg !50
  br label %for_begin_h6, !dbg !50

for_begin_i11:                                    ; preds = %for_next_i14, %for_body_h7
  %i15 = phi i32 [ 0, %for_body_h7 ], [ %46, %for_next_i14 ], !dbg !50
    #dbg_value(i32 %i15, !58, !DIExpression(), !50)
  %36 = icmp slt i32 %i15, 2, !dbg !50
  br i1 %36, label %for_body_i12, label %for_end_i13, !dbg !50, !prof !16

for_body_i12:                                     ; preds = %for_begin_i11
  %37 = mul nsw i32 %h10, 2, !dbg !50
  %38 = mul nsw i32 %c5, 14, !dbg !50
  %39 = add nsw i32 %38, %37, !dbg !50
  %cse_v2 = add nsw i32 %39, %i15, !dbg !50
    #dbg_value(i32 %cse_v2, !68, !DIExpression(), !50)
    #dbg_value(i32 %cse_v2, !68, !DIExpression(), !50)
  %40 = getelementptr inbounds float, ptr %b, i32 %c5, !dbg !50
  %41 = load float, ptr %40, align 4, !dbg !50, !tbaa !69
  %42 = getelementptr inbounds float, ptr %conv, i32 %cse_v2, !dbg !50
  %43 = load float, ptr %42, align 4, !dbg !50, !tbaa !61
  %44 = fadd float %43, %41, !dbg !50
  %45 = getelementptr inbounds float, ptr %add, i32 %cse_v2, !dbg !50
  store float %44, ptr %45, align 4, !dbg !50, !tbaa !71
  br label %for_next_i14, !dbg !50

for_end_i13:                                      ; preds = %for_begin_i11
  br label %for_next_h9, !dbg !50

for_next_i14:                                     ; preds = %for_body_i12
  %46 = add nsw i32 %i15, 1, !dbg !50
  br label %for_begin_i11, !dbg !50
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.fmuladd.f32(float, float, float) #4

define internal void @__tvm_module_startup() #0 {
entry:
  ret void, !dbg !15
}

; Function Attrs: nounwind memory(none)
define weak dso_local half @__truncsfhf2(float %a0) local_unnamed_addr #5 section ".text.tvm.fp16.conv" {
b0:
  %v0 = bitcast float %a0 to i32
  %v1 = and i32 %v0, 2147483647
  %v2 = add nsw i32 %v1, -947912704
  %v3 = add nsw i32 %v1, -1199570944
  %v4 = icmp ult i32 %v2, %v3
  br i1 %v4, label %b1, label %b5

b1:                                               ; preds = %b0
  %v5 = lshr i32 %v0, 13
  %v6 = and i32 %v5, 65535
  %v7 = add nuw nsw i32 %v6, -114688
  %v8 = and i32 %v0, 8191
  %v9 = icmp ugt i32 %v8, 4096
  br i1 %v9, label %b2, label %b3

b2:                                               ; preds = %b1
  %v10 = add nuw nsw i32 %v6, -114687
  br label %b13

b3:                                               ; preds = %b1
  %v11 = icmp eq i32 %v8, 4096
  br i1 %v11, label %b4, label %b13

b4:                                               ; preds = %b3
  %v12 = and i32 %v7, 65535
  %v13 = and i32 %v5, 1
  %v14 = add nuw nsw i32 %v12, %v13
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
  %vres = bitcast i16 %vlast to half
  ret half %vres
}

; Function Attrs: nounwind memory(none)
define weak dso_local float @__extendhfsf2(half %a0) local_unnamed_addr #5 section ".text.tvm.fp16.conv" {
b0:
  %vinp = bitcast half %a0 to i16
  %v1 = and i16 %vinp, 32767
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
  %v36 = and i16 %vinp, -32768
  %v37 = zext i16 %v36 to i32
  %v38 = shl nuw i32 %v37, 16
  %v39 = or i32 %v35, %v38
  %v40 = bitcast i32 %v39 to float
  ret float %v40
}

attributes #0 = { "target-cpu"="generic" }
attributes #1 = { noinline }
attributes #2 = { nocallback nofree nosync nounwind willreturn memory(inaccessiblemem: write) }
attributes #3 = { noinline "target-cpu"="generic" }
attributes #4 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #5 = { nounwind memory(none) "target-cpu"="generic" "target-features" }

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3, !4}

!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1, producer: "TVM", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "IRModule.CodeGenLLVM", directory: ".")
!2 = !{i32 2, !"tvm_target", !"{\22kind\22:\22llvm\22,\22mtriple\22:\22x86_64-conda-linux-gnu\22,\22opt-level\22:0}"}
!3 = !{i32 4, !"Debug Info Version", i32 3}
!4 = !{i32 4, !"Dwarf Version", i32 4}
!5 = distinct !DISubprogram(name: "__tvm_ffi_main", scope: !1, file: !1, type: !6, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !10)
!6 = !DISubroutineType(types: !7)
!7 = !{!8, !9, !9, !8, !9}
!8 = !DIBasicType(name: "int32", size: 32, encoding: DW_ATE_signed)
!9 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: null)
!10 = !{!11, !12, !13, !14}
!11 = !DILocalVariable(name: "self_handle", arg: 1, scope: !5, file: !1, type: !9)
!12 = !DILocalVariable(name: "args", arg: 2, scope: !5, file: !1, type: !9)
!13 = !DILocalVariable(name: "num_args", arg: 3, scope: !5, file: !1, type: !8)
!14 = !DILocalVariable(name: "result", arg: 4, scope: !5, file: !1, type: !9)
!15 = !DILocation(line: 0, scope: !5)
!16 = !{!"branch_weights", i32 1048576, i32 1}
!17 = !DILocalVariable(name: "x.type_index", scope: !5, file: !1, type: !8)
!18 = !DILocalVariable(name: "x.handle", scope: !5, file: !1, type: !9)
!19 = !DILocalVariable(name: "w.type_index", scope: !5, file: !1, type: !8)
!20 = !DILocalVariable(name: "w.handle", scope: !5, file: !1, type: !9)
!21 = !DILocalVariable(name: "b.type_index", scope: !5, file: !1, type: !8)
!22 = !DILocalVariable(name: "b.handle", scope: !5, file: !1, type: !9)
!23 = !DILocalVariable(name: "add.type_index", scope: !5, file: !1, type: !8)
!24 = !DILocalVariable(name: "add.handle", scope: !5, file: !1, type: !9)
!25 = !DILocalVariable(name: "main.x_shape", scope: !5, file: !1, type: !26)
!26 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !27)
!27 = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
!28 = !DILocalVariable(name: "main.x_strides", scope: !5, file: !1, type: !26)
!29 = !DILocalVariable(name: "dev_id", scope: !5, file: !1, type: !8)
!30 = !DILocalVariable(name: "main.w_shape", scope: !5, file: !1, type: !26)
!31 = !DILocalVariable(name: "main.w_strides", scope: !5, file: !1, type: !26)
!32 = !DILocalVariable(name: "main.b_shape", scope: !5, file: !1, type: !26)
!33 = !DILocalVariable(name: "main.b_strides", scope: !5, file: !1, type: !26)
!34 = !DILocalVariable(name: "main.add_shape", scope: !5, file: !1, type: !26)
!35 = !DILocalVariable(name: "main.add_strides", scope: !5, file: !1, type: !26)
!36 = !DILocalVariable(name: "x", scope: !5, file: !1, type: !37)
!37 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !38)
!38 = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
!39 = !DILocalVariable(name: "w", scope: !5, file: !1, type: !37)
!40 = !DILocalVariable(name: "b", scope: !5, file: !1, type: !37)
!41 = !DILocalVariable(name: "add", scope: !5, file: !1, type: !37)
!42 = distinct !DISubprogram(name: "main_compute_", scope: !1, file: !1, type: !43, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !45)
!43 = !DISubroutineType(types: !44)
!44 = !{!8, !37, !37, !37, !37}
!45 = !{!46, !47, !48, !49}
!46 = !DILocalVariable(name: "x", arg: 1, scope: !42, file: !1, type: !37)
!47 = !DILocalVariable(name: "w", arg: 2, scope: !42, file: !1, type: !37)
!48 = !DILocalVariable(name: "b", arg: 3, scope: !42, file: !1, type: !37)
!49 = !DILocalVariable(name: "add", arg: 4, scope: !42, file: !1, type: !37)
!50 = !DILocation(line: 0, scope: !42)
!51 = !DILocalVariable(name: "conv", scope: !42, file: !1, type: !37)
!52 = !DILocalVariable(name: "x", scope: !42, file: !1, type: !37)
!53 = !DILocalVariable(name: "w", scope: !42, file: !1, type: !37)
!54 = !DILocalVariable(name: "b", scope: !42, file: !1, type: !37)
!55 = !DILocalVariable(name: "add", scope: !42, file: !1, type: !37)
!56 = !DILocalVariable(name: "c", scope: !42, file: !1, type: !8)
!57 = !DILocalVariable(name: "h", scope: !42, file: !1, type: !8)
!58 = !DILocalVariable(name: "i", scope: !42, file: !1, type: !8)
!59 = !DILocalVariable(name: "r", scope: !42, file: !1, type: !8)
!60 = !DILocalVariable(name: "cse_v1", scope: !42, file: !1, type: !8)
!61 = !{!62, !62, i64 0}
!62 = !{!"0x55bf28dd3ee0", !63, i64 0}
!63 = !{!"tvm-tbaa"}
!64 = !{!65, !65, i64 0}
!65 = !{!"0x55bf28da8590", !63, i64 0}
!66 = !{!67, !67, i64 0}
!67 = !{!"0x55bf28daeaa0", !63, i64 0}
!68 = !DILocalVariable(name: "cse_v2", scope: !42, file: !1, type: !8)
!69 = !{!70, !70, i64 0}
!70 = !{!"0x55bf28dae9e0", !63, i64 0}
!71 = !{!72, !72, i64 0}
!72 = !{!"0x55bf28dad340", !63, i64 0}
