//! `convert-rarith-to-apfloat`: upstream's `convert-arith-to-apfloat` on
//! rarith. Float arithmetic, comparisons and casts become calls to the
//! APFloat runtime (`libmlir_apfloat_wrappers.so`, `_mlir_apfloat_*`):
//! operands travel as their bit patterns zero-extended to `i64`, with the
//! float format's APFloat semantics number; results are truncated and
//! bitcast back. Vectors are unrolled element by element
//! (`vector.to_elements` / `vector.from_elements`). Ops are rewritten in walk
//! order and the runtime declarations are added at the top of the module
//! (reused when present, an error when present with another type), as
//! upstream's pass does. One difference: 64-bit values are passed and
//! returned as they are, where upstream builds `extui`/`trunci` from i64 to
//! i64, which do not verify (docs/upstream-differences.md).

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Context, Op, Type, Value};
use crate::ffi::walk::{self, Builder};
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::enums::rarith::CmpFPredicate;

impl RunPass for decls::ConvertRArithToAPFloat {
    type Options = decls::ConvertRArithToAPFloatOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

/// What an op becomes.
#[derive(Clone, Copy)]
enum Kind {
    /// `_mlir_apfloat_<name>(sem, lhs, rhs)`.
    Binary(&'static str),
    /// `_mlir_apfloat_neg(sem, x)`.
    Neg,
    /// `_mlir_apfloat_convert(in_sem, out_sem, x)`.
    FloatToFloat,
    /// `_mlir_apfloat_convert_to_int(sem, width, unsigned, x)`.
    FloatToInt { unsigned: bool },
    /// `_mlir_apfloat_convert_from_int(sem, width, unsigned, x)`.
    IntToFloat { unsigned: bool },
    /// `_mlir_apfloat_compare(sem, lhs, rhs)` and a test of its result.
    Compare,
}

fn kind_of(op: Op) -> Option<Kind> {
    let id = op.ods_id()?;
    let binary = [
        (rarith::AddFOp::ID, "add"),
        (rarith::SubFOp::ID, "subtract"),
        (rarith::MulFOp::ID, "multiply"),
        (rarith::DivFOp::ID, "divide"),
        (rarith::RemFOp::ID, "remainder"),
        (rarith::MinNumFOp::ID, "minnum"),
        (rarith::MaxNumFOp::ID, "maxnum"),
        (rarith::MinimumFOp::ID, "minimum"),
        (rarith::MaximumFOp::ID, "maximum"),
    ];
    if let Some(&(_, name)) = binary.iter().find(|(i, _)| *i == id) {
        return Some(Kind::Binary(name));
    }
    Some(match id {
        i if i == rarith::NegFOp::ID => Kind::Neg,
        i if i == rarith::ExtFOp::ID || i == rarith::TruncFOp::ID => Kind::FloatToFloat,
        i if i == rarith::FPToSIOp::ID => Kind::FloatToInt { unsigned: false },
        i if i == rarith::FPToUIOp::ID => Kind::FloatToInt { unsigned: true },
        i if i == rarith::SIToFPOp::ID => Kind::IntToFloat { unsigned: false },
        i if i == rarith::UIToFPOp::ID => Kind::IntToFloat { unsigned: true },
        i if i == rarith::CmpFOp::ID => Kind::Compare,
        _ => return None,
    })
}

/// APFloat's `Semantics` number of a float type (`SemanticsToEnum`).
fn semantics<'ir>(ty: Type<'ir>) -> Option<i64> {
    let names: &[(&str, i64)] = &[
        ("f16", 0),
        ("bf16", 1),
        ("f32", 2),
        ("f64", 3),
        ("f128", 4),
        ("f8E5M2", 7),
        ("f8E5M2FNUZ", 8),
        ("f8E4M3", 9),
        ("f8E4M3FN", 10),
        ("f8E4M3FNUZ", 11),
        ("f8E4M3B11FNUZ", 12),
        ("f8E3M4", 13),
        ("tf32", 14),
        ("f8E8M0FNU", 15),
        ("f6E3M2FN", 16),
        ("f6E2M3FN", 17),
        ("f4E2M1FN", 18),
        ("f80", 19),
    ];
    let text = ty.to_string_lossy();
    names.iter().find(|(n, _)| *n == text).map(|(_, s)| *s)
}

struct Lowering<'a, 'ir> {
    ir: &'a Ir<'a>,
    ctx: Context<'ir>,
    module: Op<'ir>,
    failed: bool,
}

fn run(ir: &Ir) -> bool {
    let module = ir.root();
    let mut l = Lowering {
        ir,
        ctx: module.context(),
        module,
        failed: false,
    };
    for op in walk::collect(module, |o| kind_of(o).is_some()) {
        l.rewrite(op);
    }
    !l.failed
}

impl<'ir> Lowering<'_, 'ir> {
    fn int(&self, w: u32) -> Type<'ir> {
        self.ctx.integer_type(w)
    }

    fn constant(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        width: u32,
        v: i64,
    ) -> Value<'ir> {
        let ty = self.int(width);
        let attr = if width == 1 {
            self.ctx.bool_attr(v != 0)
        } else {
            Attr::int(ty, &ApInt::from_i64(width, v))
        };
        b.create(rarith::ConstantOp::OP, loc, &[], &[ty], &[("value", attr)])
            .result(0)
    }

    /// The runtime function `_mlir_apfloat_<name>`, declared at the top of
    /// the module if it is not yet; None (after an error) when a symbol of
    /// that name has another type.
    fn declare(
        &mut self,
        name: &str,
        inputs: &[Type<'ir>],
        result: Type<'ir>,
    ) -> Option<Attr<'ir>> {
        let full = format!("_mlir_apfloat_{name}");
        let symbol = self.ctx.flat_symbol_ref(&full);
        let fn_ty = self.ctx.function_type(inputs, &[result]);
        if let Some(existing) = self.module.lookup_symbol(symbol) {
            if let Some(found) = existing.attr("function_type")
                && found != self.ctx.type_attr(fn_ty)
            {
                existing.emit_error(&format!(
                    "matched function '{full}' but with different type: '{}' (expected '{}')",
                    found.to_string_lossy(),
                    fn_ty.to_string_lossy()
                ));
                self.failed = true;
                return None;
            }
            return Some(symbol);
        }
        let block = self.module.region(0)?.first_block()?;
        let loc = self.module.location();
        let decl = Op::create_with_regions(
            "func.func",
            loc,
            &[],
            &[],
            &[
                ("sym_name", self.ctx.string_attr(&full)),
                ("function_type", self.ctx.type_attr(fn_ty)),
                ("sym_visibility", self.ctx.string_attr("private")),
            ],
            1,
        )?;
        Builder::at_start(block, loc).insert(decl);
        Some(symbol)
    }

    fn call(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        callee: Attr<'ir>,
        args: &[Value<'ir>],
        result: Type<'ir>,
    ) -> Value<'ir> {
        b.create("func.call", loc, args, &[result], &[("callee", callee)])
            .result(0)
    }

    /// `x` (a float) as its bits zero-extended to i64.
    fn bits64(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        x: Value<'ir>,
    ) -> Option<Value<'ir>> {
        let width = crate::ffi::ir::float_width(x.ty())?;
        let bits = b
            .create(rarith::BitcastOp::OP, loc, &[x], &[self.int(width)], &[])
            .result(0);
        if width == 64 {
            // Upstream extends i64 to i64 here, which does not verify.
            return Some(bits);
        }
        Some(
            b.create(rarith::ExtUIOp::OP, loc, &[bits], &[self.int(64)], &[])
                .result(0),
        )
    }

    /// The i64 result `r` truncated to `width` bits, bitcast to `float`.
    fn to_float(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        r: Value<'ir>,
        float: Type<'ir>,
    ) -> Option<Value<'ir>> {
        let width = crate::ffi::ir::float_width(float)?;
        let bits = if width == 64 {
            r
        } else {
            b.create(rarith::TruncIOp::OP, loc, &[r], &[self.int(width)], &[])
                .result(0)
        };
        Some(
            b.create(rarith::BitcastOp::OP, loc, &[bits], &[float], &[])
                .result(0),
        )
    }

    fn rewrite(&mut self, op: Op<'ir>) {
        let Some(kind) = kind_of(op) else { return };
        let scalar_in = op.operand(0).ty().element_type_or_self();
        let scalar_out = op.result(0).ty().element_type_or_self();
        // Widths beyond 64 bits do not travel in an i64.
        let too_wide = |t: Type<'ir>| {
            t.int_width()
                .or_else(|| crate::ffi::ir::float_width(t))
                .is_none_or(|w| w > 64)
        };
        if too_wide(scalar_in) || too_wide(scalar_out) {
            return;
        }
        let (i1, i8, i32, i64) = (self.int(1), self.int(8), self.int(32), self.int(64));
        // remf and the float-to-int casts need more of the runtime (see
        // `fmod` and `truncate`), declared before their own function.
        let exact_fmod = matches!(kind, Kind::Binary("remainder") | Kind::FloatToInt { .. });
        if exact_fmod {
            for (name, inputs, result) in [
                ("remainder", &[i32, i64, i64][..], i64),
                ("compare", &[i32, i64, i64][..], i8),
                ("abs", &[i32, i64][..], i64),
                ("neg", &[i32, i64][..], i64),
                ("add", &[i32, i64, i64][..], i64),
                ("subtract", &[i32, i64, i64][..], i64),
            ] {
                if self.declare(name, inputs, result).is_none() {
                    return;
                }
            }
        }
        let callee = match kind {
            Kind::Binary(name) => self.declare(name, &[i32, i64, i64], i64),
            Kind::Neg => self.declare("neg", &[i32, i64], i64),
            Kind::FloatToFloat => self.declare("convert", &[i32, i32, i64], i64),
            Kind::FloatToInt { .. } => self.declare("convert_to_int", &[i32, i32, i1, i64], i64),
            Kind::IntToFloat { .. } => self.declare("convert_from_int", &[i32, i32, i1, i64], i64),
            Kind::Compare => self.declare("compare", &[i32, i64, i64], i8),
        };
        let Some(callee) = callee else { return };
        let b = Builder::before(op);
        let loc = op.location();
        let result_ty = op.result(0).ty();
        let operands: Vec<Value> = op.operands().collect();
        let values = if result_ty.is_vector() {
            let Some(n) = result_ty.dims().map(|d| d.iter().product::<i64>()) else {
                return;
            };
            if result_ty.is_scalable_vector() || n < 0 {
                return;
            }
            let lanes: Vec<Vec<Value>> = operands
                .iter()
                .map(|v| {
                    let elt = v.ty().element_type_or_self();
                    b.create(
                        "vector.to_elements",
                        loc,
                        &[*v],
                        &vec![elt; n as usize],
                        &[],
                    )
                    .results()
                    .collect()
                })
                .collect();
            let mut elements = Vec::with_capacity(n as usize);
            for k in 0..n as usize {
                let args: Vec<Value> = lanes.iter().map(|l| l[k]).collect();
                let Some(e) = self.element(&b, loc, op, kind, callee, &args) else {
                    return;
                };
                elements.push(e);
            }
            b.create("vector.from_elements", loc, &elements, &[result_ty], &[])
                .result(0)
        } else {
            let Some(v) = self.element(&b, loc, op, kind, callee, &operands) else {
                return;
            };
            v
        };
        walk::replace_and_erase(self.ir, op, &[values]);
    }

    /// One scalar (or vector element) of `op`.
    fn element(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        op: Op<'ir>,
        kind: Kind,
        callee: Attr<'ir>,
        args: &[Value<'ir>],
    ) -> Option<Value<'ir>> {
        let i64 = self.int(64);
        let out = op.result(0).ty().element_type_or_self();
        match kind {
            Kind::Binary("remainder") => {
                let (l, r) = (self.bits64(b, loc, args[0])?, self.bits64(b, loc, args[1])?);
                let sem = self.constant(b, loc, 32, semantics(out)?);
                let res = self.fmod(b, loc, sem, l, r);
                self.to_float(b, loc, res, out)
            }
            Kind::Binary(_) => {
                let (l, r) = (self.bits64(b, loc, args[0])?, self.bits64(b, loc, args[1])?);
                let sem = self.constant(b, loc, 32, semantics(out)?);
                let res = self.call(b, loc, callee, &[sem, l, r], i64);
                self.to_float(b, loc, res, out)
            }
            Kind::Neg => {
                let x = self.bits64(b, loc, args[0])?;
                let sem = self.constant(b, loc, 32, semantics(out)?);
                let res = self.call(b, loc, callee, &[sem, x], i64);
                self.to_float(b, loc, res, out)
            }
            Kind::FloatToFloat => {
                let x = self.bits64(b, loc, args[0])?;
                let in_sem = self.constant(b, loc, 32, semantics(args[0].ty())?);
                let out_sem = self.constant(b, loc, 32, semantics(out)?);
                let res = self.call(b, loc, callee, &[in_sem, out_sem, x], i64);
                self.to_float(b, loc, res, out)
            }
            Kind::FloatToInt { unsigned } => {
                let x = self.bits64(b, loc, args[0])?;
                let sem = self.constant(b, loc, 32, semantics(args[0].ty())?);
                let x = self.truncate(b, loc, sem, x, args[0].ty())?;
                let width = self.constant(b, loc, 32, i64::from(out.int_width()?));
                let uns = self.constant(b, loc, 1, i64::from(unsigned));
                let res = self.call(b, loc, callee, &[sem, width, uns, x], i64);
                if out == i64 {
                    // Upstream truncates i64 to i64 here, which does not verify.
                    return Some(res);
                }
                Some(
                    b.create(rarith::TruncIOp::OP, loc, &[res], &[out], &[])
                        .result(0),
                )
            }
            Kind::IntToFloat { unsigned } => {
                let input = args[0];
                let in_width = input.ty().int_width()?;
                let x = if in_width < 64 {
                    let ext = if unsigned {
                        rarith::ExtUIOp::NAME
                    } else {
                        rarith::ExtSIOp::NAME
                    };
                    b.create(ext, loc, &[input], &[i64], &[]).result(0)
                } else {
                    input
                };
                let sem = self.constant(b, loc, 32, semantics(out)?);
                let width = self.constant(b, loc, 32, i64::from(in_width));
                let uns = self.constant(b, loc, 1, i64::from(unsigned));
                let res = self.call(b, loc, callee, &[sem, width, uns, x], i64);
                self.to_float(b, loc, res, out)
            }
            Kind::Compare => {
                let (l, r) = (self.bits64(b, loc, args[0])?, self.bits64(b, loc, args[1])?);
                let sem = self.constant(b, loc, 32, semantics(args[0].ty())?);
                let cmp = self.call(b, loc, callee, &[sem, l, r], self.int(8));
                let pred = op.view::<rarith::CmpFOp>()?.predicate()?;
                Some(self.compare_result(b, loc, cmp, pred))
            }
        }
    }

    fn runtime(&self, name: &str) -> Attr<'ir> {
        self.ctx.flat_symbol_ref(&format!("_mlir_apfloat_{name}"))
    }

    /// `fmod(x, y)` (the remainder with the sign of `x`, what `remf` means)
    /// from the runtime's IEEE `remainder` (quotient rounded to nearest):
    /// where the two differ, `r` has the other sign than `x` and is nonzero,
    /// and `r + copysign(|y|, x)` is the exact fmod (representable, so the
    /// addition is exact). Upstream calls `remainder` alone, which is not
    /// `remf` (docs/upstream-differences.md).
    fn fmod(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        sem: Value<'ir>,
        x: Value<'ir>,
        y: Value<'ir>,
    ) -> Value<'ir> {
        let (i8, i64) = (self.int(8), self.int(64));
        let r = self.call(b, loc, self.runtime("remainder"), &[sem, x, y], i64);
        let zero = self.constant(b, loc, 64, 0);
        let cx = self.call(b, loc, self.runtime("compare"), &[sem, x, zero], i8);
        let cr = self.call(b, loc, self.runtime("compare"), &[sem, r, zero], i8);
        let x_neg = self.any_of(b, loc, cx, &[0]);
        let r_neg = self.any_of(b, loc, cr, &[0]);
        let r_pos = self.any_of(b, loc, cr, &[2]);
        let one = self.constant(b, loc, 1, 1);
        let x_not_neg = b
            .create(rarith::XOrIOp::OP, loc, &[x_neg, one], &[self.int(1)], &[])
            .result(0);
        let a = b
            .create(
                rarith::AndIOp::OP,
                loc,
                &[x_neg, r_pos],
                &[self.int(1)],
                &[],
            )
            .result(0);
        let c = b
            .create(
                rarith::AndIOp::OP,
                loc,
                &[x_not_neg, r_neg],
                &[self.int(1)],
                &[],
            )
            .result(0);
        let wrong_sign = b
            .create(rarith::OrIOp::OP, loc, &[a, c], &[self.int(1)], &[])
            .result(0);
        let ay = self.call(b, loc, self.runtime("abs"), &[sem, y], i64);
        let nay = self.call(b, loc, self.runtime("neg"), &[sem, ay], i64);
        let step = b
            .create(rarith::SelectOp::OP, loc, &[x_neg, nay, ay], &[i64], &[])
            .result(0);
        let fixed = self.call(b, loc, self.runtime("add"), &[sem, r, step], i64);
        b.create(
            rarith::SelectOp::OP,
            loc,
            &[wrong_sign, fixed, r],
            &[i64],
            &[],
        )
        .result(0)
    }

    /// `x` (bits, i64) rounded toward zero, `x - fmod(x, 1.0)` (exact): the
    /// runtime's `convert_to_int` rounds to nearest, where `fptosi` and
    /// `fptoui` truncate (docs/upstream-differences.md).
    fn truncate(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        sem: Value<'ir>,
        x: Value<'ir>,
        ty: Type<'ir>,
    ) -> Option<Value<'ir>> {
        let format = ty.float_format()?;
        let one_bits =
            crate::semantics::float::Fp::from_int(format, &ApInt::from_u64(8, 1), false)?
                .to_apint()
                .low_u64();
        let one = self.constant(b, loc, 64, one_bits as i64);
        let frac = self.fmod(b, loc, sem, x, one);
        Some(self.call(
            b,
            loc,
            self.runtime("subtract"),
            &[sem, x, frac],
            self.int(64),
        ))
    }

    /// The i1 a predicate gives from APFloat's `cmpResult` (0 less, 1 equal,
    /// 2 greater, 3 unordered), built as upstream's chain of tests.
    fn compare_result(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        cmp: Value<'ir>,
        pred: CmpFPredicate,
    ) -> Value<'ir> {
        const LT: i64 = 0;
        const EQ: i64 = 1;
        const GT: i64 = 2;
        const UN: i64 = 3;
        let results: &[i64] = match pred {
            CmpFPredicate::AlwaysFalse => return self.constant(b, loc, 1, 0),
            CmpFPredicate::AlwaysTrue => return self.constant(b, loc, 1, 1),
            CmpFPredicate::Oeq => &[EQ],
            CmpFPredicate::Ogt => &[GT],
            CmpFPredicate::Oge => &[GT, EQ],
            CmpFPredicate::Olt => &[LT],
            CmpFPredicate::Ole => &[LT, EQ],
            CmpFPredicate::One => &[LT, GT],
            CmpFPredicate::Ord => &[LT, GT, EQ],
            CmpFPredicate::Ueq => &[UN, EQ],
            CmpFPredicate::Ugt => &[UN, GT],
            CmpFPredicate::Uge => &[UN, GT, EQ],
            CmpFPredicate::Ult => &[UN, LT],
            CmpFPredicate::Ule => &[UN, LT, EQ],
            CmpFPredicate::Une => &[LT, GT, UN],
            CmpFPredicate::Uno => &[UN],
        };
        self.any_of(b, loc, cmp, results)
    }

    fn any_of(
        &self,
        b: &Builder<'ir>,
        loc: crate::ffi::ir::Location<'ir>,
        cmp: Value<'ir>,
        vals: &[i64],
    ) -> Value<'ir> {
        let c = self.constant(b, loc, 8, vals[0]);
        let eq = Attr::int(self.int(64), &ApInt::from_u64(64, 0));
        let first = b
            .create(
                rarith::CmpIOp::OP,
                loc,
                &[cmp, c],
                &[self.int(1)],
                &[("predicate", eq)],
            )
            .result(0);
        if vals.len() == 1 {
            return first;
        }
        let rest = self.any_of(b, loc, cmp, &vals[1..]);
        b.create(rarith::OrIOp::OP, loc, &[first, rest], &[self.int(1)], &[])
            .result(0)
    }
}
