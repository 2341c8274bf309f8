// Facts about the built artifacts, checked on every test run.
// The plugin holds no copy of MLIR (no MLIRContext constructor of its own):
// RUN: nm -C --defined-only %plugin | not grep "mlir::MLIRContext::MLIRContext"
// It exports the plugin entry points and the C API dialect handles:
// RUN: nm -D --defined-only %plugin | FileCheck %s --check-prefix=EXPORTS
// Every artifact links the one shared libMLIR:
// RUN: ldd %plugin | FileCheck %s --check-prefix=SHARED
// RUN: ldd %rmlir-opt-path | FileCheck %s --check-prefix=SHARED
// No hand-written C++ file of the bridge names an op class (so none defines
// a per-op fold, verify or pattern): ODS generates every op's forwarders.
// RUN: not grep -rnE "[A-Za-z]+Op::" %cpp-dir --include=*.cpp --include=*.h

// EXPORTS-DAG: T mlirGetDialectHandle__rarith__
// EXPORTS-DAG: T mlirGetDialectHandle__rshape__
// EXPORTS-DAG: T mlirGetDialectPluginInfo
// EXPORTS-DAG: T mlirGetPassPluginInfo

// SHARED: libMLIR.so.22
