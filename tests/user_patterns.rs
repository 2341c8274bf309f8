//! Rewrite patterns written in safe Rust (`rmlir::rewrite`): rooted at a
//! generated op type, with closure state, joining canonicalize or run by the
//! greedy driver from a user pass; failures are errors, never crashes.
//!
//! Patterns that join canonicalize do so for the whole process, so each
//! test's pattern fires only on ops marked with the test's own discardable
//! attribute: the tests hold in any order and in parallel.

use melior::ir::attribute::IntegerAttribute;
use rmlir::ir::OpRef;
use rmlir::ods::rarith::{CmpIOp, CmpIPredicate, IntegerOverflowFlags, MulIOp, SubIOp};
use rmlir::ods::rshape::{BroadcastOp, ShapeOfOp};
use rmlir::rewrite::{self, Pattern};
use rmlir::{Error, ErrorKind};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// `Some` when the root (a typed view, or any op) carries `marker`.
fn marked<'s>(op: impl Into<OpRef<'s>>, marker: &str) -> Option<()> {
    op.into().attribute(marker).map(|_| ())
}

fn run(source: &str, pipeline: &str) -> Result<String, Error> {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, source).expect("parses");
    rmlir::pipeline::run(&context, &mut module, pipeline)?;
    Ok(module.as_operation().to_string())
}

fn canonicalize(source: &str) -> Result<String, Error> {
    run(source, "builtin.module(canonicalize)")
}

/// Registers a pass `pass` applying `patterns` greedily, and runs it on
/// `source`.
fn apply(pass: &str, patterns: Vec<Pattern>, source: &str) -> Result<String, Error> {
    rmlir::pipeline::register_pass(pass, "applies test patterns", move |scope| {
        scope.apply_greedily(&patterns)
    })?;
    run(source, &format!("builtin.module({pass})"))
}

/// What the patterns of a test saw, sorted, each once (the driver may
/// visit an op more than once).
fn seen<T: Ord + Clone>(log: &Mutex<Vec<T>>) -> Vec<T> {
    let mut seen = log.lock().unwrap().clone();
    seen.sort();
    seen.dedup();
    seen
}

/// `x * c -> x << log2(c)` for powers of two, counting its rewrites.
fn mul_to_shift(marker: &'static str, count: Arc<AtomicUsize>) -> Pattern {
    Pattern::new::<MulIOp>(marker, move |op, rewriter| {
        marked(op, marker)?;
        let c = IntegerAttribute::try_from(op.rhs().constant()?).ok()?;
        let c = c.value();
        (c > 1 && c.count_ones() == 1).then_some(())?;
        let x = op.lhs();
        let shift = IntegerAttribute::new(x.r#type(), i64::from(c.trailing_zeros()));
        let location = op.location();
        let amount = rewriter
            .insert(rmlir::ops::rarith::constant(location, shift.into()).ok()?)
            .ok()?;
        let shl = rewriter
            .insert(
                rmlir::ops::rarith::shli(
                    location,
                    x,
                    amount.result(0)?,
                    IntegerOverflowFlags::NONE,
                )
                .ok()?,
            )
            .ok()?;
        rewriter.replace_root(&[shl.result(0)?]).ok()?;
        count.fetch_add(1, Ordering::Relaxed);
        Some(())
    })
}

#[test]
fn a_typed_pattern_with_state_joins_canonicalize() {
    let count = Arc::new(AtomicUsize::new(0));
    rewrite::add_to_canonicalize(mul_to_shift("test.shift_a", Arc::clone(&count))).unwrap();
    let out = canonicalize(
        r#"func.func @f(%x: i32) -> (i32, i32, i32) {
             %c8 = rarith.constant 8 : i32
             %c6 = rarith.constant 6 : i32
             %a = rarith.muli %x, %c8 {test.shift_a} : i32
             %b = rarith.muli %x, %c6 {test.shift_a} : i32
             %c = rarith.muli %x, %c8 : i32
             return %a, %b, %c : i32, i32, i32
           }"#,
    )
    .unwrap();
    // Only the marked multiplication by a power of two became a shift; the
    // others are left to rmlir's own patterns.
    assert!(out.contains("rarith.shli %arg0, %c3_i32 : i32"), "{out}");
    assert!(
        out.contains("rarith.muli %arg0, %c6_i32 {test.shift_a} : i32"),
        "{out}"
    );
    assert!(out.contains("rarith.muli %arg0, %c8_i32 : i32"), "{out}");
    assert_eq!(count.load(Ordering::Relaxed), 1);
}

#[test]
fn canonicalize_runs_user_patterns_together_with_rmlirs_folds() {
    rewrite::add_to_canonicalize(mul_to_shift("test.shift_b", Arc::default())).unwrap();
    // The shift by a constant folds once its operand is constant too.
    let out = canonicalize(
        r#"func.func @f() -> i32 {
             %c5 = rarith.constant 5 : i32
             %c4 = rarith.constant 4 : i32
             %a = rarith.muli %c5, %c4 {test.shift_b} : i32
             return %a : i32
           }"#,
    )
    .unwrap();
    assert!(out.contains("rarith.constant 20 : i32"), "{out}");
    assert!(!out.contains("muli") && !out.contains("shli"), "{out}");
}

#[test]
fn patterns_join_canonicalize_once_and_only_at_our_ops() {
    rewrite::add_to_canonicalize(mul_to_shift("test.shift_c", Arc::default())).unwrap();
    let again = rewrite::add_to_canonicalize(mul_to_shift("test.shift_c", Arc::default()));
    let again = again.unwrap_err();
    assert_eq!(again.kind(), ErrorKind::Registration);
    assert!(again.to_string().contains("already joined"), "{again}");

    let foreign = Pattern::rooted_at("test.foreign", "func.return", |_, _| None);
    let error = rewrite::add_to_canonicalize(foreign).unwrap_err();
    assert!(
        error.to_string().contains("no rarith or rshape op"),
        "{error}"
    );
}

#[test]
fn rshape_ops_take_patterns_too() {
    // shape_of of a value of static type: an rshape pattern rooted at an
    // rshape op, joining through rshape's own dialect.
    rewrite::add_to_canonicalize(Pattern::new::<ShapeOfOp>("test.shape_d", |op, rewriter| {
        marked(op, "test.shape_d")?;
        rewriter.erase_root().ok()
    }))
    .unwrap();
    let out = canonicalize(
        r#"func.func @f(%t: tensor<?xf32>) -> tensor<1xindex> {
             %s = rshape.shape_of %t {test.shape_d} : tensor<?xf32> -> tensor<1xindex>
             %u = rshape.shape_of %t {test.shape_d} : tensor<?xf32> -> tensor<1xindex>
             return %s : tensor<1xindex>
           }"#,
    );
    // The first is used, so erasing it is refused and it stays; the unused
    // one is gone (by the pattern or by dead-code removal: both erase it).
    let out = out.unwrap();
    assert_eq!(out.matches("rshape.shape_of").count(), 1, "{out}");
}

#[test]
fn a_panicking_pattern_fails_the_pipeline_with_a_located_diagnostic() {
    rewrite::add_to_canonicalize(Pattern::new::<SubIOp>("test.panic_e", |op, _| {
        marked(op, "test.panic_e")?;
        panic!("the pattern broke");
    }))
    .unwrap();
    let error = canonicalize(
        r#"func.func @f(%x: i32, %y: i32) -> i32 {
             %0 = rarith.subi %x, %y {test.panic_e} : i32 loc("sub.mlir":3:14)
             return %0 : i32
           }"#,
    )
    .unwrap_err();
    // The op the pattern panicked on fails verification: the pass fails.
    assert!(error.message().ends_with("failed"), "{error}");
    let text = error.to_string();
    assert!(text.contains("sub.mlir\":3:14"), "{text}");
    assert!(text.contains("the pattern broke"), "{text}");
}

#[test]
fn replacements_that_do_not_fit_are_refused_and_change_nothing() {
    let outcomes = Arc::new(std::sync::Mutex::new(Vec::new()));
    let seen = Arc::clone(&outcomes);
    let pattern = Pattern::new::<SubIOp>("test.misfit_f", move |op, rewriter| {
        marked(op, "test.misfit_f")?;
        let lhs = op.operand(0)?;
        let mut results = seen.lock().unwrap();
        results.push(rewriter.replace_root(&[]).is_err());
        results.push(rewriter.replace_root(&[lhs, lhs]).is_err());
        // An i64 value (the function's third argument) for an i32 result.
        let wide = op.block()?.argument(2)?;
        results.push(rewriter.replace_root(&[wide]).is_err());
        results.push(rewriter.replace_root(&[op.result(0)?]).is_err());
        results.push(rewriter.erase_root().is_err());
        Some(())
    });
    let context = rmlir::new_context();
    let mut module = rmlir::parse(
        &context,
        r#"func.func @f(%x: i32, %y: i32, %z: i64) -> i32 {
             %0 = rarith.subi %x, %y {test.misfit_f} : i32
             return %0 : i32
           }"#,
    )
    .unwrap();
    // In a user pass, run by the greedy driver: the pattern changes
    // nothing, so it did not apply and the driver converges.
    let patterns = Arc::new(vec![pattern]);
    let in_pass = Arc::clone(&patterns);
    rmlir::pipeline::register_pass("test-misfit-f", "Applies misfits", move |pass| {
        pass.apply_greedily(&in_pass)
    })
    .unwrap();
    rmlir::pipeline::run(&context, &mut module, "builtin.module(test-misfit-f)").unwrap();
    let results = outcomes.lock().unwrap();
    assert!(
        !results.is_empty() && results.iter().all(|&refused| refused),
        "{results:?}"
    );
    let out = module.as_operation().to_string();
    assert!(
        out.contains("rarith.subi %arg0, %arg1 {test.misfit_f} : i32"),
        "{out}"
    );
}

#[test]
fn user_passes_apply_their_own_pattern_sets() {
    let patterns = vec![mul_to_shift("test.shift_g", Arc::default())];
    rmlir::pipeline::register_pass("test-shift-g", "Shifts", move |pass| {
        pass.apply_greedily(&patterns)
    })
    .unwrap();
    let source = r#"func.func @f(%x: i64) -> i64 {
             %c16 = rarith.constant 16 : i64
             %a = rarith.muli %x, %c16 {test.shift_g} : i64
             return %a : i64
           }"#;
    let out = run(source, "builtin.module(test-shift-g)").unwrap();
    assert!(out.contains("rarith.shli %arg0, %c4_i64 : i64"), "{out}");
    // Not part of canonicalize: only the pass applies it.
    let out = canonicalize(source).unwrap();
    assert!(out.contains("rarith.muli"), "{out}");
}

#[test]
fn a_panicking_pattern_fails_the_user_pass_that_applied_it() {
    let patterns = vec![Pattern::new::<MulIOp>("test.panic_h", |op, _| {
        marked(op, "test.panic_h")?;
        panic!("boom in h");
    })];
    rmlir::pipeline::register_pass("test-panic-h", "Panics", move |pass| {
        pass.apply_greedily(&patterns)
    })
    .unwrap();
    let error = run(
        r#"func.func @f(%x: i8) -> i8 {
             %a = rarith.muli %x, %x {test.panic_h} : i8
             return %a : i8
           }"#,
        "builtin.module(test-panic-h)",
    )
    .unwrap_err();
    let text = error.to_string();
    assert!(text.contains("boom in h"), "{text}");
    assert!(text.contains("a rewrite pattern panicked"), "{text}");
}

/// A pattern rooted at `rarith.muli` reads its root by ODS names (its
/// typed scoped view): operands, result and overflow flags, and is an
/// `OpRef` for the rest.
#[test]
fn a_typed_pattern_reads_operands_results_and_flags_by_name() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let seen_by_pattern = Arc::clone(&log);
    let pattern = Pattern::new::<MulIOp>("test.typed_muli", move |op, _| {
        marked(op, "test.typed_muli")?;
        let flags = op.overflow_flags();
        let as_op: OpRef = op.into();
        seen_by_pattern.lock().unwrap().push(format!(
            "lhs #{} rhs #{} result {} nsw {} nuw {} {}",
            op.lhs().index(),
            op.rhs().index(),
            op.result_value() == op.result(0)?,
            flags.contains(IntegerOverflowFlags::NSW),
            flags.contains(IntegerOverflowFlags::NUW),
            as_op.name() == op.name() && op.to_string().contains("rarith.muli"),
        ));
        None
    });
    apply(
        "test-typed-muli",
        vec![pattern],
        r#"func.func @f(%x: i32, %y: i32) -> (i32, i32) {
             %a = rarith.muli %x, %y overflow<nsw> {test.typed_muli} : i32
             %b = rarith.muli %y, %x {test.typed_muli} : i32
             return %a, %b : i32, i32
           }"#,
    )
    .unwrap();
    assert_eq!(
        seen(&log),
        [
            "lhs #0 rhs #1 result true nsw true nuw false true",
            "lhs #1 rhs #0 result true nsw false nuw false true",
        ]
    );
}

/// A value enum attribute reads as the generated enum.
#[test]
fn a_typed_pattern_reads_a_predicate() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let seen_by_pattern = Arc::clone(&log);
    let pattern = Pattern::new::<CmpIOp>("test.typed_cmpi", move |op, _| {
        marked(op, "test.typed_cmpi")?;
        let predicate: Option<CmpIPredicate> = op.predicate();
        seen_by_pattern
            .lock()
            .unwrap()
            .push(predicate.map(CmpIPredicate::spelling));
        None
    });
    apply(
        "test-typed-cmpi",
        vec![pattern],
        r#"func.func @f(%x: i32, %y: i32) -> (i1, i1) {
             %a = rarith.cmpi ult, %x, %y {test.typed_cmpi} : i32
             %b = rarith.cmpi sge, %x, %y {test.typed_cmpi} : i32
             return %a, %b : i1, i1
           }"#,
    )
    .unwrap();
    assert_eq!(seen(&log), [Some("sge"), Some("ult")]);
}

/// A variadic operand group reads as the values of the group, and an
/// attribute that holds no enum as melior's attribute (None when absent).
#[test]
fn a_typed_pattern_reads_a_variadic_group_and_an_attribute() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let seen_by_pattern = Arc::clone(&log);
    let pattern = Pattern::new::<BroadcastOp>("test.typed_broadcast", move |op, _| {
        marked(op, "test.typed_broadcast")?;
        let shapes: Vec<usize> = op.shapes().iter().map(|s| s.index()).collect();
        let error = op.error().map(|e| e.to_string());
        seen_by_pattern.lock().unwrap().push((shapes, error));
        None
    });
    apply(
        "test-typed-broadcast",
        vec![pattern],
        r#"func.func @f(%a: !rshape.shape, %b: !rshape.shape, %c: !rshape.shape)
               -> (!rshape.shape, !rshape.shape) {
             %0 = rshape.broadcast %a, %b, %c {error = "no broadcast", test.typed_broadcast}
               : !rshape.shape, !rshape.shape, !rshape.shape -> !rshape.shape
             %1 = rshape.broadcast %c, %a {test.typed_broadcast}
               : !rshape.shape, !rshape.shape -> !rshape.shape
             return %0, %1 : !rshape.shape, !rshape.shape
           }"#,
    )
    .unwrap();
    assert_eq!(
        seen(&log),
        [
            (vec![0, 1, 2], Some("\"no broadcast\"".to_string())),
            (vec![2, 0], None),
        ]
    );
}

/// A region reads through its name: the scoped view of `rshape.assuming`
/// has `do_region()`, whose block holds what the op computes.
#[test]
fn a_typed_pattern_reads_a_region_by_its_name() {
    let log = Arc::new(Mutex::new(Vec::new()));
    let seen_by_pattern = Arc::clone(&log);
    let pattern =
        Pattern::new::<rmlir::ods::rshape::AssumingOp>("test.typed_assuming", move |op, _| {
            marked(op, "test.typed_assuming")?;
            let block = op.do_region().first_block()?;
            let names: Vec<String> = block.ops().map(|o| o.name().to_string()).collect();
            seen_by_pattern.lock().unwrap().push(names);
            None
        });
    apply(
        "test-typed-assuming",
        vec![pattern],
        r#"func.func @f(%w: !rshape.witness, %x: index) -> index {
             %0 = rshape.assuming %w -> (index) {
               %1 = rarith.addi %x, %x : index
               rshape.assuming_yield %1 : index
             } {test.typed_assuming}
             return %0 : index
           }"#,
    )
    .unwrap();
    assert_eq!(
        seen(&log),
        [vec![
            "rarith.addi".to_string(),
            "rshape.assuming_yield".to_string()
        ]]
    );
}

/// A function pass that calls the driver on every function keeps its
/// frozen pattern set between calls; one that calls it with another set
/// gets that set, every time: here each run applies two sets in turn
/// (rooted at the same op, with the same benefit), on three functions.
#[test]
fn each_call_of_the_driver_applies_the_set_it_was_given() {
    let (count_a, count_b) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let set_a = vec![mul_to_shift("test.sets_a", Arc::clone(&count_a))];
    let set_b = vec![mul_to_shift("test.sets_b", Arc::clone(&count_b))];
    rmlir::pipeline::register_pass("test-two-sets", "Applies two sets in turn", move |pass| {
        pass.apply_greedily(&set_a)?;
        pass.apply_greedily(&set_b)
    })
    .unwrap();
    let only_a = vec![mul_to_shift("test.sets_a", Arc::default())];
    rmlir::pipeline::register_pass("test-one-set", "Applies one set", move |pass| {
        pass.apply_greedily(&only_a)
    })
    .unwrap();
    let function = |n: usize| {
        format!(
            r#"func.func @f{n}(%x: i64) -> (i64, i64) {{
                 %c16 = rarith.constant 16 : i64
                 %a = rarith.muli %x, %c16 {{test.sets_a}} : i64
                 %b = rarith.muli %x, %c16 {{test.sets_b}} : i64
                 return %a, %b : i64, i64
               }}"#
        )
    };
    let source: String = (0..3).map(function).collect();
    let out = run(&source, "builtin.module(func.func(test-two-sets))").unwrap();
    assert_eq!(out.matches("rarith.muli").count(), 0, "{out}");
    assert_eq!(out.matches("rarith.shli").count(), 6, "{out}");
    assert_eq!(
        (
            count_a.load(Ordering::Relaxed),
            count_b.load(Ordering::Relaxed)
        ),
        (3, 3)
    );
    // One set on every function: the marked-b multiplications stay.
    let out = run(&source, "builtin.module(func.func(test-one-set))").unwrap();
    assert_eq!(out.matches("rarith.muli").count(), 3, "{out}");
    assert_eq!(out.matches("rarith.shli").count(), 3, "{out}");
}
