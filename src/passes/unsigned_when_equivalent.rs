//! `rarith-unsigned-when-equivalent`: upstream's
//! `arith-unsigned-when-equivalent` on rarith. Signed division, remainder,
//! min/max, extension and comparison become their unsigned forms where MLIR's
//! integer range analysis proves every operand and result non-negative
//! (comparisons: both operands).
//!
//! As upstream, the analysis runs once, then ops are rewritten in walk order
//! (post-order, blocks in order), each replacement forgetting the erased
//! op's states: a value made by an earlier rewrite has no range, so an op
//! that uses it stays signed — exactly upstream's result on chains.

use super::{RunPass, decls};
use crate::ffi::dataflow::IntRangeSolver;
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Op, Value};
use crate::ffi::op_access::OpName;
use crate::ffi::walk::{self, Builder};
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
const TO_UNSIGNED: &[(u32, OpName<'static>)] = &[
    (rarith::DivSIOp::ID, rarith::DivUIOp::OP),
    (rarith::CeilDivSIOp::ID, rarith::CeilDivUIOp::OP),
    (rarith::FloorDivSIOp::ID, rarith::DivUIOp::OP),
    (rarith::RemSIOp::ID, rarith::RemUIOp::OP),
    (rarith::MinSIOp::ID, rarith::MinUIOp::OP),
    (rarith::MaxSIOp::ID, rarith::MaxUIOp::OP),
    (rarith::ExtSIOp::ID, rarith::ExtUIOp::OP),
];

fn run(ir: &Ir) -> bool {
    let root = ir.root();
    let Some(solver) = IntRangeSolver::run(root) else {
        root.emit_error("integer range analysis failed");
        return false;
    };
    let non_negative = |v: Value<'_>| solver.non_negative(v);
    for op in walk::collect(root, |_| true) {
        // One class lookup for the ops of other kinds (most of them).
        let Some(id) = op.ods_id() else { continue };
        if id == rarith::CmpIOp::ID
            && let Some(cmp) = op.view::<rarith::CmpIOp>()
        {
            let Some(unsigned) = cmp.predicate().and_then(unsigned_predicate) else {
                continue;
            };
            if op.operands().all(non_negative) {
                let ctx = op.context();
                let pred = Attr::int(ctx.integer_type(64), &ApInt::from_u64(64, unsigned as u64));
                let operands: SmallVec<[Value; 4]> = op.operands().collect();
                let new = Builder::before(op).create(
                    rarith::CmpIOp::OP,
                    op.location(),
                    &operands,
                    &[op.result(0).ty()],
                    &[("predicate", pred)],
                );
                replace(ir, &solver, op, new);
            }
            continue;
        }
        let Some(&(_, unsigned)) = TO_UNSIGNED.iter().find(|(signed, _)| *signed == id) else {
            continue;
        };
        if op.operands().all(non_negative) && op.results().all(non_negative) {
            let operands: SmallVec<[Value; 4]> = op.operands().collect();
            let types: SmallVec<[_; 2]> = op.results().map(|r| r.ty()).collect();
            let new = Builder::before(op).create(
                unsigned,
                op.location(),
                &operands,
                &types,
                &op.attributes(),
            );
            replace(ir, &solver, op, new);
        }
    }
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

fn replace<'ir>(ir: &Ir, solver: &IntRangeSolver, old: Op<'ir>, new: Op<'ir>) {
    let values: SmallVec<[Value; 2]> = new.results().collect();
    solver.forget(old);
    walk::replace_and_erase(ir, old, &values);
}
