//! Cases from lit test files: every RUN-line pipeline whose stage runs
//! `FileCheck` becomes a shell script that runs the stages before it (the
//! input) and that `FileCheck` stage, with `FileCheck` replaced by `$FC`.
//! The stages after it (which check FileCheck's own output in LLVM's tests)
//! are dropped: the diff compares that output itself.

use std::path::Path;

/// Stands for the case's own scratch folder in a script.
pub const CASE_DIR: &str = "@@CASE_DIR@@";

/// One shell case: a bash script run in a scratch folder with `$FC` set.
pub struct ShellCase {
    pub name: String,
    pub script: String,
}

/// The RUN lines of `text` (continuations joined), stopping at `END.`.
pub fn run_lines(text: &str) -> Vec<String> {
    let mut res = Vec::new();
    let mut cur: Option<String> = None;
    for line in text.lines() {
        let Some(at) = line.find("RUN:") else {
            if let Some(c) = cur.take() {
                res.push(c);
            }
            if line.contains("END.") {
                break;
            }
            continue;
        };
        let body = line[at + 4..].trim();
        let (body, cont) = match body.strip_suffix('\\') {
            Some(b) => (b.trim_end(), true),
            None => (body, false),
        };
        let c = cur.get_or_insert_with(String::new);
        if !c.is_empty() {
            c.push(' ');
        }
        c.push_str(body);
        if !cont {
            if let Some(c) = cur.take() {
                res.push(c);
            }
        }
    }
    if let Some(c) = cur {
        res.push(c);
    }
    res
}

/// Splits `s` at top-level occurrences of the separators (outside quotes).
fn split_top(s: &str, seps: &[&str]) -> Vec<String> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let mut quote: Option<u8> = None;
    while i < b.len() {
        let c = b[i];
        if let Some(q) = quote {
            if c == b'\\' && q == b'"' {
                i += 2;
                continue;
            }
            if c == q {
                quote = None;
            }
            i += 1;
            continue;
        }
        if c == b'\\' {
            i += 2;
            continue;
        }
        if c == b'"' || c == b'\'' {
            quote = Some(c);
            i += 1;
            continue;
        }
        if let Some(sep) = seps.iter().find(|sep| s[i..].starts_with(**sep)) {
            // `||` is not a pipe; `2>&1` is not `&&`.
            if *sep == "|" && (s[i..].starts_with("||") || (i > 0 && b[i - 1] == b'|')) {
                i += 1;
                continue;
            }
            out.push(s[start..i].trim().to_string());
            i += sep.len();
            start = i;
            continue;
        }
        i += 1;
    }
    out.push(s[start..].trim().to_string());
    out
}

/// The word position of `FileCheck` as the program of `stage` (after
/// `not`, `env -u X`, `env A=B`, `A=B`), as a byte offset.
fn filecheck_program(stage: &str) -> Option<usize> {
    let mut rest = stage;
    let mut off = 0;
    loop {
        let t = rest.trim_start();
        off += rest.len() - t.len();
        rest = t;
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let word = &rest[..word_end];
        if word == "FileCheck" {
            return Some(off);
        }
        let skip =
            if word == "not" || word == "env" || (word.contains('=') && !word.starts_with('-')) {
                word_end
            } else if word == "-u" {
                // `env -u NAME`
                let after = rest[word_end..].trim_start();
                let n = after.find(char::is_whitespace).unwrap_or(after.len());
                rest.len() - after.len() + n
            } else {
                return None;
            };
        if skip == 0 {
            return None;
        }
        rest = &rest[skip..];
        off += skip;
    }
}

/// Lit's substitutions, for a test at `test` run in `dir`.
pub fn substitute(cmd: &str, test: &Path, irkit: &Path) -> String {
    let s = test.display().to_string();
    let sdir = test
        .parent()
        .unwrap_or(Path::new("."))
        .display()
        .to_string();
    // Each case runs in a folder of its own (cases of one file run in
    // parallel): `%t` names a placeholder the driver replaces.
    let t = format!("{CASE_DIR}/t");
    let mut out = String::new();
    let mut rest = cmd;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let r = &rest[p..];
        let table: [(&str, &str); 11] = [
            ("%ProtectFileCheckOutput", "env -u FILECHECK_OPTS"),
            ("%irkit", &irkit.display().to_string()),
            ("%{pathsep}", ":"),
            ("%/s", &s),
            ("%/S", &sdir),
            ("%/t", &t),
            ("%s", &s),
            ("%S", &sdir),
            ("%p", &sdir),
            ("%t", &t),
            ("%%", "%"),
        ];
        // What lit does not know stays as written (`printf '%d'`).
        let Some(hit) = table.iter().find(|(k, _)| r.starts_with(k)) else {
            out.push('%');
            rest = &r[1..];
            continue;
        };
        out.push_str(hit.1);
        rest = &r[hit.0.len()..];
    }
    out.push_str(rest);
    out
}

/// Bash prelude: `not` and `count` as LLVM's tools behave.
const PRELUDE: &str = "not() { \"$@\"; [ $? -ne 0 ]; }\n\
count() { n=$(wc -l); [ \"$n\" -eq \"$1\" ]; }\n";

/// Shell cases for one test file. `irkit_word` replaces a bare `irkit`
/// program word (testdata); `mutate` adds, for each case fed by a pipe, a
/// variant with its input's third line deleted.
pub fn cases_for(
    name: &str,
    text: &str,
    test: &Path,
    irkit: &Path,
    mutate: bool,
) -> Vec<ShellCase> {
    let mut res = Vec::new();
    let mut setup = String::from(PRELUDE);
    let irkit_s = irkit.display().to_string();
    for (li, line) in run_lines(text).iter().enumerate() {
        let line = substitute(line, test, irkit);
        let line = replace_word(&line, "irkit", &irkit_s);
        let mut has_subject = false;
        for (ci, cmd) in split_top(&line, &["&&", ";"]).iter().enumerate() {
            let stages = split_top(cmd, &["|"]);
            let Some((k, at)) = stages
                .iter()
                .enumerate()
                .find_map(|(k, st)| filecheck_program(st).map(|at| (k, at)))
            else {
                continue;
            };
            has_subject = true;
            let subject = &stages[k];
            let mut fc = String::new();
            fc.push_str(&subject[..at]);
            fc.push_str("$FC");
            fc.push_str(&subject[at + "FileCheck".len()..]);
            // The exit code compared is FileCheck's own.
            let fc = fc.trim_start();
            let fc = fc
                .strip_prefix("not ")
                .unwrap_or(fc)
                .replace(" not $FC", " $FC");
            let mut feed: Vec<String> = stages[..k].to_vec();
            let mut script = setup.clone();
            feed.push(fc.clone());
            script.push_str(&feed.join(" | "));
            script.push('\n');
            res.push(ShellCase {
                name: format!("{name}:{}.{}", li + 1, ci + 1),
                script,
            });
            if mutate && k > 0 {
                let mut script = setup.clone();
                let mut feed: Vec<String> = stages[..k].to_vec();
                feed.push("sed '3d'".into());
                feed.push(fc);
                script.push_str(&feed.join(" | "));
                script.push('\n');
                res.push(ShellCase {
                    name: format!("{name}:{}.{}-drop3", li + 1, ci + 1),
                    script,
                });
            }
        }
        if !has_subject {
            // Setup (`echo x > %t`): runs before every later case.
            setup.push_str(&line);
            setup.push_str(" || true\n");
        }
    }
    res
}

/// Replaces `word` where it stands as a whole command word.
fn replace_word(s: &str, word: &str, by: &str) -> String {
    let b = s.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        if s[i..].starts_with(word) {
            let before_ok = i == 0 || matches!(b[i - 1], b' ' | b'|' | b'(' | b';');
            let after = i + word.len();
            let after_ok = after == s.len() || b[after] == b' ';
            if before_ok && after_ok {
                out.push_str(by);
                i = after;
                continue;
            }
        }
        let ch = s[i..].chars().next().unwrap_or(' ');
        out.push(ch);
        i += ch.len_utf8();
    }
    out
}
