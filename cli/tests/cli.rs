//! Command-line behaviour that every subcommand shares: help text, usage
//! errors and their exit codes.

use assert_cmd::Command;

fn irkit() -> Command {
    Command::cargo_bin("irkit").unwrap_or_else(|e| panic!("irkit binary not built: {e}"))
}

#[test]
fn top_level_help_lists_every_subcommand() {
    let out = irkit()
        .arg("--help")
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8_lossy(&out);
    for sub in ["tblgen", "verify", "opt", "abi", "filecheck", "lit"] {
        assert!(
            text.contains(sub),
            "--help does not mention `{sub}`:\n{text}"
        );
    }
}

#[test]
fn each_subcommand_has_its_own_help() {
    for (sub, needle) in [
        ("tblgen", "--dump-json"),
        ("verify", "--verify-diagnostics"),
        ("opt", "--abi-lower"),
        ("abi", "--triple"),
        ("filecheck", "--check-prefix"),
        ("lit", "--verbose"),
    ] {
        let out = irkit()
            .args([sub, "--help"])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out);
        assert!(
            text.contains(needle),
            "`irkit {sub} --help` does not mention {needle}:\n{text}"
        );
    }
}

#[test]
fn unknown_flag_is_a_usage_error() {
    let assert = irkit().args(["tblgen", "--no-such-flag"]).assert().code(2);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
    assert!(
        err.contains("--no-such-flag"),
        "stderr does not name the flag: {err}"
    );
}

#[test]
fn unknown_subcommand_is_a_usage_error() {
    irkit().arg("frobnicate").assert().code(2);
}

#[test]
fn missing_input_file_is_exit_1_with_its_name() {
    for args in [
        &["tblgen", "/no/such/file.td"][..],
        &["verify", "/no/such/file.td"][..],
        &["opt", "/no/such/file.td"][..],
        &[
            "abi",
            "--triple=x86_64-unknown-linux-gnu",
            "/no/such/file.td",
        ][..],
    ] {
        let assert = irkit().args(args).assert().code(1);
        let err = String::from_utf8_lossy(&assert.get_output().stderr).to_string();
        assert!(
            err.contains("/no/such/file.td"),
            "{args:?}: stderr does not name the file: {err}"
        );
    }
}

#[test]
fn tblgen_output_file_is_not_written_on_error() {
    let dir = std::env::temp_dir().join(format!("irkit-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    let out = dir.join("out.txt");
    irkit()
        .args(["tblgen", "-", "-o"])
        .arg(&out)
        .write_stdin("def A : NoSuchClass;\n")
        .assert()
        .code(1);
    assert!(!out.exists(), "a failed run left {}", out.display());
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(
        left.is_empty(),
        "a failed run left temporary files: {left:?}"
    );
    irkit()
        .args(["tblgen", "-", "-o"])
        .arg(&out)
        .write_stdin("def A;\n")
        .assert()
        .success();
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    assert!(text.contains("def A {"), "output file: {text}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// LLVM's conventions: every long option also takes one dash, and `-o` its
/// value after `=` or glued on; the output is the same as with the GNU
/// spelling. One run per subcommand that follows LLVM's cl rules.
#[test]
fn llvm_style_options_on_every_subcommand() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(|p| p.to_path_buf())
        .unwrap_or_default();
    let p = |s: &str| root.join(s).to_string_lossy().into_owned();
    let td = p("testdata/examples/dialect.td");
    let ir = p("testdata/ir/generic-ops.mlir");
    let abi = p("testdata/abi/cir-declare-x86_64.mlir");
    let tokens = p("testdata/tokens/call.mlir");
    let cases: Vec<(Vec<String>, Vec<String>)> = vec![
        (
            vec!["tblgen".into(), "--print-records".into(), td.clone()],
            vec!["tblgen".into(), "-print-records".into(), td.clone()],
        ),
        (
            vec!["tblgen".into(), "--dump-json".into(), td.clone()],
            vec![
                "tblgen".into(),
                "-dump-json".into(),
                td.clone(),
                "-o=-".into(),
            ],
        ),
        (
            vec![
                "opt".into(),
                "--split-input-file".into(),
                "--mlir-print-op-generic".into(),
                ir.clone(),
            ],
            vec![
                "opt".into(),
                "-split-input-file".into(),
                "-mlir-print-op-generic".into(),
                "-allow-unregistered-dialect".into(),
                ir.clone(),
            ],
        ),
        (
            vec![
                "verify".into(),
                "--verify-diagnostics".into(),
                "--split-input-file".into(),
                tokens.clone(),
            ],
            vec![
                "verify".into(),
                "-verify-diagnostics".into(),
                "-split-input-file".into(),
                "-allow-unregistered-dialect".into(),
                tokens.clone(),
            ],
        ),
        (
            vec![
                "abi".into(),
                "--triple=x86_64-unknown-linux-gnu".into(),
                "--format=llvm".into(),
                abi.clone(),
            ],
            vec![
                "abi".into(),
                "-triple=x86_64-unknown-linux-gnu".into(),
                "-format".into(),
                "llvm".into(),
                abi.clone(),
            ],
        ),
    ];
    for (gnu, llvm) in cases {
        let want = irkit().args(&gnu).assert().success().get_output().clone();
        let got = irkit().args(&llvm).assert().success().get_output().clone();
        assert_eq!(
            String::from_utf8_lossy(&got.stdout),
            String::from_utf8_lossy(&want.stdout),
            "{llvm:?} differs from {gnu:?}"
        );
    }
    // An unknown one-dash word is still a usage error naming it.
    let assert = irkit().args(["opt", "-no-such-option"]).assert().code(2);
    let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert!(
        err.contains("'-n'") || err.contains("-no-such-option"),
        "{err}"
    );
}

/// Each subcommand's --help names its input and points at the user's guide,
/// and the page it names exists.
#[test]
fn each_subcommand_help_links_the_guide() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for sub in ["tblgen", "verify", "opt", "abi", "filecheck", "lit"] {
        // `irkit filecheck --help` prints FileCheck's own help, byte for
        // byte; irkit's page for it is `irkit help filecheck`.
        let args = if sub == "filecheck" {
            ["help", sub]
        } else {
            [sub, "--help"]
        };
        let out = irkit()
            .args(args)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let text = String::from_utf8_lossy(&out).replace('\n', " ");
        assert!(
            text.contains("Input:"),
            "`irkit {sub} --help` does not name its input:\n{text}"
        );
        let Some(at) = text.find("docs/") else {
            panic!("`irkit {sub} --help` does not link the guide:\n{text}");
        };
        let page: String = text[at..]
            .chars()
            .take_while(|c| !c.is_whitespace())
            .collect();
        let page = page.trim_end_matches(['.', ',', ')']);
        assert!(
            root.join(page).is_file(),
            "`irkit {sub} --help` names {page}, which does not exist"
        );
    }
}

#[test]
fn abi_help_lists_the_registry_triples() {
    // `--triple`'s help comes from the ABI library's registry, so a new
    // target shows up there without editing the CLI.
    let out = irkit()
        .args(["abi", "--help"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let text: String = String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for t in irkit_abi::targets::SUPPORTED_TRIPLES
        .split(',')
        .map(str::trim)
    {
        assert!(
            text.contains(t),
            "{t} missing from irkit abi --help:\n{text}"
        );
    }
}

/// The triple spellings users type map to the target clang picks for them:
/// `irkit abi` and `irkit opt --abi-lower` give the same output (and exit
/// code) as with the canonical triple; a triple whose C ABI is not
/// implemented is refused with a message naming it, never classified as
/// another target.
#[test]
fn triple_spellings_map_as_clang_maps_them() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let decl = root.join("testdata/abi/cir-declare-x86_64.mlir");
    let lower = root.join("testdata/abi/lower-cir-aarch64.mlir");
    let spellings: &[(&str, &str)] = &[
        ("x86_64", "x86_64-unknown-linux-gnu"),
        ("x86_64-linux-gnu", "x86_64-unknown-linux-gnu"),
        ("x86_64-pc-linux-gnu", "x86_64-unknown-linux-gnu"),
        ("aarch64", "aarch64-unknown-linux-gnu"),
        ("aarch64-linux-gnu", "aarch64-unknown-linux-gnu"),
        ("x86_64-w64-mingw32", "x86_64-w64-windows-gnu"),
        ("x86_64-pc-win32", "x86_64-pc-windows-msvc"),
        ("arm64-apple-macosx", "aarch64-apple-darwin"),
        ("arm64-apple-darwin", "aarch64-apple-darwin"),
        ("riscv64-linux-gnu", "riscv64-unknown-linux-gnu"),
        ("mips64el-linux-gnuabi64", "mips64el-unknown-linux-gnuabi64"),
        ("sparcv9-linux-gnu", "sparc64-unknown-linux-gnu"),
        ("wasm32", "wasm32-unknown-unknown"),
    ];
    let run = |args: &[String]| {
        let out = irkit()
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
        )
    };
    for &(spelling, canonical) in spellings {
        for (sub, file) in [("abi", &decl), ("opt", &lower)] {
            let args = |t: &str| -> Vec<String> {
                let mut v = vec![sub.to_string(), format!("--triple={t}")];
                if sub == "abi" {
                    v.push("--format=llvm".into());
                } else {
                    v.push("--abi-lower".into());
                }
                v.push(file.to_string_lossy().into_owned());
                v
            };
            let want = run(&args(canonical));
            assert_eq!(want.0, Some(0), "{sub} --triple={canonical} failed");
            assert_eq!(
                run(&args(spelling)),
                want,
                "{sub} --triple={spelling} vs {canonical}"
            );
        }
    }
    for refused in [
        "x86_64-unknown-linux-gnux32",
        "i686-w64-windows-gnu",
        "mips64el-unknown-linux-gnuabin32",
    ] {
        let assert = irkit()
            .args(["abi", &format!("--triple={refused}"), "--format=llvm"])
            .arg(&decl)
            .assert()
            .failure();
        let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(
            err.contains(refused) && err.contains("not supported"),
            "{refused}: {err}"
        );
    }
}
