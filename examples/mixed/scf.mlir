// scf + rarith: loops with constant bounds and an if-to-select candidate.
// pipeline: canonicalize,scf-for-loop-canonicalization,convert-scf-to-cf,canonicalize
func.func @scf_mix(%m: memref<64xi32>, %n: index, %flag: i1) -> i32 {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %c8 = rarith.constant 8 : index
  %zero = rarith.constant 0 : i32
  %one = rarith.constant 1 : i32
  %r = scf.for %i = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (i32) {
    %x = memref.load %m[%i] : memref<64xi32>
    %y = rarith.addi %acc, %x : i32
    scf.yield %y : i32
  }
  %s = scf.if %flag -> i32 {
    scf.yield %one : i32
  } else {
    scf.yield %zero : i32
  }
  %t = rarith.addi %r, %s : i32
  %u = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %t) -> (i32) {
    %c2 = rarith.constant 2 : i32
    %y = rarith.muli %acc, %c2 : i32
    scf.yield %y : i32
  }
  return %u : i32
}
