//===- OpModel.cpp - registry of the bridge's op models -------------------===//
//
// Which registered op models are OpModels (include/rmlir/OpModel.h), with
// what MLIR's own hasTrait would answer for each, so that tests can check
// the two agree on every trait id any of them declares.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"
#include "rmlir/OpModel.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"

#include "llvm/ADT/DenseMap.h"

#include <mutex>

using namespace mlir;
using rmlir::bridge::OpModelTraits;

/// Live OpModels by address. Never destroyed: models unregister when their
/// context is destroyed, which may happen during static destruction.
static llvm::DenseMap<const void *, OpModelTraits> &
opModels(std::unique_lock<std::mutex> &lock) {
  static auto *mutex = new std::mutex;
  static auto *models = new llvm::DenseMap<const void *, OpModelTraits>;
  lock = std::unique_lock<std::mutex>(*mutex);
  return *models;
}

void rmlir::bridge::registerOpModel(const void *impl, OpModelTraits traits) {
  std::unique_lock<std::mutex> lock;
  opModels(lock)[impl] = traits;
}

void rmlir::bridge::unregisterOpModel(const void *impl) {
  std::unique_lock<std::mutex> lock;
  opModels(lock).erase(impl);
}

extern "C" int rmlirOperationNameTraitsAgree(MlirContext ctx,
                                             MlirStringRef name) {
  std::optional<RegisteredOperationName> op =
      RegisteredOperationName::lookup(unwrap(name), unwrap(ctx));
  if (!op)
    return -1;
  std::unique_lock<std::mutex> lock;
  auto &models = opModels(lock);
  auto it = models.find(op->getAsOpaquePointer());
  if (it == models.end())
    return -1;
  // Asked: every trait of every live OpModel (this op's own and others'),
  // and ids no op has as a trait.
  llvm::SmallVector<TypeID> asked = {TypeID::get<void>(), TypeID::get<int>(),
                                     op->getTypeID(),
                                     TypeID::getFromOpaquePointer(nullptr)};
  for (const auto &entry : models)
    asked.append(entry.second.traits.begin(), entry.second.traits.end());
  // And ids next to those in memory, which probe the same slots or the
  // ones after them.
  for (size_t i = 0, n = asked.size(); i < n; ++i)
    for (intptr_t step : {-16, -8, -1, 1, 8, 16, 64})
      asked.push_back(TypeID::getFromOpaquePointer(
          static_cast<const char *>(asked[i].getAsOpaquePointer()) + step));
  for (TypeID id : asked)
    if (op->hasTrait(id) != it->second.reference(id))
      return 0;
  return 1;
}
