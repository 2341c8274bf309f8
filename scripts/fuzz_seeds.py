#!/usr/bin/env python3
"""Seeds for make fuzz: each `// -----` chunk of the lit tests (RUN/CHECK
comments dropped), prefixed with a pipeline selector byte; and a libFuzzer
dictionary of the op, type and attribute words the chunks use."""
import hashlib
import pathlib
import re
import sys

lit, corpus, dict_path = map(pathlib.Path, sys.argv[1:4])
corpus.mkdir(parents=True, exist_ok=True)
words = set()
for path in sorted(lit.rglob("*.mlir")):
    text = path.read_text()
    for chunk in re.split(r"^// -----\s*$", text, flags=re.M):
        body = "\n".join(
            l for l in chunk.splitlines() if not l.lstrip().startswith("//")
        ).strip()
        if not body:
            continue
        words.update(re.findall(r"\b(?:rarith|rshape|func|tensor|scf|cf|arith)\.[a-z_]+", body))
        words.update(re.findall(r"![a-z_.]+|#[a-z_.]+<|\b(?:i1|i8|i16|i32|i64|index|f16|bf16|f32|f64)\b", body))
        digest = hashlib.sha1(body.encode()).digest()
        for k in range(3):
            selector = digest[k]
            data = bytes([selector]) + body.encode()
            name = hashlib.sha1(data).hexdigest()
            (corpus / name).write_bytes(data)
with open(dict_path, "w") as f:
    for w in sorted(words):
        f.write('"' + w.replace("\\", "\\\\").replace('"', '\\"') + '"\n')
