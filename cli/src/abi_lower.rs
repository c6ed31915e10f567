//! `irkit opt --abi-lower`: the command-line face of the ABI lowering pass
//! (`irkit::abi_lower`). `cli/src/opt.rs` calls [`run`] between verifying
//! the parsed module and printing it:
//!
//! ```text
//! match crate::abi_lower::run(&mut module, chunk_file, args.triple.as_deref(),
//!                             args.target_features.as_deref()) {
//!     Ok(()) => {}
//!     Err(AbiLowerFailure::Usage(msg)) => { rep.error(&msg); return EXIT_USAGE; }
//!     Err(AbiLowerFailure::Diags(ds)) => { rep.emit_all(&map, &ds); failed = true; continue; }
//! }
//! ```
//!
//! On failure the module is unchanged and must not be printed.

use irkit::abi_lower::{lower_module, LowerConfig, LowerError};
use irkit_diag::{Diagnostic, FileId};
use irkit_ir::Module;

/// Why `--abi-lower` failed.
#[derive(Debug)]
pub enum AbiLowerFailure {
    /// A usage error (exit 2): no target, unknown `--triple`, bad
    /// `--target-features`.
    Usage(String),
    /// Bad input (exit 1): diagnostics at the offending ops.
    Diags(Vec<Diagnostic>),
}

/// Lowers `module` (parsed from `file`) for the target of `triple`, or of
/// the module's `cir.triple` / `llvm.target_triple` attribute when `triple`
/// is `None`.
pub fn run(
    module: &mut Module,
    file: FileId,
    triple: Option<&str>,
    target_features: Option<&str>,
    max_coerced_elements: u64,
) -> Result<(), AbiLowerFailure> {
    let cfg = LowerConfig {
        triple,
        target_features,
        verify: true,
        max_coerced_elements,
    };
    match lower_module(module, file, cfg) {
        Ok(_) => Ok(()),
        Err(LowerError::Usage(msg)) => Err(AbiLowerFailure::Usage(msg)),
        Err(LowerError::Diags(ds)) => Err(AbiLowerFailure::Diags(ds)),
    }
}
