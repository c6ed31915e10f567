//! LLVM's own test files of one release, for the checks that run them
//! (`tblgen-tests`, `filecheck-diff`, `ir-compat --mlir-tests`).
//!
//! The files are LLVM's, not ours, so none is kept in this repository. They
//! come from the release's source tarball as Debian ships it: the `.orig`
//! tarball of the `llvm-toolchain-V` source package is the release tag's tree
//! (`llvmorg-19.1.7`, `llvmorg-22.1.8`), fetched with `apt-get source
//! --download-only` through a private sources list (a `deb-src` line for the
//! suite the binary packages come from), so the machine's own apt
//! configuration is left alone. Only the test folders named in [`SUBTREES`]
//! are unpacked, into `target/llvm-src/llvm-V/`; a marker file records the
//! tarball and its SHA-256, so a second call costs nothing.
//!
//! Where the archive cannot be reached the caller gets an `Err` saying so and
//! decides whether that skips its check (with a message) or fails it.

use crate::util::workspace_root;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The parts of the source tree that checks read, relative to its root.
pub const SUBTREES: [&str; 3] = ["llvm/test/TableGen", "llvm/test/FileCheck", "mlir/test"];

/// One unpacked release source: where it is, and which tarball it is.
#[derive(Debug, Clone)]
#[allow(dead_code)] // fields read by the checks that use the sources
pub struct LlvmSource {
    /// `target/llvm-src/llvm-V`: holds `llvm/test/...` and `mlir/test/...`.
    pub root: PathBuf,
    /// The release tag the tarball is, e.g. `llvmorg-22.1.8`.
    pub tag: String,
    /// The tarball's file name and SHA-256, as Debian's `.dsc` gives them.
    pub tarball: String,
    pub sha256: String,
}

/// The Debian suites whose `deb-src` lines are tried, in this order.
const SUITES: [(&str, &str); 3] = [
    ("http://deb.debian.org/debian-security", "bookworm-security"),
    ("http://deb.debian.org/debian", "bookworm-updates"),
    ("http://deb.debian.org/debian", "bookworm"),
];

/// The unpacked test trees of LLVM release `v` (19 or 22), fetching and
/// unpacking them on first use.
pub fn ensure(v: u32) -> Result<LlvmSource, String> {
    let base = workspace_root().join("target").join("llvm-src");
    let root = base.join(format!("llvm-{v}"));
    let marker = root.join(".irkit-source");
    if let Ok(text) = std::fs::read_to_string(&marker) {
        if let Some(src) = parse_marker(&root, &text) {
            return Ok(src);
        }
    }
    let apt = base.join("apt");
    let dl = base.join("dl");
    for d in [apt.join("lists/partial"), dl.clone()] {
        std::fs::create_dir_all(&d).map_err(|e| format!("{}: {e}", d.display()))?;
    }
    let list = apt.join("sources.list");
    let lines: String = SUITES
        .iter()
        .map(|(uri, suite)| format!("deb-src {uri} {suite} main\n"))
        .collect();
    std::fs::write(&list, lines).map_err(|e| format!("{}: {e}", list.display()))?;
    let apt_opts = |cmd: &mut Command| {
        cmd.arg("-o")
            .arg(format!("Dir::Etc::SourceList={}", list.display()))
            .arg("-o")
            .arg("Dir::Etc::SourceParts=/dev/null")
            .arg("-o")
            .arg(format!("Dir::State::Lists={}", apt.join("lists").display()))
            .arg("-q");
    };
    let pkg = format!("llvm-toolchain-{v}");
    eprintln!("xtask: fetching the LLVM {v} source ({pkg}) from Debian's archive");
    let mut update = Command::new("apt-get");
    apt_opts(&mut update);
    run_quiet(update.arg("update"), "apt-get update (deb-src)")?;
    // Which tarball, with its SHA-256 (verified by apt when it downloads).
    let mut uris = Command::new("apt-get");
    apt_opts(&mut uris);
    let out = uris
        .args(["--print-uris", "source", &pkg])
        .output()
        .map_err(|e| format!("cannot run apt-get: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let (tarball, sha256) = text
        .lines()
        .filter_map(|l| {
            let mut f = l.split_whitespace();
            let _uri = f.next()?;
            let name = f.next()?;
            let _size = f.next()?;
            let sum = f.next()?.strip_prefix("SHA256:")?;
            name.ends_with(".orig.tar.xz")
                .then(|| (name.to_string(), sum.to_string()))
        })
        .next()
        .ok_or_else(|| format!("Debian's archive lists no source tarball for {pkg}"))?;
    let tar_path = dl.join(&tarball);
    if !tar_path.is_file() {
        let mut get = Command::new("apt-get");
        apt_opts(&mut get);
        get.args(["source", "--download-only", &pkg])
            .current_dir(&dl);
        if let Err(e) = run_quiet(&mut get, &format!("apt-get source --download-only {pkg}")) {
            // The security suite's pool may lack the `.orig` tarball that
            // the main pool holds (same name, same SHA-256).
            eprintln!("xtask: {e}\nxtask: trying Debian's main pool for {tarball}");
            let url = format!("http://deb.debian.org/debian/pool/main/l/{pkg}/{tarball}");
            let part = dl.join(format!("{tarball}.part"));
            let mut curl = Command::new("curl");
            curl.args(["-sSfL", "-o"]).arg(&part).arg(&url);
            run_quiet(&mut curl, &format!("curl {url}"))?;
            let got = sha256_of(&part)?;
            if got != sha256 {
                let _ = std::fs::remove_file(&part);
                return Err(format!("{url}: SHA-256 {got}, expected {sha256}"));
            }
            std::fs::rename(&part, &tar_path)
                .map_err(|e| format!("{}: {e}", tar_path.display()))?;
        }
    }
    if !tar_path.is_file() {
        return Err(format!("apt-get left no {}", tar_path.display()));
    }
    // `llvm-toolchain-19_19.1.7.orig.tar.xz` → top folder
    // `llvm-toolchain-19_19.1.7`, release 19.1.7.
    let top = tarball.trim_end_matches(".orig.tar.xz").to_string();
    let version = top.rsplit('_').next().unwrap_or_default().to_string();
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    eprintln!("xtask: unpacking the test folders of {tarball}");
    let mut tar = Command::new("tar");
    tar.arg("-xJf")
        .arg(&tar_path)
        .arg("-C")
        .arg(&root)
        .arg("--strip-components=1");
    for sub in SUBTREES {
        tar.arg(format!("{top}/{sub}"));
    }
    run_quiet(&mut tar, &format!("tar -xJf {tarball}"))?;
    if !root.join("llvm/test/TableGen").is_dir() {
        return Err(format!(
            "{} holds no llvm/test/TableGen",
            tar_path.display()
        ));
    }
    let src = LlvmSource {
        root: root.clone(),
        tag: format!("llvmorg-{version}"),
        tarball,
        sha256,
    };
    let marker_text = format!("{}\n{}\n{}\n", src.tag, src.tarball, src.sha256);
    std::fs::write(&marker, marker_text).map_err(|e| format!("{}: {e}", marker.display()))?;
    Ok(src)
}

fn parse_marker(root: &Path, text: &str) -> Option<LlvmSource> {
    let mut l = text.lines();
    Some(LlvmSource {
        root: root.to_path_buf(),
        tag: l.next()?.to_string(),
        tarball: l.next()?.to_string(),
        sha256: l.next()?.to_string(),
    })
}

fn sha256_of(path: &Path) -> Result<String, String> {
    let out = Command::new("sha256sum")
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run sha256sum: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    text.split_whitespace()
        .next()
        .map(str::to_string)
        .ok_or_else(|| format!("sha256sum {} printed nothing", path.display()))
}

fn run_quiet(cmd: &mut Command, what: &str) -> Result<(), String> {
    let out = cmd
        .output()
        .map_err(|e| format!("cannot run {what}: {e}"))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Every file under `root/sub` whose name ends in one of `exts` (all files
/// when `exts` is empty), as paths relative to `root`, sorted.
pub fn files_under(root: &Path, sub: &str, exts: &[&str]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    walk(&root.join(sub), &mut out);
    let mut rel: Vec<PathBuf> = out
        .into_iter()
        .filter(|p| {
            exts.is_empty()
                || p.file_name()
                    .and_then(|n| n.to_str())
                    .is_some_and(|n| exts.iter().any(|x| n.ends_with(x)))
        })
        .filter_map(|p| p.strip_prefix(root).ok().map(Path::to_path_buf))
        .collect();
    rel.sort();
    rel
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            walk(&p, out);
        } else {
            out.push(p);
        }
    }
}

/// A manifest of `files` (relative to `src.root`): a header naming the tag
/// and tarball, then `PATH SIZE` per line. Checks keep one in the
/// repository so a change of the test set shows in review.
pub fn manifest(src: &LlvmSource, files: &[PathBuf]) -> String {
    let mut s = format!("# {} ({}, sha256 {})\n", src.tag, src.tarball, src.sha256);
    for f in files {
        let size = std::fs::metadata(src.root.join(f))
            .map(|m| m.len())
            .unwrap_or(0);
        s.push_str(&format!("{} {size}\n", f.display()));
    }
    s
}

/// `cargo xtask llvm-src [--llvm V] [--manifest SUBTREE]`: fetch and unpack,
/// then print the root, the file count of each subtree and, when asked, one
/// subtree's manifest.
pub fn run(args: &[String]) -> Result<(), String> {
    let releases = match crate::util::opt_value(args, "--llvm") {
        Some(v) => vec![v
            .parse::<u32>()
            .map_err(|_| format!("--llvm expects a release number, got '{v}'"))?],
        None => crate::tblgen_corpus::RELEASES.to_vec(),
    };
    for v in releases {
        let src = ensure(v)?;
        println!("llvm {v}: {} at {}", src.tag, src.root.display());
        for sub in SUBTREES {
            let files = files_under(&src.root, sub, &[]);
            println!("  {sub}: {} files", files.len());
            if crate::util::opt_value(args, "--manifest") == Some(sub) {
                print!("{}", manifest(&src, &files));
            }
        }
    }
    Ok(())
}
