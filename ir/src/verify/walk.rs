//! mlir-opt-19's verification order in one walk, for modules verified
//! against a registry: each op's own checks on entering it (its ODS
//! invariants, traits and verifier, then its regions' entry rules), each
//! block's on entering and leaving it, an op's region checks on leaving it
//! after its nested ops — but `IsolatedFromAbove` ops are left out of their
//! parent's walk and verified whole (dominance included) when the parent is
//! left, before the parent's own region checks; MLIR's `OperationVerifier`
//! does the same. The first failing check is the one reported.
//!
//! Layered on [`super::ops`] (definitions), [`super::structure`] (blocks,
//! terminators, `func`) and [`super::dominance`]; nothing here checks a
//! rule of its own.

use super::ops::{self, DefCache, Storage};
use super::{dominance, structure, Cx};
use crate::ir::{BlockId, OpId};
use irkit_diag::Diagnostic;
use la_arena::ArenaMap;

enum Item {
    Enter(OpId),
    /// Leaving the op's blocks: verify its isolated children next.
    Leave(OpId),
    /// Its isolated children done: the op's region checks.
    Finish(OpId),
    EnterBlock(OpId, BlockId, bool),
    LeaveBlock(OpId, BlockId, bool),
    /// Dominance inside an isolated op (or the top op), once verified.
    Dominance(OpId),
}

/// Verifies the module from its top op, in MLIR's order; `storage` says
/// whether property storage still needs checking.
pub(crate) fn verify(cx: &Cx<'_>, defs: &mut DefCache<'_>, storage: Storage) -> Vec<Diagnostic> {
    match walk(cx, defs, storage) {
        Ok(()) => Vec::new(),
        Err(d) => {
            let then = inference_failed(&d);
            std::iter::once(d).chain(then).collect()
        }
    }
}

/// MLIR's `InferTypeOpInterface` verifier reports a mismatch, then that
/// inference failed: the second error, at the same place.
fn inference_failed(d: &Diagnostic) -> Option<Diagnostic> {
    let (op, rest) = d.message.split_once(" op ")?;
    if !rest.starts_with("inferred type(s) ") {
        return None;
    }
    let mut then = d.clone();
    then.message = format!("{op} op failed to infer returned types");
    then.notes.clear();
    Some(then)
}

fn walk(cx: &Cx<'_>, defs: &mut DefCache<'_>, storage: Storage) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(top) = m.top else {
        return Ok(());
    };
    // Every block some op branches to: an entry block may not be one.
    let mut targets: ArenaMap<BlockId, ()> = ArenaMap::default();
    for (_, d) in m.ops.iter() {
        for &s in d.successors.iter() {
            targets.insert(s, ());
        }
    }
    let mut dom = dominance::State::new(m);
    let mut stack = vec![Item::Dominance(top), Item::Enter(top)];
    let mut isolated = Vec::new();
    while let Some(item) = stack.pop() {
        match item {
            Item::Enter(op) => {
                if let Some(def) = defs.get(m, op) {
                    let parent = m.parent_op(op).and_then(|p| defs.get(m, p).map(|d| (p, d)));
                    ops::check_op(cx, def, op, parent, storage)?;
                    structure::registered_op(cx, op)?;
                }
                structure::region_entry(cx, op, &targets)?;
                stack.push(Item::Leave(op));
                for &r in m.ops[op].regions.iter().rev() {
                    let blocks = &m.regions[r].blocks;
                    let single = blocks.len() == 1;
                    stack.extend(
                        blocks
                            .iter()
                            .rev()
                            .map(|&b| Item::EnterBlock(op, b, single)),
                    );
                }
            }
            Item::EnterBlock(parent, b, single) => {
                structure::block_entry(cx, parent, b, single)?;
                stack.push(Item::LeaveBlock(parent, b, single));
                stack.extend(
                    m.blocks[b]
                        .ops
                        .iter()
                        .rev()
                        .filter(|&&o| !is_isolated(cx, o))
                        .map(|&o| Item::Enter(o)),
                );
            }
            Item::LeaveBlock(parent, b, single) => {
                structure::block_exit(cx, parent, b, single)?;
            }
            Item::Leave(op) => {
                stack.push(Item::Finish(op));
                isolated.clear();
                for &r in m.ops[op].regions.iter() {
                    for &b in &m.regions[r].blocks {
                        isolated.extend(m.blocks[b].ops.iter().filter(|&&o| is_isolated(cx, o)));
                    }
                }
                for &o in isolated.iter().rev() {
                    stack.push(Item::Dominance(o));
                    stack.push(Item::Enter(o));
                }
            }
            Item::Finish(op) => match defs.get(m, op) {
                Some(def) => {
                    if cx.traits(op).isolated_from_above {
                        dominance::check_isolation(cx, op)?;
                    }
                    ops::check_region_traits(cx, def, op)?;
                }
                None => {
                    if let Some(d) = ops::unknown_op_of_loaded_dialect(cx, defs.reg, op) {
                        return Err(d);
                    }
                }
            },
            Item::Dominance(op) => dominance::check_within(cx, &mut dom, op)?,
        }
    }
    Ok(())
}

/// An op MLIR verifies apart from its parent's walk.
fn is_isolated(cx: &Cx<'_>, op: OpId) -> bool {
    !cx.m.ops[op].regions.is_empty() && cx.traits(op).isolated_from_above
}
