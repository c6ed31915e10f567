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
    PublishDiagnosticsParams, Range, ReferenceParams, SymbolKind, TextDocumentPositionParams, Url,
};
use rustc_hash::FxHashMap;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// Serves over stdin/stdout until the client says `exit`.
pub fn run_stdio(settings: Settings) -> Result<(), String> {
    let (conn, io) = Connection::stdio();
    run_server(&conn, settings)?;
    drop(conn);
    io.join().map_err(|e| e.to_string())
}

/// Serves over `conn` (stdio, or `Connection::memory()` in tests).
pub fn run_server(conn: &Connection, settings: Settings) -> Result<(), String> {
    let (id, params) = conn.initialize_start().map_err(|e| e.to_string())?;
    let init: InitializeParams = serde_json::from_value(params).unwrap_or_default();
    let mut st = State::new(settings, &init);
    let result = json!({
        "capabilities": capabilities(),
        "serverInfo": { "name": "irkit", "version": env!("CARGO_PKG_VERSION") },
    });
    conn.initialize_finish(id, result)
        .map_err(|e| e.to_string())?;
    for msg in &conn.receiver {
        match msg {
            Message::Request(req) => {
                if conn.handle_shutdown(&req).map_err(|e| e.to_string())? {
                    return Ok(());
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

fn capabilities() -> Value {
    json!({
        "textDocumentSync": { "openClose": true, "change": 1, "save": { "includeText": false } },
        "hoverProvider": true,
        "definitionProvider": true,
        "referencesProvider": true,
        "documentSymbolProvider": true,
        "documentLinkProvider": { "resolveProvider": false },
        "completionProvider": { "triggerCharacters": ["!"] },
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
    docs: FxHashMap<PathBuf, String>,
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
                    self.docs.insert(path.clone(), p.text_document.text);
                    // A file another open file includes is analysed in that
                    // file's context.
                    if lang(&path) == Some(Lang::Td) && self.includer_of(&path).is_some() {
                        return out;
                    }
                    self.analyze(&path, &mut out);
                }
            }
            N::DidChangeTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidChangeTextDocumentParams>(n.params) {
                    let path = uri_path(&p.text_document.uri);
                    // Full sync: the last change is the whole text.
                    if let Some(c) = p.content_changes.into_iter().last() {
                        self.docs.insert(path.clone(), c.text);
                    }
                    if lang(&path) == Some(Lang::Mlir) || self.td.contains_key(&path) {
                        self.analyze(&path, &mut out);
                    }
                }
            }
            N::DidSaveTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidSaveTextDocumentParams>(n.params) {
                    // The lexer reads included files from disk: a saved
                    // include changes its includers.
                    let path = uri_path(&p.text_document.uri);
                    let roots: Vec<PathBuf> = self
                        .td
                        .iter()
                        .filter(|(r, a)| **r != path && a.files.find(&path).is_some())
                        .map(|(r, _)| r.clone())
                        .collect();
                    for r in roots {
                        self.analyze(&r, &mut out);
                    }
                }
            }
            N::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<DidCloseTextDocumentParams>(n.params) {
                    let path = uri_path(&p.text_document.uri);
                    self.docs.remove(&path);
                    self.td.remove(&path);
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
    fn includer_of(&self, path: &Path) -> Option<&TdAnalysis> {
        self.td
            .iter()
            .find(|(r, a)| r.as_path() != path && a.files.find(path).is_some())
            .map(|(_, a)| a)
    }

    fn analyze(&mut self, path: &Path, out: &mut Vec<Notification>) {
        let Some(text) = self.docs.get(path) else {
            return;
        };
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
                let prev = self.td.remove(path);
                let a = td::analyze(path, text, &cfg, prev);
                out.extend(self.publish_td(path, &a));
                self.td.insert(path.to_path_buf(), a);
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
                            sf.lines.range(&sf.text, r.start, r.end),
                        ),
                        message: m.clone(),
                    })
                })
                .collect();
            by_file.entry(d.file).or_default().push(lsp_diag(
                &f.lines,
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
        // The root always gets a list (an empty one clears old errors).
        by_file.entry(a.root).or_default();
        for (f, diags) in by_file {
            let Some(sf) = a.files.get(f) else { continue };
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
        let off = sf.lines.offset(&sf.text, p.position);
        Some((a, a.ident_at(f, off)?))
    }

    fn mlir_at(&self, p: &TextDocumentPositionParams) -> Option<(&mlir::Parsed, mlir::Entity)> {
        let path = uri_path(&p.text_document.uri);
        let parsed = self.mlir.get(&path)?.parsed.as_ref()?;
        let off = parsed.lines.offset(&parsed.text, p.position);
        Some((parsed, parsed.entity_at(off)?))
    }

    fn hover(&self, p: &TextDocumentPositionParams) -> Value {
        let h = match lang(&uri_path(&p.text_document.uri)) {
            Some(Lang::Td) => self.td_ident(p).and_then(|(a, id)| {
                let text = a.hover(id)?;
                let sf = a.files.get(id.file)?;
                Some(Hover {
                    contents: markdown(format!("```tablegen\n{text}\n```")),
                    range: Some(sf.lines.range(&sf.text, id.start, id.end)),
                })
            }),
            Some(Lang::Mlir) => self.mlir_at(p).and_then(|(m, e)| {
                let text = m.hover(e, &self.registry)?;
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
                a.definitions(id)
                    .iter()
                    .filter_map(|d| td_loc(a, d.file, d.name_span.clone()))
                    .collect()
            }),
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
                a.references(id)
                    .into_iter()
                    .filter(|r| include_decl || !decls.contains(&(r.file, r.start)))
                    .filter_map(|r| td_loc(a, r.file, r.start..r.end))
                    .collect()
            }),
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
                    range: sf.lines.range(&sf.text, i.span.start, i.span.end),
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
        if lang(&path) != Some(Lang::Td) {
            return Value::Null;
        }
        let Some(text) = self.docs.get(&path) else {
            return Value::Null;
        };
        let li = crate::pos::LineIndex::new(text);
        let off = li.offset(text, p.position) as usize;
        let before = text.get(..off).unwrap_or("");
        let word_start = before
            .rfind(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        let items: Vec<CompletionItem> = if before[..word_start].ends_with('!') {
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

fn td_loc(a: &TdAnalysis, f: FileIdx, r: std::ops::Range<u32>) -> Option<Location> {
    let sf = a.files.get(f)?;
    Some(Location::new(
        path_uri(&sf.path)?,
        sf.lines.range(&sf.text, r.start, r.end),
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
                    sf.lines.range(&sf.text, d.full.start, d.full.end),
                    sf.lines.range(&sf.text, d.name_span.start, d.name_span.end),
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
