//! Runs irkit's own TableGen on the built-in dialect definitions
//! (`src/dialects/irkit.td`) and writes their records as JSON to
//! `$OUT_DIR/dialects.json`, which `irkit::dialects::builtin_registry` loads.
//! The generated file is never checked in: editing a `.td` file changes the
//! registry after `cargo build` alone. A `.td` error fails the build with the
//! diagnostic at its `.td` line.

use irkit_diag::{render_plain, SourceMap};
use std::path::PathBuf;

fn main() {
    let dir = PathBuf::from("src/dialects");
    println!("cargo:rerun-if-changed={}", dir.display());
    let root = dir.join("irkit.td");
    let text = match std::fs::read_to_string(&root) {
        Ok(t) => t,
        Err(e) => fail(&format!("cannot read {}: {e}", root.display())),
    };
    let mut map = SourceMap::new();
    let file = map.add(root.display().to_string(), text);
    let include_dirs = [dir.display().to_string()];
    let opts = irkit_td::Options {
        include_dirs: &include_dirs,
        defines: &[],
        builtin_includes: &[],
        action: irkit_td::Action::DumpJson,
    };
    let outcome = irkit_td::run(&mut map, file, &opts);
    let mut report = String::new();
    for d in &outcome.diags {
        render_plain(&mut report, &map, d);
    }
    let Some(json) = outcome.output else {
        fail(&format!(
            "the built-in dialect definitions do not load:\n{report}"
        ));
    };
    let out = match std::env::var_os("OUT_DIR") {
        Some(d) => PathBuf::from(d).join("dialects.json"),
        None => fail("OUT_DIR is not set"),
    };
    if let Err(e) = std::fs::write(&out, json) {
        fail(&format!("cannot write {}: {e}", out.display()));
    }
}

fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(1);
}
