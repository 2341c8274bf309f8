//! Region ops: `assuming` (its canonicalizations), `reduce` and `yield`
//! (their verifiers).

use super::{is_shape_type, is_size_type};
use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::rshape;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::AssumingOp {
    patterns: patterns!(rshape::AssumingOp:
        "AssumingOpRemoveUnusedResults" => remove_unused_results / 1,
        "AssumingWithTrue" => inline_when_passing / 1,
    ),
});

hooks!(rshape::ReduceOp {
    verify: verify_reduce,
});

hooks!(rshape::YieldOp {
    verify: verify_yield,
});

/// The terminator of an op's only region.
fn body_terminator<'ir>(op: Op<'ir>) -> Option<Op<'ir>> {
    op.region(0)?.first_block()?.terminator()
}

/// An `assuming` whose results are partly unused yields only the used ones.
fn remove_unused_results<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(yield_op) = body_terminator(op) else {
        return false;
    };
    let used: Vec<usize> = (0..op.num_results())
        .filter(|&i| op.result(i).has_uses())
        .collect();
    if used.len() == yield_op.num_operands() {
        return false;
    }
    let yielded: Vec<Value> = used.iter().map(|&i| yield_op.operand(i)).collect();
    let types: Vec<Type> = yielded.iter().map(|v| v.ty()).collect();
    yield_op.set_operands(&yielded);
    let new = rw.create_like(op, &[op.operand(0)], &types);
    let (Some(to), Some(from)) = (new.region(0), op.region(0)) else {
        return false;
    };
    to.take_body(from);
    for (k, &i) in used.iter().enumerate() {
        rw.replace_all_uses(op.result(i), new.result(k));
    }
    rw.erase_op(op);
    true
}

/// An `assuming` on a passing constant witness is its region, inlined.
fn inline_when_passing<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let passing = op
        .operand(0)
        .defined_by::<rshape::ConstWitnessOp>()
        .and_then(|w| w.attr("passing"))
        .and_then(|a| a.as_int())
        .is_some_and(|v| !v.is_zero());
    if !passing {
        return false;
    }
    let Some(block) = op.region(0).and_then(|r| r.first_block()) else {
        return false;
    };
    let Some(yield_op) = block.terminator() else {
        return false;
    };
    let values: Vec<Value> = yield_op.operands().collect();
    rw.inline_block_before(block, op, &[]);
    rw.replace_op(op, &values);
    rw.erase_op(yield_op);
    true
}

/// The body takes an index, an extent (a size for shapes, an index for
/// extent tensors) and one accumulator per initial value, of its type.
fn verify_reduce(op: Op) -> bool {
    let Some(block) = op.region(0).and_then(|r| r.first_block()) else {
        return true;
    };
    let inits: Vec<Type> = op.operands().skip(1).map(|v| v.ty()).collect();
    let args: Vec<Type> = block.argument_types().collect();
    let expected = inits.len() + 2;
    if args.len() != expected {
        op.emit_op_error(&format!(
            "ReduceOp body is expected to have {expected} arguments"
        ));
        return false;
    }
    if !args[0].is_index() {
        op.emit_op_error("argument 0 of ReduceOp body is expected to be of IndexType");
        return false;
    }
    if is_shape_type(op.operand(0).ty()) {
        if !is_size_type(args[1]) {
            op.emit_op_error(
                "argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType",
            );
            return false;
        }
    } else if !args[1].is_index() {
        op.emit_op_error(
            "argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor",
        );
        return false;
    }
    for (i, init) in inits.iter().enumerate() {
        if args[i + 2] != *init {
            op.emit_op_error(&format!(
                "type mismatch between argument {} of ReduceOp body and initial value {i}",
                i + 2
            ));
            return false;
        }
    }
    true
}

/// A `yield` returns one value of each result type of its parent.
fn verify_yield(op: Op) -> bool {
    let Some(parent) = op.parent_op() else {
        return true;
    };
    if parent.num_results() != op.num_operands() {
        op.emit_op_error("number of operands does not match number of results of its parent");
        return false;
    }
    if parent
        .result_types()
        .zip(op.operands())
        .any(|(t, v)| v.ty() != t)
    {
        op.emit_op_error("types mismatch between yield op and its parent");
        return false;
    }
    true
}
