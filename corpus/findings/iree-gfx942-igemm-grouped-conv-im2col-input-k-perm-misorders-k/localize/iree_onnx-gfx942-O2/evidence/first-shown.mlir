func.func @main$async_dispatch_2_conv_2x2x3x3x2_f32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [64, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2, no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = true>}>} {
  %cst = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<3x2x2x2xf16, #hal.descriptor_type<storage_buffer>>
  %1 = amdgpu.fat_raw_buffer_cast %0 resetOffset : memref<3x2x2x2xf16, #hal.descriptor_type<storage_buffer>> to memref<3x2x2x2xf16, #amdgpu.address_space<fat_raw_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c64) flags("ReadOnly|Indirect") : memref<2x2x5xf32, strided<[10, 5, 1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  %3 = amdgpu.fat_raw_buffer_cast %2 resetOffset : memref<2x2x5xf32, strided<[10, 5, 1], offset: ?>, #hal.descriptor_type<storage_buffer>> to memref<2x2x5xf32, #amdgpu.address_space<fat_raw_buffer>>
  %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<3x2x2xf32, #hal.descriptor_type<storage_buffer>>
  %5 = amdgpu.fat_raw_buffer_cast %4 resetOffset : memref<3x2x2xf32, #hal.descriptor_type<storage_buffer>> to memref<3x2x2xf32, #amdgpu.address_space<fat_raw_buffer>>
  %6 = iree_codegen.load_from_buffer %1 : memref<3x2x2x2xf16, #amdgpu.address_space<fat_raw_buffer>> -> tensor<3x2x2x2xf16>
  %7 = iree_codegen.load_from_buffer %3 : memref<2x2x5xf32, #amdgpu.address_space<fat_raw_buffer>> -> tensor<2x2x5xf32>
  %8 = tensor.empty() : tensor<3x2x2xf32>
  %9 = tensor.empty() : tensor<2x2x3xf32>
  %10 = tensor.empty() : tensor<3x2x2x2xf32>
  %11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%6 : tensor<3x2x2x2xf16>) outs(%10 : tensor<3x2x2x2xf32>) {
  ^bb0(%in: f16, %out: f32):
    %17 = arith.extf %in : f16 to f32
    linalg.yield %17 : f32
  } -> tensor<3x2x2x2xf32>
  %12 = linalg.fill ins(%cst : f32) outs(%9 : tensor<2x2x3xf32>) -> tensor<2x2x3xf32>
  %13 = tensor.empty() : tensor<2x2x3x3xf32>
  %14 = iree_linalg_ext.im2col strides = [1] dilations = [1] kernel_size = [3] offsets = [0, 0, 0, 0] output_sizes = [[2], [3], [2], [3]] batch_pos = [0] m_pos = [2] k_pos = [1] input_k_perm = [1, 0] output_perm = [0, 2, 3, 1] ins(%7 : tensor<2x2x5xf32>) outs(%13 : tensor<2x2x3x3xf32>) -> tensor<2x2x3x3xf32>
  %15 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3, d4) -> (d4, d3, d0, d1)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4, d2)>, affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%11, %14 : tensor<3x2x2x2xf32>, tensor<2x2x3x3xf32>) outs(%12 : tensor<2x2x3xf32>) attrs =  {lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<MFMA_F32_16x16x4_F32>, padding = [2, 16, 16, 2, 4], promote_operands = [0, 1], reduction = [0, 0, 0, 2, 1], subgroup = [0, 1, 1, 0, 0], workgroup = [2, 16, 16, 0, 0]}>} {
  ^bb0(%in: f32, %in_0: f32, %out: f32):
    %17 = arith.mulf %in, %in_0 : f32
    %18 = arith.addf %17, %out : f32
    linalg.yield %18 : f32
  } -> tensor<2x2x3xf32>
  %16 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d2, d0, d1)>], iterator_types = ["parallel", "parallel", "parallel"]} ins(%15 : tensor<2x2x3xf32>) outs(%8 : tensor<3x2x2xf32>) {
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  } -> tensor<3x2x2xf32>
  iree_codegen.store_to_buffer %16, %5 : tensor<3x2x2xf32> into memref<3x2x2xf32, #amdgpu.address_space<fat_raw_buffer>>
  return
}