module {
  func.func @main(%arg0: !torch.vtensor<[1,1,3,4],f16>, %arg1: !torch.vtensor<[1,3,2,4],f16>) -> !torch.vtensor<[1,1,3,4],f32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "kernelfuzz", torch.onnx_meta.producer_version = ""} {
    %none = torch.constant.none
    %0 = torch.operator "onnx.Transpose"(%arg0) {torch.onnx.perm = [0 : si64, 3 : si64, 1 : si64, 2 : si64]} : (!torch.vtensor<[1,1,3,4],f16>) -> !torch.vtensor<[1,4,1,3],f16> 
    %1 = torch.operator "onnx.Transpose"(%arg1) {torch.onnx.perm = [3 : si64, 2 : si64, 0 : si64, 1 : si64]} : (!torch.vtensor<[1,3,2,4],f16>) -> !torch.vtensor<[4,2,1,3],f16> 
    %2 = torch.operator "onnx.Cast"(%0) {torch.onnx.to = 1 : si64} : (!torch.vtensor<[1,4,1,3],f16>) -> !torch.vtensor<[1,4,1,3],f32> 
    %3 = torch.operator "onnx.Cast"(%1) {torch.onnx.to = 1 : si64} : (!torch.vtensor<[4,2,1,3],f16>) -> !torch.vtensor<[4,2,1,3],f32> 
    %4 = torch.operator "onnx.Conv"(%2, %3) {torch.onnx.dilations = [1 : si64, 1 : si64], torch.onnx.group = 2 : si64, torch.onnx.kernel_shape = [1 : si64, 3 : si64], torch.onnx.pads = [0 : si64, 0 : si64, 0 : si64, 2 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[1,4,1,3],f32>, !torch.vtensor<[4,2,1,3],f32>) -> !torch.vtensor<[1,4,1,3],f32> 
    %5 = torch.operator "onnx.Transpose"(%4) {torch.onnx.perm = [0 : si64, 2 : si64, 3 : si64, 1 : si64]} : (!torch.vtensor<[1,4,1,3],f32>) -> !torch.vtensor<[1,1,3,4],f32> 
    return %5 : !torch.vtensor<[1,1,3,4],f32>
  }
}

