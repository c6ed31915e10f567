//! The TableGen parser: hand-written recursive descent over the token
//! vector, with LLVM's semantic actions (records are built as they are
//! parsed, like TGParser) and an explicit nesting-depth limit.
//!
//! TableGen parsing is type-directed (the expected type of a value steers
//! how `[]`, `{...}` and `Class<...>` are read) and LLVM-identical error
//! positions need exact control of the token cursor, so this is written by
//! hand rather than with a combinator library.

use crate::explain;
use crate::lexer::{Tok, Token};
use crate::limits;
use crate::model::deps::Table;
use crate::model::{
    ArgKey, Assertion, BinOp, Ctx, Dump, FieldKind, Init, InitId, InitRef, RecId, RecKind, RecTy,
    Record, RecordVal, Sym, TernOp, TyId, UnOp, TY_BIT, TY_DAG, TY_INT, TY_STRING,
};
use crate::resolve::{
    self, check_assert, dump_message, fold_bin, fold_cond, fold_exists, fold_field, fold_foldl,
    fold_isa, fold_tern, fold_un, list_concat, resolve_init, resolve_record, resolve_record_final,
    str_concat, HasReference, MapResolver,
};
use irkit_diag::{Diagnostic, Loc};
use rustc_hash::FxHashMap;

mod entries;
mod ops;
mod records;
mod refs;
pub mod resume;
mod statements;
mod values;

type PResult<T> = Result<T, Diagnostic>;

const MAX_DEPTH: u32 = 512;

#[derive(Clone)]
enum Entry {
    Rec(RecId),
    Loop(Box<ForeachLoop>),
    Assert(Assertion),
    Dump(Dump),
}

#[derive(Clone)]
struct ForeachLoop {
    loc: Loc,
    iter: Option<Sym>,
    list: InitId,
    entries: Vec<Entry>,
}

#[derive(Clone)]
struct MultiClass {
    rec: RecId,
    entries: Vec<Entry>,
}

/// How a `let` combines its value with the field's current value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LetMode {
    Replace,
    /// `let append`: list -> !listconcat, string/code -> !strconcat, dag -> !con.
    Append,
    /// `let prepend`: the new value goes before the current one.
    Prepend,
}

#[derive(Clone)]
struct LetRecord {
    name: Sym,
    bits: Vec<u32>,
    value: InitId,
    loc: Loc,
    mode: LetMode,
    /// Location of the `append`/`prepend` keyword.
    mode_loc: Loc,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum ScopeKind {
    Local,
    Record(RecId),
    Foreach(Option<(Sym, InitId)>),
    MultiClass(RecId),
}

#[derive(Clone)]
struct Scope {
    kind: ScopeKind,
    vars: FxHashMap<Sym, InitId>,
}

struct Defset {
    elt_ty: TyId,
    elems: Vec<InitId>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Value,
    Name,
}

/// Template argument values by name (a handful: kept in place).
type ArgValues = smallvec::SmallVec<[(Sym, InitId); 8]>;
/// The arguments written in `Class<...>`, and where each one is.
type ArgList = smallvec::SmallVec<[(ArgKey, InitId); 8]>;
type ArgLocs = smallvec::SmallVec<[Loc; 8]>;
/// The elements of a list or bits value being parsed.
type ValueList = smallvec::SmallVec<[InitId; 16]>;

struct SubClassRef {
    rec: RecId,
    args: ArgList,
    loc: Loc,
}

pub struct Parser<'a> {
    cx: &'a mut Ctx,
    toks: Vec<Token>,
    pos: usize,
    multiclasses: FxHashMap<Sym, MultiClass>,
    cur_mc: Option<Sym>,
    loops: Vec<ForeachLoop>,
    let_stack: Vec<Vec<LetRecord>>,
    scopes: Vec<Scope>,
    defsets: Vec<Defset>,
    depth: u32,
    /// Nesting went past `MAX_DEPTH`: an error nothing recovers from.
    too_deep: bool,
    /// `QualifyName` cache: (record, name) -> `Rec:name` / `MC::name`.
    qualified: FxHashMap<(RecId, Sym), Sym>,
    /// Set while top-level lets are applied (for `--explain`).
    applying_lets: bool,
    /// Template arguments (qualified names) referred to so far, for the
    /// "unused template argument" warning.
    used_targs: rustc_hash::FxHashSet<Sym>,
    /// `deftype` aliases.
    type_aliases: FxHashMap<Sym, TyId>,
    /// Where the statement being parsed starts: the location of a fatal
    /// error raised outside any record (a limit hit in a `defvar`, a
    /// `foreach` list, a top-level `let` value).
    stmt_loc: Option<Loc>,
}

/// Parses and elaborates the whole token stream into `cx`.
pub fn parse(cx: &mut Ctx, toks: Vec<Token>) -> Result<(), Diagnostic> {
    // Size the model's tables once from the input (0.52 to 0.56 values and
    // 0.105 to 0.11 records per token on LLVM's largest .td files) rather
    // than growing and rehashing them step by step: a vector grown past its
    // reservation is copied whole into fresh pages, while reserved pages
    // nothing writes to are never touched.
    cx.reserve(toks.len() * 5 / 8, toks.len() / 8);
    let mut p = Parser {
        cx,
        toks,
        pos: 0,
        multiclasses: FxHashMap::default(),
        cur_mc: None,
        loops: Vec::new(),
        let_stack: Vec::new(),
        scopes: vec![Scope {
            kind: ScopeKind::Local,
            vars: FxHashMap::default(),
        }],
        defsets: Vec::new(),
        depth: 0,
        too_deep: false,
        qualified: FxHashMap::default(),
        applying_lets: false,
        used_targs: Default::default(),
        type_aliases: FxHashMap::default(),
        stmt_loc: None,
    };
    while p.tok() != Tok::Eof {
        if !p.at_object_start() {
            return p.tok_err("Unexpected token at top level");
        }
        p.parse_object(None)?;
        p.check_fatal()?;
    }
    Ok(())
}

impl Parser<'_> {
    /// Whether the current token starts an object (LLVM's `isObjectStart`).
    fn at_object_start(&self) -> bool {
        matches!(
            self.tok(),
            Tok::Assert
                | Tok::Class
                | Tok::Def
                | Tok::Defm
                | Tok::Defset
                | Tok::Deftype
                | Tok::Defvar
                | Tok::Dump
                | Tok::Foreach
                | Tok::If
                | Tok::Let
                | Tok::MultiClass
        )
    }

    // ---- token helpers ----
    fn cur(&self) -> &Token {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }
    fn tok(&self) -> Tok {
        self.cur().kind
    }
    fn loc(&self) -> Loc {
        self.cur().loc
    }
    fn peek(&self, n: usize) -> Tok {
        self.toks[(self.pos + n).min(self.toks.len() - 1)].kind
    }
    /// After `let`: a context-sensitive `append`/`prepend` modifier is an
    /// identifier spelled so that is followed by another identifier (the
    /// field name). Consumes it and returns the mode and its location.
    fn parse_let_mode(&mut self) -> (LetMode, Loc) {
        let loc = self.loc();
        if self.tok() == Tok::Id && self.peek(1) == Tok::Id {
            let m = match self.s(self.sym()) {
                "append" => LetMode::Append,
                "prepend" => LetMode::Prepend,
                _ => return (LetMode::Replace, loc),
            };
            self.bump();
            return (m, loc);
        }
        (LetMode::Replace, loc)
    }
    fn sym(&self) -> Sym {
        self.cur().sym
    }
    fn bump(&mut self) {
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
    }
    fn consume(&mut self, t: Tok) -> bool {
        if self.tok() == t {
            self.bump();
            true
        } else {
            false
        }
    }
    /// A `;` after a body: an error that does not stop parsing, as LLVM's.
    fn spurious_semi(&mut self, msg: &str) {
        let d = Diagnostic::error(self.loc(), msg)
            .with_note(None, "Semicolon ignored; remove to eliminate this error");
        self.cx.errors.push(d);
        self.bump();
    }
    /// Reports `d` and goes on, where LLVM's parser does; an error that
    /// stops everything (a limit, nesting too deep) still stops.
    fn recover(&mut self, d: Diagnostic) -> PResult<()> {
        if self.cx.fatal.is_some() || self.too_deep {
            return Err(d);
        }
        self.cx.errors.push(d);
        Ok(())
    }
    fn tok_err<T>(&self, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(self.loc(), msg))
    }
    fn err<T>(&self, loc: Loc, msg: impl Into<String>) -> PResult<T> {
        Err(Diagnostic::error(loc, msg))
    }
    fn check_fatal(&mut self) -> PResult<()> {
        if let Some(mut d) = self.cx.fatal.take() {
            if d.loc.is_none() {
                d.loc = self.stmt_loc;
            }
            return Err(d);
        }
        Ok(())
    }
    /// Gives a fatal error raised without a location (no record to point
    /// at) the location `at`.
    fn locate_fatal(&mut self, at: Loc) {
        if let Some(d) = self.cx.fatal.as_mut() {
            if d.loc.is_none() {
                d.loc = Some(at);
            }
        }
    }
    fn s(&self, y: Sym) -> &str {
        self.cx.strs.str(y)
    }
    fn intern(&mut self, s: &str) -> Sym {
        self.cx.strs.intern(s)
    }
    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.too_deep = true;
            return self.tok_err("nesting too deep (limit 512)");
        }
        Ok(())
    }
    fn leave(&mut self) {
        self.depth -= 1;
    }

    // ---- scopes ----
    fn push_scope(&mut self, kind: ScopeKind) {
        self.scopes.push(Scope {
            kind,
            vars: FxHashMap::default(),
        });
    }
    fn pop_scope(&mut self) {
        self.scopes.pop();
    }
    fn is_outermost(&self) -> bool {
        self.scopes.len() == 1
    }
    fn var_already_defined(&self, name: Sym) -> bool {
        self.scopes
            .last()
            .is_some_and(|s| s.vars.contains_key(&name))
    }

    /// `QualifyName`: `Rec:name` for classes, `MC::name` for multiclasses.
    fn qualify(&mut self, rec: RecId, name: Sym) -> Sym {
        if let Some(&q) = self.qualified.get(&(rec, name)) {
            return q;
        }
        let sep = if self.cx.rec(rec).kind == RecKind::MultiClass {
            "::"
        } else {
            ":"
        };
        // (one buffer, no formatting machinery: met once per class and name)
        let (rn, n) = (self.cx.rec_name_cow(rec), self.s(name));
        let mut s = String::with_capacity(rn.len() + sep.len() + n.len());
        s.push_str(&rn);
        s.push_str(sep);
        s.push_str(n);
        let q = self.intern(&s);
        self.qualified.insert((rec, name), q);
        q
    }

    fn find_in_args(&mut self, rec: RecId, name: Sym) -> Option<InitId> {
        let q = self.qualify(rec, name);
        if self.cx.rec(rec).is_template_arg(q) {
            let t = self.cx.rec(rec).value(q).map(|v| v.ty)?;
            self.used_targs.insert(q);
            return Some(self.cx.mk(Init::Var(q, t)));
        }
        if name == self.cx.sym_name {
            return Some(self.cx.mk(Init::Var(q, TY_STRING)));
        }
        None
    }

    /// TGVarScope::getVar over the scope chain.
    fn scope_var(&mut self, name: Sym) -> Option<InitId> {
        for k in (0..self.scopes.len()).rev() {
            if let Some(&v) = self.scopes[k].vars.get(&name) {
                return Some(v);
            }
            match self.scopes[k].kind {
                ScopeKind::Local => {}
                ScopeKind::Record(r) => {
                    if let Some(t) = self.cx.rec(r).value(name).map(|v| v.ty) {
                        return Some(self.cx.mk(Init::Var(name, t)));
                    }
                    if self.cx.rec(r).is_class() {
                        if let Some(v) = self.find_in_args(r, name) {
                            return Some(v);
                        }
                    }
                }
                ScopeKind::Foreach(it) => {
                    if let Some((n, v)) = it {
                        if n == name {
                            return Some(v);
                        }
                    }
                }
                ScopeKind::MultiClass(r) => {
                    if let Some(v) = self.find_in_args(r, name) {
                        return Some(v);
                    }
                }
            }
        }
        None
    }

    fn get_global(&mut self, name: Sym) -> Option<InitId> {
        self.cx.note_read(name);
        if let Some(&d) = self.cx.defs.get(&name) {
            return Some(self.cx.def_init(d));
        }
        self.cx.globals.get(&name).copied()
    }
}

/// Levenshtein distance (for "did you mean" suggestions on short names).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.chars().enumerate() {
        cur[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}
