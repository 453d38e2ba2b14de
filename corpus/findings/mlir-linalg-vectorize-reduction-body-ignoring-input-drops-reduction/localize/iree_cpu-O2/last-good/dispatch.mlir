func.func @main_dispatch_0_reduction_2_f32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>>} {
  %cst = arith.constant 3.000000e+00 : f32
  %cst_0 = arith.constant 0.000000e+00 : f32
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2xf32, #hal.descriptor_type<storage_buffer>>
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<f32, #hal.descriptor_type<storage_buffer>>
  %2 = iree_codegen.load_from_buffer %0 : memref<2xf32, #hal.descriptor_type<storage_buffer>> -> tensor<2xf32>
  %3 = tensor.empty() : tensor<f32>
  %4 = linalg.fill ins(%cst_0 : f32) outs(%3 : tensor<f32>) -> tensor<f32>
  %5 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> ()>], iterator_types = ["reduction"]} ins(%2 : tensor<2xf32>) outs(%4 : tensor<f32>) attrs =  {lowering_config = #iree_cpu.lowering_config<distribution = [0], vector_reduction = [16]>} {
  ^bb0(%in: f32, %out: f32):
    %6 = arith.addf %out, %cst : f32
    linalg.yield %6 : f32
  } -> tensor<f32>
  iree_codegen.store_to_buffer %5, %1 : tensor<f32> into memref<f32, #hal.descriptor_type<storage_buffer>>
  return
}
