func.func @main_dispatch_0_reduction_2xDxDxDxD_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %alloca = memref.alloca() : memref<1x1x1024x1x8xf16, #gpu.address_space<private>>
  %alloca_0 = memref.alloca() : memref<1x1x1x1024x8xf16, #gpu.address_space<private>>
  %alloca_1 = memref.alloca() : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
  %cst = arith.constant dense<0.000000e+00> : vector<1x1x1x1x1024xf16>
  %cst_2 = arith.constant dense<0.000000e+00> : vector<1x1xf16>
  %0 = ub.poison : f16
  %c1 = arith.constant 1 : index
  %c32_i64 = arith.constant 32 : i64
  %cst_3 = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %1 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %2 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %3 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %4 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %5 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(4) : i32
  %6 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(5) : i32
  %7 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(6) : i32
  %8 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(7) : i32
  %9 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(8) : i32
  %10 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(9) : i32
  %11 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(10) : i32
  %12 = hal.interface.constant.load layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(11) : i32
  %13 = arith.extui %1 : i32 to i64
  %14 = arith.extui %2 : i32 to i64
  %15 = arith.shli %14, %c32_i64 : i64
  %16 = arith.ori %13, %15 : i64
  %17 = arith.index_castui %16 : i64 to index
  %18 = arith.extui %3 : i32 to i64
  %19 = arith.extui %4 : i32 to i64
  %20 = arith.shli %19, %c32_i64 : i64
  %21 = arith.ori %18, %20 : i64
  %22 = arith.index_castui %21 : i64 to index
  %23 = arith.extui %5 : i32 to i64
  %24 = arith.extui %6 : i32 to i64
  %25 = arith.shli %24, %c32_i64 : i64
  %26 = arith.ori %23, %25 : i64
  %27 = arith.index_castui %26 : i64 to index
  %28 = arith.extui %7 : i32 to i64
  %29 = arith.extui %8 : i32 to i64
  %30 = arith.shli %29, %c32_i64 : i64
  %31 = arith.ori %28, %30 : i64
  %32 = arith.index_castui %31 : i64 to index
  %33 = arith.extui %9 : i32 to i64
  %34 = arith.extui %10 : i32 to i64
  %35 = arith.shli %34, %c32_i64 : i64
  %36 = arith.ori %33, %35 : i64
  %37 = arith.index_castui %36 : i64 to index
  %38 = arith.extui %11 : i32 to i64
  %39 = arith.extui %12 : i32 to i64
  %40 = arith.shli %39, %c32_i64 : i64
  %41 = arith.ori %38, %40 : i64
  %42 = arith.index_castui %41 : i64 to index
  %43:6 = util.assume.int 
      %17<umin = 0, umax = 9007199254740991>, 
      %22<umin = 0, umax = 9007199254740991>, 
      %27<umin = 0, umax = 9007199254740991>, 
      %32<umin = 0, umax = 9007199254740991>, 
      %37<umin = 0, umax = 9007199254740991>, 
      %42<umin = 0, umax = 9007199254740991>
    : index, index, index, index, index, index
  %44 = iree_tensor_ext.dispatch.workload.ordinal %43#0, 0 : index
  %45 = iree_tensor_ext.dispatch.workload.ordinal %43#1, 1 : index
  %46 = iree_tensor_ext.dispatch.workload.ordinal %43#2, 2 : index
  %47 = iree_tensor_ext.dispatch.workload.ordinal %43#3, 3 : index
  %48 = iree_tensor_ext.dispatch.workload.ordinal %43#4, 4 : index
  %49 = iree_tensor_ext.dispatch.workload.ordinal %43#5, 5 : index
  %50 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>>{%44, %45}
  %assume_align = memref.assume_alignment %50, 64 : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>>
  %51 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>>{%46, %47, %48, %49}
  %assume_align_4 = memref.assume_alignment %51, 64 : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>>
  %52 = hal.interface.binding.subspan layout(<constants = 12, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>{%49}
  %assume_align_5 = memref.assume_alignment %52, 64 : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>
  scf.forall (%arg0, %arg1) in (2, %49) {
    %subview = memref.subview %assume_align_5[%arg0, %arg1] [1, 1] [1, 1] : memref<2x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1xf16, strided<[?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
    vector.transfer_write %cst, %alloca_1[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1024xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
    %53 = affine.apply affine_map<()[s0] -> (s0 ceildiv 8192)>()[%45]
    %54 = affine.apply affine_map<()[s0, s1, s2] -> ((s0 * s1) * (s2 ceildiv 8192))>()[%44, %47, %45]
    scf.for %arg2 = %c0 to %54 step %c1 {
      %58:3 = affine.delinearize_index %arg2 into (%44, %47, %53) : index, index, index
      %59 = affine.apply affine_map<(d0) -> (d0 * 8192)>(%58#2)
      %60 = affine.min affine_map<(d0)[s0] -> (d0 * -8192 + s0, 8192)>(%58#2)[%45]
      %subview_6 = memref.subview %assume_align_4[%58#0, %58#1, %59, %arg1] [1, 1, %60, 1] [1, 1, 1, 1] : memref<?x?x?x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1x?x1xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
      %61 = affine.apply affine_map<(d0) -> (d0 * 2)>(%58#1)
      %subview_7 = memref.subview %assume_align[%arg0, %58#0, %61, %59] [1, 1, 1, %60] [1, 1, 1, 1] : memref<2x?x1x?xf16, #hal.descriptor_type<storage_buffer>> to memref<1x1x1x?xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
      %62 = vector.step : vector<8192xindex>
      %63 = vector.broadcast %60 : index to vector<8192xindex>
      %64 = arith.cmpi slt, %62, %63 : vector<8192xindex>
      %65 = vector.shape_cast %64 : vector<8192xi1> to vector<1x1x1x8192xi1>
      %66 = vector.transfer_read %subview_7[%c0, %c0, %c0, %c0], %0, %65 {in_bounds = [true, true, true, true]} : memref<1x1x1x?xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>, vector<1x1x1x8192xf16>
      %67 = vector.shape_cast %66 : vector<1x1x1x8192xf16> to vector<1x1x1x1024x8xf16>
      %68 = vector.shape_cast %64 : vector<8192xi1> to vector<1x1x8192x1xi1>
      %69 = vector.transfer_read %subview_6[%c0, %c0, %c0, %c0], %0, %68 {in_bounds = [true, true, true, true]} : memref<1x1x?x1xf16, strided<[?, ?, ?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>, vector<1x1x8192x1xf16>
      %70 = vector.shape_cast %69 : vector<1x1x8192x1xf16> to vector<1x1x1024x1x8xf16>
      %71 = iree_vector_ext.to_layout %67 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 1, 16, 1], batch_tile = [1, 1, 1, 1, 1], outer_tile = [1, 1, 1, 1, 1], thread_tile = [1, 1, 1, 64, 1], element_tile = [1, 1, 1, 1, 8], subgroup_strides = [0, 0, 0, 1, 0], thread_strides = [0, 0, 0, 1, 0]>) : vector<1x1x1x1024x8xf16>
      vector.transfer_write %71, %alloca_0[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1024x8xf16>, memref<1x1x1x1024x8xf16, #gpu.address_space<private>>
      %72 = iree_vector_ext.to_layout %70 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 16, 1, 1], batch_tile = [1, 1, 1, 1, 1], outer_tile = [1, 1, 1, 1, 1], thread_tile = [1, 1, 64, 1, 1], element_tile = [1, 1, 1, 1, 8], subgroup_strides = [0, 0, 1, 0, 0], thread_strides = [0, 0, 1, 0, 0]>) : vector<1x1x1024x1x8xf16>
      vector.transfer_write %72, %alloca[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1024x1x8xf16>, memref<1x1x1024x1x8xf16, #gpu.address_space<private>>
      %73 = vector.transfer_read %alloca_1[%c0, %c0, %c0, %c0, %c0], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1024xf16>
      %74 = iree_vector_ext.to_layout %73 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 1, 1, 16], batch_tile = [1, 1, 1, 1, 1], outer_tile = [1, 1, 1, 1, 1], thread_tile = [1, 1, 1, 1, 64], element_tile = [1, 1, 1, 1, 1], subgroup_strides = [0, 0, 0, 0, 1], thread_strides = [0, 0, 0, 0, 1]>) : vector<1x1x1x1x1024xf16>
      vector.transfer_write %74, %alloca_1[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1024xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
      %75 = arith.cmpi ult, %58#0, %44 : index
      %76 = arith.cmpi ult, %58#1, %47 : index
      %77 = arith.andi %75, %76 : i1
      linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d2, d3 * 2, d4, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d2, d3, d4, d1, d5)>, affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1, d2, d3, d4)>], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%alloca_0, %alloca : memref<1x1x1x1024x8xf16, #gpu.address_space<private>>, memref<1x1x1024x1x8xf16, #gpu.address_space<private>>) outs(%alloca_1 : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1, 1, 1, 1, 1024, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 1, 1, 64, 1], [0, 1, 2, 3, 4, 5]], partial_reduction = [0, 0, 1, 1, 1024, 0], subgroup_basis = [[1, 1, 1, 1, 16, 1], [0, 1, 2, 3, 4, 5]], thread = [0, 0, 1, 1, 1, 8], workgroup = [1, 1, 0, 0, 0, 0]}>} {
      ^bb0(%in: f16, %in_8: f16, %out: f16):
        %80 = linalg.index 4 : index
        %81 = linalg.index 5 : index
        %82 = affine.apply affine_map<(d0)[s0, s1] -> (d0 * 8192 + s0 + s1 * 8)>(%58#2)[%81, %80]
        %83 = arith.cmpi ult, %82, %45 : index
        %84 = arith.andi %77, %83 : i1
        %85 = arith.mulf %in, %in_8 : f16
        %86 = arith.select %84, %85, %cst_3 : f16
        %87 = arith.addf %out, %86 : f16
        linalg.yield %87 : f16
      }
      %78 = vector.transfer_read %alloca_1[%c0, %c0, %c0, %c0, %c0], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1024xf16>
      %79 = iree_vector_ext.to_layout %78 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1, 1, 1, 16], batch_tile = [1, 1, 1, 1, 1], outer_tile = [1, 1, 1, 1, 1], thread_tile = [1, 1, 1, 1, 64], element_tile = [1, 1, 1, 1, 1], subgroup_strides = [0, 0, 0, 0, 1], thread_strides = [0, 0, 0, 0, 1]>) : vector<1x1x1x1x1024xf16>
      vector.transfer_write %79, %alloca_1[%c0, %c0, %c0, %c0, %c0] {in_bounds = [true, true, true, true, true]} : vector<1x1x1x1x1024xf16>, memref<1x1x1x1x1024xf16, #gpu.address_space<private>>
    }
    %55 = vector.transfer_read %alloca_1[%c0, %c0, %c0, %c0, %c0], %0 {in_bounds = [true, true, true, true, true]} : memref<1x1x1x1x1024xf16, #gpu.address_space<private>>, vector<1x1x1x1x1024xf16>
    %56 = vector.multi_reduction <add>, %55, %cst_2 [2, 3, 4] : vector<1x1x1x1x1024xf16> to vector<1x1xf16>
    %57 = arith.addf %56, %cst_2 : vector<1x1xf16>
    vector.transfer_write %57, %subview[%c0, %c0] {in_bounds = [true, true]} : vector<1x1xf16>, memref<1x1xf16, strided<[?, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  return
}