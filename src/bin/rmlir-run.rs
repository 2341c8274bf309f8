//! rmlir-run: JIT-compiles a module and calls one function, like upstream's
//! mlir-runner. Input that is not yet in the LLVM dialect is lowered first
//! (`--pipeline`, default: rarith/func to LLVM).
//!
//! ```text
//! rmlir-run FILE|- -e NAME [--entry-point-result=TYPE] [--arg=TYPE:VALUE]...
//!           [--shared-libs=LIB[,LIB]] [--pipeline=PIPELINE] [-O LEVEL]
//!           [--cpu-features=exact|native]
//! rmlir-run --print-host-cpu
//! TYPE: i1 i8 i16 i32 i64 f32 f64 (or void for the result)
//! ```
//!
//! The code is compiled for the host CPU; `--cpu-features=exact` (the
//! default) leaves out the instructions whose results are not IEEE-exact
//! (the `bf16` conversions that flush subnormals), so that results are the
//! same on every host; `native` uses every feature of the host, as
//! `mlir-runner` does. `--print-host-cpu` prints the host CPU's LLVM name,
//! whether it has such instructions, and its features.

use melior::ir::Module;
use rmlir::jit::{CpuFeatures, Jit, Scalar};
use std::process::ExitCode;

fn parse_scalar(ty: &str, value: &str) -> Result<Scalar, String> {
    let bad = |e: &dyn std::fmt::Display| format!("bad {ty} value `{value}`: {e}");
    Ok(match ty {
        "i1" => Scalar::I1(matches!(value, "1" | "true")),
        "i8" => Scalar::I8(value.parse().map_err(|e| bad(&e))?),
        "i16" => Scalar::I16(value.parse().map_err(|e| bad(&e))?),
        "i32" => Scalar::I32(value.parse().map_err(|e| bad(&e))?),
        "i64" | "index" => Scalar::I64(value.parse().map_err(|e| bad(&e))?),
        "f32" => Scalar::F32(value.parse().map_err(|e| bad(&e))?),
        "f64" => Scalar::F64(value.parse().map_err(|e| bad(&e))?),
        _ => return Err(format!("unsupported type `{ty}`")),
    })
}

fn show(s: Scalar) -> String {
    match s {
        Scalar::I1(v) => (v as u8).to_string(),
        Scalar::I8(v) => v.to_string(),
        Scalar::I16(v) => v.to_string(),
        Scalar::I32(v) => v.to_string(),
        Scalar::I64(v) => v.to_string(),
        Scalar::F32(v) => format!("{v:?}"),
        Scalar::F64(v) => format!("{v:?}"),
    }
}

struct Options {
    file: String,
    entry: String,
    result: Option<Scalar>,
    args: Vec<Scalar>,
    libs: Vec<String>,
    pipeline: String,
    opt_level: usize,
    features: CpuFeatures,
    print_host_cpu: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut o = Options {
        file: String::new(),
        entry: "main".into(),
        result: None,
        args: Vec::new(),
        libs: Vec::new(),
        pipeline: rmlir::pipeline::LOWER_TO_LLVM.into(),
        opt_level: 2,
        features: CpuFeatures::Exact,
        print_host_cpu: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        if a == "-e" {
            o.entry = it.next().ok_or("-e needs a function name")?;
        } else if let Some(t) = a.strip_prefix("--entry-point-result=") {
            o.result = if t == "void" {
                None
            } else {
                Some(parse_scalar(t, "0")?)
            };
        } else if let Some(v) = a.strip_prefix("--arg=") {
            let (t, v) = v.split_once(':').ok_or("--arg wants TYPE:VALUE")?;
            o.args.push(parse_scalar(t, v)?);
        } else if let Some(v) = a.strip_prefix("--shared-libs=") {
            o.libs
                .extend(v.split(',').filter(|s| !s.is_empty()).map(String::from));
        } else if let Some(v) = a.strip_prefix("--pipeline=") {
            o.pipeline = v.into();
        } else if a == "-O" {
            o.opt_level = it
                .next()
                .and_then(|v| v.parse().ok())
                .ok_or("-O needs a level")?;
        } else if let Some(v) = a.strip_prefix("--cpu-features=") {
            o.features = match v {
                "exact" => CpuFeatures::Exact,
                "native" => CpuFeatures::Native,
                _ => return Err(format!("--cpu-features wants exact or native, not `{v}`")),
            };
        } else if a == "--print-host-cpu" {
            o.print_host_cpu = true;
        } else if a.starts_with('-') && a != "-" {
            return Err(format!("unknown option `{a}`"));
        } else {
            o.file = a;
        }
    }
    if o.file.is_empty() && !o.print_host_cpu {
        return Err(
            "usage: rmlir-run FILE -e NAME [--entry-point-result=TYPE] [--arg=TYPE:VALUE]..."
                .into(),
        );
    }
    Ok(o)
}

fn run() -> Result<(), String> {
    let o = parse_args()?;
    if o.print_host_cpu {
        let host = rmlir::jit::host_cpu();
        println!("cpu: {}", host.name);
        println!(
            "bf16 conversion that flushes subnormals: {}",
            if host.has_inexact_bf16_conversion() {
                "yes"
            } else {
                "no"
            }
        );
        println!("features: {}", host.features.join(","));
        return Ok(());
    }
    let source = if o.file == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| format!("<stdin>: {e}"))?
    } else {
        std::fs::read_to_string(&o.file).map_err(|e| format!("{}: {e}", o.file))?
    };
    if source.contains('\0') {
        return Err(format!("{}: the input contains a NUL byte", o.file));
    }
    let context = rmlir::new_context();
    let mut module =
        Module::parse(&context, &source).ok_or_else(|| format!("{}: failed to parse", o.file))?;
    rmlir::pipeline::emit_c_interfaces(&mut module);
    if !o.pipeline.is_empty() {
        rmlir::pipeline::run(&context, &mut module, &o.pipeline)?;
    }
    let libs: Vec<&str> = o.libs.iter().map(String::as_str).collect();
    let jit = Jit::with_features(&module, o.opt_level, &libs, o.features)?;
    // Runtime output must survive a failing `cf.assert` (abort).
    rmlir::jit::unbuffer_c_stdout();
    if let Some(r) = jit.call(&o.entry, &o.args, o.result)? {
        println!("{}", show(r));
    }
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rmlir-run: {e}");
            ExitCode::FAILURE
        }
    }
}
