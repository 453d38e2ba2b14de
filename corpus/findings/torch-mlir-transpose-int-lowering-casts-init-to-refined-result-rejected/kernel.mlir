module {
  func.func @main(%arg0: !torch.vtensor<[?,?,?,?],f16>, %arg1: !torch.vtensor<[?,?,?,3],f16>) -> !torch.vtensor<[?,6,10,3],f16> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "kernelfuzz", torch.onnx_meta.producer_version = ""} {
    %none = torch.constant.none
    %0 = torch.operator "onnx.Transpose"(%arg0) {torch.onnx.perm = [0 : si64, 3 : si64, 1 : si64, 2 : si64]} : (!torch.vtensor<[?,?,?,?],f16>) -> !torch.vtensor<[?,?,?,?],f16> 
    %1 = torch.operator "onnx.Transpose"(%arg1) {torch.onnx.perm = [3 : si64, 2 : si64, 0 : si64, 1 : si64]} : (!torch.vtensor<[?,?,?,3],f16>) -> !torch.vtensor<[3,?,?,?],f16> 
    %2 = torch.operator "onnx.Conv"(%0, %1) {torch.onnx.dilations = [1 : si64, 1 : si64], torch.onnx.group = 1 : si64, torch.onnx.kernel_shape = [1 : si64, 1 : si64], torch.onnx.pads = [2 : si64, 0 : si64, 0 : si64, 1 : si64], torch.onnx.strides = [1 : si64, 1 : si64]} : (!torch.vtensor<[?,?,?,?],f16>, !torch.vtensor<[3,?,?,?],f16>) -> !torch.vtensor<[?,3,?,?],f16> 
    %3 = torch.operator "onnx.Transpose"(%2) {torch.onnx.perm = [0 : si64, 2 : si64, 3 : si64, 1 : si64]} : (!torch.vtensor<[?,3,?,?],f16>) -> !torch.vtensor<[?,6,10,3],f16> 
    return %3 : !torch.vtensor<[?,6,10,3],f16>
  }
}

