//! A crate with a dialect of its own, built on the bridge (the toy example,
//! linked in as a library: not loaded as a plugin), used next to rmlir in
//! one Rust process: one bridge serves both descriptors, telling their ops,
//! patterns and passes apart by their op id bases. (Its own test binary:
//! `tests/plugins.rs` loads toy's plugin, a second copy of the bridge.)

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
fn a_crate_with_its_own_dialect_uses_it_next_to_rmlir_in_one_process() {
    // The toy crate linked in (not loaded as a plugin): one bridge serves
    // rmlir's descriptor and toy's, told apart by their op id bases.
    let context = rmlir::new_context();
    toy_dialect::add_to(&context);
    let mut module = rmlir::parse(&context, MIXED).expect("toy and rarith parse together");
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
    let text = module.as_operation().to_string();
    assert_eq!(text.matches("toy.neg").count(), 1, "{text}");
    rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)",
    )
    .unwrap();
    let text = module.as_operation().to_string();
    assert!(!text.contains("toy."), "{text}");
    assert!(text.contains("rarith.subi"), "{text}");
}
