//! The shared vocabulary of classification results, shaped like rustc's
//! `callconv` (`PassMode`, `ArgAbi`, `FnAbi`) and Clang's `ABIArgInfo`.

use crate::llty::LlTyId;
use crate::ty::TypeId;

/// How one argument or the return value crosses the call boundary
/// (Clang's `ABIArgInfo::Kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PassMode {
    /// Not passed at all (`void` returns, empty records). Clang `Ignore`.
    Ignore,
    /// Passed directly in registers (or in their stack slots) as the LLVM
    /// type `ty`. Clang `Direct`.
    Direct {
        /// The coerced LLVM type (for a non-coerced scalar, its own type).
        ty: LlTyId,
        /// Byte offset of the coerced value inside the source object
        /// (nonzero only when the low eightbyte is padding on x86_64).
        offset: u32,
        /// Whether an argument whose `ty` is a struct of several elements
        /// becomes one IR parameter per element (Clang's `CanBeFlattened`,
        /// as for `{ i64, double }` on x86_64). Never applies to returns.
        flatten: bool,
        /// Stack-slot alignment override in bytes, printed `alignstack(N)`
        /// (AAPCS64 HFA/HVA arguments).
        align_stack: Option<u32>,
    },
    /// A small integer widened by the caller to a full register, printed
    /// `signext` / `zeroext`. Clang `Extend`.
    Extend {
        /// The integer's own LLVM type (`i8`, `i16`, `i1` for `_Bool`).
        ty: LlTyId,
        /// `true` for sign extension, `false` for zero extension.
        signed: bool,
    },
    /// Passed by address. Clang `Indirect`.
    Indirect {
        /// LLVM type of the pointee, printed in `byval(T)` / `sret(T)`.
        pointee: LlTyId,
        /// Alignment of the memory in bytes, printed `align N`.
        align: u64,
        /// `true`: the caller copies the value to the argument area and the
        /// pointer is `byval` (x86_64 MEMORY class). `false`: a plain pointer
        /// to a caller-owned temporary (AAPCS64 composites > 16 bytes). For a
        /// return value this is always `false` and the pointer is `sret`.
        byval: bool,
    },
    /// The aggregate is split into its fields, one IR parameter each; `ty`
    /// is a struct type whose elements are those parameters. Clang `Expand`.
    /// Neither SysV x86_64 nor AAPCS64 uses it for C; kept for targets that
    /// do (e.g. 32-bit x86 `regcall`).
    Expand { ty: LlTyId },
    /// Coerced to the struct `coerce` in memory, then passed as the
    /// non-padding elements of `unpadded`. Clang `CoerceAndExpand` (Swift,
    /// some 32-bit targets); not used by SysV x86_64 or AAPCS64 for C.
    CoerceAndExpand { coerce: LlTyId, unpadded: LlTyId },
}

/// Classification of one argument or the return value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArgAbi {
    /// The source-level shadow type.
    pub ty: TypeId,
    /// How it is passed.
    pub mode: PassMode,
}

/// Argument registers a signature uses, the hidden `sret` pointer included
/// where it takes one (x86_64 System V: rdi; Microsoft x64: rcx). AArch64
/// passes it in x8, which is not an argument register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RegUsage {
    /// General-purpose registers (x86_64: rdi, rsi, rdx, rcx, r8, r9;
    /// AArch64: x0-x7).
    pub int_regs: u32,
    /// Vector/FP registers (x86_64: xmm0-xmm7; AArch64: v0-v7).
    pub vector_regs: u32,
}

/// A classified function signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnAbi {
    /// The return value. `PassMode::Indirect` means an `sret` pointer is
    /// the first IR parameter and the IR return type is `void`.
    pub ret: ArgAbi,
    /// The parameters, in source order (ignored ones included, with
    /// `PassMode::Ignore`).
    pub args: Vec<ArgAbi>,
    /// Whether the return goes through a hidden `sret` pointer; on x86_64
    /// that pointer takes the first integer register (rdi), on AArch64 it is
    /// passed in x8 and takes no argument register.
    pub sret: bool,
    /// Registers the parameters use.
    pub regs: RegUsage,
}

/// A source-level function signature to classify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnSig {
    /// Return type (`void` allowed).
    pub ret: TypeId,
    /// Parameter types.
    pub args: Vec<TypeId>,
    /// `...` after the fixed parameters (not supported yet: an error).
    pub variadic: bool,
}

// Hot types stay small (rustc's `size_asserts`).
const _: () = assert!(std::mem::size_of::<PassMode>() <= 24);
const _: () = assert!(std::mem::size_of::<ArgAbi>() <= 32);
