//! TableGen analysis for the server: diagnostics for a file and everything
//! it includes, a syntax-level index (definitions, identifier uses,
//! outline, include links) built from td's lexer over the include graph,
//! and the resolved records (`print-records` output, indexed by name).
//!
//! Knows nothing of LSP: results are byte spans in [`SrcFile`]s.

use crate::files::{FileIdx, Files};
use irkit_diag::{Diagnostic, SourceMap};
use irkit_td::lexer::{self, Tok, Token};
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// A problem at a place, with related places (the diagnostic's notes and
/// labels, or the included file an error sits in).
#[derive(Clone, Debug)]
pub struct Diag {
    pub file: FileIdx,
    pub span: Range<u32>,
    pub error: bool,
    pub warning: bool,
    pub message: String,
    pub related: Vec<(FileIdx, Range<u32>, String)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SymKind {
    Class,
    Def,
    Defm,
    MultiClass,
    Defset,
    Defvar,
    /// A class's or multiclass's template argument (its parent).
    TemplateArg,
}

impl SymKind {
    pub fn keyword(self) -> &'static str {
        match self {
            SymKind::Class => "class",
            SymKind::Def => "def",
            SymKind::Defm => "defm",
            SymKind::MultiClass => "multiclass",
            SymKind::Defset => "defset",
            SymKind::Defvar => "defvar",
            SymKind::TemplateArg => "template argument",
        }
    }
}

/// One definition: its name's span and the whole statement's span.
#[derive(Clone, Debug)]
pub struct SymDef {
    pub name: String,
    pub kind: SymKind,
    pub file: FileIdx,
    pub name_span: Range<u32>,
    pub full: Range<u32>,
    /// The enclosing definition (a `def` inside a `multiclass`).
    pub parent: Option<usize>,
}

/// `include "x"` at `span` in `file`, naming the file `target`.
#[derive(Clone, Debug)]
pub struct Include {
    pub file: FileIdx,
    pub span: Range<u32>,
    pub target: FileIdx,
}

/// An identifier at a place; `name` indexes [`TdAnalysis::names`].
#[derive(Clone, Copy, Debug)]
pub struct Ident {
    pub file: FileIdx,
    pub start: u32,
    pub end: u32,
    pub name: u32,
}

/// The resolved records of the last run without errors.
#[derive(Debug, Default)]
pub struct Records {
    text: String,
    classes: FxHashMap<String, Range<usize>>,
    defs: FxHashMap<String, Range<usize>>,
    /// Def names in output order, for "instances of a defm".
    def_order: Vec<String>,
}

impl Records {
    /// Indexes `print-records` output by record name.
    pub fn from_output(text: String) -> Records {
        let mut classes = FxHashMap::default();
        let mut defs = FxHashMap::default();
        let mut def_order = Vec::new();
        let mut at = 0usize;
        let mut open: Option<(bool, String, usize)> = None;
        for line in text.split_inclusive('\n') {
            let start = at;
            at += line.len();
            let l = line.trim_end_matches(['\n', '\r']);
            if let Some((is_class, name, s)) = &open {
                if l == "}" {
                    let r = *s..at;
                    if *is_class {
                        classes.insert(name.clone(), r);
                    } else {
                        def_order.push(name.clone());
                        defs.insert(name.clone(), r);
                    }
                    open = None;
                }
                continue;
            }
            if let Some(rest) = l.strip_prefix("class ") {
                let end = rest.find(['<', ' ']).unwrap_or(rest.len());
                open = Some((true, rest[..end].to_string(), start));
            } else if let Some(rest) = l.strip_prefix("def ") {
                let end = rest.rfind(" {").unwrap_or(rest.len());
                open = Some((false, rest[..end].to_string(), start));
            }
        }
        Records {
            text,
            classes,
            defs,
            def_order,
        }
    }

    pub fn def(&self, name: &str) -> Option<&str> {
        let r = self.defs.get(name)?;
        self.text.get(r.clone()).map(|s| s.trim_end())
    }

    pub fn class(&self, name: &str) -> Option<&str> {
        let r = self.classes.get(name)?;
        self.text.get(r.clone()).map(|s| s.trim_end())
    }

    /// Defs whose name starts with `prefix` (a defm's instances, when the
    /// multiclass appends to `NAME`), in output order.
    pub fn defs_with_prefix<'a>(&'a self, prefix: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.def_order
            .iter()
            .filter(move |n| n.starts_with(prefix))
            .filter_map(|n| self.def(n))
    }

    pub fn class_names(&self) -> impl Iterator<Item = &str> {
        self.classes.keys().map(String::as_str)
    }
}

/// Everything the server knows about one root `.td` file.
#[derive(Debug, Default)]
pub struct TdAnalysis {
    pub files: Files,
    pub root: FileIdx,
    pub diags: Vec<Diag>,
    pub defs: Vec<SymDef>,
    pub names: Vec<String>,
    pub defs_by_name: FxHashMap<u32, Vec<usize>>,
    /// Identifier occurrences per file, sorted by offset.
    pub idents: FxHashMap<FileIdx, Vec<Ident>>,
    pub includes: Vec<Include>,
    pub records: Option<Records>,
}

/// What to analyse with.
pub struct TdConfig<'a> {
    pub include_dirs: &'a [String],
    pub builtin_includes: &'a [(&'a str, &'a str)],
}

/// Analyses `path` whose current text is `text`. `previous` gives its
/// records when this run has errors (stale hover beats no hover).
pub fn analyze(
    path: &Path,
    text: &str,
    cfg: &TdConfig<'_>,
    previous: Option<TdAnalysis>,
) -> TdAnalysis {
    let mut res = TdAnalysis::default();
    res.root = res.files.add(path.to_path_buf(), text.into());
    let name = path.to_string_lossy().into_owned();

    // Diagnostics and records: one real run.
    let mut map = SourceMap::new();
    let file = map.add(name.clone(), text.to_string());
    let opts = irkit_td::Options {
        include_dirs: cfg.include_dirs,
        defines: &[],
        builtin_includes: cfg.builtin_includes,
        report_timing: false,
        action: irkit_td::Action::PrintRecords,
        leak_model: false,
        warn_unused_template_args: false,
        rules: irkit_td::compat::newest(),
        limits: irkit_td::Limits::DEFAULT,
        early_diags: None,
    };
    let outcome = irkit_td::run(&mut map, file, &opts);
    let ids = register_files(&mut res.files, &map);
    res.diags = convert_diags(&res.files, &map, &ids, res.root, &outcome.diags);
    res.records = match outcome.output {
        Some(out) => Some(Records::from_output(out)),
        None => previous.and_then(|p| p.records),
    };

    // The syntax index: td's lexer over the same include graph.
    let mut lmap = SourceMap::new();
    let lfile = lmap.add(name, text.to_string());
    let mut strs = irkit_td::model::Interner::new();
    let lcfg = lexer::LexConfig {
        include_dirs: cfg.include_dirs,
        defines: &[],
        builtin_includes: cfg.builtin_includes,
        rules: irkit_td::compat::newest(),
    };
    if let Ok(toks) = lexer::lex(&mut lmap, &mut strs, lfile, &lcfg) {
        let lids = register_files(&mut res.files, &lmap);
        index_tokens(&mut res, &lids, &toks);
        for (id, f) in lmap.files() {
            let Some(from) = f.included_from() else {
                continue;
            };
            let (Some(&file), Some(&target)) = (lids.get(&from.file), lids.get(&id)) else {
                continue;
            };
            res.includes.push(Include {
                file,
                span: from.span.start..from.span.end,
                target,
            });
        }
    }
    res
}

/// Adds every file of `map` to `files` (one entry per path) and returns
/// the map's ids to ours.
fn register_files(files: &mut Files, map: &SourceMap) -> FxHashMap<irkit_diag::FileId, FileIdx> {
    let mut ids = FxHashMap::default();
    for (id, f) in map.files() {
        let idx = files.add(normalize(Path::new(f.name())), f.shared_text());
        ids.insert(id, idx);
    }
    ids
}

/// An absolute path without `.` or `..` components (symlinks are kept:
/// the editor knows files by the names it opened).
pub fn normalize(p: &Path) -> PathBuf {
    let abs = if p.is_absolute() {
        p.to_path_buf()
    } else {
        std::env::current_dir().unwrap_or_default().join(p)
    };
    let mut out = PathBuf::new();
    for c in abs.components() {
        match c {
            std::path::Component::CurDir => {}
            std::path::Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    out
}

/// The span of the word starting at `start` (LLVM's TableGen points at a
/// character; an editor underlines more readably a whole identifier).
fn widen(text: &str, start: u32, end: u32) -> Range<u32> {
    let b = text.as_bytes();
    let mut e = start as usize;
    while e < b.len() && (b[e].is_ascii_alphanumeric() || b[e] == b'_') {
        e += 1;
    }
    let e = (e as u32).max(end).min(b.len() as u32);
    start.min(e)..e
}

fn convert_diags(
    files: &Files,
    map: &SourceMap,
    ids: &FxHashMap<irkit_diag::FileId, FileIdx>,
    root: FileIdx,
    diags: &[Diagnostic],
) -> Vec<Diag> {
    let mut res = Vec::new();
    for d in diags {
        let (file, span) = match d.loc.and_then(|l| Some((*ids.get(&l.file)?, l))) {
            Some((f, l)) => (f, widen(files.text(f), l.span.start, l.span.end)),
            None => (root, 0..0),
        };
        let mut related: Vec<(FileIdx, Range<u32>, String)> = Vec::new();
        for n in &d.notes {
            if let Some(l) = n.loc {
                if let Some(&f) = ids.get(&l.file) {
                    related.push((
                        f,
                        widen(files.text(f), l.span.start, l.span.end),
                        n.message.clone(),
                    ));
                }
            }
        }
        for lab in &d.labels {
            if let Some(&f) = ids.get(&lab.loc.file) {
                related.push((f, lab.loc.span.start..lab.loc.span.end, lab.message.clone()));
            }
        }
        let error = d.is_error();
        let warning = d.severity == irkit_diag::Severity::Warning;
        let message = d.message.clone();
        // An error inside an included file also shows at the `include`
        // line of the root file, pointing to where it is.
        if file != root {
            if let Some(loc) = d.loc {
                let mut from = map.file(loc.file).included_from();
                while let Some(f) = from {
                    if ids.get(&f.file) == Some(&root) {
                        let mut rel = vec![(file, span.clone(), message.clone())];
                        rel.extend(related.iter().cloned());
                        res.push(Diag {
                            file: root,
                            span: f.span.start..f.span.end,
                            error,
                            warning,
                            message: format!("in included file: {message}"),
                            related: rel,
                        });
                        break;
                    }
                    from = map.file(f.file).included_from();
                }
            }
        }
        res.push(Diag {
            file,
            span,
            error,
            warning,
            message,
            related,
        });
    }
    res
}

/// Fills the definitions, identifiers and outline from the token stream.
fn index_tokens(
    res: &mut TdAnalysis,
    lids: &FxHashMap<irkit_diag::FileId, FileIdx>,
    toks: &[Token],
) {
    let mut name_ids: FxHashMap<String, u32> = FxHashMap::default();
    // Open definitions: (index in res.defs, token index of its end).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let Some(&file) = lids.get(&t.loc.file) else {
            continue;
        };
        if t.kind == Tok::Id {
            let text = res.files.text(file);
            let Some(s) = text.get(t.loc.span.start as usize..t.loc.span.end as usize) else {
                continue;
            };
            // Most identifiers repeat: look up before allocating a key.
            let name = match name_ids.get(s) {
                Some(&n) => n,
                None => {
                    let n = name_ids.len() as u32;
                    name_ids.insert(s.to_string(), n);
                    res.names.push(s.to_string());
                    n
                }
            };
            res.idents.entry(file).or_default().push(Ident {
                file,
                start: t.loc.span.start,
                end: t.loc.span.end,
                name,
            });
            continue;
        }
        let kind = match t.kind {
            Tok::Class => SymKind::Class,
            Tok::Def => SymKind::Def,
            Tok::Defm => SymKind::Defm,
            Tok::MultiClass => SymKind::MultiClass,
            Tok::Defset => SymKind::Defset,
            Tok::Defvar => SymKind::Defvar,
            _ => continue,
        };
        // The name: the next identifier, or for defset the one before `=`.
        let name_at = if kind == SymKind::Defset {
            toks[i + 1..]
                .iter()
                .position(|x| x.kind == Tok::Equal || x.kind == Tok::Semi)
                .and_then(|k| (k > 0).then(|| i + k))
        } else {
            Some(i + 1)
        };
        let Some(nt) = name_at
            .and_then(|k| toks.get(k))
            .filter(|x| x.kind == Tok::Id)
        else {
            continue;
        };
        if lids.get(&nt.loc.file) != Some(&file) {
            continue;
        }
        let end_tok = statement_end(toks, i);
        let end = toks
            .get(end_tok)
            .filter(|e| lids.get(&e.loc.file) == Some(&file))
            .map_or(nt.loc.span.end, |e| e.loc.span.end);
        while stack.last().is_some_and(|&(_, e)| e < i) {
            stack.pop();
        }
        let text = res.files.text(file);
        let name = text
            .get(nt.loc.span.start as usize..nt.loc.span.end as usize)
            .unwrap_or_default()
            .to_string();
        let idx = res.defs.len();
        res.defs.push(SymDef {
            name,
            kind,
            file,
            name_span: nt.loc.span.start..nt.loc.span.end,
            full: t.loc.span.start..end,
            parent: stack.last().map(|&(d, _)| d),
        });
        stack.push((idx, end_tok));
        if matches!(kind, SymKind::Class | SymKind::MultiClass) {
            template_args(res, lids, toks, i + 2, idx);
        }
    }
    for (idx, d) in res.defs.iter().enumerate() {
        if let Some(&n) = name_ids.get(&d.name) {
            res.defs_by_name.entry(n).or_default().push(idx);
        }
    }
}

/// Records the template arguments of the class at `owner` whose `<` may
/// be token `lt`: at the list's top level, a name not in a default value
/// and followed by `,`, `>` or `=`.
fn template_args(
    res: &mut TdAnalysis,
    lids: &FxHashMap<irkit_diag::FileId, FileIdx>,
    toks: &[Token],
    lt: usize,
    owner: usize,
) {
    if toks.get(lt).map(|t| t.kind) != Some(Tok::Less) {
        return;
    }
    let mut depth = 1i32;
    let mut in_default = false;
    for (k, t) in toks.iter().enumerate().skip(lt + 1) {
        match t.kind {
            Tok::Less | Tok::LParen | Tok::LSquare | Tok::LBrace => depth += 1,
            Tok::RParen | Tok::RSquare | Tok::RBrace => depth -= 1,
            Tok::Greater => {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
            Tok::Equal if depth == 1 => in_default = true,
            Tok::Comma if depth == 1 => in_default = false,
            Tok::Id if depth == 1 && !in_default => {
                let next = toks.get(k + 1).map(|n| n.kind);
                if !matches!(next, Some(Tok::Comma | Tok::Greater | Tok::Equal)) {
                    continue;
                }
                let Some(&file) = lids.get(&t.loc.file) else {
                    continue;
                };
                let span = t.loc.span.start..t.loc.span.end;
                let name = res
                    .files
                    .text(file)
                    .get(span.start as usize..span.end as usize)
                    .unwrap_or_default()
                    .to_string();
                res.defs.push(SymDef {
                    name,
                    kind: SymKind::TemplateArg,
                    file,
                    name_span: span.clone(),
                    full: span,
                    parent: Some(owner),
                });
            }
            Tok::Semi | Tok::Eof => return,
            _ => {}
        }
    }
}

/// The token ending the statement that starts at `start`: the first `;`
/// outside brackets, or the `}` closing its body.
fn statement_end(toks: &[Token], start: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in toks.iter().enumerate().skip(start + 1) {
        match t.kind {
            Tok::LBrace | Tok::LSquare | Tok::LParen | Tok::Less => depth += 1,
            Tok::RSquare | Tok::RParen | Tok::Greater => depth -= 1,
            Tok::RBrace => {
                depth -= 1;
                if depth <= 0 {
                    return k;
                }
            }
            Tok::Semi if depth <= 0 => return k,
            Tok::Eof => return k,
            _ => {}
        }
    }
    toks.len().saturating_sub(1)
}

impl TdAnalysis {
    /// The identifier at `offset` in `file` (an offset just past its end
    /// counts, as editors put the cursor there).
    pub fn ident_at(&self, file: FileIdx, offset: u32) -> Option<Ident> {
        let ids = self.idents.get(&file)?;
        let k = ids.partition_point(|x| x.end < offset);
        ids.get(k).copied().filter(|x| x.start <= offset)
    }

    pub fn name(&self, id: Ident) -> &str {
        self.names.get(id.name as usize).map_or("", String::as_str)
    }

    /// The definitions an identifier may mean: for a `defvar`, the nearest
    /// earlier one in the same file; otherwise every definition by that name.
    pub fn definitions(&self, id: Ident) -> Vec<&SymDef> {
        let all: Vec<&SymDef> = self
            .defs_by_name
            .get(&id.name)
            .map(|v| v.iter().filter_map(|&i| self.defs.get(i)).collect())
            .unwrap_or_default();
        // A template argument, inside the class that declares it.
        if let Some(arg) = all
            .iter()
            .find(|d| d.kind == SymKind::TemplateArg && self.in_owner(d, id))
        {
            return vec![*arg];
        }
        let all: Vec<&SymDef> = all
            .into_iter()
            .filter(|d| d.kind != SymKind::TemplateArg)
            .collect();
        let local = all
            .iter()
            .filter(|d| {
                d.kind == SymKind::Defvar && d.file == id.file && d.name_span.start <= id.start
            })
            .max_by_key(|d| d.name_span.start);
        if let Some(d) = local {
            return vec![*d];
        }
        all.into_iter()
            .filter(|d| {
                d.kind != SymKind::Defvar || d.file != id.file || d.name_span.start <= id.start
            })
            .collect()
    }

    /// Whether `id` lies in the statement of the class owning argument `d`.
    fn in_owner(&self, d: &SymDef, id: Ident) -> bool {
        d.parent
            .and_then(|p| self.defs.get(p))
            .is_some_and(|o| o.file == id.file && o.full.start <= id.start && id.end <= o.full.end)
    }

    /// Every occurrence of the identifier's name in the include graph (for
    /// a template argument, in its class).
    pub fn references(&self, id: Ident) -> Vec<Ident> {
        let defs = self.definitions(id);
        let owner = match defs.as_slice() {
            [d] if d.kind == SymKind::TemplateArg => d.parent.and_then(|p| self.defs.get(p)),
            _ => None,
        };
        let mut res: Vec<Ident> = self
            .idents
            .values()
            .flat_map(|v| v.iter().filter(|x| x.name == id.name).copied())
            .filter(|x| {
                owner.is_none_or(|o| {
                    o.file == x.file && o.full.start <= x.start && x.end <= o.full.end
                })
            })
            .collect();
        let path = |f: FileIdx| self.files.get(f).map(|x| x.path.as_path());
        res.sort_by(|a, b| (path(a.file), a.start).cmp(&(path(b.file), b.start)));
        res
    }

    /// What hover shows for an identifier: the resolved record (or class)
    /// by that name, or a defm's instances.
    pub fn hover(&self, id: Ident) -> Option<String> {
        let name = self.name(id);
        let recs = self.records.as_ref();
        let defs = self.definitions(id);
        if let Some(text) = recs.and_then(|r| r.def(name)) {
            return Some(text.to_string());
        }
        if let Some(text) = recs.and_then(|r| r.class(name)) {
            return Some(text.to_string());
        }
        if defs.iter().any(|d| d.kind == SymKind::Defm) {
            if let Some(r) = recs {
                const MAX: usize = 20;
                let all: Vec<&str> = r.defs_with_prefix(name).take(MAX + 1).collect();
                if !all.is_empty() {
                    let mut s = all[..all.len().min(MAX)].join("\n");
                    if all.len() > MAX {
                        s.push_str("\n// ... more instances");
                    }
                    return Some(s);
                }
            }
        }
        // A defvar, defset or multiclass: its statement as written.
        let d = defs.first().filter(|d| d.kind != SymKind::TemplateArg)?;
        let text = self.files.text(d.file);
        let s = text.get(d.full.start as usize..d.full.end as usize)?;
        const MAX_LINES: usize = 30;
        Some(s.lines().take(MAX_LINES).collect::<Vec<_>>().join("\n"))
    }

    /// Class names for completion: from the records when there are any,
    /// else from the syntax index.
    pub fn class_names(&self) -> Vec<&str> {
        let mut res: Vec<&str> = match &self.records {
            Some(r) => r.class_names().collect(),
            None => Vec::new(),
        };
        res.extend(
            self.defs
                .iter()
                .filter(|d| d.kind == SymKind::Class)
                .map(|d| d.name.as_str()),
        );
        res.sort_unstable();
        res.dedup();
        res
    }
}

/// TableGen's bang operators (LLVM 22's list).
pub const BANG_OPERATORS: &[&str] = &[
    "add",
    "and",
    "cast",
    "con",
    "cond",
    "dag",
    "div",
    "empty",
    "eq",
    "exists",
    "filter",
    "find",
    "foldl",
    "foreach",
    "ge",
    "getdagarg",
    "getdagname",
    "getdagop",
    "getop",
    "gt",
    "head",
    "if",
    "initialized",
    "instances",
    "interleave",
    "isa",
    "le",
    "listconcat",
    "listflatten",
    "listremove",
    "listsplat",
    "logtwo",
    "lt",
    "match",
    "mul",
    "ne",
    "not",
    "or",
    "range",
    "repr",
    "setdagarg",
    "setdagname",
    "setdagop",
    "setop",
    "shl",
    "size",
    "sra",
    "srl",
    "strconcat",
    "sub",
    "subst",
    "substr",
    "tail",
    "tolower",
    "toupper",
    "xor",
];
