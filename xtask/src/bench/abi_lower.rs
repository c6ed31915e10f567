//! `cargo xtask bench abi-lower`: the ABI lowering pass on one generated
//! module of many functions with mixed random signatures (the abi-diff
//! generator), each a definition plus a caller with one call site. Times
//! parse, verify, the pass (including its own final verification) and print
//! separately, in process, as the median of N runs, and the ratio of the
//! pass to parse + print (target: at most 25%), and against a direct
//! lowering written for CIR alone ([`super::cir_direct`]): same input, same
//! output (checked), the ratio of their times. The two lowerings alternate
//! which runs first in each round, each on its own freshly parsed module.

use crate::abi_diff::desc::{CType, Prim, Sig};
use crate::abi_diff::gen;
use crate::abi_diff::via_ir::{emit_module, narrow_for_cir, Dialect};
use crate::util::{has_flag, opt_value};
use irkit::abi_lower::{lower_module, LowerConfig};
use std::time::Instant;

const USAGE: &str = "\
usage: cargo xtask bench abi-lower [--functions N] [--triple T] [--runs R] [--seed S]
                                   [--dialect cir|fir] [--random] [--max-ratio X]

Generates N signatures (default 50000), each as a definition and a caller (so 2N
functions, N call sites), and times parse / verify / --abi-lower / print.
Signatures mix scalars (60%) with aggregates drawn from a pool of 256 random
record, vector and complex types, as a program reuses its types; --random
makes every parameter a fresh random type of the abi-diff generator instead
(huge, deeply nested records: a stress test of type mapping).

For CIR on x86_64 System V it also runs a direct lowering written for CIR
alone (xtask/src/bench/cir_direct.rs) on the same input, checks that its
output is byte-identical to the pass's, and prints the ratio generic / direct
(issue 16: at most 1.05 on 100K functions); --max-ratio X fails above X
(thread CPU time, median of the runs).";

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let num = |name: &str, default: u64| -> Result<u64, String> {
        opt_value(args, name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("bad {name} '{v}'"))
        })
    };
    let n = num("--functions", 50_000)? as usize;
    let runs = num("--runs", 3)?.max(1) as usize;
    let seed = num("--seed", 1)?;
    let triple = opt_value(args, "--triple").unwrap_or("x86_64-unknown-linux-gnu");
    let max_ratio = match opt_value(args, "--max-ratio") {
        Some(v) => Some(
            v.parse::<f64>()
                .map_err(|_| format!("bad --max-ratio '{v}'"))?,
        ),
        None => None,
    };
    let dialect = match opt_value(args, "--dialect").unwrap_or("cir") {
        "cir" => Dialect::Cir,
        "fir" => Dialect::Fir,
        other => return Err(format!("unknown --dialect '{other}'")),
    };
    let target = irkit_abi::lookup(triple).map_err(|e| e.to_string())?;
    let mut g = gen::Gen::new(seed, gen::GenCfg::for_target(target));
    let random = has_flag(args, "--random");
    let pool: Vec<CType> = (0..256).map(|_| pool_type(&mut g)).collect();
    let sigs: Vec<_> = (0..n)
        .map(|i| {
            let s = if random {
                g.sig(format!("g{i}"))
            } else {
                pooled_sig(&mut g, &pool, format!("g{i}"))
            };
            match dialect {
                Dialect::Cir => narrow_for_cir(&s),
                Dialect::Fir => crate::abi_diff::via_ir::narrow_for_fir(&s),
            }
        })
        .collect();
    let text = emit_module(target, dialect, &sigs).text;
    println!(
        "abi-lower bench: {} functions ({n} definitions + {n} callers), {n} call sites, {:.1} MB of IR, {triple}",
        2 * n,
        text.len() as f64 / 1e6
    );
    let mut t = Timings::default();
    let mut out_len = 0;
    // The direct lowering is written for CIR on x86_64 System V.
    let direct = dialect == Dialect::Cir && target.arch == irkit_abi::Arch::X86_64SysV;
    let mut identical = 0;
    let mut map = irkit_diag::SourceMap::new();
    let file = map.add("bench.mlir", text);
    let input = Input {
        text: map.file(file).text(),
        file,
        cfg: irkit_ir::ParseConfig {
            loc_file_name: "bench.mlir".to_string(),
            line_offset: 0,
        },
    };
    for run in 0..runs {
        // Each lowering gets a freshly parsed and verified module and runs
        // with the other's module and output freed. They alternate which
        // goes first, so that neither always meets the heap in the state
        // the other left it in.
        let direct_first = direct && run % 2 == 1;
        let mut direct_out = None;
        if direct_first {
            direct_out = Some(run_direct(&input, target, &mut t)?);
        }
        let want = run_generic(&input, triple, &mut t)?;
        out_len = want.len;
        if direct && !direct_first {
            direct_out = Some(run_direct(&input, target, &mut t)?);
        }
        if let Some(got) = direct_out {
            if got.len != want.len || got.hash != want.hash {
                let (a, b) = (
                    want.sample.unwrap_or_default(),
                    got.sample.unwrap_or_default(),
                );
                let at = a
                    .iter()
                    .zip(b.iter())
                    .position(|(x, y)| x != y)
                    .unwrap_or(a.len().min(b.len()));
                let from = at.saturating_sub(200);
                let show = |v: &[u8]| {
                    String::from_utf8_lossy(&v[from.min(v.len())..(at + 200).min(v.len())])
                        .into_owned()
                };
                return Err(format!(
                    "the direct CIR lowering's output differs from --abi-lower's (near byte {at}):\n--- generic\n{}\n--- direct\n{}",
                    show(&a),
                    show(&b)
                ));
            }
            identical += 1;
        }
    }
    println!("({:.1} MB out)", out_len as f64 / 1e6);
    for (what, pick) in [
        ("wall time", (|l: &Lap| l.wall) as fn(&Lap) -> f64),
        ("thread CPU time", |l: &Lap| l.cpu),
    ] {
        let med = |v: &[Lap]| {
            let mut x: Vec<f64> = v.iter().map(pick).collect();
            x.sort_by(f64::total_cmp);
            x[x.len() / 2]
        };
        let (p, v, a, pv, o) = (
            med(&t.parse),
            med(&t.verify),
            med(&t.pass),
            med(&t.post_verify),
            med(&t.print),
        );
        println!(
            "{what}, median of {runs}: parse {p:.3}s  verify {v:.3}s  abi-lower {a:.3}s  verify lowered {pv:.3}s  print {o:.3}s"
        );
        println!(
            "  abi-lower / (parse + print) = {:.1}% (target <= 25%); with the verification of its output {:.1}%",
            100.0 * a / (p + o),
            100.0 * (a + pv) / (p + o)
        );
        if direct {
            let d = med(&t.direct);
            println!(
                "  generic abi-lower / direct CIR-only lowering = {:.3} ({a:.3}s / {d:.3}s; target <= 1.05)",
                a / d
            );
        }
    }
    if direct {
        let mut c = t.direct_classify.clone();
        c.sort_by(f64::total_cmp);
        let d: Vec<f64> = t.direct.iter().map(|l| l.wall).collect();
        let mut d = d;
        d.sort_by(f64::total_cmp);
        println!(
            "  direct lowering: output identical to --abi-lower's {identical} / {runs}; type mapping + classification {:.3}s of its {:.3}s (wall, median)",
            c[c.len() / 2],
            d[d.len() / 2]
        );
        if let Some(max) = max_ratio {
            let cpu = |v: &[Lap]| {
                let mut x: Vec<f64> = v.iter().map(|l| l.cpu).collect();
                x.sort_by(f64::total_cmp);
                x[x.len() / 2]
            };
            let r = cpu(&t.pass) / cpu(&t.direct);
            if r > max {
                return Err(format!(
                    "generic abi-lower / direct = {r:.3} (thread CPU time) is above --max-ratio {max}"
                ));
            }
        }
    } else {
        println!("  (no direct CIR-only lowering for this dialect/target: it is written for CIR on x86_64 System V)");
    }
    Ok(())
}

/// The bench module, parsed afresh for each lowering.
struct Input<'a> {
    text: &'a str,
    file: irkit_diag::FileId,
    cfg: irkit_ir::ParseConfig,
}

impl Input<'_> {
    fn parse(&self) -> Result<irkit_ir::Module, String> {
        irkit_ir::parse(self.text, self.file, &self.cfg)
            .map_err(|d| format!("parse: {}", d.message))
    }
}

/// What a lowering printed: its length, hash and first MiB (to show where
/// two outputs part).
struct Printed {
    len: usize,
    hash: u64,
    sample: Option<Vec<u8>>,
}

impl Printed {
    fn of(out: &[u8]) -> Printed {
        Printed {
            len: out.len(),
            hash: fx_hash(out),
            sample: out.get(..out.len().min(1 << 20)).map(<[u8]>::to_vec),
        }
    }
}

/// Parse, verify, `--abi-lower`, verify the result and print, each timed.
fn run_generic(input: &Input<'_>, triple: &str, t: &mut Timings) -> Result<Printed, String> {
    let mut clock = Clock::start();
    let mut m = input.parse()?;
    t.parse.push(clock.lap());
    irkit_ir::verify::verify(&m, input.file)
        .map_err(|ds| format!("verify: {}", ds.first().map_or("", |d| d.message.as_str())))?;
    t.verify.push(clock.lap());
    let lowered = lower_module(
        &mut m,
        input.file,
        LowerConfig {
            triple: Some(triple),
            target_features: None,
            verify: false,
            max_coerced_elements: irkit_abi::MAX_COERCED_ELEMENTS,
            clang: irkit_abi::ClangVersion::V19,
        },
    );
    if let Err(e) = lowered {
        let msg: String = format!("abi-lower: {e:?}").chars().take(2000).collect();
        return Err(msg);
    }
    t.pass.push(clock.lap());
    irkit_ir::verify::verify(&m, input.file).map_err(|ds| {
        format!(
            "the lowered module does not verify: {}",
            ds.first().map_or("", |d| d.message.as_str())
        )
    })?;
    t.post_verify.push(clock.lap());
    let out = irkit_ir::print_module(&m, irkit_ir::PrintOptions { debug_info: false });
    t.print.push(clock.lap());
    Ok(Printed::of(&out))
}

/// Parse and verify (untimed), then the direct CIR-only lowering (timed),
/// then print.
fn run_direct(
    input: &Input<'_>,
    target: irkit_abi::Target,
    t: &mut Timings,
) -> Result<Printed, String> {
    let mut d = input.parse()?;
    irkit_ir::verify::verify(&d, input.file)
        .map_err(|ds| format!("verify: {}", ds.first().map_or("", |d| d.message.as_str())))?;
    let mut clock = Clock::start();
    let classify = super::cir_direct::lower(&mut d, target)?;
    t.direct.push(clock.lap());
    t.direct_classify.push(classify);
    let out = irkit_ir::print_module(&d, irkit_ir::PrintOptions { debug_info: false });
    Ok(Printed::of(&out))
}

fn fx_hash(bytes: &[u8]) -> u64 {
    use std::hash::Hasher as _;
    let mut h = rustc_hash::FxHasher::default();
    h.write(bytes);
    h.finish()
}

#[derive(Clone, Copy)]
struct Lap {
    wall: f64,
    cpu: f64,
}

#[derive(Default)]
struct Timings {
    parse: Vec<Lap>,
    verify: Vec<Lap>,
    pass: Vec<Lap>,
    post_verify: Vec<Lap>,
    print: Vec<Lap>,
    direct: Vec<Lap>,
    direct_classify: Vec<f64>,
}

/// Wall time and this thread's CPU time (from /proc/thread-self/schedstat;
/// the machine may be shared, so CPU time is the steadier measure).
struct Clock {
    wall: Instant,
    cpu: f64,
}

fn thread_cpu() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0.0, |ns| ns as f64 / 1e9)
}

impl Clock {
    fn start() -> Clock {
        Clock {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }
    fn lap(&mut self) -> Lap {
        let (w, c) = (Instant::now(), thread_cpu());
        let lap = Lap {
            wall: (w - self.wall).as_secs_f64(),
            cpu: c - self.cpu,
        };
        self.wall = w;
        self.cpu = c;
        lap
    }
}

/// An aggregate for the pool: a record, vector or complex type.
fn pool_type(g: &mut gen::Gen) -> CType {
    loop {
        let t = g.value(0);
        if !matches!(t, CType::Prim(_)) {
            return t;
        }
    }
}

/// A signature mixing common scalars with pooled aggregates.
fn pooled_sig(g: &mut gen::Gen, pool: &[CType], name: String) -> Sig {
    const SCALARS: &[Prim] = &[
        Prim::Int,
        Prim::Int,
        Prim::Long,
        Prim::Double,
        Prim::Float,
        Prim::Ptr,
        Prim::Ptr,
        Prim::Char,
        Prim::Bool,
        Prim::UInt,
        Prim::Short,
        Prim::ULong,
    ];
    let value = |g: &mut gen::Gen| {
        if g.rng.pct(60) {
            CType::Prim(g.rng.pick(SCALARS))
        } else {
            pool[g.rng.below(pool.len() as u64) as usize].clone()
        }
    };
    let ret = if g.rng.pct(20) {
        CType::Prim(Prim::Void)
    } else {
        value(g)
    };
    let n = if g.rng.pct(20) {
        7 + g.rng.below(6)
    } else {
        g.rng.below(7)
    };
    let args = (0..n).map(|_| value(g)).collect();
    Sig {
        name,
        ret,
        args,
        cc: Default::default(),
        variadic: None,
    }
}
