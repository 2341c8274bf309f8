//! rmlir-opt: upstream's MlirOptMain with every upstream dialect and pass,
//! plus rarith, rshape and the rmlir passes.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(rmlir::opt_main(&args));
}
