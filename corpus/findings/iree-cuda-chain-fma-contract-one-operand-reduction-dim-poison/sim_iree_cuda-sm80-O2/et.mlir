module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"cuda", [#hal.executable.target<"cuda", "cuda-nvptx-fb", {iree_codegen.target_info = #iree_gpu.target<arch = "sm_80", features = "+ptx76", wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [<NV_MMA_SYNC_F32_16x8x16_F16>, <NV_MMA_SYNC_F16_16x8x16_F16>, <NV_MMA_SYNC_F32_16x8x16_BF16>, <NV_WMMA_F32_16x16x16_F16>, <NV_WMMA_F16_16x16x16_F16>], subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 166912, max_workgroup_counts = [2147483647, 65535, 65535]>>}>]> : !hal.device
  hal.executable private @main_dispatch_0 {
    hal.executable.variant public @cuda_nvptx_fb target(<"cuda", "cuda-nvptx-fb", {iree_codegen.target_info = #iree_gpu.target<arch = "sm_80", features = "+ptx76", wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [<NV_MMA_SYNC_F32_16x8x16_F16>, <NV_MMA_SYNC_F16_16x8x16_F16>, <NV_MMA_SYNC_F32_16x8x16_BF16>, <NV_WMMA_F32_16x16x16_F16>, <NV_WMMA_F16_16x16x16_F16>], subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 166912, max_workgroup_counts = [2147483647, 65535, 65535]>>}>) {
      hal.executable.export public @main_dispatch_0_matmul_like_2x2x4x9_f32 ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) count(%arg0: !hal.device) -> (index, index, index) {
        %c1 = arith.constant 1 : index
        hal.return %c1, %c1, %c1 : index, index, index
      } <workgroup_size = [32 : index, 8 : index, 1 : index], subgroup_size = 32>
      builtin.module {
        llvm.func @__nv_fmaf(f32, f32, f32) -> f32
        llvm.func @main_dispatch_0_matmul_like_2x2x4x9_f32(%arg0: !llvm.ptr<1> {llvm.align = 16 : i32, llvm.noalias, llvm.nonnull, llvm.noundef, llvm.readonly}, %arg1: !llvm.ptr<1> {llvm.align = 16 : i32, llvm.noalias, llvm.nonnull, llvm.noundef, llvm.readonly}, %arg2: !llvm.ptr<1> {llvm.align = 16 : i32, llvm.noalias, llvm.nonnull, llvm.noundef}) attributes {gpu.known_block_size = array<i32: 32, 8, 1>} {
          %0 = llvm.mlir.constant(36 : i64) : i64
          %1 = llvm.mlir.constant(64 : i64) : i64
          %2 = llvm.mlir.constant(true) : i1
          %3 = llvm.mlir.constant(4 : i64) : i64
          %4 = llvm.mlir.constant(8 : i64) : i64
          %5 = llvm.mlir.constant(9 : i64) : i64
          %6 = llvm.mlir.constant(1 : i32) : i32
          %7 = llvm.mlir.constant(9 : i32) : i32
          %8 = llvm.mlir.constant(0 : i32) : i32
          %9 = llvm.mlir.constant(256 : i32) : i32
          %10 = llvm.mlir.constant(2 : i32) : i32
          %11 = llvm.mlir.constant(32 : i32) : i32
          %12 = llvm.mlir.constant(3 : i64) : i64
          %13 = llvm.mlir.poison : vector<2xf32>
          %14 = llvm.mlir.constant(2 : i64) : i64
          %15 = llvm.mlir.constant(0 : i64) : i64
          %16 = llvm.mlir.constant(1 : i64) : i64
          %17 = llvm.mlir.constant(dense<0.000000e+00> : vector<2xf32>) : vector<2xf32>
          %18 = nvvm.read.ptx.sreg.tid.y range <i32, 0, 8> : i32
          %19 = llvm.sext %18 : i32 to i64
          %20 = nvvm.read.ptx.sreg.tid.x range <i32, 0, 32> : i32
          %21 = llvm.sext %20 : i32 to i64
          %22 = llvm.trunc %19 : i64 to i32
          %23 = llvm.mul %22, %11 overflow<nsw> : i32
          %24 = llvm.trunc %21 : i64 to i32
          %25 = llvm.add %23, %24 overflow<nsw> : i32
          llvm.intr.assume %2 ["align"(%arg0, %1 : !llvm.ptr<1>, i64)] : i1
          llvm.intr.assume %2 ["align"(%arg1, %1 : !llvm.ptr<1>, i64)] : i1
          llvm.intr.assume %2 ["align"(%arg2, %1 : !llvm.ptr<1>, i64)] : i1
          llvm.br ^bb1(%25 : i32)
        ^bb1(%26: i32):  // 2 preds: ^bb0, ^bb5
          %27 = llvm.icmp "slt" %26, %10 : i32
          llvm.cond_br %27, ^bb2, ^bb6
        ^bb2:  // pred: ^bb1
          %28 = llvm.zext %26 : i32 to i64
          llvm.br ^bb3(%8, %17 : i32, vector<2xf32>)
        ^bb3(%29: i32, %30: vector<2xf32>):  // 2 preds: ^bb2, ^bb4
          %31 = llvm.icmp "slt" %29, %7 : i32
          llvm.cond_br %31, ^bb4, ^bb5
        ^bb4:  // pred: ^bb3
          %32 = llvm.zext %29 : i32 to i64
          %33 = llvm.mul %32, %4 : i64
          %34 = llvm.mul %28, %3 : i64
          %35 = llvm.add %33, %34 : i64
          %36 = llvm.add %35, %15 : i64
          %37 = llvm.getelementptr %arg0[%36] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %38 = llvm.load %37 <alignment = 4> : !llvm.ptr<1> -> vector<4xf32>
          %39 = llvm.mul %15, %0 : i64
          %40 = llvm.mul %15, %5 : i64
          %41 = llvm.add %39, %40 : i64
          %42 = llvm.add %41, %32 : i64
          %43 = llvm.getelementptr %arg1[%42] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %44 = llvm.load %43 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %45 = llvm.mul %15, %0 : i64
          %46 = llvm.mul %16, %5 : i64
          %47 = llvm.add %45, %46 : i64
          %48 = llvm.add %47, %32 : i64
          %49 = llvm.getelementptr %arg1[%48] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %50 = llvm.load %49 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %51 = llvm.mul %15, %0 : i64
          %52 = llvm.mul %14, %5 : i64
          %53 = llvm.add %51, %52 : i64
          %54 = llvm.add %53, %32 : i64
          %55 = llvm.getelementptr %arg1[%54] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %56 = llvm.load %55 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %57 = llvm.mul %15, %0 : i64
          %58 = llvm.mul %12, %5 : i64
          %59 = llvm.add %57, %58 : i64
          %60 = llvm.add %59, %32 : i64
          %61 = llvm.getelementptr %arg1[%60] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %62 = llvm.load %61 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %63 = llvm.mul %16, %0 : i64
          %64 = llvm.mul %15, %5 : i64
          %65 = llvm.add %63, %64 : i64
          %66 = llvm.add %65, %32 : i64
          %67 = llvm.getelementptr %arg1[%66] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %68 = llvm.load %67 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %69 = llvm.mul %16, %0 : i64
          %70 = llvm.mul %16, %5 : i64
          %71 = llvm.add %69, %70 : i64
          %72 = llvm.add %71, %32 : i64
          %73 = llvm.getelementptr %arg1[%72] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %74 = llvm.load %73 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %75 = llvm.mul %16, %0 : i64
          %76 = llvm.mul %14, %5 : i64
          %77 = llvm.add %75, %76 : i64
          %78 = llvm.add %77, %32 : i64
          %79 = llvm.getelementptr %arg1[%78] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %80 = llvm.load %79 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %81 = llvm.mul %16, %0 : i64
          %82 = llvm.mul %12, %5 : i64
          %83 = llvm.add %81, %82 : i64
          %84 = llvm.add %83, %32 : i64
          %85 = llvm.getelementptr %arg1[%84] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          %86 = llvm.load %85 <alignment = 4> : !llvm.ptr<1> -> vector<1xf32>
          %87 = llvm.extractelement %38[%15 : i64] : vector<4xf32>
          %88 = llvm.extractelement %38[%16 : i64] : vector<4xf32>
          %89 = llvm.extractelement %38[%14 : i64] : vector<4xf32>
          %90 = llvm.extractelement %38[%12 : i64] : vector<4xf32>
          %91 = llvm.extractelement %44[%15 : i64] : vector<1xf32>
          %92 = llvm.extractelement %68[%15 : i64] : vector<1xf32>
          %93 = llvm.extractelement %50[%15 : i64] : vector<1xf32>
          %94 = llvm.extractelement %74[%15 : i64] : vector<1xf32>
          %95 = llvm.extractelement %56[%15 : i64] : vector<1xf32>
          %96 = llvm.extractelement %80[%15 : i64] : vector<1xf32>
          %97 = llvm.extractelement %62[%15 : i64] : vector<1xf32>
          %98 = llvm.extractelement %86[%15 : i64] : vector<1xf32>
          %99 = llvm.extractelement %30[%16 : i64] : vector<2xf32>
          %100 = llvm.call @__nv_fmaf(%90, %98, %99) : (f32, f32, f32) -> f32
          %101 = llvm.call @__nv_fmaf(%90, %97, %100) : (f32, f32, f32) -> f32
          %102 = llvm.call @__nv_fmaf(%89, %96, %101) : (f32, f32, f32) -> f32
          %103 = llvm.call @__nv_fmaf(%89, %95, %102) : (f32, f32, f32) -> f32
          %104 = llvm.call @__nv_fmaf(%88, %94, %103) : (f32, f32, f32) -> f32
          %105 = llvm.call @__nv_fmaf(%88, %93, %104) : (f32, f32, f32) -> f32
          %106 = llvm.call @__nv_fmaf(%87, %92, %105) : (f32, f32, f32) -> f32
          %107 = llvm.call @__nv_fmaf(%87, %91, %106) : (f32, f32, f32) -> f32
          %108 = llvm.insertelement %107, %13[%15 : i64] : vector<2xf32>
          %109 = llvm.add %29, %6 : i32
          llvm.br ^bb3(%109, %108 : i32, vector<2xf32>)
        ^bb5:  // pred: ^bb3
          %110 = llvm.fptrunc %30 : vector<2xf32> to vector<2xf16>
          %111 = llvm.mul %28, %14 : i64
          %112 = llvm.add %111, %15 : i64
          %113 = llvm.getelementptr %arg2[%112] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f16
          llvm.store %110, %113 <alignment = 2> : vector<2xf16>, !llvm.ptr<1>
          %114 = llvm.add %26, %9 : i32
          llvm.br ^bb1(%114 : i32)
        ^bb6:  // pred: ^bb1
          llvm.return
        }
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<9x2x4xf32>, %input1: tensor<2x4x9xf32>) -> (%output0: tensor<2x2xf16>)"}} {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c288 = arith.constant 288 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %c9 = arith.constant 9 : index
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c9, %c2, %c4]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg0 : !hal.buffer_view -> tensor<9x2x4xf32> in !stream.resource<external>{%c288}
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%c2, %c4, %c9]) type(%element_type_f32) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@__device_0>) %arg1 : !hal.buffer_view -> tensor<2x4x9xf32> in !stream.resource<external>{%c288}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c8} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c288}, %1 as %arg3: !stream.resource<external>{%c288}, %result as %arg4: !stream.resource<external>{%c8}) {
      stream.cmd.dispatch @main_dispatch_0::@cuda_nvptx_fb::@main_dispatch_0_matmul_like_2x2x4x9_f32 {
        ro %arg2[%c0 for %c288] : !stream.resource<external>{%c288},
        ro %arg3[%c0 for %c288] : !stream.resource<external>{%c288},
        wo %arg4[%c0 for %c8] : !stream.resource<external>{%c8}
      }
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c8}
    %4 = stream.tensor.export on(#hal.device.affinity<@__device_0>) %3 : tensor<2x2xf16> in !stream.resource<external>{%c8} -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
}