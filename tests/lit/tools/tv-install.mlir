// The program scripts/install-check.sh validates with the installed
// rmlir-tv (and this test with the built one).
// RUN: rmlir-tv %s --pipeline='builtin.module(canonicalize)' | FileCheck %s
// CHECK: @tv: proven
func.func @tv(%x: i16) -> i16 {
  %c3 = rarith.constant 3 : i16
  %c5 = rarith.constant 5 : i16
  %0 = rarith.addi %x, %c3 overflow<nsw> : i16
  %1 = rarith.addi %0, %c5 overflow<nsw> : i16
  return %1 : i16
}
