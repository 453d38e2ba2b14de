// A valid vector.contract whose unit reduction dim d2 is in the RHS only (the form the dispatch's contract takes
// once the LHS's shape_cast is folded into it): out[d0] = acc[d0] + sum_{d1, d2} lhs[d1] * rhs[d0, d1, d2].
func.func @contract(%lhs: vector<4xf32>, %rhs: vector<2x4x1xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d1)>,
                                         affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                         affine_map<(d0, d1, d2) -> (d0)>],
                        iterator_types = ["parallel", "reduction", "reduction"], kind = #vector.kind<add>}
       %lhs, %rhs, %acc : vector<4xf32>, vector<2x4x1xf32> into vector<2xf32>
  return %r : vector<2xf32>
}
