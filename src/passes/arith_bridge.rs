//! `convert-rarith-to-arith` and `convert-arith-to-rarith`: exact one-to-one
//! bridges between rarith and upstream's arith, so any upstream pipeline can
//! take rarith IR and give it back. Every op keeps its operands, result
//! types and attributes; the dialect's own attributes
//! (`#rarith.fastmath<..>`, `#rarith.overflow<..>`) become the
//! same-spelled ones of the other dialect.

use crate::ffi::ir::{Attr, Op, Value};
use crate::ffi::walk;
use crate::registry::PassDef;
use std::collections::HashMap;

pub const TO_ARITH: PassDef = PassDef {
    argument: "convert-rarith-to-arith",
    description: "Convert rarith ops to upstream arith ops (one to one)",
    op_name: "",
    dependent_dialects: || vec![crate::ffi::context::arith_dialect_handle()],
    options: &[],
    run: |root, _| rename_dialect(root, "rarith", "arith"),
};

pub const FROM_ARITH: PassDef = PassDef {
    argument: "convert-arith-to-rarith",
    description: "Convert upstream arith ops to rarith ops (one to one)",
    op_name: "",
    dependent_dialects: || vec![crate::dialects::rarith_dialect_handle()],
    options: &[],
    run: |root, _| rename_dialect(root, "arith", "rarith"),
};

/// Re-creates every `from.X` op under `root` as `to.X`.
fn rename_dialect(root: Op, from: &str, to: &str) -> bool {
    let prefix = format!("{from}.");
    let ops = walk::collect(root, |o| o.name().starts_with(&prefix));
    // One translation per distinct attribute of `from` (a handful per run).
    let mut translated: HashMap<Attr, Attr> = HashMap::new();
    for op in ops {
        let name = format!("{to}.{}", &op.name()[prefix.len()..]);
        let mut inherent = Vec::new();
        let mut discardable = Vec::new();
        for (attr_name, value) in op.attributes() {
            let value = if value.dialect_namespace() == from {
                match translated.get(&value) {
                    Some(t) => *t,
                    None => {
                        let Some(t) = translate(value, from, to) else {
                            op.emit_op_error(&format!(
                                "attribute `{attr_name}` has no counterpart in `{to}`"
                            ));
                            return false;
                        };
                        translated.insert(value, t);
                        t
                    }
                }
            } else {
                value
            };
            if op.has_inherent_attr(attr_name) {
                inherent.push((attr_name, value));
            } else {
                discardable.push((attr_name, value));
            }
        }
        let operands: Vec<Value> = op.operands().collect();
        let types: Vec<_> = op.result_types().collect();
        let Some(new) = Op::create(&name, op.location(), &operands, &types, &inherent) else {
            op.emit_op_error(&format!("has no counterpart `{name}`"));
            return false;
        };
        for (attr_name, value) in discardable {
            new.set_discardable_attr(attr_name, value);
        }
        walk::Builder::before(op).insert(new);
        let results: Vec<Value> = (0..new.num_results()).map(|i| new.result(i)).collect();
        walk::replace_and_erase(op, &results);
    }
    true
}

/// `#from.kind<...>` as `#to.kind<...>` (the two dialects spell their
/// attributes the same way). Printed and parsed once per distinct attribute.
fn translate(value: Attr, from: &str, to: &str) -> Option<Attr> {
    let text = value.to_string_lossy();
    let rest = text.strip_prefix(&format!("#{from}."))?;
    value.context().parse_attr(&format!("#{to}.{rest}"))
}
