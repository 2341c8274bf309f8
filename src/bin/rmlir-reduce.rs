//! rmlir-reduce: upstream's mlir-reduce with every upstream dialect and pass
//! plus rarith, rshape and the rmlir passes: shrinks a program while an
//! interestingness test still holds (`--test=script.sh`).

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(rmlir::reduce_main(&args));
}
