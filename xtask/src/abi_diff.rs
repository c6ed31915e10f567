//! `cargo xtask abi-diff`: irkit-abi classification against clang-19.
//!
//! Random C signatures (and the curated `testdata/abi/edge-cases.txt`) are
//! made from one description (`irkit_abi::cdesc`) that yields both the C source and
//! the shadow types. Clang compiles batches of definitions at `-O0`; each
//! `define` line is normalized ([`llparse`]) and compared with
//! `irkit_abi::print::declare_line` of our classification. Mismatches are
//! written as one-function C reproducers under `target/abi-diff/`.

pub mod cgen;
pub mod gen;
mod llparse;
pub(crate) mod via_ir;

pub use irkit_abi::cdesc as desc;

use crate::util::{find_tool, has_flag, opt_value, workspace_root};
use desc::Sig;
use irkit_abi::print::{declare_line_for, ClangVersion};
use irkit_abi::{lookup, AbiCx, Arch, LlTypes, Target};
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const USAGE: &str = "\
cargo xtask abi-diff [--triple T[,T...]] [--count N] [--variadic V] [--seed S] [--jobs J] [--clang 19|22]
                     [--features +avx|+avx512f] [--edge-cases FILE] [--batch B] [--verbose]

Defaults: x86_64-unknown-linux-gnu and aarch64-unknown-linux-gnu,
N=10000 random signatures and V=N/10 variadic calls (a variadic prototype called
with extra promoted arguments: its definition and the call are compared), S=1, J=2, B=200, clang-19, edge cases from testdata/abi/edge-cases.txt.
Other triples: aarch64-apple-darwin, x86_64-pc-windows-msvc, x86_64-w64-windows-gnu,
riscv64-unknown-linux-gnu, riscv32-unknown-linux-gnu, loongarch64-unknown-linux-gnu,
armv7-unknown-linux-gnueabihf, arm-unknown-linux-gnueabi, i386-unknown-linux-gnu,
i686-pc-windows-msvc, aarch64-pc-windows-msvc, powerpc64le-unknown-linux-gnu,
s390x-unknown-linux-gnu (--features +vector: its vector ABI),
i686-pc-windows-msvc, mips64el-unknown-linux-gnuabi64, sparc64-unknown-linux-gnu,
wasm32-unknown-unknown.
Prints 'mismatches K / N' per triple; reproducers go to target/abi-diff/.";

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    if has_flag(args, "--via-ir") {
        return via_ir::run(args);
    }
    let num = |name: &str, default: u64| -> Result<u64, String> {
        opt_value(args, name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("bad {name} '{v}'"))
        })
    };
    let count = num("--count", 10_000)?;
    let n_variadic = num("--variadic", count / 10)?;
    let seed = num("--seed", 1)?;
    let jobs = num("--jobs", 2)?.max(1) as usize;
    let batch = num("--batch", 200)?.max(1) as usize;
    let features = opt_value(args, "--features").unwrap_or("").to_string();
    let triples: Vec<String> = opt_value(args, "--triple")
        .unwrap_or("x86_64-unknown-linux-gnu,aarch64-unknown-linux-gnu")
        .split(',')
        .map(str::to_string)
        .collect();
    let root = workspace_root();
    let edge_path = opt_value(args, "--edge-cases")
        .map_or_else(|| root.join("testdata/abi/edge-cases.txt"), PathBuf::from);
    let edge_text = std::fs::read_to_string(&edge_path)
        .map_err(|e| format!("cannot read {}: {e}", edge_path.display()))?;
    let (clang, version) = match opt_value(args, "--clang").unwrap_or("19") {
        "19" => (find_tool(&["clang-19"])?, ClangVersion::V19),
        "22" => (find_tool(&["clang-22"])?, ClangVersion::V22),
        v => return Err(format!("--clang takes 19 or 22, not '{v}'")),
    };
    let mut total_bad = 0;
    for triple in &triples {
        let target = lookup(triple)
            .and_then(|t| t.with_features(&features))
            .map_err(|e| e.to_string())?
            .with_clang(version);
        let edges = parse_edge_cases(&edge_text, target)?;
        let mut g = gen::Gen::new(seed, gen::GenCfg::for_target(target));
        let random: Vec<Sig> = (0..count).map(|i| g.sig(format!("g{i}"))).collect();
        // Variadic calls come from their own stream, so the fixed-signature
        // set above is the same with or without them.
        let mut gv = gen::Gen::new(seed ^ 0x7661_7261_7267, gen::GenCfg::for_target(target));
        let variadic: Vec<Sig> = (0..n_variadic)
            .map(|i| gv.variadic_sig(format!("v{i}")))
            .collect();
        let out_dir = root.join("target/abi-diff").join(triple);
        let _ = std::fs::remove_dir_all(&out_dir);
        std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let verbose = has_flag(args, "--verbose");
        let cfg = RunCfg {
            clang: &clang,
            version,
            triple,
            features: &features,
            jobs,
            batch,
            out_dir: &out_dir,
            verbose,
        };
        // The edge cases as C, for people reading along.
        let _ = std::fs::write(out_dir.join("edge-cases.c"), cgen::c_source(&edges));
        let t0 = std::time::Instant::now();
        let edge_bad = compare(&cfg, target, &edges, "edge")?;
        let rand_bad = compare(&cfg, target, &random, "rand")?;
        let var_bad = compare(&cfg, target, &variadic, "vararg")?;
        println!(
            "{triple}{}: edge cases: mismatches {} / {}; random (seed {seed}): mismatches {} / {}; variadic calls: mismatches {} / {}  [{:.1}s]",
            if features.is_empty() { String::new() } else { format!(" ({features})") },
            edge_bad,
            edges.len(),
            rand_bad,
            random.len(),
            var_bad,
            variadic.len(),
            t0.elapsed().as_secs_f64()
        );
        total_bad += edge_bad + rand_bad + var_bad;
    }
    if total_bad > 0 {
        return Err(format!(
            "{total_bad} mismatches (reproducers under target/abi-diff/)"
        ));
    }
    Ok(())
}

/// Edge-case lines: `NAME: RET (ARGS)`, optionally prefixed by
/// `[x86_64]` or `[aarch64]` to restrict them to one target.
pub fn parse_edge_cases(text: &str, target: Target) -> Result<Vec<Sig>, String> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (only, rest) = match line.strip_prefix('[') {
            Some(r) => r
                .split_once(']')
                .ok_or(format!("edge-cases:{}: unclosed [", n + 1))?,
            None => ("", line),
        };
        let here = match only {
            "" => true,
            "x86_64" => target.arch == Arch::X86_64SysV,
            "aarch64" => target.arch == Arch::Aarch64Aapcs,
            "darwin" => target.arch == Arch::Aarch64Darwin,
            "riscv64" => target.arch == Arch::Riscv64Lp64d,
            "riscv32" => target.arch == Arch::Riscv32Ilp32d,
            "riscv" => matches!(target.arch, Arch::Riscv64Lp64d | Arch::Riscv32Ilp32d),
            "loongarch64" => target.arch == Arch::Loongarch64Lp64d,
            "arm" => matches!(target.arch, Arch::ArmAapcsVfp | Arch::ArmAapcs),
            "armhf" => target.arch == Arch::ArmAapcsVfp,
            "win-arm64" => target.arch == Arch::Aarch64Win,
            "ppc64le" => target.arch == Arch::Ppc64leElfv2,
            "s390x" => matches!(target.arch, Arch::SystemZ | Arch::SystemZVector),
            "win64" => matches!(target.arch, Arch::X86_64Win64 | Arch::X86_64MinGW),
            "x86_32" => matches!(target.arch, Arch::X86_32SysV | Arch::X86_32Win),
            "i386" => target.arch == Arch::X86_32SysV,
            "win32" => target.arch == Arch::X86_32Win,
            "mingw" => target.arch == Arch::X86_64MinGW,
            "msvc" => target.arch == Arch::X86_64Win64,
            "mips64" => target.arch == Arch::Mips64N64,
            "sparc64" => target.arch == Arch::Sparc64,
            "wasm32" => target.arch == Arch::Wasm32,
            other => {
                return Err(format!(
                    "edge-cases:{}: unknown target filter '{other}'",
                    n + 1
                ))
            }
        };
        let sig = desc::parse_sig(rest).map_err(|e| format!("edge-cases:{}: {e}", n + 1))?;
        // `__int128` only exists with 64-bit pointers, `__float128` on x86
        // System V; LoongArch has no `_Float16` before Clang 22.
        if here && gen::GenCfg::for_target(target).has_all_types(&sig) {
            out.push(sig);
        }
    }
    Ok(out)
}

struct RunCfg<'a> {
    clang: &'a Path,
    version: ClangVersion,
    triple: &'a str,
    features: &'a str,
    jobs: usize,
    batch: usize,
    out_dir: &'a Path,
    verbose: bool,
}

fn clang_cmd(cfg: &RunCfg) -> Command {
    let mut cmd = Command::new(cfg.clang);
    cmd.args([
        "-O0",
        "-S",
        "-emit-llvm",
        "-w",
        &format!("--target={}", cfg.triple),
    ]);
    for f in cfg.features.split(',').filter(|f| !f.is_empty()) {
        cmd.args(["-Xclang", "-target-feature", "-Xclang", f]);
    }
    cmd.args(["-x", "c", "-", "-o", "-"]);
    cmd
}

fn run_clang(cfg: &RunCfg, src: &str) -> Result<String, String> {
    let mut child = clang_cmd(cfg)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run clang-19: {e}"))?;
    if let Some(mut stdin) = child.stdin.take() {
        stdin
            .write_all(src.as_bytes())
            .map_err(|e| format!("writing to clang: {e}"))?;
    }
    let out = child
        .wait_with_output()
        .map_err(|e| format!("clang: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// Compiles `sigs` in batches with clang (in parallel), compares each with
/// our classification and writes reproducers. Returns the mismatch count.
fn compare(cfg: &RunCfg, target: Target, sigs: &[Sig], tag: &str) -> Result<usize, String> {
    let batches: Vec<&[Sig]> = sigs.chunks(cfg.batch).collect();
    let results: Mutex<Vec<Option<Result<String, String>>>> = Mutex::new(vec![None; batches.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.min(batches.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= batches.len() {
                    break;
                }
                let r = run_clang(cfg, &cgen::c_source(batches[i]));
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| "worker panicked".to_string())?;
    let mut cx = AbiCx::new(target);
    let mut bad = 0;
    // How many clang lines show each ABI feature (coverage of the run).
    const FEATURES: &[&str] = &[
        " byval(",
        "sret(",
        "alignstack(",
        "signext",
        "zeroext",
        "x86_fp80",
        "fp128",
        "half",
        "<2 x float>",
        "{ double",
        "{ i64",
        "i128",
        "[2 x i64]",
        "[4 x float]",
        " inreg",
        "ppc_fp128",
        " noext",
    ];
    let mut seen = vec![0usize; FEATURES.len()];
    for (bi, (batch, res)) in batches.iter().zip(results).enumerate() {
        let text = match res {
            Some(Ok(t)) => t,
            Some(Err(e)) => {
                let p = cfg.out_dir.join(format!("{tag}-batch{bi}-clang-error.c"));
                let _ = std::fs::write(&p, cgen::c_source(batch));
                return Err(format!("clang failed on {}:\n{e}", p.display()));
            }
            None => return Err("missing clang result".into()),
        };
        let mut ll = LlTypes::new();
        let mut module = llparse::Module::new(&text);
        let defines = module.defines(&text, &mut ll)?;
        let by_name: std::collections::HashMap<&str, &str> = defines
            .iter()
            .map(|(n, l)| (n.as_str(), l.as_str()))
            .collect();
        for sig in batch.iter() {
            let expected_owned;
            let mut expected = by_name
                .get(sig.name.as_str())
                .copied()
                .unwrap_or("<no define>");
            if sig.variadic.is_some() {
                // The definition (fixed part) and the call in `NAME_c`.
                let call = module
                    .call(&text, &sig.name, &mut ll)
                    .unwrap_or_else(|e| format!("<{e}>"));
                expected_owned = format!("{expected}; {call}");
                expected = &expected_owned;
            }
            for (k, f) in FEATURES.iter().enumerate() {
                if expected.contains(f) {
                    seen[k] += 1;
                }
            }
            let ours = desc::sig_to_fn_sig(&mut cx, sig).and_then(|fs| {
                ours_line(&mut cx, &fs, &sig.name, cfg.version).map_err(|e| e.to_string())
            });
            let ours = match ours {
                Ok(s) => s,
                Err(e) => format!("<error: {e}>"),
            };
            if cfg.verbose {
                println!("{}\n  clang: {expected}\n  irkit: {ours}", sig.name);
            }
            if ours != expected {
                bad += 1;
                if bad <= 5 {
                    eprintln!(
                        "mismatch {}: {sig}\n  clang: {expected}\n  irkit: {ours}",
                        cfg.triple
                    );
                }
                write_repro(cfg, sig, expected, &ours, tag, bad);
            }
        }
    }
    if cfg.verbose || tag != "edge" {
        let cov: Vec<String> = FEATURES
            .iter()
            .zip(&seen)
            .map(|(f, n)| format!("'{}' {n}", f.trim()))
            .collect();
        println!(
            "  {tag} coverage (signatures whose clang line has …): {}",
            cov.join(", ")
        );
    }
    Ok(bad)
}

/// Our classification of `fs` as the comparison line: the `declare` line
/// and, for a variadic call, `; ` and the call line.
fn ours_line(
    cx: &mut AbiCx,
    fs: &irkit_abi::FnSig,
    name: &str,
    version: ClangVersion,
) -> Result<String, irkit_abi::AbiError> {
    let Some(n) = fs.variadic else {
        let abi = cx.compute_fn_abi(fs)?;
        return Ok(declare_line_for(&cx.ll, &abi, name, version));
    };
    let decl = irkit_abi::FnSig {
        args: fs.args[..n.min(fs.args.len())].to_vec(),
        ..fs.clone()
    };
    let abi = cx.compute_fn_abi(&decl)?;
    let mut line = declare_line_for(&cx.ll, &abi, name, version);
    let call = cx.compute_fn_abi(fs)?;
    line.push_str("; ");
    line.push_str(&irkit_abi::print::call_line_for(
        &cx.ll, &call, name, version,
    ));
    Ok(line)
}

fn write_repro(cfg: &RunCfg, sig: &Sig, expected: &str, ours: &str, tag: &str, n: usize) {
    let mut s = format!(
        "// abi-diff mismatch on {}\n// signature: {sig}\n// clang: {expected}\n// irkit: {ours}\n// RUN: clang -O0 -S -emit-llvm --target={} %s -o - | grep '^define'\n",
        cfg.triple, cfg.triple
    );
    s.push_str(&cgen::c_source(std::slice::from_ref(sig)));
    let _ = std::fs::write(cfg.out_dir.join(format!("{tag}-{n:05}-{}.c", sig.name)), s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_descriptions_round_trip_through_text() {
        let mut g = gen::Gen::new(
            7,
            gen::GenCfg {
                has_f128: true,
                long_bytes: 8,
                has_i128: true,
                has_half: true,
                has_fp16: true,
                ccs: &[
                    irkit_abi::CallConv::FastCall,
                    irkit_abi::CallConv::RegParm(2),
                ],
            },
        );
        for i in 0..2000 {
            let s = g.sig(format!("g{i}"));
            let text = s.to_string();
            assert_eq!(desc::parse_sig(&text).as_ref(), Ok(&s), "{text}");
        }
    }

    #[test]
    fn clang_defines_are_normalized() {
        let text = "%struct.P = type <{ i8, i32 }>\n%struct.E = type {}\n\
            define dso_local void @f5(ptr dead_on_unwind noalias writable sret(%struct.P) align 1 %0, ptr noundef byval(%struct.P) align 8 %1, [2 x float] noundef alignstack(8) %2) #0 {\n\
            define dso_local signext i8 @f2(i8 noundef signext %0, i1 noundef zeroext %3) #0 {\n\
            define dso_local { i64, double } @g(i64 %0, double %1, <2 x float> %2) #0 {\n";
        let mut ll = LlTypes::new();
        let mut m = llparse::Module::new(text);
        let d = m.defines(text, &mut ll).expect("parses");
        let lines: Vec<&str> = d.iter().map(|(_, l)| l.as_str()).collect();
        assert_eq!(
            lines,
            [
                "declare void @f5(ptr sret(<{ i8, i32 }>) align 1, ptr byval(<{ i8, i32 }>) align 8, [2 x float] alignstack(8))",
                "declare signext i8 @f2(i8 signext, i1 zeroext)",
                "declare { i64, double } @g(i64, double, <2 x float>)",
            ]
        );
    }

    #[test]
    fn edge_case_file_parses_for_both_targets() {
        let text = std::fs::read_to_string(workspace_root().join("testdata/abi/edge-cases.txt"))
            .expect("edge cases");
        for t in ["x86_64-unknown-linux-gnu", "aarch64-unknown-linux-gnu"] {
            let sigs = parse_edge_cases(&text, lookup(t).expect("target")).expect("parses");
            assert!(sigs.len() >= 40, "{t}: {}", sigs.len());
        }
    }
}
