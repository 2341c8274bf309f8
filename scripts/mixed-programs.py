#!/usr/bin/env python3
"""Mixed programs kept whole: each program of examples/mixed/ mixes rarith
with one upstream dialect whose passes create `arith` ops (its pipeline is on
its `// pipeline:` line). It is run three ways:

  rarith        rmlir-opt, the pipeline as it is;
  rarith+clean  rmlir-opt, the pipeline then convert-arith-to-rarith,canonicalize;
  arith         upstream mlir-opt on the program renamed to arith, the
                pipeline then canonicalize (the same number of canonicalizations);

and measured: ops, constants, duplicate constants (one value and type
materialized twice in a function), upstream `arith` ops among rarith.
`--check` fails unless rarith+clean leaves no arith op and no duplicate
constant, has the arith version's op count, and is the arith version's
output renamed, but for the order of the constants.

usage: mixed-programs.py [--check] RMLIR_OPT UPSTREAM_MLIR_OPT PROGRAM...
"""

import re
import subprocess
import sys


def rename_to_arith(text):
    return re.sub(r"\brarith\.", "arith.", text)


def rename_to_rarith(text):
    text = re.sub(r"#arith\.", "#@ARITH@.", text)
    text = re.sub(r"(?<![r\w])arith\.", "rarith.", text)
    return text.replace("#@ARITH@.", "#arith.")


OP = re.compile(r'^\s*(?:%[\w#:, %]+ = )?"?([a-z_]+\.[a-z_.]+)')
CONSTANT = re.compile(r"(?<![\w.])(r?arith)\.constant (.*)$")


def measure(text):
    ops = constants = duplicates = upstream_arith = 0
    seen = set()
    for line in text.splitlines():
        if line.strip().startswith("func.func"):
            seen = set()
        m = OP.match(line)
        if not m:
            continue
        ops += 1
        if re.match(r"arith\.", m.group(1)):
            upstream_arith += 1
        c = CONSTANT.search(line)
        if c:
            constants += 1
            if c.group(2) in seen:
                duplicates += 1
            seen.add(c.group(2))
    return ops, constants, duplicates, upstream_arith


def run(cmd, text):
    out = subprocess.run(cmd, input=text, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd[:2])}: {out.stderr}")
    return out.stdout


def main(argv):
    check = argv[:1] == ["--check"]
    if check:
        argv = argv[1:]
    rmlir, upstream, programs = argv[0], argv[1], argv[2:]
    failed = False
    print("| program | way | ops | constants | duplicate constants | arith ops |")
    print("|---|---|---|---|---|---|")
    for path in programs:
        text = open(path).read()
        pipeline = re.search(r"^// pipeline: (.*)$", text, re.M).group(1)
        ways = {
            "rarith": run([rmlir, "-", f"--pass-pipeline=builtin.module({pipeline})"], text),
            "rarith+clean": run(
                [rmlir, "-", f"--pass-pipeline=builtin.module({pipeline},convert-arith-to-rarith,canonicalize)"],
                text,
            ),
            "arith": run(
                [upstream, "-", f"--pass-pipeline=builtin.module({pipeline},canonicalize)"],
                rename_to_arith(text),
            ),
        }
        counts = {way: measure(out) for way, out in ways.items()}
        name = path.rsplit("/", 1)[-1]
        for way, (ops, consts, dups, arith) in counts.items():
            print(f"| {name} | {way} | {ops} | {consts} | {dups} | {arith if way != 'arith' else '-'} |")
        clean, reference = ways["rarith+clean"], rename_to_rarith(ways["arith"])
        body = lambda t: [l for l in t.splitlines() if "constant" not in l]
        consts = lambda t: sorted(l.strip() for l in t.splitlines() if "constant" in l)
        problems = []
        if counts["rarith+clean"][3]:
            problems.append("arith ops left")
        if counts["rarith+clean"][2]:
            problems.append("duplicate constants left")
        if counts["rarith+clean"][0] != counts["arith"][0]:
            problems.append("op count differs from the arith version")
        if body(clean) != body(reference) or consts(clean) != consts(reference):
            problems.append("output differs from the arith version's")
        if problems:
            failed = True
            print(f"{name}: " + "; ".join(problems), file=sys.stderr)
    if check and failed:
        sys.exit(1)


if __name__ == "__main__":
    main(sys.argv[1:])
