//! `irkit`: the command-line tool. The only crate that knows clap, ariadne,
//! the file system, colours and exit codes.

mod abi;
mod abi_json;
mod abi_lower;
mod args;
mod filecheck;
mod io;
mod lit;
mod lsp;
mod opt;
mod report;
mod tblgen;
mod verify;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// irkit: a toolkit for compiler engineers building MLIR-style dialects.
///
/// TableGen (llvm-tblgen compatible, plus `let append`/`let prepend`), an
/// MLIR-style IR verifier with the builtin `token` type, calling-convention
/// lowering for x86_64 System V and AArch64 AAPCS64, and lit/FileCheck
/// compatible file tests.
///
/// Exit codes: 0 success, 1 bad input / failed verification / failed check,
/// 2 usage error. `-` means standard input or output.
#[derive(Parser, Debug)]
#[command(
    name = "irkit",
    version,
    propagate_version = true,
    max_term_width = 100
)]
struct Cli {
    #[command(flatten)]
    global: report::GlobalOpts,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    Tblgen(tblgen::Args),
    Verify(verify::Args),
    Opt(opt::Args),
    Abi(abi::Args),
    Filecheck(filecheck::Args),
    Lit(lit::Args),
    Lsp(lsp::Args),
}

/// glibc gives every new thread its own malloc arena, and a thread arena
/// grows by one `mprotect` call every few pages: the TableGen worker thread
/// made 3,500 of those system calls on Intrinsics.td, about a tenth of the
/// run. One arena, grown 4 MiB at a time, costs 15 calls and no memory.
///
/// `irkit tblgen` is a batch run that builds its whole model in the heap
/// and exits: there the heap grows 64 MiB at a time and is never trimmed,
/// and blocks up to 32 MiB come from it too (not their own mappings), so
/// freed ones are reused rather than faulted in afresh.
///
/// The heap is not given transparent huge pages (`MADV_HUGEPAGE`, which an
/// earlier version did): in the VMs these benchmarks run in, a huge page's
/// first touch is sometimes cheap and sometimes costs most of a run. Beside
/// `llvm-tblgen-22` runs (interleaved, 25 each, Intrinsics.td
/// print-records), huge pages gave a median of 0.28 s (0.15-0.44 s, up to
/// 0.15 s of it in the kernel zeroing pages) where small pages gave 0.22 s
/// (0.17-0.29 s).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
#[allow(unsafe_code)]
fn tune_allocator(batch: bool) {
    // SAFETY: mallopt only sets glibc allocator parameters; it is called
    // once, before any other thread exists. A failure (return 0) leaves the
    // defaults, which are correct, only slower.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, 1);
        if !batch {
            libc::mallopt(libc::M_TOP_PAD, 4 << 20);
            return;
        }
        libc::mallopt(libc::M_TOP_PAD, 64 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, i32::MAX);
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn tune_allocator(_batch: bool) {}

fn main() -> ExitCode {
    // `irkit filecheck` reads its own command line, as LLVM's FileCheck does.
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let command = argv
        .iter()
        .skip(1)
        .find(|a| !a.to_string_lossy().starts_with('-'));
    tune_allocator(command.is_some_and(|c| c == "tblgen"));
    if let Some(code) = filecheck::run_if_filecheck(&argv) {
        return ExitCode::from(code);
    }
    if let Some(msg) = tblgen::missing_value(&argv) {
        eprintln!("irkit tblgen: {msg}");
        return ExitCode::from(report::EXIT_USAGE);
    }
    let cli = Cli::parse_from(args::llvm_style::<Cli>(argv));
    let rep = report::Reporter::new(&cli.global);
    let code = match cli.command {
        Command::Tblgen(a) => tblgen::run(&rep, a),
        Command::Verify(a) => verify::run(&rep, a),
        Command::Opt(a) => opt::run(&rep, a),
        Command::Abi(a) => abi::run(&rep, a),
        Command::Filecheck(a) => filecheck::run(a),
        Command::Lit(a) => lit::run(&rep, a),
        Command::Lsp(a) => lsp::run(&rep, a),
    };
    ExitCode::from(code)
}
