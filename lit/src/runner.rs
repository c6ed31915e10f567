//! lit-style test files: discovery, `RUN:`/`REQUIRES:`/`UNSUPPORTED:`/
//! `XFAIL:` directives, substitutions, and running a test with the internal
//! [`shell`](crate::shell).

use crate::shell::{self, Shell, Tools};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// File suffixes that are test files (when they contain `RUN:`).
pub const SUFFIXES: &[&str] = &["td", "mlir", "test", "ll", "c"];

/// How tests are run.
#[derive(Clone, Debug)]
pub struct Config {
    /// The irkit binary (`irkit`, `%irkit`).
    pub irkit: PathBuf,
    /// The `FileCheck` command (program and leading arguments).
    pub filecheck: Vec<String>,
    /// Where `%t`/`%T` directories are created.
    pub tmp_root: PathBuf,
    /// Features for `REQUIRES:`/`UNSUPPORTED:`/`XFAIL:`.
    pub features: Vec<String>,
    /// Per-command time limit (`None`: wait for ever, as lit does).
    pub timeout: Option<std::time::Duration>,
}

impl Config {
    /// `FileCheck` is `irkit filecheck`; temporaries go under the system
    /// temporary directory.
    pub fn new(irkit: PathBuf) -> Config {
        let filecheck = vec![
            irkit.to_string_lossy().into_owned(),
            "filecheck".to_string(),
        ];
        Config {
            tmp_root: std::env::temp_dir().join(format!("irkit-lit-{}", std::process::id())),
            irkit,
            filecheck,
            features: vec!["irkit".to_string()],
            timeout: None,
        }
    }
}

/// A discovered test: its path and display name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TestFile {
    pub path: PathBuf,
    /// The path relative to the directory it was found under (or as given).
    pub name: String,
}

/// A test's result, as lit names them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Status {
    Pass,
    /// Failed, then passed on a retry that `ALLOW_RETRIES` allowed.
    FlakyPass,
    Fail,
    Unsupported,
    /// Expected to fail, and failed.
    XFail,
    /// Expected to fail, but passed (a failure).
    XPass,
    /// The test file itself is broken (no RUN line, bad continuation).
    Unresolved,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pass => "PASS",
            Status::FlakyPass => "FLAKYPASS",
            Status::Fail => "FAIL",
            Status::Unsupported => "UNSUPPORTED",
            Status::XFail => "XFAIL",
            Status::XPass => "XPASS",
            Status::Unresolved => "UNRESOLVED",
        }
    }

    /// Whether this result makes the run fail.
    pub fn is_failure(self) -> bool {
        match self {
            Status::Pass | Status::FlakyPass | Status::Unsupported | Status::XFail => false,
            Status::Fail | Status::XPass | Status::Unresolved => true,
        }
    }
}

/// What running a test produced.
#[derive(Clone, Debug)]
pub struct Outcome {
    pub status: Status,
    /// The exit status of the last command run (0 when none failed).
    pub exit_code: i32,
    /// lit's log: each command, its output and exit status.
    pub log: String,
    /// Runs made, and runs allowed (`ALLOW_RETRIES` + 1); lit names both
    /// when a test ran more than once.
    pub attempts: (u32, u32),
}

/// Finds the test files under `paths` (files are taken as they are),
/// skipping `Inputs/` directories and hidden entries; sorted by name.
pub fn discover(paths: &[PathBuf]) -> Result<Vec<TestFile>, String> {
    let mut res = Vec::new();
    for root in paths {
        let meta = std::fs::metadata(root).map_err(|e| format!("'{}': {e}", root.display()))?;
        if meta.is_file() {
            res.push(TestFile {
                path: root.clone(),
                name: root.to_string_lossy().into_owned(),
            });
            continue;
        }
        let mut found = Vec::new();
        walk(&mut found, root, 0)?;
        found.sort();
        for path in found {
            let name = path
                .strip_prefix(root)
                .unwrap_or(&path)
                .to_string_lossy()
                .into_owned();
            res.push(TestFile { path, name });
        }
    }
    Ok(res)
}

fn walk(acc: &mut Vec<PathBuf>, dir: &Path, depth: u32) -> Result<(), String> {
    if depth > 64 {
        return Err(format!(
            "'{}': directories nested too deeply",
            dir.display()
        ));
    }
    let entries = std::fs::read_dir(dir).map_err(|e| format!("'{}': {e}", dir.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("'{}': {e}", dir.display()))?;
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') || name == "Output" {
            continue;
        }
        let ty = entry
            .file_type()
            .map_err(|e| format!("'{}': {e}", path.display()))?;
        if ty.is_dir() {
            if name != "Inputs" {
                walk(acc, &path, depth + 1)?;
            }
        } else if is_test_file(&path) {
            acc.push(path);
        }
    }
    Ok(())
}

/// Whether `path` has a test suffix and contains a `RUN:` line.
pub fn is_test_file(path: &Path) -> bool {
    let suffix_ok = path
        .extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| SUFFIXES.contains(&e));
    suffix_ok
        && std::fs::read(path)
            .map(|b| b.windows(4).any(|w| w == b"RUN:"))
            .unwrap_or(false)
}

/// The directives of a test file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Directives {
    /// RUN commands with the line each starts on.
    pub run: Vec<(u32, String)>,
    pub requires: Vec<String>,
    pub unsupported: Vec<String>,
    pub xfail: Vec<String>,
    /// `ALLOW_RETRIES: N`: a failing test runs up to N more times.
    pub allow_retries: Option<u32>,
}

const KEYWORDS: &[&str] = &[
    "RUN:",
    "REQUIRES:",
    "UNSUPPORTED:",
    "XFAIL:",
    "ALLOW_RETRIES:",
    "DEFINE:",
    "REDEFINE:",
    "END.",
];

/// Reads the lit directives of a test file's text.
pub fn parse_directives(text: &str) -> Result<Directives, String> {
    let mut d = Directives::default();
    let mut continuing = false;
    // `DEFINE: %{name} = value` / `REDEFINE:`, in definition order; each RUN
    // line is expanded with the definitions in effect where it ends, the
    // latest definition first (lit prepends them to its substitutions).
    let mut defines: Vec<(String, String)> = Vec::new();
    let expand = |cmd: &mut String, defines: &[(String, String)]| {
        for (name, value) in defines.iter().rev() {
            if cmd.contains(name.as_str()) {
                *cmd = cmd.replace(name.as_str(), value);
            }
        }
    };
    for (idx, line) in text.lines().enumerate() {
        let line_no = idx as u32 + 1;
        let Some((kw, rest)) = find_keyword(line) else {
            continue;
        };
        match kw {
            "END." if rest.trim().is_empty() => break,
            "RUN:" => {
                let cmd = expand_line_refs(rest.trim_end(), line_no);
                if continuing {
                    if let Some(last) = d.run.last_mut() {
                        last.1.pop();
                        last.1.push_str(&cmd);
                    }
                } else {
                    d.run.push((line_no, cmd.trim_start().to_string()));
                }
                continuing = cmd.ends_with('\\');
                if !continuing {
                    if let Some(last) = d.run.last_mut() {
                        expand(&mut last.1, &defines);
                    }
                }
            }
            "DEFINE:" | "REDEFINE:" => {
                let Some((name, value)) = rest.split_once('=') else {
                    return Err(format!(
                        "Substitution's definition does not contain '='\nin {kw} directive on test line {line_no}"
                    ));
                };
                let (name, value) = (name.trim(), value.trim());
                let valid = name
                    .strip_prefix("%{")
                    .and_then(|n| n.strip_suffix('}'))
                    .is_some_and(|n| {
                        n.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
                            && n.chars()
                                .all(|c| c.is_ascii_alphanumeric() || "_-:".contains(c))
                    });
                if !valid {
                    return Err(format!(
                        "{kw} directive at line {line_no} has an invalid substitution name '{name}'"
                    ));
                }
                let at = defines.iter().position(|(n, _)| n == name);
                match (kw, at) {
                    ("DEFINE:", None) => defines.push((name.to_string(), value.to_string())),
                    ("REDEFINE:", Some(i)) => defines[i].1 = value.to_string(),
                    ("DEFINE:", Some(_)) => {
                        return Err(format!(
                            "DEFINE directive at line {line_no}: substitution '{name}' is already defined"
                        ))
                    }
                    _ => {
                        return Err(format!(
                            "REDEFINE directive at line {line_no}: substitution '{name}' is not defined"
                        ))
                    }
                }
            }
            "REQUIRES:" => d.requires.extend(split_list(rest)),
            "UNSUPPORTED:" => d.unsupported.extend(split_list(rest)),
            "XFAIL:" => d.xfail.extend(split_list(rest)),
            "ALLOW_RETRIES:" => {
                // Python's `int()`: blanks around an optional sign and digits.
                let Ok(n) = rest.trim().parse::<u32>() else {
                    return Err(format!(
                        "INTEGER parser requires the input to be an integer (got {rest})"
                    ));
                };
                if d.allow_retries.is_some() {
                    return Err("Test has more than one ALLOW_RETRIES lines".to_string());
                }
                d.allow_retries = Some(n);
            }
            _ => {}
        }
    }
    if continuing {
        return Err("Test has unterminated RUN lines (with '\\')".to_string());
    }
    Ok(d)
}

fn split_list(s: &str) -> Vec<String> {
    s.split(',')
        .map(|x| x.trim().to_string())
        .filter(|x| !x.is_empty())
        .collect()
}

/// The first keyword in `line` that is not part of a longer word, and the
/// text after it.
fn find_keyword(line: &str) -> Option<(&'static str, &str)> {
    let b = line.as_bytes();
    let mut best: Option<(usize, &'static str)> = None;
    for kw in KEYWORDS {
        let mut from = 0;
        while let Some(p) = line[from..].find(kw) {
            let at = from + p;
            let before_ok = at == 0
                || !(b[at - 1].is_ascii_alphanumeric() || b[at - 1] == b'_' || b[at - 1] == b'-');
            if before_ok {
                if best.is_none_or_after(at) {
                    best = Some((at, kw));
                }
                break;
            }
            from = at + kw.len();
        }
    }
    best.map(|(at, kw)| (kw, &line[at + kw.len()..]))
}

trait BestKw {
    fn is_none_or_after(&self, at: usize) -> bool;
}
impl BestKw for Option<(usize, &'static str)> {
    fn is_none_or_after(&self, at: usize) -> bool {
        match self {
            None => true,
            Some((b, _)) => *b > at,
        }
    }
}

/// Replaces `%(line)`, `%(line+N)` and `%(line-N)`.
fn expand_line_refs(s: &str, line: u32) -> String {
    if !s.contains("%(line") {
        return s.to_string();
    }
    let mut out = String::new();
    let mut rest = s;
    while let Some(p) = rest.find("%(line") {
        out.push_str(&rest[..p]);
        let after = &rest[p + 6..];
        let Some(close) = after.find(')') else {
            out.push_str(&rest[p..]);
            return out;
        };
        let expr = after[..close].trim();
        let value = if expr.is_empty() {
            Some(i64::from(line))
        } else if let Some(n) = expr.strip_prefix('+') {
            n.trim().parse::<i64>().ok().map(|n| i64::from(line) + n)
        } else if let Some(n) = expr.strip_prefix('-') {
            n.trim().parse::<i64>().ok().map(|n| i64::from(line) - n)
        } else {
            None
        };
        match value {
            Some(v) => {
                let _ = write!(out, "{v}");
            }
            None => out.push_str(&rest[p..p + 6 + close + 1]),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// The paths substituted into one test's RUN lines.
#[derive(Clone, Debug)]
pub struct Substitutions {
    pub source: PathBuf,
    pub tmp_dir: PathBuf,
    pub tmp_base: PathBuf,
    pub irkit: PathBuf,
}

/// Applies `%%`, `%s`, `%S`, `%p`, `%t`, `%T` (and their `%/` forms),
/// `%irkit`, `%basename_t`, `%{s:basename}`, `%{s:stem}`, `%{t:stem}`,
/// `%{fs-sep}` and `%{pathsep}` in one left-to-right pass.
pub fn substitute(cmd: &str, subs: &Substitutions) -> String {
    let source = subs.source.to_string_lossy();
    let source_dir = subs
        .source
        .parent()
        .map(|p| p.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp_dir = subs.tmp_dir.to_string_lossy();
    let tmp = format!("{}.tmp", subs.tmp_base.to_string_lossy());
    let basename_t = subs
        .tmp_base
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let irkit = subs.irkit.to_string_lossy();
    let s_name = subs
        .source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let s_stem = subs
        .source
        .file_stem()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Longer names before their prefixes.
    let table: [(&str, &str); 18] = [
        ("%basename_t", &basename_t),
        ("%{pathsep}", ":"),
        ("%{fs-sep}", "/"),
        ("%{s:basename}", &s_name),
        ("%{s:stem}", &s_stem),
        ("%{t:stem}", &basename_t),
        ("%irkit", &irkit),
        ("%%", "%"),
        ("%/s", &source),
        ("%/S", &source_dir),
        ("%/p", &source_dir),
        ("%/t", &tmp),
        ("%/T", &tmp_dir),
        ("%s", &source),
        ("%S", &source_dir),
        ("%p", &source_dir),
        ("%t", &tmp),
        ("%T", &tmp_dir),
    ];
    let mut out = String::with_capacity(cmd.len());
    let mut rest = cmd;
    while let Some(p) = rest.find('%') {
        out.push_str(&rest[..p]);
        let tail = &rest[p..];
        match table.iter().find(|(k, _)| tail.starts_with(k)) {
            Some((k, v)) => {
                out.push_str(v);
                rest = &tail[k.len()..];
            }
            None => {
                out.push('%');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Whether a feature expression holds (`*` always does, as in lit's
/// `XFAIL: *`); lit's error for a bad expression.
fn holds(expr: &str, features: &[String]) -> Result<bool, String> {
    if expr.trim() == "*" {
        return Ok(true);
    }
    crate::features::evaluate(expr, features)
}

/// Whether any of `exprs` holds; the first bad expression's error.
fn any_holds(exprs: &[String], features: &[String]) -> Result<bool, String> {
    for e in exprs {
        if holds(e, features)? {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Runs one test file.
pub fn run_test(cfg: &Config, test: &TestFile) -> Outcome {
    let mut log = String::new();
    let unresolved = |log: String| Outcome {
        status: Status::Unresolved,
        exit_code: 0,
        log,
        attempts: (1, 1),
    };
    let text = match std::fs::read(&test.path) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => return unresolved(format!("cannot read '{}': {e}\n", test.path.display())),
    };
    let directives = match parse_directives(&text) {
        Ok(d) => d,
        Err(e) => return unresolved(format!("{e}\n")),
    };
    if directives.run.is_empty() {
        return unresolved("Test has no 'RUN:' line\n".to_string());
    }
    let mut missing: Vec<&String> = Vec::new();
    for r in &directives.requires {
        match holds(r, &cfg.features) {
            Ok(true) => {}
            Ok(false) => missing.push(r),
            Err(e) => return unresolved(format!("{e}\n")),
        }
    }
    if !missing.is_empty() {
        let names: Vec<&str> = missing.iter().map(|s| s.as_str()).collect();
        return Outcome {
            status: Status::Unsupported,
            exit_code: 0,
            log: format!(
                "Test requires the following unavailable features: {}\n",
                names.join(", ")
            ),
            attempts: (1, 1),
        };
    }
    let unsupported = match any_holds(&directives.unsupported, &cfg.features) {
        Ok(b) => b,
        Err(e) => return unresolved(format!("{e}\n")),
    };
    if unsupported {
        return Outcome {
            status: Status::Unsupported,
            exit_code: 0,
            log: "Test does not support the features available\n".into(),
            attempts: (1, 1),
        };
    }
    let xfail = match any_holds(&directives.xfail, &cfg.features) {
        Ok(b) => b,
        Err(e) => return unresolved(format!("{e}\n")),
    };

    let source = std::fs::canonicalize(&test.path).unwrap_or_else(|_| test.path.clone());
    let sanitized: String = test
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let tmp_dir = cfg.tmp_root.join(&sanitized);
    let scratch = cfg.tmp_root.join(format!("{sanitized}.scratch"));
    let _ = std::fs::remove_dir_all(&tmp_dir);
    for d in [&tmp_dir, &scratch] {
        if let Err(e) = std::fs::create_dir_all(d) {
            return unresolved(format!("cannot create '{}': {e}\n", d.display()));
        }
    }
    let basename = source
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let subs = Substitutions {
        tmp_base: tmp_dir.join(&basename),
        tmp_dir: tmp_dir.clone(),
        source: source.clone(),
        irkit: cfg.irkit.clone(),
    };
    let cwd = source
        .parent()
        .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
    let mut sh = Shell::new(
        cwd,
        scratch.clone(),
        Tools {
            irkit: cfg.irkit.clone(),
            filecheck: cfg.filecheck.clone(),
        },
    );
    sh.timeout = cfg.timeout;
    // lit runs a failing test again, up to `ALLOW_RETRIES` more times; the
    // log is the last run's.
    let attempts = directives.allow_retries.unwrap_or(0).saturating_add(1);
    let mut failed = false;
    let mut exit_code = 0;
    let mut attempt = 0;
    while attempt < attempts {
        attempt += 1;
        log.clear();
        failed = false;
        exit_code = 0;
        for (line, cmd) in &directives.run {
            let cmd = substitute(cmd, &subs);
            let _ = writeln!(log, "# RUN: at line {line}");
            let _ = writeln!(log, "{cmd}");
            let script = match shell::parse(&cmd) {
                Ok(s) => s,
                Err(e) => {
                    let _ = writeln!(log, "# shell parser error on RUN line {line}: {e}");
                    failed = true;
                    break;
                }
            };
            let status = sh.run(&script, &mut log);
            if status != 0 {
                exit_code = status;
                failed = true;
                break;
            }
        }
        // Only a failure (not an expected one) is retried.
        if !failed || xfail {
            break;
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    let status = match (failed, xfail) {
        (false, false) if attempt > 1 => Status::FlakyPass,
        (false, false) => Status::Pass,
        (true, false) => Status::Fail,
        (true, true) => Status::XFail,
        (false, true) => Status::XPass,
    };
    Outcome {
        status,
        exit_code,
        log,
        attempts: (attempt, attempts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn define_and_redefine() {
        let d = parse_directives(
            "// DEFINE: %{x} = a\n// RUN: %{x} %{y}\n// REDEFINE: %{x} = b \\\n// RUN: %{x}\n",
        );
        assert_eq!(
            d.map(|d| d.run),
            Ok(vec![(2, "a %{y}".to_string()), (4, "b \\".to_string())])
        );
        assert!(parse_directives("// DEFINE: %{x} = a\n// DEFINE: %{x} = b\n").is_err());
        assert!(parse_directives("// REDEFINE: %{x} = a\n").is_err());
        assert!(parse_directives("// DEFINE: x = a\n").is_err());
    }

    #[test]
    fn run_lines_with_continuations() {
        let d = parse_directives(
            "// RUN: a \\\n// RUN:   b | c\n// CHECK: x\n; RUN: d %(line+1)\n# REQUIRES: x, y\n// XCHECK-RUN: no\n",
        )
        .unwrap_or_default();
        assert_eq!(
            d.run,
            vec![(1, "a    b | c".to_string()), (4, "d 5".to_string())]
        );
        assert_eq!(d.requires, vec!["x".to_string(), "y".to_string()]);
        assert!(parse_directives("// RUN: a \\\n").is_err());
    }

    #[test]
    fn substitutions() {
        let subs = Substitutions {
            source: PathBuf::from("/src/d/t.td"),
            tmp_dir: PathBuf::from("/tmp/x"),
            tmp_base: PathBuf::from("/tmp/x/t.td"),
            irkit: PathBuf::from("/bin/irkit"),
        };
        assert_eq!(
            substitute("%irkit %s %S %p %t %T 100%% %basename_t %q %/s %{s:stem}", &subs),
            "/bin/irkit /src/d/t.td /src/d /src/d /tmp/x/t.td.tmp /tmp/x 100% t.td %q /src/d/t.td t"
        );
    }
}
