func.func @main(%arg0: !torch.vtensor<[?,3,?,?],f16>) -> !torch.vtensor<[?,6,3,10],f16> {
  %int1 = torch.constant.int 1
  %int2 = torch.constant.int 2
  %0 = torch.aten.transpose.int %arg0, %int1, %int2 : !torch.vtensor<[?,3,?,?],f16>, !torch.int, !torch.int -> !torch.vtensor<[?,6,3,10],f16>
  return %0 : !torch.vtensor<[?,6,3,10],f16>
}
