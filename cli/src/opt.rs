//! `irkit opt`: parse, run passes, print.

use crate::abi_lower::AbiLowerFailure;
use crate::io::read_input;
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use irkit_diag::{Diagnostic, SourceMap};
use irkit_ir::dialect::DialectRegistry;
use irkit_ir::parser::parse_with_dialects_all;
use irkit_ir::printer::print_module_custom_to;
use irkit_ir::{print_module_to, ParseConfig, PrintOptions};
use std::io::Write;

/// Parse IR, run passes, and print the result.
///
/// With no pass it prints what it read exactly as
/// `mlir-opt-22 --allow-unregistered-dialect` does (`--mlir-compat=19`:
/// as `mlir-opt-19`): registered ops in their
/// custom syntax, or all generic with `--mlir-print-op-generic`.
/// `--abi-lower` rewrites function signatures, bodies and call sites of the
/// CIR-like and FIR-like dialects for the target's C calling convention.
///
/// Input: MLIR in the generic op syntax or the custom syntax of the shipped
/// dialects (and those loaded with `--dialect`), mixed freely. Guide:
/// docs/abi-input.md and docs/subcommands.md in the irkit repository.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Run the calling-convention lowering pass.
    #[arg(long)]
    pub abi_lower: bool,
    /// Target triple for `--abi-lower` (e.g. x86_64-unknown-linux-gnu).
    #[arg(long, value_name = "TRIPLE")]
    pub triple: Option<String>,
    /// Target features, e.g. `+avx` or `+avx512f` (x86_64 vector widths),
    /// `+vector` (s390x vector ABI).
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// For `--abi-lower`: the most elements a struct an argument is coerced
    /// to may have (MIPS64 passes an aggregate as one `i64` per word); a
    /// larger one is an error, not a struct of millions of elements.
    #[arg(long, value_name = "N", default_value_t = irkit_abi::MAX_COERCED_ELEMENTS)]
    pub max_coerced_elements: u64,
    /// Print operations in generic form (default: each registered op's
    /// custom syntax, as mlir-opt prints by default).
    #[arg(long)]
    pub mlir_print_op_generic: bool,
    /// Print locations (`loc(...)`) as mlir-opt does with this flag.
    #[arg(long)]
    pub mlir_print_debuginfo: bool,
    /// Split the input at `// -----` lines and process each chunk alone.
    #[arg(long)]
    pub split_input_file: bool,
    /// Accepted for mlir-opt compatibility (irkit is single-threaded).
    #[arg(long, hide = true)]
    pub mlir_disable_threading: bool,
    /// Accepted for mlir-opt compatibility (unregistered ops are always allowed).
    #[arg(long, hide = true)]
    pub allow_unregistered_dialect: bool,
    #[command(flatten)]
    pub dialects: crate::verify::DialectArgs,
    /// Check `// expected-error {{...}}` annotations instead of reporting;
    /// chunks that verify are printed, as mlir-opt does.
    #[arg(long)]
    pub verify_diagnostics: bool,
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            // Bad input, not a usage error: mlir-opt exits 1 here too.
            rep.error(&e);
            return EXIT_FAIL;
        }
    };
    let mut map = SourceMap::new();
    let registry = match crate::verify::load_dialects(rep, &mut map, &args.dialects) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let opts = PrintOptions {
        debug_info: args.mlir_print_debuginfo,
    };
    let cfg = ParseConfig {
        loc_file_name: name.clone(),
        line_offset: 0,
    };
    // Parse and verify everything first: nothing is written on failure.
    let mut modules = Vec::new();
    let mut failed = false;
    if args.split_input_file {
        let chunks = crate::verify::split_chunks(&text, true);
        for chunk in chunks {
            let f = map.add(name.clone(), chunk.padded);
            let m = match process(rep, &map, f, &cfg, &registry, &args) {
                Step::Done(m) => Some(*m),
                Step::Expected => None,
                Step::Failed => {
                    failed = true;
                    None
                }
                Step::Usage => return EXIT_USAGE,
            };
            modules.push(m);
        }
    } else {
        // The source map owns the only copy of the text.
        let f = map.add(name.clone(), text);
        let m = match process(rep, &map, f, &cfg, &registry, &args) {
            Step::Done(m) => Some(*m),
            Step::Expected => None,
            Step::Failed => {
                failed = true;
                None
            }
            Step::Usage => return EXIT_USAGE,
        };
        modules.push(m);
    }
    // Like mlir-opt: chunks that failed print nothing (their separator
    // stays). An output file is only written when everything succeeded.
    if failed && (args.output != "-" || modules.len() == 1) {
        return EXIT_FAIL;
    }
    let n = modules.len();
    let res = with_output(&args.output, &mut |w| {
        for (i, m) in modules.iter().enumerate() {
            if let Some(m) = m {
                if args.mlir_print_op_generic {
                    print_module_to(m, opts, w)?;
                } else {
                    print_module_custom_to(m, opts, &registry, w)?;
                }
            }
            if i + 1 < n {
                w.write_all(b"// -----\n")?;
            }
        }
        Ok(())
    });
    // The process is about to exit: skip tearing down the (possibly huge) IR.
    std::mem::forget(modules);
    match res {
        Ok(()) if failed => EXIT_FAIL,
        Ok(()) => EXIT_OK,
        Err(e) => {
            rep.error(&e);
            EXIT_FAIL
        }
    }
}

/// The outcome of processing one input (or one split chunk).
enum Step {
    Done(Box<irkit_ir::Module>),
    /// Diagnostics were reported (exit 1).
    Failed,
    /// `--verify-diagnostics`: the chunk failed exactly as it expected.
    Expected,
    /// A usage error was reported (exit 2).
    Usage,
}

/// Parse, verify, run the requested passes (each verifies its own output).
fn process(
    rep: &Reporter,
    map: &SourceMap,
    file: irkit_diag::FileId,
    cfg: &ParseConfig,
    registry: &DialectRegistry,
    args: &Args,
) -> Step {
    let mut module = match parse_and_verify(map, file, cfg, registry, args) {
        Ok(m) => m,
        Err(ds) => return report(rep, map, file, &ds, args),
    };
    if args.abi_lower {
        match crate::abi_lower::run(
            &mut module,
            file,
            args.triple.as_deref(),
            args.target_features.as_deref(),
            args.max_coerced_elements,
            args.dialects.mlir_compat,
        ) {
            Ok(()) => {}
            Err(AbiLowerFailure::Usage(msg)) => {
                rep.error(&msg);
                return Step::Usage;
            }
            Err(AbiLowerFailure::Diags(ds)) => return report(rep, map, file, &ds, args),
        }
    }
    // As mlir-opt: a chunk that succeeds still fails `--verify-diagnostics`
    // when it expected a diagnostic that was not produced.
    if args.verify_diagnostics {
        let missing = irkit_ir::expect::check(map, file, &[]);
        if !missing.is_empty() {
            rep.emit_all(map, &missing);
            return Step::Failed;
        }
    }
    Step::Done(Box::new(module))
}

/// What a chunk's diagnostics mean: reported as errors, or (with
/// `--verify-diagnostics`) held against the chunk's expectations, where
/// matching them all is success without a module to print.
fn report(
    rep: &Reporter,
    map: &SourceMap,
    file: irkit_diag::FileId,
    diags: &[Diagnostic],
    args: &Args,
) -> Step {
    if !args.verify_diagnostics {
        rep.emit_all(map, diags);
        return Step::Failed;
    }
    let res = irkit_ir::expect::check(map, file, diags);
    if res.is_empty() {
        Step::Expected
    } else {
        rep.emit_all(map, &res);
        Step::Failed
    }
}

fn parse_and_verify(
    map: &SourceMap,
    file: irkit_diag::FileId,
    cfg: &ParseConfig,
    registry: &DialectRegistry,
    args: &Args,
) -> Result<irkit_ir::Module, Vec<Diagnostic>> {
    let module = parse_with_dialects_all(map.file(file).text(), file, cfg, registry)?;
    // As mlir-opt: the op is printed in notes except when checking
    // expected diagnostics.
    let vcfg = irkit_ir::verify::VerifyConfig {
        print_op_on_diagnostic: !args.verify_diagnostics,
    };
    let ds = irkit::dialects::verify_module_with(&module, file, registry, vcfg);
    if !ds.is_empty() {
        return Err(ds);
    }
    Ok(module)
}

/// Streams to stdout (`-`) or to a temporary file renamed over `path` once
/// complete, so a failed run never leaves a partial output file.
fn with_output(
    path: &str,
    f: &mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>,
) -> Result<(), String> {
    let mut sink = crate::io::OutputSink::create(path)?;
    match f(&mut sink) {
        Ok(()) => sink.commit(),
        Err(e) => sink.abandon(e),
    }
}
