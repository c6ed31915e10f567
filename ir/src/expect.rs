//! `--verify-diagnostics`: match produced diagnostics against
//! `// expected-error {{...}}` annotations with MLIR's semantics
//! (`expected-error|warning|note|remark`, `@+N`, `@-N`, `@above`, `@below`,
//! substring match; with `-re`, `{{regex}}` blocks inside the text). Notes attached to a
//! diagnostic are checked as diagnostics of their own, as MLIR does.

use irkit_diag::{Diagnostic, FileId, Loc, Severity, SourceMap, Span};
use regex::Regex;

struct Expectation {
    kind: Severity,
    line: u32,
    text: String,
    matcher: Option<Regex>,
    /// Span of the `expected-...` keyword start, length of the text.
    at: Span,
    matched: bool,
}

/// Checks `diags` (produced for `file`) against the annotations in `file`.
/// Returns the failures to report (empty: every expectation met and no
/// other diagnostic produced).
pub fn check(map: &SourceMap, file: FileId, diags: &[Diagnostic]) -> Vec<Diagnostic> {
    let src = map.file(file);
    let mut out = Vec::new();
    let mut exps = parse_expectations(src.text(), &mut out, file);
    let mut flat: Vec<(Severity, Option<Loc>, &str)> = Vec::new();
    for d in diags {
        flat.push((d.severity, d.loc, &d.message));
        for l in &d.labels {
            flat.push((Severity::Note, Some(l.loc), &l.message));
        }
        for n in &d.notes {
            flat.push((Severity::Note, n.loc, &n.message));
        }
    }
    for (sev, loc, msg) in flat {
        let line = loc
            .filter(|l| l.file == file)
            .map(|l| src.line_col(l.span.start).0);
        // As MLIR's verifier: the first expectation on the line that
        // matches, met before or not (so two equal diagnostics on a line
        // meet one expectation, and a second equal one is never met).
        let found = line.and_then(|line| {
            exps.iter_mut()
                .find(|e| e.kind == sev && e.line == line && matches(e, msg))
        });
        match found {
            Some(e) => e.matched = true,
            None => out.push(Diagnostic::new(
                Severity::Error,
                loc,
                format!("unexpected {}: {}", sev.as_str(), msg),
            )),
        }
    }
    for e in exps.iter().filter(|e| !e.matched) {
        out.push(Diagnostic::error(
            Loc { file, span: e.at },
            format!(
                "expected {} \"{}\" was not produced",
                e.kind.as_str(),
                e.text
            ),
        ));
    }
    out
}

fn matches(e: &Expectation, msg: &str) -> bool {
    match &e.matcher {
        Some(re) => re.is_match(msg),
        None => msg.contains(&e.text),
    }
}

fn parse_expectations(text: &str, errs: &mut Vec<Diagnostic>, file: FileId) -> Vec<Expectation> {
    let mut res = Vec::new();
    let mut offset = 0usize;
    // MLIR's `@above`/`@below` name the nearest line above/below that holds
    // no designator; `below` ones wait here for it (the last line when none
    // follows).
    let mut last_plain_line = 1u32;
    let mut waiting_below: Vec<usize> = Vec::new();
    let n_lines = text.split('\n').count() as u32;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let line_no = i as u32 + 1;
        let n_before = res.len();
        let mut below_here = Vec::new();
        let mut search = 0usize;
        while let Some(p) = line[search..].find("expected-") {
            let start = search + p;
            search = start + 9;
            let rest = &line[start + 9..];
            let (kind, klen) = if rest.starts_with("error") {
                (Severity::Error, 5)
            } else if rest.starts_with("warning") {
                (Severity::Warning, 7)
            } else if rest.starts_with("note") {
                (Severity::Note, 4)
            } else if rest.starts_with("remark") {
                (Severity::Remark, 6)
            } else {
                continue;
            };
            // `expected-error-re`: the text mixes literal parts and
            // `{{regex}}` blocks; without `-re` it is a plain substring.
            let is_re = rest[klen..].starts_with("-re");
            let klen = if is_re { klen + 3 } else { klen };
            let mut r = rest[klen..].trim_start_matches(' ');
            let mut target = line_no;
            let mut below = false;
            if let Some(after) = r.strip_prefix('@') {
                let (t, used) = if let Some(a) = after.strip_prefix("above") {
                    (Some(last_plain_line), after.len() - a.len())
                } else if let Some(a) = after.strip_prefix("below") {
                    below = true;
                    (Some(n_lines), after.len() - a.len())
                } else if after.starts_with('+') || after.starts_with('-') {
                    let digits: String = after[1..]
                        .chars()
                        .take_while(|c| c.is_ascii_digit())
                        .collect();
                    let n: u32 = digits.parse().unwrap_or(0);
                    let t = if after.starts_with('+') {
                        line_no + n
                    } else {
                        line_no.saturating_sub(n)
                    };
                    (Some(t), 1 + digits.len())
                } else {
                    (None, 0)
                };
                match t {
                    Some(t) => {
                        target = t;
                        r = after[used..].trim_start_matches(' ');
                    }
                    None => continue,
                }
            }
            let body = r.trim_end_matches(['\n', '\r']).trim_end();
            let (Some(inner_start), true) = (body.strip_prefix("{{"), body.ends_with("}}")) else {
                continue;
            };
            let inner = &inner_start[..inner_start.len() - 2];
            let matcher = if is_re {
                match build_regex(inner) {
                    Ok(re) => Some(re),
                    Err(msg) => {
                        errs.push(Diagnostic::error(
                            Loc {
                                file,
                                span: Span::new((offset + start) as u32, (offset + start) as u32),
                            },
                            msg,
                        ));
                        continue;
                    }
                }
            } else {
                None
            };
            let s = (offset + start) as u32;
            if below {
                below_here.push(res.len());
            }
            res.push(Expectation {
                kind,
                line: target,
                text: inner.to_string(),
                matcher,
                at: Span::new(s, s + inner.len() as u32),
                matched: false,
            });
        }
        if res.len() == n_before {
            for k in waiting_below.drain(..) {
                res[k].line = line_no;
            }
            last_plain_line = line_no;
        }
        waiting_below.extend(below_here);
        offset += line.len();
    }
    res
}

fn build_regex(s: &str) -> Result<Regex, String> {
    let mut pat = String::new();
    let mut rest = s;
    while let Some(i) = rest.find("{{") {
        pat.push_str(&regex::escape(&rest[..i]));
        let after = &rest[i + 2..];
        let Some(j) = after.find("}}") else {
            return Err("found start of regex with no end '}}'".into());
        };
        pat.push('(');
        pat.push_str(&after[..j]);
        pat.push(')');
        rest = &after[j + 2..];
    }
    pat.push_str(&regex::escape(rest));
    Regex::new(&pat).map_err(|e| format!("invalid regex: {e}"))
}
