//! `cargo xtask bench abi-lower`: the ABI lowering pass on one generated
//! module of many functions with mixed random signatures (the abi-diff
//! generator), each a definition plus a caller with one call site. Times
//! parse, verify, the pass (including its own final verification) and print
//! separately, in process, as the median of N runs, and the ratio of the
//! pass to parse + print (target: at most 25%).

use crate::abi_diff::desc::{CType, Prim, Sig};
use crate::abi_diff::gen;
use crate::abi_diff::via_ir::{emit_module, narrow_for_cir, Dialect};
use crate::util::{has_flag, opt_value};
use irkit::abi_lower::{lower_module, LowerConfig};
use std::time::Instant;

const USAGE: &str = "\
usage: cargo xtask bench abi-lower [--functions N] [--triple T] [--runs R] [--seed S]
                                   [--dialect cir|fir] [--random]

Generates N signatures (default 50000), each as a definition and a caller (so 2N
functions, N call sites), and times parse / verify / --abi-lower / print.
Signatures mix scalars (60%) with aggregates drawn from a pool of 256 random
record, vector and complex types, as a program reuses its types; --random
makes every parameter a fresh random type of the abi-diff generator instead
(huge, deeply nested records: a stress test of type mapping).";

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
    for _ in 0..runs {
        let mut map = irkit_diag::SourceMap::new();
        let file = map.add("bench.mlir", text.clone());
        let cfg = irkit_ir::ParseConfig {
            loc_file_name: "bench.mlir".to_string(),
            line_offset: 0,
        };
        let mut clock = Clock::start();
        let mut m = irkit_ir::parse(map.file(file).text(), file, &cfg)
            .map_err(|d| format!("parse: {}", d.message))?;
        t.parse.push(clock.lap());
        irkit_ir::verify::verify(&m, file)
            .map_err(|ds| format!("verify: {}", ds.first().map_or("", |d| d.message.as_str())))?;
        t.verify.push(clock.lap());
        let lowered = lower_module(
            &mut m,
            file,
            LowerConfig {
                triple: Some(triple),
                target_features: None,
                verify: false,
                max_coerced_elements: irkit_abi::MAX_COERCED_ELEMENTS,
            },
        );
        if let Err(e) = lowered {
            let msg: String = format!("abi-lower: {e:?}").chars().take(2000).collect();
            return Err(msg);
        }
        t.pass.push(clock.lap());
        irkit_ir::verify::verify(&m, file).map_err(|ds| {
            format!(
                "the lowered module does not verify: {}",
                ds.first().map_or("", |d| d.message.as_str())
            )
        })?;
        t.post_verify.push(clock.lap());
        let out = irkit_ir::print_module(&m, irkit_ir::PrintOptions { debug_info: false });
        t.print.push(clock.lap());
        out_len = out.len();
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
    }
    Ok(())
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
