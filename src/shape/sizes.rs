//! Sizes and witnesses: `const_size`, `const_witness`, `index_to_size`,
//! `size_to_index`.

use crate::arith::patterns::round_trip;
use crate::ffi::ir::{Attr, Op, Type};
use crate::ffi::rewrite::Rewriter;
use crate::ods::rshape;
use crate::registry::Folded;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::ConstSizeOp {
    result_names: const_size_names,
});
hooks!(rshape::IndexToSizeOp {
    fold: fold_passthrough,
    patterns: patterns!(rshape::IndexToSizeOp:
        "SizeToIndexToSizeCanonicalization" => index_to_size_of_size_to_index / 2,
    ),
});
hooks!(rshape::SizeToIndexOp {
    fold: fold_passthrough,
    cast_compatible: size_to_index_compatible,
    patterns: patterns!(rshape::SizeToIndexOp:
        "IndexToSizeToIndexCanonicalization" => size_to_index_of_index_to_size / 2,
    ),
});

/// `%c<value>`, as upstream names constant sizes.
fn const_size_names(op: Op, set: &mut dyn FnMut(usize, &str)) {
    if let Some(v) = op.attr("value").and_then(Attr::as_int) {
        set(0, &format!("c{}", v.to_string_signed()));
    }
}

/// Sizes and indices are both `IntegerAttr`s: a constant operand is the
/// result.
fn fold_passthrough<'ir>(_: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    operands.first().copied().flatten().map(Folded::Attr)
}

/// From `!rshape.size` or `index` to `index`.
fn size_to_index_compatible<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    match (inputs, outputs) {
        ([i], [o]) => (i.is_index() || i.ods_name() == rshape::types::SIZE) && o.is_index(),
        _ => false,
    }
}

fn index_to_size_of_size_to_index<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    round_trip::<rshape::SizeToIndexOp>(op, rw)
}

fn size_to_index_of_index_to_size<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    round_trip::<rshape::IndexToSizeOp>(op, rw)
}
