//! The corpus of real IR: C files bundled in crates.io `-sys`/`-src` crates,
//! compiled by `clang-V -S -emit-llvm` at -O0 and -O2, imported by
//! `mlir-translate-V --import-llvm` and printed generic by `mlir-opt-V`, for
//! the MLIR release V of the check (19 or 22: the same C files and flags).
//!
//! Layout under the corpus folder (default `target/ir-corpus/` at 19,
//! `target/ir-corpus-22/` at 22):
//! - `fetch/`: a throwaway Cargo manifest depending on the source crates;
//!   `cargo fetch` downloads them into `$CARGO_HOME/registry/src/`.
//! - `v1/<source>/<file>.O0.mlir`: one corpus file, the generic print of
//!   mlir-opt-V (both the input and the expected output of `irkit opt`).
//!   `….failed` instead records why that file could not be produced, so a
//!   failure is not retried on every run. `v1/index.txt` lists every file
//!   name, so a fully cached corpus needs neither the network nor the sources.
//! - `work/`: intermediate `.ll` and imported `.mlir`, removed after use.
//!
//! Bump [`STAMP`] when the source table or the flags change.

use super::proc::{self, Outcome};
use crate::mlir_release::{MlirRelease, MlirTools};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Version of the corpus layout and recipe; a new stamp means a new folder.
const STAMP: &str = "v2";

/// One crate's bundled C sources and how to compile them.
pub struct Source {
    /// Folder name in the corpus.
    pub name: &'static str,
    pub krate: &'static str,
    /// Exact crates.io version (build metadata left out).
    pub version: &'static str,
    /// Folders, relative to the crate root, whose `*.c` files are compiled.
    pub dirs: &'static [&'static str],
    /// When non-empty, only these file names.
    pub only: &'static [&'static str],
    pub skip: &'static [&'static str],
    /// `-I` folders, relative to the crate root.
    pub includes: &'static [&'static str],
    pub defines: &'static [&'static str],
    /// Part of the `--quick` subset.
    pub quick: bool,
}

pub const SOURCES: &[Source] = &[
    Source {
        name: "sqlite",
        krate: "libsqlite3-sys",
        version: "0.40.0",
        dirs: &["sqlite3"],
        only: &["sqlite3.c"],
        skip: &[],
        includes: &["sqlite3"],
        defines: &[],
        quick: true,
    },
    Source {
        name: "zlib",
        krate: "libz-sys",
        version: "1.1.33",
        dirs: &["src/zlib"],
        only: &[],
        skip: &[],
        includes: &["src/zlib"],
        defines: &["HAVE_UNISTD_H", "_LARGEFILE64_SOURCE=1"],
        quick: true,
    },
    Source {
        name: "bzip2",
        krate: "bzip2-sys",
        version: "0.1.13",
        dirs: &["bzip2-1.0.8"],
        only: &[],
        skip: &[],
        includes: &["bzip2-1.0.8"],
        defines: &["_FILE_OFFSET_BITS=64"],
        quick: true,
    },
    Source {
        name: "lz4",
        krate: "lz4-sys",
        version: "1.11.1",
        dirs: &["liblz4/lib"],
        only: &[],
        skip: &[],
        includes: &["liblz4/lib"],
        defines: &[],
        quick: true,
    },
    Source {
        name: "lua",
        krate: "lua-src",
        version: "551.1.0",
        dirs: &["lua-5.4.9"],
        only: &[],
        skip: &[],
        includes: &["lua-5.4.9"],
        // Computed goto (`blockaddress`) cannot be imported by mlir-translate-19.
        defines: &["LUA_USE_LINUX", "LUA_USE_JUMPTABLE=0"],
        quick: false,
    },
    Source {
        name: "zstd",
        krate: "zstd-sys",
        version: "2.1.3",
        dirs: &[
            "zstd/lib/common",
            "zstd/lib/compress",
            "zstd/lib/decompress",
            "zstd/lib/dictBuilder",
            "zstd/lib/legacy",
        ],
        only: &[],
        skip: &[],
        includes: &["zstd/lib", "zstd/lib/common", "zstd/lib/legacy"],
        defines: &[
            "ZSTD_DISABLE_ASM",
            "ZSTD_LEGACY_SUPPORT=1",
            "ZSTD_MULTITHREAD",
        ],
        quick: false,
    },
];

pub const OPT_LEVELS: &[&str] = &["O0", "O2"];

/// Which part of the corpus to build and return.
pub struct Select<'a> {
    /// Whose tools build it.
    pub release: MlirRelease,
    pub dir: &'a Path,
    pub quick: bool,
    pub filter: Option<&'a str>,
    pub max_files: Option<usize>,
    pub jobs: usize,
    /// Per step (clang, import, print).
    pub timeout: Duration,
}

/// One corpus file.
pub struct Entry {
    /// `source/file.O2`.
    pub name: String,
    pub path: PathBuf,
    pub bytes: u64,
}

/// A C file that did not make it into the corpus.
pub struct Failure {
    pub name: String,
    /// `clang`, `import`, `print`, `reprint` or `fixpoint`.
    pub stage: String,
    pub message: String,
}

pub struct Corpus {
    pub entries: Vec<Entry>,
    pub failures: Vec<Failure>,
    /// Files built in this run (the others came from the cache).
    pub built: usize,
    pub build_time: Duration,
}

impl Corpus {
    pub fn total_bytes(&self) -> u64 {
        self.entries.iter().map(|e| e.bytes).sum()
    }

    pub fn largest(&self) -> Option<&Entry> {
        self.entries.iter().max_by_key(|e| e.bytes)
    }

    /// `206 files, 412.3 MB, largest sqlite/sqlite3.O2 (62.8 MB)`, plus the
    /// C files left out by stage.
    pub fn summary(&self) -> String {
        let mut s = format!("{} files, {}", self.entries.len(), mb(self.total_bytes()));
        if let Some(l) = self.largest() {
            let _ = write!(s, ", largest {} ({})", l.name, mb(l.bytes));
        }
        if !self.failures.is_empty() {
            let mut by_stage: Vec<(&str, usize)> = Vec::new();
            for f in &self.failures {
                match by_stage.iter_mut().find(|(st, _)| *st == f.stage) {
                    Some((_, n)) => *n += 1,
                    None => by_stage.push((&f.stage, 1)),
                }
            }
            let parts: Vec<String> = by_stage.iter().map(|(st, n)| format!("{st} {n}")).collect();
            let _ = write!(
                s,
                "; {} C files left out ({})",
                self.failures.len(),
                parts.join(", ")
            );
        }
        s
    }
}

pub fn mb(bytes: u64) -> String {
    format!("{:.1} MB", bytes as f64 / 1e6)
}

/// A C file to turn into a corpus file.
struct Job {
    name: String,
    quick: bool,
    c_file: PathBuf,
    args: Vec<String>,
}

/// Builds what is missing of the selected corpus and returns it.
pub fn build(sel: &Select) -> Result<Corpus, String> {
    let start = Instant::now();
    let root = sel.dir.join(STAMP);
    if let Some(names) = read_index(&root) {
        let chosen = choose(sel, names);
        if chosen.iter().all(|n| is_done(&root, n)) {
            return collect(&root, &chosen, 0, start);
        }
    }
    let crates = fetch_sources(sel.dir)?;
    let jobs = list_jobs(&crates)?;
    write_index(&root, &jobs)?;
    let chosen = choose(
        sel,
        jobs.iter().map(|j| (j.name.clone(), j.quick)).collect(),
    );
    let todo: Vec<&Job> = jobs
        .iter()
        .filter(|j| chosen.contains(&j.name) && !is_done(&root, &j.name))
        .collect();
    if !todo.is_empty() {
        let tools = sel.release.tools()?;
        let work = sel.dir.join("work");
        fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
        eprintln!(
            "ir-corpus: building {} corpus files with {} jobs",
            todo.len(),
            sel.jobs
        );
        let n = todo.len();
        let done = std::sync::atomic::AtomicUsize::new(0);
        let results = proc::par_map(&todo, sel.jobs, |job| {
            let r = build_one(sel.release, &tools, &root, &work, job, sel.timeout);
            let k = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
            match &r {
                // Quiet progress: slow files, every 25th and the last.
                Ok(secs) if *secs > 5.0 || k.is_multiple_of(25) || k == n => {
                    eprintln!("ir-corpus: [{k}/{n}] {} ({secs:.1} s)", job.name)
                }
                Ok(_) => {}
                Err(e) => eprintln!("ir-corpus: [{k}/{n}] {}: left out: {e}", job.name),
            }
            r
        });
        if let Some(Err(e)) = results
            .iter()
            .find(|r| matches!(r, Err(e) if e.starts_with("io:")))
        {
            return Err(e.clone());
        }
    }
    collect(&root, &chosen, todo.len(), start)
}

/// Names selected by `--quick`, `--filter` and `--max-files`, sorted.
fn choose(sel: &Select, mut names: Vec<(String, bool)>) -> Vec<String> {
    names.sort();
    names
        .into_iter()
        .filter(|(n, quick)| (!sel.quick || *quick) && sel.filter.iter().all(|f| n.contains(f)))
        .map(|(n, _)| n)
        .take(sel.max_files.unwrap_or(usize::MAX))
        .collect()
}

fn mlir_path(root: &Path, name: &str) -> PathBuf {
    root.join(format!("{name}.mlir"))
}

fn failed_path(root: &Path, name: &str) -> PathBuf {
    root.join(format!("{name}.failed"))
}

fn is_done(root: &Path, name: &str) -> bool {
    mlir_path(root, name).is_file() || failed_path(root, name).is_file()
}

fn collect(root: &Path, chosen: &[String], built: usize, start: Instant) -> Result<Corpus, String> {
    let mut entries = Vec::new();
    let mut failures = Vec::new();
    for name in chosen {
        let path = mlir_path(root, name);
        if let Ok(meta) = fs::metadata(&path) {
            entries.push(Entry {
                name: name.clone(),
                path,
                bytes: meta.len(),
            });
            continue;
        }
        let text = fs::read_to_string(failed_path(root, name)).unwrap_or_default();
        let (stage, message) = text.split_once('\n').unwrap_or((text.as_str(), ""));
        failures.push(Failure {
            name: name.clone(),
            stage: stage.to_string(),
            message: message.trim().to_string(),
        });
    }
    Ok(Corpus {
        entries,
        failures,
        built,
        build_time: start.elapsed(),
    })
}

fn read_index(root: &Path) -> Option<Vec<(String, bool)>> {
    let text = fs::read_to_string(root.join("index.txt")).ok()?;
    Some(
        text.lines()
            .filter_map(|l| l.split_once('\t'))
            .map(|(n, q)| (n.to_string(), q == "quick"))
            .collect(),
    )
}

fn write_index(root: &Path, jobs: &[Job]) -> Result<(), String> {
    let mut s = String::new();
    for j in jobs {
        let _ = writeln!(s, "{}\t{}", j.name, if j.quick { "quick" } else { "full" });
    }
    fs::create_dir_all(root).map_err(|e| format!("cannot create {}: {e}", root.display()))?;
    fs::write(root.join("index.txt"), s).map_err(|e| format!("cannot write index: {e}"))
}

/// Fetches the source crates with the ordinary cargo client and returns
/// each crate's unpacked folder, keyed by crate name.
fn fetch_sources(dir: &Path) -> Result<HashMap<String, PathBuf>, String> {
    let fetch = dir.join("fetch");
    let io = |e: std::io::Error| format!("cannot write {}: {e}", fetch.display());
    fs::create_dir_all(fetch.join("src")).map_err(io)?;
    fs::write(fetch.join("src/lib.rs"), "").map_err(io)?;
    let mut manifest = String::from(
        "# Generated by `cargo xtask ir-compat`: fetches the C sources of the IR corpus.\n\
         [package]\nname = \"irkit-ir-corpus-fetch\"\nversion = \"0.0.0\"\nedition = \"2021\"\n\
         publish = false\n\n[workspace]\n\n[dependencies]\n",
    );
    for s in SOURCES {
        let _ = writeln!(manifest, "{} = \"={}\"", s.krate, s.version);
    }
    fs::write(fetch.join("Cargo.toml"), manifest).map_err(io)?;
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let manifest_path = fetch.join("Cargo.toml");
    eprintln!("ir-corpus: cargo fetch of the C source crates");
    let run_fetch = || {
        Command::new(&cargo)
            .args(["fetch", "--quiet", "--manifest-path"])
            .arg(&manifest_path)
            // A nested cargo must not pick up the outer `cargo xtask`'s
            // jobserver or build settings.
            .env_remove("CARGO_MAKEFLAGS")
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .env_remove("CARGO_TARGET_DIR")
            .stdin(Stdio::piped())
            .output()
            .map_err(|e| format!("cannot run {cargo}: {e}"))
    };
    let mut out = run_fetch()?;
    if !out.status.success() {
        // One retry: a network hiccup.
        eprintln!(
            "ir-corpus: cargo fetch failed, retrying once:\n{}",
            String::from_utf8_lossy(&out.stderr).trim_end()
        );
        out = run_fetch()?;
    }
    if !out.status.success() {
        return Err(format!(
            "cargo fetch of the corpus C sources failed (crates.io needed on the first run):\n{}",
            String::from_utf8_lossy(&out.stderr).trim_end()
        ));
    }
    let out = Command::new(&cargo)
        .args([
            "metadata",
            "--offline",
            "--format-version",
            "1",
            "--manifest-path",
        ])
        .arg(&manifest_path)
        .stdin(Stdio::piped())
        .output()
        .map_err(|e| format!("cannot run {cargo}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "cargo metadata failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("cannot read cargo metadata output: {e}"))?;
    let mut roots = HashMap::new();
    for pkg in meta["packages"].as_array().into_iter().flatten() {
        let (Some(name), Some(manifest)) = (pkg["name"].as_str(), pkg["manifest_path"].as_str())
        else {
            continue;
        };
        if SOURCES.iter().any(|s| s.krate == name) {
            if let Some(parent) = Path::new(manifest).parent() {
                roots.insert(name.to_string(), parent.to_path_buf());
            }
        }
    }
    Ok(roots)
}

fn list_jobs(crates: &HashMap<String, PathBuf>) -> Result<Vec<Job>, String> {
    let mut jobs = Vec::new();
    for s in SOURCES {
        let root = crates.get(s.krate).ok_or_else(|| {
            format!(
                "crate {} {} not found after cargo fetch",
                s.krate, s.version
            )
        })?;
        let mut args: Vec<String> = Vec::new();
        for inc in s.includes {
            args.push(format!("-I{}", root.join(inc).display()));
        }
        args.extend(s.defines.iter().map(|d| format!("-D{d}")));
        for dir in s.dirs {
            let folder = root.join(dir);
            let rd = fs::read_dir(&folder)
                .map_err(|e| format!("cannot list {}: {e}", folder.display()))?;
            let mut files: Vec<String> = rd
                .filter_map(|e| e.ok())
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|f| f.ends_with(".c"))
                .filter(|f| s.only.is_empty() || s.only.contains(&f.as_str()))
                .filter(|f| !s.skip.contains(&f.as_str()))
                .collect();
            files.sort();
            let prefix = match (s.dirs.len(), dir.rsplit('/').next()) {
                (1, _) | (_, None) => String::new(),
                (_, Some(last)) => format!("{last}-"),
            };
            for f in files {
                let stem = f.trim_end_matches(".c");
                for opt in OPT_LEVELS {
                    jobs.push(Job {
                        name: format!("{}/{prefix}{stem}.{opt}", s.name),
                        quick: s.quick,
                        c_file: folder.join(&f),
                        args: std::iter::once(format!("-{opt}"))
                            .chain(args.iter().cloned())
                            .collect(),
                    });
                }
            }
        }
    }
    Ok(jobs)
}

/// Builds one corpus file; `Err` texts starting with `io:` abort the build,
/// the others are recorded in a `.failed` file.
fn build_one(
    release: MlirRelease,
    tools: &MlirTools,
    root: &Path,
    work: &Path,
    job: &Job,
    timeout: Duration,
) -> Result<f64, String> {
    let start = Instant::now();
    let flat = job.name.replace('/', "__");
    let ll = work.join(format!("{flat}.ll"));
    let imported = work.join(format!("{flat}.import.mlir"));
    let err = work.join(format!("{flat}.stderr"));
    let out = mlir_path(root, &job.name);
    let tmp = root.join(format!("{}.mlir.tmp", job.name));
    if let Some(parent) = out.parent() {
        fs::create_dir_all(parent)
            .map_err(|e| format!("io: cannot create {}: {e}", parent.display()))?;
    }
    // -fno-pic: with PIC, -O2 turns switch tables into `llvm.load.relative`,
    // which mlir-translate-19 cannot import (22 can; the flag stays, so both
    // releases' corpora come from the same C). -w: warnings are noise here.
    let mut clang = Command::new(&tools.clang);
    clang
        .args(["-S", "-emit-llvm", "-fno-pic", "-w"])
        .args(&job.args)
        .arg(&job.c_file)
        .arg("-o")
        .arg(&ll);
    let mut translate = Command::new(&tools.translate);
    translate
        .arg("--import-llvm")
        .arg(&ll)
        .arg("-o")
        .arg(&imported);
    let mut print = Command::new(&tools.opt);
    print
        .args(["--allow-unregistered-dialect", "--mlir-print-op-generic"])
        .arg(&imported)
        .arg("-o")
        .arg(&tmp);
    // The reference must be a fixed point of mlir-opt-V (it is both the
    // input and the expected output), so print it once more and compare.
    let again = work.join(format!("{flat}.again.mlir"));
    let mut reprint = Command::new(&tools.opt);
    reprint
        .args(["--allow-unregistered-dialect", "--mlir-print-op-generic"])
        .arg(&tmp)
        .arg("-o")
        .arg(&again);
    let steps: [(&str, &mut Command); 4] = [
        ("clang", &mut clang),
        ("import", &mut translate),
        ("print", &mut print),
        ("reprint", &mut reprint),
    ];
    let mut result = Ok(());
    for (stage, cmd) in steps {
        if let Err(msg) = step(cmd, &err, timeout) {
            result = Err((stage, msg));
            break;
        }
    }
    if result.is_ok() {
        let first = fs::read(&tmp).unwrap_or_default();
        let second = fs::read(&again).unwrap_or_default();
        let again_label = format!("{} reprint", release.opt_name());
        if let Some(d) =
            super::diff::first_difference(&first, &second, release.opt_name(), &again_label)
        {
            result = Err((
                "fixpoint",
                format!(
                    "{} does not reprint its output identically\n{d}",
                    release.opt_name()
                ),
            ));
        }
    }
    let _ = fs::remove_file(&again);
    for p in [&ll, &imported, &err] {
        let _ = fs::remove_file(p);
    }
    match result {
        Ok(()) => {
            fs::rename(&tmp, &out)
                .map_err(|e| format!("io: cannot rename {}: {e}", tmp.display()))?;
            Ok(start.elapsed().as_secs_f64())
        }
        Err((stage, msg)) => {
            let _ = fs::remove_file(&tmp);
            fs::write(failed_path(root, &job.name), format!("{stage}\n{msg}\n"))
                .map_err(|e| format!("io: cannot write {}: {e}", job.name))?;
            Err(format!("{stage}: {}", msg.lines().next().unwrap_or("")))
        }
    }
}

/// Runs one build step; on failure returns the reason and the first lines of
/// its error output.
fn step(cmd: &mut Command, err: &Path, timeout: Duration) -> Result<(), String> {
    let file =
        fs::File::create(err).map_err(|e| format!("cannot create {}: {e}", err.display()))?;
    let outcome: Outcome = proc::run(cmd, Stdio::null(), Stdio::from(file), timeout, false)?;
    if outcome.success() {
        return Ok(());
    }
    let text = fs::read_to_string(err).unwrap_or_default();
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.contains("unhandled data layout token"))
        .take(5)
        .collect();
    Err(format!(
        "{} {}\n{}",
        proc::program_name(cmd),
        outcome.describe(timeout),
        lines.join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::{choose, Select};
    use crate::mlir_release::MlirRelease;
    use std::path::Path;
    use std::time::Duration;

    fn check(quick: bool, filter: Option<&str>, max_files: Option<usize>, want: &[&str]) {
        let sel = Select {
            release: MlirRelease::V19,
            dir: Path::new("unused"),
            quick,
            filter,
            max_files,
            jobs: 1,
            timeout: Duration::from_secs(1),
        };
        let names = [
            ("zlib/b.O2", true),
            ("lua/a.O0", false),
            ("zlib/b.O0", true),
            ("sqlite/s.O2", true),
        ];
        let names = names.iter().map(|(n, q)| (n.to_string(), *q)).collect();
        assert_eq!(choose(&sel, names), want);
    }

    #[test]
    fn chooses_by_quick_filter_and_count_in_name_order() {
        check(
            false,
            None,
            None,
            &["lua/a.O0", "sqlite/s.O2", "zlib/b.O0", "zlib/b.O2"],
        );
        check(true, None, None, &["sqlite/s.O2", "zlib/b.O0", "zlib/b.O2"]);
        check(false, Some(".O2"), None, &["sqlite/s.O2", "zlib/b.O2"]);
        check(true, Some("zlib/"), Some(1), &["zlib/b.O0"]);
        check(false, Some("nothing"), None, &[]);
    }
}
