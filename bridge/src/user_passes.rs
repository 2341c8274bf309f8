//! Passes registered at run time from safe Rust: a name, a description and
//! a closure. They join MLIR's pass registry, so pipeline strings name them
//! like any pass; the closure runs under the panic guard, and an `Err` is
//! an error diagnostic at the op and a pass failure. Names no dialect.
//!
//! The closure gets a [`PassScope`]: exclusive access to the op the pass
//! runs on and what it holds, nothing above or beside it (MLIR may run the
//! same pass on the op's siblings on other threads meanwhile).

use super::error::{Error, ErrorKind};
use super::guard::guard;
use super::ir::{Op, sref};
use super::scoped::OpRef;
use super::user_patterns::Pattern;
use super::{bindings as b, diagnostics};
use melior::pass::PassManager;
use melior::{Context, ContextRef};
use mlir_sys::{MlirOperation, mlirOperationGetContext};
use std::marker::PhantomData;
use std::sync::Mutex;

/// A pass body: the scope of the op the pass runs on.
pub type PassBody = dyn for<'c> Fn(&mut PassScope<'c>) -> Result<(), Error> + Send + Sync;

/// Exclusive access to the op a pass runs on and what it holds, for the
/// pass's run (`'c`).
///
/// Every IR handle is borrowed from it ([`op`](PassScope::op), then what
/// that leads to, never above it), and the drivers that change the IR
/// ([`apply_greedily`](PassScope::apply_greedily)) borrow it mutably: no
/// handle taken before a driver runs can be used after it.
///
/// ```compile_fail
/// fn body(pass: &mut rmlir_bridge::user_passes::PassScope<'_>) -> Result<(), rmlir_bridge::error::Error> {
///     let first = pass.op().region(0).and_then(|r| r.first_block()).and_then(|b| b.first_op());
///     pass.apply_greedily(&[])?; // error: `pass` is borrowed by `first`
///     println!("{first:?}");
///     Ok(())
/// }
/// ```
pub struct PassScope<'c> {
    root: MlirOperation,
    /// The context, lent out as `&'c Context` (the scope outlives every
    /// call of the pass body it is lent to).
    context: ContextRef<'c>,
    _run: PhantomData<&'c mut ()>,
}

impl<'c> PassScope<'c> {
    /// The op the pass runs on: the top of what the pass may see (its
    /// [`parent_op`](OpRef::parent_op) is None).
    pub fn op(&self) -> OpRef<'_> {
        // SAFETY: the root is live for the pass run, and the handle is
        // bounded by this borrow of the scope, which drivers borrow mutably.
        let op = unsafe { Op::from_raw(self.root) }.expect("a live pass op");
        OpRef::new(op, op)
    }

    /// The context, to make types and attributes in (not borrowed from the
    /// scope: they can be kept across driver runs).
    pub fn context(&self) -> &'c Context {
        // SAFETY: `to_ref` lends the ContextRef's own storage as a Context;
        // the scope holding it outlives the pass body's call, the only place
        // a `PassScope<'c>` is reachable (the body is `for<'c>`), and it
        // cannot be moved out from behind `&mut`.
        unsafe { self.context.to_ref() }
    }

    /// Applies `patterns`, and folding, to the regions of the op until
    /// nothing changes (MLIR's greedy driver, as upstream passes use it).
    /// Fails when a pattern panicked (an error diagnostic at the op it was
    /// matching says why) or the driver did not converge.
    pub fn apply_greedily(&mut self, patterns: &[Pattern]) -> Result<(), Error> {
        // SAFETY: the root is live for the pass run; `&mut self` means no
        // handle of the scope is alive across the run.
        let root = unsafe { Op::from_raw(self.root) }.expect("a live pass op");
        super::user_patterns::apply_greedily(root, patterns)
    }
}

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
) -> Result<(), Error> {
    let refused = |m: String| Error::new(ErrorKind::Registration, m);
    let valid = argument.starts_with(|c: char| c.is_ascii_lowercase())
        && argument
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_');
    if !valid {
        return Err(refused(format!(
            "`{argument}` is no pass name (lowercase letters, digits, `-` and `_`, starting with a letter)"
        )));
    }
    // Held across the name check and the registration: no pipeline parses
    // meanwhile (MLIR's registry is a plain global map).
    let _writing = super::context::pass_registry_write();
    if is_registered(argument) {
        return Err(refused(format!(
            "a pass named `{argument}` is already registered"
        )));
    }
    let argument: &'static str = Box::leak(argument.to_owned().into_boxed_str());
    let description: &'static str = Box::leak(description.to_owned().into_boxed_str());
    let id = {
        let mut entries = ENTRIES
            .lock()
            .map_err(|_| refused("the pass table is poisoned".into()))?;
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
            // The op is live for the pass run, and the pass owns it (MLIR
            // hands a pass exclusive access to its op).
            let mut scope = PassScope {
                root: op.raw(),
                // SAFETY: the op is live; its context outlives the pass run.
                context: unsafe { ContextRef::from_raw(mlirOperationGetContext(op.raw())) },
                _run: PhantomData,
            };
            match (e.body)(&mut scope) {
                Ok(()) => true,
                Err(error) => {
                    op.emit_error(&error.to_string());
                    false
                }
            }
        },
    )
}
