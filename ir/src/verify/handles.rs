//! Layer 1: every id refers to an existing node and parent links agree, so
//! later layers can index without checks.

use super::Cx;
use crate::ir::ValueDef;
use irkit_diag::Diagnostic;

pub(crate) fn check(cx: &Cx<'_>, diags: &mut Vec<Diagnostic>) {
    let m = cx.m;
    let Some(top) = m.top else {
        diags.push(Diagnostic::bare_error("module has no top-level operation"));
        return;
    };
    let nops = m.ops.len();
    let nvals = m.values.len();
    let nblocks = m.blocks.len();
    let nregions = m.regions.len();
    let in_range = |i: u32, n: usize| (i as usize) < n;
    let mut stack = vec![top];
    while let Some(op) = stack.pop() {
        if !in_range(op.into_raw().into_u32(), nops) {
            diags.push(Diagnostic::bare_error("dangling operation id"));
            return;
        }
        let d = &m.ops[op];
        for &v in d.operands.iter().chain(d.results.iter()) {
            if !in_range(v.into_raw().into_u32(), nvals) {
                diags.push(cx.op_error(op, "refers to a value that does not exist"));
                return;
            }
        }
        for (i, &v) in d.results.iter().enumerate() {
            if m.values[v].def
                != (ValueDef::Result {
                    op,
                    index: i as u32,
                })
            {
                diags.push(cx.op_error(op, "result is not linked to its op"));
                return;
            }
        }
        for &b in d.successors.iter() {
            if !in_range(b.into_raw().into_u32(), nblocks) {
                diags.push(cx.op_error(op, "refers to a block that does not exist"));
                return;
            }
        }
        for &r in d.regions.iter() {
            if !in_range(r.into_raw().into_u32(), nregions) || m.regions[r].parent != Some(op) {
                diags.push(cx.op_error(op, "region is not linked to its op"));
                return;
            }
            for &b in &m.regions[r].blocks {
                if !in_range(b.into_raw().into_u32(), nblocks) || m.blocks[b].parent != Some(r) {
                    diags.push(cx.op_error(op, "block is not linked to its region"));
                    return;
                }
                for (i, &a) in m.blocks[b].args.iter().enumerate() {
                    if !in_range(a.into_raw().into_u32(), nvals)
                        || m.values[a].def
                            != (ValueDef::BlockArg {
                                block: b,
                                index: i as u32,
                            })
                    {
                        diags.push(cx.op_error(op, "block argument is not linked to its block"));
                        return;
                    }
                }
                for &o in &m.blocks[b].ops {
                    if !in_range(o.into_raw().into_u32(), nops) || m.ops[o].parent != Some(b) {
                        diags.push(cx.op_error(op, "nested operation is not linked to its block"));
                        return;
                    }
                    stack.push(o);
                }
            }
        }
    }
}
