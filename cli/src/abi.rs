//! `irkit abi`: print the ABI classification of every function.

use crate::report::{not_built, Reporter};
use clap::{Args as ClapArgs, ValueEnum};

/// Print how each function's arguments and result are passed on a target.
///
/// Reads CIR-like function declarations and definitions (generic syntax) and
/// prints, per function, either a table (source type, class, lowered types,
/// attributes) or the LLVM `declare` line clang-19 emits for the same C
/// declaration, so irkit can be diffed against clang directly.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Target triple (x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu).
    #[arg(long, value_name = "TRIPLE")]
    pub triple: String,
    /// Target features, e.g. `+avx` or `+avx512f`.
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A table for people.
    Table,
    /// One LLVM `declare` line per function, as clang-19 spells it.
    Llvm,
}

pub fn run(rep: &Reporter, _args: Args) -> u8 {
    not_built(rep, "irkit abi")
}
