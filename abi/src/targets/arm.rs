//! 32-bit Arm AAPCS (Procedure Call Standard for the Arm Architecture), as
//! Clang implements it in `clang/lib/CodeGen/Targets/ARM.cpp` (`ARMABIInfo`)
//! for `armv7-unknown-linux-gnueabihf` (kind AAPCS-VFP, [`Arch::ArmAapcsVfp`])
//! and `arm-unknown-linux-gnueabi` (kind AAPCS, soft-float,
//! [`Arch::ArmAapcs`]).
//!
//! - AAPCS-VFP only: homogeneous aggregates of one to four `float`,
//!   `double` (= `long double`) or 64/128-bit vector members (`_Complex
//!   float` included) are passed and returned as their own LLVM type, not
//!   flattened; `alignstack(8)` when the aggregate's unadjusted alignment is
//!   above its base type's and at least 8.
//! - Other aggregates up to 64 bytes are coerced to `[N x i32]`, or to
//!   `[N x i64]` when their unadjusted alignment is above 4; larger ones are
//!   `byval` with alignment clamped to 4..8.
//! - Aggregates of at most 4 bytes are returned as `i8`/`i16`/`i32`, others
//!   through `sret`.
//! - Vectors whose element count is not a power of two, of at most 32 bits,
//!   or of half-precision elements (no legal `half` on plain v7) are
//!   "illegal": passed as `i32`, `<2 x i32>`, `<4 x i32>` or by pointer.
//!   Returned vectors above 128 bits go through `sret`.
//! - Empty records are ignored; Clang 22 also ignores every other aggregate
//!   of size 0 (Clang 19 passes `[0 x i32]` and returns `i8`).
//! - A variadic function (its declaration and each call) follows the base
//!   AAPCS even on AAPCS-VFP: no homogeneous aggregates anywhere in it.
//! - `_Bool`, `char` and `short` are extended; nothing depends on how many
//!   registers are left (the backend assigns r0-r3, s0-s15/d0-d7 and the
//!   stack), so [`RegUsage`] stays empty.

use super::is_aggregate;
use crate::callconv::{ArgAbi, FnAbi, FnSig, PassMode};
use crate::cx::AbiCx;
use crate::llty::{LlTy, LlTyId};
use crate::targets::aarch64_aapcs::hfa_with;
use crate::targets::{Arch, ClangVersion};
use crate::ty::{FloatKind, Type, TypeId};

fn direct(ty: LlTyId) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: false,
        align_stack: None,
    }
}

fn size_bits(cx: &AbiCx, ty: TypeId) -> u64 {
    cx.layout(ty).size * 8
}

fn vfp(cx: &AbiCx) -> bool {
    cx.target().arch == Arch::ArmAapcsVfp
}

/// `ARMABIInfo::isHomogeneousAggregateBaseType`.
fn hfa_base(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(FloatKind::Float | FloatKind::Double) => true,
        Type::Vector { .. } => matches!(size_bits(cx, ty), 64 | 128),
        _ => false,
    }
}

fn half_vector(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Vector { elem, .. } => cx.types()[elem] == Type::Float(FloatKind::Half),
        _ => false,
    }
}

/// `ARMABIInfo::isIllegalVectorType` (not Android).
fn illegal_vector(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Vector { len, .. } => {
            half_vector(cx, ty) || !len.is_power_of_two() || size_bits(cx, ty) <= 32
        }
        _ => false,
    }
}

/// `ARMABIInfo::coerceIllegalVector`.
fn coerce_illegal_vector(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    let size = size_bits(cx, ty);
    let i32t = cx.ll.int(32);
    match size {
        0..=32 => direct(i32t),
        64 | 128 => direct(cx.ll.intern(LlTy::Vector((size / 32) as u32, i32t))),
        _ => cx.natural_indirect(ty),
    }
}

/// `isPromotableIntegerTypeForABI`: `Some(signed)` for `_Bool`, `char`
/// and `short`.
fn promotable(cx: &AbiCx, ty: TypeId) -> Option<bool> {
    match cx.types()[ty] {
        Type::Bool => Some(false),
        Type::Int { bits, signed } if bits < 32 => Some(signed),
        _ => None,
    }
}

fn scalar(cx: &AbiCx, ty: TypeId) -> PassMode {
    match promotable(cx, ty) {
        Some(signed) => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        },
        None => direct(cx.ll_type(ty)),
    }
}

/// Ignored aggregates: empty records (`isEmptyRecord`) and, from Clang 22,
/// any aggregate of size 0 (e.g. a struct of a zero-length array and a
/// flexible array member, which Clang 19 passes as `[0 x i32]`).
fn is_empty(cx: &AbiCx, ty: TypeId) -> bool {
    (matches!(cx.types()[ty], Type::Record(_)) && cx.info(ty).empty_abi)
        || (cx.target().clang == ClangVersion::V22 && cx.layout(ty).size == 0)
}

/// `ARMABIInfo::containsAnyFP16Vectors`.
fn contains_fp16_vectors(cx: &AbiCx, ty: TypeId) -> bool {
    match &cx.types()[ty] {
        Type::Array { elem, len } => *len != 0 && contains_fp16_vectors(cx, *elem),
        Type::Record(rec) => rec.fields.iter().any(|f| contains_fp16_vectors(cx, f.ty)),
        Type::Vector { .. } => half_vector(cx, ty),
        _ => false,
    }
}

/// `ARMABIInfo::classifyHomogeneousAggregate`.
fn homogeneous_mode(cx: &mut AbiCx, ty: TypeId, base: TypeId, members: u64) -> PassMode {
    // Vectors of half are passed as vectors of i32 (no legal `half`).
    if matches!(cx.types()[base], Type::Vector { .. }) && contains_fp16_vectors(cx, ty) {
        let i32t = cx.ll.int(32);
        let v = cx
            .ll
            .intern(LlTy::Vector((size_bits(cx, base) / 32) as u32, i32t));
        return direct(cx.ll.intern(LlTy::Array(members, v)));
    }
    let align = cx.layout(ty).unadjusted_align;
    let base_align = cx.layout(base).align;
    PassMode::Direct {
        ty: cx.ll_type(ty),
        offset: 0,
        flatten: false,
        align_stack: (align > base_align && align >= 8).then_some(8),
    }
}

/// `ARMABIInfo::classifyArgumentType`; `vfp` false for every argument of
/// a variadic function (base AAPCS), whose answers are not memoized.
fn classify_arg(cx: &mut AbiCx, ty: TypeId, vfp: bool) -> PassMode {
    let memo = vfp == self::vfp(cx);
    if let Some(m) = cx.cached_arg(ty).filter(|_| memo) {
        return m.mode;
    }
    let mode = if illegal_vector(cx, ty) {
        coerce_illegal_vector(cx, ty)
    } else if !is_aggregate(cx, ty) {
        scalar(cx, ty)
    } else if is_empty(cx, ty) {
        PassMode::Ignore
    } else if let Some((base, n)) = vfp.then(|| hfa_with(cx, ty, hfa_base)).flatten() {
        homogeneous_mode(cx, ty, base, n)
    } else {
        let l = cx.layout(ty);
        let ty_align = l.unadjusted_align;
        if l.size > 64 {
            PassMode::Indirect {
                pointee: cx.ll_mem_type(ty),
                align: ty_align.clamp(4, 8),
                byval: true,
            }
        } else {
            let (unit, n) = if ty_align <= 4 {
                (32, l.size.div_ceil(4))
            } else {
                (64, l.size.div_ceil(8))
            };
            let e = cx.ll.int(unit);
            direct(cx.ll.intern(LlTy::Array(n, e)))
        }
    };
    if !memo {
        return mode;
    }
    cx.cache_arg(
        ty,
        crate::cx::CachedArg {
            mode,
            memory: false,
            needed_int: 0,
            needed_vec: 0,
            inreg: false,
        },
    );
    mode
}

/// `ARMABIInfo::classifyReturnType`; `vfp` as for [`classify_arg`].
fn classify_ret(cx: &mut AbiCx, ty: TypeId, vfp: bool) -> PassMode {
    let memo = vfp == self::vfp(cx);
    if let Some(m) = cx.cached_ret(ty).filter(|_| memo) {
        return m;
    }
    let m = if cx.types()[ty] == Type::Void {
        PassMode::Ignore
    } else if matches!(cx.types()[ty], Type::Vector { .. }) && size_bits(cx, ty) > 128 {
        cx.natural_indirect(ty)
    } else if half_vector(cx, ty) {
        coerce_illegal_vector(cx, ty)
    } else if !is_aggregate(cx, ty) {
        scalar(cx, ty)
    } else if is_empty(cx, ty) {
        PassMode::Ignore
    } else if let Some((base, n)) = vfp.then(|| hfa_with(cx, ty, hfa_base)).flatten() {
        homogeneous_mode(cx, ty, base, n)
    } else {
        match size_bits(cx, ty) {
            0..=8 => direct(cx.ll.int(8)),
            9..=16 => direct(cx.ll.int(16)),
            17..=32 => direct(cx.ll.int(32)),
            _ => cx.natural_indirect(ty),
        }
    };
    if memo {
        cx.cache_ret(ty, m);
    }
    m
}

/// `ARMABIInfo::computeInfo`. A variadic function uses the base AAPCS
/// for its return value and all its arguments, fixed ones included (Clang's
/// `isVariadic` in `classifyArgumentType` / `classifyReturnType`).
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let vfp = vfp(cx) && !sig.is_variadic();
    let ret_mode = classify_ret(cx, sig.ret, vfp);
    let mut args = cx.arg_buffer(sig.args.len());
    args.extend(
        sig.args
            .iter()
            .map(|&ty| ArgAbi::new(ty, classify_arg(cx, ty, vfp))),
    );
    FnAbi::untracked(sig, ArgAbi::new(sig.ret, ret_mode), args)
}

/// For `irkit abi --explain`: AAPCS-VFP homogeneous-aggregate detection
/// (`None` on soft-float AAPCS, which has none).
pub(crate) fn explain_hfa(cx: &AbiCx, ty: TypeId) -> Option<(TypeId, u64)> {
    if vfp(cx) {
        hfa_with(cx, ty, hfa_base)
    } else {
        None
    }
}
