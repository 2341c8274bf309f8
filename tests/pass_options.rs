//! Typed options of passes registered from safe Rust
//! (`rmlir::pipeline::register_pass_with_options`, `rmlir::pass_options!`):
//! defaults, every kind of value, the last occurrence winning, and options
//! that do not parse refused with the pipeline, naming the option.
//!
//! Pass names are process-global: each test registers passes of its own,
//! so the tests hold in any order and in parallel.

use rmlir::ErrorKind;
use rmlir::pipeline::{OptionKind, OptionValue, PassOptionSet, PassOptions};
use std::sync::{Arc, Mutex};

rmlir::pass_options! {
    /// The options of the recording passes.
    pub struct ScaleOptions {
        /// What to multiply by.
        factor: i64 = 2,
        /// Also fold afterwards.
        fold_after: bool = false,
        /// Ops to skip.
        skip: Vec<String> = Vec::new(),
        /// A name.
        label: String = "none".to_string(),
    }
}

/// The options each run of a recording pass was given.
type Seen = Arc<Mutex<Vec<ScaleOptions>>>;

/// Registers pass `name`, taking [`ScaleOptions`] and recording them.
fn recording(name: &str) -> Seen {
    let seen = Seen::default();
    let log = Arc::clone(&seen);
    rmlir::pipeline::register_pass_with_options::<ScaleOptions, _>(
        name,
        "records its options",
        move |_, options| {
            log.lock().unwrap().push(options.clone());
            Ok(())
        },
    )
    .unwrap();
    seen
}

fn run(pipeline: &str) -> Result<(), rmlir::Error> {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, "func.func @f() { return }").unwrap();
    rmlir::pipeline::run(&context, &mut module, pipeline)
}

/// The options recording pass `name` ran with when given `options`
/// (`{...}`, or nothing).
fn ran_with(name: &str, seen: &Seen, options: &str) -> ScaleOptions {
    seen.lock().unwrap().clear();
    run(&format!("builtin.module({name}{options})")).unwrap();
    let mut seen = seen.lock().unwrap();
    assert_eq!(seen.len(), 1, "{seen:?}");
    seen.pop().unwrap()
}

/// The error of running recording pass `name` given `options`; the pass
/// never ran.
fn refused(name: &str, seen: &Seen, options: &str) -> rmlir::Error {
    seen.lock().unwrap().clear();
    let error = run(&format!("builtin.module({name}{options})")).unwrap_err();
    assert_eq!(error.kind(), ErrorKind::Pipeline);
    assert!(seen.lock().unwrap().is_empty());
    error
}

#[test]
fn the_macro_declares_kebab_case_options_of_each_kind() {
    assert_eq!(
        ScaleOptions::declared(),
        [
            ("factor".to_string(), OptionKind::Text),
            ("fold-after".to_string(), OptionKind::Flag),
            ("skip".to_string(), OptionKind::List),
            ("label".to_string(), OptionKind::Text),
        ]
    );
}

#[test]
fn defaults_apply_when_no_option_is_given() {
    let seen = recording("test-options-defaults");
    let options = ran_with("test-options-defaults", &seen, "");
    assert_eq!(options, ScaleOptions::default());
    assert_eq!(
        options,
        ScaleOptions {
            factor: 2,
            fold_after: false,
            skip: Vec::new(),
            label: "none".to_string(),
        }
    );
    // Options given leave the others at their defaults.
    let options = ran_with("test-options-defaults", &seen, "{factor=5}");
    assert_eq!(
        options,
        ScaleOptions {
            factor: 5,
            ..ScaleOptions::default()
        }
    );
}

#[test]
fn each_kind_of_option_parses() {
    let name = "test-options-kinds";
    let seen = recording(name);
    assert_eq!(ran_with(name, &seen, "{factor=7}").factor, 7);
    assert_eq!(ran_with(name, &seen, "{factor=-3}").factor, -3);
    assert!(ran_with(name, &seen, "{fold-after}").fold_after);
    assert!(ran_with(name, &seen, "{fold-after=true}").fold_after);
    assert!(!ran_with(name, &seen, "{fold-after=false}").fold_after);
    assert_eq!(ran_with(name, &seen, "{skip=a,b}").skip, ["a", "b"]);
    assert_eq!(ran_with(name, &seen, "{skip=only}").skip, ["only"]);
    assert_eq!(ran_with(name, &seen, "{label=fast}").label, "fast");
    assert_eq!(
        ran_with(name, &seen, "{factor=4 fold-after skip=x,y,z label=all}"),
        ScaleOptions {
            factor: 4,
            fold_after: true,
            skip: vec!["x".into(), "y".into(), "z".into()],
            label: "all".to_string(),
        }
    );
}

#[test]
fn the_last_occurrence_of_an_option_wins() {
    let name = "test-options-last-wins";
    let seen = recording(name);
    let options = ran_with(
        name,
        &seen,
        "{factor=1 skip=a fold-after factor=4 skip=b,c fold-after=false}",
    );
    assert_eq!(options.factor, 4);
    assert_eq!(options.skip, ["b", "c"]);
    assert!(!options.fold_after);
}

#[test]
fn options_that_do_not_parse_are_pipeline_errors_naming_the_option() {
    let name = "test-options-errors";
    let seen = recording(name);
    let cases = [
        ("{nope=1}", "no such option nope"),
        ("{factor=x}", "invalid value `x` for option factor"),
        ("{factor=1.5}", "invalid value `1.5` for option factor"),
        (
            "{fold-after=maybe}",
            "invalid value `maybe` for option fold-after",
        ),
        ("{fold_after}", "no such option fold_after"),
        ("{skip}", "option skip needs a value"),
    ];
    for (options, message) in cases {
        let error = refused(name, &seen, options);
        assert!(error.to_string().contains(message), "{options}: {error}");
    }
    // The pass still runs with options that parse.
    assert_eq!(ran_with(name, &seen, "{factor=9}").factor, 9);
}

#[test]
fn a_pass_registered_without_options_refuses_them() {
    rmlir::pipeline::register_pass("test-options-none", "takes none", |_| Ok(())).unwrap();
    run("builtin.module(test-options-none)").unwrap();
    let error = run("builtin.module(test-options-none{factor=1})").unwrap_err();
    assert!(error.to_string().contains("takes no options"), "{error}");
}

#[test]
fn the_body_sees_the_options_and_its_error_fails_the_pipeline() {
    rmlir::pipeline::register_pass_with_options::<ScaleOptions, _>(
        "test-options-body",
        "fails on a negative factor",
        |_, options| {
            if options.factor < 0 {
                Err(format!("factor {} is negative", options.factor).into())
            } else {
                Ok(())
            }
        },
    )
    .unwrap();
    run("builtin.module(test-options-body{factor=3})").unwrap();
    let error = run("builtin.module(test-options-body{factor=-3})").unwrap_err();
    assert!(
        error
            .diagnostics()
            .iter()
            .any(|d| d.contains("error: factor -3 is negative")),
        "{error}"
    );
}

/// A type of one's own as an option value.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Mode {
    Fast,
    Exact,
}

impl OptionValue for Mode {
    const KIND: OptionKind = OptionKind::Text;

    fn parse_option(name: &str, text: &str) -> Result<Mode, String> {
        match text {
            "fast" => Ok(Mode::Fast),
            "exact" => Ok(Mode::Exact),
            _ => Err(format!("invalid value `{text}` for option {name}")),
        }
    }
}

rmlir::pass_options! {
    /// Options of values of one's own type.
    struct ModeOptions {
        /// How to go.
        mode: Mode = Mode::Fast,
        /// Modes to try.
        modes: Vec<Mode> = vec![Mode::Exact],
    }
}

#[test]
fn option_values_of_ones_own_type_parse_alone_and_in_lists() {
    let seen: Arc<Mutex<Vec<ModeOptions>>> = Arc::default();
    let log = Arc::clone(&seen);
    rmlir::pipeline::register_pass_with_options::<ModeOptions, _>(
        "test-options-own-type",
        "records its options",
        move |_, options| {
            log.lock().unwrap().push(options.clone());
            Ok(())
        },
    )
    .unwrap();
    run("builtin.module(test-options-own-type,test-options-own-type{mode=exact modes=fast,exact})")
        .unwrap();
    assert_eq!(
        *seen.lock().unwrap(),
        [
            ModeOptions::default(),
            ModeOptions {
                mode: Mode::Exact,
                modes: vec![Mode::Fast, Mode::Exact],
            },
        ]
    );
    let error = run("builtin.module(test-options-own-type{modes=fast,slow})").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("invalid value `slow` for option modes"),
        "{error}"
    );
}

/// A hand-written set declaring `name` twice.
struct Twice;

impl PassOptionSet for Twice {
    fn declared() -> Vec<(String, OptionKind)> {
        vec![
            ("name".to_string(), OptionKind::Text),
            ("name".to_string(), OptionKind::Flag),
        ]
    }

    fn from_options(_: &PassOptions) -> Result<Twice, String> {
        Ok(Twice)
    }
}

/// A hand-written set declaring a name pipelines cannot write.
struct Spaced;

impl PassOptionSet for Spaced {
    fn declared() -> Vec<(String, OptionKind)> {
        vec![("two words".to_string(), OptionKind::Text)]
    }

    fn from_options(_: &PassOptions) -> Result<Spaced, String> {
        Ok(Spaced)
    }
}

#[test]
fn option_names_declared_twice_or_malformed_refuse_registration() {
    let twice = rmlir::pipeline::register_pass_with_options::<Twice, _>(
        "test-options-twice",
        "",
        |_, _| Ok(()),
    )
    .unwrap_err();
    assert_eq!(twice.kind(), ErrorKind::Registration);
    assert!(twice.to_string().contains("twice"), "{twice}");
    let spaced = rmlir::pipeline::register_pass_with_options::<Spaced, _>(
        "test-options-spaced",
        "",
        |_, _| Ok(()),
    )
    .unwrap_err();
    assert_eq!(spaced.kind(), ErrorKind::Registration);
    assert!(spaced.to_string().contains("no option name"), "{spaced}");
    // Refused, the names stay free.
    let error = run("builtin.module(test-options-twice)").unwrap_err();
    assert!(
        error
            .to_string()
            .contains("does not refer to a registered pass"),
        "{error}"
    );
}
