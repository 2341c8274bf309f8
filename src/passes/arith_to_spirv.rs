//! `convert-rarith-to-spirv`: rarith ops become SPIR-V ops, as upstream's
//! ArithToSPIRV produces them, on MLIR's own SPIR-V type converter and
//! conversion target for the module's `spirv.target_env` (types the target
//! lacks emulated, `index` as `i32`; an op is legal only where the target's
//! capabilities allow it, so of two lowerings, GLSL's and OpenCL's, the one
//! the target has is kept).
//!
//! What arith means and SPIR-V leaves undefined is spelled out, as
//! upstream's lowering does: `remsi` through unsigned remainders of the
//! absolute values (Vulkan leaves `SRem` of negative operands undefined),
//! `maximumf`/`minimumf`/`maxnumf`/`minnumf` with NaN guards unless the op
//! says `nnan`, `cmpf ord`/`uno` through `IsNan`, casts from and to `i1` as
//! selects and masks, and integer casts between types the emulation made
//! equal as shifts and masks. Every rarith op is illegal: one that no
//! pattern lowers fails the pass with MLIR's "failed to legalize"
//! diagnostic, as upstream's.

use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{
    ConversionPattern, DialectConversion, SpirvOptions, rewrite_fn,
};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Location, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use crate::semantics::float::{Format, Rounding};

impl RunPass for decls::ConvertRArithToSPIRV {
    type Options = decls::ConvertRArithToSPIRVOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        run(
            ir,
            SpirvOptions {
                emulate_lt_32_bit_scalar_types: options.emulate_lt_32_bit_scalar_types,
                emulate_unsupported_float_types: options.emulate_unsupported_float_types,
            },
        )
    }
}

/// arith's `nnan` fast-math bit.
const NNAN: u64 = 2;

/// A rewrite of one pattern: the op, its converted operands, the rewriter.
type RewriteFn = for<'ir> fn(Op<'ir>, &[Value<'ir>], &mut Rewriter<'ir>) -> bool;

/// The patterns, in upstream's order (which decides among the patterns of
/// one op of equal benefit), with their benefit.
const PATTERNS: &[(&str, RewriteFn, u16)] = &[
    (rarith::ConstantOp::NAME, constant_composite, 1),
    (rarith::ConstantOp::NAME, constant_scalar, 1),
    (
        rarith::AddIOp::NAME,
        |o, v, r| wrapping(o, v, r, "spirv.IAdd"),
        1,
    ),
    (
        rarith::SubIOp::NAME,
        |o, v, r| wrapping(o, v, r, "spirv.ISub"),
        1,
    ),
    (
        rarith::MulIOp::NAME,
        |o, v, r| wrapping(o, v, r, "spirv.IMul"),
        1,
    ),
    (
        rarith::DivUIOp::NAME,
        |o, v, r| unsigned(o, v, r, "spirv.UDiv"),
        1,
    ),
    (
        rarith::DivSIOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.SDiv"),
        1,
    ),
    (
        rarith::RemUIOp::NAME,
        |o, v, r| unsigned(o, v, r, "spirv.UMod"),
        1,
    ),
    // Upstream's `RemSIOpGLPattern` (registered first) builds OpenCL's
    // `s_abs` and its `RemSIOpCLPattern` GLSL's `SAbs`; the driver tries
    // the later one first, so that a target with both capabilities gets
    // GLSL's. Kept as upstream has them: the same output, and no OpenCL
    // attempt undone on every `remsi` of a Shader target.
    (
        rarith::RemSIOp::NAME,
        |o, v, r| remsi(o, v, r, "spirv.CL.s_abs"),
        1,
    ),
    (
        rarith::RemSIOp::NAME,
        |o, v, r| remsi(o, v, r, "spirv.GL.SAbs"),
        1,
    ),
    (
        rarith::AndIOp::NAME,
        |o, v, r| bitwise(o, v, r, "spirv.LogicalAnd", "spirv.BitwiseAnd"),
        1,
    ),
    (
        rarith::OrIOp::NAME,
        |o, v, r| bitwise(o, v, r, "spirv.LogicalOr", "spirv.BitwiseOr"),
        1,
    ),
    (rarith::XOrIOp::NAME, xori_bits, 1),
    (rarith::XOrIOp::NAME, xori_bools, 1),
    (
        rarith::ShLIOp::NAME,
        |o, v, r| wrapping(o, v, r, "spirv.ShiftLeftLogical"),
        1,
    ),
    (
        rarith::ShRUIOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.ShiftRightLogical"),
        1,
    ),
    (
        rarith::ShRSIOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.ShiftRightArithmetic"),
        1,
    ),
    (
        rarith::NegFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FNegate"),
        1,
    ),
    (
        rarith::AddFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FAdd"),
        1,
    ),
    (
        rarith::SubFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FSub"),
        1,
    ),
    (
        rarith::MulFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FMul"),
        1,
    ),
    (
        rarith::DivFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FDiv"),
        1,
    ),
    (
        rarith::RemFOp::NAME,
        |o, v, r| elementwise(o, v, r, "spirv.FRem"),
        1,
    ),
    (rarith::ExtUIOp::NAME, extui, 1),
    (rarith::ExtUIOp::NAME, select_one_zero, 1),
    (rarith::ExtSIOp::NAME, extsi, 1),
    (rarith::ExtSIOp::NAME, extsi_i1, 1),
    (
        rarith::ExtFOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.FConvert"),
        1,
    ),
    (rarith::TruncIOp::NAME, trunci, 1),
    (rarith::TruncIOp::NAME, trunci_i1, 1),
    (
        rarith::TruncFOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.FConvert"),
        1,
    ),
    (
        rarith::UIToFPOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.ConvertUToF"),
        1,
    ),
    (rarith::UIToFPOp::NAME, select_one_zero, 1),
    (
        rarith::SIToFPOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.ConvertSToF"),
        1,
    ),
    (
        rarith::FPToUIOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.ConvertFToU"),
        1,
    ),
    (
        rarith::FPToSIOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.ConvertFToS"),
        1,
    ),
    (
        rarith::IndexCastOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.SConvert"),
        1,
    ),
    (
        rarith::IndexCastUIOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.UConvert"),
        1,
    ),
    (
        rarith::BitcastOp::NAME,
        |o, v, r| cast(o, v, r, "spirv.Bitcast"),
        1,
    ),
    (rarith::CmpIOp::NAME, cmpi_bools, 1),
    (rarith::CmpIOp::NAME, cmpi, 1),
    (rarith::CmpFOp::NAME, cmpf_nan_checks, 1),
    (rarith::CmpFOp::NAME, cmpf, 1),
    (rarith::AddUIExtendedOp::NAME, addui_extended, 1),
    (
        rarith::MulSIExtendedOp::NAME,
        |o, v, r| mul_extended(o, v, r, "spirv.SMulExtended"),
        1,
    ),
    (
        rarith::MulUIExtendedOp::NAME,
        |o, v, r| mul_extended(o, v, r, "spirv.UMulExtended"),
        1,
    ),
    (rarith::SelectOp::NAME, select, 1),
    // OpenCL's `Ordered`/`Unordered` where the target has Kernel.
    (rarith::CmpFOp::NAME, cmpf_nan_kernel, 2),
];

/// How a min/max op lowers.
#[derive(Clone, Copy)]
enum MinMax {
    /// `maximumf`/`minimumf`: NaN in, NaN out.
    Nan,
    /// `maxnumf`/`minnumf`: NaN yields the other operand.
    Num,
    /// The integer ones: the instruction as it is.
    Int,
}

/// The min/max ops with GLSL's and OpenCL's instruction for each. Both
/// lowerings are patterns (GLSL's first, as upstream registers them); the
/// target's legality keeps the one whose instruction it has.
const MIN_MAX: &[(&str, MinMax, &str, &str)] = &[
    (
        rarith::MaximumFOp::NAME,
        MinMax::Nan,
        "spirv.GL.FMax",
        "spirv.CL.fmax",
    ),
    (
        rarith::MinimumFOp::NAME,
        MinMax::Nan,
        "spirv.GL.FMin",
        "spirv.CL.fmin",
    ),
    (
        rarith::MaxNumFOp::NAME,
        MinMax::Num,
        "spirv.GL.FMax",
        "spirv.CL.fmax",
    ),
    (
        rarith::MinNumFOp::NAME,
        MinMax::Num,
        "spirv.GL.FMin",
        "spirv.CL.fmin",
    ),
    (
        rarith::MaxSIOp::NAME,
        MinMax::Int,
        "spirv.GL.SMax",
        "spirv.CL.s_max",
    ),
    (
        rarith::MaxUIOp::NAME,
        MinMax::Int,
        "spirv.GL.UMax",
        "spirv.CL.u_max",
    ),
    (
        rarith::MinSIOp::NAME,
        MinMax::Int,
        "spirv.GL.SMin",
        "spirv.CL.s_min",
    ),
    (
        rarith::MinUIOp::NAME,
        MinMax::Int,
        "spirv.GL.UMin",
        "spirv.CL.u_min",
    ),
];

/// One min/max lowering: GLSL's (`opencl` false) or OpenCL's.
fn min_max<'ir>(
    op: Op<'ir>,
    v: &[Value<'ir>],
    rw: &mut Rewriter<'ir>,
    kind: MinMax,
    name: &str,
    opencl: bool,
) -> bool {
    match kind {
        MinMax::Nan => min_max_nan(op, v, rw, name),
        // OpenCL's fmax/fmin already return the other operand for NaN.
        MinMax::Num => min_max_num(op, v, rw, name, !opencl),
        MinMax::Int => elementwise(op, v, rw, name),
    }
}

/// `i1` of any signedness, or a vector of it.
fn is_bool_like(ty: Type) -> bool {
    let element = ty.element_type_or_self();
    (ty == element || ty.is_vector()) && element.is_integer() && element.int_width() == Some(1)
}

/// The comparison result type for operands of type `ty`: `i1`, or a vector
/// of `i1` of its shape.
fn bool_of<'ir>(ty: Type<'ir>) -> Type<'ir> {
    let i1 = ty.context().integer_type(1);
    if ty.is_vector() {
        ty.context()
            .vector_type(&ty.dims().unwrap_or_default(), i1)
            .unwrap_or(i1)
    } else {
        i1
    }
}

/// The bit width of a scalar, or of a vector's elements.
fn element_width(ty: Type) -> Option<u32> {
    let element = ty.element_type_or_self();
    element
        .int_width()
        .filter(|_| !element.is_index())
        .or_else(|| crate::ffi::ir::float_width(element))
}

/// Builds the SPIR-V ops of one lowering before the op being lowered.
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
            .create("spirv.Constant", self.loc, &[], &[ty], &[("value", value)])
            .result(0)
    }

    /// `spirv::ConstantOp::getZero`/`getOne`: `value` (0 or 1) of an
    /// integer (`false`/`true` for i1), float or vector type; None for
    /// other types.
    fn small_constant(&mut self, ty: Type<'ir>, value: u64) -> Option<Value<'ir>> {
        let element = ty.element_type_or_self();
        let scalar = if element.is_integer() {
            let width = element.int_width()?;
            if width == 1 {
                ty.context().bool_attr(value != 0)
            } else {
                Attr::int(element, &ApInt::from_u64(width, value))
            }
        } else if element.is_float() {
            Attr::float_f64(element, value as f64)
        } else {
            return None;
        };
        let attr = if ty == element {
            scalar
        } else if ty.is_vector() {
            Attr::splat(ty, scalar)
        } else {
            return None;
        };
        Some(self.constant(ty, attr))
    }

    /// A scalar or vector integer constant of `value` (splat for vectors).
    fn int_constant(&mut self, ty: Type<'ir>, value: u64) -> Option<Value<'ir>> {
        let element = ty.element_type_or_self();
        let width = element.int_width()?;
        let bits = ApInt::from_u64(width, value);
        let attr = if ty == element {
            Attr::int(ty, &bits)
        } else {
            Attr::dense_ints(ty, &[bits])
        };
        Some(self.constant(ty, attr))
    }

    fn is_nan(&mut self, v: Value<'ir>) -> Value<'ir> {
        self.op("spirv.IsNan", &[v], bool_of(v.ty()))
    }

    fn select(&mut self, c: Value<'ir>, t: Value<'ir>, f: Value<'ir>, ty: Type<'ir>) -> Value<'ir> {
        self.op("spirv.Select", &[c, t, f], ty)
    }
}

/// Replaces `op` by `value`.
fn done<'ir>(rw: &mut Rewriter<'ir>, op: Op<'ir>, value: Value<'ir>) -> bool {
    rw.replace_op(op, &[value]);
    true
}

/// `spirv::ElementwiseOpPattern`: the SPIR-V op on the converted operands.
fn elementwise<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    let new = rw.create(name, op.location(), v, &[ty], &[]).result(0);
    done(rw, op, new)
}

/// An elementwise op whose SPIR-V op is unsigned: refused (with upstream's
/// error) when the types were emulated at another width.
fn unsigned<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let result_ty = op.result(0).ty();
    let Some(ty) = rw.convert_type(result_ty) else {
        return false;
    };
    if !result_ty.element_type_or_self().is_index() && ty != result_ty {
        op.emit_error("bitwidth emulation is not implemented yet on unsigned op pattern version");
        return false;
    }
    elementwise(op, v, rw, name)
}

/// `addi`/`subi`/`muli`/`shli`: with the overflow flags as SPIR-V's
/// `no_signed_wrap`/`no_unsigned_wrap` decorations where the target has
/// SPV_KHR_no_integer_wrap_decoration.
fn wrapping<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    // The target environment is looked up only for an op with flags.
    let flags = op
        .enum_attr("overflowFlags")
        .filter(|&f| f & 3 != 0)
        .filter(|_| op.spirv_target_allows_extension("SPV_KHR_no_integer_wrap_decoration"))
        .unwrap_or(0);
    let unit = op.context().unit_attr();
    let mut attrs = Vec::new();
    if flags & 1 != 0 {
        attrs.push(("no_signed_wrap", unit));
    }
    if flags & 2 != 0 {
        attrs.push(("no_unsigned_wrap", unit));
    }
    let new = rw.create(name, op.location(), v, &[ty], &attrs).result(0);
    done(rw, op, new)
}

/// `remsi` as the unsigned remainder of the absolute values, negated when
/// the dividend is negative (`abs_op`: GLSL's or OpenCL's `SAbs`).
fn remsi<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, abs_op: &str) -> bool {
    let (lhs, rhs) = (v[0], v[1]);
    let ty = lhs.ty();
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let lhs_abs = e.op(abs_op, &[lhs], ty);
    let rhs_abs = e.op(abs_op, &[rhs], ty);
    let abs = e.op("spirv.UMod", &[lhs_abs, rhs_abs], ty);
    let positive = e.op("spirv.IEqual", &[lhs, lhs_abs], bool_of(ty));
    let negated = e.op("spirv.SNegate", &[abs], ty);
    let result = e.select(positive, abs, negated, ty);
    done(rw, op, result)
}

/// `andi`/`ori`: the logical op on booleans, the bitwise one otherwise.
fn bitwise<'ir>(
    op: Op<'ir>,
    v: &[Value<'ir>],
    rw: &mut Rewriter<'ir>,
    logical: &str,
    bits: &str,
) -> bool {
    let name = if is_bool_like(v[0].ty()) {
        logical
    } else {
        bits
    };
    elementwise(op, v, rw, name)
}

fn xori_bits<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    !is_bool_like(v[0].ty()) && elementwise(op, v, rw, "spirv.BitwiseXor")
}

fn xori_bools<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    is_bool_like(v[0].ty()) && elementwise(op, v, rw, "spirv.LogicalNotEqual")
}

/// A cast: the SPIR-V op, or the operand itself where the conversion made
/// both types the same; not for booleans (their own patterns).
fn cast<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let source = v[0].ty();
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    if is_bool_like(source) || is_bool_like(ty) {
        return false;
    }
    if ty == source {
        return done(rw, op, v[0]);
    }
    let mut attrs = Vec::new();
    // truncf's rounding mode: SPIR-V's FPRoundingMode decoration.
    if let Some(mode) = op
        .enum_attr("roundingmode")
        .filter(|_| op.isa::<rarith::TruncFOp>())
    {
        // to_nearest_even, downward, upward, toward_zero (RTE, RTN, RTP,
        // RTZ); to_nearest_away has no SPIR-V mode.
        let Some(spirv_mode) = [0u64, 3, 2, 1].get(mode as usize) else {
            return false;
        };
        let name = ["RTE", "RTZ", "RTP", "RTN"][*spirv_mode as usize];
        let Some(attr) = op
            .context()
            .parse_attr(&format!("#spirv.fp_rounding_mode<{name}>"))
        else {
            return false;
        };
        attrs.push(("fp_rounding_mode", attr));
    }
    let new = rw.create(name, op.location(), v, &[ty], &attrs).result(0);
    done(rw, op, new)
}

/// `select(b, 1, 0)` for casts from booleans (`uitofp`, `extui`).
fn select_one_zero<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    if !is_bool_like(v[0].ty()) {
        return false;
    }
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let (Some(zero), Some(one)) = (e.small_constant(ty, 0), e.small_constant(ty, 1)) else {
        return false;
    };
    let result = e.select(v[0], one, zero, ty);
    done(rw, op, result)
}

/// The mask of the low `bits` bits.
fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

fn extui<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = v[0].ty();
    if is_bool_like(source) {
        return false;
    }
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    if ty != source {
        return elementwise(op, v, rw, "spirv.UConvert");
    }
    // Emulated at one width: mask to the source's own width.
    let Some(width) = element_width(op.operand(0).ty()) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let Some(mask) = e.int_constant(ty, low_mask(width)) else {
        return false;
    };
    let result = e.op("spirv.BitwiseAnd", &[v[0], mask], ty);
    done(rw, op, result)
}

fn extsi<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = v[0].ty();
    if is_bool_like(source) {
        return false;
    }
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    if ty != source {
        return elementwise(op, v, rw, "spirv.SConvert");
    }
    // Emulated at one width: shift the source's sign bit to the top and
    // back, arithmetically.
    let (Some(from), Some(to)) = (
        element_width(op.operand(0).ty()),
        element_width(op.result(0).ty()),
    ) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let Some(shift) = e.int_constant(ty, u64::from(to.saturating_sub(from))) else {
        return false;
    };
    let up = e.op("spirv.ShiftLeftLogical", &[v[0], shift], ty);
    let result = e.op("spirv.ShiftRightArithmetic", &[up, shift], ty);
    done(rw, op, result)
}

fn extsi_i1<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    if !is_bool_like(v[0].ty()) {
        return false;
    }
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    let element = ty.element_type_or_self();
    if !element.is_integer() || !(ty == element || ty.is_vector()) {
        return false;
    }
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let Some(all_ones) = e.int_constant(ty, u64::MAX) else {
        return false;
    };
    let Some(zero) = e.small_constant(ty, 0) else {
        return false;
    };
    let result = e.select(v[0], all_ones, zero, ty);
    done(rw, op, result)
}

fn trunci<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = v[0].ty();
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    if is_bool_like(ty) {
        return false;
    }
    if ty != source {
        // A truncation: SConvert or UConvert alike.
        return elementwise(op, v, rw, "spirv.SConvert");
    }
    let Some(width) = element_width(op.result(0).ty()) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let Some(mask) = e.int_constant(ty, low_mask(width)) else {
        return false;
    };
    let result = e.op("spirv.BitwiseAnd", &[v[0], mask], ty);
    done(rw, op, result)
}

/// `trunci` to `i1`: `(x & 1) == 1` selecting true or false.
fn trunci_i1<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    if !is_bool_like(ty) {
        return false;
    }
    let source = v[0].ty();
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let Some(mask) = e.small_constant(source, 1) else {
        return false;
    };
    let masked = e.op("spirv.BitwiseAnd", &[v[0], mask], source);
    let is_one = e.op("spirv.IEqual", &[masked, mask], bool_of(source));
    let (Some(zero), Some(one)) = (e.small_constant(ty, 0), e.small_constant(ty, 1)) else {
        return false;
    };
    let result = e.select(is_one, one, zero, ty);
    done(rw, op, result)
}

/// `cmpi` on booleans: `LogicalEqual`/`LogicalNotEqual`; the unsigned
/// orders as `cmpi` of the operands zero-extended to `i32`.
fn cmpi_bools<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = op.operand(0).ty();
    if !is_bool_like(source) {
        return false;
    }
    let Some(ty) = rw.convert_type(source) else {
        return false;
    };
    let Some(predicate) = op.enum_attr("predicate") else {
        return false;
    };
    let loc = op.location();
    let name = match predicate {
        0 => "spirv.LogicalEqual",
        1 => "spirv.LogicalNotEqual",
        6..=9 => {
            let i32_type = op.context().integer_type(32);
            let wide = if ty.is_vector() {
                let Some(wide) = op
                    .context()
                    .vector_type(&ty.dims().unwrap_or_default(), i32_type)
                else {
                    return false;
                };
                wide
            } else {
                i32_type
            };
            let lhs = rw
                .create(rarith::ExtUIOp::OP, loc, &[v[0]], &[wide], &[])
                .result(0);
            let rhs = rw
                .create(rarith::ExtUIOp::OP, loc, &[v[1]], &[wide], &[])
                .result(0);
            let Some(pred) = op.attr("predicate") else {
                return false;
            };
            let result_ty = op.result(0).ty();
            let cmp = rw
                .create(
                    rarith::CmpIOp::OP,
                    loc,
                    &[lhs, rhs],
                    &[result_ty],
                    &[("predicate", pred)],
                )
                .result(0);
            return done(rw, op, cmp);
        }
        _ => return false,
    };
    let new = rw
        .create(name, loc, v, &[bool_of(v[0].ty())], &[])
        .result(0);
    done(rw, op, new)
}

fn cmpi<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = op.operand(0).ty();
    if is_bool_like(source) {
        return false;
    }
    let Some(ty) = rw.convert_type(source) else {
        return false;
    };
    let Some(predicate) = op.enum_attr("predicate") else {
        return false;
    };
    const NAMES: [&str; 10] = [
        "spirv.IEqual",
        "spirv.INotEqual",
        "spirv.SLessThan",
        "spirv.SLessThanEqual",
        "spirv.SGreaterThan",
        "spirv.SGreaterThanEqual",
        "spirv.ULessThan",
        "spirv.ULessThanEqual",
        "spirv.UGreaterThan",
        "spirv.UGreaterThanEqual",
    ];
    let Some(name) = NAMES.get(predicate as usize) else {
        return false;
    };
    let same_width = || {
        let bits = |t: Type| {
            let w = element_width(t).unwrap_or(0);
            let n: i64 = t.dims().map_or(1, |d| d.iter().product());
            u64::from(w) * n.max(0) as u64
        };
        let (a, b) = (bits(source), bits(ty));
        a != 0 && a == b
    };
    if predicate >= 6 && !source.element_type_or_self().is_index() && source != ty && !same_width()
    {
        op.emit_error("bitwidth emulation is not implemented yet on unsigned op");
        return false;
    }
    let new = rw
        .create(*name, op.location(), v, &[bool_of(v[0].ty())], &[])
        .result(0);
    done(rw, op, new)
}

/// `cmpf ord`/`uno` through `IsNan` (or constants under `nnan`).
fn cmpf_nan_checks<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let Some(predicate) = op.enum_attr("predicate") else {
        return false;
    };
    // ord = 7, uno = 14.
    if predicate != 7 && predicate != 14 {
        return false;
    }
    let ty = op.result(0).ty();
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let result = if op.enum_attr("fastmath").unwrap_or(0) & NNAN != 0 {
        let Some(c) = e.small_constant(ty, u64::from(predicate == 7)) else {
            return false;
        };
        c
    } else {
        let lhs = e.is_nan(v[0]);
        let rhs = e.is_nan(v[1]);
        let either = e.op("spirv.LogicalOr", &[lhs, rhs], bool_of(v[0].ty()));
        if predicate == 7 {
            e.op("spirv.LogicalNot", &[either], bool_of(v[0].ty()))
        } else {
            either
        }
    };
    done(rw, op, result)
}

fn cmpf<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let Some(predicate) = op.enum_attr("predicate") else {
        return false;
    };
    let name = match predicate {
        1 => "spirv.FOrdEqual",
        2 => "spirv.FOrdGreaterThan",
        3 => "spirv.FOrdGreaterThanEqual",
        4 => "spirv.FOrdLessThan",
        5 => "spirv.FOrdLessThanEqual",
        6 => "spirv.FOrdNotEqual",
        8 => "spirv.FUnordEqual",
        9 => "spirv.FUnordGreaterThan",
        10 => "spirv.FUnordGreaterThanEqual",
        11 => "spirv.FUnordLessThan",
        12 => "spirv.FUnordLessThanEqual",
        13 => "spirv.FUnordNotEqual",
        _ => return false,
    };
    let new = rw
        .create(name, op.location(), v, &[bool_of(v[0].ty())], &[])
        .result(0);
    done(rw, op, new)
}

/// OpenCL's `Ordered`/`Unordered` (legal on Kernel targets only).
fn cmpf_nan_kernel<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let name = match op.enum_attr("predicate") {
        Some(7) => "spirv.Ordered",
        Some(14) => "spirv.Unordered",
        _ => return false,
    };
    let new = rw
        .create(name, op.location(), v, &[bool_of(v[0].ty())], &[])
        .result(0);
    done(rw, op, new)
}

/// `!spirv.struct<(ty, ty)>`.
fn pair_struct<'ir>(ty: Type<'ir>) -> Option<Type<'ir>> {
    let t = ty.to_string_lossy();
    ty.context()
        .parse_type(&format!("!spirv.struct<({t}, {t})>"))
}

/// Field `index` of a SPIR-V struct value.
fn extract<'ir>(e: &mut Emit<'_, 'ir>, value: Value<'ir>, index: i32, ty: Type<'ir>) -> Value<'ir> {
    let indices = ty.context().i32_array_attr(&[index]);
    e.rw.create(
        "spirv.CompositeExtract",
        e.loc,
        &[value],
        &[ty],
        &[("indices", indices)],
    )
    .result(0)
}

/// `addui_extended`: `IAddCarry`, its carry compared with 1.
fn addui_extended<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let ty = v[0].ty();
    let Some(pair) = pair_struct(ty) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let both = e.op("spirv.IAddCarry", v, pair);
    let sum = extract(&mut e, both, 0, ty);
    let carry = extract(&mut e, both, 1, ty);
    let Some(one) = e.small_constant(ty, 1) else {
        return false;
    };
    let overflow = e.op("spirv.IEqual", &[carry, one], bool_of(ty));
    rw.replace_op(op, &[sum, overflow]);
    true
}

/// `mulsi_extended`/`mului_extended`: SPIR-V's extended multiplication,
/// its low and high halves.
fn mul_extended<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let ty = v[0].ty();
    let Some(pair) = pair_struct(ty) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let both = e.op(name, v, pair);
    let low = extract(&mut e, both, 0, ty);
    let high = extract(&mut e, both, 1, ty);
    rw.replace_op(op, &[low, high]);
    true
}

fn select<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let new = rw
        .create("spirv.Select", op.location(), v, &[v[1].ty()], &[])
        .result(0);
    done(rw, op, new)
}

/// `maximumf`/`minimumf`: NaN in, NaN out (SPIR-V's min/max leave it
/// undefined), unless the op says `nnan`.
fn min_max_nan<'ir>(op: Op<'ir>, v: &[Value<'ir>], rw: &mut Rewriter<'ir>, name: &str) -> bool {
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let value = e.op(name, v, ty);
    if op.enum_attr("fastmath").unwrap_or(0) & NNAN != 0 {
        return done(rw, op, value);
    }
    let lhs_nan = e.is_nan(v[0]);
    let rhs_nan = e.is_nan(v[1]);
    let first = e.select(lhs_nan, v[0], value, ty);
    let result = e.select(rhs_nan, v[1], first, ty);
    done(rw, op, result)
}

/// `maxnumf`/`minnumf`: NaN yields the other operand; GLSL's ops need the
/// guards (unless `nnan`), OpenCL's behave so already.
fn min_max_num<'ir>(
    op: Op<'ir>,
    v: &[Value<'ir>],
    rw: &mut Rewriter<'ir>,
    name: &str,
    guards: bool,
) -> bool {
    let Some(ty) = rw.convert_type(op.result(0).ty()) else {
        return false;
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let value = e.op(name, v, ty);
    if !guards || op.enum_attr("fastmath").unwrap_or(0) & NNAN != 0 {
        return done(rw, op, value);
    }
    let lhs_nan = e.is_nan(v[0]);
    let rhs_nan = e.is_nan(v[1]);
    let first = e.select(lhs_nan, v[1], value, ty);
    let result = e.select(rhs_nan, v[0], first, ty);
    done(rw, op, result)
}

/// A float constant exactly representable as `f32` (upstream converts
/// only to `f32`, toward zero, and refuses what loses information).
fn to_f32<'ir>(attr: Attr<'ir>, f32_type: Type<'ir>) -> Option<Attr<'ir>> {
    if !f32_type.is_f32() {
        return None;
    }
    let value = attr.as_float()?;
    Some(Attr::float(
        f32_type,
        value.convert_exact(Format::F32, Rounding::TowardZero)?,
    ))
}

/// An integer constant as `to` bits: when its value fits them read
/// unsigned or signed, the value sign-extended or truncated to them (as
/// upstream's `getIntegerAttr(type, attr.getInt())`), else None.
fn fit_int(value: &ApInt, to: u32) -> Option<ApInt> {
    let width = value.width();
    let fits_unsigned = value.active_bits() <= to;
    let fits_signed = width <= to || width - value.num_sign_bits() < to;
    if !(fits_unsigned || fits_signed) {
        return None;
    }
    Some(if to <= width {
        value.trunc(to)
    } else {
        value.sext(to)
    })
}

/// Scalar constants (and shaped ones of one element).
fn constant_scalar<'ir>(op: Op<'ir>, _: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let mut source = op.result(0).ty();
    if source.is_shaped() {
        if source.dims().is_none_or(|d| d.iter().product::<i64>() != 1) {
            return false;
        }
        source = source.element_type_or_self();
    }
    if !(source.is_integer() || source.is_index() || source.is_float()) {
        return false;
    }
    let Some(mut value) = op.attr("value") else {
        return false;
    };
    if value.is_dense_elements() {
        // The one element, as a scalar attribute of the element type.
        let element = if source.is_float() {
            value
                .float_const_bits()
                .map(|(bits, _)| Attr::float_from_bits(source, &bits[0]))
        } else {
            value.dense_int_at(0).map(|bits| Attr::int(source, &bits))
        };
        let Some(element) = element else {
            return false;
        };
        value = element;
    }
    let Some(ty) = rw.convert_type(source) else {
        return false;
    };
    let attr = if source.is_float() && ty.is_integer() {
        // A float type the target lacks, emulated by an integer of its
        // width: the same bits.
        let Some((bits, _)) = value.float_const_bits() else {
            return false;
        };
        if ty.int_width() != Some(bits[0].width()) {
            return false;
        }
        Attr::int(ty, &bits[0])
    } else if source.is_float() {
        if source != ty {
            let Some(attr) = to_f32(value, ty) else {
                return false;
            };
            attr
        } else {
            value
        }
    } else if source.is_integer() && source.int_width() == Some(1) {
        let Some(bit) = value.as_int() else {
            return false;
        };
        op.context().bool_attr(!bit.is_zero())
    } else {
        let (Some(bits), Some(width)) =
            (value.as_int(), ty.int_width().filter(|_| ty.is_integer()))
        else {
            return false;
        };
        let Some(fitted) = fit_int(&bits, width) else {
            return false;
        };
        Attr::int(ty, &fitted)
    };
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let new = e.constant(ty, attr);
    done(rw, op, new)
}

/// Vector and tensor constants: `spirv.Constant` of the converted type,
/// elements converted as the scalar ones (n-D tensors flattened).
fn constant_composite<'ir>(op: Op<'ir>, _: &[Value<'ir>], rw: &mut Rewriter<'ir>) -> bool {
    let source = op.result(0).ty();
    if !source.is_shaped() {
        return false;
    }
    let Some(dims) = source.dims() else {
        return false;
    };
    let count: i64 = dims.iter().product();
    if count == 1 {
        return false;
    }
    let Some(ty) = rw.convert_type(source) else {
        return false;
    };
    // Dense elements, or a dense resource read as such.
    let Some(value) = op.attr("value").and_then(|a| {
        if a.is_dense_elements() {
            Some(a)
        } else {
            a.dense_resource_as_dense()
        }
    }) else {
        return false;
    };
    let ctx = op.context();
    let source_element = source.element_type_or_self();
    let mut attr_dims = dims.clone();
    if dims.len() > 1 {
        if !source.is_ranked_tensor() {
            return false;
        }
        attr_dims = smallvec::smallvec![count];
    }
    // The converted element type: a vector's, or an array's (the
    // converted scalar).
    let element = if ty.is_vector() {
        ty.element_type_or_self()
    } else {
        let Some(element) = rw.convert_type(source_element) else {
            return false;
        };
        element
    };
    let shaped = |element: Type<'ir>| {
        if source.is_ranked_tensor() {
            Some(ctx.ranked_tensor(&attr_dims, element))
        } else {
            ctx.vector_type(&attr_dims, element)
        }
    };
    let Ok(n) = usize::try_from(count) else {
        return false;
    };
    let Some(width) =
        crate::ffi::ir::float_width(source_element).or_else(|| source_element.int_width())
    else {
        return false;
    };
    let Some(lanes) = crate::ffi::ir::read_dense_lanes(value, n, width) else {
        return false;
    };
    let converted: Vec<ApInt> = if source_element == element {
        lanes
    } else if source_element.is_float() && element.is_integer() {
        // A float type the target lacks, emulated by an integer: its bits,
        // zero-extended where the integer is emulated wider in turn.
        let Some(to) = element.int_width().filter(|&to| to >= width) else {
            return false;
        };
        lanes.iter().map(|lane| lane.zext(to)).collect()
    } else if let Some(format) = source_element.float_format() {
        if !element.is_f32() {
            return false;
        }
        let mut out = Vec::with_capacity(n);
        for lane in &lanes {
            let Some(v) = crate::semantics::float::Fp::from_apint(format, lane)
                .convert_exact(Format::F32, Rounding::TowardZero)
            else {
                return false;
            };
            out.push(v.to_apint());
        }
        out
    } else if source_element.int_width() == Some(1) && !source_element.is_index() {
        return false;
    } else {
        let Some(to) = element.int_width() else {
            return false;
        };
        let mut out = Vec::with_capacity(n);
        for lane in &lanes {
            let Some(v) = fit_int(lane, to) else {
                return false;
            };
            out.push(v);
        }
        out
    };
    let Some(attr_type) = shaped(element) else {
        return false;
    };
    let attr = Attr::dense_bits(attr_type, &converted);
    let mut e = Emit {
        rw,
        loc: op.location(),
    };
    let new = e.constant(ty, attr);
    done(rw, op, new)
}

/// MLIR's partial conversion on its SPIR-V type converter and target:
/// rarith ops illegal, SPIR-V ops legal where the target allows them.
fn run(ir: &mut Ir, options: SpirvOptions) -> bool {
    let min_max_rewrites: Vec<_> = [false, true]
        .into_iter()
        .flat_map(|opencl| {
            MIN_MAX.iter().map(move |&(root, kind, glsl, cl)| {
                let name = if opencl { cl } else { glsl };
                (
                    root,
                    rewrite_fn(move |o, v, r| min_max(o, v, r, kind, name, opencl)),
                )
            })
        })
        .collect();
    let patterns: Vec<ConversionPattern> = PATTERNS
        .iter()
        .map(|(root, rewrite, benefit)| ConversionPattern {
            root: Some(root),
            benefit: *benefit,
            rewrite,
        })
        .chain(
            min_max_rewrites
                .iter()
                .map(|(root, rewrite)| ConversionPattern {
                    root: Some(root),
                    benefit: 1,
                    rewrite,
                }),
        )
        .collect();
    DialectConversion {
        convert_type: None,
        materialize_target: None,
        materialize_source: None,
        legal_dialects: &[],
        illegal_dialects: &["rarith"],
        legal_ops: &[],
        illegal_ops: &[],
        dynamic_ops: &[],
        legality: None,
        patterns: &patterns,
        convert_func_signatures: false,
        plain_patterns: false,
        llvm_index_bitwidth: None,
        spirv: Some(options),
    }
    .apply_partial(ir)
}
