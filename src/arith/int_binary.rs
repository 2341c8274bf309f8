//! Folders of the integer binary ops: subi, muli, the divisions and
//! remainders, bitwise and/or/xor, shifts, min/max.

use super::fold::{binary_int, constant_int_of, is_one, is_zero, splat_int, zero_attr};
use crate::ffi::ir::{Attr, Op, Value};
use crate::ods::rarith;
use crate::registry::{Folded, Speculatability};
use crate::semantics::ApInt;
use rmlir_bridge::hooks;
use std::cell::Cell;
use std::cmp::Ordering;

fn lhs_rhs<'ir>(op: Op<'ir>) -> (Value<'ir>, Value<'ir>) {
    (op.operand(0), op.operand(1))
}

fn value<'ir>(v: Value<'ir>) -> Option<Folded<'ir>> {
    Some(Folded::Value(v))
}

fn attr<'ir>(a: Option<Attr<'ir>>) -> Option<Folded<'ir>> {
    a.map(Folded::Attr)
}

/// Folds with `f` unless some element sets `refuse` (division by zero,
/// overflow): upstream's "compute, then drop the result if flagged".
fn guarded<'ir>(
    operands: &[Option<Attr<'ir>>],
    f: impl Fn(&ApInt, &ApInt, &Cell<bool>) -> ApInt,
) -> Option<Folded<'ir>> {
    let refuse = Cell::new(false);
    let r = binary_int(operands, None, |a, b| Some(f(a, b, &refuse)));
    if refuse.get() { None } else { attr(r) }
}

/// Lane-wise division-like fold that refuses (for the whole op) on a zero
/// divisor or when `f` reports no result (overflow).
fn divided<'ir>(
    operands: &[Option<Attr<'ir>>],
    f: impl Fn(&ApInt, &ApInt) -> Option<ApInt>,
) -> Option<Folded<'ir>> {
    guarded(operands, |a, b, refuse| {
        match (!refuse.get() && !b.is_zero()).then(|| f(a, b)).flatten() {
            Some(v) => v,
            None => {
                refuse.set(true);
                a.clone()
            }
        }
    })
}

// subi ------------------------------------------------------------------------

hooks!(rarith::SubIOp {
    fold: fold_subi,
    patterns: super::patterns::SUBI,
});

/// `x - x = 0` (static shapes), `x - 0 = x`, `(a + b) - b = a`,
/// `(a + b) - a = b`; constants wrap.
fn fold_subi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if lhs == rhs
        && let Some(z) = zero_attr(op.result(0).ty())
    {
        return Some(Folded::Attr(z));
    }
    if is_zero(operands[1]) {
        return value(lhs);
    }
    if let Some(add) = lhs.defined_by::<rarith::AddIOp>() {
        if rhs == add.operand(1) {
            return value(add.operand(0));
        }
        if rhs == add.operand(0) {
            return value(add.operand(1));
        }
    }
    attr(binary_int(operands, None, |a, b| Some(a.wrapping_sub(b))))
}

// muli ------------------------------------------------------------------------

hooks!(rarith::MulIOp {
    fold: fold_muli,
    result_names: muli_result_names,
    patterns: super::patterns::MULI,
});

/// An index `c * vector.vscale` (either order) is named `%c<c>_vscale`.
fn muli_result_names<'ir>(op: Op<'ir>, set: &mut dyn FnMut(usize, &str)) {
    if !op.result(0).ty().is_index() {
        return;
    }
    let is_vscale = |v: Value<'ir>| v.defining_op().is_some_and(|d| d.name() == "vector.vscale");
    let base = |c: Value<'ir>, other: Value<'ir>| {
        let value = c.defining_op()?.constant_value()?.as_int()?;
        is_vscale(other).then_some(value)
    };
    let (l, r) = lhs_rhs(op);
    if let Some(v) = base(l, r).or_else(|| base(r, l)) {
        set(0, &format!("c{}_vscale", v.to_i64().unwrap_or(0)));
    }
}

/// `x * 0 = 0` (the zero operand), `x * 1 = x`; constants wrap.
fn fold_muli<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if is_zero(operands[1]) {
        return value(rhs);
    }
    if is_one(operands[1]) {
        return value(lhs);
    }
    attr(binary_int(operands, None, |a, b| Some(a.wrapping_mul(b))))
}

// divisions ---------------------------------------------------------------------

/// Divisions by a constant that is neither zero nor (for the signed ones)
/// -1 cannot trap; everything else is not speculatable.
fn divisor_speculatability(op: Op, signed: bool) -> Speculatability {
    match constant_int_of(op.operand(1)) {
        Some(d) if !(d.is_zero() || (signed && d.is_all_ones())) => Speculatability::Speculatable,
        _ => Speculatability::NotSpeculatable,
    }
}

fn speculate_unsigned(op: Op) -> Speculatability {
    divisor_speculatability(op, false)
}

fn speculate_signed(op: Op) -> Speculatability {
    divisor_speculatability(op, true)
}

/// `(a * b) / b -> a` when the multiplication carries `flag` (nuw for
/// unsigned, nsw for signed).
fn fold_div_mul<'ir>(lhs: Value<'ir>, rhs: Value<'ir>, flag: u64) -> Option<Value<'ir>> {
    let mul = lhs.defined_by::<rarith::MulIOp>()?;
    if u64::from(mul.overflow_flags().bits()) & flag != flag {
        return None;
    }
    if mul.operand(0) == rhs {
        return Some(mul.operand(1));
    }
    if mul.operand(1) == rhs {
        return Some(mul.operand(0));
    }
    None
}

hooks!(rarith::DivUIOp {
    fold: fold_divui,
    speculatability: speculate_unsigned,
});
hooks!(rarith::DivSIOp {
    fold: fold_divsi,
    speculatability: speculate_signed,
});
hooks!(rarith::CeilDivUIOp {
    fold: fold_ceildivui,
    speculatability: speculate_unsigned,
});
hooks!(rarith::CeilDivSIOp {
    fold: fold_ceildivsi,
    speculatability: speculate_signed,
});
hooks!(rarith::FloorDivSIOp {
    fold: fold_floordivsi,
});
hooks!(rarith::RemUIOp { fold: fold_remui });
hooks!(rarith::RemSIOp { fold: fold_remsi });

/// `x / 1 = x`; `(a * b) / b = a` under nuw; no fold on division by zero.
fn fold_divui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if is_one(operands[1]) {
        return value(lhs);
    }
    if let Some(v) = fold_div_mul(lhs, rhs, 2) {
        return value(v);
    }
    divided(operands, ApInt::udiv)
}

/// `x / 1 = x`; `(a * b) / b = a` under nsw; no fold on division by zero or
/// on MIN / -1 (signed overflow).
fn fold_divsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if is_one(operands[1]) {
        return value(lhs);
    }
    if let Some(v) = fold_div_mul(lhs, rhs, 1) {
        return value(v);
    }
    divided(operands, |a, b| {
        let (q, overflow) = a.sdiv_ov(b)?;
        (!overflow).then_some(q)
    })
}

/// Unsigned division rounding up; no fold on division by zero (or on an
/// overflowing increment, which cannot happen for a nonzero divisor).
fn fold_ceildivui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if is_one(operands[1]) {
        return value(op.operand(0));
    }
    divided(operands, |a, b| {
        let (q, r) = a.udivrem(b)?;
        if r.is_zero() {
            return Some(q);
        }
        let (sum, overflow) = q.uadd_ov(&ApInt::from_u64(a.width(), 1));
        (!overflow).then_some(sum)
    })
}

/// Signed subtraction reporting overflow (APInt::ssub_ov).
fn ssub_ov(a: &ApInt, b: &ApInt) -> (ApInt, bool) {
    let r = a.wrapping_sub(b);
    let overflow = a.is_negative() != b.is_negative() && r.is_negative() != a.is_negative();
    (r, overflow)
}

/// Signed addition reporting overflow (APInt::sadd_ov).
fn sadd_ov(a: &ApInt, b: &ApInt) -> (ApInt, bool) {
    let r = a.wrapping_add(b);
    let overflow = a.is_negative() == b.is_negative() && r.is_negative() != a.is_negative();
    (r, overflow)
}

/// `(a - 1) / b + 1` for positive inputs; like upstream, only the last
/// step's overflow is reported.
fn signed_ceil_nonneg(a: &ApInt, b: &ApInt) -> (ApInt, bool) {
    let one = ApInt::from_u64(a.width(), 1);
    let (am1, _) = ssub_ov(a, &one);
    let (q, _) = am1.sdiv_ov(b).expect("nonzero divisor");
    sadd_ov(&q, &one)
}

/// Signed division rounding toward +infinity; no fold on division by zero or
/// when an intermediate negation or division overflows (MIN operands).
fn fold_ceildivsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if is_one(operands[1]) {
        return value(op.operand(0));
    }
    divided(operands, |a, b| {
        if a.is_zero() {
            return Some(a.clone());
        }
        let zero = ApInt::zero(a.width());
        let a_pos = a.scmp(&zero) == Ordering::Greater;
        let b_pos = b.scmp(&zero) == Ordering::Greater;
        let (r, overflow) = if a_pos && b_pos {
            signed_ceil_nonneg(a, b)
        } else if !a_pos && !b_pos {
            let (pa, o1) = ssub_ov(&zero, a);
            let (pb, o2) = ssub_ov(&zero, b);
            let (r, o3) = signed_ceil_nonneg(&pa, &pb);
            (r, o1 || o2 || o3)
        } else if !a_pos {
            let (pa, o1) = ssub_ov(&zero, a);
            let (d, o2) = pa.sdiv_ov(b)?;
            let (r, o3) = ssub_ov(&zero, &d);
            (r, o1 || o2 || o3)
        } else {
            let (pb, o1) = ssub_ov(&zero, b);
            let (d, o2) = a.sdiv_ov(&pb)?;
            let (r, o3) = ssub_ov(&zero, &d);
            (r, o1 || o2 || o3)
        };
        (!overflow).then_some(r)
    })
}

/// Signed division rounding toward -infinity (APInt::sfloordiv_ov). As
/// upstream, the refusal flag is overwritten element by element (only a
/// later zero divisor or overflow keeps it set).
fn fold_floordivsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if is_one(operands[1]) {
        return value(op.operand(0));
    }
    guarded(operands, |a, b, refuse| {
        if b.is_zero() {
            refuse.set(true);
            return a.clone();
        }
        let (q, overflow) = a.sdiv_ov(b).expect("nonzero divisor");
        refuse.set(overflow);
        if q.wrapping_mul(b) != *a && a.is_negative() != b.is_negative() {
            return q.wrapping_sub(&ApInt::from_u64(a.width(), 1));
        }
        q
    })
}

/// `x % 1 = 0`; no fold on division by zero.
fn fold_remui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if is_one(operands[1]) {
        return attr(zero_attr(op.result(0).ty()));
    }
    divided(operands, ApInt::urem)
}

/// `x % 1 = 0`; the remainder takes the dividend's sign; no fold on division
/// by zero.
fn fold_remsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if is_one(operands[1]) {
        return attr(zero_attr(op.result(0).ty()));
    }
    divided(operands, ApInt::srem)
}

// bitwise -----------------------------------------------------------------------

hooks!(rarith::AndIOp {
    fold: fold_andi,
    patterns: super::patterns::ANDI,
});
hooks!(rarith::OrIOp {
    fold: fold_ori,
    patterns: super::patterns::ORI,
});
hooks!(rarith::XOrIOp {
    fold: fold_xori,
    patterns: super::patterns::XORI,
});

/// True when `v` is `xori(x, c)` with `c` all ones (a bitwise not of `x`).
fn is_not_of<'ir>(v: Value<'ir>, x: Value<'ir>) -> bool {
    v.defined_by::<rarith::XOrIOp>().is_some_and(|xor| {
        xor.operand(0) == x && constant_int_of(xor.operand(1)).is_some_and(|c| c.is_all_ones())
    })
}

/// `x & 0 = 0`, `x & ~0 = x`, `x & ~x = 0`, `a & (a & b) = a & b`.
fn fold_andi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if is_zero(operands[1]) {
        return value(rhs);
    }
    if splat_int(operands[1]).is_some_and(|c| c.is_all_ones()) {
        return value(lhs);
    }
    if is_not_of(rhs, lhs) || is_not_of(lhs, rhs) {
        return attr(zero_attr(op.result(0).ty()));
    }
    for (prev, other) in [(lhs, rhs), (rhs, lhs)] {
        if let Some(p) = prev.defined_by::<rarith::AndIOp>()
            && (other == p.operand(0) || other == p.operand(1))
        {
            return value(p.result(0));
        }
    }
    attr(binary_int(operands, None, |a, b| Some(a.and(b))))
}

/// `x | 0 = x`, `x | ~0 = ~0`, `x | (x ^ ~0) = ~0`.
fn fold_ori<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if let Some(c) = splat_int(operands[1]) {
        if c.is_zero() {
            return value(lhs);
        }
        if c.is_all_ones() {
            return operands[1].map(Folded::Attr);
        }
    }
    if is_not_of(rhs, lhs) {
        return value(rhs.defining_op()?.operand(1));
    }
    if is_not_of(lhs, rhs) {
        return value(lhs.defining_op()?.operand(1));
    }
    attr(binary_int(operands, None, |a, b| Some(a.or(b))))
}

/// `x ^ 0 = x`, `x ^ x = 0`, `(x ^ a) ^ a = x` in every operand order.
fn fold_xori<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if is_zero(operands[1]) {
        return value(lhs);
    }
    if lhs == rhs {
        return attr(zero_attr(op.result(0).ty()));
    }
    if let Some(prev) = lhs.defined_by::<rarith::XOrIOp>() {
        if prev.operand(1) == rhs {
            return value(prev.operand(0));
        }
        if prev.operand(0) == rhs {
            return value(prev.operand(1));
        }
    }
    if let Some(prev) = rhs.defined_by::<rarith::XOrIOp>() {
        if prev.operand(1) == lhs {
            return value(prev.operand(0));
        }
        if prev.operand(0) == lhs {
            return value(prev.operand(1));
        }
    }
    attr(binary_int(operands, None, |a, b| Some(a.xor(b))))
}

// shifts -------------------------------------------------------------------------

hooks!(rarith::ShLIOp { fold: fold_shli });
hooks!(rarith::ShRUIOp { fold: fold_shrui });
hooks!(rarith::ShRSIOp { fold: fold_shrsi });

#[derive(Clone, Copy)]
enum Shift {
    Left,
    LogicalRight,
    ArithmeticRight,
}

/// `amount <u width`: the width is representable in its own width.
fn shift_in_range(amount: &ApInt) -> bool {
    let w = amount.width();
    amount.ucmp(&ApInt::from_u64(w, w as u64)) == Ordering::Less
}

/// APInt's shift by an APInt amount: amounts >= width shift everything out
/// (zeros, or sign bits for the arithmetic right shift).
fn apint_shift(kind: Shift, a: &ApInt, amount: &ApInt) -> ApInt {
    let w = a.width();
    let k = if shift_in_range(amount) {
        amount.low_u64() as u32
    } else {
        w
    };
    match (kind, k < w) {
        (Shift::Left, true) => a.shl(k),
        (Shift::LogicalRight, true) => a.lshr(k),
        (Shift::ArithmeticRight, true) => a.ashr(k),
        (Shift::ArithmeticRight, false) => {
            if a.is_negative() {
                ApInt::all_ones(w)
            } else {
                ApInt::zero(w)
            }
        }
        (_, false) => ApInt::zero(w),
    }
}

/// `x << 0 = x`; constants fold unless the shift amount is >= the width.
/// As upstream, the in-range check is that of the last element folded.
fn fold_shift<'ir>(
    kind: Shift,
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
) -> Option<Folded<'ir>> {
    if is_zero(operands[1]) {
        return value(op.operand(0));
    }
    let bounded = Cell::new(false);
    let r = binary_int(operands, None, |a, b| {
        bounded.set(shift_in_range(b));
        Some(apint_shift(kind, a, b))
    });
    if bounded.get() { attr(r) } else { None }
}

fn fold_shli<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_shift(Shift::Left, op, operands)
}
fn fold_shrui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_shift(Shift::LogicalRight, op, operands)
}
fn fold_shrsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_shift(Shift::ArithmeticRight, op, operands)
}

// min / max ----------------------------------------------------------------------

hooks!(rarith::MaxSIOp { fold: fold_maxsi });
hooks!(rarith::MaxUIOp { fold: fold_maxui });
hooks!(rarith::MinSIOp { fold: fold_minsi });
hooks!(rarith::MinUIOp { fold: fold_minui });

/// Shared min/max folder: `f(x, x) = x`; a constant equal to the absorbing
/// bound gives that constant; one equal to the neutral bound gives `x`.
fn fold_minmax<'ir>(
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
    absorbing: impl Fn(&ApInt) -> bool,
    neutral: impl Fn(&ApInt) -> bool,
    pick_lhs: impl Fn(&ApInt, &ApInt) -> bool,
) -> Option<Folded<'ir>> {
    let (lhs, rhs) = lhs_rhs(op);
    if lhs == rhs {
        return value(rhs);
    }
    if let Some(c) = splat_int(operands[1]) {
        if absorbing(&c) {
            return value(rhs);
        }
        if neutral(&c) {
            return value(lhs);
        }
    }
    attr(binary_int(operands, None, |a, b| {
        Some(if pick_lhs(a, b) { a.clone() } else { b.clone() })
    }))
}

fn fold_maxsi<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, ApInt::is_max_signed, ApInt::is_min_signed, |a, b| {
        a.scmp(b) != Ordering::Less
    })
}
fn fold_maxui<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, ApInt::is_all_ones, ApInt::is_zero, |a, b| {
        a.ucmp(b) != Ordering::Less
    })
}
fn fold_minsi<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, ApInt::is_min_signed, ApInt::is_max_signed, |a, b| {
        a.scmp(b) != Ordering::Greater
    })
}
fn fold_minui<'ir>(op: Op<'ir>, o: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_minmax(op, o, ApInt::is_zero, ApInt::is_all_ones, |a, b| {
        a.ucmp(b) != Ordering::Greater
    })
}
