//! The arith ops' own verifiers (MLIR's `ArithOps.cpp`), run after the op's
//! declared constraints and traits as MLIR runs them: `CastOpInterface`'s
//! `areCastCompatible` of each cast and `arith.constant`'s value rules.

use super::ops::{compatible_shapes, is_i1_same_shape, shape_of};
use super::Cx;
use crate::context::{AttrData, TypeData, TypeId};
use crate::ir::OpId;
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Int,
    Index,
    Float,
}

/// Which containers a cast looks through (`getTypeIfLike` vs
/// `getTypeIfLikeOrMemRef`).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Through {
    VectorTensor,
    AlsoMemRef,
}

/// The scalar under `t` (itself, or the element type of an allowed shaped
/// type) as `(kind, width)`; `None` for other shaped types or other scalars.
fn underlying(cx: &Cx<'_>, t: TypeId, through: Through) -> Option<(Kind, u32)> {
    let ctx = &cx.m.ctx;
    let elem = match ctx.type_data(t) {
        TypeData::Vector { elem, .. }
        | TypeData::RankedTensor { elem, .. }
        | TypeData::UnrankedTensor { elem } => *elem,
        TypeData::MemRef { elem, .. } | TypeData::UnrankedMemRef { elem, .. } => {
            if through == Through::VectorTensor {
                return None;
            }
            *elem
        }
        _ => t,
    };
    match ctx.type_data(elem) {
        TypeData::Integer { width, .. } => Some((Kind::Int, *width)),
        TypeData::Index => Some((Kind::Index, 64)),
        TypeData::Float(k) => Some((Kind::Float, k.bit_width())),
        _ => None,
    }
}

/// `getTypeDimensions`: a ranked shaped type's sizes, else none.
///
/// Only ranked tensors count: mlir-opt-19 reports a vector or memref size
/// mismatch as "requires the same shape" (checked against it for extf,
/// extsi, index_cast and bitcast), a tensor one as "same tensor dimensions".
fn dims<'c>(cx: &'c Cx<'_>, t: TypeId) -> &'c [i64] {
    match cx.m.ctx.type_data(t) {
        TypeData::RankedTensor { shape, .. } => shape,
        _ => &[],
    }
}

/// Whether a cast from the first (kind, width) to the second is allowed.
type CastRule = fn(Option<(Kind, u32)>, Option<(Kind, u32)>) -> bool;

/// The type rule and the shapes looked through of the arith cast `name`.
fn cast_rule(name: &[u8]) -> Option<(Through, CastRule)> {
    Some(match name {
        b"arith.extui" | b"arith.extsi" => (
            Through::VectorTensor,
            |a, b| matches!((a, b), (Some((Kind::Int, x)), Some((Kind::Int, y))) if x < y),
        ),
        b"arith.trunci" => (
            Through::VectorTensor,
            |a, b| matches!((a, b), (Some((Kind::Int, x)), Some((Kind::Int, y))) if x > y),
        ),
        b"arith.extf" | b"arith.scaling_extf" => (
            Through::VectorTensor,
            |a, b| matches!((a, b), (Some((Kind::Float, x)), Some((Kind::Float, y))) if x < y),
        ),
        b"arith.truncf" | b"arith.scaling_truncf" => (
            Through::VectorTensor,
            |a, b| matches!((a, b), (Some((Kind::Float, x)), Some((Kind::Float, y))) if x > y),
        ),
        b"arith.uitofp" | b"arith.sitofp" => (Through::VectorTensor, |a, b| {
            matches!((a, b), (Some((Kind::Int, _)), Some((Kind::Float, _))))
        }),
        b"arith.fptoui" | b"arith.fptosi" => (Through::VectorTensor, |a, b| {
            matches!((a, b), (Some((Kind::Float, _)), Some((Kind::Int, _))))
        }),
        b"arith.index_cast" | b"arith.index_castui" => (Through::AlsoMemRef, |a, b| {
            matches!(
                (a, b),
                (Some((Kind::Index, _)), Some((Kind::Int, _)))
                    | (Some((Kind::Int, _)), Some((Kind::Index, _)))
            )
        }),
        // index.casts/castu: exactly one side is `index`.
        b"index.casts" | b"index.castu" => (Through::VectorTensor, |a, b| {
            matches!(
                (a, b),
                (Some((Kind::Index, _)), Some((Kind::Int, _)))
                    | (Some((Kind::Int, _)), Some((Kind::Index, _)))
            )
        }),
        b"arith.bitcast" => (
            Through::AlsoMemRef,
            |a, b| matches!((a, b), (Some((_, x)), Some((_, y))) if x == y),
        ),
        _ => return None,
    })
}

/// `arith.constant`'s and `arith.select`'s verifiers, after the traits.
pub(crate) fn check(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    match m.ctx.bytes(m.ops[op].name) {
        b"arith.constant" => check_constant(cx, op),
        b"arith.select" => select(cx, op),
        _ => Ok(()),
    }
}

/// The `CastOpInterface` trait of the arith and index casts:
/// `'arith.extsi' op operand type 'i32' and result type 'i16' are cast
/// incompatible` when the types are.
pub(crate) fn check_cast(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let name = m.ctx.bytes(d.name);
    let Some((through, rule)) = cast_rule(name) else {
        return Ok(());
    };
    // `$in` is the first operand (the op's counts were checked before its
    // traits); the scaling casts' `$scale` takes no part in the rule, but
    // the message lists every operand type.
    let (Some(&from), &[to]) = (d.operands.first(), &d.results[..]) else {
        return Ok(());
    };
    let (ft, tt) = (m.values[from].ty, m.values[to].ty);
    // `areValidCastInputsAndOutputs` (arith's casts only): two ranked
    // tensors must have the same encoding, and the shapes must be
    // compatible (for the casts with `SameOperandsAndResultShape`, listed
    // before this trait, they already are).
    let arith = name.starts_with(b"arith.");
    let encoding = |t: TypeId| match m.ctx.type_data(t) {
        TypeData::RankedTensor { encoding, .. } => Some(*encoding),
        _ => None,
    };
    let same_encoding = !arith
        || match (encoding(ft), encoding(tt)) {
            (Some(a), Some(b)) => a == b,
            _ => true,
        };
    let same_shape = !arith || compatible_shapes(&m.ctx, &[ft, tt]);
    let ok = same_encoding
        && same_shape
        && rule(underlying(cx, ft, through), underlying(cx, tt, through));
    if ok {
        return Ok(());
    }
    let operands = d
        .operands
        .iter()
        .map(|&v| format!("'{}'", type_to_string(&m.ctx, m.values[v].ty)))
        .collect::<Vec<_>>()
        .join(", ");
    let s = if d.operands.len() == 1 { "" } else { "s" };
    Err(cx.op_error(
        op,
        format!(
            "operand type{s} {operands} and result type '{}' are cast incompatible",
            type_to_string(&m.ctx, tt)
        ),
    ))
}

/// Every arith cast declares `SameInputOutputTensorDims`, an ODS predicate
/// checked with the op's invariants (its `SameOperandsAndResultShape` trait
/// comes after them).
pub(crate) fn check_pred(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    if m.ctx.bytes(d.name) == b"arith.select" {
        return select_pred(cx, op);
    }
    if cast_rule(m.ctx.bytes(d.name)).is_none() {
        return Ok(());
    }
    // `$in` is the first operand (the scaling casts' second is `$scale`).
    let (Some(&from), &[to]) = (d.operands.first(), &d.results[..]) else {
        return Ok(());
    };
    if dims(cx, m.values[from].ty) != dims(cx, m.values[to].ty) {
        return Err(cx.op_error(
            op,
            "failed to verify that input and output have the same tensor dimensions",
        ));
    }
    Ok(())
}

/// `arith.select`'s `BooleanConditionOrMatchingShape`: the condition is
/// `i1`, or shaped like the result (MLIR compares `ShapedType` shapes; an
/// unranked tensor's is empty).
fn select_pred(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let (Some(&c), Some(&r)) = (d.operands.first(), d.results.first()) else {
        return Ok(());
    };
    let (ct, rt) = (m.values[c].ty, m.values[r].ty);
    let dims = |t| shape_of(&m.ctx, t).map(|s| s.unwrap_or(&[]));
    if is_i1(cx, ct) || dims(ct).zip(dims(rt)).is_some_and(|(a, b)| a == b) {
        return Ok(());
    }
    Err(cx.op_error(
        op,
        "failed to verify that condition is signless i1 or has matching shape",
    ))
}

/// `arith.select`'s verifier: a non-`i1` condition is the result's shaped
/// type with `i1` elements (MLIR's `getI1SameShape`, encoding and scalable
/// dimensions kept).
fn select(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let (Some(&c), Some(&r)) = (d.operands.first(), d.results.first()) else {
        return Ok(());
    };
    let (ct, rt) = (m.values[c].ty, m.values[r].ty);
    if is_i1(cx, ct) {
        return Ok(());
    }
    let ty = |t| format!("'{}'", crate::printer::type_to_string(&m.ctx, t));
    // getI1SameShape(result), spelled out: the verifier cannot create types.
    let expected = match m.ctx.type_data(rt) {
        TypeData::Vector {
            shape, scalable, ..
        } => {
            let dims: String = shape
                .iter()
                .zip(scalable.iter())
                .map(|(&n, &sc)| {
                    if sc {
                        format!("[{n}]x")
                    } else {
                        format!("{n}x")
                    }
                })
                .collect();
            format!("vector<{dims}i1>")
        }
        TypeData::RankedTensor {
            shape, encoding, ..
        } => {
            let dims: String = shape
                .iter()
                .map(|&n| {
                    if n < 0 {
                        "?x".to_string()
                    } else {
                        format!("{n}x")
                    }
                })
                .collect();
            let enc = encoding.map_or(String::new(), |e| {
                format!(", {}", crate::printer::type_param_to_string(&m.ctx, e))
            });
            format!("tensor<{dims}i1{enc}>")
        }
        TypeData::UnrankedTensor { .. } => "tensor<*xi1>".to_string(),
        _ => {
            return Err(cx.op_error(
                op,
                format!("expected condition to be a signless i1, but got {}", ty(ct)),
            ))
        }
    };
    if is_i1_same_shape(&m.ctx, rt, ct) {
        return Ok(());
    }
    Err(cx.op_error(
        op,
        format!(
            "expected condition type to have the same shape as the result type, expected '{expected}', but got {}",
            ty(ct)
        ),
    ))
}

fn is_i1(cx: &Cx<'_>, t: TypeId) -> bool {
    cx.m.ctx.int_width(t) == Some((1, crate::context::Signedness::Signless))
}

/// `arith.constant`: a signless integer type, and an integer, float or
/// elements value.
fn check_constant(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let Some(&res) = d.results.first() else {
        return Ok(());
    };
    if let TypeData::Integer { signedness, .. } = m.ctx.type_data(m.values[res].ty) {
        if *signedness != crate::context::Signedness::Signless {
            return Err(cx.op_error(op, "integer return type must be signless"));
        }
    }
    let value = d
        .properties
        .and_then(|p| m.ctx.dict_get(p, b"value"))
        .or_else(|| m.ctx.dict_get(d.attrs, b"value"));
    if let Some(v) = value {
        if !matches!(
            m.ctx.attr_data(v),
            AttrData::Integer { .. }
                | AttrData::Float { .. }
                | AttrData::Dense { .. }
                | AttrData::DenseResource { .. }
                | AttrData::Sparse { .. }
        ) {
            return Err(cx.op_error(op, "value must be an integer, float, or elements attribute"));
        }
        // A scalable vector takes only a splat.
        let scalable = matches!(
            m.ctx.type_data(m.values[res].ty),
            TypeData::Vector { scalable, .. } if scalable.iter().any(|&s| s)
        );
        if scalable && !is_splat(&m.ctx, v) {
            return Err(cx.op_error(
                op,
                "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
            ));
        }
    }
    Ok(())
}

/// Whether `a` is a `SplatElementsAttr`: dense elements stored as one
/// value (the parser folds equal elements into one).
fn is_splat(ctx: &crate::context::Context, a: crate::context::AttrId) -> bool {
    use crate::context::DenseData;
    match ctx.attr_data(a) {
        AttrData::Dense { data, .. } => match data {
            DenseData::Bits(v) => v.len() == 1,
            DenseData::Wide(v) => v.len() == 1,
            DenseData::Strings(v) => v.len() == 1,
        },
        _ => false,
    }
}
