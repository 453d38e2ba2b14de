func.func @contract_then_add(%a: vector<2xf32>, %b: vector<2x2xf32>, %r: vector<2xf32>) -> vector<2xf32> {
  %zero = arith.constant dense<0.0> : vector<2xf32>
  %c = vector.contract {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %zero : vector<2xf32>, vector<2x2xf32> into vector<2xf32>
  %s = arith.addf %c, %r : vector<2xf32>
  return %s : vector<2xf32>
}
