//! `custom<Name>` directives of the memref dialect:
//! `GlobalMemrefOpTypeAndInitialValue` (`memref.global`'s
//! `memref<2xf32> = dense<...>` / `= uninitialized` / nothing).

use super::parse::Parsed;
use super::print::attr_of;
use crate::context::{AttrData, TypeData};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::parser::{PResult, Parser};
use crate::printer::{Elide, Printer};

/// `type [= uninitialized | = <elements without their type>]`.
pub(crate) fn print_global_type_and_init(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    ty_attr: usize,
    init_attr: usize,
) {
    let attr = |p: &Printer<'_>, i: usize| {
        let name = def.attrs[i].name.as_bytes();
        let d = &p.m.ops[op];
        d.properties
            .and_then(|props| p.ctx.dict_get(props, name))
            .or_else(|| p.ctx.dict_get(d.attrs, name))
    };
    if let Some(t) = attr(p, ty_attr) {
        match p.ctx.attr_data(t) {
            AttrData::Type(t) => p.print_type(*t),
            _ => p.print_attr(t, Elide::Never),
        }
    }
    let Some(init) = attr(p, init_attr) else {
        return;
    };
    p.out.extend_from_slice(b" = ");
    if matches!(p.ctx.attr_data(init), AttrData::Unit) {
        p.out.extend_from_slice(b"uninitialized");
    } else {
        p.print_attr(init, Elide::Must);
    }
}

pub(crate) fn parse_global_type_and_init<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    ty_attr: usize,
    init_attr: usize,
    out: &mut Parsed<'a>,
) -> PResult<()> {
    p.skip_ws();
    let at = p.pos;
    let ty = p.parse_type()?;
    let tensor = match p.m.ctx.type_data(ty).clone() {
        TypeData::MemRef { shape, elem, .. } if shape.iter().all(|&d| d >= 0) => {
            p.m.ctx.ty(TypeData::RankedTensor {
                shape,
                elem,
                encoding: None,
            })
        }
        _ => {
            let shown = crate::printer::type_to_string(&p.m.ctx, ty);
            return p.err_at(
                at,
                format!("type should be static shaped memref, but got {shown}"),
            );
        }
    };
    let _ = def;
    out.attrs[ty_attr] = Some(p.m.ctx.attr(AttrData::Type(ty)));
    if !p.eat(b'=') {
        return Ok(());
    }
    if p.eat_keyword("uninitialized") {
        out.attrs[init_attr] = Some(p.m.ctx.unit_attr());
        return Ok(());
    }
    let a = p.parse_attr_of_type(tensor)?;
    if !matches!(
        p.m.ctx.attr_data(a),
        AttrData::Dense { .. } | AttrData::DenseResource { .. } | AttrData::Sparse { .. }
    ) {
        return p.err_at(at, "initial value should be a unit or elements attribute");
    }
    out.attrs[init_attr] = Some(a);
    Ok(())
}

/// `memref.alloca_scope`: `  [-> (T)] {..} {attrs}` (MLIR's
/// `AllocaScopeOp::print`, with its two spaces).
pub(crate) fn print_alloca_scope(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    if !d.results.is_empty() {
        p.out.extend_from_slice(b" -> (");
        for (k, &v) in d.results.iter().enumerate() {
            if k > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_type(m.values[v].ty);
        }
        p.out.push(b')');
    }
    p.out.push(b' ');
    if let Some(&r) = d.regions.first() {
        let style = crate::printer::RegionStyle {
            entry_args: false,
            terminators: !d.results.is_empty(),
            ..crate::printer::RegionStyle::CUSTOM
        };
        p.print_region_with(r, indent, style);
    }
    p.print_attr_dict(def, op, false, &[]);
}

pub(crate) fn parse_alloca_scope<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mut result_types = Vec::new();
    if p.eat_str("->") {
        result_types = super::custom::parse_arrow_types(p)?;
    }
    let r = p.m.regions.alloc(Default::default());
    p.parse_region(r)?;
    out.regions[0].push(r);
    out.implicit_terminator_regions.push(r);
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    out.all_operands = Some(Vec::new());
    out.all_operand_types = Some(Vec::new());
    out.all_result_types = Some(result_types);
    Ok(out)
}

fn set_attr(def: &OpDef, out: &mut Parsed<'_>, name: &str, a: crate::context::AttrId) {
    if let Some(i) = def.attrs.iter().position(|x| &*x.name == name) {
        out.attrs[i] = Some(a);
    }
}

fn print_values(p: &mut Printer<'_>, values: &[crate::ir::ValueId]) {
    for (k, &v) in values.iter().enumerate() {
        if k > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(v);
    }
}

/// `[%a, %b]`: an operand list in square brackets (possibly empty).
fn parse_square_uses<'a>(p: &mut Parser<'a>) -> PResult<Vec<super::parse::UseRef<'a>>> {
    p.expect(b'[', "'['")?;
    let mut list = Vec::new();
    if p.eat(b']') {
        return Ok(list);
    }
    loop {
        list.push(p.parse_value_ref()?);
        if !p.eat(b',') {
            break;
        }
    }
    p.expect(b']', "']'")?;
    Ok(list)
}

fn parse_optional_attr_dict(p: &mut Parser<'_>, out: &mut Parsed<'_>) -> PResult<()> {
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    Ok(())
}

fn index_type(p: &mut Parser<'_>) -> crate::context::TypeId {
    p.m.ctx.ty(TypeData::Index)
}

/// `memref.transpose`: `%in (d0, d1) -> (d1, d0) {attrs} : T to U`.
pub(crate) fn print_transpose(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
    let m = p.m;
    let d = &m.ops[op];
    let Some(&input) = d.operands.first() else {
        return;
    };
    p.out.push(b' ');
    p.print_value(input);
    p.out.push(b' ');
    if let Some(AttrData::AffineMap(s)) = attr_of(p, op, "permutation").map(|a| p.ctx.attr_data(a))
    {
        p.out
            .extend_from_slice(crate::affine::shown(p.ctx.bytes(*s)));
    }
    p.print_attr_dict(def, op, false, &["permutation"]);
    p.out.extend_from_slice(b" : ");
    p.print_type(m.values[input].ty);
    p.out.extend_from_slice(b" to ");
    if let Some(&r) = d.results.first() {
        p.print_type(m.values[r].ty);
    }
}

pub(crate) fn parse_transpose<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let input = p.parse_value_ref()?;
    p.skip_ws();
    let map = p.parse_inline_affine_map()?;
    set_attr(def, &mut out, "permutation", map);
    parse_optional_attr_dict(p, &mut out)?;
    p.expect(b':', "':'")?;
    let src = parse_memref_type(p)?;
    if !p.eat_keyword("to") {
        return p.err_tok("expected 'to'");
    }
    let dst = parse_memref_type(p)?;
    out.all_operands = Some(vec![input]);
    out.all_operand_types = Some(vec![src]);
    out.all_result_types = Some(vec![dst]);
    Ok(out)
}

/// `memref.dma_start`: `%src[..], %dst[..], %n, %tag[..][, %stride, %per]
/// : S, D, T` (attributes are printed before the `:` but not parsed, as in
/// MLIR).
pub(crate) fn print_dma_start(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
    let m = p.m;
    let ops = &m.ops[op].operands;
    let rank = |v: crate::ir::ValueId| match m.ctx.type_data(m.values[v].ty) {
        TypeData::MemRef { shape, .. } => shape.len(),
        _ => 0,
    };
    let Some(&src) = ops.first() else { return };
    let s_end = (1 + rank(src)).min(ops.len());
    let Some(&dst) = ops.get(s_end) else { return };
    let d_end = (s_end + 1 + rank(dst)).min(ops.len());
    let (Some(&num), Some(&tag)) = (ops.get(d_end), ops.get(d_end + 1)) else {
        return;
    };
    let t_end = (d_end + 2 + rank(tag)).min(ops.len());
    p.out.push(b' ');
    p.print_value(src);
    p.out.push(b'[');
    print_values(p, &ops[1..s_end]);
    p.out.extend_from_slice(b"], ");
    p.print_value(dst);
    p.out.push(b'[');
    print_values(p, &ops[s_end + 1..d_end]);
    p.out.extend_from_slice(b"], ");
    p.print_value(num);
    p.out.extend_from_slice(b", ");
    p.print_value(tag);
    p.out.push(b'[');
    print_values(p, &ops[d_end + 2..t_end]);
    p.out.push(b']');
    if ops.len() > t_end {
        p.out.extend_from_slice(b", ");
        print_values(p, &ops[t_end..]);
    }
    p.print_attr_dict(def, op, false, &[]);
    p.out.extend_from_slice(b" : ");
    for (k, v) in [src, dst, tag].into_iter().enumerate() {
        if k > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(m.values[v].ty);
    }
}

pub(crate) fn parse_dma_start<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    name_at: usize,
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let src = p.parse_value_ref()?;
    let src_idx = parse_square_uses(p)?;
    p.expect(b',', "','")?;
    let dst = p.parse_value_ref()?;
    let dst_idx = parse_square_uses(p)?;
    p.expect(b',', "','")?;
    let num = p.parse_value_ref()?;
    p.expect(b',', "','")?;
    let tag = p.parse_value_ref()?;
    let tag_idx = parse_square_uses(p)?;
    let mut stride = Vec::new();
    if p.eat(b',') {
        loop {
            stride.push(p.parse_value_ref()?);
            if !p.eat(b',') {
                break;
            }
        }
    }
    if !stride.is_empty() && stride.len() != 2 {
        return p.err_at(name_at, "expected two stride related operands");
    }
    // MLIR's parser reads no attribute dictionary here (its printer writes one).
    p.expect(b':', "':'")?;
    let mut types = vec![p.parse_type()?];
    while p.eat(b',') {
        types.push(p.parse_type()?);
    }
    if types.len() != 3 {
        return p.err_at(name_at, "fewer/more types expected");
    }
    let index = index_type(p);
    let mut uses = vec![src];
    let mut tys = vec![types[0]];
    for (list, ty) in [
        (src_idx, None),
        (vec![dst], Some(types[1])),
        (dst_idx, None),
        (vec![num], None),
        (vec![tag], Some(types[2])),
        (tag_idx, None),
        (stride, None),
    ] {
        tys.extend(std::iter::repeat_n(ty.unwrap_or(index), list.len()));
        uses.extend(list);
    }
    out.all_operands = Some(uses);
    out.all_operand_types = Some(tys);
    out.all_result_types = Some(Vec::new());
    Ok(out)
}

/// `memref.prefetch`: `%m[%i], read|write, locality<N>, data|instr : T`
/// (attributes printed but not parsed, as in MLIR).
pub(crate) fn print_prefetch(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
    let m = p.m;
    let ops = &m.ops[op].operands;
    let Some(&mem) = ops.first() else { return };
    let flag = |p: &Printer<'_>, name: &str| {
        attr_of(p, op, name).is_some_and(|a| {
            matches!(p.ctx.attr_data(a), AttrData::Integer { words, .. } if words.first() == Some(&1))
        })
    };
    let write = flag(p, "isWrite");
    let data = flag(p, "isDataCache");
    p.out.push(b' ');
    p.print_value(mem);
    p.out.push(b'[');
    print_values(p, &ops[1..]);
    p.out
        .extend_from_slice(if write { b"], write" } else { b"], read" });
    p.out.extend_from_slice(b", locality<");
    if let Some(a) = attr_of(p, op, "localityHint") {
        p.print_attr(a, crate::printer::Elide::Must);
    }
    p.out
        .extend_from_slice(if data { b">, data" } else { b">, instr" });
    p.print_attr_dict(def, op, false, &["localityHint", "isWrite", "isDataCache"]);
    p.out.extend_from_slice(b" : ");
    p.print_type(m.values[mem].ty);
}

pub(crate) fn parse_prefetch<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    name_at: usize,
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mem = p.parse_value_ref()?;
    let idx = parse_square_uses(p)?;
    p.expect(b',', "','")?;
    let rw = parse_keyword(p)?;
    p.expect(b',', "','")?;
    if !p.eat_keyword("locality") {
        return p.err_tok("expected 'locality'");
    }
    p.expect(b'<', "'<'")?;
    let hint = parse_i32_attr(p)?;
    set_attr(def, &mut out, "localityHint", hint);
    p.expect(b'>', "'>'")?;
    p.expect(b',', "','")?;
    let cache = parse_keyword(p)?;
    p.expect(b':', "':'")?;
    let ty = parse_memref_type(p)?;
    if rw != b"read" && rw != b"write" {
        return p.err_at(name_at, "rw specifier has to be 'read' or 'write'");
    }
    let b = bool_attr(p, rw == b"write");
    set_attr(def, &mut out, "isWrite", b);
    if cache != b"data" && cache != b"instr" {
        return p.err_at(name_at, "cache type has to be 'data' or 'instr'");
    }
    let b = bool_attr(p, cache == b"data");
    set_attr(def, &mut out, "isDataCache", b);
    let index = index_type(p);
    let mut tys = vec![ty];
    tys.extend(std::iter::repeat_n(index, idx.len()));
    let mut uses = vec![mem];
    uses.extend(idx);
    out.all_operands = Some(uses);
    out.all_operand_types = Some(tys);
    out.all_result_types = Some(Vec::new());
    Ok(out)
}

/// `memref.generic_atomic_rmw`: `%m[%i] : T {body} {attrs}`.
pub(crate) fn print_generic_atomic_rmw(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    let Some(&mem) = d.operands.first() else {
        return;
    };
    p.out.push(b' ');
    p.print_value(mem);
    p.out.push(b'[');
    print_values(p, &d.operands[1..]);
    p.out.extend_from_slice(b"] : ");
    p.print_type(m.values[mem].ty);
    p.out.push(b' ');
    if let Some(&r) = d.regions.first() {
        p.print_region_with(r, indent, crate::printer::RegionStyle::CUSTOM);
    }
    p.print_attr_dict(def, op, false, &[]);
}

pub(crate) fn parse_generic_atomic_rmw<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let mem = p.parse_value_ref()?;
    let idx = parse_square_uses(p)?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let ty_at = p.pos;
    let ty = p.parse_type()?;
    let r = p.m.regions.alloc(Default::default());
    p.parse_region(r)?;
    out.regions[0].push(r);
    parse_optional_attr_dict(p, &mut out)?;
    let elem = match p.m.ctx.type_data(ty) {
        TypeData::MemRef { elem, .. } => *elem,
        _ => return p.err_at(ty_at, "expected memref type"),
    };
    let index = index_type(p);
    let mut tys = vec![ty];
    tys.extend(std::iter::repeat_n(index, idx.len()));
    let mut uses = vec![mem];
    uses.extend(idx);
    out.all_operands = Some(uses);
    out.all_operand_types = Some(tys);
    out.all_result_types = Some(vec![elem]);
    Ok(out)
}

/// A type that must be a ranked memref (MLIR's `parseColonType` into a
/// `MemRefType`).
fn parse_memref_type(p: &mut Parser<'_>) -> PResult<crate::context::TypeId> {
    p.skip_ws();
    let at = p.pos;
    let t = p.parse_type()?;
    if !matches!(p.m.ctx.type_data(t), TypeData::MemRef { .. }) {
        return p.err_at(at, "invalid kind of type specified");
    }
    Ok(t)
}

/// A bare keyword (MLIR's `parseKeyword(&str)`).
fn parse_keyword<'a>(p: &mut Parser<'a>) -> PResult<&'a [u8]> {
    let k = p.peek_ident();
    if k.is_empty() {
        let at = p.pos;
        return p.err_at(at, "expected valid keyword");
    }
    p.pos += k.len();
    Ok(k)
}

fn bool_attr(p: &mut Parser<'_>, v: bool) -> crate::context::AttrId {
    let ty = p.m.ctx.int_type(1);
    p.m.ctx.attr(AttrData::Integer {
        ty,
        words: vec![u64::from(v)].into(),
    })
}

/// An attribute parsed with `i32` as its type (MLIR's `parseAttribute(attr,
/// i32Type)`): a bare integer literal becomes an `i32` integer attribute.
fn parse_i32_attr(p: &mut Parser<'_>) -> PResult<crate::context::AttrId> {
    p.skip_ws();
    let at = p.pos;
    let neg = p.peek_at(0) == Some(b'-');
    let digits = p.src[at + usize::from(neg)..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let next = p.src.get(at + usize::from(neg) + digits).copied();
    if digits == 0 || matches!(next, Some(b'.' | b'x' | b'e' | b'E')) {
        return p.parse_attr();
    }
    let text = std::str::from_utf8(&p.src[at..at + usize::from(neg) + digits]).unwrap_or("");
    let Some(v) = text
        .parse::<i64>()
        .ok()
        .filter(|v| i32::try_from(*v).is_ok() || (0..=u32::MAX as i64).contains(v))
    else {
        return p.err_at(at, "integer constant out of range for attribute");
    };
    p.pos = at + usize::from(neg) + digits;
    let ty = p.m.ctx.int_type(32);
    Ok(p.m.ctx.attr(AttrData::Integer {
        ty,
        words: vec![(v as u64) & 0xffff_ffff].into(),
    }))
}
