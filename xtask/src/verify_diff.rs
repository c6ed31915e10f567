//! `cargo xtask verify-diff`: mutants of valid IR, accepted or rejected by
//! `irkit opt --mlir-compat=V` as by `mlir-opt-V`, and for the same reason,
//! for the release V of `--mlir` (19 or 22; mlir-opt-19 below stands for
//! mlir-opt-V).
//!
//! Bases are valid modules of the dialects irkit ships: the chunks of LLVM
//! V's own `mlir/test` files for them that mlir-opt-19 accepts with no pass
//! (`--source tests`, see `ir_compat::mlir_tests`), random func/arith/cf
//! modules (`generated`), or the real-IR corpus of `ir-compat` for V
//! (`corpus`, LLVM dialect; files under 256 KiB). Each base is printed in
//! generic form by mlir-opt-19; a base is used only when irkit parses that
//! text and prints it back byte for byte and accepts it, so every difference
//! below is about the mutation.
//!
//! A mutant is one structural change made on irkit's in-memory IR
//! ([`mutate`]) and printed in generic form. Both tools read it; they agree
//! when both accept it, or both reject it — and the rejection *names the same
//! rule* when the first error's message (the text after `error: `) is the
//! same. Disagreements are written under `target/verify-diff/` with both
//! tools' stderr.

mod mutate;

use crate::ir_compat::{custom_gen, mlir_tests, num_opt, proc};
use crate::llvm_src;
use crate::mlir_release::MlirRelease;
use crate::util::{self, Rng};
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

const HELP: &str = "\
usage: cargo xtask verify-diff [options]

Mutates valid IR (one value type, operand, attribute/property, terminator,
region or block argument changed) and compares whether `irkit opt` and
mlir-opt-V accept each mutant, and when both reject it, whether the first
error says the same thing.

Options:
  --mlir V         the MLIR release to match, 19 (default) or 22: the reference is
                   mlir-opt-V, the bases LLVM V's tests and V's corpus, and irkit
                   runs with --mlir-compat=V
  --source LIST    bases: tests (LLVM V's mlir/test chunks of the dialects irkit
                   ships), generated (random func/arith/cf modules), corpus (the
                   ir-compat real-IR corpus of V, LLVM dialect; build it with
                   `cargo xtask ir-compat --mlir V --build-only`); default tests,generated
  --mutants N      mutants in all (default 4000)
  --generated N    generated bases (default 200)
  --seed S         seed of the generated bases and the mutations (default 1)
  --filter S       only bases whose name contains S
  --jobs J         parallel jobs (default: number of cores)
  --irkit PATH     irkit binary (default: build it in release mode)
  --timeout SECS   per command (default 60)
  --show N         print the first N disagreements of each kind (default 5)
  --min-agree P    fail unless accept/reject agreement is at least P percent
  --min-same P     fail unless, of the mutants both reject, at least P percent
                   get the same first error
";

struct Base {
    name: String,
    unregistered: bool,
    text: String,
}

/// A base both tools accept, in mlir-opt-19's generic print.
struct Ready {
    name: String,
    unregistered: bool,
    generic: String,
}

#[derive(Default)]
struct BaseCounts {
    total: usize,
    rejected_by_reference: usize,
    other_dialects: usize,
    not_reproduced: usize,
    rejected_by_irkit: usize,
}

struct Job {
    base: usize,
    seed: u64,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Verdict {
    BothAccept,
    BothRejectSame,
    BothRejectOther,
    OnlyIrkitRejects,
    OnlyReferenceRejects,
}

struct Outcome {
    kind: usize,
    verdict: Verdict,
    detail: String,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{HELP}");
        return Ok(());
    }
    let release = MlirRelease::from_args(args)?;
    let reference = release.opt_name();
    let mlir_opt = release.mlir_opt()?;
    let irkit = crate::ir_compat::irkit_binary(args)?;
    let sources = util::opt_value(args, "--source").unwrap_or("tests,generated");
    let mutants = num_opt(args, "--mutants")?.unwrap_or(4000);
    let generated = num_opt(args, "--generated")?.unwrap_or(200);
    let seed = num_opt(args, "--seed")?.unwrap_or(1) as u64;
    let jobs = num_opt(args, "--jobs")?
        .unwrap_or_else(proc::default_jobs)
        .max(1);
    let timeout = Duration::from_secs(num_opt(args, "--timeout")?.unwrap_or(60) as u64);
    let show = num_opt(args, "--show")?.unwrap_or(5);
    let filter = util::opt_value(args, "--filter");
    let min_agree: Option<f64> = util::opt_value(args, "--min-agree")
        .map(|v| {
            v.parse()
                .map_err(|_| format!("--min-agree expects a percentage, got '{v}'"))
        })
        .transpose()?;
    let min_same: Option<f64> = util::opt_value(args, "--min-same")
        .map(|v| {
            v.parse()
                .map_err(|_| format!("--min-same expects a percentage, got '{v}'"))
        })
        .transpose()?;

    let mut bases = Vec::new();
    let mut allow_llvm = false;
    for s in sources.split(',').filter(|s| !s.is_empty()) {
        match s {
            "tests" => bases.extend(test_bases(release)?),
            "generated" => bases.extend((0..generated).map(|i| Base {
                name: format!("generated#{}", seed + i as u64),
                unregistered: false,
                text: custom_gen::module(seed + i as u64),
            })),
            "corpus" => {
                allow_llvm = true;
                bases.extend(corpus_bases(args, release)?);
            }
            other => return Err(format!("unknown --source '{other}'\n{HELP}")),
        }
    }
    if let Some(f) = filter {
        bases.retain(|b| b.name.contains(f));
    }
    let work = release.target_dir("verify-diff");
    let _ = fs::remove_dir_all(&work);
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let start = Instant::now();

    // Phase 1: the bases both tools accept and irkit reproduces.
    let prepared = proc::par_map(&bases, jobs, |b| {
        prepare(release, (&mlir_opt, &irkit), &work, b, allow_llvm, timeout)
    });
    let mut counts = BaseCounts {
        total: bases.len(),
        ..BaseCounts::default()
    };
    let mut ready = Vec::new();
    for p in prepared {
        match p? {
            Prepared::Ready(r) => ready.push(r),
            Prepared::RejectedByReference => counts.rejected_by_reference += 1,
            Prepared::OtherDialects => counts.other_dialects += 1,
            Prepared::NotReproduced => counts.not_reproduced += 1,
            Prepared::RejectedByIrkit => counts.rejected_by_irkit += 1,
        }
    }
    println!(
        "verify-diff: {} bases ({sources}); usable {} (rejected by {reference} {}, other dialects {}, \
         generic print not reproduced by irkit {}, rejected by irkit {})",
        counts.total,
        ready.len(),
        counts.rejected_by_reference,
        counts.other_dialects,
        counts.not_reproduced,
        counts.rejected_by_irkit
    );
    if ready.is_empty() {
        return Err("verify-diff: no usable base".into());
    }

    // Phase 2: mutants, spread evenly over the bases.
    let jobs_list: Vec<Job> = (0..mutants)
        .map(|i| Job {
            base: i % ready.len(),
            seed: seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(i as u64),
        })
        .collect();
    let results = proc::par_map(&jobs_list, jobs, |j| {
        check_mutant(
            release,
            (&mlir_opt, &irkit),
            &work,
            &ready[j.base],
            j.seed,
            timeout,
        )
    });
    let mut outcomes = Vec::new();
    for r in results {
        if let Some(o) = r? {
            outcomes.push(o);
        }
    }
    report(reference, &outcomes, show, start.elapsed());
    let list = work.join("disagreements.txt");
    let text: String = outcomes
        .iter()
        .filter(|o| o.verdict != Verdict::BothAccept && o.verdict != Verdict::BothRejectSame)
        .map(|o| o.detail.as_str())
        .collect();
    fs::write(&list, text).map_err(|e| format!("cannot write {}: {e}", list.display()))?;
    let agree = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o.verdict,
                Verdict::BothAccept | Verdict::BothRejectSame | Verdict::BothRejectOther
            )
        })
        .count();
    let pct = 100.0 * agree as f64 / outcomes.len().max(1) as f64;
    println!(
        "verify-diff: every disagreement is listed in {} (mutants beside it)",
        list.display()
    );
    let both_reject = outcomes
        .iter()
        .filter(|o| {
            matches!(
                o.verdict,
                Verdict::BothRejectSame | Verdict::BothRejectOther
            )
        })
        .count();
    let same = outcomes
        .iter()
        .filter(|o| o.verdict == Verdict::BothRejectSame)
        .count();
    let same_pct = 100.0 * same as f64 / both_reject.max(1) as f64;
    match (min_agree, min_same) {
        (Some(min), _) if pct < min => Err(format!(
            "verify-diff: accept/reject agreement {pct:.1}% is below --min-agree {min}"
        )),
        (_, Some(min)) if same_pct < min => Err(format!(
            "verify-diff: same first error {same_pct:.1}% is below --min-same {min}"
        )),
        _ => Ok(()),
    }
}

/// MLIR V's test chunks with no expected diagnostics (whether mlir-opt-V
/// accepts them with no pass is checked when they are prepared).
fn test_bases(release: MlirRelease) -> Result<Vec<Base>, String> {
    let src = llvm_src::ensure(release.number())?;
    let (_, chunks) = mlir_tests::collect_chunks(&src.root.join("mlir/test"), None)?;
    Ok(chunks
        .into_iter()
        .filter(|c| !mlir_tests::has_expectations(&c.text))
        .map(|c| Base {
            name: c.name,
            unregistered: c.flags.unregistered,
            text: c.text,
        })
        .collect())
}

/// The ir-compat corpus files of V under 256 KiB (mlir-opt-V's generic
/// prints of imported C).
fn corpus_bases(args: &[String], release: MlirRelease) -> Result<Vec<Base>, String> {
    let dir = crate::ir_compat::corpus_dir(args, release);
    let mut out = Vec::new();
    let mut stack = vec![dir.clone()];
    while let Some(d) = stack.pop() {
        let Ok(rd) = fs::read_dir(&d) else { continue };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "mlir")
                && fs::metadata(&p).is_ok_and(|m| m.len() < 256 * 1024)
            {
                let text = fs::read_to_string(&p)
                    .map_err(|e| format!("cannot read {}: {e}", p.display()))?;
                let name = p.strip_prefix(&dir).unwrap_or(&p).display().to_string();
                out.push(Base {
                    name,
                    unregistered: false,
                    text,
                });
            }
        }
    }
    if out.is_empty() {
        return Err(format!(
            "no corpus file under {} (build it with `cargo xtask ir-compat --mlir {} --build-only`)",
            dir.display(),
            release.number()
        ));
    }
    Ok(out)
}

enum Prepared {
    Ready(Ready),
    RejectedByReference,
    OtherDialects,
    NotReproduced,
    RejectedByIrkit,
}

fn stem(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// `mlir-opt-V` (`irkit` `None`) or `irkit opt --mlir-compat=V`.
fn tool(program: &Path, irkit: Option<MlirRelease>, unregistered: bool) -> Command {
    let mut c = Command::new(program);
    if let Some(release) = irkit {
        c.args(["opt", release.compat_arg(), "--diagnostics", "plain"]);
    }
    if unregistered {
        c.arg("--allow-unregistered-dialect");
    }
    c
}

fn prepare(
    release: MlirRelease,
    (mlir_opt, irkit): (&Path, &Path),
    work: &Path,
    b: &Base,
    allow_llvm: bool,
    timeout: Duration,
) -> Result<Prepared, String> {
    let input = work.join(format!("{}.base.mlir", stem(&b.name)));
    fs::write(&input, &b.text).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let mut c = tool(mlir_opt, None, b.unregistered);
    c.arg("--mlir-print-op-generic").arg(&input);
    let r = proc::capture(c, timeout)?;
    let _ = fs::remove_file(&input);
    let Some(generic) = r.out else {
        return Ok(Prepared::RejectedByReference);
    };
    let shipped = |d: &String| {
        mlir_tests::IRKIT_DIALECTS.contains(&d.as_str()) || (allow_llvm && d == "llvm")
    };
    if !mlir_tests::op_dialects(&generic).iter().all(shipped) {
        return Ok(Prepared::OtherDialects);
    }
    let Ok(generic) = String::from_utf8(generic) else {
        return Ok(Prepared::NotReproduced);
    };
    match parse(&generic) {
        Some(m)
            if irkit_ir::print_module(&m, irkit_ir::PrintOptions::default())
                == generic.as_bytes() => {}
        _ => return Ok(Prepared::NotReproduced),
    }
    let file = work.join(format!("{}.generic.mlir", stem(&b.name)));
    fs::write(&file, &generic).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut c = tool(irkit, Some(release), b.unregistered);
    c.arg(&file).args(["-o", "/dev/null"]);
    let ok = proc::capture(c, timeout)?.out.is_some();
    let _ = fs::remove_file(&file);
    Ok(if ok {
        Prepared::Ready(Ready {
            name: b.name.clone(),
            unregistered: b.unregistered,
            generic,
        })
    } else {
        Prepared::RejectedByIrkit
    })
}

fn parse(text: &str) -> Option<irkit_ir::Module> {
    let mut map = irkit_diag::SourceMap::new();
    let file = map.add("base.mlir", text.to_string());
    let cfg = irkit_ir::ParseConfig {
        loc_file_name: "base.mlir".to_string(),
        line_offset: 0,
    };
    irkit_ir::parse(map.file(file).text(), file, &cfg).ok()
}

/// The first error's message, without its location.
fn first_error(stderr: &str) -> String {
    stderr
        .lines()
        .find_map(|l| l.split_once(": error: ").map(|(_, m)| m.trim().to_string()))
        .unwrap_or_else(|| stderr.lines().next().unwrap_or("").trim().to_string())
}

fn check_mutant(
    release: MlirRelease,
    (mlir_opt, irkit): (&Path, &Path),
    work: &Path,
    base: &Ready,
    seed: u64,
    timeout: Duration,
) -> Result<Option<Outcome>, String> {
    let Some(mut m) = parse(&base.generic) else {
        return Ok(None);
    };
    let mut rng = Rng::new(seed);
    let Some((kind, desc)) = mutate::mutate(&mut m, &mut rng) else {
        return Ok(None);
    };
    let text = irkit_ir::print_module(&m, irkit_ir::PrintOptions::default());
    if text == base.generic.as_bytes() {
        return Ok(None);
    }
    let file = work.join(format!("{}.{seed:016x}.mlir", stem(&base.name)));
    fs::write(&file, &text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let mut c = tool(mlir_opt, None, base.unregistered);
    c.arg(&file).args(["-o", "/dev/null"]);
    let reference = proc::capture(c, timeout)?;
    let mut c = tool(irkit, Some(release), base.unregistered);
    c.arg(&file).args(["-o", "/dev/null"]);
    let ours = proc::capture(c, timeout)?;
    let (want, got) = (first_error(&reference.err), first_error(&ours.err));
    let verdict = match (reference.out.is_some(), ours.out.is_some()) {
        (true, true) => Verdict::BothAccept,
        (false, false) if want == got => Verdict::BothRejectSame,
        (false, false) => Verdict::BothRejectOther,
        (true, false) => Verdict::OnlyIrkitRejects,
        (false, true) => Verdict::OnlyReferenceRejects,
    };
    let mut detail = format!("{} [{}] {desc}\n", base.name, mutate::KINDS[kind]);
    if verdict == Verdict::BothAccept || verdict == Verdict::BothRejectSame {
        let _ = fs::remove_file(&file);
    } else {
        let _ = writeln!(detail, "  mutant:      {}", file.display());
        let _ = writeln!(
            detail,
            "  {}: {}",
            release.opt_name(),
            if reference.out.is_some() {
                "accepted".into()
            } else {
                want
            }
        );
        let _ = writeln!(
            detail,
            "  irkit:       {}",
            if ours.out.is_some() {
                "accepted".into()
            } else {
                got
            }
        );
    }
    Ok(Some(Outcome {
        kind,
        verdict,
        detail,
    }))
}

fn report(reference: &str, outcomes: &[Outcome], show: usize, elapsed: Duration) {
    let n = outcomes.len();
    let count = |v: Verdict| outcomes.iter().filter(|o| o.verdict == v).count();
    let accept = count(Verdict::BothAccept);
    let same = count(Verdict::BothRejectSame);
    let other = count(Verdict::BothRejectOther);
    let only_ours = count(Verdict::OnlyIrkitRejects);
    let only_ref = count(Verdict::OnlyReferenceRejects);
    println!(
        "  {:<16} {:>7} {:>8} {:>10} {:>10} {:>12} {:>12}",
        "mutation", "mutants", "accepted", "same rule", "other rule", "only irkit", "only mlir"
    );
    println!(
        "  {:<16} {:>7} {:>8} {:>10} {:>10} {:>12} {:>12}",
        "", "", "(both)", "(both rej.)", "(both rej.)", "rejects", "rejects"
    );
    for (k, name) in mutate::KINDS.iter().enumerate() {
        let of = |v: Verdict| {
            outcomes
                .iter()
                .filter(|o| o.kind == k && o.verdict == v)
                .count()
        };
        let total = outcomes.iter().filter(|o| o.kind == k).count();
        println!(
            "  {:<16} {:>7} {:>8} {:>10} {:>10} {:>12} {:>12}",
            name,
            total,
            of(Verdict::BothAccept),
            of(Verdict::BothRejectSame),
            of(Verdict::BothRejectOther),
            of(Verdict::OnlyIrkitRejects),
            of(Verdict::OnlyReferenceRejects)
        );
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    let agree = accept + same + other;
    println!(
        "verify-diff: {n} mutants in {:.1} s; accept/reject agree {agree} / {n} ({:.1}%): \
         both accept {accept}, both reject {}; of those, same first error {same} / {} ({:.1}%); \
         only irkit rejects {only_ours}, only {reference} rejects {only_ref}",
        elapsed.as_secs_f64(),
        pct(agree, n),
        same + other,
        same + other,
        pct(same, same + other)
    );
    for (label, v) in [
        (
            format!("only {reference} rejects (irkit too lenient)"),
            Verdict::OnlyReferenceRejects,
        ),
        (
            "only irkit rejects (irkit too strict)".to_string(),
            Verdict::OnlyIrkitRejects,
        ),
        (
            "both reject, different first error".to_string(),
            Verdict::BothRejectOther,
        ),
    ] {
        let items: Vec<&Outcome> = outcomes.iter().filter(|o| o.verdict == v).collect();
        if items.is_empty() || show == 0 {
            continue;
        }
        println!("-- {label}: {}", items.len());
        for o in items.iter().take(show) {
            print!("{}", o.detail);
        }
    }
}
