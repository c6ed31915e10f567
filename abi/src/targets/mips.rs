//! MIPS64 N64 (`mips64el-unknown-linux-gnuabi64`), as Clang implements it
//! in `clang/lib/CodeGen/Targets/Mips.cpp` (`MipsABIInfo` with `IsO32`
//! false, 8-byte minimum and 16-byte maximum stack-slot alignment).
//!
//! - Every integer argument is extended to its register, whatever its
//!   width: `signext`/`zeroext` by signedness, `unsigned int` sign-extended
//!   (`long`, `__int128` included). Returned integers narrower than `int`
//!   are extended by their signedness, 32-bit ones always sign-extended,
//!   wider ones not at all.
//! - Records, `_Complex` and vectors of nonzero size are passed directly,
//!   never by pointer, marked `inreg`: floating `_Complex` as its two
//!   elements, a
//!   struct as `double` for each 64-bit aligned top-level `double` field and
//!   `i64` words (the last one narrower) for everything else; unions and
//!   vectors as integer words only. Size-0 aggregates are ignored.
//! - An argument whose 16-byte alignment skips a stack slot (`long double`,
//!   16-aligned records) gets an `i64` padding argument first; integers do
//!   not (they take the slot anyway). A hidden `sret` pointer takes the
//!   first slot.
//! - Aggregates and vectors of at most 128 bits are returned in registers
//!   (`inreg`): a struct of one or two floating-point fields starting at 0
//!   as those types (packed if the struct is), `_Complex` as itself, the rest
//!   as integer words; larger ones through `sret`.
//!
//! Nothing depends on how many registers are left, so [`RegUsage`] stays
//! empty.

use crate::callconv::{ArgAbi, FnAbi, FnSig, Padding, PassMode};
use crate::cx::AbiCx;
use crate::llty::{LlTy, LlTyId};
use crate::ty::{FloatKind, RecordKind, Type, TypeId};
use crate::AbiError;

/// `MinABIStackAlignInBytes` for N32/N64.
const SLOT: u64 = 8;
/// `StackAlignInBytes` for N32/N64.
const STACK_ALIGN: u64 = 16;

fn direct(ty: LlTyId) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: true,
        align_stack: None,
    }
}

/// `isAggregateTypeForABI` or a vector.
fn is_aggregate_or_vector(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(
        cx.types()[ty],
        Type::Record(_)
            | Type::Array { .. }
            | Type::FlexArray { .. }
            | Type::Complex(_)
            | Type::Vector { .. }
    )
}

/// `CoerceToIntArgs`: `i64` words, the last one `iN` for the rest.
fn int_words(cx: &mut AbiCx, bits: u64, out: &mut Vec<LlTyId>) {
    let i64t = cx.ll.int(64);
    for _ in 0..bits / 64 {
        out.push(i64t);
    }
    if bits % 64 != 0 {
        out.push(cx.ll.int((bits % 64) as u32));
    }
}

fn strukt(cx: &mut AbiCx, elems: Vec<LlTyId>, packed: bool) -> LlTyId {
    cx.ll.intern(LlTy::Struct {
        elems: elems.into_boxed_slice(),
        packed,
    })
}

/// `HandleAggregates`: the coerced type of an aggregate argument.
fn handle_aggregate(cx: &mut AbiCx, ty: TypeId) -> LlTyId {
    let size = cx.layout(ty).size * 8;
    // `isComplexType`: floating-point elements only; `_Complex int` is
    // integer words like a union.
    if let Type::Complex(e) = cx.types()[ty] {
        if matches!(cx.types()[e], Type::Float(_)) {
            return cx.ll_type(ty);
        }
    }
    let mut list = Vec::new();
    let mut last = 0u64;
    let fields: Vec<(TypeId, u64)> = match &cx.types()[ty] {
        Type::Record(rec) if rec.kind == RecordKind::Struct => {
            let offs = cx
                .record_layout(ty)
                .map(|r| r.field_offsets.clone())
                .unwrap_or_default();
            rec.fields
                .iter()
                .zip(offs.iter())
                .map(|(f, &o)| (f.ty, o))
                .collect()
        }
        _ => {
            int_words(cx, size, &mut list);
            return strukt(cx, list, false);
        }
    };
    let i64t = cx.ll.int(64);
    let dbl = cx.ll.intern(LlTy::Double);
    for (fty, off) in fields {
        if cx.types()[fty] != Type::Float(FloatKind::Double) || off % 64 != 0 {
            continue;
        }
        for _ in 0..(off - last) / 64 {
            list.push(i64t);
        }
        list.push(dbl);
        last = off + 64;
    }
    int_words(cx, size - last, &mut list);
    strukt(cx, list, false)
}

/// `MipsABIInfo::returnAggregateInRegs`.
fn return_aggregate(cx: &mut AbiCx, ty: TypeId, bits: u64) -> LlTyId {
    if let Type::Record(rec) = &cx.types()[ty] {
        let offs0 = cx
            .record_layout(ty)
            .and_then(|r| r.field_offsets.first().copied());
        if rec.kind == RecordKind::Struct && (1..=2).contains(&rec.fields.len()) && offs0 == Some(0)
        {
            let packed = rec.packed;
            let fps: Vec<TypeId> = rec
                .fields
                .iter()
                .map(|f| f.ty)
                .take_while(|&t| matches!(cx.types()[t], Type::Float(_)))
                .collect();
            if fps.len() == rec.fields.len() {
                let elems = fps.iter().map(|&t| cx.ll_type(t)).collect();
                return strukt(cx, elems, packed);
            }
        }
    }
    let mut list = Vec::new();
    int_words(cx, bits, &mut list);
    strukt(cx, list, false)
}

/// [`classify_ret_uncached`] through the per-type memo.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> (PassMode, bool) {
    if let Some(r) = cx.cached_ret_inreg(ty) {
        return r;
    }
    let r = classify_ret_uncached(cx, ty);
    cx.cache_ret_inreg(ty, r);
    r
}

/// `MipsABIInfo::classifyReturnType`.
fn classify_ret_uncached(cx: &mut AbiCx, ty: TypeId) -> (PassMode, bool) {
    let bits = cx.layout(ty).size * 8;
    match cx.types()[ty] {
        Type::Void => return (PassMode::Ignore, false),
        _ if bits == 0 => return (PassMode::Ignore, false),
        _ => {}
    }
    if is_aggregate_or_vector(cx, ty) {
        if bits > 128 {
            return (cx.natural_indirect(ty), false);
        }
        if matches!(cx.types()[ty], Type::Complex(_)) {
            return (direct(cx.ll_type(ty)), false);
        }
        let t = return_aggregate(cx, ty, bits);
        return (direct(t), true);
    }
    let mode = match cx.types()[ty] {
        Type::Bool => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: false,
        },
        Type::Int { bits, signed } if bits < 32 => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed,
        },
        Type::Int { bits: 32, .. } => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: true,
        },
        _ => direct(cx.ll_type(ty)),
    };
    (mode, false)
}

/// `MipsABIInfo::classifyArgumentType`; advances `offset` (bytes).
/// Fails when the aggregate's `i64` words pass the context's cap: Clang
/// would build that struct, one element per word.
fn classify_arg(
    cx: &mut AbiCx,
    index: usize,
    ty: TypeId,
    offset: &mut u64,
) -> Result<ArgAbi, AbiError> {
    let orig = *offset;
    let l = cx.layout(ty);
    let words = l.size.div_ceil(SLOT);
    if words > cx.max_coerced_elements() && is_aggregate_or_vector(cx, ty) {
        return Err(AbiError::TooManyElements {
            index: Some(index),
            elements: words,
            limit: cx.max_coerced_elements(),
        });
    }
    let align = l.align.clamp(SLOT, STACK_ALIGN);
    let curr = orig.next_multiple_of(align);
    *offset = curr + l.size.next_multiple_of(align);
    let padding = (orig + SLOT <= curr).then(|| Padding {
        ty: cx.ll.int(((curr - orig) * 8) as u32),
        inreg: false,
    });
    let (mode, inreg) = cx.memo_arg(ty, |cx| arg_mode(cx, ty));
    let mut arg = ArgAbi::new(ty, mode);
    arg.inreg = inreg;
    // Extended integers take their slot anyway; ignored ones take none.
    if matches!(mode, PassMode::Direct { .. }) {
        arg.padding = padding;
    }
    Ok(arg)
}

/// The mode and `inreg` of an argument of type `ty` (its padding depends on
/// the position: [`classify_arg`]).
fn arg_mode(cx: &mut AbiCx, ty: TypeId) -> (PassMode, bool) {
    if is_aggregate_or_vector(cx, ty) {
        if cx.layout(ty).size == 0 {
            return (PassMode::Ignore, false);
        }
        let t = handle_aggregate(cx, ty);
        // A one-element coerced struct is passed as that element.
        let t = match &cx.ll[t] {
            LlTy::Struct { elems, .. } if elems.len() == 1 => elems[0],
            _ => t,
        };
        return (direct(t), true);
    }
    let mode = match cx.types()[ty] {
        Type::Bool => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: false,
        },
        Type::Int { bits, signed } => PassMode::Extend {
            ty: cx.ll_type(ty),
            signed: signed || bits == 32,
        },
        _ => direct(cx.ll_type(ty)),
    };
    (mode, false)
}

/// `MipsABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> Result<FnAbi, AbiError> {
    let (ret_mode, ret_inreg) = classify_ret(cx, sig.ret);
    let sret = matches!(ret_mode, PassMode::Indirect { .. });
    let mut offset = if sret { SLOT } else { 0 };
    let mut args = cx.arg_buffer(sig.args.len());
    for (i, &ty) in sig.args.iter().enumerate() {
        args.push(classify_arg(cx, i, ty, &mut offset)?);
    }
    let mut ret = ArgAbi::new(sig.ret, ret_mode);
    ret.inreg = ret_inreg;
    Ok(FnAbi::untracked(sig, ret, args))
}
