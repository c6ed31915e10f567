//! `irkit lit`: run lit-style file tests outside cargo.

use crate::report::{not_built, Reporter};
use clap::Args as ClapArgs;

/// Run lit-style file tests (RUN/CHECK lines), like LLVM's lit.
///
/// Each file's `RUN:` lines are run with `%s %S %t %p` substituted and
/// `irkit`/`%irkit`/`FileCheck` resolving to this binary. Prints a summary;
/// exit 1 if any test failed.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Test files or directories.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Show the output of failing tests.
    #[arg(short, long)]
    pub verbose: bool,
}

pub fn run(rep: &Reporter, _args: Args) -> u8 {
    not_built(rep, "irkit lit")
}
