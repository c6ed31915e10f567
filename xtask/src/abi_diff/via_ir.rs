//! `cargo xtask abi-diff --via-ir`: the ABI lowering pass end to end.
//!
//! Each signature (the curated edge cases, then random ones) becomes an IR
//! module: a definition whose body stores every argument and returns a
//! loaded value, plus a caller that calls it. `irkit opt --abi-lower` lowers
//! it; the lowered function's type, `arg_attrs` and `res_attrs` are read
//! back, spelled as LLVM types and attributes, and compared with the
//! `define` line clang-19 emits for the same C definition.
//!
//! `--dialect cir` (default) writes CIR (`cir.func`, `cir.call`);
//! `--dialect fir` writes FIR (`func.func`, `fir.call`) over the types FIR
//! can spell for C interop (signed integers, `!fir.logical<1>` for `_Bool`,
//! reals, `!fir.complex<K>`, `!fir.ref<i8>` for pointers, `!fir.type<...>`
//! records and `!fir.array<...>` members); each random signature is first
//! narrowed to such types ([`narrow_for_fir`]), and the C side is the
//! narrowed signature.
//!
//! The pass runs in the `irkit` binary given by `--irkit PATH` (default: a
//! release build of this workspace).

use super::desc::{CType, FieldDesc, Prim, RecordDesc, Sig};
use super::{cgen, gen, llparse, parse_edge_cases, run_clang, RunCfg};
use crate::util::{find_tool, has_flag, opt_value, workspace_root};
use irkit_abi::{lookup, AbiCx, ClangVersion, LlTypes, Target};
use irkit_ir::{AttrData, Module, OpId, TypeData};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

const USAGE: &str = "\
cargo xtask abi-diff --via-ir [--dialect cir|fir] [--triple T[,T...]] [--count N]
                     [--seed S] [--jobs J] [--batch B] [--irkit PATH] [--clang 19|22] [--verbose]

Runs `irkit opt --abi-lower --mlir-compat=V` on each signature as an IR module
(definition + caller) and compares the lowered signature with clang-V's `define`
(V = 19 by default; 22 adds dead_on_return and noext).
Defaults: both triples, N=5000 (cir) / 1000 (fir), S=1, J=2, B=250,
--irkit = release build of this workspace. Prints 'mismatches K / N'.";

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Dialect {
    Cir,
    Fir,
}

pub fn run(args: &[String]) -> Result<(), String> {
    if has_flag(args, "--help") || has_flag(args, "-h") {
        println!("{USAGE}");
        return Ok(());
    }
    let dialect = match opt_value(args, "--dialect").unwrap_or("cir") {
        "cir" => Dialect::Cir,
        "fir" => Dialect::Fir,
        other => return Err(format!("unknown --dialect '{other}' (cir, fir)")),
    };
    let num = |name: &str, default: u64| -> Result<u64, String> {
        opt_value(args, name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("bad {name} '{v}'"))
        })
    };
    let count = num(
        "--count",
        match dialect {
            Dialect::Cir => 5000,
            Dialect::Fir => 1000,
        },
    )? as usize;
    let seed = num("--seed", 1)?;
    let jobs = num("--jobs", 2)?.max(1) as usize;
    let batch = num("--batch", 250)?.max(1) as usize;
    let verbose = has_flag(args, "--verbose");
    let triples: Vec<String> = opt_value(args, "--triple")
        .unwrap_or("x86_64-unknown-linux-gnu,aarch64-unknown-linux-gnu")
        .split(',')
        .map(str::to_string)
        .collect();
    let irkit = match opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => crate::util::build_irkit()?,
    };
    let (clang, version, compat) = match opt_value(args, "--clang").unwrap_or("19") {
        "19" => (find_tool(&["clang-19"])?, ClangVersion::V19, "19"),
        "22" => (find_tool(&["clang-22"])?, ClangVersion::V22, "22"),
        v => return Err(format!("--clang takes 19 or 22, not '{v}'")),
    };
    let root = workspace_root();
    let edge_text = std::fs::read_to_string(root.join("testdata/abi/edge-cases.txt"))
        .map_err(|e| format!("cannot read testdata/abi/edge-cases.txt: {e}"))?;
    let mut total_bad = 0;
    for triple in &triples {
        let target = lookup(triple)
            .map_err(|e| e.to_string())?
            .with_clang(version);
        let mut g = gen::Gen::new(seed, gen::GenCfg::for_target(target));
        let mut sigs: Vec<Sig> = Vec::new();
        if dialect == Dialect::Cir {
            // Variadic edge cases are compared directly only: the via-IR
            // emitter writes no variadic functions or calls yet.
            sigs.extend(
                parse_edge_cases(&edge_text, target)?
                    .iter()
                    .filter(|s| s.variadic.is_none())
                    .map(narrow_for_cir),
            );
        }
        let n_edge = sigs.len();
        for i in 0..count {
            let s = g.sig(format!("g{i}"));
            sigs.push(match dialect {
                Dialect::Cir => narrow_for_cir(&s),
                Dialect::Fir => narrow_for_fir(&s),
            });
        }
        // Neither CIR nor FIR has a type for IBM double-double (powerpc64le's
        // `long double`): those signatures use `double` instead.
        if irkit_abi::targets::data_layout(target).long_double == irkit_abi::FloatKind::IbmDouble {
            for s in &mut sigs {
                *s = without_ibm_long_double(s);
            }
        }
        let out_dir = root
            .join("target/abi-diff-ir")
            .join(format!("{dialect:?}").to_lowercase())
            .join(triple);
        let _ = std::fs::remove_dir_all(&out_dir);
        std::fs::create_dir_all(&out_dir).map_err(|e| format!("{}: {e}", out_dir.display()))?;
        let cfg = RunCfg {
            clang: &clang,
            version,
            triple,
            features: "",
            jobs,
            batch,
            out_dir: &out_dir,
            verbose,
        };
        let t0 = std::time::Instant::now();
        let bad = compare(&cfg, &irkit, compat, target, dialect, &sigs)?;
        println!(
            "{triple} via-ir ({}, clang-{compat}): mismatches {bad} / {} ({n_edge} edge cases + {count} random, seed {seed})  [{:.1}s]",
            format!("{dialect:?}").to_lowercase(),
            sigs.len(),
            t0.elapsed().as_secs_f64()
        );
        total_bad += bad;
    }
    if total_bad > 0 {
        return Err(format!(
            "{total_bad} mismatches (reproducers under target/abi-diff-ir/)"
        ));
    }
    Ok(())
}

/// Runs clang and irkit on every batch (in parallel) and compares.
fn compare(
    cfg: &RunCfg,
    irkit: &Path,
    compat: &str,
    target: Target,
    dialect: Dialect,
    sigs: &[Sig],
) -> Result<usize, String> {
    let batches: Vec<&[Sig]> = sigs.chunks(cfg.batch).collect();
    type Res = Result<(String, String, Emitted), String>;
    let results: Mutex<Vec<Option<Res>>> = Mutex::new((0..batches.len()).map(|_| None).collect());
    let next = AtomicUsize::new(0);
    std::thread::scope(|s| {
        for _ in 0..cfg.jobs.min(batches.len().max(1)) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= batches.len() {
                    break;
                }
                let r = (|| -> Res {
                    let clang_out = run_clang(cfg, &cgen::c_source(batches[i]))?;
                    let em = emit_module(target, dialect, batches[i]);
                    let path = cfg.out_dir.join(format!("batch{i}.mlir"));
                    std::fs::write(&path, &em.text)
                        .map_err(|e| format!("{}: {e}", path.display()))?;
                    let lowered = run_irkit(irkit, cfg.triple, compat, &path)?;
                    Ok((clang_out, lowered, em))
                })();
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| "worker panicked".to_string())?;
    let mut bad = 0;
    let mut cx = AbiCx::new(target);
    for (bi, (batch, res)) in batches.iter().zip(results).enumerate() {
        let (clang_out, lowered, em) = match res {
            Some(Ok(x)) => x,
            Some(Err(e)) => return Err(format!("batch {bi}: {e}")),
            None => return Err("missing batch result".into()),
        };
        let mut ll = LlTypes::new();
        let mut module = llparse::Module::new(&clang_out);
        let defines = module.defines(&clang_out, &mut ll)?;
        let expected: HashMap<&str, &str> = defines
            .iter()
            .map(|(n, l)| (n.as_str(), l.as_str()))
            .collect();
        let ours = read_lowered(&lowered, &em, &mut cx)?;
        for sig in batch.iter() {
            let want = expected
                .get(sig.name.as_str())
                .copied()
                .unwrap_or("<no define>");
            let got = ours
                .get(&sig.name)
                .map_or("<no lowered function>", String::as_str);
            if cfg.verbose {
                println!("{}\n  clang: {want}\n  irkit: {got}", sig.name);
            }
            if want != got {
                bad += 1;
                if bad <= 5 {
                    eprintln!(
                        "mismatch {}: {sig}\n  clang: {want}\n  irkit: {got}",
                        cfg.triple
                    );
                }
                let mut s = format!(
                    "// abi-diff --via-ir mismatch on {}\n// signature: {sig}\n// clang-{compat}: {want}\n// irkit:    {got}\n// RUN: irkit opt --abi-lower --mlir-compat={compat} --triple={} %s\n",
                    cfg.triple, cfg.triple
                );
                s.push_str(&emit_module(target, dialect, std::slice::from_ref(sig)).text);
                let _ = std::fs::write(
                    cfg.out_dir
                        .join(format!("mismatch-{bad:05}-{}.mlir", sig.name)),
                    s,
                );
            }
        }
    }
    Ok(bad)
}

fn run_irkit(irkit: &Path, triple: &str, compat: &str, path: &Path) -> Result<String, String> {
    let out = Command::new(irkit)
        .args([
            "opt",
            "--mlir-print-op-generic",
            "--abi-lower",
            &format!("--triple={triple}"),
            &format!("--mlir-compat={compat}"),
        ])
        .arg(path)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", irkit.display()))?;
    if !out.status.success() {
        return Err(format!(
            "irkit opt --abi-lower failed on {}:\n{}",
            path.display(),
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    String::from_utf8(out.stdout).map_err(|e| format!("irkit output is not UTF-8: {e}"))
}

/// A batch module and the description of every source type it spells.
pub(crate) struct Emitted {
    pub(crate) text: String,
    /// Type text -> its description (for `abi.byval`/`abi.sret` types).
    types: HashMap<String, CType>,
}

struct Emitter {
    target: Target,
    dialect: Dialect,
    records: HashMap<RecordDesc, usize>,
    types: HashMap<String, CType>,
}

impl Emitter {
    fn prim(&self, p: Prim) -> &'static str {
        // The target's C facts: `char` signedness, `long` width, `long double`.
        let dl = irkit_abi::targets::data_layout(self.target);
        let x86 = dl.long_double == irkit_abi::FloatKind::X87;
        let long32 = dl.long_bits == 32;
        let ld_double = matches!(
            dl.long_double,
            irkit_abi::FloatKind::Double | irkit_abi::FloatKind::LongDouble64
        );
        match self.dialect {
            Dialect::Cir => match p {
                Prim::Void => "!cir.void",
                Prim::Bool => "!cir.bool",
                Prim::Long if long32 => "!cir.int<s, 32>",
                Prim::ULong if long32 => "!cir.int<u, 32>",
                Prim::LDouble if ld_double => "!cir.long_double<!cir.double>",
                Prim::Char if dl.char_signed => "!cir.int<s, 8>",
                Prim::Char => "!cir.int<u, 8>",
                Prim::SChar => "!cir.int<s, 8>",
                Prim::UChar => "!cir.int<u, 8>",
                Prim::Short => "!cir.int<s, 16>",
                Prim::UShort => "!cir.int<u, 16>",
                Prim::Int => "!cir.int<s, 32>",
                Prim::UInt => "!cir.int<u, 32>",
                Prim::Long | Prim::LLong => "!cir.int<s, 64>",
                Prim::ULong | Prim::ULLong => "!cir.int<u, 64>",
                Prim::I128 => "!cir.int<s, 128>",
                Prim::U128 => "!cir.int<u, 128>",
                Prim::Half | Prim::Fp16 => "!cir.f16",
                Prim::Float => "!cir.float",
                Prim::Double => "!cir.double",
                Prim::LDouble if x86 => "!cir.long_double<!cir.f80>",
                Prim::LDouble => "!cir.long_double<!cir.f128>",
                Prim::F128 => "!cir.f128",
                Prim::Ptr => "!cir.ptr<!cir.void>",
            },
            Dialect::Fir => match p {
                Prim::Void => "none",
                Prim::Bool => "!fir.logical<1>",
                Prim::Char | Prim::SChar | Prim::UChar => "i8",
                Prim::Short | Prim::UShort => "i16",
                Prim::Int | Prim::UInt => "i32",
                Prim::Long | Prim::ULong if long32 => "i32",
                Prim::Long | Prim::LLong | Prim::ULong | Prim::ULLong => "i64",
                Prim::I128 | Prim::U128 => "i128",
                Prim::Half | Prim::Fp16 => "f16",
                Prim::Float => "f32",
                Prim::Double => "f64",
                Prim::LDouble if ld_double => "f64",
                Prim::LDouble if x86 => "f80",
                Prim::LDouble | Prim::F128 => "f128",
                Prim::Ptr => "!fir.ref<i8>",
            },
        }
    }

    fn fir_kind(&self, p: Prim) -> u32 {
        match p {
            Prim::Half | Prim::Fp16 => 2,
            Prim::Float => 4,
            Prim::Double => 8,
            Prim::LDouble => match irkit_abi::targets::data_layout(self.target).long_double {
                irkit_abi::FloatKind::X87 => 10,
                irkit_abi::FloatKind::Double | irkit_abi::FloatKind::LongDouble64 => 8,
                _ => 16,
            },
            _ => 16,
        }
    }

    fn ty(&mut self, t: &CType) -> String {
        let s = match t {
            CType::Prim(p) => self.prim(*p).to_string(),
            CType::Vector(p, n) => format!("!cir.vector<{} x {n}>", self.prim(*p)),
            CType::Complex(p) => match self.dialect {
                Dialect::Cir => format!("!cir.complex<{}>", self.prim(*p)),
                Dialect::Fir => format!("!fir.complex<{}>", self.fir_kind(*p)),
            },
            CType::Array(e, n) => match self.dialect {
                Dialect::Cir => format!("!cir.array<{} x {n}>", self.ty(e)),
                Dialect::Fir => {
                    // Column-major: the innermost C extent comes first.
                    let mut dims = vec![*n];
                    let mut el: &CType = e;
                    while let CType::Array(inner, m) = el {
                        dims.push(*m);
                        el = inner;
                    }
                    let mut s = String::from("!fir.array<");
                    for d in dims.iter().rev() {
                        let _ = write!(s, "{d}x");
                    }
                    s.push_str(&self.ty(el));
                    s.push('>');
                    s
                }
            },
            CType::Flex(e) => format!("!cir.array<{} x 0>", self.ty(e)),
            CType::Record(r) => {
                let next = self.records.len();
                let id = *self.records.entry((**r).clone()).or_insert(next);
                match self.dialect {
                    Dialect::Cir => {
                        let mut s = format!(
                            "!cir.record<{} \"R{id}\"",
                            if r.union { "union" } else { "struct" }
                        );
                        if r.packed {
                            s.push_str(" packed");
                        }
                        if let Some(a) = r.align {
                            let _ = write!(s, " align({a})");
                        }
                        s.push_str(" {");
                        for (i, f) in r.fields.iter().enumerate() {
                            if i > 0 {
                                s.push_str(", ");
                            }
                            s.push_str(&self.ty(&f.ty));
                            if let Some(b) = f.bits {
                                let _ = write!(s, " bits({b})");
                            }
                            if !f.named {
                                s.push_str(" unnamed");
                            }
                            if let Some(a) = f.align {
                                let _ = write!(s, " align({a})");
                            }
                        }
                        s.push_str("}>");
                        s
                    }
                    Dialect::Fir => {
                        let mut s = format!("!fir.type<r{id}{{");
                        for (i, f) in r.fields.iter().enumerate() {
                            if i > 0 {
                                s.push(',');
                            }
                            let _ = write!(s, "m{i}:{}", self.ty(&f.ty));
                        }
                        s.push_str("}>");
                        s
                    }
                }
            }
        };
        self.types.insert(s.clone(), t.clone());
        s
    }
}

/// The IR module for a batch: per signature, the definition and a caller.
pub(crate) fn emit_module(target: Target, dialect: Dialect, sigs: &[Sig]) -> Emitted {
    let mut em = Emitter {
        target,
        dialect,
        records: HashMap::new(),
        types: HashMap::new(),
    };
    let mut out = String::new();
    let (func, call, ret, alloca, load, store, ptr, ty_key) = match dialect {
        Dialect::Cir => (
            "cir.func",
            "cir.call",
            "cir.return",
            "cir.alloca",
            "cir.load",
            "cir.store",
            "!cir.ptr",
            "allocaType",
        ),
        Dialect::Fir => (
            "func.func",
            "fir.call",
            "func.return",
            "fir.alloca",
            "fir.load",
            "fir.store",
            "!fir.ref",
            "in_type",
        ),
    };
    for sig in sigs {
        let args: Vec<String> = sig.args.iter().map(|a| em.ty(a)).collect();
        let ret_ty = match &sig.ret {
            CType::Prim(Prim::Void) => None,
            t => Some(em.ty(t)),
        };
        let fty = match dialect {
            Dialect::Cir => format!(
                "!cir.func<({}){}>",
                args.join(", "),
                ret_ty
                    .as_ref()
                    .map_or(String::new(), |r| format!(" -> {r}"))
            ),
            Dialect::Fir => format!(
                "({}) -> {}",
                args.join(", "),
                ret_ty.as_ref().map_or("()".to_string(), |r| {
                    if r.starts_with('(') {
                        format!("({r})")
                    } else {
                        r.clone()
                    }
                })
            ),
        };
        let slot = |out: &mut String, name: &str, t: &str| {
            let _ = writeln!(
                out,
                "  %{name} = \"{alloca}\"() <{{{ty_key} = {t}}}> : () -> {ptr}<{t}>"
            );
        };
        // The definition.
        let _ = writeln!(
            out,
            "\"{func}\"() <{{function_type = {fty}, sym_name = \"{}\"}}> ({{",
            sig.name
        );
        let params: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, t)| format!("%a{i}: {t}"))
            .collect();
        let _ = writeln!(out, "^bb0({}):", params.join(", "));
        for (i, t) in args.iter().enumerate() {
            slot(&mut out, &format!("s{i}"), t);
            let _ = writeln!(out, "  \"{store}\"(%a{i}, %s{i}) : ({t}, {ptr}<{t}>) -> ()");
        }
        match &ret_ty {
            Some(r) => {
                slot(&mut out, "r", r);
                let _ = writeln!(out, "  %rv = \"{load}\"(%r) : ({ptr}<{r}>) -> {r}");
                let _ = writeln!(out, "  \"{ret}\"(%rv) : ({r}) -> ()");
            }
            None => {
                let _ = writeln!(out, "  \"{ret}\"() : () -> ()");
            }
        }
        out.push_str("}) : () -> ()\n");
        // The caller.
        let caller_ty = match dialect {
            Dialect::Cir => "!cir.func<()>",
            Dialect::Fir => "() -> ()",
        };
        let _ = writeln!(
            out,
            "\"{func}\"() <{{function_type = {caller_ty}, sym_name = \"call_{}\"}}> ({{",
            sig.name
        );
        for (i, t) in args.iter().enumerate() {
            slot(&mut out, &format!("s{i}"), t);
            let _ = writeln!(out, "  %v{i} = \"{load}\"(%s{i}) : ({ptr}<{t}>) -> {t}");
        }
        let operands: Vec<String> = (0..args.len()).map(|i| format!("%v{i}")).collect();
        let res = if ret_ty.is_some() { "%c = " } else { "" };
        let _ = writeln!(
            out,
            "  {res}\"{call}\"({}) <{{callee = @{}}}> : ({}) -> {}",
            operands.join(", "),
            sig.name,
            args.join(", "),
            ret_ty.as_ref().map_or("()".to_string(), |r| {
                if r.starts_with('(') {
                    format!("({r})")
                } else {
                    r.clone()
                }
            })
        );
        if let Some(r) = &ret_ty {
            slot(&mut out, "cr", r);
            let _ = writeln!(out, "  \"{store}\"(%c, %cr) : ({r}, {ptr}<{r}>) -> ()");
        }
        let _ = writeln!(out, "  \"{ret}\"() : () -> ()");
        out.push_str("}) : () -> ()\n");
    }
    Emitted {
        text: out,
        types: em.types,
    }
}

/// Reads the lowered module: function name -> `declare` line.
fn read_lowered(
    text: &str,
    em: &Emitted,
    cx: &mut AbiCx,
) -> Result<HashMap<String, String>, String> {
    let mut map = irkit_diag::SourceMap::new();
    let file = map.add("lowered.mlir", text.to_string());
    let cfg = irkit_ir::ParseConfig {
        loc_file_name: "lowered.mlir".to_string(),
        line_offset: 0,
    };
    let m = irkit_ir::parse(map.file(file).text(), file, &cfg)
        .map_err(|d| format!("cannot parse irkit's output: {}", d.message))?;
    let mut out = HashMap::new();
    let Some(top) = m.top else { return Ok(out) };
    for &r in m[top].regions.iter() {
        for &b in &m[r].blocks {
            for &op in &m[b].ops {
                let name = m.op_name(op);
                if name != "cir.func" && name != "func.func" {
                    continue;
                }
                if let Some((fname, line)) = declare_line(&m, op, em, cx)? {
                    out.insert(fname, line);
                }
            }
        }
    }
    Ok(out)
}

fn prop(m: &Module, op: OpId, key: &str) -> Option<irkit_ir::AttrId> {
    m.ctx.dict_get(m[op].properties?, key.as_bytes())
}

/// The LLVM `declare` line of a lowered function, spelled like
/// `irkit_abi::print` (and the normalized clang `define`).
fn declare_line(
    m: &Module,
    op: OpId,
    em: &Emitted,
    cx: &mut AbiCx,
) -> Result<Option<(String, String)>, String> {
    let Some(AttrData::String { value, .. }) = prop(m, op, "sym_name").map(|a| m.ctx.attr_data(a))
    else {
        return Ok(None);
    };
    let name = m.ctx.str(*value).into_owned();
    if name.starts_with("call_") {
        return Ok(None);
    }
    let Some(AttrData::Type(fty)) = prop(m, op, "function_type").map(|a| m.ctx.attr_data(a)) else {
        return Err(format!("@{name}: no function_type"));
    };
    let (inputs, result): (Vec<String>, Option<String>) = match m.ctx.type_data(*fty) {
        TypeData::Function { inputs, results } => (
            inputs
                .iter()
                .map(|&t| irkit_ir::printer::type_to_string(&m.ctx, t))
                .collect(),
            results
                .first()
                .map(|&t| irkit_ir::printer::type_to_string(&m.ctx, t)),
        ),
        _ => split_cir_func(&irkit_ir::printer::type_to_string(&m.ctx, *fty))?,
    };
    let dicts = |key: &str| -> Vec<Vec<(String, AttrData)>> {
        let Some(a) = prop(m, op, key) else {
            return Vec::new();
        };
        let AttrData::Array(items) = m.ctx.attr_data(a) else {
            return Vec::new();
        };
        items
            .iter()
            .map(|&d| match m.ctx.attr_data(d) {
                AttrData::Dict(e) => e
                    .iter()
                    .map(|(k, v)| (m.ctx.str(*k).into_owned(), m.ctx.attr_data(*v).clone()))
                    .collect(),
                _ => Vec::new(),
            })
            .collect()
    };
    let arg_attrs = dicts("arg_attrs");
    let res_attrs = dicts("res_attrs");
    let mut conv = Conv { em, cx };
    let mut line = String::from("declare ");
    if let Some(d) = res_attrs.first() {
        for (k, _) in d {
            match k.as_str() {
                "abi.signext" => line.push_str("signext "),
                "abi.zeroext" => line.push_str("zeroext "),
                "abi.inreg" => line.push_str("inreg "),
                _ => {}
            }
        }
    }
    match &result {
        Some(r) => line.push_str(&conv.value(r)),
        None => line.push_str("void"),
    }
    let _ = write!(line, " @{name}(");
    for (i, t) in inputs.iter().enumerate() {
        if i > 0 {
            line.push_str(", ");
        }
        let attrs = arg_attrs.get(i).cloned().unwrap_or_default();
        let get = |k: &str| attrs.iter().find(|(x, _)| x == k).map(|(_, v)| v.clone());
        let int = |v: Option<AttrData>| match v {
            Some(AttrData::Integer { words, .. }) => words.first().copied(),
            _ => None,
        };
        line.push_str(&conv.value(t));
        for key in ["abi.sret", "abi.byval"] {
            if let Some(AttrData::Type(p)) = get(key) {
                let pt = irkit_ir::printer::type_to_string(&m.ctx, p);
                let _ = write!(line, " {}({})", &key[4..], conv.memory(&pt));
            }
        }
        if get("abi.dead_on_return").is_some() {
            line.push_str(" dead_on_return");
        }
        if let Some(a) = int(get("abi.align")) {
            let _ = write!(line, " align {a}");
        }
        if get("abi.signext").is_some() {
            line.push_str(" signext");
        }
        if get("abi.zeroext").is_some() {
            line.push_str(" zeroext");
        }
        if get("abi.noext").is_some() {
            line.push_str(" noext");
        }
        if let Some(a) = int(get("abi.alignstack")) {
            let _ = write!(line, " alignstack({a})");
        }
        if get("abi.inreg").is_some() {
            line.push_str(" inreg");
        }
    }
    line.push(')');
    Ok(Some((name, line)))
}

/// `!cir.func<(A, B) -> R>` -> ([A, B], Some(R)).
fn split_cir_func(s: &str) -> Result<(Vec<String>, Option<String>), String> {
    let inner = s
        .strip_prefix("!cir.func<(")
        .and_then(|x| x.strip_suffix('>'))
        .ok_or_else(|| format!("not a !cir.func: {s}"))?;
    let b = inner.as_bytes();
    let mut depth = 0i32;
    let mut start = 0;
    let mut args = Vec::new();
    for i in 0..b.len() {
        match b[i] {
            b'<' | b'(' | b'{' | b'[' => depth += 1,
            b'>' if i > 0 && b[i - 1] == b'-' => {}
            b'>' | b'}' | b']' => depth -= 1,
            b')' if depth == 0 => {
                let last = inner[start..i].trim();
                if !last.is_empty() {
                    args.push(last.to_string());
                }
                let rest = inner[i + 1..].trim();
                let ret = rest.strip_prefix("->").map(|r| r.trim().to_string());
                return Ok((args, ret));
            }
            b')' => depth -= 1,
            b',' if depth == 0 => {
                args.push(inner[start..i].trim().to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    Err(format!("unterminated !cir.func: {s}"))
}

/// Lowered IR types (as text) to LLVM type spellings.
struct Conv<'a> {
    em: &'a Emitted,
    cx: &'a mut AbiCx,
}

impl Conv<'_> {
    /// A parameter or result type.
    fn value(&mut self, t: &str) -> String {
        let mut p = TyParser { s: t, i: 0 };
        match p.ty(false) {
            Ok(s) if p.i == t.len() => s,
            Ok(_) | Err(_) => format!("<unreadable {t}>"),
        }
    }
    /// A `byval`/`sret` pointee: the memory type of a source type.
    fn memory(&mut self, t: &str) -> String {
        match self.em.types.get(t) {
            Some(c) => match super::desc::to_type(self.cx, c) {
                Ok(id) => {
                    let ll = self.cx.ll_mem_type(id);
                    self.cx.ll.display(ll)
                }
                Err(e) => format!("<{e}>"),
            },
            None => self.value(t),
        }
    }
}

struct TyParser<'s> {
    s: &'s str,
    i: usize,
}

impl TyParser<'_> {
    fn rest(&self) -> &str {
        &self.s[self.i..]
    }
    fn ws(&mut self) {
        while self.rest().starts_with(' ') {
            self.i += 1;
        }
    }
    fn eat(&mut self, lit: &str) -> bool {
        self.ws();
        if self.rest().starts_with(lit) {
            self.i += lit.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, lit: &str) -> Result<(), String> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(format!("expected '{lit}' at '{}'", self.rest()))
        }
    }
    fn num(&mut self) -> Result<u64, String> {
        self.ws();
        let n = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        let v = self.rest()[..n]
            .parse()
            .map_err(|_| format!("expected a number at '{}'", self.rest()))?;
        self.i += n;
        Ok(v)
    }
    /// Skips a balanced `<...>` whose `<` was just eaten; returns the text
    /// from `start` to the end.
    fn skip_to_close(&mut self, start: usize) -> String {
        let b = self.s.as_bytes();
        let mut depth = 1;
        while self.i < b.len() && depth > 0 {
            match b[self.i] {
                b'<' => depth += 1,
                b'>' if self.i > 0 && b[self.i - 1] == b'-' => {}
                b'>' => depth -= 1,
                _ => {}
            }
            self.i += 1;
        }
        self.s[start..self.i].to_string()
    }

    fn float(&mut self, word: &str) -> Option<&'static str> {
        Some(match word {
            "f16" => "half",
            "f32" | "float" => "float",
            "f64" | "double" => "double",
            "f80" => "x86_fp80",
            "f128" => "fp128",
            _ => return None,
        })
    }

    fn ty(&mut self, in_memory: bool) -> Result<String, String> {
        self.ws();
        let start = self.i;
        if self.eat("!cir.") {
            let w: String = self
                .rest()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            self.i += w.len();
            return match w.as_str() {
                "int" => {
                    self.expect("<")?;
                    self.eat("s");
                    self.eat("u");
                    self.expect(",")?;
                    let n = self.num()?;
                    self.expect(">")?;
                    Ok(format!("i{n}"))
                }
                "bool" => Ok(if in_memory { "i8" } else { "i1" }.to_string()),
                "void" => Ok("void".to_string()),
                "ptr" => {
                    self.expect("<")?;
                    self.skip_to_close(start);
                    Ok("ptr".to_string())
                }
                "long_double" => {
                    self.expect("<")?;
                    let t = self.ty(in_memory)?;
                    self.expect(">")?;
                    Ok(t)
                }
                "vector" | "array" => {
                    self.expect("<")?;
                    let e = self.ty(true)?;
                    self.expect("x")?;
                    let n = self.num()?;
                    self.expect(">")?;
                    Ok(if w == "vector" {
                        format!("<{n} x {e}>")
                    } else {
                        format!("[{n} x {e}]")
                    })
                }
                "record" => {
                    self.expect("<")?;
                    self.expect("struct")?;
                    let packed = self.eat("packed");
                    if self.eat("{") {
                        let mut elems = Vec::new();
                        if !self.eat("}") {
                            loop {
                                elems.push(self.ty(true)?);
                                if self.eat("}") {
                                    break;
                                }
                                self.expect(",")?;
                            }
                        }
                        self.expect(">")?;
                        let body = if elems.is_empty() {
                            "{}".to_string()
                        } else {
                            format!("{{ {} }}", elems.join(", "))
                        };
                        Ok(if packed { format!("<{body}>") } else { body })
                    } else {
                        // A named (source) record: not a lowered type.
                        let text = self.skip_to_close(start);
                        Ok(format!("<source type {text}>"))
                    }
                }
                other => match self.float(other) {
                    Some(f) => Ok(f.to_string()),
                    None => {
                        let text = if self.eat("<") {
                            self.skip_to_close(start)
                        } else {
                            self.s[start..self.i].to_string()
                        };
                        Ok(format!("<source type {text}>"))
                    }
                },
            };
        }
        if self.eat("!fir.") {
            let w: String = self
                .rest()
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect();
            self.i += w.len();
            return match w.as_str() {
                "ref" => {
                    self.expect("<")?;
                    self.skip_to_close(start);
                    Ok("ptr".to_string())
                }
                "logical" => {
                    self.expect("<")?;
                    let k = self.num()?;
                    self.expect(">")?;
                    Ok(if k == 1 && !in_memory {
                        "i1".to_string()
                    } else {
                        format!("i{}", k * 8)
                    })
                }
                "array" => {
                    self.expect("<")?;
                    let n = self.num()?;
                    self.expect("x")?;
                    let e = self.ty(true)?;
                    self.expect(">")?;
                    Ok(format!("[{n} x {e}]"))
                }
                _ => {
                    self.expect("<")?;
                    let text = self.skip_to_close(start);
                    Ok(format!("<source type {text}>"))
                }
            };
        }
        if self.eat("vector<") {
            let n = self.num()?;
            self.expect("x")?;
            let e = self.ty(true)?;
            self.expect(">")?;
            return Ok(format!("<{n} x {e}>"));
        }
        if self.eat("tuple<") {
            let mut elems = Vec::new();
            if !self.eat(">") {
                loop {
                    elems.push(self.ty(true)?);
                    if self.eat(">") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            return Ok(if elems.is_empty() {
                "{}".to_string()
            } else {
                format!("{{ {} }}", elems.join(", "))
            });
        }
        let w: String = self
            .rest()
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect();
        self.i += w.len();
        if let Some(f) = self.float(&w) {
            return Ok(f.to_string());
        }
        if let Some(d) = w.strip_prefix('i') {
            if d.parse::<u32>().is_ok() {
                return Ok(w.clone());
            }
        }
        Err(format!("cannot read type at '{}'", &self.s[start..]))
    }
}

/// CIR spells both a flexible array member `T[]` and a GNU zero-length
/// array `T[0]` as `!cir.array<T x 0>` (as upstream ClangIR does), and the
/// type mapper reads it as `T[0]`; so the C side of a CIR signature uses
/// `T[0]` for flexible array members.
pub fn narrow_for_cir(s: &Sig) -> Sig {
    fn ty(t: &CType) -> CType {
        match t {
            CType::Prim(_) | CType::Vector(..) | CType::Complex(_) => t.clone(),
            CType::Array(e, n) => CType::Array(Box::new(ty(e)), *n),
            CType::Flex(e) => CType::Array(Box::new(ty(e)), 0),
            CType::Record(r) => {
                let mut r = (**r).clone();
                for f in &mut r.fields {
                    f.ty = ty(&f.ty);
                }
                CType::Record(Box::new(r))
            }
        }
    }
    Sig {
        name: s.name.clone(),
        ret: ty(&s.ret),
        args: s.args.iter().map(ty).collect(),
        // The IR input carries no calling-convention attribute.
        cc: irkit_abi::CallConv::C,
        variadic: s.variadic,
    }
}

/// `sig` with every `long double` replaced by `double`.
fn without_ibm_long_double(sig: &Sig) -> Sig {
    fn prim(p: Prim) -> Prim {
        if p == Prim::LDouble {
            Prim::Double
        } else {
            p
        }
    }
    fn ty(t: &CType) -> CType {
        match t {
            CType::Prim(p) => CType::Prim(prim(*p)),
            CType::Vector(p, n) => CType::Vector(prim(*p), *n),
            CType::Complex(p) => CType::Complex(prim(*p)),
            CType::Array(e, n) => CType::Array(Box::new(ty(e)), *n),
            CType::Flex(e) => CType::Flex(Box::new(ty(e))),
            CType::Record(r) => {
                let mut r = (**r).clone();
                for f in &mut r.fields {
                    f.ty = ty(&f.ty);
                }
                CType::Record(Box::new(r))
            }
        }
    }
    Sig {
        name: sig.name.clone(),
        ret: ty(&sig.ret),
        args: sig.args.iter().map(ty).collect(),
        variadic: sig.variadic,
        cc: sig.cc,
    }
}

/// Narrows a random signature to what FIR can spell for C interop: signed
/// integers only, no vectors, unions become structs, no packing, alignment
/// attributes or bit-fields (named bit-fields become plain members, unnamed
/// ones and flexible arrays are dropped), zero-length arrays are dropped.
pub fn narrow_for_fir(s: &Sig) -> Sig {
    fn prim(p: Prim) -> Prim {
        match p {
            Prim::Char | Prim::UChar | Prim::SChar => Prim::SChar,
            Prim::Short | Prim::UShort => Prim::Short,
            Prim::Int | Prim::UInt => Prim::Int,
            Prim::Long | Prim::ULong | Prim::LLong | Prim::ULLong => Prim::Long,
            Prim::I128 | Prim::U128 => Prim::I128,
            other => other,
        }
    }
    fn ty(t: &CType, top: bool) -> Option<CType> {
        Some(match t {
            CType::Prim(p) => CType::Prim(prim(*p)),
            CType::Vector(p, n) if top => {
                let _ = n;
                CType::Prim(prim(*p))
            }
            CType::Vector(p, n) => CType::Array(Box::new(CType::Prim(prim(*p))), u64::from(*n)),
            CType::Complex(p) => match prim(*p) {
                q @ (Prim::Half
                | Prim::Fp16
                | Prim::Float
                | Prim::Double
                | Prim::LDouble
                | Prim::F128) => CType::Complex(q),
                _ => CType::Complex(Prim::Double),
            },
            CType::Array(_, 0) | CType::Flex(_) => return None,
            CType::Array(e, n) => CType::Array(Box::new(ty(e, false)?), *n),
            CType::Record(r) => {
                let fields = r
                    .fields
                    .iter()
                    .filter(|f| f.named)
                    .filter_map(|f| {
                        Some(FieldDesc {
                            ty: ty(&f.ty, false)?,
                            bits: None,
                            named: true,
                            align: None,
                        })
                    })
                    .collect();
                CType::Record(Box::new(RecordDesc {
                    union: false,
                    packed: false,
                    align: None,
                    fields,
                }))
            }
        })
    }
    Sig {
        name: s.name.clone(),
        ret: ty(&s.ret, true).unwrap_or(CType::Prim(Prim::Int)),
        args: s
            .args
            .iter()
            .map(|a| ty(a, true).unwrap_or(CType::Prim(Prim::Int)))
            .collect(),
        cc: irkit_abi::CallConv::C,
        variadic: s.variadic,
    }
}
