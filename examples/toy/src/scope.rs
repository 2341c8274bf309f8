//! `toy.scope`, toy's region op: its verifier, and its inlining (the
//! canonicalization pattern here, the lowering pass in [`crate::lowering`]),
//! both built on [`Scope::of`].

use crate::ods::toy::{ScopeOp, YieldOp};
use rmlir_bridge::hooks;
use rmlir_bridge::ir::{Op, Value};
use rmlir_bridge::patterns;
use rmlir_bridge::region::Block;
use rmlir_bridge::rewrite::Rewriter;
use rmlir_bridge::typed::OdsOp;

hooks!(ScopeOp {
    verify_regions: verify_scope,
    patterns: patterns!(ScopeOp: "ToyInlineScope" => inline_scope / 1),
});

/// A `toy.scope` taken apart for inlining.
pub struct Scope<'ir> {
    /// Its body's block.
    pub body: Block<'ir>,
    /// The values its block arguments stand for.
    pub inputs: Vec<Value<'ir>>,
    /// Its terminator.
    pub yield_op: Op<'ir>,
    /// What the scope's result is once the body is inlined: the yielded
    /// value, or the input a yielded block argument stands for.
    pub result: Value<'ir>,
}

impl<'ir> Scope<'ir> {
    /// `op` taken apart, when it is a verified `toy.scope`.
    pub fn of(op: Op<'ir>) -> Option<Scope<'ir>> {
        let scope = ScopeOp::from_op(op)?;
        let body = scope.body().first_block()?;
        let yield_op = body.terminator()?;
        let yielded = YieldOp::from_op(yield_op)?.value();
        let inputs = scope.inputs();
        let result = match yielded.owner_block() {
            Some(owner) if owner == body => {
                let i = (0..body.num_arguments()).find(|&i| body.argument(i) == yielded)?;
                *inputs.get(i)?
            }
            _ => yielded,
        };
        Some(Scope {
            body,
            inputs,
            yield_op,
            result,
        })
    }
}

/// The body takes one `i64` argument per input.
fn verify_scope(op: Op) -> bool {
    let Some(scope) = ScopeOp::from_op(op) else {
        return true;
    };
    let Some(body) = op.region(0).and_then(|r| r.first_block()) else {
        return true;
    };
    let inputs = scope.inputs().len();
    if body.num_arguments() != inputs {
        op.emit_op_error(&format!(
            "expects its body to take one argument per input ({inputs}), not {}",
            body.num_arguments()
        ));
        return false;
    }
    if let Some(i) = (0..inputs).find(|&i| body.argument(i).ty().int_width() != Some(64)) {
        op.emit_op_error(&format!("expects body argument {i} to be an i64"));
        return false;
    }
    true
}

/// `toy.scope(%a) { ^bb0(%x): ...; toy.yield %v }` -> the body's ops
/// before it, `%x` replaced by `%a`, and its uses by `%v`.
fn inline_scope<'ir>(op: Op<'ir>, rewriter: &mut Rewriter<'ir>) -> bool {
    let Some(scope) = Scope::of(op) else {
        return false;
    };
    rewriter.inline_block_before(scope.body, op, &scope.inputs);
    rewriter.replace_op(op, &[scope.result]);
    rewriter.erase_op(scope.yield_op);
    true
}
