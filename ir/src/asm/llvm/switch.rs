//! `llvm.switch` and its `SwitchOpCases`, `cf.switch`, which is spelled
//! nearly alike, and MLIR 22's `llvm.indirectbr` (a list of successors with
//! their operands).

use super::super::parse::Parsed;
use super::common::{
    attr_of, dense_attr, dense_values, parse_operands_with_types, parse_optional_attr_dict,
    print_value_list_with_types, set_attr,
};
use crate::context::{AttrData, AttrId, Context, TypeData};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;

/// The case values of a switch as unsigned numbers of the value's width
/// (MLIR 19 prints `getLimitedValue()`), and that width.
pub(super) fn case_values(ctx: &Context, a: AttrId) -> (Vec<u128>, u32) {
    let AttrData::Dense { ty, data } = ctx.attr_data(a) else {
        return (Vec::new(), 64);
    };
    let (n, width) = match ctx.type_data(*ty) {
        TypeData::Vector { shape, elem, .. } | TypeData::RankedTensor { shape, elem, .. } => {
            let w = match ctx.type_data(*elem) {
                TypeData::Integer { width, .. } => *width,
                _ => 64,
            };
            (shape.iter().product::<i64>().max(0) as usize, w)
        }
        _ => (0, 64),
    };
    let crate::context::DenseData::Bits(bits) = data else {
        return (Vec::new(), width);
    };
    let vals = if bits.len() == 1 && n != 1 {
        vec![bits[0]; n]
    } else {
        bits.to_vec()
    };
    (vals, width)
}

/// The two spellings of a switch: `llvm.switch`'s (`%v : T, ^default(..)
/// [\n  1: ^bb1(..)\n]`) and `cf.switch`'s (`%v : T, [\n  default: ^bb0(..),
/// \n  1: ^bb1(..)\n]`, MLIR's `SwitchOpCases` of the cf dialect).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SwitchStyle {
    Llvm,
    Cf,
}

/// Prints a switch after its name.
pub(crate) fn print_switch(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    indent: usize,
    style: SwitchStyle,
) {
    let ctx = p.ctx;
    let m = p.m;
    let d = &m.ops[op];
    print_first_operand(p, op);
    p.out.extend_from_slice(b", ");
    if style == SwitchStyle::Cf {
        p.out.extend_from_slice(b"[\n");
        p.indent(indent + 2);
        p.out.extend_from_slice(b"default: ");
    }
    if let Some(&b) = d.successors.first() {
        p.print_block_name(b);
    }
    let defaults = &d.operands[super::super::print::operand_range(m, def, op, 1)];
    if !defaults.is_empty() {
        print_value_list_with_types(p, defaults);
    }
    let cases = super::super::print::operand_range(m, def, op, 2);
    if style == SwitchStyle::Llvm {
        p.out.extend_from_slice(b" [\n");
    }
    let (vals, width) =
        attr_of(p, op, "case_values").map_or((Vec::new(), 64), |a| case_values(ctx, a));
    if !vals.is_empty() {
        let seg = attr_of(p, op, "case_operand_segments")
            .and_then(|a| dense_values(ctx, a))
            .unwrap_or_default();
        let mask: u128 = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        let signed = style == SwitchStyle::Llvm && p.release() >= crate::dialect::MlirRelease::V22;
        let mut next = cases.start;
        for (k, &v) in vals.iter().enumerate() {
            if k > 0 || style == SwitchStyle::Cf {
                p.out.extend_from_slice(b",\n");
            }
            p.indent(indent + 2);
            if signed {
                // MLIR 22 prints the `APInt` itself: signed.
                let shift = 128 - width.clamp(1, 128);
                let s = (((v & mask) << shift) as i128) >> shift;
                p.out.extend_from_slice(s.to_string().as_bytes());
            } else {
                p.out
                    .extend_from_slice(((v & mask) as u64).to_string().as_bytes());
            }
            p.out.extend_from_slice(b": ");
            if let Some(&b) = d.successors.get(k + 1) {
                p.print_block_name(b);
            }
            let n = seg.get(k).copied().unwrap_or(0).max(0) as usize;
            let end = (next + n).min(cases.end);
            if end > next {
                print_value_list_with_types(p, &d.operands[next..end]);
            }
            next = end;
        }
        p.out.push(b'\n');
        p.indent(indent);
    } else if style == SwitchStyle::Llvm {
        p.indent(indent);
    }
    p.out.push(b']');
    p.print_attr_dict(def, op, false, &[]);
}

/// Parses a switch after its name.
pub(crate) fn parse_switch<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    style: SwitchStyle,
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let v = p.parse_value_ref()?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let at = p.pos;
    let vty = p.parse_type()?;
    let width = match p.m.ctx.type_data(vty) {
        TypeData::Integer { width, .. } => *width,
        _ => return p.err_at(at, "expected integer type"),
    };
    out.operands[0].push(v);
    out.operand_types[0] = Some(vec![vty]);
    p.expect(b',', "','")?;
    if style == SwitchStyle::Cf {
        p.expect(b'[', "'['")?;
        p.skip_ws();
        let at = p.pos;
        if !p.eat_keyword("default") {
            return p.err_at(at, format!("custom op '{}' expected 'default'", def.name));
        }
        p.expect(b':', "':'")?;
    }
    let s = p.parse_successor()?;
    out.successors[0].push(s);
    let (uses, types) = parse_operands_with_types(p)?;
    out.operands[1] = uses;
    out.operand_types[1] = Some(types);
    let cf = style == SwitchStyle::Cf;
    if !cf {
        p.expect(b'[', "'['")?;
    }
    let mut values: Vec<i128> = Vec::new();
    let mut segments: Vec<i64> = Vec::new();
    let mut case_uses = Vec::new();
    let mut case_types = Vec::new();
    let more = if cf { p.eat(b',') } else { !p.eat(b']') };
    if more {
        loop {
            p.skip_ws();
            let neg = p.eat(b'-');
            let n = i128::from(p.integer()?);
            values.push(if neg { -n } else { n });
            p.expect(b':', "':'")?;
            let s = p.parse_successor()?;
            out.successors[1].push(s);
            let (uses, types) = parse_operands_with_types(p)?;
            segments.push(uses.len() as i64);
            case_uses.extend(uses);
            case_types.extend(types);
            if !p.eat(b',') {
                break;
            }
        }
        if !cf {
            p.expect(b']', "']'")?;
        }
    }
    if cf {
        p.expect(b']', "']'")?;
    }
    out.operands[2] = case_uses;
    out.operand_types[2] = Some(case_types);
    if !values.is_empty() {
        // Written as signed numbers of the value's width.
        let mut text = String::from("dense<[");
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            let sv = if width < 128 {
                let m = 1i128 << width;
                let u = v.rem_euclid(m);
                if width > 1 && u >= m / 2 {
                    u - m
                } else {
                    u
                }
            } else {
                v
            };
            if width == 1 {
                text.push_str(if sv != 0 { "true" } else { "false" });
            } else {
                text.push_str(&sv.to_string());
            }
        }
        text.push_str(&format!("]> : vector<{}xi{width}>", values.len()));
        match p.parse_attr_text(&text) {
            Some(a) => set_attr(p, def, &mut out, "case_values", a),
            None => return p.err_at(at, "invalid case values"),
        }
    }
    let seg = dense_attr(&mut p.m.ctx, 32, &segments);
    set_attr(p, def, &mut out, "case_operand_segments", seg);
    parse_optional_attr_dict(p, &mut out)?;
    Ok(out)
}

/// ` %v : T`: the op's first operand and its type (a switch's value, an
/// indirectbr's address).
fn print_first_operand(p: &mut Printer<'_>, op: OpId) {
    p.out.push(b' ');
    if let Some(&v) = p.m.ops[op].operands.first() {
        p.print_value(v);
        p.out.extend_from_slice(b" : ");
        p.print_type(p.m.values[v].ty);
    }
}

/// MLIR 22's `llvm.indirectbr` after its name: ` %addr : T, [` then each
/// successor with its operands on a line of its own at the op's
/// indentation (MLIR's `printIndirectBrOpSucessors`), `]`, attributes.
pub(super) fn print_indirectbr(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    let m = p.m;
    let d = &m.ops[op];
    print_first_operand(p, op);
    p.out.extend_from_slice(b", [");
    let seg = attr_of(p, op, "indbr_operand_segments")
        .and_then(|a| dense_values(p.ctx, a))
        .unwrap_or_default();
    let mut next = 1usize.min(d.operands.len());
    for (k, &b) in d.successors.iter().enumerate() {
        if k > 0 {
            p.out.push(b',');
        }
        p.out.push(b'\n');
        p.indent(indent);
        p.print_block_name(b);
        let n = seg.get(k).copied().unwrap_or(0).max(0) as usize;
        let end = (next + n).min(d.operands.len());
        if end > next {
            print_value_list_with_types(p, &d.operands[next..end]);
        }
        next = end;
    }
    if !seg.is_empty() {
        p.out.push(b'\n');
        p.indent(indent);
    }
    p.out.push(b']');
    p.print_attr_dict(def, op, false, &[]);
}

/// Parses `llvm.indirectbr` after its name (MLIR 22's
/// `parseIndirectBrOpSucessors`; the sizes attribute is the groups read).
pub(super) fn parse_indirectbr<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let v = p.parse_value_ref()?;
    p.expect(b':', "':'")?;
    let ty = p.parse_type()?;
    out.operands[0].push(v);
    out.operand_types[0] = Some(vec![ty]);
    p.expect(b',', "','")?;
    p.expect(b'[', "'['")?;
    let mut segments: Vec<i64> = Vec::new();
    let mut uses = Vec::new();
    let mut types = Vec::new();
    if !p.eat(b']') {
        loop {
            let s = p.parse_successor()?;
            out.successors[0].push(s);
            let (u, t) = parse_operands_with_types(p)?;
            segments.push(u.len() as i64);
            uses.extend(u);
            types.extend(t);
            if !p.eat(b',') {
                break;
            }
        }
        p.expect(b']', "']'")?;
    }
    out.operands[1] = uses;
    out.operand_types[1] = Some(types);
    let seg = dense_attr(&mut p.m.ctx, 32, &segments);
    set_attr(p, def, &mut out, "indbr_operand_segments", seg);
    parse_optional_attr_dict(p, &mut out)?;
    Ok(out)
}
