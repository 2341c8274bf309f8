// linalg + rarith: a named matmul lowered to loops (arith bodies and index
// math from upstream) next to rarith scalar code.
// pipeline: canonicalize,linalg-generalize-named-ops,convert-linalg-to-loops,canonicalize
func.func @linalg_mix(%a: memref<4x8xf32>, %b: memref<8x4xf32>, %c: memref<4x4xf32>, %n: index) -> f32 {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %c4 = rarith.constant 4 : index
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x4xf32>) outs(%c : memref<4x4xf32>)
  %k = rarith.remui %n, %c4 : index
  %x = memref.load %c[%k, %c1] : memref<4x4xf32>
  %y = memref.load %c[%c0, %k] : memref<4x4xf32>
  %s = rarith.mulf %x, %y : f32
  return %s : f32
}
