//! FileCheck's annotated input dump (`-dump-input`), as FileCheck 19 and 22
//! print it: every input line numbered, with one line per recorded match
//! result under it (`check:3'0 ^~~`, `X error: no match found`, ...),
//! filtered by `-dump-input-filter` and `-dump-input-context`.
//!
//! Layout rules (from FileCheck's `BuildInputAnnotations` and
//! `DumpAnnotatedInput`): a label is the directive kind's abbreviation, the
//! directive's check-file line (or `imp<N>` for the N-th
//! `--implicit-check-not`), and `'<index>` when that directive has several
//! results; the label column is as wide as the widest label or line number,
//! plus three. A result spanning lines continues with `~` on the following
//! lines. Lines outside the filter's context are elided: runs of more than
//! three such lines print as three `.` lines.

use super::ansi::{self, Color};
use super::checker::{DumpDiag, MatchTy};
use super::Kind;
use irkit_diag::Loc;
use std::collections::HashMap;
use std::fmt::Write as _;

/// `-dump-input-filter`, in increasing precedence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Filter {
    Error,
    Annotation,
    AnnotationFull,
    All,
}

/// How to print the dump.
#[derive(Clone, Copy, Debug)]
pub struct DumpConfig {
    pub filter: Filter,
    /// Lines of context around the filtered lines.
    pub context: u32,
    /// `-dump-input-label-width`: the minimum label column width.
    pub min_label_width: u32,
    /// `--color`: FileCheck's ANSI sequences.
    pub color: bool,
    /// `-v`: with colours, input outside good matches is highlighted.
    pub verbose: bool,
}

struct Annotation {
    index: usize,
    label: String,
    first_line: bool,
    line: u32,
    start_col: u32,
    end_col: u32,
    lead: u8,
    note: String,
    as_error: bool,
    color: Color,
    /// A good match (`MatchFoundAndExpected`): not highlighted with `-v`.
    expected: bool,
}

fn abbreviation(d: &DumpDiag) -> &'static str {
    match d.ty.kind {
        Kind::Plain if d.ty.count > 1 => "count",
        Kind::Plain => "check",
        Kind::Next => "next",
        Kind::Same => "same",
        Kind::Not => "not",
        Kind::Dag => "dag",
        Kind::Label => "label",
        Kind::Empty => "empty",
        Kind::Eof => "eof",
    }
}

/// The marker of a result: lead character, note, whether it counts as an
/// error for `-dump-input-filter=error`, and its `--color` colour.
fn marker(mt: MatchTy) -> (u8, &'static str, bool, Color) {
    match mt {
        MatchTy::FoundAndExpected => (b'^', "", false, Color::Green),
        MatchTy::FoundButExcluded => (b'!', "error: no match expected", true, Color::Red),
        MatchTy::FoundButWrongLine => (b'!', "error: match on wrong line", true, Color::Red),
        MatchTy::FoundButDiscarded => (b'!', "discard: overlaps earlier match", false, Color::Cyan),
        MatchTy::NoneAndExcluded => (b'X', "", false, Color::Green),
        MatchTy::NoneButExpected => (b'X', "error: no match found", true, Color::Red),
        MatchTy::NoneForInvalidPattern => (
            b'X',
            "error: match failed for invalid pattern",
            true,
            Color::Red,
        ),
        MatchTy::Fuzzy => (b'?', "possible intended match", true, Color::Magenta),
    }
}

/// Line and column (1-based, bytes) of `off` in a text with the given
/// line starts.
fn line_col(starts: &[usize], off: usize) -> (u32, u32) {
    let i = match starts.binary_search(&off) {
        Ok(i) => i,
        Err(i) => i.saturating_sub(1),
    };
    (i as u32 + 1, (off - starts[i]) as u32 + 1)
}

/// Renders the dump of `input` (the canonicalized input) with `diags`;
/// `label_of` names a directive's location (its check-file line or `impN`).
pub fn render(
    input: &str,
    diags: &[DumpDiag],
    label_of: &dyn Fn(Loc) -> String,
    cfg: &DumpConfig,
) -> String {
    let bytes = input.as_bytes();
    let mut starts = vec![0usize];
    starts.extend(
        bytes
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == b'\n')
            .map(|(i, _)| i + 1),
    );

    // Labels.
    let key = |l: Loc| (l.file, l.span.start);
    let mut per_pattern: HashMap<_, u32> = HashMap::new();
    for d in diags {
        *per_pattern.entry(key(d.check)).or_default() += 1;
    }
    let mut next_index: HashMap<_, u32> = HashMap::new();
    let mut label_width = 0usize;
    let mut anns: Vec<Annotation> = Vec::with_capacity(diags.len());
    for (index, d) in diags.iter().enumerate() {
        let mut label = format!("{}:{}", abbreviation(d), label_of(d.check));
        if per_pattern.get(&key(d.check)).copied().unwrap_or(0) > 1 {
            let n = next_index.entry(key(d.check)).or_default();
            let _ = write!(label, "'{n}");
            *n += 1;
        }
        label_width = label_width.max(label.len());
        let (mut lead, note, as_error, color) = marker(d.mt);
        let expected = d.mt == MatchTy::FoundAndExpected;
        let mut note = note.to_string();
        if !d.note.is_empty() {
            note = d.note.clone();
            if d.start == d.end {
                lead = b' ';
            }
        }
        let (sl, sc) = line_col(&starts, d.start);
        let (el, ec) = line_col(&starts, d.end);
        if sl == el {
            anns.push(Annotation {
                index,
                label,
                first_line: true,
                line: sl,
                start_col: sc,
                end_col: ec.max(sc + 1),
                lead,
                note,
                as_error,
                color,
                expected,
            });
        } else {
            for l in sl + 1..=el {
                if ec == 1 && l == el {
                    break;
                }
                anns.push(Annotation {
                    index,
                    label: label.clone(),
                    first_line: false,
                    line: l,
                    start_col: 1,
                    end_col: if l != el { u32::MAX } else { ec },
                    lead: b'~',
                    note: String::new(),
                    as_error,
                    color,
                    expected,
                });
            }
            anns.push(Annotation {
                index,
                label,
                first_line: true,
                line: sl,
                start_col: sc,
                end_col: u32::MAX,
                lead,
                note,
                as_error,
                color,
                expected,
            });
        }
    }
    anns.sort_by_key(|a| (a.line, a.index, !a.first_line));

    let mut line_count = bytes.iter().filter(|&&c| c == b'\n').count();
    if bytes.last() != Some(&b'\n') {
        line_count += 1;
    }
    let digits = line_count.max(1).to_string().len();
    let width = (label_width.max(digits) + 3).max(cfg.min_label_width as usize);

    let mut out = String::from("Input was:\n<<<<<<\n");
    let color = cfg.color;
    if color {
        // FileCheck asks a `WithColor` whether colours are on: it writes
        // bold and resets at once.
        out.push_str(ansi::BOLD);
        out.push_str(ansi::RESET);
    }
    let mut elided = String::new();
    let mut prev_in_filter = 0u32;
    let mut next_in_filter = 0u32;
    let mut pos = 0usize;
    let mut ai = 0usize;
    let mut line = 1u32;
    let ctx = cfg.context;
    while pos < bytes.len() || ai < anns.len() {
        if next_in_filter < line {
            next_in_filter = find_in_filter(cfg.filter, line, &anns[ai..]);
        }
        if next_in_filter == line {
            prev_in_filter = line;
        }
        let elide = (prev_in_filter == 0 || prev_in_filter.saturating_add(ctx) < line)
            && (next_in_filter == u32::MAX || line.saturating_add(ctx) < next_in_filter);
        if !elide {
            flush_elided(&mut out, &mut elided, width, color);
        }
        let o = if elide { &mut elided } else { &mut out };
        if color {
            let _ = write!(
                o,
                "{}{line:>width$}: {}{}",
                ansi::color(Color::Black, false),
                ansi::RESET,
                ansi::BOLD
            );
        } else {
            let _ = write!(o, "{line:>width$}: ");
        }
        // With `-v` and colours, input outside good matches is
        // highlighted.
        let highlight = color && cfg.verbose;
        let good: Vec<(u32, u32)> = if highlight {
            anns[ai..]
                .iter()
                .take_while(|a| a.line == line)
                .filter(|a| a.expected)
                .map(|a| (a.start_col, a.end_col))
                .collect()
        } else {
            Vec::new()
        };
        if highlight {
            o.push_str(ansi::color(Color::Cyan, true));
        }
        let mut in_match = false;
        let mut col = 1u32;
        let line_start = pos;
        while pos < bytes.len() {
            if highlight {
                let was = in_match;
                in_match = good.iter().any(|&(s, e)| s <= col && col < e);
                if !was && in_match {
                    o.push_str(ansi::RESET);
                } else if was && !in_match {
                    o.push_str(ansi::color(Color::Cyan, true));
                }
            }
            let c = bytes[pos];
            pos += 1;
            col += 1;
            if c == b'\n' {
                o.push(' ');
                break;
            }
            push_byte(o, input, pos - 1);
        }
        if color {
            o.push_str(ansi::RESET);
        }
        o.push('\n');
        let line_width = (pos - line_start) as u32;
        while ai < anns.len() && anns[ai].line == line {
            let a = &anns[ai];
            if color {
                o.push_str(ansi::color(a.color, false));
            }
            let _ = write!(o, "{:<width$}  ", a.label);
            let mut col = 1u32;
            while col < a.start_col {
                o.push(' ');
                col += 1;
            }
            o.push(a.lead as char);
            col += 1;
            while col < a.end_col && col <= line_width {
                o.push('~');
                col += 1;
            }
            if !a.note.is_empty() {
                while col <= line_width {
                    o.push(' ');
                    col += 1;
                }
                o.push(' ');
                o.push_str(&a.note);
            }
            o.push('\n');
            if color {
                o.push_str(ansi::RESET);
            }
            ai += 1;
        }
        line += 1;
    }
    flush_elided(&mut out, &mut elided, width, color);
    out.push_str(">>>>>>\n");
    out
}

/// Pushes the character starting at byte `i` of `s` if `i` starts one (the
/// bytes of a multi-byte character are pushed once, with its first byte).
fn push_byte(o: &mut String, s: &str, i: usize) {
    if s.is_char_boundary(i) {
        if let Some(c) = s[i..].chars().next() {
            o.push(c);
        }
    }
}

fn find_in_filter(filter: Filter, line: u32, anns: &[Annotation]) -> u32 {
    if filter == Filter::All {
        return line;
    }
    for a in anns {
        match filter {
            Filter::All => return line,
            Filter::AnnotationFull => return a.line,
            Filter::Annotation if a.first_line => return a.line,
            Filter::Error if a.first_line && a.as_error => return a.line,
            _ => {}
        }
    }
    u32::MAX
}

fn flush_elided(out: &mut String, elided: &mut String, width: usize, color: bool) {
    if elided.is_empty() {
        return;
    }
    if elided.matches('\n').count() > 3 {
        for _ in 0..3 {
            if color {
                let _ = writeln!(
                    out,
                    "{}{:>width$}{}",
                    ansi::color(Color::Black, false),
                    ".",
                    ansi::RESET
                );
            } else {
                let _ = writeln!(out, "{:>width$}", ".");
            }
        }
    } else {
        out.push_str(elided);
    }
    elided.clear();
}
