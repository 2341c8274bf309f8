//! What rmlir's shared libraries export: the MLIR C API, the bridge's C API
//! and C++ API (what dialect libraries call), each dialect's handle, and no
//! code of MLIR's own. A binary that links the bridge (rmlir-opt, these
//! tests, a downstream crate) finds the bridge before libMLIR when it binds
//! a symbol, so a function both export (a template of MLIR's instantiated
//! in the bridge: `DataFlowSolver::getOrCreateState<..>`,
//! `detail::walk<..>`, `ConversionPattern::dispatchTo1To1<..>`) would be
//! bound to the bridge's copy for libMLIR's own calls as well.

#[allow(dead_code)] // This test uses one helper of the shared ones.
mod common;

use std::collections::BTreeSet;
use std::process::Command;

/// The code symbols (`T`, `W`: functions, strong or weak) `library` exports.
fn exported_functions(library: &str) -> BTreeSet<String> {
    let out = Command::new(format!("{}/bin/llvm-nm", common::upstream::llvm_prefix()))
        .args(["-D", "--defined-only", library])
        .output()
        .expect("llvm-nm runs");
    assert!(out.status.success(), "llvm-nm {library} failed");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|line| {
            let mut fields = line.split_whitespace();
            let (_, kind, name) = (fields.next()?, fields.next()?, fields.next()?);
            matches!(kind, "T" | "W").then(|| name.to_string())
        })
        .collect()
}

/// The path of the library this process has loaded whose file name is
/// `stem` or `stem` and a version (`libMLIR.so.22.1`).
fn loaded(stem: &str) -> String {
    let maps = std::fs::read_to_string("/proc/self/maps").expect("read /proc/self/maps");
    maps.lines()
        .filter_map(|line| line.split_whitespace().nth(5))
        .find(|path| {
            path.rsplit('/')
                .next()
                .is_some_and(|file| file == stem || file.starts_with(&format!("{stem}.")))
        })
        .unwrap_or_else(|| panic!("{stem} is not loaded"))
        .to_string()
}

/// Functions `library` exports that libMLIR exports too, outside namespace
/// `std` (libstdc++'s headers give their templates default visibility
/// whatever the compiler's flags; none of them is on a hot path).
fn shared_with_libmlir(library: &str) -> Vec<String> {
    let ours = exported_functions(library);
    let mlir = exported_functions(&loaded("libMLIR.so"));
    let std = ["_ZSt", "_ZNSt", "_ZNKSt"];
    ours.intersection(&mlir)
        .filter(|name| !std.iter().any(|p| name.starts_with(p)))
        .cloned()
        .collect()
}

#[test]
fn the_bridge_exports_no_function_of_libmlir() {
    // A context makes sure the bridge (and its libMLIR) are in use.
    let _context = rmlir::new_context();
    let bridge = loaded("libMLIR-C.so");
    let shared = shared_with_libmlir(&bridge);
    assert!(shared.is_empty(), "{bridge} exports libMLIR's {shared:#?}");
    // What it must export: the C API and the bridge's C++ API.
    let exported = exported_functions(&bridge);
    for name in ["mlirContextCreate", "rmlirBridgeInstallHooks"] {
        assert!(exported.contains(name), "{bridge} does not export {name}");
    }
    // rmlir::bridge::createOdsOp(...), which every dialect library calls.
    let cxx = "_ZN5rmlir6bridge11createOdsOp";
    assert!(
        exported.iter().any(|name| name.starts_with(cxx)),
        "{bridge} does not export rmlir::bridge::createOdsOp"
    );
}

#[test]
fn the_dialect_library_exports_its_handles_and_no_function_of_libmlir() {
    let _context = rmlir::new_context();
    let library = env!("RMLIR_DIALECT_LIBRARY");
    let shared = shared_with_libmlir(library);
    assert!(shared.is_empty(), "{library} exports libMLIR's {shared:#?}");
    let exported = exported_functions(library);
    for name in ["rmlirDialectHandle__rarith", "rmlirDialectHandle__rshape"] {
        assert!(exported.contains(name), "{library} does not export {name}");
    }
}
