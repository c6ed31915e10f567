//! `irkit filecheck`: an LLVM FileCheck-compatible checker.

use crate::report::{not_built, Reporter};
use clap::Args as ClapArgs;

/// Check that input matches the CHECK patterns of a check file, like FileCheck.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The file holding the CHECK lines.
    pub check_file: String,
    /// Read the input from this file instead of stdin.
    #[arg(long, value_name = "FILE")]
    pub input_file: Option<String>,
    /// Use these check prefixes instead of CHECK (repeatable, comma-separated).
    #[arg(
        long = "check-prefix",
        visible_alias = "check-prefixes",
        value_delimiter = ',',
        value_name = "PREFIX"
    )]
    pub check_prefixes: Vec<String>,
    /// Fail if the input contains PATTERN anywhere not explicitly matched.
    #[arg(long, value_name = "PATTERN")]
    pub implicit_check_not: Vec<String>,
    /// Each pattern must match a whole line.
    #[arg(long)]
    pub match_full_lines: bool,
    /// Do not canonicalize horizontal whitespace.
    #[arg(long)]
    pub strict_whitespace: bool,
    /// Allow the input to be empty.
    #[arg(long)]
    pub allow_empty: bool,
    /// Define a pattern variable (NAME=VALUE) or numeric one (#NAME=VALUE).
    #[arg(short = 'D', value_name = "VAR=VALUE")]
    pub defines: Vec<String>,
}

pub fn run(rep: &Reporter, _args: Args) -> u8 {
    not_built(rep, "irkit filecheck")
}
