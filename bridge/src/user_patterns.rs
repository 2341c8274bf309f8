//! Rewrite patterns written in safe Rust at run time: a closure rooted at
//! an op name, on melior's handles. They join `canonicalize` through their
//! dialect's `getCanonicalizationPatterns` ([`add_to_canonicalize`]) or run
//! in MLIR's greedy driver from a user's pass ([`apply_greedily`]). Names
//! no dialect.
//!
//! A pattern never destroys IR while it runs: replacing or erasing its root
//! is recorded and carried out after the closure returns, so every handle
//! the closure holds stays valid for as long as it can hold it.

use super::bindings as b;
use super::greedy::{self, RawPattern};
use super::guard::{caught_on_this_thread, guard};
use super::ir::{Op, Value as RawValue, sref};
use super::walk::DriverRoots;
use melior::ir::operation::{OperationRef, OperationRefMut};
use melior::ir::{Attribute, Operation, Value, ValueLike};
use mlir_sys::*;
use std::cell::{Cell, RefCell};
use std::ffi::c_void;
use std::marker::PhantomData;
use std::sync::Mutex;

/// A pattern body: the root op and the rewriter of this match. It returns
/// `None` (with `?`) or `Some(())` as it likes; the pattern applied when it
/// changed the IR through the rewriter.
pub type PatternBody =
    dyn for<'c, 'a> Fn(OperationRef<'c, 'a>, &Rewriter<'c, 'a>) -> Option<()> + Send + Sync;

/// A rewrite pattern: a name, the op it is rooted at, a benefit and a body.
pub struct Pattern {
    name: String,
    root: &'static str,
    benefit: u16,
    body: Box<PatternBody>,
}

impl std::fmt::Debug for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pattern")
            .field("name", &self.name)
            .field("root", &self.root)
            .field("benefit", &self.benefit)
            .finish_non_exhaustive()
    }
}

impl Pattern {
    /// A pattern named `name` rooted at the ODS op `O` (benefit 1): the
    /// closure only ever sees `O`s.
    pub fn new<O: crate::typed::OdsOp<'static>>(
        name: &str,
        body: impl for<'c, 'a> Fn(OperationRef<'c, 'a>, &Rewriter<'c, 'a>) -> Option<()>
        + Send
        + Sync
        + 'static,
    ) -> Pattern {
        Pattern::rooted_at(name, O::NAME, body)
    }

    /// A pattern named `name` (its debug name) rooted at ops named `root`
    /// (any dialect's), with benefit 1.
    pub fn rooted_at<F>(name: &str, root: &'static str, body: F) -> Pattern
    where
        F: for<'c, 'a> Fn(OperationRef<'c, 'a>, &Rewriter<'c, 'a>) -> Option<()>
            + Send
            + Sync
            + 'static,
    {
        Pattern {
            name: name.to_owned(),
            root,
            benefit: 1,
            body: Box::new(body),
        }
    }

    /// The same pattern with benefit `benefit` (higher is tried first).
    pub fn with_benefit(mut self, benefit: u16) -> Pattern {
        self.benefit = benefit;
        self
    }

    /// The pattern's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The name of the op the pattern is rooted at.
    pub fn root(&self) -> &'static str {
        self.root
    }

    /// Runs the body on `op` with MLIR's rewriter `raw`, under the panic
    /// guard; then carries out what it recorded. True when the IR changed.
    fn apply<'ir>(&self, op: Op<'ir>, raw: MlirPatternRewriter) -> bool {
        // No driver may start from the body (melior hands out mutable
        // handles from shared ones).
        let _callback = DriverRoots::callback(&[]);
        let rewriter = Rewriter {
            raw,
            root: op,
            changed: Cell::new(false),
            outcome: RefCell::new(Outcome::Keep),
            _scope: PhantomData,
        };
        guard(
            &self.name,
            || Some(op.location()),
            (),
            || {
                // SAFETY: op is the live root of this match; the handle
                // cannot outlive the closure call ('a is local to it), and
                // nothing erases the op before the call returns.
                let root = unsafe { OperationRef::from_raw(op.raw()) };
                let _ = (self.body)(root, &rewriter);
            },
        );
        rewriter.finish()
    }
}

/// What the pattern asked to happen to its root, carried out after it
/// returns.
enum Outcome<'a> {
    Keep,
    Replace(Vec<RawValue<'a>>),
    Erase,
}

/// The rewriter of one match, on melior's handles. Ops it inserts go before
/// the root; replacing or erasing the root takes effect when the pattern
/// returns, so the root and every value the pattern holds stay valid while
/// it runs. `'a` is the match: no handle outlives it.
pub struct Rewriter<'c, 'a> {
    raw: MlirPatternRewriter,
    root: Op<'a>,
    changed: Cell<bool>,
    outcome: RefCell<Outcome<'a>>,
    _scope: PhantomData<(&'c (), &'a ())>,
}

impl<'c, 'a> Rewriter<'c, 'a> {
    /// Inserts `op` (detached, e.g. from `rmlir::ops`) before the root and
    /// returns it.
    pub fn insert(&self, op: Operation<'c>) -> OperationRef<'c, 'a> {
        let raw = op.into_raw();
        // SAFETY: the rewriter and the root are live for the match; the op
        // is detached (owned until now) and becomes owned by root's block,
        // which outlives 'a.
        let inserted = unsafe { b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), raw) };
        assert!(
            inserted,
            "inserting an op of another context, or one holding the root"
        );
        self.changed.set(true);
        // SAFETY: the op is live, now in the root's block, which outlives 'a.
        unsafe { OperationRef::from_raw(raw) }
    }

    /// Replaces every use of the root's results with `values` (one per
    /// result, of the same types); the root is erased when the pattern
    /// returns. Fails, changing nothing, when the values do not fit.
    pub fn replace_root(&self, values: &[Value<'c, '_>]) -> Result<(), String> {
        let results = self.root.num_results();
        if values.len() != results {
            return Err(format!(
                "{} replacement values for an op with {results} results",
                values.len()
            ));
        }
        let mut raw = Vec::with_capacity(values.len());
        for (i, v) in values.iter().enumerate() {
            // SAFETY: a melior value of the rewritten IR: live.
            let v = unsafe { RawValue::from_raw(v.to_raw()) }.ok_or("a null value")?;
            if v.ty() != self.root.result(i).ty() {
                return Err(format!("replacement value {i} has another type"));
            }
            // SAFETY: the root and the value are live.
            if unsafe { super::bindings::rmlirOperationHoldsValue(self.root.raw(), v.raw()) } {
                return Err("the root cannot be replaced by its own values".into());
            }
            raw.push(v);
        }
        *self.outcome.borrow_mut() = Outcome::Replace(raw);
        Ok(())
    }

    /// Erases the root when the pattern returns. Fails, changing nothing,
    /// while its results have uses.
    pub fn erase_root(&self) -> Result<(), String> {
        let used = (0..self.root.num_results()).any(|i| self.root.result(i).has_uses());
        if used {
            return Err("the root's results are still used".into());
        }
        *self.outcome.borrow_mut() = Outcome::Erase;
        Ok(())
    }

    /// Carries out the recorded outcome; true when the IR changed.
    fn finish(self) -> bool {
        match self.outcome.into_inner() {
            Outcome::Keep => self.changed.get(),
            Outcome::Replace(values) => {
                // SAFETY: the root is live; the values were live when
                // recorded and the pattern could not erase anything since;
                // RawValue is repr(transparent) over MlirValue.
                let replaced = unsafe {
                    b::rmlirRewriterReplaceOp(
                        self.raw,
                        self.root.raw(),
                        values.as_ptr().cast(),
                        values.len() as isize,
                    )
                };
                // Refused (a value of another context): nothing changed by
                // the replacement. (No panic here: this runs outside the
                // guard, on MLIR's stack.)
                replaced || self.changed.get()
            }
            Outcome::Erase => {
                // Ops inserted since may use the root's results, or values
                // inside it.
                // SAFETY: the root is live.
                let used =
                    unsafe { super::bindings::rmlirOperationUsedOutside(self.root.raw(), true) };
                if used {
                    return self.changed.get();
                }
                // SAFETY: the root is live and has no uses.
                unsafe {
                    mlirRewriterBaseEraseOp(mlirPatternRewriterAsBase(self.raw), self.root.raw())
                };
                true
            }
        }
    }
}

/// The patterns that joined canonicalize, in order (leaked: MLIR may hold
/// their names and ids for the life of the process).
static CANONICAL: Mutex<Vec<&'static Pattern>> = Mutex::new(Vec::new());

/// Adds `pattern` to the canonicalization patterns of its root's dialect:
/// every `canonicalize` that starts from now on applies it. Fails when a
/// pattern of that name already joined.
pub fn add_to_canonicalize(pattern: Pattern) -> Result<(), String> {
    let mut all = CANONICAL
        .lock()
        .map_err(|_| "the pattern table is poisoned")?;
    if all.iter().any(|p| p.name == pattern.name) {
        return Err(format!(
            "a pattern named `{}` already joined canonicalize",
            pattern.name
        ));
    }
    all.push(Box::leak(Box::new(pattern)));
    Ok(())
}

fn canonical(index: usize) -> Option<&'static Pattern> {
    CANONICAL.lock().ok()?.get(index).copied()
}

/// The canonicalization patterns rooted at ops of `dialect` (its
/// namespace), numbered from `first_id` on by their place in the table.
pub(super) fn dialect_patterns(
    dialect: &str,
    first_id: u32,
    out: &mut [b::RmlirPatternDesc],
) -> usize {
    let Ok(all) = CANONICAL.lock() else { return 0 };
    let ours = all.iter().enumerate().filter(|(_, p)| {
        p.root
            .strip_prefix(dialect)
            .is_some_and(|rest| rest.starts_with('.'))
    });
    let mut n = 0;
    for (index, p) in ours {
        if let Some(slot) = out.get_mut(n) {
            *slot = b::RmlirPatternDesc {
                patternId: first_id + index as u32,
                benefit: p.benefit,
                root: sref(p.root),
                debugName: sref(&p.name),
            };
        }
        n += 1;
    }
    n
}

/// Applies canonicalization pattern `index` (of [`dialect_patterns`]).
pub(super) fn match_and_rewrite(index: usize, op: Op, rewriter: MlirPatternRewriter) -> bool {
    canonical(index).is_some_and(|p| p.apply(op, rewriter))
}

unsafe extern "C" fn greedy_match_and_rewrite(
    _: MlirRewritePattern,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    // SAFETY: the driver passes the live op it is matching.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return MlirLogicalResult { value: 0 };
    };
    // SAFETY: user_data is a &Pattern borrowed by `apply_greedily` for the
    // whole driver run.
    let pattern = unsafe { &*(user_data as *const Pattern) };
    MlirLogicalResult {
        value: i8::from(pattern.apply(op, rewriter)),
    }
}

/// The constant `value` holds, as MLIR's `m_Constant` binds it: the value
/// of a `ConstantLike` op of any dialect defining it.
pub fn constant<'c>(value: Value<'c, '_>) -> Option<Attribute<'c>> {
    // SAFETY: a melior value borrowed for the call: live.
    let attr = unsafe { RawValue::from_raw(value.to_raw()) }?
        .defining_op()?
        .constant_value()?;
    // SAFETY: the attribute is uniqued in the value's context 'c, which
    // outlives it.
    Some(unsafe { Attribute::from_raw(attr.raw()) })
}

/// Applies `patterns` and folding to the regions of `op` until nothing
/// changes (MLIR's `applyPatternsGreedily`). Fails when a pattern panicked
/// (the panic is an error diagnostic at the op it was matching) or the
/// driver did not converge.
pub fn apply_greedily(op: OperationRefMut<'_, '_>, patterns: &[Pattern]) -> Result<(), String> {
    // SAFETY: a melior op borrowed mutably for the call: live.
    let Some(root) = (unsafe { Op::from_raw(op.to_raw()) }) else {
        return Err("a null op".into());
    };
    if DriverRoots::running() {
        return Err("a driver cannot start from a pattern or while another runs".into());
    }
    let _roots = DriverRoots::enter(&[root]);
    let panics_before = caught_on_this_thread();
    let raw = patterns.iter().map(|p| RawPattern {
        root: p.root,
        benefit: p.benefit,
        user_data: p as *const Pattern as *mut c_void,
    });
    let callback = MlirRewritePatternCallbacks {
        construct: None,
        destruct: None,
        matchAndRewrite: Some(greedy_match_and_rewrite),
    };
    // The patterns are borrowed for the whole run.
    let converged = greedy::apply(root, raw, callback);
    if caught_on_this_thread() != panics_before {
        Err("a rewrite pattern panicked".into())
    } else if !converged {
        Err("the rewrite patterns did not converge".into())
    } else {
        Ok(())
    }
}
