//! InferIntRangeInterface of rarith ops: the result ranges from the operand
//! ranges, with upstream's rules (src/semantics/int_range.rs), so that
//! upstream's integer range analysis (`int-range-optimizations`, ...) sees
//! through rarith.

use crate::ffi::ir::{IntConst, Op};
use crate::ods::{OdsOp, rarith};
use crate::semantics::int_range::{self as ir, IntRange};
use rmlir_bridge::hooks;
use rmlir_bridge::model::RangeSink;

// The range rule of each rarith op that declares `RustIntRange` in ODS.

hooks!(rarith::ConstantOp {
    int_range: constant,
});
hooks!(rarith::AddIOp {
    int_range: |op, a, out| out.set(0, &ir::add(&a[0], &a[1], flags::<rarith::AddIOp>(op))),
});
hooks!(rarith::SubIOp {
    int_range: |op, a, out| out.set(0, &ir::sub(&a[0], &a[1], flags::<rarith::SubIOp>(op))),
});
hooks!(rarith::MulIOp {
    int_range: |op, a, out| out.set(0, &ir::mul(&a[0], &a[1], flags::<rarith::MulIOp>(op))),
});
hooks!(rarith::MaxSIOp {
    int_range: |_, a, out| out.set(0, &ir::max_min(&a[0], &a[1], true, true)),
});
hooks!(rarith::MaxUIOp {
    int_range: |_, a, out| out.set(0, &ir::max_min(&a[0], &a[1], false, true)),
});
hooks!(rarith::MinSIOp {
    int_range: |_, a, out| out.set(0, &ir::max_min(&a[0], &a[1], true, false)),
});
hooks!(rarith::MinUIOp {
    int_range: |_, a, out| out.set(0, &ir::max_min(&a[0], &a[1], false, false)),
});
hooks!(rarith::ExtUIOp {
    int_range: |op, a, out| {
        if let Some(w) = result_width(op) {
            out.set(0, &ir::ext_unsigned(&a[0], w));
        }
    },
});
hooks!(rarith::ExtSIOp {
    int_range: |op, a, out| {
        if let Some(w) = result_width(op) {
            out.set(0, &ir::ext_signed(&a[0], w));
        }
    },
});
hooks!(rarith::CmpIOp {
    int_range: |op, a, out| {
        let pred = op
            .ods_enum_named(rarith::CmpIOp::ID, "predicate")
            .unwrap_or(0);
        out.set(0, &ir::cmp(pred, &a[0], &a[1]));
    },
});
hooks!(rarith::SelectOp { int_range: select });
hooks!(rarith::DivUIOp {
    int_range: |_, a, out| out.set(0, &ir::divu(&a[0], &a[1])),
});
hooks!(rarith::CeilDivUIOp {
    int_range: |_, a, out| out.set(0, &ir::ceil_divu(&a[0], &a[1])),
});
hooks!(rarith::DivSIOp {
    int_range: |_, a, out| out.set(0, &ir::divs(&a[0], &a[1])),
});
hooks!(rarith::CeilDivSIOp {
    int_range: |_, a, out| out.set(0, &ir::ceil_divs(&a[0], &a[1])),
});
hooks!(rarith::FloorDivSIOp {
    int_range: |_, a, out| out.set(0, &ir::floor_divs(&a[0], &a[1])),
});
hooks!(rarith::RemSIOp {
    int_range: |_, a, out| out.set(0, &ir::rems(&a[0], &a[1])),
});
hooks!(rarith::RemUIOp {
    int_range: |_, a, out| out.set(0, &ir::remu(&a[0], &a[1])),
});
hooks!(rarith::AndIOp {
    int_range: |_, a, out| out.set(0, &ir::bitwise(&a[0], &a[1], true)),
});
hooks!(rarith::OrIOp {
    int_range: |_, a, out| out.set(0, &ir::bitwise(&a[0], &a[1], false)),
});
hooks!(rarith::XOrIOp {
    int_range: |_, a, out| out.set(0, &ir::xor(&a[0], &a[1])),
});
hooks!(rarith::ShLIOp {
    int_range: |op, a, out| out.set(0, &ir::shl(&a[0], &a[1], flags::<rarith::ShLIOp>(op))),
});
hooks!(rarith::ShRSIOp {
    int_range: |_, a, out| out.set(0, &ir::shrs(&a[0], &a[1])),
});
hooks!(rarith::ShRUIOp {
    int_range: |_, a, out| out.set(0, &ir::shru(&a[0], &a[1])),
});
hooks!(rarith::TruncIOp {
    int_range: |op, a, out| {
        if let Some(w) = result_width(op) {
            out.set(0, &ir::trunc(&a[0], w));
        }
    },
});
hooks!(rarith::IndexCastOp {
    int_range: |op, a, out| {
        if let Some(w) = result_width(op) {
            out.set(0, &ir::cast(&a[0], w, true));
        }
    },
});
hooks!(rarith::IndexCastUIOp {
    int_range: |op, a, out| {
        if let Some(w) = result_width(op) {
            out.set(0, &ir::cast(&a[0], w, false));
        }
    },
});

/// The overflow flags of an op of class `T` (read from its properties).
fn flags<'ir, T: OdsOp<'ir>>(op: Op<'ir>) -> u64 {
    op.ods_enum_named(T::ID, "overflowFlags").unwrap_or(0)
}

/// The result's (element) integer width; 64 for `index`, as MLIR's range
/// analysis stores index values.
fn result_width(op: Op) -> Option<u32> {
    let elt = op.result(0).ty().element_type_or_self();
    if elt.is_index() {
        Some(64)
    } else {
        elt.int_width()
    }
}

/// A constant's value; a dense constant spans all its elements.
fn constant(op: Op, _: &[IntRange], out: &mut RangeSink) {
    let value = op.view::<rarith::ConstantOp>().and_then(|c| c.value());
    let range = value.and_then(|v| match v.as_int_const()? {
        IntConst::Scalar(x) | IntConst::Splat(x) => Some(IntRange::constant(&x)),
        IntConst::Dense(values) => values
            .iter()
            .map(IntRange::constant)
            .reduce(|acc, r| acc.union(&r)),
    });
    if let Some(range) = range {
        out.set(0, &range);
    }
}

/// A constant condition picks its side; else either side.
fn select(_: Op, a: &[IntRange], out: &mut RangeSink) {
    match a[0].constant_value() {
        Some(c) if c.is_zero() => out.set(0, &a[2]),
        Some(_) => out.set(0, &a[1]),
        None => out.set(0, &a[1].union(&a[2])),
    }
}
