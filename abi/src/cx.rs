//! [`AbiCx`]: one target's type universe plus every memoized result.

use crate::callconv::{ArgAbi, FnAbi, FnSig, PassMode};
use crate::layout::{self, DataLayout, Layout, RecordLayout, TypeError, TypeInfo};
use crate::llty::{LlTyId, LlTypes};
use crate::targets::{self, Arch, Target};
use crate::ty::{FloatKind, RecordData, Type, TypeId, TypeInterner};
use crate::AbiError;

/// Memoized per-type classification (target-specific meaning; see the
/// target modules). Independent of register pressure.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CachedArg {
    pub mode: PassMode,
    /// The argument's class was MEMORY (x86_64): the final mode depends on
    /// free registers and is recomputed per call site.
    pub memory: bool,
    pub needed_int: u32,
    pub needed_vec: u32,
    /// Clang's `InReg` when it depends on the type alone (MIPS64 and
    /// SPARC64, whose classifiers track no registers).
    pub inreg: bool,
}

/// Memoized per-type return classification: the mode and its `inreg` flag.
type CachedRet = Option<(PassMode, bool)>;

/// Whether a type can cross a call by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ByValue {
    Ok,
    Void,
    Array,
    Incomplete,
}

fn by_value(ty: &Type) -> ByValue {
    match ty {
        Type::Void => ByValue::Void,
        Type::Array { .. } | Type::FlexArray { .. } => ByValue::Array,
        Type::Record(r) if !r.complete => ByValue::Incomplete,
        Type::Bool
        | Type::Int { .. }
        | Type::Float(_)
        | Type::Ptr
        | Type::Vector { .. }
        | Type::Complex(_)
        | Type::Record(_) => ByValue::Ok,
    }
}

/// A classification context for one target: the shadow types, their
/// layouts and LLVM types, and caches of per-type classification results
/// (so repeated record types are classified once).
#[derive(Debug)]
pub struct AbiCx {
    target: Target,
    dl: DataLayout,
    types: TypeInterner,
    infos: Vec<TypeInfo>,
    /// LLVM types produced by lowering and classification.
    pub ll: LlTypes,
    arg_cache: Vec<Option<CachedArg>>,
    /// Per type: the return's mode and its `inreg` flag.
    ret_cache: Vec<CachedRet>,
    /// Per type: whether it may be a parameter or the return value (kept
    /// beside the types so the check reads no record data).
    by_value: Vec<ByValue>,
    /// The caches of the other x86_64 convention (`ms_abi` on System V,
    /// `sysv_abi` on Windows), swapped in while it classifies.
    alt_caches: (Vec<Option<CachedArg>>, Vec<CachedRet>),
    /// Per type: the mode of an argument that goes to memory while integer
    /// registers are left (x86_64 System V's `getIndirectResult`, which
    /// only its classifier uses; see [`AbiCx::memo_indirect`]).
    indirect_cache: Vec<Option<PassMode>>,
    memoize: bool,
    /// The most elements a coerced LLVM struct may have.
    max_coerced: u64,
    /// The parameter buffer of a result handed back by [`AbiCx::recycle`],
    /// reused by the next classification.
    spare_args: Vec<ArgAbi>,
}

/// The default of [`AbiCx::set_max_coerced_elements`]: an 8 MiB aggregate
/// passed in `i64` words, far above anything real code passes by value.
pub const MAX_COERCED_ELEMENTS: u64 = 1 << 20;

impl AbiCx {
    /// A fresh context for `target`.
    pub fn new(target: Target) -> Self {
        let dl = targets::data_layout(target);
        AbiCx {
            target,
            dl,
            types: TypeInterner::new(),
            infos: Vec::new(),
            ll: LlTypes::for_scalars(dl.scalars),
            arg_cache: Vec::new(),
            ret_cache: Vec::new(),
            by_value: Vec::new(),
            alt_caches: (Vec::new(), Vec::new()),
            indirect_cache: Vec::new(),
            memoize: true,
            max_coerced: MAX_COERCED_ELEMENTS,
            spare_args: Vec::new(),
        }
    }

    /// Caps the elements of a struct an argument is coerced to (default
    /// [`MAX_COERCED_ELEMENTS`]); a signature over it fails with
    /// [`AbiError::TooManyElements`] instead of building the struct.
    pub fn set_max_coerced_elements(&mut self, n: u64) {
        self.max_coerced = n;
    }

    pub fn max_coerced_elements(&self) -> u64 {
        self.max_coerced
    }

    pub fn target(&self) -> Target {
        self.target
    }

    /// The target's C data-layout facts.
    pub fn data_layout(&self) -> &DataLayout {
        &self.dl
    }

    /// The shadow types.
    pub fn types(&self) -> &TypeInterner {
        &self.types
    }

    /// Interns `ty` (its children must come from this context), computing
    /// its layout and LLVM type. Invalid types are rejected and not interned.
    pub fn intern(&mut self, ty: Type) -> Result<TypeId, TypeError> {
        if let Some(id) = self.lookup_existing(&ty) {
            return Ok(id);
        }
        let info = layout::compute(&self.dl, &self.types, &self.infos, &mut self.ll, &ty)?;
        self.by_value.push(by_value(&ty));
        let id = self.types.intern(ty);
        debug_assert_eq!(id.index(), self.infos.len());
        self.infos.push(info);
        self.arg_cache.push(None);
        self.ret_cache.push(None);
        self.indirect_cache.push(None);
        Ok(id)
    }

    fn lookup_existing(&self, ty: &Type) -> Option<TypeId> {
        self.types.get(ty)
    }

    /// Scalar constructors: these cannot fail.
    pub fn void(&mut self) -> TypeId {
        self.scalar(Type::Void)
    }
    pub fn bool_(&mut self) -> TypeId {
        self.scalar(Type::Bool)
    }
    pub fn int(&mut self, bits: u16, signed: bool) -> TypeId {
        self.scalar(Type::Int { bits, signed })
    }
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.scalar(Type::Float(kind))
    }
    pub fn ptr(&mut self) -> TypeId {
        self.scalar(Type::Ptr)
    }
    /// `long double` for this target.
    pub fn long_double(&mut self) -> TypeId {
        let k = self.dl.long_double;
        self.float(k)
    }

    /// Interns a scalar type (callers above only pass scalars, whose
    /// layout cannot fail).
    fn scalar(&mut self, ty: Type) -> TypeId {
        if let Some(id) = self.types.get(&ty) {
            return id;
        }
        let info = layout::scalar_info(&self.dl.scalars, &mut self.ll, &ty);
        self.by_value.push(by_value(&ty));
        let id = self.types.intern(ty);
        self.infos.push(info);
        self.arg_cache.push(None);
        self.ret_cache.push(None);
        self.indirect_cache.push(None);
        id
    }

    pub fn array(&mut self, elem: TypeId, len: u64) -> Result<TypeId, TypeError> {
        self.intern(Type::Array { elem, len })
    }
    pub fn flex_array(&mut self, elem: TypeId) -> Result<TypeId, TypeError> {
        self.intern(Type::FlexArray { elem })
    }
    pub fn vector(&mut self, elem: TypeId, len: u32) -> Result<TypeId, TypeError> {
        self.intern(Type::Vector { elem, len })
    }
    pub fn complex(&mut self, elem: TypeId) -> Result<TypeId, TypeError> {
        self.intern(Type::Complex(elem))
    }
    pub fn record(&mut self, data: RecordData) -> Result<TypeId, TypeError> {
        self.intern(Type::Record(Box::new(data)))
    }

    /// Turns the per-type classification memo on (the default) or off.
    /// Only useful to measure what memoization saves; results are equal.
    pub fn set_memoize(&mut self, on: bool) {
        self.memoize = on;
        if !on {
            self.arg_cache.iter_mut().for_each(|c| *c = None);
            self.ret_cache.iter_mut().for_each(|c| *c = None);
            self.alt_caches.0.clear();
            self.alt_caches.1.clear();
            self.indirect_cache.iter_mut().for_each(|c| *c = None);
        }
    }

    pub(crate) fn cached_arg(&self, ty: TypeId) -> Option<CachedArg> {
        self.arg_cache[ty.index()]
    }

    pub(crate) fn cache_arg(&mut self, ty: TypeId, c: CachedArg) {
        if self.memoize {
            self.arg_cache[ty.index()] = Some(c);
        }
    }

    /// The mode and `inreg` of argument type `ty` on a target whose answer
    /// depends on the type alone (no registers tracked): from the memo, or
    /// from `classify`, whose answer the memo then keeps.
    pub(crate) fn memo_arg(
        &mut self,
        ty: TypeId,
        classify: impl FnOnce(&mut AbiCx) -> (PassMode, bool),
    ) -> (PassMode, bool) {
        if let Some(c) = self.cached_arg(ty) {
            return (c.mode, c.inreg);
        }
        let (mode, inreg) = classify(self);
        self.cache_arg(
            ty,
            CachedArg {
                mode,
                memory: false,
                needed_int: 0,
                needed_vec: 0,
                inreg,
            },
        );
        (mode, inreg)
    }

    /// The by-memory mode of argument type `ty` (x86_64 System V, with
    /// integer registers left): from the memo, or from `classify`, whose
    /// answer the memo then keeps.
    pub(crate) fn memo_indirect(
        &mut self,
        ty: TypeId,
        classify: impl FnOnce(&mut AbiCx) -> PassMode,
    ) -> PassMode {
        if let Some(m) = self.indirect_cache[ty.index()] {
            return m;
        }
        let m = classify(self);
        if self.memoize {
            self.indirect_cache[ty.index()] = Some(m);
        }
        m
    }

    /// `getNaturalAlignIndirect(ty, /*ByVal=*/false)`: a pointer to a copy
    /// at the type's own alignment, the indirect mode most targets use.
    pub(crate) fn natural_indirect(&self, ty: TypeId) -> PassMode {
        PassMode::Indirect {
            pointee: self.ll_mem_type(ty),
            align: self.layout(ty).align,
            byval: false,
        }
    }

    pub(crate) fn cached_ret(&self, ty: TypeId) -> Option<PassMode> {
        self.ret_cache[ty.index()].map(|(m, _)| m)
    }

    pub(crate) fn cache_ret(&mut self, ty: TypeId, m: PassMode) {
        self.cache_ret_inreg(ty, (m, false));
    }

    /// The memoized return mode with its `inreg` flag (targets where that
    /// flag depends on the type alone).
    pub(crate) fn cached_ret_inreg(&self, ty: TypeId) -> CachedRet {
        self.ret_cache[ty.index()]
    }

    pub(crate) fn cache_ret_inreg(&mut self, ty: TypeId, r: (PassMode, bool)) {
        if self.memoize {
            self.ret_cache[ty.index()] = Some(r);
        }
    }

    /// Size and alignment of `ty`.
    pub fn layout(&self, ty: TypeId) -> Layout {
        self.infos[ty.index()].layout
    }

    /// Field offsets of a record type.
    pub fn record_layout(&self, ty: TypeId) -> Option<&RecordLayout> {
        self.infos[ty.index()].record.as_deref()
    }

    /// `ConvertType(ty)`: the LLVM type of a value of `ty`.
    pub fn ll_type(&self, ty: TypeId) -> LlTyId {
        self.infos[ty.index()].ll
    }

    /// `ConvertTypeForMem(ty)`.
    pub fn ll_mem_type(&self, ty: TypeId) -> LlTyId {
        self.infos[ty.index()].ll_mem
    }

    pub(crate) fn info(&self, ty: TypeId) -> &TypeInfo {
        &self.infos[ty.index()]
    }

    /// Classifies a signature for this context's target.
    pub fn compute_fn_abi(&mut self, sig: &FnSig) -> Result<FnAbi, AbiError> {
        if let Some(n) = sig.variadic {
            if n > sig.args.len() {
                return Err(AbiError::Variadic {
                    fixed: n,
                    args: sig.args.len(),
                });
            }
        }
        let mut abi = self.compute_fn_abi_unchecked(sig)?;
        abi.variadic = sig.variadic;
        Ok(abi)
    }

    /// Hands a result back: its parameter buffer is reused by the next
    /// [`AbiCx::compute_fn_abi`], which then allocates nothing for a
    /// signature of no more parameters. For loops that classify many
    /// signatures and are done with each result before the next.
    pub fn recycle(&mut self, abi: FnAbi) {
        if abi.args.capacity() > self.spare_args.capacity() {
            self.spare_args = abi.args;
        }
    }

    /// An empty parameter buffer with room for `n` (the recycled one if
    /// any), for the target modules.
    pub(crate) fn arg_buffer(&mut self, n: usize) -> Vec<ArgAbi> {
        let mut v = std::mem::take(&mut self.spare_args);
        v.clear();
        v.reserve(n);
        v
    }

    fn compute_fn_abi_unchecked(&mut self, sig: &FnSig) -> Result<FnAbi, AbiError> {
        self.check_value_type(sig.ret, None, true)?;
        for (i, &a) in sig.args.iter().enumerate() {
            self.check_value_type(a, Some(i), false)?;
        }
        use crate::callconv::{CallConv, LlvmCallConv};
        let arch = self.target.arch;
        let refuse = || {
            Err(AbiError::CallConv {
                cc: sig.cc,
                triple: self.target.triple(),
            })
        };
        // Which module classifies, and the LLVM convention it prints:
        // `ms_abi`/`sysv_abi` switch between the two x86_64 conventions.
        match (arch, sig.cc) {
            (Arch::X86_64SysV, CallConv::C | CallConv::SysV64)
            | (Arch::X86_64Win64 | Arch::X86_64MinGW, CallConv::C | CallConv::Win64) => {
                Ok(if arch == Arch::X86_64SysV {
                    targets::x86_64_sysv::compute_fn_abi(self, sig)
                } else {
                    targets::win64::compute_fn_abi(self, sig)
                })
            }
            (Arch::X86_64Win64 | Arch::X86_64MinGW, CallConv::SysV64) => {
                let mut abi =
                    self.with_alt_caches(|cx| targets::x86_64_sysv::compute_fn_abi(cx, sig));
                abi.cc = LlvmCallConv::X86_64SysV;
                Ok(abi)
            }
            (Arch::X86_64SysV, CallConv::Win64) => {
                let mut abi = self.with_alt_caches(|cx| targets::win64::compute_fn_abi(cx, sig));
                abi.cc = LlvmCallConv::Win64;
                Ok(abi)
            }
            (Arch::X86_32SysV | Arch::X86_32Win, CallConv::RegParm(n)) if n > 3 => refuse(),
            (
                Arch::X86_32SysV | Arch::X86_32Win,
                CallConv::C | CallConv::RegParm(_) | CallConv::FastCall | CallConv::VectorCall,
            ) => Ok(targets::x86_32::compute_fn_abi(self, sig)),
            (Arch::Aarch64Aapcs | Arch::Aarch64Darwin | Arch::Aarch64Win, CallConv::C) => {
                Ok(targets::aarch64_aapcs::compute_fn_abi(self, sig))
            }
            (Arch::Riscv64Lp64d | Arch::Riscv32Ilp32d, CallConv::C) => {
                Ok(targets::riscv::compute_fn_abi(self, sig))
            }
            (Arch::Loongarch64Lp64d, CallConv::C) => {
                Ok(targets::loongarch::compute_fn_abi(self, sig))
            }
            (Arch::ArmAapcsVfp | Arch::ArmAapcs, CallConv::C) => {
                Ok(targets::arm::compute_fn_abi(self, sig))
            }
            (Arch::Ppc64leElfv2, CallConv::C) => Ok(targets::ppc64::compute_fn_abi(self, sig)),
            (Arch::SystemZ | Arch::SystemZVector, CallConv::C) => {
                Ok(targets::systemz::compute_fn_abi(self, sig))
            }
            (Arch::Mips64N64, CallConv::C) => targets::mips::compute_fn_abi(self, sig),
            (Arch::Sparc64, CallConv::C) => Ok(targets::sparc::compute_fn_abi(self, sig)),
            (Arch::Wasm32, CallConv::C) => Ok(targets::wasm::compute_fn_abi(self, sig)),
            (
                Arch::X86_64SysV | Arch::X86_64Win64 | Arch::X86_64MinGW,
                CallConv::RegParm(_) | CallConv::FastCall | CallConv::VectorCall,
            )
            | (Arch::X86_32SysV | Arch::X86_32Win, CallConv::Win64 | CallConv::SysV64)
            | (
                Arch::Aarch64Aapcs
                | Arch::Aarch64Darwin
                | Arch::Riscv64Lp64d
                | Arch::Riscv32Ilp32d
                | Arch::Loongarch64Lp64d
                | Arch::ArmAapcsVfp
                | Arch::ArmAapcs
                | Arch::Aarch64Win
                | Arch::Ppc64leElfv2
                | Arch::SystemZ
                | Arch::SystemZVector
                | Arch::Mips64N64
                | Arch::Sparc64
                | Arch::Wasm32,
                CallConv::RegParm(_)
                | CallConv::FastCall
                | CallConv::VectorCall
                | CallConv::Win64
                | CallConv::SysV64,
            ) => refuse(),
        }
    }

    /// Runs `f` with the other x86_64 convention's memo tables in place.
    fn with_alt_caches(&mut self, f: impl FnOnce(&mut AbiCx) -> FnAbi) -> FnAbi {
        let n = self.arg_cache.len();
        self.alt_caches.0.resize(n, None);
        self.alt_caches.1.resize(n, None);
        std::mem::swap(&mut self.arg_cache, &mut self.alt_caches.0);
        std::mem::swap(&mut self.ret_cache, &mut self.alt_caches.1);
        let res = f(self);
        std::mem::swap(&mut self.arg_cache, &mut self.alt_caches.0);
        std::mem::swap(&mut self.ret_cache, &mut self.alt_caches.1);
        res
    }

    fn check_value_type(
        &self,
        ty: TypeId,
        index: Option<usize>,
        is_ret: bool,
    ) -> Result<(), AbiError> {
        match self.by_value[ty.index()] {
            ByValue::Ok => Ok(()),
            ByValue::Void if is_ret => Ok(()),
            ByValue::Void => Err(AbiError::VoidParameter {
                index: index.unwrap_or(0),
            }),
            ByValue::Array => Err(AbiError::ArrayByValue { index }),
            ByValue::Incomplete => Err(AbiError::IncompleteByValue { index }),
        }
    }
}
