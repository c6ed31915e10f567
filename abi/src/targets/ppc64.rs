//! 64-bit PowerPC ELFv2 (`powerpc64le-unknown-linux-gnu`), as Clang
//! implements it in `clang/lib/CodeGen/Targets/PPC.cpp`
//! (`PPC64_SVR4_ABIInfo`, kind ELFv2, hard float).
//!
//! - Homogeneous aggregates (ELFv2 §2.2.3.2): one to eight registers' worth
//!   of `float`, `double`, `long double` (IBM double-double, two registers
//!   each) or 128-bit vectors, with no other member (a zero-width bit-field
//!   breaks homogeneity here, unlike AArch64), are passed and returned as
//!   `[N x Base]`.
//! - A struct whose single element is a floating-point value or a 128-bit
//!   vector is passed as that element, `inreg` (`computeInfo`).
//! - Other aggregates of at most 8 bytes are passed as `iN` (N the size in
//!   bits rounded to a byte), up to 64 bytes as `[N x i64]`, or `[N x i128]`
//!   when the parameter save area aligns them to 16 (vector members, or
//!   16-byte alignment); larger ones `byval` with that alignment (8 or 16).
//!   Size-0 aggregates are `byval` too.
//! - Aggregates of at most 16 bytes are returned as `iN` or `{ i64, i64 }`
//!   (size 0: ignored), larger ones through `sret`.
//! - `_Complex` values are passed as their two parts; vectors under 16
//!   bytes as `iN`, over 16 bytes by pointer (returned through `sret`).
//! - `_Bool`, `char`, `short` and `int` (signed or not) are extended to 64
//!   bits (`signext` / `zeroext`), arguments and results.
//!
//! Register exhaustion changes nothing in the IR: [`RegUsage`] stays empty.

use super::is_aggregate;
use crate::callconv::{ArgAbi, FnAbi, FnSig, PassMode};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::{LlTy, LlTyId};
use crate::targets::aarch64_aapcs::{homogeneous_aggregate, HaRules};
use crate::targets::x86_32::single_element;
use crate::ty::{FloatKind, Type, TypeId};

/// GPR width in bits.
const GPR_BITS: u64 = 64;

fn direct(ty: LlTyId, flatten: bool) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten,
        align_stack: None,
    }
}

fn size_bits(cx: &AbiCx, ty: TypeId) -> u64 {
    cx.layout(ty).size * 8
}

/// `PPC64_SVR4_ABIInfo::isHomogeneousAggregateBaseType` (hard float).
fn ha_base(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(k) => matches!(
            k,
            FloatKind::Float | FloatKind::Double | FloatKind::IbmDouble
        ),
        Type::Vector { .. } => size_bits(cx, ty) == 128,
        _ => false,
    }
}

/// `isHomogeneousAggregateSmallEnough`: at most eight registers, a vector
/// taking one and a float one per 64 bits.
fn ha_small_enough(cx: &AbiCx, base: TypeId, members: u64) -> bool {
    let regs = if matches!(cx.types()[base], Type::Vector { .. }) {
        1
    } else {
        size_bits(cx, base).div_ceil(64)
    };
    members.saturating_mul(regs) <= 8
}

const HA_RULES: HaRules = HaRules {
    base_ok: ha_base,
    skip_zero_width: false,
    small_enough: ha_small_enough,
};

fn ha(cx: &AbiCx, ty: TypeId) -> Option<(TypeId, u64)> {
    if !is_aggregate(cx, ty) {
        return None;
    }
    homogeneous_aggregate(cx, ty, &HA_RULES)
}

/// For `irkit abi --explain`: ELFv2 homogeneous-aggregate detection.
pub(crate) fn explain_ha(cx: &AbiCx, ty: TypeId) -> Option<(TypeId, u64)> {
    ha(cx, ty)
}

/// `isPromotableTypeForABI`: `_Bool`, `char`, `short` and `int`;
/// `Some(signed)` for one.
fn promotable(cx: &AbiCx, ty: TypeId) -> Option<bool> {
    match cx.types()[ty] {
        Type::Bool => Some(false),
        Type::Int { bits, signed } if bits <= 32 => Some(signed),
        _ => None,
    }
}

fn scalar(cx: &AbiCx, ty: TypeId) -> PassMode {
    match promotable(cx, ty) {
        Some(signed) => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        },
        None => direct(cx.ll_type(ty), false),
    }
}

/// A floating-point value or a 128-bit vector: what a single-element struct
/// is passed as (`computeInfo`), and what aligns an aggregate like its
/// element (`getParamTypeAlignment`).
fn fp_or_vec128(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(_) => true,
        Type::Vector { .. } => size_bits(cx, ty) == 128,
        _ => false,
    }
}

/// `getParamTypeAlignment` in bytes: 16 for 128-bit vectors (and
/// aggregates built on them, or 16-byte aligned), else 8.
fn param_align(cx: &AbiCx, ty: TypeId) -> u64 {
    let ty = match cx.types()[ty] {
        Type::Complex(e) => e,
        _ => ty,
    };
    if let Type::Vector { .. } = cx.types()[ty] {
        return if size_bits(cx, ty) == 128 { 16 } else { 8 };
    }
    let align_as = single_element(cx, ty)
        .filter(|&e| fp_or_vec128(cx, e))
        .or_else(|| ha(cx, ty).map(|(b, _)| b));
    if let Some(t) = align_as {
        return if matches!(cx.types()[t], Type::Vector { .. }) {
            16
        } else {
            8
        };
    }
    if is_aggregate(cx, ty) && cx.layout(ty).align >= 16 {
        16
    } else {
        8
    }
}

/// `classifyArgumentType` (and `computeInfo`'s single-element rule).
/// Returns the mode and whether the argument is `inreg`.
fn classify_arg(cx: &mut AbiCx, ty: TypeId) -> (PassMode, bool) {
    if let Some(c) = cx.cached_arg(ty) {
        // `needed_int` records `inreg` here (no register counting).
        return (c.mode, c.needed_int != 0);
    }
    let mut inreg = false;
    let mode = if let Some(e) = single_element(cx, ty).filter(|&e| fp_or_vec128(cx, e)) {
        inreg = true;
        direct(cx.ll_type(e), false)
    } else {
        classify_arg_type(cx, ty)
    };
    cx.cache_arg(
        ty,
        CachedArg {
            mode,
            memory: false,
            needed_int: u32::from(inreg),
            needed_vec: 0,
            inreg: false,
        },
    );
    (mode, inreg)
}

/// Vectors other than 128 bits: `Some` mode (as an integer below, by
/// pointer above).
fn odd_vector(cx: &mut AbiCx, ty: TypeId) -> Option<PassMode> {
    if !matches!(cx.types()[ty], Type::Vector { .. }) {
        return None;
    }
    let size = size_bits(cx, ty);
    match size.cmp(&128) {
        std::cmp::Ordering::Greater => Some(cx.natural_indirect(ty)),
        std::cmp::Ordering::Less => Some(direct(cx.ll.int(size as u32), false)),
        std::cmp::Ordering::Equal => None,
    }
}

/// `PPC64_SVR4_ABIInfo::classifyArgumentType`.
fn classify_arg_type(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Type::Complex(_) = cx.types()[ty] {
        return direct(cx.ll_type(ty), true);
    }
    if let Some(m) = odd_vector(cx, ty) {
        return m;
    }
    if !is_aggregate(cx, ty) {
        return scalar(cx, ty);
    }
    if let Some((base, n)) = ha(cx, ty) {
        let b = cx.ll_type(base);
        return direct(cx.ll.intern(LlTy::Array(n, b)), false);
    }
    let abi_align = param_align(cx, ty);
    let bits = size_bits(cx, ty);
    if bits > 0 && bits <= 8 * GPR_BITS {
        if bits <= GPR_BITS {
            return direct(cx.ll.int(bits.div_ceil(8) as u32 * 8), false);
        }
        let reg = abi_align * 8;
        let e = cx.ll.int(reg as u32);
        return direct(cx.ll.intern(LlTy::Array(bits.div_ceil(reg), e)), false);
    }
    PassMode::Indirect {
        pointee: cx.ll_mem_type(ty),
        align: abi_align,
        byval: true,
    }
}

/// `PPC64_SVR4_ABIInfo::classifyReturnType`.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let mode = if cx.types()[ty] == Type::Void {
        PassMode::Ignore
    } else if let Type::Complex(_) = cx.types()[ty] {
        direct(cx.ll_type(ty), false)
    } else if let Some(m) = odd_vector(cx, ty) {
        m
    } else if !is_aggregate(cx, ty) {
        scalar(cx, ty)
    } else if let Some((base, n)) = ha(cx, ty) {
        let b = cx.ll_type(base);
        direct(cx.ll.intern(LlTy::Array(n, b)), false)
    } else {
        let bits = size_bits(cx, ty);
        if bits == 0 {
            PassMode::Ignore
        } else if bits <= GPR_BITS {
            direct(cx.ll.int(bits.div_ceil(8) as u32 * 8), false)
        } else if bits <= 2 * GPR_BITS {
            let i64t = cx.ll.int(64);
            let pair = cx.ll.intern(LlTy::Struct {
                elems: Box::new([i64t, i64t]),
                packed: false,
            });
            direct(pair, false)
        } else {
            cx.natural_indirect(ty)
        }
    };
    cx.cache_ret(ty, mode);
    mode
}

/// `PPC64_SVR4_ABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let ret_mode = classify_ret(cx, sig.ret);
    let mut args = cx.arg_buffer(sig.args.len());
    args.extend(sig.args.iter().map(|&ty| {
        let (mode, inreg) = classify_arg(cx, ty);
        ArgAbi {
            inreg,
            ..ArgAbi::new(ty, mode)
        }
    }));
    FnAbi::untracked(sig, ArgAbi::new(sig.ret, ret_mode), args)
}
