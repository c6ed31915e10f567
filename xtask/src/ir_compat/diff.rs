//! A short, unified-diff-like excerpt at the first difference of two outputs.

use std::fmt::Write as _;

/// Lines of each side shown from the first differing line on.
const SHOWN: usize = 3;
/// Characters of one line shown before it is cut with `…`.
const LINE_CHARS: usize = 200;

/// `None` when `expected == actual`; otherwise an excerpt such as
///
/// ```text
/// --- expected (mlir-opt-19)
/// +++ actual (irkit opt)
/// @@ line 12 (byte 345) @@
///  the last common line
/// -expected line 12
/// +actual line 12
/// ```
pub fn first_difference(expected: &[u8], actual: &[u8], actual_label: &str) -> Option<String> {
    let common = expected.iter().zip(actual).take_while(|(a, b)| a == b).count();
    if common == expected.len() && common == actual.len() {
        return None;
    }
    // Start of the line holding the first differing byte (same in both).
    let line_start = expected[..common].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
    let line_no = expected[..line_start].iter().filter(|&&b| b == b'\n').count() + 1;
    let mut out = String::new();
    let _ = writeln!(out, "--- expected (mlir-opt-19)");
    let _ = writeln!(out, "+++ actual ({actual_label})");
    let _ = writeln!(out, "@@ line {line_no} (byte {common}) @@");
    if line_start > 0 {
        let prev_start = expected[..line_start - 1].iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
        let _ = writeln!(out, " {}", show(&expected[prev_start..line_start - 1]));
    }
    for (sign, text) in [('-', &expected[line_start..]), ('+', &actual[line_start..])] {
        if text.is_empty() {
            let _ = writeln!(out, "{sign}<end of output>");
            continue;
        }
        let body = text.strip_suffix(b"\n").unwrap_or(text);
        let lines: Vec<&[u8]> = body.split(|&b| b == b'\n').take(SHOWN + 1).collect();
        for line in lines.iter().take(SHOWN) {
            let _ = writeln!(out, "{sign}{}", show(line));
        }
        if lines.len() <= SHOWN && !text.ends_with(b"\n") {
            let _ = writeln!(out, "\\ no newline at end of output");
        }
    }
    Some(out)
}

fn show(line: &[u8]) -> String {
    let text = String::from_utf8_lossy(line);
    let mut cut: String = text.chars().take(LINE_CHARS).collect();
    if cut.len() < text.len() {
        cut.push('…');
    }
    cut
}

#[cfg(test)]
mod tests {
    use super::first_difference;

    fn check(expected: &str, actual: &str, want: Option<&str>) {
        let got = first_difference(expected.as_bytes(), actual.as_bytes(), "irkit opt");
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
                "--- expected (mlir-opt-19)\n+++ actual (irkit opt)\n@@ line 3 (byte 8) @@\n two\n\
                 -three\n-four\n+THREE\n+four\n",
            ),
        );
    }

    #[test]
    fn reports_an_early_end_of_output() {
        check(
            "a\nb\n",
            "a\n",
            Some("--- expected (mlir-opt-19)\n+++ actual (irkit opt)\n@@ line 2 (byte 2) @@\n a\n-b\n+<end of output>\n"),
        );
    }
}
