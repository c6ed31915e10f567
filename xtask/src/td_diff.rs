//! `cargo xtask td-diff`: differential test of the TableGen evaluator on
//! random programs, valid by construction ([`gen`](td_diff::gen)). Half
//! the cases are a `defvar`s-and-a-`def` program whose values are random
//! typed expression trees over the bang operators; half exercise structure:
//! a class with (defaulted) template arguments and a body `defvar`,
//! multiclasses with arguments (one `defm`s the other, one has a `foreach`),
//! top-level `defm`s, `let` blocks, nested `foreach` loops with `defvar`. irkit tblgen and
//! llvm-tblgen-19 (or `--reference llvm-tblgen-22`) print the records;
//! the outputs must be byte-identical, and both tools must accept.
//!
//! Cases are batched (`--batch`, default 100 per file). When the batch
//! outputs differ or a tool rejects it, every case of the batch runs alone,
//! so a difference is charged to the cases that cause it; each differing
//! case is written to `target/td-diff/case-N/` (input, both outputs), ready
//! to become a lit test.
//!
//! # Deliberate difference (excluded by default)
//!
//! `0b...` literals are `bits<n>` values. A `!cond` mixing them with `int`
//! values is typed `bits<n>` by LLVM, which converts the chosen value to it
//! when folding; a value that does not fit makes the fold return no value,
//! and what users see is the parser's error recovery (llvm-tblgen-19 and
//! -22 alike): `int f = !cond(1: 1897, true: 0b100111);` leaves `int f = ?;`
//! with exit 0 and no message, `!eq(!or(0, 9), !cond(1: 1897, true:
//! 0b100111))` fails with "expected ';' after declaration" at an unrelated
//! token, and `!shl(!cond(1: 9223372036854775807, true: 0b110110), 5)` in a
//! `defvar` exits 1 with no message. irkit types the `!cond` as `int` and
//! folds (1897, ...): reproducing a silent failure would break the rule
//! that bad input gets a clear diagnostic, and where the chosen value fits
//! both agree (`testdata/tblgen/cond-bits-literal.td`).
//! `--with-bits-literals` generates them (seed 2: 11 of 5,000 cases
//! differ, and 214 are rejected by both over `bits` width mismatches).
//!
//! # Minimised lit test candidates
//!
//! The first 20 differing cases are minimised ([`crate::minimise`]: delta
//! debugging over lines, then tokens, while the tools still disagree the
//! same way) into `case-N/candidate.td`, whose CHECK lines are the
//! reference tool's output (or its error).

pub(crate) mod gen;

use crate::util::{build_irkit, find_tool, has_flag, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

const HELP: &str = "\
cargo xtask td-diff [--count N] [--seed S] [--batch B] [--irkit PATH]
                    [--reference llvm-tblgen-19|llvm-tblgen-22] [--print-case N]
                    [--with-bits-literals]
Random bang-operator programs: irkit tblgen vs llvm-tblgen, outputs compared.";

/// Every program starts with the dag operator its dags use.
const PRELUDE: &str = "def ops;\n";

struct Run {
    ok: bool,
    out: String,
    err: String,
}

fn run_tool(tool: &Path, pre: &[&str], file: &Path) -> Result<Run, String> {
    let o = Command::new(tool)
        .args(pre)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    Ok(Run {
        ok: o.status.success(),
        out: String::from_utf8_lossy(&o.stdout).into_owned(),
        err: String::from_utf8_lossy(&o.stderr).into_owned(),
    })
}

/// How two runs disagree (`None`: they agree): both accept with other
/// outputs, or one rejects (with its first error message, without the
/// location, so that minimising keeps the same failure).
fn verdict(a: &Run, b: &Run) -> Option<String> {
    let first_error = |err: &str| {
        err.lines()
            .find_map(|l| l.split_once("error:").map(|(_, m)| m.trim().to_string()))
            .unwrap_or_default()
    };
    match (a.ok, b.ok) {
        (true, true) if a.out == b.out => None,
        (true, true) => Some("outputs differ".into()),
        (false, false) => None,
        (false, true) => Some(format!("irkit rejects: {}", first_error(&a.err))),
        (true, false) => Some(format!("llvm rejects: {}", first_error(&b.err))),
    }
}

/// Minimises a differing case (delta debugging over lines, then tokens,
/// while the tools disagree the same way) and returns a lit test candidate
/// whose CHECK lines are the reference tool's output (or error).
#[allow(clippy::too_many_arguments)]
fn lit_candidate(
    irkit: &Path,
    llvm: &Path,
    reference: &str,
    compat: &str,
    text: &str,
    dir: &Path,
    seed: u64,
    n: usize,
) -> Result<String, String> {
    let file = dir.join("minimising.td");
    let run_both = |t: &str| -> Result<(Run, Run), String> {
        std::fs::write(&file, t).map_err(|e| format!("{}: {e}", file.display()))?;
        Ok((
            run_tool(irkit, &["tblgen", compat], &file)?,
            run_tool(llvm, &[], &file)?,
        ))
    };
    let (a, b) = run_both(text)?;
    let want = verdict(&a, &b);
    let small = crate::minimise::minimise_text(
        text,
        &mut |t: &str| {
            run_both(t)
                .map(|(a, b)| verdict(&a, &b) == want)
                .unwrap_or(false)
        },
        3000,
    );
    let (_, b) = run_both(&small)?;
    let _ = std::fs::remove_file(&file);
    let mut out = format!(
        "// td-diff seed {seed} case {n}, minimised: {}\n\
         // Expected lines from {reference}.\n",
        want.unwrap_or_default()
    );
    if b.ok {
        out.push_str(&format!(
            "// RUN: irkit tblgen {compat} %s | FileCheck %s\n"
        ));
        out.push_str(&small);
        // The records, without the banner lines.
        let body: String = b
            .out
            .lines()
            .filter(|l| !l.starts_with("------------- ") && !l.starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        out.push_str(&crate::minimise::check_lines("//", &body));
    } else {
        out.push_str(&format!(
            "// RUN: not irkit tblgen {compat} %s 2>&1 | FileCheck %s\n"
        ));
        out.push_str(&small);
        if let Some(l) = b.err.lines().find(|l| l.contains("error:")) {
            let msg = l.split_once("error:").map_or(l, |(_, m)| m);
            out.push_str(&format!(
                "// CHECK: error:{}\n",
                crate::minimise::check_pattern(msg)
            ));
        }
    }
    Ok(out)
}

fn case_text(seed: u64, n: usize, bits_literals: bool) -> String {
    let mut rng = gen::Rng::new(seed.wrapping_mul(0x1000_0000_01B3).wrapping_add(n as u64));
    let mut g = gen::Gen::new(&mut rng);
    g.bits_literals = bits_literals;
    g.case(&format!("K{n}"))
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
    let batch = (num("--batch", 100)? as usize).max(1);
    let bits_literals = has_flag(args, "--with-bits-literals");
    if let Some(n) = opt_value(args, "--print-case") {
        let n: usize = n
            .parse()
            .map_err(|_| "--print-case expects a number".to_string())?;
        print!("{PRELUDE}{}", case_text(seed, n, bits_literals));
        return Ok(());
    }
    let reference = opt_value(args, "--reference").unwrap_or("llvm-tblgen-19");
    let llvm = find_tool(&[reference])?;
    // irkit follows the reference's release (`llvm-tblgen-19`: 19).
    let release = reference.rsplit('-').next().unwrap_or("22");
    let compat = format!("--llvm-compat={release}");
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let dir = workspace_root().join("target").join("td-diff");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let t0 = std::time::Instant::now();
    let (mut identical, mut differ, mut both_reject, mut only_irkit_rejects, mut only_llvm_rejects) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    let mut start = 0;
    while start < count {
        let end = (start + batch).min(count);
        let mut text = String::from(PRELUDE);
        for n in start..end {
            text.push_str(&case_text(seed, n, bits_literals));
        }
        let file = dir.join("batch.td");
        std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
        let (a, b) = (
            run_tool(&irkit, &["tblgen", &compat], &file)?,
            run_tool(&llvm, &[], &file)?,
        );
        if a.ok && b.ok && a.out == b.out {
            identical += end - start;
            start = end;
            continue;
        }
        // Case by case.
        for n in start..end {
            let text = format!("{PRELUDE}{}", case_text(seed, n, bits_literals));
            let file = dir.join("case.td");
            std::fs::write(&file, &text).map_err(|e| format!("{}: {e}", file.display()))?;
            let (a, b) = (
                run_tool(&irkit, &["tblgen", &compat], &file)?,
                run_tool(&llvm, &[], &file)?,
            );
            let same = match (a.ok, b.ok) {
                (true, true) => a.out == b.out,
                (false, false) => {
                    both_reject += 1;
                    if both_reject <= 20 {
                        let rd = dir.join(format!("rejected-{n}.td"));
                        let _ = std::fs::write(&rd, format!("{text}// llvm: {}", b.err));
                    }
                    true
                }
                (false, true) => {
                    only_irkit_rejects += 1;
                    false
                }
                (true, false) => {
                    only_llvm_rejects += 1;
                    false
                }
            };
            if same && a.ok {
                identical += 1;
                continue;
            }
            if !same {
                differ += 1;
                let cd = dir.join(format!("case-{n}"));
                let _ = std::fs::create_dir_all(&cd);
                let _ = std::fs::write(cd.join("input.td"), &text);
                let _ = std::fs::write(
                    cd.join("irkit.out"),
                    format!("{}\n--- stderr\n{}", a.out, a.err),
                );
                let _ = std::fs::write(
                    cd.join("llvm.out"),
                    format!("{}\n--- stderr\n{}", b.out, b.err),
                );
                if differ <= 20 {
                    let cand =
                        lit_candidate(&irkit, &llvm, reference, &compat, &text, &cd, seed, n)?;
                    let _ = std::fs::write(cd.join("candidate.td"), cand);
                }
                if differ <= 5 {
                    eprintln!("difference: case {n} (see {})", cd.display());
                }
            }
        }
        start = end;
    }
    println!(
        "td-diff vs {reference}, seed {seed}: {count} programs in {:.1?}",
        t0.elapsed()
    );
    println!("  identical {identical} / {count}");
    println!("  mismatches {differ} / {count} (irkit rejects alone {only_irkit_rejects}, llvm rejects alone {only_llvm_rejects})");
    println!("  both reject {both_reject} / {count} (generator bugs: programs should be valid)");
    if differ == 0 {
        Ok(())
    } else {
        Err(format!(
            "{differ} mismatches; cases under {}",
            dir.display()
        ))
    }
}
