//! SPARC V9 (`sparc64-unknown-linux-gnu`, `sparcv9-…`), as Clang implements
//! it in `clang/lib/CodeGen/Targets/Sparc.cpp` (`SparcV9ABIInfo`).
//!
//! - Arguments above 16 bytes and return values above 32 bytes go by
//!   pointer (not `byval`; an argument's pointer is `dead_on_return` from
//!   Clang 22) and through `sret`.
//! - Integers narrower than 64 bits are extended by their signedness;
//!   other scalars and vectors are passed as themselves.
//! - A record or `_Complex` is coerced from its LLVM struct type (walked
//!   recursively): each `float`, `double` or `fp128` at an offset that is a
//!   multiple of its width, and each 64-bit aligned pointer, stays; the
//!   rest becomes integers filling each 64-bit word, up to the size rounded
//!   up to a word (an empty record takes one `i64`). If that is the LLVM
//!   type itself it is used unchanged; a single element stands alone.
//!   `inreg` is set when a `float` was kept (the backend then packs it in
//!   the upper or lower half of a double register).
//!
//! - Clang 22 only: a 16-byte (or more) aligned aggregate passed directly that would
//!   start at an odd argument word gets an `i64` padding argument first
//!   (words counted as [`words`] does; scalars are never padded).
//!
//! Nothing depends on how many registers are left, so [`RegUsage`] stays
//! empty.

use crate::callconv::{ArgAbi, FnAbi, FnSig, Padding, PassMode};
use crate::cx::AbiCx;
use crate::llty::{LlTy, LlTyId};
use crate::targets::ClangVersion;
use crate::ty::{Type, TypeId};

/// Clang's `CoerceBuilder` (sizes and offsets in bits).
struct Coerce {
    elems: Vec<LlTyId>,
    size: u64,
    inreg: bool,
}

impl Coerce {
    fn pad(&mut self, cx: &mut AbiCx, to: u64) {
        if to == self.size {
            return;
        }
        let aligned = self.size.next_multiple_of(64);
        if aligned > self.size && aligned <= to {
            self.elems.push(cx.ll.int((aligned - self.size) as u32));
            self.size = aligned;
        }
        while self.size + 64 <= to {
            self.elems.push(cx.ll.int(64));
            self.size += 64;
        }
        if self.size < to {
            self.elems.push(cx.ll.int((to - self.size) as u32));
            self.size = to;
        }
    }

    fn add_float(&mut self, cx: &mut AbiCx, off: u64, ty: LlTyId, bits: u64) {
        if off % bits != 0 {
            return;
        }
        if bits < 64 {
            self.inreg = true;
        }
        self.pad(cx, off);
        self.elems.push(ty);
        self.size = off + bits;
    }

    fn add_struct(&mut self, cx: &mut AbiCx, off: u64, st: LlTyId) {
        let LlTy::Struct { elems, .. } = &cx.ll[st] else {
            return;
        };
        let elems = elems.clone();
        let offs = cx.ll.struct_offsets(st);
        for (&e, &eo) in elems.iter().zip(offs.iter()) {
            let eoff = off + eo * 8;
            match cx.ll[e] {
                LlTy::Struct { .. } => self.add_struct(cx, eoff, e),
                LlTy::Float => self.add_float(cx, eoff, e, 32),
                LlTy::Double => self.add_float(cx, eoff, e, 64),
                LlTy::Fp128 => self.add_float(cx, eoff, e, 128),
                LlTy::Ptr => {
                    if eoff % 64 == 0 {
                        self.pad(cx, eoff);
                        self.elems.push(e);
                        self.size += 64;
                    }
                }
                LlTy::Void
                | LlTy::Int(_)
                | LlTy::Half
                | LlTy::X86Fp80
                | LlTy::PpcFp128
                | LlTy::Vector(..)
                | LlTy::Array(..) => {}
            }
        }
    }
}

fn direct(ty: LlTyId) -> PassMode {
    PassMode::Direct {
        ty,
        offset: 0,
        flatten: true,
        align_stack: None,
    }
}

/// [`classify_uncached`] through the per-type memo.
fn classify(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> (PassMode, bool) {
    if is_ret {
        if let Some(c) = cx.cached_ret_inreg(ty) {
            return c;
        }
        let r = classify_uncached(cx, ty, 32 * 8, true);
        cx.cache_ret_inreg(ty, r);
        return r;
    }
    cx.memo_arg(ty, |cx| classify_uncached(cx, ty, 16 * 8, false))
}

/// `SparcV9ABIInfo::classifyType`: the mode and `inreg`.
fn classify_uncached(
    cx: &mut AbiCx,
    ty: TypeId,
    limit_bits: u64,
    is_ret: bool,
) -> (PassMode, bool) {
    let l = cx.layout(ty);
    let bits = l.size * 8;
    match cx.types()[ty] {
        Type::Void => return (PassMode::Ignore, false),
        _ if bits > limit_bits => {
            return (
                PassMode::Indirect {
                    pointee: cx.ll_mem_type(ty),
                    align: l.align,
                    byval: false,
                },
                false,
            )
        }
        Type::Bool => {
            return (
                PassMode::Extend {
                    ty: cx.ll_type(ty),
                    signed: false,
                },
                false,
            )
        }
        Type::Int { bits: b, signed } if b < 64 => {
            return (
                PassMode::Extend {
                    ty: cx.ll_type(ty),
                    signed,
                },
                false,
            )
        }
        Type::Record(_) | Type::Complex(_) | Type::Array { .. } | Type::FlexArray { .. } => {}
        Type::Int { .. } | Type::Float(_) | Type::Ptr | Type::Vector { .. } => {
            return (direct(cx.ll_type(ty)), false)
        }
    }
    let st = cx.ll_type(ty);
    if !matches!(cx.ll[st], LlTy::Struct { .. }) {
        return (direct(st), false);
    }
    let mut cb = Coerce {
        elems: Vec::new(),
        size: 0,
        inreg: false,
    };
    cb.add_struct(cx, 0, st);
    let st_bits = cx.ll.alloc_size(st) * 8;
    cb.pad(cx, st_bits.max(1).next_multiple_of(64));
    let usable = matches!(&cx.ll[st], LlTy::Struct { elems, .. } if **elems == *cb.elems);
    // A usable one-element type stands alone in an argument (flattened);
    // a return keeps the record's own struct type.
    let t = if usable && (is_ret || cb.elems.len() != 1) {
        st
    } else if cb.elems.len() == 1 {
        cb.elems[0]
    } else {
        cx.ll.intern(LlTy::Struct {
            elems: cb.elems.into_boxed_slice(),
            packed: false,
        })
    };
    (direct(t), cb.inreg)
}

/// Clang 22: the argument words `ty` takes, for the alignment padding of
/// 16-byte aligned aggregates. Scalars count `size / 8` words (so a
/// `float` counts none), narrow integers and pointers-to-copies one,
/// aggregates their size rounded up to words (at least one).
fn words(cx: &AbiCx, ty: TypeId, mode: PassMode) -> u64 {
    let size = cx.layout(ty).size;
    match (mode, &cx.types()[ty]) {
        (PassMode::Indirect { .. } | PassMode::Extend { .. }, _) => 1,
        (_, Type::Record(_) | Type::Complex(_) | Type::Array { .. } | Type::FlexArray { .. }) => {
            size.max(1).div_ceil(8)
        }
        _ => size / 8,
    }
}

/// `SparcV9ABIInfo::computeInfo` for a non-variadic C function.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let (ret_mode, ret_inreg) = classify(cx, sig.ret, true);
    let pad_words = cx.target().clang == ClangVersion::V22;
    // Argument words used so far (the `sret` pointer takes the first).
    let mut used = u64::from(matches!(ret_mode, PassMode::Indirect { .. }));
    let mut args = cx.arg_buffer(sig.args.len());
    args.extend(sig.args.iter().map(|&ty| {
        let (mode, inreg) = classify(cx, ty, false);
        let mut padding = None;
        if pad_words {
            let aggregate = matches!(mode, PassMode::Direct { .. })
                && matches!(
                    cx.types()[ty],
                    Type::Record(_) | Type::Complex(_) | Type::Array { .. }
                );
            if aggregate && cx.layout(ty).align >= 16 && used % 2 == 1 {
                used += 1;
                padding = Some(Padding {
                    ty: cx.ll.int(64),
                    inreg: false,
                });
            }
            used += words(cx, ty, mode);
        }
        ArgAbi {
            ty,
            mode,
            inreg,
            padding,
            noext: false,
        }
    }));
    let mut ret = ArgAbi::new(sig.ret, ret_mode);
    ret.inreg = ret_inreg;
    FnAbi::untracked(sig, ret, args)
}
