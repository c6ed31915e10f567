//! Hand-written syntax of the LLVM dialect's exception-handling ops, as
//! MLIR 19's `LLVMDialect.cpp` reads and prints them: `llvm.landingpad`.

use super::super::parse::Parsed;
use super::common::{print_attrs_except, set_attr};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::llvm::Kind;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;

/// ` [cleanup ](catch|filter %v : T) ... {attrs}: T`, with MLIR 19's
/// spacing: a space after `cleanup` and after each clause, none before
/// the colon. A clause of array type is a filter.
pub(super) fn print_landingpad(p: &mut Printer<'_>, op: OpId) {
    let m = p.m;
    let d = &m.ops[op];
    let cleanup = d
        .properties
        .and_then(|props| p.ctx.dict_get(props, b"cleanup"))
        .is_some();
    p.out
        .extend_from_slice(if cleanup { b" cleanup " } else { b" " });
    for &v in d.operands.iter() {
        let ty = m.values[v].ty;
        let filter = crate::llvm::kind_of(p.ctx, ty) == Kind::Array;
        p.out
            .extend_from_slice(if filter { b"(filter " } else { b"(catch " });
        p.print_value(v);
        p.out.extend_from_slice(b" : ");
        p.print_type(ty);
        p.out.extend_from_slice(b") ");
    }
    print_attrs_except(p, op, &["cleanup"], false);
    p.out.extend_from_slice(b": ");
    if let Some(&r) = d.results.first() {
        p.print_type(m.values[r].ty);
    }
}

/// `[cleanup] ((catch|filter) %v : T)* : T`; as in MLIR 19, no attribute
/// dictionary is read.
pub(super) fn parse_landingpad<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    if p.eat_keyword("cleanup") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "cleanup", u);
    }
    let mut uses = Vec::new();
    let mut types = Vec::new();
    loop {
        p.skip_ws();
        if !p.eat(b'(') {
            break;
        }
        if !p.eat_keyword("filter") && !p.eat_keyword("catch") {
            break;
        }
        uses.push(p.parse_value_ref()?);
        p.expect(b':', "':'")?;
        p.skip_ws();
        types.push(p.parse_type()?);
        p.expect(b')', "')'")?;
    }
    p.expect(b':', "':'")?;
    p.skip_ws();
    let ty = p.parse_type()?;
    out.all_operands = Some(uses);
    out.all_operand_types = Some(types);
    out.all_result_types = Some(vec![ty]);
    Ok(out)
}
