//! Delta debugging (Zeller's ddmin) for the differential fuzzers and fuzz
//! crashes: a failing input shrinks to a small one that still fails the
//! same way, first line by line, then token by token, and is written out as
//! a lit test candidate whose expected lines come from the reference tool.

/// The smallest sublist of `units` (1-minimal with respect to removing one
/// chunk) that `keep` still accepts, trying at most `budget` candidates.
/// `keep(units)` itself is assumed true.
pub fn ddmin<T: Clone>(
    mut units: Vec<T>,
    keep: &mut dyn FnMut(&[T]) -> bool,
    budget: &mut usize,
) -> Vec<T> {
    let mut n = 2usize;
    while units.len() >= 2 && *budget > 0 {
        let chunk = units.len().div_ceil(n);
        let mut reduced = false;
        let mut start = 0;
        while start < units.len() && *budget > 0 {
            let end = (start + chunk).min(units.len());
            let cand: Vec<T> = units[..start]
                .iter()
                .chain(&units[end..])
                .cloned()
                .collect();
            *budget -= 1;
            if keep(&cand) {
                units = cand;
                n = n.saturating_sub(1).max(2);
                reduced = true;
                break;
            }
            start = end;
        }
        if !reduced {
            if n >= units.len() {
                break;
            }
            n = (n * 2).min(units.len());
        }
    }
    units
}

/// Lines of `text`, each with its newline.
fn lines(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(str::to_string).collect()
}

/// Tokens of `text`: runs of identifier characters and single other
/// characters, each with the spaces after it (so that removing a token
/// never glues two words and the result stays readable): `!add(a, 1)` can
/// lose an argument or a call.
fn tokens(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let word = |c: char| c.is_alphanumeric() || c == '_';
    for c in text.chars() {
        match out.last_mut() {
            Some(last) if c == ' ' || c == '\t' => last.push(c),
            Some(last)
                if word(c) && last.chars().last().is_some_and(word) && last.chars().all(word) =>
            {
                last.push(c)
            }
            _ => out.push(c.to_string()),
        }
    }
    out
}

/// Shrinks `text` while `keep` accepts it: lines, then tokens, then lines
/// again; at most `budget` runs of `keep` in all.
pub fn minimise_text(text: &str, keep: &mut dyn FnMut(&str) -> bool, budget: usize) -> String {
    let mut budget = budget;
    let mut join_keep = |u: &[String]| keep(&u.concat());
    let t = ddmin(lines(text), &mut join_keep, &mut budget).concat();
    let t = ddmin(tokens(&t), &mut join_keep, &mut budget).concat();
    let mut t = ddmin(lines(&t), &mut join_keep, &mut budget).concat();
    if !t.ends_with('\n') {
        t.push('\n');
    }
    t
}

/// A FileCheck pattern matching `line` literally (`{{` and `[[` start
/// regexes and variables in FileCheck, so they go through a regex).
pub fn check_pattern(line: &str) -> String {
    line.replace("{{", "{{[{][{]}}").replace("[[", "{{\\[\\[}}")
}

/// CHECK lines for a reference tool's output: the first non-empty line as
/// `CHECK:`, each next one as `CHECK-NEXT:` (an empty line breaks the
/// chain: the next non-empty line is a `CHECK:` again).
pub fn check_lines(comment: &str, out: &str) -> String {
    let mut s = String::new();
    let mut next = false;
    for l in out.lines() {
        if l.trim().is_empty() {
            next = false;
            continue;
        }
        let kind = if next { "CHECK-NEXT" } else { "CHECK" };
        s.push_str(&format!(
            "{comment} {kind}: {}\n",
            check_pattern(l.trim_end())
        ));
        next = true;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ddmin_finds_the_two_needed_lines() {
        let text: String = (0..40).map(|i| format!("line {i}\n")).collect();
        let mut calls = 0;
        let got = minimise_text(
            &text,
            &mut |t: &str| {
                calls += 1;
                t.contains("line 7\n") && t.contains("line 31\n")
            },
            10_000,
        );
        assert_eq!(got, "line 7\nline 31\n");
        assert!(calls < 400, "{calls} runs");
    }

    #[test]
    fn tokens_split_calls() {
        assert_eq!(
            tokens("!add(a1, 1)"),
            ["!", "add", "(", "a1", ", ", "1", ")"]
        );
        let got = minimise_text(
            "x = !add(a1, bad, 1);\n",
            &mut |t: &str| t.contains("bad"),
            1000,
        );
        assert_eq!(got, "bad\n");
    }

    #[test]
    fn patterns_escape_filecheck_syntax() {
        assert_eq!(
            check_pattern("a {{b}} [[c]]"),
            "a {{[{][{]}}b}} {{\\[\\[}}c]]"
        );
    }
}
