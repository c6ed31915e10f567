//! The irkit ABI library: shadow types, per-target data layouts and
//! calling-convention classification, identical to Clang 19. Knows no IR.
//!
//! # Overview
//! - [`ty`]: the shadow types ([`Type`], interned as [`TypeId`]).
//! - [`layout`]: C layout and the LLVM type of each shadow type for one
//!   target ([`DataLayout`], [`Layout`]).
//! - [`llty`]: LLVM types ([`LlTy`], interned as [`LlTyId`]) and their
//!   spelling.
//! - [`callconv`]: the result vocabulary: [`PassMode`], [`ArgAbi`],
//!   [`FnAbi`], and the input [`FnSig`].
//! - [`targets`]: the triple registry ([`lookup`]) and one module per
//!   calling convention (`x86_64_sysv`, `aarch64_aapcs`).
//! - [`print`]: the LLVM `declare` line Clang would emit.
//! - [`cdesc`]: a compact C signature notation (tests, `xtask abi-diff`).
//!
//! # Use
//! ```
//! use irkit_abi::{lookup, AbiCx, FnSig, print::declare_line};
//! let target = lookup("x86_64-unknown-linux-gnu").unwrap();
//! let mut cx = AbiCx::new(target);
//! let int = cx.int(32, true);
//! let sig = FnSig::new(int, vec![int]);
//! let abi = cx.compute_fn_abi(&sig).unwrap();
//! assert_eq!(declare_line(&cx.ll, &abi, "f"), "declare i32 @f(i32)");
//! ```
//!
//! # Invariants
//! - Every [`TypeId`] refers to a type whose layout was computed when it was
//!   interned; invalid types are rejected at [`AbiCx::intern`].
//! - Classification never panics on a type that interned successfully;
//!   unsupported signatures (incomplete records by value, …) are
//!   [`AbiError`]s.
//! - Per-type results are memoized in side tables indexed by [`TypeId`], so
//!   classifying many signatures over the same records costs one
//!   classification per distinct type.
//!
//! Lint policy: workspace lints (no `unsafe`, no `unwrap`, no `dbg!`).
//! `x % n != 0` stays (rust-version 1.80 predates `is_multiple_of`).

#![allow(clippy::manual_is_multiple_of)]

pub mod callconv;
pub mod cdesc;
pub mod cx;
pub mod layout;
pub mod llty;
pub mod print;
pub mod targets;
pub mod ty;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_mips_sparc_wasm;

pub use callconv::{ArgAbi, CallConv, FnAbi, FnSig, LlvmCallConv, Padding, PassMode, RegUsage};
pub use cx::AbiCx;
pub use layout::{DataLayout, Layout, RecordLayout, Scalars, TypeError};
pub use llty::{LlTy, LlTyId, LlTypes};
pub use targets::{lookup, Arch, AvxLevel, ClangVersion, LookupError, Target};
pub use ty::{Field, FloatKind, RecordData, RecordKind, Type, TypeId};

/// Why a signature cannot be classified.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AbiError {
    /// A variadic signature claims more fixed parameters than it has.
    Variadic { fixed: usize, args: usize },
    /// A parameter (`Some(index)`) or the return value (`None`) has an
    /// incomplete record type.
    IncompleteByValue { index: Option<usize> },
    /// A parameter of type `void`.
    VoidParameter { index: usize },
    /// An array type as a parameter or return value (C decays parameters to
    /// pointers; the caller must do so).
    ArrayByValue { index: Option<usize> },
    /// A calling convention this target does not implement (Clang ignores
    /// it with a warning, or rejects it).
    CallConv { cc: CallConv, triple: &'static str },
}

impl std::fmt::Display for AbiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = |i: &Option<usize>| match i {
            Some(i) => format!("parameter {i}"),
            None => "return value".to_string(),
        };
        match self {
            AbiError::Variadic { fixed, args } => write!(
                f,
                "variadic signature with {fixed} fixed parameters but only {args} arguments"
            ),
            AbiError::IncompleteByValue { index } => {
                write!(
                    f,
                    "{} has an incomplete record type and cannot be passed by value",
                    what(index)
                )
            }
            AbiError::VoidParameter { index } => write!(f, "parameter {index} has type void"),
            AbiError::CallConv { cc, triple } => write!(
                f,
                "calling convention '{}' is not supported on {triple}",
                cc.c_attribute().unwrap_or_else(|| "C".into())
            ),
            AbiError::ArrayByValue { index } => {
                write!(
                    f,
                    "{} has an array type (arrays are not passed by value)",
                    what(index)
                )
            }
        }
    }
}

impl std::error::Error for AbiError {}
