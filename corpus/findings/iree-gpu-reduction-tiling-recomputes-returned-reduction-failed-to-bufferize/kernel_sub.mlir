#id = affine_map<(d0, d1, d2) -> (d0, d1, d2)>
#rd = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @main(%x: tensor<7x?x?xf32>) -> (tensor<7x?xf32>, tensor<7x?xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %d1 = tensor.dim %x, %c1 : tensor<7x?x?xf32>
  %d2 = tensor.dim %x, %c2 : tensor<7x?x?xf32>
  %ninf = arith.constant 0xFF800000 : f32
  %zero = arith.constant 0.0 : f32
  %e0 = tensor.empty(%d1) : tensor<7x?xf32>
  %m0 = linalg.fill ins(%ninf : f32) outs(%e0 : tensor<7x?xf32>) -> tensor<7x?xf32>
  %m = linalg.generic {indexing_maps = [#id, #rd], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%x : tensor<7x?x?xf32>) outs(%m0 : tensor<7x?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.maximumf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<7x?xf32>
  %e1 = tensor.empty(%d1, %d2) : tensor<7x?x?xf32>
  %ex = linalg.generic {indexing_maps = [#id, #rd, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%x, %m : tensor<7x?x?xf32>, tensor<7x?xf32>) outs(%e1 : tensor<7x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<7x?x?xf32>
  %s0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<7x?xf32>) -> tensor<7x?xf32>
  %s = linalg.generic {indexing_maps = [#id, #rd], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%ex : tensor<7x?x?xf32>) outs(%s0 : tensor<7x?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<7x?xf32>
  %y = linalg.generic {indexing_maps = [#id, #rd, #id], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%ex, %s : tensor<7x?x?xf32>, tensor<7x?xf32>) outs(%e1 : tensor<7x?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.divf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<7x?x?xf32>
  return %s, %m : tensor<7x?xf32>, tensor<7x?xf32>
}
