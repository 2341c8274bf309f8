//! Fuzz target: arbitrary text (seeded with the lit tests and the random
//! programs of the differential tests) through the parser and the verifier,
//! then through one pipeline chosen by the first byte: canonicalize, cse,
//! int-range-optimizations, or one of rmlir's passes. Anything may fail with
//! a diagnostic; nothing may crash, abort, hang or panic (a panic that the
//! hook guard turns into a diagnostic is a finding too).

#![no_main]

use libfuzzer_sys::fuzz_target;
use melior::ir::Module;
use melior::ir::operation::OperationLike;
use std::cell::RefCell;

/// The pipelines, picked by the input's first byte.
const PIPELINES: &[&str] = &[
    "builtin.module(canonicalize)",
    "builtin.module(cse,canonicalize)",
    "builtin.module(int-range-optimizations)",
    "builtin.module(convert-rarith-to-llvm)",
    "builtin.module(rarith-expand)",
    "builtin.module(rarith-expand{include-bf16 include-f8e8m0 include-f4e2m1})",
    "builtin.module(convert-rarith-to-arith)",
    "builtin.module(convert-arith-to-rarith)",
    "builtin.module(convert-rshape-to-std)",
    "builtin.module(convert-rshape-constraints)",
    "builtin.module(remove-rshape-constraints)",
    "builtin.module(rshape-to-rshape-lowering)",
    "builtin.module(outline-rshape-computation)",
    "builtin.module(rshape-reify-shape-functions)",
    "builtin.module(rarith-unsigned-when-equivalent)",
    "builtin.module(rarith-int-range-optimizations)",
    "builtin.module(rarith-int-range-narrowing{int-bitwidths-supported=1,8,16,32})",
    "builtin.module(rarith-emulate-unsupported-floats{source-types=bf16,f16,f8E4M3FN target-type=f32})",
    "builtin.module(convert-rarith-to-apfloat)",
    rmlir::pipeline::LOWER_TO_LLVM,
];

/// Inputs per context: a context keeps every attribute and type it has
/// seen, so it is renewed now and then to keep memory flat.
const INPUTS_PER_CONTEXT: u32 = 2000;

struct State {
    context: melior::Context,
    inputs: u32,
}

/// True when `text` names an op, type or attribute of upstream's `arith`
/// or `shape` dialect (`arith.`/`shape.` not preceded by `r`, as in
/// `rarith.`/`rshape.`).
fn mentions_upstream_arith_or_shape(text: &str) -> bool {
    ["arith.", "shape."].iter().any(|name| {
        text.match_indices(name)
            .any(|(i, _)| i == 0 || text.as_bytes()[i - 1] != b'r')
    })
}

fn fresh_context() -> melior::Context {
    let context = rmlir::new_context();
    // Diagnostics are expected on most inputs: swallow them.
    context.attach_diagnostic_handler(|_| true);
    context
}

thread_local! {
    static STATE: RefCell<Option<State>> = const { RefCell::new(None) };
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, text)) = data.split_first() else {
        return;
    };
    // melior's parser takes a C string: text with a NUL cannot be given to
    // it (rmlir-run reports such input as an error).
    let Ok(text) = std::str::from_utf8(text) else {
        return;
    };
    if text.contains('\0') {
        return;
    }
    // Upstream's own arith and shape ops (which the context also knows)
    // are left out: their crashes are upstream's (e.g. `arith.fptosi` to
    // `i0`, see docs/upstream-differences.md), not findings in rmlir.
    if mentions_upstream_arith_or_shape(text) {
        return;
    }
    let pipeline = PIPELINES[usize::from(selector) % PIPELINES.len()];
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        if state
            .as_ref()
            .is_none_or(|s| s.inputs >= INPUTS_PER_CONTEXT)
        {
            *state = None;
            *state = Some(State {
                context: fresh_context(),
                inputs: 0,
            });
        }
        let state = state.as_mut().expect("state");
        state.inputs += 1;
        let panics = rmlir::ffi::guard::caught_panics();
        if let Some(mut module) = Module::parse(&state.context, text)
            && module.as_operation().verify()
        {
            let _ = rmlir::pipeline::run(&state.context, &mut module, pipeline);
        }
        assert_eq!(
            rmlir::ffi::guard::caught_panics(),
            panics,
            "a hook panicked (caught by the guard) under {pipeline}"
        );
    });
});
