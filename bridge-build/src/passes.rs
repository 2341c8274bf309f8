//! Build support: reads the pass records of a crate's pass declarations
//! (`llvm-tblgen --dump-json`, MLIR's `PassBase.td` classes) and generates
//! `ods_passes.rs`: per pass a marker type and a typed options struct
//! (parsed from the pipeline text, ODS defaults for what is not given), and
//! the pass table the bridge registers, whose entries call each pass's
//! `RunPass` implementation (a pass declared in ODS and not implemented is a
//! compile error).

use serde_json::Value as Json;
use std::fmt::Write as _;

/// One option of a pass.
struct OptionDecl {
    /// `index-bitwidth`.
    argument: String,
    /// `index_bitwidth`.
    field: String,
    /// The Rust type of a value (the element type for lists).
    ty: &'static str,
    /// A `ListOption`.
    list: bool,
    /// The default, as a Rust expression.
    default: String,
    description: String,
}

/// One pass.
struct PassDecl {
    /// The record name (`ConvertRArithToLLVM`): the Rust marker type.
    name: String,
    argument: String,
    summary: String,
    /// The anchor op's name (`func.func`), empty for any op.
    anchor: &'static str,
    /// Expressions giving the dependent dialects' handles.
    dialects: Vec<String>,
    options: Vec<OptionDecl>,
}

fn text(v: &Json) -> String {
    v.as_str().unwrap_or("").trim().to_string()
}

/// The Rust type of an ODS option's C++ type.
fn rust_type(cpp: &str) -> &'static str {
    match cpp {
        "bool" => "bool",
        "unsigned" => "u32",
        "int" => "i32",
        "int64_t" => "i64",
        "uint64_t" => "u64",
        "std::string" => "String",
        other => panic!("pass declarations: option type `{other}` has no Rust counterpart here"),
    }
}

/// The name of the op a pass anchors on, from its C++ base class.
fn anchor(base: &str) -> &'static str {
    let op = base
        .trim_start_matches("::mlir::OperationPass<")
        .trim_end_matches('>')
        .trim_start_matches("::")
        .trim_start_matches("mlir::");
    match op {
        "" => "",
        "ModuleOp" => "builtin.module",
        "func::FuncOp" => "func.func",
        other => panic!("pass declarations: anchor op `{other}` is not mapped to its name"),
    }
}

/// The handle expression of a dependent dialect's C++ class: the crate's
/// own (`own`: C++ class and name of each) from
/// `{dialects}::<name>_dialect_handle()`, an upstream one
/// (`mlir::<namespace>::...Dialect`) from the bridge's
/// `context::<namespace>_dialect_handle()` (a dialect the bridge has no
/// handle for is then a compile error naming it).
fn dialect_handle(class: &str, own: &[(String, String)], dialects: &str) -> String {
    let class = class.trim_start_matches("::");
    if let Some((_, name)) = own.iter().find(|(cpp, _)| cpp == class) {
        return format!("{dialects}::{name}_dialect_handle()");
    }
    let namespace = class
        .strip_prefix("mlir::")
        .and_then(|rest| rest.split_once("::"))
        .map(|(namespace, _)| namespace.to_ascii_lowercase())
        .unwrap_or_else(|| {
            panic!(
                "pass declarations: dependent dialect `{class}` is not `mlir::<namespace>::<Class>`"
            )
        });
    format!("::rmlir_bridge::context::{namespace}_dialect_handle()")
}

/// The default of an option as a Rust expression.
fn default(ty: &str, list: bool, cpp: &str) -> String {
    if list {
        return "Vec::new()".into();
    }
    match ty {
        "String" => format!(
            "String::from({:?})",
            cpp.trim_start_matches('"').trim_end_matches('"')
        ),
        "bool" if cpp.is_empty() => "false".into(),
        _ if cpp.is_empty() => "0".into(),
        _ => cpp.to_string(),
    }
}

fn read(records: &Json, own: &[(String, String)], dialects: &str) -> Vec<PassDecl> {
    let names = records["!instanceof"]["Pass"]
        .as_array()
        .expect("Pass records");
    names
        .iter()
        .map(|n| {
            let name = n.as_str().unwrap().to_string();
            let rec = &records[&name];
            let options = rec["options"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|o| {
                    let o = &records[o["def"].as_str().unwrap()];
                    let list = o["!superclasses"]
                        .as_array()
                        .is_some_and(|s| s.iter().any(|c| c == "ListOption"));
                    let ty = rust_type(&text(&o["type"]));
                    OptionDecl {
                        argument: text(&o["argument"]),
                        field: crate::ods::ident(&text(&o["argument"]).replace('-', "_")),
                        ty,
                        list,
                        default: default(ty, list, &text(&o["defaultValue"])),
                        description: text(&o["description"]),
                    }
                })
                .collect();
            PassDecl {
                argument: text(&rec["argument"]),
                summary: text(&rec["summary"]),
                anchor: anchor(&text(&rec["baseClass"])),
                dialects: rec["dependentDialects"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|d| dialect_handle(d.as_str().unwrap(), own, dialects))
                    .collect(),
                options,
                name,
            }
        })
        .collect()
}

/// `ods_passes.rs` from the records of a pass declaration file: `own` are
/// the crate's dialects (C++ class, name), `dialects` the module with
/// their handle functions.
pub fn generate(records: &Json, own: &[(String, String)], dialects: &str) -> String {
    let passes = read(records, own, dialects);
    let mut t = String::from(
        "// @generated by rmlir-bridge-build from the crate's pass declarations.\n\
         #[allow(unused_imports)]\n\
         use ::rmlir_bridge::passes::{PassDef, PassOption, PassOptions, parse_value, run_declared};\n\n",
    );
    for p in &passes {
        let opts = format!("{}Options", p.name);
        writeln!(
            t,
            "/// `{}`: {}.\n#[allow(clippy::upper_case_acronyms)]\npub struct {};\n",
            p.argument,
            p.summary.trim_end_matches('.'),
            p.name
        )
        .unwrap();
        writeln!(
            t,
            "/// The options of `{}`, as ODS declares them.\n#[derive(Debug, Clone, PartialEq, Eq)]\n#[allow(clippy::upper_case_acronyms)]\npub struct {opts} {{",
            p.argument
        )
        .unwrap();
        for o in &p.options {
            let ty = if o.list {
                format!("Vec<{}>", o.ty)
            } else {
                o.ty.to_string()
            };
            writeln!(
                t,
                "    /// `{}`: {}.\n    pub {}: {ty},",
                o.argument,
                o.description.trim_end_matches('.'),
                o.field
            )
            .unwrap();
        }
        t.push_str("}\n\n");
        writeln!(
            t,
            "#[allow(clippy::derivable_impls)]\nimpl Default for {opts} {{\n    fn default() -> Self {{\n        {opts} {{"
        )
        .unwrap();
        for o in &p.options {
            writeln!(t, "            {}: {},", o.field, o.default).unwrap();
        }
        t.push_str("        }\n    }\n}\n\n");
        writeln!(
            t,
            "impl {opts} {{\n    /// The options `options` gives, ODS's defaults for the others.\n    #[allow(unused_mut, unused_variables)]\n    pub fn parse(options: &PassOptions) -> Result<Self, String> {{\n        let mut parsed = Self::default();"
        )
        .unwrap();
        for o in &p.options {
            let (arg, field) = (&o.argument, &o.field);
            if o.list {
                writeln!(
                    t,
                    "        let values = options.list(\"{arg}\");\n        if !values.is_empty() {{\n            parsed.{field} = values.iter().map(|v| parse_value(\"{arg}\", v)).collect::<Result<_, _>>()?;\n        }}"
                )
                .unwrap();
            } else if o.ty == "bool" {
                writeln!(
                    t,
                    "        if options.text(\"{arg}\").is_some() {{\n            parsed.{field} = options.flag(\"{arg}\");\n        }}"
                )
                .unwrap();
            } else {
                writeln!(
                    t,
                    "        if let Some(v) = options.text(\"{arg}\") {{\n            parsed.{field} = parse_value(\"{arg}\", v)?;\n        }}"
                )
                .unwrap();
            }
        }
        t.push_str("        Ok(parsed)\n    }\n}\n\n");
    }
    t.push_str("/// Every pass declared in ODS; the index is the pass id.\npub static ODS_PASSES: &[PassDef] = &[\n");
    for p in &passes {
        let kinds: Vec<String> = p
            .options
            .iter()
            .map(|o| {
                let kind = if o.list {
                    "list"
                } else if o.ty == "bool" {
                    "flag"
                } else {
                    "text"
                };
                format!("PassOption::{kind}(\"{}\")", o.argument)
            })
            .collect();
        writeln!(
            t,
            "    PassDef {{\n        argument: \"{}\",\n        description: {:?},\n        op_name: \"{}\",\n        dependent_dialects: || vec![{}],\n        options: &[{}],\n        run: |ir, options| run_declared::<{}>(ir, options, {}Options::parse),\n    }},",
            p.argument,
            p.summary,
            p.anchor,
            p.dialects.join(", "),
            kinds.join(", "),
            p.name,
            p.name
        )
        .unwrap();
    }
    t.push_str("];\n");
    t
}

/// `ods_passes.rs` of a crate that declares no pass: an empty table.
pub fn none() -> String {
    "// @generated by rmlir-bridge-build: the crate declares no pass.\n\
     /// Every pass declared in ODS: none.\n\
     pub static ODS_PASSES: &[::rmlir_bridge::passes::PassDef] = &[];\n"
        .to_string()
}
