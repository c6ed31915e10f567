//! The `.td` corpus of one LLVM release, for `tblgen-compat`, `bench tblgen`
//! and `tblgen-tests`: every `.td` file under `llvm/` and `mlir/` of that
//! release's include tree, and its `llvm-tblgen-V`.
//!
//! Debian's `libmlir-19-dev` and `libmlir-22-dev` conflict, so at most one of
//! them is installed. The `llvm/` tree comes from the installed
//! `llvm-V-dev` (those install side by side); the `mlir/` tree comes from the
//! installed `libmlir-V-dev` when it is there, and otherwise from the package
//! itself: `apt-get download libmlir-V-dev` and `dpkg -x` into
//! `target/tblgen-corpus/llvm-V/deb/`. Both trees are linked under one
//! include root, `target/tblgen-corpus/llvm-V/include/{llvm,mlir}`, so a
//! file's path relative to it is the same at every release.

use crate::util::{find_tool, opt_value, workspace_root};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The LLVM releases irkit tblgen follows (`--llvm-compat`), newest first.
pub const RELEASES: [u32; 2] = [22, 19];

/// `--llvm V` (default: the newest release).
pub fn release_arg(args: &[String]) -> Result<u32, String> {
    match opt_value(args, "--llvm") {
        None => Ok(RELEASES[0]),
        Some(v) => v
            .parse::<u32>()
            .ok()
            .filter(|v| RELEASES.contains(v))
            .ok_or_else(|| format!("--llvm expects one of {RELEASES:?}, got '{v}'")),
    }
}

/// `llvm-tblgen-V`.
pub fn tblgen_tool(v: u32) -> Result<PathBuf, String> {
    find_tool(&[&format!("llvm-tblgen-{v}")])
}

/// The installed include folder of `llvm-V-dev`.
fn installed_include_dir(v: u32) -> Result<PathBuf, String> {
    let fixed = PathBuf::from(format!("/usr/lib/llvm-{v}/include"));
    let out = Command::new(format!("llvm-config-{v}"))
        .arg("--includedir")
        .output();
    let dir = match out {
        Ok(o) if o.status.success() => {
            PathBuf::from(String::from_utf8_lossy(&o.stdout).trim().to_string())
        }
        _ => fixed,
    };
    if !dir.join("llvm").is_dir() {
        return Err(format!(
            "no {}/llvm: install the Debian package llvm-{v}-dev",
            dir.display()
        ));
    }
    Ok(dir)
}

/// The include root of release `v`, holding `llvm/` and `mlir/` (see the
/// module doc). Downloads and unpacks `libmlir-V-dev` on first use when it
/// is not installed.
pub fn include_root(v: u32) -> Result<PathBuf, String> {
    let installed = installed_include_dir(v)?;
    let base = workspace_root()
        .join("target")
        .join("tblgen-corpus")
        .join(format!("llvm-{v}"));
    let root = base.join("include");
    std::fs::create_dir_all(&root).map_err(|e| format!("{}: {e}", root.display()))?;
    link(&installed.join("llvm"), &root.join("llvm"))?;
    let mlir = if installed.join("mlir").is_dir() {
        installed.join("mlir")
    } else {
        unpacked_mlir(v, &base)?
    };
    link(&mlir, &root.join("mlir"))?;
    Ok(root)
}

/// `target/tblgen-corpus/llvm-V/deb/usr/lib/llvm-V/include/mlir`, unpacked
/// from `libmlir-V-dev` when not yet there.
fn unpacked_mlir(v: u32, base: &Path) -> Result<PathBuf, String> {
    let deb_root = base.join("deb");
    let mlir = deb_root.join(format!("usr/lib/llvm-{v}/include/mlir"));
    if mlir.is_dir() {
        return Ok(mlir);
    }
    let pkg = format!("libmlir-{v}-dev");
    eprintln!(
        "xtask: unpacking the mlir .td tree of {pkg} into {}",
        deb_root.display()
    );
    let st = Command::new("apt-get")
        .args(["download", &pkg])
        .current_dir(base)
        .status()
        .map_err(|e| format!("cannot run apt-get download {pkg}: {e}"))?;
    if !st.success() {
        return Err(format!(
            "apt-get download {pkg} failed (run apt-get update first?)"
        ));
    }
    let deb = std::fs::read_dir(base)
        .map_err(|e| format!("{}: {e}", base.display()))?
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with(&format!("{pkg}_")) && n.ends_with(".deb"))
        })
        .ok_or_else(|| format!("apt-get download {pkg} left no .deb in {}", base.display()))?;
    let st = Command::new("dpkg")
        .arg("-x")
        .arg(&deb)
        .arg(&deb_root)
        .status()
        .map_err(|e| format!("cannot run dpkg -x: {e}"))?;
    if !st.success() || !mlir.is_dir() {
        return Err(format!(
            "dpkg -x {} gave no {}",
            deb.display(),
            mlir.display()
        ));
    }
    Ok(mlir)
}

/// Makes `at` a symbolic link to `to` (replacing an older link).
fn link(to: &Path, at: &Path) -> Result<(), String> {
    if std::fs::read_link(at).is_ok_and(|t| t == to) {
        return Ok(());
    }
    let _ = std::fs::remove_file(at);
    std::os::unix::fs::symlink(to, at).map_err(|e| format!("{}: {e}", at.display()))
}

/// Every `.td` file under `root/llvm` and `root/mlir`, sorted.
pub fn corpus_files(root: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = ["llvm", "mlir"]
        .iter()
        .flat_map(|sub| crate::llvm_src::files_under(root, sub, &[".td"]))
        .map(|rel| root.join(rel))
        .collect();
    files.sort();
    files
}
