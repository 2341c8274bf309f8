// memref + rarith: subviews folded into loads (affine index math, lowered).
// pipeline: canonicalize,fold-memref-alias-ops,lower-affine,canonicalize
func.func @memref_mix(%m: memref<32x32xf32>, %i: index, %j: index) -> f32 {
  %c2 = rarith.constant 2 : index
  %c4 = rarith.constant 4 : index
  %sv = memref.subview %m[%i, 8] [8, 8] [1, 1] : memref<32x32xf32> to memref<8x8xf32, strided<[32, 1], offset: ?>>
  %x = memref.load %sv[%j, %c2] : memref<8x8xf32, strided<[32, 1], offset: ?>>
  %k = rarith.muli %j, %c2 : index
  %y = memref.load %sv[%k, %c4] : memref<8x8xf32, strided<[32, 1], offset: ?>>
  %s = rarith.addf %x, %y : f32
  %z = memref.load %m[%c4, %c2] : memref<32x32xf32>
  %t = rarith.addf %s, %z : f32
  return %t : f32
}
