//! The irkit ABI library: shadow types, per-target data layouts and
//! calling-convention classification. Knows no IR.
//!
//! Engine not built yet (issue: ABI library).
