func.func @main(%v: vector<4x2x1xf32>, %out: memref<4x2x4xf32>, %b: index) {
  %sv = memref.subview %out[0, 0, %b] [4, 2, 2] [1, 1, 1] : memref<4x2x4xf32> to memref<4x2x2xf32, strided<[8, 4, 1], offset: ?>>
  iree_linalg_ext.map_store %v into %sv {
  ^bb0(%i: index, %j: index, %k: index):
    %c1 = arith.constant 1 : index
    %m = arith.cmpi ult, %k, %c1 : index
    iree_linalg_ext.yield %i, %j, %k, %m : index, index, index, i1
  } : vector<4x2x1xf32> into memref<4x2x2xf32, strided<[8, 4, 1], offset: ?>>
  return
}
