//! Dialects defined in TableGen: builds an [`irkit_ir::dialect::DialectRegistry`]
//! from the records of `src/dialects/*.td` (or a user's `--dialect X.td`).
//!
//! The loader reads records through [`Records`], a small record-access trait,
//! so it does not depend on how the records were produced: [`JsonRecords`]
//! reads the JSON of `--dump-json` (llvm-tblgen's format: `!instanceof`,
//! `!superclasses`, `!locs`, `{"kind": "def", "def": NAME}`,
//! `{"kind": "dag", "operator": .., "args": [[value, name], ..]}`).
//!
//! The classes it understands are those of `src/dialects/OpBase.td`:
//! `Dialect`, `Op` (`opDialect`, `opName`, `summary`, `traits`, and the dags
//! `arguments = (ins ..)`, `results = (outs ..)`, `regions = (region ..)`,
//! `successors = (successor ..)`), `TypeConstraint` (`kind`, `params`,
//! `summary`; `Variadic`/`Optional` wrap a `base`; `AnyTypeOf` has
//! `alternatives`), `Attr` (`kind`, `params`, `summary`, `optional`),
//! `RegionConstraint`, `SuccessorConstraint`, `Trait`/`Interface` (`name`;
//! `HasParent.parentOp`, `ParentOneOf.parentOps`, `AllTypesMatch.values`).
//!
//! A bad definition (unknown trait, malformed constraint, wrong dag
//! operator) is a diagnostic naming the record, at its location when the
//! record source knows it; the op is left out and loading goes on.

use irkit_diag::{Diagnostic, FileId, Loc, Severity, SourceMap, Span};
use irkit_ir::asm::format::{parse_format, Elem, FormatError};
use irkit_ir::dialect::OpSyntax;
use irkit_ir::dialect::{
    Arity, AttrDef, AttrKind, ConstraintKind, Derive, DerivedType, DialectDef, DialectRegistry,
    ExactType, Interface, MlirRelease, OpDef, OperandDef, RegionDef, RegionKind, SuccessorDef,
    Trait,
};
use irkit_ir::Module;

/// Nesting limit for `AnyTypeOf` / wrapper chains in constraint records.
const MAX_DEPTH: usize = 64;

/// A field value of a record.
#[derive(Debug, Clone, PartialEq)]
pub enum Value<'a> {
    /// `?`.
    Unset,
    Int(i64),
    /// A string or code value.
    Str(&'a str),
    List(Vec<Value<'a>>),
    /// A reference to a record, by name.
    Def(&'a str),
    /// `(op arg:$name, ...)`; `op` is the operator record's name.
    Dag {
        op: Option<&'a str>,
        args: Vec<(Value<'a>, Option<&'a str>)>,
    },
    /// Anything else (bits, unresolved expressions).
    Other,
}

/// Read access to resolved TableGen records.
pub trait Records {
    /// Names of the concrete records deriving from `class`.
    fn instances_of(&self, class: &str) -> Vec<&str>;
    /// Whether record `rec` derives from `class`.
    fn is_a(&self, rec: &str, class: &str) -> bool;
    fn field(&self, rec: &str, field: &str) -> Option<Value<'_>>;
    /// Where `rec` is defined, if the source knows it as a [`Loc`].
    fn loc(&self, rec: &str) -> Option<Loc>;
    /// Where `rec` is defined as text (`Func.td:25`), when there is no [`Loc`].
    fn loc_text(&self, rec: &str) -> Option<String>;
    /// Where byte `offset` of `rec`'s `assemblyFormat` string is in the
    /// source, when the source text is at hand and the string is written in
    /// the record's own body.
    fn format_loc(&self, _rec: &str, _offset: usize) -> Option<Loc> {
        None
    }
}

/// Loads every `Dialect` and `Op` record. Bad op definitions are reported
/// and left out.
pub fn load_registry(src: &dyn Records) -> (DialectRegistry, Vec<Diagnostic>) {
    load_registry_at(src, MlirRelease::default())
}

/// [`load_registry`] for one MLIR release: an op record whose `mlirSince`
/// is later than `release`, or whose `mlirUntil` is earlier, is left out
/// (0 means no bound), so one `.td` holds both releases' form of an op
/// that changed.
pub fn load_registry_at(
    src: &dyn Records,
    release: MlirRelease,
) -> (DialectRegistry, Vec<Diagnostic>) {
    let at = AtRelease { src, release };
    let src: &dyn Records = &at;
    let mut reg = DialectRegistry::for_release(release);
    let mut diags = Vec::new();
    let mut dialects = src.instances_of("Dialect");
    dialects.sort_unstable();
    for d in dialects {
        match src.field(d, "name") {
            Some(Value::Str(name)) if !name.is_empty() => reg.add_dialect(DialectDef {
                name: name.into(),
                summary: str_field(src, d, "summary").into(),
                allow_unknown_ops: matches!(
                    src.field(d, "allowUnknownOperations"),
                    Some(Value::Int(v)) if v != 0
                ),
            }),
            _ => diags.push(error(src, d, "dialect has no 'name'")),
        }
    }
    // In definition order when the source says where records are (so
    // diagnostics come in file order), else by name.
    let mut ops: Vec<(Option<(String, u32)>, &str)> = src
        .instances_of("Op")
        .into_iter()
        .map(|r| (src.loc_text(r).and_then(|t| split_loc(&t)), r))
        .collect();
    ops.sort_unstable();
    let in_release = |rec: &str| {
        let bound = |field| match src.field(rec, field) {
            Some(Value::Int(v)) if v > 0 => Some(v),
            _ => None,
        };
        let major = i64::from(release.major());
        bound("mlirSince").is_none_or(|v| v <= major)
            && bound("mlirUntil").is_none_or(|v| v >= major)
    };
    let ops = ops.into_iter().map(|(_, r)| r).filter(|r| in_release(r));
    for rec in ops {
        match load_op(src, rec) {
            Ok(def) => {
                reg.add_op(def);
            }
            Err(LoadError::Def(msg)) => diags.push(error(src, rec, &msg)),
            Err(LoadError::Format(e)) => diags.push(match src.format_loc(rec, e.offset) {
                Some(loc) => Diagnostic::error(loc, format!("record '{rec}': {}", e.message)),
                None => error(
                    src,
                    rec,
                    &format!("assemblyFormat (at offset {}): {}", e.offset, e.message),
                ),
            }),
        }
    }
    (reg, diags)
}

/// The records as one MLIR release sees them: at release 22 a field `X`
/// reads the record's `X22` when that is set (`let assemblyFormat22 = ...`
/// in a base class changes every op deriving from it), so an op whose
/// form changed only in part is one definition with both forms.
struct AtRelease<'a> {
    src: &'a dyn Records,
    release: MlirRelease,
}

impl Records for AtRelease<'_> {
    fn instances_of(&self, class: &str) -> Vec<&str> {
        self.src.instances_of(class)
    }
    fn is_a(&self, rec: &str, class: &str) -> bool {
        self.src.is_a(rec, class)
    }
    fn field(&self, rec: &str, field: &str) -> Option<Value<'_>> {
        if self.release >= MlirRelease::V22 {
            let mut name = String::with_capacity(field.len() + 2);
            name.push_str(field);
            name.push_str("22");
            match self.src.field(rec, &name) {
                None | Some(Value::Unset) => {}
                Some(v) => return Some(v),
            }
        }
        self.src.field(rec, field)
    }
    fn loc(&self, rec: &str) -> Option<Loc> {
        self.src.loc(rec)
    }
    fn loc_text(&self, rec: &str) -> Option<String> {
        self.src.loc_text(rec)
    }
    fn format_loc(&self, rec: &str, offset: usize) -> Option<Loc> {
        self.src.format_loc(rec, offset)
    }
}

/// `.td` files irkit ships, found by `include` after the include
/// directories: users' dialects `include "OpBase.td"` without a `-I`.
pub const BUILTIN_INCLUDES: &[(&str, &str)] = &[("OpBase.td", include_str!("dialects/OpBase.td"))];

/// The registry of every dialect built into irkit (`src/dialects/*.td`),
/// generated at build time by irkit's own TableGen (see `build.rs`).
pub fn builtin_registry() -> DialectRegistry {
    builtin_registry_at(MlirRelease::default())
}

/// [`builtin_registry`] for one MLIR release (`--mlir-compat`).
pub fn builtin_registry_at(release: MlirRelease) -> DialectRegistry {
    const JSON: &str = include_str!(concat!(env!("OUT_DIR"), "/dialects.json"));
    let (reg, diags) = match JsonRecords::parse(JSON, &|_, _| None) {
        Ok(src) => load_registry_at(&src, release),
        Err(d) => (DialectRegistry::for_release(release), vec![d]),
    };
    // The build script loaded the same records; a diagnostic here would be a
    // bug in the loader, reported by the unit tests, not by users.
    debug_assert!(diags.is_empty(), "built-in dialects: {diags:?}");
    reg
}

/// Parses `--dump-json` output and loads it; `locate` maps a `!locs` entry
/// (`FILE`, `LINE`) to a [`Loc`] when the caller has the file in its
/// source map.
pub fn registry_from_json(
    json: &str,
    locate: &dyn Fn(&str, u32) -> Option<Loc>,
) -> (DialectRegistry, Vec<Diagnostic>) {
    match JsonRecords::parse(json, locate) {
        Ok(src) => load_registry(&src),
        Err(d) => (DialectRegistry::new(), vec![d]),
    }
}

/// Loads a user's dialect `.td` file (already in `map`) at run time, as
/// `--dialect` does: irkit's TableGen with our built-in `OpBase.td`, the
/// file's own directory first on the include path, then `include_dirs`.
/// Returns the file's dialects (`None` if anything was an error) and every
/// diagnostic, warnings included.
pub fn load_dialect_file(
    map: &mut SourceMap,
    file: FileId,
    include_dirs: &[String],
) -> (Option<DialectRegistry>, Vec<Diagnostic>) {
    let dir = std::path::Path::new(map.file(file).name())
        .parent()
        .map(|p| p.display().to_string())
        .filter(|d| !d.is_empty())
        .unwrap_or_else(|| ".".to_string());
    let mut dirs = vec![dir];
    dirs.extend(include_dirs.iter().cloned());
    let opts = irkit_td::Options {
        include_dirs: &dirs,
        defines: &[],
        builtin_includes: BUILTIN_INCLUDES,
        report_timing: false,
        leak_model: false,
        early_diags: None,
        warn_unused_template_args: false,
        rules: irkit_td::compat::newest(),
        limits: irkit_td::Limits::DEFAULT,
        action: irkit_td::Action::DumpJson,
    };
    let outcome = irkit_td::run(map, file, &opts);
    let mut diags = outcome.diags;
    let json = match outcome.output {
        Some(json) if !diags.iter().any(Diagnostic::is_error) => json,
        _ => return (None, diags),
    };
    let (user, more) = registry_from_json_in(&json, map);
    let failed = more.iter().any(Diagnostic::is_error);
    diags.extend(more);
    ((!failed).then_some(user), diags)
}

/// [`registry_from_json`] for records of `.td` files in `map`: locations
/// point into them, down to the column inside a bad `assemblyFormat`.
pub fn registry_from_json_in(json: &str, map: &SourceMap) -> (DialectRegistry, Vec<Diagnostic>) {
    let locate = locate_in(map);
    match JsonRecords::parse(json, &locate) {
        Ok(mut src) => {
            src.sources = Some(map);
            load_registry(&src)
        }
        Err(d) => (DialectRegistry::new(), vec![d]),
    }
}

/// A `locate` function for [`registry_from_json`]: finds a `!locs` entry's
/// file in `map` (by name, or by the last path component of either) and
/// points at the start of that line.
pub fn locate_in(map: &SourceMap) -> impl Fn(&str, u32) -> Option<Loc> + '_ {
    move |file: &str, line: u32| {
        let base = |s: &str| s.rsplit(['/', '\\']).next().unwrap_or(s).to_string();
        let (id, f) = map
            .files()
            .find(|(_, f)| f.name() == file)
            .or_else(|| map.files().find(|(_, f)| base(f.name()) == base(file)))?;
        if line == 0 || line > f.line_count() {
            return None;
        }
        Some(Loc {
            file: id,
            span: Span::empty(f.line_start(line)),
        })
    }
}

/// `FILE:LINE` as a sort key.
fn split_loc(text: &str) -> Option<(String, u32)> {
    let (file, line) = text.rsplit_once(':')?;
    Some((file.to_string(), line.parse().ok()?))
}

fn error(src: &dyn Records, rec: &str, msg: &str) -> Diagnostic {
    match src.loc(rec) {
        Some(loc) => Diagnostic::error(loc, format!("record '{rec}': {msg}")),
        None => {
            let at = src
                .loc_text(rec)
                .map(|l| format!(" ({l})"))
                .unwrap_or_default();
            Diagnostic::new(Severity::Error, None, format!("record '{rec}'{at}: {msg}"))
        }
    }
}

fn str_field<'a>(src: &'a dyn Records, rec: &str, field: &str) -> &'a str {
    match src.field(rec, field) {
        Some(Value::Str(s)) => s,
        _ => "",
    }
}

/// Why an op definition was left out.
enum LoadError {
    Def(String),
    /// A malformed `assemblyFormat`, with the offset in the format string.
    Format(FormatError),
}

impl From<String> for LoadError {
    fn from(s: String) -> LoadError {
        LoadError::Def(s)
    }
}

fn load_op(src: &dyn Records, rec: &str) -> Result<OpDef, LoadError> {
    let mut def = load_op_def(src, rec)?;
    def.default_dialect = match src.field(rec, "defaultDialect") {
        Some(Value::Str(d)) if !d.is_empty() => Some(d.into()),
        _ => None,
    };
    let custom = matches!(src.field(rec, "hasCustomAssemblyFormat"), Some(Value::Int(v)) if v != 0);
    match src.field(rec, "assemblyFormat") {
        Some(Value::Str(f)) if !f.trim().is_empty() => {
            if custom {
                return Err(LoadError::Def(
                    "'assemblyFormat' and 'hasCustomAssemblyFormat' are both set".into(),
                ));
            }
            let format = parse_format(f, &def).map_err(LoadError::Format)?;
            if let Some(name) = custom_directive_names(&format.elems)
                .into_iter()
                .find(|n| !irkit_ir::asm::custom::has_directive(n))
            {
                return Err(LoadError::Def(format!(
                    "assemblyFormat: no Rust function is registered for 'custom<{name}>'"
                )));
            }
            def.syntax = OpSyntax::Format(Box::new(format), f.into());
        }
        _ if custom => {
            if !irkit_ir::asm::custom::has_custom_syntax(&def.name) {
                return Err(LoadError::Def(format!(
                    "'hasCustomAssemblyFormat' is set but irkit has no Rust parser/printer for '{}'",
                    def.name
                )));
            }
            def.syntax = OpSyntax::Custom;
        }
        _ => {}
    }
    Ok(def)
}

fn custom_directive_names(elems: &[Elem]) -> Vec<&str> {
    let mut out = Vec::new();
    for e in elems {
        match e {
            Elem::Custom { name, .. } => out.push(&**name),
            Elem::Optional { then, els, .. } => {
                out.extend(custom_directive_names(then));
                out.extend(custom_directive_names(els));
            }
            _ => {}
        }
    }
    out
}

fn load_op_def(src: &dyn Records, rec: &str) -> Result<OpDef, String> {
    let dialect = match src.field(rec, "opDialect") {
        Some(Value::Def(d)) if src.is_a(d, "Dialect") => match src.field(d, "name") {
            Some(Value::Str(n)) if !n.is_empty() => n,
            _ => return Err(format!("dialect '{d}' has no 'name'")),
        },
        _ => return Err("'opDialect' is not a Dialect".to_string()),
    };
    let mnemonic = match src.field(rec, "opName") {
        Some(Value::Str(n)) if !n.is_empty() => n,
        _ => return Err("'opName' is not set".to_string()),
    };
    let mut def = OpDef::new(&format!("{dialect}.{mnemonic}"));
    def.summary = str_field(src, rec, "summary").into();

    let mut operands = Vec::new();
    let mut attrs = Vec::new();
    for (value, name) in dag_args(src, rec, "arguments", "ins")? {
        let Value::Def(arg) = value else {
            return Err(format!("argument '{}' is not a record", name.unwrap_or("")));
        };
        if src.is_a(arg, "TypeConstraint") {
            operands.push(operand(src, arg, name)?);
        } else if src.is_a(arg, "Attr") {
            let Some(name) = name else {
                return Err("an attribute argument has no name".to_string());
            };
            attrs.push(attr(src, arg, name)?);
        } else {
            return Err(format!(
                "argument '{}' ({arg}) is neither a TypeConstraint nor an Attr",
                name.unwrap_or("")
            ));
        }
    }
    def.operands = operands.into();
    def.attrs = attrs.into();

    let mut results = Vec::new();
    for (value, name) in dag_args(src, rec, "results", "outs")? {
        match value {
            Value::Def(r) if src.is_a(r, "TypeConstraint") => results.push(operand(src, r, name)?),
            _ => {
                return Err(format!(
                    "result '{}' is not a TypeConstraint",
                    name.unwrap_or("")
                ))
            }
        }
    }
    def.results = results.into();

    let mut regions = Vec::new();
    for (value, name) in dag_args(src, rec, "regions", "region")? {
        match value {
            Value::Def(r) if src.is_a(r, "RegionConstraint") => regions.push(region(src, r, name)?),
            _ => {
                return Err(format!(
                    "region '{}' is not a RegionConstraint",
                    name.unwrap_or("")
                ))
            }
        }
    }
    def.regions = regions.into();

    let mut successors = Vec::new();
    for (value, name) in dag_args(src, rec, "successors", "successor")? {
        match value {
            Value::Def(s) if src.is_a(s, "SuccessorConstraint") => successors.push(SuccessorDef {
                name: name.map(Into::into),
                variadic: src.is_a(s, "VariadicSuccessor"),
            }),
            _ => {
                return Err(format!(
                    "successor '{}' is not a SuccessorConstraint",
                    name.unwrap_or("")
                ))
            }
        }
    }
    def.successors = successors.into();

    let traits = match src.field(rec, "traits") {
        Some(Value::List(items)) => items,
        Some(Value::Unset) | None => Vec::new(),
        Some(_) => return Err("'traits' is not a list".to_string()),
    };
    let mut parents: Vec<Box<str>> = Vec::new();
    let mut groups: Vec<Box<[Box<str>]>> = Vec::new();
    let mut derived: Vec<DerivedType> = Vec::new();
    for t in traits {
        let Value::Def(t) = t else {
            return Err("a trait is not a record".to_string());
        };
        if !src.is_a(t, "Trait") {
            return Err(format!("'{t}' is not a Trait"));
        }
        let name = str_field(src, t, "name");
        if let Some(i) = Interface::from_name(name) {
            def.interfaces.insert(i);
            continue;
        }
        let Some(tr) = Trait::from_name(name) else {
            return Err(format!("unknown trait '{name}'"));
        };
        if tr == Trait::SingleBlockImplicitTerminator {
            // As MLIR's trait list: `SingleBlock` comes with it.
            def.add_trait(Trait::SingleBlock);
        }
        def.add_trait(tr);
        match tr {
            Trait::HasParent => match src.field(t, "parentOp") {
                Some(Value::Str(p)) if !p.is_empty() => parents.push(p.into()),
                _ => return Err("HasParent without 'parentOp'".to_string()),
            },
            Trait::ParentOneOf => parents.extend(string_list(src, t, "parentOps")?),
            Trait::AllTypesMatch => {
                let names = string_list(src, t, "values")?;
                groups.push(names.into());
            }
            Trait::ElementTypeOf
            | Trait::I1SameShapeOf
            | Trait::SameTypeAs
            | Trait::ValAndBoolStructOf => {
                let field = |f: &str| match src.field(t, f) {
                    Some(Value::Str(v)) if !v.is_empty() => Ok(v.into()),
                    _ => Err(format!("{name} without '{f}'")),
                };
                derived.push(DerivedType {
                    from: field("from")?,
                    to: field("to")?,
                    how: match tr {
                        Trait::ElementTypeOf => Derive::ElementType,
                        Trait::SameTypeAs => Derive::Same,
                        Trait::ValAndBoolStructOf => Derive::ValAndBoolStruct,
                        _ => Derive::I1SameShape,
                    },
                    summary: field("desc")?,
                });
            }
            Trait::SingleBlockImplicitTerminator => match src.field(t, "terminatorOp") {
                Some(Value::Str(p)) if !p.is_empty() => def.implicit_terminator = Some(p.into()),
                _ => return Err("SingleBlockImplicitTerminator without 'terminatorOp'".to_string()),
            },
            Trait::Terminator
            | Trait::NoTerminator
            | Trait::SingleBlock
            | Trait::IsolatedFromAbove
            | Trait::Symbol
            | Trait::SymbolTable
            | Trait::SameOperandsAndResultType
            | Trait::SameTypeOperands
            | Trait::SameOperandsElementType
            | Trait::SameOperandsAndResultElementType
            | Trait::SameOperandsAndResultShape
            | Trait::Elementwise
            | Trait::CastOpInterface
            | Trait::AutomaticAllocationScope
            | Trait::InferResultsFromOperands
            | Trait::GraphRegion
            | Trait::AttrSizedOperandSegments
            | Trait::Pure
            | Trait::ConstantLike
            | Trait::Commutative
            | Trait::NoRegionArguments
            | Trait::ProducesToken
            | Trait::ConsumesToken => {}
        }
    }
    def.parents = parents.into();
    def.same_type_groups = groups.into();
    def.derived = derived.into();
    Ok(def)
}

fn string_list(src: &dyn Records, rec: &str, field: &str) -> Result<Vec<Box<str>>, String> {
    let Some(Value::List(items)) = src.field(rec, field) else {
        return Err(format!("'{rec}.{field}' is not a list of strings"));
    };
    items
        .into_iter()
        .map(|v| match v {
            Value::Str(s) => Ok(s.into()),
            _ => Err(format!("'{rec}.{field}' is not a list of strings")),
        })
        .collect()
}

/// The arguments of dag field `field`, whose operator must be `op`. An unset
/// field reads as an empty dag.
fn dag_args<'a>(
    src: &'a dyn Records,
    rec: &str,
    field: &str,
    op: &str,
) -> Result<Vec<(Value<'a>, Option<&'a str>)>, String> {
    match src.field(rec, field) {
        None | Some(Value::Unset) => Ok(Vec::new()),
        Some(Value::Dag { op: Some(o), args }) if o == op => Ok(args),
        Some(Value::Dag { op: found, .. }) => Err(format!(
            "'{field}' must be a ({op} ...) dag, not ({} ...)",
            found.unwrap_or("?")
        )),
        Some(_) => Err(format!("'{field}' is not a dag")),
    }
}

fn operand(src: &dyn Records, rec: &str, name: Option<&str>) -> Result<OperandDef, String> {
    let (arity, base) = if src.is_a(rec, "Variadic") {
        (Arity::Variadic, wrapped(src, rec)?)
    } else if src.is_a(rec, "Optional") {
        (Arity::Optional, wrapped(src, rec)?)
    } else {
        (Arity::Single, rec)
    };
    if arity != Arity::Single && (src.is_a(base, "Variadic") || src.is_a(base, "Optional")) {
        return Err(format!(
            "operand '{}': nested Variadic/Optional",
            name.unwrap_or("")
        ));
    }
    let kind = constraint_kind(src, base, 0)
        .map_err(|e| format!("operand '{}': {e}", name.unwrap_or("")))?;
    Ok(OperandDef {
        name: name.map(Into::into),
        constraint: irkit_ir::dialect::TypeConstraint {
            kind,
            summary: str_field(src, rec, "summary").into(),
        },
        arity,
        sizes_attr: match src.field(rec, "segmentAttrName") {
            Some(Value::Str(s)) if src.is_a(rec, "VariadicOfVariadic") => Some(s.into()),
            _ => None,
        },
    })
}

/// The `base` record of a wrapper (`Variadic<T>`, `VariadicRegion<R>`, ...).
fn wrapped<'a>(src: &'a dyn Records, rec: &str) -> Result<&'a str, String> {
    match src.field(rec, "base") {
        Some(Value::Def(b)) => Ok(b),
        _ => Err(format!("'{rec}' has no 'base' record")),
    }
}

fn params<'a>(src: &'a dyn Records, rec: &str) -> Result<Vec<&'a str>, String> {
    match src.field(rec, "params") {
        None | Some(Value::Unset) => Ok(Vec::new()),
        Some(Value::List(items)) => items
            .into_iter()
            .map(|v| match v {
                Value::Str(s) => Ok(s),
                _ => Err(format!("'{rec}': 'params' is not a list of strings")),
            })
            .collect(),
        Some(_) => Err(format!("'{rec}': 'params' is not a list of strings")),
    }
}

fn want_params(rec: &str, kind: &str, p: &[&str], n: usize) -> Result<(), String> {
    if p.len() == n {
        Ok(())
    } else {
        Err(format!(
            "'{rec}': type constraint kind '{kind}' takes {n} params, got {}",
            p.len()
        ))
    }
}

fn constraint_kind(src: &dyn Records, rec: &str, depth: usize) -> Result<ConstraintKind, String> {
    if depth > MAX_DEPTH {
        return Err(format!("'{rec}': constraints nested too deeply"));
    }
    let kind = str_field(src, rec, "kind");
    let p = params(src, rec)?;
    let simple = |k: ConstraintKind| -> Result<ConstraintKind, String> {
        want_params(rec, kind, &p, 0)?;
        Ok(k)
    };
    match kind {
        "any" => simple(ConstraintKind::Any),
        "token" => simple(ConstraintKind::Token),
        "any_or_token" => simple(ConstraintKind::AnyOrToken),
        "integer" => simple(ConstraintKind::Integer),
        "signless_integer" => simple(ConstraintKind::SignlessInteger),
        "signless_integer_or_index" => simple(ConstraintKind::SignlessIntegerOrIndex),
        "signless_integer_like" => simple(ConstraintKind::SignlessIntegerLike),
        "signless_fixed_width_integer_like" => {
            simple(ConstraintKind::SignlessFixedWidthIntegerLike)
        }
        "float" => simple(ConstraintKind::Float),
        "float_like" => simple(ConstraintKind::FloatLike),
        "bool_like" => simple(ConstraintKind::BoolLike),
        "index" => simple(ConstraintKind::Index),
        "none" => simple(ConstraintKind::None),
        "function" => simple(ConstraintKind::Function),
        "memref" => simple(ConstraintKind::MemRef),
        "unranked_memref" => simple(ConstraintKind::UnrankedMemRef),
        "ranked_or_unranked_memref" => simple(ConstraintKind::AnyMemRef),
        "non0_ranked_or_unranked_memref" => simple(ConstraintKind::Non0RankedOrUnrankedMemRef),
        "strided_memref" => simple(ConstraintKind::StridedMemRef(None)),
        "static_shape_memref" => simple(ConstraintKind::StaticShapeMemRef),
        "strided_memref_rank" => {
            want_params(rec, kind, &p, 1)?;
            match p[0].parse::<u32>() {
                Ok(r) => Ok(ConstraintKind::StridedMemRef(Some(r))),
                _ => Err(format!("'{rec}': bad memref rank '{}'", p[0])),
            }
        }
        "int_width" => {
            want_params(rec, kind, &p, 1)?;
            match p[0].parse::<u32>() {
                Ok(w) if w > 0 => Ok(ConstraintKind::IntWidth(w)),
                _ => Err(format!("'{rec}': bad integer width '{}'", p[0])),
            }
        }
        "exact" => {
            want_params(rec, kind, &p, 1)?;
            match ExactType::parse(p[0]) {
                Some(t) => Ok(ConstraintKind::Exact(t)),
                None => Err(format!("'{rec}': unknown builtin type '{}'", p[0])),
            }
        }
        "dialect_type" => {
            want_params(rec, kind, &p, 2)?;
            if p[0].is_empty() {
                return Err(format!("'{rec}': dialect type with no dialect name"));
            }
            Ok(ConstraintKind::DialectType {
                dialect: p[0].into(),
                mnemonic: p[1].into(),
            })
        }
        "any_of" => {
            let alts = match src.field(rec, "alternatives") {
                Some(Value::List(items)) => items,
                _ => return Err(format!("'{rec}': 'any_of' needs 'alternatives'")),
            };
            let mut res = Vec::new();
            for a in alts {
                match a {
                    Value::Def(a) if src.is_a(a, "TypeConstraint") => {
                        res.push(constraint_kind(src, a, depth + 1)?)
                    }
                    _ => return Err(format!("'{rec}': an alternative is not a TypeConstraint")),
                }
            }
            Ok(ConstraintKind::AnyOf(res.into()))
        }
        "memref_of" | "memref_rank_of" => {
            // `memref_rank_of`'s param is the rank.
            let rank = if kind == "memref_of" {
                want_params(rec, kind, &p, 0)?;
                None
            } else {
                want_params(rec, kind, &p, 1)?;
                match p[0].parse::<u32>() {
                    Ok(r) => Some(r),
                    _ => return Err(format!("'{rec}': bad memref rank '{}'", p[0])),
                }
            };
            match src.field(rec, "element") {
                Some(Value::Def(e)) if src.is_a(e, "TypeConstraint") => Ok(
                    ConstraintKind::MemRefOf(Box::new(constraint_kind(src, e, depth + 1)?), rank),
                ),
                _ => Err(format!(
                    "'{rec}': 'memref_of' needs an 'element' constraint"
                )),
            }
        }
        "llvm_vector_of" => {
            want_params(rec, kind, &p, 0)?;
            match src.field(rec, "element") {
                Some(Value::Def(e)) if src.is_a(e, "TypeConstraint") => Ok(
                    ConstraintKind::LlvmVectorOf(Box::new(constraint_kind(src, e, depth + 1)?)),
                ),
                _ => Err(format!(
                    "'{rec}': 'llvm_vector_of' needs an 'element' constraint"
                )),
            }
        }
        other => match irkit_ir::llvm::LlvmConstraint::from_name(other) {
            Some(c) => simple(ConstraintKind::Llvm(c)),
            None => Err(format!("'{rec}': unknown type constraint kind '{other}'")),
        },
    }
}

fn attr(src: &dyn Records, rec: &str, name: &str) -> Result<AttrDef, String> {
    let kind = str_field(src, rec, "kind");
    let p = params(src, rec)?;
    let err = |m: String| format!("attribute '{name}': {m}");
    let simple = |k: AttrKind| -> Result<AttrKind, String> {
        if p.is_empty() {
            Ok(k)
        } else {
            Err(err(format!("attribute kind '{kind}' takes no params")))
        }
    };
    let k = match kind {
        "any" => simple(AttrKind::Any)?,
        "unit" => simple(AttrKind::Unit)?,
        "bool" => simple(AttrKind::Bool)?,
        "string" => simple(AttrKind::String)?,
        "symbol_name" => simple(AttrKind::SymbolName)?,
        "flat_symbol_ref" => simple(AttrKind::FlatSymbolRef)?,
        "symbol_ref" => simple(AttrKind::SymbolRef)?,
        "type" => simple(AttrKind::Type)?,
        "function_type" => simple(AttrKind::FunctionType)?,
        "memref_type" => simple(AttrKind::MemRefType)?,
        "int64" => simple(AttrKind::Int64)?,
        "int32" => simple(AttrKind::Int32)?,
        "int1" => simple(AttrKind::Int1)?,
        "int8" => simple(AttrKind::Int8)?,
        "float64" => simple(AttrKind::Float64)?,
        "llvm_function_type" => simple(AttrKind::LlvmFunctionType)?,
        "integer" => simple(AttrKind::Integer)?,
        "index_int" => simple(AttrKind::IndexInt)?,
        "array" => simple(AttrKind::Array)?,
        "dict_array" => simple(AttrKind::DictArray)?,
        "i64_array_array" => simple(AttrKind::I64ArrayArray)?,
        "dense_i32_array" => simple(AttrKind::DenseI32Array)?,
        "dense_i64_array" => simple(AttrKind::DenseI64Array)?,
        "affine_map" => simple(AttrKind::AffineMap)?,
        "typed" => simple(AttrKind::Typed)?,
        "i64_enum" | "i32_enum" => {
            let mut cases = Vec::new();
            for c in &p {
                match c.parse::<i64>() {
                    Ok(v) => cases.push(v),
                    Err(_) => return Err(err(format!("enum case '{c}' is not an integer"))),
                }
            }
            AttrKind::IntEnum {
                width: if kind == "i32_enum" { 32 } else { 64 },
                cases: cases.into(),
            }
        }
        "i32_bit_enum" => {
            // Case values; a group's is written `G<value>`.
            let mut cases = Vec::new();
            let mut groups = Vec::new();
            for c in &p {
                let (group, digits) = match c.strip_prefix('G') {
                    Some(d) => (true, d),
                    None => (false, *c),
                };
                match digits.parse::<u32>() {
                    Ok(v) => {
                        cases.push(u64::from(v));
                        groups.push(group);
                    }
                    Err(_) => return Err(err(format!("bit enum case '{c}' is not an integer"))),
                }
            }
            let text = |field| match src.field(rec, field) {
                Some(Value::Str(s)) => s.into(),
                _ => Box::from(""),
            };
            AttrKind::BitEnum(Box::new(irkit_ir::dialect::BitEnum {
                valid: cases.iter().fold(0, |a, c| a | c),
                cases: cases.into(),
                groups: groups.into(),
                separator: text("separator"),
                mnemonic: text("enumMnemonic"),
            }))
        }
        "dialect_attr" | "dialect_attr_array" => {
            if p.len() != 2 || p[0].is_empty() {
                return Err(err(format!(
                    "attribute kind '{kind}' takes [dialect, mnemonic]"
                )));
            }
            let (dialect, mnemonic) = (p[0].into(), p[1].into());
            if kind == "dialect_attr" {
                AttrKind::DialectAttr { dialect, mnemonic }
            } else {
                AttrKind::DialectAttrArray { dialect, mnemonic }
            }
        }
        other => return Err(err(format!("unknown attribute kind '{other}' ({rec})"))),
    };
    let optional = matches!(src.field(rec, "optional"), Some(Value::Int(v)) if v != 0);
    let default = match src.field(rec, "defaultValue") {
        Some(Value::Str(d)) if !d.is_empty() => Some(d.into()),
        _ => None,
    };
    let case_names = match src.field(rec, "caseNames") {
        Some(Value::List(items)) => items
            .into_iter()
            .filter_map(|v| match v {
                Value::Str(s) => Some(s.into()),
                _ => None,
            })
            .collect(),
        _ => Box::new([]) as Box<[Box<str>]>,
    };
    let n_cases = match &k {
        AttrKind::IntEnum { cases, .. } => Some(cases.len()),
        AttrKind::BitEnum(b) => Some(b.cases.len()),
        _ => None,
    };
    if let Some(n) = n_cases {
        if !case_names.is_empty() && case_names.len() != n {
            return Err(err(format!(
                "{} case names for {n} enum cases",
                case_names.len()
            )));
        }
    }
    Ok(AttrDef {
        name: name.into(),
        kind: k,
        summary: str_field(src, rec, "summary").into(),
        optional,
        fill_default: default.is_some()
            && !matches!(src.field(rec, "defaultFilled"), Some(Value::Int(0))),
        default,
        case_names,
        min: bound(src, rec, "minValue").map_err(err)?,
        max: bound(src, rec, "maxValue").map_err(err)?,
        power_of_two: matches!(src.field(rec, "powerOfTwo"), Some(Value::Int(v)) if v != 0),
        segment_sizes: matches!(src.field(rec, "segmentSizes"), Some(Value::Int(v)) if v != 0),
    })
}

/// An integer bound field of an attribute (`minValue`, `maxValue`); empty:
/// none.
fn bound(src: &dyn Records, rec: &str, field: &str) -> Result<Option<i64>, String> {
    match src.field(rec, field) {
        Some(Value::Str(m)) if !m.is_empty() => match m.parse() {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(format!("{field} '{m}' is not an integer")),
        },
        _ => Ok(None),
    }
}

fn region(src: &dyn Records, rec: &str, name: Option<&str>) -> Result<RegionDef, String> {
    let variadic = src.is_a(rec, "VariadicRegion");
    let base = if variadic { wrapped(src, rec)? } else { rec };
    let kind = match str_field(src, base, "kind") {
        "any" => RegionKind::Any,
        "sized1" => RegionKind::Sized1,
        "max_sized1" => RegionKind::MaxSized1,
        other => {
            return Err(format!(
                "region '{}': unknown region constraint kind '{other}'",
                name.unwrap_or("")
            ))
        }
    };
    Ok(RegionDef {
        name: name.map(Into::into),
        kind,
        summary: str_field(src, base, "summary").into(),
        variadic,
    })
}

/// Full verification of a parsed module against `reg`, in mlir-opt-19's
/// order as far as layers allow: property conversion (a parse-time error in
/// MLIR), then registered op definitions (MLIR runs an op's ODS checks
/// before its custom verifier, which the structural layer holds for the ops
/// it knows), then the structural and dominance layers of
/// [`irkit_ir::verify::verify`], then the token contract. Stops after the
/// first layer that reports.
pub fn verify_module(m: &Module, file: FileId, reg: &DialectRegistry) -> Vec<Diagnostic> {
    verify_module_with(m, file, reg, irkit_ir::verify::VerifyConfig::default())
}

/// [`verify_module`] with the structural verifier's options (mlir-opt's
/// "see current operation" notes).
pub fn verify_module_with(
    m: &Module,
    file: FileId,
    reg: &DialectRegistry,
    config: irkit_ir::verify::VerifyConfig,
) -> Vec<Diagnostic> {
    irkit_ir::verify::verify_registered(m, file, reg, config)
}

// ------------------------------------------------------------------ JSON

/// Records from llvm-tblgen's `--dump-json` output.
pub struct JsonRecords<'l> {
    root: serde_json::Map<String, serde_json::Value>,
    locate: &'l dyn Fn(&str, u32) -> Option<Loc>,
    /// The `.td` texts, for diagnostics inside format strings.
    sources: Option<&'l SourceMap>,
}

impl<'l> JsonRecords<'l> {
    pub fn parse(
        json: &str,
        locate: &'l dyn Fn(&str, u32) -> Option<Loc>,
    ) -> Result<JsonRecords<'l>, Diagnostic> {
        match serde_json::from_str::<serde_json::Value>(json) {
            Ok(serde_json::Value::Object(root)) => Ok(JsonRecords {
                root,
                locate,
                sources: None,
            }),
            Ok(_) => Err(Diagnostic::bare_error(
                "dialect records: JSON is not an object of records",
            )),
            Err(e) => Err(Diagnostic::bare_error(format!(
                "dialect records: invalid JSON: {e}"
            ))),
        }
    }

    /// Records from an already parsed JSON object.
    pub fn from_map(
        root: serde_json::Map<String, serde_json::Value>,
        locate: &'l dyn Fn(&str, u32) -> Option<Loc>,
    ) -> JsonRecords<'l> {
        JsonRecords {
            root,
            locate,
            sources: None,
        }
    }

    fn record(&self, rec: &str) -> Option<&serde_json::Map<String, serde_json::Value>> {
        if rec.starts_with('!') {
            return None;
        }
        self.root.get(rec)?.as_object()
    }

    /// `FILE:LINE` of the record's first location.
    fn first_loc(&self, rec: &str) -> Option<(&str, u32)> {
        let s = self
            .record(rec)?
            .get("!locs")?
            .as_array()?
            .first()?
            .as_str()?;
        let (file, line) = s.rsplit_once(':')?;
        Some((file, line.parse().ok()?))
    }
}

fn json_value(v: &serde_json::Value) -> Value<'_> {
    use serde_json::Value as J;
    match v {
        J::Null => Value::Unset,
        J::Bool(b) => Value::Int(i64::from(*b)),
        J::Number(n) => n.as_i64().map_or(Value::Other, Value::Int),
        J::String(s) => Value::Str(s),
        J::Array(items) => Value::List(items.iter().map(json_value).collect()),
        J::Object(o) => match o.get("kind").and_then(J::as_str) {
            Some("def") => o
                .get("def")
                .and_then(J::as_str)
                .map_or(Value::Other, Value::Def),
            Some("dag") => {
                let op = o
                    .get("operator")
                    .and_then(|op| op.get("def"))
                    .and_then(J::as_str);
                let args = o
                    .get("args")
                    .and_then(J::as_array)
                    .map(|args| {
                        args.iter()
                            .map(|a| {
                                let pair = a.as_array();
                                let val = pair
                                    .and_then(|p| p.first())
                                    .map_or(Value::Other, json_value);
                                let name = pair.and_then(|p| p.get(1)).and_then(J::as_str);
                                (val, name)
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                Value::Dag { op, args }
            }
            _ => Value::Other,
        },
    }
}

impl Records for JsonRecords<'_> {
    fn instances_of(&self, class: &str) -> Vec<&str> {
        let Some(list) = self
            .root
            .get("!instanceof")
            .and_then(|i| i.get(class))
            .and_then(|l| l.as_array())
        else {
            return Vec::new();
        };
        list.iter().filter_map(|v| v.as_str()).collect()
    }

    fn is_a(&self, rec: &str, class: &str) -> bool {
        self.record(rec)
            .and_then(|r| r.get("!superclasses"))
            .and_then(|s| s.as_array())
            .is_some_and(|s| s.iter().any(|c| c.as_str() == Some(class)))
    }

    fn field(&self, rec: &str, field: &str) -> Option<Value<'_>> {
        if field.starts_with('!') {
            return None;
        }
        self.record(rec)?.get(field).map(json_value)
    }

    fn loc(&self, rec: &str) -> Option<Loc> {
        let (file, line) = self.first_loc(rec)?;
        (self.locate)(file, line)
    }

    fn loc_text(&self, rec: &str) -> Option<String> {
        let (file, line) = self.first_loc(rec)?;
        Some(format!("{file}:{line}"))
    }

    fn format_loc(&self, rec: &str, offset: usize) -> Option<Loc> {
        let map = self.sources?;
        let at = self.loc(rec)?;
        let text = map.file(at.file).text();
        let from = at.span.start as usize;
        // The record's own `assemblyFormat = "..."` or `[{...}]`, if the
        // next one in the text belongs to it (no other `def` in between).
        let rel = text.get(from..)?.find("assemblyFormat")?;
        let field = from + rel;
        let next_def = text.get(from + 1..)?.find("\ndef ").map(|i| from + 1 + i);
        if next_def.is_some_and(|d| d < field) {
            return None;
        }
        let rest = &text[field + "assemblyFormat".len()..];
        let eq = rest.find('=')?;
        let after = rest[eq + 1..].trim_start();
        let start = text.len() - after.len()
            + if after.starts_with("[{") {
                2
            } else if after.starts_with('"') {
                1
            } else {
                return None;
            };
        let pos = (start + offset).min(text.len()) as u32;
        Some(Loc {
            file: at.file,
            span: Span::new(pos, pos + 1),
        })
    }
}

#[cfg(test)]
mod tests;
