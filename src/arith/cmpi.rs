//! `rarith.cmpi`: folder (the result type is inferred by ODS through the
//! `i1_same_shape` transform in `crate::types`).

use super::fold;
use crate::ffi::ir::{Attr, Op, Type};
use crate::ods::{OdsOp, rarith};
use crate::registry::Folded;
use crate::semantics::ApInt;
use crate::semantics::cmp::CmpIPredicate;
use rmlir_bridge::hooks;

hooks!(rarith::CmpIOp {
    fold: fold_cmpi,
    patterns: super::patterns::CMPI,
});

fn predicate(op: Op) -> CmpIPredicate {
    rarith::CmpIOp::from_op_unchecked(op)
        .predicate()
        .expect("rarith.cmpi has a valid predicate")
}

/// `true`/`false` as a `BoolAttr`, or a dense splat for statically shaped
/// types (no fold for dynamic shapes).
fn bool_attr<'ir>(ty: Type<'ir>, value: bool) -> Option<Attr<'ir>> {
    let ctx = ty.context();
    if !ty.is_shaped() {
        return Some(ctx.bool_attr(value));
    }
    if ty.dims()?.iter().any(|&d| d < 0) {
        return None;
    }
    Some(Attr::dense_ints(ty, &[ApInt::from_u64(1, value as u64)]))
}

/// Width of a scalar or vector integer type (not tensors, not index), as
/// upstream's `getIntegerWidth`.
fn scalar_or_vector_int_width(ty: Type) -> Option<u32> {
    if ty.is_integer() {
        return ty.int_width();
    }
    if ty.is_vector() {
        return ty.element_type_or_self().int_width();
    }
    None
}

fn is_i1_like(ty: Type) -> bool {
    let e = ty.element_type_or_self();
    e.is_integer() && e.int_width() == Some(1)
}

fn fold_cmpi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = (op.operand(0), op.operand(1));
    let pred = predicate(op);
    if lhs == rhs {
        return bool_attr(op.result(0).ty(), pred.on_equal_operands()).map(Folded::Attr);
    }
    if fold::is_zero(operands[1]) {
        for ext in [rarith::ExtSIOp::ID, rarith::ExtUIOp::ID] {
            if let Some(e) = lhs.defined_by_id(ext) {
                let src = e.operand(0);
                if scalar_or_vector_int_width(src.ty()) == Some(1) && pred == CmpIPredicate::Ne {
                    return Some(Folded::Value(src));
                }
            }
        }
        if is_i1_like(lhs.ty()) && pred == CmpIPredicate::Ne {
            return Some(Folded::Value(lhs));
        }
    }
    if fold::is_one(operands[1]) && is_i1_like(lhs.ty()) && pred == CmpIPredicate::Eq {
        return Some(Folded::Value(lhs));
    }
    // Move a constant to the right, mirroring the predicate, in place.
    if operands[0].is_some() && operands[1].is_none() {
        let ctx = op.context();
        let swapped = pred.swapped() as u64;
        op.set_ods_attr_named(
            rarith::CmpIOp::ID,
            "predicate",
            Attr::int(ctx.integer_type(64), &ApInt::from_u64(64, swapped)),
        );
        op.set_operand(0, rhs);
        op.set_operand(1, lhs);
        return Some(Folded::Value(op.result(0)));
    }
    let lhs_ty = operands[0]?.ty()?;
    let result_ty = crate::types::i1_same_shape(lhs_ty)?;
    fold::binary_int(operands, Some(result_ty), |a, b| {
        Some(ApInt::from_u64(1, pred.apply(a, b) as u64))
    })
    .map(Folded::Attr)
}
