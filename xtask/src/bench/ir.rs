//! `cargo xtask bench ir`: `irkit opt --mlir-compat=V` (parse, verify,
//! print) against `mlir-opt-V --allow-unregistered-dialect
//! --mlir-print-op-generic`, with and without `--mlir-disable-threading`, on
//! one large generic-MLIR file (by default the largest file of release V's
//! ir-compat corpus; `--mlir V`, 19 or 22), in the same run: median wall
//! time of N interleaved runs each, and peak RSS.

use crate::ir_compat::{self, corpus, llvm_custom, proc};
use crate::mlir_release::MlirRelease;
use crate::util;
use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::time::Duration;

const USAGE: &str = "\
usage: cargo xtask bench ir [options]

Times `irkit opt --mlir-compat=V FILE` (output to /dev/null) against mlir-opt-V
--mlir-print-op-generic (multi-threaded, and with --mlir-disable-threading) on the
same file, same run.

Options:
  --mlir V          the MLIR release to match, 19 (default) or 22: the reference is
                    mlir-opt-V, the default input comes from V's ir-compat corpus
                    (clang-V -> mlir-translate-V -> mlir-opt-V), irkit runs with
                    --mlir-compat=V
  --file F          the input (default: largest file of the ir-compat corpus,
                    building the sqlite part of it if needed)
  --runs N          timed runs of each tool, interleaved (default 5)
  --irkit PATH      irkit binary (default: build it in release mode)
  --corpus DIR      ir-compat corpus folder (default target/ir-corpus, at 22
                    target/ir-corpus-22)
  --timeout SECS    per run (default 300)
  --custom          the custom syntax instead: irkit opt FILE against mlir-opt-V FILE
                    (default printing), on the custom form of the corpus's sqlite3.O0
                    (mlir-opt-V's default print of it, cached in target/ir-corpus-custom/,
                    at 22 target/ir-corpus-custom-22/)
";

const VALUE_OPTS: &[&str] = &[
    "--mlir",
    "--file",
    "--runs",
    "--irkit",
    "--corpus",
    "--timeout",
];
const FLAGS: &[&str] = &["--help", "-h", "--custom"];

struct Tool {
    label: String,
    program: PathBuf,
    args: Vec<&'static str>,
    is_irkit: bool,
    walls: Vec<f64>,
    cpus: Vec<f64>,
    peaks: Vec<u64>,
    failed: Option<String>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{USAGE}");
        return Ok(());
    }
    ir_compat::check_args(args, VALUE_OPTS, FLAGS, USAGE)?;
    let runs = ir_compat::num_opt(args, "--runs")?.unwrap_or(5).max(1);
    let timeout = Duration::from_secs(ir_compat::num_opt(args, "--timeout")?.unwrap_or(300) as u64);
    let release = MlirRelease::from_args(args)?;
    let dir = ir_compat::corpus_dir(args, release);
    let custom = util::has_flag(args, "--custom");
    let file = match util::opt_value(args, "--file") {
        Some(f) => PathBuf::from(f),
        None if custom => custom_corpus_file(release, &dir, timeout)?,
        None => largest_corpus_file(release, &dir, timeout)?,
    };
    let bytes = std::fs::metadata(&file)
        .map_err(|e| format!("cannot read {}: {e}", file.display()))?
        .len();
    let mlir_opt = release.mlir_opt()?;
    let irkit = ir_compat::irkit_binary(args)?;
    let scratch = dir.join("bench");
    std::fs::create_dir_all(&scratch)
        .map_err(|e| format!("cannot create {}: {e}", scratch.display()))?;
    // Warm the page cache so the first timed run reads from memory like the rest.
    std::fs::read(&file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;

    let generic: &[&'static str] = if custom {
        &["--allow-unregistered-dialect"]
    } else {
        &["--allow-unregistered-dialect", "--mlir-print-op-generic"]
    };
    let irkit_args = if custom {
        vec!["opt", release.compat_arg()]
    } else {
        vec!["opt", release.compat_arg(), "--mlir-print-op-generic"]
    };
    let reference = release.opt_name();
    let mut tools = vec![
        tool("irkit opt".to_string(), irkit, irkit_args, true),
        tool(
            format!("{reference} (threaded)"),
            mlir_opt.clone(),
            generic.to_vec(),
            false,
        ),
        tool(
            format!("{reference} --mlir-disable-threading"),
            mlir_opt,
            [generic, &["--mlir-disable-threading"]].concat(),
            false,
        ),
    ];
    let rss_how = if Path::new("/usr/bin/time").is_file() {
        "peak RSS from /usr/bin/time"
    } else {
        "peak RSS by polling /proc VmHWM (install `time` for exact figures)"
    };
    println!(
        "bench ir: {} ({}), {runs} interleaved runs each, median wall time, {rss_how}; {}",
        file.display(),
        corpus::mb(bytes),
        machine_load()
    );
    for round in 0..runs {
        for t in tools.iter_mut().filter(|t| t.failed.is_none()) {
            let mut argv: Vec<&OsStr> = t.args.iter().map(OsStr::new).collect();
            argv.push(file.as_os_str());
            let o = proc::measure(&t.program, &argv, &scratch, timeout)?;
            if !o.success() {
                let err = std::fs::read_to_string(scratch.join("stderr.txt")).unwrap_or_default();
                let first = err.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
                t.failed = Some(format!(
                    "{} in run {}: {first}",
                    o.describe(timeout),
                    round + 1
                ));
                continue;
            }
            t.walls.push(o.wall.as_secs_f64());
            t.cpus.extend(o.cpu.map(|c| c.as_secs_f64()));
            t.peaks.extend(o.peak_kib);
        }
    }
    print_table(reference, &tools);
    match tools.iter().find(|t| t.is_irkit) {
        Some(Tool {
            failed: Some(why), ..
        }) => Err(format!(
            "irkit opt failed on {}: {why} (try `irkit opt FILE` by hand)",
            file.display()
        )),
        _ => Ok(()),
    }
}

fn tool(label: String, program: PathBuf, args: Vec<&'static str>, is_irkit: bool) -> Tool {
    Tool {
        label,
        program,
        args,
        is_irkit,
        walls: Vec::new(),
        cpus: Vec::new(),
        peaks: Vec::new(),
        failed: None,
    }
}

/// The custom form of the corpus's sqlite3.O0 (mlir-opt-V's default print
/// of the generic corpus file, what mlir-translate-V writes), made once.
fn custom_corpus_file(
    release: MlirRelease,
    dir: &Path,
    timeout: Duration,
) -> Result<PathBuf, String> {
    let sel = corpus::Select {
        release,
        dir,
        quick: false,
        filter: Some("sqlite/sqlite3.O0"),
        max_files: None,
        jobs: proc::default_jobs(),
        timeout,
    };
    let c = corpus::build(&sel)?;
    let Some(e) = c.entries.first() else {
        return Err("sqlite/sqlite3.O0 could not be built for the benchmark; use --file".into());
    };
    let cache = release.target_dir("ir-corpus-custom");
    std::fs::create_dir_all(&cache)
        .map_err(|err| format!("cannot create {}: {err}", cache.display()))?;
    llvm_custom::custom_form(release, &release.mlir_opt()?, e, &cache, timeout)
}

/// The largest corpus file, building the sqlite part of the corpus if the
/// corpus has no file yet.
fn largest_corpus_file(
    release: MlirRelease,
    dir: &Path,
    timeout: Duration,
) -> Result<PathBuf, String> {
    let sel = corpus::Select {
        release,
        dir,
        quick: false,
        filter: Some("sqlite/"),
        max_files: None,
        jobs: proc::default_jobs(),
        timeout,
    };
    let c = corpus::build(&sel)?;
    c.largest().map(|e| e.path.clone()).ok_or_else(|| {
        "no corpus file could be built for the benchmark (see messages above); use --file".into()
    })
}

fn median(xs: &[f64]) -> Option<f64> {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => None,
        n if n % 2 == 1 => Some(v[n / 2]),
        n => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
    }
}

/// Median wall and CPU seconds and peak MiB of one tool.
#[derive(Clone, Copy)]
struct Stats {
    wall: Option<f64>,
    cpu: Option<f64>,
    mib: Option<f64>,
}

fn print_table(reference: &str, tools: &[Tool]) {
    let stats: Vec<Stats> = tools
        .iter()
        .map(|t| Stats {
            wall: median(&t.walls),
            cpu: median(&t.cpus),
            mib: t.peaks.iter().max().map(|&k| k as f64 / 1024.0),
        })
        .collect();
    let none = Stats {
        wall: None,
        cpu: None,
        mib: None,
    };
    let irkit = tools
        .iter()
        .zip(&stats)
        .find(|(t, _)| t.is_irkit)
        .map_or(none, |(_, s)| *s);
    let cell =
        |x: Option<f64>, prec: usize| x.map_or_else(|| "-".to_string(), |v| format!("{v:.prec$}"));
    let ratio = |a: Option<f64>, b: Option<f64>| match (a, b) {
        (Some(a), Some(b)) if b > 0.0 => format!("{:.2}x", a / b),
        _ => "-".to_string(),
    };
    println!(
        "{:<38} {:>9} {:>9} {:>9} {:>13} {:>13}",
        "tool", "median s", "cpu s", "peak MiB", "time / irkit", "peak / irkit"
    );
    for (t, st) in tools.iter().zip(&stats) {
        println!(
            "{:<38} {:>9} {:>9} {:>9} {:>13} {:>13}",
            t.label,
            cell(st.wall, 3),
            cell(st.cpu, 2),
            cell(st.mib, 1),
            ratio(st.wall, irkit.wall),
            ratio(st.mib, irkit.mib)
        );
        if let Some(why) = &t.failed {
            println!("  {} failed: {why}", t.label);
        }
    }
    let single = tools
        .iter()
        .zip(&stats)
        .find(|(t, _)| t.args.contains(&"--mlir-disable-threading"))
        .map_or(none, |(_, s)| *s);
    if let (Some(ms), Some(is)) = (single.wall, irkit.wall) {
        let by_cpu = match (single.cpu, irkit.cpu) {
            (Some(mc), Some(ic)) if ic > 0.0 => format!(" ({:.2}x by CPU time)", mc / ic),
            _ => String::new(),
        };
        println!(
            "bench ir: irkit opt is {:.2}x faster than single-threaded {reference}{by_cpu} (goal >= 2x)",
            ms / is
        );
    }
    if let (Some(mm), Some(im)) = (single.mib, irkit.mib) {
        println!(
            "bench ir: irkit opt peak memory is {:.2}x that of single-threaded {reference} (goal <= 1x)",
            im / mm
        );
    }
}

/// `load 11.4 on 2 cores`, from /proc/loadavg: wall times are only
/// comparable within one run, and noisy on a busy machine.
pub(crate) fn machine_load() -> String {
    let load = std::fs::read_to_string("/proc/loadavg").ok();
    let first = load
        .as_deref()
        .and_then(|l| l.split_whitespace().next())
        .unwrap_or("?");
    format!("load {first} on {} cores", proc::default_jobs())
}
