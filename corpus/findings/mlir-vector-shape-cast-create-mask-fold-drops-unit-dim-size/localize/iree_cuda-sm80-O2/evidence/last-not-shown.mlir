func.func @main_dispatch_0_matmul_like_2x4x2x4_f16() attributes {gpu.known_block_size = array<i32: 32, 1, 1>, translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2, no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<0.000000e+00> : vector<2x1x1x2x1x2xf16>
  %0 = ub.poison : f16
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
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
  %6 = affine.min affine_map<()[s0] -> (-s0 + 4, 1)>()[%5]
  %7 = vector.create_mask %c1, %6, %c2 : vector<1x1x8xi1>
  %8 = vector.shape_cast %7 : vector<1x1x8xi1> to vector<8xi1>
  %9:3 = affine.delinearize_index %thread_id_x into (2, 16, 2) : index, index, index
  %10 = affine.min affine_map<()[s0] -> (4, s0)>()[%9#1]
  %11 = affine.min affine_map<()[s0] -> (-s0 + 4, 1)>()[%10]
  %12 = affine.min affine_map<()[s0] -> (4, s0 * 8)>()[%9#2]
  %13 = affine.min affine_map<()[s0] -> (-s0 + 4, 8)>()[%12]
  %14 = vector.create_mask %c1, %11, %13 : vector<1x1x8xi1>
  %15 = vector.shape_cast %14 : vector<1x1x8xi1> to vector<8xi1>
  %16 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%9#2]
  %17 = affine.apply affine_map<()[s0] -> (s0 + 32)>()[%thread_id_x]
  %18:3 = affine.delinearize_index %17 into (2, 16, 2) : index, index, index
  %19 = affine.min affine_map<()[s0] -> (4, s0)>()[%18#1]
  %20 = affine.min affine_map<()[s0] -> (-s0 + 4, 1)>()[%19]
  %21 = affine.min affine_map<()[s0] -> (4, s0 * 8)>()[%18#2]
  %22 = affine.min affine_map<()[s0] -> (-s0 + 4, 8)>()[%21]
  %23 = vector.create_mask %c1, %20, %22 : vector<1x1x8xi1>
  %24 = vector.shape_cast %23 : vector<1x1x8xi1> to vector<8xi1>
  %25 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%18#2]
  %26:3 = affine.delinearize_index %thread_id_x into (8, 4) : index, index, index
  %27 = iree_codegen.index_hint %26#1(#iree_gpu.lane_constant<4>) : index
  %28 = iree_codegen.index_hint %26#2(#iree_gpu.lane_increment<4, aligned>) : index
  %29 = affine.linearize_index disjoint [%28, %c0] by (4, 2) : index
  %expand_shape = memref.expand_shape %subview_9 [[0], [1, 2, 3], [4, 5]] output_shape [2, 1, 2, 8, 1, 8] : memref<2x16x8xf16, strided<[192, 12, 1]>, #gpu.address_space<workgroup>> into memref<2x1x2x8x1x8xf16, strided<[192, 192, 96, 12, 8, 1]>, #gpu.address_space<workgroup>>
  %expand_shape_10 = memref.expand_shape %subview [[0], [1, 2, 3], [4, 5, 6]] output_shape [2, 1, 2, 8, 1, 2, 8] : memref<2x16x16xf16, strided<[320, 20, 1]>, #gpu.address_space<workgroup>> into memref<2x1x2x8x1x2x8xf16, strided<[320, 320, 160, 20, 16, 8, 1]>, #gpu.address_space<workgroup>>
  %collapse_shape = memref.collapse_shape %assume_align_8 [[0, 1, 2]] : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>> into memref<16xf16, #hal.descriptor_type<storage_buffer>>
  %30 = vector.step : vector<2xindex>
  %31 = vector.broadcast %30 : vector<2xindex> to vector<2x1x2x1x1x2xindex>
  %32 = vector.transpose %31, [5, 1, 2, 3, 4, 0] : vector<2x1x2x1x1x2xindex> to vector<2x1x2x1x1x2xindex>
  %33 = vector.transpose %31, [0, 1, 5, 3, 4, 2] : vector<2x1x2x1x1x2xindex> to vector<2x1x2x1x1x2xindex>
  %34 = vector.step : vector<1xindex>
  %35 = vector.broadcast %34 : vector<1xindex> to vector<2x1x2x1x1x2xindex>
  %36 = vector.broadcast %27 : index to vector<2x1x2x1x1x2xindex>
  %37 = arith.addi %35, %36 : vector<2x1x2x1x1x2xindex>
  %38 = vector.broadcast %29 : index to vector<2xindex>
  %39 = arith.addi %30, %38 : vector<2xindex>
  %40 = arith.muli %33, %cst_1 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %41 = arith.addi %40, %37 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %42 = arith.cmpi ult, %32, %cst_2 : vector<2x1x2x1x1x2xindex>
  %43 = arith.cmpi ult, %41, %cst_3 : vector<2x1x2x1x1x2xindex>
  %44 = arith.andi %42, %43 : vector<2x1x2x1x1x2xi1>
  %45 = arith.cmpi ult, %39, %cst_4 : vector<2xindex>
  %46 = vector.broadcast %45 : vector<2xi1> to vector<2x1x2x1x1x2xi1>
  %47 = arith.andi %44, %46 : vector<2x1x2x1x1x2xi1>
  %48 = arith.muli %32, %cst_1 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %49 = arith.muli %41, %cst_2 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %50 = arith.addi %48, %49 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %51 = vector.broadcast %39 : vector<2xindex> to vector<2x1x2x1x1x2xindex>
  %52 = arith.addi %50, %51 overflow<nsw> : vector<2x1x2x1x1x2xindex>
  %53 = vector.shape_cast %52 : vector<2x1x2x1x1x2xindex> to vector<8xindex>
  %54 = vector.shape_cast %47 : vector<2x1x2x1x1x2xi1> to vector<8xi1>
  scf.forall (%arg0, %arg1) in (1, 1) {
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %55 = vector.transfer_read %assume_align_7[%4#0, %5, %c0], %cst_0, %8 {in_bounds = [true]} : memref<2x4x2xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %56 = vector.transfer_read %assume_align[%9#0, %10, %12], %cst_0, %15 {in_bounds = [true]} : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    vector.transfer_write %56, %alloc_6[%9#0, %9#1, %16] {in_bounds = [true]} : vector<8xf16>, memref<2x16x20xf16, #gpu.address_space<workgroup>>
    %57 = vector.transfer_read %assume_align[%18#0, %19, %21], %cst_0, %24 {in_bounds = [true]} : memref<2x4x4xf16, #hal.descriptor_type<storage_buffer>>, vector<8xf16>
    vector.transfer_write %57, %alloc_6[%18#0, %18#1, %25] {in_bounds = [true]} : vector<8xf16>, memref<2x16x20xf16, #gpu.address_space<workgroup>>
    vector.transfer_write %55, %alloc[%4#0, %4#1, %c0] {in_bounds = [true]} : vector<8xf16>, memref<2x16x12xf16, #gpu.address_space<workgroup>>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
    %58 = vector.transfer_read %expand_shape_10[%c0, %c0, %c0, %29, %c0, %c0, %27], %0 {in_bounds = [true, true, true, true, true, true, true]} : memref<2x1x2x8x1x2x8xf16, strided<[320, 320, 160, 20, 16, 8, 1]>, #gpu.address_space<workgroup>>, vector<2x1x2x2x1x2x1xf16>
    %59 = vector.transpose %58, [0, 1, 4, 5, 6, 2, 3] : vector<2x1x2x2x1x2x1xf16> to vector<2x1x1x2x1x2x2xf16>
    %60 = vector.transfer_read %expand_shape[%c0, %c0, %c0, %29, %c0, %27], %0 {in_bounds = [true, true, true, true, true, true]} : memref<2x1x2x8x1x8xf16, strided<[192, 192, 96, 12, 8, 1]>, #gpu.address_space<workgroup>>, vector<2x1x2x2x1x1xf16>
    %61 = vector.transpose %60, [0, 1, 4, 5, 2, 3] : vector<2x1x2x2x1x1xf16> to vector<2x1x1x1x2x2xf16>
    %62 = vector.extract %59[0, 0, 0] : vector<2x1x2x2xf16> from vector<2x1x1x2x1x2x2xf16>
    %63 = vector.extract %61[0, 0, 0] : vector<1x2x2xf16> from vector<2x1x1x1x2x2xf16>
    %64 = vector.shape_cast %63 : vector<1x2x2xf16> to vector<2x2xf16>
    %65 = vector.shape_cast %62 : vector<2x1x2x2xf16> to vector<2x2x2xf16>
    %66 = vector.transpose %65, [1, 0, 2] : vector<2x2x2xf16> to vector<2x2x2xf16>
    %67 = vector.shape_cast %66 : vector<2x2x2xf16> to vector<4x2xf16>
    %68 = nvgpu.mma.sync(%67, %64, %cst_5) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %69 = vector.extract %59[1, 0, 0] : vector<2x1x2x2xf16> from vector<2x1x1x2x1x2x2xf16>
    %70 = vector.extract %61[1, 0, 0] : vector<1x2x2xf16> from vector<2x1x1x1x2x2xf16>
    %71 = vector.shape_cast %70 : vector<1x2x2xf16> to vector<2x2xf16>
    %72 = vector.shape_cast %69 : vector<2x1x2x2xf16> to vector<2x2x2xf16>
    %73 = vector.transpose %72, [1, 0, 2] : vector<2x2x2xf16> to vector<2x2x2xf16>
    %74 = vector.shape_cast %73 : vector<2x2x2xf16> to vector<4x2xf16>
    %75 = nvgpu.mma.sync(%74, %71, %cst_5) mmaShape = [16, 8, 16] : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf16>) -> vector<2x2xf16>
    %76 = vector.shape_cast %68 : vector<2x2xf16> to vector<2x1x2xf16>
    %77 = vector.insert_strided_slice %76, %cst offsets = [0, 0, 0, 0, 0, 0], strides = [1, 1, 1] : vector<2x1x2xf16> into vector<2x1x1x2x1x2xf16>
    %78 = vector.shape_cast %75 : vector<2x2xf16> to vector<2x1x2xf16>
    %79 = vector.insert_strided_slice %78, %77 offsets = [1, 0, 0, 0, 0, 0], strides = [1, 1, 1] : vector<2x1x2xf16> into vector<2x1x1x2x1x2xf16>
    %80 = vector.shape_cast %79 : vector<2x1x1x2x1x2xf16> to vector<8xf16>
    vector.scatter %collapse_shape[%c0] [%53], %54, %80 : memref<16xf16, #hal.descriptor_type<storage_buffer>>, vector<8xindex>, vector<8xi1>, vector<8xf16>
    gpu.barrier memfence [#gpu.address_space<workgroup>]
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  memref.dealloc %alloc_6 : memref<2x16x20xf16, #gpu.address_space<workgroup>>
  memref.dealloc %alloc : memref<2x16x12xf16, #gpu.address_space<workgroup>>
  return
}