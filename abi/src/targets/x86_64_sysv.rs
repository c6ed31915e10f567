//! x86_64 System V calling convention (System V AMD64 psABI §3.2.3
//! "Parameter Passing"), as Clang 19 implements it in
//! `clang/lib/CodeGen/Targets/X86.cpp` (`X86_64ABIInfo`).
//!
//! Each value is split into eightbytes; each eightbyte gets a [`Class`]
//! (psABI §3.2.3 p.2, `X86_64ABIInfo::classify`), classes are merged per
//! field (`merge`) and cleaned up (`post_merge`). INTEGER eightbytes go in
//! the six integer registers, SSE ones in the eight vector registers; when
//! either runs out the whole argument goes to memory (`byval`). The coerced
//! LLVM types (`i64`, `{ i64, double }`, `<2 x float>`, `i24`, …) are picked
//! by looking at the LLVM type of the value, exactly like Clang's
//! `GetINTEGERTypeAtOffset` / `GetSSETypeAtOffset`.

use crate::callconv::{ArgAbi, FnAbi, FnSig, LlvmCallConv, PassMode, RegUsage};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::{LlTy, LlTyId};
use crate::targets::ClangVersion;
use crate::ty::{FloatKind, RecordKind, Type, TypeId};

/// Integer argument registers: rdi, rsi, rdx, rcx, r8, r9.
const MAX_INT_REGS: u32 = 6;
/// SSE argument registers: xmm0-xmm7.
const MAX_SSE_REGS: u32 = 8;

/// Eightbyte classes (psABI §3.2.3; Clang's `X86_64ABIInfo::Class`). The
/// names are the psABI's (`NO_CLASS`, `INTEGER`, …).
#[allow(clippy::enum_variant_names)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Class {
    /// Padding or empty: takes no register.
    NoClass,
    /// General-purpose register.
    Integer,
    /// Low half of a vector register.
    Sse,
    /// Upper part of the vector register the previous SSE eightbyte used.
    SseUp,
    /// x87 80-bit value (returned in st0, passed in memory).
    X87,
    /// Upper eightbyte of an x87 value.
    X87Up,
    /// `_Complex long double` (returned in st0/st1).
    ComplexX87,
    /// Passed in memory.
    Memory,
}

use Class::*;

/// psABI §3.2.3 p.2 rule 4: merging the classes of two fields sharing an
/// eightbyte (`X86_64ABIInfo::merge`).
fn merge(accum: Class, field: Class) -> Class {
    if accum == field || field == NoClass {
        return accum;
    }
    if field == Memory {
        return Memory;
    }
    if accum == NoClass {
        return field;
    }
    if accum == Integer || field == Integer {
        return Integer;
    }
    if matches!(field, X87 | X87Up | ComplexX87) || matches!(accum, X87 | X87Up) {
        return Memory;
    }
    Sse
}

/// psABI §3.2.3 p.2 rule 5: the post-merger clean-up
/// (`X86_64ABIInfo::postMerge`).
fn post_merge(size_bits: u64, lo: &mut Class, hi: &mut Class) {
    if *hi == Memory {
        *lo = Memory;
    }
    if *hi == X87Up && *lo != X87 {
        *lo = Memory;
    }
    if size_bits > 128 && (*lo != Sse || *hi != SseUp) {
        *lo = Memory;
    }
    if *hi == SseUp && *lo != Sse {
        *hi = Sse;
    }
}

struct Cls<'a> {
    cx: &'a AbiCx,
    native_vec_bits: u64,
    /// A fixed parameter (Clang's `isNamedArg`): only then may a vector
    /// wider than 128 bits take an AVX register.
    named: bool,
}

impl Cls<'_> {
    fn size_bits(&self, t: TypeId) -> u64 {
        self.cx.layout(t).size * 8
    }
    fn align_bits(&self, t: TypeId) -> u64 {
        self.cx.layout(t).align * 8
    }

    /// `X86_64ABIInfo::classify`: classes of the (up to) two eightbytes of a
    /// value of type `ty` placed at bit offset `off` of the outer object.
    fn classify(&self, ty: TypeId, off: u64) -> (Class, Class) {
        let mut lo = NoClass;
        let mut hi = NoClass;
        let in_hi = off >= 64;
        let set = |lo: &mut Class, hi: &mut Class, c: Class| {
            if in_hi {
                *hi = c;
            } else {
                *lo = c;
            }
        };
        // Clang starts the current eightbyte at MEMORY.
        set(&mut lo, &mut hi, Memory);
        let types = self.cx.types();
        match &types[ty] {
            Type::Void => set(&mut lo, &mut hi, NoClass),
            Type::Bool | Type::Ptr => set(&mut lo, &mut hi, Integer),
            Type::Int { bits, .. } => {
                if *bits > 64 {
                    lo = Integer;
                    hi = Integer;
                } else {
                    set(&mut lo, &mut hi, Integer);
                }
            }
            Type::Float(k) => match k {
                FloatKind::Half
                | FloatKind::Float
                | FloatKind::Double
                | FloatKind::LongDouble64 => set(&mut lo, &mut hi, Sse),
                // IBM double-double is not an x86 type (no C type maps to
                // it here); classified as the same-sized quad.
                FloatKind::Quad | FloatKind::IbmDouble => {
                    lo = Sse;
                    hi = SseUp;
                }
                FloatKind::X87 => {
                    lo = X87;
                    hi = X87Up;
                }
            },
            Type::Vector { elem, len } => {
                let size = self.size_bits(ty);
                if size == 8 || size == 16 || size == 32 {
                    // <4 x char>, <2 x short>, <1 x int>, <1 x float> are INTEGER.
                    set(&mut lo, &mut hi, Integer);
                    if off / 64 != (off + size - 1) / 64 {
                        hi = lo;
                    }
                } else if size == 64 {
                    // GCC passes <1 x double> in memory.
                    if *len == 1 && matches!(types[*elem], Type::Float(FloatKind::Double)) {
                        return (lo, hi);
                    }
                    let int_mmx = *len == 1 && matches!(types[*elem], Type::Int { bits: 64, .. });
                    if int_mmx && !self.cx.target().integer_mmx_as_sse() {
                        set(&mut lo, &mut hi, Integer);
                    } else {
                        set(&mut lo, &mut hi, Sse);
                    }
                    if off != 0 && off != 64 {
                        hi = lo;
                    }
                } else if size == 128 || (self.named && size <= self.native_vec_bits) {
                    // GCC passes 256/512-bit <N x __int128> in memory.
                    if size != 128
                        && matches!(types[*elem], Type::Int { bits: 128, .. })
                        && self.cx.target().int128_vectors_in_mem()
                    {
                        return (lo, hi);
                    }
                    lo = Sse;
                    hi = SseUp;
                }
            }
            Type::Complex(elem) => {
                let size = self.size_bits(ty);
                let elem_bits = self.size_bits(*elem);
                match &types[*elem] {
                    Type::Int { .. } | Type::Bool => {
                        if size <= 64 {
                            set(&mut lo, &mut hi, Integer);
                        } else if size <= 128 {
                            lo = Integer;
                            hi = Integer;
                        }
                    }
                    Type::Float(FloatKind::Half | FloatKind::Float) => set(&mut lo, &mut hi, Sse),
                    Type::Float(FloatKind::Double | FloatKind::LongDouble64) => {
                        lo = Sse;
                        hi = Sse;
                    }
                    Type::Float(FloatKind::X87) => set(&mut lo, &mut hi, ComplexX87),
                    // _Complex __float128: no case in Clang, stays MEMORY.
                    Type::Float(FloatKind::Quad | FloatKind::IbmDouble)
                    | Type::Void
                    | Type::Ptr
                    | Type::Array { .. }
                    | Type::FlexArray { .. }
                    | Type::Vector { .. }
                    | Type::Complex(_)
                    | Type::Record(_) => {}
                }
                // A complex value straddling an eightbyte is split.
                if hi == NoClass && off / 64 != (off + elem_bits) / 64 {
                    hi = lo;
                }
            }
            Type::Array { elem, len } => {
                let size = self.size_bits(ty);
                if size > 512 {
                    return (lo, hi);
                }
                if off % self.align_bits(*elem) != 0 {
                    return (lo, hi);
                }
                set(&mut lo, &mut hi, NoClass);
                let elem_size = self.size_bits(*elem);
                if size > 128 && (size != elem_size || size > self.native_vec_bits) {
                    return (lo, hi);
                }
                let mut o = off;
                // Zero-sized elements are NO_CLASS: nothing to merge.
                let n = if elem_size == 0 { 0 } else { *len };
                for _ in 0..n {
                    let (fl, fh) = self.classify(*elem, o);
                    lo = merge(lo, fl);
                    hi = merge(hi, fh);
                    if lo == Memory || hi == Memory {
                        break;
                    }
                    o += elem_size;
                }
                post_merge(size, &mut lo, &mut hi);
            }
            // Only reachable inside records, which return MEMORY first.
            Type::FlexArray { .. } => {}
            Type::Record(rec) => {
                let size = self.size_bits(ty);
                if size > 512 {
                    return (lo, hi);
                }
                let Some(rl) = self.cx.record_layout(ty) else {
                    return (lo, hi);
                };
                // Variable-sized records are passed in memory.
                if rl.has_flexible_array {
                    return (lo, hi);
                }
                set(&mut lo, &mut hi, NoClass);
                let is_union = rec.kind == RecordKind::Union;
                for (f, &foff) in rec.fields.iter().zip(rl.field_offsets.iter()) {
                    let o = off + foff;
                    // Unnamed bit-fields are padding.
                    if f.bit_width.is_some() && !f.named {
                        continue;
                    }
                    // Rule 1: only a single 256/512-bit member can use a wide register.
                    if size > 128
                        && ((!is_union && size != self.size_bits(f.ty))
                            || size > self.native_vec_bits)
                    {
                        lo = Memory;
                        post_merge(size, &mut lo, &mut hi);
                        return (lo, hi);
                    }
                    // Rule 1: unaligned fields force MEMORY (not bit-fields).
                    if f.bit_width.is_none() && o % self.align_bits(f.ty) != 0 {
                        lo = Memory;
                        post_merge(size, &mut lo, &mut hi);
                        return (lo, hi);
                    }
                    let (fl, fh) = match f.bit_width {
                        // Bit-fields may straddle eightbytes; they are INTEGER.
                        Some(w) => {
                            let w = u64::from(w);
                            let eb_lo = o / 64;
                            let eb_hi = (o + w - 1) / 64;
                            if eb_lo != 0 {
                                (NoClass, Integer)
                            } else {
                                (Integer, if eb_hi != 0 { Integer } else { NoClass })
                            }
                        }
                        None => self.classify(f.ty, o),
                    };
                    lo = merge(lo, fl);
                    hi = merge(hi, fh);
                    if lo == Memory || hi == Memory {
                        break;
                    }
                }
                post_merge(size, &mut lo, &mut hi);
            }
        }
        (lo, hi)
    }

    /// `isAggregateTypeForABI`: records, arrays and complex values.
    fn is_aggregate(&self, ty: TypeId) -> bool {
        matches!(
            self.cx.types()[ty],
            Type::Record(_) | Type::Array { .. } | Type::FlexArray { .. } | Type::Complex(_)
        )
    }

    /// `isPromotableIntegerTypeForABI`: integers narrower than `int`.
    fn promotable(&self, ty: TypeId) -> Option<bool> {
        match self.cx.types()[ty] {
            Type::Bool => Some(false),
            Type::Int { bits, signed } if bits < 32 => Some(signed),
            _ => None,
        }
    }

    /// `X86_64ABIInfo::IsIllegalVectorType`.
    fn illegal_vector(&self, ty: TypeId) -> bool {
        match &self.cx.types()[ty] {
            Type::Vector { elem, .. } => {
                let size = self.size_bits(ty);
                size <= 64
                    || size > self.native_vec_bits
                    || (matches!(self.cx.types()[*elem], Type::Int { bits: 128, .. })
                        && self.cx.target().int128_vectors_in_mem())
            }
            _ => false,
        }
    }

    /// `BitsContainNoUserData`: whether bits [start, end) of `ty` are
    /// padding.
    fn no_user_data(&self, ty: TypeId, start: u64, end: u64) -> bool {
        let size = self.size_bits(ty);
        if size <= start {
            return true;
        }
        let types = self.cx.types();
        match &types[ty] {
            Type::Array { elem, len } => {
                let es = self.size_bits(*elem);
                for i in 0..*len {
                    let eo = i * es;
                    if eo >= end {
                        break;
                    }
                    let s = start.saturating_sub(eo);
                    if !self.no_user_data(*elem, s, end - eo) {
                        return false;
                    }
                }
                true
            }
            Type::Record(rec) => {
                let Some(rl) = self.cx.record_layout(ty) else {
                    return false;
                };
                for (f, &fo) in rec.fields.iter().zip(rl.field_offsets.iter()) {
                    if fo >= end {
                        break;
                    }
                    let s = start.saturating_sub(fo);
                    if !self.no_user_data(f.ty, s, end - fo) {
                        return false;
                    }
                }
                true
            }
            _ => false,
        }
    }

    /// `isSingleElementStruct`.
    fn single_element(&self, ty: TypeId) -> Option<TypeId> {
        let types = self.cx.types();
        let Type::Record(rec) = &types[ty] else {
            return None;
        };
        if self
            .cx
            .record_layout(ty)
            .is_some_and(|r| r.has_flexible_array)
        {
            return None;
        }
        let mut found: Option<TypeId> = None;
        for f in rec.fields.iter() {
            if self.empty_field(f) {
                continue;
            }
            if found.is_some() {
                return None;
            }
            let mut ft = f.ty;
            while let Type::Array { elem, len: 1 } = types[ft] {
                ft = elem;
            }
            if !self.is_aggregate(ft) {
                found = Some(ft);
            } else {
                found = Some(self.single_element(ft)?);
            }
        }
        match found {
            Some(f) if self.size_bits(f) != self.size_bits(ty) => None,
            other => other,
        }
    }

    /// `isEmptyField(…, AllowArrays=true)`.
    fn empty_field(&self, f: &crate::ty::Field) -> bool {
        if f.bit_width.is_some() && !f.named {
            return true;
        }
        let types = self.cx.types();
        let mut t = f.ty;
        while let Type::Array { elem, len } = types[t] {
            if len == 0 {
                return true;
            }
            t = elem;
        }
        matches!(types[t], Type::Record(_)) && self.cx.info(t).empty_abi
    }
}

/// The LLVM-type walks need to intern types, so they take the context
/// mutably after classification is done.
struct Pick<'a> {
    cx: &'a mut AbiCx,
}

impl Pick<'_> {
    fn elem_containing(&self, sty: LlTyId, off: u64) -> Option<(LlTyId, u64)> {
        let LlTy::Struct { elems, .. } = &self.cx.ll[sty] else {
            return None;
        };
        if elems.is_empty() {
            return None;
        }
        let offs = self.cx.ll.struct_offsets(sty);
        let idx = offs.partition_point(|&o| o <= off).saturating_sub(1);
        Some((elems[idx], off - offs[idx]))
    }

    /// `GetINTEGERTypeAtOffset`.
    fn int_at(&mut self, ll: LlTyId, ir_off: u64, src: TypeId, src_off: u64) -> LlTyId {
        if ir_off == 0 {
            match self.cx.ll[ll] {
                LlTy::Ptr | LlTy::Int(64) => return ll,
                // Clang 22 keeps an `i128` whole (both eightbytes).
                LlTy::Int(128) if src_off == 0 && self.cx.target().clang == ClangVersion::V22 => {
                    return ll
                }
                LlTy::Int(bw @ (8 | 16 | 32)) => {
                    let cls = Cls {
                        cx: self.cx,
                        native_vec_bits: 128,
                        named: true,
                    };
                    if cls.no_user_data(src, src_off * 8 + u64::from(bw), src_off * 8 + 64) {
                        return ll;
                    }
                }
                _ => {}
            }
        }
        match self.cx.ll[ll].clone() {
            LlTy::Struct { .. } if ir_off < self.cx.ll.alloc_size(ll) => {
                if let Some((e, o)) = self.elem_containing(ll, ir_off) {
                    return self.int_at(e, o, src, src_off);
                }
            }
            LlTy::Array(_, e) => {
                let es = self.cx.ll.alloc_size(e);
                if es != 0 {
                    return self.int_at(e, ir_off % es, src, src_off);
                }
            }
            _ => {}
        }
        let size = self.cx.layout(src).size;
        let bytes = size.saturating_sub(src_off).min(8);
        self.cx.ll.int((bytes * 8) as u32)
    }

    /// `getFPTypeAtOffset`.
    fn fp_at(&self, ll: LlTyId, ir_off: u64) -> Option<LlTyId> {
        match &self.cx.ll[ll] {
            LlTy::Half | LlTy::Float | LlTy::Double | LlTy::X86Fp80 | LlTy::Fp128
                if ir_off == 0 =>
            {
                Some(ll)
            }
            LlTy::Struct { .. } => {
                let (e, o) = self.elem_containing(ll, ir_off)?;
                self.fp_at(e, o)
            }
            LlTy::Array(_, e) => {
                let es = self.cx.ll.alloc_size(*e);
                if es == 0 {
                    return None;
                }
                self.fp_at(*e, ir_off % es)
            }
            _ => None,
        }
    }

    /// `GetSSETypeAtOffset`.
    fn sse_at(&mut self, ll: LlTyId, ir_off: u64, src: TypeId, src_off: u64) -> LlTyId {
        let double = self.cx.ll.intern(LlTy::Double);
        let src_size = self.cx.layout(src).size.saturating_sub(src_off);
        let Some(t0) = self.fp_at(ll, ir_off) else {
            return double;
        };
        let is16 = |t: LlTyId, cx: &AbiCx| matches!(cx.ll[t], LlTy::Half);
        if matches!(self.cx.ll[t0], LlTy::Double) {
            return double;
        }
        let t0_size = self.cx.ll.alloc_size(t0);
        let mut t1 = None;
        if src_size > t0_size {
            t1 = self.fp_at(ll, ir_off + t0_size);
        }
        let t1 = match t1 {
            Some(t) => t,
            None => {
                if is16(t0, self.cx) && src_size > 4 {
                    t1 = self.fp_at(ll, ir_off + 4);
                }
                match t1 {
                    Some(t) => t,
                    None => return t0,
                }
            }
        };
        let f = |cx: &AbiCx, t: LlTyId| matches!(cx.ll[t], LlTy::Float);
        if f(self.cx, t0) && f(self.cx, t1) {
            return self.cx.ll.intern(LlTy::Vector(2, t0));
        }
        if is16(t0, self.cx) && is16(t1, self.cx) {
            let t2 = if src_size > 4 {
                self.fp_at(ll, ir_off + 4)
            } else {
                None
            };
            return self
                .cx
                .ll
                .intern(LlTy::Vector(if t2.is_none() { 2 } else { 4 }, t0));
        }
        if is16(t0, self.cx) || is16(t1, self.cx) {
            let h = self.cx.ll.intern(LlTy::Half);
            return self.cx.ll.intern(LlTy::Vector(4, h));
        }
        double
    }

    /// `GetByteVectorType`: the vector type for an SSE+SSEUP value.
    fn byte_vector(&mut self, ty: TypeId) -> LlTyId {
        let cls = Cls {
            cx: self.cx,
            native_vec_bits: 512,
            named: true,
        };
        let t = cls.single_element(ty).unwrap_or(ty);
        let ll = self.cx.ll_type(t);
        match self.cx.ll[ll] {
            LlTy::Vector(_, e) => {
                if matches!(self.cx.ll[e], LlTy::Int(128))
                    && self.cx.target().int128_vectors_in_mem()
                {
                    let n = self.cx.layout(t).size * 8 / 64;
                    let i64t = self.cx.ll.int(64);
                    return self.cx.ll.intern(LlTy::Vector(n as u32, i64t));
                }
                ll
            }
            LlTy::Fp128 => ll,
            _ => {
                let n = self.cx.layout(t).size * 8 / 64;
                let d = self.cx.ll.intern(LlTy::Double);
                self.cx.ll.intern(LlTy::Vector(n as u32, d))
            }
        }
    }

    /// `GetX86_64ByValArgumentPair`: `{ lo, hi }` with `hi` at offset 8.
    fn pair(&mut self, mut lo: LlTyId, hi: LlTyId) -> LlTyId {
        let lo_size = self.cx.ll.alloc_size(lo);
        let hi_align = self.cx.ll.abi_align(hi);
        let hi_start = lo_size.div_ceil(hi_align) * hi_align;
        if hi_start != 8 {
            lo = match self.cx.ll[lo] {
                LlTy::Half | LlTy::Float => self.cx.ll.intern(LlTy::Double),
                _ => self.cx.ll.int(64),
            };
        }
        self.cx.ll.intern(LlTy::Struct {
            elems: Box::new([lo, hi]),
            packed: false,
        })
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

/// `X86_64ABIInfo::classifyArgumentType` without register exhaustion,
/// for a fixed (`named`) parameter or a variadic argument. With AVX, a
/// variadic argument's wide vectors go to memory; those answers are not
/// memoized.
fn classify_arg(cx: &mut AbiCx, ty: TypeId, named: bool) -> CachedArg {
    let memo = named || cx.target().avx == crate::targets::AvxLevel::None;
    if let Some(c) = cx.cached_arg(ty).filter(|_| memo) {
        return c;
    }
    let native = cx.target().avx.native_vector_bits();
    let (lo, hi, promo) = {
        let cls = Cls {
            cx,
            native_vec_bits: native,
            named,
        };
        let (lo, hi) = cls.classify(ty, 0);
        (lo, hi, cls.promotable(ty))
    };
    let ll = cx.ll_type(ty);
    let mut needed_int = 0;
    let mut needed_vec = 0;
    let memory = CachedArg {
        mode: PassMode::Ignore,
        memory: true,
        needed_int: 0,
        needed_vec: 0,
        inreg: false,
    };
    let mut p = Pick { cx };
    let mut res: Option<LlTyId> = None;
    let result = 'done: {
        match lo {
            NoClass => {
                if hi == NoClass {
                    break 'done CachedArg {
                        mode: PassMode::Ignore,
                        memory: false,
                        needed_int,
                        needed_vec,
                        inreg: false,
                    };
                }
            }
            Memory | X87 | ComplexX87 | SseUp | X87Up => break 'done memory,
            Integer => {
                needed_int += 1;
                let r = p.int_at(ll, 0, ty, 0);
                if hi == NoClass && matches!(p.cx.ll[r], LlTy::Int(_)) {
                    if let Some(signed) = promo {
                        let mode = PassMode::Extend { ty: ll, signed };
                        break 'done CachedArg {
                            mode,
                            memory: false,
                            needed_int,
                            needed_vec,
                            inreg: false,
                        };
                    }
                }
                res = Some(r);
            }
            Sse => {
                needed_vec += 1;
                res = Some(p.sse_at(ll, 0, ty, 0));
            }
        }
        let mut high = None;
        match hi {
            Memory | X87 | ComplexX87 => break 'done memory,
            NoClass => {}
            Integer if res.is_some_and(|r| p.cx.ll[r] == LlTy::Int(128)) => needed_int += 1,
            Integer | X87Up | Sse => {
                let h = if hi == Integer {
                    needed_int += 1;
                    p.int_at(ll, 8, ty, 8)
                } else {
                    needed_vec += 1;
                    p.sse_at(ll, 8, ty, 8)
                };
                if lo == NoClass {
                    let mode = PassMode::Direct {
                        ty: h,
                        offset: 8,
                        flatten: true,
                        align_stack: None,
                    };
                    break 'done CachedArg {
                        mode,
                        memory: false,
                        needed_int,
                        needed_vec,
                        inreg: false,
                    };
                }
                high = Some(h);
            }
            SseUp => res = Some(p.byte_vector(ty)),
        }
        let r = match (res, high) {
            (Some(r), Some(h)) => p.pair(r, h),
            (Some(r), None) => r,
            (None, Some(h)) => h,
            (None, None) => ll,
        };
        CachedArg {
            mode: direct(r),
            memory: false,
            needed_int,
            needed_vec,
            inreg: false,
        }
    };
    if memo {
        cx.cache_arg(ty, result);
    }
    result
}

/// `X86_64ABIInfo::getIndirectResult`: an argument that goes to memory,
/// memoized per type. Only an eightbyte-sized aggregate's answer depends on
/// the registers left: with none, it is passed as an integer.
fn indirect_arg(cx: &mut AbiCx, ty: TypeId, free_int: u32) -> PassMode {
    let mode = cx.memo_indirect(ty, |cx| indirect_arg_uncached(cx, ty));
    if free_int == 0 {
        if let PassMode::Indirect { align: 8, .. } = mode {
            let size = cx.layout(ty).size;
            if size <= 8 {
                // No integer register left: an eightbyte-sized value is
                // passed as an integer, which lands on the stack anyway.
                return direct(cx.ll.int((size * 8) as u32));
            }
        }
    }
    mode
}

/// [`indirect_arg`] with integer registers left.
fn indirect_arg_uncached(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    let native = cx.target().avx.native_vector_bits();
    let cls = Cls {
        cx,
        native_vec_bits: native,
        named: true,
    };
    if !cls.is_aggregate(ty) && !cls.illegal_vector(ty) {
        // A scalar: LLVM puts it on the stack by itself.
        return match cls.promotable(ty) {
            Some(signed) => PassMode::Extend {
                ty: cx.ll_type(ty),
                signed,
            },
            None => direct(cx.ll_type(ty)),
        };
    }
    let l = cx.layout(ty);
    let align = l.align.max(8);
    PassMode::Indirect {
        pointee: cx.ll_mem_type(ty),
        align,
        byval: true,
    }
}

/// `X86_64ABIInfo::classifyReturnType`.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let native = cx.target().avx.native_vector_bits();
    let (lo, hi, promo, aggregate) = {
        let cls = Cls {
            cx,
            native_vec_bits: native,
            named: true,
        };
        let (lo, hi) = cls.classify(ty, 0);
        (lo, hi, cls.promotable(ty), cls.is_aggregate(ty))
    };
    let ll = cx.ll_type(ty);
    let indirect = |cx: &mut AbiCx| {
        if !aggregate {
            return match promo {
                Some(signed) => PassMode::Extend { ty: ll, signed },
                None => direct(ll),
            };
        }
        cx.natural_indirect(ty)
    };
    let mut p = Pick { cx };
    let mode = 'done: {
        let mut res = None;
        match lo {
            NoClass => {
                if hi == NoClass {
                    break 'done PassMode::Ignore;
                }
            }
            Memory | SseUp | X87Up => break 'done indirect(p.cx),
            Integer => {
                let r = p.int_at(ll, 0, ty, 0);
                if hi == NoClass && matches!(p.cx.ll[r], LlTy::Int(_)) {
                    if let Some(signed) = promo {
                        break 'done PassMode::Extend { ty: ll, signed };
                    }
                }
                res = Some(r);
            }
            Sse => res = Some(p.sse_at(ll, 0, ty, 0)),
            X87 => res = Some(p.cx.ll.intern(LlTy::X86Fp80)),
            ComplexX87 => {
                let f = p.cx.ll.intern(LlTy::X86Fp80);
                res = Some(p.cx.ll.intern(LlTy::Struct {
                    elems: Box::new([f, f]),
                    packed: false,
                }));
            }
        }
        let mut high = None;
        match hi {
            Memory | X87 => break 'done indirect(p.cx),
            ComplexX87 | NoClass => {}
            SseUp => res = Some(p.byte_vector(ty)),
            // X87UP after X87 is the upper half of the x87 value already in
            // `res`; without it (unions) the extra bits go in SSE.
            X87Up if lo == X87 => {}
            Integer if res.is_some_and(|r| p.cx.ll[r] == LlTy::Int(128)) => {}
            Integer | Sse | X87Up => {
                let h = if hi == Integer {
                    p.int_at(ll, 8, ty, 8)
                } else {
                    p.sse_at(ll, 8, ty, 8)
                };
                if lo == NoClass {
                    break 'done PassMode::Direct {
                        ty: h,
                        offset: 8,
                        flatten: false,
                        align_stack: None,
                    };
                }
                high = Some(h);
            }
        }
        let r = match (res, high) {
            (Some(r), Some(h)) => p.pair(r, h),
            (Some(r), None) => r,
            (None, Some(h)) => h,
            (None, None) => ll,
        };
        PassMode::Direct {
            ty: r,
            offset: 0,
            flatten: false,
            align_stack: None,
        }
    };
    cx.cache_ret(ty, mode);
    mode
}

/// `X86_64ABIInfo::computeInfo`.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let mut free_int = MAX_INT_REGS;
    let mut free_sse = MAX_SSE_REGS;
    let ret_mode = classify_ret(cx, sig.ret);
    let sret = matches!(ret_mode, PassMode::Indirect { .. });
    // The hidden sret pointer takes rdi.
    if sret {
        free_int -= 1;
    }
    let mut args = cx.arg_buffer(sig.args.len());
    for (i, &ty) in sig.args.iter().enumerate() {
        let c = classify_arg(cx, ty, sig.is_fixed(i));
        let mode = if c.memory {
            indirect_arg(cx, ty, free_int)
        } else if free_int >= c.needed_int && free_sse >= c.needed_vec {
            free_int -= c.needed_int;
            free_sse -= c.needed_vec;
            c.mode
        } else {
            // psABI §3.2.3 p.3: no register for some eightbyte: all in memory.
            indirect_arg(cx, ty, free_int)
        };
        args.push(ArgAbi::new(ty, mode));
    }
    FnAbi {
        ret: ArgAbi::new(sig.ret, ret_mode),
        args,
        sret,
        regs: RegUsage {
            int_regs: MAX_INT_REGS - free_int,
            vector_regs: MAX_SSE_REGS - free_sse,
        },
        cc: LlvmCallConv::C,
        variadic: sig.variadic,
    }
}

/// For `irkit abi --explain`: the psABI classes of the eightbytes of `ty`
/// as an argument (before register exhaustion), e.g.
/// `[0, 8) SSE, [8, 16) INTEGER`.
pub(crate) fn explain_eightbytes(cx: &AbiCx, ty: TypeId) -> String {
    let cls = Cls {
        cx,
        native_vec_bits: cx.target().avx.native_vector_bits(),
        named: true,
    };
    let (lo, hi) = cls.classify(ty, 0);
    let name = |c: Class| match c {
        NoClass => "NO_CLASS",
        Integer => "INTEGER",
        Sse => "SSE",
        SseUp => "SSEUP",
        X87 => "X87",
        X87Up => "X87UP",
        ComplexX87 => "COMPLEX_X87",
        Memory => "MEMORY",
    };
    let size = cx.layout(ty).size;
    if lo == Memory || hi == Memory {
        return format!("MEMORY ({size} bytes: passed on the stack, byval)");
    }
    if size > 8 && !(hi == SseUp && size > 16) {
        format!("[0, 8) {}, [8, {size}) {}", name(lo), name(hi))
    } else if hi == SseUp {
        format!("[0, 8) SSE, [8, {size}) SSEUP (one vector register)")
    } else {
        format!("[0, {size}) {}", name(lo))
    }
}
