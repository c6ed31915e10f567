//! `cargo xtask ir-compat --mlir-tests`: MLIR's own test files of the
//! dialects irkit ships, against mlir-opt-V for the release V of `--mlir`
//! (19 or 22; irkit runs with `--mlir-compat=V`).
//!
//! The files come from LLVM V's source (`llvm_src::ensure(V)`, never kept
//! here): every `.mlir` under [`FOLDERS`] of `mlir/test`. Below, mlir-opt-19
//! stands for mlir-opt-V. Each file is split
//! at `// -----` when one of its RUN lines has `-split-input-file` (as
//! mlir-opt splits: the marker and the rest of its line end a chunk), and
//! each chunk is run with no pass, with `--allow-unregistered-dialect` when a
//! RUN line has it:
//! - a chunk with `expected-*` annotations in a `-verify-diagnostics` file
//!   is a *diagnostics* chunk when `mlir-opt-19 --verify-diagnostics` passes
//!   on it (its diagnostics come from the parser or verifier); irkit must
//!   pass `irkit opt --verify-diagnostics` on it too. When mlir-opt-19 fails
//!   on it, the diagnostics come from a pass and the chunk is left out;
//! - any other chunk that mlir-opt-19 accepts is a *print* chunk: irkit's
//!   custom and generic output must equal mlir-opt-19's byte for byte, and
//!   the generic→custom and custom→generic round trips must give them again;
//! - chunks mlir-opt-19 rejects with no pass are left out (counted).
//!
//! A print chunk is *in reach* when every op in it belongs to a dialect irkit
//! ships (its generic print names no other dialect's op); the figures are
//! given for all chunks and for those in reach.
//!
//! `testdata/ir-custom/mlir-tests-V.manifest` (one per release) records, per
//! chunk, its class and whether irkit agreed; a run reports chunks that regressed against it
//! (and fails on them), `--bless` rewrites it.

use super::diff::first_difference;
use super::proc;
use crate::llvm_src;
use crate::mlir_release::MlirRelease;
use crate::util;
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// The test folders of `mlir/test` that are checked.
pub const FOLDERS: [&str; 9] = [
    "Dialect/Builtin",
    "Dialect/Func",
    "Dialect/Arith",
    "Dialect/Math",
    "Dialect/ControlFlow",
    "Dialect/SCF",
    "Dialect/MemRef",
    "Dialect/Index",
    "IR",
];

/// Dialects irkit ships (what "in reach" means).
pub(crate) const IRKIT_DIALECTS: [&str; 8] = [
    "builtin", "func", "arith", "math", "cf", "scf", "memref", "index",
];

/// RUN-line options of mlir-opt that are not passes.
const NOT_PASSES: &[&str] = &[
    "split-input-file",
    "verify-diagnostics",
    "allow-unregistered-dialect",
    "mlir-print-op-generic",
    "mlir-print-debuginfo",
    "mlir-print-local-scope",
    "mlir-print-value-users",
    "mlir-print-assume-verified",
    "mlir-pretty-debuginfo",
    "mlir-disable-threading",
    "mlir-elide-elementsattrs-if-larger",
    "mlir-elide-resource-strings-if-larger",
    "mlir-print-elementsattrs-with-hex-if-larger",
    "mlir-print-unique-ssa-ids",
    "mlir-very-unsafe-disable-verifier-on-parsing",
    "no-implicit-module",
    "verify-roundtrip",
    "o",
];

/// What the RUN lines of one file say.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct RunFlags {
    pub split: bool,
    pub unregistered: bool,
    pub verify_diagnostics: bool,
    /// Some RUN line runs mlir-opt with no pass.
    pub pass_free: bool,
}

fn run_flags(text: &str) -> RunFlags {
    // RUN lines, continuation lines joined.
    let mut cmds: Vec<String> = Vec::new();
    let mut cont = false;
    for line in text.lines() {
        let Some(pos) = line.find("RUN:") else {
            cont = false;
            continue;
        };
        let body = line[pos + 4..].trim();
        let (body, more) = match body.strip_suffix('\\') {
            Some(b) => (b, true),
            None => (body, false),
        };
        match (cont, cmds.last_mut()) {
            (true, Some(last)) => {
                last.push(' ');
                last.push_str(body);
            }
            _ => cmds.push(body.to_string()),
        }
        cont = more;
    }
    let mut f = RunFlags::default();
    for cmd in &cmds {
        f.split |= cmd.contains("split-input-file");
        f.unregistered |= cmd.contains("allow-unregistered-dialect");
        f.verify_diagnostics |= cmd.contains("verify-diagnostics");
        // The first mlir-opt of the pipeline.
        let toks: Vec<&str> = cmd.split_whitespace().collect();
        let Some(start) = toks.iter().position(|t| *t == "mlir-opt") else {
            continue;
        };
        let mut free = true;
        for t in &toks[start + 1..] {
            if *t == "|" || t.starts_with("2>") {
                break;
            }
            let Some(opt) = t.strip_prefix('-') else {
                continue;
            };
            let name = opt.trim_start_matches('-');
            let name = name.split_once('=').map_or(name, |(n, _)| n);
            if !NOT_PASSES.contains(&name) {
                free = false;
            }
        }
        f.pass_free |= free;
    }
    f
}

/// Splits as mlir-opt's `-split-input-file` does: at each `// -----`, the
/// rest of the marker's line going with it.
fn split_chunks(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(pos) = rest.find("// -----") {
        out.push(rest[..pos].to_string());
        let after = &rest[pos..];
        rest = after.find('\n').map_or("", |nl| &after[nl..]);
    }
    out.push(rest.to_string());
    out
}

/// Every chunk of the `.mlir` files under [`FOLDERS`] of `test_root`
/// (`mlir/test`), split as their RUN lines say, whose name contains
/// `filter`; also the files read.
pub(crate) fn collect_chunks(
    test_root: &Path,
    filter: Option<&str>,
) -> Result<(Vec<PathBuf>, Vec<Chunk>), String> {
    let mut chunks = Vec::new();
    let mut files = Vec::new();
    for folder in FOLDERS {
        let group = folder.rsplit('/').next().unwrap_or(folder).to_string();
        for rel in llvm_src::files_under(test_root, folder, &[".mlir"]) {
            let path = test_root.join(&rel);
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let flags = run_flags(&text);
            let parts = if flags.split {
                split_chunks(&text)
            } else {
                vec![text]
            };
            for (k, part) in parts.into_iter().enumerate() {
                let name = format!("{}#{k}", rel.display());
                if filter.is_some_and(|f| !name.contains(f)) {
                    continue;
                }
                chunks.push(Chunk {
                    name,
                    group: group.clone(),
                    flags,
                    text: part,
                });
            }
            files.push(rel);
        }
    }
    Ok((files, chunks))
}

pub(crate) fn has_expectations(text: &str) -> bool {
    [
        "expected-error",
        "expected-warning",
        "expected-remark",
        "expected-note",
    ]
    .iter()
    .any(|k| text.contains(k))
}

pub(crate) struct Chunk {
    /// `Dialect/Arith/ops.mlir#3` (relative to `mlir/test`).
    pub name: String,
    /// `Arith`, … or `IR`.
    pub group: String,
    pub flags: RunFlags,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Class {
    /// mlir-opt-19 rejects it with no pass.
    Rejected,
    /// Its expected diagnostics need a pass.
    NeedsPass,
    /// Diagnostics compared: whether irkit's agree.
    Diag {
        agree: bool,
        in_reach: bool,
        detail: String,
    },
    /// Printed and compared.
    Print(Box<PrintResult>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct PrintResult {
    in_reach: bool,
    custom: Option<String>,
    generic: Option<String>,
    g2c: Option<String>,
    c2g: Option<String>,
}

impl PrintResult {
    fn all_ok(&self) -> bool {
        self.custom.is_none() && self.generic.is_none() && self.g2c.is_none() && self.c2g.is_none()
    }
}

impl Class {
    fn manifest_word(&self) -> &'static str {
        match self {
            Class::Rejected => "rejected",
            Class::NeedsPass => "needs-pass",
            Class::Diag { agree: true, .. } => "diag agree",
            Class::Diag { agree: false, .. } => "diag differ",
            Class::Print(p) => match (p.in_reach, p.all_ok()) {
                (true, true) => "print same",
                (true, false) => "print differ",
                (false, true) => "print-other same",
                (false, false) => "print-other differ",
            },
        }
    }
}

pub fn run(
    args: &[String],
    release: MlirRelease,
    timeout: Duration,
    show: usize,
) -> Result<(), String> {
    let mlir_opt = release.mlir_opt()?;
    let src = llvm_src::ensure(release.number())?;
    let test_root = src.root.join("mlir/test");
    let irkit = super::irkit_binary(args)?;
    let filter = util::opt_value(args, "--filter");
    let (files, chunks) = collect_chunks(&test_root, filter)?;
    let work = release.target_dir("ir-mlir-tests");
    fs::create_dir_all(&work).map_err(|e| format!("cannot create {}: {e}", work.display()))?;
    let jobs = super::num_opt(args, "--jobs")?
        .unwrap_or_else(proc::default_jobs)
        .max(1);
    let start = Instant::now();
    let results = proc::par_map(&chunks, jobs, |c| {
        check_chunk(release, &mlir_opt, &irkit, &work, c, timeout)
    });
    let mut classes = Vec::with_capacity(chunks.len());
    for r in results {
        classes.push(r?);
    }
    println!(
        "ir-compat --mlir-tests: {} files, {} chunks of LLVM {} mlir/test/{{{}}} in {:.1} s",
        files.len(),
        chunks.len(),
        src.tag,
        FOLDERS.join(","),
        start.elapsed().as_secs_f64()
    );
    report(release, &chunks, &classes, show);
    let details = work.join("failures.txt");
    fs::write(&details, failure_details(&chunks, &classes))
        .map_err(|e| format!("cannot write {}: {e}", details.display()))?;
    println!(
        "ir-compat --mlir-tests: every failure is described in {}",
        details.display()
    );

    let manifest_name = release.tests_manifest();
    let manifest_path = util::workspace_root().join(manifest_name);
    let manifest = render_manifest(&src, &chunks, &classes);
    if util::has_flag(args, "--bless") {
        if filter.is_some() {
            return Err("--bless writes the whole manifest: run it without --filter".into());
        }
        fs::write(&manifest_path, manifest)
            .map_err(|e| format!("cannot write {}: {e}", manifest_path.display()))?;
        println!("ir-compat --mlir-tests: wrote {manifest_name}");
        return Ok(());
    }
    let old = fs::read_to_string(&manifest_path).unwrap_or_default();
    compare_manifest(manifest_name, &old, &manifest, filter.is_some())
}

fn check_chunk(
    release: MlirRelease,
    mlir_opt: &Path,
    irkit: &Path,
    work: &Path,
    chunk: &Chunk,
    timeout: Duration,
) -> Result<Class, String> {
    let stem: String = chunk
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    let input = work.join(format!("{stem}.mlir"));
    fs::write(&input, &chunk.text).map_err(|e| format!("cannot write {}: {e}", input.display()))?;
    let unreg = chunk.flags.unregistered;
    let mlir = |extra: &[&str], file: &Path| {
        let mut c = Command::new(mlir_opt);
        if unreg {
            c.arg("--allow-unregistered-dialect");
        }
        c.args(extra).arg(file);
        proc::capture(c, timeout)
    };
    let ours = |extra: &[&str], file: &Path| {
        let mut c = super::irkit_opt(irkit, release);
        if unreg {
            c.arg("--allow-unregistered-dialect");
        }
        c.args(extra).arg(file);
        proc::capture(c, timeout)
    };
    if chunk.flags.verify_diagnostics && has_expectations(&chunk.text) {
        let r = mlir(&["--verify-diagnostics", "-o", "/dev/null"], &input)?;
        if r.out.is_none() {
            return Ok(Class::NeedsPass);
        }
        let i = ours(&["--verify-diagnostics", "-o", "/dev/null"], &input)?;
        return Ok(Class::Diag {
            agree: i.out.is_some(),
            in_reach: in_reach(&chunk.text),
            detail: first_lines(&i.err, 3),
        });
    }
    let Some(ref_custom) = mlir(&[], &input)?.out else {
        return Ok(Class::Rejected);
    };
    let ref_generic = mlir(&["--mlir-print-op-generic"], &input)?
        .out
        .unwrap_or_default();
    let in_reach = in_reach(&String::from_utf8_lossy(&ref_generic));
    let custom = ours(&[], &input)?;
    let generic = ours(&["--mlir-print-op-generic"], &input)?;
    let rejected = |r: &proc::Captured| format!("irkit rejected it: {}", first_lines(&r.err, 3));
    let cmp = |want: &[u8], got: &proc::Captured| match &got.out {
        None => Some(rejected(got)),
        Some(a) => first_difference(want, a, release.opt_name(), "irkit"),
    };
    let mut res = PrintResult {
        in_reach,
        custom: cmp(&ref_custom, &custom),
        generic: cmp(&ref_generic, &generic),
        g2c: None,
        c2g: None,
    };
    res.g2c = match &generic.out {
        Some(g) => {
            let f = work.join(format!("{stem}.generic.mlir"));
            fs::write(&f, g).map_err(|e| format!("cannot write {}: {e}", f.display()))?;
            cmp(&ref_custom, &ours(&[], &f)?)
        }
        None => Some(rejected(&generic)),
    };
    res.c2g = match &custom.out {
        Some(c) => {
            let f = work.join(format!("{stem}.custom.mlir"));
            fs::write(&f, c).map_err(|e| format!("cannot write {}: {e}", f.display()))?;
            cmp(&ref_generic, &ours(&["--mlir-print-op-generic"], &f)?)
        }
        None => Some(rejected(&custom)),
    };
    Ok(Class::Print(Box::new(res)))
}

/// Dialect prefixes of the ops in a generic print (`"arith.addi"(` → arith).
pub(crate) fn op_dialects(generic: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(generic);
    let mut out: Vec<String> = Vec::new();
    for (i, _) in text.match_indices("\"(") {
        let before = &text[..i];
        let Some(q) = before.rfind('"') else { continue };
        let name = &before[q + 1..];
        if name.is_empty()
            || !name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
        {
            continue;
        }
        let Some((d, _)) = name.split_once('.') else {
            continue;
        };
        if !out.iter().any(|x| x == d) {
            out.push(d.to_string());
        }
    }
    out
}

/// Whether every dialect `text` names is one irkit ships.
fn in_reach(text: &str) -> bool {
    source_dialects(text)
        .iter()
        .all(|d| IRKIT_DIALECTS.contains(&d.as_str()))
}

/// Dialect prefixes a chunk of MLIR source names: its ops in either syntax
/// (`"arith.addi"(`, `%0 = arith.addi`, `scf.for %i`) and its dialect types
/// and attributes (`!test.t`, `#test.a`). Comments are skipped.
pub(crate) fn source_dialects(text: &str) -> Vec<String> {
    let mut out: Vec<String> = op_dialects(text.as_bytes());
    let mut add = |d: &str| {
        if !out.iter().any(|x| x == d) {
            out.push(d.to_string());
        }
    };
    let ident_char = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    for line in text.lines() {
        let raw = strip_comment(line);
        // Generic op names, also with blanks before the `(`.
        for (i, _) in raw.match_indices('"') {
            let rest = &raw[i + 1..];
            let Some(close) = rest.find('"') else { break };
            let name = &rest[..close];
            let opens = rest[close + 1..].trim_start().starts_with('(');
            if opens && name.chars().all(|c| ident_char(c) || c == '.') {
                if let Some((d, _)) = name.split_once('.') {
                    add(d);
                }
            }
        }
        let code = blank_strings(raw);
        let code = code.as_str();
        // `!d.` and `#d.` references.
        let bytes = code.as_bytes();
        for (i, c) in code.char_indices() {
            if (c != '!' && c != '#') || (i > 0 && ident_char(bytes[i - 1] as char)) {
                continue;
            }
            let rest = &code[i + 1..];
            let end = rest.find(|c: char| !ident_char(c)).unwrap_or(rest.len());
            if end > 0
                && rest[end..].starts_with('.')
                && !rest.starts_with(|c: char| c.is_ascii_digit())
            {
                add(&rest[..end]);
            }
        }
        // A custom op at the start of a statement.
        let mut stmt = code.trim_start();
        if stmt.starts_with('%') {
            match stmt.find(" = ") {
                Some(eq) => stmt = &stmt[eq + 3..],
                None => continue,
            }
        }
        let end = stmt
            .find(|c: char| !(ident_char(c) || c == '.'))
            .unwrap_or(stmt.len());
        let name = &stmt[..end];
        if name.starts_with(|c: char| c.is_ascii_lowercase()) {
            if let Some((d, _)) = name.split_once('.') {
                add(d);
            }
        }
    }
    out
}

/// `code` with the contents of its string literals replaced by spaces.
fn blank_strings(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let (mut in_str, mut escaped) = (false, false);
    for c in code.chars() {
        if in_str {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_str = false;
                out.push(c);
                continue;
            }
            out.push(' ');
        } else {
            in_str = c == '"';
            out.push(c);
        }
    }
    out
}

/// `line` without a trailing `//` comment (outside string literals).
fn strip_comment(line: &str) -> &str {
    let mut in_str = false;
    let mut escaped = false;
    let b = line.as_bytes();
    for i in 0..b.len() {
        let c = b[i];
        if in_str {
            if escaped {
                escaped = false;
            } else if c == b'\\' {
                escaped = true;
            } else if c == b'"' {
                in_str = false;
            }
        } else if c == b'"' {
            in_str = true;
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            return &line[..i];
        }
    }
    line
}

fn first_lines(s: &str, n: usize) -> String {
    s.lines()
        .filter(|l| !l.trim().is_empty())
        .take(n)
        .map(|l| l.chars().take(200).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[derive(Default)]
struct Row {
    chunks: usize,
    rejected: usize,
    needs_pass: usize,
    diag: usize,
    diag_agree: usize,
    diag_reach: usize,
    diag_reach_agree: usize,
    print: usize,
    custom: usize,
    all_ok: usize,
    reach: usize,
    reach_custom: usize,
    reach_all_ok: usize,
}

fn report(release: MlirRelease, chunks: &[Chunk], classes: &[Class], show: usize) {
    let mut rows: BTreeMap<&str, Row> = BTreeMap::new();
    let mut total = Row::default();
    for (c, class) in chunks.iter().zip(classes) {
        let order = FOLDERS
            .iter()
            .position(|f| f.ends_with(c.group.as_str()))
            .unwrap_or(0);
        let key: &str = FOLDERS[order];
        for r in [rows.entry(key).or_default(), &mut total] {
            r.chunks += 1;
            match class {
                Class::Rejected => r.rejected += 1,
                Class::NeedsPass => r.needs_pass += 1,
                Class::Diag {
                    agree, in_reach, ..
                } => {
                    r.diag += 1;
                    r.diag_agree += usize::from(*agree);
                    if *in_reach {
                        r.diag_reach += 1;
                        r.diag_reach_agree += usize::from(*agree);
                    }
                }
                Class::Print(p) => {
                    r.print += 1;
                    r.custom += usize::from(p.custom.is_none());
                    r.all_ok += usize::from(p.all_ok());
                    if p.in_reach {
                        r.reach += 1;
                        r.reach_custom += usize::from(p.custom.is_none());
                        r.reach_all_ok += usize::from(p.all_ok());
                    }
                }
            }
        }
    }
    println!(
        "  {:<20} {:>6} {:>6} {:>6} | {:>13} {:>13} | {:>13} {:>13} | {:>11}",
        "folder",
        "chunks",
        "reject",
        "pass",
        "custom same",
        "+round trips",
        "in reach",
        "+round trips",
        "diag agree"
    );
    let line = |name: &str, r: &Row| {
        println!(
            "  {:<20} {:>6} {:>6} {:>6} | {:>13} {:>13} | {:>13} {:>13} | {:>11}",
            name,
            r.chunks,
            r.rejected,
            r.needs_pass,
            format!("{}/{}", r.custom, r.print),
            format!("{}/{}", r.all_ok, r.print),
            format!("{}/{}", r.reach_custom, r.reach),
            format!("{}/{}", r.reach_all_ok, r.reach),
            format!("{}/{}", r.diag_agree, r.diag),
        );
    };
    for f in FOLDERS {
        if let Some(r) = rows.get(f) {
            line(f, r);
        }
    }
    line("total", &total);
    let pct = |a: usize, b: usize| {
        if b == 0 {
            0.0
        } else {
            100.0 * a as f64 / b as f64
        }
    };
    println!(
        "ir-compat --mlir-tests: accepted by {} (no pass) {} of {} chunks; custom identical {} / {} ({:.1}%), with both round trips {} / {}",
        release.opt_name(),
        total.print,
        total.chunks,
        total.custom,
        total.print,
        pct(total.custom, total.print),
        total.all_ok,
        total.print
    );
    println!(
        "ir-compat --mlir-tests: in reach (only irkit's dialects) custom identical {} / {} ({:.1}%), with both round trips {} / {}; diagnostics agree {} / {} (in reach {} / {})",
        total.reach_custom,
        total.reach,
        pct(total.reach_custom, total.reach),
        total.reach_all_ok,
        total.reach,
        total.diag_agree,
        total.diag,
        total.diag_reach_agree,
        total.diag_reach
    );
    // The first failures in reach, by kind.
    let mut shown = 0;
    for (c, class) in chunks.iter().zip(classes) {
        if shown >= show {
            break;
        }
        match class {
            Class::Print(p) if p.in_reach && !p.all_ok() => {
                shown += 1;
                let first = [
                    ("custom", &p.custom),
                    ("generic", &p.generic),
                    ("generic->custom", &p.g2c),
                    ("custom->generic", &p.c2g),
                ]
                .into_iter()
                .find_map(|(w, d)| d.as_ref().map(|d| (w, d)));
                if let Some((what, d)) = first {
                    println!("  FAIL {what}: {}\n{}", c.name, indent(d));
                }
            }
            Class::Diag {
                agree: false,
                in_reach: true,
                detail,
            } => {
                shown += 1;
                println!("  FAIL diagnostics: {}\n{}", c.name, indent(detail));
            }
            _ => {}
        }
    }
}

/// Every failing chunk with the first difference of each comparison.
fn failure_details(chunks: &[Chunk], classes: &[Class]) -> String {
    let mut s = String::new();
    for (c, class) in chunks.iter().zip(classes) {
        match class {
            Class::Print(p) if !p.all_ok() => {
                let reach = if p.in_reach {
                    "in reach"
                } else {
                    "other dialects"
                };
                for (what, d) in [
                    ("custom", &p.custom),
                    ("generic", &p.generic),
                    ("generic->custom", &p.g2c),
                    ("custom->generic", &p.c2g),
                ] {
                    if let Some(d) = d {
                        let _ = write!(s, "FAIL {what} ({reach}): {}\n{}", c.name, indent(d));
                    }
                }
            }
            Class::Diag {
                agree: false,
                in_reach,
                detail,
            } => {
                let reach = if *in_reach {
                    "in reach"
                } else {
                    "other dialects"
                };
                let _ = write!(
                    s,
                    "FAIL diagnostics ({reach}): {}\n{}",
                    c.name,
                    indent(detail)
                );
            }
            _ => {}
        }
    }
    s
}

fn indent(s: &str) -> String {
    s.lines().fold(String::new(), |mut o, l| {
        let _ = writeln!(o, "    {l}");
        o
    })
}

fn render_manifest(src: &llvm_src::LlvmSource, chunks: &[Chunk], classes: &[Class]) -> String {
    let mut s = format!(
        "# cargo xtask ir-compat --mlir-tests: {} ({}, sha256 {})\n\
         # CHUNK CLASS [RESULT]: rejected / needs-pass (left out), diag (agree|differ),\n\
         # print (only irkit's dialects) or print-other (same|differ). Rewrite with --bless.\n",
        src.tag, src.tarball, src.sha256
    );
    for (c, class) in chunks.iter().zip(classes) {
        let _ = writeln!(s, "{} {}", c.name, class.manifest_word());
    }
    s
}

/// Regressions: chunks that agreed in the manifest and no longer do.
fn compare_manifest(
    manifest_name: &str,
    old: &str,
    new: &str,
    filtered: bool,
) -> Result<(), String> {
    if old.is_empty() {
        println!("ir-compat --mlir-tests: no {manifest_name} yet (write it with --bless)");
        return Ok(());
    }
    let parse = |t: &str| -> BTreeMap<String, String> {
        t.lines()
            .filter(|l| !l.starts_with('#'))
            .filter_map(|l| l.split_once(' '))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    };
    let (old, new) = (parse(old), parse(new));
    let good = |w: &str| w.ends_with("same") || w.ends_with("agree");
    let mut regressed = Vec::new();
    let mut improved = 0;
    let mut reclassed = Vec::new();
    for (name, now) in &new {
        match old.get(name) {
            None => reclassed.push(format!("{name}: new chunk ({now})")),
            Some(was) => {
                let class = |w: &str| w.split(' ').next().unwrap_or("").to_string();
                if class(was) != class(now) {
                    reclassed.push(format!("{name}: {was} -> {now}"));
                } else if good(was) && !good(now) {
                    regressed.push(name.clone());
                } else if !good(was) && good(now) {
                    improved += 1;
                }
            }
        }
    }
    if !filtered {
        for name in old.keys().filter(|k| !new.contains_key(*k)) {
            reclassed.push(format!("{name}: gone"));
        }
    }
    println!(
        "ir-compat --mlir-tests: against {manifest_name}: {} regressed, {improved} improved, {} changed class",
        regressed.len(),
        reclassed.len()
    );
    for r in regressed.iter().take(10) {
        println!("  regressed: {r}");
    }
    for r in reclassed.iter().take(10) {
        println!("  changed: {r}");
    }
    if regressed.is_empty() && reclassed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "{} chunks regressed, {} changed class (rerun with --bless once explained)",
            regressed.len(),
            reclassed.len()
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{op_dialects, run_flags, source_dialects, split_chunks};

    #[test]
    fn run_lines_are_read() {
        let f = run_flags("// RUN: mlir-opt %s -split-input-file -verify-diagnostics\n");
        assert!(f.split && f.verify_diagnostics && f.pass_free && !f.unregistered);
        let f = run_flags(
            "// RUN: mlir-opt %s -canonicalize \\\n// RUN:   --allow-unregistered-dialect | FileCheck %s\n",
        );
        assert!(!f.pass_free && f.unregistered && !f.split);
        let f = run_flags("// RUN: mlir-opt %s | mlir-opt -canonicalize | FileCheck %s\n");
        assert!(f.pass_free);
    }

    #[test]
    fn chunks_split_at_markers() {
        let c = split_chunks("a\n// -----\nb\n// -----// x\nc");
        assert_eq!(c, vec!["a\n", "\nb\n", "\nc"]);
    }

    #[test]
    fn op_names_in_generic_output() {
        let d = op_dialects(
            b"\"builtin.module\"() ({\n  %0 = \"arith.addi\"(%a) : () -> ()\n  \"x\"\n})",
        );
        assert_eq!(d, vec!["builtin".to_string(), "arith".to_string()]);
    }

    #[test]
    fn dialects_in_source_text() {
        let d = source_dialects(
            "// expected-error {{'test.x' op}}\n%z = \"affine.apply\" (%i)\n%0 = arith.addi %a, %b : i32 // tensor.empty\n\
             scf.for %i = %c0 to %n step %c1 {\n  %1 = \"vector.x\"() : () -> !llvm.ptr\n\
             }\n\"test.y\"() {a = #map, b = #gpu.b<1>, s = \"//!x.y\"} : () -> ()\n",
        );
        assert_eq!(
            d,
            ["vector", "test", "affine", "arith", "scf", "llvm", "gpu"]
        );
    }
}
