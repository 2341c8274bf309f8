//===- Registration.cpp - plugin entry halves and the opt driver ----------===//
//
// The C++ halves of the two plugin faces (the Rust halves, which install the
// hook table and export the entry symbols, are in src/plugin.rs) and an opt
// driver's main: upstream's MlirOptMain with everything registered. The
// dialects come from the installed Rust descriptor: no dialect is named here.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/IR.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

using namespace mlir;

extern "C" void rmlirBridgeRegisterDialects(MlirDialectRegistry registry) {
  rmlir::bridge::hooks().registerDialects(registry);
}

static void registerDialectsInto(DialectRegistry &registry) {
  rmlirBridgeRegisterDialects(wrap(&registry));
}

static void registerPassesCallback() { rmlirBridgeRegisterPasses(); }

extern "C" void *rmlirBridgeDialectPluginCallback(void) {
  return reinterpret_cast<void *>(&registerDialectsInto);
}

extern "C" void *rmlirBridgePassPluginCallback(void) {
  return reinterpret_cast<void *>(&registerPassesCallback);
}

extern "C" int rmlirBridgeOptMain(int argc, char **argv, MlirStringRef title) {
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllPasses();
  registerDialectsInto(registry);
  rmlirBridgeRegisterPasses();
  std::string heading(title.data, title.length);
  heading += "\n";
  return asMainReturnCode(MlirOptMain(argc, argv, heading, registry));
}
