//! `irkit verify`: parse and verify IR in generic syntax.

use crate::io::read_input;
use crate::report::{not_built, Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use irkit_diag::SourceMap;
use irkit_ir::{parse, ParseConfig};

/// Parse and verify MLIR-style IR written in the generic syntax.
///
/// Checks SSA dominance, terminators, successors, symbol tables, registered
/// op definitions and the token contract (a `token` value is never forwarded
/// through calls, function signatures, branches, region forwarding or
/// select-like ops). Unregistered ops are accepted, as with
/// `mlir-opt --allow-unregistered-dialect`.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .mlir file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Load dialect definitions from a .td file at run time (repeatable).
    #[arg(long, value_name = "X.td")]
    pub dialect: Vec<String>,
    /// Check `// expected-error {{...}}` annotations instead of reporting.
    #[arg(long)]
    pub verify_diagnostics: bool,
    /// Split the input at `// -----` lines and verify each chunk alone.
    #[arg(long)]
    pub split_input_file: bool,
}

/// One `// -----` chunk, padded with newlines so line numbers stay those of
/// the whole file.
pub struct Chunk {
    pub padded: String,
}

/// Splits at lines that are exactly `// -----` (as mlir-opt does).
pub fn split_chunks(text: &str, split: bool) -> Vec<Chunk> {
    if !split {
        return vec![Chunk {
            padded: text.to_string(),
        }];
    }
    let mut chunks = Vec::new();
    let mut cur = String::new();
    let mut start_line = 0usize;
    for (line_no, line) in text.split_inclusive('\n').enumerate() {
        if line.trim_end() == "// -----" {
            let mut padded = "\n".repeat(start_line);
            padded.push_str(&cur);
            chunks.push(Chunk { padded });
            cur.clear();
            start_line = line_no + 1;
        } else {
            cur.push_str(line);
        }
    }
    let mut padded = "\n".repeat(start_line);
    padded.push_str(&cur);
    chunks.push(Chunk { padded });
    chunks
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    if !args.dialect.is_empty() {
        return not_built(rep, "irkit verify --dialect");
    }
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            rep.error(&e);
            return EXIT_USAGE;
        }
    };
    let mut map = SourceMap::new();
    let file = map.add(name.clone(), text.clone());
    let chunks = split_chunks(&text, args.split_input_file);
    let mut failed = false;
    let single = chunks.len() == 1;
    for chunk in chunks {
        let f = if single {
            file
        } else {
            map.add(name.clone(), chunk.padded.clone())
        };
        let cfg = ParseConfig {
            loc_file_name: name.clone(),
            line_offset: 0,
        };
        let diags = match parse(&chunk.padded, f, &cfg) {
            Err(d) => vec![*d],
            Ok(m) => match irkit_ir::verify::verify(&m, f) {
                Ok(_) => Vec::new(),
                Err(ds) => ds,
            },
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
