//! `convert-rarith-to-llvm`: rarith ops on scalars and vectors become LLVM
//! dialect ops, as upstream's ArithToLLVM produces them (n-D vectors are
//! unrolled over nested `!llvm.array`s of 1-D vectors; ops that fold are
//! folded first, as the dialect conversion does). `index` becomes
//! `i64`; where a type changes, `builtin.unrealized_conversion_cast` ops
//! bridge the boundary (as the dialect conversion framework does), to be
//! removed by `reconcile-unrealized-casts`.
//!
//! The extended ops on scalars and 1-D vectors lower as upstream's:
//! `addui_extended` to `llvm.intr.uadd.with.overflow`, `mulsi_extended` and
//! `mului_extended` to a multiplication at twice the width split into its
//! halves. `ceildivsi`, `ceildivui` and `floordivsi` are expanded into
//! simpler rarith ops (lowered in turn), as upstream's pass expands them.
//! Runs on MLIR's own dialect conversion (partial, as upstream's): ops no
//! pattern lowers (ops on tensors, extended ops on n-D vectors) stay.

use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{DialectConversion, TargetPatterns};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Context, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::float::Format;
use smallvec::{SmallVec, smallvec};

impl RunPass for decls::ConvertRArithToLLVM {
    type Options = decls::ConvertRArithToLLVMOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        // 0: the data layout's (the machine word), as upstream.
        run(ir, options.index_bitwidth)
    }
}

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
static ONE_TO_ONE: super::Rules<Attrs> = super::Rules::new(&[
    (rarith::AddIOp::OP, "llvm.add", Attrs::Overflow),
    (rarith::SubIOp::OP, "llvm.sub", Attrs::Overflow),
    (rarith::MulIOp::OP, "llvm.mul", Attrs::Overflow),
    (rarith::ShLIOp::OP, "llvm.shl", Attrs::Overflow),
    (rarith::DivUIOp::OP, "llvm.udiv", Attrs::Exact),
    (rarith::DivSIOp::OP, "llvm.sdiv", Attrs::Exact),
    (rarith::ShRUIOp::OP, "llvm.lshr", Attrs::Exact),
    (rarith::ShRSIOp::OP, "llvm.ashr", Attrs::Exact),
    (rarith::RemUIOp::OP, "llvm.urem", Attrs::Plain),
    (rarith::RemSIOp::OP, "llvm.srem", Attrs::Plain),
    (rarith::AndIOp::OP, "llvm.and", Attrs::Plain),
    (rarith::OrIOp::OP, "llvm.or", Attrs::Plain),
    (rarith::XOrIOp::OP, "llvm.xor", Attrs::Plain),
    (rarith::MaxSIOp::OP, "llvm.intr.smax", Attrs::Plain),
    (rarith::MaxUIOp::OP, "llvm.intr.umax", Attrs::Plain),
    (rarith::MinSIOp::OP, "llvm.intr.smin", Attrs::Plain),
    (rarith::MinUIOp::OP, "llvm.intr.umin", Attrs::Plain),
    (rarith::ExtUIOp::OP, "llvm.zext", Attrs::Plain),
    (rarith::ExtSIOp::OP, "llvm.sext", Attrs::Plain),
    (rarith::TruncIOp::OP, "llvm.trunc", Attrs::Overflow),
    (rarith::SelectOp::OP, "llvm.select", Attrs::Plain),
    (rarith::BitcastOp::OP, "llvm.bitcast", Attrs::Plain),
    (rarith::AddFOp::OP, "llvm.fadd", Attrs::FastMath),
    (rarith::SubFOp::OP, "llvm.fsub", Attrs::FastMath),
    (rarith::MulFOp::OP, "llvm.fmul", Attrs::FastMath),
    (rarith::DivFOp::OP, "llvm.fdiv", Attrs::FastMath),
    (rarith::RemFOp::OP, "llvm.frem", Attrs::FastMath),
    (rarith::NegFOp::OP, "llvm.fneg", Attrs::FastMath),
    (rarith::MaximumFOp::OP, "llvm.intr.maximum", Attrs::FastMath),
    (rarith::MinimumFOp::OP, "llvm.intr.minimum", Attrs::FastMath),
    (rarith::MaxNumFOp::OP, "llvm.intr.maxnum", Attrs::FastMath),
    (rarith::MinNumFOp::OP, "llvm.intr.minnum", Attrs::FastMath),
    (rarith::ExtFOp::OP, "llvm.fpext", Attrs::Plain),
    (rarith::TruncFOp::OP, "llvm.fptrunc", Attrs::Plain),
    (rarith::SIToFPOp::OP, "llvm.sitofp", Attrs::Plain),
    (rarith::UIToFPOp::OP, "llvm.uitofp", Attrs::Plain),
    (rarith::FPToSIOp::OP, "llvm.fptosi", Attrs::Plain),
    (rarith::FPToUIOp::OP, "llvm.fptoui", Attrs::Plain),
    (rarith::CmpIOp::OP, "llvm.icmp", Attrs::ICmp),
    (rarith::CmpFOp::OP, "llvm.fcmp", Attrs::FCmp),
]);

/// LLVM's `RoundingMode` numbering of an rarith rounding mode
/// (to_nearest_even, downward, upward, toward_zero, to_nearest_away).
fn llvm_rounding_mode(mode: u64) -> Option<u64> {
    // LLVM: TowardZero 0, NearestTiesToEven 1, TowardPositive 2,
    // TowardNegative 3, NearestTiesToAway 4.
    [1, 3, 2, 0, 4].get(usize::try_from(mode).ok()?).copied()
}

/// The float types LLVM has: f16, bf16, f32, f64, f80, f128.
fn is_llvm_float(ty: Type) -> bool {
    matches!(
        ty.float_format(),
        Some(Format::F16 | Format::BF16 | Format::F32 | Format::F64 | Format::F80 | Format::F128)
    )
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

struct Lowering<'ir> {
    ctx: Context<'ir>,
}

impl<'ir> Lowering<'ir> {
    /// The `overflowFlags` property of LLVM integer ops (an `i32` with
    /// nsw = 1, nuw = 2, as rarith's flags).
    fn overflow_attr(&self, flags: u64) -> Attr<'ir> {
        Attr::int(self.ctx.integer_type(32), &ApInt::from_u64(32, flags & 3))
    }

    /// `#llvm.fastmath<...>` for rarith fast-math bits: arith's reassoc
    /// (1) is LLVM's bit 64, arith's nnan ... afn (2 ... 64) are LLVM's
    /// 1 ... 32.
    fn fastmath_attr(&self, flags: u64) -> Attr<'ir> {
        let flags = (flags & 127) as u32;
        self.ctx
            .llvm_fastmath_attr((flags >> 1) | ((flags & 1) << 6))
    }

    /// Lowers one op given its converted operands; false when it cannot be
    /// lowered (the op then stays, as in upstream's partial conversion).
    fn lower(&mut self, rw: &mut Rewriter<'ir>, op: Op<'ir>, operands: &[Value<'ir>]) -> bool {
        let loc = op.location();
        // The op's class is read once; every test below compares ids.
        let id = op.ods_id();
        let is = |other: u32| id == Some(other);
        if is(rarith::ConstantOp::ID) {
            let Some(ty) = rw.convert_type(op.result(0).ty()) else {
                return false;
            };
            let value = op.attr("value").expect("constant value");
            let mut attrs = vec![("value", value)];
            attrs.extend(op.discardable_attributes());
            let new = rw.create("llvm.mlir.constant", loc, &[], &[ty], &attrs);
            rw.replace_op(op, &[new.result(0)]);
            return true;
        }
        if is(rarith::IndexCastOp::ID) || is(rarith::IndexCastUIOp::ID) {
            return self.lower_index_cast(rw, op, operands, is(rarith::IndexCastOp::ID));
        }
        if is(rarith::AddUIExtendedOp::ID) {
            return self.lower_add_extended(rw, op, operands);
        }
        if is(rarith::MulSIExtendedOp::ID) {
            return self.lower_mul_extended(rw, op, operands, "llvm.sext");
        }
        if is(rarith::MulUIExtendedOp::ID) {
            return self.lower_mul_extended(rw, op, operands, "llvm.zext");
        }
        let Some((mut target, attrs)) = ONE_TO_ONE.of(id) else {
            return false;
        };
        // Float arithmetic and casts on floats LLVM has no type for stay
        // (as upstream leaves them: their integer stand-ins cannot compute);
        // select and bitcast only move bits, and lower.
        let moves_bits = is(rarith::SelectOp::ID) || is(rarith::BitcastOp::ID);
        let unsupported_float = |t: Type<'ir>| {
            let e = t.element_type_or_self();
            e.is_float() && !is_llvm_float(e)
        };
        if !moves_bits
            && (op.operands().any(|v| unsupported_float(v.ty()))
                || op.results().any(|v| unsupported_float(v.ty())))
        {
            return false;
        }
        let Some(result_ty) = rw.convert_type(op.result(0).ty()) else {
            return false;
        };
        let mut new_attrs: SmallVec<[(&str, Attr); 4]> = SmallVec::new();
        match attrs {
            // Inherent attributes LLVM's op has no property for (the
            // fast-math flags of extf/truncf) ride along as discardable
            // ones, as upstream's.
            Attrs::Plain => {
                if let Some(fastmath) = op.attr("fastmath") {
                    new_attrs.push(("fastmath", fastmath));
                }
            }
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
        // `truncf` with a rounding mode: LLVM's constrained fptrunc with that
        // rounding and exceptions ignored; the op's fast-math flags, when
        // given, ride along as a discardable attribute, as upstream's.
        if let Some(mode) = is(rarith::TruncFOp::ID)
            .then(|| op.enum_attr("roundingmode"))
            .flatten()
        {
            let i64_type = self.ctx.integer_type(64);
            let Some(llvm_mode) = llvm_rounding_mode(mode) else {
                return false;
            };
            target = "llvm.intr.experimental.constrained.fptrunc";
            new_attrs = smallvec![
                (
                    "roundingmode",
                    Attr::int(i64_type, &ApInt::from_u64(64, llvm_mode)),
                ),
                ("fpExceptionBehavior", Attr::int(i64_type, &ApInt::zero(64))),
            ];
            if let Some(fastmath) = op.attr("fastmath") {
                new_attrs.push(("fastmath", fastmath));
            }
        }
        // Discardable attributes carry over (but to comparisons), as
        // upstream's.
        if !matches!(attrs, Attrs::ICmp | Attrs::FCmp) {
            new_attrs.extend(op.discardable_attributes());
        }
        // A bitcast between types that convert to the same type (`f8E4M3FN`
        // and `i8`) is its operand.
        if is(rarith::BitcastOp::ID) && operands[0].ty() == result_ty {
            rw.replace_op(op, &[operands[0]]);
            return true;
        }
        if let Some(dims) = outer_dims(op.result(0).ty()) {
            return self.lower_unrolled(rw, op, target, operands, result_ty, &dims, &new_attrs);
        }
        let new = rw.create(target, loc, operands, &[result_ty], &new_attrs);
        rw.replace_op(op, &[new.result(0)]);
        true
    }

    /// An op on n-D vectors: the LLVM op on each innermost 1-D vector,
    /// extracted from and inserted into the nested arrays (upstream's
    /// `vectorOneToOneRewrite`).
    #[allow(clippy::too_many_arguments)]
    fn lower_unrolled(
        &mut self,
        rw: &mut Rewriter<'ir>,
        op: Op<'ir>,
        target: &str,
        operands: &[Value<'ir>],
        result_ty: Type<'ir>,
        dims: &[i64],
        attrs: &[(&str, Attr<'ir>)],
    ) -> bool {
        let loc = op.location();
        let inner_ty = |ty: Type<'ir>| {
            let d = ty.dims()?;
            rw.convert_type(
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
        let mut acc = rw
            .create("llvm.mlir.poison", loc, &[], &[result_ty], &[])
            .result(0);
        for pos in positions(dims) {
            let position = self.ctx.dense_i64_array(&pos);
            let parts: Vec<Value> = operands
                .iter()
                .zip(&operand_inner)
                .map(|(&v, &t)| {
                    rw.create(
                        "llvm.extractvalue",
                        loc,
                        &[v],
                        &[t],
                        &[("position", position)],
                    )
                    .result(0)
                })
                .collect();
            let part = rw
                .create(target, loc, &parts, &[result_inner], attrs)
                .result(0);
            acc = rw
                .create(
                    "llvm.insertvalue",
                    loc,
                    &[acc, part],
                    &[result_ty],
                    &[("position", position)],
                )
                .result(0);
        }
        rw.replace_op(op, &[acc]);
        true
    }

    /// The converted type of an extended op's operands, on scalars or 1-D
    /// vectors (n-D vectors are not supported, as upstream).
    fn extended_type(rw: &Rewriter<'ir>, op: Op<'ir>) -> Option<Type<'ir>> {
        if outer_dims(op.operand(0).ty()).is_some() {
            return None;
        }
        rw.convert_type(op.operand(0).ty())
    }

    /// `addui_extended`: `llvm.intr.uadd.with.overflow` and its two fields.
    fn lower_add_extended(
        &mut self,
        rw: &mut Rewriter<'ir>,
        op: Op<'ir>,
        operands: &[Value<'ir>],
    ) -> bool {
        let (Some(ty), Some(overflow_ty)) = (
            Self::extended_type(rw, op),
            rw.convert_type(op.result(1).ty()),
        ) else {
            return false;
        };
        let loc = op.location();
        let pair = self.ctx.llvm_struct_type(&[ty, overflow_ty]);
        let sum = rw
            .create("llvm.intr.uadd.with.overflow", loc, operands, &[pair], &[])
            .result(0);
        let fields: Vec<Value> = [(0, ty), (1, overflow_ty)]
            .into_iter()
            .map(|(i, t)| {
                let position = self.ctx.dense_i64_array(&[i]);
                rw.create(
                    "llvm.extractvalue",
                    loc,
                    &[sum],
                    &[t],
                    &[("position", position)],
                )
                .result(0)
            })
            .collect();
        rw.replace_op(op, &fields);
        true
    }

    /// `mulsi_extended`/`mului_extended`: the operands extended (`extend`)
    /// to twice their width, multiplied, the product truncated (low half)
    /// and shifted right by the width then truncated (high half).
    fn lower_mul_extended(
        &mut self,
        rw: &mut Rewriter<'ir>,
        op: Op<'ir>,
        operands: &[Value<'ir>],
        extend: &str,
    ) -> bool {
        let Some(ty) = Self::extended_type(rw, op) else {
            return false;
        };
        let Some(width) = ty.element_type_or_self().int_width() else {
            return false;
        };
        let wide_element = self.ctx.integer_type(2 * width);
        let shift = Attr::int(wide_element, &ApInt::from_u64(2 * width, u64::from(width)));
        let (wide, shift) = if ty.is_vector() {
            let Some(wide) = ty.with_element_type(wide_element) else {
                return false;
            };
            (wide, Attr::splat(wide, shift))
        } else {
            (wide_element, shift)
        };
        let loc = op.location();
        let none = self.overflow_attr(0);
        let lhs = rw
            .create(extend, loc, &[operands[0]], &[wide], &[])
            .result(0);
        let rhs = rw
            .create(extend, loc, &[operands[1]], &[wide], &[])
            .result(0);
        let product = rw
            .create(
                "llvm.mul",
                loc,
                &[lhs, rhs],
                &[wide],
                &[("overflowFlags", none)],
            )
            .result(0);
        let low = rw
            .create(
                "llvm.trunc",
                loc,
                &[product],
                &[ty],
                &[("overflowFlags", none)],
            )
            .result(0);
        let shift = rw
            .create("llvm.mlir.constant", loc, &[], &[wide], &[("value", shift)])
            .result(0);
        let high = rw
            .create("llvm.lshr", loc, &[product, shift], &[wide], &[])
            .result(0);
        let high = rw
            .create(
                "llvm.trunc",
                loc,
                &[high],
                &[ty],
                &[("overflowFlags", none)],
            )
            .result(0);
        rw.replace_op(op, &[low, high]);
        true
    }

    /// index_cast(ui): same width after conversion -> the operand itself;
    /// narrower -> trunc; wider -> sext (index_cast) or zext (index_castui).
    fn lower_index_cast(
        &mut self,
        rw: &mut Rewriter<'ir>,
        op: Op<'ir>,
        operands: &[Value<'ir>],
        signed: bool,
    ) -> bool {
        let input = op.operand(0);
        let (Some(_), Some(dst)) = (
            rw.convert_type(input.ty()),
            rw.convert_type(op.result(0).ty()),
        ) else {
            return false;
        };
        // Element widths of the original types (index has the converter's
        // width once lowered); the converted types may be arrays of vectors.
        let width = |t: Type<'ir>| {
            let e = t.element_type_or_self();
            if e.is_index() {
                rw.convert_type(e)?.int_width()
            } else {
                e.int_width()
            }
        };
        let (Some(sw), Some(dw)) = (width(input.ty()), width(op.result(0).ty())) else {
            return false;
        };
        let converted = operands[0];
        if sw == dw {
            rw.replace_op(op, &[converted]);
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
            return self.lower_unrolled(rw, op, target, &[converted], dst, &dims, &attrs);
        }
        let value = rw
            .create(target, op.location(), &[converted], &[dst], &attrs)
            .result(0);
        rw.replace_op(op, &[value]);
        true
    }
}

/// The ops with a lowering: the one-to-one ops, then the rest.
const EXTRA_ROOTS: [&str; 9] = [
    rarith::ConstantOp::NAME,
    rarith::IndexCastOp::NAME,
    rarith::IndexCastUIOp::NAME,
    rarith::AddUIExtendedOp::NAME,
    rarith::MulSIExtendedOp::NAME,
    rarith::MulUIExtendedOp::NAME,
    rarith::CeilDivSIOp::NAME,
    rarith::CeilDivUIOp::NAME,
    rarith::FloorDivSIOp::NAME,
];

static ROOTS: [&str; ONE_TO_ONE.table().len() + EXTRA_ROOTS.len()] = {
    let mut roots = [""; ONE_TO_ONE.table().len() + EXTRA_ROOTS.len()];
    let mut i = 0;
    while i < ONE_TO_ONE.table().len() {
        roots[i] = ONE_TO_ONE.table()[i].0.name();
        i += 1;
    }
    let mut j = 0;
    while j < EXTRA_ROOTS.len() {
        roots[i + j] = EXTRA_ROOTS[j];
        j += 1;
    }
    roots
};

/// rarith's lowering to the LLVM dialect, shared by this pass and by
/// `convert-to-llvm` (rarith's `ConvertToLLVMPatternInterface`).
pub static TO_LLVM: TargetPatterns = TargetPatterns {
    roots: &ROOTS,
    rewrite: lower_to_llvm,
};

/// One op: `ceildivsi`/`ceildivui`/`floordivsi` expanded (the ops created
/// lower in turn), anything else lowered directly.
fn lower_to_llvm<'ir>(op: Op<'ir>, operands: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    super::arith_expand::expand_ceil_floor_div(rw, op)
        || Lowering { ctx: op.context() }.lower(rw, op, operands)
}

/// MLIR's partial conversion, as upstream's pass runs it: LLVM ops are
/// legal, rarith ops have no legality of their own (an op no pattern
/// lowers stays, as upstream leaves arith ops it cannot lower); the driver
/// folds an op before lowering it, lowers the constants a fold
/// materializes, and bridges type changes with unrealized casts.
fn run(ir: &mut Ir, index_width: u32) -> bool {
    let patterns = TO_LLVM.conversion_patterns();
    // MLIR's LLVM type converter, as upstream's pass builds it: `index`
    // of the option's width, floats LLVM lacks as integers, complex
    // numbers and memrefs as structs, unrealized casts between.
    DialectConversion {
        convert_type: None,
        materialize_target: None,
        materialize_source: None,
        legal_dialects: &["llvm"],
        illegal_dialects: &[],
        legal_ops: &["builtin.unrealized_conversion_cast"],
        illegal_ops: &[],
        dynamic_ops: &[],
        legality: None,
        patterns: &patterns,
        convert_func_signatures: false,
        plain_patterns: false,
        llvm_index_bitwidth: Some(index_width),
        spirv: None,
    }
    .apply_partial(ir)
}
