//! The code generation of rmlir-bridge-build on real ODS: the example
//! dialect's (examples/toy/td) and rshape's discardable attribute, read by
//! the installed llvm-tblgen. What each generated file must say for a crate
//! that is not rmlir.

use rmlir_bridge_build::{Paths, llvm_prefix, ods, passes, records};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the workspace")
        .to_path_buf()
}

fn includes(td_dir: &str) -> Vec<PathBuf> {
    vec![
        repo().join(td_dir),
        repo().join("bridge/cpp/td"),
        llvm_prefix().join("include"),
    ]
}

fn toy() -> ods::Dialect {
    let td = repo().join("examples/toy/td/Toy.td");
    ods::read(
        &records(&llvm_prefix(), &includes("examples/toy/td"), &td),
        "toy",
    )
}

fn paths() -> Paths {
    Paths {
        typed: "crate::ods".into(),
        enums: "crate::ods::enums".into(),
        dialects: "crate::dialects".into(),
    }
}

#[test]
fn ops_are_read_sorted_with_the_hooks_ods_declares() {
    let d = toy();
    assert_eq!(d.name, "toy");
    let names: Vec<&str> = d.ops.iter().map(|o| o.full_name.as_str()).collect();
    assert_eq!(
        names,
        [
            "toy.add",
            "toy.clamp",
            "toy.constant",
            "toy.let",
            "toy.mul",
            "toy.neg",
            "toy.scope",
            "toy.type",
            "toy.yield"
        ]
    );
    let hooks = |name: &str| {
        d.ops
            .iter()
            .find(|o| o.full_name == name)
            .map(|o| o.hooks.clone())
            .unwrap()
    };
    assert_eq!(hooks("toy.add"), ["Fold", "Canonicalize"]);
    assert_eq!(hooks("toy.clamp"), ["Fold", "Verify"]);
    // A fold declared as "my attribute" (rustFoldsToAttr) has no Rust hook.
    assert!(hooks("toy.constant").is_empty());
    let constant = d
        .ops
        .iter()
        .find(|o| o.full_name == "toy.constant")
        .unwrap();
    assert_eq!(constant.folds_to_attr.as_deref(), Some("value"));
    assert!(d.enums.is_empty() && d.types.is_empty() && d.discardable_attrs.is_empty());
    // Neither the typed layer nor the builders then name an enum module.
    assert!(!ods::builders(&[d], &[Default::default()], &paths()).contains("enums"));
}

#[test]
fn generated_code_names_the_bridge_absolutely_and_the_crate_by_its_paths() {
    let dialects = [toy()];
    let typed = ods::typed(&dialects, &paths());
    // A typed view borrows what its op handle borrows.
    assert!(
        typed.contains("pub struct ClampOp<'ir>(Op<'ir>);"),
        "{typed}"
    );
    assert!(typed.contains("const NAME: &'static str = \"toy.clamp\";"));
    assert!(typed.contains("use ::rmlir_bridge::ir::{Attr, Op, Value};"));
    // No enums: the typed layer re-exports none.
    assert!(!typed.contains("crate::ods::enums::toy"));
    let wiring = ods::wiring(&dialects, &paths());
    assert!(wiring.contains(
        "verify: Some(<crate::ods::toy::ClampOp<'static> as ::rmlir_bridge::model::hooks::Verify>::VERIFY)"
    ));
    assert!(wiring.contains("..::rmlir_bridge::model::NO_HOOKS"));
    let table = ods::op_table(&dialects);
    assert!(table.contains("pub const ODS_OPS: &[::rmlir_bridge::model::OpDecl]"));
    // Ids are the indices of the sorted table, above the crate's id base
    // (a hash of its dialect names, in 1..=0x7FFE, the same every build).
    let base = ods::id_base(&dialects);
    assert!((1..=0x7FFE).contains(&base));
    assert_eq!(base, ods::id_base(&[toy()]));
    assert!(table.contains(&format!("pub const ID_BASE: u32 = {base};")));
    let clamp = base << 16 | 1;
    assert!(typed.contains(&format!(
        "const ID: u32 = {clamp};\n        const NAME: &'static str = \"toy.clamp\";"
    )));
}

#[test]
fn each_op_gets_a_scoped_view_with_the_same_getters() {
    let typed = ods::typed(&[toy()], &paths());
    // What a pattern rooted at the op receives: a read-only scoped handle.
    assert!(
        typed.contains("type Scoped<'s> = ClampOpRef<'s>;"),
        "{typed}"
    );
    assert!(typed.contains("pub struct ClampOpRef<'s>(OpRef<'s>);"));
    assert!(typed.contains("impl<'s> ScopedOp<'s> for ClampOpRef<'s> {"));
    assert!(typed.contains("impl<'s> From<ClampOpRef<'s>> for OpRef<'s> {"));
    assert!(typed.contains("use ::rmlir_bridge::scoped::{OpRef, ScopedOp, ValueRef};"));
    // The bridge view's getters, by the same names, on the scoped handle.
    let view = &typed[typed.find("impl<'s> ClampOpRef<'s> {").unwrap()..];
    let view = &view[..view.find("\n    }\n").unwrap()];
    assert!(view.contains("pub fn input(self) -> ValueRef<'s> {\n            self.0.__operand(0)"));
    assert!(
        view.contains(
            "pub fn result_value(self) -> ValueRef<'s> {\n            self.0.__result(0)"
        )
    );
    let clamp = ods::id_base(&[toy()]) << 16 | 1;
    assert!(view.contains(&format!(
        "pub fn hi(self) -> Option<Attribute<'s>> {{\n            self.0.__ods_attr({clamp}, 1, \"hi\")"
    )));
}

#[test]
fn pass_declarations_become_typed_options_and_a_table() {
    let td = repo().join("examples/toy/td/ToyPasses.td");
    let records = records(&llvm_prefix(), &includes("examples/toy/td"), &td);
    let own = [(toy().cpp_class, "toy".to_string())];
    assert_eq!(own[0].0, "mlir::toy::ToyDialect");
    let code = passes::generate(&records, &own, "crate::dialects");
    assert!(code.contains("pub struct ConvertToyToArith;"), "{code}");
    assert!(code.contains("pub clamp_with_select: bool,"));
    assert!(code.contains("clamp_with_select: false,"));
    assert!(code.contains("argument: \"convert-toy-to-arith\""));
    assert!(code.contains("op_name: \"builtin.module\""));
    // An upstream dependent dialect comes from the bridge.
    assert!(code.contains("::rmlir_bridge::context::arith_dialect_handle()"));
}

#[test]
fn discardable_attributes_are_declared_in_ods() {
    let td = repo().join("cpp/td/RShape.td");
    let d = ods::read(&records(&llvm_prefix(), &includes("cpp/td"), &td), "rshape");
    assert_eq!(
        d.discardable_attrs,
        [("lib".to_string(), "rshape.lib".to_string())]
    );
    let typed = ods::typed(&[d], &paths());
    assert!(typed.contains("pub const LIB: &str = \"rshape.lib\";"));
}

#[test]
fn a_crate_without_passes_gets_an_empty_pass_table() {
    assert!(
        passes::none().contains("pub static ODS_PASSES: &[::rmlir_bridge::passes::PassDef] = &[];")
    );
}

#[test]
fn each_op_gets_typed_attribute_access_by_ods_index() {
    let access = ods::op_access(&toy());
    // One specialization and one registration per op, in the dialect's
    // C++ namespace.
    assert_eq!(access.matches("struct rmlir::bridge::OdsAttrs<").count(), 9);
    assert!(
        access.contains("static const ::rmlir::bridge::OpAccessRegistration<::mlir::toy::ClampOp>")
    );
    // Attribute i is the op's i-th ODS attribute, a member of its properties.
    assert!(
        access.contains("    case 0:\n      return f(p.lo);\n    case 1:\n      return f(p.hi);")
    );
    assert!(access.contains("using Properties = ::mlir::toy::ClampOp::Properties;"));
    assert!(access.contains("return ::rmlir::bridge::setAttrMember(p.hi, value);"));
    // An op without attributes reads and stores none.
    let add = &access[access.find("OdsAttrs<::mlir::toy::AddOp>").unwrap()..];
    let add = &add[..add.find("\n};").unwrap()];
    assert!(add.contains("using Properties = ::mlir::EmptyProperties;"));
    assert!(add.contains("return f(::mlir::Attribute());") && add.contains("return false;"));
    assert!(!add.contains("getPropertiesStorage"));
    // The op table lists each op's attributes, and the one it folds to by
    // its index among them.
    let table = ods::op_table(&[toy()]);
    assert!(
        table.contains("folds_to_attr: Some(0), attrs: &[\"value\"]"),
        "{table}"
    );
    assert!(table.contains("attrs: &[\"lo\", \"hi\"]"));
}

#[test]
fn every_rust_keyword_in_an_ods_name_is_escaped() {
    // Accessors, parameters and fields: a trailing `_`.
    for k in [
        "let", "use", "where", "type", "impl", "match", "loop", "self", "async", "gen",
    ] {
        assert_eq!(ods::snake(k), format!("{k}_"));
        assert_eq!(ods::ident(k), format!("{k}_"));
    }
    assert_eq!(ods::snake("overflowFlags"), "overflow_flags");
    assert_eq!(ods::snake("lets"), "lets");
    // Functions named after a mnemonic: raw identifiers, where Rust has them.
    assert_eq!(ods::fn_ident("let"), "r#let");
    assert_eq!(ods::fn_ident("where"), "r#where");
    assert_eq!(ods::fn_ident("self"), "self_");
    assert_eq!(ods::fn_ident("super"), "super_");
    assert_eq!(ods::fn_ident("add"), "add");
    // The generated builders and views of toy's keyword-named ops.
    let d = toy();
    let builders = ods::builders(std::slice::from_ref(&d), &[Default::default()], &paths());
    assert!(
        builders.contains("pub fn r#let<'c, 'v>(location: Location<'c>, use_:"),
        "{builders}"
    );
    assert!(builders.contains("pub fn r#type<'c, 'v>("), "{builders}");
    let typed = ods::typed(&[d], &paths());
    for getter in ["use_", "where_", "self_", "impl_", "match_", "loop_"] {
        assert!(
            typed.contains(&format!("pub fn {getter}(self)")),
            "{getter}"
        );
    }
}

#[test]
fn a_dialect_without_cpp_of_its_own_gets_it_generated() {
    let d = toy();
    let cpp = ods::dialect_cpp(&d, "Toy", "", "");
    // The generated classes, instantiated, and every hook ODS declares for
    // the dialect wired to the bridge: toy has a constant materializer.
    assert!(cpp.contains("#include \"ToyOps.cpp.inc\""), "{cpp}");
    assert!(
        cpp.contains("void mlir::toy::ToyDialect::initialize() {"),
        "{cpp}"
    );
    assert!(
        cpp.contains("rmlir::bridge::materializeConstant(this, builder"),
        "{cpp}"
    );
    assert!(!cpp.contains("verifyOperationAttribute"), "{cpp}");
    assert!(!cpp.contains("getCanonicalizationPatterns"), "{cpp}");
    assert!(
        cpp.contains("RMLIR_DIALECT_HANDLE(toy, mlir::toy::ToyDialect)"),
        "{cpp}"
    );
    assert!(cpp.ends_with("#include \"ToyOpAccess.cpp.inc\"\n"), "{cpp}");
    // No types or attributes: none are added.
    assert!(
        !cpp.contains("addTypes<") && !cpp.contains("addAttributes<"),
        "{cpp}"
    );
    // With a type listed in the generated type definitions, it is added
    // and its name registered.
    let types =
        "#ifdef GET_TYPEDEF_LIST\n#undef GET_TYPEDEF_LIST\n\n::mlir::toy::BoxType\n\n#endif\n";
    let cpp = ods::dialect_cpp(&d, "Toy", types, "");
    assert!(
        cpp.contains("addTypes<") && cpp.contains("registerTypeNames"),
        "{cpp}"
    );
}

#[test]
fn the_glue_names_each_dialect_and_exports_the_plugin() {
    let glue = ods::glue(&[toy()]);
    assert!(glue.contains("pub const fn descriptor("), "{glue}");
    assert!(
        glue.contains("pub fn toy_dialect_handle() -> ::mlir_sys::MlirDialectHandle"),
        "{glue}"
    );
    // The descriptor is exported under a name of the crate's own, so that
    // crates with dialects of their own link into one library or program.
    assert!(
        glue.contains("::rmlir_bridge::export_plugin!(crate::DESCRIPTOR as rmlirDescriptor__toy, [toy => mlirGetDialectHandle__toy__]);"),
        "{glue}"
    );
    // Every dialect the ODS declares, and their default hooks for `&[]`.
    assert!(
        glue.contains("pub const NAMES: &[&str] = &[\"toy\"];"),
        "{glue}"
    );
    assert!(
        glue.contains("let dialects = if dialects.is_empty() { DEFAULT_HOOKS } else { dialects };")
    );
    assert!(glue.contains("::rmlir_bridge::model::check_dialect_hooks(dialects, NAMES);"));
}

#[test]
fn each_named_region_gets_a_getter_in_both_views() {
    let typed = ods::typed(&[toy()], &paths());
    assert!(
        typed.contains("pub fn body(self) -> ::rmlir_bridge::region::Region<'ir>"),
        "{typed}"
    );
    assert!(
        typed.contains("pub fn body(self) -> ::rmlir_bridge::scoped::RegionRef<'s> {\n            self.0.__region(0)"),
        "{typed}"
    );
}
