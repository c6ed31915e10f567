//! `cargo xtask bench filecheck`: `irkit filecheck` against `FileCheck-19`
//! on one large case, in the same run: a 50 MB input (numbered lines of
//! instruction-like text) and a check file of 10,000 directives spread over
//! it (CHECK, CHECK-NEXT, CHECK-SAME, CHECK-NOT, CHECK-DAG, regexes, string
//! and numeric variables). Both must pass; the median of `--runs` timed runs
//! of each is printed with their ratio, then each one's peak memory (one
//! more run under GNU `time`, when `/usr/bin/time` is there). A median
//! ratio irkit / FileCheck-19 above `--max-ratio` (default 1.0: issue 18's
//! "at least as fast") fails the run.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

use crate::util::{build_irkit, opt_value, workspace_root};

pub fn run(args: &[String]) -> Result<(), String> {
    let runs: usize = opt_value(args, "--runs").map_or(Ok(3), |v| {
        v.parse().map_err(|_| format!("--runs: not a number: {v}"))
    })?;
    let mb: usize = opt_value(args, "--mb").map_or(Ok(50), |v| {
        v.parse().map_err(|_| format!("--mb: not a number: {v}"))
    })?;
    // Issue 18's acceptance: at least as fast as FileCheck-19, same run.
    let max_ratio: f64 = opt_value(args, "--max-ratio").map_or(Ok(1.0), |v| {
        v.parse()
            .map_err(|_| format!("--max-ratio: not a number: {v}"))
    })?;
    let checks: usize = opt_value(args, "--checks").map_or(Ok(10_000), |v| {
        v.parse()
            .map_err(|_| format!("--checks: not a number: {v}"))
    })?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let dir = workspace_root().join("target").join("bench-filecheck");
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let (input, check) = generate(mb << 20, checks);
    let in_path = dir.join("input.txt");
    let chk_path = dir.join("check.txt");
    std::fs::write(&in_path, &input).map_err(|e| e.to_string())?;
    std::fs::write(&chk_path, &check).map_err(|e| e.to_string())?;
    println!(
        "bench filecheck: input {:.1} MB, {} directives, {runs} runs each",
        input.len() as f64 / (1 << 20) as f64,
        checks
    );
    let time = |prog: &str, pre: &[&str]| -> Result<Vec<f64>, String> {
        let mut times = Vec::new();
        for _ in 0..runs {
            let t = Instant::now();
            let out = Command::new(prog)
                .args(pre)
                .arg(&chk_path)
                .arg("--input-file")
                .arg(&in_path)
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .output()
                .map_err(|e| format!("{prog}: {e}"))?;
            times.push(t.elapsed().as_secs_f64());
            if !out.status.success() {
                let err = String::from_utf8_lossy(&out.stderr);
                let head: String = err.lines().take(8).collect::<Vec<_>>().join("\n");
                return Err(format!("{prog} failed on the bench case:\n{head}"));
            }
        }
        times.sort_by(f64::total_cmp);
        Ok(times)
    };
    let r = time("FileCheck-19", &[])?;
    let k = time(
        &irkit.display().to_string(),
        &["filecheck", "--llvm-compat=19"],
    )?;
    let (rm, km) = (r[r.len() / 2], k[k.len() / 2]);
    println!("  FileCheck-19     median {rm:.3}s  (runs {r:.3?})");
    println!("  irkit filecheck  median {km:.3}s  (runs {k:.3?})");
    let ratio = km / rm;
    println!("  ratio irkit / FileCheck-19 = {ratio:.2} (at most {max_ratio:.2})");
    // Peak memory: one more run of each under GNU time (when installed).
    let peak = |prog: &str, pre: &[&str]| -> Option<u64> {
        let out = Command::new("/usr/bin/time")
            .args(["-f", "%M", prog])
            .args(pre)
            .arg(&chk_path)
            .arg("--input-file")
            .arg(&in_path)
            .stdout(Stdio::null())
            .output()
            .ok()?;
        let err = String::from_utf8_lossy(&out.stderr);
        err.lines().last()?.trim().parse().ok()
    };
    let irkit_s = irkit.display().to_string();
    if let (Some(r), Some(k)) = (
        peak("FileCheck-19", &[]),
        peak(&irkit_s, &["filecheck", "--llvm-compat=19"]),
    ) {
        println!(
            "  peak RSS: FileCheck-19 {:.1} MB, irkit {:.1} MB",
            r as f64 / 1024.0,
            k as f64 / 1024.0
        );
    }
    if ratio > max_ratio {
        return Err(format!(
            "irkit filecheck is slower than FileCheck-19: ratio {ratio:.2} > {max_ratio:.2}"
        ));
    }
    Ok(())
}

/// The input and the check file. Every 512th line of input carries a
/// marker that a directive looks for; the lines between are filler the
/// directives skip over.
fn generate(bytes: usize, checks: usize) -> (String, String) {
    let mut input = String::with_capacity(bytes + 1024);
    let mut check = String::new();
    let lines_per_check = {
        // About 64 bytes a line.
        let lines = bytes / 64;
        (lines / checks.max(1)).max(2)
    };
    let mut n = 0usize;
    let mut k = 0usize;
    while input.len() < bytes || k < checks {
        n += 1;
        if n.is_multiple_of(lines_per_check) && k < checks {
            k += 1;
            match k % 6 {
                0 => {
                    input.push_str(&format!("define i32 @func{k}(i32 %a, i32 %b) #{}\n", k % 7));
                    check.push_str(&format!(
                        "CHECK: define i32 @func{k}(i32 %[[A{}:[a-z]+]], i32 %b)\n",
                        k % 3
                    ));
                }
                1 => {
                    input.push_str(&format!("  %r{k} = add nsw i32 %a, {k}\n"));
                    check.push_str("CHECK: %r[[#N:]] = add nsw i32 %a,\nCHECK-SAME: [[#N]]\n");
                    k += 1;
                }
                2 => {
                    input.push_str(&format!("  store i32 %r{}, ptr %p{k}, align 4\n", k - 1));
                    check.push_str(&format!(
                        "CHECK: store i32 %r{}, ptr {{{{%p[0-9]+}}}}\n",
                        k - 1
                    ));
                }
                3 => {
                    input.push_str(&format!("  call void @use(i32 {k})\n  ret void\n"));
                    check.push_str(&format!(
                        "CHECK: call void @use(i32 {k})\nCHECK-NEXT: ret\n"
                    ));
                    k += 1;
                }
                4 => {
                    input.push_str(&format!("  br label %bb{k} ; loop\n"));
                    check.push_str(&format!(
                        "CHECK-NOT: unreachable\nCHECK: br label %bb{k}\nCHECK-SAME: loop\n"
                    ));
                    k += 2;
                }
                _ => {
                    input.push_str(&format!(
                        "  %x{k} = load i32, ptr %q{k}\n  %y{k} = load i32, ptr %s{k}\n"
                    ));
                    check.push_str(&format!(
                        "CHECK-DAG: %y{k} = load\nCHECK-DAG: %x{k} = load\n"
                    ));
                    k += 1;
                }
            }
            continue;
        }
        input.push_str(&format!(
            "  %v{n} = getelementptr inbounds i8, ptr %base, i64 {}\n",
            n % 1000
        ));
    }
    (input, check)
}
