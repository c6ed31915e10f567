//! `cargo xtask lit-compat`: run `testdata/` under LLVM's own `lit` (PyPI)
//! with FileCheck-19 and LLVM's `not`, against a freshly built irkit.
//!
//! Every file must pass there too: that keeps our tests ordinary LLVM-style
//! tests and holds `irkit filecheck` to FileCheck's behaviour on them.

use crate::util;
use std::process::Command;

const HELP: &str = "\
cargo xtask lit-compat [-- LIT-ARGS...]

Builds irkit (release), then runs `lit -sv testdata --param irkit=PATH`
with FileCheck-19 and /usr/lib/llvm-19/bin/not substituted (see
testdata/lit.cfg.py). Fails if lit, FileCheck-19 or not is missing, or if any
test does not pass. Extra arguments after `--` go to lit.
";

pub fn run(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{HELP}");
        return Ok(());
    }
    let lit = util::find_tool(&["lit", "llvm-lit"])?;
    util::find_tool(&["FileCheck-19", "FileCheck"])?;
    util::find_tool(&["not"])?;
    let irkit = util::build_irkit()?;
    let root = util::workspace_root();
    let testdata = root.join("testdata");
    let extra: Vec<&String> = match args.iter().position(|a| a == "--") {
        Some(p) => args[p + 1..].iter().collect(),
        None => Vec::new(),
    };
    let exec_root = std::env::temp_dir().join(format!("irkit-lit-compat-{}", std::process::id()));
    let out = Command::new(&lit)
        .arg("-sv")
        .arg(&testdata)
        .arg(format!("--param=irkit={}", irkit.display()))
        .arg(format!("--param=exec_root={}", exec_root.display()))
        .args(extra)
        .current_dir(&root)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", lit.display()))?;
    let _ = std::fs::remove_dir_all(&exec_root);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    print!("{stdout}");
    eprint!("{stderr}");
    // lit's own summary (printed above) ends its output.
    if !stdout.contains("Total Discovered Tests") {
        return Err("lit printed no summary (see its output above)".to_string());
    }
    if !out.status.success() {
        return Err("some tests failed under LLVM lit".to_string());
    }
    Ok(())
}
