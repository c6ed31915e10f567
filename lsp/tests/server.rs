//! The server through `lsp-server`'s in-memory connection: each test opens
//! files, waits for diagnostics and sends requests, as an editor does.
//!
//! Expected record texts and diagnostic messages were checked against
//! `llvm-tblgen-19 --print-records` and `mlir-opt-19` on the same inputs;
//! definition and reference locations against `tblgen-lsp-server-22` and
//! `mlir-lsp-server-22` where those answer.

use lsp_server::{Connection, Message, Notification, Request, RequestId};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// What the tests' client can show: nested outlines, link tooltips.
static CAPS: std::sync::LazyLock<Value> = std::sync::LazyLock::new(|| {
    json!({ "textDocument": {
        "documentSymbol": { "hierarchicalDocumentSymbolSupport": true },
        "documentLink": { "tooltipSupport": true },
    } })
});

struct Client {
    conn: Connection,
    thread: Option<std::thread::JoinHandle<Result<(), String>>>,
    next_id: i32,
    /// Diagnostics received, by URI (the last list for each).
    diags: std::collections::HashMap<String, Value>,
}

impl Client {
    fn start(init_options: Value) -> Client {
        let (server, conn) = Connection::memory();
        let thread = std::thread::spawn(move || {
            irkit_lsp::run_server(&server, irkit_lsp::Settings::default())
        });
        let mut c = Client {
            conn,
            thread: Some(thread),
            next_id: 0,
            diags: Default::default(),
        };
        let caps = c.request(
            "initialize",
            json!({ "capabilities": CAPS.clone(), "initializationOptions": init_options }),
        );
        assert!(caps["capabilities"]["hoverProvider"]
            .as_bool()
            .unwrap_or(false));
        c.notify("initialized", json!({}));
        c
    }

    fn notify(&mut self, method: &str, params: Value) {
        let n = Notification::new(method.to_string(), params);
        self.conn
            .sender
            .send(Message::Notification(n))
            .expect("as the test set up");
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        self.next_id += 1;
        let id = RequestId::from(self.next_id);
        let r = Request::new(id.clone(), method.to_string(), params);
        self.conn
            .sender
            .send(Message::Request(r))
            .expect("as the test set up");
        loop {
            match self.recv() {
                Message::Response(resp) if resp.id == id => {
                    assert!(resp.error.is_none(), "{method}: {:?}", resp.error);
                    return resp.result.unwrap_or(Value::Null);
                }
                _ => {}
            }
        }
    }

    fn recv(&mut self) -> Message {
        let m = self
            .conn
            .receiver
            .recv_timeout(std::time::Duration::from_secs(60))
            .expect("the server answers");
        if let Message::Notification(n) = &m {
            if n.method == "textDocument/publishDiagnostics" {
                let uri = n.params["uri"].as_str().unwrap_or("").to_string();
                self.diags.insert(uri, n.params["diagnostics"].clone());
            }
        }
        m
    }

    /// Opens a file; a request round trip makes sure its analysis is done
    /// (the server answers in order).
    fn open(&mut self, path: &Path, text: &str) {
        let lang = if path.extension().is_some_and(|e| e == "td") {
            "tablegen"
        } else {
            "mlir"
        };
        self.notify(
            "textDocument/didOpen",
            json!({ "textDocument": { "uri": uri(path), "languageId": lang, "version": 1, "text": text } }),
        );
        self.sync();
    }

    fn change(&mut self, path: &Path, version: i32, text: &str) {
        self.notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": uri(path), "version": version },
                    "contentChanges": [ { "text": text } ] }),
        );
        self.sync();
    }

    fn sync(&mut self) {
        self.request(
            "textDocument/documentSymbol",
            json!({ "textDocument": { "uri": "file:///nonexistent.txt" } }),
        );
    }

    fn diags(&self, path: &Path) -> Vec<String> {
        let Some(list) = self.diags.get(&uri(path)) else {
            return vec!["<none published>".to_string()];
        };
        list.as_array()
            .expect("as the test set up")
            .iter()
            .map(|d| {
                let r = &d["range"]["start"];
                format!(
                    "{}:{}: {}",
                    r["line"],
                    r["character"],
                    d["message"].as_str().expect("as the test set up")
                )
            })
            .collect()
    }

    fn at(&mut self, method: &str, path: &Path, line: u32, col: u32) -> Value {
        let mut params = json!({ "textDocument": { "uri": uri(path) }, "position": { "line": line, "character": col } });
        if method == "textDocument/references" {
            params["context"] = json!({ "includeDeclaration": true });
        }
        self.request(method, params)
    }

    fn doc(&mut self, method: &str, path: &Path) -> Value {
        self.request(method, json!({ "textDocument": { "uri": uri(path) } }))
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if std::thread::panicking() {
            return;
        }
        self.request("shutdown", Value::Null);
        self.notify("exit", Value::Null);
        if let Some(t) = self.thread.take() {
            assert_eq!(t.join().expect("as the test set up"), Ok(()));
        }
    }
}

fn uri(path: &Path) -> String {
    lsp_types::Url::from_file_path(path)
        .expect("as the test set up")
        .to_string()
}

/// A fresh directory with `files` written into it.
fn dir(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("lsp-tests")
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("as the test set up");
    for (n, t) in files {
        std::fs::write(d.join(n), t).expect("as the test set up");
    }
    d
}

/// `(line, col)` of locations, with the file's name.
fn locs(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|l| {
                    let file = l["uri"]
                        .as_str()
                        .expect("as the test set up")
                        .rsplit('/')
                        .next()
                        .expect("as the test set up")
                        .to_string();
                    let s = &l["range"]["start"];
                    let e = &l["range"]["end"];
                    format!("{file}:{}:{}-{}", s["line"], s["character"], e["character"])
                })
                .collect()
        })
        .unwrap_or_default()
}

fn hover_text(v: &Value) -> String {
    v["contents"]["value"]
        .as_str()
        .unwrap_or("<no hover>")
        .to_string()
}

const BASE_TD: &str = "\
class Base<int n> {
  int size = n;
  list<int> l = [n];
}
defvar two = 2;
";

const MAIN_TD: &str = "\
include \"base.td\"
class Pair<int a> : Base<a> {
  int twice = !mul(a, two);
}
def P : Pair<3>;
multiclass M<int k> {
  def _x : Base<k>;
  def _y : Pair<k>;
}
defm Q : M<5>;
";

#[test]
fn td_hover_shows_the_resolved_record() {
    let d = dir("hover", &[("base.td", BASE_TD), ("main.td", MAIN_TD)]);
    let main = d.join("main.td");
    let mut c = Client::start(Value::Null);
    c.open(&main, MAIN_TD);
    assert_eq!(c.diags(&main), Vec::<String>::new());
    // On `def P`: the record as llvm-tblgen-19 --print-records prints it.
    let h = c.at("textDocument/hover", &main, 4, 4);
    assert_eq!(
        hover_text(&h),
        "```tablegen\ndef P {\t// Base Pair\n  int size = 3;\n  list<int> l = [3];\n  int twice = 6;\n}\n```"
    );
    assert_eq!(
        h["range"],
        json!({"start": {"line": 4, "character": 4}, "end": {"line": 4, "character": 5}})
    );
    // On `defm Q`: its instances.
    let h = c.at("textDocument/hover", &main, 9, 5);
    assert_eq!(
        hover_text(&h),
        "```tablegen\ndef Q_x {\t// Base\n  int size = 5;\n  list<int> l = [5];\n}\n\
         def Q_y {\t// Base Pair\n  int size = 5;\n  list<int> l = [5];\n  int twice = 10;\n}\n```"
    );
    // On a class name: the class as print-records prints it.
    let h = c.at("textDocument/hover", &main, 1, 21);
    assert!(
        hover_text(&h).starts_with("```tablegen\nclass Base<int Base:n = ?> {\n"),
        "{h}"
    );
    // Nothing to say on a keyword.
    assert_eq!(c.at("textDocument/hover", &main, 4, 1), Value::Null);
}

#[test]
fn td_definition_and_references_cross_the_include_graph() {
    let d = dir("nav", &[("base.td", BASE_TD), ("main.td", MAIN_TD)]);
    let main = d.join("main.td");
    let mut c = Client::start(Value::Null);
    c.open(&main, MAIN_TD);
    // `Base` in `Pair<int a> : Base<a>`. tblgen-lsp-server-22 gives the same
    // ranges (it names main.td for the first, the file it was asked about).
    let def = c.at("textDocument/definition", &main, 1, 20);
    assert_eq!(locs(&def), ["base.td:0:6-10"]);
    let refs = c.at("textDocument/references", &main, 1, 20);
    assert_eq!(
        locs(&refs),
        ["base.td:0:6-10", "main.td:1:20-24", "main.td:6:11-15"]
    );
    // A defvar from the included file (tblgen-lsp-server-22 answers nothing).
    let def = c.at("textDocument/definition", &main, 2, 22);
    assert_eq!(locs(&def), ["base.td:4:7-10"]);
    // A template argument, scoped to its class (tblgen-lsp-server-22 gives
    // the same definition and references).
    assert_eq!(
        locs(&c.at("textDocument/definition", &main, 2, 19)),
        ["main.td:1:15-16"]
    );
    assert_eq!(
        locs(&c.at("textDocument/references", &main, 2, 19)),
        ["main.td:1:15-16", "main.td:1:25-26", "main.td:2:19-20"]
    );
    // From inside the included file, once it is open: the includer's view.
    let base = d.join("base.td");
    c.open(&base, BASE_TD);
    let refs = c.at("textDocument/references", &base, 0, 7);
    assert_eq!(
        locs(&refs),
        ["base.td:0:6-10", "main.td:1:20-24", "main.td:6:11-15"]
    );
    // Once the includer closes, the included file is analysed on its own.
    c.notify(
        "textDocument/didClose",
        json!({ "textDocument": { "uri": uri(&main) } }),
    );
    c.sync();
    assert_eq!(c.diags(&base), Vec::<String>::new());
    assert_eq!(
        locs(&c.at("textDocument/definition", &base, 0, 7)),
        ["base.td:0:6-10"]
    );
}

#[test]
fn td_outline_links_and_completion() {
    let d = dir("outline", &[("base.td", BASE_TD), ("main.td", MAIN_TD)]);
    let main = d.join("main.td");
    let mut c = Client::start(Value::Null);
    c.open(&main, MAIN_TD);
    let syms = c.doc("textDocument/documentSymbol", &main);
    let names: Vec<String> = syms
        .as_array()
        .expect("as the test set up")
        .iter()
        .map(|s| {
            let kids: Vec<&str> = s["children"]
                .as_array()
                .map(|k| {
                    k.iter()
                        .map(|x| x["name"].as_str().expect("as the test set up"))
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "{} {} {:?}",
                s["detail"].as_str().expect("as the test set up"),
                s["name"].as_str().expect("as the test set up"),
                kids
            )
        })
        .collect();
    assert_eq!(
        names,
        [
            "class Pair []",
            "def P []",
            "multiclass M [\"_x\", \"_y\"]",
            "defm Q []"
        ]
    );
    assert_eq!(
        syms[2]["range"],
        json!({"start": {"line": 5, "character": 0}, "end": {"line": 8, "character": 1}})
    );

    let links = c.doc("textDocument/documentLink", &main);
    assert_eq!(
        links[0]["target"].as_str(),
        Some(uri(&d.join("base.td")).as_str())
    );
    assert_eq!(
        links[0]["range"],
        json!({"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 17}})
    );

    // After `!`: the bang operators; elsewhere: classes and keywords.
    let text = format!("{MAIN_TD}def R {{ int x = !fo");
    c.change(&main, 2, &text);
    let items = c.at("textDocument/completion", &main, 10, 21);
    let labels: Vec<&str> = items
        .as_array()
        .expect("as the test set up")
        .iter()
        .map(|i| i["label"].as_str().expect("as the test set up"))
        .collect();
    assert!(
        labels.contains(&"foldl") && labels.contains(&"foreach") && !labels.contains(&"Pair"),
        "{labels:?}"
    );
    let items = c.at("textDocument/completion", &main, 4, 9);
    let labels: Vec<&str> = items
        .as_array()
        .expect("as the test set up")
        .iter()
        .map(|i| i["label"].as_str().expect("as the test set up"))
        .collect();
    assert!(
        labels.contains(&"Pair") && labels.contains(&"Base") && labels.contains(&"multiclass"),
        "{labels:?}"
    );
}

#[test]
fn td_errors_in_included_files_are_published_there_and_hover_survives() {
    let bad_base = "class Base<int n> {\n  int size = n;\n}\ndef X : Nope;\n";
    let main_text = "// main\ninclude \"errbase.td\"\ndef P : Base<1>;\n";
    let d = dir(
        "errors",
        &[
            ("errbase.td", "class Base<int n> {\n  int size = n;\n}\n"),
            ("main.td", main_text),
        ],
    );
    let main = d.join("main.td");
    let base = d.join("errbase.td");
    let mut c = Client::start(Value::Null);
    c.open(&main, main_text);
    assert_eq!(c.diags(&main), Vec::<String>::new());
    assert!(hover_text(&c.at("textDocument/hover", &main, 2, 4)).contains("int size = 1;"));
    // The included file changes on disk and is saved: llvm-tblgen-19 says
    // `errbase.td:4:9: error: Couldn't find class 'Nope'`.
    std::fs::write(&base, bad_base).expect("as the test set up");
    c.notify(
        "textDocument/didSave",
        json!({ "textDocument": { "uri": uri(&base) } }),
    );
    c.sync();
    assert_eq!(c.diags(&base), ["3:8: Couldn't find class 'Nope'"]);
    assert_eq!(
        c.diags(&main),
        ["1:0: in included file: Couldn't find class 'Nope'"]
    );
    // The last good records still answer hover.
    assert!(hover_text(&c.at("textDocument/hover", &main, 2, 4)).contains("int size = 1;"));
    // An edit that breaks the main file: llvm-tblgen-19 says
    // `main.td:3:9: error: Couldn't find class 'Bse'`; navigation still works.
    std::fs::write(&base, "class Base<int n> {\n  int size = n;\n}\n").expect("as the test set up");
    c.change(
        &main,
        2,
        "// main\ninclude \"errbase.td\"\ndef P : Bse<1>;\ndef Q : Base<2>;\n",
    );
    assert_eq!(c.diags(&main), ["2:8: Couldn't find class 'Bse'"]);
    assert_eq!(c.diags(&base), Vec::<String>::new());
    assert_eq!(
        locs(&c.at("textDocument/definition", &main, 3, 9)),
        ["errbase.td:0:6-10"]
    );
    assert!(hover_text(&c.at("textDocument/hover", &main, 2, 4)).contains("int size = 1;"));
    // Fixed again: the error goes away.
    c.change(&main, 3, main_text);
    assert_eq!(c.diags(&main), Vec::<String>::new());
}

#[test]
fn td_include_dirs_from_settings_and_compilation_databases() {
    let d = dir(
        "incdirs",
        &[("main.td", "include \"lib.td\"\ndef D : L;\n")],
    );
    let inc = d.join("inc");
    std::fs::create_dir_all(&inc).expect("as the test set up");
    std::fs::write(inc.join("lib.td"), "class L { int v = 7; }\n").expect("as the test set up");
    let main = d.join("main.td");
    let text = "include \"lib.td\"\ndef D : L;\n";
    // Without include directories: llvm-tblgen-22 (the server's level) says
    // `main.td:1:9: error: could not find include file 'lib.td'`.
    let mut c = Client::start(Value::Null);
    c.open(&main, text);
    assert_eq!(
        c.diags(&main),
        ["0:8: could not find include file 'lib.td'"]
    );
    // Told through the settings.
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "irkit": { "includeDirs": [inc.display().to_string()] } } }),
    );
    c.sync();
    assert_eq!(c.diags(&main), Vec::<String>::new());
    assert!(hover_text(&c.at("textDocument/hover", &main, 1, 4)).contains("int v = 7;"));
    drop(c);
    // Told through LLVM's tablegen_compile_commands.yml in a build directory
    // of the workspace.
    let build = d.join("build");
    std::fs::create_dir_all(&build).expect("as the test set up");
    std::fs::write(
        build.join("tablegen_compile_commands.yml"),
        format!(
            "--- !FileInfo:\n  filepath: \"{}\"\n  includes: \"{};{}\"\n",
            main.display(),
            d.display(),
            inc.display()
        ),
    )
    .expect("as the test set up");
    let (server, conn) = Connection::memory();
    let t =
        std::thread::spawn(move || irkit_lsp::run_server(&server, irkit_lsp::Settings::default()));
    let mut c = Client {
        conn,
        thread: Some(t),
        next_id: 0,
        diags: Default::default(),
    };
    c.request(
        "initialize",
        json!({ "capabilities": {}, "rootUri": uri(&d) }),
    );
    c.notify("initialized", json!({}));
    c.open(&main, text);
    assert_eq!(c.diags(&main), Vec::<String>::new());
}

const OK_MLIR: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
    "cf.br"(%0)[^bb1] : (i32) -> ()
  ^bb1(%1: i32):
    "func.return"(%1) : (i32) -> ()
  }) : () -> ()
}) : () -> ()
"#;

const BAD_MLIR: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32):
    "cf.br"()[^bb1] : () -> ()
  ^bb1:
    "func.return"(%0) : (i32) -> ()
  ^bb2:
    %0 = "arith.addi"(%arg0, %arg0) : (i32, i32) -> i32
    "cf.br"()[^bb1] : () -> ()
  }) : () -> ()
}) : () -> ()
"#;

#[test]
fn mlir_diagnostics_carry_their_notes() {
    let d = dir("mlir-diags", &[]);
    let f = d.join("bad.mlir");
    let mut c = Client::start(Value::Null);
    c.open(&f, BAD_MLIR);
    // mlir-lsp-server-22 publishes the same message, range and notes.
    let list = c.diags.get(&uri(&f)).cloned().unwrap_or_default();
    let d0 = &list[0];
    assert_eq!(d0["message"], "operand #0 does not dominate this use");
    assert_eq!(
        d0["range"],
        json!({"start": {"line": 5, "character": 4}, "end": {"line": 5, "character": 17}})
    );
    let rel: Vec<String> = d0["relatedInformation"]
        .as_array()
        .expect("as the test set up")
        .iter()
        .map(|r| {
            let s = &r["location"]["range"];
            format!(
                "{}:{}-{}: {}",
                s["start"]["line"],
                s["start"]["character"],
                s["end"]["character"],
                r["message"].as_str().expect("as the test set up")
            )
        })
        .collect();
    assert_eq!(
        rel,
        [
            "5:4-17: see current operation: \"func.return\"(%0) : (i32) -> ()",
            "7:9-21: operand defined here (op in the same region)"
        ]
    );
    // A parse error (mlir-opt-19: `2:13: error: expected '"' in string
    // literal`): published, and requests on the last module still answer.
    c.change(&f, 2, "\"builtin.module\"() ({\n  \"func.func\n");
    assert_eq!(c.diags(&f), ["1:12: expected '\"' in string literal"]);
    let h = c.at("textDocument/hover", &f, 7, 5);
    assert!(hover_text(&h).contains("%0: i32"), "{h}");
}

#[test]
fn mlir_navigation_and_hover() {
    let d = dir("mlir-nav", &[]);
    let f = d.join("ok.mlir");
    let mut c = Client::start(Value::Null);
    c.open(&f, OK_MLIR);
    assert_eq!(c.diags(&f), Vec::<String>::new());
    // Same answers as mlir-lsp-server-22.
    let file = "ok.mlir";
    assert_eq!(
        locs(&c.at("textDocument/definition", &f, 6, 19)),
        [format!("{file}:5:7-9")]
    );
    assert_eq!(
        locs(&c.at("textDocument/references", &f, 3, 5)),
        [format!("{file}:3:4-6"), format!("{file}:4:12-14")]
    );
    assert_eq!(
        locs(&c.at("textDocument/definition", &f, 4, 17)),
        [format!("{file}:5:2-6")]
    );
    let h = hover_text(&c.at("textDocument/hover", &f, 3, 24));
    assert_eq!(h, "```mlir\n%arg0: i32\n```\nblock argument #0");
    let h = hover_text(&c.at("textDocument/hover", &f, 3, 10));
    assert!(h.starts_with("```mlir\narith.addi\n```\n"), "{h}");
    let syms = c.doc("textDocument/documentSymbol", &f);
    assert_eq!(syms[0]["name"], "f");
}

#[test]
fn requests_on_unknown_files_and_odd_positions_answer() {
    let mut c = Client::start(Value::Null);
    let nowhere = Path::new("/nonexistent/x.td");
    assert_eq!(c.at("textDocument/hover", nowhere, 0, 0), Value::Null);
    assert_eq!(c.at("textDocument/definition", nowhere, 0, 0), Value::Null);
    let d = dir("odd", &[]);
    let f = d.join("e.td");
    c.open(&f, "def \u{e9}\u{1f600} : ;\n");
    assert_eq!(c.at("textDocument/hover", &f, 99, 99), Value::Null);
    assert_eq!(c.at("textDocument/hover", &f, 0, 3), Value::Null);
    // llvm-tblgen-19: `1:5: error: Unexpected character`.
    assert_eq!(c.diags(&f), ["0:4: Unexpected character"]);
    let g = d.join("e.mlir");
    c.open(&g, "%0 = \n");
    assert_eq!(c.at("textDocument/hover", &g, 0, 1), Value::Null);
    // mlir-opt-19: `1:5: error: expected operation name in quotes`.
    assert_eq!(c.diags(&g), ["0:4: expected operation name in quotes"]);
}

#[test]
fn clients_without_nested_outlines_get_a_flat_one() {
    let d = dir("flat", &[("base.td", BASE_TD), ("main.td", MAIN_TD)]);
    let main = d.join("main.td");
    let (server, conn) = Connection::memory();
    let t =
        std::thread::spawn(move || irkit_lsp::run_server(&server, irkit_lsp::Settings::default()));
    let mut c = Client {
        conn,
        thread: Some(t),
        next_id: 0,
        diags: Default::default(),
    };
    c.request("initialize", json!({ "capabilities": {} }));
    c.notify("initialized", json!({}));
    c.open(&main, MAIN_TD);
    let syms = c.doc("textDocument/documentSymbol", &main);
    let flat: Vec<String> = syms
        .as_array()
        .expect("a list")
        .iter()
        .map(|s| {
            format!(
                "{}<{}",
                s["name"].as_str().unwrap_or(""),
                s["containerName"].as_str().unwrap_or("")
            )
        })
        .collect();
    assert_eq!(flat, ["Pair<", "P<", "M<", "_x<M", "_y<M", "Q<"]);
    let links = c.doc("textDocument/documentLink", &main);
    assert_eq!(links[0].get("tooltip"), None);
}

const FIELDS_TD: &str = "\
include \"base.td\"
class Named { string name = \"n\"; }
def R : Base<4>, Named {
  let size = 8;
  let name = \"r\";
}
";

#[test]
fn td_fields_provenance_let_definition_and_completion() {
    let d = dir("fields", &[("base.td", BASE_TD), ("fields.td", FIELDS_TD)]);
    let f = d.join("fields.td");
    let mut c = Client::start(Value::Null);
    c.open(&f, FIELDS_TD);
    assert_eq!(c.diags(&f), Vec::<String>::new());
    // Hover on `size` in `let size = 8;`: how the field got its value, as
    // `irkit tblgen --explain R.size` says (the value 8 as llvm-tblgen-22
    // prints R).
    let h = hover_text(&c.at("textDocument/hover", &f, 3, 7));
    let lines: Vec<&str> = h.lines().collect();
    assert_eq!(lines[1], "R.size: int = 8", "{h}");
    assert!(lines[2].contains("1. Base") && lines[2].contains("base.td:2:7"));
    assert!(lines[2].contains("declared Base:n = 4"), "{h}");
    assert!(lines[3].contains("2. R") && lines[3].contains("fields.td:4:7"));
    assert!(lines[3].contains("replaced by 8"), "{h}");
    // A second field hover reuses the tracked provenance.
    let h = hover_text(&c.at("textDocument/hover", &f, 4, 7));
    assert!(h.contains("R.name: string = \"r\""), "{h}");
    // The `let` goes to the field it sets: its declaration in the class.
    assert_eq!(
        locs(&c.at("textDocument/definition", &f, 3, 7)),
        ["base.td:1:6-10"]
    );
    assert_eq!(
        locs(&c.at("textDocument/definition", &f, 4, 7)),
        ["fields.td:1:21-25"]
    );
    // The record's own hover is unchanged.
    assert!(hover_text(&c.at("textDocument/hover", &f, 2, 4))
        .starts_with("```tablegen\ndef R {\t// Base Named\n  int size = 8;\n  list<int> l = [4];\n  string name = \"r\";\n}"));
    // Completion after `let` inside R: R's fields.
    let text = FIELDS_TD.replace("  let name", "  let \n  let name");
    c.change(&f, 2, &text);
    let items = c.at("textDocument/completion", &f, 4, 6);
    let mut labels: Vec<&str> = items
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["label"].as_str())
        .collect();
    labels.sort_unstable();
    assert_eq!(labels, ["l", "name", "size"]);
}

#[test]
fn td_rename_and_instances() {
    let d = dir("rename", &[("base.td", BASE_TD), ("main.td", MAIN_TD)]);
    let main = d.join("main.td");
    let mut c = Client::start(Value::Null);
    c.open(&main, MAIN_TD);
    let prep = c.at("textDocument/prepareRename", &main, 1, 21);
    assert_eq!(
        prep,
        json!({"start": {"line": 1, "character": 20}, "end": {"line": 1, "character": 24}})
    );
    let mut params = json!({ "textDocument": { "uri": uri(&main) },
        "position": { "line": 1, "character": 21 }, "newName": "Basis" });
    let edit = c.request("textDocument/rename", params.clone());
    let mut got: Vec<String> = Vec::new();
    for (u, edits) in edit["changes"].as_object().expect("changes") {
        let file = u.rsplit('/').next().expect("a name");
        for e in edits.as_array().expect("edits") {
            let s = &e["range"]["start"];
            got.push(format!(
                "{file}:{}:{} {}",
                s["line"], s["character"], e["newText"]
            ));
        }
    }
    got.sort();
    assert_eq!(
        got,
        [
            "base.td:0:6 \"Basis\"",
            "main.td:1:20 \"Basis\"",
            "main.td:6:11 \"Basis\""
        ]
    );
    // Nothing to rename on a keyword.
    params["position"] = json!({ "line": 4, "character": 1 });
    assert_eq!(c.request("textDocument/rename", params), Value::Null);
    // The defs deriving from Base, as llvm-tblgen-22 --print-enums
    // --class=Base lists them: P, Q_x, Q_y.
    let inst = c.at("irkit/instances", &main, 1, 21);
    let names: Vec<&str> = inst
        .as_array()
        .expect("a list")
        .iter()
        .filter_map(|i| i["name"].as_str())
        .collect();
    assert_eq!(names, ["P", "Q_x", "Q_y"]);
    assert_eq!(locs(&json!([inst[0]["location"]])), ["main.td:4:4-5"]);
    let h = hover_text(&c.at("textDocument/hover", &main, 1, 21));
    assert!(h.contains("// 3 instances: P, Q_x, Q_y"), "{h}");
}

#[test]
fn td_unsaved_included_files_and_context_from_disk() {
    let d = dir(
        "overlay",
        &[
            ("base.td", BASE_TD),
            ("s.td", "include \"base.td\"\ndef S : Base<1>;\n"),
            ("top.td", "class Top { int t = 1; }\ninclude \"inc.td\"\n"),
            ("inc.td", "def I : Top;\n"),
        ],
    );
    let s = d.join("s.td");
    let base = d.join("base.td");
    let mut c = Client::start(Value::Null);
    c.open(&s, "include \"base.td\"\ndef S : Base<1>;\n");
    c.open(&base, BASE_TD);
    // An unsaved edit of the included file reaches its includer (S as
    // llvm-tblgen-22 prints it with that text saved).
    let edited = BASE_TD.replace(
        "  list<int> l = [n];\n",
        "  list<int> l = [n];\n  int extra = 7;\n",
    );
    c.change(&base, 2, &edited);
    assert_eq!(
        hover_text(&c.at("textDocument/hover", &s, 1, 4)),
        "```tablegen\ndef S {\t// Base\n  int size = 1;\n  list<int> l = [1];\n  int extra = 7;\n}\n```"
    );
    // inc.td alone does not know Top (llvm-tblgen-22: "Couldn't find class
    // 'Top'"); top.td, beside it, includes it after defining Top.
    let inc = d.join("inc.td");
    c.open(&inc, "def I : Top;\n");
    assert_eq!(c.diags(&inc), Vec::<String>::new());
    assert_eq!(
        hover_text(&c.at("textDocument/hover", &inc, 0, 4)),
        "```tablegen\ndef I {\t// Top\n  int t = 1;\n}\n```"
    );
    assert_eq!(
        locs(&c.at("textDocument/definition", &inc, 0, 9)),
        ["top.td:0:6-9"]
    );
    // top.td is not open: no diagnostics are published for it.
    assert_eq!(c.diags(&d.join("top.td")), ["<none published>"]);
}

const SYMS_MLIR: &str = "\
func.func @callee(%arg0: i32) -> i32 {
  return %arg0 : i32
}
func.func @caller(%x: i32) -> i32 {
  %r = call @callee(%x) : (i32) -> i32
  return %r : i32
}
";

#[test]
fn mlir_symbols_completion_and_rename() {
    let d = dir("mlirsyms", &[("s.mlir", SYMS_MLIR)]);
    let f = d.join("s.mlir");
    let mut c = Client::start(Value::Null);
    c.open(&f, SYMS_MLIR);
    assert_eq!(c.diags(&f), Vec::<String>::new());
    // @callee in the call: its definition and references. The references
    // are mlir-lsp-server-22's; its definition is the defining op's name
    // (0:0-9), ours the symbol's name there.
    assert_eq!(
        locs(&c.at("textDocument/definition", &f, 4, 13)),
        ["s.mlir:0:10-17"]
    );
    assert_eq!(
        locs(&c.at("textDocument/references", &f, 4, 13)),
        ["s.mlir:0:10-17", "s.mlir:4:12-19"]
    );
    // Rename %x: its definition and its use (mlir-lsp-server-22's
    // references of %x).
    let edit = c.request(
        "textDocument/rename",
        json!({ "textDocument": { "uri": uri(&f) }, "position": { "line": 3, "character": 20 }, "newName": "%y" }),
    );
    let edits = &edit["changes"][uri(&f)];
    let got: Vec<String> = edits
        .as_array()
        .expect("edits")
        .iter()
        .map(|e| {
            format!(
                "{}:{} {}",
                e["range"]["start"]["line"], e["range"]["start"]["character"], e["newText"]
            )
        })
        .collect();
    assert_eq!(got, ["3:18 \"%y\"", "4:20 \"%y\""]);
    // Completion: %values defined before the cursor, @symbols, op names.
    let text = SYMS_MLIR.replace("  return %r", "  %\n  return %r");
    c.change(&f, 2, &text);
    let labels = |v: &Value| -> Vec<String> {
        let mut l: Vec<String> = v
            .as_array()
            .expect("a list")
            .iter()
            .filter_map(|i| i["label"].as_str().map(str::to_string))
            .collect();
        l.sort();
        l
    };
    // The edited text does not parse: the last good module answers.
    assert!(labels(&c.at("textDocument/completion", &f, 5, 3)).contains(&"x".to_string()));
    c.change(&f, 3, SYMS_MLIR);
    let ops = labels(&c.at("textDocument/completion", &f, 5, 2));
    assert!(ops.contains(&"func.func".to_string()) && ops.contains(&"arith.addi".to_string()));
}

const ABI_MLIR: &str = "\
module attributes {llvm.target_triple = \"x86_64-unknown-linux-gnu\"} {
  func.func @f(%a: i32, %b: f64) -> i64 {
    %c = arith.extsi %a : i32 to i64
    return %c : i64
  }
}
";

#[test]
fn mlir_function_hover_shows_its_abi() {
    let d = dir("abi", &[("abi.mlir", ABI_MLIR)]);
    let f = d.join("abi.mlir");
    let mut c = Client::start(Value::Null);
    c.open(&f, ABI_MLIR);
    assert_eq!(c.diags(&f), Vec::<String>::new());
    // `irkit abi --triple x86_64-unknown-linux-gnu` on the same file; its
    // declare line is clang-22's `define i64 @f(i32 noundef, double noundef)`
    // without the attributes.
    let h = hover_text(&c.at("textDocument/hover", &f, 1, 4));
    let abi = h
        .split("ABI on x86_64-unknown-linux-gnu:\n```\n")
        .nth(1)
        .expect("an ABI section");
    assert_eq!(
        abi,
        "@f : (i32, f64) -> i64\n          C type (LLVM memory form)    kind       lowered\n  \
         return  i64                          Direct     i64\n  \
         arg 0   i32                          Direct     i32\n  \
         arg 1   double                       Direct     double\n  \
         registers: 1 integer, 1 vector/fp; sret: no\n  \
         declare i64 @f(i32, double)\n```"
    );
    // Without a triple in the module or the settings: no ABI section; the
    // `triple` setting supplies one.
    let plain = ABI_MLIR.replace(
        " attributes {llvm.target_triple = \"x86_64-unknown-linux-gnu\"}",
        "",
    );
    c.change(&f, 2, &plain);
    assert!(!hover_text(&c.at("textDocument/hover", &f, 1, 4)).contains("ABI on"));
    c.notify(
        "workspace/didChangeConfiguration",
        json!({ "settings": { "irkit": { "triple": "aarch64-unknown-linux-gnu" } } }),
    );
    c.sync();
    let h = hover_text(&c.at("textDocument/hover", &f, 1, 4));
    assert!(
        h.contains("ABI on aarch64-unknown-linux-gnu:\n```\n@f : (i32, f64) -> i64\n"),
        "{h}"
    );
}

#[test]
fn td_context_from_disk_climbs_includers_that_are_only_included() {
    let d = dir(
        "nested",
        &[
            ("top.td", "class Top { int t = 1; }\ninclude \"mid.td\"\n"),
            ("mid.td", "include \"leaf.td\"\n"),
            ("leaf.td", "def L : Top;\n"),
        ],
    );
    let leaf = d.join("leaf.td");
    let mut c = Client::start(Value::Null);
    c.open(&leaf, "def L : Top;\n");
    // mid.td alone does not know Top; top.td, which includes it, does
    // (llvm-tblgen-22 on top.td prints this record).
    assert_eq!(c.diags(&leaf), Vec::<String>::new());
    assert_eq!(
        hover_text(&c.at("textDocument/hover", &leaf, 0, 4)),
        "```tablegen\ndef L {\t// Top\n  int t = 1;\n}\n```"
    );
    assert_eq!(c.diags(&d.join("mid.td")), ["<none published>"]);
}
