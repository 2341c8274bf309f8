//! rmlir-tv: translation validation of rarith/arith functions with an SMT
//! solver (z3). Proves that every function of AFTER refines the function
//! of the same name in BEFORE for all arguments, or prints a
//! counterexample: the arguments and both results.
//!
//! ```text
//! rmlir-tv BEFORE AFTER [options]
//! rmlir-tv BEFORE --pipeline=PIPELINE [options]
//!   --pipeline=P         AFTER is BEFORE run through pipeline P of rmlir-opt
//!                        (e.g. 'builtin.module(canonicalize)')
//!   --function=NAME      only this function
//!   --index-bitwidth=N   the width of index (default 64)
//!   --timeout-ms=N       per function (default 20000)
//!   --no-poison-args     arguments are never poison
//! ```
//!
//! Exit status: 0 when every function is proven, 1 when one has a
//! counterexample, 2 when one could not be decided (unsupported op,
//! timeout) or the input is bad.

use rmlir::tv::{Options, Validator, Verdict};
use std::process::ExitCode;

struct Args {
    before: String,
    after: Option<String>,
    pipeline: Option<String>,
    function: Option<String>,
    options: Options,
}

fn parse_args() -> Result<Args, String> {
    let mut files = Vec::new();
    let mut args = Args {
        before: String::new(),
        after: None,
        pipeline: None,
        function: None,
        options: Options::default(),
    };
    let number = |flag: &str, v: &str| -> Result<u32, String> {
        v.parse()
            .map_err(|_| format!("{flag}: not a number: `{v}`"))
    };
    for a in std::env::args().skip(1) {
        if let Some(v) = a.strip_prefix("--pipeline=") {
            args.pipeline = Some(v.to_string());
        } else if let Some(v) = a.strip_prefix("--function=") {
            args.function = Some(v.trim_start_matches('@').to_string());
        } else if let Some(v) = a.strip_prefix("--index-bitwidth=") {
            args.options.index_bitwidth = number("--index-bitwidth", v)?;
            if !(1..=128).contains(&args.options.index_bitwidth) {
                return Err("--index-bitwidth: 1 to 128".into());
            }
        } else if let Some(v) = a.strip_prefix("--timeout-ms=") {
            args.options.timeout_ms = number("--timeout-ms", v)?;
        } else if a == "--no-poison-args" {
            args.options.poison_arguments = false;
        } else if a == "--help" || a == "-h" {
            return Err(String::new());
        } else if a.starts_with("--") {
            return Err(format!("unknown option `{a}`"));
        } else {
            files.push(a);
        }
    }
    match (files.len(), &args.pipeline) {
        (1, Some(_)) => args.before = files.remove(0),
        (2, None) => {
            args.after = Some(files.remove(1));
            args.before = files.remove(0);
        }
        _ => return Err("give BEFORE and AFTER, or BEFORE and --pipeline".into()),
    }
    Ok(args)
}

fn read(path: &str) -> Result<String, String> {
    if path == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .map_err(|e| format!("stdin: {e}"))?;
        return Ok(s);
    }
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn run(args: &Args) -> Result<u8, String> {
    let context = rmlir::new_context();
    let source = read(&args.before)?;
    let parse =
        |text: &str, what: &str| rmlir::parse(&context, text).map_err(|e| format!("{what}: {e}"));
    let mut before = parse(&source, &args.before)?;
    let mut after = match (&args.after, &args.pipeline) {
        (Some(path), _) => parse(&read(path)?, path)?,
        (None, Some(pipeline)) => {
            let mut m = parse(&source, &args.before)?;
            rmlir::pipeline::run(&context, &mut m, pipeline).map_err(|e| format!("{e}"))?;
            m
        }
        (None, None) => unreachable!(),
    };
    let mut validator = Validator::new(args.options).map_err(|e| e.to_string())?;
    let verdicts = validator
        .check_modules(&mut before, &mut after)
        .map_err(|e| e.to_string())?;
    let (mut refuted, mut undecided, mut checked) = (false, false, 0);
    for (name, verdict) in verdicts {
        if args.function.as_ref().is_some_and(|f| *f != name) {
            continue;
        }
        checked += 1;
        println!("@{name}: {verdict}");
        match verdict {
            Verdict::Proven => {}
            Verdict::Counterexample(_) => refuted = true,
            Verdict::Unknown(_) | Verdict::Unsupported(_) => undecided = true,
        }
    }
    if checked == 0 {
        return Err("no function to validate".into());
    }
    // A counterexample outranks an undecided function.
    Ok(if refuted {
        1
    } else if undecided {
        2
    } else {
        0
    })
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("rmlir-tv: {e}");
            }
            eprintln!(
                "usage: rmlir-tv BEFORE (AFTER | --pipeline=P) [--function=NAME] [--index-bitwidth=N] [--timeout-ms=N] [--no-poison-args]"
            );
            return ExitCode::from(2);
        }
    };
    match run(&args) {
        Ok(status) => ExitCode::from(status),
        Err(e) => {
            eprintln!("rmlir-tv: {e}");
            ExitCode::from(2)
        }
    }
}
