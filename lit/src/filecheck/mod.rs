//! An LLVM FileCheck (version 19) compatible checker.
//!
//! [`check`] reads the directives of a check file (`CHECK:`, `CHECK-NEXT:`,
//! `CHECK-SAME:`, `CHECK-NOT:`, `CHECK-DAG:`, `CHECK-LABEL:`, `CHECK-EMPTY:`,
//! `CHECK-COUNT-N:`, with `{LITERAL}`), then matches them against the input
//! the way FileCheck does: the input is first split into blocks at the
//! `CHECK-LABEL` matches, then each block is checked in order; CHECK-NOTs are
//! checked in the region between the surrounding positive matches; CHECK-DAG
//! groups match in any order without overlapping.
//!
//! Both texts are canonicalized first unless `strict_whitespace` is set
//! (runs of spaces and tabs become one space; `\r\n` becomes `\n`), and every
//! position reported refers to the canonicalized text, as in FileCheck.
//!
//! On failure the [`Report`] holds the same diagnostics FileCheck prints:
//! the directive with a caret, `scanning from here`, the values substituted
//! and `possible intended match here`. FileCheck's annotated input dump
//! (`-dump-input`) is not produced.

mod numeric;
mod pattern;
pub mod posix;

use irkit_diag::{Diagnostic, FileId, Loc, Severity, SourceMap, Span};
use numeric::Format;
use pattern::{MatchOutcome, Pattern};
use std::collections::{BTreeSet, HashMap};

/// What to check and how. Mirrors FileCheck's command-line options.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--check-prefix(es)`; empty means `CHECK`.
    pub check_prefixes: Vec<String>,
    /// `--comment-prefixes`; empty means `COM` and `RUN`.
    pub comment_prefixes: Vec<String>,
    /// `--implicit-check-not` patterns.
    pub implicit_check_not: Vec<String>,
    pub match_full_lines: bool,
    pub strict_whitespace: bool,
    pub allow_empty: bool,
    pub ignore_case: bool,
    /// `--enable-var-scope`: CHECK-LABEL clears variables not starting with `$`.
    pub enable_var_scope: bool,
    pub allow_unused_prefixes: bool,
    /// `-D NAME=VALUE` and `-D #NAME=VALUE`, without the `-D`.
    pub defines: Vec<String>,
    /// How the input is named in diagnostics (`<stdin>` or the file name).
    pub input_name: String,
}

impl Options {
    /// FileCheck's defaults, for input named `input_name`.
    pub fn new(input_name: impl Into<String>) -> Options {
        Options {
            check_prefixes: Vec::new(),
            comment_prefixes: Vec::new(),
            implicit_check_not: Vec::new(),
            match_full_lines: false,
            strict_whitespace: false,
            allow_empty: false,
            ignore_case: false,
            enable_var_scope: false,
            allow_unused_prefixes: false,
            defines: Vec::new(),
            input_name: input_name.into(),
        }
    }
}

/// Why checking stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The check file, an option or the input is unusable (FileCheck exits 2).
    BadCheckFile,
    /// The input did not match (FileCheck exits 1).
    Mismatch,
}

/// The diagnostics of a failed check, pointing into `map` (the check file,
/// the input and any command-line pseudo files).
#[derive(Debug)]
pub struct Report {
    pub kind: FailureKind,
    pub map: SourceMap,
    pub diags: Vec<Diagnostic>,
}

impl Report {
    /// The exit code FileCheck uses for this failure.
    pub fn exit_code(&self) -> u8 {
        match self.kind {
            FailureKind::BadCheckFile => 2,
            FailureKind::Mismatch => 1,
        }
    }

    /// Renders the report exactly the way FileCheck prints it (LLVM's
    /// `SMDiagnostic::print`: the source line with tabs expanded to 8-column
    /// stops, and a caret line whose marks under a tab fill the tab).
    pub fn render_plain(&self) -> String {
        let mut out = String::new();
        for d in &self.diags {
            render_llvm(&mut out, &self.map, d.severity, d.loc, &d.message);
            for l in &d.labels {
                render_llvm(&mut out, &self.map, Severity::Note, Some(l.loc), &l.message);
            }
            for n in &d.notes {
                render_llvm(&mut out, &self.map, Severity::Note, n.loc, &n.message);
            }
        }
        out
    }
}

/// Checks `input_text` against the directives in `check_text`.
pub fn check(
    check_text: &str,
    check_file_name: &str,
    input_text: &str,
    opts: &Options,
) -> Result<(), Report> {
    let mut map = SourceMap::new();
    let mut diags = Vec::new();
    let bad = |map, diags| Report {
        kind: FailureKind::BadCheckFile,
        map,
        diags,
    };
    if let Err(msg) = validate_prefixes(opts) {
        diags.push(Diagnostic::bare_error(msg));
        return Err(bad(map, diags));
    }
    let check_file = map.add(
        check_file_name,
        canonicalize(check_text, opts.strict_whitespace),
    );
    let mut vars = Vars::default();
    let Ok(()) = define_globals(&mut vars, opts, &mut diags) else {
        return Err(bad(map, diags));
    };
    let checks = match parse_check_file(&mut map, check_file, opts, &mut diags) {
        Ok(c) => c,
        Err(()) => return Err(bad(map, diags)),
    };
    if input_text.is_empty() && !opts.allow_empty {
        diags.push(Diagnostic::bare_error(format!(
            "'{}' is empty.",
            opts.input_name
        )));
        return Err(bad(map, diags));
    }
    let input_file = map.add(
        opts.input_name.clone(),
        canonicalize(input_text, opts.strict_whitespace),
    );
    let ok = {
        let mut ck = Checker {
            input: map.file(input_file).text(),
            input_file,
            vars,
            diags: &mut diags,
            opts,
        };
        ck.run(&checks)
    };
    if ok {
        Ok(())
    } else {
        Err(Report {
            kind: FailureKind::Mismatch,
            map,
            diags,
        })
    }
}

fn render_llvm(out: &mut String, map: &SourceMap, sev: Severity, loc: Option<Loc>, msg: &str) {
    use std::fmt::Write as _;
    let Some(loc) = loc else {
        let _ = writeln!(out, "{sev}: {msg}");
        return;
    };
    let f = map.file(loc.file);
    let (line, col) = f.line_col(loc.span.start);
    let _ = writeln!(out, "{}:{line}:{col}: {sev}: {msg}", f.name());
    let text = f.line_text(line).as_bytes();
    let line_start = f.line_start(line) as usize;
    // The caret line, one byte per source byte (plus one past the end).
    let mut caret = vec![b' '; text.len() + 1];
    let (s, e) = (loc.span.start as usize, loc.span.end as usize);
    if e > s {
        let from = s.saturating_sub(line_start).min(text.len());
        let to = e.saturating_sub(line_start).min(text.len());
        for c in &mut caret[from..to] {
            *c = b'~';
        }
    }
    let col0 = (col as usize).saturating_sub(1).min(text.len());
    caret[col0] = b'^';
    while caret.last() == Some(&b' ') {
        caret.pop();
    }
    let mut src = Vec::with_capacity(text.len());
    for &b in text {
        if b == b'\t' {
            src.push(b' ');
            while src.len() % 8 != 0 {
                src.push(b' ');
            }
        } else {
            src.push(b);
        }
    }
    let mut marks = Vec::with_capacity(caret.len());
    for (i, &c) in caret.iter().enumerate() {
        if text.get(i) == Some(&b'\t') {
            marks.push(c);
            while marks.len() % 8 != 0 {
                marks.push(c);
            }
        } else {
            marks.push(c);
        }
    }
    out.push_str(&String::from_utf8_lossy(&src));
    out.push('\n');
    out.push_str(&String::from_utf8_lossy(&marks));
    out.push('\n');
}

/// Collapses horizontal whitespace runs (unless `strict`) and drops the `\r`
/// of `\r\n`, like FileCheck's `CanonicalizeFile`.
pub fn canonicalize(text: &str, strict: bool) -> String {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'\r' && b.get(i + 1) == Some(&b'\n') {
            i += 1;
            continue;
        }
        if strict || (c != b' ' && c != b'\t') {
            out.push(c);
            i += 1;
            continue;
        }
        out.push(b' ');
        while matches!(b.get(i + 1), Some(b' ' | b'\t')) {
            i += 1;
        }
        i += 1;
    }
    // Only ASCII bytes were removed or replaced, so this stays UTF-8.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The kind of a directive.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Plain,
    Next,
    Same,
    Not,
    Dag,
    Label,
    Empty,
    /// The implicit check at the end of the input that carries trailing
    /// CHECK-NOT/CHECK-DAG directives.
    Eof,
}

/// A directive's type: kind, `-COUNT-N` and `{LITERAL}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CheckTy {
    pub kind: Kind,
    pub count: u32,
    pub literal: bool,
}

impl CheckTy {
    fn new(kind: Kind) -> CheckTy {
        CheckTy {
            kind,
            count: 1,
            literal: false,
        }
    }

    /// `CHECK-NEXT`, `CHECK-COUNT`, `CHECK{LITERAL}`, ... for prefix `prefix`.
    fn describe(self, prefix: &str) -> String {
        let suffix = match self.kind {
            Kind::Plain if self.count > 1 => "-COUNT",
            Kind::Plain => "",
            Kind::Next => "-NEXT",
            Kind::Same => "-SAME",
            Kind::Not => "-NOT",
            Kind::Dag => "-DAG",
            Kind::Label => "-LABEL",
            Kind::Empty => "-EMPTY",
            Kind::Eof => return "implicit EOF".to_string(),
        };
        let modifiers = if self.literal { "{LITERAL}" } else { "" };
        format!("{prefix}{suffix}{modifiers}")
    }
}

/// A CHECK-DAG or CHECK-NOT waiting for the next positive directive.
struct DagNot {
    pat: Pattern,
    prefix: String,
}

/// A positive directive with the CHECK-DAG/CHECK-NOTs before it.
struct CheckString {
    pat: Pattern,
    prefix: String,
    dag_nots: Vec<DagNot>,
}

/// A numeric variable's value and format.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NumVar {
    pub value: Option<i128>,
    pub format: Format,
}

/// The variables defined so far.
#[derive(Default, Debug)]
pub(crate) struct Vars {
    pub strings: HashMap<String, String>,
    pub nums: HashMap<String, NumVar>,
}

impl Vars {
    fn clear_locals(&mut self) {
        self.strings.retain(|k, _| k.starts_with('$'));
        for (k, v) in &mut self.nums {
            if !k.starts_with('$') {
                v.value = None;
            }
        }
    }
}

fn validate_prefixes(opts: &Options) -> Result<(), String> {
    let mut seen = BTreeSet::new();
    let defaults_check: &[&str] = if opts.check_prefixes.is_empty() {
        &["CHECK"]
    } else {
        &[]
    };
    let defaults_comment: &[&str] = if opts.comment_prefixes.is_empty() {
        &["COM", "RUN"]
    } else {
        &[]
    };
    for p in defaults_check.iter().chain(defaults_comment) {
        seen.insert(p.to_string());
    }
    for (kind, list) in [
        ("check", &opts.check_prefixes),
        ("comment", &opts.comment_prefixes),
    ] {
        for p in list {
            if p.is_empty() {
                return Err(format!(
                    "supplied {kind} prefix must not be the empty string"
                ));
            }
            if !p
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'_' || c == b'-')
            {
                return Err(format!(
                    "supplied {kind} prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '{p}'"
                ));
            }
            if !seen.insert(p.clone()) {
                return Err(format!(
                    "supplied {kind} prefix must be unique among check and comment prefixes: '{p}'"
                ));
            }
        }
    }
    Ok(())
}

fn define_globals(vars: &mut Vars, opts: &Options, diags: &mut Vec<Diagnostic>) -> Result<(), ()> {
    let mut failed = false;
    for def in &opts.defines {
        let Some(eq) = def.find('=') else {
            diags.push(Diagnostic::bare_error(format!(
                "Missing equal sign in command-line definition '-D{def}'"
            )));
            failed = true;
            continue;
        };
        if let Some(rest) = def.strip_prefix('#') {
            // `#NAME=EXPR`, parsed like `[[#NAME:EXPR]]`.
            let mut text = rest.to_string();
            text.replace_range(eq - 1..eq, ":");
            let block = match numeric::parse_block(&text, false) {
                Ok(b) => b,
                Err((_, msg)) => {
                    diags.push(Diagnostic::bare_error(format!(
                        "Global define '{def}': {msg}"
                    )));
                    failed = true;
                    continue;
                }
            };
            let look = |n: &str| vars.nums.get(n).and_then(|v| v.value);
            let value = match block.eval(&look) {
                Ok(Some(v)) => v,
                Ok(None) | Err(_) => {
                    diags.push(Diagnostic::bare_error(format!(
                        "Global define '{def}': cannot evaluate expression"
                    )));
                    failed = true;
                    continue;
                }
            };
            let Some((name, _)) = block.def else {
                failed = true;
                continue;
            };
            let format = block.format.unwrap_or(Format::UNSIGNED);
            vars.nums.insert(
                name,
                NumVar {
                    value: Some(value),
                    format,
                },
            );
        } else {
            let (name, value) = (&def[..eq], &def[eq + 1..]);
            match numeric::parse_name(name) {
                Some((n, used)) if used == name.len() && !n.starts_with('@') => {
                    vars.strings.insert(name.to_string(), value.to_string());
                }
                _ => {
                    diags.push(Diagnostic::bare_error(format!(
                        "invalid name in string variable definition '{name}'"
                    )));
                    failed = true;
                }
            }
        }
    }
    if failed {
        Err(())
    } else {
        Ok(())
    }
}

fn is_part_of_word(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'-' || c == b'_'
}

/// What follows a prefix occurrence.
enum Found {
    /// Not a directive.
    None,
    Comment,
    Check(CheckTy),
    Misspelled,
    BadNot,
    BadCount,
}

/// Classifies the text after a prefix; returns the kind and the offset
/// (relative to `rest`) just past the directive's `:`.
fn find_check_type(rest: &str, is_comment: bool) -> (Found, usize) {
    let b = rest.as_bytes();
    if is_comment {
        return if b.first() == Some(&b':') {
            (Found::Comment, 1)
        } else {
            (Found::None, 0)
        };
    }
    let modifiers = |ty: CheckTy, at: usize| -> (Found, usize) {
        let mut ty = ty;
        let mut i = at;
        match b.get(i) {
            Some(b':') => return (Found::Check(ty), i + 1),
            Some(b'{') => i += 1,
            _ => return (Found::None, 0),
        }
        loop {
            while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            if rest[i..].starts_with("LITERAL") {
                ty.literal = true;
                i += 7;
            } else {
                return (Found::None, 0);
            }
            while b.get(i).is_some_and(u8::is_ascii_whitespace) {
                i += 1;
            }
            if b.get(i) == Some(&b',') {
                i += 1;
                continue;
            }
            break;
        }
        if rest[i..].starts_with("}:") {
            (Found::Check(ty), i + 2)
        } else {
            (Found::None, 0)
        }
    };
    match b.first() {
        Some(b':') => return (Found::Check(CheckTy::new(Kind::Plain)), 1),
        Some(b'{') => return modifiers(CheckTy::new(Kind::Plain), 0),
        _ => {}
    }
    let misspelled = match b.first() {
        Some(b'_') => true,
        Some(b'-') => false,
        _ => return (Found::None, 0),
    };
    let r = &rest[1..];
    let (found, used) = if let Some(after) = r.strip_prefix("COUNT-") {
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let count: Option<u32> = after[..digits]
            .parse()
            .ok()
            .filter(|&c| c > 0 && c <= i32::MAX as u32);
        match (count, after.as_bytes().get(digits)) {
            (Some(c), Some(b':' | b'{')) => {
                let mut ty = CheckTy::new(Kind::Plain);
                ty.count = c;
                let (f, u) = modifiers(ty, 1 + 6 + digits);
                (f, u)
            }
            _ => (Found::BadCount, 1 + 6 + digits),
        }
    } else if [
        "DAG-NOT:",
        "NOT-DAG:",
        "NEXT-NOT:",
        "NOT-NEXT:",
        "SAME-NOT:",
        "NOT-SAME:",
        "EMPTY-NOT:",
        "NOT-EMPTY:",
    ]
    .iter()
    .any(|s| r.starts_with(s))
    {
        (Found::BadNot, 1)
    } else {
        let kinds = [
            ("NEXT", Kind::Next),
            ("SAME", Kind::Same),
            ("NOT", Kind::Not),
            ("DAG", Kind::Dag),
            ("LABEL", Kind::Label),
            ("EMPTY", Kind::Empty),
        ];
        match kinds.iter().find(|(s, _)| r.starts_with(s)) {
            Some((s, k)) => modifiers(CheckTy::new(*k), 1 + s.len()),
            None => (Found::None, 0),
        }
    };
    match found {
        Found::None => (Found::None, 0),
        Found::Check(_) if misspelled => (Found::Misspelled, used),
        other => (other, used),
    }
}

/// Reads every directive of the check file.
fn parse_check_file(
    map: &mut SourceMap,
    file: FileId,
    opts: &Options,
    diags: &mut Vec<Diagnostic>,
) -> Result<Vec<CheckString>, ()> {
    let default_check = ["CHECK".to_string()];
    let default_comment = ["COM".to_string(), "RUN".to_string()];
    let check_prefixes: &[String] = if opts.check_prefixes.is_empty() {
        &default_check
    } else {
        &opts.check_prefixes
    };
    let comment_prefixes: &[String] = if opts.comment_prefixes.is_empty() {
        &default_comment
    } else {
        &opts.comment_prefixes
    };

    // Implicit CHECK-NOTs live in pseudo files named "command line".
    let mut implicit = Vec::new();
    for pat in &opts.implicit_check_not {
        let text = format!("-implicit-check-not='{pat}'");
        let f = map.add("command line", text);
        let start = "-implicit-check-not='".len();
        let text = map.file(f).text();
        let p = Pattern::parse(
            text,
            f,
            opts,
            CheckTy::new(Kind::Not),
            start,
            start + pat.len(),
            "IMPLICIT-CHECK",
            1,
            diags,
        )?;
        implicit.push(p);
    }
    let mk_implicit = |implicit: &[Pattern]| -> Vec<DagNot> {
        implicit
            .iter()
            .map(|p| DagNot {
                pat: p.clone(),
                prefix: "IMPLICIT-CHECK".to_string(),
            })
            .collect()
    };

    let text = map.file(file).text();
    let b = text.as_bytes();
    // All prefixes, longest first, with the next occurrence of each.
    let mut prefixes: Vec<(&str, bool, Option<usize>)> = check_prefixes
        .iter()
        .map(|p| (p.as_str(), false, text.find(p.as_str())))
        .chain(
            comment_prefixes
                .iter()
                .map(|p| (p.as_str(), true, text.find(p.as_str()))),
        )
        .collect();
    prefixes.sort_by_key(|p| std::cmp::Reverse(p.0.len()));

    let mut checks: Vec<CheckString> = Vec::new();
    let mut dag_nots = mk_implicit(&implicit);
    let mut unused: BTreeSet<&str> = check_prefixes.iter().map(String::as_str).collect();
    let distinct = unused.len();
    let mut pos = 0usize;
    let mut line = 1u32;
    let mut line_counted_to = 0usize;
    loop {
        // Find the earliest prefix occurrence at or after `pos`.
        let mut best: Option<(usize, &str, bool)> = None;
        for (p, is_comment, next) in &mut prefixes {
            if next.is_some_and(|n| n < pos) {
                *next = text[pos..].find(*p).map(|o| o + pos);
            }
            if let Some(n) = *next {
                if best.is_none_or_gt(n) {
                    best = Some((n, p, *is_comment));
                }
            }
        }
        let Some((at, prefix, is_comment)) = best else {
            break;
        };
        line += bytecount(&b[line_counted_to..at], b'\n');
        line_counted_to = at;
        let after_prefix = at + prefix.len();
        let preceded_by_word = at > 0 && is_part_of_word(b[at - 1]);
        let (found, used) = if preceded_by_word || after_prefix >= b.len() {
            (Found::None, 0)
        } else {
            find_check_type(&text[after_prefix..], is_comment)
        };
        let ty = match found {
            Found::None => {
                // Skip the prefix and the rest of its word.
                let mut p = after_prefix;
                while p < b.len() && is_part_of_word(b[p]) {
                    p += 1;
                }
                pos = p;
                continue;
            }
            Found::Comment => {
                pos = line_end(b, after_prefix + used);
                continue;
            }
            Found::Misspelled => {
                let directive = &text[at..after_prefix + used];
                diags.push(Diagnostic::error(
                    loc(file, at),
                    format!("misspelled directive '{directive}'"),
                ));
                return Err(());
            }
            Found::BadNot => {
                diags.push(Diagnostic::error(
                    loc(file, after_prefix + used),
                    format!("unsupported -NOT combo on prefix '{prefix}'"),
                ));
                return Err(());
            }
            Found::BadCount => {
                diags.push(Diagnostic::error(
                    loc(file, after_prefix + used),
                    format!("invalid count in -COUNT specification on prefix '{prefix}'"),
                ));
                return Err(());
            }
            Found::Check(ty) => ty,
        };
        unused.remove(prefix);
        let mut start = after_prefix + used;
        if !(opts.strict_whitespace && opts.match_full_lines) {
            while start < b.len() && (b[start] == b' ' || b[start] == b'\t') {
                start += 1;
            }
        }
        let end = line_end(b, start);
        pos = end;
        let pat = Pattern::parse(text, file, opts, ty, start, end, prefix, line, diags)?;
        if ty.kind == Kind::Label && pat.has_variable() {
            diags.push(Diagnostic::error(
                loc(file, at),
                format!("found '{prefix}-LABEL:' with variable definition or use"),
            ));
            return Err(());
        }
        if matches!(ty.kind, Kind::Next | Kind::Same | Kind::Empty) && checks.is_empty() {
            let name = match ty.kind {
                Kind::Next => "NEXT",
                Kind::Empty => "EMPTY",
                _ => "SAME",
            };
            diags.push(Diagnostic::error(
                loc(file, at),
                format!("found '{prefix}-{name}' without previous '{prefix}: line"),
            ));
            return Err(());
        }
        if matches!(ty.kind, Kind::Dag | Kind::Not) {
            dag_nots.push(DagNot {
                pat,
                prefix: prefix.to_string(),
            });
            continue;
        }
        checks.push(CheckString {
            pat,
            prefix: prefix.to_string(),
            dag_nots: std::mem::replace(&mut dag_nots, mk_implicit(&implicit)),
        });
    }
    let none_found = unused.len() == distinct;
    let some_unused = !opts.allow_unused_prefixes && !unused.is_empty();
    if (none_found || some_unused) && (implicit.is_empty() || !opts.check_prefixes.is_empty()) {
        let list: Vec<String> = unused.iter().map(|p| format!("'{p}:'")).collect();
        diags.push(Diagnostic::bare_error(format!(
            "no check strings found with prefix{} {}",
            if unused.len() > 1 { "es" } else { "" },
            list.join(", ")
        )));
        return Err(());
    }
    if !dag_nots.is_empty() {
        line += bytecount(&b[line_counted_to..], b'\n');
        let pat = Pattern::eof(file, b.len(), line + 1);
        checks.push(CheckString {
            pat,
            prefix: check_prefixes.first().cloned().unwrap_or_default(),
            dag_nots,
        });
    }
    Ok(checks)
}

trait BestExt {
    fn is_none_or_gt(&self, n: usize) -> bool;
}
impl BestExt for Option<(usize, &str, bool)> {
    fn is_none_or_gt(&self, n: usize) -> bool {
        match self {
            None => true,
            Some((b, _, _)) => *b > n,
        }
    }
}

fn bytecount(b: &[u8], c: u8) -> u32 {
    b.iter().filter(|&&x| x == c).count() as u32
}

/// Offset of the first `\n` or `\r` at or after `from` (or the end).
fn line_end(b: &[u8], from: usize) -> usize {
    let from = from.min(b.len());
    b[from..]
        .iter()
        .position(|&c| c == b'\n' || c == b'\r')
        .map_or(b.len(), |p| p + from)
}

fn loc(file: FileId, at: usize) -> Loc {
    Loc {
        file,
        span: Span::from(at..at),
    }
}

/// Matching state while checking the input.
struct Checker<'a> {
    input: &'a str,
    input_file: FileId,
    vars: Vars,
    diags: &'a mut Vec<Diagnostic>,
    opts: &'a Options,
}

impl Checker<'_> {
    fn in_loc(&self, at: usize) -> Loc {
        loc(self.input_file, at)
    }

    fn in_range(&self, start: usize, end: usize) -> Loc {
        Loc {
            file: self.input_file,
            span: Span::from(start..end),
        }
    }

    fn note(&mut self, at: Loc, msg: impl Into<String>) {
        self.diags
            .push(Diagnostic::new(Severity::Note, Some(at), msg));
    }

    /// FileCheck's `checkInput`: label blocks, then each directive in turn.
    fn run(&mut self, checks: &[CheckString]) -> bool {
        let mut failed = false;
        let mut buf = 0usize;
        let end = self.input.len();
        let (mut i, mut j) = (0usize, 0usize);
        loop {
            let region;
            if j == checks.len() {
                region = (buf, end);
            } else {
                let label = &checks[j];
                if label.pat.ty.kind != Kind::Label {
                    j += 1;
                    continue;
                }
                let Some((pos, len)) = self.check_one(label, buf, end, true) else {
                    return false;
                };
                region = (buf, pos + len);
                buf = pos + len;
                j += 1;
            }
            if i != 0 && self.opts.enable_var_scope {
                self.vars.clear_locals();
            }
            let mut start = region.0;
            while i != j {
                match self.check_one(&checks[i], start, region.1, false) {
                    Some((pos, len)) => start = pos + len,
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                }
                i += 1;
            }
            if j == checks.len() {
                break;
            }
        }
        !failed
    }

    /// FileCheck's `FileCheckString::Check`: returns the match position and
    /// length within `[start, end)`.
    fn check_one(
        &mut self,
        cs: &CheckString,
        start: usize,
        end: usize,
        label_scan: bool,
    ) -> Option<(usize, usize)> {
        let mut last_pos = start;
        let mut nots: Vec<&DagNot> = Vec::new();
        if !label_scan {
            last_pos = self.check_dag(cs, start, end, &mut nots)?;
        }
        let mut last_end = last_pos;
        let mut first_pos = last_pos;
        for n in 1..=cs.pat.ty.count {
            let res = cs.pat.match_in(&mut self.vars, self.input, last_end, end);
            let (pos, len) = self.report(true, &cs.prefix, &cs.pat, n, last_end, end, res)?;
            if n == 1 {
                first_pos = pos;
            }
            last_end = pos + len;
        }
        let len = last_end - first_pos;
        if !label_scan {
            if self.check_next(cs, last_pos, first_pos) || self.check_same(cs, last_pos, first_pos)
            {
                return None;
            }
            if self.check_not(&nots, last_pos, first_pos) {
                return None;
            }
        }
        Some((first_pos, len))
    }

    /// Reports the outcome of matching `pat` on `[start, end)`; returns the
    /// match when it is expected and found.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        n: u32,
        start: usize,
        end: usize,
        res: MatchOutcome,
    ) -> Option<(usize, usize)> {
        match res {
            MatchOutcome::Found {
                pos,
                len,
                subst,
                caps,
            } => {
                if expected {
                    return Some((pos, len));
                }
                let mut msg = format!(
                    "{}: excluded string found in input",
                    pat.ty.describe(prefix)
                );
                if pat.ty.count > 1 {
                    msg.push_str(&format!(" ({n} out of {})", pat.ty.count));
                }
                self.diags.push(Diagnostic::error(pat.loc(), msg));
                self.note(self.in_range(pos, pos + len), "found here");
                for (from, value) in subst {
                    self.note(
                        self.in_loc(pos),
                        format!("with \"{from}\" equal to {value}"),
                    );
                }
                for (name, s, e) in caps {
                    self.note(self.in_range(s, e), format!("captured var \"{name}\""));
                }
                None
            }
            MatchOutcome::NotFound { subst } => {
                if !expected {
                    return None;
                }
                let mut msg = format!(
                    "{}: expected string not found in input",
                    pat.ty.describe(prefix)
                );
                if pat.ty.count > 1 {
                    msg.push_str(&format!(" ({n} out of {})", pat.ty.count));
                }
                self.diags.push(Diagnostic::error(pat.loc(), msg));
                self.note(self.in_loc(start), "scanning from here");
                for (from, value) in subst {
                    self.note(
                        self.in_loc(start),
                        format!("with \"{from}\" equal to {value}"),
                    );
                }
                self.fuzzy(pat, start, end);
                None
            }
            MatchOutcome::Error { errors, subst } => {
                for (at, msg) in errors {
                    self.diags.push(Diagnostic::error(at, msg));
                }
                for (from, value) in subst {
                    self.note(
                        self.in_loc(start),
                        format!("with \"{from}\" equal to {value}"),
                    );
                }
                if expected {
                    self.fuzzy(pat, start, end);
                }
                None
            }
        }
    }

    /// FileCheck's `printFuzzyMatch`.
    fn fuzzy(&mut self, pat: &Pattern, start: usize, end: usize) {
        let example = pat.fuzzy_text();
        let buf = &self.input.as_bytes()[start..end];
        let limit = buf.len().min(4096);
        if 4096usize * 2048 < limit * example.len() {
            return;
        }
        let ex = example.as_bytes();
        let mut lines = 0usize;
        let mut best: Option<(usize, f64)> = None;
        for i in 0..limit {
            if buf[i] == b'\n' {
                lines += 1;
            }
            if buf[i] == b' ' || buf[i] == b'\t' {
                continue;
            }
            let window = &buf[i..buf.len().min(i + ex.len())];
            let window = window.split(|&c| c == b'\n').next().unwrap_or(&[]);
            let quality = edit_distance(window, ex) as f64 + lines as f64 / 100.0;
            if best.is_none_or_worse(quality) {
                best = Some((i, quality));
            }
        }
        if let Some((b, q)) = best {
            if b != 0 && q < 50.0 {
                self.note(self.in_loc(start + b), "possible intended match here");
            }
        }
    }

    fn check_next(&mut self, cs: &CheckString, from: usize, to: usize) -> bool {
        if !matches!(cs.pat.ty.kind, Kind::Next | Kind::Empty) {
            return false;
        }
        let name = format!(
            "{}{}",
            cs.prefix,
            if cs.pat.ty.kind == Kind::Empty {
                "-EMPTY"
            } else {
                "-NEXT"
            }
        );
        let (count, first_nl) = count_newlines(&self.input.as_bytes()[from..to]);
        if count == 0 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!("{name}: is on the same line as previous match"),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            return true;
        }
        if count != 1 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!("{name}: is not on the line after the previous match"),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            self.note(
                self.in_loc(from + first_nl),
                "non-matching line after previous match is here",
            );
            return true;
        }
        false
    }

    fn check_same(&mut self, cs: &CheckString, from: usize, to: usize) -> bool {
        if cs.pat.ty.kind != Kind::Same {
            return false;
        }
        let (count, _) = count_newlines(&self.input.as_bytes()[from..to]);
        if count != 0 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!(
                    "{}-SAME: is not on the same line as the previous match",
                    cs.prefix
                ),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            return true;
        }
        false
    }

    /// Checks that no CHECK-NOT in `nots` matches `[from, to)`.
    fn check_not(&mut self, nots: &[&DagNot], from: usize, to: usize) -> bool {
        let mut failed = false;
        for dn in nots {
            let res = dn.pat.match_in(&mut self.vars, self.input, from, to);
            let is_err = !matches!(res, MatchOutcome::NotFound { .. });
            self.report(false, &dn.prefix, &dn.pat, 1, from, to, res);
            failed |= is_err;
        }
        failed
    }

    /// FileCheck's `CheckDag`: returns where the positive match may start.
    fn check_dag<'c>(
        &mut self,
        cs: &'c CheckString,
        start: usize,
        end: usize,
        nots: &mut Vec<&'c DagNot>,
    ) -> Option<usize> {
        if cs.dag_nots.is_empty() {
            return Some(start);
        }
        let mut start_pos = start;
        // Sorted, non-overlapping match ranges of the current DAG group.
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (idx, dn) in cs.dag_nots.iter().enumerate() {
            if dn.pat.ty.kind == Kind::Not {
                nots.push(dn);
                continue;
            }
            let mut match_pos = start_pos;
            let mut mi = 0usize;
            loop {
                let res = dn.pat.match_in(&mut self.vars, self.input, match_pos, end);
                let (pos, len) = self.report(true, &dn.prefix, &dn.pat, 1, match_pos, end, res)?;
                let m = (pos, pos + len);
                let mut overlap = false;
                while mi < ranges.len() {
                    if m.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < m.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, m);
                    break;
                }
                match_pos = ranges[mi].1;
                mi += 1;
            }
            let group_ends =
                !matches!(cs.dag_nots.get(idx + 1), Some(n) if n.pat.ty.kind != Kind::Not);
            if group_ends {
                let first = ranges.first().map_or(start_pos, |r| r.0);
                if !nots.is_empty() {
                    if self.check_not(nots, start_pos, first) {
                        return None;
                    }
                    nots.clear();
                }
                start_pos = ranges.last().map_or(start_pos, |r| r.1);
                ranges.clear();
            }
        }
        Some(start_pos)
    }
}

trait FuzzyBest {
    fn is_none_or_worse(&self, q: f64) -> bool;
}
impl FuzzyBest for Option<(usize, f64)> {
    fn is_none_or_worse(&self, q: f64) -> bool {
        match self {
            None => true,
            Some((_, b)) => q < *b,
        }
    }
}

/// Number of line breaks in `b` (`\r\n` and `\n\r` count once) and the
/// offset just past the first one.
fn count_newlines(b: &[u8]) -> (u32, usize) {
    let mut n = 0;
    let mut first = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            n += 1;
            if i + 1 < b.len() && (b[i + 1] == b'\n' || b[i + 1] == b'\r') && b[i] != b[i + 1] {
                i += 1;
            }
            i += 1;
            if n == 1 {
                first = i;
            }
            continue;
        }
        i += 1;
    }
    (n, first)
}

/// Levenshtein distance (insertions, deletions and replacements cost 1).
fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests;
