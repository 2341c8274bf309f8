//===- BridgeCxx.h - C++ side of the generic Rust bridge ------------------===//
//
// What ODS-generated code (see cpp/td/RMlirBase.td) and the dialect classes
// call. Every function forwards to the Rust hook table; none of them knows an
// op by name.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_BRIDGECXX_H
#define RMLIR_BRIDGECXX_H

#include "rmlir/Bridge.h"
#include "rmlir/OpModel.h"

#include "mlir/CAPI/Registration.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
// The interfaces of RMlirBase.td's traits, which generated op classes use.
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/VectorInterfaces.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <type_traits>

// The bridge's C++ API is what dialect libraries call, so it is exported;
// the bridge is compiled with -fvisibility=hidden (see
// rmlir_bridge_build::cxx), which hides everything else.
#pragma GCC visibility push(default)
namespace rmlir::bridge {

/// The Rust hook table serving the dialect `dialectNamespace` (the one
/// its library installed; aborts with a message if none did).
const RmlirHooks &hooksFor(llvm::StringRef dialectNamespace);
/// The Rust hook table serving `op`'s dialect.
const RmlirHooks &hooksFor(mlir::Operation *op);

/// An op class as the Rust side knows it: the hook table of its library
/// and its dense id in that table.
struct OpKey {
  const RmlirHooks *hooks;
  uint32_t id;
};

/// Adds ConvertToLLVMPatternInterface and ConvertToEmitCPatternInterface
/// to `dialect`: `convert-to-llvm` and `convert-to-emitc` then lower its
/// ops with the dialect's Rust conversion patterns.
void addConvertToInterfaces(mlir::Dialect *dialect);

/// Attaches BufferizableOpInterface (answered by Rust) to the ops of
/// `dialect` that Rust bufferizes.
void addBufferizableModels(mlir::Dialect *dialect);

/// Attaches ValueBoundsOpInterface (answered by Rust) to the ops of
/// `dialect` that Rust describes bounds for.
void addValueBoundsModels(mlir::Dialect *dialect);

/// Copies `value`'s words into `words` (`capacity` of them, zero-filled past
/// the value's own) and returns its bit width.
unsigned copyWords(const llvm::APInt &value, uint64_t *words,
                   intptr_t capacity);

/// The key of an op name: the table serving its dialect, and its id there.
OpKey lookupOpKey(llvm::StringRef opName);

/// The key of op class OpT, looked up once.
template <typename OpT>
OpKey opIdOf() {
  static const OpKey key = lookupOpKey(OpT::getOperationName());
  return key;
}

/// Inherent attribute `name` of an op of class OpT from its properties
/// (nullopt when OpT has no such inherent attribute).
template <typename OpT>
std::optional<mlir::Attribute> inherentAttrOf(mlir::MLIRContext *context,
                                              mlir::OpaqueProperties properties,
                                              llvm::StringRef name) {
  if (!properties)
    return std::nullopt;
  return OpT::getInherentAttr(
      context, *properties.as<typename OpT::Properties *>(), name);
}

/// Reads an op-under-construction's inherent attributes from properties.
using InherentAttrFn = std::optional<mlir::Attribute> (*)(
    mlir::MLIRContext *, mlir::OpaqueProperties, llvm::StringRef);

mlir::OpFoldResult foldSingle(OpKey key, mlir::Operation *op,
                              llvm::ArrayRef<mlir::Attribute> operands);
llvm::LogicalResult foldMany(OpKey key, mlir::Operation *op,
                             llvm::ArrayRef<mlir::Attribute> operands,
                             llvm::SmallVectorImpl<mlir::OpFoldResult> &results);
llvm::LogicalResult verify(OpKey key, mlir::Operation *op);
llvm::LogicalResult verifyRegions(OpKey key, mlir::Operation *op);
void addCanonicalizationPatterns(OpKey key, mlir::RewritePatternSet &results,
                                 mlir::MLIRContext *context);
/// Dialect::getCanonicalizationPatterns: the patterns registered from Rust
/// at run time for the dialect's ops.
void addDialectCanonicalizationPatterns(const mlir::Dialect *dialect,
                                        mlir::RewritePatternSet &results);
void getAsmResultNames(OpKey key, mlir::Operation *op,
                       mlir::OpAsmSetValueNameFn setNameFn);
llvm::LogicalResult
inferReturnTypes(OpKey key, mlir::MLIRContext *context,
                 std::optional<mlir::Location> location,
                 mlir::ValueRange operands, mlir::DictionaryAttr attributes,
                 mlir::OpaqueProperties properties, InherentAttrFn inherent,
                 llvm::SmallVectorImpl<mlir::Type> &inferredReturnTypes);
bool isCompatibleReturnTypes(OpKey key, mlir::TypeRange inferred,
                             mlir::TypeRange actual);
std::optional<llvm::SmallVector<int64_t, 4>>
getShapeForUnroll(OpKey key, mlir::Operation *op);
bool areCastCompatible(OpKey key, mlir::TypeRange inputs,
                       mlir::TypeRange outputs);
mlir::Speculation::Speculatability getSpeculatability(OpKey key,
                                                      mlir::Operation *op);
/// InferIntRangeInterface::inferResultRangesFromOptional: as MLIR's default
/// (nothing until every operand has a range), then the Rust hook on the
/// operands' ranges (inferResultRanges, unimplemented, defaults to this).
void inferIntRangesFromOptional(OpKey key, mlir::Operation *op,
                                llvm::ArrayRef<mlir::IntegerValueRange> argRanges,
                                mlir::SetIntLatticeFn setResultRange);
/// TypesMatchWith transformers named in ODS.
mlir::Type transformType(llvm::StringRef transform, mlir::Type type);

/// Dialect::materializeConstant for any of our dialects.
mlir::Operation *materializeConstant(mlir::Dialect *dialect,
                                     mlir::OpBuilder &builder,
                                     mlir::Attribute value, mlir::Type type,
                                     mlir::Location loc);

/// Dialect::verifyOperationAttribute for any of our dialects.
llvm::LogicalResult verifyOperationAttribute(mlir::Dialect *dialect,
                                             mlir::Operation *op,
                                             mlir::NamedAttribute attribute);

/// Enum-attribute access of one dialect, registered by that dialect.
struct EnumAttrAccess {
  bool (*getValue)(mlir::Attribute attr, uint64_t *value);
  mlir::Attribute (*get)(mlir::MLIRContext *ctx, llvm::StringRef name,
                         uint64_t value);
};
void registerEnumAttrAccess(EnumAttrAccess access);

/// Implements EnumAttrAccess over a dialect's ODS attribute classes (its
/// GET_ATTRDEF_LIST); classes that are not enum attributes are skipped.
template <typename... Attrs>
struct EnumAttrs {
  template <typename A>
  static bool getOne(mlir::Attribute attr, uint64_t *value) {
    if constexpr (std::is_enum_v<decltype(std::declval<A>().getValue())>) {
      if (auto typed = llvm::dyn_cast<A>(attr)) {
        *value = static_cast<uint64_t>(typed.getValue());
        return true;
      }
    }
    return false;
  }
  template <typename A>
  static mlir::Attribute getIf(mlir::MLIRContext *ctx, llvm::StringRef name,
                               uint64_t value) {
    if constexpr (std::is_enum_v<decltype(std::declval<A>().getValue())>) {
      using E = decltype(std::declval<A>().getValue());
      // Not in a context that did not load the attribute's dialect (what
      // MLIR, built without assertions, does not check).
      if (name == A::name &&
          ctx->getAttributeUniquer().isParametricStorageInitialized(
              A::getTypeID()))
        return A::get(ctx, static_cast<E>(value));
    }
    return {};
  }
  static bool getValue(mlir::Attribute attr, uint64_t *value) {
    return (getOne<Attrs>(attr, value) || ...);
  }
  static mlir::Attribute get(mlir::MLIRContext *ctx, llvm::StringRef name,
                             uint64_t value) {
    mlir::Attribute result;
    ((result = result ? result : getIf<Attrs>(ctx, name, value)), ...);
    return result;
  }
  static EnumAttrAccess access() { return {&getValue, &get}; }
};

/// Registers the typed access of the op class named `name` (done by the
/// static initializers of a dialect's generated `<Stem>OpAccess.cpp.inc`).
void registerOpAccess(llvm::StringRef name, const RmlirOpAccess *access);
/// Removes that registration, if it is still `access` (the declaring
/// library is being unloaded).
void unregisterOpAccess(llvm::StringRef name, const RmlirOpAccess *access);

/// What a new op is made of besides its attributes, every part checked to
/// be of the context of `loc`: what `Operation::create` takes, without an
/// OperationState to fill, copy and destroy around it.
struct OpParts {
  mlir::Location loc;
  mlir::OperationName name;
  mlir::TypeRange resultTypes;
  mlir::ValueRange operands;
  unsigned numRegions;
};

/// Creates the op of `parts` with `numRegions` empty regions, `attributes`
/// and the op's default ones, and `properties` (null: the op's default
/// properties), as `Operation::create(state)` would from a state holding
/// the same.
mlir::Operation *createOp(const OpParts &parts,
                          mlir::OpaqueProperties properties,
                          mlir::NamedAttrList &&attributes = {});

/// Creates the registered op of class `typeID` in the context of `loc`
/// (null when it is not registered there, or an operand, result type or
/// attribute is of another context): operands, result types and `numRegions`
/// empty regions; with attributes, `withProperties` stores them into the
/// op's properties and creates it with `createOp` (null when one does not
/// fit).
MlirOperation createOdsOp(
    mlir::TypeID typeID, MlirLocation loc, const MlirValue *operands,
    intptr_t numOperands, const MlirType *resultTypes, intptr_t numResults,
    const unsigned *attrIndices, const MlirAttribute *attrs, intptr_t numAttrs,
    intptr_t numRegions,
    mlir::Operation *(*withProperties)(const OpParts &, const unsigned *,
                                       const MlirAttribute *, intptr_t));

/// The inherent attributes of op class OpT by their ODS index, in its
/// `Properties` (EmptyProperties for an op without attributes): `visit`
/// calls `f` with the member of attribute `index` of an op's properties
/// (typed as ODS declares it; a null Attribute past the last), `set`
/// stores into a Properties (false when the attribute is not of the
/// declared kind). Specialized for each op by the generated
/// `<Stem>OpAccess.cpp.inc`.
template <typename OpT>
struct OdsAttrs;

/// Attribute kinds whose getValue() is an enum (EnumAttr, I64EnumAttr...).
template <typename A, typename = void>
struct HasEnumValue : std::false_type {};
template <typename A>
struct HasEnumValue<
    A, std::enable_if_t<std::is_enum_v<decltype(std::declval<A>().getValue())>>>
    : std::true_type {};

/// Attribute interfaces (TypedAttr, ElementsAttr...): built from an
/// attribute and the concept it implements the interface with.
template <typename M, typename = void>
struct IsAttrInterface : std::false_type {};
template <typename M>
struct IsAttrInterface<
    M, std::void_t<typename M::Concept,
                   decltype(M(std::declval<mlir::Attribute>(),
                              std::declval<const typename M::Concept *>()))>>
    : std::true_type {};

/// ODS integer enum attributes (I32EnumAttr, I64EnumAttr): an IntegerAttr
/// whose value is one of the enum's cases, each of which stringifyEnum names
/// (a bit enum's stringifyEnum builds a std::string instead).
template <typename M, typename = void>
struct IsIntEnumAttr : std::false_type {};
template <typename M>
struct IsIntEnumAttr<
    M, std::enable_if_t<
           std::is_base_of_v<mlir::IntegerAttr, M> &&
           std::is_enum_v<typename M::ValueType> &&
           std::is_same_v<decltype(stringifyEnum(
                              std::declval<typename M::ValueType>())),
                          llvm::StringRef>>> : std::true_type {};

/// `member = value` when `value` is of the member's attribute kind.
template <typename Member>
bool setAttrMember(Member &member, mlir::Attribute value) {
  if constexpr (IsIntEnumAttr<Member>::value) {
    // Member::classof's test (a signless integer of the enum's width whose
    // value is a case), with one switch where classof builds and compares
    // an APInt per case.
    using Enum = typename Member::ValueType;
    auto integer = llvm::dyn_cast<mlir::IntegerAttr>(value);
    if (!integer || !integer.getType().isSignlessInteger(
                        8 * sizeof(std::underlying_type_t<Enum>)))
      return false;
    llvm::APInt raw = integer.getValue();
    if (raw.getActiveBits() > 64 ||
        stringifyEnum(static_cast<Enum>(raw.getZExtValue())).empty())
      return false;
    member = llvm::cast<Member>(value);
    return true;
  } else if constexpr (IsAttrInterface<Member>::value) {
    // One interface lookup, where dyn_cast makes two (the check, then the
    // interface's constructor).
    const auto *concept_ =
        value.getAbstractAttribute().template getInterface<Member>();
    if (!concept_)
      return false;
    member = Member(value, concept_);
    return true;
  } else {
    auto typed = llvm::dyn_cast<Member>(value);
    if (!typed)
      return false;
    member = typed;
    return true;
  }
}

/// RmlirOpAccess of op class OpT, over OdsAttrs<OpT>: what ODS's own typed
/// builders and accessors do (attributes read from and stored straight into
/// the properties), for any op; each entry checks the op's class first.
template <typename OpT>
struct OpAccessOf {
  static bool attr(MlirOperation raw, unsigned index, MlirAttribute *out) {
    mlir::Operation *op = unwrap(raw);
    if (op->getName().getTypeID() != mlir::TypeID::get<OpT>())
      return false;
    *out = wrap(OdsAttrs<OpT>::visit(
        op, index, [](auto member) { return mlir::Attribute(member); }));
    return true;
  }
  static int enumValue(MlirOperation raw, unsigned index, uint64_t *out) {
    mlir::Operation *op = unwrap(raw);
    if (op->getName().getTypeID() != mlir::TypeID::get<OpT>())
      return -1;
    return OdsAttrs<OpT>::visit(op, index, [out](auto member) -> int {
      if constexpr (HasEnumValue<decltype(member)>::value) {
        if (!member)
          return 0;
        *out = static_cast<uint64_t>(member.getValue());
        return 1;
      } else {
        return 0;
      }
    });
  }
  static bool setAttr(MlirOperation raw, unsigned index, MlirAttribute value) {
    mlir::Operation *op = unwrap(raw);
    mlir::Attribute attr = unwrap(value);
    if (op->getName().getTypeID() != mlir::TypeID::get<OpT>() || !attr ||
        attr.getContext() != op->getContext())
      return false;
    using Properties = typename OdsAttrs<OpT>::Properties;
    if constexpr (std::is_same_v<Properties, mlir::EmptyProperties>) {
      return false;
    } else {
      return OdsAttrs<OpT>::set(
          *op->getPropertiesStorage().as<Properties *>(), index, attr);
    }
  }
  /// Stores the given attributes into properties on the stack (those not
  /// given take their defaults, as with ODS's typed builders) and creates
  /// the op from `parts`, which copies them; null when one does not fit.
  static mlir::Operation *createWithProperties(const OpParts &parts,
                                               const unsigned *attrIndices,
                                               const MlirAttribute *attrs,
                                               intptr_t numAttrs) {
    using Properties = typename OdsAttrs<OpT>::Properties;
    if constexpr (std::is_same_v<Properties, mlir::EmptyProperties>) {
      return nullptr;
    } else {
      Properties props;
      for (intptr_t i = 0; i < numAttrs; ++i)
        if (!OdsAttrs<OpT>::set(props, attrIndices[i], unwrap(attrs[i])))
          return nullptr;
      return createOp(parts, mlir::OpaqueProperties(&props));
    }
  }
  static MlirOperation create(MlirLocation loc, const MlirValue *operands,
                              intptr_t numOperands,
                              const MlirType *resultTypes, intptr_t numResults,
                              const unsigned *attrIndices,
                              const MlirAttribute *attrs, intptr_t numAttrs,
                              intptr_t numRegions) {
    // The op-independent part is one shared function (one copy of the hot
    // code for every op class); only the properties are per class.
    return createOdsOp(mlir::TypeID::get<OpT>(), loc, operands, numOperands,
                       resultTypes, numResults, attrIndices, attrs, numAttrs,
                       numRegions, &createWithProperties);
  }
  static constexpr RmlirOpAccess table{&attr, &enumValue, &setAttr, &create};
};

/// Registers OpAccessOf<OpT> while the library declaring OpT is loaded.
template <typename OpT>
struct OpAccessRegistration {
  OpAccessRegistration() {
    registerOpAccess(OpT::getOperationName(), &OpAccessOf<OpT>::table);
  }
  ~OpAccessRegistration() {
    unregisterOpAccess(OpT::getOperationName(), &OpAccessOf<OpT>::table);
  }
  OpAccessRegistration(const OpAccessRegistration &) = delete;
  OpAccessRegistration &operator=(const OpAccessRegistration &) = delete;
};

/// Names of a dialect's ODS types (its GET_TYPEDEF_LIST), registered by the
/// dialect so Rust can recognise them without parsing or printing.
template <typename T, typename = void>
struct IsParameterless : std::false_type {};
template <typename T>
struct IsParameterless<
    T, std::void_t<decltype(T::get(std::declval<mlir::MLIRContext *>()))>>
    : std::true_type {};

template <typename... Types>
struct TypeNames {
  static llvm::StringRef nameOf(mlir::Type type) {
    llvm::StringRef result;
    (void)((llvm::isa<Types>(type) ? (result = Types::name, true) : false) ||
           ...);
    return result;
  }
  template <typename T>
  static mlir::Type getIf(mlir::MLIRContext *ctx, llvm::StringRef name) {
    if constexpr (IsParameterless<T>::value)
      if (name == T::name)
        return T::get(ctx);
    return {};
  }
  /// The parameterless type whose ODS name is `name`, or null.
  static mlir::Type byName(mlir::MLIRContext *ctx, llvm::StringRef name) {
    mlir::Type result;
    ((result = result ? result : getIf<Types>(ctx, name)), ...);
    return result;
  }
};
void registerTypeNames(llvm::StringRef (*nameOf)(mlir::Type),
                       mlir::Type (*byName)(mlir::MLIRContext *,
                                            llvm::StringRef));

/// The C API dialect handle of dialect class D.
template <typename D>
MlirDialectHandle dialectHandle() {
  static MlirDialectRegistrationHooks registrationHooks = {
      [](MlirDialectRegistry registry) {
        static_cast<mlir::DialectRegistry *>(registry.ptr)->insert<D>();
      },
      [](MlirContext context) -> MlirDialect {
        return {static_cast<mlir::MLIRContext *>(context.ptr)
                    ->getOrLoadDialect<D>()};
      },
      []() -> MlirStringRef {
        llvm::StringRef ns = D::getDialectNamespace();
        return {ns.data(), ns.size()};
      }};
  return MlirDialectHandle{&registrationHooks};
}

/// Defines `rmlirDialectHandle__<NS>`, the C API handle of dialect class
/// `CLASS` (namespace `NS`) that the Rust side of the bridge loads from the
/// dialect library: one per dialect, in the file that instantiates it.
#define RMLIR_DIALECT_HANDLE(NS, CLASS)                                        \
  extern "C" __attribute__((visibility("default"))) MlirDialectHandle          \
      rmlirDialectHandle__##NS(void) {                                         \
    return ::rmlir::bridge::dialectHandle<CLASS>();                            \
  }

/// Dialect-level interfaces every rmlir dialect attaches (inliner).
void addDialectInterfaces(mlir::Dialect *dialect);

/// Generic syntax helper for `[1, 2, ?]`-style index lists used in custom
/// assembly directives (declarative syntax, no behaviour).
mlir::ParseResult parseIndexList(mlir::OpAsmParser &parser,
                                 mlir::DenseIntElementsAttr &attr);
void printIndexList(mlir::OpAsmPrinter &printer, mlir::Operation *op,
                    mlir::DenseIntElementsAttr attr);

/// Generic syntax helper for `: T` / `: C, T` type lists where the leading
/// (condition) type is written only when it is shaped and is `i1` otherwise.
mlir::ParseResult parseConditionAndResultTypes(mlir::OpAsmParser &parser,
                                               mlir::Type &condition,
                                               mlir::Type &result);
void printConditionAndResultTypes(mlir::OpAsmPrinter &printer,
                                  mlir::Operation *op, mlir::Type condition,
                                  mlir::Type result);

/// The Rust rewrite patterns `patterns` as a pattern set of `ctx`, each
/// rooted at its op; one with an empty root matches any op when
/// `anyOnEmpty`, else the (unregistered) op of the empty name.
mlir::RewritePatternSet rustPatternSet(mlir::MLIRContext *ctx,
                                       const RmlirRewritePattern *patterns,
                                       intptr_t numPatterns, bool anyOnEmpty);

/// What a pass instance keeps between its runs of MLIR's greedy driver
/// over Rust patterns (`rmlirApplyPatternsGreedily`): the last pattern set,
/// frozen, and what it was built from. A function pass that calls the
/// driver on every function then builds and freezes its set once per pass
/// instance, as upstream's canonicalizer does in `initialize`, instead of
/// once per function; a call with other patterns (or in another context)
/// builds a new set and keeps that one.
class GreedyPatternCache {
public:
  GreedyPatternCache();
  ~GreedyPatternCache();
  GreedyPatternCache(const GreedyPatternCache &) = delete;
  GreedyPatternCache &operator=(const GreedyPatternCache &) = delete;

  struct Impl;
  std::unique_ptr<Impl> impl;
};

/// Makes `cache` the one `rmlirApplyPatternsGreedily` uses on this thread
/// while the scope lasts (a pass's run); outside every scope the driver
/// builds its pattern set anew for each call.
class GreedyCacheScope {
public:
  explicit GreedyCacheScope(GreedyPatternCache &cache);
  ~GreedyCacheScope();
  GreedyCacheScope(const GreedyCacheScope &) = delete;
  GreedyCacheScope &operator=(const GreedyCacheScope &) = delete;

private:
  GreedyPatternCache *saved;
};

} // namespace rmlir::bridge
#pragma GCC visibility pop

#endif // RMLIR_BRIDGECXX_H
