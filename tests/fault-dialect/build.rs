//! The fault dialect from its ODS (C++ op classes and the Rust side).

fn main() {
    rmlir_bridge_build::DialectBuild::new()
        .td_dir("td")
        .dialect("Fault.td", "fault", "Fault")
        .build();
}
