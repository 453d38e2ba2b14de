func.func @main_dispatch_0_reduction_D_f16xf32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<VectorDistribute> workgroup_size = [1024, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant dense<0.000000e+00> : vector<f32>
  %c8 = arith.constant 8 : index
  %c8192 = arith.constant 8192 : index
  %cst_0 = arith.constant dense<0.000000e+00> : vector<1024xf32>
  %0 = ub.poison : f32
  %c1024 = arith.constant 1024 : index
  %1 = ub.poison : f16
  %c32_i64 = arith.constant 32 : i64
  %cst_1 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %2 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %3 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %4 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %5 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %6 = arith.extui %2 : i32 to i64
  %7 = arith.extui %3 : i32 to i64
  %8 = arith.shli %7, %c32_i64 : i64
  %9 = arith.ori %6, %8 : i64
  %10 = arith.index_castui %9 : i64 to index
  %11 = arith.extui %4 : i32 to i64
  %12 = arith.extui %5 : i32 to i64
  %13 = arith.shli %12, %c32_i64 : i64
  %14 = arith.ori %11, %13 : i64
  %15 = arith.index_castui %14 : i64 to index
  %16:2 = util.assume.int 
      %10<umin = 0, umax = 9007199254740991>, 
      %15<umin = 0, umax = 9007199254740991>
    : index, index
  %17 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<f32, #hal.descriptor_type<storage_buffer>>
  %18 = iree_tensor_ext.dispatch.workload.ordinal %16#0, 0 : index
  %19 = iree_tensor_ext.dispatch.workload.ordinal %16#1, 1 : index
  %20 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<?x?xf16, #hal.descriptor_type<storage_buffer>>{%18, %19}
  %21 = iree_codegen.load_from_buffer %20 : memref<?x?xf16, #hal.descriptor_type<storage_buffer>> -> tensor<?x?xf16>
  %22 = tensor.empty() : tensor<f32>
  %23 = vector.transfer_write %cst, %22[] : vector<f32>, tensor<f32>
  %24 = affine.apply affine_map<()[s0] -> ((s0 ceildiv 8192) * 1024)>()[%19]
  %25 = tensor.empty() : tensor<1024xf32>
  %26 = vector.transfer_write %cst_0, %25[%c0] {in_bounds = [true]} : vector<1024xf32>, tensor<1024xf32>
  %27 = scf.for %arg0 = %c0 to %24 step %c1024 iter_args(%arg1 = %26) -> (tensor<1024xf32>) {
    %32 = affine.min affine_map<()[s0] -> (0, s0)>()[%18]
    %33 = affine.apply affine_map<()[s0] -> (s0 * 8)>()[%arg0]
    %34 = affine.min affine_map<()[s0, s1] -> (8192, s0 - s1 * 8)>()[%19, %arg0]
    %extracted_slice = tensor.extract_slice %21[%32, %33] [%18, %34] [1, 1] : tensor<?x?xf16> to tensor<?x?xf16>
    %35 = affine.apply affine_map<(d0) -> (-d0 + 8192)>(%34)
    %padded = tensor.pad %extracted_slice low[0, 0] high[%c0, %35] {
    ^bb0(%arg2: index, %arg3: index):
      tensor.yield %1 : f16
    } : tensor<?x?xf16> to tensor<?x8192xf16>
    %36 = tensor.empty(%18) : tensor<?x8192xf16>
    %37 = vector.create_mask %18, %c8192 : vector<1x8192xi1>
    %38 = vector.transfer_read %padded[%c0, %c0], %1, %37 {in_bounds = [true, true]} : tensor<?x8192xf16>, vector<1x8192xf16>
    %39 = vector.transfer_write %38, %36[%c0, %c0], %37 {in_bounds = [true, true]} : vector<1x8192xf16>, tensor<?x8192xf16>
    %40 = tensor.empty(%18) : tensor<?x1024x8xf16>
    %dim = tensor.dim %39, %c0 : tensor<?x8192xf16>
    %41 = vector.create_mask %dim, %c8192 : vector<1x8192xi1>
    %42 = vector.transfer_read %39[%c0, %c0], %1, %41 {in_bounds = [true, true]} : tensor<?x8192xf16>, vector<1x8192xf16>
    %43 = vector.shape_cast %42 : vector<1x8192xf16> to vector<1x1024x8xf16>
    %44 = vector.create_mask %18, %c1024, %c8 : vector<1x1024x8xi1>
    %45 = vector.transfer_write %43, %40[%c0, %c0, %c0], %44 {in_bounds = [true, true, true]} : vector<1x1024x8xf16>, tensor<?x1024x8xf16>
    %dim_2 = tensor.dim %45, %c0 : tensor<?x1024x8xf16>
    %46 = vector.create_mask %dim_2, %c1024, %c8 : vector<1x1024x8xi1>
    %47 = vector.transfer_read %45[%c0, %c0, %c0], %1, %46 {in_bounds = [true, true, true]} : tensor<?x1024x8xf16>, vector<1x1024x8xf16>
    %48 = iree_vector_ext.to_layout %47 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [1, 32, 1], batch_tile = [1, 1, 1], outer_tile = [1, 1, 1], thread_tile = [1, 32, 1], element_tile = [1, 1, 8], subgroup_strides = [0, 1, 0], thread_strides = [0, 1, 0]>) : vector<1x1024x8xf16>
    %49 = vector.transfer_write %48, %45[%c0, %c0, %c0], %46 {in_bounds = [true, true, true]} : vector<1x1024x8xf16>, tensor<?x1024x8xf16>
    %50 = vector.transfer_read %arg1[%c0], %0 {in_bounds = [true]} : tensor<1024xf32>, vector<1024xf32>
    %51 = iree_vector_ext.to_layout %50 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [32], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [1], thread_strides = [1]>) : vector<1024xf32>
    %52 = vector.transfer_write %51, %arg1[%c0] {in_bounds = [true]} : vector<1024xf32>, tensor<1024xf32>
    %53 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (2, d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%49 : tensor<?x1024x8xf16>) outs(%52 : tensor<1024xf32>) attrs =  {iree_codegen.vector_tile_sizes = array<i64: 1024, 8>, lowering_config = #iree_gpu.lowering_config<{lane_basis = [[32, 1], [0, 1]], partial_reduction = [1024, 0], subgroup_basis = [[32, 1], [0, 1]], thread = [1, 8], workgroup = [0, 0]}>} {
    ^bb0(%in: f16, %out: f32):
      %57 = linalg.index 0 : index
      %58 = linalg.index 1 : index
      %59 = affine.apply affine_map<(d0)[s0, s1] -> (d0 * 8 + s0 + s1 * 8)>(%arg0)[%58, %57]
      %60 = arith.cmpi ult, %59, %19 : index
      %61 = arith.extf %in : f16 to f32
      %62 = arith.select %60, %61, %cst_1 : f32
      %63 = arith.addf %out, %62 : f32
      linalg.yield %63 : f32
    } -> tensor<1024xf32>
    %54 = vector.transfer_read %53[%c0], %0 {in_bounds = [true]} : tensor<1024xf32>, vector<1024xf32>
    %55 = iree_vector_ext.to_layout %54 to layout(#iree_vector_ext.nested_layout<subgroup_tile = [32], batch_tile = [1], outer_tile = [1], thread_tile = [32], element_tile = [1], subgroup_strides = [1], thread_strides = [1]>) : vector<1024xf32>
    %56 = vector.transfer_write %55, %53[%c0] {in_bounds = [true]} : vector<1024xf32>, tensor<1024xf32>
    scf.yield %56 : tensor<1024xf32>
  }
  %28 = vector.transfer_read %27[%c0], %0 {in_bounds = [true]} : tensor<1024xf32>, vector<1024xf32>
  %29 = vector.multi_reduction <add>, %28, %cst_1 [0] : vector<1024xf32> to f32
  %30 = vector.broadcast %29 : f32 to vector<f32>
  %31 = vector.transfer_write %30, %23[] : vector<f32>, tensor<f32>
  iree_codegen.store_to_buffer %31, %17 : tensor<f32> into memref<f32, #hal.descriptor_type<storage_buffer>>
  return
}