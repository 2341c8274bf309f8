//! The Rust API: building rarith/rshape ops with melior, running upstream and
//! rmlir passes over them, and executing the result with the JIT.

use melior::dialect::func;
use melior::ir::attribute::TypeAttribute;
use melior::ir::attribute::{DenseElementsAttribute, IntegerAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::r#type::RankedTensorType;
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{
    Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type, ValueLike,
};
use rmlir::ffi::exec::{Jit, OptLevel, Scalar};
use rmlir::ods::rarith::{CmpIPredicate, IntegerOverflowFlags};
use rmlir::ops::{rarith, rshape};

fn canonicalize(context: &melior::Context, module: &mut Module) -> String {
    rmlir::pipeline::run(context, module, "builtin.module(canonicalize)").expect("canonicalize");
    module.as_operation().to_string()
}

#[test]
fn parsed_rarith_folds_under_canonicalize() {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(
        &context,
        r#"func.func @f() -> i32 {
             %a = rarith.constant 2 : i32
             %b = rarith.constant 3 : i32
             %c = rarith.addi %a, %b : i32
             %d = rarith.addi %c, %c : i32
             return %d : i32
           }"#,
    )
    .expect("parses");
    let out = canonicalize(&context, &mut module);
    assert!(out.contains("rarith.constant 10 : i32"), "{out}");
    assert!(!out.contains("rarith.addi"), "{out}");
}

/// Builds `func @add(%x: i32) -> i1 { (x + 40) + 2 <s 50 }` with the typed API.
fn build_module(context: &melior::Context) -> Module<'_> {
    let location = Location::unknown(context);
    let module = Module::new(location);
    let i32t: Type = IntegerType::new(context, 32).into();
    let i1t: Type = IntegerType::new(context, 1).into();
    let block = Block::new(&[(i32t, location)]);
    let x = block.argument(0).unwrap();
    let constant = |v: i64| {
        let value = IntegerAttribute::new(i32t, v).into();
        block.append_operation(rarith::constant(location, value).unwrap().into_operation())
    };
    let (c40, c2, c50) = (constant(40), constant(2), constant(50));
    let nsw = IntegerOverflowFlags::NSW;
    let a = block.append_operation(
        rarith::addi(location, x, c40.result(0).unwrap(), nsw)
            .unwrap()
            .into_operation(),
    );
    let b = block.append_operation(
        rarith::addi(location, a.result(0).unwrap(), c2.result(0).unwrap(), nsw)
            .unwrap()
            .into_operation(),
    );
    let cmp = block.append_operation(
        rarith::cmpi(
            location,
            b.result(0).unwrap(),
            c50.result(0).unwrap(),
            CmpIPredicate::Slt,
        )
        .unwrap()
        .into_operation(),
    );
    block.append_operation(func::r#return(&[cmp.result(0).unwrap().into()], location));
    let region = Region::new();
    region.append_block(block);
    let function = func::func(
        context,
        melior::ir::attribute::StringAttribute::new(context, "below"),
        TypeAttribute::new(FunctionType::new(context, &[i32t], &[i1t]).into()),
        region,
        &[(
            Identifier::new(context, "sym_visibility"),
            melior::ir::attribute::StringAttribute::new(context, "public").into(),
        )],
        location,
    );
    module.body().append_operation(function);
    module
}

#[test]
fn built_ops_verify_print_and_canonicalize() {
    let context = rmlir::new_context();
    let mut module = build_module(&context);
    assert!(module.as_operation().verify());
    let text = module.as_operation().to_string();
    assert!(
        text.contains("rarith.addi %arg0, %c40_i32 overflow<nsw> : i32"),
        "{text}"
    );
    assert!(text.contains("rarith.cmpi slt"), "{text}");
    let out = canonicalize(&context, &mut module);
    // AddIAddConstant fused the two additions, keeping nsw.
    assert!(
        out.contains("rarith.addi %arg0, %c42_i32 overflow<nsw> : i32"),
        "{out}"
    );
}

#[test]
fn built_module_runs_in_the_jit() {
    let context = rmlir::new_context();
    let mut module = build_module(&context);
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    let jit = Jit::new(&module, OptLevel::O2, &[]).expect("jit");
    let below = |x: i32| {
        jit.call("below", &[Scalar::I32(x)], Some(Scalar::I1(false)))
            .unwrap()
    };
    assert_eq!(below(7), Some(Scalar::I1(true)));
    assert_eq!(below(8), Some(Scalar::I1(false)));
    assert_eq!(below(-100), Some(Scalar::I1(true)));
}

/// A function lowered without a C interface cannot be called: the error
/// names the attribute that makes one, never a crash.
#[test]
fn jit_calls_of_functions_without_c_interface_say_why_they_fail() {
    let context = rmlir::new_context();
    let mut module = build_module(&context);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    let jit = Jit::new(&module, OptLevel::O2, &[]).expect("jit");
    let error = jit
        .call("below", &[Scalar::I32(3)], Some(Scalar::I1(false)))
        .unwrap_err();
    assert!(
        error.message().contains("mark it `llvm.emit_c_interface`"),
        "{error}"
    );
}

/// A JIT call that does not match the function's signature is an error,
/// never a call that reads missing arguments or writes a wrong result.
#[test]
fn jit_calls_are_checked_against_the_signature() {
    let context = rmlir::new_context();
    let mut module = build_module(&context);
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    let jit = Jit::new(&module, OptLevel::O2, &[]).expect("jit");
    let too_few = jit.call("below", &[], Some(Scalar::I1(false)));
    assert_eq!(
        too_few.unwrap_err().message(),
        "`below` has signature (i32) -> (i1); called with () -> (i1)"
    );
    let wrong_kind = jit.call("below", &[Scalar::I64(1)], Some(Scalar::I1(false)));
    assert!(
        wrong_kind
            .unwrap_err()
            .message()
            .contains("called with (i64) -> (i1)")
    );
    let wrong_result = jit.call("below", &[Scalar::I32(1)], Some(Scalar::F64(0.0)));
    assert!(
        wrong_result
            .unwrap_err()
            .message()
            .contains("called with (i32) -> (f64)")
    );
    let no_result = jit.call("below", &[Scalar::I32(1)], None);
    assert!(
        no_result
            .unwrap_err()
            .message()
            .contains("called with (i32) -> ()")
    );
    let unknown = jit.call("nowhere", &[], None);
    assert_eq!(
        unknown.unwrap_err().message(),
        "no function `nowhere` in the JIT-compiled module"
    );
    // The checks leave the engine usable.
    assert_eq!(
        jit.call("below", &[Scalar::I32(3)], Some(Scalar::I1(false))),
        Ok(Some(Scalar::I1(true)))
    );
}

#[test]
fn const_shapes_broadcast_through_the_api() {
    let context = rmlir::new_context();
    let location = Location::unknown(&context);
    let module = Module::new(location);
    let block = Block::new(&[]);
    let index = Type::index(&context);
    let extents = |values: &[i64]| {
        let ty = RankedTensorType::new(&[values.len() as u64], index, None).into();
        let elements: Vec<_> = values
            .iter()
            .map(|&v| IntegerAttribute::new(index, v).into())
            .collect();
        DenseElementsAttribute::new(ty, &elements).unwrap().into()
    };
    let a = block.append_operation(
        rshape::const_shape(location, extents(&[2, 1]))
            .unwrap()
            .into_operation(),
    );
    let b = block.append_operation(
        rshape::const_shape(location, extents(&[3]))
            .unwrap()
            .into_operation(),
    );
    let ty = a.result(0).unwrap().r#type();
    let r = block.append_operation(
        rshape::broadcast(
            location,
            [a.result(0).unwrap(), b.result(0).unwrap()],
            None,
            ty,
        )
        .unwrap()
        .into_operation(),
    );
    block.append_operation(func::r#return(&[r.result(0).unwrap().into()], location));
    let region = Region::new();
    region.append_block(block);
    let function = func::func(
        &context,
        melior::ir::attribute::StringAttribute::new(&context, "s"),
        TypeAttribute::new(FunctionType::new(&context, &[], &[ty]).into()),
        region,
        &[],
        location,
    );
    let mut module = module;
    module.body().append_operation(function);
    assert!(module.as_operation().verify());
    let out = canonicalize(&context, &mut module);
    assert!(
        out.contains("rshape.const_shape [2, 3] : tensor<2xindex>"),
        "{out}"
    );
}

#[test]
fn invalid_ir_is_reported_not_crashed() {
    let context = rmlir::new_context();
    // A signed integer constant parses but fails our Rust verifier.
    let module = rmlir::parse(
        &context,
        "func.func @f() -> si32 {\n %0 = rarith.constant 1 : si32\n return %0 : si32\n}",
    );
    let error = module.unwrap_err();
    assert_eq!(error.kind(), rmlir::ErrorKind::Parse);
    assert!(!error.diagnostics().is_empty(), "{error}");
}

/// A failing pipeline is an error that carries MLIR's diagnostics (here a
/// Rust pass that panics: the guard turns the panic into a diagnostic).
#[test]
fn a_module_of_another_context_is_an_error_not_a_crash() {
    let ours = rmlir::new_context();
    let theirs = rmlir::new_context();
    let mut module = rmlir::parse(&theirs, "func.func @f() { return }").unwrap();
    let error =
        rmlir::pipeline::run(&ours, &mut module, "builtin.module(canonicalize)").unwrap_err();
    assert!(
        error
            .message()
            .ends_with("was given a module of another context"),
        "{error}"
    );
}

#[test]
fn failed_pipelines_return_their_diagnostics() {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(&context, "func.func @f() { return }").unwrap();
    let error = rmlir::pipeline::run(&context, &mut module, "builtin.module(test-rmlir-panic)")
        .unwrap_err();
    assert!(error.message().ends_with(" failed"), "{error}");
    assert!(
        error
            .diagnostics()
            .iter()
            .any(|d| d.contains("error: ") && d.contains("deliberate panic from test-rmlir-panic")),
        "{error}"
    );
    let error =
        rmlir::pipeline::run(&context, &mut module, "builtin.module(not-a-pass)").unwrap_err();
    assert!(error.message().contains("does not parse"), "{error}");
    // The module is still usable afterwards.
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
}

/// A pass written in safe Rust, registered by name, runs in pipelines next
/// to upstream's and rmlir's passes; its failures and panics are errors.
#[test]
fn user_passes_run_by_name_in_pipelines() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    // State the pass keeps between runs: the rarith ops it last counted.
    let counted = Arc::new(AtomicUsize::new(0));
    let sink = Arc::clone(&counted);
    rmlir::pipeline::register_pass("test-count-rarith", "Counts rarith ops", move |pass| {
        let mut count = 0;
        pass.op().walk(|o| {
            count += usize::from(o.name().starts_with("rarith."));
            rmlir::ir::Walk::Advance
        });
        sink.store(count, Ordering::SeqCst);
        Ok(())
    })
    .unwrap();
    let context = rmlir::new_context();
    let mut module = rmlir::parse(
        &context,
        "func.func @f(%x: i32) -> i32 {
           %c = rarith.constant 0 : i32
           %0 = rarith.addi %x, %c : i32
           %1 = rarith.muli %0, %x : i32
           return %1 : i32
         }",
    )
    .unwrap();
    rmlir::pipeline::run(&context, &mut module, "builtin.module(test-count-rarith)").unwrap();
    assert_eq!(counted.load(Ordering::SeqCst), 3);
    // Under canonicalize addi x, 0 folds to x and the dead constant goes:
    // only the muli is left.
    rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(canonicalize,test-count-rarith)",
    )
    .unwrap();
    assert_eq!(counted.load(Ordering::SeqCst), 1);

    // A taken name, a malformed one, and options: errors, never aborts.
    fn noop(_: &mut rmlir::pipeline::PassScope) -> Result<(), rmlir::Error> {
        Ok(())
    }
    let taken = rmlir::pipeline::register_pass("canonicalize", "", noop).unwrap_err();
    assert!(taken.to_string().contains("already registered"), "{taken}");
    let again = rmlir::pipeline::register_pass("test-count-rarith", "", noop).unwrap_err();
    assert!(again.to_string().contains("already registered"), "{again}");
    let malformed = rmlir::pipeline::register_pass("Bad Name", "", noop).unwrap_err();
    assert!(
        malformed.to_string().contains("no pass name"),
        "{malformed}"
    );
    let options = rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(test-count-rarith{verbose})",
    )
    .unwrap_err();
    assert!(
        options.to_string().contains("takes no options"),
        "{options}"
    );

    // A body that fails or panics fails the pipeline with its diagnostic.
    rmlir::pipeline::register_pass("test-user-fails", "", |_| Err("no, thanks".into())).unwrap();
    rmlir::pipeline::register_pass("test-user-panics", "", |_| panic!("user pass panicked"))
        .unwrap();
    let failed =
        rmlir::pipeline::run(&context, &mut module, "builtin.module(test-user-fails)").unwrap_err();
    assert!(
        failed
            .diagnostics()
            .iter()
            .any(|d| d.contains("error: no, thanks")),
        "{failed}"
    );
    let panicked = rmlir::pipeline::run(&context, &mut module, "builtin.module(test-user-panics)")
        .unwrap_err();
    assert!(
        panicked
            .diagnostics()
            .iter()
            .any(|d| d.contains("user pass panicked")),
        "{panicked}"
    );
}

/// The README's Rust example is the crate documentation's, which rustdoc
/// runs: they must not drift apart.
#[test]
fn the_readme_shows_the_crate_docs_example() {
    let root = env!("CARGO_MANIFEST_DIR");
    let lib = std::fs::read_to_string(format!("{root}/src/lib.rs")).unwrap();
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let doc: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//!"))
        .skip_while(|l| l.trim() != "```")
        .skip(1)
        .take_while(|l| l.trim() != "```")
        .filter(|l| !l.trim_start().starts_with('#'))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let shown: Vec<&str> = readme
        .lines()
        .skip_while(|l| *l != "```rust")
        .skip(1)
        .take_while(|l| *l != "```")
        .collect();
    assert!(!doc.is_empty());
    assert_eq!(doc, shown);
}
