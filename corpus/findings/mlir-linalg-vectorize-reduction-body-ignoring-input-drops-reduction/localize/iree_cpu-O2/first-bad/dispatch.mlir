func.func @main_dispatch_0_reduction_2_f32() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>>} {
  %cst = arith.constant dense<3.000000e+00> : vector<f32>
  %c0 = arith.constant 0 : index
  %0 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<f32, #hal.descriptor_type<storage_buffer>>
  %1 = tensor.empty() : tensor<f32>
  %2 = vector.transfer_write %cst, %1[] : vector<f32>, tensor<f32>
  iree_codegen.store_to_buffer %2, %0 : tensor<f32> into memref<f32, #hal.descriptor_type<storage_buffer>>
  return
}
