//===- Conversion.cpp - MLIR's dialect conversion driven from Rust --------===//
//
// Generic: a type converter (conversion and target materialization), a
// conversion target (one legality callback for every op) and conversion
// patterns (with the adaptor's converted operands), all answered by Rust
// callbacks, run by MLIR's own partial or full conversion driver. Names no
// dialect.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"
#include "rmlir/BridgeCxx.h"

#include "mlir/Conversion/ConvertToEmitC/ToEmitCInterface.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Dialect/EmitC/Transforms/TypeConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {
struct RustConversionPattern final : ConversionPattern {
  RustConversionPattern(MLIRContext *ctx, const RmlirConversionPattern &spec)
      : ConversionPattern(Pattern::MatchAnyOpTypeTag(), spec.benefit, ctx),
        spec(spec) {}
  RustConversionPattern(MLIRContext *ctx, StringRef root,
                        const RmlirConversionPattern &spec)
      : ConversionPattern(root, spec.benefit, ctx), spec(spec) {}
  RustConversionPattern(const TypeConverter &converter, MLIRContext *ctx,
                        const RmlirConversionPattern &spec)
      : ConversionPattern(converter, Pattern::MatchAnyOpTypeTag(),
                          spec.benefit, ctx),
        spec(spec) {}
  RustConversionPattern(const TypeConverter &converter, MLIRContext *ctx,
                        StringRef root, const RmlirConversionPattern &spec)
      : ConversionPattern(converter, root, spec.benefit, ctx), spec(spec) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    llvm::SmallVector<MlirValue, 8> converted;
    for (Value v : operands)
      converted.push_back(wrap(v));
    PatternRewriter &base = rewriter;
    auto *converter = reinterpret_cast<const RmlirTypeConverter *>(
        getTypeConverter());
    return success(spec.rewrite(spec.userData, wrap(op), converted.data(),
                                static_cast<intptr_t>(converted.size()),
                                wrap(&base), converter));
  }

  RmlirConversionPattern spec;
};
/// A Rust pattern run as a plain rewrite pattern inside a conversion (as
/// upstream's `OpRewritePattern`s are): no adaptor, the op's own operands.
struct RustPlainPattern final : RewritePattern {
  RustPlainPattern(MLIRContext *ctx, StringRef root,
                   const RmlirConversionPattern &spec)
      : RewritePattern(root, spec.benefit, ctx), spec(spec) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    llvm::SmallVector<MlirValue, 8> operands;
    for (Value v : op->getOperands())
      operands.push_back(wrap(v));
    return success(spec.rewrite(spec.userData, wrap(op), operands.data(),
                                static_cast<intptr_t>(operands.size()),
                                wrap(&rewriter), nullptr));
  }

  RmlirConversionPattern spec;
};

/// The Rust conversion patterns dialect `dialect` lists for `target`, each
/// rooted at its op, added to `patterns` with `converter`; false when the
/// dialect lists none.
bool addRustPatterns(Dialect *dialect, RmlirConversionTargetKind target,
                     const TypeConverter &converter,
                     RewritePatternSet &patterns) {
  StringRef ns = dialect->getNamespace();
  MlirStringRef name{ns.data(), ns.size()};
  const RmlirHooks &hooks = rmlir::bridge::hooksFor(ns);
  if (!hooks.conversionPatterns)
    return false;
  intptr_t n = hooks.conversionPatterns(name, target, nullptr, 0);
  if (n <= 0)
    return false;
  llvm::SmallVector<RmlirConversionPattern, 64> specs(n);
  hooks.conversionPatterns(name, target, specs.data(), n);
  for (const RmlirConversionPattern &p : specs)
    patterns.add<RustConversionPattern>(converter, patterns.getContext(),
                                        StringRef(p.root.data, p.root.length),
                                        p);
  return true;
}

/// convert-to-llvm's view of a dialect whose LLVM lowering is written in
/// Rust: the patterns the Rust dialect descriptor lists, each rooted at its
/// op, run with convert-to-llvm's own LLVM type converter.
struct RustToLLVMInterface final : ConvertToLLVMPatternInterface {
  using ConvertToLLVMPatternInterface::ConvertToLLVMPatternInterface;

  void populateConvertToLLVMConversionPatterns(
      ConversionTarget &target, LLVMTypeConverter &converter,
      RewritePatternSet &patterns) const final {
    addRustPatterns(getDialect(), RmlirConversionTargetLLVM, converter,
                    patterns);
  }
};

/// convert-to-emitc's view of a dialect whose EmitC lowering is written in
/// Rust: its patterns, run with convert-to-emitc's type converter, to which
/// EmitC's own `index` to `!emitc.size_t` conversion is added (as every
/// upstream dialect's EmitC patterns add it).
struct RustToEmitCInterface final : ConvertToEmitCPatternInterface {
  using ConvertToEmitCPatternInterface::ConvertToEmitCPatternInterface;

  void populateConvertToEmitCConversionPatterns(
      ConversionTarget &target, TypeConverter &converter,
      RewritePatternSet &patterns) const final {
    if (addRustPatterns(getDialect(), RmlirConversionTargetEmitC, converter,
                        patterns))
      populateEmitCSizeTTypeConversions(converter);
  }
};
} // namespace

void rmlir::bridge::addConvertToInterfaces(Dialect *dialect) {
  dialect->addInterfaces<RustToLLVMInterface, RustToEmitCInterface>();
}

extern "C" MlirType
rmlirTypeConverterConvertType(const RmlirTypeConverter *converter,
                              MlirType type) {
  if (!converter)
    return MlirType{nullptr};
  return wrap(reinterpret_cast<const TypeConverter *>(converter)->convertType(
      unwrap(type)));
}

extern "C" bool rmlirBuilderInsert(RmlirBuilder *builder, MlirOperation op) {
  auto *b = reinterpret_cast<OpBuilder *>(builder);
  if (!rmlirCanInsertInto(op, wrap(b->getInsertionBlock())))
    return false;
  b->insert(unwrap(op));
  return true;
}

extern "C" bool rmlirApplyConversion(MlirOperation root,
                                     const RmlirConversionSpec *spec,
                                     bool full) {
  Operation *rootOp = unwrap(root);
  MLIRContext *ctx = rootOp->getContext();

  std::optional<LLVMTypeConverter> llvmConverter;
  if (spec->llvmIndexBitwidth >= 0) {
    LowerToLLVMOptions options(ctx);
    if (spec->llvmIndexBitwidth > 0)
      options.overrideIndexBitwidth(spec->llvmIndexBitwidth);
    llvmConverter.emplace(ctx, options);
  }
  std::optional<SPIRVTypeConverter> spirvConverter;
  std::unique_ptr<SPIRVConversionTarget> spirvTarget;
  if (spec->spirvOptions >= 0) {
    spirv::TargetEnvAttr env = spirv::lookupTargetEnvOrDefault(rootOp);
    SPIRVConversionOptions options;
    options.emulateLT32BitScalarTypes = spec->spirvOptions & 1;
    options.emulateUnsupportedFloatTypes = spec->spirvOptions & 2;
    spirvConverter.emplace(env, options);
    spirvTarget = SPIRVConversionTarget::get(env);
    spirvTarget->addLegalOp<UnrealizedConversionCastOp>();
  }
  bool builtin = llvmConverter || spirvConverter;
  TypeConverter ownConverter;
  TypeConverter &converter =
      llvmConverter    ? static_cast<TypeConverter &>(*llvmConverter)
      : spirvConverter ? static_cast<TypeConverter &>(*spirvConverter)
                       : ownConverter;
  bool typed = builtin || spec->convertType != nullptr;
  if (!builtin && spec->convertType)
    converter.addConversion([spec](Type type) -> std::optional<Type> {
      MlirType converted = spec->convertType(spec->userData, wrap(type));
      if (mlirTypeIsNull(converted))
        return std::nullopt;
      return unwrap(converted);
    });
  if (!builtin && spec->materializeTarget)
    converter.addTargetMaterialization([spec](OpBuilder &b, Type target,
                                              ValueRange inputs,
                                              Location loc) -> Value {
      llvm::SmallVector<MlirValue, 4> in;
      for (Value v : inputs)
        in.push_back(wrap(v));
      MlirValue out = spec->materializeTarget(
          spec->userData, reinterpret_cast<RmlirBuilder *>(&b), wrap(target),
          in.data(), static_cast<intptr_t>(in.size()), wrap(loc));
      return mlirValueIsNull(out) ? Value() : unwrap(out);
    });
  if (!builtin && spec->materializeSource)
    converter.addSourceMaterialization([spec](OpBuilder &b, Type target,
                                              ValueRange inputs,
                                              Location loc) -> Value {
      llvm::SmallVector<MlirValue, 4> in;
      for (Value v : inputs)
        in.push_back(wrap(v));
      MlirValue out = spec->materializeSource(
          spec->userData, reinterpret_cast<RmlirBuilder *>(&b), wrap(target),
          in.data(), static_cast<intptr_t>(in.size()), wrap(loc));
      return mlirValueIsNull(out) ? Value() : unwrap(out);
    });

  ConversionTarget ownTarget(*ctx);
  ConversionTarget &target = spirvTarget ? *spirvTarget : ownTarget;
  auto names = [](const MlirStringRef *refs, intptr_t n) {
    llvm::SmallVector<StringRef, 4> out;
    for (intptr_t i = 0; i < n; ++i)
      out.push_back(StringRef(refs[i].data, refs[i].length));
    return out;
  };
  // A dialect's action is also set on each of its ops registered now that
  // the target knew nothing of: the driver asks the target about every op
  // it visits and every op a pattern creates, and an op's own entry is
  // found by one pointer-keyed lookup, where a dialect's costs two
  // string-hashed ones (its action, then its callback). The answers are the
  // same: such an op's entry is what its dialect's says, ops set below
  // overwrite it as they take precedence over the dialect, and the
  // dialect's entry stays for ops registered later. Recording costs a map
  // insertion per op of those dialects (hundreds for LLVM's): about 0.2M
  // instructions and 40 KB for a target of LLVM's, once per conversion run.
  llvm::SmallVector<StringRef, 4> legalDialects =
      names(spec->legalDialects, spec->numLegalDialects);
  llvm::SmallVector<StringRef, 4> illegalDialects =
      names(spec->illegalDialects, spec->numIllegalDialects);
  llvm::SmallVector<RegisteredOperationName> unknownOps;
  if (!legalDialects.empty() || !illegalDialects.empty())
    for (RegisteredOperationName op : ctx->getRegisteredOperations())
      if ((llvm::is_contained(legalDialects, op.getDialectNamespace()) ||
           llvm::is_contained(illegalDialects, op.getDialectNamespace())) &&
          // Our own target starts empty; SPIR-V's knows some ops already.
          (!spirvTarget || !target.getOpAction(op)))
        unknownOps.push_back(op);
  if (!legalDialects.empty())
    target.setDialectAction(legalDialects,
                            ConversionTarget::LegalizationAction::Legal);
  if (!illegalDialects.empty())
    target.setDialectAction(illegalDialects,
                            ConversionTarget::LegalizationAction::Illegal);
  for (RegisteredOperationName op : unknownOps)
    target.setOpAction(op, *target.getOpAction(op));
  for (StringRef name : names(spec->legalOps, spec->numLegalOps))
    target.setOpAction(OperationName(name, ctx),
                       ConversionTarget::LegalizationAction::Legal);
  for (StringRef name : names(spec->illegalOps, spec->numIllegalOps))
    target.setOpAction(OperationName(name, ctx),
                       ConversionTarget::LegalizationAction::Illegal);
  auto askRust = [spec](Operation *op) -> std::optional<bool> {
    int legal = spec->isLegal(spec->userData, wrap(op));
    if (legal < 0)
      return std::nullopt;
    return legal != 0;
  };
  if (spec->isLegal && spec->numDynamicOps)
    for (StringRef name : names(spec->dynamicOps, spec->numDynamicOps))
      target.addDynamicallyLegalOp(OperationName(name, ctx), askRust);
  else if (spec->isLegal)
    target.markUnknownOpDynamicallyLegal(askRust);

  RewritePatternSet patterns(ctx);
  for (intptr_t i = 0; i < spec->numPatterns; ++i) {
    const RmlirConversionPattern &p = spec->patterns[i];
    StringRef root(p.root.data, p.root.length);
    if (!typed && spec->plainPatterns && !root.empty())
      patterns.add<RustPlainPattern>(ctx, root, p);
    else if (!typed && root.empty())
      patterns.add<RustConversionPattern>(ctx, p);
    else if (!typed)
      patterns.add<RustConversionPattern>(ctx, root, p);
    else if (root.empty())
      patterns.add<RustConversionPattern>(converter, ctx, p);
    else
      patterns.add<RustConversionPattern>(converter, ctx, root, p);
  }
  if (typed && spec->convertFuncSignatures) {
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
  }
  FrozenRewritePatternSet frozen(std::move(patterns));
  if (full)
    return succeeded(applyFullConversion(rootOp, target, frozen));
  return succeeded(applyPartialConversion(rootOp, target, frozen));
}

extern "C" bool rmlirSpirvTargetAllowsExtension(MlirOperation op,
                                                MlirStringRef extension) {
  std::optional<spirv::Extension> ext = spirv::symbolizeExtension(
      StringRef(extension.data, extension.length));
  if (!ext)
    return false;
  return spirv::TargetEnv(spirv::lookupTargetEnvOrDefault(unwrap(op)))
      .allows(*ext);
}

extern "C" MlirAttribute rmlirLLVMFastmathFlagsAttrGet(MlirContext ctx,
                                                       uint32_t flags) {
  return wrap(LLVM::FastmathFlagsAttr::get(
      unwrap(ctx), static_cast<LLVM::FastmathFlags>(flags)));
}
