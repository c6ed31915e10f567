//! Hand-written syntaxes of scf ops beyond those in `custom.rs`:
//! `scf.parallel` (MLIR's `ParallelOp::print` / `ParallelOp::parse`).

use super::parse::{Parsed, UseRef};
use super::print::operand_range;
use crate::context::{AttrData, AttrId, TypeData, TypeId};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::parser::{PResult, Parser};
use crate::printer::{Printer, RegionStyle};
use irkit_diag::Span;

/// `(%i) = (%lb) to (%ub) step (%s) [init (%x)] [-> T] {..} {attrs}`.
pub(crate) fn print_parallel(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    let Some(&r) = d.regions.first() else { return };
    let ivs: &[crate::ir::ValueId] = match m.regions[r].blocks.first() {
        Some(&b) => &m.blocks[b].args,
        None => &[],
    };
    let list = |p: &mut Printer<'_>, vals: &[crate::ir::ValueId]| {
        p.out.push(b'(');
        for (k, &v) in vals.iter().enumerate() {
            if k > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_value(v);
        }
        p.out.push(b')');
    };
    p.out.push(b' ');
    list(p, ivs);
    p.out.extend_from_slice(b" = ");
    list(p, &d.operands[operand_range(m, def, op, 0)]);
    p.out.extend_from_slice(b" to ");
    list(p, &d.operands[operand_range(m, def, op, 1)]);
    p.out.extend_from_slice(b" step ");
    list(p, &d.operands[operand_range(m, def, op, 2)]);
    let inits = &d.operands[operand_range(m, def, op, 3)];
    if !inits.is_empty() {
        p.out.extend_from_slice(b" init ");
        list(p, inits);
    }
    if !d.results.is_empty() {
        p.out.extend_from_slice(b" -> ");
        let outs: Vec<TypeId> = d.results.iter().map(|&v| m.values[v].ty).collect();
        p.print_result_types(&outs);
    }
    p.out.push(b' ');
    let style = RegionStyle {
        entry_args: false,
        ..RegionStyle::CUSTOM
    };
    p.print_region_with(r, indent, style);
    p.print_attr_dict(def, op, false, &[]);
}

/// `(%a, %b)`: a parenthesized list of SSA uses.
fn parse_use_list<'a>(p: &mut Parser<'a>) -> PResult<Vec<UseRef<'a>>> {
    p.expect(b'(', "'('")?;
    let mut out = Vec::new();
    if p.eat(b')') {
        return Ok(out);
    }
    loop {
        out.push(p.parse_value_ref()?);
        if p.eat(b')') {
            return Ok(out);
        }
        p.expect(b',', "')'")?;
    }
}

pub(crate) fn parse_parallel<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let op_at = p.pos;
    let ivs = parse_use_list(p)?;
    // Each bound list has one operand per induction variable (MLIR's
    // `parseOperandList(list, ivs.size(), Paren)`).
    let counted = |p: &mut Parser<'a>| -> PResult<Vec<UseRef<'a>>> {
        p.skip_ws();
        let at = p.pos;
        let list = parse_use_list(p)?;
        if list.len() != ivs.len() {
            return p.err_at(
                at,
                format!("custom op '{}' expected {} operands", def.name, ivs.len()),
            );
        }
        Ok(list)
    };
    p.expect(b'=', "'='")?;
    let lbs = counted(p)?;
    if !p.eat_keyword("to") {
        return p.err_tok("expected 'to'");
    }
    let ubs = counted(p)?;
    if !p.eat_keyword("step") {
        return p.err_tok("expected 'step'");
    }
    let steps = counted(p)?;
    let inits = if p.eat_keyword("init") {
        parse_use_list(p)?
    } else {
        Vec::new()
    };
    let mut result_types = Vec::new();
    if p.eat_str("->") {
        result_types = super::custom::parse_arrow_types(p)?;
    }
    let index = p.m.ctx.ty(TypeData::Index);
    let mut named: Vec<(&'a [u8], TypeId, Span, AttrId)> = Vec::new();
    for &(n, _, span) in &ivs {
        let l = p.file_loc(span.start as usize);
        named.push((n, index, span, l));
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
    if inits.len() != result_types.len() {
        return p.err_at(
            op_at,
            format!(
                "'{}' {}",
                def.name,
                p.operand_count_message(inits.len(), result_types.len())
            ),
        );
    }
    out.operand_types[0] = Some(vec![index; lbs.len()]);
    out.operand_types[1] = Some(vec![index; ubs.len()]);
    out.operand_types[2] = Some(vec![index; steps.len()]);
    out.operand_types[3] = Some(result_types.clone());
    out.operands[0] = lbs;
    out.operands[1] = ubs;
    out.operands[2] = steps;
    out.operands[3] = inits;
    out.all_result_types = Some(result_types);
    Ok(out)
}

/// `ShapedType::kDynamic`: a static entry standing for the next operand.
const DYNAMIC: i64 = i64::MIN;

/// The `i64` entries of a dense array attribute of `op`.
fn static_list(p: &Printer<'_>, op: OpId, name: &str) -> Vec<i64> {
    let d = &p.m.ops[op];
    let a = d
        .properties
        .and_then(|props| p.ctx.dict_get(props, name.as_bytes()))
        .or_else(|| p.ctx.dict_get(d.attrs, name.as_bytes()));
    match a.map(|a| p.ctx.attr_data(a)) {
        Some(AttrData::DenseArray { values, .. }) => {
            values.iter().map(|&v| v as u64 as i64).collect()
        }
        _ => Vec::new(),
    }
}

/// `(%a, 4)`: MLIR's `printDynamicIndexList` with parentheses.
fn print_paren_index_list(p: &mut Printer<'_>, statics: &[i64], values: &[crate::ir::ValueId]) {
    p.out.push(b'(');
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
    p.out.push(b')');
}

/// `(%ivs) in (ubs)` or `(%ivs) = (lbs) to (ubs) step (steps)`, then
/// `[shared_outs(%o = %t) -> (T)] {..} {attrs}` (MLIR's `ForallOp::print`).
pub(crate) fn print_forall(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    let Some(&r) = d.regions.first() else { return };
    let args: &[crate::ir::ValueId] = match m.regions[r].blocks.first() {
        Some(&b) => &m.blocks[b].args,
        None => &[],
    };
    let lbs = static_list(p, op, "staticLowerBound");
    let ubs = static_list(p, op, "staticUpperBound");
    let steps = static_list(p, op, "staticStep");
    let dyn_lb = &d.operands[operand_range(m, def, op, 0)];
    let dyn_ub = &d.operands[operand_range(m, def, op, 1)];
    let dyn_step = &d.operands[operand_range(m, def, op, 2)];
    let outs = &d.operands[operand_range(m, def, op, 3)];
    let n_ivs = args.len().saturating_sub(outs.len());
    p.out.extend_from_slice(b" (");
    for (k, &v) in args[..n_ivs].iter().enumerate() {
        if k > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(v);
    }
    let normalized = dyn_lb.is_empty()
        && dyn_step.is_empty()
        && lbs.iter().all(|&v| v == 0)
        && steps.iter().all(|&v| v == 1);
    if normalized {
        p.out.extend_from_slice(b") in ");
        print_paren_index_list(p, &ubs, dyn_ub);
    } else {
        p.out.extend_from_slice(b") = ");
        print_paren_index_list(p, &lbs, dyn_lb);
        p.out.extend_from_slice(b" to ");
        print_paren_index_list(p, &ubs, dyn_ub);
        p.out.extend_from_slice(b" step ");
        print_paren_index_list(p, &steps, dyn_step);
    }
    if !outs.is_empty() {
        p.out.extend_from_slice(b" shared_outs(");
        for (k, (&a, &v)) in args[n_ivs..].iter().zip(outs.iter()).enumerate() {
            if k > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_value(a);
            p.out.extend_from_slice(b" = ");
            p.print_value(v);
        }
        p.out.push(b')');
    }
    p.out.push(b' ');
    if !outs.is_empty() {
        p.out.extend_from_slice(b"-> (");
        for (k, &v) in d.results.iter().enumerate() {
            if k > 0 {
                p.out.extend_from_slice(b", ");
            }
            p.print_type(m.values[v].ty);
        }
        p.out.extend_from_slice(b") ");
    }
    let style = RegionStyle {
        entry_args: false,
        terminators: !d.results.is_empty(),
        ..RegionStyle::CUSTOM
    };
    p.print_region_with(r, indent, style);
    p.print_attr_dict(
        def,
        op,
        false,
        &["staticLowerBound", "staticUpperBound", "staticStep"],
    );
}

/// `(%a, 4)` into dynamic uses and static entries.
fn parse_paren_index_list<'a>(
    p: &mut Parser<'a>,
    uses: &mut Vec<UseRef<'a>>,
) -> PResult<Vec<u128>> {
    let mut statics = Vec::new();
    p.expect(b'(', "'('")?;
    if p.eat(b')') {
        return Ok(statics);
    }
    loop {
        if p.peek() == Some(b'%') {
            uses.push(p.parse_value_ref()?);
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
        if p.eat(b')') {
            return Ok(statics);
        }
        p.expect(b',', "')'")?;
    }
}

pub(crate) fn parse_forall<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let ivs = parse_use_list(p)?;
    let (mut dlb, mut dub, mut dstep) = (Vec::new(), Vec::new(), Vec::new());
    let (lbs, ubs, steps);
    if p.eat_keyword("in") {
        ubs = parse_paren_index_list(p, &mut dub)?;
        lbs = vec![0u128; ubs.len()];
        steps = vec![1u128; ubs.len()];
    } else {
        p.expect(b'=', "'='")?;
        lbs = parse_paren_index_list(p, &mut dlb)?;
        if !p.eat_keyword("to") {
            return p.err_tok("expected 'to'");
        }
        ubs = parse_paren_index_list(p, &mut dub)?;
        if !p.eat_keyword("step") {
            return p.err_tok("expected 'step'");
        }
        steps = parse_paren_index_list(p, &mut dstep)?;
    }
    let mut out_names = Vec::new();
    let mut outs = Vec::new();
    let mut result_types = Vec::new();
    if p.eat_keyword("shared_outs") {
        p.expect(b'(', "'('")?;
        if !p.eat(b')') {
            loop {
                let (n, _, span) = p.parse_value_ref()?;
                p.expect(b'=', "'='")?;
                outs.push(p.parse_value_ref()?);
                out_names.push((n, span));
                if p.eat(b')') {
                    break;
                }
                p.expect(b',', "')'")?;
            }
        }
        if !p.eat_str("->") {
            return p.err_tok("expected '->'");
        }
        result_types = super::custom::parse_arrow_types(p)?;
    }
    let index = p.m.ctx.ty(TypeData::Index);
    let mut named: Vec<(&'a [u8], TypeId, Span, AttrId)> = Vec::new();
    for &(n, _, span) in &ivs {
        let l = p.file_loc(span.start as usize);
        named.push((n, index, span, l));
    }
    for (&(n, span), &t) in out_names.iter().zip(result_types.iter()) {
        let l = p.file_loc(span.start as usize);
        named.push((n, t, span, l));
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
    if outs.len() != result_types.len() {
        let at = p.pos;
        return p.err_at(at, p.operand_count_message(outs.len(), result_types.len()));
    }
    let i64t = p.m.ctx.int_type(64);
    for (name, values) in [
        ("staticLowerBound", lbs),
        ("staticUpperBound", ubs),
        ("staticStep", steps),
    ] {
        if let Some(i) = def.attrs.iter().position(|a| &*a.name == name) {
            out.attrs[i] = Some(p.m.ctx.attr(AttrData::DenseArray {
                elem: i64t,
                values: values.into(),
            }));
        }
    }
    out.operand_types[0] = Some(vec![index; dlb.len()]);
    out.operand_types[1] = Some(vec![index; dub.len()]);
    out.operand_types[2] = Some(vec![index; dstep.len()]);
    out.operand_types[3] = Some(result_types.clone());
    out.operands[0] = dlb;
    out.operands[1] = dub;
    out.operands[2] = dstep;
    out.operands[3] = outs;
    out.all_result_types = Some(result_types);
    Ok(out)
}

/// ` {..} {attrs}`: `scf.forall.in_parallel`.
pub(crate) fn print_in_parallel(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    p.out.push(b' ');
    if let Some(&r) = m.ops[op].regions.first() {
        let style = RegionStyle {
            entry_args: false,
            terminators: false,
            ..RegionStyle::CUSTOM
        };
        p.print_region_with(r, indent, style);
    }
    p.print_attr_dict(def, op, false, &[]);
}

pub(crate) fn parse_in_parallel<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let r = p.m.regions.alloc(Default::default());
    p.parse_region(r)?;
    out.regions[0].push(r);
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    out.all_operands = Some(Vec::new());
    out.all_operand_types = Some(Vec::new());
    out.all_result_types = Some(Vec::new());
    Ok(out)
}

/// `custom<SwitchCases>($cases, $caseRegions)`: a line `case N {..}` per
/// case (MLIR's `printSwitchCases`; the regions print their terminators).
pub(crate) fn print_switch_cases(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    cases_attr: usize,
    first_region: usize,
    indent: usize,
) {
    let m = p.m;
    let cases = static_list(p, op, &def.attrs[cases_attr].name);
    let regions = &m.ops[op].regions;
    let regions = &regions[first_region.min(regions.len())..];
    for (&v, &r) in cases.iter().zip(regions.iter()) {
        p.out.push(b'\n');
        p.indent(indent);
        p.out.extend_from_slice(b"case ");
        p.out.extend_from_slice(v.to_string().as_bytes());
        p.out.push(b' ');
        let style = RegionStyle {
            entry_args: false,
            ..RegionStyle::CUSTOM
        };
        p.print_region_with(r, indent, style);
    }
}

pub(crate) fn parse_switch_cases<'a>(
    p: &mut Parser<'a>,
    cases_attr: usize,
    region_slot: usize,
    out: &mut Parsed<'a>,
) -> PResult<()> {
    let mut values: Vec<u128> = Vec::new();
    while p.eat_keyword("case") {
        let neg = p.eat(b'-');
        let v = p.integer()?;
        let v = if neg {
            (v as i64).wrapping_neg()
        } else {
            v as i64
        };
        values.push(v as u64 as u128);
        let r = p.m.regions.alloc(Default::default());
        p.parse_region(r)?;
        out.regions[region_slot].push(r);
    }
    let elem = p.m.ctx.int_type(64);
    out.attrs[cases_attr] = Some(p.m.ctx.attr(AttrData::DenseArray {
        elem,
        values: values.into(),
    }));
    Ok(())
}
