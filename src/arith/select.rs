//! `rarith.select`: folder, verifier and canonicalization patterns.

use super::fold::{constant_int_of, is_one, is_poison, is_zero, splat_int};
use crate::ffi::ir::{Attr, Location, Op, Value, float_width, read_dense_lanes};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rarith;
use crate::registry::{Folded, PatternDef};
use crate::semantics::ApInt;
use crate::semantics::cmp::CmpIPredicate;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rarith::SelectOp {
    fold: fold_select,
    verify: verify_select,
    patterns: PATTERNS,
});

/// Folds: equal arms; constant (splat) condition; a poison arm gives the
/// other; `select %c, true, false : i1` is `%c`; an `eq`/`ne` comparison of
/// the two arms picks one; dense conditions over dense arms fold per lane.
fn fold_select<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (cond, t, f) = (op.operand(0), op.operand(1), op.operand(2));
    if t == f {
        return Some(Folded::Value(t));
    }
    if is_one(operands[0]) {
        return Some(Folded::Value(t));
    }
    if is_zero(operands[0]) {
        return Some(Folded::Value(f));
    }
    if operands[1].is_some_and(is_poison) {
        return Some(Folded::Value(f));
    }
    if operands[2].is_some_and(is_poison) {
        return Some(Folded::Value(t));
    }
    let ty = op.result(0).ty();
    if ty.is_signless_integer()
        && ty.int_width() == Some(1)
        && is_one(operands[1])
        && is_zero(operands[2])
    {
        return Some(Folded::Value(cond));
    }
    if let Some(cmp) = cond.defined_by::<rarith::CmpIOp>() {
        let pred = cmp
            .enum_attr("predicate")
            .and_then(CmpIPredicate::from_value);
        if let Some(p @ (CmpIPredicate::Eq | CmpIPredicate::Ne)) = pred {
            let (l, r) = (cmp.operand(0), cmp.operand(1));
            if (l == t && r == f) || (r == t && l == f) {
                return Some(Folded::Value(if p == CmpIPredicate::Ne { t } else { f }));
            }
        }
    }
    fold_per_lane(operands)
}

/// `select %dense_cond, %dense_a, %dense_b` lane by lane, for integer,
/// index and float lanes alike (upstream picks whole attributes per lane).
fn fold_per_lane<'ir>(operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (c, a, b) = (operands[0]?, operands[1]?, operands[2]?);
    if !(c.is_dense_elements() && a.is_dense_elements() && b.is_dense_elements()) {
        return None;
    }
    let ty = a.ty()?;
    if b.ty()? != ty {
        return None;
    }
    let n = usize::try_from(a.num_elements()).ok()?;
    let elt = ty.element_type_or_self();
    let width = elt.int_width().or_else(|| float_width(elt))?;
    let (cv, av, bv) = (
        read_dense_lanes(c, n, 1)?,
        read_dense_lanes(a, n, width)?,
        read_dense_lanes(b, n, width)?,
    );
    if cv.len() != n || av.len() != n || bv.len() != n {
        return None;
    }
    let values: Vec<ApInt> = cv
        .iter()
        .zip(av.into_iter().zip(bv))
        .map(|(c, (x, y))| if c.is_zero() { y } else { x })
        .collect();
    Some(Folded::Attr(Attr::dense_bits(ty, &values)))
}

/// The condition is `i1`, or an `i1` vector/tensor of the result's shape.
fn verify_select(op: Op) -> bool {
    let cond = op.operand(0).ty();
    if cond.is_signless_integer() && cond.int_width() == Some(1) {
        return true;
    }
    let result = op.result(0).ty();
    if !(result.is_tensor() || result.is_vector()) {
        op.emit_op_error(&format!(
            "expected condition to be a signless i1, but got {}",
            cond.to_string_lossy()
        ));
        return false;
    }
    let Some(expected) = crate::types::i1_same_shape(result) else {
        return false;
    };
    if cond != expected {
        op.emit_op_error(&format!(
            "expected condition type to have the same shape as the result type, expected {}, but got {}",
            expected.to_string_lossy(),
            cond.to_string_lossy()
        ));
        return false;
    }
    true
}

fn select<'ir>(
    rw: &mut Rewriter<'ir>,
    loc: Location<'ir>,
    c: Value<'ir>,
    a: Value<'ir>,
    b: Value<'ir>,
) -> Value<'ir> {
    rw.create(rarith::SelectOp::OP, loc, &[c, a, b], &[a.ty()], &[])
        .result(0)
}

/// select(p, a, select(p, b, c)) -> select(p, a, c)
fn redundant_select_false<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    redundant_select(op, rw, 2)
}

/// select(p, select(p, a, b), c) -> select(p, a, c)
fn redundant_select_true<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    redundant_select(op, rw, 1)
}

/// A select on `p` nested in arm `arm` (1: true, 2: false) of a select on
/// the same `p`: that arm takes the inner select's value for the same arm.
fn redundant_select<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>, arm: usize) -> bool {
    let Some(inner) = op.operand(arm).defined_by::<rarith::SelectOp>() else {
        return false;
    };
    if inner.operand(0) != op.operand(0) {
        return false;
    }
    let pick = |i: usize| {
        if i == arm {
            inner.operand(i)
        } else {
            op.operand(i)
        }
    };
    let new = select(
        rw,
        Location::fused_of(&[op, *inner]),
        op.operand(0),
        pick(1),
        pick(2),
    );
    rw.replace_op(op, &[new]);
    true
}

/// select(xori(p, -1), a, b) -> select(p, b, a) (scalar -1 constant only).
fn select_not_cond<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(x) = op.operand(0).defined_by::<rarith::XOrIOp>() else {
        return false;
    };
    let Some(ones) = x.operand(1).defining_op().and_then(|d| d.constant_value()) else {
        return false;
    };
    if !ones.is_integer() || !splat_int(Some(ones)).is_some_and(|v| v.is_all_ones()) {
        return false;
    }
    let new = select(
        rw,
        Location::fused_of(&[op, *x]),
        x.operand(0),
        op.operand(2),
        op.operand(1),
    );
    rw.replace_op(op, &[new]);
    true
}

/// A scalar i1 constant `value` defining `v`.
fn is_i1_constant(v: Value, value: bool) -> bool {
    let Some(a) = v.defining_op().and_then(|d| d.constant_value()) else {
        return false;
    };
    let Some(i) = a.as_int() else { return false };
    a.ty().is_some_and(|t| t.is_signless_integer()) && i.width() == 1 && i.is_one() == value
}

/// select(p, false, true) -> xori(p, true)
fn select_i1_to_not<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    if !(is_i1_constant(op.operand(1), false) && is_i1_constant(op.operand(2), true)) {
        return false;
    }
    let loc = op.location();
    let p = op.operand(0);
    let t = super::constant::create(rw, op.context().bool_attr(true), loc).result(0);
    let new = rw
        .create(rarith::XOrIOp::OP, loc, &[p, t], &[p.ty()], &[])
        .result(0);
    rw.replace_op(op, &[new]);
    true
}

/// select(c, 1, 0) -> extui(c); select(c, 0, 1) -> extui(xori(c, 1)) for
/// scalar integer results wider than i1.
fn select_to_extui<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.result(0).ty();
    if !ty.is_integer() || ty.int_width() == Some(1) {
        return false;
    }
    let (t, f) = (
        constant_int_of(op.operand(1)),
        constant_int_of(op.operand(2)),
    );
    let (Some(t), Some(f)) = (t, f) else {
        return false;
    };
    let loc = op.location();
    let cond = op.operand(0);
    let arg = if t.is_one() && f.is_zero() {
        cond
    } else if t.is_zero() && f.is_one() {
        let one = Attr::int(
            cond.ty(),
            &ApInt::from_u64(cond.ty().int_width().unwrap_or(1), 1),
        );
        let c1 = super::constant::create(rw, one, loc).result(0);
        rw.create(rarith::XOrIOp::OP, loc, &[cond, c1], &[cond.ty()], &[])
            .result(0)
    } else {
        return false;
    };
    let new = rw
        .create(rarith::ExtUIOp::OP, loc, &[arg], &[ty], &[])
        .result(0);
    rw.replace_op(op, &[new]);
    true
}

/// In upstream's registration order.
const PATTERNS: &[PatternDef] = patterns!(rarith::SelectOp:
    "RedundantSelectFalse" => redundant_select_false / 2,
    "RedundantSelectTrue" => redundant_select_true / 2,
    "SelectNotCond" => select_not_cond / 2,
    "SelectI1ToNot" => select_i1_to_not / 1,
    "SelectToExtUI" => select_to_extui / 1,
);
