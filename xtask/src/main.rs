//! Developer tasks: differential checks against the reference tools and
//! benchmarks. Run `cargo xtask help`.
//!
//! Each task lives in its own module; `util` holds what they share (finding
//! the reference tools, building irkit in release mode, running commands).

mod abi_diff;
mod append_diff;
mod bench;
mod filecheck_diff;
mod fuzz;
mod ir_compat;
mod ir_diff;
mod lit_compat;
mod llvm_ops;
mod llvm_src;
mod lsp;
mod minimise;
mod mlir_release;
mod tblgen_compat;
mod tblgen_corpus;
mod tblgen_tests;
mod td_diff;
mod util;
mod verify_diff;

use std::process::ExitCode;

const HELP: &str = "\
cargo xtask <task> [options]

Differential checks (each needs the reference tool installed; see README):
  lit-compat              run testdata/ under LLVM lit with FileCheck-19
  tblgen-compat           irkit tblgen vs llvm-tblgen-V over release V's LLVM/MLIR .td corpus
  tblgen-tests            LLVM's own TableGen tests (llvm/test/TableGen of release V) under lit,
                          with llvm-tblgen-V and with irkit tblgen --llvm-compat=V
  append-diff             random let append/prepend hierarchies vs desugared llvm-tblgen-19
  ir-compat               irkit opt vs mlir-opt-V --mlir-print-op-generic on real IR
                          (--mlir 19|22, default 19; --custom: the custom syntax and
                          round trips; --mlir-tests: MLIR V's own tests)
  td-diff                 random bang-operator programs vs llvm-tblgen-19 (or -22)
  ir-diff                 random generic-syntax modules vs mlir-opt-19 (or --mlir 22)
  verify-diff             mutants of valid IR: accepted/rejected (and why) as by mlir-opt-V
                          (--mlir 19|22, default 19)
  llvm-ops                which ops of MLIR 19's or 22's LLVM dialect (LLVMOps.td, LLVMIntrinsicOps.td)
                          irkit's llvm dialect does not define
  abi-diff                ABI classification vs clang-19 on random C signatures
  filecheck-diff          irkit filecheck vs FileCheck-19/22, byte for byte
  lsp-compare             the same requests to tblgen-/mlir-lsp-server-22 and irkit lsp
  lsp-test                pytest-lsp tests of irkit lsp (lsp/tests/pytest)
Reference material:
  llvm-src                fetch LLVM V's test folders (TableGen, FileCheck, mlir/test) from
                          Debian's llvm-toolchain-V source package into target/llvm-src/
Fuzzing (cargo-fuzz, nightly):
  fuzz                    every fuzz/ target in turn for a time budget (--time SECS)
Benchmarks (same run, reference tool beside irkit, printing ratios):
  bench tblgen | ir | abi | abi-lower | filecheck
  lsp-bench               irkit lsp latency and memory on Intrinsics.td

Run `cargo xtask <task> --help` for a task's options.
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((task, rest)) = args.split_first() else {
        eprint!("{HELP}");
        return ExitCode::from(2);
    };
    let res = match task.as_str() {
        "lit-compat" => lit_compat::run(rest),
        "llvm-src" => llvm_src::run(rest),
        "llvm-ops" => llvm_ops::run(rest),
        "tblgen-compat" => tblgen_compat::run(rest),
        "tblgen-tests" => tblgen_tests::run(rest),
        "append-diff" => append_diff::run(rest),
        "ir-compat" => ir_compat::run(rest),
        "abi-diff" => abi_diff::run(rest),
        "filecheck-diff" => filecheck_diff::run(rest),
        "td-diff" => td_diff::run(rest),
        "ir-diff" => ir_diff::run(rest),
        "verify-diff" => verify_diff::run(rest),
        "bench" => bench::run(rest),
        "fuzz" => fuzz::run(rest),
        "lsp-test" => lsp::run_test(rest),
        "lsp-compare" => lsp::run_compare(rest),
        "lsp-bench" => lsp::run_bench(rest),
        "help" | "--help" | "-h" => {
            print!("{HELP}");
            return ExitCode::SUCCESS;
        }
        other => Err(format!("unknown task '{other}'\n\n{HELP}")),
    };
    match res {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}
