//! Affine maps as data: the text an `affine_map<...>` attribute keeps
//! (`(d0, d1)[s0] -> (d0 * s0 + d1)`) parsed into an expression tree, for
//! the questions verifiers ask of a layout: its dimension and symbol counts,
//! whether it is the identity or a permutation, and the strides and offset
//! it denotes (MLIR's `getStridesAndOffset` on an affine layout).
//!
//! The printer still prints the kept text; MLIR's construction-time
//! simplification and renaming are not modelled here.

/// A node of an affine expression; children are indices into
/// [`AffineMap::nodes`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Expr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Add(u32, u32),
    Mul(u32, u32),
    FloorDiv(u32, u32),
    CeilDiv(u32, u32),
    Mod(u32, u32),
}

/// A parsed affine map.
#[derive(Clone, Debug, Default)]
pub struct AffineMap {
    pub dims: u32,
    pub syms: u32,
    pub nodes: Vec<Expr>,
    pub results: Vec<u32>,
}

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
        let mut p = P {
            s: text.as_bytes(),
            i: 0,
            names: Vec::new(),
            map: AffineMap::default(),
        };
        p.ids(b'(', b')')?;
        p.map.dims = p.names.len() as u32;
        p.ws();
        if p.peek() == Some(b'[') {
            p.ids(b'[', b']')?;
        }
        p.map.syms = p.names.len() as u32 - p.map.dims;
        p.ws();
        if !p.s[p.i..].starts_with(b"->") {
            return None;
        }
        p.i += 2;
        p.ws();
        p.eat(b'(')?;
        p.ws();
        if p.peek() != Some(b')') {
            loop {
                let e = p.expr()?;
                p.map.results.push(e);
                p.ws();
                if p.peek() == Some(b',') {
                    p.i += 1;
                    continue;
                }
                break;
            }
        }
        p.eat(b')')?;
        p.ws();
        (p.i == p.s.len()).then_some(p.map)
    }

    /// `(d0, ..., dn) -> (d0, ..., dn)` with no symbols.
    pub fn is_identity(&self) -> bool {
        self.syms == 0
            && self.results.len() == self.dims as usize
            && self
                .results
                .iter()
                .enumerate()
                .all(|(i, &r)| self.nodes[r as usize] == Expr::Dim(i as u32))
    }

    /// Every result a distinct dimension, one result per dimension.
    pub fn is_permutation(&self) -> bool {
        if self.syms != 0 || self.results.len() != self.dims as usize {
            return false;
        }
        let mut seen = vec![false; self.dims as usize];
        for &r in &self.results {
            match self.nodes[r as usize] {
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
                .map(|&r| match self.nodes[r as usize] {
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

    fn has_dim(&self, e: u32) -> bool {
        match self.nodes[e as usize] {
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
        match self.nodes[e as usize] {
            Expr::Const(c) => Coef::Known(c),
            Expr::Sym(_) | Expr::Dim(_) => Coef::Dynamic,
            Expr::Add(a, b) => self.value(a).add(self.value(b)),
            Expr::Mul(a, b) => self.value(a).mul(self.value(b)),
            Expr::FloorDiv(a, b) | Expr::CeilDiv(a, b) | Expr::Mod(a, b) => {
                match (self.value(a), self.value(b)) {
                    (Coef::Known(x), Coef::Known(y)) if y > 0 => {
                        let v = match self.nodes[e as usize] {
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
        match self.nodes[e as usize] {
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

struct P<'a> {
    s: &'a [u8],
    i: usize,
    names: Vec<&'a [u8]>,
    map: AffineMap,
}

impl<'a> P<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn ws(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_whitespace()) {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> Option<()> {
        self.ws();
        (self.peek() == Some(c)).then(|| self.i += 1)
    }
    fn ident(&mut self) -> Option<&'a [u8]> {
        self.ws();
        let start = self.i;
        while self
            .peek()
            .is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c == b'.')
        {
            self.i += 1;
        }
        let id = &self.s[start..self.i];
        (!id.is_empty() && !id[0].is_ascii_digit()).then_some(id)
    }
    fn ids(&mut self, open: u8, close: u8) -> Option<()> {
        self.eat(open)?;
        self.ws();
        if self.peek() == Some(close) {
            self.i += 1;
            return Some(());
        }
        loop {
            let id = self.ident()?;
            self.names.push(id);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(c) if c == close => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }
    fn push(&mut self, e: Expr) -> u32 {
        self.map.nodes.push(e);
        self.map.nodes.len() as u32 - 1
    }
    fn neg(&mut self, e: u32) -> u32 {
        let m = self.push(Expr::Const(-1));
        self.push(Expr::Mul(e, m))
    }
    fn expr(&mut self) -> Option<u32> {
        let mut lhs = self.term()?;
        loop {
            self.ws();
            match self.peek() {
                Some(b'+') => {
                    self.i += 1;
                    let r = self.term()?;
                    lhs = self.push(Expr::Add(lhs, r));
                }
                Some(b'-') if self.s.get(self.i + 1) != Some(&b'>') => {
                    self.i += 1;
                    let r = self.term()?;
                    let r = self.neg(r);
                    lhs = self.push(Expr::Add(lhs, r));
                }
                _ => return Some(lhs),
            }
        }
    }
    fn term(&mut self) -> Option<u32> {
        let mut lhs = self.unary()?;
        loop {
            self.ws();
            let rest = &self.s[self.i..];
            let kw = |k: &[u8]| {
                rest.starts_with(k)
                    && !rest
                        .get(k.len())
                        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            };
            let op = if rest.first() == Some(&b'*') {
                self.i += 1;
                0
            } else if kw(b"floordiv") {
                self.i += 8;
                1
            } else if kw(b"ceildiv") {
                self.i += 7;
                2
            } else if kw(b"mod") {
                self.i += 3;
                3
            } else {
                return Some(lhs);
            };
            let r = self.unary()?;
            lhs = self.push(match op {
                0 => Expr::Mul(lhs, r),
                1 => Expr::FloorDiv(lhs, r),
                2 => Expr::CeilDiv(lhs, r),
                _ => Expr::Mod(lhs, r),
            });
        }
    }
    fn unary(&mut self) -> Option<u32> {
        self.ws();
        match self.peek()? {
            b'-' => {
                self.i += 1;
                let e = self.unary()?;
                Some(self.neg(e))
            }
            b'(' => {
                self.i += 1;
                let e = self.expr()?;
                self.eat(b')')?;
                Some(e)
            }
            c if c.is_ascii_digit() => {
                let start = self.i;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.i += 1;
                }
                let v = std::str::from_utf8(&self.s[start..self.i])
                    .ok()?
                    .parse()
                    .ok()?;
                Some(self.push(Expr::Const(v)))
            }
            _ => {
                let id = self.ident()?;
                let pos = self.names.iter().rposition(|n| *n == id)? as u32;
                let dims = self.map.dims;
                let e = if pos < dims {
                    Expr::Dim(pos)
                } else {
                    Expr::Sym(pos - dims)
                };
                Some(self.push(e))
            }
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
