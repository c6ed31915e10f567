//! Ops whose custom syntax is written in Rust (`hasCustomAssemblyFormat`),
//! `custom<Name>` directives, and result-name hints
//! (`OpAsmOpInterface::getAsmResultNames`), all looked up by name.
//!
//! The function-like syntax (`func.func @f(%arg0: i32) -> i32 attributes
//! {...} {`) is MLIR's `FunctionOpInterface` form; it is written once here
//! (`print_function_op` / `parse_function_op`) so `llvm.func` and
//! `cir.func` can share it.

use super::format::Elem;
use crate::context::{AttrData, AttrId, Context, TypeData};
use crate::dialect::OpDef;
use crate::ir::{Module, OpId};
use crate::printer::{Elide, Printer, RegionStyle};

/// Ops with a hand-written syntax.
const CUSTOM_OPS: &[&str] = &["func.func"];

/// Whether `name` has a hand-written parser and printer.
pub fn has_custom_syntax(name: &str) -> bool {
    CUSTOM_OPS.contains(&name)
}

/// Attributes a hand-written syntax prints itself (so `attr-dict` must not).
pub(crate) fn elided_attrs(def: &OpDef) -> Vec<u32> {
    let names: &[&str] = match &*def.name {
        "func.func" => FUNCTION_ATTRS,
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

/// Prints the body of a hand-written op (after its name).
pub(crate) fn print(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    if &*def.name == "func.func" {
        print_function_op(p, def, op, indent);
    }
}

/// Prints a `custom<Name>(...)` directive. No directive is registered yet:
/// an op whose format uses one prints nothing for it (the loader rejects
/// such formats, so this is not reached).
pub(crate) fn print_directive(
    _p: &mut Printer<'_>,
    _def: &OpDef,
    _op: OpId,
    _name: &str,
    _args: &[Elem],
    _indent: usize,
) {
}

/// Names of `custom<Name>` directives with a Rust implementation.
pub fn has_directive(_name: &str) -> bool {
    false
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

fn attr_of(p: &Printer<'_>, op: OpId, name: &str) -> Option<AttrId> {
    let d = &p.m.ops[op];
    d.properties
        .and_then(|props| p.ctx.dict_get(props, name.as_bytes()))
        .or_else(|| p.ctx.dict_get(d.attrs, name.as_bytes()))
}

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
    for (i, &t) in inputs.iter().enumerate() {
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
                p.print_type(t);
                if let Some(a) = attrs {
                    print_optional_dict(p, a);
                }
            }
        }
    }
    p.out.push(b')');
    if !results.is_empty() {
        p.out.extend_from_slice(b" -> ");
        let has_attrs = res_attrs
            .and_then(|a| a.first())
            .is_some_and(|&a| !matches!(ctx.attr_data(a), AttrData::Dict(e) if e.is_empty()));
        let wrap = results.len() > 1
            || matches!(ctx.type_data(results[0]), TypeData::Function { .. })
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

/// ` {a = 1}` unless the dictionary is empty.
fn print_optional_dict(p: &mut Printer<'_>, dict: AttrId) {
    let ctx = p.ctx;
    if let AttrData::Dict(es) = ctx.attr_data(dict) {
        if es.is_empty() {
            return;
        }
        p.out.push(b' ');
        p.print_attr(dict, Elide::Never);
    }
}
