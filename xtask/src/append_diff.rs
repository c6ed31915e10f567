//! `cargo xtask append-diff`: differential test of `let append` / `let prepend`.
//!
//! Each case is a random TableGen program (classes with template arguments,
//! single and multiple inheritance, defs, `foreach`, multiclass + `defm`,
//! nested top-level `let ... in` scopes with several items, fields of type
//! `list<int>`, `list<string>`, `string`, `code`, `dag`, `?` initial values,
//! fields named `append` / `prepend`) that uses `let append` / `let prepend`
//! everywhere a `let` may appear. The generator writes it twice
//! ([`gen`](append_diff::gen)):
//!
//! - sugared, as a user writes it, for `irkit tblgen`;
//! - desugared, for `llvm-tblgen-19`, with every append/prepend replaced by
//!   a plain `let` whose value is the `!listconcat` / `!strconcat` / `!con`
//!   that the spec prescribes, computed by this module's own model of the
//!   semantics ([`model`](append_diff::model)), never by irkit.
//!
//! # What must be identical
//!
//! The `Defs` section of `--print-records`, record by record: the `def`
//! line with its superclass comment, every field in order with its printed
//! type (`code` vs `string` follows the value, as in llvm-tblgen-19) and its
//! fully resolved value. Defs are what backends consume, and a def's value
//! does not depend on how its classes were written, so both spellings must
//! print the same bytes.
//!
//! The `Classes` section is not compared: a class body of the sugared file
//! holds `!listconcat(...)` where the desugared one holds whatever the model
//! wrote, and llvm-tblgen-19 keeps unresolved class values unfolded, so the
//! two may legitimately print differently. The tool still counts the cases
//! whose classes print identically too, as information for the
//! implementer (upstream folds each concatenation when the let applies, so
//! an implementation that does the same usually matches there as well).
//! Multiclasses print nothing.
//!
//! Cases are batched (default 100 per file, all names prefixed `K<case>_`)
//! and compared per case. When a tool rejects a whole batch, its cases are
//! re-run one file each, so a failure is charged to the cases that cause it.
//! Each differing case is written to `target/append-diff/case-<N>/`.
//!
//! `--reference-only` runs only llvm-tblgen-19 and counts the cases it
//! accepts twice: the desugared file, and the sugared file with the
//! `append` / `prepend` modifiers dropped (so every record, field, scope and
//! value of the program is valid TableGen apart from the feature under
//! test). This validates the generator before irkit supports the feature.

mod gen;
mod model;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use crate::util::{build_irkit, find_tool, has_flag, opt_value, workspace_root};

const HELP: &str = "\
cargo xtask append-diff [options]

Random class hierarchies using `let append` / `let prepend`: irkit tblgen on
the sugared file vs llvm-tblgen-19 on the desugared file, Defs compared.

Options:
  --count N          number of cases (default 5000)
  --seed S           seed (default 1); the same seed gives the same cases
  --jobs J           parallel tool runs (default: available cores)
  --batch B          cases per .td file (default 100)
  --irkit PATH       irkit binary (default: build target/release/irkit)
  --reference-only   only check that llvm-tblgen-19 accepts the desugared files
                     and the sugared files with the modifiers dropped
  --print-case N     print case N's sugared and desugared text and exit
";

#[derive(Clone, Copy)]
struct Config {
    count: usize,
    seed: u64,
    jobs: usize,
    batch: usize,
    reference_only: bool,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        print!("{HELP}");
        return Ok(());
    }
    let num = |name: &str, default: u64| -> Result<u64, String> {
        match opt_value(args, name) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("{name}: not a number: '{v}'")),
        }
    };
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let cfg = Config {
        count: num("--count", 5000)? as usize,
        seed: num("--seed", 1)?,
        jobs: num("--jobs", cores)?.max(1) as usize,
        batch: num("--batch", 100)?.max(1) as usize,
        reference_only: has_flag(args, "--reference-only"),
    };
    if let Some(n) = opt_value(args, "--print-case") {
        let id: usize = n
            .parse()
            .map_err(|_| format!("--print-case: not a number: '{n}'"))?;
        let (sugared, desugared) = case_files(cfg.seed, id);
        println!("// ---- sugared ----\n{sugared}// ---- desugared ----\n{desugared}");
        return Ok(());
    }

    let llvm = find_tool(&["llvm-tblgen-19", "llvm-tblgen"])?;
    let irkit = if cfg.reference_only {
        None
    } else {
        Some(match opt_value(args, "--irkit") {
            Some(p) => PathBuf::from(p),
            None => build_irkit()?,
        })
    };

    let out_dir = target_dir().join("append-diff");
    if out_dir.exists() {
        std::fs::remove_dir_all(&out_dir)
            .map_err(|e| format!("cannot clean {}: {e}", out_dir.display()))?;
    }
    let work = out_dir.join("work");
    std::fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;

    let start = Instant::now();
    let n_batches = cfg.count.div_ceil(cfg.batch);
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<CaseResult>> = Mutex::new(Vec::new());
    let tools = Tools {
        llvm: &llvm,
        irkit: irkit.as_deref(),
    };
    let errors: Mutex<Vec<String>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.min(n_batches.max(1)) {
            s.spawn(|| loop {
                let b = next.fetch_add(1, Ordering::Relaxed);
                if b >= n_batches {
                    break;
                }
                let lo = b * cfg.batch;
                let hi = (lo + cfg.batch).min(cfg.count);
                match run_batch(&cfg, &tools, &work, b, lo..hi) {
                    Ok(mut r) => results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .append(&mut r),
                    Err(e) => errors.lock().unwrap_or_else(|e| e.into_inner()).push(e),
                }
            });
        }
    });
    let errors = errors.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = errors.first() {
        return Err(e.clone());
    }
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|r| r.id);

    let bad: Vec<&CaseResult> = results.iter().filter(|r| !r.ok).collect();
    for r in &bad {
        write_case(&out_dir, cfg.seed, r)?;
    }
    let secs = start.elapsed().as_secs_f64();
    if cfg.reference_only {
        println!(
            "append-diff: reference accepted {} / {} (llvm-tblgen-19 on the desugared files, seed {}, {secs:.1}s)",
            results.len() - bad.len(),
            results.len(),
            cfg.seed
        );
    } else {
        let classes_same = results.iter().filter(|r| r.classes_same).count();
        println!(
            "append-diff: Classes section identical as well in {classes_same} / {} \
             (informational, not required)",
            results.len()
        );
        println!(
            "append-diff: differences {} / {} (seed {}, {secs:.1}s)",
            bad.len(),
            results.len(),
            cfg.seed
        );
    }
    if let Some(first) = bad.first() {
        println!(
            "append-diff: first failing case: {} (written to {})",
            first.id,
            out_dir.display()
        );
        return Err(format!("{} of {} cases failed", bad.len(), results.len()));
    }
    Ok(())
}

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map_or_else(|| workspace_root().join("target"), PathBuf::from)
}

struct Tools<'a> {
    llvm: &'a Path,
    irkit: Option<&'a Path>,
}

/// The verdict on one case, with what to show when it failed.
struct CaseResult {
    id: usize,
    ok: bool,
    /// What irkit printed for the case (records or error text); empty in
    /// reference-only mode.
    irkit: String,
    /// What llvm-tblgen-19 printed for the desugared case.
    llvm: String,
    /// Whether the case's classes printed the same too (informational: see
    /// the module doc).
    classes_same: bool,
}

/// The sugared and desugared files of one case, prelude included.
fn case_files(seed: u64, id: usize) -> (String, String) {
    let case = gen::generate(seed, id);
    let mut sugared = String::from(gen::PRELUDE);
    gen::emit_sugared(&case, &mut sugared);
    let mut desugared = String::from(gen::PRELUDE);
    gen::emit_desugared(&case, &mut desugared);
    (sugared, desugared)
}

/// What one tool run gave.
struct Run {
    ok: bool,
    stdout: String,
    stderr: String,
}

fn run_tool(tool: &Path, extra: &[&str], file: &Path) -> Result<Run, String> {
    let out = Command::new(tool)
        .args(extra)
        .arg(file)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tool.display()))?;
    Ok(Run {
        ok: out.status.success(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    })
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

fn run_batch(
    cfg: &Config,
    tools: &Tools<'_>,
    work: &Path,
    b: usize,
    ids: std::ops::Range<usize>,
) -> Result<Vec<CaseResult>, String> {
    let mut sugared = String::from(gen::PRELUDE);
    let mut desugared = String::from(gen::PRELUDE);
    for id in ids.clone() {
        let case = gen::generate(cfg.seed, id);
        let _ = std::fmt::Write::write_fmt(&mut sugared, format_args!("\n// case {id}\n"));
        gen::emit_sugared(&case, &mut sugared);
        let _ = std::fmt::Write::write_fmt(&mut desugared, format_args!("\n// case {id}\n"));
        gen::emit_desugared(&case, &mut desugared);
    }
    let s_path = work.join(format!("batch-{b}.sugared.td"));
    let d_path = work.join(format!("batch-{b}.desugared.td"));
    write_file(&s_path, &sugared)?;
    write_file(&d_path, &desugared)?;

    let mut llvm = run_tool(tools.llvm, &[], &d_path)?;
    if cfg.reference_only {
        // The sugared program minus the modifiers must be valid TableGen.
        let mut plain = String::from(gen::PRELUDE);
        for id in ids.clone() {
            gen::emit_plain(&gen::generate(cfg.seed, id), &mut plain);
        }
        let p_path = work.join(format!("batch-{b}.plain.td"));
        write_file(&p_path, &plain)?;
        let p = run_tool(tools.llvm, &[], &p_path)?;
        if !p.ok || p.stderr.contains("error:") {
            llvm.ok = false;
            llvm.stderr = format!(
                "plain (modifiers dropped) rejected:\n{}{}",
                p.stderr, llvm.stderr
            );
        }
    }
    let irkit = match tools.irkit {
        Some(p) => Some(run_tool(p, &["tblgen"], &s_path)?),
        None => None,
    };
    let batch_ok = llvm.ok && irkit.as_ref().is_none_or(|r| r.ok);
    if !batch_ok && ids.len() > 1 {
        // Charge the failure to the cases that cause it.
        let mut res = Vec::new();
        for id in ids {
            res.extend(run_single(cfg, tools, work, id)?);
        }
        return Ok(res);
    }
    let llvm_defs = split_section(&llvm.stdout, Section::Defs);
    let irkit_defs = irkit
        .as_ref()
        .map(|r| split_section(&r.stdout, Section::Defs));
    let llvm_classes = split_section(&llvm.stdout, Section::Classes);
    let irkit_classes = irkit
        .as_ref()
        .map(|r| split_section(&r.stdout, Section::Classes));
    let global_ok = irkit_defs
        .as_ref()
        .is_none_or(|d| d.get(&None) == llvm_defs.get(&None));
    let empty = String::new();
    Ok(ids
        .map(|id| {
            let l = if llvm.ok {
                llvm_defs.get(&Some(id)).unwrap_or(&empty).clone()
            } else {
                llvm.stderr.clone()
            };
            let (ok, i) = match (&irkit, &irkit_defs) {
                (Some(run), Some(defs)) => {
                    let i = if run.ok {
                        defs.get(&Some(id)).unwrap_or(&empty).clone()
                    } else {
                        run.stderr.clone()
                    };
                    (llvm.ok && run.ok && global_ok && i == l, i)
                }
                _ => (llvm.ok && !llvm.stderr.contains("error:"), String::new()),
            };
            let classes_same = irkit_classes
                .as_ref()
                .is_some_and(|c| c.get(&Some(id)) == llvm_classes.get(&Some(id)));
            CaseResult {
                id,
                ok,
                irkit: i,
                llvm: l,
                classes_same,
            }
        })
        .collect())
}

fn run_single(
    cfg: &Config,
    tools: &Tools<'_>,
    work: &Path,
    id: usize,
) -> Result<Vec<CaseResult>, String> {
    let single = Config { batch: 1, ..*cfg };
    run_batch(&single, tools, work, 1_000_000 + id, id..id + 1)
}

#[derive(Clone, Copy)]
enum Section {
    Classes,
    Defs,
}

/// Splits one section of print-records output into the records of each
/// case (`K<case>_...` names); other records go under `None`.
fn split_section(out: &str, section: Section) -> BTreeMap<Option<usize>, String> {
    let mut res: BTreeMap<Option<usize>, String> = BTreeMap::new();
    let (header, end, keyword) = match section {
        Section::Classes => (
            "------------- Classes -----------------\n",
            Some("------------- Defs -----------------\n"),
            "class ",
        ),
        Section::Defs => ("------------- Defs -----------------\n", None, "def "),
    };
    let Some(pos) = out.find(header) else {
        return res;
    };
    let body = &out[pos + header.len()..];
    let body = match end.and_then(|e| body.find(e)) {
        Some(stop) => &body[..stop],
        None => body,
    };
    let mut cur: Option<usize> = None;
    for line in body.lines() {
        if let Some(rest) = line.strip_prefix(keyword) {
            cur = case_of(rest);
        }
        let slot = res.entry(cur).or_default();
        slot.push_str(line);
        slot.push('\n');
    }
    res
}

fn case_of(name: &str) -> Option<usize> {
    let digits = name.strip_prefix('K')?;
    let end = digits.find('_')?;
    digits[..end].parse().ok()
}

fn write_case(out_dir: &Path, seed: u64, r: &CaseResult) -> Result<(), String> {
    let dir = out_dir.join(format!("case-{}", r.id));
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let (sugared, desugared) = case_files(seed, r.id);
    write_file(&dir.join("sugared.td"), &sugared)?;
    write_file(&dir.join("desugared.td"), &desugared)?;
    let mut plain = String::from(gen::PRELUDE);
    gen::emit_plain(&gen::generate(seed, r.id), &mut plain);
    write_file(&dir.join("plain.td"), &plain)?;
    write_file(&dir.join("irkit.txt"), &r.irkit)?;
    write_file(&dir.join("llvm-tblgen-19.txt"), &r.llvm)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generation_is_deterministic() {
        assert_eq!(case_files(7, 3), case_files(7, 3));
        assert_ne!(case_files(7, 3), case_files(8, 3));
    }

    #[test]
    fn split_section_groups_by_case() {
        let out = "------------- Classes -----------------\nclass K1_C0 {\n}\n\
                   ------------- Defs -----------------\ndef K1_d0 {\t// K1_C0\n  int x = 1;\n}\n\
                   def K12_d0 {\n}\ndef op0 {\n}\n";
        let d = split_section(out, Section::Defs);
        let c = split_section(out, Section::Classes);
        assert_eq!(
            c.get(&Some(1)).map(String::as_str),
            Some("class K1_C0 {\n}\n")
        );
        assert_eq!(c.len(), 1);
        assert_eq!(
            d.get(&Some(1)).map(String::as_str),
            Some("def K1_d0 {\t// K1_C0\n  int x = 1;\n}\n")
        );
        assert_eq!(
            d.get(&Some(12)).map(String::as_str),
            Some("def K12_d0 {\n}\n")
        );
        assert_eq!(d.get(&None).map(String::as_str), Some("def op0 {\n}\n"));
    }
}
