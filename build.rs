//! Build script: ODS → C++ (mlir-tblgen), ODS → Rust op table (llvm-tblgen
//! JSON), the generic C++ bridge (cc), its Rust bindings (bindgen), and the
//! MLIR C API as a shared library over Debian's static C API archives, all
//! against the one shared `libMLIR.so`.

#[path = "codegen/ods.rs"]
mod ods;
#[path = "codegen/passes.rs"]
mod passes;

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

/// The ODS files, one per dialect: (file, dialect name, generated file prefix).
const DIALECTS: &[(&str, &str, &str)] = &[
    ("RArith.td", "rarith", "RArith"),
    ("RShape.td", "rshape", "RShape"),
];

/// The records of `cpp/td/<td>`, as `llvm-tblgen --dump-json` gives them.
fn records(prefix: &Path, include: &Path, td: &str) -> serde_json::Value {
    let json = Command::new(prefix.join("bin/llvm-tblgen"))
        .arg("--dump-json")
        .arg("-Icpp/td")
        .arg(format!("-I{}", include.display()))
        .arg(Path::new("cpp/td").join(td))
        .output()
        .expect("run llvm-tblgen");
    assert!(
        json.status.success(),
        "llvm-tblgen --dump-json failed on {td}"
    );
    serde_json::from_slice(&json.stdout).expect("parse tblgen json")
}

fn main() {
    let prefix = llvm_prefix();
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let gen_dir = out.join("gen");
    fs::create_dir_all(&gen_dir).expect("create gen dir");
    let include = prefix.join("include");
    let libdir = prefix.join("lib");

    println!("cargo:rerun-if-env-changed=RMLIR_LLVM_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-changed=cpp");

    // 1. ODS → C++ declarations and definitions.
    for (td, dialect, stem) in DIALECTS {
        let td_path = Path::new("cpp/td").join(td);
        let gens: &[(&str, String)] = &[
            ("-gen-op-decls", format!("{stem}Ops.h.inc")),
            ("-gen-op-defs", format!("{stem}Ops.cpp.inc")),
            ("-gen-dialect-decls", format!("{stem}Dialect.h.inc")),
            ("-gen-dialect-defs", format!("{stem}Dialect.cpp.inc")),
            ("-gen-enum-decls", format!("{stem}Enums.h.inc")),
            ("-gen-enum-defs", format!("{stem}Enums.cpp.inc")),
            ("-gen-attrdef-decls", format!("{stem}Attrs.h.inc")),
            ("-gen-attrdef-defs", format!("{stem}Attrs.cpp.inc")),
            ("-gen-typedef-decls", format!("{stem}Types.h.inc")),
            ("-gen-typedef-defs", format!("{stem}Types.cpp.inc")),
        ];
        for (generator, file) in gens {
            let mut cmd = Command::new(prefix.join("bin/mlir-tblgen"));
            cmd.arg(generator);
            if generator.contains("dialect") {
                cmd.arg(format!("-dialect={dialect}"));
            }
            if generator.contains("attrdef") {
                cmd.arg(format!("-attrdefs-dialect={dialect}"));
            }
            if generator.contains("typedef") {
                cmd.arg(format!("-typedefs-dialect={dialect}"));
            }
            cmd.arg("-Icpp/td")
                .arg(format!("-I{}", include.display()))
                .arg(&td_path)
                .arg("-o")
                .arg(gen_dir.join(file));
            run(&mut cmd);
        }
    }

    // 2. ODS → Rust: the op table, the typed layer and the hook wiring
    // (codegen/ods.rs), from the records llvm-tblgen dumps as JSON.
    println!("cargo:rerun-if-changed=codegen");
    let mut dialects = Vec::new();
    for (td, _, _) in DIALECTS {
        dialects.push(ods::read(&records(&prefix, &include, td)));
    }
    fs::write(out.join("ods_ops.rs"), ods::op_table(&dialects)).expect("write ods_ops.rs");
    fs::write(out.join("ods_typed.rs"), ods::typed(&dialects)).expect("write ods_typed.rs");
    fs::write(out.join("ods_enums.rs"), ods::enums(&dialects)).expect("write ods_enums.rs");
    fs::write(out.join("ods_wiring.rs"), ods::wiring(&dialects)).expect("write ods_wiring.rs");
    // The public builders also need what the generated C++ says of each op
    // (result type inference, parent constraints).
    let cpp: Vec<_> = DIALECTS
        .iter()
        .map(|(_, _, stem)| {
            let header = fs::read_to_string(gen_dir.join(format!("{stem}Ops.h.inc")))
                .expect("read generated op declarations");
            ods::cpp_traits(&header)
        })
        .collect();
    fs::write(out.join("ods_builders.rs"), ods::builders(&dialects, &cpp))
        .expect("write ods_builders.rs");

    // The passes (cpp/td/RMlirPasses.td): the pass table and typed options.
    let passes = passes::generate(&records(&prefix, &include, "RMlirPasses.td"));
    fs::write(out.join("ods_passes.rs"), passes).expect("write ods_passes.rs");

    // 3. The generic C++ bridge.
    // The bridge is compiled by the clang that built libMLIR.so: MLIR derives
    // some TypeIDs from compiler-specific type names (llvm::getTypeName), so a
    // different compiler would give our ops different trait TypeIDs.
    let clang = prefix.join("bin/clang++");
    let mut build = cc::Build::new();
    build
        .compiler(&clang)
        .cpp(true)
        .std("c++17")
        .include("cpp/include")
        .include(&gen_dir)
        .include(&include)
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        .flag("-fno-exceptions")
        .flag("-fPIC")
        .flag("-fvisibility-inlines-hidden")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .warnings(false)
        .debug(false)
        .opt_level(2);
    for file in [
        "ArithInterfaces.cpp",
        "Bridge.cpp",
        "Bufferization.cpp",
        "Conversion.cpp",
        "DataFlow.cpp",
        "ExecutionEngine.cpp",
        "RArithDialect.cpp",
        "RShapeDialect.cpp",
        "Registration.cpp",
        "ValueBounds.cpp",
    ] {
        build.file(Path::new("cpp").join(file));
    }
    let bridge_objects = build.compile_intermediates();

    // 4. One shared library, libMLIR-C.so: the MLIR C API (Debian ships only
    // its archives) and the bridge, linked against the one libMLIR. Its
    // soname is its absolute path, so every binary that links it (ours, and
    // those of crates that depend on rmlir: cargo does not pass our rpaths
    // on to them) finds it without an rpath or LD_LIBRARY_PATH; its own
    // runpath finds libMLIR. Rust code calls only the C API and the bridge,
    // so the binaries need nothing else from /usr/lib/llvm-22/lib.
    let capi = out.join("libMLIR-C.so");
    let mut archives: Vec<PathBuf> = fs::read_dir(&libdir)
        .expect("read llvm libdir")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("libMLIRCAPI") && n.ends_with(".a"))
        })
        .collect();
    archives.sort();
    let mut link = Command::new(&clang);
    link.arg("-shared")
        .arg("-o")
        .arg(&capi)
        .arg(format!("-Wl,-soname,{}", capi.display()))
        .args(&bridge_objects)
        .arg("-Wl,--whole-archive")
        .args(&archives)
        .arg("-Wl,--no-whole-archive")
        .arg(format!("-L{}", libdir.display()))
        .arg("-lMLIR")
        .arg("-lMLIRExecutionEngineShared")
        .arg("-lLLVM")
        .arg("-lstdc++")
        .arg("-Wl,--no-undefined")
        .arg(format!("-Wl,-rpath,{}", libdir.display()));
    run(&mut link);

    // 5. Rust bindings of the bridge header (types from mlir-sys).
    bindgen::Builder::default()
        .header("cpp/include/rmlir/Bridge.h")
        .clang_arg("-Icpp/include")
        .clang_arg(format!("-I{}", include.display()))
        .allowlist_function("rmlir.*")
        .allowlist_type("Rmlir.*")
        .blocklist_type("Mlir.*")
        .raw_line("#[allow(unused_imports)] use mlir_sys::*;")
        .derive_default(false)
        .layout_tests(false)
        .generate()
        .expect("bindgen on Bridge.h")
        .write_to_file(out.join("bridge_bindings.rs"))
        .expect("write bindings");

    // 6. Link: our libMLIR-C.so holds everything Rust calls.
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-search=native={}", libdir.display());
    println!("cargo:rustc-link-lib=dylib=MLIR-C");
    println!("cargo:rustc-env=RMLIR_LLVM_PREFIX={}", prefix.display());
    println!("cargo:rustc-env=RMLIR_CAPI_LIB={}", capi.display());
}

/// LLVM/MLIR 22 install prefix: `RMLIR_LLVM_PREFIX`, else `MLIR_SYS_220_PREFIX`,
/// else Debian's `/usr/lib/llvm-22`.
fn llvm_prefix() -> PathBuf {
    env::var_os("RMLIR_LLVM_PREFIX")
        .or_else(|| env::var_os("MLIR_SYS_220_PREFIX"))
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22"))
}

fn run(cmd: &mut Command) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("failed to run {cmd:?}: {e}"));
    assert!(status.success(), "command failed: {cmd:?}");
}
