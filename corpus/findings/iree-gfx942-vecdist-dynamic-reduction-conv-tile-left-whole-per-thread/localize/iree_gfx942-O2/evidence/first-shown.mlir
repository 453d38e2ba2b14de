func.func @main_dispatch_0_reduction_2xDxDxDxD_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<0.000000e+00> : vector<1x1x1x1x1x1x1x1x1x1x8x1xf16>
  %cst_0 = arith.constant dense<0.000000e+00> : vector<1x1x1x1x1x1x1x1x1x1x1x8xf16>
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %cst_1 = arith.constant dense<0.000000e+00> : vector<1x1x1x1x1024xf16>
  %cst_2 = arith.constant dense<0.000000e+00> : vector<1x1xf16>
  %0 = ub.poison : f16
  %c1 = arith.constant 1 : index
  %c32_i64 = arith.constant 32 : i64
  %cst_3 = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %thread_id_z = gpu.thread_id z
  %thread_id_y = gpu.thread_id y
  %thread_id_x = gpu.thread_id x
  %1 = affine.linearize_index disjoint [%thread_id_z, %thread_id_y, %thread_id_x] by (1, 1, 1024) : index
  %alloca = memref.alloca() : memref<1x1x1024x1x8xf16, #gpu.address_space<private>>
  %alloca_4 = memref.alloca() : memref<1x1x1x1024x8xf16, #gpu.address_space<private>>
  %alloca_5 = memref.alloca() : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
  %2 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %3 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %4 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %5 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %6 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(4) : i32
  %7 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(5) : i32
  %8 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(6) : i32
  %9 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(7) : i32
  %10 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(8) : i32
  %11 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(9) : i32
  %12 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(10) : i32
  %13 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(11) : i32
  %14 = arith.extui %2 : i32 to i64
  %15 = arith.extui %3 : i32 to i64
  %16 = arith.shli %15, %c32_i64 : i64
  %17 = arith.ori %14, %16 : i64
  %18 = arith.index_castui %17 : i64 to index
  %19 = arith.extui %4 : i32 to i64
  %20 = arith.extui %5 : i32 to i64
  %21 = arith.shli %20, %c32_i64 : i64
  %22 = arith.ori %19, %21 : i64
  %23 = arith.index_castui %22 : i64 to index
  %24 = arith.extui %6 : i32 to i64
  %25 = arith.extui %7 : i32 to i64
  %26 = arith.shli %25, %c32_i64 : i64
  %27 = arith.ori %24, %26 : i64
  %28 = arith.index_castui %27 : i64 to index
  %29 = arith.extui %8 : i32 to i64
  %30 = arith.extui %9 : i32 to i64
  %31 = arith.shli %30, %c32_i64 : i64
  %32 = arith.ori %29, %31 : i64
  %33 = arith.index_castui %32 : i64 to index
  %34 = arith.extui %10 : i32 to i64
  %35 = arith.extui %11 : i32 to i64
  %36 = arith.shli %35, %c32_i64 : i64
  %37 = arith.ori %34, %36 : i64
  %38 = arith.index_castui %37 : i64 to index
  %39 = arith.extui %12 : i32 to i64
  %40 = arith.extui %13 : i32 to i64
  %41 = arith.shli %40, %c32_i64 : i64
  %42 = arith.ori %39, %41 : i64
  %43 = arith.index_castui %42 : i64 to index
  %44:6 = util.assume.int 
      %18<umin = 0, umax = 9007199254740991>, 
      %23<umin = 0, umax = 9007199254740991>, 
      %28<umin = 0, umax = 9007199254740991>, 
      %33<umin = 0, umax = 9007199254740991>, 
      %38<umin = 0, umax = 9007199254740991>, 
      %43<umin = 0, umax = 9007199254740991>
    : index, index, index, index, index, index
  %45 = iree_tensor_ext.dispatch.workload.ordinal %44#0, 0 : index
  %46 = iree_tensor_ext.dispatch.workload.ordinal %44#1, 1 : index
  %47 = iree_tensor_ext.dispatch.workload.ordinal %44#2, 2 : index
  %48 = iree_tensor_ext.dispatch.workload.ordinal %44#3, 3 : index
  %49 = iree_tensor_ext.dispatch.workload.ordinal %44#4, 4 : index
  %50 = iree_tensor_ext.dispatch.workload.ordinal %44#5, 5 : index
  %51 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>>{%45, %46}
  %assume_align = memref.assume_alignment %51, 64 : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>>
  %52 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>>{%47, %48, %49, %50}
  %assume_align_6 = memref.assume_alignment %52, 64 : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>>
  %53 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>{%50}
  %assume_align_7 = memref.assume_alignment %53, 64 : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>
  scf.forall (%arg0, %arg1) in (2, %50) {
    %subview = memref.subview %assume_align_7[%arg0, %arg1] [1, 1] [1, 1] : memref<2x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1xf16, strided<[?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
    vector.transfer_write %cst_1, %alloca_5[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1024xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
    %54 = affine.apply affine_map<()[s0] -> (s0 ceildiv 8192)>()[%46]
    %55 = affine.apply affine_map<()[s0, s1, s2] -> ((s0 * s1) * (s2 ceildiv 8192))>()[%45, %48, %46]
    scf.for %arg2 = %c0 to %55 step %c1 {
      %59:3 = affine.delinearize_index %arg2 into (%45, %48, %54) : index, index, index
      %60 = affine.apply affine_map<(d0) -> (d0 * 8192)>(%59#2)
      %61 = affine.min affine_map<(d0)[s0] -> (d0 * -8192 + s0, 8192)>(%59#2)[%46]
      %subview_8 = memref.subview %assume_align_6[%59#0, %59#1, %60, %arg1] [1, 1, %61, 1] [1, 1, 1, 1] : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1x?x1xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
      %62 = affine.apply affine_map<(d0) -> (d0 * 2)>(%59#1)
      %subview_9 = memref.subview %assume_align[%arg0, %59#0, %62, %60] [1, 1, 1, %61] [1, 1, 1, 1] : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1x1x?xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
      %63:3 = affine.delinearize_index %1 into (16, 64) : index, index, index
      %64:2 = affine.delinearize_index %1 into (64) : index, index
      %65 = vector.step : vector<8xindex>
      %66 = vector.broadcast %65 : vector<8xindex> to vector<1x8xindex>
      %67 = arith.muli %63#1, %c512 : index
      %68 = vector.broadcast %67 : index to vector<1x8xindex>
      %69 = arith.addi %66, %68 : vector<1x8xindex>
      %70 = arith.muli %64#1, %c8 : index
      %71 = vector.broadcast %70 : index to vector<1x8xindex>
      %72 = arith.addi %69, %71 : vector<1x8xindex>
      %73 = vector.shape_cast %72 : vector<1x8xindex> to vector<1x1x8xindex>
      %74 = vector.broadcast %61 : index to vector<1x1x8xindex>
      %75 = arith.cmpi slt, %73, %74 : vector<1x1x8xindex>
      %76 = vector.shape_cast %75 : vector<1x1x8xi1> to vector<1x1x1x8xi1>
      %77:6 = affine.delinearize_index %1 into (16, 1, 1, 1, 64) : index, index, index, index, index, index
      %78:5 = affine.delinearize_index %1 into (64, 1, 1, 1) : index, index, index, index, index
      %79 = affine.linearize_index disjoint [%77#4, %c0, %c0, %78#4, %c0] by (1, 1, 1, 1, 1) : index
      %80 = affine.linearize_index disjoint [%77#3, %c0, %c0, %78#3, %c0] by (1, 1, 1, 1, 1) : index
      %81 = affine.linearize_index disjoint [%77#2, %c0, %c0, %78#2, %c0] by (1, 1, 1, 1, 1) : index
      %82 = affine.linearize_index disjoint [%77#1, %c0, %c0, %78#1, %c0] by (16, 1, 1, 64, 8) : index
      %83 = vector.transfer_read %subview_9[%79, %80, %81, %82], %0, %76 {in_bounds = [true, true, true, true]} : memref<1x1x1x?xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>, vector<1x1x1x8xf16>
      %84 = vector.insert_strided_slice %83, %cst_0 offsets = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], strides = [1, 1, 1, 1] : vector<1x1x1x8xf16> into vector<1x1x1x1x1x1x1x1x1x1x1x8xf16>
      %85 = vector.shape_cast %75 : vector<1x1x8xi1> to vector<1x1x8x1xi1>
      %86:6 = affine.delinearize_index %1 into (16, 1, 1, 1, 64) : index, index, index, index, index, index
      %87:5 = affine.delinearize_index %1 into (64, 1, 1, 1) : index, index, index, index, index
      %88 = affine.linearize_index disjoint [%86#4, %c0, %c0, %87#4, %c0] by (1, 1, 1, 1, 1) : index
      %89 = affine.linearize_index disjoint [%86#3, %c0, %c0, %87#3, %c0] by (1, 1, 1, 1, 1) : index
      %90 = affine.linearize_index disjoint [%86#1, %c0, %c0, %87#1, %c0] by (16, 1, 1, 64, 8) : index
      %91 = affine.linearize_index disjoint [%86#2, %c0, %c0, %87#2, %c0] by (1, 1, 1, 1, 1) : index
      %92 = vector.transfer_read %subview_8[%88, %89, %90, %91], %0, %85 {in_bounds = [true, true, true, true]} : memref<1x1x?x1xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>, vector<1x1x8x1xf16>
      %93 = vector.insert_strided_slice %92, %cst offsets = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], strides = [1, 1, 1, 1] : vector<1x1x8x1xf16> into vector<1x1x1x1x1x1x1x1x1x1x8x1xf16>
      %94 = vector.shape_cast %93 : vector<1x1x1x1x1x1x1x1x1x1x8x1xf16> to vector<1x1x1x1x1x1x1x1x1x1x1x1x1x1x8xf16>
      %95:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %96:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %97:11 = affine.delinearize_index %1 into (1, 16, 64, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index
      %98 = arith.cmpi eq, %97#0, %c0 : index
      scf.if %98 {
        %130 = affine.linearize_index disjoint [%95#5, %c0, %c0, %96#5, %c0] by (1, 1, 1, 1, 1) : index
        %131 = affine.linearize_index disjoint [%95#4, %c0, %c0, %96#4, %c0] by (1, 1, 1, 1, 1) : index
        %132 = affine.linearize_index disjoint [%95#3, %c0, %c0, %96#3, %c0] by (1, 1, 1, 1, 1) : index
        %133 = affine.linearize_index disjoint [%95#1, %c0, %c0, %96#1, %c0] by (16, 1, 1, 64, 1) : index
        %134 = affine.linearize_index disjoint [%95#2, %c0, %c0, %96#2, %c0] by (1, 1, 1, 1, 8) : index
        %135 = vector.extract %84[0, 0, 0, 0, 0, 0, 0] : vector<1x1x1x1x8xf16> from vector<1x1x1x1x1x1x1x1x1x1x1x8xf16>
        vector.transfer_write %135, %alloca_4[%130, %131, %132, %133, %134] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x8xf16>, memref<1x1x1x1024x8xf16, #gpu.address_space<private>>
      }
      %99:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %100:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %101:11 = affine.delinearize_index %1 into (1, 16, 64, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index
      %102 = arith.cmpi eq, %101#0, %c0 : index
      scf.if %102 {
        %130 = affine.linearize_index disjoint [%99#5, %c0, %c0, %100#5, %c0] by (1, 1, 1, 1, 1) : index
        %131 = affine.linearize_index disjoint [%99#4, %c0, %c0, %100#4, %c0] by (1, 1, 1, 1, 1) : index
        %132 = affine.linearize_index disjoint [%99#1, %c0, %c0, %100#1, %c0] by (16, 1, 1, 64, 1) : index
        %133 = affine.linearize_index disjoint [%99#3, %c0, %c0, %100#3, %c0] by (1, 1, 1, 1, 1) : index
        %134 = affine.linearize_index disjoint [%99#2, %c0, %c0, %100#2, %c0] by (1, 1, 1, 1, 8) : index
        %135 = vector.extract %94[0, 0, 0, 0, 0, 0, 0, 0, 0, 0] : vector<1x1x1x1x8xf16> from vector<1x1x1x1x1x1x1x1x1x1x1x1x1x1x8xf16>
        vector.transfer_write %135, %alloca[%130, %131, %132, %133, %134] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x8xf16>, memref<1x1x1024x1x8xf16, #gpu.address_space<private>>
      }
      %103:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %104:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %105 = affine.linearize_index disjoint [%103#5, %c0, %c0, %104#5, %c0] by (1, 1, 1, 1, 1) : index
      %106 = affine.linearize_index disjoint [%103#4, %c0, %c0, %104#4, %c0] by (1, 1, 1, 1, 1) : index
      %107 = affine.linearize_index disjoint [%103#3, %c0, %c0, %104#3, %c0] by (1, 1, 1, 1, 1) : index
      %108 = affine.linearize_index disjoint [%103#2, %c0, %c0, %104#2, %c0] by (1, 1, 1, 1, 1) : index
      %109 = affine.linearize_index disjoint [%103#1, %c0, %c0, %104#1, %c0] by (16, 1, 1, 64, 1) : index
      %110 = vector.transfer_read %alloca_5[%105, %106, %107, %108, %109], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1xf16>
      %111:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %112:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %113:11 = affine.delinearize_index %1 into (1, 16, 64, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index
      %114 = arith.cmpi eq, %113#0, %c0 : index
      scf.if %114 {
        %130 = affine.linearize_index disjoint [%111#5, %c0, %c0, %112#5, %c0] by (1, 1, 1, 1, 1) : index
        %131 = affine.linearize_index disjoint [%111#4, %c0, %c0, %112#4, %c0] by (1, 1, 1, 1, 1) : index
        %132 = affine.linearize_index disjoint [%111#3, %c0, %c0, %112#3, %c0] by (1, 1, 1, 1, 1) : index
        %133 = affine.linearize_index disjoint [%111#2, %c0, %c0, %112#2, %c0] by (1, 1, 1, 1, 1) : index
        %134 = affine.linearize_index disjoint [%111#1, %c0, %c0, %112#1, %c0] by (16, 1, 1, 64, 1) : index
        vector.transfer_write %110, %alloca_5[%130, %131, %132, %133, %134] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
      }
      %115 = arith.cmpi ult, %59#0, %45 : index
      %116 = arith.cmpi ult, %59#1, %48 : index
      %117 = arith.andi %115, %116 : i1
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3 * 2, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, d4, d1, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%alloca_4, %alloca : memref<1x1x1x1024x8xf16, #gpu.address_space<private>>, memref<1x1x1024x1x8xf16, #gpu.address_space<private>>) outs(%alloca_5 : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1, 1, 1, 1, 1024, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 1, 1, 64, 1], [0, 1, 2, 3, 4, 5]], partial_reduction = [0, 0, 1, 1, 1024, 0], subgroup_basis = [[1, 1, 1, 1, 16, 1], [0, 1, 2, 3, 4, 5]], thread = [0, 0, 1, 1, 1, 8], workgroup = [1, 1, 0, 0, 0, 0]}>} {
      ^bb0(%in: f16, %in_10: f16, %out: f16):
        %130 = linalg.index 4 : index
        %131 = linalg.index 5 : index
        %132 = affine.apply affine_map<(d0)[s0, s1] -> (d0 * 8192 + s0 + s1 * 8)>(%59#2)[%131, %130]
        %133 = arith.cmpi ult, %132, %46 : index
        %134 = arith.andi %117, %133 : i1
        %135 = arith.mulf %in, %in_10 : f16
        %136 = arith.select %134, %135, %cst_3 : f16
        %137 = arith.addf %out, %136 : f16
        linalg.yield %137 : f16
      }
      %118:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %119:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %120 = affine.linearize_index disjoint [%118#5, %c0, %c0, %119#5, %c0] by (1, 1, 1, 1, 1) : index
      %121 = affine.linearize_index disjoint [%118#4, %c0, %c0, %119#4, %c0] by (1, 1, 1, 1, 1) : index
      %122 = affine.linearize_index disjoint [%118#3, %c0, %c0, %119#3, %c0] by (1, 1, 1, 1, 1) : index
      %123 = affine.linearize_index disjoint [%118#2, %c0, %c0, %119#2, %c0] by (1, 1, 1, 1, 1) : index
      %124 = affine.linearize_index disjoint [%118#1, %c0, %c0, %119#1, %c0] by (16, 1, 1, 64, 1) : index
      %125 = vector.transfer_read %alloca_5[%120, %121, %122, %123, %124], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1xf16>
      %126:7 = affine.delinearize_index %1 into (16, 1, 1, 1, 1, 64) : index, index, index, index, index, index, index
      %127:6 = affine.delinearize_index %1 into (64, 1, 1, 1, 1) : index, index, index, index, index, index
      %128:11 = affine.delinearize_index %1 into (1, 16, 64, 1, 1, 1, 1, 1, 1, 1, 1) : index, index, index, index, index, index, index, index, index, index, index
      %129 = arith.cmpi eq, %128#0, %c0 : index
      scf.if %129 {
        %130 = affine.linearize_index disjoint [%126#5, %c0, %c0, %127#5, %c0] by (1, 1, 1, 1, 1) : index
        %131 = affine.linearize_index disjoint [%126#4, %c0, %c0, %127#4, %c0] by (1, 1, 1, 1, 1) : index
        %132 = affine.linearize_index disjoint [%126#3, %c0, %c0, %127#3, %c0] by (1, 1, 1, 1, 1) : index
        %133 = affine.linearize_index disjoint [%126#2, %c0, %c0, %127#2, %c0] by (1, 1, 1, 1, 1) : index
        %134 = affine.linearize_index disjoint [%126#1, %c0, %c0, %127#1, %c0] by (16, 1, 1, 64, 1) : index
        vector.transfer_write %125, %alloca_5[%130, %131, %132, %133, %134] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
      }
    }
    %56 = vector.transfer_read %alloca_5[%c0, %c0, %c0, %c0, %c0], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1024xf16>
    %57 = vector.multi_reduction <add>, %56, %cst_2 [2, 3, 4] : vector<1x1x1x1x1024xf16> to vector<1x1xf16>
    %58 = arith.addf %57, %cst_2 : vector<1x1xf16>
    vector.transfer_write %58, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<1x1xf16>, memref<1x1xf16, strided<[?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  return
}