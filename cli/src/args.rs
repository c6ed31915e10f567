//! LLVM's command-line conventions on top of clap: a long option may be
//! written with one dash (`-print-records`, `-split-input-file`,
//! `-mlir-print-op-generic=true` is not LLVM but `-o=FILE` is), as every
//! RUN line written for llvm-tblgen or mlir-opt does.
//!
//! clap reads `-print-records` as the short flags `-p -r -i ...`, so the
//! arguments are rewritten before clap sees them: a single-dash word whose
//! name (up to `=`) is a long option of the subcommand (or a global one)
//! gets a second dash. Everything else is left as it is, so clap's own
//! messages still name what the user typed. `filecheck` parses its own
//! command line (LLVM's cl rules down to their messages) and `lit` follows
//! Python's argparse (`-sv` is `-s -v`); both are left alone.

use clap::CommandFactory;
use std::ffi::OsString;

/// Subcommands whose options follow LLVM's cl conventions.
const LLVM_STYLE: &[&str] = &["tblgen", "verify", "opt", "abi", "lsp"];

/// Rewrites one-dash long options of `C`'s LLVM-style subcommands.
pub fn llvm_style<C: CommandFactory>(args: Vec<OsString>) -> Vec<OsString> {
    let cmd = C::command();
    let globals: Vec<String> = long_names(&cmd);
    // The subcommand is the first argument naming one; anything before it
    // is a global option (or its value).
    let Some((pos, sub)) = args.iter().enumerate().skip(1).find_map(|(i, a)| {
        let s = a.to_str()?;
        cmd.get_subcommands()
            .find(|c| c.get_name() == s)
            .map(|c| (i, c))
    }) else {
        return args;
    };
    if !LLVM_STYLE.contains(&sub.get_name()) {
        return args;
    }
    let mut names = long_names(sub);
    names.extend(globals);
    // clap's own, which LLVM tools spell `-help` and `-version` too.
    names.extend(["help".to_string(), "version".to_string()]);
    let mut out = args;
    for a in out.iter_mut().skip(pos + 1) {
        let Some(s) = a.to_str() else { continue };
        if s == "--" {
            break;
        }
        let Some(rest) = s.strip_prefix('-') else {
            continue;
        };
        if rest.starts_with('-') || rest.len() < 2 {
            continue;
        }
        let name = rest.split('=').next().unwrap_or(rest);
        if names.iter().any(|n| n == name) {
            *a = OsString::from(format!("-{s}"));
        }
    }
    out
}

/// The long names (and visible or hidden aliases) of `cmd`'s own options.
fn long_names(cmd: &clap::Command) -> Vec<String> {
    let mut res = Vec::new();
    for arg in cmd.get_arguments() {
        if let Some(l) = arg.get_long() {
            res.push(l.to_string());
        }
        if let Some(aliases) = arg.get_all_aliases() {
            res.extend(aliases.into_iter().map(str::to_string));
        }
    }
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Vec<String> {
        let v = args.iter().map(OsString::from).collect();
        llvm_style::<crate::Cli>(v)
            .into_iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    /// Every long option of every LLVM-style subcommand is accepted with
    /// one dash, alone and with `=VALUE`.
    #[test]
    fn every_long_option_takes_one_dash() {
        let cmd = crate::Cli::command();
        for sub in cmd.get_subcommands() {
            let name = sub.get_name();
            if !LLVM_STYLE.contains(&name) {
                continue;
            }
            let longs = long_names(sub);
            assert!(!longs.is_empty(), "{name} has no long options");
            for l in longs {
                let one = format!("-{l}");
                assert_eq!(
                    run(&["irkit", name, &one, "x"]),
                    ["irkit", name, &format!("--{l}"), "x"]
                );
                let eq = format!("-{l}=v");
                assert_eq!(
                    run(&["irkit", name, &eq]),
                    ["irkit", name, &format!("--{l}=v")]
                );
            }
        }
    }

    #[test]
    fn what_is_not_a_long_option_is_left_alone() {
        // Short options, `-` for stdin, values, unknown words, `--` and
        // what follows it.
        let untouched = [
            "irkit",
            "tblgen",
            "-Idir",
            "-o",
            "-",
            "-",
            "-nosuch",
            "--",
            "-dump-json",
        ];
        assert_eq!(run(&untouched), untouched);
        // Global options before the subcommand stay as clap reads them.
        assert_eq!(
            run(&["irkit", "--color", "never", "opt", "-color=never"]),
            ["irkit", "--color", "never", "opt", "--color=never"]
        );
        // filecheck and lit parse their own conventions.
        assert_eq!(
            run(&["irkit", "lit", "-sv", "x"]),
            ["irkit", "lit", "-sv", "x"]
        );
    }
}
