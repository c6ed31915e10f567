//! `irkit filecheck`: LLVM's FileCheck, with its command line, messages,
//! exit codes and annotated input dump. This module reads the command line
//! ([`cl`], LLVM's option syntax; clap is not used), reads the files and
//! prints; the checker is `irkit_lit::filecheck`.
//!
//! `--llvm-compat=19|22` (default 22) picks the FileCheck release where they
//! differ (today: only the set of LLVM-wide options they accept).

mod cl;

use irkit_lit::filecheck::{dump, FailureKind, Options};
use std::ffi::OsString;
use std::io::{Read, Write};

/// Check that input matches the CHECK patterns of a check file, like
/// LLVM's FileCheck (same options, messages and exit codes).
///
/// Input: a check file with CHECK directives and the text to check (stdin
/// by default). Guide: docs/subcommands.md in the irkit repository.
#[derive(clap::Args, Debug)]
#[command(disable_help_flag = true)]
pub struct Args {
    /// FileCheck's arguments, read as FileCheck reads them.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    pub args: Vec<OsString>,
}

/// When `argv` is `irkit filecheck ...`, runs FileCheck on the rest of the
/// arguments and returns its exit code; `None` for other subcommands.
pub fn run_if_filecheck(argv: &[OsString]) -> Option<u8> {
    if argv.get(1).is_some_and(|a| a == "filecheck") {
        let prog = program_name(argv);
        return Some(run_args(&prog, &argv[2..]));
    }
    None
}

fn program_name(argv: &[OsString]) -> String {
    let a0 = argv
        .first()
        .map(|a| a.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{a0} filecheck")
}

/// `irkit [global options] filecheck ARGS` reached through clap.
pub fn run(args: Args) -> u8 {
    let argv: Vec<OsString> = std::env::args_os().collect();
    run_args(&program_name(&argv), &args.args)
}

fn run_args(prog: &str, raw: &[OsString]) -> u8 {
    let args: Vec<String> = raw
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let level = cl::compat_level(&args);
    let mut all = match std::env::var("FILECHECK_OPTS") {
        Ok(s) => cl::tokenize_gnu(&s),
        Err(_) => Vec::new(),
    };
    all.extend(args.iter().cloned());
    let p = cl::parse(&all, level);
    let short_prog = {
        let first = prog.split(' ').next().unwrap_or(prog);
        let base = first.rsplit('/').next().unwrap_or(first);
        format!("{base} filecheck")
    };
    let mut err = std::io::stderr().lock();
    if let Some(h) = p.help {
        for e in &p.errors {
            let _ = writeln!(err, "{short_prog}: {}", e.replace("{PROG}", &short_prog));
        }
        let _ = std::io::stdout().write_all(help_text(h, &short_prog, level).as_bytes());
        return 0;
    }
    if !p.errors.is_empty() {
        for e in &p.errors {
            let _ = writeln!(err, "{short_prog}: {}", e.replace("{PROG}", &short_prog));
        }
        return 1;
    }
    // The -dump-input* values: the most informative of each wins.
    let dump_input = p.dump_input.iter().min().copied().unwrap_or(2);
    if dump_input == 0 {
        use std::io::IsTerminal;
        let color = p
            .color
            .unwrap_or_else(|| std::io::stdout().is_terminal() && term_has_colors());
        let _ = std::io::stdout().write_all(dump_help(color).as_bytes());
        return 0;
    }
    let filter = match p.dump_filter.iter().min() {
        Some(0) => dump::Filter::All,
        Some(1) => dump::Filter::AnnotationFull,
        Some(2) => dump::Filter::Annotation,
        Some(_) => dump::Filter::Error,
        None if dump_input == 1 => dump::Filter::All,
        None => dump::Filter::Error,
    };
    let context = p.dump_context.iter().max().copied().unwrap_or(5);
    let Some(check_file) = p.check_file.clone() else {
        let _ = writeln!(err, "<check-file> not specified");
        return 2;
    };
    let mut bad_define = false;
    for d in &p.defines {
        match d.find('=') {
            None => {
                let _ = writeln!(err, "Missing equal sign in command-line definition '-D{d}'");
                bad_define = true;
            }
            Some(0) => {
                let _ = writeln!(
                    err,
                    "Missing variable name in command-line definition '-D{d}'"
                );
                bad_define = true;
            }
            Some(_) => {}
        }
    }
    if bad_define {
        return 2;
    }
    let input_arg = p.input_file.clone().unwrap_or_else(|| "-".to_string());
    let input_name = if input_arg == "-" {
        "<stdin>".to_string()
    } else {
        input_arg.clone()
    };
    let mut opts = Options::new(input_name.clone());
    opts.check_prefixes = p.check_prefixes.clone();
    opts.comment_prefixes = p.comment_prefixes.clone();
    opts.implicit_check_not = p.implicit_check_not.clone();
    opts.match_full_lines = p.match_full_lines;
    opts.strict_whitespace = p.strict_whitespace;
    opts.allow_empty = p.allow_empty;
    opts.ignore_case = p.ignore_case;
    opts.enable_var_scope = p.enable_var_scope;
    opts.allow_unused_prefixes = p.allow_unused_prefixes;
    opts.allow_deprecated_dag_overlap = p.allow_deprecated_dag_overlap;
    opts.llvm_release = level;
    opts.defines = p.defines.clone();
    opts.verbose = p.verbose || p.verbose_verbose;
    opts.verbose_verbose = p.verbose_verbose;
    opts.collect_dump = dump_input != 3;

    // `--color` forces colours on (or, `=false`, off); otherwise they are
    // on when stderr is a terminal that shows them, as LLVM decides.
    let color = p.color.unwrap_or_else(stderr_has_colors);
    if let Err(msg) = irkit_lit::filecheck::validate_prefixes(&opts) {
        let _ = writeln!(err, "error: {msg}");
        return 2;
    }
    let check_text = match read_file_or_stdin(&check_file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            let _ = writeln!(err, "Could not open check file '{check_file}': {e}");
            return 2;
        }
    };
    let prepared = match irkit_lit::filecheck::prepare(&check_text, &check_file, &opts) {
        Ok(p) => p,
        Err(report) => {
            let _ = err.write_all(report.render(color).as_bytes());
            return 2;
        }
    };
    let input = match read_file_or_stdin(&input_arg) {
        Ok(b) => b,
        Err(e) => {
            let _ = writeln!(err, "Could not open input file '{input_name}': {e}");
            return 2;
        }
    };
    let input = String::from_utf8_lossy(&input);
    let out = prepared.run(&input, &opts);
    if out.kind == Some(FailureKind::EmptyInput) {
        let _ = writeln!(err, "FileCheck error: '{input_name}' is empty.");
        let mut line = format!("FileCheck command line:  {prog}");
        for a in &args {
            line.push(' ');
            line.push_str(a);
        }
        let _ = writeln!(err, "{line}");
        return 2;
    }
    let _ = err.write_all(out.render(color).as_bytes());
    let failed = out.kind.is_some();
    if dump_input == 1 || (failed && dump_input == 2) {
        let cfg = dump::DumpConfig {
            filter,
            context: u32::try_from(context).unwrap_or(u32::MAX),
            min_label_width: u32::try_from(p.label_width).unwrap_or(u32::MAX),
            color,
            verbose: opts.verbose,
        };
        let _ = write!(
            err,
            "\nInput file: {input_name}\nCheck file: {check_file}\n\n-dump-input=help explains the following input dump.\n\n"
        );
        let _ = err.write_all(out.render_dump(&cfg).as_bytes());
    }
    match out.kind {
        None => 0,
        Some(k) => k_code(k),
    }
}

/// LLVM's `Process::StandardErrHasColors`: a terminal whose `TERM` names
/// one that shows colours.
fn stderr_has_colors() -> bool {
    use std::io::IsTerminal;
    std::io::stderr().is_terminal() && term_has_colors()
}

/// Whether `TERM` names a terminal that shows colours (LLVM's
/// `terminalHasColors`).
fn term_has_colors() -> bool {
    let term = std::env::var("TERM").unwrap_or_default();
    ["ansi", "cygwin", "linux"].contains(&term.as_str())
        || ["screen", "xterm", "vt100", "rxvt"]
            .iter()
            .any(|p| term.starts_with(p))
        || term.ends_with("color")
}

fn k_code(k: FailureKind) -> u8 {
    match k {
        FailureKind::Mismatch => 1,
        FailureKind::BadCheckFile | FailureKind::EmptyInput => 2,
    }
}

/// Reads a file, or stdin for `-`; errors in the words LLVM uses.
fn read_file_or_stdin(path: &str) -> Result<Vec<u8>, String> {
    if path == "-" {
        let mut buf = Vec::new();
        return match std::io::stdin().read_to_end(&mut buf) {
            Ok(_) => Ok(buf),
            Err(e) => Err(io_reason(&e)),
        };
    }
    std::fs::read(path).map_err(|e| io_reason(&e))
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "No such file or directory".to_string(),
        std::io::ErrorKind::PermissionDenied => "Permission denied".to_string(),
        std::io::ErrorKind::IsADirectory => "Is a directory".to_string(),
        _ => {
            let s = e.to_string();
            s.split(" (os error").next().unwrap_or(&s).to_string()
        }
    }
}

/// What `--help`, `--help-hidden`, `--help-list`, `--help-list-hidden` and
/// `--version` print, as FileCheck `release` prints them (the texts are
/// FileCheck-19's and -22's output, kept under `cli/src/filecheck/help/`);
/// only the program name in `USAGE:` is irkit's. `--version` names the
/// LLVM release matched, with `irkit` where LLVM's build names its vendor.
fn help_text(which: &str, prog: &str, release: u32) -> String {
    let text = match (which, release) {
        ("version", 19) => return "irkit LLVM version 19.1.7\n  Optimized build.\n".to_string(),
        ("version", _) => return "irkit LLVM version 22.1.8\n  Optimized build.\n".to_string(),
        ("help-hidden", 19) => include_str!("filecheck/help/19-help-hidden.txt"),
        ("help-hidden", _) => include_str!("filecheck/help/22-help-hidden.txt"),
        ("help-list", 19) => include_str!("filecheck/help/19-help-list.txt"),
        ("help-list", _) => include_str!("filecheck/help/22-help-list.txt"),
        ("help-list-hidden", 19) => include_str!("filecheck/help/19-help-list-hidden.txt"),
        ("help-list-hidden", _) => include_str!("filecheck/help/22-help-list-hidden.txt"),
        (_, 19) => include_str!("filecheck/help/19-help.txt"),
        (_, _) => include_str!("filecheck/help/22-help.txt"),
    };
    text.replacen("{PROG}", prog, 1)
}

/// `-dump-input=help`: FileCheck's explanation of the input dump (the same
/// in 19 and 22), with `--color`'s sequences when colours are on.
fn dump_help(color: bool) -> &'static str {
    if color {
        include_str!("filecheck/help/dump-input-color.txt")
    } else {
        include_str!("filecheck/help/dump-input.txt")
    }
}
