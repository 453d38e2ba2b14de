func.func @main_dispatch_0_reduction_64_i32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<2147483647> : vector<32xi32>
  %0 = ub.poison : i32
  %c2147483647_i32 = arith.constant 2147483647 : i32
  %c0 = arith.constant 0 : index
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<64xi32, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %1, 64 : memref<64xi32, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<i32, #hal.descriptor_type<storage_buffer>>
  %assume_align_0 = memref.assume_alignment %2, 64 : memref<i32, #hal.descriptor_type<storage_buffer>>
  %3 = vector.transfer_read %assume_align[%c0], %0 {in_bounds = [true]} : memref<64xi32, #hal.descriptor_type<storage_buffer>>, vector<64xi32>
  %4 = vector.shape_cast %3 : vector<64xi32> to vector<32x2xi32>
  %5 = iree_vector_ext.to_layout %4 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [32, 1], element_tile = [1, 2], subgroup_strides = [0, 0], thread_strides = [1, 0]>) : vector<32x2xi32>
  %6 = iree_vector_ext.to_layout %cst to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) : vector<32xi32>
  %7 = vector.multi_reduction <minsi>, %5, %6 [1] : vector<32x2xi32> to vector<32xi32>
  %8 = iree_vector_ext.to_layout %7 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [0], thread_strides = [1]>) : vector<32xi32>
  %9 = vector.multi_reduction <minsi>, %8, %c2147483647_i32 [0] : vector<32xi32> to i32
  %10 = vector.broadcast %9 : i32 to vector<i32>
  vector.transfer_write %10, %assume_align_0[] : vector<i32>, memref<i32, #hal.descriptor_type<storage_buffer>>
  return
}