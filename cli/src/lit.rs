//! `irkit lit`: run lit-style file tests outside cargo.

use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use irkit_lit::runner::{self, Config, Outcome, Status, TestFile};
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Run lit-style file tests (RUN/CHECK lines), like LLVM's lit.
///
/// Directories are searched for `.td`, `.mlir`, `.test`, `.ll` and `.c` files
/// containing `RUN:` (skipping `Inputs/`). Each file's `RUN:` lines run in a
/// small internal shell (pipes, `not`, redirections, `;`/`&&`/`||`) with
/// `%s %S %p %t %T %%` substituted and `irkit`/`%irkit` resolving to this
/// binary and `FileCheck` to `irkit filecheck`. Prints a summary; exit 1 if
/// any test failed.
///
/// Input: test files or directories. Guide: docs/subcommands.md in the
/// irkit repository.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Test files or directories.
    #[arg(required = true)]
    pub paths: Vec<String>,
    /// Show the output of failing tests.
    #[arg(short, long)]
    pub verbose: bool,
    /// Print one line per test only for failures (and the summary).
    #[arg(short, long)]
    pub quiet: bool,
    /// Number of tests run at once (default: the number of CPUs).
    #[arg(short = 'j', long, value_name = "N")]
    pub workers: Option<usize>,
    /// Kill and fail a command that runs longer than SECS seconds.
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,
    /// Use this irkit binary instead of the running one.
    #[arg(long, value_name = "PATH")]
    pub irkit: Option<PathBuf>,
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let irkit = match args.irkit.clone().map_or_else(std::env::current_exe, Ok) {
        Ok(p) => p,
        Err(e) => {
            rep.error(&format!("cannot find the irkit binary: {e}"));
            return EXIT_USAGE;
        }
    };
    let paths: Vec<PathBuf> = args.paths.iter().map(PathBuf::from).collect();
    let tests = match runner::discover(&paths) {
        Ok(t) => t,
        Err(e) => {
            rep.error(&e);
            return EXIT_USAGE;
        }
    };
    let mut cfg = Config::new(irkit);
    cfg.timeout = args.timeout.map(std::time::Duration::from_secs);
    let workers = args
        .workers
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, tests.len().max(1));
    let start = Instant::now();
    println!("-- Testing: {} tests, {} workers --", tests.len(), workers);
    let results = run_all(&cfg, &tests, workers, &args);
    let _ = std::fs::remove_dir_all(&cfg.tmp_root);

    let failed: Vec<&(usize, Outcome)> =
        results.iter().filter(|r| r.1.status.is_failure()).collect();
    let mut out = std::io::stdout().lock();
    if !failed.is_empty() {
        let _ = writeln!(out, "********************");
        let _ = writeln!(out, "Failed Tests ({}):", failed.len());
        for (i, _) in &failed {
            let _ = writeln!(out, "  irkit :: {}", tests[*i].name);
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(
        out,
        "\nTesting Time: {:.2}s\n",
        start.elapsed().as_secs_f64()
    );
    let _ = writeln!(out, "Total Discovered Tests: {}", tests.len());
    let total = tests.len().max(1) as f64;
    // lit's summary: labels padded to the longest shown, counts aligned.
    let groups: Vec<(&str, usize)> = [
        (Status::Unsupported, "Unsupported"),
        (Status::Pass, "Passed"),
        (Status::FlakyPass, "Passed With Retry"),
        (Status::XFail, "Expectedly Failed"),
        (Status::Unresolved, "Unresolved"),
        (Status::XPass, "Unexpectedly Passed"),
        (Status::Fail, "Failed"),
    ]
    .into_iter()
    .map(|(status, label)| {
        let n = results.iter().filter(|r| r.1.status == status).count();
        (label, n)
    })
    .filter(|g| g.1 > 0)
    .collect();
    let label_w = groups.iter().map(|g| g.0.len()).max().unwrap_or(0);
    let count_w = groups
        .iter()
        .map(|g| g.1.to_string().len())
        .max()
        .unwrap_or(0);
    for (label, n) in groups {
        let _ = writeln!(
            out,
            "  {label:<label_w$}: {n:>count_w$} ({:.2}%)",
            n as f64 * 100.0 / total
        );
    }
    if failed.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAIL
    }
}

/// Runs the tests on `workers` threads, printing each result as it comes.
fn run_all(cfg: &Config, tests: &[TestFile], workers: usize, args: &Args) -> Vec<(usize, Outcome)> {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(tests.len()));
    std::thread::scope(|s| {
        for _ in 0..workers {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(test) = tests.get(i) else {
                    break;
                };
                let outcome = runner::run_test(cfg, test);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                print_result(test, &outcome, n, tests.len(), args);
                if let Ok(mut r) = results.lock() {
                    r.push((i, outcome));
                }
            });
        }
    });
    let mut r = results.into_inner().unwrap_or_default();
    r.sort_by_key(|x| x.0);
    r
}

fn print_result(test: &TestFile, outcome: &Outcome, n: usize, total: usize, args: &Args) {
    let status = outcome.status;
    if args.quiet && !status.is_failure() {
        return;
    }
    let mut out = std::io::stdout().lock();
    let (made, allowed) = outcome.attempts;
    let tries = if made > 1 {
        format!(", {made} of {allowed} attempts")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "{}: irkit :: {} ({n} of {total}{tries})",
        status.as_str(),
        test.name
    );
    if args.verbose && status.is_failure() {
        let bar = "*".repeat(20);
        let _ = writeln!(out, "{bar} TEST 'irkit :: {}' FAILED {bar}", test.name);
        if outcome.exit_code != 0 {
            let _ = writeln!(out, "Exit Code: {}\n", outcome.exit_code);
        }
        let _ = writeln!(out, "Command Output (stdout):\n--");
        let _ = write!(out, "{}", outcome.log);
        let _ = writeln!(out, "--\n\n{bar}");
    }
}
