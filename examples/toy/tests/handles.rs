//! Handles and the changes that free IR. A pattern's replacements and
//! erasures take effect when it returns: until then every handle it holds,
//! to the root included, still reads what it read before. (That a handle
//! cannot be kept past the call that received it is checked by the
//! compiler: see the `compile_fail` examples of the bridge's crate docs.)

use melior::ir::Module;
use melior::ir::operation::OperationLike;
use rmlir_bridge::greedy::apply_patterns_greedily;
use rmlir_bridge::ir::{Attr, Op};
use rmlir_bridge::model::PatternDef;
use rmlir_bridge::rewrite::Rewriter;
use rmlir_bridge::semantics::ApInt;
use rmlir_bridge::typed::OdsOp;
use toy_dialect::ods::toy::{ConstantOp, MulOp, NegOp};

/// `toy.neg %x` -> `toy.mul %x, -1`, checking on the way that asking for
/// changes changed nothing yet.
fn neg_to_mul<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(neg) = NegOp::from_op(op) else {
        return false;
    };
    let x = neg.input();
    let ty = x.ty();
    let loc = op.location();
    let constant = |rw: &mut Rewriter<'ir>, v: i64| {
        let value = Attr::int(ty, &ApInt::from_i64(64, v));
        rw.create(ConstantOp::NAME, loc, &[], &[ty], &[("value", value)])
    };
    let minus_one = constant(rw, -1);
    let unused = constant(rw, 7);
    let mul = rw.create(MulOp::NAME, loc, &[x, minus_one.result(0)], &[ty], &[]);
    let users = op.result(0).users();
    rw.replace_op(op, &[mul.result(0)]);
    rw.erase_op(unused);
    // Nothing is replaced or freed before the pattern returns.
    assert_eq!(op.name(), "toy.neg");
    assert_eq!(op.operand(0), x);
    assert_eq!(op.result(0).users(), users);
    assert!(!mul.result(0).has_uses());
    assert_eq!(unused.name(), "toy.constant");
    assert_eq!(unused.parent_block(), op.parent_block());
    true
}

static PATTERNS: &[PatternDef] = rmlir_bridge::patterns!(NegOp: "NegToMul" => neg_to_mul / 1);

#[test]
fn a_patterns_replacements_and_erasures_take_effect_when_it_returns() {
    let context = toy_dialect::new_context();
    let module = Module::parse(
        &context,
        "func.func @f(%x: i64) -> i64 {\n  %n = toy.neg %x\n  return %n : i64\n}\n",
    )
    .expect("parses");
    let root = Op::from_melior(&module).expect("module op");
    assert!(apply_patterns_greedily(root, &[PATTERNS]), "converges");
    let out = module.as_operation().to_string();
    // The pattern's assertions held (a failed one is a caught panic that
    // leaves the IR as it was), and its changes were carried out.
    assert!(!out.contains("toy.neg"), "{out}");
    assert!(out.contains("toy.constant -1"), "{out}");
    assert!(!out.contains("toy.constant 7"), "{out}");
    assert!(out.contains("toy.mul %arg0, %"), "{out}");
    assert!(module.as_operation().verify(), "{out}");
}
