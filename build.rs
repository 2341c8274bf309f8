//! Build script: rarith and rshape from their ODS (`cpp/td`), through
//! `rmlir-bridge-build`: the C++ op classes (mlir-tblgen) compiled with
//! `cpp/*.cpp` into rmlir's dialect library, and the Rust side of every
//! declaration (op table, typed views, enums, hook wiring, builders,
//! passes) in `OUT_DIR`.

fn main() {
    rmlir_bridge_build::DialectBuild::new()
        .td_dir("cpp/td")
        .include_dir("cpp/include")
        .dialect("RArith.td", "rarith", "RArith")
        .dialect("RShape.td", "rshape", "RShape")
        .passes("RMlirPasses.td")
        .cpp("cpp/RArithDialect.cpp")
        .cpp("cpp/RShapeDialect.cpp")
        .paths(rmlir_bridge_build::Paths {
            typed: "crate::ods".into(),
            enums: "crate::semantics::enums".into(),
            dialects: "crate::dialects".into(),
        })
        .build();
}
