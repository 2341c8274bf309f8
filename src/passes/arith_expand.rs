//! `rarith-expand`: upstream's `arith-expand` on rarith. The ops without a
//! direct LLVM counterpart (ceil/floor divisions, integer and float min/max,
//! the scaling casts) become sequences of simpler rarith ops, op for op as
//! upstream expands them; constant operands fold first, as upstream's
//! conversion folds them. The `include-bf16` option also expands
//! `extf` bf16 -> f32 and `truncf` f32 -> bf16 into integer bit manipulation.
//!
//! One deliberate difference: upstream expands `maximumf`/`minimumf` into a
//! compare-and-select that returns the second operand for `(+0.0, -0.0)`,
//! contradicting the op's definition (-0.0 is less than +0.0). Here equal
//! operands take the bitwise AND (maximum) or OR (minimum) of their bits,
//! which orders the zeros and leaves other equal values unchanged (see
//! docs/upstream-differences.md). (Upstream's `include-f8e8m0` and
//! `include-f4e2m1` options are not provided.)

use super::driver::{Driver, EQ, Emit, NE, SGT, SLT, UGT, ULT};
use crate::ffi::ir::{Attr, Op, Type, Value};
use crate::ffi::walk;
use crate::registry::PassDef;
use crate::semantics::ApInt;

pub const PASS: PassDef = PassDef {
    argument: "rarith-expand",
    description: "Legalize rarith ops to be convertible to LLVM (upstream's arith-expand)",
    op_name: "",
    dependent_dialects: || vec![crate::ffi::context::rarith_dialect_handle()],
    options: &["include-bf16"],
    run: |op, options| run(op, options.flag("include-bf16")),
};

/// The rarith ops this pass expands; every other rarith op is legal.
const EXPANDED: &[&str] = &[
    "rarith.ceildivsi",
    "rarith.ceildivui",
    "rarith.floordivsi",
    "rarith.maxsi",
    "rarith.maxui",
    "rarith.minsi",
    "rarith.minui",
    "rarith.maximumf",
    "rarith.minimumf",
    "rarith.maxnumf",
    "rarith.minnumf",
    "rarith.scaling_extf",
    "rarith.scaling_truncf",
];

/// `cmpf` predicates (upstream's numbering).
const CMPF_OEQ: i64 = 1;
const CMPF_UGT: i64 = 9;
const CMPF_ULT: i64 = 11;
const CMPF_UNO: i64 = 14;

fn run(root: Op, bf16: bool) -> bool {
    type OpFilter = fn(Op) -> bool;
    let (legal, illegal): (OpFilter, OpFilter) = if bf16 {
        (is_legal_bf16, is_illegal_bf16)
    } else {
        (is_legal, is_illegal)
    };
    if !Driver::run(root, legal, expand) {
        return false;
    }
    // As upstream's partial conversion: an op marked illegal that no
    // pattern could rewrite fails the pass.
    if let Some(op) = walk::collect_preorder(root, illegal).into_iter().next() {
        op.emit_error(&format!(
            "failed to legalize operation '{}' that was explicitly marked illegal",
            op.name()
        ));
        return false;
    }
    true
}

/// rarith (but the expanded ops) and vector.
fn is_legal(op: Op) -> bool {
    let name = op.name();
    (name.starts_with("rarith.") && !EXPANDED.contains(&name)) || name.starts_with("vector.")
}

fn is_illegal(op: Op) -> bool {
    EXPANDED.contains(&op.name())
}

/// Element types of a cast's operand and result.
fn cast_elements(op: Op) -> (Type, Type) {
    (
        op.operand(0).ty().element_type_or_self(),
        op.result(0).ty().element_type_or_self(),
    )
}

/// `extf` bf16 -> f32 and `truncf` f32 -> bf16 (the `include-bf16` option).
fn is_bf16_cast(op: Op) -> bool {
    match op.name() {
        "rarith.extf" => {
            let (from, to) = cast_elements(op);
            from.is_bf16() && to.is_f32()
        }
        "rarith.truncf" => {
            let (from, to) = cast_elements(op);
            from.is_f32() && to.is_bf16()
        }
        _ => false,
    }
}

fn is_legal_bf16(op: Op) -> bool {
    is_legal(op) && !is_bf16_cast(op)
}

fn is_illegal_bf16(op: Op) -> bool {
    is_illegal(op) || is_bf16_cast(op)
}

fn expand(d: &mut Driver, op: Op) -> bool {
    if !EXPANDED.contains(&op.name()) && !is_bf16_cast(op) {
        return false;
    }
    let e = Emit::before(op);
    let ops = d.operands(op);
    let result = match op.name() {
        "rarith.extf" => bf16_extf(d, &e, op, ops[0]),
        "rarith.truncf" => match bf16_truncf(d, &e, op, ops[0]) {
            Some(v) => v,
            None => return false,
        },
        "rarith.ceildivui" => ceildivui(d, &e, ops[0], ops[1]),
        "rarith.ceildivsi" => ceildivsi(d, &e, ops[0], ops[1]),
        "rarith.floordivsi" => floordivsi(d, &e, ops[0], ops[1]),
        "rarith.maxsi" => select_by(d, &e, SGT, ops[0], ops[1]),
        "rarith.maxui" => select_by(d, &e, UGT, ops[0], ops[1]),
        "rarith.minsi" => select_by(d, &e, SLT, ops[0], ops[1]),
        "rarith.minui" => select_by(d, &e, ULT, ops[0], ops[1]),
        "rarith.maximumf" => {
            float_select(d, &e, CMPF_UGT, ops[0], ops[1], Some("rarith.andi"), ops[1])
        }
        "rarith.minimumf" => {
            float_select(d, &e, CMPF_ULT, ops[0], ops[1], Some("rarith.ori"), ops[1])
        }
        "rarith.maxnumf" => float_select(d, &e, CMPF_UGT, ops[0], ops[1], None, ops[0]),
        "rarith.minnumf" => float_select(d, &e, CMPF_ULT, ops[0], ops[1], None, ops[0]),
        "rarith.scaling_extf" => match scaling_extf(d, &e, op, &ops) {
            Some(v) => v,
            None => return false,
        },
        "rarith.scaling_truncf" => match scaling_truncf(d, &e, op, &ops) {
            Some(v) => v,
            None => return false,
        },
        _ => return false,
    };
    d.replace(op, vec![result])
}

/// An integer (or index) constant of `ty`; a splat for vectors and tensors.
fn constant(d: &mut Driver, e: &Emit, ty: Type, value: i64) -> Value {
    let elt = ty.element_type_or_self();
    let width = elt.int_width().unwrap_or(64);
    let v = ApInt::from_i64(width, value);
    let attr = if ty.is_shaped() {
        Attr::dense_ints(ty, &[v])
    } else {
        Attr::int(ty, &v)
    };
    d.emit(e, "rarith.constant", &[], &[ty], &[("value", attr)])
}

fn cmpi(d: &mut Driver, e: &Emit, predicate: i64, a: Value, b: Value) -> Value {
    let ctx = e.loc.context();
    let i1 = crate::types::i1_same_shape(a.ty()).expect("integer-like operand");
    let p = Attr::int(ctx.integer_type(64), &ApInt::from_i64(64, predicate));
    d.emit(e, "rarith.cmpi", &[a, b], &[i1], &[("predicate", p)])
}

fn cmpf(d: &mut Driver, e: &Emit, predicate: i64, a: Value, b: Value) -> Value {
    let ctx = e.loc.context();
    let i1 = crate::types::i1_same_shape(a.ty()).expect("float-like operand");
    let p = Attr::int(ctx.integer_type(64), &ApInt::from_i64(64, predicate));
    d.emit(e, "rarith.cmpf", &[a, b], &[i1], &[("predicate", p)])
}

fn select(d: &mut Driver, e: &Emit, cond: Value, a: Value, b: Value) -> Value {
    let ty = a.ty();
    d.emit(e, "rarith.select", &[cond, a, b], &[ty], &[])
}

/// `n == 0 ? 0 : (n - 1) / m + 1`.
fn ceildivui(d: &mut Driver, e: &Emit, a: Value, b: Value) -> Value {
    let ty = a.ty();
    let zero = constant(d, e, ty, 0);
    let is_zero = cmpi(d, e, EQ, a, zero);
    let one = constant(d, e, ty, 1);
    let minus_one = d.binary(e, "rarith.subi", a, one);
    let quotient = d.binary(e, "rarith.divui", minus_one, b);
    let plus_one = d.binary(e, "rarith.addi", quotient, one);
    select(d, e, is_zero, zero, plus_one)
}

/// `q = n / m`; `q + 1` when the division is inexact and `n`, `m` have the
/// same sign, else `q`.
fn ceildivsi(d: &mut Driver, e: &Emit, a: Value, b: Value) -> Value {
    let ty = a.ty();
    let zero = constant(d, e, ty, 0);
    let one = constant(d, e, ty, 1);
    let quotient = d.binary(e, "rarith.divsi", a, b);
    let product = d.binary(e, "rarith.muli", quotient, b);
    let inexact = cmpi(d, e, NE, a, product);
    let a_neg = cmpi(d, e, SLT, a, zero);
    let b_neg = cmpi(d, e, SLT, b, zero);
    let same_sign = cmpi(d, e, EQ, a_neg, b_neg);
    let cond = d.binary(e, "rarith.andi", inexact, same_sign);
    let plus_one = d.binary(e, "rarith.addi", quotient, one);
    select(d, e, cond, plus_one, quotient)
}

/// `q = n / m`; `q - 1` when the division is inexact and the signs differ,
/// else `q`.
fn floordivsi(d: &mut Driver, e: &Emit, a: Value, b: Value) -> Value {
    let ty = a.ty();
    let quotient = d.binary(e, "rarith.divsi", a, b);
    let product = d.binary(e, "rarith.muli", quotient, b);
    let inexact = cmpi(d, e, NE, a, product);
    let zero = constant(d, e, ty, 0);
    let a_neg = cmpi(d, e, SLT, a, zero);
    let b_neg = cmpi(d, e, SLT, b, zero);
    let signs_differ = cmpi(d, e, NE, a_neg, b_neg);
    let cond = d.binary(e, "rarith.andi", inexact, signs_differ);
    let minus_one = constant(d, e, ty, -1);
    let minus = d.binary(e, "rarith.addi", quotient, minus_one);
    select(d, e, cond, minus, quotient)
}

/// `cmpi pred, a, b ? a : b`.
fn select_by(d: &mut Driver, e: &Emit, predicate: i64, a: Value, b: Value) -> Value {
    let cond = cmpi(d, e, predicate, a, b);
    select(d, e, cond, a, b)
}

/// `isNaN(nan_source) ? b : (cmpf pred, a, b ? a : b)`: with `nan_source =
/// b` the NaN-propagating `maximumf`/`minimumf`, with `a` the NaN-ignoring
/// `maxnumf`/`minnumf`. With `zeros`, equal operands first take that
/// bitwise combination of their bits (which orders -0.0 below +0.0).
fn float_select(
    d: &mut Driver,
    e: &Emit,
    predicate: i64,
    a: Value,
    b: Value,
    zeros: Option<&str>,
    nan_source: Value,
) -> Value {
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
        let a_bits = d.emit(e, "rarith.bitcast", &[a], &[ity], &[]);
        let b_bits = d.emit(e, "rarith.bitcast", &[b], &[ity], &[]);
        let bits = d.binary(e, combine, a_bits, b_bits);
        let ordered = d.emit(e, "rarith.bitcast", &[bits], &[fty], &[]);
        picked = select(d, e, equal, ordered, picked);
    }
    let is_nan = cmpf(d, e, CMPF_UNO, nan_source, nan_source);
    select(d, e, is_nan, b, picked)
}

/// The scale as `f8E8M0FNU`: 16- and 32-bit float scales are truncated
/// first; other scale types do not expand.
fn scale_as_e8m0(
    d: &mut Driver,
    e: &Emit,
    scale: Value,
    fastmath: &[(&str, Attr)],
) -> Option<Value> {
    let ty = scale.ty();
    let elt = ty.element_type_or_self();
    let width = crate::ffi::ir::float_width(elt)?;
    if width >= 16 {
        let e8m0 = e.loc.context().f8e8m0fnu_type();
        let target = ty.with_element_type(e8m0)?;
        return Some(d.emit(e, "rarith.truncf", &[scale], &[target], fastmath));
    }
    elt.is_f8e8m0fnu().then_some(scale)
}

fn fastmath_of(op: Op) -> Vec<(&'static str, Attr)> {
    op.attr("fastmath")
        .map(|f| ("fastmath", f))
        .into_iter()
        .collect()
}

/// `extf(in) * extf(scale)` in the result type.
fn scaling_extf(d: &mut Driver, e: &Emit, op: Op, ops: &[Value]) -> Option<Value> {
    let fm = fastmath_of(op);
    let scale = scale_as_e8m0(d, e, ops[1], &fm)?;
    let ty = op.result(0).ty();
    let scale_ext = d.emit(e, "rarith.extf", &[scale], &[ty], &fm);
    let input_ext = d.emit(e, "rarith.extf", &[ops[0]], &[ty], &fm);
    Some(d.emit(e, "rarith.mulf", &[input_ext, scale_ext], &[ty], &fm))
}

/// `truncf(in / extf(scale))` to the result type.
fn scaling_truncf(d: &mut Driver, e: &Emit, op: Op, ops: &[Value]) -> Option<Value> {
    let fm = fastmath_of(op);
    let scale = scale_as_e8m0(d, e, ops[1], &fm)?;
    let input_ty = ops[0].ty();
    let scale_ext = d.emit(e, "rarith.extf", &[scale], &[input_ty], &fm);
    let quotient = d.emit(e, "rarith.divf", &[ops[0], scale_ext], &[input_ty], &fm);
    let mut attrs = fm;
    if let Some(mode) = op.attr("roundingmode") {
        attrs.push(("roundingmode", mode));
    }
    Some(d.emit(
        e,
        "rarith.truncf",
        &[quotient],
        &[op.result(0).ty()],
        &attrs,
    ))
}

/// `extf` bf16 -> f32: the 16 bits shifted into the high half of an f32.
fn bf16_extf(d: &mut Driver, e: &Emit, op: Op, input: Value) -> Value {
    let ctx = e.loc.context();
    let ty = input.ty();
    let i16_ty = ty
        .with_element_type(ctx.integer_type(16))
        .expect("shaped like");
    let i32_ty = ty
        .with_element_type(ctx.integer_type(32))
        .expect("shaped like");
    let bits = d.emit(e, "rarith.bitcast", &[input], &[i16_ty], &[]);
    let wide = d.emit(e, "rarith.extui", &[bits], &[i32_ty], &[]);
    let c16 = constant(d, e, i32_ty, 16);
    let high = d.binary(e, "rarith.shli", wide, c16);
    d.emit(e, "rarith.bitcast", &[high], &[op.result(0).ty()], &[])
}

/// `truncf` f32 -> bf16 with round-to-nearest-even through a rounding bias
/// (0x7fff plus bit 16), NaN mapped to 0x7fc0; only without a rounding mode.
fn bf16_truncf(d: &mut Driver, e: &Emit, op: Op, input: Value) -> Option<Value> {
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
    let bits = d.emit(e, "rarith.bitcast", &[input], &[i32_ty], &[]);
    let shifted = d.binary(e, "rarith.shrui", bits, c16);
    let bit16 = d.binary(e, "rarith.andi", shifted, c1);
    let bias = d.binary(e, "rarith.addi", bit16, c7fff);
    let biased = d.binary(e, "rarith.addi", bits, bias);
    let top = d.binary(e, "rarith.shrui", biased, c16);
    let narrow = d.emit(e, "rarith.trunci", &[top], &[i16_ty], &[]);
    let picked = select(d, e, is_nan, nan, narrow);
    Some(d.emit(e, "rarith.bitcast", &[picked], &[op.result(0).ty()], &[]))
}
