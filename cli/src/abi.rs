//! `irkit abi`: print the ABI classification of every function.

use crate::io::read_input;
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::{Args as ClapArgs, ValueEnum};
use irkit::abi_map::AbiTypeMapper;
use irkit::abi_table::{
    call_sites, function_name_and_type, functions, write_call_table, write_table,
};
use irkit_abi::print::{write_call_for, write_declare_for};
use irkit_abi::AbiCx;
use irkit_diag::{Diagnostic, Loc, SourceMap};
use irkit_ir::ParseConfig;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// Print how each function's arguments and result are passed on a target.
///
/// Reads CIR-like function declarations and definitions (generic syntax) and
/// prints, per function, either a table (source type, class, lowered types,
/// attributes) or the LLVM `declare` line clang-19 emits for the same C
/// declaration, so irkit can be diffed against clang directly.
///
/// Input: CIR-like or FIR-like functions in MLIR's generic op syntax, e.g.
/// `"cir.func"() <{function_type = !cir.func<(!cir.int<s, 32>)>, sym_name = "f"}> ({}) : () -> ()`.
/// Guide (with a C-to-CIR cheat sheet): docs/abi-input.md in the irkit repository.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Target triple, read as clang reads it.
    #[arg(long, value_name = "TRIPLE", long_help = triple_help())]
    pub triple: String,
    /// Target features, e.g. `+avx` or `+avx512f` (x86_64), `+vector`
    /// (s390x vector ABI).
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// The most elements a struct an argument is coerced to may have
    /// (MIPS64 passes an aggregate as one `i64` per word); a larger one is
    /// an error, not a struct of millions of elements.
    #[arg(long, value_name = "N", default_value_t = irkit_abi::MAX_COERCED_ELEMENTS)]
    pub max_coerced_elements: u64,
    /// The LLVM release to match: the Clang release whose classification
    /// and attributes to reproduce (22 prints `dead_on_return`, `noext`),
    /// and the MLIR release of the dialects read.
    #[arg(long, value_enum, value_name = "19|22", default_value_t = crate::abi_lower::MlirCompat::V22)]
    pub mlir_compat: crate::abi_lower::MlirCompat,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
    /// After each function's table (and each variadic call's), explain its
    /// aggregates: their layout and what the classifier saw (x86_64
    /// eightbyte classes, AArch64/Arm homogeneous aggregates, RISC-V and
    /// LoongArch floating-point flattening), and the registers used and
    /// left. Only with the table format.
    #[arg(long)]
    pub explain: bool,
}

/// `--triple`'s long help: the implemented triples come from the ABI
/// library's registry, so the list cannot fall behind it.
fn triple_help() -> String {
    format!(
        "Target triple, read as clang reads it (`x86_64`, `aarch64-linux-gnu`, \
         `x86_64-w64-mingw32` are accepted). Implemented: {}. A triple whose C \
         ABI is not implemented is an error naming what is missing.",
        irkit_abi::targets::SUPPORTED_TRIPLES
    )
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A table for people.
    Table,
    /// One LLVM `declare` line per function, as clang-19 spells it.
    Llvm,
    /// One JSON object per line for each function (and each call of a
    /// variadic function), with stable field names (docs/abi-input.md).
    Json,
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let mut target = match irkit_abi::lookup(&args.triple) {
        Ok(t) => t,
        Err(e) => {
            rep.error(&format!(
                "{e} (supported: {})",
                irkit_abi::targets::SUPPORTED_TRIPLES
            ));
            return EXIT_USAGE;
        }
    };
    target = target.with_clang(args.mlir_compat.clang());
    if let Some(f) = &args.target_features {
        target = match target.with_features(f) {
            Ok(t) => t,
            Err(e) => {
                rep.error(&format!("bad --target-features '{f}': {e}"));
                return EXIT_USAGE;
            }
        };
    }
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            rep.error(&e);
            return EXIT_FAIL;
        }
    };
    let mut map = SourceMap::new();
    let file = map.add(name.clone(), text);
    let cfg = ParseConfig {
        loc_file_name: name,
        line_offset: 0,
    };
    // Both syntaxes, as `irkit opt` prints custom by default.
    let registry = irkit::dialects::builtin_registry_at(args.mlir_compat.release());
    let module =
        match irkit_ir::parser::parse_with_dialects(map.file(file).text(), file, &cfg, &registry) {
            Ok(m) => m,
            Err(d) => {
                rep.emit(&map, &d);
                return EXIT_FAIL;
            }
        };
    let aliases: FxHashMap<String, irkit_ir::TypeId> = module
        .type_aliases
        .iter()
        .map(|&(s, t)| (module.ctx.str(s).into_owned(), t))
        .collect();
    let mut mapper = AbiTypeMapper::new(&module.ctx, &aliases);
    let mut cx = AbiCx::new(target);
    cx.set_max_coerced_elements(args.max_coerced_elements);
    let mut out = String::new();
    let mut diags = Vec::new();
    // Variadic functions by name: their calls are classified one by one.
    let mut variadic: FxHashMap<String, irkit_abi::FnSig> = FxHashMap::default();
    for op in functions(&module) {
        let loc = module.source.ops.get(op).map(|&span| Loc { file, span });
        let at = |msg: String| Diagnostic::new(irkit_diag::Severity::Error, loc, msg);
        let Some((fname, fty)) = function_name_and_type(&module, op) else {
            diags.push(at(format!(
                "'{}' op needs `sym_name` and `function_type` properties",
                module.op_name(op)
            )));
            continue;
        };
        let sig = match mapper.map_fn_type(&mut cx, fty) {
            Ok(s) => s,
            Err(e) => {
                diags.push(at(format!("function '@{fname}': {e}")));
                continue;
            }
        };
        let abi = match cx.compute_fn_abi(&sig) {
            Ok(a) => a,
            Err(e) => {
                diags.push(at(format!("function '@{fname}': {e}")));
                continue;
            }
        };
        if sig.is_variadic() {
            variadic.insert(fname.clone(), sig);
        }
        match args.format {
            Format::Llvm => {
                write_declare_for(&mut out, &cx.ll, &abi, &fname, target.clang);
                out.push('\n');
            }
            Format::Table => {
                write_table(&mut out, &cx, &abi, &fname, &module.ctx, fty);
                if args.explain {
                    irkit_abi::explain::write_explain(&mut out, &mut cx, &abi);
                }
            }
            Format::Json => {
                out.push_str(&crate::abi_json::function(&cx, &abi, &fname, false).to_string());
                out.push('\n');
            }
        }
    }
    // Each call of a variadic function passing variadic arguments: its own
    // classification, as the `call` line Clang emits (Llvm) or a table.
    for call in call_sites(&module) {
        let Some(fixed) = variadic.get(&call.callee) else {
            continue;
        };
        if call.arg_types.len() <= fixed.args.len() {
            continue;
        }
        let loc = module
            .source
            .ops
            .get(call.op)
            .map(|&span| Loc { file, span });
        let at = |msg: String| Diagnostic::new(irkit_diag::Severity::Error, loc, msg);
        let mut sig = fixed.clone();
        let mut bad = None;
        for &t in &call.arg_types[fixed.args.len()..] {
            match mapper.map(&mut cx, t) {
                Ok(s) => sig.args.push(s),
                Err(e) => bad = Some(e.to_string()),
            }
        }
        if let Some(e) = bad {
            diags.push(at(format!("call to '@{}': {e}", call.callee)));
            continue;
        }
        match cx.compute_fn_abi(&sig) {
            Ok(abi) => match args.format {
                Format::Llvm => {
                    write_call_for(&mut out, &cx.ll, &abi, &call.callee, target.clang);
                    out.push('\n');
                }
                Format::Table => {
                    let _ = writeln!(out, "call of @{} with variadic arguments:", call.callee);
                    write_call_table(&mut out, &cx, &abi, &call.callee);
                    if args.explain {
                        irkit_abi::explain::write_explain(&mut out, &mut cx, &abi);
                    }
                }
                Format::Json => {
                    out.push_str(
                        &crate::abi_json::function(&cx, &abi, &call.callee, true).to_string(),
                    );
                    out.push('\n');
                }
            },
            Err(e) => diags.push(at(format!("call to '@{}': {e}", call.callee))),
        }
    }
    // Every function that could be classified is printed; each one that
    // could not has its diagnostic, and then the exit code is 1.
    let written = crate::io::write_output(&args.output, out.as_bytes());
    let failed = rep.emit_all(&map, &diags);
    match written {
        Ok(()) if !failed => EXIT_OK,
        Ok(()) => EXIT_FAIL,
        Err(e) => {
            rep.error(&e);
            EXIT_FAIL
        }
    }
}
