//! `cargo xtask fuzz`: runs every cargo-fuzz target under `fuzz/` in turn
//! (libFuzzer, one process at a time, `cargo +nightly fuzz`), each for its
//! share of a time budget, and prints per target the executions, coverage
//! (libFuzzer's `cov` edges and `ft` features), corpus size, peak memory and
//! whether it found a crash (the reproducer is under
//! `fuzz/artifacts/TARGET/`, minimised with libFuzzer's `-minimize_crash`
//! into `NAME.min`, and for the text targets written out as a lit test
//! candidate `NAME.candidate.td|mlir`).
//!
//! The corpus grows in `fuzz/corpus/TARGET/` (not checked in) from the
//! seeds in `fuzz/seeds/TARGET/` (checked in, small). Each run is appended
//! to `fuzz/campaign.tsv` (checked in, with its date and commit), so the
//! totals of a long campaign in several runs add up: `--totals` prints them.
//!
//! Options: `--time SECS` (total budget, default 60 per target), `--each SECS`
//! (per target instead), `--targets a,b` (default all), `--build-only`,
//! `--totals`.

use crate::util::{has_flag, opt_value, workspace_root};
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

const HELP: &str = "\
cargo xtask fuzz [--time SECS | --each SECS] [--targets t1,t2] [--build-only] [--totals]
  Runs the cargo-fuzz targets in turn (needs the nightly toolchain and
  `cargo install cargo-fuzz`). Targets: tblgen ir abi_lower abi filecheck lit_shell";

/// The campaign log, one row per run (target, seconds, execs, cov, ft,
/// corpus, crashed, UTC date at its end, the commit it was built from). It
/// is committed, unlike the corpus, so a long campaign in several runs and
/// on several machines adds up.
const LOG: &str = "campaign.tsv";

/// `date -u` in ISO form, or `?` where `date` is missing.
fn utc_now() -> String {
    Command::new("date")
        .args(["-u", "+%Y-%m-%dT%H:%M:%SZ"])
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "?".into(), |s| s.trim().to_string())
}

/// The short hash of HEAD, or `?` outside a git checkout.
fn head_commit() -> String {
    Command::new("git")
        .args(["rev-parse", "--short", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map_or_else(|| "?".into(), |s| s.trim().to_string())
}

/// Every target, in the order they run.
pub const TARGETS: [&str; 6] = ["tblgen", "ir", "abi_lower", "abi", "filecheck", "lit_shell"];

/// Flags shared by build and run: no sanitizer (the workspace has no unsafe
/// code; coverage guidance alone is several times faster) but debug
/// assertions and overflow checks on.
const BUILD_FLAGS: [&str; 3] = ["--sanitizer", "none", "--debug-assertions"];

struct Stats {
    execs: u64,
    cov: u64,
    ft: u64,
    corpus: u64,
    rss_mb: u64,
    crashed: bool,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{HELP}");
        return Ok(());
    }
    let fuzz_dir = workspace_root().join("fuzz");
    if has_flag(args, "--totals") {
        return print_totals(&fuzz_dir);
    }
    let targets: Vec<&str> = match opt_value(args, "--targets") {
        Some(list) => {
            let v: Vec<&str> = list.split(',').filter(|s| !s.is_empty()).collect();
            if let Some(bad) = v.iter().find(|t| !TARGETS.contains(t)) {
                return Err(format!("unknown target '{bad}'\n{HELP}"));
            }
            v
        }
        None => TARGETS.to_vec(),
    };
    let parse_secs = |name: &str| -> Result<Option<u64>, String> {
        opt_value(args, name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("{name} expects seconds, got '{v}'"))
            })
            .transpose()
    };
    let each = match (parse_secs("--time")?, parse_secs("--each")?) {
        (_, Some(e)) => e,
        (Some(t), None) => (t / targets.len() as u64).max(1),
        (None, None) => 60,
    };
    // The commit the targets are built from (a run's row names it even if
    // HEAD moves while the campaign runs).
    let commit = head_commit();
    let status = Command::new("cargo")
        .args(["+nightly", "fuzz", "build"])
        .args(BUILD_FLAGS)
        .current_dir(&fuzz_dir)
        .status()
        .map_err(|e| format!("cannot run cargo +nightly fuzz: {e}"))?;
    if !status.success() {
        return Err(
            "cargo +nightly fuzz build failed (is cargo-fuzz installed? \
                    `cargo install cargo-fuzz`)"
                .into(),
        );
    }
    if has_flag(args, "--build-only") {
        return Ok(());
    }
    println!(
        "{:<10} {:>10} {:>7} {:>7} {:>7} {:>7}  result",
        "target", "execs", "cov", "ft", "corpus", "rss MB"
    );
    let mut crashed = Vec::new();
    for t in targets {
        let st = run_one(&fuzz_dir, t, each)?;
        println!(
            "{:<10} {:>10} {:>7} {:>7} {:>7} {:>7}  {}",
            t,
            st.execs,
            st.cov,
            st.ft,
            st.corpus,
            st.rss_mb,
            if st.crashed {
                "CRASH (see fuzz/artifacts/)"
            } else {
                "ok"
            }
        );
        let line = format!(
            "{t}\t{each}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\n",
            st.execs,
            st.cov,
            st.ft,
            st.corpus,
            st.crashed,
            utc_now(),
            commit
        );
        append(&fuzz_dir.join(LOG), &line)?;
        if st.crashed {
            crashed.push(t);
        }
    }
    if crashed.is_empty() {
        Ok(())
    } else {
        Err(format!("crashes in {}", crashed.join(", ")))
    }
}

fn run_one(fuzz_dir: &Path, target: &str, secs: u64) -> Result<Stats, String> {
    let corpus = fuzz_dir.join("corpus").join(target);
    std::fs::create_dir_all(&corpus).map_err(|e| format!("{}: {e}", corpus.display()))?;
    let seeds = fuzz_dir.join("seeds").join(target);
    let mut cmd = Command::new("cargo");
    cmd.args(["+nightly", "fuzz", "run"])
        .args(BUILD_FLAGS)
        .arg(target)
        .arg(&corpus);
    if seeds.is_dir() {
        cmd.arg(&seeds);
    }
    cmd.arg("--")
        .arg(format!("-max_total_time={secs}"))
        .args([
            "-rss_limit_mb=2048",
            "-timeout=10",
            "-max_len=8192",
            "-print_final_stats=1",
        ])
        .current_dir(fuzz_dir);
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run the fuzzer: {e}"))?;
    let log = String::from_utf8_lossy(&out.stderr);
    let mut st = Stats {
        execs: 0,
        cov: 0,
        ft: 0,
        corpus: 0,
        rss_mb: 0,
        crashed: !out.status.success(),
    };
    for line in log.lines() {
        if let Some(v) = line.strip_prefix("stat::number_of_executed_units:") {
            st.execs = v.trim().parse().unwrap_or(0);
        } else if let Some(v) = line.strip_prefix("stat::peak_rss_mb:") {
            st.rss_mb = v.trim().parse().unwrap_or(0);
        }
        // Status lines: `#N  KIND cov: C ft: F corp: N/SIZE ...`.
        let mut words = line.split_whitespace();
        while let Some(w) = words.next() {
            let field = match w {
                "cov:" => &mut st.cov,
                "ft:" => &mut st.ft,
                "corp:" => &mut st.corpus,
                _ => continue,
            };
            if let Some(v) = words.next().and_then(|v| v.split('/').next()) {
                *field = v.parse().unwrap_or(*field);
            }
        }
    }
    if st.crashed {
        let tail: Vec<&str> = log.lines().rev().take(40).collect();
        for l in tail.iter().rev() {
            eprintln!("  {l}");
        }
        let unit = log
            .lines()
            .find_map(|l| l.split_once("Test unit written to ").map(|(_, p)| p.trim()));
        if let Some(unit) = unit {
            minimise_crash(fuzz_dir, target, Path::new(unit));
        }
    }
    Ok(st)
}

/// Shrinks a crashing input with libFuzzer's `-minimize_crash` and writes
/// it next to the reproducer as `NAME.min`, and for the targets that read
/// text, as a lit test candidate `NAME.candidate.{td,mlir,txt}` (the
/// expected output is for whoever turns it into a test to take from the
/// reference tool).
fn minimise_crash(fuzz_dir: &Path, target: &str, unit: &Path) {
    let unit = fuzz_dir.join(unit);
    let min = unit.with_extension("min");
    let bin = fuzz_dir
        .join("target")
        .join("x86_64-unknown-linux-gnu")
        .join("release")
        .join(target);
    let ok = Command::new(&bin)
        .arg("-minimize_crash=1")
        .arg("-max_total_time=60")
        .arg(format!("-exact_artifact_path={}", min.display()))
        .arg(&unit)
        .output()
        .is_ok_and(|_| min.is_file());
    let from = if ok { &min } else { &unit };
    let Ok(data) = std::fs::read(from) else {
        return;
    };
    let (ext, run, text) = match target {
        // The first byte picks the action (even: print-records, odd: JSON).
        "tblgen" => (
            "td",
            if data.first().is_some_and(|b| b & 1 == 1) {
                "// RUN: irkit tblgen --dump-json %s"
            } else {
                "// RUN: irkit tblgen %s"
            },
            data.get(1..).unwrap_or(&[]),
        ),
        "ir" => ("mlir", "// RUN: irkit opt %s", &data[..]),
        _ => {
            eprintln!("  minimised reproducer: {}", from.display());
            return;
        }
    };
    let cand = from.with_extension(format!("candidate.{ext}"));
    let body = String::from_utf8_lossy(text);
    let _ = std::fs::write(
        &cand,
        format!("// fuzz target {target}: crashed on this input (minimised).\n{run}\n{body}\n"),
    );
    eprintln!(
        "  minimised reproducer: {} (lit test candidate {})",
        from.display(),
        cand.display()
    );
}

fn append(path: &Path, line: &str) -> Result<(), String> {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    f.write_all(line.as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Sums the campaign log per target.
fn print_totals(fuzz_dir: &Path) -> Result<(), String> {
    let path = fuzz_dir.join(LOG);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut tot: BTreeMap<&str, (u64, u64, u64, u64)> = BTreeMap::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        // Rows written before the date and commit columns have 7 fields.
        let (&[t, secs, execs, _cov, _ft, _corp, crashed], _) = f.split_at(f.len().min(7)) else {
            continue;
        };
        let e = tot.entry(t).or_default();
        e.0 += 1;
        e.1 += secs.parse::<u64>().unwrap_or(0);
        e.2 += execs.parse::<u64>().unwrap_or(0);
        e.3 += u64::from(crashed == "true");
    }
    println!(
        "{:<10} {:>5} {:>8} {:>12} {:>8}",
        "target", "runs", "seconds", "execs", "crashes"
    );
    for (t, (runs, secs, execs, crashes)) in tot {
        println!("{t:<10} {runs:>5} {secs:>8} {execs:>12} {crashes:>8}");
    }
    Ok(())
}
