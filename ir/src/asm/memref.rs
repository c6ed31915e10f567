//! `custom<Name>` directives of the memref dialect:
//! `GlobalMemrefOpTypeAndInitialValue` (`memref.global`'s
//! `memref<2xf32> = dense<...>` / `= uninitialized` / nothing).

use super::parse::Parsed;
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
