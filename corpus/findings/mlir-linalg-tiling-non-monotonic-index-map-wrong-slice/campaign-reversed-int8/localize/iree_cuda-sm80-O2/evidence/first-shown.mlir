func.func @main_dispatch_0_conv_5x4_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c4 = arith.constant 4 : index
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<5xi8, #hal.descriptor_type<storage_buffer>>
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<5x4xi8, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<5x4xi32, #hal.descriptor_type<storage_buffer>>
  %3 = iree_codegen.load_from_buffer %0 : memref<5xi8, #hal.descriptor_type<storage_buffer>> -> tensor<5xi8>
  %4 = iree_codegen.load_from_buffer %1 : memref<5x4xi8, #hal.descriptor_type<storage_buffer>> -> tensor<5x4xi8>
  %5 = tensor.empty() : tensor<5x4xi32>
  %6 = scf.forall (%arg0, %arg1) = (0, 0) to (5, 4) step (1, 32) shared_outs(%arg2 = %5) -> (tensor<5x4xi32>) {
    %7 = affine.apply affine_map<(d0) -> (-d0)>(%arg0)
    %extracted_slice = tensor.extract_slice %3[%7] [5] [1] : tensor<5xi8> to tensor<5xi8>
    %extracted_slice_0 = tensor.extract_slice %4[%arg0, 0] [1, 4] [1, 1] : tensor<5x4xi8> to tensor<1x4xi8>
    %extracted_slice_1 = tensor.extract_slice %arg2[%arg0, 0] [1, 4] [1, 1] : tensor<5x4xi32> to tensor<1x4xi32>
    %8 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (-d0 + 4)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%extracted_slice, %extracted_slice_0 : tensor<5xi8>, tensor<1x4xi8>) outs(%extracted_slice_1 : tensor<1x4xi32>) attrs =  {lowering_config = #iree_gpu.lowering_config<{thread = [1, 1], workgroup = [1, 32]}>} {
    ^bb0(%in: i8, %in_2: i8, %out: i32):
      %9 = arith.extsi %in_2 : i8 to i32
      %10 = arith.extsi %in : i8 to i32
      %11 = arith.ori %10, %c1_i32 : i32
      %12 = arith.remsi %9, %11 : i32
      %13 = arith.ori %12, %c4_i32 : i32
      %14 = arith.sitofp %13 : i32 to f16
      %15 = arith.fptosi %14 : f16 to i32
      linalg.yield %15 : i32
    } -> tensor<1x4xi32>
    %cast = tensor.cast %8 : tensor<1x4xi32> to tensor<1x?xi32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %cast into %arg2[%arg0, %c0] [1, %c4] [1, 1] : tensor<1x?xi32> into tensor<5x4xi32>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<y>, #iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %6, %2 : tensor<5x4xi32> into memref<5x4xi32, #hal.descriptor_type<storage_buffer>>
  return
}