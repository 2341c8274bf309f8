#!/usr/bin/env python3
"""`make bench-passes`: every Rust pass against its upstream counterpart on
the same IR (the rarith/rshape program for rmlir-opt, the same program
renamed to arith/shape for upstream's mlir-opt), at several sizes.

For each pass and size: the outputs are checked identical (renamed) first;
then both tools run the pass REPS times, interleaved; the pass time is what
`--mlir-timing` reports for the pipeline's passes (parsing, printing and
process start-up excluded); the ratio is the median of the paired ratios
rmlir/upstream. Peak memory: the peak resident set of each tool's timed
runs (`wait4`'s ru_maxrss; their median, as one run's moves by a few
percent), less the peak of the same tool running the same pass on one
function of the workload (what loading the libraries and paging in the
code the pass runs cost either way, as `make test-heap` subtracts) and
less the input text, which both tools keep resident and which is one byte
per op longer for rmlir ("rarith."): the growth the workload causes, as a
ratio.

usage: bench-passes.py RMLIR_OPT UPSTREAM_MLIR_OPT [--sizes 10000,100000]
       [--reps 5 | --reps 15,9] [--only NAME[,NAME]] [--markdown FILE] [--raw FILE]

Besides the median of the paired ratios (the measure), each cell prints
the ratio of the mean times and the ratio of the median times of the same
runs: where the three disagree, the cell is within this machine's noise.

`--raw FILE` writes every cell's paired times (seconds, in run order) as
one JSON object per line, for analyses the summary does not show.
"""

import argparse
import json
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

# One function body per workload; {A}/{S} are the dialect prefixes, {N} the
# function's number. Each gives its passes real work.
INT_FLOAT = r"""
func.func @f{N}(%x: i32, %y: i32, %w: i64, %i: index, %f: f32, %g: f32, %b: i1) -> (i32, i64, index, f32, i1, i32) {
  %c3 = {A}.constant 3 : i32
  %c5 = {A}.constant 5 : i32
  %c0 = {A}.constant 0 : i32
  %k = {A}.constant {N} : i64
  %ci = {A}.constant 16 : index
  %0 = {A}.addi %x, %c3 : i32
  %1 = {A}.muli %0, %y : i32
  %2 = {A}.subi %1, %c5 : i32
  %3 = {A}.divsi %2, %c3 : i32
  %4 = {A}.remui %3, %c5 : i32
  %5 = {A}.andi %4, %y : i32
  %6 = {A}.xori %5, %x : i32
  %7 = {A}.shli %6, %c3 : i32
  %8 = {A}.ori %7, %c0 : i32
  %9 = {A}.cmpi slt, %8, %y : i32
  %10 = {A}.select %9, %8, %x : i32
  %11 = {A}.extsi %10 : i32 to i64
  %12 = {A}.addi %11, %w : i64
  %13 = {A}.muli %12, %k : i64
  %14 = {A}.addi %i, %ci : index
  %15 = {A}.remsi %14, %ci : index
  %16 = {A}.addf %f, %g : f32
  %17 = {A}.mulf %16, %g : f32
  %18 = {A}.divf %17, %f : f32
  %19 = {A}.cmpf olt, %18, %g : f32
  %20 = {A}.andi %19, %b : i1
  %21 = {A}.sitofp %10 : i32 to f32
  %22 = {A}.addf %21, %18 : f32
  %23 = {A}.fptosi %22 : f32 to i32
  %24 = {A}.trunci %13 : i64 to i32
  %25 = {A}.addi %23, %24 : i32
  return %25, %13, %15, %22, %20, %10 : i32, i64, index, f32, i1, i32
}
"""

# Ops arith-expand rewrites (ceil/floor divisions, maxnumf/minnumf, bf16
# conversions) between plain ones (not maximumf/minimumf, whose expansion
# differs on purpose: docs/upstream-differences.md).
EXPAND = r"""
func.func @e{N}(%x: i32, %y: i32, %i: index, %f: f32, %g: f32, %h: bf16) -> (i32, i32, index, f32, f32, bf16, f32) {
  %0 = {A}.ceildivsi %x, %y : i32
  %1 = {A}.floordivsi %x, %y : i32
  %2 = {A}.ceildivui %i, %i : index
  %3 = {A}.maxnumf %f, %g : f32
  %4 = {A}.minnumf %3, %f : f32
  %5 = {A}.addi %0, %1 : i32
  %6 = {A}.maxnumf %4, %g : f32
  %7 = {A}.truncf %6 : f32 to bf16
  %8 = {A}.extf %h : bf16 to f32
  %9 = {A}.addf %8, %6 : f32
  return %5, %1, %2, %4, %6, %7, %9 : i32, i32, index, f32, f32, bf16, f32
}
"""

# 64-bit integer ops for emulate-wide-int with 32-bit words. No shifts:
# rmlir's emulation of shli/shrui guards the shift by 0 that upstream's
# turns into poison (docs/upstream-differences.md), so the outputs differ.
WIDE = r"""
func.func @w{N}(%x: i64, %y: i64) -> (i64, i1) {
  %c3 = {A}.constant 3 : i64
  %0 = {A}.addi %x, %y : i64
  %1 = {A}.muli %0, %c3 : i64
  %2 = {A}.subi %1, %y : i64
  %3 = {A}.andi %2, %x : i64
  %4 = {A}.ori %3, %y : i64
  %5 = {A}.xori %4, %c3 : i64
  %6 = {A}.minsi %5, %x : i64
  %7 = {A}.maxsi %6, %c3 : i64
  %8 = {A}.cmpi ult, %7, %x : i64
  %9 = {A}.maxui %7, %y : i64
  return %9, %8 : i64, i1
}
"""

# Integer ops whose operands integer-range analysis bounds (unsigned
# equivalents, narrowing, folding of known ranges).
RANGES = r"""
func.func @r{N}(%a: i8, %b: i16, %x: i32) -> (i32, i32, i1, i32, i64) {
  %c100 = {A}.constant 100 : i32
  %c7 = {A}.constant 7 : i32
  %0 = {A}.extui %a : i8 to i32
  %1 = {A}.extui %b : i16 to i32
  %2 = {A}.addi %0, %1 : i32
  %3 = {A}.divsi %2, %c7 : i32
  %4 = {A}.remsi %3, %c100 : i32
  %5 = {A}.cmpi slt, %4, %c100 : i32
  %6 = {A}.muli %0, %c7 : i32
  %7 = {A}.minsi %6, %2 : i32
  %8 = {A}.shrsi %7, %c7 : i32
  %9 = {A}.andi %x, %c100 : i32
  %10 = {A}.extsi %9 : i32 to i64
  return %8, %4, %5, %7, %10 : i32, i32, i1, i32, i64
}
"""

# Shape computations: broadcasts, constraints, extents, shape_of,
# reductions.
SHAPES = r"""
func.func @s{N}(%t: tensor<?x4xf32>, %u: tensor<3x?xf32>, %e: tensor<2xindex>) -> (tensor<?xindex>, index, index, tensor<2xindex>) {
  %s0 = {S}.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %s1 = {S}.shape_of %u : tensor<3x?xf32> -> tensor<2xindex>
  %w = {S}.cstr_broadcastable %s0, %s1 : tensor<2xindex>, tensor<2xindex>
  %r = {S}.assuming %w -> (tensor<?xindex>) {
    %b = {S}.broadcast %s0, %s1 : tensor<2xindex>, tensor<2xindex> -> tensor<?xindex>
    {S}.assuming_yield %b : tensor<?xindex>
  }
  %c1 = {A}.constant 1 : index
  %x = {S}.get_extent %s0, %c1 : tensor<2xindex>, index -> index
  %n = {S}.num_elements %s1 : tensor<2xindex> -> index
  %c = {S}.const_shape [2, 4] : tensor<2xindex>
  %m = {S}.broadcast %e, %c : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %r, %x, %n, %m : tensor<?xindex>, index, index, tensor<2xindex>
}
"""

SPIRV_ENV = (
    "module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, "
    "[Shader, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {\n"
)

# name, workload, rmlir pipeline, upstream pipeline.
PASSES = [
    ("canonicalize", INT_FLOAT, "canonicalize", "canonicalize"),
    ("canonicalize,cse", INT_FLOAT, "canonicalize,cse", "canonicalize,cse"),
    ("int-range-optimizations", RANGES, "rarith-int-range-optimizations", "int-range-optimizations"),
    (
        "int-range-narrowing",
        RANGES,
        "rarith-int-range-narrowing{int-bitwidths-supported=32}",
        "arith-int-range-narrowing{int-bitwidths-supported=32}",
    ),
    ("unsigned-when-equivalent", RANGES, "rarith-unsigned-when-equivalent", "arith-unsigned-when-equivalent"),
    ("expand", EXPAND, "rarith-expand{include-bf16}", "arith-expand{include-bf16}"),
    (
        "emulate-wide-int",
        WIDE,
        "rarith-emulate-wide-int{widest-int-supported=32}",
        "arith-emulate-wide-int{widest-int-supported=32}",
    ),
    (
        "emulate-unsupported-floats",
        EXPAND,
        "rarith-emulate-unsupported-floats{source-types=bf16 target-type=f32}",
        "arith-emulate-unsupported-floats{source-types=bf16 target-type=f32}",
    ),
    ("to-llvm", INT_FLOAT, "convert-rarith-to-llvm", "convert-arith-to-llvm"),
    ("convert-to-llvm", INT_FLOAT, "convert-to-llvm", "convert-to-llvm"),
    ("to-emitc", INT_FLOAT, "convert-rarith-to-emitc", "convert-arith-to-emitc"),
    ("to-spirv", INT_FLOAT, "convert-rarith-to-spirv", "convert-arith-to-spirv"),
    ("shape canonicalize", SHAPES, "canonicalize", "canonicalize"),
    ("shape-to-std", SHAPES, "convert-rshape-to-std", "convert-shape-to-std"),
    ("shape-constraints", SHAPES, "convert-rshape-constraints", "convert-shape-constraints"),
    ("remove-shape-constraints", SHAPES, "remove-rshape-constraints", "remove-shape-constraints"),
    ("shape-to-shape-lowering", SHAPES, "rshape-to-rshape-lowering", "shape-to-shape-lowering"),
    (
        "end to end: canonicalize + lower to LLVM",
        INT_FLOAT,
        "canonicalize,convert-rarith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts",
        "canonicalize,convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts",
    ),
]

FUNC_PASSES = {
    "remove-rshape-constraints",
    "remove-shape-constraints",
    "convert-rshape-constraints",
    "convert-shape-constraints",
    "rshape-to-rshape-lowering",
    "shape-to-shape-lowering",
}


def median_interval(values, confidence=0.95):
    """A distribution-free confidence interval for the median of `values`
    (the paired ratios): the k-th smallest and k-th largest, for the
    largest k whose coverage, 1 - 2 P(Binomial(n, 1/2) < k), is at least
    `confidence`; with too few values for that, the smallest and largest
    (k = 1). Returns (low, high, coverage). A cell whose interval lies
    above 1.00 is slower than upstream's beyond this run's noise; one
    whose interval holds 1.00 is not told apart from it."""
    xs = sorted(values)
    n = len(xs)

    def coverage(k):
        tail = sum(math.comb(n, i) for i in range(k)) / 2**n
        return 1 - 2 * tail

    k = 1
    while k + 1 <= (n + 1) // 2 and coverage(k + 1) >= confidence:
        k += 1
    return xs[k - 1], xs[n - k], coverage(k)


def ops_in(body):
    return sum(1 for line in body.splitlines() if " = " in line)


def program(body, ops, arith, shape, spirv):
    n = max(1, ops // ops_in(body))
    text = "".join(
        body.replace("{A}", arith).replace("{S}", shape).replace("{N}", str(i)) for i in range(n)
    )
    if spirv:
        text = SPIRV_ENV + text + "}\n"
    return text


def write_sides(directory, stem, body, ops, rmlir, upstream, ours, theirs, spirv):
    """The workload written for both tools, as (side, tool, path, pipeline):
    "r" rmlir-opt on the rarith/rshape program, "u" upstream's on the
    arith/shape one. Paths are `directory/stem_r.mlir` and `..._u.mlir`."""
    sides = []
    for side, tool, prefix, pipeline in (
        ("r", rmlir, ("rarith", "rshape"), ours),
        ("u", upstream, ("arith", "shape"), theirs),
    ):
        path = os.path.join(directory, f"{stem}_{side}.mlir")
        with open(path, "w") as f:
            f.write(program(body, ops, *prefix, spirv))
        sides.append((side, tool, path, pipeline))
    return sides


def valgrind(cmd, what):
    """Runs `cmd` (a valgrind tool on one of the tools); exits with its
    error output when the tool fails."""
    proc = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        sys.exit(f"{what}: exit {proc.returncode}\n{proc.stderr[-2000:]}")


def nest(pipeline):
    """Anchors function passes on func.func, as upstream's are declared."""
    parts = []
    for p in pipeline.split(","):
        base = p.split("{")[0]
        parts.append(f"func.func({p})" if base in FUNC_PASSES else p)
    return "builtin.module(" + ",".join(parts) + ")"


SKIP = {"root", "Parser", "Output", "Rest", "Total"}
# A line of `--mlir-timing-display=list`: the wall time, preceded by the
# user time when passes ran on several threads (function passes), then the
# name.
TIMING = re.compile(
    r"^\s*(?:([0-9.]+) \(\s*[0-9.]+%\)\s+)?([0-9.]+) \(\s*[0-9.]+%\)\s+(\S.*)$"
)


def is_pass(name):
    """A pass's own entry: not the parser, printer or totals, nor a pipeline
    that holds passes (`'func.func' Pipeline`, `Pipeline Collection : [...]`),
    whose time is its passes' again."""
    return name not in SKIP and not name.endswith(" Pipeline") and not name.startswith("Pipeline Collection")


# Runs a command as its own child and prints that child's peak resident set
# (KiB). The timed runs give the memory too, so each is a child of this small
# interpreter rather than of this script: `wait4`'s ru_maxrss also counts the
# memory a process had before its `exec`, and a child spawned by `subprocess`
# (vfork) carries this script's own peak (hundreds of MB once it has compared
# a 1M-op cell's outputs: measured, 423 MB against the tool's 103 MB), a
# forked one what the script holds at the fork. This interpreter's few MB
# are below any tool's.
SPAWN = """
import os, sys
pid = os.fork()
if pid == 0:
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.execv(sys.argv[1], sys.argv[1:])
_, status, usage = os.wait4(pid, 0)
print(usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status) & 255)
"""


def run(tool, path, pipeline, out=os.devnull, timing=True):
    """Runs the pipeline once: the pass time `--mlir-timing` reports (seconds)
    and the tool's peak resident set (KiB)."""
    cmd = [sys.executable, "-c", SPAWN, tool, path, f"--pass-pipeline={nest(pipeline)}", "-o", out]
    if timing:
        cmd += ["--mlir-timing", "--mlir-timing-display=list"]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"{tool} {pipeline}: exit {proc.returncode}\n{proc.stderr[:2000]}")
    seconds = 0.0
    for line in proc.stderr.splitlines():
        m = TIMING.match(line)
        if m and is_pass(m.group(3).strip()):
            seconds += float(m.group(2))
    return seconds, int(proc.stdout.split()[-1])


def rename_to_rarith(text):
    text = re.sub(r"#arith\.", "#@ARITH@.", text)
    text = re.sub(r"(?<![r\w])arith\.", "rarith.", text)
    text = text.replace("#@ARITH@.", "#arith.")
    text = re.sub(r"(?<![r\w])shape\.", "rshape.", text)
    return re.sub(r"!shape\.", "!rshape.", text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rmlir")
    ap.add_argument("upstream")
    ap.add_argument("--sizes", default="10000,100000")
    ap.add_argument("--reps", default="5", help="paired runs per cell: one count, or one per size")
    ap.add_argument("--only", default="")
    ap.add_argument("--markdown", default="")
    ap.add_argument("--raw", default="")
    args = ap.parse_args()
    raw = open(args.raw, "w") if args.raw else None
    sizes = [int(s) for s in args.sizes.split(",")]
    reps = [int(r) for r in args.reps.split(",")]
    if len(reps) == 1:
        reps *= len(sizes)
    if len(reps) != len(sizes):
        sys.exit("--reps: one count, or one per size")
    reps_at = dict(zip(sizes, reps))
    only = set(filter(None, args.only.split(",")))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, body, ours, theirs in PASSES:
            if only and name not in only:
                continue
            spirv = "spirv" in name
            # The baseline: the same pass on one function of the workload.
            # Against an empty module, the code pages the pass touches (more
            # of them for rmlir: the Rust code and the bridge besides
            # libMLIR) would count as growth, a fixed cost that is most of
            # the growth at 10k ops and none of it at 1M.
            one = write_sides(tmp, "one", body, ops_in(body), args.rmlir, args.upstream,
                              ours, theirs, spirv)
            base_r, base_u = (
                statistics.median(run(tool, path, pipeline)[1] for _ in range(3))
                for _, tool, path, pipeline in one
            )
            for ops in sizes:
                r_path = os.path.join(tmp, "r.mlir")
                u_path = os.path.join(tmp, "u.mlir")
                with open(r_path, "w") as f:
                    f.write(program(body, ops, "rarith", "rshape", spirv))
                with open(u_path, "w") as f:
                    f.write(program(body, ops, "arith", "shape", spirv))
                r_out, u_out = r_path + ".out", u_path + ".out"
                run(args.rmlir, r_path, ours, r_out, timing=False)
                run(args.upstream, u_path, theirs, u_out, timing=False)
                same = open(r_out).read() == rename_to_rarith(open(u_out).read())
                ratios, r_times, u_times, r_peaks, u_peaks = [], [], [], [], []
                for rep in range(reps_at[ops]):
                    # Each pair runs in turn in both orders, so that whatever
                    # the first run of a pair leaves (caches, the clock) is
                    # not always in the same side's favour.
                    if rep % 2 == 0:
                        r, r_rss = run(args.rmlir, r_path, ours)
                        u, u_rss = run(args.upstream, u_path, theirs)
                    else:
                        u, u_rss = run(args.upstream, u_path, theirs)
                        r, r_rss = run(args.rmlir, r_path, ours)
                    r_times.append(r)
                    u_times.append(u)
                    r_peaks.append(r_rss)
                    u_peaks.append(u_rss)
                    ratios.append(r / u if u > 0 else float("inf"))
                # Every timed run's peak, the median per side: a single run's
                # resident set moves by a few percent from run to run.
                # Both tools keep the input text resident for the whole run,
                # and the rarith text is one byte longer per op ("rarith."
                # for "arith."): 1 MB at 1M ops, which is not rmlir's doing.
                # Each side's growth leaves its own input out.
                r_input = os.path.getsize(r_path) // 1024
                u_input = os.path.getsize(u_path) // 1024
                mem_r = statistics.median(r_peaks) - base_r - r_input
                mem_u = statistics.median(u_peaks) - base_u - u_input
                low, high, cover = median_interval(ratios)
                row = (
                    name,
                    ops,
                    statistics.median(u_times),
                    statistics.median(r_times),
                    statistics.median(ratios),
                    mem_r / mem_u if mem_u > 0 else float("nan"),
                    same,
                    (low, high, cover),
                    statistics.fmean(r_times) / statistics.fmean(u_times),
                )
                rows.append(row)
                if raw:
                    raw.write(json.dumps({"pass": name, "ops": ops, "rmlir": r_times,
                                          "upstream": u_times, "rmlir_peak_kib": r_peaks,
                                          "upstream_peak_kib": u_peaks,
                                          "rmlir_base_kib": base_r, "upstream_base_kib": base_u,
                                          "rmlir_input_kib": r_input,
                                          "upstream_input_kib": u_input,
                                          "outputs_identical": same}) + "\n")
                    raw.flush()
                print(
                    f"{name:42} {ops:>8} upstream {row[2]*1e3:9.2f} ms  rmlir {row[3]*1e3:9.2f} ms  "
                    f"ratio {row[4]:.3f} [{low:.3f}, {high:.3f}: {cover:.0%}] (of means {row[8]:.3f}, "
                    f"of medians {row[3] / row[2]:.3f})  memory {row[5]:.3f}  "
                    f"outputs {'identical' if same else 'DIFFER'}",
                    flush=True,
                )
    if raw:
        raw.close()
    if args.markdown:
        with open(args.markdown, "w") as f:
            f.write(f"Measured {time.strftime('%Y-%m-%d')} on {os.uname().machine}, "
                    f"{os.cpu_count()} cores; median of {args.reps} paired runs (per size: "
                    f"{args.sizes}), with the "
                    f"distribution-free interval of the median and its coverage; the ratio "
                    f"of the mean times and of the median times, from the same runs.\n\n")
            f.write("| pass | ops | upstream ms | rmlir ms | time ratio | interval "
                    "| ratio of means | ratio of medians | memory ratio | outputs |\n")
            f.write("|---|---|---|---|---|---|---|---|---|---|\n")
            for name, ops, u, r, ratio, mem, same, (low, high, cover), of_means in rows:
                f.write(f"| {name} | {ops} | {u*1e3:.1f} | {r*1e3:.1f} | {ratio:.3f} | "
                        f"{low:.3f}-{high:.3f} ({cover:.0%}) | {of_means:.3f} | {r / u:.3f} | {mem:.3f} | "
                        f"{'identical' if same else 'differ'} |\n")
    if any(not row[6] for row in rows):
        sys.exit(1)


if __name__ == "__main__":
    main()
