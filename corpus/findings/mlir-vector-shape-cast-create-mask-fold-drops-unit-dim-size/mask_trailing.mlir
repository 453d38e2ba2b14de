// The older trailing-unit-dim fold (ShapeCastCreateMaskFolderTrailingOneDim, before llvm/llvm-project#219494 extended it
// to leading dims): `iree-opt --canonicalize mask_trailing.mlir` with IREE 3.11 and 3.13 (mask_releases.txt).
// A vector<8x1x1xi1> create_mask(n, k, 1) is all-false when k <= 0, so dropping k is wrong.
func.func @trail_dynamic(%k: index, %n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %k, %c1 : vector<8x1x1xi1>
  %s = vector.shape_cast %m : vector<8x1x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @trail_zero(%n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %n, %c0, %c1 : vector<8x1x1xi1>
  %s = vector.shape_cast %m : vector<8x1x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @trail_zero_last(%n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %m = vector.create_mask %n, %c1, %c0 : vector<8x1x1xi1>
  %s = vector.shape_cast %m : vector<8x1x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
func.func @trail_one_dynamic(%k: index, %n: index) -> vector<8xi1> {
  %m = vector.create_mask %n, %k : vector<8x1xi1>
  %s = vector.shape_cast %m : vector<8x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
// control: every dropped operand is the constant 1 (a legitimate fold)
func.func @trail_all_ones(%n: index) -> vector<8xi1> {
  %c1 = arith.constant 1 : index
  %m = vector.create_mask %n, %c1, %c1 : vector<8x1x1xi1>
  %s = vector.shape_cast %m : vector<8x1x1xi1> to vector<8xi1>
  return %s : vector<8xi1>
}
