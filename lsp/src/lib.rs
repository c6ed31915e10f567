//! `irkit lsp`: one language server for TableGen (`.td`) and MLIR
//! (`.mlir`) files, chosen by extension.
//!
//! Built like rust-analyzer's: `lsp-server` (synchronous, over stdio; no
//! async runtime, since the work is CPU-bound analysis) and `lsp-types`.
//! [`server`] is the one main loop with request handlers as plain
//! functions; [`td`] and [`mlir`] are the analyses and know nothing of LSP;
//! [`pos`] is the one place byte offsets and LSP positions meet.
//!
//! **Architecture invariant:** a request always gets an answer: analyses
//! never panic on input, and a file with errors keeps the results of its
//! last good analysis (stale, not absent).
#![warn(clippy::print_stdout, clippy::dbg_macro)]

pub mod config;
pub mod files;
pub mod mlir;
pub mod pos;
pub mod server;
pub mod td;
pub mod td_run;

pub use config::Settings;
pub use server::{run_server, run_stdio};
