// -----// IR Dump After LLVMGPUVectorDistributePass: iree-llvmgpu-vector-distribute //----- //
func.func @main_dispatch_0_conv_2xDx5x3xDxDx3_f16xf16xf32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<1.000000e+00> : vector<1x1x1x1xf32>
  %0 = ub.poison : f16
  %cst_0 = arith.constant dense<0.000000e+00> : vector<1x1x1x1x1x1x1xf32>
  %cst_1 = arith.constant dense<0.000000e+00> : vector<1x1x1x1xf32>
  %1 = ub.poison : f32
  %c1 = arith.constant 1 : index
  %c32_i64 = arith.constant 32 : i64
  %cst_2 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %thread_id_z = gpu.thread_id z
  %thread_id_y = gpu.thread_id y
  %thread_id_x = gpu.thread_id x
  %2 = affine.linearize_index disjoint [%thread_id_z, %thread_id_y, %thread_id_x] by (1, 1, 1024) : index
  %alloc = memref.alloc() : memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
  %alloc_3 = memref.alloc() : memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
  %alloca = memref.alloca() : memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>
  %3 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %4 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %5 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %6 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %7 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(4) : i32
  %8 = hal.interface.constant.load layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(5) : i32
  %9 = arith.extui %3 : i32 to i64
  %10 = arith.extui %4 : i32 to i64
  %11 = arith.shli %10, %c32_i64 : i64
  %12 = arith.ori %9, %11 : i64
  %13 = arith.index_castui %12 : i64 to index
  %14 = arith.extui %5 : i32 to i64
  %15 = arith.extui %6 : i32 to i64
  %16 = arith.shli %15, %c32_i64 : i64
  %17 = arith.ori %14, %16 : i64
  %18 = arith.index_castui %17 : i64 to index
  %19 = arith.extui %7 : i32 to i64
  %20 = arith.extui %8 : i32 to i64
  %21 = arith.shli %20, %c32_i64 : i64
  %22 = arith.ori %19, %21 : i64
  %23 = arith.index_castui %22 : i64 to index
  %24:3 = util.assume.int 
      %13<umin = 0, umax = 9007199254740991>, 
      %18<umin = 0, umax = 9007199254740991>, 
      %23<umin = 0, umax = 9007199254740991>
    : index, index, index
  %25 = hal.interface.binding.subspan layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") {iree_gpu.use_rocdl_buffer_instructions} : memref<2x28x6x5xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %25, 64 : memref<2x28x6x5xf16, #hal.descriptor_type<storage_buffer>>
  %26 = amdgpu.fat_raw_buffer_cast %assume_align resetOffset : memref<2x28x6x5xf16, #hal.descriptor_type<storage_buffer>> to memref<2x28x6x5xf16, #amdgpu.address_space<fat_raw_buffer>>
  %27 = iree_tensor_ext.dispatch.workload.ordinal %24#0, 0 : index
  %28 = iree_tensor_ext.dispatch.workload.ordinal %24#1, 1 : index
  %29 = iree_tensor_ext.dispatch.workload.ordinal %24#2, 2 : index
  %30 = hal.interface.binding.subspan layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x?x?x3xf16, #hal.descriptor_type<storage_buffer>>{%29, %27, %28}
  %assume_align_4 = memref.assume_alignment %30, 64 : memref<?x?x?x3xf16, #hal.descriptor_type<storage_buffer>>
  %31 = hal.interface.binding.subspan layout(<constants = 6, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x?x5x3xf32, #hal.descriptor_type<storage_buffer>>{%29}
  %assume_align_5 = memref.assume_alignment %31, 64 : memref<2x?x5x3xf32, #hal.descriptor_type<storage_buffer>>
  scf.forall (%arg0, %arg1, %arg2, %arg3) in (2, %29, 5, 3) {
    %subview = memref.subview %assume_align_5[%arg0, %arg1, %arg2, %arg3] [1, 1, 1, 1] [1, 1, 1, 1] : memref<2x?x5x3xf32, #hal.descriptor_type<storage_buffer>> to memref<1x1x1x1xf32, strided<[?, 15, 3, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
    vector.transfer_write %cst_0, %alloca[%c0, %c0, %c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true, true, true]} : vector<1x1x1x1x1x1x1xf32>, memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>
    %32 = affine.apply affine_map<()[s0, s1] -> ((s0 * s1) * 3)>()[%27, %28]
    scf.for %arg4 = %c0 to %32 step %c1 {
      %46:3 = affine.delinearize_index %arg4 into (%27, %28, 3) : index, index, index
      %47 = affine.apply affine_map<(d0)[s0] -> ((d0 floordiv 3) * 4 + s0)>(%arg1)[%46#0]
      %48 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%46#1, %arg2]
      %49 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%46#2, %arg3]
      %50:6 = affine.delinearize_index %2 into (1, 1, 1, 1, 64) : index, index, index, index, index, index
      %51:5 = affine.delinearize_index %2 into (1, 1, 1, 1) : index, index, index, index, index
      %52 = affine.linearize_index [%50#4, %c0, %c0, %51#4, %arg0] by (1, 1, 1, 1, 1) : index
      %53 = affine.linearize_index [%50#3, %c0, %c0, %51#3, %47] by (1, 1, 1, 1, 1) : index
      %54 = affine.linearize_index [%50#2, %c0, %c0, %51#2, %48] by (1, 1, 1, 1, 1) : index
      %55 = affine.linearize_index [%50#1, %c0, %c0, %51#1, %49] by (1, 1, 1, 1, 1) : index
      %56 = vector.transfer_read %26[%52, %53, %54, %55], %0 {in_bounds = [true, true, true, true]} : memref<2x28x6x5xf16, #amdgpu.address_space<fat_raw_buffer>>, vector<1x1x1x1xf16>
      %57:6 = affine.delinearize_index %2 into (1, 1, 1, 1, 64) : index, index, index, index, index, index
      %58:5 = affine.delinearize_index %2 into (1, 1, 1, 1) : index, index, index, index, index
      %59 = affine.linearize_index [%57#4, %c0, %c0, %58#4, %arg1] by (1, 1, 1, 1, 1) : index
      %60 = affine.linearize_index [%57#3, %c0, %c0, %58#3, %46#0] by (1, 1, 1, 1, 1) : index
      %61 = affine.linearize_index [%57#2, %c0, %c0, %58#2, %46#1] by (1, 1, 1, 1, 1) : index
      %62 = affine.linearize_index [%57#1, %c0, %c0, %58#1, %46#2] by (1, 1, 1, 1, 1) : index
      %63 = vector.transfer_read %assume_align_4[%59, %60, %61, %62], %0 {in_bounds = [true, true, true, true]} : memref<?x?x?x3xf16, #hal.descriptor_type<storage_buffer>>, vector<1x1x1x1xf16>
      %64:6 = affine.delinearize_index %2 into (1, 1, 1, 1, 64) : index, index, index, index, index, index
      %65:5 = affine.delinearize_index %2 into (1, 1, 1, 1) : index, index, index, index, index
      %66:9 = affine.delinearize_index %2 into (1024, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index
      %67 = arith.cmpi eq, %66#0, %c0 : index
      scf.if %67 {
        %103 = affine.linearize_index disjoint [%64#4, %c0, %c0, %65#4, %c0] by (1, 1, 1, 1, 1) : index
        %104 = affine.linearize_index disjoint [%64#3, %c0, %c0, %65#3, %c0] by (1, 1, 1, 1, 1) : index
        %105 = affine.linearize_index disjoint [%64#2, %c0, %c0, %65#2, %c0] by (1, 1, 1, 1, 1) : index
        %106 = affine.linearize_index disjoint [%64#1, %c0, %c0, %65#1, %c0] by (1, 1, 1, 1, 1) : index
        vector.transfer_write %56, %alloc[%103, %104, %105, %106] {in_bounds = [true, true, true, true]} : vector<1x1x1x1xf16>, memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
      }
      %68:6 = affine.delinearize_index %2 into (1, 1, 1, 1, 64) : index, index, index, index, index, index
      %69:5 = affine.delinearize_index %2 into (1, 1, 1, 1) : index, index, index, index, index
      %70:9 = affine.delinearize_index %2 into (1024, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index
      %71 = arith.cmpi eq, %70#0, %c0 : index
      scf.if %71 {
        %103 = affine.linearize_index disjoint [%68#4, %c0, %c0, %69#4, %c0] by (1, 1, 1, 1, 1) : index
        %104 = affine.linearize_index disjoint [%68#3, %c0, %c0, %69#3, %c0] by (1, 1, 1, 1, 1) : index
        %105 = affine.linearize_index disjoint [%68#2, %c0, %c0, %69#2, %c0] by (1, 1, 1, 1, 1) : index
        %106 = affine.linearize_index disjoint [%68#1, %c0, %c0, %69#1, %c0] by (1, 1, 1, 1, 1) : index
        vector.transfer_write %63, %alloc_3[%103, %104, %105, %106] {in_bounds = [true, true, true, true]} : vector<1x1x1x1xf16>, memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
      }
      %72:9 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index, index, index
      %73:8 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index
      %74 = affine.linearize_index disjoint [%72#7, %c0, %c0, %73#7, %c0] by (1, 1, 1, 1, 1) : index
      %75 = affine.linearize_index disjoint [%72#6, %c0, %c0, %73#6, %c0] by (1, 1, 1, 1, 1) : index
      %76 = affine.linearize_index disjoint [%72#5, %c0, %c0, %73#5, %c0] by (1, 1, 1, 1, 1) : index
      %77 = affine.linearize_index disjoint [%72#4, %c0, %c0, %73#4, %c0] by (1, 1, 1, 1, 1) : index
      %78 = affine.linearize_index disjoint [%72#3, %c0, %c0, %73#3, %c0] by (1, 1, 1, 1, 1) : index
      %79 = affine.linearize_index disjoint [%72#2, %c0, %c0, %73#2, %c0] by (1, 1, 1, 1, 1) : index
      %80 = affine.linearize_index disjoint [%72#1, %c0, %c0, %73#1, %c0] by (1, 1, 1, 1, 1) : index
      %81 = vector.transfer_read %alloca[%74, %75, %76, %77, %78, %79, %80], %1 {in_bounds = [true, true, true, true, true, true, true]} : memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>, vector<1x1x1x1x1x1x1xf32>
      %82:9 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index, index, index
      %83:8 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index
      %84:15 = affine.delinearize_index %2 into (1024, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index, index, index, index, index
      %85 = arith.cmpi eq, %84#0, %c0 : index
      scf.if %85 {
        %103 = affine.linearize_index disjoint [%82#7, %c0, %c0, %83#7, %c0] by (1, 1, 1, 1, 1) : index
        %104 = affine.linearize_index disjoint [%82#6, %c0, %c0, %83#6, %c0] by (1, 1, 1, 1, 1) : index
        %105 = affine.linearize_index disjoint [%82#5, %c0, %c0, %83#5, %c0] by (1, 1, 1, 1, 1) : index
        %106 = affine.linearize_index disjoint [%82#4, %c0, %c0, %83#4, %c0] by (1, 1, 1, 1, 1) : index
        %107 = affine.linearize_index disjoint [%82#3, %c0, %c0, %83#3, %c0] by (1, 1, 1, 1, 1) : index
        %108 = affine.linearize_index disjoint [%82#2, %c0, %c0, %83#2, %c0] by (1, 1, 1, 1, 1) : index
        %109 = affine.linearize_index disjoint [%82#1, %c0, %c0, %83#1, %c0] by (1, 1, 1, 1, 1) : index
        vector.transfer_write %81, %alloca[%103, %104, %105, %106, %107, %108, %109] {in_bounds = [true, true, true, true, true, true, true]} : vector<1x1x1x1x1x1x1xf32>, memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>
      }
      %86 = arith.cmpi ult, %46#0, %27 : index
      %87 = arith.cmpi ult, %46#1, %28 : index
      %88 = arith.andi %86, %87 : i1
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, (d1 floordiv 3) * 4 + d4, d2 + d5, d3 + d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d1, d4, d5, d6)>, affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5, d6)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "parallel"]} ins(%alloc, %alloc_3 : memref<1x1x1x1xf16, #gpu.address_space<workgroup>>, memref<1x1x1x1xf16, #gpu.address_space<workgroup>>) outs(%alloca : memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1, 1, 1, 1, 1, 1, 1>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 1, 1, 1, 1, 1], [0, 1, 2, 3, 4, 5, 6]], partial_reduction = [0, 0, 0, 0, 1, 1, 1], subgroup_basis = [[1, 1, 1, 1, 1, 1, 1], [0, 1, 2, 3, 4, 5, 6]], thread = [0, 0, 0, 0, 1, 1, 1], workgroup = [1, 1, 1, 1, 0, 0, 0]}>} {
      ^bb0(%in: f16, %in_6: f16, %out: f32):
        %103 = arith.extf %in : f16 to f32
        %104 = arith.extf %in_6 : f16 to f32
        %105 = arith.mulf %103, %104 : f32
        %106 = arith.select %88, %105, %cst_2 : f32
        %107 = arith.addf %out, %106 : f32
        linalg.yield %107 : f32
      }
      %89:9 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index, index, index
      %90:8 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index
      %91 = affine.linearize_index disjoint [%89#7, %c0, %c0, %90#7, %c0] by (1, 1, 1, 1, 1) : index
      %92 = affine.linearize_index disjoint [%89#6, %c0, %c0, %90#6, %c0] by (1, 1, 1, 1, 1) : index
      %93 = affine.linearize_index disjoint [%89#5, %c0, %c0, %90#5, %c0] by (1, 1, 1, 1, 1) : index
      %94 = affine.linearize_index disjoint [%89#4, %c0, %c0, %90#4, %c0] by (1, 1, 1, 1, 1) : index
      %95 = affine.linearize_index disjoint [%89#3, %c0, %c0, %90#3, %c0] by (1, 1, 1, 1, 1) : index
      %96 = affine.linearize_index disjoint [%89#2, %c0, %c0, %90#2, %c0] by (1, 1, 1, 1, 1) : index
      %97 = affine.linearize_index disjoint [%89#1, %c0, %c0, %90#1, %c0] by (1, 1, 1, 1, 1) : index
      %98 = vector.transfer_read %alloca[%91, %92, %93, %94, %95, %96, %97], %1 {in_bounds = [true, true, true, true, true, true, true]} : memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>, vector<1x1x1x1x1x1x1xf32>
      %99:9 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index, index, index
      %100:8 = affine.delinearize_index %2 into (1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index
      %101:15 = affine.delinearize_index %2 into (1024, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index, index, index, index, index
      %102 = arith.cmpi eq, %101#0, %c0 : index
      scf.if %102 {
        %103 = affine.linearize_index disjoint [%99#7, %c0, %c0, %100#7, %c0] by (1, 1, 1, 1, 1) : index
        %104 = affine.linearize_index disjoint [%99#6, %c0, %c0, %100#6, %c0] by (1, 1, 1, 1, 1) : index
        %105 = affine.linearize_index disjoint [%99#5, %c0, %c0, %100#5, %c0] by (1, 1, 1, 1, 1) : index
        %106 = affine.linearize_index disjoint [%99#4, %c0, %c0, %100#4, %c0] by (1, 1, 1, 1, 1) : index
        %107 = affine.linearize_index disjoint [%99#3, %c0, %c0, %100#3, %c0] by (1, 1, 1, 1, 1) : index
        %108 = affine.linearize_index disjoint [%99#2, %c0, %c0, %100#2, %c0] by (1, 1, 1, 1, 1) : index
        %109 = affine.linearize_index disjoint [%99#1, %c0, %c0, %100#1, %c0] by (1, 1, 1, 1, 1) : index
        vector.transfer_write %98, %alloca[%103, %104, %105, %106, %107, %108, %109] {in_bounds = [true, true, true, true, true, true, true]} : vector<1x1x1x1x1x1x1xf32>, memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>
      }
    }
    %33 = vector.transfer_read %alloca[%c0, %c0, %c0, %c0, %c0, %c0, %c0], %1 {in_bounds = [true, true, true, true, true, true, true]} : memref<1x1x1x1x1x1x1xf32, #gpu.address_space<private>>, vector<1x1x1x1x1x1x1xf32>
    %34 = vector.shape_cast %33 : vector<1x1x1x1x1x1x1xf32> to vector<1x1x1x1xf32>
    %35 = arith.addf %34, %cst_1 : vector<1x1x1x1xf32>
    %36 = arith.negf %35 : vector<1x1x1x1xf32>
    %37 = math.exp %36 : vector<1x1x1x1xf32>
    %38 = arith.addf %37, %cst : vector<1x1x1x1xf32>
    %39 = arith.divf %cst, %38 : vector<1x1x1x1xf32>
    %40 = arith.negf %39 : vector<1x1x1x1xf32>
    %41 = math.exp %40 : vector<1x1x1x1xf32>
    %42 = arith.addf %41, %cst : vector<1x1x1x1xf32>
    %43 = arith.divf %cst, %42 : vector<1x1x1x1xf32>
    %44 = arith.truncf %43 : vector<1x1x1x1xf32> to vector<1x1x1x1xf16>
    %45 = arith.extf %44 : vector<1x1x1x1xf16> to vector<1x1x1x1xf32>
    vector.transfer_write %45, %subview[%c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true]} : vector<1x1x1x1xf32>, memref<1x1x1x1xf32, strided<[?, 15, 3, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  } {mapping = [#iree_codegen.workgroup_mapping<z:1>, #iree_codegen.workgroup_mapping<z>, #iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  memref.dealloc %alloc_3 : memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
  memref.dealloc %alloc : memref<1x1x1x1xf16, #gpu.address_space<workgroup>>
  return
}

