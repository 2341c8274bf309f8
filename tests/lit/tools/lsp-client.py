#!/usr/bin/env python3
"""A minimal LSP client for the lit tests: starts the server given, opens
the file given (as `file:///<abs path>`), prints the diagnostics the server
publishes for it (`diagnostic <line>:<col> <message>`, 1-based), then a
hover at each `// HOVER: <line>:<col>` (1-based) the file names, and shuts
the server down. Exit code 1 when the server misbehaves."""

import json
import pathlib
import re
import subprocess
import sys


def send(proc, message):
    body = json.dumps(message).encode()
    proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    proc.stdin.flush()


def receive(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            sys.exit("lsp-client: the server closed its output")
        line = line.strip()
        if not line:
            break
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    return json.loads(proc.stdout.read(length))


def wait_for(proc, predicate):
    while True:
        message = receive(proc)
        if predicate(message):
            return message


def main():
    server, path = sys.argv[1], pathlib.Path(sys.argv[2]).resolve()
    text = path.read_text()
    uri = path.as_uri()
    proc = subprocess.Popen(
        [server], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    )
    send(proc, {"jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    wait_for(proc, lambda m: m.get("id") == 1)
    send(proc, {"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send(proc, {"jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                            "version": 1, "text": text}}})
    published = wait_for(proc, lambda m: m.get("method") == "textDocument/publishDiagnostics")
    for d in published["params"]["diagnostics"]:
        start = d["range"]["start"]
        print(f"diagnostic {start['line'] + 1}:{start['character'] + 1} {d['message']}")
    request = 2
    for line, col in re.findall(r"// HOVER: (\d+):(\d+)", text):
        send(proc, {"jsonrpc": "2.0", "id": request, "method": "textDocument/hover",
                    "params": {"textDocument": {"uri": uri},
                               "position": {"line": int(line) - 1, "character": int(col) - 1}}})
        reply = wait_for(proc, lambda m, r=request: m.get("id") == r)
        contents = (reply.get("result") or {}).get("contents", {})
        value = contents.get("value", "") if isinstance(contents, dict) else str(contents)
        print(f"hover {line}:{col} " + " | ".join(value.splitlines()))
        request += 1
    send(proc, {"jsonrpc": "2.0", "id": request, "method": "shutdown"})
    wait_for(proc, lambda m: m.get("id") == request)
    send(proc, {"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=10)


if __name__ == "__main__":
    main()
