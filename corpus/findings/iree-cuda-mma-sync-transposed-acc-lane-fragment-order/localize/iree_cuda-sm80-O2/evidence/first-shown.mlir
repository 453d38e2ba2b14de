func.func @main_dispatch_0_matmul_like_2x9x2_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [32, 1, 1] subgroup_size = 32, {gpu_pipeline_options = #iree_gpu.pipeline_options<prefetch_num_stages = 2, no_reduce_shared_memory_bank_conflicts = false, use_igemm_convolution = false>}>} {
  %cst = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x9xf16, #hal.descriptor_type<storage_buffer>>
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x2xf16, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x9xf16, #hal.descriptor_type<storage_buffer>>
  %3 = iree_codegen.load_from_buffer %0 : memref<2x9xf16, #hal.descriptor_type<storage_buffer>> -> tensor<2x9xf16>
  %4 = iree_codegen.load_from_buffer %1 : memref<2x2xf16, #hal.descriptor_type<storage_buffer>> -> tensor<2x2xf16>
  %5 = tensor.empty() : tensor<2x9xf16>
  %6 = scf.forall (%arg0, %arg1) = (0, 0) to (2, 9) step (8, 16) shared_outs(%arg2 = %5) -> (tensor<2x9xf16>) {
    %7 = tensor.empty() : tensor<1x1x8x2x8xf16>
    %8 = tensor.empty() : tensor<16x16xf16>
    %9 = scf.forall (%arg3, %arg4) = (0, 0) to (16, 16) step (1, 8) shared_outs(%arg5 = %8) -> (tensor<16x16xf16>) {
      %15 = affine.min affine_map<(d0) -> (2, d0)>(%arg3)
      %16 = affine.min affine_map<(d0) -> (-d0 + 2, 1)>(%15)
      %17 = affine.apply affine_map<(d0) -> (-d0 + 1)>(%16)
      %18 = affine.min affine_map<(d0) -> (9, d0)>(%arg4)
      %19 = affine.min affine_map<(d0) -> (-d0 + 9, 8)>(%18)
      %20 = affine.apply affine_map<(d0) -> (-d0 + 8)>(%19)
      %extracted_slice_1 = tensor.extract_slice %3[%15, %18] [%16, %19] [1, 1] : tensor<2x9xf16> to tensor<?x?xf16>
      %padded = tensor.pad %extracted_slice_1 low[0, 0] high[%17, %20] {
      ^bb0(%arg6: index, %arg7: index):
        tensor.yield %cst : f16
      } : tensor<?x?xf16> to tensor<1x8xf16>
      %extracted_slice_2 = tensor.extract_slice %arg5[%arg3, %arg4] [1, 8] [1, 1] : tensor<16x16xf16> to tensor<1x8xf16>
      %21 = linalg.copy {lowering_config = #iree_gpu.derived_thread_config} ins(%padded : tensor<1x8xf16>) outs(%extracted_slice_2 : tensor<1x8xf16>) -> tensor<1x8xf16>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %21 into %arg5[%arg3, %arg4] [1, 8] [1, 1] : tensor<1x8xf16> into tensor<16x16xf16>
      }
    } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
    %expanded = tensor.expand_shape %9 [[0, 1, 2], [3, 4, 5]] output_shape [1, 2, 8, 1, 2, 8] : tensor<16x16xf16> into tensor<1x2x8x1x2x8xf16>
    %10 = tensor.empty() : tensor<8x16xf16>
    %11 = scf.forall (%arg3, %arg4) = (0, 0) to (8, 16) step (1, 4) shared_outs(%arg5 = %10) -> (tensor<8x16xf16>) {
      %15 = affine.min affine_map<(d0) -> (2, d0)>(%arg3)
      %16 = affine.min affine_map<(d0) -> (-d0 + 2, 1)>(%15)
      %17 = affine.apply affine_map<(d0) -> (-d0 + 1)>(%16)
      %18 = affine.min affine_map<(d0) -> (2, d0)>(%arg4)
      %19 = affine.min affine_map<(d0) -> (-d0 + 2, 4)>(%18)
      %20 = affine.apply affine_map<(d0) -> (-d0 + 4)>(%19)
      %extracted_slice_1 = tensor.extract_slice %4[%15, %18] [%16, %19] [1, 1] : tensor<2x2xf16> to tensor<?x?xf16>
      %padded = tensor.pad %extracted_slice_1 low[0, 0] high[%17, %20] {
      ^bb0(%arg6: index, %arg7: index):
        tensor.yield %cst : f16
      } : tensor<?x?xf16> to tensor<1x4xf16>
      %extracted_slice_2 = tensor.extract_slice %arg5[%arg3, %arg4] [1, 4] [1, 1] : tensor<8x16xf16> to tensor<1x4xf16>
      %21 = linalg.copy {lowering_config = #iree_gpu.derived_thread_config} ins(%padded : tensor<1x4xf16>) outs(%extracted_slice_2 : tensor<1x4xf16>) -> tensor<1x4xf16>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %21 into %arg5[%arg3, %arg4] [1, 4] [1, 1] : tensor<1x4xf16> into tensor<8x16xf16>
      }
    } {mapping = [#gpu.thread<linear_dim_1>, #gpu.thread<linear_dim_0>]}
    %expanded_0 = tensor.expand_shape %11 [[0, 1], [2, 3, 4]] output_shape [1, 8, 1, 2, 8] : tensor<8x16xf16> into tensor<1x8x1x2x8xf16>
    %12 = scf.forall (%arg3, %arg4) in (1, 1) shared_outs(%arg5 = %7) -> (tensor<1x1x8x2x8xf16>) {
      %extracted_slice_1 = tensor.extract_slice %arg5[%arg3, %arg4, 0, 0, 0] [1, 1, 8, 2, 8] [1, 1, 1, 1, 1] : tensor<1x1x8x2x8xf16> to tensor<1x1x8x2x8xf16>
      %15 = scf.forall (%arg6) in (32) shared_outs(%arg7 = %extracted_slice_1) -> (tensor<1x1x8x2x8xf16>) {
        %16:3 = affine.delinearize_index %arg6 into (8, 4) : index, index, index
        %17 = iree_codegen.index_hint %16#1(#iree_gpu.lane_constant<4>) : index
        %18 = iree_codegen.index_hint %16#2(#iree_gpu.lane_increment<4, aligned>) : index
        %19 = affine.linearize_index disjoint [%18, %c0] by (4, 2) : index
        %extracted_slice_2 = tensor.extract_slice %expanded[0, 0, %19, %arg4, 0, %17] [1, 2, 2, 1, 2, 1] [1, 1, 1, 1, 1, 1] : tensor<1x2x8x1x2x8xf16> to tensor<1x2x2x1x2x1xf16>
        %20 = tensor.empty() : tensor<1x1x2x1x2x2xf16>
        %transposed_3 = linalg.transpose ins(%extracted_slice_2 : tensor<1x2x2x1x2x1xf16>) outs(%20 : tensor<1x1x2x1x2x2xf16>) permutation = [0, 3, 4, 5, 1, 2] 
        %21:3 = affine.delinearize_index %arg6 into (8, 4) : index, index, index
        %22 = iree_codegen.index_hint %21#1(#iree_gpu.lane_constant<4>) : index
        %23 = iree_codegen.index_hint %21#2(#iree_gpu.lane_increment<4, aligned>) : index
        %24 = affine.linearize_index disjoint [%23, %c0] by (4, 2) : index
        %extracted_slice_4 = tensor.extract_slice %expanded_0[%arg3, %22, 0, 0, %24] [1, 1, 1, 2, 2] [1, 1, 1, 1, 1] : tensor<1x8x1x2x8xf16> to tensor<1x1x1x2x2xf16>
        %25 = tensor.empty() : tensor<1x1x1x2x2xf16>
        %transposed_5 = linalg.transpose ins(%extracted_slice_4 : tensor<1x1x1x2x2xf16>) outs(%25 : tensor<1x1x1x2x2xf16>) permutation = [0, 2, 1, 3, 4] 
        %26:3 = affine.delinearize_index %arg6 into (8, 4) : index, index, index
        %27 = iree_codegen.index_hint %26#1(#iree_gpu.lane_constant<4>) : index
        %28 = iree_codegen.index_hint %26#2(#iree_gpu.lane_increment<4, aligned>) : index
        %29 = affine.linearize_index disjoint [%28, %c0] by (4, 2) : index
        %extracted_slice_6 = tensor.extract_slice %arg7[0, 0, %29, 0, %27] [1, 1, 2, 2, 1] [1, 1, 1, 1, 1] : tensor<1x1x8x2x8xf16> to tensor<1x1x2x2x1xf16>
        %30 = linalg.fill ins(%cst : f16) outs(%extracted_slice_6 : tensor<1x1x2x2x1xf16>) -> tensor<1x1x2x2x1xf16>
        %31 = iree_codegen.inner_tiled ins(%transposed_3, %transposed_5) outs(%30) <indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d2)>, affine_map<(d0, d1, d2) -> (d0, d1)>], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>, #linalg.iterator_type<reduction>], kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>, semantics = #iree_gpu.mma_semantics<distributed = true, opaque = true>> {lowering_config = #iree_gpu.lowering_config<{convert_acc_gemm, mma_kind = #iree_gpu.mma_layout<NV_MMA_SYNC_F16_16x8x16_F16>, padding = [8, 16, 16], promote_operands = [0, 1], reduction = [0, 0, 1], subgroup = [1, 1, 0], workgroup = [8, 16, 0]}>} : tensor<1x1x2x1x2x2xf16>, tensor<1x1x1x2x2xf16> into tensor<1x1x2x2x1xf16>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %31 into %arg7[0, 0, %29, 0, %27] [1, 1, 2, 2, 1] [1, 1, 1, 1, 1] : tensor<1x1x2x2x1xf16> into tensor<1x1x8x2x8xf16>
        }
      } {mapping = [#iree_gpu.lane_id<0>]}
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %15 into %arg5[%arg3, %arg4, 0, 0, 0] [1, 1, 8, 2, 8] [1, 1, 1, 1, 1] : tensor<1x1x8x2x8xf16> into tensor<1x1x8x2x8xf16>
      }
    } {mapping = [#gpu.warp<linear_dim_1>, #gpu.warp<linear_dim_0>]}
    %13 = tensor.empty() : tensor<1x8x1x2x8xf16>
    %transposed = linalg.transpose ins(%12 : tensor<1x1x8x2x8xf16>) outs(%13 : tensor<1x8x1x2x8xf16>) permutation = [0, 2, 1, 3, 4] 
    %collapsed = tensor.collapse_shape %transposed [[0, 1], [2, 3, 4]] : tensor<1x8x1x2x8xf16> into tensor<8x16xf16>
    %extracted_slice = tensor.extract_slice %collapsed[0, 0] [2, 9] [1, 1] : tensor<8x16xf16> to tensor<2x9xf16>
    %14 = linalg.copy ins(%extracted_slice : tensor<2x9xf16>) outs(%5 : tensor<2x9xf16>) -> tensor<2x9xf16>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %14 into %arg2[0, 0] [2, 9] [1, 1] : tensor<2x9xf16> into tensor<2x9xf16>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %6, %2 : tensor<2x9xf16> into memref<2x9xf16, #hal.descriptor_type<storage_buffer>>
  return
}