//! The one diagnostic type shared by every irkit crate.
//!
//! Library crates (`td`, `ir`, `abi`, the root `irkit` crate) produce
//! [`Diagnostic`]s that point into a [`SourceMap`] by [`FileId`] and byte
//! [`Span`]. They never render, colour or print: only the `cli` crate turns a
//! diagnostic into text, either the plain LLVM form ([`render_plain`]) or an
//! ariadne snippet.
//!
//! The plain form is a contract (design.md §1): the first line of each
//! diagnostic is exactly `FILE:LINE:COL: error: MESSAGE`, followed by the
//! source line and a caret, the way LLVM tools print it, so existing
//! `FileCheck` patterns and editors' problem matchers work.
#![warn(clippy::print_stdout, clippy::print_stderr)]

use std::fmt::{self, Write as _};
use std::ops::Range;
use std::sync::{Arc, OnceLock};

/// An opaque handle to a file in a [`SourceMap`]. Only the map creates them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileId(u32);

/// A half-open byte range into one file's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: u32,
    pub end: u32,
}

impl Span {
    pub const fn new(start: u32, end: u32) -> Span {
        Span { start, end }
    }
    pub const fn empty(at: u32) -> Span {
        Span { start: at, end: at }
    }
    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }
    /// The smallest span covering both.
    pub fn cover(self, other: Span) -> Span {
        Span {
            start: self.start.min(other.start),
            end: self.end.max(other.end),
        }
    }
}

impl From<Range<usize>> for Span {
    fn from(r: Range<usize>) -> Span {
        Span {
            start: saturate(r.start),
            end: saturate(r.end),
        }
    }
}

fn saturate(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A location: a file and a span in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Loc {
    pub file: FileId,
    pub span: Span,
}

/// How bad a diagnostic is. The spelling is LLVM's (`error`, `warning`, ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    Error,
    Warning,
    Note,
    Remark,
}

impl Severity {
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Remark => "remark",
        }
    }
}

impl fmt::Display for Severity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A secondary location with a message, shown beside the primary one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub loc: Loc,
    pub message: String,
}

/// A related diagnostic that follows the primary one (`note: ...` in LLVM
/// output). A note without a location prints as `note: MESSAGE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    pub loc: Option<Loc>,
    pub message: String,
}

/// One diagnostic. `loc` is `None` only for problems that have no place in a
/// file (a missing input file, an unknown triple given on the command line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    pub loc: Option<Loc>,
    pub message: String,
    pub labels: Vec<Label>,
    pub notes: Vec<Note>,
}

impl Diagnostic {
    pub fn new(severity: Severity, loc: Option<Loc>, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            loc,
            message: message.into(),
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }
    pub fn error(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, Some(loc), message)
    }
    pub fn warning(loc: Loc, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, Some(loc), message)
    }
    /// An error with no source location.
    pub fn bare_error(message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, None, message)
    }
    pub fn with_label(mut self, loc: Loc, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            loc,
            message: message.into(),
        });
        self
    }
    pub fn with_note(mut self, loc: Option<Loc>, message: impl Into<String>) -> Diagnostic {
        self.notes.push(Note {
            loc,
            message: message.into(),
        });
        self
    }
    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// One source file: its display name, its text, and where its lines start
/// (found on first use: most files never need a line number).
#[derive(Debug)]
pub struct SourceFile {
    name: String,
    /// Shared: a file included many times (behind include guards) is read
    /// and stored once.
    text: Arc<str>,
    line_starts: OnceLock<Vec<u32>>,
    /// Where this file was included from, for include stacks.
    included_from: Option<Loc>,
}

impl SourceFile {
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn text(&self) -> &str {
        &self.text
    }
    /// The text, shared.
    pub fn shared_text(&self) -> Arc<str> {
        Arc::clone(&self.text)
    }
    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let mut starts = vec![0u32];
            starts.extend(
                self.text
                    .bytes()
                    .enumerate()
                    .filter(|&(_, b)| b == b'\n')
                    .map(|(i, _)| saturate(i + 1)),
            );
            starts
        })
    }
    pub fn included_from(&self) -> Option<Loc> {
        self.included_from
    }
    /// 1-based line and column (in bytes, as LLVM counts) of a byte offset.
    pub fn line_col(&self, offset: u32) -> (u32, u32) {
        let line_starts = self.line_starts();
        let line_idx = match line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i.saturating_sub(1),
        };
        let start = line_starts.get(line_idx).copied().unwrap_or(0);
        (line_idx as u32 + 1, offset.saturating_sub(start) + 1)
    }
    /// The text of the 1-based line `line`, without its line terminator.
    pub fn line_text(&self, line: u32) -> &str {
        let idx = line.saturating_sub(1) as usize;
        let line_starts = self.line_starts();
        let Some(&start) = line_starts.get(idx) else {
            return "";
        };
        let end = line_starts
            .get(idx + 1)
            .map_or(self.text.len(), |&e| e as usize);
        let s = self.text.get(start as usize..end).unwrap_or("");
        s.trim_end_matches(['\n', '\r'])
    }
    /// Byte offset of the start of the 1-based line `line` (end of file if past it).
    pub fn line_start(&self, line: u32) -> u32 {
        let idx = line.saturating_sub(1) as usize;
        self.line_starts()
            .get(idx)
            .copied()
            .unwrap_or(saturate(self.text.len()))
    }
    pub fn line_count(&self) -> u32 {
        self.line_starts().len() as u32
    }
}

/// Owns every source text a run reads. Diagnostics refer to it by [`FileId`].
#[derive(Debug, Default)]
pub struct SourceMap {
    files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap::default()
    }
    /// Adds a file. `name` is what diagnostics print (`-` reads as `<stdin>`).
    pub fn add(&mut self, name: impl Into<String>, text: String) -> FileId {
        self.add_included(name, text, None)
    }
    pub fn add_included(
        &mut self,
        name: impl Into<String>,
        text: String,
        from: Option<Loc>,
    ) -> FileId {
        self.add_shared(name, Arc::from(text), from)
    }
    /// Adds a file whose text is already shared with another entry.
    pub fn add_shared(
        &mut self,
        name: impl Into<String>,
        text: Arc<str>,
        from: Option<Loc>,
    ) -> FileId {
        let id = FileId(saturate(self.files.len()));
        self.files.push(SourceFile {
            name: name.into(),
            text,
            line_starts: OnceLock::new(),
            included_from: from,
        });
        id
    }
    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }
    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }
    /// `FILE:LINE:COL` of a location.
    pub fn position(&self, loc: Loc) -> String {
        let f = self.file(loc.file);
        let (l, c) = f.line_col(loc.span.start);
        format!("{}:{}:{}", f.name, l, c)
    }
}

/// Renders `d` the way LLVM tools do when stderr is not a terminal:
///
/// ```text
/// FILE:LINE:COL: error: MESSAGE
/// <the source line>
///     ^~~~
/// ```
///
/// followed by each note in the same form, and for included files the
/// `Included from FILE:LINE:` stack LLVM's SourceMgr prints first.
pub fn render_plain(out: &mut String, map: &SourceMap, d: &Diagnostic) {
    render_one(out, map, d.severity, d.loc, &d.message, true);
    let mut prev = d.loc;
    for label in &d.labels {
        render_one(
            out,
            map,
            Severity::Note,
            Some(label.loc),
            &label.message,
            true,
        );
        prev = Some(label.loc);
    }
    // Like MLIR's SourceMgrDiagnosticHandler: a note shows its source line
    // only when its location differs from the previous one.
    for note in &d.notes {
        let show = note.loc != prev;
        render_one(out, map, Severity::Note, note.loc, &note.message, show);
        prev = note.loc;
    }
}

fn render_one(
    out: &mut String,
    map: &SourceMap,
    sev: Severity,
    loc: Option<Loc>,
    msg: &str,
    show_source: bool,
) {
    let Some(loc) = loc else {
        let _ = writeln!(out, "{sev}: {msg}");
        return;
    };
    let f = map.file(loc.file);
    let mut from = f.included_from();
    let mut stack = Vec::new();
    while let Some(l) = from {
        stack.push(l);
        from = map.file(l.file).included_from();
    }
    for l in stack.iter().rev() {
        let inc = map.file(l.file);
        let (line, _) = inc.line_col(l.span.start);
        let _ = writeln!(out, "Included from {}:{}:", inc.name(), line);
    }
    let (line, col) = f.line_col(loc.span.start);
    let _ = writeln!(out, "{}:{}:{}: {}: {}", f.name(), line, col, sev, msg);
    if !show_source {
        return;
    }
    let text = f.line_text(line);
    let _ = writeln!(out, "{text}");
    let mut caret = String::new();
    for ch in text.chars().take(col.saturating_sub(1) as usize) {
        caret.push(if ch == '\t' { '\t' } else { ' ' });
    }
    caret.push('^');
    let line_end = f.line_start(line) + saturate(text.len());
    let end = loc.span.end.min(line_end);
    let width = end.saturating_sub(loc.span.start) as usize;
    for _ in 1..width {
        caret.push('~');
    }
    let _ = writeln!(out, "{caret}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(text: &str, span: Range<usize>, expect: &str) {
        let mut map = SourceMap::new();
        let file = map.add("t.td", text.to_string());
        let d = Diagnostic::error(
            Loc {
                file,
                span: span.into(),
            },
            "boom",
        );
        let mut out = String::new();
        render_plain(&mut out, &map, &d);
        assert_eq!(out, expect);
    }

    #[test]
    fn plain_rendering_matches_llvm_shape() {
        check(
            "def A;\ndef B : C;\n",
            15..16,
            "t.td:2:9: error: boom\ndef B : C;\n        ^\n",
        );
        check("ab\ncdef\n", 4..7, "t.td:2:2: error: boom\ncdef\n ^~~\n");
    }

    #[test]
    fn line_col_at_end_of_file() {
        let mut map = SourceMap::new();
        let f = map.add("x", "a\nb".to_string());
        assert_eq!(map.file(f).line_col(3), (2, 2));
        assert_eq!(map.file(f).line_text(2), "b");
    }
}
