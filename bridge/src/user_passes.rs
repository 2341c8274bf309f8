//! Passes registered at run time from safe Rust: a name, a description and
//! a closure. They join MLIR's pass registry, so pipeline strings name them
//! like any pass; the closure runs under the panic guard, and an `Err` is
//! an error diagnostic at the op and a pass failure. Names no dialect.

use super::guard::guard;
use super::ir::{Op, sref};
use super::{bindings as b, diagnostics};
use melior::ir::operation::OperationRefMut;
use melior::pass::PassManager;
use std::sync::Mutex;

/// A pass body: the op the pass runs on (the root of what it may change).
pub type PassBody = dyn for<'c, 'a> Fn(OperationRefMut<'c, 'a>) -> Result<(), String> + Send + Sync;

struct Entry {
    argument: &'static str,
    body: Box<PassBody>,
}

/// The registered passes, in order; ids follow the descriptor's passes.
static ENTRIES: Mutex<Vec<&'static Entry>> = Mutex::new(Vec::new());

fn entry(index: usize) -> Option<&'static Entry> {
    ENTRIES.lock().ok()?.get(index).copied()
}

/// True when a pipeline may name `argument`: it parses as a pass.
fn is_registered(argument: &str) -> bool {
    let context = melior::Context::new();
    let pm = PassManager::new(&context);
    let (parsed, _) = diagnostics::capture(&context, || {
        melior::utility::parse_pass_pipeline(
            pm.as_operation_pass_manager(),
            &format!("builtin.module({argument})"),
        )
    });
    parsed.is_ok()
}

/// Registers a pass named `argument` whose body is `body`; pass ids start
/// at `first_id` (the bridge's own passes come first). Fails when the name
/// is not a pass name or is taken (MLIR aborts on a duplicate).
pub fn register(
    first_id: u32,
    argument: &str,
    description: &str,
    body: Box<PassBody>,
) -> Result<(), String> {
    let valid = argument.starts_with(|c: char| c.is_ascii_lowercase())
        && argument
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !valid {
        return Err(format!(
            "`{argument}` is no pass name (lowercase letters, digits, `-` and `_`, starting with a letter)"
        ));
    }
    // Held across the name check and the registration: no pipeline parses
    // meanwhile (MLIR's registry is a plain global map).
    let _writing = super::context::pass_registry_write();
    if is_registered(argument) {
        return Err(format!("a pass named `{argument}` is already registered"));
    }
    let argument: &'static str = Box::leak(argument.to_owned().into_boxed_str());
    let description: &'static str = Box::leak(description.to_owned().into_boxed_str());
    let id = {
        let mut entries = ENTRIES.lock().map_err(|_| "the pass table is poisoned")?;
        entries.push(Box::leak(Box::new(Entry { argument, body })));
        first_id + entries.len() as u32 - 1
    };
    let desc = b::RmlirPassDesc {
        passId: id,
        argument: sref(argument),
        description: sref(description),
        opName: sref(""),
        dependentDialects: std::ptr::null(),
        numDependentDialects: 0,
    };
    // SAFETY: the strings are leaked ('static), no dependent dialects; the
    // registry lock is held for writing.
    unsafe { b::rmlirBridgeRegisterPass(desc) };
    Ok(())
}

/// Options given to pass `index`: user passes take none.
pub(super) fn check_options(index: usize, options: &str) -> Result<(), String> {
    let e = entry(index).ok_or("no such pass")?;
    if options.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("pass `{}` takes no options", e.argument))
    }
}

/// Runs pass `index` on `op`.
pub(super) fn run(index: usize, op: Op) -> bool {
    let Some(e) = entry(index) else {
        return false;
    };
    guard(
        e.argument,
        || Some(op.location()),
        false,
        || {
            // SAFETY: the op is live for the pass run, and the pass owns it
            // (MLIR hands a pass exclusive access to its op).
            let op_ref = unsafe { OperationRefMut::from_raw(op.raw()) };
            match (e.body)(op_ref) {
                Ok(()) => true,
                Err(message) => {
                    op.emit_error(&message);
                    false
                }
            }
        },
    )
}
