//! The hooks of toy's ops: folders (wrapping i64 arithmetic, as the
//! lowering to arith computes it), the verifier of `toy.clamp` and the
//! canonicalization pattern of `toy.add`.

use crate::ods::toy::{AddOp, ClampOp, ConstantOp, MulOp, NegOp};
use rmlir_bridge::hooks;
use rmlir_bridge::ir::{Attr, Op};
use rmlir_bridge::model::Folded;
use rmlir_bridge::patterns;
use rmlir_bridge::rewrite::Rewriter;
use rmlir_bridge::semantics::ApInt;
use rmlir_bridge::typed::OdsOp;

hooks!(AddOp {
    fold: fold_add,
    patterns: patterns!(AddOp: "ToyAddSelfToMul" => add_self_to_mul / 1),
});
hooks!(MulOp { fold: fold_mul });
hooks!(NegOp { fold: fold_neg });
hooks!(ClampOp {
    fold: fold_clamp,
    verify: verify_clamp,
});

/// The i64 value of a constant operand.
fn int(operand: Option<Attr>) -> Option<i64> {
    operand?.as_int()?.to_i64()
}

/// `value` as a constant of the op's result type.
fn constant<'ir>(op: Op<'ir>, value: i64) -> Option<Folded<'ir>> {
    Some(Folded::Attr(Attr::int(
        op.result(0).ty(),
        &ApInt::from_i64(64, value),
    )))
}

/// `c1 + c2`, `x + 0`, `0 + x`.
fn fold_add<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    match (int(operands[0]), int(operands[1])) {
        (Some(a), Some(b)) => constant(op, a.wrapping_add(b)),
        (_, Some(0)) => Some(Folded::Value(op.operand(0))),
        (Some(0), _) => Some(Folded::Value(op.operand(1))),
        _ => None,
    }
}

/// `c1 * c2`, `x * 1`, `x * 0`.
fn fold_mul<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    match (int(operands[0]), int(operands[1])) {
        (Some(a), Some(b)) => constant(op, a.wrapping_mul(b)),
        (_, Some(1)) => Some(Folded::Value(op.operand(0))),
        (Some(1), _) => Some(Folded::Value(op.operand(1))),
        (_, Some(0)) | (Some(0), _) => constant(op, 0),
        _ => None,
    }
}

/// `-c`, `-(-x)`.
fn fold_neg<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if let Some(c) = int(operands[0]) {
        return constant(op, c.wrapping_neg());
    }
    let inner = op.operand(0).defined_by::<NegOp>()?;
    Some(Folded::Value(inner.input()))
}

/// `clamp(c)`, and `clamp(x)` to `[c, c]`.
fn fold_clamp<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let clamp = ClampOp::from_op(op)?;
    let (lo, hi) = bounds(clamp)?;
    // As the lowering computes it (minsi(maxsi(x, lo), hi)), also on
    // unverified IR where lo > hi.
    match int(operands[0]) {
        Some(c) => constant(op, c.max(lo).min(hi)),
        None if lo == hi => constant(op, lo),
        None => None,
    }
}

/// The `[lo, hi]` of a clamp.
fn bounds(clamp: ClampOp) -> Option<(i64, i64)> {
    Some((
        clamp.lo()?.as_int()?.to_i64()?,
        clamp.hi()?.as_int()?.to_i64()?,
    ))
}

/// A clamp's interval is not empty.
fn verify_clamp(op: Op) -> bool {
    let Some((lo, hi)) = ClampOp::from_op(op).and_then(bounds) else {
        return true;
    };
    if lo > hi {
        op.emit_op_error(&format!(
            "requires lo <= hi, but the interval is [{lo}, {hi}]"
        ));
        return false;
    }
    true
}

/// `x + x` -> `x * 2`.
fn add_self_to_mul<'ir>(op: Op<'ir>, rewriter: &mut Rewriter<'ir>) -> bool {
    let Some(add) = AddOp::from_op(op) else {
        return false;
    };
    if add.lhs() != add.rhs() {
        return false;
    }
    let ty = add.result_value().ty();
    let two = rewriter.create(
        ConstantOp::OP,
        op.location(),
        &[],
        &[ty],
        &[("value", Attr::int(ty, &ApInt::from_i64(64, 2)))],
    );
    let mul = rewriter.create(
        MulOp::OP,
        op.location(),
        &[add.lhs(), two.result(0)],
        &[ty],
        &[],
    );
    rewriter.replace_op(op, &[mul.result(0)]);
    true
}
