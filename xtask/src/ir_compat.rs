//! `cargo xtask ir-compat`: `irkit opt` and `irkit verify` against
//! mlir-opt-V on a corpus of real IR (see [`corpus`]), for the MLIR release
//! V that `--mlir` names (19 or 22, see [`MlirRelease`]).
//!
//! Each corpus file is mlir-opt-V's generic print of imported LLVM IR, so it
//! is both the input and the expected output: `irkit opt --mlir-compat=V
//! FILE` must print it byte for byte, and `irkit verify --mlir-compat=V FILE`
//! must exit 0.

pub mod corpus;
pub mod custom;
pub mod custom_gen;
pub mod diff;
pub mod llvm_custom;
pub mod mlir_tests;
pub mod proc;

use crate::mlir_release::MlirRelease;
use crate::util;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const USAGE: &str = "\
usage: cargo xtask ir-compat [options]

Builds (and caches) a corpus of generic MLIR from C sources bundled in crates.io
-sys/-src crates (clang-V -O0/-O2 -> mlir-translate-V --import-llvm ->
mlir-opt-V --mlir-print-op-generic), then checks that `irkit opt FILE` prints
each file byte-identically and that `irkit verify FILE` accepts it.

  --mlir V             the MLIR release to match, 19 (default) or 22: the reference
                       tools are clang-V, mlir-translate-V and mlir-opt-V, MLIR's
                       tests are LLVM V's, irkit runs with --mlir-compat=V, and each
                       release has its own folders (target/ir-corpus at 19,
                       target/ir-corpus-22 at 22; likewise the other caches)

Options:
  --corpus DIR         corpus folder (default target/ir-corpus, at 22 target/ir-corpus-22)
  --quick              the CI subset (sqlite, zlib, bzip2, lz4)
  --jobs J             parallel jobs (default: number of cores)
  --filter S           only corpus files whose name contains S (e.g. zlib/, .O2)
  --max-files N        at most N corpus files (in name order)
  --irkit PATH         irkit binary to test (default: build it in release mode)
  --mlir-opt-as-irkit  test mlir-opt-V itself in place of irkit (harness self-check)
  --timeout SECS       per file and command (default 120; corpus build steps: 10x)
  --show N             details for the first N failures of each kind (default 5)
  --build-only         build the corpus and stop
  --list               build the corpus, print `BYTES<TAB>PATH` per file and stop

Custom syntax (`--custom`): instead of the corpus, compares `irkit opt` with
mlir-opt-V's default (custom) output, the generic output, and the two round
trips, on testdata/ir-custom, `--dir DIR` (every .mlir below it) and generated
modules (chunks mlir-opt-V rejects are counted and left out):
  --custom             run the custom-syntax check
  --dir DIR            also every .mlir file under DIR (split at `// -----`)
  --generated N        random func/arith/cf modules (default 100)
  --seed S             their seed (default 1)

The corpus in custom form (`--llvm-custom`): each corpus file printed by
mlir-opt-V in its default syntax (what mlir-translate-V writes; cached in
target/ir-corpus-custom/, at 22 target/ir-corpus-custom-22/), read by
`irkit opt` and compared byte for byte with itself, its generic print with
the corpus file, and the custom -> generic -> custom round trip; figures per
file (lines identical):
  --llvm-custom        run this check (with --quick, --filter, --max-files)

MLIR's own tests (`--mlir-tests`): every .mlir of LLVM V's mlir/test/Dialect/
{Builtin,Func,Arith,Math,ControlFlow,SCF,MemRef,Index} and mlir/test/IR (fetched
by `cargo xtask llvm-src`), split as their RUN lines say and run with no pass:
chunks mlir-opt-V accepts are compared as --custom does, chunks whose
expected-* diagnostics mlir-opt-V reproduces are checked with irkit opt
--verify-diagnostics; figures per folder, regressions against
testdata/ir-custom/mlir-tests-V.manifest:
  --mlir-tests         run this check (--filter S: only chunks whose name has S)
  --bless              rewrite the manifest
";

const VALUE_OPTS: &[&str] = &[
    "--mlir",
    "--corpus",
    "--jobs",
    "--filter",
    "--max-files",
    "--irkit",
    "--timeout",
    "--show",
    "--dir",
    "--generated",
    "--seed",
];
const FLAGS: &[&str] = &[
    "--list",
    "--quick",
    "--mlir-opt-as-irkit",
    "--build-only",
    "--custom",
    "--llvm-custom",
    "--mlir-tests",
    "--bless",
    "--help",
    "-h",
];

/// Checks that every argument is a known option; shared with `bench ir`.
pub fn check_args(
    args: &[String],
    value_opts: &[&str],
    flags: &[&str],
    usage: &str,
) -> Result<(), String> {
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let name = a.split_once('=').map_or(a.as_str(), |(n, _)| n);
        if value_opts.contains(&name) {
            if !a.contains('=') && it.next().is_none() {
                return Err(format!("option {a} needs a value\n\n{usage}"));
            }
        } else if !flags.contains(&a.as_str()) {
            return Err(format!("unknown argument '{a}'\n\n{usage}"));
        }
    }
    Ok(())
}

/// Parses `--name N` as a number.
pub fn num_opt(args: &[String], name: &str) -> Result<Option<usize>, String> {
    util::opt_value(args, name)
        .map(|v| {
            v.parse()
                .map_err(|_| format!("{name} expects a number, got '{v}'"))
        })
        .transpose()
}

/// The corpus folder: `--corpus DIR`, or the release's `target/ir-corpus`
/// (`target/ir-corpus-22` at 22).
pub fn corpus_dir(args: &[String], release: MlirRelease) -> PathBuf {
    util::opt_value(args, "--corpus").map_or_else(|| release.target_dir("ir-corpus"), PathBuf::from)
}

/// The irkit binary: `--irkit PATH` or a fresh release build.
pub fn irkit_binary(args: &[String]) -> Result<PathBuf, String> {
    let path = match util::opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => util::build_irkit()?,
    };
    if !path.is_file() {
        return Err(format!("irkit binary not found at {}", path.display()));
    }
    Ok(path)
}

/// `irkit opt --mlir-compat=V` (with `V` the release compared with).
pub fn irkit_opt(irkit: &Path, release: MlirRelease) -> Command {
    let mut c = Command::new(irkit);
    c.args(["opt", release.compat_arg()]);
    c
}

/// The program under test.
pub enum Subject {
    Irkit(PathBuf, MlirRelease),
    /// mlir-opt-V standing in for irkit, to check the harness itself.
    MlirOpt(PathBuf, MlirRelease),
}

impl Subject {
    /// `--irkit PATH`, `--mlir-opt-as-irkit`, or a fresh release build.
    pub fn from_args(args: &[String], release: MlirRelease) -> Result<Subject, String> {
        if util::has_flag(args, "--mlir-opt-as-irkit") {
            return Ok(Subject::MlirOpt(release.mlir_opt()?, release));
        }
        Ok(Subject::Irkit(irkit_binary(args)?, release))
    }

    pub fn label(&self) -> String {
        match self {
            Subject::Irkit(..) => "irkit opt".to_string(),
            Subject::MlirOpt(_, r) => format!("{} standing in for irkit opt", r.opt_name()),
        }
    }

    /// The reference's name, as diffs label the expected side.
    pub fn reference(&self) -> &'static str {
        match self {
            Subject::Irkit(_, r) | Subject::MlirOpt(_, r) => r.opt_name(),
        }
    }

    /// `irkit opt --mlir-print-op-generic FILE` (prints to stdout).
    pub fn opt(&self, file: &Path) -> Command {
        match self {
            Subject::Irkit(p, r) => {
                let mut c = irkit_opt(p, *r);
                c.arg("--mlir-print-op-generic").arg(file);
                c
            }
            Subject::MlirOpt(p, _) => {
                let mut c = Command::new(p);
                c.args(["--allow-unregistered-dialect", "--mlir-print-op-generic"])
                    .arg(file);
                c
            }
        }
    }

    /// `irkit verify FILE`.
    pub fn verify(&self, file: &Path) -> Command {
        match self {
            Subject::Irkit(p, r) => {
                let mut c = Command::new(p);
                c.args(["verify", r.compat_arg()]).arg(file);
                c
            }
            Subject::MlirOpt(p, _) => {
                let mut c = Command::new(p);
                c.args(["--allow-unregistered-dialect", "-o", "/dev/null"])
                    .arg(file);
                c
            }
        }
    }
}

enum OptResult {
    Identical,
    Differs(String),
    /// Did not run to a successful exit: reason and error output excerpt.
    Failed(String),
}

enum VerifyResult {
    Accepted,
    Rejected(String),
}

struct Checked {
    opt: OptResult,
    verify: VerifyResult,
    /// Whether printing irkit's output again gives the same text (`None`
    /// when irkit printed nothing).
    round_trip: Option<bool>,
    opt_time: Duration,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{USAGE}");
        return Ok(());
    }
    check_args(args, VALUE_OPTS, FLAGS, USAGE)?;
    let release = MlirRelease::from_args(args)?;
    let jobs = num_opt(args, "--jobs")?
        .unwrap_or_else(proc::default_jobs)
        .max(1);
    let timeout = Duration::from_secs(num_opt(args, "--timeout")?.unwrap_or(120) as u64);
    let show = num_opt(args, "--show")?.unwrap_or(5);
    if util::has_flag(args, "--mlir-tests") {
        return mlir_tests::run(args, release, timeout, show);
    }
    if util::has_flag(args, "--custom") {
        return custom::run(args, release, timeout, show);
    }
    if util::has_flag(args, "--llvm-custom") {
        return llvm_custom::run(args, release, jobs, timeout, show);
    }
    let dir = corpus_dir(args, release);
    let sel = corpus::Select {
        release,
        dir: &dir,
        quick: util::has_flag(args, "--quick"),
        filter: util::opt_value(args, "--filter"),
        max_files: num_opt(args, "--max-files")?,
        jobs,
        timeout: timeout * 10,
    };
    let corpus = corpus::build(&sel)?;
    println!(
        "ir-compat: corpus {} ({}; {} built in {:.1} s)",
        corpus.summary(),
        release.pipeline(),
        corpus.built,
        corpus.build_time.as_secs_f64()
    );
    for f in corpus.failures.iter().take(show) {
        let mut lines = f.message.lines();
        let why = lines.next().unwrap_or("");
        let detail: String = lines.next().unwrap_or("").chars().take(160).collect();
        println!("  left out {} ({}): {why}: {detail}", f.name, f.stage);
    }
    if corpus.entries.is_empty() {
        return Err("the corpus is empty (check --filter/--quick, and the messages above)".into());
    }
    if util::has_flag(args, "--list") {
        for e in &corpus.entries {
            println!("{}\t{}", e.bytes, e.path.display());
        }
    }
    if util::has_flag(args, "--build-only") || util::has_flag(args, "--list") {
        return Ok(());
    }

    let subject = Subject::from_args(args, release)?;
    let out_dir = dir.join("out");
    fs::create_dir_all(&out_dir)
        .map_err(|e| format!("cannot create {}: {e}", out_dir.display()))?;
    // Largest first: the big files start early and the workers finish together.
    let mut order: Vec<&corpus::Entry> = corpus.entries.iter().collect();
    order.sort_by_key(|e| std::cmp::Reverse(e.bytes));
    let start = Instant::now();
    let results = proc::par_map(&order, jobs, |e| check_one(&subject, e, &out_dir, timeout));
    let wall = start.elapsed();
    let mut rows: Vec<(&corpus::Entry, Checked)> = order.into_iter().zip(results).collect();
    rows.sort_by(|a, b| a.0.name.cmp(&b.0.name));
    report(&subject, &rows, show, wall, timeout)
}

fn check_one(
    subject: &Subject,
    entry: &corpus::Entry,
    out_dir: &Path,
    timeout: Duration,
) -> Checked {
    let flat = entry.name.replace('/', "__");
    let out_path = out_dir.join(format!("{flat}.out"));
    let err_path = out_dir.join(format!("{flat}.stderr"));
    let (opt, opt_time) =
        match run_to_files(&mut subject.opt(&entry.path), &out_path, &err_path, timeout) {
            Err(e) => (OptResult::Failed(e), Duration::ZERO),
            Ok(outcome) if !outcome.success() => (
                OptResult::Failed(failure_text(&outcome, &err_path, timeout)),
                outcome.wall,
            ),
            Ok(outcome) => {
                let res = match (fs::read(&entry.path), fs::read(&out_path)) {
                    (Ok(want), Ok(got)) => {
                        match diff::first_difference(
                            &want,
                            &got,
                            subject.reference(),
                            &subject.label(),
                        ) {
                            None => OptResult::Identical,
                            Some(d) => OptResult::Differs(d),
                        }
                    }
                    (Err(e), _) | (_, Err(e)) => {
                        OptResult::Failed(format!("cannot read outputs: {e}"))
                    }
                };
                (res, outcome.wall)
            }
        };
    // Round trip: print(parse(print(parse(x)))) == print(parse(x)). It holds
    // when the first print is identical to x (x is a fixed point of mlir-opt);
    // otherwise irkit's own output is printed once more and compared.
    let round_trip = match &opt {
        OptResult::Identical => Some(true),
        OptResult::Failed(_) => None,
        OptResult::Differs(_) => {
            let again = out_dir.join(format!("{flat}.again"));
            let stable = run_to_files(&mut subject.opt(&out_path), &again, &err_path, timeout)
                .is_ok_and(|o| o.success())
                && matches!((fs::read(&out_path), fs::read(&again)), (Ok(a), Ok(b)) if a == b);
            let _ = fs::remove_file(&again);
            Some(stable)
        }
    };
    // Keep the output of a differing file for inspection; drop the rest.
    if matches!(opt, OptResult::Identical) {
        let _ = fs::remove_file(&out_path);
    }
    let verify = match run_to_files(
        &mut subject.verify(&entry.path),
        Path::new("/dev/null"),
        &err_path,
        timeout,
    ) {
        Err(e) => VerifyResult::Rejected(e),
        Ok(outcome) if outcome.success() => VerifyResult::Accepted,
        Ok(outcome) => VerifyResult::Rejected(failure_text(&outcome, &err_path, timeout)),
    };
    let _ = fs::remove_file(&err_path);
    Checked {
        opt,
        verify,
        round_trip,
        opt_time,
    }
}

fn run_to_files(
    cmd: &mut Command,
    out: &Path,
    err: &Path,
    timeout: Duration,
) -> Result<proc::Outcome, String> {
    let o = fs::File::create(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let e = fs::File::create(err).map_err(|e| format!("cannot create {}: {e}", err.display()))?;
    proc::run(cmd, Stdio::from(o), Stdio::from(e), timeout, false)
}

/// `exit status 2: irkit opt: not implemented yet` (first lines of stderr).
fn failure_text(outcome: &proc::Outcome, err_path: &Path, timeout: Duration) -> String {
    let text = fs::read_to_string(err_path).unwrap_or_default();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .take(3)
        .collect();
    match lines.as_slice() {
        [] => outcome.describe(timeout),
        [one] => format!("{}: {one}", outcome.describe(timeout)),
        many => format!(
            "{}:\n    {}",
            outcome.describe(timeout),
            many.join("\n    ")
        ),
    }
}

fn report(
    subject: &Subject,
    rows: &[(&corpus::Entry, Checked)],
    show: usize,
    wall: Duration,
    timeout: Duration,
) -> Result<(), String> {
    let m = rows.len();
    let identical = rows
        .iter()
        .filter(|(_, c)| matches!(c.opt, OptResult::Identical))
        .count();
    let differ = rows
        .iter()
        .filter(|(_, c)| matches!(c.opt, OptResult::Differs(_)))
        .count();
    let failed = m - identical - differ;
    let accepted = rows
        .iter()
        .filter(|(_, c)| matches!(c.verify, VerifyResult::Accepted))
        .count();
    let opt_total: f64 = rows.iter().map(|(_, c)| c.opt_time.as_secs_f64()).sum();

    let mut out = String::new();
    let mut shown = 0;
    for (e, c) in rows {
        if let OptResult::Differs(d) = &c.opt {
            if shown < show {
                shown += 1;
                let _ = writeln!(out, "{} differs:", e.name);
                for l in d.lines() {
                    let _ = writeln!(out, "  {l}");
                }
            }
        }
    }
    let opt_failures = group(rows.iter().filter_map(|(e, c)| match &c.opt {
        OptResult::Failed(why) => Some((e.name.as_str(), why.as_str())),
        OptResult::Identical | OptResult::Differs(_) => None,
    }));
    write_groups(
        &mut out,
        &format!("{} failed", subject.label()),
        &opt_failures,
        show,
    );
    let rejected = group(rows.iter().filter_map(|(e, c)| match &c.verify {
        VerifyResult::Rejected(why) => Some((e.name.as_str(), why.as_str())),
        VerifyResult::Accepted => None,
    }));
    write_groups(&mut out, "verify rejected", &rejected, show);
    print!("{out}");
    println!(
        "ir-compat: checked {m} files with {} in {:.1} s (opt runs {opt_total:.1} s in total, timeout {} s)",
        subject.label(),
        wall.as_secs_f64(),
        timeout.as_secs()
    );
    if let Some((e, c)) = rows.iter().max_by_key(|(_, c)| c.opt_time) {
        println!(
            "ir-compat: slowest opt run {} ({}): {:.2} s",
            e.name,
            corpus::mb(e.bytes),
            c.opt_time.as_secs_f64()
        );
    }
    println!("ir-compat: {differ} differ, {failed} did not print (failed or timed out)");
    println!("ir-compat: identical {identical} / {m}");
    println!("verify: accepted {accepted} / {m}");
    let printed = rows.iter().filter(|(_, c)| c.round_trip.is_some()).count();
    let stable = rows
        .iter()
        .filter(|(_, c)| c.round_trip == Some(true))
        .count();
    println!("round-trip: stable {stable} / {printed} (files printed)");
    if identical == m && accepted == m {
        Ok(())
    } else {
        Err(format!(
            "{} of {m} files not identical, {} of {m} rejected by verify",
            m - identical,
            m - accepted
        ))
    }
}

/// Failures grouped by reason, in first-seen order.
fn group<'a>(items: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<(&'a str, Vec<&'a str>)> {
    let mut groups: Vec<(&str, Vec<&str>)> = Vec::new();
    for (name, why) in items {
        match groups.iter_mut().find(|(w, _)| *w == why) {
            Some((_, names)) => names.push(name),
            None => groups.push((why, vec![name])),
        }
    }
    groups
}

fn write_groups(out: &mut String, what: &str, groups: &[(&str, Vec<&str>)], show: usize) {
    for (why, names) in groups.iter().take(show) {
        let mut list = names.iter().take(3).copied().collect::<Vec<_>>().join(", ");
        if names.len() > 3 {
            let _ = write!(list, ", … {} more", names.len() - 3);
        }
        let _ = writeln!(out, "{what} on {} file(s) ({list}): {why}", names.len());
    }
    if groups.len() > show {
        let _ = writeln!(
            out,
            "{what}: {} more distinct reasons not shown",
            groups.len() - show
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{check_args, num_opt, Subject};
    use crate::mlir_release::MlirRelease;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    fn argv(c: &Command) -> Vec<String> {
        c.get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn irkit_runs_at_the_release_compared_with() {
        let f = Path::new("f.mlir");
        let s = Subject::Irkit(PathBuf::from("irkit"), MlirRelease::V22);
        assert_eq!(
            argv(&s.opt(f)),
            [
                "opt",
                "--mlir-compat=22",
                "--mlir-print-op-generic",
                "f.mlir"
            ]
        );
        assert_eq!(argv(&s.verify(f)), ["verify", "--mlir-compat=22", "f.mlir"]);
        assert_eq!(s.reference(), "mlir-opt-22");
        let s = Subject::Irkit(PathBuf::from("irkit"), MlirRelease::V19);
        assert_eq!(argv(&s.verify(f)), ["verify", "--mlir-compat=19", "f.mlir"]);
        // mlir-opt standing in for irkit takes no irkit flag.
        let s = Subject::MlirOpt(PathBuf::from("mlir-opt-22"), MlirRelease::V22);
        assert!(!argv(&s.opt(f))
            .iter()
            .any(|a| a.starts_with("--mlir-compat")));
        assert_eq!(s.label(), "mlir-opt-22 standing in for irkit opt");
    }

    fn args(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn options_are_checked() {
        let ok = |v: &[&str]| check_args(&args(v), &["--jobs"], &["--quick"], "U").is_ok();
        assert!(ok(&["--jobs", "2", "--quick"]));
        assert!(ok(&["--jobs=2"]));
        assert!(!ok(&["--jobs"]));
        assert!(!ok(&["--quick", "extra"]));
        assert_eq!(num_opt(&args(&["--jobs", "3"]), "--jobs"), Ok(Some(3)));
        assert_eq!(num_opt(&args(&[]), "--jobs"), Ok(None));
        assert!(num_opt(&args(&["--jobs", "x"]), "--jobs").is_err());
    }
}
