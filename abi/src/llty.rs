//! LLVM IR types as the classifiers produce them (coerced types, `byval` /
//! `sret` pointee types) and as the printer spells them.
//!
//! Interned like shadow types: an [`LlTyId`] is a `u32` handle. Size and ABI
//! alignment follow the LLVM data layout Clang uses for the target: the
//! entries that differ between the supported targets (`p`, `i64`, `f64`,
//! `f80`, `i128`, `v128`) come from its [`Scalars`].

use crate::layout::Scalars;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// Handle of an interned LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct LlTyId(u32);

impl LlTyId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
    /// An id no interner hands out (used as a marker).
    pub(crate) const fn sentinel() -> LlTyId {
        LlTyId(u32::MAX)
    }
}

/// An LLVM IR type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum LlTy {
    Void,
    /// `iN`.
    Int(u32),
    Half,
    Float,
    Double,
    X86Fp80,
    Fp128,
    /// IBM double-double `ppc_fp128`.
    PpcFp128,
    /// Opaque pointer `ptr`.
    Ptr,
    /// `<N x T>`.
    Vector(u32, LlTyId),
    /// `[N x T]`.
    Array(u64, LlTyId),
    /// Literal struct `{ T, ... }`, or `<{ T, ... }>` when packed.
    Struct {
        elems: Box<[LlTyId]>,
        packed: bool,
    },
}

/// Interner for [`LlTy`] with memoized size/alignment.
#[derive(Debug)]
pub struct LlTypes {
    tys: Vec<LlTy>,
    /// (alloc size in bytes, ABI alignment in bytes), parallel to `tys`.
    size_align: Vec<(u64, u64)>,
    map: FxHashMap<LlTy, LlTyId>,
    scalars: Scalars,
}

impl Default for LlTypes {
    fn default() -> Self {
        LlTypes::for_scalars(Scalars::LP64)
    }
}

fn align_to(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

impl LlTypes {
    /// An interner for a 64-bit target ([`Scalars::LP64`]).
    pub fn new() -> Self {
        Self::default()
    }

    /// An interner whose sizes and alignments follow `scalars`.
    pub fn for_scalars(scalars: Scalars) -> Self {
        LlTypes {
            tys: Vec::new(),
            size_align: Vec::new(),
            map: FxHashMap::default(),
            scalars,
        }
    }

    /// The target's scalar layout in use.
    pub fn scalars(&self) -> Scalars {
        self.scalars
    }

    pub fn intern(&mut self, ty: LlTy) -> LlTyId {
        if let Some(&id) = self.map.get(&ty) {
            return id;
        }
        let sa = self.compute_size_align(&ty);
        let id = LlTyId(self.tys.len() as u32);
        self.tys.push(ty.clone());
        self.size_align.push(sa);
        self.map.insert(ty, id);
        id
    }

    fn compute_size_align(&self, ty: &LlTy) -> (u64, u64) {
        match ty {
            LlTy::Void => (0, 1),
            LlTy::Int(bits) => {
                let store = u64::from(*bits).div_ceil(8);
                // LLVM picks the alignment of the smallest specified integer
                // at least as wide (i8/i16/i32/i64/i128), else the largest.
                let align = match bits {
                    0..=8 => 1,
                    9..=16 => 2,
                    17..=32 => 4,
                    33..=64 => self.scalars.llong_align,
                    _ => self.scalars.i128_align,
                };
                (align_to(store, align), align)
            }
            LlTy::Half => (2, 2),
            LlTy::Float => (4, 4),
            LlTy::Double => (8, self.scalars.double_align),
            LlTy::X86Fp80 => (self.scalars.x87_size(), self.scalars.x87_align),
            LlTy::Fp128 => (16, self.scalars.fp128_align),
            LlTy::PpcFp128 => (16, 16),
            LlTy::Ptr => (self.scalars.ptr_bytes, self.scalars.ptr_bytes),
            LlTy::Vector(n, e) => {
                let elem_bits = self.prim_bits(*e);
                let store = (u64::from(*n) * elem_bits).div_ceil(8);
                let mut align = store.next_power_of_two().max(1);
                if store == 16 {
                    align = self.scalars.vec128_align;
                }
                (align_to(store, align), align)
            }
            LlTy::Array(n, e) => {
                let (s, a) = self.size_align[e.index()];
                (s.saturating_mul(*n), a)
            }
            LlTy::Struct { elems, packed } => {
                let mut off = 0u64;
                let mut max_align = 1u64;
                for e in elems.iter() {
                    let (s, a) = self.size_align[e.index()];
                    let a = if *packed { 1 } else { a };
                    off = align_to(off, a) + s;
                    max_align = max_align.max(a);
                }
                (align_to(off, max_align), max_align)
            }
        }
    }

    /// Bit width of a scalar (vector element) type.
    fn prim_bits(&self, id: LlTyId) -> u64 {
        match &self.tys[id.index()] {
            LlTy::Int(b) => u64::from(*b),
            LlTy::Half => 16,
            LlTy::Float => 32,
            LlTy::Double => 64,
            LlTy::Ptr => self.scalars.ptr_bytes * 8,
            LlTy::X86Fp80 => 80,
            LlTy::Fp128 | LlTy::PpcFp128 => 128,
            LlTy::Void | LlTy::Vector(..) | LlTy::Array(..) | LlTy::Struct { .. } => {
                self.size_align[id.index()].0 * 8
            }
        }
    }

    /// `DataLayout::getTypeAllocSize`.
    pub fn alloc_size(&self, id: LlTyId) -> u64 {
        self.size_align[id.index()].0
    }

    /// `DataLayout::getABITypeAlign`.
    pub fn abi_align(&self, id: LlTyId) -> u64 {
        self.size_align[id.index()].1
    }

    /// Element offsets of a struct type (empty for other types).
    pub fn struct_offsets(&self, id: LlTyId) -> Vec<u64> {
        match &self.tys[id.index()] {
            LlTy::Struct { elems, packed } => {
                let mut off = 0u64;
                let mut out = Vec::with_capacity(elems.len());
                for e in elems.iter() {
                    let (s, a) = self.size_align[e.index()];
                    off = align_to(off, if *packed { 1 } else { a });
                    out.push(off);
                    off += s;
                }
                out
            }
            _ => Vec::new(),
        }
    }

    pub fn int(&mut self, bits: u32) -> LlTyId {
        self.intern(LlTy::Int(bits))
    }

    /// `i8` for one byte, `[N x i8]` otherwise (Clang's `getByteArrayType`).
    pub fn byte_array(&mut self, n: u64) -> LlTyId {
        let i8t = self.int(8);
        if n == 1 {
            i8t
        } else {
            self.intern(LlTy::Array(n, i8t))
        }
    }

    /// Writes the LLVM spelling of `id` (literal struct types, never names).
    pub fn write(&self, out: &mut String, id: LlTyId) {
        match &self.tys[id.index()] {
            LlTy::Void => out.push_str("void"),
            LlTy::Int(b) => {
                let _ = write!(out, "i{b}");
            }
            LlTy::Half => out.push_str("half"),
            LlTy::Float => out.push_str("float"),
            LlTy::Double => out.push_str("double"),
            LlTy::X86Fp80 => out.push_str("x86_fp80"),
            LlTy::Fp128 => out.push_str("fp128"),
            LlTy::PpcFp128 => out.push_str("ppc_fp128"),
            LlTy::Ptr => out.push_str("ptr"),
            LlTy::Vector(n, e) => {
                let _ = write!(out, "<{n} x ");
                self.write(out, *e);
                out.push('>');
            }
            LlTy::Array(n, e) => {
                let _ = write!(out, "[{n} x ");
                self.write(out, *e);
                out.push(']');
            }
            LlTy::Struct { elems, packed } => {
                if *packed {
                    out.push('<');
                }
                if elems.is_empty() {
                    out.push_str("{}");
                } else {
                    out.push_str("{ ");
                    for (i, e) in elems.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write(out, *e);
                    }
                    out.push_str(" }");
                }
                if *packed {
                    out.push('>');
                }
            }
        }
    }

    /// The LLVM spelling of `id` as a new string.
    pub fn display(&self, id: LlTyId) -> String {
        let mut s = String::new();
        self.write(&mut s, id);
        s
    }
}

impl std::ops::Index<LlTyId> for LlTypes {
    type Output = LlTy;
    fn index(&self, id: LlTyId) -> &LlTy {
        &self.tys[id.index()]
    }
}
