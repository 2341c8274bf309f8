//! `convert-rarith-to-llvm`: rarith ops on scalars and vectors become LLVM
//! dialect ops, as upstream's ArithToLLVM produces them (n-D vectors are
//! unrolled over nested `!llvm.array`s of 1-D vectors; ops that fold are
//! folded first, as the dialect conversion does). `index` becomes
//! `i64`; where a type changes, `builtin.unrealized_conversion_cast` ops
//! bridge the boundary (as the dialect conversion framework does), to be
//! removed by `reconcile-unrealized-casts`.
//!
//! Ops with no direct LLVM counterpart (`ceildivsi`, `floordivsi`,
//! `ceildivui`, the extended ops) are left for `rarith-expand` and make the
//! pass fail here, as upstream's conversion does.

use super::conversion::Conversion;
use crate::ffi::ir::{Attr, Context, Op, Type, Value};
use crate::ffi::walk::{self, Builder};
use crate::ods::rarith;
use crate::registry::PassDef;
use crate::semantics::ApInt;
use std::collections::HashMap;

pub const PASS: PassDef = PassDef {
    argument: "convert-rarith-to-llvm",
    description: "Convert rarith ops to the LLVM dialect",
    op_name: "",
    dependent_dialects: || vec![crate::ffi::context::llvm_dialect_handle()],
    options: &[],
    run: |op, _| run(op),
};

/// Which rarith attributes carry over, and how.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Attrs {
    /// None.
    Plain,
    /// `overflowFlags` -> LLVM `overflowFlags` (i32 property).
    Overflow,
    /// `isExact` -> LLVM `isExact`.
    Exact,
    /// `fastmath` -> LLVM `fastmathFlags`.
    FastMath,
    /// `predicate` -> `llvm.icmp` predicate (same numbering).
    ICmp,
    /// `predicate` + `fastmath` -> `llvm.fcmp`.
    FCmp,
}

/// rarith op -> (LLVM op, attribute handling). One source of truth for the
/// one-to-one lowerings.
const ONE_TO_ONE: &[(&str, &str, Attrs)] = &[
    ("rarith.addi", "llvm.add", Attrs::Overflow),
    ("rarith.subi", "llvm.sub", Attrs::Overflow),
    ("rarith.muli", "llvm.mul", Attrs::Overflow),
    ("rarith.shli", "llvm.shl", Attrs::Overflow),
    ("rarith.divui", "llvm.udiv", Attrs::Exact),
    ("rarith.divsi", "llvm.sdiv", Attrs::Exact),
    ("rarith.shrui", "llvm.lshr", Attrs::Exact),
    ("rarith.shrsi", "llvm.ashr", Attrs::Exact),
    ("rarith.remui", "llvm.urem", Attrs::Plain),
    ("rarith.remsi", "llvm.srem", Attrs::Plain),
    ("rarith.andi", "llvm.and", Attrs::Plain),
    ("rarith.ori", "llvm.or", Attrs::Plain),
    ("rarith.xori", "llvm.xor", Attrs::Plain),
    ("rarith.maxsi", "llvm.intr.smax", Attrs::Plain),
    ("rarith.maxui", "llvm.intr.umax", Attrs::Plain),
    ("rarith.minsi", "llvm.intr.smin", Attrs::Plain),
    ("rarith.minui", "llvm.intr.umin", Attrs::Plain),
    ("rarith.extui", "llvm.zext", Attrs::Plain),
    ("rarith.extsi", "llvm.sext", Attrs::Plain),
    ("rarith.trunci", "llvm.trunc", Attrs::Overflow),
    ("rarith.select", "llvm.select", Attrs::Plain),
    ("rarith.bitcast", "llvm.bitcast", Attrs::Plain),
    ("rarith.addf", "llvm.fadd", Attrs::FastMath),
    ("rarith.subf", "llvm.fsub", Attrs::FastMath),
    ("rarith.mulf", "llvm.fmul", Attrs::FastMath),
    ("rarith.divf", "llvm.fdiv", Attrs::FastMath),
    ("rarith.remf", "llvm.frem", Attrs::FastMath),
    ("rarith.negf", "llvm.fneg", Attrs::FastMath),
    ("rarith.maximumf", "llvm.intr.maximum", Attrs::FastMath),
    ("rarith.minimumf", "llvm.intr.minimum", Attrs::FastMath),
    ("rarith.maxnumf", "llvm.intr.maxnum", Attrs::FastMath),
    ("rarith.minnumf", "llvm.intr.minnum", Attrs::FastMath),
    ("rarith.extf", "llvm.fpext", Attrs::Plain),
    ("rarith.truncf", "llvm.fptrunc", Attrs::Plain),
    ("rarith.sitofp", "llvm.sitofp", Attrs::Plain),
    ("rarith.uitofp", "llvm.uitofp", Attrs::Plain),
    ("rarith.fptosi", "llvm.fptosi", Attrs::Plain),
    ("rarith.fptoui", "llvm.fptoui", Attrs::Plain),
    ("rarith.cmpi", "llvm.icmp", Attrs::ICmp),
    ("rarith.cmpf", "llvm.fcmp", Attrs::FCmp),
];

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
        if !ty.is_vector() {
            return None;
        }
        let dims = ty.dims()?;
        if dims.len() == 1 {
            return ty.with_element_type(new_elt);
        }
        // n-D vectors: nested arrays of 1-D vectors (as upstream's type
        // converter builds them); scalable ones are not handled.
        if ty.is_scalable_vector() || dims.is_empty() {
            return None;
        }
        let inner = ctx.parse_vector_type(*dims.last()?, new_elt)?;
        return Some(
            dims[..dims.len() - 1]
                .iter()
                .rev()
                .fold(inner, |t, &d| ctx.llvm_array_type(t, d as u32)),
        );
    }
    Some(new_elt)
}

/// The outer (array) dimensions of an n-D vector type, or None for
/// scalars and 1-D vectors.
fn outer_dims(ty: Type) -> Option<Vec<i64>> {
    let dims = ty.is_vector().then(|| ty.dims()).flatten()?;
    (dims.len() > 1).then(|| dims[..dims.len() - 1].to_vec())
}

/// Every position in row-major order over `dims`.
fn positions(dims: &[i64]) -> Vec<Vec<i64>> {
    let mut out = vec![Vec::new()];
    for &d in dims {
        out = out
            .into_iter()
            .flat_map(|p| {
                (0..d).map(move |i| {
                    let mut q = p.clone();
                    q.push(i);
                    q
                })
            })
            .collect();
    }
    out
}

/// Names of the arith fast-math bits (reassoc = 1 ... afn = 64), in the
/// order LLVM's attribute prints them.
const FASTMATH_NAMES: &[(u64, &str)] = &[
    (2, "nnan"),
    (4, "ninf"),
    (8, "nsz"),
    (16, "arcp"),
    (32, "contract"),
    (64, "afn"),
    (1, "reassoc"),
];

struct Lowering {
    ctx: Context,
    overflow_attrs: HashMap<u64, Attr>,
    fastmath_attrs: HashMap<u64, Attr>,
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

    /// `#llvm.fastmath<...>` for rarith fast-math bits (made once per set).
    fn fastmath_attr(&mut self, flags: u64) -> Attr {
        let ctx = self.ctx;
        *self.fastmath_attrs.entry(flags).or_insert_with(|| {
            let names: Vec<&str> = if flags & 127 == 127 {
                vec!["fast"]
            } else {
                FASTMATH_NAMES
                    .iter()
                    .filter(|(bit, _)| flags & bit != 0)
                    .map(|(_, n)| *n)
                    .collect()
            };
            let body = if names.is_empty() {
                "none".to_owned()
            } else {
                names.join(", ")
            };
            ctx.parse_attr(&format!("#llvm.fastmath<{body}>"))
                .expect("LLVM fastmath attribute")
        })
    }

    /// Lowers one op; false when it cannot be lowered.
    fn lower(&mut self, op: Op) -> bool {
        if self.conversion.is_replaced(op) {
            return true;
        }
        let name = op.name();
        let b = Builder::before(op);
        let loc = op.location();
        if name == "rarith.constant" {
            let Some(ty) = convert_type(op.result(0).ty()) else {
                return false;
            };
            let value = op.attr("value").expect("constant value");
            let new = b.create("llvm.mlir.constant", loc, &[], &[ty], &[("value", value)]);
            self.conversion.replace(op, vec![new.result(0)]);
            return true;
        }
        if name == "rarith.index_cast" || name == "rarith.index_castui" {
            return self.lower_index_cast(op, name == "rarith.index_cast");
        }
        let Some(&(_, target, attrs)) = ONE_TO_ONE.iter().find(|(n, _, _)| *n == name) else {
            return false;
        };
        let mut operands: Vec<Value> = Vec::with_capacity(op.num_operands());
        for v in op.operands() {
            let Some(t) = convert_type(v.ty()) else {
                return false;
            };
            operands.push(self.conversion.operand(v, t));
        }
        let Some(result_ty) = convert_type(op.result(0).ty()) else {
            return false;
        };
        let mut new_attrs: Vec<(&str, Attr)> = Vec::new();
        match attrs {
            Attrs::Plain => {}
            Attrs::Overflow => {
                let flags = op.enum_attr("overflowFlags").unwrap_or(0);
                new_attrs.push(("overflowFlags", self.overflow_attr(flags)));
            }
            Attrs::Exact => {
                if let Some(unit) = op.attr("isExact") {
                    new_attrs.push(("isExact", unit));
                }
            }
            Attrs::FastMath => {
                let flags = op.enum_attr("fastmath").unwrap_or(0);
                new_attrs.push(("fastmathFlags", self.fastmath_attr(flags)));
            }
            Attrs::ICmp | Attrs::FCmp => {
                let pred = op.enum_attr("predicate").expect("comparison predicate");
                new_attrs.push((
                    "predicate",
                    Attr::int(self.ctx.integer_type(64), &ApInt::from_u64(64, pred)),
                ));
                if attrs == Attrs::FCmp {
                    let flags = op.enum_attr("fastmath").unwrap_or(0);
                    new_attrs.push(("fastmathFlags", self.fastmath_attr(flags)));
                }
            }
        }
        if let Some(dims) = outer_dims(op.result(0).ty()) {
            return self.lower_unrolled(op, target, &operands, result_ty, &dims, &new_attrs);
        }
        let new = b.create(target, loc, &operands, &[result_ty], &new_attrs);
        self.conversion.replace(op, vec![new.result(0)]);
        true
    }

    /// An op on n-D vectors: the LLVM op on each innermost 1-D vector,
    /// extracted from and inserted into the nested arrays (upstream's
    /// `vectorOneToOneRewrite`).
    fn lower_unrolled(
        &mut self,
        op: Op,
        target: &str,
        operands: &[Value],
        result_ty: Type,
        dims: &[i64],
        attrs: &[(&str, Attr)],
    ) -> bool {
        let b = Builder::before(op);
        let loc = op.location();
        let inner_ty = |ty: Type| -> Option<Type> {
            let d = ty.dims()?;
            convert_type(
                ty.context()
                    .parse_vector_type(*d.last()?, ty.element_type_or_self())?,
            )
        };
        let Some(result_inner) = inner_ty(op.result(0).ty()) else {
            return false;
        };
        let operand_inner: Option<Vec<Type>> = op.operands().map(|v| inner_ty(v.ty())).collect();
        let Some(operand_inner) = operand_inner else {
            return false;
        };
        let mut acc = b
            .create("llvm.mlir.poison", loc, &[], &[result_ty], &[])
            .result(0);
        for pos in positions(dims) {
            let position = self.ctx.dense_i64_array(&pos);
            let parts: Vec<Value> = operands
                .iter()
                .zip(&operand_inner)
                .map(|(&v, &t)| {
                    b.create(
                        "llvm.extractvalue",
                        loc,
                        &[v],
                        &[t],
                        &[("position", position)],
                    )
                    .result(0)
                })
                .collect();
            let part = b
                .create(target, loc, &parts, &[result_inner], attrs)
                .result(0);
            acc = b
                .create(
                    "llvm.insertvalue",
                    loc,
                    &[acc, part],
                    &[result_ty],
                    &[("position", position)],
                )
                .result(0);
        }
        self.conversion.replace(op, vec![acc]);
        true
    }

    /// index_cast(ui): same width after conversion -> the operand itself;
    /// narrower -> trunc; wider -> sext (index_cast) or zext (index_castui).
    fn lower_index_cast(&mut self, op: Op, signed: bool) -> bool {
        let input = op.operand(0);
        let (Some(src), Some(dst)) = (convert_type(input.ty()), convert_type(op.result(0).ty()))
        else {
            return false;
        };
        // Element widths of the original types (index is 64 bits once
        // lowered); the converted types may be arrays of vectors.
        let width = |t: Type| {
            let e = t.element_type_or_self();
            if e.is_index() {
                Some(64)
            } else {
                e.int_width()
            }
        };
        let (Some(sw), Some(dw)) = (width(input.ty()), width(op.result(0).ty())) else {
            return false;
        };
        let converted = self.conversion.operand(input, src);
        if sw == dw {
            self.conversion.replace(op, vec![converted]);
            return true;
        }
        let target = if dw < sw {
            "llvm.trunc"
        } else if signed {
            "llvm.sext"
        } else {
            "llvm.zext"
        };
        let attrs: Vec<(&str, Attr)> = if target == "llvm.trunc" {
            vec![("overflowFlags", self.overflow_attr(0))]
        } else {
            vec![]
        };
        if let Some(dims) = outer_dims(op.result(0).ty()) {
            return self.lower_unrolled(op, target, &[converted], dst, &dims, &attrs);
        }
        let value = Builder::before(op)
            .create(target, op.location(), &[converted], &[dst], &attrs)
            .result(0);
        self.conversion.replace(op, vec![value]);
        true
    }
}

/// The values `op` folds to, folding again after in-place folds (a
/// commutative op moving a constant to the right may then fold), as the
/// conversion driver does; None when it does not fold away.
fn fold(op: Op) -> Option<Vec<Value>> {
    // An in-place fold changes the op; a bounded number of rounds guards
    // against a folder that keeps reporting in-place changes.
    for _ in 0..8 {
        let values = walk::try_fold(op)?;
        if !values.is_empty() {
            return Some(values);
        }
    }
    None
}

fn run(root: Op) -> bool {
    let mut lowering = Lowering {
        ctx: root.context(),
        overflow_attrs: HashMap::new(),
        fastmath_attrs: HashMap::new(),
        conversion: Conversion::default(),
    };
    let ops = walk::collect(root, |op| op.name().starts_with("rarith."));
    for op in ops {
        // As the dialect conversion: an op that folds is replaced by its
        // fold. A fold gives either values that exist already (an operand,
        // possibly converted before: they are read through the replacement
        // map) or constants it materialized as new rarith.constant ops,
        // which are lowered here, once.
        if let Some(values) = fold(op) {
            for v in &values {
                if let Some(c) = v.defined_by::<rarith::ConstantOp>()
                    && !lowering.conversion.is_replaced(*c)
                    && !lowering.lower(*c)
                {
                    c.location()
                        .emit_error("failed to legalize operation 'rarith.constant'");
                    return false;
                }
            }
            lowering.conversion.replace(op, values);
            continue;
        }
        if !lowering.lower(op) {
            op.location()
                .emit_error(&format!("failed to legalize operation '{}'", op.name()));
            return false;
        }
    }
    lowering.conversion.finish();
    true
}
