// affine + rarith: lower-affine materializes arith constants and index math.
// pipeline: canonicalize,lower-affine,canonicalize
func.func @affine_mix(%m: memref<16x16xf32>, %n: index) -> f32 {
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %zero = rarith.constant 0.0 : f32
  %r = affine.for %i = 0 to 16 step 4 iter_args(%acc = %zero) -> (f32) {
    %j = affine.apply affine_map<(d0) -> (d0 floordiv 4 + 4)>(%i)
    %x = affine.load %m[%i, %j] : memref<16x16xf32>
    %s = rarith.addf %acc, %x : f32
    affine.yield %s : f32
  }
  %d = affine.apply affine_map<(d0) -> (d0 * 4 + 4)>(%n)
  %k = rarith.addi %d, %c4 : index
  %y = memref.load %m[%k, %c0] : memref<16x16xf32>
  %t = rarith.addf %r, %y : f32
  return %t : f32
}
