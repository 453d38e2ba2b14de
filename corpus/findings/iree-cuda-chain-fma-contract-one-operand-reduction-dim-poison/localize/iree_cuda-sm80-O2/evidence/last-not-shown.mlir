func.func @main_dispatch_0_matmul_like_2x2x4x9_f32() attributes {gpu.known_block_size = array<i32: 32, 8, 1>} {
  %c256 = arith.constant 256 : index
  %c2 = arith.constant 2 : index
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %c1 = arith.constant 1 : index
  %0 = ub.poison : f32
  %cst = arith.constant dense<0.000000e+00> : vector<1x2xf32>
  %thread_id_y = gpu.thread_id y upper_bound 8
  %thread_id_x = gpu.thread_id x upper_bound 32
  %1 = affine.linearize_index disjoint [%thread_id_y, %thread_id_x] by (8, 32) : index
  %2 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(0) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<9x2x4xf32, #gpu.address_space<global>>
  %assume_align = memref.assume_alignment %2, 64 : memref<9x2x4xf32, #gpu.address_space<global>>
  %3 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(1) alignment(64) offset(%c0) flags("ReadOnly|Indirect") : memref<2x4x9xf32, #gpu.address_space<global>>
  %assume_align_0 = memref.assume_alignment %3, 64 : memref<2x4x9xf32, #gpu.address_space<global>>
  %4 = hal.interface.binding.subspan layout(<bindings = [#hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, "ReadOnly|Indirect">, #hal.pipeline.binding<storage_buffer, Indirect>], flags = Indirect>) binding(2) alignment(64) offset(%c0) flags(Indirect) : memref<2x2xf16, #gpu.address_space<global>>
  %assume_align_1 = memref.assume_alignment %4, 64 : memref<2x2xf16, #gpu.address_space<global>>
  scf.for %arg0 = %1 to %c2 step %c256 {
    %5 = scf.for %arg1 = %c0 to %c9 step %c1 iter_args(%arg2 = %cst) -> (vector<1x2xf32>) {
      %8 = vector.transfer_read %assume_align[%arg1, %arg0, %c0], %0 {in_bounds = [true]} : memref<9x2x4xf32, #gpu.address_space<global>>, vector<4xf32>
      %9 = vector.transfer_read %assume_align_0[%c0, %c0, %arg1], %0 {in_bounds = [true, true, true]} : memref<2x4x9xf32, #gpu.address_space<global>>, vector<2x4x1xf32>
      %10 = vector.shape_cast %8 : vector<4xf32> to vector<1x4xf32>
      %11 = vector.shape_cast %arg2 : vector<1x2xf32> to vector<2xf32>
      %12 = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>, affine_map<(d0, d1, d2) -> (d0)>], iterator_types = ["parallel", "reduction", "reduction"], kind = #vector.kind<add>} %10, %9, %11 : vector<1x4xf32>, vector<2x4x1xf32> into vector<2xf32>
      %13 = vector.shape_cast %12 : vector<2xf32> to vector<1x2xf32>
      scf.yield %13 : vector<1x2xf32>
    }
    %6 = vector.shape_cast %5 : vector<1x2xf32> to vector<2xf32>
    %7 = arith.truncf %6 : vector<2xf32> to vector<2xf16>
    vector.transfer_write %7, %assume_align_1[%arg0, %c0] {in_bounds = [true]} : vector<2xf16>, memref<2x2xf16, #gpu.address_space<global>>
  }
  return
}