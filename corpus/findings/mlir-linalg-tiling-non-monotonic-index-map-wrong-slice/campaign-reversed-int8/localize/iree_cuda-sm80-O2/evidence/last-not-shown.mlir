func.func @main_dispatch_0_conv_5x4_i8xi8xi32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_gpu.pipeline<TileAndFuse> workgroup_size = [32, 1, 1] subgroup_size = 32>} {
  %c1_i32 = arith.constant 1 : i32
  %c4_i32 = arith.constant 4 : i32
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<5xi8, #hal.descriptor_type<storage_buffer>>
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<5x4xi8, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<5x4xi32, #hal.descriptor_type<storage_buffer>>
  %3 = iree_codegen.load_from_buffer %0 : memref<5xi8, #hal.descriptor_type<storage_buffer>> -> tensor<5xi8>
  %4 = iree_codegen.load_from_buffer %1 : memref<5x4xi8, #hal.descriptor_type<storage_buffer>> -> tensor<5x4xi8>
  %5 = tensor.empty() : tensor<5x4xi32>
  %6 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (-d0 + 4)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%3, %4 : tensor<5xi8>, tensor<5x4xi8>) outs(%5 : tensor<5x4xi32>) attrs =  {lowering_config = #iree_gpu.lowering_config<{thread = [1, 1], workgroup = [1, 32]}>} {
  ^bb0(%in: i8, %in_0: i8, %out: i32):
    %7 = arith.extsi %in_0 : i8 to i32
    %8 = arith.extsi %in : i8 to i32
    %9 = arith.ori %8, %c1_i32 : i32
    %10 = arith.remsi %7, %9 : i32
    %11 = arith.ori %10, %c4_i32 : i32
    %12 = arith.sitofp %11 : i32 to f16
    %13 = arith.fptosi %12 : f16 to i32
    linalg.yield %13 : i32
  } -> tensor<5x4xi32>
  iree_codegen.store_to_buffer %6, %2 : tensor<5x4xi32> into memref<5x4xi32, #hal.descriptor_type<storage_buffer>>
  return
}