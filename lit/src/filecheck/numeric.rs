//! FileCheck numeric substitution blocks: `[[#%x,VAR: EXPR]]`.
//!
//! Grammar (LLVM 19): an optional format `%[#][.P]{u,d,x,X},`, an optional
//! definition `NAME:`, an optional `==` constraint, and an optional expression
//! built from numeric variables, `@LINE`, integer literals, `+`/`-`,
//! parentheses and the functions `add sub mul div min max`.

/// How a numeric value is written in the input.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKind {
    Unsigned,
    Signed,
    HexLower,
    HexUpper,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub kind: FormatKind,
    /// Minimum number of digits (zero padded).
    pub precision: u32,
    /// `%#x`: a `0x` prefix.
    pub alt: bool,
}

impl Format {
    pub const UNSIGNED: Format = Format {
        kind: FormatKind::Unsigned,
        precision: 0,
        alt: false,
    };

    /// The regex (in `regex`-crate syntax) matching any value of this format.
    /// The format as FileCheck names it in messages (`%u`, `%d`, `%x`, `%X`).
    pub fn spec(self) -> &'static str {
        match self.kind {
            FormatKind::Unsigned => "%u",
            FormatKind::Signed => "%d",
            FormatKind::HexLower => "%x",
            FormatKind::HexUpper => "%X",
        }
    }

    pub fn wildcard(self) -> String {
        let (first, digit) = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => ("[1-9]", "[0-9]"),
            FormatKind::HexLower => ("[1-9a-f]", "[0-9a-f]"),
            FormatKind::HexUpper => ("[1-9A-F]", "[0-9A-F]"),
        };
        let mut s = String::new();
        if self.kind == FormatKind::Signed {
            s.push_str("-?");
        }
        if self.alt {
            s.push_str("0x");
        }
        if self.precision == 0 {
            s.push_str(digit);
            s.push('+');
        } else {
            s.push_str(&format!("({first}{digit}*)?{digit}{{{}}}", self.precision));
        }
        s
    }

    /// The text of `value` in this format, or `None` if it cannot be written
    /// (a negative value in an unsigned format).
    pub fn render(self, value: i128) -> Option<String> {
        let neg = value < 0;
        if neg && self.kind != FormatKind::Signed {
            return None;
        }
        let mag = value.unsigned_abs();
        let digits = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => mag.to_string(),
            FormatKind::HexLower => format!("{mag:x}"),
            FormatKind::HexUpper => format!("{mag:X}"),
        };
        let mut s = String::new();
        if neg {
            s.push('-');
        }
        if self.alt {
            s.push_str("0x");
        }
        for _ in digits.len()..self.precision as usize {
            s.push('0');
        }
        s.push_str(&digits);
        Some(s)
    }

    /// Parses text matched by [`Format::wildcard`].
    pub fn parse(self, text: &str) -> Option<i128> {
        let (neg, rest) = match text.strip_prefix('-') {
            Some(r) => (true, r),
            None => (false, text),
        };
        let rest = if self.alt {
            rest.strip_prefix("0x").unwrap_or(rest)
        } else {
            rest
        };
        let radix = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => 10,
            FormatKind::HexLower | FormatKind::HexUpper => 16,
        };
        let v = i128::from_str_radix(rest, radix).ok()?;
        Some(if neg { -v } else { v })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    Add,
    Sub,
    Mul,
    Div,
    Min,
    Max,
}

/// An expression node; children are indices into [`NumBlock::nodes`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Lit(i128),
    /// A numeric variable (or `@LINE`) and its offset in the block.
    Var {
        name: String,
        offset: usize,
    },
    Binary {
        add: bool,
        lhs: u32,
        rhs: u32,
    },
    Call {
        func: Func,
        args: Vec<u32>,
    },
}

/// A parsed numeric substitution block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NumBlock {
    pub format: Option<Format>,
    /// The variable this block defines, with its offset in the block.
    pub def: Option<(String, usize)>,
    pub nodes: Vec<Node>,
    /// Each node's text (offsets in the block), parallel to `nodes`.
    pub spans: Vec<(usize, usize)>,
    /// Root of the expression, if there is one.
    pub root: Option<u32>,
    /// The expression text (`VAR+1`), for diagnostics.
    pub expr_text: String,
    /// The block's whole text (what `spans` index).
    pub source: String,
}

/// A parse error: offset in the block text and message.
pub type BlockError = (usize, String);

const MAX_DEPTH: u32 = 200;

/// Parses the text between `[[#` and `]]`. `legacy` is the `[[@LINE+N]]`
/// form, which allows only `@LINE`, `@LINE+N` and `@LINE-N`.
pub fn parse_block(text: &str, legacy: bool) -> Result<NumBlock, BlockError> {
    let mut block = NumBlock {
        format: None,
        def: None,
        nodes: Vec::new(),
        spans: Vec::new(),
        root: None,
        expr_text: String::new(),
        source: text.to_string(),
    };
    let mut pos = 0usize;
    let comma = text.find(',');
    let paren = text.find('(');
    if let Some(c) = comma {
        if !matches!(paren, Some(p) if p < c) {
            block.format = Some(parse_format(&text[..c])?);
            pos = c + 1;
        }
    }
    let mut expr_start = pos;
    if let Some(colon) = text[pos..].find(':') {
        let def_text = &text[pos..pos + colon];
        let lead = def_text.len() - def_text.trim_start().len();
        let name_text = def_text.trim();
        let name_off = pos + lead;
        let (name, used) =
            parse_name(name_text).ok_or_else(|| (name_off, name_error(name_text).to_string()))?;
        if name.starts_with('@') {
            return Err((
                name_off,
                "definition of pseudo numeric variable unsupported".to_string(),
            ));
        }
        if used != name_text.len() {
            return Err((
                name_off + used,
                "unexpected characters after numeric variable name".to_string(),
            ));
        }
        block.def = Some((name.to_string(), name_off));
        expr_start = pos + colon + 1;
    }
    let mut p = Parser {
        text,
        pos: expr_start,
        nodes: Vec::new(),
        spans: Vec::new(),
        legacy,
        maybe_constraint: false,
    };
    p.skip_ws();
    let constraint = p.rest().starts_with("==");
    if constraint {
        p.pos += 2;
        p.skip_ws();
    }
    p.maybe_constraint = !constraint;
    if p.rest().is_empty() && constraint {
        return Err((
            p.pos,
            "empty numeric expression should not have a constraint".to_string(),
        ));
    }
    if !p.rest().is_empty() {
        // FileCheck drops trailing blanks before parsing the expression.
        p.text = p.text.trim_end_matches([' ', '\t']);
        let begin = p.pos;
        let root = p.expr(0, false)?;
        p.skip_ws();
        if let Some(c) = p.rest().chars().next() {
            return Err((p.pos, format!("unsupported operation '{c}'")));
        }
        block.root = Some(root);
        let _ = begin;
        // FileCheck names the substitution by its whole block text.
        block.expr_text = text.to_string();
    }
    block.nodes = p.nodes;
    block.spans = p.spans;
    Ok(block)
}

/// FileCheck's format specifier (`%u`, `%.8x`, `%#X`, `%.3`); errors point
/// where FileCheck's do.
fn parse_format(spec: &str) -> Result<Format, BlockError> {
    let lead = spec.len() - spec.trim_start().len();
    let s = spec.trim_start();
    let at = |rest: &str| lead + s.len() - rest.len();
    let bad_spec = |rest: &str| {
        (
            at(rest),
            "invalid matching format specification in expression".to_string(),
        )
    };
    let Some(mut rest) = s.strip_prefix('%') else {
        return Err(bad_spec(s));
    };
    let alt_at = at(rest);
    let alt = if let Some(r) = rest.strip_prefix('#') {
        rest = r;
        true
    } else {
        false
    };
    let mut precision = 0;
    if let Some(r) = rest.strip_prefix('.') {
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        precision = r[..n]
            .parse()
            .map_err(|_| (at(r), "invalid precision in format specifier".to_string()))?;
        rest = &r[n..];
    }
    let mut kind = FormatKind::Unsigned;
    if !rest.is_empty() {
        kind = match rest.as_bytes()[0] {
            b'u' => FormatKind::Unsigned,
            b'd' => FormatKind::Signed,
            b'x' => FormatKind::HexLower,
            b'X' => FormatKind::HexUpper,
            _ => {
                return Err((
                    at(rest),
                    "invalid format specifier in expression".to_string(),
                ))
            }
        };
        rest = &rest[1..];
    }
    if alt && !matches!(kind, FormatKind::HexLower | FormatKind::HexUpper) {
        return Err((
            alt_at,
            "alternate form only supported for hex values".to_string(),
        ));
    }
    let rest = rest.trim_start();
    if !rest.is_empty() {
        return Err(bad_spec(rest));
    }
    Ok(Format {
        kind,
        precision,
        alt,
    })
}

/// FileCheck's message for a text where [`parse_name`] finds no name.
pub fn name_error(s: &str) -> &'static str {
    match s {
        "" => "empty variable name",
        "$" => "empty global variable name",
        "@" => "empty pseudo variable name",
        _ => "invalid variable name",
    }
}

/// A variable name at the start of `s` (`$`/`@` allowed first); returns it
/// and the bytes it used.
pub fn parse_name(s: &str) -> Option<(&str, usize)> {
    let b = s.as_bytes();
    let mut i = 0;
    if matches!(b.first(), Some(b'$' | b'@')) {
        i = 1;
    }
    match b.get(i) {
        Some(c) if c.is_ascii_alphabetic() || *c == b'_' => {}
        _ => return None,
    }
    while b
        .get(i)
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    {
        i += 1;
    }
    Some((&s[..i], i))
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    nodes: Vec<Node>,
    spans: Vec<(usize, usize)>,
    legacy: bool,
    maybe_constraint: bool,
}

impl Parser<'_> {
    fn rest(&self) -> &str {
        &self.text[self.pos..]
    }
    fn skip_ws(&mut self) {
        let r = self.rest();
        self.pos += r.len() - r.trim_start_matches([' ', '\t']).len();
    }
    /// Adds a node whose text runs from `start` to the current position.
    fn push(&mut self, n: Node, start: usize) -> u32 {
        self.nodes.push(n);
        self.spans.push((start, self.pos));
        (self.nodes.len() - 1) as u32
    }

    fn expr(&mut self, depth: u32, in_parens: bool) -> Result<u32, BlockError> {
        if depth > MAX_DEPTH {
            return Err((self.pos, "expression nested too deeply".to_string()));
        }
        // FileCheck's text of an operation (its messages name it and point
        // at it): from the first operand (a parenthesis included), but
        // inside parentheses from the operator.
        let begin = self.pos;
        let mut lhs = self.operand(depth)?;
        loop {
            self.skip_ws();
            let add = match self.rest().as_bytes().first() {
                Some(b'+') => true,
                Some(b'-') => false,
                Some(b')' | b',') | None => return Ok(lhs),
                Some(_) => {
                    let c = self.rest().chars().next().unwrap_or(' ');
                    return Err((self.pos, format!("unsupported operation '{c}'")));
                }
            };
            let op_at = self.pos;
            self.pos += 1;
            self.skip_ws();
            if self.rest().is_empty() {
                return Err((self.pos, "missing operand in expression".to_string()));
            }
            let rhs = if self.legacy {
                self.literal()?
            } else {
                self.operand(depth)?
            };
            let start = if in_parens { op_at } else { begin };
            lhs = self.push(Node::Binary { add, lhs, rhs }, start);
            // A legacy `[[@LINE+N]]` has two operands at most.
            if self.legacy && !self.rest().is_empty() {
                let msg = format!(
                    "unexpected characters at end of expression '{}'",
                    self.rest()
                );
                return Err((self.pos, msg));
            }
        }
    }

    fn literal(&mut self) -> Result<u32, BlockError> {
        let r = self.rest();
        let n = r.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return Err((self.pos, "invalid operand format".to_string()));
        }
        let v: i128 = r[..n]
            .parse()
            .map_err(|_| (self.pos, "integer literal too large".to_string()))?;
        let start = self.pos;
        self.pos += n;
        Ok(self.push(Node::Lit(v), start))
    }

    fn operand(&mut self, depth: u32) -> Result<u32, BlockError> {
        // Only the block's first operand, after no `==`, may be a
        // misspelt matching constraint.
        let maybe_constraint = std::mem::take(&mut self.maybe_constraint);
        self.skip_ws();
        let start = self.pos;
        let r = self.rest();
        if r.starts_with('(') && !self.legacy {
            self.pos += 1;
            let e = self.expr(depth + 1, true)?;
            self.skip_ws();
            if !self.rest().starts_with(')') {
                return Err((
                    self.pos,
                    "missing ')' at end of nested expression".to_string(),
                ));
            }
            self.pos += 1;
            return Ok(e);
        }
        if let Some((name, used)) = parse_name(r) {
            let name = name.to_string();
            self.pos += used;
            let name_end = self.pos;
            if self.legacy && name != "@LINE" {
                return Err((start, format!("invalid pseudo numeric variable '{name}'")));
            }
            if name.starts_with('@') && name != "@LINE" {
                return Err((start, format!("invalid pseudo numeric variable '{name}'")));
            }
            self.skip_ws();
            if self.rest().starts_with('(') && !self.legacy {
                let func = match name.as_str() {
                    "add" => Func::Add,
                    "sub" => Func::Sub,
                    "mul" => Func::Mul,
                    "div" => Func::Div,
                    "min" => Func::Min,
                    "max" => Func::Max,
                    _ => return Err((start, format!("call to undefined function '{name}'"))),
                };
                self.pos += 1;
                let mut args = Vec::new();
                loop {
                    self.skip_ws();
                    if self.rest().starts_with(')') {
                        self.pos += 1;
                        break;
                    }
                    args.push(self.expr(depth + 1, false)?);
                    self.skip_ws();
                    if self.rest().starts_with(',') {
                        self.pos += 1;
                        self.skip_ws();
                        if self.rest().starts_with(')') {
                            return Err((self.pos, "missing argument".to_string()));
                        }
                    } else if !self.rest().starts_with(')') {
                        return Err((
                            self.pos,
                            "missing ')' at end of call expression".to_string(),
                        ));
                    }
                }
                if args.len() != 2 {
                    return Err((
                        start,
                        format!(
                            "function '{name}' takes 2 arguments but {} given",
                            args.len()
                        ),
                    ));
                }
                return Ok(self.push(Node::Call { func, args }, start));
            }
            let n = self.push(
                Node::Var {
                    name,
                    offset: start,
                },
                start,
            );
            // A variable's text is its name, without the blanks after it.
            if let Some(span) = self.spans.last_mut() {
                span.1 = name_end;
            }
            return Ok(n);
        }
        if self.legacy {
            return Err((start, "invalid operand format".to_string()));
        }
        // Integer literal, optionally negative, decimal or 0x hex.
        let (neg, body) = match r.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, r),
        };
        let (radix, digits_from) = if body.starts_with("0x") || body.starts_with("0X") {
            (16, 2)
        } else {
            (10, 0)
        };
        let d = &body[digits_from..];
        let n = d
            .bytes()
            .take_while(|c| c.is_ascii_hexdigit() && (radix == 16 || c.is_ascii_digit()))
            .count();
        if n == 0 {
            let msg = if maybe_constraint {
                "invalid matching constraint or operand format"
            } else {
                "invalid operand format"
            };
            return Err((start, msg.to_string()));
        }
        let v = i128::from_str_radix(&d[..n], radix)
            .map_err(|_| (start, "integer literal too large".to_string()))?;
        self.pos += usize::from(neg) + digits_from + n;
        Ok(self.push(Node::Lit(if neg { -v } else { v }), start))
    }
}

/// Why an expression could not be evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EvalError {
    Undefined { name: String, offset: usize },
    Overflow,
}

impl NumBlock {
    /// Evaluates the expression; `lookup` gives a variable's value. Every
    /// error is returned, in order: both operands of an operation are
    /// evaluated, as FileCheck joins their errors.
    pub fn eval(
        &self,
        lookup: &dyn Fn(&str) -> Option<i128>,
    ) -> Result<Option<i128>, Vec<EvalError>> {
        match self.root {
            None => Ok(None),
            Some(r) => self.eval_node(r, lookup, 0).map(Some),
        }
    }

    fn eval_node(
        &self,
        idx: u32,
        lookup: &dyn Fn(&str) -> Option<i128>,
        depth: u32,
    ) -> Result<i128, Vec<EvalError>> {
        if depth > MAX_DEPTH {
            return Err(vec![EvalError::Overflow]);
        }
        let Some(node) = self.nodes.get(idx as usize) else {
            return Err(vec![EvalError::Overflow]);
        };
        let pair;
        let (op, operands): (Func, &[u32]) = match node {
            Node::Lit(v) => return Ok(*v),
            Node::Var { name, offset } => {
                return lookup(name).ok_or_else(|| {
                    vec![EvalError::Undefined {
                        name: name.clone(),
                        offset: *offset,
                    }]
                })
            }
            Node::Binary { add, lhs, rhs } => {
                pair = [*lhs, *rhs];
                (if *add { Func::Add } else { Func::Sub }, &pair[..])
            }
            Node::Call { func, args } => (*func, args.as_slice()),
        };
        let mut vals = Vec::with_capacity(operands.len());
        let mut errors = Vec::new();
        for &a in operands {
            match self.eval_node(a, lookup, depth + 1) {
                Ok(v) => vals.push(v),
                Err(e) => errors.extend(e),
            }
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        let (Some(&a), Some(&b)) = (vals.first(), vals.get(1)) else {
            return Err(vec![EvalError::Overflow]);
        };
        let r = match op {
            Func::Add => a.checked_add(b),
            Func::Sub => a.checked_sub(b),
            Func::Mul => a.checked_mul(b),
            Func::Div => a.checked_div(b),
            Func::Min => Some(a.min(b)),
            Func::Max => Some(a.max(b)),
        };
        r.ok_or_else(|| vec![EvalError::Overflow])
    }

    /// The expression's implicit format (FileCheck's `getImplicitFormat`):
    /// a variable's own, none for a literal, and for an operation the one
    /// of its operands that has one; operands of two different formats are
    /// an error (its offset in the block and message). `format_of` gives a
    /// variable's format.
    pub fn implicit_format(
        &self,
        format_of: &dyn Fn(&str) -> Format,
    ) -> Result<Option<Format>, BlockError> {
        match self.root {
            None => Ok(None),
            Some(r) => self.implicit_node(r, format_of, 0),
        }
    }

    fn implicit_node(
        &self,
        idx: u32,
        format_of: &dyn Fn(&str) -> Format,
        depth: u32,
    ) -> Result<Option<Format>, BlockError> {
        let Some(node) = self.nodes.get(idx as usize) else {
            return Ok(None);
        };
        if depth > MAX_DEPTH {
            return Ok(None);
        }
        let pair;
        let operands: &[u32] = match node {
            Node::Lit(_) => return Ok(None),
            Node::Var { name, .. } => return Ok(Some(format_of(name))),
            Node::Binary { lhs, rhs, .. } => {
                pair = [*lhs, *rhs];
                &pair
            }
            Node::Call { args, .. } => args,
        };
        let (Some(&l), Some(&r)) = (operands.first(), operands.get(1)) else {
            return Ok(None);
        };
        let lf = self.implicit_node(l, format_of, depth + 1)?;
        let rf = self.implicit_node(r, format_of, depth + 1)?;
        match (lf, rf) {
            (Some(a), Some(b)) if a != b => {
                // FileCheck names a call by the text after it (to the end
                // of the expression), and points there.
                let end = self.source.trim_end_matches([' ', '\t']).len();
                let span = |n: u32| {
                    let (s, e) = self.spans.get(n as usize).copied().unwrap_or((0, 0));
                    match self.nodes.get(n as usize) {
                        Some(Node::Call { .. }) => (e, end.max(e)),
                        _ => (s, e),
                    }
                };
                // An operation's text ends at its last operand: the spaces
                // before the next operator are not part of it.
                let text = |n: u32| {
                    let (s, e) = span(n);
                    let t = self.source.get(s..e).unwrap_or_default();
                    match self.nodes.get(n as usize) {
                        Some(Node::Binary { .. }) => t.trim_end_matches([' ', '\t']).to_string(),
                        _ => t.to_string(),
                    }
                };
                let start = span(idx).0;
                Err((
                    start,
                    format!(
                        "implicit format conflict between '{}' ({}) and '{}' ({}), need an explicit format specifier",
                        text(l),
                        a.spec(),
                        text(r),
                        b.spec()
                    ),
                ))
            }
            (a, b) => Ok(a.or(b)),
        }
    }

    /// The names of the variables the expression reads, in order.
    pub fn uses(&self) -> impl Iterator<Item = &str> {
        self.nodes.iter().filter_map(|n| match n {
            Node::Var { name, .. } => Some(name.as_str()),
            Node::Lit(_) | Node::Binary { .. } | Node::Call { .. } => None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(text: &str, vars: &[(&str, i128)]) -> Result<Option<i128>, String> {
        let b = parse_block(text, false).map_err(|e| e.1)?;
        let look = |n: &str| vars.iter().find(|v| v.0 == n).map(|v| v.1);
        b.eval(&look).map_err(|e| format!("{e:?}"))
    }

    #[test]
    fn expressions() {
        assert_eq!(eval("N+1", &[("N", 4)]), Ok(Some(5)));
        assert_eq!(eval("N - 2 + M", &[("N", 4), ("M", 10)]), Ok(Some(12)));
        assert_eq!(eval("add(N, mul(2, 3))", &[("N", 1)]), Ok(Some(7)));
        assert_eq!(eval("VAR:", &[]), Ok(None));
        assert_eq!(eval("%x,A:", &[]).map(|_| ()), Ok(()));
        assert!(eval("N*2", &[("N", 1)]).is_err());
    }

    #[test]
    fn formats() {
        let f = parse_format("%.4X").ok();
        assert_eq!(f.and_then(|f| f.render(255)), Some("00FF".to_string()));
        let f = parse_format("%#x").ok();
        assert_eq!(f.and_then(|f| f.parse("0x1f")), Some(31));
        assert_eq!(Format::UNSIGNED.render(-1), None);
    }
}
