//! The shadow type system: C-level types the classifiers work on.
//!
//! Types are hash-consed in a [`TypeInterner`]: a [`TypeId`] is a `u32`
//! handle and structurally equal types share one id, so every per-type
//! result (layout, LLVM lowering, classification) can be memoized in a side
//! table indexed by the id.
//!
//! The model follows what C (and Clang's `ASTContext`) needs for calling
//! conventions: integers with width and signedness (`_Bool` is its own kind
//! because it is `i1` in registers and `i8` in memory), the floating-point
//! formats, opaque pointers, records with per-field bit-field widths and
//! `aligned(N)` attributes, arrays (including GNU zero-length and flexible
//! array members), GCC vectors and `_Complex`.

use rustc_hash::FxHashMap;

/// Handle of an interned type. Only a [`TypeInterner`] creates them.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct TypeId(u32);

impl TypeId {
    /// Index into side tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Floating-point formats.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum FloatKind {
    /// IEEE binary16 (`_Float16`, `__fp16`): LLVM `half`.
    Half,
    /// IEEE binary32 (`float`).
    Float,
    /// IEEE binary64 (`double`).
    Double,
    /// `long double` where it is IEEE binary64 but still a type of its own
    /// that a classifier tells apart from `double` (32-bit Windows: it
    /// takes integer registers under `regparm`). LLVM `double`.
    LongDouble64,
    /// IBM double-double (`long double` on powerpc64le Linux, Clang's
    /// default there): LLVM `ppc_fp128`, size 16, alignment 16.
    IbmDouble,
    /// x87 80-bit extended (`long double` on x86_64 Linux): LLVM `x86_fp80`,
    /// size 16, alignment 16.
    X87,
    /// IEEE binary128 (`long double` on AArch64 Linux, `__float128` on
    /// x86_64): LLVM `fp128`.
    Quad,
}

/// Struct or union.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RecordKind {
    Struct,
    Union,
}

/// One member of a record.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Field {
    /// Declared type. For a bit-field, the declared integer type.
    pub ty: TypeId,
    /// `Some(width)` for a bit-field (`int x : 3`); `Some(0)` is a
    /// zero-width bit-field (always unnamed in C).
    pub bit_width: Option<u32>,
    /// Whether the member has a name. Unnamed bit-fields are padding: they
    /// never take part in classification, and on SysV x86_64 they do not
    /// raise the record's alignment.
    pub named: bool,
    /// The member's `__attribute__((aligned(N)))` in bytes, if any.
    pub align: Option<u32>,
}

/// A record (struct or union) body.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordData {
    pub kind: RecordKind,
    /// Members in declaration order. A flexible array member is the last
    /// field with type [`Type::FlexArray`].
    pub fields: Box<[Field]>,
    /// `__attribute__((packed))` on the record.
    pub packed: bool,
    /// `__attribute__((aligned(N)))` on the record, in bytes.
    pub align: Option<u32>,
    /// `false` for a forward-declared record (`struct S;`), which cannot be
    /// passed by value.
    pub complete: bool,
}

/// A shadow type.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Type {
    /// `void` (only as a return type).
    Void,
    /// `_Bool`.
    Bool,
    /// An integer type of `bits` bits (8, 16, 32, 64 or 128).
    Int { bits: u16, signed: bool },
    /// A floating-point type.
    Float(FloatKind),
    /// Any data pointer (LLVM `ptr`).
    Ptr,
    /// `T[len]`; `len` may be 0 (GNU zero-length array).
    Array { elem: TypeId, len: u64 },
    /// `T[]` as the last member of a struct.
    FlexArray { elem: TypeId },
    /// `T __attribute__((vector_size(len * sizeof(T))))`.
    Vector { elem: TypeId, len: u32 },
    /// `_Complex T`.
    Complex(TypeId),
    /// A struct or union.
    Record(Box<RecordData>),
}

/// Hash-consing arena of [`Type`]s.
#[derive(Default, Debug)]
pub struct TypeInterner {
    types: Vec<Type>,
    map: FxHashMap<Type, TypeId>,
}

impl TypeInterner {
    pub fn new() -> Self {
        Self::default()
    }

    /// Interns `ty`, returning the existing id for an equal type.
    pub fn intern(&mut self, ty: Type) -> TypeId {
        if let Some(&id) = self.map.get(&ty) {
            return id;
        }
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty.clone());
        self.map.insert(ty, id);
        id
    }

    /// The id of an already interned type equal to `ty`.
    pub fn get(&self, ty: &Type) -> Option<TypeId> {
        self.map.get(ty).copied()
    }

    /// Number of interned types (side tables are this long).
    pub fn len(&self) -> usize {
        self.types.len()
    }

    pub fn is_empty(&self) -> bool {
        self.types.is_empty()
    }

    pub fn void(&mut self) -> TypeId {
        self.intern(Type::Void)
    }
    pub fn bool_(&mut self) -> TypeId {
        self.intern(Type::Bool)
    }
    pub fn int(&mut self, bits: u16, signed: bool) -> TypeId {
        self.intern(Type::Int { bits, signed })
    }
    pub fn float(&mut self, kind: FloatKind) -> TypeId {
        self.intern(Type::Float(kind))
    }
    pub fn ptr(&mut self) -> TypeId {
        self.intern(Type::Ptr)
    }
    pub fn array(&mut self, elem: TypeId, len: u64) -> TypeId {
        self.intern(Type::Array { elem, len })
    }
    pub fn flex_array(&mut self, elem: TypeId) -> TypeId {
        self.intern(Type::FlexArray { elem })
    }
    pub fn vector(&mut self, elem: TypeId, len: u32) -> TypeId {
        self.intern(Type::Vector { elem, len })
    }
    pub fn complex(&mut self, elem: TypeId) -> TypeId {
        self.intern(Type::Complex(elem))
    }
    pub fn record(&mut self, data: RecordData) -> TypeId {
        self.intern(Type::Record(Box::new(data)))
    }
}

impl std::ops::Index<TypeId> for TypeInterner {
    type Output = Type;
    fn index(&self, id: TypeId) -> &Type {
        &self.types[id.index()]
    }
}

impl Type {
    /// The record body, if this is a record.
    pub fn as_record(&self) -> Option<&RecordData> {
        match self {
            Type::Record(r) => Some(r),
            _ => None,
        }
    }
}
