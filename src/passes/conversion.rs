//! A small type-converting rewrite driver for Rust lowering passes: what
//! MLIR's dialect conversion does for one-to-one op conversions.
//!
//! Converted ops are replaced by new ops whose results may have other types
//! (`index` becomes `i64`). Converted operands are used directly; values from
//! outside the conversion get one `builtin.unrealized_conversion_cast` right
//! after their definition; results still used by unconverted ops get one cast
//! back right after the new op. Old ops are erased at the end.
//!
//! Every op is replaced at most once and erased exactly once: a fold may
//! hand back a value whose defining op was converted already (`minui %c0, x`
//! folds to `%c0`), and such a value is read through the replacement map,
//! never converted or erased a second time.

use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::walk::{self, Builder};
use std::collections::{HashMap, HashSet};

/// State of one conversion run.
#[derive(Default)]
pub struct Conversion {
    /// Original value -> its converted replacement.
    converted: HashMap<Value, Value>,
    /// (original value, target type) -> materialized cast.
    casts: HashMap<(Value, Type), Value>,
    /// Converted ops, in conversion order, with their replacements.
    replaced: Vec<(Op, Vec<Value>)>,
    /// The ops of `replaced`, to refuse a second replacement.
    replaced_ops: HashSet<Op>,
}

impl Conversion {
    /// The value `v` stands for now: its replacement, followed through
    /// chains of replacements (a fold may replace one converted value by
    /// another).
    pub fn lookup(&self, mut v: Value) -> Value {
        while let Some(&next) = self.converted.get(&v) {
            v = next;
        }
        v
    }

    /// True when `op` has been replaced already.
    pub fn is_replaced(&self, op: Op) -> bool {
        self.replaced_ops.contains(&op)
    }

    /// The value to use for operand `v` once converted to type `to`.
    pub fn operand(&mut self, v: Value, to: Type) -> Value {
        let v = self.lookup(v);
        if v.ty() == to {
            return v;
        }
        *self
            .casts
            .entry((v, to))
            .or_insert_with(|| Builder::after_value(v).cast(v, to))
    }

    /// Records that `op`'s results are replaced by `values`; false (and
    /// nothing recorded) when `op` was replaced already.
    pub fn replace(&mut self, op: Op, values: Vec<Value>) -> bool {
        if !self.replaced_ops.insert(op) {
            return false;
        }
        for (i, v) in values.iter().enumerate() {
            self.converted.insert(op.result(i), *v);
        }
        self.replaced.push((op, values));
        true
    }

    /// Rewires the remaining uses of converted ops (casting back where the
    /// type changed) and erases them, consumers before producers: when an
    /// op is erased, every op using its results has been rewired or erased
    /// (a replacement that is itself a replaced op's result is rewired when
    /// that op's turn comes).
    pub fn finish(self) {
        for (op, values) in self.replaced.iter().rev() {
            let mut replacements = Vec::with_capacity(values.len());
            for (i, &new) in values.iter().enumerate() {
                let old = op.result(i);
                let needs_cast = old.has_uses() && new.ty() != old.ty();
                replacements.push(if needs_cast {
                    Builder::after_value(new).cast(new, old.ty())
                } else {
                    new
                });
            }
            walk::replace_and_erase(*op, &replacements);
        }
    }
}
