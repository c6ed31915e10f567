//! `RegionBranchOpInterface`'s verifier (MLIR's
//! `verifyTypesAlongControlFlowEdges`): along every edge of region control
//! flow — from the op into a region, from a region's return-like
//! terminators to another region or back to the op's results — the values
//! passed match the successor's inputs in number and type. Each op's edges
//! are its `getSuccessorRegions`, written here for the ops this build
//! defines; an op not listed has none.
//!
//! MLIR 22 rewrote the check (`--mlir-compat=22`): the branch points are the
//! op and each block-ending `RegionBranchTerminatorOpInterface` op, every
//! edge of each is checked on its own, and the messages name the
//! terminator ([`check22`]).

use super::Cx;
use crate::context::TypeId;
use crate::dialect::MlirRelease;
use crate::ir::{OpId, RegionId, ValueId};
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

/// A point of region control flow: the op itself, or its region `i`.
#[derive(Clone, Copy, PartialEq)]
enum Point {
    Parent,
    Region(usize),
}

/// Where an edge leads and what it takes there.
enum Inputs {
    /// Nothing (`RegionSuccessor(&region)` / `RegionSuccessor()`).
    None,
    /// The op's results.
    Results,
    /// The entry block's arguments of region `i`, from the `skip`-th on.
    Args(usize, usize),
}

struct Succ {
    to: Point,
    inputs: Inputs,
}

const fn succ(to: Point, inputs: Inputs) -> Succ {
    Succ { to, inputs }
}

/// `getSuccessorRegions(from)` of `op`, or `None` when this build does not
/// know the op's control flow.
fn successors(cx: &Cx<'_>, op: OpId, from: Point) -> Option<Vec<Succ>> {
    use Point::{Parent, Region};
    let m = cx.m;
    let d = &m.ops[op];
    Some(match m.ctx.bytes(d.name) {
        b"scf.for" => vec![
            succ(Region(0), Inputs::Args(0, 1)),
            succ(Parent, Inputs::Results),
        ],
        b"scf.if" => match from {
            Parent => {
                let else_empty = d
                    .regions
                    .get(1)
                    .is_none_or(|&r| m.regions[r].blocks.is_empty());
                vec![
                    succ(Region(0), Inputs::None),
                    if else_empty {
                        succ(Parent, Inputs::None)
                    } else {
                        succ(Region(1), Inputs::None)
                    },
                ]
            }
            Region(_) => vec![succ(Parent, Inputs::Results)],
        },
        b"scf.while" => match from {
            Parent | Region(1) => vec![succ(Region(0), Inputs::Args(0, 0))],
            Region(_) => vec![
                succ(Parent, Inputs::Results),
                succ(Region(1), Inputs::Args(1, 0)),
            ],
        },
        b"scf.execute_region" | b"memref.alloca_scope" => match from {
            Parent => vec![succ(Region(0), Inputs::None)],
            Region(_) => vec![succ(Parent, Inputs::Results)],
        },
        b"scf.index_switch" => match from {
            Parent => (0..d.regions.len())
                .map(|i| succ(Region(i), Inputs::None))
                .collect(),
            Region(_) => vec![succ(Parent, Inputs::Results)],
        },
        // MLIR 22 gave `scf.forall` its own edges: into the body's shared
        // outputs, back to the results.
        b"scf.forall" if cx.release >= MlirRelease::V22 => match from {
            Parent => {
                let skip = forall_outputs(cx, op).len();
                let args = d
                    .regions
                    .first()
                    .and_then(|&r| m.regions[r].blocks.first())
                    .map_or(0, |&b| m.blocks[b].args.len());
                vec![succ(Region(0), Inputs::Args(0, args.saturating_sub(skip)))]
            }
            Region(_) => vec![succ(Parent, Inputs::Results)],
        },
        b"scf.parallel" | b"scf.forall" => {
            vec![succ(Region(0), Inputs::None), succ(Parent, Inputs::None)]
        }
        _ => return None,
    })
}

/// `getEntrySuccessorOperands`: what the op passes into a region.
fn entry_operands<'m>(cx: &Cx<'m>, op: OpId) -> &'m [ValueId] {
    let d = &cx.m.ops[op];
    match cx.m.ctx.bytes(d.name) {
        b"scf.for" => d.operands.get(3..).unwrap_or(&[]),
        b"scf.while" => &d.operands,
        b"scf.forall" if cx.release >= MlirRelease::V22 => forall_outputs(cx, op),
        _ => &[],
    }
}

/// `scf.forall`'s `outputs` operands (its last operand segment).
fn forall_outputs<'m>(cx: &Cx<'m>, op: OpId) -> &'m [ValueId] {
    use super::ops::segment;
    let start = segment(cx, op, 0) + segment(cx, op, 1) + segment(cx, op, 2);
    cx.m.ops[op].operands.get(start..).unwrap_or(&[])
}

/// The successor operands of a region terminator implementing
/// `RegionBranchTerminatorOpInterface`, or `None` for any other op.
fn terminator_operands<'m>(cx: &Cx<'m>, term: OpId) -> Option<&'m [ValueId]> {
    let d = &cx.m.ops[term];
    match cx.m.ctx.bytes(d.name) {
        b"scf.yield" | b"memref.alloca_scope.return" => Some(&d.operands),
        b"scf.condition" => Some(d.operands.get(1..).unwrap_or(&[])),
        b"scf.reduce" => Some(&[]),
        _ => None,
    }
}

fn inputs(cx: &Cx<'_>, op: OpId, i: &Inputs) -> Vec<TypeId> {
    let m = cx.m;
    let d = &m.ops[op];
    match *i {
        Inputs::None => Vec::new(),
        Inputs::Results => d.results.iter().map(|&v| m.values[v].ty).collect(),
        Inputs::Args(r, skip) => d
            .regions
            .get(r)
            .and_then(|&r| m.regions[r].blocks.first())
            .map(|&b| {
                let args = &m.blocks[b].args;
                args.get(skip..)
                    .unwrap_or(&[])
                    .iter()
                    .map(|&v| m.values[v].ty)
                    .collect()
            })
            .unwrap_or_default(),
    }
}

fn edge_name(from: Point, to: Point) -> String {
    let name = |p: Point, parent: &str| match p {
        Point::Parent => parent.to_string(),
        Point::Region(i) => format!("Region #{i}"),
    };
    format!(
        "from {} to {}",
        name(from, "parent operands"),
        name(to, "parent results")
    )
}

/// Verifies `op`'s region control flow edges, if this build knows them.
pub(crate) fn check(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    if cx.release >= MlirRelease::V22 {
        return check22(cx, op);
    }
    let m = cx.m;
    let ty = |v: &ValueId| m.values[*v].ty;
    if let Some(succs) = successors(cx, op, Point::Parent) {
        let sources: Vec<TypeId> = entry_operands(cx, op).iter().map(ty).collect();
        check_edges(cx, op, Point::Parent, &succs, &sources)?;
    }
    for (ri, &r) in m.ops[op].regions.iter().enumerate() {
        let from = Point::Region(ri);
        let Some(succs) = successors(cx, op, from) else {
            return Ok(());
        };
        let mut first: Option<Vec<TypeId>> = None;
        for t in terminators(cx, r) {
            let Some(operands) = terminator_operands(cx, t) else {
                continue;
            };
            let types: Vec<TypeId> = operands.iter().map(ty).collect();
            match &first {
                None => first = Some(types),
                Some(f) if *f != types => {
                    // MLIR's message, as it prints it (no space before "from").
                    let to = succs.first().map_or(Point::Parent, |s| s.to);
                    return Err(cx.op_error(
                        op,
                        format!(
                            " along control flow edge{} operands mismatch between return-like terminators",
                            edge_name(from, to)
                        ),
                    ));
                }
                Some(_) => {}
            }
        }
        if let Some(sources) = first {
            check_edges(cx, op, from, &succs, &sources)?;
        }
    }
    Ok(())
}

/// The last op of each non-empty block of `r`.
fn terminators<'a>(cx: &'a Cx<'_>, r: RegionId) -> impl Iterator<Item = OpId> + 'a {
    let m = cx.m;
    m.regions[r]
        .blocks
        .iter()
        .filter_map(move |&b| m.blocks[b].ops.last().copied())
}

fn check_edges(
    cx: &Cx<'_>,
    op: OpId,
    from: Point,
    succs: &[Succ],
    sources: &[TypeId],
) -> Result<(), Diagnostic> {
    for s in succs {
        let want = inputs(cx, op, &s.inputs);
        if sources.len() != want.len() {
            return Err(cx.op_error(
                op,
                format!(
                    " region control flow edge {}: source has {} operands, but target successor needs {}",
                    edge_name(from, s.to),
                    sources.len(),
                    want.len()
                ),
            ));
        }
        for (i, (&a, &b)) in sources.iter().zip(want.iter()).enumerate() {
            if a != b {
                return Err(cx.op_error(
                    op,
                    format!(
                        " along control flow edge {}: source type #{i} '{}' should match input type #{i} '{}'",
                        edge_name(from, s.to),
                        type_to_string(&cx.m.ctx, a),
                        type_to_string(&cx.m.ctx, b)
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// MLIR 22's `verifyRegionBranchOpInterface`: for each branch point (the
/// op, then each region's block-ending branch terminators in order), each
/// of its successors takes as many values as it is given, of the same types.
fn check22(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    if successors(cx, op, Point::Parent).is_none() {
        return Ok(());
    }
    let mut points: Vec<(Point, Option<OpId>)> = vec![(Point::Parent, None)];
    for (ri, &r) in m.ops[op].regions.iter().enumerate() {
        for t in terminators(cx, r) {
            if terminator_operands(cx, t).is_some() {
                points.push((Point::Region(ri), Some(t)));
            }
        }
    }
    for (from, term) in points {
        let Some(succs) = successors(cx, op, from) else {
            continue;
        };
        let operands = match term {
            None => entry_operands(cx, op),
            Some(t) => terminator_operands(cx, t).unwrap_or(&[]),
        };
        for s in &succs {
            let want = inputs(cx, op, &s.inputs);
            let edge = || {
                let from = match term {
                    None => "parent".to_string(),
                    Some(t) => format!("Operation {}", m.op_name(t)),
                };
                let to = match s.to {
                    Point::Parent => "parent".to_string(),
                    Point::Region(i) => format!("Region #{i}"),
                };
                format!("along control flow edge from {from} to {to}")
            };
            let fail = |msg: String| {
                let at = term.map_or_else(|| cx.op_loc(op), |t| cx.op_loc(t));
                cx.op_error(op, format!("{}: {msg}", edge()))
                    .with_note(Some(at), "region branch point")
            };
            if operands.len() != want.len() {
                return Err(fail(format!(
                    "region branch point has {} operands, but region successor needs {} inputs",
                    operands.len(),
                    want.len()
                )));
            }
            for (i, (&v, &b)) in operands.iter().zip(want.iter()).enumerate() {
                let a = m.values[v].ty;
                if a != b {
                    return Err(fail(format!(
                        "successor operand type #{i} '{}' should match successor input type #{i} '{}'",
                        type_to_string(&m.ctx, a),
                        type_to_string(&m.ctx, b)
                    )));
                }
            }
        }
    }
    Ok(())
}
