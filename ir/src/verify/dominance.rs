//! Layer 3: SSA dominance across blocks and nested regions, with graph
//! regions (no dominance) and `IsolatedFromAbove` ops as the registry says.

use super::Cx;
use crate::ir::{BlockId, Module, OpId, RegionId, ValueDef, ValueId};
use irkit_diag::Diagnostic;
use la_arena::ArenaMap;

pub(crate) fn check(cx: &Cx<'_>, diags: &mut Vec<Diagnostic>) {
    let m = cx.m;
    let Some(top) = m.top else { return };
    let mut st = State::new(m);
    let mut stack = vec![top];
    while let Some(op) = stack.pop() {
        if let Err(d) = check_op(cx, &mut st, op) {
            diags.push(d);
            return;
        }
        for &r in m.ops[op].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().copied());
            }
        }
    }
}

pub(crate) struct State<'m> {
    m: &'m Module,
    /// Each op's position in its block, each block's in its region.
    pos: ArenaMap<OpId, u32>,
    block_pos: ArenaMap<BlockId, u32>,
    /// Per region of more than one block: each block's immediate dominator
    /// (by position), `None` when unreachable from the entry. A region of
    /// one block needs none: its block is the entry.
    doms: ArenaMap<RegionId, Vec<Option<u32>>>,
    /// Whether a region is a graph region (no dominance), per region.
    graph: ArenaMap<RegionId, bool>,
}

impl<'m> State<'m> {
    pub(crate) fn new(m: &'m Module) -> State<'m> {
        let mut pos = ArenaMap::with_capacity(m.ops.len());
        for (_, b) in m.blocks.iter() {
            for (i, &o) in b.ops.iter().enumerate() {
                pos.insert(o, i as u32);
            }
        }
        let mut block_pos = ArenaMap::with_capacity(m.blocks.len());
        for (_, r) in m.regions.iter() {
            for (i, &b) in r.blocks.iter().enumerate() {
                block_pos.insert(b, i as u32);
            }
        }
        State {
            m,
            pos,
            block_pos,
            doms: ArenaMap::default(),
            graph: ArenaMap::default(),
        }
    }

    /// The dominator tree of `r`, which has more than one block.
    fn region_dom(&mut self, r: RegionId) -> &[Option<u32>] {
        if self.doms.get(r).is_none() {
            let d = compute_dom(self.m, &self.block_pos, r);
            self.doms.insert(r, d);
        }
        self.doms.get(r).map_or(&[], |d| d.as_slice())
    }

    /// Position of `b` in region `r`, if it is there.
    fn index_in(&self, r: RegionId, b: BlockId) -> Option<usize> {
        (self.m.blocks[b].parent == Some(r))
            .then(|| self.block_pos.get(b).map(|&i| i as usize))
            .flatten()
    }

    fn reachable(&mut self, b: BlockId) -> bool {
        let Some(r) = self.m.blocks[b].parent else {
            return true;
        };
        if self.m.regions[r].blocks.len() <= 1 {
            return true;
        }
        let Some(i) = self.index_in(r, b) else {
            return true;
        };
        self.region_dom(r).get(i).is_some_and(|d| d.is_some())
    }

    /// Does block `a` dominate block `b` (same region)?
    fn block_dominates(&mut self, r: RegionId, a: BlockId, b: BlockId) -> bool {
        if a == b {
            return true;
        }
        if self.m.regions[r].blocks.len() <= 1 {
            return false;
        }
        let (Some(ai), Some(bi)) = (self.index_in(r, a), self.index_in(r, b)) else {
            return false;
        };
        let d = self.region_dom(r);
        let mut cur = bi;
        loop {
            match d.get(cur).copied().flatten() {
                Some(p) if p as usize == cur => return false,
                Some(p) => {
                    if p as usize == ai {
                        return true;
                    }
                    cur = p as usize;
                }
                None => return true,
            }
        }
    }

    /// Regions without SSA dominance: those of graph-region ops, and those
    /// of unregistered ops (which may be graph regions, as MLIR assumes).
    fn is_graph_region(&mut self, cx: &Cx<'_>, r: RegionId) -> bool {
        if let Some(&g) = self.graph.get(r) {
            return g;
        }
        let g = cx.m.regions[r].parent.is_some_and(|p| {
            let t = cx.traits(p);
            t.graph_regions || !t.registered
        });
        self.graph.insert(r, g);
        g
    }
}

fn compute_dom(m: &Module, block_pos: &ArenaMap<BlockId, u32>, r: RegionId) -> Vec<Option<u32>> {
    let blocks = &m.regions[r].blocks;
    let index = |b: BlockId| -> Option<usize> {
        (m.blocks[b].parent == Some(r))
            .then(|| block_pos.get(b).map(|&i| i as usize))
            .flatten()
    };
    let n = blocks.len();
    let succs: Vec<Vec<usize>> = blocks
        .iter()
        .map(|&b| {
            m.blocks[b]
                .ops
                .last()
                .map(|&t| {
                    m.ops[t]
                        .successors
                        .iter()
                        .filter_map(|&s| index(s))
                        .collect()
                })
                .unwrap_or_default()
        })
        .collect();
    // Reverse post-order from the entry.
    let mut order = Vec::with_capacity(n);
    let mut seen = vec![false; n];
    if n > 0 {
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        seen[0] = true;
        while let Some(&mut (b, ref mut i)) = stack.last_mut() {
            if *i < succs[b].len() {
                let s = succs[b][*i];
                *i += 1;
                if !seen[s] {
                    seen[s] = true;
                    stack.push((s, 0));
                }
            } else {
                order.push(b);
                stack.pop();
            }
        }
    }
    order.reverse();
    let mut rpo = vec![usize::MAX; n];
    for (i, &b) in order.iter().enumerate() {
        rpo[b] = i;
    }
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (b, ss) in succs.iter().enumerate() {
        for &s in ss {
            preds[s].push(b);
        }
    }
    let mut idom: Vec<Option<usize>> = vec![None; n];
    if n > 0 {
        idom[0] = Some(0);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in order.iter().skip(1) {
                let mut new: Option<usize> = None;
                for &p in &preds[b] {
                    if idom[p].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(q) => intersect(&idom, &rpo, p, q),
                    });
                }
                if new.is_some() && idom[b] != new {
                    idom[b] = new;
                    changed = true;
                }
            }
        }
    }
    idom.into_iter().map(|d| d.map(|i| i as u32)).collect()
}

fn intersect(idom: &[Option<usize>], rpo: &[usize], mut a: usize, mut b: usize) -> usize {
    while a != b {
        while rpo[a] > rpo[b] {
            a = idom[a].unwrap_or(0);
        }
        while rpo[b] > rpo[a] {
            b = idom[b].unwrap_or(0);
        }
    }
    a
}

/// The region that defines `v`.
fn def_region(m: &Module, v: ValueId) -> Option<(RegionId, BlockId)> {
    let b = match m.values[v].def {
        ValueDef::Result { op, .. } => m.ops[op].parent?,
        ValueDef::BlockArg { block, .. } => block,
        ValueDef::Detached => return None,
    };
    Some((m.blocks[b].parent?, b))
}

/// The ancestor of `op` (or `op` itself) whose parent block is in `r`.
fn ancestor_in(m: &Module, r: RegionId, mut op: OpId) -> Option<OpId> {
    loop {
        let b = m.ops[op].parent?;
        if m.blocks[b].parent == Some(r) {
            return Some(op);
        }
        op = m.parent_op_of_block(b)?;
    }
}

fn region_is_ancestor(m: &Module, anc: RegionId, mut r: RegionId) -> bool {
    loop {
        if r == anc {
            return true;
        }
        let Some(op) = m.regions[r].parent else {
            return false;
        };
        let Some(b) = m.ops[op].parent else {
            return false;
        };
        let Some(pr) = m.blocks[b].parent else {
            return false;
        };
        r = pr;
    }
}

fn check_op(cx: &Cx<'_>, st: &mut State<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    // Isolation: operands must be defined inside the nearest isolated ancestor.
    let mut anc = m.parent_op(op);
    while let Some(a) = anc {
        if cx.traits(a).isolated_from_above {
            isolated_operands(cx, a, op)?;
            break;
        }
        anc = m.parent_op(a);
    }
    check_uses(cx, st, op)
}

/// `op`'s operands against the isolated op `iso` that holds it.
fn isolated_operands(cx: &Cx<'_>, iso: OpId, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    for &v in m.ops[op].operands.iter() {
        let Some((dr, _)) = def_region(m, v) else {
            continue;
        };
        let inside = m.ops[iso]
            .regions
            .iter()
            .any(|&r| region_is_ancestor(m, r, dr));
        if !inside {
            return Err(cx
                .op_error(op, "using value defined outside the region")
                .with_note(
                    Some(cx.op_loc(iso)),
                    "required by region isolation constraints",
                ));
        }
    }
    Ok(())
}

/// Each operand of `op` dominates it (when its block is reachable).
fn check_uses(cx: &Cx<'_>, st: &mut State<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(ub) = m.ops[op].parent else {
        return Ok(());
    };
    if !st.reachable(ub) {
        return Ok(());
    }
    for (i, &v) in m.ops[op].operands.iter().enumerate() {
        if dominates(cx, st, v, op) {
            continue;
        }
        return Err(invalid_dominance(cx, op, i, v));
    }
    Ok(())
}

/// `IsolatedFromAbove`'s region check of `iso` (MLIR's
/// `verifyIsIsolatedFromAbove`, in its order: a region's ops, then the
/// regions nested in them, last pushed first), not entering nested
/// isolated ops, which check themselves.
pub(crate) fn check_isolation(cx: &Cx<'_>, iso: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut pending = Vec::new();
    for &r in m.ops[iso].regions.iter() {
        pending.push(r);
        while let Some(r) = pending.pop() {
            for &b in &m.regions[r].blocks {
                for &o in &m.blocks[b].ops {
                    isolated_operands(cx, iso, o)?;
                    if !cx.traits(o).isolated_from_above {
                        pending.extend(m.ops[o].regions.iter().copied());
                    }
                }
            }
        }
    }
    Ok(())
}

/// Dominance in the regions of `root` and of the ops nested in them, not
/// entering nested isolated ops (MLIR's `verifyDominanceOfContainedRegions`
/// after verifying `root`; the isolated ops get their own call).
pub(crate) fn check_within(cx: &Cx<'_>, st: &mut State<'_>, root: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut work = vec![root];
    while let Some(op) = work.pop() {
        for &r in m.ops[op].regions.iter() {
            for &b in &m.regions[r].blocks {
                for &o in &m.blocks[b].ops {
                    check_uses(cx, st, o)?;
                    if !m.ops[o].regions.is_empty() && !cx.traits(o).isolated_from_above {
                        work.push(o);
                    }
                }
            }
        }
    }
    Ok(())
}

fn dominates(cx: &Cx<'_>, st: &mut State<'_>, v: ValueId, user: OpId) -> bool {
    let m = st.m;
    let Some((r, db)) = def_region(m, v) else {
        return false;
    };
    let Some(a) = ancestor_in(m, r, user) else {
        return false;
    };
    let Some(ab) = m.ops[a].parent else {
        return false;
    };
    let graph = st.is_graph_region(cx, r);
    match m.values[v].def {
        ValueDef::BlockArg { .. } => st.block_dominates(r, db, ab),
        ValueDef::Result { op: d, .. } => {
            if d == a {
                // An op may use its own result only directly, in a graph region.
                return graph && a == user;
            }
            if db == ab {
                if graph {
                    return true;
                }
                let pd = st.pos.get(d).copied().unwrap_or(0);
                let pa = st.pos.get(a).copied().unwrap_or(0);
                return pd < pa;
            }
            st.block_dominates(r, db, ab)
        }
        ValueDef::Detached => false,
    }
}

fn invalid_dominance(cx: &Cx<'_>, op: OpId, i: usize, v: ValueId) -> Diagnostic {
    let m = cx.m;
    let d = cx.op_diag(op, format!("operand #{i} does not dominate this use"));
    let b1 = m.ops[op].parent;
    let r1 = b1.and_then(|b| m.blocks[b].parent);
    match m.values[v].def {
        ValueDef::Result { op: def, .. } => {
            let b2 = m.ops[def].parent;
            let r2 = b2.and_then(|b| m.blocks[b].parent);
            let rel = if b1 == b2 {
                " (op in the same block)"
            } else if r1 == r2 {
                " (op in the same region)"
            } else if let (Some(r1), Some(r2)) = (r1, r2) {
                if region_is_ancestor(m, r2, r1) {
                    " (op in a parent region)"
                } else if region_is_ancestor(m, r1, r2) {
                    " (op in a child region)"
                } else {
                    " (op is neither in a parent nor in a child region)"
                }
            } else {
                " (op is neither in a parent nor in a child region)"
            };
            d.with_note(Some(cx.op_loc(def)), format!("operand defined here{rel}"))
        }
        ValueDef::BlockArg { block, .. } => {
            let r2 = m.blocks[block].parent;
            let idx = r2
                .and_then(|r| m.regions[r].blocks.iter().position(|&b| b == block))
                .unwrap_or(0);
            let rel = if r1 == r2 {
                " in the same region)"
            } else if let (Some(r1), Some(r2)) = (r1, r2) {
                if region_is_ancestor(m, r2, r1) {
                    " in a parent region)"
                } else if region_is_ancestor(m, r1, r2) {
                    " in a child region)"
                } else {
                    " neither in a parent nor in a child region)"
                }
            } else {
                " neither in a parent nor in a child region)"
            };
            let loc = m.parent_op_of_block(block).map(|p| cx.op_loc(p));
            d.with_note(
                loc,
                format!("operand defined as a block argument (block #{idx}{rel}"),
            )
        }
        ValueDef::Detached => d,
    }
}
