//! Keeps Rust panics out of C++: every hook runs under [`guard`], which turns
//! a panic into an error diagnostic and the hook's failure value.
//!
//! The diagnostic says what panicked and where (`... (panicked at
//! src/x.rs:12:5)`); the panic hook [`install_panic_hook`] puts in front of
//! the process's prints nothing else for a panic inside a guard, unless
//! `RUST_BACKTRACE` asks for a backtrace (then the previous hook prints
//! its report, backtrace included). Panics outside guards are the previous
//! hook's, untouched.

use crate::ir::{Location, Op};
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};

/// How many panics [`guard`] has caught in this process.
static CAUGHT: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// How many panics [`guard`] has caught on this thread.
    static CAUGHT_HERE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
    /// How many guards this thread is inside.
    static DEPTH: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    /// Where the last panic inside a guard on this thread happened.
    static PANICKED_AT: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// True when `RUST_BACKTRACE` asks for backtraces (set, and not `0`).
fn backtrace_asked() -> bool {
    std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0")
}

/// Puts, once per process, a panic hook in front of the current one: a
/// panic inside a [`guard`] is recorded (its location) for the guard's
/// diagnostic and printed by the previous hook only when `RUST_BACKTRACE`
/// asks; any other panic goes to the previous hook as before.
pub fn install_panic_hook() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if DEPTH.with(|d| d.get()) == 0 {
                return previous(info);
            }
            let at = info
                .location()
                .map(|l| format!("{}:{}:{}", l.file(), l.line(), l.column()));
            PANICKED_AT.with(|p| *p.borrow_mut() = at);
            if backtrace_asked() {
                previous(info);
            }
        }));
    });
}

/// Leaves a guard (also when its closure unwinds).
struct Inside;

impl Inside {
    #[inline(always)]
    fn enter() -> Inside {
        DEPTH.with(|d| d.set(d.get() + 1));
        Inside
    }
}

impl Drop for Inside {
    #[inline(always)]
    fn drop(&mut self) {
        DEPTH.with(|d| d.set(d.get() - 1));
    }
}

/// How many panics [`guard`] has caught on this thread so far: code that
/// drives MLIR on this thread (a greedy rewrite) compares it before and
/// after to fail when a hook it ran panicked.
pub fn caught_on_this_thread() -> u64 {
    CAUGHT_HERE.with(|c| c.get())
}

/// How many panics [`guard`] has caught in this process so far: a harness
/// counts any as a failure, even where the hook's failure value let the
/// pipeline go on.
pub fn caught_panics() -> u64 {
    CAUGHT.load(Ordering::Relaxed)
}

/// The text of a panic payload.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_owned()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "unknown panic payload".to_owned()
    }
}

/// Runs `f`; if it panics, emits `rmlir: internal error in <what>: <message>
/// (panicked at <file:line:column>)` at the location `loc` gives (or on
/// stderr when none) and returns `failed`.
/// `loc` is only evaluated after a panic, keeping the happy path free of it.
/// Inlined into each hook, so that the happy path is one frame.
#[inline(always)]
pub fn guard<'ir, R>(
    what: &str,
    loc: impl FnOnce() -> Option<Location<'ir>>,
    failed: R,
    f: impl FnOnce() -> R,
) -> R {
    let inside = Inside::enter();
    let outcome = catch_unwind(AssertUnwindSafe(f));
    drop(inside);
    match outcome {
        Ok(r) => r,
        Err(payload) => {
            CAUGHT.fetch_add(1, Ordering::Relaxed);
            CAUGHT_HERE.with(|c| c.set(c.get() + 1));
            let at = PANICKED_AT
                .with(|p| p.borrow_mut().take())
                .map_or_else(String::new, |at| format!(" (panicked at {at})"));
            let text = format!(
                "rmlir: internal error in {what}: {}{at}",
                panic_message(&*payload)
            );
            match loc() {
                Some(loc) => loc.emit_error(&text),
                None => eprintln!("{text}"),
            }
            failed
        }
    }
}

/// True when a hook panicked on `op` before ([`guard_op`] marked it).
/// One relaxed load until any panic is caught in the process.
#[inline(always)]
pub fn panicked_on(op: Op<'_>) -> bool {
    // SAFETY: op is live.
    CAUGHT.load(Ordering::Relaxed) != 0
        && unsafe { crate::bindings::rmlirBridgeIsPanicked(op.raw()) }
}

/// Marks `op` as one a hook panicked on (the panic reported already): the
/// bridge's hooks skip it from now on, so that a driver asking again does
/// not report it again, and it fails verification, so that the pass that
/// ran the hook fails (a fold under upstream's canonicalize has no other
/// way to make it fail).
pub fn mark_panicked(op: Op<'_>) {
    // SAFETY: op is live; setting a discardable attribute is the only
    // change, made on the thread that owns the op for the hook's call.
    unsafe { crate::bindings::rmlirBridgeMarkPanicked(op.raw()) }
}

/// [`guard`] for a hook working on `op`: the panic is reported at the op,
/// which is then marked ([`mark_panicked`]); a hook called again on a
/// marked op returns `failed` without running.
#[inline(always)]
pub fn guard_op<'ir, R>(what: &str, op: Op<'ir>, failed: R, f: impl FnOnce() -> R) -> R {
    if panicked_on(op) {
        return failed;
    }
    // None only when `f` panicked (its result is wrapped).
    match guard(what, || Some(op.location()), None, || Some(f())) {
        Some(r) => r,
        None => {
            mark_panicked(op);
            failed
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_the_failure_value() {
        let r = guard("test hook", || None, false, || -> bool { panic!("boom") });
        assert!(!r);
    }

    #[test]
    fn no_panic_passes_the_result_through() {
        assert_eq!(guard("test hook", || None, 0, || 42), 42);
    }

    #[test]
    fn the_location_of_a_caught_panic_is_recorded() {
        install_panic_hook();
        guard("test hook", || None, (), || panic!("here"));
        // The guard took the location for its message: nothing is left,
        // and the thread is inside no guard any more.
        assert!(PANICKED_AT.with(|p| p.borrow().is_none()));
        DEPTH.with(|d| assert_eq!(d.get(), 0));
    }

    #[test]
    fn payload_messages_are_recovered() {
        let p = catch_unwind(|| panic!("with {}", "format")).unwrap_err();
        assert_eq!(panic_message(&*p), "with format");
    }
}
