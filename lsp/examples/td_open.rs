//! Profiling aid: one analysis of a `.td` file as `irkit lsp` makes it on
//! open (`cargo run --release -p irkit-lsp --example td_open -- FILE -I DIR`).

use irkit_lsp::td::{self, TdConfig};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: td_open FILE [-I DIR]...");
        std::process::exit(2);
    };
    let dirs: Vec<String> = args
        .windows(2)
        .filter(|w| w[0] == "-I")
        .map(|w| w[1].clone())
        .collect();
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    };
    let cfg = TdConfig {
        include_dirs: &dirs,
        builtin_includes: &[],
    };
    let t = std::time::Instant::now();
    let a = td::analyze(Path::new(file), &text, &cfg, &mut None, &|_| None, false);
    eprintln!(
        "{} diagnostics, model {}, {:.1} ms",
        a.diags.len(),
        a.model_current,
        t.elapsed().as_secs_f64() * 1000.0
    );
}
