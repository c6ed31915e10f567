//! The [`Context`]: uniqued types, attributes and strings.
//!
//! Types and attributes are hash-consed: structurally equal values get the
//! same [`TypeId`] / [`AttrId`], so equality is a `u32` comparison. Only the
//! context creates ids.

use crate::intern::{Interner, StrInterner};

/// An interned byte string (identifier, string attribute contents, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sym(pub(crate) u32);

/// A uniqued type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

/// A uniqued attribute (locations are attributes too).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AttrId(u32);

impl TypeId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
impl AttrId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Signedness of an integer type (`iN`, `siN`, `uiN`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signedness {
    Signless,
    Signed,
    Unsigned,
}

/// The builtin floating-point kinds.
///
/// The small formats MLIR 20 added (`f4E2M1FN`, `f6E2M3FN`, `f6E3M2FN`,
/// `f8E3M4`, `f8E8M0FNU`) exist only from MLIR 22 on (see
/// [`FloatKind::mlir_since`]); at 19 their names are no type at all.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatKind {
    F4E2M1FN,
    F6E2M3FN,
    F6E3M2FN,
    F8E3M4,
    F8E8M0FNU,
    F8E5M2,
    F8E4M3,
    F8E4M3FN,
    F8E5M2FNUZ,
    F8E4M3FNUZ,
    F8E4M3B11FNUZ,
    BF16,
    F16,
    TF32,
    F32,
    F64,
    F80,
    F128,
}

impl FloatKind {
    pub const ALL: [FloatKind; 18] = [
        FloatKind::F4E2M1FN,
        FloatKind::F6E2M3FN,
        FloatKind::F6E3M2FN,
        FloatKind::F8E3M4,
        FloatKind::F8E8M0FNU,
        FloatKind::F8E5M2,
        FloatKind::F8E4M3,
        FloatKind::F8E4M3FN,
        FloatKind::F8E5M2FNUZ,
        FloatKind::F8E4M3FNUZ,
        FloatKind::F8E4M3B11FNUZ,
        FloatKind::BF16,
        FloatKind::F16,
        FloatKind::TF32,
        FloatKind::F32,
        FloatKind::F64,
        FloatKind::F80,
        FloatKind::F128,
    ];
    pub fn name(self) -> &'static str {
        match self {
            FloatKind::F4E2M1FN => "f4E2M1FN",
            FloatKind::F6E2M3FN => "f6E2M3FN",
            FloatKind::F6E3M2FN => "f6E3M2FN",
            FloatKind::F8E3M4 => "f8E3M4",
            FloatKind::F8E8M0FNU => "f8E8M0FNU",
            FloatKind::F8E5M2 => "f8E5M2",
            FloatKind::F8E4M3 => "f8E4M3",
            FloatKind::F8E4M3FN => "f8E4M3FN",
            FloatKind::F8E5M2FNUZ => "f8E5M2FNUZ",
            FloatKind::F8E4M3FNUZ => "f8E4M3FNUZ",
            FloatKind::F8E4M3B11FNUZ => "f8E4M3B11FNUZ",
            FloatKind::BF16 => "bf16",
            FloatKind::F16 => "f16",
            FloatKind::TF32 => "tf32",
            FloatKind::F32 => "f32",
            FloatKind::F64 => "f64",
            FloatKind::F80 => "f80",
            FloatKind::F128 => "f128",
        }
    }
    pub fn from_name(s: &str) -> Option<FloatKind> {
        FloatKind::ALL.into_iter().find(|k| k.name() == s)
    }
    /// The first MLIR release (major version) whose builtin types include
    /// this kind; 0 for the kinds every supported release has.
    pub fn mlir_since(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN
            | FloatKind::F6E2M3FN
            | FloatKind::F6E3M2FN
            | FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU => 22,
            FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ
            | FloatKind::BF16
            | FloatKind::F16
            | FloatKind::TF32
            | FloatKind::F32
            | FloatKind::F64
            | FloatKind::F80
            | FloatKind::F128 => 0,
        }
    }
    /// Storage width in bits.
    pub fn bit_width(self) -> u32 {
        match self {
            FloatKind::F4E2M1FN => 4,
            FloatKind::F6E2M3FN | FloatKind::F6E3M2FN => 6,
            FloatKind::F8E3M4
            | FloatKind::F8E8M0FNU
            | FloatKind::F8E5M2
            | FloatKind::F8E4M3
            | FloatKind::F8E4M3FN
            | FloatKind::F8E5M2FNUZ
            | FloatKind::F8E4M3FNUZ
            | FloatKind::F8E4M3B11FNUZ => 8,
            FloatKind::BF16 | FloatKind::F16 => 16,
            FloatKind::TF32 => 19,
            FloatKind::F32 => 32,
            FloatKind::F64 => 64,
            FloatKind::F80 => 80,
            FloatKind::F128 => 128,
        }
    }
}

/// A piece of an opaque dialect type/attribute body: verbatim text or a
/// nested attribute/type (so aliases inside bodies are resolved and reprinted).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    Text(Sym),
    Attr(AttrId),
    Type(TypeId),
    /// A `<...>` group boundary inside a registered dialect's body: used only
    /// to compute alias depth the way MLIR's nested attributes do.
    Open,
    Close,
}

/// A type. Dimensions use `-1` for `?`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TypeData {
    Integer {
        width: u32,
        signedness: Signedness,
    },
    Index,
    Float(FloatKind),
    None,
    Token,
    Complex(TypeId),
    Tuple(Box<[TypeId]>),
    Vector {
        shape: Box<[i64]>,
        scalable: Box<[bool]>,
        elem: TypeId,
    },
    RankedTensor {
        shape: Box<[i64]>,
        elem: TypeId,
        encoding: Option<AttrId>,
    },
    UnrankedTensor {
        elem: TypeId,
    },
    MemRef {
        shape: Box<[i64]>,
        elem: TypeId,
        layout: Option<AttrId>,
        space: Option<AttrId>,
    },
    UnrankedMemRef {
        elem: TypeId,
        space: Option<AttrId>,
    },
    Function {
        inputs: Box<[TypeId]>,
        results: Box<[TypeId]>,
    },
    /// `!dialect.body` or `!dialect<body>`: `body` is everything after the
    /// namespace, kept verbatim (with nested references resolved).
    Dialect {
        dialect: Sym,
        body: Box<[Piece]>,
    },
}

/// Location attributes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocData {
    Unknown,
    FileLineCol {
        file: Sym,
        line: u32,
        col: u32,
    },
    Name {
        name: Sym,
        child: AttrId,
    },
    CallSite {
        callee: AttrId,
        caller: AttrId,
    },
    Fused {
        metadata: Option<AttrId>,
        locs: Box<[AttrId]>,
    },
}

/// Storage of dense elements.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum DenseData {
    /// Each element as raw bits (integers truncated to their width, floats as
    /// their bit pattern; complex numbers as two consecutive entries).
    /// A single element means a splat.
    Bits(Box<[u128]>),
    /// Integers wider than 128 bits, each as little-endian words.
    Wide(Box<[Box<[u64]>]>),
    Strings(Box<[Sym]>),
}

/// An attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AttrData {
    Unit,
    /// Value truncated to the type's width, as little-endian 64-bit words.
    Integer {
        ty: TypeId,
        words: Box<[u64]>,
    },
    Float {
        ty: TypeId,
        bits: u128,
    },
    String {
        value: Sym,
        ty: Option<TypeId>,
    },
    Array(Box<[AttrId]>),
    /// Sorted by name (byte order), as MLIR's DictionaryAttr keeps it.
    Dict(Box<[(Sym, AttrId)]>),
    Type(TypeId),
    SymbolRef(Box<[Sym]>),
    Dense {
        ty: TypeId,
        data: DenseData,
    },
    DenseArray {
        elem: TypeId,
        values: Box<[u128]>,
    },
    DenseResource {
        ty: TypeId,
        handle: Sym,
    },
    Sparse {
        ty: TypeId,
        indices: AttrId,
        values: AttrId,
    },
    /// `affine_map<...>`, kept verbatim (the text between the brackets).
    AffineMap(Sym),
    /// `affine_set<...>`, kept verbatim.
    IntegerSet(Sym),
    /// `strided<...>`, kept verbatim (whole text).
    Strided(Sym),
    /// `distinct[N]<attr>`: `key` is the id written in the input (identity).
    Distinct {
        key: u64,
        referenced: AttrId,
    },
    Dialect {
        dialect: Sym,
        body: Box<[Piece]>,
    },
    Loc(LocData),
}

/// Owns the uniqued types, attributes and strings.
#[derive(Debug)]
pub struct Context {
    strs: StrInterner,
    types: Interner<TypeData>,
    attrs: Interner<AttrData>,
    unknown_loc: AttrId,
    unit: AttrId,
    empty_dict: AttrId,
}

impl Default for Context {
    fn default() -> Self {
        Context::new()
    }
}

impl Context {
    pub fn new() -> Context {
        let mut c = Context {
            strs: StrInterner::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            unknown_loc: AttrId(0),
            unit: AttrId(0),
            empty_dict: AttrId(0),
        };
        c.unknown_loc = c.attr(AttrData::Loc(LocData::Unknown));
        c.unit = c.attr(AttrData::Unit);
        c.empty_dict = c.attr(AttrData::Dict(Box::new([])));
        c
    }
    pub fn sym(&mut self, s: &[u8]) -> Sym {
        Sym(self.strs.intern(s))
    }
    pub fn sym_str(&mut self, s: &str) -> Sym {
        self.sym(s.as_bytes())
    }
    pub fn bytes(&self, s: Sym) -> &[u8] {
        self.strs.get(s.0)
    }
    /// The string, lossily decoded (for diagnostics and identifiers).
    pub fn str(&self, s: Sym) -> std::borrow::Cow<'_, str> {
        String::from_utf8_lossy(self.bytes(s))
    }
    pub fn ty(&mut self, t: TypeData) -> TypeId {
        TypeId(self.types.intern(t))
    }
    pub fn attr(&mut self, a: AttrData) -> AttrId {
        let h = match &a {
            AttrData::Dict(entries) => dict_hash(entries),
            _ => crate::intern::hash_of(&a),
        };
        AttrId(self.attrs.intern_hashed(h, a))
    }
    /// The element type of a shaped type (vector, tensor, memref).
    pub fn element_type(&self, t: TypeId) -> Option<TypeId> {
        match self.type_data(t) {
            TypeData::Vector { elem, .. }
            | TypeData::RankedTensor { elem, .. }
            | TypeData::UnrankedTensor { elem }
            | TypeData::MemRef { elem, .. }
            | TypeData::UnrankedMemRef { elem, .. } => Some(*elem),
            _ => None,
        }
    }
    pub fn type_data(&self, t: TypeId) -> &TypeData {
        self.types.get(t.0)
    }
    pub fn attr_data(&self, a: AttrId) -> &AttrData {
        self.attrs.get(a.0)
    }
    pub fn num_types(&self) -> usize {
        self.types.len()
    }
    pub fn num_attrs(&self) -> usize {
        self.attrs.len()
    }
    pub fn unknown_loc(&self) -> AttrId {
        self.unknown_loc
    }
    pub fn unit_attr(&self) -> AttrId {
        self.unit
    }
    pub fn empty_dict(&self) -> AttrId {
        self.empty_dict
    }
    pub fn int_type(&mut self, width: u32) -> TypeId {
        self.ty(TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        })
    }
    pub fn float_type(&mut self, k: FloatKind) -> TypeId {
        self.ty(TypeData::Float(k))
    }
    pub fn function_type(&mut self, inputs: &[TypeId], results: &[TypeId]) -> TypeId {
        self.ty(TypeData::Function {
            inputs: inputs.into(),
            results: results.into(),
        })
    }
    pub fn string_attr(&mut self, s: &[u8]) -> AttrId {
        let value = self.sym(s);
        self.attr(AttrData::String { value, ty: None })
    }
    /// A dictionary attribute; entries are sorted by name. Returns the index
    /// of a duplicate name if there is one.
    pub fn dict_attr(&mut self, mut entries: Vec<(Sym, AttrId)>) -> Result<AttrId, Sym> {
        self.dict_attr_in(&mut entries)
    }
    /// [`Context::dict_attr`] from a scratch buffer, which is left sorted:
    /// a dictionary already made costs no allocation.
    pub fn dict_attr_in(&mut self, entries: &mut [(Sym, AttrId)]) -> Result<AttrId, Sym> {
        if entries.len() > 1 {
            entries.sort_by(|a, b| self.bytes(a.0).cmp(self.bytes(b.0)));
        }
        for w in entries.windows(2) {
            if w[0].0 == w[1].0 {
                return Err(w[0].0);
            }
        }
        let h = dict_hash(entries);
        let found = self
            .attrs
            .find_hashed(h, |a| matches!(a, AttrData::Dict(e) if **e == *entries));
        if let Some(i) = found {
            return Ok(AttrId(i));
        }
        Ok(AttrId(
            self.attrs.intern_hashed(h, AttrData::Dict(entries.into())),
        ))
    }
    /// Looks up `name` in a dictionary attribute.
    pub fn dict_get(&self, dict: AttrId, name: &[u8]) -> Option<AttrId> {
        match self.attr_data(dict) {
            AttrData::Dict(entries) => entries
                .iter()
                .find(|(k, _)| self.bytes(*k) == name)
                .map(|(_, v)| *v),
            _ => None,
        }
    }
    pub fn is_token(&self, t: TypeId) -> bool {
        matches!(self.type_data(t), TypeData::Token)
    }
    /// The integer width of a signless/signed/unsigned integer type.
    pub fn int_width(&self, t: TypeId) -> Option<(u32, Signedness)> {
        match self.type_data(t) {
            TypeData::Integer { width, signedness } => Some((*width, *signedness)),
            _ => None,
        }
    }
}

/// The interning hash of a dictionary attribute: its entries alone (so a
/// lookup needs no `AttrData` built), tagged apart from other attributes.
fn dict_hash(entries: &[(Sym, AttrId)]) -> u64 {
    crate::intern::hash_of(&(0x6469_6374u32, entries))
}
