func.func @main_dispatch_0_reduction_64_i32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %c-1_i32 = arith.constant -1 : i32
  %cst = arith.constant dense<-1> : vector<1x1x1xi32>
  %cst_0 = arith.constant dense<0> : vector<1x1x2xi32>
  %c0 = arith.constant 0 : index
  %0 = ub.poison : i32
  %thread_id_z = gpu.thread_id z
  %thread_id_y = gpu.thread_id y
  %thread_id_x = gpu.thread_id x
  %1 = affine.linearize_index disjoint [%thread_id_z, %thread_id_y, %thread_id_x] by (1, 1, 32) : index
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<64xi32, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %2, 64 : memref<64xi32, #hal.descriptor_type<storage_buffer>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<i32, #hal.descriptor_type<storage_buffer>>
  %assume_align_1 = memref.assume_alignment %3, 64 : memref<i32, #hal.descriptor_type<storage_buffer>>
  %4:3 = affine.delinearize_index %1 into (1, 32) : index, index, index
  %5:2 = affine.delinearize_index %1 into (32) : index, index
  %6 = affine.linearize_index disjoint [%4#1, %c0, %c0, %5#1, %c0] by (1, 1, 1, 32, 2) : index
  %7 = vector.transfer_read %assume_align[%6], %0 {in_bounds = [true]} : memref<64xi32, #hal.descriptor_type<storage_buffer>>, vector<2xi32>
  %8 = vector.insert_strided_slice %7, %cst_0 offsets = [0, 0, 0], strides = [1] : vector<2xi32> into vector<1x1x2xi32>
  %9 = vector.shape_cast %8 : vector<1x1x2xi32> to vector<1x1x1x1x1x2xi32>
  %10 = vector.multi_reduction <minsi>, %9, %cst [1, 3, 5] : vector<1x1x1x1x1x2xi32> to vector<1x1x1xi32>
  %11 = vector.multi_reduction <minsi>, %10, %c-1_i32 [0, 1, 2] : vector<1x1x1xi32> to i32
  %12 = gpu.subgroup_reduce minsi %11 cluster(size = 32) : (i32) -> i32
  %13 = arith.cmpi eq, %1, %c0 : index
  scf.if %13 {
    %14 = vector.broadcast %12 : i32 to vector<i32>
    vector.transfer_write %14, %assume_align_1[] : vector<i32>, memref<i32, #hal.descriptor_type<storage_buffer>>
  }
  return
}