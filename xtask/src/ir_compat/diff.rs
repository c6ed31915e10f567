//! A short, unified-diff-like excerpt at the first difference of two outputs.

use std::fmt::Write as _;

/// Lines of each side shown from the first differing line on.
const SHOWN: usize = 3;
/// Characters of one line shown before it is cut with `…`.
const LINE_CHARS: usize = 160;
/// Characters shown before the first differing column of a long line.
const CONTEXT_CHARS: usize = 60;

/// `None` when `expected == actual`; otherwise an excerpt such as (with
/// `expected_label` mlir-opt-19 and `actual_label` irkit opt)
///
/// ```text
/// --- expected (mlir-opt-19)
/// +++ actual (irkit opt)
/// @@ line 12, column 1 (byte 345) @@
///  the last common line
/// -expected line 12
/// +actual line 12
/// ```
pub fn first_difference(
    expected: &[u8],
    actual: &[u8],
    expected_label: &str,
    actual_label: &str,
) -> Option<String> {
    let common = expected
        .iter()
        .zip(actual)
        .take_while(|(a, b)| a == b)
        .count();
    if common == expected.len() && common == actual.len() {
        return None;
    }
    // Start of the line holding the first differing byte (same in both).
    let line_start = expected[..common]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let line_no = expected[..line_start]
        .iter()
        .filter(|&&b| b == b'\n')
        .count()
        + 1;
    let mut out = String::new();
    let _ = writeln!(out, "--- expected ({expected_label})");
    let _ = writeln!(out, "+++ actual ({actual_label})");
    // Long lines are shown from a little before the first differing column.
    let col = common - line_start;
    let skip = col.saturating_sub(CONTEXT_CHARS);
    let _ = writeln!(
        out,
        "@@ line {line_no}, column {} (byte {common}) @@",
        col + 1
    );
    if line_start > 0 {
        let prev_start = expected[..line_start - 1]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let _ = writeln!(out, " {}", show(&expected[prev_start..line_start - 1]));
    }
    for (sign, text) in [('-', &expected[line_start..]), ('+', &actual[line_start..])] {
        if text.is_empty() {
            let _ = writeln!(out, "{sign}<end of output>");
            continue;
        }
        let body = text.strip_suffix(b"\n").unwrap_or(text);
        let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').take(SHOWN + 1).collect();
        for (i, line) in lines.iter().take(SHOWN).enumerate() {
            let from = if i == 0 { skip } else { 0 };
            let _ = writeln!(out, "{sign}{}", show_from(line, from));
        }
        if lines.len() <= SHOWN && !text.ends_with(b"\n") {
            let _ = writeln!(out, "\\ no newline at end of output");
        }
    }
    Some(out)
}

fn show(line: &[u8]) -> String {
    show_from(line, 0)
}

/// The line from byte `from` on (marked `…` when cut), at most
/// [`LINE_CHARS`] characters.
fn show_from(line: &[u8], from: usize) -> String {
    let mut from = from.min(line.len());
    // Not in the middle of a UTF-8 sequence.
    while from < line.len() && line[from] & 0xC0 == 0x80 {
        from += 1;
    }
    let text = String::from_utf8_lossy(&line[from..]);
    let mut cut = String::from(if from > 0 { "…" } else { "" });
    cut.extend(text.chars().take(LINE_CHARS));
    if text.chars().nth(LINE_CHARS).is_some() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::first_difference;

    fn check(expected: &str, actual: &str, want: Option<&str>) {
        let got = first_difference(
            expected.as_bytes(),
            actual.as_bytes(),
            "mlir-opt-19",
            "irkit opt",
        );
        assert_eq!(got.as_deref(), want);
    }

    #[test]
    fn identical_outputs_have_no_difference() {
        check("a\nb\n", "a\nb\n", None);
        check("", "", None);
    }

    #[test]
    fn reports_the_first_differing_line_with_context() {
        check(
            "one\ntwo\nthree\nfour\n",
            "one\ntwo\nTHREE\nfour\n",
            Some(
                "--- expected (mlir-opt-19)\n+++ actual (irkit opt)\n@@ line 3, column 1 (byte 8) @@\n two\n\
                 -three\n-four\n+THREE\n+four\n",
            ),
        );
    }

    #[test]
    fn long_lines_are_shown_around_the_difference() {
        let common = "x".repeat(100);
        let got = first_difference(
            format!("{common}abc\n").as_bytes(),
            format!("{common}abd\n").as_bytes(),
            "mlir-opt-19",
            "t",
        );
        let want = format!(
            "--- expected (mlir-opt-19)\n+++ actual (t)\n@@ line 1, column 103 (byte 102) @@\n-…{x}abc\n+…{x}abd\n",
            x = "x".repeat(58)
        );
        assert_eq!(got.as_deref(), Some(want.as_str()));
    }

    #[test]
    fn reports_an_early_end_of_output() {
        check(
            "a\nb\n",
            "a\n",
            Some("--- expected (mlir-opt-19)\n+++ actual (irkit opt)\n@@ line 2, column 1 (byte 2) @@\n a\n-b\n+<end of output>\n"),
        );
    }
}
