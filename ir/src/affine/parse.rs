//! The inline syntax of affine maps and integer sets, parsed as MLIR's
//! `AffineParser` parses it: the same grammar, associativity and order of
//! construction (so the same simplifications apply), and the same messages
//! at the same tokens.

use super::expr::{ExprId, Exprs};

/// Where a parse error goes, as the two ways MLIR's parser reports one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ErrorAt {
    /// `emitError`: at this byte offset.
    At(usize),
    /// `emitWrongTokenError`: about the token at this offset, which the
    /// caller places after the previous token when whitespace separates them.
    WrongToken(usize),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub at: ErrorAt,
    pub msg: String,
    /// Errors MLIR emits after this one while the parse unwinds (a
    /// negation whose operand failed adds "missing operand of negation"),
    /// each at a byte offset, in order.
    pub then: Vec<(usize, String)>,
}

/// A parsed map or set, in the shared expression arena.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Parsed {
    Map {
        dims: u32,
        syms: u32,
        results: Vec<ExprId>,
    },
    Set {
        dims: u32,
        syms: u32,
        constraints: Vec<(ExprId, bool)>,
    },
}

/// Deeper parentheses than this are refused rather than recursed into.
const MAX_DEPTH: u32 = 512;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    LParen,
    RParen,
    LSquare,
    RSquare,
    Comma,
    Colon,
    Arrow,
    Plus,
    Minus,
    Star,
    Greater,
    Less,
    Equal,
    Percent,
    Int,
    Ident,
    /// Anything else (a float, a string, a stray character), or the end.
    Other,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Low {
    Add,
    Sub,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum High {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

struct Parser<'s, 'x> {
    src: &'s [u8],
    /// Start of the current token, and its end.
    pos: usize,
    end: usize,
    tok: Tok,
    names: Vec<(&'s [u8], ExprId)>,
    x: &'x mut Exprs,
    depth: u32,
}

type R<T> = Result<T, ParseError>;

/// Parses a map or a set starting at `pos` (just after the `<`); returns it
/// and the offset of the first token after it.
pub fn parse_map_or_set(src: &[u8], pos: usize, x: &mut Exprs) -> R<(Parsed, usize)> {
    let mut p = Parser {
        src,
        pos,
        end: pos,
        tok: Tok::Other,
        names: Vec::new(),
        x,
        depth: 0,
    };
    p.lex();
    let parsed = p.map_or_set()?;
    Ok((parsed, p.pos))
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

impl<'s> Parser<'s, '_> {
    /// Reads the token at `end`, after whitespace and comments.
    fn lex(&mut self) {
        let s = self.src;
        let mut i = self.end;
        loop {
            match s.get(i) {
                Some(b' ' | b'\t' | b'\n' | b'\r' | 0) => i += 1,
                Some(b'/') if s.get(i + 1) == Some(&b'/') => {
                    while s.get(i).is_some_and(|&c| c != b'\n') {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        self.pos = i;
        let Some(&c) = s.get(i) else {
            self.tok = Tok::Other;
            self.end = i;
            return;
        };
        let (tok, len) = match c {
            b'(' => (Tok::LParen, 1),
            b')' => (Tok::RParen, 1),
            b'[' => (Tok::LSquare, 1),
            b']' => (Tok::RSquare, 1),
            b',' => (Tok::Comma, 1),
            b':' => (Tok::Colon, 1),
            b'-' if s.get(i + 1) == Some(&b'>') => (Tok::Arrow, 2),
            b'-' => (Tok::Minus, 1),
            b'+' => (Tok::Plus, 1),
            b'*' => (Tok::Star, 1),
            b'>' => (Tok::Greater, 1),
            b'<' => (Tok::Less, 1),
            b'=' => (Tok::Equal, 1),
            b'%' => {
                let n = s[i + 1..].iter().take_while(|&&c| is_ident_char(c)).count();
                (Tok::Percent, 1 + n)
            }
            b'0'..=b'9' => {
                if c == b'0'
                    && s.get(i + 1) == Some(&b'x')
                    && s.get(i + 2).is_some_and(|c| c.is_ascii_hexdigit())
                {
                    let n = s[i + 2..]
                        .iter()
                        .take_while(|c| c.is_ascii_hexdigit())
                        .count();
                    (Tok::Int, 2 + n)
                } else {
                    let n = s[i..].iter().take_while(|c| c.is_ascii_digit()).count();
                    // Digits followed by '.' lex as a float.
                    if s.get(i + n) == Some(&b'.') {
                        (Tok::Other, n + 1)
                    } else {
                        (Tok::Int, n)
                    }
                }
            }
            c if is_ident_start(c) => {
                let n = s[i..].iter().take_while(|&&c| is_ident_char(c)).count();
                (Tok::Ident, n)
            }
            _ => (Tok::Other, 1),
        };
        self.tok = tok;
        self.end = i + len;
    }

    fn text(&self) -> &'s [u8] {
        &self.src[self.pos..self.end]
    }

    fn consume_if(&mut self, t: Tok) -> bool {
        if self.tok == t {
            self.lex();
            true
        } else {
            false
        }
    }

    fn err<T>(&self, at: usize, msg: impl Into<String>) -> R<T> {
        Err(ParseError {
            at: ErrorAt::At(at),
            msg: msg.into(),
            then: Vec::new(),
        })
    }
    fn err_here<T>(&self, msg: impl Into<String>) -> R<T> {
        self.err(self.pos, msg)
    }
    fn wrong_token<T>(&self, msg: impl Into<String>) -> R<T> {
        Err(ParseError {
            at: ErrorAt::WrongToken(self.pos),
            msg: msg.into(),
            then: Vec::new(),
        })
    }

    fn expect(&mut self, t: Tok, msg: &str) -> R<()> {
        if self.consume_if(t) {
            Ok(())
        } else {
            self.wrong_token(msg)
        }
    }

    /// `open elt (, elt)* close`, or empty, as `parseCommaSeparatedList`.
    fn list(
        &mut self,
        open: (Tok, &str),
        close: (Tok, &str),
        context: &str,
        mut elt: impl FnMut(&mut Self) -> R<()>,
    ) -> R<()> {
        self.expect(open.0, &format!("expected '{}'{context}", open.1))?;
        if self.consume_if(close.0) {
            return Ok(());
        }
        elt(self)?;
        while self.consume_if(Tok::Comma) {
            elt(self)?;
        }
        self.expect(close.0, &format!("expected '{}'{context}", close.1))
    }

    fn define(&mut self, e: ExprId) -> R<()> {
        if self.tok != Tok::Ident {
            return self.wrong_token("expected bare identifier");
        }
        let name = self.text();
        if self.names.iter().any(|(n, _)| *n == name) {
            return self.err_here(format!(
                "redefinition of identifier '{}'",
                String::from_utf8_lossy(name)
            ));
        }
        self.lex();
        self.names.push((name, e));
        Ok(())
    }

    fn map_or_set(&mut self) -> R<Parsed> {
        let mut dims = 0u32;
        self.list(
            (Tok::LParen, "("),
            (Tok::RParen, ")"),
            " in dimensional identifier list",
            |p| {
                let e = p.x.dim(dims);
                dims += 1;
                p.define(e)
            },
        )?;
        let mut syms = 0u32;
        if self.tok == Tok::LSquare {
            self.list(
                (Tok::LSquare, "["),
                (Tok::RSquare, "]"),
                " in symbol list",
                |p| {
                    let e = p.x.sym(syms);
                    syms += 1;
                    p.define(e)
                },
            )?;
        }
        if self.consume_if(Tok::Arrow) {
            let mut results = Vec::new();
            self.list(
                (Tok::LParen, "("),
                (Tok::RParen, ")"),
                " in affine map range",
                |p| {
                    results.push(p.expr()?);
                    Ok(())
                },
            )?;
            return Ok(Parsed::Map {
                dims,
                syms,
                results,
            });
        }
        self.expect(Tok::Colon, "expected '->' or ':'")?;
        let mut constraints = Vec::new();
        self.list(
            (Tok::LParen, "("),
            (Tok::RParen, ")"),
            " in integer set constraint list",
            |p| {
                constraints.push(p.constraint()?);
                Ok(())
            },
        )?;
        if constraints.is_empty() {
            // No constraint is the set `0 == 0`.
            constraints.push((self.x.constant(0), true));
        }
        Ok(Parsed::Set {
            dims,
            syms,
            constraints,
        })
    }

    /// `e >= f`, `e <= f` or `e == f`, normalised to `g >= 0` / `g == 0`.
    fn constraint(&mut self) -> R<(ExprId, bool)> {
        let lhs = self.expr()?;
        if self.consume_if(Tok::Greater) && self.consume_if(Tok::Equal) {
            let rhs = self.expr()?;
            return Ok((self.x.sub(lhs, rhs), false));
        }
        if self.consume_if(Tok::Less) && self.consume_if(Tok::Equal) {
            let rhs = self.expr()?;
            return Ok((self.x.sub(rhs, lhs), false));
        }
        if self.consume_if(Tok::Equal) && self.consume_if(Tok::Equal) {
            let rhs = self.expr()?;
            return Ok((self.x.sub(lhs, rhs), true));
        }
        self.err_here("expected '== affine-expr' or '>= affine-expr' at end of affine constraint")
    }

    fn low_op(&mut self) -> Option<Low> {
        let op = match self.tok {
            Tok::Plus => Low::Add,
            Tok::Minus => Low::Sub,
            _ => return None,
        };
        self.lex();
        Some(op)
    }

    fn high_op(&mut self) -> Option<High> {
        let op = match (self.tok, self.text()) {
            (Tok::Star, _) => High::Mul,
            (Tok::Ident, b"floordiv") => High::FloorDiv,
            (Tok::Ident, b"ceildiv") => High::CeilDiv,
            (Tok::Ident, b"mod") => High::Mod,
            _ => return None,
        };
        self.lex();
        Some(op)
    }

    fn low(&mut self, op: Low, l: ExprId, r: ExprId) -> ExprId {
        match op {
            Low::Add => self.x.add(l, r),
            Low::Sub => self.x.sub(l, r),
        }
    }

    fn high(&mut self, op: High, l: ExprId, r: ExprId, at: usize) -> R<ExprId> {
        let x = &mut *self.x;
        let (rhs_ok, what) = match op {
            High::Mul => {
                if !x.is_symbolic_or_constant(l) && !x.is_symbolic_or_constant(r) {
                    return self.err(
                        at,
                        "non-affine expression: at least one of the multiply operands has to be \
                         either a constant or symbolic",
                    );
                }
                return Ok(x.mul(l, r));
            }
            High::FloorDiv => (x.is_symbolic_or_constant(r), "floordiv"),
            High::CeilDiv => (x.is_symbolic_or_constant(r), "ceildiv"),
            High::Mod => (x.is_symbolic_or_constant(r), "mod"),
        };
        if !rhs_ok {
            return self.err(
                at,
                format!(
                    "non-affine expression: right operand of {what} has to be either a \
                     constant or symbolic"
                ),
            );
        }
        Ok(match op {
            High::FloorDiv => x.floor_div(l, r),
            High::CeilDiv => x.ceil_div(l, r),
            _ => x.modulo(l, r),
        })
    }

    /// An affine expression: sums of products, left associative, built in
    /// the order MLIR's recursive parser builds them.
    fn expr(&mut self) -> R<ExprId> {
        let mut acc: Option<(ExprId, Low)> = None;
        loop {
            let lhs = self.operand(acc.is_some())?;
            if let Some(op) = self.low_op() {
                let e = match acc {
                    Some((ll, llop)) => self.low(llop, ll, lhs),
                    None => lhs,
                };
                acc = Some((e, op));
                continue;
            }
            let at = self.pos;
            if let Some(hop) = self.high_op() {
                let product = self.product(lhs, hop, at)?;
                let e = match acc {
                    Some((ll, llop)) => self.low(llop, ll, product),
                    None => product,
                };
                if let Some(op) = self.low_op() {
                    acc = Some((e, op));
                    continue;
                }
                return Ok(e);
            }
            return Ok(match acc {
                Some((ll, llop)) => self.low(llop, ll, lhs),
                None => lhs,
            });
        }
    }

    /// `first op operand (op operand)*` for the high-precedence operators;
    /// a non-affine operator is reported at the operator after it, as
    /// MLIR's parser does.
    fn product(&mut self, first: ExprId, op: High, op_at: usize) -> R<ExprId> {
        let (mut ll, mut llop, mut ll_at) = (first, op, op_at);
        loop {
            let lhs = self.operand(true)?;
            let at = self.pos;
            if let Some(op) = self.high_op() {
                ll = self.high(llop, ll, lhs, at)?;
                llop = op;
                ll_at = at;
                continue;
            }
            return self.high(llop, ll, lhs, ll_at);
        }
    }

    /// An operand: a name, an integer, a parenthesised or negated
    /// expression. `after_op` says a binary operator precedes it.
    fn operand(&mut self, after_op: bool) -> R<ExprId> {
        match self.tok {
            Tok::Ident if self.text() == b"symbol" => {
                self.lex();
                self.expect(Tok::LParen, "expected '(' at start of SSA symbol")?;
                self.wrong_token("unexpected ssa identifier")
            }
            // The lexer's error for a `%` without a name comes first.
            Tok::Percent if self.end - self.pos == 1 => self.err_here("invalid SSA name"),
            Tok::Percent => self.wrong_token("unexpected ssa identifier"),
            Tok::Int => {
                let t = self.text();
                let v = match t.strip_prefix(b"0x") {
                    Some(h) => std::str::from_utf8(h)
                        .ok()
                        .and_then(|h| u64::from_str_radix(h, 16).ok()),
                    None => std::str::from_utf8(t)
                        .ok()
                        .and_then(|d| d.parse::<u64>().ok()),
                };
                match v.and_then(|v| i64::try_from(v).ok()) {
                    Some(v) => {
                        self.lex();
                        Ok(self.x.constant(v))
                    }
                    None => self.err_here("constant too large for index"),
                }
            }
            Tok::LParen => {
                if self.depth >= MAX_DEPTH {
                    return self.err_here("affine expression nested too deeply");
                }
                self.lex();
                if self.tok == Tok::RParen {
                    return self.err_here("no expression inside parentheses");
                }
                self.depth += 1;
                let e = self.expr();
                self.depth -= 1;
                let e = e?;
                self.expect(Tok::RParen, "expected ')'")?;
                Ok(e)
            }
            Tok::Minus => {
                if self.depth >= MAX_DEPTH {
                    return self.err_here("affine expression nested too deeply");
                }
                self.lex();
                self.depth += 1;
                let e = self.operand(after_op);
                self.depth -= 1;
                match e {
                    Ok(e) => Ok(self.x.neg(e)),
                    Err(mut err) => {
                        err.then
                            .push((self.pos, "missing operand of negation".into()));
                        Err(err)
                    }
                }
            }
            Tok::Ident => {
                let name = self.text();
                match self.names.iter().find(|(n, _)| *n == name) {
                    Some(&(_, e)) => {
                        self.lex();
                        Ok(e)
                    }
                    None => self.wrong_token("use of undeclared identifier"),
                }
            }
            Tok::Plus | Tok::Star if !after_op => {
                self.err_here("missing left operand of binary operator")
            }
            _ if after_op => self.err_here("missing right operand of binary operator"),
            _ => self.err_here("expected affine expression"),
        }
    }
}
