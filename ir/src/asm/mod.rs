//! The custom (non-generic) syntax of registered ops.
//!
//! - [`format`]: the declarative `assemblyFormat` model and its parser.
//! - `print`: the engine that prints an op from its format (and the
//!   printer state around custom ops: result-name hints, default dialect).
//! - `parse`: the same engine, reading.
//! - [`custom`]: ops whose syntax is written by hand in Rust
//!   (`hasCustomAssemblyFormat`), e.g. `builtin.module` and `func.func`.
//!
//! One engine serves every op: the printer and the parser walk the same
//! [`format::Elem`] list, so what prints is what parses.

pub mod custom;
pub mod format;
pub(crate) mod llvm;
pub(crate) mod memref;
pub(crate) mod parse;
pub(crate) mod print;
pub(crate) mod scf;
