//! The func ops' own verifiers (MLIR's `FuncOps.cpp`): `func.call`
//! against its callee (`verifySymbolUses`, run from the enclosing symbol
//! table) and `func.constant` against the function it names.

use super::Cx;
use crate::context::{AttrData, TypeData, TypeId};
use crate::dialect::MlirRelease;
use crate::ir::OpId;
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

fn quoted_list(cx: &Cx<'_>, tys: impl Iterator<Item = TypeId>) -> String {
    tys.map(|t| format!("'{}'", type_to_string(&cx.m.ctx, t)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The function type of a `func.func`.
fn function_type(cx: &Cx<'_>, f: OpId) -> Option<TypeId> {
    match cx
        .m
        .ctx
        .attr_data(super::ops::inherent(cx, f, b"function_type")?)
    {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }
}

/// `CallOp::verifySymbolUses`; `callee` is the referenced name and the op
/// it names in the nearest symbol table, if any.
pub(crate) fn check_call(
    cx: &Cx<'_>,
    op: OpId,
    callee: Option<(&[u8], Option<OpId>)>,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let Some((name, found)) = callee else {
        return Err(cx.op_error(op, "requires a 'callee' symbol reference attribute"));
    };
    let f = found.filter(|&f| ctx.bytes(m.ops[f].name) == b"func.func");
    let Some(fty) = f.and_then(|f| function_type(cx, f)) else {
        return Err(cx.op_error(
            op,
            format!(
                "'{}' does not reference a valid function",
                String::from_utf8_lossy(name)
            ),
        ));
    };
    let TypeData::Function { inputs, results } = ctx.type_data(fty) else {
        return Ok(());
    };
    let d = &m.ops[op];
    if inputs.len() != d.operands.len() {
        return Err(cx.op_error(op, "incorrect number of operands for callee"));
    }
    for (i, (&want, &v)) in inputs.iter().zip(d.operands.iter()).enumerate() {
        let got = m.values[v].ty;
        if got != want {
            return Err(cx.op_error(
                op,
                format!(
                    "operand type mismatch: expected operand type '{}', but provided '{}' for operand number {i}",
                    type_to_string(ctx, want),
                    type_to_string(ctx, got)
                ),
            ));
        }
    }
    if results.len() != d.results.len() {
        return Err(cx.op_error(op, "incorrect number of results for callee"));
    }
    for (i, (&want, &v)) in results.iter().zip(d.results.iter()).enumerate() {
        if m.values[v].ty != want {
            let loc = Some(cx.op_loc(op));
            let ours = quoted_list(cx, d.results.iter().map(|&r| m.values[r].ty));
            let theirs = quoted_list(cx, results.iter().copied());
            return Err(cx
                .op_error(op, format!("result type mismatch at index {i}"))
                .with_note(loc, format!("      op result types: {ours}"))
                .with_note(loc, format!("function result types: {theirs}")));
        }
    }
    Ok(())
}

/// Whether `func.constant` is checked as a symbol use (MLIR 22's
/// `ConstantOp::verifySymbolUses`, after every op of the symbol table is
/// verified, in the nearest symbol table) rather than by its own verifier
/// (MLIR 19's `ConstantOp::verify`, in the enclosing `builtin.module`).
pub(crate) fn constant_is_symbol_use(cx: &Cx<'_>) -> bool {
    cx.release >= MlirRelease::V22
}

/// MLIR 22's `ConstantOp::verifySymbolUses`; `value` is the referenced
/// name and the op it names in the nearest symbol table, if any.
pub(crate) fn check_constant_use(
    cx: &Cx<'_>,
    op: OpId,
    value: Option<(&[u8], Option<OpId>)>,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some((name, found)) = value else {
        return Ok(());
    };
    let f = found.filter(|&f| m.ctx.bytes(m.ops[f].name) == b"func.func");
    constant_names(cx, op, name, f)
}

/// The function a `func.constant` names (`f`, if it was found) exists and
/// has the constant's type.
fn constant_names(cx: &Cx<'_>, op: OpId, name: &[u8], f: Option<OpId>) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(f) = f else {
        return Err(cx.op_error(
            op,
            format!(
                "reference to undefined function '{}'",
                String::from_utf8_lossy(name)
            ),
        ));
    };
    let ty = m.ops[op].results.first().map(|&r| m.values[r].ty);
    if function_type(cx, f) != ty {
        return Err(cx.op_error(op, "reference to function with mismatched type"));
    }
    Ok(())
}

/// `ConstantOp::verify`: the named function, looked up in the nearest
/// enclosing `builtin.module`, must exist with the constant's type.
pub(crate) fn check_constant(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let name = match super::ops::inherent(cx, op, b"value").map(|a| ctx.attr_data(a)) {
        Some(AttrData::SymbolRef(parts)) if parts.len() == 1 => ctx.bytes(parts[0]),
        _ => return Ok(()),
    };
    let mut module = m.parent_op(op);
    while let Some(p) = module {
        if ctx.bytes(m.ops[p].name) == b"builtin.module" {
            break;
        }
        module = m.parent_op(p);
    }
    let Some(module) = module else {
        return Ok(());
    };
    let f = m.ops[module]
        .regions
        .iter()
        .flat_map(|&r| m.regions[r].blocks.iter())
        .flat_map(|&b| m.blocks[b].ops.iter().copied())
        .find(|&o| {
            ctx.bytes(m.ops[o].name) == b"func.func"
                && matches!(
                    super::ops::inherent(cx, o, b"sym_name").map(|a| ctx.attr_data(a)),
                    Some(AttrData::String { value, .. }) if ctx.bytes(*value) == name
                )
        });
    constant_names(cx, op, name, f)
}

/// `func.call_indirect`'s `TypesMatchWith` traits: the callee's input
/// types are the arguments' types, its result types the op's.
pub(crate) fn check_pred(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    if m.ctx.bytes(d.name) != b"func.call_indirect" {
        return Ok(());
    }
    let Some(&callee) = d.operands.first() else {
        return Ok(());
    };
    let TypeData::Function { inputs, results } = m.ctx.type_data(m.values[callee].ty) else {
        return Ok(());
    };
    let types = |vs: &[crate::ir::ValueId]| vs.iter().map(|&v| m.values[v].ty).collect::<Vec<_>>();
    if **inputs != *types(&d.operands[1..]) {
        return Err(cx.op_error(
            op,
            "failed to verify that callee input types match argument types",
        ));
    }
    if **results != *types(&d.results) {
        return Err(cx.op_error(
            op,
            "failed to verify that callee result types match result types",
        ));
    }
    Ok(())
}
