//! 32-bit x86: the i386 System V psABI (`i386-unknown-linux-gnu`) and the
//! Windows x86 conventions (`i686-pc-windows-msvc`), as Clang implements
//! them in `clang/lib/CodeGen/Targets/X86.cpp` (`X86_32ABIInfo`), with the
//! `regparm(N)`, `fastcall` and `vectorcall` function attributes.
//!
//! Default (`cdecl`) convention, everything on the stack:
//! - Records that are not empty go on the stack: as their fields
//!   (Clang's `Expand`) when they are at most 16 bytes of 32/64-bit scalars
//!   without padding, otherwise `byval` with alignment 4 (the callee
//!   realigns over-aligned ones). Empty records are ignored on Linux.
//! - Linux returns every record through `sret` (even empty ones); only
//!   `_Complex` values of 1, 2, 4 or 8 bytes come back in registers
//!   (as `iN`). Windows returns records of 1, 2, 4 or 8 bytes whose
//!   members all are register-sized as `iN` (a lone pointer member as
//!   `ptr`), empty records not at all.
//! - 64-bit integer vectors with narrower elements (MMX) are passed as
//!   `i64`; other vectors directly. Windows passes the first three vectors
//!   `inreg` (XMM) and later ones by pointer, and records whose required
//!   alignment is above 4 by pointer.
//! - `char`/`short`/`_Bool` are extended.
//!
//! `regparm(N)` gives N integer registers (eax, edx, ecx), `fastcall` two
//! (ecx, edx) for integers and pointers of at most 32 bits, `vectorcall`
//! adds six SSE registers for `float`/`double`/vectors and homogeneous
//! vector aggregates (HVAs) of at most four members. Arguments given a
//! register are marked `inreg`; a record that skips the registers under
//! `fastcall` gets an `i32 inreg` padding parameter.

use super::is_aggregate;
use crate::callconv::{ArgAbi, CallConv, FnAbi, FnSig, LlvmCallConv, Padding, PassMode, RegUsage};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::{LlTy, LlTyId};
use crate::targets::Arch;
use crate::ty::{FloatKind, RecordKind, Type, TypeId};
use smallvec::SmallVec;

/// Register state while classifying one signature (Clang's `CCState`).
struct State {
    cc: CallConv,
    free_regs: u32,
    free_sse: u32,
    win: bool,
    /// The argument being classified is a variadic one (Win32 passes
    /// over-aligned records `byval` there, not by pointer).
    variadic_arg: bool,
    /// Integer registers given out (for [`RegUsage`]).
    used_regs: u32,
    used_sse: u32,
}

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

fn has_flex(cx: &AbiCx, ty: TypeId) -> bool {
    cx.record_layout(ty).is_some_and(|r| r.has_flexible_array)
}

fn is_empty_record(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(cx.types()[ty], Type::Record(_)) && cx.info(ty).empty_abi
}

/// `isEmptyField(…, AllowArrays=true)`.
fn empty_field(cx: &AbiCx, f: &crate::ty::Field) -> bool {
    if f.bit_width.is_some() && !f.named {
        return true;
    }
    let mut t = f.ty;
    while let Type::Array { elem, len } = cx.types()[t] {
        if len == 0 {
            return true;
        }
        t = elem;
    }
    is_empty_record(cx, t)
}

/// `isSingleElementStruct`.
pub(crate) fn single_element(cx: &AbiCx, ty: TypeId) -> Option<TypeId> {
    let Type::Record(rec) = &cx.types()[ty] else {
        return None;
    };
    if has_flex(cx, ty) {
        return None;
    }
    let mut found: Option<TypeId> = None;
    for f in rec.fields.iter() {
        if empty_field(cx, f) {
            continue;
        }
        if found.is_some() {
            return None;
        }
        let mut ft = f.ty;
        while let Type::Array { elem, len: 1 } = cx.types()[ft] {
            ft = elem;
        }
        found = Some(if is_aggregate(cx, ft) {
            single_element(cx, ft)?
        } else {
            ft
        });
    }
    match found {
        Some(f) if size_bits(cx, f) != size_bits(cx, ty) => None,
        other => other,
    }
}

fn is_promotable(cx: &AbiCx, ty: TypeId) -> Option<bool> {
    match cx.types()[ty] {
        Type::Bool => Some(false),
        Type::Int { bits, signed } if bits < 32 => Some(signed),
        _ => None,
    }
}

/// `X86_32ABIInfo::shouldReturnTypeInRegister`.
fn return_in_register(cx: &AbiCx, ty: TypeId) -> bool {
    let size = size_bits(cx, ty);
    if !matches!(size, 8 | 16 | 32 | 64) {
        return false;
    }
    match &cx.types()[ty] {
        Type::Vector { .. } => size != 64 && size != 128,
        Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr | Type::Complex(_) => true,
        Type::Array { elem, .. } => return_in_register(cx, *elem),
        Type::Record(rec) => rec
            .fields
            .iter()
            .all(|f| empty_field(cx, f) || return_in_register(cx, f.ty)),
        Type::Void | Type::FlexArray { .. } => false,
    }
}

/// `isX86VectorTypeForVectorCall`: an HVA base type.
fn vectorcall_base(cx: &AbiCx, ty: TypeId) -> bool {
    match cx.types()[ty] {
        Type::Float(
            FloatKind::Float | FloatKind::Double | FloatKind::LongDouble64 | FloatKind::Quad,
        ) => true,
        Type::Vector { .. } => matches!(size_bits(cx, ty), 128 | 256 | 512),
        _ => false,
    }
}

/// `ABIInfo::isHomogeneousAggregate` with the vectorcall base rule; the
/// base is kept as (is vector, size in bits).
fn homogeneous(cx: &AbiCx, ty: TypeId, base: &mut Option<(bool, u64)>, members: &mut u64) -> bool {
    match &cx.types()[ty] {
        Type::Array { elem, len } => {
            if *len == 0 {
                return false;
            }
            if !homogeneous(cx, *elem, base, members) {
                return false;
            }
            *members *= len;
            *members <= 4
        }
        Type::Record(rec) => {
            if has_flex(cx, ty) {
                return false;
            }
            *members = 0;
            for f in rec.fields.iter() {
                let mut ft = f.ty;
                while let Type::Array { elem, len } = cx.types()[ft] {
                    if len == 0 {
                        return false;
                    }
                    ft = elem;
                }
                if is_empty_record(cx, ft) {
                    continue;
                }
                let mut m = 0;
                if !homogeneous(cx, f.ty, base, &mut m) {
                    return false;
                }
                *members = if rec.kind == RecordKind::Union {
                    (*members).max(m)
                } else {
                    *members + m
                };
            }
            let Some((_, bsize)) = *base else {
                return false;
            };
            bsize * *members == size_bits(cx, ty) && *members > 0 && *members <= 4
        }
        _ => {
            let (t, m) = match cx.types()[ty] {
                Type::Complex(e) => (e, 2),
                _ => (ty, 1),
            };
            *members = m;
            if !vectorcall_base(cx, t) {
                return false;
            }
            let this = (
                matches!(cx.types()[t], Type::Vector { .. }),
                size_bits(cx, t),
            );
            match *base {
                None => *base = Some(this),
                Some(b) if b != this => return false,
                Some(_) => {}
            }
            *members <= 4
        }
    }
}

fn hva(cx: &AbiCx, ty: TypeId) -> Option<u64> {
    let mut base = None;
    let mut n = 0;
    (homogeneous(cx, ty, &mut base, &mut n) && n > 0).then_some(n)
}

/// `X86_32ABIInfo::updateFreeRegs`.
fn update_free_regs(cx: &AbiCx, ty: TypeId, st: &mut State) -> bool {
    let elem = single_element(cx, ty).unwrap_or(ty);
    if matches!(
        cx.types()[elem],
        Type::Float(FloatKind::Float | FloatKind::Double)
    ) {
        return false;
    }
    let n = size_bits(cx, ty).div_ceil(32) as u32;
    if n == 0 {
        return false;
    }
    if n > st.free_regs {
        st.free_regs = 0;
        return false;
    }
    st.free_regs -= n;
    st.used_regs += n;
    true
}

fn fastcall_like(st: &State) -> bool {
    matches!(st.cc, CallConv::FastCall | CallConv::VectorCall)
}

/// `getIndirectReturnResult`.
fn indirect_ret(cx: &AbiCx, ty: TypeId, st: &mut State) -> (PassMode, bool) {
    let mode = cx.natural_indirect(ty);
    if !fastcall_like(st) && st.free_regs > 0 {
        st.free_regs -= 1;
        st.used_regs += 1;
        return (mode, true);
    }
    (mode, false)
}

/// `getIndirectResult`: a pointer to a copy (`byval` false) or the
/// argument itself on the stack (`byval`, alignment 4).
fn indirect_arg(cx: &AbiCx, ty: TypeId, byval: bool, st: &mut State) -> ArgAbi {
    let mut a = ArgAbi::new(
        ty,
        PassMode::Indirect {
            pointee: cx.ll_mem_type(ty),
            align: if byval { 4 } else { cx.layout(ty).align },
            byval,
        },
    );
    if !byval && st.free_regs > 0 {
        st.free_regs -= 1;
        st.used_regs += 1;
        a.inreg = true;
    }
    a
}

fn classify_ret(cx: &mut AbiCx, ty: TypeId, st: &mut State) -> (PassMode, bool) {
    if matches!(cx.types()[ty], Type::Void) {
        return (PassMode::Ignore, false);
    }
    if st.cc == CallConv::VectorCall && hva(cx, ty).is_some() {
        return (direct(cx.ll_type(ty), false), false);
    }
    if matches!(cx.types()[ty], Type::Vector { .. }) {
        return (direct(cx.ll_type(ty), false), false);
    }
    if is_aggregate(cx, ty) {
        let complex = matches!(cx.types()[ty], Type::Complex(_));
        if has_flex(cx, ty) || (!st.win && !complex) {
            return indirect_ret(cx, ty, st);
        }
        if is_empty_record(cx, ty) {
            return (PassMode::Ignore, false);
        }
        if return_in_register(cx, ty) {
            if let Some(e) = single_element(cx, ty) {
                let float = matches!(cx.types()[e], Type::Float(_));
                if (!st.win && float) || matches!(cx.types()[e], Type::Ptr) {
                    return (direct(cx.ll_type(e), false), false);
                }
            }
            let bits = size_bits(cx, ty) as u32;
            return (direct(cx.ll.int(bits), false), false);
        }
        return indirect_ret(cx, ty, st);
    }
    match is_promotable(cx, ty) {
        Some(signed) => (
            PassMode::Extend {
                ty: cx.ll_type(ty),
                signed,
            },
            false,
        ),
        None => (direct(cx.ll_type(ty), false), false),
    }
}

/// `is32Or64BitBasicType`.
fn basic_32_or_64(cx: &AbiCx, ty: TypeId) -> bool {
    let t = match cx.types()[ty] {
        Type::Complex(e) => e,
        _ => ty,
    };
    matches!(
        cx.types()[t],
        Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr
    ) && matches!(size_bits(cx, t), 32 | 64)
}

/// `canExpandIndirectArgument` for a C record.
fn can_expand(cx: &AbiCx, ty: TypeId) -> bool {
    let Type::Record(rec) = &cx.types()[ty] else {
        return false;
    };
    let mut size = 0;
    for f in rec.fields.iter() {
        if !basic_32_or_64(cx, f.ty) || f.bit_width.is_some() {
            return false;
        }
        size += size_bits(cx, f.ty);
    }
    size == size_bits(cx, ty)
}

/// The IR parameters of an expanded record (Clang's `getTypeExpansion`
/// for the records [`can_expand`] accepts: scalars and `_Complex`).
fn expansion(cx: &mut AbiCx, ty: TypeId) -> LlTyId {
    let Type::Record(rec) = &cx.types()[ty] else {
        return cx.ll_type(ty);
    };
    let fields: Vec<TypeId> = if rec.kind == RecordKind::Union {
        // A union expands to its largest member, the first of equal size
        // (Clang's `getTypeExpansion` keeps the first strictly larger one;
        // `max_by_key` keeps the last, hence `rev`).
        rec.fields
            .iter()
            .rev()
            .max_by_key(|f| size_bits(cx, f.ty))
            .map(|f| f.ty)
            .into_iter()
            .collect()
    } else {
        rec.fields.iter().map(|f| f.ty).collect()
    };
    let mut elems = Vec::with_capacity(fields.len() * 2);
    for f in fields {
        match cx.types()[f] {
            Type::Complex(e) => {
                let l = cx.ll_type(e);
                elems.extend([l, l]);
            }
            _ => elems.push(cx.ll_type(f)),
        }
    }
    cx.ll.intern(LlTy::Struct {
        elems: elems.into_boxed_slice(),
        packed: false,
    })
}

/// `X86_32ABIInfo::classifyArgumentType`.
fn classify_arg(cx: &mut AbiCx, ty: TypeId, st: &mut State) -> ArgAbi {
    let fastcall = fastcall_like(st);
    if st.cc == CallConv::VectorCall {
        if let Some(n) = hva(cx, ty) {
            let n = n as u32;
            if st.free_sse >= n {
                st.free_sse -= n;
                st.used_sse += n;
                let mut a = ArgAbi::new(ty, direct(cx.ll_type(ty), false));
                a.inreg = true;
                return a;
            }
            if matches!(cx.types()[ty], Type::Float(_)) {
                return ArgAbi::new(ty, direct(cx.ll_type(ty), true));
            }
            return indirect_arg(cx, ty, false, st);
        }
    }
    if is_aggregate(cx, ty) {
        if has_flex(cx, ty) {
            return indirect_arg(cx, ty, true, st);
        }
        if (!st.win && is_empty_record(cx, ty)) || cx.layout(ty).size == 0 {
            return ArgAbi::new(ty, PassMode::Ignore);
        }
        // shouldAggregateUseDirect
        let mut padding = false;
        if !st.win && update_free_regs(cx, ty, st) {
            if !fastcall {
                let n = size_bits(cx, ty).div_ceil(32) as usize;
                let i32t = cx.ll.int(32);
                // `{ i32 }` flattens to the one `i32` it holds.
                let s = if n == 1 {
                    i32t
                } else {
                    cx.ll.intern(LlTy::Struct {
                        elems: vec![i32t; n].into_boxed_slice(),
                        packed: false,
                    })
                };
                let mut a = ArgAbi::new(ty, direct(s, true));
                a.inreg = true;
                return a;
            }
            padding = size_bits(cx, ty) <= 32 && st.free_regs > 0;
        }
        if st.win {
            let required = match cx.types()[ty] {
                Type::Record(_) => cx.info(ty).required_align,
                _ => 0,
            };
            // MSVC 2015 passes over-aligned records to a fixed parameter
            // by pointer; a variadic argument stays `byval`.
            if required > 4 && !st.variadic_arg {
                return indirect_arg(cx, ty, false, st);
            }
        }
        if size_bits(cx, ty) <= 128 && can_expand(cx, ty) {
            let e = expansion(cx, ty);
            let mut a = ArgAbi::new(ty, PassMode::Expand { ty: e });
            if padding {
                a.padding = Some(Padding {
                    ty: cx.ll.int(32),
                    inreg: fastcall,
                });
            }
            return a;
        }
        return indirect_arg(cx, ty, true, st);
    }
    if let Type::Vector { elem, .. } = cx.types()[ty] {
        let size = size_bits(cx, ty);
        if st.win {
            if size <= 512 && st.free_sse > 0 {
                st.free_sse -= 1;
                st.used_sse += 1;
                let mut a = ArgAbi::new(ty, direct(cx.ll_type(ty), true));
                a.inreg = true;
                return a;
            }
            return indirect_arg(cx, ty, false, st);
        }
        let mmx = size == 64 && matches!(cx.types()[elem], Type::Int { bits, .. } if bits != 64);
        if mmx {
            let i64t = cx.ll.int(64);
            return ArgAbi::new(ty, direct(i64t, true));
        }
        return ArgAbi::new(ty, direct(cx.ll_type(ty), true));
    }
    // shouldPrimitiveUseInReg
    let ptr_or_int = size_bits(cx, ty) <= 32
        && matches!(cx.types()[ty], Type::Bool | Type::Int { .. } | Type::Ptr);
    let inreg = if !ptr_or_int && fastcall {
        false
    } else {
        update_free_regs(cx, ty, st)
    };
    let mode = match is_promotable(cx, ty) {
        Some(signed) => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        },
        None => direct(cx.ll_type(ty), true),
    };
    let mut a = ArgAbi::new(ty, mode);
    a.inreg = inreg;
    a
}

/// [`classify_arg`], memoized per type where the answer cannot depend on
/// registers: the default convention with no integer register left, except
/// Win32 vectors (which take XMM registers).
fn cached_arg(cx: &mut AbiCx, ty: TypeId, st: &mut State) -> ArgAbi {
    let stateless = st.cc == CallConv::C
        && !st.variadic_arg
        && st.free_regs == 0
        && !(st.win && matches!(cx.types()[ty], Type::Vector { .. }));
    if !stateless {
        return classify_arg(cx, ty, st);
    }
    if let Some(c) = cx.cached_arg(ty) {
        return ArgAbi::new(ty, c.mode);
    }
    let a = classify_arg(cx, ty, st);
    debug_assert!(!a.inreg && a.padding.is_none());
    cx.cache_arg(
        ty,
        CachedArg {
            mode: a.mode,
            memory: false,
            needed_int: 0,
            needed_vec: 0,
            inreg: false,
        },
    );
    a
}

/// `X86_32ABIInfo::computeInfo`.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let win = cx.target().arch == Arch::X86_32Win;
    let (free_regs, free_sse) = match sig.cc {
        CallConv::FastCall => (2, 3),
        CallConv::VectorCall => (2, 6),
        CallConv::RegParm(n) => (u32::from(n), 0),
        CallConv::C | CallConv::Win64 | CallConv::SysV64 => (0, if win { 3 } else { 0 }),
    };
    let mut st = State {
        cc: sig.cc,
        free_regs,
        free_sse,
        win,
        variadic_arg: false,
        used_regs: 0,
        used_sse: 0,
    };
    // With no register to hand out, a return's classification depends on
    // its type alone and is memoized.
    let (ret_mode, ret_inreg) = if st.free_regs == 0 && st.cc != CallConv::VectorCall {
        match cx.cached_ret(sig.ret) {
            Some(m) => (m, false),
            None => {
                let r = classify_ret(cx, sig.ret, &mut st);
                cx.cache_ret(sig.ret, r.0);
                r
            }
        }
    } else {
        classify_ret(cx, sig.ret, &mut st)
    };
    let mut args = cx.arg_buffer(sig.args.len());
    if st.cc == CallConv::VectorCall {
        // First pass: vectors and scalars that are HVAs take SSE registers
        // in order, before anything else is classified.
        let mut pre: SmallVec<[Option<ArgAbi>; 8]> = smallvec::smallvec![None; sig.args.len()];
        for (slot, &ty) in pre.iter_mut().zip(&sig.args) {
            if !matches!(cx.types()[ty], Type::Vector { .. } | Type::Float(_)) {
                continue;
            }
            if let Some(n) = hva(cx, ty) {
                let n = n as u32;
                if st.free_sse >= n {
                    st.free_sse -= n;
                    st.used_sse += n;
                    let mut a = ArgAbi::new(ty, direct(cx.ll_type(ty), true));
                    a.inreg = true;
                    *slot = Some(a);
                }
            }
        }
        args.extend(
            pre.into_iter()
                .zip(&sig.args)
                .enumerate()
                .map(|(i, (pre, &ty))| {
                    st.variadic_arg = !sig.is_fixed(i);
                    pre.unwrap_or_else(|| cached_arg(cx, ty, &mut st))
                }),
        );
    } else {
        args.extend(sig.args.iter().enumerate().map(|(i, &ty)| {
            st.variadic_arg = !sig.is_fixed(i);
            cached_arg(cx, ty, &mut st)
        }));
    }
    FnAbi {
        ret: ArgAbi {
            inreg: ret_inreg,
            ..ArgAbi::new(sig.ret, ret_mode)
        },
        args,
        sret: matches!(ret_mode, PassMode::Indirect { .. }),
        regs: RegUsage {
            int_regs: st.used_regs,
            vector_regs: st.used_sse,
        },
        cc: match sig.cc {
            CallConv::FastCall => LlvmCallConv::X86FastCall,
            CallConv::VectorCall => LlvmCallConv::X86VectorCall,
            CallConv::C | CallConv::RegParm(_) | CallConv::Win64 | CallConv::SysV64 => {
                LlvmCallConv::C
            }
        },
        variadic: sig.variadic,
    }
}
