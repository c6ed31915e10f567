//! TableGen for irkit: the LLVM 19 TableGen language plus `let append` /
//! `let prepend`, with output identical to `llvm-tblgen-19`.
//!
//! Engine not built yet (issue: `irkit tblgen`).
