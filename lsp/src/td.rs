//! TableGen analysis for the server: one lex and parse of a root file and
//! everything it includes ([`irkit_td::run_model`]) gives the diagnostics,
//! a syntax-level index built from the same tokens (definitions,
//! identifier uses, outline, include links) and the record model, which
//! answers hover lazily: a record is printed (as `print-records` prints it)
//! only when asked for, and field provenance (`--explain`) is tracked only
//! in a second run made the first time a field is hovered.
//!
//! Knows nothing of LSP: results are byte spans in [`SrcFile`]s.

use crate::files::{FileIdx, Files};
use irkit_diag::{Diagnostic, SourceMap};
use irkit_td::lexer::{Tok, Token};
use irkit_td::model::{Ctx, FieldKind, RecId};
use rustc_hash::FxHashMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::rc::Rc;
use std::sync::Arc;

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

/// The record model of the last run without errors, with the files its
/// locations point into.
pub struct Model {
    /// Shared with the checkpoint at the end of input ([`crate::td_run`]).
    pub cx: Rc<Ctx>,
    pub map: SourceMap,
    /// Whether field provenance was tracked (`--explain`).
    pub explained: bool,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Model({} records)", self.cx.records.len())
    }
}

/// A place in one of a model's files: path, text, byte span.
pub struct ModelLoc {
    pub path: PathBuf,
    pub text: std::sync::Arc<str>,
    pub span: Range<u32>,
}

impl Model {
    fn lookup(&self, name: &str, classes: bool) -> Option<RecId> {
        let y = self.cx.strs.get(name)?;
        let m = if classes {
            &self.cx.classes
        } else {
            &self.cx.defs
        };
        m.get(&y).copied()
    }

    /// A def or class as `print-records` prints it.
    fn print(&self, r: RecId) -> String {
        let mut out = String::from(if self.cx.rec(r).is_class() {
            "class "
        } else {
            "def "
        });
        irkit_td::printer::write_record(&self.cx, &mut out, r);
        out.truncate(out.trim_end().len());
        out
    }

    pub fn def(&self, name: &str) -> Option<String> {
        self.lookup(name, false).map(|r| self.print(r))
    }

    pub fn class(&self, name: &str) -> Option<String> {
        self.lookup(name, true).map(|r| self.print(r))
    }

    /// Defs whose name starts with `prefix` (a defm's instances, when the
    /// multiclass appends to `NAME`), sorted as print-records sorts them.
    pub fn defs_with_prefix(&self, prefix: &str) -> Vec<RecId> {
        let mut v: Vec<(&str, RecId)> = self
            .cx
            .defs
            .iter()
            .map(|(&y, &r)| (self.cx.strs.str(y), r))
            .filter(|(n, _)| n.starts_with(prefix))
            .collect();
        v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v.into_iter().map(|(_, r)| r).collect()
    }

    /// The defs deriving from class `name` (directly or not), sorted by name.
    pub fn instances(&self, name: &str) -> Vec<RecId> {
        let Some(c) = self.lookup(name, true) else {
            return Vec::new();
        };
        let mut v: Vec<(&str, RecId)> = self
            .cx
            .defs
            .iter()
            .filter(|(_, &r)| self.cx.rec(r).is_subclass_of(c))
            .map(|(&y, &r)| (self.cx.strs.str(y), r))
            .collect();
        v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        v.into_iter().map(|(_, r)| r).collect()
    }

    pub fn name(&self, r: RecId) -> String {
        self.cx.rec_name(r)
    }

    /// Where a record is defined (its first location: the `def` or the
    /// `defm` that made it).
    pub fn rec_loc(&self, r: RecId) -> Option<ModelLoc> {
        self.loc(*self.cx.rec(r).locs.first()?)
    }

    pub fn loc(&self, l: irkit_diag::Loc) -> Option<ModelLoc> {
        let (_, f) = self.map.files().find(|(id, _)| *id == l.file)?;
        Some(ModelLoc {
            path: normalize(Path::new(f.name())),
            text: f.shared_text(),
            span: l.span.start..l.span.end,
        })
    }

    pub fn class_names(&self) -> impl Iterator<Item = &str> {
        self.cx.classes.keys().map(|&y| self.cx.strs.str(y))
    }

    /// The record `name` (a def, else a class) and its field `field`.
    fn field(&self, record: &str, field: &str) -> Option<(RecId, &irkit_td::model::RecordVal)> {
        let r = self
            .lookup(record, false)
            .or_else(|| self.lookup(record, true))?;
        let y = self.cx.strs.get(field)?;
        let v = self
            .cx
            .rec(r)
            .value(y)
            .filter(|v| v.kind != FieldKind::TemplateArg)?;
        Some((r, v))
    }

    /// Every field name of every class, sorted, for completion in `let`.
    pub fn all_field_names(&self) -> Vec<&str> {
        let mut v: Vec<&str> = self
            .cx
            .classes
            .values()
            .flat_map(|&c| self.cx.rec(c).values.iter())
            .filter(|v| v.kind != FieldKind::TemplateArg)
            .map(|v| self.cx.strs.str(v.name))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// The field names of record `name` (a def or class).
    pub fn field_names(&self, name: &str) -> Vec<&str> {
        let Some(r) = self.lookup(name, false).or_else(|| self.lookup(name, true)) else {
            return Vec::new();
        };
        self.cx
            .rec(r)
            .values
            .iter()
            .filter(|v| v.kind != FieldKind::TemplateArg)
            .map(|v| self.cx.strs.str(v.name))
            .collect()
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
    /// The last good model (stale after an edit with errors).
    pub model: Option<Model>,
    /// Whether `model` comes from the current texts.
    pub model_current: bool,
    /// What the next run resumes from ([`crate::td_run`]).
    pub incr: Option<crate::td_run::Incr>,
    /// The token the last run's parse resumed at (None: from the start).
    pub resumed_at: Option<usize>,
    /// The last run kept the results of the statements after the edit.
    pub spliced: bool,
    /// ... and renumbered the anonymous records after the edit.
    pub renumbered: bool,
}

/// What to analyse with.
pub struct TdConfig<'a> {
    pub include_dirs: &'a [String],
    pub builtin_includes: &'a [(&'a str, &'a str)],
}

/// Analyses `path` whose current text is `text`. `previous` gives its
/// model when this run has errors (stale hover beats no hover); `overlay`
/// has the unsaved texts of open files, by normalized path; `explain`
/// tracks field provenance.
pub fn analyze(
    path: &Path,
    text: &str,
    cfg: &TdConfig<'_>,
    previous: &mut Option<TdAnalysis>,
    overlay: &(dyn Fn(&Path) -> Option<std::sync::Arc<str>> + Sync),
    explain: bool,
) -> TdAnalysis {
    let mut res = TdAnalysis::default();
    res.root = res.files.add(path.to_path_buf(), text.into());
    let name = path.to_string_lossy().into_owned();

    let lookup = |p: &str| overlay(&normalize(Path::new(p)));
    let prev_incr = previous.as_mut().and_then(|p| p.incr.take());
    // Of the last analysis only its model (kept if this run has errors)
    // is needed now: its index goes before this run builds its own
    // (peak memory).
    if let Some(p) = previous.as_mut() {
        *p = TdAnalysis {
            model: p.model.take(),
            ..TdAnalysis::default()
        };
    }
    let (map, model, tokens, diags) = if explain {
        // Provenance is tracked in a run from the start; the next edit
        // still resumes from the last checkpoint.
        let mut map = SourceMap::new();
        let file = map.add(name, text.to_string());
        let opts = irkit_td::Options {
            include_dirs: cfg.include_dirs,
            defines: &[],
            builtin_includes: cfg.builtin_includes,
            report_timing: false,
            action: irkit_td::Action::Explain(""),
            leak_model: false,
            warn_unused_template_args: false,
            rules: irkit_td::compat::newest(),
            limits: irkit_td::Limits::DEFAULT,
            early_diags: None,
        };
        let outcome = irkit_td::run_model(&mut map, file, &opts, Some(&lookup));
        res.incr = prev_incr;
        (
            map,
            outcome.model.map(Rc::new),
            Arc::new(outcome.tokens),
            outcome.diags,
        )
    } else {
        let o = crate::td_run::RunOpts {
            lex: irkit_td::lexer::LexConfig {
                include_dirs: cfg.include_dirs,
                defines: &[],
                builtin_includes: cfg.builtin_includes,
                rules: irkit_td::compat::newest(),
            },
            rules: irkit_td::compat::newest(),
            limits: irkit_td::Limits::DEFAULT,
        };
        // The last model is changed in place when the statements after an
        // edit keep their results (a run without errors, then).
        let mut release = || {
            if let Some(p) = previous.as_mut() {
                p.model = None;
            }
        };
        let out = crate::td_run::run(&name, text, &o, Some(&lookup), prev_incr, &mut release);
        res.incr = out.incr;
        res.resumed_at = out.resumed_at;
        res.spliced = out.spliced;
        res.renumbered = out.renumbered;
        (out.map, out.model, out.tokens, out.diags)
    };
    let ids = register_files(&mut res.files, &map);
    res.diags = convert_diags(&res.files, &map, &ids, res.root, &diags);
    index_tokens(&mut res, &ids, &tokens);
    for (id, f) in map.files() {
        let Some(from) = f.included_from() else {
            continue;
        };
        let (Some(&file), Some(&target)) = (ids.get(&from.file), ids.get(&id)) else {
            continue;
        };
        res.includes.push(Include {
            file,
            span: from.span.start..from.span.end,
            target,
        });
    }
    match model {
        Some(cx) => {
            res.model = Some(Model {
                cx,
                map,
                explained: explain,
            });
            res.model_current = true;
        }
        None => res.model = previous.as_mut().and_then(|p| p.model.take()),
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
    // Name index by the token's symbol (equal texts have equal symbols):
    // a dense table, no hashing or key allocation per identifier.
    let mut name_ids: Vec<u32> = Vec::new();
    // Open definitions: (index in res.defs, token index of its end).
    let mut stack: Vec<(usize, usize)> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        let Some(&file) = lids.get(&t.loc.file) else {
            continue;
        };
        if t.kind == Tok::Id {
            let k = t.sym.0 as usize;
            if name_ids.len() <= k {
                name_ids.resize(k + 1, u32::MAX);
            }
            let name = match name_ids[k] {
                u32::MAX => {
                    let text = res.files.text(file);
                    let Some(s) = text.get(t.loc.span.start as usize..t.loc.span.end as usize)
                    else {
                        continue;
                    };
                    let n = res.names.len() as u32;
                    name_ids[k] = n;
                    res.names.push(s.to_string());
                    n
                }
                n => n,
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
    let by_text: FxHashMap<&str, u32> = res
        .names
        .iter()
        .enumerate()
        .map(|(k, s)| (s.as_str(), k as u32))
        .collect();
    for (idx, d) in res.defs.iter().enumerate() {
        if let Some(&n) = by_text.get(d.name.as_str()) {
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
        // Sorted by path, then offset: the paths are compared once per
        // file (comparing `Path`s walks their components, which for
        // thousands of uses cost more than everything else).
        let path = |f: FileIdx| self.files.get(f).map(|x| x.path.as_path());
        let mut files: Vec<FileIdx> = self.idents.keys().copied().collect();
        files.sort_by(|&a, &b| path(a).cmp(&path(b)));
        let rank: FxHashMap<FileIdx, usize> =
            files.into_iter().enumerate().map(|(i, f)| (f, i)).collect();
        res.sort_unstable_by_key(|x| (rank.get(&x.file).copied(), x.start));
        res
    }

    /// The innermost `def` or `class` statement (not in a multiclass,
    /// whose records get other names) around an identifier.
    pub fn enclosing_record(&self, id: Ident) -> Option<&SymDef> {
        self.defs
            .iter()
            .filter(|d| {
                matches!(d.kind, SymKind::Def | SymKind::Class)
                    && d.file == id.file
                    && d.full.start <= id.start
                    && id.end <= d.full.end
                    && d.name_span.start != id.start
            })
            .filter(|d| {
                d.parent
                    .and_then(|p| self.defs.get(p))
                    .is_none_or(|p| p.kind != SymKind::MultiClass)
            })
            .max_by_key(|d| d.full.start)
    }

    /// `(record, field)` when the identifier names a field of the record
    /// around it (`let F = ..`, a declaration, a use in a value).
    pub fn field_at(&self, id: Ident) -> Option<(String, String)> {
        let m = self.model.as_ref()?;
        let rec = self.enclosing_record(id)?;
        let field = self.name(id);
        m.field(&rec.name, field)?;
        Some((rec.name.clone(), field.to_string()))
    }

    /// Where the field under `id` is declared: the class (or record) whose
    /// body declares it; a `let` goes there.
    pub fn field_definition(&self, id: Ident) -> Option<ModelLoc> {
        let (rec, field) = self.field_at(id)?;
        let m = self.model.as_ref()?;
        let (r, v) = m.field(&rec, &field)?;
        // The first superclass (ancestors come first) that has the field
        // declares it; a record's own copy is located at its last `let`.
        let y = v.name;
        let decl =
            m.cx.rec(r)
                .supers
                .iter()
                .find_map(|&(s, _)| m.cx.rec(s).value(y))
                .unwrap_or(v);
        m.loc(decl.loc)
    }

    /// How the field under `id` got its value (`irkit tblgen --explain`),
    /// when the model tracked provenance; else its resolved value.
    pub fn field_hover(&mut self, id: Ident) -> Option<String> {
        let (rec, field) = self.field_at(id)?;
        let m = self.model.as_mut()?;
        if m.explained {
            let mut out = String::new();
            let target = format!("{rec}.{field}");
            if irkit_td::explain::explain(Rc::make_mut(&mut m.cx), &m.map, &target, &mut out)
                .is_ok()
            {
                return Some(out.trim_end().to_string());
            }
        }
        let (_, v) = m.field(&rec, &field)?;
        let mut out = format!("{rec}.{field}: ");
        m.cx.write_ty(&mut out, v.ty);
        out.push_str(" = ");
        m.cx.write_init(&mut out, v.value);
        Some(out)
    }

    /// What hover shows for an identifier: the resolved record (or class)
    /// by that name, or a defm's instances.
    pub fn hover(&self, id: Ident) -> Option<String> {
        let name = self.name(id);
        let m = self.model.as_ref();
        let defs = self.definitions(id);
        if let Some(text) = m.and_then(|r| r.def(name)) {
            return Some(text);
        }
        if let Some(mut text) = m.and_then(|r| r.class(name)) {
            if let Some(m) = m {
                const MAX: usize = 10;
                let inst = m.instances(name);
                if !inst.is_empty() {
                    let names: Vec<String> = inst.iter().take(MAX).map(|&r| m.name(r)).collect();
                    text.push_str(&format!(
                        "\n// {} instance{}: {}{}",
                        inst.len(),
                        if inst.len() == 1 { "" } else { "s" },
                        names.join(", "),
                        if inst.len() > MAX { ", ..." } else { "" }
                    ));
                }
            }
            return Some(text);
        }
        if defs.iter().any(|d| d.kind == SymKind::Defm) {
            if let Some(m) = m {
                const MAX: usize = 20;
                let all = m.defs_with_prefix(name);
                if !all.is_empty() {
                    let mut s: Vec<String> = all.iter().take(MAX).map(|&r| m.print(r)).collect();
                    if all.len() > MAX {
                        s.push("// ... more instances".to_string());
                    }
                    return Some(s.join("\n"));
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

    /// Class names for completion: from the model when there is one, else
    /// from the syntax index.
    pub fn class_names(&self) -> Vec<&str> {
        let mut res: Vec<&str> = match &self.model {
            Some(m) => m.class_names().collect(),
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

    /// Whether a rename of the identifier is allowed: it names a class,
    /// def, defvar, defset, multiclass, defm or template argument defined
    /// in this include graph.
    pub fn renamable(&self, id: Ident) -> bool {
        !self.definitions(id).is_empty()
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
