//! `cargo xtask ir-diff`: differential test of the IR parser and printer on
//! random modules. Each case is a module of unregistered ops with builtin
//! types and attributes, regions, blocks, block arguments and successors
//! ([`gen`](ir_diff::gen)), valid by construction. `irkit opt
//! --mlir-compat=V` and `mlir-opt-V --allow-unregistered-dialect
//! --mlir-print-op-generic` (V from `--mlir 19|22`, default 19; the older
//! `--reference mlir-opt-V` says the same) print each; the outputs must be
//! identical.
//!
//! Every other case is instead a module in the custom syntax of func,
//! arith, math, scf and cf ([`custom_gen`](crate::ir_compat::custom_gen)),
//! and every case is also printed in each tool's default form (`irkit opt`
//! prints custom syntax for the ops that have one, as `mlir-opt-19` does):
//! the generic and the default outputs must both be identical.
//!
//! Cases are batched with `// -----` (`--split-input-file` in both tools;
//! a chunk that fails prints nothing in both). A chunk whose two outputs
//! differ is a mismatch, written to `target/ir-diff/case-N/` with a
//! minimised lit test candidate (`candidate.mlir`, delta debugging while the
//! outputs still differ; its CHECK lines are the reference's output); a
//! chunk both tools reject counts apart (a generator bug, not a difference).

mod gen;

use crate::mlir_release::MlirRelease;
use crate::util::{build_irkit, has_flag, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

const HELP: &str = "\
cargo xtask ir-diff [--count N] [--seed S] [--batch B] [--irkit PATH]
                    [--mlir 19|22] [--print-case N]
Random modules (generic and custom syntax): irkit opt --mlir-compat=V vs mlir-opt-V
(--mlir V, default 19; --reference mlir-opt-V is the same), generic and default
printed output compared.";

const SEP: &str = "// -----\n";

fn case_text(seed: u64, n: usize) -> String {
    if n % 2 == 1 {
        // A custom-syntax module, its first `// -----` chunk.
        let m = crate::ir_compat::custom_gen::module(
            seed.wrapping_mul(0x100_0000_01B3).wrapping_add(n as u64),
        );
        let first = m.split("\n// -----").next().unwrap_or("");
        return format!("{}\n", first.trim_end());
    }
    let mut rng = gen::Rng::new(seed.wrapping_mul(0x100_0000_01B3).wrapping_add(n as u64) ^ 0x5eed);
    gen::Gen::new(&mut rng).module()
}

/// The two printings compared: generic, and each tool's default.
const FORMS: [(&str, bool); 2] = [("generic", true), ("default", false)];

fn irkit_args(release: MlirRelease, generic: bool) -> Vec<&'static str> {
    let mut v = vec!["opt", release.compat_arg()];
    if generic {
        v.push("--mlir-print-op-generic");
    }
    v
}

fn mlir_args(generic: bool) -> Vec<&'static str> {
    let mut v = vec!["--allow-unregistered-dialect"];
    if generic {
        v.push("--mlir-print-op-generic");
    }
    v
}

/// Minimises a module whose printed forms differ (delta debugging while
/// the outputs still differ and the reference still prints something) and
/// returns a lit test candidate checked against the reference's output.
#[allow(clippy::too_many_arguments)]
fn lit_candidate(
    irkit: &Path,
    mlir: &Path,
    release: MlirRelease,
    text: &str,
    generic: bool,
    dir: &Path,
    seed: u64,
    n: usize,
) -> Result<String, String> {
    let file = dir.join("minimising.mlir");
    let run_both = |t: &str| -> Result<(String, String), String> {
        std::fs::write(&file, t).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok((
            run_tool(irkit, &irkit_args(release, generic), &file)?,
            run_tool(mlir, &mlir_args(generic), &file)?,
        ))
    };
    let small = crate::minimise::minimise_text(
        text,
        &mut |t: &str| {
            run_both(t)
                .map(|(a, b)| a != b && !b.trim().is_empty())
                .unwrap_or(false)
        },
        3000,
    );
    let (_, b) = run_both(&small)?;
    let _ = std::fs::remove_file(&file);
    let flag = if generic {
        " --mlir-print-op-generic"
    } else {
        ""
    };
    Ok(format!(
        "// ir-diff seed {seed} case {n} ({} form), minimised; expected lines from {}.\n\
         // RUN: irkit opt {}{flag} %s | FileCheck %s\n{small}{}",
        if generic { "generic" } else { "default" },
        release.opt_name(),
        release.compat_arg(),
        crate::minimise::check_lines("//", &b)
    ))
}

fn run_tool(tool: &Path, args: &[&str], file: &Path) -> Result<String, String> {
    let o = Command::new(tool)
        .args(args)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    Ok(String::from_utf8_lossy(&o.stdout).into_owned())
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{HELP}");
        return Ok(());
    }
    let num = |name: &str, default: u64| -> Result<u64, String> {
        opt_value(args, name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("{name} expects a number, got '{v}'"))
        })
    };
    let count = num("--count", 10_000)? as usize;
    let seed = num("--seed", 1)?;
    let batch = (num("--batch", 200)? as usize).max(1);
    if let Some(n) = opt_value(args, "--print-case") {
        let n: usize = n
            .parse()
            .map_err(|_| "--print-case expects a number".to_string())?;
        print!("{}", case_text(seed, n));
        return Ok(());
    }
    let release = match opt_value(args, "--reference") {
        None => MlirRelease::from_args(args)?,
        Some("mlir-opt-19") => MlirRelease::V19,
        Some("mlir-opt-22") => MlirRelease::V22,
        Some(other) => {
            let why = "--reference expects mlir-opt-19 or mlir-opt-22 (or use --mlir 19|22)";
            return Err(format!("{why}, got '{other}'"));
        }
    };
    let reference = release.opt_name();
    let mlir = release.mlir_opt()?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let dir = workspace_root().join("target").join("ir-diff");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let t0 = std::time::Instant::now();
    let (mut identical, mut differ, mut both_reject) = (0usize, 0usize, 0usize);
    let mut differ_by_form: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut start = 0;
    while start < count {
        let end = (start + batch).min(count);
        let cases: Vec<String> = (start..end).map(|n| case_text(seed, n)).collect();
        let file = dir.join("batch.mlir");
        std::fs::write(&file, cases.join(SEP)).map_err(|e| format!("{}: {e}", file.display()))?;
        let mut outs = Vec::new();
        for (_, generic) in FORMS {
            let mut a = irkit_args(release, generic);
            a.push("--split-input-file");
            let mut b = mlir_args(generic);
            b.push("--split-input-file");
            outs.push((run_tool(&irkit, &a, &file)?, run_tool(&mlir, &b, &file)?));
        }
        let split = |o: &(String, String)| -> (Vec<String>, Vec<String>) {
            (
                o.0.split(SEP).map(str::to_string).collect(),
                o.1.split(SEP).map(str::to_string).collect(),
            )
        };
        let per_form: Vec<(Vec<String>, Vec<String>)> = outs.iter().map(split).collect();
        for (k, case) in cases.iter().enumerate() {
            let n = start + k;
            let mut bad = None;
            for (f, (ca, cb)) in per_form.iter().enumerate() {
                let (x, y) = (ca.get(k), cb.get(k));
                if x != y {
                    bad = Some((f, x.cloned(), y.cloned()));
                    break;
                }
            }
            let Some((f, x, y)) = bad else {
                if per_form[0].0.get(k).is_some_and(|t| t.trim().is_empty()) {
                    both_reject += 1;
                } else {
                    identical += 1;
                }
                continue;
            };
            let (form, generic) = FORMS[f];
            differ += 1;
            *differ_by_form.entry(form).or_insert(0) += 1;
            let cd = dir.join(format!("case-{n}"));
            let _ = std::fs::create_dir_all(&cd);
            let _ = std::fs::write(cd.join("input.mlir"), case);
            let _ = std::fs::write(cd.join("form"), form);
            let _ = std::fs::write(cd.join("irkit.out"), x.as_deref().unwrap_or("<missing>"));
            let _ = std::fs::write(cd.join("mlir.out"), y.as_deref().unwrap_or("<missing>"));
            if differ <= 20 {
                let cand = lit_candidate(&irkit, &mlir, release, case, generic, &cd, seed, n)?;
                let _ = std::fs::write(cd.join("candidate.mlir"), cand);
            }
            if differ <= 5 {
                eprintln!("difference: case {n}, {form} form (see {})", cd.display());
            }
        }
        start = end;
    }
    println!(
        "ir-diff vs {reference}, seed {seed}: {count} modules in {:.1?}",
        t0.elapsed()
    );
    println!("  identical {identical} / {count}");
    println!(
        "  mismatches {differ} / {count} (generic form {}, default form {})",
        differ_by_form.get("generic").copied().unwrap_or(0),
        differ_by_form.get("default").copied().unwrap_or(0)
    );
    println!("  both reject {both_reject} / {count} (generator bugs: modules should be valid)");
    if differ == 0 {
        Ok(())
    } else {
        Err(format!(
            "{differ} mismatches; cases under {}",
            dir.display()
        ))
    }
}
