//! Build support: reads the ODS records (`llvm-tblgen --dump-json`) of our
//! dialects and generates the Rust side of each declaration, so that ODS
//! stays the one source of truth:
//! - `ods_ops.rs`: the op table (names and the hooks ODS declares), indexed
//!   by dense op id;
//! - `ods_typed.rs`: per dialect, a typed view per op (`SubIOp`, with
//!   operand, result and attribute accessors by their ODS names), its
//!   scoped twin with the same accessors on read-only handles (`SubIOpRef`,
//!   what a pattern rooted at the op receives), and a Rust type per enum
//!   (`CmpIPredicate`, `IntegerOverflowFlags`, ...);
//! - `ods_wiring.rs`: the hook table, with one entry per op naming exactly
//!   the hooks ODS declares for it as trait implementations, so that a hook
//!   ODS declares and Rust lacks is a compile error.

use serde_json::Value as Json;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// One dialect's records.
pub struct Dialect {
    /// The dialect's name (`rarith`).
    pub name: String,
    /// Its ops, sorted by full name.
    pub ops: Vec<OpDecl>,
    /// Its enums, sorted by name.
    pub enums: Vec<EnumDecl>,
    /// Its types: (full name `rshape.shape`, mnemonic, summary), by name.
    pub types: Vec<(String, String, String)>,
    /// The discardable attributes it declares (`discardableAttrs`):
    /// (name, full name `rshape.lib`).
    pub discardable_attrs: Vec<(String, String)>,
    /// Its C++ class (`mlir::rshape::RShapeDialect`), as passes name it
    /// among their dependent dialects.
    pub cpp_class: String,
    /// Its C++ namespace (`mlir::rshape`), where its op classes live.
    pub cpp_namespace: String,
    /// Its ops keep inherent attributes in properties
    /// (`usePropertiesForAttributes`, MLIR's default).
    pub properties: bool,
    /// `hasConstantMaterializer`.
    pub constant_materializer: bool,
    /// `hasOperationAttrVerify`.
    pub operation_attr_verify: bool,
    /// `hasCanonicalizer` (dialect-level patterns).
    pub canonicalizer: bool,
}

/// An operand, result or attribute of an op.
pub struct Arg {
    /// ODS name (`overflowFlags`).
    pub name: String,
    /// Variadic (operands and results) .
    pub variadic: bool,
    /// For attributes: the enum it holds, by Rust name.
    pub enum_name: Option<String>,
    /// For attributes: the default value's enumerant symbol.
    pub default: Option<String>,
    /// For attributes: an `OptionalAttr` (absent when not given).
    pub optional: bool,
    /// For attributes: a `UnitAttr` (present or absent: a flag).
    pub unit: bool,
}

/// An op as ODS declares it.
pub struct OpDecl {
    /// `rarith.subi`.
    pub full_name: String,
    /// The ODS record (`RArith_SubIOp`).
    pub def: String,
    /// The Rust type of its typed view (`SubIOp`).
    pub rust_name: String,
    /// Operands, in order.
    pub operands: Vec<Arg>,
    /// Attributes, in order.
    pub attrs: Vec<Arg>,
    /// Results, in order.
    pub results: Vec<Arg>,
    /// The hooks ODS declares (trait names of `rmlir_bridge::model::hooks`).
    pub hooks: Vec<&'static str>,
    /// The op's summary.
    pub summary: String,
    /// The attribute a ConstantLike op folds to, declared in ODS
    /// (`rustFoldsToAttr`).
    pub folds_to_attr: Option<String>,
    /// The op's mnemonic (`subi`).
    pub mnemonic: String,
    /// How many regions it holds.
    pub regions: usize,
    /// The names of its regions (`body`), when none is variadic.
    pub region_names: Vec<String>,
    /// Its properties are exactly its attributes (no segment sizes, no
    /// native properties): what the generated typed access handles.
    pub plain_properties: bool,
}

/// An enum as ODS declares it.
pub struct EnumDecl {
    /// Rust (and C++) name: `CmpIPredicate`.
    pub name: String,
    /// A bit enum (flags) rather than a value enum.
    pub bits: bool,
    /// (symbol, value, spelling) per case, in declaration order.
    pub cases: Vec<(String, u64, String)>,
    /// The enum's summary.
    pub summary: String,
    /// The full name of the attribute that holds it, for an enum wrapped by
    /// an `EnumAttr` (`arith.fastmath`).
    pub attr_name: Option<String>,
    /// Storage width of the integer that holds a value enum (32 or 64).
    pub width: u32,
}

fn supers(records: &Json, def: &str) -> Vec<String> {
    records[def]["!superclasses"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

fn text(v: &Json) -> String {
    v.as_str().unwrap_or("").trim().to_string()
}

/// Reads dialect `dialect_name` from the records of its ODS file (which may
/// include other dialects' records: only this dialect's ops are read).
pub fn read(records: &Json, dialect_name: &str) -> Dialect {
    let dialect_name = dialect_name.to_string();
    let instances = &records["!instanceof"];
    // The dialect's record: its C++ namespace and class (tblgen's class
    // name is the record name without underscores).
    let dialect_def = instances["Dialect"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|def| def.as_str())
        .find(|def| text(&records[*def]["name"]) == dialect_name)
        .unwrap_or_else(|| panic!("no dialect `{dialect_name}` in the ODS records"));
    let cpp_namespace = text(&records[dialect_def]["cppNamespace"])
        .trim_start_matches("::")
        .to_string();
    let cpp_class = format!("{cpp_namespace}::{}", dialect_def.replace('_', ""));
    let mut enums_by_cpp: BTreeMap<String, EnumDecl> = BTreeMap::new();
    for class in ["EnumInfo", "EnumAttrInfo"] {
        for def in instances[class].as_array().into_iter().flatten() {
            let def = def.as_str().unwrap();
            let rec = &records[def];
            let name = text(&rec["className"]);
            let namespace = text(&rec["cppNamespace"]);
            let key = format!("{}::{name}", namespace.trim_start_matches("::"));
            let s = supers(records, def);
            let bits = s.iter().any(|c| c.starts_with("BitEnum"));
            let cases = rec["enumerants"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| {
                    let case = &records[c["def"].as_str().unwrap()];
                    (
                        text(&case["symbol"]),
                        case["value"].as_u64().unwrap_or(0),
                        text(&case["str"]),
                    )
                })
                .collect();
            enums_by_cpp.insert(
                key,
                EnumDecl {
                    name,
                    bits,
                    cases,
                    summary: text(&rec["summary"]),
                    attr_name: None,
                    width: if s.iter().any(|c| c.starts_with("I64")) {
                        64
                    } else {
                        32
                    },
                },
            );
        }
    }
    // An EnumAttr names the attribute that holds its enum (`arith.fastmath`).
    for def in instances["EnumAttr"].as_array().into_iter().flatten() {
        let rec = &records[def.as_str().unwrap()];
        let Some(info) = rec["enum"]["def"].as_str() else {
            continue;
        };
        let info = &records[info];
        let key = format!(
            "{}::{}",
            text(&info["cppNamespace"]).trim_start_matches("::"),
            text(&info["className"])
        );
        let attr_name = text(&rec["attrName"]);
        if let Some(e) = enums_by_cpp.get_mut(&key) {
            e.attr_name = Some(attr_name);
        }
    }
    let mut ops = Vec::new();
    for def in instances["RustOp"].as_array().into_iter().flatten() {
        let def = def.as_str().unwrap();
        let rec = &records[def];
        let dialect_def = rec["opDialect"]["def"].as_str().unwrap();
        if text(&records[dialect_def]["name"]) != dialect_name {
            continue;
        }
        let mnemonic = text(&rec["opName"]);
        let mut operands = Vec::new();
        let mut attrs = Vec::new();
        let mut other_args = false;
        for arg in rec["arguments"]["args"].as_array().into_iter().flatten() {
            let constraint = arg[0]["def"].as_str().unwrap();
            let name = text(&arg[1]);
            let s = supers(records, constraint);
            other_args |= !s
                .iter()
                .any(|c| c == "AttrConstraint" || c == "TypeConstraint");
            if s.iter().any(|c| c == "AttrConstraint") {
                attrs.push(attribute(records, constraint, name, &enums_by_cpp));
            } else if s.iter().any(|c| c == "TypeConstraint") {
                operands.push(Arg {
                    name,
                    variadic: s.iter().any(|c| c == "Variadic"),
                    enum_name: None,
                    default: None,
                    optional: false,
                    unit: false,
                });
            }
        }
        let results = rec["results"]["args"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|arg| Arg {
                name: text(&arg[1]),
                variadic: supers(records, arg[0]["def"].as_str().unwrap())
                    .iter()
                    .any(|c| c == "Variadic"),
                enum_name: None,
                default: None,
                optional: false,
                unit: false,
            })
            .collect::<Vec<_>>();
        let traits: Vec<&str> = rec["traits"]
            .as_array()
            .map(|a| a.iter().filter_map(|t| t["def"].as_str()).collect())
            .unwrap_or_default();
        let has = |t: &str| traits.contains(&t);
        let bit = |k: &str| rec[k].as_i64().unwrap_or(0) != 0;
        let single_result_fold = results.len() == 1 && !results[0].variadic;
        let mut hooks = Vec::new();
        // A fold declared in ODS (rustFoldsToAttr) has no Rust hook.
        if bit("hasFolder") && text(&rec["rustFoldsToAttr"]).is_empty() {
            hooks.push(if single_result_fold {
                "Fold"
            } else {
                "FoldMany"
            });
        }
        for (on, hook) in [
            (bit("hasVerifier"), "Verify"),
            (bit("hasRegionVerifier"), "VerifyRegions"),
            (bit("hasCanonicalizer"), "Canonicalize"),
            (has("RustResultNames"), "ResultNames"),
            (
                has("RustInferTypes") || has("RustInferTypesCompatible"),
                "InferTypes",
            ),
            (has("RustInferTypesCompatible"), "CompatibleTypes"),
            (has("RustCastCompatible"), "CastCompatible"),
            (has("RustSpeculatable"), "Speculatable"),
            (has("RustIntRange"), "IntRange"),
        ] {
            if on {
                hooks.push(hook);
            }
        }
        ops.push(OpDecl {
            full_name: format!("{dialect_name}.{mnemonic}"),
            def: def.to_string(),
            rust_name: def.split_once('_').map_or(def, |(_, n)| n).to_string(),
            operands,
            attrs,
            results,
            hooks,
            summary: text(&rec["summary"]),
            folds_to_attr: Some(text(&rec["rustFoldsToAttr"])).filter(|a| !a.is_empty()),
            regions: rec["regions"]["args"].as_array().map_or(0, Vec::len),
            region_names: {
                let args = rec["regions"]["args"]
                    .as_array()
                    .cloned()
                    .unwrap_or_default();
                let variadic = args.iter().any(|a| {
                    a.as_array()
                        .and_then(|p| p.first())
                        .and_then(|d| d["def"].as_str())
                        .is_some_and(|d| {
                            d.contains("Variadic")
                                || records[d]["!superclasses"]
                                    .as_array()
                                    .is_some_and(|c| c.iter().any(|c| c == "VariadicRegion"))
                        })
                });
                if variadic {
                    Vec::new()
                } else {
                    args.iter()
                        .filter_map(|a| a.as_array()?.get(1)?.as_str().map(str::to_string))
                        .collect()
                }
            },
            plain_properties: !other_args
                && !has("AttrSizedOperandSegments")
                && !has("AttrSizedResultSegments"),
            mnemonic,
        });
    }
    ops.sort_by(|a, b| a.full_name.cmp(&b.full_name));
    // The dialect's own enums, and those of other dialects (upstream arith's)
    // that its ops hold.
    let own = format!("{cpp_namespace}::");
    let held: Vec<&String> = ops
        .iter()
        .flat_map(|o| &o.attrs)
        .filter_map(|a| a.enum_name.as_ref())
        .collect();
    let mut enums: Vec<EnumDecl> = enums_by_cpp
        .into_iter()
        .filter(|(key, e)| key.starts_with(&own) || held.contains(&&e.name))
        .map(|(_, e)| e)
        .collect();
    enums.sort_by(|a, b| a.name.cmp(&b.name));
    let mut types: Vec<(String, String, String)> = instances["TypeDef"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|def| &records[def.as_str().unwrap()])
        .filter(|rec| text(&rec["typeName"]).starts_with(&format!("{dialect_name}.")))
        .map(|rec| {
            (
                text(&rec["typeName"]),
                text(&rec["mnemonic"]),
                text(&rec["summary"]),
            )
        })
        .collect();
    types.sort();
    // The dialect's discardable attributes: `<dialect>.<name>`.
    let discardable_attrs = records[dialect_def]["discardableAttrs"]["args"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|arg| arg.as_array()?.get(1)?.as_str().map(str::to_string))
        .map(|name| (name.clone(), format!("{dialect_name}.{name}")))
        .collect();
    Dialect {
        name: dialect_name,
        ops,
        enums,
        types,
        discardable_attrs,
        cpp_class,
        properties: records[dialect_def]["usePropertiesForAttributes"]
            .as_i64()
            .is_none_or(|b| b != 0),
        constant_materializer: flag(&records[dialect_def]["hasConstantMaterializer"]),
        operation_attr_verify: flag(&records[dialect_def]["hasOperationAttrVerify"]),
        canonicalizer: flag(&records[dialect_def]["hasCanonicalizer"]),
        cpp_namespace,
    }
}

/// A TableGen `bit` of a record (unset: false).
fn flag(value: &Json) -> bool {
    value.as_i64().is_some_and(|b| b != 0) || value.as_bool() == Some(true)
}

/// True when the `#ifdef <list>` section of a generated `.cpp.inc` (e.g.
/// `GET_TYPEDEF_LIST`) lists anything.
fn lists_anything(generated: &str, list: &str) -> bool {
    generated
        .split(&format!("#ifdef {list}"))
        .nth(1)
        .and_then(|rest| rest.split("#endif").next())
        .is_some_and(|body| {
            body.lines()
                .map(str::trim)
                .any(|l| !l.is_empty() && !l.starts_with('#') && !l.starts_with("//"))
        })
}

/// The C++ that instantiates dialect `d`'s generated classes (prefix
/// `stem`: `<stem>Ops.h.inc`, ...) and wires every hook to the bridge, for
/// a dialect whose ODS needs no hand-written C++ (no custom assembly
/// helpers): its ops, types and attributes (ODS's default printers and
/// parsers), enum attribute access, the dialect hooks its ODS declares
/// (`hasConstantMaterializer`, `hasOperationAttrVerify`,
/// `hasCanonicalizer`), and its C API handle. `types_inc` and `attrs_inc`
/// are the generated `<stem>Types.cpp.inc` and `<stem>Attrs.cpp.inc`.
pub fn dialect_cpp(d: &Dialect, stem: &str, types_inc: &str, attrs_inc: &str) -> String {
    let class = format!("{}Dialect", stem);
    let ns = &d.cpp_namespace;
    let qualified = format!("{ns}::{class}");
    let types = lists_anything(types_inc, "GET_TYPEDEF_LIST");
    let attrs = lists_anything(attrs_inc, "GET_ATTRDEF_LIST");
    let mut t = String::new();
    t.push_str(&format!(
        "// {stem}Dialect.cpp, generated by rmlir-bridge-build from the ODS of dialect `{name}`:\n\
         // instantiates the classes ODS generated; every hook forwards to Rust.\n\n\
         #include \"rmlir/BridgeCxx.h\"\n\n\
         #include \"mlir/IR/BuiltinAttributes.h\"\n\
         #include \"mlir/IR/BuiltinTypes.h\"\n\
         #include \"mlir/IR/DialectImplementation.h\"\n\
         #include \"mlir/Interfaces/CallInterfaces.h\"\n\
         #include \"mlir/Interfaces/CastInterfaces.h\"\n\
         #include \"mlir/Interfaces/ControlFlowInterfaces.h\"\n\
         #include \"mlir/Interfaces/InferTypeOpInterface.h\"\n\
         #include \"mlir/Interfaces/SideEffectInterfaces.h\"\n\
         #include \"llvm/ADT/TypeSwitch.h\"\n\n\
         #include \"{stem}Dialect.h.inc\"\n\
         #include \"{stem}Enums.h.inc\"\n\
         #define GET_ATTRDEF_CLASSES\n#include \"{stem}Attrs.h.inc\"\n\
         #define GET_TYPEDEF_CLASSES\n#include \"{stem}Types.h.inc\"\n\
         #define GET_OP_CLASSES\n#include \"{stem}Ops.h.inc\"\n\n\
         using namespace mlir;\n\n\
         #include \"{stem}Dialect.cpp.inc\"\n\
         #include \"{stem}Enums.cpp.inc\"\n\
         #define GET_ATTRDEF_CLASSES\n#include \"{stem}Attrs.cpp.inc\"\n\
         #define GET_TYPEDEF_CLASSES\n#include \"{stem}Types.cpp.inc\"\n\
         #define GET_OP_CLASSES\n#include \"{stem}Ops.cpp.inc\"\n\n",
        name = d.name
    ));
    t.push_str(&format!(
        "void {qualified}::initialize() {{\n  rmlir::bridge::addOperations<\n#define GET_OP_LIST\n#include \"{stem}Ops.cpp.inc\"\n      >(*this);\n"
    ));
    if types {
        t.push_str(&format!(
            "  addTypes<\n#define GET_TYPEDEF_LIST\n#include \"{stem}Types.cpp.inc\"\n      >();\n  using Names = rmlir::bridge::TypeNames<\n#define GET_TYPEDEF_LIST\n#include \"{stem}Types.cpp.inc\"\n      >;\n  rmlir::bridge::registerTypeNames(&Names::nameOf, &Names::byName);\n"
        ));
    }
    if attrs {
        t.push_str(&format!(
            "  addAttributes<\n#define GET_ATTRDEF_LIST\n#include \"{stem}Attrs.cpp.inc\"\n      >();\n  rmlir::bridge::registerEnumAttrAccess(rmlir::bridge::EnumAttrs<\n#define GET_ATTRDEF_LIST\n#include \"{stem}Attrs.cpp.inc\"\n                                        >::access());\n"
        ));
    }
    t.push_str("  rmlir::bridge::addDialectInterfaces(this);\n}\n\n");
    if d.canonicalizer {
        t.push_str(&format!(
            "void {qualified}::getCanonicalizationPatterns(RewritePatternSet &results) const {{\n  rmlir::bridge::addDialectCanonicalizationPatterns(this, results);\n}}\n\n"
        ));
    }
    if d.constant_materializer {
        t.push_str(&format!(
            "Operation *{qualified}::materializeConstant(OpBuilder &builder, Attribute value,\n                                            Type type, Location loc) {{\n  return rmlir::bridge::materializeConstant(this, builder, value, type, loc);\n}}\n\n"
        ));
    }
    if d.operation_attr_verify {
        t.push_str(&format!(
            "LogicalResult {qualified}::verifyOperationAttribute(Operation *op,\n                                                    NamedAttribute attribute) {{\n  return rmlir::bridge::verifyOperationAttribute(this, op, attribute);\n}}\n\n"
        ));
    }
    t.push_str(&format!(
        "RMLIR_DIALECT_HANDLE({}, {qualified})\n\n#include \"{stem}OpAccess.cpp.inc\"\n",
        d.name
    ));
    t
}

/// `name` as (part of) a C++ identifier: other characters become `_`.
fn identifier(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// The typed access of each op of `dialect` (`<Stem>OpAccess.cpp.inc`, C++
/// included by the dialect's source after its op classes): its inherent
/// attributes by ODS index, straight from and into its properties, and
/// its registration with the bridge (`rmlir/BridgeCxx.h`, `OpAccessOf`).
/// Ops whose properties are more than their attributes keep the bridge's
/// generic, by-name path.
pub fn op_access(dialect: &Dialect) -> String {
    let mut t = String::from(
        "// @generated by rmlir-bridge-build from the dialect's ODS: typed access to\n\
         // each op's inherent attributes, by ODS index (see rmlir/BridgeCxx.h).\n\n",
    );
    if !dialect.properties {
        return t;
    }
    for op in dialect.ops.iter().filter(|op| op.plain_properties) {
        let class = format!("::{}::{}", dialect.cpp_namespace, op.rust_name);
        let (properties, visit, set) = if op.attrs.is_empty() {
            (
                "::mlir::EmptyProperties".to_string(),
                "    return f(::mlir::Attribute());\n".to_string(),
                "    return false;\n".to_string(),
            )
        } else {
            let mut visit = format!(
                "    auto &p = *op->getPropertiesStorage().as<{class}::Properties *>();\n    switch (index) {{\n"
            );
            let mut set = String::from("    switch (index) {\n");
            for (i, a) in op.attrs.iter().enumerate() {
                writeln!(visit, "    case {i}:\n      return f(p.{});", a.name).unwrap();
                writeln!(
                    set,
                    "    case {i}:\n      return ::rmlir::bridge::setAttrMember(p.{}, value);",
                    a.name
                )
                .unwrap();
            }
            visit.push_str("    default:\n      return f(::mlir::Attribute());\n    }\n");
            set.push_str("    default:\n      return false;\n    }\n");
            (format!("{class}::Properties"), visit, set)
        };
        writeln!(
            t,
            "template <>\nstruct rmlir::bridge::OdsAttrs<{class}> {{\n  \
             using Properties = {properties};\n  \
             template <typename F>\n  \
             static auto visit(::mlir::Operation *op, unsigned index, F &&f) {{\n{visit}  }}\n  \
             static bool set(Properties &p, unsigned index,\n                  \
             ::mlir::Attribute value) {{\n{set}  }}\n}};\n\
             static const ::rmlir::bridge::OpAccessRegistration<{class}>\n    \
             rmlirOpAccess_{}_{};\n",
            identifier(&dialect.name),
            identifier(&op.rust_name)
        )
        .unwrap();
    }
    t
}

/// An attribute argument: follows DefaultValuedAttr/OptionalAttr to the
/// base attribute and finds the enum it holds.
fn attribute(
    records: &Json,
    constraint: &str,
    name: String,
    enums: &BTreeMap<String, EnumDecl>,
) -> Arg {
    let mut def = constraint.to_string();
    let mut default = None;
    for _ in 0..8 {
        let rec = &records[&def];
        if default.is_none() {
            let d = text(&rec["defaultValue"]);
            if !d.is_empty() {
                default = Some(d.rsplit("::").next().unwrap().to_string());
            }
        }
        match rec["baseAttr"]["def"].as_str() {
            Some(base) if base != def => def = base.to_string(),
            _ => break,
        }
    }
    let ret = text(&records[&def]["returnType"]);
    let enum_name = enums
        .get(ret.trim_start_matches("::"))
        .map(|e| e.name.clone());
    Arg {
        name,
        variadic: false,
        default: if enum_name.is_some() { default } else { None },
        enum_name,
        optional: supers(records, constraint)
            .iter()
            .any(|c| c == "OptionalAttr"),
        unit: constraint == "UnitAttr",
    }
}

/// Methods of `Op` (and of the scoped `OpRef`) that a typed view (and the
/// scoped view) reaches through `Deref`: an accessor of the same name would
/// hide them, so such accessors get a suffix (`negf`'s operand `operand` is
/// read with `operand_value()`), the same in both views.
const OP_METHODS: &[&str] = &[
    "attr",
    "attributes",
    "class_id",
    "constant_value",
    "context",
    "create",
    "create_like",
    "create_with_regions",
    "emit_error",
    "emit_error_with_op_note",
    "emit_op_error",
    "enum_attr",
    "has_inherent_attr",
    "is_registered",
    "is_symbol_table",
    "isa",
    "location",
    "lookup_symbol",
    "name",
    "num_operands",
    "num_results",
    "ods_id",
    "operand",
    "operands",
    "remove_discardable_attr",
    "result",
    "set_discardable_attr",
    "set_inherent_attr",
    "set_operand",
    "set_operands",
    "view",
    "region",
    "parent_op",
    "parent_block",
    "result_types",
    "raw",
    "op",
    "results",
    // The scoped `OpRef`'s own.
    "attribute",
    "block",
    "is",
    "is_scope",
    "nested_ops",
    "next_in_block",
    "num_regions",
    "prev_in_block",
    "regions",
    "walk",
];

/// The accessor name of an operand/result/attribute: snake case, with
/// `suffix` where it would hide a method of `Op`.
fn accessor(name: &str, suffix: &str) -> String {
    let s = snake(name);
    if OP_METHODS.contains(&s.as_str()) {
        format!("{s}{suffix}")
    } else {
        s
    }
}

/// Every Rust keyword, strict and reserved (edition 2024): no ODS name may
/// become one of these identifiers as it is.
pub const KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else", "enum", "extern",
    "false", "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut",
    "pub", "ref", "return", "self", "Self", "static", "struct", "super", "trait", "true", "type",
    "unsafe", "use", "where", "while", "abstract", "become", "box", "do", "final", "macro",
    "override", "priv", "try", "typeof", "unsized", "virtual", "yield",
];

/// True when `name` is a Rust keyword.
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name)
}

/// `name` as an identifier of a variable, field or method: a keyword gets a
/// trailing `_` (`use` -> `use_`).
pub fn ident(name: &str) -> String {
    if is_keyword(name) {
        format!("{name}_")
    } else {
        name.to_string()
    }
}

/// `name` as a function name that reads as the op's mnemonic: a keyword
/// becomes a raw identifier (`r#let`), or gets a trailing `_` where Rust
/// has no raw form (`self`, `Self`, `super`, `crate`).
pub fn fn_ident(name: &str) -> String {
    match name {
        "self" | "Self" | "super" | "crate" => format!("{name}_"),
        n if is_keyword(n) => format!("r#{n}"),
        n => n.to_string(),
    }
}

/// `overflowFlags` -> `overflow_flags`; Rust keywords get a trailing `_`.
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() {
            if i > 0 && !out.ends_with('_') {
                out.push('_');
            }
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    ident(&out)
}

/// `to_nearest_even` / `OEQ` / `eq` -> `ToNearestEven` / `Oeq` / `Eq`;
/// mixed-case symbols (`AlwaysFalse`) stay.
fn camel(symbol: &str) -> String {
    ident(&camel_case(symbol))
}

/// [`camel`] before keyword escaping.
fn camel_case(symbol: &str) -> String {
    let mixed = symbol.chars().any(|c| c.is_ascii_uppercase())
        && symbol.chars().any(|c| c.is_ascii_lowercase());
    if mixed && !symbol.contains('_') {
        return symbol.to_string();
    }
    symbol
        .split('_')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let lower = p.to_ascii_lowercase();
            let mut c = lower.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

/// Where the generated files expect the crate's own modules: the generated
/// code names the bridge by absolute path (`::rmlir_bridge`) and the
/// crate's modules by these paths.
#[derive(Debug, Clone)]
pub struct Paths {
    /// The module that includes `ods_typed.rs` (`crate::ods`).
    pub typed: String,
    /// The module that includes `ods_enums.rs` (`crate::ods::enums`).
    pub enums: String,
    /// The module with one `{dialect}_dialect_handle()` function per
    /// dialect (`crate::dialects`).
    pub dialects: String,
}

/// The op table (`ods_ops.rs`): every op, sorted by name, with its hooks.
pub fn op_table(dialects: &[Dialect]) -> String {
    let mut all: Vec<&OpDecl> = dialects.iter().flat_map(|d| &d.ops).collect();
    all.sort_by(|a, b| a.full_name.cmp(&b.full_name));
    let mut t = String::from("// @generated by rmlir-bridge-build from the crate's ODS.\n");
    writeln!(
        t,
        "/// The id base of the crate's ops: op `i` of [`ODS_OPS`] has id\n/// `ID_BASE << 16 | i`.\npub const ID_BASE: u32 = {};\n",
        id_base(dialects)
    )
    .unwrap();
    t.push_str(
        "/// Every op declared in ODS, sorted by name (op `i` has id `ID_BASE << 16 | i`).\n",
    );
    t.push_str("pub const ODS_OPS: &[::rmlir_bridge::model::OpDecl] = &[\n");
    for op in all {
        let h = |k: &str| op.hooks.contains(&k);
        writeln!(
            t,
            "    ::rmlir_bridge::model::OpDecl {{ name: \"{}\", has_folder: {}, has_verifier: {}, \
             has_region_verifier: {}, has_canonicalizer: {}, result_names: {}, infer_types: {}, \
             cast_compatible: {}, speculatability: {}, int_range: {}, folds_to_attr: {:?}, \
             attrs: &{:?} }},",
            op.full_name,
            h("Fold") || h("FoldMany"),
            h("Verify"),
            h("VerifyRegions"),
            h("Canonicalize"),
            h("ResultNames"),
            h("InferTypes"),
            h("CastCompatible"),
            h("Speculatable"),
            h("IntRange"),
            op.folds_to_attr.as_ref().map(|f| op
                .attrs
                .iter()
                .position(|a| &a.name == f)
                .unwrap_or_else(|| panic!(
                    "{}: rustFoldsToAttr names no attribute `{f}`",
                    op.full_name
                ))),
            op.attrs.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(),
        )
        .unwrap();
    }
    t.push_str("];\n");
    t
}

/// The dense id of each op: its index in the sorted table of all dialects.
fn ids(dialects: &[Dialect]) -> BTreeMap<String, usize> {
    let base = (id_base(dialects) as usize) << 16;
    let mut names: Vec<&str> = dialects
        .iter()
        .flat_map(|d| d.ops.iter().map(|o| o.full_name.as_str()))
        .collect();
    names.sort();
    names
        .into_iter()
        .enumerate()
        .map(|(i, n)| (n.to_string(), base | i))
        .collect()
}

/// The id base of a crate's ops: its op ids (what the typed views hold as
/// `OdsOp::ID`) are `base << 16 | index`, the index in its sorted op table,
/// so that the ids of dialect crates built apart differ in one process.
/// A hash of the crate's dialect namespaces, in 1..=0x7FFE (bit 31 stays
/// free, and 0 never names an op); two crates whose bases collide are told
/// so when the second is installed.
pub fn id_base(dialects: &[Dialect]) -> u32 {
    let mut names: Vec<&str> = dialects.iter().map(|d| d.name.as_str()).collect();
    names.sort();
    // FNV-1a, 32 bits: stable across builds and toolchains.
    let mut hash: u32 = 0x811c_9dc5;
    for byte in names.join(",").bytes() {
        hash ^= u32::from(byte);
        hash = hash.wrapping_mul(0x0100_0193);
    }
    1 + hash % 0x7FFE
}

/// The typed layer (`ods_typed.rs`): a module per dialect.
pub fn typed(dialects: &[Dialect], paths: &Paths) -> String {
    let ids = ids(dialects);
    let mut t = String::from("// @generated by rmlir-bridge-build from the crate's ODS.\n");
    for d in dialects {
        writeln!(
            t,
            "/// `{}`: typed views of its ops and its enums, generated from ODS.",
            d.name
        )
        .unwrap();
        writeln!(t, "pub mod {} {{", d.name).unwrap();
        t.push_str(
            "    #[allow(unused_imports)]\n    use ::rmlir_bridge::ir::{Attr, Op, Value};\n",
        );
        t.push_str(
            "    #[allow(unused_imports)]\n    use ::rmlir_bridge::typed::{BitEnum, OdsOp, ValueEnum};\n",
        );
        t.push_str(
            "    #[allow(unused_imports)]\n    use ::rmlir_bridge::scoped::{OpRef, ScopedOp, ValueRef};\n",
        );
        t.push_str(
            "    #[allow(unused_imports)]\n    use ::rmlir_bridge::op_build::support::Attribute;\n",
        );
        if !d.enums.is_empty() {
            writeln!(t, "    pub use {}::{}::*;", paths.enums, d.name).unwrap();
        }
        writeln!(
            t,
            "\n    /// The dialect's namespace, as ODS declares it.\n    pub const DIALECT: &str = \"{}\";",
            d.name
        )
        .unwrap();
        t.push('\n');
        if !d.discardable_attrs.is_empty() {
            t.push_str("    /// The full names of the dialect's discardable attributes, declared in ODS.\n    pub mod attrs {\n");
            for (name, full) in &d.discardable_attrs {
                writeln!(
                    t,
                    "        /// `{full}`.\n        pub const {}: &str = \"{full}\";",
                    snake(name).to_ascii_uppercase()
                )
                .unwrap();
            }
            t.push_str("    }\n\n");
        }
        if !d.types.is_empty() {
            t.push_str("    /// The full names of the dialect's types, declared in ODS.\n    pub mod types {\n");
            for (name, mnemonic, summary) in &d.types {
                writeln!(
                    t,
                    "        /// `!{name}`: {summary}.\n        pub const {}: &str = \"{name}\";",
                    mnemonic.to_ascii_uppercase()
                )
                .unwrap();
            }
            t.push_str("    }\n\n");
        }
        for op in &d.ops {
            op_view(&mut t, op, ids[&op.full_name], &d.enums);
        }
        t.push_str("}\n\n");
    }
    t
}

/// The enums (`ods_enums.rs`): a module per dialect, plain Rust (the
/// semantics layer includes them; the typed layer re-exports them).
pub fn enums(dialects: &[Dialect]) -> String {
    let mut t = String::from("// @generated by rmlir-bridge-build from the crate's ODS.\n");
    for d in dialects {
        writeln!(t, "/// The enums of `{}`, generated from ODS.", d.name).unwrap();
        writeln!(t, "pub mod {} {{", d.name).unwrap();
        t.push_str("    #[allow(unused_imports)]\n    use ::rmlir_bridge::typed::{BitEnum, ValueEnum};\n\n");
        for e in &d.enums {
            enum_decl(&mut t, e);
        }
        t.push_str("}\n\n");
    }
    t
}

fn enum_decl(t: &mut String, e: &EnumDecl) {
    let name = &e.name;
    if e.bits {
        writeln!(t, "    /// {} (ODS bit enum `{name}`).", e.summary).unwrap();
        t.push_str("    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]\n");
        writeln!(t, "    pub struct {name}(u32);\n").unwrap();
        writeln!(t, "    impl {name} {{").unwrap();
        for (sym, value, spelling) in &e.cases {
            writeln!(t, "        /// `{spelling}`.").unwrap();
            writeln!(
                t,
                "        pub const {}: Self = Self({value});",
                sym.to_ascii_uppercase()
            )
            .unwrap();
        }
        t.push_str("        /// The flags of a stored bit pattern.\n        pub const fn from_bits(bits: u32) -> Self {\n            Self(bits)\n        }\n");
        t.push_str("        /// The stored bit pattern.\n        pub const fn bits(self) -> u32 {\n            self.0\n        }\n");
        t.push_str("        /// True when every flag of `other` is set.\n        pub const fn contains(self, other: Self) -> bool {\n            self.0 & other.0 == other.0\n        }\n");
        t.push_str("        /// True when no flag is set.\n        pub const fn is_empty(self) -> bool {\n            self.0 == 0\n        }\n");
        if let Some(attr) = &e.attr_name {
            writeln!(t, "        /// The attribute that holds these flags.\n        pub const ATTR_NAME: &'static str = \"{attr}\";").unwrap();
        }
        t.push_str("    }\n\n");
        writeln!(t, "    impl BitEnum for {name} {{").unwrap();
        t.push_str("        const CASES: &'static [(&'static str, u32)] = &[\n");
        for (_, value, spelling) in &e.cases {
            writeln!(t, "            (\"{spelling}\", {value}),").unwrap();
        }
        t.push_str("        ];\n");
        t.push_str(
            "        fn from_bits(bits: u32) -> Self {\n            Self(bits)\n        }\n",
        );
        t.push_str("        fn bits(self) -> u32 {\n            self.0\n        }\n");
        t.push_str("    }\n\n");
        for (tr, m, op) in [("BitOr", "bitor", "|"), ("BitAnd", "bitand", "&")] {
            writeln!(t, "    impl std::ops::{tr} for {name} {{\n        type Output = Self;\n        fn {m}(self, other: Self) -> Self {{\n            Self(self.0 {op} other.0)\n        }}\n    }}\n").unwrap();
        }
    } else {
        writeln!(t, "    /// {} (ODS enum `{name}`).", e.summary).unwrap();
        t.push_str("    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n");
        writeln!(t, "    pub enum {name} {{").unwrap();
        for (sym, value, spelling) in &e.cases {
            writeln!(t, "        /// `{spelling}`.").unwrap();
            writeln!(t, "        {} = {value},", camel(sym)).unwrap();
        }
        t.push_str("    }\n\n");
        writeln!(t, "    impl {name} {{").unwrap();
        t.push_str("        /// Every case, in declaration order.\n");
        writeln!(t, "        pub const ALL: [Self; {}] = [", e.cases.len()).unwrap();
        for (sym, _, _) in &e.cases {
            writeln!(t, "            Self::{},", camel(sym)).unwrap();
        }
        t.push_str("        ];\n");
        t.push_str("        /// The case of a stored value.\n        pub const fn from_value(value: u64) -> Option<Self> {\n            match value {\n");
        for (sym, value, _) in &e.cases {
            writeln!(t, "                {value} => Some(Self::{}),", camel(sym)).unwrap();
        }
        t.push_str("                _ => None,\n            }\n        }\n");
        t.push_str("        /// The stored value.\n        pub const fn value(self) -> u64 {\n            self as u64\n        }\n");
        t.push_str("        /// The case as the custom syntax spells it.\n        pub const fn spelling(self) -> &'static str {\n            match self {\n");
        for (sym, _, spelling) in &e.cases {
            writeln!(t, "                Self::{} => \"{spelling}\",", camel(sym)).unwrap();
        }
        t.push_str("            }\n        }\n    }\n\n");
        writeln!(t, "    impl ValueEnum for {name} {{").unwrap();
        t.push_str("        const ALL: &'static [Self] = &Self::ALL;\n");
        t.push_str("        fn from_value(value: u64) -> Option<Self> {\n            Self::from_value(value)\n        }\n");
        t.push_str("        fn value(self) -> u64 {\n            self as u64\n        }\n");
        t.push_str("        fn spelling(self) -> &'static str {\n            Self::spelling(self)\n        }\n    }\n\n");
    }
}

/// What a typed view's getters are written with: the bridge's view
/// (`SubIOp`, on the bridge's `Op`) or the scoped view patterns receive
/// (`SubIOpRef`, on a read-only `OpRef`). One set of templates for both.
struct Flavor {
    /// The type of an operand or result (`Value<'ir>`).
    value: &'static str,
    /// The type of an attribute that holds no enum (`Attr<'ir>`).
    attr: &'static str,
    /// The wrapped op's method reading operand `i`.
    operand: &'static str,
    /// The wrapped op's method reading result `i`.
    result: &'static str,
    /// The wrapped op's method reading an enum attribute by ODS index.
    ods_enum: &'static str,
    /// The wrapped op's method reading an attribute by ODS index.
    ods_attr: &'static str,
    /// The type of a region (`Region<'ir>`).
    region_type: &'static str,
    /// The expression reading region `{i}` of the wrapped op (`self.0`).
    region: &'static str,
}

/// The bridge's view, on `Op<'ir>`.
const BRIDGE_VIEW: Flavor = Flavor {
    value: "Value<'ir>",
    attr: "Attr<'ir>",
    operand: "operand",
    result: "result",
    ods_enum: "ods_enum",
    ods_attr: "ods_attr",
    region_type: "::rmlir_bridge::region::Region<'ir>",
    region: "self.0.region({i}).expect(\"ODS declares the region\")",
};

/// The scoped view of patterns, on `OpRef<'s>`: its hidden read-only
/// primitives (which panic, naming the op, where it has fewer operands or
/// results than ODS declares), and melior's attributes.
const SCOPED_VIEW: Flavor = Flavor {
    value: "ValueRef<'s>",
    attr: "Attribute<'s>",
    operand: "__operand",
    result: "__result",
    ods_enum: "__ods_enum",
    ods_attr: "__ods_attr",
    region_type: "::rmlir_bridge::scoped::RegionRef<'s>",
    region: "self.0.__region({i})",
};

/// Accessors of a list of operands or results: fixed positions before the
/// (at most one) variadic group, the group, positions counted from the end
/// after it. `get` reads one, a `value`.
fn positional(t: &mut String, args: &[Arg], count: &str, get: &str, what: &str, value: &str) {
    let variadic = args.iter().position(|a| a.variadic);
    if args.iter().filter(|a| a.variadic).count() > 1 {
        return;
    }
    for (i, a) in args.iter().enumerate() {
        let name = accessor(&a.name, if a.variadic { "_values" } else { "_value" });
        match variadic {
            Some(v) if i == v => {
                let after = args.len() - v - 1;
                writeln!(
                    t,
                    "        /// The {what}s of group `{}`.\n        pub fn {name}(self) -> Vec<{value}> {{\n            let end = self.0.{count}().saturating_sub({after});\n            ({v}..end).map(|i| self.0.{get}(i)).collect()\n        }}",
                    a.name
                )
                .unwrap();
            }
            Some(v) if i > v => {
                let from_end = args.len() - i;
                writeln!(
                    t,
                    "        /// {what} `{}`.\n        pub fn {name}(self) -> {value} {{\n            self.0.{get}(self.0.{count}() - {from_end})\n        }}",
                    a.name
                )
                .unwrap();
            }
            _ => {
                writeln!(
                    t,
                    "        /// {what} `{}`.\n        pub fn {name}(self) -> {value} {{\n            self.0.{get}({i})\n        }}",
                    a.name
                )
                .unwrap();
            }
        }
    }
}

/// The getters of a typed view of `op` (the body of its `impl`): operands
/// and results by position, attributes by ODS index, written with `f`.
fn getters(t: &mut String, op: &OpDecl, id: usize, enums: &[EnumDecl], f: &Flavor) {
    positional(
        t,
        &op.operands,
        "num_operands",
        f.operand,
        "Operand",
        f.value,
    );
    positional(t, &op.results, "num_results", f.result, "Result", f.value);
    for (i, r) in op.region_names.iter().enumerate() {
        let name = accessor(r, "_region");
        let read = f.region.replace("{i}", &i.to_string());
        writeln!(
            t,
            "        /// Region `{r}`.\n        pub fn {name}(self) -> {} {{\n            {read}\n        }}",
            f.region_type
        )
        .unwrap();
    }
    let (ods_enum, ods_attr, attr) = (f.ods_enum, f.ods_attr, f.attr);
    for (index, a) in op.attrs.iter().enumerate() {
        let name = accessor(&a.name, "_attr");
        let attr_name = &a.name;
        match (&a.enum_name, &a.default) {
            (Some(e), Some(default)) => {
                let decl = enums.iter().find(|d| &d.name == e);
                let default_expr = match decl {
                    Some(d) if d.bits => format!("{e}::{}", default.to_ascii_uppercase()),
                    _ => format!("{e}::{}", camel(default)),
                };
                let read = if decl.is_some_and(|d| d.bits) {
                    format!("{e}::from_bits(v as u32)")
                } else {
                    format!("{e}::from_value(v).unwrap_or({default_expr})")
                };
                writeln!(
                    t,
                    "        /// Attribute `{attr_name}` (`{default}` when absent).\n        pub fn {name}(self) -> {e} {{\n            self.0\n                .{ods_enum}({id}, {index}, \"{attr_name}\")\n                .map_or({default_expr}, |v| {read})\n        }}"
                )
                .unwrap();
            }
            (Some(e), None) => {
                let bits = enums.iter().any(|d| &d.name == e && d.bits);
                let read = if bits {
                    format!("map(|v| {e}::from_bits(v as u32))")
                } else {
                    format!("and_then({e}::from_value)")
                };
                writeln!(
                    t,
                    "        /// Attribute `{attr_name}` (None when absent or invalid).\n        pub fn {name}(self) -> Option<{e}> {{\n            self.0\n                .{ods_enum}({id}, {index}, \"{attr_name}\")\n                .{read}\n        }}"
                )
                .unwrap();
            }
            _ => {
                writeln!(
                    t,
                    "        /// Attribute `{attr_name}`.\n        pub fn {name}(self) -> Option<{attr}> {{\n            self.0.{ods_attr}({id}, {index}, \"{attr_name}\")\n        }}"
                )
                .unwrap();
                let constant = snake(&a.name).trim_end_matches('_').to_ascii_uppercase();
                writeln!(
                    t,
                    "        /// The name of attribute `{attr_name}`.\n        pub const {constant}_ATTR: &'static str = \"{attr_name}\";"
                )
                .unwrap();
            }
        }
    }
}

/// The typed views of `op`: the bridge's (`SubIOp`), then the scoped one
/// patterns receive (`SubIOpRef`).
fn op_view(t: &mut String, op: &OpDecl, id: usize, enums: &[EnumDecl]) {
    let ty = &op.rust_name;
    let summary = if op.summary.is_empty() {
        String::new()
    } else {
        format!(": {}", op.summary.trim_end_matches('.'))
    };
    writeln!(
        t,
        "    /// `{}`{summary} (a typed view; ODS `{}`).",
        op.full_name, op.def
    )
    .unwrap();
    t.push_str("    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n");
    writeln!(t, "    pub struct {ty}<'ir>(Op<'ir>);\n").unwrap();
    writeln!(t, "    impl<'ir> OdsOp<'ir> for {ty}<'ir> {{").unwrap();
    writeln!(t, "        const ID: u32 = {id};").unwrap();
    writeln!(
        t,
        "        const NAME: &'static str = \"{}\";",
        op.full_name
    )
    .unwrap();
    writeln!(t, "        type Scoped<'s> = {ty}Ref<'s>;").unwrap();
    writeln!(
        t,
        "        fn from_op_unchecked(op: Op<'ir>) -> Self {{\n            Self(op)\n        }}"
    )
    .unwrap();
    t.push_str("        fn op(self) -> Op<'ir> {\n            self.0\n        }\n    }\n\n");
    // What ODS declares: a hook implemented for an op that does not declare
    // it would never run, so `hooks!` requires these markers.
    for hook in &op.hooks {
        writeln!(
            t,
            "    impl ::rmlir_bridge::model::hooks::declared::{hook} for {ty}<'_> {{}}"
        )
        .unwrap();
    }
    if !op.hooks.is_empty() {
        t.push('\n');
    }
    writeln!(t, "    impl<'ir> std::ops::Deref for {ty}<'ir> {{\n        type Target = Op<'ir>;\n        fn deref(&self) -> &Op<'ir> {{\n            &self.0\n        }}\n    }}\n").unwrap();
    writeln!(t, "    impl<'ir> {ty}<'ir> {{").unwrap();
    getters(t, op, id, enums, &BRIDGE_VIEW);
    t.push_str("    }\n\n");
    scoped_view(t, op, id, enums);
}

/// The scoped view of `op` (`SubIOpRef`): what a pattern rooted at it
/// receives. The bridge view's getters, on the pattern's read-only
/// `OpRef`, which the view is for everything else (`Deref`, `Into`).
fn scoped_view(t: &mut String, op: &OpDecl, id: usize, enums: &[EnumDecl]) {
    let ty = &op.rust_name;
    let view = format!("{ty}Ref");
    writeln!(
        t,
        "    /// `{}` inside a pattern's scope (read-only): what a pattern rooted at\n    /// [`{ty}`] receives.",
        op.full_name
    )
    .unwrap();
    t.push_str("    #[derive(Clone, Copy, PartialEq, Eq, Hash)]\n");
    writeln!(t, "    pub struct {view}<'s>(OpRef<'s>);\n").unwrap();
    writeln!(t, "    impl<'s> ScopedOp<'s> for {view}<'s> {{\n        fn __from_op_ref_unchecked(op: OpRef<'s>) -> Self {{\n            Self(op)\n        }}\n    }}\n").unwrap();
    writeln!(t, "    impl<'s> std::ops::Deref for {view}<'s> {{\n        type Target = OpRef<'s>;\n        fn deref(&self) -> &OpRef<'s> {{\n            &self.0\n        }}\n    }}\n").unwrap();
    writeln!(t, "    impl<'s> From<{view}<'s>> for OpRef<'s> {{\n        fn from(op: {view}<'s>) -> OpRef<'s> {{\n            op.0\n        }}\n    }}\n").unwrap();
    for shown in ["Debug", "Display"] {
        writeln!(t, "    impl std::fmt::{shown} for {view}<'_> {{\n        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {{\n            std::fmt::{shown}::fmt(&self.0, f)\n        }}\n    }}\n").unwrap();
    }
    writeln!(t, "    impl<'s> {view}<'s> {{").unwrap();
    getters(t, op, id, enums, &SCOPED_VIEW);
    t.push_str("    }\n\n");
}

/// The hook table (`ods_wiring.rs`): per op, in id order, exactly the hooks
/// ODS declares, each read from its trait implementation.
pub fn wiring(dialects: &[Dialect], paths: &Paths) -> String {
    let mut all: Vec<(&str, &OpDecl)> = dialects
        .iter()
        .flat_map(|d| d.ops.iter().map(move |o| (d.name.as_str(), o)))
        .collect();
    all.sort_by(|a, b| a.1.full_name.cmp(&b.1.full_name));
    let mut t = String::from("// @generated by rmlir-bridge-build from the crate's ODS.\n");
    t.push_str("/// The Rust hooks of every op, indexed by op id: for each hook ODS\n");
    t.push_str("/// declares, the op's implementation of the matching trait.\n");
    t.push_str("pub const GENERATED_BEHAVIOURS: &[::rmlir_bridge::model::OpBehaviour] = &[\n");
    for (dialect, op) in all {
        let ty = format!("{}::{dialect}::{}<'static>", paths.typed, op.rust_name);
        t.push_str("    ::rmlir_bridge::model::OpBehaviour {\n");
        for hook in &op.hooks {
            let line = match *hook {
                "Fold" => format!("fold: Some(<{ty} as ::rmlir_bridge::model::hooks::Fold>::FOLD)"),
                "FoldMany" => format!(
                    "fold_many: Some(<{ty} as ::rmlir_bridge::model::hooks::FoldMany>::FOLD_MANY)"
                ),
                "Verify" => {
                    format!("verify: Some(<{ty} as ::rmlir_bridge::model::hooks::Verify>::VERIFY)")
                }
                "VerifyRegions" => {
                    format!(
                        "verify_regions: Some(<{ty} as ::rmlir_bridge::model::hooks::VerifyRegions>::VERIFY_REGIONS)"
                    )
                }
                "Canonicalize" => format!(
                    "patterns: <{ty} as ::rmlir_bridge::model::hooks::Canonicalize>::PATTERNS"
                ),
                "ResultNames" => {
                    format!(
                        "result_names: Some(<{ty} as ::rmlir_bridge::model::hooks::ResultNames>::RESULT_NAMES)"
                    )
                }
                "InferTypes" => {
                    format!(
                        "infer_types: Some(<{ty} as ::rmlir_bridge::model::hooks::InferTypes>::INFER_TYPES)"
                    )
                }
                "CompatibleTypes" => format!(
                    "compatible_types: Some(<{ty} as ::rmlir_bridge::model::hooks::CompatibleTypes>::COMPATIBLE_TYPES)"
                ),
                "CastCompatible" => format!(
                    "cast_compatible: Some(<{ty} as ::rmlir_bridge::model::hooks::CastCompatible>::CAST_COMPATIBLE)"
                ),
                "Speculatable" => {
                    format!(
                        "speculatability: Some(<{ty} as ::rmlir_bridge::model::hooks::Speculatable>::SPECULATABILITY)"
                    )
                }
                "IntRange" => format!(
                    "int_range: Some(<{ty} as ::rmlir_bridge::model::hooks::IntRange>::INT_RANGE)"
                ),
                other => panic!("unknown hook {other}"),
            };
            writeln!(t, "        {line},").unwrap();
        }
        t.push_str("        ..::rmlir_bridge::model::NO_HOOKS\n    },\n");
    }
    t.push_str("];\n");
    t
}

/// What the C++ that mlir-tblgen generated says of an op class: whether it
/// implements `InferTypeOpInterface` (its result types follow from its
/// operands and attributes) and whether it must sit in a given parent op.
#[derive(Clone, Copy, Default)]
pub struct CppTraits {
    /// `InferTypeOpInterface::Trait` among its traits.
    pub infers_result_types: bool,
    /// `HasParent`/`ParentOneOf`: a detached op of it does not verify.
    pub needs_parent: bool,
}

/// Reads the op classes of a generated `*Ops.h.inc`: class name -> traits.
pub fn cpp_traits(header: &str) -> BTreeMap<String, CppTraits> {
    header
        .lines()
        .filter_map(|line| {
            let rest = line.strip_prefix("class ")?;
            let (class, rest) = rest.split_once(" : public ::mlir::Op<")?;
            Some((
                class.to_string(),
                CppTraits {
                    infers_result_types: rest.contains("::mlir::InferTypeOpInterface::Trait"),
                    needs_parent: rest.contains("HasParent") || rest.contains("ParentOneOf"),
                },
            ))
        })
        .collect()
}

/// The public builders (`ods_builders.rs`): a function per op taking its
/// operands, its attributes (typed enums where ODS declares one), result
/// types where they do not follow from the operands, and its regions;
/// verified before it is returned (an op that needs a parent is verified
/// with it).
pub fn builders(
    dialects: &[Dialect],
    traits: &[BTreeMap<String, CppTraits>],
    paths: &Paths,
) -> String {
    let mut t = String::from("// @generated by rmlir-bridge-build from the crate's ODS.\n");
    for (d, cpp) in dialects.iter().zip(traits) {
        writeln!(
            t,
            "/// Builders of every `{}` op, generated from ODS.\npub mod {} {{\n    #[allow(unused_imports)]\n    use ::rmlir_bridge::op_build::support::*;",
            d.name, d.name
        )
        .unwrap();
        if !d.enums.is_empty() {
            writeln!(t, "    use {}::{}::*;", paths.enums, d.name).unwrap();
        }
        t.push('\n');
        for op in &d.ops {
            let traits = cpp.get(&op.rust_name).copied().unwrap_or_default();
            builder_fn(&mut t, op, traits, &d.enums);
        }
        if !d.types.is_empty() {
            t.push_str("    /// The dialect's types, as melior types of a context.\n    pub mod types {\n        use melior::Context;\n        use melior::ir::Type;\n");
            let dialect = &d.name;
            for (name, mnemonic, summary) in &d.types {
                writeln!(
                    t,
                    "        /// `!{name}`: {summary}.\n        pub fn {mnemonic}(context: &Context) -> Type<'_> {{\n            ::rmlir_bridge::op_build::ods_type(context, {}::{dialect}_dialect_handle(), \"{name}\")\n        }}",
                    paths.dialects
                )
                .unwrap();
            }
            t.push_str("    }\n");
        }
        t.push_str("}\n\n");
    }
    t
}

fn builder_fn(t: &mut String, op: &OpDecl, traits: CppTraits, enums: &[EnumDecl]) {
    let mut params = vec!["location: Location<'c>".to_string()];
    let mut body = Vec::new();
    let mut doc_args = Vec::new();
    let variadic_operands = op.operands.iter().filter(|a| a.variadic).count();
    for a in &op.operands {
        let n = snake(&a.name);
        if a.variadic {
            params.push(format!(
                "{n}: impl IntoIterator<Item = impl Into<Operand<'c, 'v>>>"
            ));
            body.push(format!(
                "ods_operands.extend({n}.into_iter().map(Into::into));"
            ));
        } else {
            params.push(format!("{n}: impl Into<Operand<'c, 'v>>"));
            body.push(format!("ods_operands.push({n}.into());"));
        }
    }
    if variadic_operands > 1 {
        // Several variadic groups need segment sizes; none of our ops has
        // them (checked: the generated code would not say how to split).
        panic!("{}: several variadic operand groups", op.full_name);
    }
    for a in &op.attrs {
        let n = snake(&a.name);
        let name = &a.name;
        let decl = a
            .enum_name
            .as_ref()
            .and_then(|e| enums.iter().find(|d| &d.name == e));
        // The parameter's type, and how a value `v` of it becomes the
        // attribute pushed onto `ods_attrs`.
        let (ty, push) = match decl {
            Some(e) if e.bits => (
                e.name.clone(),
                format!(
                    "ods_attrs.push(bit_enum(location, \"{name}\", {}::ATTR_NAME, v.bits())?);",
                    e.name
                ),
            ),
            Some(e) => (
                e.name.clone(),
                format!(
                    "ods_attrs.push(value_enum(location, \"{name}\", {}, v.value()));",
                    e.width
                ),
            ),
            None => (
                "Attribute<'c>".to_string(),
                format!("ods_attrs.push((identifier(location, \"{name}\"), v));"),
            ),
        };
        if let Some(e) = decl {
            doc_args.push(format!("`{name}`: [`{}`]", e.name));
        }
        if a.unit {
            // Present or absent: a flag.
            params.push(format!("{n}: bool"));
            body.push(format!(
                "if {n} {{ ods_attrs.push((identifier(location, \"{name}\"), unit(location))); }}"
            ));
            doc_args.push(format!("`{name}`: a flag"));
        } else if a.optional {
            params.push(format!("{n}: Option<{ty}>"));
            body.push(format!("if let Some(v) = {n} {{ {push} }}"));
        } else if decl.is_some_and(|e| e.bits) {
            // A default-valued flags attribute is left out when empty, as
            // the parser leaves it.
            params.push(format!("{n}: {ty}"));
            body.push(format!("if !{n}.is_empty() {{ let v = {n}; {push} }}"));
        } else {
            params.push(format!("{n}: {ty}"));
            body.push(format!("{{ let v = {n}; {push} }}"));
        }
    }
    if !traits.infers_result_types {
        for r in &op.results {
            let n = format!("{}_type", snake(&r.name).trim_end_matches('_'));
            if r.variadic {
                params.push(format!("{n}: &[Type<'c>]"));
                body.push(format!("ods_results.extend_from_slice({n});"));
            } else {
                params.push(format!("{n}: Type<'c>"));
                body.push(format!("ods_results.push({n});"));
            }
        }
    }
    if op.regions > 0 {
        params.push(format!("regions: [Region<'c>; {}]", op.regions));
    }
    let fn_name = fn_ident(&op.mnemonic);
    writeln!(
        t,
        "    /// Builds `{}`: {}.\n    ///",
        op.full_name,
        op.summary.trim_end_matches('.')
    )
    .unwrap();
    if traits.infers_result_types {
        t.push_str("    /// Result types follow from the operands and attributes.\n");
    }
    if !doc_args.is_empty() {
        writeln!(t, "    /// Typed attributes: {}.", doc_args.join(", ")).unwrap();
    }
    t.push_str("    /// An op that does not verify is an [`Err`] with MLIR's diagnostics.\n");
    if traits.needs_parent {
        t.push_str("    /// It verifies once inside its parent op (not here).\n");
    }
    writeln!(
        t,
        "    #[allow(clippy::too_many_arguments, unused_mut)]\n    pub fn {fn_name}<'c, 'v>({}) -> Result<Built<'c, 'v>, BuildError> {{",
        params.join(", ")
    )
    .unwrap();
    t.push_str("        let mut ods_operands: Vec<Operand<'c, 'v>> = Vec::new();\n        let mut ods_attrs: Vec<(Identifier<'c>, Attribute<'c>)> = Vec::new();\n        let mut ods_results: Vec<Type<'c>> = Vec::new();\n");
    for line in body {
        writeln!(t, "        {line}").unwrap();
    }
    writeln!(
        t,
        "        let ods_operands = ods_checked_operands(\"{}\", location, &ods_operands)?;",
        op.full_name
    )
    .unwrap();
    writeln!(
        t,
        "        let mut ods_builder = OperationBuilder::new(\"{}\", location)\n            .add_operands(&ods_operands)\n            .add_attributes(&ods_attrs)\n            .add_results(&ods_results);",
        op.full_name
    )
    .unwrap();
    if op.regions > 0 {
        t.push_str("        ods_builder = ods_builder.add_regions(regions);\n");
    }
    if traits.infers_result_types {
        t.push_str("        ods_builder = ods_builder.enable_result_type_inference();\n");
    }
    writeln!(
        t,
        "        finish(\"{}\", ods_builder, {}, location)\n    }}\n",
        op.full_name, !traits.needs_parent
    )
    .unwrap();
}

/// The glue of a crate built on the bridge alone (`include_generated!`'s
/// `dialects` module): the C API handle of each dialect, the plugin entry
/// points (`export_plugin!`), and `descriptor`, which makes the crate's
/// descriptor from the generated tables and the dialects' own hooks. All
/// expect the crate's descriptor at `crate::DESCRIPTOR`.
pub fn glue(dialects: &[Dialect]) -> String {
    let names: Vec<String> = dialects.iter().map(|d| format!("\"{}\"", d.name)).collect();
    let defaults: Vec<String> = dialects
        .iter()
        .map(|d| format!("::rmlir_bridge::model::DialectHooks::new(\"{}\")", d.name))
        .collect();
    let mut t =
        String::from("// Generated by rmlir-bridge-build: the glue of the crate's dialects.\n\n");
    writeln!(
        t,
        "/// The crate's dialects, as its ODS declares them.\n\
         pub const NAMES: &[&str] = &[{}];\n\n\
         /// Every dialect of the crate with no hook of its own.\n\
         const DEFAULT_HOOKS: &[::rmlir_bridge::model::DialectHooks] = &[{}];\n",
        names.join(", "),
        defaults.join(", ")
    )
    .unwrap();
    t.push_str(
        "/// The crate's descriptor: the op, hook and pass tables generated\n\
         /// from ODS, and `dialects`, the hooks of each dialect the crate\n\
         /// declares ([`NAMES`], in that order), or `&[]` for none of their\n\
         /// own. Anything else stops the build (a dialect left out would\n\
         /// silently not be registered).\n\
         pub const fn descriptor(\n    dialects: &'static [::rmlir_bridge::model::DialectHooks],\n) -> ::rmlir_bridge::model::Descriptor {\n    \
         let dialects = if dialects.is_empty() { DEFAULT_HOOKS } else { dialects };\n    \
         ::rmlir_bridge::model::check_dialect_hooks(dialects, NAMES);\n    \
         ::rmlir_bridge::model::Descriptor {\n        library: env!(\"RMLIR_DIALECT_LIBRARY\"),\n        \
         id_base: super::registry::ID_BASE,\n        ops: super::registry::ODS_OPS,\n        behaviours: super::registry::GENERATED_BEHAVIOURS,\n        \
         dialects,\n        type_transform: |_, _| None,\n        passes: super::passes::ODS_PASSES,\n    }\n}\n",
    );
    for d in dialects {
        t.push_str(&format!(
            "\n/// The C API handle of dialect `{0}`.\npub fn {0}_dialect_handle() -> ::mlir_sys::MlirDialectHandle {{\n    \
             ::rmlir_bridge::context::dialect_handle(&crate::DESCRIPTOR, \"{0}\")\n}}\n",
            d.name
        ));
    }
    let exports: Vec<String> = dialects
        .iter()
        .map(|d| format!("{0} => mlirGetDialectHandle__{0}__", d.name))
        .collect();
    let own = dialects.first().map_or("crate", |d| d.name.as_str());
    t.push_str(&format!(
        "\n::rmlir_bridge::export_plugin!(crate::DESCRIPTOR as rmlirDescriptor__{own}, [{}]);\n",
        exports.join(", ")
    ));
    t
}
