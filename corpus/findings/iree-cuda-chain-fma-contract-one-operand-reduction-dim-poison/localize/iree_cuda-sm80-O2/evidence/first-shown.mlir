func.func @main_dispatch_0_matmul_like_2x2x4x9_f32() attributes {gpu.known_block_size = array<i32: 32, 8, 1>} {
  %c3 = arith.constant 3 : index
  %0 = ub.poison : vector<1x2xf32>
  %1 = ub.poison : vector<2xf32>
  %2 = ub.poison : vector<1xf32>
  %3 = ub.poison : vector<8x1xf32>
  %c256 = arith.constant 256 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant dense<0.000000e+00> : vector<1x2xf32>
  %thread_id_y = gpu.thread_id y upper_bound 8
  %thread_id_x = gpu.thread_id x upper_bound 32
  %4 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (8, 32) : index
  %5 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<9x2x4xf32, #gpu.address_space<global>>
  %assume_align = memref.assume_alignment %5, 64 : memref<9x2x4xf32, #gpu.address_space<global>>
  %6 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x4x9xf32, #gpu.address_space<global>>
  %assume_align_0 = memref.assume_alignment %6, 64 : memref<2x4x9xf32, #gpu.address_space<global>>
  %7 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x2xf16, #gpu.address_space<global>>
  %assume_align_1 = memref.assume_alignment %7, 64 : memref<2x2xf16, #gpu.address_space<global>>
  scf.for %arg0 = %4 to %c2 step %c256 {
    %8 = scf.for %arg1 = %c0 to %c9 step %c1 iter_args(%arg2 = %cst) -> (vector<1x2xf32>) {
      %11 = vector.load %assume_align[%arg1, %arg0, %c0] : memref<9x2x4xf32, #gpu.address_space<global>>, vector<4xf32>
      %12 = vector.load %assume_align_0[%c0, %c0, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %13 = vector.load %assume_align_0[%c0, %c1, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %14 = vector.load %assume_align_0[%c0, %c2, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %15 = vector.load %assume_align_0[%c0, %c3, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %16 = vector.load %assume_align_0[%c1, %c0, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %17 = vector.load %assume_align_0[%c1, %c1, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %18 = vector.load %assume_align_0[%c1, %c2, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %19 = vector.load %assume_align_0[%c1, %c3, %arg1] : memref<2x4x9xf32, #gpu.address_space<global>>, vector<1xf32>
      %20 = vector.extract %11[0] : f32 from vector<4xf32>
      %21 = vector.insert %20, %3 [0, 0] : f32 into vector<8x1xf32>
      %22 = vector.extract %11[0] : f32 from vector<4xf32>
      %23 = vector.insert %22, %21 [1, 0] : f32 into vector<8x1xf32>
      %24 = vector.extract %11[1] : f32 from vector<4xf32>
      %25 = vector.insert %24, %23 [2, 0] : f32 into vector<8x1xf32>
      %26 = vector.extract %11[1] : f32 from vector<4xf32>
      %27 = vector.insert %26, %25 [3, 0] : f32 into vector<8x1xf32>
      %28 = vector.extract %11[2] : f32 from vector<4xf32>
      %29 = vector.insert %28, %27 [4, 0] : f32 into vector<8x1xf32>
      %30 = vector.extract %11[2] : f32 from vector<4xf32>
      %31 = vector.insert %30, %29 [5, 0] : f32 into vector<8x1xf32>
      %32 = vector.extract %11[3] : f32 from vector<4xf32>
      %33 = vector.insert %32, %31 [6, 0] : f32 into vector<8x1xf32>
      %34 = vector.extract %11[3] : f32 from vector<4xf32>
      %35 = vector.insert %34, %33 [7, 0] : f32 into vector<8x1xf32>
      %36 = vector.extract %12[0] : f32 from vector<1xf32>
      %37 = vector.insert %36, %3 [0, 0] : f32 into vector<8x1xf32>
      %38 = vector.extract %16[0] : f32 from vector<1xf32>
      %39 = vector.insert %38, %37 [1, 0] : f32 into vector<8x1xf32>
      %40 = vector.extract %13[0] : f32 from vector<1xf32>
      %41 = vector.insert %40, %39 [2, 0] : f32 into vector<8x1xf32>
      %42 = vector.extract %17[0] : f32 from vector<1xf32>
      %43 = vector.insert %42, %41 [3, 0] : f32 into vector<8x1xf32>
      %44 = vector.extract %14[0] : f32 from vector<1xf32>
      %45 = vector.insert %44, %43 [4, 0] : f32 into vector<8x1xf32>
      %46 = vector.extract %18[0] : f32 from vector<1xf32>
      %47 = vector.insert %46, %45 [5, 0] : f32 into vector<8x1xf32>
      %48 = vector.extract %15[0] : f32 from vector<1xf32>
      %49 = vector.insert %48, %47 [6, 0] : f32 into vector<8x1xf32>
      %50 = vector.extract %19[0] : f32 from vector<1xf32>
      %51 = vector.insert %50, %49 [7, 0] : f32 into vector<8x1xf32>
      %52 = vector.extract %arg2[0, 1] : f32 from vector<1x2xf32>
      %53 = vector.insert %52, %2 [0] : f32 into vector<1xf32>
      %54 = vector.extract %35[7] : vector<1xf32> from vector<8x1xf32>
      %55 = vector.extract %51[7] : vector<1xf32> from vector<8x1xf32>
      %56 = math.fma %54, %55, %53 : vector<1xf32>
      %57 = vector.extract %35[6] : vector<1xf32> from vector<8x1xf32>
      %58 = vector.extract %51[6] : vector<1xf32> from vector<8x1xf32>
      %59 = math.fma %57, %58, %56 : vector<1xf32>
      %60 = vector.extract %35[5] : vector<1xf32> from vector<8x1xf32>
      %61 = vector.extract %51[5] : vector<1xf32> from vector<8x1xf32>
      %62 = math.fma %60, %61, %59 : vector<1xf32>
      %63 = vector.extract %35[4] : vector<1xf32> from vector<8x1xf32>
      %64 = vector.extract %51[4] : vector<1xf32> from vector<8x1xf32>
      %65 = math.fma %63, %64, %62 : vector<1xf32>
      %66 = vector.extract %35[3] : vector<1xf32> from vector<8x1xf32>
      %67 = vector.extract %51[3] : vector<1xf32> from vector<8x1xf32>
      %68 = math.fma %66, %67, %65 : vector<1xf32>
      %69 = vector.extract %35[2] : vector<1xf32> from vector<8x1xf32>
      %70 = vector.extract %51[2] : vector<1xf32> from vector<8x1xf32>
      %71 = math.fma %69, %70, %68 : vector<1xf32>
      %72 = vector.extract %35[1] : vector<1xf32> from vector<8x1xf32>
      %73 = vector.extract %51[1] : vector<1xf32> from vector<8x1xf32>
      %74 = math.fma %72, %73, %71 : vector<1xf32>
      %75 = vector.extract %35[0] : vector<1xf32> from vector<8x1xf32>
      %76 = vector.extract %51[0] : vector<1xf32> from vector<8x1xf32>
      %77 = math.fma %75, %76, %74 : vector<1xf32>
      %78 = vector.extract %77[0] : f32 from vector<1xf32>
      %79 = vector.insert %78, %1 [0] : f32 into vector<2xf32>
      %80 = vector.insert %79, %0 [0] : vector<2xf32> into vector<1x2xf32>
      scf.yield %80 : vector<1x2xf32>
    }
    %9 = vector.extract %8[0] : vector<2xf32> from vector<1x2xf32>
    %10 = arith.truncf %9 : vector<2xf32> to vector<2xf16>
    vector.store %10, %assume_align_1[%arg0, %c0] : memref<2x2xf16, #gpu.address_space<global>>, vector<2xf16>
  }
  return
}