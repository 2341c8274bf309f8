//! `convert-rarith-to-llvm`: rarith ops on scalars and 1-D vectors become
//! LLVM dialect ops, as upstream's ArithToLLVM produces them. `index` becomes
//! `i64`; where a type changes, `builtin.unrealized_conversion_cast` ops
//! bridge the boundary (as the dialect conversion framework does), to be
//! removed by `reconcile-unrealized-casts`.

use super::conversion::Conversion;
use crate::ffi::ir::{Attr, Context, Op, Type};
use crate::ffi::walk::{self, Builder};
use crate::registry::PassDef;
use crate::semantics::ApInt;
use std::collections::HashMap;

pub const PASS: PassDef = PassDef {
    argument: "convert-rarith-to-llvm",
    description: "Convert rarith ops to the LLVM dialect",
    op_name: "",
    dependent_dialects: || vec![crate::ffi::context::llvm_dialect_handle()],
    run,
};

/// The LLVM type of a builtin type: `index` becomes `i64`, vectors convert
/// their element type; other integer/float types stay.
fn convert_type(ty: Type) -> Option<Type> {
    let ctx = ty.context();
    let elt = ty.element_type_or_self();
    let new_elt = if elt.is_index() {
        ctx.integer_type(64)
    } else if elt.is_integer() || elt.is_float() {
        elt
    } else {
        return None;
    };
    if ty.is_shaped() {
        if !ty.is_vector() || ty.rank()? != 1 {
            return None;
        }
        return ty.with_element_type(new_elt);
    }
    Some(new_elt)
}

struct Lowering {
    ctx: Context,
    overflow_attrs: HashMap<u64, Attr>,
    conversion: Conversion,
}

impl Lowering {
    /// The `overflowFlags` property of LLVM integer ops (an `i32` with
    /// nsw = 1, nuw = 2, as rarith's flags).
    fn overflow_attr(&mut self, flags: u64) -> Attr {
        let ctx = self.ctx;
        *self
            .overflow_attrs
            .entry(flags)
            .or_insert_with(|| Attr::int(ctx.integer_type(32), &ApInt::from_u64(32, flags & 3)))
    }

    fn lower(&mut self, op: Op) -> bool {
        let b = Builder::before(op);
        let loc = op.location();
        match op.name() {
            "rarith.constant" => {
                let Some(ty) = convert_type(op.result(0).ty()) else {
                    return false;
                };
                let value = op.attr("value").expect("constant value");
                let new = b.create("llvm.mlir.constant", loc, &[], &[ty], &[("value", value)]);
                self.conversion.replace(op, vec![new.result(0)]);
            }
            "rarith.addi" => {
                let Some(ty) = convert_type(op.result(0).ty()) else {
                    return false;
                };
                let flags = self.overflow_attr(op.enum_attr("overflowFlags").unwrap_or(0));
                let l = self.conversion.operand(op.operand(0), ty);
                let r = self.conversion.operand(op.operand(1), ty);
                let new = b.create("llvm.add", loc, &[l, r], &[ty], &[("overflowFlags", flags)]);
                self.conversion.replace(op, vec![new.result(0)]);
            }
            "rarith.cmpi" => {
                let Some(ty) = convert_type(op.operand(0).ty()) else {
                    return false;
                };
                let Some(result_ty) = convert_type(op.result(0).ty()) else {
                    return false;
                };
                let pred = op.enum_attr("predicate").expect("cmpi predicate");
                let pred = Attr::int(self.ctx.integer_type(64), &ApInt::from_u64(64, pred));
                let l = self.conversion.operand(op.operand(0), ty);
                let r = self.conversion.operand(op.operand(1), ty);
                let new = b.create(
                    "llvm.icmp",
                    loc,
                    &[l, r],
                    &[result_ty],
                    &[("predicate", pred)],
                );
                self.conversion.replace(op, vec![new.result(0)]);
            }
            _ => return true,
        }
        true
    }
}

fn run(root: Op) -> bool {
    let mut lowering = Lowering {
        ctx: root.context(),
        overflow_attrs: HashMap::new(),
        conversion: Conversion::default(),
    };
    let ops = walk::collect(root, |op| op.name().starts_with("rarith."));
    for op in ops {
        if !lowering.lower(op) {
            op.location()
                .emit_error(&format!("failed to legalize operation '{}'", op.name()));
            return false;
        }
    }
    lowering.conversion.finish();
    true
}
