// rarith end to end: folded by canonicalization, lowered to LLVM, run by the
// JIT (rmlir-run) and as an AOT executable (mlir-translate + clang-22).

// Folds to a constant: 2 + 3 = 5, then 5 + 5 = 10.
func.func @ten() -> i32 {
  %a = rarith.constant 2 : i32
  %b = rarith.constant 3 : i32
  %c = rarith.addi %a, %b : i32
  %d = rarith.addi %c, %c overflow<nsw, nuw> : i32
  return %d : i32
}

// (x + 40) + 2, then compared with y: AddIAddConstant makes it x + 42.
func.func @compute(%x: i32, %y: i32) -> i32 {
  %c40 = rarith.constant 40 : i32
  %c2 = rarith.constant 2 : i32
  %s = rarith.addi %x, %c40 overflow<nsw> : i32
  %t = rarith.addi %s, %c2 overflow<nsw> : i32
  %lt = rarith.cmpi slt, %t, %y : i32
  %big = rarith.constant 1000 : i32
  %u = rarith.addi %t, %big : i32
  %r = scf.if %lt -> i32 {
    scf.yield %u : i32
  } else {
    scf.yield %t : i32
  }
  return %r : i32
}
