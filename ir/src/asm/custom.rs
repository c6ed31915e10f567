//! Ops whose custom syntax is written in Rust (`hasCustomAssemblyFormat`),
//! `custom<Name>` directives, and result-name hints
//! (`OpAsmOpInterface::getAsmResultNames`), all looked up by name.
//!
//! The function-like syntax (`func.func @f(%arg0: i32) -> i32 attributes
//! {...} {`) is MLIR's `FunctionOpInterface` form; it is written once here
//! (`print_function_op` / `parse_function_op`) so `llvm.func` and
//! `cir.func` can share it.

use super::format::Elem;
use super::parse::Parsed;
use super::print::attr_of;
use crate::context::{AttrData, AttrId, Context, TypeData, TypeId};
use crate::dialect::OpDef;
use crate::ir::{Module, OpId};
use crate::parser::{LocOrAlias, PResult, Parser};
use crate::printer::{Elide, Printer, RegionStyle};
use irkit_diag::Span;

/// Ops with a hand-written syntax.
const CUSTOM_OPS: &[&str] = &[
    "func.func",
    "arith.select",
    "scf.for",
    "scf.if",
    "scf.while",
    "scf.execute_region",
    "scf.parallel",
    "scf.forall",
    "scf.forall.in_parallel",
    "memref.alloca_scope",
    "memref.transpose",
    "memref.dma_start",
    "memref.prefetch",
    "memref.generic_atomic_rmw",
    "cf.switch",
];

/// Whether `name` has a hand-written parser and printer.
pub fn has_custom_syntax(name: &str) -> bool {
    CUSTOM_OPS.contains(&name) || super::llvm::has_custom_syntax(name)
}

/// Attributes a hand-written syntax prints inline, not as attributes (so
/// they get no alias in the custom form).
pub(crate) fn inline_attrs(op_name: &[u8]) -> &'static [&'static [u8]] {
    match op_name {
        b"memref.transpose" => &[b"permutation"],
        _ => &[],
    }
}

/// Attributes a hand-written syntax prints itself (so `attr-dict` must not).
pub(crate) fn elided_attrs(def: &OpDef) -> Vec<u32> {
    if def.name.starts_with("llvm.") {
        return super::llvm::elided_attrs(def);
    }
    let names: &[&str] = match &*def.name {
        "func.func" => FUNCTION_ATTRS,
        "cf.switch" => &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
        _ => &[],
    };
    def.attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| names.contains(&&*a.name))
        .map(|(i, _)| i as u32)
        .collect()
}

/// The attributes the function syntax prints itself.
const FUNCTION_ATTRS: &[&str] = &[
    "sym_name",
    "function_type",
    "sym_visibility",
    "arg_attrs",
    "res_attrs",
];

/// The attributes the function syntax infers and refuses in its
/// `attributes {...}` dictionary.
const INFERRED_FUNCTION_ATTRS: &[&str] = &["sym_visibility", "sym_name", "function_type"];

/// Prints the body of a hand-written op (after its name).
pub(crate) fn print(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    match &*def.name {
        "func.func" => print_function_op(p, def, op, indent),
        "arith.select" => print_select(p, def, op),
        "scf.for" => print_for(p, def, op, indent),
        "scf.if" => print_if(p, def, op, indent),
        "scf.while" => print_while(p, def, op, indent),
        "scf.execute_region" => print_execute_region(p, def, op, indent),
        n if n.starts_with("llvm.") => super::llvm::print(p, def, op, indent),
        "scf.parallel" => super::scf::print_parallel(p, def, op, indent),
        "scf.forall" => super::scf::print_forall(p, def, op, indent),
        "scf.forall.in_parallel" => super::scf::print_in_parallel(p, def, op, indent),
        "memref.alloca_scope" => super::memref::print_alloca_scope(p, def, op, indent),
        "memref.transpose" => super::memref::print_transpose(p, def, op),
        "memref.dma_start" => super::memref::print_dma_start(p, def, op),
        "memref.prefetch" => super::memref::print_prefetch(p, def, op),
        "memref.generic_atomic_rmw" => super::memref::print_generic_atomic_rmw(p, def, op, indent),
        "cf.switch" => super::llvm::print_switch(p, def, op, indent, super::llvm::SwitchStyle::Cf),
        _ => {}
    }
}

/// `%iv = %lb to %ub step %s [iter_args(%a = %x) -> (T)] [: T] {..} {attrs}`.
fn print_for(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    let Some(&r) = d.regions.first() else { return };
    let Some(&entry) = m.regions[r].blocks.first() else {
        return;
    };
    let args = &m.blocks[entry].args;
    let Some(&iv) = args.first() else { return };
    // MLIR 22's `unsignedCmp`.
    let v22 = p.release() >= crate::dialect::MlirRelease::V22;
    if v22 && attr_of(p, op, "unsignedCmp").is_some() {
        p.out.extend_from_slice(b" unsigned");
    }
    p.out.push(b' ');
    p.print_value(iv);
    p.out.extend_from_slice(b" = ");
    p.print_value(d.operands[0]);
    p.out.extend_from_slice(b" to ");
    p.print_value(d.operands[1]);
    p.out.extend_from_slice(b" step ");
    p.print_value(d.operands[2]);
    let inits = &d.operands[3..];
    if !inits.is_empty() {
        p.out.extend_from_slice(b" iter_args(");
        for (i, (&a, &v)) in args[1..].iter().zip(inits.iter()).enumerate() {
            if i > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_value(a);
            p.out.extend_from_slice(b" = ");
            p.print_value(v);
        }
        p.out.extend_from_slice(b") -> (");
        for (i, &v) in inits.iter().enumerate() {
            if i > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_type(m.values[v].ty);
        }
        p.out.push(b')');
    }
    p.out.push(b' ');
    let ivt = m.values[iv].ty;
    if !matches!(p.ctx.type_data(ivt), TypeData::Index) {
        p.out.extend_from_slice(b" : ");
        p.print_type(ivt);
        p.out.push(b' ');
    }
    let style = RegionStyle {
        entry_args: false,
        terminators: !inits.is_empty(),
        ..RegionStyle::CUSTOM
    };
    p.print_region_with(r, indent, style);
    p.print_attr_dict(def, op, false, if v22 { &["unsignedCmp"] } else { &[] });
}

/// `%cond [-> (T)] {..} [else {..}] {attrs}`.
fn print_if(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    p.print_value(d.operands[0]);
    let terminators = !d.results.is_empty();
    if terminators {
        p.out.extend_from_slice(b" -> (");
        for (i, &v) in d.results.iter().enumerate() {
            if i > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_type(m.values[v].ty);
        }
        p.out.push(b')');
    }
    p.out.push(b' ');
    let style = RegionStyle {
        entry_args: false,
        terminators,
        ..RegionStyle::CUSTOM
    };
    p.print_region_with(d.regions[0], indent, style);
    if let Some(&els) = d.regions.get(1) {
        if !m.regions[els].blocks.is_empty() {
            p.out.extend_from_slice(b" else ");
            p.print_region_with(els, indent, style);
        }
    }
    p.print_attr_dict(def, op, false, &[]);
}

/// `%cond, %a, %b {attrs} : [cond type,] type`.
fn print_select(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    for (i, &v) in d.operands.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(v);
    }
    p.print_attr_dict(def, op, false, &[]);
    p.out.extend_from_slice(b" : ");
    let cond_ty = m.values[d.operands[0]].ty;
    if matches!(
        p.ctx.type_data(cond_ty),
        TypeData::Vector { .. }
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::MemRef { .. }
            | TypeData::UnrankedMemRef { .. }
    ) {
        p.print_type(cond_ty);
        p.out.extend_from_slice(b", ");
    }
    p.print_type(m.values[d.results[0]].ty);
}

/// Prints a `custom<Name>(...)` directive (see [`has_directive`]).
pub(crate) fn print_directive(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    name: &str,
    args: &[Elem],
    _indent: usize,
) {
    if super::llvm::has_directive(name) {
        return super::llvm::print_directive(p, def, op, name, args);
    }
    match (name, args) {
        ("DynamicIndexList", [Elem::Operand(i), Elem::Attr { idx, .. }, ..]) => {
            print_dynamic_index_list(p, def, op, *i as usize, *idx as usize);
        }
        (
            "GlobalMemrefOpTypeAndInitialValue",
            [Elem::Attr { idx: t, .. }, Elem::Attr { idx: v, .. }],
        ) => super::memref::print_global_type_and_init(p, def, op, *t as usize, *v as usize),
        ("SwitchCases", [Elem::Attr { idx, .. }, Elem::Region(r)]) => {
            super::scf::print_switch_cases(p, def, op, *idx as usize, *r as usize, _indent)
        }
        _ => {}
    }
}

/// Names of `custom<Name>` directives with a Rust implementation:
/// `DynamicIndexList(operands, static-array)` (MLIR's
/// `printDynamicIndexList`/`parseDynamicIndexList`, square brackets, no
/// value types or scalable flags).
pub fn has_directive(name: &str) -> bool {
    matches!(
        name,
        "DynamicIndexList" | "GlobalMemrefOpTypeAndInitialValue" | "SwitchCases"
    ) || super::llvm::has_directive(name)
}

/// `ShapedType::kDynamic`: a static entry standing for the next operand.
const DYNAMIC: i64 = i64::MIN;

/// `[%a, 4, %b]`: each static entry, the dynamic ones as the next value.
fn print_dynamic_index_list(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    operand: usize,
    attr: usize,
) {
    let m = p.m;
    let range = super::print::operand_range(m, def, op, operand);
    let values = &m.ops[op].operands[range];
    let statics: Vec<i64> = match attr_of(p, op, &def.attrs[attr].name).map(|a| p.ctx.attr_data(a))
    {
        Some(AttrData::DenseArray { values, .. }) => {
            values.iter().map(|&v| v as u64 as i64).collect()
        }
        _ => Vec::new(),
    };
    p.out.push(b'[');
    let mut next = 0usize;
    for (k, &s) in statics.iter().enumerate() {
        if k > 0 {
            p.out.extend_from_slice(b", ");
        }
        if s == DYNAMIC {
            if let Some(&v) = values.get(next) {
                p.print_value(v);
            }
            next += 1;
        } else {
            p.out.extend_from_slice(s.to_string().as_bytes());
        }
    }
    p.out.push(b']');
}

/// Reads a `custom<Name>(...)` directive (see [`has_directive`]).
pub(crate) fn parse_directive<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    name: &str,
    args: &[Elem],
    out: &mut Parsed<'a>,
) -> PResult<()> {
    if super::llvm::has_directive(name) {
        return super::llvm::parse_directive(p, def, name, args, out);
    }
    match (name, args) {
        ("DynamicIndexList", [Elem::Operand(i), Elem::Attr { idx, .. }, ..]) => {
            let mut statics: Vec<u128> = Vec::new();
            p.expect(b'[', "'['")?;
            if !p.eat(b']') {
                loop {
                    if p.peek() == Some(b'%') {
                        let r = p.parse_value_ref()?;
                        out.operands[*i as usize].push(r);
                        statics.push(DYNAMIC as u64 as u128);
                    } else {
                        let neg = p.eat(b'-');
                        let v = p.integer()?;
                        let v = if neg {
                            (v as i64).wrapping_neg()
                        } else {
                            v as i64
                        };
                        statics.push(v as u64 as u128);
                    }
                    if !p.eat(b',') {
                        break;
                    }
                }
                p.expect(b']', "']'")?;
            }
            let elem = p.m.ctx.int_type(64);
            out.attrs[*idx as usize] = Some(p.m.ctx.attr(AttrData::DenseArray {
                elem,
                values: statics.into(),
            }));
            Ok(())
        }
        (
            "GlobalMemrefOpTypeAndInitialValue",
            [Elem::Attr { idx: t, .. }, Elem::Attr { idx: v, .. }],
        ) => super::memref::parse_global_type_and_init(p, def, *t as usize, *v as usize, out),
        ("SwitchCases", [Elem::Attr { idx, .. }, Elem::Region(r)]) => {
            super::scf::parse_switch_cases(p, *idx as usize, *r as usize, out)
        }
        _ => {
            p.skip_ws();
            let at = p.pos;
            let _ = def;
            p.err_at(at, format!("no parser is registered for 'custom<{name}>'"))
        }
    }
}

/// The result-name hint of `op` (without `%`), as the op's
/// `getAsmResultNames` gives it.
pub(crate) fn result_name_hint(ctx: &Context, m: &Module, op: OpId) -> Option<Vec<u8>> {
    let d = &m.ops[op];
    match ctx.bytes(d.name) {
        b"arith.constant" => {
            let value = d
                .properties
                .and_then(|p| ctx.dict_get(p, b"value"))
                .or_else(|| ctx.dict_get(d.attrs, b"value"))?;
            Some(constant_name(ctx, value))
        }
        b"func.constant" => Some(b"f".to_vec()),
        b"index.constant" => {
            let value = d
                .properties
                .and_then(|p| ctx.dict_get(p, b"value"))
                .or_else(|| ctx.dict_get(d.attrs, b"value"))?;
            match ctx.attr_data(value) {
                AttrData::Integer { words, .. } => {
                    let mut name = b"idx".to_vec();
                    let s = crate::printer::int_to_string(words, 64, true);
                    name.extend_from_slice(s.as_bytes());
                    Some(name)
                }
                _ => None,
            }
        }
        b"index.bool.constant" => {
            let value = d
                .properties
                .and_then(|p| ctx.dict_get(p, b"value"))
                .or_else(|| ctx.dict_get(d.attrs, b"value"))?;
            match ctx.attr_data(value) {
                AttrData::Integer { words, .. } => Some(if words.first() == Some(&1) {
                    b"true".to_vec()
                } else {
                    b"false".to_vec()
                }),
                _ => None,
            }
        }
        b"memref.alloc" => Some(b"alloc".to_vec()),
        b"memref.alloca" => Some(b"alloca".to_vec()),
        b"memref.dim" => Some(b"dim".to_vec()),
        // Has a result at MLIR 22 only.
        b"memref.assume_alignment" => Some(b"assume_align".to_vec()),
        b"memref.cast" => Some(b"cast".to_vec()),
        b"memref.memory_space_cast" => Some(b"memspacecast".to_vec()),
        b"memref.extract_aligned_pointer_as_index" => Some(b"intptr".to_vec()),
        b"memref.subview" => Some(b"subview".to_vec()),
        b"memref.transpose" => Some(b"transpose".to_vec()),
        b"memref.reinterpret_cast" => Some(b"reinterpret_cast".to_vec()),
        b"memref.view" => Some(b"view".to_vec()),
        b"memref.reshape" => Some(b"reshape".to_vec()),
        b"memref.expand_shape" => Some(b"expand_shape".to_vec()),
        b"memref.collapse_shape" => Some(b"collapse_shape".to_vec()),
        _ => None,
    }
}

/// `%c42_i32`, `%c-1`, `%true`, `%cst`: `arith.constant`'s names.
fn constant_name(ctx: &Context, value: AttrId) -> Vec<u8> {
    match ctx.attr_data(value) {
        AttrData::Integer { ty, words } => {
            let mut name = Vec::new();
            match ctx.type_data(*ty) {
                TypeData::Integer { width: 1, .. } => {
                    let v = words.first().copied().unwrap_or(0) & 1;
                    return if v == 1 {
                        b"true".to_vec()
                    } else {
                        b"false".to_vec()
                    };
                }
                TypeData::Integer { width, .. } => {
                    name.push(b'c');
                    let s = crate::printer::int_to_string(words, *width, true);
                    name.extend_from_slice(s.as_bytes());
                    name.push(b'_');
                    name.extend_from_slice(crate::printer::type_to_string(ctx, *ty).as_bytes());
                }
                _ => {
                    name.push(b'c');
                    let s = crate::printer::int_to_string(words, 64, true);
                    name.extend_from_slice(s.as_bytes());
                }
            }
            name
        }
        _ => b"cst".to_vec(),
    }
}

// ------------------------------------------------------------- functions

/// `[visibility] @name(args) [-> results] [attributes {..}] [{ body }]`.
pub(crate) fn print_function_op(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let ctx = p.ctx;
    let m = p.m;
    p.out.push(b' ');
    if let Some(v) = attr_of(p, op, "sym_visibility") {
        if let AttrData::String { value, .. } = ctx.attr_data(v) {
            p.out.extend_from_slice(ctx.bytes(*value));
            p.out.push(b' ');
        }
    }
    p.out.push(b'@');
    if let Some(AttrData::String { value, .. }) =
        attr_of(p, op, "sym_name").map(|a| ctx.attr_data(a))
    {
        p.print_keyword_or_string(ctx.bytes(*value));
    }
    let (inputs, results): (&[_], &[_]) =
        match attr_of(p, op, "function_type").map(|a| ctx.attr_data(a)) {
            Some(AttrData::Type(t)) => match ctx.type_data(*t) {
                TypeData::Function { inputs, results } => (inputs, results),
                _ => (&[], &[]),
            },
            _ => (&[], &[]),
        };
    let dict_list = |name: &str| -> Option<&[AttrId]> {
        match attr_of(p, op, name).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(es)) => Some(es),
            _ => None,
        }
    };
    let arg_attrs = dict_list("arg_attrs");
    let res_attrs = dict_list("res_attrs");
    let body = m.ops[op].regions.first().copied();
    let entry = body.and_then(|r| m.regions[r].blocks.first().copied());
    p.out.push(b'(');
    print_fn_args(p, entry, inputs.len(), arg_attrs, |p, i| {
        p.print_type(inputs[i])
    });
    p.out.push(b')');
    if !results.is_empty() {
        p.out.extend_from_slice(b" -> ");
        print_fn_results(p, results, res_attrs);
    }
    p.print_attr_dict(def, op, true, &[]);
    if let Some(r) = body {
        if !m.regions[r].blocks.is_empty() {
            p.out.push(b' ');
            let style = RegionStyle {
                entry_args: false,
                ..RegionStyle::CUSTOM
            };
            p.print_region_with(r, indent, style);
        }
    }
}

/// A non-empty result list with its attributes (MLIR's
/// `printFunctionResultList`): parenthesized when there are several, when
/// the one is a function type or has attributes.
pub(crate) fn print_fn_results(
    p: &mut Printer<'_>,
    results: &[TypeId],
    res_attrs: Option<&[AttrId]>,
) {
    let ctx = p.ctx;
    let has_attrs = res_attrs
        .and_then(|a| a.first())
        .is_some_and(|&a| !matches!(ctx.attr_data(a), AttrData::Dict(e) if e.is_empty()));
    let wrap = results.len() > 1
        || results
            .first()
            .is_some_and(|&t| matches!(ctx.type_data(t), TypeData::Function { .. }))
        || has_attrs;
    if wrap {
        p.out.push(b'(');
    }
    for (i, &t) in results.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(t);
        if let Some(a) = res_attrs.and_then(|a| a.get(i).copied()) {
            print_optional_dict(p, a);
        }
    }
    if wrap {
        p.out.push(b')');
    }
}

/// The arguments of a FunctionOpInterface op, without the parentheses:
/// the entry block's (`%a: i32 {attrs} loc(..)`) when there is a body,
/// else each unnamed type (printed by `print_unnamed`) with its attributes.
pub(crate) fn print_fn_args(
    p: &mut Printer<'_>,
    entry: Option<crate::BlockId>,
    n: usize,
    arg_attrs: Option<&[AttrId]>,
    mut print_unnamed: impl FnMut(&mut Printer<'_>, usize),
) {
    let m = p.m;
    for i in 0..n {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        let attrs = arg_attrs.and_then(|a| a.get(i).copied());
        match entry.and_then(|b| m.blocks[b].args.get(i).copied()) {
            Some(arg) => {
                p.print_value(arg);
                p.out.extend_from_slice(b": ");
                p.print_type(m.values[arg].ty);
                if let Some(a) = attrs {
                    print_optional_dict(p, a);
                }
                if p.opts.debug_info {
                    p.out.extend_from_slice(b" loc(");
                    p.print_loc_internal(m.values[arg].loc, true);
                    p.out.push(b')');
                }
            }
            None => {
                print_unnamed(p, i);
                if let Some(a) = attrs {
                    print_optional_dict(p, a);
                }
            }
        }
    }
}

/// ` {a = 1}` unless the dictionary is empty.
pub(crate) fn print_optional_dict(p: &mut Printer<'_>, dict: AttrId) {
    let ctx = p.ctx;
    if let AttrData::Dict(es) = ctx.attr_data(dict) {
        if es.is_empty() {
            return;
        }
        p.out.push(b' ');
        p.print_attr(dict, Elide::Never);
    }
}

// ---------------------------------------------------------------- parsing

/// Parses the body of a hand-written op (after its name).
pub(crate) fn parse<'a>(p: &mut Parser<'a>, def: &OpDef, name_at: usize) -> PResult<Parsed<'a>> {
    match &*def.name {
        "arith.select" => parse_select(p, def),
        "scf.for" => parse_for(p, def),
        "scf.if" => parse_if(p, def),
        "scf.while" => parse_while(p, def),
        "scf.execute_region" => parse_execute_region(p, def),
        n if n.starts_with("llvm.") => super::llvm::parse(p, def),
        "scf.parallel" => super::scf::parse_parallel(p, def),
        "scf.forall" => super::scf::parse_forall(p, def),
        "scf.forall.in_parallel" => super::scf::parse_in_parallel(p, def),
        "memref.alloca_scope" => super::memref::parse_alloca_scope(p, def),
        "memref.transpose" => super::memref::parse_transpose(p, def),
        "memref.dma_start" => super::memref::parse_dma_start(p, def, name_at),
        "memref.prefetch" => super::memref::parse_prefetch(p, def, name_at),
        "memref.generic_atomic_rmw" => super::memref::parse_generic_atomic_rmw(p, def),
        "cf.switch" => super::llvm::parse_switch(p, def, super::llvm::SwitchStyle::Cf),
        _ => parse_function_op(p, def, name_at),
    }
}

/// Stores `a` as the op's attribute `name`: in its definition's slot, or
/// in the dictionary when the definition has none by that name.
pub(crate) fn set_named<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    out: &mut Parsed<'a>,
    name: &str,
    a: AttrId,
) {
    if let Some(i) = def.attrs.iter().position(|x| &*x.name == name) {
        out.attrs[i] = Some(a);
    } else {
        let k = p.m.ctx.sym(name.as_bytes());
        out.dict.push((k, a));
    }
}

fn parse_for<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    if p.release() >= crate::dialect::MlirRelease::V22 && p.eat_keyword("unsigned") {
        let a = p.m.ctx.unit_attr();
        set_named(p, def, &mut out, "unsignedCmp", a);
    }
    p.skip_ws();
    let iv_at = p.pos;
    let (iv, _, iv_span) = p.parse_value_ref()?;
    p.expect(b'=', "'='")?;
    let lb = p.parse_value_ref()?;
    if !p.eat_keyword("to") {
        return p.err_tok("expected 'to'");
    }
    let ub = p.parse_value_ref()?;
    if !p.eat_keyword("step") {
        return p.err_tok("expected 'step'");
    }
    let step = p.parse_value_ref()?;
    let mut iter_names = Vec::new();
    let mut inits = Vec::new();
    let mut result_types = Vec::new();
    if p.eat_keyword("iter_args") {
        p.expect(b'(', "'('")?;
        if !p.eat(b')') {
            loop {
                let (n, _, span) = p.parse_value_ref()?;
                p.expect(b'=', "'='")?;
                inits.push(p.parse_value_ref()?);
                iter_names.push((n, span));
                if p.eat(b')') {
                    break;
                }
                p.expect(b',', "')'")?;
            }
        }
        if !p.eat_str("->") {
            return p.err_tok("expected '->'");
        }
        result_types = parse_arrow_types(p)?;
        if result_types.len() != inits.len() {
            return p.err_at(
                iv_at,
                "mismatch in number of loop-carried values and defined values",
            );
        }
    }
    let iv_ty = if p.eat(b':') {
        p.parse_type()?
    } else {
        p.m.ctx.ty(TypeData::Index)
    };
    let loc = p.file_loc(iv_at);
    let mut named: Vec<(&'a [u8], TypeId, Span, AttrId)> = vec![(iv, iv_ty, iv_span, loc)];
    for ((n, span), &t) in iter_names.iter().zip(result_types.iter()) {
        let l = p.file_loc(span.start as usize);
        named.push((n, t, *span, l));
    }
    let r = p.m.regions.alloc(Default::default());
    p.parse_region_with_args(r, &named)?;
    out.regions[0].push(r);
    out.implicit_terminator_regions.push(r);
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    let mut uses = vec![lb, ub, step];
    uses.extend(inits);
    let mut types = vec![iv_ty; 3];
    types.extend(result_types.iter().copied());
    out.all_operands = Some(uses);
    out.all_operand_types = Some(types);
    out.all_result_types = Some(result_types);
    Ok(out)
}

fn parse_if<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let cond = p.parse_value_ref()?;
    let mut result_types = Vec::new();
    if p.eat_str("->") {
        result_types = parse_arrow_types(p)?;
    }
    let then = p.m.regions.alloc(Default::default());
    p.parse_region(then)?;
    out.implicit_terminator_regions.push(then);
    let els = p.m.regions.alloc(Default::default());
    if p.eat_keyword("else") {
        p.parse_region(els)?;
        out.implicit_terminator_regions.push(els);
    }
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    out.regions[0].push(then);
    out.regions[1].push(els);
    let i1 = p.m.ctx.int_type(1);
    out.all_operands = Some(vec![cond]);
    out.all_operand_types = Some(vec![i1]);
    out.all_result_types = Some(result_types);
    Ok(out)
}

/// `[(%a = %x, ...)] : (T) -> (U) {..} do {..} [attributes {..}]`.
fn print_while(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    let (Some(&before), Some(&after)) = (d.regions.first(), d.regions.get(1)) else {
        return;
    };
    let args: &[crate::ir::ValueId] = match m.regions[before].blocks.first() {
        Some(&b) => &m.blocks[b].args,
        None => &[],
    };
    if !args.is_empty() {
        p.out.extend_from_slice(b" (");
        for (i, (&a, &v)) in args.iter().zip(d.operands.iter()).enumerate() {
            if i > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_value(a);
            p.out.extend_from_slice(b" = ");
            p.print_value(v);
        }
        p.out.push(b')');
    }
    p.out.extend_from_slice(b" : ");
    let ins: Vec<TypeId> = d.operands.iter().map(|&v| m.values[v].ty).collect();
    let outs: Vec<TypeId> = d.results.iter().map(|&v| m.values[v].ty).collect();
    p.out.push(b'(');
    for (i, &t) in ins.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(t);
    }
    p.out.extend_from_slice(b") -> ");
    p.print_result_types(&outs);
    p.out.push(b' ');
    let style = RegionStyle {
        entry_args: false,
        ..RegionStyle::CUSTOM
    };
    p.print_region_with(before, indent, style);
    p.out.extend_from_slice(b" do ");
    p.print_region_with(after, indent, RegionStyle::CUSTOM);
    p.print_attr_dict(def, op, true, &[]);
}

fn parse_while<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mut names = Vec::new();
    let mut inits = Vec::new();
    if p.eat(b'(') && !p.eat(b')') {
        loop {
            let (n, _, span) = p.parse_value_ref()?;
            p.expect(b'=', "'='")?;
            inits.push(p.parse_value_ref()?);
            names.push((n, span));
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "')'")?;
        }
    }
    p.expect(b':', "':'")?;
    p.skip_ws();
    let at = p.pos;
    let fty = p.parse_type()?;
    let (ins, outs) = match p.m.ctx.type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => return p.err_at(at, "expected function type"),
    };
    if ins.len() != inits.len() {
        return p.err_at(
            at,
            "expected as many input types as operands (expected ".to_string()
                + &inits.len().to_string()
                + " got "
                + &ins.len().to_string()
                + ")",
        );
    }
    let mut named: Vec<(&'a [u8], TypeId, Span, AttrId)> = Vec::new();
    for ((n, span), &t) in names.iter().zip(ins.iter()) {
        let l = p.file_loc(span.start as usize);
        named.push((n, t, *span, l));
    }
    let before = p.m.regions.alloc(Default::default());
    p.parse_region_with_args(before, &named)?;
    if !p.eat_keyword("do") {
        return p.err_tok("expected 'do'");
    }
    let after = p.m.regions.alloc(Default::default());
    p.parse_region(after)?;
    if p.eat_keyword("attributes") {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    out.regions[0].push(before);
    out.regions[1].push(after);
    out.all_operands = Some(inits);
    out.all_operand_types = Some(ins);
    out.all_result_types = Some(outs);
    Ok(out)
}

/// `[-> T] {..} {attrs}`.
fn print_execute_region(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    if !d.results.is_empty() {
        p.out.extend_from_slice(b" -> ");
        let outs: Vec<TypeId> = d.results.iter().map(|&v| m.values[v].ty).collect();
        p.print_result_types(&outs);
    }
    p.out.push(b' ');
    // MLIR 22's `no_inline`.
    let v22 = p.release() >= crate::dialect::MlirRelease::V22;
    if v22 && attr_of(p, op, "no_inline").is_some() {
        p.out.extend_from_slice(b"no_inline ");
    }
    if let Some(&r) = d.regions.first() {
        let style = RegionStyle {
            entry_args: false,
            ..RegionStyle::CUSTOM
        };
        p.print_region_with(r, indent, style);
    }
    p.print_attr_dict(def, op, false, if v22 { &["no_inline"] } else { &[] });
}

fn parse_execute_region<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mut result_types = Vec::new();
    if p.eat_str("->") {
        result_types = parse_arrow_types(p)?;
    }
    if p.release() >= crate::dialect::MlirRelease::V22 && p.eat_keyword("no_inline") {
        let a = p.m.ctx.unit_attr();
        set_named(p, def, &mut out, "no_inline", a);
    }
    let r = p.m.regions.alloc(Default::default());
    p.parse_region(r)?;
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    out.regions[0].push(r);
    out.all_operands = Some(Vec::new());
    out.all_operand_types = Some(Vec::new());
    out.all_result_types = Some(result_types);
    Ok(out)
}

/// The types after `->`: `(T, U)`, `()` or a single type (MLIR's
/// `parseOptionalArrowTypeList` / `parseColonTypeList` results).
pub(crate) fn parse_arrow_types(p: &mut Parser<'_>) -> PResult<Vec<TypeId>> {
    let mut types = Vec::new();
    if p.peek() != Some(b'(') {
        types.push(p.parse_type()?);
        return Ok(types);
    }
    // `(T) -> U` is a function type, not a parenthesised list.
    let save = p.pos;
    p.expect(b'(', "'('")?;
    if !p.eat(b')') {
        loop {
            types.push(p.parse_type()?);
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "')'")?;
        }
    }
    p.skip_ws();
    if p.src[p.pos..].starts_with(b"->") {
        p.pos = save;
        return Ok(vec![p.parse_type()?]);
    }
    Ok(types)
}

fn parse_select<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mut uses = Vec::new();
    loop {
        uses.push(p.parse_value_ref()?);
        if !p.eat(b',') {
            break;
        }
    }
    if uses.len() != 3 {
        let at = p.pos;
        return p.err_at(at, format!("expected 3 operands, but found {}", uses.len()));
    }
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    p.expect(b':', "':'")?;
    let mut ty = p.parse_type()?;
    let cond_ty = if p.eat(b',') {
        let c = ty;
        ty = p.parse_type()?;
        c
    } else {
        p.m.ctx.int_type(1)
    };
    out.all_operands = Some(uses);
    out.all_operand_types = Some(vec![cond_ty, ty, ty]);
    out.all_result_types = Some(vec![ty]);
    Ok(out)
}

/// `[visibility] @name(args) [-> results] [attributes {..}] [{ body }]`,
/// filling `sym_name`, `function_type`, `sym_visibility`, `arg_attrs` and
/// `res_attrs` of `def`.
pub(crate) fn parse_function_op<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    name_at: usize,
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let set = |p: &mut Parser<'a>, out: &mut Parsed<'a>, name: &str, a: AttrId| {
        set_named(p, def, out, name, a)
    };
    let vis = p.peek_ident();
    if matches!(vis, b"private" | b"public" | b"nested") {
        p.pos += vis.len();
        let a = p.m.ctx.string_attr(vis);
        set(p, &mut out, "sym_visibility", a);
    }
    p.skip_ws();
    let at = p.pos;
    if !p.eat(b'@') {
        return p.err_tok("expected valid '@'-identifier for symbol name");
    }
    let name: Vec<u8> = if p.peek_at(0) == Some(b'"') {
        p.string_lit()?.into_owned()
    } else {
        if !p
            .peek_at(0)
            .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
        {
            return p.err_at(at + 1, "@ identifier expected to start with letter or '_'");
        }
        let id = p.suffix_id();
        if id.is_empty() {
            return p.err_at(at, "expected valid '@'-identifier for symbol name");
        }
        id.to_vec()
    };
    let a = p.m.ctx.string_attr(&name);
    set(p, &mut out, "sym_name", a);
    // Arguments: named (`%a: i32 {attrs} loc(..)`) or types only.
    let FnArgs {
        inputs,
        arg_attrs,
        named,
        ..
    } = parse_fn_args(p, &def.name, false)?;
    // Results.
    let (results, res_attrs) = parse_fn_results(p)?;
    let fty = p.m.ctx.function_type(&inputs, &results);
    let fty = p.m.ctx.attr(AttrData::Type(fty));
    set(p, &mut out, "function_type", fty);
    let empty = |p: &Parser<'a>, a: &AttrId| matches!(p.m.ctx.attr_data(*a), AttrData::Dict(e) if e.is_empty());
    if arg_attrs.iter().any(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(arg_attrs.into()));
        set(p, &mut out, "arg_attrs", a);
    }
    if res_attrs.iter().any(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(res_attrs.into()));
        set(p, &mut out, "res_attrs", a);
    }
    p.skip_ws();
    let at = p.pos;
    if p.eat_keyword("attributes") {
        p.skip_ws();
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            for &(k, v) in es.iter() {
                let kb = p.m.ctx.bytes(k);
                // MLIR's parseFunctionOp refuses these three; `arg_attrs` and
                // `res_attrs` written here stand unless the signature has
                // some (the verifier checks their counts).
                if let Some(n) = INFERRED_FUNCTION_ATTRS.iter().find(|n| n.as_bytes() == kb) {
                    return p.err_at(
                        at,
                        format!(
                            "custom op '{}' '{n}' is an inferred attribute and should not be specified in the explicit attribute dictionary",
                            def.name
                        ),
                    );
                }
                let slot = def.attrs.iter().position(|x| x.name.as_bytes() == kb);
                match slot {
                    Some(i) if matches!(kb, b"arg_attrs" | b"res_attrs") => {
                        if out.attrs[i].is_some() {
                            let n = String::from_utf8_lossy(kb).into_owned();
                            return p.err_at(
                                name_at,
                                format!(
                                    "custom op '{}' attribute '{n}' occurs more than once in the attribute list",
                                    def.name
                                ),
                            );
                        }
                        out.attrs[i] = Some(v);
                    }
                    _ => out.dict.push((k, v)),
                }
            }
        }
    }
    // The body.
    let r = p.m.regions.alloc(Default::default());
    if p.peek() == Some(b'{') {
        p.skip_ws();
        let open = p.pos;
        // Types only: the body's entry block is as written (its label's
        // arguments; the verifier checks them against the signature).
        p.parse_region_with_args(r, &named)?;
        if p.m.regions[r].blocks.is_empty() {
            return p.err_at(open, "expected non-empty function body");
        }
    }
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}

/// A function's argument list as FunctionOpInterface ops write it.
pub(crate) struct FnArgs<'a> {
    pub inputs: Vec<TypeId>,
    pub arg_attrs: Vec<AttrId>,
    /// The named arguments (`%a: i32 {attrs} loc(..)`), with their
    /// locations: the entry block's arguments when there is a body.
    pub named: Vec<(&'a [u8], TypeId, Span, AttrId)>,
    /// A trailing `...` (only where `allow_variadic`).
    pub variadic: bool,
}

/// `(` args `)` of `func.func`, `llvm.func` (with `...` when
/// `allow_variadic`) and the like: every argument named (`%a: i32
/// {attrs} loc(..)`) or none (`i32 {attrs}`), as MLIR's
/// `function_interface_impl` parses them, with its messages (those of the
/// op's own parser carry the `custom op 'NAME'` prefix).
/// `-> T {attrs}` or `-> (T {attrs}, U)` after a signature's arguments,
/// or nothing: the result types and one dictionary per result.
pub(crate) fn parse_fn_results(p: &mut Parser<'_>) -> PResult<(Vec<TypeId>, Vec<AttrId>)> {
    let mut results = Vec::new();
    let mut res_attrs: Vec<AttrId> = Vec::new();
    if p.eat_str("->") {
        if p.peek() == Some(b'(') {
            // A parenthesized list, unless it is a function type.
            let save = p.pos;
            p.pos += 1;
            if !p.eat(b')') {
                loop {
                    results.push(p.parse_type()?);
                    res_attrs.push(parse_optional_dict(p)?);
                    if p.eat(b')') {
                        break;
                    }
                    p.expect(b',', "')' in result list")?;
                }
            }
            if p.peek_at(0) == Some(b'-') || {
                p.skip_ws();
                p.src[p.pos..].starts_with(b"->")
            } {
                // `(A) -> B` was one function type.
                p.pos = save;
                results.clear();
                res_attrs.clear();
                results.push(p.parse_type()?);
                res_attrs.push(p.m.ctx.empty_dict());
            }
        } else {
            results.push(p.parse_type()?);
            res_attrs.push(p.m.ctx.empty_dict());
        }
    }
    Ok((results, res_attrs))
}

pub(crate) fn parse_fn_args<'a>(
    p: &mut Parser<'a>,
    op_name: &str,
    allow_variadic: bool,
) -> PResult<FnArgs<'a>> {
    p.expect(b'(', "'(' in function signature")?;
    let mut args = FnArgs {
        inputs: Vec::new(),
        arg_attrs: Vec::new(),
        named: Vec::new(),
        variadic: false,
    };
    if p.eat(b')') {
        return Ok(args);
    }
    loop {
        p.skip_ws();
        let s = p.pos;
        if allow_variadic && p.eat_str("...") {
            args.variadic = true;
            p.expect(b')', "')'")?;
            break;
        }
        if p.peek() == Some(b'%') {
            if args.named.is_empty() && !args.inputs.is_empty() {
                return p.err_at(
                    s,
                    format!("custom op '{op_name}' expected type instead of SSA identifier"),
                );
            }
            let (n, _, span) = p.parse_value_ref()?;
            p.expect(b':', "':'")?;
            let ty = p.parse_type()?;
            let attrs = parse_optional_dict(p)?;
            let loc = if p.peek_ident() == b"loc" {
                match p.parse_trailing_loc()? {
                    LocOrAlias::Loc(l) => l,
                    LocOrAlias::Alias(..) => p.m.ctx.unknown_loc(),
                }
            } else {
                p.file_loc(s)
            };
            if !args.named.is_empty() || args.inputs.is_empty() {
                args.named.push((n, ty, span, loc));
            }
            args.inputs.push(ty);
            args.arg_attrs.push(attrs);
        } else {
            if !args.named.is_empty() {
                return p.err_at(s, format!("custom op '{op_name}' expected SSA identifier"));
            }
            let ty = p.parse_type()?;
            args.inputs.push(ty);
            args.arg_attrs.push(parse_optional_dict(p)?);
        }
        if p.eat(b')') {
            break;
        }
        p.expect(b',', "')'")?;
    }
    Ok(args)
}

pub(crate) fn parse_optional_dict(p: &mut Parser<'_>) -> PResult<AttrId> {
    if p.peek() == Some(b'{') {
        p.parse_dict()
    } else {
        Ok(p.m.ctx.empty_dict())
    }
}
