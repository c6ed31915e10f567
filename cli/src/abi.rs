//! `irkit abi`: print the ABI classification of every function.

use crate::io::read_input;
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::{Args as ClapArgs, ValueEnum};
use irkit::abi_map::AbiTypeMapper;
use irkit_abi::print::write_declare;
use irkit_abi::{AbiCx, FnAbi, PassMode};
use irkit_diag::{Diagnostic, Loc, SourceMap};
use irkit_ir::{AttrData, Module, OpId, ParseConfig};
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
    /// Target triple, read as clang reads it: x86_64-unknown-linux-gnu (or
    /// just `x86_64`), aarch64-unknown-linux-gnu (`aarch64-linux-gnu`),
    /// x86_64-pc-windows-msvc, x86_64-w64-windows-gnu (`x86_64-w64-mingw32`).
    /// A triple whose C ABI is not implemented is an error naming what is
    /// missing.
    #[arg(long, value_name = "TRIPLE")]
    pub triple: String,
    /// Target features, e.g. `+avx` or `+avx512f`.
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Table)]
    pub format: Format,
}

#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// A table for people.
    Table,
    /// One LLVM `declare` line per function, as clang-19 spells it.
    Llvm,
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
    let registry = irkit::dialects::builtin_registry();
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
    let mut out = String::new();
    let mut diags = Vec::new();
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
        match args.format {
            Format::Llvm => {
                write_declare(&mut out, &cx.ll, &abi, &fname);
                out.push('\n');
            }
            Format::Table => write_table(&mut out, &cx, &abi, &fname, &module.ctx, fty),
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

/// Function ops (`cir.func`, `func.func`) in input order.
fn functions(m: &Module) -> Vec<OpId> {
    let mut res = Vec::new();
    let Some(top) = m.top else { return res };
    m.walk_preorder(top, &mut |op| {
        let name = m.op_name(op);
        if name == "cir.func" || name == "func.func" {
            res.push(op);
        }
    });
    res
}

fn function_name_and_type(m: &Module, op: OpId) -> Option<(String, irkit_ir::TypeId)> {
    let props = m[op].properties?;
    let name = match m.ctx.attr_data(m.ctx.dict_get(props, b"sym_name")?) {
        AttrData::String { value, .. } => m.ctx.str(*value).into_owned(),
        _ => return None,
    };
    let ty = match m.ctx.attr_data(m.ctx.dict_get(props, b"function_type")?) {
        AttrData::Type(t) => *t,
        _ => return None,
    };
    Some((name, ty))
}

fn write_table(
    out: &mut String,
    cx: &AbiCx,
    abi: &FnAbi,
    name: &str,
    ctx: &irkit_ir::Context,
    fty: irkit_ir::TypeId,
) {
    let _ = writeln!(
        out,
        "@{name} : {}",
        irkit_ir::printer::type_to_string(ctx, fty)
    );
    let _ = writeln!(
        out,
        "          {:<28} {:<10} lowered",
        "C type (LLVM memory form)", "kind"
    );
    let row = |out: &mut String, what: &str, a: &irkit_abi::ArgAbi| {
        let mut src = String::new();
        cx.ll.write(&mut src, cx.ll_mem_type(a.ty));
        let (kind, lowered) = describe(cx, a.mode);
        let _ = writeln!(out, "  {what:<7} {src:<28} {kind:<10} {lowered}");
    };
    row(out, "return", &abi.ret);
    for (i, a) in abi.args.iter().enumerate() {
        row(out, &format!("arg {i}"), a);
    }
    let _ = writeln!(
        out,
        "  registers: {} integer, {} vector/fp; sret: {}",
        abi.regs.int_regs,
        abi.regs.vector_regs,
        if abi.sret { "yes" } else { "no" }
    );
    let mut decl = String::new();
    write_declare(&mut decl, &cx.ll, abi, name);
    let _ = writeln!(out, "  {decl}");
}

fn describe(cx: &AbiCx, mode: PassMode) -> (&'static str, String) {
    let ty = |t| {
        let mut s = String::new();
        cx.ll.write(&mut s, t);
        s
    };
    match mode {
        PassMode::Ignore => ("Ignore", "(nothing)".to_string()),
        PassMode::Direct {
            ty: t,
            offset,
            flatten,
            align_stack,
        } => {
            let mut s = ty(t);
            if offset != 0 {
                let _ = write!(s, " at offset {offset}");
            }
            if flatten
                && matches!(&cx.ll[t], irkit_abi::LlTy::Struct { elems, .. } if elems.len() > 1)
            {
                s.push_str(" (one parameter per element)");
            }
            if let Some(a) = align_stack {
                let _ = write!(s, " alignstack({a})");
            }
            ("Direct", s)
        }
        PassMode::Extend { ty: t, signed } => (
            "Extend",
            format!("{} {}", ty(t), if signed { "signext" } else { "zeroext" }),
        ),
        PassMode::Indirect {
            pointee,
            align,
            byval,
        } => {
            let how = if byval { "byval" } else { "by pointer" };
            (
                "Indirect",
                format!("ptr {how}({}) align {align}", ty(pointee)),
            )
        }
        PassMode::Expand { ty: t } => ("Expand", ty(t)),
        PassMode::CoerceAndExpand { coerce, unpadded } => (
            "CoerceExp",
            format!("{} (in memory {})", ty(unpadded), ty(coerce)),
        ),
    }
}
