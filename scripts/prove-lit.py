#!/usr/bin/env python3
"""Every rarith pass validated on the lit tests: each `// -----` chunk of
the rarith test files goes through each pass with rmlir-tv, which proves
every function's result refines it (or prints a counterexample). Chunks
that do not parse (diagnostic tests) and functions the model does not
describe (vectors, tensors, several blocks, other dialects) are counted as
such, never as proofs. Prints one table; exits 1 on a counterexample.

usage: scripts/prove-lit.py RMLIR_TV [--timeout-ms=N] [FILE...]
"""

import pathlib
import re
import subprocess
import sys
import tempfile

PASSES = [
    "canonicalize",
    "canonicalize,cse",
    "rarith-int-range-optimizations",
    "rarith-unsigned-when-equivalent",
    "rarith-int-range-narrowing{int-bitwidths-supported=8,16,32}",
    "rarith-expand",
    "rarith-emulate-unsupported-floats{source-types=bf16,f16 target-type=f32}",
    "rarith-emulate-wide-int{widest-int-supported=32}",
]
# Options of rmlir-tv a pass needs: the wide-integer emulation takes `index`
# to be as wide as its target's integers.
TV_OPTIONS = {"rarith-emulate-wide-int{widest-int-supported=32}": ["--index-bitwidth=32"]}

root = pathlib.Path(__file__).resolve().parent.parent
args = sys.argv[1:]
if not args:
    sys.exit(__doc__)
tv = args.pop(0)
timeout = "--timeout-ms=5000"
files = []
for a in args:
    if a.startswith("--timeout-ms="):
        timeout = a
    else:
        files.append(pathlib.Path(a))
if not files:
    files = sorted(
        [*(root / "tests/lit/rarith").glob("*.mlir"),
         *(root / "tests/lit/passes").glob("*.mlir"),
         *(root / "tests/lit/differential").glob("*.mlir")])
    files = [f for f in files if "rshape" not in f.read_text() and "shape" not in f.name]

VERDICT = re.compile(r"^@(\S+): (proven|counterexample|unknown|unsupported)")
rows = {p: {"functions": 0, "proven": 0, "counterexample": 0, "unknown": 0,
            "unsupported": 0, "chunks": 0} for p in PASSES}
findings = []
with tempfile.TemporaryDirectory() as tmp:
    chunk_file = pathlib.Path(tmp) / "chunk.mlir"
    for f in files:
        for n, chunk in enumerate(f.read_text().split("// -----")):
            if "func.func" not in chunk or "expected-error" in chunk:
                continue
            chunk_file.write_text(chunk)
            for p in PASSES:
                r = subprocess.run([tv, str(chunk_file), f"--pipeline=builtin.module({p})", timeout,
                                    *TV_OPTIONS.get(p, [])],
                                   capture_output=True, text=True)
                if r.returncode == 2 and not VERDICT.search(r.stdout):
                    continue  # does not parse, or the pass refuses it
                row = rows[p]
                row["chunks"] += 1
                for line in r.stdout.splitlines():
                    m = VERDICT.match(line)
                    if m:
                        row["functions"] += 1
                        row[m.group(2)] += 1
                        if m.group(2) == "counterexample":
                            findings.append(f"{p} on {f.relative_to(root)} chunk {n} @{m.group(1)}:\n{r.stdout}")

print(f"| pass | chunks | functions | proven | counterexamples | unknown | unsupported |")
print("|---|---|---|---|---|---|---|")
for p, r in rows.items():
    print(f"| {p} | {r['chunks']} | {r['functions']} | {r['proven']} | {r['counterexample']} "
          f"| {r['unknown']} | {r['unsupported']} |")
for f in findings:
    print(f, file=sys.stderr)
sys.exit(1 if findings else 0)
