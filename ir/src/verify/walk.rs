//! mlir-opt-19's verification order in one walk, for modules verified
//! against a registry: each op's own checks on entering it (its ODS
//! invariants, traits and verifier, then its regions' entry rules), each
//! block's on entering and leaving it, an op's region checks on leaving it
//! after its nested ops — but `IsolatedFromAbove` ops are left out of their
//! parent's walk and verified whole (dominance included) when the parent is
//! left, before the parent's own region checks; MLIR's `OperationVerifier`
//! does the same. The first failing check is the one reported — at 19 for
//! the whole module; at 22 for each isolated op, as MLIR 22 verifies all the
//! isolated children of an op (each up to its first failure) before the
//! op fails.
//!
//! Layered on [`super::ops`] (definitions), [`super::structure`] (blocks,
//! terminators, `func`) and [`super::dominance`]; nothing here checks a
//! rule of its own.

use super::ops::{self, DefCache, Storage};
use super::{dominance, structure, Cx};
use crate::dialect::MlirRelease;
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
    /// An isolated op's verification done: a failure inside it stops at
    /// this item.
    Isolated(OpId),
}

/// Verifies the module from its top op, in MLIR's order; `storage` says
/// whether property storage still needs checking.
pub(crate) fn verify(cx: &Cx<'_>, defs: &mut DefCache<'_>, storage: Storage) -> Vec<Diagnostic> {
    let mut res = Vec::new();
    walk(&mut res, cx, defs, storage);
    res
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

/// Walks the module, pushing the failures onto `errs`.
fn walk(errs: &mut Vec<Diagnostic>, cx: &Cx<'_>, defs: &mut DefCache<'_>, storage: Storage) {
    let m = cx.m;
    let Some(top) = m.top else {
        return;
    };
    // Every block some op branches to: an entry block may not be one.
    let mut targets: ArenaMap<BlockId, ()> = ArenaMap::default();
    for (_, d) in m.ops.iter() {
        for &s in d.successors.iter() {
            targets.insert(s, ());
        }
    }
    let mut w = Walk {
        cx,
        defs,
        storage,
        targets,
        dom: dominance::State::new(m),
        stack: vec![Item::Dominance(top), Item::Enter(top)],
        isolated: Vec::new(),
        failed_parents: Vec::new(),
    };
    let every_unit = cx.release >= MlirRelease::V22;
    while let Some(item) = w.stack.pop() {
        let Err(failure) = w.step(item) else {
            continue;
        };
        if let Some(d) = failure {
            let then = inference_failed(&d);
            errs.push(d);
            errs.extend(then);
        }
        if !every_unit {
            return;
        }
        // The failure ends the innermost isolated op being verified, and
        // makes its parent fail when left.
        loop {
            match w.stack.pop() {
                Some(Item::Isolated(o)) => {
                    w.failed_parents.extend(m.parent_op(o));
                    break;
                }
                Some(_) => {}
                None => return,
            }
        }
    }
}

struct Walk<'c, 'm, 'd> {
    cx: &'c Cx<'m>,
    defs: &'c mut DefCache<'d>,
    storage: Storage,
    targets: ArenaMap<BlockId, ()>,
    dom: dominance::State<'m>,
    stack: Vec<Item>,
    /// Scratch list of an op's isolated children.
    isolated: Vec<OpId>,
    /// Ops an isolated child of which failed (MLIR 22): they fail when
    /// left.
    failed_parents: Vec<OpId>,
}

impl Walk<'_, '_, '_> {
    /// One item's checks; `Err(None)` fails without a diagnostic of its own
    /// (a child's failure).
    fn step(&mut self, item: Item) -> Result<(), Option<Diagnostic>> {
        let cx = self.cx;
        let m = cx.m;
        match item {
            Item::Enter(op) => {
                if let Some(def) = self.defs.get(m, op) {
                    let parent = m
                        .parent_op(op)
                        .and_then(|p| self.defs.get(m, p).map(|d| (p, d)));
                    ops::check_op(cx, def, op, parent, self.storage)?;
                    structure::registered_op(cx, op)?;
                }
                structure::region_entry(cx, op, &self.targets)?;
                self.stack.push(Item::Leave(op));
                for &r in m.ops[op].regions.iter().rev() {
                    let blocks = &m.regions[r].blocks;
                    let single = blocks.len() == 1;
                    self.stack.extend(
                        blocks
                            .iter()
                            .rev()
                            .map(|&b| Item::EnterBlock(op, b, single)),
                    );
                }
            }
            Item::EnterBlock(parent, b, single) => {
                structure::block_entry(cx, parent, b, single)?;
                self.stack.push(Item::LeaveBlock(parent, b, single));
                self.stack.extend(
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
                self.stack.push(Item::Finish(op));
                self.isolated.clear();
                for &r in m.ops[op].regions.iter() {
                    for &b in &m.regions[r].blocks {
                        self.isolated
                            .extend(m.blocks[b].ops.iter().filter(|&&o| is_isolated(cx, o)));
                    }
                }
                for &o in self.isolated.iter().rev() {
                    self.stack.push(Item::Isolated(o));
                    self.stack.push(Item::Dominance(o));
                    self.stack.push(Item::Enter(o));
                }
            }
            Item::Finish(op) if self.failed_parents.contains(&op) => return Err(None),
            Item::Finish(op) => match self.defs.get(m, op) {
                Some(def) => {
                    if cx.traits(op).isolated_from_above {
                        dominance::check_isolation(cx, op)?;
                    }
                    ops::check_region_traits(cx, def, op)?;
                }
                None => {
                    if let Some(d) = ops::unknown_op_of_loaded_dialect(cx, self.defs.reg, op) {
                        return Err(Some(d));
                    }
                }
            },
            Item::Dominance(op) => dominance::check_within(cx, &mut self.dom, op)?,
            Item::Isolated(_) => {}
        }
        Ok(())
    }
}

/// An op MLIR verifies apart from its parent's walk.
fn is_isolated(cx: &Cx<'_>, op: OpId) -> bool {
    !cx.m.ops[op].regions.is_empty() && cx.traits(op).isolated_from_above
}
