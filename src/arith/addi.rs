//! `rarith.addi`: folder (its patterns are in `patterns.rs`).

use super::fold;
use crate::ffi::ir::{Attr, Op};
use crate::ods::rarith;
use crate::registry::Folded;
use rmlir_bridge::hooks;

hooks!(rarith::AddIOp {
    fold: fold_addi,
    patterns: super::patterns::ADDI,
});

/// `addi(x, 0) -> x`; `addi(subi(a, b), b) -> a`; `addi(b, subi(a, b)) -> a`;
/// constants add modulo 2^width (overflow flags do not stop the fold).
fn fold_addi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (lhs, rhs) = (op.operand(0), op.operand(1));
    if fold::is_zero(operands[1]) {
        return Some(Folded::Value(lhs));
    }
    if let Some(sub) = lhs.defined_by::<rarith::SubIOp>()
        && sub.operand(1) == rhs
    {
        return Some(Folded::Value(sub.operand(0)));
    }
    if let Some(sub) = rhs.defined_by::<rarith::SubIOp>()
        && sub.operand(1) == lhs
    {
        return Some(Folded::Value(sub.operand(0)));
    }
    fold::binary_int(operands, None, |a, b| Some(a.wrapping_add(b))).map(Folded::Attr)
}
