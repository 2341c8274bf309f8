// Differential: extf/truncf chains and constants through every small float
// format (tf32, f8E3M4, FNUZ, E8M0, f6, f4): truncf(extf(x)) skips the
// intermediate type when it represents the source (APFloat's
// isRepresentableBy), and constants convert only when exact.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @chain
// CHECK: rarith.truncf %arg0 : f6E2M3FN to f4E2M1FN
// CHECK: rarith.truncf %arg1 : f8E4M3FNUZ to f6E3M2FN
// CHECK: rarith.extf %arg2 : f8E8M0FNU to f16
// CHECK: rarith.truncf %arg3 : tf32 to f16
// CHECK: return %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %arg4,
func.func @chain(%a: f6E2M3FN, %b: f8E4M3FNUZ, %c: f8E8M0FNU, %d: tf32, %e: f8E3M4) -> (f4E2M1FN, f6E3M2FN, f8E8M0FNU, f16, f8E3M4, f4E2M1FN) {
  %0 = rarith.extf %a : f6E2M3FN to f32
  %1 = rarith.truncf %0 : f32 to f4E2M1FN
  %2 = rarith.extf %b : f8E4M3FNUZ to f16
  %3 = rarith.truncf %2 : f16 to f6E3M2FN
  %4 = rarith.extf %c : f8E8M0FNU to f16
  %5 = rarith.truncf %4 : f16 to f8E8M0FNU
  %6 = rarith.extf %d : tf32 to f32
  %7 = rarith.truncf %6 : f32 to f16
  %8 = rarith.extf %e : f8E3M4 to bf16
  %9 = rarith.truncf %8 : bf16 to f8E3M4
  %10 = rarith.extf %e : f8E3M4 to f16
  %11 = rarith.truncf %10 : f16 to f4E2M1FN
  return %1, %3, %5, %7, %9, %11 : f4E2M1FN, f6E3M2FN, f8E8M0FNU, f16, f8E3M4, f4E2M1FN
}

// -----

// CHECK-LABEL: func.func @constants
// CHECK-DAG: rarith.constant dense<[1.500000e+00, -0.000000e+00, 6.000000e+00]> : vector<3xf4E2M1FN>
// CHECK-DAG: rarith.constant 2.400000e+02 : f32
// CHECK-DAG: rarith.constant 0x7FC00000 : f32
// CHECK-DAG: rarith.constant 1.250000e-01 : f8E8M0FNU
// CHECK-DAG: rarith.constant 0x3FE00 : tf32
// CHECK: rarith.truncf %{{.*}} : vector<2xf32> to vector<2xf4E2M1FN>
func.func @constants() -> (vector<3xf4E2M1FN>, f32, f32, f8E8M0FNU, tf32, vector<2xf4E2M1FN>) {
  %v = rarith.constant dense<[1.5, -0.0, 6.0]> : vector<3xf32>
  %0 = rarith.truncf %v : vector<3xf32> to vector<3xf4E2M1FN>
  %m = rarith.constant 0x7F : f8E4M3FNUZ
  %1 = rarith.extf %m : f8E4M3FNUZ to f32
  %n = rarith.constant 0x80 : f8E5M2FNUZ
  %2 = rarith.extf %n : f8E5M2FNUZ to f32
  %p = rarith.constant 0.125 : f64
  %3 = rarith.truncf %p : f64 to f8E8M0FNU
  %q = rarith.constant 0x7FC00000 : f32
  %4 = rarith.truncf %q : f32 to tf32
  %r = rarith.constant dense<[1.5, 2.5]> : vector<2xf32>
  %5 = rarith.truncf %r : vector<2xf32> to vector<2xf4E2M1FN>
  return %0, %1, %2, %3, %4, %5 : vector<3xf4E2M1FN>, f32, f32, f8E8M0FNU, tf32, vector<2xf4E2M1FN>
}
