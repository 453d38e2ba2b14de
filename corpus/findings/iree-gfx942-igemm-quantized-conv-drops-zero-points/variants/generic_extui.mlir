#x = affine_map<(d0, d1, d2, d3, d4) -> (d3, d1, d2 + d4)>
#w = affine_map<(d0, d1, d2, d3, d4) -> (d0, d3, d4)>
#o = affine_map<(d0, d1, d2, d3, d4) -> (d0, d1, d2)>
func.func @main(%x: tensor<2x2x5xi8>, %w: tensor<4x2x2xi8>) -> tensor<4x2x4xi32> {
  %z = arith.constant 0 : i32
  %e = tensor.empty() : tensor<4x2x4xi32>
  %i = linalg.fill ins(%z : i32) outs(%e : tensor<4x2x4xi32>) -> tensor<4x2x4xi32>
  %r = linalg.generic {indexing_maps = [#x, #w, #o], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]} ins(%x, %w : tensor<2x2x5xi8>, tensor<4x2x2xi8>) outs(%i : tensor<4x2x4xi32>) {
  ^bb0(%a: i8, %b: i8, %acc: i32):
    %a32 = arith.extui %a : i8 to i32
    %b32 = arith.extsi %b : i8 to i32
    %m = arith.muli %a32, %b32 : i32
    %s = arith.addi %acc, %m : i32
    linalg.yield %s : i32
  } -> tensor<4x2x4xi32>
  return %r : tensor<4x2x4xi32>
}
