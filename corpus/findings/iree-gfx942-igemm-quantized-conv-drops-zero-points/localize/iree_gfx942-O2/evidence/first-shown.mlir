func.func @main_dispatch_0_conv_4x2x4x2x2_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [128, 1, 1] subgroup_size = 64, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2, no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = true>}>} {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x2x5xi8, #hal.descriptor_type<storage_buffer>>
  %1 = amdgpu.fat_raw_buffer_cast %0 resetOffset : memref<2x2x5xi8, #hal.descriptor_type<storage_buffer>> to memref<2x2x5xi8, #amdgpu.address_space<fat_raw_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<4x2x2xi8, #hal.descriptor_type<storage_buffer>>
  %3 = amdgpu.fat_raw_buffer_cast %2 resetOffset : memref<4x2x2xi8, #hal.descriptor_type<storage_buffer>> to memref<4x2x2xi8, #amdgpu.address_space<fat_raw_buffer>>
  %collapse_shape = memref.collapse_shape %3 [[0], [1, 2]] : memref<4x2x2xi8, #amdgpu.address_space<fat_raw_buffer>> into memref<4x4xi8, #amdgpu.address_space<fat_raw_buffer>>
  %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<4x2x4xi32, #hal.descriptor_type<storage_buffer>>
  %5 = amdgpu.fat_raw_buffer_cast %4 resetOffset : memref<4x2x4xi32, #hal.descriptor_type<storage_buffer>> to memref<4x2x4xi32, #amdgpu.address_space<fat_raw_buffer>>
  %6 = iree_codegen.load_from_buffer %1 : memref<2x2x5xi8, #amdgpu.address_space<fat_raw_buffer>> -> tensor<2x2x5xi8>
  %7 = iree_codegen.load_from_buffer %collapse_shape : memref<4x4xi8, #amdgpu.address_space<fat_raw_buffer>> -> tensor<4x4xi8>
  %8 = tensor.empty() : tensor<4x2x4xi32>
  %9 = linalg.fill ins(%c0_i32 : i32) outs(%8 : tensor<4x2x4xi32>) -> tensor<4x2x4xi32>
  %10 = tensor.empty() : tensor<4x2x4xi8>
  %11 = iree_linalg_ext.im2col strides = [1, 1] dilations = [1, 1] kernel_size = [1, 2] offsets = [0, 0, 0] output_sizes = [[2], [4], [1, 2, 2]] batch_pos = [] m_pos = [1, 2] k_pos = [0] input_k_perm = [1, 0, 2] output_perm = [2, 0, 1] ins(%6 : tensor<2x2x5xi8>) outs(%10 : tensor<4x2x4xi8>) -> tensor<4x2x4xi8>
  %12 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d3)>, affine_map<(d0, d1, d2, d3) -> (d3, d1, d2)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%7, %11 : tensor<4x4xi8>, tensor<4x2x4xi8>) outs(%9 : tensor<4x2x4xi32>) attrs =  {lowering_config = #iree_gpu.lowering_config<{mma_kind = #iree_gpu.mma_layout<MFMA_I32_16x16x32_I8>, padding = [16, 2, 16, 32], promote_operands = [0, 1], reduction = [0, 0, 0, 1], subgroup = [1, 1, 1, 0], workgroup = [16, 2, 16, 0]}>} {
  ^bb0(%in: i8, %in_0: i8, %out: i32):
    %13 = arith.extsi %in : i8 to i32
    %14 = arith.extsi %in_0 : i8 to i32
    %15 = arith.muli %13, %14 : i32
    %16 = arith.addi %15, %out : i32
    linalg.yield %16 : i32
  } -> tensor<4x2x4xi32>
  iree_codegen.store_to_buffer %12, %5 : tensor<4x2x4xi32> into memref<4x2x4xi32, #amdgpu.address_space<fat_raw_buffer>>
  return
}