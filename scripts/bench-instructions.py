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
`--cache`, callgrind also simulates the caches and the script prints the
ratios of L1 instruction and data read misses and of the L2 misses (ILmr,
DLmr), where time can differ when the instructions do not. The simulated L1 caches are this
core's own as Linux describes them (`/sys/devices/system/cpu/cpu0/cache`),
and callgrind's last level is the core's L2 (the level a miss of which goes
off the core); without that description, a 32 KiB 8-way L1 and a 1 MiB
8-way L2.

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
# Instructions, then L1 instruction and data read misses and the misses of
# the simulated last level (the core's L2) for instructions and data reads.
EVENTS = ("Ir", "I1mr", "D1mr", "ILmr", "DLmr")
CACHE_DIR = "/sys/devices/system/cpu/cpu0/cache"
# Used where Linux does not describe a cache: (size in bytes, ways, line).
FALLBACK = {"I1": (32768, 8, 64), "D1": (32768, 8, 64), "LL": (1048576, 8, 64)}


def core_caches(root=CACHE_DIR):
    """callgrind's cache options for this core: L1 instruction (I1), L1
    data (D1) and, as the last level (LL), the unified L2. Each read from
    `root`'s `index*/{level,type,size,ways_of_associativity,
    coherency_line_size}`, the fallback where one is missing or unreadable.
    An L1 of 48 KiB, 12 ways is given as is: callgrind takes sizes that are
    not powers of two as long as the number of sets is one."""
    found = {}
    try:
        entries = sorted(os.listdir(root))
    except OSError:
        entries = []
    for entry in entries:
        if not entry.startswith("index"):
            continue
        d = os.path.join(root, entry)
        try:
            level = open(os.path.join(d, "level")).read().strip()
            kind = open(os.path.join(d, "type")).read().strip()
            size = open(os.path.join(d, "size")).read().strip()
            ways = int(open(os.path.join(d, "ways_of_associativity")).read())
            line = int(open(os.path.join(d, "coherency_line_size")).read())
        except (OSError, ValueError):
            continue
        scale = {"K": 1024, "M": 1024 * 1024}.get(size[-1:], 1)
        try:
            size = int(size.rstrip("KM")) * scale
        except ValueError:
            continue
        key = {("1", "Instruction"): "I1", ("1", "Data"): "D1", ("2", "Unified"): "LL"}.get(
            (level, kind)
        )
        sets = size // (ways * line) if ways > 0 and line > 0 else 0
        if key and sets > 0 and sets * ways * line == size and sets & (sets - 1) == 0:
            found[key] = (size, ways, line)
    caches = {**FALLBACK, **found}
    return ["--cache-sim=yes"] + [f"--{k}={s},{w},{l}" for k, (s, w, l) in caches.items()]


CACHES = core_caches()


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
