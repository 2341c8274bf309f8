//! The build-script half of `rmlir-bridge`: everything a crate that
//! implements MLIR dialects in Rust does at build time, from its ODS files.
//!
//! ```ignore
//! // build.rs of a dialect crate
//! fn main() {
//!     rmlir_bridge_build::DialectBuild::new()
//!         .td_dir("td")
//!         .dialect("Toy.td", "toy", "Toy")
//!         .passes("ToyPasses.td")
//!         .build();
//! }
//! ```
//!
//! [`DialectBuild::build`] runs `mlir-tblgen` on each dialect's ODS (the
//! C++ op classes, whose hooks forward to Rust through the bridge), writes
//! the Rust side of every declaration into `OUT_DIR` ([`ods`], [`passes`]),
//! compiles the crate's C++ (or, when it names none, the C++ generated to
//! instantiate each dialect's classes: [`ods::dialect_cpp`]) into a shared
//! library linked against the
//! bridge and the one `libMLIR.so`, and tells the crate where that library
//! is (`env!("RMLIR_DIALECT_LIBRARY")`). The generated Rust files, to be
//! `include!`d by the crate:
//! - `ods_ops.rs`: `ODS_OPS`, the op table, sorted by name;
//! - `ods_typed.rs`: a typed view per op, its scoped twin that patterns
//!   receive, and the ODS enums, per dialect;
//! - `ods_enums.rs`: the ODS enums as Rust enums and bit flags;
//! - `ods_wiring.rs`: `GENERATED_BEHAVIOURS`, the hook table: each hook ODS
//!   declares is read from the op's implementation of the matching trait
//!   of `rmlir_bridge::hooks`, so a missing one is a compile error;
//! - `ods_builders.rs`: a typed builder per op (melior handles);
//! - `ods_passes.rs`: the passes' marker types, typed options and table
//!   (an empty table when the crate declares no pass);
//! - `ods_glue.rs`: the `dialects` module: each dialect's C API handle, the
//!   plugin entry points, and `descriptor(&[DialectHooks])`, which makes
//!   `crate::DESCRIPTOR` from the tables above.
//!
//! `rmlir_bridge::include_generated!()` includes all of them where the
//! generated code expects them with the default [`Paths`].

pub mod ods;
pub mod passes;

use std::{
    env, fs,
    path::{Path, PathBuf},
    process::Command,
};

pub use ods::Paths;

/// LLVM/MLIR 22 install prefix: `RMLIR_LLVM_PREFIX`, else
/// `MLIR_SYS_220_PREFIX`, else Debian's `/usr/lib/llvm-22`.
pub fn llvm_prefix() -> PathBuf {
    env::var_os("RMLIR_LLVM_PREFIX")
        .or_else(|| env::var_os("MLIR_SYS_220_PREFIX"))
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/lib/llvm-22"))
}

/// Runs `cmd`, panicking (failing the build) when it fails.
pub fn run(cmd: &mut Command) {
    let status = cmd
        .status()
        .unwrap_or_else(|e| panic!("failed to run {cmd:?}: {e}"));
    assert!(status.success(), "command failed: {cmd:?}");
}

/// The records of the ODS file `td`, as `llvm-tblgen --dump-json` gives
/// them, with `includes` on the include path.
pub fn records(prefix: &Path, includes: &[PathBuf], td: &Path) -> serde_json::Value {
    let mut cmd = Command::new(prefix.join("bin/llvm-tblgen"));
    cmd.arg("--dump-json");
    for dir in includes {
        cmd.arg(format!("-I{}", dir.display()));
    }
    let json = cmd.arg(td).output().expect("run llvm-tblgen");
    assert!(
        json.status.success(),
        "llvm-tblgen --dump-json failed on {}:\n{}",
        td.display(),
        String::from_utf8_lossy(&json.stderr)
    );
    serde_json::from_slice(&json.stdout).expect("parse tblgen json")
}

/// A C++ compiler set up as MLIR's own headers need, for code that goes
/// into a shared library. It is the clang that built `libMLIR.so`: MLIR
/// derives some TypeIDs from compiler-specific type names
/// (`llvm::getTypeName`), so another compiler would give the same trait
/// other TypeIDs.
pub fn cxx(prefix: &Path) -> cc::Build {
    let mut build = cc::Build::new();
    build
        .compiler(prefix.join("bin/clang++"))
        .cpp(true)
        .std("c++17")
        .include(prefix.join("include"))
        .define("_GNU_SOURCE", None)
        .define("__STDC_CONSTANT_MACROS", None)
        .define("__STDC_FORMAT_MACROS", None)
        .define("__STDC_LIMIT_MACROS", None)
        // As libMLIR.so itself is built: without assertions, which would
        // otherwise be compiled into every inline MLIR function we use
        // (casts, op accessors, the generated op classes).
        .define("NDEBUG", None)
        .flag("-fno-exceptions")
        .flag("-fPIC")
        .flag("-fvisibility-inlines-hidden")
        // Exported: only what is marked so (the C API, the bridge's C++ API
        // in `rmlir/BridgeCxx.h` and `rmlir/OpModel.h`, each dialect's
        // handle). Without this, every MLIR template the library
        // instantiates out of line (`DataFlowSolver::getOrCreateState<..>`,
        // `detail::walk<..>`, `ConversionPattern::dispatchTo1To1<..>`, ...)
        // is exported too, and a binary that links the bridge finds the
        // bridge before libMLIR: libMLIR's own calls of those templates
        // were bound to the bridge's copies (tests/exports.rs).
        .flag("-fvisibility=hidden")
        // Calls into libMLIR through its GOT entry, not a PLT stub: one
        // indirect jump less on every call of the hot paths.
        .flag("-fno-plt")
        .flag_if_supported("-Wno-unused-parameter")
        .flag_if_supported("-Wno-comment")
        .warnings(false)
        .debug(false)
        .opt_level(2);
    build
}

/// Links `objects` into the shared library `output`, against `libs`
/// (absolute paths) and the one `libMLIR.so`. Its soname is its absolute
/// path, so every binary that links or loads it finds it without an rpath
/// of its own; its runpath finds libMLIR.
pub fn link_shared(prefix: &Path, output: &Path, objects: &[PathBuf], libs: &[PathBuf]) {
    let libdir = prefix.join("lib");
    let mut link = Command::new(prefix.join("bin/clang++"));
    link.arg("-shared")
        .arg("-o")
        .arg(output)
        .arg(format!("-Wl,-soname,{}", output.display()))
        .args(objects)
        .args(libs)
        .arg(format!("-L{}", libdir.display()))
        .arg("-lMLIR")
        .arg("-lLLVM")
        .arg("-lstdc++")
        .arg("-Wl,--no-undefined")
        // Calls within the library bind directly (not through the PLT), and
        // every symbol is bound at load time (what -fno-plt's GOT calls
        // need anyway).
        .arg("-Wl,-Bsymbolic-functions")
        .arg("-Wl,-z,now")
        .arg(format!("-Wl,-rpath,{}", libdir.display()));
    run(&mut link);
}

/// What the bridge crate tells the build scripts of the crates that depend
/// on it (its `links` metadata).
#[derive(Debug, Clone)]
pub struct BridgeInfo {
    /// The bridge's C++ headers (`rmlir/BridgeCxx.h`).
    pub include: PathBuf,
    /// The bridge's ODS base (`RMlirBase.td`: `RustOp`, the hook traits).
    pub td: PathBuf,
    /// The bridge's shared library (the MLIR C API and the generic bridge).
    pub library: PathBuf,
}

impl BridgeInfo {
    /// From the environment cargo gives a direct dependent of
    /// `rmlir-bridge`'s build script.
    pub fn from_env() -> BridgeInfo {
        let var = |name: &str| {
            PathBuf::from(env::var_os(name).unwrap_or_else(|| {
                panic!("{name} is not set: does this crate depend on rmlir-bridge?")
            }))
        };
        BridgeInfo {
            include: var("DEP_RMLIR_BRIDGE_INCLUDE"),
            td: var("DEP_RMLIR_BRIDGE_TD"),
            library: var("DEP_RMLIR_BRIDGE_LIBRARY"),
        }
    }
}

/// One dialect: its ODS file, namespace and generated file prefix.
#[derive(Debug, Clone)]
struct DialectTd {
    td: String,
    name: String,
    stem: String,
}

/// The build of a crate's dialects (see the crate documentation).
#[derive(Debug, Clone)]
pub struct DialectBuild {
    manifest_dir: PathBuf,
    td_dirs: Vec<PathBuf>,
    include_dirs: Vec<PathBuf>,
    dialects: Vec<DialectTd>,
    passes: Option<String>,
    cpp: Vec<PathBuf>,
    paths: Paths,
    library_name: String,
}

impl Default for DialectBuild {
    fn default() -> Self {
        Self::new()
    }
}

impl DialectBuild {
    /// A build for the crate whose build script runs, with the generated
    /// code expecting the crate's modules at `crate::ods` (typed layer),
    /// `crate::ods::enums` and `crate::dialects` ([`Paths`]).
    pub fn new() -> DialectBuild {
        let package = env::var("CARGO_PKG_NAME").unwrap_or_else(|_| "dialect".into());
        DialectBuild {
            manifest_dir: PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("run by cargo")),
            td_dirs: Vec::new(),
            include_dirs: Vec::new(),
            dialects: Vec::new(),
            passes: None,
            cpp: Vec::new(),
            paths: Paths {
                typed: "crate::ods".into(),
                enums: "crate::ods::enums".into(),
                dialects: "crate::dialects".into(),
            },
            library_name: format!("{}_dialects", package.replace('-', "_")),
        }
    }

    fn path(&self, relative: impl AsRef<Path>) -> PathBuf {
        self.manifest_dir.join(relative)
    }

    /// A directory of ODS files (relative to the crate); the first one
    /// holds the dialect and pass files named below.
    pub fn td_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.td_dirs.push(self.path(dir));
        self
    }

    /// A directory of the crate's C++ headers.
    pub fn include_dir(mut self, dir: impl AsRef<Path>) -> Self {
        self.include_dirs.push(self.path(dir));
        self
    }

    /// A dialect: its ODS file (in the first [`td_dir`](Self::td_dir)),
    /// its namespace and the prefix of its generated C++ files
    /// (`<stem>Ops.h.inc`, ...).
    pub fn dialect(mut self, td: &str, name: &str, stem: &str) -> Self {
        self.dialects.push(DialectTd {
            td: td.into(),
            name: name.into(),
            stem: stem.into(),
        });
        self
    }

    /// The file (in the first [`td_dir`](Self::td_dir)) declaring the
    /// crate's passes with MLIR's `PassBase.td`.
    pub fn passes(mut self, td: &str) -> Self {
        self.passes = Some(td.into());
        self
    }

    /// A C++ source of the crate: the file that instantiates a dialect's
    /// generated classes (with `rmlir/BridgeCxx.h`'s helpers and
    /// `RMLIR_DIALECT_HANDLE`). Without any, the build generates that file
    /// for each dialect ([`ods::dialect_cpp`]): enough for a dialect whose
    /// ODS uses no custom C++ assembly helpers.
    pub fn cpp(mut self, file: impl AsRef<Path>) -> Self {
        self.cpp.push(self.path(file));
        self
    }

    /// Where the generated code finds the crate's modules.
    pub fn paths(mut self, paths: Paths) -> Self {
        self.paths = paths;
        self
    }

    /// Runs the build (see the crate documentation). Panics, failing the
    /// build, on any error.
    pub fn build(self) {
        let bridge = BridgeInfo::from_env();
        let prefix = llvm_prefix();
        let out = PathBuf::from(env::var_os("OUT_DIR").expect("OUT_DIR"));
        let gen_dir = out.join("gen");
        fs::create_dir_all(&gen_dir).expect("create gen dir");
        let llvm_include = prefix.join("include");
        println!("cargo:rerun-if-env-changed=RMLIR_LLVM_PREFIX");
        println!("cargo:rerun-if-env-changed=MLIR_SYS_220_PREFIX");
        for dir in self
            .td_dirs
            .iter()
            .chain(&self.include_dirs)
            .chain(&self.cpp)
        {
            println!("cargo:rerun-if-changed={}", dir.display());
        }
        let main_td = self
            .td_dirs
            .first()
            .expect("DialectBuild: no td_dir")
            .clone();
        let mut includes = self.td_dirs.clone();
        includes.push(bridge.td.clone());
        includes.push(llvm_include.clone());

        // 1. ODS → C++.
        for d in &self.dialects {
            let stem = &d.stem;
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
                    cmd.arg(format!("-dialect={}", d.name));
                }
                if generator.contains("attrdef") {
                    cmd.arg(format!("-attrdefs-dialect={}", d.name));
                }
                if generator.contains("typedef") {
                    cmd.arg(format!("-typedefs-dialect={}", d.name));
                }
                for dir in &includes {
                    cmd.arg(format!("-I{}", dir.display()));
                }
                cmd.arg(main_td.join(&d.td))
                    .arg("-o")
                    .arg(gen_dir.join(file));
                run(&mut cmd);
            }
        }

        // 2. ODS → Rust.
        let dialects: Vec<ods::Dialect> = self
            .dialects
            .iter()
            .map(|d| ods::read(&records(&prefix, &includes, &main_td.join(&d.td)), &d.name))
            .collect();
        let write = |file: &str, text: String| {
            fs::write(out.join(file), text).unwrap_or_else(|e| panic!("write {file}: {e}"))
        };
        for (d, dialect) in self.dialects.iter().zip(&dialects) {
            fs::write(
                gen_dir.join(format!("{}OpAccess.cpp.inc", d.stem)),
                ods::op_access(dialect),
            )
            .expect("write the typed op access");
        }
        write("ods_ops.rs", ods::op_table(&dialects));
        write("ods_typed.rs", ods::typed(&dialects, &self.paths));
        write("ods_enums.rs", ods::enums(&dialects));
        write("ods_wiring.rs", ods::wiring(&dialects, &self.paths));
        write("ods_glue.rs", ods::glue(&dialects));
        let cpp_traits: Vec<_> = self
            .dialects
            .iter()
            .map(|d| {
                let header = fs::read_to_string(gen_dir.join(format!("{}Ops.h.inc", d.stem)))
                    .expect("read generated op declarations");
                ods::cpp_traits(&header)
            })
            .collect();
        write(
            "ods_builders.rs",
            ods::builders(&dialects, &cpp_traits, &self.paths),
        );
        if let Some(td) = &self.passes {
            let own: Vec<(String, String)> = dialects
                .iter()
                .map(|d| (d.cpp_class.clone(), d.name.clone()))
                .collect();
            let records = records(&prefix, &includes, &main_td.join(td));
            write(
                "ods_passes.rs",
                passes::generate(&records, &own, &self.paths.dialects),
            );
        } else {
            write("ods_passes.rs", passes::none());
        }

        // 3. The crate's C++ → its dialect library.
        let mut build = cxx(&prefix);
        build.include(&bridge.include).include(&gen_dir);
        for dir in &self.include_dirs {
            build.include(dir);
        }
        for file in &self.cpp {
            build.file(file);
        }
        // No C++ of the crate's own: each dialect's is generated.
        if self.cpp.is_empty() {
            for (d, dialect) in self.dialects.iter().zip(&dialects) {
                let read =
                    |file: String| fs::read_to_string(gen_dir.join(file)).unwrap_or_default();
                let text = ods::dialect_cpp(
                    dialect,
                    &d.stem,
                    &read(format!("{}Types.cpp.inc", d.stem)),
                    &read(format!("{}Attrs.cpp.inc", d.stem)),
                );
                let file = gen_dir.join(format!("{}Dialect.cpp", d.stem));
                fs::write(&file, text).expect("write the generated dialect C++");
                build.file(file);
            }
        }
        let objects = build.compile_intermediates();
        let library = out.join(format!("lib{}.so", self.library_name));
        link_shared(
            &prefix,
            &library,
            &objects,
            std::slice::from_ref(&bridge.library),
        );
        println!(
            "cargo:rustc-env=RMLIR_DIALECT_LIBRARY={}",
            library.display()
        );
    }
}
