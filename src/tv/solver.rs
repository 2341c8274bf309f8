//! A conversation with an SMT solver: z3, started once with `-in`, fed one
//! SMT-LIB script per query (then `(reset)`), answering `sat`, `unsat` or
//! `unknown` and, on `sat`, the values of the terms asked for.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::RecvTimeoutError;
use std::time::Duration;

/// The solver's answer to one query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Satisfiable: the values of the terms asked for, in order.
    Sat(Vec<String>),
    /// Unsatisfiable.
    Unsat,
    /// The solver gave up (its reason: a timeout, usually).
    Unknown(String),
}

/// A running solver process.
pub struct Solver {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    timeout_ms: u32,
}

/// The solver program: `$RMLIR_Z3`, or `z3` on the `PATH`.
fn program() -> String {
    std::env::var("RMLIR_Z3").unwrap_or_else(|_| "z3".to_string())
}

impl Solver {
    /// Starts the solver; each query gets at most `timeout_ms` milliseconds.
    pub fn start(timeout_ms: u32) -> Result<Solver, String> {
        // z3's own timeout is not honoured in every phase (bit-blasting a
        // wide multiplier can run past it); a watchdog kills the process
        // a little later, and the query is reported undecided.
        let mut child = Command::new(program())
            .args(["-in", "-smt2", &format!("-t:{timeout_ms}")])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| {
                format!(
                    "cannot start the SMT solver `{}`: {e} (install z3)",
                    program()
                )
            })?;
        let input = child.stdin.take().ok_or("the solver has no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("the solver has no stdout")?);
        let mut solver = Solver {
            child,
            input,
            output,
            timeout_ms,
        };
        solver.send(&solver.preamble())?;
        Ok(solver)
    }

    /// The options every query starts from.
    fn preamble(&self) -> String {
        format!(
            "(set-option :print-success false)\n(set-option :timeout {})\n",
            self.timeout_ms
        )
    }

    fn send(&mut self, text: &str) -> Result<(), String> {
        self.input
            .write_all(text.as_bytes())
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("the SMT solver stopped: {e}"))
    }

    fn line(&mut self) -> Result<String, String> {
        let mut line = String::new();
        match self.output.read_line(&mut line) {
            Ok(0) => Err("the SMT solver exited".to_string()),
            Ok(_) => Ok(line.trim_end().to_string()),
            Err(e) => Err(format!("reading the SMT solver: {e}")),
        }
    }

    /// One balanced s-expression (which may span lines).
    fn sexpr(&mut self) -> Result<String, String> {
        let mut text = String::new();
        let mut depth = 0i64;
        loop {
            let line = self.line()?;
            for c in line.chars() {
                match c {
                    '(' => depth += 1,
                    ')' => depth -= 1,
                    _ => {}
                }
            }
            text.push_str(&line);
            text.push(' ');
            if depth <= 0 && !text.trim().is_empty() {
                return Ok(text);
            }
        }
    }

    /// Checks `script` (declarations and assertions) on its own, and on
    /// `sat` reads the values of `terms`.
    pub fn check(&mut self, script: &str, terms: &[String]) -> Result<Answer, String> {
        self.check_within(script, terms, self.timeout_ms)
    }

    /// [`check`](Solver::check) with a time limit of its own.
    pub fn check_within(
        &mut self,
        script: &str,
        terms: &[String],
        timeout_ms: u32,
    ) -> Result<Answer, String> {
        let script = format!("(set-option :timeout {timeout_ms})\n{script}");
        let script = script.as_str();
        let (done, wait) = std::sync::mpsc::channel::<()>();
        let pid = self.child.id();
        let limit = Duration::from_millis(u64::from(timeout_ms) + 3000);
        let watchdog = std::thread::spawn(move || {
            if wait.recv_timeout(limit) == Err(RecvTimeoutError::Timeout) {
                let _ = Command::new("kill").args(["-9", &pid.to_string()]).status();
                return true;
            }
            false
        });
        let answer = self.converse(script, terms);
        let _ = done.send(());
        let killed = watchdog.join().unwrap_or(false);
        if killed {
            // Reap the killed process and start afresh.
            let _ = self.child.wait();
            *self = Solver::start(self.timeout_ms)?;
            return Ok(Answer::Unknown("timeout (stopped by the watchdog)".into()));
        }
        answer
    }

    fn converse(&mut self, script: &str, terms: &[String]) -> Result<Answer, String> {
        if std::env::var_os("RMLIR_TV_TRACE").is_some() {
            eprintln!("; query\n{script}");
        }
        self.send(&format!("{script}\n(check-sat)\n"))?;
        let mut errors = Vec::new();
        let verdict = loop {
            let line = self.line()?;
            match line.as_str() {
                "sat" | "unsat" | "unknown" => break line,
                _ if line.starts_with("(error") => errors.push(line),
                _ => {}
            }
        };
        let answer = match verdict.as_str() {
            _ if !errors.is_empty() => {
                self.reset()?;
                return Err(format!(
                    "the SMT solver rejected the query: {}",
                    errors.join("; ")
                ));
            }
            "unsat" => Answer::Unsat,
            "unknown" => {
                self.send("(get-info :reason-unknown)\n")?;
                let reason = self.sexpr()?;
                Answer::Unknown(reason_text(&reason))
            }
            _ if terms.is_empty() => Answer::Sat(Vec::new()),
            _ => {
                self.send(&format!("(get-value ({}))\n", terms.join(" ")))?;
                let values = self.sexpr()?;
                Answer::Sat(parse_values(&values, terms.len())?)
            }
        };
        self.reset()?;
        Ok(answer)
    }
}

impl Solver {
    /// Forgets the query: each starts from a fresh, non-incremental state
    /// (z3's incremental core is far slower on bit-vectors than the
    /// bit-blasting tactic it picks for a single query).
    fn reset(&mut self) -> Result<(), String> {
        let preamble = self.preamble();
        self.send(&format!("(reset)\n{preamble}"))
    }
}

impl Drop for Solver {
    fn drop(&mut self) {
        let _ = self.send("(exit)\n");
        let _ = self.child.wait();
    }
}

/// `(:reason-unknown "timeout")` -> `timeout`.
fn reason_text(reply: &str) -> String {
    reply.split('"').nth(1).unwrap_or(reply.trim()).to_string()
}

/// The values of a `get-value` reply `((t1 v1) (t2 v2) ...)`: each `vK`
/// is the last atom of its pair.
fn parse_values(reply: &str, count: usize) -> Result<Vec<String>, String> {
    let mut values = Vec::with_capacity(count);
    let mut depth = 0;
    let mut atom = String::new();
    let mut last = String::new();
    for c in reply.chars() {
        match c {
            '(' => {
                depth += 1;
                atom.clear();
            }
            ')' => {
                if !atom.is_empty() {
                    last = std::mem::take(&mut atom);
                }
                depth -= 1;
                if depth == 1 {
                    values.push(std::mem::take(&mut last));
                }
            }
            c if c.is_whitespace() => {
                if !atom.is_empty() {
                    last = std::mem::take(&mut atom);
                }
            }
            c => atom.push(c),
        }
    }
    if values.len() == count {
        Ok(values)
    } else {
        Err(format!("unexpected get-value reply: {reply}"))
    }
}

/// The value of a bit-vector literal (`#b0101`, `#x0f`, `(_ bv5 8)`).
pub fn bv_value(literal: &str) -> Option<u128> {
    if let Some(b) = literal.strip_prefix("#b") {
        u128::from_str_radix(b, 2).ok()
    } else if let Some(x) = literal.strip_prefix("#x") {
        u128::from_str_radix(x, 16).ok()
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn get_value_replies_are_read_pair_by_pair() {
        let v = parse_values("((x0 #x0a) (x0p false) ((bvadd x0 x1) #b1) )", 3).unwrap();
        assert_eq!(v, ["#x0a", "false", "#b1"]);
        assert_eq!(bv_value("#x0a"), Some(10));
        assert_eq!(bv_value("#b101"), Some(5));
    }
}
