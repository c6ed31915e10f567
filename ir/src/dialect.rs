//! Op definitions, filled at run time: the model the op verifier
//! ([`crate::verify::ops`]) and the token contract ([`crate::verify::tokens`])
//! run on.
//!
//! `ir` knows no dialect by name: the root crate builds a
//! [`DialectRegistry`] from TableGen records (`src/dialects/*.td`, or a
//! user's `--dialect X.td`) and hands it to the verifier. Every kind here
//! mirrors a class of `src/dialects/OpBase.td`.

use crate::context::{AttrData, AttrId, Context, FloatKind, Piece, Signedness, TypeData, TypeId};
use rustc_hash::FxHashMap;

/// Index of an [`OpDef`] in its [`DialectRegistry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OpDefId(u32);

impl OpDefId {
    pub(crate) fn raw(self) -> u32 {
        self.0
    }
    pub(crate) fn from_raw(i: u32) -> OpDefId {
        OpDefId(i)
    }
}

/// The MLIR release whose dialects, syntax and verifier a registry
/// reproduces (`--mlir-compat`). Op definitions of both releases live in one
/// `.td` per dialect; a definition names the releases it belongs to
/// (`mlirSince`/`mlirUntil` in OpBase.td) and the loader keeps those of the
/// registry's release. Rules of the printer, parser and verifier that
/// changed between releases ask [`DialectRegistry::release`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MlirRelease {
    /// LLVM/MLIR 19.1 (the level the first wave made exact).
    V19,
    /// LLVM/MLIR 22.1, the current release and the default.
    #[default]
    V22,
}

impl MlirRelease {
    /// The release's major version number (`19`, `22`).
    pub fn major(self) -> u32 {
        match self {
            MlirRelease::V19 => 19,
            MlirRelease::V22 => 22,
        }
    }
}

/// All known dialects and ops.
#[derive(Debug, Default)]
pub struct DialectRegistry {
    release: MlirRelease,
    dialects: Vec<DialectDef>,
    ops: Vec<OpDef>,
    by_name: FxHashMap<Box<[u8]>, OpDefId>,
}

/// A dialect namespace (`Dialect` in OpBase.td).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DialectDef {
    pub name: Box<str>,
    pub summary: Box<str>,
    /// Ops of this dialect that no definition names are accepted (as
    /// unregistered ops); otherwise the verifier rejects them, as MLIR does
    /// for a dialect without `allowUnknownOperations`.
    pub allow_unknown_ops: bool,
}

/// One op definition (`Op` in OpBase.td).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpDef {
    /// `dialect.mnemonic`.
    pub name: Box<str>,
    pub summary: Box<str>,
    pub operands: Box<[OperandDef]>,
    pub results: Box<[OperandDef]>,
    /// Inherent attributes (MLIR 19 stores them as properties).
    pub attrs: Box<[AttrDef]>,
    /// Indices into `attrs` in name order (the order mlir-opt's generated
    /// verifiers check them); [`DialectRegistry::add_op`] fills it in.
    pub attrs_by_name: Box<[u16]>,
    pub regions: Box<[RegionDef]>,
    pub successors: Box<[SuccessorDef]>,
    pub traits: TraitSet,
    /// The traits in declaration order: their checks run in this order, as
    /// MLIR verifies an op's traits in the order its definition lists them.
    pub trait_order: Box<[Trait]>,
    pub interfaces: InterfaceSet,
    /// `HasParent` / `ParentOneOf`: the allowed parent op names (empty: any).
    pub parents: Box<[Box<str>]>,
    /// `SingleBlockImplicitTerminator`: the op name its regions end with.
    pub implicit_terminator: Option<Box<str>>,
    /// `AllTypesMatch` groups: names of operands, results and typed
    /// attributes that must all have one type.
    pub same_type_groups: Box<[Box<[Box<str>]>]>,
    /// `ElementTypeOf` / `I1SameShapeOf` rules (MLIR's `TypesMatchWith`
    /// with a transformer): the single operand/result `to` has the type
    /// derived from that of `from`.
    pub derived: Box<[DerivedType]>,
    /// How the op is written in the custom (non-generic) syntax.
    pub syntax: OpSyntax,
    /// `defaultDialect`: ops nested in this op's regions may drop this
    /// dialect's prefix (`return` for `func.return` inside `func.func`).
    pub default_dialect: Option<Box<str>>,
}

/// One `ElementTypeOf<from, to, summary>` or `I1SameShapeOf<from, to,
/// summary>` trait.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedType {
    pub from: Box<str>,
    pub to: Box<str>,
    pub how: Derive,
    /// The verifier says "failed to verify that <summary>".
    pub summary: Box<str>,
}

/// How a [`DerivedType`] comes from its source type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Derive {
    /// The element type of a shaped type (`ElementTypeOf`).
    ElementType,
    /// MLIR's `getI1SameShape`: `i1`, or the shaped type with `i1`
    /// elements (`I1SameShapeOf`, comparisons' results).
    I1SameShape,
    /// The same type (`SameTypeAs`).
    Same,
    /// `!llvm.struct<(T, i1)>` of the source type `T`
    /// (`ValAndBoolStructOf`).
    ValAndBoolStruct,
}

/// How an op is written in the custom syntax.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum OpSyntax {
    /// No custom form: always printed generic.
    #[default]
    Generic,
    /// `assemblyFormat`: the declarative format, and its text.
    Format(Box<crate::asm::format::Format>, Box<str>),
    /// `hasCustomAssemblyFormat`: a parser/printer written in Rust,
    /// registered under the op's name (see [`crate::asm::custom`]).
    Custom,
}

/// An operand or result: `TypeConstraint:$name`, maybe `Variadic<>` or
/// `Optional<>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OperandDef {
    pub name: Option<Box<str>>,
    pub constraint: TypeConstraint,
    pub arity: Arity,
    /// MLIR's `VariadicOfVariadic`: the dense i32 array attribute that
    /// splits this variadic group (its elements sum to the group's size).
    pub sizes_attr: Option<Box<str>>,
}

/// How many values an operand/result definition stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Arity {
    Single,
    Optional,
    Variadic,
}

/// A type constraint: what it accepts and how diagnostics name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypeConstraint {
    pub kind: ConstraintKind,
    /// Diagnostics say "must be <summary>" (for variadic ones, the summary
    /// already reads "variadic of ...").
    pub summary: Box<str>,
}

/// What a [`TypeConstraint`] accepts. `kind` strings of OpBase.td in brackets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConstraintKind {
    /// `any`: any type but `token` (tokens must be asked for explicitly).
    Any,
    /// `token`.
    Token,
    /// `any_or_token`.
    AnyOrToken,
    /// `integer`: any integer type (signless, signed or unsigned).
    Integer,
    /// `signless_integer`.
    SignlessInteger,
    /// `signless_integer_or_index`.
    SignlessIntegerOrIndex,
    /// `signless_integer_like`: signless integer or index, or a vector/tensor of them.
    SignlessIntegerLike,
    /// `signless_fixed_width_integer_like`: a signless integer (not index),
    /// or a vector/tensor of them.
    SignlessFixedWidthIntegerLike,
    /// `float`: any builtin float type.
    Float,
    /// `float_like`: a float, or a vector/tensor of floats.
    FloatLike,
    /// `bool_like`: `i1`, or a vector/tensor of `i1`.
    BoolLike,
    /// `index`.
    Index,
    /// `none`.
    None,
    /// `int_width` with param `N`: the signless integer `iN`.
    IntWidth(u32),
    /// `exact` with a builtin scalar type (`f32`, `si8`, `index`, ...).
    Exact(ExactType),
    /// `function`: a builtin function type.
    Function,
    /// `dialect_type` with params `[dialect, mnemonic]`: `!dialect.mnemonic...`
    /// (an empty mnemonic accepts every type of the dialect).
    DialectType {
        dialect: Box<str>,
        mnemonic: Box<str>,
    },
    /// `memref`: a ranked memref.
    MemRef,
    /// `unranked_memref`: an unranked memref.
    UnrankedMemRef,
    /// `ranked_or_unranked_memref`.
    AnyMemRef,
    /// `non0_ranked_or_unranked_memref`: an unranked memref or a ranked one
    /// of rank at least 1.
    Non0RankedOrUnrankedMemRef,
    /// `memref_of` with an `element` constraint: a ranked memref whose
    /// element type satisfies it; `memref_rank_of` (param: the rank) also
    /// fixes its rank.
    MemRefOf(Box<ConstraintKind>, Option<u32>),
    /// `static_shape_memref`: a ranked memref with no dynamic dimension.
    StaticShapeMemRef,
    /// `strided_memref` (optional param: the rank): a ranked memref whose
    /// layout is strided (MLIR's `isStrided`).
    StridedMemRef(Option<u32>),
    /// `any_of`: one of several constraints.
    AnyOf(Box<[ConstraintKind]>),
    /// `llvm_*`: a type constraint of the LLVM dialect ([`crate::llvm`]).
    Llvm(crate::llvm::LlvmConstraint),
    /// `llvm_vector_of` with an `element` constraint: an LLVM-compatible
    /// vector whose element type satisfies it.
    LlvmVectorOf(Box<ConstraintKind>),
}

/// A builtin scalar type named by an `exact` constraint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExactType {
    Integer { width: u32, signedness: Signedness },
    Float(FloatKind),
    Index,
    None,
}

impl ExactType {
    /// Parses `i32`, `si8`, `ui16`, `f32`, `bf16`, `index`, `none`.
    pub fn parse(s: &str) -> Option<ExactType> {
        match s {
            "index" => return Some(ExactType::Index),
            "none" => return Some(ExactType::None),
            _ => {}
        }
        if let Some(k) = FloatKind::from_name(s) {
            return Some(ExactType::Float(k));
        }
        let (signedness, digits) = if let Some(d) = s.strip_prefix("si") {
            (Signedness::Signed, d)
        } else if let Some(d) = s.strip_prefix("ui") {
            (Signedness::Unsigned, d)
        } else {
            (Signedness::Signless, s.strip_prefix('i')?)
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let width = digits.parse().ok()?;
        Some(ExactType::Integer { width, signedness })
    }
}

/// An inherent attribute / property of an op.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AttrDef {
    pub name: Box<str>,
    pub kind: AttrKind,
    /// Diagnostics say "failed to satisfy constraint: <summary>".
    pub summary: Box<str>,
    /// `OptionalAttr<>` / `DefaultValuedAttr<>`: may be absent.
    pub optional: bool,
    /// `DefaultValuedAttr<>`: the default, as MLIR attribute text.
    pub default: Option<Box<str>>,
    /// The custom parser stores `default` when the attribute is absent
    /// (`DefaultValuedAttr`); `DefaultValuedOptionalAttr` only elides it.
    pub fill_default: bool,
    /// `I64EnumAttr`/`I32EnumAttr` case names, one per case value (in
    /// `IntEnum` order):
    /// the keywords a format prints for the enum.
    pub case_names: Box<[Box<str>]>,
    /// `ConfinedAttr<..., [IntMinValue<n>]>` / `IntPositive` /
    /// `IntNonNegative`: the least integer value accepted.
    pub min: Option<i64>,
    /// `ConfinedAttr<..., [IntMaxValue<n>]>`: the greatest.
    pub max: Option<i64>,
    /// `ConfinedAttr<..., [IntPositivePowerOf2]>` (MLIR 22's
    /// `IntValidAlignment`): only powers of two.
    pub power_of_two: bool,
    /// The sizes of a `VariadicOfVariadic` operand group
    /// (`VariadicOfVariadicSizes` in OpBase.td, e.g. MLIR 22's
    /// `op_bundle_sizes`): never printed by `attr-dict`, and set from the
    /// parsed groups (empty when there are none) by the custom parser.
    pub segment_sizes: bool,
}

/// What an [`AttrDef`] accepts. `kind` strings of OpBase.td in brackets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttrKind {
    /// `any`.
    Any,
    /// `unit`.
    Unit,
    /// `bool`.
    Bool,
    /// `string`.
    String,
    /// `symbol_name`: a string attribute naming a symbol (formats print it
    /// as `@name`).
    SymbolName,
    /// `flat_symbol_ref`: `@name`.
    FlatSymbolRef,
    /// `symbol_ref`: `@a` or `@a::@b`.
    SymbolRef,
    /// `type`: any type attribute.
    Type,
    /// `function_type`: a type attribute holding a builtin function type.
    FunctionType,
    /// `memref_type`: a type attribute holding a ranked memref type.
    MemRefType,
    /// `int64`: a 64-bit signless integer attribute.
    Int64,
    /// `int32`: a 32-bit signless integer attribute.
    Int32,
    /// `int8`: an 8-bit signless integer attribute.
    Int8,
    /// `float64`: a 64-bit float attribute (MLIR's `F64Attr`).
    Float64,
    /// `int1`: a 1-bit signless integer attribute (MLIR's `I1Attr`, stored
    /// as any `IntegerAttr`, unlike `BoolAttr`).
    Int1,
    /// `llvm_function_type`: a type attribute holding an `!llvm.func`.
    LlvmFunctionType,
    /// `i64_enum` / `i32_enum`: a signless integer attribute of `width`
    /// bits whose value is one of `cases` (the params).
    IntEnum { width: u32, cases: Box<[i64]> },
    /// `i32_bit_enum`: a bit enum property (MLIR's `EnumProp` of an
    /// `I32BitEnum`), stored as a 32-bit signless integer whose set bits
    /// are all among `cases`' (the case names are the `AttrDef`'s). A
    /// format prints the keywords of the set bits joined by `separator`,
    /// groups first (`printBitEnumPrimaryGroups`), inside
    /// `mnemonic<...>` when there is one (`NamedEnumProp`).
    BitEnum(Box<BitEnum>),
    /// `integer`: any integer attribute.
    Integer,
    /// `index_int`: an integer attribute of type `index` (formats write
    /// the bare number).
    IndexInt,
    /// `array`.
    Array,
    /// `dict_array`: an array of dictionaries.
    DictArray,
    /// `i64_array_array`: an array of arrays of 64-bit signless integers
    /// (MLIR's `IndexListArrayAttr`).
    I64ArrayArray,
    /// `dense_i32_array`: `array<i32: ...>`.
    DenseI32Array,
    /// `dense_i64_array`: `array<i64: ...>`.
    DenseI64Array,
    /// `typed`: an attribute with a type (integer, float, dense, ...).
    Typed,
    /// `affine_map`: `affine_map<...>`.
    AffineMap,
    /// `dialect_attr` with params `[dialect, mnemonic]`: `#dialect.mnemonic<...>`.
    DialectAttr {
        dialect: Box<str>,
        mnemonic: Box<str>,
    },
    /// `dialect_attr_array` with params `[dialect, mnemonic]`: an array
    /// of `#dialect.mnemonic<...>` (MLIR's `TypedArrayAttrBase` of an
    /// attribute class, e.g. the LLVM dialect's TBAA tag arrays).
    DialectAttrArray {
        dialect: Box<str>,
        mnemonic: Box<str>,
    },
}

/// The cases of an [`AttrKind::BitEnum`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BitEnum {
    /// Case values, in declaration order; 0 is the all-bits-unset case.
    pub cases: Box<[u64]>,
    /// Whether each case is a group of bits (`BitEnumCaseGroup`).
    pub groups: Box<[bool]>,
    /// The or of every case.
    pub valid: u64,
    /// Printed between keywords (`|`, `, `); parsing accepts its `|` or
    /// `,` with any spacing.
    pub separator: Box<str>,
    /// `NamedEnumProp`'s mnemonic (`overflow`), or empty.
    pub mnemonic: Box<str>,
}

impl BitEnum {
    /// The keywords of `v` as MLIR's generated `stringifyEnum` writes them
    /// (`printBitEnumPrimaryGroups`): groups in reverse declaration order,
    /// each removing its bits, then single bits in declaration order;
    /// `names[i]` is case `i`'s keyword. `None` when `v` has bits outside
    /// the enum.
    pub fn stringify(&self, names: &[Box<str>], v: u64, out: &mut Vec<u8>) -> Option<()> {
        if v & !self.valid != 0 {
            return None;
        }
        if v == 0 {
            let i = self.cases.iter().position(|&c| c == 0)?;
            out.extend_from_slice(names.get(i)?.as_bytes());
            return Some(());
        }
        let mut rest = v;
        let mut first = true;
        let mut push = |out: &mut Vec<u8>, i: usize| {
            if !first {
                out.extend_from_slice(self.separator.as_bytes());
            }
            first = false;
            if let Some(n) = names.get(i) {
                out.extend_from_slice(n.as_bytes());
            }
        };
        for i in (0..self.cases.len()).rev() {
            let c = self.cases[i];
            if c != 0 && self.groups[i] && rest & c == c {
                push(out, i);
                rest &= !c;
            }
        }
        for i in 0..self.cases.len() {
            let c = self.cases[i];
            if c != 0 && !self.groups[i] && rest & c == c {
                push(out, i);
            }
        }
        Some(())
    }
}

/// A region: `RegionConstraint:$name`, maybe `VariadicRegion<>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionDef {
    pub name: Option<Box<str>>,
    pub kind: RegionKind,
    pub summary: Box<str>,
    pub variadic: bool,
}

/// What a [`RegionDef`] accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RegionKind {
    /// `any`.
    Any,
    /// `sized1`: exactly one block.
    Sized1,
    /// `max_sized1`: at most one block.
    MaxSized1,
}

/// A successor: `AnySuccessor:$name`, maybe `VariadicSuccessor<>`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuccessorDef {
    pub name: Option<Box<str>>,
    pub variadic: bool,
}

macro_rules! flag_enum {
    ($(#[$m:meta])* $set:ident, $enm:ident { $($v:ident),* $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum $enm { $($v),* }

        impl $enm {
            pub const ALL: &'static [$enm] = &[$($enm::$v),*];
            /// The name OpBase.td gives it.
            pub fn name(self) -> &'static str {
                match self { $($enm::$v => stringify!($v)),* }
            }
            pub fn from_name(s: &str) -> Option<$enm> {
                Self::ALL.iter().copied().find(|x| x.name() == s)
            }
        }

        /// A compact set (one bit each).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
        pub struct $set(u32);

        impl $set {
            pub fn contains(self, x: $enm) -> bool {
                self.0 & (1 << x as u32) != 0
            }
            pub fn insert(&mut self, x: $enm) {
                self.0 |= 1 << x as u32;
            }
            pub fn iter(self) -> impl Iterator<Item = $enm> {
                $enm::ALL.iter().copied().filter(move |&x| self.contains(x))
            }
        }
    };
}

flag_enum!(
    /// The traits the verifier knows (OpBase.td `Trait`s).
    TraitSet, Trait {
        Terminator,
        NoTerminator,
        SingleBlock,
        IsolatedFromAbove,
        Symbol,
        SymbolTable,
        SameOperandsAndResultType,
        SameTypeOperands,
        GraphRegion,
        AttrSizedOperandSegments,
        Pure,
        ConstantLike,
        Commutative,
        HasParent,
        ParentOneOf,
        AllTypesMatch,
        SingleBlockImplicitTerminator,
        NoRegionArguments,
        ProducesToken,
        ConsumesToken,
        ElementTypeOf,
        SameOperandsElementType,
        SameOperandsAndResultElementType,
        I1SameShapeOf,
        SameTypeAs,
        ValAndBoolStructOf,
        SameOperandsAndResultShape,
        Elementwise,
        AutomaticAllocationScope,
        InferResultsFromOperands,
        CastOpInterface,
    }
);

flag_enum!(
    /// The interfaces the token contract is keyed on (OpBase.td `Interface`s).
    InterfaceSet, Interface {
        CallOpInterface,
        FunctionOpInterface,
        BranchOpInterface,
        WeightedBranchOpInterface,
        RegionBranchOpInterface,
        RegionBranchTerminatorOpInterface,
        SelectLikeOpInterface,
        ReturnLike,
    }
);

const _: () = assert!(Trait::CastOpInterface as u32 <= 31);
const _: () = assert!(Interface::ReturnLike as u32 <= 31);

impl DialectRegistry {
    pub fn new() -> DialectRegistry {
        DialectRegistry::default()
    }

    /// An empty registry for `release`.
    pub fn for_release(release: MlirRelease) -> DialectRegistry {
        DialectRegistry {
            release,
            ..DialectRegistry::default()
        }
    }

    /// The MLIR release this registry reproduces.
    pub fn release(&self) -> MlirRelease {
        self.release
    }

    /// Adds a dialect; a second one with the same name is ignored.
    pub fn add_dialect(&mut self, d: DialectDef) {
        if !self.dialects.iter().any(|x| x.name == d.name) {
            self.dialects.push(d);
        }
    }

    /// Adds an op definition. A definition with the same name replaces the
    /// earlier one (a user's `--dialect` file may redefine an op).
    pub fn add_op(&mut self, mut def: OpDef) -> OpDefId {
        let mut order: Vec<u16> = (0..def.attrs.len() as u16).collect();
        order.sort_by(|&a, &b| def.attrs[a as usize].name.cmp(&def.attrs[b as usize].name));
        def.attrs_by_name = order.into();
        let key: Box<[u8]> = def.name.as_bytes().into();
        if let Some(&id) = self.by_name.get(&key) {
            self.ops[id.0 as usize] = def;
            return id;
        }
        let id = OpDefId(self.ops.len() as u32);
        self.ops.push(def);
        self.by_name.insert(key, id);
        id
    }

    /// Moves every dialect and op of `other` into `self` (later wins).
    pub fn extend(&mut self, other: DialectRegistry) {
        for d in other.dialects {
            self.add_dialect(d);
        }
        for op in other.ops {
            self.add_op(op);
        }
    }

    pub fn lookup(&self, name: &[u8]) -> Option<OpDefId> {
        self.by_name.get(name).copied()
    }
    pub fn get(&self, name: &[u8]) -> Option<&OpDef> {
        self.lookup(name).map(|id| &self[id])
    }
    pub fn dialects(&self) -> &[DialectDef] {
        &self.dialects
    }
    pub fn ops(&self) -> &[OpDef] {
        &self.ops
    }
    /// The dialect named `name`, if loaded.
    pub fn dialect(&self, name: &[u8]) -> Option<&DialectDef> {
        self.dialects.iter().find(|d| d.name.as_bytes() == name)
    }
    pub fn has_dialect(&self, name: &[u8]) -> bool {
        self.dialects.iter().any(|d| d.name.as_bytes() == name)
    }
}

impl std::ops::Index<OpDefId> for DialectRegistry {
    type Output = OpDef;
    fn index(&self, i: OpDefId) -> &OpDef {
        &self.ops[i.0 as usize]
    }
}

impl OpDef {
    /// An op with nothing declared (builder base for tests and loaders).
    pub fn new(name: &str) -> OpDef {
        OpDef {
            name: name.into(),
            summary: "".into(),
            operands: Box::new([]),
            results: Box::new([]),
            attrs: Box::new([]),
            attrs_by_name: Box::new([]),
            regions: Box::new([]),
            successors: Box::new([]),
            traits: TraitSet::default(),
            trait_order: Box::new([]),
            interfaces: InterfaceSet::default(),
            parents: Box::new([]),
            same_type_groups: Box::new([]),
            derived: Box::new([]),
            implicit_terminator: None,
            syntax: OpSyntax::Generic,
            default_dialect: None,
        }
    }
    /// Adds a trait (after those already there).
    pub fn add_trait(&mut self, t: Trait) {
        if !self.traits.contains(t) {
            self.traits.insert(t);
            let mut order = std::mem::take(&mut self.trait_order).into_vec();
            order.push(t);
            self.trait_order = order.into();
        }
    }
    pub fn has(&self, t: Trait) -> bool {
        self.traits.contains(t)
    }
    pub fn implements(&self, i: Interface) -> bool {
        self.interfaces.contains(i)
    }
    /// Names of the inherent attributes (what MLIR 19 keeps in properties),
    /// `operandSegmentSizes` included for `AttrSizedOperandSegments` ops, in
    /// name order: what a parser moves from the attribute dictionary into
    /// the properties of a registered op.
    pub fn inherent_attr_names(&self) -> Vec<&str> {
        let mut res: Vec<&str> = self.attrs.iter().map(|a| &*a.name).collect();
        if self.has(Trait::AttrSizedOperandSegments) {
            res.push("operandSegmentSizes");
        }
        res.sort_unstable();
        res.dedup();
        res
    }
    pub fn attr(&self, name: &[u8]) -> Option<&AttrDef> {
        self.attrs.iter().find(|a| a.name.as_bytes() == name)
    }
}

impl ConstraintKind {
    /// True if `ty` satisfies the constraint.
    pub fn accepts(&self, ctx: &Context, ty: TypeId) -> bool {
        let data = ctx.type_data(ty);
        match self {
            ConstraintKind::Any => !matches!(data, TypeData::Token),
            ConstraintKind::Token => matches!(data, TypeData::Token),
            ConstraintKind::AnyOrToken => true,
            ConstraintKind::Integer => matches!(data, TypeData::Integer { .. }),
            ConstraintKind::SignlessInteger => is_signless_int(data),
            ConstraintKind::SignlessIntegerOrIndex => {
                is_signless_int(data) || matches!(data, TypeData::Index)
            }
            ConstraintKind::SignlessIntegerLike => like(ctx, data, &|d| {
                is_signless_int(d) || matches!(d, TypeData::Index)
            }),
            ConstraintKind::SignlessFixedWidthIntegerLike => like(ctx, data, &is_signless_int),
            ConstraintKind::Float => matches!(data, TypeData::Float(_)),
            ConstraintKind::FloatLike => like(ctx, data, &|d| matches!(d, TypeData::Float(_))),
            ConstraintKind::BoolLike => like(ctx, data, &|d| {
                matches!(
                    d,
                    TypeData::Integer {
                        width: 1,
                        signedness: Signedness::Signless
                    }
                )
            }),
            ConstraintKind::Index => matches!(data, TypeData::Index),
            ConstraintKind::None => matches!(data, TypeData::None),
            ConstraintKind::IntWidth(w) => matches!(
                data,
                TypeData::Integer { width, signedness: Signedness::Signless } if width == w
            ),
            ConstraintKind::Exact(e) => match (e, data) {
                (
                    ExactType::Integer { width, signedness },
                    TypeData::Integer {
                        width: w,
                        signedness: s,
                    },
                ) => width == w && signedness == s,
                (ExactType::Float(k), TypeData::Float(f)) => k == f,
                (ExactType::Index, TypeData::Index) => true,
                (ExactType::None, TypeData::None) => true,
                _ => false,
            },
            ConstraintKind::Function => matches!(data, TypeData::Function { .. }),
            ConstraintKind::DialectType { dialect, mnemonic } => match data {
                TypeData::Dialect { dialect: d, body } => {
                    ctx.bytes(*d) == dialect.as_bytes()
                        && (mnemonic.is_empty() || body_has_mnemonic(ctx, body, mnemonic))
                }
                _ => false,
            },
            ConstraintKind::MemRef => matches!(data, TypeData::MemRef { .. }),
            ConstraintKind::UnrankedMemRef => matches!(data, TypeData::UnrankedMemRef { .. }),
            ConstraintKind::AnyMemRef => {
                matches!(
                    data,
                    TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. }
                )
            }
            ConstraintKind::Non0RankedOrUnrankedMemRef => match data {
                TypeData::MemRef { shape, .. } => !shape.is_empty(),
                TypeData::UnrankedMemRef { .. } => true,
                _ => false,
            },
            ConstraintKind::StaticShapeMemRef => match data {
                TypeData::MemRef { shape, .. } => shape.iter().all(|&d| d >= 0),
                _ => false,
            },
            ConstraintKind::StridedMemRef(rank) => match data {
                TypeData::MemRef { shape, layout, .. } => {
                    rank.is_none_or(|r| shape.len() == r as usize)
                        && layout.is_none_or(|l| is_strided_layout(ctx, l))
                }
                _ => false,
            },
            ConstraintKind::MemRefOf(elem, rank) => match data {
                TypeData::MemRef { elem: e, shape, .. } => {
                    rank.is_none_or(|r| shape.len() == r as usize) && elem.accepts(ctx, *e)
                }
                _ => false,
            },
            ConstraintKind::AnyOf(alts) => alts.iter().any(|k| k.accepts(ctx, ty)),
            ConstraintKind::Llvm(c) => c.accepts(ctx, ty),
            ConstraintKind::LlvmVectorOf(elem) => {
                crate::llvm::is_compatible_vector(ctx, ty)
                    && match crate::llvm::vector_elem(ctx, ty) {
                        Some(crate::llvm::VectorElem::Builtin(e)) => elem.accepts(ctx, e),
                        // `!llvm.vec<N x ptr>`: the only elements builtin
                        // vectors cannot hold are pointers.
                        Some(crate::llvm::VectorElem::Text(t)) => {
                            t.starts_with(b"ptr")
                                && **elem
                                    == ConstraintKind::Llvm(crate::llvm::LlvmConstraint::Pointer)
                        }
                        None => false,
                    }
            }
        }
    }
}

fn is_signless_int(d: &TypeData) -> bool {
    matches!(
        d,
        TypeData::Integer {
            signedness: Signedness::Signless,
            ..
        }
    )
}

/// The scalar, or the element type of a vector/tensor, satisfies `f`
/// (MLIR's `...Like` constraints).
fn like(ctx: &Context, d: &TypeData, f: &dyn Fn(&TypeData) -> bool) -> bool {
    match d {
        TypeData::Vector { elem, .. }
        | TypeData::RankedTensor { elem, .. }
        | TypeData::UnrankedTensor { elem } => f(ctx.type_data(*elem)),
        _ => f(d),
    }
}

/// `.mnemonic` followed by `<` or the end of the body.
pub(crate) fn body_has_mnemonic(ctx: &Context, body: &[Piece], mnemonic: &str) -> bool {
    let Some(Piece::Text(first)) = body.first() else {
        return false;
    };
    let text = ctx.bytes(*first);
    // `<mnemonic ...>`: the opaque form (an enum attribute's).
    if let Some(rest) = text.strip_prefix(b"<") {
        return rest
            .strip_prefix(mnemonic.as_bytes())
            .is_some_and(|r| r.first() == Some(&b' '));
    }
    let Some(rest) = text.strip_prefix(b".") else {
        return false;
    };
    let Some(after) = rest.strip_prefix(mnemonic.as_bytes()) else {
        return false;
    };
    match after.first() {
        None => true,
        Some(&c) => !(c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$'),
    }
}

/// Whether a memref layout is strided: a `strided<...>` attribute, or an
/// affine map that is the identity or a strided linear form.
fn is_strided_layout(ctx: &Context, layout: AttrId) -> bool {
    match ctx.attr_data(layout) {
        AttrData::Strided(_) => true,
        AttrData::AffineMap(text) => crate::affine::AffineMap::parse(&ctx.str(*text))
            .is_some_and(|m| m.is_identity() || m.strides_and_offset().is_some()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_type_names() {
        assert_eq!(
            ExactType::parse("si8"),
            Some(ExactType::Integer {
                width: 8,
                signedness: Signedness::Signed
            })
        );
        assert_eq!(
            ExactType::parse("f32"),
            Some(ExactType::Float(FloatKind::F32))
        );
        assert_eq!(ExactType::parse("index"), Some(ExactType::Index));
        assert_eq!(ExactType::parse("i"), None);
        assert_eq!(ExactType::parse("i3x"), None);
        assert_eq!(ExactType::parse("tensor"), None);
    }

    #[test]
    fn trait_sets() {
        let mut s = TraitSet::default();
        s.insert(Trait::Terminator);
        s.insert(Trait::ParentOneOf);
        assert!(s.contains(Trait::Terminator) && !s.contains(Trait::Pure));
        assert_eq!(
            s.iter().collect::<Vec<_>>(),
            [Trait::Terminator, Trait::ParentOneOf]
        );
        assert_eq!(Trait::from_name("SingleBlock"), Some(Trait::SingleBlock));
        assert_eq!(Interface::from_name("Terminator"), None);
    }

    #[test]
    fn registry_redefinition_replaces() {
        let mut r = DialectRegistry::new();
        let a = r.add_op(OpDef::new("t.a"));
        let mut b = OpDef::new("t.a");
        b.summary = "second".into();
        assert_eq!(r.add_op(b), a);
        assert_eq!(&*r[a].summary, "second");
        assert!(r.get(b"t.b").is_none());
    }
}
