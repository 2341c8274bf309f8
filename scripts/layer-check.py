#!/usr/bin/env python3
"""The layers of rmlir-bridge (bridge/src) depend one way: a module uses
only its own layer and those below it. Reads every `crate::<layer>` path
(and the flat paths lib.rs re-exports for the public API) and fails, naming
the file, line and path, on one that reaches a layer above."""

import pathlib
import re
import sys

# Lowest first; layers of one rank may use each other.
RANK = {
    "semantics": 0, "diagnostics": 0, "error": 0, "bindings": 0,
    "ir": 1,
    "interfaces": 2, "rewrite": 2,
    "analysis": 3,
    "hooks": 4,
    "passes": 5,
    "runtime": 6,
}
# The flat paths lib.rs re-exports, by the layer they live in.
FLAT = {
    "dataflow": "analysis", "value_bounds": "analysis", "model": "hooks",
    "arith_interfaces": "interfaces", "bufferize": "interfaces",
    "exclusive": "ir", "guard": "ir", "op_access": "ir", "op_build": "ir",
    "region": "ir", "scoped": "ir", "typed": "ir", "user_passes": "passes",
    "dialect_conversion": "rewrite", "greedy": "rewrite",
    "user_patterns": "rewrite", "walk": "rewrite", "context": "runtime",
    "exec": "runtime", "plugin": "runtime",
}
PATH = re.compile(r"(?<![$\w])crate::(\w+)")

src = pathlib.Path(__file__).resolve().parent.parent / "bridge" / "src"
wrong = []
for file in sorted(src.rglob("*.rs")):
    relative = file.relative_to(src)
    if relative.name == "lib.rs":
        continue
    own = relative.parts[0].removesuffix(".rs")
    if own not in RANK:
        wrong.append(f"{relative}: not in a layer (add it to scripts/layer-check.py)")
        continue
    for number, line in enumerate(file.read_text().splitlines(), 1):
        if line.lstrip().startswith(("//", "///", "//!")):
            continue
        for name in PATH.findall(line):
            layer = FLAT.get(name, name)
            if layer in RANK and RANK[layer] > RANK[own]:
                wrong.append(f"{relative}:{number}: layer `{own}` uses `crate::{name}` (layer `{layer}`, above it)")
if wrong:
    print("\n".join(wrong), file=sys.stderr)
    sys.exit(1)
print(f"layer-check: the layers of bridge/src depend one way ({', '.join(RANK)})")
