//! C layout (size, alignment, field offsets) and the LLVM type of every
//! shadow type, computed once per interned type for one target.
//!
//! Sizes and offsets follow Clang 19's `ASTContext` / Itanium
//! `RecordLayoutBuilder` for C; LLVM types follow `CodeGenTypes::ConvertType`
//! and `CGRecordLowering` (including the Clang 19 bit-field *access unit*
//! algorithm), because the x86_64 classifier inspects the LLVM type when it
//! picks coerced types and the printer spells `byval(T)`/`sret(T)` with it.

use crate::llty::{LlTy, LlTyId, LlTypes};
use crate::ty::{FloatKind, RecordKind, Type, TypeId, TypeInterner};

mod ms;

/// Per-target facts of the C data layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DataLayout {
    /// Format of `long double` (x87 on x86_64 Linux, IEEE quad on AArch64
    /// Linux). Type mappers use it to map `long double`.
    pub long_double: FloatKind,
    /// Cap on vector alignment in bytes (`TargetInfo::getMaxVectorAlign`);
    /// 0 means no cap. AArch64: 16.
    pub max_vector_align: u32,
    /// Whether unnamed bit-fields (including zero-width ones) raise the
    /// record alignment (`useZeroLengthBitfieldAlignment`: AAPCS64 yes,
    /// SysV x86_64 no).
    pub unnamed_bitfields_align_record: bool,
    /// Whether plain `char` is signed (x86_64 yes, AArch64 Linux no).
    pub char_signed: bool,
    /// General register width in bytes, the largest bit-field access unit.
    pub register_bytes: u64,
    /// Whether unaligned bit-field access units are cheap
    /// (`hasCheapUnalignedBitFieldAccess`: x86, AArch64); elsewhere access
    /// units are only merged while they stay naturally aligned.
    pub cheap_unaligned_bitfields: bool,
    /// Width of C `long` in bits (64 on LP64, 32 on Windows).
    pub long_bits: u16,
    /// Which record layout algorithm places fields.
    pub record_abi: RecordAbi,
    /// Sizes and alignments of the scalars that differ between targets.
    pub scalars: Scalars,
}

/// Size and alignment (bytes) of the C scalars whose layout differs between
/// targets, and with them the LLVM data layout entries for `ptr`, `i64`,
/// `double`, `x86_fp80`, `i128` and 128-bit vectors: the one per-target
/// table both the C layout and [`LlTypes`](crate::LlTypes) read. Every
/// other scalar is aligned to its size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Scalars {
    /// `sizeof(void *)` (LLVM `p:N:N`).
    pub ptr_bytes: u64,
    /// `alignof(long long)` in a record (LLVM `i64:N`).
    pub llong_align: u64,
    /// `alignof(double)` in a record (LLVM `f64:N`).
    pub double_align: u64,
    /// `alignof` the x87 `long double`; its size is 10 bytes rounded up to
    /// it (LLVM `f80:N`).
    pub x87_align: u64,
    /// ABI alignment of LLVM `i128` (`i128:128`; without that entry LLVM
    /// uses the largest smaller integer entry, `i64:64`, giving 8).
    pub i128_align: u64,
    /// ABI alignment of 128-bit LLVM vectors (`v128:64` on 32-bit Arm;
    /// other vectors keep their natural alignment).
    pub vec128_align: u64,
    /// `alignof(__int128)` in C (Clang's `Int128Align`: 16 where the type
    /// exists, 8 on s390x), which may exceed LLVM's `i128` alignment
    /// (ppc64le, MIPS64, SPARC V9 and wasm32 under LLVM 19, whose data
    /// layouts have no `i128:128` entry).
    pub int128_align: u64,
    /// Alignment of IEEE quad (`fp128`, `long double` where it is quad):
    /// 16, or 8 on s390x (`f128:64`).
    pub fp128_align: u64,
}

impl Scalars {
    /// LP64 and LLP64 targets (x86_64, AArch64, RISC-V 64, ...).
    pub const LP64: Scalars = Scalars {
        ptr_bytes: 8,
        llong_align: 8,
        double_align: 8,
        x87_align: 16,
        i128_align: 16,
        vec128_align: 16,
        int128_align: 16,
        fp128_align: 16,
    };
    /// i386 System V (`i386-unknown-linux-gnu`): 4-byte `long long`,
    /// `double` and x87 `long double` (12 bytes) in records.
    pub const I386: Scalars = Scalars {
        ptr_bytes: 4,
        llong_align: 4,
        double_align: 4,
        x87_align: 4,
        i128_align: 16,
        vec128_align: 16,
        int128_align: 16,
        fp128_align: 16,
    };
    /// 32-bit Windows (`i686-pc-windows-msvc`, `i686-w64-windows-gnu`):
    /// 8-byte `long long` and `double`, 12-byte x87 `long double` (MinGW).
    pub const WIN32: Scalars = Scalars {
        ptr_bytes: 4,
        llong_align: 8,
        double_align: 8,
        x87_align: 4,
        i128_align: 16,
        vec128_align: 16,
        int128_align: 16,
        fp128_align: 16,
    };
    /// RISC-V 32 ILP32D (`e-m:e-p:32:32-i64:64-n32-S128`): 4-byte pointers,
    /// no `i128` entry. (No x87 type exists there; the field is unused; no
    /// `__int128` either, so an `i128` keeps LLVM's alignment.)
    pub const ILP32_RISCV: Scalars = Scalars {
        ptr_bytes: 4,
        llong_align: 8,
        double_align: 8,
        x87_align: 16,
        i128_align: 8,
        vec128_align: 16,
        int128_align: 8,
        fp128_align: 16,
    };
    /// 32-bit Arm AAPCS (`e-m:e-p:32:32-Fi8-i64:64-v128:64:128-a:0:32-n32-S64`):
    /// as [`Scalars::ILP32_RISCV`], with 8-byte aligned 128-bit vectors.
    pub const ARM32: Scalars = Scalars {
        ptr_bytes: 4,
        llong_align: 8,
        double_align: 8,
        x87_align: 16,
        i128_align: 8,
        vec128_align: 8,
        int128_align: 8,
        fp128_align: 16,
    };
    /// powerpc64le under LLVM 19 (`e-m:e-Fn32-i64:64-n32:64-S128-...`): no
    /// `i128:128` entry, so LLVM aligns `i128` to 8 while C aligns
    /// `__int128` to 16 (LLVM 20 added the entry: [`Scalars::LP64`]).
    pub const PPC64_LLVM19: Scalars = Scalars {
        i128_align: 8,
        ..Scalars::LP64
    };
    /// s390x (`E-m:e-i1:8:16-i8:8:16-i64:64-f128:64-v128:64-a:8:16-n32:64`):
    /// `__int128`, `long double` (fp128) and 128-bit LLVM vectors are
    /// 8-byte aligned.
    pub const S390X: Scalars = Scalars {
        i128_align: 8,
        int128_align: 8,
        vec128_align: 8,
        fp128_align: 8,
        ..Scalars::LP64
    };

    /// MIPS64 N64 and SPARC V9 (`…-i64:64-n32:64-S128`): LP64, with LLVM's
    /// `i128` aligned to 8 before LLVM 22 added `i128:128`.
    pub const fn lp64_i128(clang: crate::targets::ClangVersion) -> Scalars {
        Scalars {
            i128_align: match clang {
                crate::targets::ClangVersion::V19 => 8,
                crate::targets::ClangVersion::V22 => 16,
            },
            ..Scalars::LP64
        }
    }

    /// wasm32 (`e-m:e-p:32:32-…-i64:64-n32:64-S128`): 4-byte pointers,
    /// 8-byte `long long` and `double`; LLVM's `i128` as in
    /// [`Scalars::lp64_i128`].
    pub const fn wasm32(clang: crate::targets::ClangVersion) -> Scalars {
        Scalars {
            ptr_bytes: 4,
            ..Scalars::lp64_i128(clang)
        }
    }

    /// Size of the x87 `long double`.
    pub fn x87_size(self) -> u64 {
        align_to(10, self.x87_align)
    }
}

/// The record layout builders Clang has for C.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordAbi {
    /// `ItaniumRecordLayoutBuilder` (every ELF and Darwin target).
    Itanium,
    /// `MicrosoftRecordLayoutBuilder` (`*-windows-msvc`): bit-fields take
    /// whole storage units of their declared type, empty records are 4
    /// bytes, `aligned(N)` is a required alignment `packed` cannot lower.
    Microsoft,
    /// Itanium with `ms_struct` bit-fields (`*-windows-gnu`, where Clang
    /// defaults to `-mms-bitfields` as GCC does).
    MsStruct,
}

/// Size and alignment of a type in bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// `sizeof(T)` in bytes (a multiple of `align`).
    pub size: u64,
    /// `alignof(T)`, including `aligned(N)` on a record.
    pub align: u64,
    /// Alignment ignoring `aligned(N)` on the record itself (member
    /// attributes still count): Clang's "unadjusted alignment", used by
    /// AAPCS64 for argument passing.
    pub unadjusted_align: u64,
}

/// Field placement of one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordLayout {
    /// Bit offset of each field, parallel to `RecordData::fields`.
    pub field_offsets: Box<[u64]>,
    /// Whether the last field is a flexible array member.
    pub has_flexible_array: bool,
}

/// Everything memoized per interned type.
#[derive(Clone, Debug)]
pub struct TypeInfo {
    pub layout: Layout,
    /// `ConvertType`: the LLVM type of a value (`_Bool` is `i1`).
    pub ll: LlTyId,
    /// `ConvertTypeForMem`: the LLVM type in memory (`_Bool` is `i8`).
    pub ll_mem: LlTyId,
    /// `Some` for records.
    pub record: Option<Box<RecordLayout>>,
    /// Clang's `isEmptyRecord(…, AllowArrays=true)` (for records; false
    /// otherwise).
    pub empty_abi: bool,
    /// Clang's `isEmptyRecordForLayout` (records whose fields take no
    /// storage).
    pub empty_layout: bool,
    /// Nesting depth (scalars 0).
    pub depth: u32,
    /// Microsoft record layout's required alignment in bytes (0: none).
    pub required_align: u64,
}

/// Why a type cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypeError {
    /// A bit-field whose declared type is not an integer or `_Bool`.
    BitFieldNotInteger,
    /// A bit-field wider than its declared type.
    BitFieldTooWide { width: u32, type_bits: u64 },
    /// A zero-width bit-field with a name.
    NamedZeroWidthBitField,
    /// A flexible array member that is not the last field of a struct.
    MisplacedFlexibleArray,
    /// A member of type `void` or of an incomplete record type.
    IncompleteMember,
    /// An `aligned(N)` value that is not a power of two.
    BadAlignment(u32),
    /// A vector element that is not an integer or floating-point type, or a
    /// vector of length 0.
    BadVector,
    /// A `_Complex` of something other than an integer or float.
    BadComplex,
    /// An array or vector element that is not a complete object type.
    BadElement,
    /// Nesting deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A size that does not fit in 64 bits.
    TooLarge,
}

impl std::fmt::Display for TypeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TypeError::BitFieldNotInteger => write!(f, "bit-field of non-integer type"),
            TypeError::BitFieldTooWide { width, type_bits } => {
                write!(
                    f,
                    "bit-field width {width} exceeds its type's {type_bits} bits"
                )
            }
            TypeError::NamedZeroWidthBitField => write!(f, "named zero-width bit-field"),
            TypeError::MisplacedFlexibleArray => {
                write!(
                    f,
                    "flexible array member is not the last member of a struct"
                )
            }
            TypeError::IncompleteMember => write!(f, "member of incomplete type"),
            TypeError::BadAlignment(a) => write!(f, "alignment {a} is not a power of two"),
            TypeError::BadVector => write!(f, "invalid vector type"),
            TypeError::BadComplex => write!(f, "invalid _Complex element type"),
            TypeError::BadElement => write!(f, "array element of incomplete type"),
            TypeError::TooDeep => write!(f, "type nesting deeper than {MAX_DEPTH}"),
            TypeError::TooLarge => write!(f, "type size overflows"),
        }
    }
}

/// Maximum nesting depth of a type.
pub const MAX_DEPTH: u32 = 512;

fn align_to(x: u64, a: u64) -> u64 {
    if a <= 1 {
        x
    } else {
        x.div_ceil(a) * a
    }
}

/// Computes [`TypeInfo`] for `ty`, whose children already have theirs
/// (children are always interned before their parents).
pub(crate) fn compute(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    ty: &Type,
) -> Result<TypeInfo, TypeError> {
    let info = compute_inner(dl, types, infos, ll, ty)?;
    if info.depth > MAX_DEPTH {
        return Err(TypeError::TooDeep);
    }
    if info.layout.size > MAX_SIZE {
        return Err(TypeError::TooLarge);
    }
    Ok(info)
}

/// The layout of `[len x elem]`.
fn array_info(
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    elem: TypeId,
    len: u64,
) -> Result<TypeInfo, TypeError> {
    let e = &infos[elem.index()];
    if !is_object(types, elem) {
        return Err(TypeError::BadElement);
    }
    let size = e.layout.size.checked_mul(len).ok_or(TypeError::TooLarge)?;
    if size > MAX_SIZE {
        return Err(TypeError::TooLarge);
    }
    let l = ll.intern(LlTy::Array(len, e.ll_mem));
    Ok(TypeInfo {
        layout: Layout {
            size,
            align: e.layout.align,
            unadjusted_align: e.layout.align,
        },
        ll: l,
        ll_mem: l,
        record: None,
        empty_abi: false,
        empty_layout: false,
        required_align: 0,
        depth: e.depth + 1,
    })
}

/// [`TypeInfo`] of a scalar (`Void`, `Bool`, `Int`, `Float`, `Ptr`); for
/// any other type, that of `void`.
pub(crate) fn scalar_info(sc: &Scalars, ll: &mut LlTypes, ty: &Type) -> TypeInfo {
    let sized = |ll: &mut LlTypes, size: u64, align: u64, t: LlTy| {
        let l = ll.intern(t);
        TypeInfo {
            layout: Layout {
                size,
                align,
                unadjusted_align: align,
            },
            ll: l,
            ll_mem: l,
            record: None,
            empty_abi: false,
            empty_layout: false,
            required_align: 0,
            depth: 0,
        }
    };
    let scalar = |ll: &mut LlTypes, size: u64, t: LlTy| sized(ll, size, size.max(1), t);
    match ty {
        Type::Bool => {
            let mut i = scalar(ll, 1, LlTy::Int(1));
            i.ll_mem = ll.int(8);
            i
        }
        // C integers are 8..128 bits; other widths (e.g. a coerced `i24`
        // fed back in) take the next power-of-two size, at most 16 bytes.
        // Alignment: the LLVM data layout's for the integer (C and LLVM
        // agree on every supported target).
        Type::Int { bits, .. } => {
            let bytes = u64::from(*bits)
                .div_ceil(8)
                .next_power_of_two()
                .clamp(1, 16);
            // The LLVM alignment of the integer (`i64:N`, `i128:N`), at
            // most its size.
            let t = LlTy::Int(u32::from(*bits).max(1));
            let l = ll.intern(t.clone());
            let align = if *bits == 128 {
                sc.int128_align
            } else {
                ll.abi_align(l).min(bytes)
            };
            sized(ll, bytes, align, t)
        }
        Type::Float(k) => match k {
            FloatKind::Half => scalar(ll, 2, LlTy::Half),
            FloatKind::Float => scalar(ll, 4, LlTy::Float),
            FloatKind::Double | FloatKind::LongDouble64 => {
                sized(ll, 8, sc.double_align, LlTy::Double)
            }
            FloatKind::X87 => sized(ll, sc.x87_size(), sc.x87_align, LlTy::X86Fp80),
            FloatKind::Quad => sized(ll, 16, sc.fp128_align, LlTy::Fp128),
            FloatKind::IbmDouble => scalar(ll, 16, LlTy::PpcFp128),
        },
        Type::Ptr => scalar(ll, sc.ptr_bytes, LlTy::Ptr),
        Type::Void
        | Type::Array { .. }
        | Type::FlexArray { .. }
        | Type::Vector { .. }
        | Type::Complex(_)
        | Type::Record(_) => {
            let l = ll.intern(LlTy::Void);
            TypeInfo {
                layout: Layout {
                    size: 0,
                    align: 1,
                    unadjusted_align: 1,
                },
                ll: l,
                ll_mem: l,
                record: None,
                empty_abi: false,
                empty_layout: false,
                required_align: 0,
                depth: 0,
            }
        }
    }
}

/// Largest object size in bytes we lay out (2^56; sizes in bits still fit
/// in 64 bits).
pub const MAX_SIZE: u64 = 1 << 56;

fn compute_inner(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    ty: &Type,
) -> Result<TypeInfo, TypeError> {
    let info_of = |t: TypeId| &infos[t.index()];
    Ok(match ty {
        Type::Void | Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr => {
            scalar_info(&dl.scalars, ll, ty)
        }
        Type::Array { elem, len } => array_info(types, infos, ll, *elem, *len)?,
        // A flexible array member lays out as an array of no elements.
        Type::FlexArray { elem } => array_info(types, infos, ll, *elem, 0)?,
        Type::Vector { elem, len } => {
            if *len == 0 {
                return Err(TypeError::BadVector);
            }
            let (elem_bits, elem_ll) = match &types[*elem] {
                Type::Int { bits, .. } => (u64::from(*bits), info_of(*elem).ll),
                Type::Float(FloatKind::X87) => return Err(TypeError::BadVector),
                Type::Float(_) => (info_of(*elem).layout.size * 8, info_of(*elem).ll),
                _ => return Err(TypeError::BadVector),
            };
            // ASTContext: width = elements * element width, at least a byte;
            // alignment = width rounded up to a power of two, capped.
            let mut width = (elem_bits * u64::from(*len)).max(8);
            let mut align = width;
            if !align.is_power_of_two() {
                align = align.next_power_of_two();
                width = align_to(width, align);
            }
            let cap = u64::from(dl.max_vector_align) * 8;
            if cap != 0 && cap < align {
                align = cap;
            }
            let l = ll.intern(LlTy::Vector(*len, elem_ll));
            TypeInfo {
                layout: Layout {
                    size: width / 8,
                    align: align / 8,
                    unadjusted_align: align / 8,
                },
                ll: l,
                ll_mem: l,
                record: None,
                empty_abi: false,
                empty_layout: false,
                required_align: 0,
                depth: 1,
            }
        }
        Type::Complex(elem) => {
            match &types[*elem] {
                Type::Int { .. } | Type::Float(_) => {}
                _ => return Err(TypeError::BadComplex),
            }
            let e = info_of(*elem);
            let l = ll.intern(LlTy::Struct {
                elems: Box::new([e.ll_mem, e.ll_mem]),
                packed: false,
            });
            TypeInfo {
                layout: Layout {
                    size: e.layout.size * 2,
                    align: e.layout.align,
                    unadjusted_align: e.layout.align,
                },
                ll: l,
                ll_mem: l,
                record: None,
                empty_abi: false,
                empty_layout: false,
                required_align: 0,
                depth: 1,
            }
        }
        Type::Record(rec) => record_info(dl, types, infos, ll, rec)?,
    })
}

/// Whether `t` is a complete object type usable as a member or element.
fn is_object(types: &TypeInterner, t: TypeId) -> bool {
    match &types[t] {
        Type::Void | Type::FlexArray { .. } => false,
        Type::Record(r) => r.complete,
        Type::Bool
        | Type::Int { .. }
        | Type::Float(_)
        | Type::Ptr
        | Type::Array { .. }
        | Type::Vector { .. }
        | Type::Complex(_) => true,
    }
}

fn check_align(a: Option<u32>) -> Result<u64, TypeError> {
    match a {
        None => Ok(0),
        Some(a) if a.is_power_of_two() => Ok(u64::from(a)),
        Some(a) => Err(TypeError::BadAlignment(a)),
    }
}

fn record_info(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    rec: &crate::ty::RecordData,
) -> Result<TypeInfo, TypeError> {
    let crate::ty::RecordData {
        kind,
        fields,
        packed: _,
        align: rec_align,
        complete,
    } = rec;
    let is_union = *kind == RecordKind::Union;
    let rec_align = check_align(*rec_align)?;
    if !complete {
        let l = ll.intern(LlTy::Struct {
            elems: Box::new([]),
            packed: false,
        });
        return Ok(TypeInfo {
            layout: Layout {
                size: 0,
                align: 1,
                unadjusted_align: 1,
            },
            ll: l,
            ll_mem: l,
            record: Some(Box::new(RecordLayout {
                field_offsets: Box::new([]),
                has_flexible_array: false,
            })),
            empty_abi: false,
            empty_layout: false,
            required_align: 0,
            depth: 0,
        });
    }

    let Placement {
        offsets,
        layout,
        depth,
        has_flex,
        required_align,
    } = match dl.record_abi {
        RecordAbi::Itanium | RecordAbi::MsStruct => {
            itanium_place(dl, types, infos, rec, rec_align)?
        }
        RecordAbi::Microsoft => ms::place(dl, types, infos, rec, rec_align)?,
    };

    // --- isEmptyRecord / isEmptyRecordForLayout ---
    let empty_abi = fields.iter().all(|f| {
        if f.bit_width.is_some() && !f.named {
            return true;
        }
        let mut t = f.ty;
        while let Type::Array { elem, len } = &types[t] {
            if *len == 0 {
                return true;
            }
            t = *elem;
        }
        matches!(types[t], Type::Record(_)) && infos[t.index()].empty_abi
    });
    let empty_layout = fields
        .iter()
        .all(|f| field_empty_for_layout(types, infos, f));

    let rl = RecordLayout {
        field_offsets: offsets.into_boxed_slice(),
        has_flexible_array: has_flex,
    };
    let l = if is_union {
        lower_union(dl, infos, ll, rec, layout.size)
    } else {
        lower_struct(dl, types, infos, ll, rec, &rl, layout)
    };
    Ok(TypeInfo {
        layout,
        ll: l,
        ll_mem: l,
        record: Some(Box::new(rl)),
        empty_abi,
        empty_layout,
        depth,
        required_align,
    })
}

/// Where a record's fields go: the output of a record layout builder.
pub(crate) struct Placement {
    /// Bit offset of each field.
    pub offsets: Vec<u64>,
    pub layout: Layout,
    pub depth: u32,
    pub has_flex: bool,
    /// Microsoft layout's "required alignment" in bytes (from `aligned(N)`
    /// on the record or its members), which `packed` does not lower; 0 when
    /// none.
    pub required_align: u64,
}

/// Itanium `RecordLayoutBuilder` for C records (quantities in bits).
fn itanium_place(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    rec: &crate::ty::RecordData,
    rec_align: u64,
) -> Result<Placement, TypeError> {
    let crate::ty::RecordData {
        kind,
        fields,
        packed,
        ..
    } = rec;
    let is_union = *kind == RecordKind::Union;
    let ms_struct = dl.record_abi == RecordAbi::MsStruct;
    // Size of the current `ms_struct` storage unit in bits (0: none).
    let mut last_unit: u64 = 0;
    let mut offsets = Vec::with_capacity(fields.len());
    let mut data_size: u64 = 0;
    let mut size: u64 = 0;
    let mut unfilled: u64 = 0;
    let mut align: u64 = 8;
    let mut unadjusted: u64 = 8;
    if rec_align != 0 {
        align = align.max(rec_align * 8);
    }
    let mut depth = 0u32;
    let mut has_flex = false;
    for (i, f) in fields.iter().enumerate() {
        let fi = &infos[f.ty.index()];
        depth = depth.max(fi.depth + 1);
        let explicit = check_align(f.align)? * 8;
        let is_flex = matches!(types[f.ty], Type::FlexArray { .. });
        if is_flex {
            if is_union || i + 1 != fields.len() || f.bit_width.is_some() {
                return Err(TypeError::MisplacedFlexibleArray);
            }
            has_flex = true;
        } else if !is_object(types, f.ty) {
            return Err(TypeError::IncompleteMember);
        }
        if let Some(width) = f.bit_width {
            let width = u64::from(width);
            match types[f.ty] {
                Type::Int { .. } | Type::Bool => {}
                _ => return Err(TypeError::BitFieldNotInteger),
            }
            let storage = fi.layout.size * 8;
            if width > storage {
                return Err(TypeError::BitFieldTooWide {
                    width: width as u32,
                    type_bits: storage,
                });
            }
            if width == 0 && f.named {
                return Err(TypeError::NamedZeroWidthBitField);
            }
            if ms_struct {
                // `ms_struct` bit-fields (Itanium builder, `IsMsStruct`): a
                // storage unit of the declared type, shared only by
                // bit-fields of the same size that fit.
                let mut field_align = storage;
                if last_unit != storage || unfilled < width {
                    if last_unit == 0 && width == 0 {
                        field_align = 1;
                    }
                    unfilled = 0;
                    last_unit = 0;
                }
                let mut off = if is_union { 0 } else { data_size - unfilled };
                if explicit != 0 {
                    field_align = field_align.max(explicit);
                }
                if is_union {
                    field_align = 1;
                }
                if width == 0 || width > unfilled {
                    off = align_to(off, field_align);
                    unfilled = 0;
                }
                offsets.push(off);
                if is_union {
                    data_size = data_size.max(if width != 0 { storage } else { 8 });
                } else if width != 0 {
                    if unfilled == 0 {
                        data_size = off + storage;
                        unfilled = storage;
                    }
                    unfilled -= width;
                    last_unit = storage;
                } else {
                    data_size = align_to(off, 8);
                    unfilled = data_size - off;
                    last_unit = 0;
                }
                let field_align = field_align.max(8);
                size = size.max(data_size);
                unadjusted = unadjusted.max(field_align);
                align = align.max(field_align);
                continue;
            }
            let mut field_align = fi.layout.align * 8;
            let mut unpacked_align = field_align;
            let mut off = if is_union { 0 } else { data_size - unfilled };
            // Packed bit-fields take the next free bit (alignment in bits).
            if *packed && width != 0 {
                field_align = 1;
            }
            if explicit != 0 {
                field_align = field_align.max(explicit);
                unpacked_align = unpacked_align.max(explicit);
            }
            if width == 0 || (off & (field_align - 1)) + width > storage {
                off = align_to(off, field_align);
            } else if explicit != 0 {
                off = align_to(off, explicit);
            }
            offsets.push(off);
            if !dl.unnamed_bitfields_align_record && !f.named {
                field_align = 1;
            }
            // Alignments below a byte do not count (CharUnits truncation).
            let field_align = field_align.max(8);
            let _ = unpacked_align;
            if is_union {
                data_size = data_size.max(align_to(width, 8));
            } else {
                let new_size = off + width;
                data_size = align_to(new_size, 8);
                unfilled = data_size - new_size;
            }
            size = size.max(data_size);
            unadjusted = unadjusted.max(field_align);
            align = align.max(field_align);
        } else {
            unfilled = 0;
            last_unit = 0;
            let fsize = if is_flex { 0 } else { fi.layout.size * 8 };
            let type_align = fi.layout.align * 8;
            let field_align = if *packed {
                explicit.max(8)
            } else {
                type_align.max(explicit)
            };
            let off = if is_union {
                0
            } else {
                align_to(data_size, field_align)
            };
            offsets.push(off);
            if is_union {
                data_size = data_size.max(fsize);
            } else {
                data_size = off.checked_add(fsize).ok_or(TypeError::TooLarge)?;
            }
            size = size.max(data_size);
            unadjusted = unadjusted.max(field_align);
            align = align.max(field_align);
        }
        if data_size > MAX_SIZE * 8 {
            return Err(TypeError::TooLarge);
        }
    }
    if depth > MAX_DEPTH || size / 8 > MAX_SIZE {
        return Err(if depth > MAX_DEPTH {
            TypeError::TooDeep
        } else {
            TypeError::TooLarge
        });
    }
    let size = align_to(size, align);
    Ok(Placement {
        offsets,
        layout: Layout {
            size: size / 8,
            align: align / 8,
            unadjusted_align: unadjusted / 8,
        },
        depth,
        has_flex,
        required_align: 0,
    })
}

/// Clang's `isEmptyFieldForLayout`.
fn field_empty_for_layout(types: &TypeInterner, infos: &[TypeInfo], f: &crate::ty::Field) -> bool {
    match f.bit_width {
        Some(0) => true,
        Some(_) => false,
        None => matches!(types[f.ty], Type::Record(_)) && infos[f.ty.index()].empty_layout,
    }
}

/// Storage type of a member (`CGRecordLowering::getStorageType`).
fn storage_type(infos: &[TypeInfo], ll: &mut LlTypes, f: &crate::ty::Field) -> LlTyId {
    let fi = &infos[f.ty.index()];
    match f.bit_width {
        None => fi.ll_mem,
        Some(w) => {
            let bits = u64::from(w).min(fi.layout.size * 8);
            ll.int(align_to(bits, 8) as u32)
        }
    }
}

/// `CGRecordLowering::lowerUnion` for C.
fn lower_union(
    dl: &DataLayout,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    rec: &crate::ty::RecordData,
    size: u64,
) -> LlTyId {
    let mut storage: Option<LlTyId> = None;
    for f in rec.fields.iter() {
        if f.bit_width == Some(0) {
            continue;
        }
        let t = if dl.record_abi == RecordAbi::Itanium {
            storage_type(infos, ll, f)
        } else {
            // Discrete bit-field ABIs store a bit-field as its whole type.
            infos[f.ty.index()].ll_mem
        };
        storage = match storage {
            None => Some(t),
            Some(s) => {
                let (ta, sa) = (ll.abi_align(t), ll.abi_align(s));
                if ta > sa || (ta == sa && ll.alloc_size(t) > ll.alloc_size(s)) {
                    Some(t)
                } else {
                    Some(s)
                }
            }
        };
    }
    let mut elems = Vec::new();
    let mut packed = false;
    match storage {
        None => {
            if size != 0 {
                elems.push(ll.byte_array(size));
            }
        }
        Some(mut s) => {
            if size < ll.alloc_size(s) {
                s = ll.byte_array(size);
            }
            elems.push(s);
            let pad = size - ll.alloc_size(s);
            if pad != 0 {
                elems.push(ll.byte_array(pad));
            }
            // C records: data size == size.
            if size % ll.abi_align(s) != 0 {
                packed = true;
            }
        }
    }
    ll.intern(LlTy::Struct {
        elems: elems.into_boxed_slice(),
        packed,
    })
}

/// `CGRecordLowering::lower` for C structs.
fn lower_struct(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    rec: &crate::ty::RecordData,
    rl: &RecordLayout,
    layout: Layout,
) -> LlTyId {
    let size = layout.size;
    // (byte offset, storage type) in insertion order; stable-sorted later.
    let mut members: Vec<(u64, LlTyId)> = Vec::new();
    let fields = &rec.fields;
    let offs = &rl.field_offsets;
    let mut i = 0;
    while i < fields.len() {
        let f = &fields[i];
        if f.bit_width.is_some() && dl.record_abi != RecordAbi::Itanium {
            i = ms::accumulate_bitfields(infos, ll, rec, rl, i, &mut members);
        } else if f.bit_width.is_some() {
            i = accumulate_bitfields(dl, types, infos, ll, rec, rl, layout, i, &mut members);
        } else {
            if !field_empty_for_layout(types, infos, f) {
                members.push((offs[i] / 8, storage_type(infos, ll, f)));
            }
            i += 1;
        }
    }
    if members.is_empty() {
        let elems: Box<[LlTyId]> = if size == 0 {
            Box::new([])
        } else {
            Box::new([ll.byte_array(size)])
        };
        return ll.intern(LlTy::Struct {
            elems,
            packed: false,
        });
    }
    members.sort_by_key(|m| m.0);
    // determinePacked (the capstone at `size` has alignment 1 here).
    let mut packed = false;
    let mut max_align = 1u64;
    for &(off, t) in &members {
        let a = ll.abi_align(t);
        if off % a != 0 {
            packed = true;
        }
        max_align = max_align.max(a);
    }
    if size % max_align != 0 {
        packed = true;
    }
    // insertPadding, with the capstone as the last member.
    // Unpacked, the capstone becomes an integer as wide as the alignment.
    let capstone_align = if packed {
        1
    } else {
        let cap = ll.int((max_align * 8) as u32);
        ll.abi_align(cap)
    };
    let mut elems = Vec::with_capacity(members.len() * 2);
    let mut end = 0u64;
    for &(off, t) in members
        .iter()
        .chain(std::iter::once(&(size, LlTyId::CAPSTONE)))
    {
        let is_cap = t == LlTyId::CAPSTONE;
        let a = if packed {
            1
        } else if is_cap {
            capstone_align
        } else {
            ll.abi_align(t)
        };
        if off != align_to(end, a) && off > end {
            elems.push(ll.byte_array(off - end));
        }
        if is_cap {
            break;
        }
        elems.push(t);
        end = off + ll.alloc_size(t);
    }
    ll.intern(LlTy::Struct {
        elems: elems.into_boxed_slice(),
        packed,
    })
}

impl LlTyId {
    /// Sentinel used only inside `lower_struct` for the capstone member.
    const CAPSTONE: LlTyId = LlTyId::sentinel();
}

/// `CGRecordLowering::accumulateBitFields` (Clang 19 access units, targets
/// with cheap unaligned bit-field access). Returns the index of the first
/// field after the run.
#[allow(clippy::too_many_arguments)]
fn accumulate_bitfields(
    dl: &DataLayout,
    types: &TypeInterner,
    infos: &[TypeInfo],
    ll: &mut LlTypes,
    rec: &crate::ty::RecordData,
    rl: &RecordLayout,
    layout: Layout,
    start: usize,
    members: &mut Vec<(u64, LlTyId)>,
) -> usize {
    let size = layout.size;
    let fields = &rec.fields;
    let offs = &rl.field_offsets;
    let end = fields[start..]
        .iter()
        .position(|f| f.bit_width.is_none())
        .map_or(fields.len(), |p| start + p);
    let reg = dl.register_bytes;
    let mut field = start;
    let mut begin: Option<usize> = None;
    let mut begin_off = 0u64;
    let mut bits_since_begin = 0u64;
    let mut best_end = start;
    let mut best_end_off = 0u64;
    let mut best_clipped = true;
    loop {
        let mut at_boundary = false;
        let mut barrier = false;
        if field < end {
            let bit_off = offs[field];
            match begin {
                None => {
                    begin = Some(field);
                    best_end = field;
                    begin_off = bit_off / 8;
                    bits_since_begin = 0;
                }
                Some(_) if bit_off % 8 != 0 => {}
                Some(_) => {
                    if fields[field].bit_width == Some(0) {
                        barrier = true;
                    }
                    at_boundary = true;
                }
            }
        } else {
            if begin.is_none() {
                break;
            }
            barrier = true;
            at_boundary = true;
        }
        let mut install = false;
        if at_boundary {
            let access = bits_since_begin.div_ceil(8);
            if Some(best_end) == begin {
                best_end = field;
                best_end_off = begin_off + access;
                best_clipped = true;
                if bits_since_begin == 0 {
                    install = true;
                }
            } else if access > reg {
                install = true;
            }
            if !install && !dl.cheap_unaligned_bitfields {
                // Unaligned access is expensive: accumulate only into
                // naturally aligned units (`hasCheapUnalignedBitFieldAccess`).
                let ty = ll.int((access * 8) as u32);
                let a = ll.abi_align(ty);
                if a > layout.align || begin_off % a != 0 {
                    install = true;
                    if best_end == field && ll.alloc_size(ty) == access {
                        best_clipped = false;
                    }
                }
            }
            if !install {
                let ty = ll.int((access * 8) as u32);
                let limit = (field..fields.len())
                    .find(|&p| !field_empty_for_layout(types, infos, &fields[p]))
                    .map_or(size, |p| offs[p] / 8);
                let tsize = ll.alloc_size(ty);
                if begin_off + tsize <= limit {
                    best_end_off = begin_off + tsize;
                    best_end = field;
                    best_clipped = false;
                }
                if barrier {
                    install = true;
                } else {
                    bits_since_begin = (limit - begin_off) * 8;
                }
            }
        }
        if install {
            let access = best_end_off - begin_off;
            if access != 0 {
                let ty = if best_clipped {
                    ll.byte_array(access)
                } else {
                    ll.int((access * 8) as u32)
                };
                members.push((begin_off, ty));
            }
            field = best_end;
            begin = None;
        } else {
            bits_since_begin += u64::from(fields[field].bit_width.unwrap_or(0));
            field += 1;
        }
    }
    field
}
