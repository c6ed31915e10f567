//! Shared helpers for xtask tasks.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the folder holding the top Cargo.toml).
pub fn workspace_root() -> PathBuf {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    here.parent().unwrap_or(here).to_path_buf()
}

/// Builds `irkit` in release mode and returns the binary's path.
pub fn build_irkit() -> Result<PathBuf, String> {
    let root = workspace_root();
    let status = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .args(["build", "--release", "--quiet", "-p", "irkit-cli"])
        .current_dir(&root)
        .stdin(std::process::Stdio::piped())
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    if !status.success() {
        return Err("cargo build --release -p irkit-cli failed".into());
    }
    let target =
        std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root.join("target"), PathBuf::from);
    Ok(target.join("release").join("irkit"))
}

/// Finds a reference tool on PATH, trying each name in turn
/// (e.g. `["llvm-tblgen-19", "llvm-tblgen"]`).
pub fn find_tool(names: &[&str]) -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    for name in names {
        for dir in std::env::split_paths(&path) {
            let p = dir.join(name);
            if p.is_file() {
                return Ok(p);
            }
        }
        // Debian keeps every release's tools as /usr/lib/llvm-V/bin/NAME too.
        let (tool, release) = name.rsplit_once('-').unwrap_or((name, "19"));
        let (tool, release) = if release.bytes().all(|b| b.is_ascii_digit()) {
            (tool, release)
        } else {
            (*name, "19")
        };
        let p = Path::new(&format!("/usr/lib/llvm-{release}/bin")).join(tool);
        if p.is_file() {
            return Ok(p);
        }
    }
    Err(format!(
        "reference tool not found: {} (install the Debian llvm-19 / llvm-22 packages, see README)",
        names.join(" or ")
    ))
}

/// Value of `--name VALUE` or `--name=VALUE` in `args`.
pub fn opt_value<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    let eq = format!("{name}=");
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == name {
            return it.next().map(String::as_str);
        }
        if let Some(v) = a.strip_prefix(&eq) {
            return Some(v);
        }
    }
    None
}

/// Whether the flag `name` is present.
pub fn has_flag(args: &[String], name: &str) -> bool {
    args.iter().any(|a| a == name)
}

/// Peak resident set size (KiB) of finished children, from getrusage via /proc.
/// Use `/usr/bin/time -f %M` where available instead for one command.
pub fn time_cmd_available() -> bool {
    Path::new("/usr/bin/time").is_file()
}
