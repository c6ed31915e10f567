//! AArch64 AAPCS64 (Procedure Call Standard for the Arm 64-bit
//! Architecture, §6.8 "Parameter passing"), as Clang 19 implements it in
//! `clang/lib/CodeGen/Targets/AArch64.cpp` (`AArch64ABIInfo`, kind AAPCS).
//!
//! - Homogeneous floating-point / short-vector aggregates of at most four
//!   members (HFA/HVA, AAPCS64 §5.9.5) are passed as `[N x Base]` with
//!   `alignstack(8|16)` and returned as their own LLVM type.
//! - Other composites of at most 16 bytes become `i64`, `[2 x i64]` or
//!   `i128` (16-byte aligned), larger ones are passed by pointer to a copy
//!   and returned through `sret` (x8).
//! - Integer arguments are not extended (that is DarwinPCS).
//!
//! Apple arm64 (`aarch64-apple-darwin`, Clang's `AArch64ABIKind::DarwinPCS`)
//! differs in three places, selected by [`Arch::Aarch64Darwin`]: `_Bool`,
//! `char` and `short` arguments and results are extended by the caller
//! (`signext`/`zeroext`), HFA/HVA arguments carry no `alignstack`, and
//! composites of at most 16 bytes are coerced by their (adjusted) alignment,
//! at least 8 bytes (`i64`, `[2 x i64]`, `i128`).
//! Windows on Arm64 (`aarch64-pc-windows-msvc`, `AArch64ABIKind::Win64`,
//! [`Arch::Aarch64Win`]) follows DarwinPCS's coercion and HFA rules without
//! its caller extension; in a variadic function no argument, fixed or not,
//! is treated as an HFA/HVA.
//! - Register exhaustion (x0-x7, v0-v7) changes nothing in the IR: the
//!   backend spills to the stack, so Clang's classification does not track
//!   it. We count register use for [`RegUsage`] only.

use super::is_aggregate;
use crate::callconv::{ArgAbi, FnAbi, FnSig, LlvmCallConv, PassMode, RegUsage};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::{LlTy, LlTyId};
use crate::targets::{Arch, ClangVersion};
use crate::ty::{RecordKind, Type, TypeId};

/// General-purpose argument registers x0-x7 (NGRN limit, AAPCS64 §6.8.2).
const MAX_GPRS: u32 = 8;
/// SIMD/FP argument registers v0-v7 (NSRN limit).
const MAX_FPRS: u32 = 8;

fn direct(ty: LlTyId) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: true,
        align_stack: None,
    }
}

fn size_bits(cx: &AbiCx, ty: TypeId) -> u64 {
    cx.layout(ty).size * 8
}

/// `AArch64ABIInfo::isIllegalVectorType`.
fn illegal_vector(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Vector { len, .. } => {
            let size = size_bits(cx, ty);
            !len.is_power_of_two() || (size != 64 && (size != 128 || len == 1))
        }
        _ => false,
    }
}

/// `AArch64ABIInfo::isHomogeneousAggregateBaseType`: any floating-point
/// type, or a 64/128-bit short vector.
fn hfa_base(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(_) => true,
        Type::Vector { .. } => matches!(size_bits(cx, ty), 64 | 128),
        _ => false,
    }
}

/// `ABIInfo::isHomogeneousAggregate` (AAPCS64 §5.9.5): the base type and
/// member count of an HFA/HVA, with the target's base-type predicate
/// (AArch64 here, 32-bit Arm in `arm`; both let zero-width bit-fields
/// through and allow four members).
fn homogeneous(
    cx: &AbiCx,
    ty: TypeId,
    rules: &HaRules,
    base: &mut Option<TypeId>,
    members: &mut u64,
) -> bool {
    let base_ok = rules.base_ok;
    let types = cx.types();
    match &types[ty] {
        Type::Array { elem, len } => {
            if *len == 0 {
                return false;
            }
            if !homogeneous(cx, *elem, rules, base, members) {
                return false;
            }
            *members = members.saturating_mul(*len);
        }
        Type::Record(rec) => {
            if cx.record_layout(ty).is_some_and(|r| r.has_flexible_array) {
                return false;
            }
            *members = 0;
            for f in rec.fields.iter() {
                let mut ft = f.ty;
                while let Type::Array { elem, len } = types[ft] {
                    if len == 0 {
                        return false;
                    }
                    ft = elem;
                }
                if matches!(types[ft], Type::Record(_)) && cx.info(ft).empty_abi {
                    continue;
                }
                // Zero-width bit-fields do not affect homogeneity on AAPCS64
                // and 32-bit Arm (elsewhere their integer type breaks it).
                if rules.skip_zero_width && f.bit_width == Some(0) {
                    continue;
                }
                let mut fm = 0;
                if !homogeneous(cx, f.ty, rules, base, &mut fm) {
                    return false;
                }
                *members = if rec.kind == RecordKind::Union {
                    (*members).max(fm)
                } else {
                    members.saturating_add(fm)
                };
            }
            let Some(b) = *base else { return false };
            if size_bits(cx, b).saturating_mul(*members) != size_bits(cx, ty) {
                return false;
            }
        }
        _ => {
            let mut t = ty;
            *members = 1;
            if let Type::Complex(e) = types[ty] {
                *members = 2;
                t = e;
            }
            if !base_ok(cx, t) {
                return false;
            }
            let b = *base.get_or_insert(t);
            let is_vec = |x: TypeId| matches!(types[x], Type::Vector { .. });
            if is_vec(b) != is_vec(t) || size_bits(cx, b) != size_bits(cx, t) {
                return false;
            }
        }
    }
    *members > 0
        && match *base {
            Some(b) => (rules.small_enough)(cx, b, *members),
            None => false,
        }
}

/// The target hooks of Clang's `ABIInfo::isHomogeneousAggregate`.
pub(crate) struct HaRules {
    /// `isHomogeneousAggregateBaseType`.
    pub base_ok: fn(&AbiCx, TypeId) -> bool,
    /// `isZeroLengthBitfieldPermittedInHomogeneousAggregate`.
    pub skip_zero_width: bool,
    /// `isHomogeneousAggregateSmallEnough(base, members)`.
    pub small_enough: fn(&AbiCx, TypeId, u64) -> bool,
}

/// The base type and member count of a homogeneous aggregate under
/// `rules`.
pub(crate) fn homogeneous_aggregate(
    cx: &AbiCx,
    ty: TypeId,
    rules: &HaRules,
) -> Option<(TypeId, u64)> {
    let mut base = None;
    let mut members = 0;
    if homogeneous(cx, ty, rules, &mut base, &mut members) {
        base.map(|b| (b, members))
    } else {
        None
    }
}

fn hfa(cx: &AbiCx, ty: TypeId) -> Option<(TypeId, u64)> {
    hfa_with(cx, ty, hfa_base)
}

/// The base type and member count of a homogeneous aggregate whose base
/// types satisfy `base_ok`.
pub(crate) fn hfa_with(
    cx: &AbiCx,
    ty: TypeId,
    base_ok: fn(&AbiCx, TypeId) -> bool,
) -> Option<(TypeId, u64)> {
    let rules = HaRules {
        base_ok,
        skip_zero_width: true,
        small_enough: |_, _, members| members <= 4,
    };
    homogeneous_aggregate(cx, ty, &rules)
}

/// `AArch64ABIInfo::coerceIllegalVector`.
fn coerce_illegal_vector(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    let size = size_bits(cx, ty);
    let i32t = cx.ll.int(32);
    if size <= 32 {
        direct(i32t)
    } else if size == 64 {
        direct(cx.ll.intern(LlTy::Vector(2, i32t)))
    } else if size == 128 {
        direct(cx.ll.intern(LlTy::Vector(4, i32t)))
    } else {
        cx.natural_indirect(ty)
    }
}

fn is_empty(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(cx.types()[ty], Type::Record(_)) && cx.info(ty).empty_abi
}

/// Clang 22's `ContainsOnlyPointers`: a non-empty record whose every field
/// (an array's element type counts) is a pointer or such a record.
fn only_pointers(cx: &AbiCx, ty: TypeId) -> bool {
    let types = cx.types();
    let Type::Record(rec) = &types[ty] else {
        return false;
    };
    if cx.info(ty).empty_abi {
        return false;
    }
    rec.fields.iter().all(|f| {
        let mut t = f.ty;
        while let Type::Array { elem, .. } | Type::FlexArray { elem } = types[t] {
            t = elem;
        }
        f.bit_width.is_none() && (types[t] == Type::Ptr || only_pointers(cx, t))
    })
}

fn darwin(cx: &AbiCx) -> bool {
    cx.target().arch == Arch::Aarch64Darwin
}

/// `AArch64ABIKind::AAPCS` (Linux); DarwinPCS and Win64 share the rules
/// this selects against (no `alignstack`, coercion by adjusted alignment).
fn aapcs(cx: &AbiCx) -> bool {
    cx.target().arch == Arch::Aarch64Aapcs
}

/// DarwinPCS: `isPromotableIntegerTypeForABI` (small integers and `_Bool`
/// are extended); `Some(signed)` if `ty` is one.
fn darwin_promotable(cx: &AbiCx, ty: TypeId) -> Option<bool> {
    if !darwin(cx) {
        return None;
    }
    match cx.types()[ty] {
        Type::Bool => Some(false),
        Type::Int { bits, signed } if bits < 32 => Some(signed),
        _ => None,
    }
}

/// `AArch64ABIInfo::classifyArgumentType` for a named argument. Returns the
/// mode and the (GPR, FPR) registers it would take.
///
/// `win_variadic`: an argument (fixed or not) of a variadic function on
/// Windows, where composites get no HFA/HVA treatment; those answers are
/// not memoized.
fn classify_arg(cx: &mut AbiCx, ty: TypeId, win_variadic: bool) -> CachedArg {
    if let Some(c) = cx.cached_arg(ty).filter(|_| !win_variadic) {
        return c;
    }
    let done = |mode, gpr, fpr| CachedArg {
        mode,
        memory: false,
        needed_int: gpr,
        needed_vec: fpr,
        inreg: false,
    };
    let size = size_bits(cx, ty);
    let res = if illegal_vector(cx, ty) {
        let m = coerce_illegal_vector(cx, ty);
        let fpr = u32::from(matches!(m, PassMode::Direct { .. }));
        done(m, 1 - fpr, fpr)
    } else if !is_aggregate(cx, ty) {
        let fp = matches!(cx.types()[ty], Type::Float(_) | Type::Vector { .. });
        let gprs = if size > 64 && !fp { 2 } else { 1 };
        let mode = match darwin_promotable(cx, ty) {
            Some(signed) => PassMode::Extend {
                ty: cx.ll_type(ty),
                signed,
            },
            None => direct(cx.ll_type(ty)),
        };
        done(mode, if fp { 0 } else { gprs }, u32::from(fp))
    } else if is_empty(cx, ty) || size == 0 {
        done(PassMode::Ignore, 0, 0)
    } else if let Some((base, members)) = hfa(cx, ty).filter(|_| !win_variadic) {
        // HFA/HVA: one FP register per member; stack alignment capped at 16.
        let align = if cx.layout(ty).unadjusted_align >= 16 {
            16
        } else {
            8
        };
        let b = cx.ll_type(base);
        let arr = cx.ll.intern(LlTy::Array(members, b));
        let mode = PassMode::Direct {
            ty: arr,
            offset: 0,
            flatten: true,
            align_stack: if aapcs(cx) { Some(align) } else { None },
        };
        done(mode, 0, members as u32)
    } else if size <= 128 {
        // Composites up to 16 bytes: i64 chunks, or i128 if 16-byte aligned
        // (AAPCS64: unadjusted alignment; DarwinPCS: alignment, at least 8).
        let unit = if !aapcs(cx) {
            (cx.layout(ty).align * 8).max(64)
        } else if cx.layout(ty).unadjusted_align * 8 < 128 {
            64
        } else {
            128
        };
        let rounded = size.div_ceil(unit) * unit;
        // Clang 22: records made only of pointers are coerced to pointers
        // (`ContainsOnlyPointers`), so the value stays a pointer.
        let base = if cx.target().clang == ClangVersion::V22
            && unit == 64
            && (rounded == 64 || rounded == 128)
            && only_pointers(cx, ty)
        {
            cx.ll.intern(LlTy::Ptr)
        } else {
            cx.ll.int(unit as u32)
        };
        let t = if rounded == unit {
            base
        } else {
            cx.ll.intern(LlTy::Array(rounded / unit, base))
        };
        done(direct(t), (rounded / 64) as u32, 0)
    } else {
        // Larger composites: pointer to a caller-made copy.
        let m = cx.natural_indirect(ty);
        done(m, 1, 0)
    };
    if !win_variadic {
        cx.cache_arg(ty, res);
    }
    res
}

/// `AArch64ABIInfo::classifyReturnType`.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let size = size_bits(cx, ty);
    let sret = |cx: &AbiCx| cx.natural_indirect(ty);
    let is_vector = matches!(cx.types()[ty], Type::Vector { .. });
    let mode = if matches!(cx.types()[ty], Type::Void) {
        PassMode::Ignore
    } else if is_vector && size > 128 {
        sret(cx)
    } else if !is_aggregate(cx, ty) {
        match darwin_promotable(cx, ty) {
            Some(signed) => PassMode::Extend {
                ty: cx.ll_type(ty),
                signed,
            },
            None => direct(cx.ll_type(ty)),
        }
    } else if is_empty(cx, ty) || size == 0 {
        PassMode::Ignore
    } else if hfa(cx, ty).is_some() {
        // HFAs are returned in v0-v3 as their own type.
        direct(cx.ll_type(ty))
    } else if size <= 128 {
        if size <= 64 {
            // Little-endian: composites in the low bits, not rounded up.
            direct(cx.ll.int(size as u32))
        } else {
            let rounded = size.div_ceil(64) * 64;
            if cx.layout(ty).align * 8 < 128 && rounded == 128 {
                let i64t = cx.ll.int(64);
                direct(cx.ll.intern(LlTy::Array(2, i64t)))
            } else {
                direct(cx.ll.int(rounded as u32))
            }
        }
    } else {
        sret(cx)
    };
    let mode = match mode {
        PassMode::Direct {
            ty,
            offset,
            align_stack,
            ..
        } => PassMode::Direct {
            ty,
            offset,
            flatten: false,
            align_stack,
        },
        other => other,
    };
    cx.cache_ret(ty, mode);
    mode
}

/// `AArch64ABIInfo::computeInfo`. On Windows every argument of a variadic
/// function, fixed ones included, is classified without HFAs/HVAs (the
/// return value keeps them).
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let win_variadic = cx.target().arch == Arch::Aarch64Win && sig.is_variadic();
    let ret_mode = classify_ret(cx, sig.ret);
    let sret = matches!(ret_mode, PassMode::Indirect { .. });
    let mut gprs = 0u32;
    let mut fprs = 0u32;
    let mut args = cx.arg_buffer(sig.args.len());
    for &ty in &sig.args {
        let c = classify_arg(cx, ty, win_variadic);
        // AAPCS64 §6.8.2 C.3/C.11: an argument that does not fit in the
        // remaining registers of its file goes on the stack and closes that
        // file; the IR is unchanged.
        if c.needed_vec > 0 {
            fprs = if fprs + c.needed_vec <= MAX_FPRS {
                fprs + c.needed_vec
            } else {
                MAX_FPRS
            };
        }
        if c.needed_int > 0 {
            gprs = if gprs + c.needed_int <= MAX_GPRS {
                gprs + c.needed_int
            } else {
                MAX_GPRS
            };
        }
        args.push(ArgAbi::new(ty, c.mode));
    }
    FnAbi {
        ret: ArgAbi::new(sig.ret, ret_mode),
        args,
        sret,
        regs: RegUsage {
            int_regs: gprs,
            vector_regs: fprs,
        },
        cc: LlvmCallConv::C,
        variadic: sig.variadic,
    }
}

/// For `irkit abi --explain`: AAPCS64 §5.9 homogeneous-aggregate detection.
pub(crate) fn explain_hfa(cx: &AbiCx, ty: TypeId) -> Option<(TypeId, u64)> {
    hfa(cx, ty)
}
