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
    /// Clang's `InReg`: the IR parameter (or, for an `Indirect` return, the
    /// `sret` pointer) is marked `inreg` (x86-32 `regparm`/`fastcall`/
    /// `vectorcall`, Windows x86-32 vectors). Never set on `Ignore`.
    pub inreg: bool,
    /// Clang's `PaddingType`: an extra IR parameter of this type placed
    /// before this argument's own (x86-32 `fastcall`/`vectorcall` structs
    /// skipping the registers; MIPS alignment padding).
    pub padding: Option<Padding>,
    /// Clang's `ABIArgInfo::getNoExtend`: an integer the caller need not
    /// extend (s390x records of 1 to 4 bytes), printed `noext` by Clang 20
    /// and later. Only ever set on a `Direct` integer.
    pub noext: bool,
}

/// An unused IR parameter inserted before an argument (Clang's
/// `ABIArgInfo::PaddingType` / `PaddingInReg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Padding {
    /// Its LLVM type (`i32` on x86-32).
    pub ty: LlTyId,
    /// Whether it is marked `inreg`.
    pub inreg: bool,
}

impl ArgAbi {
    /// `mode` without `inreg` or padding.
    pub fn new(ty: TypeId, mode: PassMode) -> ArgAbi {
        ArgAbi {
            ty,
            mode,
            inreg: false,
            padding: None,
            noext: false,
        }
    }
}

/// A C calling convention (the function type's attribute), as Clang spells
/// it in source. Which ones a target accepts is in
/// [`crate::targets::Target::accepts`]; on a target where one is the
/// default (`ms_abi` on Windows x64) it is the same as [`CallConv::C`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum CallConv {
    /// The target's default C convention (`cdecl` on x86-32).
    #[default]
    C,
    /// `__attribute__((regparm(N)))`, N in 0..=3 (x86-32): the first N
    /// integer-register-sized words in eax, edx, ecx.
    RegParm(u8),
    /// `__attribute__((fastcall))` (x86-32): ecx, edx; LLVM `x86_fastcallcc`.
    FastCall,
    /// `__attribute__((vectorcall))` (x86-32 and x86_64): fastcall plus six
    /// SSE registers and homogeneous vector aggregates;
    /// LLVM `x86_vectorcallcc`.
    VectorCall,
    /// `__attribute__((ms_abi))` (x86_64): Microsoft x64; LLVM `win64cc`
    /// off Windows.
    Win64,
    /// `__attribute__((sysv_abi))` (x86_64): System V; LLVM
    /// `x86_64_sysvcc` on Windows.
    SysV64,
}

impl CallConv {
    /// The C attribute spelling (`None` for [`CallConv::C`]).
    pub fn c_attribute(self) -> Option<String> {
        match self {
            CallConv::C => None,
            CallConv::RegParm(n) => Some(format!("regparm({n})")),
            CallConv::FastCall => Some("fastcall".into()),
            CallConv::VectorCall => Some("vectorcall".into()),
            CallConv::Win64 => Some("ms_abi".into()),
            CallConv::SysV64 => Some("sysv_abi".into()),
        }
    }
}

/// The LLVM calling convention of a classified function, printed before
/// the return type of its `declare` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum LlvmCallConv {
    /// `ccc` (not printed).
    #[default]
    C,
    /// `x86_fastcallcc`.
    X86FastCall,
    /// `x86_vectorcallcc`.
    X86VectorCall,
    /// `win64cc`.
    Win64,
    /// `x86_64_sysvcc`.
    X86_64SysV,
}

impl LlvmCallConv {
    /// The keyword LLVM prints (`None` for the default).
    pub fn keyword(self) -> Option<&'static str> {
        match self {
            LlvmCallConv::C => None,
            LlvmCallConv::X86FastCall => Some("x86_fastcallcc"),
            LlvmCallConv::X86VectorCall => Some("x86_vectorcallcc"),
            LlvmCallConv::Win64 => Some("win64cc"),
            LlvmCallConv::X86_64SysV => Some("x86_64_sysvcc"),
        }
    }
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
    /// The LLVM calling convention of the function.
    pub cc: LlvmCallConv,
    /// As [`FnSig::variadic`]: `Some(n)` when the function has `...` after
    /// its first `n` parameters; `args[n..]` are then the variadic
    /// arguments of one call. Target modules may leave it `None`:
    /// [`crate::AbiCx::compute_fn_abi`] copies it from the signature.
    pub variadic: Option<usize>,
}

impl FnAbi {
    /// The C convention's answer on a target whose classifier tracks no
    /// register use: `sret` when the return is indirect.
    pub fn untracked(sig: &FnSig, ret: ArgAbi, args: Vec<ArgAbi>) -> FnAbi {
        FnAbi {
            sret: matches!(ret.mode, PassMode::Indirect { .. }),
            ret,
            args,
            regs: RegUsage::default(),
            cc: LlvmCallConv::C,
            variadic: sig.variadic,
        }
    }

    /// The number of fixed (named) parameters.
    pub fn num_fixed(&self) -> usize {
        self.variadic.unwrap_or(self.args.len())
    }
}

/// A source-level function signature to classify.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FnSig {
    /// Return type (`void` allowed).
    pub ret: TypeId,
    /// Parameter types: the fixed ones and then, for a call of a variadic
    /// function, the variadic arguments of that call, each *after* C's
    /// default argument promotions (`_Bool`, `char` and `short` to `int`,
    /// `float` to `double`: the caller's job; a type given unpromoted is
    /// classified as it is).
    pub args: Vec<TypeId>,
    /// `None`: no `...`. `Some(n)`: the function is variadic with `n` fixed
    /// parameters, `args[..n]`; `args[n..]` are the variadic arguments of
    /// one call site (none for the declaration itself). `n` must not exceed
    /// `args.len()`.
    ///
    /// Target modules ask [`FnSig::is_fixed`] per argument: a target whose
    /// convention treats variadic arguments like fixed ones needs nothing.
    pub variadic: Option<usize>,
    /// The calling-convention attribute of the function type.
    pub cc: CallConv,
}

impl FnSig {
    /// A non-variadic signature.
    pub fn new(ret: TypeId, args: Vec<TypeId>) -> FnSig {
        FnSig {
            ret,
            args,
            variadic: None,
            cc: CallConv::C,
        }
    }

    /// Whether the function has `...`.
    pub fn is_variadic(&self) -> bool {
        self.variadic.is_some()
    }

    /// The number of fixed (named) parameters.
    pub fn num_fixed(&self) -> usize {
        self.variadic
            .unwrap_or(self.args.len())
            .min(self.args.len())
    }

    /// Whether `args[i]` is a fixed (named) parameter rather than a
    /// variadic argument (Clang's `ArgNo < NumRequired`).
    pub fn is_fixed(&self, i: usize) -> bool {
        i < self.num_fixed()
    }
}

// Hot types stay small (rustc's `size_asserts`).
const _: () = assert!(std::mem::size_of::<PassMode>() <= 24);
const _: () = assert!(std::mem::size_of::<ArgAbi>() <= 40);
