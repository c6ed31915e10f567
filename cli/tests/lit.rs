//! Runs every lit-style file under `<workspace>/testdata` as its own named
//! test case (the name is the path relative to `testdata/`), with the freshly
//! built `irkit` binary as `irkit`/`%irkit` and `irkit filecheck` as
//! `FileCheck`.

use irkit_lit::runner::{self, Config, Status};
use libtest_mimic::{Arguments, Failed, Trial};
use std::path::{Path, PathBuf};
use std::sync::Arc;

fn main() {
    let args = Arguments::from_args();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.parent().unwrap_or(manifest).join("testdata");
    let mut cfg = Config::new(PathBuf::from(env!("CARGO_BIN_EXE_irkit")));
    cfg.tmp_root = std::env::temp_dir().join(format!("irkit-cargo-lit-{}", std::process::id()));
    // A hung command fails its test instead of hanging `cargo test`
    // (IRKIT_LIT_TIMEOUT seconds, default 300).
    let secs = std::env::var("IRKIT_LIT_TIMEOUT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    cfg.timeout = Some(std::time::Duration::from_secs(secs));
    let cfg = Arc::new(cfg);
    let tests = if root.is_dir() {
        runner::discover(&[root]).unwrap_or_else(|e| {
            eprintln!("error: cannot list testdata: {e}");
            std::process::exit(2);
        })
    } else {
        Vec::new()
    };
    let trials = tests
        .into_iter()
        .map(|test| {
            let cfg = Arc::clone(&cfg);
            Trial::test(test.name.clone(), move || {
                let outcome = runner::run_test(&cfg, &test);
                match outcome.status {
                    Status::Pass | Status::FlakyPass | Status::Unsupported | Status::XFail => {
                        Ok(())
                    }
                    Status::Fail | Status::XPass | Status::Unresolved => {
                        Err(Failed::from(format!(
                            "{}: {}\n{}",
                            outcome.status.as_str(),
                            test.path.display(),
                            outcome.log
                        )))
                    }
                }
            })
        })
        .collect();
    let conclusion = libtest_mimic::run(&args, trials);
    let _ = std::fs::remove_dir_all(&cfg.tmp_root);
    conclusion.exit();
}
