//! Rewrite patterns written in safe Rust at run time: a closure rooted at
//! an op name, on the scoped handles of [`crate::ir::scoped`]. They join
//! `canonicalize` through their dialect's `getCanonicalizationPatterns`
//! ([`add_to_canonicalize`]) or run in MLIR's greedy driver from a user's
//! pass ([`PassScope::apply_greedily`](crate::passes::user_passes::PassScope::apply_greedily)).
//! Names no dialect.
//!
//! A pattern never destroys IR while it runs: replacing or erasing its root
//! is recorded and carried out after the closure returns, so every handle
//! the closure holds stays valid for as long as it can hold it. What it
//! sees is its scope (the closest ancestor of its root isolated from above,
//! which MLIR may hand to one thread while others work on its siblings),
//! and what it inserts may only use values attached inside that scope.

use crate::bindings as b;
use crate::error::{Error, ErrorKind};
use crate::ir::guard::{caught_on_this_thread, guard_op};
use crate::ir::scoped::{OpRef, ScopedOp, ValueRef, value_within};
use crate::ir::typed::OdsOp;
use crate::ir::{Op, Value as RawValue, sref};
use crate::rewrite::greedy::{self, RawPattern};
use crate::rewrite::walk::DriverRoots;
use melior::ir::operation::OperationLike;
use melior::ir::{Attribute, AttributeLike, Operation};
use melior::{Context, ContextRef};
use mlir_sys::*;
use std::ffi::c_void;
use std::sync::Mutex;

/// A pattern body: the root op and the rewriter of this match. It returns
/// `None` (with `?`) or `Some(())` as it likes; the pattern applied when it
/// changed the IR through the rewriter.
pub type PatternBody = dyn for<'s> Fn(OpRef<'s>, &mut Rewriter<'s>) -> Option<()> + Send + Sync;

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
    /// closure only ever sees `O`s, through their typed scoped view
    /// ([`OdsOp::Scoped`]: `op.rhs()`, `op.overflow_flags()`), which is an
    /// [`OpRef`] for the rest.
    pub fn new<O: OdsOp<'static> + 'static>(
        name: &str,
        body: impl for<'s> Fn(O::Scoped<'s>, &mut Rewriter<'s>) -> Option<()> + Send + Sync + 'static,
    ) -> Pattern {
        Pattern::rooted_at(name, O::NAME, move |op, rewriter| {
            // The driver calls the pattern on ops named `O::NAME` only.
            let op = <O::Scoped<'_> as ScopedOp<'_>>::__from_op_ref_unchecked(op);
            body(op, rewriter)
        })
    }

    /// A pattern named `name` (its debug name) rooted at ops named `root`
    /// (any dialect's), with benefit 1.
    pub fn rooted_at<F>(name: &str, root: &'static str, body: F) -> Pattern
    where
        F: for<'s> Fn(OpRef<'s>, &mut Rewriter<'s>) -> Option<()> + Send + Sync + 'static,
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
        // No driver may start from the body.
        let _callback = DriverRoots::callback(&[]);
        let wall = scope_of(op);
        let mut rewriter = Rewriter {
            raw,
            // SAFETY: the op is live; its context outlives the match.
            context: unsafe { ContextRef::from_raw(mlirOperationGetContext(op.raw())) },
            root: op,
            wall,
            changed: false,
            outcome: Outcome::Keep,
        };
        guard_op(&self.name, op, (), || {
            let _ = (self.body)(OpRef::new(op, wall), &mut rewriter);
        });
        rewriter.finish()
    }
}

/// The scope of a pattern rooted at `op`: its closest ancestor isolated
/// from above (what the greedy driver works inside), or its outermost
/// ancestor when none is.
fn scope_of(op: Op<'_>) -> Op<'_> {
    // SAFETY: the op is live; the scope is an ancestor, live as long.
    if let Some(isolated) = unsafe { Op::from_raw(b::rmlirOperationIsolatedScope(op.raw())) } {
        return isolated;
    }
    let mut top = op;
    while let Some(parent) = top.parent_op() {
        top = parent;
    }
    top
}

/// What the pattern asked to happen to its root, carried out after it
/// returns.
enum Outcome<'s> {
    Keep,
    Replace(Vec<RawValue<'s>>),
    Erase,
}

/// The rewriter of one match. Ops it inserts go before the root, and may
/// only use values attached inside the pattern's scope (or defined inside
/// the op itself); replacing or erasing the root takes effect when the
/// pattern returns, so the root and every value the pattern holds stay
/// valid while it runs. `'s` is the match: no handle outlives it.
pub struct Rewriter<'s> {
    raw: MlirPatternRewriter,
    /// The context, lent out as `&'s Context` (the rewriter outlives every
    /// call of the pattern body it is lent to).
    context: ContextRef<'s>,
    root: Op<'s>,
    wall: Op<'s>,
    changed: bool,
    outcome: Outcome<'s>,
}

fn refused(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Rewrite, message)
}

impl<'s> Rewriter<'s> {
    /// The root op of this match.
    pub fn root(&self) -> OpRef<'s> {
        OpRef::new(self.root, self.wall)
    }

    /// The context, to make types and attributes in (not borrowed from the
    /// rewriter: they can be handed to its mutable methods).
    pub fn context(&self) -> &'s Context {
        // SAFETY: `to_ref` lends the ContextRef's own storage as a Context;
        // the rewriter holding it outlives the pattern call, the only place
        // a `Rewriter<'s>` is reachable (the body is `for<'s>`, so nothing of
        // 's escapes it), and it cannot be moved out from behind `&mut`.
        unsafe { self.context.to_ref() }
    }

    /// Inserts `op` (built with the generated builders, not yet in any
    /// block) before the root and returns it. Refused, and `op` dropped,
    /// when it is of another context, or when it or an op nested in it uses
    /// a value that is neither defined inside it nor attached inside the
    /// pattern's scope (a value of an op never inserted, of a block not in
    /// the IR, or of IR another thread may be changing).
    pub fn insert<'c>(&mut self, op: impl Into<Operation<'c>>) -> Result<OpRef<'s>, Error> {
        let op: Operation<'c> = op.into();
        // SAFETY: the operation is owned (detached) and live while `op` is.
        let built = unsafe { Op::from_raw(op.to_raw()) }.ok_or_else(|| refused("a null op"))?;
        if built.context() != self.root.context() {
            return Err(refused(format!(
                "`{}` is of another context than the pattern's IR",
                built.name()
            )));
        }
        check_operands_in_scope(built, self.wall)?;
        let raw = op.into_raw();
        // SAFETY: the rewriter and the root are live for the match; the op
        // is detached (owned until now) and becomes owned by the root's
        // block, which outlives 's.
        let inserted = unsafe { b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), raw) };
        // SAFETY: the op is live: inserted, or still owned by no one.
        let op = unsafe { Op::from_raw(raw) }.expect("a live op");
        if !inserted {
            // SAFETY: the op was not inserted: it is detached and ours.
            unsafe { mlirOperationDestroy(raw) };
            return Err(refused("the op cannot be inserted before the root"));
        }
        self.changed = true;
        Ok(OpRef::new(op, self.wall))
    }

    /// Replaces every use of the root's results with `values` (one per
    /// result, of the same types); the root is erased when the pattern
    /// returns. Refused, changing nothing, when the values do not fit.
    pub fn replace_root(&mut self, values: &[ValueRef<'s>]) -> Result<(), Error> {
        let results = self.root.num_results();
        if values.len() != results {
            return Err(refused(format!(
                "{} replacement values for an op with {results} results",
                values.len()
            )));
        }
        let mut raw = Vec::with_capacity(values.len());
        for (i, v) in values.iter().enumerate() {
            let v = v.raw_value();
            if v.ty() != self.root.result(i).ty() {
                return Err(refused(format!("replacement value {i} has another type")));
            }
            // SAFETY: the root and the value are live.
            if unsafe { b::rmlirOperationHoldsValue(self.root.raw(), v.raw()) } {
                return Err(refused("the root cannot be replaced by its own values"));
            }
            raw.push(v);
        }
        self.outcome = Outcome::Replace(raw);
        Ok(())
    }

    /// Erases the root when the pattern returns. Refused, changing nothing,
    /// while its results have uses.
    pub fn erase_root(&mut self) -> Result<(), Error> {
        let used = (0..self.root.num_results()).any(|i| self.root.result(i).has_uses());
        if used {
            return Err(refused("the root's results are still used"));
        }
        self.outcome = Outcome::Erase;
        Ok(())
    }

    /// Sets the root's discardable attribute `name` to `value`, in place
    /// (MLIR's `modifyOpInPlace`). Refused for a name the op declares as
    /// inherent (those are set by building the op anew, so that they are
    /// checked), and for an attribute of another context.
    pub fn set_root_attribute(&mut self, name: &str, value: Attribute<'_>) -> Result<(), Error> {
        if self.root.has_inherent_attr(name) {
            return Err(refused(format!(
                "`{name}` is an inherent attribute of `{}`",
                self.root.name()
            )));
        }
        // SAFETY: the attribute is live (borrowed for the call).
        if unsafe { mlirAttributeGetContext(value.to_raw()) }.ptr != self.root.context().raw().ptr {
            return Err(refused("the attribute is of another context"));
        }
        // SAFETY: the rewriter and the root are live; the modification is
        // announced to the driver, made, then finalized.
        unsafe {
            let base = mlirPatternRewriterAsBase(self.raw);
            mlirRewriterBaseStartOpModification(base, self.root.raw());
            mlirOperationSetDiscardableAttributeByName(self.root.raw(), sref(name), value.to_raw());
            mlirRewriterBaseFinalizeOpModification(base, self.root.raw());
        }
        self.changed = true;
        Ok(())
    }

    /// Carries out the recorded outcome; true when the IR changed.
    fn finish(self) -> bool {
        match self.outcome {
            Outcome::Keep => self.changed,
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
                // Refused: nothing changed by the replacement. (No panic
                // here: this runs outside the guard, on MLIR's stack.)
                replaced || self.changed
            }
            Outcome::Erase => {
                // Ops inserted since may use the root's results, or values
                // inside it.
                // SAFETY: the root is live.
                let used = unsafe { b::rmlirOperationUsedOutside(self.root.raw(), true) };
                if used {
                    return self.changed;
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

/// Refuses `op` (detached) when it, or an op nested in it, uses a value
/// that is neither defined inside `op` nor attached inside `wall`.
pub(crate) fn check_operands_in_scope(op: Op<'_>, wall: Op<'_>) -> Result<(), Error> {
    let mut ops = vec![op];
    ops.extend(crate::rewrite::walk::collect(op, |_| true));
    for user in ops {
        for v in user.operands() {
            if !value_within(v.raw(), op) && !value_within(v.raw(), wall) {
                return Err(refused(format!(
                    "`{}` uses a value that is not in the IR the rewrite may change \
                     (a value of an op never inserted, of a block in no region, or \
                     outside the scope)",
                    user.name()
                )));
            }
        }
    }
    Ok(())
}

/// The patterns that joined canonicalize, in order (leaked: MLIR may hold
/// their names and ids for the life of the process).
static CANONICAL: Mutex<Vec<&'static Pattern>> = Mutex::new(Vec::new());

/// Adds `pattern` to the canonicalization patterns of its root's dialect:
/// every `canonicalize` that starts from now on applies it. Fails when a
/// pattern of that name already joined.
pub fn add_to_canonicalize(pattern: Pattern) -> Result<(), Error> {
    let mut all = CANONICAL
        .lock()
        .map_err(|_| Error::new(ErrorKind::Registration, "the pattern table is poisoned"))?;
    if all.iter().any(|p| p.name == pattern.name) {
        return Err(Error::new(
            ErrorKind::Registration,
            format!(
                "a pattern named `{}` already joined canonicalize",
                pattern.name
            ),
        ));
    }
    all.push(Box::leak(Box::new(pattern)));
    Ok(())
}

fn canonical(index: usize) -> Option<&'static Pattern> {
    CANONICAL.lock().ok()?.get(index).copied()
}

/// The canonicalization patterns rooted at ops of `dialect` (its
/// namespace), numbered from `first_id` on by their place in the table
/// (`first_id` is `hooks::USER`: ids apart from every descriptor's).
pub(crate) fn dialect_patterns(
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
pub(crate) fn match_and_rewrite(index: usize, op: Op, rewriter: MlirPatternRewriter) -> bool {
    canonical(index).is_some_and(|p| p.apply(op, rewriter))
}

extern "C" fn greedy_match_and_rewrite(
    user_data: *mut c_void,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
) -> bool {
    // SAFETY: the driver passes the live op it is matching.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    // SAFETY: user_data is a &Pattern borrowed by `apply_greedily` for the
    // whole driver run.
    let pattern = unsafe { &*(user_data as *const Pattern) };
    pattern.apply(op, rewriter)
}

/// Applies `patterns` and folding to the regions of `root` until nothing
/// changes (MLIR's `applyPatternsGreedily`). Fails when a pattern panicked
/// (the panic is an error diagnostic at the op it was matching) or the
/// driver did not converge.
pub(crate) fn apply_greedily(root: Op<'_>, patterns: &[Pattern]) -> Result<(), Error> {
    let failed = |m: &str| Error::new(ErrorKind::Pass, m);
    if DriverRoots::running() {
        return Err(failed(
            "a driver cannot start from a pattern or while another runs",
        ));
    }
    let _roots = DriverRoots::enter(&[root]);
    let panics_before = caught_on_this_thread();
    let raw = patterns.iter().map(|p| RawPattern {
        root: p.root,
        benefit: p.benefit,
        user_data: p as *const Pattern as *mut c_void,
    });
    // The patterns are borrowed for the whole run.
    let converged = greedy::apply(root, raw, greedy_match_and_rewrite);
    if caught_on_this_thread() != panics_before {
        Err(failed("a rewrite pattern panicked"))
    } else if !converged {
        Err(failed("the rewrite patterns did not converge"))
    } else {
        Ok(())
    }
}
