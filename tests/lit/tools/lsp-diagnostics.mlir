// rmlir-lsp-server, driven over stdio by an LSP client: opening a rarith
// program with a verifier error publishes the diagnostic at its line and
// column (the op on line 9 below).
// RUN: python3 %S/lsp-client.py rmlir-lsp-server %s | FileCheck %s

// CHECK: diagnostic [[# @LINE + 3]]:8 'rarith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible
// CHECK-NOT: diagnostic
func.func @f(%x: i32) -> i64 {
  %0 = rarith.index_cast %x : i32 to i64
  return %0 : i64
}
