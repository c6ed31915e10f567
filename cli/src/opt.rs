//! `irkit opt`: parse, run passes, print.

use crate::report::{not_built, Reporter};
use clap::Args as ClapArgs;

/// Parse IR, run passes, and print the result in generic form.
///
/// With no pass it prints what it read exactly as
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic` does.
/// `--abi-lower` rewrites function signatures, bodies and call sites of the
/// CIR-like and FIR-like dialects for the target's C calling convention.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Run the calling-convention lowering pass.
    #[arg(long)]
    pub abi_lower: bool,
    /// Target triple for `--abi-lower` (e.g. x86_64-unknown-linux-gnu).
    #[arg(long, value_name = "TRIPLE")]
    pub triple: Option<String>,
    /// Target features, e.g. `+avx` or `+avx512f` (x86_64 vector widths).
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// Print operations in generic form (the only form irkit prints; accepted
    /// for command-line compatibility with mlir-opt).
    #[arg(long)]
    pub mlir_print_op_generic: bool,
    /// Print locations (`loc(...)`) as mlir-opt does with this flag.
    #[arg(long)]
    pub mlir_print_debuginfo: bool,
    /// Split the input at `// -----` lines and process each chunk alone.
    #[arg(long)]
    pub split_input_file: bool,
}

pub fn run(rep: &Reporter, _args: Args) -> u8 {
    not_built(rep, "irkit opt")
}
