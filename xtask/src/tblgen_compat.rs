//! `cargo xtask tblgen-compat --llvm V`: `irkit tblgen --llvm-compat=V`
//! against `llvm-tblgen-V` over every `.td` file of release V's corpus
//! (`llvm/` and `mlir/`, see [`crate::tblgen_corpus`]) that the reference
//! accepts (with `-I <include root> -I <file's folder>`), for
//! `--print-records`, `--dump-json` and `--print-detailed-records`.
//!
//! `--print-detailed-records` of LLVM 22 ends with a "Memory Allocation
//! Stats" section (sizes of llvm-tblgen's internal uniquing pools and its
//! allocator's byte counts); those describe llvm-tblgen's own memory, not the
//! records, so the comparison stops at that section's header line.
//!
//! Reference outputs are cached under `target/tblgen-compat/llvm-V/` (keyed
//! by the file's path relative to the include root), so reruns only pay for
//! irkit.
//!
//! Options: `--llvm 22|19` (default 22), `--mode
//! print-records|dump-json|detailed|all` (default all),
//! `--filter SUBSTR` (only files whose path contains SUBSTR), `--jobs N`,
//! `--show N` (how many failures to detail, default 5), `--irkit PATH`
//! (use this binary instead of building release).

use crate::tblgen_corpus::{corpus_files, include_root, release_arg, tblgen_tool};
use crate::util::{build_irkit, has_flag, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const HELP: &str = "\
cargo xtask tblgen-compat [--llvm 22|19] [--mode print-records|dump-json|detailed|all] [--filter SUBSTR]
                          [--jobs N] [--show N] [--irkit PATH] [--list-failures]";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Records,
    Json,
    Detailed,
}

impl Mode {
    fn flag(self) -> &'static str {
        match self {
            Mode::Records => "--print-records",
            Mode::Json => "--dump-json",
            Mode::Detailed => "--print-detailed-records",
        }
    }
    fn ext(self) -> &'static str {
        match self {
            Mode::Records => "txt",
            Mode::Json => "json",
            Mode::Detailed => "detailed.txt",
        }
    }
    fn name(self) -> &'static str {
        match self {
            Mode::Records => "print-records",
            Mode::Json => "dump-json",
            Mode::Detailed => "print-detailed-records",
        }
    }
}

struct Outcome {
    rel: String,
    mode: Mode,
    detail: Option<String>,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{HELP}");
        return Ok(());
    }
    let release = release_arg(args)?;
    let modes = match opt_value(args, "--mode").unwrap_or("all") {
        "all" => vec![Mode::Records, Mode::Json, Mode::Detailed],
        "both" => vec![Mode::Records, Mode::Json],
        "print-records" | "records" => vec![Mode::Records],
        "dump-json" | "json" => vec![Mode::Json],
        "detailed" | "print-detailed-records" => vec![Mode::Detailed],
        other => return Err(format!("unknown --mode '{other}'\n{HELP}")),
    };
    let filter = opt_value(args, "--filter").unwrap_or("").to_string();
    let jobs: usize = opt_value(args, "--jobs")
        .map(|j| j.parse().map_err(|_| format!("bad --jobs '{j}'")))
        .transpose()?
        .unwrap_or(2)
        .max(1);
    let show: usize = opt_value(args, "--show")
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let list_failures = has_flag(args, "--list-failures");
    let tblgen = tblgen_tool(release)?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let incdir = include_root(release)?;
    let files: Vec<PathBuf> = corpus_files(&incdir)
        .into_iter()
        .filter(|f| f.to_string_lossy().contains(filter.as_str()))
        .collect();
    let cache = workspace_root()
        .join("target")
        .join("tblgen-compat")
        .join(format!("llvm-{release}"));
    let compat = format!("--llvm-compat={release}");

    // Work items: (file, mode).
    let items: Vec<(PathBuf, Mode)> = files
        .iter()
        .flat_map(|f| modes.iter().map(move |m| (f.clone(), *m)))
        .collect();
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Outcome>> = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((file, mode)) = items.get(i) else {
                    break;
                };
                let rel = file
                    .strip_prefix(&incdir)
                    .unwrap_or(file)
                    .to_string_lossy()
                    .into_owned();
                let out = compare_one(&tblgen, &irkit, &compat, &incdir, &cache, file, &rel, *mode);
                if let Some(o) = out {
                    if let Ok(mut r) = results.lock() {
                        r.push(o);
                    }
                }
            });
        }
    });
    let mut results = results.into_inner().map_err(|_| "poisoned".to_string())?;
    results.sort_by(|a, b| a.rel.cmp(&b.rel));
    for mode in &modes {
        let of_mode: Vec<&Outcome> = results.iter().filter(|o| o.mode == *mode).collect();
        let total = of_mode.len();
        let same = of_mode.iter().filter(|o| o.detail.is_none()).count();
        println!("llvm {release} {}: identical {same} / {total}", mode.name());
    }
    let failures: Vec<&Outcome> = results.iter().filter(|o| o.detail.is_some()).collect();
    if list_failures {
        for f in &failures {
            println!("FAIL {} {}", f.mode.name(), f.rel);
        }
    }
    for f in failures.iter().take(show) {
        println!(
            "\n=== {} ({}) ===\n{}",
            f.rel,
            f.mode.name(),
            f.detail.as_deref().unwrap_or("")
        );
    }
    Ok(())
}

/// Reference output for (file, mode): `Some(bytes)` if llvm-tblgen accepts
/// the file, `None` if it rejects it (the file is then not part of the corpus).
fn reference(
    tblgen: &Path,
    incdir: &Path,
    cache: &Path,
    file: &Path,
    rel: &str,
    mode: Mode,
) -> Option<Vec<u8>> {
    let base = cache.join(rel);
    let out_path = base.with_extension(mode.ext());
    let bad_path = base.with_extension(format!("{}.rejected", mode.ext()));
    if let Ok(b) = std::fs::read(&out_path) {
        return Some(b);
    }
    if bad_path.exists() {
        return None;
    }
    let folder = file.parent().unwrap_or(incdir);
    let out = Command::new(tblgen)
        .arg(mode.flag())
        .arg("-I")
        .arg(incdir)
        .arg("-I")
        .arg(folder)
        .arg(file)
        .output()
        .ok()?;
    if let Some(p) = out_path.parent() {
        let _ = std::fs::create_dir_all(p);
    }
    if out.status.success() {
        let _ = std::fs::write(&out_path, &out.stdout);
        Some(out.stdout)
    } else {
        let _ = std::fs::write(&bad_path, &out.stderr);
        None
    }
}

/// What is compared: everything, but for `--print-detailed-records` only
/// what precedes the memory statistics of llvm-tblgen (see the module doc).
fn comparable(mode: Mode, out: &[u8]) -> &[u8] {
    const STATS: &[u8] = b"\n-------------------- Memory Allocation Stats";
    if mode != Mode::Detailed {
        return out;
    }
    match out.windows(STATS.len()).position(|w| w == STATS) {
        Some(at) => &out[..at],
        None => out,
    }
}

#[allow(clippy::too_many_arguments)]
fn compare_one(
    tblgen: &Path,
    irkit: &Path,
    compat: &str,
    incdir: &Path,
    cache: &Path,
    file: &Path,
    rel: &str,
    mode: Mode,
) -> Option<Outcome> {
    let want = reference(tblgen, incdir, cache, file, rel, mode)?;
    let folder = file.parent().unwrap_or(incdir);
    let got = Command::new(irkit)
        .arg("tblgen")
        .arg(compat)
        .arg(mode.flag())
        .arg("-I")
        .arg(incdir)
        .arg("-I")
        .arg(folder)
        .arg(file)
        .output();
    let detail = match got {
        Err(e) => Some(format!("cannot run irkit: {e}")),
        Ok(o) if !o.status.success() => Some(format!(
            "irkit exited with {:?}:\n{}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
                .lines()
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
        )),
        Ok(o) if comparable(mode, &o.stdout) == comparable(mode, &want) => None,
        Ok(o) => Some(first_diff(
            comparable(mode, &want),
            comparable(mode, &o.stdout),
        )),
    };
    Some(Outcome {
        rel: rel.to_string(),
        mode,
        detail,
    })
}

/// The first differing lines, with a little context.
fn first_diff(want: &[u8], got: &[u8]) -> String {
    let w = String::from_utf8_lossy(want);
    let g = String::from_utf8_lossy(got);
    let wl: Vec<&str> = w.lines().collect();
    let gl: Vec<&str> = g.lines().collect();
    let n = wl.iter().zip(gl.iter()).take_while(|(a, b)| a == b).count();
    let mut s = format!(
        "first difference at line {} (reference {} lines, irkit {} lines)\n",
        n + 1,
        wl.len(),
        gl.len()
    );
    let from = n.saturating_sub(3);
    let clip = |l: &str| -> String {
        if l.len() > 400 {
            // Show the region around the first differing byte of long lines.
            format!("{}...", &l[..l.floor_char_boundary_compat(400)])
        } else {
            l.to_string()
        }
    };
    for l in wl.iter().take(n).skip(from) {
        s.push_str(&format!("   {}\n", clip(l)));
    }
    let (wd, gd) = (
        wl.get(n).copied().unwrap_or(""),
        gl.get(n).copied().unwrap_or(""),
    );
    let at = wd
        .bytes()
        .zip(gd.bytes())
        .take_while(|(a, b)| a == b)
        .count();
    if wd.len() > 400 || gd.len() > 400 {
        let lo = at.saturating_sub(150);
        let cut = |x: &str| x.get(lo..(at + 250).min(x.len())).unwrap_or("").to_string();
        s.push_str(&format!(" - ...{}\n + ...{}\n", cut(wd), cut(gd)));
        return s;
    }
    for l in wl.iter().skip(n).take(4) {
        s.push_str(&format!(" - {}\n", clip(l)));
    }
    for l in gl.iter().skip(n).take(4) {
        s.push_str(&format!(" + {}\n", clip(l)));
    }
    s
}

trait FloorBoundary {
    fn floor_char_boundary_compat(&self, i: usize) -> usize;
}

impl FloorBoundary for str {
    fn floor_char_boundary_compat(&self, mut i: usize) -> usize {
        i = i.min(self.len());
        while !self.is_char_boundary(i) {
            i -= 1;
        }
        i
    }
}
