//! Caps on what input can make TableGen build.
//!
//! TableGen is a small programming language: `!range(1000000000)`, a
//! `!listsplat`, nested `foreach` loops or a chain of multiclasses that each
//! instantiate the previous one twice can ask for unbounded memory and time.
//! LLVM has no limits; irkit stops at these, with a diagnostic that names the
//! limit and the flag that raises it. The defaults are far above anything
//! real: every `.td` file LLVM 19 and MLIR 19 install stays below a hundredth
//! of each.

/// The caps, checked where values and records grow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Elements of one list or dag value, and the width of a `bits<n>`
    /// type (`--max-list-len`).
    pub list_len: usize,
    /// Bytes of one string value (`--max-string-len`).
    pub string_len: usize,
    /// Records, classes and instantiated intermediates included
    /// (`--max-records`).
    pub records: usize,
    /// `foreach` iterations, counted across all loops and instantiations
    /// (`--max-loop-iterations`).
    pub loop_iterations: u64,
    /// List, dag and bits elements plus string bytes of every distinct value
    /// built, in total (`--max-total-values`): what bounds quadratic growth
    /// such as a string extended one character per `!foldl` step.
    pub total_values: u64,
}

impl Limits {
    pub const DEFAULT: Limits = Limits {
        list_len: 1 << 22,
        string_len: 1 << 24,
        records: 1 << 20,
        loop_iterations: 1 << 24,
        total_values: 1 << 26,
    };
}

impl Default for Limits {
    fn default() -> Self {
        Limits::DEFAULT
    }
}

/// The message for a cap that was exceeded: what grew, the cap, the flag.
pub(crate) fn exceeded(
    what: &str,
    n: impl std::fmt::Display,
    max: impl std::fmt::Display,
    flag: &str,
) -> String {
    format!("{what} ({n}) exceeds the limit of {max}; raise it with {flag}")
}
