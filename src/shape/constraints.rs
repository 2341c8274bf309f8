//! Predicates, constraints and witnesses: `shape_eq`, `is_broadcastable`,
//! `cstr_broadcastable`, `cstr_eq`, `cstr_require`, `assuming_all`.

use super::operands::{drop_information_losing_casts, remove_duplicates, remove_empty_shapes};
use super::{Few, known_extents};
use crate::ffi::ir::{Attr, Dims, Op, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::registry::Folded;
use crate::semantics::shape::statically_known_broadcastable;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::ShapeEqOp {
    fold: fold_shape_eq,
});

hooks!(rshape::IsBroadcastableOp {
    fold: fold_is_broadcastable,
    patterns: patterns!(rshape::IsBroadcastableOp:
        "RemoveDuplicateOperandsPattern" => remove_duplicates / 1,
    ),
});

hooks!(rshape::CstrBroadcastableOp {
    fold: fold_cstr_broadcastable,
    verify: verify_cstr_broadcastable,
    patterns: patterns!(rshape::CstrBroadcastableOp:
        "CanonicalizeCastExtentTensorOperandsPattern" => drop_information_losing_casts / 1,
        "CstrBroadcastableEqOps" => passing_if_all_operands_equal / 1,
        "RemoveDuplicateOperandsPattern" => remove_duplicates / 1,
        "RemoveEmptyShapeOperandsPattern" => remove_empty_shapes / 1,
    ),
});

hooks!(rshape::CstrEqOp {
    fold: fold_cstr_eq,
    patterns: patterns!(rshape::CstrEqOp:
        "CstrEqEqOps" => passing_if_all_operands_equal / 1,
    ),
});

hooks!(rshape::CstrRequireOp {
    fold: fold_cstr_require,
});

hooks!(rshape::AssumingAllOp {
    fold: fold_assuming_all,
    verify: verify_assuming_all,
    patterns: patterns!(rshape::AssumingAllOp:
        "MergeAssumingAllOps" => merge_assuming_alls / 1,
        "AssumingAllOneOp" => assuming_all_of_one / 1,
        "AssumingAllOfCstrBroadcastable" => drop_subsumed_cstr_broadcastables / 1,
        "AssumingAllToCstrEqCanonicalization" => assuming_all_to_cstr_eq / 1,
        "RemoveDuplicateOperandsPattern" => remove_duplicates / 1,
    ),
});

/// All constant: whether they are the same shape (error shapes included).
fn fold_shape_eq<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let first = match operands.first() {
        Some(a) => Some((*a)?),
        None => None,
    };
    let mut all_same = true;
    for a in operands.iter().skip(1) {
        all_same &= Some((*a)?) == first;
    }
    Some(Folded::Attr(op.context().bool_attr(all_same)))
}

/// Fewer than two shapes always broadcast.
fn fold_is_broadcastable<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    (operands.len() < 2).then(|| Folded::Attr(op.context().bool_attr(true)))
}

/// At most one operand is not a known rank-0 shape.
fn at_most_one_non_scalar(operands: &[Option<Attr>]) -> bool {
    operands
        .iter()
        .filter(|a| a.is_none_or(|a| a.num_elements() != 0))
        .count()
        <= 1
}

/// Passing when statically known to broadcast: all but one operand are
/// scalars, or the constant or `shape_of` extents broadcast whatever their
/// dynamic extents are. A failing constraint is never folded (it is an
/// eventual assertion failure).
fn fold_cstr_broadcastable<'ir>(
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
) -> Option<Folded<'ir>> {
    let passing = || Some(Folded::Attr(op.context().bool_attr(true)));
    if at_most_one_non_scalar(operands) {
        return passing();
    }
    let constants: Option<Vec<Vec<i64>>> =
        operands.iter().map(|a| (*a)?.as_i64_elements()).collect();
    if constants.is_some_and(|c| statically_known_broadcastable(&c)) {
        return passing();
    }
    let known: Option<Few<Dims>> = op.operands().map(known_extents).collect();
    if known.is_some_and(|k| statically_known_broadcastable(&k)) {
        return passing();
    }
    None
}

fn verify_cstr_broadcastable(op: Op) -> bool {
    if op.num_operands() < 2 {
        op.emit_op_error("required at least 2 input shapes");
        return false;
    }
    true
}

/// All constant and the same shape: passing.
fn fold_cstr_eq<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let first = operands.first().copied().flatten();
    operands
        .iter()
        .all(|a| a.is_some() && *a == first)
        .then(|| Folded::Attr(op.context().bool_attr(true)))
}

/// A constraint on operands that are all the same value passes.
fn passing_if_all_operands_equal<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let first = op.operands().next();
    if !op.operands().all(|v| Some(v) == first) {
        return false;
    }
    let ctx = op.context();
    let ty = op.result(0).ty();
    let w = rw.create(
        rshape::ConstWitnessOp::OP,
        op.location(),
        &[],
        &[ty],
        &[("passing", ctx.bool_attr(true))],
    );
    rw.replace_op(op, &[w.result(0)]);
    true
}

/// A constant predicate is the witness.
fn fold_cstr_require<'ir>(_: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    operands[0].map(Folded::Attr)
}

/// Constant witnesses at the end of the operand list (where commutativity
/// puts them) are dropped from the op in place; a failing one is the result,
/// and when all are constant and passing the result passes. As upstream,
/// the in-place removal happens even when the fold then fails.
fn fold_assuming_all<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let mut keep = operands.len();
    let mut result = None;
    for (i, a) in operands.iter().enumerate().rev() {
        let Some(a) = a else {
            break;
        };
        keep = i;
        if a.as_int().is_some_and(|v| v.is_zero()) {
            result = Some(Folded::Attr(*a));
            break;
        }
    }
    if keep == 0 && result.is_none() {
        result = Some(Folded::Attr(op.context().bool_attr(true)));
    }
    if keep < operands.len() {
        let kept: Vec<Value> = op.operands().take(keep).collect();
        op.set_operands(&kept);
    }
    result
}

fn verify_assuming_all(op: Op) -> bool {
    if op.num_operands() == 0 {
        op.emit_op_error("no operands specified");
        return false;
    }
    true
}

/// `assuming_all` operands that are themselves `assuming_all`s are inlined.
fn merge_assuming_alls<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut operands = Vec::new();
    let mut merged = false;
    for v in op.operands() {
        match v.defined_by::<rshape::AssumingAllOp>() {
            Some(inner) => {
                operands.extend(inner.operands());
                merged = true;
            }
            None => operands.push(v),
        }
    }
    if !merged {
        return false;
    }
    let ty = op.result(0).ty();
    let new = rw.create(
        rshape::AssumingAllOp::OP,
        op.location(),
        &operands,
        &[ty],
        &[],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// `assuming_all` of one witness is that witness.
fn assuming_all_of_one<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    if op.num_operands() != 1 {
        return false;
    }
    rw.replace_op(op, &[op.operand(0)]);
    true
}

/// Among `cstr_broadcastable` operands, one whose shapes are a subset of
/// another's is implied by it and dropped from the `assuming_all`; the
/// dropped constraints that are then unused are erased.
///
/// Which ones are erased follows upstream's `std::remove_if` exactly: after
/// each pass, upstream erases the ops left in the vacated tail slots of its
/// list (the original ops at those positions), not necessarily the ones it
/// dropped; an op that is still used (kept) survives the erase, and a
/// dropped op whose slot was refilled stays in the IR (dead).
fn drop_subsumed_cstr_broadcastables<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut cstrs: Vec<Op> = Vec::new();
    for v in op.operands() {
        let Some(c) = v.defined_by::<rshape::CstrBroadcastableOp>() else {
            return false;
        };
        if !cstrs.contains(&c) {
            cstrs.push(*c);
        }
    }
    if cstrs.len() <= 1 {
        return false;
    }
    // Larger constraints first (a stable sort, as upstream's llvm::sort
    // keeps equal sizes in order for the small lists seen in practice).
    let mut shapes: Vec<(Op, Vec<Value>)> =
        cstrs.iter().map(|c| (*c, c.operands().collect())).collect();
    shapes.sort_by_key(|(c, _)| std::cmp::Reverse(c.num_operands()));
    let mut marked: Vec<Op> = Vec::new();
    let mut i = 0;
    while i < shapes.len() {
        let superset = shapes[i].1.clone();
        let tail_slots: Vec<Op> = shapes[i + 1..].iter().map(|(c, _)| *c).collect();
        let (keep, drop): (Vec<_>, Vec<_>) = shapes
            .drain(i + 1..)
            .partition(|(_, s)| !s.iter().all(|v| superset.contains(v)));
        marked.extend_from_slice(&tail_slots[tail_slots.len() - drop.len()..]);
        shapes.extend(keep);
        i += 1;
    }
    if marked.is_empty() {
        return false;
    }
    let unique: Vec<Value> = shapes.iter().map(|(c, _)| c.result(0)).collect();
    let ty = op.result(0).ty();
    let new = rw.create(
        rshape::AssumingAllOp::OP,
        op.location(),
        &unique,
        &[ty],
        &[],
    );
    rw.replace_op(op, &[new.result(0)]);
    // The replacement of `op` takes effect when the pattern returns: a
    // constraint only `op` uses is unused from then on.
    let mut erased: Vec<Op> = Vec::new();
    for cstr in marked {
        let unused = cstr.result(0).users().iter().all(|user| *user == op);
        if !erased.contains(&cstr) && unused {
            erased.push(cstr);
            rw.erase_op(cstr);
        }
    }
    true
}

/// `assuming_all` of `cstr_eq`s that share shapes is one `cstr_eq` of all
/// their shapes.
fn assuming_all_to_cstr_eq<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut shapes: Vec<Value> = Vec::new();
    for w in op.operands() {
        let Some(eq) = w.defined_by::<rshape::CstrEqOp>() else {
            return false;
        };
        let disjoint = eq.operands().all(|s| !shapes.contains(&s));
        if !shapes.is_empty() && eq.num_operands() != 0 && disjoint {
            return false;
        }
        shapes.extend(eq.operands());
    }
    let ty = op.result(0).ty();
    let new = rw.create(rshape::CstrEqOp::OP, op.location(), &shapes, &[ty], &[]);
    rw.replace_op(op, &[new.result(0)]);
    true
}
