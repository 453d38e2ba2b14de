func.func @main_dispatch_0_reduction_Dx2_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>>} {
  %c32_i64 = arith.constant 32 : i64
  %cst = arith.constant 0.000000e+00 : f16
  %c0 = arith.constant 0 : index
  %0 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %1 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %2 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %3 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %4 = arith.extui %0 : i32 to i64
  %5 = arith.extui %1 : i32 to i64
  %6 = arith.shli %5, %c32_i64 : i64
  %7 = arith.ori %4, %6 : i64
  %8 = arith.index_castui %7 {stream.alignment = 64 : index} : i64 to index
  %9 = arith.extui %2 : i32 to i64
  %10 = arith.extui %3 : i32 to i64
  %11 = arith.shli %10, %c32_i64 : i64
  %12 = arith.ori %9, %11 : i64
  %13 = arith.index_castui %12 : i64 to index
  %14:2 = util.assume.int 
      %8<umin = 0, umax = 18014398509481984, udiv = 64>, 
      %13<umin = 0, umax = 9007199254740991>
    : index, index
  %15 = iree_tensor_ext.dispatch.workload.ordinal %14#1, 0 : index
  %16 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>{%15}
  %17 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<?xf16, #hal.descriptor_type<storage_buffer>>{%15}
  %18 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%14#0) flags(Indirect) : memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>{%15}
  %19 = iree_codegen.load_from_buffer %16 : memref<2x?xf16, #hal.descriptor_type<storage_buffer>> -> tensor<2x?xf16>
  %20 = tensor.empty(%15) : tensor<?xf16>
  %21:2 = scf.forall (%arg0) = (0) to (%15) step (32) shared_outs(%arg1 = %20, %arg2 = %20) -> (tensor<?xf16>, tensor<?xf16>) {
    %22 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg0)[%15]
    %23 = tensor.empty(%22) : tensor<?xf16>
    %24:2 = scf.forall (%arg3) = (0) to (%22) step (32) shared_outs(%arg4 = %23, %arg5 = %23) -> (tensor<?xf16>, tensor<?xf16>) {
      %25 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg3)[%22]
      %26 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%arg3, %arg0]
      %extracted_slice = tensor.extract_slice %19[0, %26] [2, %25] [1, 1] : tensor<2x?xf16> to tensor<2x?xf16>
      %27 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%arg3, %arg0]
      %extracted_slice_0 = tensor.extract_slice %19[0, %27] [2, %25] [1, 1] : tensor<2x?xf16> to tensor<2x?xf16>
      %extracted_slice_1 = tensor.extract_slice %arg5[%arg3] [%25] [1] : tensor<?xf16> to tensor<?xf16>
      %28 = linalg.fill {lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [32]>} ins(%cst : f16) outs(%extracted_slice_1 : tensor<?xf16>) -> tensor<?xf16>
      %29 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice_0 : tensor<2x?xf16>) outs(%28 : tensor<?xf16>) attrs =  {lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [32, 0], vector_reduction = [0, 1]>} {
      ^bb0(%in: f16, %out: f16):
        %32 = arith.addf %out, %in : f16
        linalg.yield %32 : f16
      } -> tensor<?xf16>
      %extracted_slice_2 = tensor.extract_slice %arg4[%arg3] [%25] [1] : tensor<?xf16> to tensor<?xf16>
      %30 = linalg.fill {lowering_config = #iree_cpu.lowering_config<vector_common_parallel = [32]>} ins(%cst : f16) outs(%extracted_slice_2 : tensor<?xf16>) -> tensor<?xf16>
      %31 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%extracted_slice, %29 : tensor<2x?xf16>, tensor<?xf16>) outs(%30 : tensor<?xf16>) attrs =  {lowering_config = #iree_cpu.lowering_config<distribution = [32, 0], vector_common_parallel = [32, 0], vector_reduction = [0, 1]>} {
      ^bb0(%in: f16, %in_3: f16, %out: f16):
        %32 = arith.addf %out, %in_3 : f16
        linalg.yield %32 : f16
      } -> tensor<?xf16>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %31 into %arg4[%arg3] [%25] [1] : tensor<?xf16> into tensor<?xf16>
        tensor.parallel_insert_slice %29 into %arg5[%arg3] [%25] [1] : tensor<?xf16> into tensor<?xf16>
      }
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %24#0 into %arg1[%arg0] [%22] [1] : tensor<?xf16> into tensor<?xf16>
      tensor.parallel_insert_slice %24#1 into %arg2[%arg0] [%22] [1] : tensor<?xf16> into tensor<?xf16>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %21#0, %17 : tensor<?xf16> into memref<?xf16, #hal.descriptor_type<storage_buffer>>
  iree_codegen.store_to_buffer %21#1, %18 : tensor<?xf16> into memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  return
}
