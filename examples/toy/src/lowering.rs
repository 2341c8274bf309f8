//! `convert-toy-to-arith`: every toy op becomes upstream arith (declared in
//! `td/ToyPasses.td`). From there, upstream's own passes
//! (`convert-to-llvm`) take the program to the LLVM dialect.

use crate::ods::toy::{AddOp, ClampOp, ConstantOp, DIALECT, LetOp, MulOp, NegOp, ScopeOp, TypeOp};
use crate::passes::{ConvertToyToArith, ConvertToyToArithOptions};
use crate::scope::Scope;
use rmlir_bridge::exclusive::Ir;
use rmlir_bridge::ir::{Attr, Op, Value};
use rmlir_bridge::passes::RunPass;
use rmlir_bridge::semantics::ApInt;
use rmlir_bridge::walk::{self, Builder};

impl RunPass for ConvertToyToArith {
    type Options = ConvertToyToArithOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        // Scopes first, innermost first: their bodies join the block they
        // are in, their results are what they yield.
        for op in walk::collect(ir.root(), |op| op.view::<ScopeOp>().is_some()) {
            let scope = Scope::of(op).expect("verified: a body ending in toy.yield");
            walk::inline_block_before(ir, scope.body, op, &scope.inputs);
            walk::replace_and_erase(ir, op, &[scope.result]);
            walk::erase(ir, scope.yield_op);
        }
        for op in walk::collect(ir.root(), |op| op.dialect_namespace() == DIALECT) {
            let lowered = lower(op, &options);
            walk::replace_and_erase(ir, op, &[lowered]);
        }
        true
    }
}

/// The arith value that computes `op`'s result, built before `op`.
fn lower<'ir>(op: Op<'ir>, options: &ConvertToyToArithOptions) -> Value<'ir> {
    let b = Builder::before(op);
    let loc = op.location();
    let ty = op.result(0).ty();
    let arith = |name: &str, operands: &[Value<'ir>], attrs: &[(&str, Attr<'ir>)]| {
        b.create(name, loc, operands, &[ty], attrs).result(0)
    };
    let constant = |value: Attr<'ir>| arith("arith.constant", &[], &[("value", value)]);
    // Ops without computation: the operand they stand for.
    if let Some(t) = op.view::<TypeOp>() {
        return t.input();
    }
    if let Some(l) = op.view::<LetOp>() {
        return l.use_();
    }
    if let Some(c) = op.view::<ConstantOp>() {
        return constant(c.value().expect("verified: a value"));
    }
    if let Some(add) = op.view::<AddOp>() {
        return arith("arith.addi", &[add.lhs(), add.rhs()], &[]);
    }
    if let Some(mul) = op.view::<MulOp>() {
        return arith("arith.muli", &[mul.lhs(), mul.rhs()], &[]);
    }
    if let Some(neg) = op.view::<NegOp>() {
        let zero = constant(Attr::int(ty, &ApInt::zero(64)));
        return arith("arith.subi", &[zero, neg.input()], &[]);
    }
    let clamp = op.view::<ClampOp>().expect("every toy op is lowered");
    let bound = |b: Option<Attr<'ir>>| constant(b.expect("verified: both bounds"));
    let (lo, hi) = (bound(clamp.lo()), bound(clamp.hi()));
    let x = clamp.input();
    if options.clamp_with_select {
        let i1 = op.context().integer_type(1);
        let predicate = |p: u64| Attr::int(op.context().integer_type(64), &ApInt::from_u64(64, p));
        let select = |cond: Value<'ir>, a: Value<'ir>, c: Value<'ir>| {
            arith("arith.select", &[cond, a, c], &[])
        };
        // arith.cmpi predicates: slt = 2, sgt = 4.
        let below = b
            .create(
                "arith.cmpi",
                loc,
                &[x, lo],
                &[i1],
                &[("predicate", predicate(2))],
            )
            .result(0);
        let raised = select(below, lo, x);
        let above = b
            .create(
                "arith.cmpi",
                loc,
                &[raised, hi],
                &[i1],
                &[("predicate", predicate(4))],
            )
            .result(0);
        return select(above, hi, raised);
    }
    let raised = arith("arith.maxsi", &[x, lo], &[]);
    arith("arith.minsi", &[raised, hi], &[])
}
