#!/usr/bin/env python3
"""`make bench-instructions`: every pass of `bench-passes.py` against
upstream's, counted in instructions instead of time.

Time on a shared VM moves by several percent between runs of the same
binaries; the instructions a pass executes hardly move at all. For each pass,
on the same workload as `bench-passes.py` (the rarith/rshape program for
rmlir-opt, the arith/shape one for upstream's mlir-opt), valgrind's callgrind
counts the instructions executed inside the pass manager's run of the
pipeline (`OpToOpPassAdaptor::run`, with `--verify-each=0`: parsing,
printing, start-up and the verifier excluded, as from the pass time), and
the script prints the ratio rmlir/upstream. With
`--cache`, callgrind also simulates the caches (this machine's sizes by
default) and prints the ratios of L1 instruction and data misses, where time
can differ when the instructions do not.

usage: bench-instructions.py RMLIR_OPT UPSTREAM_MLIR_OPT [--ops 20000]
       [--only NAME[,NAME]] [--jobs N] [--cache]
"""

import argparse
import importlib.util
import os
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_passes", os.path.join(HERE, "bench-passes.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# The pass manager's run of one pass on one op: every pass of a pipeline,
# nested ones included, runs under it, and nothing else does.
TOGGLE = "--toggle-collect=mlir::detail::OpToOpPassAdaptor::run(*"
# L1 instruction, L1 data and last-level caches of this machine's cores.
CACHES = ["--cache-sim=yes", "--I1=65536,8,64", "--D1=49152,12,64", "--LL=2097152,16,64"]
EVENTS = ("Ir", "I1mr", "D1mr")


def count(tool, path, pipeline, cache):
    """The events of the pass, by name (callgrind's totals line)."""
    out = path + ".callgrind"
    cmd = ["valgrind", "--tool=callgrind", TOGGLE, f"--callgrind-out-file={out}"]
    if cache:
        cmd += CACHES
    # The verifier runs inside the adaptor's run after each pass; the pass
    # time `bench-passes.py` reads leaves it out, and so does this count.
    cmd += [tool, path, f"--pass-pipeline={bench.nest(pipeline)}", "--verify-each=0", "-o", os.devnull]
    bench.valgrind(cmd, f"{tool} {pipeline}")
    names = totals = None
    with open(out) as f:
        for line in f:
            if line.startswith("events:"):
                names = line.split()[1:]
            elif line.startswith("totals:") or line.startswith("summary:"):
                totals = [int(v) for v in line.split()[1:]]
    if not names or not totals:
        sys.exit(f"{tool} {pipeline}: no totals in {out}")
    return dict(zip(names, totals))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rmlir")
    ap.add_argument("upstream")
    ap.add_argument("--ops", type=int, default=20000)
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cache", action="store_true")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    unknown = only - {p[0] for p in bench.PASSES}
    if unknown:
        sys.exit("no such pass: " + ", ".join(sorted(unknown)))
    with tempfile.TemporaryDirectory() as tmp:
        runs = []  # (pass name, side, tool, path, pipeline)
        for name, body, ours, theirs in bench.PASSES:
            if only and name not in only:
                continue
            spirv = "spirv" in name
            for side, tool, path, pipeline in bench.write_sides(
                tmp, f"{len(runs):04d}", body, args.ops, args.rmlir, args.upstream, ours, theirs, spirv
            ):
                runs.append((name, side, tool, path, pipeline))
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            counts = list(pool.map(lambda run: count(*run[2:], args.cache), runs))
    events = {run[:2]: c for run, c in zip(runs, counts)}
    for name in dict.fromkeys(run[0] for run in runs):
        r, u = events[name, "r"], events[name, "u"]
        cells = [
            f"{name:42} {args.ops:>7} ops  instructions upstream {u['Ir']:>14,}  "
            f"rmlir {r['Ir']:>14,}  ratio {r['Ir'] / u['Ir']:.3f}"
        ]
        if args.cache:
            for ev in EVENTS[1:]:
                cells.append(f"{ev} {r[ev] / u[ev]:.3f}" if u.get(ev) else f"{ev} n/a")
        print("  ".join(cells), flush=True)


if __name__ == "__main__":
    main()
