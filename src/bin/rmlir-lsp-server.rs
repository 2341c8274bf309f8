//! rmlir-lsp-server: upstream's MLIR language server (LSP over stdio) with
//! every upstream dialect plus rarith and rshape. Point an editor's MLIR
//! extension at this binary (VS Code: `mlir.server_path`).

fn main() {
    let args: Vec<String> = std::env::args().collect();
    std::process::exit(rmlir::lsp_server_main(&args));
}
