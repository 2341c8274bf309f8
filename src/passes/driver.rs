//! A driver that reproduces what MLIR's partial dialect conversion does for
//! the Rust lowering passes that upstream writes as `applyPartialConversion`
//! (`convert-rshape-to-std`, `rarith-expand`): ops that are not legal are
//! visited in pre-order; each is folded if it folds, else rewritten by its
//! pattern; replaced ops stay in place (patterns see original operands and
//! their producers) and are erased at the end; operands are read through the
//! replacement map ("adaptor" values); ops a pattern creates are legalized
//! right away. The IR built is op for op what upstream's conversion builds.

use crate::ffi::ir::{Attr, Location, Op, Type, Value};
use crate::ffi::region::Block;
use crate::ffi::walk::{self, Builder};
use crate::ods::{OdsOp, rarith};
use crate::semantics::ApInt;
use std::collections::{HashMap, HashSet};

/// `cmpi` predicates (upstream's numbering).
pub const EQ: i64 = 0;
pub const NE: i64 = 1;
pub const SLT: i64 = 2;
pub const SLE: i64 = 3;
pub const SGT: i64 = 4;
pub const ULT: i64 = 6;
pub const UGT: i64 = 8;
pub const UGE: i64 = 9;

/// A pattern: rewrites `op` through the driver; false when it does not apply.
pub type Apply = fn(&mut Driver, Op) -> bool;

/// State of one conversion run.
pub struct Driver {
    /// Replaced value -> its replacement.
    map: HashMap<Value, Value>,
    /// Replaced ops with their replacements, in replacement order.
    replaced: Vec<(Op, Vec<Value>)>,
    /// The ops of `replaced`.
    replaced_ops: HashSet<Op>,
    /// Ops created by the pattern being applied, in creation order.
    pub(crate) created: Vec<Op>,
    /// Which ops need no conversion.
    is_legal: fn(Op) -> bool,
    /// The patterns.
    apply: Apply,
}

impl Driver {
    /// Converts every op under `root` that `is_legal` rejects; false (after
    /// a diagnostic) when an unresolved type change remains.
    pub fn run(root: Op, is_legal: fn(Op) -> bool, apply: Apply) -> bool {
        let mut driver = Driver {
            map: HashMap::new(),
            replaced: Vec::new(),
            replaced_ops: HashSet::new(),
            created: Vec::new(),
            is_legal,
            apply,
        };
        for op in walk::collect_preorder(root, |o| !is_legal(o)) {
            driver.legalize(op);
        }
        driver.finish()
    }

    /// The value an operand stands for now (the adaptor value).
    pub fn lookup(&self, mut v: Value) -> Value {
        while let Some(&next) = self.map.get(&v) {
            v = next;
        }
        v
    }

    pub fn operands(&self, op: Op) -> Vec<Value> {
        op.operands().map(|v| self.lookup(v)).collect()
    }

    /// Folds `op` if it folds (as the conversion driver tries first), else
    /// applies its pattern if one matches and converts the shape ops the
    /// pattern created.
    fn legalize(&mut self, op: Op) {
        if self.replaced_ops.contains(&op) {
            return;
        }
        if let Some(values) = walk::try_fold(op) {
            if values.is_empty() {
                // Folded in place: try again on the updated op.
                return self.legalize(op);
            }
            self.replace(op, values);
            return;
        }
        let outer = std::mem::take(&mut self.created);
        let converted = (self.apply)(self, op);
        let created = std::mem::replace(&mut self.created, outer);
        if converted {
            for new in created {
                if !(self.is_legal)(new) {
                    self.legalize(new);
                }
            }
        }
    }

    /// Records that `op`'s results are replaced by `values` (true: the op
    /// is converted). An op is replaced once: a second replacement of the
    /// same op is ignored, so that it is erased exactly once.
    pub fn replace(&mut self, op: Op, values: Vec<Value>) -> bool {
        if !self.replaced_ops.insert(op) {
            return true;
        }
        for (i, v) in values.iter().enumerate() {
            self.map.insert(op.result(i), *v);
        }
        self.replaced.push((op, values));
        true
    }

    /// Creates an op at `e` and returns its first result.
    pub fn emit(
        &mut self,
        e: &Emit,
        name: &str,
        operands: &[Value],
        types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Value {
        self.emit_op(e, name, operands, types, attrs).result(0)
    }

    pub fn emit_op(
        &mut self,
        e: &Emit,
        name: &str,
        operands: &[Value],
        types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Op {
        let op = e.builder.create(name, e.loc, operands, types, attrs);
        self.created.push(op);
        op
    }

    pub fn index(&mut self, e: &Emit, v: i64) -> Value {
        let ctx = e.loc.context();
        let attr = Attr::int(ctx.index_type(), &ApInt::from_i64(64, v));
        self.emit(
            e,
            rarith::ConstantOp::NAME,
            &[],
            &[ctx.index_type()],
            &[("value", attr)],
        )
    }

    pub fn boolean(&mut self, e: &Emit, v: bool) -> Value {
        let ctx = e.loc.context();
        let attr = ctx.bool_attr(v);
        self.emit(
            e,
            rarith::ConstantOp::NAME,
            &[],
            &[ctx.integer_type(1)],
            &[("value", attr)],
        )
    }

    pub fn dim(&mut self, e: &Emit, t: Value, i: Value) -> Value {
        let ctx = e.loc.context();
        self.emit(e, "tensor.dim", &[t, i], &[ctx.index_type()], &[])
    }

    pub fn cmpi(&mut self, e: &Emit, predicate: i64, a: Value, b: Value) -> Value {
        let ctx = e.loc.context();
        let p = Attr::int(ctx.integer_type(64), &ApInt::from_i64(64, predicate));
        self.emit(
            e,
            rarith::CmpIOp::NAME,
            &[a, b],
            &[ctx.integer_type(1)],
            &[("predicate", p)],
        )
    }

    pub fn binary(&mut self, e: &Emit, name: &str, a: Value, b: Value) -> Value {
        let ty = a.ty();
        self.emit(e, name, &[a, b], &[ty], &[])
    }

    pub fn extract(&mut self, e: &Emit, t: Value, i: Value) -> Value {
        let elt = t.ty().element_type_or_self();
        self.emit(e, "tensor.extract", &[t, i], &[elt], &[])
    }

    pub fn yield_(&mut self, e: &Emit, name: &str, values: &[Value]) {
        self.emit_op(e, name, values, &[], &[]);
    }

    /// Rewires remaining uses of replaced ops (casting where the type
    /// changed, as the conversion's materialization does) and erases them.
    fn finish(self) -> bool {
        // Consumers before producers: uses by replaced ops vanish with them,
        // so only uses by surviving ops need the replacement. A surviving
        // use that needs the old type gets a cast, which upstream's
        // conversion reports as an unresolved materialization, failing the
        // pass: the first one in replacement order is reported.
        let mut unresolved: Vec<(usize, Op, Op)> = Vec::new();
        for (k, (op, values)) in self.replaced.iter().enumerate().rev() {
            for (i, &new) in values.iter().enumerate() {
                let old = op.result(i);
                if !old.has_uses() {
                    continue;
                }
                let mut new = self.lookup(new);
                if new.ty() != old.ty() {
                    let user = old.first_user().expect("a use");
                    let cast = Builder::after_value(new).create(
                        "builtin.unrealized_conversion_cast",
                        op.location(),
                        &[new],
                        &[old.ty()],
                        &[],
                    );
                    unresolved.push((k, cast, user));
                    new = cast.result(0);
                }
                walk::replace_uses(old, new);
            }
            walk::erase(*op);
        }
        let Some((_, cast, user)) = unresolved.into_iter().min_by_key(|(k, _, _)| *k) else {
            return true;
        };
        let (from, to) = (cast.operand(0).ty(), cast.result(0).ty());
        cast.emit_error_with_op_note(
            &format!(
                "failed to legalize unresolved materialization from ('{}') to ('{}') that remained live after conversion",
                from.to_string_lossy(),
                to.to_string_lossy()
            ),
            user,
            "see existing live user here: ",
        );
        false
    }
}

/// Where new ops go: a builder with the location they get.
pub struct Emit {
    /// Where ops go.
    pub builder: Builder,
    /// Their location.
    pub loc: Location,
}

impl Emit {
    /// Before `op`, with its location.
    pub fn before(op: Op) -> Self {
        Emit {
            builder: Builder::before(op),
            loc: op.location(),
        }
    }
    /// At the end of `block`.
    pub fn at_end(block: Block, loc: Location) -> Self {
        Emit {
            builder: Builder::at_end(block, loc),
            loc,
        }
    }
}
