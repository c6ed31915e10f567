//! `cargo xtask ir-compat --llvm-custom`: the real-IR corpus in its custom
//! form (what `mlir-translate-V --import-llvm` writes by default), for the
//! release V of `--mlir` (irkit runs with `--mlir-compat=V`).
//!
//! The custom form of each corpus file is mlir-opt-V's default print of
//! the corpus's generic file (the same import printed by the same MLIR V
//! printer as mlir-translate-V uses), cached under
//! `target/ir-corpus-custom/` (at 22 `target/ir-corpus-custom-22/`) of this
//! workspace. For each file:
//! 1. custom: `irkit opt CUSTOM` must print CUSTOM byte for byte (mlir-opt-V
//!    prints its own output unchanged); lines identical are counted too;
//! 2. custom→generic: `irkit opt --mlir-print-op-generic CUSTOM` must print
//!    the corpus's generic file (mlir-opt-V's generic output);
//! 3. custom→generic→custom: `irkit opt` on (2)'s output must print CUSTOM.

use super::corpus;
use super::diff::first_difference;
use super::proc;
use crate::mlir_release::MlirRelease;
use crate::util;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

struct Row {
    name: String,
    lines: usize,
    same_lines: usize,
    custom: Result<(), String>,
    c2g: Result<(), String>,
    round_trip: Result<(), String>,
}

pub fn run(
    args: &[String],
    release: MlirRelease,
    jobs: usize,
    timeout: Duration,
    show: usize,
) -> Result<(), String> {
    let mlir_opt = release.mlir_opt()?;
    let irkit = super::irkit_binary(args)?;
    let dir = super::corpus_dir(args, release);
    let sel = corpus::Select {
        release,
        dir: &dir,
        quick: util::has_flag(args, "--quick"),
        filter: util::opt_value(args, "--filter"),
        max_files: super::num_opt(args, "--max-files")?,
        jobs,
        timeout: timeout * 10,
    };
    let corpus = corpus::build(&sel)?;
    if corpus.entries.is_empty() {
        return Err("the corpus is empty (check --filter/--quick)".into());
    }
    let cache = release.target_dir("ir-corpus-custom");
    let work = release.target_dir("ir-custom-llvm");
    for d in [&cache, &work] {
        fs::create_dir_all(d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    }
    let mut order: Vec<&corpus::Entry> = corpus.entries.iter().collect();
    order.sort_by_key(|e| std::cmp::Reverse(e.bytes));
    let rows = proc::par_map(&order, jobs, |e| {
        check_one(release, &mlir_opt, &irkit, e, (&cache, &work), timeout)
    });
    let mut rows: Vec<Row> = rows.into_iter().collect::<Result<_, _>>()?;
    rows.sort_by(|a, b| a.name.cmp(&b.name));
    report(release, &rows, show)
}

/// The custom form of corpus entry `e` (mlir-opt-V's default print of it),
/// made once into `cache`.
pub fn custom_form(
    release: MlirRelease,
    mlir_opt: &Path,
    e: &corpus::Entry,
    cache: &Path,
    timeout: Duration,
) -> Result<PathBuf, String> {
    let flat = e.name.replace('/', "__");
    let custom_path = cache.join(format!("{flat}.mlir"));
    if !custom_path.is_file() {
        let tmp = cache.join(format!("{flat}.mlir.tmp"));
        let mut c = Command::new(mlir_opt);
        c.arg(&e.path).arg("-o").arg(&tmp);
        let out = proc::run(&mut c, Stdio::null(), Stdio::null(), timeout, false)?;
        if !out.success() {
            return Err(format!(
                "{} could not print {} in custom form: {}",
                release.opt_name(),
                e.path.display(),
                out.describe(timeout)
            ));
        }
        fs::rename(&tmp, &custom_path).map_err(|err| format!("cannot rename: {err}"))?;
    }
    Ok(custom_path)
}

fn check_one(
    release: MlirRelease,
    mlir_opt: &Path,
    irkit: &Path,
    e: &corpus::Entry,
    (cache, work): (&Path, &Path),
    timeout: Duration,
) -> Result<Row, String> {
    let flat = e.name.replace('/', "__");
    let custom_path = custom_form(release, mlir_opt, e, cache, timeout * 4)?;
    let want_custom = fs::read(&custom_path).map_err(|err| format!("cannot read: {err}"))?;
    let want_generic = fs::read(&e.path).map_err(|err| format!("cannot read: {err}"))?;
    let out1 = work.join(format!("{flat}.custom"));
    let out2 = work.join(format!("{flat}.generic"));
    let out3 = work.join(format!("{flat}.again"));
    let run_irkit = |input: &Path, generic: bool, out: &Path| -> Result<Vec<u8>, String> {
        let mut c = super::irkit_opt(irkit, release);
        if generic {
            c.arg("--mlir-print-op-generic");
        }
        c.arg(input);
        let o = fs::File::create(out).map_err(|err| format!("cannot create: {err}"))?;
        let err_path = out.with_extension("stderr");
        let errf = fs::File::create(&err_path).map_err(|err| format!("cannot create: {err}"))?;
        let res = proc::run(&mut c, Stdio::from(o), Stdio::from(errf), timeout, false)?;
        let err_text = fs::read_to_string(&err_path).unwrap_or_default();
        let _ = fs::remove_file(&err_path);
        if !res.success() {
            let first: String = err_text
                .lines()
                .next()
                .unwrap_or("")
                .chars()
                .take(200)
                .collect();
            return Err(format!("{}: {first}", res.describe(timeout)));
        }
        fs::read(out).map_err(|err| format!("cannot read: {err}"))
    };
    let compare = |want: &[u8], got: &[u8]| match first_difference(
        want,
        got,
        release.opt_name(),
        "irkit opt",
    ) {
        None => Ok(()),
        Some(d) => Err(d),
    };
    let got1 = run_irkit(&custom_path, false, &out1);
    let (lines, same_lines) = count_lines(&want_custom, got1.as_deref().unwrap_or(&[]));
    let custom = got1.and_then(|g| compare(&want_custom, &g));
    let got2 = run_irkit(&custom_path, true, &out2);
    let c2g = got2.and_then(|g| compare(&want_generic, &g));
    let round_trip = if c2g.is_ok() || out2.is_file() {
        run_irkit(&out2, false, &out3).and_then(|g| compare(&want_custom, &g))
    } else {
        Err("no generic output".into())
    };
    for p in [&out1, &out2, &out3] {
        let _ = fs::remove_file(p);
    }
    Ok(Row {
        name: e.name.clone(),
        lines,
        same_lines,
        custom,
        c2g,
        round_trip,
    })
}

/// Lines of `want`, and how many of them `got` has at the same line number.
fn count_lines(want: &[u8], got: &[u8]) -> (usize, usize) {
    let w: Vec<&[u8]> = want.split(|&c| c == b'\n').collect();
    let g: Vec<&[u8]> = got.split(|&c| c == b'\n').collect();
    let same = w.iter().zip(g.iter()).filter(|(a, b)| a == b).count();
    (w.len(), same)
}

fn report(release: MlirRelease, rows: &[Row], show: usize) -> Result<(), String> {
    let reference = release.opt_name();
    let n = rows.len();
    let ok = |f: fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
    let custom = ok(|r| r.custom.is_ok());
    let c2g = ok(|r| r.c2g.is_ok());
    let rt = ok(|r| r.round_trip.is_ok());
    let lines: usize = rows.iter().map(|r| r.lines).sum();
    let same: usize = rows.iter().map(|r| r.same_lines).sum();
    println!(
        "ir-compat --llvm-custom: {n} corpus files in custom form ({reference}'s default syntax)"
    );
    for r in rows {
        let mark = |x: &Result<(), String>| if x.is_ok() { "ok" } else { "DIFF" };
        println!(
            "  {:<28} lines {:>8} / {:<8} custom {:<4} custom->generic {:<4} round trip {}",
            r.name,
            r.same_lines,
            r.lines,
            mark(&r.custom),
            mark(&r.c2g),
            mark(&r.round_trip)
        );
    }
    let pct = |k: usize, m: usize| {
        if m == 0 {
            0.0
        } else {
            100.0 * k as f64 / m as f64
        }
    };
    println!("  custom form identical to {reference}:     {custom} / {n} files ({:.1}%), lines {same} / {lines} ({:.2}%)", pct(custom, n), pct(same, lines));
    println!(
        "  custom->generic identical to {reference}: {c2g} / {n} ({:.1}%)",
        pct(c2g, n)
    );
    println!(
        "  custom->generic->custom stable:          {rt} / {n} ({:.1}%)",
        pct(rt, n)
    );
    let mut shown = 0;
    for r in rows {
        for (what, x) in [
            ("custom", &r.custom),
            ("custom->generic", &r.c2g),
            ("round trip", &r.round_trip),
        ] {
            if let Err(d) = x {
                if shown < show {
                    let d: String = d.chars().take(600).collect();
                    println!("  {} ({what}): {d}", r.name);
                    shown += 1;
                }
            }
        }
    }
    if custom == n && c2g == n && rt == n {
        Ok(())
    } else {
        Err(format!(
            "{} of {n} files differ from {reference} in custom form ({} custom->generic, {} round trips)",
            n - custom,
            n - c2g,
            n - rt
        ))
    }
}
