//! `-o` writes into what the user named: a regular file atomically (through a
//! temporary file renamed over it), a symlink's final target (the link
//! stays), a device or FIFO in place (never replaced), `-` to stdout; a
//! directory or an unwritable place is a clear error that leaves nothing
//! behind. Each case runs for every subcommand that takes `-o`.

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn irkit() -> Command {
    Command::cargo_bin("irkit").unwrap_or_else(|e| panic!("irkit binary not built: {e}"))
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap_or_else(|| panic!("cli has a parent"))
        .to_path_buf()
}

/// A fresh scratch directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("irkit-output-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Every subcommand that writes an output file, with arguments that make it
/// succeed (`ok`) or fail (`bad`, stdin) on input bad for it.
struct Sub {
    args: Vec<String>,
    bad_stdin: &'static str,
}

fn subs() -> Vec<Sub> {
    let r = root();
    let p = |s: &str| r.join(s).to_string_lossy().into_owned();
    vec![
        Sub {
            args: vec!["tblgen".into(), p("testdata/examples/dialect.td")],
            bad_stdin: "def A : NoSuchClass;\n",
        },
        Sub {
            args: vec!["opt".into(), p("testdata/ir/generic-ops.mlir")],
            bad_stdin: "\"test.op\"() : () -> (\n",
        },
        Sub {
            args: vec![
                "abi".into(),
                "--triple=x86_64-unknown-linux-gnu".into(),
                p("testdata/abi/cir-declare-x86_64.mlir"),
            ],
            bad_stdin: "\"cir.func\"() ({\n",
        },
    ]
}

/// What the subcommand prints to stdout: the bytes every `-o` must get.
fn expected(sub: &Sub) -> Vec<u8> {
    let out = irkit()
        .args(&sub.args)
        .assert()
        .success()
        .get_output()
        .clone();
    assert!(!out.stdout.is_empty(), "{:?} printed nothing", sub.args);
    out.stdout
}

fn bad_args(sub: &Sub) -> Vec<String> {
    let mut a = sub.args.clone();
    if let Some(last) = a.last_mut() {
        *last = "-".into();
    }
    a
}

/// Asserts that `sub` left nothing in `dir`.
fn assert_left_nothing(dir: &Path, sub: &Sub) {
    let left = entries(dir);
    assert!(left.is_empty(), "{:?} left {left:?}", sub.args);
}

/// Runs `sub` on its bad input with `-o out`: it must fail with exit 1.
fn fail_into(sub: &Sub, out: &Path) {
    irkit()
        .args(bad_args(sub))
        .arg("-o")
        .arg(out)
        .write_stdin(sub.bad_stdin)
        .assert()
        .code(1);
}

fn entries(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| {
            d.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

#[test]
fn dash_is_stdout() {
    for sub in subs() {
        let want = expected(&sub);
        let out = irkit()
            .args(&sub.args)
            .args(["-o", "-"])
            .assert()
            .success()
            .get_output()
            .clone();
        assert_eq!(out.stdout, want, "{:?} -o -", sub.args);
    }
}

#[test]
fn regular_file_is_written_whole_and_kept_on_failure() {
    let dir = scratch("regular");
    for sub in subs() {
        let want = expected(&sub);
        let out = dir.join("out.txt");
        irkit()
            .args(&sub.args)
            .arg("-o")
            .arg(&out)
            .assert()
            .success();
        assert_eq!(std::fs::read(&out).unwrap_or_default(), want);
        // A failed run leaves the existing file as it was, and no temporary.
        fail_into(&sub, &out);
        assert_eq!(
            std::fs::read(&out).unwrap_or_default(),
            want,
            "{:?}",
            sub.args
        );
        assert_eq!(entries(&dir), ["out.txt"], "{:?}", sub.args);
        std::fs::remove_file(&out).unwrap_or_else(|e| panic!("{e}"));
        // ... and creates nothing where there was nothing.
        fail_into(&sub, &out);
        assert_left_nothing(&dir, &sub);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn symlink_is_written_through_and_kept() {
    let dir = scratch("symlink");
    std::fs::create_dir_all(dir.join("real")).unwrap_or_else(|e| panic!("{e}"));
    for sub in subs() {
        let want = expected(&sub);
        // To an existing file, through two links (one relative).
        let target = dir.join("real/target.txt");
        std::fs::write(&target, "old\n").unwrap_or_else(|e| panic!("{e}"));
        let link1 = dir.join("link1");
        let link2 = dir.join("link2");
        let _ = std::fs::remove_file(&link1);
        let _ = std::fs::remove_file(&link2);
        std::os::unix::fs::symlink("real/target.txt", &link1).unwrap_or_else(|e| panic!("{e}"));
        std::os::unix::fs::symlink(&link1, &link2).unwrap_or_else(|e| panic!("{e}"));
        irkit()
            .args(&sub.args)
            .arg("-o")
            .arg(&link2)
            .assert()
            .success();
        for l in [&link1, &link2] {
            let md = std::fs::symlink_metadata(l).unwrap_or_else(|e| panic!("{e}"));
            assert!(
                md.file_type().is_symlink(),
                "{} is no longer a link",
                l.display()
            );
        }
        assert_eq!(std::fs::read(&target).unwrap_or_default(), want);
        // A dangling link: the file it names is created.
        std::fs::remove_file(&target).unwrap_or_else(|e| panic!("{e}"));
        irkit()
            .args(&sub.args)
            .arg("-o")
            .arg(&link2)
            .assert()
            .success();
        assert!(std::fs::symlink_metadata(&link2)
            .map(|m| m.file_type().is_symlink())
            .unwrap_or(false));
        assert_eq!(std::fs::read(&target).unwrap_or_default(), want);
        assert_eq!(entries(&dir.join("real")), ["target.txt"], "{:?}", sub.args);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn fifo_is_written_in_place() {
    let dir = scratch("fifo");
    for sub in subs() {
        let want = expected(&sub);
        let fifo = dir.join("pipe");
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap_or_else(|e| panic!("mkfifo: {e}"));
        assert!(made.success(), "mkfifo failed");
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || std::fs::read(&fifo))
        };
        irkit()
            .args(&sub.args)
            .arg("-o")
            .arg(&fifo)
            .assert()
            .success();
        let got = reader
            .join()
            .unwrap_or_else(|_| panic!("reader thread"))
            .unwrap_or_else(|e| panic!("reading the FIFO: {e}"));
        assert_eq!(
            got, want,
            "{:?}: the reader did not get every byte",
            sub.args
        );
        let md = std::fs::symlink_metadata(&fifo).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            std::os::unix::fs::FileTypeExt::is_fifo(&md.file_type()),
            "{:?}: the FIFO was replaced",
            sub.args
        );
        assert_eq!(entries(&dir), ["pipe"], "{:?}", sub.args);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn dev_null_stays_a_device() {
    let is_char_dev = || {
        std::fs::symlink_metadata("/dev/null")
            .map(|m| std::os::unix::fs::FileTypeExt::is_char_device(&m.file_type()))
            .unwrap_or(false)
    };
    assert!(
        is_char_dev(),
        "/dev/null was not a character device before the test"
    );
    for sub in subs() {
        irkit()
            .args(&sub.args)
            .args(["-o", "/dev/null"])
            .assert()
            .success();
        assert!(
            is_char_dev(),
            "{:?} -o /dev/null replaced the device",
            sub.args
        );
    }
}

#[test]
fn directory_is_a_clear_error() {
    let dir = scratch("directory");
    for sub in subs() {
        let assert = irkit().args(&sub.args).arg("-o").arg(&dir).assert().code(1);
        let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(
            err.contains(&*dir.to_string_lossy()) && err.contains("directory"),
            "{:?}: {err}",
            sub.args
        );
        assert_left_nothing(&dir, &sub);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn unwritable_directory_is_a_clear_error() {
    // /proc refuses new files even to root, unlike a chmod 555 directory.
    for sub in subs() {
        let assert = irkit()
            .args(&sub.args)
            .args(["-o", "/proc/irkit-out.txt"])
            .assert()
            .code(1);
        let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
        assert!(
            err.contains("cannot write '/proc/irkit-out.txt'"),
            "{:?}: {err}",
            sub.args
        );
        assert!(!Path::new("/proc/irkit-out.txt").exists());
    }
    // A read-only directory, where permissions apply (not to root).
    let dir = scratch("readonly");
    let mut perms = std::fs::metadata(&dir)
        .unwrap_or_else(|e| panic!("{e}"))
        .permissions();
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o555);
    std::fs::set_permissions(&dir, perms.clone()).unwrap_or_else(|e| panic!("{e}"));
    let probe = std::fs::write(dir.join("probe"), "");
    if probe.is_err() {
        for sub in subs() {
            let out = dir.join("out.txt");
            let assert = irkit().args(&sub.args).arg("-o").arg(&out).assert().code(1);
            let err = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
            assert!(err.contains("cannot write"), "{:?}: {err}", sub.args);
            assert_left_nothing(&dir, &sub);
        }
    }
    std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
    let _ = std::fs::set_permissions(&dir, perms);
    let _ = std::fs::remove_dir_all(&dir);
}
