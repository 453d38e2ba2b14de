func.func @main_dispatch_0_matmul_like_2x4x2x4_f16() attributes {gpu.known_block_size = array<i32: 32, 1, 1>, translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2, no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<0.000000e+00> : vector<2x1x1x2x1x2xf16>
  %0 = ub.poison : f16
  %cst_0 = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %cst_1 = arith.constant dense<8> : vector<2x1x2x1x1x2xindex>
  %cst_2 = arith.constant dense<2> : vector<2x1x2x1x1x2xindex>
  %cst_3 = arith.constant dense<4> : vector<2x1x2x1x1x2xindex>
  %cst_4 = arith.constant dense<2> : vector<2xindex>
  %cst_5 = arith.constant dense<0.000000e+00> : vector<2x2xf16>
  %alloc = memref.alloc() : memref<2x16x12xf16, #gpu.address_space<workgroup>>
  %alloc_6 = memref.alloc() : memref<2x16x20xf16, #gpu.address_space<workgroup>>
  %thread_id_x = gpu.thread_id x upper_bound 32
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %1, 64 : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align_7 = memref.assume_alignment %2, 64 : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align_8 = memref.assume_alignment %3, 64 : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>
  %subview = memref.subview %alloc_6[0, 0, 0] [2, 16, 16] [1, 1, 1] : memref<2x16x20xf16, #gpu.address_space<workgroup>> to memref<2x16x16xf16, strided<[320, 20, 1]>, #gpu.address_space<workgroup>>
  %subview_9 = memref.subview %alloc[0, 0, 0] [2, 16, 8] [1, 1, 1] : memref<2x16x12xf16, #gpu.address_space<workgroup>> to memref<2x16x8xf16, strided<[192, 12, 1]>, #gpu.address_space<workgroup>>
  %4:2 = affine.delinearize_index %thread_id_x into (2, 16) : index, index
  %5 = affine.min affine_map<()[s0] -> (4, s0)>()[%4#1]
  %6 = vector.constant_mask [2] : vector<8xi1>
  %7:3 = affine.delinearize_index %thread_id_x into (2, 16, 2) : index, index, index
  %8 = affine.min affine_map<()[s0] -> (4, s0)>()[%7#1]
  %9 = affine.min affine_map<()[s0] -> (4, s0 * 8)>()[%7#2]
  %10 = affine.min affine_map<()[s0] -> (-s0 + 4, 8)>()[%9]
  %11 = vector.create_mask %10 : vector<8xi1>
  %12 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%7#2]
  %13 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%thread_id_x]
  %14:3 = affine.delinearize_index %13 into (2, 16, 2) : index, index, index
  %15 = affine.min affine_map<()[s0] -> (4, s0)>()[%14#1]
  %16 = affine.min affine_map<()[s0] -> (4, s0 * 8)>()[%14#2]
  %17 = affine.min affine_map<()[s0] -> (-s0 + 4, 8)>()[%16]
  %18 = vector.create_mask %17 : vector<8xi1>
  %19 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%14#2]
  %20:3 = affine.delinearize_index %thread_id_x into (8, 4) : index, index, index
  %21 = iree_codegen.index_hint %20#1(#iree_gpu.lane_constant<4>) : index
  %22 = iree_codegen.index_hint %20#2(#iree_gpu.lane_increment<4, aligned>) : index
  %23 = affine.linearize_index disjoint [%22, %c0] by (4, 2) : index
  %expand_shape = memref.expand_shape %subview_9 [[0], [1, 2, 3], [4, 5]] output_shape [2, 1, 2, 8, 1, 8] : memref<2x16x8xf16, strided<[192, 12, 1]>, #gpu.address_space<workgroup>> into memref<2x1x2x8x1x8xf16, strided<[192, 192, 96, 12, 8, 1]>, #gpu.address_space<workgroup>>
  %expand_shape_10 = memref.expand_shape %subview [[0], [1, 2, 3], [4, 5, 6]] output_shape [2, 1, 2, 8, 1, 2, 8] : memref<2x16x16xf16, strided<[320, 20, 1]>, #gpu.address_space<workgroup>> into memref<2x1x2x8x1x2x8xf16, strided<[320, 320, 160, 20, 16, 8, 1]>, #gpu.address_space<workgroup>>
  %collapse_shape = memref.collapse_shape %assume_align_8 [[0, 1, 2]] : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>> into memref<16xf16, #hal.descriptor_type<storage_buffer>>
  %24 = vector.step : vector<2xindex>
  %25 = vector.broadcast %24 : vector<2xindex> to vector<2x1x2x1x1x2xindex>
  %26 = vector.transpose %25, [5, 1, 2, 3, 4, 0] : vector<2x1x2x1x1x2xindex> to vector<2x1x2x1x1x2xindex>
  %27 = vector.transpose %25, [0, 1, 5, 3, 4, 2] : vector<2x1x2x1x1x2xindex> to vector<2x1x2x1x1x2xindex>
  %28 = vector.step : vector<1xindex>
  %29 = vector.broadcast %28 : vector<1xindex> to vector<2x1x2x1x1x2xindex>
  %30 = vector.broadcast %21 : index to vector<2x1x2x1x1x2xindex>
  %31 = arith.addi %29, %30 : vector<2x1x2x1x1x2xindex>
  %32 = vector.broadcast %23 : index to vector<2xindex>
  %33 = arith.addi %24, %32 : vector<2xindex>
  %34 = arith.muli %27, %cst_1 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %35 = arith.addi %34, %31 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %36 = arith.cmpi ult, %26, %cst_2 : vector<2x1x2x1x1x2xindex>
  %37 = arith.cmpi ult, %35, %cst_3 : vector<2x1x2x1x1x2xindex>
  %38 = arith.andi %36, %37 : vector<2x1x2x1x1x2xi1>
  %39 = arith.cmpi ult, %33, %cst_4 : vector<2xindex>
  %40 = vector.broadcast %39 : vector<2xi1> to vector<2x1x2x1x1x2xi1>
  %41 = arith.andi %38, %40 : vector<2x1x2x1x1x2xi1>
  %42 = arith.muli %26, %cst_1 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %43 = arith.muli %35, %cst_2 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %44 = arith.addi %42, %43 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %45 = vector.broadcast %33 : vector<2xindex> to vector<2x1x2x1x1x2xindex>
  %46 = arith.addi %44, %45 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %47 = vector.shape_cast %46 : vector<2x1x2x1x1x2xindex> to vector<8xindex>
  %48 = vector.shape_cast %41 : vector<2x1x2x1x1x2xi1> to vector<8xi1>
  scf.forall (%arg0, %arg1) in (1, 1) {
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %49 = vector.transfer_read %assume_align_7[%4#0, %5, %c0], %cst_0, %6 {in_bounds = [true]} : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %50 = vector.transfer_read %assume_align[%7#0, %8, %9], %cst_0, %11 {in_bounds = [true]} : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    vector.transfer_write %50, %alloc_6[%7#0, %7#1, %12] {in_bounds = [true]} : vector<8xf16>, memref<2x16x20xf16, #gpu.address_space<workgroup>>
    %51 = vector.transfer_read %assume_align[%14#0, %15, %16], %cst_0, %18 {in_bounds = [true]} : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    vector.transfer_write %51, %alloc_6[%14#0, %14#1, %19] {in_bounds = [true]} : vector<8xf16>, memref<2x16x20xf16, #gpu.address_space<workgroup>>
    vector.transfer_write %49, %alloc[%4#0, %4#1, %c0] {in_bounds = [true]} : vector<8xf16>, memref<2x16x12xf16, #gpu.address_space<workgroup>>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %52 = vector.transfer_read %expand_shape_10[%c0, %c0, %c0, %23, %c0, %c0, %21], %0 {in_bounds = [true, true, true, true, true, true, true]} : memref<2x1x2x8x1x2x8xf16, strided<[320, 320, 160, 20, 16, 8, 1]>, #gpu.address_space<workgroup>>, vector<2x1x2x2x1x2x1xf16>
    %53 = vector.transpose %52, [0, 1, 4, 5, 6, 2, 3] : vector<2x1x2x2x1x2x1xf16> to vector<2x1x1x2x1x2x2xf16>
    %54 = vector.transfer_read %expand_shape[%c0, %c0, %c0, %23, %c0, %21], %0 {in_bounds = [true, true, true, true, true, true]} : memref<2x1x2x8x1x8xf16, strided<[192, 192, 96, 12, 8, 1]>, #gpu.address_space<workgroup>>, vector<2x1x2x2x1x1xf16>
    %55 = vector.transpose %54, [0, 1, 4, 5, 2, 3] : vector<2x1x2x2x1x1xf16> to vector<2x1x1x1x2x2xf16>
    %56 = vector.extract %53[0, 0, 0] : vector<2x1x2x2xf16> from vector<2x1x1x2x1x2x2xf16>
    %57 = vector.extract %55[0, 0, 0] : vector<1x2x2xf16> from vector<2x1x1x1x2x2xf16>
    %58 = vector.shape_cast %57 : vector<1x2x2xf16> to vector<2x2xf16>
    %59 = vector.shape_cast %56 : vector<2x1x2x2xf16> to vector<2x2x2xf16>
    %60 = vector.transpose %59, [1, 0, 2] : vector<2x2x2xf16> to vector<2x2x2xf16>
    %61 = vector.shape_cast %60 : vector<2x2x2xf16> to vector<4x2xf16>
    %62 = nvgpu.mma.sync(%61, %58, %cst_5) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %63 = vector.extract %53[1, 0, 0] : vector<2x1x2x2xf16> from vector<2x1x1x2x1x2x2xf16>
    %64 = vector.extract %55[1, 0, 0] : vector<1x2x2xf16> from vector<2x1x1x1x2x2xf16>
    %65 = vector.shape_cast %64 : vector<1x2x2xf16> to vector<2x2xf16>
    %66 = vector.shape_cast %63 : vector<2x1x2x2xf16> to vector<2x2x2xf16>
    %67 = vector.transpose %66, [1, 0, 2] : vector<2x2x2xf16> to vector<2x2x2xf16>
    %68 = vector.shape_cast %67 : vector<2x2x2xf16> to vector<4x2xf16>
    %69 = nvgpu.mma.sync(%68, %65, %cst_5) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %70 = vector.shape_cast %62 : vector<2x2xf16> to vector<2x1x2xf16>
    %71 = vector.insert_strided_slice %70, %cst offsets = [0, 0, 0, 0, 0, 0], strides = [1, 1, 1] : vector<2x1x2xf16> into vector<2x1x1x2x1x2xf16>
    %72 = vector.shape_cast %69 : vector<2x2xf16> to vector<2x1x2xf16>
    %73 = vector.insert_strided_slice %72, %71 offsets = [1, 0, 0, 0, 0, 0], strides = [1, 1, 1] : vector<2x1x2xf16> into vector<2x1x1x2x1x2xf16>
    %74 = vector.shape_cast %73 : vector<2x1x1x2x1x2xf16> to vector<8xf16>
    vector.scatter %collapse_shape[%c0] [%47], %48, %74 : memref<16xf16, #hal.descriptor_type<storage_buffer>>, vector<8xindex>, vector<8xi1>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  memref.dealloc %alloc_6 : memref<2x16x20xf16, #gpu.address_space<workgroup>>
  memref.dealloc %alloc : memref<2x16x12xf16, #gpu.address_space<workgroup>>
  return
}