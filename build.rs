//! Runs irkit's own TableGen on the built-in dialect definitions
//! (`src/dialects/irkit.td`) twice:
//!
//! - `--dump-json` into `$OUT_DIR/dialects.json`, which
//!   `irkit::dialects::builtin_registry` loads (the op registry);
//! - `--gen-op-defs` into `$OUT_DIR/ops.rs`, which `src/ops.rs` includes
//!   (the typed op wrappers).
//!
//! Neither file is ever checked in: editing a `.td` file changes the
//! registry and the wrappers after `cargo build` alone. A `.td` error fails
//! the build with the diagnostic at its `.td` line.

use irkit_diag::{render_plain, SourceMap};
use std::path::{Path, PathBuf};

fn main() {
    let dir = PathBuf::from("src/dialects");
    println!("cargo:rerun-if-changed={}", dir.display());
    let root = dir.join("irkit.td");
    let text = match std::fs::read_to_string(&root) {
        Ok(t) => t,
        Err(e) => fail(&format!("cannot read {}: {e}", root.display())),
    };
    let out_dir = match std::env::var_os("OUT_DIR") {
        Some(d) => PathBuf::from(d),
        None => fail("OUT_DIR is not set"),
    };
    let include_dirs = [dir.display().to_string()];
    for (action, file) in [
        (irkit_td::Action::DumpJson, "dialects.json"),
        (irkit_td::Action::GenOpDefs, "ops.rs"),
    ] {
        let out = generate(&root, &text, &include_dirs, action);
        write(&out_dir.join(file), &out);
    }
}

/// The output of `action` on the root file, or the build fails with the
/// rendered diagnostics.
fn generate(root: &Path, text: &str, include_dirs: &[String], action: irkit_td::Action) -> String {
    let mut map = SourceMap::new();
    let file = map.add(root.display().to_string(), text.to_string());
    let opts = irkit_td::Options {
        include_dirs,
        defines: &[],
        builtin_includes: &[],
        report_timing: false,
        leak_model: false,
        early_diags: None,
        warn_unused_template_args: false,
        rules: irkit_td::compat::newest(),
        limits: irkit_td::Limits::DEFAULT,
        action,
    };
    let outcome = irkit_td::run(&mut map, file, &opts);
    let mut report = String::new();
    for d in &outcome.diags {
        render_plain(&mut report, &map, d);
    }
    match outcome.output {
        Some(out) => out,
        None => fail(&format!(
            "the built-in dialect definitions do not load ({action:?}):\n{report}"
        )),
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        fail(&format!("cannot write {}: {e}", path.display()));
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(1);
}
