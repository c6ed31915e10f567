//! Affine expressions as MLIR builds them: uniqued nodes in an arena, made
//! only through constructors that simplify the way MLIR's `AffineExpr`
//! operators do (constants folded and moved right, `d0 - d0 floordiv 4 * 4`
//! becoming `d0 mod 4`, ...), and printed as MLIR's `AsmPrinter` prints them.
//! Two expressions are equal exactly when their ids are: the arena uniques
//! every node, as MLIR's context does.

use std::collections::HashMap;

/// Id of a node in an [`Exprs`] arena.
pub type ExprId = u32;

/// A node of an affine expression; children are ids in the same arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Expr {
    Dim(u32),
    Sym(u32),
    Const(i64),
    Add(ExprId, ExprId),
    Mul(ExprId, ExprId),
    FloorDiv(ExprId, ExprId),
    CeilDiv(ExprId, ExprId),
    Mod(ExprId, ExprId),
}

/// The arena: every node once.
#[derive(Clone, Debug, Default)]
pub struct Exprs {
    nodes: Vec<Expr>,
    index: HashMap<Expr, ExprId>,
}

/// Floor of `a / b`; `None` when it overflows (MIN / -1).
fn floor_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    })
}

/// Ceiling of `a / b`; `None` when it overflows.
fn ceil_div(a: i64, b: i64) -> Option<i64> {
    let q = a.checked_div(b)?;
    Some(if a % b != 0 && ((a < 0) == (b < 0)) {
        q + 1
    } else {
        q
    })
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Exprs {
    pub fn node(&self, e: ExprId) -> Expr {
        self.nodes[e as usize]
    }

    /// The uniqued node, without simplification.
    fn intern(&mut self, e: Expr) -> ExprId {
        if let Some(&id) = self.index.get(&e) {
            return id;
        }
        let id = self.nodes.len() as ExprId;
        self.nodes.push(e);
        self.index.insert(e, id);
        id
    }

    pub fn dim(&mut self, d: u32) -> ExprId {
        self.intern(Expr::Dim(d))
    }
    pub fn sym(&mut self, s: u32) -> ExprId {
        self.intern(Expr::Sym(s))
    }
    pub fn constant(&mut self, c: i64) -> ExprId {
        self.intern(Expr::Const(c))
    }

    fn as_const(&self, e: ExprId) -> Option<i64> {
        match self.node(e) {
            Expr::Const(c) => Some(c),
            _ => None,
        }
    }

    /// Made of symbols and constants only (no dimension).
    pub fn is_symbolic_or_constant(&self, e: ExprId) -> bool {
        match self.node(e) {
            Expr::Const(_) | Expr::Sym(_) => true,
            Expr::Dim(_) => false,
            Expr::Add(a, b)
            | Expr::Mul(a, b)
            | Expr::FloorDiv(a, b)
            | Expr::CeilDiv(a, b)
            | Expr::Mod(a, b) => self.is_symbolic_or_constant(a) && self.is_symbolic_or_constant(b),
        }
    }

    /// The greatest integer known to divide the expression (MLIR's
    /// `getLargestKnownDivisor`, with its 64-bit wrap-around).
    fn largest_known_divisor(&self, e: ExprId) -> i64 {
        match self.node(e) {
            Expr::Dim(_) | Expr::Sym(_) => 1,
            Expr::Const(c) => c.wrapping_abs(),
            Expr::FloorDiv(a, b) | Expr::CeilDiv(a, b) => match self.as_const(b) {
                Some(r) if r != 0 => {
                    let l = self.largest_known_divisor(a);
                    if l.wrapping_rem(r) == 0 {
                        l.wrapping_div(r).wrapping_abs()
                    } else {
                        1
                    }
                }
                _ => 1,
            },
            Expr::Mul(a, b) => self
                .largest_known_divisor(a)
                .wrapping_mul(self.largest_known_divisor(b)),
            Expr::Add(a, b) | Expr::Mod(a, b) => gcd(
                self.largest_known_divisor(a) as u64,
                self.largest_known_divisor(b) as u64,
            ) as i64,
        }
    }

    pub fn add(&mut self, l: ExprId, r: ExprId) -> ExprId {
        match self.simplify_add(l, r) {
            Some(e) => e,
            None => self.intern(Expr::Add(l, r)),
        }
    }

    pub fn mul(&mut self, l: ExprId, r: ExprId) -> ExprId {
        match self.simplify_mul(l, r) {
            Some(e) => e,
            None => self.intern(Expr::Mul(l, r)),
        }
    }

    pub fn add_const(&mut self, l: ExprId, c: i64) -> ExprId {
        let c = self.constant(c);
        self.add(l, c)
    }

    pub fn mul_const(&mut self, l: ExprId, c: i64) -> ExprId {
        let c = self.constant(c);
        self.mul(l, c)
    }

    pub fn neg(&mut self, e: ExprId) -> ExprId {
        self.mul_const(e, -1)
    }

    pub fn sub(&mut self, l: ExprId, r: ExprId) -> ExprId {
        let r = self.neg(r);
        self.add(l, r)
    }

    pub fn floor_div(&mut self, l: ExprId, r: ExprId) -> ExprId {
        match self.simplify_floor_div(l, r) {
            Some(e) => e,
            None => self.intern(Expr::FloorDiv(l, r)),
        }
    }

    pub fn ceil_div(&mut self, l: ExprId, r: ExprId) -> ExprId {
        match self.simplify_ceil_div(l, r) {
            Some(e) => e,
            None => self.intern(Expr::CeilDiv(l, r)),
        }
    }

    pub fn modulo(&mut self, l: ExprId, r: ExprId) -> ExprId {
        match self.simplify_mod(l, r) {
            Some(e) => e,
            None => self.intern(Expr::Mod(l, r)),
        }
    }

    /// `e * c` seen as (multiplicand, constant), otherwise `(e, 1)`.
    fn scaled(&self, e: ExprId) -> (ExprId, i64) {
        if let Expr::Mul(a, b) = self.node(e) {
            if let Some(c) = self.as_const(b) {
                return (a, c);
            }
        }
        (e, 1)
    }

    fn simplify_add(&mut self, l: ExprId, r: ExprId) -> Option<ExprId> {
        let (lc, rc) = (self.as_const(l), self.as_const(r));
        if let (Some(a), Some(b)) = (lc, rc) {
            return a.checked_add(b).map(|s| self.constant(s));
        }
        // Constants, then symbolic terms, go to the right.
        if lc.is_some() || (self.is_symbolic_or_constant(l) && !self.is_symbolic_or_constant(r)) {
            return Some(self.add(r, l));
        }
        if rc == Some(0) {
            return Some(l);
        }
        let l_add = match self.node(l) {
            Expr::Add(a, b) => Some((a, b)),
            _ => None,
        };
        // (e + c1) + c2 is e + (c1 + c2).
        if let (Some((a, b)), Some(c2)) = (l_add, rc) {
            if let Some(c1) = self.as_const(b) {
                return Some(self.add_const(a, c1.wrapping_add(c2)));
            }
        }
        // c1 * e + c2 * e is (c1 + c2) * e.
        let (first, c1) = self.scaled(l);
        let (second, c2) = self.scaled(r);
        if first == second {
            return Some(self.mul_const(first, c1.wrapping_add(c2)));
        }
        // (e + c) + f is (e + f) + c.
        if let Some((a, b)) = l_add {
            if self.as_const(b).is_some() {
                let s = self.add(a, r);
                return Some(self.add(s, b));
            }
        }
        // e - (e floordiv q) * q is e mod q.
        let (rl, rr) = match self.node(r) {
            Expr::Add(a, b)
            | Expr::Mul(a, b)
            | Expr::FloorDiv(a, b)
            | Expr::CeilDiv(a, b)
            | Expr::Mod(a, b) => (a, b),
            _ => return None,
        };
        if self.as_const(rr) == Some(-1) {
            if let Expr::Mul(fd, q) = self.node(rl) {
                let Expr::FloorDiv(x, q2) = self.node(fd) else {
                    return None;
                };
                if q2 == q && x == l {
                    return Some(self.modulo(l, q));
                }
            }
        }
        if !matches!(self.node(r), Expr::Mul(..)) {
            return None;
        }
        let Expr::FloorDiv(x, q) = self.node(rl) else {
            return None;
        };
        if x == l {
            let neg_rr = self.neg(rr);
            if q == neg_rr {
                return Some(self.modulo(l, q));
            }
        }
        None
    }

    fn simplify_mul(&mut self, l: ExprId, r: ExprId) -> Option<ExprId> {
        let (lc, rc) = (self.as_const(l), self.as_const(r));
        if let (Some(a), Some(b)) = (lc, rc) {
            return a.checked_mul(b).map(|p| self.constant(p));
        }
        let (ls, rs) = (
            self.is_symbolic_or_constant(l),
            self.is_symbolic_or_constant(r),
        );
        if !ls && !rs {
            return None;
        }
        // The constant or symbolic factor goes to the right.
        if !rs || lc.is_some() {
            return Some(self.mul(r, l));
        }
        match rc {
            Some(1) => return Some(l),
            Some(0) => return Some(r),
            _ => {}
        }
        if let Expr::Mul(a, b) = self.node(l) {
            if let Some(c1) = self.as_const(b) {
                // (e * c1) * c2 is e * (c1 * c2).
                if let Some(c2) = rc {
                    return Some(self.mul_const(a, c1.wrapping_mul(c2)));
                }
                // (e * c) * f is (e * f) * c.
                let p = self.mul(a, r);
                return Some(self.mul(p, b));
            }
        }
        None
    }

    fn simplify_floor_div(&mut self, l: ExprId, r: ExprId) -> Option<ExprId> {
        let d = self.as_const(r).filter(|&d| d != 0)?;
        if let Some(c) = self.as_const(l) {
            return floor_div(c, d).map(|q| self.constant(q));
        }
        if d == 1 {
            return Some(l);
        }
        match self.node(l) {
            Expr::Mul(a, b) => {
                let c = self.as_const(b)?;
                (c.wrapping_rem(d) == 0).then(|| self.mul_const(a, c.wrapping_div(d)))
            }
            Expr::Add(a, b) => {
                if self.largest_known_divisor(a).wrapping_rem(d) == 0
                    || self.largest_known_divisor(b).wrapping_rem(d) == 0
                {
                    let (qa, qb) = (self.floor_div(a, r), self.floor_div(b, r));
                    Some(self.add(qa, qb))
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    fn simplify_ceil_div(&mut self, l: ExprId, r: ExprId) -> Option<ExprId> {
        let d = self.as_const(r).filter(|&d| d != 0)?;
        if let Some(c) = self.as_const(l) {
            return ceil_div(c, d).map(|q| self.constant(q));
        }
        if d == 1 {
            return Some(l);
        }
        if let Expr::Mul(a, b) = self.node(l) {
            let c = self.as_const(b)?;
            return (c.wrapping_rem(d) == 0).then(|| self.mul_const(a, c.wrapping_div(d)));
        }
        None
    }

    fn simplify_mod(&mut self, l: ExprId, r: ExprId) -> Option<ExprId> {
        let m = self.as_const(r).filter(|&m| m >= 1)?;
        if let Some(c) = self.as_const(l) {
            return Some(self.constant(c.rem_euclid(m)));
        }
        if self.largest_known_divisor(l).wrapping_rem(m) == 0 {
            return Some(self.constant(0));
        }
        match self.node(l) {
            Expr::Add(a, b) => {
                if self.largest_known_divisor(a).wrapping_rem(m) == 0 {
                    return Some(self.modulo(b, r));
                }
                if self.largest_known_divisor(b).wrapping_rem(m) == 0 {
                    return Some(self.modulo(a, r));
                }
                None
            }
            // (e mod a) mod b is e mod b when b divides a.
            Expr::Mod(a, b) => {
                let inner = self.as_const(b).filter(|&c| c >= 1)?;
                (inner.rem_euclid(m) == 0).then(|| self.modulo(a, r))
            }
            _ => None,
        }
    }

    /// Whether some sum has a sum as its right operand, a structure the
    /// printed form does not show.
    pub fn has_nested_sum(&self, e: ExprId) -> bool {
        match self.node(e) {
            Expr::Dim(_) | Expr::Sym(_) | Expr::Const(_) => false,
            Expr::Add(_, b) if matches!(self.node(b), Expr::Add(..)) => true,
            Expr::Add(a, b)
            | Expr::Mul(a, b)
            | Expr::FloorDiv(a, b)
            | Expr::CeilDiv(a, b)
            | Expr::Mod(a, b) => self.has_nested_sum(a) || self.has_nested_sum(b),
        }
    }

    /// Appends the structure of `e` in prefix form (`+(d0,*(s0,2))`).
    pub fn key(&self, e: ExprId, out: &mut String) {
        use std::fmt::Write;
        let (op, a, b) = match self.node(e) {
            Expr::Dim(d) => {
                let _ = write!(out, "d{d}");
                return;
            }
            Expr::Sym(s) => {
                let _ = write!(out, "s{s}");
                return;
            }
            Expr::Const(c) => {
                let _ = write!(out, "{c}");
                return;
            }
            Expr::Add(a, b) => ('+', a, b),
            Expr::Mul(a, b) => ('*', a, b),
            Expr::FloorDiv(a, b) => ('/', a, b),
            Expr::CeilDiv(a, b) => ('\\', a, b),
            Expr::Mod(a, b) => ('%', a, b),
        };
        out.push(op);
        out.push('(');
        self.key(a, out);
        out.push(',');
        self.key(b, out);
        out.push(')');
    }

    /// Appends `e` as MLIR prints an affine expression (`d0 * 2 + s0 - 1`,
    /// `-(d0 + d1)`, `d0 floordiv 4`).
    pub fn print(&self, e: ExprId, out: &mut String) {
        self.print_inner(e, false, out);
    }

    fn print_inner(&self, e: ExprId, strong: bool, out: &mut String) {
        use std::fmt::Write;
        let (op, l, r) = match self.node(e) {
            Expr::Dim(d) => {
                let _ = write!(out, "d{d}");
                return;
            }
            Expr::Sym(s) => {
                let _ = write!(out, "s{s}");
                return;
            }
            Expr::Const(c) => {
                let _ = write!(out, "{c}");
                return;
            }
            Expr::Add(l, r) => ("", l, r),
            Expr::Mul(l, r) => (" * ", l, r),
            Expr::FloorDiv(l, r) => (" floordiv ", l, r),
            Expr::CeilDiv(l, r) => (" ceildiv ", l, r),
            Expr::Mod(l, r) => (" mod ", l, r),
        };
        if strong {
            out.push('(');
        }
        if !op.is_empty() {
            if op == " * " && self.as_const(r) == Some(-1) {
                out.push('-');
                self.print_inner(l, true, out);
            } else {
                self.print_inner(l, true, out);
                out.push_str(op);
                self.print_inner(r, true, out);
            }
        } else {
            self.print_add(l, r, out);
        }
        if strong {
            out.push(')');
        }
    }

    /// An addition, with a negative product or constant on the right
    /// printed as a subtraction.
    fn print_add(&self, l: ExprId, r: ExprId, out: &mut String) {
        use std::fmt::Write;
        if let Expr::Mul(rl, rr) = self.node(r) {
            match self.as_const(rr) {
                Some(-1) => {
                    self.print_inner(l, false, out);
                    out.push_str(" - ");
                    let strong = matches!(self.node(rl), Expr::Add(..));
                    self.print_inner(rl, strong, out);
                    return;
                }
                Some(c) if c < -1 => {
                    self.print_inner(l, false, out);
                    out.push_str(" - ");
                    self.print_inner(rl, true, out);
                    let _ = write!(out, " * {}", (c as i128).wrapping_neg());
                    return;
                }
                _ => {}
            }
        }
        if let Some(c) = self.as_const(r) {
            if c < 0 {
                self.print_inner(l, false, out);
                let _ = write!(out, " - {}", -(c as i128));
                return;
            }
        }
        self.print_inner(l, false, out);
        out.push_str(" + ");
        self.print_inner(r, false, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(x: &Exprs, e: ExprId) -> String {
        let mut s = String::new();
        x.print(e, &mut s);
        s
    }

    #[test]
    fn simplifies_as_mlir_builds() {
        let mut x = Exprs::default();
        let (d0, d1, s0) = (x.dim(0), x.dim(1), x.sym(0));
        // Constants fold and move right.
        let c4 = x.constant(4);
        let e = x.add(c4, d0);
        assert_eq!(show(&x, e), "d0 + 4");
        // A subtraction is an addition of a product by -1.
        let e = x.sub(s0, d0);
        assert_eq!(show(&x, e), "-d0 + s0");
        // e - (e floordiv 4) * 4 is e mod 4.
        let q = x.floor_div(d1, c4);
        let q4 = x.mul(q, c4);
        let e = x.sub(d1, q4);
        assert_eq!(show(&x, e), "d1 mod 4");
        // Uniqued: building the same node twice gives the same id.
        assert_eq!(x.add(d0, d1), x.add(d0, d1));
        // (d0 * 128) floordiv 64 is d0 * 2; (d0 * 128) mod 64 is 0.
        let c128 = x.constant(128);
        let c64 = x.constant(64);
        let m = x.mul(d0, c128);
        let e = x.floor_div(m, c64);
        assert_eq!(show(&x, e), "d0 * 2");
        assert_eq!(x.modulo(m, c64), x.constant(0));
        // Negated sums print with parentheses.
        let s = x.add(d0, d1);
        let e = x.neg(s);
        assert_eq!(show(&x, e), "-(d0 + d1)");
        let e = x.sub(d0, s);
        assert_eq!(show(&x, e), "d0 - (d0 + d1)");
        // MIN / -1 does not fold.
        let min = x.constant(i64::MIN);
        let m1 = x.constant(-1);
        let e = x.floor_div(min, m1);
        assert!(matches!(x.node(e), Expr::FloorDiv(..)));
    }
}
