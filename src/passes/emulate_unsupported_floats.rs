//! `rarith-emulate-unsupported-floats`: upstream's
//! `arith-emulate-unsupported-floats` on rarith. Every rarith op (and the
//! vector ops that compute) on a `source-types` float is rebuilt on
//! `target-type`: operands are extended (`extf ... fastmath<contract>`, the
//! driver's target materialization), results truncated back (`truncf ...
//! fastmath<contract>`). Runs on MLIR's own dialect conversion (partial), as
//! upstream's pass does.

use super::{RunPass, decls};
use crate::ffi::dialect_conversion::{
    ConversionPattern, DialectConversion, Legality, legality_fn, materialize_fn, rewrite_fn,
    type_fn,
};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Context, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::enums::rarith::FastMathFlags;
use smallvec::SmallVec;
use std::cell::RefCell;

impl RunPass for decls::RArithEmulateUnsupportedFloats {
    type Options = decls::RArithEmulateUnsupportedFloatsOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        let sources: Vec<&str> = options.source_types.iter().map(String::as_str).collect();
        run(ir, &sources, &options.target_type)
    }
}

/// The float type names the pass accepts (upstream's `parseFloatType`).
const FLOAT_NAMES: &[&str] = &[
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "bf16",
    "f16",
    "f32",
    "f64",
    "f80",
    "f128",
];

fn float_type<'ir>(ctx: Context<'ir>, name: &str) -> Option<Type<'ir>> {
    FLOAT_NAMES
        .contains(&name)
        .then(|| ctx.parse_type(name))
        .flatten()
}

/// Vector ops that compute on their element type (converted when illegal).
const VECTOR_ARITHMETIC: &[&str] = &[
    "vector.contract",
    "vector.reduction",
    "vector.multi_reduction",
    "vector.fma",
    "vector.outerproduct",
    "vector.scan",
];
/// Vector ops that only move values (always legal).
const VECTOR_MOVES: &[&str] = &["vector.splat", "vector.broadcast"];

fn run(ir: &mut Ir, source_names: &[&str], target_name: &str) -> bool {
    let ctx = ir.context();
    let Some(target) = float_type(ctx, target_name) else {
        ctx.emit_error(&format!(
            "could not map target type '{target_name}' to a known floating-point type"
        ));
        return false;
    };
    let mut sources = Vec::new();
    for name in source_names {
        let Some(ty) = float_type(ctx, name) else {
            ctx.emit_error(&format!(
                "could not map source type '{name}' to a known floating-point type"
            ));
            return false;
        };
        sources.push(ty);
    }
    if sources.contains(&target) {
        ctx.emit_error("target type cannot be an unsupported source type");
        return false;
    }
    // The callbacks see the handles of each call: what they compare with
    // and build from is brought to those handles' lifetime (`within`).
    let convert = type_fn(|ty| {
        // Not `contains`: `t` lives shorter than the handles in `sources`.
        #[allow(clippy::manual_contains)]
        let is_source = |t: Type| sources.iter().any(|s| *s == t);
        if is_source(ty) {
            return Some(target.within(ty.context()));
        }
        if ty.is_shaped() && is_source(ty.element_type_or_self()) {
            return ty.with_element_type(target.within(ty.context()));
        }
        Some(ty)
    });
    // Types are uniqued in the context and live as long as it: the few a
    // program uses that are legal are remembered by address, so that an
    // op's check is a few comparisons rather than a conversion per value.
    let legal_types = RefCell::new(SmallVec::<[usize; 16]>::new());
    let legal_type = |ty: Type| {
        let address = ty.raw().ptr as usize;
        if legal_types.borrow().contains(&address) {
            return true;
        }
        let legal = convert(ty) == Some(ty);
        let mut known = legal_types.borrow_mut();
        if legal && known.len() < known.inline_size() {
            known.push(address);
        }
        legal
    };
    let op_is_legal = |op: Op| {
        op.operands().all(|v| legal_type(v.ty())) && op.results().all(|v| legal_type(v.ty()))
    };
    let contract = ctx
        .enum_attr(
            FastMathFlags::ATTR_NAME,
            u64::from(FastMathFlags::CONTRACT.bits()),
        )
        .expect("fastmath attribute");
    let legality = legality_fn(|op| {
        let name = op.name();
        if op.isa::<rarith::BitcastOp>()
            || op.isa::<rarith::ExtFOp>()
            || op.isa::<rarith::TruncFOp>()
            || op.isa::<rarith::ConstantOp>()
            || op.isa::<rarith::SelectOp>()
            || VECTOR_MOVES.contains(&name)
        {
            return Legality::Legal;
        }
        let ours = name
            .strip_prefix(crate::ods::rarith::DIALECT)
            .is_some_and(|rest| rest.starts_with('.'));
        if ours || VECTOR_ARITHMETIC.contains(&name) {
            return if op_is_legal(op) {
                Legality::Legal
            } else {
                Legality::Illegal
            };
        }
        Legality::Legal
    });
    let extend = materialize_fn(|b, ty, inputs, loc| {
        let [input] = inputs else { return None };
        let ext = b.create(
            rarith::ExtFOp::OP,
            loc,
            &[*input],
            &[ty],
            &[("fastmath", contract.within(ty.context()))],
        );
        Some(ext.result(0))
    });
    let emulate = rewrite_fn(|op, operands, rw| {
        let contract = contract.within(op.context());
        emulate_op(op, operands, rw, &convert, op_is_legal(op), contract)
    });
    let patterns = [ConversionPattern {
        root: None,
        benefit: 1,
        rewrite: &emulate,
    }];
    DialectConversion {
        convert_type: Some(&convert),
        materialize_target: Some(&extend),
        materialize_source: None,
        legal_dialects: &[],
        illegal_dialects: &[],
        legal_ops: &[],
        illegal_ops: &[],
        dynamic_ops: &[],
        legality: Some(&legality),
        patterns: &patterns,
        convert_func_signatures: false,
        plain_patterns: false,
        llvm_index_bitwidth: None,
        spirv: None,
    }
    .apply_partial(ir)
}

/// The op rebuilt on converted operands and result types, each converted
/// result truncated back to its old type.
fn emulate_op<'ir>(
    op: Op<'ir>,
    operands: &[Value<'ir>],
    rw: &mut Rewriter<'ir>,
    convert: &dyn Fn(Type<'ir>) -> Option<Type<'ir>>,
    legal: bool,
    contract: Attr<'ir>,
) -> bool {
    if legal || op.num_regions() != 0 || op.num_successors() != 0 {
        return false;
    }
    let loc = op.location();
    let old_types: Vec<Type> = op.results().map(|r| r.ty()).collect();
    let Some(new_types) = old_types
        .iter()
        .map(|t| convert(*t))
        .collect::<Option<Vec<_>>>()
    else {
        op.emit_op_error("type conversion failed in float emulation");
        return false;
    };
    let expanded = rw.create(op.op_name(), loc, operands, &new_types, &op.attributes());
    let mut results: Vec<Value> = expanded.results().collect();
    for ((res, old), new) in results.iter_mut().zip(&old_types).zip(&new_types) {
        if old != new {
            let trunc = rw.create(
                rarith::TruncFOp::OP,
                loc,
                &[*res],
                &[*old],
                &[("fastmath", contract)],
            );
            *res = trunc.result(0);
        }
    }
    rw.replace_op(op, &results);
    true
}
