// convert-rarith-to-llvm{index-bitwidth=N} = convert-arith-to-llvm{index-bitwidth=N}:
// index becomes iN (index constants keep their `index` attribute at that
// width, index casts truncate or extend to it), in both tools; and
// convert-to-llvm lowers rarith through the same patterns with its own type
// converter, as it lowers arith.
// RUN: %to-upstream %s | %upstream-mlir-opt --convert-arith-to-llvm=index-bitwidth=32 | %from-upstream > %t.upstream32
// RUN: rmlir-opt %s --convert-rarith-to-llvm=index-bitwidth=32 > %t.rmlir32
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rarith-to-llvm{index-bitwidth=32})" > %t.plugin32
// RUN: diff -u %t.upstream32 %t.rmlir32
// RUN: diff -u %t.upstream32 %t.plugin32
// RUN: FileCheck %s < %t.rmlir32
// RUN: %to-upstream %s | %upstream-mlir-opt --convert-arith-to-llvm=index-bitwidth=16 | %from-upstream > %t.upstream16
// RUN: rmlir-opt %s --convert-rarith-to-llvm=index-bitwidth=16 > %t.rmlir16
// RUN: diff -u %t.upstream16 %t.rmlir16
// RUN: %to-upstream %s | %upstream-mlir-opt --convert-arith-to-llvm=index-bitwidth=0 | %from-upstream > %t.upstream0
// RUN: rmlir-opt %s --convert-rarith-to-llvm=index-bitwidth=0 > %t.rmlir0
// RUN: diff -u %t.upstream0 %t.rmlir0
// RUN: %to-upstream %s | %upstream-mlir-opt --convert-to-llvm | %from-upstream > %t.generic-upstream
// RUN: rmlir-opt %s --convert-to-llvm > %t.generic-rmlir
// RUN: %mlir-opt-plugin %s --convert-to-llvm > %t.generic-plugin
// RUN: diff -u %t.generic-upstream %t.generic-rmlir
// RUN: diff -u %t.generic-upstream %t.generic-plugin
// RUN: not rmlir-opt %s --convert-rarith-to-llvm=index-bitwidth=wide 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: invalid value `wide` for option index-bitwidth

// CHECK-LABEL: func.func @index_width
// CHECK: llvm.mlir.constant(7 : index) : i32
// CHECK: llvm.add %{{.*}}, %{{.*}} : i32
// CHECK: llvm.sext %{{.*}} : i32 to i64
// CHECK: llvm.trunc %arg1 : i64 to i32
// CHECK: llvm.add %{{.*}}, %{{.*}} : vector<3xi32>
func.func @index_width(%a: index, %b: i64, %v: vector<2x3xindex>, %w: vector<4xi16>) -> (index, i64, index, i32, vector<2x3xindex>, vector<4xindex>, i1) {
  %c = rarith.constant 7 : index
  %0 = rarith.addi %a, %c : index
  %1 = rarith.index_cast %a : index to i64
  %2 = rarith.index_cast %b : i64 to index
  %3 = rarith.index_castui %a : index to i32
  %4 = rarith.addi %v, %v : vector<2x3xindex>
  %5 = rarith.index_castui %w : vector<4xi16> to vector<4xindex>
  %6 = rarith.cmpi ult, %a, %c : index
  return %0, %1, %2, %3, %4, %5, %6 : index, i64, index, i32, vector<2x3xindex>, vector<4xindex>, i1
}
