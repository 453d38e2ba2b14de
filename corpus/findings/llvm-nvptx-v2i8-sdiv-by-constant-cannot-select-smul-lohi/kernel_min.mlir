func.func @main(%x: tensor<2x10xi8>) -> tensor<2xi32> {
  %e = tensor.empty() : tensor<2xi32>
  %max = arith.constant 2147483647 : i32
  %init = linalg.fill ins(%max : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>],
                       iterator_types = ["parallel", "reduction"]} ins(%x : tensor<2x10xi8>) outs(%init : tensor<2xi32>) {
  ^bb0(%a: i8, %acc: i32):
    %w = arith.extsi %a : i8 to i32
    %c5 = arith.constant 5 : i32
    %q = arith.divsi %w, %c5 : i32
    %m = arith.minsi %acc, %q : i32
    linalg.yield %m : i32
  } -> tensor<2xi32>
  return %r : tensor<2xi32>
}
