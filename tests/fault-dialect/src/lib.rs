//! `fault`: a test-only dialect on `rmlir-bridge` whose Rust hooks are
//! wrong on purpose, one bug per op: a folder that panics, a folder that
//! returns its op's own result without changing the op (MLIR would take it
//! for an in-place fold and fold it again forever), a pattern that panics,
//! a pattern that changes its op in place and then declines, and one whose
//! second change does not fit what its first leaves, and a range hook that
//! gives ranges of the wrong width and for a result the op does not have.
//! The lit test `tests/lit/bridge/faults.mlir` loads the plugin into stock
//! `mlir-opt` and checks that each bug is reported once, at its op, and
//! fails the run, never hangs or crashes it; `tests/lit/bridge/bad-range.mlir`
//! that the wrong ranges are dropped.

#![deny(unsafe_code)]

use rmlir_bridge::ir::{Attr, Op};
use rmlir_bridge::model::{Descriptor, Folded, RangeSink};
use rmlir_bridge::rewrite::Rewriter;
use rmlir_bridge::semantics::ApInt;
use rmlir_bridge::semantics::int_range::IntRange;
use rmlir_bridge::{hooks, patterns};

// `ods`, `ops`, `registry` and `dialects`: what the build script generated.
rmlir_bridge::include_generated!();

use ods::fault::{
    BadRangeOp, HalfRewriteOp, PanicFoldOp, PanicPatternOp, SelfFoldOp, TouchDeclineOp,
};

hooks!(PanicFoldOp {
    fold: panicking_fold
});
hooks!(SelfFoldOp {
    fold: own_result_fold
});
hooks!(PanicPatternOp {
    patterns: patterns!(PanicPatternOp: "FaultPanic" => panicking_pattern / 1),
});
hooks!(TouchDeclineOp {
    patterns: patterns!(TouchDeclineOp: "FaultTouchDecline" => touching_decline / 1),
});

hooks!(HalfRewriteOp {
    patterns: patterns!(HalfRewriteOp: "FaultHalfRewrite" => half_rewrite / 1),
});

hooks!(BadRangeOp {
    int_range: wrong_ranges
});

/// The constant 7 as an `i8` range for the `i64` result, and as an `i64`
/// range for a second result the op does not have: MLIR must see neither.
fn wrong_ranges(_: Op, _: &[IntRange], out: &mut RangeSink) {
    out.set(0, &IntRange::constant(&ApInt::from_u64(8, 7)));
    out.set(1, &IntRange::constant(&ApInt::from_u64(64, 7)));
    out.set(usize::MAX, &IntRange::constant(&ApInt::from_u64(64, 7)));
}

fn panicking_fold<'ir>(_: Op<'ir>, _: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    panic!("a deliberate panic in a folder")
}

fn own_result_fold<'ir>(op: Op<'ir>, _: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    Some(Folded::Value(op.result(0)))
}

fn panicking_pattern<'ir>(_: Op<'ir>, _: &mut Rewriter<'ir>) -> bool {
    panic!("a deliberate panic in a pattern")
}

fn touching_decline<'ir>(op: Op<'ir>, _: &mut Rewriter<'ir>) -> bool {
    op.set_discardable_attr("fault.touched", op.context().unit_attr());
    false
}

/// Forwards the op's uses to its input, then erases the input's defining
/// op, which the forwarded uses then use (refused, whole).
fn half_rewrite<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let input = op.operand(0);
    let Some(producer) = input.defining_op() else {
        return false;
    };
    rw.replace_all_uses(op.result(0), input);
    rw.erase_op(producer);
    true
}

/// What this crate hands the bridge.
pub static DESCRIPTOR: Descriptor = dialects::descriptor(&[]);
