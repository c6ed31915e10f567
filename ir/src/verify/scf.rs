//! The scf ops' own verifiers beyond their declared constraints (MLIR's
//! `SCF.cpp`): `scf.parallel`, `scf.reduce` and `scf.reduce.return`.

use super::Cx;
use crate::context::{AttrData, TypeData, TypeId};
use crate::dialect::{MlirRelease, OpDef};
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
        b"scf.forall" => forall(cx, op),
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
        b"scf.for" => {
            // ForOp::verify: operands are lb, ub, step, then the inits.
            if d.operands.len().saturating_sub(3) != d.results.len() {
                return Err(cx.op_error(
                    op,
                    "mismatch in number of loop-carried values and defined values",
                ));
            }
            Ok(())
        }
        b"scf.if" => {
            let no_else = d
                .regions
                .get(1)
                .is_none_or(|&r| m.regions[r].blocks.is_empty());
            if !d.results.is_empty() && no_else {
                return Err(cx.op_error(op, "must have an else block if defining values"));
            }
            Ok(())
        }
        b"scf.execute_region" => {
            let Some(&r) = d.regions.first() else {
                return Ok(());
            };
            match m.regions[r].blocks.first() {
                None => Err(cx.op_error(op, "region needs to have at least one block")),
                Some(&b) if !m.blocks[b].args.is_empty() => {
                    Err(cx.op_error(op, "region cannot have any arguments"))
                }
                _ => Ok(()),
            }
        }
        b"scf.index_switch" => index_switch(cx, op),
        b"scf.while" => {
            let terminated = |i: usize, name: &[u8], msg: &str| -> Result<(), Diagnostic> {
                let last = d
                    .regions
                    .get(i)
                    .and_then(|&r| m.regions[r].blocks.first())
                    .and_then(|&b| m.blocks[b].ops.last().copied());
                if last.is_some_and(|t| m.ctx.bytes(m.ops[t].name) == name) {
                    return Ok(());
                }
                let mut e = cx.op_error(op, msg);
                if let Some(t) = last {
                    e = e.with_note(Some(cx.op_loc(t)), "terminator here");
                }
                Err(e)
            };
            terminated(
                0,
                b"scf.condition",
                "expects the 'before' region to terminate with 'scf.condition'",
            )?;
            terminated(
                1,
                b"scf.yield",
                "expects the 'after' region to terminate with 'scf.yield'",
            )
        }
        _ => Ok(()),
    }
}

/// `IndexSwitchOp::verify`.
fn index_switch(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let cases = super::ops::dense_i64(cx, op, b"cases");
    let regions = d.regions.len().saturating_sub(1);
    if cases.len() != regions {
        return Err(cx.op_error(
            op,
            format!("has {regions} case regions but {} case values", cases.len()),
        ));
    }
    for (i, v) in cases.iter().enumerate() {
        if cases[..i].contains(v) {
            return Err(cx.op_error(op, format!("has duplicate case value: {v}")));
        }
    }
    for (i, &r) in d.regions.iter().enumerate() {
        let name = if i == 0 {
            "default region".to_string()
        } else {
            format!("case region #{}", i - 1)
        };
        let Some(&b) = m.regions[r].blocks.first() else {
            continue;
        };
        let Some(&yield_op) = m.blocks[b].ops.last() else {
            continue;
        };
        if m.ctx.bytes(m.ops[yield_op].name) != b"scf.yield" {
            return Err(cx.op_error(
                op,
                format!(
                    "expected region to end with scf.yield, but got {}",
                    m.op_name(yield_op)
                ),
            ));
        }
        let operands = &m.ops[yield_op].operands;
        if operands.len() != d.results.len() {
            return Err(cx
                .op_error(
                    op,
                    format!(
                        "expected each region to return {} values, but {name} returns {}",
                        d.results.len(),
                        operands.len()
                    ),
                )
                .with_note(Some(cx.op_loc(yield_op)), "see yield operation here"));
        }
        for (idx, (&res, &opnd)) in d.results.iter().zip(operands.iter()).enumerate() {
            let (rt, ot) = (m.values[res].ty, m.values[opnd].ty);
            if rt != ot {
                return Err(cx
                    .op_error(
                        op,
                        format!(
                            "expected result #{idx} of each region to be {}",
                            quoted(cx, rt)
                        ),
                    )
                    .with_note(
                        Some(cx.op_loc(yield_op)),
                        format!("{name} returns {} here", quoted(cx, ot)),
                    ));
            }
        }
    }
    Ok(())
}

/// `verifyLoopLikeOpInterface` for `scf.for`, after its nested ops.
fn for_regions(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let Some(&body) = d.regions.first().and_then(|&r| m.regions[r].blocks.first()) else {
        return Ok(());
    };
    let args = &m.blocks[body].args;
    let iter_args = args.get(1..).unwrap_or(&[]);
    let inits = d.operands.get(3..).unwrap_or(&[]);
    let yielded: &[ValueId] = match m.blocks[body].ops.last() {
        Some(&t) if m.ctx.bytes(m.ops[t].name) == b"scf.yield" => &m.ops[t].operands,
        _ => &[],
    };
    let ty = |v: ValueId| m.values[v].ty;
    if inits.len() != iter_args.len() {
        return Err(cx.op_error(
            op,
            format!(
                "different number of inits and region iter_args: {} != {}",
                inits.len(),
                iter_args.len()
            ),
        ));
    }
    if !yielded.is_empty() && iter_args.len() != yielded.len() {
        return Err(cx.op_error(
            op,
            format!(
                "different number of region iter_args and yielded values: {} != {}",
                iter_args.len(),
                yielded.len()
            ),
        ));
    }
    if d.results.len() != iter_args.len() {
        return Err(cx.op_error(
            op,
            format!(
                "different number of loop results and region iter_args: {} != {}",
                d.results.len(),
                iter_args.len()
            ),
        ));
    }
    for (i, (&init, &arg)) in inits.iter().zip(iter_args).enumerate() {
        if ty(init) != ty(arg) {
            return Err(cx.op_error(
                op,
                format!(
                    "{i}-th init and {i}-th region iter_arg have different type: {} != {}",
                    quoted(cx, ty(init)),
                    quoted(cx, ty(arg))
                ),
            ));
        }
        if let Some(&y) = yielded.get(i) {
            if ty(arg) != ty(y) {
                return Err(cx.op_error(
                    op,
                    format!(
                        "{i}-th region iter_arg and {i}-th yielded value have different type: {} != {}",
                        quoted(cx, ty(arg)),
                        quoted(cx, ty(y))
                    ),
                ));
            }
        }
    }
    // MLIR's loop increments its counter after the loop, not in it (19 and
    // 22): every mismatch is reported as the 0-th.
    for (&arg, &res) in iter_args.iter().zip(d.results.iter()) {
        if ty(arg) != ty(res) {
            return Err(cx.op_error(
                op,
                format!(
                    "0-th region iter_arg and 0-th loop result have different type: {} != {}",
                    quoted(cx, ty(arg)),
                    quoted(cx, ty(res))
                ),
            ));
        }
    }
    Ok(())
}

/// The region traits of scf ops that MLIR lists before
/// `RegionBranchOpInterface` (`scf.for`'s `LoopLikeOpInterface`).
pub(crate) fn check_loop_like(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    match cx.m.ctx.bytes(cx.m.ops[op].name) {
        b"scf.for" => for_regions(cx, op),
        _ => Ok(()),
    }
}

/// The ops' own `verifyRegions`, after all their region traits.
pub(crate) fn check_regions(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    match m.ctx.bytes(d.name) {
        b"scf.reduce" => {
            // MLIR 22 first checks there is one region per operand.
            let (regions, operands) = (d.regions.len(), d.operands.len());
            if cx.release >= MlirRelease::V22 && regions != operands {
                return Err(cx.op_error(
                    op,
                    format!(
                        "expects number of reduction regions: {regions} to be the same as number of reduction operands: {operands}"
                    ),
                ));
            }
        }
        b"scf.for" => {
            // ForOp::verifyRegions.
            let Some(&body) = d.regions.first().and_then(|&r| m.regions[r].blocks.first()) else {
                return Ok(());
            };
            if let (Some(&iv), Some(&lb)) = (m.blocks[body].args.first(), d.operands.first()) {
                if m.values[iv].ty != m.values[lb].ty {
                    return Err(cx.op_error(
                        op,
                        "expected induction variable to be same type as bounds and step",
                    ));
                }
            }
            return Ok(());
        }
        _ => return Ok(()),
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

/// `ForallOp::verify`. Not checked: that each `mapping` entry is a device
/// mapping attribute (the gpu dialect's, which this build does not load).
fn forall(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    use super::ops::{dense_i64, segment};
    let m = cx.m;
    let d = &m.ops[op];
    let lower = dense_i64(cx, op, b"staticLowerBound");
    let rank = lower.len();
    // Segments: dynamic lower bounds, upper bounds, steps, outputs.
    let dynamic: [usize; 3] = [segment(cx, op, 0), segment(cx, op, 1), segment(cx, op, 2)];
    let outputs_start: usize = dynamic.iter().sum();
    let outputs = d.operands.get(outputs_start..).unwrap_or(&[]);
    if d.results.len() != outputs.len() {
        return Err(cx.op_error(
            op,
            format!(
                "produces {} results, but has only {} outputs",
                d.results.len(),
                outputs.len()
            ),
        ));
    }
    let Some(&body) = d.regions.first().and_then(|&r| m.regions[r].blocks.first()) else {
        return Ok(());
    };
    let args = &m.blocks[body].args;
    if args.len() != rank + outputs.len() {
        return Err(cx.op_error(op, format!("region expects {rank} arguments")));
    }
    for (i, &a) in args[..rank].iter().enumerate() {
        if !matches!(m.ctx.type_data(m.values[a].ty), TypeData::Index) {
            return Err(cx.op_error(op, format!("expects {i}-th block argument to be an index")));
        }
    }
    for (i, (&a, &o)) in args[rank..].iter().zip(outputs).enumerate() {
        if m.values[a].ty != m.values[o].ty {
            return Err(cx.op_error(
                op,
                format!("type mismatch between {i}-th output and corresponding block argument"),
            ));
        }
    }
    if let Some(a) = super::ops::inherent(cx, op, b"mapping") {
        if let crate::context::AttrData::Array(items) = m.ctx.attr_data(a) {
            if !items.is_empty() && items.len() != rank {
                return Err(cx.op_error(op, "mapping attribute size must match op rank"));
            }
        }
    }
    for (i, (name, what)) in [
        (&b"staticLowerBound"[..], "lower bound"),
        (b"staticUpperBound", "upper bound"),
        (b"staticStep", "step"),
    ]
    .into_iter()
    .enumerate()
    {
        let vals = dense_i64(cx, op, name);
        if vals.len() != rank {
            return Err(cx.op_diag(
                op,
                format!("expected {rank} {what} values, got {}", vals.len()),
            ));
        }
        let want = vals.iter().filter(|&&v| v == i64::MIN).count();
        if dynamic[i] != want {
            return Err(cx.op_diag(op, format!("expected {want} dynamic {what} values")));
        }
    }
    Ok(())
}
