// An int8 matrix-vector product (i8 operands widened to i32, accumulated in i64) and its narrowing, as linalg:
// the shape of the dispatch IREE forms from the ONNX MatMulInteger + ReduceSum case (kernel.mlir).
func.func @main(%a: tensor<8x2xi8>, %b: tensor<2xi8>) -> tensor<8xi32> {
  %c0 = arith.constant 0 : i64
  %ea = tensor.empty() : tensor<8x2xi32>
  %a32 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<8x2xi8>) outs(%ea : tensor<8x2xi32>) {
  ^bb0(%x: i8, %o: i32):
    %y = arith.extsi %x : i8 to i32
    linalg.yield %y : i32
  } -> tensor<8x2xi32>
  %eb = tensor.empty() : tensor<2xi32>
  %b32 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%b : tensor<2xi8>) outs(%eb : tensor<2xi32>) {
  ^bb0(%x: i8, %o: i32):
    %y = arith.extsi %x : i8 to i32
    linalg.yield %y : i32
  } -> tensor<2xi32>
  %e = tensor.empty() : tensor<8xi64>
  %f = linalg.fill ins(%c0 : i64) outs(%e : tensor<8xi64>) -> tensor<8xi64>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a32, %b32 : tensor<8x2xi32>, tensor<2xi32>) outs(%f : tensor<8xi64>) {
  ^bb0(%x: i32, %y: i32, %acc: i64):
    %x2 = arith.extsi %x : i32 to i64
    %y2 = arith.extsi %y : i32 to i64
    %m = arith.muli %x2, %y2 : i64
    %s = arith.addi %acc, %m : i64
    linalg.yield %s : i64
  } -> tensor<8xi64>
  %eo = tensor.empty() : tensor<8xi32>
  %t = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%r : tensor<8xi64>) outs(%eo : tensor<8xi32>) {
  ^bb0(%x: i64, %o: i32):
    %y = arith.trunci %x : i64 to i32
    linalg.yield %y : i32
  } -> tensor<8xi32>
  return %t : tensor<8xi32>
}
