//! TableGen for irkit: the LLVM 19 TableGen language plus `let append` /
//! `let prepend`, with output identical to `llvm-tblgen-19`.
//!
//! Pipeline: [`lexer`] (tokens, preprocessor, includes) -> [`parser`]
//! (recursive descent with LLVM's semantic actions, building records in
//! [`model::Ctx`]) -> [`resolve`] (substitution and folding) -> backends
//! ([`printer`] for `--print-records`, [`json`] for `--dump-json`,
//! [`op_defs`] for `--gen-op-defs`).
//!
//! **Architecture invariant:** no IO besides reading included files, no
//! printing; diagnostics are returned as [`irkit_diag::Diagnostic`]s.
#![warn(clippy::print_stdout, clippy::print_stderr, clippy::dbg_macro)]

pub mod compat;
pub mod detailed;
pub mod explain;
pub mod json;
pub mod lexer;
pub mod limits;
pub mod model;
pub mod op_defs;
pub mod parser;
pub mod printer;
pub mod resolve;
mod segments;
pub mod sets;

use irkit_diag::{Diagnostic, FileId, SourceMap};
pub use limits::Limits;

/// What to produce.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action<'a> {
    PrintRecords,
    DumpJson,
    /// `--print-detailed-records`, headed with the input's name as given.
    PrintDetailedRecords(&'a str),
    /// `--print-enums --class=C`: the defs derived from class `C`.
    PrintEnums(&'a str),
    /// `--null-backend`: parse and check only.
    Null,
    /// `--print-sets`: the elements of every `Set` def ([`sets`]).
    PrintSets,
    /// Rust op definitions from ODS-like records ([`op_defs`]).
    GenOpDefs,
    /// `--explain RECORD.FIELD`: how the field's final value was built
    /// (records field provenance while parsing; see [`explain`]).
    Explain(&'a str),
}

/// A receiver of diagnostics before the output is written.
pub type EarlyDiags<'a> = dyn Fn(&SourceMap, &[Diagnostic]) + Sync + 'a;

pub struct Options<'a> {
    pub include_dirs: &'a [String],
    pub defines: &'a [String],
    /// Files `include` finds after the include directories: (name, text).
    pub builtin_includes: &'a [(&'a str, &'a str)],
    /// Add a note with the lex/parse/print times (the CLI sets it from
    /// `IRKIT_TD_TIME`; the library reads no environment).
    pub report_timing: bool,
    pub action: Action<'a>,
    /// The LLVM release whose language, folding, output and messages to
    /// follow ([`compat::rules`]).
    pub rules: &'static compat::Rules,
    /// Warn about unused template arguments, as llvm-tblgen does unless
    /// given `--no-warn-on-unused-template-args`.
    pub warn_unused_template_args: bool,
    /// Called with the warnings and notes of a successful parse before the
    /// output is written (llvm-tblgen prints them first); those are then
    /// not returned again. `None`: they are returned with the rest.
    pub early_diags: Option<&'a EarlyDiags<'a>>,
    /// Skip freeing the record model at the end (for one-shot processes
    /// such as the CLI, where the OS reclaims it anyway).
    pub leak_model: bool,
    /// Caps on sizes, record counts and loop iterations ([`Limits`]).
    pub limits: Limits,
}

/// The result of a run: the output text (absent on error) and every
/// diagnostic (errors, warnings, `dump` notes) in order.
pub struct Outcome {
    pub output: Option<String>,
    pub diags: Vec<Diagnostic>,
}

/// Stack for the worker thread: deeply nested input recurses deeply (bounded
/// by explicit limits), and the limits, not the stack, must be what stops it.
pub const WORKER_STACK: usize = 512 << 20;

/// Runs TableGen on `file` (already in `map`), on a worker thread with a
/// large stack, and returns the output text.
pub fn run(map: &mut SourceMap, file: FileId, opts: &Options<'_>) -> Outcome {
    let mut buf: Vec<u8> = Vec::new();
    let streamed = run_to(map, file, opts, &mut buf);
    let mut diags = streamed.diags;
    if !streamed.written {
        return Outcome {
            output: None,
            diags,
        };
    }
    // Every backend writes `&str`s, so this never fails; if it did, say so.
    match String::from_utf8(buf) {
        Ok(text) => Outcome {
            output: Some(text),
            diags,
        },
        Err(_) => {
            diags.push(Diagnostic::bare_error(
                "internal error: TableGen output is not UTF-8",
            ));
            Outcome {
                output: None,
                diags,
            }
        }
    }
}

/// The result of [`run_to`]: whether the output was written in full, the
/// diagnostics, and the error that stopped writing, if any.
pub struct Streamed {
    pub written: bool,
    /// Paths of the files read for `include`, sorted (for `-d`).
    pub deps: Vec<String>,
    pub diags: Vec<Diagnostic>,
    /// Errors were among the diagnostics given to `early_diags` (the
    /// output was still written, as LLVM 19 does): the run failed.
    pub early_errors: bool,
    pub io_error: Option<std::io::Error>,
}

/// Runs TableGen on `file` on a worker thread with a large stack, streaming
/// the output to `sink` as it is produced. Nothing is written unless the
/// input is free of errors (every error is known before printing starts).
pub fn run_to(
    map: &mut SourceMap,
    file: FileId,
    opts: &Options<'_>,
    sink: &mut (dyn std::io::Write + Send),
) -> Streamed {
    let res = std::thread::scope(|s| {
        std::thread::Builder::new()
            .stack_size(WORKER_STACK)
            .spawn_scoped(s, || run_here(map, file, opts, sink))
            .map(|h| h.join())
    });
    match res {
        Ok(Ok(o)) => o,
        _ => Streamed {
            written: false,
            deps: Vec::new(),
            diags: vec![Diagnostic::bare_error(
                "internal error: the TableGen worker thread failed",
            )],
            early_errors: false,
            io_error: None,
        },
    }
}

/// Runs TableGen on the current thread, streaming the output to `sink`.
pub fn run_here(
    map: &mut SourceMap,
    file: FileId,
    opts: &Options<'_>,
    sink: &mut dyn std::io::Write,
) -> Streamed {
    let failed = |diags| Streamed {
        written: false,
        deps: Vec::new(),
        diags,
        early_errors: false,
        io_error: None,
    };
    let mut cx = model::Ctx::new();
    cx.rules = opts.rules;
    cx.warn_unused_template_args = opts.warn_unused_template_args;
    cx.limits = opts.limits;
    if let Action::Explain(_) = opts.action {
        cx.explain = Some(Box::default());
    }
    if opts.rules.check_macro_names {
        for d in opts.defines {
            let ok = d
                .bytes()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == b'_')
                && d.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
            if !ok {
                return failed(vec![Diagnostic::bare_error(format!(
                    "invalid macro name `{d}` specified on command line"
                ))]);
            }
        }
    }
    let cfg = lexer::LexConfig {
        include_dirs: opts.include_dirs,
        defines: opts.defines,
        builtin_includes: opts.builtin_includes,
        rules: opts.rules,
    };
    let t0 = std::time::Instant::now();
    let lexer::Lexed {
        toks,
        deps,
        warnings,
    } = match lexer::lex_with_deps(map, &mut cx.strs, file, &cfg) {
        Ok(t) => t,
        Err(mut diags) => {
            pointify(&mut diags);
            return failed(diags);
        }
    };
    let t1 = std::time::Instant::now();
    let ntoks = toks.len();
    let (mut diags, stopped) = parse_collecting(&mut cx, toks, warnings);
    let t2 = std::time::Instant::now();
    let errors = diags.iter().any(Diagnostic::is_error);
    // An error the parser went on from stops the output at 22; 19 still
    // runs the backend (and fails afterwards).
    if errors && (stopped || !opts.rules.output_despite_errors) {
        return failed(diags);
    }
    let mut early_errors = false;
    if let Some(report) = opts.early_diags {
        report(map, &diags);
        diags.clear();
        early_errors = errors;
    }
    let mut out = String::new();
    let written = match opts.action {
        Action::PrintRecords => printer::print_records(&cx, sink),
        Action::DumpJson => json::dump_json(&cx, map, sink),
        Action::PrintEnums(class) => match printer::print_enums(&cx, class, &mut out) {
            Ok(()) => sink.write_all(out.as_bytes()),
            Err(msg) => {
                diags.push(Diagnostic::bare_error(msg));
                return failed(diags);
            }
        },
        Action::Null => Ok(()),
        Action::PrintSets => match sets::print_sets(&cx, &mut out) {
            Ok(()) => sink.write_all(out.as_bytes()),
            Err(msg) => {
                diags.push(Diagnostic::bare_error(msg));
                return failed(diags);
            }
        },
        Action::PrintDetailedRecords(input) => {
            detailed::print_detailed_records(&cx, map, input, sink)
        }
        Action::GenOpDefs => {
            let mut errs = op_defs::gen_op_defs(&cx, map, file, &mut out);
            if !errs.is_empty() {
                pointify(&mut errs);
                diags.append(&mut errs);
                return failed(diags);
            }
            sink.write_all(out.as_bytes())
        }
        Action::Explain(target) => {
            if let Err(d) = explain::explain(&mut cx, map, target, &mut out) {
                diags.push(d);
                return failed(diags);
            }
            sink.write_all(out.as_bytes())
        }
    };
    let written = written.and_then(|()| sink.flush());
    if opts.report_timing {
        let t3 = std::time::Instant::now();
        diags.push(Diagnostic::new(
            irkit_diag::Severity::Note,
            None,
            format!(
                "lex {:?} parse {:?} print {:?}; {} tokens, {} values ({} mk calls, {} units), {} records, {} strings, {} loop iterations",
                t1 - t0,
                t2 - t1,
                t3 - t2,
                ntoks,
                cx.n_inits(),
                cx.mk_calls,
                cx.value_units,
                cx.records.len(),
                cx.strs.len(),
                cx.loop_iterations
            ),
        ));
    }
    // The values and records die with the process when this is the CLI;
    // freeing them one by one costs a few percent of a run, so a one-shot
    // caller may skip it.
    if opts.leak_model {
        std::mem::forget(cx);
    }
    match written {
        Ok(()) => Streamed {
            written: true,
            deps,
            diags,
            early_errors,
            io_error: None,
        },
        Err(e) => Streamed {
            written: false,
            deps,
            diags,
            early_errors,
            io_error: Some(e),
        },
    }
}

/// What [`run_model`] keeps for tools that query a run (the language
/// server): the record model when the input has no errors, the tokens of
/// the file and everything it includes, and every diagnostic.
pub struct ModelOutcome {
    pub model: Option<model::Ctx>,
    pub tokens: Vec<lexer::Token>,
    pub diags: Vec<Diagnostic>,
}

/// Lexes and parses `file` (already in `map`) on the current thread, as
/// [`run_here`] (so from a thread with a large stack: deeply nested input
/// recurses deeply), and returns the model instead of output. Included
/// files are read from `overlay` when it has their path (an editor's
/// unsaved documents). `opts.action` is not performed; an
/// [`Action::Explain`] turns on provenance tracking ([`explain::explain`]
/// then answers for any field).
pub fn run_model(
    map: &mut SourceMap,
    file: FileId,
    opts: &Options<'_>,
    overlay: Option<&lexer::Overlay<'_>>,
) -> ModelOutcome {
    let mut cx = model::Ctx::new();
    cx.rules = opts.rules;
    cx.warn_unused_template_args = opts.warn_unused_template_args;
    cx.limits = opts.limits;
    if let Action::Explain(_) = opts.action {
        cx.explain = Some(Box::default());
    }
    let cfg = lexer::LexConfig {
        include_dirs: opts.include_dirs,
        defines: opts.defines,
        builtin_includes: opts.builtin_includes,
        rules: opts.rules,
    };
    let (tokens, warnings) = match lexer::lex_with_overlay(map, &mut cx.strs, file, &cfg, overlay) {
        Ok(lexed) => (lexed.toks, lexed.warnings),
        Err(mut diags) => {
            pointify(&mut diags);
            return ModelOutcome {
                model: None,
                tokens: Vec::new(),
                diags,
            };
        }
    };
    let (diags, _) = parse_collecting(&mut cx, tokens.clone(), warnings);
    let model = (!diags.iter().any(Diagnostic::is_error)).then_some(cx);
    ModelOutcome {
        model,
        tokens,
        diags,
    }
}

/// Parses `toks` into `cx` and gathers every diagnostic in LLVM's order:
/// the lexer's `warnings`, the parser's messages and errors, then the one
/// that stopped it and a fatal limit error; located at points. The flag
/// says whether an error stopped the parse (errors it went on from do not).
fn parse_collecting(
    cx: &mut model::Ctx,
    toks: Vec<lexer::Token>,
    warnings: Vec<Diagnostic>,
) -> (Vec<Diagnostic>, bool) {
    let res = parser::parse(cx, toks);
    let mut diags = warnings;
    diags.append(&mut cx.messages);
    diags.append(&mut cx.errors);
    let mut stopped = false;
    if let Err(d) = res {
        diags.push(d);
        stopped = true;
    }
    if let Some(d) = cx.fatal.take() {
        diags.push(d);
        stopped = true;
    }
    pointify(&mut diags);
    (diags, stopped)
}

/// LLVM's TableGen reports points, not ranges: a caret without tildes.
fn pointify(diags: &mut [Diagnostic]) {
    for d in diags {
        if let Some(l) = d.loc.as_mut() {
            l.span = irkit_diag::Span::new(l.span.start, l.span.start + 1);
        }
        for n in &mut d.notes {
            if let Some(l) = n.loc.as_mut() {
                l.span = irkit_diag::Span::new(l.span.start, l.span.start + 1);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `input` and returns the Defs section of --print-records, or the
    /// first error as `LINE:COL: MESSAGE`.
    fn run_str(input: &str) -> String {
        let mut map = SourceMap::new();
        let file = map.add("t.td", input.to_string());
        let opts = Options {
            include_dirs: &[],
            defines: &[],
            builtin_includes: &[],
            report_timing: false,
            leak_model: false,
            action: Action::PrintRecords,
            early_diags: None,
            warn_unused_template_args: false,
            rules: compat::newest(),
            limits: Limits::DEFAULT,
        };
        let out = run(&mut map, file, &opts);
        if let Some(d) = out.diags.iter().find(|d| d.is_error()) {
            let pos = d.loc.map(|l| map.file(l.file).line_col(l.span.start));
            return match pos {
                Some((l, c)) => format!("{l}:{c}: {}", d.message),
                None => d.message.clone(),
            };
        }
        let text = out.output.unwrap_or_default();
        let at = text.find("------------- Defs").unwrap_or(0);
        text[at..].lines().skip(1).collect::<Vec<_>>().join("\n")
    }

    fn check(input: &str, expect: &str) {
        assert_eq!(run_str(input), expect.trim());
    }

    #[test]
    fn class_args_and_folding() {
        check(
            "class A<int x> { int y = !add(x, 1); bits<2> b = x; }\ndef D : A<2>;",
            "def D {\t// A\n  int y = 3;\n  bits<2> b = { 1, 0 };\n}",
        );
    }

    #[test]
    fn let_append_and_prepend() {
        check(
            "class B { list<int> l = [1]; string s = \"b\"; }\n\
             def D : B { let append l = [2]; let prepend s = \"a\"; }",
            "def D {\t// B\n  list<int> l = [1, 2];\n  string s = \"ab\";\n}",
        );
    }

    #[test]
    fn append_keyword_is_contextual() {
        check(
            "class B { list<int> append = [1]; }\ndef D : B { let append = [3]; }",
            "def D {\t// B\n  list<int> append = [3];\n}",
        );
    }

    #[test]
    fn errors_carry_llvm_wording_and_position() {
        check("def X : Nope;", "1:9: Couldn't find class 'Nope'");
        check(
            "class B { int n = 0; }\ndef D : B { let append n = 1; }",
            "2:17: Cannot append to field 'n' of type 'int' (expected list, string, code, or dag)",
        );
    }

    #[test]
    fn run_model_reads_included_files_from_the_overlay() {
        let mut map = SourceMap::new();
        let file = map.add(
            "main.td",
            "include \"irkit-overlay-test.td\"\ndef D : C;".to_string(),
        );
        let opts = Options {
            include_dirs: &[],
            defines: &[],
            builtin_includes: &[],
            report_timing: false,
            leak_model: false,
            action: Action::Null,
            early_diags: None,
            warn_unused_template_args: false,
            rules: compat::newest(),
            limits: Limits::DEFAULT,
        };
        let overlay = |p: &str| {
            (p == "irkit-overlay-test.td").then(|| std::sync::Arc::from("class C { int x = 7; }"))
        };
        let out = run_model(&mut map, file, &opts, Some(&overlay));
        assert!(out.diags.is_empty(), "{:?}", out.diags);
        let cx = out.model.expect("a model");
        let d = cx
            .defs
            .get(&cx.strs.get("D").expect("D"))
            .copied()
            .expect("def D");
        let mut text = String::new();
        printer::write_record(&cx, &mut text, d);
        assert_eq!(text, "D {\t// C\n  int x = 7;\n}\n");
        assert_eq!(out.tokens.last().map(|t| t.kind), Some(lexer::Tok::Eof));
        // Without the overlay, the file is not found (LLVM 22's wording:
        // `could not find include file`).
        let mut map = SourceMap::new();
        let file = map.add("main.td", "include \"irkit-overlay-test.td\"".to_string());
        let out = run_model(&mut map, file, &opts, None);
        assert!(out.model.is_none());
        assert!(out.diags[0].message.contains("could not find include file"));
    }

    #[test]
    fn deep_nesting_is_a_diagnostic() {
        let deep = format!(
            "def X {{ int l = {}1{}; }}",
            "!add(1, ".repeat(2000),
            ")".repeat(2000)
        );
        assert!(run_str(&deep).contains("nesting too deep"));
        let rec = "class A<int n> { int x = A<!add(n, 1)>.x; }\ndef X { int y = A<0>.x; }";
        assert!(run_str(rec).contains("nesting too deep"));
    }
}
