//! `llvm.icmp`, `llvm.fcmp` and `llvm.alloca`, as MLIR 19's
//! `LLVMDialect.cpp` prints and reads them.

use super::super::parse::Parsed;
use super::common::{
    attr_of, check_dict, elided, i64_attr, int_value, parse_optional_attr_dict, print_attrs_except,
    set_attr,
};
use crate::context::{AttrData, TypeData};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::llvm::LlvmType;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;

pub(super) const ICMP: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
pub(super) const FCMP: &[&str] = &[
    "_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "_true",
];

/// ` "pred" %a, %b {attrs} : T`.
pub(super) fn print_cmp(p: &mut Printer<'_>, op: OpId, names: &[&str]) {
    let m = p.m;
    let d = &m.ops[op];
    let pred = attr_of(p, op, "predicate").and_then(|a| int_value(p.ctx, a));
    p.out.extend_from_slice(b" \"");
    if let Some(n) = pred
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|i| names.get(i))
    {
        p.out.extend_from_slice(n.as_bytes());
    }
    p.out.extend_from_slice(b"\" ");
    if let [a, b] = d.operands[..] {
        p.print_value(a);
        p.out.extend_from_slice(b", ");
        p.print_value(b);
    }
    print_attrs_except(p, op, elided("llvm.icmp"), false);
    p.out.extend_from_slice(b" : ");
    if let Some(&a) = d.operands.first() {
        p.print_type(m.values[a].ty);
    }
}

/// ` [inalloca] %n x T {attrs} : (I) -> R`.
pub(super) fn print_alloca(p: &mut Printer<'_>, op: OpId) {
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    if attr_of(p, op, "inalloca").is_some() {
        p.out.extend_from_slice(b"inalloca ");
    }
    if let Some(&n) = d.operands.first() {
        p.print_value(n);
    }
    p.out.extend_from_slice(b" x ");
    if let Some(AttrData::Type(t)) = attr_of(p, op, "elem_type").map(|a| p.ctx.attr_data(a)) {
        p.print_type(*t);
    }
    print_attrs_except(p, op, elided("llvm.alloca"), false);
    p.out.extend_from_slice(b" : (");
    if let Some(&n) = d.operands.first() {
        p.print_type(m.values[n].ty);
    }
    p.out.extend_from_slice(b") -> ");
    if let Some(&r) = d.results.first() {
        p.print_type(m.values[r].ty);
    }
}

pub(super) fn parse_cmp<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    names: &[&str],
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    let pred = if p.peek() == Some(b'"') {
        p.string_lit()?.into_owned()
    } else {
        p.peek_ident().to_vec()
    };
    if p.peek() != Some(b'"') && !pred.is_empty() && p.src[p.pos..].starts_with(&pred) {
        p.pos += pred.len();
    }
    let Some(i) = names.iter().position(|n| n.as_bytes() == pred) else {
        return p.err_at(
            at,
            format!(
                "'{}' is an incorrect value of the 'predicate' attribute",
                String::from_utf8_lossy(&pred)
            ),
        );
    };
    let a = i64_attr(p, 64, i as i64);
    set_attr(p, def, &mut out, "predicate", a);
    let lhs = p.parse_value_ref()?;
    p.expect(b',', "','")?;
    let rhs = p.parse_value_ref()?;
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let ty = p.parse_type()?;
    let i1 = p.m.ctx.int_type(1);
    let res = match p.m.ctx.type_data(ty).clone() {
        TypeData::Vector {
            shape, scalable, ..
        } => p.m.ctx.ty(TypeData::Vector {
            shape,
            scalable,
            elem: i1,
        }),
        // `getI1SameShape`: i1 is a builtin vector element, so an
        // `!llvm.vec` operand gives a builtin `vector<Nxi1>`.
        _ => match LlvmType::of(&p.m.ctx, ty) {
            Some(LlvmType::Vec { scalable, len, .. }) => p.m.ctx.ty(TypeData::Vector {
                shape: Box::new([len as i64]),
                // Canonical: empty unless a dimension is scalable.
                scalable: if scalable {
                    Box::new([true])
                } else {
                    Box::new([])
                },
                elem: i1,
            }),
            _ => i1,
        },
    };
    out.all_operands = Some(vec![lhs, rhs]);
    out.all_operand_types = Some(vec![ty, ty]);
    out.all_result_types = Some(vec![res]);
    Ok(out)
}

pub(super) fn parse_alloca<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    if p.eat_keyword("inalloca") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "inalloca", u);
    }
    let n = p.parse_value_ref()?;
    if !p.eat_keyword("x") {
        return p.err_tok("expected 'x'");
    }
    let elem = p.parse_type()?;
    let ta = p.m.ctx.attr(AttrData::Type(elem));
    set_attr(p, def, &mut out, "elem_type", ta);
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let at = p.pos;
    let fty = p.parse_type()?;
    let (ins, outs) = match p.m.ctx.type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => {
            return p.err_at(
                at,
                "expected trailing function type with one argument and one result",
            )
        }
    };
    if ins.len() != 1 || outs.len() != 1 {
        return p.err_at(
            at,
            "expected trailing function type with one argument and one result",
        );
    }
    out.all_operands = Some(vec![n]);
    out.all_operand_types = Some(ins);
    out.all_result_types = Some(outs);
    Ok(out)
}
