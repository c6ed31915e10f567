//! The verifiers of the memref ops that reinterpret a buffer (MLIR's
//! `MemRefOps.cpp`): `subview`, `reinterpret_cast` (with the
//! `OffsetSizeAndStrideOpInterface` checks that run before them),
//! `expand_shape`, `collapse_shape`, `view`, `reshape`, `realloc`,
//! `transpose`, and `extract_strided_metadata`'s inferred result types.

use super::ops::{dense_i64, segment};
use super::strided::{self, add, dim, mul, Dyn, MemRefDesc, Parts, Strided};
use super::Cx;
use crate::affine::AffineMap;
use crate::context::{AttrData, AttrId, TypeData, TypeId};
use crate::dialect::MlirRelease;
use crate::ir::OpId;
use crate::printer::{type_param_to_string, type_to_string};
use irkit_diag::Diagnostic;

type R = Result<(), Diagnostic>;

/// MLIR's `ShapedType::kDynamic` in a dense i64 array.
const DYNAMIC: i64 = i64::MIN;

fn q(cx: &Cx<'_>, t: TypeId) -> String {
    format!("'{}'", type_to_string(&cx.m.ctx, t))
}

fn ty(cx: &Cx<'_>, op: OpId, i: usize) -> Option<TypeId> {
    cx.m.ops[op].operands.get(i).map(|&v| cx.m.values[v].ty)
}

fn rty(cx: &Cx<'_>, op: OpId) -> Option<TypeId> {
    cx.m.ops[op].results.first().map(|&v| cx.m.values[v].ty)
}

/// The source (operand 0) and result types of `op` when both are ranked
/// memrefs, with their parts; the op's constraints report anything else.
fn ranked_pair<'m>(cx: &Cx<'m>, op: OpId) -> Option<((TypeId, Parts<'m>), (TypeId, Parts<'m>))> {
    let (src, res) = (ty(cx, op, 0)?, rty(cx, op)?);
    let ctx = &cx.m.ctx;
    Some((
        (src, strided::parts(ctx, src)?),
        (res, strided::parts(ctx, res)?),
    ))
}

fn kdyn(v: i64) -> Dyn {
    (v != DYNAMIC).then_some(v)
}

/// The verifier of `op`, if it is one of this module's.
pub(crate) fn check(cx: &Cx<'_>, op: OpId, name: &[u8]) -> R {
    match name {
        b"memref.reinterpret_cast" => reinterpret_cast(cx, op),
        b"memref.subview" => subview(cx, op),
        b"memref.expand_shape" => reshape_like(cx, op, true),
        b"memref.collapse_shape" => reshape_like(cx, op, false),
        b"memref.view" => view(cx, op),
        b"memref.reshape" => reshape(cx, op),
        b"memref.realloc" => realloc(cx, op),
        b"memref.transpose" => transpose(cx, op),
        b"memref.extract_strided_metadata" => extract_strided_metadata(cx, op),
        _ => Ok(()),
    }
}

/// `verifyOffsetSizeAndStrideOp` with the op's maximum ranks.
fn offset_size_stride(cx: &Cx<'_>, op: OpId, max: [usize; 3]) -> R {
    let names: [&[u8]; 3] = [b"static_offsets", b"static_sizes", b"static_strides"];
    let lists = names.map(|n| dense_i64(cx, op, n));
    let [offsets, sizes, strides] = &lists;
    if cx.release >= MlirRelease::V22 {
        // MLIR 22 first matches each list's dynamic entries with its
        // operands: sizes, strides, then offsets.
        for i in [1, 2, 0] {
            let what = ["offsets", "sizes", "strides"][i];
            let dynamic = lists[i].iter().filter(|&&v| v == DYNAMIC).count();
            let given = segment(cx, op, i + 1);
            if given != dynamic {
                return Err(cx.op_diag(
                    op,
                    format!(
                        "expected the number of '{what}' to match the number of dynamic entries in 'static_{what}' ({given} vs {dynamic})"
                    ),
                ));
            }
        }
    }
    if !(offsets.len() == 1 && max[0] == 1) && offsets.len() != sizes.len() {
        return Err(cx.op_diag(
            op,
            format!(
                "expected mixed offsets rank to match mixed sizes rank ({} vs {}) so the rank of the result type is well-formed.",
                offsets.len(),
                sizes.len()
            ),
        ));
    }
    if sizes.len() != strides.len() {
        return Err(cx.op_diag(
            op,
            format!(
                "expected mixed sizes rank to match mixed strides rank ({} vs {}) so the rank of the result type is well-formed.",
                sizes.len(),
                strides.len()
            ),
        ));
    }
    for (i, (what, list)) in ["offset", "size", "stride"].iter().zip(&lists).enumerate() {
        if list.len() != max[i] {
            return Err(cx.op_diag(
                op,
                format!("expected {} {what} values, got {}", max[i], list.len()),
            ));
        }
        let dynamic = list.iter().filter(|&&v| v == DYNAMIC).count();
        if segment(cx, op, i + 1) != dynamic {
            return Err(cx.op_diag(op, format!("expected {dynamic} dynamic {what} values")));
        }
    }
    for (what, list) in [("offsets", offsets), ("sizes", sizes)] {
        if let Some(v) = list.iter().find(|&&v| v < 0 && v != DYNAMIC) {
            return Err(cx.op_diag(
                op,
                format!("expected {what} to be non-negative, but got {v}"),
            ));
        }
    }
    Ok(())
}

fn reinterpret_cast(cx: &Cx<'_>, op: OpId) -> R {
    let ctx = &cx.m.ctx;
    let (Some(src), Some(res)) = (ty(cx, op, 0), rty(cx, op)) else {
        return Ok(());
    };
    let Some(Parts {
        shape,
        elem,
        layout,
        space,
    }) = strided::parts(ctx, res)
    else {
        return Ok(());
    };
    offset_size_stride(cx, op, [1, shape.len(), shape.len()])?;
    if strided::memory_space(ctx, src) != space {
        return Err(cx.op_diag(
            op,
            format!(
                "different memory spaces specified for source type {} and result memref type {}",
                q(cx, src),
                q(cx, res)
            ),
        ));
    }
    if ctx.element_type(src) != Some(elem) {
        return Err(cx.op_diag(
            op,
            format!(
                "different element types specified for source type {} and result memref type {}",
                q(cx, src),
                q(cx, res)
            ),
        ));
    }
    // A static result size, offset or stride must equal the op's: MLIR 19
    // lets a dynamic one pass, MLIR 22 reports it as "dynamic".
    let v22 = cx.release >= MlirRelease::V22;
    let differs = |r: i64, e: i64| r != e && (v22 || e != DYNAMIC);
    let shown = |e: i64| match kdyn(e) {
        Some(e) => e.to_string(),
        None => "dynamic".to_string(),
    };
    let sizes = dense_i64(cx, op, b"static_sizes");
    for (i, (&r, &e)) in shape.iter().zip(&sizes).enumerate() {
        if r >= 0 && differs(r, e) {
            return Err(cx.op_diag(
                op,
                format!(
                    "expected result type with size = {} instead of {r} in dim = {i}",
                    shown(e)
                ),
            ));
        }
    }
    let Some(Strided { strides, offset }) = strided::strides_and_offset(ctx, shape, layout) else {
        return Err(cx.op_diag(
            op,
            format!(
                "expected result type to have strided layout but found {}",
                q(cx, res)
            ),
        ));
    };
    let want = dense_i64(cx, op, b"static_offsets");
    if let (Some(r), Some(&e)) = (offset, want.first()) {
        if differs(r, e) {
            return Err(cx.op_diag(
                op,
                format!(
                    "expected result type with offset = {} instead of {r}",
                    shown(e)
                ),
            ));
        }
    }
    let want = dense_i64(cx, op, b"static_strides");
    for (i, (&r, &e)) in strides.iter().zip(&want).enumerate() {
        if let Some(r) = r {
            if differs(r, e) {
                return Err(cx.op_diag(
                    op,
                    format!(
                        "expected result type with stride = {} instead of {r} in dim = {i}",
                        shown(e)
                    ),
                ));
            }
        }
    }
    Ok(())
}

fn subview(cx: &Cx<'_>, op: OpId) -> R {
    let ctx = &cx.m.ctx;
    let Some((
        (
            src,
            Parts {
                shape: sshape,
                elem: selem,
                layout: slayout,
                space: sspace,
            },
        ),
        (
            res,
            Parts {
                shape: rshape,
                elem: relem,
                layout: rlayout,
                space: rspace,
            },
        ),
    )) = ranked_pair(cx, op)
    else {
        return Ok(());
    };
    let rank = sshape.len();
    offset_size_stride(cx, op, [rank; 3])?;
    if sspace != rspace {
        return Err(cx.op_diag(
            op,
            format!(
                "different memory spaces specified for base memref type {} and subview memref type {}",
                q(cx, src),
                q(cx, res)
            ),
        ));
    }
    let Some(base) = strided::strides_and_offset(ctx, sshape, slayout) else {
        return Err(cx.op_diag(op, format!("base type {} is not strided", q(cx, src))));
    };
    // The inferred type, before any rank reduction.
    let offsets = dense_i64(cx, op, b"static_offsets");
    let sizes = dense_i64(cx, op, b"static_sizes");
    let steps = dense_i64(cx, op, b"static_strides");
    let mut offset = base.offset;
    for (&o, &s) in offsets.iter().zip(&base.strides) {
        offset = add(offset, mul(kdyn(o), s));
    }
    let strides: Vec<Dyn> = base
        .strides
        .iter()
        .zip(&steps)
        .map(|(&s, &t)| mul(s, kdyn(t)))
        .collect();
    let expected = MemRefDesc {
        shape: sizes
            .iter()
            .map(|&s| if s == DYNAMIC { -1 } else { s })
            .collect(),
        elem: selem,
        layout: Some(Strided {
            strides: strides.clone(),
            offset,
        }),
        space: sspace,
    };
    // `produceSubViewErrorMsg`: MLIR 22 ends each message with the
    // result type.
    let (end, got) = if cx.release >= MlirRelease::V22 {
        ("", format!(", but got {}", q(cx, res)))
    } else {
        (" ", String::new())
    };
    let layout_error = || {
        cx.op_diag(
            op,
            format!(
                "expected result type to be {} or a rank-reduced version. (mismatch of result layout){end}{got}",
                expected.quoted(ctx)
            ),
        )
    };
    // isRankReducedType.
    let same = MemRefDesc::of(ctx, res).is_some_and(|d| d == expected);
    if !same {
        if rshape.len() > expected.shape.len() {
            let rank_end = if got.is_empty() { ". " } else { "" };
            return Err(cx.op_diag(
                op,
                format!(
                    "expected result rank to be smaller or equal to the source rank{rank_end}{got}"
                ),
            ));
        }
        if rank_reduction(&expected.shape, rshape).is_none() {
            return Err(cx.op_diag(
                op,
                format!(
                    "expected result type to be {} or a rank-reduced version. (mismatch of result sizes){end}{got}",
                    expected.quoted(ctx)
                ),
            ));
        }
        if relem != selem {
            return Err(cx.op_diag(
                op,
                format!(
                    "expected result element type to be '{}'{got}",
                    type_to_string(ctx, selem)
                ),
            ));
        }
    }
    let Some(actual) = strided::strides_and_offset(ctx, rshape, rlayout) else {
        return Err(layout_error());
    };
    if actual.offset != offset {
        return Err(layout_error());
    }
    // computeMemRefRankReductionMask: which dimensions were dropped.
    let mut dropped: Vec<bool> = vec![false; expected.shape.len()];
    if expected.shape.len() != rshape.len() {
        for (i, &s) in sizes.iter().enumerate() {
            if s == 1 {
                dropped[i] = true;
            }
        }
        let count = dropped.iter().filter(|&&d| d).count();
        if count + rshape.len() != expected.shape.len() {
            // Each dropped dimension's stride must be missing from the
            // result's strides, counting repeats.
            let occurrences = |v: &[Dyn], x: Dyn| v.iter().filter(|&&y| y == x).count();
            let mut unaccounted: Vec<(Dyn, usize)> = Vec::new();
            for &s in &strides {
                if !unaccounted.iter().any(|(x, _)| *x == s) {
                    unaccounted.push((s, occurrences(&strides, s)));
                }
            }
            for (i, &s) in strides.iter().enumerate() {
                if !dropped[i] {
                    continue;
                }
                let Some(entry) = unaccounted.iter_mut().find(|(x, _)| *x == s) else {
                    continue;
                };
                let candidate = occurrences(&actual.strides, s);
                if entry.1 > candidate {
                    entry.1 -= 1;
                } else if entry.1 == candidate {
                    dropped[i] = false;
                } else {
                    return Err(layout_error());
                }
            }
            if dropped.iter().filter(|&&d| d).count() + rshape.len() != expected.shape.len() {
                return Err(layout_error());
            }
        }
    }
    let kept = strides
        .iter()
        .zip(&dropped)
        .filter(|(_, &d)| !d)
        .map(|(s, _)| *s);
    if !kept.eq(actual.strides.iter().copied()) {
        return Err(layout_error());
    }
    if cx.release >= MlirRelease::V22 {
        in_bounds_slice(cx, op, sshape, [&offsets, &sizes, &steps])?;
    }
    Ok(())
}

/// MLIR 22's `verifyInBoundsSlice`: along each static dimension of the
/// source, a static offset and the last position the slice reaches stay
/// inside it.
fn in_bounds_slice(
    cx: &Cx<'_>,
    op: OpId,
    shape: &[i64],
    [offsets, sizes, strides]: [&[i64]; 3],
) -> R {
    for (i, &dim) in shape.iter().enumerate() {
        let (Some(&offset), Some(&size), Some(&stride)) =
            (offsets.get(i), sizes.get(i), strides.get(i))
        else {
            break;
        };
        if dim < 0 || offset == DYNAMIC {
            continue;
        }
        if offset >= dim {
            return Err(cx.op_diag(
                op,
                format!("offset {i} is out-of-bounds: {offset} >= {dim}"),
            ));
        }
        if size == DYNAMIC || stride == DYNAMIC {
            continue;
        }
        let last = offset.wrapping_add(size.wrapping_sub(1).wrapping_mul(stride));
        if last >= dim {
            return Err(cx.op_diag(
                op,
                format!("slice along dimension {i} runs out-of-bounds: {last} >= {dim}"),
            ));
        }
    }
    Ok(())
}

/// MLIR's `computeRankReductionMask`: the dropped dimensions of `original`
/// (each of size 1) that leave `reduced`, or `None`.
fn rank_reduction(original: &[i64], reduced: &[i64]) -> Option<Vec<usize>> {
    let mut unused = Vec::new();
    let mut r = 0;
    for (i, &o) in original.iter().enumerate() {
        if r < reduced.len() && o == reduced[r] {
            r += 1;
            continue;
        }
        unused.push(i);
        if o != 1 {
            return None;
        }
    }
    (r == reduced.len()).then_some(unused)
}

/// The `reassociation` attribute: groups of dimension indices.
fn reassociation(cx: &Cx<'_>, op: OpId) -> Option<Vec<Vec<i64>>> {
    let ctx = &cx.m.ctx;
    let AttrData::Array(groups) = ctx.attr_data(super::ops::inherent(cx, op, b"reassociation")?)
    else {
        return None;
    };
    groups
        .iter()
        .map(|&g| match ctx.attr_data(g) {
            AttrData::Array(items) => items
                .iter()
                .map(|&i| match ctx.attr_data(i) {
                    AttrData::Integer { words, .. } => words.first().map(|&w| w as i64),
                    _ => None,
                })
                .collect(),
            _ => None,
        })
        .collect()
}

/// `expand_shape` (`expand`) and `collapse_shape`.
fn reshape_like(cx: &Cx<'_>, op: OpId, expand: bool) -> R {
    let ctx = &cx.m.ctx;
    let Some((
        (
            _,
            Parts {
                shape: sshape,
                elem: selem,
                layout: slayout,
                space: sspace,
            },
        ),
        (
            res,
            Parts {
                shape: rshape,
                elem: _,
                layout: _,
                space: _,
            },
        ),
    )) = ranked_pair(cx, op)
    else {
        return Ok(());
    };
    let (r0, r1) = (sshape.len(), rshape.len());
    if expand && r0 > r1 {
        return Err(cx.op_error(
            op,
            format!("has source rank {r0} and result rank {r1}. This is not an expansion ({r0} > {r1})."),
        ));
    }
    if !expand && r0 < r1 {
        return Err(cx.op_error(
            op,
            format!(
                "has source rank {r0} and result rank {r1}. This is not a collapse ({r0} < {r1})."
            ),
        ));
    }
    let Some(groups) = reassociation(cx, op) else {
        return Ok(());
    };
    let (collapsed, expanded) = if expand {
        (sshape, rshape)
    } else {
        (rshape, sshape)
    };
    collapsed_shape(cx, op, collapsed, expanded, &groups)?;
    let identity = strided::is_identity(ctx, slayout);
    let layout = if identity {
        None
    } else if expand {
        let Some(base) = strided::strides_and_offset(ctx, sshape, slayout) else {
            return Err(cx.op_error(op, "invalid source layout map"));
        };
        Some(expanded_layout(&base, rshape, &groups))
    } else {
        match collapsed_layout(ctx, sshape, slayout, &groups) {
            Some(l) => Some(l),
            None => {
                return Err(cx.op_error(
                    op,
                    "invalid source layout map or collapsing non-contiguous dims",
                ))
            }
        }
    };
    let expected = MemRefDesc {
        shape: rshape.to_vec(),
        elem: selem,
        layout,
        space: sspace,
    };
    if MemRefDesc::of(ctx, res).as_ref() != Some(&expected) {
        let what = if expand { "expanded" } else { "collapsed" };
        return Err(cx.op_error(
            op,
            format!(
                "expected {what} type to be {} but found {}",
                expected.quoted(ctx),
                q(cx, res)
            ),
        ));
    }
    if expand {
        let outs = dense_i64(cx, op, b"static_output_shape");
        if outs.len() != rshape.len() {
            return Err(cx.op_error(
                op,
                format!(
                    "expected number of static shape bounds to be equal to the output rank ({}) but found {} inputs instead",
                    rshape.len(),
                    outs.len()
                ),
            ));
        }
        let dynamic = outs.iter().filter(|&&v| v == DYNAMIC).count();
        let given = cx.m.ops[op].operands.len().saturating_sub(1);
        if given != dynamic {
            return Err(cx.op_error(
                op,
                format!(
                    "mismatch in dynamic dims in output_shape and static_output_shape: static_output_shape has {dynamic} dynamic dims while output_shape has {given} values"
                ),
            ));
        }
        for (pos, (&s, &o)) in rshape.iter().zip(&outs).enumerate() {
            if s >= 0 && s != o {
                return Err(cx.op_error(op, format!("invalid output shape provided at pos {pos}")));
            }
        }
    }
    Ok(())
}

/// `verifyCollapsedShape` (several dynamic dimensions per group allowed).
fn collapsed_shape(
    cx: &Cx<'_>,
    op: OpId,
    collapsed: &[i64],
    expanded: &[i64],
    groups: &[Vec<i64>],
) -> R {
    if collapsed.len() != groups.len() {
        return Err(cx.op_error(
            op,
            format!(
                "invalid number of reassociation groups: found {}, expected {}",
                groups.len(),
                collapsed.len()
            ),
        ));
    }
    let mut next = 0i64;
    for (c, group) in groups.iter().enumerate() {
        let mut found_dynamic = false;
        for &e in group {
            if e != next {
                return Err(cx.op_error(op, "reassociation indices must be contiguous"));
            }
            next += 1;
            let Some(&size) = usize::try_from(e).ok().and_then(|i| expanded.get(i)) else {
                return Err(cx.op_error(op, format!("reassociation index {e} is out of bounds")));
            };
            found_dynamic |= size < 0;
        }
        if (collapsed[c] < 0) != found_dynamic {
            return Err(cx.op_error(
                op,
                format!("collapsed dim ({c}) must be dynamic if and only if reassociation group is dynamic"),
            ));
        }
        if !found_dynamic {
            let size = group
                .iter()
                .map(|&e| expanded[e as usize])
                .fold(1i64, |a, b| a.wrapping_mul(b));
            if size != collapsed[c] {
                return Err(cx.op_error(
                    op,
                    format!(
                        "collapsed dim size ({}) must equal reassociation group size ({size})",
                        collapsed[c]
                    ),
                ));
            }
        }
    }
    if collapsed.is_empty() {
        if expanded.iter().any(|&d| d != 1) {
            return Err(cx.op_error(
                op,
                "rank 0 memrefs can only be extended/collapsed with/from ones",
            ));
        }
    } else if next != expanded.len() as i64 {
        return Err(cx.op_error(
            op,
            format!(
                "expanded rank ({}) inconsistent with number of reassociation indices ({next})",
                expanded.len()
            ),
        ));
    }
    Ok(())
}

/// `computeExpandedLayoutMap`.
fn expanded_layout(base: &Strided, shape: &[i64], groups: &[Vec<i64>]) -> Strided {
    let mut reversed = Vec::with_capacity(shape.len());
    let mut index = shape.len();
    for (group, &stride) in groups.iter().zip(&base.strides).rev() {
        let mut current = stride;
        for _ in group {
            reversed.push(current);
            index = index.saturating_sub(1);
            current = mul(current, shape.get(index).copied().and_then(dim));
        }
    }
    let mut strides: Vec<Dyn> = reversed.into_iter().rev().collect();
    strides.resize(shape.len(), Some(1));
    Strided {
        strides,
        offset: base.offset,
    }
}

/// `computeCollapsedLayoutMap` (not strict).
fn collapsed_layout(
    ctx: &crate::context::Context,
    shape: &[i64],
    layout: Option<crate::context::AttrId>,
    groups: &[Vec<i64>],
) -> Option<Strided> {
    let base = strided::strides_and_offset(ctx, shape, layout)?;
    let mut strides = Vec::with_capacity(groups.len());
    for group in groups {
        let mut r: &[i64] = group;
        while r.len() > 1 && r.last().is_some_and(|&l| shape[l as usize] == 1) {
            r = &r[..r.len() - 1];
        }
        let last = *r.last()? as usize;
        if shape[last] >= 0 || r.len() == 1 {
            strides.push(base.strides[last]);
        } else {
            strides.push(None);
        }
    }
    for (i, group) in groups.iter().enumerate().rev() {
        let mut stride = strides[i];
        let mut saturated = stride.is_none();
        for &idx in group.iter().skip(1).rev() {
            stride = mul(stride, dim(shape[idx as usize]));
            saturated |= stride.is_none();
            let src = base.strides[idx as usize - 1];
            if !saturated && src.is_some() && stride != src {
                return None;
            }
        }
    }
    Some(Strided {
        strides,
        offset: base.offset,
    })
}

/// A memref type with its layout and memory space.
type Side = (TypeId, Option<AttrId>, Option<AttrId>);

/// What `view` and `realloc` check first: both layouts the identity, one
/// memory space. `labels`: the layout's word (`map`/`layout`), the source's
/// name, the result's name in the memory-space message.
fn identity_layouts_one_space(
    cx: &Cx<'_>,
    op: OpId,
    (src, slayout, sspace): Side,
    (res, rlayout, rspace): Side,
    (word, source, result): (&str, &str, &str),
) -> R {
    let ctx = &cx.m.ctx;
    if !strided::is_identity(ctx, slayout) {
        return Err(cx.op_diag(
            op,
            format!("unsupported {word} for {source} memref type {}", q(cx, src)),
        ));
    }
    if !strided::is_identity(ctx, rlayout) {
        return Err(cx.op_diag(
            op,
            format!("unsupported {word} for result memref type {}", q(cx, res)),
        ));
    }
    if sspace != rspace {
        return Err(cx.op_diag(
            op,
            format!(
                "different memory spaces specified for {source} memref type {} and {result} memref type {}",
                q(cx, src),
                q(cx, res)
            ),
        ));
    }
    Ok(())
}

fn view(cx: &Cx<'_>, op: OpId) -> R {
    let Some((
        (
            src,
            Parts {
                shape: _,
                elem: _,
                layout: slayout,
                space: sspace,
            },
        ),
        (
            res,
            Parts {
                shape: rshape,
                elem: _,
                layout: rlayout,
                space: rspace,
            },
        ),
    )) = ranked_pair(cx, op)
    else {
        return Ok(());
    };
    let labels = ("map", "base", "view");
    identity_layouts_one_space(
        cx,
        op,
        (src, slayout, sspace),
        (res, rlayout, rspace),
        labels,
    )?;
    let dynamic = rshape.iter().filter(|&&s| s < 0).count();
    let given = cx.m.ops[op].operands.len().saturating_sub(2);
    if given != dynamic {
        if cx.release >= MlirRelease::V22 {
            return Err(super::memref::dynamic_size_count(cx, op, given, dynamic));
        }
        return Err(cx.op_diag(
            op,
            format!("incorrect number of size operands for type {}", q(cx, res)),
        ));
    }
    Ok(())
}

fn reshape(cx: &Cx<'_>, op: OpId) -> R {
    let ctx = &cx.m.ctx;
    let (Some(src), Some(shape), Some(res)) = (ty(cx, op, 0), ty(cx, op, 1), rty(cx, op)) else {
        return Ok(());
    };
    if ctx.element_type(src) != ctx.element_type(res) {
        return Err(cx.op_error(
            op,
            "element types of source and destination memref types should be the same",
        ));
    }
    if let Some(Parts {
        shape: _,
        elem: _,
        layout,
        space: _,
    }) = strided::parts(ctx, src)
    {
        if !strided::is_identity(ctx, layout) {
            return Err(cx.op_error(op, "source memref type should have identity affine map"));
        }
    }
    let length = strided::parts(ctx, shape).and_then(|p| p.shape.first().copied());
    if let Some(Parts {
        shape: rshape,
        elem: _,
        layout,
        space: _,
    }) = strided::parts(ctx, res)
    {
        if !strided::is_identity(ctx, layout) {
            return Err(cx.op_error(op, "result memref type should have identity affine map"));
        }
        match length {
            Some(l) if l < 0 => {
                return Err(cx.op_error(
                    op,
                    "cannot use shape operand with dynamic length to reshape to statically-ranked memref type",
                ))
            }
            Some(l) if l as usize != rshape.len() => {
                return Err(cx.op_error(
                    op,
                    "length of shape operand differs from the result's memref rank",
                ))
            }
            _ => {}
        }
    }
    Ok(())
}

fn realloc(cx: &Cx<'_>, op: OpId) -> R {
    let Some((
        (
            src,
            Parts {
                shape: _,
                elem: selem,
                layout: slayout,
                space: sspace,
            },
        ),
        (
            res,
            Parts {
                shape: rshape,
                elem: relem,
                layout: rlayout,
                space: rspace,
            },
        ),
    )) = ranked_pair(cx, op)
    else {
        return Ok(());
    };
    let labels = ("layout", "source", "result");
    identity_layouts_one_space(
        cx,
        op,
        (src, slayout, sspace),
        (res, rlayout, rspace),
        labels,
    )?;
    if selem != relem {
        return Err(cx.op_diag(
            op,
            format!(
                "different element types specified for source memref type {} and result memref type {}",
                q(cx, src),
                q(cx, res)
            ),
        ));
    }
    let dynamic = rshape.iter().any(|&s| s < 0);
    let given = cx.m.ops[op].operands.len() > 1;
    if dynamic && !given {
        return Err(cx.op_diag(
            op,
            format!("missing dimension operand for result type {}", q(cx, res)),
        ));
    }
    if !dynamic && given {
        return Err(cx.op_diag(
            op,
            format!(
                "unnecessary dimension operand for result type {}",
                q(cx, res)
            ),
        ));
    }
    Ok(())
}

/// A canonical layout, as `canonicalizeStridedLayout` leaves it: none (the
/// identity), an affine map kept as written, or strides and an offset.
enum Canon {
    Identity,
    Map(AttrId),
    Strided(Strided),
}

/// The canonical form of a strided description of a memref of `shape`:
/// contiguous row-major with offset 0 is the identity.
fn canon_strided(shape: &[i64], s: Strided) -> Canon {
    let id = strided::identity(shape);
    if !shape.is_empty() && s == id {
        Canon::Identity
    } else {
        Canon::Strided(s)
    }
}

fn canon_of(cx: &Cx<'_>, shape: &[i64], layout: Option<AttrId>) -> Option<Canon> {
    let ctx = &cx.m.ctx;
    let Some(l) = layout else {
        return Some(Canon::Identity);
    };
    match ctx.attr_data(l) {
        AttrData::AffineMap(_) if strided::is_identity(ctx, Some(l)) => Some(Canon::Identity),
        AttrData::AffineMap(_) => Some(Canon::Map(l)),
        _ => Some(canon_strided(
            shape,
            strided::strides_and_offset(ctx, shape, Some(l))?,
        )),
    }
}

/// Whether two canonical layouts are the same (an affine map against
/// strides: the same terms, symbols numbered as MLIR numbers a strided
/// layout's).
fn same_canon(cx: &Cx<'_>, shape: &[i64], a: &Canon, b: &Canon) -> bool {
    let ctx = &cx.m.ctx;
    let terms = |l: AttrId| match ctx.attr_data(l) {
        AttrData::AffineMap(t) => AffineMap::parse(&ctx.str(*t)).and_then(|m| m.terms()),
        _ => None,
    };
    let strided_terms = |c: &Canon| match c {
        Canon::Identity => {
            let id = strided::identity(shape);
            Some(crate::affine::strided_terms(&id.strides, id.offset))
        }
        Canon::Strided(s) => Some(crate::affine::strided_terms(&s.strides, s.offset)),
        Canon::Map(l) => terms(*l),
    };
    match (a, b) {
        (Canon::Identity, Canon::Identity) => true,
        (Canon::Strided(x), Canon::Strided(y)) => x == y,
        (Canon::Map(x), Canon::Map(y)) if x == y => true,
        _ => match (strided_terms(a), strided_terms(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        },
    }
}

/// The memref type text with a canonical layout.
fn canon_text(
    cx: &Cx<'_>,
    shape: &[i64],
    elem: TypeId,
    c: &Canon,
    space: Option<AttrId>,
) -> String {
    let ctx = &cx.m.ctx;
    let mut s = String::from("'memref<");
    for &d in shape {
        if d < 0 {
            s.push('?');
        } else {
            s.push_str(&d.to_string());
        }
        s.push('x');
    }
    s.push_str(&type_to_string(ctx, elem));
    match c {
        Canon::Identity => {}
        Canon::Map(l) => {
            s.push_str(", ");
            s.push_str(&crate::printer::attr_to_string(ctx, *l));
        }
        Canon::Strided(st) => {
            s.push_str(", ");
            s.push_str(&crate::affine::strided_layout_map(&st.strides, st.offset));
        }
    }
    if let Some(space) = space {
        s.push_str(", ");
        s.push_str(&crate::printer::attr_to_string(ctx, space));
    }
    s.push_str(">'");
    s
}

/// `memref.transpose`: a permutation of the input's rank, and a result
/// type equal, once canonicalized, to the input's sizes and strides
/// permuted.
fn transpose(cx: &Cx<'_>, op: OpId) -> R {
    let ctx = &cx.m.ctx;
    let Some(a) = super::ops::inherent(cx, op, b"permutation") else {
        return Ok(());
    };
    let AttrData::AffineMap(text) = ctx.attr_data(a) else {
        return Ok(());
    };
    let Some(map) = AffineMap::parse(&ctx.str(*text)) else {
        return Ok(());
    };
    let Some(perm) = map.permutation() else {
        return Err(cx.op_error(op, "expected a permutation map"));
    };
    let Some(((_, sp), (rt, rp))) = ranked_pair(cx, op) else {
        return Ok(());
    };
    if perm.len() != sp.shape.len() {
        return Err(cx.op_error(op, "expected a permutation map of same rank as the input"));
    }
    let Some(src) = strided::strides_and_offset(ctx, sp.shape, sp.layout) else {
        return Ok(());
    };
    let shape: Vec<i64> = perm.iter().map(|&i| sp.shape[i]).collect();
    let inferred = canon_strided(
        &shape,
        Strided {
            strides: perm.iter().map(|&i| src.strides[i]).collect(),
            offset: src.offset,
        },
    );
    let Some(result) = canon_of(cx, rp.shape, rp.layout) else {
        return Ok(());
    };
    let same = rp.shape == shape.as_slice()
        && rp.elem == sp.elem
        && rp.space == sp.space
        && same_canon(cx, &shape, &result, &inferred);
    if same {
        return Ok(());
    }
    Err(cx.op_error(
        op,
        format!(
            "result type '{}' is not equivalent to the canonical transposed input type {}",
            type_to_string(ctx, rt),
            canon_text(cx, &shape, sp.elem, &inferred, sp.space)
        ),
    ))
}

/// `memref.extract_strided_metadata`'s `InferTypeOpInterface`: the results
/// are a rank-0 base buffer of the source's element type and memory space,
/// then the offset and one size and one stride per dimension, all `index`.
fn extract_strided_metadata(cx: &Cx<'_>, op: OpId) -> R {
    let ctx = &cx.m.ctx;
    let Some(sp) = ty(cx, op, 0).and_then(|t| strided::parts(ctx, t)) else {
        return Ok(());
    };
    let results: Vec<TypeId> = cx.m.ops[op]
        .results
        .iter()
        .map(|&v| cx.m.values[v].ty)
        .collect();
    let is_index = |t: &TypeId| matches!(ctx.type_data(*t), TypeData::Index);
    let base_ok = |t: TypeId| {
        strided::parts(ctx, t).is_some_and(|p| {
            p.shape.is_empty()
                && p.elem == sp.elem
                && p.space == sp.space
                && strided::is_identity(ctx, p.layout)
        })
    };
    let rank = sp.shape.len();
    if results.len() == 2 + 2 * rank && base_ok(results[0]) && results[1..].iter().all(is_index) {
        return Ok(());
    }
    let space = sp.space.map_or(String::new(), |s| {
        format!(", {}", type_param_to_string(ctx, s))
    });
    let mut want = vec![format!("'memref<{}{space}>'", type_to_string(ctx, sp.elem))];
    want.extend(std::iter::repeat_n("'index'".to_string(), 1 + 2 * rank));
    let got: Vec<String> = results.iter().map(|&t| q(cx, t)).collect();
    Err(super::ops::inferred_mismatch(
        cx,
        op,
        &want.join(", "),
        &got.join(", "),
    ))
}
