//! `cargo xtask lit-compat`: run `testdata/` under LLVM's own `lit` (PyPI)
//! with FileCheck-19 and LLVM's `not`, against a freshly built irkit.
//!
//! Every file must pass there too: that keeps our tests ordinary LLVM-style
//! tests and holds `irkit filecheck` to FileCheck's behaviour on them.

use crate::util;
use std::process::Command;

const HELP: &str = "\
cargo xtask lit-compat [--fuzz N] [--seed S] [-- LIT-ARGS...]

Builds irkit (release), then runs `lit -sv testdata --param irkit=PATH`
with FileCheck-19 and /usr/lib/llvm-19/bin/not substituted (see
testdata/lit.cfg.py). Fails if lit, FileCheck-19 or not is missing, or if any
test does not pass. Extra arguments after `--` go to lit.

--fuzz N   also run N random check files and inputs through both
           `irkit filecheck` and FileCheck-19 (--dump-input=never) and compare
           exit codes and stderr; fails on any exit-code difference.
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
    if let Some(n) = util::opt_value(args, "--fuzz") {
        let n: u32 = n
            .parse()
            .map_err(|_| format!("--fuzz: not a number: {n}"))?;
        let seed: u64 = util::opt_value(args, "--seed")
            .map_or(Ok(1), str::parse)
            .map_err(|_| "--seed: not a number".to_string())?;
        fuzz(&irkit, n, seed)?;
    }
    if !out.status.success() {
        return Err("some tests failed under LLVM lit".to_string());
    }
    Ok(())
}

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

const WORDS: &[&str] = &[
    "a", "b", "A", "FOO", "ab", "foo", "bar", "x1", "x2", "42", "7", "ff", "(", ")", "[", "]", "{",
    "}", "%0", "=", ",", ".", "|",
];

fn random_input(r: &mut Rng) -> String {
    let mut s = String::new();
    for _ in 0..r.below(9) {
        s.push_str(r.pick(&["", " ", "  "]));
        let n = r.below(5);
        for i in 0..n {
            if i > 0 {
                s.push_str(r.pick(&[" ", " ", "  ", "\t"]));
            }
            s.push_str(r.pick(WORDS));
        }
        s.push('\n');
    }
    if r.below(4) == 0 {
        s.pop();
    }
    s
}

fn random_pattern(r: &mut Rng) -> String {
    let mut parts = Vec::new();
    for _ in 0..1 + r.below(3) {
        let p = match r.below(100) {
            0..=54 => r.pick(WORDS).to_string(),
            55..=69 => format!(
                "{{{{{}}}}}",
                r.pick(&[
                    "[a-z]+",
                    "[0-9]+",
                    ".*",
                    "a|b",
                    "x[12]",
                    "[^ ]+",
                    "f+",
                    "\\(",
                    "b?",
                    "[[:alpha:]]",
                    "x|x1",
                    "f|ff|fff",
                    "(a|ab)(b|)",
                    "[0-9]*?",
                    "a{1,2}",
                    "(x)*",
                    "[^]a]",
                ])
            ),
            70..=79 => format!(
                "[[{}:{}]]",
                r.pick(&["V", "W"]),
                r.pick(&["[a-z]+", "[0-9]+", ".*", "x[12]"])
            ),
            80..=87 => format!("[[{}]]", r.pick(&["V", "W"])),
            88..=93 => format!("[[#{}]]", r.pick(&["N:", "N", "N+1", "%x,H:", "H", "N-1"])),
            _ => r.pick(&["{{^}}", "{{$}}"]).to_string(),
        };
        parts.push(p);
    }
    parts.join(r.pick(&[" ", "", "  "]))
}

fn random_check(r: &mut Rng) -> String {
    let kinds = [
        "",
        "",
        "",
        "-NEXT",
        "-SAME",
        "-NOT",
        "-DAG",
        "-DAG",
        "-LABEL",
        "-EMPTY",
        "-COUNT-2",
        "{LITERAL}",
        "-NEXT{LITERAL}",
        "_NEXT",
        "-NOT-DAG",
        " ",
        "-FOO",
    ];
    let mut s = String::new();
    for _ in 0..1 + r.below(5) {
        let kind = r.pick(&kinds);
        let prefix = r.pick(&["CHECK", "CHECK", "CHECK", "A", "B", "COM", "XCHECK", "RUN"]);
        s.push_str(r.pick(&["", "// ", "; ", "#", "-"]));
        if kind == "-EMPTY" {
            s.push_str(&format!("{prefix}-EMPTY:\n"));
            continue;
        }
        s.push_str(&format!(
            "{prefix}{kind}:{}",
            r.pick(&[" ", "", "   ", "\t"])
        ));
        s.push_str(&random_pattern(r));
        s.push_str(r.pick(&["", " ", "\t"]));
        s.push('\n');
    }
    s
}

fn run_with_input(cmd: &mut Command, input: &str) -> Result<(i32, String), String> {
    use std::io::Write;
    let mut child = cmd
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {cmd:?}: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().map_err(|e| format!("{e}"))?;
    Ok((
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    ))
}

/// Differential run of random cases; prints counts, fails on exit-code
/// mismatches.
fn fuzz(irkit: &std::path::Path, n: u32, seed: u64) -> Result<(), String> {
    let filecheck = util::find_tool(&["FileCheck-19", "FileCheck"])?;
    let dir = std::env::temp_dir().join(format!("irkit-fc-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).map_err(|e| format!("{e}"))?;
    let check_path = dir.join("check.txt");
    let options: &[&[&str]] = &[
        &[],
        &[],
        &["--match-full-lines"],
        &["--strict-whitespace"],
        &["--implicit-check-not=foo"],
        &["--enable-var-scope"],
        &["--allow-empty"],
        &["--check-prefixes=A,B"],
        &["--check-prefixes=A,B,CHECK", "--allow-unused-prefixes"],
        &["--ignore-case"],
        &["-DV=ab", "-D#N=7"],
        &[
            "--check-prefix=A",
            "--match-full-lines",
            "--strict-whitespace",
        ],
    ];
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut same_code, mut same_text) = (0u32, 0u32);
    let mut mismatches = Vec::new();
    for i in 0..n {
        let input = random_input(&mut r);
        let check = random_check(&mut r);
        let opts = options[r.below(options.len())];
        std::fs::write(&check_path, &check).map_err(|e| format!("{e}"))?;
        let (rc_ref, err_ref) = run_with_input(
            Command::new(&filecheck)
                .arg("--dump-input=never")
                .arg(&check_path)
                .args(opts),
            &input,
        )?;
        let (rc_ours, err_ours) = run_with_input(
            Command::new(irkit)
                .arg("filecheck")
                .arg(&check_path)
                .args(opts),
            &input,
        )?;
        if rc_ref == rc_ours {
            same_code += 1;
            // FileCheck logs some pattern errors with a trailing blank line
            // and words a few startup errors differently.
            if err_ref.replace("\n\n", "\n") == err_ours.replace("\n\n", "\n")
                || err_ref.contains("is empty.")
            {
                same_text += 1;
            }
        } else if mismatches.len() < 5 {
            mismatches.push(format!(
                "case {i}: exit {rc_ref} (FileCheck-19) vs {rc_ours} (irkit)\noptions: {opts:?}\ninput: {input:?}\ncheck: {check:?}\n--- FileCheck-19\n{err_ref}--- irkit\n{err_ours}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    println!(
        "filecheck fuzz (seed {seed}): {n} cases; same exit code {same_code}/{n}; identical stderr {same_text}/{n}"
    );
    if mismatches.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "exit-code mismatches against FileCheck-19 (first {}):\n{}",
            mismatches.len(),
            mismatches.join("\n")
        ))
    }
}
