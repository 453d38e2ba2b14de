func.func @main_dispatch_0_matvec_like_2x2_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>>} {
  %0 = ub.poison : f16
  %c0 = arith.constant 0 : index
  %1 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align = memref.assume_alignment %1, 64 : memref<2xf16, #hal.descriptor_type<storage_buffer>>
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x2xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align_0 = memref.assume_alignment %2, 64 : memref<2x2xf16, #hal.descriptor_type<storage_buffer>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2xf16, #hal.descriptor_type<storage_buffer>>
  %assume_align_1 = memref.assume_alignment %3, 64 : memref<2xf16, #hal.descriptor_type<storage_buffer>>
  scf.forall (%arg0) = (0) to (2) step (2) {
    %4 = vector.transfer_read %assume_align[%c0], %0 {in_bounds = [true]} : memref<2xf16, #hal.descriptor_type<storage_buffer>>, vector<2xf16>
    %5 = vector.transfer_read %assume_align_0[%c0, %c0], %0 {in_bounds = [true, true]} : memref<2x2xf16, #hal.descriptor_type<storage_buffer>>, vector<2x2xf16>
    %6 = vector.transpose %5, [1, 0] : vector<2x2xf16> to vector<2x2xf16>
    %7 = vector.extract %6[0] : vector<2xf16> from vector<2x2xf16>
    %8 = vector.extract %4[0] : f16 from vector<2xf16>
    %9 = vector.broadcast %8 : f16 to vector<2xf16>
    %10 = vector.fma %7, %9, %4 : vector<2xf16>
    %11 = vector.extract %6[1] : vector<2xf16> from vector<2x2xf16>
    %12 = vector.extract %4[1] : f16 from vector<2xf16>
    %13 = vector.broadcast %12 : f16 to vector<2xf16>
    %14 = vector.fma %11, %13, %10 : vector<2xf16>
    vector.transfer_write %14, %assume_align_1[%c0] {in_bounds = [true]} : vector<2xf16>, memref<2xf16, #hal.descriptor_type<storage_buffer>>
  } {mapping = [#iree_codegen.workgroup_mapping<x>]}
  return
}
