//! lit-style file tests (RUN lines) and a FileCheck-compatible checker.
//!
//! - [`filecheck`]: LLVM FileCheck 19 semantics as a library function.
//! - [`runner`]: finding test files, reading their `RUN:` lines and running
//!   them with [`shell`], a small lit-like internal shell.
//!
//! This crate does no printing: results come back as values and the `cli`
//! crate renders them.
#![warn(clippy::print_stdout, clippy::print_stderr)]

pub mod features;
pub mod filecheck;
pub mod runner;
pub mod shell;
