module {
  func.func @main(%arg0: !torch.vtensor<[?,?,?,?],f16>) -> !torch.vtensor<[?,6,10,3],f16> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "", torch.onnx_meta.producer_version = ""} {
    %none = torch.constant.none
    %0 = torch.operator "onnx.Transpose"(%arg0) {torch.onnx.perm = [0 : si64, 2 : si64, 3 : si64, 1 : si64]} : (!torch.vtensor<[?,?,?,?],f16>) -> !torch.vtensor<[?,6,10,3],f16> 
    return %0 : !torch.vtensor<[?,6,10,3],f16>
  }
}

