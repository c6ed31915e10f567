//! `cargo xtask filecheck-diff`: `irkit filecheck` against FileCheck-19 and
//! FileCheck-22, byte for byte (exit code, stdout, stderr; only the program
//! name normalised).
//!
//! Cases come from three sources:
//!
//! - `gen`: random check files, inputs and options ([`gen`](filecheck_diff::gen)).
//! - `llvm`: LLVM's own FileCheck tests, every file of `llvm/test/FileCheck`
//!   of each release's source (`llvm_src::ensure(V)`, under
//!   `target/llvm-src/llvm-V/`), as listed in the manifest kept per release
//!   (`xtask/src/filecheck_diff/llvm-19.txt`, `llvm-22.txt`). Each RUN-line
//!   command that runs FileCheck is a case ([`runlines`](filecheck_diff::runlines)).
//!   Release 19's files are compared against FileCheck-19 only, 22's
//!   against FileCheck-22 only.
//! - `testdata`: every RUN line of `testdata/` that pipes into FileCheck,
//!   plus a variant with the input's third line deleted (a failing run).
//!
//! irkit runs with `--llvm-compat=19` or `=22` to match the reference.
//! Normalised: the program name, and the vendor word of `--version`'s first
//! line (`Debian LLVM version 19.1.7`, `irkit LLVM version 19.1.7`).
//! Mismatching cases are written to `target/filecheck-diff/mismatch/`.

mod gen;
mod runlines;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::llvm_src;
use crate::util::{build_irkit, has_flag, opt_value, workspace_root};

const HELP: &str = "\
cargo xtask filecheck-diff [options]

irkit filecheck vs FileCheck-19 / FileCheck-22: exit code, stdout and stderr
compared byte for byte (program name normalised).

Options:
  --count N        generated cases (default 20000)
  --seed S         generator seed (default 1)
  --jobs J         parallel runs (default: available cores)
  --only SRC       only this source: gen, llvm or testdata
  --llvm V         only this reference: 19 or 22 (default both)
  --irkit PATH     irkit binary (default: build target/release/irkit)
  --show N         print the first N mismatches in full (default 3)
  --print-case N   print generated case N (check file, input, args) and exit
";

const MANIFEST_19: &str = include_str!("filecheck_diff/llvm-19.txt");
const MANIFEST_22: &str = include_str!("filecheck_diff/llvm-22.txt");

enum Body {
    /// Run `FC ARGS < input.txt` in the case folder.
    Direct { args: Vec<String> },
    /// Run a bash script with `$FC` set.
    Shell { script: String },
}

struct Case {
    source: &'static str,
    name: String,
    /// Only against this reference (LLVM tests), or both.
    only: Option<u32>,
    dir: PathBuf,
    body: Body,
}

struct Outcome {
    code: Option<i32>,
    stdout: Vec<u8>,
    stderr: Vec<u8>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") {
        print!("{HELP}");
        return Ok(());
    }
    let num = |name: &str, d: u64| -> Result<u64, String> {
        opt_value(args, name).map_or(Ok(d), |v| {
            v.parse().map_err(|_| format!("{name}: not a number: {v}"))
        })
    };
    let count = num("--count", 20000)?;
    let seed = num("--seed", 1)?;
    let jobs = num(
        "--jobs",
        std::thread::available_parallelism().map_or(2, |n| n.get() as u64),
    )? as usize;
    let show = num("--show", 3)? as usize;
    if let Some(n) = opt_value(args, "--print-case") {
        let n: u64 = n.parse().map_err(|_| "--print-case: not a number")?;
        let c = gen::gen_case(seed, n);
        println!(
            "args: {:?}\n--- check.txt\n{}--- input.txt\n{}",
            c.args, c.check, c.input
        );
        return Ok(());
    }
    let only = opt_value(args, "--only");
    let versions: Vec<u32> = match opt_value(args, "--llvm") {
        Some("19") => vec![19],
        Some("22") => vec![22],
        None => vec![19, 22],
        Some(v) => return Err(format!("--llvm: 19 or 22, not {v}")),
    };
    for v in &versions {
        let name = format!("FileCheck-{v}");
        if Command::new(&name).arg("--version").output().is_err() {
            return Err(format!(
                "{name} not found on PATH (Debian package llvm-{v}-tools)"
            ));
        }
    }
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let irkit = std::fs::canonicalize(&irkit).map_err(|e| format!("{}: {e}", irkit.display()))?;
    let root = workspace_root();
    let work = root.join("target").join("filecheck-diff");
    let _ = std::fs::remove_dir_all(work.join("cases"));
    let _ = std::fs::remove_dir_all(work.join("mismatch"));

    let mut cases = Vec::new();
    if only.is_none() || only == Some("gen") {
        for n in 0..count {
            let c = gen::gen_case(seed, n);
            let dir = work.join("cases").join(format!("gen-{n}"));
            std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
            write(&dir.join("check.txt"), c.check.as_bytes())?;
            write(&dir.join("input.txt"), c.input.as_bytes())?;
            cases.push(Case {
                source: "gen",
                name: format!("gen-{n}"),
                only: None,
                dir,
                body: Body::Direct { args: c.args },
            });
        }
    }
    if only.is_none() || only == Some("llvm") {
        llvm_cases(&work, &irkit, &versions, &mut cases)?;
    }
    if only.is_none() || only == Some("testdata") {
        testdata_cases(&root, &work, &irkit, &mut cases)?;
    }

    // Every (case, version) pair is one comparison.
    let pairs: Vec<(usize, u32)> = cases
        .iter()
        .enumerate()
        .flat_map(|(i, c)| {
            versions
                .iter()
                .filter(move |v| c.only.is_none_or(|o| o == **v))
                .map(move |v| (i, *v))
        })
        .collect();
    let next = AtomicUsize::new(0);
    let crashes = AtomicUsize::new(0);
    let results: Mutex<Vec<(usize, u32, bool, String)>> = Mutex::new(Vec::new());
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(&(ci, v)) = pairs.get(i) else {
                    break;
                };
                let case = &cases[ci];
                let r = run_one(case, &format!("FileCheck-{v}"), v);
                let irkit_fc = format!("{} filecheck --llvm-compat={v}", irkit.display());
                let k = run_one(case, &irkit_fc, v);
                // A crash of the reference is no behaviour to match.
                if r.code.is_none_or(|c| !(0..=128).contains(&c))
                    || r.stderr.windows(12).any(|w| w == b"Stack dump:\n")
                {
                    if let Ok(mut res) = results.lock() {
                        res.push((ci, v, true, "reference crashed".into()));
                    }
                    crashes.fetch_add(1, Ordering::Relaxed);
                    continue;
                }
                let (same, why) = compare(&r, &k);
                if !same {
                    save_mismatch(&work, case, v, &r, &k);
                }
                if let Ok(mut res) = results.lock() {
                    res.push((ci, v, same, why));
                }
            });
        }
    });
    let mut results = results.into_inner().map_err(|_| "a worker panicked")?;
    results.sort_by_key(|r| (r.0, r.1));

    println!("filecheck-diff ({:.1}s)", started.elapsed().as_secs_f64());
    let mut all_same = true;
    for src in ["gen", "llvm", "testdata"] {
        for v in &versions {
            let of: Vec<_> = results
                .iter()
                .filter(|r| cases[r.0].source == src && r.1 == *v && r.3 != "reference crashed")
                .collect();
            if of.is_empty() {
                continue;
            }
            let same = of.iter().filter(|r| r.2).count();
            all_same &= same == of.len();
            println!(
                "  {src:<9} vs FileCheck-{v}: identical {same} / {}, mismatches {} / {}",
                of.len(),
                of.len() - same,
                of.len()
            );
        }
    }
    let crashes = crashes.into_inner();
    if crashes > 0 {
        println!("  (not counted: {crashes} runs where the reference crashed)");
    }
    let mismatches: Vec<_> = results.iter().filter(|r| !r.2).collect();
    for r in mismatches.iter().take(show) {
        println!(
            "--- mismatch {} vs FileCheck-{} ({}), see target/filecheck-diff/mismatch/",
            cases[r.0].name, r.1, r.3
        );
    }
    if !mismatches.is_empty() {
        let mut names: Vec<String> = mismatches
            .iter()
            .map(|r| format!("{}@{}", cases[r.0].name, r.1))
            .collect();
        names.truncate(40);
        println!("  mismatching: {}", names.join(" "));
    }
    if all_same {
        Ok(())
    } else {
        Err(format!("{} mismatches", mismatches.len()))
    }
}

fn write(p: &Path, b: &[u8]) -> Result<(), String> {
    std::fs::write(p, b).map_err(|e| format!("{}: {e}", p.display()))
}

/// Runs the case with `fc` as the FileCheck command (words split on spaces).
fn run_one(case: &Case, fc: &str, v: u32) -> Outcome {
    let mut cmd;
    match &case.body {
        Body::Direct { args } => {
            let mut words = fc.split(' ');
            cmd = Command::new(words.next().unwrap_or("FileCheck"));
            cmd.args(words).args(args);
            match std::fs::File::open(case.dir.join("input.txt")) {
                Ok(f) => {
                    cmd.stdin(f);
                }
                Err(_) => {
                    cmd.stdin(Stdio::null());
                }
            }
        }
        Body::Shell { script } => {
            // The two references run in parallel: each has its own scratch
            // folder (irkit reuses the reference's, one after the other, so
            // paths in messages agree).
            let own = case.dir.join(format!("v{v}"));
            let _ = std::fs::create_dir_all(&own);
            let script = script.replace(runlines::CASE_DIR, &own.display().to_string());
            cmd = Command::new("bash");
            cmd.arg("-c").arg(script).env("FC", fc).stdin(Stdio::null());
        }
    }
    cmd.current_dir(&case.dir)
        .env_remove("FILECHECK_OPTS")
        .env("LC_ALL", "C")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let Ok(mut child) = cmd.spawn() else {
        return Outcome {
            code: None,
            stdout: Vec::new(),
            stderr: b"cannot spawn".to_vec(),
        };
    };
    // Read both pipes on threads, with a time limit on the child.
    let mut so = child.stdout.take();
    let mut se = child.stderr.take();
    let t1 = std::thread::spawn(move || {
        let mut b = Vec::new();
        if let Some(s) = so.as_mut() {
            let _ = std::io::Read::read_to_end(s, &mut b);
        }
        b
    });
    let t2 = std::thread::spawn(move || {
        let mut b = Vec::new();
        if let Some(s) = se.as_mut() {
            let _ = std::io::Read::read_to_end(s, &mut b);
        }
        b
    });
    let deadline = Instant::now() + Duration::from_secs(20);
    let code = loop {
        match child.try_wait() {
            Ok(Some(st)) => break st.code(),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(1)),
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                break Some(-999);
            }
        }
    };
    Outcome {
        code,
        stdout: t1.join().unwrap_or_default(),
        stderr: t2.join().unwrap_or_default(),
    }
}

/// Replaces every program-name spelling with `FileCheck`.
fn normalise(b: &[u8]) -> Vec<u8> {
    let s = String::from_utf8_lossy(b);
    let mut s = s.into_owned();
    if let Some(i) = s.find(" filecheck --llvm-compat=") {
        // `<path to irkit> filecheck --llvm-compat=NN`
        let start = s[..i].rfind([' ', '\n', '\'']).map_or(0, |p| p + 1);
        let whole = format!("{} filecheck --llvm-compat=", &s[start..i]);
        for v in ["19", "22"] {
            s = s.replace(&format!("{whole}{v}"), "FileCheck");
        }
    }
    s = s.replace("irkit filecheck", "FileCheck");
    s = s
        .replace("FileCheck-19", "FileCheck")
        .replace("FileCheck-22", "FileCheck");
    // `--version`: the vendor LLVM's build names (Debian) and irkit's.
    for vendor in ["Debian LLVM version ", "irkit LLVM version "] {
        if s.starts_with(vendor) {
            s = s.replacen(vendor, "LLVM version ", 1);
        }
    }
    s.into_bytes()
}

fn compare(r: &Outcome, k: &Outcome) -> (bool, String) {
    let mut why = Vec::new();
    if r.code != k.code {
        why.push(format!("exit {:?} vs {:?}", r.code, k.code));
    }
    if normalise(&r.stdout) != normalise(&k.stdout) {
        why.push("stdout".to_string());
    }
    if normalise(&r.stderr) != normalise(&k.stderr) {
        why.push("stderr".to_string());
    }
    (why.is_empty(), why.join(", "))
}

fn save_mismatch(work: &Path, case: &Case, v: u32, r: &Outcome, k: &Outcome) {
    let safe: String = case
        .name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let dir = work.join("mismatch").join(format!("{safe}@{v}"));
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let what = match &case.body {
        Body::Direct { args } => format!("cd {} && FC {}\n", case.dir.display(), args.join(" ")),
        Body::Shell { script } => format!("cd {}\n{script}", case.dir.display()),
    };
    let _ = std::fs::write(dir.join("cmd"), what);
    let _ = std::fs::write(dir.join("ref.code"), format!("{:?}\n", r.code));
    let _ = std::fs::write(dir.join("irkit.code"), format!("{:?}\n", k.code));
    let _ = std::fs::write(dir.join("ref.stdout"), normalise(&r.stdout));
    let _ = std::fs::write(dir.join("ref.stderr"), normalise(&r.stderr));
    let _ = std::fs::write(dir.join("irkit.stdout"), normalise(&k.stdout));
    let _ = std::fs::write(dir.join("irkit.stderr"), normalise(&k.stderr));
}

/// The manifest of `llvm/test/FileCheck` kept for release `v`
/// (`llvm_src::manifest`: a header naming the tarball, then `PATH SIZE`).
fn manifest_of(v: u32) -> &'static str {
    match v {
        19 => MANIFEST_19,
        _ => MANIFEST_22,
    }
}

/// LLVM's FileCheck tests of each release in `versions`: every file of
/// `llvm/test/FileCheck` of the release's source (`llvm_src::ensure`) that
/// the kept manifest lists. A tree that differs from its manifest is
/// reported (the manifest is what review sees); the files it lists and the
/// tree holds are run.
fn llvm_cases(
    work: &Path,
    irkit: &Path,
    versions: &[u32],
    cases: &mut Vec<Case>,
) -> Result<(), String> {
    for &v in versions {
        let src = match llvm_src::ensure(v) {
            Ok(s) => s,
            Err(e) => {
                println!("note: no LLVM {v} test sources ({e}); source llvm skipped for {v}");
                continue;
            }
        };
        let files = llvm_src::files_under(&src.root, "llvm/test/FileCheck", &[]);
        let now = llvm_src::manifest(&src, &files);
        let kept = manifest_of(v);
        if now != kept {
            println!(
                "note: llvm/test/FileCheck of {} differs from xtask/src/filecheck_diff/llvm-{v}.txt \
                 (regenerate with `cargo xtask llvm-src --llvm {v} --manifest llvm/test/FileCheck`)",
                src.tag
            );
        }
        let (mut files_with_runs, mut n_cases) = (0, 0);
        for line in kept.lines() {
            if line.starts_with('#') {
                continue;
            }
            let Some(path) = line.split_whitespace().next() else {
                continue;
            };
            // `Inputs/`, `lit.local.cfg` and `CMakeLists.txt` hold no RUN
            // lines of their own.
            if path.contains("/Inputs/")
                || !path.ends_with(".txt")
                || path.ends_with("CMakeLists.txt")
            {
                continue;
            }
            let file = src.root.join(path);
            let Ok(text) = std::fs::read_to_string(&file) else {
                println!("note: {} listed but missing", file.display());
                continue;
            };
            let short = path.trim_start_matches("llvm/test/FileCheck/");
            let name = format!("llvm{v}/{short}");
            let before = cases.len();
            for sc in runlines::cases_for(&name, &text, &file, irkit, false) {
                let dir = case_dir(work, &sc.name)?;
                cases.push(Case {
                    source: "llvm",
                    name: sc.name,
                    only: Some(v),
                    dir,
                    body: Body::Shell { script: sc.script },
                });
            }
            if cases.len() > before {
                files_with_runs += 1;
                n_cases += cases.len() - before;
            }
        }
        println!(
            "llvm {v}: {} ({} test files with FileCheck RUN lines, {n_cases} FileCheck invocations)",
            src.tag, files_with_runs
        );
    }
    Ok(())
}

fn testdata_cases(
    root: &Path,
    work: &Path,
    irkit: &Path,
    cases: &mut Vec<Case>,
) -> Result<(), String> {
    let mut files = Vec::new();
    collect(&root.join("testdata"), &mut files);
    files.sort();
    for file in files {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        if !text.contains("FileCheck") {
            continue;
        }
        let rel = file
            .strip_prefix(root)
            .unwrap_or(&file)
            .display()
            .to_string();
        for sc in runlines::cases_for(&rel, &text, &file, irkit, true) {
            let dir = case_dir(work, &sc.name)?;
            let script = sc.script;
            cases.push(Case {
                source: "testdata",
                name: sc.name,
                only: None,
                dir,
                body: Body::Shell { script },
            });
        }
    }
    Ok(())
}

/// A fresh scratch folder for the case named `name`.
fn case_dir(work: &Path, name: &str) -> Result<PathBuf, String> {
    let safe: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let dir = work.join("cases").join(safe);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            if p.file_name()
                .is_some_and(|n| n != "Inputs" && n != "Output")
            {
                collect(&p, out);
            }
        } else if p.file_name().is_some_and(|n| n != "lit.cfg.py") {
            out.push(p);
        }
    }
}
