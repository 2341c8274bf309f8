//! Build script: the generic C++ bridge (cpp/) and the MLIR C API (Debian
//! ships only its static archives) as one shared library, `libMLIR-C.so`,
//! linked against the one `libMLIR.so`; Rust bindings of the bridge's C
//! header (bindgen). Dependents' build scripts learn where the bridge's
//! headers, ODS base and library are from the `links` metadata.

use rmlir_bridge_build::{cxx, link_shared, llvm_prefix};
use std::{env, fs, path::PathBuf};

fn main() {
    let prefix = llvm_prefix();
    let manifest = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo"));
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
    let include = prefix.join("include");
    let libdir = prefix.join("lib");
    let cpp = manifest.join("cpp");

    println!("cargo:rerun-if-env-changed=RMLIR_LLVM_PREFIX");
    println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
    println!("cargo:rerun-if-changed=cpp");

    // 1. The generic C++ bridge: it names no dialect and no op.
    let mut build = cxx(&prefix);
    build.include(cpp.join("include"));
    for file in [
        "ArithInterfaces.cpp",
        "Bridge.cpp",
        "Bufferization.cpp",
        "Conversion.cpp",
        "DataFlow.cpp",
        "ExecutionEngine.cpp",
        "Greedy.cpp",
        "OpModel.cpp",
        "Registration.cpp",
        "ValueBounds.cpp",
    ] {
        build.file(cpp.join(file));
    }
    let mut objects = build.compile_intermediates();

    // 2. One shared library, libMLIR-C.so: the bridge and the whole MLIR C
    // API, linked against the one libMLIR. Its soname is its absolute path,
    // so every binary that links it (also those of crates that depend on
    // this one: cargo does not pass rpaths on) finds it without an rpath or
    // LD_LIBRARY_PATH. Rust calls only the C API and the bridge, so the
    // binaries need nothing else from the LLVM library directory.
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
    objects.push("-Wl,--whole-archive".into());
    objects.extend(archives);
    objects.push("-Wl,--no-whole-archive".into());
    link_shared(
        &prefix,
        &capi,
        &objects,
        &[libdir.join("libMLIRExecutionEngineShared.so")],
    );

    // 3. Rust bindings of the bridge header (types from mlir-sys).
    bindgen::Builder::default()
        .header(cpp.join("include/rmlir/Bridge.h").display().to_string())
        .clang_arg(format!("-I{}", cpp.join("include").display()))
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

    // 4. Link: libMLIR-C.so holds everything Rust calls.
    println!("cargo:rustc-link-search=native={}", out.display());
    println!("cargo:rustc-link-search=native={}", libdir.display());
    println!("cargo:rustc-link-lib=dylib=MLIR-C");
    println!("cargo:rustc-env=RMLIR_LLVM_PREFIX={}", prefix.display());
    println!("cargo:rustc-env=RMLIR_CAPI_LIB={}", capi.display());
    // For dependents' build scripts (rmlir_bridge_build::BridgeInfo).
    println!("cargo:include={}", cpp.join("include").display());
    println!("cargo:td={}", cpp.join("td").display());
    println!("cargo:library={}", capi.display());
}
