//! Op-by-op IR building for conversion patterns that upstream writes without
//! a type converter (`convert-rshape-to-std`; `rarith-expand` shares the
//! predicates and [`Emit`]), run by MLIR's own partial conversion: it folds
//! first, hands patterns their mapped operands, keeps replaced ops in place
//! until the end (patterns see original producers), and legalizes what a
//! pattern creates, as for upstream's pass.

use crate::ffi::dialect_conversion::{ConversionPattern, DialectConversion, rewrite_fn};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::op_access::OpName;
use crate::ffi::ir::{Attr, Detached, Location, Op, Type, Value};
use crate::ffi::region::Block;
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;

/// `cmpi` predicates (upstream's numbering).
pub const EQ: i64 = 0;
pub const NE: i64 = 1;
pub const SLT: i64 = 2;
pub const SLE: i64 = 3;
pub const SGT: i64 = 4;
pub const ULT: i64 = 6;
pub const UGT: i64 = 8;
pub const UGE: i64 = 9;

/// Builds the IR of one conversion pattern: ops go through MLIR's
/// conversion rewriter (before the op being converted, or at the end of a
/// block of a region the pattern creates), so the driver sees, legalizes
/// and, on failure, rolls back everything a pattern builds.
pub struct Driver<'r, 'ir> {
    rw: &'r mut Rewriter<'ir>,
    /// The operands of the op being converted, as the driver maps them.
    adaptor: &'r [Value<'ir>],
}

/// A pattern: rewrites `op` through the driver; false when it does not apply.
pub type Apply = for<'r, 'ir> fn(&mut Driver<'r, 'ir>, Op<'ir>) -> bool;

impl<'r, 'ir> Driver<'r, 'ir> {
    /// MLIR's partial conversion of everything under the op `ir` gives
    /// access to, without a type converter (patterns see the replacement
    /// values of their operands as they are): the ops of `legal_dialects`
    /// and the ops named in `legal_ops` are legal (MLIR's own target
    /// answers, without calling into Rust), the others are attempted by
    /// `apply` (registered for each of `roots`) and stay when it fails.
    /// The driver folds first, legalizes the ops a pattern creates, and
    /// fails (with its diagnostic) when a replacement of another type keeps
    /// a use.
    pub fn run(
        ir: &mut Ir,
        legal_dialects: &[&str],
        legal_ops: &[&str],
        roots: &[&'static str],
        apply: Apply,
    ) -> bool {
        let rewrite = rewrite_fn(|op, operands, rw| {
            let mut driver = Driver {
                rw,
                adaptor: operands,
            };
            apply(&mut driver, op)
        });
        let patterns: Vec<ConversionPattern> = roots
            .iter()
            .map(|root| ConversionPattern {
                root: Some(root),
                benefit: 1,
                rewrite: &rewrite,
            })
            .collect();
        DialectConversion {
            convert_type: None,
            materialize_target: None,
            materialize_source: None,
            legal_dialects,
            illegal_dialects: &[],
            legal_ops,
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

    /// The operands of the op being converted (the adaptor values).
    pub fn operands(&self, _op: Op<'ir>) -> &'r [Value<'ir>] {
        self.adaptor
    }

    /// Replaces `op` by `values` (true: the op is converted).
    pub fn replace(&mut self, op: Op<'ir>, values: Vec<Value<'ir>>) -> bool {
        self.rw.replace_op(op, &values);
        true
    }

    /// Inserts a detached op (one with regions, or a clone) at `e`.
    pub fn insert(&mut self, e: &Emit<'ir>, op: Detached<'ir>) -> Op<'ir> {
        match e.at {
            At::BeforeRoot => self.rw.insert(op),
            At::End(block) => {
                self.rw.set_insertion_point_to_end(block);
                self.rw.insert_here(op)
            }
        }
    }

    /// Creates an op at `e` and returns its first result.
    pub fn emit<'n>(
        &mut self,
        e: &Emit<'ir>,
        name: impl Into<OpName<'n>>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Value<'ir> {
        self.emit_op(e, name, operands, types, attrs).result(0)
    }

    pub fn emit_op<'n>(
        &mut self,
        e: &Emit<'ir>,
        name: impl Into<OpName<'n>>,
        operands: &[Value<'ir>],
        types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        let name = name.into();
        let op = Op::create(name, e.loc, operands, types, attrs)
            .unwrap_or_else(|| panic!("op `{}` is not registered", name.name()));
        self.insert(e, op)
    }

    pub fn index(&mut self, e: &Emit<'ir>, v: i64) -> Value<'ir> {
        let ctx = e.loc.context();
        let attr = Attr::int(ctx.index_type(), &ApInt::from_i64(64, v));
        self.emit(
            e,
            rarith::ConstantOp::OP,
            &[],
            &[ctx.index_type()],
            &[("value", attr)],
        )
    }

    pub fn boolean(&mut self, e: &Emit<'ir>, v: bool) -> Value<'ir> {
        let ctx = e.loc.context();
        let attr = ctx.bool_attr(v);
        self.emit(
            e,
            rarith::ConstantOp::OP,
            &[],
            &[ctx.integer_type(1)],
            &[("value", attr)],
        )
    }

    pub fn dim(&mut self, e: &Emit<'ir>, t: Value<'ir>, i: Value<'ir>) -> Value<'ir> {
        let ctx = e.loc.context();
        self.emit(e, "tensor.dim", &[t, i], &[ctx.index_type()], &[])
    }

    pub fn cmpi(
        &mut self,
        e: &Emit<'ir>,
        predicate: i64,
        a: Value<'ir>,
        b: Value<'ir>,
    ) -> Value<'ir> {
        let ctx = e.loc.context();
        let p = Attr::int(ctx.integer_type(64), &ApInt::from_i64(64, predicate));
        self.emit(
            e,
            rarith::CmpIOp::OP,
            &[a, b],
            &[ctx.integer_type(1)],
            &[("predicate", p)],
        )
    }

    pub fn binary<'n>(
        &mut self,
        e: &Emit<'ir>,
        name: impl Into<OpName<'n>>,
        a: Value<'ir>,
        b: Value<'ir>,
    ) -> Value<'ir> {
        let ty = a.ty();
        self.emit(e, name, &[a, b], &[ty], &[])
    }

    pub fn extract(&mut self, e: &Emit<'ir>, t: Value<'ir>, i: Value<'ir>) -> Value<'ir> {
        let elt = t.ty().element_type_or_self();
        self.emit(e, "tensor.extract", &[t, i], &[elt], &[])
    }

    pub fn yield_<'n>(
        &mut self,
        e: &Emit<'ir>,
        name: impl Into<OpName<'n>>,
        values: &[Value<'ir>],
    ) {
        self.emit_op(e, name, values, &[], &[]);
    }
}

/// Where new ops go.
#[derive(Clone, Copy)]
pub enum At<'ir> {
    /// Before the op being converted.
    BeforeRoot,
    /// At the end of a block (of a region the pattern creates).
    End(Block<'ir>),
}

/// Where new ops go, and the location they get.
pub struct Emit<'ir> {
    /// Where ops go.
    pub at: At<'ir>,
    /// Their location.
    pub loc: Location<'ir>,
}

impl<'ir> Emit<'ir> {
    /// Before `op` (the op being converted), with its location.
    pub fn before(op: Op<'ir>) -> Self {
        Emit {
            at: At::BeforeRoot,
            loc: op.location(),
        }
    }
    /// At the end of `block`.
    pub fn at_end(block: Block<'ir>, loc: Location<'ir>) -> Self {
        Emit {
            at: At::End(block),
            loc,
        }
    }
}
