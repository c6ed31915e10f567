//! WebAssembly 32-bit (`wasm32-unknown-unknown`), as Clang implements it in
//! `clang/lib/CodeGen/Targets/WebAssembly.cpp` (`WebAssemblyABIInfo` with
//! the default MVP ABI, not `-mabi=experimental-mv`).
//!
//! - Empty records are ignored; a record with a single scalar element
//!   (Clang's `isSingleElementStruct`, as on x86-32) is passed and returned
//!   as that element.
//! - Every other aggregate (`_Complex` included) is passed `byval` with its
//!   natural alignment and returned through `sret`.
//! - `_Bool`, `char` and `short` are extended; everything else, vectors,
//!   `__int128` and `long double` (`fp128`) included, is passed as itself.
//!
//! Nothing depends on registers, so [`RegUsage`] stays empty.

use crate::callconv::{ArgAbi, FnAbi, FnSig, PassMode};
use crate::cx::AbiCx;
use crate::targets::x86_32::single_element;
use crate::ty::{Type, TypeId};

fn direct(ty: crate::llty::LlTyId) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: false,
        align_stack: None,
    }
}

/// `DefaultABIInfo` for a scalar: `_Bool`, `char` and `short` extended.
fn scalar(cx: &AbiCx, ty: TypeId) -> PassMode {
    match cx.types()[ty] {
        Type::Void => PassMode::Ignore,
        Type::Bool => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: false,
        },
        Type::Int { bits, signed } if bits < 32 => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        },
        _ => direct(cx.ll_type(ty)),
    }
}

/// [`classify_uncached`] through the per-type memo.
fn classify(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> PassMode {
    if is_ret {
        if let Some(m) = cx.cached_ret(ty) {
            return m;
        }
        let m = classify_uncached(cx, ty, true);
        cx.cache_ret(ty, m);
        m
    } else {
        cx.memo_arg(ty, |cx| (classify_uncached(cx, ty, false), false))
            .0
    }
}

fn classify_uncached(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> PassMode {
    let aggregate = matches!(
        cx.types()[ty],
        Type::Record(_) | Type::Array { .. } | Type::FlexArray { .. } | Type::Complex(_)
    );
    if !aggregate {
        return scalar(cx, ty);
    }
    if matches!(cx.types()[ty], Type::Record(_)) && cx.info(ty).empty_abi {
        return PassMode::Ignore;
    }
    if let Some(e) = single_element(cx, ty) {
        return direct(cx.ll_type(e));
    }
    PassMode::Indirect {
        pointee: cx.ll_mem_type(ty),
        align: cx.layout(ty).align,
        byval: !is_ret,
    }
}

/// `WebAssemblyABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let ret_mode = classify(cx, sig.ret, true);
    let mut args = cx.arg_buffer(sig.args.len());
    args.extend(
        sig.args
            .iter()
            .map(|&ty| ArgAbi::new(ty, classify(cx, ty, false))),
    );
    FnAbi::untracked(sig, ArgAbi::new(sig.ret, ret_mode), args)
}
