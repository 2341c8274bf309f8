//! `convert-rarith-to-emitc`: rarith ops on scalars become EmitC ops (C
//! expressions), as upstream's ArithToEmitC produces them; the same
//! patterns are rarith's `ConvertToEmitCPatternInterface`, so
//! `convert-to-emitc` lowers rarith too.
//!
//! C has no wrap-around signed arithmetic, no poison and no unordered float
//! comparisons, so the lowering spells arith's semantics out as upstream's
//! does: additions, subtractions and multiplications without `nsw` compute
//! in the unsigned type of their width; bitwise ops and unsigned division
//! compute on unsigned operands; shifts compare the amount with the width
//! and give 0 (a refinement of poison) past it; `cmpf` adds the NaN checks
//! its predicate implies; casts to `i1` mask the low bit. `index` becomes
//! `!emitc.size_t` (signed views of it `!emitc.ptrdiff_t`). Every rarith
//! op is illegal: one no pattern lowers (ops on vectors and tensors, i1
//! arithmetic, the ops C has no operator for) fails the pass with MLIR's
//! "failed to legalize" diagnostic, as upstream's.

use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{
    DialectConversion, MaterializeBuilder, TargetPatterns, materialize_fn, type_fn,
};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Context, Location, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::float::Format;

impl RunPass for decls::ConvertRArithToEmitC {
    type Options = decls::ConvertRArithToEmitCOptions;
    fn run(ir: &mut Ir, _options: Self::Options) -> bool {
        run(ir)
    }
}

/// EmitC's comparison predicates (`emitc::CmpPredicate`).
#[derive(Clone, Copy)]
enum CmpPred {
    Eq = 0,
    Ne = 1,
    Lt = 2,
    Le = 3,
    Gt = 4,
    Ge = 5,
}

/// How an op lowers; one entry per rarith op that has a lowering.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    /// The EmitC op on the converted operands and result type as they are
    /// (float arithmetic, signed division and remainder).
    Direct,
    /// Unsigned division and remainder: on the unsigned view.
    Unsigned,
    /// `addi`, `subi`, `muli`: on the unsigned view unless `nsw` says the
    /// signed one cannot wrap.
    Wrapping,
    /// `andi`, `ori`, `xori`: on unsigned operands (i1 as it is).
    Bitwise,
    /// Shifts, with an out-of-range amount giving 0; true: unsigned view.
    Shift(bool),
    /// Integer casts; true: through the unsigned views (zero-extending).
    IntCast(bool),
    /// `fptosi`/`fptoui`; true: unsigned.
    FloatToInt(bool),
    /// `sitofp`/`uitofp`; true: unsigned.
    IntToFloat(bool),
    /// `extf`/`truncf` (without a rounding mode).
    FloatCast,
}

/// rarith op -> (EmitC op, rule): one source of truth for what lowers how.
static RULES: super::Rules<Rule> = super::Rules::new(&[
    (rarith::AddFOp::OP, "emitc.add", Rule::Direct),
    (rarith::DivFOp::OP, "emitc.div", Rule::Direct),
    (rarith::DivSIOp::OP, "emitc.div", Rule::Direct),
    (rarith::MulFOp::OP, "emitc.mul", Rule::Direct),
    (rarith::RemSIOp::OP, "emitc.rem", Rule::Direct),
    (rarith::SubFOp::OP, "emitc.sub", Rule::Direct),
    (rarith::DivUIOp::OP, "emitc.div", Rule::Unsigned),
    (rarith::RemUIOp::OP, "emitc.rem", Rule::Unsigned),
    (rarith::AddIOp::OP, "emitc.add", Rule::Wrapping),
    (rarith::MulIOp::OP, "emitc.mul", Rule::Wrapping),
    (rarith::SubIOp::OP, "emitc.sub", Rule::Wrapping),
    (rarith::AndIOp::OP, "emitc.bitwise_and", Rule::Bitwise),
    (rarith::OrIOp::OP, "emitc.bitwise_or", Rule::Bitwise),
    (rarith::XOrIOp::OP, "emitc.bitwise_xor", Rule::Bitwise),
    (
        rarith::ShLIOp::OP,
        "emitc.bitwise_left_shift",
        Rule::Shift(true),
    ),
    (
        rarith::ShRSIOp::OP,
        "emitc.bitwise_right_shift",
        Rule::Shift(false),
    ),
    (
        rarith::ShRUIOp::OP,
        "emitc.bitwise_right_shift",
        Rule::Shift(true),
    ),
    (rarith::TruncIOp::OP, "emitc.cast", Rule::IntCast(true)),
    (rarith::ExtSIOp::OP, "emitc.cast", Rule::IntCast(false)),
    (rarith::ExtUIOp::OP, "emitc.cast", Rule::IntCast(true)),
    (rarith::IndexCastOp::OP, "emitc.cast", Rule::IntCast(false)),
    (rarith::IndexCastUIOp::OP, "emitc.cast", Rule::IntCast(true)),
    (rarith::FPToSIOp::OP, "emitc.cast", Rule::FloatToInt(false)),
    (rarith::FPToUIOp::OP, "emitc.cast", Rule::FloatToInt(true)),
    (rarith::SIToFPOp::OP, "emitc.cast", Rule::IntToFloat(false)),
    (rarith::UIToFPOp::OP, "emitc.cast", Rule::IntToFloat(true)),
    (rarith::ExtFOp::OP, "emitc.cast", Rule::FloatCast),
    (rarith::TruncFOp::OP, "emitc.cast", Rule::FloatCast),
]);

/// The ops with a lowering: the rule table's, and the ones lowered by hand.
const ROOTS: [&str; RULES.table().len() + 5] = {
    let mut roots = [""; RULES.table().len() + 5];
    let mut i = 0;
    while i < RULES.table().len() {
        roots[i] = RULES.table()[i].0.name();
        i += 1;
    }
    roots[i] = rarith::ConstantOp::NAME;
    roots[i + 1] = rarith::CmpFOp::NAME;
    roots[i + 2] = rarith::CmpIOp::NAME;
    roots[i + 3] = rarith::NegFOp::NAME;
    roots[i + 4] = rarith::SelectOp::NAME;
    roots
};

/// rarith's lowering to EmitC, shared by this pass and by
/// `convert-to-emitc` (rarith's `ConvertToEmitCPatternInterface`).
pub static TO_EMITC: TargetPatterns = TargetPatterns {
    roots: &ROOTS,
    rewrite: lower_to_emitc,
};

/// Integer types EmitC supports: i1, i8, i16, i32, i64 (any signedness).
fn is_supported_int(ty: Type) -> bool {
    ty.is_integer() && matches!(ty.int_width(), Some(1 | 8 | 16 | 32 | 64))
}

/// Float types EmitC supports: f16, bf16, f32, f64.
fn is_supported_float(ty: Type) -> bool {
    matches!(
        ty.float_format(),
        Some(Format::F16 | Format::BF16 | Format::F32 | Format::F64)
    )
}

/// A builtin integer or one of EmitC's pointer-wide integer types.
fn is_int_or_pointer_wide(ty: Type) -> bool {
    ty.is_integer() || ty.is_emitc_pointer_wide()
}

/// A builtin integer type of `width` bits: `i1` of any signedness.
fn is_i1(ty: Type) -> bool {
    ty.is_integer() && ty.int_width() == Some(1)
}

/// The signed or unsigned view of an integer type of the same width
/// (`ui32`/`si32`; a signless type stays when signed is asked), and
/// `size_t`/`ptrdiff_t` for the pointer-wide types; other types as they
/// are (upstream's `adaptIntegralTypeSignedness`).
fn with_signedness<'ir>(ty: Type<'ir>, unsigned: bool) -> Type<'ir> {
    let ctx = ty.context();
    if ty.is_integer() {
        if ty.is_unsigned_integer() != unsigned {
            let width = ty.int_width().expect("integer width");
            return if unsigned {
                ctx.unsigned_integer_type(width)
            } else {
                ctx.signed_integer_type(width)
            };
        }
    } else if ty.is_emitc_pointer_wide() && ty.is_emitc_size_t() != unsigned {
        return if unsigned {
            ctx.emitc_size_t_type()
        } else {
            ctx.emitc_ptrdiff_t_type()
        };
    }
    ty
}

/// The unsigned integer type of `ty`'s width.
fn unsigned_of<'ir>(ty: Type<'ir>) -> Type<'ir> {
    ty.context()
        .unsigned_integer_type(ty.int_width().expect("integer width"))
}

/// The integer attribute `value` of an integer or index type.
fn int_attr<'ir>(ty: Type<'ir>, value: u64) -> Attr<'ir> {
    let width = if ty.is_index() {
        64
    } else {
        ty.int_width().expect("integer width")
    };
    Attr::int(ty, &ApInt::from_u64(width, value))
}

/// The attribute of `value` for a constant of `ty`: an integer attribute of
/// `ty`, or an `index` one for the pointer-wide types.
fn int_or_index_attr<'ir>(ctx: Context<'ir>, ty: Type<'ir>, value: u64) -> Attr<'ir> {
    if ty.is_integer() {
        int_attr(ty, value)
    } else {
        int_attr(ctx.index_type(), value)
    }
}

/// Builds the EmitC ops of one lowering before the op being lowered.
struct Emit<'a, 'ir> {
    rw: &'a mut Rewriter<'ir>,
    loc: Location<'ir>,
}

impl<'ir> Emit<'_, 'ir> {
    fn op(&mut self, name: &str, operands: &[Value<'ir>], ty: Type<'ir>) -> Value<'ir> {
        self.rw
            .create(name, self.loc, operands, &[ty], &[])
            .result(0)
    }

    fn constant(&mut self, ty: Type<'ir>, value: Attr<'ir>) -> Value<'ir> {
        self.rw
            .create("emitc.constant", self.loc, &[], &[ty], &[("value", value)])
            .result(0)
    }

    fn cmp(
        &mut self,
        pred: CmpPred,
        lhs: Value<'ir>,
        rhs: Value<'ir>,
        ty: Type<'ir>,
    ) -> Value<'ir> {
        let i64_type = ty.context().integer_type(64);
        let pred = Attr::int(i64_type, &ApInt::from_u64(64, pred as u64));
        self.rw
            .create(
                "emitc.cmp",
                self.loc,
                &[lhs, rhs],
                &[ty],
                &[("predicate", pred)],
            )
            .result(0)
    }

    fn cast(&mut self, value: Value<'ir>, ty: Type<'ir>) -> Value<'ir> {
        self.op("emitc.cast", &[value], ty)
    }

    /// `value` as `ty`: itself when it has that type, else an `emitc.cast`
    /// at the value's location, as upstream's `adaptValueType` builds it.
    fn adapt(&mut self, value: Value<'ir>, ty: Type<'ir>) -> Value<'ir> {
        // Upstream calls createOrFold, but `emitc.cast`'s only fold is
        // CastOpInterface's: a cast to the operand's own type folds to the
        // operand (handled here), any other cast never folds, not even of a
        // constant. So a plain create gives the same IR, without the fold
        // attempt (a fifth of the pass's pattern time).
        if value.ty() == ty {
            return value;
        }
        self.rw
            .create("emitc.cast", value.location(), &[value], &[ty], &[])
            .result(0)
    }

    /// `op(lhs, rhs)` computed in `arith` (operands cast to it) and cast
    /// back to `ty`.
    fn binary_in(
        &mut self,
        name: &str,
        lhs: Value<'ir>,
        rhs: Value<'ir>,
        arith: Type<'ir>,
        ty: Type<'ir>,
    ) -> Value<'ir> {
        let lhs = self.adapt(lhs, arith);
        let rhs = self.adapt(rhs, arith);
        let result = self.op(name, &[lhs, rhs], arith);
        self.adapt(result, ty)
    }

    /// True when neither operand is NaN (each equals itself).
    fn ordered(&mut self, lhs: Value<'ir>, rhs: Value<'ir>, i1: Type<'ir>) -> Value<'ir> {
        let a = self.cmp(CmpPred::Eq, lhs, lhs, i1);
        let b = self.cmp(CmpPred::Eq, rhs, rhs, i1);
        self.op("emitc.logical_and", &[a, b], i1)
    }

    /// True when either operand is NaN (differs from itself).
    fn unordered(&mut self, lhs: Value<'ir>, rhs: Value<'ir>, i1: Type<'ir>) -> Value<'ir> {
        let a = self.cmp(CmpPred::Ne, lhs, lhs, i1);
        let b = self.cmp(CmpPred::Ne, rhs, rhs, i1);
        self.op("emitc.logical_or", &[a, b], i1)
    }
}

/// Lowers one op given its converted operands; false when it cannot (the
/// op then stays, and the conversion reports it).
fn lower_to_emitc<'ir>(op: Op<'ir>, operands: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let loc = op.location();
    let result_ty = op.result(0).ty();
    let mut e = Emit { rw, loc };
    // The op's class is read once; the tests below compare ids.
    let id = op.ods_id();
    let is = |other: u32| id == Some(other);
    let value = if is(rarith::ConstantOp::ID) {
        lower_constant(&mut e, op, result_ty)
    } else if is(rarith::CmpFOp::ID) {
        lower_cmpf(&mut e, op, operands, result_ty)
    } else if is(rarith::CmpIOp::ID) {
        lower_cmpi(&mut e, op, operands, result_ty)
    } else if is(rarith::NegFOp::ID) {
        let ty = operands[0].ty();
        (!ty.is_shaped() && is_supported_float(ty)).then(|| e.op("emitc.unary_minus", operands, ty))
    } else if is(rarith::SelectOp::ID) {
        let ty = e.rw.convert_type(result_ty);
        ty.filter(|_| is_i1(operands[0].ty()))
            .map(|ty| e.op("emitc.conditional", operands, ty))
    } else {
        let Some((target, rule)) = RULES.of(id) else {
            return false;
        };
        lower_by_rule(&mut e, op, operands, result_ty, target, rule)
    };
    match value {
        Some(value) => {
            e.rw.replace_op(op, &[value]);
            true
        }
        None => false,
    }
}

fn lower_constant<'ir>(e: &mut Emit<'_, 'ir>, op: Op<'ir>, ty: Type<'ir>) -> Option<Value<'ir>> {
    if ty.is_memref() {
        return None;
    }
    let ty = e.rw.convert_type(ty)?;
    let value = op.attr("value")?;
    Some(e.constant(ty, value))
}

fn lower_cmpf<'ir>(
    e: &mut Emit<'_, 'ir>,
    op: Op<'ir>,
    operands: &[Value<'ir>],
    i1: Type<'ir>,
) -> Option<Value<'ir>> {
    let (lhs, rhs) = (operands[0], operands[1]);
    if !rhs.ty().is_float() {
        return None;
    }
    // arith's predicates: false, oeq, ogt, oge, olt, ole, one, ord, ueq,
    // ugt, uge, ult, ule, une, uno, true.
    let predicate = op.enum_attr("predicate")?;
    let (unordered, pred) = match predicate {
        0 | 15 => {
            let bool_attr = i1.context().bool_attr(predicate == 15);
            return Some(e.constant(i1, bool_attr));
        }
        7 => return Some(e.ordered(lhs, rhs, i1)),
        14 => return Some(e.unordered(lhs, rhs, i1)),
        1..=6 => (false, predicate),
        _ => (true, predicate - 7),
    };
    let pred = [
        CmpPred::Eq,
        CmpPred::Gt,
        CmpPred::Ge,
        CmpPred::Lt,
        CmpPred::Le,
        CmpPred::Ne,
    ][pred as usize - 1];
    let compared = e.cmp(pred, lhs, rhs, i1);
    let result_ty = op.result(0).ty();
    Some(if unordered {
        let nan = e.unordered(lhs, rhs, i1);
        e.op("emitc.logical_or", &[nan, compared], result_ty)
    } else {
        let no_nan = e.ordered(lhs, rhs, i1);
        e.op("emitc.logical_and", &[no_nan, compared], result_ty)
    })
}

fn lower_cmpi<'ir>(
    e: &mut Emit<'_, 'ir>,
    op: Op<'ir>,
    operands: &[Value<'ir>],
    result_ty: Type<'ir>,
) -> Option<Value<'ir>> {
    let ty = operands[0].ty();
    if !is_int_or_pointer_wide(ty) {
        return None;
    }
    // arith's predicates: eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge.
    let predicate = op.enum_attr("predicate")?;
    let unsigned = predicate >= 6;
    let pred = match predicate {
        0 => CmpPred::Eq,
        1 => CmpPred::Ne,
        2 | 6 => CmpPred::Lt,
        3 | 7 => CmpPred::Le,
        4 | 8 => CmpPred::Gt,
        _ => CmpPred::Ge,
    };
    let arith = with_signedness(ty, unsigned);
    let lhs = e.adapt(operands[0], arith);
    let rhs = e.adapt(operands[1], arith);
    Some(e.cmp(pred, lhs, rhs, result_ty))
}

fn lower_by_rule<'ir>(
    e: &mut Emit<'_, 'ir>,
    op: Op<'ir>,
    operands: &[Value<'ir>],
    result_ty: Type<'ir>,
    target: &str,
    rule: Rule,
) -> Option<Value<'ir>> {
    let ty = e.rw.convert_type(result_ty);
    match rule {
        Rule::Direct => ty.map(|ty| e.op(target, operands, ty)),
        Rule::Unsigned => {
            // Not on `index` (upstream 22's pattern takes integers only).
            let ty = ty.filter(|t| t.is_integer())?;
            let unsigned = with_signedness(ty, true);
            Some(e.binary_in(target, operands[0], operands[1], unsigned, ty))
        }
        Rule::Wrapping => {
            let ty = ty.filter(|&t| is_int_or_pointer_wide(t) && !is_i1(t))?;
            // nsw = 1 in arith's overflow flags.
            let nsw = op.enum_attr("overflowFlags").unwrap_or(0) & 1 != 0;
            let arith = if ty.is_integer() && !ty.is_unsigned_integer() && !nsw {
                unsigned_of(ty)
            } else {
                ty
            };
            Some(e.binary_in(target, operands[0], operands[1], arith, ty))
        }
        Rule::Bitwise => {
            let ty = ty.filter(|t| t.is_integer())?;
            if is_i1(ty) {
                return Some(e.op(target, operands, ty));
            }
            let unsigned = with_signedness(ty, true);
            Some(e.binary_in(target, operands[0], operands[1], unsigned, ty))
        }
        Rule::Shift(unsigned) => {
            let ty = ty.filter(|&t| is_int_or_pointer_wide(t) && !is_i1(t))?;
            Some(lower_shift(e, target, operands, ty, unsigned))
        }
        Rule::IntCast(unsigned) => lower_int_cast(e, operands[0], ty?, unsigned),
        Rule::FloatToInt(unsigned) => {
            let input = operands[0];
            if !is_supported_float(input.ty()) {
                return None;
            }
            let ty = ty.filter(|&t| is_supported_int(t) && !is_i1(t))?;
            if unsigned {
                let cast = e.cast(input, unsigned_of(ty));
                Some(e.cast(cast, ty))
            } else {
                Some(e.cast(input, ty))
            }
        }
        Rule::IntToFloat(unsigned) => {
            let input = operands[0];
            if !is_supported_int(input.ty()) {
                return None;
            }
            let ty = ty.filter(|&t| is_supported_float(t))?;
            let source = if unsigned {
                unsigned_of(input.ty())
            } else {
                input.ty()
            };
            let input = if source != input.ty() {
                e.cast(input, source)
            } else {
                input
            };
            Some(e.cast(input, ty))
        }
        Rule::FloatCast => {
            let input = operands[0];
            if !is_supported_float(input.ty()) || op.attr("roundingmode").is_some() {
                return None;
            }
            let ty = ty.filter(|&t| is_supported_float(t))?;
            Some(e.cast(input, ty))
        }
    }
}

/// `lhs << rhs` (or `>>`) as an `emitc.expression` choosing between the
/// shift and 0 by `rhs < width` (the width of a pointer-wide type is
/// `8 * sizeof(8)`, computed by C).
fn lower_shift<'ir>(
    e: &mut Emit<'_, 'ir>,
    target: &str,
    operands: &[Value<'ir>],
    ty: Type<'ir>,
    unsigned: bool,
) -> Value<'ir> {
    let ctx = ty.context();
    let i1 = ctx.integer_type(1);
    let arith = with_signedness(ty, unsigned);
    let lhs = e.adapt(operands[0], arith);
    // The amount is unsigned, as arith reads it.
    let amount_ty = with_signedness(operands[1].ty(), true);
    let rhs = e.adapt(operands[1], amount_ty);
    let width = if ty.is_emitc_pointer_wide() {
        let eight = e.constant(amount_ty, int_attr(ctx.index_type(), 8));
        let callee = ctx.string_attr("sizeof");
        let size =
            e.rw.create(
                "emitc.call_opaque",
                e.loc,
                &[eight],
                &[amount_ty],
                &[("callee", callee)],
            )
            .result(0);
        e.op("emitc.mul", &[eight, size], amount_ty)
    } else {
        let bits = u64::from(ty.int_width().expect("integer width"));
        e.constant(amount_ty, int_attr(amount_ty, bits))
    };
    let in_range = e.cmp(CmpPred::Lt, rhs, width, i1);
    let zero = e.constant(arith, int_or_index_attr(ctx, arith, 0));
    let inputs = [lhs, rhs, in_range, zero];
    let expression = Op::create_with_regions("emitc.expression", e.loc, &inputs, &[arith], &[], 1)
        .expect("emitc.expression");
    let expression = e.rw.insert(expression);
    let types: Vec<Type> = inputs.iter().map(|v| v.ty()).collect();
    let locs: Vec<Location> = inputs.iter().map(|v| v.location()).collect();
    let body = expression
        .region(0)
        .expect("expression body")
        .append_block_with_locs(&types, &locs);
    e.rw.set_insertion_point_to_start(body);
    let args: Vec<Value> = (0..4).map(|i| body.argument(i)).collect();
    let shifted = Op::create_registered(target, e.loc, &args[..2], &[arith], &[]);
    let shifted = e.rw.insert_here(shifted).result(0);
    let chosen = Op::create_registered(
        "emitc.conditional",
        e.loc,
        &[args[2], shifted, args[3]],
        &[arith],
        &[],
    );
    let chosen = e.rw.insert_here(chosen).result(0);
    e.rw.insert_here(Op::create_registered(
        "emitc.yield",
        e.loc,
        &[chosen],
        &[],
        &[],
    ));
    e.adapt(expression.result(0), ty)
}

/// An integer cast: to `i1` by masking the low bit; else through the
/// unsigned views (zero-extending, or truncating) or the signed ones
/// (sign-extending).
fn lower_int_cast<'ir>(
    e: &mut Emit<'_, 'ir>,
    input: Value<'ir>,
    ty: Type<'ir>,
    unsigned: bool,
) -> Option<Value<'ir>> {
    let source = input.ty();
    if !is_int_or_pointer_wide(ty) || !is_int_or_pointer_wide(source) {
        return None;
    }
    // Sign-extending an i1 is not supported.
    if is_i1(source) && !unsigned {
        return None;
    }
    let ctx = ty.context();
    if is_i1(ty) {
        // (bool)(v & 1) truncates; (bool)v would test v != 0.
        let one = e.constant(source, int_or_index_attr(ctx, source, 1));
        let low = e.op("emitc.bitwise_and", &[input, one], source);
        return Some(e.cast(low, ty));
    }
    let truncates = source.is_integer()
        && ty.is_integer()
        && source.int_width().expect("integer width") > ty.int_width().expect("integer width");
    let unsigned = unsigned || truncates;
    let to = with_signedness(ty, unsigned);
    let from = with_signedness(source, unsigned);
    let input = e.adapt(input, from);
    let cast = e.cast(input, to);
    Some(e.adapt(cast, ty))
}

/// Materializes a value of another type as an unrealized conversion cast
/// (EmitC's materialization, as upstream's pass adds it).
fn unrealized_cast<'x>(
    builder: &MaterializeBuilder,
    ty: Type<'x>,
    inputs: &[Value<'x>],
    loc: Location<'x>,
) -> Option<Value<'x>> {
    let [input] = inputs else {
        return None;
    };
    Some(
        builder
            .create(
                "builtin.unrealized_conversion_cast",
                loc,
                &[*input],
                &[ty],
                &[],
            )
            .result(0),
    )
}

/// MLIR's partial conversion, as upstream's pass runs it: EmitC ops are
/// legal, rarith ops illegal; types stay but `index`, which becomes
/// `!emitc.size_t`, bridged by unrealized casts.
fn run(ir: &mut Ir) -> bool {
    let convert = type_fn(|ty| {
        Some(if ty.is_index() {
            ty.context().emitc_size_t_type()
        } else {
            ty
        })
    });
    let materialize = materialize_fn(unrealized_cast);
    let patterns = TO_EMITC.conversion_patterns();
    DialectConversion {
        convert_type: Some(&convert),
        materialize_target: Some(&materialize),
        materialize_source: Some(&materialize),
        legal_dialects: &["emitc"],
        illegal_dialects: &["rarith"],
        legal_ops: &[],
        illegal_ops: &[],
        dynamic_ops: &[],
        legality: None,
        patterns: &patterns,
        convert_func_signatures: false,
        plain_patterns: false,
        llvm_index_bitwidth: None,
        spirv: None,
    }
    .apply_partial(ir)
}
