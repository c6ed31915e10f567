//! `irkit filecheck`: an LLVM FileCheck-compatible checker. This module only
//! parses arguments, reads files and prints; the checker is
//! `irkit_lit::filecheck`.

use crate::report::{Reporter, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use std::ffi::OsString;
use std::io::{Read, Write};

/// Check that input matches the CHECK patterns of a check file, like FileCheck.
///
/// Exit codes as FileCheck: 0 the input matches, 1 it does not, 2 the check
/// file or an option is unusable (or the input is empty without
/// --allow-empty). Single-dash long options (`-check-prefix=X`) are accepted
/// as LLVM's tools accept them.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// The file holding the CHECK lines.
    pub check_file: String,
    /// Read the input from this file instead of stdin.
    #[arg(long, value_name = "FILE", default_value = "-")]
    pub input_file: String,
    /// Use these check prefixes instead of CHECK (repeatable, comma-separated).
    #[arg(
        long = "check-prefix",
        visible_alias = "check-prefixes",
        value_delimiter = ',',
        value_name = "PREFIX"
    )]
    pub check_prefixes: Vec<String>,
    /// Comment prefixes whose lines are ignored (default COM,RUN).
    #[arg(
        long = "comment-prefixes",
        value_delimiter = ',',
        value_name = "PREFIX"
    )]
    pub comment_prefixes: Vec<String>,
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
    /// Match case-insensitively.
    #[arg(long)]
    pub ignore_case: bool,
    /// CHECK-LABEL forgets variables whose names do not start with `$`.
    #[arg(long)]
    pub enable_var_scope: bool,
    /// Do not complain about prefixes that no directive uses.
    #[arg(long)]
    pub allow_unused_prefixes: bool,
    /// Define a pattern variable (NAME=VALUE) or numeric one (#NAME=VALUE).
    #[arg(short = 'D', value_name = "VAR=VALUE")]
    pub defines: Vec<String>,
    /// Accepted for FileCheck compatibility; irkit never dumps the input.
    #[arg(long, value_name = "WHEN")]
    pub dump_input: Option<String>,
    /// Accepted for FileCheck compatibility; ignored.
    #[arg(long, value_name = "FILTER", hide = true)]
    pub dump_input_filter: Option<String>,
    /// Accepted for FileCheck compatibility; ignored.
    #[arg(long, value_name = "N", hide = true)]
    pub dump_input_context: Option<String>,
    /// Accepted for FileCheck compatibility; ignored.
    #[arg(short = 'v', action = clap::ArgAction::Count, hide = true)]
    pub verbose: u8,
    /// Accepted; ignored.
    #[arg(long, hide = true)]
    pub llvm_compat: Option<String>,
}

/// FileCheck's long options, which LLVM also accepts with one dash.
const LONG_OPTIONS: &[&str] = &[
    "input-file",
    "check-prefix",
    "check-prefixes",
    "comment-prefixes",
    "implicit-check-not",
    "match-full-lines",
    "strict-whitespace",
    "allow-empty",
    "ignore-case",
    "enable-var-scope",
    "allow-unused-prefixes",
    "dump-input",
    "dump-input-filter",
    "dump-input-context",
];

/// Rewrites `irkit filecheck -check-prefix=X` to `--check-prefix=X` so clap
/// accepts LLVM's single-dash spelling. Other subcommands are untouched.
pub fn normalize_args(args: impl Iterator<Item = OsString>) -> Vec<OsString> {
    let mut out: Vec<OsString> = args.collect();
    let is_filecheck = out
        .iter()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'))
        .is_some_and(|a| a == "filecheck");
    if !is_filecheck {
        return out;
    }
    for a in out.iter_mut().skip(1) {
        let s = a.to_string_lossy();
        if let Some(rest) = s.strip_prefix('-') {
            if rest.starts_with('-') {
                continue;
            }
            let name = rest.split('=').next().unwrap_or(rest);
            if LONG_OPTIONS.contains(&name) {
                *a = OsString::from(format!("-{s}"));
            }
        }
    }
    out
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let check_text = match std::fs::read(&args.check_file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            rep.error(&format!(
                "could not open check file '{}': {}",
                args.check_file,
                io_reason(&e)
            ));
            return EXIT_USAGE;
        }
    };
    let (input_name, input) = if args.input_file == "-" {
        let mut buf = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut buf) {
            rep.error(&format!("cannot read <stdin>: {e}"));
            return EXIT_USAGE;
        }
        ("<stdin>".to_string(), buf)
    } else {
        match std::fs::read(&args.input_file) {
            Ok(b) => (args.input_file.clone(), b),
            Err(e) => {
                rep.error(&format!(
                    "could not open input file '{}': {}",
                    args.input_file,
                    io_reason(&e)
                ));
                return EXIT_USAGE;
            }
        }
    };
    let input = String::from_utf8_lossy(&input);
    let mut opts = irkit_lit::filecheck::Options::new(input_name);
    opts.check_prefixes = args.check_prefixes;
    opts.comment_prefixes = args.comment_prefixes;
    opts.implicit_check_not = args.implicit_check_not;
    opts.match_full_lines = args.match_full_lines;
    opts.strict_whitespace = args.strict_whitespace;
    opts.allow_empty = args.allow_empty;
    opts.ignore_case = args.ignore_case;
    opts.enable_var_scope = args.enable_var_scope;
    opts.allow_unused_prefixes = args.allow_unused_prefixes;
    opts.defines = args.defines;
    match irkit_lit::filecheck::check(&check_text, &args.check_file, &input, &opts) {
        Ok(()) => EXIT_OK,
        Err(report) => {
            // Always FileCheck's own format: tests check this text.
            let _ = std::io::stderr().write_all(report.render_plain().as_bytes());
            report.exit_code()
        }
    }
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
        _ => e.to_string(),
    }
}
