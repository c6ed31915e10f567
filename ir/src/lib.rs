//! The irkit IR core: arena-based MLIR-style IR, the generic syntax parser
//! and printer (identical to `mlir-opt-19 --mlir-print-op-generic`), and the
//! verifier.
//!
//! Engine not built yet (issue: IR core).
