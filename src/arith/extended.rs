//! Folders of the two-result ops: addui_extended, mulsi_extended,
//! mului_extended.

use super::fold::{binary_int, constant_int_of, is_one, is_zero, zero_attr};
use crate::ffi::ir::{Attr, Op};
use crate::ods::rarith;
use crate::registry::Folded;
use crate::semantics::ApInt;
use rmlir_bridge::hooks;
use std::cmp::Ordering;

hooks!(rarith::AddUIExtendedOp {
    fold_many: fold_addui_extended,
    patterns: super::patterns::ADDUI_EXTENDED,
});
hooks!(rarith::MulSIExtendedOp {
    fold_many: fold_mulsi_extended,
    patterns: super::patterns::MULSI_EXTENDED,
});
hooks!(rarith::MulUIExtendedOp {
    fold_many: fold_mului_extended,
    patterns: super::patterns::MULUI_EXTENDED,
});

/// `x + 0 = (x, false)`; constants give the wrapped sum and the carry out
/// (sum <u lhs).
fn fold_addui_extended<'ir>(
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
) -> Option<Vec<Folded<'ir>>> {
    if constant_int_of(op.operand(1)).is_some_and(|c| c.is_zero()) {
        let no_overflow = zero_attr(op.result(1).ty())?;
        return Some(vec![
            Folded::Value(op.operand(0)),
            Folded::Attr(no_overflow),
        ]);
    }
    let sum = binary_int(operands, None, |a, b| Some(a.wrapping_add(b)))?;
    let overflow_ty = crate::types::i1_same_shape(sum.ty()?)?;
    let overflow = binary_int(&[Some(sum), operands[0]], Some(overflow_ty), |s, a| {
        Some(ApInt::from_u64(1, (s.ucmp(a) == Ordering::Less) as u64))
    })?;
    Some(vec![Folded::Attr(sum), Folded::Attr(overflow)])
}

/// The high half of the double-width product.
fn high_half(product: &ApInt, width: u32) -> ApInt {
    product.lshr(width).trunc(width)
}

/// `x * 0 = (0, 0)`; constants give the low and high halves of the signed
/// double-width product.
fn fold_mulsi_extended<'ir>(
    _op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
) -> Option<Vec<Folded<'ir>>> {
    if is_zero(operands[1]) {
        let zero = operands[1]?;
        return Some(vec![Folded::Attr(zero), Folded::Attr(zero)]);
    }
    let low = binary_int(operands, None, |a, b| Some(a.wrapping_mul(b)))?;
    let high = binary_int(operands, None, |a, b| {
        Some(high_half(&a.widening_smul(b), a.width()))
    })?;
    Some(vec![Folded::Attr(low), Folded::Attr(high)])
}

/// `x * 0 = (0, 0)`, `x * 1 = (x, 0)`; constants give the low and high halves
/// of the unsigned double-width product.
fn fold_mului_extended<'ir>(
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
) -> Option<Vec<Folded<'ir>>> {
    if is_zero(operands[1]) {
        let zero = operands[1]?;
        return Some(vec![Folded::Attr(zero), Folded::Attr(zero)]);
    }
    if is_one(operands[1]) {
        let zero = zero_attr(op.operand(0).ty())?;
        return Some(vec![Folded::Value(op.operand(0)), Folded::Attr(zero)]);
    }
    let low = binary_int(operands, None, |a, b| Some(a.wrapping_mul(b)))?;
    let high = binary_int(operands, None, |a, b| {
        Some(high_half(&a.widening_umul(b), a.width()))
    })?;
    Some(vec![Folded::Attr(low), Folded::Attr(high)])
}
