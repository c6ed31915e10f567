//! lit's boolean feature expressions (`REQUIRES:`, `UNSUPPORTED:`,
//! `XFAIL:`), as lit's `BooleanExpression` reads them:
//!
//! ```text
//! expr     ::= or_expr
//! or_expr  ::= and_expr ('||' and_expr)*
//! and_expr ::= not_expr ('&&' not_expr)*
//! not_expr ::= '!' not_expr | '(' or_expr ')' | match
//! match    ::= (identifier | '{{' regex '}}')+
//! ```
//!
//! An identifier is true when it is one of the features (or `true`); a
//! match with `{{regex}}` parts is true when the whole of some feature
//! matches it. Errors use lit's words.

/// Evaluates `expr` against `features`.
pub fn evaluate(expr: &str, features: &[String]) -> Result<bool, String> {
    let tokens = tokenize(expr).map_err(|e| format!("{e}\nin expression: '{expr}'"))?;
    let mut p = Parser {
        tokens,
        pos: 0,
        features,
        expr,
    };
    let v = p.or_expr()?;
    if let Some(t) = p.tokens.get(p.pos) {
        return Err(p.error("expected: <end of expression>", t));
    }
    Ok(v)
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Tok {
    And,
    Or,
    Not,
    Open,
    Close,
    /// A match: identifier text and `{{regex}}` parts, as a regex.
    Match {
        text: String,
        re: Option<String>,
    },
}

fn tokenize(s: &str) -> Result<Vec<Tok>, String> {
    let mut res = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if s[i..].starts_with("&&") {
            res.push(Tok::And);
            i += 2;
        } else if s[i..].starts_with("||") {
            res.push(Tok::Or);
            i += 2;
        } else if c == b'!' {
            res.push(Tok::Not);
            i += 1;
        } else if c == b'(' {
            res.push(Tok::Open);
            i += 1;
        } else if c == b')' {
            res.push(Tok::Close);
            i += 1;
        } else if is_ident(c) || s[i..].starts_with("{{") {
            let start = i;
            let mut re = String::new();
            let mut has_re = false;
            while i < b.len() {
                if s[i..].starts_with("{{") {
                    let Some(end) = s[i + 2..].find("}}") else {
                        return Err(format!("couldn't parse text: '{}'", &s[i..]));
                    };
                    re.push('(');
                    re.push_str(&s[i + 2..i + 2 + end]);
                    re.push(')');
                    has_re = true;
                    i += end + 4;
                } else if is_ident(b[i]) {
                    let n = s[i..].bytes().take_while(|c| is_ident(*c)).count();
                    re.push_str(&regex::escape(&s[i..i + n]));
                    i += n;
                } else {
                    break;
                }
            }
            res.push(Tok::Match {
                text: s[start..i].to_string(),
                re: has_re.then_some(re),
            });
        } else {
            return Err(format!("couldn't parse text: '{}'", &s[i..]));
        }
    }
    Ok(res)
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"-+=._".contains(&c)
}

struct Parser<'a> {
    tokens: Vec<Tok>,
    pos: usize,
    features: &'a [String],
    expr: &'a str,
}

impl Parser<'_> {
    fn error(&self, expected: &str, have: &Tok) -> String {
        let have = match have {
            Tok::And => "&&".to_string(),
            Tok::Or => "||".to_string(),
            Tok::Not => "!".to_string(),
            Tok::Open => "(".to_string(),
            Tok::Close => ")".to_string(),
            Tok::Match { text, .. } => text.clone(),
        };
        format!("{expected}\nhave: '{have}'\nin expression: '{}'", self.expr)
    }

    fn or_expr(&mut self) -> Result<bool, String> {
        let mut v = self.and_expr()?;
        while self.tokens.get(self.pos) == Some(&Tok::Or) {
            self.pos += 1;
            let r = self.and_expr()?;
            v = v || r;
        }
        Ok(v)
    }

    fn and_expr(&mut self) -> Result<bool, String> {
        let mut v = self.not_expr()?;
        while self.tokens.get(self.pos) == Some(&Tok::And) {
            self.pos += 1;
            let r = self.not_expr()?;
            v = v && r;
        }
        Ok(v)
    }

    fn not_expr(&mut self) -> Result<bool, String> {
        let Some(t) = self.tokens.get(self.pos).cloned() else {
            return Err(format!(
                "expected: '!', '(', '{{{{', or identifier\nhave: <end of expression>\nin expression: '{}'",
                self.expr
            ));
        };
        self.pos += 1;
        match t {
            Tok::Not => Ok(!self.not_expr()?),
            Tok::Open => {
                let v = self.or_expr()?;
                match self.tokens.get(self.pos) {
                    Some(Tok::Close) => {
                        self.pos += 1;
                        Ok(v)
                    }
                    Some(t) => Err(self.error("expected: ')'", t)),
                    None => Err(format!(
                        "expected: ')'\nhave: <end of expression>\nin expression: '{}'",
                        self.expr
                    )),
                }
            }
            Tok::Match { text, re: None } => Ok(text == "true" || self.features.contains(&text)),
            Tok::Match { re: Some(re), .. } => {
                let re = regex::Regex::new(&format!("^(?:{re})$")).map_err(|e| e.to_string())?;
                Ok(self.features.iter().any(|f| re.is_match(f)))
            }
            t => Err(self.error("expected: '!', '(', '{{', or identifier", &t)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::evaluate;

    fn check(expr: &str, expect: Result<bool, &str>) {
        let features: Vec<String> = ["irkit", "linux", "x86_64-linux"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(
            evaluate(expr, &features),
            expect.map_err(str::to_string),
            "{expr}"
        );
    }

    #[test]
    fn expressions() {
        check("irkit", Ok(true));
        check("true", Ok(true));
        check("false", Ok(false));
        check("!irkit", Ok(false));
        check("irkit && !windows", Ok(true));
        check("windows || (linux && irkit)", Ok(true));
        check("{{x86_64-.+}}", Ok(true));
        check("x86{{_64}}-linux", Ok(true));
        check("{{x86}}", Ok(false));
        // Errors as lit's BooleanExpression words them (checked with lit).
        check("irkit &&", Err("expected: '!', '(', '{{', or identifier\nhave: <end of expression>\nin expression: 'irkit &&'"));
        check(
            "(irkit linux",
            Err("expected: ')'\nhave: 'linux'\nin expression: '(irkit linux'"),
        );
        check(
            "irkit linux",
            Err("expected: <end of expression>\nhave: 'linux'\nin expression: 'irkit linux'"),
        );
        check(
            "&& irkit",
            Err("expected: '!', '(', '{{', or identifier\nhave: '&&'\nin expression: '&& irkit'"),
        );
        check(
            "a % b",
            Err("couldn't parse text: '% b'\nin expression: 'a % b'"),
        );
        check(
            "{{x",
            Err("couldn't parse text: '{{x'\nin expression: '{{x'"),
        );
    }
}
