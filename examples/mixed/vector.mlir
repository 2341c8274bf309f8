// vector + rarith: vector lowering to scf/loops creates arith index math.
// pipeline: canonicalize,convert-vector-to-scf,lower-affine,canonicalize
func.func @vector_mix(%m: memref<8x8xf32>, %i: index) -> vector<4x4xf32> {
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %pad = rarith.constant 0.0 : f32
  %v = vector.transfer_read %m[%i, %c4], %pad : memref<8x8xf32>, vector<4x4xf32>
  %w = vector.transfer_read %m[%c0, %c0], %pad : memref<8x8xf32>, vector<4x4xf32>
  %s = rarith.addf %v, %w : vector<4x4xf32>
  %b = vector.broadcast %pad : f32 to vector<4x4xf32>
  %t = rarith.maximumf %s, %b : vector<4x4xf32>
  return %t : vector<4x4xf32>
}
