func.func @main_dispatch_0_reduction_Dx2_f16() attributes {translation_info = #iree_codegen.translation_info<pipeline = #iree_cpu.pipeline<DoubleTilingExpert>>} {
  %cst = arith.constant dense<0.000000e+00> : vector<32xf16>
  %0 = ub.poison : f16
  %c32 = arith.constant 32 : index
  %c2 = arith.constant 2 : index
  %c1 = arith.constant 1 : index
  %c32_i64 = arith.constant 32 : i64
  %c0 = arith.constant 0 : index
  %1 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(0) : i32
  %2 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(1) : i32
  %3 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(2) : i32
  %4 = hal.interface.constant.load layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) ordinal(3) : i32
  %5 = arith.extui %1 : i32 to i64
  %6 = arith.extui %2 : i32 to i64
  %7 = arith.shli %6, %c32_i64 : i64
  %8 = arith.ori %5, %7 : i64
  %9 = arith.index_castui %8 {stream.alignment = 64 : index} : i64 to index
  %10 = arith.extui %3 : i32 to i64
  %11 = arith.extui %4 : i32 to i64
  %12 = arith.shli %11, %c32_i64 : i64
  %13 = arith.ori %10, %12 : i64
  %14 = arith.index_castui %13 : i64 to index
  %15:2 = util.assume.int 
      %9<umin = 0, umax = 18014398509481984, udiv = 64>, 
      %14<umin = 0, umax = 9007199254740991>
    : index, index
  %16 = iree_tensor_ext.dispatch.workload.ordinal %15#1, 0 : index
  %17 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x?xf16, #hal.descriptor_type<storage_buffer>>{%16}
  %18 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags(Indirect) : memref<?xf16, #hal.descriptor_type<storage_buffer>>{%16}
  %19 = hal.interface.binding.subspan layout(<constants = 4, bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%15#0) flags(Indirect) : memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>{%16}
  %20 = iree_codegen.load_from_buffer %17 : memref<2x?xf16, #hal.descriptor_type<storage_buffer>> -> tensor<2x?xf16>
  %21 = tensor.empty(%16) : tensor<?xf16>
  %22:2 = scf.forall (%arg0) = (0) to (%16) step (32) shared_outs(%arg1 = %21, %arg2 = %21) -> (tensor<?xf16>, tensor<?xf16>) {
    %23 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg0)[%16]
    %24 = tensor.empty(%23) : tensor<?xf16>
    %25:2 = scf.for %arg3 = %c0 to %23 step %c32 iter_args(%arg4 = %24, %arg5 = %24) -> (tensor<?xf16>, tensor<?xf16>) {
      %26 = affine.min affine_map<(d0)[s0] -> (-d0 + s0, 32)>(%arg3)[%23]
      %extracted_slice = tensor.extract_slice %arg5[%arg3] [%26] [1] : tensor<?xf16> to tensor<?xf16>
      %27 = vector.create_mask %26 : vector<32xi1>
      %28 = vector.transfer_write %cst, %extracted_slice[%c0], %27 {in_bounds = [true]} : vector<32xf16>, tensor<?xf16>
      %extracted_slice_0 = tensor.extract_slice %arg4[%arg3] [%26] [1] : tensor<?xf16> to tensor<?xf16>
      %29 = vector.create_mask %26 : vector<32xi1>
      %30 = vector.transfer_write %cst, %extracted_slice_0[%c0], %29 {in_bounds = [true]} : vector<32xf16>, tensor<?xf16>
      %31:2 = scf.for %arg6 = %c0 to %c2 step %c1 iter_args(%arg7 = %30, %arg8 = %28) -> (tensor<?xf16>, tensor<?xf16>) {
        %32 = affine.apply affine_map<()[s0, s1] -> (s0 + s1)>()[%arg3, %arg0]
        %extracted_slice_2 = tensor.extract_slice %20[0, %32] [2, %26] [1, 1] : tensor<2x?xf16> to tensor<2x?xf16>
        %extracted_slice_3 = tensor.extract_slice %arg8[0] [%26] [1] : tensor<?xf16> to tensor<?xf16>
        %33 = scf.for %arg9 = %c0 to %c2 step %c1 iter_args(%arg10 = %extracted_slice_3) -> (tensor<?xf16>) {
          %extracted_slice_7 = tensor.extract_slice %extracted_slice_2[%arg9, 0] [1, %26] [1, 1] : tensor<2x?xf16> to tensor<1x?xf16>
          %extracted_slice_8 = tensor.extract_slice %arg10[0] [%26] [1] : tensor<?xf16> to tensor<?xf16>
          %42 = vector.create_mask %c1, %26 : vector<1x32xi1>
          %43 = vector.transfer_read %extracted_slice_7[%c0, %c0], %0, %42 {in_bounds = [true, true]} : tensor<1x?xf16>, vector<1x32xf16>
          %44 = vector.transpose %43, [1, 0] : vector<1x32xf16> to vector<32x1xf16>
          %45 = vector.create_mask %26 : vector<32xi1>
          %46 = vector.transfer_read %extracted_slice_8[%c0], %0, %45 {in_bounds = [true]} : tensor<?xf16>, vector<32xf16>
          %47 = vector.create_mask %26, %c1 : vector<32x1xi1>
          %48 = vector.mask %47 { vector.multi_reduction <add>, %44, %46 [1] : vector<32x1xf16> to vector<32xf16> } : vector<32x1xi1> -> vector<32xf16>
          %49 = vector.transfer_write %48, %extracted_slice_8[%c0], %45 {in_bounds = [true]} : vector<32xf16>, tensor<?xf16>
          %inserted_slice_9 = tensor.insert_slice %49 into %arg10[0] [%26] [1] : tensor<?xf16> into tensor<?xf16>
          scf.yield %inserted_slice_9 : tensor<?xf16>
        }
        %extracted_slice_4 = tensor.extract_slice %arg7[0] [%26] [1] : tensor<?xf16> to tensor<?xf16>
        %34 = vector.create_mask %26 : vector<32xi1>
        %35 = vector.transfer_read %33[%c0], %0, %34 {in_bounds = [true]} : tensor<?xf16>, vector<32xf16>
        %36 = vector.broadcast %35 : vector<32xf16> to vector<1x32xf16>
        %37 = vector.transpose %36, [1, 0] : vector<1x32xf16> to vector<32x1xf16>
        %38 = vector.transfer_read %extracted_slice_4[%c0], %0, %34 {in_bounds = [true]} : tensor<?xf16>, vector<32xf16>
        %39 = vector.create_mask %26, %c1 : vector<32x1xi1>
        %40 = vector.mask %39 { vector.multi_reduction <add>, %37, %38 [1] : vector<32x1xf16> to vector<32xf16> } : vector<32x1xi1> -> vector<32xf16>
        %41 = vector.transfer_write %40, %extracted_slice_4[%c0], %34 {in_bounds = [true]} : vector<32xf16>, tensor<?xf16>
        %inserted_slice_5 = tensor.insert_slice %41 into %arg7[0] [%26] [1] : tensor<?xf16> into tensor<?xf16>
        %inserted_slice_6 = tensor.insert_slice %33 into %arg8[0] [%26] [1] : tensor<?xf16> into tensor<?xf16>
        scf.yield %inserted_slice_5, %inserted_slice_6 : tensor<?xf16>, tensor<?xf16>
      }
      %inserted_slice = tensor.insert_slice %31#0 into %arg4[%arg3] [%26] [1] : tensor<?xf16> into tensor<?xf16>
      %inserted_slice_1 = tensor.insert_slice %31#1 into %arg5[%arg3] [%26] [1] : tensor<?xf16> into tensor<?xf16>
      scf.yield %inserted_slice, %inserted_slice_1 : tensor<?xf16>, tensor<?xf16>
    }
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %25#0 into %arg1[%arg0] [%23] [1] : tensor<?xf16> into tensor<?xf16>
      tensor.parallel_insert_slice %25#1 into %arg2[%arg0] [%23] [1] : tensor<?xf16> into tensor<?xf16>
    }
  } {mapping = [#iree_codegen.workgroup_mapping<x>]}
  iree_codegen.store_to_buffer %22#0, %18 : tensor<?xf16> into memref<?xf16, #hal.descriptor_type<storage_buffer>>
  iree_codegen.store_to_buffer %22#1, %19 : tensor<?xf16> into memref<?xf16, strided<[1], offset: ?>, #hal.descriptor_type<storage_buffer>>
  return
}
