//! `cargo xtask tblgen-tests --llvm V`: LLVM's own TableGen tests
//! (`llvm/test/TableGen` of release V, fetched by [`crate::llvm_src`]) under
//! LLVM's `lit`, once with `llvm-tblgen-V` and once with
//! `irkit tblgen --llvm-compat=V` in its place.
//!
//! Only the tests irkit is meant to pass are selected: every RUN line uses
//! `llvm-tblgen` with generic options only (no `-gen-*` backend), plus
//! FileCheck, `not` and a few shell basics. The selection's manifest (path
//! and size of each file, the tag in its header) is kept in
//! `xtask/src/tblgen_tests/llvm-V.txt`, so a change shows in review; the
//! files themselves stay under `target/`.
//!
//! Both runs use the same lit configuration (written under
//! `target/tblgen-tests/llvm-V/`): `llvm-tblgen` on `PATH` is a small
//! script that runs the tool under test, `FileCheck`, `not`, `count` and
//! `split-file` are release V's. The check fails when a test that
//! `llvm-tblgen-V` passes fails with irkit.

use crate::{llvm_src, util};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

const HELP: &str = "\
cargo xtask tblgen-tests [--llvm V] [--update-manifest] [-v]

Runs the files of LLVM V's llvm/test/TableGen whose RUN lines use only
llvm-tblgen's generic options under LLVM lit, with llvm-tblgen-V and with
`irkit tblgen --llvm-compat=V` (V = 22 and 19 when --llvm is not given).
Prints: selected N, passed by llvm-tblgen-V, passed by irkit, and the tests
llvm-tblgen-V passes that irkit fails (then it fails).

--update-manifest  rewrite xtask/src/tblgen_tests/llvm-V.txt from the
                   selection instead of failing when they differ
--irkit PATH       use this irkit binary instead of building one (release)
-v                 print lit's output for each failing irkit test
";

/// Commands a selected RUN line may use besides `llvm-tblgen`.
const SHELL: &[&str] = &[
    "FileCheck",
    "not",
    "count",
    "cat",
    "diff",
    "rm",
    "mkdir",
    "echo",
    "tr",
    "test",
    "split-file",
    "touch",
    "cd",
];

/// llvm-tblgen's generic options that irkit implements (leading dashes
/// normalised to one). Options taking a separate value are in `WITH_VALUE`.
const GENERIC: &[&str] = &[
    "-print-records",
    "-dump-json",
    "-print-detailed-records",
    "-print-enums",
    "-print-sets",
    "-null-backend",
    "-no-warn-on-unused-template-args",
    "-write-if-changed",
    "-time-phases",
    "-",
];
const WITH_VALUE: &[&str] = &["-I", "-D", "-o", "-d", "-class"];

pub fn run(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{HELP}");
        return Ok(());
    }
    let releases = match util::opt_value(args, "--llvm") {
        Some(v) => vec![v
            .parse::<u32>()
            .map_err(|_| format!("--llvm expects a release number, got '{v}'"))?],
        None => crate::tblgen_corpus::RELEASES.to_vec(),
    };
    let lit = util::find_tool(&["lit", "llvm-lit"])?;
    let irkit = match util::opt_value(args, "--irkit") {
        Some(p) => std::fs::canonicalize(p).map_err(|e| format!("--irkit {p}: {e}"))?,
        None => util::build_irkit()?,
    };
    let mut failed = Vec::new();
    for v in releases {
        if let Err(e) = run_release(v, &lit, &irkit, args) {
            eprintln!("xtask: llvm {v}: {e}");
            failed.push(v);
        }
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("tblgen-tests failed for release(s) {failed:?}"))
    }
}

fn run_release(v: u32, lit: &Path, irkit: &Path, args: &[String]) -> Result<(), String> {
    let src = llvm_src::ensure(v)?;
    let sub = "llvm/test/TableGen";
    let suite_src = src.root.join(sub);
    let all = llvm_src::files_under(&src.root, sub, &[".td"]);
    let mut selected = Vec::new();
    let mut n_tests = 0;
    for f in &all {
        let rel = f.strip_prefix(sub).unwrap_or(f);
        // lit.local.cfg excludes these folders.
        if rel.starts_with("Common") || rel.starts_with("Inputs") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(src.root.join(f)) else {
            continue;
        };
        let runs = run_lines(&text);
        if runs.is_empty() {
            continue;
        }
        n_tests += 1;
        if is_generic(&text, &runs) {
            selected.push(f.clone());
        }
    }
    let manifest = llvm_src::manifest(&src, &selected);
    let manifest_path = util::workspace_root()
        .join("xtask/src/tblgen_tests")
        .join(format!("llvm-{v}.txt"));
    let stored = std::fs::read_to_string(&manifest_path).unwrap_or_default();
    if stored != manifest {
        if util::has_flag(args, "--update-manifest") {
            std::fs::write(&manifest_path, &manifest)
                .map_err(|e| format!("{}: {e}", manifest_path.display()))?;
            println!("llvm {v}: wrote {}", manifest_path.display());
        } else {
            return Err(format!(
                "the selection differs from {} (rerun with --update-manifest and review the diff)",
                manifest_path.display()
            ));
        }
    }

    let work = util::workspace_root()
        .join("target/tblgen-tests")
        .join(format!("llvm-{v}"));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).map_err(|e| format!("{}: {e}", work.display()))?;
    let names: Vec<String> = selected
        .iter()
        .filter_map(|f| f.strip_prefix(sub).ok())
        .map(|p| p.display().to_string())
        .collect();
    write(&work.join("selected.txt"), &(names.join("\n") + "\n"))?;
    write(&work.join("lit.cfg.py"), &lit_cfg(&suite_src))?;
    // lit.local.cfg of the folder sets its own excludes, so the selection
    // is lit's name filter: `TableGen :: NAME`, anchored.
    let filter = format!(
        "^TableGen :: ({})$",
        names
            .iter()
            .map(|n| regex_escape(n))
            .collect::<Vec<_>>()
            .join("|")
    );
    let llvm_bin = PathBuf::from(format!("/usr/lib/llvm-{v}/bin"));
    let reference = util::find_tool(&[&format!("llvm-tblgen-{v}")])?;
    let tools = [
        (
            "llvm-tblgen",
            format!("exec {} \"$@\"\n", reference.display()),
        ),
        (
            "irkit",
            format!("exec {} tblgen --llvm-compat={v} \"$@\"\n", irkit.display()),
        ),
    ];
    let mut results = Vec::new();
    for (tool, script) in &tools {
        let bin = work.join(format!("bin-{tool}"));
        std::fs::create_dir_all(&bin).map_err(|e| format!("{}: {e}", bin.display()))?;
        let wrapper = bin.join("llvm-tblgen");
        write(&wrapper, &format!("#!/bin/sh\n{script}"))?;
        make_executable(&wrapper)?;
        for t in ["FileCheck", "not", "count", "split-file"] {
            let target = llvm_bin.join(t);
            if !target.is_file() {
                return Err(format!(
                    "{} is missing (install llvm-{v}-tools)",
                    target.display()
                ));
            }
            let link = bin.join(t);
            let _ = std::fs::remove_file(&link);
            std::os::unix::fs::symlink(&target, &link)
                .map_err(|e| format!("{}: {e}", link.display()))?;
        }
        let out_dir = work.join(format!("out-{tool}"));
        let out = Command::new(lit)
            .arg("-v")
            .arg("--no-progress-bar")
            .arg(&work)
            .arg(format!("--param=bin={}", bin.display()))
            .arg(format!("--param=exec_root={}", out_dir.display()))
            .env("LIT_FILTER", &filter)
            .output()
            .map_err(|e| format!("cannot run {}: {e}", lit.display()))?;
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        write(&work.join(format!("{tool}.log")), &stdout)?;
        let res = parse_results(&stdout);
        if res.is_empty() {
            return Err(format!(
                "lit ran no test with {tool}: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        results.push(res);
    }
    let (llvm, ours) = (&results[0], &results[1]);
    let passed = |r: &BTreeMap<String, String>| r.values().filter(|s| is_pass(s)).count();
    let regressions: Vec<&String> = llvm
        .iter()
        .filter(|(name, st)| is_pass(st) && !ours.get(*name).is_some_and(|s| is_pass(s)))
        .map(|(name, _)| name)
        .collect();
    let irkit_only = ours
        .iter()
        .filter(|(name, st)| is_pass(st) && !llvm.get(*name).is_some_and(|s| is_pass(s)))
        .count();
    println!(
        "llvm {v} ({}): {} of {} test files selected; passed by llvm-tblgen-{v}: {} / {}; passed by irkit: {} / {}",
        src.tag,
        selected.len(),
        n_tests,
        passed(llvm),
        llvm.len(),
        passed(ours),
        ours.len(),
    );
    println!(
        "  llvm-tblgen-{v} passes, irkit fails: {} / {}; irkit passes, llvm-tblgen-{v} fails: {irkit_only}",
        regressions.len(),
        passed(llvm)
    );
    for name in &regressions {
        println!("  FAIL with irkit: {name}");
    }
    if util::has_flag(args, "-v") && !regressions.is_empty() {
        println!("  (lit's output: {})", work.join("irkit.log").display());
    }
    if regressions.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} test(s) llvm-tblgen-{v} passes fail with irkit (details in {})",
            regressions.len(),
            work.join("irkit.log").display()
        ))
    }
}

fn is_pass(status: &str) -> bool {
    status == "PASS" || status == "XFAIL"
}

/// `NAME -> STATUS` from lit's `STATUS: SUITE :: NAME (i of n)` lines.
fn parse_results(out: &str) -> BTreeMap<String, String> {
    let mut res = BTreeMap::new();
    for line in out.lines() {
        let Some((status, rest)) = line.split_once(": ") else {
            continue;
        };
        if !matches!(
            status,
            "PASS" | "FAIL" | "XFAIL" | "XPASS" | "UNSUPPORTED" | "UNRESOLVED" | "TIMEOUT"
        ) {
            continue;
        }
        let Some((_, name)) = rest.split_once(" :: ") else {
            continue;
        };
        let name = name.rsplit_once(" (").map_or(name, |(n, _)| n);
        res.insert(name.to_string(), status.to_string());
    }
    res
}

/// The RUN lines of a test, with `\` continuations joined.
fn run_lines(text: &str) -> Vec<String> {
    let mut res = Vec::new();
    let mut cur = String::new();
    for line in text.lines() {
        let Some(p) = line.find("RUN:") else {
            continue;
        };
        let s = line[p + 4..].trim_end();
        if let Some(s) = s.strip_suffix('\\') {
            cur.push_str(s);
            cur.push(' ');
            continue;
        }
        cur.push_str(s);
        res.push(std::mem::take(&mut cur));
    }
    if !cur.is_empty() {
        res.push(cur);
    }
    res
}

/// Whether every command of every RUN line is llvm-tblgen with generic
/// options or a shell basic, and the test needs no lit feature.
fn is_generic(text: &str, runs: &[String]) -> bool {
    if text.contains("REQUIRES:") || text.contains("UNSUPPORTED:") {
        return false;
    }
    runs.iter().all(|r| {
        split_commands(r).iter().all(|cmd| {
            let mut words = cmd.iter().map(String::as_str).peekable();
            while matches!(words.peek(), Some(&"not") | Some(&"--crash")) {
                words.next();
            }
            match words.next() {
                None => true,
                Some("llvm-tblgen") => tblgen_args_generic(words),
                Some("%python") => words.next().is_some_and(|w| w.ends_with("JSON-check.py")),
                Some(w) => SHELL.contains(&w),
            }
        })
    })
}

fn tblgen_args_generic<'a>(mut words: impl Iterator<Item = &'a str>) -> bool {
    while let Some(w) = words.next() {
        if !w.starts_with('-') || w == "-" {
            continue;
        }
        let norm = if w.starts_with("--") { &w[1..] } else { w };
        let (name, has_eq) = match norm.split_once('=') {
            Some((n, _)) => (n, true),
            None => (norm, false),
        };
        if GENERIC.contains(&name) {
            continue;
        }
        if WITH_VALUE.contains(&name) {
            if !has_eq {
                words.next();
            }
            continue;
        }
        // `-Idir`, `-DNAME`: a one-letter option with its value attached.
        if (name.starts_with("-I") || name.starts_with("-D")) && name.len() > 2 {
            continue;
        }
        return false;
    }
    true
}

/// A RUN line's commands (split at `|`, `&&`, `||`, `;`), each as words;
/// redirections are dropped. Quotes group words.
fn split_commands(line: &str) -> Vec<Vec<String>> {
    let mut cmds = vec![Vec::new()];
    let mut word = String::new();
    let mut quote = None;
    let mut chars = line.chars().peekable();
    let flush = |word: &mut String, cmds: &mut Vec<Vec<String>>| {
        if !word.is_empty() {
            if let Some(c) = cmds.last_mut() {
                c.push(std::mem::take(word));
            }
        }
    };
    while let Some(c) = chars.next() {
        if let Some(q) = quote {
            if c == q {
                quote = None;
            } else {
                word.push(c);
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            ' ' | '\t' => flush(&mut word, &mut cmds),
            '|' | '&' | ';' => {
                if c != ';' && chars.peek() == Some(&c) {
                    chars.next();
                }
                if c == '&' && word.ends_with('>') {
                    // `2>&1`
                    word.push('&');
                    continue;
                }
                flush(&mut word, &mut cmds);
                cmds.push(Vec::new());
            }
            _ => word.push(c),
        }
    }
    flush(&mut word, &mut cmds);
    // Drop redirections and their targets.
    cmds.into_iter()
        .map(|c| {
            let mut out = Vec::new();
            let mut skip = false;
            for w in c {
                if skip {
                    skip = false;
                    continue;
                }
                let t = w.trim_start_matches(|ch: char| ch.is_ascii_digit());
                if t.starts_with('>') || t.starts_with('<') {
                    let rest = t.trim_start_matches(['>', '<', '&']);
                    skip = rest.is_empty() && !t.contains('&');
                    continue;
                }
                out.push(w);
            }
            out
        })
        .collect()
}

fn lit_cfg(suite_src: &Path) -> String {
    format!(
        r#"# Written by `cargo xtask tblgen-tests`: runs LLVM's TableGen tests from
# {src} with the tools of lit_config.params['bin'] first on PATH.
import os
import lit.formats

config.name = "TableGen"
config.suffixes = [".td"]
config.excludes = ["Common", "Inputs"]
config.test_source_root = {src:?}
config.test_exec_root = lit_config.params["exec_root"]
config.test_format = lit.formats.ShTest(execute_external=False)
config.environment["PATH"] = lit_config.params["bin"] + os.pathsep + os.environ["PATH"]
config.substitutions.append(("%python", "python3"))
"#,
        src = suite_src.display().to_string()
    )
}

fn regex_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if !c.is_ascii_alphanumeric() && c != '/' && c != '_' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

fn make_executable(path: &Path) -> Result<(), String> {
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o755))
        .map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn generic(run: &str) -> bool {
        is_generic("", &[run.to_string()])
    }

    #[test]
    fn selection() {
        assert!(generic(" llvm-tblgen %s | FileCheck %s"));
        assert!(generic(
            " not llvm-tblgen -DERROR1 -I %p/Common %s 2>&1 | FileCheck --check-prefix=ERROR1 %s"
        ));
        assert!(generic(
            " llvm-tblgen --print-detailed-records %s > %t && FileCheck %s < %t"
        ));
        assert!(generic(
            " llvm-tblgen -dump-json %s | %python %p/JSON-check.py %s"
        ));
        assert!(!generic(
            " llvm-tblgen -gen-register-info -I %p/../../include %s | FileCheck %s"
        ));
        assert!(!generic(" llvm-tblgen --gen-ctags %s"));
        assert!(!is_generic(
            "// REQUIRES: asserts",
            &[" llvm-tblgen %s".to_string()]
        ));
    }

    #[test]
    fn continuation() {
        let runs = run_lines("// RUN: llvm-tblgen \\\n// RUN:   %s | FileCheck %s\n// RUN: true\n");
        assert_eq!(runs.len(), 2);
        assert_eq!(split_commands(&runs[0])[0], ["llvm-tblgen", "%s"]);
    }
}
