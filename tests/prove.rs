//! Every rewrite proven, not sampled: each template of the execution
//! harness (a function that triggers a canonicalization pattern or a
//! folder of rarith) is built at every integer width from 1 to 64 (and at
//! `index`) or at every float type, with edge constants; `canonicalize`
//! rewrites it, and the SMT validator (`rmlir::tv`) proves that the result
//! refines the original for *all* argument values, poison included, or
//! finds a counterexample. The arguments are symbolic; the constants are
//! edges (0, ±1, 2, 3, 5, 7, the signed extremes), as the patterns match
//! on them.
//!
//! The patterns that match arbitrary constants are also proven for *every*
//! constant: their source and target shapes are written as data
//! (`common/shapes.rs`, with the constants symbolic), proven at every
//! width and flag combination, and checked to be what the Rust pattern
//! does on sampled constants (rows "(every constant)"). With
//! `RMLIR_PROVE_DUMP=<dir>`, each shape's symbolic modules are written
//! there, for `rmlir-tv`.
//!
//! The same programs, renamed to arith, go through upstream's
//! `mlir-opt --canonicalize` and the same validator: upstream's rewrites
//! are checked by the same tool.
//!
//! `make prove` (`RMLIR_PROVE_FULL=1`) runs every width from the narrowest
//! to the widest a template is written for, `index`, and every float type,
//! and prints the table (rewrite, widths, instances, proven,
//! counterexamples, undecided, time, and upstream's counterexamples);
//! `make test` runs the fast subset: widths 1, 5, 8, 13 and 33, f16 and
//! bf16, three constant tuples each. A counterexample in rmlir fails the
//! test; an undecided query (a solver timeout) is reported, not hidden.

mod common;
use common::Rng;
use common::shapes::{Shape, shapes};
use common::ssa::IntTy;
use common::templates::*;
use common::upstream::{mlir_opt, try_run};
use rmlir::tv::{Options, Validator, Verdict};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What one template (at all its widths) came to.
#[derive(Default, Debug)]
struct Row {
    label: String,
    widths: Vec<String>,
    instances: usize,
    proven: usize,
    counterexamples: Vec<String>,
    undecided: Vec<String>,
    /// Instances not attempted: wider than one the solver left undecided.
    not_attempted: usize,
    /// For a shape: the sampled constants where the Rust pattern does not
    /// do what the shape says (None for a template).
    mismatches: Option<Vec<String>>,
    upstream_instances: usize,
    upstream_counterexamples: Vec<String>,
    upstream_undecided: usize,
    time: Duration,
}

fn full() -> bool {
    std::env::var_os("RMLIR_PROVE_FULL").is_some()
}

/// The integer types a template is proven at: every width between the
/// narrowest and widest it is written for (a subset unless `full`), and
/// `index` where it runs on `index`.
fn int_types(tpl: &Template) -> Vec<IntTy> {
    int_types_at(tpl, full())
}

/// [`int_types`]: with `every`, every width and `index`; else widths 1, 5,
/// 8, 13 and 33 where the template is written for them.
fn int_types_at(tpl: &Template, every: bool) -> Vec<IntTy> {
    let mut out = Vec::new();
    if let Some((lo, hi)) = written_widths(tpl) {
        let chosen: Vec<u32> = if every {
            (lo..=hi).collect()
        } else {
            [1, 5, 8, 13, 33]
                .into_iter()
                .filter(|w| (lo..=hi).contains(w))
                .collect()
        };
        out.extend(chosen.into_iter().map(IntTy::int));
    }
    if every && tpl.types.contains(&INDEX) {
        out.push(INDEX);
    }
    out
}

/// The narrowest and widest integer widths (not `index`) `tpl` is written
/// for.
fn written_widths(tpl: &Template) -> Option<(u32, u32)> {
    let widths = tpl.types.iter().filter(|t| !t.index).map(|t| t.width);
    Some((widths.clone().min()?, widths.max()?))
}

/// Fails the test with the first counterexamples found in `what`, if any.
fn assert_none_refuted(what: &str, failures: &[String]) {
    assert!(
        failures.is_empty(),
        "{} counterexamples in {what}:\n{}",
        failures.len(),
        failures[..failures.len().min(5)].join("\n")
    );
}

/// Constant tuples for `consts` constants drawn from `edges`: a seeded
/// sample, larger when `full`.
fn combos<T: Copy>(edges: &[T], consts: usize, rng: &mut Rng) -> Vec<Vec<T>> {
    let keep = if full() { 4 * (1 + consts / 2) } else { 3 };
    constant_tuples(edges, consts, keep, rng)
}

/// Validates `after` against `before` (module texts): the verdicts.
fn validate(
    context: &melior::Context,
    validator: &mut Validator,
    before: &str,
    after: &str,
) -> Vec<(String, Verdict)> {
    let mut b = rmlir::parse(context, before).expect("before parses");
    let mut a = rmlir::parse(context, after).expect("after parses");
    validator
        .check_modules(&mut b, &mut a)
        .expect("the validator runs")
}

/// `canonicalize` by rmlir, in process.
fn ours(context: &melior::Context, before: &str) -> String {
    let mut m = rmlir::parse(context, before).expect("before parses");
    rmlir::pipeline::run(context, &mut m, "builtin.module(canonicalize)").expect("canonicalize");
    m.as_operation().to_string()
}

/// `canonicalize` by upstream's mlir-opt on the arith version.
fn upstream(before: &str) -> Option<(String, String)> {
    if before.contains("rshape.") {
        return None;
    }
    let arith = before.replace("rarith.", "arith.");
    let out = try_run(&mlir_opt(), &["--canonicalize"], &arith).ok()?;
    Some((arith, out))
}

/// Records the verdicts of one module of instances.
fn record(row: &mut Row, verdicts: &[(String, Verdict)], what: &[String], is_upstream: bool) {
    for ((_, verdict), what) in verdicts.iter().zip(what) {
        match (verdict, is_upstream) {
            (Verdict::Proven, false) => row.proven += 1,
            (Verdict::Proven, true) => {}
            (Verdict::Counterexample(c), false) => {
                row.counterexamples.push(format!("{what}:\n{c}"))
            }
            (Verdict::Counterexample(c), true) => {
                row.upstream_counterexamples.push(format!("{what}:\n{c}"))
            }
            (v, false) => row.undecided.push(format!("{what}: {v}")),
            (_, true) => row.upstream_undecided += 1,
        }
    }
    if is_upstream {
        row.upstream_instances += verdicts.len();
    } else {
        row.instances += verdicts.len();
    }
}

/// Proves one batch (one template at one type): rmlir's canonicalize, and
/// upstream's on the arith version.
fn prove_batch(
    context: &melior::Context,
    validator: &mut Validator,
    row: &mut Row,
    before: &str,
    what: &[String],
) {
    let after = ours(context, before);
    let verdicts = validate(context, validator, before, &after);
    record(row, &verdicts, what, false);
    if let Some((arith, out)) = upstream(before) {
        let verdicts = validate(context, validator, &arith, &out);
        record(row, &verdicts, what, true);
    }
}

/// With `RMLIR_PROVE_TRACE`, the time of each batch on stderr.
fn trace(label: &str, ty: &str, start: Instant) {
    if std::env::var_os("RMLIR_PROVE_TRACE").is_some() {
        eprintln!("{label} at {ty}: {:.2} s", start.elapsed().as_secs_f64());
    }
}

fn prove_int(tpl: &Template, context: &melior::Context, validator: &mut Validator) -> Row {
    let mut row = Row {
        label: tpl.targets.join(", "),
        ..Row::default()
    };
    let mut rng = Rng(0x0900_f5ee_d000 ^ tpl.targets[0].len() as u64);
    for t in int_types(tpl) {
        let mut before = String::new();
        let mut what = Vec::new();
        for (k, c) in combos(&edges(t), tpl.consts, &mut rng).iter().enumerate() {
            before.push_str(&(tpl.build)(t, c).render(&format!("f{k}"), false));
            what.push(format!(
                "{} at {}, constants {c:?}",
                tpl.targets[0],
                t.name()
            ));
        }
        let start = Instant::now();
        prove_batch(context, validator, &mut row, &before, &what);
        trace(&row.label, &t.name(), start);
        row.widths.push(t.name());
    }
    row
}

fn prove_float(tpl: &FloatTemplate, context: &melior::Context, validator: &mut Validator) -> Row {
    let mut row = Row {
        label: tpl.targets.join(", "),
        ..Row::default()
    };
    let mut rng = Rng(0x0f10_a7ee_d000 ^ tpl.targets[0].len() as u64);
    // The fast subset: the half-width types (f32 and f64 take the solver
    // minutes where a rewrite multiplies or divides two unknowns).
    let types = tpl.types.iter().filter(|t| full() || t.width() == 16);
    for &t in types {
        let mut before = String::new();
        let mut what = Vec::new();
        for (k, c) in combos(&t.edges(), tpl.consts, &mut rng).iter().enumerate() {
            before.push_str(&render_float_at(tpl, t, &format!("f{k}"), Some(c), false));
            what.push(format!(
                "{} at {}, constants {c:x?}",
                tpl.targets[0],
                t.name()
            ));
        }
        let start = Instant::now();
        prove_batch(context, validator, &mut row, &before, &what);
        trace(&row.label, t.name(), start);
        row.widths.push(t.name().to_string());
    }
    row
}

/// The ops of a printed function other than constants and its return.
fn working_ops(text: &str) -> usize {
    text.lines()
        .filter(|l| l.contains(" = ") && !l.contains(".constant") && !l.contains("ub.poison"))
        .count()
}

/// rmlir's `canonicalize` with only `pattern` enabled (and every folder).
fn canonicalize_with(context: &melior::Context, text: &str, pattern: &str) -> String {
    let mut m = rmlir::parse(context, text)
        .unwrap_or_else(|e| panic!("the instance parses: {e:?}\n{text}"));
    let pipeline = format!("builtin.module(canonicalize{{enable-patterns={pattern}}})");
    rmlir::pipeline::run(context, &mut m, &pipeline).expect("canonicalize");
    m.as_operation().to_string()
}

/// `enable-patterns` naming no pattern: canonicalize folds only.
const NO_PATTERN: &str = "none";

/// A seed from a name (FNV-1a), so that shapes of equal-length names
/// draw different samples.
fn seed(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// At most `n` of `items`, evenly spaced.
fn spread<T>(items: Vec<T>, n: usize) -> Vec<T> {
    let step = items.len().div_ceil(n).max(1);
    items.into_iter().step_by(step).collect()
}

/// A shape proven for every constant: at each type, `after` refines
/// `before` with the constants symbolic, for every combination of the
/// source's flags (the solver's part); and on sampled constants, rmlir's
/// canonicalize with only the pattern enabled makes of `before` what the
/// folders alone make of `after` (the shape is the pattern's: where it
/// fires, into what, and where not). Upstream's canonicalize of a sample of
/// the same concrete instances is validated too.
fn prove_shape(shape: &Shape, context: &melior::Context, validator: &mut Validator) -> Row {
    let mut row = Row {
        label: format!("{} (every constant)", shape.pattern),
        mismatches: Some(Vec::new()),
        ..Row::default()
    };
    let mut rng = Rng(seed(shape.pattern));
    // The family of the first type the solver leaves undecided: its wider
    // types (a multiplication is harder for it the wider) are not
    // attempted by the solver (the pattern is still checked there).
    let mut gave_up: Option<String> = None;
    // Whether the pattern fired at all (at i1, every constant may be one a
    // folder takes first).
    let mut fired_anywhere = false;
    for group in shape.groups(full()) {
        let start = Instant::now();
        let (mut before, mut after, mut what) = (String::new(), String::new(), Vec::new());
        let mut concrete = Vec::new();
        // One constant: every candidate; more: the given tuples and a
        // sample of the others.
        let mut tuples: Vec<Vec<String>> = if group.consts == 1 {
            group.values.iter().map(|v| vec![v.clone()]).collect()
        } else {
            let indices: Vec<usize> = (0..group.values.len()).collect();
            combos(&indices, group.consts, &mut rng)
                .into_iter()
                .map(|t| t.iter().map(|&i| group.values[i].clone()).collect())
                .collect()
        };
        tuples.extend(group.tuples.iter().cloned());
        let mut fired = 0;
        for (k, inst) in group.instances.iter().enumerate() {
            before.push_str(&inst.function(&format!("f{k}"), false, None));
            after.push_str(&inst.function(&format!("f{k}"), true, None));
            what.push(format!("{} at {}", shape.pattern, inst.describe()));
            for c in &tuples {
                let b = inst.function("f", false, Some(c));
                let a = inst.function("f", true, Some(c));
                let described = format!(
                    "{} at {}, constants [{}]",
                    shape.pattern,
                    inst.describe(),
                    c.join(", ")
                );
                // Constants a folder takes first (x + 0, a shift by 0)
                // leave nothing for the pattern: not a check of it.
                let folded = canonicalize_with(context, &b, NO_PATTERN);
                if working_ops(&folded) < working_ops(&b) {
                    continue;
                }
                let ours = canonicalize_with(context, &b, shape.pattern);
                let target = canonicalize_with(context, &a, NO_PATTERN);
                if ours != folded {
                    fired += 1;
                }
                if ours != target {
                    row.mismatches.get_or_insert_with(Vec::new).push(format!(
                        "{described}: the pattern makes\n{ours}\nwhere the shape's target gives\n{target}"
                    ));
                }
                if !inst.upstream_aborts() {
                    concrete.push((b, described));
                }
            }
        }
        fired_anywhere |= fired > 0;
        if gave_up.as_ref() == Some(&group.family) {
            row.not_attempted += group.instances.len();
        } else {
            if let Some(dir) = std::env::var_os("RMLIR_PROVE_DUMP") {
                let stem = format!("{}-{}", shape.pattern, group.label.replace(' ', "-"));
                let dir = std::path::Path::new(&dir);
                std::fs::write(dir.join(format!("{stem}-before.mlir")), &before).expect("dump");
                std::fs::write(dir.join(format!("{stem}-after.mlir")), &after).expect("dump");
            }
            let verdicts = validate(context, validator, &before, &after);
            let undecided = row.undecided.len();
            record(&mut row, &verdicts, &what, false);
            if row.undecided.len() > undecided {
                eprintln!(
                    "{}: undecided at {}, wider types not attempted",
                    shape.pattern, group.label
                );
                gave_up = Some(group.family.clone());
            }
        }
        // Upstream's on a sample (each is a process run and a query).
        let sample = spread(concrete, if full() { 96 } else { 32 });
        let mut text = String::new();
        let mut described = Vec::new();
        for (k, (b, d)) in sample.into_iter().enumerate() {
            text.push_str(&b.replacen("@f(", &format!("@f{k}("), 1));
            described.push(d);
        }
        if let Some((arith, out)) = upstream(&text) {
            let verdicts = validate(context, validator, &arith, &out);
            record(&mut row, &verdicts, &described, true);
        }
        trace(&row.label, &group.label, start);
        row.widths.push(group.ty.clone());
    }
    row.widths.dedup();
    assert!(
        fired_anywhere,
        "{}: the pattern never fired on the sampled constants",
        shape.pattern
    );
    row
}

/// "1..64, index" for a run of consecutive widths.
fn widths_text(widths: &[String]) -> String {
    let ints: Vec<u32> = widths
        .iter()
        .filter_map(|w| w.strip_prefix('i')?.parse().ok())
        .collect();
    let others: Vec<&String> = widths
        .iter()
        .filter(|w| !w.starts_with('i') || *w == "index")
        .collect();
    let mut parts = Vec::new();
    if !ints.is_empty() {
        let (lo, hi) = (ints[0], ints[ints.len() - 1]);
        if ints.len() as u32 == hi - lo + 1 && ints.len() > 2 {
            parts.push(format!("i{lo}..i{hi}"));
        } else {
            parts.extend(ints.iter().map(|w| format!("i{w}")));
        }
    }
    parts.extend(others.iter().map(|s| s.to_string()));
    parts.join(" ")
}

/// One line of the table.
fn row_text(row: &Row) -> String {
    format!(
        "| {} | {} | {} | {} | {} | {}{} | {} | {:.1} s | {}/{}{} |",
        row.label,
        widths_text(&row.widths),
        row.instances,
        row.proven,
        row.counterexamples.len(),
        row.undecided.len(),
        if row.not_attempted > 0 {
            format!(" (+{} not attempted)", row.not_attempted)
        } else {
            String::new()
        },
        row.mismatches
            .as_ref()
            .map_or("—".to_string(), |m| m.len().to_string()),
        row.time.as_secs_f64(),
        row.upstream_counterexamples.len(),
        row.upstream_instances,
        if row.upstream_undecided > 0 {
            format!(" ({} undecided)", row.upstream_undecided)
        } else {
            String::new()
        }
    )
}

#[test]
fn every_rewrite_is_proven_by_the_solver() {
    enum Job {
        Int(Template),
        Float(FloatTemplate),
        Shape(Shape),
    }
    let only = std::env::var("RMLIR_PROVE_ONLY").unwrap_or_default();
    let jobs: Vec<Job> = templates()
        .into_iter()
        .map(Job::Int)
        .chain(float_templates().into_iter().map(Job::Float))
        .chain(shapes().into_iter().map(Job::Shape))
        .filter(|j| {
            let targets = match j {
                Job::Int(t) => t.targets,
                Job::Float(t) => t.targets,
                Job::Shape(s) => std::slice::from_ref(&s.pattern),
            };
            targets.iter().any(|t| t.contains(only.as_str()))
        })
        .collect();
    // The float templates first: they are the long pole (f64 multiplies
    // and divides), and the integer ones fill the other threads meanwhile.
    let order: Vec<usize> = (0..jobs.len())
        .filter(|&i| matches!(jobs[i], Job::Float(_)))
        .chain((0..jobs.len()).filter(|&i| !matches!(jobs[i], Job::Float(_))))
        .collect();
    let next = AtomicUsize::new(0);
    let rows: Mutex<Vec<(usize, Row)>> = Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(4);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                let context = rmlir::new_context();
                let options = Options {
                    timeout_ms: 20_000,
                    ..Options::default()
                };
                let mut validator = Validator::new(options)
                    .expect("z3 starts (scripts/install-deps.sh installs it)");
                while let Some(&i) = order.get(next.fetch_add(1, Ordering::Relaxed)) {
                    let job = &jobs[i];
                    let start = Instant::now();
                    let mut row = match job {
                        Job::Int(t) => prove_int(t, &context, &mut validator),
                        Job::Float(t) => prove_float(t, &context, &mut validator),
                        Job::Shape(s) => prove_shape(s, &context, &mut validator),
                    };
                    row.time = start.elapsed();
                    trace(&format!("row: {}", row_text(&row)), "all", start);
                    rows.lock().unwrap().push((i, row));
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap();
    rows.sort_by_key(|(i, _)| *i);
    // One line per rewrite: the forms of one folder share a label.
    let mut merged: Vec<(usize, Row)> = Vec::new();
    for (i, row) in rows {
        match merged.iter_mut().find(|(_, m)| m.label == row.label) {
            Some((_, m)) => {
                m.instances += row.instances;
                m.proven += row.proven;
                m.counterexamples.extend(row.counterexamples);
                m.undecided.extend(row.undecided);
                m.not_attempted += row.not_attempted;
                if let Some(more) = row.mismatches {
                    m.mismatches.get_or_insert_with(Vec::new).extend(more);
                }
                m.upstream_instances += row.upstream_instances;
                m.upstream_counterexamples
                    .extend(row.upstream_counterexamples);
                m.upstream_undecided += row.upstream_undecided;
                m.time += row.time;
            }
            None => merged.push((i, row)),
        }
    }
    let rows = merged;

    println!(
        "\n| rewrite | widths | instances | proven | counterexamples | undecided | shape differs from the pattern | time | upstream (counterexamples/instances) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    let mut failures = Vec::new();
    let (mut total, mut proven) = (0, 0);
    for (_, row) in &rows {
        println!("{}", row_text(row));
        total += row.instances;
        proven += row.proven;
        failures.extend(row.counterexamples.iter().cloned());
        failures.extend(row.mismatches.iter().flatten().cloned());
        for u in &row.undecided {
            eprintln!("undecided: {u}");
        }
        for c in row.upstream_counterexamples.iter().take(2) {
            eprintln!("upstream counterexample: {c}");
        }
    }
    println!("\n{proven}/{total} instances proven");
    assert_none_refuted("rmlir's rewrites", &failures);
}

/// A pattern of rarith's kind (`x * 2^k -> x << k`), written with the
/// public API and then mutated as a mutation tester would: the shift amount
/// off by one, or an overflow flag added. The validator must refute each
/// mutant and prove the original.
#[test]
fn mutated_patterns_are_refuted() {
    use melior::ir::attribute::IntegerAttribute;
    use rmlir::ods::rarith::{IntegerOverflowFlags, MulIOp};
    use rmlir::ops::rarith;
    use rmlir::rewrite::Pattern;

    fn mul_to_shift(name: &'static str, extra: u32, flags: IntegerOverflowFlags) -> Pattern {
        Pattern::new::<MulIOp>(name, move |op, rewriter| {
            let c = IntegerAttribute::try_from(op.rhs().constant()?)
                .ok()?
                .value();
            (c > 0 && c.count_ones() == 1).then_some(())?;
            let x = op.lhs();
            let k = IntegerAttribute::new(x.r#type(), i64::from(c.trailing_zeros() + extra));
            let k = rewriter
                .insert(rarith::constant(op.location(), k.into()).ok()?)
                .ok()?;
            let shl = rarith::shli(op.location(), x, k.result(0)?, flags).ok()?;
            let shl = rewriter.insert(shl).ok()?;
            rewriter.replace_root(&[shl.result(0)?]).ok()
        })
    }
    let variants = [
        ("tv-mul-to-shift", 0, IntegerOverflowFlags::NONE, true),
        (
            "tv-mul-to-shift-off-by-one",
            1,
            IntegerOverflowFlags::NONE,
            false,
        ),
        ("tv-mul-to-shift-nuw", 0, IntegerOverflowFlags::NUW, false),
    ];
    let context = rmlir::new_context();
    let mut validator = Validator::new(Options::default()).expect("z3 starts");
    for (name, extra, flags, sound) in variants {
        let pattern = mul_to_shift(name, extra, flags);
        rmlir::pipeline::register_pass(name, "x * 2^k -> x << k", move |pass| {
            pass.apply_greedily(std::slice::from_ref(&pattern))
        })
        .expect("registers");
        for width in [2u32, 8, 17, 64] {
            let source = format!(
                "func.func @f(%x: i{width}) -> i{width} {{
                   %c = rarith.constant 2 : i{width}
                   %0 = rarith.muli %x, %c : i{width}
                   return %0 : i{width} }}"
            );
            let mut before = rmlir::parse(&context, &source).expect("parses");
            let mut after = rmlir::parse(&context, &source).expect("parses");
            rmlir::pipeline::run(&context, &mut after, &format!("builtin.module({name})"))
                .expect("runs");
            let verdicts = validator
                .check_modules(&mut before, &mut after)
                .expect("validates");
            let verdict = &verdicts[0].1;
            // On i2, 2 reads as -2: the pattern does not fire.
            let fired = after.as_operation().to_string().contains("shli");
            match (sound || !fired, verdict) {
                (true, Verdict::Proven) | (false, Verdict::Counterexample(_)) => {}
                _ => panic!("{name} at i{width}: {verdict}\n{}", after.as_operation()),
            }
            if !sound && width == 8 {
                assert!(fired, "{name} fires at i8");
            }
        }
    }
}

/// Every rarith pass validated on the templates: each program (fast
/// subset: widths 1, 5, 8, 13, 33; f16, bf16) goes through the pass, and
/// the result must refine it. Upstream's counterpart runs on the arith
/// version, through the same validator.
#[test]
fn every_pass_refines_the_templates() {
    // (rmlir pipeline, upstream mlir-opt flags, whether integer templates
    // (else float templates) are its workload)
    // rarith-emulate-wide-int is not here: it rewrites the signatures
    // (i64 becomes vector<2xi32>), which the model does not relate.
    let passes: [(&str, &[&str], bool); 7] = [
        (
            "rarith-int-range-optimizations",
            &["--int-range-optimizations"],
            true,
        ),
        (
            "rarith-unsigned-when-equivalent",
            &["--arith-unsigned-when-equivalent"],
            true,
        ),
        (
            "rarith-int-range-narrowing{int-bitwidths-supported=8,16,32}",
            &["--arith-int-range-narrowing=int-bitwidths-supported=8,16,32"],
            true,
        ),
        ("rarith-expand", &["--arith-expand"], true),
        ("rarith-expand", &["--arith-expand"], false),
        (
            "rarith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32}",
            &["--arith-emulate-unsupported-floats=source-types=bf16,f16 target-type=f32"],
            false,
        ),
        ("canonicalize,cse", &["--canonicalize", "--cse"], true),
    ];
    let context = rmlir::new_context();
    let mut validator = Validator::new(Options {
        timeout_ms: 10_000,
        ..Options::default()
    })
    .expect("z3 starts");
    let mut failures = Vec::new();
    println!(
        "\n| pass | programs | proven | counterexamples | undecided | upstream counterexamples |"
    );
    println!("|---|---|---|---|---|---|");
    for (pass, upstream_flags, integers) in passes {
        let mut programs: Vec<(String, String)> = Vec::new();
        let mut rng = Rng(0x0a55_e5ee_d000);
        if integers {
            for tpl in templates() {
                // The subset's widths in both runs: every width 1-64 would
                // take each pass hours (26,690 programs).
                for t in int_types_at(&tpl, false) {
                    for (k, c) in combos(&edges(t), tpl.consts, &mut rng).iter().enumerate() {
                        let what = format!("{} at {}, constants {c:?}", tpl.targets[0], t.name());
                        programs.push(((tpl.build)(t, c).render(&format!("f{k}"), false), what));
                    }
                }
            }
        } else {
            for tpl in float_templates() {
                for &t in tpl.types.iter().filter(|t| full() || t.width() == 16) {
                    for c in combos(&t.edges(), tpl.consts, &mut rng) {
                        let what = format!("{} at {}, constants {c:x?}", tpl.targets[0], t.name());
                        programs.push((render_float_at(&tpl, t, "f0", Some(&c), false), what));
                    }
                }
            }
        }
        // The fast subset: every sixth program.
        let step = if full() { 1 } else { 6 };
        let programs: Vec<_> = programs.into_iter().step_by(step).collect();
        let (mut proven, mut refuted, mut undecided, mut upstream_refuted) = (0, 0, 0, 0);
        for (before, what) in &programs {
            let mut b = rmlir::parse(&context, before).expect("parses");
            let mut a = rmlir::parse(&context, before).expect("parses");
            rmlir::pipeline::run(&context, &mut a, &format!("builtin.module({pass})"))
                .unwrap_or_else(|e| panic!("{pass} on {what}: {e}"));
            for (_, verdict) in validator.check_modules(&mut b, &mut a).expect("validates") {
                match verdict {
                    Verdict::Proven => proven += 1,
                    Verdict::Counterexample(c) => {
                        refuted += 1;
                        failures.push(format!("{pass} on {what}:\n{c}"));
                    }
                    _ => undecided += 1,
                }
            }
            if before.contains("rshape.") {
                continue;
            }
            let arith = before.replace("rarith.", "arith.");
            if let Ok(out) = try_run(&mlir_opt(), upstream_flags, &arith) {
                let verdicts = validate(&context, &mut validator, &arith, &out);
                for (_, v) in &verdicts {
                    if let Verdict::Counterexample(c) = v {
                        upstream_refuted += 1;
                        eprintln!(
                            "upstream {} on {what}:\n{c}{arith}\n->\n{out}",
                            upstream_flags.join(" ")
                        );
                    }
                }
            }
        }
        println!(
            "| {pass}{} | {} | {proven} | {refuted} | {undecided} | {upstream_refuted} |",
            if integers { "" } else { " (floats)" },
            programs.len()
        );
    }
    assert_none_refuted("rmlir's passes", &failures);
}

/// `rarith-emulate-wide-int` validated on the integer templates: each is
/// built at an even width `W` and emulated on a target of `W/2` bits, so its
/// `iW` arguments and results become `vector<2xi{W/2}>` halves, which the
/// validator relates to the original's (element 0 the low half, poison when
/// the wide value is), with `index` as wide as the target's integers, as
/// the emulation assumes. Templates the emulation does not handle (divisions,
/// ...) make the pass fail and are skipped. Upstream's emulation of the
/// same programs, renamed to arith, is validated too: its shifts by 0 are
/// refuted (docs/upstream-differences.md), and no other of its results.
#[test]
fn emulate_wide_int_refines_the_templates() {
    let widths: &[u32] = if full() {
        &[4, 8, 16, 32, 64]
    } else {
        &[8, 16]
    };
    let context = rmlir::new_context();
    let mut rng = Rng(0x0e_3a1e);
    let mut programs: Vec<(String, u32, String)> = Vec::new();
    for tpl in templates() {
        let Some((lo, hi)) = written_widths(&tpl) else {
            continue;
        };
        for &w in widths.iter().filter(|w| (lo..=hi).contains(*w)) {
            let t = IntTy::int(w);
            for (k, c) in combos(&edges(t), tpl.consts, &mut rng).iter().enumerate() {
                let what = format!("{} at {}, constants {c:?}", tpl.targets[0], t.name());
                programs.push(((tpl.build)(t, c).render(&format!("f{k}"), false), w, what));
            }
        }
    }
    let step = if full() { 1 } else { 2 };
    let (mut proven, mut undecided, mut skipped) = (0, 0, 0);
    let (mut failures, mut upstream_refuted) = (Vec::new(), Vec::new());
    let mut validators = std::collections::HashMap::new();
    for (before, w, what) in programs.iter().step_by(step) {
        let half = w / 2;
        // The emulation takes `index` to be no wider than its target's
        // integers (an index cast reads or writes the low half only), as
        // on a target of that width: so does the validator.
        let validator = validators.entry(half).or_insert_with(|| {
            Validator::new(Options {
                timeout_ms: 10_000,
                index_bitwidth: half,
                ..Options::default()
            })
            .expect("z3 starts")
        });
        let mut b = rmlir::parse(&context, before).expect("parses");
        let mut a = rmlir::parse(&context, before).expect("parses");
        let pass =
            format!("builtin.module(rarith-emulate-wide-int{{widest-int-supported={half}}})");
        if rmlir::pipeline::run(&context, &mut a, &pass).is_err() {
            skipped += 1;
            continue;
        }
        for (_, verdict) in validator.check_modules(&mut b, &mut a).expect("validates") {
            match verdict {
                Verdict::Proven => proven += 1,
                Verdict::Counterexample(c) => failures.push(format!("{what}:\n{c}{before}")),
                Verdict::Unsupported(_) => skipped += 1,
                Verdict::Unknown(_) => undecided += 1,
            }
        }
        if before.contains("rshape.") {
            continue;
        }
        let arith = before.replace("rarith.", "arith.");
        let flag = format!("--arith-emulate-wide-int=widest-int-supported={half}");
        if let Ok(out) = try_run(&mlir_opt(), &[flag.as_str()], &arith) {
            for (_, v) in validate(&context, validator, &arith, &out) {
                if let Verdict::Counterexample(c) = v {
                    upstream_refuted.push(format!("{what}:\n{c}{arith}"));
                }
            }
        }
    }
    println!(
        "\n| rarith-emulate-wide-int | proven {proven} | counterexamples {} | undecided \
         {undecided} | skipped {skipped} | upstream counterexamples {} |",
        failures.len(),
        upstream_refuted.len()
    );
    assert_none_refuted("rarith-emulate-wide-int", &failures);
    assert!(proven > 50, "only {proven} emulations proven");
    // Upstream's refuted programs all shift (its documented difference:
    // a shift by 0 is poison), and there are some.
    assert!(
        !upstream_refuted.is_empty(),
        "upstream's shift by 0 was not refuted"
    );
    for r in &upstream_refuted {
        assert!(
            ["arith.shli", "arith.shrui", "arith.shrsi"]
                .iter()
                .any(|shift| r.contains(shift)),
            "upstream refuted a program without a shift: {r}"
        );
    }
}
