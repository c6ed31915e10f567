//! `irkit lsp`: the language server (crate `irkit-lsp`) over stdio.

use crate::report::{Reporter, EXIT_FAIL, EXIT_OK};
use clap::Args as ClapArgs;

/// Language server for .td and .mlir files, over stdin/stdout.
///
/// One server for both languages, chosen by file extension: diagnostics
/// (for a .td file, also those in the files it includes), hover (a def's
/// fully resolved record; an SSA value's type), go to definition, find
/// references, document symbols, include links and completion.
///
/// Settings may also come from the client (`initializationOptions` or
/// `workspace/didChangeConfiguration`): `{"irkit": {"includeDirs": [..],
/// "dialects": [..], "compilationDatabases": [..], "triple": ".."}}`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Accepted for editors that pass it; stdio is the only transport.
    #[arg(long)]
    pub stdio: bool,
    /// Include directory for .td files (repeatable; after the file's own
    /// directory and what a compilation database lists for it).
    #[arg(short = 'I', long = "tablegen-extra-dir", value_name = "DIR")]
    pub include: Vec<String>,
    /// Dialect definitions (.td) that .mlir files may use (repeatable).
    #[arg(long, value_name = "X.td")]
    pub dialect: Vec<String>,
    /// LLVM's `tablegen_compile_commands.yml` (repeatable; without one, the
    /// server looks in the workspace folders and their subdirectories).
    #[arg(long = "tablegen-compilation-database", value_name = "FILE")]
    pub compilation_database: Vec<String>,
    /// Target triple for the ABI hover on function ops of .mlir files whose
    /// module names none (`cir.triple`, `llvm.target_triple`).
    #[arg(long, value_name = "TRIPLE")]
    pub triple: Option<String>,
    /// Accepted for compatibility with LLVM's servers' command lines.
    #[arg(long, hide = true)]
    pub log: Option<String>,
    /// Accepted for compatibility with LLVM's servers' command lines.
    #[arg(long, hide = true)]
    pub pretty: bool,
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let settings = irkit_lsp::Settings {
        include_dirs: args.include,
        dialects: args.dialect,
        compilation_databases: args.compilation_database,
        triple: args.triple,
    };
    match irkit_lsp::run_stdio(settings) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            rep.error(&format!("lsp: {e}"));
            EXIT_FAIL
        }
    }
}
