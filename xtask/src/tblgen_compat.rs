//! `cargo xtask tblgen-compat`: `irkit tblgen` against `llvm-tblgen-19` over
//! every `.td` file under `$(llvm-config-19 --includedir)/{llvm,mlir}` that
//! the reference accepts (with `-I <includedir> -I <file's folder>`).
//!
//! Reference outputs are cached under `target/tblgen-compat/` (keyed by the
//! file's path relative to the include dir), so reruns only pay for irkit.
//!
//! Options: `--mode print-records|dump-json|both` (default both),
//! `--filter SUBSTR` (only files whose path contains SUBSTR), `--jobs N`,
//! `--show N` (how many failures to detail, default 5), `--irkit PATH`
//! (use this binary instead of building release).

use crate::util::{build_irkit, find_tool, has_flag, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const HELP: &str = "\
cargo xtask tblgen-compat [--mode print-records|dump-json|both] [--filter SUBSTR]
                          [--jobs N] [--show N] [--irkit PATH] [--list-failures]";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Records,
    Json,
}

impl Mode {
    fn flag(self) -> &'static str {
        match self {
            Mode::Records => "--print-records",
            Mode::Json => "--dump-json",
        }
    }
    fn ext(self) -> &'static str {
        match self {
            Mode::Records => "txt",
            Mode::Json => "json",
        }
    }
    fn name(self) -> &'static str {
        match self {
            Mode::Records => "print-records",
            Mode::Json => "dump-json",
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
    let modes = match opt_value(args, "--mode").unwrap_or("both") {
        "both" => vec![Mode::Records, Mode::Json],
        "print-records" | "records" => vec![Mode::Records],
        "dump-json" | "json" => vec![Mode::Json],
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
    let tblgen = find_tool(&["llvm-tblgen-19", "llvm-tblgen"])?;
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => build_irkit()?,
    };
    let incdir = include_dir()?;
    let mut files = Vec::new();
    for sub in ["llvm", "mlir"] {
        collect_td(&incdir.join(sub), &mut files);
    }
    files.sort();
    let files: Vec<PathBuf> = files
        .into_iter()
        .filter(|f| f.to_string_lossy().contains(filter.as_str()))
        .collect();
    let cache = workspace_root().join("target").join("tblgen-compat");

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
                let out = compare_one(&tblgen, &irkit, &incdir, &cache, file, &rel, *mode);
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
        println!("{}: identical {same} / {total}", mode.name());
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

pub(crate) fn include_dir() -> Result<PathBuf, String> {
    let out = Command::new("llvm-config-19")
        .arg("--includedir")
        .output()
        .or_else(|_| {
            Command::new("/usr/lib/llvm-19/bin/llvm-config")
                .arg("--includedir")
                .output()
        })
        .map_err(|e| format!("cannot run llvm-config-19: {e}"))?;
    Ok(PathBuf::from(
        String::from_utf8_lossy(&out.stdout).trim().to_string(),
    ))
}

pub(crate) fn collect_td(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_td(&p, out);
        } else if p.extension().is_some_and(|x| x == "td") {
            out.push(p);
        }
    }
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

fn compare_one(
    tblgen: &Path,
    irkit: &Path,
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
        Ok(o) if o.stdout == want => None,
        Ok(o) => Some(first_diff(&want, &o.stdout)),
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
