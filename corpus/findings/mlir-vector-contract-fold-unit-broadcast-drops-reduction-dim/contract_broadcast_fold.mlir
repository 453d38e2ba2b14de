// A valid vector.contract: both reduction dims d0, d1 index both operands; the rhs is a broadcast that adds the unit
// dim d1 (as the vectorizer's broadcasting transfer_read becomes after permutation-map lowering).
func.func @fold(%a: vector<2x1xf32>, %b: vector<2xf32>, %acc: f32) -> f32 {
  %bb = vector.broadcast %b : vector<2xf32> to vector<1x2xf32>
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"], kind = #vector.kind<add>} %a, %bb, %acc : vector<2x1xf32>, vector<1x2xf32> into f32
  return %r : f32
}
