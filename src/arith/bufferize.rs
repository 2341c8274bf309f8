//! Bufferization of rarith ops on tensors (`BufferizableOpInterface`), as
//! upstream's arith models do it: a constant becomes a `memref.get_global`
//! of a private constant global (never written), `index_cast` casts the
//! buffer's elements (same shape, layout and memory space), and `select`
//! picks one of two buffers (an `i1` condition only; buffers of different
//! layouts are cast to a fully dynamic one). Neither cast nor select reads
//! or writes memory; their result is the operand's buffer (for select, one
//! of two).

use crate::ffi::bufferize::{BufferizationHooks, Bufferizer};
use crate::ffi::ir::{Op, Type};
use crate::ods::{OdsOp, rarith};

/// The hooks rarith hands the bridge.
pub static BUFFERIZATION: BufferizationHooks = BufferizationHooks {
    ops: &[
        rarith::ConstantOp::NAME,
        rarith::IndexCastOp::NAME,
        rarith::SelectOp::NAME,
    ],
    reads: |_, _| false,
    writes: |_, _| false,
    aliasing,
    result_writable: |op, _| !op.isa::<rarith::ConstantOp>(),
    bufferize,
    buffer_type,
};

/// `index_cast`'s result is its operand's buffer; `select`'s may be either
/// operand's.
fn aliasing(op: Op, _operand: usize) -> Option<(usize, bool)> {
    if op.isa::<rarith::IndexCastOp>() {
        Some((0, true))
    } else if op.isa::<rarith::SelectOp>() {
        Some((0, false))
    } else {
        None
    }
}

fn bufferize(op: Op, b: &mut Bufferizer) -> bool {
    if op.isa::<rarith::ConstantOp>() {
        constant(op, b)
    } else if op.isa::<rarith::IndexCastOp>() {
        index_cast(op, b)
    } else if op.isa::<rarith::SelectOp>() {
        select(op, b)
    } else {
        false
    }
}

/// A ranked tensor constant: a `memref.get_global` of its global.
fn constant(op: Op, b: &mut Bufferizer) -> bool {
    let ty = op.result(0).ty();
    if !ty.is_ranked_tensor() {
        return false;
    }
    let Some(space) = b.default_memory_space(ty) else {
        op.emit_error("could not infer memory space");
        return false;
    };
    let Some(value) = op.attr("value") else {
        return false;
    };
    let Some((symbol, memref)) = b.global_for(op, value, space) else {
        return false;
    };
    let global = b.create(
        "memref.get_global",
        op.location(),
        &[],
        &[memref],
        &[("name", symbol)],
    );
    b.replace(op, &[global.result(0)]);
    true
}

/// The cast on the buffer: same shape, layout and memory space, the
/// result's element type.
fn index_cast(op: Op, b: &mut Bufferizer) -> bool {
    let Some(source) = b.buffer(op.operand(0)) else {
        return false;
    };
    let element = op.result(0).ty().element_type_or_self();
    let Some(ty) = source.ty().memref_with_element(element) else {
        return false;
    };
    let cast = b.create(op.name(), op.location(), &[source], &[ty], &[]);
    b.replace(op, &[cast.result(0)]);
    true
}

/// A select of the two buffers, cast to one type when their layouts differ.
fn select(op: Op, b: &mut Bufferizer) -> bool {
    let condition = op.operand(0);
    if condition.ty().int_width() != Some(1) || !condition.ty().is_integer() {
        op.emit_op_error("only i1 condition values are supported");
        return false;
    }
    let (Some(mut on_true), Some(mut on_false)) =
        (b.buffer(op.operand(1)), b.buffer(op.operand(2)))
    else {
        return false;
    };
    if on_true.ty() != on_false.ty() {
        let Some(target) = b.buffer_type(op.result(0)) else {
            return false;
        };
        for buffer in [&mut on_true, &mut on_false] {
            if buffer.ty() != target {
                *buffer = b
                    .create("memref.cast", op.location(), &[*buffer], &[target], &[])
                    .result(0);
            }
        }
    }
    let ty = on_true.ty();
    let new = b.create(
        op.name(),
        op.location(),
        &[condition, on_true, on_false],
        &[ty],
        &[],
    );
    b.replace(op, &[new.result(0)]);
    true
}

/// `select`: the buffers' common type, or a fully dynamic layout of their
/// shape when their layouts differ; the default for the other ops.
fn buffer_type<'ir>(
    op: Op<'ir>,
    _result: usize,
    b: &mut Bufferizer,
) -> Result<Option<Type<'ir>>, ()> {
    if !op.isa::<rarith::SelectOp>() {
        return Ok(None);
    }
    let (Some(on_true), Some(on_false)) =
        (b.buffer_type(op.operand(1)), b.buffer_type(op.operand(2)))
    else {
        return Err(());
    };
    if on_true == on_false {
        return Ok(Some(on_true));
    }
    let space = on_true.memref_memory_space();
    if space != on_false.memref_memory_space() {
        op.emit_error("inconsistent memory space on true/false operands");
        return Err(());
    }
    let ctx = op.context();
    let dims = on_true.dims().ok_or(())?;
    let tensor = ctx.ranked_tensor(&dims, on_true.element_type_or_self());
    Ok(Some(Bufferizer::fully_dynamic_memref(tensor, space)))
}
