//! Safe Rust cannot break rmlir: what the types cannot reject (see the
//! `compile_fail` examples of `rmlir::soundness`) is checked and returns an
//! `Err`, never undefined behaviour. `make verify` runs this file under
//! valgrind (zero errors), `make test` a short subset of it.
//!
//! Each test is one way a user could reach freed or foreign IR: an op never
//! inserted, a value of another context, a pass or pattern reaching past
//! its scope while other threads change what lies there.

use melior::ir::attribute::IntegerAttribute;
use melior::ir::operation::OperationLike;
use melior::ir::r#type::IntegerType;
use melior::ir::{Block, BlockLike, Location};
use rmlir::ErrorKind;
use rmlir::ir::Walk;
use rmlir::ods::rarith::{AddIOp, IntegerOverflowFlags, MulIOp, SubIOp};
use rmlir::ops::rarith;
use rmlir::rewrite::Pattern;
use std::sync::{Arc, Mutex};

const NONE: IntegerOverflowFlags = IntegerOverflowFlags::NONE;

/// What a pattern or pass observed, by test.
type Log = Arc<Mutex<Vec<String>>>;

/// `Some` when the root (a typed view, or any op) carries `marker`.
fn marked<'s>(op: impl Into<rmlir::ir::OpRef<'s>>, marker: &str) -> Option<()> {
    op.into().attribute(marker).map(|_| ())
}

/// Registers a pass applying `patterns` greedily.
fn pass_applying(name: &str, patterns: Vec<Pattern>) {
    rmlir::pipeline::register_pass(name, "applies test patterns", move |pass| {
        pass.apply_greedily(&patterns)
    })
    .unwrap();
}

fn run(source: &str, pipeline: &str) -> Result<String, rmlir::Error> {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, source)?;
    rmlir::pipeline::run(&context, &mut module, pipeline)?;
    Ok(module.as_operation().to_string())
}

/// What the pass `name` logs when run once on a module of one empty
/// function: `body` gets the pass's scope and the log.
fn log_of_pass<F>(name: &str, body: F) -> Vec<String>
where
    F: for<'c> Fn(&mut rmlir::pipeline::PassScope<'c>, &mut Vec<String>) + Send + Sync + 'static,
{
    let log = Log::default();
    let seen = Arc::clone(&log);
    rmlir::pipeline::register_pass(name, "logs what it sees", move |pass| {
        body(pass, &mut seen.lock().unwrap());
        Ok(())
    })
    .unwrap();
    run(
        "func.func @f() { return }",
        &format!("builtin.module({name})"),
    )
    .unwrap();
    log.lock().unwrap().clone()
}

/// Issue 26's reproducer 2: a constant built but never inserted, its value
/// used by an op that is inserted. The insert is refused (the constant is
/// dropped when the closure returns), and nothing changes.
#[test]
fn an_op_using_a_value_of_an_op_never_inserted_is_refused() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    pass_applying(
        "test-sound-detached",
        vec![Pattern::new::<MulIOp>(
            "test.sound.detached",
            move |op, rw| {
                marked(op, "test.sound.detached")?;
                let x = op.operand(0)?;
                let one = IntegerAttribute::new(x.r#type(), 1);
                let k = rarith::constant(op.location(), one.into()).ok()?;
                let shl = rarith::shli(op.location(), x, k.result(0).ok()?, NONE).ok()?;
                let refused = rw.insert(shl).unwrap_err();
                seen.lock()
                    .unwrap()
                    .push(format!("{:?}: {refused}", refused.kind()));
                None
            },
        )],
    );
    let out = run(
        "func.func @f(%x: i32) -> i32 {
           %0 = rarith.muli %x, %x {test.sound.detached} : i32
           return %0 : i32
         }",
        "builtin.module(test-sound-detached)",
    )
    .unwrap();
    assert!(out.contains("rarith.muli"), "{out}");
    assert!(!out.contains("shli"), "{out}");
    let log = log.lock().unwrap();
    assert!(!log.is_empty());
    assert!(
        log.iter()
            .all(|l| l.starts_with("Rewrite: `rarith.shli` uses a value that is not in the IR")),
        "{log:?}"
    );
}

/// A value of a block that is in no region (melior's `Block::new`) is no
/// operand of an inserted op either.
#[test]
fn an_op_using_an_argument_of_a_detached_block_is_refused() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    pass_applying(
        "test-sound-detached-block",
        vec![Pattern::new::<MulIOp>(
            "test.sound.detached_block",
            move |op, rw| {
                marked(op, "test.sound.detached_block")?;
                let x = op.operand(0)?;
                let block = Block::new(&[(x.r#type(), op.location())]);
                let add = rarith::addi(op.location(), x, block.argument(0).ok()?, NONE).ok()?;
                let refused = rw.insert(add.into_operation()).unwrap_err();
                seen.lock().unwrap().push(refused.to_string());
                None
            },
        )],
    );
    run(
        "func.func @f(%x: i32) -> i32 {
           %0 = rarith.muli %x, %x {test.sound.detached_block} : i32
           return %0 : i32
         }",
        "builtin.module(test-sound-detached-block)",
    )
    .unwrap();
    let log = log.lock().unwrap();
    assert!(!log.is_empty());
    assert!(
        log.iter()
            .all(|l| l.contains("uses a value that is not in the IR"))
    );
}

/// Issue 26's reproducer 3: an operand of another context is an error of
/// the builder, whatever the location's context.
#[test]
fn builders_refuse_operands_of_another_context() {
    let ours = rmlir::new_context();
    let theirs = rmlir::new_context();
    let location = Location::unknown(&ours);
    let i32_ours = IntegerType::new(&ours, 32).into();
    let i32_theirs = IntegerType::new(&theirs, 32).into();
    let here = Block::new(&[(i32_ours, location)]);
    let there = Block::new(&[(i32_theirs, Location::unknown(&theirs))]);
    let error = rarith::addi(
        location,
        here.argument(0).unwrap(),
        there.argument(0).unwrap(),
        NONE,
    )
    .unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Build);
    assert_eq!(error.op(), Some("rarith.addi"));
    assert_eq!(
        error.diagnostics(),
        ["operand 1 is a value of another context"]
    );
    // Variadic operands are checked too.
    let error = rmlir::ops::rshape::r#return(location, [there.argument(0).unwrap()]).unwrap_err();
    assert_eq!(
        error.diagnostics(),
        ["operand 0 is a value of another context"]
    );
    drop(there);
    drop(theirs);
    // What was refused left nothing behind: ours still builds.
    let ok = rarith::addi(
        location,
        here.argument(0).unwrap(),
        here.argument(0).unwrap(),
        NONE,
    );
    assert!(ok.is_ok());
}

/// An op of another context is no op a rewriter inserts.
#[test]
fn a_rewriter_refuses_an_op_of_another_context() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    pass_applying(
        "test-sound-foreign-op",
        vec![Pattern::new::<SubIOp>(
            "test.sound.foreign",
            move |op, rw| {
                marked(op, "test.sound.foreign")?;
                let other = rmlir::new_context();
                let i32t = IntegerType::new(&other, 32);
                let c = rarith::constant(
                    Location::unknown(&other),
                    IntegerAttribute::new(i32t.into(), 3).into(),
                )
                .ok()?;
                let refused = rw.insert(c).unwrap_err();
                seen.lock().unwrap().push(refused.to_string());
                None
            },
        )],
    );
    run(
        "func.func @f(%x: i32, %y: i32) -> i32 {
           %0 = rarith.subi %x, %y {test.sound.foreign} : i32
           return %0 : i32
         }",
        "builtin.module(test-sound-foreign-op)",
    )
    .unwrap();
    let log = log.lock().unwrap();
    assert!(!log.is_empty());
    assert!(
        log.iter()
            .all(|l| l == "`rarith.constant` is of another context than the pattern's IR"),
        "{log:?}"
    );
}

/// Issue 26's reproducer 4: a pass nested in `func.func` runs on many
/// functions at once (the context is multithreaded). What it sees ends at
/// its function: no parent, no block, no sibling; so it can neither read
/// nor reorder what other threads change. Every run completes.
#[test]
fn a_nested_pass_sees_its_function_and_nothing_beside_it() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    rmlir::pipeline::register_pass("test-sound-nested", "looks around", move |pass| {
        let op = pass.op();
        let escapes = [
            op.parent_op().is_some(),
            op.block().is_some(),
            op.next_in_block().is_some(),
            op.prev_in_block().is_some(),
        ];
        // Inside, everything is reachable, and leads back to the function.
        let mut inner = 0;
        op.walk(|o| {
            if !o.is_scope() {
                inner += 1;
                let mut up = o;
                while let Some(p) = up.parent_op() {
                    up = p;
                }
                assert!(up.is_scope());
            }
            Walk::Advance
        });
        seen.lock().unwrap().push(format!("{escapes:?} {inner}"));
        Ok(())
    })
    .unwrap();
    let functions: String = (0..64)
        .map(|i| {
            format!(
                "func.func @f{i}(%x: i32) -> i32 {{
                   %0 = rarith.addi %x, %x : i32
                   return %0 : i32
                 }}\n"
            )
        })
        .collect();
    let context = rmlir::new_context();
    context.enable_multi_threading(true);
    let mut module = rmlir::parse(&context, &functions).unwrap();
    rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(func.func(test-sound-nested))",
    )
    .unwrap();
    let log = log.lock().unwrap();
    assert_eq!(log.len(), 64);
    assert!(
        log.iter().all(|l| l == "[false, false, false, false] 2"),
        "{log:?}"
    );
}

/// A pattern's scope is the closest isolated ancestor of its root (the
/// function canonicalize may be changing on one thread while others change
/// the next): climbing up stops there, and the function's own operands or
/// users are not handed out.
#[test]
fn a_pattern_sees_up_to_its_function() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    rmlir::rewrite::add_to_canonicalize(Pattern::new::<AddIOp>(
        "test.sound.climb",
        move |op, _| {
            marked(op, "test.sound.climb")?;
            let mut top: rmlir::ir::OpRef = op.into();
            let mut steps = 0;
            while let Some(p) = top.parent_op() {
                top = p;
                steps += 1;
            }
            let arg = op.operand(0)?;
            seen.lock().unwrap().push(format!(
                "{} {steps} {} {} {}",
                top.name(),
                top.is_scope(),
                arg.owner_block()
                    .is_some_and(|b| b.parent_op() == Some(top)),
                top.block().is_none()
            ));
            None
        },
    ))
    .unwrap();
    run(
        "func.func @f(%x: i32, %c: i1) -> i32 {
           %0 = scf.if %c -> i32 {
             %1 = rarith.addi %x, %x {test.sound.climb} : i32
             scf.yield %1 : i32
           } else {
             scf.yield %x : i32
           }
           return %0 : i32
         }
         func.func @g() { return }",
        "builtin.module(func.func(canonicalize))",
    )
    .unwrap();
    let log = log.lock().unwrap();
    assert!(!log.is_empty());
    assert!(
        log.iter().all(|l| l == "func.func 2 true true true"),
        "{log:?}"
    );
}

/// Replacing the root with its own results, or erasing it while used,
/// is refused; the refusals change nothing and the driver converges.
#[test]
fn replacements_that_would_leave_uses_dangling_are_refused() {
    let log = Log::default();
    let seen = Arc::clone(&log);
    pass_applying(
        "test-sound-replace",
        vec![Pattern::new::<MulIOp>(
            "test.sound.replace",
            move |op, rw| {
                marked(op, "test.sound.replace")?;
                let own = op.result(0)?;
                let mut seen = seen.lock().unwrap();
                seen.push(rw.replace_root(&[own]).unwrap_err().to_string());
                seen.push(rw.erase_root().unwrap_err().to_string());
                seen.push(
                    rw.set_root_attribute("overflowFlags", op.attribute("test.sound.replace")?)
                        .unwrap_err()
                        .to_string(),
                );
                None
            },
        )],
    );
    let out = run(
        "func.func @f(%x: i32) -> i32 {
           %0 = rarith.muli %x, %x {test.sound.replace} : i32
           return %0 : i32
         }",
        "builtin.module(test-sound-replace)",
    )
    .unwrap();
    assert!(out.contains("rarith.muli"), "{out}");
    let log = log.lock().unwrap();
    assert_eq!(
        log[..3],
        [
            "the root cannot be replaced by its own values",
            "the root's results are still used",
            "`overflowFlags` is an inherent attribute of `rarith.muli`",
        ]
    );
}

/// A pattern that sets a discardable attribute changes the root in place
/// (through MLIR's rewriter, so the driver sees the change).
#[test]
fn a_pattern_sets_a_discardable_attribute_of_its_root() {
    pass_applying(
        "test-sound-mark",
        vec![Pattern::new::<SubIOp>("test.sound.mark", |op, rw| {
            marked(op, "test.sound.mark")?;
            if op.attribute("test.sound.marked").is_some() {
                return None;
            }
            let unit = melior::ir::attribute::Attribute::unit(rw.context());
            // The attribute is made in the context, not borrowed from the
            // rewriter: the mutable call that follows may take it.
            rw.set_root_attribute("test.sound.marked", unit).ok()
        })],
    );
    let out = run(
        "func.func @f(%x: i32, %y: i32) -> i32 {
           %0 = rarith.subi %x, %y {test.sound.mark} : i32
           return %0 : i32
         }",
        "builtin.module(test-sound-mark)",
    )
    .unwrap();
    assert!(out.contains("test.sound.marked"), "{out}");
}

/// `rmlir::parse` returns MLIR's diagnostics, located.
#[test]
fn parse_errors_carry_mlirs_diagnostics() {
    let context = rmlir::new_context();
    let error = rmlir::parse(&context, "func.func @f() -> i32 {\n  return\n}").unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Parse);
    assert!(
        error.diagnostics()[0].starts_with("loc(\"-\":2:3): error:")
            || error.diagnostics()[0].contains("2:3"),
        "{error}"
    );
}

/// Inside a pass run, the bridge remembers the ops it looked up by name or
/// id, for the pass's own context only: an op named in another context is
/// looked up there, where it may not exist at all, and a remembered name is
/// reused only for the same name, wherever its string lives.
#[test]
fn names_remembered_in_a_pass_serve_only_its_context() {
    use melior::ir::Module;
    use rmlir::ffi::ir::Op;
    use rmlir::ffi::typed::OdsOp;
    use rmlir::ods::rarith::ConstantOp;

    let log = log_of_pass("test-sound-name-cache", |pass, seen| {
        let mut here = Module::new(Location::unknown(pass.context()));
        // A context with no dialect but the builtin one: no `rarith` here.
        let bare = melior::Context::new();
        let mut there = Module::new(Location::unknown(&bare));
        let here = Op::from_melior(&mut here).unwrap().location();
        let there = Op::from_melior(&mut there).unwrap().location();
        let made = |name: &str, at| Op::create(name, at, &[], &[], &[]).is_some();
        let made_typed = |at| Op::create(ConstantOp::OP, at, &[], &[], &[]).is_some();
        let copy = String::from("rarith.constant");
        let answers = [
            ("by name, here", made("rarith.constant", here)),
            ("by name, there", made("rarith.constant", there)),
            ("by id, here", made_typed(here)),
            ("by id, there", made_typed(there)),
            ("a copy of the name, here", made(&copy, here)),
            ("a copy of the name, there", made(&copy, there)),
            (
                "another name of its size, here",
                made("rarith.constanx", here),
            ),
            ("by name again, here", made("rarith.constant", here)),
        ];
        for (what, found) in answers {
            seen.push(format!("{what}: {found}"));
        }
    });
    assert_eq!(
        log,
        [
            "by name, here: true",
            "by name, there: false",
            "by id, here: true",
            "by id, there: false",
            "a copy of the name, here: true",
            "a copy of the name, there: false",
            "another name of its size, here: false",
            "by name again, here: true",
        ]
    );
}

/// An op keeps its region count in 23 bits: an op asked for with more
/// regions than that (or a count past `isize::MAX`) is refused, by name and
/// by id, rather than made with its count stored cut.
#[test]
fn ops_with_more_regions_than_mlir_can_count_are_refused() {
    use melior::ir::Module;
    use rmlir::ffi::ir::Op;
    use rmlir::ffi::typed::OdsOp;
    use rmlir::ods::rshape::ReduceOp;

    let log = log_of_pass("test-sound-region-count", |pass, seen| {
        let mut module = Module::new(Location::unknown(pass.context()));
        let at = Op::from_melior(&mut module).unwrap().location();
        for regions in [1, 2, 1 << 23, 1 << 32, usize::MAX] {
            let by_name =
                Op::create_with_regions("rshape.reduce", at, &[], &[], &[], regions).is_some();
            let by_id = Op::create_with_regions(ReduceOp::OP, at, &[], &[], &[], regions).is_some();
            seen.push(format!("{regions}: by name {by_name}, by id {by_id}"));
        }
    });
    assert_eq!(
        log,
        [
            "1: by name true, by id true".to_string(),
            "2: by name true, by id true".to_string(),
            "8388608: by name false, by id false".to_string(),
            "4294967296: by name false, by id false".to_string(),
            format!("{}: by name false, by id false", usize::MAX),
        ]
    );
}
