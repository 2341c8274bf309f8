//! The toy dialect end to end, from Rust: parsed in a context holding it,
//! canonicalized by upstream's canonicalize (its Rust folders and pattern),
//! lowered by its Rust pass and upstream's `convert-to-llvm`, run in
//! MLIR's ExecutionEngine. The program's results, folded or not, are
//! Rust's wrapping i64 arithmetic.

use melior::ir::Module;
use melior::pass::PassManager;
use proptest::prelude::*;
use rmlir_bridge::exec::{Jit, OptLevel, Scalar};

/// `-clamp(2 * x * y + c, lo, hi)`, and the same with `x`, `y` constant
/// (so that canonicalize folds all of it).
fn program(c: i64, lo: i64, hi: i64, x: i64, y: i64) -> String {
    format!(
        r#"
func.func @f(%x: i64, %y: i64) -> i64 attributes {{llvm.emit_c_interface}} {{
  %c = toy.constant {c}
  %0 = toy.mul %x, %y
  %1 = toy.add %0, %0
  %2 = toy.add %1, %c
  %3 = toy.clamp %2 to [{lo}, {hi}]
  %4 = toy.neg %3
  return %4 : i64
}}
func.func @g() -> i64 attributes {{llvm.emit_c_interface}} {{
  %x = toy.constant {x}
  %y = toy.constant {y}
  %r = func.call @f(%x, %y) : (i64, i64) -> i64
  return %r : i64
}}
"#
    )
}

fn expected(c: i64, lo: i64, hi: i64, x: i64, y: i64) -> i64 {
    let product = x.wrapping_mul(y);
    product
        .wrapping_add(product)
        .wrapping_add(c)
        .clamp(lo, hi)
        .wrapping_neg()
}

/// `source` parsed in `context`, after `pipeline`.
fn run<'c>(context: &'c melior::Context, source: &str, pipeline: &str) -> Module<'c> {
    let mut module = Module::parse(context, source).expect("parses");
    let pm = PassManager::new(context);
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .expect("pipeline parses");
    pm.run(&mut module).expect("pipeline runs");
    module
}

fn call(module: &Module, name: &str, args: &[Scalar]) -> i64 {
    let jit = Jit::new(module, OptLevel::O2, &[]).expect("JIT compiles");
    match jit.call(name, args, Some(Scalar::I64(0))).expect("call") {
        Some(Scalar::I64(v)) => v,
        other => panic!("unexpected result {other:?}"),
    }
}

const LOWER: &str =
    "builtin.module(convert-toy-to-arith,convert-to-llvm,reconcile-unrealized-casts)";
/// Inlining @f into @g makes @g's body constant, so that canonicalize
/// folds all of it: what runs is then the folders' result.
const FOLD_THEN_LOWER: &str = "builtin.module(inline,canonicalize,convert-toy-to-arith,convert-to-llvm,reconcile-unrealized-casts)";

/// @g of `source` after inlining and canonicalize: one constant returned.
fn folded_g(context: &melior::Context, source: &str) -> String {
    let module = run(context, source, "builtin.module(inline,canonicalize)");
    let text = module.as_operation().to_string();
    let (_, g) = text.split_once("func.func @g").expect("@g is printed");
    assert!(
        !g.contains("toy.mul") && !g.contains("toy.add") && !g.contains("call"),
        "@g did not fold: {text}"
    );
    g.to_string()
}

#[test]
fn canonicalize_folds_a_constant_program_to_one_constant() {
    let context = toy_dialect::new_context();
    let module = run(
        &context,
        &program(5, -100, 100, 3, 7),
        "builtin.module(inline,canonicalize)",
    );
    let text = module.as_operation().to_string();
    let (f, g) = text.split_once("func.func @g").expect("@g is printed");
    // -clamp(2 * 21 + 5, -100, 100) = -47, and nothing else in @g.
    assert!(g.contains("toy.constant -47"), "{text}");
    assert!(!g.contains("toy.mul") && !g.contains("call"), "{text}");
    // In @f, x + x became x * 2 (the canonicalization pattern).
    assert!(
        f.contains("toy.constant 2") && !f.contains("toy.add %2, %2"),
        "{text}"
    );
}

#[test]
fn edge_values_agree_with_rust_folded_or_not() {
    let context = toy_dialect::new_context();
    let edges = [i64::MIN, -1, 0, 1, i64::MAX];
    for &x in &edges {
        for &y in &edges {
            let (c, lo, hi) = (7, i64::MIN + 1, i64::MAX - 1);
            let want = expected(c, lo, hi, x, y);
            let source = program(c, lo, hi, x, y);
            let lowered = run(&context, &source, LOWER);
            folded_g(&context, &source);
            let folded = run(&context, &source, FOLD_THEN_LOWER);
            assert_eq!(call(&lowered, "g", &[]), want, "x={x} y={y}");
            assert_eq!(call(&folded, "g", &[]), want, "x={x} y={y} (folded)");
            let args = [Scalar::I64(x), Scalar::I64(y)];
            assert_eq!(call(&lowered, "f", &args), want, "f({x}, {y})");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn folders_compute_what_the_lowered_code_computes(
        c in any::<i64>(), a in any::<i64>(), b in any::<i64>(),
        x in any::<i64>(), y in any::<i64>(),
    ) {
        let (lo, hi) = (a.min(b), a.max(b));
        let context = toy_dialect::new_context();
        let source = program(c, lo, hi, x, y);
        folded_g(&context, &source);
        let folded = run(&context, &source, FOLD_THEN_LOWER);
        prop_assert_eq!(call(&folded, "g", &[]), expected(c, lo, hi, x, y));
    }
}

#[test]
fn generated_builders_build_verified_ops_and_report_bad_ones() {
    use melior::ir::attribute::IntegerAttribute;
    use melior::ir::r#type::IntegerType;
    use melior::ir::{Block, BlockLike, Location};
    use toy_dialect::ops::toy;

    let context = toy_dialect::new_context();
    let location = Location::unknown(&context);
    let i64t = IntegerType::new(&context, 64).into();
    let block = Block::new(&[(i64t, location)]);
    let x = block.argument(0).unwrap();
    let seven = block.append_operation(
        toy::constant(location, IntegerAttribute::new(i64t, 7).into())
            .unwrap()
            .into(),
    );
    let sum = toy::add(location, x, seven.result(0).unwrap()).unwrap();
    assert_eq!(
        sum.to_string(),
        "%0 = toy.add <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>\n"
    );
    let bound = |v: i64| IntegerAttribute::new(i64t, v).into();
    assert!(toy::clamp(location, x, bound(0), bound(9)).is_ok());
    // The verifier (Rust) runs on what the builder made: an empty interval
    // is an error carrying its diagnostic.
    let error = toy::clamp(location, x, bound(9), bound(0)).unwrap_err();
    assert!(
        format!("{error:?}").contains("requires lo <= hi, but the interval is [9, 0]"),
        "{error:?}"
    );
    // An i32 operand is no operand of a toy op.
    let narrow = Block::new(&[(IntegerType::new(&context, 32).into(), location)]);
    assert!(toy::neg(location, narrow.argument(0).unwrap()).is_err());
}

#[test]
fn toy_ops_answer_has_trait_as_mlirs_own_op_model() {
    let context = toy_dialect::new_context();
    let ctx = rmlir_bridge::ir::Context::from_melior(&context);
    for op in [
        "toy.constant",
        "toy.add",
        "toy.mul",
        "toy.neg",
        "toy.clamp",
        "toy.let",
        "toy.type",
        "toy.scope",
        "toy.yield",
    ] {
        assert_eq!(ctx.op_traits_agree(op), Some(true), "{op}");
    }
}

/// ODS names that are Rust keywords come out escaped in every generated
/// item: the builder `r#let` (and `r#type`), its parameters `use_`,
/// `where_`, `self_`, `impl_`, `loop_`, and the views' accessors of the
/// same names, bridge-layer and scoped.
#[test]
fn ods_names_that_are_rust_keywords_are_escaped() {
    use melior::ir::attribute::IntegerAttribute;
    use melior::ir::operation::OperationLike;
    use melior::ir::r#type::IntegerType;
    use melior::ir::{Block, BlockLike, Location};
    use rmlir_bridge::typed::OdsOp;
    use toy_dialect::ods::toy::{LetOp, TypeOp};
    use toy_dialect::ops::toy;

    let context = toy_dialect::new_context();
    let location = Location::unknown(&context);
    let i64t = IntegerType::new(&context, 64).into();
    let block = Block::new(&[(i64t, location), (i64t, location)]);
    let (a, b) = (block.argument(0).unwrap(), block.argument(1).unwrap());
    let seven = IntegerAttribute::new(i64t, 7).into();
    let built = toy::r#let(location, a, b, a, b, seven).unwrap();
    assert_eq!(
        built.to_string(),
        "%0 = toy.let <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>>, \
         <<UNKNOWN SSA VALUE>> loop 7\n"
    );
    assert!(toy::r#type(location, a).is_ok());
    // Parsed back, the bridge-layer views read the operands by their names.
    let mut module = Module::parse(
        &context,
        "func.func @f(%a: i64, %b: i64) -> i64 {
           %0 = toy.let %a, %b, %a, %b loop 7
           %1 = toy.type %0
           return %1 : i64
         }",
    )
    .expect("parses");
    assert!(module.as_operation().verify());
    let ir = rmlir_bridge::exclusive::Ir::from_melior(&mut module);
    let lets = rmlir_bridge::walk::collect(ir.root(), |op| LetOp::from_op(op).is_some());
    let view = LetOp::from_op(lets[0]).expect("a toy.let");
    assert_eq!(view.use_(), view.self_());
    assert_eq!(view.where_(), view.impl_());
    assert_ne!(view.use_(), view.where_());
    assert_eq!(view.match_(), view.result(0));
    assert!(view.loop_().is_some());
    assert!(TypeOp::from_op(lets[0]).is_none());
}

/// `toy.scope`, toy's region op: nested scopes whose bodies use their
/// arguments, values from outside, and yield an argument directly.
const SCOPES: &str = r#"
func.func @s(%x: i64, %y: i64) -> i64 attributes {llvm.emit_c_interface} {
  %c3 = toy.constant 3
  %0 = toy.scope(%x, %y) {
  ^bb0(%a: i64, %b: i64):
    %p = toy.mul %a, %c3
    %inner = toy.scope(%p, %b) {
    ^bb0(%u: i64, %v: i64):
      %s = toy.add %u, %v
      toy.yield %s
    }
    toy.yield %inner
  }
  %1 = toy.scope(%0) {
  ^bb0(%z: i64):
    toy.yield %z
  }
  return %1 : i64
}
"#;

#[test]
fn canonicalize_inlines_scopes_with_their_arguments_bound() {
    use melior::ir::operation::OperationLike;
    let context = toy_dialect::new_context();
    let module = run(&context, SCOPES, "builtin.module(canonicalize)");
    let text = module.as_operation().to_string();
    assert!(
        !text.contains("toy.scope") && !text.contains("toy.yield"),
        "{text}"
    );
    assert!(text.contains("toy.mul %arg0, %"), "{text}");
    assert!(text.contains("toy.add %"), "{text}");
    assert!(module.as_operation().verify(), "{text}");
}

#[test]
fn scopes_lower_and_run_as_what_they_yield() {
    let context = toy_dialect::new_context();
    for pipeline in [LOWER, FOLD_THEN_LOWER] {
        let module = run(&context, SCOPES, pipeline);
        for (x, y) in [(1, 2), (-5, 7), (i64::MAX, 1)] {
            let want = x.wrapping_mul(3).wrapping_add(y);
            let got = call(&module, "s", &[Scalar::I64(x), Scalar::I64(y)]);
            assert_eq!(got, want, "{pipeline}: s({x}, {y})");
        }
    }
}

#[test]
fn a_scope_body_takes_one_i64_argument_per_input() {
    let context = toy_dialect::new_context();
    let bad = "func.func @f(%x: i64) -> i64 {
      %0 = toy.scope(%x) {
        toy.yield %x
      }
      return %0 : i64
    }";
    let (module, diagnostics) =
        rmlir_bridge::diagnostics::capture(&context, || Module::parse(&context, bad));
    assert!(module.is_none());
    assert!(
        diagnostics
            .iter()
            .any(|d| d.contains("expects its body to take one argument per input (1), not 0")),
        "{diagnostics:?}"
    );
}
