// Regression (issue 9): convert-rarith-to-llvm folds first, and a fold may
// hand back a value whose op was converted already (`minui %c0, %x` moves
// the constant right, then folds to `%c0`). Each op is then converted and
// erased exactly once; the output is upstream's. Chains of ops that all
// fold, folds to block arguments, to converted index values (casts), to
// constants of other ops, and folds inside regions.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @issue_program
// CHECK-NEXT:    %[[C0:.*]] = llvm.mlir.constant(0 : i8) : i8
// CHECK-NEXT:    %[[M:.*]] = llvm.intr.umin(%[[C0]], %arg0) : (i8, i8) -> i8
// CHECK-NEXT:    return %[[M]] : i8
func.func @issue_program(%arg0 : i8) -> (i8) {
  %c0 = rarith.constant 0 : i8
  %2 = rarith.minui %c0, %arg0 : i8
  %3 = rarith.minui %2, %arg0 : i8
  return %3: i8
}

// -----

// Every op of the chain folds to the constant.
func.func @absorbing_chain(%x : i8) -> (i8) {
  %c0 = rarith.constant 0 : i8
  %1 = rarith.minui %c0, %x : i8
  %2 = rarith.minui %1, %c0 : i8
  %3 = rarith.andi %2, %c0 : i8
  %4 = rarith.muli %3, %c0 : i8
  %5 = rarith.minui %c0, %4 : i8
  return %5: i8
}

// -----

// Every op of the chain folds to the block argument.
func.func @neutral_chain(%x : i32) -> (i32) {
  %c0 = rarith.constant 0 : i32
  %c1 = rarith.constant 1 : i32
  %1 = rarith.addi %c0, %x : i32
  %2 = rarith.muli %1, %c1 : i32
  %3 = rarith.ori %c0, %2 : i32
  %4 = rarith.divui %3, %c1 : i32
  %5 = rarith.maxui %c0, %4 : i32
  return %5: i32
}

// -----

// Index values change type: folds to converted index values keep their
// casts consistent.
func.func @index_chain(%i : index) -> (index, index) {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %1 = rarith.muli %i, %c1 : index
  %2 = rarith.addi %1, %c0 : index
  %3 = rarith.addi %2, %c1 : index
  %4 = rarith.minui %c0, %3 : index
  %5 = rarith.maxsi %4, %4 : index
  return %3, %5 : index, index
}

// -----

// Constant folds that materialize new constants, used by folds further on.
func.func @constant_chain() -> (i16, index) {
  %a = rarith.constant 7 : i16
  %b = rarith.constant 5 : i16
  %1 = rarith.addi %a, %b : i16
  %2 = rarith.muli %1, %b : i16
  %3 = rarith.subi %2, %2 : i16
  %4 = rarith.xori %3, %1 : i16
  %i = rarith.index_cast %4 : i16 to index
  %j = rarith.addi %i, %i : index
  return %4, %j : i16, index
}

// -----

// Folds inside regions, to values defined outside them.
func.func @in_regions(%c : i1, %x : i64) -> i64 {
  %c0 = rarith.constant 0 : i64
  %r = scf.if %c -> i64 {
    %1 = rarith.minui %c0, %x : i64
    %2 = rarith.addi %1, %x : i64
    scf.yield %2 : i64
  } else {
    %3 = rarith.maxui %x, %c0 : i64
    %4 = rarith.minui %c0, %3 : i64
    scf.yield %4 : i64
  }
  %5 = rarith.minui %c0, %r : i64
  return %5 : i64
}

// -----

// Vectors: splat folds in chains.
func.func @vector_chain(%v : vector<4xi32>) -> vector<4xi32> {
  %z = rarith.constant dense<0> : vector<4xi32>
  %1 = rarith.minui %z, %v : vector<4xi32>
  %2 = rarith.minui %1, %v : vector<4xi32>
  %3 = rarith.andi %2, %z : vector<4xi32>
  %4 = rarith.ori %3, %v : vector<4xi32>
  return %4 : vector<4xi32>
}

// -----

// Floats: a chain folding to the constant and to the argument.
func.func @float_chain(%x : f32) -> (f32, f32) {
  %m0 = rarith.constant -0.0 : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %1 = rarith.addf %x, %m0 : f32
  %2 = rarith.addf %m0, %1 : f32
  %3 = rarith.maximumf %nan, %2 : f32
  %4 = rarith.minimumf %3, %x : f32
  return %2, %4 : f32, f32
}
