//! A small type-converting rewrite driver for Rust lowering passes: what
//! MLIR's dialect conversion does for one-to-one op conversions.
//!
//! Converted ops are replaced by new ops whose results may have other types
//! (`index` becomes `i64`). Converted operands are used directly; values from
//! outside the conversion get one `builtin.unrealized_conversion_cast` right
//! after their definition; results still used by unconverted ops get one cast
//! back right after the new op. Old ops are erased at the end.

use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::walk::{self, Builder};
use std::collections::HashMap;

/// State of one conversion run.
#[derive(Default)]
pub struct Conversion {
    /// Original value -> its converted replacement.
    converted: HashMap<Value, Value>,
    /// (original value, target type) -> materialized cast.
    casts: HashMap<(Value, Type), Value>,
    /// Converted ops, in conversion order, with their replacements.
    replaced: Vec<(Op, Vec<Value>)>,
}

impl Conversion {
    /// The value to use for operand `v` once converted to type `to`.
    pub fn operand(&mut self, v: Value, to: Type) -> Value {
        if let Some(&c) = self.converted.get(&v)
            && c.ty() == to
        {
            return c;
        }
        if v.ty() == to {
            return v;
        }
        *self
            .casts
            .entry((v, to))
            .or_insert_with(|| Builder::after_value(v).cast(v, to))
    }

    /// Records that `op`'s results are replaced by `values`.
    pub fn replace(&mut self, op: Op, values: Vec<Value>) {
        for (i, v) in values.iter().enumerate() {
            self.converted.insert(op.result(i), *v);
        }
        self.replaced.push((op, values));
    }

    /// Rewires the remaining uses of converted ops (casting back where the
    /// type changed) and erases them.
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
