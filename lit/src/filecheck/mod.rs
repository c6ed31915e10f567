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

mod ansi;
mod checker;
pub mod dump;
mod numeric;
mod pattern;
pub mod posix;

pub use checker::{edit_distance, DumpDiag, MatchTy};

use irkit_diag::{Diagnostic, FileId, Loc, Severity, SourceMap, Span};
use numeric::Format;
use pattern::Pattern;
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
    /// `-v`: report good matches too.
    pub verbose: bool,
    /// `-vv`: also report CHECK-NOTs that did not match, every CHECK-DAG
    /// attempt and the implicit EOF pattern. Implies `verbose`.
    pub verbose_verbose: bool,
    /// Record match results for an input dump (`-dump-input` other than
    /// `never`); verbose reports then go to the dump instead of stderr.
    pub collect_dump: bool,
    /// `--allow-deprecated-dag-overlap`.
    pub allow_deprecated_dag_overlap: bool,
    /// The FileCheck release to match where 19 and 22 differ (19 or 22).
    pub llvm_release: u32,
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
            verbose: false,
            verbose_verbose: false,
            collect_dump: false,
            allow_deprecated_dag_overlap: false,
            llvm_release: 22,
        }
    }
}

/// Why checking stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The check file, an option or the input is unusable (FileCheck exits 2).
    BadCheckFile,
    /// The input is empty and `allow_empty` is off (FileCheck exits 2).
    EmptyInput,
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
            FailureKind::BadCheckFile | FailureKind::EmptyInput => 2,
            FailureKind::Mismatch => 1,
        }
    }

    /// Renders the report exactly the way FileCheck prints it (LLVM's
    /// `SMDiagnostic::print`: the source line with tabs expanded to 8-column
    /// stops, and a caret line whose marks under a tab fill the tab).
    pub fn render_plain(&self) -> String {
        render_all(&self.map, &self.diags, false)
    }

    /// As [`Report::render_plain`], with FileCheck's `--color` sequences
    /// when `color` is on.
    pub fn render(&self, color: bool) -> String {
        render_all(&self.map, &self.diags, color)
    }
}

/// Checks `input_text` against the directives in `check_text`.
pub fn check(
    check_text: &str,
    check_file_name: &str,
    input_text: &str,
    opts: &Options,
) -> Result<(), Report> {
    let prepared = prepare(check_text, check_file_name, opts)?;
    let out = prepared.run(input_text, opts);
    match out.kind {
        None => Ok(()),
        Some(kind) => Err(Report {
            kind,
            map: out.map,
            diags: out.diags,
        }),
    }
}

/// A check file read and ready to match inputs (FileCheck's
/// `readCheckFile` done).
pub struct Prepared {
    map: SourceMap,
    check_file: FileId,
    imp_files: Vec<FileId>,
    checks: Vec<CheckString>,
    vars: Vars,
}

/// The result of checking one input.
pub struct Outcome {
    /// `None` when the input matched.
    pub kind: Option<FailureKind>,
    pub map: SourceMap,
    /// What FileCheck prints while checking (errors, and remarks with `-v`).
    pub diags: Vec<Diagnostic>,
    /// The recorded results for the input dump (with `collect_dump`).
    pub dump: Vec<DumpDiag>,
    check_file: FileId,
    imp_files: Vec<FileId>,
    input_file: Option<FileId>,
}

/// Reads the directives of `check_text` (after validating the prefixes and
/// defining the `-D` variables), as FileCheck does before it opens the input.
pub fn prepare(
    check_text: &str,
    check_file_name: &str,
    opts: &Options,
) -> Result<Prepared, Report> {
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
    let mut vars = Vars {
        raw_values: opts.llvm_release >= 22,
        ..Vars::default()
    };
    let Ok(()) = define_globals(&mut map, &mut vars, opts, &mut diags) else {
        for d in &mut diags {
            d.notes.push(irkit_diag::Note {
                loc: None,
                message: String::new(),
            });
        }
        return Err(bad(map, diags));
    };
    let mut formats = ParseTables {
        formats: vars
            .nums
            .iter()
            .map(|(k, v)| (k.clone(), v.format))
            .collect(),
        strings: vars.strings.keys().cloned().collect(),
    };
    let mut imp_files = Vec::new();
    let checks = match parse_check_file(
        &mut map,
        check_file,
        opts,
        &mut formats,
        &mut imp_files,
        &mut diags,
    ) {
        Ok(c) => c,
        Err(()) => return Err(bad(map, diags)),
    };
    Ok(Prepared {
        map,
        check_file,
        imp_files,
        checks,
        vars,
    })
}

impl Prepared {
    /// Checks `input_text`. An empty input (without `allow_empty`) is
    /// [`FailureKind::EmptyInput`] with no diagnostics: FileCheck's message
    /// for it names the command line, which only the caller knows.
    pub fn run(self, input_text: &str, opts: &Options) -> Outcome {
        let Prepared {
            mut map,
            check_file,
            imp_files,
            checks,
            vars,
        } = self;
        let mut diags = Vec::new();
        if input_text.is_empty() && !opts.allow_empty {
            return Outcome {
                kind: Some(FailureKind::EmptyInput),
                map,
                diags,
                dump: Vec::new(),
                check_file,
                imp_files,
                input_file: None,
            };
        }
        let input_file = map.add(
            opts.input_name.clone(),
            canonicalize(input_text, opts.strict_whitespace),
        );
        let (ok, dump) = {
            let mut ck = checker::Checker {
                input: map.file(input_file).text(),
                input_file,
                vars,
                diags: &mut diags,
                opts,
                dump: opts.collect_dump.then(Vec::new),
            };
            let ok = ck.run(&checks);
            (ok, ck.dump.take().unwrap_or_default())
        };
        Outcome {
            kind: (!ok).then_some(FailureKind::Mismatch),
            map,
            diags,
            dump,
            check_file,
            imp_files,
            input_file: Some(input_file),
        }
    }
}

impl Outcome {
    /// The diagnostics in FileCheck's text form (see [`Report::render_plain`]).
    pub fn render_plain(&self) -> String {
        render_all(&self.map, &self.diags, false)
    }

    /// As [`Report::render_plain`], with FileCheck's `--color` sequences
    /// when `color` is on.
    pub fn render(&self, color: bool) -> String {
        render_all(&self.map, &self.diags, color)
    }

    /// FileCheck's annotated input dump (`Input was:` ... `>>>>>>`).
    pub fn render_dump(&self, cfg: &dump::DumpConfig) -> String {
        let Some(input_file) = self.input_file else {
            return String::new();
        };
        let label_of = |at: Loc| -> String {
            if at.file == self.check_file {
                let (line, _) = self.map.file(at.file).line_col(at.span.start);
                line.to_string()
            } else {
                let i = self
                    .imp_files
                    .iter()
                    .position(|f| *f == at.file)
                    .unwrap_or(0);
                format!("imp{}", i + 1)
            }
        };
        dump::render(self.map.file(input_file).text(), &self.dump, &label_of, cfg)
    }
}

fn render_all(map: &SourceMap, diags: &[Diagnostic], color: bool) -> String {
    let mut out = String::new();
    for d in diags {
        render_llvm(&mut out, map, d.severity, d.loc, &d.message, color);
        for l in &d.labels {
            render_llvm(
                &mut out,
                map,
                Severity::Note,
                Some(l.loc),
                &l.message,
                color,
            );
        }
        for n in &d.notes {
            render_llvm(&mut out, map, Severity::Note, n.loc, &n.message, color);
        }
    }
    out
}

/// LLVM's `SMDiagnostic::print`; with `color`, the location and message
/// are bold, the kind label coloured and the caret line green.
fn render_llvm(
    out: &mut String,
    map: &SourceMap,
    sev: Severity,
    loc: Option<Loc>,
    msg: &str,
    color: bool,
) {
    use std::fmt::Write as _;
    let Some(loc) = loc else {
        // Two forms FileCheck prints through `logAllUnhandledErrors`: a
        // bare message (marked by a leading NUL) and the empty line after
        // each logged error (an empty note).
        if let Some(raw) = msg.strip_prefix('\u{0}') {
            let _ = writeln!(out, "{raw}");
        } else if msg.is_empty() {
            out.push('\n');
        } else {
            let _ = writeln!(out, "{sev}: {msg}");
        }
        return;
    };
    let f = map.file(loc.file);
    let (line, col) = f.line_col(loc.span.start);
    if color {
        let label = match sev {
            Severity::Error => ansi::color(ansi::Color::Red, false),
            Severity::Warning => ansi::color(ansi::Color::Magenta, false),
            Severity::Remark => ansi::color(ansi::Color::Blue, false),
            Severity::Note => ansi::color(ansi::Color::Black, false),
        };
        let (b, r) = (ansi::BOLD, ansi::RESET);
        let _ = write!(
            out,
            "{b}{}:{line}:{col}: {r}{label}{sev}: {r}{b}{msg}\n{r}",
            f.name()
        );
    } else {
        let _ = writeln!(out, "{}:{line}:{col}: {sev}: {msg}", f.name());
    }
    let text = f.line_text(line).as_bytes();
    let line_start = f.line_start(line) as usize;
    // LLVM prints no caret under a line with non-ASCII bytes.
    if !text.is_ascii() {
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
        out.push_str(&String::from_utf8_lossy(&src));
        out.push('\n');
        return;
    }
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
    if color {
        out.push_str(ansi::color(ansi::Color::Green, false));
    }
    out.push_str(&String::from_utf8_lossy(&marks));
    out.push('\n');
    if color {
        out.push_str(ansi::RESET);
    }
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
    pub strings: HashMap<String, Vec<u8>>,
    pub nums: HashMap<String, NumVar>,
    /// FileCheck 22 shows a string variable's value as it is (escaped only
    /// when it holds a non-printable character or `"`); 19 shows it
    /// regex-escaped.
    pub raw_values: bool,
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

/// FileCheck's `ValidateCheckPrefixes`: the message, without `error: `.
pub fn validate_prefixes(opts: &Options) -> Result<(), String> {
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

/// FileCheck's `defineCmdlineVariables`: the `-D` definitions are shown in a
/// pseudo file named `Global defines`, one line each (`Global define #1:
/// NAME=VALUE`, or for `#NAME=EXPR` the block it is parsed as), so that
/// errors point into it.
fn define_globals(
    map: &mut SourceMap,
    vars: &mut Vars,
    opts: &Options,
    diags: &mut Vec<Diagnostic>,
) -> Result<(), ()> {
    if opts.defines.is_empty() {
        return Ok(());
    }
    let mut text = String::new();
    let mut spans = Vec::new();
    for (i, def) in opts.defines.iter().enumerate() {
        let prefix = format!("Global define #{}: ", i + 1);
        let Some(eq) = def.find('=') else {
            spans.push((text.len(), 0));
            continue;
        };
        if def.starts_with('#') {
            text.push_str(&prefix);
            text.push_str(def);
            text.push_str(" (parsed as: [[");
            let mut sub = def.clone();
            sub.replace_range(eq..eq + 1, ":");
            spans.push((text.len(), sub.len()));
            text.push_str(&sub);
            text.push_str("]])\n");
        } else {
            text.push_str(&prefix);
            spans.push((text.len(), def.len()));
            text.push_str(def);
            text.push('\n');
        }
    }
    let file = map.add("Global defines", text);
    let at = |off: usize| loc(file, off);
    let mut failed = false;
    for (start, len) in spans {
        let def = map.file(file).text()[start..start + len].to_string();
        if def.is_empty() {
            diags.push(Diagnostic::error(
                at(start),
                "missing equal sign in global definition",
            ));
            failed = true;
            continue;
        }
        if let Some(expr) = def.strip_prefix('#') {
            let block = match numeric::parse_block(expr, false) {
                Ok(b) => b,
                Err((off, msg)) => {
                    diags.push(Diagnostic::error(at(start + 1 + off), msg));
                    failed = true;
                    continue;
                }
            };
            if let Some((name, off)) = &block.def {
                if vars.strings.contains_key(name) {
                    diags.push(Diagnostic::error(
                        at(start + 1 + off),
                        format!("string variable with name '{name}' already exists"),
                    ));
                    failed = true;
                    continue;
                }
            }
            if block.format.is_none() {
                let fmt_of = |n: &str| vars.nums.get(n).map_or(Format::UNSIGNED, |v| v.format);
                if let Err((off, msg)) = block.implicit_format(&fmt_of) {
                    diags.push(Diagnostic::error(at(start + 1 + off), msg));
                    failed = true;
                    continue;
                }
            }
            let look = |n: &str| vars.nums.get(n).and_then(|v| v.value);
            let value = match block.eval(&look) {
                Ok(Some(v)) => v,
                Ok(None) => {
                    diags.push(Diagnostic::new(
                        Severity::Error,
                        None,
                        "\u{0}expression expected",
                    ));
                    failed = true;
                    continue;
                }
                Err(errs) => {
                    for e in errs {
                        let msg = match e {
                            numeric::EvalError::Undefined { name, .. } => {
                                format!("\u{0}undefined variable: {name}")
                            }
                            numeric::EvalError::Overflow => "\u{0}overflow error".to_string(),
                        };
                        diags.push(Diagnostic::new(Severity::Error, None, msg));
                    }
                    failed = true;
                    continue;
                }
            };
            let Some((name, _)) = block.def.clone() else {
                failed = true;
                continue;
            };
            // The format: explicit, else that of the first variable used.
            let format = block.format.unwrap_or_else(|| {
                block
                    .uses()
                    .find_map(|n| vars.nums.get(n).map(|v| v.format))
                    .unwrap_or(Format::UNSIGNED)
            });
            vars.nums.insert(
                name,
                NumVar {
                    value: Some(value),
                    format,
                },
            );
        } else {
            let eq = def.find('=').unwrap_or(def.len());
            let (name, value) = (&def[..eq], &def[(eq + 1).min(def.len())..]);
            let Some((n, used)) = numeric::parse_name(name) else {
                let bare = name.strip_prefix(['$', '@']).unwrap_or(name);
                let off = if bare.is_empty() && !name.is_empty() {
                    start + 1
                } else {
                    start
                };
                diags.push(Diagnostic::error(at(off), numeric::name_error(name)));
                failed = true;
                continue;
            };
            if used != name.len() || n.starts_with('@') {
                diags.push(Diagnostic::error(
                    at(start),
                    format!("invalid name in string variable definition '{name}'"),
                ));
                failed = true;
                continue;
            }
            if vars.nums.contains_key(n) {
                diags.push(Diagnostic::error(
                    at(start),
                    format!("numeric variable with name '{n}' already exists"),
                ));
                failed = true;
                continue;
            }
            vars.strings
                .insert(n.to_string(), value.as_bytes().to_vec());
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

/// What FileCheck's parser knows of variables while it reads the check
/// file: every numeric variable defined or used so far with its format, and
/// every string variable defined so far (both including `-D` definitions).
pub(crate) struct ParseTables {
    pub formats: HashMap<String, Format>,
    pub strings: std::collections::HashSet<String>,
}

/// Reads every directive of the check file.
fn parse_check_file(
    map: &mut SourceMap,
    file: FileId,
    opts: &Options,
    formats: &mut ParseTables,
    imp_files: &mut Vec<FileId>,
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
        imp_files.push(f);
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
            formats,
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
        // A directive that ends the file (`CHECK-EMPTY:` and no newline):
        // FileCheck then reads its pattern from just after the prefix.
        let mut start = if after_prefix + used >= b.len() {
            after_prefix
        } else {
            after_prefix + used
        };
        if !(opts.strict_whitespace && opts.match_full_lines) {
            while start < b.len() && (b[start] == b' ' || b[start] == b'\t') {
                start += 1;
            }
        }
        let end = line_end(b, start);
        pos = end;
        let pat = Pattern::parse(
            text, file, opts, ty, start, end, prefix, line, formats, diags,
        )?;
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
        let pat = Pattern::eof(file, pos.min(b.len()), line + 1);
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

#[cfg(test)]
mod tests;
