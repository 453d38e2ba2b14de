// The dispatch's own form (IR before LLVMGPUVectorLoweringPass): the LHS comes through a shape_cast that adds the
// unit reduction dim d2; the pass folds it into the contract and then lowers that contract wrongly.
func.func @contract(%a: vector<4xf32>, %rhs: vector<2x4x1xf32>, %acc: vector<2xf32>) -> vector<2xf32> {
  %lhs = vector.shape_cast %a : vector<4xf32> to vector<1x4xf32>
  %r = vector.contract {indexing_maps = [affine_map<(d0, d1, d2) -> (d2, d1)>,
                                         affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                         affine_map<(d0, d1, d2) -> (d0)>],
                        iterator_types = ["parallel", "reduction", "reduction"], kind = #vector.kind<add>}
       %lhs, %rhs, %acc : vector<1x4xf32>, vector<2x4x1xf32> into vector<2xf32>
  return %r : vector<2xf32>
}
