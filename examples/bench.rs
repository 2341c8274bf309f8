//! `make bench`: canonicalization of rarith/rshape against upstream's C++
//! arith/shape on the same IR (renamed), in the same process and run.
//!
//! Two workloads, each parsed once per repetition, timing only the
//! canonicalize pass:
//! - mixed: `FUNCS` functions mixing what canonicalization does to these ops
//!   (constant folding, x + 0, AddIAddConstant chains, cmpi constant moves
//!   and folds, shape broadcasting);
//! - dense: `FUNCS / 10` functions each folding addi, muli, maxsi, cmpi,
//!   sitofp and mulf over non-splat `vector<1024xi32>` / `vector<1024xf32>`
//!   constants (bulk folding of raw element data).
//!
//! Reports per workload the best of `REPS` per dialect, time per op, and the
//! ratio rmlir / upstream (best-vs-best and the median of paired runs).
//!
//! Usage: cargo run --release --example bench [FUNCS] [REPS]

use melior::ir::Module;
use melior::pass::PassManager;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// One function body of the benchmark; `{A}`/`{S}` are the dialect prefixes.
const BODY: &str = r#"
func.func @f{N}(%x: i32, %y: i64, %v: vector<4xi32>, %i: index) -> (i32, i1, i1, i64, vector<4xi32>, index, i1, {T}) {
  %c0 = {A}.constant 0 : i32
  %c1 = {A}.constant 1 : i32
  %c2 = {A}.constant 2 : i32
  %c7 = {A}.constant 7 : i32
  %k = {A}.constant {N} : i64
  %a0 = {A}.addi %x, %c0 : i32
  %a1 = {A}.addi %a0, %c1 overflow<nsw> : i32
  %a2 = {A}.addi %a1, %c2 overflow<nsw> : i32
  %a3 = {A}.addi %a2, %c7 : i32
  %s = {A}.addi %c1, %c2 : i32
  %a4 = {A}.addi %a3, %s : i32
  %p = {A}.cmpi slt, %c7, %a4 : i32
  %q = {A}.cmpi eq, %c1, %c2 : i32
  %y1 = {A}.addi %y, %k : i64
  %y2 = {A}.addi %y1, %k : i64
  %vc = {A}.constant dense<3> : vector<4xi32>
  %vd = {A}.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %ve = {A}.addi %vc, %vd : vector<4xi32>
  %vf = {A}.addi %v, %ve : vector<4xi32>
  %ic = {A}.constant 16 : index
  %i1 = {A}.addi %i, %ic : index
  %i2 = {A}.addi %i1, %ic : index
  %r = {A}.cmpi uge, %i2, %i2 : index
  %sa = {S}.const_shape [2, 1, 4] : {T}
  %sb = {S}.const_shape [3, 1] : tensor<2xindex>
  %sc = {S}.broadcast %sa, %sb : {T}, tensor<2xindex> -> {T}
  return %a4, %p, %q, %y2, %vf, %i2, %r, %sc : i32, i1, i1, i64, vector<4xi32>, index, i1, {T}
}
"#;

/// Ops per function in BODY (for the per-op figure).
const OPS_PER_FUNC: usize = 27;

fn program(funcs: usize, arith: &str, shape: &str) -> String {
    let mut s = String::new();
    for n in 0..funcs {
        let body = BODY
            .replace("{A}", arith)
            .replace("{S}", shape)
            .replace("{T}", "tensor<3xindex>")
            .replace("{N}", &n.to_string());
        s.push_str(&body);
    }
    s
}

/// Elements per dense constant.
const DENSE_N: usize = 1024;
/// Ops per function of [`dense_program`].
const DENSE_OPS_PER_FUNC: usize = 10;

/// `funcs` functions folding integer and float ops over non-splat dense
/// vector constants (deterministic, distinct per function).
fn dense_program(funcs: usize, arith: &str) -> String {
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut s = String::new();
    for n in 0..funcs {
        let ints = |next: &mut dyn FnMut() -> u64| {
            (0..DENSE_N)
                .map(|_| ((next() as i64 as i32) >> (next() % 24)).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (a, b) = (ints(&mut next), ints(&mut next));
        let floats = (0..DENSE_N)
            .map(|_| format!("{:?}", (next() % 20001) as f32 / 64.0 - 156.25))
            .collect::<Vec<_>>()
            .join(", ");
        let v = format!("vector<{DENSE_N}xi32>");
        let f = format!("vector<{DENSE_N}xf32>");
        let b1 = format!("vector<{DENSE_N}xi1>");
        writeln!(
            s,
            "func.func @d{n}() -> ({v}, {v}, {b1}, {f}) {{
  %a = {arith}.constant dense<[{a}]> : {v}
  %b = {arith}.constant dense<[{b}]> : {v}
  %c = {arith}.constant dense<[{floats}]> : {f}
  %s = {arith}.addi %a, %b : {v}
  %m = {arith}.muli %s, %b : {v}
  %x = {arith}.maxsi %m, %a : {v}
  %p = {arith}.cmpi slt, %x, %s : {v}
  %e = {arith}.sitofp %x : {v} to {f}
  %q = {arith}.mulf %e, %c : {f}
  return %m, %x, %p, %q : {v}, {v}, {b1}, {f}
}}"
        )
        .unwrap();
    }
    s
}

/// One workload: the same program in our dialects and upstream's.
struct Workload {
    name: &'static str,
    ours: String,
    theirs: String,
    ops: usize,
}

fn time_canonicalize(context: &melior::Context, source: &str, reps: usize) -> (Duration, String) {
    let mut best = Duration::MAX;
    let mut out = String::new();
    for _ in 0..reps {
        let mut module = Module::parse(context, source).expect("benchmark program parses");
        let pm = PassManager::new(context);
        pm.enable_verifier(std::env::var("BENCH_NOVERIFY").is_err());
        melior::utility::parse_pass_pipeline(
            pm.as_operation_pass_manager(),
            "builtin.module(canonicalize)",
        )
        .expect("pipeline");
        let start = Instant::now();
        pm.run(&mut module).expect("canonicalize");
        best = best.min(start.elapsed());
        out = module.as_operation().to_string();
    }
    (best, out)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let funcs: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let reps: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(21);
    let context = rmlir::new_context();
    context.enable_multi_threading(false);

    // Warm up both (first use loads dialects, interfaces, pattern sets).
    time_canonicalize(&context, &program(10, "rarith", "rshape"), 1);
    time_canonicalize(&context, &program(10, "arith", "shape"), 1);

    let dense_funcs = (funcs / 10).max(1);
    let workloads = [
        Workload {
            name: "mixed",
            ours: program(funcs, "rarith", "rshape"),
            theirs: program(funcs, "arith", "shape"),
            ops: funcs * OPS_PER_FUNC,
        },
        Workload {
            name: "dense",
            ours: dense_program(dense_funcs, "rarith"),
            theirs: dense_program(dense_funcs, "arith"),
            ops: dense_funcs * DENSE_OPS_PER_FUNC,
        },
    ];

    // BENCH_ONLY=rmlir|upstream times one side alone (for profiling), of
    // the workload BENCH_WORKLOAD names (default: mixed).
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    if !only.is_empty() {
        let name = std::env::var("BENCH_WORKLOAD").unwrap_or_else(|_| "mixed".into());
        let w = workloads
            .iter()
            .find(|w| w.name == name)
            .expect("BENCH_WORKLOAD is mixed or dense");
        let src = if only == "upstream" {
            &w.theirs
        } else {
            &w.ours
        };
        let (t, _) = time_canonicalize(&context, src, reps);
        println!("{only} {name}: {:.3} ms", t.as_secs_f64() * 1e3);
        return;
    }
    let mut all_same = true;
    for w in &workloads {
        all_same &= measure(&context, w, reps);
    }
    if !all_same {
        std::process::exit(1);
    }
}

/// Times `w` on both sides in `reps` interleaved pairs and prints the
/// report; true when the outputs agree after renaming.
fn measure(context: &melior::Context, w: &Workload, reps: usize) -> bool {
    // Each repetition times both back to back; the median of the per-pair
    // ratios is robust to load drift on a shared machine.
    let (mut t_up, mut t_rs) = (Duration::MAX, Duration::MAX);
    let (mut out_up, mut out_rs) = (String::new(), String::new());
    let mut pair_ratios = Vec::with_capacity(reps);
    for _ in 0..reps {
        let (a, o) = time_canonicalize(context, &w.theirs, 1);
        (t_up, out_up) = (t_up.min(a), o);
        let (b, o) = time_canonicalize(context, &w.ours, 1);
        (t_rs, out_rs) = (t_rs.min(b), o);
        pair_ratios.push(b.as_secs_f64() / a.as_secs_f64());
    }
    pair_ratios.sort_by(f64::total_cmp);
    let median_ratio = pair_ratios[pair_ratios.len() / 2];
    let renamed = out_up
        .replace("#arith.", "#\u{0}")
        .replace("arith.", "rarith.")
        .replace("#\u{0}", "#arith.")
        .replace("shape.", "rshape.");
    let same = renamed == out_rs;

    let ops = w.ops as f64;
    let per = |t: Duration| t.as_secs_f64() * 1e6 / ops;
    let mut report = String::new();
    writeln!(
        report,
        "canonicalize, {} workload, {} ops, best of {reps}, single-threaded",
        w.name, w.ops
    )
    .unwrap();
    writeln!(
        report,
        "  upstream arith/shape (C++): {:9.3} ms  {:.3} us/op",
        t_up.as_secs_f64() * 1e3,
        per(t_up)
    )
    .unwrap();
    writeln!(
        report,
        "  rmlir rarith/rshape (Rust): {:9.3} ms  {:.3} us/op",
        t_rs.as_secs_f64() * 1e3,
        per(t_rs)
    )
    .unwrap();
    writeln!(
        report,
        "  ratio rmlir / upstream: {:.3}x best-vs-best, {:.3}x median of {reps} paired runs (target <= 1.10x)",
        t_rs.as_secs_f64() / t_up.as_secs_f64(),
        median_ratio
    )
    .unwrap();
    writeln!(report, "  outputs identical after renaming: {same}").unwrap();
    print!("{report}");
    same
}
