//! A dialect conversion's target: which ops may stay, as MLIR's
//! `ConversionTarget` decides it. An op named on its own takes precedence
//! over its dialect, an illegal dialect over a legal one listed too, and a
//! dynamically legal op is asked about whatever its dialect says. (The bridge
//! also records a dialect's action on each of its registered ops, for speed:
//! these tests pin that the answers stay MLIR's.)
//!
//! A full conversion without patterns succeeds exactly when every op is
//! legal, so it reads the target's answers directly. Each question is asked
//! of the program as written and of a module of many copies of it (over
//! 1024 ops), which must answer alike.

use rmlir::ffi::dialect_conversion::{DialectConversion, Legality};
use rmlir::ffi::exclusive::Ir;
use rmlir::ffi::ir::Op;

const PROGRAM_WITH_ADDI: &str = r#"
func.func @f(%x: i32) -> i32 {
  %c = rarith.constant 7 : i32
  %m = rarith.muli %x, %c : i32
  %s = rarith.addi %m, %c : i32
  return %s : i32
}
"#;

const PROGRAM_WITHOUT_ADDI: &str = r#"
func.func @f(%x: i32) -> i32 {
  %c = rarith.constant 7 : i32
  %m = rarith.muli %x, %c : i32
  return %m : i32
}
"#;

const CONSTANTS_ONLY: &str = r#"
func.func @f() -> (i32, i64) {
  %c = rarith.constant 7 : i32
  %d = rarith.constant 8 : i64
  return %c, %d : i32, i64
}
"#;

/// The module op and functions are always legal here.
const ALWAYS_LEGAL: [&str; 2] = ["builtin", "func"];

/// Whether a full conversion of `source` without patterns succeeds, that is
/// whether the target finds every op legal; the same answer for a module of
/// many copies of `source`.
fn all_legal(source: &str, target: Target) -> bool {
    let small = all_legal_in(source, target);
    let copies: String = (0..400)
        .map(|i| source.replace("@f(", &format!("@f{i}(")))
        .collect();
    assert_eq!(
        all_legal_in(&copies, target),
        small,
        "a large module answers as a small one"
    );
    small
}

fn all_legal_in(source: &str, target: Target) -> bool {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, source).expect("parses");
    let mut ir = Ir::from_melior(&mut module);
    let legal_dialects: Vec<&str> = ALWAYS_LEGAL
        .iter()
        .chain(target.legal_dialects)
        .copied()
        .collect();
    let legality = |op: Op<'_>| {
        if op.attr("ok").is_some() {
            Legality::Legal
        } else {
            Legality::Illegal
        }
    };
    DialectConversion {
        convert_type: None,
        materialize_target: None,
        materialize_source: None,
        legal_dialects: &legal_dialects,
        illegal_dialects: target.illegal_dialects,
        legal_ops: target.legal_ops,
        illegal_ops: target.illegal_ops,
        dynamic_ops: target.dynamic_ops,
        legality: (!target.dynamic_ops.is_empty()).then_some(&legality),
        patterns: &[],
        plain_patterns: false,
        convert_func_signatures: false,
        llvm_index_bitwidth: None,
        spirv: None,
    }
    .apply_full(&mut ir)
}

#[derive(Default, Clone, Copy)]
struct Target {
    legal_dialects: &'static [&'static str],
    illegal_dialects: &'static [&'static str],
    legal_ops: &'static [&'static str],
    illegal_ops: &'static [&'static str],
    dynamic_ops: &'static [&'static str],
}

#[test]
fn a_legal_dialect_makes_each_of_its_ops_legal() {
    let target = Target {
        legal_dialects: &["rarith"],
        ..Target::default()
    };
    assert!(all_legal(PROGRAM_WITH_ADDI, target));
}

#[test]
fn an_op_of_no_listed_dialect_is_not_legal() {
    assert!(!all_legal(PROGRAM_WITH_ADDI, Target::default()));
}

#[test]
fn an_illegal_op_overrides_its_legal_dialect() {
    let target = Target {
        legal_dialects: &["rarith"],
        illegal_ops: &["rarith.addi"],
        ..Target::default()
    };
    assert!(!all_legal(PROGRAM_WITH_ADDI, target));
    assert!(all_legal(PROGRAM_WITHOUT_ADDI, target));
}

#[test]
fn a_legal_op_overrides_its_illegal_dialect() {
    let target = Target {
        illegal_dialects: &["rarith"],
        legal_ops: &["rarith.constant"],
        ..Target::default()
    };
    assert!(all_legal(CONSTANTS_ONLY, target));
    assert!(!all_legal(PROGRAM_WITHOUT_ADDI, target));
}

#[test]
fn a_dialect_listed_legal_and_illegal_is_illegal() {
    let target = Target {
        legal_dialects: &["rarith"],
        illegal_dialects: &["rarith"],
        ..Target::default()
    };
    assert!(!all_legal(CONSTANTS_ONLY, target));
}

#[test]
fn a_dynamically_legal_op_is_asked_whatever_its_dialect_says() {
    // The callback finds `rarith.muli` legal only when it is marked `ok`.
    let marked = PROGRAM_WITHOUT_ADDI.replace("rarith.muli %x, %c", "rarith.muli %x, %c {ok}");
    let in_legal_dialect = Target {
        legal_dialects: &["rarith"],
        dynamic_ops: &["rarith.muli"],
        ..Target::default()
    };
    let in_illegal_dialect = Target {
        illegal_dialects: &["rarith"],
        legal_ops: &["rarith.constant"],
        dynamic_ops: &["rarith.muli"],
        ..Target::default()
    };
    for target in [in_legal_dialect, in_illegal_dialect] {
        assert!(all_legal(&marked, target));
        assert!(!all_legal(PROGRAM_WITHOUT_ADDI, target));
    }
}
