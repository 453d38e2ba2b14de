func.func @main_dispatch_0_reduction_4x8_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %alloc = memref.alloc() : memref<1xi8, #gpu.address_space<workgroup>>
  %alloc_0 = memref.alloc() : memref<1x8xi8, #gpu.address_space<workgroup>>
  %0 = ub.poison : i8
  %cst = arith.constant dense<0> : vector<1x8xi32>
  %1 = ub.poison : i32
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %2, 64 : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<1xi8, #hal.descriptor_type<storage_buffer>>
  %assume_align_1 = memref.assume_alignment %3, 64 : memref<1xi8, #hal.descriptor_type<storage_buffer>>
  %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<i32, #hal.descriptor_type<storage_buffer>>
  %assume_align_2 = memref.assume_alignment %4, 64 : memref<i32, #hal.descriptor_type<storage_buffer>>
  %alloca = memref.alloca() : memref<1x8xi32, #gpu.address_space<private>>
  vector.transfer_write %cst, %alloca[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xi32>, memref<1x8xi32, #gpu.address_space<private>>
  scf.for %arg0 = %c0 to %c4 step %c1 {
    %8 = vector.transfer_read %assume_align[%arg0, %c0], %0 {in_bounds = [true, true]} : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>, vector<1x8xi8>
    %9 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%arg0)
    %10 = vector.transfer_read %assume_align_1[%9], %0 {in_bounds = [true]} : memref<1xi8, #hal.descriptor_type<storage_buffer>>, vector<1xi8>
    %11 = iree_vector_ext.to_layout %8 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 8], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 1]>) : vector<1x8xi8>
    vector.transfer_write %11, %alloc_0[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xi8>, memref<1x8xi8, #gpu.address_space<workgroup>>
    %12 = iree_vector_ext.to_layout %10 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1], batch_tile = [1], outer_tile = [1], thread_tile = [1], element_tile = [1], subgroup_strides = [0], thread_strides = [0]>) : vector<1xi8>
    vector.transfer_write %12, %alloc[%c0] {in_bounds = [true]} : vector<1xi8>, memref<1xi8, #gpu.address_space<workgroup>>
    %13 = vector.transfer_read %alloca[%c0, %c0], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x8xi32>
    %14 = iree_vector_ext.to_layout %13 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 8], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 1]>) : vector<1x8xi32>
    vector.transfer_write %14, %alloca[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xi32>, memref<1x8xi32, #gpu.address_space<private>>
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 floordiv 4)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<1xi8, #gpu.address_space<workgroup>>) outs(%alloca : memref<1x8xi32, #gpu.address_space<private>>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 8], [0, 1]], partial_reduction = [1, 8], subgroup_basis = [[1, 1], [0, 1]], thread = [1, 1], workgroup = [0, 0]}>} {
    ^bb0(%in: i8, %out: i32):
      %17 = arith.extsi %in : i8 to i32
      %18 = arith.addi %out, %17 : i32
      linalg.yield %18 : i32
    }
    %15 = vector.transfer_read %alloca[%c0, %c0], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x8xi32>
    %16 = iree_vector_ext.to_layout %15 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 1], batch_tile = [1, 1], outer_tile = [1, 1], thread_tile = [1, 8], element_tile = [1, 1], subgroup_strides = [0, 0], thread_strides = [0, 1]>) : vector<1x8xi32>
    vector.transfer_write %16, %alloca[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xi32>, memref<1x8xi32, #gpu.address_space<private>>
  }
  %5 = vector.transfer_read %alloca[%c0, %c0], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x8xi32>
  %6 = vector.multi_reduction <add>, %5, %c0_i32 [0, 1] : vector<1x8xi32> to i32
  %7 = vector.broadcast %6 : i32 to vector<i32>
  vector.transfer_write %7, %assume_align_2[] : vector<i32>, memref<i32, #hal.descriptor_type<storage_buffer>>
  memref.dealloc %alloc_0 : memref<1x8xi8, #gpu.address_space<workgroup>>
  memref.dealloc %alloc : memref<1xi8, #gpu.address_space<workgroup>>
  return
}