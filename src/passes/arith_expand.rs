//! `rarith-expand`: upstream's `arith-expand` on rarith. The ops without a
//! direct LLVM counterpart (ceil/floor divisions, integer and float min/max,
//! the scaling casts) become sequences of simpler rarith ops, op for op as
//! upstream expands them; constant operands fold first, as upstream's
//! conversion folds them. The options `include-bf16`, `include-f8e8m0` and
//! `include-f4e2m1` also expand the casts between f32 and bf16, f8E8M0FNU,
//! f4E2M1FN into integer bit manipulation, as upstream's options do.
//!
//! One deliberate difference: upstream expands `maximumf`/`minimumf` into a
//! compare-and-select that returns the second operand for `(+0.0, -0.0)`,
//! contradicting the op's definition (-0.0 is less than +0.0). Here equal
//! operands take the bitwise AND (maximum) or OR (minimum) of their bits,
//! which orders the zeros and leaves other equal values unchanged (see
//! docs/upstream-differences.md).

use super::driver::{EQ, Emit, NE, SGT, SLE, SLT, UGE, UGT, ULT};
use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{
    ConversionPattern, DialectConversion, Legality, legality_fn, rewrite_fn,
};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::op_access::OpName;
use crate::ffi::ir::{Attr, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;

impl RunPass for decls::RArithExpand {
    type Options = decls::RArithExpandOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        let flags = Flags {
            bf16: options.include_bf16,
            f8e8m0: options.include_f8e8m0,
            f4e2m1: options.include_f4e2m1,
        };
        FLAGS.with(|f| f.set(flags));
        run(ir)
    }
}

/// The rarith ops this pass expands; every other rarith op is legal.
const EXPANDED: &[&str] = &[
    rarith::CeilDivSIOp::NAME,
    rarith::CeilDivUIOp::NAME,
    rarith::FloorDivSIOp::NAME,
    rarith::MaxSIOp::NAME,
    rarith::MaxUIOp::NAME,
    rarith::MinSIOp::NAME,
    rarith::MinUIOp::NAME,
    rarith::MaximumFOp::NAME,
    rarith::MinimumFOp::NAME,
    rarith::MaxNumFOp::NAME,
    rarith::MinNumFOp::NAME,
    rarith::ScalingExtFOp::NAME,
    rarith::ScalingTruncFOp::NAME,
];

/// `cmpf` predicates (upstream's numbering).
const CMPF_OEQ: i64 = 1;
const CMPF_UGT: i64 = 9;
const CMPF_ULT: i64 = 11;
const CMPF_UNO: i64 = 14;

/// The optional expansions of this run.
#[derive(Clone, Copy, Default)]
struct Flags {
    bf16: bool,
    f8e8m0: bool,
    f4e2m1: bool,
}

thread_local! {
    /// The options of the pass running on this thread (the driver takes
    /// plain function pointers).
    static FLAGS: std::cell::Cell<Flags> = std::cell::Cell::new(Flags::default());
}

/// MLIR's partial conversion: the expanded ops are illegal, the rest of
/// rarith and vector legal (extf/truncf as the options say: asked of Rust
/// for those two ops only), other ops unknown (left alone). The driver
/// folds an illegal op before rewriting it, legalizes the ops a rewrite
/// creates, and fails on an illegal op nothing could rewrite, as upstream's.
fn run(ir: &mut Ir) -> bool {
    // Only the optional casts depend on more than the op's name.
    let legality = legality_fn(|op| {
        if is_optional_cast(op) {
            Legality::Illegal
        } else {
            Legality::Legal
        }
    });
    let rewrite = rewrite_fn(|op, operands, rw| expand(&mut Expander { rw }, op, operands));
    // One pattern per root, as upstream: the driver never applies a pattern
    // again to the ops its own rewrite created (an expansion that creates a
    // `minnumf` needs the `minnumf` pattern).
    let patterns: Vec<ConversionPattern> = EXPANDED
        .iter()
        .chain(&[rarith::ExtFOp::NAME, rarith::TruncFOp::NAME])
        .map(|root| ConversionPattern {
            root: Some(root),
            benefit: 1,
            rewrite: &rewrite,
        })
        .collect();
    DialectConversion {
        // No type converter (no type changes): the patterns see operands as
        // they are, and the driver remaps nothing, as upstream's plain
        // rewrite patterns.
        convert_type: None,
        materialize_target: None,
        materialize_source: None,
        legal_dialects: &[rarith::DIALECT, "vector"],
        illegal_dialects: &[],
        legal_ops: &[],
        illegal_ops: EXPANDED,
        dynamic_ops: &[rarith::ExtFOp::NAME, rarith::TruncFOp::NAME],
        legality: Some(&legality),
        patterns: &patterns,
        convert_func_signatures: false,
        plain_patterns: true,
        llvm_index_bitwidth: None,
        spirv: None,
    }
    .apply_partial(ir)
}

/// Builds an expansion through the conversion's rewriter (ops go before
/// the op being expanded).
struct Expander<'r, 'ir> {
    rw: &'r mut Rewriter<'ir>,
}

impl<'ir> Expander<'_, 'ir> {
    /// Creates an op and returns its first result.
    fn emit(
        &mut self,
        e: &Emit<'ir>,
        name: OpName<'static>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Value<'ir> {
        self.emit_op(e, name, operands, types, attrs).result(0)
    }

    fn emit_op(
        &mut self,
        e: &Emit<'ir>,
        name: OpName<'static>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        self.rw.create(name, e.loc, operands, types, attrs)
    }

    /// A binary op whose result has the type of its first operand.
    fn binary(
        &mut self,
        e: &Emit<'ir>,
        name: OpName<'static>,
        a: Value<'ir>,
        b: Value<'ir>,
    ) -> Value<'ir> {
        let ty = a.ty();
        self.emit(e, name, &[a, b], &[ty], &[])
    }
}

fn is_illegal(op: Op) -> bool {
    EXPANDED.contains(&op.name()) || is_optional_cast(op)
}

/// Element types of a cast's operand and result.
fn cast_elements<'ir>(op: Op<'ir>) -> (Type<'ir>, Type<'ir>) {
    (
        op.operand(0).ty().element_type_or_self(),
        op.result(0).ty().element_type_or_self(),
    )
}

/// The casts the options expand: `extf` bf16 -> f32 and `truncf` f32 ->
/// bf16 (`include-bf16`), from/to f8E8M0FNU (`include-f8e8m0`) and
/// f4E2M1FN (`include-f4e2m1`).
fn is_optional_cast(op: Op) -> bool {
    let flags = FLAGS.with(|f| f.get());
    match op.name() {
        rarith::ExtFOp::NAME => {
            let (from, to) = cast_elements(op);
            (flags.bf16 && from.is_bf16() && to.is_f32())
                || (flags.f8e8m0 && from.is_f8e8m0fnu())
                || (flags.f4e2m1 && from.is_f4e2m1fn())
        }
        rarith::TruncFOp::NAME => {
            let (from, to) = cast_elements(op);
            (flags.bf16 && from.is_f32() && to.is_bf16())
                || (flags.f8e8m0 && to.is_f8e8m0fnu())
                || (flags.f4e2m1 && to.is_f4e2m1fn())
        }
        _ => false,
    }
}

fn expand<'ir>(d: &mut Expander<'_, 'ir>, op: Op<'ir>, ops: &[Value<'ir>]) -> bool {
    if !is_illegal(op) {
        return false;
    }
    let e = Emit::before(op);
    let result = match op.name() {
        rarith::ExtFOp::NAME | rarith::TruncFOp::NAME => match optional_cast(d, &e, op, ops[0]) {
            Some(v) => v,
            None => return false,
        },
        rarith::CeilDivUIOp::NAME => ceildivui(d, &e, ops[0], ops[1]),
        rarith::CeilDivSIOp::NAME => ceildivsi(d, &e, ops[0], ops[1]),
        rarith::FloorDivSIOp::NAME => floordivsi(d, &e, ops[0], ops[1]),
        rarith::MaxSIOp::NAME => select_by(d, &e, SGT, ops[0], ops[1]),
        rarith::MaxUIOp::NAME => select_by(d, &e, UGT, ops[0], ops[1]),
        rarith::MinSIOp::NAME => select_by(d, &e, SLT, ops[0], ops[1]),
        rarith::MinUIOp::NAME => select_by(d, &e, ULT, ops[0], ops[1]),
        rarith::MaximumFOp::NAME => float_select(
            d,
            &e,
            CMPF_UGT,
            ops[0],
            ops[1],
            Some(rarith::AndIOp::OP),
            ops[1],
        ),
        rarith::MinimumFOp::NAME => float_select(
            d,
            &e,
            CMPF_ULT,
            ops[0],
            ops[1],
            Some(rarith::OrIOp::OP),
            ops[1],
        ),
        rarith::MaxNumFOp::NAME => float_select(d, &e, CMPF_UGT, ops[0], ops[1], None, ops[0]),
        rarith::MinNumFOp::NAME => float_select(d, &e, CMPF_ULT, ops[0], ops[1], None, ops[0]),
        rarith::ScalingExtFOp::NAME => match scaling_extf(d, &e, op, ops) {
            Some(v) => v,
            None => return false,
        },
        rarith::ScalingTruncFOp::NAME => match scaling_truncf(d, &e, op, ops) {
            Some(v) => v,
            None => return false,
        },
        _ => return false,
    };
    d.rw.replace_op(op, &[result]);
    true
}

/// Upstream's `populateCeilFloorDivExpandOpsPatterns`, which
/// `convert-arith-to-llvm` runs too: `ceildivsi`, `ceildivui` and
/// `floordivsi` expanded
/// on their original operands (a plain rewrite, not a conversion), the ops
/// it creates lowered in turn. False for other ops.
pub(super) fn expand_ceil_floor_div<'ir>(rw: &mut Rewriter<'ir>, op: Op<'ir>) -> bool {
    let id = op.ods_id();
    let expansion = if id == Some(rarith::CeilDivSIOp::ID) {
        ceildivsi
    } else if id == Some(rarith::CeilDivUIOp::ID) {
        ceildivui
    } else if id == Some(rarith::FloorDivSIOp::ID) {
        floordivsi
    } else {
        return false;
    };
    let d = &mut Expander { rw };
    let e = Emit::before(op);
    let result = expansion(d, &e, op.operand(0), op.operand(1));
    d.rw.replace_op(op, &[result]);
    true
}

/// An integer (or index) constant of `ty`; a splat for vectors and tensors.
fn constant<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    ty: Type<'ir>,
    value: i64,
) -> Value<'ir> {
    let elt = ty.element_type_or_self();
    let width = elt.int_width().unwrap_or(64);
    // `i0`'s only value is 0; the attribute takes the width of the type.
    let v = if width == 0 {
        ApInt::zero(1)
    } else {
        ApInt::from_i64(width, value)
    };
    let attr = if ty.is_shaped() {
        Attr::dense_ints(ty, &[v])
    } else {
        Attr::int(ty, &v)
    };
    d.emit(e, rarith::ConstantOp::OP, &[], &[ty], &[("value", attr)])
}

fn cmpi<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    predicate: i64,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    compare(d, e, rarith::CmpIOp::OP, predicate, a, b)
}

fn cmpf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    predicate: i64,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    compare(d, e, rarith::CmpFOp::OP, predicate, a, b)
}

/// `cmpi`/`cmpf` (`name`) of `a` and `b`: an i1 of their shape.
fn compare<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    name: OpName<'static>,
    predicate: i64,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let ctx = e.loc.context();
    let i1 = crate::types::i1_same_shape(a.ty()).expect("integer- or float-like operand");
    let p = Attr::int(ctx.integer_type(64), &ApInt::from_i64(64, predicate));
    d.emit(e, name, &[a, b], &[i1], &[("predicate", p)])
}

fn select<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    cond: Value<'ir>,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let ty = a.ty();
    d.emit(e, rarith::SelectOp::OP, &[cond, a, b], &[ty], &[])
}

/// `n == 0 ? 0 : (n - 1) / m + 1`.
fn ceildivui<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let ty = a.ty();
    let zero = constant(d, e, ty, 0);
    let is_zero = cmpi(d, e, EQ, a, zero);
    let one = constant(d, e, ty, 1);
    let minus_one = d.binary(e, rarith::SubIOp::OP, a, one);
    let quotient = d.binary(e, rarith::DivUIOp::OP, minus_one, b);
    let plus_one = d.binary(e, rarith::AddIOp::OP, quotient, one);
    select(d, e, is_zero, zero, plus_one)
}

/// `q = n / m`; `q + 1` when the division is inexact and `n`, `m` have the
/// same sign, else `q`.
fn ceildivsi<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let ty = a.ty();
    let zero = constant(d, e, ty, 0);
    let one = constant(d, e, ty, 1);
    let quotient = d.binary(e, rarith::DivSIOp::OP, a, b);
    let product = d.binary(e, rarith::MulIOp::OP, quotient, b);
    let inexact = cmpi(d, e, NE, a, product);
    let a_neg = cmpi(d, e, SLT, a, zero);
    let b_neg = cmpi(d, e, SLT, b, zero);
    let same_sign = cmpi(d, e, EQ, a_neg, b_neg);
    let cond = d.binary(e, rarith::AndIOp::OP, inexact, same_sign);
    let plus_one = d.binary(e, rarith::AddIOp::OP, quotient, one);
    select(d, e, cond, plus_one, quotient)
}

/// `q = n / m`; `q - 1` when the division is inexact and the signs differ,
/// else `q`.
fn floordivsi<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let ty = a.ty();
    let quotient = d.binary(e, rarith::DivSIOp::OP, a, b);
    let product = d.binary(e, rarith::MulIOp::OP, quotient, b);
    let inexact = cmpi(d, e, NE, a, product);
    let zero = constant(d, e, ty, 0);
    let a_neg = cmpi(d, e, SLT, a, zero);
    let b_neg = cmpi(d, e, SLT, b, zero);
    let signs_differ = cmpi(d, e, NE, a_neg, b_neg);
    let cond = d.binary(e, rarith::AndIOp::OP, inexact, signs_differ);
    let minus_one = constant(d, e, ty, -1);
    let minus = d.binary(e, rarith::AddIOp::OP, quotient, minus_one);
    select(d, e, cond, minus, quotient)
}

/// `cmpi pred, a, b ? a : b`.
fn select_by<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    predicate: i64,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    let cond = cmpi(d, e, predicate, a, b);
    select(d, e, cond, a, b)
}

/// `isNaN(nan_source) ? b : (cmpf pred, a, b ? a : b)`: with `nan_source =
/// b` the NaN-propagating `maximumf`/`minimumf`, with `a` the NaN-ignoring
/// `maxnumf`/`minnumf`. With `zeros`, equal operands first take that
/// bitwise combination of their bits (which orders -0.0 below +0.0).
fn float_select<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    predicate: i64,
    a: Value<'ir>,
    b: Value<'ir>,
    zeros: Option<OpName<'static>>,
    nan_source: Value<'ir>,
) -> Value<'ir> {
    let cmp = cmpf(d, e, predicate, a, b);
    let mut picked = select(d, e, cmp, a, b);
    if let Some(combine) = zeros {
        let ctx = e.loc.context();
        let fty = a.ty();
        let width = crate::ffi::ir::float_width(fty.element_type_or_self()).expect("float");
        let ity = fty
            .with_element_type(ctx.integer_type(width))
            .expect("float-like type");
        let equal = cmpf(d, e, CMPF_OEQ, a, b);
        let a_bits = d.emit(e, rarith::BitcastOp::OP, &[a], &[ity], &[]);
        let b_bits = d.emit(e, rarith::BitcastOp::OP, &[b], &[ity], &[]);
        let bits = d.binary(e, combine, a_bits, b_bits);
        let ordered = d.emit(e, rarith::BitcastOp::OP, &[bits], &[fty], &[]);
        picked = select(d, e, equal, ordered, picked);
    }
    let is_nan = cmpf(d, e, CMPF_UNO, nan_source, nan_source);
    select(d, e, is_nan, b, picked)
}

/// The scale as `f8E8M0FNU`: 16- and 32-bit float scales are truncated
/// first; other scale types do not expand.
fn scale_as_e8m0<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    scale: Value<'ir>,
    fastmath: &[(&str, Attr<'ir>)],
) -> Option<Value<'ir>> {
    let ty = scale.ty();
    let elt = ty.element_type_or_self();
    let width = crate::ffi::ir::float_width(elt)?;
    if width >= 16 {
        let e8m0 = e.loc.context().f8e8m0fnu_type();
        let target = ty.with_element_type(e8m0)?;
        return Some(d.emit(e, rarith::TruncFOp::OP, &[scale], &[target], fastmath));
    }
    elt.is_f8e8m0fnu().then_some(scale)
}

fn fastmath_of<'ir>(op: Op<'ir>) -> Vec<(&'static str, Attr<'ir>)> {
    op.attr("fastmath")
        .map(|f| ("fastmath", f))
        .into_iter()
        .collect()
}

/// `extf(in) * extf(scale)` in the result type.
fn scaling_extf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    ops: &[Value<'ir>],
) -> Option<Value<'ir>> {
    let fm = fastmath_of(op);
    let scale = scale_as_e8m0(d, e, ops[1], &fm)?;
    let ty = op.result(0).ty();
    let scale_ext = d.emit(e, rarith::ExtFOp::OP, &[scale], &[ty], &fm);
    let input_ext = d.emit(e, rarith::ExtFOp::OP, &[ops[0]], &[ty], &fm);
    Some(d.emit(e, rarith::MulFOp::OP, &[input_ext, scale_ext], &[ty], &fm))
}

/// `truncf(in / extf(scale))` to the result type.
fn scaling_truncf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    ops: &[Value<'ir>],
) -> Option<Value<'ir>> {
    let fm = fastmath_of(op);
    let scale = scale_as_e8m0(d, e, ops[1], &fm)?;
    let input_ty = ops[0].ty();
    let scale_ext = d.emit(e, rarith::ExtFOp::OP, &[scale], &[input_ty], &fm);
    let quotient = d.emit(
        e,
        rarith::DivFOp::OP,
        &[ops[0], scale_ext],
        &[input_ty],
        &fm,
    );
    let mut attrs = fm;
    if let Some(mode) = op.attr("roundingmode") {
        attrs.push(("roundingmode", mode));
    }
    Some(d.emit(
        e,
        rarith::TruncFOp::OP,
        &[quotient],
        &[op.result(0).ty()],
        &attrs,
    ))
}

/// `extf` bf16 -> f32: the 16 bits shifted into the high half of an f32.
fn bf16_extf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Value<'ir> {
    let ctx = e.loc.context();
    let ty = input.ty();
    let i16_ty = ty
        .with_element_type(ctx.integer_type(16))
        .expect("shaped like");
    let i32_ty = ty
        .with_element_type(ctx.integer_type(32))
        .expect("shaped like");
    let bits = d.emit(e, rarith::BitcastOp::OP, &[input], &[i16_ty], &[]);
    let wide = d.emit(e, rarith::ExtUIOp::OP, &[bits], &[i32_ty], &[]);
    let c16 = constant(d, e, i32_ty, 16);
    let high = d.binary(e, rarith::ShLIOp::OP, wide, c16);
    d.emit(e, rarith::BitcastOp::OP, &[high], &[op.result(0).ty()], &[])
}

/// `truncf` f32 -> bf16 with round-to-nearest-even through a rounding bias
/// (0x7fff plus bit 16), NaN mapped to 0x7fc0; only without a rounding mode.
fn bf16_truncf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Option<Value<'ir>> {
    if op.attr("roundingmode").is_some() {
        return None;
    }
    let ctx = e.loc.context();
    let ty = input.ty();
    let i16_ty = ty.with_element_type(ctx.integer_type(16))?;
    let i32_ty = ty.with_element_type(ctx.integer_type(32))?;
    let une = 13;
    let is_nan = cmpf(d, e, une, input, input);
    let c7fff = constant(d, e, i32_ty, 0x7fff);
    let nan = constant(d, e, i16_ty, 0x7fc0);
    let c16 = constant(d, e, i32_ty, 16);
    let c1 = constant(d, e, i32_ty, 1);
    let bits = d.emit(e, rarith::BitcastOp::OP, &[input], &[i32_ty], &[]);
    let shifted = d.binary(e, rarith::ShRUIOp::OP, bits, c16);
    let bit16 = d.binary(e, rarith::AndIOp::OP, shifted, c1);
    let bias = d.binary(e, rarith::AddIOp::OP, bit16, c7fff);
    let biased = d.binary(e, rarith::AddIOp::OP, bits, bias);
    let top = d.binary(e, rarith::ShRUIOp::OP, biased, c16);
    let narrow = d.emit(e, rarith::TruncIOp::OP, &[top], &[i16_ty], &[]);
    let picked = select(d, e, is_nan, nan, narrow);
    Some(d.emit(
        e,
        rarith::BitcastOp::OP,
        &[picked],
        &[op.result(0).ty()],
        &[],
    ))
}

/// The expansion of a cast an option selects, in upstream's pattern order
/// (bf16, f4E2M1FN, f8E8M0FNU).
fn optional_cast<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Option<Value<'ir>> {
    let flags = FLAGS.with(|f| f.get());
    let (from, to) = cast_elements(op);
    if op.isa::<rarith::ExtFOp>() {
        if flags.bf16 && from.is_bf16() && to.is_f32() {
            return Some(bf16_extf(d, e, op, input));
        }
        if flags.f4e2m1 && from.is_f4e2m1fn() {
            return Some(f4e2m1_extf(d, e, op, input));
        }
        if flags.f8e8m0 && from.is_f8e8m0fnu() {
            return Some(f8e8m0_extf(d, e, op, input));
        }
        return None;
    }
    if flags.bf16
        && from.is_f32()
        && to.is_bf16()
        && let Some(v) = bf16_truncf(d, e, op, input)
    {
        return Some(v);
    }
    if flags.f4e2m1 && to.is_f4e2m1fn() {
        return Some(f4e2m1_truncf(d, e, op, input));
    }
    if flags.f8e8m0 && to.is_f8e8m0fnu() {
        return f8e8m0_truncf(d, e, op, input);
    }
    None
}

/// `ty` with element type `element` (shape kept).
fn like<'ir>(ty: Type<'ir>, element: Type<'ir>) -> Type<'ir> {
    ty.with_element_type(element)
        .expect("int or float like type")
}

/// `extf` from f8E8M0FNU: the exponent byte shifted into an f32's exponent
/// (0xff, NaN, to an all-ones NaN), then to the result width.
fn f8e8m0_extf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Value<'ir> {
    let ctx = e.loc.context();
    let ty = input.ty();
    let (i8t, i32t, f32t) = (
        like(ty, ctx.integer_type(8)),
        like(ty, ctx.integer_type(32)),
        like(ty, ctx.f32_type()),
    );
    let fm = fastmath_of(op);
    let bits = d.emit(e, rarith::BitcastOp::OP, &[input], &[i8t], &[]);
    let f8_nan = constant(d, e, i8t, 0xff);
    let f32_nan = constant(d, e, i32t, -1);
    let c23 = constant(d, e, i32t, 23);
    let wide = d.emit(e, rarith::ExtUIOp::OP, &[bits], &[i32t], &[]);
    let shifted = d.binary(e, rarith::ShLIOp::OP, wide, c23);
    let is_nan = cmpi(d, e, EQ, bits, f8_nan);
    let picked = select(d, e, is_nan, f32_nan, shifted);
    let result = d.emit(e, rarith::BitcastOp::OP, &[picked], &[f32t], &[]);
    let out = op.result(0).ty();
    let width = crate::ffi::ir::float_width(out.element_type_or_self()).unwrap_or(32);
    if width < 32 {
        d.emit(e, rarith::TruncFOp::OP, &[result], &[out], &fm)
    } else if width > 32 {
        d.emit(e, rarith::ExtFOp::OP, &[result], &[out], &fm)
    } else {
        result
    }
}

/// `truncf` to f8E8M0FNU: the f32 exponent byte (default rounding only).
fn f8e8m0_truncf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Option<Value<'ir>> {
    if op.attr("roundingmode").is_some() {
        return None;
    }
    let ctx = e.loc.context();
    let ty = input.ty();
    let (i8t, i32t, f32t) = (
        like(ty, ctx.integer_type(8)),
        like(ty, ctx.integer_type(32)),
        like(ty, ctx.f32_type()),
    );
    let fm = fastmath_of(op);
    let width = crate::ffi::ir::float_width(ty.element_type_or_self()).unwrap_or(32);
    let operand = if width < 32 {
        d.emit(e, rarith::ExtFOp::OP, &[input], &[f32t], &fm)
    } else if width > 32 {
        d.emit(e, rarith::TruncFOp::OP, &[input], &[f32t], &fm)
    } else {
        input
    };
    let bits = d.emit(e, rarith::BitcastOp::OP, &[operand], &[i32t], &[]);
    let c23 = constant(d, e, i32t, 23);
    let sign_exp = d.binary(e, rarith::ShRUIOp::OP, bits, c23);
    let exp = d.emit(e, rarith::TruncIOp::OP, &[sign_exp], &[i8t], &[]);
    Some(d.emit(e, rarith::BitcastOp::OP, &[exp], &[op.result(0).ty()], &[]))
}

/// `extf` from f4E2M1FN: the f32 bits assembled from the 4-bit code.
fn f4e2m1_extf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Value<'ir> {
    let ctx = e.loc.context();
    let ty = input.ty();
    let (f32t, i4t, i32t) = (
        like(ty, ctx.f32_type()),
        like(ty, ctx.integer_type(4)),
        like(ty, ctx.integer_type(32)),
    );
    let bits = d.emit(e, rarith::BitcastOp::OP, &[input], &[i4t], &[]);
    let c0 = constant(d, e, i4t, 0);
    let c1 = constant(d, e, i4t, 1);
    let c2 = constant(d, e, i4t, 2);
    let c4 = constant(d, e, i4t, 4);
    let c7 = constant(d, e, i4t, 7);
    let no_sign = d.binary(e, rarith::AndIOp::OP, bits, c7);
    let c20 = constant(d, e, i32t, 0x14);
    let low = d.binary(e, rarith::ShLIOp::OP, no_sign, c2);
    let is_half = cmpi(d, e, EQ, no_sign, c1);
    let low = select(d, e, is_half, c0, low);
    let low = d.emit(e, rarith::ExtUIOp::OP, &[low], &[i32t], &[]);
    let low = d.binary(e, rarith::ShLIOp::OP, low, c20);
    let zero_exp = constant(d, e, i32t, 0);
    let high_exp = constant(d, e, i32t, 0x4000_0000);
    let low_exp = constant(d, e, i32t, 0x3f00_0000);
    let larger = cmpi(d, e, UGE, no_sign, c4);
    let exp = select(d, e, larger, high_exp, low_exp);
    let is_zero = cmpi(d, e, EQ, no_sign, c0);
    let exp = select(d, e, is_zero, zero_exp, exp);
    let sign_bit = constant(d, e, i32t, 0x8000_0000);
    let c8 = constant(d, e, i4t, 8);
    let negative = cmpi(d, e, UGE, bits, c8);
    let sign = select(d, e, negative, sign_bit, zero_exp);
    let sum = d.binary(e, rarith::AddIOp::OP, low, exp);
    let sum = d.binary(e, rarith::AddIOp::OP, sum, sign);
    let result = d.emit(e, rarith::BitcastOp::OP, &[sum], &[f32t], &[]);
    let out = op.result(0).ty();
    if out.element_type_or_self().is_f32() {
        result
    } else {
        d.emit(e, rarith::TruncFOp::OP, &[result], &[out], &[])
    }
}

/// `truncf` to f4E2M1FN: clamp to [-6, 6], then sign, rebiased exponent and
/// first mantissa bit, with subnormal, 0.5 and round-to-nearest-even fixes.
fn f4e2m1_truncf<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    op: Op<'ir>,
    input: Value<'ir>,
) -> Value<'ir> {
    let ctx = e.loc.context();
    let ty = input.ty();
    let (i4t, i8t, i32t, f32t) = (
        like(ty, ctx.integer_type(4)),
        like(ty, ctx.integer_type(8)),
        like(ty, ctx.integer_type(32)),
        like(ty, ctx.f32_type()),
    );
    let operand = if ty.element_type_or_self().is_f32() {
        input
    } else {
        d.emit(e, rarith::ExtFOp::OP, &[input], &[f32t], &[])
    };
    let c1 = constant(d, e, i4t, 1);
    let c3 = constant(d, e, i4t, 3);
    let c22 = constant(d, e, i32t, 22);
    let c00 = constant(d, e, i8t, 0);
    let cff = constant(d, e, i8t, 0xff);
    let zero = constant(d, e, i32t, 0);
    let high = float_constant(d, e, f32t, 6.0);
    let low = float_constant(d, e, f32t, -6.0);
    let clamped = d.emit(e, rarith::MinNumFOp::OP, &[high, operand], &[f32t], &[]);
    let clamped = d.emit(e, rarith::MaxNumFOp::OP, &[low, clamped], &[f32t], &[]);
    let bits = d.emit(e, rarith::BitcastOp::OP, &[clamped], &[i32t], &[]);
    let c31 = constant(d, e, i32t, 31);
    let sign = d.binary(e, rarith::ShRUIOp::OP, bits, c31);
    let sign = d.emit(e, rarith::TruncIOp::OP, &[sign], &[i4t], &[]);
    let mut f4 = d.binary(e, rarith::ShLIOp::OP, sign, c3);
    let bias = constant(d, e, i32t, 0x7e);
    let c23 = constant(d, e, i32t, 23);
    let sign_exp = d.binary(e, rarith::ShRUIOp::OP, bits, c23);
    let adjusted = d.binary(e, rarith::SubIOp::OP, sign_exp, bias);
    let exp = d.emit(e, rarith::TruncIOp::OP, &[adjusted], &[i4t], &[]);
    let exp = d.binary(e, rarith::ShLIOp::OP, exp, c1);
    f4 = d.binary(e, rarith::AddIOp::OP, f4, exp);
    let first_bit = constant(d, e, i32t, 0x40_0000);
    let man = d.binary(e, rarith::AndIOp::OP, bits, first_bit);
    let man = d.binary(e, rarith::ShRUIOp::OP, man, c22);
    let man = d.emit(e, rarith::TruncIOp::OP, &[man], &[i4t], &[]);
    f4 = d.binary(e, rarith::AddIOp::OP, f4, man);
    let man_mask = constant(d, e, i32t, 0x7f_ffff);
    let f8_exp = d.emit(e, rarith::TruncIOp::OP, &[adjusted], &[i8t], &[]);
    let subnormal = cmpi(d, e, SLE, f8_exp, c00);
    let neg_one_exp = cmpi(d, e, EQ, f8_exp, cff);
    let man23 = d.binary(e, rarith::AndIOp::OP, bits, man_mask);
    let nonzero_man = cmpi(d, e, UGT, man23, zero);
    let to_half = d.binary(e, rarith::AndIOp::OP, neg_one_exp, nonzero_man);
    let zero_exp = cmpi(d, e, EQ, f8_exp, c00);
    let subnormal_bits = constant(d, e, i4t, 0xf);
    let half_bits = constant(d, e, i4t, 0);
    let sub = select(d, e, subnormal, subnormal_bits, f4);
    let sub = select(d, e, to_half, half_bits, sub);
    f4 = select(d, e, zero_exp, f4, sub);
    let last22 = constant(d, e, i32t, 0x3f_ffff);
    let round = constant(d, e, i32t, 0x20_0000);
    let man22 = d.binary(e, rarith::AndIOp::OP, bits, last22);
    let should_round = cmpi(d, e, UGE, man22, round);
    let should_round = d.binary(e, rarith::OrIOp::OP, should_round, subnormal);
    let rounded = d.binary(e, rarith::AddIOp::OP, f4, c1);
    f4 = select(d, e, should_round, rounded, f4);
    d.emit(e, rarith::BitcastOp::OP, &[f4], &[op.result(0).ty()], &[])
}

/// A float constant of `ty` (a splat for shaped types).
fn float_constant<'ir>(
    d: &mut Expander<'_, 'ir>,
    e: &Emit<'ir>,
    ty: Type<'ir>,
    value: f32,
) -> Value<'ir> {
    let elt = ty.element_type_or_self();
    let fp = crate::semantics::float::Fp::from_bits(
        crate::semantics::float::Format::F32,
        u128::from(value.to_bits()),
    );
    let attr = if ty.is_shaped() {
        Attr::dense_floats(ty, &[fp])
    } else {
        Attr::float(elt, fp)
    };
    d.emit(e, rarith::ConstantOp::OP, &[], &[ty], &[("value", attr)])
}
