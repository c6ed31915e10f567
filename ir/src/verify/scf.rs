//! The scf ops' own verifiers beyond their declared constraints (MLIR's
//! `SCF.cpp`): `scf.parallel`, `scf.reduce` and `scf.reduce.return`.

use super::Cx;
use crate::context::{AttrData, TypeData, TypeId};
use crate::dialect::OpDef;
use crate::ir::{OpId, ValueDef, ValueId};
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

fn quoted(cx: &Cx<'_>, t: TypeId) -> String {
    format!("'{}'", type_to_string(&cx.m.ctx, t))
}

/// The integer value of a constant (`arith.constant`, `index.constant`).
fn constant_int(cx: &Cx<'_>, v: ValueId) -> Option<i64> {
    let m = cx.m;
    let ValueDef::Result { op, .. } = m.values[v].def else {
        return None;
    };
    let d = &m.ops[op];
    if !matches!(m.ctx.bytes(d.name), b"arith.constant" | b"index.constant") {
        return None;
    }
    let a = super::ops::inherent(cx, op, b"value")?;
    match m.ctx.attr_data(a) {
        AttrData::Integer { words, ty } => {
            let w = words.first().copied().unwrap_or(0);
            match m.ctx.int_width(*ty) {
                Some((width, _)) if width < 64 => {
                    let shift = 64 - width;
                    Some(((w << shift) as i64) >> shift)
                }
                _ => Some(w as i64),
            }
        }
        _ => None,
    }
}

/// The verifier of an scf op, by name (run with the op's other checks).
pub(crate) fn check(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    match m.ctx.bytes(d.name) {
        b"scf.parallel" => {
            // Segments: lowerBound, upperBound, step, initVals.
            let sizes: Vec<usize> = match super::ops::operand_segments_of(cx, def, op) {
                Some(seg) => (0..def.operands.len().min(4))
                    .map(|i| seg.size(i, &def.operands[i]))
                    .collect(),
                None => return Ok(()),
            };
            if sizes.len() != 4 || sizes.iter().sum::<usize>() != d.operands.len() {
                return Ok(());
            }
            let steps = &d.operands[sizes[0] + sizes[1]..sizes[0] + sizes[1] + sizes[2]];
            let inits = sizes[3];
            if steps.is_empty() {
                return Err(cx.op_error(
                    op,
                    "needs at least one tuple element for lowerBound, upperBound and step",
                ));
            }
            if steps
                .iter()
                .any(|&s| constant_int(cx, s).is_some_and(|c| c <= 0))
            {
                return Err(cx.op_error(op, "constant step operand must be positive"));
            }
            let Some(&r) = d.regions.first() else {
                return Ok(());
            };
            let Some(&body) = m.regions[r].blocks.first() else {
                return Ok(());
            };
            let args = &m.blocks[body].args;
            if args.len() != steps.len() {
                return Err(cx.op_error(
                    op,
                    format!(
                        "expects the same number of induction variables: {} as bound and step values: {}",
                        args.len(),
                        steps.len()
                    ),
                ));
            }
            if args
                .iter()
                .any(|&a| !matches!(m.ctx.type_data(m.values[a].ty), TypeData::Index))
            {
                return Err(cx.op_error(
                    op,
                    "expects arguments for the induction variable to be of index type",
                ));
            }
            let last = m.blocks[body].ops.last().copied();
            let reduce = last.filter(|&t| m.ctx.bytes(m.ops[t].name) == b"scf.reduce");
            let Some(reduce) = reduce else {
                let mut e = cx.op_error(op, "expects body to terminate with 'scf.reduce'");
                if let Some(t) = last {
                    e = e.with_note(Some(cx.op_loc(t)), "terminator here");
                }
                return Err(e);
            };
            let results = d.results.len();
            let reductions = m.ops[reduce].regions.len();
            if results != reductions {
                return Err(cx.op_error(
                    op,
                    format!(
                        "expects number of results: {results} to be the same as number of reductions: {reductions}"
                    ),
                ));
            }
            if results != inits {
                return Err(cx.op_error(
                    op,
                    format!(
                        "expects number of results: {results} to be the same as number of initial values: {inits}"
                    ),
                ));
            }
            for (i, &res) in d.results.iter().enumerate() {
                let Some(&operand) = m.ops[reduce].operands.get(i) else {
                    break;
                };
                let (rt, ot) = (m.values[res].ty, m.values[operand].ty);
                if rt != ot {
                    return Err(cx.op_error(
                        reduce,
                        format!(
                            "expects type of {i}-th reduction operand: {} to be the same as the {i}-th result type: {}",
                            quoted(cx, ot),
                            quoted(cx, rt)
                        ),
                    ));
                }
            }
            Ok(())
        }
        b"scf.reduce.return" => {
            let Some(block) = d.parent else {
                return Ok(());
            };
            let Some(&arg) = m.blocks[block].args.first() else {
                return Ok(());
            };
            let Some(&v) = d.operands.first() else {
                return Ok(());
            };
            let want = m.values[arg].ty;
            if m.values[v].ty != want {
                return Err(cx.op_error(
                    op,
                    format!(
                        "must have type {} (the type of the reduction inputs)",
                        quoted(cx, want)
                    ),
                ));
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// What MLIR checks after an scf op's nested ops (`verifyRegions`).
pub(crate) fn check_regions(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    if m.ctx.bytes(d.name) != b"scf.reduce" {
        return Ok(());
    }
    for (i, &r) in d.regions.iter().enumerate() {
        let Some(&operand) = d.operands.get(i) else {
            break;
        };
        let ty = m.values[operand].ty;
        let Some(&b) = m.regions[r].blocks.first() else {
            continue;
        };
        let block = &m.blocks[b];
        if block.ops.is_empty() {
            // The structure layer reports the empty block first.
            continue;
        }
        if block.args.len() != 2 || block.args.iter().any(|&a| m.values[a].ty != ty) {
            return Err(cx.op_error(
                op,
                format!(
                    "expected two block arguments with type {} in the {i}-th reduction region",
                    quoted(cx, ty)
                ),
            ));
        }
        let last = block.ops.last().copied();
        if last.is_none_or(|t| m.ctx.bytes(m.ops[t].name) != b"scf.reduce.return") {
            return Err(cx.op_error(
                op,
                "reduction bodies must be terminated with an 'scf.reduce.return' op",
            ));
        }
    }
    Ok(())
}
