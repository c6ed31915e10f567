//! `llvm.func`, `llvm.mlir.global` and (MLIR 22) `llvm.mlir.alias`, as
//! `LLVMDialect.cpp` prints and reads them.

use super::super::parse::Parsed;
use super::common::{
    attr_of, check_dict, eat_one_of, elided, i64_attr, int_value, keyword_of, llvm_attr,
    parse_optional_attr_dict, print_attrs_except, print_nested_type_text, set_attr, CCONVS,
    LINKAGES,
};
use crate::context::{AttrData, AttrId, TypeId};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::llvm::LlvmType;
use crate::parser::{PResult, Parser};
use crate::printer::{Elide, Printer, RegionStyle};

pub(super) const UNNAMED_ADDR: &[&str] = &["", "local_unnamed_addr", "unnamed_addr"];
pub(super) const VISIBILITY: &[&str] = &["", "hidden", "protected"];

pub(super) fn print_enum_keyword(p: &mut Printer<'_>, a: Option<AttrId>, names: &[&str]) {
    let v = a.and_then(|a| int_value(p.ctx, a));
    if let Some(n) = v
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|i| names.get(i))
    {
        if !n.is_empty() {
            p.out.extend_from_slice(n.as_bytes());
            p.out.push(b' ');
        }
    }
}

/// ` linkage [visibility] [thread_local] [unnamed_addr] `: what globals and
/// aliases print first (MLIR's `printCommonGlobalAndAlias`).
fn print_common_global_and_alias(p: &mut Printer<'_>, op: OpId) {
    p.out.push(b' ');
    if let Some(l) = keyword_of(p.ctx, attr_of(p, op, "linkage"), "linkage") {
        p.out.extend_from_slice(l);
    }
    p.out.push(b' ');
    print_enum_keyword(p, attr_of(p, op, "visibility_"), VISIBILITY);
    if attr_of(p, op, "thread_local_").is_some() {
        p.out.extend_from_slice(b"thread_local ");
    }
    print_enum_keyword(p, attr_of(p, op, "unnamed_addr"), UNNAMED_ADDR);
}

/// `@name`, quoted when it is not a bare identifier.
fn print_sym_name(p: &mut Printer<'_>, op: OpId) {
    p.out.push(b'@');
    if let Some(AttrData::String { value, .. }) =
        attr_of(p, op, "sym_name").map(|a| p.ctx.attr_data(a))
    {
        p.print_keyword_or_string(p.ctx.bytes(*value));
    }
}

/// The initializer region of a global or alias, if it has a block.
fn print_initializer(p: &mut Printer<'_>, op: OpId, indent: usize) {
    if let Some(&r) = p.m.ops[op].regions.first() {
        if !p.m.regions[r].blocks.is_empty() {
            let style = RegionStyle {
                entry_args: false,
                ..RegionStyle::CUSTOM
            };
            p.print_region_with(r, indent, style);
        }
    }
}

/// ` linkage [visibility] [thread_local] [unnamed_addr] [constant] @g(value)
/// [comdat(..)] {attrs} [: T [{ init }]]`.
pub(super) fn print_global(p: &mut Printer<'_>, op: OpId, indent: usize) {
    let ctx = p.ctx;
    let m = p.m;
    print_common_global_and_alias(p, op);
    if attr_of(p, op, "constant").is_some() {
        p.out.extend_from_slice(b"constant ");
    }
    print_sym_name(p, op);
    p.out.push(b'(');
    let value = attr_of(p, op, "value");
    if let Some(v) = value {
        p.print_attr(v, Elide::Never);
    }
    p.out.push(b')');
    if let Some(c) = attr_of(p, op, "comdat") {
        p.out.extend_from_slice(b" comdat(");
        p.print_attr(c, Elide::Never);
        p.out.push(b')');
    }
    print_attrs_except(p, op, elided("llvm.mlir.global"), false);
    if value.is_some_and(|v| matches!(ctx.attr_data(v), AttrData::String { .. })) {
        return;
    }
    p.out.extend_from_slice(b" : ");
    if let Some(AttrData::Type(t)) = attr_of(p, op, "global_type").map(|a| ctx.attr_data(a)) {
        p.print_type(*t);
    }
    if let Some(&r) = m.ops[op].regions.first() {
        if !m.regions[r].blocks.is_empty() {
            p.out.push(b' ');
        }
    }
    print_initializer(p, op, indent);
}

/// MLIR 22's `AliasOp::print`: ` linkage [visibility] [thread_local]
/// [unnamed_addr] @a {attrs} : T { init }`.
pub(super) fn print_alias(p: &mut Printer<'_>, op: OpId, indent: usize) {
    print_common_global_and_alias(p, op);
    print_sym_name(p, op);
    print_attrs_except(p, op, elided("llvm.mlir.alias"), false);
    p.out.extend_from_slice(b" : ");
    if let Some(AttrData::Type(t)) = attr_of(p, op, "alias_type").map(|a| p.ctx.attr_data(a)) {
        p.print_type(*t);
    }
    p.out.push(b' ');
    print_initializer(p, op, indent);
}

/// ` [linkage] [visibility] [unnamed_addr] [cconv] @f(args[, ...]) [-> R]
/// [attributes {..}] [{ body }]`.
pub(super) fn print_func(p: &mut Printer<'_>, op: OpId, indent: usize) {
    let ctx = p.ctx;
    let m = p.m;
    p.out.push(b' ');
    if let Some(l) = keyword_of(ctx, attr_of(p, op, "linkage"), "linkage") {
        if l != b"external" {
            p.out.extend_from_slice(l);
            p.out.push(b' ');
        }
    }
    print_enum_keyword(p, attr_of(p, op, "visibility_"), VISIBILITY);
    print_enum_keyword(p, attr_of(p, op, "unnamed_addr"), UNNAMED_ADDR);
    if let Some(c) = keyword_of(ctx, attr_of(p, op, "CConv"), "cconv") {
        if c != b"ccc" {
            p.out.extend_from_slice(c);
            p.out.push(b' ');
        }
    }
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
    let fty = match attr_of(p, op, "function_type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => LlvmType::of(ctx, *t),
        _ => None,
    };
    let (result, params, variadic) = match &fty {
        Some(LlvmType::Func {
            result,
            params,
            variadic,
        }) => (&**result, &params[..], *variadic),
        _ => ("void", &[][..], false),
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
    super::super::custom::print_fn_args(p, entry, params.len(), arg_attrs, |p, i| {
        print_nested_type_text(p, &params[i])
    });
    if variadic {
        if !params.is_empty() {
            p.out.extend_from_slice(b", ");
        }
        p.out.extend_from_slice(b"...");
    }
    p.out.push(b')');
    if result != "void" {
        p.out.extend_from_slice(b" -> ");
        let ra = res_attrs
            .and_then(|a| a.first().copied())
            .filter(|&a| !matches!(ctx.attr_data(a), AttrData::Dict(e) if e.is_empty()));
        let wrap = ra.is_some() || result.starts_with('(');
        if wrap {
            p.out.push(b'(');
        }
        print_nested_type_text(p, result);
        if let Some(a) = ra {
            super::super::custom::print_optional_dict(p, a);
        }
        if wrap {
            p.out.push(b')');
        }
    }
    print_attrs_except(p, op, elided("llvm.func"), true);
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

/// MLIR's `parseCommonGlobalAndAlias`: linkage (default external),
/// visibility, `thread_local`, unnamed_addr, in this order.
fn parse_common_global_and_alias<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    out: &mut Parsed<'a>,
) -> PResult<()> {
    p.skip_ws();
    let at = p.pos;
    // MLIR's parser sets linkage (default external), visibility_ and
    // unnamed_addr (default 0) whether or not they are written.
    let l = eat_one_of(p, LINKAGES).unwrap_or_else(|| "external".to_string());
    let a = llvm_attr(p, "linkage", &l, at)?;
    set_attr(p, def, out, "linkage", a);
    for name in ["visibility_", "unnamed_addr"] {
        let z = i64_attr(p, 64, 0);
        set_attr(p, def, out, name, z);
    }
    // Visibility, thread_local, unnamed_addr, constant: in this order.
    if let Some(i) = VISIBILITY
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        let id_len = VISIBILITY[i + 1].len();
        p.pos += id_len;
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, out, "visibility_", a);
    }
    if p.eat_keyword("thread_local") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, out, "thread_local_", u);
    }
    if let Some(i) = UNNAMED_ADDR
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += UNNAMED_ADDR[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, out, "unnamed_addr", a);
    }
    Ok(())
}

pub(super) fn parse_global<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    parse_common_global_and_alias(p, def, &mut out)?;
    if p.eat_keyword("constant") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "constant", u);
    }
    let name = parse_symbol_name(p)?;
    let a = p.m.ctx.string_attr(&name);
    set_attr(p, def, &mut out, "sym_name", a);
    p.expect(b'(', "'('")?;
    let mut value = None;
    if !p.eat(b')') {
        let v = p.parse_attr()?;
        value = Some(v);
        set_attr(p, def, &mut out, "value", v);
        p.expect(b')', "')'")?;
    }
    if p.eat_keyword("comdat") {
        p.expect(b'(', "'('")?;
        let c = p.parse_attr()?;
        p.expect(b')', "')'")?;
        set_attr(p, def, &mut out, "comdat", c);
    }
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    let ty = if p.eat(b':') {
        Some(p.parse_type()?)
    } else {
        None
    };
    let ty = match (ty, value.map(|v| p.m.ctx.attr_data(v).clone())) {
        (Some(t), _) => t,
        (None, Some(AttrData::String { value, .. })) => {
            let n = p.m.ctx.bytes(value).len();
            p.llvm_nested_type(&format!("array<{n} x i8>"), dict_at)?
        }
        _ => {
            p.skip_ws();
            let at = p.pos;
            return p.err_at(at, "type can only be omitted for string globals");
        }
    };
    let ta = p.m.ctx.attr(AttrData::Type(ty));
    set_attr(p, def, &mut out, "global_type", ta);
    let r = p.m.regions.alloc(Default::default());
    if p.peek() == Some(b'{') {
        p.parse_region(r)?;
    }
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}

pub(super) fn parse_symbol_name(p: &mut Parser<'_>) -> PResult<Vec<u8>> {
    p.skip_ws();
    let at = p.pos;
    if !p.eat(b'@') {
        return p.err_tok("expected valid '@'-identifier for symbol name");
    }
    if p.peek_at(0) == Some(b'"') {
        return Ok(p.string_lit()?.into_owned());
    }
    let id = p.suffix_id();
    if id.is_empty() {
        return p.err_at(at, "expected valid '@'-identifier for symbol name");
    }
    Ok(id.to_vec())
}

pub(super) fn parse_func<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    if let Some(l) = eat_one_of(p, LINKAGES) {
        let a = llvm_attr(p, "linkage", &l, at)?;
        set_attr(p, def, &mut out, "linkage", a);
    }
    for name in ["visibility_", "unnamed_addr"] {
        let z = i64_attr(p, 64, 0);
        set_attr(p, def, &mut out, name, z);
    }
    if let Some(i) = VISIBILITY
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += VISIBILITY[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "visibility_", a);
    }
    if let Some(i) = UNNAMED_ADDR
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += UNNAMED_ADDR[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "unnamed_addr", a);
    }
    p.skip_ws();
    let at = p.pos;
    if let Some(c) = eat_one_of(p, CCONVS) {
        let a = llvm_attr(p, "cconv", &c, at)?;
        set_attr(p, def, &mut out, "CConv", a);
    }
    let vis = p.peek_ident();
    if matches!(vis, b"private" | b"public" | b"nested") {
        p.pos += vis.len();
        let a = p.m.ctx.string_attr(vis);
        set_attr(p, def, &mut out, "sym_visibility", a);
    }
    let name = parse_symbol_name(p)?;
    let a = p.m.ctx.string_attr(&name);
    set_attr(p, def, &mut out, "sym_name", a);
    let super::super::custom::FnArgs {
        inputs,
        arg_attrs,
        named,
        variadic,
    } = super::super::custom::parse_fn_args(p, "llvm.func", true)?;
    let mut result: Option<TypeId> = None;
    let mut res_attr: Option<AttrId> = None;
    if p.eat_str("->") {
        p.skip_ws();
        let save = p.pos;
        if p.eat(b'(') {
            let t = p.parse_type()?;
            let a = super::super::custom::parse_optional_dict(p)?;
            if p.eat(b')') {
                result = Some(t);
                res_attr = Some(a);
            } else {
                p.pos = save;
            }
        }
        if result.is_none() {
            result = Some(p.parse_type()?);
        }
    }
    // The `!llvm.func<R (A, B, ...)>` type.
    let mut text = String::from("func<");
    match result {
        Some(r) => text.push_str(&crate::llvm::nested_text(&p.m.ctx, r)),
        None => text.push_str("void"),
    }
    text.push_str(" (");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&crate::llvm::nested_text(&p.m.ctx, t));
    }
    if variadic {
        if !inputs.is_empty() {
            text.push_str(", ");
        }
        text.push_str("...");
    }
    text.push_str(")>");
    let fty = p.llvm_nested_type(&text, at)?;
    let fa = p.m.ctx.attr(AttrData::Type(fty));
    set_attr(p, def, &mut out, "function_type", fa);
    let empty = |p: &Parser<'a>, a: &AttrId| matches!(p.m.ctx.attr_data(*a), AttrData::Dict(e) if e.is_empty());
    if arg_attrs.iter().any(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(arg_attrs.into()));
        set_attr(p, def, &mut out, "arg_attrs", a);
    }
    if let Some(ra) = res_attr.filter(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(vec![ra].into()));
        set_attr(p, def, &mut out, "res_attrs", a);
    }
    if p.eat_keyword("attributes") {
        p.skip_ws();
        let at = p.pos;
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
        check_dict(p, def, &out, at)?;
    }
    let r = p.m.regions.alloc(Default::default());
    if p.peek() == Some(b'{') {
        if named.len() != inputs.len() && !inputs.is_empty() {
            let at = p.pos;
            return p.err_at(at, "expected named arguments for a function with a body");
        }
        p.parse_region_with_args(r, &named)?;
    }
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}

/// MLIR 22's `AliasOp::parse`: the common head, `@a`, an attribute
/// dictionary, `: T` and the initializer region.
pub(super) fn parse_alias<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    parse_common_global_and_alias(p, def, &mut out)?;
    let name = parse_symbol_name(p)?;
    let a = p.m.ctx.string_attr(&name);
    set_attr(p, def, &mut out, "sym_name", a);
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.skip_ws();
    let colon = p.pos;
    if !p.eat(b':') {
        return p.err_at(colon, "expected ':' and the alias type");
    }
    let ty = p.parse_type()?;
    if p.peek() == Some(b',') {
        return p.err_at(colon, "expected zero or one type");
    }
    let ta = p.m.ctx.attr(AttrData::Type(ty));
    set_attr(p, def, &mut out, "alias_type", ta);
    let r = p.m.regions.alloc(Default::default());
    p.parse_region(r)?;
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}
