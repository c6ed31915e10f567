//! `irkit tblgen`: the TableGen front end and its backends.

use crate::io::{read_input, OutputSink};
use crate::report::{Reporter, EXIT_FAIL, EXIT_OK, EXIT_USAGE};
use clap::Args as ClapArgs;
use irkit_diag::SourceMap;

/// Read a TableGen file and print its records, like llvm-tblgen.
///
/// The default action (and `--print-records`) prints the Classes/Defs listing
/// byte-identical to llvm-tblgen-22 (`--llvm-compat=19`: to llvm-tblgen-19);
/// `--dump-json` prints its JSON. Beyond
/// LLVM: `let append` / `let prepend` accumulate list, string, code and dag
/// fields across class hierarchies, and `--explain Record.field` shows how a
/// field's final value was built.
///
/// Input: TableGen (`.td`). Guide: docs/let-append.md in the irkit repository.
#[derive(ClapArgs, Debug)]
pub struct Args {
    /// Input .td file (`-` for stdin).
    #[arg(default_value = "-")]
    pub input: String,
    /// Add a directory to the include search path.
    #[arg(short = 'I', value_name = "DIR")]
    pub include: Vec<String>,
    /// Define a preprocessor macro (for `#ifdef NAME`).
    #[arg(short = 'D', value_name = "NAME")]
    pub define: Vec<String>,
    /// Output file (`-` for stdout).
    #[arg(short = 'o', default_value = "-")]
    pub output: String,
    /// Write a Make-style dependency file (the output file, then every
    /// included file) to FILE; needs `-o`.
    #[arg(short = 'd', value_name = "FILE")]
    pub depfile: Option<String>,
    /// Leave the output file untouched when its contents would not change.
    #[arg(long)]
    pub write_if_changed: bool,
    /// Do not warn about template arguments a class or multiclass never uses.
    #[arg(long)]
    pub no_warn_on_unused_template_args: bool,
    /// Print the time each phase took (lex, parse, backend) to stderr.
    #[arg(long)]
    pub time_phases: bool,
    /// The LLVM release whose TableGen to follow: its language, folding
    /// rules, output and error messages.
    #[arg(long, value_name = "RELEASE", default_value = "22", value_parser = ["22", "19"])]
    pub llvm_compat: String,
    /// Print all records (the default action).
    #[arg(long, group = "action")]
    pub print_records: bool,
    /// Dump all records as machine-readable JSON.
    #[arg(long, group = "action")]
    pub dump_json: bool,
    /// Print full details of all records: globals, classes, defs, with
    /// template arguments, superclasses and source locations.
    #[arg(long, group = "action")]
    pub print_detailed_records: bool,
    /// Print the names of the defs derived from the class given by `--class`.
    #[arg(long, group = "action", requires = "class")]
    pub print_enums: bool,
    /// The class whose defs `--print-enums` lists.
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
    /// Print the elements of every def derived from class `Set` (LLVM's set
    /// theory: add, sub, and, shl, trunc, rotl, rotr, decimate, interleave,
    /// sequence).
    #[arg(long, group = "action")]
    pub print_sets: bool,
    /// Parse and check the input; write nothing.
    #[arg(long, group = "action")]
    pub null_backend: bool,
    /// Generate Rust op definitions from ODS-like dialect definitions.
    #[arg(long, group = "action")]
    pub gen_op_defs: bool,
    /// Explain how RECORD.FIELD got its final value.
    #[arg(long, group = "action", value_name = "RECORD.FIELD")]
    pub explain: Option<String>,
    /// Most elements in one list or dag value.
    #[arg(long, value_name = "N", default_value_t = irkit_td::Limits::DEFAULT.list_len)]
    pub max_list_len: usize,
    /// Most bytes in one string value.
    #[arg(long, value_name = "N", default_value_t = irkit_td::Limits::DEFAULT.string_len)]
    pub max_string_len: usize,
    /// Most records (classes and instantiated records included).
    #[arg(long, value_name = "N", default_value_t = irkit_td::Limits::DEFAULT.records)]
    pub max_records: usize,
    /// Most `foreach` iterations, all loops together.
    #[arg(long, value_name = "N", default_value_t = irkit_td::Limits::DEFAULT.loop_iterations)]
    pub max_loop_iterations: u64,
    /// Most list/dag elements plus string bytes over all values built.
    #[arg(long, value_name = "N", default_value_t = irkit_td::Limits::DEFAULT.total_values)]
    pub max_total_values: u64,
}

impl Args {
    fn limits(&self) -> irkit_td::Limits {
        irkit_td::Limits {
            list_len: self.max_list_len,
            string_len: self.max_string_len,
            records: self.max_records,
            loop_iterations: self.max_loop_iterations,
            total_values: self.max_total_values,
        }
    }
}

/// llvm-tblgen's words for a one-letter option that ends the command line
/// without its value (`irkit tblgen x.td -D`), which clap would word its own
/// way.
pub fn missing_value(argv: &[std::ffi::OsString]) -> Option<String> {
    if argv.get(1).and_then(|a| a.to_str()) != Some("tblgen") {
        return None;
    }
    let last = argv.last()?.to_str()?;
    matches!(last, "-D" | "-I" | "-o" | "-d")
        .then(|| format!("for the {last} option: requires a value!"))
}

pub fn run(rep: &Reporter, args: Args) -> u8 {
    if let Some(t) = &args.explain {
        let ok = t
            .rsplit_once('.')
            .is_some_and(|(r, f)| !r.is_empty() && !f.is_empty());
        if !ok {
            rep.error(&format!("--explain expects RECORD.FIELD, got '{t}'"));
            return EXIT_USAGE;
        }
    }
    if args.depfile.is_some() && args.output == "-" {
        rep.error("the option -d must be used together with -o");
        return EXIT_FAIL;
    }
    let (name, text) = match read_input(&args.input) {
        Ok(x) => x,
        Err(e) => {
            rep.error(&e);
            return EXIT_FAIL;
        }
    };
    let mut map = SourceMap::new();
    let file = map.add(name, text);
    let action = if let Some(t) = &args.explain {
        irkit_td::Action::Explain(t)
    } else if args.dump_json {
        irkit_td::Action::DumpJson
    } else if args.print_detailed_records {
        irkit_td::Action::PrintDetailedRecords(&args.input)
    } else if args.print_enums {
        irkit_td::Action::PrintEnums(args.class.as_deref().unwrap_or(""))
    } else if args.print_sets {
        irkit_td::Action::PrintSets
    } else if args.null_backend {
        irkit_td::Action::Null
    } else if args.gen_op_defs {
        irkit_td::Action::GenOpDefs
    } else {
        irkit_td::Action::PrintRecords
    };
    // Warnings print before the output, as llvm-tblgen prints them.
    let early = |map: &SourceMap, diags: &[irkit_diag::Diagnostic]| {
        rep.emit_all(map, diags);
    };
    let opts = irkit_td::Options {
        include_dirs: &args.include,
        defines: &args.define,
        builtin_includes: irkit::dialects::BUILTIN_INCLUDES,
        report_timing: args.time_phases || std::env::var_os("IRKIT_TD_TIME").is_some(),
        action,
        leak_model: true,
        early_diags: Some(&early),
        warn_unused_template_args: !args.no_warn_on_unused_template_args,
        rules: irkit_td::compat::rules(args.llvm_compat.parse().unwrap_or(0))
            .unwrap_or_else(irkit_td::compat::newest),
        limits: args.limits(),
    };
    // The output streams as it is printed: to stdout, or to a temporary file
    // renamed over `-o FILE` only when everything was written.
    let mut sink = match OutputSink::create(&args.output) {
        Ok(s) => s,
        Err(e) => {
            rep.error(&e);
            return EXIT_FAIL;
        }
    };
    let streamed = irkit_td::run_to(&mut map, file, &opts, &mut sink);
    let failed = rep.emit_all(&map, &streamed.diags) || streamed.early_errors;
    if let Some(e) = streamed.io_error {
        if let Err(e) = sink.abandon(e) {
            rep.error(&e);
            return EXIT_FAIL;
        }
        return if failed { EXIT_FAIL } else { EXIT_OK };
    }
    if failed || !streamed.written {
        sink.discard();
        return EXIT_FAIL;
    }
    let committed = if args.write_if_changed {
        sink.commit_if_changed()
    } else {
        sink.commit()
    };
    if let Err(e) = committed {
        rep.error(&e);
        return EXIT_FAIL;
    }
    if let Some(d) = &args.depfile {
        // llvm-tblgen's form: `OUTPUT: DEP DEP ...` on one line.
        let mut text = format!("{}:", args.output);
        for dep in &streamed.deps {
            text.push(' ');
            text.push_str(dep);
        }
        text.push('\n');
        if let Err(e) = crate::io::write_output(d, text.as_bytes()) {
            rep.error(&e);
            return EXIT_FAIL;
        }
    }
    EXIT_OK
}
