//! The main loop: notifications update the state (open documents and their
//! analyses), requests are answered from it by plain functions.

use crate::config::{self, CompileDb, Settings};
use crate::files::FileIdx;
use crate::mlir::{self, MlirAnalysis};
use crate::td::{self, SymKind, TdAnalysis};
use irkit_ir::dialect::DialectRegistry;
use lsp_server::{Connection, ErrorCode, Message, Notification, Request, Response};
use lsp_types::notification::Notification as _;
use lsp_types::request::Request as _;
use lsp_types::{
    CompletionItem, CompletionItemKind, CompletionParams, DiagnosticRelatedInformation,
    DiagnosticSeverity, DidChangeConfigurationParams, DidChangeTextDocumentParams,
    DidCloseTextDocumentParams, DidOpenTextDocumentParams, DidSaveTextDocumentParams, DocumentLink,
    DocumentLinkParams, DocumentSymbol, DocumentSymbolParams, GotoDefinitionParams, Hover,
    HoverContents, HoverParams, InitializeParams, Location, MarkupContent, MarkupKind,
    PublishDiagnosticsParams, Range, ReferenceParams, RenameParams, SymbolKind,
    TextDocumentPositionParams, TextEdit, Url, WorkspaceEdit,
};
use rustc_hash::FxHashMap;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Serves over stdin/stdout until the client says `exit`.
pub fn run_stdio(settings: Settings) -> Result<(), String> {
    let (conn, io) = Connection::stdio();
    run_server(&conn, settings)?;
    drop(conn);
    io.join().map_err(|e| e.to_string())
}

/// Serves over `conn` (stdio, or `Connection::memory()` in tests), on a
/// thread with TableGen's large stack (its parser recurses on nesting).
pub fn run_server(conn: &Connection, settings: Settings) -> Result<(), String> {
    let res = std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("irkit-lsp".into())
            .stack_size(irkit_td::WORKER_STACK)
            .spawn_scoped(s, || main_loop(conn, settings))
            .map(|h| h.join())
    });
    match res {
        Ok(Ok(r)) => r,
        Ok(Err(_)) => Err("the server thread panicked".into()),
        Err(e) => Err(format!("cannot start the server thread: {e}")),
    }
}

fn main_loop(conn: &Connection, settings: Settings) -> Result<(), String> {
    let (id, params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let mut st = State::new(settings, &init);
    let result = json!({
        "capabilities": capabilities(),
        "serverInfo": { "name": "irkit", "version": env!("CARGO_PKG_VERSION") },
    });
    conn.initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    let mut queue: std::collections::VecDeque<Message> = Default::default();
    loop {
        let msg = match queue.pop_front() {
            Some(m) => m,
            None if !st.garbage.is_empty() => match conn.receiver.recv_timeout(IDLE) {
                Ok(m) => m,
                Err(e) if e.is_timeout() => {
                    st.garbage.clear();
                    continue;
                }
                Err(_) => break,
            },
            None => match conn.receiver.recv() {
                Ok(m) => m,
                Err(_) => break,
            },
        };
        // Debouncing: what arrived meanwhile is queued, and a full-text
        // change followed by another change of the same document is
        // skipped (only the newest text is analysed).
        queue.extend(conn.receiver.try_iter());
        if superseded(&msg, &queue) {
            continue;
        }
        match msg {
            Message::Request(req) => {
                if req.method == lsp_types::request::Shutdown::METHOD {
                    // As `Connection::handle_shutdown`, but the `exit` may
                    // already be in the queue.
                    let resp = Response::new_ok(req.id, ());
                    conn.sender.send(resp.into()).map_err(|e| e.to_string())?;
                    let exit = lsp_types::notification::Exit::METHOD;
                    let is_exit =
                        |m: &Message| matches!(m, Message::Notification(n) if n.method == exit);
                    if queue.iter().any(is_exit) {
                        return Ok(());
                    }
                    return match conn
                        .receiver
                        .recv_timeout(std::time::Duration::from_secs(30))
                    {
                        Ok(m) if is_exit(&m) => Ok(()),
                        Ok(m) => Err(format!("unexpected message during shutdown: {m:?}")),
                        Err(e) => Err(format!("unexpected error during shutdown: {e}")),
                    };
                }
                let resp = st.request(req);
                conn.sender.send(resp.into()).map_err(|e| e.to_string())?;
            }
            Message::Notification(n) => {
                if n.method == lsp_types::notification::Exit::METHOD {
                    return Ok(());
                }
                for out in st.notification(n) {
                    conn.sender.send(out.into()).map_err(|e| e.to_string())?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

/// How long without messages counts as idle.
const IDLE: std::time::Duration = std::time::Duration::from_millis(30);

/// Whether `msg` is a document change that a queued change of the same
/// document replaces (the server asks for full-text sync).
fn superseded(msg: &Message, queue: &std::collections::VecDeque<Message>) -> bool {
    let change = lsp_types::notification::DidChangeTextDocument::METHOD;
    let uri_of = |m: &Message| match m {
        Message::Notification(n) if n.method == change => n
            .params
            .get("textDocument")
            .and_then(|t| t.get("uri"))
            .cloned(),
        _ => None,
    };
    let Some(uri) = uri_of(msg) else {
        return false;
    };
    queue.iter().any(|m| uri_of(m).as_ref() == Some(&uri))
}

fn capabilities() -> Value {
    json!({
        "textDocumentSync": { "openClose": true, "change": 1, "save": { "includeText": false } },
        "hoverProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "documentSymbolProvider": true,
        "documentLinkProvider": { "resolveProvider": false },
        "completionProvider": { "triggerCharacters": ["!", "%", "@", "."] },
        "renameProvider": { "prepareProvider": true },
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    Td,
    Mlir,
}

fn lang(path: &Path) -> Option<Lang> {
    match path.extension()?.to_str()? {
        "td" => Some(Lang::Td),
        "mlir" => Some(Lang::Mlir),
        _ => None,
    }
}

fn uri_path(uri: &Url) -> PathBuf {
    uri.to_file_path()
        .unwrap_or_else(|()| PathBuf::from(uri.path()))
}

fn path_uri(path: &Path) -> Option<Url> {
    Url::from_file_path(path).ok()
}

struct State {
    settings: Settings,
    roots: Vec<PathBuf>,
    db: CompileDb,
    registry: DialectRegistry,
    registry_errors: Vec<String>,
    /// Open documents' current text, by path.
    docs: FxHashMap<PathBuf, Arc<str>>,
    /// Replaced analyses, freed when the server is idle.
    garbage: Vec<TdAnalysis>,
    /// `.td` roots analysed only as the context of an open file that they
    /// include (not open themselves).
    hidden: Vec<PathBuf>,
    /// `.td` analyses, by root path.
    td: FxHashMap<PathBuf, TdAnalysis>,
    mlir: FxHashMap<PathBuf, MlirAnalysis>,
    /// The files each `.td` root last published diagnostics for.
    published: FxHashMap<PathBuf, Vec<PathBuf>>,
    /// What the client said it can show.
    link_tooltips: bool,
    hierarchical_symbols: bool,
}

impl State {
    fn new(mut settings: Settings, init: &InitializeParams) -> State {
        if let Some(o) = &init.initialization_options {
            settings.apply(o);
        }
        let mut roots: Vec<PathBuf> = init
            .workspace_folders
            .iter()
            .flatten()
            .map(|f| uri_path(&f.uri))
            .collect();
        #[allow(deprecated)]
        if roots.is_empty() {
            roots.extend(init.root_uri.as_ref().map(uri_path));
        }
        let mut st = State {
            settings,
            roots,
            db: CompileDb::default(),
            registry: irkit::dialects::builtin_registry(),
            registry_errors: Vec::new(),
            docs: FxHashMap::default(),
            hidden: Vec::new(),
            garbage: Vec::new(),
            td: FxHashMap::default(),
            mlir: FxHashMap::default(),
            published: FxHashMap::default(),
            link_tooltips: false,
            hierarchical_symbols: false,
        };
        if let Some(td) = &init.capabilities.text_document {
            st.link_tooltips = td
                .document_link
                .as_ref()
                .and_then(|l| l.tooltip_support)
                .unwrap_or(false);
            st.hierarchical_symbols = td
                .document_symbol
                .as_ref()
                .and_then(|s| s.hierarchical_document_symbol_support)
                .unwrap_or(false);
        }
        st.reload_settings();
        st
    }

    fn reload_settings(&mut self) {
        self.db = config::load_databases(&config::find_databases(&self.settings, &self.roots));
        let (registry, errors) = load_registry(&self.settings);
        self.registry = registry;
        self.registry_errors = errors;
    }

    // ---- notifications ----

    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        use lsp_types::notification as N;
        let mut out = Vec::new();
        match n.method.as_str() {
            N::DidOpenTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidOpenTextDocumentParams>(n.params) {
                    let path = uri_path(&p.text_document.uri);
                    self.docs
                        .insert(path.clone(), Arc::from(p.text_document.text));
                    // A file another open file includes is analysed in that
                    // file's context; one only included by files that are
                    // not open, in the context of one found on disk.
                    if lang(&path) == Some(Lang::Td) {
                        if let Some(root) = self.includer_of(&path) {
                            let root = root.to_path_buf();
                            self.analyze(&root, &mut out);
                            return out;
                        }
                        // An includer that is itself only included (LLVM's
                        // IntrinsicsRISCVXsf.td in IntrinsicsRISCV.td in
                        // Intrinsics.td): up to the first that analyses.
                        let mut from = path.clone();
                        for _ in 0..MAX_CONTEXT_DEPTH {
                            let Some(root) = find_includer_on_disk(&from) else {
                                break;
                            };
                            if root == path || self.td.contains_key(&root) {
                                break;
                            }
                            self.hidden.push(root.clone());
                            let mut sink = Vec::new();
                            self.analyze(&root, &mut sink);
                            if self.td.get(&root).is_some_and(|a| a.model.is_some()) {
                                out.extend(sink);
                                return out;
                            }
                            self.hidden.retain(|r| *r != root);
                            self.td.remove(&root);
                            self.published.remove(&root);
                            from = root;
                        }
                    }
                    self.analyze(&path, &mut out);
                }
            }
            N::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) {
                    let path = uri_path(&p.text_document.uri);
                    // Full sync: the last change is the whole text.
                    if let Some(c) = p.content_changes.into_iter().last() {
                        self.docs.insert(path.clone(), Arc::from(c.text));
                    }
                    if lang(&path) == Some(Lang::Mlir) || self.td.contains_key(&path) {
                        self.analyze(&path, &mut out);
                    } else {
                        // An included file's unsaved text is read by its
                        // includers (the overlay).
                        for r in self.includers(&path) {
                            self.analyze(&r, &mut out);
                        }
                    }
                }
            }
            N::DidSaveTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidSaveTextDocumentParams>(n.params) {
                    // The lexer reads included files from disk: a saved
                    // include changes its includers.
                    let path = uri_path(&p.text_document.uri);
                    for r in self.includers(&path) {
                        self.analyze(&r, &mut out);
                    }
                }
            }
            N::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    let path = uri_path(&p.text_document.uri);
                    self.docs.remove(&path);
                    self.td.remove(&path);
                    // A hidden context root no open file needs goes too.
                    let hidden = std::mem::take(&mut self.hidden);
                    for r in hidden {
                        let needed = self
                            .td
                            .get(&r)
                            .is_some_and(|a| self.docs.keys().any(|d| a.files.find(d).is_some()));
                        if needed {
                            self.hidden.push(r);
                        } else {
                            self.td.remove(&r);
                            if let Some(files) = self.published.remove(&r) {
                                for f in files {
                                    out.extend(publish(&f, Vec::new()));
                                }
                            }
                        }
                    }
                    self.mlir.remove(&path);
                    let mut files = self.published.remove(&path).unwrap_or_default();
                    if lang(&path) == Some(Lang::Mlir) {
                        files.push(path);
                    }
                    for f in files {
                        out.extend(publish(&f, Vec::new()));
                    }
                    // Open files it included lose their context: analyse
                    // each with another includer's, or on its own.
                    let orphans: Vec<PathBuf> = self
                        .docs
                        .keys()
                        .filter(|p| lang(p) == Some(Lang::Td) && !self.td.contains_key(*p))
                        .cloned()
                        .collect();
                    for p in orphans {
                        if self.includer_of(&p).is_none() {
                            self.analyze(&p, &mut out);
                        }
                    }
                }
            }
            N::DidChangeConfiguration::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeConfigurationParams>(n.params) {
                    self.settings.apply(&p.settings);
                    self.reload_settings();
                    let mut open: Vec<PathBuf> = self.td.keys().cloned().collect();
                    open.extend(self.mlir.keys().cloned());
                    for path in open {
                        self.analyze(&path, &mut out);
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// An analysed root other than `path` whose include graph has `path`.
    fn includer_of(&self, path: &Path) -> Option<&Path> {
        self.td
            .iter()
            .find(|(r, a)| r.as_path() != path && a.files.find(path).is_some())
            .map(|(r, _)| r.as_path())
    }

    /// Every analysed root other than `path` whose include graph has it.
    fn includers(&self, path: &Path) -> Vec<PathBuf> {
        self.td
            .iter()
            .filter(|(r, a)| r.as_path() != path && a.files.find(path).is_some())
            .map(|(r, _)| r.clone())
            .collect()
    }

    fn analyze(&mut self, path: &Path, out: &mut Vec<Notification>) {
        self.analyze_with(path, false, out);
    }

    /// Analyses `path` (open, or a hidden context root read from disk);
    /// `explain` tracks field provenance for hover.
    fn analyze_with(&mut self, path: &Path, explain: bool, out: &mut Vec<Notification>) {
        let text: Arc<str> = match self.docs.get(path) {
            Some(t) => Arc::clone(t),
            None if self.hidden.iter().any(|h| h == path) => match std::fs::read_to_string(path) {
                Ok(t) => Arc::from(t),
                Err(_) => return,
            },
            None => return,
        };
        let text = &*text;
        match lang(path) {
            Some(Lang::Td) => {
                let mut dirs = vec![path
                    .parent()
                    .map(|p| p.display().to_string())
                    .unwrap_or_else(|| ".".to_string())];
                if let Some(db) = self.db.includes_for(path) {
                    dirs.extend(db.iter().cloned());
                }
                dirs.extend(self.settings.include_dirs.iter().cloned());
                let cfg = td::TdConfig {
                    include_dirs: &dirs,
                    builtin_includes: irkit::dialects::BUILTIN_INCLUDES,
                };
                // An analysis is about to take its time anyway: models
                // replaced earlier go first (peak memory).
                self.garbage.clear();
                let mut prev = self.td.remove(path);
                let docs = &self.docs;
                let overlay = |p: &Path| docs.get(p).cloned();
                let a = td::analyze(path, text, &cfg, &mut prev, &overlay, explain);
                out.extend(self.publish_td(path, &a));
                self.td.insert(path.to_path_buf(), a);
                // Freeing a large model takes a while: it waits until the
                // client has its answers and the server is idle.
                self.garbage.extend(prev);
            }
            Some(Lang::Mlir) => {
                let prev = self.mlir.remove(path);
                let name = path.display().to_string();
                let mut a = mlir::analyze(&name, text, &self.registry, prev);
                for e in &self.registry_errors {
                    a.diags.push(mlir::MDiag {
                        span: 0..0,
                        error: true,
                        warning: false,
                        message: e.clone(),
                        related: Vec::new(),
                    });
                }
                // Spans point into the text just analysed (a stale module
                // is only kept for navigation).
                let li = crate::pos::LineIndex::new(text);
                let uri = path_uri(path);
                let diags = a
                    .diags
                    .iter()
                    .map(|d| {
                        let related = d
                            .related
                            .iter()
                            .filter_map(|(r, m)| {
                                Some(DiagnosticRelatedInformation {
                                    location: Location::new(
                                        uri.clone()?,
                                        li.range(text, r.start, r.end),
                                    ),
                                    message: m.clone(),
                                })
                            })
                            .collect();
                        lsp_diag(
                            &li,
                            text,
                            d.span.clone(),
                            d.error,
                            d.warning,
                            &d.message,
                            related,
                        )
                    })
                    .collect();
                out.extend(publish(path, diags));
                self.mlir.insert(path.to_path_buf(), a);
            }
            None => {}
        }
    }

    fn publish_td(&mut self, root: &Path, a: &TdAnalysis) -> Vec<Notification> {
        let mut by_file: FxHashMap<FileIdx, Vec<lsp_types::Diagnostic>> = FxHashMap::default();
        for d in &a.diags {
            let Some(f) = a.files.get(d.file) else {
                continue;
            };
            let related = d
                .related
                .iter()
                .filter_map(|(rf, r, m)| {
                    let sf = a.files.get(*rf)?;
                    Some(DiagnosticRelatedInformation {
                        location: Location::new(
                            path_uri(&sf.path)?,
                            sf.lines().range(&sf.text, r.start, r.end),
                        ),
                        message: m.clone(),
                    })
                })
                .collect();
            by_file.entry(d.file).or_default().push(lsp_diag(
                f.lines(),
                &f.text,
                d.span.clone(),
                d.error,
                d.warning,
                &d.message,
                related,
            ));
        }
        let mut out = Vec::new();
        let mut now: Vec<PathBuf> = Vec::new();
        // The root always gets a list (an empty one clears old errors); a
        // hidden context root publishes only on the open files it includes.
        let hidden = self.hidden.iter().any(|h| h == root);
        if !hidden {
            by_file.entry(a.root).or_default();
        } else {
            for d in self.docs.keys() {
                if let Some(f) = a.files.find(d) {
                    by_file.entry(f).or_default();
                }
            }
        }
        for (f, diags) in by_file {
            let Some(sf) = a.files.get(f) else { continue };
            if hidden && !self.docs.contains_key(&sf.path) {
                continue;
            }
            now.push(sf.path.clone());
            out.extend(publish(&sf.path, diags));
        }
        for old in self.published.remove(root).unwrap_or_default() {
            if !now.contains(&old) {
                out.extend(publish(&old, Vec::new()));
            }
        }
        self.published.insert(root.to_path_buf(), now);
        out
    }

    // ---- requests ----

    fn request(&mut self, req: Request) -> Response {
        use lsp_types::request as R;
        let id = req.id.clone();
        let res: Result<Value, String> = match req.method.as_str() {
            R::HoverRequest::METHOD => parse::<HoverParams>(req.params)
                .map(|p| self.hover(&p.text_document_position_params)),
            R::GotoDefinition::METHOD => parse::<GotoDefinitionParams>(req.params)
                .map(|p| self.definition(&p.text_document_position_params)),
            R::References::METHOD => parse::<ReferenceParams>(req.params)
                .map(|p| self.references(&p.text_document_position, p.context.include_declaration)),
            R::DocumentSymbolRequest::METHOD => parse::<DocumentSymbolParams>(req.params)
                .map(|p| self.symbols(&p.text_document.uri)),
            R::DocumentLinkRequest::METHOD => {
                parse::<DocumentLinkParams>(req.params).map(|p| self.links(&p.text_document.uri))
            }
            R::Completion::METHOD => parse::<CompletionParams>(req.params)
                .map(|p| self.completion(&p.text_document_position)),
            R::PrepareRenameRequest::METHOD => {
                parse::<TextDocumentPositionParams>(req.params).map(|p| self.prepare_rename(&p))
            }
            R::Rename::METHOD => parse::<RenameParams>(req.params)
                .map(|p| self.rename(&p.text_document_position, &p.new_name)),
            INSTANCES_METHOD => {
                parse::<TextDocumentPositionParams>(req.params).map(|p| self.instances(&p))
            }
            _ => {
                return Response::new_err(
                    id,
                    ErrorCode::MethodNotFound as i32,
                    format!("unsupported request {}", req.method),
                )
            }
        };
        match res {
            Ok(v) => Response::new_ok(id, v),
            Err(e) => Response::new_err(id, ErrorCode::InvalidParams as i32, e),
        }
    }

    /// The analysis that knows `path`: its own, or an includer's.
    fn td_for(&self, path: &Path) -> Option<(&TdAnalysis, FileIdx)> {
        if let Some(a) = self.td.get(path) {
            return Some((a, a.root));
        }
        self.td
            .values()
            .find_map(|a| Some((a, a.files.find(path)?)))
    }

    /// The td analysis, file and identifier at a position.
    fn td_ident(&self, p: &TextDocumentPositionParams) -> Option<(&TdAnalysis, td::Ident)> {
        let path = uri_path(&p.text_document.uri);
        let (a, f) = self.td_for(&path)?;
        let sf = a.files.get(f)?;
        let off = sf.lines().offset(&sf.text, p.position);
        Some((a, a.ident_at(f, off)?))
    }

    /// The `@symbol` at a position in a `.mlir` file.
    fn mlir_symbol(&self, p: &TextDocumentPositionParams) -> Option<(&mlir::Parsed, String)> {
        let path = uri_path(&p.text_document.uri);
        let parsed = self.mlir.get(&path)?.parsed.as_ref()?;
        let off = parsed.lines.offset(&parsed.text, p.position);
        Some((parsed, parsed.symbol_at(off)?.0))
    }

    fn mlir_at(&self, p: &TextDocumentPositionParams) -> Option<(&mlir::Parsed, mlir::Entity)> {
        let path = uri_path(&p.text_document.uri);
        let parsed = self.mlir.get(&path)?.parsed.as_ref()?;
        let off = parsed.lines.offset(&parsed.text, p.position);
        Some((parsed, parsed.entity_at(off)?))
    }

    /// Hover on a field: its provenance. The first such hover re-runs the
    /// analysis with provenance tracking (kept until the next edit).
    fn td_field_hover(&mut self, p: &TextDocumentPositionParams) -> Option<Hover> {
        let path = uri_path(&p.text_document.uri);
        let root = {
            let (a, id) = self.td_ident(p)?;
            a.field_at(id)?;
            if a.model.as_ref().is_some_and(|m| m.explained) || !a.model_current {
                None
            } else {
                Some(self.td_root_of(&path)?)
            }
        };
        if let Some(root) = root {
            let mut sink = Vec::new();
            self.analyze_with(&root, true, &mut sink);
        }
        let root = self.td_root_of(&path)?;
        let (f, off) = {
            let a = self.td.get(&root)?;
            let f = if root == path {
                a.root
            } else {
                a.files.find(&path)?
            };
            let sf = a.files.get(f)?;
            (f, sf.lines().offset(&sf.text, p.position))
        };
        let a = self.td.get_mut(&root)?;
        let id = a.ident_at(f, off)?;
        let text = a.field_hover(id)?;
        let sf = a.files.get(id.file)?;
        Some(Hover {
            contents: markdown(format!("```tablegen\n{text}\n```")),
            range: Some(sf.lines().range(&sf.text, id.start, id.end)),
        })
    }

    /// The root whose analysis answers for `path`.
    fn td_root_of(&self, path: &Path) -> Option<PathBuf> {
        if self.td.contains_key(path) {
            return Some(path.to_path_buf());
        }
        self.includer_of(path).map(Path::to_path_buf)
    }

    fn hover(&mut self, p: &TextDocumentPositionParams) -> Value {
        if lang(&uri_path(&p.text_document.uri)) == Some(Lang::Td) {
            if let Some(h) = self.td_field_hover(p) {
                return to_value(Some(h));
            }
        }
        let h = match lang(&uri_path(&p.text_document.uri)) {
            Some(Lang::Td) => self.td_ident(p).and_then(|(a, id)| {
                let text = a.hover(id)?;
                let sf = a.files.get(id.file)?;
                Some(Hover {
                    contents: markdown(format!("```tablegen\n{text}\n```")),
                    range: Some(sf.lines().range(&sf.text, id.start, id.end)),
                })
            }),
            Some(Lang::Mlir) => self.mlir_at(p).and_then(|(m, e)| {
                let text = m.hover(e, &self.registry, self.settings.triple.as_deref())?;
                Some(Hover {
                    contents: markdown(text),
                    range: None,
                })
            }),
            None => None,
        };
        to_value(h)
    }

    fn definition(&self, p: &TextDocumentPositionParams) -> Value {
        let uri = &p.text_document.uri;
        let locs: Vec<Location> = match lang(&uri_path(uri)) {
            Some(Lang::Td) => self.td_ident(p).map_or_else(Vec::new, |(a, id)| {
                // A field (a `let` of it, a use): where it is declared.
                if let Some(l) = a.field_definition(id) {
                    return model_loc(&l).into_iter().collect();
                }
                a.definitions(id)
                    .iter()
                    .filter_map(|d| td_loc(a, d.file, d.name_span.clone()))
                    .collect()
            }),
            Some(Lang::Mlir) if self.mlir_symbol(p).is_some() => self
                .mlir_symbol(p)
                .and_then(|(m, name)| {
                    let r = m.symbol_definition(&name)?;
                    Some(Location::new(
                        uri.clone(),
                        m.lines.range(&m.text, r.start, r.end),
                    ))
                })
                .into_iter()
                .collect(),
            Some(Lang::Mlir) => self.mlir_at(p).map_or_else(Vec::new, |(m, e)| {
                m.definition(e)
                    .map(|r| Location::new(uri.clone(), m.lines.range(&m.text, r.start, r.end)))
                    .into_iter()
                    .collect()
            }),
            None => Vec::new(),
        };
        if locs.is_empty() {
            Value::Null
        } else {
            to_value(locs)
        }
    }

    fn references(&self, p: &TextDocumentPositionParams, include_decl: bool) -> Value {
        let uri = &p.text_document.uri;
        let locs: Vec<Location> = match lang(&uri_path(uri)) {
            Some(Lang::Td) => self.td_ident(p).map_or_else(Vec::new, |(a, id)| {
                let decls: Vec<(FileIdx, u32)> = a
                    .definitions(id)
                    .iter()
                    .map(|d| (d.file, d.name_span.start))
                    .collect();
                // One URI per file (a common class has thousands of uses).
                let mut uris: FxHashMap<FileIdx, Option<Url>> = FxHashMap::default();
                a.references(id)
                    .into_iter()
                    .filter(|r| include_decl || !decls.contains(&(r.file, r.start)))
                    .filter_map(|r| {
                        let sf = a.files.get(r.file)?;
                        let uri = uris
                            .entry(r.file)
                            .or_insert_with(|| path_uri(&sf.path))
                            .clone()?;
                        Some(Location::new(
                            uri,
                            sf.lines().range(&sf.text, r.start, r.end),
                        ))
                    })
                    .collect()
            }),
            Some(Lang::Mlir) if self.mlir_symbol(p).is_some() => {
                self.mlir_symbol(p).map_or_else(Vec::new, |(m, name)| {
                    let def = m.symbol_definition(&name);
                    m.symbol_references(&name)
                        .into_iter()
                        .filter(|r| include_decl || Some(r) != def.as_ref())
                        .map(|r| Location::new(uri.clone(), m.lines.range(&m.text, r.start, r.end)))
                        .collect()
                })
            }
            Some(Lang::Mlir) => self.mlir_at(p).map_or_else(Vec::new, |(m, e)| {
                let def = m.definition(e);
                m.references(e)
                    .into_iter()
                    .filter(|r| include_decl || Some(r) != def.as_ref())
                    .map(|r| Location::new(uri.clone(), m.lines.range(&m.text, r.start, r.end)))
                    .collect()
            }),
            None => Vec::new(),
        };
        to_value(locs)
    }

    fn prepare_rename(&self, p: &TextDocumentPositionParams) -> Value {
        match lang(&uri_path(&p.text_document.uri)) {
            Some(Lang::Td) => {
                let Some((a, id)) = self.td_ident(p) else {
                    return Value::Null;
                };
                if !a.renamable(id) {
                    return Value::Null;
                }
                let Some(sf) = a.files.get(id.file) else {
                    return Value::Null;
                };
                to_value(sf.lines().range(&sf.text, id.start, id.end))
            }
            Some(Lang::Mlir) => self
                .mlir_at(p)
                .and_then(|(m, e)| {
                    let r = m.rename_span(e)?;
                    Some(to_value(m.lines.range(&m.text, r.start, r.end)))
                })
                .unwrap_or(Value::Null),
            None => Value::Null,
        }
    }

    /// Renames a class, def, defvar, defset, multiclass, defm or template
    /// argument at every use in the include graph; in `.mlir`, a value or
    /// block in its region or a symbol in the file.
    fn rename(&self, p: &TextDocumentPositionParams, new_name: &str) -> Value {
        let mut changes: std::collections::HashMap<Url, Vec<TextEdit>> = Default::default();
        match lang(&uri_path(&p.text_document.uri)) {
            Some(Lang::Td) => {
                let Some((a, id)) = self.td_ident(p) else {
                    return Value::Null;
                };
                if !a.renamable(id) {
                    return Value::Null;
                }
                for r in a.references(id) {
                    let Some(sf) = a.files.get(r.file) else {
                        continue;
                    };
                    let Some(uri) = path_uri(&sf.path) else {
                        continue;
                    };
                    changes.entry(uri).or_default().push(TextEdit {
                        range: sf.lines().range(&sf.text, r.start, r.end),
                        new_text: new_name.to_string(),
                    });
                }
            }
            Some(Lang::Mlir) => {
                let Some((m, e)) = self.mlir_at(p) else {
                    return Value::Null;
                };
                let edits: Vec<TextEdit> = m
                    .rename_spans(e)
                    .into_iter()
                    .map(|(r, prefix)| TextEdit {
                        range: m.lines.range(&m.text, r.start, r.end),
                        new_text: format!("{prefix}{}", new_name.trim_start_matches(prefix)),
                    })
                    .collect();
                if edits.is_empty() {
                    return Value::Null;
                }
                changes.insert(p.text_document.uri.clone(), edits);
            }
            None => return Value::Null,
        }
        to_value(WorkspaceEdit {
            changes: Some(changes),
            ..WorkspaceEdit::default()
        })
    }

    /// `irkit/instances`: the defs deriving from the class at a position
    /// (where each was defined), sorted by name.
    fn instances(&self, p: &TextDocumentPositionParams) -> Value {
        let Some((a, id)) = self.td_ident(p) else {
            return Value::Null;
        };
        let Some(m) = a.model.as_ref() else {
            return Value::Null;
        };
        let locs: Vec<Value> = m
            .instances(a.name(id))
            .into_iter()
            .filter_map(|r| {
                let l = m.rec_loc(r)?;
                Some(json!({ "name": m.name(r), "location": model_loc(&l)? }))
            })
            .collect();
        Value::Array(locs)
    }

    fn symbols(&self, uri: &Url) -> Value {
        let path = uri_path(uri);
        match lang(&path) {
            Some(Lang::Td) => {
                let Some((a, f)) = self.td_for(&path) else {
                    return Value::Null;
                };
                let outline = td_outline(a, f);
                if self.hierarchical_symbols {
                    return to_value(outline);
                }
                let Some(uri) = a.files.get(f).and_then(|sf| path_uri(&sf.path)) else {
                    return Value::Null;
                };
                to_value(flatten(&uri, outline, None))
            }
            Some(Lang::Mlir) => {
                let Some(m) = self.mlir.get(&path).and_then(|a| a.parsed.as_ref()) else {
                    return Value::Null;
                };
                let syms: Vec<DocumentSymbol> = m
                    .symbols()
                    .into_iter()
                    .map(|(name, r)| {
                        let range = m.lines.range(&m.text, r.start, r.end);
                        doc_symbol(name, SymbolKind::FUNCTION, range, range, None)
                    })
                    .collect();
                if self.hierarchical_symbols {
                    to_value(syms)
                } else {
                    to_value(flatten(uri, syms, None))
                }
            }
            None => Value::Null,
        }
    }

    fn links(&self, uri: &Url) -> Value {
        let path = uri_path(uri);
        let Some((a, f)) = self.td_for(&path) else {
            return Value::Null;
        };
        let Some(sf) = a.files.get(f) else {
            return Value::Null;
        };
        let links: Vec<DocumentLink> = a
            .includes
            .iter()
            .filter(|i| i.file == f)
            .filter_map(|i| {
                let target = a.files.get(i.target)?;
                Some(DocumentLink {
                    range: sf.lines().range(&sf.text, i.span.start, i.span.end),
                    target: path_uri(&target.path),
                    tooltip: self
                        .link_tooltips
                        .then(|| target.path.display().to_string()),
                    data: None,
                })
            })
            .collect();
        to_value(links)
    }

    fn completion(&self, p: &TextDocumentPositionParams) -> Value {
        let path = uri_path(&p.text_document.uri);
        let Some(text) = self.docs.get(&path) else {
            return Value::Null;
        };
        let li = crate::pos::LineIndex::new(text);
        let off = li.offset(text, p.position) as usize;
        if lang(&path) == Some(Lang::Mlir) {
            return self.mlir_completion(&path, text, off);
        }
        if lang(&path) != Some(Lang::Td) {
            return Value::Null;
        }
        let before = text.get(..off).unwrap_or("");
        let word_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let prev_words: Vec<&str> = before[..word_start]
            .split_whitespace()
            .rev()
            .take(2)
            .collect();
        let after_let = prev_words.first() == Some(&"let")
            || (matches!(prev_words.first(), Some(&"append" | &"prepend"))
                && prev_words.get(1) == Some(&"let"));
        let items: Vec<CompletionItem> = if after_let {
            // A field name: the enclosing record's fields, else every
            // class's.
            let fields = self
                .td_for(&path)
                .map(|(a, f)| {
                    let Some(m) = a.model.as_ref() else {
                        return Vec::new();
                    };
                    let id = td::Ident {
                        file: f,
                        start: word_start as u32,
                        end: off as u32,
                        name: u32::MAX,
                    };
                    let own = a
                        .enclosing_record(id)
                        .map(|d| m.field_names(&d.name))
                        .unwrap_or_default();
                    let list = if own.is_empty() {
                        m.all_field_names()
                    } else {
                        own
                    };
                    list.into_iter().map(str::to_string).collect::<Vec<_>>()
                })
                .unwrap_or_default();
            fields
                .into_iter()
                .map(|f| CompletionItem {
                    label: f,
                    kind: Some(CompletionItemKind::FIELD),
                    ..CompletionItem::default()
                })
                .collect()
        } else if before[..word_start].ends_with('!') {
            td::BANG_OPERATORS
                .iter()
                .map(|b| CompletionItem {
                    label: (*b).to_string(),
                    kind: Some(CompletionItemKind::OPERATOR),
                    detail: Some(format!("!{b}")),
                    ..CompletionItem::default()
                })
                .collect()
        } else {
            let classes = self
                .td_for(&path)
                .map(|(a, _)| {
                    a.class_names()
                        .into_iter()
                        .map(str::to_string)
                        .collect::<Vec<_>>()
                })
                .unwrap_or_default();
            let mut items: Vec<CompletionItem> = classes
                .into_iter()
                .map(|c| CompletionItem {
                    label: c,
                    kind: Some(CompletionItemKind::CLASS),
                    ..CompletionItem::default()
                })
                .collect();
            items.extend(TD_KEYWORDS.iter().map(|k| CompletionItem {
                label: (*k).to_string(),
                kind: Some(CompletionItemKind::KEYWORD),
                ..CompletionItem::default()
            }));
            items
        };
        to_value(items)
    }
}

impl State {
    /// `.mlir` completion: after `%`, the values defined so far in the
    /// file; after `@`, the symbols; else op names of the loaded dialects.
    fn mlir_completion(&self, path: &Path, text: &str, off: usize) -> Value {
        let before = text.get(..off).unwrap_or("");
        let word_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')))
            .map_or(0, |i| i + 1);
        let sigil = before[..word_start].chars().last();
        let parsed = self.mlir.get(path).and_then(|a| a.parsed.as_ref());
        let items: Vec<CompletionItem> = match sigil {
            Some('%') => parsed
                .map(|m| m.value_names(off as u32))
                .unwrap_or_default()
                .into_iter()
                .map(|(name, detail)| CompletionItem {
                    label: name,
                    kind: Some(CompletionItemKind::VARIABLE),
                    detail: Some(detail),
                    ..CompletionItem::default()
                })
                .collect(),
            Some('@') => parsed
                .map(|m| m.symbols())
                .unwrap_or_default()
                .into_iter()
                .map(|(name, _)| CompletionItem {
                    label: name,
                    kind: Some(CompletionItemKind::FUNCTION),
                    ..CompletionItem::default()
                })
                .collect(),
            _ => self
                .registry
                .ops()
                .iter()
                .map(|d| CompletionItem {
                    label: d.name.to_string(),
                    kind: Some(CompletionItemKind::FUNCTION),
                    detail: (!d.summary.is_empty()).then(|| d.summary.to_string()),
                    ..CompletionItem::default()
                })
                .collect(),
        };
        to_value(items)
    }
}

/// How many includers up a file only included elsewhere looks for its context.
const MAX_CONTEXT_DEPTH: usize = 4;

/// A `.td` file in the same directory as `path` or its parent that includes
/// it (`include "…/NAME"`), to analyse `path` in its context: LLVM's
/// `IntrinsicsX86.td` is only ever included, by `Intrinsics.td`.
fn find_includer_on_disk(path: &Path) -> Option<PathBuf> {
    let name = path.file_name()?.to_str()?;
    let dir = path.parent()?;
    let dirs = [Some(dir), dir.parent()];
    for d in dirs.into_iter().flatten() {
        let Ok(rd) = std::fs::read_dir(d) else {
            continue;
        };
        let mut cands: Vec<PathBuf> = rd
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "td") && p != path)
            .collect();
        cands.sort();
        for c in cands {
            let Ok(text) = std::fs::read_to_string(&c) else {
                continue;
            };
            let suffix = format!("/{name}");
            let includes_it = text.match_indices("include").any(|(i, _)| {
                let rest = text[i + "include".len()..].trim_start();
                let Some(q) = rest.strip_prefix('"') else {
                    return false;
                };
                let inc = q.find('"').map_or("", |end| &q[..end]);
                inc == name || inc.ends_with(&suffix)
            });
            if includes_it {
                return Some(td::normalize(&c));
            }
        }
    }
    None
}

const TD_KEYWORDS: &[&str] = &[
    "assert",
    "bit",
    "bits",
    "class",
    "code",
    "dag",
    "def",
    "defm",
    "defset",
    "defvar",
    "dump",
    "else",
    "false",
    "field",
    "foreach",
    "if",
    "in",
    "include",
    "int",
    "let",
    "list",
    "multiclass",
    "string",
    "then",
    "true",
];

fn parse<T: serde::de::DeserializeOwned>(v: Value) -> Result<T, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

fn to_value<T: serde::Serialize>(v: T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

fn markdown(value: String) -> HoverContents {
    HoverContents::Markup(MarkupContent {
        kind: MarkupKind::Markdown,
        value,
    })
}

/// A custom request: `{textDocument, position}` on a class name answers
/// `[{name, location}]`, every def deriving from it.
pub const INSTANCES_METHOD: &str = "irkit/instances";

fn model_loc(l: &td::ModelLoc) -> Option<Location> {
    let li = crate::pos::LineIndex::new(&l.text);
    Some(Location::new(
        path_uri(&l.path)?,
        li.range(&l.text, l.span.start, l.span.end),
    ))
}

fn td_loc(a: &TdAnalysis, f: FileIdx, r: std::ops::Range<u32>) -> Option<Location> {
    let sf = a.files.get(f)?;
    Some(Location::new(
        path_uri(&sf.path)?,
        sf.lines().range(&sf.text, r.start, r.end),
    ))
}

#[allow(deprecated)]
fn doc_symbol(
    name: String,
    kind: SymbolKind,
    range: Range,
    selection_range: Range,
    children: Option<Vec<DocumentSymbol>>,
) -> DocumentSymbol {
    DocumentSymbol {
        name,
        detail: None,
        kind,
        tags: None,
        deprecated: None,
        range,
        selection_range,
        children,
    }
}

/// The flat form of an outline, for clients without hierarchical symbols.
#[allow(deprecated)]
fn flatten(
    uri: &Url,
    syms: Vec<DocumentSymbol>,
    container: Option<&str>,
) -> Vec<lsp_types::SymbolInformation> {
    let mut res = Vec::new();
    for s in syms {
        res.push(lsp_types::SymbolInformation {
            name: s.name.clone(),
            kind: s.kind,
            tags: None,
            deprecated: None,
            location: Location::new(uri.clone(), s.range),
            container_name: container.map(str::to_string),
        });
        if let Some(kids) = s.children {
            res.extend(flatten(uri, kids, Some(&s.name)));
        }
    }
    res
}

/// The outline of file `f`: its definitions, nested as written.
fn td_outline(a: &TdAnalysis, f: FileIdx) -> Vec<DocumentSymbol> {
    let Some(sf) = a.files.get(f) else {
        return Vec::new();
    };
    let mut children: FxHashMap<Option<usize>, Vec<usize>> = FxHashMap::default();
    for (i, d) in a.defs.iter().enumerate() {
        if d.file == f && d.kind != SymKind::TemplateArg {
            children.entry(d.parent).or_default().push(i);
        }
    }
    fn build(
        a: &TdAnalysis,
        sf: &crate::files::SrcFile,
        children: &FxHashMap<Option<usize>, Vec<usize>>,
        parent: Option<usize>,
    ) -> Vec<DocumentSymbol> {
        let Some(list) = children.get(&parent) else {
            return Vec::new();
        };
        list.iter()
            .filter_map(|&i| {
                let d = a.defs.get(i)?;
                let kids = build(a, sf, children, Some(i));
                let kind = match d.kind {
                    SymKind::Class => SymbolKind::CLASS,
                    SymKind::MultiClass => SymbolKind::MODULE,
                    SymKind::Def | SymKind::Defm => SymbolKind::OBJECT,
                    SymKind::Defset => SymbolKind::ARRAY,
                    SymKind::Defvar => SymbolKind::VARIABLE,
                    SymKind::TemplateArg => SymbolKind::TYPE_PARAMETER,
                };
                let mut s = doc_symbol(
                    d.name.clone(),
                    kind,
                    sf.lines().range(&sf.text, d.full.start, d.full.end),
                    sf.lines()
                        .range(&sf.text, d.name_span.start, d.name_span.end),
                    (!kids.is_empty()).then_some(kids),
                );
                s.detail = Some(d.kind.keyword().to_string());
                Some(s)
            })
            .collect()
    }
    build(a, sf, &children, None)
}

fn lsp_diag(
    li: &crate::pos::LineIndex,
    text: &str,
    span: std::ops::Range<u32>,
    error: bool,
    warning: bool,
    message: &str,
    related: Vec<DiagnosticRelatedInformation>,
) -> lsp_types::Diagnostic {
    let severity = if error {
        DiagnosticSeverity::ERROR
    } else if warning {
        DiagnosticSeverity::WARNING
    } else {
        DiagnosticSeverity::INFORMATION
    };
    lsp_types::Diagnostic {
        range: li.range(text, span.start, span.end),
        severity: Some(severity),
        source: Some("irkit".to_string()),
        message: message.to_string(),
        related_information: (!related.is_empty()).then_some(related),
        ..lsp_types::Diagnostic::default()
    }
}

fn publish(path: &Path, diagnostics: Vec<lsp_types::Diagnostic>) -> Option<Notification> {
    let uri = path_uri(path)?;
    let params = PublishDiagnosticsParams {
        uri,
        diagnostics,
        version: None,
    };
    Some(Notification::new(
        lsp_types::notification::PublishDiagnostics::METHOD.to_string(),
        params,
    ))
}

/// The built-in dialects plus the settings' `--dialect` files, and what
/// went wrong loading them (as messages naming the file and place).
fn load_registry(settings: &Settings) -> (DialectRegistry, Vec<String>) {
    let mut registry = irkit::dialects::builtin_registry();
    let mut errors = Vec::new();
    for path in &settings.dialects {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                errors.push(format!("dialect file {path}: {e}"));
                continue;
            }
        };
        let mut map = irkit_diag::SourceMap::new();
        let file = map.add(path.clone(), text);
        let (user, diags) =
            irkit::dialects::load_dialect_file(&mut map, file, &settings.include_dirs);
        for d in diags.iter().filter(|d| d.is_error()) {
            errors.push(match d.loc {
                Some(l) => format!("dialect file {}: {}", map.position(l), d.message),
                None => format!("dialect file {path}: {}", d.message),
            });
        }
        if let Some(user) = user {
            registry.extend(user);
        }
    }
    (registry, errors)
}
