// iree-compile kernel.mlir -o kernel.vmfb --iree-hal-target-device=hip --iree-rocm-target=gfx942 --iree-opt-level=O2
module {
  func.func @main(%arg0: !torch.vtensor<[8,2],si8>, %arg1: !torch.vtensor<[2,1],si8>) -> !torch.vtensor<[8],si32> attributes {torch.onnx_meta.ir_version = 8 : si64, torch.onnx_meta.opset_version = 18 : si64, torch.onnx_meta.producer_name = "kernelfuzz", torch.onnx_meta.producer_version = ""} {
    %0 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<za__1> : tensor<si8>} : () -> !torch.vtensor<[],si8> 
    %1 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<zb__2> : tensor<si8>} : () -> !torch.vtensor<[],si8> 
    %2 = torch.operator "onnx.Constant"() {torch.onnx.value = dense_resource<axes__4> : tensor<1xsi64>} : () -> !torch.vtensor<[1],si64> 
    %none = torch.constant.none
    %3 = torch.operator "onnx.MatMulInteger"(%arg0, %arg1, %0, %1) : (!torch.vtensor<[8,2],si8>, !torch.vtensor<[2,1],si8>, !torch.vtensor<[],si8>, !torch.vtensor<[],si8>) -> !torch.vtensor<[8,1],si32> 
    %4 = torch.operator "onnx.ReduceSum"(%3, %2) {torch.onnx.keepdims = 0 : si64} : (!torch.vtensor<[8,1],si32>, !torch.vtensor<[1],si64>) -> !torch.vtensor<[8],si32> 
    return %4 : !torch.vtensor<[8],si32>
  }
}

{-#
  dialect_resources: {
    builtin: {
      za__1: "0x0800000000",
      zb__2: "0x0800000000",
      axes__4: "0x080000000100000000000000"
    }
  }
#-}

