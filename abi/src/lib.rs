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
//!   calling convention (`x86_64_sysv`, `win64`, `x86_32`, `aarch64_aapcs`,
//!   `arm`, `riscv`, `loongarch`).
//! - [`print`]: the LLVM `declare` line (and, for a call of a variadic
//!   function, the `call` line) Clang would emit.
//! - [`explain`]: the layout and classification facts behind a result
//!   (`irkit abi --explain`).
//! - [`cdesc`]: a compact C signature notation (tests, `xtask abi-diff`).
//!
//! # Use
//!
//! A frontend interns its C types in an [`AbiCx`] for one [`Target`] (from
//! [`lookup`]), builds a [`FnSig`] and asks [`AbiCx::compute_fn_abi`] for an
//! [`FnAbi`]: one [`ArgAbi`] per parameter (a [`PassMode`]: `Direct` with
//! the coerced LLVM type, `Extend`, `Indirect`, `Ignore`, `Expand`,
//! `CoerceAndExpand`, plus `inreg` and padding) and for the return value.
//! [`print::declare_line`] spells the result as Clang's `declare` line.
//!
//! ```
//! use irkit_abi::{lookup, AbiCx, FnSig, PassMode, print::declare_line};
//! let target = lookup("x86_64-unknown-linux-gnu").unwrap();
//! let mut cx = AbiCx::new(target);
//! let int = cx.int(32, true);
//! let sig = FnSig::new(int, vec![int]);
//! let abi = cx.compute_fn_abi(&sig).unwrap();
//! assert!(matches!(abi.args[0].mode, PassMode::Direct { .. }));
//! assert_eq!(declare_line(&cx.ll, &abi, "f"), "declare i32 @f(i32)");
//! ```
//!
//! [`classify`] does the same in one call from the compact C notation of
//! [`cdesc`]. One example per target family follows; each expected line is
//! what clang-19 emits for the same C.
//!
//! x86_64 System V splits `struct { double d; int i; }` into its two
//! eightbytes (SSE, INTEGER); Microsoft x64 passes the same 16 bytes by
//! pointer:
//! ```
//! let (cx, abi) = irkit_abi::classify("x86_64-linux-gnu", "f: void (struct {double, int})").unwrap();
//! assert_eq!(irkit_abi::print::declare_line(&cx.ll, &abi, "f"), "declare void @f(double, i32)");
//! let (cx, abi) = irkit_abi::classify("x86_64-pc-windows-msvc", "f: void (struct {double, int})").unwrap();
//! assert_eq!(irkit_abi::print::declare_line(&cx.ll, &abi, "f"), "declare void @f(ptr)");
//! ```
//!
//! AArch64 passes a homogeneous floating-point aggregate in FP registers;
//! 32-bit Arm (AAPCS-VFP) does too, except in a variadic function:
//! ```
//! let (cx, abi) = irkit_abi::classify("aarch64-linux-gnu", "f: void (struct {float, float, float})").unwrap();
//! assert_eq!(irkit_abi::print::declare_line(&cx.ll, &abi, "f"), "declare void @f([3 x float] alignstack(8))");
//! let (cx, abi) = irkit_abi::classify("armv7-unknown-linux-gnueabihf", "f: void (int, ..., struct {double, double})").unwrap();
//! assert_eq!(
//!     irkit_abi::print::call_line_for(&cx.ll, &abi, "f", irkit_abi::ClangVersion::V19),
//!     "call void (i32, ...) @f(i32, [2 x i64])"
//! );
//! ```
//!
//! RISC-V (and LoongArch) flatten a struct of a float and an integer into
//! one FP and one integer register:
//! ```
//! let (cx, abi) = irkit_abi::classify("riscv64-unknown-linux-gnu", "f: void (struct {float, int})").unwrap();
//! assert_eq!(irkit_abi::print::declare_line(&cx.ll, &abi, "f"), "declare void @f(float, i32)");
//! ```
//!
//! 32-bit x86 expands a small record of integers into its fields (Clang's
//! `Expand`) and passes a larger one `byval` on the stack:
//! ```
//! let (cx, abi) = irkit_abi::classify("i386-unknown-linux-gnu", "f: void (struct {int, int})").unwrap();
//! assert_eq!(irkit_abi::print::declare_line(&cx.ll, &abi, "f"), "declare void @f(i32, i32)");
//! ```
//!
//! Variadic functions: [`FnSig::variadic`] holds the number of fixed
//! parameters, and the arguments after them are one call's variadic
//! arguments (after C's default promotions). `va_arg` is not lowered.
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
pub mod explain;
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
pub use cx::{AbiCx, MAX_COERCED_ELEMENTS};
pub use layout::{DataLayout, Layout, RecordLayout, Scalars, TypeError};
pub use llty::{LlTy, LlTyId, LlTypes};
pub use targets::{lookup, Arch, AvxLevel, ClangVersion, LookupError, Target};
pub use ty::{Field, FloatKind, RecordData, RecordKind, Type, TypeId};

/// Why [`classify`] failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassifyError {
    /// The triple is unknown or not implemented.
    Target(LookupError),
    /// The signature text is not in the [`cdesc`] notation, or a type in
    /// it is invalid (the message says where).
    Signature(String),
    /// The signature cannot be classified.
    Abi(AbiError),
}

impl std::fmt::Display for ClassifyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ClassifyError::Target(e) => e.fmt(f),
            ClassifyError::Signature(e) => write!(f, "bad signature: {e}"),
            ClassifyError::Abi(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ClassifyError {}

/// Classifies one signature written in the [`cdesc`] notation
/// (`"f: int (struct {float, int}, ..., double)"`) for `triple`, as Clang
/// 19 does. Returns the context (which owns the LLVM types the result
/// refers to) and the classification.
pub fn classify(triple: &str, signature: &str) -> Result<(AbiCx, FnAbi), ClassifyError> {
    let target = lookup(triple).map_err(ClassifyError::Target)?;
    let desc = cdesc::parse_sig(signature).map_err(ClassifyError::Signature)?;
    let mut cx = AbiCx::new(target);
    let sig = cdesc::sig_to_fn_sig(&mut cx, &desc).map_err(ClassifyError::Signature)?;
    let abi = cx.compute_fn_abi(&sig).map_err(ClassifyError::Abi)?;
    Ok((cx, abi))
}

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
    /// A parameter (`Some(index)`) or the return value (`None`) would be
    /// coerced to an LLVM struct with more elements than
    /// [`AbiCx::set_max_coerced_elements`] allows (MIPS64 passes an
    /// aggregate as one `i64` per word: a 2 GiB struct would be 268 million).
    TooManyElements {
        index: Option<usize>,
        elements: u64,
        limit: u64,
    },
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
            AbiError::TooManyElements {
                index,
                elements,
                limit,
            } => write!(
                f,
                "{} would be passed as an LLVM struct of {elements} elements, \
                 over the limit of {limit}; raise it with --max-coerced-elements",
                what(index)
            ),
        }
    }
}

impl std::error::Error for AbiError {}
