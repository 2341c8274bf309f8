//===- Bridge.cpp - Generic forwarding of op hooks to Rust ----------------===//
//
// Dialect-agnostic: nothing here names an op of rarith or rshape. Each
// function turns C++ arguments into C API handles, calls the Rust hook table
// and turns the answer back.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include <algorithm>
#include <array>
#include <atomic>
#include <cstring>
#include <mutex>

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/SwapByteOrder.h"

#include "mlir/IR/SymbolTable.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Registration.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Support/TypeID.h"
#include "mlir/Transforms/InliningUtils.h"

#include "llvm/Support/ErrorHandling.h"

#include <atomic>
#include <iterator>
#include <vector>

using namespace mlir;

static_assert(sizeof(MlirAttribute) == sizeof(Attribute),
              "MlirAttribute must be layout-compatible with mlir::Attribute");

namespace {
MlirStringRef toC(llvm::StringRef s) { return {s.data(), s.size()}; }
llvm::StringRef toCxx(MlirStringRef s) { return {s.data, s.length}; }

/// Which Rust hook table serves a dialect: each library built on the bridge
/// (its own Rust statics, its own table) claims its dialects' namespaces,
/// and every call for an op or dialect goes to the table that claimed it.
/// Claims are appended under a lock and published with release/acquire;
/// lookups take no lock.
struct Claim {
  char ns[64];
  size_t length;
  const RmlirHooks *hooks;
};
constexpr size_t kMaxClaims = 64;
Claim claims[kMaxClaims];
std::atomic<size_t> numClaims{0};
/// The tables installed, in order (for hooks not tied to a dialect).
constexpr size_t kMaxTables = 16;
const RmlirHooks *tables[kMaxTables];
std::atomic<size_t> numTables{0};
std::mutex installMutex;

const RmlirHooks *findHooks(llvm::StringRef ns) {
  size_t n = numClaims.load(std::memory_order_acquire);
  for (size_t i = 0; i < n; ++i)
    if (llvm::StringRef(claims[i].ns, claims[i].length) == ns)
      return claims[i].hooks;
  return nullptr;
}
} // namespace

extern "C" bool rmlirBridgeInstallHooks(const RmlirHooks *hooks,
                                        const MlirStringRef *dialects,
                                        intptr_t numDialects) {
  std::lock_guard<std::mutex> lock(installMutex);
  // A namespace another table claimed stays that table's: the library
  // loaded second is refused, whole.
  for (intptr_t i = 0; i < numDialects; ++i) {
    const RmlirHooks *owner = findHooks(toCxx(dialects[i]));
    if ((owner && owner != hooks) || dialects[i].length >= sizeof(Claim::ns))
      return false;
  }
  size_t n = numClaims.load(std::memory_order_relaxed);
  for (intptr_t i = 0; i < numDialects; ++i) {
    if (findHooks(toCxx(dialects[i])))
      continue;
    if (n == kMaxClaims)
      return false;
    Claim &claim = claims[n];
    std::memcpy(claim.ns, dialects[i].data, dialects[i].length);
    claim.length = dialects[i].length;
    claim.hooks = hooks;
    numClaims.store(++n, std::memory_order_release);
  }
  size_t t = numTables.load(std::memory_order_relaxed);
  if (std::find(tables, tables + t, hooks) == tables + t) {
    if (t == kMaxTables)
      return false;
    tables[t] = hooks;
    numTables.store(t + 1, std::memory_order_release);
  }
  return true;
}

namespace rmlir::bridge {

const RmlirHooks &hooksFor(llvm::StringRef dialectNamespace) {
  if (const RmlirHooks *h = findHooks(dialectNamespace))
    return *h;
  llvm::report_fatal_error(llvm::Twine("rmlir: no Rust hook table serves "
                                       "dialect `") +
                           dialectNamespace + "`");
}

const RmlirHooks &hooksFor(Operation *op) {
  return hooksFor(op->getName().getDialectNamespace());
}

OpKey lookupOpKey(llvm::StringRef opName) {
  const RmlirHooks &hooks = hooksFor(opName.split('.').first);
  return {&hooks, hooks.opId(toC(opName))};
}

static OpFoldResult toFoldResult(const RmlirFoldResult &r) {
  if (!mlirAttributeIsNull(r.attr))
    return unwrap(r.attr);
  return unwrap(r.value);
}

OpFoldResult foldSingle(OpKey key, Operation *op,
                        llvm::ArrayRef<Attribute> operands) {
  RmlirFoldResult result{{nullptr}, {nullptr}};
  auto *cOperands = reinterpret_cast<const MlirAttribute *>(operands.data());
  if (!key.hooks->fold(key.id, wrap(op), cOperands, operands.size(), &result, 1))
    return {};
  return toFoldResult(result);
}

llvm::LogicalResult foldMany(OpKey key, Operation *op,
                             llvm::ArrayRef<Attribute> operands,
                             llvm::SmallVectorImpl<OpFoldResult> &results) {
  llvm::SmallVector<RmlirFoldResult, 4> cResults(
      op->getNumResults(), RmlirFoldResult{{nullptr}, {nullptr}});
  auto *cOperands = reinterpret_cast<const MlirAttribute *>(operands.data());
  if (!key.hooks->fold(key.id, wrap(op), cOperands, operands.size(),
                    cResults.data(), cResults.size()))
    return failure();
  for (const RmlirFoldResult &r : cResults)
    results.push_back(toFoldResult(r));
  return success();
}

llvm::LogicalResult verify(OpKey key, Operation *op) {
  return success(key.hooks->verify(key.id, wrap(op)));
}

llvm::LogicalResult verifyRegions(OpKey key, Operation *op) {
  return success(key.hooks->verifyRegions(key.id, wrap(op)));
}

namespace {
/// A canonicalization pattern whose match and rewrite are a Rust function.
class RustPattern final : public RewritePattern {
public:
  RustPattern(const RmlirHooks *hooks, const RmlirPatternDesc &desc,
              MLIRContext *context)
      : RewritePattern(toCxx(desc.root), PatternBenefit(desc.benefit),
                       context),
        hooks(hooks), patternId(desc.patternId) {
    setDebugName(toCxx(desc.debugName));
  }

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    return success(
        hooks->matchAndRewrite(patternId, wrap(op), wrap(&rewriter)));
  }

private:
  const RmlirHooks *hooks;
  uint32_t patternId;
};
} // namespace

/// Adds the patterns a descriptor hook lists (`list(out, capacity)` writes
/// up to `capacity` and returns how many there are).
template <typename List>
static void addRustPatterns(const RmlirHooks *hooks, List list,
                            RewritePatternSet &results, MLIRContext *context) {
  llvm::SmallVector<RmlirPatternDesc, 8> descs(8);
  intptr_t n = list(descs.data(), 8);
  if (n > 8) {
    descs.resize(n);
    n = std::min<intptr_t>(n, list(descs.data(), n));
  }
  for (intptr_t i = 0; i < n; ++i)
    results.add(std::make_unique<RustPattern>(hooks, descs[i], context));
}

void addCanonicalizationPatterns(OpKey key, RewritePatternSet &results,
                                 MLIRContext *context) {
  addRustPatterns(
      key.hooks,
      [&](RmlirPatternDesc *out, intptr_t capacity) {
        return key.hooks->canonicalizationPatterns(key.id, out, capacity);
      },
      results, context);
}

void addDialectCanonicalizationPatterns(const Dialect *dialect,
                                        RewritePatternSet &results) {
  StringRef name = dialect->getNamespace();
  const RmlirHooks &hooks = hooksFor(name);
  addRustPatterns(
      &hooks,
      [&](RmlirPatternDesc *out, intptr_t capacity) {
        return hooks.dialectCanonicalizationPatterns(
            MlirStringRef{name.data(), name.size()}, out, capacity);
      },
      results, dialect->getContext());
}

namespace {
struct NameSink {
  Operation *op;
  OpAsmSetValueNameFn *fn;
};
void setNameTrampoline(void *userData, intptr_t index, MlirStringRef name) {
  auto *sink = static_cast<NameSink *>(userData);
  if (index >= 0 && static_cast<unsigned>(index) < sink->op->getNumResults())
    (*sink->fn)(sink->op->getResult(index), toCxx(name));
}
void pushTypeTrampoline(void *userData, MlirType type) {
  static_cast<llvm::SmallVectorImpl<Type> *>(userData)->push_back(
      unwrap(type));
}
} // namespace

void getAsmResultNames(OpKey key, Operation *op,
                       OpAsmSetValueNameFn setNameFn) {
  NameSink sink{op, &setNameFn};
  key.hooks->asmResultNames(key.id, wrap(op), &setNameTrampoline, &sink);
}

namespace {
struct AttrSource {
  MLIRContext *context;
  DictionaryAttr attributes;
  OpaqueProperties properties;
  InherentAttrFn inherent;
};
MlirAttribute lookupAttr(const void *self, MlirStringRef name) {
  const auto *src = static_cast<const AttrSource *>(self);
  if (std::optional<Attribute> attr =
          src->inherent(src->context, src->properties, toCxx(name));
      attr && *attr)
    return wrap(*attr);
  if (src->attributes)
    return wrap(src->attributes.get(toCxx(name)));
  return {nullptr};
}
} // namespace

llvm::LogicalResult
inferReturnTypes(OpKey key, MLIRContext *context,
                 std::optional<Location> location, ValueRange operands,
                 DictionaryAttr attributes, OpaqueProperties properties,
                 InherentAttrFn inherent,
                 llvm::SmallVectorImpl<Type> &inferredReturnTypes) {
  llvm::SmallVector<MlirValue, 4> cOperands;
  for (Value v : operands)
    cOperands.push_back(wrap(v));
  Location loc = location ? *location : UnknownLoc::get(context);
  AttrSource source{context, attributes, properties, inherent};
  RmlirAttrLookup lookup{&lookupAttr, &source};
  return success(key.hooks->inferReturnTypes(key.id, wrap(context), wrap(loc), cOperands.data(), cOperands.size(),
      &lookup, &pushTypeTrampoline, &inferredReturnTypes));
}

bool isCompatibleReturnTypes(OpKey key, TypeRange inferred,
                             TypeRange actual) {
  llvm::SmallVector<MlirType, 4> cInferred, cActual;
  for (Type t : inferred)
    cInferred.push_back(wrap(t));
  for (Type t : actual)
    cActual.push_back(wrap(t));
  return key.hooks->isCompatibleReturnTypes(key.id, cInferred.data(),
                                         cInferred.size(), cActual.data(),
                                         cActual.size());
}

std::optional<llvm::SmallVector<int64_t, 4>>
getShapeForUnroll(OpKey key, Operation *op) {
  llvm::SmallVector<int64_t, 4> dims(8);
  intptr_t rank = key.hooks->shapeForUnroll(key.id, wrap(op), dims.data(), 8);
  if (rank < 0)
    return std::nullopt;
  if (rank > 8) {
    dims.resize(rank);
    key.hooks->shapeForUnroll(key.id, wrap(op), dims.data(), rank);
  }
  dims.resize(rank);
  return dims;
}

bool areCastCompatible(OpKey key, TypeRange inputs, TypeRange outputs) {
  llvm::SmallVector<MlirType, 2> cInputs, cOutputs;
  for (Type t : inputs)
    cInputs.push_back(wrap(t));
  for (Type t : outputs)
    cOutputs.push_back(wrap(t));
  return key.hooks->areCastCompatible(key.id, cInputs.data(), cInputs.size(),
                                   cOutputs.data(), cOutputs.size());
}

Speculation::Speculatability getSpeculatability(OpKey key, Operation *op) {
  switch (key.hooks->speculatability(key.id, wrap(op))) {
  case 1:
    return Speculation::Speculatable;
  case 2:
    return Speculation::RecursivelySpeculatable;
  default:
    return Speculation::NotSpeculatable;
  }
}

namespace {
/// Where the Rust hook's ranges go: straight to the analysis's setter, with
/// no callback in between.
struct IntRangeSink {
  Operation *op;
  SetIntLatticeFn set;
};
} // namespace

static void setIntRangeTrampoline(void *userData, intptr_t resultIndex,
                                  const RmlirIntRange *range) {
  auto *sink = static_cast<IntRangeSink *>(userData);
  // A range for a result the op does not have, or of another width than
  // the result's integers (index: the analysis's 64 bits), is dropped: the
  // result stays unknown, and the analysis never joins ranges of unequal
  // widths.
  if (resultIndex < 0 ||
      resultIndex >= static_cast<intptr_t>(sink->op->getNumResults()))
    return;
  Value result = sink->op->getResult(resultIndex);
  Type element = result.getType();
  if (!isa<IntegerType, IndexType>(element))
    element = getElementTypeOrSelf(element);
  auto integer = dyn_cast<IntegerType>(element);
  if (integer ? range->width != integer.getWidth()
              : !isa<IndexType>(element) ||
                    range->width != IndexType::kInternalStorageBitWidth)
    return;
  unsigned numWords = (range->width + 63) / 64;
  auto value = [&](const uint64_t *words) {
    // One word (the usual widths) without APInt's array path.
    if (numWords == 1)
      return APInt(range->width, words[0], /*isSigned=*/false,
                   /*implicitTrunc=*/true);
    return APInt(range->width, llvm::ArrayRef<uint64_t>(words, numWords));
  };
  sink->set(result,
            IntegerValueRange(ConstantIntRanges(
                value(range->umin), value(range->umax), value(range->smin),
                value(range->smax))));
}

void inferIntRangesFromOptional(OpKey key, Operation *op,
                                llvm::ArrayRef<IntegerValueRange> argRanges,
                                SetIntLatticeFn setResultRange) {
  // As MLIR's default (defaultInferResultRanges): no result range until
  // every operand has one. The ranges are read in place, where the default
  // first copies them (four APInts each) into a vector.
  if (llvm::any_of(argRanges, [](const IntegerValueRange &r) {
        return r.isUninitialized();
      }))
    return;
  llvm::SmallVector<RmlirIntRange, 4> args;
  for (const IntegerValueRange &value : argRanges) {
    const ConstantIntRanges &r = value.getValue();
    args.push_back({r.umin().getBitWidth(), r.umin().getRawData(),
                    r.umax().getRawData(), r.smin().getRawData(),
                    r.smax().getRawData()});
  }
  IntRangeSink sink{op, setResultRange};
  key.hooks->inferIntRanges(key.id, wrap(op), args.data(), args.size(),
                            &setIntRangeTrampoline, &sink);
}

Type transformType(llvm::StringRef transform, Type type) {
  // Transforms are named, not tied to a dialect: the first table that
  // knows the name answers.
  size_t n = numTables.load(std::memory_order_acquire);
  for (size_t i = 0; i < n; ++i)
    if (Type t = unwrap(tables[i]->transformType(toC(transform), wrap(type))))
      return t;
  return {};
}

Operation *materializeConstant(Dialect *dialect, OpBuilder &builder,
                               Attribute value, Type type, Location loc) {
  MlirOperation op = hooksFor(dialect->getNamespace()).materializeConstant(
      toC(dialect->getNamespace()), wrap(value), wrap(type), wrap(loc));
  if (mlirOperationIsNull(op))
    return nullptr;
  return builder.insert(unwrap(op));
}

llvm::LogicalResult verifyOperationAttribute(Dialect *dialect, Operation *op,
                                             NamedAttribute attribute) {
  return success(hooksFor(dialect->getNamespace()).verifyOperationAttribute(
      toC(dialect->getNamespace()), wrap(op), toC(attribute.getName().strref()),
      wrap(attribute.getValue())));
}

namespace {
/// A registry filled as dialects load (in any context, on any thread) and
/// read by hooks on every thread: appends are serialized and published with
/// release/acquire, reads take no lock. A plain std::vector here raced
/// (a push_back during a read, in tests that create contexts in parallel).
template <typename T, size_t Capacity> class AppendOnly {
public:
  /// Adds `item` unless `same(existing, item)` holds for one already there.
  template <typename Same> void add(const T &item, Same same) {
    std::lock_guard<std::mutex> lock(mutex);
    size_t n = count.load(std::memory_order_relaxed);
    for (size_t i = 0; i < n; ++i)
      if (same(items[i], item))
        return;
    if (n == Capacity)
      llvm::report_fatal_error("rmlir: bridge registry full");
    items[n] = item;
    count.store(n + 1, std::memory_order_release);
  }
  const T *begin() const { return items.data(); }
  const T *end() const {
    return items.data() + count.load(std::memory_order_acquire);
  }

private:
  std::array<T, Capacity> items{};
  std::atomic<size_t> count{0};
  std::mutex mutex;
};
} // namespace

static AppendOnly<EnumAttrAccess, 16> &enumAccessors() {
  static AppendOnly<EnumAttrAccess, 16> accessors;
  return accessors;
}

void registerEnumAttrAccess(EnumAttrAccess access) {
  enumAccessors().add(access, [](const EnumAttrAccess &a,
                                 const EnumAttrAccess &b) {
    return a.getValue == b.getValue;
  });
}

/// Op name -> the typed access its declaring library registered. Never
/// destroyed: libraries unregister from their static destructors, in any
/// order at exit.
static llvm::StringMap<const RmlirOpAccess *> &opAccesses(
    std::unique_lock<std::mutex> &lock) {
  static auto *mutex = new std::mutex;
  static auto *accesses = new llvm::StringMap<const RmlirOpAccess *>;
  lock = std::unique_lock<std::mutex>(*mutex);
  return *accesses;
}

void registerOpAccess(llvm::StringRef name, const RmlirOpAccess *access) {
  std::unique_lock<std::mutex> lock;
  opAccesses(lock)[name] = access;
}

void unregisterOpAccess(llvm::StringRef name, const RmlirOpAccess *access) {
  std::unique_lock<std::mutex> lock;
  auto &accesses = opAccesses(lock);
  auto it = accesses.find(name);
  if (it != accesses.end() && it->second == access)
    accesses.erase(it);
}

namespace {
/// What one Rust pass run on this thread keeps for its context: the
/// registered op names it looked up, by TypeID and by name (a pass creates
/// the same few ops over and over, and MLIR's lookups hash every time: a
/// TypeID map probe, or a string hash and compare), and the attributes it
/// built from plain values (`memoized`: MLIR's uniquer hashes, locks a
/// shard and probes for each). Only valid while its context lives, so a
/// cache is active only inside `RustPass::runOnOperation`, for that op's
/// context (`PassCacheScope`); everywhere else, and for another context,
/// names and attributes are looked up and built as without it.
struct PassCache {
  /// Names: open addressing, no removal (a pass names a few dozen ops at
  /// most). A key not found within `kProbes` slots (a crowded table, or
  /// names built anew for every op) is looked up as without a cache.
  static constexpr unsigned kSlots = 64;
  static constexpr unsigned kProbes = 8;
  struct ByType {
    const void *typeID;
    void *name;
  };
  struct ByName {
    /// Where the name asked for was (the caller's string: only ever
    /// compared, never read) and its size; the key.
    const char *query;
    size_t size;
    /// The registered name's own string, which the context owns: what a
    /// hit is checked against, since the caller's string may be another
    /// one at a reused address.
    const char *own;
    void *name;
  };
  /// An attribute the pass built from plain values (`AttrMemo`): what it
  /// was built from, and the attribute.
  struct Memo {
    /// The kind of attribute (`AttrMemo`), the number of `words` in use,
    /// the type (or context) it was built for and the values.
    unsigned kind;
    unsigned count;
    const void *owner;
    std::array<uint64_t, 3> words;
    const void *attr;
  };
  MLIRContext *ctx = nullptr;
  /// Which slots hold an entry (bit i: slot i): the slots themselves are
  /// left uninitialized, since a function pass opens a cache per function
  /// and clearing 3 KiB each time cost more than its lookups saved.
  uint64_t typesUsed = 0, namesUsed = 0, memosUsed = 0;
  std::array<ByType, kSlots> byType;
  std::array<ByName, kSlots> byName;
  /// Direct-mapped: a memo evicts the one in its slot.
  std::array<Memo, kSlots> memos;
  static_assert(kSlots == 64, "one bit per slot in a uint64_t");

  static unsigned slotOf(const void *key) {
    auto bits = reinterpret_cast<uintptr_t>(key);
    return static_cast<unsigned>((bits * 0x9E3779B97F4A7C15ull) >> 58);
  }
};

/// The cache of the Rust pass running on this thread, if any.
thread_local PassCache *activeCache = nullptr;

/// Makes a fresh cache for `ctx` the active one for its lifetime, and the
/// previous one (a pass running a nested pipeline) active again after.
class PassCacheScope {
public:
  explicit PassCacheScope(MLIRContext *ctx) : saved(activeCache) {
    cache.ctx = ctx;
    activeCache = &cache;
  }
  ~PassCacheScope() { activeCache = saved; }
  PassCacheScope(const PassCacheScope &) = delete;
  PassCacheScope &operator=(const PassCacheScope &) = delete;

private:
  PassCache cache;
  PassCache *saved;
};

/// The kinds of attribute `memoized` keeps: each built from its owner (a
/// type, or the context) and up to three words.
enum class AttrMemo : unsigned {
  /// IntegerAttr of an integer or index type, from one word.
  Integer = 1,
  /// FloatAttr of a float type, from the words of its bits.
  Float,
  /// A splat DenseElementsAttr of a shaped type, from the words of its
  /// one value.
  SplatWords,
  /// A splat DenseElementsAttr of a shaped type, from its element attribute.
  SplatOf,
  /// DenseI64ArrayAttr of up to three values.
  I64Array,
};

/// `build()`, remembered for the Rust pass running on this thread: a pass
/// builds the same few attributes over and over (positions 0 and 1, the
/// predicates, the zero and one constants of each type), and MLIR uniques
/// each anew: a hash, a shard lock and a probe. The attribute is the
/// uniqued one, so the IR is the same as without the memo. Only inside a
/// pass's `PassCacheScope`, for its context, whose attributes live as long
/// as the scope: anywhere else, for another context, or for more than three
/// words, `build()` alone.
template <typename Build>
static Attribute memoized(MLIRContext *ctx, AttrMemo kind, const void *owner,
                          const uint64_t *words, size_t count, Build build) {
  PassCache *cache = activeCache;
  if (!cache || cache->ctx != ctx || count > 3)
    return build();
  PassCache::Memo key{static_cast<unsigned>(kind),
                      static_cast<unsigned>(count), owner, {0, 0, 0}, nullptr};
  uint64_t hash = reinterpret_cast<uintptr_t>(owner) ^
                  (uint64_t(key.kind) << 56) ^ (uint64_t(count) << 48);
  for (size_t i = 0; i < count; ++i) {
    key.words[i] = words[i];
    hash = (hash ^ words[i]) * 0x9E3779B97F4A7C15ull;
  }
  unsigned slot =
      static_cast<unsigned>((hash * 0x9E3779B97F4A7C15ull) >> 58);
  PassCache::Memo &entry = cache->memos[slot];
  if (((cache->memosUsed >> slot) & 1) && entry.kind == key.kind &&
      entry.count == key.count && entry.owner == owner &&
      entry.words == key.words)
    return Attribute::getFromOpaquePointer(entry.attr);
  Attribute attr = build();
  if (attr) {
    key.attr = attr.getAsOpaquePointer();
    entry = key;
    cache->memosUsed |= uint64_t(1) << slot;
  }
  return attr;
}

std::optional<RegisteredOperationName> lookupName(TypeID typeID,
                                                  MLIRContext *ctx) {
  PassCache *cache = activeCache;
  if (!cache || cache->ctx != ctx)
    return RegisteredOperationName::lookup(typeID, ctx);
  const void *key = typeID.getAsOpaquePointer();
  for (unsigned i = PassCache::slotOf(key), n = 0; n < PassCache::kProbes;
       i = (i + 1) % PassCache::kSlots, ++n) {
    PassCache::ByType &slot = cache->byType[i];
    bool used = (cache->typesUsed >> i) & 1;
    if (used && slot.typeID == key)
      return RegisteredOperationName::getFromOpaquePointer(slot.name);
    if (!used) {
      std::optional<RegisteredOperationName> name =
          RegisteredOperationName::lookup(typeID, ctx);
      if (name) {
        slot = {key, name->getAsOpaquePointer()};
        cache->typesUsed |= uint64_t(1) << i;
      }
      return name;
    }
  }
  return RegisteredOperationName::lookup(typeID, ctx);
}

std::optional<RegisteredOperationName> lookupName(llvm::StringRef opName,
                                                  MLIRContext *ctx) {
  PassCache *cache = activeCache;
  if (!cache || cache->ctx != ctx)
    return RegisteredOperationName::lookup(opName, ctx);
  for (unsigned i = PassCache::slotOf(opName.data()), n = 0;
       n < PassCache::kProbes; i = (i + 1) % PassCache::kSlots, ++n) {
    PassCache::ByName &slot = cache->byName[i];
    bool used = (cache->namesUsed >> i) & 1;
    bool here =
        used && slot.query == opName.data() && slot.size == opName.size();
    if (here && std::memcmp(slot.own, opName.data(), slot.size) == 0)
      return RegisteredOperationName::getFromOpaquePointer(slot.name);
    if (here || !used) {
      // A free slot, or this address holding another name than before.
      std::optional<RegisteredOperationName> name =
          RegisteredOperationName::lookup(opName, ctx);
      if (name) {
        slot = {opName.data(), opName.size(), name->getStringRef().data(),
                name->getAsOpaquePointer()};
        cache->namesUsed |= uint64_t(1) << i;
      }
      return name;
    }
  }
  return RegisteredOperationName::lookup(opName, ctx);
}

/// `type`'s context, read inline (`Type::getContext` is a call).
MLIRContext *contextOf(Type type) { return type.getDialect().getContext(); }
MLIRContext *contextOf(Attribute attr) {
  return attr.getDialect().getContext();
}
MLIRContext *contextOf(Location loc) {
  return contextOf(Attribute(LocationAttr(loc)));
}
MLIRContext *contextOf(Operation *op) { return contextOf(op->getLoc()); }
MLIRContext *contextOf(Value value) { return contextOf(value.getType()); }
} // namespace

/// Copies a new op's operands and result types into `operandList` and
/// `typeList`; false when one of them or an attribute is of another context
/// than `ctx` (it would tie the IR to memory that context frees), or when
/// an op cannot hold `numRegions` regions (an Operation keeps the count in
/// 23 bits: a larger one would be stored cut). Operands and results mostly
/// share a type or two: each run of one type has its context read once.
static bool checkParts(MLIRContext *ctx, const MlirValue *operands,
                       intptr_t numOperands, const MlirType *resultTypes,
                       intptr_t numResults, const MlirAttribute *attrs,
                       intptr_t numAttrs, intptr_t numRegions,
                       llvm::SmallVectorImpl<Value> &operandList,
                       llvm::SmallVectorImpl<Type> &typeList) {
  if (numRegions < 0 || numRegions >= (intptr_t(1) << 23))
    return false;
  for (intptr_t i = 0; i < numAttrs; ++i)
    if (contextOf(unwrap(attrs[i])) != ctx)
      return false;
  Type checked;
  auto ofContext = [&](Type type) {
    if (type == checked)
      return true;
    checked = type;
    return contextOf(type) == ctx;
  };
  operandList.reserve(numOperands);
  for (intptr_t i = 0; i < numOperands; ++i) {
    Value operand = unwrap(operands[i]);
    if (!ofContext(operand.getType()))
      return false;
    operandList.push_back(operand);
  }
  typeList.reserve(numResults);
  for (intptr_t i = 0; i < numResults; ++i) {
    Type type = unwrap(resultTypes[i]);
    if (!ofContext(type))
      return false;
    typeList.push_back(type);
  }
  return true;
}

Operation *createOp(const OpParts &parts, OpaqueProperties properties,
                    NamedAttrList &&attributes) {
  // Operation::create(state) comes here through two more overloads: one
  // copies the state's attributes into a list, one moves its regions'
  // bodies (none here) into the op.
  return Operation::create(parts.loc, parts.name, parts.resultTypes,
                           parts.operands, std::move(attributes), properties,
                           BlockRange(), parts.numRegions);
}

MlirOperation createOdsOp(
    TypeID typeID, MlirLocation loc, const MlirValue *operands,
    intptr_t numOperands, const MlirType *resultTypes, intptr_t numResults,
    const unsigned *attrIndices, const MlirAttribute *attrs, intptr_t numAttrs,
    intptr_t numRegions,
    Operation *(*withProperties)(const OpParts &, const unsigned *,
                                 const MlirAttribute *, intptr_t)) {
  Location location = unwrap(loc);
  MLIRContext *ctx = contextOf(location);
  // By TypeID, as ODS's typed builders look it up (no string hashing).
  std::optional<RegisteredOperationName> name = lookupName(typeID, ctx);
  if (!name)
    return {nullptr};
  llvm::SmallVector<Value, 4> operandList;
  llvm::SmallVector<Type, 2> typeList;
  if (!checkParts(ctx, operands, numOperands, resultTypes, numResults, attrs,
                  numAttrs, numRegions, operandList, typeList))
    return {nullptr};
  OpParts parts{location, *name, typeList, operandList,
                static_cast<unsigned>(numRegions)};
  if (numAttrs == 0)
    return wrap(createOp(parts, nullptr));
  return wrap(withProperties(parts, attrIndices, attrs, numAttrs));
}

namespace {
struct TypeNamer {
  llvm::StringRef (*nameOf)(Type);
  Type (*byName)(MLIRContext *, llvm::StringRef);
};
} // namespace

static AppendOnly<TypeNamer, 16> &typeNamers() {
  static AppendOnly<TypeNamer, 16> namers;
  return namers;
}

void registerTypeNames(llvm::StringRef (*nameOf)(Type),
                       Type (*byName)(MLIRContext *, llvm::StringRef)) {
  typeNamers().add({nameOf, byName},
                   [](const TypeNamer &a, const TypeNamer &b) {
                     return a.nameOf == b.nameOf;
                   });
}

namespace {
/// Every op of our dialects may be inlined, as upstream's arith and shape say.
struct RustDialectInliner final : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Operation *, bool) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
};
} // namespace

void addDialectInterfaces(Dialect *dialect) {
  dialect->addInterfaces<RustDialectInliner>();
  addConvertToInterfaces(dialect);
  addBufferizableModels(dialect);
  addValueBoundsModels(dialect);
}

ParseResult parseIndexList(OpAsmParser &parser, DenseIntElementsAttr &attr) {
  llvm::SmallVector<int64_t, 6> extents;
  if (parser.parseCommaSeparatedList(
          OpAsmParser::Delimiter::Square,
          [&]() { return parser.parseInteger(extents.emplace_back()); }))
    return failure();
  Builder &b = parser.getBuilder();
  auto type = RankedTensorType::get({static_cast<int64_t>(extents.size())},
                                    b.getIndexType());
  attr = DenseIntElementsAttr::get(type, extents);
  return success();
}

void printIndexList(OpAsmPrinter &printer, Operation *,
                    DenseIntElementsAttr attr) {
  printer << '[';
  llvm::interleaveComma(attr.getValues<int64_t>(), printer);
  printer << ']';
}

ParseResult parseConditionAndResultTypes(OpAsmParser &parser, Type &condition,
                                         Type &result) {
  if (parser.parseType(result))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    condition = result;
    return parser.parseType(result);
  }
  condition = parser.getBuilder().getI1Type();
  return success();
}

void printConditionAndResultTypes(OpAsmPrinter &printer, Operation *,
                                  Type condition, Type result) {
  if (isa<ShapedType>(condition))
    printer << condition << ", ";
  printer << result;
}

} // namespace rmlir::bridge

using namespace rmlir::bridge;

//===----------------------------------------------------------------------===//
// Passes
//===----------------------------------------------------------------------===//

namespace {
/// A pass whose body is a Rust function; one TypeID per Rust pass.
class RustPass final : public Pass {
public:
  RustPass(const RmlirHooks *hooks, const RmlirPassDesc &desc, TypeID typeId)
      : Pass(typeId, desc.opName.length
                         ? std::optional<llvm::StringRef>(toCxx(desc.opName))
                         : std::nullopt),
        hooks(hooks), desc(desc), typeId(typeId) {}

  llvm::StringRef getName() const override { return toCxx(desc.argument); }
  llvm::StringRef getArgument() const override { return toCxx(desc.argument); }
  llvm::StringRef getDescription() const override {
    return toCxx(desc.description);
  }
  bool canScheduleOn(RegisteredOperationName) const override { return true; }
  void getDependentDialects(DialectRegistry &registry) const override {
    for (intptr_t i = 0; i < desc.numDependentDialects; ++i)
      mlirDialectHandleInsertDialect(desc.dependentDialects[i], wrap(&registry));
  }
  std::unique_ptr<Pass> clonePass() const override {
    auto copy = std::make_unique<RustPass>(hooks, desc, typeId);
    copy->options = options;
    return copy;
  }
  LogicalResult initializeOptions(
      llvm::StringRef text,
      llvm::function_ref<LogicalResult(const llvm::Twine &)> errorHandler)
      override {
    std::string message;
    auto collect = [](void *userData, MlirStringRef m) {
      *static_cast<std::string *>(userData) = toCxx(m).str();
    };
    if (!hooks->checkPassOptions(desc.passId, toC(text), collect, &message))
      return errorHandler(message);
    options = text.str();
    return success();
  }
  void runOnOperation() override {
    PassCacheScope cache(&getContext());
    rmlir::bridge::GreedyCacheScope greedy(greedyPatterns);
    if (!hooks->runPass(desc.passId, wrap(getOperation()), toC(options)))
      signalPassFailure();
  }

private:
  const RmlirHooks *hooks;
  RmlirPassDesc desc;
  TypeID typeId;
  std::string options;
  /// Each instance its own (a clone starts empty): MLIR runs an instance
  /// on one thread at a time.
  rmlir::bridge::GreedyPatternCache greedyPatterns;
};
} // namespace

/// Pass TypeIDs, one per registered Rust pass.
//===----------------------------------------------------------------------===//
// Caught panics
//===----------------------------------------------------------------------===//

namespace {
/// The discardable attribute on an op a Rust hook panicked on: what the
/// printed IR shows when verification is off.
constexpr llvm::StringLiteral kPanickedAttr = "rmlir.rust_panic";
/// Set once any op is marked: until then no check reads more.
std::atomic<bool> anyPanicked{false};
/// The marked ops. An op is taken as marked only while it also carries the
/// attribute: a later op at a freed one's address does not.
std::mutex panickedMutex;
llvm::DenseSet<Operation *> &panickedOps() {
  static auto *ops = new llvm::DenseSet<Operation *>;
  return *ops;
}
} // namespace

extern "C" void rmlirBridgeMarkPanicked(MlirOperation op) {
  Operation *o = unwrap(op);
  o->setDiscardableAttr(kPanickedAttr, UnitAttr::get(o->getContext()));
  {
    std::lock_guard<std::mutex> lock(panickedMutex);
    panickedOps().insert(o);
  }
  anyPanicked.store(true, std::memory_order_release);
}

extern "C" bool rmlirBridgeIsPanicked(MlirOperation op) {
  return rmlir::bridge::failsForPanic(unwrap(op));
}

bool rmlir::bridge::failsForPanic(Operation *op) {
  if (!anyPanicked.load(std::memory_order_acquire) ||
      !op->getDiscardableAttr(kPanickedAttr))
    return false;
  std::lock_guard<std::mutex> lock(panickedMutex);
  return panickedOps().contains(op);
}

static TypeIDAllocator &passTypeIds() {
  static TypeIDAllocator allocator;
  return allocator;
}

static void registerRustPass(const RmlirHooks *hooks, RmlirPassDesc desc) {
  TypeID typeId = passTypeIds().allocate();
  registerPass([hooks, desc, typeId]() -> std::unique_ptr<Pass> {
    return std::make_unique<RustPass>(hooks, desc, typeId);
  });
}

extern "C" void rmlirBridgeRegisterPass(const RmlirHooks *hooks,
                                        RmlirPassDesc desc) {
  // Serialized by the caller (Rust holds a lock): the registry is a global
  // map. Each pass gets a TypeID of its own.
  registerRustPass(hooks, desc);
}

//===----------------------------------------------------------------------===//
// Attribute helpers the C API lacks
//===----------------------------------------------------------------------===//

unsigned rmlir::bridge::copyWords(const llvm::APInt &value, uint64_t *words,
                                  intptr_t capacity) {
  unsigned n = value.getNumWords();
  const uint64_t *raw = value.getRawData();
  for (intptr_t i = 0; i < capacity; ++i)
    words[i] = static_cast<unsigned>(i) < n ? raw[i] : 0;
  return value.getBitWidth();
}
using rmlir::bridge::copyWords;

/// Element widths whose raw dense data is `width / 8` little-endian bytes
/// per element, read and written in bulk (on a little-endian host).
static bool isBulkWidth(unsigned width) {
  return llvm::sys::IsLittleEndianHost &&
         (width == 8 || width == 16 || width == 32 || width == 64);
}

/// The bit width of an integer, index (its storage width) or float type;
/// 0 for any other type.
static unsigned intOrIndexWidth(Type type) {
  // Integer and index first: a FloatType check is an interface lookup.
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.getWidth();
  if (isa<IndexType>(type))
    return IndexType::kInternalStorageBitWidth;
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth();
  return 0;
}

/// `t` as a ShapedType, deciding the builtin types folders meet most by
/// TypeID before asking the ShapedType interface.
static ShapedType asShaped(Type t) {
  if (isa<IntegerType, IndexType>(t))
    return {};
  if (auto v = dyn_cast<VectorType>(t))
    return v;
  if (auto r = dyn_cast<RankedTensorType>(t))
    return r;
  return dyn_cast<ShapedType>(t);
}

extern "C" bool rmlirTypeIsShaped(MlirType type) {
  Type t = unwrap(type);
  // Decided by TypeID where it can be: a ShapedType made of a vector or a
  // tensor type asks the interface for its concept.
  if (isa<VectorType, RankedTensorType>(t))
    return true;
  return static_cast<bool>(asShaped(t));
}

extern "C" MlirType rmlirTypeElementTypeOrSelf(MlirType type) {
  Type t = unwrap(type);
  if (isa<IntegerType, IndexType>(t))
    return type;
  if (auto v = dyn_cast<VectorType>(t))
    return wrap(v.getElementType());
  if (auto r = dyn_cast<RankedTensorType>(t))
    return wrap(r.getElementType());
  ShapedType shaped = asShaped(t);
  return shaped ? wrap(shaped.getElementType()) : type;
}

extern "C" intptr_t rmlirTypeShape(MlirType type, int64_t *dims,
                                   intptr_t capacity) {
  Type t = unwrap(type);
  llvm::ArrayRef<int64_t> shape;
  if (auto v = dyn_cast<VectorType>(t))
    shape = v.getShape();
  else if (auto r = dyn_cast<RankedTensorType>(t))
    shape = r.getShape();
  else if (ShapedType shaped = asShaped(t); shaped && shaped.hasRank())
    shape = shaped.getShape();
  else
    return -1;
  for (size_t i = 0; i < shape.size() && static_cast<intptr_t>(i) < capacity;
       ++i)
    dims[i] = shape[i];
  return static_cast<intptr_t>(shape.size());
}

extern "C" MlirType rmlirAttributeGetType(MlirAttribute attr) {
  Attribute a = unwrap(attr);
  if (auto i = dyn_cast<IntegerAttr>(a))
    return wrap(i.getType());
  if (auto f = dyn_cast<FloatAttr>(a))
    return wrap(f.getType());
  if (auto d = dyn_cast<DenseElementsAttr>(a))
    return wrap(static_cast<Type>(d.getType()));
  if (auto t = dyn_cast<TypedAttr>(a))
    return wrap(t.getType());
  return wrap(static_cast<Type>(NoneType::get(a.getContext())));
}

extern "C" MlirAttribute rmlirDenseResourceAsDense(MlirAttribute attr) {
  auto resource = llvm::dyn_cast<DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return MlirAttribute{nullptr};
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return MlirAttribute{nullptr};
  ArrayRef<char> data = blob->getData();
  ShapedType type = resource.getType();
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(type, data, splat))
    return MlirAttribute{nullptr};
  return wrap(DenseElementsAttr::getFromRawBuffer(type, data));
}

extern "C" int rmlirIntegerAttrGetWords(MlirAttribute attr, uint64_t *words,
                                        intptr_t capacity) {
  auto intAttr = dyn_cast_if_present<IntegerAttr>(unwrap(attr));
  if (!intAttr)
    return -1;
  return copyWords(intAttr.getValue(), words, capacity);
}

extern "C" MlirAttribute rmlirIntegerAttrGetFromWords(MlirType type,
                                                      const uint64_t *words,
                                                      intptr_t numWords) {
  Type t = unwrap(type);
  // Checked here, not asserted in MLIR (built without assertions).
  if (!isa<IntegerType, IndexType>(t) || numWords < 1)
    return {nullptr};
  llvm::APInt value(intOrIndexWidth(t),
                    llvm::ArrayRef<uint64_t>(words, numWords));
  return wrap(static_cast<Attribute>(IntegerAttr::get(t, value)));
}

extern "C" MlirAttribute rmlirIntegerAttrGetFromWord(MlirType type,
                                                     uint64_t word) {
  Type t = unwrap(type);
  if (!isa<IntegerType, IndexType>(t))
    return {nullptr};
  unsigned width = intOrIndexWidth(t);
  if (width > 64)
    return {nullptr};
  return wrap(memoized(t.getContext(), AttrMemo::Integer,
                       t.getAsOpaquePointer(), &word, 1, [&]() -> Attribute {
                         return IntegerAttr::get(
                             t, llvm::APInt(width, word, /*isSigned=*/false,
                                            /*implicitTrunc=*/true));
                       }));
}

extern "C" MlirAttribute rmlirDenseI64ArrayGet(MlirContext context,
                                               const int64_t *values,
                                               intptr_t count) {
  MLIRContext *ctx = unwrap(context);
  llvm::ArrayRef<int64_t> array(values, count);
  uint64_t words[3] = {0, 0, 0};
  for (intptr_t i = 0; i < count && i < 3; ++i)
    words[i] = static_cast<uint64_t>(values[i]);
  return wrap(memoized(ctx, AttrMemo::I64Array, ctx, words, count,
                       [&]() -> Attribute {
                         return DenseI64ArrayAttr::get(ctx, array);
                       }));
}

extern "C" MlirAttribute rmlirDenseElementsSplatGet(MlirType shapedType,
                                                    MlirAttribute element) {
  auto type = dyn_cast<ShapedType>(unwrap(shapedType));
  Attribute value = unwrap(element);
  // What DenseElementsAttr::get asserts, checked: an integer or float
  // attribute of the type's element type.
  if (!type || !isa_and_present<IntegerAttr, FloatAttr>(value) ||
      cast<TypedAttr>(value).getType() != type.getElementType())
    return {nullptr};
  uint64_t word = reinterpret_cast<uintptr_t>(value.getAsOpaquePointer());
  return wrap(memoized(type.getContext(), AttrMemo::SplatOf,
                       type.getAsOpaquePointer(), &word, 1,
                       [&]() -> Attribute {
                         return DenseElementsAttr::get(type, value);
                       }));
}

extern "C" unsigned rmlirFloatAttrGetBits(MlirAttribute attr, uint64_t *words,
                                          intptr_t capacity) {
  auto floatAttr = dyn_cast_if_present<FloatAttr>(unwrap(attr));
  if (!floatAttr)
    return 0;
  return copyWords(floatAttr.getValue().bitcastToAPInt(), words, capacity);
}

static llvm::APFloat floatFromBits(FloatType type, const uint64_t *words,
                                   intptr_t numWords) {
  llvm::APInt bits(type.getWidth(), llvm::ArrayRef<uint64_t>(words, numWords));
  return llvm::APFloat(type.getFloatSemantics(), bits);
}

extern "C" MlirAttribute rmlirFloatAttrGetFromBits(MlirType type,
                                                   const uint64_t *words,
                                                   intptr_t numWords) {
  auto floatType = dyn_cast<FloatType>(unwrap(type));
  if (!floatType || numWords < 1)
    return {nullptr};
  auto build = [&]() -> Attribute {
    return FloatAttr::get(floatType, floatFromBits(floatType, words, numWords));
  };
  return wrap(memoized(floatType.getContext(), AttrMemo::Float,
                       floatType.getAsOpaquePointer(), words,
                       static_cast<size_t>(numWords), build));
}

/// Whether `t` is certainly not a float type, by a type id compare: the
/// integer and index types, what float queries are mostly asked of, answer
/// without the FloatType interface's lookup.
static bool isSurelyNotFloat(Type t) { return isa<IntegerType, IndexType>(t); }

extern "C" bool rmlirTypeIsFloat(MlirType type) {
  Type t = unwrap(type);
  if (isSurelyNotFloat(t))
    return false;
  if (isa<Float32Type, Float64Type, Float16Type, BFloat16Type>(t))
    return true;
  return isa<FloatType>(t);
}

extern "C" unsigned rmlirFloatTypeGetFormat(MlirType type) {
  Type t = unwrap(type);
  // The common formats by their type ids (the numbering below).
  if (isSurelyNotFloat(t))
    return 0;
  if (isa<Float32Type>(t))
    return 3;
  if (isa<Float64Type>(t))
    return 4;
  if (isa<Float16Type>(t))
    return 1;
  if (isa<BFloat16Type>(t))
    return 2;
  auto floatType = dyn_cast<FloatType>(t);
  if (!floatType)
    return 0;
  const llvm::fltSemantics *sem = &floatType.getFloatSemantics();
  const llvm::fltSemantics *formats[] = {
      &llvm::APFloat::IEEEhalf(),   &llvm::APFloat::BFloat(),
      &llvm::APFloat::IEEEsingle(), &llvm::APFloat::IEEEdouble(),
      &llvm::APFloat::x87DoubleExtended(), &llvm::APFloat::IEEEquad(),
      &llvm::APFloat::Float8E5M2(), &llvm::APFloat::Float8E4M3FN(),
      &llvm::APFloat::Float8E4M3(), &llvm::APFloat::Float8E3M4(),
      &llvm::APFloat::FloatTF32(),  &llvm::APFloat::Float8E4M3FNUZ(),
      &llvm::APFloat::Float8E5M2FNUZ(), &llvm::APFloat::Float8E4M3B11FNUZ(),
      &llvm::APFloat::Float8E8M0FNU(), &llvm::APFloat::Float6E2M3FN(),
      &llvm::APFloat::Float6E3M2FN(), &llvm::APFloat::Float4E2M1FN()};
  for (unsigned i = 0; i < std::size(formats); ++i)
    if (sem == formats[i])
      return i + 1;
  return 0;
}

extern "C" unsigned rmlirFloatTypeGetWidth(MlirType type) {
  if (isSurelyNotFloat(unwrap(type)))
    return 0;
  auto floatType = dyn_cast<FloatType>(unwrap(type));
  return floatType ? floatType.getWidth() : 0;
}

extern "C" int rmlirDenseElementsGetWords(MlirAttribute attr, intptr_t index,
                                          uint64_t *words, intptr_t capacity) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(unwrap(attr));
  if (!dense)
    return -1;
  Type elementType = dense.getElementType();
  if (isa<FloatType>(elementType))
    return copyWords(
        dense.getValues<llvm::APFloat>()[index].bitcastToAPInt(), words,
        capacity);
  if (isa<IntegerType, IndexType>(elementType))
    return copyWords(dense.getValues<llvm::APInt>()[index], words, capacity);
  return -1;
}

extern "C" int rmlirDenseIntElementsGetAllWords(MlirAttribute attr,
                                                uint64_t *words,
                                                intptr_t wordsPerElement,
                                                intptr_t numElements) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(unwrap(attr));
  if (!dense)
    return -1;
  Type elementType = dense.getElementType();
  if (!isa<IntegerType, IndexType, FloatType>(elementType))
    return -1;
  unsigned width = intOrIndexWidth(elementType);
  if (isBulkWidth(width) && wordsPerElement == 1 && !dense.isSplat()) {
    // One element per `width / 8` bytes of raw data, as the words hold it
    // (zero-extended): no APInt or APFloat per element.
    llvm::ArrayRef<char> raw = dense.getRawData();
    size_t bytes = width / 8;
    intptr_t n = std::min<intptr_t>(numElements, raw.size() / bytes);
    for (intptr_t i = 0; i < n; ++i) {
      uint64_t word = 0;
      std::memcpy(&word, raw.data() + i * bytes, bytes);
      words[i] = word;
    }
    return width;
  }
  intptr_t i = 0;
  if (isa<FloatType>(elementType)) {
    for (const llvm::APFloat &value : dense.getValues<llvm::APFloat>()) {
      if (i >= numElements)
        break;
      copyWords(value.bitcastToAPInt(), words + i * wordsPerElement,
                wordsPerElement);
      ++i;
    }
    return cast<FloatType>(elementType).getWidth();
  }
  if (!isa<IntegerType, IndexType>(elementType))
    return -1;
  for (const llvm::APInt &value : dense.getValues<llvm::APInt>()) {
    if (i >= numElements)
      break;
    copyWords(value, words + i * wordsPerElement, wordsPerElement);
    ++i;
  }
  return intOrIndexWidth(elementType);
}

/// Dense elements of `type` from words, the arguments checked
/// (`rmlirDenseElementsGetFromWords`).
static Attribute denseFromWords(ShapedType type, Type elementType,
                                const uint64_t *words,
                                intptr_t wordsPerElement,
                                intptr_t numElements) {
  unsigned width = intOrIndexWidth(elementType);
  if (isBulkWidth(width) && wordsPerElement == 1 && numElements > 1) {
    // The raw data DenseElementsAttr::get would write, in one buffer (a
    // buffer whose elements are all equal is uniqued as the splat, as
    // there).
    size_t bytes = width / 8;
    llvm::SmallVector<char, 256> raw(numElements * bytes);
    for (intptr_t i = 0; i < numElements; ++i)
      std::memcpy(raw.data() + i * bytes, &words[i], bytes);
    return DenseElementsAttr::getFromRawBuffer(type, raw);
  }
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    llvm::SmallVector<llvm::APFloat, 4> values;
    for (intptr_t i = 0; i < numElements; ++i)
      values.push_back(
          floatFromBits(floatType, words + i * wordsPerElement, wordsPerElement));
    return DenseElementsAttr::get(type, values);
  }
  llvm::SmallVector<llvm::APInt, 4> values;
  for (intptr_t i = 0; i < numElements; ++i)
    values.emplace_back(width, llvm::ArrayRef<uint64_t>(
                                   words + i * wordsPerElement, wordsPerElement));
  return DenseElementsAttr::get(type, values);
}

extern "C" MlirAttribute
rmlirDenseElementsGetFromWords(MlirType shapedType, const uint64_t *words,
                               intptr_t wordsPerElement, intptr_t numElements) {
  // What DenseElementsAttr::get asserts, checked (MLIR is built without
  // assertions): one value per element of a static shape, or one value (a
  // splat, which upstream's own rewrites also build for dynamic shapes).
  auto type = dyn_cast<ShapedType>(unwrap(shapedType));
  if (!type || wordsPerElement < 1 || numElements < 0 ||
      (numElements != 1 && (!type.hasStaticShape() ||
                             numElements != type.getNumElements())))
    return {nullptr};
  Type elementType = type.getElementType();
  if (!isa<IntegerType, IndexType, FloatType>(elementType))
    return {nullptr};
  auto build = [&]() -> Attribute {
    return denseFromWords(type, elementType, words, wordsPerElement,
                          numElements);
  };
  // A splat is remembered (`memoized`, up to three words). Other values
  // are not: their words are a key only with the layout the caller chose
  // (two words are a splat of two-word elements, or two one-word ones).
  if (numElements != 1)
    return wrap(build());
  return wrap(memoized(type.getContext(), AttrMemo::SplatWords,
                       type.getAsOpaquePointer(), words,
                       static_cast<size_t>(wordsPerElement), build));
}

extern "C" bool rmlirEnumAttrGetValue(MlirAttribute attr, uint64_t *value) {
  Attribute a = unwrap(attr);
  if (!a)
    return false;
  // An `I64EnumAttr` (predicates) is stored as a plain IntegerAttr.
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    llvm::APInt v = i.getValue();
    if (v.getBitWidth() > 64)
      return false;
    *value = v.getZExtValue();
    return true;
  }
  for (const EnumAttrAccess &access : enumAccessors())
    if (access.getValue(a, value))
      return true;
  return false;
}

extern "C" MlirStringRef rmlirTypeGetOdsName(MlirType type) {
  Type t = unwrap(type);
  for (const TypeNamer &namer : typeNamers())
    if (llvm::StringRef name = namer.nameOf(t); !name.empty())
      return toC(name);
  return toC("");
}

extern "C" MlirType rmlirTypeGetByOdsName(MlirContext ctx, MlirStringRef name) {
  for (const TypeNamer &namer : typeNamers())
    if (Type t = namer.byName(unwrap(ctx), toCxx(name)))
      return wrap(t);
  return {nullptr};
}

extern "C" MlirAttribute rmlirEnumAttrGet(MlirContext ctx, MlirStringRef name,
                                          uint64_t value) {
  for (const EnumAttrAccess &access : enumAccessors())
    if (Attribute a = access.get(unwrap(ctx), toCxx(name), value))
      return wrap(a);
  return {nullptr};
}

//===----------------------------------------------------------------------===//
// Diagnostics and IR
//===----------------------------------------------------------------------===//

extern "C" MlirValue rmlirOperationGetOperandChecked(MlirOperation op,
                                                    intptr_t index) {
  Operation *o = unwrap(op);
  if (index < 0 || static_cast<unsigned>(index) >= o->getNumOperands())
    return {nullptr};
  return wrap(o->getOperand(index));
}

extern "C" intptr_t rmlirTryFold(MlirOperation op, MlirValue *results,
                                 intptr_t capacity) {
  Operation *o = unwrap(op);
  OpBuilder builder(o);
  llvm::SmallVector<Value, 2> values;
  if (failed(builder.tryFold(o, values)))
    return -1;
  for (intptr_t i = 0, e = values.size(); i < e && i < capacity; ++i)
    results[i] = wrap(values[i]);
  return values.size();
}

extern "C" bool rmlirTryFoldAndReplace(MlirOperation op) {
  Operation *o = unwrap(op);
  OpBuilder builder(o);
  llvm::SmallVector<Value, 2> results;
  if (failed(builder.tryFold(o, results)) || results.empty())
    return false;
  // A folder that took the op out of its block (erased it) leaves it to
  // whoever did.
  if (!o->getBlock())
    return false;
  o->replaceAllUsesWith(results);
  // A fold to the op's own results (an in-place fold of some results)
  // leaves uses: the op stays.
  if (!o->use_empty() || rmlirOperationUsedOutside(op, false))
    return false;
  rmlirOperationBury(op);
  return true;
}

extern "C" void rmlirOperationBury(MlirOperation op) {
  Operation *o = unwrap(op);
  if (o->getBlock())
    o->remove();
  o->dropAllReferences();
}

extern "C" MlirOperation rmlirOperationIsolatedScope(MlirOperation op) {
  Operation *o = unwrap(op)->getParentOp();
  while (o && !o->hasTrait<OpTrait::IsIsolatedFromAbove>())
    o = o->getParentOp();
  return wrap(o);
}

extern "C" bool rmlirOperationIsIsolatedFromAbove(MlirOperation op) {
  return unwrap(op)->hasTrait<OpTrait::IsIsolatedFromAbove>();
}

extern "C" MlirTypeID rmlirContextRegisteredOpTypeID(MlirContext ctx,
                                                     MlirStringRef name) {
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(unwrap(name), unwrap(ctx));
  return wrap(info ? info->getTypeID() : TypeID());
}

extern "C" MlirLocation rmlirLocationFusedOfOps(const MlirOperation *ops,
                                                intptr_t n) {
  llvm::SmallVector<Location, 4> locs;
  locs.reserve(n);
  for (intptr_t i = 0; i < n; ++i)
    locs.push_back(unwrap(ops[i])->getLoc());
  return wrap(FusedLoc::get(locs, Attribute(), locs.front().getContext()));
}

extern "C" const RmlirOpAccess *rmlirOpAccessOf(MlirStringRef name) {
  std::unique_lock<std::mutex> lock;
  auto &accesses = opAccesses(lock);
  auto it = accesses.find(toCxx(name));
  return it == accesses.end() ? nullptr : it->second;
}

extern "C" bool rmlirOperationIsProperAncestor(MlirOperation a,
                                               MlirOperation b) {
  return unwrap(a)->isProperAncestor(unwrap(b));
}

extern "C" bool rmlirOperationUsedOutside(MlirOperation op, bool results) {
  Operation *root = unwrap(op);
  if (results && !root->use_empty())
    return true;
  if (root->getNumRegions() == 0)
    return false;
  auto usedOutside = [&](ValueRange values) {
    for (Value v : values)
      for (Operation *user : v.getUsers())
        if (!root->isProperAncestor(user))
          return WalkResult::interrupt();
    return WalkResult::advance();
  };
  if (root->walk([&](Operation *nested) {
        return nested == root ? WalkResult::advance()
                              : usedOutside(nested->getResults());
      }).wasInterrupted())
    return true;
  return root
      ->walk([&](Block *block) { return usedOutside(block->getArguments()); })
      .wasInterrupted();
}

extern "C" bool rmlirBlockHoldsOp(MlirBlock block, MlirOperation op) {
  return unwrap(block)->findAncestorOpInBlock(*unwrap(op)) != nullptr;
}

/// Whether `args` can replace the arguments of `b` when its ops move out
/// of it: one value per argument, of its type (and of `ctx`, when given),
/// none defined in `b` (it would be used before it is defined).
static bool argumentsFit(Block *b, const MlirValue *args, intptr_t numArgs,
                         MLIRContext *ctx) {
  if (b->getNumArguments() != static_cast<unsigned>(numArgs))
    return false;
  for (intptr_t i = 0; i < numArgs; ++i) {
    Value v = unwrap(args[i]);
    if (v.getType() != b->getArgument(i).getType() ||
        (ctx && contextOf(v) != ctx))
      return false;
    if (Operation *def = v.getDefiningOp(); def && b->findAncestorOpInBlock(*def))
      return false;
    if (auto arg = llvm::dyn_cast<BlockArgument>(v); arg && arg.getOwner() == b)
      return false;
  }
  return true;
}

extern "C" bool rmlirCanInlineBlockBefore(MlirBlock block, MlirOperation op,
                                          const MlirValue *args,
                                          intptr_t numArgs) {
  Block *b = unwrap(block);
  Operation *o = unwrap(op);
  return o->getBlock() && b->use_empty() && !b->findAncestorOpInBlock(*o) &&
         argumentsFit(b, args, numArgs, contextOf(o));
}

extern "C" bool rmlirCanMergeBlocks(MlirBlock source, MlirBlock dest,
                                    const MlirValue *args, intptr_t numArgs) {
  Block *s = unwrap(source);
  Block *d = unwrap(dest);
  if (s == d || !s->use_empty())
    return false;
  // `source` must not hold `dest`.
  if (Operation *owner = d->getParentOp(); owner && s->findAncestorOpInBlock(*owner))
    return false;
  return argumentsFit(s, args, numArgs, nullptr);
}

extern "C" bool rmlirCanMoveBefore(MlirOperation op, MlirOperation existing) {
  Operation *o = unwrap(op);
  Operation *e = unwrap(existing);
  return o != e && e->getBlock() && !o->isAncestor(e) &&
         contextOf(o) == contextOf(e);
}

extern "C" bool rmlirCanInsertInto(MlirOperation op, MlirBlock block) {
  Operation *o = unwrap(op);
  Block *b = unwrap(block);
  if (!b || o->getBlock())
    return false;
  Operation *parent = b->getParentOp();
  // An op without regions holds no block: it cannot hold this one.
  return parent && contextOf(o) == contextOf(parent) &&
         (o->getNumRegions() == 0 || !o->isAncestor(parent));
}

extern "C" bool rmlirOperationHoldsValue(MlirOperation op, MlirValue value) {
  Operation *o = unwrap(op);
  Value v = unwrap(value);
  Operation *owner = v.getDefiningOp();
  // An op without regions holds only its own results.
  if (o->getNumRegions() == 0)
    return owner == o;
  if (!owner)
    owner = v.getParentBlock() ? v.getParentBlock()->getParentOp() : nullptr;
  return owner && o->isAncestor(owner);
}

extern "C" MlirContext rmlirRegionGetContext(MlirRegion region) {
  return wrap(unwrap(region)->getContext());
}

extern "C" bool rmlirRegionCanTakeBody(MlirRegion target, MlirRegion source) {
  Region *t = unwrap(target), *s = unwrap(source);
  return t->empty() && !s->isAncestor(t) && t->getContext() == s->getContext();
}

extern "C" bool rmlirOperationIsSymbolTable(MlirOperation op) {
  return unwrap(op)->hasTrait<OpTrait::SymbolTable>();
}

extern "C" MlirOperation rmlirLookupSymbolIn(MlirOperation op,
                                            MlirAttribute symbolRef) {
  auto ref = llvm::dyn_cast<SymbolRefAttr>(unwrap(symbolRef));
  if (!ref)
    return {nullptr};
  return wrap(SymbolTable::lookupSymbolIn(unwrap(op), ref));
}

extern "C" MlirOperation rmlirValueGetDefiningOp(MlirValue value) {
  return wrap(unwrap(value).getDefiningOp());
}

extern "C" MlirAttribute rmlirConstantValue(MlirOperation op) {
  Attribute value;
  if (matchPattern(unwrap(op), m_Constant(&value)))
    return wrap(value);
  return {nullptr};
}

extern "C" void rmlirEmitErrorWithOpNote(MlirOperation op,
                                         MlirStringRef message,
                                         MlirOperation noteOp,
                                         MlirStringRef noteMessage) {
  InFlightDiagnostic diag = unwrap(op)->emitError(toCxx(message));
  diag.attachNote(unwrap(noteOp)->getLoc())
      << toCxx(noteMessage) << *unwrap(noteOp);
}

extern "C" void rmlirEmitError(MlirOperation op, MlirStringRef message) {
  unwrap(op)->emitError(toCxx(message));
}

extern "C" void rmlirEmitOpError(MlirOperation op, MlirStringRef message) {
  unwrap(op)->emitOpError(toCxx(message));
}

/// The uniqued name of inherent attribute `name` of `opName`, if it is one.
static StringAttr inherentAttrName(RegisteredOperationName opName,
                                   llvm::StringRef name) {
  for (StringAttr known : opName.getAttributeNames())
    if (known.getValue() == name)
      return known;
  return {};
}

extern "C" MlirOperation rmlirOperationCreateLike(MlirOperation like,
                                                  const MlirValue *operands,
                                                  intptr_t numOperands,
                                                  const MlirType *resultTypes,
                                                  intptr_t numResults) {
  Operation *model = unwrap(like);
  MLIRContext *ctx = contextOf(model);
  OperationState state(model->getLoc(), model->getName());
  for (intptr_t i = 0; i < numOperands; ++i) {
    if (contextOf(unwrap(operands[i])) != ctx)
      return {nullptr};
    state.operands.push_back(unwrap(operands[i]));
  }
  for (intptr_t i = 0; i < numResults; ++i) {
    if (contextOf(unwrap(resultTypes[i])) != ctx)
      return {nullptr};
    state.types.push_back(unwrap(resultTypes[i]));
  }
  // Inherent attributes in the combined dictionary go back into properties.
  state.addAttributes(model->getAttrs());
  for (unsigned i = 0, e = model->getNumRegions(); i < e; ++i)
    state.addRegion();
  return wrap(Operation::create(state));
}

extern "C" MlirOperation rmlirOperationCreate(
    MlirStringRef name, MlirLocation loc, const MlirValue *operands,
    intptr_t numOperands, const MlirType *resultTypes, intptr_t numResults,
    const MlirStringRef *attrNames, const MlirAttribute *attrValues,
    intptr_t numAttributes, intptr_t numRegions) {
  Location location = unwrap(loc);
  MLIRContext *ctx = contextOf(location);
  std::optional<RegisteredOperationName> opName = lookupName(toCxx(name), ctx);
  if (!opName)
    return {nullptr};
  llvm::SmallVector<Value, 4> operandList;
  llvm::SmallVector<Type, 2> typeList;
  if (!checkParts(ctx, operands, numOperands, resultTypes, numResults,
                  attrValues, numAttributes, numRegions, operandList,
                  typeList))
    return {nullptr};
  OpParts parts{location, *opName, typeList, operandList,
                static_cast<unsigned>(numRegions)};
  if (opName->getOpPropertyByteSize() == 0) {
    NamedAttrList attributes;
    for (intptr_t i = 0; i < numAttributes; ++i) {
      StringAttr attrName = inherentAttrName(*opName, toCxx(attrNames[i]));
      if (!attrName)
        attrName = StringAttr::get(ctx, toCxx(attrNames[i]));
      attributes.append(attrName, unwrap(attrValues[i]));
    }
    return wrap(createOp(parts, nullptr, std::move(attributes)));
  }
  // Ops with properties: inherent attributes are set in place, as a typed
  // builder would; other properties are set the way the generic syntax
  // `<{...}>` sets them.
  Operation *op = createOp(parts, nullptr);
  NamedAttrList others;
  for (intptr_t i = 0; i < numAttributes; ++i) {
    Attribute value = unwrap(attrValues[i]);
    if (StringAttr attrName = inherentAttrName(*opName, toCxx(attrNames[i])))
      op->setInherentAttr(attrName, value);
    else
      others.append(StringAttr::get(ctx, toCxx(attrNames[i])), value);
  }
  if (others.empty())
    return wrap(op);
  // A name that is not a property of the op is a discardable attribute.
  auto props = dyn_cast_or_null<DictionaryAttr>(op->getPropertiesAsAttribute());
  NamedAttrList asProperties;
  for (NamedAttribute attr : others) {
    if (props && props.contains(attr.getName()))
      asProperties.append(attr);
    else
      op->setDiscardableAttr(attr.getName(), attr.getValue());
  }
  if (!asProperties.empty() &&
      failed(op->setPropertiesFromAttribute(asProperties.getDictionary(ctx),
                                            nullptr))) {
    op->destroy();
    return {nullptr};
  }
  return wrap(op);
}

extern "C" bool rmlirRewriterReplaceOp(MlirPatternRewriter rewriter,
                                       MlirOperation op,
                                       const MlirValue *values,
                                       intptr_t numValues) {
  Operation *o = unwrap(op);
  // A value inside the op used outside it would dangle once it is erased.
  if (rmlirOperationUsedOutside(op, false))
    return false;
  llvm::SmallVector<Value, 4> replacements;
  MLIRContext *ctx = contextOf(o);
  for (intptr_t i = 0; i < numValues; ++i) {
    // A value of the op itself (or inside it) would be freed with it; one
    // of another context would outlive it.
    if (rmlirOperationHoldsValue(op, values[i]) ||
        contextOf(unwrap(values[i])) != ctx)
      return false;
    replacements.push_back(unwrap(values[i]));
  }
  unwrap(rewriter)->replaceOp(o, replacements);
  return true;
}

extern "C" intptr_t rmlirRewriterCreateOrFold(MlirPatternRewriter rewriter,
                                              MlirOperation anchor,
                                              MlirOperation op,
                                              MlirValue *results,
                                              intptr_t capacity) {
  PatternRewriter *r = unwrap(rewriter);
  if (!rmlirCanInsertInto(op, wrap(unwrap(anchor)->getBlock())))
    return -1;
  OpBuilder::InsertionGuard guard(*r);
  r->setInsertionPoint(unwrap(anchor));
  Operation *created = unwrap(op);
  // As OpBuilder::createOrFold: insert without notifying, fold, and either
  // erase the op or announce it.
  r->getInsertionBlock()->getOperations().insert(r->getInsertionPoint(),
                                                 created);
  llvm::SmallVector<Value, 4> folded;
  if (succeeded(r->tryFold(created, folded)) && !folded.empty()) {
    created->erase();
  } else {
    folded.assign(created->result_begin(), created->result_end());
    if (OpBuilder::Listener *listener = r->getListener())
      listener->notifyOperationInserted(created, /*previous=*/{});
  }
  for (intptr_t i = 0; i < capacity && i < (intptr_t)folded.size(); ++i)
    results[i] = wrap(folded[i]);
  return static_cast<intptr_t>(folded.size());
}

extern "C" bool rmlirRewriterInsertBefore(MlirPatternRewriter rewriter,
                                          MlirOperation anchor,
                                          MlirOperation op) {
  Operation *before = unwrap(anchor);
  Block *block = before->getBlock();
  if (!rmlirCanInsertInto(op, wrap(block)))
    return false;
  // What OpBuilder::insert does at an insertion point before `anchor`, with
  // the rewriter's own insertion point left alone (no guard to save and
  // restore it): link the op in, then tell the listener.
  Operation *inserted = unwrap(op);
  block->getOperations().insert(Block::iterator(before), inserted);
  if (OpBuilder::Listener *listener = unwrap(rewriter)->getListener())
    listener->notifyOperationInserted(inserted, /*previous=*/{});
  return true;
}
