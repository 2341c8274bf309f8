//! `rarith.addi`: folder and the AddIAddConstant canonicalization.

use super::{constant, fold};
use crate::ffi::ir::{Attr, Op};
use crate::ffi::rewrite::Rewriter;
use crate::registry::{Folded, OpBehaviour, PatternDef};

pub const BEHAVIOUR: OpBehaviour = OpBehaviour {
    fold: Some(fold_addi),
    patterns: &[PatternDef {
        name: "AddIAddConstant",
        root: "rarith.addi",
        benefit: 2,
        rewrite: add_add_constant,
    }],
    ..crate::registry::NO_HOOKS
};

/// `addi(x, 0) -> x`; `addi(subi(a, b), b) -> a`; `addi(b, subi(a, b)) -> a`;
/// constants add modulo 2^width (overflow flags do not stop the fold).
fn fold_addi(op: Op, operands: &[Option<Attr>]) -> Option<Folded> {
    let (lhs, rhs) = (op.operand(0), op.operand(1));
    if fold::is_zero(operands[1]) {
        return Some(Folded::Value(lhs));
    }
    if let Some(sub) = lhs.defined_by("rarith.subi")
        && sub.operand(1) == rhs
    {
        return Some(Folded::Value(sub.operand(0)));
    }
    if let Some(sub) = rhs.defined_by("rarith.subi")
        && sub.operand(1) == lhs
    {
        return Some(Folded::Value(sub.operand(0)));
    }
    fold::binary_int(operands, None, |a, b| Some(a.wrapping_add(b))).map(Folded::Attr)
}

/// The scalar integer constant defining `v`, as in DRR's
/// `ConstantLikeMatcher APIntAttr`.
fn constant_int_operand(v: crate::ffi::ir::Value) -> Option<Attr> {
    let def = v.defining_op()?;
    let value = def.constant_value()?;
    value.is_integer().then_some(value)
}

/// AddIAddConstant: `addi(addi(x, c0), c1) -> addi(x, c0 + c1)`, with the
/// new op's overflow flags the intersection of both ops' flags.
fn add_add_constant(op: Op, rw: &mut Rewriter) -> bool {
    let Some(inner) = op.operand(0).defined_by("rarith.addi") else {
        return false;
    };
    let Some(c1) = constant_int_operand(op.operand(1)) else {
        return false;
    };
    let Some(c0) = constant_int_operand(inner.operand(1)) else {
        return false;
    };
    let (Some(a), Some(b)) = (c0.as_int(), c1.as_int()) else {
        return false;
    };
    let result_ty = op.result(0).ty();
    if a.width() != b.width() || result_ty.int_width() != Some(a.width()) {
        return false;
    }
    let ctx = op.context();
    let flags =
        op.enum_attr("overflowFlags").unwrap_or(0) & inner.enum_attr("overflowFlags").unwrap_or(0);
    let loc = crate::ffi::ir::Location::fused(&[op.location(), inner.location()]);
    let sum = constant::create(rw, Attr::int(result_ty, &a.wrapping_add(&b)), loc);
    let flags_attr = ctx
        .enum_attr("rarith.overflow", flags)
        .expect("rarith.overflow attribute");
    let new = rw.create(
        "rarith.addi",
        loc,
        &[inner.operand(0), sum.result(0)],
        &[result_ty],
        &[("overflowFlags", flags_attr)],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}
