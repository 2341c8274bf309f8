// Differential: scaling_extf / scaling_truncf syntax and verification.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @scaling(%a: f8E5M2, %s: f8E5M2, %v: vector<4xf32>, %vs: vector<4xf8E5M2>) -> (f32, vector<4xf8E5M2>) {
  %0 = rarith.scaling_extf %a, %s : f8E5M2, f8E5M2 to f32
  %1 = rarith.scaling_truncf %v, %vs downward fastmath<fast> : vector<4xf32>, vector<4xf8E5M2> to vector<4xf8E5M2>
  return %0, %1 : f32, vector<4xf8E5M2>
}
