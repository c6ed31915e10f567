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
    // Where each open group starts in `out`, and whether it has a `|`.
    let mut groups: Vec<(usize, bool)> = Vec::new();
    // Whether the current branch is still empty, and whether the top level
    // has a `|` (an empty branch of an alternation is an error, `()` is not).
    let mut empty_branch = true;
    let mut top_alt = false;
    // Where the last atom starts in `out`, and whether a repetition
    // operator followed it: POSIX applies `a*?` as `(a*)?`, where the
    // `regex` crate would read a lazy `*?`.
    let mut atom: Option<usize> = None;
    let mut repeated = false;
    while i < b.len() {
        let c = b[i];
        let at = out.len();
        match c {
            b'\\' => {
                let Some(&ch) = b.get(i + 1) else {
                    return Err(err(i, "trailing backslash (\\)"));
                };
                if ch.is_ascii_digit() && ch != b'0' {
                    return Err(err(
                        i,
                        "back-references are not supported by irkit filecheck",
                    ));
                }
                push_literal(out, ch);
                i += 2;
                (atom, repeated) = (Some(at), false);
            }
            b'[' => {
                i = bracket(out, src, i)?;
                (atom, repeated) = (Some(at), false);
            }
            b'{' | b'*' | b'+' | b'?' => {
                // A `{` is a bound only when a digit follows it.
                if c == b'{' && !b.get(i + 1).is_some_and(u8::is_ascii_digit) {
                    out.push_str("\\{");
                    i += 1;
                    (atom, repeated) = (Some(at), false);
                    empty_branch = false;
                    continue;
                }
                if repeated || atom.is_none() {
                    return Err(err(i, "repetition-operator operand invalid"));
                }
                if c == b'{' {
                    i += bound(out, b, i)?;
                } else {
                    out.push(char::from(c));
                    i += 1;
                }
                repeated = true;
            }
            b'}' => {
                out.push_str("\\}");
                i += 1;
                (atom, repeated) = (Some(at), false);
            }
            b'(' => {
                groups.push((at, false));
                out.push('(');
                i += 1;
                (atom, repeated) = (None, false);
                empty_branch = true;
                continue;
            }
            b')' => {
                let Some((start, had_alt)) = groups.pop() else {
                    return Err(err(i, "parentheses not balanced"));
                };
                if empty_branch && had_alt {
                    return Err(err(i, "empty (sub)expression"));
                }
                out.push(')');
                i += 1;
                (atom, repeated) = (Some(start), false);
            }
            b'.' => {
                out.push('.');
                i += 1;
                (atom, repeated) = (Some(at), false);
            }
            b'|' => {
                if empty_branch {
                    return Err(err(i, "empty (sub)expression"));
                }
                match groups.last_mut() {
                    Some(g) => g.1 = true,
                    None => top_alt = true,
                }
                out.push('|');
                i += 1;
                (atom, repeated) = (None, false);
                empty_branch = true;
                continue;
            }
            b'^' => {
                out.push('^');
                i += 1;
                (atom, repeated) = (None, false);
            }
            b'$' => {
                out.push('$');
                i += 1;
                (atom, repeated) = (Some(at), false);
            }
            _ => {
                push_literal(out, c);
                i += 1;
                (atom, repeated) = (Some(at), false);
            }
        }
        empty_branch = false;
    }
    if !groups.is_empty() {
        return Err(err(src.len(), "parentheses not balanced"));
    }
    if empty_branch && (src.is_empty() || top_alt) {
        return Err(err(src.len(), "empty (sub)expression"));
    }
    Ok(())
}

/// Appends `text` as a literal to a `regex`-crate pattern.
pub fn push_escaped(out: &mut String, text: &[u8]) {
    for &b in text {
        push_literal(out, b);
    }
}

/// One byte as a literal: the translated pattern is ASCII, every other byte
/// is written `\xHH` (a byte, as the pattern is compiled without Unicode).
fn push_literal(out: &mut String, b: u8) {
    if b == b'\n' {
        out.push_str("\\n");
    } else if !b.is_ascii() || b.is_ascii_control() {
        let _ = write!(out, "\\x{b:02X}");
    } else {
        if is_meta(b) {
            out.push('\\');
        }
        out.push(char::from(b));
    }
}

/// The characters the `regex` crate gives a meaning to (escaping them is
/// always accepted).
fn is_meta(b: u8) -> bool {
    b"\\.+*?()|[]{}^$#&-~".contains(&b)
}

/// The form of a translated pattern for `fancy_regex`, which matches
/// characters, not bytes: each run of `\xHH` escapes becomes the text those
/// bytes spell (invalid UTF-8 as U+FFFD). Only for patterns with
/// back-references.
pub fn to_char_mode(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut run: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\\' && b.get(i + 1) == Some(&b'x') {
            let hex = text
                .get(i + 2..i + 4)
                .and_then(|h| u8::from_str_radix(h, 16).ok());
            if let Some(v) = hex {
                run.push(v);
                i += 4;
                continue;
            }
        }
        flush_run(&mut out, &mut run);
        if b[i] == b'\\' {
            if let Some(n) = text.get(i..).and_then(|t| t.chars().nth(1)) {
                out.push('\\');
                out.push(n);
                i += 1 + n.len_utf8();
                continue;
            }
        }
        let Some(ch) = text.get(i..).and_then(|t| t.chars().next()) else {
            break;
        };
        out.push(ch);
        i += ch.len_utf8();
    }
    flush_run(&mut out, &mut run);
    out
}

fn flush_run(out: &mut String, run: &mut Vec<u8>) {
    if run.is_empty() {
        return;
    }
    for ch in String::from_utf8_lossy(run).chars() {
        if ch.is_ascii() {
            let _ = write!(out, "\\x{:02X}", ch as u32);
        } else {
            out.push(ch);
        }
    }
    run.clear();
}

/// Reads the bound `{m}`, `{m,}` or `{m,n}` at `b[at]` (a digit follows
/// the brace), checked in the order of LLVM's regcomp: each count at most
/// RE_DUP_MAX (255) and `m <= n`, then the closing brace. Appends it to
/// `out` with its counts as numbers (`{007}` is `{7}`) and returns its
/// length.
fn bound(out: &mut String, b: &[u8], at: usize) -> Result<usize, RegexError> {
    let bad_count = || err(at, "invalid repetition count(s)");
    // regcomp reads digits while the count is at most 255.
    let count = |i: &mut usize| -> Option<u32> {
        let mut n = 0u32;
        while *i < b.len() && b[*i].is_ascii_digit() && n <= 255 {
            n = n * 10 + u32::from(b[*i] - b'0');
            *i += 1;
        }
        (n <= 255).then_some(n)
    };
    let mut i = at + 1;
    let lo = count(&mut i).ok_or_else(bad_count)?;
    let _ = write!(out, "{{{lo}");
    if b.get(i) == Some(&b',') {
        i += 1;
        out.push(',');
        if b.get(i).is_some_and(u8::is_ascii_digit) {
            let hi = count(&mut i).ok_or_else(bad_count)?;
            if lo > hi {
                return Err(bad_count());
            }
            let _ = write!(out, "{hi}");
        }
    }
    match b.get(i) {
        Some(b'}') => {
            out.push('}');
            Ok(i + 1 - at)
        }
        _ if b[i..].contains(&b'}') => Err(bad_count()),
        _ => Err(err(at, "braces not balanced")),
    }
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
                    // `[.c.]` and `[=c=]` with a single byte.
                    match name.as_bytes() {
                        &[ch] => push_literal(&mut body, ch),
                        _ => return Err(err(i, "invalid collating element")),
                    }
                }
            }
            i += 2 + end + 2;
            continue;
        }
        let ch = c;
        i += 1;
        // A range `a-z`, unless the `-` is last in the list.
        if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(|&n| n != b']') {
            let Some(&hi) = b.get(i + 1) else {
                return Err(err(start, "brackets ([ ]) not balanced"));
            };
            // LLVM's regcomp compares the ends as (signed) `char`s: `[a-é]`
            // is an error, `[\xA9-z]` covers 0xA9..=0xFF and 0..=b'z'.
            let (lo_s, hi_s) = (ch as i8, hi as i8);
            if hi_s < lo_s {
                return Err(err(i, "invalid character range"));
            }
            push_literal(&mut body, ch);
            body.push('-');
            if lo_s < 0 && hi_s >= 0 {
                push_literal(&mut body, 0xFF);
                push_literal(&mut body, 0);
                body.push('-');
            }
            push_literal(&mut body, hi);
            i += 2;
        } else {
            push_literal(&mut body, ch);
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
    fn errors_as_llvm_regcomp() {
        for bad in [
            ".*?", "a**", "*a", "^*", "x{2}{3}", "", "a||b", "(|a)", "a|", "a{2,1}", "(a", "a)",
        ] {
            assert!(tr(bad).starts_with("ERR"), "{bad:?} -> {}", tr(bad));
        }
        for good in ["()", "$*", "a{,2", "(a|b)c", "a|b"] {
            assert!(!tr(good).starts_with("ERR"), "{good:?} -> {}", tr(good));
        }
    }

    #[test]
    fn bytes_not_characters() {
        // FileCheck-19/22: `x{{.}}{{.}}{{$}}` matches "xé", `[a-é]` is an
        // invalid range, `[é-z]` covers 0xA9..=0xFF and 0..=z.
        assert_eq!(tr("é*"), r"\xC3\xA9*");
        assert_eq!(tr("[é]"), r"[\xC3\xA9]");
        assert_eq!(tr("[é-z]"), r"[\xC3\xA9-\xFF\x00-z]");
        assert_eq!(tr("[a-é]"), "ERR invalid character range");
        assert_eq!(to_char_mode(r"x\xC3\xA9\\xC3\x09"), r"xé\\xC3\x09");
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
