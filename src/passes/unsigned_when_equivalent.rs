//! `rarith-unsigned-when-equivalent`: upstream's
//! `arith-unsigned-when-equivalent` on rarith. Signed division, remainder,
//! min/max, extension and comparison become their unsigned forms where MLIR's
//! integer range analysis proves every operand and result non-negative
//! (comparisons: both operands).
//!
//! As upstream, the analysis runs once, then MLIR's walk driver
//! (`walkAndApplyPatterns`: post-order, each op once, no folding) applies
//! the patterns, each erasure forgetting the erased op's states: a value
//! made by an earlier rewrite has no range, so an op that uses it stays
//! signed, exactly upstream's result on chains.

use super::{RunPass, decls};
use crate::ffi::dataflow::{IntRangeSolver, SolverPattern, rewrite_fn};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Op, Type, Value};
use crate::ffi::op_access::OpName;
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::cmp::CmpIPredicate;
use smallvec::SmallVec;

impl RunPass for decls::RArithUnsignedWhenEquivalent {
    type Options = decls::RArithUnsignedWhenEquivalentOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

/// Signed ops and the unsigned op each becomes (floordivsi of non-negative
/// values is a plain unsigned division).
const TO_UNSIGNED: &[(OpName<'static>, OpName<'static>)] = &[
    (rarith::DivSIOp::OP, rarith::DivUIOp::OP),
    (rarith::CeilDivSIOp::OP, rarith::CeilDivUIOp::OP),
    (rarith::FloorDivSIOp::OP, rarith::DivUIOp::OP),
    (rarith::RemSIOp::OP, rarith::RemUIOp::OP),
    (rarith::MinSIOp::OP, rarith::MinUIOp::OP),
    (rarith::MaxSIOp::OP, rarith::MaxUIOp::OP),
    (rarith::ExtSIOp::OP, rarith::ExtUIOp::OP),
];

fn run(ir: &mut Ir) -> bool {
    let Some(solver) = IntRangeSolver::run(ir.root()) else {
        ir.root().emit_error("integer range analysis failed");
        return false;
    };
    let to_unsigned = rewrite_fn(|op, rw| to_unsigned(&solver, op, rw));
    let cmpi = rewrite_fn(|op, rw| cmpi_to_unsigned(&solver, op, rw));
    let mut patterns: Vec<SolverPattern> = TO_UNSIGNED
        .iter()
        .map(|(signed, _)| SolverPattern {
            root: Some(signed.name()),
            benefit: 1,
            rewrite: &to_unsigned,
        })
        .collect();
    patterns.push(SolverPattern {
        root: Some(rarith::CmpIOp::NAME),
        benefit: 1,
        rewrite: &cmpi,
    });
    solver.walk_and_apply_patterns(ir, &patterns);
    true
}

/// A signed op whose operands and results are all non-negative becomes its
/// unsigned form (same operands, result types and attributes).
fn to_unsigned<'ir>(solver: &IntRangeSolver, op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let id = op.ods_id();
    let Some(&(_, unsigned)) = TO_UNSIGNED.iter().find(|(signed, _)| signed.ods_id() == id) else {
        return false;
    };
    let non_negative = |v: Value<'_>| solver.non_negative(v);
    if !(op.operands().all(non_negative) && op.results().all(non_negative)) {
        return false;
    }
    let operands: SmallVec<[Value; 4]> = op.operands().collect();
    let types: SmallVec<[Type; 2]> = op.results().map(|r| r.ty()).collect();
    let new = rw.create(unsigned, op.location(), &operands, &types, &op.attributes());
    let values: SmallVec<[Value; 2]> = new.results().collect();
    rw.replace_op(op, &values);
    true
}

/// A signed ordering `cmpi` of non-negative operands becomes the unsigned
/// ordering (the predicate alone carries over, as upstream's).
fn cmpi_to_unsigned<'ir>(solver: &IntRangeSolver, op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(cmp) = op.view::<rarith::CmpIOp>() else {
        return false;
    };
    let Some(unsigned) = cmp.predicate().and_then(unsigned_predicate) else {
        return false;
    };
    if !op.operands().all(|v| solver.non_negative(v)) {
        return false;
    }
    let ctx = op.context();
    let pred = Attr::int(ctx.integer_type(64), &ApInt::from_u64(64, unsigned as u64));
    let operands: SmallVec<[Value; 2]> = op.operands().collect();
    let new = rw.create(
        rarith::CmpIOp::OP,
        op.location(),
        &operands,
        &[op.result(0).ty()],
        &[("predicate", pred)],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// The unsigned form of a signed ordering predicate (others: None).
fn unsigned_predicate(p: CmpIPredicate) -> Option<CmpIPredicate> {
    match p {
        CmpIPredicate::Sle => Some(CmpIPredicate::Ule),
        CmpIPredicate::Slt => Some(CmpIPredicate::Ult),
        CmpIPredicate::Sge => Some(CmpIPredicate::Uge),
        CmpIPredicate::Sgt => Some(CmpIPredicate::Ugt),
        _ => None,
    }
}
