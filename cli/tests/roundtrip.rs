//! What `irkit opt` prints parses again: `irkit opt X | irkit opt -` (and
//! after `--abi-lower`) over every `.mlir` file of `testdata/` that `irkit
//! opt` accepts, and printing the re-parsed IR gives the same text.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn irkit() -> Command {
    Command::cargo_bin("irkit").unwrap_or_else(|e| panic!("irkit binary not built: {e}"))
}

fn mlir_files(dir: &Path, acc: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = rd.flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            mlir_files(&p, acc);
        } else if p.extension().is_some_and(|e| e == "mlir") {
            acc.push(p);
        }
    }
}

/// `--dialect FILE` arguments of the file's RUN lines (`%S` expanded).
fn dialect_args(path: &Path, text: &str) -> Vec<String> {
    let dir = path
        .parent()
        .map(|d| d.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut res = Vec::new();
    for line in text.lines().filter(|l| l.contains("RUN:")) {
        let words: Vec<&str> = line.split_whitespace().collect();
        for w in words.windows(2) {
            if w[0] == "--dialect" || w[0] == "-dialect" {
                res.push("--dialect".to_string());
                res.push(w[1].replace("%S", &dir));
            }
        }
        if !res.is_empty() {
            break;
        }
    }
    res
}

/// Runs `irkit opt ARGS` on `input`; stdout on success.
fn opt(args: &[String], input: &[u8]) -> Option<Vec<u8>> {
    let out = irkit()
        .arg("opt")
        .args(args)
        .arg("-")
        .write_stdin(input.to_vec())
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
}

struct Tally {
    accepted: usize,
    failures: Vec<String>,
}

fn round_trip(extra: &[&str]) -> Tally {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata");
    let mut files = Vec::new();
    mlir_files(&root, &mut files);
    assert!(files.len() > 20, "found only {} .mlir files", files.len());
    let mut tally = Tally {
        accepted: 0,
        failures: Vec::new(),
    };
    for f in files {
        // The one input whose print -> parse -> print is unstable in
        // mlir-opt too (f128 below double's range prints in decimal and
        // reads back as 0); the file itself checks both prints.
        if f.ends_with("ir/f128-decimal-roundtrip.mlir") {
            continue;
        }
        // Likewise MLIR 19's `llvm.invoke` printer, which writes the
        // destinations' operands among the call's arguments.
        if f.ends_with("ir-custom/llvm-invoke-quirk.mlir") {
            continue;
        }
        let text = std::fs::read(&f).unwrap_or_default();
        let mut args = dialect_args(&f, &String::from_utf8_lossy(&text));
        args.extend(extra.iter().map(|s| s.to_string()));
        // As a whole file, else chunk by chunk (the separators are printed
        // and split again on the way back).
        let mut split = args.clone();
        split.push("--split-input-file".into());
        let (first, used) = match opt(&args, &text) {
            Some(o) => (o, args),
            None => match opt(&split, &text) {
                Some(o) => (o, split),
                None => continue,
            },
        };
        tally.accepted += 1;
        // Re-read what was printed: no pass again, just parse and print.
        let again_args: Vec<String> = used
            .iter()
            .filter(|a| !a.starts_with("--abi-lower") && !a.starts_with("--triple"))
            .cloned()
            .collect();
        match opt(&again_args, &first) {
            None => tally.failures.push(format!(
                "{}: the output of `irkit opt {used:?}` does not parse",
                f.display()
            )),
            Some(second) if extra.is_empty() && second != first => tally.failures.push(format!(
                "{}: printing the re-parsed output changes it",
                f.display()
            )),
            Some(_) => {}
        }
    }
    eprintln!(
        "round trip {extra:?}: {} .mlir files accepted by irkit opt, {} failures",
        tally.accepted,
        tally.failures.len()
    );
    tally
}

#[test]
fn opt_output_parses_again() {
    let t = round_trip(&[]);
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
    assert!(t.accepted >= 25, "only {} files were accepted", t.accepted);
}

#[test]
fn abi_lowered_output_parses_again() {
    for triple in [
        "--triple=x86_64-unknown-linux-gnu",
        "--triple=aarch64-unknown-linux-gnu",
    ] {
        let t = round_trip(&["--abi-lower", triple]);
        assert!(
            t.failures.is_empty(),
            "{triple}:\n{}",
            t.failures.join("\n")
        );
        assert!(
            t.accepted >= 10,
            "{triple}: only {} files were accepted",
            t.accepted
        );
    }
}

/// Types of irkit's own dialects keep the input's alias names inside their
/// bodies (`!cir.func<(!s32i)>`): the output carries those aliases' definitions,
/// so `irkit opt X | irkit abi -` classifies exactly as `irkit abi X`.
#[test]
fn abi_reads_what_opt_prints() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/abi");
    let mut files = Vec::new();
    mlir_files(&dir, &mut files);
    let mut compared = 0;
    for f in &files {
        for triple in [
            "--triple=x86_64-unknown-linux-gnu",
            "--triple=aarch64-unknown-linux-gnu",
        ] {
            let direct = irkit().args(["abi", triple]).arg(f).output();
            let Ok(direct) = direct else { continue };
            if !direct.status.success() {
                continue;
            }
            let text = std::fs::read(f).unwrap_or_default();
            let Some(printed) = opt(&[], &text) else {
                continue;
            };
            let via = irkit()
                .args(["abi", triple, "-"])
                .write_stdin(printed)
                .output()
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                via.status.success(),
                "{}: irkit abi cannot read what irkit opt printed:\n{}",
                f.display(),
                String::from_utf8_lossy(&via.stderr)
            );
            assert_eq!(
                String::from_utf8_lossy(&via.stdout),
                String::from_utf8_lossy(&direct.stdout),
                "{} {triple}",
                f.display()
            );
            compared += 1;
        }
    }
    assert!(compared >= 4, "only {compared} files compared");
}
