//! `convert-rshape-constraints` and `remove-rshape-constraints`: what
//! upstream's `convert-shape-constraints` and `remove-shape-constraints` do,
//! on rshape. Both run MLIR's greedy driver (so folding and dead-code removal
//! happen as upstream's do).

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::greedy::apply_patterns_greedily;
use crate::ffi::ir::{Op, Value};
use crate::ffi::op_access::OpName;
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::registry::PatternDef;
use crate::shape::Few;
use rmlir_bridge::patterns;

impl RunPass for decls::ConvertRShapeConstraints {
    type Options = decls::ConvertRShapeConstraintsOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run_convert(ir)
    }
}

impl RunPass for decls::RemoveRShapeConstraints {
    type Options = decls::RemoveRShapeConstraintsOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run_remove(ir)
    }
}

/// `convert-rshape-constraints`: each constraint becomes the check it
/// stands for and a `cf.assert`.
const TO_ASSERT: &[&[PatternDef]] = &[
    patterns!(rshape::CstrBroadcastableOp:
        "CstrBroadcastableToRequire" => broadcastable_to_assert / 1,
    ),
    patterns!(rshape::CstrEqOp: "CstrEqToRequire" => eq_to_assert / 1),
    patterns!(rshape::CstrRequireOp: "CstrRequireToAssert" => require_to_assert / 1),
];

/// `remove-rshape-constraints`: each constraint becomes a passing witness.
const REMOVE: &[&[PatternDef]] = &[
    patterns!(rshape::CstrBroadcastableOp:
        "RemoveCstrBroadcastableOp" => replace_with_passing / 1,
    ),
    patterns!(rshape::CstrEqOp: "RemoveCstrEqOp" => replace_with_passing / 1),
];

fn broadcastable_to_assert<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    checked(
        op,
        rw,
        rshape::IsBroadcastableOp::OP,
        "required broadcastable shapes",
    )
}

fn eq_to_assert<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    checked(op, rw, rshape::ShapeEqOp::OP, "required equal shapes")
}

fn run_convert(ir: &mut Ir) -> bool {
    apply_patterns_greedily(ir, TO_ASSERT);
    true
}

fn run_remove(ir: &mut Ir) -> bool {
    apply_patterns_greedily(ir, REMOVE);
    true
}

/// `const_witness true` in place of the constraint.
fn replace_with_passing<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ctx = op.context();
    let ty = op.result(0).ty();
    let attrs = [("passing", ctx.bool_attr(true))];
    let w = rw.create(
        rshape::ConstWitnessOp::OP,
        op.location(),
        &[],
        &[ty],
        &attrs,
    );
    rw.replace_op(op, &[w.result(0)]);
    true
}

/// `cf.assert` of the constraint's predicate (`predicate` over the same
/// shapes) with `message`, then a passing witness.
fn checked<'ir>(
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
    predicate: OpName<'static>,
    message: &str,
) -> bool {
    let ctx = op.context();
    let loc = op.location();
    let shapes: Few<Value> = op.operands().collect();
    let holds = rw.create(predicate, loc, &shapes, &[ctx.integer_type(1)], &[]);
    assert_that(rw, op, holds.result(0), message);
    replace_with_passing(op, rw)
}

/// `cf.assert %pred, msg`, then a passing witness.
fn require_to_assert<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(msg) = op.attr("msg").and_then(|m| m.as_str()) else {
        return false;
    };
    assert_that(rw, op, op.operand(0), msg);
    replace_with_passing(op, rw)
}

fn assert_that<'ir>(rw: &mut Rewriter<'ir>, op: Op<'ir>, pred: Value<'ir>, message: &str) {
    let msg = op.context().string_attr(message);
    rw.create("cf.assert", op.location(), &[pred], &[], &[("msg", msg)]);
}
