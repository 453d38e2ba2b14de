func.func @main(%x: tensor<1x4x2x1xi8>, %w: tensor<2x1x1x2xi8>) -> tensor<1x2x2xi32> {
  %c0 = arith.constant 0 : i32
  %wzp = arith.constant -2 : i32
  %e = tensor.empty() : tensor<1x2x2x2xi32>
  %z = linalg.fill ins(%c0 : i32) outs(%e : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %conv = linalg.conv_2d_nhwc_hwcf_q {dilations = dense<1> : tensor<2xi64>, strides = dense<[2, 1]> : tensor<2xi64>}
      ins(%x, %w, %c0, %wzp : tensor<1x4x2x1xi8>, tensor<2x1x1x2xi8>, i32, i32) outs(%z : tensor<1x2x2x2xi32>) -> tensor<1x2x2x2xi32>
  %e2 = tensor.empty() : tensor<1x2x2xi32>
  %f2 = linalg.fill ins(%c0 : i32) outs(%e2 : tensor<1x2x2xi32>) -> tensor<1x2x2xi32>
  %r = linalg.reduce ins(%conv : tensor<1x2x2x2xi32>) outs(%f2 : tensor<1x2x2xi32>) dimensions = [3]
    (%in: i32, %acc: i32) {
      %s = arith.addi %in, %acc : i32
      linalg.yield %s : i32
    }
  return %r : tensor<1x2x2xi32>
}
