//! Translation of FileCheck's regular expressions (POSIX extended regular
//! expressions as LLVM's `Regex` implements them, compiled with
//! `REG_NEWLINE`) into the syntax of the `regex` crate.
//!
//! The differences that matter in practice:
//! - A backslash outside brackets makes the next character ordinary, so
//!   `\t` is the letter `t` and `\.` is a dot; `\1`..`\9` are
//!   back-references, which the `regex` crate cannot express.
//! - Inside brackets a backslash is an ordinary character, `]` first in the
//!   list is literal, and `[` is literal unless it opens `[:class:]`.
//! - With `REG_NEWLINE`, `.` and negated brackets never match a newline, and
//!   `^`/`$` match at line boundaries.
//! - A `{` that does not start a bound `{m,n}` is an ordinary character.

use std::fmt::Write as _;

/// Why a FileCheck regex could not be translated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegexError {
    /// Byte offset in the source regex.
    pub offset: usize,
    pub message: String,
}

/// Appends the `regex`-crate form of the POSIX ERE `src` to `out`.
pub fn translate(out: &mut String, src: &str) -> Result<(), RegexError> {
    let b = src.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() {
        let c = b[i];
        match c {
            b'\\' => {
                let Some(ch) = src[i + 1..].chars().next() else {
                    return Err(err(i, "trailing backslash (\\)"));
                };
                if ch.is_ascii_digit() && ch != '0' {
                    return Err(err(
                        i,
                        "back-references are not supported by irkit filecheck",
                    ));
                }
                push_literal(out, ch);
                i += 1 + ch.len_utf8();
            }
            b'[' => {
                i = bracket(out, src, i)?;
            }
            b'{' => {
                // A bound only when `{` is followed by digits.
                let rest = &b[i + 1..];
                let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
                if digits > 0 {
                    let Some(close) = rest.iter().position(|&c| c == b'}') else {
                        return Err(err(i, "braces not balanced"));
                    };
                    let body = &src[i + 1..i + 1 + close];
                    if !body.bytes().all(|c| c.is_ascii_digit() || c == b',') {
                        return Err(err(i, "invalid repetition count(s)"));
                    }
                    out.push('{');
                    out.push_str(body);
                    out.push('}');
                    i += close + 2;
                } else {
                    out.push_str("\\{");
                    i += 1;
                }
            }
            b'}' => {
                out.push_str("\\}");
                i += 1;
            }
            b'(' => {
                depth += 1;
                out.push('(');
                i += 1;
            }
            b')' => {
                if depth == 0 {
                    return Err(err(i, "parentheses not balanced"));
                }
                depth -= 1;
                out.push(')');
                i += 1;
            }
            b'.' | b'^' | b'$' | b'|' | b'*' | b'+' | b'?' => {
                out.push(c as char);
                i += 1;
            }
            _ => {
                let Some(ch) = src[i..].chars().next() else {
                    break;
                };
                push_literal(out, ch);
                i += ch.len_utf8();
            }
        }
    }
    if depth != 0 {
        return Err(err(src.len(), "parentheses not balanced"));
    }
    Ok(())
}

/// Appends `text` as a literal to a `regex`-crate pattern.
pub fn push_escaped(out: &mut String, text: &str) {
    for ch in text.chars() {
        push_literal(out, ch);
    }
}

fn push_literal(out: &mut String, ch: char) {
    if ch == '\n' {
        out.push_str("\\n");
    } else {
        if is_meta(ch) {
            out.push('\\');
        }
        out.push(ch);
    }
}

/// The characters the `regex` crate gives a meaning to (escaping them is
/// always accepted).
fn is_meta(ch: char) -> bool {
    "\\.+*?()|[]{}^$#&-~".contains(ch)
}

fn err(offset: usize, message: &str) -> RegexError {
    RegexError {
        offset,
        message: message.to_string(),
    }
}

/// Translates the bracket expression starting at `src[start] == '['`;
/// returns the offset just past its closing `]`.
fn bracket(out: &mut String, src: &str, start: usize) -> Result<usize, RegexError> {
    let b = src.as_bytes();
    let mut i = start + 1;
    let negated = b.get(i) == Some(&b'^');
    if negated {
        i += 1;
    }
    let mut body = String::new();
    let mut first = true;
    loop {
        let Some(&c) = b.get(i) else {
            return Err(err(start, "brackets ([ ]) not balanced"));
        };
        if c == b']' && !first {
            i += 1;
            break;
        }
        first = false;
        // One element: a class, or a character possibly starting a range.
        if c == b'[' && matches!(b.get(i + 1), Some(b':' | b'.' | b'=')) {
            let kind = b[i + 1];
            let close = [kind, b']'];
            let Some(end) = src.as_bytes()[i + 2..].windows(2).position(|w| w == close) else {
                return Err(err(i, "brackets ([ ]) not balanced"));
            };
            let name = &src[i + 2..i + 2 + end];
            match kind {
                b':' => {
                    if !is_posix_class(name) {
                        return Err(err(i, "invalid character class"));
                    }
                    let _ = write!(body, "[:{name}:]");
                }
                _ => {
                    // `[.c.]` and `[=c=]` with a single character.
                    let mut chars = name.chars();
                    match (chars.next(), chars.next()) {
                        (Some(ch), None) => push_class_literal(&mut body, ch),
                        _ => return Err(err(i, "invalid collating element")),
                    }
                }
            }
            i += 2 + end + 2;
            continue;
        }
        let Some(ch) = src[i..].chars().next() else {
            return Err(err(start, "brackets ([ ]) not balanced"));
        };
        i += ch.len_utf8();
        // A range `a-z`, unless the `-` is last in the list.
        if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(|&n| n != b']') {
            let Some(hi) = src[i + 1..].chars().next() else {
                return Err(err(start, "brackets ([ ]) not balanced"));
            };
            if hi < ch {
                return Err(err(i, "invalid character range"));
            }
            push_class_literal(&mut body, ch);
            body.push('-');
            push_class_literal(&mut body, hi);
            i += 1 + hi.len_utf8();
        } else {
            push_class_literal(&mut body, ch);
        }
    }
    out.push('[');
    if negated {
        out.push('^');
        // REG_NEWLINE: a negated list never matches a newline.
        body.push_str("\\n");
    }
    out.push_str(&body);
    out.push(']');
    Ok(i)
}

fn push_class_literal(out: &mut String, ch: char) {
    if ch == '\n' {
        out.push_str("\\n");
    } else {
        if is_meta(ch) {
            out.push('\\');
        }
        out.push(ch);
    }
}

fn is_posix_class(name: &str) -> bool {
    matches!(
        name,
        "alnum"
            | "alpha"
            | "blank"
            | "cntrl"
            | "digit"
            | "graph"
            | "lower"
            | "print"
            | "punct"
            | "space"
            | "upper"
            | "xdigit"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tr(src: &str) -> String {
        let mut s = String::new();
        match translate(&mut s, src) {
            Ok(()) => s,
            Err(e) => format!("ERR {}", e.message),
        }
    }

    #[test]
    fn escapes_are_ordinary_characters() {
        assert_eq!(tr(r"a\tb"), "atb");
        assert_eq!(tr(r"\."), r"\.");
        assert_eq!(tr(r"\d+"), "d+");
    }

    #[test]
    fn brackets() {
        assert_eq!(tr(r"[\]"), r"[\\]");
        assert_eq!(tr(r"[]a]"), r"[\]a]");
        assert_eq!(tr(r"[^a]"), r"[^a\n]");
        assert_eq!(tr(r"[[:digit:]_-]"), r"[[:digit:]_\-]");
        assert_eq!(tr(r"[a-z&&]"), r"[a-z\&\&]");
        assert_eq!(tr(r"[[]"), r"[\[]");
    }

    #[test]
    fn braces() {
        assert_eq!(tr("a{2,3}"), "a{2,3}");
        assert_eq!(tr("{"), r"\{");
        assert_eq!(tr("}"), r"\}");
    }

    #[test]
    fn translated_regexes_compile() {
        for src in [
            r"[0-9]+",
            r"(a|b)*c",
            r"[^]]",
            r"\\",
            r"%[a-z0-9_.]+",
            r"[[:space:]]*",
        ] {
            let s = tr(src);
            assert!(regex::Regex::new(&s).is_ok(), "{src} -> {s}");
        }
    }
}
