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
@.str.2 = private constant [2 x i8] c"2\00", align 1
@.str.3 = private constant [11 x i8] c" arguments\00", align 1
@.str.4 = private constant [19 x i8] c" when calling:\0A  `\00", align 1
@.str.5 = private constant [152 x i8] c"main(x: Tensor([T.int64(1), T.int64(4), T.int64(6), T.int64(3)], float32), pool_avg: Tensor([T.int64(1), T.int64(4), T.int64(5), T.int64(2)], float32))\00", align 1
@.str.6 = private constant [2 x i8] c"`\00", align 1
@.str.7 = private constant [21 x i8] c"args pointer is NULL\00", align 1
@.str.8 = private constant [30 x i8] c"Mismatched type on argument #\00", align 1
@.str.9 = private constant [2 x i8] c"0\00", align 1
@.str.10 = private constant [15 x i8] c"`,\0A  expected \00", align 1
@.str.11 = private constant [7 x i8] c"Tensor\00", align 1
@.str.12 = private constant [2 x i8] c"1\00", align 1
@.str.13 = private constant [11 x i8] c"ValueError\00", align 1
@.str.14 = private constant [12 x i8] c"Mismatched \00", align 1
@.str.15 = private constant [2 x i8] c"x\00", align 1
@.str.16 = private constant [20 x i8] c".ndim on argument #\00", align 1
@.str.17 = private constant [2 x i8] c"4\00", align 1
@.str.18 = private constant [21 x i8] c".dtype on argument #\00", align 1
@.str.19 = private constant [8 x i8] c"float32\00", align 1
@.str.20 = private constant [27 x i8] c".device_type on argument #\00", align 1
@.str.21 = private constant [4 x i8] c"cpu\00", align 1
@.str.22 = private constant [9 x i8] c"pool_avg\00", align 1
@.str.23 = private constant [23 x i8] c".strides on argument #\00", align 1
@.str.24 = private constant [34 x i8] c"`,\0A  expected to be compact array\00", align 1
@.str.25 = private constant [36 x i8] c" data pointer is NULL on argument #\00", align 1
@.str.26 = private constant [36 x i8] c"`,\0A  expected non-NULL data pointer\00", align 1
@.str.27 = private constant [19 x i8] c"pool_avg.device_id\00", align 1
@.str.28 = private constant [15 x i8] c" on argument #\00", align 1
@.str.29 = private constant [24 x i8] c"`,\0A  expected to match \00", align 1
@.str.30 = private constant [12 x i8] c"x.device_id\00", align 1
@.str.31 = private constant [9 x i8] c"Invalid \00", align 1
@.str.32 = private constant [11 x i8] c"x.shape[0]\00", align 1
@.str.33 = private constant [11 x i8] c"x.shape[1]\00", align 1
@.str.34 = private constant [11 x i8] c"x.shape[2]\00", align 1
@.str.35 = private constant [2 x i8] c"6\00", align 1
@.str.36 = private constant [11 x i8] c"x.shape[3]\00", align 1
@.str.37 = private constant [2 x i8] c"3\00", align 1
@.str.38 = private constant [14 x i8] c"x.byte_offset\00", align 1
@.str.39 = private constant [18 x i8] c"pool_avg.shape[0]\00", align 1
@.str.40 = private constant [18 x i8] c"pool_avg.shape[1]\00", align 1
@.str.41 = private constant [18 x i8] c"pool_avg.shape[2]\00", align 1
@.str.42 = private constant [2 x i8] c"5\00", align 1
@.str.43 = private constant [18 x i8] c"pool_avg.shape[3]\00", align 1
@.str.44 = private constant [21 x i8] c"pool_avg.byte_offset\00", align 1
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
  %4 = icmp eq i32 %num_args, 2, !dbg !15
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
  %pool_avg.type_index = load i32, ptr %21, align 4, !dbg !15
    #dbg_value(i32 %pool_avg.type_index, !19, !DIExpression(), !15)
    #dbg_value(i32 %pool_avg.type_index, !19, !DIExpression(), !15)
  %22 = icmp sge i32 %pool_avg.type_index, 64, !dbg !15
  %23 = icmp eq i32 %pool_avg.type_index, 7, !dbg !15
  %24 = icmp eq i32 %pool_avg.type_index, 4, !dbg !15
  %25 = icmp eq i32 %pool_avg.type_index, 0, !dbg !15
  %26 = or i1 %25, %24, !dbg !15
  %27 = or i1 %26, %23, !dbg !15
  %28 = or i1 %27, %22, !dbg !15
  br i1 %28, label %assert_end6, label %assert_fail5, !dbg !15, !prof !16

assert_fail5:                                     ; preds = %if_end
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end6:                                      ; preds = %if_end
  %29 = icmp eq i32 %pool_avg.type_index, 70, !dbg !15
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
  %pool_avg.handle = phi ptr [ %32, %if_then7 ], [ %34, %if_else8 ], !dbg !15
    #dbg_declare(ptr %pool_avg.handle, !20, !DIExpression(), !15)
    #dbg_declare(ptr %pool_avg.handle, !20, !DIExpression(), !15)
  %35 = icmp eq ptr %x.handle, null, !dbg !15
  %36 = xor i1 %35, true, !dbg !15
  br i1 %36, label %assert_end11, label %assert_fail10, !dbg !15, !prof !16

assert_fail10:                                    ; preds = %if_end9
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end11:                                     ; preds = %if_end9
  %37 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 2, !dbg !15
  %38 = load i32, ptr %37, align 4, !dbg !15
  %39 = icmp eq i32 4, %38, !dbg !15
  br i1 %39, label %assert_end13, label %assert_fail12, !dbg !15, !prof !16

assert_fail12:                                    ; preds = %assert_end11
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.14, ptr @.str.15, ptr @.str.16, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.17, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end13:                                     ; preds = %assert_end11
  %40 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 2, !dbg !15
  %41 = load i16, ptr %40, align 2, !dbg !15
  %42 = icmp eq i16 %41, 1, !dbg !15
  %43 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 1, !dbg !15
  %44 = load i8, ptr %43, align 1, !dbg !15
  %45 = icmp eq i8 %44, 32, !dbg !15
  %46 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 3, i32 0, !dbg !15
  %47 = load i8, ptr %46, align 1, !dbg !15
  %48 = icmp eq i8 %47, 2, !dbg !15
  %49 = and i1 %48, %45, !dbg !15
  %50 = and i1 %49, %42, !dbg !15
  br i1 %50, label %assert_end15, label %assert_fail14, !dbg !15, !prof !16

assert_fail14:                                    ; preds = %assert_end13
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.14, ptr @.str.15, ptr @.str.18, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.19, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end15:                                     ; preds = %assert_end13
  %51 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 4, !dbg !15
  %main.x_shape = load ptr, ptr %51, align 8, !dbg !15
    #dbg_declare(ptr %main.x_shape, !21, !DIExpression(), !15)
    #dbg_declare(ptr %main.x_shape, !21, !DIExpression(), !15)
  %52 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 5, !dbg !15
  %main.x_strides = load ptr, ptr %52, align 8, !dbg !15
    #dbg_declare(ptr %main.x_strides, !24, !DIExpression(), !15)
    #dbg_declare(ptr %main.x_strides, !24, !DIExpression(), !15)
  %53 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 1, i32 0, !dbg !15
  %54 = load i32, ptr %53, align 4, !dbg !15
  %55 = icmp eq i32 %54, 1, !dbg !15
  br i1 %55, label %assert_end17, label %assert_fail16, !dbg !15, !prof !16

assert_fail16:                                    ; preds = %assert_end15
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.14, ptr @.str.15, ptr @.str.20, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.21, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end17:                                     ; preds = %assert_end15
  %56 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 1, i32 1, !dbg !15
  %dev_id = load i32, ptr %56, align 4, !dbg !15
    #dbg_value(i32 %dev_id, !25, !DIExpression(), !15)
    #dbg_value(i32 %dev_id, !25, !DIExpression(), !15)
  %57 = icmp eq ptr %pool_avg.handle, null, !dbg !15
  %58 = xor i1 %57, true, !dbg !15
  br i1 %58, label %assert_end19, label %assert_fail18, !dbg !15, !prof !16

assert_fail18:                                    ; preds = %assert_end17
  call void @__tvm_set_raised_6(ptr @.str, i32 6, ptr @.str.8, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.11), !dbg !15
  ret i32 -1, !dbg !15

assert_end19:                                     ; preds = %assert_end17
  %59 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 2, !dbg !15
  %60 = load i32, ptr %59, align 4, !dbg !15
  %61 = icmp eq i32 4, %60, !dbg !15
  br i1 %61, label %assert_end21, label %assert_fail20, !dbg !15, !prof !16

assert_fail20:                                    ; preds = %assert_end19
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.14, ptr @.str.22, ptr @.str.16, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.17, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end21:                                     ; preds = %assert_end19
  %62 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 3, i32 2, !dbg !15
  %63 = load i16, ptr %62, align 2, !dbg !15
  %64 = icmp eq i16 %63, 1, !dbg !15
  %65 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 3, i32 1, !dbg !15
  %66 = load i8, ptr %65, align 1, !dbg !15
  %67 = icmp eq i8 %66, 32, !dbg !15
  %68 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 3, i32 0, !dbg !15
  %69 = load i8, ptr %68, align 1, !dbg !15
  %70 = icmp eq i8 %69, 2, !dbg !15
  %71 = and i1 %70, %67, !dbg !15
  %72 = and i1 %71, %64, !dbg !15
  br i1 %72, label %assert_end23, label %assert_fail22, !dbg !15, !prof !16

assert_fail22:                                    ; preds = %assert_end21
  call void @__tvm_set_raised_12(ptr @.str, i32 8, ptr @.str.14, ptr @.str.22, ptr @.str.18, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.19, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end23:                                     ; preds = %assert_end21
  %73 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 4, !dbg !15
  %main.pool_avg_shape = load ptr, ptr %73, align 8, !dbg !15
    #dbg_declare(ptr %main.pool_avg_shape, !26, !DIExpression(), !15)
    #dbg_declare(ptr %main.pool_avg_shape, !26, !DIExpression(), !15)
  %74 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 5, !dbg !15
  %main.pool_avg_strides = load ptr, ptr %74, align 8, !dbg !15
    #dbg_declare(ptr %main.pool_avg_strides, !27, !DIExpression(), !15)
    #dbg_declare(ptr %main.pool_avg_strides, !27, !DIExpression(), !15)
  %75 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 1, i32 0, !dbg !15
  %76 = load i32, ptr %75, align 4, !dbg !15
  %77 = icmp eq i32 %76, 1, !dbg !15
  br i1 %77, label %assert_end25, label %assert_fail24, !dbg !15, !prof !16

assert_fail24:                                    ; preds = %assert_end23
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.14, ptr @.str.22, ptr @.str.20, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.21, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end25:                                     ; preds = %assert_end23
  %78 = icmp eq ptr %main.x_strides, null, !dbg !15
  %79 = xor i1 %78, true, !dbg !15
  br i1 %79, label %if_then26, label %if_end27, !dbg !15, !prof !16

if_then26:                                        ; preds = %assert_end25
  %80 = getelementptr inbounds i64, ptr %main.x_strides, i32 1, !dbg !15
  %81 = load i64, ptr %80, align 8, !dbg !15
  %82 = icmp eq i64 18, %81, !dbg !15
  %83 = getelementptr inbounds i64, ptr %main.x_strides, i32 2, !dbg !15
  %84 = load i64, ptr %83, align 8, !dbg !15
  %85 = icmp eq i64 3, %84, !dbg !15
  %86 = getelementptr inbounds i64, ptr %main.x_strides, i32 3, !dbg !15
  %87 = load i64, ptr %86, align 8, !dbg !15
  %88 = icmp eq i64 1, %87, !dbg !15
  %89 = and i1 %88, %85, !dbg !15
  %90 = and i1 %89, %82, !dbg !15
  br i1 %90, label %assert_end29, label %assert_fail28, !dbg !15, !prof !16

if_end27:                                         ; preds = %assert_end29, %assert_end25
  %91 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 0, !dbg !15
  %92 = load ptr, ptr %91, align 8, !dbg !15
  %93 = icmp eq ptr %92, null, !dbg !15
  %94 = xor i1 %93, true, !dbg !15
  br i1 %94, label %assert_end31, label %assert_fail30, !dbg !15, !prof !16

assert_fail28:                                    ; preds = %if_then26
  call void @__tvm_set_raised_12(ptr @.str.13, i32 7, ptr @.str.14, ptr @.str.15, ptr @.str.23, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.24, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end29:                                     ; preds = %if_then26
  br label %if_end27, !dbg !15

assert_fail30:                                    ; preds = %if_end27
  call void @__tvm_set_raised_6(ptr @.str.13, i32 6, ptr @.str.15, ptr @.str.25, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.26), !dbg !15
  ret i32 -1, !dbg !15

assert_end31:                                     ; preds = %if_end27
  %95 = icmp eq ptr %main.pool_avg_strides, null, !dbg !15
  %96 = xor i1 %95, true, !dbg !15
  br i1 %96, label %if_then32, label %if_end33, !dbg !15, !prof !16

if_then32:                                        ; preds = %assert_end31
  %97 = getelementptr inbounds i64, ptr %main.pool_avg_strides, i32 1, !dbg !15
  %98 = load i64, ptr %97, align 8, !dbg !15
  %99 = icmp eq i64 10, %98, !dbg !15
  %100 = getelementptr inbounds i64, ptr %main.pool_avg_strides, i32 2, !dbg !15
  %101 = load i64, ptr %100, align 8, !dbg !15
  %102 = icmp eq i64 2, %101, !dbg !15
  %103 = getelementptr inbounds i64, ptr %main.pool_avg_strides, i32 3, !dbg !15
  %104 = load i64, ptr %103, align 8, !dbg !15
  %105 = icmp eq i64 1, %104, !dbg !15
  %106 = and i1 %105, %102, !dbg !15
  %107 = and i1 %106, %99, !dbg !15
  br i1 %107, label %assert_end35, label %assert_fail34, !dbg !15, !prof !16

if_end33:                                         ; preds = %assert_end35, %assert_end31
  %108 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 1, i32 1, !dbg !15
  %109 = load i32, ptr %108, align 4, !dbg !15
  %110 = icmp eq i32 %dev_id, %109, !dbg !15
  br i1 %110, label %assert_end37, label %assert_fail36, !dbg !15, !prof !16

assert_fail34:                                    ; preds = %if_then32
  call void @__tvm_set_raised_12(ptr @.str.13, i32 7, ptr @.str.14, ptr @.str.22, ptr @.str.23, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.24, ptr null, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end35:                                     ; preds = %if_then32
  br label %if_end33, !dbg !15

assert_fail36:                                    ; preds = %if_end33
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.14, ptr @.str.27, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.29, ptr @.str.30, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end37:                                     ; preds = %if_end33
  %111 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 0, !dbg !15
  %112 = load ptr, ptr %111, align 8, !dbg !15
  %113 = icmp eq ptr %112, null, !dbg !15
  %114 = xor i1 %113, true, !dbg !15
  br i1 %114, label %assert_end39, label %assert_fail38, !dbg !15, !prof !16

assert_fail38:                                    ; preds = %assert_end37
  call void @__tvm_set_raised_6(ptr @.str.13, i32 6, ptr @.str.22, ptr @.str.25, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.26), !dbg !15
  ret i32 -1, !dbg !15

assert_end39:                                     ; preds = %assert_end37
  %115 = getelementptr inbounds i64, ptr %main.x_shape, i32 0, !dbg !15
  %116 = load i64, ptr %115, align 8, !dbg !15
  %117 = icmp eq i64 %116, 1, !dbg !15
  br i1 %117, label %assert_end41, label %assert_fail40, !dbg !15, !prof !16

assert_fail40:                                    ; preds = %assert_end39
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.32, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end41:                                     ; preds = %assert_end39
  %118 = getelementptr inbounds i64, ptr %main.x_shape, i32 1, !dbg !15
  %119 = load i64, ptr %118, align 8, !dbg !15
  %120 = icmp eq i64 %119, 4, !dbg !15
  br i1 %120, label %assert_end43, label %assert_fail42, !dbg !15, !prof !16

assert_fail42:                                    ; preds = %assert_end41
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.33, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.17, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end43:                                     ; preds = %assert_end41
  %121 = getelementptr inbounds i64, ptr %main.x_shape, i32 2, !dbg !15
  %122 = load i64, ptr %121, align 8, !dbg !15
  %123 = icmp eq i64 %122, 6, !dbg !15
  br i1 %123, label %assert_end45, label %assert_fail44, !dbg !15, !prof !16

assert_fail44:                                    ; preds = %assert_end43
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.34, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.35, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end45:                                     ; preds = %assert_end43
  %124 = getelementptr inbounds i64, ptr %main.x_shape, i32 3, !dbg !15
  %125 = load i64, ptr %124, align 8, !dbg !15
  %126 = icmp eq i64 %125, 3, !dbg !15
  br i1 %126, label %assert_end47, label %assert_fail46, !dbg !15, !prof !16

assert_fail46:                                    ; preds = %assert_end45
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.36, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.37, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end47:                                     ; preds = %assert_end45
  %127 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 6, !dbg !15
  %128 = load i64, ptr %127, align 8, !dbg !15
  %129 = icmp eq i64 0, %128, !dbg !15
  br i1 %129, label %assert_end49, label %assert_fail48, !dbg !15, !prof !16

assert_fail48:                                    ; preds = %assert_end47
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.38, ptr @.str.28, ptr @.str.9, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end49:                                     ; preds = %assert_end47
  %130 = getelementptr inbounds i64, ptr %main.pool_avg_shape, i32 0, !dbg !15
  %131 = load i64, ptr %130, align 8, !dbg !15
  %132 = icmp eq i64 %131, 1, !dbg !15
  br i1 %132, label %assert_end51, label %assert_fail50, !dbg !15, !prof !16

assert_fail50:                                    ; preds = %assert_end49
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.39, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.12, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end51:                                     ; preds = %assert_end49
  %133 = getelementptr inbounds i64, ptr %main.pool_avg_shape, i32 1, !dbg !15
  %134 = load i64, ptr %133, align 8, !dbg !15
  %135 = icmp eq i64 %134, 4, !dbg !15
  br i1 %135, label %assert_end53, label %assert_fail52, !dbg !15, !prof !16

assert_fail52:                                    ; preds = %assert_end51
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.40, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.17, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end53:                                     ; preds = %assert_end51
  %136 = getelementptr inbounds i64, ptr %main.pool_avg_shape, i32 2, !dbg !15
  %137 = load i64, ptr %136, align 8, !dbg !15
  %138 = icmp eq i64 %137, 5, !dbg !15
  br i1 %138, label %assert_end55, label %assert_fail54, !dbg !15, !prof !16

assert_fail54:                                    ; preds = %assert_end53
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.41, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.42, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end55:                                     ; preds = %assert_end53
  %139 = getelementptr inbounds i64, ptr %main.pool_avg_shape, i32 3, !dbg !15
  %140 = load i64, ptr %139, align 8, !dbg !15
  %141 = icmp eq i64 %140, 2, !dbg !15
  br i1 %141, label %assert_end57, label %assert_fail56, !dbg !15, !prof !16

assert_fail56:                                    ; preds = %assert_end55
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.43, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.2, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end57:                                     ; preds = %assert_end55
  %142 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 6, !dbg !15
  %143 = load i64, ptr %142, align 8, !dbg !15
  %144 = icmp eq i64 0, %143, !dbg !15
  br i1 %144, label %assert_end59, label %assert_fail58, !dbg !15, !prof !16

assert_fail58:                                    ; preds = %assert_end57
  call void @__tvm_set_raised_12(ptr @.str.13, i32 8, ptr @.str.31, ptr @.str.44, ptr @.str.28, ptr @.str.12, ptr @.str.4, ptr @.str.5, ptr @.str.10, ptr @.str.9, ptr null, ptr null, ptr null, ptr null), !dbg !15
  ret i32 -1, !dbg !15

assert_end59:                                     ; preds = %assert_end57
  %145 = getelementptr inbounds %1, ptr %x.handle, i32 0, i32 0, !dbg !15
  %x = load ptr, ptr %145, align 8, !dbg !15
    #dbg_declare(ptr %x, !28, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %x, i64 64) ], !dbg !15
  %146 = getelementptr inbounds %1, ptr %pool_avg.handle, i32 0, i32 0, !dbg !15
  %pool_avg = load ptr, ptr %146, align 8, !dbg !15
    #dbg_declare(ptr %pool_avg, !31, !DIExpression(), !15)
  call void @llvm.assume(i1 true) [ "align"(ptr %pool_avg, i64 64) ], !dbg !15
  %147 = call i32 @main_compute_(ptr %x, ptr %pool_avg), !dbg !15
  %148 = icmp eq i32 %147, 0, !dbg !15
  br i1 %148, label %call_end, label %call_fail, !dbg !15, !prof !16

call_fail:                                        ; preds = %assert_end59
  ret i32 %147, !dbg !15

call_end:                                         ; preds = %assert_end59
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
define internal i32 @main_compute_(ptr noalias align 64 %x, ptr noalias align 64 %pool_avg) #3 !dbg !32 {
entry:
  %0 = alloca ptr, align 8, !dbg !38
    #dbg_declare(ptr %0, !36, !DIExpression(), !38)
  store ptr %x, ptr %0, align 8, !dbg !38
  %1 = alloca ptr, align 8, !dbg !38
    #dbg_declare(ptr %1, !37, !DIExpression(), !38)
  store ptr %pool_avg, ptr %1, align 8, !dbg !38
  %pool_sum = alloca float, i64 40, align 16, !dbg !38
    #dbg_declare(ptr %pool_sum, !39, !DIExpression(), !38)
    #dbg_declare(ptr %x, !40, !DIExpression(), !38)
  call void @llvm.assume(i1 true) [ "align"(ptr %x, i64 64) ], !dbg !38
    #dbg_declare(ptr %pool_avg, !41, !DIExpression(), !38)
  call void @llvm.assume(i1 true) [ "align"(ptr %pool_avg, i64 64) ], !dbg !38
  br label %for_begin_ax1, !dbg !38

for_begin_ax1:                                    ; preds = %for_next_ax1, %entry
  %ax1 = phi i32 [ 0, %entry ], [ %3, %for_next_ax1 ], !dbg !38
    #dbg_value(i32 %ax1, !42, !DIExpression(), !38)
  %2 = icmp slt i32 %ax1, 4, !dbg !38
  br i1 %2, label %for_body_ax1, label %for_end_ax1, !dbg !38, !prof !16

for_body_ax1:                                     ; preds = %for_begin_ax1
  br label %for_begin_ax2, !dbg !38

for_end_ax1:                                      ; preds = %for_begin_ax1
  br label %for_begin_ax11, !dbg !38

for_next_ax1:                                     ; preds = %for_end_ax2
  %3 = add nsw i32 %ax1, 1, !dbg !38
  br label %for_begin_ax1, !dbg !38

for_begin_ax2:                                    ; preds = %for_next_ax2, %for_body_ax1
  %ax2 = phi i32 [ 0, %for_body_ax1 ], [ %5, %for_next_ax2 ], !dbg !38
    #dbg_value(i32 %ax2, !43, !DIExpression(), !38)
  %4 = icmp slt i32 %ax2, 5, !dbg !38
  br i1 %4, label %for_body_ax2, label %for_end_ax2, !dbg !38, !prof !16

for_body_ax2:                                     ; preds = %for_begin_ax2
  br label %for_begin_ax3, !dbg !38

for_end_ax2:                                      ; preds = %for_begin_ax2
  br label %for_next_ax1, !dbg !38

for_next_ax2:                                     ; preds = %for_end_ax3
  %5 = add nsw i32 %ax2, 1, !dbg !38
  br label %for_begin_ax2, !dbg !38

for_begin_ax3:                                    ; preds = %for_next_ax3, %for_body_ax2
  %ax3 = phi i32 [ 0, %for_body_ax2 ], [ %7, %for_next_ax3 ], !dbg !38
    #dbg_value(i32 %ax3, !44, !DIExpression(), !38)
  %6 = icmp slt i32 %ax3, 2, !dbg !38
  br i1 %6, label %for_body_ax3, label %for_end_ax3, !dbg !38, !prof !16

for_body_ax3:                                     ; preds = %for_begin_ax3
  br label %for_begin_rv0, !dbg !38

for_end_ax3:                                      ; preds = %for_begin_ax3
  br label %for_next_ax2, !dbg !38

for_next_ax3:                                     ; preds = %for_end_rv0
  %7 = add nsw i32 %ax3, 1, !dbg !38
  br label %for_begin_ax3, !dbg !38

for_begin_rv0:                                    ; preds = %for_next_rv0, %for_body_ax3
  %rv0 = phi i32 [ 0, %for_body_ax3 ], [ %9, %for_next_rv0 ], !dbg !38
    #dbg_value(i32 %rv0, !45, !DIExpression(), !38)
  %8 = icmp slt i32 %rv0, 2, !dbg !38
  br i1 %8, label %for_body_rv0, label %for_end_rv0, !dbg !38, !prof !16

for_body_rv0:                                     ; preds = %for_begin_rv0
  br label %for_begin_rv1, !dbg !38

for_end_rv0:                                      ; preds = %for_begin_rv0
  br label %for_next_ax3, !dbg !38

for_next_rv0:                                     ; preds = %for_end_rv1
  %9 = add nsw i32 %rv0, 1, !dbg !38
  br label %for_begin_rv0, !dbg !38

for_begin_rv1:                                    ; preds = %for_next_rv1, %for_body_rv0
  %rv1 = phi i32 [ 0, %for_body_rv0 ], [ %17, %for_next_rv1 ], !dbg !38
    #dbg_value(i32 %rv1, !46, !DIExpression(), !38)
  %10 = icmp slt i32 %rv1, 2, !dbg !38
  br i1 %10, label %for_body_rv1, label %for_end_rv1, !dbg !38, !prof !16

for_body_rv1:                                     ; preds = %for_begin_rv1
  %11 = mul nsw i32 %ax2, 2, !dbg !38
  %12 = mul nsw i32 %ax1, 10, !dbg !38
  %13 = add nsw i32 %12, %11, !dbg !38
  %cse_v1 = add nsw i32 %13, %ax3, !dbg !38
    #dbg_value(i32 %cse_v1, !47, !DIExpression(), !38)
    #dbg_value(i32 %cse_v1, !47, !DIExpression(), !38)
  %14 = icmp eq i32 %rv1, 0, !dbg !38
  %15 = icmp eq i32 %rv0, 0, !dbg !38
  %16 = and i1 %15, %14, !dbg !38
  br i1 %16, label %if_then, label %if_end, !dbg !38, !prof !16

for_end_rv1:                                      ; preds = %for_begin_rv1
  br label %for_next_rv0, !dbg !38

for_next_rv1:                                     ; preds = %if_end
  %17 = add nsw i32 %rv1, 1, !dbg !38
  br label %for_begin_rv1, !dbg !38

if_then:                                          ; preds = %for_body_rv1
  %18 = getelementptr inbounds float, ptr %pool_sum, i32 %cse_v1, !dbg !38
  store float 0.000000e+00, ptr %18, align 4, !dbg !38, !tbaa !48
  br label %if_end, !dbg !38

if_end:                                           ; preds = %if_then, %for_body_rv1
  %19 = mul nsw i32 %rv0, 3, !dbg !38
  %20 = mul nsw i32 %ax2, 3, !dbg !38
  %21 = mul nsw i32 %ax1, 18, !dbg !38
  %22 = add nsw i32 %21, %20, !dbg !38
  %23 = add nsw i32 %22, %19, !dbg !38
  %24 = add nsw i32 %23, %ax3, !dbg !38
  %25 = add nsw i32 %24, %rv1, !dbg !38
  %26 = getelementptr inbounds float, ptr %x, i32 %25, !dbg !38
  %27 = load float, ptr %26, align 4, !dbg !38, !tbaa !51
  %28 = getelementptr inbounds float, ptr %pool_sum, i32 %cse_v1, !dbg !38
  %29 = load float, ptr %28, align 4, !dbg !38, !tbaa !48
  %30 = fadd float %29, %27, !dbg !38
  %31 = getelementptr inbounds float, ptr %pool_sum, i32 %cse_v1, !dbg !38
  store float %30, ptr %31, align 4, !dbg !38, !tbaa !48
  br label %for_next_rv1, !dbg !38

for_begin_ax11:                                   ; preds = %for_next_ax14, %for_end_ax1
  %ax15 = phi i32 [ 0, %for_end_ax1 ], [ %33, %for_next_ax14 ], !dbg !38
    #dbg_value(i32 %ax15, !42, !DIExpression(), !38)
  %32 = icmp slt i32 %ax15, 4, !dbg !38
  br i1 %32, label %for_body_ax12, label %for_end_ax13, !dbg !38, !prof !16

for_body_ax12:                                    ; preds = %for_begin_ax11
  br label %for_begin_ax26, !dbg !38

for_end_ax13:                                     ; preds = %for_begin_ax11
  ret i32 0, !dbg !38

for_next_ax14:                                    ; preds = %for_end_ax28
  %33 = add nsw i32 %ax15, 1, !dbg !38
  br label %for_begin_ax11, !dbg !38

for_begin_ax26:                                   ; preds = %for_next_ax29, %for_body_ax12
  %ax210 = phi i32 [ 0, %for_body_ax12 ], [ %35, %for_next_ax29 ], !dbg !38
    #dbg_value(i32 %ax210, !43, !DIExpression(), !38)
  %34 = icmp slt i32 %ax210, 5, !dbg !38
  br i1 %34, label %for_body_ax27, label %for_end_ax28, !dbg !38, !prof !16

for_body_ax27:                                    ; preds = %for_begin_ax26
  br label %for_begin_ax311, !dbg !38

for_end_ax28:                                     ; preds = %for_begin_ax26
  br label %for_next_ax14, !dbg !38

for_next_ax29:                                    ; preds = %for_end_ax313
  %35 = add nsw i32 %ax210, 1, !dbg !38
  br label %for_begin_ax26, !dbg !38

for_begin_ax311:                                  ; preds = %for_next_ax314, %for_body_ax27
  %ax315 = phi i32 [ 0, %for_body_ax27 ], [ %44, %for_next_ax314 ], !dbg !38
    #dbg_value(i32 %ax315, !44, !DIExpression(), !38)
  %36 = icmp slt i32 %ax315, 2, !dbg !38
  br i1 %36, label %for_body_ax312, label %for_end_ax313, !dbg !38, !prof !16

for_body_ax312:                                   ; preds = %for_begin_ax311
  %37 = mul nsw i32 %ax210, 2, !dbg !38
  %38 = mul nsw i32 %ax15, 10, !dbg !38
  %39 = add nsw i32 %38, %37, !dbg !38
  %cse_v2 = add nsw i32 %39, %ax315, !dbg !38
    #dbg_value(i32 %cse_v2, !53, !DIExpression(), !38)
    #dbg_value(i32 %cse_v2, !53, !DIExpression(), !38)
  %40 = getelementptr inbounds float, ptr %pool_sum, i32 %cse_v2, !dbg !38
  %41 = load float, ptr %40, align 4, !dbg !38, !tbaa !48
  %42 = fdiv float %41, 4.000000e+00, !dbg !38
  %43 = getelementptr inbounds float, ptr %pool_avg, i32 %cse_v2, !dbg !38
  store float %42, ptr %43, align 4, !dbg !38, !tbaa !54
  br label %for_next_ax314, !dbg !38

for_end_ax313:                                    ; preds = %for_begin_ax311
  br label %for_next_ax29, !dbg !38

for_next_ax314:                                   ; preds = %for_body_ax312
  %44 = add nsw i32 %ax315, 1, !dbg !38
  br label %for_begin_ax311, !dbg !38
}

define internal void @__tvm_module_startup() #0 {
entry:
  ret void, !dbg !15
}

; Function Attrs: nounwind memory(none)
define weak dso_local half @__truncsfhf2(float %a0) local_unnamed_addr #4 section ".text.tvm.fp16.conv" {
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
define weak dso_local float @__extendhfsf2(half %a0) local_unnamed_addr #4 section ".text.tvm.fp16.conv" {
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
attributes #4 = { nounwind memory(none) "target-cpu"="generic" "target-features" }

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
!19 = !DILocalVariable(name: "pool_avg.type_index", scope: !5, file: !1, type: !8)
!20 = !DILocalVariable(name: "pool_avg.handle", scope: !5, file: !1, type: !9)
!21 = !DILocalVariable(name: "main.x_shape", scope: !5, file: !1, type: !22)
!22 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !23)
!23 = !DIBasicType(name: "int64", size: 64, encoding: DW_ATE_signed)
!24 = !DILocalVariable(name: "main.x_strides", scope: !5, file: !1, type: !22)
!25 = !DILocalVariable(name: "dev_id", scope: !5, file: !1, type: !8)
!26 = !DILocalVariable(name: "main.pool_avg_shape", scope: !5, file: !1, type: !22)
!27 = !DILocalVariable(name: "main.pool_avg_strides", scope: !5, file: !1, type: !22)
!28 = !DILocalVariable(name: "x", scope: !5, file: !1, type: !29)
!29 = !DIDerivedType(tag: DW_TAG_pointer_type, baseType: !30)
!30 = !DIBasicType(name: "float32", size: 32, encoding: DW_ATE_float)
!31 = !DILocalVariable(name: "pool_avg", scope: !5, file: !1, type: !29)
!32 = distinct !DISubprogram(name: "main_compute_", scope: !1, file: !1, type: !33, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !35)
!33 = !DISubroutineType(types: !34)
!34 = !{!8, !29, !29}
!35 = !{!36, !37}
!36 = !DILocalVariable(name: "x", arg: 1, scope: !32, file: !1, type: !29)
!37 = !DILocalVariable(name: "pool_avg", arg: 2, scope: !32, file: !1, type: !29)
!38 = !DILocation(line: 0, scope: !32)
!39 = !DILocalVariable(name: "pool_sum", scope: !32, file: !1, type: !29)
!40 = !DILocalVariable(name: "x", scope: !32, file: !1, type: !29)
!41 = !DILocalVariable(name: "pool_avg", scope: !32, file: !1, type: !29)
!42 = !DILocalVariable(name: "ax1", scope: !32, file: !1, type: !8)
!43 = !DILocalVariable(name: "ax2", scope: !32, file: !1, type: !8)
!44 = !DILocalVariable(name: "ax3", scope: !32, file: !1, type: !8)
!45 = !DILocalVariable(name: "rv0", scope: !32, file: !1, type: !8)
!46 = !DILocalVariable(name: "rv1", scope: !32, file: !1, type: !8)
!47 = !DILocalVariable(name: "cse_v1", scope: !32, file: !1, type: !8)
!48 = !{!49, !49, i64 0}
!49 = !{!"0x558ed0e587e0", !50, i64 0}
!50 = !{!"tvm-tbaa"}
!51 = !{!52, !52, i64 0}
!52 = !{!"0x558ed11d50e0", !50, i64 0}
!53 = !DILocalVariable(name: "cse_v2", scope: !32, file: !1, type: !8)
!54 = !{!55, !55, i64 0}
!55 = !{!"0x558ed11d8880", !50, i64 0}
