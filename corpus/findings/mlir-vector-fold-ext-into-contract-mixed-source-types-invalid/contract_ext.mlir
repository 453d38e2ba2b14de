// The fold alone: both contraction operands are arith.extsi to i64, one from i8, the other from i32.
func.func @main(%a: vector<4x2xi8>, %b: vector<2xi32>, %acc: vector<4xi64>) -> vector<4xi64> {
  %a64 = arith.extsi %a : vector<4x2xi8> to vector<4x2xi64>
  %b64 = arith.extsi %b : vector<2xi32> to vector<2xi64>
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a64, %b64, %acc : vector<4x2xi64>, vector<2xi64> into vector<4xi64>
  return %r : vector<4xi64>
}
