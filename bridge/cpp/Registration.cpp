//===- Registration.cpp - plugin entry halves and the opt driver ----------===//
//
// The tools' mains: upstream's MlirOptMain, MlirLspServerMain and
// mlirReduceMain with everything registered.
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
#include "mlir/Tools/mlir-lsp-server/MlirLspServerMain.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Tools/mlir-reduce/MlirReduceMain.h"

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

/// Every upstream dialect and extension, and the table's dialects.
static void registerEverything(const RmlirHooks *hooks,
                               DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  hooks->registerDialects(wrap(&registry));
}

extern "C" int rmlirBridgeLspServerMain(const RmlirHooks *hooks, int argc,
                                        char **argv) {
  DialectRegistry registry;
  registerEverything(hooks, registry);
  return failed(MlirLspServerMain(argc, argv, registry)) ? 1 : 0;
}

extern "C" int rmlirBridgeReduceMain(const RmlirHooks *hooks, int argc,
                                     char **argv) {
  registerAllPasses();
  DialectRegistry registry;
  registerEverything(hooks, registry);
  MLIRContext context(registry);
  return failed(mlirReduceMain(argc, argv, context)) ? 1 : 0;
}
