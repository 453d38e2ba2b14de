func.func @main(%arg_in0: tensor<2x4x5x8xi8>, %arg_in1: tensor<3x4x3x1xi8>, %arg_init0: tensor<2x3x4x10xi32>) -> (tensor<2x3x4x10xf16>) {
  %c1 = arith.constant -5 : i8
  %pad2 = tensor.pad %arg_in0 low[0, 0, 1, 2] high[0, 0, 2, 0] {
  ^bb0(%idx3: index, %idx4: index, %idx5: index, %idx6: index):
    tensor.yield %c1 : i8
  } : tensor<2x4x5x8xi8> to tensor<2x4x8x10xi8>
  %c7 = arith.constant -5 : i32
  %c8 = arith.constant 1 : i32
  %conv9 = linalg.conv_2d_nchw_fchw_q {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<[1, 1]> : tensor<2xi64>} ins(%pad2, %arg_in1, %c7, %c8 : tensor<2x4x8x10xi8>, tensor<3x4x3x1xi8>, i32, i32) outs(%arg_init0 : tensor<2x3x4x10xi32>) -> tensor<2x3x4x10xi32>
  %e10 = tensor.empty() : tensor<2x3x4x10xf16>
  %g11 = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>, affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%conv9 : tensor<2x3x4x10xi32>) outs(%e10 : tensor<2x3x4x10xf16>) {
  ^bb0(%a0: i32, %acc: f16):
    %v12 = arith.sitofp %a0 : i32 to f32
    %c13 = arith.constant 0x3D078000 : f32
    %v14 = arith.mulf %v12, %c13 : f32
    %v15 = arith.truncf %v14 : f32 to f16
    linalg.yield %v15 : f16
  } -> tensor<2x3x4x10xf16>
  return %g11 : tensor<2x3x4x10xf16>
}
