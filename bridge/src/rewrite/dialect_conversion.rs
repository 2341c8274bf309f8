//! MLIR's dialect conversion driven from Rust: a type converter (with target
//! and source materializations), a conversion target (one legality answer
//! per op) and conversion patterns that see their operands as converted (the
//! adaptor), run by MLIR's own `applyPartialConversion`/`applyFullConversion`.

use crate::bindings as b;
use crate::ir::exclusive::Ir;
use crate::ir::guard::{guard, guard_op};
use crate::ir::{Attr, Location, Op, Type, Value, sref};
use crate::rewrite::Rewriter;
use mlir_sys::{
    MlirLocation, MlirOperation, MlirPatternRewriter, MlirStringRef, MlirType, MlirValue,
};
use std::ffi::c_void;

/// What the conversion target says of an op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Legality {
    /// The op may stay.
    Legal,
    /// The op must be converted.
    Illegal,
    /// No opinion (MLIR treats the op as unknown to the target).
    Unknown,
}

/// Inserts ops at the point where the driver materializes a value.
pub struct MaterializeBuilder {
    raw: *mut b::RmlirBuilder,
}

impl MaterializeBuilder {
    /// Creates an op of a registered name at the materialization point.
    pub fn create<'ir, 'n>(
        &self,
        name: impl Into<crate::ir::op_access::OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        // SAFETY: the builder is the driver's, live for this materialization;
        // the op is new and becomes owned by the builder's block.
        Op::create_registered(name, loc, operands, result_types, attrs)
            .insert_with(|op| unsafe { b::rmlirBuilderInsert(self.raw, op) })
    }
}

/// A type conversion: the converted type, or None when it cannot convert.
pub type ConvertType<'a> = &'a dyn for<'x> Fn(Type<'x>) -> Option<Type<'x>>;

/// A materialization: builds a value of the given type from the inputs.
pub type Materialize<'a> = &'a dyn for<'x> Fn(
    &MaterializeBuilder,
    Type<'x>,
    &[Value<'x>],
    Location<'x>,
) -> Option<Value<'x>>;

/// A conversion pattern.
pub struct ConversionPattern<'a> {
    /// The op name it matches (None: any op).
    pub root: Option<&'static str>,
    /// Its benefit.
    pub benefit: u16,
    /// Rewrites `op` given its converted operands; true if it rewrote.
    pub rewrite: &'a dyn for<'x> Fn(Op<'x>, &[Value<'x>], &mut Rewriter<'x>) -> bool,
}

/// A dialect's conversion patterns to a target dialect, as MLIR's
/// `ConvertToLLVMPatternInterface` and `ConvertToEmitCPatternInterface` hand
/// them to `convert-to-llvm` and `convert-to-emitc`: one pattern per root
/// op, all rewritten by `rewrite` with the operands converted by the
/// pass's type converter (which [`Rewriter::convert_type`] asks).
pub struct TargetPatterns {
    /// The ops the patterns match.
    pub roots: &'static [&'static str],
    /// Lowers one op given its converted operands; false when it cannot.
    pub rewrite: for<'ir> fn(Op<'ir>, &[Value<'ir>], &mut Rewriter<'ir>) -> bool,
}

impl TargetPatterns {
    /// The bridge's pattern descriptors, written to the front of `out`;
    /// returns how many there are in all.
    pub(crate) fn describe(&'static self, out: &mut [b::RmlirConversionPattern]) -> usize {
        for (slot, root) in out.iter_mut().zip(self.roots) {
            *slot = b::RmlirConversionPattern {
                root: sref(root),
                benefit: 1,
                rewrite: Some(target_patterns_trampoline),
                userData: self as *const TargetPatterns as *mut c_void,
            };
        }
        self.roots.len()
    }

    /// The patterns as [`ConversionPattern`]s of a [`DialectConversion`]
    /// (for a pass of the dialect's own that runs them).
    pub fn conversion_patterns(&'static self) -> Vec<ConversionPattern<'static>> {
        self.roots
            .iter()
            .map(|root| ConversionPattern {
                root: Some(root),
                benefit: 1,
                rewrite: &self.rewrite,
            })
            .collect()
    }
}

extern "C" fn target_patterns_trampoline(
    data: *mut c_void,
    op: MlirOperation,
    operands: *const MlirValue,
    num_operands: isize,
    rewriter: MlirPatternRewriter,
    converter: *const b::RmlirTypeConverter,
) -> bool {
    // SAFETY: `data` is the &'static TargetPatterns that `describe` wrote.
    let patterns = unsafe { &*(data as *const TargetPatterns) };
    // SAFETY: the driver passes these for the call.
    unsafe {
        apply_pattern(
            "conversion pattern",
            &patterns.rewrite,
            op,
            operands,
            num_operands,
            rewriter,
            converter,
        )
    }
}

/// Applies a conversion pattern's `rewrite` to `op` under the panic guard.
///
/// # Safety
/// `op` is null or live, `operands` points to `num_operands` live values,
/// `rewriter` and `converter` are the driver's for this call.
unsafe fn apply_pattern(
    what: &str,
    rewrite: &dyn for<'x> Fn(Op<'x>, &[Value<'x>], &mut Rewriter<'x>) -> bool,
    op: MlirOperation,
    operands: *const MlirValue,
    num_operands: isize,
    rewriter: MlirPatternRewriter,
    converter: *const b::RmlirTypeConverter,
) -> bool {
    // SAFETY: the caller passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    // SAFETY: the caller passes `num_operands` live values for this call.
    let operands: &[Value] =
        unsafe { std::slice::from_raw_parts(operands.cast(), num_operands.max(0) as usize) };
    guard_op(what, op, false, || {
        Rewriter::apply(rewriter, op, converter, |rw| rewrite(op, operands, rw))
    })
}

/// One dialect conversion.
pub struct DialectConversion<'a> {
    /// The type converter (answering None when a type cannot be
    /// converted), or None for a conversion without one: patterns then see
    /// the replacement values of their operands as they are.
    pub convert_type: Option<ConvertType<'a>>,
    /// Builds a value of a converted type from original values.
    pub materialize_target: Option<Materialize<'a>>,
    /// Builds a value of an original type from converted values.
    pub materialize_source: Option<Materialize<'a>>,
    /// Dialects (namespaces) whose ops are all legal: MLIR's own
    /// `addLegalDialect`, answered without calling into Rust.
    pub legal_dialects: &'a [&'a str],
    /// Dialects whose ops are all illegal (`addIllegalDialect`).
    pub illegal_dialects: &'a [&'a str],
    /// Ops legal by name (`addLegalOp`).
    pub legal_ops: &'a [&'a str],
    /// Ops illegal by name (`addIllegalOp`).
    pub illegal_ops: &'a [&'a str],
    /// Ops whose legality `legality` decides, op by op
    /// (`addDynamicallyLegalOp`); empty: `legality` decides for every op
    /// the lists above leave open (`markUnknownOpDynamicallyLegal`).
    pub dynamic_ops: &'a [&'a str],
    /// The conversion target's answer for the ops it is asked of (None: no
    /// opinion on them, as MLIR's target without such a callback).
    pub legality: Option<&'a dyn for<'x> Fn(Op<'x>) -> Legality>,
    /// The patterns.
    pub patterns: &'a [ConversionPattern<'a>],
    /// The patterns are plain rewrite patterns, as upstream's
    /// `OpRewritePattern`s in a conversion: no type converter, no adaptor
    /// (they see each op's own operands, and the driver remaps nothing).
    /// Only without `convert_type`, `llvm_index_bitwidth` and `spirv`.
    pub plain_patterns: bool,
    /// Also convert `func.func` signatures (and their block arguments),
    /// `func.call` and `func.return` with the type converter (MLIR's own
    /// function, call and return type conversion patterns).
    pub convert_func_signatures: bool,
    /// Some(width): MLIR's own LLVM type converter (index of `width` bits,
    /// 0: the data layout's) replaces `convert_type` and the
    /// materializations, as upstream's lowerings to LLVM build it.
    pub llvm_index_bitwidth: Option<u32>,
    /// Some(options): MLIR's own SPIR-V type converter and conversion
    /// target, for the target environment of the root op, replace
    /// `convert_type` and the materializations and decide the legality of
    /// SPIR-V ops, as upstream's lowerings to SPIR-V build them.
    pub spirv: Option<SpirvOptions>,
}

/// MLIR's `SPIRVConversionOptions` that upstream's lowerings expose.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpirvOptions {
    /// Emulate integer and float types narrower than 32 bits that the
    /// target lacks with 32-bit ones.
    pub emulate_lt_32_bit_scalar_types: bool,
    /// Represent float types the target lacks by integers of their width.
    pub emulate_unsupported_float_types: bool,
}

impl DialectConversion<'_> {
    /// MLIR's `applyPartialConversion` on the op `ir` gives access to;
    /// false on failure (the driver has emitted its diagnostics). The
    /// driver frees the ops it replaces, so it borrows `ir` mutably: no
    /// handle taken before can be used after.
    pub fn apply_partial(&self, ir: &mut Ir) -> bool {
        self.apply(ir, false)
    }

    /// MLIR's `applyFullConversion` on the op `ir` gives access to.
    pub fn apply_full(&self, ir: &mut Ir) -> bool {
        self.apply(ir, true)
    }

    fn apply(&self, ir: &mut Ir, full: bool) -> bool {
        let root = ir.root();
        let _roots = crate::rewrite::walk::DriverRoots::enter(&[root]);
        let patterns: Vec<b::RmlirConversionPattern> = self
            .patterns
            .iter()
            .map(|p| b::RmlirConversionPattern {
                root: sref(p.root.unwrap_or("")),
                benefit: u32::from(p.benefit),
                rewrite: Some(rewrite_trampoline),
                userData: p as *const ConversionPattern as *mut c_void,
            })
            .collect();
        let refs = |names: &[&str]| {
            names
                .iter()
                .map(|n| sref(n))
                .collect::<Vec<MlirStringRef>>()
        };
        let (legal_dialects, illegal_dialects, legal_ops, illegal_ops, dynamic_ops) = (
            refs(self.legal_dialects),
            refs(self.illegal_dialects),
            refs(self.legal_ops),
            refs(self.illegal_ops),
            refs(self.dynamic_ops),
        );
        let spec = b::RmlirConversionSpec {
            userData: self as *const DialectConversion as *mut c_void,
            convertType: self.convert_type.map(|_| convert_type_trampoline as _),
            materializeTarget: self.materialize_target.map(|_| target_trampoline as _),
            materializeSource: self.materialize_source.map(|_| source_trampoline as _),
            isLegal: self.legality.map(|_| legal_trampoline as _),
            legalDialects: legal_dialects.as_ptr(),
            numLegalDialects: legal_dialects.len() as isize,
            illegalDialects: illegal_dialects.as_ptr(),
            numIllegalDialects: illegal_dialects.len() as isize,
            legalOps: legal_ops.as_ptr(),
            numLegalOps: legal_ops.len() as isize,
            illegalOps: illegal_ops.as_ptr(),
            numIllegalOps: illegal_ops.len() as isize,
            dynamicOps: dynamic_ops.as_ptr(),
            numDynamicOps: dynamic_ops.len() as isize,
            patterns: patterns.as_ptr(),
            numPatterns: patterns.len() as isize,
            convertFuncSignatures: self.convert_func_signatures,
            plainPatterns: self.plain_patterns,
            llvmIndexBitwidth: self
                .llvm_index_bitwidth
                .map_or(-1, |w| i32::try_from(w).unwrap_or(i32::MAX)),
            spirvOptions: self.spirv.map_or(-1, |o| {
                i32::from(o.emulate_lt_32_bit_scalar_types)
                    | i32::from(o.emulate_unsupported_float_types) << 1
            }),
        };
        // SAFETY: root is live; `spec`, the patterns array and everything
        // their user data points to (self and its patterns) outlive the call,
        // which is the only time the driver uses them.
        unsafe { b::rmlirApplyConversion(root.raw(), &spec, full) }
    }
}

/// The conversion behind a spec's user data.
///
/// # Safety
/// `data` must be the `&DialectConversion` that `apply` passed, during the
/// driver's run.
unsafe fn conversion<'a>(data: *mut c_void) -> &'a DialectConversion<'a> {
    // SAFETY: as the caller guarantees.
    unsafe { &*(data as *const DialectConversion) }
}

extern "C" fn convert_type_trampoline(data: *mut c_void, ty: MlirType) -> MlirType {
    let null = MlirType {
        ptr: std::ptr::null(),
    };
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(ty) = (unsafe { Type::from_raw(ty) }) else {
        return null;
    };
    // SAFETY: the driver passes back the user data of `apply`.
    let conv = unsafe { conversion(data) };
    guard(
        "type conversion",
        || None,
        null,
        || {
            conv.convert_type
                .and_then(|convert| convert(ty))
                .map_or(null, |t| t.raw())
        },
    )
}

extern "C" fn legal_trampoline(data: *mut c_void, op: MlirOperation) -> i32 {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return -1;
    };
    // SAFETY: the driver passes back the user data of `apply`.
    let conv = unsafe { conversion(data) };
    let Some(legality) = conv.legality else {
        return -1;
    };
    guard_op("conversion legality", op, -1, || match legality(op) {
        Legality::Legal => 1,
        Legality::Illegal => 0,
        Legality::Unknown => -1,
    })
}

fn materialize(
    which: Option<Materialize<'_>>,
    builder: *mut b::RmlirBuilder,
    ty: MlirType,
    inputs: *const MlirValue,
    num_inputs: isize,
    loc: MlirLocation,
) -> MlirValue {
    let null = MlirValue {
        ptr: std::ptr::null(),
    };
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let (Some(f), Some(ty), Some(loc)) = (which, unsafe { Type::from_raw(ty) }, unsafe {
        Location::from_raw(loc)
    }) else {
        return null;
    };
    // SAFETY: the driver passes `num_inputs` live values for this call;
    // Value is repr(transparent) over MlirValue.
    let inputs: &[Value] =
        unsafe { std::slice::from_raw_parts(inputs.cast(), num_inputs.max(0) as usize) };
    guard(
        "materialization",
        || Some(loc),
        null,
        || f(&MaterializeBuilder { raw: builder }, ty, inputs, loc).map_or(null, |v| v.raw()),
    )
}

extern "C" fn target_trampoline(
    data: *mut c_void,
    builder: *mut b::RmlirBuilder,
    ty: MlirType,
    inputs: *const MlirValue,
    num_inputs: isize,
    loc: MlirLocation,
) -> MlirValue {
    // SAFETY: the driver passes back the user data of `apply`.
    let conv = unsafe { conversion(data) };
    materialize(
        conv.materialize_target,
        builder,
        ty,
        inputs,
        num_inputs,
        loc,
    )
}

extern "C" fn source_trampoline(
    data: *mut c_void,
    builder: *mut b::RmlirBuilder,
    ty: MlirType,
    inputs: *const MlirValue,
    num_inputs: isize,
    loc: MlirLocation,
) -> MlirValue {
    // SAFETY: the driver passes back the user data of `apply`.
    let conv = unsafe { conversion(data) };
    materialize(
        conv.materialize_source,
        builder,
        ty,
        inputs,
        num_inputs,
        loc,
    )
}

extern "C" fn rewrite_trampoline(
    data: *mut c_void,
    op: MlirOperation,
    operands: *const MlirValue,
    num_operands: isize,
    rewriter: MlirPatternRewriter,
    converter: *const b::RmlirTypeConverter,
) -> bool {
    // SAFETY: `data` is the &ConversionPattern that `apply` passed, alive for
    // the driver's run.
    let pattern = unsafe { &*(data as *const ConversionPattern) };
    // SAFETY: the driver passes these for the call.
    unsafe {
        apply_pattern(
            "conversion pattern",
            pattern.rewrite,
            op,
            operands,
            num_operands,
            rewriter,
            converter,
        )
    }
}

/// A conversion pattern's rewrite: a closure over any match's handles (its
/// handles cannot outlive the match, in which the driver may free ops).
///
/// A callback cannot keep what the driver hands it for a later call:
///
/// ```compile_fail
/// use rmlir_bridge::dialect_conversion::{Legality, legality_fn};
/// let seen = std::cell::RefCell::new(Vec::new());
/// let legality = legality_fn(|op| {
///     seen.borrow_mut().push(op); // error: `op` escapes the call
///     Legality::Legal
/// });
/// ```
pub fn rewrite_fn<F>(f: F) -> F
where
    F: for<'x> Fn(Op<'x>, &[Value<'x>], &mut Rewriter<'x>) -> bool,
{
    f
}

/// A conversion target's legality, as a closure over any op's handle.
pub fn legality_fn<F>(f: F) -> F
where
    F: for<'x> Fn(Op<'x>) -> Legality,
{
    f
}

/// A type conversion, as a closure over any type's handle.
pub fn type_fn<F>(f: F) -> F
where
    F: for<'x> Fn(Type<'x>) -> Option<Type<'x>>,
{
    f
}

/// A materialization, as a closure over any call's handles.
pub fn materialize_fn<F>(f: F) -> F
where
    F: for<'x> Fn(&MaterializeBuilder, Type<'x>, &[Value<'x>], Location<'x>) -> Option<Value<'x>>,
{
    f
}
