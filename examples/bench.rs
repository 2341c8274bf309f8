//! `make bench`: canonicalization of rarith/rshape against upstream's C++
//! arith/shape on the same IR (renamed), in the same process and run.
//!
//! Three kinds of workload, each parsed once per repetition, timing only
//! the canonicalize pass:
//! - mixed: functions mixing what canonicalization does to these ops
//!   (constant folding, x + 0, AddIAddConstant chains, cmpi constant moves
//!   and folds, shape broadcasting);
//! - patterns: functions whose ops are rewritten by canonicalization
//!   patterns rather than folded (reassociation of constants, sub/add
//!   combinations, xor of a compare, select and cast patterns);
//! - dense: functions folding addi, muli, maxsi, cmpi, sitofp and mulf over
//!   non-splat vector constants (bulk folding of raw element data).
//!
//! `bench [FUNCS] [REPS]` reports mixed (FUNCS functions), patterns (as
//! many ops) and dense (FUNCS / 10 functions of 1024 lanes): per workload
//! the best of REPS per dialect, time per op, and the ratio rmlir /
//! upstream (best-vs-best and the median of paired runs).
//!
//! `bench --scale` times mixed and patterns at 10k, 100k and 1M ops and
//! dense (64 lanes) at 10k and 100k ops, and measures peak memory: each
//! side parses and canonicalizes the workload once in a process of its own
//! (`bench --peak KIND OPS SIDE warm|cold`), which reports its peak
//! resident set (VmHWM) and its resident set before parsing: after one
//! function of the same kind was canonicalized on that side (warm: the
//! growth is the workload's data), or in a fresh context (cold: the growth
//! also counts the code pages the run touches first).
//!
//! Every report also checks that the outputs are identical after renaming.

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

/// One function of the pattern-heavy workload: each op is rewritten by a
/// canonicalization pattern of upstream's (or feeds one).
const PATTERN_BODY: &str = r#"
func.func @p{N}(%x: i32, %y: i32, %b: i1, %w: i64) -> (i32, i32, i1, i32, i32, i32, i64, i32) {
  %c3 = {A}.constant 3 : i32
  %c5 = {A}.constant 5 : i32
  %true = {A}.constant true
  %k = {A}.constant {N} : i64
  %0 = {A}.addi %x, %c3 : i32
  %1 = {A}.addi %0, %c5 : i32
  %2 = {A}.subi %1, %c3 : i32
  %3 = {A}.subi %c5, %y : i32
  %4 = {A}.addi %3, %c3 : i32
  %5 = {A}.cmpi slt, %c3, %x : i32
  %6 = {A}.xori %5, %true : i1
  %7 = {A}.muli %y, %c3 : i32
  %8 = {A}.muli %7, %c5 : i32
  %9 = {A}.subi %8, %7 : i32
  %10 = {A}.extui %b : i1 to i32
  %11 = {A}.select %b, %c5, %c3 : i32
  %12 = {A}.addi %w, %k : i64
  %13 = {A}.subi %12, %k : i64
  %14 = {A}.extsi %x : i32 to i64
  %15 = {A}.trunci %14 : i64 to i32
  %16 = {A}.addi %15, %10 : i32
  return %2, %4, %6, %9, %11, %16, %13, %1 : i32, i32, i1, i32, i32, i32, i64, i32
}
"#;

/// The ops of a function body (every line that defines a value).
fn ops_in(body: &str) -> usize {
    body.lines().filter(|l| l.contains(" = ")).count()
}

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

fn pattern_program(funcs: usize, arith: &str) -> String {
    let mut s = String::new();
    for n in 0..funcs {
        s.push_str(
            &PATTERN_BODY
                .replace("{A}", arith)
                .replace("{N}", &n.to_string()),
        );
    }
    s
}

/// Ops per function of [`dense_program`].
const DENSE_OPS_PER_FUNC: usize = 10;

/// `funcs` functions folding integer and float ops over non-splat dense
/// vector constants of `lanes` elements (deterministic, distinct per
/// function).
fn dense_program(funcs: usize, lanes: usize, arith: &str) -> String {
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
            (0..lanes)
                .map(|_| ((next() as i64 as i32) >> (next() % 24)).to_string())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let (a, b) = (ints(&mut next), ints(&mut next));
        let floats = (0..lanes)
            .map(|_| format!("{:?}", (next() % 20001) as f32 / 64.0 - 156.25))
            .collect::<Vec<_>>()
            .join(", ");
        let v = format!("vector<{lanes}xi32>");
        let f = format!("vector<{lanes}xf32>");
        let b1 = format!("vector<{lanes}xi1>");
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

/// The kinds of workload.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Mixed,
    Patterns,
    /// Dense constants of this many lanes.
    Dense(usize),
}

impl Kind {
    fn name(self) -> String {
        match self {
            Kind::Mixed => "mixed".into(),
            Kind::Patterns => "patterns".into(),
            Kind::Dense(lanes) => format!("dense{lanes}"),
        }
    }

    fn parse(name: &str) -> Option<Kind> {
        match name {
            "mixed" => Some(Kind::Mixed),
            "patterns" => Some(Kind::Patterns),
            "dense" => Some(Kind::Dense(1024)),
            _ => name.strip_prefix("dense")?.parse().ok().map(Kind::Dense),
        }
    }

    fn ops_per_func(self) -> usize {
        match self {
            Kind::Mixed => ops_in(BODY),
            Kind::Patterns => ops_in(PATTERN_BODY),
            Kind::Dense(_) => DENSE_OPS_PER_FUNC,
        }
    }

    /// The workload of about `ops` ops (at least one function).
    fn workload(self, ops: usize) -> Workload {
        let funcs = (ops / self.ops_per_func()).max(1);
        let (ours, theirs) = match self {
            Kind::Mixed => (
                program(funcs, "rarith", "rshape"),
                program(funcs, "arith", "shape"),
            ),
            Kind::Patterns => (
                pattern_program(funcs, "rarith"),
                pattern_program(funcs, "arith"),
            ),
            Kind::Dense(lanes) => (
                dense_program(funcs, lanes, "rarith"),
                dense_program(funcs, lanes, "arith"),
            ),
        };
        Workload {
            name: self.name(),
            ours,
            theirs,
            ops: funcs * self.ops_per_func(),
        }
    }
}

/// One workload: the same program in our dialects and upstream's.
struct Workload {
    name: String,
    ours: String,
    theirs: String,
    ops: usize,
}

/// `source` parsed in `context` and canonicalized once, and the time the
/// pass took.
fn canonicalize<'c>(context: &'c melior::Context, source: &str) -> (Module<'c>, Duration) {
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
    let took = start.elapsed();
    (module, took)
}

/// The best time of `reps` canonicalizations of `source`, and the output.
fn time_canonicalize(context: &melior::Context, source: &str, reps: usize) -> (Duration, String) {
    let mut best = Duration::MAX;
    let mut out = String::new();
    for _ in 0..reps {
        let (module, took) = canonicalize(context, source);
        best = best.min(took);
        out = module.as_operation().to_string();
    }
    (best, out)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("--peak") {
        peak_child(&args[1..]);
        return;
    }
    let context = rmlir::new_context();
    context.enable_multi_threading(false);
    // Warm up both (first use loads dialects, interfaces, pattern sets).
    time_canonicalize(&context, &program(10, "rarith", "rshape"), 1);
    time_canonicalize(&context, &program(10, "arith", "shape"), 1);

    if args.first().map(String::as_str) == Some("--scale") {
        scale(&context);
        return;
    }
    let funcs: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let reps: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(21);
    let mixed_ops = funcs * Kind::Mixed.ops_per_func();
    let workloads = [
        Kind::Mixed.workload(mixed_ops),
        Kind::Patterns.workload(mixed_ops),
        Kind::Dense(1024).workload((funcs / 10).max(1) * DENSE_OPS_PER_FUNC),
    ];

    // BENCH_ONLY=rmlir|upstream times one side alone (for profiling), of
    // the workload BENCH_WORKLOAD names (mixed, patterns, dense; default
    // mixed).
    let only = std::env::var("BENCH_ONLY").unwrap_or_default();
    if !only.is_empty() {
        let name = std::env::var("BENCH_WORKLOAD").unwrap_or_else(|_| "mixed".into());
        let kind = Kind::parse(&name).expect("BENCH_WORKLOAD is mixed, patterns or dense");
        let w = workloads
            .iter()
            .find(|w| w.name == kind.name())
            .expect("a workload of that kind");
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

/// `--scale`: every kind at sizes from 10k to 1M ops, time and peak
/// memory.
fn scale(context: &melior::Context) {
    let runs: &[(Kind, &[usize])] = &[
        (Kind::Mixed, &[10_000, 100_000, 1_000_000]),
        (Kind::Patterns, &[10_000, 100_000, 1_000_000]),
        (Kind::Dense(64), &[10_000, 100_000]),
    ];
    let mut all_same = true;
    for &(kind, sizes) in runs {
        for &ops in sizes {
            let reps = if ops >= 1_000_000 {
                3
            } else if ops >= 100_000 {
                5
            } else {
                11
            };
            let w = kind.workload(ops);
            all_same &= measure(context, &w, reps);
            // Resident sets move by about 100 KiB from run to run: the
            // warm figures are the median of three runs per side.
            let (up, up_base) = median_peak(kind, ops, "upstream");
            let (rs, rs_base) = median_peak(kind, ops, "rmlir");
            let (up_cold, up_cold_base) = peak(kind, ops, "upstream", Start::Cold);
            let (rs_cold, rs_cold_base) = peak(kind, ops, "rmlir", Start::Cold);
            println!(
                "  peak memory (own process, parse + canonicalize): upstream {} MiB (+{} over {}), rmlir {} MiB (+{} over {}); growth ratio {:.3}x (cold: {:.3}x)",
                up / 1024,
                (up - up_base) / 1024,
                up_base / 1024,
                rs / 1024,
                (rs - rs_base) / 1024,
                rs_base / 1024,
                (rs - rs_base) as f64 / (up - up_base) as f64,
                (rs_cold - rs_cold_base) as f64 / (up_cold - up_cold_base) as f64,
            );
        }
    }
    if !all_same {
        std::process::exit(1);
    }
}

/// Where a peak-memory child takes its baseline.
#[derive(Clone, Copy)]
enum Start {
    /// After canonicalizing one function of the workload's kind on its own
    /// side: the code that side runs (MLIR's, and for rmlir its hooks) is
    /// resident in the baseline, so the growth is the workload's data.
    Warm,
    /// In a fresh context: the growth includes the code pages the run
    /// touches first (about 0.5 MiB more for rmlir, whose hooks run on
    /// top of MLIR's code).
    Cold,
}

/// The warm run of [`peak`] with the median growth of three.
fn median_peak(kind: Kind, ops: usize, side: &str) -> (u64, u64) {
    let mut runs: Vec<(u64, u64)> = (0..3).map(|_| peak(kind, ops, side, Start::Warm)).collect();
    runs.sort_by_key(|&(peak, base)| peak - base);
    runs[1]
}

/// Runs `bench --peak KIND OPS SIDE START` and returns (peak, baseline)
/// resident set in KiB.
fn peak(kind: Kind, ops: usize, side: &str, start: Start) -> (u64, u64) {
    let start = match start {
        Start::Warm => "warm",
        Start::Cold => "cold",
    };
    let out = std::process::Command::new(std::env::current_exe().expect("own path"))
        .args(["--peak", &kind.name(), &ops.to_string(), side, start])
        .output()
        .expect("run the peak-memory child");
    assert!(out.status.success(), "peak-memory child failed");
    let text = String::from_utf8_lossy(&out.stdout);
    let mut fields = text
        .split_whitespace()
        .map(|f| f.parse::<u64>().expect("KiB"));
    (
        fields.next().expect("peak"),
        fields.next().expect("baseline"),
    )
}

/// A field of /proc/self/status, in KiB.
fn status_kib(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/self/status"))
}

/// The child of [`peak`]: one side's workload parsed and canonicalized
/// once; prints its peak resident set and the one before parsing (KiB).
fn peak_child(args: &[String]) {
    let kind = Kind::parse(&args[0]).expect("a workload kind");
    let ops: usize = args[1].parse().expect("an op count");
    let ours = args[2] != "upstream";
    let side = |w: Workload| if ours { w.ours } else { w.theirs };
    let source = side(kind.workload(ops));
    let context = rmlir::new_context();
    context.enable_multi_threading(false);
    if args.get(3).map(String::as_str) == Some("warm") {
        let _warm_up = canonicalize(&context, &side(kind.workload(kind.ops_per_func())));
    }
    // The program text is built before the baseline: it is the same size on
    // both sides and not MLIR's memory.
    let baseline = status_kib("VmRSS:");
    let _canonicalized = canonicalize(&context, &source);
    println!("{} {baseline}", status_kib("VmHWM:"));
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
        "  ratio rmlir / upstream: {:.3}x best-vs-best, {:.3}x median of {reps} paired runs (target <= 1.00x)",
        t_rs.as_secs_f64() / t_up.as_secs_f64(),
        median_ratio
    )
    .unwrap();
    writeln!(report, "  outputs identical after renaming: {same}").unwrap();
    print!("{report}");
    same
}
