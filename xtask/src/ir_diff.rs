//! `cargo xtask ir-diff`: differential test of the IR parser and printer on
//! random modules. Each case is a module of unregistered ops with builtin
//! types and attributes, regions, blocks, block arguments and successors
//! ([`gen`](ir_diff::gen)), valid by construction. `irkit opt` and
//! `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic` (or
//! `--reference mlir-opt-22`) print each; the outputs must be identical.
//!
//! Cases are batched with `// -----` (`--split-input-file` in both tools;
//! a chunk that fails prints nothing in both). A chunk whose two outputs
//! differ is a mismatch, written to `target/ir-diff/case-N/`; a chunk both
//! tools reject counts apart (a generator bug, not a difference).

mod gen;

use crate::util::{build_irkit, find_tool, has_flag, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

const HELP: &str = "\
cargo xtask ir-diff [--count N] [--seed S] [--batch B] [--irkit PATH]
                    [--reference mlir-opt-19|mlir-opt-22] [--print-case N]
Random generic-syntax modules: irkit opt vs mlir-opt, printed output compared.";

const SEP: &str = "// -----\n";

fn case_text(seed: u64, n: usize) -> String {
    let mut rng = gen::Rng::new(seed.wrapping_mul(0x100_0000_01B3).wrapping_add(n as u64) ^ 0x5eed);
    gen::Gen::new(&mut rng).module()
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
    let reference = opt_value(args, "--reference").unwrap_or("mlir-opt-19");
    let mlir = find_tool(&[reference])?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let dir = workspace_root().join("target").join("ir-diff");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let t0 = std::time::Instant::now();
    let (mut identical, mut differ, mut both_reject) = (0usize, 0usize, 0usize);
    let mut start = 0;
    while start < count {
        let end = (start + batch).min(count);
        let cases: Vec<String> = (start..end).map(|n| case_text(seed, n)).collect();
        let file = dir.join("batch.mlir");
        std::fs::write(&file, cases.join(SEP)).map_err(|e| format!("{}: {e}", file.display()))?;
        let a = run_tool(
            &irkit,
            &["opt", "--mlir-print-op-generic", "--split-input-file"],
            &file,
        )?;
        let b = run_tool(
            &mlir,
            &[
                "--allow-unregistered-dialect",
                "--mlir-print-op-generic",
                "--split-input-file",
            ],
            &file,
        )?;
        let (ca, cb): (Vec<&str>, Vec<&str>) = (a.split(SEP).collect(), b.split(SEP).collect());
        for (k, case) in cases.iter().enumerate() {
            let n = start + k;
            let (x, y) = (ca.get(k).copied(), cb.get(k).copied());
            if x == y {
                if x.is_some_and(|t| t.trim().is_empty()) {
                    both_reject += 1;
                } else {
                    identical += 1;
                }
                continue;
            }
            differ += 1;
            let cd = dir.join(format!("case-{n}"));
            let _ = std::fs::create_dir_all(&cd);
            let _ = std::fs::write(cd.join("input.mlir"), case);
            let _ = std::fs::write(cd.join("irkit.out"), x.unwrap_or("<missing>"));
            let _ = std::fs::write(cd.join("mlir.out"), y.unwrap_or("<missing>"));
            if differ <= 5 {
                eprintln!("difference: case {n} (see {})", cd.display());
            }
        }
        start = end;
    }
    println!(
        "ir-diff vs {reference}, seed {seed}: {count} modules in {:.1?}",
        t0.elapsed()
    );
    println!("  identical {identical} / {count}");
    println!("  mismatches {differ} / {count}");
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
