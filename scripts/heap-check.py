#!/usr/bin/env python3
"""`make test-heap`: no pass may need more heap than upstream's.

For every pass of `bench-passes.py`, on the same workload (the rarith/rshape
program for rmlir-opt, the arith/shape one for upstream's mlir-opt), valgrind's
massif measures the peak heap of each tool on the whole workload, less its
peak on the workload's first function alone (what start-up, loading the
dialects and setting up the pass cost, once): the heap that grows with the
IR. Massif counts every allocation, so unlike the resident set the numbers
hardly move between runs and machines: the check fails when rmlir's growth
is more than 1.005 times upstream's.

usage: heap-check.py RMLIR_OPT UPSTREAM_MLIR_OPT [--ops 8000] [--only NAME[,NAME]] [--jobs N]
"""

import argparse
import importlib.util
import os
import re
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("bench_passes", os.path.join(HERE, "bench-passes.py"))
bench = importlib.util.module_from_spec(spec)
spec.loader.exec_module(bench)

# Massif counts every allocation, and with `--peak-inaccuracy=0.0` it finds
# the exact peak: two runs of one build then differ by well under 0.1% of a
# pass's growth (with massif's default of 1%, a peak could be recorded up to
# 1% low, and to-llvm read 1.010x of upstream's on one machine, 1.000x on
# another). The limit leaves room for what the order of the work (hash seeds,
# threads) may still move, above the highest ratio measured (canonicalize's
# 1.003x, every run), and well below what a pass that keeps its IR or states
# too long costs (int-range-optimizations' dead ops cost 1.038x).
LIMIT = 1.005


def peak_heap(tool, path, pipeline, tmp):
    """The peak heap in bytes (massif, heap blocks and their admin bytes)."""
    out = path + ".massif"
    cmd = [
        "valgrind",
        "--tool=massif",
        # By default massif takes a peak snapshot only once the heap is 1%
        # above the last one, so the peak it reports can be up to 1% low.
        "--peak-inaccuracy=0.0",
        f"--massif-out-file={out}",
        tool,
        path,
        f"--pass-pipeline={bench.nest(pipeline)}",
        "-o",
        os.devnull,
    ]
    bench.valgrind(cmd, f"{tool} {pipeline}")
    peak = 0
    heap = extra = 0
    with open(out) as f:
        for line in f:
            if m := re.match(r"mem_heap_B=(\d+)", line):
                heap = int(m.group(1))
            elif m := re.match(r"mem_heap_extra_B=(\d+)", line):
                extra = int(m.group(1))
                peak = max(peak, heap + extra)
    return peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("rmlir")
    ap.add_argument("upstream")
    ap.add_argument("--ops", type=int, default=8000)
    ap.add_argument("--only", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    with tempfile.TemporaryDirectory() as tmp:
        runs = []  # (pass name, side, size, tool, path, pipeline)
        for name, body, ours, theirs in bench.PASSES:
            if only and name not in only:
                continue
            spirv = "spirv" in name
            for size, ops in (("one", bench.ops_in(body)), ("all", args.ops)):
                # Names of one length: the path is in every location.
                stem = f"{len(runs):04d}"
                for side, tool, path, pipeline in bench.write_sides(
                    tmp, stem, body, ops, args.rmlir, args.upstream, ours, theirs, spirv
                ):
                    runs.append((name, side, size, tool, path, pipeline))
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            peaks = list(pool.map(lambda run: peak_heap(*run[3:], tmp), runs))
    heap = {run[:3]: peak for run, peak in zip(runs, peaks)}
    failed = []
    for name in dict.fromkeys(run[0] for run in runs):
        grow_r = heap[name, "r", "all"] - heap[name, "r", "one"]
        grow_u = heap[name, "u", "all"] - heap[name, "u", "one"]
        ratio = grow_r / grow_u
        verdict = "ok" if ratio <= LIMIT else "MORE THAN UPSTREAM"
        print(
            f"{name:42} {args.ops:>6} ops  heap growth upstream {grow_u:>11,} B  "
            f"rmlir {grow_r:>11,} B  ratio {ratio:.3f}  {verdict}"
        )
        if ratio > LIMIT:
            failed.append(name)
    if failed:
        sys.exit("heap-check: more heap than upstream's: " + ", ".join(failed))


if __name__ == "__main__":
    main()
