# lit configuration for rmlir: every test runs on the release build.
import os

import lit.formats

config.name = "rmlir"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(
    os.path.dirname(os.path.dirname(config.test_source_root)), "target", "lit"
)

root = os.path.dirname(os.path.dirname(config.test_source_root))
llvm = os.environ.get("RMLIR_LLVM_PREFIX", "/usr/lib/llvm-22")
bin_dir = os.path.join(root, "target", "release")
plugin = os.path.join(bin_dir, "librmlir.so")

config.environment["PATH"] = os.pathsep.join(
    [bin_dir, os.path.join(llvm, "bin"), config.environment.get("PATH", os.environ["PATH"])]
)
config.environment["RUST_BACKTRACE"] = "0"

config.substitutions.append(("%plugin", plugin))
config.substitutions.append(("%rmlir-opt-path", os.path.join(bin_dir, "rmlir-opt")))
# %cpp-dirs: every hand-written C++ directory (rmlir's, the bridge's, the toy
# example's).
config.substitutions.append(
    (
        "%cpp-dirs",
        " ".join(
            os.path.join(root, d) for d in ("cpp", "bridge/cpp", "examples/toy/cpp")
        ),
    )
)

# %mlir-opt-plugin: stock upstream mlir-opt with rmlir loaded as both plugins.
config.substitutions.append(
    (
        "%mlir-opt-plugin",
        f"{llvm}/bin/mlir-opt --load-dialect-plugin={plugin} --load-pass-plugin={plugin}",
    )
)
# %toy-opt: stock mlir-opt with the example dialect built on rmlir-bridge
# alone (examples/toy) loaded as both plugins.
toy = os.path.join(bin_dir, "libtoy_dialect.so")
config.substitutions.append(("%toy-plugin", toy))
config.substitutions.append(("%bridge-cpp", os.path.join(root, "bridge", "cpp")))
config.substitutions.append(
    ("%toy-opt", f"{llvm}/bin/mlir-opt --load-dialect-plugin={toy} --load-pass-plugin={toy}")
)
# %fault-opt: stock mlir-opt with the test dialect whose Rust hooks are
# wrong on purpose (tests/fault-dialect).
fault = os.path.join(bin_dir, "libfault_dialect.so")
config.substitutions.append(("%fault-opt", f"{llvm}/bin/mlir-opt --load-dialect-plugin={fault}"))
# %upstream-mlir-opt: stock mlir-opt alone (for differential tests).
config.substitutions.append(("%upstream-mlir-opt", f"{llvm}/bin/mlir-opt"))
# %upstream-mlir-reduce: stock mlir-reduce (for differential tests).
config.substitutions.append(("%upstream-mlir-reduce", f"{llvm}/bin/mlir-reduce"))
# %to-upstream / %from-upstream: rename our dialects to upstream's and back.
config.substitutions.append(
    ("%to-upstream", r"sed -E 's/\brarith\./arith./g; s/\brshape\./shape./g; s/!rshape\./!shape./g'")
)
config.substitutions.append(
    ("%from-upstream", r"sed -E 's/#arith\./#@ARITH@./g; s/\barith\./rarith./g; s/#@ARITH@\./#arith./g; s/\bshape\./rshape./g; s/!shape\./!rshape./g'")
)

# %llvm-lib: the LLVM library directory (runtime libraries for the JIT).
config.substitutions.append(("%llvm-lib", os.path.join(llvm, "lib")))
# %mlir-runner: stock mlir-runner with upstream's C runner utils (vector.print).
config.substitutions.append(
    (
        "%mlir-runner",
        f"{llvm}/bin/mlir-runner --shared-libs={llvm}/lib/libmlir_c_runner_utils.so",
    )
)
# %native: rshape/rarith with tensors (stage 3 of seed 003) to the LLVM
# dialect, as a whole pipeline or as the inner list of passes.
native_passes = (
    "convert-rshape-to-std,canonicalize,"
    "one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,"
    "expand-strided-metadata,lower-affine,rarith-expand,convert-scf-to-cf,"
    "convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,"
    "finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
)
# %apfloat: float ops through the APFloat runtime, then to the LLVM dialect
# (the f8 values vanish between the bitcasts canonicalize folds away).
config.substitutions.append(
    (
        "%apfloat",
        "builtin.module(convert-rarith-to-apfloat,canonicalize,convert-rarith-to-llvm,"
        "convert-func-to-llvm,reconcile-unrealized-casts)",
    )
)
config.substitutions.append(("%native-inner", native_passes))
config.substitutions.append(("%native", f"builtin.module({native_passes})"))

# bf16-flushing-cpu: the host has a bf16 conversion instruction that flushes
# subnormals (AVX512-BF16, AVX-NE-CONVERT), which `rmlir-run
# --cpu-features=native` uses and the default `exact` leaves out. Tests of
# the native path say which host class they are for.
import subprocess

try:
    host = subprocess.run(
        [os.path.join(bin_dir, "rmlir-run"), "--print-host-cpu"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    if "flushes subnormals: yes" in host:
        config.available_features.add("bf16-flushing-cpu")
except (OSError, subprocess.CalledProcessError):
    pass

# %{lower}: rmlir-run's pipeline for programs that also hold vector ops
# (rarith-emulate-wide-int's output: halves in vectors).
config.substitutions.append(
    (
        "%{lower}",
        "builtin.module(rarith-expand,convert-vector-to-llvm,convert-rarith-to-llvm,"
        "convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)",
    )
)
