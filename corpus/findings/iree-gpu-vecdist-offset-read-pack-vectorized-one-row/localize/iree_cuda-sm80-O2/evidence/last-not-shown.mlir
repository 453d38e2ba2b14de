func.func @main_dispatch_0_reduction_D_f16xf32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %c1024 = arith.constant 1024 : index
  %0 = ub.poison : f16
  %c32_i64 = arith.constant 32 : i64
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %1 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %2 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %3 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %4 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %5 = arith.extui %1 : i32 to i64
  %6 = arith.extui %2 : i32 to i64
  %7 = arith.shli %6, %c32_i64 : i64
  %8 = arith.ori %5, %7 : i64
  %9 = arith.index_castui %8 : i64 to index
  %10 = arith.extui %3 : i32 to i64
  %11 = arith.extui %4 : i32 to i64
  %12 = arith.shli %11, %c32_i64 : i64
  %13 = arith.ori %10, %12 : i64
  %14 = arith.index_castui %13 : i64 to index
  %15:2 = util.assume.int 
      %9<umin = 0, umax = 9007199254740991>, 
      %14<umin = 0, umax = 9007199254740991>
    : index, index
  %16 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<f32, #hal.descriptor_type<storage_buffer>>
  %17 = iree_tensor_ext.dispatch.workload.ordinal %15#0, 0 : index
  %18 = iree_tensor_ext.dispatch.workload.ordinal %15#1, 1 : index
  %19 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x?xf16, #hal.descriptor_type<storage_buffer>>{%17, %18}
  %20 = iree_codegen.load_from_buffer %19 : memref<?x?xf16, #hal.descriptor_type<storage_buffer>> -> tensor<?x?xf16>
  %21 = tensor.empty() : tensor<f32>
  %22 = linalg.fill ins(%cst : f32) outs(%21 : tensor<f32>) -> tensor<f32>
  %23 = affine.apply affine_map<()[s0] -> ((s0 ceildiv 8192) * 1024)>()[%18]
  %24 = tensor.empty() : tensor<1024xf32>
  %25 = linalg.fill {iree_codegen.vector_tile_sizes = array<i64: 1024>} ins(%cst : f32) outs(%24 : tensor<1024xf32>) -> tensor<1024xf32>
  %26 = scf.for %arg0 = %c0 to %23 step %c1024 iter_args(%arg1 = %25) -> (tensor<1024xf32>) {
    %27 = affine.min affine_map<()[s0] -> (0, s0)>()[%17]
    %28 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg0]
    %29 = affine.min affine_map<()[s0, s1] -> (8192, s0 - s1 * 8)>()[%18, %arg0]
    %extracted_slice = tensor.extract_slice %20[%27, %28] [%17, %29] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
    %30 = affine.apply affine_map<(d0) -> (-d0 + 8192)>(%29)
    %padded = tensor.pad %extracted_slice low[0, 0] high[%c0, %30] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %0 : f16
    } : tensor<?x?xf16> to tensor<?x8192xf16>
    %31 = tensor.empty(%17) : tensor<?x8192xf16>
    %32 = linalg.copy {iree_codegen.vector_tile_sizes = array<i64: 1, 8192>} ins(%padded : tensor<?x8192xf16>) outs(%31 : tensor<?x8192xf16>) -> tensor<?x8192xf16>
    %33 = tensor.empty(%17) : tensor<?x1024x8xf16>
    %pack = linalg.pack %32 inner_dims_pos = [1] inner_tiles = [8] into %33 {iree_codegen.vector_tile_sizes = array<i64: 1, 1024, 8>} : tensor<?x8192xf16> -> tensor<?x1024x8xf16>
    %34 = iree_vector_ext.to_layout %pack to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 32, 1], batch_tile = [1, 1, 1], outer_tile = [1, 1, 1], thread_tile = [1, 32, 1], element_tile = [1, 1, 8], subgroup_strides = [0, 1, 0], thread_strides = [0, 1, 0]>) : tensor<?x1024x8xf16>
    %35 = iree_vector_ext.to_layout %arg1 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [32], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [1], thread_strides = [1]>) : tensor<1024xf32>
    %36 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (2, d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%34 : tensor<?x1024x8xf16>) outs(%35 : tensor<1024xf32>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1024, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[32, 1], [0, 1]], partial_reduction = [1024, 0], subgroup_basis = [[32, 1], [0, 1]], thread = [1, 8], workgroup = [0, 0]}>} {
    ^bb0(%in: f16, %out: f32):
      %38 = linalg.index 0 : index
      %39 = linalg.index 1 : index
      %40 = affine.apply affine_map<(d0)[s0, s1] -> (d0 * 8 + s0 + s1 * 8)>(%arg0)[%39, %38]
      %41 = arith.cmpi ult, %40, %18 : index
      %42 = arith.extf %in : f16 to f32
      %43 = arith.select %41, %42, %cst : f32
      %44 = arith.addf %out, %43 : f32
      linalg.yield %44 : f32
    } -> tensor<1024xf32>
    %37 = iree_vector_ext.to_layout %36 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [32], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [1], thread_strides = [1]>) : tensor<1024xf32>
    scf.yield %37 : tensor<1024xf32>
  }
  %reduced = linalg.reduce ins(%26 : tensor<1024xf32>) outs(%22 : tensor<f32>) dimensions = [0]  {iree_codegen.vector_tile_sizes = array<i64: 1024>}
    (%in: f32, %init: f32) {
      %27 = arith.addf %in, %init : f32
      linalg.yield %27 : f32
    }
  iree_codegen.store_to_buffer %reduced, %16 : tensor<f32> into memref<f32, #hal.descriptor_type<storage_buffer>>
  return
}