func.func @main_dispatch_0_reduction_DxDx1xD_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %c32_i64 = arith.constant 32 : i64
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %0 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %1 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %2 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %3 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %4 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(4) : i32
  %5 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(5) : i32
  %6 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(6) : i32
  %7 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(7) : i32
  %8 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(8) : i32
  %9 = hal.interface.constant.load layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(9) : i32
  %10 = arith.extui %0 : i32 to i64
  %11 = arith.extui %1 : i32 to i64
  %12 = arith.shli %11, %c32_i64 : i64
  %13 = arith.ori %10, %12 : i64
  %14 = arith.index_castui %13 : i64 to index
  %15 = arith.extui %2 : i32 to i64
  %16 = arith.extui %3 : i32 to i64
  %17 = arith.shli %16, %c32_i64 : i64
  %18 = arith.ori %15, %17 : i64
  %19 = arith.index_castui %18 : i64 to index
  %20 = arith.extui %4 : i32 to i64
  %21 = arith.extui %5 : i32 to i64
  %22 = arith.shli %21, %c32_i64 : i64
  %23 = arith.ori %20, %22 : i64
  %24 = arith.index_castui %23 : i64 to index
  %25 = arith.extui %6 : i32 to i64
  %26 = arith.extui %7 : i32 to i64
  %27 = arith.shli %26, %c32_i64 : i64
  %28 = arith.ori %25, %27 : i64
  %29 = arith.index_castui %28 : i64 to index
  %30 = arith.extui %8 : i32 to i64
  %31 = arith.extui %9 : i32 to i64
  %32 = arith.shli %31, %c32_i64 : i64
  %33 = arith.ori %30, %32 : i64
  %34 = arith.index_castui %33 : i64 to index
  %35:5 = util.assume.int 
      %14<umin = 0, umax = 9007199254740991>, 
      %19<umin = 0, umax = 9007199254740991>, 
      %24<umin = 0, umax = 9007199254740991>, 
      %29<umin = 0, umax = 9007199254740991>, 
      %34<umin = 0, umax = 9007199254740991>
    : index, index, index, index, index
  %36 = iree_tensor_ext.dispatch.workload.ordinal %35#0, 0 : index
  %37 = iree_tensor_ext.dispatch.workload.ordinal %35#1, 1 : index
  %38 = iree_tensor_ext.dispatch.workload.ordinal %35#2, 2 : index
  %39 = iree_tensor_ext.dispatch.workload.ordinal %35#3, 3 : index
  %40 = iree_tensor_ext.dispatch.workload.ordinal %35#4, 4 : index
  %41 = hal.interface.binding.subspan layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x1x?x?xi8, #hal.descriptor_type<storage_buffer>>{%40, %36, %37}
  %42 = hal.interface.binding.subspan layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x3x?xi8, #hal.descriptor_type<storage_buffer>>{%38, %39}
  %43 = hal.interface.binding.subspan layout(<constants = 10, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<?x?xi32, #hal.descriptor_type<storage_buffer>>{%40, %39}
  %44 = iree_codegen.load_from_buffer %41 : memref<?x1x?x?xi8, #hal.descriptor_type<storage_buffer>> -> tensor<?x1x?x?xi8>
  %45 = iree_codegen.load_from_buffer %42 : memref<?x3x?xi8, #hal.descriptor_type<storage_buffer>> -> tensor<?x3x?xi8>
  %46 = tensor.empty(%40, %39) : tensor<?x?xi32>
  %47 = scf.forall (%arg0, %arg1) in (%40, %39) shared_outs(%arg2 = %46) -> (tensor<?x?xi32>) {
    %48 = affine.apply affine_map<(d0) -> (d0 floordiv 2)>(%arg1)
    %extracted_slice = tensor.extract_slice %44[%arg0, 0, 0, %48] [1, 1, %36, 1] [1, 1, 1, 1] : tensor<?x1x?x?xi8> to tensor<1x1x?x1xi8>
    %extracted_slice_0 = tensor.extract_slice %45[0, 0, %arg1] [1, %36, 1] [1, 1, 1] : tensor<?x3x?xi8> to tensor<1x?x1xi8>
    %49 = tensor.empty() : tensor<1x1xi32>
    %50 = linalg.fill ins(%c0_i32 : i32) outs(%49 : tensor<1x1xi32>) -> tensor<1x1xi32>
    %51 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d2, d3, d1 floordiv 2)>, affine_map<(d0, d1, d2, d3) -> (d2, d3, d1)>, affine_map<(d0, d1, d2, d3) -> (d0, d1)>], iterator_types = ["parallel", "parallel", "reduction", "reduction"]} ins(%extracted_slice, %extracted_slice_0 : tensor<1x1x?x1xi8>, tensor<1x?x1xi8>) outs(%50 : tensor<1x1xi32>) attrs =  {lowering_config = #iree_gpu.lowering_config<{lane_basis = [[1, 1, 1, 64], [0, 1, 2, 3]], partial_reduction = [0, 0, 1, 16384], subgroup_basis = [[1, 1, 1, 16], [0, 1, 2, 3]], thread = [0, 0, 1, 16], workgroup = [1, 1, 0, 0]}>} {
    ^bb0(%in: i8, %in_1: i8, %out: i32):
      %52 = arith.extsi %in : i8 to i32
      %53 = arith.extsi %in_1 : i8 to i32
      %54 = arith.muli %52, %53 : i32
      %55 = arith.addi %out, %54 : i32
      linalg.yield %55 : i32
    } -> tensor<1x1xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %51 into %arg2[%arg0, %arg1] [1, 1] [1, 1] : tensor<1x1xi32> into tensor<?x?xi32>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %47, %43 : tensor<?x?xi32> into memref<?x?xi32, #hal.descriptor_type<storage_buffer>>
  return
}

