//! s390x (z/Architecture ELF ABI), as Clang implements it in
//! `clang/lib/CodeGen/Targets/SystemZ.cpp` (`SystemZABIInfo`), for
//! `s390x-unknown-linux-gnu` with and without the vector ABI
//! ([`Arch::SystemZ`], [`Arch::SystemZVector`]).
//!
//! - Values of 1, 2, 4 or 8 bytes are passed in registers: integers and
//!   pointers as themselves, `_Bool`, `char`, `short` and `int` extended to
//!   64 bits; structs and unions as `iN` (`noext` below 64 bits, printed by
//!   Clang 22), or as `float` / `double` when the struct's single element
//!   (nested structs, not arrays or unions, looked through; trailing
//!   padding allowed) is a `float` or `double` (`_Float16` too from Clang
//!   22).
//! - Everything else (other sizes, `__int128`, `long double`, `_Complex`,
//!   vectors without the vector ABI, empty records, records with a flexible
//!   array member) is passed by pointer to a caller-made copy.
//! - With the vector ABI, vectors of at most 16 bytes, and structs whose
//!   single element is such a vector of the struct's size, are passed as
//!   the vector; vectors are also returned in registers.
//! - Compound values (records, `_Complex`, vectors outside the vector ABI)
//!   and anything over 8 bytes are returned through `sret`.
//!
//! Register exhaustion changes nothing in the IR: [`RegUsage`] stays empty.

use crate::callconv::{ArgAbi, FnAbi, FnSig, PassMode};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::LlTyId;
use crate::targets::{Arch, ClangVersion};
use crate::ty::{FloatKind, RecordKind, Type, TypeId};

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

/// `isPromotableIntegerTypeForABI`: `_Bool`, `char`, `short` and `int`;
/// `Some(signed)` for one.
fn promotable(cx: &AbiCx, ty: TypeId) -> Option<bool> {
    match cx.types()[ty] {
        Type::Bool => Some(false),
        Type::Int { bits, signed } if bits <= 32 => Some(signed),
        _ => None,
    }
}

/// `isCompoundType`: `_Complex`, vectors and aggregates.
fn is_compound(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(
        cx.types()[ty],
        Type::Record(_)
            | Type::Array { .. }
            | Type::FlexArray { .. }
            | Type::Complex(_)
            | Type::Vector { .. }
    )
}

/// `isVectorArgumentType`: a vector of at most 16 bytes under the vector
/// ABI.
fn vector_arg(cx: &AbiCx, ty: TypeId) -> bool {
    cx.target().arch == Arch::SystemZVector
        && matches!(cx.types()[ty], Type::Vector { .. })
        && size_bits(cx, ty) <= 128
}

/// `isFPArgumentType`: `float` or `double` (and `_Float16` in Clang 22).
fn fp_arg(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(FloatKind::Float | FloatKind::Double) => true,
        Type::Float(FloatKind::Half) => cx.target().clang == ClangVersion::V22,
        _ => false,
    }
}

/// `GetSingleElementType`: the only member of a struct (recursively
/// through nested structs), counting every field in C (empty records,
/// arrays and unnamed bit-fields included); `ty` itself otherwise.
fn single_element(cx: &AbiCx, ty: TypeId) -> TypeId {
    let types = cx.types();
    let Type::Record(rec) = &types[ty] else {
        return ty;
    };
    if rec.kind != RecordKind::Struct {
        return ty;
    }
    match &rec.fields[..] {
        [f] => single_element(cx, f.ty),
        _ => ty,
    }
}

/// `SystemZABIInfo::classifyArgumentType`; the flag is `noext`.
fn classify_arg(cx: &mut AbiCx, ty: TypeId) -> (PassMode, bool) {
    if let Some(c) = cx.cached_arg(ty) {
        // `needed_int` records `noext` here (no register counting).
        return (c.mode, c.needed_int != 0);
    }
    let mut noext = false;
    let size = size_bits(cx, ty);
    let single = single_element(cx, ty);
    let mode = if let Some(signed) = promotable(cx, ty) {
        PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        }
    } else if vector_arg(cx, single) && size_bits(cx, single) == size {
        direct(cx.ll_type(single))
    } else if !matches!(size, 8 | 16 | 32 | 64) {
        cx.natural_indirect(ty)
    } else if let Type::Record(_) = cx.types()[ty] {
        if cx.record_layout(ty).is_some_and(|r| r.has_flexible_array) {
            cx.natural_indirect(ty)
        } else if fp_arg(cx, single) {
            let t = match cx.types()[single] {
                Type::Float(FloatKind::Half) if size == 16 => cx.ll_type(single),
                _ if size == 32 => cx.ll.intern(crate::llty::LlTy::Float),
                _ => cx.ll.intern(crate::llty::LlTy::Double),
            };
            direct(t)
        } else {
            noext = size <= 32;
            direct(cx.ll.int(size as u32))
        }
    } else if is_compound(cx, ty) {
        cx.natural_indirect(ty)
    } else {
        direct(cx.ll_type(ty))
    };
    cx.cache_arg(
        ty,
        CachedArg {
            mode,
            memory: false,
            needed_int: u32::from(noext),
            needed_vec: 0,
            inreg: false,
        },
    );
    (mode, noext)
}

/// `SystemZABIInfo::classifyReturnType`.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let mode = if cx.types()[ty] == Type::Void {
        PassMode::Ignore
    } else if vector_arg(cx, ty) {
        direct(cx.ll_type(ty))
    } else if is_compound(cx, ty) || size_bits(cx, ty) > 64 {
        cx.natural_indirect(ty)
    } else if let Some(signed) = promotable(cx, ty) {
        PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        }
    } else {
        direct(cx.ll_type(ty))
    };
    cx.cache_ret(ty, mode);
    mode
}

/// `SystemZABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let ret_mode = classify_ret(cx, sig.ret);
    let mut args = cx.arg_buffer(sig.args.len());
    args.extend(sig.args.iter().map(|&ty| {
        let (mode, noext) = classify_arg(cx, ty);
        ArgAbi {
            noext,
            ..ArgAbi::new(ty, mode)
        }
    }));
    FnAbi::untracked(sig, ArgAbi::new(sig.ret, ret_mode), args)
}
