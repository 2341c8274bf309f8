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
// RUN: not grep -rnE "[A-Za-z]+Op::" %cpp-dirs --include=*.cpp --include=*.h
// The bridge's C++ names no dialect of ours:
// RUN: not grep -rnE "RArith|RShape|rarith::|rshape::|Toy" %bridge-cpp --include=*.cpp --include=*.h
// The example dialect's plugin, built on the bridge alone, exports the
// entry points and its dialect handle, and links the one libMLIR:
// RUN: nm -D --defined-only %toy-plugin | FileCheck %s --check-prefix=TOY
// RUN: ldd %toy-plugin | FileCheck %s --check-prefix=SHARED

// EXPORTS-DAG: T mlirGetDialectHandle__rarith__
// EXPORTS-DAG: T mlirGetDialectHandle__rshape__
// EXPORTS-DAG: T mlirGetDialectPluginInfo
// EXPORTS-DAG: T mlirGetPassPluginInfo

// TOY-DAG: T mlirGetDialectHandle__toy__
// TOY-DAG: T mlirGetDialectPluginInfo
// TOY-DAG: T mlirGetPassPluginInfo

// SHARED: libMLIR.so.22
