//! Memref layouts as strides and an offset (MLIR's `getStridesAndOffset`,
//! `isStrided`, `MemRefLayoutAttrInterface::isIdentity`), and the text of
//! memref types MLIR builds while verifying (an inferred subview type,
//! an expected collapsed type), which appear in its messages.

use crate::affine::{AffineMap, Coef};
use crate::context::{AttrData, AttrId, Context, TypeData, TypeId};
use crate::printer::{type_param_to_string, type_to_string};

/// A static value or `?` (MLIR's `ShapedType::kDynamic`).
pub(crate) type Dyn = Option<i64>;

/// The strides and offset of a layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Strided {
    pub strides: Vec<Dyn>,
    pub offset: Dyn,
}

/// A memref type as data: what MLIR compares when it builds an expected
/// type. `layout` is `None` for the identity layout, else strides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MemRefDesc {
    pub shape: Vec<i64>,
    pub elem: TypeId,
    pub layout: Option<Strided>,
    pub space: Option<AttrId>,
}

/// The parts of a ranked memref type.
pub(crate) struct Parts<'a> {
    pub shape: &'a [i64],
    pub elem: TypeId,
    pub layout: Option<AttrId>,
    pub space: Option<AttrId>,
}

/// The parts of ranked memref type `t`.
pub(crate) fn parts(ctx: &Context, t: TypeId) -> Option<Parts<'_>> {
    match ctx.type_data(t) {
        TypeData::MemRef {
            shape,
            elem,
            layout,
            space,
        } => Some(Parts {
            shape,
            elem: *elem,
            layout: *layout,
            space: *space,
        }),
        _ => None,
    }
}

/// The memory space of a ranked or unranked memref.
pub(crate) fn memory_space(ctx: &Context, t: TypeId) -> Option<AttrId> {
    match ctx.type_data(t) {
        TypeData::MemRef { space, .. } | TypeData::UnrankedMemRef { space, .. } => *space,
        _ => None,
    }
}

/// The identity strides of `shape` (row-major, `?` after a dynamic size).
pub(crate) fn identity(shape: &[i64]) -> Strided {
    let mut strides = vec![Some(1); shape.len()];
    let mut running = Some(1i64);
    for (i, &s) in shape.iter().enumerate().rev() {
        strides[i] = running;
        running = match (running, s) {
            (Some(r), s) if s >= 0 => r.checked_mul(s),
            _ => None,
        };
    }
    Strided {
        strides,
        offset: Some(0),
    }
}

/// Parses the kept text of a `strided<[...], offset: N>` layout.
pub(crate) fn parse_strided(text: &str) -> Option<Strided> {
    let body = text.strip_prefix("strided<")?.strip_suffix('>')?;
    let open = body.find('[')?;
    let close = body.find(']')?;
    let num = |s: &str| -> Option<Dyn> {
        let s = s.trim();
        if s == "?" {
            Some(None)
        } else {
            s.parse().ok().map(Some)
        }
    };
    let list = &body[open + 1..close];
    let strides = if list.trim().is_empty() {
        Vec::new()
    } else {
        list.split(',').map(num).collect::<Option<Vec<_>>>()?
    };
    let rest = body[close + 1..].trim();
    let offset = match rest.strip_prefix(',') {
        Some(r) => num(r.trim().strip_prefix("offset:")?)?,
        None => Some(0),
    };
    Some(Strided { strides, offset })
}

/// The layout of a memref with `shape` as strides and offset, or `None`
/// when it is not strided.
pub(crate) fn strides_and_offset(
    ctx: &Context,
    shape: &[i64],
    layout: Option<AttrId>,
) -> Option<Strided> {
    let Some(l) = layout else {
        return Some(identity(shape));
    };
    match ctx.attr_data(l) {
        AttrData::Strided(text) => parse_strided(&ctx.str(*text)),
        AttrData::AffineMap(text) => {
            let map = AffineMap::parse(&ctx.str(*text))?;
            if map.is_identity() {
                return Some(identity(shape));
            }
            let (strides, offset) = map.strides_and_offset()?;
            let known = |c: Coef| match c {
                Coef::Known(v) => Some(v),
                Coef::Dynamic => None,
            };
            Some(Strided {
                strides: strides.into_iter().map(known).collect(),
                offset: known(offset),
            })
        }
        _ => None,
    }
}

/// Whether a layout is the identity (no layout, an identity map, or a
/// rank-1 `strided<[1]>`, whose map is `(d0) -> (d0)`).
pub(crate) fn is_identity(ctx: &Context, layout: Option<AttrId>) -> bool {
    let Some(l) = layout else { return true };
    match ctx.attr_data(l) {
        AttrData::Strided(text) => parse_strided(&ctx.str(*text))
            .is_some_and(|s| s.strides == [Some(1)] && s.offset == Some(0)),
        AttrData::AffineMap(text) => {
            AffineMap::parse(&ctx.str(*text)).is_some_and(|m| m.is_identity())
        }
        _ => false,
    }
}

impl MemRefDesc {
    /// The description of memref type `t` (`None` for other types, and for
    /// layouts that are neither identity nor strided).
    pub(crate) fn of(ctx: &Context, t: TypeId) -> Option<MemRefDesc> {
        let Parts {
            shape,
            elem,
            layout,
            space,
        } = parts(ctx, t)?;
        let layout = match layout {
            None => None,
            Some(l) => match ctx.attr_data(l) {
                AttrData::Strided(text) => Some(parse_strided(&ctx.str(*text))?),
                _ => return None,
            },
        };
        Some(MemRefDesc {
            shape: shape.to_vec(),
            elem,
            layout,
            space,
        })
    }

    /// The type as MLIR prints it, quoted as in a diagnostic.
    pub(crate) fn quoted(&self, ctx: &Context) -> String {
        let mut s = String::from("'memref<");
        for &d in &self.shape {
            if d < 0 {
                s.push('?');
            } else {
                s.push_str(&d.to_string());
            }
            s.push('x');
        }
        s.push_str(&type_to_string(ctx, self.elem));
        if let Some(l) = &self.layout {
            s.push_str(", strided<[");
            for (i, st) in l.strides.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                push_dyn(&mut s, *st);
            }
            s.push(']');
            if l.offset != Some(0) {
                s.push_str(", offset: ");
                push_dyn(&mut s, l.offset);
            }
            s.push('>');
        }
        if let Some(space) = self.space {
            s.push_str(", ");
            s.push_str(&type_param_to_string(ctx, space));
        }
        s.push_str(">'");
        s
    }
}

fn push_dyn(s: &mut String, v: Dyn) {
    match v {
        Some(v) => s.push_str(&v.to_string()),
        None => s.push('?'),
    }
}

/// MLIR's `SaturatedInteger` product of sizes/strides: a static 0 wins,
/// else `?` absorbs.
pub(crate) fn mul(a: Dyn, b: Dyn) -> Dyn {
    match (a, b) {
        (Some(0), _) | (_, Some(0)) => Some(0),
        (Some(a), Some(b)) => Some(a.wrapping_mul(b)),
        _ => None,
    }
}

/// MLIR's `SaturatedInteger` sum: `?` absorbs.
pub(crate) fn add(a: Dyn, b: Dyn) -> Dyn {
    Some(a?.wrapping_add(b?))
}

/// A size of a shape (`-1`-style negative: dynamic) as a [`Dyn`].
pub(crate) fn dim(s: i64) -> Dyn {
    (s >= 0).then_some(s)
}
