//===- Registration.cpp - plugin entry halves and the opt driver ----------===//
//
// An opt driver's main: upstream's MlirOptMain with everything registered.
// The dialects come from the Rust hook table given (Rust registered its
// passes before): no dialect is named here. (The plugin entry points are all
// Rust: bridge/src/runtime/plugin.rs.)
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/IR.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

extern "C" int rmlirBridgeOptMain(const RmlirHooks *hooks, int argc,
                                  char **argv, MlirStringRef title) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllPasses();
  hooks->registerDialects(wrap(&registry));
  std::string heading(title.data, title.length);
  heading += "\n";
  return asMainReturnCode(MlirOptMain(argc, argv, heading, registry));
}
