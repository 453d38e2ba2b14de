func.func @main_dispatch_0_reduction_4x8_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %0 = ub.poison : i8
  %cst = arith.constant dense<0> : vector<1x8xi32>
  %1 = ub.poison : i32
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %thread_id_z = gpu.thread_id z
  %thread_id_y = gpu.thread_id y
  %thread_id_x = gpu.thread_id x
  %2 = affine.linearize_index disjoint [%thread_id_z, %thread_id_y, %thread_id_x] by (1, 1, 32) : index
  %alloc = memref.alloc() : memref<1xi8, #gpu.address_space<workgroup>>
  %alloc_0 = memref.alloc() : memref<1x8xi8, #gpu.address_space<workgroup>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %3, 64 : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>
  %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<1xi8, #hal.descriptor_type<storage_buffer>>
  %assume_align_1 = memref.assume_alignment %4, 64 : memref<1xi8, #hal.descriptor_type<storage_buffer>>
  %5 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<i32, #hal.descriptor_type<storage_buffer>>
  %assume_align_2 = memref.assume_alignment %5, 64 : memref<i32, #hal.descriptor_type<storage_buffer>>
  %alloca = memref.alloca() : memref<1x8xi32, #gpu.address_space<private>>
  vector.transfer_write %cst, %alloca[%c0, %c0] {in_bounds = [true, true]} : vector<1x8xi32>, memref<1x8xi32, #gpu.address_space<private>>
  scf.for %arg0 = %c0 to %c4 step %c1 {
    %9:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %10:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %11 = affine.linearize_index [%9#2, %c0, %c0, %10#2, %arg0] by (1, 1, 1, 1, 1) : index
    %12 = affine.linearize_index disjoint [%9#1, %c0, %c0, %10#1, %c0] by (1, 1, 1, 8, 1) : index
    %13 = vector.transfer_read %assume_align[%11, %12], %0 {in_bounds = [true, true]} : memref<4x8xi8, #hal.descriptor_type<storage_buffer>>, vector<1x1xi8>
    %14 = affine.apply affine_map<(d0) -> (d0 floordiv 4)>(%arg0)
    %15:3 = affine.delinearize_index %2 into (1, 32) : index, index, index
    %16:2 = affine.delinearize_index %2 into (1) : index, index
    %17 = affine.linearize_index [%15#1, %c0, %c0, %16#1, %14] by (1, 1, 1, 1, 1) : index
    %18 = vector.transfer_read %assume_align_1[%17], %0 {in_bounds = [true]} : memref<1xi8, #hal.descriptor_type<storage_buffer>>, vector<1xi8>
    %19:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %20:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %21:5 = affine.delinearize_index %2 into (4, 8, 1, 1, 1) : index, index, index, index, index
    %22 = arith.cmpi eq, %21#0, %c0 : index
    scf.if %22 {
      %45 = affine.linearize_index disjoint [%19#2, %c0, %c0, %20#2, %c0] by (1, 1, 1, 1, 1) : index
      %46 = affine.linearize_index disjoint [%19#1, %c0, %c0, %20#1, %c0] by (1, 1, 1, 8, 1) : index
      vector.transfer_write %13, %alloc_0[%45, %46] {in_bounds = [true, true]} : vector<1x1xi8>, memref<1x8xi8, #gpu.address_space<workgroup>>
    }
    %23:3 = affine.delinearize_index %2 into (1, 32) : index, index, index
    %24:2 = affine.delinearize_index %2 into (1) : index, index
    %25:3 = affine.delinearize_index %2 into (32, 1, 1) : index, index, index
    %26 = arith.cmpi eq, %25#0, %c0 : index
    scf.if %26 {
      %45 = affine.linearize_index disjoint [%23#1, %c0, %c0, %24#1, %c0] by (1, 1, 1, 1, 1) : index
      vector.transfer_write %18, %alloc[%45] {in_bounds = [true]} : vector<1xi8>, memref<1xi8, #gpu.address_space<workgroup>>
    }
    %27:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %28:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %29 = affine.linearize_index disjoint [%27#2, %c0, %c0, %28#2, %c0] by (1, 1, 1, 1, 1) : index
    %30 = affine.linearize_index disjoint [%27#1, %c0, %c0, %28#1, %c0] by (1, 1, 1, 8, 1) : index
    %31 = vector.transfer_read %alloca[%29, %30], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x1xi32>
    %32:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %33:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %34:5 = affine.delinearize_index %2 into (4, 8, 1, 1, 1) : index, index, index, index, index
    %35 = arith.cmpi eq, %34#0, %c0 : index
    scf.if %35 {
      %45 = affine.linearize_index disjoint [%32#2, %c0, %c0, %33#2, %c0] by (1, 1, 1, 1, 1) : index
      %46 = affine.linearize_index disjoint [%32#1, %c0, %c0, %33#1, %c0] by (1, 1, 1, 8, 1) : index
      vector.transfer_write %31, %alloca[%45, %46] {in_bounds = [true, true]} : vector<1x1xi32>, memref<1x8xi32, #gpu.address_space<private>>
    }
    linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0 floordiv 4)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%alloc : memref<1xi8, #gpu.address_space<workgroup>>) outs(%alloca : memref<1x8xi32, #gpu.address_space<private>>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 8], [0, 1]], partial_reduction = [1, 8], subgroup_basis = [[1, 1], [0, 1]], thread = [1, 1], workgroup = [0, 0]}>} {
    ^bb0(%in: i8, %out: i32):
      %45 = arith.extsi %in : i8 to i32
      %46 = arith.addi %out, %45 : i32
      linalg.yield %46 : i32
    }
    %36:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %37:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %38 = affine.linearize_index disjoint [%36#2, %c0, %c0, %37#2, %c0] by (1, 1, 1, 1, 1) : index
    %39 = affine.linearize_index disjoint [%36#1, %c0, %c0, %37#1, %c0] by (1, 1, 1, 8, 1) : index
    %40 = vector.transfer_read %alloca[%38, %39], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x1xi32>
    %41:4 = affine.delinearize_index %2 into (1, 1, 32) : index, index, index, index
    %42:3 = affine.delinearize_index %2 into (8, 1) : index, index, index
    %43:5 = affine.delinearize_index %2 into (4, 8, 1, 1, 1) : index, index, index, index, index
    %44 = arith.cmpi eq, %43#0, %c0 : index
    scf.if %44 {
      %45 = affine.linearize_index disjoint [%41#2, %c0, %c0, %42#2, %c0] by (1, 1, 1, 1, 1) : index
      %46 = affine.linearize_index disjoint [%41#1, %c0, %c0, %42#1, %c0] by (1, 1, 1, 8, 1) : index
      vector.transfer_write %40, %alloca[%45, %46] {in_bounds = [true, true]} : vector<1x1xi32>, memref<1x8xi32, #gpu.address_space<private>>
    }
  }
  %6 = vector.transfer_read %alloca[%c0, %c0], %1 {in_bounds = [true, true]} : memref<1x8xi32, #gpu.address_space<private>>, vector<1x8xi32>
  %7 = vector.multi_reduction <add>, %6, %c0_i32 [0, 1] : vector<1x8xi32> to i32
  %8 = arith.cmpi eq, %2, %c0 : index
  scf.if %8 {
    %9 = vector.broadcast %7 : i32 to vector<i32>
    vector.transfer_write %9, %assume_align_2[] : vector<i32>, memref<i32, #hal.descriptor_type<storage_buffer>>
  }
  memref.dealloc %alloc_0 : memref<1x8xi8, #gpu.address_space<workgroup>>
  memref.dealloc %alloc : memref<1xi8, #gpu.address_space<workgroup>>
  return
}