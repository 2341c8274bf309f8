//! Value bounds of rarith ops on `index` (`ValueBoundsOpInterface`), as
//! upstream's arith models state them: a constant is its value, `addi`,
//! `subi`, `muli` and `floordivsi` are the affine expressions of their
//! operands, and `select` lies between its two values where one is
//! provably no greater than the other (element-wise conditions: each
//! dimension equals the operands').

use crate::ffi::ir::{Op, Value};
use crate::ffi::value_bounds::{Bounds, Relation, ValueBoundsHooks};
use crate::ods::{OdsOp, rarith};

/// The hooks rarith hands the bridge.
pub static VALUE_BOUNDS: ValueBoundsHooks = ValueBoundsHooks {
    ops: &[
        rarith::ConstantOp::NAME,
        rarith::AddIOp::NAME,
        rarith::SubIOp::NAME,
        rarith::MulIOp::NAME,
        rarith::FloorDivSIOp::NAME,
        rarith::SelectOp::NAME,
    ],
    populate,
};

fn populate<'ir>(op: Op<'ir>, value: Value<'ir>, dim: Option<i64>, b: &mut Bounds) {
    if op.isa::<rarith::SelectOp>() {
        return select(op, value, dim, b);
    }
    if op.isa::<rarith::ConstantOp>() {
        if let Some(c) = op.attr("value").and_then(|a| a.as_int()) {
            let c = b.constant(c.to_i64_wrapping());
            b.bound(value, None, Relation::Eq, c);
        }
        return;
    }
    // The operands' expressions first, in order (getExpr adds columns), then
    // the combination, as upstream's models.
    let lhs = b.expr(op.operand(0), None);
    let rhs = b.expr(op.operand(1), None);
    let expr = if op.isa::<rarith::AddIOp>() {
        lhs + rhs
    } else if op.isa::<rarith::SubIOp>() {
        lhs - rhs
    } else if op.isa::<rarith::MulIOp>() {
        lhs * rhs
    } else if op.isa::<rarith::FloorDivSIOp>() {
        lhs.floor_div(rhs)
    } else {
        return;
    };
    b.bound(value, None, Relation::Eq, expr);
}

fn select<'ir>(op: Op<'ir>, value: Value<'ir>, dim: Option<i64>, b: &mut Bounds) {
    let (condition, on_true, on_false) = (op.operand(0), op.operand(1), op.operand(2));
    if condition.ty().is_shaped() {
        // Element-wise: the three operands have the result's shape.
        for operand in [on_true, on_false, condition] {
            let e = b.expr(operand, dim);
            b.bound(value, dim, Relation::Eq, e);
        }
        return;
    }
    b.populate(on_true, dim);
    b.populate(on_false, dim);
    for (low, high) in [(on_true, on_false), (on_false, on_true)] {
        if b.provably_le(low, high, dim) {
            let e = b.expr(low, dim);
            b.bound(value, dim, Relation::Ge, e);
            let e = b.expr(high, dim);
            b.bound(value, dim, Relation::Le, e);
        }
    }
}
