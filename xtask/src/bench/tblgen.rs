//! `cargo xtask bench tblgen [--llvm 22|19]`: `irkit tblgen --llvm-compat=V`
//! against `llvm-tblgen-V` (default 22) in the same run, on `llvm/IR/Intrinsics.td` (the largest file),
//! `llvm/Target/Target.td` and the whole corpus (every `.td` under
//! `llvm/` and `mlir/` of release V that llvm-tblgen-V accepts), for `--print-records`
//! and `--dump-json`. Prints median wall times, the ratio
//! (llvm / irkit: higher is better for irkit) and peak RSS.
//!
//! Options: `--runs N` (default 11; the corpus uses `--corpus-runs`, default
//! 1), `--irkit PATH`, `--no-corpus`.

use crate::tblgen_corpus::{corpus_files, include_root, release_arg, tblgen_tool};
use crate::util::{build_irkit, has_flag, opt_value};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

struct Sample {
    secs: f64,
    /// User + system CPU seconds (from `/usr/bin/time`; 0 without it).
    cpu: f64,
    rss_kb: u64,
    ok: bool,
}

/// Runs `tool args` once, returning wall time and peak RSS (via
/// `/usr/bin/time -f %M` when available).
fn run_once(tool: &Path, args: &[String]) -> Sample {
    let rss_file = std::env::temp_dir().join(format!("irkit-bench-rss-{}", std::process::id()));
    let use_time = Path::new("/usr/bin/time").is_file();
    let mut cmd = if use_time {
        let mut c = Command::new("/usr/bin/time");
        c.arg("-f")
            .arg("%M %U %S")
            .arg("-o")
            .arg(&rss_file)
            .arg(tool);
        c
    } else {
        Command::new(tool)
    };
    cmd.args(args).stdout(Stdio::null()).stderr(Stdio::null());
    let t = Instant::now();
    let st = cmd.status();
    let secs = t.elapsed().as_secs_f64();
    let report = std::fs::read_to_string(&rss_file).unwrap_or_default();
    let fields: Vec<&str> = report
        .lines()
        .last()
        .unwrap_or("")
        .split_whitespace()
        .collect();
    let num = |k: usize| fields.get(k).and_then(|f| f.parse::<f64>().ok());
    let rss_kb = num(0).map_or(0, |v| v as u64);
    let cpu = num(1).unwrap_or(0.0) + num(2).unwrap_or(0.0);
    let _ = std::fs::remove_file(&rss_file);
    Sample {
        secs,
        cpu,
        rss_kb,
        ok: st.is_ok_and(|s| s.success()),
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    if v.is_empty() {
        return 0.0;
    }
    v[v.len() / 2]
}

fn args_for(mode: &str, incdir: &Path, file: &Path, irkit: Option<u32>) -> Vec<String> {
    let mut a = Vec::new();
    if let Some(v) = irkit {
        a.push("tblgen".to_string());
        a.push(format!("--llvm-compat={v}"));
    }
    a.push(mode.to_string());
    a.push("-I".into());
    a.push(incdir.to_string_lossy().into_owned());
    a.push("-I".into());
    a.push(
        file.parent()
            .unwrap_or(incdir)
            .to_string_lossy()
            .into_owned(),
    );
    a.push(file.to_string_lossy().into_owned());
    a
}

pub fn run(args: &[String]) -> Result<(), String> {
    let runs: usize = opt_value(args, "--runs")
        .and_then(|r| r.parse().ok())
        .unwrap_or(11)
        .max(1);
    let corpus_runs: usize = opt_value(args, "--corpus-runs")
        .and_then(|r| r.parse().ok())
        .unwrap_or(1)
        .max(1);
    let release = release_arg(args)?;
    let tblgen = tblgen_tool(release)?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let incdir = include_root(release)?;
    println!(
        "{:<28} {:<15} {:>10} {:>10} {:>7} {:>9} {:>11} {:>11} {:>7}",
        "input",
        "mode",
        "irkit s",
        "llvm s",
        "ratio",
        "cpu ratio",
        "irkit RSS",
        "llvm RSS",
        "RSS %"
    );
    for rel in ["llvm/IR/Intrinsics.td", "llvm/Target/Target.td"] {
        let file = incdir.join(rel);
        for mode in ["--print-records", "--dump-json"] {
            let (mut ti, mut tl) = (Vec::new(), Vec::new());
            let (mut ci, mut cl) = (Vec::new(), Vec::new());
            let (mut ri, mut rl) = (0u64, 0u64);
            // Interleave the tools so both see the same machine load.
            for _ in 0..runs {
                let s = run_once(&irkit, &args_for(mode, &incdir, &file, Some(release)));
                if !s.ok {
                    return Err(format!("irkit failed on {rel} {mode}"));
                }
                ti.push(s.secs);
                ci.push(s.cpu);
                ri = ri.max(s.rss_kb);
                let s = run_once(&tblgen, &args_for(mode, &incdir, &file, None));
                tl.push(s.secs);
                cl.push(s.cpu);
                rl = rl.max(s.rss_kb);
            }
            let cpu = (median(&mut ci), median(&mut cl));
            report(rel, mode, median(&mut ti), median(&mut tl), cpu, ri, rl);
        }
    }
    if has_flag(args, "--no-corpus") {
        return Ok(());
    }
    let files = corpus_files(&incdir);
    // The corpus: files llvm-tblgen accepts.
    let accepted: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| run_once(&tblgen, &args_for("--print-records", &incdir, f, None)).ok)
        .collect();
    for mode in ["--print-records", "--dump-json"] {
        let (mut ti, mut tl) = (Vec::new(), Vec::new());
        let (mut ri, mut rl) = (0u64, 0u64);
        let (mut cpu_i, mut cpu_l) = (0.0, 0.0);
        for _ in 0..corpus_runs {
            let (mut si, mut sl) = (0.0, 0.0);
            for f in &accepted {
                let s = run_once(&irkit, &args_for(mode, &incdir, f, Some(release)));
                si += s.secs;
                cpu_i += s.cpu;
                ri = ri.max(s.rss_kb);
                let s = run_once(&tblgen, &args_for(mode, &incdir, f, None));
                sl += s.secs;
                cpu_l += s.cpu;
                rl = rl.max(s.rss_kb);
            }
            ti.push(si);
            tl.push(sl);
        }
        let name = format!("corpus ({} files)", accepted.len());
        let cpu = (cpu_i, cpu_l);
        report(&name, mode, median(&mut ti), median(&mut tl), cpu, ri, rl);
    }
    Ok(())
}

/// One line: median wall times and their ratio, the CPU-time ratio (user +
/// system: steadier than wall time on a shared machine), peak RSS.
fn report(input: &str, mode: &str, ti: f64, tl: f64, cpu: (f64, f64), ri: u64, rl: u64) {
    let ratio = if ti > 0.0 { tl / ti } else { 0.0 };
    let cpu_ratio = if cpu.0 > 0.0 { cpu.1 / cpu.0 } else { 0.0 };
    let rss_pct = if rl > 0 {
        100.0 * ri as f64 / rl as f64
    } else {
        0.0
    };
    println!(
        "{:<28} {:<15} {:>10.3} {:>10.3} {:>6.2}x {:>8.2}x {:>8} KB {:>8} KB {:>6.1}%",
        input.trim_start_matches("llvm/"),
        mode.trim_start_matches("--"),
        ti,
        tl,
        ratio,
        cpu_ratio,
        ri,
        rl,
        rss_pct
    );
}
