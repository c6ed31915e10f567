//! `irkit verify`: parse and verify IR in generic syntax.

use crate::report::{not_built, Reporter};
use clap::Args as ClapArgs;

/// Parse and verify MLIR-style IR written in the generic syntax.
///
/// Checks SSA dominance, terminators, successors, symbol tables, registered
/// op definitions and the token contract (a `token` value is never forwarded
/// through calls, function signatures, branches, region forwarding or
/// select-like ops). Unregistered ops are accepted, as with
/// `mlir-opt --allow-unregistered-dialect`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Load dialect definitions from a .td file at run time (repeatable).
    #[arg(long, value_name = "X.td")]
    pub dialect: Vec<String>,
    /// Check `// expected-error {{...}}` annotations instead of reporting.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Split the input at `// -----` lines and verify each chunk alone.
    #[arg(long)]
    pub split_input_file: bool,
}

pub fn run(rep: &Reporter, _args: Args) -> u8 {
    not_built(rep, "irkit verify")
}
