//! Float ops: addf, subf, mulf, divf, remf, negf, the min/max family, cmpf,
//! and the float casts — folders bit-exact with upstream through the
//! APFloat port in `semantics::float`.

use super::fold::is_poison;
use crate::ffi::ir::{Attr, FloatConst, IntConst, Op, Type};
use crate::ods::rarith;
use crate::registry::Folded;
use crate::semantics::ApInt;
use crate::semantics::enums::rarith::FastMathFlags;
use crate::semantics::float::{Format, Fp, Rounding};
use crate::semantics::small_float::{self, AnyFormat};
use rmlir_bridge::hooks;
use std::cmp::Ordering;

fn value<'ir>(v: crate::ffi::ir::Value<'ir>) -> Option<Folded<'ir>> {
    Some(Folded::Value(v))
}

/// The float a constant matches as a scalar or splat (m_ConstantFloat).
fn splat_float(attr: Option<Attr>) -> Option<Fp> {
    match attr?.as_float_const()? {
        FloatConst::Scalar(v) | FloatConst::Splat(v) => Some(v),
        FloatConst::Dense(_) => None,
    }
}

/// Upstream's `constFoldBinaryOp<FloatAttr>` (poison propagates).
/// A basic IEEE operation the CPU rounds exactly as APFloat does (correctly
/// rounded, to nearest, ties to even), used on f32/f64 dense elements.
#[derive(Clone, Copy)]
enum Native {
    Add,
    Sub,
    Mul,
    Div,
}

impl Native {
    fn f32(self, a: f32, b: f32) -> f32 {
        match self {
            Native::Add => a + b,
            Native::Sub => a - b,
            Native::Mul => a * b,
            Native::Div => a / b,
        }
    }
    fn f64(self, a: f64, b: f64) -> f64 {
        match self {
            Native::Add => a + b,
            Native::Sub => a - b,
            Native::Mul => a * b,
            Native::Div => a / b,
        }
    }
}

/// True when this thread's floating-point environment is IEEE's default
/// (round to nearest even, subnormals kept): the native path is used only
/// then, so folds never depend on the CPU's or the process's settings.
fn native_ieee() -> bool {
    use std::hint::black_box;
    let one = black_box(1.0f32);
    let half_ulp = black_box(f32::EPSILON / 2.0);
    let three_quarter_ulp = black_box(f32::EPSILON * 0.75);
    let tiny = black_box(f32::MIN_POSITIVE);
    one + half_ulp == 1.0
        && one + three_quarter_ulp == 1.0 + f32::EPSILON
        && -one - half_ulp == -1.0
        && tiny / black_box(4.0) != 0.0
}

/// [`binary`] on two non-splat dense f32 or f64 constants: element by
/// element in hardware, except where the result is NaN (its payload follows
/// APFloat's rules, not the CPU's), which `f` computes. None when the
/// operands are not such constants or the environment is not IEEE's
/// default.
fn binary_lanes<'ir>(
    lhs: Attr<'ir>,
    rhs: Attr<'ir>,
    ty: Type<'ir>,
    native: Native,
    f: &impl Fn(Fp, Fp) -> Fp,
) -> Option<Attr<'ir>> {
    if lhs.is_splat() || rhs.is_splat() {
        return None;
    }
    let format = ty.element_type_or_self().float_format()?;
    if !matches!(format, Format::F32 | Format::F64) || !native_ieee() {
        return None;
    }
    let (_, a) = lhs.dense_lanes()?;
    let (_, b) = rhs.dense_lanes()?;
    let slow = |x: u64, y: u64| {
        let r = f(
            Fp::from_bits(format, u128::from(x)),
            Fp::from_bits(format, u128::from(y)),
        );
        r.to_apint().low_u64()
    };
    let out: Vec<u64> = if format == Format::F32 {
        a.iter()
            .zip(&b)
            .map(|(&x, &y)| {
                let r = native.f32(f32::from_bits(x as u32), f32::from_bits(y as u32));
                if r.is_nan() {
                    slow(x, y)
                } else {
                    u64::from(r.to_bits())
                }
            })
            .collect()
    } else {
        a.iter()
            .zip(&b)
            .map(|(&x, &y)| {
                let r = native.f64(f64::from_bits(x), f64::from_bits(y));
                if r.is_nan() { slow(x, y) } else { r.to_bits() }
            })
            .collect()
    };
    Some(Attr::dense_from_lanes(ty, &out))
}

fn binary<'ir>(operands: &[Option<Attr<'ir>>], f: impl Fn(Fp, Fp) -> Fp) -> Option<Folded<'ir>> {
    binary_native(operands, None, f)
}

/// [`binary`], with the elements of f32/f64 dense constants computed by
/// `native` where it agrees with APFloat.
fn binary_native<'ir>(
    operands: &[Option<Attr<'ir>>],
    native: Option<Native>,
    f: impl Fn(Fp, Fp) -> Fp,
) -> Option<Folded<'ir>> {
    let [lhs, rhs] = operands else { return None };
    if let Some(p) = lhs.filter(|a| is_poison(*a)) {
        return Some(Folded::Attr(p));
    }
    if let Some(p) = rhs.filter(|a| is_poison(*a)) {
        return Some(Folded::Attr(p));
    }
    let (lhs, rhs) = ((*lhs)?, (*rhs)?);
    let ty = lhs.ty()?;
    if Some(ty) != rhs.ty() {
        return None;
    }
    if let Some(attr) = native.and_then(|n| binary_lanes(lhs, rhs, ty, n, &f)) {
        return Some(Folded::Attr(attr));
    }
    let attr = match (lhs.as_float_const()?, rhs.as_float_const()?) {
        (FloatConst::Scalar(a), FloatConst::Scalar(b)) => Attr::float(ty, f(a, b)),
        (FloatConst::Splat(a), FloatConst::Splat(b)) => Attr::dense_floats(ty, &[f(a, b)]),
        (FloatConst::Scalar(_), _) | (_, FloatConst::Scalar(_)) => return None,
        (a, b) => {
            let n = usize::try_from(lhs.num_elements()).ok()?;
            let expand = |c: FloatConst| match c {
                FloatConst::Dense(v) => v,
                FloatConst::Splat(v) | FloatConst::Scalar(v) => vec![v; n],
            };
            let values: Vec<Fp> = expand(a)
                .into_iter()
                .zip(expand(b))
                .map(|(x, y)| f(x, y))
                .collect();
            Attr::dense_floats(ty, &values)
        }
    };
    Some(Folded::Attr(attr))
}

hooks!(rarith::AddFOp {
    fold: fold_addf,
    patterns: super::interop_patterns::ADDF,
});
hooks!(rarith::SubFOp { fold: fold_subf });
hooks!(rarith::RemFOp { fold: fold_remf });
hooks!(rarith::MaximumFOp {
    fold: fold_maximumf
});
hooks!(rarith::MaxNumFOp { fold: fold_maxnumf });
hooks!(rarith::MinimumFOp {
    fold: fold_minimumf
});
hooks!(rarith::MinNumFOp { fold: fold_minnumf });
hooks!(rarith::MulFOp {
    fold: fold_mulf,
    patterns: super::float_patterns::MULF,
});
hooks!(rarith::DivFOp {
    fold: fold_divf,
    patterns: super::float_patterns::DIVF,
});
hooks!(rarith::NegFOp { fold: fold_negf });
hooks!(rarith::CmpFOp {
    fold: fold_cmpf,
    patterns: super::float_patterns::CMPF,
});

/// `x + -0.0 = x`.
fn fold_addf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if splat_float(o[1]).is_some_and(|c| c.is_zero() && c.is_negative()) {
        return value(op.operand(0));
    }
    binary_native(o, Some(Native::Add), |a, b| a + b)
}

/// `x - +0.0 = x`.
fn fold_subf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if splat_float(o[1]).is_some_and(|c| c.is_zero() && !c.is_negative()) {
        return value(op.operand(0));
    }
    binary_native(o, Some(Native::Sub), |a, b| a - b)
}

/// `x * 1.0 = x`; `x * ±0.0 = ±0.0` (the zero operand itself) under
/// `nnan` and `nsz`, checked before constant folding as upstream does (so
/// `-3.0 * 0.0` with both flags is `0.0`, not `-0.0`).
fn fold_mulf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if splat_float(o[1]).is_some_and(Fp::is_exactly_one) {
        return value(op.operand(0));
    }
    let no_nans_no_signed_zeros = FastMathFlags::NNAN | FastMathFlags::NSZ;
    if splat_float(o[1]).is_some_and(Fp::is_zero)
        && op
            .view::<rarith::MulFOp>()
            .is_some_and(|m| m.fastmath().contains(no_nans_no_signed_zeros))
    {
        return value(op.operand(1));
    }
    binary_native(o, Some(Native::Mul), |a, b| a * b)
}

/// `x / 1.0 = x`.
fn fold_divf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if splat_float(o[1]).is_some_and(Fp::is_exactly_one) {
        return value(op.operand(0));
    }
    binary_native(o, Some(Native::Div), |a, b| a / b)
}

/// fmod: the remainder has the sign of the dividend.
fn fold_remf<'ir>(_op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    binary(o, |a, b| a % b)
}

/// `f(x, x) = x`, then an absorbing/neutral constant rule, then constants.
fn fold_minmax<'ir>(
    op: Op<'ir>,
    o: &[Option<Attr<'ir>>],
    neutral: fn(Fp) -> bool,
    f: fn(Fp, Fp) -> Fp,
) -> Option<Folded<'ir>> {
    if op.operand(0) == op.operand(1) {
        return value(op.operand(1));
    }
    if splat_float(o[1]).is_some_and(neutral) {
        return value(op.operand(0));
    }
    binary(o, f)
}

fn fold_maximumf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, Fp::is_neg_infinity, Fp::maximum)
}
fn fold_minimumf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, Fp::is_pos_infinity, Fp::minimum)
}
fn fold_maxnumf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, Fp::is_nan, Fp::maxnum)
}
fn fold_minnumf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, Fp::is_nan, Fp::minnum)
}

/// `-(-x) = x`; constants negate (NaNs keep their payload).
fn fold_negf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if let Some(inner) = op.operand(0).defined_by::<rarith::NegFOp>() {
        return value(inner.operand(0));
    }
    let a = o[0]?;
    if is_poison(a) {
        return Some(Folded::Attr(a));
    }
    let ty = a.ty()?;
    Some(Folded::Attr(match a.as_float_const()? {
        FloatConst::Scalar(v) => Attr::float(ty, -v),
        FloatConst::Splat(v) => Attr::dense_floats(ty, &[-v]),
        FloatConst::Dense(vs) => {
            Attr::dense_floats(ty, &vs.into_iter().map(|v| -v).collect::<Vec<_>>())
        }
    }))
}

/// Evaluates a cmpf predicate (0..=15, upstream's numbering).
pub fn apply_cmpf(pred: u64, a: Fp, b: Fp) -> bool {
    let ord = a.partial_cmp(b);
    let (lt, eq, gt, un) = (
        ord == Some(Ordering::Less),
        ord == Some(Ordering::Equal),
        ord == Some(Ordering::Greater),
        ord.is_none(),
    );
    match pred {
        0 => false,
        1 => eq,
        2 => gt,
        3 => gt || eq,
        4 => lt,
        5 => lt || eq,
        6 => lt || gt,
        7 => !un,
        8 => un || eq,
        9 => un || gt,
        10 => un || gt || eq,
        11 => un || lt,
        12 => un || lt || eq,
        13 => un || lt || gt,
        14 => un,
        _ => true,
    }
}

/// Scalar constants only; a NaN operand decides alone.
fn fold_cmpf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let mut lhs = o[0].and_then(Attr::as_float);
    let mut rhs = o[1].and_then(Attr::as_float);
    if lhs.is_some_and(Fp::is_nan) {
        rhs = lhs;
    }
    if rhs.is_some_and(Fp::is_nan) {
        lhs = rhs;
    }
    let (a, b) = (lhs?, rhs?);
    let pred = op.enum_attr("predicate")?;
    Some(Folded::Attr(op.context().bool_attr(apply_cmpf(pred, a, b))))
}

// Casts ------------------------------------------------------------------------------

hooks!(rarith::ExtFOp {
    fold: fold_extf,
    verify: verify_extf,
    cast_compatible: wider_float,
});
hooks!(rarith::TruncFOp {
    fold: fold_truncf,
    patterns: super::float_patterns::TRUNCF,
    verify: verify_truncf,
    cast_compatible: narrower_float,
});
hooks!(rarith::UIToFPOp {
    fold: fold_uitofp,
    cast_compatible: int_to_float,
});
hooks!(rarith::SIToFPOp {
    fold: fold_sitofp,
    cast_compatible: int_to_float,
});
hooks!(rarith::FPToUIOp {
    fold: fold_fptoui,
    cast_compatible: float_to_int,
});
hooks!(rarith::FPToSIOp {
    fold: fold_fptosi,
    cast_compatible: float_to_int,
});

fn float_width(ty: Type) -> Option<u32> {
    crate::ffi::ir::float_width(ty.element_type_or_self())
}

fn one_to_one<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> Option<(Type<'ir>, Type<'ir>)> {
    super::fold::cast_pair(inputs, outputs)
}

hooks!(rarith::ScalingExtFOp {
    verify: verify_extf,
    cast_compatible: scaling_wider,
});
hooks!(rarith::ScalingTruncFOp {
    verify: verify_truncf,
    cast_compatible: scaling_narrower,
});

/// The scaling casts check the width change of their first input only.
fn scaling_wider<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    inputs
        .first()
        .is_some_and(|i| wider_float(std::slice::from_ref(i), outputs))
}
fn scaling_narrower<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    inputs
        .first()
        .is_some_and(|i| narrower_float(std::slice::from_ref(i), outputs))
}

fn wider_float<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    one_to_one(inputs, outputs).is_some_and(
        |(i, o)| matches!((float_width(i), float_width(o)), (Some(a), Some(b)) if b > a),
    )
}
fn narrower_float<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    one_to_one(inputs, outputs).is_some_and(
        |(i, o)| matches!((float_width(i), float_width(o)), (Some(a), Some(b)) if b < a),
    )
}
fn int_to_float<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    one_to_one(inputs, outputs).is_some_and(|(i, o)| {
        i.element_type_or_self().is_signless_integer() && o.element_type_or_self().is_float()
    })
}
fn float_to_int<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    one_to_one(inputs, outputs).is_some_and(|(i, o)| {
        i.element_type_or_self().is_float() && o.element_type_or_self().is_signless_integer()
    })
}

/// The result must be a wider float.
fn verify_extf(op: Op) -> bool {
    super::fold::verify_width_change(op, true, crate::ffi::ir::float_width)
}
/// The result must be a narrower float.
fn verify_truncf(op: Op) -> bool {
    super::fold::verify_width_change(op, false, crate::ffi::ir::float_width)
}

/// Upstream's `constFoldCastOp`, generic over the element conversion.
fn cast_const<'ir, T, U>(
    operands: &[Option<Attr<'ir>>],
    result_ty: Type<'ir>,
    decode: impl Fn(Attr<'ir>) -> Option<(Vec<T>, bool)>,
    convert: impl Fn(&T) -> Option<U>,
    encode: impl Fn(Type<'ir>, &[U]) -> Attr<'ir>,
    encode_scalar: impl Fn(Type<'ir>, &U) -> Attr<'ir>,
) -> Option<Folded<'ir>> {
    let a = operands.first().copied().flatten()?;
    if is_poison(a) {
        return Some(Folded::Attr(a));
    }
    let (values, scalar_or_splat) = decode(a)?;
    let out = values.iter().map(&convert).collect::<Option<Vec<_>>>()?;
    if !result_ty.is_shaped() {
        return Some(Folded::Attr(encode_scalar(result_ty, out.first()?)));
    }
    if scalar_or_splat && result_ty.dims()?.iter().any(|&d| d < 0) {
        return None;
    }
    Some(Folded::Attr(encode(result_ty, &out)))
}

fn decode_float(a: Attr) -> Option<(Vec<Fp>, bool)> {
    Some(match a.as_float_const()? {
        FloatConst::Scalar(v) | FloatConst::Splat(v) => (vec![v], true),
        FloatConst::Dense(v) => (v, false),
    })
}

fn decode_int(a: Attr) -> Option<(Vec<ApInt>, bool)> {
    Some(match a.as_int_const()? {
        IntConst::Scalar(v) | IntConst::Splat(v) => (vec![v], true),
        IntConst::Dense(v) => (v, false),
    })
}

/// The target format of a float cast.
fn result_format(op: Op) -> Option<crate::semantics::float::Format> {
    op.result(0).ty().element_type_or_self().float_format()
}

/// `extf(truncf(x))` with both `contract` is `x`; constants convert exactly.
fn fold_extf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    const CONTRACT: u64 = 32;
    if let Some(t) = op.operand(0).defined_by::<rarith::TruncFOp>() {
        let contract = |x: Op<'ir>| x.enum_attr("fastmath").unwrap_or(0) & CONTRACT == CONTRACT;
        if t.operand(0).ty() == op.result(0).ty() && contract(*t) && contract(op) {
            return value(t.operand(0));
        }
    }
    let to = op
        .result(0)
        .ty()
        .element_type_or_self()
        .any_float_format()?;
    float_cast_const(op, o, to, Rounding::ToNearestEven)
}

/// `truncf(extf(a))` chains (when the intermediate type represents `a`);
/// constants convert exactly under the rounding mode, or do not fold.
fn fold_truncf<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let to = op
        .result(0)
        .ty()
        .element_type_or_self()
        .any_float_format()?;
    if let Some(ext) = op.operand(0).defined_by::<rarith::ExtFOp>() {
        let src = ext.operand(0);
        let src_ty = src.ty().element_type_or_self();
        let res_ty = op.result(0).ty().element_type_or_self();
        let (Some(sf), Some(mf)) = (
            src_ty.any_float_format(),
            ext.result(0).ty().element_type_or_self().any_float_format(),
        ) else {
            return None;
        };
        if sf.representable_by(mf) {
            if sf.width() > to.width() {
                op.set_operand(0, src);
                return value(op.result(0));
            }
            if src_ty == res_ty {
                return value(src);
            }
        }
    }
    let rounding = op
        .enum_attr("roundingmode")
        .and_then(rarith::RoundingMode::from_value)
        .map_or(Rounding::ToNearestEven, Rounding::from);
    float_cast_const(op, o, to, rounding)
}

/// `extf`/`truncf` of a constant to format `to`: every element converts
/// exactly (in any float format of MLIR 22), or the op does not fold.
fn float_cast_const<'ir>(
    op: Op<'ir>,
    o: &[Option<Attr<'ir>>],
    to: AnyFormat,
    rounding: Rounding,
) -> Option<Folded<'ir>> {
    let result_ty = op.result(0).ty();
    let from = op
        .operand(0)
        .ty()
        .element_type_or_self()
        .any_float_format()?;
    if let (AnyFormat::Ap(_), AnyFormat::Ap(to)) = (from, to) {
        return cast_const(
            o,
            result_ty,
            decode_float,
            |v| v.convert_exact(to, rounding),
            Attr::dense_floats,
            |t, v| Attr::float(t, *v),
        );
    }
    let width = to.width();
    cast_const(
        o,
        result_ty,
        Attr::float_const_bits,
        |b: &ApInt| {
            let w = b.words();
            let bits = u128::from(w[0]) | u128::from(w.get(1).copied().unwrap_or(0)) << 64;
            let r = small_float::convert_exact(from, to, bits, rounding)?;
            Some(ApInt::from_words(width, &[r as u64, (r >> 64) as u64]))
        },
        Attr::dense_bits,
        Attr::float_from_bits,
    )
}

/// [`fold_itofp`] of a non-splat dense constant of at most 64-bit integers
/// into f32 or f64 elements, converted in hardware (to nearest, ties to
/// even, as APFloat's `convertFromAPInt`). None when the operand is not
/// such a constant or the environment is not IEEE's default.
fn itofp_lanes<'ir>(
    operand: Attr<'ir>,
    result_ty: Type<'ir>,
    to: Format,
    signed: bool,
) -> Option<Attr<'ir>> {
    if operand.is_splat() || !matches!(to, Format::F32 | Format::F64) || !native_ieee() {
        return None;
    }
    let elt = operand.ty()?.element_type_or_self();
    if !(elt.is_integer() || elt.is_index()) {
        return None;
    }
    let (width, lanes) = operand.dense_lanes()?;
    // The element's value, sign-extended from its width when signed.
    let shift = 64 - width;
    let int = |x: u64| -> Result<i64, u64> {
        if signed {
            Ok((x << shift) as i64 >> shift)
        } else {
            Err(x)
        }
    };
    let out: Vec<u64> = if to == Format::F32 {
        lanes
            .iter()
            .map(|&x| {
                let f = match int(x) {
                    Ok(v) => v as f32,
                    Err(v) => v as f32,
                };
                u64::from(f.to_bits())
            })
            .collect()
    } else {
        lanes
            .iter()
            .map(|&x| {
                let f = match int(x) {
                    Ok(v) => v as f64,
                    Err(v) => v as f64,
                };
                f.to_bits()
            })
            .collect()
    };
    Some(Attr::dense_from_lanes(result_ty, &out))
}

fn fold_itofp<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>], signed: bool) -> Option<Folded<'ir>> {
    let to = result_format(op)?;
    if let Some(attr) = o
        .first()
        .copied()
        .flatten()
        .and_then(|a| itofp_lanes(a, op.result(0).ty(), to, signed))
    {
        return Some(Folded::Attr(attr));
    }
    cast_const(
        o,
        op.result(0).ty(),
        decode_int,
        |v| Fp::from_int(to, v, signed),
        Attr::dense_floats,
        |t, v| Attr::float(t, *v),
    )
}

fn fold_uitofp<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_itofp(op, o, false)
}
fn fold_sitofp<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_itofp(op, o, true)
}

fn fold_fptoi<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>], signed: bool) -> Option<Folded<'ir>> {
    let w = op.result(0).ty().element_type_or_self().int_width()?;
    cast_const(
        o,
        op.result(0).ty(),
        decode_float,
        |v| v.to_int(w, signed),
        Attr::dense_ints,
        Attr::int,
    )
}

fn fold_fptoui<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_fptoi(op, o, false)
}
fn fold_fptosi<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_fptoi(op, o, true)
}
