//! Keeps Rust panics out of C++: every hook runs under [`guard`], which turns
//! a panic into an error diagnostic and the hook's failure value.

use super::ir::Location;
use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicU64, Ordering};

/// How many panics [`guard`] has caught in this process.
static CAUGHT: AtomicU64 = AtomicU64::new(0);

thread_local! {
    /// How many panics [`guard`] has caught on this thread.
    static CAUGHT_HERE: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
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

/// Runs `f`; if it panics, emits `rmlir: internal error in <what>: <message>`
/// at the location `loc` gives (or on stderr when none) and returns `failed`.
/// `loc` is only evaluated after a panic, keeping the happy path free of it.
/// Inlined into each hook, so that the happy path is one frame.
#[inline(always)]
pub fn guard<'ir, R>(
    what: &str,
    loc: impl FnOnce() -> Option<Location<'ir>>,
    failed: R,
    f: impl FnOnce() -> R,
) -> R {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(payload) => {
            CAUGHT.fetch_add(1, Ordering::Relaxed);
            CAUGHT_HERE.with(|c| c.set(c.get() + 1));
            let text = format!(
                "rmlir: internal error in {what}: {}",
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
    fn payload_messages_are_recovered() {
        let p = catch_unwind(|| panic!("with {}", "format")).unwrap_err();
        assert_eq!(panic_message(&*p), "with format");
    }
}
