//! `irkit opt`: parse, run passes, print.

use crate::io::{read_input, write_output};
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, ParseConfig, PrintOptions};

/// Parse IR, run passes, and print the result in generic form.
///
/// With no pass it prints what it read exactly as
/// `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic` does.
/// `--abi-lower` rewrites function signatures, bodies and call sites of the
/// CIR-like and FIR-like dialects for the target's C calling convention.
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
    /// Target features, e.g. `+avx` or `+avx512f` (x86_64 vector widths).
    #[arg(long, value_name = "FEATURES")]
    pub target_features: Option<String>,
    /// Print operations in generic form (the only form irkit prints; accepted
    /// for command-line compatibility with mlir-opt).
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
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    if args.abi_lower {
        return crate::report::not_built(rep, "irkit opt --abi-lower");
    }
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            rep.error(&e);
            return EXIT_USAGE;
        }
    };
    let mut map = SourceMap::new();
    let chunks = crate::verify::split_chunks(&text, args.split_input_file);
    let file = map.add(name.clone(), text.clone());
    let mut out: Vec<u8> = Vec::new();
    let mut failed = false;
    let n = chunks.len();
    for (i, chunk) in chunks.into_iter().enumerate() {
        let cfg = ParseConfig {
            loc_file_name: name.clone(),
            line_offset: 0,
        };
        let chunk_file = if n == 1 {
            file
        } else {
            map.add(name.clone(), chunk.padded.clone())
        };
        let module = match parse(&chunk.padded, chunk_file, &cfg) {
            Ok(m) => m,
            Err(d) => {
                rep.emit(&map, &d);
                failed = true;
                continue;
            }
        };
        if let Err(ds) = irkit_ir::verify::verify(&module, chunk_file) {
            rep.emit_all(&map, &ds);
            failed = true;
            continue;
        }
        out.extend_from_slice(&print_module(
            &module,
            PrintOptions {
                debug_info: args.mlir_print_debuginfo,
            },
        ));
        if i + 1 < n {
            out.extend_from_slice(b"// -----\n");
        }
    }
    if failed {
        return EXIT_FAIL;
    }
    match write_output(&args.output, &out) {
        Ok(()) => EXIT_OK,
        Err(e) => {
            rep.error(&e);
            EXIT_FAIL
        }
    }
}
