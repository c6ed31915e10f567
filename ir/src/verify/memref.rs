//! The memref ops' own verifiers (MLIR's `MemRefOps.cpp`), run after the
//! op's declared constraints and traits, as MLIR runs them.

use super::ops::{int_value, segment};
use super::strided::{strides_and_offset, Strided};
use super::Cx;
use crate::context::{AttrData, AttrId, Context, TypeData, TypeId};
use crate::dialect::{MlirRelease, OpDef};
use crate::ir::OpId;
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

/// The verifier of a memref op, by name (ops with none pass).
pub(crate) fn check(cx: &Cx<'_>, def: &OpDef, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let ctx = &m.ctx;
    let ty = |i: usize| d.operands.get(i).map(|&v| m.values[v].ty);
    let rty = |i: usize| d.results.get(i).map(|&v| m.values[v].ty);
    let name = ctx.bytes(d.name);
    super::memref_views::check(cx, op, name)?;
    match name {
        b"memref.alloc" | b"memref.alloca" => {
            if name == b"memref.alloca" && !has_allocation_scope(cx, op) {
                return Err(cx.op_error(
                    op,
                    "requires an ancestor op with AutomaticAllocationScope trait",
                ));
            }
            let Some(t) = rty(0) else { return Ok(()) };
            let TypeData::MemRef { shape, layout, .. } = ctx.type_data(t) else {
                return Ok(());
            };
            let dynamic = shape.iter().filter(|&&s| s < 0).count();
            let sizes = segment(cx, op, 0);
            if sizes != dynamic {
                if cx.release >= MlirRelease::V22 {
                    return Err(dynamic_size_count(cx, op, sizes, dynamic));
                }
                return Err(cx.op_error(
                    op,
                    "dimension operand count does not equal memref dynamic dimension count",
                ));
            }
            let symbols = match layout {
                // A strided layout's map has one symbol per dynamic value.
                Some(l) if matches!(ctx.attr_data(*l), AttrData::Strided(_)) => {
                    match strides_and_offset(ctx, shape, Some(*l)) {
                        Some(Strided { strides, offset }) => {
                            strides.iter().filter(|s| s.is_none()).count()
                                + usize::from(offset.is_none())
                        }
                        None => 0,
                    }
                }
                Some(l) => layout_symbols(ctx, *l).unwrap_or(0),
                None => 0,
            };
            let given = segment(cx, op, 1);
            if given != symbols {
                return Err(cx.op_error(
                    op,
                    format!(
                        "symbol operand count does not equal memref symbol count: expected {symbols}, got {given}"
                    ),
                ));
            }
        }
        b"memref.load" => {
            let Some(rank) = ty(0).and_then(|t| rank(ctx, t)) else {
                return Ok(());
            };
            let got = d.operands.len() - 1;
            if got != rank {
                return Err(cx.op_error(
                    op,
                    format!("incorrect number of indices for load, expected {rank} but got {got}"),
                ));
            }
        }
        b"memref.store" => {
            let Some(rank) = ty(1).and_then(|t| rank(ctx, t)) else {
                return Ok(());
            };
            if d.operands.len() != 2 + rank {
                return Err(cx.op_error(op, "store index operand count not equal to memref rank"));
            }
        }
        b"memref.atomic_rmw" => {
            let Some(rank) = ty(1).and_then(|t| rank(ctx, t)) else {
                return Ok(());
            };
            if d.operands.len() != 2 + rank {
                return Err(cx.op_error(
                    op,
                    "expects the number of subscripts to be equal to memref rank",
                ));
            }
            let kind = super::ops::inherent(cx, op, b"kind").and_then(|a| match ctx.attr_data(a) {
                AttrData::Integer { words, .. } => words.first().copied(),
                _ => None,
            });
            let Some(vt) = ty(0) else { return Ok(()) };
            // The kind's keyword from the release's enum (MLIR 22
            // renumbered the cases and added `xori`).
            let names = def.attr(b"kind").map_or(&[][..], |a| &a.case_names[..]);
            let Some(name) = kind.and_then(|k| names.get(usize::try_from(k).ok()?)) else {
                return Ok(());
            };
            let name: &str = name;
            let is_float = matches!(ctx.type_data(vt), TypeData::Float(_));
            // `maxnumf` and `minnumf` are not checked (at 19 or 22).
            let wants_float = matches!(name, "addf" | "maximumf" | "minimumf" | "mulf");
            let wants_int = matches!(
                name,
                "addi" | "maxs" | "maxu" | "mins" | "minu" | "muli" | "ori" | "xori" | "andi"
            );
            if wants_float && !is_float {
                return Err(cx.op_error(
                    op,
                    format!("with kind '{name}' expects a floating-point type"),
                ));
            }
            if wants_int && !matches!(ctx.type_data(vt), TypeData::Integer { .. }) {
                return Err(cx.op_error(op, format!("with kind '{name}' expects an integer type")));
            }
        }
        b"memref.dma_start" => dma_start(cx, op)?,
        b"memref.dma_wait" => {
            let Some(rank) = ty(0).and_then(|t| rank(ctx, t)) else {
                return Ok(());
            };
            let got = d.operands.len().saturating_sub(2);
            if got != rank {
                return Err(cx.op_error(
                    op,
                    format!(
                        "expected tagIndices to have the same number of elements as the tagMemRef rank, expected {rank}, but got {got}"
                    ),
                ));
            }
        }
        b"memref.prefetch" => {
            let Some(rank) = ty(0).and_then(|t| rank(ctx, t)) else {
                return Ok(());
            };
            if d.operands.len() != 1 + rank {
                return Err(cx.op_error(op, "too few indices"));
            }
        }
        b"memref.generic_atomic_rmw" => generic_atomic_rmw(cx, op)?,
        b"memref.atomic_yield" => {
            let parent = m.parent_op(op).and_then(|p| m.ops[p].results.first());
            let (Some(&pv), Some(t)) = (parent, ty(0)) else {
                return Ok(());
            };
            let pt = m.values[pv].ty;
            if pt != t {
                return Err(cx.op_error(
                    op,
                    format!(
                        "types mismatch between yield op: '{}' and its parent: '{}'",
                        type_to_string(ctx, t),
                        type_to_string(ctx, pt)
                    ),
                ));
            }
        }
        b"memref.global" => global(cx, op)?,
        // Only in MLIR 22.
        b"memref.distinct_objects" => {
            let types =
                |vs: &[crate::ir::ValueId]| vs.iter().map(|&v| m.values[v].ty).collect::<Vec<_>>();
            if types(&d.operands) != types(&d.results) {
                return Err(cx.op_error(op, "operand types and result types must match"));
            }
            if d.operands.is_empty() {
                return Err(cx.op_error(op, "expected at least one operand"));
            }
        }
        b"memref.assume_alignment" => {
            let a = super::ops::inherent(cx, op, b"alignment").and_then(|a| int_value(cx, a));
            if a.is_some_and(|a| !(a as u32).is_power_of_two()) {
                return Err(cx.op_error(op, "alignment must be power of 2"));
            }
        }
        b"memref.cast" => {
            let (Some(a), Some(b)) = (ty(0), rty(0)) else {
                return Ok(());
            };
            if !cast_compatible(ctx, a, b) {
                return Err(cx.op_error(
                    op,
                    format!(
                        "operand type '{}' and result type '{}' are cast incompatible",
                        type_to_string(ctx, a),
                        type_to_string(ctx, b)
                    ),
                ));
            }
        }
        b"memref.copy" => {
            let (Some(a), Some(b)) = (ty(0), ty(1)) else {
                return Ok(());
            };
            if ctx.element_type(a) != ctx.element_type(b) {
                return Err(cx.op_error(op, "requires the same element type for all operands"));
            }
            if let (Some(x), Some(y)) = (shape(ctx, a), shape(ctx, b)) {
                let same =
                    x.len() == y.len() && x.iter().zip(y).all(|(&p, &q)| p == q || p < 0 || q < 0);
                if !same {
                    return Err(cx.op_error(op, "requires the same shape for all operands"));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

/// MLIR 22's `verifyDynamicDimensionCount` (alloc, alloca, view): `given`
/// size operands for a type with `dynamic` dynamic dimensions.
pub(super) fn dynamic_size_count(
    cx: &Cx<'_>,
    op: OpId,
    given: usize,
    dynamic: usize,
) -> Diagnostic {
    cx.op_error(
        op,
        format!("incorrect number of dynamic sizes, has {given}, expected {dynamic}"),
    )
}

/// MLIR's `DmaStartOp::verify`: the operands read by position, each
/// memref's rank telling how many indices follow it.
fn dma_start(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let ops = &m.ops[op].operands;
    let n = ops.len();
    let t = |i: usize| m.values[ops[i]].ty;
    let is_index = |i: usize| matches!(ctx.type_data(t(i)), TypeData::Index);
    let all_index = |r: std::ops::Range<usize>| r.into_iter().all(is_index);
    let err = |msg: String| Err(cx.op_error(op, msg));
    if n < 4 {
        return err("expected at least 4 operands".into());
    }
    let Some(src_rank) = rank(ctx, t(0)) else {
        return err("expected source to be of memref type".into());
    };
    if n < src_rank + 4 {
        return err(format!("expected at least {} operands", src_rank + 4));
    }
    if !all_index(1..1 + src_rank) {
        return err("expected source indices to be of index type".into());
    }
    let Some(dst_rank) = rank(ctx, t(src_rank + 1)) else {
        return err("expected destination to be of memref type".into());
    };
    let mut expected = src_rank + dst_rank + 4;
    if n < expected {
        return err(format!("expected at least {expected} operands"));
    }
    if !all_index(src_rank + 2..src_rank + 2 + dst_rank) {
        return err("expected destination indices to be of index type".into());
    }
    if !is_index(src_rank + dst_rank + 2) {
        return err("expected num elements to be of index type".into());
    }
    let Some(tag_rank) = rank(ctx, t(src_rank + dst_rank + 3)) else {
        return err("expected tag to be of memref type".into());
    };
    expected += tag_rank;
    if n < expected {
        return err(format!("expected at least {expected} operands"));
    }
    if !all_index(src_rank + dst_rank + 4..expected) {
        return err("expected tag indices to be of index type".into());
    }
    if n != expected && n != expected + 2 {
        return err("incorrect number of operands".into());
    }
    if n == expected + 2 && !all_index(expected..n) {
        return err("expected stride and num elements per stride to be of type index".into());
    }
    Ok(())
}

/// MLIR's `GenericAtomicRMWOp::verify`: one entry argument of the result
/// type, and a body of ops with no memory effects.
fn generic_atomic_rmw(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let Some(&r) = d.regions.first() else {
        return Ok(());
    };
    let Some(&entry) = m.regions[r].blocks.first() else {
        return Ok(());
    };
    let args = &m.blocks[entry].args;
    if args.len() != 1 {
        return Err(cx.op_error(op, "expected single number of entry block arguments"));
    }
    if let Some(&res) = d.results.first() {
        if m.values[res].ty != m.values[args[0]].ty {
            return Err(cx.op_error(op, "expected block argument of the same type result type"));
        }
    }
    // Pre-order over the nested ops, as MLIR's walk.
    let mut stack: Vec<OpId> = Vec::new();
    let push_region = |stack: &mut Vec<OpId>, r: crate::ir::RegionId| {
        for &b in m.regions[r].blocks.iter().rev() {
            stack.extend(m.blocks[b].ops.iter().rev().copied());
        }
    };
    push_region(&mut stack, r);
    while let Some(o) = stack.pop() {
        if !cx.traits(o).memory_effect_free {
            return Err(cx.op_diag(
                o,
                "body of 'memref.generic_atomic_rmw' should contain only operations with no side effects",
            ));
        }
        for &nr in m.ops[o].regions.iter().rev() {
            push_region(&mut stack, nr);
        }
    }
    Ok(())
}

/// `GlobalOp::verify`.
fn global(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = &cx.m.ctx;
    let Some(t) = super::ops::inherent(cx, op, b"type").and_then(|a| match ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }) else {
        return Ok(());
    };
    let Some(shape) = shape(ctx, t).filter(|s| s.iter().all(|&d| d >= 0)) else {
        return Err(cx.op_error(
            op,
            format!(
                "type should be static shaped memref, but got '{}'",
                type_to_string(ctx, t)
            ),
        ));
    };
    if let Some(init) = super::ops::inherent(cx, op, b"initial_value") {
        let elements = match ctx.attr_data(init) {
            AttrData::Unit => None,
            AttrData::Dense { ty, .. }
            | AttrData::DenseResource { ty, .. }
            | AttrData::Sparse { ty, .. } => Some(*ty),
            _ => {
                return Err(cx.op_error(
                    op,
                    format!(
                        "initial value should be a unit or elements attribute, but got {}",
                        crate::printer::attr_to_string(ctx, init)
                    ),
                ))
            }
        };
        if let (Some(init_ty), true) = (elements, cx.release >= MlirRelease::V22) {
            initial_value_22(cx, op, t, shape, init_ty)?;
        } else if let Some(init_ty) = elements {
            let ok = match ctx.type_data(init_ty) {
                TypeData::RankedTensor {
                    shape: ts,
                    elem,
                    encoding: None,
                } => **ts == *shape && Some(*elem) == ctx.element_type(t),
                _ => false,
            };
            if !ok {
                let elem = ctx
                    .element_type(t)
                    .map_or(String::new(), |e| type_to_string(ctx, e));
                let dims: String = shape.iter().map(|d| format!("{d}x")).collect();
                return Err(cx.op_error(
                    op,
                    format!(
                        "initial value expected to be of type 'tensor<{dims}{elem}>', but was of type '{}'",
                        type_to_string(ctx, init_ty)
                    ),
                ));
            }
        }
    }
    if let Some(a) = super::ops::inherent(cx, op, b"alignment").and_then(|a| int_value(cx, a)) {
        if !(a as u64).is_power_of_two() {
            return Err(cx.op_diag(
                op,
                format!("alignment attribute value {} is not a power of 2", a as u64),
            ));
        }
    }
    Ok(())
}

/// MLIR 22's check of a global's elements initial value: its element type,
/// then its shape (its encoding no longer matters).
fn initial_value_22(
    cx: &Cx<'_>,
    op: OpId,
    t: TypeId,
    shape: &[i64],
    init_ty: TypeId,
) -> Result<(), Diagnostic> {
    let ctx = &cx.m.ctx;
    let (Some(elem), Some(init_elem)) = (ctx.element_type(t), ctx.element_type(init_ty)) else {
        return Ok(());
    };
    if elem != init_elem {
        return Err(cx.op_error(
            op,
            format!(
                "initial value element expected to be of type '{}', but was of type '{}'",
                type_to_string(ctx, elem),
                type_to_string(ctx, init_elem)
            ),
        ));
    }
    let init_shape: &[i64] = match ctx.type_data(init_ty) {
        TypeData::RankedTensor { shape, .. } | TypeData::Vector { shape, .. } => shape,
        _ => &[],
    };
    if init_shape != shape {
        let list = |s: &[i64]| s.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        return Err(cx.op_error(
            op,
            format!(
                "initial value shape expected to be {} but was {}",
                list(shape),
                list(init_shape)
            ),
        ));
    }
    Ok(())
}

/// `GetGlobalOp::verifySymbolUses`: `global` is the referenced name and
/// the op it names in the nearest symbol table, if any.
pub(crate) fn check_get_global(
    cx: &Cx<'_>,
    op: OpId,
    global: Option<(&[u8], Option<OpId>)>,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let Some((name, found)) = global else {
        return Ok(());
    };
    let name = String::from_utf8_lossy(name);
    let g = found.filter(|&g| ctx.bytes(m.ops[g].name) == b"memref.global");
    let Some(g) = g else {
        return Err(cx.op_error(
            op,
            format!("'{name}' does not reference a valid global memref"),
        ));
    };
    let gt = super::ops::inherent(cx, g, b"type").and_then(|a| match ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    });
    let rt = m.ops[op].results.first().map(|&v| m.values[v].ty);
    if let (Some(gt), Some(rt)) = (gt, rt) {
        if gt != rt {
            return Err(cx.op_error(
                op,
                format!(
                    "result type '{}' does not match type '{}' of the global memref @{name}",
                    type_to_string(ctx, rt),
                    type_to_string(ctx, gt)
                ),
            ));
        }
    }
    Ok(())
}

fn rank(ctx: &Context, t: TypeId) -> Option<usize> {
    shape(ctx, t).map(<[i64]>::len)
}

fn shape(ctx: &Context, t: TypeId) -> Option<&[i64]> {
    match ctx.type_data(t) {
        TypeData::MemRef { shape, .. } => Some(shape),
        _ => None,
    }
}

/// The number of symbols of an affine-map layout (`(d0)[s0, s1] -> ...`);
/// `None` for other layouts.
fn layout_symbols(ctx: &Context, layout: AttrId) -> Option<usize> {
    let AttrData::AffineMap(text) = ctx.attr_data(layout) else {
        return None;
    };
    let text = ctx.bytes(*text);
    let head = &text[..text.windows(2).position(|w| w == b"->")?];
    let open = head.iter().position(|&c| c == b'[')?;
    let close = head.iter().rposition(|&c| c == b']')?;
    let inner = head.get(open + 1..close)?;
    if inner.iter().all(u8::is_ascii_whitespace) {
        return Some(0);
    }
    Some(inner.iter().filter(|&&c| c == b',').count() + 1)
}

/// `memref.cast`'s `areCastCompatible`.
fn cast_compatible(ctx: &Context, a: TypeId, b: TypeId) -> bool {
    let compatible = |x: Option<i64>, y: Option<i64>| x.is_none() || y.is_none() || x == y;
    match (ctx.type_data(a), ctx.type_data(b)) {
        (
            TypeData::MemRef {
                shape: sa,
                elem: ea,
                layout: la,
                space: pa,
            },
            TypeData::MemRef {
                shape: sb,
                elem: eb,
                layout: lb,
                space: pb,
            },
        ) => {
            if ea != eb || pa != pb || sa.len() != sb.len() {
                return false;
            }
            if la != lb {
                let (
                    Some(Strided {
                        strides: xa,
                        offset: oa,
                    }),
                    Some(Strided {
                        strides: xb,
                        offset: ob,
                    }),
                ) = (
                    strides_and_offset(ctx, sa, *la),
                    strides_and_offset(ctx, sb, *lb),
                )
                else {
                    return false;
                };
                if !compatible(oa, ob) || xa.len() != xb.len() {
                    return false;
                }
                if xa.iter().zip(&xb).any(|(&x, &y)| !compatible(x, y)) {
                    return false;
                }
            }
            sa.iter()
                .zip(sb.iter())
                .all(|(&x, &y)| x == y || x < 0 || y < 0)
        }
        (
            TypeData::MemRef {
                elem: ea,
                space: pa,
                ..
            },
            TypeData::UnrankedMemRef {
                elem: eb,
                space: pb,
            },
        )
        | (
            TypeData::UnrankedMemRef {
                elem: ea,
                space: pa,
            },
            TypeData::MemRef {
                elem: eb,
                space: pb,
                ..
            },
        ) => ea == eb && pa == pb,
        _ => false,
    }
}

/// Whether some ancestor of `op` has `AutomaticAllocationScope`
/// (`getParentWithTrait`).
fn has_allocation_scope(cx: &Cx<'_>, op: OpId) -> bool {
    let mut at = cx.m.parent_op(op);
    while let Some(p) = at {
        if cx.traits(p).allocation_scope {
            return true;
        }
        at = cx.m.parent_op(p);
    }
    false
}
