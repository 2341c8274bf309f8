//===- ExecutionEngine.cpp - The JIT with target features chosen on purpose ===//
//
// What the C API's mlirExecutionEngineCreate does, with one difference: the
// caller names target features to add to (or remove from) the host CPU's,
// so that the code a test runs does not depend on which CPU runs it (e.g.
// "-avx512bf16,-avxneconvert": on hosts with those, LLVM lowers a bf16
// fptrunc to vcvtneps2bf16, which flushes subnormals to zero). The engine
// returned is an ordinary MlirExecutionEngine: the rest of the C API
// (invoke, register symbol, destroy) works on it.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"

#include "mlir-c/ExecutionEngine.h"
#include "mlir/CAPI/ExecutionEngine.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include <cstdlib>
#include <cstring>
#include <string>

using namespace mlir;

namespace {
/// Copies `s` into a malloc'd, NUL-terminated buffer the caller frees with
/// rmlirFreeString.
char *copyOut(llvm::StringRef s) {
  char *out = static_cast<char *>(std::malloc(s.size() + 1));
  if (!out)
    return nullptr;
  std::memcpy(out, s.data(), s.size());
  out[s.size()] = '\0';
  return out;
}
} // namespace

extern "C" MlirExecutionEngine
rmlirExecutionEngineCreate(MlirModule module, int optLevel, intptr_t numPaths,
                           const MlirStringRef *sharedLibPaths,
                           MlirStringRef features, char **error) {
  static bool initOnce = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmParser();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)initOnce;
  *error = nullptr;
  auto fail = [&](llvm::Error err) {
    std::string message = llvm::toString(std::move(err));
    *error = copyOut(message);
    return MlirExecutionEngine{nullptr};
  };

  Operation *op = unwrap(mlirModuleGetOperation(module));
  MLIRContext &ctx = *op->getContext();
  registerBuiltinDialectTranslation(ctx);
  registerLLVMDialectTranslation(ctx);

  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder)
    return fail(builder.takeError());
  llvm::SmallVector<llvm::StringRef> extra;
  unwrap(features).split(extra, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef feature : extra)
    builder->getFeatures().AddFeature(feature.trim());
  auto tm = builder->createTargetMachine();
  if (!tm)
    return fail(tm.takeError());

  llvm::SmallVector<llvm::StringRef> libs;
  for (intptr_t i = 0; i < numPaths; ++i)
    libs.push_back(unwrap(sharedLibPaths[i]));

  ExecutionEngineOptions options;
  auto transformer =
      makeOptimizingTransformer(optLevel, /*sizeLevel=*/0, tm->get());
  options.transformer = transformer;
  options.jitCodeGenOptLevel = static_cast<llvm::CodeGenOptLevel>(optLevel);
  options.sharedLibPaths = libs;
  auto engine = ExecutionEngine::create(op, options, std::move(*tm));
  if (!engine)
    return fail(engine.takeError());
  return wrap(engine->release());
}

extern "C" char *rmlirHostCpuName(void) {
  return copyOut(llvm::sys::getHostCPUName());
}

extern "C" char *rmlirHostCpuFeatures(void) {
  llvm::StringMap<bool> map = llvm::sys::getHostCPUFeatures();
  std::string out;
  llvm::SmallVector<std::string> names;
  for (auto &entry : map)
    names.push_back((entry.second ? "+" : "-") + entry.first().str());
  llvm::sort(names);
  for (auto &name : names) {
    if (!out.empty())
      out += ',';
    out += name;
  }
  return copyOut(out);
}

extern "C" void rmlirFreeString(char *s) { std::free(s); }
