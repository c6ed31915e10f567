//! `irkit verify`: parse and verify IR, generic or custom syntax.

use crate::io::read_input;
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK};
use clap::Args as ClapArgs;
use irkit_diag::SourceMap;
use irkit_ir::parser::parse_with_dialects;
use irkit_ir::ParseConfig;

/// Parse and verify MLIR-style IR.
///
/// Checks SSA dominance, terminators, successors, symbol tables, registered
/// op definitions and the token contract (a `token` value is never forwarded
/// through calls, function signatures, branches, region forwarding or
/// select-like ops). Ops of dialects irkit does not know are accepted, as
/// with `mlir-opt --allow-unregistered-dialect`; an op name that a dialect
/// irkit defines completely does not have is an error, as in mlir-opt.
///
/// Input: MLIR in the generic op syntax (`"dialect.op"(...) : (...) -> ...`)
/// or the custom syntax of the shipped dialects (builtin, func, arith, math,
/// cf, scf, cir, fir, and those loaded with `--dialect`), mixed freely.
/// Guide: docs/tokens.md in the irkit repository.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    #[command(flatten)]
    pub dialects: DialectArgs,
    /// Accepted for mlir-opt compatibility (unregistered ops are always allowed).
    #[arg(long, hide = true)]
    pub allow_unregistered_dialect: bool,
    /// Check `// expected-error {{...}}` annotations instead of reporting.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Split the input at `// -----` lines and verify each chunk alone.
    #[arg(long)]
    pub split_input_file: bool,
}

/// Dialects loaded at run time, shared by `verify` and `opt`.
#[derive(ClapArgs, Debug)]
pub struct DialectArgs {
    /// Load dialect definitions from a .td file at run time (repeatable):
    /// their ops are verified, and read and printed in their custom syntax.
    #[arg(long, value_name = "X.td")]
    pub dialect: Vec<String>,
    /// Include directory for the `--dialect` files' `include`s (repeatable;
    /// each file's own directory is searched first).
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<String>,
    /// The LLVM/MLIR release to match: its dialects' definitions, syntax
    /// and verifier rules (as mlir-opt-19 or mlir-opt-22), and for
    /// `--abi-lower` the Clang release whose classification and argument
    /// attributes the lowered signatures reproduce (22 adds
    /// `abi.dead_on_return` and `abi.noext`).
    #[arg(long, value_enum, value_name = "19|22", default_value_t = crate::abi_lower::MlirCompat::V22)]
    pub mlir_compat: crate::abi_lower::MlirCompat,
}

/// One `// -----` chunk, padded with newlines so line numbers stay those of
/// the whole file.
pub struct Chunk {
    pub padded: String,
}

/// Splits at every occurrence of `// -----`, as mlir-opt does (it splits
/// on the marker anywhere, not only on whole lines). Each chunk is padded
/// with newlines and spaces so positions stay those of the whole file.
pub fn split_chunks(text: &str, split: bool) -> Vec<Chunk> {
    const MARKER: &str = "// -----";
    if !split {
        return vec![Chunk {
            padded: text.to_string(),
        }];
    }
    let mut chunks = Vec::new();
    let mut start = 0usize;
    loop {
        let end = text[start..].find(MARKER).map(|i| start + i);
        let piece = &text[start..end.unwrap_or(text.len())];
        let before = &text[..start];
        let lines = before.matches('\n').count();
        let col = before.len() - before.rfind('\n').map_or(0, |i| i + 1);
        let mut padded = String::with_capacity(lines + col + piece.len());
        padded.extend(std::iter::repeat_n('\n', lines));
        padded.extend(std::iter::repeat_n(' ', col));
        padded.push_str(piece);
        chunks.push(Chunk { padded });
        match end {
            Some(e) => start = e + MARKER.len(),
            None => break,
        }
    }
    chunks
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    let mut map = SourceMap::new();
    let registry = match load_dialects(rep, &mut map, &args.dialects) {
        Ok(r) => r,
        Err(code) => return code,
    };
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            rep.error(&e);
            return EXIT_FAIL;
        }
    };
    let cfg = ParseConfig {
        loc_file_name: name.clone(),
        line_offset: 0,
    };
    // Without splitting, the source map owns the only copy of the text.
    let files: Vec<irkit_diag::FileId> = if args.split_input_file {
        split_chunks(&text, true)
            .into_iter()
            .map(|c| map.add(name.clone(), c.padded))
            .collect()
    } else {
        vec![map.add(name.clone(), text)]
    };
    let mut failed = false;
    for f in files {
        let diags = match parse_with_dialects(map.file(f).text(), f, &cfg, &registry) {
            Err(d) => vec![*d],
            Ok(m) => {
                // As mlir-opt: the op is printed in notes except when
                // checking expected diagnostics.
                let vcfg = irkit_ir::verify::VerifyConfig {
                    print_op_on_diagnostic: !args.verify_diagnostics,
                };
                let res = irkit::dialects::verify_module_with(&m, f, &registry, vcfg);
                // Skip tearing down the IR: the process exits soon.
                std::mem::forget(m);
                res
            }
        };
        if args.verify_diagnostics {
            let res = irkit_ir::expect::check(&map, f, &diags);
            if !res.is_empty() {
                rep.emit_all(&map, &res);
                failed = true;
            }
        } else if !diags.is_empty() {
            rep.emit_all(&map, &diags);
            failed = true;
        }
    }
    if failed {
        EXIT_FAIL
    } else {
        EXIT_OK
    }
}

/// The built-in dialects, extended by each `--dialect X.td` in order (a later
/// definition of an op replaces an earlier one).
pub(crate) fn load_dialects(
    rep: &Reporter,
    map: &mut SourceMap,
    dialects: &DialectArgs,
) -> Result<irkit_ir::dialect::DialectRegistry, u8> {
    let mut registry = irkit::dialects::builtin_registry_at(dialects.mlir_compat.release());
    for path in &dialects.dialect {
        let (name, text) = match read_input(path) {
            Ok(x) => x,
            Err(e) => {
                rep.error(&e);
                return Err(EXIT_FAIL);
            }
        };
        let file = map.add(name, text);
        let (user, diags) = irkit::dialects::load_dialect_file(map, file, &dialects.include);
        if rep.emit_all(map, &diags) {
            return Err(EXIT_FAIL);
        }
        let Some(user) = user else {
            return Err(EXIT_FAIL);
        };
        registry.extend(user);
    }
    Ok(registry)
}
