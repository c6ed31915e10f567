//! Affine maps as data: the text an `affine_map<...>` attribute keeps
//! (`(d0, d1)[s0] -> (d0 * s0 + d1)`) parsed into an expression tree, for
//! the questions verifiers ask of a layout: its dimension and symbol counts,
//! whether it is the identity or a permutation, and the strides and offset
//! it denotes (MLIR's `getStridesAndOffset` on an affine layout).
//!
//! The parser (`parse.rs`) builds expressions through the simplifying
//! constructors of `expr.rs`, as MLIR does, so the attribute keeps MLIR's
//! canonical text (`canonical`), which the printer prints.

mod expr;
mod parse;

pub use expr::{Expr, ExprId, Exprs};
pub use parse::{ErrorAt, ParseError, Parsed};

/// A parsed affine map.
#[derive(Clone, Debug, Default)]
pub struct AffineMap {
    pub dims: u32,
    pub syms: u32,
    pub exprs: Exprs,
    pub results: Vec<ExprId>,
}

/// An affine map or integer set in MLIR's canonical text (`(d0)[s0] ->
/// (d0 + s0)`, `(d0) : (d0 - 1 >= 0)`), from its inline syntax at `pos` in
/// `src` (just after `affine_map<` or `affine_set<`): the text, whether it
/// is a set, and the offset of the token after it.
pub fn canonical(src: &[u8], pos: usize) -> Result<(String, bool, usize), ParseError> {
    let mut x = Exprs::default();
    let (parsed, end) = parse::parse_map_or_set(src, pos, &mut x)?;
    let mut out = String::new();
    let (dims, syms) = match &parsed {
        Parsed::Map { dims, syms, .. } | Parsed::Set { dims, syms, .. } => (*dims, *syms),
    };
    print_ids(dims, syms, &mut out);
    match &parsed {
        Parsed::Map { results, .. } => {
            out.push_str(" -> (");
            for (i, &r) in results.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                x.print(r, &mut out);
            }
        }
        Parsed::Set { constraints, .. } => {
            out.push_str(" : (");
            for (i, &(c, eq)) in constraints.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                x.print(c, &mut out);
                out.push_str(if eq { " == 0" } else { " >= 0" });
            }
        }
    }
    out.push(')');
    // Two maps MLIR keeps apart can print the same: `d0 + (d1 + 5)` and
    // `(d0 + d1) + 5` both print `d0 + d1 + 5`. The attribute is uniqued by
    // its text, so an expression with a right-nested sum gets its structure
    // after a NUL, which `shown` cuts off.
    let roots: Vec<ExprId> = match &parsed {
        Parsed::Map { results, .. } => results.clone(),
        Parsed::Set { constraints, .. } => constraints.iter().map(|c| c.0).collect(),
    };
    if roots.iter().any(|&r| x.has_nested_sum(r)) {
        out.push('\0');
        for r in roots {
            x.key(r, &mut out);
            out.push(';');
        }
    }
    Ok((out, matches!(parsed, Parsed::Set { .. }), end))
}

/// The printed part of a kept map or set text (see `canonical`).
pub fn shown(text: &[u8]) -> &[u8] {
    text.iter()
        .position(|&c| c == 0)
        .map_or(text, |n| &text[..n])
}

/// The canonical layout map MLIR gives a strided layout
/// (`canonicalizeStridedLayout` of `makeStridedLinearLayoutMap`): the offset
/// takes symbol 0 when dynamic, then each dynamic stride the next symbol;
/// terms are ordered dimensions, symbols, products, constant.
pub fn strided_layout_map(strides: &[Option<i64>], offset: Option<i64>) -> String {
    let mut x = Exprs::default();
    let mut syms = 0u32;
    let off_sym = offset.is_none().then(|| {
        syms += 1;
        x.sym(0)
    });
    let stride_syms: Vec<Option<ExprId>> = strides
        .iter()
        .map(|s| {
            s.is_none().then(|| {
                syms += 1;
                x.sym(syms - 1)
            })
        })
        .collect();
    let mut e = x.constant(0);
    for (i, s) in strides.iter().enumerate() {
        if let Some(c) = *s {
            if c != 0 {
                let d = x.dim(i as u32);
                let t = x.mul_const(d, c);
                e = x.add(e, t);
            }
        }
    }
    if let Some(s) = off_sym {
        e = x.add(e, s);
    }
    for (i, s) in stride_syms.iter().enumerate() {
        if let Some(s) = *s {
            let d = x.dim(i as u32);
            let t = x.mul(d, s);
            e = x.add(e, t);
        }
    }
    if let Some(c) = offset {
        e = x.add_const(e, c);
    }
    let mut out = String::from("affine_map<");
    print_ids(strides.len() as u32, syms, &mut out);
    out.push_str(" -> (");
    x.print(e, &mut out);
    out.push_str(")>");
    out
}

/// The terms (see [`AffineMap::terms`]) of the same map, for comparing it
/// with a layout written as an affine map.
pub fn strided_terms(strides: &[Option<i64>], offset: Option<i64>) -> Vec<(Monomial, i64)> {
    let mut t: Vec<(Monomial, i64)> = Vec::new();
    let mut sym = 0u32;
    match offset {
        Some(c) => t.push(((None, None), c)),
        None => {
            t.push(((None, Some(0)), 1));
            sym = 1;
        }
    }
    for (i, s) in strides.iter().enumerate() {
        match *s {
            Some(c) => t.push(((Some(i as u32), None), c)),
            None => {
                t.push(((Some(i as u32), Some(sym)), 1));
                sym += 1;
            }
        }
    }
    t.sort();
    t.retain(|&(_, c)| c != 0);
    t
}

/// `(d0, d1)[s0]`: the symbol list only when there are symbols.
fn print_ids(dims: u32, syms: u32, out: &mut String) {
    use std::fmt::Write;
    out.push('(');
    for d in 0..dims {
        let _ = write!(out, "{}d{d}", if d > 0 { ", " } else { "" });
    }
    out.push(')');
    if syms > 0 {
        out.push('[');
        for s in 0..syms {
            let _ = write!(out, "{}s{s}", if s > 0 { ", " } else { "" });
        }
        out.push(']');
    }
}

/// A product of at most one dimension and one symbol (both absent: the
/// constant term).
pub type Monomial = (Option<u32>, Option<u32>);

/// One coefficient of a linear form: a known constant, or a value that
/// depends on symbols (dynamic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Coef {
    Known(i64),
    Dynamic,
}

impl Coef {
    fn add(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Known(a), Coef::Known(b)) => a.checked_add(b).map_or(Coef::Dynamic, Coef::Known),
            _ => Coef::Dynamic,
        }
    }
    fn mul(self, o: Coef) -> Coef {
        match (self, o) {
            (Coef::Known(0), _) | (_, Coef::Known(0)) => Coef::Known(0),
            (Coef::Known(a), Coef::Known(b)) => a.checked_mul(b).map_or(Coef::Dynamic, Coef::Known),
            _ => Coef::Dynamic,
        }
    }
}

impl AffineMap {
    /// Parses the text between `affine_map<` and `>`; `None` when it is not
    /// a well-formed map.
    pub fn parse(text: &str) -> Option<AffineMap> {
        let text = shown(text.as_bytes());
        let mut exprs = Exprs::default();
        let (parsed, end) = parse::parse_map_or_set(text, 0, &mut exprs).ok()?;
        if !text[end..].iter().all(u8::is_ascii_whitespace) {
            return None;
        }
        match parsed {
            Parsed::Map {
                dims,
                syms,
                results,
            } => Some(AffineMap {
                dims,
                syms,
                exprs,
                results,
            }),
            Parsed::Set { .. } => None,
        }
    }

    /// `(d0, ..., dn)[...] -> (d0, ..., dn)`, whatever the symbols (MLIR's
    /// `AffineMap::isIdentity`).
    pub fn is_identity(&self) -> bool {
        self.results.len() == self.dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, &r)| self.exprs.node(r) == Expr::Dim(i as u32))
    }

    /// Every result a distinct dimension, one result per dimension.
    pub fn is_permutation(&self) -> bool {
        if self.syms != 0 || self.results.len() != self.dims as usize {
            return false;
        }
        let mut seen = vec![false; self.dims as usize];
        for &r in &self.results {
            match self.exprs.node(r) {
                Expr::Dim(d) if !seen[d as usize] => seen[d as usize] = true,
                _ => return false,
            }
        }
        true
    }

    /// The dimension of each result of a permutation map.
    pub fn permutation(&self) -> Option<Vec<usize>> {
        self.is_permutation().then(|| {
            self.results
                .iter()
                .map(|&r| match self.exprs.node(r) {
                    Expr::Dim(d) => d as usize,
                    _ => 0,
                })
                .collect()
        })
    }

    /// The strides and offset of a single-result layout map, as MLIR's
    /// `getStridesAndOffset`: `None` when the map is not strided (more than
    /// one result, a div/mod over a dimension, or a stride of zero).
    pub fn strides_and_offset(&self) -> Option<(Vec<Coef>, Coef)> {
        if self.results.len() != 1 {
            return None;
        }
        let mut strides = vec![Coef::Known(0); self.dims as usize];
        let mut offset = Coef::Known(0);
        self.linear(self.results[0], Coef::Known(1), &mut strides, &mut offset)?;
        if strides.contains(&Coef::Known(0)) {
            return None;
        }
        Some((strides, offset))
    }

    /// The single result as a sum of `c * [dim] * [symbol]` terms (at most
    /// one dimension and one symbol each), sorted: `None` for a div, mod,
    /// or a product of two dimensions or two symbols. Two layouts with
    /// the same terms are the same layout once MLIR simplifies them.
    pub fn terms(&self) -> Option<Vec<(Monomial, i64)>> {
        if self.results.len() != 1 {
            return None;
        }
        let mut t = self.poly(self.results[0])?;
        t.sort();
        let mut out: Vec<(Monomial, i64)> = Vec::with_capacity(t.len());
        for (m, c) in t {
            match out.last_mut() {
                Some((lm, lc)) if *lm == m => *lc = lc.wrapping_add(c),
                _ => out.push((m, c)),
            }
        }
        out.retain(|&(_, c)| c != 0);
        Some(out)
    }

    fn poly(&self, e: ExprId) -> Option<Vec<(Monomial, i64)>> {
        Some(match self.exprs.node(e) {
            Expr::Const(c) => vec![((None, None), c)],
            Expr::Dim(d) => vec![((Some(d), None), 1)],
            Expr::Sym(s) => vec![((None, Some(s)), 1)],
            Expr::Add(a, b) => {
                let mut v = self.poly(a)?;
                v.extend(self.poly(b)?);
                v
            }
            Expr::Mul(a, b) => {
                let (x, y) = (self.poly(a)?, self.poly(b)?);
                let mut v = Vec::with_capacity(x.len() * y.len());
                for &((d1, s1), c1) in &x {
                    for &((d2, s2), c2) in &y {
                        let d = match (d1, d2) {
                            (Some(_), Some(_)) => return None,
                            (d, None) | (None, d) => d,
                        };
                        let s = match (s1, s2) {
                            (Some(_), Some(_)) => return None,
                            (s, None) | (None, s) => s,
                        };
                        v.push(((d, s), c1.wrapping_mul(c2)));
                    }
                }
                v
            }
            Expr::FloorDiv(..) | Expr::CeilDiv(..) | Expr::Mod(..) => return None,
        })
    }

    fn has_dim(&self, e: u32) -> bool {
        match self.exprs.node(e) {
            Expr::Dim(_) => true,
            Expr::Sym(_) | Expr::Const(_) => false,
            Expr::Add(a, b)
            | Expr::Mul(a, b)
            | Expr::FloorDiv(a, b)
            | Expr::CeilDiv(a, b)
            | Expr::Mod(a, b) => self.has_dim(a) || self.has_dim(b),
        }
    }

    /// The value of a dimension-free expression.
    fn value(&self, e: u32) -> Coef {
        match self.exprs.node(e) {
            Expr::Const(c) => Coef::Known(c),
            Expr::Sym(_) | Expr::Dim(_) => Coef::Dynamic,
            Expr::Add(a, b) => self.value(a).add(self.value(b)),
            Expr::Mul(a, b) => self.value(a).mul(self.value(b)),
            Expr::FloorDiv(a, b) | Expr::CeilDiv(a, b) | Expr::Mod(a, b) => {
                match (self.value(a), self.value(b)) {
                    (Coef::Known(x), Coef::Known(y)) if y > 0 => {
                        let v = match self.exprs.node(e) {
                            Expr::FloorDiv(..) => x.div_euclid(y),
                            Expr::CeilDiv(..) => -((-x).div_euclid(y)),
                            _ => x.rem_euclid(y),
                        };
                        Coef::Known(v)
                    }
                    _ => Coef::Dynamic,
                }
            }
        }
    }

    fn linear(&self, e: u32, factor: Coef, strides: &mut [Coef], offset: &mut Coef) -> Option<()> {
        if !self.has_dim(e) {
            *offset = offset.add(self.value(e).mul(factor));
            return Some(());
        }
        match self.exprs.node(e) {
            Expr::Dim(d) => {
                let s = strides.get_mut(d as usize)?;
                *s = s.add(factor);
                Some(())
            }
            Expr::Add(a, b) => {
                self.linear(a, factor, strides, offset)?;
                self.linear(b, factor, strides, offset)
            }
            Expr::Mul(a, b) => {
                if self.has_dim(a) {
                    self.linear(a, factor.mul(self.value(b)), strides, offset)
                } else {
                    self.linear(b, factor.mul(self.value(a)), strides, offset)
                }
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(s: &str) -> AffineMap {
        match AffineMap::parse(s) {
            Some(m) => m,
            None => panic!("not a map: {s}"),
        }
    }

    #[test]
    fn strides_of_layouts() {
        let m = map("(i, j)[off, M] -> (off + M * i + j)");
        assert_eq!((m.dims, m.syms), (2, 2));
        assert_eq!(
            m.strides_and_offset(),
            Some((vec![Coef::Dynamic, Coef::Known(1)], Coef::Dynamic))
        );
        let m = map("(d0, d1) -> (d0 * 10 + d1 + 5)");
        assert_eq!(
            m.strides_and_offset(),
            Some((vec![Coef::Known(10), Coef::Known(1)], Coef::Known(5)))
        );
        // A dimension with stride 0 is not strided; neither is a div.
        assert_eq!(map("(d0, d1) -> (d0)").strides_and_offset(), None);
        assert_eq!(map("(d0) -> (d0 floordiv 2)").strides_and_offset(), None);
        assert!(map("(d0, d1) -> (d1, d0)").is_permutation());
        assert!(!map("(d0, d1) -> (d0, d0)").is_permutation());
        assert!(map("(d0, d1) -> (d0, d1)").is_identity());
        assert!(AffineMap::parse("(d0, d1 -> (d0)").is_none());
        assert!(AffineMap::parse("(d0) -> (d1)").is_none());
    }
}
