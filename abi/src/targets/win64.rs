//! Microsoft x64 calling convention ("x64 calling convention", Microsoft
//! Learn: "Parameter passing"), as Clang 19 implements it in
//! `clang/lib/CodeGen/Targets/X86.cpp` (`WinX86_64ABIInfo::classify`), for
//! `x86_64-pc-windows-msvc` and MinGW's `x86_64-w64-windows-gnu`.
//!
//! - Records and `_Complex` values of 1, 2, 4 or 8 bytes are passed and
//!   returned as an integer of their size; any other size (including 0, and
//!   any record with a flexible array member) goes by pointer to a caller
//!   copy (no `byval`) and is returned through `sret`.
//! - Only `_Bool` is extended; other small integers are passed as they are.
//! - `__int128` is passed by pointer and returned as `<2 x i64>` (in xmm0).
//! - MinGW's x87 `long double` is passed by pointer and returned through
//!   `sret`; MSVC's `long double` is `double`.
//! - Everything else (scalars, vectors of any width) is passed directly;
//!   the backend passes wide vectors by reference itself.
//!
//! Arguments take the four positional slots (rcx/xmm0, rdx/xmm1, r8/xmm2,
//! r9/xmm3); the hidden `sret` pointer takes the first. Register use changes
//! nothing in Clang's IR; it is counted for [`RegUsage`] only.

use crate::callconv::{ArgAbi, FnAbi, FnSig, LlvmCallConv, PassMode, RegUsage};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::LlTy;
use crate::targets::{Arch, ClangVersion};
use crate::ty::{FloatKind, Type, TypeId};

/// Positional argument slots: rcx, rdx, r8, r9 (or xmm0-xmm3).
const SLOTS: u32 = 4;

fn direct(ty: crate::llty::LlTyId, ret: bool) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: !ret,
        align_stack: None,
    }
}

/// `WinX86_64ABIInfo::classify` (no vectorcall/regcall).
fn classify(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> PassMode {
    let by_ref = |cx: &AbiCx| cx.natural_indirect(ty);
    let width = cx.layout(ty).size * 8;
    match cx.types()[ty] {
        Type::Void => PassMode::Ignore,
        Type::Record(_) if cx.record_layout(ty).is_some_and(|r| r.has_flexible_array) => by_ref(cx),
        // "Any argument that doesn't fit in 8 bytes, or is not 1, 2, 4, or 8
        // bytes, must be passed by reference."
        Type::Record(_) | Type::Complex(_) => {
            if width > 64 || !width.is_power_of_two() {
                by_ref(cx)
            } else {
                direct(cx.ll.int(width as u32), is_ret)
            }
        }
        Type::Bool => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: false,
        },
        // Only MinGW passes the x87 `long double` by reference; `ms_abi` on
        // System V passes it as it is.
        Type::Float(FloatKind::X87) if cx.target().arch == Arch::X86_64MinGW => by_ref(cx),
        // Clang 22 passes `__float128` (only reachable through `ms_abi`)
        // like `__int128`.
        Type::Float(FloatKind::Quad) if cx.target().clang == ClangVersion::V22 && !is_ret => {
            by_ref(cx)
        }
        Type::Float(FloatKind::Quad) if cx.target().clang == ClangVersion::V22 => {
            let i64t = cx.ll.int(64);
            direct(cx.ll.intern(LlTy::Vector(2, i64t)), true)
        }
        Type::Int { bits: 128, .. } if !is_ret => by_ref(cx),
        Type::Int { bits: 128, .. } => {
            let i64t = cx.ll.int(64);
            direct(cx.ll.intern(LlTy::Vector(2, i64t)), true)
        }
        Type::Int { .. }
        | Type::Float(_)
        | Type::Ptr
        | Type::Vector { .. }
        | Type::Array { .. }
        | Type::FlexArray { .. } => direct(cx.ll_type(ty), is_ret),
    }
}

fn classify_arg(cx: &mut AbiCx, ty: TypeId) -> CachedArg {
    if let Some(c) = cx.cached_arg(ty) {
        return c;
    }
    let mode = classify(cx, ty, false);
    let fp = matches!(mode, PassMode::Direct { .. }) && matches!(cx.types()[ty], Type::Float(_));
    let res = CachedArg {
        mode,
        memory: false,
        needed_int: u32::from(!fp && mode != PassMode::Ignore),
        needed_vec: u32::from(fp),
        inreg: false,
    };
    cx.cache_arg(ty, res);
    res
}

fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let m = classify(cx, ty, true);
    cx.cache_ret(ty, m);
    m
}

/// `WinX86_64ABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let ret_mode = classify_ret(cx, sig.ret);
    let sret = matches!(ret_mode, PassMode::Indirect { .. });
    let mut slot = u32::from(sret);
    let mut regs = RegUsage {
        int_regs: u32::from(sret),
        vector_regs: 0,
    };
    let mut args = cx.arg_buffer(sig.args.len());
    for &ty in &sig.args {
        let c = classify_arg(cx, ty);
        if slot < SLOTS && c.mode != PassMode::Ignore {
            regs.int_regs += c.needed_int;
            regs.vector_regs += c.needed_vec;
            slot += 1;
        }
        args.push(ArgAbi::new(ty, c.mode));
    }
    FnAbi {
        ret: ArgAbi::new(sig.ret, ret_mode),
        args,
        sret,
        regs,
        cc: LlvmCallConv::C,
        variadic: sig.variadic,
    }
}
