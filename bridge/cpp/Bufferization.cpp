//===- Bufferization.cpp - BufferizableOpInterface answered by Rust -------===//
//
// Generic: every op whose Rust dialect says it bufferizes gets one model of
// BufferizableOpInterface whose answers (reads, writes, aliasing,
// writability, buffer types) and bufferization come from Rust hooks; the
// bufferization utilities Rust needs (getBuffer, getBufferType, the global
// of a constant, replaceOpWithBufferizedValues) are exposed below. Names no
// dialect of ours.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"
#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/Transforms/BufferUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;
using namespace mlir::bufferization;

struct RmlirBufferizer {
  RewriterBase &rewriter;
  const BufferizationOptions &options;
  const BufferizationState &state;
  /// For buffer type queries made while answering one (may be null).
  SmallVector<Value> *invocationStack;
};

namespace {
int32_t query(Operation *op, RmlirBufferQuery q, intptr_t index) {
  return rmlir::bridge::hooksFor(op).bufferizationQuery(wrap(op), q, index);
}

/// A model for any op (a fallback model, so it spells every method: the
/// interface's defaults where Rust has nothing to say).
struct RustBufferizableModel
    : BufferizableOpInterface::FallbackModel<RustBufferizableModel> {
  bool bufferizesToAllocation(Operation *, Value) const { return false; }
  bool bufferizesToElementwiseAccess(Operation *, const AnalysisState &,
                                     ArrayRef<OpOperand *>) const {
    return false;
  }
  bool mustBufferizeInPlace(Operation *, OpOperand &operand,
                            const AnalysisState &) const {
    return isa<UnrankedTensorType>(operand.get().getType());
  }
  AliasingOpOperandList getAliasingOpOperands(Operation *, Value value,
                                              const AnalysisState &state) const {
    return bufferization::detail::defaultGetAliasingOpOperands(value, state);
  }
  LogicalResult resolveConflicts(Operation *op, RewriterBase &rewriter,
                                 const AnalysisState &analysisState,
                                 const BufferizationState &state) const {
    return cast<BufferizableOpInterface>(op).resolveTensorOpOperandConflicts(
        rewriter, analysisState, state);
  }
  bool isNotConflicting(Operation *, OpOperand *, OpOperand *,
                        const AnalysisState &) const {
    return false;
  }
  LogicalResult verifyAnalysis(Operation *, const AnalysisState &) const {
    return success();
  }
  bool isRepetitiveRegion(Operation *op, unsigned index) const {
    return bufferization::detail::defaultIsRepetitiveRegion(
        cast<BufferizableOpInterface>(op), index);
  }
  bool isParallelRegion(Operation *, unsigned) const { return false; }
  bool hasTensorSemantics(Operation *op) const {
    return bufferization::detail::defaultHasTensorSemantics(op);
  }
  static bool supportsUnstructuredControlFlow() { return false; }

  bool bufferizesToMemoryRead(Operation *op, OpOperand &operand,
                              const AnalysisState &) const {
    return query(op, RMLIR_BUFFER_READS, operand.getOperandNumber()) == 1;
  }
  bool bufferizesToMemoryWrite(Operation *op, OpOperand &operand,
                               const AnalysisState &) const {
    return query(op, RMLIR_BUFFER_WRITES, operand.getOperandNumber()) == 1;
  }
  bool resultBufferizesToMemoryWrite(Operation *, OpResult result,
                                     const AnalysisState &state) const {
    return bufferization::detail::defaultResultBufferizesToMemoryWrite(result,
                                                                       state);
  }
  AliasingValueList getAliasingValues(Operation *op, OpOperand &operand,
                                      const AnalysisState &) const {
    unsigned i = operand.getOperandNumber();
    int32_t result = query(op, RMLIR_BUFFER_ALIASED_RESULT, i);
    if (result < 0 || result >= static_cast<int32_t>(op->getNumResults()))
      return {};
    bool definite = query(op, RMLIR_BUFFER_ALIAS_IS_DEFINITE, i) == 1;
    return {{op->getResult(result), BufferRelation::Equivalent, definite}};
  }
  bool isWritable(Operation *op, Value value, const AnalysisState &) const {
    auto result = dyn_cast<OpResult>(value);
    return result && query(op, RMLIR_BUFFER_RESULT_WRITABLE,
                           result.getResultNumber()) == 1;
  }
  LogicalResult bufferize(Operation *op, RewriterBase &rewriter,
                          const BufferizationOptions &options,
                          BufferizationState &state) const {
    RmlirBufferizer b{rewriter, options, state, nullptr};
    return success(rmlir::bridge::hooksFor(op).bufferize(wrap(op), &b));
  }
  FailureOr<BufferLikeType>
  getBufferType(Operation *op, Value value, const BufferizationOptions &options,
                const BufferizationState &state,
                SmallVector<Value> &invocationStack) const {
    auto result = dyn_cast<OpResult>(value);
    if (result) {
      // The rewriter is never used by buffer type queries.
      IRRewriter rewriter(op->getContext());
      RmlirBufferizer b{rewriter, options, state, &invocationStack};
      MlirType type{nullptr};
      if (!rmlir::bridge::hooksFor(op).bufferType(
              wrap(op), result.getResultNumber(), &b, &type))
        return failure();
      if (!mlirTypeIsNull(type)) {
        if (auto buffer = dyn_cast<BufferLikeType>(unwrap(type)))
          return buffer;
      }
    }
    return bufferization::detail::defaultGetBufferType(value, options, state,
                                                       invocationStack);
  }
};
} // namespace

void rmlir::bridge::addBufferizableModels(Dialect *dialect) {
  const RmlirHooks &hooks = hooksFor(dialect->getNamespace());
  if (!hooks.bufferizable)
    return;
  MLIRContext *ctx = dialect->getContext();
  for (RegisteredOperationName name : ctx->getRegisteredOperations()) {
    if (&name.getDialect() != dialect)
      continue;
    StringRef n = name.getStringRef();
    if (hooks.bufferizable(MlirStringRef{n.data(), n.size()}))
      name.attachInterface<RustBufferizableModel>();
  }
}

extern "C" MlirValue rmlirBufferizerGetBuffer(RmlirBufferizer *b,
                                              MlirValue value) {
  FailureOr<Value> buffer =
      getBuffer(b->rewriter, unwrap(value), b->options, b->state);
  return failed(buffer) ? MlirValue{nullptr} : wrap(*buffer);
}

extern "C" MlirType rmlirBufferizerGetBufferType(RmlirBufferizer *b,
                                                MlirValue value) {
  FailureOr<BufferLikeType> type =
      b->invocationStack
          ? bufferization::getBufferType(unwrap(value), b->options, b->state,
                                         *b->invocationStack)
          : bufferization::getBufferType(unwrap(value), b->options, b->state);
  return failed(type) ? MlirType{nullptr} : wrap(Type(*type));
}

extern "C" MlirAttribute rmlirBufferizerDefaultMemorySpace(RmlirBufferizer *b,
                                                          MlirType type) {
  auto tensor = dyn_cast<TensorType>(unwrap(type));
  if (!tensor)
    return MlirAttribute{nullptr};
  std::optional<Attribute> space = b->options.defaultMemorySpaceFn(tensor);
  if (!space)
    return MlirAttribute{nullptr};
  // A default memory space is a null attribute: say so with a unit.
  return wrap(*space ? *space : Attribute(UnitAttr::get(tensor.getContext())));
}

extern "C" MlirAttribute
rmlirBufferizerGlobalFor(RmlirBufferizer *b, MlirOperation anchor,
                         MlirAttribute value, MlirAttribute memorySpace,
                         MlirType *memrefType) {
  Operation *op = unwrap(anchor);
  auto elements = dyn_cast<DenseElementsAttr>(unwrap(value));
  if (!elements || !op->getParentOfType<ModuleOp>())
    return MlirAttribute{nullptr};
  Attribute space = unwrap(memorySpace);
  if (isa_and_nonnull<UnitAttr>(space))
    space = Attribute();
  // getGlobalFor takes a constant op of upstream's arith: stand one in for
  // the duration of the call, next to the anchor.
  OpBuilder builder(op);
  op->getContext()->getOrLoadDialect<arith::ArithDialect>();
  auto standIn = builder.create<arith::ConstantOp>(op->getLoc(), elements);
  FailureOr<memref::GlobalOp> global = getGlobalFor(
      standIn, const_cast<BufferizationState &>(b->state).getSymbolTables(),
      b->options.bufferAlignment, space);
  standIn->erase();
  if (failed(global))
    return MlirAttribute{nullptr};
  *memrefType = wrap(Type(global->getType()));
  return wrap(Attribute(FlatSymbolRefAttr::get(global->getSymNameAttr())));
}

extern "C" bool rmlirBufferizerInsert(RmlirBufferizer *b, MlirOperation op) {
  if (!rmlirCanInsertInto(op, wrap(b->rewriter.getInsertionBlock())))
    return false;
  b->rewriter.insert(unwrap(op));
  return true;
}

extern "C" void rmlirBufferizerReplaceOp(RmlirBufferizer *b, MlirOperation op,
                                         const MlirValue *values,
                                         intptr_t numValues) {
  SmallVector<Value, 2> replacements;
  for (intptr_t i = 0; i < numValues; ++i)
    replacements.push_back(unwrap(values[i]));
  replaceOpWithBufferizedValues(b->rewriter, unwrap(op), replacements);
}

extern "C" MlirType rmlirMemRefTypeWithFullyDynamicLayout(
    MlirType tensorType, MlirAttribute memorySpace) {
  auto tensor = dyn_cast<TensorType>(unwrap(tensorType));
  if (!tensor)
    return {nullptr};
  Attribute space = unwrap(memorySpace);
  return wrap(Type(getMemRefTypeWithFullyDynamicLayout(tensor, space)));
}
