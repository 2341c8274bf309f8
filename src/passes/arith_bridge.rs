//! `convert-rarith-to-arith` and `convert-arith-to-rarith`: exact one-to-one
//! bridges between rarith and upstream's arith, so any upstream pipeline can
//! take rarith IR and give it back. Every op keeps its operands, result
//! types and attributes (rarith's attributes are arith's own). The bodies
//! of linalg's named ops, which linalg builds from arith itself and whose
//! verifiers insist on it, are left alone.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Op, Value};
use crate::ffi::walk;

impl RunPass for decls::ConvertRArithToArith {
    type Options = decls::ConvertRArithToArithOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        rename_dialect(ir, "rarith", "arith")
    }
}

impl RunPass for decls::ConvertArithToRArith {
    type Options = decls::ConvertArithToRArithOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        rename_dialect(ir, "arith", "rarith")
    }
}

/// Re-creates every `from.X` op under `root` as `to.X`. The two dialects
/// share their attributes (rarith holds arith's `#arith.fastmath`,
/// `#arith.overflow` and enums), so attributes move over unchanged.
fn rename_dialect(ir: &Ir, from: &str, to: &str) -> bool {
    let root = ir.root();
    let prefix = format!("{from}.");
    let ops = walk::collect(root, |o| {
        o.name().starts_with(&prefix) && !in_implicit_linalg_body(o)
    });
    for op in ops {
        let name = format!("{to}.{}", &op.name()[prefix.len()..]);
        let (inherent, discardable): (Vec<_>, Vec<_>) = op
            .attributes()
            .into_iter()
            .partition(|(attr_name, _)| op.has_inherent_attr(attr_name));
        let operands: Vec<Value> = op.operands().collect();
        let types: Vec<_> = op.result_types().collect();
        let Some(new) = Op::create(&name, op.location(), &operands, &types, &inherent) else {
            op.emit_op_error(&format!("has no counterpart `{name}`"));
            return false;
        };
        for (attr_name, value) in discardable {
            new.op().set_discardable_attr(attr_name, value);
        }
        let new = walk::Builder::before(op).insert(new);
        let results: Vec<Value> = (0..new.num_results()).map(|i| new.result(i)).collect();
        walk::replace_and_erase(ir, op, &results);
    }
    true
}

/// True when `op` is in the body of a linalg named op (`linalg.matmul`,
/// `linalg.fill`, the convolutions...), which linalg builds itself from
/// arith and whose verifier insists on it ("expected add/mul op in the
/// body"): left as it is both ways. The bodies users write
/// (`linalg.generic`, `linalg.map`, `linalg.reduce`) are converted.
fn in_implicit_linalg_body(op: Op) -> bool {
    op.parent_op().is_some_and(|parent| {
        let name = parent.name();
        name.starts_with("linalg.")
            && !matches!(name, "linalg.generic" | "linalg.map" | "linalg.reduce")
    })
}
