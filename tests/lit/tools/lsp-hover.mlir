// rmlir-lsp-server on a good rarith program: no diagnostic, and hovering
// over an op (line 11, column 9: `rarith.addi`) shows it in generic form.
// RUN: python3 %S/lsp-client.py rmlir-lsp-server %s | FileCheck %s

// CHECK-NOT: diagnostic
// CHECK: hover 11:9 "rarith.addi"
// CHECK-SAME: %0 = "rarith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
// HOVER: 11:9

func.func @f(%x: i32, %y: i32) -> i32 {
  %0 = rarith.addi %x, %y : i32
  return %0 : i32
}
