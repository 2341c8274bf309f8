// Differential: int<->float casts of integers wider than 128 bits fold as
// upstream folds them (correctly rounded conversions of i200/i201/i256, the
// signed minimum, unsigned reinterpretation; out-of-range, NaN and
// negative-to-unsigned conversions do not fold).
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @wide
// CHECK-NOT: itofp
// CHECK-LABEL: func.func @to_wide
// CHECK-COUNT-3: rarith.fpto
// CHECK-NOT: rarith.fpto

func.func @wide() -> (f32, f64, f128, f16, bf16, f32, f64, f128, f32, f64) {
  %a = rarith.constant 57896044618658097711785492504343953926634992332820282019728792003956564819967 : i256
  %b = rarith.constant -57896044618658097711785492504343953926634992332820282019728792003956564819968 : i256
  %c = rarith.constant 123456789012345678901234567890123456789012345678901234567890 : i256
  %d = rarith.constant -1 : i256
  %0 = rarith.sitofp %a : i256 to f32
  %1 = rarith.sitofp %b : i256 to f64
  %2 = rarith.sitofp %c : i256 to f128
  %3 = rarith.sitofp %c : i256 to f16
  %4 = rarith.uitofp %c : i256 to bf16
  %5 = rarith.uitofp %d : i256 to f32
  %6 = rarith.uitofp %d : i256 to f64
  %7 = rarith.uitofp %b : i256 to f128
  %e = rarith.constant 340282366920938463463374607431768211457 : i200
  %8 = rarith.sitofp %e : i200 to f32
  %f = rarith.constant 1606938044258990275541962092341162602522202993782792835301375 : i201
  %9 = rarith.uitofp %f : i201 to f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : f32, f64, f128, f16, bf16, f32, f64, f128, f32, f64
}

// -----

func.func @to_wide() -> (i256, i256, i256, i256, i256, i256, i256, i256, i129, i129) {
  %a = rarith.constant 1.0e60 : f64
  %b = rarith.constant -1.0e60 : f64
  %c = rarith.constant 1.0e80 : f64
  %d = rarith.constant -5.789604461865809771178549250434395392663e76 : f64
  %e = rarith.constant -0.75 : f64
  %f = rarith.constant 3.5e38 : f128
  %n = rarith.constant 0x7FF8000000000000 : f64
  %0 = rarith.fptosi %a : f64 to i256
  %1 = rarith.fptosi %b : f64 to i256
  %2 = rarith.fptosi %c : f64 to i256
  %3 = rarith.fptosi %d : f64 to i256
  %4 = rarith.fptoui %e : f64 to i256
  %5 = rarith.fptoui %b : f64 to i256
  %6 = rarith.fptoui %f : f128 to i256
  %7 = rarith.fptosi %n : f64 to i256
  %g = rarith.constant 3.4e38 : f64
  %8 = rarith.fptoui %g : f64 to i129
  %9 = rarith.fptosi %g : f64 to i129
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i256, i256, i256, i256, i256, i256, i256, i256, i129, i129
}
