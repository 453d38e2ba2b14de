module attributes {transform.with_named_sequence} {
  func.func @main(%x: tensor<2x1x1x5xf16>, %w: tensor<1x1x5xf16>, %o: tensor<2x1x1x5xf16>) -> tensor<2x1x1x5xf16> {
    %r = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
           ins(%x, %w : tensor<2x1x1x5xf16>, tensor<1x1x5xf16>) outs(%o : tensor<2x1x1x5xf16>) -> tensor<2x1x1x5xf16>
    return %r : tensor<2x1x1x5xf16>
  }
  transform.named_sequence @__transform_main(%m: !transform.any_op {transform.readonly}) {
    %c = transform.structured.match ops{["linalg.depthwise_conv_2d_nhwc_hwc"]} in %m : (!transform.any_op) -> !transform.any_op
    %a, %b = transform.structured.convert_conv2d_to_img2col %c : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
