//! Registered ops against their definitions ([`crate::dialect::OpDef`]):
//! counts (with variadic and attribute-sized segments), type constraints,
//! inherent attributes, regions, successors and traits.
//!
//! Checks run in the order MLIR 19's ODS-generated verifiers run them, and
//! messages are mlir-opt-19's (`'arith.addi' op operand #0 must be
//! signless-integer-like, but got 'f32'`). Like mlir-opt, the first failure
//! stops verification. Ops with no definition are not checked here (they are
//! treated like `--allow-unregistered-dialect` treats unknown ops); the token
//! contract ([`super::tokens`]) still applies to them.

use super::Cx;
use crate::context::{AttrData, AttrId, Signedness, Sym, TypeData, TypeId};
use crate::dialect::{
    Arity, AttrDef, AttrKind, Derive, DialectRegistry, Interface, OpDef, OpDefId, OperandDef,
    RegionKind, Trait,
};
use crate::ir::{Module, OpId};
use crate::printer::{attr_to_string, type_to_string};
use irkit_diag::{Diagnostic, FileId};
use rustc_hash::FxHashMap;

/// Verifies every registered op of `m` (pre-order, as MLIR does); returns
/// the first failure, if any, as the only diagnostic. Runs the handle
/// layer first, so it is safe on any module.
pub fn verify_ops(m: &Module, file: FileId, reg: &DialectRegistry) -> Vec<Diagnostic> {
    if m.top.is_none() {
        return Vec::new();
    }
    let cx = new_cx(m, file, reg);
    let mut diags = Vec::new();
    super::handles::check(&cx, &mut diags);
    if !diags.is_empty() {
        return diags;
    }
    ops_layer(&cx, &mut DefCache::new(reg), Storage::Check)
}

/// Whether [`ops_layer`] checks property storage, or the caller has run
/// [`properties_layer`] over the module already.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Storage {
    Check,
    Checked,
}

/// [`verify_ops`] once the handle layer passed.
pub(crate) fn ops_layer(cx: &Cx<'_>, defs: &mut DefCache<'_>, storage: Storage) -> Vec<Diagnostic> {
    let m = cx.m;
    let reg = defs.reg;
    let Some(top) = m.top else {
        return Vec::new();
    };
    // Depth-first with an exit event per op: an op's own checks run on
    // entry (before its nested ops), its region checks on exit (after them),
    // as MLIR's verifier does.
    let mut stack = vec![(top, false)];
    while let Some((op, exit)) = stack.pop() {
        let def = defs.get(m, op);
        if exit {
            if let Some(def) = def {
                if let Err(d) = check_region_traits(cx, def, op) {
                    return vec![d];
                }
            }
            continue;
        }
        if let Some(def) = def {
            let parent = m.parent_op(op).and_then(|p| defs.get(m, p).map(|d| (p, d)));
            if let Err(d) = check_op(cx, def, op, parent, storage) {
                return vec![d];
            }
        } else if let Some(d) = unknown_op_of_loaded_dialect(cx, reg, op) {
            return vec![d];
        }
        if m.ops[op].regions.is_empty() {
            // No nested ops: the exit checks can run now.
            if let Some(def) = def {
                if let Err(d) = check_region_traits(cx, def, op) {
                    return vec![d];
                }
            }
            continue;
        }
        stack.push((op, true));
        for &r in m.ops[op].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().map(|&o| (o, false)));
            }
        }
    }
    Vec::new()
}

/// An op whose dialect is loaded but names no such op: MLIR rejects it
/// unless the dialect allows unknown operations (even with
/// `--allow-unregistered-dialect`, which only covers unknown dialects).
pub(crate) fn unknown_op_of_loaded_dialect(
    cx: &Cx<'_>,
    reg: &DialectRegistry,
    op: OpId,
) -> Option<Diagnostic> {
    let name = cx.m.op_name(op);
    let (dialect, _) = name.split_once('.')?;
    let d = reg.dialect(dialect.as_bytes())?;
    if d.allow_unknown_ops {
        return None;
    }
    Some(cx.op_diag(
        op,
        format!(
            "unregistered operation '{name}' found in dialect ('{dialect}') that does not allow unknown operations"
        ),
    ))
}

/// Checks MLIR runs after an op's nested ops are verified.
pub(crate) fn check_region_traits(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    // In the order of MLIR's trait lists: loop-like, region branches, the
    // implicit terminator, then the op's own `verifyRegions`.
    super::scf::check_loop_like(cx, op)?;
    if def.implements(Interface::RegionBranchOpInterface) {
        super::region_branch::check(cx, op)?;
    }
    if def.has(Trait::SymbolTable) {
        check_symbol_table(cx, op)?;
        super::symbols::check_symbol_uses(cx, op)?;
    }
    if let Some(term) = &def.implicit_terminator {
        let m = cx.m;
        for &r in m.ops[op].regions.iter() {
            let Some(&b) = m.regions[r].blocks.first() else {
                continue;
            };
            let Some(&last) = m.blocks[b].ops.last() else {
                continue;
            };
            if m.ctx.bytes(m.ops[last].name) != term.as_bytes() {
                // MLIR checks each block's terminator on leaving the block,
                // before the op's region traits.
                if !cx.traits(last).might_be_terminator() {
                    return Err(super::structure::no_terminator(cx, last));
                }
                return Err(cx
                    .op_error(
                        op,
                        format!(
                            "expects regions to end with '{term}', found '{}'",
                            m.op_name(last)
                        ),
                    )
                    .with_note(
                        Some(cx.op_loc(op)),
                        format!(
                            "in custom textual format, the absence of terminator implies '{term}'"
                        ),
                    ));
            }
        }
    }
    super::llvm::check_regions(cx, op)?;
    super::scf::check_regions(cx, op)
}

/// The properties of every registered op that cannot be stored as their
/// declared attributes. mlir-opt-19 reports these while parsing (`invalid
/// properties {..} for op ..`), before any other verification; returns the
/// first one.
pub fn verify_properties(m: &Module, file: FileId, reg: &DialectRegistry) -> Vec<Diagnostic> {
    if m.top.is_none() {
        return Vec::new();
    }
    let cx = new_cx(m, file, reg);
    let mut diags = Vec::new();
    super::handles::check(&cx, &mut diags);
    if !diags.is_empty() {
        return diags;
    }
    properties_layer(&cx, &mut DefCache::new(reg))
}

/// [`verify_properties`] once the handle layer passed.
pub(crate) fn properties_layer(cx: &Cx<'_>, defs: &mut DefCache<'_>) -> Vec<Diagnostic> {
    let m = cx.m;
    let Some(top) = m.top else {
        return Vec::new();
    };
    let mut stack = vec![top];
    while let Some(op) = stack.pop() {
        if let Some(def) = defs.get(m, op) {
            if let Err(d) = check_property_storage(cx, def, op) {
                return vec![d];
            }
        }
        for &r in m.ops[op].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().copied());
            }
        }
    }
    Vec::new()
}

/// Verifies one op against its definition (nothing if it has none): what
/// MLIR checks on entering the op, before its nested ops. With
/// [`verify_op_regions`] a caller can interleave these checks with its own
/// walk. The caller must have run the handle layer.
pub fn verify_op(m: &Module, file: FileId, reg: &DialectRegistry, op: OpId) -> Option<Diagnostic> {
    let cx = new_cx(m, file, reg);
    let def = reg.get(m.ctx.bytes(m.ops[op].name))?;
    let parent = m
        .parent_op(op)
        .and_then(|p| reg.get(m.ctx.bytes(m.ops[p].name)).map(|d| (p, d)));
    check_op(&cx, def, op, parent, Storage::Check).err()
}

/// What MLIR checks on leaving an op, after its nested ops: symbol tables
/// and implicit terminators.
pub fn verify_op_regions(
    m: &Module,
    file: FileId,
    reg: &DialectRegistry,
    op: OpId,
) -> Option<Diagnostic> {
    let cx = new_cx(m, file, reg);
    let def = reg.get(m.ctx.bytes(m.ops[op].name))?;
    check_region_traits(&cx, def, op).err()
}

/// The verifier context for these layers (they do not use the built-in
/// trait table; op facts come from the registry).
pub(crate) fn new_cx<'m>(m: &'m Module, file: FileId, reg: &DialectRegistry) -> Cx<'m> {
    Cx {
        m,
        file,
        traits: Default::default(),
        release: reg.release(),
        walked: Default::default(),
        stored: Default::default(),
        accepted: Default::default(),
    }
}

/// Op name -> definition, resolved once per interned name: a slot per
/// interned name index (names are few and interned early, so the table is
/// small), 0 = not looked up yet, 1 = no definition, `2 + id` otherwise.
pub struct DefCache<'r> {
    pub(crate) reg: &'r DialectRegistry,
    slots: Vec<u32>,
}

impl<'r> DefCache<'r> {
    pub fn new(reg: &'r DialectRegistry) -> DefCache<'r> {
        DefCache {
            reg,
            slots: Vec::new(),
        }
    }
    pub fn get(&mut self, m: &Module, op: OpId) -> Option<&'r OpDef> {
        let name = m.ops[op].name;
        let reg = self.reg;
        let i = name.0 as usize;
        if let Some(&slot) = self.slots.get(i) {
            match slot {
                0 => {}
                1 => return None,
                k => return Some(&reg[OpDefId::from_raw(k - 2)]),
            }
        } else {
            self.slots.resize(i + 1, 0);
        }
        let id = reg.lookup(m.ctx.bytes(name));
        self.slots[i] = id.map_or(1, |d| d.raw() + 2);
        id.map(|d| &reg[d])
    }
}

const SEGMENTS: &[u8] = b"operandSegmentSizes";

pub(crate) fn check_op(
    cx: &Cx<'_>,
    def: &OpDef,
    op: OpId,
    parent: Option<(OpId, &OpDef)>,
    storage: Storage,
) -> Result<(), Diagnostic> {
    if storage == Storage::Check {
        check_property_storage(cx, def, op)?;
    }
    // The IR verifier's token opt-in rule comes before the op's own checks.
    super::tokens::check_token_traits(cx, op, def, parent)?;
    check_counts(cx, def, op)?;
    // MLIR verifies structural traits (`StructuralOpTrait` in its OpBase.td)
    // before the op's invariants, and the other traits after them.
    check_traits(cx, def, op, Phase::Structural)?;
    check_attrs(cx, def, op)?;
    let segments = operand_segments(cx, def, op)?;
    check_values(cx, op, &def.operands, segments, Which::Operand)?;
    let result_segments = Segments::plain(&def.results, cx.m.ops[op].results.len());
    check_values(cx, op, &def.results, result_segments, Which::Result)?;
    check_traits(cx, def, op, Phase::Pred)?;
    super::arith::check_pred(cx, op)?;
    super::func::check_pred(cx, op)?;
    check_regions(cx, def, op)?;
    check_traits(cx, def, op, Phase::Other)?;
    check_inferred_types(cx, def, op)?;
    if def.implements(Interface::BranchOpInterface) {
        super::structure::check_branch_op(cx, op)?;
    }
    if def.implements(Interface::WeightedBranchOpInterface) {
        super::structure::check_branch_weights(cx, op)?;
    }
    super::arith::check(cx, op)?;
    super::memref::check(cx, def, op)?;
    super::cf::check(cx, op)?;
    if cx.m.ctx.bytes(cx.m.ops[op].name) == b"func.constant"
        && !super::func::constant_is_symbol_use(cx)
    {
        super::func::check_constant(cx, op)?;
    }
    super::scf::check(cx, def, op)?;
    super::llvm::check(cx, op)
}

// ------------------------------------------------------------- properties

/// Properties whose value cannot be stored as the declared attribute: a
/// parse-time error in mlir-opt-19 (`invalid properties {..} for op ..`).
fn check_property_storage(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(props) = m.ops[op].properties else {
        return Ok(());
    };
    if m.source.inherent_from_dict.get(op).is_some() {
        // Written as attributes: the attribute constraints report them.
        return Ok(());
    }
    let key = (def as *const OpDef as usize, props);
    if cx.stored.borrow().contains(&key) {
        return Ok(());
    }
    check_storage_of(cx, def, op, props)?;
    cx.stored.borrow_mut().insert(key);
    Ok(())
}

/// [`check_property_storage`] of the dictionary `props`.
fn check_storage_of(cx: &Cx<'_>, def: &OpDef, op: OpId, props: AttrId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let invalid = |why: String| {
        Diagnostic::error(
            cx.op_loc(op),
            format!(
                "invalid properties {} for op {}: {why}",
                attr_to_string(&m.ctx, props),
                m.op_name(op)
            ),
        )
    };
    for a in def.attrs.iter() {
        let Some(v) = m.ctx.dict_get(props, a.name.as_bytes()) else {
            continue;
        };
        if !storage_ok(cx, &a.kind, v) {
            // MLIR 19's `EnumProperty` (the LLVM dialect's `overflowFlags`)
            // words its conversion error itself.
            let why = match &a.kind {
                AttrKind::DialectAttr { dialect, mnemonic }
                    if &**dialect == "llvm" && &**mnemonic == "overflow" =>
                {
                    format!(
                        "expected '{}' attribute to be an IntegerOverflowFlagsAttr, but got {}",
                        a.name,
                        attr_to_string(&m.ctx, v)
                    )
                }
                _ => format!(
                    "Invalid attribute `{}` in property conversion: {}",
                    a.name,
                    attr_to_string(&m.ctx, v)
                ),
            };
            return Err(invalid(why));
        }
    }
    if def.has(Trait::AttrSizedOperandSegments) {
        if let Some(v) = m.ctx.dict_get(props, SEGMENTS) {
            match m.ctx.attr_data(v) {
                AttrData::DenseArray { elem, values } if is_int(cx, *elem, 32) => {
                    if values.len() != def.operands.len() {
                        return Err(invalid(format!(
                            "size mismatch in attribute conversion: {} vs {}",
                            values.len(),
                            def.operands.len()
                        )));
                    }
                }
                _ => {
                    return Err(invalid(
                        "expected DenseI32ArrayAttr for key `value`".to_string(),
                    ))
                }
            }
        }
    }
    Ok(())
}

fn is_int(cx: &Cx<'_>, t: TypeId, width: u32) -> bool {
    cx.m.ctx.int_width(t) == Some((width, Signedness::Signless))
}

/// Whether `v` can be held by the storage class of `kind` (MLIR's property
/// conversion).
fn storage_ok(cx: &Cx<'_>, kind: &AttrKind, v: AttrId) -> bool {
    let ctx = &cx.m.ctx;
    let data = ctx.attr_data(v);
    match kind {
        AttrKind::Any => true,
        AttrKind::Unit => matches!(data, AttrData::Unit),
        AttrKind::Bool => matches!(data, AttrData::Integer { ty, .. } if is_int(cx, *ty, 1)),
        AttrKind::String | AttrKind::SymbolName => matches!(data, AttrData::String { .. }),
        AttrKind::FlatSymbolRef => matches!(data, AttrData::SymbolRef(p) if p.len() == 1),
        AttrKind::SymbolRef => matches!(data, AttrData::SymbolRef(_)),
        AttrKind::Type
        | AttrKind::FunctionType
        | AttrKind::MemRefType
        | AttrKind::LlvmFunctionType => {
            matches!(data, AttrData::Type(_))
        }
        AttrKind::Int64 | AttrKind::Int32 | AttrKind::Int8 | AttrKind::Int1 | AttrKind::Integer => {
            matches!(data, AttrData::Integer { .. })
        }
        AttrKind::Float64 => matches!(data, AttrData::Float { .. }),
        AttrKind::IndexInt => {
            matches!(data, AttrData::Integer { ty, .. } if matches!(ctx.type_data(*ty), TypeData::Index))
        }
        AttrKind::BitEnum(b) => match data {
            AttrData::Integer { ty, words } if is_int(cx, *ty, 32) => {
                words.first().copied().unwrap_or(0) & !b.valid == 0
            }
            _ => false,
        },
        AttrKind::IntEnum { width, cases } => match data {
            AttrData::Integer { ty, words } if is_int(cx, *ty, *width) => {
                let v = words.first().copied().unwrap_or(0) as i64;
                cases.contains(&v)
            }
            _ => false,
        },
        AttrKind::Array
        | AttrKind::DictArray
        | AttrKind::I64ArrayArray
        | AttrKind::DialectAttrArray { .. } => {
            matches!(data, AttrData::Array(_))
        }
        AttrKind::DenseI32Array => {
            matches!(data, AttrData::DenseArray { elem, .. } if is_int(cx, *elem, 32))
        }
        AttrKind::DenseI64Array => {
            matches!(data, AttrData::DenseArray { elem, .. } if is_int(cx, *elem, 64))
        }
        AttrKind::Typed => is_typed(data),
        AttrKind::AffineMap => matches!(data, AttrData::AffineMap(_)),
        AttrKind::DialectAttr { dialect, mnemonic } => match data {
            AttrData::Dialect { dialect: d, body } => {
                ctx.bytes(*d) == dialect.as_bytes()
                    && (mnemonic.is_empty()
                        || crate::dialect::body_has_mnemonic(ctx, body, mnemonic))
            }
            _ => false,
        },
    }
}

/// Whether MLIR's attribute `data` is a `TypedAttr`.
pub(crate) fn is_typed_attr(data: &AttrData) -> bool {
    is_typed(data)
}

fn is_typed(data: &AttrData) -> bool {
    match data {
        AttrData::Integer { .. }
        | AttrData::Float { .. }
        | AttrData::Dense { .. }
        | AttrData::DenseArray { .. }
        | AttrData::DenseResource { .. }
        | AttrData::Sparse { .. }
        | AttrData::Dialect { .. } => true,
        // A string attribute is typed (`none` unless a type is given).
        AttrData::String { .. } => true,
        AttrData::Unit
        | AttrData::Array(_)
        | AttrData::Dict(_)
        | AttrData::Type(_)
        | AttrData::SymbolRef(_)
        | AttrData::AffineMap(_)
        | AttrData::IntegerSet(_)
        | AttrData::Strided(_)
        | AttrData::Distinct { .. }
        | AttrData::Loc(_) => false,
    }
}

/// Whether `v` satisfies the constraint of `kind` (beyond its storage).
fn constraint_ok(cx: &Cx<'_>, kind: &AttrKind, v: AttrId) -> bool {
    let ctx = &cx.m.ctx;
    if !storage_ok(cx, kind, v) {
        return false;
    }
    match (kind, ctx.attr_data(v)) {
        (AttrKind::FunctionType, AttrData::Type(t)) => {
            matches!(ctx.type_data(*t), TypeData::Function { .. })
        }
        (AttrKind::MemRefType, AttrData::Type(t)) => {
            matches!(ctx.type_data(*t), TypeData::MemRef { .. })
        }
        (AttrKind::LlvmFunctionType, AttrData::Type(t)) => {
            crate::llvm::kind_of(ctx, *t) == crate::llvm::Kind::Func
        }
        (AttrKind::Int64, AttrData::Integer { ty, .. }) => is_int(cx, *ty, 64),
        (AttrKind::Int32, AttrData::Integer { ty, .. }) => is_int(cx, *ty, 32),
        (AttrKind::Int1, AttrData::Integer { ty, .. }) => is_int(cx, *ty, 1),
        (AttrKind::Int8, AttrData::Integer { ty, .. }) => is_int(cx, *ty, 8),
        (AttrKind::Float64, AttrData::Float { ty, .. }) => {
            matches!(
                ctx.type_data(*ty),
                TypeData::Float(crate::context::FloatKind::F64)
            )
        }
        (AttrKind::DialectAttrArray { dialect, mnemonic }, AttrData::Array(items)) => {
            items.iter().all(|&i| match ctx.attr_data(i) {
                AttrData::Dialect { dialect: d, body } => {
                    ctx.bytes(*d) == dialect.as_bytes()
                        && crate::dialect::body_has_mnemonic(ctx, body, mnemonic)
                }
                _ => false,
            })
        }
        (AttrKind::I64ArrayArray, AttrData::Array(items)) => items.iter().all(|&i| {
            matches!(ctx.attr_data(i), AttrData::Array(inner) if inner.iter().all(|&e| {
                matches!(ctx.attr_data(e), AttrData::Integer { ty, .. } if is_int(cx, *ty, 64))
            }))
        }),
        (AttrKind::DictArray, AttrData::Array(items)) => items
            .iter()
            .all(|&i| matches!(ctx.attr_data(i), AttrData::Dict(_))),
        _ => true,
    }
}

/// Whether symbol `op` is public: no `sym_visibility`, or "public".
pub(crate) fn is_public(cx: &Cx<'_>, op: OpId) -> bool {
    let m = cx.m;
    inherent(cx, op, b"sym_visibility").is_none_or(|v| {
        matches!(m.ctx.attr_data(v), AttrData::String { value, .. } if m.ctx.bytes(*value) == b"public")
    })
}

/// An inherent attribute: from the properties, else from the attribute
/// dictionary (where generic syntax may also put it).
pub(crate) fn inherent(cx: &Cx<'_>, op: OpId, name: &[u8]) -> Option<AttrId> {
    let d = &cx.m.ops[op];
    d.properties
        .and_then(|p| cx.m.ctx.dict_get(p, name))
        .or_else(|| cx.m.ctx.dict_get(d.attrs, name))
}

/// The value of an integer attribute (its low 64 bits).
pub(crate) fn int_value(cx: &Cx<'_>, a: AttrId) -> Option<i64> {
    match cx.m.ctx.attr_data(a) {
        AttrData::Integer { words, .. } => Some(words.first().copied().unwrap_or(0) as i64),
        _ => None,
    }
}

/// An inherent `DenseI64ArrayAttr` (empty when absent).
pub(crate) fn dense_i64(cx: &Cx<'_>, op: OpId, name: &[u8]) -> Vec<i64> {
    match inherent(cx, op, name).map(|a| cx.m.ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => {
            values.iter().map(|&v| v as u64 as i64).collect()
        }
        _ => Vec::new(),
    }
}

/// The size of operand segment `i` of an `AttrSizedOperandSegments` op, as
/// written in its `operandSegmentSizes` (0 when absent).
pub(crate) fn segment(cx: &Cx<'_>, op: OpId, i: usize) -> usize {
    match inherent(cx, op, b"operandSegmentSizes").map(|a| cx.m.ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => values.get(i).map_or(0, |&v| v as usize),
        _ => 0,
    }
}

// ----------------------------------------------------------------- counts

fn check_counts(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let d = &cx.m.ops[op];
    // Regions.
    let fixed = def.regions.iter().filter(|r| !r.variadic).count();
    let var = def.regions.iter().any(|r| r.variadic);
    if let Some(msg) = count_error("region", fixed, var, d.regions.len()) {
        return Err(cx.op_error(op, msg));
    }
    // Results.
    let (fixed, var) = fixed_and_var(&def.results);
    if let Some(msg) = count_error("result", fixed, var, d.results.len()) {
        return Err(cx.op_error(op, msg));
    }
    // Successors.
    let fixed = def.successors.iter().filter(|s| !s.variadic).count();
    let var = def.successors.iter().any(|s| s.variadic);
    let n = d.successors.len();
    if !var && n != fixed {
        let noun = if fixed == 1 {
            "successor"
        } else {
            "successors"
        };
        return Err(cx.op_error(op, format!("requires {fixed} {noun} but found {n}")));
    }
    if var && fixed > 0 && n < fixed {
        return Err(cx.op_error(
            op,
            format!("requires at least {fixed} successors but found {n}"),
        ));
    }
    // Operands.
    let (fixed, var) = fixed_and_var(&def.operands);
    let n = d.operands.len();
    if !var && n != fixed {
        return Err(cx.op_error(
            op,
            match fixed {
                0 => "requires zero operands".to_string(),
                1 => "requires a single operand".to_string(),
                _ => format!("expected {fixed} operands, but found {n}"),
            },
        ));
    }
    if var && fixed > 0 && n < fixed {
        return Err(cx.op_error(
            op,
            format!("expected {fixed} or more operands, but found {n}"),
        ));
    }
    Ok(())
}

/// MLIR's count-trait message for `n` regions or results (`noun`, singular)
/// where the op declares `fixed` single ones and, if `var`, variadic ones.
fn count_error(noun: &str, fixed: usize, var: bool, n: usize) -> Option<String> {
    if !var && n != fixed {
        return Some(match fixed {
            0 => format!("requires zero {noun}s"),
            1 => format!("requires one {noun}"),
            _ => format!("expected {fixed} {noun}s"),
        });
    }
    (var && fixed > 0 && n < fixed).then(|| format!("expected {fixed} or more {noun}s"))
}

fn fixed_and_var(defs: &[OperandDef]) -> (usize, bool) {
    let fixed = defs.iter().filter(|o| o.arity == Arity::Single).count();
    (fixed, fixed != defs.len())
}

// ------------------------------------------------------------- attributes

/// Required attributes, then their constraints, each in name order (as
/// mlir-opt-19's generated verifiers check them).
fn check_attrs(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    for a in attrs_by_name(def) {
        if !a.optional && inherent(cx, op, a.name.as_bytes()).is_none() {
            return Err(cx.op_error(op, format!("requires attribute '{}'", a.name)));
        }
    }
    for a in attrs_by_name(def) {
        check_attr(cx, op, a)?;
    }
    Ok(())
}

/// The attribute definitions in name order. A definition that never went
/// through [`DialectRegistry::add_op`] (so has no order) is checked in
/// declaration order.
///
/// [`DialectRegistry::add_op`]: crate::dialect::DialectRegistry::add_op
fn attrs_by_name(def: &OpDef) -> impl Iterator<Item = &AttrDef> {
    let ordered = def.attrs_by_name.len() == def.attrs.len();
    let by_name = def
        .attrs_by_name
        .iter()
        .map(|&i| &def.attrs[usize::from(i)]);
    let declared = def.attrs.iter().filter(move |_| !ordered);
    by_name.chain(declared)
}

fn check_attr(cx: &Cx<'_>, op: OpId, a: &AttrDef) -> Result<(), Diagnostic> {
    let Some(v) = inherent(cx, op, a.name.as_bytes()) else {
        return Ok(());
    };
    let value = || match cx.m.ctx.attr_data(v) {
        AttrData::Integer { ty, words } => {
            let width = match cx.m.ctx.type_data(*ty) {
                TypeData::Integer { width, .. } => *width,
                _ => 64,
            };
            let w = words.first().copied().unwrap_or(0);
            Some(if width > 0 && width < 64 {
                ((w << (64 - width)) as i64) >> (64 - width)
            } else {
                w as i64
            })
        }
        _ => None,
    };
    let in_range = || {
        value().is_none_or(|x| {
            a.min.is_none_or(|m| x >= m)
                && a.max.is_none_or(|m| x <= m)
                && (!a.power_of_two || (x as u64).is_power_of_two())
        })
    };
    if constraint_ok(cx, &a.kind, v) && in_range() {
        return Ok(());
    }
    Err(cx.op_error(
        op,
        format!(
            "attribute '{}' failed to satisfy constraint: {}",
            a.name, a.summary
        ),
    ))
}

// --------------------------------------------------------------- segments

/// How many values each operand/result definition stands for, without
/// allocating: plain segments are computed, attribute-sized ones read.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Segments<'m> {
    /// Single definitions take one value, the variadic/optional ones `each`
    /// (MLIR's `SameVariadicOperandSize` rule; with one variadic it takes all
    /// the rest).
    Plain { each: usize },
    /// From a validated `operandSegmentSizes` (one non-negative i32 per
    /// definition).
    Sized(&'m [u128]),
    /// `operandSegmentSizes` absent: every segment is empty, as MLIR's
    /// default-initialised property reads.
    Empty,
}

impl Segments<'_> {
    pub(crate) fn plain(defs: &[OperandDef], n: usize) -> Segments<'static> {
        let (fixed, _) = fixed_and_var(defs);
        let n_var = defs.len() - fixed;
        let each = n.saturating_sub(fixed).checked_div(n_var).unwrap_or(0);
        Segments::Plain { each }
    }
    /// The size of segment `i` (of definition `def`).
    pub(crate) fn size(self, i: usize, def: &OperandDef) -> usize {
        match self {
            Segments::Plain { each } => match def.arity {
                Arity::Single => 1,
                Arity::Optional | Arity::Variadic => each,
            },
            Segments::Sized(v) => v.get(i).map_or(0, |&x| x as u32 as usize),
            Segments::Empty => 0,
        }
    }
}

/// The operand segments of `op`, or `None` if they are malformed (the op
/// verifier reports that).
pub(crate) fn operand_segments_of<'m>(cx: &Cx<'m>, def: &OpDef, op: OpId) -> Option<Segments<'m>> {
    operand_segments(cx, def, op).ok()
}

fn operand_segments<'m>(cx: &Cx<'m>, def: &OpDef, op: OpId) -> Result<Segments<'m>, Diagnostic> {
    let m = cx.m;
    let n = m.ops[op].operands.len();
    if !def.has(Trait::AttrSizedOperandSegments) {
        return Ok(Segments::plain(&def.operands, n));
    }
    let Some(v) = inherent(cx, op, SEGMENTS) else {
        if n != 0 {
            return Err(segment_total_error(cx, op, n, 0));
        }
        return Ok(Segments::Empty);
    };
    let values = match m.ctx.attr_data(v) {
        AttrData::DenseArray { elem, values } if is_int(cx, *elem, 32) => values,
        _ => {
            return Err(cx.op_error(
                op,
                "attribute 'operandSegmentSizes' failed to satisfy constraint: i32 dense array attribute",
            ))
        }
    };
    if values.len() != def.operands.len() {
        return Err(cx.op_error(
            op,
            format!(
                "'operandSegmentSizes' attribute for specifying operand segments must have {} elements, but got {}",
                def.operands.len(),
                values.len()
            ),
        ));
    }
    let as_i32 = |v: u128| i64::from(v as u32 as i32);
    if values.iter().any(|&v| as_i32(v) < 0) {
        return Err(cx.op_error(
            op,
            "'operandSegmentSizes' attribute cannot have negative elements",
        ));
    }
    let total: i64 = values.iter().map(|&v| as_i32(v)).sum();
    if total != n as i64 {
        return Err(segment_total_error(cx, op, n, total));
    }
    Ok(Segments::Sized(values))
}

fn segment_total_error(cx: &Cx<'_>, op: OpId, n: usize, total: i64) -> Diagnostic {
    cx.op_error(
        op,
        format!(
            "operand count ({n}) does not match with the total size ({total}) specified in attribute 'operandSegmentSizes'"
        ),
    )
}

#[derive(Clone, Copy)]
enum Which {
    Operand,
    Result,
}

fn check_values(
    cx: &Cx<'_>,
    op: OpId,
    defs: &[OperandDef],
    segments: Segments<'_>,
    which: Which,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let (values, noun) = match which {
        Which::Operand => (&d.operands, "operand"),
        Which::Result => (&d.results, "result"),
    };
    let mut index = 0usize;
    for (i, def) in defs.iter().enumerate() {
        let size = segments.size(i, def);
        if let Some(attr) = &def.sizes_attr {
            check_value_size_attr(cx, op, attr, def.name.as_deref().unwrap_or(""), size)?;
        }
        if def.arity == Arity::Optional && size > 1 {
            return Err(cx.op_error(
                op,
                format!(
                    "{noun} group starting at #{index} requires 0 or 1 element, but found {size}"
                ),
            ));
        }
        for _ in 0..size {
            let Some(&v) = values.get(index) else {
                return Ok(());
            };
            let ty = m.values[v].ty;
            if !accepts(cx, &def.constraint.kind, ty) {
                return Err(cx.op_error(
                    op,
                    format!(
                        "{noun} #{index} must be {}, but got '{}'",
                        def.constraint.summary,
                        type_to_string(&m.ctx, ty)
                    ),
                ));
            }
            index += 1;
        }
    }
    Ok(())
}

/// MLIR's `verifyValueSizeAttr`: the sizes attribute of a
/// `VariadicOfVariadic` group has no negative element and sums to the
/// group's size.
fn check_value_size_attr(
    cx: &Cx<'_>,
    op: OpId,
    attr: &str,
    group: &str,
    size: usize,
) -> Result<(), Diagnostic> {
    let Some(a) = inherent(cx, op, attr.as_bytes()) else {
        return Ok(());
    };
    let AttrData::DenseArray { values, .. } = cx.m.ctx.attr_data(a) else {
        return Ok(());
    };
    let sizes = values.iter().map(|&v| i64::from(v as u32 as i32));
    if sizes.clone().any(|v| v < 0) {
        return Err(cx.op_error(
            op,
            format!("'{attr}' attribute cannot have negative elements"),
        ));
    }
    let total: i64 = sizes.sum();
    if total != size as i64 {
        return Err(cx.op_error(
            op,
            format!(
                "{group} count ({size}) does not match with the total size ({total}) specified in attribute '{attr}'"
            ),
        ));
    }
    Ok(())
}

/// `kind.accepts(ty)`, remembered per (constraint, type).
fn accepts(cx: &Cx<'_>, kind: &crate::dialect::ConstraintKind, ty: TypeId) -> bool {
    let key = (kind as *const crate::dialect::ConstraintKind as usize, ty);
    if cx.accepted.borrow().contains(&key) {
        return true;
    }
    let ok = kind.accepts(&cx.m.ctx, ty);
    if ok {
        cx.accepted.borrow_mut().insert(key);
    }
    ok
}

// ---------------------------------------------------------------- regions

fn check_regions(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let regions = &m.ops[op].regions;
    let mut index = 0usize;
    for rdef in def.regions.iter() {
        let take = if rdef.variadic {
            regions.len().saturating_sub(index)
        } else {
            1
        };
        for _ in 0..take {
            let Some(&r) = regions.get(index) else {
                return Ok(());
            };
            let n = m.regions[r].blocks.len();
            let ok = match rdef.kind {
                RegionKind::Any => true,
                RegionKind::Sized1 => n == 1,
                RegionKind::MaxSized1 => n <= 1,
            };
            if !ok {
                let name = match &rdef.name {
                    Some(nm) => format!(" ('{nm}')"),
                    None => String::new(),
                };
                return Err(cx.op_error(
                    op,
                    format!(
                        "region #{index}{name} failed to verify constraint: {}",
                        rdef.summary
                    ),
                ));
            }
            index += 1;
        }
    }
    Ok(())
}

// ----------------------------------------------------------------- traits

#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    Structural,
    /// `PredOpTrait`s (`AllTypesMatch`, `ElementTypeOf`): ODS checks them
    /// in the op's invariants, after operands and results and before
    /// regions and successors.
    Pred,
    Other,
}

fn phase(t: Trait) -> Phase {
    if is_structural(t) {
        Phase::Structural
    } else if matches!(
        t,
        Trait::AllTypesMatch
            | Trait::ElementTypeOf
            | Trait::I1SameShapeOf
            | Trait::SameTypeAs
            | Trait::ValAndBoolStructOf
    ) {
        Phase::Pred
    } else {
        Phase::Other
    }
}

/// Traits MLIR marks `StructuralOpTrait`.
fn is_structural(t: Trait) -> bool {
    match t {
        Trait::SingleBlock
        | Trait::SingleBlockImplicitTerminator
        | Trait::NoRegionArguments
        | Trait::NoTerminator
        | Trait::HasParent
        | Trait::ParentOneOf
        | Trait::AttrSizedOperandSegments => true,
        Trait::Terminator
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
        | Trait::Pure
        | Trait::ConstantLike
        | Trait::Commutative
        | Trait::AllTypesMatch
        | Trait::ElementTypeOf
        | Trait::I1SameShapeOf
        | Trait::SameTypeAs
        | Trait::ValAndBoolStructOf
        | Trait::ProducesToken
        | Trait::ConsumesToken => false,
    }
}

fn check_traits(cx: &Cx<'_>, def: &OpDef, op: OpId, phase: Phase) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    for &t in def.trait_order.iter() {
        if self::phase(t) != phase {
            continue;
        }
        match t {
            Trait::SameOperandsAndResultType => check_same_type(cx, op)?,
            Trait::SameOperandsElementType | Trait::SameOperandsAndResultElementType => {
                // `getElementTypeOrSelf`: builtin shaped types give their
                // element type, every other type (`!llvm.vec` too) itself.
                let results = t == Trait::SameOperandsAndResultElementType;
                let elem = |v: crate::ir::ValueId| {
                    let ty = m.values[v].ty;
                    m.ctx.element_type(ty).unwrap_or(ty)
                };
                let all = d
                    .operands
                    .iter()
                    .chain(d.results.iter().filter(|_| results));
                let mut tys = all.map(|&v| elem(v));
                if let Some(first) = tys.next() {
                    if tys.any(|t| t != first) {
                        return Err(cx.op_error(
                            op,
                            if results {
                                "requires the same element type for all operands and results"
                            } else {
                                "requires the same element type for all operands"
                            },
                        ));
                    }
                }
            }
            Trait::SameOperandsAndResultShape => {
                if d.operands.is_empty() {
                    return Err(cx.op_error(op, "expected 1 or more operands, but found 0"));
                }
                if d.results.is_empty() {
                    return Err(cx.op_error(op, "expected 1 or more results, but found 0"));
                }
                let tys: Vec<TypeId> = d
                    .operands
                    .iter()
                    .chain(d.results.iter())
                    .map(|&v| m.values[v].ty)
                    .collect();
                if !compatible_shapes(&m.ctx, &tys) {
                    return Err(
                        cx.op_error(op, "requires the same shape for all operands and results")
                    );
                }
            }
            Trait::Elementwise => check_elementwise(cx, op)?,
            Trait::CastOpInterface => super::arith::check_cast(cx, op)?,
            Trait::SameTypeOperands => {
                let mut tys = d.operands.iter().map(|&v| m.values[v].ty);
                if let Some(first) = tys.next() {
                    if tys.any(|t| t != first) {
                        return Err(cx.op_error(op, "requires all operands to have the same type"));
                    }
                }
            }
            Trait::Terminator => {
                if let Some(b) = d.parent {
                    if m.blocks[b].ops.last() != Some(&op) && !d.successors.is_empty() {
                        // MLIR checks this while entering the block, before
                        // the op's own verifier runs.
                        return Err(Diagnostic::error(
                            cx.op_loc(op),
                            "operation with block successors must terminate its parent block",
                        ));
                    }
                    if m.blocks[b].ops.last() != Some(&op) {
                        return Err(
                            cx.op_error(op, "must be the last operation in the parent block")
                        );
                    }
                }
            }
            Trait::HasParent | Trait::ParentOneOf => check_parent(cx, def, op)?,
            Trait::SingleBlock => {
                for (i, &r) in d.regions.iter().enumerate() {
                    let blocks = &m.regions[r].blocks;
                    if blocks.len() > 1 {
                        return Err(
                            cx.op_error(op, format!("expects region #{i} to have 0 or 1 blocks"))
                        );
                    }
                    if !def.has(Trait::NoTerminator)
                        && blocks.first().is_some_and(|&b| m.blocks[b].ops.is_empty())
                    {
                        return Err(cx.op_error(op, "expects a non-empty block"));
                    }
                }
            }
            Trait::Symbol => {
                // A symbol whose `sym_name` is declared optional (like
                // `builtin.module`) may be nameless.
                let optional = def.attr(b"sym_name").is_some_and(|a| a.optional);
                let ok = match inherent(cx, op, b"sym_name") {
                    Some(a) => matches!(m.ctx.attr_data(a), AttrData::String { .. }),
                    None => optional,
                };
                if !ok {
                    return Err(cx.op_error(op, "requires string attribute 'sym_name'"));
                }
                if let Some(v) = inherent(cx, op, b"sym_visibility") {
                    let known = match m.ctx.attr_data(v) {
                        AttrData::String { value, .. } => {
                            matches!(m.ctx.bytes(*value), b"public" | b"private" | b"nested")
                        }
                        _ => false,
                    };
                    if !known {
                        return Err(cx.op_error(
                            op,
                            format!(
                                "visibility expected to be one of [\"public\", \"private\", \"nested\"], but got {}",
                                attr_to_string(&m.ctx, v)
                            ),
                        ));
                    }
                }
                // A function without a body is a declaration, which may not
                // be public (`func.func` overrides `isDeclaration`;
                // `llvm.func` does not, so its declarations are public).
                let declaration = m.ctx.bytes(d.name) == b"func.func"
                    && d.regions
                        .first()
                        .is_some_and(|&r| m.regions[r].blocks.is_empty());
                if declaration && is_public(cx, op) {
                    return Err(cx.op_error(op, "symbol declaration cannot have public visibility"));
                }
                if let Some(parent) = m.parent_op(op) {
                    let pt = cx.traits(parent);
                    if pt.registered && !pt.symbol_table {
                        return Err(
                            cx.op_error(op, "symbol's parent must have the SymbolTable trait")
                        );
                    }
                }
            }
            Trait::NoRegionArguments => {
                for (i, &r) in d.regions.iter().enumerate() {
                    let has_args = m.regions[r]
                        .blocks
                        .first()
                        .is_some_and(|&b| !m.blocks[b].args.is_empty());
                    if has_args {
                        let msg = if d.regions.len() == 1 {
                            "region should have no arguments".to_string()
                        } else {
                            format!("region #{i} should have no arguments")
                        };
                        return Err(cx.op_error(op, msg));
                    }
                }
            }
            // Checked after the nested ops (`check_region_traits`).
            Trait::SymbolTable | Trait::SingleBlockImplicitTerminator => {}
            Trait::AllTypesMatch => check_same_type_groups(cx, def, op)?,
            Trait::ElementTypeOf => check_derived(cx, def, op, Derive::ElementType)?,
            Trait::I1SameShapeOf => check_derived(cx, def, op, Derive::I1SameShape)?,
            Trait::SameTypeAs => check_derived(cx, def, op, Derive::Same)?,
            Trait::ValAndBoolStructOf => check_derived(cx, def, op, Derive::ValAndBoolStruct)?,
            // Used by the structural and dominance layers, or informational.
            Trait::NoTerminator
            | Trait::IsolatedFromAbove
            | Trait::GraphRegion
            | Trait::AttrSizedOperandSegments
            | Trait::Pure
            | Trait::ConstantLike
            | Trait::Commutative
            | Trait::AutomaticAllocationScope
            | Trait::InferResultsFromOperands => {}
            // Checked first, by the token layer's opt-in rule.
            Trait::ProducesToken | Trait::ConsumesToken => {}
        }
    }
    Ok(())
}

fn check_parent(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    if def.parents.is_empty() {
        return Ok(());
    }
    if let Some(p) = m.parent_op(op) {
        let pname = m.ctx.bytes(m.ops[p].name);
        if def.parents.iter().any(|n| n.as_bytes() == pname) {
            return Ok(());
        }
    }
    let list = def
        .parents
        .iter()
        .map(|s| &**s)
        .collect::<Vec<_>>()
        .join(", ");
    let msg = if def.parents.len() == 1 {
        format!("expects parent op '{list}'")
    } else {
        format!("expects parent op to be one of '{list}'")
    };
    Err(cx.op_error(op, msg))
}

fn check_symbol_table(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    if d.regions.len() != 1 {
        return Err(cx.op_error(
            op,
            "Operations with a 'SymbolTable' must have exactly one region",
        ));
    }
    let blocks = &m.regions[d.regions[0]].blocks;
    if blocks.len() != 1 {
        return Err(cx.op_error(
            op,
            "Operations with a 'SymbolTable' must have exactly one block",
        ));
    }
    let mut seen: FxHashMap<Sym, OpId> = FxHashMap::default();
    for &o in &m.blocks[blocks[0]].ops {
        let Some(name) = inherent(cx, o, b"sym_name") else {
            continue;
        };
        let AttrData::String { value, .. } = m.ctx.attr_data(name) else {
            continue;
        };
        if let Some(&prev) = seen.get(value) {
            return Err(Diagnostic::error(
                cx.op_loc(o),
                format!("redefinition of symbol named '{}'", m.ctx.str(*value)),
            )
            .with_note(Some(cx.op_loc(prev)), "see existing symbol definition here"));
        }
        seen.insert(*value, o);
    }
    Ok(())
}

/// `AllTypesMatch<[names]>`: "failed to verify that all of {a, b} have same type".
fn check_same_type_groups(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let segments = operand_segments(cx, def, op).unwrap_or(Segments::Empty);
    let result_segments = Segments::plain(&def.results, d.results.len());
    let find = |name: &str| -> Option<Ty> {
        if let Some(v) = value_named(&def.operands, segments, &d.operands, name) {
            return Some(Ty::Id(m.values[v].ty));
        }
        if let Some(v) = value_named(&def.results, result_segments, &d.results, name) {
            return Some(Ty::Id(m.values[v].ty));
        }
        def.attr(name.as_bytes())?;
        attr_type(m.ctx.attr_data(inherent(cx, op, name.as_bytes())?))
    };
    let same = |a: Ty, b: Ty| match (a, b) {
        (Ty::Id(x), Ty::Id(y)) => x == y,
        (Ty::NoneType, Ty::NoneType) => true,
        (Ty::Id(t), Ty::NoneType) | (Ty::NoneType, Ty::Id(t)) => {
            matches!(m.ctx.type_data(t), TypeData::None)
        }
    };
    for group in def.same_type_groups.iter() {
        let mut tys = group.iter().filter_map(|n| find(n));
        if let Some(first) = tys.next() {
            if tys.any(|t| !same(t, first)) {
                let names = group.iter().map(|s| &**s).collect::<Vec<_>>().join(", ");
                return Err(cx.op_error(
                    op,
                    format!("failed to verify that all of {{{names}}} have same type"),
                ));
            }
        }
    }
    Ok(())
}

/// `ElementTypeOf<from, to>` / `I1SameShapeOf<from, to>` (the rules of
/// kind `how`): "failed to verify that <summary>".
fn check_derived(cx: &Cx<'_>, def: &OpDef, op: OpId, how: Derive) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let segments = operand_segments(cx, def, op).unwrap_or(Segments::Empty);
    let result_segments = Segments::plain(&def.results, d.results.len());
    let find = |name: &str| {
        value_named(&def.operands, segments, &d.operands, name)
            .or_else(|| value_named(&def.results, result_segments, &d.results, name))
            .map(|v| m.values[v].ty)
    };
    for rule in def.derived.iter().filter(|r| r.how == how) {
        let (Some(from), Some(to)) = (find(&rule.from), find(&rule.to)) else {
            continue;
        };
        let ok = match how {
            Derive::ElementType => m.ctx.element_type(from).is_none_or(|t| t == to),
            Derive::I1SameShape => is_i1_same_shape(&m.ctx, from, to),
            Derive::Same => from == to,
            Derive::ValAndBoolStruct => {
                crate::printer::type_to_string(&m.ctx, to) == val_and_bool_struct(&m.ctx, from)
            }
        };
        if !ok {
            return Err(cx.op_error(op, format!("failed to verify that {}", rule.summary)));
        }
    }
    Ok(())
}

/// MLIR's `getValAndBoolStructType` as text: `!llvm.struct<(T, i1)>`.
pub(crate) fn val_and_bool_struct(ctx: &crate::context::Context, t: TypeId) -> String {
    format!(
        "!llvm.struct<({}, i1)>",
        crate::llvm::nested_text_ref(ctx, t)
    )
}

/// The shape of a builtin shaped type: `None` if it is not one, `Some(None)`
/// if unranked (dynamic sizes are negative).
pub(crate) fn shape_of(ctx: &crate::context::Context, t: TypeId) -> Option<Option<&[i64]>> {
    match ctx.type_data(t) {
        TypeData::Vector { shape, .. }
        | TypeData::RankedTensor { shape, .. }
        | TypeData::MemRef { shape, .. } => Some(Some(shape)),
        TypeData::UnrankedTensor { .. } | TypeData::UnrankedMemRef { .. } => Some(None),
        _ => None,
    }
}

/// MLIR's `verifyCompatibleShapes`: all types scalar, or all shaped, not
/// mixing scalable and fixed vectors, ranked ones of one rank whose static
/// sizes agree dimension by dimension.
pub(crate) fn compatible_shapes(ctx: &crate::context::Context, tys: &[TypeId]) -> bool {
    let shaped = tys.iter().filter(|&&t| shape_of(ctx, t).is_some()).count();
    if shaped == 0 {
        return true;
    }
    if shaped != tys.len() {
        return false;
    }
    let scalable = |t: TypeId| matches!(ctx.type_data(t), TypeData::Vector { scalable, .. } if scalable.iter().any(|&s| s));
    let n_scalable = tys.iter().filter(|&&t| scalable(t)).count();
    if n_scalable != 0 && n_scalable != tys.len() {
        return false;
    }
    let ranked: Vec<&[i64]> = tys
        .iter()
        .filter_map(|&t| shape_of(ctx, t).flatten())
        .collect();
    let Some(first) = ranked.first() else {
        return true;
    };
    if ranked.iter().any(|s| s.len() != first.len()) {
        return false;
    }
    (0..first.len()).all(|i| {
        let mut dims = ranked.iter().map(|s| s[i]).filter(|&d| d >= 0);
        match dims.next() {
            Some(d0) => dims.all(|d| d == d0),
            None => true,
        }
    })
}

/// MLIR's `SameOperandsAndResultType` (`verifySameOperandsAndResultType`):
/// every type has the first result's element type, a shape compatible with
/// it (unranked and dynamic sizes match anything), and a ranked tensor's
/// encoding.
fn check_same_type(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let ctx = &m.ctx;
    let Some(&r0) = d.results.first() else {
        return Ok(());
    };
    let ty = m.values[r0].ty;
    let elem = |t: TypeId| ctx.element_type(t).unwrap_or(t);
    let encoding = |t: TypeId| match ctx.type_data(t) {
        TypeData::RankedTensor { encoding, .. } => *encoding,
        _ => None,
    };
    let compatible = |a: TypeId, b: TypeId| match (shape_of(ctx, a), shape_of(ctx, b)) {
        (None, None) => true,
        (Some(Some(x)), Some(Some(y))) => {
            x.len() == y.len()
                && x.iter()
                    .zip(y.iter())
                    .all(|(&p, &q)| p == q || p < 0 || q < 0)
        }
        (Some(_), Some(_)) => true,
        _ => false,
    };
    let (e0, enc0) = (elem(ty), encoding(ty));
    for &v in d.results[1..].iter().chain(d.operands.iter()) {
        let t = m.values[v].ty;
        if elem(t) != e0 || !compatible(t, ty) {
            return Err(cx.op_error(op, "requires the same type for all operands and results"));
        }
        if encoding(t) != enc0 {
            return Err(cx.op_error(
                op,
                "requires the same encoding for all operands and results",
            ));
        }
    }
    Ok(())
}

/// The `InferTypeOpInterface` that ODS gives an op whose result types
/// follow from `SameOperandsAndResultType`: each result must be exactly
/// the first operand's type (the trait itself only asks for compatible
/// shapes). The walk follows this error with "failed to infer returned
/// types", as mlir-opt does.
fn check_inferred_types(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    if !def.has(Trait::SameOperandsAndResultType)
        || def.results.iter().any(|r| r.arity != Arity::Single)
    {
        return Ok(());
    }
    let m = cx.m;
    let d = &m.ops[op];
    let Some(&first) = d.operands.first() else {
        return Ok(());
    };
    let inferred = m.values[first].ty;
    if d.results.iter().all(|&r| m.values[r].ty == inferred) {
        return Ok(());
    }
    let list = |tys: &mut dyn Iterator<Item = TypeId>| {
        tys.map(|t| format!("'{}'", type_to_string(&m.ctx, t)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let want = list(&mut d.results.iter().map(|_| inferred));
    let got = list(&mut d.results.iter().map(|&r| m.values[r].ty));
    Err(inferred_mismatch(cx, op, &want, &got))
}

/// `InferTypeOpInterface`'s mismatch error; `want` and `got` are the
/// quoted types, comma-separated.
pub(crate) fn inferred_mismatch(cx: &Cx<'_>, op: OpId, want: &str, got: &str) -> Diagnostic {
    cx.op_error(
        op,
        format!("inferred type(s) {want} are incompatible with return type(s) of operation {got}"),
    )
}

/// MLIR's `Elementwise` trait (`verifyElementwise`): vector and tensor
/// operands and results go together, of one kind and compatible shapes.
fn check_elementwise(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    // The kind of a mappable type (MLIR compares TypeIDs).
    let kind = |v: &crate::ir::ValueId| match m.ctx.type_data(m.values[*v].ty) {
        TypeData::Vector { .. } => Some(0u8),
        TypeData::RankedTensor { .. } => Some(1),
        TypeData::UnrankedTensor { .. } => Some(2),
        _ => None,
    };
    let operands: Vec<&crate::ir::ValueId> =
        d.operands.iter().filter(|v| kind(v).is_some()).collect();
    let results: Vec<&crate::ir::ValueId> =
        d.results.iter().filter(|v| kind(v).is_some()).collect();
    if operands.is_empty() && results.is_empty() {
        return Ok(());
    }
    if operands.is_empty() {
        return Err(cx.op_error(
            op,
            "if a result is non-scalar, then at least one operand must be non-scalar",
        ));
    }
    if results.is_empty() {
        return Err(cx.op_error(
            op,
            "if an operand is non-scalar, then there must be at least one non-scalar result",
        ));
    }
    if results.len() != d.results.len() {
        return Err(cx.op_error(
            op,
            "if an operand is non-scalar, then all results must be non-scalar",
        ));
    }
    let all: Vec<&crate::ir::ValueId> = operands.into_iter().chain(results).collect();
    let k0 = kind(all[0]);
    let tys: Vec<TypeId> = all.iter().map(|&&v| m.values[v].ty).collect();
    if all.iter().any(|v| kind(v) != k0) || !compatible_shapes(&m.ctx, &tys) {
        return Err(cx.op_error(
            op,
            "all non-scalar operands/results must have the same shape and base type",
        ));
    }
    Ok(())
}

/// Whether `to` is MLIR's `getI1SameShape(from)`: `i1`, or a shaped `from`
/// (vector, tensor, memref) with `i1` elements and all else kept. Compared
/// in place, as the verifier cannot create types.
pub(crate) fn is_i1_same_shape(ctx: &crate::context::Context, from: TypeId, to: TypeId) -> bool {
    let i1 = |t: TypeId| ctx.int_width(t) == Some((1, Signedness::Signless));
    match (ctx.type_data(from), ctx.type_data(to)) {
        (
            TypeData::Vector {
                shape: a,
                scalable: sa,
                ..
            },
            TypeData::Vector {
                shape: b,
                scalable: sb,
                elem,
            },
        ) => a == b && sa == sb && i1(*elem),
        (
            TypeData::RankedTensor {
                shape: a,
                encoding: ea,
                ..
            },
            TypeData::RankedTensor {
                shape: b,
                encoding: eb,
                elem,
            },
        ) => a == b && ea == eb && i1(*elem),
        (TypeData::UnrankedTensor { .. }, TypeData::UnrankedTensor { elem }) => i1(*elem),
        (
            TypeData::MemRef {
                shape: a,
                layout: la,
                space: sa,
                ..
            },
            TypeData::MemRef {
                shape: b,
                layout: lb,
                space: sb,
                elem,
            },
        ) => a == b && la == lb && sa == sb && i1(*elem),
        (
            TypeData::UnrankedMemRef { space: sa, .. },
            TypeData::UnrankedMemRef { space: sb, elem },
        ) => sa == sb && i1(*elem),
        (
            TypeData::Vector { .. }
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::MemRef { .. }
            | TypeData::UnrankedMemRef { .. },
            _,
        ) => false,
        _ => i1(to),
    }
}

/// A type for `AllTypesMatch`: the verifier cannot create types, so the
/// `none` type of an untyped string attribute is spelled out.
#[derive(Clone, Copy)]
enum Ty {
    Id(TypeId),
    NoneType,
}

/// The value of the single operand/result called `name`.
fn value_named(
    defs: &[OperandDef],
    segments: Segments<'_>,
    values: &[crate::ir::ValueId],
    name: &str,
) -> Option<crate::ir::ValueId> {
    let mut index = 0usize;
    for (i, def) in defs.iter().enumerate() {
        let size = segments.size(i, def);
        if def.name.as_deref() == Some(name) {
            return if size == 1 {
                values.get(index).copied()
            } else {
                None
            };
        }
        index += size;
    }
    None
}

/// The type of a typed attribute.
fn attr_type(data: &AttrData) -> Option<Ty> {
    match data {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::Dense { ty, .. }
        | AttrData::DenseResource { ty, .. }
        | AttrData::Sparse { ty, .. } => Some(Ty::Id(*ty)),
        AttrData::String { ty, .. } => Some(ty.map_or(Ty::NoneType, Ty::Id)),
        _ => None,
    }
}
