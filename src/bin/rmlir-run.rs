//! rmlir-run: JIT-compiles a module and calls one function, like upstream's
//! mlir-runner. Input that is not yet in the LLVM dialect is lowered first
//! (`--pipeline`, default: rarith/func to LLVM).
//!
//! ```text
//! rmlir-run FILE|- -e NAME [--entry-point-result=TYPE] [--arg=TYPE:VALUE]...
//!           [--shared-libs=LIB[,LIB]] [--lower=llvm|rshape]
//!           [--pipeline=PIPELINE] [-O LEVEL]
//!           [--cpu-features=exact|native]
//! rmlir-run --print-host-cpu
//! TYPE: i1 i8 i16 i32 i64 index f32 f64, or memref<DxDx...xTYPE> with
//!       VALUE its elements, comma-separated, in row-major order
//! ```
//!
//! `--lower` picks the lowering: `llvm` (the default,
//! `rmlir::pipeline::LOWER_TO_LLVM`) or `rshape`
//! (`rmlir::pipeline::LOWER_RSHAPE_TO_LLVM`, for shape functions on extent
//! tensors); `--pipeline` gives one of your own (empty: none).
//!
//! Every result is printed, one per line (a memref as `memref<2x3xi64>
//! [1, 2, 3, 4, 5, 6]`). `--entry-point-result`, when given, is checked
//! against the function's single scalar result (`void`: no result).
//!
//! The code is compiled for the host CPU; `--cpu-features=exact` (the
//! default) leaves out the instructions whose results are not IEEE-exact
//! (the `bf16` conversions that flush subnormals), so that results are the
//! same on every host; `native` uses every feature of the host, as
//! `mlir-runner` does. `--print-host-cpu` prints the host CPU's LLVM name,
//! whether it has such instructions, and its features.

use rmlir::jit::{Arg, CpuFeatures, Jit, MemRef, OptLevel, Returned, Scalar};
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

/// A memref argument: `memref<2x3xi64>` and `1,2,3,4,5,6`.
fn parse_memref(ty: &str, values: &str) -> Result<MemRef, String> {
    let inner = ty
        .strip_prefix("memref<")
        .and_then(|t| t.strip_suffix('>'))
        .ok_or_else(|| format!("bad memref type `{ty}`"))?;
    let (mut shape, mut element) = (Vec::new(), inner);
    while let Some((d, rest)) = element.split_once('x') {
        if d == "?" {
            return Err(format!("`{ty}`: give the sizes of the argument, not `?`"));
        }
        let Ok(d) = d.parse::<usize>() else { break };
        shape.push(d);
        element = rest;
    }
    let scalars: Vec<Scalar> = values
        .split(',')
        .filter(|v| !v.is_empty())
        .map(|v| parse_scalar(element, v))
        .collect::<Result<_, _>>()?;
    macro_rules! build {
        ($case:ident) => {
            MemRef::new(
                scalars
                    .iter()
                    .map(|s| match s {
                        Scalar::$case(v) => *v,
                        _ => unreachable!("parsed as one type"),
                    })
                    .collect(),
                &shape,
            )
        };
    }
    let memref = match parse_scalar(element, "0")? {
        Scalar::I1(_) => build!(I1),
        Scalar::I8(_) => build!(I8),
        Scalar::I16(_) => build!(I16),
        Scalar::I32(_) => build!(I32),
        Scalar::I64(_) => build!(I64),
        Scalar::F32(_) => build!(F32),
        Scalar::F64(_) => build!(F64),
    };
    memref.ok_or_else(|| format!("`{ty}` holds a different number of elements than given"))
}

/// A memref result: its type and its elements.
fn show_memref(m: &MemRef) -> String {
    fn list<T: std::fmt::Debug>(v: &[T]) -> String {
        format!("{v:?}")
    }
    let dims: String = m.shape().iter().map(|d| format!("{d}x")).collect();
    let (element, values) = if let Some(v) = m.elements::<bool>() {
        ("i1", list(&v.iter().map(|&b| b as u8).collect::<Vec<_>>()))
    } else if let Some(v) = m.elements::<i8>() {
        ("i8", list(v))
    } else if let Some(v) = m.elements::<i16>() {
        ("i16", list(v))
    } else if let Some(v) = m.elements::<i32>() {
        ("i32", list(v))
    } else if let Some(v) = m.elements::<i64>() {
        ("i64", list(v))
    } else if let Some(v) = m.elements::<f32>() {
        ("f32", list(v))
    } else if let Some(v) = m.elements::<f64>() {
        ("f64", list(v))
    } else {
        ("?", String::new())
    };
    format!("memref<{dims}{element}> {values}")
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

/// An argument as given.
enum Argument {
    Scalar(Scalar),
    MemRef(MemRef),
}

struct Options {
    file: String,
    entry: String,
    result: Option<Scalar>,
    args: Vec<Argument>,
    libs: Vec<String>,
    pipeline: String,
    opt_level: OptLevel,
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
        opt_level: OptLevel::O2,
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
            o.args.push(if t.starts_with("memref<") {
                Argument::MemRef(parse_memref(t, v)?)
            } else {
                Argument::Scalar(parse_scalar(t, v)?)
            });
        } else if let Some(v) = a.strip_prefix("--shared-libs=") {
            o.libs
                .extend(v.split(',').filter(|s| !s.is_empty()).map(String::from));
        } else if let Some(v) = a.strip_prefix("--lower=") {
            o.pipeline = match v {
                "llvm" => rmlir::pipeline::LOWER_TO_LLVM.into(),
                "rshape" => rmlir::pipeline::LOWER_RSHAPE_TO_LLVM.into(),
                _ => return Err(format!("--lower wants llvm or rshape, not `{v}`")),
            };
        } else if let Some(v) = a.strip_prefix("--pipeline=") {
            o.pipeline = v.into();
        } else if a == "-O" {
            o.opt_level = match it.next().as_deref() {
                Some("0") => OptLevel::O0,
                Some("1") => OptLevel::O1,
                Some("2") => OptLevel::O2,
                Some("3") => OptLevel::O3,
                _ => return Err("-O needs a level: 0, 1, 2 or 3".into()),
            };
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
    let mut module = rmlir::parse(&context, &source).map_err(|e| format!("{}: {e}", o.file))?;
    rmlir::pipeline::emit_c_interfaces(&mut module);
    if !o.pipeline.is_empty() {
        rmlir::pipeline::run(&context, &mut module, &o.pipeline)?;
    }
    let libs: Vec<&str> = o.libs.iter().map(String::as_str).collect();
    let jit = Jit::with_features(&module, o.opt_level, &libs, o.features)?;
    // Runtime output must survive a failing `cf.assert` (abort).
    rmlir::jit::unbuffer_c_stdout();
    let mut o = o;
    if let Some(expected) = o.result {
        let scalars: Vec<Scalar> = o
            .args
            .iter()
            .filter_map(|a| match a {
                Argument::Scalar(s) => Some(*s),
                Argument::MemRef(_) => None,
            })
            .collect();
        if scalars.len() == o.args.len() {
            // Checked against the one scalar result the caller expects.
            if let Some(r) = jit.call(&o.entry, &scalars, Some(expected))? {
                println!("{}", show(r));
            }
            return Ok(());
        }
    }
    let mut args: Vec<Arg> = o
        .args
        .iter_mut()
        .map(|a| match a {
            Argument::Scalar(s) => Arg::Scalar(*s),
            Argument::MemRef(m) => Arg::MemRef(m),
        })
        .collect();
    for r in jit.invoke(&o.entry, &mut args)? {
        match r {
            Returned::Scalar(s) => println!("{}", show(s)),
            Returned::MemRef(m) => println!("{}", show_memref(&m)),
        }
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
