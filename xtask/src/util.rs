//! Shared helpers for xtask tasks.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// The workspace root (the folder holding the top Cargo.toml).
///
/// `cargo run` (hence `cargo xtask`) sets `CARGO_MANIFEST_DIR` for the
/// process it starts, so the root is the checkout being run, read at run
/// time. The compile-time value is only a fallback for a binary started by
/// hand: a binary built in one checkout and reused from another (a `target/`
/// seeded from another worktree, which cargo may find fresh) would otherwise
/// read and write the first checkout's files.
pub fn workspace_root() -> PathBuf {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")
        .map_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")), PathBuf::from);
    dir.parent().map_or_else(|| dir.clone(), Path::to_path_buf)
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

/// splitmix64: small, seedable, the same sequence on every machine. The
/// random-program generators (append-diff, td-diff, ir-diff, filecheck-diff)
/// share it, so a seed names the same cases wherever it is given.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }

    /// True with probability `1/n`.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    /// True with probability `percent / 100`.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    /// One of `xs`, by value.
    pub fn pick<T: Clone>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len())].clone()
    }
}
