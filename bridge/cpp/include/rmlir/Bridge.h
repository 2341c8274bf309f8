/*===- Bridge.h - The C face of rmlir's generic C++ bridge ----------------===*\
|*                                                                            *|
|* This header is the whole contract between Rust and the C++ bridge; bindgen *|
|* reads it. It knows no op, type or attribute of rarith/rshape by name: the  *|
|* bridge forwards every hook to the table of Rust functions installed with   *|
|* rmlirBridgeInstallHooks, and offers the attribute and IR helpers that the  *|
|* MLIR C API lacks.                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef RMLIR_BRIDGE_H
#define RMLIR_BRIDGE_H

#include "mlir-c/ExecutionEngine.h"
#include "mlir-c/AffineExpr.h"
#include "mlir-c/IR.h"
#include "mlir-c/Rewrite.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// One result of a fold: either an attribute (a constant) or an existing value.
/// Exactly one of the two is non-null when the fold succeeded.
typedef struct {
  MlirAttribute attr;
  MlirValue value;
} RmlirFoldResult;

/// A canonicalization pattern that Rust implements; the bridge wraps it into a
/// RewritePattern rooted at `root` (an op name).
typedef struct {
  uint32_t patternId;
  uint16_t benefit;
  MlirStringRef root;
  MlirStringRef debugName;
} RmlirPatternDesc;

/// A pass that Rust implements; the bridge wraps and registers it.
typedef struct {
  uint32_t passId;
  MlirStringRef argument;    /* the command-line flag, e.g. convert-rarith-to-llvm */
  MlirStringRef description; /* one line for --help */
  MlirStringRef opName;      /* anchor op name; empty string: any op */
  const MlirDialectHandle *dependentDialects;
  intptr_t numDependentDialects;
} RmlirPassDesc;

/// Receives result names from the Rust getAsmResultNames hook.
typedef void (*RmlirSetNameFn)(void *userData, intptr_t resultIndex,
                               MlirStringRef name);
/// Looks up an attribute of an op under construction by name (inherent
/// attributes in its properties first, then its attribute dictionary).
typedef struct {
  MlirAttribute (*get)(const void *self, MlirStringRef name);
  const void *self;
} RmlirAttrLookup;

/// An integer range (ConstantIntRanges): four values of `width` bits, each
/// ceil(width/64) little-endian words.
typedef struct {
  unsigned width;
  const uint64_t *umin;
  const uint64_t *umax;
  const uint64_t *smin;
  const uint64_t *smax;
} RmlirIntRange;
/// Receives result ranges from the Rust inferIntRanges hook.
typedef void (*RmlirSetIntRangeFn)(void *userData, intptr_t resultIndex,
                                   const RmlirIntRange *range);

/// Receives types from the Rust inferReturnTypes hook.
typedef void (*RmlirPushTypeFn)(void *userData, MlirType type);

/// The type converter of a conversion pattern (opaque; null for patterns
/// without one).
typedef struct RmlirTypeConverter RmlirTypeConverter;
/// `converter->convertType(type)`: null when the type does not convert.
MLIR_CAPI_EXPORTED MlirType
rmlirTypeConverterConvertType(const RmlirTypeConverter *converter,
                              MlirType type);

/// A conversion pattern: `rewrite` gets the op, its operands as converted by
/// the driver (the adaptor) and the conversion rewriter; true if it
/// rewrote. An empty `root` matches any op.
typedef struct {
  MlirStringRef root;
  unsigned benefit;
  bool (*rewrite)(void *userData, MlirOperation op, const MlirValue *operands,
                  intptr_t numOperands, MlirPatternRewriter rewriter,
                  const RmlirTypeConverter *typeConverter);
  void *userData;
} RmlirConversionPattern;

/// The target dialects a dialect's conversion-pattern interfaces lower to.
typedef enum RmlirConversionTargetKind {
  /// ConvertToLLVMPatternInterface (`convert-to-llvm`).
  RmlirConversionTargetLLVM = 0,
  /// ConvertToEmitCPatternInterface (`convert-to-emitc`).
  RmlirConversionTargetEmitC = 1,
} RmlirConversionTargetKind;

/// The constraint set of one value-bounds query.
typedef struct RmlirValueBounds RmlirValueBounds;

/// How a bound relates a value to an expression.
enum RmlirBoundRelation {
  RMLIR_BOUND_EQ = 0,
  RMLIR_BOUND_LE = 1,
  RMLIR_BOUND_GE = 2,
};

/// One bufferization in progress (its rewriter, options and state).
typedef struct RmlirBufferizer RmlirBufferizer;

/// The questions `bufferizationQuery` answers.
enum RmlirBufferQuery {
  /// Operand `index` is read from memory (1/0).
  RMLIR_BUFFER_READS = 1,
  /// Operand `index` is written to memory (1/0).
  RMLIR_BUFFER_WRITES = 2,
  /// The result operand `index` may alias (equivalent buffers), or -1.
  RMLIR_BUFFER_ALIASED_RESULT = 3,
  /// That aliasing is definite (1/0).
  RMLIR_BUFFER_ALIAS_IS_DEFINITE = 4,
  /// Result `index` may be written to (1/0).
  RMLIR_BUFFER_RESULT_WRITABLE = 5,
};

/// Every behaviour of the Rust dialects lives behind these function pointers.
/// All of them are implemented in Rust and must not unwind: a Rust panic is
/// caught on the Rust side and turned into a diagnostic and a failure.
typedef struct {
  /// Adds the Rust dialects (those of the installed descriptor) to a
  /// registry.
  void (*registerDialects)(MlirDialectRegistry registry);

  /// Maps an op name ("rarith.addi") to the dense id the other hooks take;
  /// UINT32_MAX for an op Rust does not know.
  uint32_t (*opId)(MlirStringRef opName);

  /// fold(): fills `results` (numResults entries) and returns true on success.
  bool (*fold)(uint32_t opId, MlirOperation op, const MlirAttribute *operands,
               intptr_t numOperands, RmlirFoldResult *results,
               intptr_t numResults);
  /// verify() and verifyRegions(): emit diagnostics on `op`; false = failure.
  bool (*verify)(uint32_t opId, MlirOperation op);
  bool (*verifyRegions)(uint32_t opId, MlirOperation op);

  /// Canonicalization patterns of an op: writes up to `capacity` descriptors,
  /// returns how many there are in all.
  intptr_t (*canonicalizationPatterns)(uint32_t opId, RmlirPatternDesc *out,
                                       intptr_t capacity);
  /// matchAndRewrite() of a Rust pattern; true when it rewrote.
  bool (*matchAndRewrite)(uint32_t patternId, MlirOperation op,
                          MlirPatternRewriter rewriter);
  /// Dialect::getCanonicalizationPatterns: the patterns registered at run
  /// time for the ops of `dialect` (its namespace); same protocol as
  /// canonicalizationPatterns.
  intptr_t (*dialectCanonicalizationPatterns)(MlirStringRef dialect,
                                              RmlirPatternDesc *out,
                                              intptr_t capacity);

  /// OpAsmOpInterface::getAsmResultNames.
  void (*asmResultNames)(uint32_t opId, MlirOperation op, RmlirSetNameFn set,
                         void *userData);
  /// InferTypeOpInterface::inferReturnTypes.
  bool (*inferReturnTypes)(uint32_t opId, MlirContext ctx, MlirLocation loc,
                           const MlirValue *operands, intptr_t numOperands,
                           const RmlirAttrLookup *attributes,
                           RmlirPushTypeFn push, void *userData);
  /// InferTypeOpInterface::isCompatibleReturnTypes.
  bool (*isCompatibleReturnTypes)(uint32_t opId, const MlirType *inferred,
                                  intptr_t numInferred, const MlirType *actual,
                                  intptr_t numActual);
  /// CastOpInterface::areCastCompatible.
  bool (*areCastCompatible)(uint32_t opId, const MlirType *inputs,
                            intptr_t numInputs, const MlirType *outputs,
                            intptr_t numOutputs);
  /// ConditionallySpeculatable::getSpeculatability: 0 not speculatable,
  /// 1 speculatable, 2 recursively speculatable.
  uint32_t (*speculatability)(uint32_t opId, MlirOperation op);
  /// VectorUnrollOpInterface::getShapeForUnroll: writes up to `capacity`
  /// dims, returns the rank, or -1 for "no unroll shape".
  intptr_t (*shapeForUnroll)(uint32_t opId, MlirOperation op, int64_t *dims,
                             intptr_t capacity);
  /// InferIntRangeInterface::inferResultRanges: calls `set` for the
  /// results whose range it knows.
  void (*inferIntRanges)(uint32_t opId, MlirOperation op,
                         const RmlirIntRange *args, intptr_t numArgs,
                         RmlirSetIntRangeFn set, void *userData);
  /// Type transformers named in ODS TypesMatchWith constraints.
  MlirType (*transformType)(MlirStringRef transform, MlirType type);

  /// Dialect::materializeConstant: returns a detached op or null.
  MlirOperation (*materializeConstant)(MlirStringRef dialect,
                                       MlirAttribute value, MlirType type,
                                       MlirLocation loc);

  /// Dialect::verifyOperationAttribute: a discardable attribute `name` of
  /// our dialect's namespace on `op`; false = failure (after diagnostics).
  bool (*verifyOperationAttribute)(MlirStringRef dialect, MlirOperation op,
                                   MlirStringRef name, MlirAttribute value);

  /// ConvertTo{LLVM,EmitC}PatternInterface of a dialect: its conversion
  /// patterns to the `target` dialect (for `convert-to-llvm` and
  /// `convert-to-emitc`); writes up to `capacity` patterns, returns how many
  /// there are in all (0: the dialect has none).
  intptr_t (*conversionPatterns)(MlirStringRef dialect,
                                 RmlirConversionTargetKind target,
                                 RmlirConversionPattern *out,
                                 intptr_t capacity);

  /// BufferizableOpInterface of the ops Rust bufferizes: whether op
  /// `opName` does (asked once per op when its dialect loads)...
  bool (*bufferizable)(MlirStringRef opName);
  /// ...what it does with operand or result `index` (`query`, one of
  /// RmlirBufferQuery: 1/0, or a result index, -1 for none)...
  int32_t (*bufferizationQuery)(MlirOperation op, int32_t query,
                                intptr_t index);
  /// ...its bufferization (false: failure, after diagnostics)...
  bool (*bufferize)(MlirOperation op, RmlirBufferizer *bufferizer);
  /// ...and the buffer type of its result `index`, written to `type` (left
  /// null: MLIR's default); false: failure, after diagnostics.
  bool (*bufferType)(MlirOperation op, intptr_t index,
                     RmlirBufferizer *bufferizer, MlirType *type);

  /// ValueBoundsOpInterface of the ops Rust describes: whether op `opName`
  /// has bounds (asked once per op when its dialect loads), and the bounds
  /// of `value` (dimension `dim` of a shaped value; -1: an index value).
  bool (*hasValueBounds)(MlirStringRef opName);
  void (*valueBounds)(MlirOperation op, MlirValue value, int64_t dim,
                      RmlirValueBounds *bounds);

  /// Passes (registered by Rust with rmlirBridgeRegisterPass): their
  /// option checks and bodies.
  /// Checks the textual options of pass `passId` ("flag other-flag=false");
  /// on failure calls `error` with the reason and returns false.
  bool (*checkPassOptions)(uint32_t passId, MlirStringRef options,
                           void (*error)(void *userData, MlirStringRef message),
                           void *userData);
  /// Runs pass `passId` on `op` with its textual options; false signals
  /// pass failure.
  bool (*runPass)(uint32_t passId, MlirOperation op, MlirStringRef options);
} RmlirHooks;

/// The type of a typed attribute, as mlirAttributeGetType, without the
/// TypedAttr interface lookup for the attributes folders meet most (integer,
/// float, dense elements); NoneType for an untyped attribute.
MLIR_CAPI_EXPORTED MlirType rmlirAttributeGetType(MlirAttribute attr);

/// mlirTypeIsAShaped, without the ShapedType interface lookup for the
/// builtin types folders meet most (integers, index, vectors, tensors).
MLIR_CAPI_EXPORTED bool rmlirTypeIsShaped(MlirType type);
/// The element type of a shaped type, or the type itself.
MLIR_CAPI_EXPORTED MlirType rmlirTypeElementTypeOrSelf(MlirType type);
/// The shape of a ranked shaped type (vectors and tensors decided by their
/// TypeID, others through the ShapedType interface): returns its rank and
/// writes up to `capacity` dimensions to `dims`; -1 for unranked and
/// non-shaped types.
MLIR_CAPI_EXPORTED intptr_t rmlirTypeShape(MlirType type, int64_t *dims,
                                           intptr_t capacity);

/// Installs a Rust hook table (it must outlive all use) as the one serving
/// the dialects named `dialects` (their namespaces). Any number of tables
/// (libraries built on the bridge) may be installed; false, and nothing
/// installed, when one of the namespaces is served by another table.
MLIR_CAPI_EXPORTED bool rmlirBridgeInstallHooks(const RmlirHooks *hooks,
                                                const MlirStringRef *dialects,
                                                intptr_t numDialects);

/*===------------------------- Caught panics ----------------------------===*/

/// Marks `op` as one a Rust hook panicked on (the panic already reported):
/// the bridge's hooks skip it from now on, so the report is not repeated
/// (a greedy driver asks again every iteration), and it fails
/// verification, so that the pass that ran the hook fails even where the
/// hook had no way to say so (a fold under upstream's canonicalize).
MLIR_CAPI_EXPORTED void rmlirBridgeMarkPanicked(MlirOperation op);

/// True when `op` was marked by rmlirBridgeMarkPanicked.
MLIR_CAPI_EXPORTED bool rmlirBridgeIsPanicked(MlirOperation op);

/*===-------------------------- Registration -----------------------------===*/

/// Registers a Rust pass of a table with MLIR's global registry, by its
/// description (its id is what the table's hooks get); its argument must
/// not name a registered pass. Rust registers each pass once, holding a
/// lock: the registry is a plain global map.
MLIR_CAPI_EXPORTED void rmlirBridgeRegisterPass(const RmlirHooks *hooks,
                                                RmlirPassDesc desc);
/// upstream's MlirOptMain with every upstream dialect and pass plus the
/// dialects and passes of a table; `title` heads its --help.
MLIR_CAPI_EXPORTED int rmlirBridgeOptMain(const RmlirHooks *hooks, int argc,
                                          char **argv, MlirStringRef title);
/// Upstream's MlirLspServerMain (`mlir-lsp-server`: over stdio) with every
/// upstream dialect and the table's; returns the exit code.
MLIR_CAPI_EXPORTED int rmlirBridgeLspServerMain(const RmlirHooks *hooks,
                                                int argc, char **argv);
/// Upstream's mlirReduceMain (`mlir-reduce`) with every upstream dialect and
/// pass and the table's dialects (Rust registered its passes before).
MLIR_CAPI_EXPORTED int rmlirBridgeReduceMain(const RmlirHooks *hooks, int argc,
                                             char **argv);

/*===------------------ Integer range analysis ---------------------------===*/

/// MLIR's data-flow solver loaded with dead code analysis and integer range
/// analysis, run to a fixpoint on an op (as upstream's arith passes do).
typedef struct RmlirIntRangeSolver RmlirIntRangeSolver;
/// Runs the analyses on `root`; null when the solver fails.
MLIR_CAPI_EXPORTED RmlirIntRangeSolver *
rmlirIntRangeSolverRun(MlirOperation root);
MLIR_CAPI_EXPORTED void rmlirIntRangeSolverDestroy(RmlirIntRangeSolver *state);
/// The range of `value`: returns its bit width and writes `capacity` words
/// of each bound, or returns -1 when the solver has no initialized range
/// (unknown, dead code, or a value created after the run).
MLIR_CAPI_EXPORTED int
rmlirIntRangeSolverLookup(RmlirIntRangeSolver *state, MlirValue value,
                          uint64_t *umin, uint64_t *umax, uint64_t *smin,
                          uint64_t *smax, intptr_t capacity);
/// Whether the solver's range of `value` has a non-negative signed lower
/// bound: 1 yes, 0 no, -1 when it has no initialized range (as
/// rmlirIntRangeSolverLookup), without copying the bounds.
MLIR_CAPI_EXPORTED int
rmlirIntRangeSolverNonNegative(RmlirIntRangeSolver *state, MlirValue value);
/// Forgets what the solver knows of `op` (its results, the point after it),
/// as upstream's DataFlowListener does before an op is erased.
MLIR_CAPI_EXPORTED void rmlirIntRangeSolverForgetOp(RmlirIntRangeSolver *state,
                                                    MlirOperation op);

/// Joins the range of `from` into `to` (a value made to stand for it).
MLIR_CAPI_EXPORTED void rmlirIntRangeSolverCopyRange(RmlirIntRangeSolver *state,
                                                     MlirValue from,
                                                     MlirValue to);
/// Forgets the state of `value`, if the solver has one.
MLIR_CAPI_EXPORTED void
rmlirIntRangeSolverForgetValue(RmlirIntRangeSolver *state, MlirValue value);

/// A rewrite pattern for the greedy driver (an empty `root` matches any op).
typedef struct {
  MlirStringRef root;
  unsigned benefit;
  bool (*rewrite)(void *userData, MlirOperation op,
                  MlirPatternRewriter rewriter);
  void *userData;
} RmlirRewritePattern;

/// MLIR's greedy driver (folding included, the default configuration) over
/// `patterns` on the regions of `root` (`applyPatternsGreedily`), each
/// pattern rooted at the op its root names; false when it did not converge.
MLIR_CAPI_EXPORTED bool
rmlirApplyPatternsGreedily(MlirOperation root,
                           const RmlirRewritePattern *patterns,
                           intptr_t numPatterns);

/// MLIR's greedy driver (folding included) over `patterns` on `root`, with
/// a listener that keeps `state` in step with erasures (upstream's
/// DataFlowListener). `topDown`: 1 or 0, or -1 for the driver's default.
MLIR_CAPI_EXPORTED bool rmlirIntRangeSolverApplyPatterns(
    RmlirIntRangeSolver *state, MlirOperation root,
    const RmlirRewritePattern *patterns, intptr_t numPatterns, int topDown);

/// MLIR's walk driver (`walkAndApplyPatterns`: each op once, in post-order,
/// no folding) over `patterns` on the regions of `root`, with the listener
/// of `rmlirIntRangeSolverApplyPatterns`.
MLIR_CAPI_EXPORTED void rmlirIntRangeSolverWalkAndApplyPatterns(
    RmlirIntRangeSolver *state, MlirOperation root,
    const RmlirRewritePattern *patterns, intptr_t numPatterns);

/// The constant `attr` of `type` for `value`, built by the dialect of the
/// value's defining op (or of the op owning its block) at the rewriter's
/// insertion point; null when that dialect cannot build it.
MLIR_CAPI_EXPORTED MlirOperation rmlirMaterializeConstantForValue(
    MlirPatternRewriter rewriter, MlirValue value, MlirAttribute attr,
    MlirType type);
MLIR_CAPI_EXPORTED void
rmlirRewriterSetInsertionPointToStart(MlirPatternRewriter rewriter,
                                      MlirBlock block);
/// Moves the rewriter's insertion point to the end of `block`.
MLIR_CAPI_EXPORTED void
rmlirRewriterSetInsertionPointToEnd(MlirPatternRewriter rewriter,
                                    MlirBlock block);
/// Inserts a detached op at the rewriter's insertion point.
MLIR_CAPI_EXPORTED bool rmlirRewriterInsert(MlirPatternRewriter rewriter,
                                            MlirOperation op);
MLIR_CAPI_EXPORTED bool rmlirOperationIsTriviallyDead(MlirOperation op);
/// `wouldOpBeTriviallyDead`: the op has no side effects (nor have the ops
/// inside it), so it is trivially dead once its results have no uses.
MLIR_CAPI_EXPORTED bool rmlirOperationWouldBeTriviallyDead(MlirOperation op);
/// `matchPattern(op, m_Constant())`.
MLIR_CAPI_EXPORTED bool rmlirOperationIsConstantLike(MlirOperation op);
/// True for ops with the `Elementwise` trait.
MLIR_CAPI_EXPORTED bool rmlirOperationIsElementwise(MlirOperation op);
/// `Value::getLoc` (the defining op's or the block argument's location).
MLIR_CAPI_EXPORTED MlirLocation rmlirValueGetLoc(MlirValue value);

/*===------------------------ Dialect conversion -------------------------===*/

/// The OpBuilder a materialization builds with (insert ops created detached
/// with rmlirBuilderInsert).
typedef struct RmlirBuilder RmlirBuilder;
MLIR_CAPI_EXPORTED bool rmlirBuilderInsert(RmlirBuilder *builder,
                                           MlirOperation op);



typedef MlirValue (*RmlirMaterializeFn)(void *userData, RmlirBuilder *builder,
                                        MlirType type, const MlirValue *inputs,
                                        intptr_t numInputs, MlirLocation loc);

/// One dialect conversion: the type converter (`convertType` answers a null
/// type when it cannot convert; materializations may be null; a null
/// `convertType` means no type converter at all: patterns then see the
/// replacement values as they are, unconverted), the target (the static
/// lists, then `isLegal`: 1 legal, 0 illegal, -1 unknown, asked of the ops
/// they leave open) and the patterns.
typedef struct {
  void *userData;
  MlirType (*convertType)(void *userData, MlirType type);
  RmlirMaterializeFn materializeTarget;
  RmlirMaterializeFn materializeSource;
  int (*isLegal)(void *userData, MlirOperation op);
  /// Dialects whose ops are all legal, all illegal, and ops legal by name:
  /// MLIR's static legality (asked before `isLegal`, which may be null: no
  /// opinion on the other ops).
  const MlirStringRef *legalDialects;
  intptr_t numLegalDialects;
  const MlirStringRef *illegalDialects;
  intptr_t numIllegalDialects;
  const MlirStringRef *legalOps;
  intptr_t numLegalOps;
  const MlirStringRef *illegalOps;
  intptr_t numIllegalOps;
  /// Ops whose legality `isLegal` decides; none: `isLegal` decides for
  /// every op the static lists leave open.
  const MlirStringRef *dynamicOps;
  intptr_t numDynamicOps;
  const RmlirConversionPattern *patterns;
  intptr_t numPatterns;
  /// Also convert the signatures of `func.func` (and its block arguments),
  /// the operands and results of `func.call` and the operands of
  /// `func.return` with the type converter (MLIR's function-like, call and
  /// return type conversion patterns).
  bool convertFuncSignatures;
  /// The patterns are plain rewrite patterns (no type converter, no
  /// adaptor: `operands` are the op's own); only without a type converter.
  bool plainPatterns;
  /// -1: the type converter is `convertType` (and the materializations).
  /// Otherwise MLIR's own LLVMTypeConverter replaces them, with this index
  /// bit width (0: derived from the data layout), as upstream's lowerings
  /// to the LLVM dialect build it.
  int32_t llvmIndexBitwidth;
  /// -1: no SPIR-V conversion. Otherwise MLIR's own SPIRVTypeConverter and
  /// SPIRVConversionTarget for the target environment of the root op (its
  /// `spirv.target_env`, or the default) replace the type converter and
  /// decide the legality of SPIR-V ops (`isLegal` still answers for the
  /// others), as upstream's lowerings to SPIR-V build them; the bits are
  /// the SPIRVConversionOptions: 1 emulateLT32BitScalarTypes, 2
  /// emulateUnsupportedFloatTypes.
  int32_t spirvOptions;
} RmlirConversionSpec;

/// MLIR's applyPartialConversion (or applyFullConversion when `full`).
/// LLVM's `#llvm.fastmath<...>` of the LLVM dialect's FastmathFlags bits
/// (nnan 1, ninf 2, nsz 4, arcp 8, contract 16, afn 32, reassoc 64).
MLIR_CAPI_EXPORTED MlirAttribute rmlirLLVMFastmathFlagsAttrGet(MlirContext ctx,
                                                               uint32_t flags);

/// Whether the SPIR-V target environment of `op` (the nearest
/// `spirv.target_env` above it, or the default) allows the extension named
/// `extension` (`SPV_KHR_no_integer_wrap_decoration`); false for a name
/// that is no extension.
MLIR_CAPI_EXPORTED bool rmlirSpirvTargetAllowsExtension(MlirOperation op,
                                                        MlirStringRef extension);

MLIR_CAPI_EXPORTED bool rmlirApplyConversion(MlirOperation root,
                                             const RmlirConversionSpec *spec,
                                             bool full);

/*===------------------------- Value bounds ------------------------------===*/

/// The affine expression standing for `value` (dimension `dim`; -1 for an
/// index value) in the constraint set (ValueBoundsConstraintSet::getExpr).
MLIR_CAPI_EXPORTED MlirAffineExpr rmlirValueBoundsExpr(RmlirValueBounds *b,
                                                       MlirValue value,
                                                       int64_t dim);
/// Adds `value (relation) expr` (RmlirBoundRelation).
MLIR_CAPI_EXPORTED void rmlirValueBoundsBound(RmlirValueBounds *b,
                                              MlirValue value, int64_t dim,
                                              int32_t relation,
                                              MlirAffineExpr expr);
/// ValueBoundsConstraintSet::populateConstraints.
MLIR_CAPI_EXPORTED void rmlirValueBoundsPopulate(RmlirValueBounds *b,
                                                 MlirValue value, int64_t dim);
/// Whether `lhs <= rhs` is provable (populateAndCompare; dimension `dim`
/// of both, or -1).
MLIR_CAPI_EXPORTED bool rmlirValueBoundsProvablyLE(RmlirValueBounds *b,
                                                   MlirValue lhs, MlirValue rhs,
                                                   int64_t dim);

/*===------------------------ Bufferization -----------------------------===*/

/// The buffer of tensor `value` (bufferization::getBuffer); null on failure.
MLIR_CAPI_EXPORTED MlirValue rmlirBufferizerGetBuffer(RmlirBufferizer *b,
                                                     MlirValue value);
/// The buffer type tensor `value` will have (bufferization::getBufferType);
/// null on failure.
MLIR_CAPI_EXPORTED MlirType rmlirBufferizerGetBufferType(RmlirBufferizer *b,
                                                        MlirValue value);
/// The default memory space for a tensor type; null when none can be
/// inferred.
MLIR_CAPI_EXPORTED MlirAttribute
rmlirBufferizerDefaultMemorySpace(RmlirBufferizer *b, MlirType tensorType);
/// The private constant `memref.global` holding `value` (a dense elements
/// attribute of ranked tensor type) in the module around `anchor`, made
/// (with a unique name) or reused, as bufferization::getGlobalFor does;
/// writes its memref type; null when `anchor` is not in a module.
MLIR_CAPI_EXPORTED MlirAttribute rmlirBufferizerGlobalFor(
    RmlirBufferizer *b, MlirOperation anchor, MlirAttribute value,
    MlirAttribute memorySpace, MlirType *memrefType);
/// Inserts a detached op at the bufferization's insertion point.
MLIR_CAPI_EXPORTED bool rmlirBufferizerInsert(RmlirBufferizer *b,
                                              MlirOperation op);
/// bufferization::replaceOpWithBufferizedValues.
MLIR_CAPI_EXPORTED void rmlirBufferizerReplaceOp(RmlirBufferizer *b,
                                                 MlirOperation op,
                                                 const MlirValue *values,
                                                 intptr_t numValues);
/// bufferization::getMemRefTypeWithFullyDynamicLayout.
MLIR_CAPI_EXPORTED MlirType rmlirMemRefTypeWithFullyDynamicLayout(
    MlirType tensorType, MlirAttribute memorySpace);

/*===---------------------- Attribute helpers ----------------------------===*/
/* Within a Rust pass, a builder below that makes an attribute from its
 * owner (a type, or the context) and at most three words may remember
 * what it built for the pass's context, and answer the same values with the same (uniqued) attribute
 * without asking MLIR's uniquer again; the IR is the same either way. Which
 * builders do is said once, by the kinds of `AttrMemo` in Bridge.cpp. */

/// A `dense_resource` elements attribute as the dense elements attribute of
/// its blob's data (as upstream reads such constants); null for other
/// attributes, a missing blob, or data that does not fit the type.
MLIR_CAPI_EXPORTED MlirAttribute rmlirDenseResourceAsDense(MlirAttribute attr);

/// Integer attributes of any width, as little-endian 64-bit words.
/// Returns the bit width (0 for `i0`), or -1 for any other attribute;
/// writes min(capacity, ceil(width/64)) words.
MLIR_CAPI_EXPORTED int rmlirIntegerAttrGetWords(MlirAttribute attr,
                                                uint64_t *words,
                                                intptr_t capacity);
/// Builds an integer attribute of `type` (integer or index) from words.
MLIR_CAPI_EXPORTED MlirAttribute rmlirIntegerAttrGetFromWords(
    MlirType type, const uint64_t *words, intptr_t numWords);
/// Builds an integer attribute of `type` (integer or index, at most 64 bits
/// wide) from one word, truncated to the type's width; null for another
/// type.
MLIR_CAPI_EXPORTED MlirAttribute rmlirIntegerAttrGetFromWord(MlirType type,
                                                             uint64_t word);
/// `array<i64: values...>` (`mlirDenseI64ArrayGet`).
MLIR_CAPI_EXPORTED MlirAttribute rmlirDenseI64ArrayGet(MlirContext ctx,
                                                       const int64_t *values,
                                                       intptr_t count);
/// The splat of `element` as dense elements of `shapedType`
/// (`mlirDenseElementsAttrSplatGet`); null unless `element` is an integer
/// or float attribute of the type's element type.
MLIR_CAPI_EXPORTED MlirAttribute
rmlirDenseElementsSplatGet(MlirType shapedType, MlirAttribute element);
/// Float attributes of any float type as bit patterns (little-endian words).
MLIR_CAPI_EXPORTED unsigned rmlirFloatAttrGetBits(MlirAttribute attr,
                                                  uint64_t *words,
                                                  intptr_t capacity);
MLIR_CAPI_EXPORTED MlirAttribute rmlirFloatAttrGetFromBits(
    MlirType type, const uint64_t *words, intptr_t numWords);
/// Whether a type is a float type (`mlirTypeIsAFloat`, with the integer and
/// index types answered by their type id, without an interface lookup).
MLIR_CAPI_EXPORTED bool rmlirTypeIsFloat(MlirType type);
/// The format of a float type: 1 f16, 2 bf16, 3 f32, 4 f64, 5 f80, 6 f128,
/// 7 f8E5M2, 8 f8E4M3FN, 9 f8E4M3, 10 f8E3M4, 11 tf32, 12 f8E4M3FNUZ,
/// 13 f8E5M2FNUZ, 14 f8E4M3B11FNUZ, 15 f8E8M0FNU, 16 f6E2M3FN, 17 f6E3M2FN,
/// 18 f4E2M1FN; 0 for any other type.
MLIR_CAPI_EXPORTED unsigned rmlirFloatTypeGetFormat(MlirType type);
/// Bit width of a float type's storage (16 for f16, 80 for f80, ...).
MLIR_CAPI_EXPORTED unsigned rmlirFloatTypeGetWidth(MlirType type);

/// Dense int/index/float elements, element by element as words (splats
/// answer every index with the splat value). Returns the element bit width
/// (0 for `i0`), or -1 for other attributes.
MLIR_CAPI_EXPORTED int rmlirDenseElementsGetWords(MlirAttribute attr,
                                                  intptr_t index,
                                                  uint64_t *words,
                                                  intptr_t capacity);
/// All elements of dense int/index/float elements at once (floats as bit
/// patterns): writes `numElements`
/// values of `wordsPerElement` words each (row-major; a splat repeats).
/// Returns the element bit width (0 for `i0`), or -1 for other attributes.
MLIR_CAPI_EXPORTED int rmlirDenseIntElementsGetAllWords(
    MlirAttribute attr, uint64_t *words, intptr_t wordsPerElement,
    intptr_t numElements);
/// Builds dense elements of `shapedType` from `numElements` values of
/// `wordsPerElement` words each (a single value builds a splat).
MLIR_CAPI_EXPORTED MlirAttribute rmlirDenseElementsGetFromWords(
    MlirType shapedType, const uint64_t *words, intptr_t wordsPerElement,
    intptr_t numElements);

/// Enum attributes generated by ODS (#arith.overflow<...>, ...) and integer
/// attributes of at most 64 bits (how an `I64EnumAttr` is stored), as
/// integers (zero-extended). Returns false for any other attribute.
MLIR_CAPI_EXPORTED bool rmlirEnumAttrGetValue(MlirAttribute attr,
                                              uint64_t *value);
/// Builds the enum attribute named `name` (e.g. "arith.overflow") with
/// `value`; null when no such attribute exists.
MLIR_CAPI_EXPORTED MlirAttribute rmlirEnumAttrGet(MlirContext ctx,
                                                  MlirStringRef name,
                                                  uint64_t value);

/// What upstream arith's op interfaces (ArithFastMathInterface,
/// ArithIntegerOverflowFlagsInterface, ArithRoundingModeInterface) answer
/// for an op, whatever its dialect. A `has*` field is false where the op does
/// not implement the interface; a `*Set` field is false where it does but
/// holds no attribute (an optional one left out).
typedef struct {
  bool hasFastMath, fastMathSet;
  uint32_t fastMath;
  MlirStringRef fastMathAttrName;
  bool hasOverflow, overflowSet, noSignedWrap, noUnsignedWrap;
  uint32_t overflow;
  MlirStringRef overflowAttrName;
  bool hasRoundingMode, roundingModeSet;
  uint32_t roundingMode;
  MlirStringRef roundingModeAttrName;
} RmlirArithInterfaces;

/// Asks `op` through arith's interfaces.
MLIR_CAPI_EXPORTED RmlirArithInterfaces
rmlirArithInterfacesGet(MlirOperation op);
/// Sets the fast-math flags through ArithFastMathInterface (its attribute
/// name, an `#arith.fastmath`), as upstream code written against the
/// interface does; false when `op` does not implement it.
MLIR_CAPI_EXPORTED bool rmlirArithInterfacesSetFastMath(MlirOperation op,
                                                        uint32_t flags);
/// Sets the overflow flags through ArithIntegerOverflowFlagsInterface;
/// false when `op` does not implement it.
MLIR_CAPI_EXPORTED bool rmlirArithInterfacesSetOverflow(MlirOperation op,
                                                        uint32_t flags);

/// The full ODS name of one of our dialects' types ("rshape.shape"), or an
/// empty string for any other type. The string is static.
MLIR_CAPI_EXPORTED MlirStringRef rmlirTypeGetOdsName(MlirType type);

/// The parameterless type of one of our dialects named `name`
/// ("rshape.size"), or null. No parsing: a lookup over the ODS type list.
MLIR_CAPI_EXPORTED MlirType rmlirTypeGetByOdsName(MlirContext ctx,
                                                  MlirStringRef name);

/*===---------------------- Diagnostics and IR ---------------------------===*/

/// Creates a detached op like `like` (name, location, attributes and
/// properties, and as many regions, left empty) with new operands and result
/// types.
MLIR_CAPI_EXPORTED MlirOperation rmlirOperationCreateLike(
    MlirOperation like, const MlirValue *operands, intptr_t numOperands,
    const MlirType *resultTypes, intptr_t numResults);

/// Operand `index` of `op`, or null when out of range (one call instead of
/// a bounds query plus an access).
MLIR_CAPI_EXPORTED MlirValue rmlirOperationGetOperandChecked(MlirOperation op,
                                                            intptr_t index);
/// The op defining `value`, or null for a block argument.
MLIR_CAPI_EXPORTED MlirOperation rmlirValueGetDefiningOp(MlirValue value);
/// The attribute a ConstantLike op folds to (m_Constant), or null.
MLIR_CAPI_EXPORTED MlirAttribute rmlirConstantValue(MlirOperation op);
/// True when `op` has the SymbolTable trait.
MLIR_CAPI_EXPORTED bool rmlirOperationIsSymbolTable(MlirOperation op);
/// SymbolTable::lookupSymbolIn(op, symbolRef) (nested references too); null
/// when not found or `symbolRef` is not a SymbolRefAttr.
MLIR_CAPI_EXPORTED MlirOperation rmlirLookupSymbolIn(MlirOperation op,
                                                     MlirAttribute symbolRef);
/// op->emitError(message): the message at the op's location (with the
/// op attached as a note where the tool prints ops on diagnostics).
MLIR_CAPI_EXPORTED void rmlirEmitError(MlirOperation op, MlirStringRef message);
/// op->emitError(message) with a note at `noteOp` reading
/// `noteMessage` followed by `noteOp` printed.
MLIR_CAPI_EXPORTED void rmlirEmitErrorWithOpNote(MlirOperation op,
                                                 MlirStringRef message,
                                                 MlirOperation noteOp,
                                                 MlirStringRef noteMessage);
/// op->emitOpError(message): the "'dialect.op' op message" form.
MLIR_CAPI_EXPORTED void rmlirEmitOpError(MlirOperation op,
                                         MlirStringRef message);
/// Creates an op of a registered name, detached. `attributes` are its
/// inherent attributes and properties, as in the generic syntax `<{...}>`.
/// It gets `numRegions` empty regions. Returns null when the name is not
/// registered, the properties are invalid, or an operand belongs to another
/// context than `loc`.
MLIR_CAPI_EXPORTED MlirOperation rmlirOperationCreate(
    MlirStringRef name, MlirLocation loc, const MlirValue *operands,
    intptr_t numOperands, const MlirType *resultTypes, intptr_t numResults,
    const MlirStringRef *attrNames, const MlirAttribute *attrValues,
    intptr_t numAttributes, intptr_t numRegions);
/// OpBuilder::tryFold on `op` (constants materialized right before it by
/// their dialect): -1 when it does not fold, else the number of results
/// written to `results` (0 for an in-place fold). `op` is left in place.
MLIR_CAPI_EXPORTED intptr_t rmlirTryFold(MlirOperation op, MlirValue *results,
                                         intptr_t capacity);
/// Folds `op` the way the dialect conversion driver does before lowering
/// it: on success its uses take the folded values (constants materialized
/// before it by their dialect) and `op` is buried (rmlirOperationBury):
/// the caller destroys it. Returns true then.
MLIR_CAPI_EXPORTED bool rmlirTryFoldAndReplace(MlirOperation op);
/// Takes `op` (whose results have no uses) out of its block and drops its
/// operands' uses, its nested ops' included, without freeing it: the op is
/// destroyed later with mlirOperationDestroy.
MLIR_CAPI_EXPORTED void rmlirOperationBury(MlirOperation op);
/// The closest proper ancestor of `op` that is isolated from above (the
/// scope a pass or pattern driver runs on), or null.
MLIR_CAPI_EXPORTED MlirOperation rmlirOperationIsolatedScope(MlirOperation op);
/// Whether `op` is isolated from above.
MLIR_CAPI_EXPORTED bool rmlirOperationIsIsolatedFromAbove(MlirOperation op);
/// The TypeID of the op class registered as `name` in `ctx` (what
/// mlirOperationGetTypeID answers for its ops), or null when none is.
MLIR_CAPI_EXPORTED MlirTypeID rmlirContextRegisteredOpTypeID(MlirContext ctx,
                                                             MlirStringRef name);
/// The fusion of the locations of `ops` (`n` > 0 of them), as
/// `rewriter.getFusedLoc` gives it: deduplicated, a single one itself.
MLIR_CAPI_EXPORTED MlirLocation rmlirLocationFusedOfOps(const MlirOperation *ops,
                                                        intptr_t n);
/// Typed access to the ops of one class, generated from its ODS
/// (`<Stem>OpAccess.cpp.inc`): inherent attributes by their ODS index, read
/// from and written into the op's properties directly.
typedef struct {
  /// Attribute `index` (ODS order) of `op` into `*out` (null when absent);
  /// false when `op` is not of this class.
  bool (*attr)(MlirOperation op, unsigned index, MlirAttribute *out);
  /// The value of enum attribute `index` of `op` into `*out`: 1 when
  /// written, 0 when the attribute is absent or not an enum attribute, -1
  /// when `op` is not of this class.
  int (*enumValue)(MlirOperation op, unsigned index, uint64_t *out);
  /// Stores `value` as attribute `index` of `op`, in place; false (and
  /// nothing stored) when `op` is not of this class or `value` is not of
  /// the attribute's declared kind or of `op`'s context.
  bool (*setAttr)(MlirOperation op, unsigned index, MlirAttribute value);
  /// A detached op of this class whose attribute `attrIndices[i]` (ODS
  /// order) is `attrs[i]`, the others their defaults. Null when the class
  /// is not registered in `loc`'s context, an operand, type or attribute is
  /// of another context, or an attribute is not of its declared kind.
  MlirOperation (*create)(MlirLocation loc, const MlirValue *operands,
                          intptr_t numOperands, const MlirType *resultTypes,
                          intptr_t numResults, const unsigned *attrIndices,
                          const MlirAttribute *attrs, intptr_t numAttrs,
                          intptr_t numRegions);
} RmlirOpAccess;
/// The typed access of the op class named `name`, registered by the library
/// that declares it; null when none is. It lives as long as the process.
MLIR_CAPI_EXPORTED const RmlirOpAccess *rmlirOpAccessOf(MlirStringRef name);
/// For the registered op `name`: 1 when its model is the bridge's OpModel
/// and answers hasTrait as MLIR's own op model would, for every trait id of
/// every live OpModel and for ids that are no trait; 0 when an answer
/// differs; -1 when `name` is not registered or has another model.
MLIR_CAPI_EXPORTED int rmlirOperationNameTraitsAgree(MlirContext ctx,
                                                     MlirStringRef name);
/// Whether `a` is a proper ancestor of `b`.
MLIR_CAPI_EXPORTED bool rmlirOperationIsProperAncestor(MlirOperation a,
                                                       MlirOperation b);
/// Whether a value `op` defines (its results, when `results` is set) or an
/// op nested in it defines has a use outside `op`: erasing `op` would leave
/// that use dangling.
MLIR_CAPI_EXPORTED bool rmlirOperationUsedOutside(MlirOperation op,
                                                  bool results);
/// Whether `source` may be merged into the end of `dest` with its arguments
/// replaced by `args`: distinct blocks, `source` without predecessors and not
/// holding `dest`, one value per argument of its type, none defined in
/// `source`.
MLIR_CAPI_EXPORTED bool rmlirCanMergeBlocks(MlirBlock source, MlirBlock dest,
                                            const MlirValue *args,
                                            intptr_t numArgs);
/// Whether `op` may be moved before `existing`: distinct ops of one context,
/// `existing` in a block, `op` not holding it.
MLIR_CAPI_EXPORTED bool rmlirCanMoveBefore(MlirOperation op,
                                           MlirOperation existing);
/// Whether `block` may be inlined before `op` with its arguments replaced by
/// `args`: `op` is in a block; `block` has no predecessors, does not hold
/// `op`, and has one argument per value, of its type; no value is defined
/// in `block`.
MLIR_CAPI_EXPORTED bool rmlirCanInlineBlockBefore(MlirBlock block,
                                                  MlirOperation op,
                                                  const MlirValue *args,
                                                  intptr_t numArgs);
/// Whether `block` holds `op` (`op` or an ancestor of it is in `block`).
MLIR_CAPI_EXPORTED bool rmlirBlockHoldsOp(MlirBlock block, MlirOperation op);
/// Whether detached `op` may be inserted into `block`: of the block's
/// context, and not holding the block (it would then hold itself).
MLIR_CAPI_EXPORTED bool rmlirCanInsertInto(MlirOperation op, MlirBlock block);
/// Whether `value` is defined by `op` or inside it (a result, a block
/// argument of one of its regions, or those of ops nested in it).
MLIR_CAPI_EXPORTED bool rmlirOperationHoldsValue(MlirOperation op,
                                                 MlirValue value);
/// The context of a region of an op.
MLIR_CAPI_EXPORTED MlirContext rmlirRegionGetContext(MlirRegion region);
/// Whether `target` may take the body of `source`: it is empty, of the
/// same context, and `source` neither is nor holds it.
MLIR_CAPI_EXPORTED bool rmlirRegionCanTakeBody(MlirRegion target,
                                               MlirRegion source);

/// Replaces `op` with `values` through the rewriter (listener-aware).
MLIR_CAPI_EXPORTED bool rmlirRewriterReplaceOp(MlirPatternRewriter rewriter,
                                               MlirOperation op,
                                               const MlirValue *values,
                                               intptr_t numValues);
/// OpBuilder::createOrFold for a detached `op` inserted before `anchor`:
/// when the op folds, it is erased and its replacement values (constants
/// materialized as needed, before `anchor`) are written to `results`;
/// otherwise its results are. Returns the number of values (the op's
/// result count).
MLIR_CAPI_EXPORTED intptr_t rmlirRewriterCreateOrFold(
    MlirPatternRewriter rewriter, MlirOperation anchor, MlirOperation op,
    MlirValue *results, intptr_t capacity);

/// Inserts a detached op at the rewriter's insertion point (before `anchor`).
MLIR_CAPI_EXPORTED bool rmlirRewriterInsertBefore(MlirPatternRewriter rewriter,
                                                  MlirOperation anchor,
                                                  MlirOperation op);

/// mlirExecutionEngineCreate, with `features` (comma-separated LLVM target
/// features such as "-avx512bf16") applied on top of the host CPU's. On
/// failure returns a null engine and sets `*error` to a message the caller
/// frees with rmlirFreeString.
MLIR_CAPI_EXPORTED MlirExecutionEngine rmlirExecutionEngineCreate(
    MlirModule module, int optLevel, intptr_t numPaths,
    const MlirStringRef *sharedLibPaths, MlirStringRef features, char **error);
/// The host CPU's name as LLVM knows it (e.g. "znver4"); free with
/// rmlirFreeString.
MLIR_CAPI_EXPORTED char *rmlirHostCpuName(void);
/// The host CPU's LLVM features, sorted, comma-separated, each "+name" or
/// "-name" (what the JIT's target machine starts from); free with
/// rmlirFreeString.
MLIR_CAPI_EXPORTED char *rmlirHostCpuFeatures(void);
/// Frees a string returned by the functions above.
MLIR_CAPI_EXPORTED void rmlirFreeString(char *s);

#ifdef __cplusplus
}
#endif

#endif /* RMLIR_BRIDGE_H */
