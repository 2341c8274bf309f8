//! A Rust process using rmlir loads another library built on the bridge
//! (the toy example's plugin, `libtoy_dialect.so`, built by `make build`):
//! each library serves its own dialects with its own hook table, and one
//! pipeline runs passes and patterns of both.

use rmlir::ErrorKind;

/// `libtoy_dialect.so`, next to this test's target directory.
fn toy_plugin() -> String {
    let exe = std::env::current_exe().expect("the test binary");
    // target/release/deps/plugins-<hash> -> target/release
    let dir = exe
        .parent()
        .and_then(|d| d.parent())
        .expect("a target directory");
    let path = dir.join("libtoy_dialect.so");
    assert!(
        path.is_file(),
        "{} is missing: run `make build`",
        path.display()
    );
    path.display().to_string()
}

const MIXED: &str = "
func.func @f(%x: i64) -> i64 {
  %c1 = rarith.constant 1 : i64
  %y = rarith.addi %x, %c1 : i64
  %0 = toy.neg %y
  %1 = toy.neg %0
  %2 = toy.neg %1
  return %2 : i64
}";

#[test]
fn a_second_bridge_library_serves_its_dialect_next_to_rmlir() {
    let context = rmlir::new_context();
    // SAFETY: the toy example is an MLIR plugin built against this LLVM.
    unsafe { rmlir::load_plugin(&context, &toy_plugin()) }.expect("the toy plugin loads");
    let mut module = rmlir::parse(&context, MIXED).expect("toy and rarith parse together");
    // Toy's folds (neg of neg) and rarith's run in one canonicalize.
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
    let text = module.as_operation().to_string();
    assert_eq!(text.matches("toy.neg").count(), 1, "{text}");
    assert!(text.contains("rarith.addi"), "{text}");
    // Toy's lowering (its pass), then rmlir's pass, then rarith's patterns.
    rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)",
    )
    .unwrap();
    let text = module.as_operation().to_string();
    assert!(!text.contains("toy."), "{text}");
    assert!(text.contains("rarith.constant -1 : i64"), "{text}");
    assert!(text.contains("rarith.subi"), "{text}");
}

#[test]
fn what_is_no_plugin_is_an_error() {
    let context = rmlir::new_context();
    // SAFETY: a path that does not exist loads nothing.
    let e = unsafe { rmlir::load_plugin(&context, "/no/such/plugin.so") }.unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Registration);
    assert!(e.message().contains("/no/such/plugin.so"), "{e}");
    // The C library is a shared library with no MLIR entry point.
    // SAFETY: loading libc again runs nothing.
    let e = unsafe { rmlir::load_plugin(&context, "libc.so.6") }.unwrap_err();
    assert!(e.message().contains("no MLIR plugin entry point"), "{e}");
}
