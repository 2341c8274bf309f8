//! Differential runs against the installed upstream `mlir-opt`: the same
//! programs, renamed, through upstream and through `rmlir-opt`, compared
//! program by program.
#![allow(dead_code)] // Each test crate uses part of the helpers.

use std::process::{Command, Stdio};

/// The `// -----` separator of `--split-input-file`.
pub const SEPARATOR: &str = "// -----\n";

/// A count or seed from the environment, else `default`.
pub fn env_or(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Upstream's text with arith's ops renamed to rarith's (and shape's to
/// rshape's). Attributes stay: rarith holds arith's own `#arith.fastmath`
/// and `#arith.overflow`.
pub fn to_ours(text: &str) -> String {
    text.replace("#arith.", "#\u{0}")
        .replace("arith.", "rarith.")
        .replace("#\u{0}", "#arith.")
        .replace("shape.", "rshape.")
}

/// Where LLVM/MLIR 22 is installed (`RMLIR_LLVM_PREFIX` overrides
/// /usr/lib/llvm-22).
pub fn llvm_prefix() -> String {
    std::env::var("RMLIR_LLVM_PREFIX").unwrap_or_else(|_| "/usr/lib/llvm-22".into())
}

/// Upstream's `mlir-opt`.
pub fn mlir_opt() -> String {
    format!("{}/bin/mlir-opt", llvm_prefix())
}

/// Runs `tool` on `input`: its stdout, or its stdout and stderr on failure.
pub fn try_run(tool: &str, args: &[&str], input: &str) -> Result<String, (String, String)> {
    use std::io::Write;
    let mut child = Command::new(tool)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run {tool}: {e}"));
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    if out.status.success() {
        Ok(stdout)
    } else {
        Err((stdout, String::from_utf8_lossy(&out.stderr).into_owned()))
    }
}

/// Runs `tool` on `input`, which must succeed (the input is kept in the
/// temporary directory for reproduction when it does not).
pub fn run(tool: &str, args: &[&str], input: &str) -> String {
    try_run(tool, args, input).unwrap_or_else(|(_, stderr)| {
        let path = std::env::temp_dir().join("rmlir-differential-input.mlir");
        std::fs::write(&path, input).unwrap();
        panic!("{tool} failed on {}:\n{stderr}", path.display())
    })
}

/// Upstream's output for each program, None where upstream crashes (see
/// docs/upstream-differences.md). A crash ends the batch: the outputs
/// printed before it are kept, the crashing program is confirmed alone and
/// left out, and the rest is run again.
fn upstream_outputs(args: &[&str], programs: &[String]) -> Vec<Option<String>> {
    let tool = mlir_opt();
    let mut outputs = Vec::with_capacity(programs.len());
    while outputs.len() < programs.len() {
        let rest = &programs[outputs.len()..];
        match try_run(&tool, args, &rest.join(SEPARATOR)) {
            Ok(out) => {
                outputs.extend(out.split(SEPARATOR).map(|o| Some(o.to_owned())));
                assert_eq!(outputs.len(), programs.len(), "one output per program");
            }
            Err((out, stderr)) => {
                let done: Vec<&str> = out.split(SEPARATOR).collect();
                let done = &done[..done.len() - 1];
                let crasher = &rest[done.len()];
                assert!(
                    try_run(&tool, args, crasher).is_err(),
                    "{tool} failed on a batch but not on the program it stopped at:\n{stderr}"
                );
                eprintln!("upstream crashed on (left out of the comparison):\n{crasher}");
                outputs.extend(done.iter().map(|o| Some((*o).to_owned())));
                outputs.push(None);
            }
        }
    }
    outputs
}

/// One differential comparison: `programs` (upstream spelling) through
/// upstream's `mlir-opt` with `upstream_args`, and renamed by `to_ours`
/// through `rmlir-opt` with `ours_args`; each output must be identical
/// after renaming (rmlir-opt must also succeed where upstream crashes).
/// With `RMLIR_DIFF_DUMP=<dir>`, the renamed programs and rmlir's output are
/// kept as `<dir>/<name>-programs.mlir` and `<dir>/<name>-output.mlir`.
pub struct Comparison<'a> {
    pub name: &'a str,
    pub upstream_args: &'a [&'a str],
    pub ours_args: &'a [&'a str],
    pub to_ours: fn(&str) -> String,
    /// Accepts a pair of differing outputs (upstream renamed, ours) that a
    /// documented difference explains (docs/upstream-differences.md).
    pub documented: fn(&str, &str) -> bool,
}

/// No documented difference applies: outputs must be identical.
pub fn none_documented(_: &str, _: &str) -> bool {
    false
}

impl Comparison<'_> {
    pub fn assert_same(&self, programs: &[String], seed: u64) {
        let ours_src = (self.to_ours)(&programs.join(SEPARATOR));
        let upstream = upstream_outputs(self.upstream_args, programs);
        let ours = run(env!("CARGO_BIN_EXE_rmlir-opt"), self.ours_args, &ours_src);
        if let Ok(dir) = std::env::var("RMLIR_DIFF_DUMP") {
            std::fs::write(format!("{dir}/{}-programs.mlir", self.name), &ours_src).unwrap();
            std::fs::write(format!("{dir}/{}-output.mlir", self.name), &ours).unwrap();
        }
        let ours: Vec<&str> = ours.split(SEPARATOR).collect();
        assert_eq!(ours.len(), programs.len(), "one output per program");
        for (i, (u, o)) in upstream.iter().zip(&ours).enumerate() {
            if let Some(u) = u {
                let u = (self.to_ours)(u);
                if u != *o && (self.documented)(&u, o) {
                    continue;
                }
                assert_eq!(
                    &u, o,
                    "program {i} differs (seed {seed:#x}); input:\n{}",
                    programs[i]
                );
            }
        }
    }
}
