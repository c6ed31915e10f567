//! `cargo xtask lsp-test`, `lsp-compare` and `lsp-bench`: the language
//! server driven from outside, through its real binary over stdio.

use crate::util;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

const TEST_HELP: &str = "\
cargo xtask lsp-test [-- PYTEST-ARGS...]

Builds irkit (release) and runs the pytest-lsp tests in lsp/tests/pytest
against `irkit lsp` (IRKIT_BIN). Needs `python3 -m pip install pytest-lsp`.
";

const COMPARE_HELP: &str = "\
cargo xtask lsp-compare [--td-root DIR] [--limit N]

Sends the same requests to tblgen-lsp-server-22 / mlir-lsp-server-22 and to
`irkit lsp`: for each LLVM .td file under DIR/llvm/IR, DIR/llvm/Frontend and
DIR/llvm/CodeGen (default DIR: llvm-config-22 --includedir; include paths
given to both, to LLVM's through a tablegen_compile_commands.yml) and each
.mlir file under testdata/. Prints, per request kind, how many files each
server answers (a non-empty result), and for definitions answered by both,
how many agree on the ranges.
";

const BENCH_HELP: &str = "\
cargo xtask lsp-bench [--file X.td] [-I DIR] [--runs N] [--irkit PATH]

Latency of `irkit lsp` on llvm/IR/Intrinsics.td under llvm-config-22
--includedir and on target/lsp-bench/user.td, a file that includes it
(or on --file X.td alone): open to first diagnostics, hover and definition
on the first def, re-analysis after an edit (wall time and the server's CPU
time; on a loaded machine wall time includes waiting for a core, so the
load average is printed), and the server's peak memory. Targets (issue 17):
first diagnostics < 300 ms, hover/definition < 20 ms, re-analysis < 200 ms,
memory < 200 MB.
";

pub fn run_test(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{TEST_HELP}");
        return Ok(());
    }
    let irkit = util::build_irkit()?;
    let dir = util::workspace_root().join("lsp/tests/pytest");
    let extra: Vec<&String> = match args.iter().position(|a| a == "--") {
        Some(p) => args[p + 1..].iter().collect(),
        None => Vec::new(),
    };
    let status = Command::new("python3")
        .args(["-m", "pytest", "-q", "-p", "no:cacheprovider"])
        .args(extra)
        .current_dir(&dir)
        .env("IRKIT_BIN", &irkit)
        .status()
        .map_err(|e| format!("cannot run python3 -m pytest: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err("pytest-lsp tests failed (is pytest-lsp installed?)".into())
    }
}

/// A language server child process and a JSON-RPC client over its stdio.
struct Server {
    child: Child,
    stdin: ChildStdin,
    rx: Receiver<Value>,
    next_id: i64,
    /// The last diagnostics published per URI.
    diags: std::collections::HashMap<String, usize>,
}

const TIMEOUT: Duration = Duration::from_secs(60);

impl Server {
    fn start(cmd: &Path, args: &[String], init_options: Value) -> Result<Server, String> {
        let mut child = Command::new(cmd)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot run {}: {e}", cmd.display()))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut r = BufReader::new(stdout);
            loop {
                let mut len = None;
                loop {
                    let mut line = String::new();
                    match r.read_line(&mut line) {
                        Ok(0) | Err(_) => return,
                        Ok(_) => {}
                    }
                    let l = line.trim();
                    if l.is_empty() {
                        break;
                    }
                    if let Some(v) = l.to_ascii_lowercase().strip_prefix("content-length:") {
                        len = v.trim().parse::<usize>().ok();
                    }
                }
                let Some(n) = len else { return };
                let mut buf = vec![0u8; n];
                if r.read_exact(&mut buf).is_err() {
                    return;
                }
                let Ok(v) = serde_json::from_slice::<Value>(&buf) else {
                    return;
                };
                if tx.send(v).is_err() {
                    return;
                }
            }
        });
        let mut s = Server {
            child,
            stdin,
            rx,
            next_id: 0,
            diags: Default::default(),
        };
        let caps = json!({ "textDocument": {
            "documentSymbol": { "hierarchicalDocumentSymbolSupport": true },
            "hover": { "contentFormat": ["markdown", "plaintext"] },
        } });
        s.request(
            "initialize",
            json!({ "processId": null, "rootUri": null, "capabilities": caps,
                    "initializationOptions": init_options }),
        )?;
        s.notify("initialized", json!({}))?;
        Ok(s)
    }

    fn send(&mut self, v: &Value) -> Result<(), String> {
        let body = v.to_string();
        write!(self.stdin, "Content-Length: {}\r\n\r\n{body}", body.len())
            .and_then(|()| self.stdin.flush())
            .map_err(|e| format!("server closed its input: {e}"))
    }

    fn notify(&mut self, method: &str, params: Value) -> Result<(), String> {
        self.send(&json!({ "jsonrpc": "2.0", "method": method, "params": params }))
    }

    /// Sends a request and waits for its answer: `Ok(result)` (maybe null),
    /// `Err` on an error response, a timeout or a dead server.
    fn request(&mut self, method: &str, params: Value) -> Result<Value, String> {
        self.next_id += 1;
        let id = self.next_id;
        self.send(&json!({ "jsonrpc": "2.0", "id": id, "method": method, "params": params }))?;
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let m = match self.rx.recv_timeout(left) {
                Ok(m) => m,
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{method}: no answer in {TIMEOUT:?}"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{method}: server exited"))
                }
            };
            if m.get("method").is_some() {
                if m["method"] == "textDocument/publishDiagnostics" {
                    let uri = m["params"]["uri"].as_str().unwrap_or("").to_string();
                    let n = m["params"]["diagnostics"].as_array().map_or(0, Vec::len);
                    self.diags.insert(uri, n);
                }
                // A request from the server (configuration, registration).
                if let Some(rid) = m.get("id") {
                    let rid = rid.clone();
                    self.send(&json!({ "jsonrpc": "2.0", "id": rid, "result": null }))?;
                }
                continue;
            }
            if m["id"] == json!(id) {
                if let Some(e) = m.get("error") {
                    return Err(format!("{method}: {e}"));
                }
                return Ok(m.get("result").cloned().unwrap_or(Value::Null));
            }
        }
    }

    fn open(&mut self, uri: &str, lang: &str, text: &str) -> Result<(), String> {
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri, "languageId": lang, "version": 1, "text": text } }),
        )
    }

    /// CPU time (user + system) the server has used, in milliseconds.
    fn cpu_ms(&self) -> f64 {
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{}/stat", self.child.id())) else {
            return 0.0;
        };
        let f: Vec<&str> = stat
            .rsplit(')')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        let ticks: f64 = [11, 12]
            .iter()
            .filter_map(|&i| f.get(i)?.parse::<f64>().ok())
            .sum();
        ticks * 10.0
    }

    fn peak_kib(&self) -> u64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmHWM:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0)
    }

    fn stop(mut self) {
        let _ = self.request("shutdown", Value::Null);
        let _ = self.notify("exit", Value::Null);
        std::thread::sleep(Duration::from_millis(50));
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn uri(p: &Path) -> String {
    format!("file://{}", p.display())
}

fn pos_params(uri: &str, (line, col): (usize, usize)) -> Value {
    json!({ "textDocument": { "uri": uri }, "position": { "line": line, "character": col } })
}

/// Whether a result counts as an answer.
fn answered(v: &Result<Value, String>) -> bool {
    match v {
        Ok(Value::Null) | Err(_) => false,
        Ok(Value::Array(a)) => !a.is_empty(),
        Ok(Value::Object(o)) => o
            .get("items")
            .and_then(Value::as_array)
            .is_none_or(|a| !a.is_empty()),
        Ok(_) => true,
    }
}

/// `(line, start, end)` of each location, to compare definitions.
fn ranges(v: &Value) -> Vec<(u64, u64, u64)> {
    let list = match v {
        Value::Array(a) => a.clone(),
        Value::Object(_) => vec![v.clone()],
        _ => Vec::new(),
    };
    let mut res: Vec<(u64, u64, u64)> = list
        .iter()
        .map(|l| {
            let r = if l.get("targetSelectionRange").is_some() {
                &l["targetSelectionRange"]
            } else {
                &l["range"]
            };
            (
                r["start"]["line"].as_u64().unwrap_or(0),
                r["start"]["character"].as_u64().unwrap_or(0),
                r["end"]["character"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    res.sort_unstable();
    res
}

/// A (line, column) to ask about, if the file has one.
type Pos = Option<(usize, usize)>;

/// Positions to ask about in a `.td` file: the name of the first `def`,
/// and the first class named after a `:` on a def or class line.
fn td_positions(text: &str) -> (Pos, Pos) {
    let mut def = None;
    let mut class_use = None;
    for (i, l) in text.lines().enumerate() {
        if def.is_none() && l.starts_with("def ") {
            def = Some((i, 4));
        }
        if class_use.is_none() && (l.starts_with("def ") || l.starts_with("class ")) {
            if let Some(k) = l.find(": ") {
                let rest = &l[k + 2..];
                if rest.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                    class_use = Some((i, k + 2));
                }
            }
        }
        if def.is_some() && class_use.is_some() {
            break;
        }
    }
    (def, class_use)
}

/// Positions in a `.mlir` file: the first use of a `%value` as an operand,
/// and the first quoted op name.
fn mlir_positions(text: &str) -> (Pos, Pos) {
    let mut value = None;
    let mut op = None;
    for (i, l) in text.lines().enumerate() {
        if l.trim_start().starts_with("//") {
            continue;
        }
        if value.is_none() {
            if let Some(k) = l.find("(%") {
                value = Some((i, k + 2));
            }
        }
        if op.is_none() {
            if let Some(k) = l.find("= \"").map(|k| k + 3).or_else(|| {
                l.trim_start()
                    .starts_with('"')
                    .then(|| l.len() - l.trim_start().len() + 1)
            }) {
                op = Some((i, k));
            }
        }
        if value.is_some() && op.is_some() {
            break;
        }
    }
    (value, op)
}

#[derive(Default)]
struct Tally {
    /// Per request kind: (answered by reference, answered by irkit, asked).
    kinds: Vec<(String, usize, usize, usize)>,
    def_agree: usize,
    def_both: usize,
}

impl Tally {
    fn add(&mut self, kind: &str, reference: bool, ours: bool) {
        let i = match self.kinds.iter().position(|k| k.0 == kind) {
            Some(i) => i,
            None => {
                self.kinds.push((kind.to_string(), 0, 0, 0));
                self.kinds.len() - 1
            }
        };
        let k = &mut self.kinds[i];
        k.1 += usize::from(reference);
        k.2 += usize::from(ours);
        k.3 += 1;
    }
}

struct Query {
    kind: &'static str,
    method: &'static str,
    pos: Option<(usize, usize)>,
}

fn ask(s: &mut Server, uri: &str, q: &Query) -> Result<Value, String> {
    match q.pos {
        Some(p) => {
            let mut params = pos_params(uri, p);
            if q.method == "textDocument/references" {
                params["context"] = json!({ "includeDeclaration": true });
            }
            if q.method == "textDocument/rename" {
                params["newName"] = json!(if q.kind.contains("value") {
                    "%irkit_renamed"
                } else {
                    "IrkitRenamed"
                });
            }
            s.request(q.method, params)
        }
        None => s.request(q.method, json!({ "textDocument": { "uri": uri } })),
    }
}

pub fn run_compare(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{COMPARE_HELP}");
        return Ok(());
    }
    let tblgen_ref = util::find_tool(&["tblgen-lsp-server-22"])?;
    let mlir_ref = util::find_tool(&["mlir-lsp-server-22"])?;
    let irkit = util::build_irkit()?;
    let limit: usize = util::opt_value(args, "--limit")
        .and_then(|v| v.parse().ok())
        .unwrap_or(usize::MAX);
    let td_root = match util::opt_value(args, "--td-root") {
        Some(d) => PathBuf::from(d),
        None => llvm22_includedir()?,
    };
    let mut td_files = Vec::new();
    for sub in ["llvm/IR", "llvm/Frontend", "llvm/CodeGen"] {
        collect(&td_root.join(sub), "td", &mut td_files);
    }
    td_files.sort();
    td_files.truncate(limit);
    let mut mlir_files = Vec::new();
    collect(
        &util::workspace_root().join("testdata"),
        "mlir",
        &mut mlir_files,
    );
    mlir_files.sort();
    mlir_files.truncate(limit);

    // LLVM's server takes include paths only from a compilation database.
    let db = std::env::temp_dir().join(format!("irkit-lsp-compare-{}.yml", std::process::id()));
    let mut yml = String::new();
    for f in &td_files {
        let dir = f.parent().unwrap_or(Path::new("/"));
        yml.push_str(&format!(
            "--- !FileInfo:\n  filepath: \"{}\"\n  includes: \"{};{}\"\n",
            f.display(),
            dir.display(),
            td_root.display()
        ));
    }
    std::fs::write(&db, yml).map_err(|e| format!("{}: {e}", db.display()))?;

    let mut td = Tally::default();
    let ref_args = vec![format!("--tablegen-compilation-database={}", db.display())];
    let our_args = vec![
        "lsp".to_string(),
        "-I".to_string(),
        td_root.display().to_string(),
    ];
    let mut reference = Server::start(&tblgen_ref, &ref_args, Value::Null)?;
    let mut ours = Server::start(&irkit, &our_args, Value::Null)?;
    for f in &td_files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let (def, class_use) = td_positions(&text);
        compare_file(
            &mut td,
            &mut reference,
            &mut ours,
            f,
            "tablegen",
            &text,
            &[
                Query {
                    kind: "hover on a def",
                    method: "textDocument/hover",
                    pos: def,
                },
                Query {
                    kind: "hover on a class use",
                    method: "textDocument/hover",
                    pos: class_use,
                },
                Query {
                    kind: "definition",
                    method: "textDocument/definition",
                    pos: class_use,
                },
                Query {
                    kind: "references",
                    method: "textDocument/references",
                    pos: class_use,
                },
                Query {
                    kind: "documentSymbol",
                    method: "textDocument/documentSymbol",
                    pos: None,
                },
                Query {
                    kind: "documentLink",
                    method: "textDocument/documentLink",
                    pos: None,
                },
                Query {
                    kind: "completion",
                    method: "textDocument/completion",
                    pos: class_use,
                },
                Query {
                    kind: "rename of a class",
                    method: "textDocument/rename",
                    pos: class_use,
                },
            ],
        )?;
    }
    reference.stop();
    ours.stop();
    let _ = std::fs::remove_file(&db);

    let mut ir = Tally::default();
    let mut reference = Server::start(&mlir_ref, &[], Value::Null)?;
    let mut ours = Server::start(&irkit, &["lsp".to_string()], Value::Null)?;
    for f in &mlir_files {
        let Ok(text) = std::fs::read_to_string(f) else {
            continue;
        };
        let (value, op) = mlir_positions(&text);
        compare_file(
            &mut ir,
            &mut reference,
            &mut ours,
            f,
            "mlir",
            &text,
            &[
                Query {
                    kind: "hover on a value",
                    method: "textDocument/hover",
                    pos: value,
                },
                Query {
                    kind: "hover on an op",
                    method: "textDocument/hover",
                    pos: op,
                },
                Query {
                    kind: "definition",
                    method: "textDocument/definition",
                    pos: value,
                },
                Query {
                    kind: "references",
                    method: "textDocument/references",
                    pos: value,
                },
                Query {
                    kind: "documentSymbol",
                    method: "textDocument/documentSymbol",
                    pos: None,
                },
                Query {
                    kind: "completion at a value",
                    method: "textDocument/completion",
                    pos: value,
                },
                Query {
                    kind: "rename of a value",
                    method: "textDocument/rename",
                    pos: value,
                },
            ],
        )?;
    }
    reference.stop();
    ours.stop();

    print_table("tblgen-lsp-server-22", &td, td_files.len());
    print_table("mlir-lsp-server-22", &ir, mlir_files.len());
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn compare_file(
    t: &mut Tally,
    reference: &mut Server,
    ours: &mut Server,
    f: &Path,
    lang: &str,
    text: &str,
    queries: &[Query],
) -> Result<(), String> {
    let u = uri(f);
    reference.open(&u, lang, text)?;
    ours.open(&u, lang, text)?;
    for q in queries {
        if q.method != "textDocument/documentSymbol"
            && q.method != "textDocument/documentLink"
            && q.pos.is_none()
        {
            continue;
        }
        let a = ask(reference, &u, q);
        let b = ask(ours, &u, q);
        t.add(q.kind, answered(&a), answered(&b));
        if q.method == "textDocument/definition" && answered(&a) && answered(&b) {
            t.def_both += 1;
            if let (Ok(x), Ok(y)) = (&a, &b) {
                t.def_agree += usize::from(ranges(x) == ranges(y));
            }
        }
    }
    // Diagnostics: an error-free file gets an empty list; count files
    // where each server published anything non-empty.
    let (ra, oa) = (
        reference.diags.get(&u).copied().unwrap_or(0) > 0,
        ours.diags.get(&u).copied().unwrap_or(0) > 0,
    );
    t.add("files with diagnostics", ra, oa);
    reference.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": u } }),
    )?;
    ours.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": u } }),
    )?;
    Ok(())
}

fn print_table(name: &str, t: &Tally, files: usize) {
    println!("\n{name} vs irkit lsp ({files} files): files answered");
    println!(
        "  {:<26} {:>10} {:>10} {:>6}",
        "request", "reference", "irkit", "asked"
    );
    for (k, r, o, n) in &t.kinds {
        println!("  {k:<26} {r:>10} {o:>10} {n:>6}");
    }
    println!(
        "  definitions answered by both: {} / agree on the ranges: {}",
        t.def_both, t.def_agree
    );
}

fn collect(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect(&p, ext, out);
        } else if p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

fn llvm22_includedir() -> Result<PathBuf, String> {
    let out = Command::new("llvm-config-22")
        .arg("--includedir")
        .output()
        .map_err(|e| format!("cannot run llvm-config-22: {e}"))?;
    Ok(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()))
}

pub fn run_bench(args: &[String]) -> Result<(), String> {
    if util::has_flag(args, "--help") || util::has_flag(args, "-h") {
        print!("{BENCH_HELP}");
        return Ok(());
    }
    let inc = match util::opt_value(args, "-I") {
        Some(d) => PathBuf::from(d),
        None => llvm22_includedir()?,
    };
    let runs: usize = util::opt_value(args, "--runs")
        .and_then(|v| v.parse().ok())
        .unwrap_or(5);
    let irkit = match util::opt_value(args, "--irkit") {
        Some(p) => PathBuf::from(p),
        None => util::build_irkit()?,
    };
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    match util::opt_value(args, "--file") {
        Some(f) => {
            let f = PathBuf::from(f);
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
            files.push((f, text));
        }
        None => {
            let f = inc.join("llvm/IR/Intrinsics.td");
            let text = std::fs::read_to_string(&f).map_err(|e| format!("{}: {e}", f.display()))?;
            files.push((f, text));
            // A file of one's own that includes it.
            let dir = util::workspace_root().join("target/lsp-bench");
            std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
            let user = dir.join("user.td");
            let text = "include \"llvm/IR/Intrinsics.td\"\n\n\
                        def int_irkit_bench : DefaultAttrsIntrinsic<[llvm_i32_ty], [llvm_i32_ty], [IntrNoMem]>;\n"
                .to_string();
            std::fs::write(&user, &text).map_err(|e| format!("{}: {e}", user.display()))?;
            files.push((user, text));
        }
    }
    for (file, text) in &files {
        bench_file(&irkit, &inc, file, text, runs)?;
    }
    Ok(())
}

/// The bench's edits in the middle of the file, in order ([`mid_edits`]).
const MID_EDITS: [&str; 7] = [
    "edit mid-file, first",
    "edit mid-file, again",
    "mid: new anonymous",
    "mid: anonymous removed",
    "mid: new signature",
    "mid: signature removed",
    "mid: rename first def",
];

/// The texts of the [`MID_EDITS`], from `text` (the file after the edit
/// at its end).
fn mid_edits(text: &str) -> Vec<String> {
    let mid = text[..text.len() / 2].rfind("\ndef ").map_or(0, |k| k + 1);
    let with = |s: &str| format!("{}{s}{}", &text[..mid], &text[mid..]);
    let last = with("def IrkitBenchMid4;\n");
    // The first def after the middle, renamed (`def X` -> `def XIrkit`).
    let renamed = match last[mid..].find("def IrkitBenchMid4;\n") {
        Some(k) => {
            let after = mid + k + "def IrkitBenchMid4;\n".len();
            match last[after..].find("\ndef ") {
                Some(d) => {
                    let name = after + d + "\ndef ".len();
                    let end = last[name..]
                        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .map_or(last.len(), |e| name + e);
                    format!("{}Irkit{}", &last[..end], &last[end..])
                }
                None => last.clone(),
            }
        }
        None => last.clone(),
    };
    vec![
        with("def IrkitBenchMid3;\n"),
        last.clone(),
        // Two anonymous records no later statement makes (the later
        // ones are renumbered).
        with(
            "def IrkitBenchMid4;\ndef int_irkit_bench_props : DefaultAttrsIntrinsic<[], [llvm_ptr_ty], \
             [NoCapture<ArgIndex<77>>]>;\n",
        ),
        last.clone(),
        // A type signature no intrinsic has: its anonymous TypeInfoGen
        // makes helper instances that later intrinsics made first before
        // (moved to it; taking it away again re-parses from the edit on:
        // the later intrinsics make them again).
        with(
            "def IrkitBenchMid4;\ndef int_irkit_bench_sig : DefaultAttrsIntrinsic<[llvm_i16_ty], \
             [llvm_i64_ty, llvm_i8_ty, llvm_i16_ty, llvm_i32_ty, llvm_i8_ty, llvm_i64_ty], [IntrNoMem]>;\n",
        ),
        last,
        renamed,
    ]
}

fn bench_file(
    irkit: &Path,
    inc: &Path,
    file: &Path,
    text: &str,
    runs: usize,
) -> Result<(), String> {
    let (def, _) = td_positions(text);
    let def = def.ok_or("no def in the file")?;
    let u = uri(file);
    let mut rows: Vec<Vec<f64>> = Vec::new();
    let mut peak = 0u64;
    for _ in 0..runs {
        let mut s = Server::start(
            irkit,
            &[
                "lsp".to_string(),
                "-I".to_string(),
                inc.display().to_string(),
            ],
            Value::Null,
        )?;
        let c0 = s.cpu_ms();
        let t0 = Instant::now();
        s.open(&u, "tablegen", text)?;
        // The server answers in order: this answer comes after the analysis.
        s.request(
            "textDocument/documentLink",
            json!({ "textDocument": { "uri": u } }),
        )?;
        let open_ms = t0.elapsed().as_secs_f64() * 1000.0;
        let open_cpu = s.cpu_ms() - c0;
        let peak_open = s.peak_kib();
        let c = s.cpu_ms();
        let t = Instant::now();
        let h = s.request("textDocument/hover", pos_params(&u, def))?;
        let hover_ms = t.elapsed().as_secs_f64() * 1000.0;
        let hover_cpu = s.cpu_ms() - c;
        if h.is_null() {
            return Err("hover on the first def answered nothing".into());
        }
        let t = Instant::now();
        s.request("textDocument/definition", pos_params(&u, def))?;
        let def_ms = t.elapsed().as_secs_f64() * 1000.0;
        let t = Instant::now();
        let mut refs = pos_params(&u, def);
        refs["context"] = json!({ "includeDeclaration": true });
        s.request("textDocument/references", refs)?;
        let refs_ms = t.elapsed().as_secs_f64() * 1000.0;
        let refs_cpu = s.cpu_ms() - c;
        // An editor's edits come some time apart: the server frees the
        // replaced analyses when idle (30 ms), not in the next edit's time.
        std::thread::sleep(std::time::Duration::from_millis(100));
        let c1 = s.cpu_ms();
        let t = Instant::now();
        let text = format!("{text}\ndef IrkitBenchExtra;\n");
        s.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": u, "version": 2 }, "contentChanges": [ { "text": text } ] }),
        )?;
        s.request(
            "textDocument/documentLink",
            json!({ "textDocument": { "uri": u } }),
        )?;
        let change_ms = t.elapsed().as_secs_f64() * 1000.0;
        let change_cpu = s.cpu_ms() - c1;
        let peak_end = s.peak_kib();
        // Edits in the middle of the file, each one edit of the text as
        // the one before left it ([`mid_edits`]): a statement added, then
        // typing on in it; an intrinsic with new anonymous records added
        // (those after it are renumbered), then taken away again; the same
        // with a new type signature; the first intrinsic after the middle
        // renamed.
        // The statements after the edit keep their results when they do
        // not depend on it (`lsp/src/td_run.rs`).
        let mut mid_rows = [0.0f64; 2 * MID_EDITS.len()];
        for (k, edited) in mid_edits(&text).into_iter().enumerate() {
            std::thread::sleep(std::time::Duration::from_millis(100));
            let c = s.cpu_ms();
            let t = Instant::now();
            s.notify(
                "textDocument/didChange",
                json!({ "textDocument": { "uri": u, "version": 3 + k }, "contentChanges": [ { "text": edited } ] }),
            )?;
            s.request(
                "textDocument/documentLink",
                json!({ "textDocument": { "uri": u } }),
            )?;
            mid_rows[2 * k] = t.elapsed().as_secs_f64() * 1000.0;
            mid_rows[2 * k + 1] = s.cpu_ms() - c;
        }
        peak = peak.max(s.peak_kib());
        let mut row = vec![
            open_ms,
            open_cpu,
            hover_ms,
            hover_cpu,
            def_ms,
            refs_ms,
            change_ms,
            change_cpu,
            refs_cpu,
            peak_open as f64,
            peak_end as f64,
        ];
        row.extend_from_slice(&mid_rows);
        rows.push(row);
        s.stop();
    }
    let median = |i: usize| {
        let mut v: Vec<f64> = rows.iter().map(|r| r[i]).collect();
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(0.0)
    };
    let max = |i: usize| rows.iter().map(|r| r[i]).fold(0.0, f64::max);
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "irkit lsp on {} ({runs} runs, medians; load average {})",
        file.display(),
        load.split_whitespace().next().unwrap_or("?")
    );
    println!(
        "  {:<22} {:>9} {:>9} {:>9}  {:>7}  verdict (median wall; cpu on a busy machine)",
        "", "wall ms", "max wall", "cpu ms", "goal"
    );
    let mut met = 0;
    let mut goals = 0;
    let mut line = |what: &str, i: usize, cpu: Option<f64>, goal: Option<f64>| {
        let (wall, top) = (median(i), max(i));
        let cpu_s = cpu.map_or(String::from("-"), |c| format!("{c:.1}"));
        let verdict = match goal {
            Some(g) => {
                goals += 1;
                if wall < g {
                    met += 1;
                    "ok".to_string()
                } else if cpu.is_some_and(|c| c < g) {
                    "MISSED on wall time, ok on cpu".to_string()
                } else {
                    "MISSED".to_string()
                }
            }
            None => String::new(),
        };
        let goal_s = goal.map_or(String::from("-"), |g| format!("< {g:.0}"));
        println!("  {what:<22} {wall:>9.2} {top:>9.2} {cpu_s:>9}  {goal_s:>7}  {verdict}");
    };
    line("open -> diagnostics", 0, Some(median(1)), Some(300.0));
    line("hover on first def", 2, Some(median(3)), Some(20.0));
    line("definition", 4, None, Some(20.0));
    line("references", 5, Some(median(8)), None);
    line("edit at end", 6, Some(median(7)), Some(200.0));
    for (k, what) in MID_EDITS.iter().enumerate() {
        line(what, 11 + 2 * k, Some(median(12 + 2 * k)), Some(200.0));
    }
    let peak_mb = peak as f64 / 1024.0;
    let mem_ok = peak_mb < 200.0;
    goals += 1;
    met += usize::from(mem_ok);
    println!(
        "  {:<22} {:>9.1} MB                      < 200  {}",
        "peak memory",
        peak_mb,
        if mem_ok { "ok" } else { "MISSED" }
    );
    println!(
        "    after open {:.1} MB, after the edit at end {:.1} MB",
        median(9) / 1024.0,
        median(10) / 1024.0
    );
    println!("  goals met on wall time: {met} / {goals}");
    Ok(())
}
