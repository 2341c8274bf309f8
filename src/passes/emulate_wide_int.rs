//! `rarith-emulate-wide-int`: upstream's `arith-emulate-wide-int` on rarith.
//! Integers twice as wide as `widest-int-supported` (N) become two N-bit
//! halves, low half first: `i2N` is carried as `vector<2xiN>`, and
//! `vector<...xi2N>` as `vector<...x2xiN>`. Every rarith op on such a type
//! is rebuilt from N-bit rarith ops and vector slicing, op for op as
//! upstream builds it; `func.func` signatures, `func.call`, `func.return`
//! and `vector.print` follow the types. Runs on MLIR's own dialect
//! conversion (partial), as upstream's pass does; integers wider than 2N,
//! and ops on 2N-bit integers that no pattern emulates (division,
//! remainder, ...), fail to legalize.

use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{
    ConversionPattern, DialectConversion, Legality, legality_fn, rewrite_fn, type_fn,
};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::op_access::OpName;
use crate::ffi::ir::{Attr, Context, Location, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rarith::{self, CmpIPredicate};
use crate::semantics::ApInt;
use crate::semantics::float::Fp;

impl RunPass for decls::RArithEmulateWideInt {
    type Options = decls::RArithEmulateWideIntOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        let widest = options.widest_int_supported;
        // Upstream fails the pass, without a diagnostic, on a width that is
        // not a power of two of at least 2.
        if !widest.is_power_of_two() || widest < 2 {
            return false;
        }
        run(ir, widest)
    }
}

/// The ops this pass emulates (one conversion pattern each: the driver
/// never applies a pattern to the ops its own rewrite created, and the
/// min/max, shift and float-cast emulations create wide ops of other kinds).
const ROOTS: &[&str] = &[
    rarith::ConstantOp::NAME,
    rarith::CmpIOp::NAME,
    rarith::SelectOp::NAME,
    VECTOR_PRINT,
    rarith::AddIOp::NAME,
    rarith::MulIOp::NAME,
    rarith::ShLIOp::NAME,
    rarith::ShRSIOp::NAME,
    rarith::ShRUIOp::NAME,
    rarith::MaxUIOp::NAME,
    rarith::MaxSIOp::NAME,
    rarith::MinUIOp::NAME,
    rarith::MinSIOp::NAME,
    rarith::SubIOp::NAME,
    rarith::AndIOp::NAME,
    rarith::OrIOp::NAME,
    rarith::XOrIOp::NAME,
    rarith::ExtSIOp::NAME,
    rarith::ExtUIOp::NAME,
    rarith::TruncIOp::NAME,
    rarith::IndexCastOp::NAME,
    rarith::IndexCastUIOp::NAME,
    rarith::SIToFPOp::NAME,
    rarith::UIToFPOp::NAME,
    rarith::FPToUIOp::NAME,
    rarith::FPToSIOp::NAME,
];

const VECTOR_PRINT: &str = "vector.print";

/// Upstream's `WideIntEmulationConverter` for a target whose widest integer
/// has `n` bits.
#[derive(Clone, Copy)]
struct Converter<'ir> {
    ctx: Context<'ir>,
    n: u32,
}

impl<'ir> Converter<'ir> {
    fn new(ctx: Context<'ir>, n: u32) -> Self {
        Converter { ctx, n }
    }

    /// The converted type: integers up to N bits and non-integers stay,
    /// 2N-bit integers (scalar or vector elements) gain a trailing
    /// dimension of two N-bit halves, anything wider has no conversion.
    fn convert(self, ty: Type<'ir>) -> Option<Type<'ir>> {
        // Scalar integers first, then vectors, then function types: the
        // order of how often the conversion and legality checks meet them.
        if ty.is_integer() {
            return match self.split(ty)? {
                false => Some(ty),
                true => self.ctx.vector_type(&[2], self.ctx.integer_type(self.n)),
            };
        }
        if ty.is_vector() {
            let element = ty.element_type_or_self();
            if !element.is_integer() {
                return Some(ty);
            }
            return match self.split(element)? {
                false => Some(ty),
                true => {
                    let mut shape = ty.dims()?;
                    shape.push(2);
                    self.ctx.vector_type(&shape, self.ctx.integer_type(self.n))
                }
            };
        }
        if let Some((inputs, results)) = ty.function_signature() {
            let inputs = self.convert_all(&inputs)?;
            let results = self.convert_all(&results)?;
            return Some(self.ctx.function_type(&inputs, &results));
        }
        Some(ty)
    }

    /// Whether an integer (element) type is split in halves (2N bits):
    /// false when it stays (up to N bits), None when it has no conversion
    /// (wider than N, other than 2N).
    fn split(self, integer: Type<'ir>) -> Option<bool> {
        let width = integer.int_width()?;
        if width <= self.n {
            Some(false)
        } else {
            (width == 2 * self.n).then_some(true)
        }
    }

    fn convert_all(self, types: &[Type<'ir>]) -> Option<Vec<Type<'ir>>> {
        types.iter().map(|&t| self.convert(t)).collect()
    }

    /// Whether the conversion keeps `ty` (`convert(ty) == Some(ty)`),
    /// decided without building the converted type.
    fn is_legal(self, ty: Type<'ir>) -> bool {
        if ty.is_integer() {
            return self.split(ty) == Some(false);
        }
        if ty.is_vector() {
            let element = ty.element_type_or_self();
            return !element.is_integer() || self.split(element) == Some(false);
        }
        if let Some((inputs, results)) = ty.function_signature() {
            return inputs.iter().chain(&results).all(|&t| self.is_legal(t));
        }
        true
    }

    /// Every operand and result type is legal (`TypeConverter::isLegal`).
    fn is_legal_op(self, op: Op<'ir>) -> bool {
        op.operands().all(|v| self.is_legal(v.ty())) && op.results().all(|v| self.is_legal(v.ty()))
    }
}

fn run(ir: &mut Ir, widest: u32) -> bool {
    // The callbacks see the handles of each call: the converter is rebuilt
    // on their context (two words).
    let convert = type_fn(|ty| Converter::new(ty.context(), widest).convert(ty));
    let legality = legality_fn(|op| {
        let name = op.name();
        let dynamic = |legal: bool| {
            if legal {
                Legality::Legal
            } else {
                Legality::Illegal
            }
        };
        match name {
            "func.func" => dynamic(
                op.attr("function_type")
                    .and_then(|a| a.type_value())
                    .is_some_and(|t| Converter::new(op.context(), widest).is_legal(t)),
            ),
            "func.call" | "func.return" | VECTOR_PRINT => {
                dynamic(Converter::new(op.context(), widest).is_legal_op(op))
            }
            _ if name
                .strip_prefix(crate::ods::rarith::DIALECT)
                .is_some_and(|rest| rest.starts_with('.')) =>
            {
                dynamic(Converter::new(op.context(), widest).is_legal_op(op))
            }
            _ if name.starts_with("vector.") => Legality::Legal,
            _ => Legality::Unknown,
        }
    });
    let rewrite = rewrite_fn(|op, operands, rw| {
        let mut e = Emulator {
            rw,
            conv: Converter::new(op.context(), widest),
            loc: op.location(),
        };
        e.emulate(op, operands).is_some()
    });
    let patterns: Vec<ConversionPattern> = ROOTS
        .iter()
        .map(|root| ConversionPattern {
            root: Some(root),
            benefit: 1,
            rewrite: &rewrite,
        })
        .collect();
    DialectConversion {
        convert_type: Some(&convert),
        materialize_target: None,
        materialize_source: None,
        legal_dialects: &[],
        illegal_dialects: &[],
        legal_ops: &[],
        illegal_ops: &[],
        dynamic_ops: &[],
        legality: Some(&legality),
        patterns: &patterns,
        convert_func_signatures: true,
        plain_patterns: false,
        llvm_index_bitwidth: None,
        spirv: None,
    }
    .apply_partial(ir)
}

/// Builds one emulation before the op it replaces.
struct Emulator<'r, 'ir> {
    rw: &'r mut Rewriter<'ir>,
    conv: Converter<'ir>,
    loc: Location<'ir>,
}

impl<'ir> Emulator<'_, 'ir> {
    fn ctx(&self) -> Context<'ir> {
        self.conv.ctx
    }

    /// Creates an op and returns it.
    fn op<'n>(
        &mut self,
        name: impl Into<OpName<'n>>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        self.rw.create(name, self.loc, operands, types, attrs)
    }

    /// Creates a one-result op and returns its result.
    fn value<'n>(
        &mut self,
        name: impl Into<OpName<'n>>,
        operands: &[Value<'ir>],
        ty: Type<'ir>,
        attrs: &[(&str, Attr<'ir>)],
    ) -> Value<'ir> {
        self.op(name, operands, &[ty], attrs).result(0)
    }

    /// A binary op whose result has the type of its first operand.
    fn binary<'n>(
        &mut self,
        name: impl Into<OpName<'n>>,
        a: Value<'ir>,
        b: Value<'ir>,
    ) -> Value<'ir> {
        self.value(name, &[a, b], a.ty(), &[])
    }

    /// A cast (`extsi`, `extui`, `index_cast`, ...) to `ty`.
    fn cast<'n>(
        &mut self,
        name: impl Into<OpName<'n>>,
        input: Value<'ir>,
        ty: Type<'ir>,
    ) -> Value<'ir> {
        self.value(name, &[input], ty, &[])
    }

    /// A cast built and folded at once (MLIR's `createOrFold`).
    fn cast_or_fold<'n>(
        &mut self,
        name: impl Into<OpName<'n>>,
        input: Value<'ir>,
        ty: Type<'ir>,
    ) -> Value<'ir> {
        self.rw.create_or_fold(name, self.loc, &[input], &[ty], &[])[0]
    }

    /// `i1`, or a vector of `i1` of the shape of `like`.
    fn bool_like(&self, like: Type<'ir>) -> Type<'ir> {
        let i1 = self.ctx().integer_type(1);
        if like.is_vector() {
            like.with_element_type(i1).expect("bool vector")
        } else {
            i1
        }
    }

    fn cmpi(&mut self, predicate: CmpIPredicate, a: Value<'ir>, b: Value<'ir>) -> Value<'ir> {
        let ctx = self.ctx();
        let p = Attr::int(
            ctx.integer_type(64),
            &ApInt::from_u64(64, predicate.value()),
        );
        let ty = self.bool_like(a.ty());
        self.value(rarith::CmpIOp::OP, &[a, b], ty, &[("predicate", p)])
    }

    fn select(&mut self, cond: Value<'ir>, a: Value<'ir>, b: Value<'ir>) -> Value<'ir> {
        self.value(rarith::SelectOp::OP, &[cond, a, b], a.ty(), &[])
    }

    /// A constant of `ty`: an attribute, or a splat of one for vectors.
    fn constant(&mut self, ty: Type<'ir>, scalar: Attr<'ir>) -> Value<'ir> {
        let value = if ty.is_vector() {
            Attr::splat(ty, scalar)
        } else {
            scalar
        };
        self.value(rarith::ConstantOp::OP, &[], ty, &[("value", value)])
    }

    /// `value` (truncated to the element width) in `ty`, splat for vectors
    /// (upstream's `createScalarOrSplatConstant`).
    fn int_constant(&mut self, ty: Type<'ir>, value: u64) -> Value<'ir> {
        let element = ty.element_type_or_self();
        let width = element.int_width().expect("integer constant type");
        let value = ApInt::from_u64(width, value);
        // A splat is built from the integer, as upstream's
        // `SplatElementsAttr::get(type, APInt)`, not from an element
        // attribute (MLIR's attribute-array path): the same attribute.
        let attr = if ty.is_vector() {
            Attr::dense_ints(ty, &[value])
        } else {
            Attr::int(element, &value)
        };
        self.value(rarith::ConstantOp::OP, &[], ty, &[("value", attr)])
    }

    /// The type of one half: the last dimension of a converted type reduced
    /// to 1, or the element type for a converted scalar.
    fn half_type(&self, converted: Type<'ir>) -> Type<'ir> {
        let dims = converted.dims().expect("vector of halves");
        if dims.len() == 1 {
            return converted.element_type_or_self();
        }
        let mut shape = dims;
        *shape.last_mut().expect("rank") = 1;
        self.ctx()
            .vector_type(&shape, converted.element_type_or_self())
            .expect("half vector")
    }

    /// Half `offset` (0: low, 1: high) of a value of converted type.
    fn half(&mut self, input: Value<'ir>, offset: i64) -> Value<'ir> {
        let ty = input.ty();
        let dims = ty.dims().expect("vector of halves");
        let ctx = self.ctx();
        if dims.len() == 1 {
            let element = ty.element_type_or_self();
            let position = ctx.dense_i64_array(&[offset]);
            return self.value(
                "vector.extract",
                &[input],
                element,
                &[("static_position", position)],
            );
        }
        let mut offsets = vec![0; dims.len()];
        *offsets.last_mut().expect("rank") = offset;
        let mut sizes = dims.clone();
        *sizes.last_mut().expect("rank") = 1;
        let strides = vec![1; dims.len()];
        let result = self.half_type(ty);
        self.value(
            "vector.extract_strided_slice",
            &[input],
            result,
            &[
                ("offsets", ctx.i64_array_attr(&offsets)),
                ("sizes", ctx.i64_array_attr(&sizes)),
                ("strides", ctx.i64_array_attr(&strides)),
            ],
        )
    }

    /// Both halves, low first.
    fn halves(&mut self, input: Value<'ir>) -> (Value<'ir>, Value<'ir>) {
        (self.half(input, 0), self.half(input, 1))
    }

    /// Drops the trailing unit dimension of a vector (scalars unchanged).
    fn drop_trailing_unit(&mut self, input: Value<'ir>) -> Value<'ir> {
        let ty = input.ty();
        if !ty.is_vector() {
            return input;
        }
        let mut dims = ty.dims().expect("vector dims");
        dims.pop();
        let narrowed = self
            .ctx()
            .vector_type(&dims, ty.element_type_or_self())
            .expect("vector without its unit dimension");
        self.cast("vector.shape_cast", input, narrowed)
    }

    /// Appends a unit dimension to a vector (scalars unchanged).
    fn append_unit(&mut self, input: Value<'ir>) -> Value<'ir> {
        let ty = input.ty();
        if !ty.is_vector() {
            return input;
        }
        let mut dims = ty.dims().expect("vector dims");
        dims.push(1);
        let widened = self
            .ctx()
            .vector_type(&dims, ty.element_type_or_self())
            .expect("vector with a unit dimension");
        self.cast("vector.shape_cast", input, widened)
    }

    /// Inserts a half (scalar, or a slice with a unit last dimension) into
    /// `dest` at `offset` of the last dimension.
    fn insert_half(&mut self, source: Value<'ir>, dest: Value<'ir>, offset: i64) -> Value<'ir> {
        let ctx = self.ctx();
        let dest_ty = dest.ty();
        if source.ty().is_integer() {
            let position = ctx.dense_i64_array(&[offset]);
            return self.value(
                "vector.insert",
                &[source, dest],
                dest_ty,
                &[("static_position", position)],
            );
        }
        let rank = dest_ty.rank().expect("vector rank");
        let mut offsets = vec![0; rank];
        *offsets.last_mut().expect("rank") = offset;
        let strides = vec![1; source.ty().rank().expect("slice rank")];
        self.value(
            "vector.insert_strided_slice",
            &[source, dest],
            dest_ty,
            &[
                ("offsets", ctx.i64_array_attr(&offsets)),
                ("strides", ctx.i64_array_attr(&strides)),
            ],
        )
    }

    /// A value of converted type `ty` from its halves, inserted one after
    /// the other into a zero vector.
    fn join_halves(&mut self, ty: Type<'ir>, low: Value<'ir>, high: Value<'ir>) -> Value<'ir> {
        let mut result = self.int_constant(ty, 0);
        for (i, half) in [low, high].into_iter().enumerate() {
            result = self.insert_half(half, result, i as i64);
        }
        result
    }

    /// The emulation of `op` (None: the pattern does not apply).
    fn emulate(&mut self, op: Op<'ir>, operands: &[Value<'ir>]) -> Option<()> {
        let name = op.name();
        if name == VECTOR_PRINT {
            self.rw.create_like(op, operands, &[]);
            self.rw.replace_op(op, &[]);
            return Some(());
        }
        let replacement = match op.ods_id()? {
            rarith::ConstantOp::ID => self.constant_op(op)?,
            rarith::AddIOp::ID => self.addi(op, operands)?,
            rarith::SubIOp::ID => self.subi(op, operands)?,
            rarith::MulIOp::ID => self.muli(op, operands)?,
            rarith::AndIOp::ID | rarith::OrIOp::ID | rarith::XOrIOp::ID => {
                self.bitwise(op, operands)?
            }
            rarith::CmpIOp::ID => self.cmpi_op(op, operands)?,
            rarith::SelectOp::ID => self.select_op(op, operands)?,
            rarith::ShLIOp::ID => self.shli(op, operands)?,
            rarith::ShRUIOp::ID => self.shrui(op, operands)?,
            rarith::ShRSIOp::ID => self.shrsi(op, operands)?,
            rarith::MaxUIOp::ID => self.min_max(op, CmpIPredicate::Ugt)?,
            rarith::MaxSIOp::ID => self.min_max(op, CmpIPredicate::Sgt)?,
            rarith::MinUIOp::ID => self.min_max(op, CmpIPredicate::Ult)?,
            rarith::MinSIOp::ID => self.min_max(op, CmpIPredicate::Slt)?,
            rarith::ExtSIOp::ID => self.extsi(op, operands)?,
            rarith::ExtUIOp::ID => self.extui(op, operands)?,
            rarith::TruncIOp::ID => self.trunci(op, operands)?,
            rarith::IndexCastOp::ID => self.index_cast(op, operands, rarith::ExtSIOp::OP)?,
            rarith::IndexCastUIOp::ID => self.index_cast(op, operands, rarith::ExtUIOp::OP)?,
            rarith::SIToFPOp::ID => self.sitofp(op)?,
            rarith::UIToFPOp::ID => self.uitofp(op, operands)?,
            rarith::FPToSIOp::ID => self.fptosi(op, operands)?,
            rarith::FPToUIOp::ID => self.fptoui(op, operands)?,
            _ => return None,
        };
        self.rw.replace_op(op, &[replacement]);
        Some(())
    }

    /// The converted type of a wide value: a vector of halves, or None.
    /// Asked of the conversion's type converter, as upstream's patterns do
    /// (`getTypeConverter()->convertType`): MLIR caches each conversion, so
    /// a type seen before costs a lookup instead of building its vector
    /// type anew. The converter is [`Converter::convert`] (the only
    /// conversion `run` registers), so the answer is the same.
    fn halves_type(&self, ty: Type<'ir>) -> Option<Type<'ir>> {
        self.rw.convert_type(ty).filter(|t| t.is_vector())
    }

    /// The converted result type of `op`, when it is a vector of halves.
    fn result_halves_type(&self, op: Op<'ir>) -> Option<Type<'ir>> {
        self.halves_type(op.result(0).ty())
    }

    /// A constant split into halves (scalar, splat or dense).
    fn constant_op(&mut self, op: Op<'ir>) -> Option<Value<'ir>> {
        let ty = op.result(0).ty();
        let new_ty = self.halves_type(ty)?;
        let n = self.conv.n;
        let value = op.attr("value")?;
        let split = |v: &ApInt| [v.trunc(n), v.lshr(n).trunc(n)];
        let halves: Vec<ApInt> = if let Some(v) = value.as_int() {
            split(&v).to_vec()
        } else if value.is_dense_elements() {
            let count = usize::try_from(value.num_elements()).ok()?;
            let lanes = if value.is_splat() {
                vec![value.as_splat_int()?; count]
            } else {
                crate::ffi::ir::read_dense_lanes(value, count, 2 * n)?
            };
            lanes.iter().flat_map(split).collect()
        } else {
            return None;
        };
        let attr = Attr::dense_ints(new_ty, &halves);
        Some(self.value(rarith::ConstantOp::OP, &[], new_ty, &[("value", attr)]))
    }

    fn addi(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let half_ty = self.half_type(new_ty);
        let (l0, l1) = self.halves(ops[0]);
        let (r0, r1) = self.halves(ops[1]);
        let overflow_ty = self.bool_like(half_ty);
        let sum = self.op(
            rarith::AddUIExtendedOp::OP,
            &[l0, r0],
            &[half_ty, overflow_ty],
            &[],
        );
        let carry = self.cast(rarith::ExtUIOp::OP, sum.result(1), half_ty);
        let high = self.binary(rarith::AddIOp::OP, carry, l1);
        let high = self.binary(rarith::AddIOp::OP, high, r1);
        Some(self.join_halves(new_ty, sum.result(0), high))
    }

    fn subi(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let half_ty = self.half_type(new_ty);
        let (l0, l1) = self.halves(ops[0]);
        let (r0, r1) = self.halves(ops[1]);
        let low = self.binary(rarith::SubIOp::OP, l0, r0);
        let borrow = self.cmpi(CmpIPredicate::Ult, l0, r0);
        let borrow = self.cast(rarith::ExtUIOp::OP, borrow, half_ty);
        let high = self.binary(rarith::SubIOp::OP, l1, borrow);
        let high = self.binary(rarith::SubIOp::OP, high, r1);
        Some(self.join_halves(new_ty, low, high))
    }

    /// Long multiplication without the top 2N bits.
    fn muli(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let (l0, l1) = self.halves(ops[0]);
        let (r0, r1) = self.halves(ops[1]);
        let half_ty = l0.ty();
        let low_low = self.op(
            rarith::MulUIExtendedOp::OP,
            &[l0, r0],
            &[half_ty, half_ty],
            &[],
        );
        let low_high = self.binary(rarith::MulIOp::OP, l0, r1);
        let high_low = self.binary(rarith::MulIOp::OP, l1, r0);
        let high = self.binary(rarith::AddIOp::OP, low_low.result(1), low_high);
        let high = self.binary(rarith::AddIOp::OP, high, high_low);
        Some(self.join_halves(new_ty, low_low.result(0), high))
    }

    fn bitwise(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let (l0, l1) = self.halves(ops[0]);
        let (r0, r1) = self.halves(ops[1]);
        let low = self.binary(op.op_name(), l0, r0);
        let high = self.binary(op.op_name(), l1, r1);
        Some(self.join_halves(new_ty, low, high))
    }

    /// The high halves compare with the predicate, the low halves with its
    /// unsigned form; the high comparison decides unless the highs are equal.
    fn cmpi_op(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        self.halves_type(op.operand(0).ty())?;
        let high_pred = op.view::<rarith::CmpIOp>()?.predicate()?;
        let low_pred = match high_pred {
            CmpIPredicate::Sge => CmpIPredicate::Uge,
            CmpIPredicate::Sgt => CmpIPredicate::Ugt,
            CmpIPredicate::Sle => CmpIPredicate::Ule,
            CmpIPredicate::Slt => CmpIPredicate::Ult,
            other => other,
        };
        let (l0, l1) = self.halves(ops[0]);
        let (r0, r1) = self.halves(ops[1]);
        let low = self.cmpi(low_pred, l0, r0);
        let high = self.cmpi(high_pred, l1, r1);
        let result = match high_pred {
            CmpIPredicate::Eq => self.binary(rarith::AndIOp::OP, low, high),
            CmpIPredicate::Ne => self.binary(rarith::OrIOp::OP, low, high),
            _ => {
                let high_eq = self.cmpi(CmpIPredicate::Eq, l1, r1);
                self.select(high_eq, low, high)
            }
        };
        Some(self.drop_trailing_unit(result))
    }

    fn select_op(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let (t0, t1) = self.halves(ops[1]);
        let (f0, f1) = self.halves(ops[2]);
        let cond = self.append_unit(ops[0]);
        let low = self.select(cond, t0, f0);
        let high = self.select(cond, t1, f1);
        Some(self.join_halves(new_ty, low, high))
    }

    /// The shift amount's low half and the constants the shift emulations
    /// share: zero, N, and whether the amount reaches N.
    fn shift_parts(
        &mut self,
        new_ty: Type<'ir>,
        amount: Value<'ir>,
    ) -> (Value<'ir>, Value<'ir>, Value<'ir>, Value<'ir>) {
        let half_ty = self.half_type(new_ty);
        let r0 = self.half(amount, 0);
        let zero = self.int_constant(half_ty, 0);
        let width = self.int_constant(half_ty, u64::from(self.conv.n));
        let beyond_half = self.cmpi(CmpIPredicate::Uge, r0, width);
        (r0, zero, width, beyond_half)
    }

    /// The bits a shift by `r0` carries from one half into the other,
    /// zero when `r0` is zero. Those bits are the half shifted the other way
    /// by `N - r0`, which for `r0 = 0` is a shift by the whole width: poison
    /// in arith (and a shift by 0 on x86, which carries the whole half).
    /// Upstream's emulation uses that poison as the carry of a shift by 0;
    /// see docs/upstream-differences.md.
    fn unless_zero_shift(
        &mut self,
        r0: Value<'ir>,
        zero: Value<'ir>,
        carried: Value<'ir>,
    ) -> Value<'ir> {
        let no_shift = self.cmpi(CmpIPredicate::Eq, r0, zero);
        self.select(no_shift, zero, carried)
    }

    fn shli(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let (l0, l1) = self.halves(ops[0]);
        let (r0, zero, width, beyond) = self.shift_parts(new_ty, ops[1]);
        let shifted_low = self.binary(rarith::ShLIOp::OP, l0, r0);
        let low = self.select(beyond, zero, shifted_low);
        let capped = self.select(beyond, width, r0);
        let right_amount = self.binary(rarith::SubIOp::OP, width, capped);
        let carried = self.binary(rarith::ShRUIOp::OP, l0, right_amount);
        let carried = self.unless_zero_shift(r0, zero, carried);
        let overshoot = self.binary(rarith::SubIOp::OP, r0, width);
        let moved = self.binary(rarith::ShLIOp::OP, l0, overshoot);
        let shifted_high = self.binary(rarith::ShLIOp::OP, l1, r0);
        let high_own = self.select(beyond, zero, shifted_high);
        let high_from_low = self.select(beyond, moved, carried);
        let high = self.binary(rarith::OrIOp::OP, high_from_low, high_own);
        Some(self.join_halves(new_ty, low, high))
    }

    fn shrui(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let (l0, l1) = self.halves(ops[0]);
        let (r0, zero, width, beyond) = self.shift_parts(new_ty, ops[1]);
        let shifted_low = self.binary(rarith::ShRUIOp::OP, l0, r0);
        let low_own = self.select(beyond, zero, shifted_low);
        let shifted_high = self.binary(rarith::ShRUIOp::OP, l1, r0);
        let high = self.select(beyond, zero, shifted_high);
        let capped = self.select(beyond, width, r0);
        let left_amount = self.binary(rarith::SubIOp::OP, width, capped);
        let carried = self.binary(rarith::ShLIOp::OP, l1, left_amount);
        let carried = self.unless_zero_shift(r0, zero, carried);
        let overshoot = self.binary(rarith::SubIOp::OP, r0, width);
        let moved = self.binary(rarith::ShRUIOp::OP, l1, overshoot);
        let low_from_high = self.select(beyond, moved, carried);
        let low = self.binary(rarith::OrIOp::OP, low_own, low_from_high);
        Some(self.join_halves(new_ty, low, high))
    }

    /// `shrui` or-ed with the sign bits shifted in; a shift by zero keeps
    /// the operand. The wide ops it creates are emulated in turn.
    fn shrsi(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        self.result_halves_type(op)?;
        let old_ty = op.result(0).ty();
        let l1 = self.half(ops[0], 1);
        let r0 = self.half(ops[1], 0);
        let narrow_ty = r0.ty();
        let zero = self.int_constant(narrow_ty, 0);
        let sign = self.cmpi(CmpIPredicate::Slt, l1, zero);
        let sign = self.drop_trailing_unit(sign);
        let all_sign = self.cast(rarith::ExtSIOp::OP, sign, old_ty);
        let max_shift = self.int_constant(narrow_ty, u64::from(2 * self.conv.n));
        let kept = self.binary(rarith::SubIOp::OP, max_shift, r0);
        let kept = self.drop_trailing_unit(kept);
        let kept = self.cast(rarith::ExtUIOp::OP, kept, old_ty);
        let sign_bits = self.binary(rarith::ShLIOp::OP, all_sign, kept);
        let logical = self.binary(rarith::ShRUIOp::OP, op.operand(0), op.operand(1));
        let arithmetic = self.binary(rarith::OrIOp::OP, logical, sign_bits);
        let no_shift = self.cmpi(CmpIPredicate::Eq, r0, zero);
        let no_shift = self.drop_trailing_unit(no_shift);
        Some(self.select(no_shift, op.operand(0), arithmetic))
    }

    /// `cmpi` and `select` on the original (wide) operands, emulated in turn.
    fn min_max(&mut self, op: Op<'ir>, predicate: CmpIPredicate) -> Option<Value<'ir>> {
        self.result_halves_type(op)?;
        let (a, b) = (op.operand(0), op.operand(1));
        let cond = self.cmpi(predicate, a, b);
        Some(self.select(cond, a, b))
    }

    fn extsi(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let half_ty = self.half_type(new_ty);
        let input = self.append_unit(ops[0]);
        let low = self.cast_or_fold(rarith::ExtSIOp::OP, input, half_ty);
        let zero = self.int_constant(half_ty, 0);
        let negative = self.cmpi(CmpIPredicate::Slt, low, zero);
        let high = self.cast(rarith::ExtSIOp::OP, negative, half_ty);
        Some(self.join_halves(new_ty, low, high))
    }

    fn extui(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.result_halves_type(op)?;
        let half_ty = self.half_type(new_ty);
        let input = self.append_unit(ops[0]);
        let low = self.cast_or_fold(rarith::ExtUIOp::OP, input, half_ty);
        let zero = self.int_constant(new_ty, 0);
        Some(self.insert_half(low, zero, 0))
    }

    /// Keeps the low half, truncated further when the result is narrower;
    /// results wider than N bits are not supported (as upstream).
    fn trunci(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let result_ty = op.result(0).ty();
        if !self.conv.is_legal(result_ty) {
            return None;
        }
        let low = self.half(ops[0], 0);
        let low = self.drop_trailing_unit(low);
        Some(self.cast_or_fold(rarith::TruncIOp::OP, low, result_ty))
    }

    /// `index_cast`/`index_castui` of a wide integer to `index` casts its
    /// low half; from `index` to a wide integer casts to N bits and extends
    /// (`extend`, emulated in turn).
    fn index_cast(
        &mut self,
        op: Op<'ir>,
        ops: &[Value<'ir>],
        extend: OpName<'static>,
    ) -> Option<Value<'ir>> {
        let is_index = |t: Type<'ir>| t.element_type_or_self().is_index();
        let result_ty = op.result(0).ty();
        let input_ty = op.operand(0).ty();
        if is_index(result_ty) {
            self.halves_type(input_ty)?;
            let low = self.half(ops[0], 0);
            let low = self.drop_trailing_unit(low);
            return Some(self.cast(op.op_name(), low, result_ty));
        }
        if !is_index(input_ty) {
            return None;
        }
        self.halves_type(result_ty)?;
        let narrow = self.ctx().integer_type(self.conv.n);
        let narrow = if result_ty.is_vector() {
            result_ty.with_element_type(narrow)?
        } else {
            narrow
        };
        let cast = self.cast(op.op_name(), ops[0], narrow);
        Some(self.cast(extend, cast, result_ty))
    }

    /// Converts the magnitude unsigned and negates for negative inputs; the
    /// wide ops it creates are emulated in turn.
    fn sitofp(&mut self, op: Op<'ir>) -> Option<Value<'ir>> {
        let input = op.operand(0);
        let old_ty = input.ty();
        self.halves_type(old_ty)?;
        let result_ty = op.result(0).ty();
        let zero = self.int_constant(old_ty, 0);
        let negative = self.cmpi(CmpIPredicate::Slt, input, zero);
        let negated = self.binary(rarith::SubIOp::OP, zero, input);
        let magnitude = self.select(negative, negated, input);
        let unsigned = self.cast(rarith::UIToFPOp::OP, magnitude, result_ty);
        let flipped = self.value(rarith::NegFOp::OP, &[unsigned], result_ty, &[]);
        Some(self.select(negative, flipped, unsigned))
    }

    /// `uitofp(low) + uitofp(high) * 2^N`, or `uitofp(low)` when the high
    /// half is zero.
    fn uitofp(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let new_ty = self.halves_type(op.operand(0).ty())?;
        let (low, high) = self.halves(ops[0]);
        let low = self.drop_trailing_unit(low);
        let high = self.drop_trailing_unit(high);
        let zero = self.int_constant(high.ty(), 0);
        let high_is_zero = self.cmpi(CmpIPredicate::Eq, high, zero);
        let result_ty = op.result(0).ty();
        let low_fp = self.cast(rarith::UIToFPOp::OP, low, result_ty);
        let high_fp = self.cast(rarith::UIToFPOp::OP, high, result_ty);
        let element = result_ty.element_type_or_self();
        let n = new_ty.element_type_or_self().int_width()?;
        let scale = Attr::float_f64(element, 2f64.powi(n as i32));
        let scale = self.constant(result_ty, scale);
        let scaled = self.binary(rarith::MulFOp::OP, high_fp, scale);
        let sum = self.binary(rarith::AddFOp::OP, low_fp, scaled);
        Some(self.select(high_is_zero, low_fp, sum))
    }

    /// `fptoui` of the magnitude, negated for negative inputs.
    fn fptosi(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let int_ty = op.result(0).ty();
        self.halves_type(int_ty)?;
        let input = ops[0];
        let fp_ty = input.ty();
        let fp_zero = Attr::float_f64(fp_ty.element_type_or_self(), 0.0);
        let fp_zero = if fp_ty.is_vector() {
            Attr::splat(fp_ty, fp_zero)
        } else {
            fp_zero
        };
        let fp_zero = self.value(rarith::ConstantOp::OP, &[], fp_ty, &[("value", fp_zero)]);
        let int_zero = self.int_constant(int_ty, 0);
        let olt = Attr::int(self.ctx().integer_type(64), &ApInt::from_u64(64, CMPF_OLT));
        let bool_ty = self.bool_like(fp_ty);
        let negative = self.value(
            rarith::CmpFOp::OP,
            &[input, fp_zero],
            bool_ty,
            &[("predicate", olt)],
        );
        let negated = self.value(rarith::NegFOp::OP, &[input], fp_ty, &[]);
        let magnitude = self.select(negative, negated, input);
        let unsigned = self.cast(rarith::FPToUIOp::OP, magnitude, int_ty);
        let flipped = self.binary(rarith::SubIOp::OP, int_zero, unsigned);
        Some(self.select(negative, flipped, unsigned))
    }

    /// High half `fptoui(x / 2^N)`, low half `fptoui(x rem 2^N)`, where 2^N
    /// is rounded toward zero into the float type (its largest finite value
    /// when it overflows).
    fn fptoui(&mut self, op: Op<'ir>, ops: &[Value<'ir>]) -> Option<Value<'ir>> {
        let int_ty = op.result(0).ty();
        let new_ty = self.halves_type(int_ty)?;
        let input = ops[0];
        let fp_ty = input.ty();
        let n = self.conv.n;
        let half_int = self.ctx().integer_type(n);
        let half_ty = if fp_ty.is_vector() {
            fp_ty.with_element_type(half_int)?
        } else {
            half_int
        };
        let element = fp_ty.element_type_or_self();
        let scale = power_of_two_toward_zero(element, n)?;
        let scale = if fp_ty.is_vector() {
            Attr::splat(fp_ty, scale)
        } else {
            scale
        };
        let scale = self.value(rarith::ConstantOp::OP, &[], fp_ty, &[("value", scale)]);
        let quotient = self.binary(rarith::DivFOp::OP, input, scale);
        let high = self.cast(rarith::FPToUIOp::OP, quotient, half_ty);
        let remainder = self.binary(rarith::RemFOp::OP, input, scale);
        let low = self.cast(rarith::FPToUIOp::OP, remainder, half_ty);
        let high = self.append_unit(high);
        let low = self.append_unit(low);
        Some(self.join_halves(new_ty, low, high))
    }
}

/// `cmpf olt` (upstream's numbering).
const CMPF_OLT: u64 = 4;

/// 2^n in float type `ty` as upstream's fptoui emulation builds it: exact
/// when in range; on overflow APFloat's toward-zero conversion reports only
/// "inexact" and upstream takes infinity (NaN in formats without one).
/// Rounding to nearest gives exactly that. Formats the semantics core does
/// not model are built from a double, and left unconverted on overflow.
fn power_of_two_toward_zero<'ir>(ty: Type<'ir>, n: u32) -> Option<Attr<'ir>> {
    if let Some(format) = ty.float_format() {
        let power = ApInt::from_u64(n + 1, 0).with_bit(n);
        return Some(Attr::float(ty, Fp::from_int(format, &power, false)?));
    }
    let power = 2f64.powi(i32::try_from(n).ok()?);
    let attr = Attr::float_f64(ty, power);
    (attr.as_f64() == Some(power)).then_some(attr)
}

#[cfg(test)]
mod tests {
    use super::Converter;
    use crate::ffi::ir::Op;

    #[test]
    fn a_type_is_legal_exactly_when_the_conversion_keeps_it() {
        let context = crate::new_context();
        let mut module = melior::ir::Module::parse(&context, "module {}").expect("parses");
        let ctx = Op::from_melior(&mut module).expect("module op").context();
        let conv = Converter::new(ctx, 16);
        let cases = [
            ("i1", true),
            ("i16", true),
            ("i32", false), // split in halves
            ("i33", false), // no conversion
            ("i64", false),
            ("index", true),
            ("f32", true),
            ("vector<4xi8>", true),
            ("vector<2x3xi32>", false),
            ("vector<4xi48>", false),
            ("vector<4xf64>", true),
            ("tensor<4xi32>", true),
            ("(i16, f32) -> i8", true),
            ("(i16) -> i32", false),
            ("(i64) -> ()", false),
        ];
        for (text, legal) in cases {
            let ty = ctx.parse_type(text).expect(text);
            assert_eq!(conv.is_legal(ty), legal, "{text}");
            assert_eq!(conv.is_legal(ty), conv.convert(ty) == Some(ty), "{text}");
        }
    }
}
