//! The toy dialect from its ODS: C++ op classes (and the C++ that
//! instantiates them, generated too) compiled into the crate's dialect
//! library, and the Rust side of every declaration in `OUT_DIR`.

fn main() {
    rmlir_bridge_build::DialectBuild::new()
        .td_dir("td")
        .dialect("Toy.td", "toy", "Toy")
        .passes("ToyPasses.td")
        .build();
}
