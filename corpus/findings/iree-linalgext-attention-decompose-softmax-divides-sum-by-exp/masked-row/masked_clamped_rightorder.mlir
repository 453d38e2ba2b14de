// masked_clamped.mlir with the division in the intended order, `divf %out, %in` = P / max(sum, 1): what #24178
// meant (a fully masked row gives 0, the other row 1).
#map = affine_map<(d0, d1, d2) -> ()>
#map1 = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#map5 = affine_map<(d0, d1, d2) -> (d0, d1)>
module {
  func.func @main(%arg0: tensor<1x2x1xf32>, %arg1: tensor<1x2x1xf32>, %arg2: tensor<1x2x1xf32>, %arg3: tensor<1x2x2xi1>) -> tensor<1x2x1xf32> {
    %cst = arith.constant 1.000000e+00 : f32
    %0 = tensor.empty() : tensor<1x2x1xf32>
    %cst_0 = arith.constant 1.44269502 : f32
    %1 = arith.mulf %cst, %cst_0 : f32
    %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%1 : f32) outs(%arg0 : tensor<1x2x1xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.mulf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<1x2x1xf32>
    %3 = tensor.empty() : tensor<1x2x2xf32>
    %cst_1 = arith.constant 0.000000e+00 : f32
    %4 = linalg.fill ins(%cst_1 : f32) outs(%3 : tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    %5 = linalg.batch_matmul indexing_maps = [#map2, #map3, #map4] ins(%2, %arg1 : tensor<1x2x1xf32>, tensor<1x2x1xf32>) outs(%4 : tensor<1x2x2xf32>) -> tensor<1x2x2xf32>
    %6 = linalg.generic {indexing_maps = [#map1], iterator_types = ["parallel", "parallel", "parallel"]} outs(%5 : tensor<1x2x2xf32>) {
    ^bb0(%out: f32):
      linalg.yield %out : f32
    } -> tensor<1x2x2xf32>
    %cst_2 = arith.constant 0.000000e+00 : f32
    %cst_3 = arith.constant 0xFF800000 : f32
    %7 = linalg.generic {indexing_maps = [#map1, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%arg3 : tensor<1x2x2xi1>) outs(%6 : tensor<1x2x2xf32>) {
    ^bb0(%in: i1, %out: f32):
      %17 = arith.select %in, %cst_2, %cst_3 : f32
      %18 = arith.addf %out, %17 : f32
      linalg.yield %18 : f32
    } -> tensor<1x2x2xf32>
    %8 = tensor.empty() : tensor<1x2xf32>
    %cst_4 = arith.constant 0.000000e+00 : f32
    %cst_5 = arith.constant -3.40282347E+38 : f32
    %cst_6 = arith.constant 0.000000e+00 : f32
    %9 = linalg.fill ins(%cst_4 : f32) outs(%0 : tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    %10 = linalg.fill ins(%cst_5 : f32) outs(%8 : tensor<1x2xf32>) -> tensor<1x2xf32>
    %11 = linalg.fill ins(%cst_6 : f32) outs(%8 : tensor<1x2xf32>) -> tensor<1x2xf32>
    %12 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%7 : tensor<1x2x2xf32>) outs(%10 : tensor<1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.maximumf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<1x2xf32>
    %13 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%12 : tensor<1x2xf32>) outs(%7 : tensor<1x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.subf %out, %in : f32
      %18 = math.exp2 %17 : f32
      linalg.yield %18 : f32
    } -> tensor<1x2x2xf32>
    %14 = linalg.generic {indexing_maps = [#map1, #map5], iterator_types = ["parallel", "parallel", "reduction"]} ins(%13 : tensor<1x2x2xf32>) outs(%11 : tensor<1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.addf %in, %out : f32
      linalg.yield %17 : f32
    } -> tensor<1x2xf32>
    %one = arith.constant 1.000000e+00 : f32
    %sumempty = tensor.empty() : tensor<1x2xf32>
    %sumc = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%14 : tensor<1x2xf32>) outs(%sumempty : tensor<1x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %c = arith.maximumf %in, %one : f32
      linalg.yield %c : f32
    } -> tensor<1x2xf32>
    %15 = linalg.generic {indexing_maps = [#map5, #map1], iterator_types = ["parallel", "parallel", "parallel"]} ins(%sumc : tensor<1x2xf32>) outs(%13 : tensor<1x2x2xf32>) {
    ^bb0(%in: f32, %out: f32):
      %17 = arith.divf %out, %in : f32
      linalg.yield %17 : f32
    } -> tensor<1x2x2xf32>
    %16 = linalg.batch_matmul ins(%15, %arg2 : tensor<1x2x2xf32>, tensor<1x2x1xf32>) outs(%9 : tensor<1x2x1xf32>) -> tensor<1x2x1xf32>
    return %16 : tensor<1x2x1xf32>
  }
}

