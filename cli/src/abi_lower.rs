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

/// `--mlir-compat`: the LLVM release whose MLIR (and Clang) to match. For
/// the ABI tools it picks the Clang release whose classification and
/// attributes to reproduce (22 adds `dead_on_return` and `noext`). The
/// default is the current release, 22, for `opt`, `verify` and `abi` alike.
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum MlirCompat {
    #[value(name = "19")]
    V19,
    #[default]
    #[value(name = "22")]
    V22,
}

impl MlirCompat {
    /// The MLIR release of the dialect registry.
    pub fn release(self) -> irkit_ir::dialect::MlirRelease {
        match self {
            MlirCompat::V19 => irkit_ir::dialect::MlirRelease::V19,
            MlirCompat::V22 => irkit_ir::dialect::MlirRelease::V22,
        }
    }

    /// The Clang release of the same LLVM release.
    pub fn clang(self) -> irkit_abi::ClangVersion {
        match self {
            MlirCompat::V19 => irkit_abi::ClangVersion::V19,
            MlirCompat::V22 => irkit_abi::ClangVersion::V22,
        }
    }
}

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
    compat: MlirCompat,
) -> Result<(), AbiLowerFailure> {
    let cfg = LowerConfig {
        triple,
        target_features,
        verify: true,
        max_coerced_elements,
        clang: compat.clang(),
    };
    match lower_module(module, file, cfg) {
        Ok(_) => Ok(()),
        Err(LowerError::Usage(msg)) => Err(AbiLowerFailure::Usage(msg)),
        Err(LowerError::Diags(ds)) => Err(AbiLowerFailure::Diags(ds)),
    }
}
