//! InferIntRangeInterface of rarith ops: the result ranges from the operand
//! ranges, with upstream's rules (src/semantics/int_range.rs), so that
//! upstream's integer range analysis (`int-range-optimizations`, ...) sees
//! through rarith.

use crate::ffi::ir::{IntConst, Op};
use crate::registry::IntRangeFn;
use crate::semantics::int_range::{self as ir, IntRange};

/// The range rule of `rarith.<mnemonic>`, for the ops that declare
/// `RustIntRange` in ODS.
pub fn of(mnemonic: &str) -> Option<IntRangeFn> {
    Some(match mnemonic {
        "constant" => constant,
        "addi" => |op, a| vec![Some(ir::add(&a[0], &a[1], flags(op)))],
        "subi" => |op, a| vec![Some(ir::sub(&a[0], &a[1], flags(op)))],
        "muli" => |op, a| vec![Some(ir::mul(&a[0], &a[1], flags(op)))],
        "maxsi" => |_, a| vec![Some(ir::max_min(&a[0], &a[1], true, true))],
        "maxui" => |_, a| vec![Some(ir::max_min(&a[0], &a[1], false, true))],
        "minsi" => |_, a| vec![Some(ir::max_min(&a[0], &a[1], true, false))],
        "minui" => |_, a| vec![Some(ir::max_min(&a[0], &a[1], false, false))],
        "extui" => |op, a| vec![result_width(op).map(|w| ir::ext_unsigned(&a[0], w))],
        "extsi" => |op, a| vec![result_width(op).map(|w| ir::ext_signed(&a[0], w))],
        "cmpi" => |op, a| {
            let pred = op.enum_attr("predicate").unwrap_or(0);
            vec![Some(ir::cmp(pred, &a[0], &a[1]))]
        },
        "select" => select,
        "divui" => |_, a| vec![Some(ir::divu(&a[0], &a[1]))],
        "ceildivui" => |_, a| vec![Some(ir::ceil_divu(&a[0], &a[1]))],
        "divsi" => |_, a| vec![Some(ir::divs(&a[0], &a[1]))],
        "ceildivsi" => |_, a| vec![Some(ir::ceil_divs(&a[0], &a[1]))],
        "floordivsi" => |_, a| vec![Some(ir::floor_divs(&a[0], &a[1]))],
        "remsi" => |_, a| vec![Some(ir::rems(&a[0], &a[1]))],
        "remui" => |_, a| vec![Some(ir::remu(&a[0], &a[1]))],
        "andi" => |_, a| vec![Some(ir::bitwise(&a[0], &a[1], true))],
        "ori" => |_, a| vec![Some(ir::bitwise(&a[0], &a[1], false))],
        "xori" => |_, a| vec![Some(ir::xor(&a[0], &a[1]))],
        "shli" => |op, a| vec![Some(ir::shl(&a[0], &a[1], flags(op)))],
        "shrsi" => |_, a| vec![Some(ir::shrs(&a[0], &a[1]))],
        "shrui" => |_, a| vec![Some(ir::shru(&a[0], &a[1]))],
        "trunci" => |op, a| vec![result_width(op).map(|w| ir::trunc(&a[0], w))],
        "index_cast" => |op, a| vec![result_width(op).map(|w| ir::cast(&a[0], w, true))],
        "index_castui" => |op, a| vec![result_width(op).map(|w| ir::cast(&a[0], w, false))],
        _ => return None,
    })
}

fn flags(op: Op) -> u64 {
    op.enum_attr("overflowFlags").unwrap_or(0)
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
fn constant(op: Op, _: &[IntRange]) -> Vec<Option<IntRange>> {
    let range = op.attr("value").and_then(|v| match v.as_int_const()? {
        IntConst::Scalar(x) | IntConst::Splat(x) => Some(IntRange::constant(&x)),
        IntConst::Dense(values) => values
            .iter()
            .map(IntRange::constant)
            .reduce(|acc, r| acc.union(&r)),
    });
    vec![range]
}

/// A constant condition picks its side; else either side.
fn select(_: Op, a: &[IntRange]) -> Vec<Option<IntRange>> {
    let range = match a[0].constant_value() {
        Some(c) if c.is_zero() => a[2].clone(),
        Some(_) => a[1].clone(),
        None => a[1].union(&a[2]),
    };
    vec![Some(range)]
}
