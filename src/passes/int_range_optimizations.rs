//! `rarith-int-range-optimizations`: upstream's `int-range-optimizations`
//! for rarith. MLIR's integer range analysis runs once; then MLIR's greedy
//! driver (folding included), kept in step with the analysis, replaces
//! every value the analysis proves constant by a constant
//! (MaterializeKnownConstantValues) and deletes remainders whose dividend is
//! already below the modulus (DeleteTrivialRem, which the stock pass can
//! only apply to upstream's arith ops).

use super::{RunPass, decls};
use crate::ffi::dataflow::{IntRangeSolver, SolverPattern, rewrite_fn};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Op, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;

impl RunPass for decls::RArithIntRangeOptimizations {
    type Options = decls::RArithIntRangeOptimizationsOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

fn run(ir: &mut Ir) -> bool {
    let Some(solver) = IntRangeSolver::run(ir.root()) else {
        ir.root().emit_error("integer range analysis failed");
        return false;
    };
    let materialize = rewrite_fn(|op, rw| materialize_known_constants(&solver, op, rw));
    let remsi = rewrite_fn(|op, rw| delete_trivial_rem(&solver, op, rw, true));
    let remui = rewrite_fn(|op, rw| delete_trivial_rem(&solver, op, rw, false));
    let patterns = [
        SolverPattern {
            root: None,
            benefit: 1,
            rewrite: &materialize,
        },
        SolverPattern {
            root: Some(rarith::RemSIOp::NAME),
            benefit: 1,
            rewrite: &remsi,
        },
        SolverPattern {
            root: Some(rarith::RemUIOp::NAME),
            benefit: 1,
            rewrite: &remui,
        },
    ];
    solver.apply_patterns(ir, &patterns, None)
}

/// The constant the analysis proves `v` to be (None: unknown or not one).
fn known_constant(solver: &IntRangeSolver, v: Value) -> Option<ApInt> {
    solver.range(v)?.constant_value().cloned()
}

/// Replaces the uses of `v` by a constant when the analysis knows its value
/// (built by the dialect of its producer, else as a rarith constant).
fn replace_with_constant<'ir>(
    solver: &IntRangeSolver,
    rw: &mut Rewriter<'ir>,
    v: Value<'ir>,
) -> bool {
    if !v.has_uses() {
        return false;
    }
    let Some(value) = known_constant(solver, v) else {
        return false;
    };
    let ty = v.ty();
    let attr = if ty.is_shaped() {
        Attr::dense_ints(ty, &[value])
    } else {
        Attr::int(ty, &value)
    };
    let constant = match rw.materialize_constant_for(v, attr, ty) {
        Some(op) => op,
        None => {
            let Some(op) = Op::create(
                rarith::ConstantOp::OP,
                v.location(),
                &[],
                &[ty],
                &[("value", attr)],
            ) else {
                return false;
            };
            rw.insert_here(op)
        }
    };
    let result = constant.result(0);
    solver.forget_value(result);
    solver.copy_range(v, result);
    rw.replace_all_uses(v, result);
    true
}

/// Upstream's MaterializeKnownConstantValues: every result (and region
/// argument) the analysis proves constant is replaced by a constant; an op
/// left without uses and side effects is erased.
fn materialize_known_constants<'ir>(
    solver: &IntRangeSolver,
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
) -> bool {
    if op.is_constant_like() {
        return false;
    }
    let needs_replacing = |v: Value<'ir>| v.has_uses() && known_constant(solver, v).is_some();
    let has_constant_results = op.results().any(needs_replacing);
    if op.num_regions() == 0 && !has_constant_results {
        return false;
    }
    let region_blocks = || {
        (0..op.num_regions())
            .filter_map(|i| op.region(i))
            .flat_map(|r| r.blocks())
    };
    let has_constant_region_args =
        region_blocks().any(|b| (0..b.num_arguments()).any(|i| needs_replacing(b.argument(i))));
    if !has_constant_results && !has_constant_region_args {
        return false;
    }
    let mut replaced_all = op.num_results() != 0;
    for v in op.results() {
        replaced_all &= replace_with_constant(solver, rw, v) || !v.has_uses();
    }
    // Upstream asks isOpTriviallyDead once the uses are replaced; here the
    // replacements are carried out when the pattern returns, and
    // `replaced_all` says no use will be left.
    if replaced_all && op.would_be_trivially_dead() {
        rw.erase_op(op);
        return true;
    }
    for block in region_blocks().collect::<Vec<_>>() {
        rw.set_insertion_point_to_start(block);
        for i in 0..block.num_arguments() {
            replace_with_constant(solver, rw, block.argument(i));
        }
    }
    true
}

/// Upstream's DeleteTrivialRem: `x rem c` is `x` when the analysis bounds x
/// (signed for `remsi`, unsigned for `remui`) within `[0, c)`.
fn delete_trivial_rem<'ir>(
    solver: &IntRangeSolver,
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
    signed: bool,
) -> bool {
    let (lhs, rhs) = (op.operand(0), op.operand(1));
    // getConstantIntValue: a scalar or splat integer constant that fits i64.
    let Some(modulus) = crate::arith::fold::constant_int_of(rhs).and_then(|c| c.to_i64()) else {
        return false;
    };
    if modulus <= 0 {
        return false;
    }
    let Some(range) = solver.range(lhs) else {
        return false;
    };
    let (min, max) = if signed {
        (range.smin, range.smax)
    } else {
        (range.umin, range.umax)
    };
    // APInt's `ult(uint64_t)`: the value fits 64 bits and is below.
    let below =
        |x: &ApInt| !x.is_negative() && x.active_bits() <= 64 && x.low_u64() < modulus as u64;
    if !below(&min) || !below(&max) || min.ucmp(&max).is_gt() {
        return false;
    }
    rw.replace_op(op, &[lhs]);
    true
}
