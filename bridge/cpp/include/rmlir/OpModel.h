//===- OpModel.h - the registered model of a bridge dialect's ops ---------===//
//
// MLIR keeps one OperationName::Impl per registered op; every
// `op->hasTrait<T>()` (the folder's ConstantLike test, the dead-code and
// purity checks, the greedy driver's) is a virtual call into it. MLIR's own
// RegisteredOperationName::Model answers by comparing the asked id with the
// id of each of the op's traits in turn: some 20 ids, each loaded through a
// resolver, for every query, and most queries ask for a trait the op lacks,
// so they compare with all of them.
//
// OpModel<OpT> is that same model for ops of a bridge dialect: every hook
// forwards to MLIR's Model<OpT>, except hasTrait, answered by one probe of a
// hash set of the op's trait ids built when the dialect registers the op.
// Dialects register their ops with rmlir::bridge::addOperations<Ops...>
// instead of Dialect::addOperations<Ops...>.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_OPMODEL_H
#define RMLIR_OPMODEL_H

#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OperationSupport.h"

#include <array>
#include <atomic>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <mutex>
#include <optional>
#include <tuple>

// The bridge's C++ API is what dialect libraries call, so it is exported;
// the bridge is compiled with -fvisibility=hidden (see
// rmlir_bridge_build::cxx), which hides everything else.
#pragma GCC visibility push(default)
namespace rmlir::bridge {

/// A fixed set of `N` TypeIDs, answered by one hash probe (and a short
/// linear run on collision) instead of a comparison per member.
template <size_t N>
class TraitSet {
  /// log2 of the slots: the fewest (at least 1) that hold more than twice
  /// `N`, so that at least half the slots stay empty.
  static constexpr unsigned slotBits() {
    unsigned bits = 1;
    while ((size_t{1} << bits) <= 2 * N)
      ++bits;
    return bits;
  }
  static constexpr unsigned kBits = slotBits();
  static constexpr unsigned kSlots = 1u << kBits;

public:
  explicit TraitSet(const std::array<mlir::TypeID, N> &ids) {
    for (mlir::TypeID id : ids) {
      const void *key = id.getAsOpaquePointer();
      unsigned i = slotOf(key);
      while (slots[i] && slots[i] != key)
        i = (i + 1) & (kSlots - 1);
      slots[i] = key;
    }
  }

  /// Whether `id` is a member. The set is never full, so the probe ends at
  /// the member or at an empty slot (an empty slot first: a null id, which
  /// no trait has, is no member).
  bool contains(mlir::TypeID id) const {
    const void *key = id.getAsOpaquePointer();
    for (unsigned i = slotOf(key);; i = (i + 1) & (kSlots - 1)) {
      const void *slot = slots[i];
      if (!slot)
        return false;
      if (slot == key)
        return true;
    }
  }

private:
  /// Fibonacci hashing of the id's address: its top bits pick the slot,
  /// whatever the alignment of the storage behind the id.
  static unsigned slotOf(const void *key) {
    uint64_t bits = reinterpret_cast<uintptr_t>(key);
    return static_cast<unsigned>((bits * 0x9E3779B97F4A7C15ull) >>
                                 (64 - kBits));
  }

  std::array<const void *, kSlots> slots{};
};

/// The ids of the traits of op class `Op<C, Traits...>` (interfaces'
/// traits included), in declaration order: what MLIR's own hasTrait
/// compares against.
template <typename C, template <typename> class... Traits>
std::array<mlir::TypeID, sizeof...(Traits)> traitIdsOf(mlir::Op<C, Traits...> *) {
  return {mlir::TypeID::get<Traits>()...};
}

/// MLIR's own answer for op class `Op<C, Traits...>`.
template <typename C, template <typename> class... Traits>
bool referenceHasTrait(mlir::Op<C, Traits...> *, mlir::TypeID id) {
  return mlir::op_definition_impl::hasTrait<Traits...>(id);
}

/// What the bridge keeps of a registered OpModel, to check its trait
/// answers against MLIR's (`rmlirOperationNameTraitsAgree`).
struct OpModelTraits {
  bool (*reference)(mlir::TypeID);
  llvm::ArrayRef<mlir::TypeID> traits;
};
/// Records the model at `impl` (an OperationName's opaque pointer) while it
/// lives.
void registerOpModel(const void *impl, OpModelTraits traits);
void unregisterOpModel(const void *impl);

/// True when a Rust hook panicked on `op` (rmlirBridgeMarkPanicked): its
/// verification fails, without a second report. One relaxed load until a
/// panic is caught.
bool failsForPanic(mlir::Operation *op);

/// MLIR's RegisteredOperationName::Model<OpT>, with hasTrait answered from
/// a TraitSet of OpT's trait ids.
template <typename OpT>
class OpModel final : public mlir::OperationName::Impl {
  using Model = mlir::RegisteredOperationName::Model<OpT>;

public:
  explicit OpModel(mlir::Dialect *dialect)
      : Impl(OpT::getOperationName(), dialect, mlir::TypeID::get<OpT>(),
             mlir::detail::InterfaceMap()),
        model(dialect), traits(ids()) {
    // The op's interfaces, as MLIR's model built them (OpT's map is private
    // to MLIR's models); the inner model's hooks never read them.
    getInterfaceMap() = std::move(model.getInterfaceMap());
    registerOpModel(asImpl(), {&reference, ids()});
  }
  ~OpModel() override { unregisterOpModel(asImpl()); }
  OpModel(const OpModel &) = delete;
  OpModel &operator=(const OpModel &) = delete;

  bool hasTrait(mlir::TypeID id) final { return traits.contains(id); }

  // Everything else is MLIR's own model's.
  llvm::LogicalResult
  foldHook(mlir::Operation *op, llvm::ArrayRef<mlir::Attribute> attrs,
           llvm::SmallVectorImpl<mlir::OpFoldResult> &results) final {
    return model.foldHook(op, attrs, results);
  }
  void getCanonicalizationPatterns(mlir::RewritePatternSet &set,
                                   mlir::MLIRContext *context) final {
    model.getCanonicalizationPatterns(set, context);
  }
  mlir::OperationName::ParseAssemblyFn getParseAssemblyFn() final {
    return model.getParseAssemblyFn();
  }
  void populateDefaultAttrs(const mlir::OperationName &name,
                            mlir::NamedAttrList &attrs) final {
    model.populateDefaultAttrs(name, attrs);
  }
  void printAssembly(mlir::Operation *op, mlir::OpAsmPrinter &printer,
                     llvm::StringRef name) final {
    model.printAssembly(op, printer, name);
  }
  llvm::LogicalResult verifyInvariants(mlir::Operation *op) final {
    if (LLVM_UNLIKELY(failsForPanic(op)))
      return mlir::failure();
    return model.verifyInvariants(op);
  }
  llvm::LogicalResult verifyRegionInvariants(mlir::Operation *op) final {
    return model.verifyRegionInvariants(op);
  }
  std::optional<mlir::Attribute> getInherentAttr(mlir::Operation *op,
                                                 llvm::StringRef name) final {
    return model.getInherentAttr(op, name);
  }
  void setInherentAttr(mlir::Operation *op, mlir::StringAttr name,
                       mlir::Attribute value) final {
    model.setInherentAttr(op, name, value);
  }
  void populateInherentAttrs(mlir::Operation *op,
                             mlir::NamedAttrList &attrs) final {
    model.populateInherentAttrs(op, attrs);
  }
  llvm::LogicalResult verifyInherentAttrs(
      mlir::OperationName opName, mlir::NamedAttrList &attributes,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError) final {
    return model.verifyInherentAttrs(opName, attributes, emitError);
  }
  int getOpPropertyByteSize() final { return model.getOpPropertyByteSize(); }
  /// As MLIR's model, but an op created without properties copies this
  /// context's default properties, built once, instead of building each
  /// default-valued attribute (fastmath, overflow flags...) anew: a
  /// uniquer lookup per attribute per op. The copy is what MLIR's
  /// populateDefaultProperties makes of empty properties (uniqued
  /// attributes are the same), and that hook, run on it, adds nothing.
  void initProperties(mlir::OperationName opName,
                      mlir::OpaqueProperties storage,
                      mlir::OpaqueProperties init) final {
    if constexpr (Model::hasProperties) {
      if (!init) {
        const Properties *built = defaultsBuilt.load(std::memory_order_acquire);
        if (LLVM_UNLIKELY(!built))
          built = buildDefaults(opName);
        init = mlir::OpaqueProperties(const_cast<Properties *>(built));
      }
    }
    model.initProperties(opName, storage, init);
  }
  void deleteProperties(mlir::OpaqueProperties properties) final {
    model.deleteProperties(properties);
  }
  void populateDefaultProperties(mlir::OperationName opName,
                                 mlir::OpaqueProperties properties) final {
    model.populateDefaultProperties(opName, properties);
  }
  llvm::LogicalResult setPropertiesFromAttr(
      mlir::OperationName opName, mlir::OpaqueProperties properties,
      mlir::Attribute attr,
      llvm::function_ref<mlir::InFlightDiagnostic()> emitError) final {
    return model.setPropertiesFromAttr(opName, properties, attr, emitError);
  }
  mlir::Attribute getPropertiesAsAttr(mlir::Operation *op) final {
    return model.getPropertiesAsAttr(op);
  }
  void copyProperties(mlir::OpaqueProperties lhs,
                      mlir::OpaqueProperties rhs) final {
    model.copyProperties(lhs, rhs);
  }
  bool compareProperties(mlir::OpaqueProperties lhs,
                         mlir::OpaqueProperties rhs) final {
    return model.compareProperties(lhs, rhs);
  }
  llvm::hash_code hashProperties(mlir::OpaqueProperties properties) final {
    return model.hashProperties(properties);
  }

private:
  using Properties = typename OpT::template InferredProperties<OpT>;
  /// This context's default properties of the op (initProperties), built
  /// on first use; ops are created from several threads at once.
  std::optional<Properties> defaults;
  std::atomic<const Properties *> defaultsBuilt{nullptr};
  std::mutex defaultsMutex;

  const Properties *buildDefaults(mlir::OperationName opName) {
    std::lock_guard<std::mutex> lock(defaultsMutex);
    if (const Properties *built = defaultsBuilt.load(std::memory_order_acquire))
      return built;
    defaults.emplace();
    OpT::populateDefaultProperties(opName, *defaults);
    defaultsBuilt.store(&*defaults, std::memory_order_release);
    return &*defaults;
  }

  /// The address MLIR knows this model by (an OperationName's opaque
  /// pointer), the registry's key.
  const void *asImpl() const {
    return static_cast<const mlir::OperationName::Impl *>(this);
  }
  using TraitIds = decltype(traitIdsOf(static_cast<OpT *>(nullptr)));
  /// OpT's trait ids, resolved once.
  static const TraitIds &ids() {
    static const TraitIds ids = traitIdsOf(static_cast<OpT *>(nullptr));
    return ids;
  }
  static bool reference(mlir::TypeID id) {
    return referenceHasTrait(static_cast<OpT *>(nullptr), id);
  }

  Model model;
  TraitSet<std::tuple_size_v<TraitIds>> traits;
};

/// Dialect::addOperations<Ops...>, each op registered with its OpModel.
/// (An initializer list, not a fold expression: compilers bound the depth
/// of fold expressions, and a dialect may have hundreds of ops.)
template <typename... Ops>
void addOperations(mlir::Dialect &dialect) {
  (void)std::initializer_list<int>{
      0, (mlir::RegisteredOperationName::insert(
              std::make_unique<OpModel<Ops>>(&dialect),
              Ops::getAttributeNames()),
          0)...};
}

} // namespace rmlir::bridge
#pragma GCC visibility pop

#endif // RMLIR_OPMODEL_H
