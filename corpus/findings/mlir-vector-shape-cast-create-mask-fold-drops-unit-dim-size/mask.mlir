// The pattern alone: `iree-opt --canonicalize mask.mlir`.  Each function returns the mask a shape_cast of a
// create_mask means; a vector<1x1x8xi1> create_mask(1, k, n) is all-false when k <= 0, so dropping k is wrong.
func.func @lead_dynamic(%k: index, %n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %k, %n : vector<1x1x8xi1>
  %s = vector.shape_cast %m : vector<1x1x8xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @lead_zero(%n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %c1, %c0, %n : vector<1x1x8xi1>
  %s = vector.shape_cast %m : vector<1x1x8xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @trail_dynamic(%k: index, %n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %k, %c1 : vector<8x1x1xi1>
  %s = vector.shape_cast %m : vector<8x1x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
// controls: not folded (first dropped operand is not the constant 1), and a legitimate fold
func.func @lead_dynamic_first(%k: index, %n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %k, %c1, %n : vector<1x1x8xi1>
  %s = vector.shape_cast %m : vector<1x1x8xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @lead_all_ones(%n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %c1, %c1, %n : vector<1x1x8xi1>
  %s = vector.shape_cast %m : vector<1x1x8xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
