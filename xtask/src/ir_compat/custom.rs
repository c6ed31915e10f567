//! `cargo xtask ir-compat --custom`: the custom syntax against mlir-opt-V
//! (`--mlir V`, 19 or 22; irkit runs with `--mlir-compat=V`).
//!
//! Inputs, each split at `// -----` like `--split-input-file`:
//! - `testdata/ir-custom/*.mlir` (IR written for this check),
//! - every `.mlir` under `--dir DIR` (e.g. MLIR's own
//!   `mlir/test/Dialect/{Arith,Func,ControlFlow}` and `mlir/test/IR`),
//! - `--generated N` random func/arith/cf modules (seeded, see [`super::custom_gen`]).
//!
//! A chunk that mlir-opt-V rejects is left out (counted, and the first few
//! named with mlir-opt-V's error). For the others:
//! 1. custom: `irkit opt` must print byte for byte what `mlir-opt-V` prints;
//! 2. generic: `irkit opt --mlir-print-op-generic` as `mlir-opt-V --mlir-print-op-generic`;
//! 3. generic→custom: irkit's custom print of its own generic output is (1);
//! 4. custom→generic: irkit's generic print of its own custom output is
//!    mlir-opt-V's generic print of mlir-opt-V's custom output (that is
//!    (2) unless the printer loses something, as 19's `llvm.invoke` does).

use super::custom_gen;
use super::diff::first_difference;
use super::proc;
use crate::mlir_release::MlirRelease;
use crate::util;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

struct Input {
    name: String,
    text: String,
}

#[derive(Default)]
struct Tally {
    checked: usize,
    /// Chunks mlir-opt-V rejects, with its first error line.
    rejected_by_mlir: Vec<(String, String)>,
    custom_ok: usize,
    generic_ok: usize,
    g2c_ok: usize,
    c2g_ok: usize,
    failures: Vec<(String, &'static str, String)>,
}

pub fn run(
    args: &[String],
    release: MlirRelease,
    timeout: Duration,
    show: usize,
) -> Result<(), String> {
    let mlir_opt = release.mlir_opt()?;
    let irkit = super::irkit_binary(args)?;
    let mut inputs = Vec::new();
    let own = util::workspace_root().join("testdata/ir-custom");
    collect_files(&own, &mut inputs)?;
    let n_own = inputs.len();
    if let Some(dir) = util::opt_value(args, "--dir") {
        collect_files(Path::new(dir), &mut inputs)?;
    }
    let n_tests = inputs.len() - n_own;
    let generated = super::num_opt(args, "--generated")?.unwrap_or(100);
    let seed = super::num_opt(args, "--seed")?.unwrap_or(1) as u64;
    for i in 0..generated {
        inputs.push(Input {
            name: format!("generated/{seed}-{i}.mlir"),
            text: custom_gen::module(seed.wrapping_mul(1_000_003).wrapping_add(i as u64)),
        });
    }
    let work = release.target_dir("ir-custom");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    // Chunks.
    let mut chunks: Vec<(String, String)> = Vec::new();
    for inp in &inputs {
        let parts: Vec<&str> = inp.text.split("\n// -----").collect();
        let n = parts.len();
        for (k, part) in parts.into_iter().enumerate() {
            let name = if n == 1 {
                inp.name.clone()
            } else {
                format!("{}#{k}", inp.name)
            };
            chunks.push((name, part.to_string()));
        }
    }
    let jobs = super::num_opt(args, "--jobs")?
        .unwrap_or_else(proc::default_jobs)
        .max(1);
    let results = proc::par_map(&chunks, jobs, |(name, text)| {
        check_chunk(release, &mlir_opt, &irkit, &work, (name, text), timeout)
    });
    let mut t = Tally::default();
    for r in results {
        match r {
            Err(e) => return Err(e),
            Ok(Err(rejected)) => t.rejected_by_mlir.push(rejected),
            Ok(Ok(c)) => {
                t.checked += 1;
                t.custom_ok += usize::from(c.custom.is_none());
                t.generic_ok += usize::from(c.generic.is_none());
                t.g2c_ok += usize::from(c.g2c.is_none());
                t.c2g_ok += usize::from(c.c2g.is_none());
                for (what, d) in [
                    ("custom", c.custom),
                    ("generic", c.generic),
                    ("generic->custom", c.g2c),
                    ("custom->generic", c.c2g),
                ] {
                    if let Some(d) = d {
                        t.failures.push((c.name.clone(), what, d));
                    }
                }
            }
        }
    }
    let reference = release.opt_name();
    println!(
        "ir-compat --custom: {} chunks ({} files of testdata/ir-custom, {} of --dir, {} generated); {reference} rejects {}, {} checked",
        chunks.len(),
        n_own,
        n_tests,
        generated,
        t.rejected_by_mlir.len(),
        t.checked
    );
    for (name, why) in t.rejected_by_mlir.iter().take(show) {
        println!("  rejected by {reference}: {name}: {why}");
    }
    let pct = |k: usize| {
        if t.checked == 0 {
            0.0
        } else {
            100.0 * k as f64 / t.checked as f64
        }
    };
    println!(
        "  custom form identical to {reference}:   {} / {} ({:.1}%)",
        t.custom_ok,
        t.checked,
        pct(t.custom_ok)
    );
    println!(
        "  generic form identical to {reference}:  {} / {} ({:.1}%)",
        t.generic_ok,
        t.checked,
        pct(t.generic_ok)
    );
    println!(
        "  generic->custom round trip stable:      {} / {} ({:.1}%)",
        t.g2c_ok,
        t.checked,
        pct(t.g2c_ok)
    );
    println!(
        "  custom->generic round trip stable:      {} / {} ({:.1}%)",
        t.c2g_ok,
        t.checked,
        pct(t.c2g_ok)
    );
    for (name, what, d) in t.failures.iter().take(show) {
        println!("  FAIL {what}: {name}\n{}", indent(d));
    }
    if t.failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{} mismatches", t.failures.len()))
    }
}

struct Checked {
    name: String,
    custom: Option<String>,
    generic: Option<String>,
    g2c: Option<String>,
    c2g: Option<String>,
}

/// `Ok(Err((name, why)))` when mlir-opt-V rejects the chunk.
fn check_chunk(
    release: MlirRelease,
    mlir_opt: &Path,
    irkit: &Path,
    work: &Path,
    (name, text): (&str, &str),
    timeout: Duration,
) -> Result<Result<Checked, (String, String)>, String> {
    let stem: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let input = work.join(format!("{stem}.in.mlir"));
    fs::write(&input, text).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let mlir = |generic: bool, file: &Path| {
        let mut c = Command::new(mlir_opt);
        c.arg("--allow-unregistered-dialect");
        if generic {
            c.arg("--mlir-print-op-generic");
        }
        c.arg(file);
        proc::capture(c, timeout)
    };
    let ours = |generic: bool, file: &Path| {
        let mut c = super::irkit_opt(irkit, release);
        if generic {
            c.arg("--mlir-print-op-generic");
        }
        c.arg(file);
        proc::capture(c, timeout)
    };
    let compare = |expected: &[u8], actual: &proc::Captured| match &actual.out {
        None => Some(format!("irkit rejected it: {}", first_line(&actual.err))),
        Some(a) => first_difference(expected, a, release.opt_name(), "irkit"),
    };
    let reference = mlir(false, &input)?;
    let Some(ref_custom) = reference.out else {
        return Ok(Err((name.to_string(), first_line(&reference.err))));
    };
    let ref_generic = mlir(true, &input)?.out.unwrap_or_default();
    let mut res = Checked {
        name: name.to_string(),
        custom: None,
        generic: None,
        g2c: None,
        c2g: None,
    };
    let custom = ours(false, &input)?;
    let generic = ours(true, &input)?;
    res.custom = compare(&ref_custom, &custom);
    res.generic = compare(&ref_generic, &generic);
    if let Some(g) = &generic.out {
        let f = work.join(format!("{stem}.generic.mlir"));
        fs::write(&f, g).map_err(|e| format!("cannot write {}: {e}", f.display()))?;
        res.g2c = compare(&ref_custom, &ours(false, &f)?);
    } else {
        res.g2c = Some("irkit rejected the input".into());
    }
    if let Some(c) = &custom.out {
        let f = work.join(format!("{stem}.custom.mlir"));
        fs::write(&f, c).map_err(|e| format!("cannot write {}: {e}", f.display()))?;
        // What mlir-opt-V makes of its own custom print: the same as (2)
        // unless its printer loses something (19's `llvm.invoke` prints
        // the destinations' operands among the call's arguments).
        let rf = work.join(format!("{stem}.ref-custom.mlir"));
        fs::write(&rf, &ref_custom).map_err(|e| format!("cannot write {}: {e}", rf.display()))?;
        let ref_c2g = mlir(true, &rf)?.out.unwrap_or_else(|| ref_generic.clone());
        res.c2g = compare(&ref_c2g, &ours(true, &f)?);
    } else {
        res.c2g = Some("irkit rejected the input".into());
    }
    Ok(Ok(res))
}

/// The first line of `err` that names an error (else its first line), cut
/// at 200 characters.
fn first_line(err: &str) -> String {
    let line = err
        .lines()
        .find(|l| l.contains("error"))
        .or_else(|| err.lines().next())
        .unwrap_or("");
    line.chars().take(200).collect()
}

fn collect_files(dir: &Path, out: &mut Vec<Input>) -> Result<(), String> {
    let Ok(rd) = fs::read_dir(dir) else {
        return Ok(());
    };
    let mut paths: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            collect_files(&p, out)?;
        } else if p.extension().is_some_and(|e| e == "mlir") {
            let text =
                fs::read_to_string(&p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            out.push(Input {
                name: p.display().to_string(),
                text,
            });
        }
    }
    Ok(())
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect()
}
