//! `test-rmlir-arith-interfaces`: a test-only pass that asks every op through
//! upstream arith's op interfaces (fast-math, overflow flags, rounding mode)
//! and records the answers as a `test.arith_interfaces` string on the op;
//! with `set-fastmath=N` / `set-overflow=N` it first sets those flags through
//! the interfaces, as upstream code written against them does. Run on a
//! rarith program and on its arith renaming, the outputs must be the same.

use super::{RunPass, decls};
use crate::ffi::arith_interfaces::{self, Answer};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::Op;
use crate::ffi::walk;

impl RunPass for decls::TestRMlirArithInterfaces {
    type Options = decls::TestRMlirArithInterfacesOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        run(ir.root(), &options.set_fastmath, &options.set_overflow)
    }
}

fn run(root: Op, set_fastmath: &str, set_overflow: &str) -> bool {
    let bits = |name: &str, text: &str| match (!text.is_empty()).then(|| text.parse::<u32>()) {
        None => Ok(None),
        Some(Ok(b)) => Ok(Some(b)),
        Some(Err(_)) => {
            root.emit_error(&format!("{name} must be an unsigned integer"));
            Err(())
        }
    };
    let (Ok(fastmath), Ok(overflow)) = (
        bits("set-fastmath", set_fastmath),
        bits("set-overflow", set_overflow),
    ) else {
        return false;
    };
    for op in walk::collect(root, |_| true) {
        if let Some(b) = fastmath {
            arith_interfaces::set_fastmath(op, b);
        }
        if let Some(b) = overflow {
            arith_interfaces::set_overflow(op, b);
        }
        let answers = arith_interfaces::ask(op);
        let mut report = Vec::new();
        if let Some(a) = answers.fastmath {
            report.push(format!("fastmath {}", spell(a)));
        }
        if let Some(o) = answers.overflow {
            report.push(format!(
                "overflow {} nsw={} nuw={}",
                spell(o.flags),
                o.no_signed_wrap,
                o.no_unsigned_wrap
            ));
        }
        if let Some(a) = answers.rounding_mode {
            report.push(format!("rounding {}", spell(a)));
        }
        if !report.is_empty() {
            let text = op.context().string_attr(&report.join("; "));
            op.set_discardable_attr("test.arith_interfaces", text);
        }
    }
    true
}

fn spell(a: Answer) -> String {
    match a.value {
        Some(v) => format!("{}={v}", a.attr_name),
        None => format!("{}=absent", a.attr_name),
    }
}
