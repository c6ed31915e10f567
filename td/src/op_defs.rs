//! `--gen-op-defs`: Rust op definitions from ODS-like records (the classes
//! of irkit's `OpBase.td`).
//!
//! For every record deriving from `Op`, in definition order, the backend
//! emits a typed wrapper (`pub struct CallOp(pub rt::OpId)`) with a static
//! description of the op (`CallOp::INFO`: operands, results, attributes,
//! regions, successors, traits, interfaces) and one accessor per dag
//! argument. Wrappers are grouped in one module per dialect; the file ends
//! with tables of every dialect and op and a `lookup` by op name.
//!
//! The generated code names its support library `rt` and expects the
//! including module to provide it (`irkit::ops::rt`): a module `rt` in scope
//! at the include site, re-exporting the IR handles (`Module`, `OpId`,
//! `ValueId`, `BlockId`, `RegionId`, `AttrId`, `TypeId`, `Sym`, `Arity`,
//! `Trait`, `Interface`), the info structs and the accessor helpers.
//!
//! **Architecture invariant:** the backend knows records and nothing of the
//! IR; what it accepts (trait, interface and constraint kind names) is listed
//! here and checked against the IR crate by the root crate's tests. A bad
//! definition is a diagnostic at the record, never a panic; nothing is
//! emitted when there is one.

use crate::model::{Ctx, Init, InitId, RecId, RecKind};
use irkit_diag::{Diagnostic, FileId, Loc, SourceMap};
use std::fmt::Write as _;

/// Trait names the verifier knows (`irkit_ir::dialect::Trait`).
pub const TRAITS: &[&str] = &[
    "Terminator",
    "NoTerminator",
    "SingleBlock",
    "IsolatedFromAbove",
    "Symbol",
    "SymbolTable",
    "SameOperandsAndResultType",
    "SameTypeOperands",
    "GraphRegion",
    "AttrSizedOperandSegments",
    "Pure",
    "ConstantLike",
    "Commutative",
    "HasParent",
    "ParentOneOf",
    "AllTypesMatch",
    "SingleBlockImplicitTerminator",
    "NoRegionArguments",
    "ProducesToken",
    "ConsumesToken",
    "ElementTypeOf",
    "SameOperandsElementType",
    "SameOperandsAndResultElementType",
    "I1SameShapeOf",
    "SameTypeAs",
    "ValAndBoolStructOf",
    "SameOperandsAndResultShape",
    "Elementwise",
    "AutomaticAllocationScope",
    "InferResultsFromOperands",
    "CastOpInterface",
];

/// Interface names the token contract knows (`irkit_ir::dialect::Interface`).
pub const INTERFACES: &[&str] = &[
    "CallOpInterface",
    "FunctionOpInterface",
    "BranchOpInterface",
    "WeightedBranchOpInterface",
    "RegionBranchOpInterface",
    "RegionBranchTerminatorOpInterface",
    "SelectLikeOpInterface",
    "ReturnLike",
];

/// Type constraint kinds and how many params each takes (`None`: the
/// `alternatives` of `any_of` instead).
pub const TYPE_KINDS: &[(&str, Option<usize>)] = &[
    ("any", Some(0)),
    ("token", Some(0)),
    ("any_or_token", Some(0)),
    ("integer", Some(0)),
    ("signless_integer", Some(0)),
    ("signless_integer_or_index", Some(0)),
    ("signless_integer_like", Some(0)),
    ("signless_fixed_width_integer_like", Some(0)),
    ("float", Some(0)),
    ("float_like", Some(0)),
    ("bool_like", Some(0)),
    ("index", Some(0)),
    ("none", Some(0)),
    ("function", Some(0)),
    ("int_width", Some(1)),
    ("exact", Some(1)),
    ("dialect_type", Some(2)),
    ("memref", Some(0)),
    ("unranked_memref", Some(0)),
    ("ranked_or_unranked_memref", Some(0)),
    ("non0_ranked_or_unranked_memref", Some(0)),
    ("memref_of", Some(0)),
    ("memref_rank_of", Some(1)),
    ("static_shape_memref", Some(0)),
    ("strided_memref", Some(0)),
    ("strided_memref_rank", Some(1)),
    ("any_of", None),
    // The LLVM dialect's (ir/src/llvm.rs decodes them).
    ("llvm_type", Some(0)),
    ("llvm_primitive", Some(0)),
    ("llvm_loadable", Some(0)),
    ("llvm_pointer", Some(0)),
    ("llvm_aggregate", Some(0)),
    ("llvm_non_aggregate", Some(0)),
    ("llvm_float", Some(0)),
    ("llvm_vector", Some(0)),
    ("llvm_struct", Some(0)),
    ("llvm_function", Some(0)),
    ("llvm_default_pointer", Some(0)),
    ("llvm_token", Some(0)),
    ("llvm_vector_of", Some(0)),
];

/// Attribute kinds, and the typed accessor each gets (see [`AttrAccess`]).
pub const ATTR_KINDS: &[&str] = &[
    "any",
    "unit",
    "bool",
    "string",
    "symbol_name",
    "flat_symbol_ref",
    "symbol_ref",
    "type",
    "function_type",
    "memref_type",
    "int64",
    "int32",
    "int1",
    "int8",
    "float64",
    "llvm_function_type",
    "i64_enum",
    "i32_enum",
    "integer",
    "index_int",
    "array",
    "dict_array",
    "i64_array_array",
    "dense_i32_array",
    "dense_i64_array",
    "typed",
    "dialect_attr",
    "affine_map",
    "dialect_attr_array",
];

/// Region constraint kinds.
pub const REGION_KINDS: &[&str] = &["any", "sized1", "max_sized1"];

/// Nesting limit for `AnyTypeOf` alternatives.
const MAX_DEPTH: usize = 64;

/// Generates the Rust op definitions of every `Op` record into `out`.
/// Returns the diagnostics; when there is one, `out` is left untouched.
pub fn gen_op_defs(cx: &Ctx, map: &SourceMap, root: FileId, out: &mut String) -> Vec<Diagnostic> {
    let mut g = Gen {
        cx,
        classes: Classes::new(cx),
        diags: Vec::new(),
    };
    let (dialects, ops) = g.collect();
    if !g.diags.is_empty() {
        return g.diags;
    }
    let name = map.file(root).name();
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    emit(out, base, &dialects, &ops);
    Vec::new()
}

// ------------------------------------------------------------------ model

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Arity {
    Single,
    Optional,
    Variadic,
}

impl Arity {
    fn rust(self) -> &'static str {
        match self {
            Arity::Single => "rt::Arity::Single",
            Arity::Optional => "rt::Arity::Optional",
            Arity::Variadic => "rt::Arity::Variadic",
        }
    }
    fn word(self) -> &'static str {
        match self {
            Arity::Single => "",
            Arity::Optional => "optional ",
            Arity::Variadic => "variadic ",
        }
    }
}

/// An operand or result.
struct ValueDef<'a> {
    name: Option<&'a str>,
    arity: Arity,
    kind: &'a str,
    params: Vec<&'a str>,
    summary: &'a str,
}

/// How an attribute's typed accessor reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AttrAccess {
    /// `Option<rt::AttrId>` only.
    Raw,
    /// Present or not: `bool`.
    Unit,
    Bool,
    Str,
    FlatSymbol,
    SymbolPath,
    Type,
    Int,
    Elements,
}

impl AttrAccess {
    fn of(kind: &str) -> AttrAccess {
        match kind {
            "unit" => AttrAccess::Unit,
            "bool" => AttrAccess::Bool,
            "string" | "symbol_name" => AttrAccess::Str,
            "flat_symbol_ref" => AttrAccess::FlatSymbol,
            "symbol_ref" => AttrAccess::SymbolPath,
            "type" | "function_type" | "memref_type" | "llvm_function_type" => AttrAccess::Type,
            "int64" | "int32" | "int8" | "int1" | "i64_enum" | "i32_enum" => AttrAccess::Int,
            "array" | "dict_array" | "i64_array_array" | "dialect_attr_array" => {
                AttrAccess::Elements
            }
            _ => AttrAccess::Raw,
        }
    }
    /// Return type, helper and doc sentence of the typed accessor.
    fn typed(self) -> Option<(&'static str, &'static str, &'static str)> {
        Some(match self {
            AttrAccess::Raw => return None,
            AttrAccess::Unit => ("bool", "rt::unit", "whether it is present"),
            AttrAccess::Bool => ("Option<bool>", "rt::bool_value", "its value"),
            AttrAccess::Str => (
                "Option<rt::Sym>",
                "rt::string",
                "the string (spell it with `m.ctx.str`)",
            ),
            AttrAccess::FlatSymbol => (
                "Option<rt::Sym>",
                "rt::flat_symbol",
                "the referenced symbol's name",
            ),
            AttrAccess::SymbolPath => (
                "Option<&[rt::Sym]>",
                "rt::symbol_path",
                "the symbol path (root first)",
            ),
            AttrAccess::Type => ("Option<rt::TypeId>", "rt::type_value", "the type"),
            AttrAccess::Int => ("Option<i64>", "rt::int_value", "the integer value"),
            AttrAccess::Elements => ("Option<&[rt::AttrId]>", "rt::elements", "the elements"),
        })
    }
}

/// An inherent attribute (MLIR 19 keeps them in properties).
struct AttrDef<'a> {
    name: &'a str,
    kind: &'a str,
    params: Vec<&'a str>,
    summary: &'a str,
    optional: bool,
    default: Option<&'a str>,
}

struct RegionDef<'a> {
    name: Option<&'a str>,
    kind: &'a str,
    summary: &'a str,
    variadic: bool,
}

struct SuccessorDef<'a> {
    name: Option<&'a str>,
    summary: &'a str,
    variadic: bool,
}

struct DialectDef<'a> {
    name: &'a str,
    summary: &'a str,
    module: String,
}

struct OpDef<'a> {
    record: String,
    dialect: usize,
    name: String,
    strukt: String,
    summary: &'a str,
    description: &'a str,
    operands: Vec<ValueDef<'a>>,
    results: Vec<ValueDef<'a>>,
    attrs: Vec<AttrDef<'a>>,
    regions: Vec<RegionDef<'a>>,
    successors: Vec<SuccessorDef<'a>>,
    traits: Vec<&'a str>,
    interfaces: Vec<&'a str>,
    parents: Vec<&'a str>,
    implicit_terminator: Option<&'a str>,
    same_type_groups: Vec<Vec<&'a str>>,
    extra: Option<&'a str>,
    /// `assemblyFormat` (unset or blank: none).
    assembly_format: Option<&'a str>,
    has_custom_assembly_format: bool,
    /// `defaultDialect` (empty: none).
    default_dialect: &'a str,
}

/// The classes of OpBase.td the backend reads, by id (absent ones match
/// nothing).
struct Classes {
    op: Option<RecId>,
    dialect: Option<RecId>,
    type_constraint: Option<RecId>,
    attr: Option<RecId>,
    region: Option<RecId>,
    successor: Option<RecId>,
    trait_: Option<RecId>,
    variadic: Option<RecId>,
    optional: Option<RecId>,
    variadic_region: Option<RecId>,
    variadic_successor: Option<RecId>,
}

impl Classes {
    fn new(cx: &Ctx) -> Classes {
        let c = |n: &str| cx.strs.get(n).and_then(|y| cx.classes.get(&y).copied());
        Classes {
            op: c("Op"),
            dialect: c("Dialect"),
            type_constraint: c("TypeConstraint"),
            attr: c("Attr"),
            region: c("RegionConstraint"),
            successor: c("SuccessorConstraint"),
            trait_: c("Trait"),
            variadic: c("Variadic"),
            optional: c("Optional"),
            variadic_region: c("VariadicRegion"),
            variadic_successor: c("VariadicSuccessor"),
        }
    }
}

struct Gen<'a> {
    cx: &'a Ctx,
    classes: Classes,
    diags: Vec<Diagnostic>,
}

type Res<T> = Result<T, String>;

impl<'a> Gen<'a> {
    // ---------------------------------------------------------- records

    fn is_a(&self, r: RecId, class: Option<RecId>) -> bool {
        class.is_some_and(|c| r == c || self.cx.rec(r).is_subclass_of(c))
    }
    fn field(&self, r: RecId, name: &str) -> Option<&'a Init> {
        let y = self.cx.strs.get(name)?;
        let v = self.cx.rec(r).value(y)?;
        Some(self.cx.init(v.value))
    }
    fn str_field(&self, r: RecId, name: &str) -> &'a str {
        match self.field(r, name) {
            Some(Init::Str(y, _)) => self.cx.strs.str(*y),
            _ => "",
        }
    }
    fn opt_str_field(&self, r: RecId, name: &str) -> Option<&'a str> {
        match self.field(r, name) {
            Some(Init::Str(y, _)) => Some(self.cx.strs.str(*y)),
            _ => None,
        }
    }
    fn def_field(&self, r: RecId, name: &str) -> Option<RecId> {
        match self.field(r, name) {
            Some(Init::Def(d)) => Some(*d),
            _ => None,
        }
    }
    fn bit_field(&self, r: RecId, name: &str) -> bool {
        match self.field(r, name) {
            Some(Init::Bit(b)) => *b,
            Some(Init::Int(v)) => *v != 0,
            _ => false,
        }
    }
    fn str_list(&self, r: RecId, name: &str) -> Res<Vec<&'a str>> {
        let bad = || format!("'{}.{name}' is not a list of strings", self.name(r));
        let Some(Init::List(items, _)) = self.field(r, name) else {
            return Err(bad());
        };
        items
            .iter()
            .map(|&i| match self.cx.init(i) {
                Init::Str(y, _) => Ok(self.cx.strs.str(*y)),
                _ => Err(bad()),
            })
            .collect()
    }
    /// `params`: absent or unset is empty.
    fn params(&self, r: RecId) -> Res<Vec<&'a str>> {
        match self.field(r, "params") {
            None | Some(Init::Unset) => Ok(Vec::new()),
            Some(_) => self
                .str_list(r, "params")
                .map_err(|_| format!("'{}': 'params' is not a list of strings", self.name(r))),
        }
    }
    fn name(&self, r: RecId) -> String {
        self.cx.rec_name(r)
    }
    fn loc(&self, r: RecId) -> Option<Loc> {
        self.cx.rec(r).locs.first().copied()
    }
    fn error(&mut self, r: RecId, msg: &str) {
        let msg = format!("record '{}': {msg}", self.name(r));
        self.diags.push(match self.loc(r) {
            Some(l) => Diagnostic::error(l, msg),
            None => Diagnostic::bare_error(msg),
        });
    }

    /// The arguments of dag field `field`, whose operator must be `op`. An
    /// unset field reads as an empty dag.
    fn dag_args(&self, r: RecId, field: &str, op: &str) -> Res<Vec<(InitId, Option<&'a str>)>> {
        match self.field(r, field) {
            None | Some(Init::Unset) => Ok(Vec::new()),
            Some(Init::Dag(o, _, args)) => {
                let found = match self.cx.init(*o) {
                    Init::Def(d) => self.name(*d),
                    _ => "?".to_string(),
                };
                if found != op {
                    return Err(format!(
                        "'{field}' must be a ({op} ...) dag, not ({found} ...)"
                    ));
                }
                Ok(args
                    .iter()
                    .map(|&(v, n)| (v, n.map(|n| self.cx.strs.str(n))))
                    .collect())
            }
            Some(_) => Err(format!("'{field}' is not a dag")),
        }
    }
    fn as_def(&self, i: InitId) -> Option<RecId> {
        match self.cx.init(i) {
            Init::Def(d) => Some(*d),
            _ => None,
        }
    }

    // ---------------------------------------------------------- collect

    fn collect(&mut self) -> (Vec<DialectDef<'a>>, Vec<OpDef<'a>>) {
        let mut defs: Vec<RecId> = self
            .cx
            .defs
            .values()
            .copied()
            .filter(|&r| matches!(self.cx.rec(r).kind, RecKind::Def | RecKind::AnonDef))
            .collect();
        defs.sort_unstable();
        let mut dialects: Vec<DialectDef<'a>> = Vec::new();
        for &r in &defs {
            if self.is_a(r, self.classes.dialect) && !self.is_a(r, self.classes.op) {
                let name = self.str_field(r, "name");
                if name.is_empty() {
                    continue;
                }
                if dialects.iter().any(|d| d.name == name) {
                    continue;
                }
                let module = module_ident(name);
                if let Some(other) = dialects.iter().find(|d| d.module == module) {
                    let msg = format!(
                        "dialects '{}' and '{name}' would both be Rust module '{module}'",
                        other.name
                    );
                    self.error(r, &msg);
                }
                dialects.push(DialectDef {
                    name,
                    summary: self.str_field(r, "summary"),
                    module,
                });
            }
        }
        let mut ops: Vec<OpDef<'a>> = Vec::new();
        for &r in &defs {
            if !self.is_a(r, self.classes.op) {
                continue;
            }
            match self.op(r, &mut dialects) {
                Ok(op) => {
                    if let Some(prev) = ops.iter().find(|o| o.name == op.name) {
                        let msg = format!(
                            "op '{}' is already defined by record '{}'",
                            op.name, prev.record
                        );
                        self.error(r, &msg);
                    } else if let Some(prev) = ops
                        .iter()
                        .find(|o| o.dialect == op.dialect && o.strukt == op.strukt)
                    {
                        let msg = format!(
                            "wrapper name '{}' is already used by record '{}' in dialect '{}'",
                            op.strukt, prev.record, dialects[op.dialect].name
                        );
                        self.error(r, &msg);
                    } else {
                        ops.push(op);
                    }
                }
                Err(msg) => self.error(r, &msg),
            }
        }
        (dialects, ops)
    }

    fn op(&self, r: RecId, dialects: &mut Vec<DialectDef<'a>>) -> Res<OpDef<'a>> {
        let dialect = match self.def_field(r, "opDialect") {
            Some(d) if self.is_a(d, self.classes.dialect) => {
                let n = self.str_field(d, "name");
                if n.is_empty() {
                    return Err(format!("dialect '{}' has no 'name'", self.name(d)));
                }
                match dialects.iter().position(|x| x.name == n) {
                    Some(i) => i,
                    None => {
                        dialects.push(DialectDef {
                            name: n,
                            summary: self.str_field(d, "summary"),
                            module: module_ident(n),
                        });
                        dialects.len() - 1
                    }
                }
            }
            _ => return Err("'opDialect' is not a Dialect".to_string()),
        };
        let mnemonic = self.str_field(r, "opName");
        if mnemonic.is_empty() {
            return Err("'opName' is not set".to_string());
        }
        let record = self.name(r);
        let strukt = struct_ident(&record, self.cx.rec(r).is_anonymous(), mnemonic);
        let mut op = OpDef {
            name: format!("{}.{mnemonic}", dialects[dialect].name),
            record,
            dialect,
            strukt,
            summary: self.str_field(r, "summary"),
            description: self.str_field(r, "description"),
            operands: Vec::new(),
            results: Vec::new(),
            attrs: Vec::new(),
            regions: Vec::new(),
            successors: Vec::new(),
            traits: Vec::new(),
            interfaces: Vec::new(),
            parents: Vec::new(),
            implicit_terminator: None,
            same_type_groups: Vec::new(),
            extra: self.opt_str_field(r, "extraClassDeclaration"),
            assembly_format: self
                .opt_str_field(r, "assemblyFormat")
                .filter(|f| !f.trim().is_empty()),
            has_custom_assembly_format: self.bit_field(r, "hasCustomAssemblyFormat"),
            default_dialect: self.str_field(r, "defaultDialect"),
        };
        for (v, name) in self.dag_args(r, "arguments", "ins")? {
            let Some(arg) = self.as_def(v) else {
                return Err(format!("argument '{}' is not a record", name.unwrap_or("")));
            };
            if self.is_a(arg, self.classes.type_constraint) {
                op.operands.push(self.value(arg, name)?);
            } else if self.is_a(arg, self.classes.attr) {
                let Some(name) = name else {
                    return Err("an attribute argument has no name".to_string());
                };
                op.attrs.push(self.attr(arg, name)?);
            } else {
                return Err(format!(
                    "argument '{}' ({}) is neither a TypeConstraint nor an Attr",
                    name.unwrap_or(""),
                    self.name(arg)
                ));
            }
        }
        for (v, name) in self.dag_args(r, "results", "outs")? {
            match self.as_def(v) {
                Some(d) if self.is_a(d, self.classes.type_constraint) => {
                    op.results.push(self.value(d, name)?)
                }
                _ => {
                    return Err(format!(
                        "result '{}' is not a TypeConstraint",
                        name.unwrap_or("")
                    ))
                }
            }
        }
        for (v, name) in self.dag_args(r, "regions", "region")? {
            match self.as_def(v) {
                Some(d) if self.is_a(d, self.classes.region) => {
                    op.regions.push(self.region(d, name)?)
                }
                _ => {
                    return Err(format!(
                        "region '{}' is not a RegionConstraint",
                        name.unwrap_or("")
                    ))
                }
            }
        }
        for (v, name) in self.dag_args(r, "successors", "successor")? {
            match self.as_def(v) {
                Some(d) if self.is_a(d, self.classes.successor) => {
                    op.successors.push(SuccessorDef {
                        name,
                        summary: self.str_field(d, "summary"),
                        variadic: self.is_a(d, self.classes.variadic_successor),
                    })
                }
                _ => {
                    return Err(format!(
                        "successor '{}' is not a SuccessorConstraint",
                        name.unwrap_or("")
                    ))
                }
            }
        }
        self.traits(r, &mut op)?;
        Ok(op)
    }

    /// Traits and interfaces, as the registry loader reads them: interfaces
    /// by name first, `SingleBlockImplicitTerminator` implies `SingleBlock`
    /// (listed before it), repeats are dropped.
    fn traits(&self, r: RecId, op: &mut OpDef<'a>) -> Res<()> {
        let items: &[InitId] = match self.field(r, "traits") {
            Some(Init::List(items, _)) => items,
            Some(Init::Unset) | None => &[],
            Some(_) => return Err("'traits' is not a list".to_string()),
        };
        for &t in items {
            let Some(t) = self.as_def(t) else {
                return Err("a trait is not a record".to_string());
            };
            if !self.is_a(t, self.classes.trait_) {
                return Err(format!("'{}' is not a Trait", self.name(t)));
            }
            let name = self.str_field(t, "name");
            if INTERFACES.contains(&name) {
                if !op.interfaces.contains(&name) {
                    op.interfaces.push(name);
                }
                continue;
            }
            if !TRAITS.contains(&name) {
                return Err(format!("unknown trait '{name}'"));
            }
            if name == "SingleBlockImplicitTerminator" && !op.traits.contains(&"SingleBlock") {
                op.traits.push("SingleBlock");
            }
            if !op.traits.contains(&name) {
                op.traits.push(name);
            }
            match name {
                "HasParent" => match self.str_field(t, "parentOp") {
                    "" => return Err("HasParent without 'parentOp'".to_string()),
                    p => op.parents.push(p),
                },
                "ParentOneOf" => op.parents.extend(self.str_list(t, "parentOps")?),
                "AllTypesMatch" => op.same_type_groups.push(self.str_list(t, "values")?),
                "SingleBlockImplicitTerminator" => match self.str_field(t, "terminatorOp") {
                    "" => {
                        return Err(
                            "SingleBlockImplicitTerminator without 'terminatorOp'".to_string()
                        )
                    }
                    p => op.implicit_terminator = Some(p),
                },
                _ => {}
            }
        }
        Ok(())
    }

    fn value(&self, r: RecId, name: Option<&'a str>) -> Res<ValueDef<'a>> {
        let label = || name.unwrap_or("");
        let wrapped = |r: RecId| match self.def_field(r, "base") {
            Some(b) => Ok(b),
            None => Err(format!("'{}' has no 'base' record", self.name(r))),
        };
        let (arity, base) = if self.is_a(r, self.classes.variadic) {
            (Arity::Variadic, wrapped(r)?)
        } else if self.is_a(r, self.classes.optional) {
            (Arity::Optional, wrapped(r)?)
        } else {
            (Arity::Single, r)
        };
        if arity != Arity::Single
            && (self.is_a(base, self.classes.variadic) || self.is_a(base, self.classes.optional))
        {
            return Err(format!("operand '{}': nested Variadic/Optional", label()));
        }
        self.check_type_kind(base, 0)
            .map_err(|e| format!("operand '{}': {e}", label()))?;
        Ok(ValueDef {
            name,
            arity,
            kind: self.str_field(base, "kind"),
            params: self.params(base)?,
            summary: self.str_field(r, "summary"),
        })
    }

    fn check_type_kind(&self, r: RecId, depth: usize) -> Res<()> {
        let rec = self.name(r);
        if depth > MAX_DEPTH {
            return Err(format!("'{rec}': constraints nested too deeply"));
        }
        let kind = self.str_field(r, "kind");
        let Some(&(_, n)) = TYPE_KINDS.iter().find(|(k, _)| *k == kind) else {
            return Err(format!("'{rec}': unknown type constraint kind '{kind}'"));
        };
        let p = self.params(r)?;
        match n {
            Some(n) if p.len() != n => Err(format!(
                "'{rec}': type constraint kind '{kind}' takes {n} params, got {}",
                p.len()
            )),
            Some(_) => Ok(()),
            None => {
                let Some(Init::List(alts, _)) = self.field(r, "alternatives") else {
                    return Err(format!("'{rec}': 'any_of' needs 'alternatives'"));
                };
                for &a in alts.iter() {
                    match self.as_def(a) {
                        Some(a) if self.is_a(a, self.classes.type_constraint) => {
                            self.check_type_kind(a, depth + 1)?
                        }
                        _ => {
                            return Err(format!("'{rec}': an alternative is not a TypeConstraint"))
                        }
                    }
                }
                Ok(())
            }
        }
    }

    fn attr(&self, r: RecId, name: &'a str) -> Res<AttrDef<'a>> {
        let kind = self.str_field(r, "kind");
        if !ATTR_KINDS.contains(&kind) {
            return Err(format!(
                "attribute '{name}': unknown attribute kind '{kind}' ({})",
                self.name(r)
            ));
        }
        let params = self.params(r)?;
        match kind {
            "i64_enum" | "i32_enum" => {
                if let Some(c) = params.iter().find(|c| c.parse::<i64>().is_err()) {
                    return Err(format!(
                        "attribute '{name}': enum case '{c}' is not an integer"
                    ));
                }
            }
            "dialect_attr" | "dialect_attr_array" => {
                if params.len() != 2 || params[0].is_empty() {
                    return Err(format!(
                        "attribute '{name}': attribute kind '{kind}' takes [dialect, mnemonic]"
                    ));
                }
            }
            _ => {
                if !params.is_empty() {
                    return Err(format!(
                        "attribute '{name}': attribute kind '{kind}' takes no params"
                    ));
                }
            }
        }
        Ok(AttrDef {
            name,
            kind,
            params,
            summary: self.str_field(r, "summary"),
            optional: self.bit_field(r, "optional"),
            default: self.opt_str_field(r, "defaultValue"),
        })
    }

    fn region(&self, r: RecId, name: Option<&'a str>) -> Res<RegionDef<'a>> {
        let variadic = self.is_a(r, self.classes.variadic_region);
        let base = if variadic {
            match self.def_field(r, "base") {
                Some(b) => b,
                None => return Err(format!("'{}' has no 'base' record", self.name(r))),
            }
        } else {
            r
        };
        let kind = self.str_field(base, "kind");
        if !REGION_KINDS.contains(&kind) {
            return Err(format!(
                "region '{}': unknown region constraint kind '{kind}'",
                name.unwrap_or("")
            ));
        }
        Ok(RegionDef {
            name,
            kind,
            summary: self.str_field(base, "summary"),
            variadic,
        })
    }
}

// ------------------------------------------------------------------ names

const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "Self", "static", "struct", "super", "trait", "true", "try", "type",
    "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

/// `name` with characters that cannot be in an identifier replaced by `_`,
/// a leading digit prefixed with `_`, and a keyword suffixed with `_`.
fn ident(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.starts_with(|c: char| c.is_ascii_digit()) {
        s.insert(0, '_');
    }
    if KEYWORDS.contains(&s.as_str()) {
        s.push('_');
    }
    s
}

/// `trueDestOperands` -> `true_dest_operands`, `APIntValue` ->
/// `ap_int_value`; keywords get a `_` suffix.
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut s = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_ascii_uppercase() {
            let prev = if i > 0 { Some(chars[i - 1]) } else { None };
            let next = chars.get(i + 1).copied();
            let boundary = match prev {
                Some(p) => {
                    p.is_ascii_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
                }
                None => false,
            };
            if boundary && !s.ends_with('_') {
                s.push('_');
            }
            s.push(c.to_ascii_lowercase());
        } else {
            s.push(c);
        }
    }
    ident(&s)
}

/// The module of dialect `name`: its name as an identifier, avoiding the
/// names the generated file uses itself.
fn module_ident(name: &str) -> String {
    let mut s = ident(&name.to_ascii_lowercase());
    if matches!(s.as_str(), "rt" | "lookup") {
        s.push('_');
    }
    s
}

/// The wrapper of record `CIR_CallOp` is `CallOp`: the name after its first
/// `_` (MLIR's C++ class name), trailing `_` dropped. Anonymous records use
/// the mnemonic (`call` -> `CallOp`).
fn struct_ident(record: &str, anonymous: bool, mnemonic: &str) -> String {
    let base = if anonymous {
        let mut s = String::new();
        for part in mnemonic.split(|c: char| !c.is_ascii_alphanumeric()) {
            let mut cs = part.chars();
            if let Some(f) = cs.next() {
                s.push(f.to_ascii_uppercase());
                s.push_str(cs.as_str());
            }
        }
        s.push_str("Op");
        s
    } else {
        let after = match record.split_once('_') {
            Some((_, rest)) if !rest.trim_end_matches('_').is_empty() => rest,
            _ => record,
        };
        after.trim_end_matches('_').to_string()
    };
    if base.is_empty() {
        return "Op".to_string();
    }
    if !base.starts_with(|c: char| c.is_ascii_uppercase()) {
        // Keep the wrapper a type name.
        return ident(&format!("Op_{base}"));
    }
    let mut s = ident(&base);
    if s == "DIALECT" {
        // The dialect's own static.
        s.push('_');
    }
    s
}

// ------------------------------------------------------------------- emit

fn emit(out: &mut String, file: &str, dialects: &[DialectDef<'_>], ops: &[OpDef<'_>]) {
    let _ = writeln!(
        out,
        "// Rust op definitions generated by `irkit tblgen --gen-op-defs` from {file}: do not edit."
    );
    out.push_str(
        "// Expects a module `rt` in scope (irkit::ops::rt): the IR handles, the op\n\
         // info structs and the accessor helpers the wrappers call.\n",
    );
    for (di, d) in dialects.iter().enumerate() {
        out.push('\n');
        let _ = write!(out, "/// Ops of the `{}` dialect", d.name);
        if d.summary.is_empty() {
            out.push_str(".\n");
        } else {
            let _ = writeln!(out, ": {}", one_line(d.summary));
        }
        let _ = writeln!(out, "pub mod {} {{", d.module);
        out.push_str("    use super::rt;\n");
        let mine: Vec<&OpDef<'_>> = ops.iter().filter(|o| o.dialect == di).collect();
        for op in &mine {
            out.push('\n');
            emit_op(out, op);
        }
        out.push('\n');
        let _ = writeln!(
            out,
            "    /// The `{}` dialect and its ops, in definition order.",
            d.name
        );
        let _ = writeln!(
            out,
            "    pub static DIALECT: rt::DialectInfo = rt::DialectInfo {{"
        );
        let _ = writeln!(out, "        name: {:?},", d.name);
        let _ = writeln!(out, "        summary: {:?},", d.summary);
        out.push_str("        ops: &[");
        for (k, op) in mine.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "&{}::INFO", op.strukt);
        }
        out.push_str("],\n    };\n}\n");
    }
    out.push_str("\n/// Every dialect, in definition order.\n");
    out.push_str("pub static DIALECTS: &[&rt::DialectInfo] = &[");
    for (k, d) in dialects.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "&{}::DIALECT", d.module);
    }
    out.push_str("];\n\n/// Every op, in definition order.\n");
    out.push_str("pub static OPS: &[&rt::OpInfo] = &[\n");
    for op in ops {
        let _ = writeln!(
            out,
            "    &{}::{}::INFO,",
            dialects[op.dialect].module, op.strukt
        );
    }
    out.push_str("];\n\n/// The definition of the op named `name`.\n");
    out.push_str("pub fn lookup(name: &str) -> Option<&'static rt::OpInfo> {\n");
    if ops.is_empty() {
        out.push_str("    let _ = name;\n    None\n}\n");
        return;
    }
    out.push_str("    match name {\n");
    for op in ops {
        let _ = writeln!(
            out,
            "        {:?} => Some(&{}::{}::INFO),",
            op.name, dialects[op.dialect].module, op.strukt
        );
    }
    out.push_str("        _ => None,\n    }\n}\n");
}

/// `s` on one line: whitespace runs (newlines included) become one space,
/// other control characters a space (a doc comment cannot hold a bare CR).
fn one_line(s: &str) -> String {
    s.split_whitespace()
        .map(no_controls)
        .collect::<Vec<_>>()
        .join(" ")
}

fn no_controls(s: &str) -> String {
    s.chars()
        .map(|c| if c.is_control() && c != '\t' { ' ' } else { c })
        .collect()
}

/// Text for a markdown table cell.
fn cell(s: &str) -> String {
    one_line(s).replace('|', "\\|")
}

fn emit_op(out: &mut String, op: &OpDef<'_>) {
    // Documentation.
    let _ = write!(out, "    /// `{}`", op.name);
    if op.summary.trim().is_empty() {
        out.push_str(" (record `");
        out.push_str(&op.record);
        out.push_str("`).\n");
    } else {
        let _ = writeln!(out, ": {}", one_line(op.summary));
    }
    if !op.description.trim().is_empty() {
        let fence = "`".repeat(3.max(longest_backtick_run(op.description) + 1));
        let _ = writeln!(out, "    ///\n    /// {fence}text");
        for line in dedent(op.description) {
            if line.is_empty() {
                out.push_str("    ///\n");
            } else {
                let _ = writeln!(out, "    /// {}", no_controls(line));
            }
        }
        let _ = writeln!(out, "    /// {fence}");
    }
    let rows = op.operands.len() + op.results.len() + op.attrs.len();
    if rows > 0 {
        out.push_str("    ///\n    /// | Argument | Kind | Constraint |\n    /// |---|---|---|\n");
        for a in &op.attrs {
            let how = match (a.optional, a.default) {
                (_, Some(d)) => format!("attribute (default `{}`)", cell(d).replace('`', "'")),
                (true, None) => "attribute (optional)".to_string(),
                (false, None) => "attribute".to_string(),
            };
            let _ = writeln!(
                out,
                "    /// | `{}` | {how} | {} |",
                a.name,
                cell(a.summary)
            );
        }
        for (what, vals) in [("operand", &op.operands), ("result", &op.results)] {
            for (i, v) in vals.iter().enumerate() {
                let name = v.name.map_or_else(|| format!("#{i}"), |n| format!("`{n}`"));
                let _ = writeln!(
                    out,
                    "    /// | {name} | {}{what} | {} |",
                    v.arity.word(),
                    cell(v.summary)
                );
            }
        }
    }
    if !op.traits.is_empty() || !op.interfaces.is_empty() {
        out.push_str("    ///\n");
        let list = |xs: &[&str]| {
            xs.iter()
                .map(|x| format!("`{x}`"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if !op.traits.is_empty() {
            let _ = writeln!(out, "    /// Traits: {}.", list(&op.traits));
        }
        if !op.interfaces.is_empty() {
            let _ = writeln!(out, "    /// Interfaces: {}.", list(&op.interfaces));
        }
    }
    let _ = writeln!(
        out,
        "    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n    pub struct {}(pub rt::OpId);\n",
        op.strukt
    );
    let _ = writeln!(
        out,
        "    impl From<{s}> for rt::OpId {{\n        fn from(op: {s}) -> rt::OpId {{\n            op.0\n        }}\n    }}\n\n    impl rt::Wrapper for {s} {{\n        const DEF: &'static rt::OpInfo = &Self::INFO;\n        fn wrap_unchecked(op: rt::OpId) -> Self {{\n            Self(op)\n        }}\n        fn id(self) -> rt::OpId {{\n            self.0\n        }}\n    }}\n",
        s = op.strukt
    );
    let _ = writeln!(out, "    impl {} {{", op.strukt);
    let _ = writeln!(out, "        pub const NAME: &str = {:?};", op.name);
    emit_info(out, op);
    let _ = writeln!(
        out,
        "\n        /// Whether `op` is a `{}` (by name only).\n        pub fn matches(m: &rt::Module, op: rt::OpId) -> bool {{\n            rt::is_named(m, op, Self::NAME)\n        }}",
        op.name
    );
    let _ = writeln!(
        out,
        "\n        /// `op` as a `{}`, if it is one whose operands, results, regions and\n        /// successors fit the definition (the accessors rely on it).\n        pub fn cast(m: &rt::Module, op: rt::OpId) -> Option<Self> {{\n            rt::fits(m, op, &Self::INFO).then_some(Self(op))\n        }}",
        op.name
    );
    let mut methods: Vec<String> = vec!["matches".into(), "cast".into()];
    // A name already taken (by `matches`/`cast` or an earlier accessor) gets
    // a numeric suffix: `x_2`, `x_3`, ...
    let mut add = |out: &mut String, name: String, body: String| {
        let mut n = name.clone();
        let mut k = 2;
        while methods.contains(&n) {
            n = format!("{name}_{k}");
            k += 1;
        }
        out.push('\n');
        out.push_str(&body.replace("@NAME@", &n));
        methods.push(n);
    };
    for a in &op.attrs {
        let access = AttrAccess::of(a.kind);
        let snake = snake_case(a.name);
        let raw_doc = format!(
            "        /// Attribute `{}` ({}), from the properties or else the attribute dictionary.\n",
            a.name,
            one_line(a.summary)
        );
        let raw = format!(
            "{raw_doc}        pub fn @NAME@(self, m: &rt::Module) -> Option<rt::AttrId> {{\n            rt::inherent(m, self.0, {:?})\n        }}\n",
            a.name
        );
        match access.typed() {
            None => add(out, snake, raw),
            Some((ty, helper, what)) => {
                let raw_name = format!("{}_attr", snake.trim_end_matches('_'));
                let body = format!(
                    "        /// Attribute `{}` ({}): {what}.\n        pub fn @NAME@(self, m: &rt::Module) -> {ty} {{\n            {helper}(m, rt::inherent(m, self.0, {:?}))\n        }}\n",
                    a.name,
                    one_line(a.summary),
                    a.name
                );
                add(out, snake, body);
                add(out, raw_name, raw);
            }
        }
    }
    let value_accessors = |out: &mut String,
                           add: &mut dyn FnMut(&mut String, String, String),
                           vals: &[ValueDef<'_>],
                           what: &str,
                           list: &str| {
        for (i, v) in vals.iter().enumerate() {
            let name = v.name.map_or_else(|| format!("{what}{i}"), snake_case);
            let label = v.name.map_or_else(|| format!("#{i}"), |n| format!("`{n}`"));
            let (ty, helper) = match v.arity {
                Arity::Single => ("rt::ValueId", "one"),
                Arity::Optional => ("Option<rt::ValueId>", "optional"),
                Arity::Variadic => ("&[rt::ValueId]", "group"),
            };
            let body = format!(
                "        /// {} {label} ({}).\n        pub fn @NAME@(self, m: &rt::Module) -> {ty} {{\n            rt::{helper}(rt::{list}(m, self.0, &Self::INFO, {i}))\n        }}\n",
                capitalize(&format!("{}{what}", v.arity.word())),
                one_line(v.summary)
            );
            add(out, name, body);
        }
    };
    value_accessors(out, &mut add, &op.operands, "operand", "operand_segment");
    value_accessors(out, &mut add, &op.results, "result", "result_segment");
    for (i, r) in op.regions.iter().enumerate() {
        let name = r.name.map_or_else(|| format!("region{i}"), snake_case);
        let label = r.name.map_or_else(|| format!("#{i}"), |n| format!("`{n}`"));
        let (ty, helper) = if r.variadic {
            ("&[rt::RegionId]", "group")
        } else {
            ("rt::RegionId", "one")
        };
        let body = format!(
            "        /// {} {label} ({}).\n        pub fn @NAME@(self, m: &rt::Module) -> {ty} {{\n            rt::{helper}(rt::region_segment(m, self.0, &Self::INFO, {i}))\n        }}\n",
            if r.variadic { "Variadic region" } else { "Region" },
            one_line(r.summary)
        );
        add(out, name, body);
    }
    for (i, s) in op.successors.iter().enumerate() {
        let name = s.name.map_or_else(|| format!("successor{i}"), snake_case);
        let label = s.name.map_or_else(|| format!("#{i}"), |n| format!("`{n}`"));
        let (ty, helper) = if s.variadic {
            ("&[rt::BlockId]", "group")
        } else {
            ("rt::BlockId", "one")
        };
        let body = format!(
            "        /// {} {label} ({}).\n        pub fn @NAME@(self, m: &rt::Module) -> {ty} {{\n            rt::{helper}(rt::successor_segment(m, self.0, &Self::INFO, {i}))\n        }}\n",
            if s.variadic { "Variadic successor" } else { "Successor" },
            one_line(s.summary)
        );
        add(out, name, body);
    }
    if let Some(extra) = op.extra {
        out.push('\n');
        for line in dedent(extra) {
            if line.is_empty() {
                out.push('\n');
            } else {
                let _ = writeln!(out, "        {line}");
            }
        }
    }
    out.push_str("    }\n");
}

/// The lines of `text` without leading and trailing blank lines, trailing
/// spaces and the indentation they all share.
fn dedent(text: &str) -> Vec<&str> {
    let lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    let Some(start) = lines.iter().position(|l| !l.is_empty()) else {
        return Vec::new();
    };
    let end = lines
        .iter()
        .rposition(|l| !l.is_empty())
        .map_or(start, |e| e + 1);
    let lines = &lines[start..end];
    let indent = lines
        .iter()
        .filter(|l| !l.is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or_else(|| l.trim_start()))
        .collect()
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_ascii_uppercase().to_string() + c.as_str(),
        None => String::new(),
    }
}

fn longest_backtick_run(s: &str) -> usize {
    let mut best = 0;
    let mut cur = 0;
    for c in s.chars() {
        if c == '`' {
            cur += 1;
            best = best.max(cur);
        } else {
            cur = 0;
        }
    }
    best
}

fn opt_str(s: Option<&str>) -> String {
    match s {
        Some(s) => format!("Some({s:?})"),
        None => "None".to_string(),
    }
}

fn str_slice(xs: &[&str]) -> String {
    let items: Vec<String> = xs.iter().map(|x| format!("{x:?}")).collect();
    format!("&[{}]", items.join(", "))
}

fn emit_info(out: &mut String, op: &OpDef<'_>) {
    let _ = writeln!(out, "        pub const INFO: rt::OpInfo = rt::OpInfo {{");
    let _ = writeln!(out, "            name: Self::NAME,");
    let _ = writeln!(out, "            record: {:?},", op.record);
    let _ = writeln!(out, "            summary: {:?},", op.summary);
    for (field, vals) in [("operands", &op.operands), ("results", &op.results)] {
        let _ = write!(out, "            {field}: &[");
        for v in vals.iter() {
            let _ = write!(
                out,
                "\n                rt::ValueInfo {{ name: {}, arity: {}, kind: {:?}, params: {}, summary: {:?} }},",
                opt_str(v.name),
                v.arity.rust(),
                v.kind,
                str_slice(&v.params),
                v.summary
            );
        }
        if !vals.is_empty() {
            out.push_str("\n            ");
        }
        out.push_str("],\n");
    }
    out.push_str("            attrs: &[");
    for a in &op.attrs {
        let _ = write!(
            out,
            "\n                rt::AttrInfo {{ name: {:?}, kind: {:?}, params: {}, optional: {}, default: {}, summary: {:?} }},",
            a.name,
            a.kind,
            str_slice(&a.params),
            a.optional,
            opt_str(a.default),
            a.summary
        );
    }
    if !op.attrs.is_empty() {
        out.push_str("\n            ");
    }
    out.push_str("],\n            regions: &[");
    for r in &op.regions {
        let _ = write!(
            out,
            "\n                rt::RegionInfo {{ name: {}, kind: {:?}, variadic: {}, summary: {:?} }},",
            opt_str(r.name),
            r.kind,
            r.variadic,
            r.summary
        );
    }
    if !op.regions.is_empty() {
        out.push_str("\n            ");
    }
    out.push_str("],\n            successors: &[");
    for s in &op.successors {
        let _ = write!(
            out,
            "\n                rt::SuccessorInfo {{ name: {}, variadic: {}, summary: {:?} }},",
            opt_str(s.name),
            s.variadic,
            s.summary
        );
    }
    if !op.successors.is_empty() {
        out.push_str("\n            ");
    }
    out.push_str("],\n            traits: &[");
    for (k, t) in op.traits.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "rt::Trait::{t}");
    }
    out.push_str("],\n            interfaces: &[");
    for (k, t) in op.interfaces.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "rt::Interface::{t}");
    }
    out.push_str("],\n");
    let _ = writeln!(out, "            parents: {},", str_slice(&op.parents));
    let _ = writeln!(
        out,
        "            implicit_terminator: {},",
        opt_str(op.implicit_terminator)
    );
    let groups: Vec<String> = op.same_type_groups.iter().map(|g| str_slice(g)).collect();
    let _ = writeln!(
        out,
        "            same_type_groups: &[{}],",
        groups.join(", ")
    );
    let _ = writeln!(
        out,
        "            assembly_format: {},",
        opt_str(op.assembly_format)
    );
    let _ = writeln!(
        out,
        "            has_custom_assembly_format: {},",
        op.has_custom_assembly_format
    );
    let _ = writeln!(
        out,
        "            default_dialect: {:?},",
        op.default_dialect
    );
    out.push_str("        };\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn snake_case_of_ods_names() {
        for (from, to) in [
            ("trueDestOperands", "true_dest_operands"),
            ("sym_name", "sym_name"),
            ("allocaType", "alloca_type"),
            ("APIntValue", "ap_int_value"),
            ("operandSegmentSizes", "operand_segment_sizes"),
            ("type", "type_"),
            ("self", "self_"),
            ("in", "in_"),
            ("x2Y", "x2_y"),
            ("9lives", "_9lives"),
            ("lowerBound", "lower_bound"),
        ] {
            assert_eq!(snake_case(from), to, "{from}");
        }
    }

    /// A minimal OpBase: the classes the backend reads.
    const BASE: &str = r#"
class Dialect { string name = ?; string summary = ""; }
class TypeConstraint<string k, string d> { string kind = k; list<string> params = []; string summary = d; }
def AnyType : TypeConstraint<"any", "any type">;
class Variadic<TypeConstraint t> : TypeConstraint<t.kind, "variadic of " # t.summary> { TypeConstraint base = t; }
class Attr<string k, string d> { string kind = k; list<string> params = []; string summary = d; bit optional = 0; }
def StrAttr : Attr<"string", "string attribute">;
class Trait<string n> { string name = n; }
def Pure : Trait<"Pure">;
def ins; def outs; def region; def successor;
class Op<Dialect d, string mnemonic, list<Trait> props = []> {
  Dialect opDialect = d; string opName = mnemonic; list<Trait> traits = props;
  dag arguments = (ins); dag results = (outs); dag regions = (region); dag successors = (successor);
  string summary = ""; string description = ""; code extraClassDeclaration = ?;
}
def D : Dialect { let name = "d"; }
"#;

    fn gen(td: &str) -> (Option<String>, Vec<String>) {
        let mut map = SourceMap::new();
        let file = map.add("t.td", format!("{BASE}{td}"));
        let opts = crate::Options {
            include_dirs: &[],
            defines: &[],
            builtin_includes: &[],
            report_timing: false,
            leak_model: false,
            early_diags: None,
            warn_unused_template_args: false,
            rules: crate::compat::newest(),
            limits: crate::Limits::DEFAULT,
            action: crate::Action::GenOpDefs,
        };
        let out = crate::run(&mut map, file, &opts);
        let msgs = out.diags.iter().map(|d| d.message.clone()).collect();
        (out.output, msgs)
    }

    #[test]
    fn odd_definitions() {
        let (out, msgs) = gen(concat!(
            "def : Op<D, \"cond_br\", [Pure]> {\n",
            "  let summary = [{multi\nline}];\n",
            "  let description = [{Has ``` in\rit}];\n",
            "  let arguments = (ins AnyType:$self, Variadic<AnyType>:$matches, StrAttr:$cast);\n",
            "}\n",
        ));
        assert_eq!(msgs, Vec::<String>::new());
        let out = out.unwrap_or_default();
        for want in [
            "pub struct CondBrOp(pub rt::OpId);",
            "/// `d.cond_br`: multi line\n",
            "/// ````text\n    /// Has ``` in it\n    /// ````\n",
            "pub fn self_(self, m: &rt::Module) -> rt::ValueId",
            "pub fn matches_2(self, m: &rt::Module) -> &[rt::ValueId]",
            "pub fn cast_2(self, m: &rt::Module) -> Option<rt::Sym>",
            "pub fn cast_attr(self, m: &rt::Module) -> Option<rt::AttrId>",
            "\"d.cond_br\" => Some(&d::CondBrOp::INFO),",
        ] {
            assert!(out.contains(want), "missing {want:?} in:\n{out}");
        }
    }

    #[test]
    fn malformed_definitions_are_diagnostics() {
        for (td, msg) in [
            (
                "def X : Op<D, \"x\"> { let arguments = (outs AnyType:$a); }",
                "'arguments' must be a (ins ...) dag, not (outs ...)",
            ),
            ("def X : Op<D, \"\">;", "'opName' is not set"),
            (
                "def E : Dialect; def X : Op<E, \"x\">;",
                "dialect 'E' has no 'name'",
            ),
            (
                "def V : Variadic<AnyType>; def X : Op<D, \"x\"> { let arguments = (ins Variadic<V>:$v); }",
                "operand 'v': nested Variadic/Optional",
            ),
            (
                "def X : Op<D, \"x\"> { let arguments = (ins 3:$v); }",
                "argument 'v' is not a record",
            ),
            (
                "def X : Op<D, \"x\"> { let successors = (successor AnyType:$s); }",
                "successor 's' is not a SuccessorConstraint",
            ),
        ] {
            let (out, msgs) = gen(td);
            assert!(out.is_none(), "{td}");
            assert_eq!(msgs, [format!("record 'X': {msg}")], "{td}");
        }
    }

    #[test]
    fn empty_input_has_empty_tables() {
        let (out, msgs) = gen("");
        assert!(msgs.is_empty());
        let out = out.unwrap_or_default();
        assert!(out.contains("pub static OPS: &[&rt::OpInfo] = &[\n];"));
        assert!(out.contains("    let _ = name;\n    None\n"));
    }

    #[test]
    fn wrapper_names() {
        assert_eq!(struct_ident("CIR_CallOp", false, "call"), "CallOp");
        assert_eq!(struct_ident("CF_BranchOp_", false, "br"), "BranchOp");
        assert_eq!(struct_ident("MyOp", false, "x"), "MyOp");
        assert_eq!(struct_ident("X_", false, "x"), "X");
        assert_eq!(struct_ident("anonymous_3", true, "cond_br"), "CondBrOp");
        assert_eq!(struct_ident("My_self", false, "x"), "Op_self");
        assert_eq!(struct_ident("My_DIALECT", false, "x"), "DIALECT_");
        assert_eq!(module_ident("rt"), "rt_");
        assert_eq!(module_ident("type"), "type_");
        assert_eq!(module_ident("My.Dialect"), "my_dialect");
    }
}
