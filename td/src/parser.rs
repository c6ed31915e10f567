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
use crate::model::{
    ArgKey, Assertion, BinOp, Ctx, Dump, FieldKind, Init, InitId, RecId, RecKind, RecTy, Record,
    RecordVal, Sym, TernOp, TyId, UnOp, TY_BIT, TY_DAG, TY_INT, TY_STRING,
};
use crate::resolve::{
    self, check_assert, dump_message, fold_bin, fold_cond, fold_exists, fold_field, fold_foldl,
    fold_isa, fold_tern, fold_un, list_concat, resolve_init, resolve_record, resolve_record_final,
    str_concat, HasReference, MapResolver,
};
use irkit_diag::{Diagnostic, Loc};
use rustc_hash::FxHashMap;

pub mod resume;

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

struct SubClassRef {
    rec: RecId,
    args: Vec<(ArgKey, InitId)>,
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
    // Size the model's tables once from the input (about one value per two
    // tokens and one record per ten on LLVM's and MLIR's .td files) rather
    // than growing and rehashing them step by step.
    cx.reserve(toks.len() / 2, toks.len() / 10);
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
        let s = format!("{}{}{}", self.cx.rec_name(rec), sep, self.s(name));
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
        if let Some(&d) = self.cx.defs.get(&name) {
            return Some(self.cx.def_init(d));
        }
        self.cx.globals.get(&name).copied()
    }

    // ---- objects ----
    fn parse_object(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.stmt_loc = Some(self.loc());
        match self.tok() {
            Tok::Assert => self.parse_assert(None),
            Tok::Def => self.parse_def(mc),
            Tok::Defm => self.parse_defm(mc),
            Tok::Defvar => self.parse_defvar(None),
            Tok::Deftype => self.parse_deftype(),
            Tok::Dump => self.parse_dump(None),
            Tok::Foreach => self.parse_foreach(mc),
            Tok::If => self.parse_if(mc),
            Tok::Let => self.parse_top_level_let(mc),
            Tok::Defset => {
                if mc.is_some() {
                    return self.tok_err("defset is not allowed inside multiclass");
                }
                self.parse_defset()
            }
            Tok::Class => {
                if mc.is_some() {
                    return self.tok_err("class is not allowed inside multiclass");
                }
                if !self.loops.is_empty() {
                    return self.tok_err("class is not allowed inside foreach loop");
                }
                self.parse_class()
            }
            Tok::MultiClass => {
                if !self.loops.is_empty() {
                    return self.tok_err("multiclass is not allowed inside foreach loop");
                }
                self.parse_multiclass()
            }
            _ => {
                self.tok_err("Expected assert, class, def, defm, defset, dump, foreach, if, or let")
            }
        }
    }

    fn parse_object_list(&mut self, mc: Option<Sym>) -> PResult<()> {
        if self.tok() == Tok::RBrace || self.tok() == Tok::Eof {
            // LLVM's ParseObjectList requires at least one object.
            return self
                .tok_err("Expected assert, class, def, defm, defset, dump, foreach, if, or let");
        }
        while self.tok() != Tok::RBrace && self.tok() != Tok::Eof {
            self.parse_object(mc)?;
            self.check_fatal()?;
        }
        Ok(())
    }

    fn add_entry(&mut self, e: Entry) -> PResult<()> {
        if let Some(l) = self.loops.last_mut() {
            l.entries.push(e);
            return Ok(());
        }
        if let Entry::Loop(l) = e {
            let mut substs = Vec::new();
            let fin = self.cur_mc.is_none();
            if let Some(mc) = self.cur_mc {
                let mut dest = Vec::new();
                self.resolve_loop(&l, &mut substs, false, Some(&mut dest), None)?;
                if let Some(m) = self.multiclasses.get_mut(&mc) {
                    m.entries.extend(dest);
                }
                return Ok(());
            }
            return self.resolve_loop(&l, &mut substs, fin, None, None);
        }
        if let Some(mc) = self.cur_mc {
            if let Some(m) = self.multiclasses.get_mut(&mc) {
                m.entries.push(e);
            }
            return Ok(());
        }
        match e {
            Entry::Assert(a) => {
                check_assert(self.cx, a.loc, a.cond, a.msg);
                Ok(())
            }
            Entry::Dump(d) => {
                dump_message(self.cx, d.loc, d.msg);
                Ok(())
            }
            Entry::Rec(r) => self.add_def_one(r),
            Entry::Loop(_) => Ok(()),
        }
    }

    fn resolve_loop(
        &mut self,
        l: &ForeachLoop,
        substs: &mut Vec<(Sym, InitId)>,
        fin: bool,
        dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        let mut r = MapResolver::new(None);
        for &(n, v) in substs.iter() {
            r.set(n, v);
        }
        let mut list = resolve_init(self.cx, l.list, &mut r);
        self.check_fatal()?;
        // An `if` is a loop over `!if(cond, [1], [])`: at the end of its
        // scope the condition must resolve (finally: `!exists` of a record
        // never defined is false), while the arms wait for their records.
        if let (true, Init::Tern(TernOp::If, c, a, b, t)) = (fin, self.cx.init(list).clone()) {
            r.final_ = true;
            let nc = resolve_init(self.cx, c, &mut r);
            self.check_fatal()?;
            if nc == c {
                let msg = format!(
                    "unable to resolve if condition '{}' at end of containing scope",
                    self.cx.init_str(c)
                );
                return self.err(l.loc, msg);
            }
            let u = self.cx.mk(Init::Tern(TernOp::If, nc, a, b, t));
            list = fold_tern(self.cx, u, None);
        }
        let elems = match self.cx.init(list) {
            Init::List(e, _) => Some(e.clone()),
            _ => None,
        };
        let Some(elems) = elems else {
            if !fin {
                if let Some(dest) = dest {
                    let mut nl = ForeachLoop {
                        loc: l.loc,
                        iter: l.iter,
                        list,
                        entries: Vec::new(),
                    };
                    self.resolve_entries(&l.entries, substs, fin, Some(&mut nl.entries), loc)?;
                    dest.push(Entry::Loop(Box::new(nl)));
                    return Ok(());
                }
            }
            let msg = format!(
                "attempting to loop over '{}', expected a list",
                self.cx.init_str(list)
            );
            return self.err(l.loc, msg);
        };
        let mut dest = dest;
        for &e in elems.iter() {
            self.cx.loop_iterations += 1;
            if self.cx.loop_iterations > self.cx.limits.loop_iterations {
                let msg = limits::exceeded(
                    "foreach iterations",
                    self.cx.loop_iterations,
                    self.cx.limits.loop_iterations,
                    "--max-loop-iterations",
                );
                return self.err(l.loc, msg);
            }
            if let Some(it) = l.iter {
                substs.push((it, e));
            }
            // LLVM does not pass the defm location into loop iterations.
            let res = self.resolve_entries(&l.entries, substs, fin, dest.as_deref_mut(), None);
            if l.iter.is_some() {
                substs.pop();
            }
            res?;
        }
        Ok(())
    }

    fn resolve_entries(
        &mut self,
        src: &[Entry],
        substs: &mut Vec<(Sym, InitId)>,
        fin: bool,
        mut dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        for e in src {
            match e {
                Entry::Loop(l) => self.resolve_loop(l, substs, fin, dest.as_deref_mut(), None)?,
                Entry::Assert(a) => {
                    let mut r = MapResolver::new(None);
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    let c = resolve_init(self.cx, a.cond, &mut r);
                    let m = resolve_init(self.cx, a.msg, &mut r);
                    let na = Assertion {
                        loc: a.loc,
                        cond: c,
                        msg: m,
                    };
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Assert(na)),
                        None => {
                            check_assert(self.cx, na.loc, na.cond, na.msg);
                        }
                    }
                }
                Entry::Dump(dm) => {
                    let mut r = MapResolver::new(None);
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    let m = resolve_init(self.cx, dm.msg, &mut r);
                    let nd = Dump {
                        loc: dm.loc,
                        msg: m,
                    };
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Dump(nd)),
                        None => dump_message(self.cx, nd.loc, nd.msg),
                    }
                }
                Entry::Rec(rid) => {
                    let mut rec = self.cx.rec(*rid).clone();
                    if let Some(l) = loc {
                        rec.locs.push(l);
                    }
                    let nr = self.cx.add_record(rec);
                    let mut r = MapResolver::new(Some(nr));
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    resolve_record(self.cx, nr, &mut r, None);
                    self.check_fatal()?;
                    explain::on_instantiate(self.cx, *rid, nr, &r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Rec(nr)),
                        None => self.add_def_one(nr)?,
                    }
                }
            }
            self.check_fatal()?;
        }
        Ok(())
    }

    fn add_def_one(&mut self, r: RecId) -> PResult<()> {
        let mut new_name = None;
        if let Some(y) = self.cx.rec_name_sym(r) {
            if let Some(&prev) = self.cx.defs.get(&y) {
                if !self.cx.rec(r).is_anonymous() {
                    let loc = self.cx.rec(r).locs[0];
                    let ploc = self.cx.rec(prev).locs.first().copied();
                    let d = Diagnostic::error(loc, format!("def already exists: {}", self.s(y)))
                        .with_note(ploc, "location of previous definition");
                    return Err(d);
                }
                new_name = Some(self.cx.new_anon_name());
            }
        }
        resolve_record_final(self.cx, r, new_name);
        self.check_fatal()?;
        self.check_concrete(r);
        let name = self.cx.rec(r).name;
        if !matches!(self.cx.init(name), Init::Str(..)) {
            let loc = self.cx.rec(r).locs[0];
            // LLVM's Record::checkName: a typed name must be a string.
            let msg = if self.cx.type_of(name).is_some_and(|t| t != TY_STRING) {
                format!("Record name '{}' is not a string!", self.cx.init_str(name))
            } else {
                format!(
                    "record name '{}' could not be fully resolved",
                    self.cx.init_str(name)
                )
            };
            return self.err(loc, msg);
        }
        resolve::check_assertions(self.cx, r);
        resolve::emit_dumps(self.cx, r);
        let di = self.cx.def_init(r);
        let rt = self.cx.record_type(r);
        for k in 0..self.defsets.len() {
            let et = self.defsets[k].elt_ty;
            if !self.cx.ty_is_a(rt, et) {
                let loc = self.cx.rec(r).locs[0];
                let msg = format!(
                    "adding record of incompatible type '{}' to defset",
                    self.cx.ty_str(rt)
                );
                return self.err(loc, msg);
            }
            self.defsets[k].elems.push(di);
        }
        if let Some(y) = self.cx.rec_name_sym(r) {
            self.cx.defs.insert(y, r);
        }
        Ok(())
    }

    fn check_concrete(&mut self, r: RecId) {
        let n = self.cx.rec(r).values.len();
        for k in 0..n {
            let v = self.cx.rec(r).values[k].clone();
            if v.kind == FieldKind::NonconcreteOk {
                continue;
            }
            // LLVM's checkBitsConcrete: a bit may also stay a reference to
            // a field of the record (an instruction encoding's operand).
            let ok = match self.cx.init(v.value) {
                Init::Bits(bits) => bits.iter().all(|&b| {
                    self.cx.is_concrete(b)
                        || match *self.cx.init(b) {
                            Init::Var(..) => true,
                            Init::VarBit(var, _) => match *self.cx.init(var) {
                                Init::Var(y, _) => self.cx.rec(r).value(y).is_some(),
                                _ => false,
                            },
                            _ => false,
                        }
                }),
                _ => self.cx.is_concrete(v.value),
            };
            if !ok {
                let loc = self.cx.rec(r).locs[0];
                let msg = format!(
                    "Initializer of '{}' in '{}' could not be fully resolved: {}",
                    self.s(v.name),
                    self.cx.rec_name(r),
                    self.cx.init_str(v.value)
                );
                self.cx.error(Some(loc), msg);
            }
        }
    }

    // ---- class ----
    /// `deftype Name = Type;`
    fn parse_deftype(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        if self.type_aliases.contains_key(&name) || self.cx.classes.contains_key(&name) {
            return self.tok_err(format!(
                "type of this name '{}' already exists",
                self.s(name)
            ));
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        let ty_loc = self.loc();
        let ty = self.parse_type()?;
        if matches!(self.cx.ty_data(ty), RecTy::Record(_)) {
            let msg = format!(
                "cannot define type alias for class type '{}'",
                self.cx.ty_str(ty)
            );
            return self.err(ty_loc, msg);
        }
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    fn parse_class(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected class name after 'class' keyword");
        }
        let name = self.sym();
        if self.type_aliases.contains_key(&name) {
            return self.tok_err(format!(
                "there is already a defined type alias '{}'",
                self.s(name)
            ));
        }
        let loc = self.loc();
        let rec = if let Some(&r) = self.cx.classes.get(&name) {
            let rr = self.cx.rec(r);
            if !rr.values.is_empty() || !rr.supers.is_empty() || !rr.targs.is_empty() {
                return self.tok_err(format!("Class '{}' already defined", self.s(name)));
            }
            self.cx.rec_mut(r).locs = vec![loc];
            r
        } else {
            let n = self.cx.str_sym(name);
            let r = self.cx.add_record(Record {
                name: n,
                locs: vec![loc],
                targs: Vec::new(),
                values: Vec::new(),
                asserts: Vec::new(),
                dumps: Vec::new(),
                supers: Vec::new(),
                kind: RecKind::Class,
            });
            self.cx.classes.insert(name, r);
            r
        };
        self.bump();
        self.push_scope(ScopeKind::Record(rec));
        if self.tok() == Tok::Less {
            self.parse_template_arg_list(Some(rec))?;
        }
        self.parse_object_body(rec)?;
        self.pop_scope();
        self.warn_unused_template_args(rec);
        Ok(())
    }

    /// llvm-tblgen's "unused template argument" warning (off with
    /// `--no-warn-on-unused-template-args`).
    fn warn_unused_template_args(&mut self, rec: RecId) {
        if !self.cx.warn_unused_template_args {
            return;
        }
        let r = self.cx.rec(rec);
        let unused: Vec<(Sym, Loc)> = r
            .targs
            .iter()
            .filter(|ta| !self.used_targs.contains(ta))
            .filter_map(|&ta| r.value(ta).map(|v| (ta, v.loc)))
            .collect();
        for (ta, loc) in unused {
            let msg = format!("unused template argument: {}", self.s(ta));
            self.cx.messages.push(irkit_diag::Diagnostic::new(
                irkit_diag::Severity::Warning,
                Some(loc),
                msg,
            ));
        }
    }

    fn parse_template_arg_list(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump(); // '<'
        let owner = match rec {
            Some(r) => r,
            None => {
                let Some(mc) = self.cur_mc else {
                    return self.tok_err("invalid template argument list");
                };
                self.multiclasses[&mc].rec
            }
        };
        let t = self.parse_declaration(owner, true)?;
        self.cx.rec_mut(owner).targs.push(t);
        while self.consume(Tok::Comma) {
            let t = self.parse_declaration(owner, true)?;
            self.cx.rec_mut(owner).targs.push(t);
        }
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected '>' at end of template argument list");
        }
        Ok(())
    }

    /// `[field] Type name [= value]`; returns the (qualified) name.
    fn parse_declaration(&mut self, rec: RecId, targ: bool) -> PResult<Sym> {
        let has_field = self.consume(Tok::Field);
        let ty = self.parse_type()?;
        if self.tok() != Tok::Id {
            return self.tok_err("Expected identifier in declaration");
        }
        let name = self.sym();
        if name == self.cx.sym_name {
            return self.tok_err("'NAME' is a reserved variable name");
        }
        if !targ && self.var_already_defined(name) {
            return self.tok_err("local variable of this name already exists");
        }
        let id_loc = self.loc();
        self.bump();
        let decl = if targ { self.qualify(rec, name) } else { name };
        let kind = if targ {
            FieldKind::TemplateArg
        } else if has_field {
            FieldKind::NonconcreteOk
        } else {
            FieldKind::Normal
        };
        let init = match *self.cx.ty_data(ty) {
            RecTy::Bits(n) => {
                let u = self.cx.unset;
                self.cx
                    .mk(Init::Bits(vec![u; n as usize].into_boxed_slice()))
            }
            _ => self.cx.unset,
        };
        self.add_value(
            rec,
            id_loc,
            RecordVal {
                name: decl,
                ty,
                value: init,
                kind,
                loc: id_loc,
                no_value: false,
            },
        )?;
        if self.consume(Tok::Equal) {
            let vloc = self.loc();
            // As LLVM's ParseDeclaration: a bad initializer is reported and
            // the field stays declared without it, so that parsing goes on
            // (the caller still wants the `;`).
            let set = match self.parse_value(Some(rec), Some(ty), Mode::Value) {
                Ok(v) => {
                    // A declaration's initializer leaves the field where it
                    // was declared first (an inherited field stays at its
                    // class).
                    let at = self.cx.rec(rec).value(decl).map_or(id_loc, |f| f.loc);
                    let set = self.set_value(rec, vloc, decl, &[], v, false);
                    if let Some(f) = self.cx.rec_mut(rec).value_mut(decl) {
                        f.loc = at;
                    }
                    set
                }
                Err(d) => Err(d),
            };
            if let Err(d) = set {
                self.recover(d)?;
            }
        }
        explain::on_declare(self.cx, rec, decl, id_loc);
        Ok(decl)
    }

    fn add_value(&mut self, rec: RecId, loc: Loc, rv: RecordVal) -> PResult<()> {
        if let Some(k) = self
            .cx
            .rec(rec)
            .values
            .iter()
            .position(|v| v.name == rv.name)
        {
            if !resolve::set_field_value(self.cx, rec, k, rv.value) {
                let et = self.cx.rec(rec).values[k].ty;
                let msg = format!(
                    "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                    self.s(rv.name),
                    self.cx.ty_str(rv.ty),
                    self.cx.ty_str(et)
                );
                return self.err(loc, msg);
            }
        } else {
            self.cx.rec_mut(rec).values.push(rv);
        }
        Ok(())
    }

    fn set_value(
        &mut self,
        rec: RecId,
        loc: Loc,
        name: Sym,
        bits: &[u32],
        v: InitId,
        allow_self: bool,
    ) -> PResult<()> {
        self.set_value_mode(rec, loc, name, bits, v, allow_self, LetMode::Replace, loc)
    }

    /// `SetValue` with `let append` / `let prepend` (issue 4): the new value
    /// is concatenated with the field's current value; `?` is replaced.
    #[allow(clippy::too_many_arguments)]
    fn set_value_mode(
        &mut self,
        rec: RecId,
        loc: Loc,
        name: Sym,
        bits: &[u32],
        v: InitId,
        allow_self: bool,
        mode: LetMode,
        mode_loc: Loc,
    ) -> PResult<()> {
        let Some(idx) = self.cx.rec(rec).values.iter().position(|x| x.name == name) else {
            if mode != LetMode::Replace {
                return Err(self.unknown_let_field(rec, name, loc));
            }
            return self.err(loc, format!("Value '{}' unknown!", self.s(name)));
        };
        let mut v = v;
        if mode != LetMode::Replace {
            v = self.combine(rec, idx, v, bits, mode, mode_loc)?;
        }
        if bits.is_empty() {
            if let Init::Var(n, _) = self.cx.init(v) {
                if *n == name && !allow_self {
                    return self.err(loc, "Recursion / self-assignment forbidden");
                }
            }
        }
        if !bits.is_empty() {
            let cur = self.cx.rec(rec).values[idx].value;
            let Init::Bits(cb) = self.cx.init(cur).clone() else {
                return self.err(loc, format!("Value '{}' is not a bits type", self.s(name)));
            };
            let bt = self.cx.bits_ty(bits.len() as u32);
            let Some(bi) = self.cx.cast_to(v, bt) else {
                return self.err(loc, "Initializer is not compatible with bit range");
            };
            let mut nb: Vec<Option<InitId>> = vec![None; cb.len()];
            for (i, &b) in bits.iter().enumerate() {
                let Some(slot) = nb.get_mut(b as usize) else {
                    return self.err(loc, "Initializer is not compatible with bit range");
                };
                if slot.is_some() {
                    return self.err(
                        loc,
                        format!(
                            "Cannot set bit #{} of value '{}' more than once",
                            b,
                            self.s(name)
                        ),
                    );
                }
                *slot = Some(self.cx.get_bit(bi, i as u32));
            }
            let out: Vec<InitId> = nb
                .iter()
                .enumerate()
                .map(|(i, x)| x.unwrap_or(cb[i]))
                .collect();
            v = self.cx.mk(Init::Bits(out.into_boxed_slice()));
        }
        if !resolve::set_field_value(self.cx, rec, idx, v) {
            let ft = self.cx.rec(rec).values[idx].ty;
            let (init_type, close) = match self.cx.init(v) {
                Init::Bits(b) => (
                    format!("' of type bit initializer with length {}", b.len()),
                    if self.cx.rules.msg_bits_length_quote {
                        "'"
                    } else {
                        ""
                    },
                ),
                _ => match self.cx.type_of(v) {
                    Some(t) => (format!("' of type '{}", self.cx.ty_str(t)), "'"),
                    None => (String::new(), "'"),
                },
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}{}{close}",
                self.s(name),
                self.cx.ty_str(ft),
                self.cx.init_str(v),
                init_type
            );
            return self.err(loc, msg);
        }
        // The field is now located at this `let` (--print-detailed-records).
        self.cx.rec_mut(rec).values[idx].loc = loc;
        Ok(())
    }

    fn combine(
        &mut self,
        rec: RecId,
        idx: usize,
        v: InitId,
        bits: &[u32],
        mode: LetMode,
        mode_loc: Loc,
    ) -> PResult<InitId> {
        let field = self.cx.rec(rec).values[idx].clone();
        if !bits.is_empty() {
            return self.err(mode_loc, "Cannot use append/prepend with bit range");
        }
        let verb = if mode == LetMode::Append {
            "append"
        } else {
            "prepend"
        };
        let op = match self.cx.ty_data(field.ty) {
            RecTy::List(_) => BinOp::ListConcat,
            RecTy::String => BinOp::StrConcat,
            RecTy::Dag => BinOp::Concat,
            _ => {
                let d = Diagnostic::error(
                    mode_loc,
                    format!(
                        "Cannot {verb} to field '{}' of type '{}' (expected list, string, code, or dag)",
                        self.s(field.name),
                        self.cx.ty_str(field.ty)
                    ),
                )
                .with_note(Some(field.loc), format!("field '{}' declared here", self.s(field.name)));
                return Err(d);
            }
        };
        // The appended value must have the field's type.
        let Some(cv) = self.cx.cast_to(v, field.ty) else {
            let vt = match self.cx.type_of(v) {
                Some(t) => format!(" of type '{}'", self.cx.ty_str(t)),
                None => String::new(),
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}'{}",
                self.s(field.name),
                self.cx.ty_str(field.ty),
                self.cx.init_str(v),
                vt
            );
            return self.err(mode_loc, msg);
        };
        let cur = field.value;
        if self.cx.is_unset(cur) {
            return Ok(cv);
        }
        if op == BinOp::Concat {
            self.check_dag_operators(&field, cur, cv, verb, mode_loc)?;
        }
        let (a, b) = if mode == LetMode::Append {
            (cur, cv)
        } else {
            (cv, cur)
        };
        let u = self.cx.mk(Init::Bin(op, a, b, field.ty));
        let r = fold_bin(self.cx, u, Some(rec));
        self.check_fatal()?;
        Ok(r)
    }

    /// `let append`/`prepend` on a dag field: both dags must have the same
    /// operator (what `!con` requires), said in the user's terms at the
    /// `let`, with a note where the field's current value comes from.
    fn check_dag_operators(
        &mut self,
        field: &RecordVal,
        cur: InitId,
        new: InitId,
        verb: &str,
        mode_loc: Loc,
    ) -> PResult<()> {
        let (Init::Dag(lop, ..), Init::Dag(rop, ..)) = (self.cx.init(cur), self.cx.init(new))
        else {
            return Ok(());
        };
        let (lop, rop) = (*lop, *rop);
        let (Init::Def(_), Init::Def(_)) = (self.cx.init(lop), self.cx.init(rop)) else {
            return Ok(());
        };
        if lop == rop {
            return Ok(());
        }
        let name = self.s(field.name).to_string();
        let d = Diagnostic::error(
            mode_loc,
            format!(
                "cannot {verb} '{}' to dag field '{name}': its operator '{}' differs from the field's '{}' (the operators of accumulated dags must match)",
                self.cx.init_str(new),
                self.cx.init_str(rop),
                self.cx.init_str(lop),
            ),
        )
        .with_note(
            Some(field.loc),
            format!("field '{name}' is declared here; its value is '{}'", self.cx.init_str(cur)),
        );
        Err(d)
    }

    fn parse_object_body(&mut self, rec: RecId) -> PResult<()> {
        self.push_scope(ScopeKind::Record(rec));
        if self.consume(Tok::Colon) {
            loop {
                let sc = self.parse_subclass_ref(Some(rec), false)?;
                self.add_subclass(rec, &sc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        self.apply_let_stack(rec)?;
        self.parse_body(rec)?;
        self.pop_scope();
        Ok(())
    }

    fn apply_let_stack(&mut self, rec: RecId) -> PResult<()> {
        if self.let_stack.is_empty() {
            return Ok(());
        }
        let stack = std::mem::take(&mut self.let_stack);
        self.applying_lets = true;
        let mut res = Ok(());
        'outer: for lets in &stack {
            for l in lets {
                res = self.set_value_mode(
                    rec, l.loc, l.name, &l.bits, l.value, false, l.mode, l.mode_loc,
                );
                if res.is_err() {
                    break 'outer;
                }
                let at = if l.mode == LetMode::Replace {
                    l.loc
                } else {
                    l.mode_loc
                };
                explain::on_let(self.cx, rec, l.name, at, l.mode, &l.bits, l.value, true);
            }
        }
        self.let_stack = stack;
        self.applying_lets = false;
        res
    }

    fn apply_let_stack_entry(&mut self, e: &Entry) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.apply_let_stack(*r),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.apply_let_stack_entry(e)?;
                }
                Ok(())
            }
        }
    }

    fn parse_body(&mut self, rec: RecId) -> PResult<()> {
        if self.consume(Tok::Semi) {
            return Ok(());
        }
        if !self.consume(Tok::LBrace) {
            return self.tok_err("Expected '{' to start body or ';' for declaration only");
        }
        while self.tok() != Tok::RBrace {
            if self.tok() == Tok::Eof {
                return self.tok_err("expected '}' at end of body");
            }
            self.parse_body_item(rec)?;
            self.check_fatal()?;
        }
        self.bump();
        if self.tok() == Tok::Semi {
            self.spurious_semi("A class or def body should not end with a semicolon");
        }
        Ok(())
    }

    fn parse_body_item(&mut self, rec: RecId) -> PResult<()> {
        match self.tok() {
            Tok::Assert => return self.parse_assert(Some(rec)),
            Tok::Defvar => return self.parse_defvar(Some(rec)),
            Tok::Dump => return self.parse_dump(Some(rec)),
            Tok::Let => {}
            _ => {
                self.parse_declaration(rec, false)?;
                if !self.consume(Tok::Semi) {
                    return self.tok_err("expected ';' after declaration");
                }
                return Ok(());
            }
        }
        self.bump(); // let
        let (mode, mode_loc) = self.parse_let_mode();
        if self.tok() != Tok::Id {
            return self.tok_err("expected field identifier after let");
        }
        let id_loc = self.loc();
        let name = self.sym();
        self.bump();
        let mut bits = self.parse_optional_bit_list()?;
        bits.reverse();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '=' in let expression");
        }
        let Some(mut ty) = self.cx.rec(rec).value(name).map(|v| v.ty) else {
            if mode != LetMode::Replace {
                return Err(self.unknown_let_field(rec, name, id_loc));
            }
            let at = if self.cx.rules.unknown_let_at_name {
                id_loc
            } else {
                self.loc()
            };
            return self.err(at, format!("Value '{}' unknown!", self.s(name)));
        };
        if mode != LetMode::Replace && !bits.is_empty() {
            return self.err(mode_loc, "Cannot use append/prepend with bit range");
        }
        if !bits.is_empty() && matches!(self.cx.ty_data(ty), RecTy::Bits(_)) {
            ty = self.cx.bits_ty(bits.len() as u32);
        }
        let v = self.parse_value(Some(rec), Some(ty), Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';' after let expression");
        }
        self.set_value_mode(rec, id_loc, name, &bits, v, false, mode, mode_loc)?;
        let at = if mode == LetMode::Replace {
            id_loc
        } else {
            mode_loc
        };
        explain::on_let(self.cx, rec, name, at, mode, &bits, v, false);
        Ok(())
    }

    /// `let append NAME` / `let prepend NAME` of a field the record does not
    /// have: upstream's message, at the name the user wrote (not at the
    /// value), with a field of a similar spelling suggested in a note.
    fn unknown_let_field(&self, rec: RecId, name: Sym, at: Loc) -> Diagnostic {
        let wrong = self.s(name);
        let best = self
            .cx
            .rec(rec)
            .values
            .iter()
            .filter(|v| !self.s(v.name).contains(':'))
            .map(|v| (edit_distance(wrong, self.s(v.name)), v))
            .filter(|&(d, _)| d <= 2)
            .min_by_key(|&(d, _)| d);
        let d = Diagnostic::error(at, format!("Value '{wrong}' unknown!"));
        match best {
            Some((_, v)) => d.with_note(
                Some(v.loc),
                format!("did you mean '{}'? It is declared here", self.s(v.name)),
            ),
            None => d,
        }
    }

    fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        if self.tok() != Tok::LBrace {
            return Ok(Vec::new());
        }
        let start = self.loc();
        self.bump();
        let r = self.parse_range_list()?;
        if !self.consume(Tok::RBrace) {
            self.tok_err::<()>("expected '}' at end of bit list")?;
            return self.err(start, "to match this '{'");
        }
        Ok(r)
    }

    fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        if self.tok() != Tok::Less {
            return Ok(Vec::new());
        }
        self.bump();
        let r = self.parse_range_list()?;
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected '>' at end of range list");
        }
        Ok(r)
    }

    fn parse_range_list(&mut self) -> PResult<Vec<u32>> {
        let mut out = Vec::new();
        self.parse_range_piece(&mut out, None)?;
        while self.consume(Tok::Comma) {
            self.parse_range_piece(&mut out, None)?;
        }
        Ok(out)
    }

    fn parse_range_piece(&mut self, out: &mut Vec<u32>, first: Option<InitId>) -> PResult<()> {
        let v = match first {
            Some(v) => v,
            None => self.parse_value(None, None, Mode::Value)?,
        };
        let Init::Int(start) = *self.cx.init(v) else {
            return self.tok_err("expected integer or bitrange");
        };
        if start < 0 {
            return self.tok_err("invalid range, cannot be negative");
        }
        let end = match self.tok() {
            Tok::Ellipsis | Tok::Minus => {
                self.bump();
                let e = match self.parse_value(None, None, Mode::Value) {
                    Ok(e) => e,
                    Err(d) => {
                        self.cx.errors.push(d);
                        return self.tok_err("expected integer value as end of range");
                    }
                };
                let Init::Int(e) = *self.cx.init(e) else {
                    return self.tok_err("expected integer value as end of range");
                };
                e
            }
            Tok::IntVal => {
                let e = self.cur().int.wrapping_neg();
                self.bump();
                e
            }
            _ => {
                out.push(start as u32);
                return Ok(());
            }
        };
        if end < 0 {
            return self.tok_err("invalid range, cannot be negative");
        }
        if end.abs_diff(start) > 1 << 24 {
            return self.tok_err("range too large");
        }
        let n = out.len() + end.abs_diff(start) as usize + 1;
        if n > self.cx.limits.list_len {
            let msg = limits::exceeded("list length", n, self.cx.limits.list_len, "--max-list-len");
            return self.tok_err(&msg);
        }
        if start < end {
            for k in start..=end {
                out.push(k as u32);
            }
        } else {
            let mut k = start;
            while k >= end {
                out.push(k as u32);
                k -= 1;
            }
        }
        Ok(())
    }

    // ---- types ----
    fn parse_type(&mut self) -> PResult<TyId> {
        match self.tok() {
            Tok::String | Tok::Code => {
                self.bump();
                Ok(TY_STRING)
            }
            Tok::Bit => {
                self.bump();
                Ok(TY_BIT)
            }
            Tok::Int => {
                self.bump();
                Ok(TY_INT)
            }
            Tok::Dag => {
                self.bump();
                Ok(TY_DAG)
            }
            Tok::Id => {
                if let Some(&t) = self.type_aliases.get(&self.sym()) {
                    self.bump();
                    return Ok(t);
                }
                let c = self.parse_class_id()?;
                Ok(self.cx.record_ty_of(vec![c]))
            }
            Tok::Bits => {
                self.bump();
                if !self.consume(Tok::Less) {
                    return self.tok_err("expected '<' after bits type");
                }
                if self.tok() != Tok::IntVal {
                    return self.tok_err("expected integer in bits<n> type");
                }
                let n = self.cur().int;
                self.bump();
                if !self.consume(Tok::Greater) {
                    return self.tok_err("expected '>' at end of bits<n> type");
                }
                if !(0..=(1 << 20)).contains(&n) {
                    return self.tok_err("bits<n> size out of range");
                }
                Ok(self.cx.bits_ty(n as u32))
            }
            Tok::List => {
                self.bump();
                if !self.consume(Tok::Less) {
                    return self.tok_err("expected '<' after list type");
                }
                self.enter()?;
                let e = self.parse_type()?;
                self.leave();
                if !self.consume(Tok::Greater) {
                    return self.tok_err("expected '>' at end of list type");
                }
                Ok(self.cx.list_ty(e))
            }
            _ => self.tok_err("Unknown token when expecting a type"),
        }
    }

    fn parse_class_id(&mut self) -> PResult<RecId> {
        if self.tok() != Tok::Id {
            return self.tok_err("expected name for ClassID");
        }
        let n = self.sym();
        let Some(&r) = self.cx.classes.get(&n) else {
            let mut msg = format!("Couldn't find class '{}'", self.s(n));
            if self.multiclasses.contains_key(&n) {
                msg.push_str(&format!(
                    ". Use 'defm' if you meant to use multiclass '{}'",
                    self.s(n)
                ));
            }
            return self.tok_err(msg);
        };
        self.bump();
        Ok(r)
    }

    fn parse_subclass_ref(&mut self, cur: Option<RecId>, defm: bool) -> PResult<SubClassRef> {
        let loc = self.loc();
        let rec = if defm {
            if self.tok() != Tok::Id {
                return self.tok_err("expected name for MultiClassID");
            }
            let n = self.sym();
            let Some(m) = self.multiclasses.get(&n) else {
                return self.tok_err(format!("Couldn't find multiclass '{}'", self.s(n)));
            };
            let r = m.rec;
            self.bump();
            r
        } else {
            self.parse_class_id()?
        };
        let mut args = Vec::new();
        if self.consume(Tok::Less) {
            let locs = self.parse_template_arg_value_list(&mut args, cur, rec)?;
            let locs = self.template_arg_error_locs(locs, loc);
            self.check_template_arg_values(&mut args, &locs, rec)?;
        }
        Ok(SubClassRef { rec, args, loc })
    }

    fn parse_template_arg_value_list(
        &mut self,
        out: &mut Vec<(ArgKey, InitId)>,
        cur: Option<RecId>,
        args_rec: RecId,
    ) -> PResult<Vec<Loc>> {
        let mut locs = Vec::new();
        if self.consume(Tok::Greater) {
            return Ok(locs);
        }
        let targs = self.cx.rec(args_rec).targs.clone();
        let mut has_named = false;
        let mut idx = 0usize;
        loop {
            if idx >= targs.len() {
                return self.tok_err(format!("Too many template arguments: {}", idx + 1));
            }
            let vloc = self.loc();
            locs.push(vloc);
            let ty = if has_named {
                None
            } else {
                self.cx.rec(args_rec).value(targs[idx]).map(|v| v.ty)
            };
            let v = self.parse_value(cur, ty, Mode::Value)?;
            if self.tok() == Tok::Equal {
                let Init::Str(name, _) = *self.cx.init(v) else {
                    return self.err(
                        vloc,
                        "The name of named argument should be a valid identifier",
                    );
                };
                let q = self.qualify(args_rec, name);
                let Some(at) = self.cx.rec(args_rec).value(q).map(|x| x.ty) else {
                    let msg = format!("Argument \"{}\" doesn't exist", self.s(name));
                    return self.err(vloc, msg);
                };
                self.bump();
                let vloc2 = self.loc();
                let v2 = self.parse_value(cur, Some(at), Mode::Value)?;
                if self.cx.is_unset(v2) {
                    return self.err(
                        vloc2,
                        "The value of named argument should be initialized, but we got '?'",
                    );
                }
                out.push((ArgKey::Named(q), v2));
                has_named = true;
            } else {
                if has_named {
                    return self.err(
                        vloc,
                        "Positional argument should be put before named argument",
                    );
                }
                out.push((ArgKey::Pos(idx as u32), v));
            }
            if self.consume(Tok::Greater) {
                return Ok(locs);
            }
            if !self.consume(Tok::Comma) {
                return self.tok_err("Expected comma before next argument");
            }
            idx += 1;
        }
    }

    /// Where a template argument's type error is reported: at each value
    /// (22) or at the class reference (19).
    fn template_arg_error_locs(&self, values: Vec<Loc>, class: Loc) -> Vec<Loc> {
        if self.cx.rules.template_arg_error_at_value {
            values
        } else {
            vec![class; values.len()]
        }
    }

    fn check_template_arg_values(
        &mut self,
        args: &mut [(ArgKey, InitId)],
        locs: &[Loc],
        rec: RecId,
    ) -> PResult<()> {
        let targs = self.cx.rec(rec).targs.clone();
        let mut last_err = None;
        for (k, (key, v)) in args.iter_mut().enumerate() {
            let name = match key {
                ArgKey::Pos(p) => targs[*p as usize],
                ArgKey::Named(n) => *n,
            };
            let Some(at) = self.cx.rec(rec).value(name).map(|x| x.ty) else {
                continue;
            };
            if let Some(vt) = self.cx.type_of(*v) {
                match self.cx.cast_to(*v, at) {
                    Some(c) => *v = c,
                    None => {
                        let msg = format!(
                            "Value specified for template argument '{}' is of type {}; expected type {}: {}",
                            self.s(name),
                            self.cx.ty_str(vt),
                            self.cx.ty_str(at),
                            self.cx.init_str(*v)
                        );
                        // LLVM reports every argument; the last one stops.
                        if let Some(prev) = last_err.replace(Diagnostic::error(locs[k], msg)) {
                            self.cx.errors.push(prev);
                        }
                    }
                }
            }
        }
        match last_err {
            Some(d) => Err(d),
            None => Ok(()),
        }
    }

    /// Template argument values for `rec` (given ones, then defaults), in the
    /// order LLVM's resolveArguments hands them out.
    fn resolve_arguments(
        &mut self,
        rec: RecId,
        args: &[(ArgKey, InitId)],
        loc: Loc,
    ) -> PResult<Vec<(Sym, InitId)>> {
        let targs = self.cx.rec(rec).targs.clone();
        let mut unsolved = targs.clone();
        let mut out = Vec::new();
        for &(k, v) in args {
            let name = match k {
                ArgKey::Pos(p) => targs[p as usize],
                ArgKey::Named(n) => n,
            };
            if !unsolved.contains(&name) {
                return self.err(
                    loc,
                    format!(
                        "We can only specify the template argument '{}' once",
                        self.s(name)
                    ),
                );
            }
            out.push((name, v));
            unsolved.retain(|&x| x != name);
        }
        for name in unsolved {
            let d = self
                .cx
                .rec(rec)
                .value(name)
                .map_or(self.cx.unset, |v| v.value);
            if !self.cx.is_complete(d) {
                let nl = self.cx.rec(rec).value(name).map(|v| v.loc);
                let dd = Diagnostic::error(
                    loc,
                    format!(
                        "value not specified for template argument '{}'",
                        self.s(name)
                    ),
                )
                .with_note(nl, format!("declared in '{}'", self.cx.rec_name(rec)));
                return Err(dd);
            }
            out.push((name, d));
        }
        Ok(out)
    }

    fn add_subclass(&mut self, rec: RecId, sc: &SubClassRef) -> PResult<()> {
        let mut r = MapResolver::new(Some(rec));
        let nvals = self.cx.rec(sc.rec).values.len();
        for k in 0..nvals {
            let f = self.cx.rec(sc.rec).values[k].clone();
            if f.kind != FieldKind::TemplateArg {
                self.add_value(rec, sc.loc, f)?;
            }
        }
        let vals = self.resolve_arguments(sc.rec, &sc.args, sc.loc)?;
        for (n, v) in vals {
            r.set(n, v);
        }
        let scr_asserts = self.cx.rec(sc.rec).asserts.clone();
        let scr_dumps = self.cx.rec(sc.rec).dumps.clone();
        let scr_supers = self.cx.rec(sc.rec).supers.clone();
        self.cx.rec_mut(rec).asserts.extend(scr_asserts);
        self.cx.rec_mut(rec).dumps.extend(scr_dumps);
        let name = if self.cx.rec(rec).is_class() {
            let q = self.qualify(rec, self.cx.sym_name);
            self.cx.mk(Init::Var(q, TY_STRING))
        } else {
            self.cx.rec(rec).name
        };
        let scn = self.qualify(sc.rec, self.cx.sym_name);
        r.set(scn, name);
        resolve_record(self.cx, rec, &mut r, None);
        self.check_fatal()?;
        for &(s, l) in &scr_supers {
            // Diamond inheritance (a class reached through two parents) is
            // accepted as current LLVM accepts it; llvm-tblgen-19 rejects it
            // with "Already subclass of". The class is listed once.
            if self.cx.rec(rec).is_subclass_of(s) {
                continue;
            }
            self.cx.rec_mut(rec).supers.push((s, l));
        }
        if self.cx.rec(rec).is_subclass_of(sc.rec) {
            let msg = format!("Already subclass of '{}'!\n", self.cx.rec_name(sc.rec));
            return self.err(sc.loc, msg);
        }
        self.cx.rec_mut(rec).supers.push((sc.rec, sc.loc));
        explain::on_inherit(self.cx, rec, sc.rec, sc.loc, &r);
        Ok(())
    }

    fn add_subclass_entry(&mut self, e: &Entry, sc: &SubClassRef) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.add_subclass(*r, sc),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.add_subclass_entry(e, sc)?;
                }
                Ok(())
            }
        }
    }

    // ---- def / defm / multiclass ----
    fn parse_object_name(&mut self, mc: Option<Sym>) -> PResult<Option<InitId>> {
        match self.tok() {
            Tok::Colon | Tok::Semi | Tok::LBrace => return Ok(None),
            _ => {}
        }
        let cur = mc.map(|m| self.multiclasses[&m].rec);
        let name = self.parse_value(cur, Some(TY_STRING), Mode::Name)?;
        if let Some(m) = cur {
            let q = self.qualify(m, self.cx.sym_name);
            let mut hr = HasReference {
                name: Some(q),
                found: false,
                final_: false,
            };
            resolve_init(self.cx, name, &mut hr);
            if !hr.found {
                let v = self.cx.mk(Init::Var(q, TY_STRING));
                return Ok(Some(str_concat(self.cx, v, name)));
            }
        }
        Ok(Some(name))
    }

    fn parse_def(&mut self, mc: Option<Sym>) -> PResult<()> {
        let def_loc = self.loc();
        self.bump();
        let name_loc = if self.tok() == Tok::Id {
            self.loc()
        } else {
            def_loc
        };
        let name = self.parse_object_name(mc)?;
        let (name, kind, loc) = match name {
            None => (self.cx.new_anon_name(), RecKind::AnonDef, def_loc),
            Some(n) => (n, RecKind::Def, name_loc),
        };
        let rec = self.cx.add_record(Record {
            name,
            locs: vec![loc],
            targs: Vec::new(),
            values: Vec::new(),
            asserts: Vec::new(),
            dumps: Vec::new(),
            supers: Vec::new(),
            kind,
        });
        self.parse_object_body(rec)?;
        self.add_entry(Entry::Rec(rec))
    }

    fn parse_defm(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.bump();
        let name = self.parse_object_name(mc)?;
        let name = match name {
            Some(n) => n,
            None => {
                let a = self.cx.new_anon_name();
                if let Some(m) = mc {
                    let mr = self.multiclasses[&m].rec;
                    let q = self.qualify(mr, self.cx.sym_name);
                    let v = self.cx.mk(Init::Var(q, TY_STRING));
                    str_concat(self.cx, v, a)
                } else {
                    a
                }
            }
        };
        if self.tok() != Tok::Colon {
            return self.tok_err("expected ':' after defm identifier");
        }
        self.bump();
        let mut new_entries: Vec<Entry> = Vec::new();
        let mut inherit_class = false;
        let mut sub_loc = self.loc();
        let mut sref = self.parse_subclass_ref(None, true)?;
        loop {
            let mcname = {
                let n = self.cx.rec(sref.rec).name;
                match self.cx.init(n) {
                    Init::Str(y, _) => *y,
                    _ => Sym::EMPTY,
                }
            };
            let mr = self.multiclasses[&mcname].rec;
            let mut substs: Vec<(Sym, InitId)> = Vec::new();
            let q = self.qualify(mr, self.cx.sym_name);
            substs.push((q, name));
            let vals = self.resolve_arguments(mr, &sref.args, sub_loc)?;
            substs.extend(vals);
            let entries = self.multiclasses[&mcname].entries.clone();
            let fin = mc.is_none() && self.loops.is_empty();
            self.resolve_entries(
                &entries,
                &mut substs,
                fin,
                Some(&mut new_entries),
                Some(sub_loc),
            )?;
            if !self.consume(Tok::Comma) {
                break;
            }
            if self.tok() != Tok::Id {
                return self.tok_err("expected identifier");
            }
            sub_loc = self.loc();
            inherit_class = self.cx.classes.contains_key(&self.sym());
            if inherit_class {
                break;
            }
            sref = self.parse_subclass_ref(None, true)?;
        }
        if inherit_class {
            loop {
                let sc = self.parse_subclass_ref(None, false)?;
                for e in &new_entries {
                    if let Entry::Loop(_) | Entry::Assert(_) = e {
                        continue;
                    }
                    self.add_subclass_entry(e, &sc)?;
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        for e in new_entries {
            self.apply_let_stack_entry(&e)?;
            self.add_entry(e)?;
            self.check_fatal()?;
        }
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';' at end of defm");
        }
        Ok(())
    }

    fn parse_multiclass(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier after multiclass for name");
        }
        let name = self.sym();
        if self.multiclasses.contains_key(&name) {
            return self.tok_err(format!("multiclass '{}' already defined", self.s(name)));
        }
        let n = self.cx.str_sym(name);
        let rec = self.cx.add_record(Record {
            name: n,
            locs: vec![self.loc()],
            targs: Vec::new(),
            values: Vec::new(),
            asserts: Vec::new(),
            dumps: Vec::new(),
            supers: Vec::new(),
            kind: RecKind::MultiClass,
        });
        self.multiclasses.insert(
            name,
            MultiClass {
                rec,
                entries: Vec::new(),
            },
        );
        self.cur_mc = Some(name);
        self.bump();
        self.push_scope(ScopeKind::MultiClass(rec));
        let res = self.parse_multiclass_rest(name, rec);
        self.pop_scope();
        self.cur_mc = None;
        if res.is_ok() {
            self.warn_unused_template_args(rec);
        }
        res
    }

    fn parse_multiclass_rest(&mut self, name: Sym, rec: RecId) -> PResult<()> {
        if self.tok() == Tok::Less {
            self.parse_template_arg_list(None)?;
        }
        let mut inherits = false;
        if self.consume(Tok::Colon) {
            inherits = true;
            loop {
                let sref = self.parse_subclass_ref(Some(rec), true)?;
                // AddSubMultiClass.
                let scn = match self.cx.init(self.cx.rec(sref.rec).name) {
                    Init::Str(y, _) => *y,
                    _ => Sym::EMPTY,
                };
                let smr = self.multiclasses[&scn].rec;
                let mut substs = Vec::new();
                let q = self.qualify(smr, self.cx.sym_name);
                let myq = self.qualify(rec, self.cx.sym_name);
                let v = self.cx.mk(Init::Var(myq, TY_STRING));
                substs.push((q, v));
                let vals = self.resolve_arguments(smr, &sref.args, sref.loc)?;
                substs.extend(vals);
                let entries = self.multiclasses[&scn].entries.clone();
                let mut dest = Vec::new();
                self.resolve_entries(&entries, &mut substs, false, Some(&mut dest), None)?;
                if let Some(m) = self.multiclasses.get_mut(&name) {
                    m.entries.extend(dest);
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        if self.tok() != Tok::LBrace {
            if !inherits {
                return self.tok_err("expected '{' in multiclass definition");
            }
            if !self.consume(Tok::Semi) {
                return self.tok_err("expected ';' in multiclass definition");
            }
            return Ok(());
        }
        self.bump();
        if self.tok() == Tok::RBrace {
            return self.tok_err("multiclass must contain at least one def");
        }
        while self.tok() != Tok::RBrace {
            match self.tok() {
                Tok::Assert
                | Tok::Def
                | Tok::Defm
                | Tok::Defvar
                | Tok::Dump
                | Tok::Foreach
                | Tok::If
                | Tok::Let => self.parse_object(Some(name))?,
                _ => {
                    return self.tok_err("expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body")
                }
            }
            self.check_fatal()?;
        }
        self.bump();
        if self.tok() == Tok::Semi {
            self.spurious_semi("A multiclass body should not end with a semicolon");
        }
        Ok(())
    }

    // ---- let / foreach / if / defvar / defset / assert / dump ----
    fn parse_top_level_let(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.bump();
        let mut lets = Vec::new();
        loop {
            let (mode, mode_loc) = self.parse_let_mode();
            if self.tok() != Tok::Id {
                return self.tok_err("expected identifier in let expression");
            }
            let name = self.sym();
            let loc = self.loc();
            self.bump();
            let mut bits = self.parse_optional_range_list()?;
            bits.reverse();
            if !self.consume(Tok::Equal) {
                return self.tok_err("expected '=' in let expression");
            }
            let v = self.parse_value(None, None, Mode::Value)?;
            if mode != LetMode::Replace && !bits.is_empty() {
                return self.err(mode_loc, "Cannot use append/prepend with bit range");
            }
            lets.push(LetRecord {
                name,
                bits,
                value: v,
                loc,
                mode,
                mode_loc,
            });
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.let_stack.push(lets);
        if !self.consume(Tok::In) {
            return self.tok_err("expected 'in' at end of top-level 'let'");
        }
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.push_scope(ScopeKind::Local);
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>("expected '}' at end of top level let command")?;
                return self.err(bl, "to match this '{'");
            }
            self.pop_scope();
        }
        self.let_stack.pop();
        Ok(())
    }

    fn parse_foreach(&mut self, mc: Option<Sym>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        // ForeachDeclaration ::= ID '=' '{' RangeList '}' | ID '=' RangePiece | ID '=' Value
        if self.tok() != Tok::Id {
            return self.tok_err("expected declaration in for");
        }
        let name = self.sym();
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("Expected '=' in foreach declaration");
        }
        let (list, elt) = match self.parse_foreach_values() {
            Ok(x) => x,
            Err(d) => {
                // LLVM reports the failed declaration too.
                self.cx.errors.push(d);
                return self.tok_err("expected declaration in for");
            }
        };
        if !self.consume(Tok::In) {
            return self.tok_err("Unknown tok");
        }
        let iter = self.cx.mk(Init::Var(name, elt));
        self.loops.push(ForeachLoop {
            loc,
            iter: Some(name),
            list,
            entries: Vec::new(),
        });
        self.push_scope(ScopeKind::Foreach(Some((name, iter))));
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>("expected '}' at end of foreach command")?;
                return self.err(bl, "to match this '{'");
            }
        }
        self.pop_scope();
        let Some(l) = self.loops.pop() else {
            return Ok(());
        };
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    /// The values of a foreach declaration (after `=`): the list and its
    /// element type.
    fn parse_foreach_values(&mut self) -> PResult<(InitId, TyId)> {
        Ok(match self.tok() {
            Tok::LBrace => {
                self.bump();
                let r = self.parse_range_list()?;
                if !self.consume(Tok::RBrace) {
                    return self.tok_err("expected '}' at end of bit range list");
                }
                (self.int_list(&r), TY_INT)
            }
            _ => {
                let sloc = self.loc();
                // A limit hit while folding the list points at it.
                let outer = self.stmt_loc.replace(sloc);
                let v = self.parse_value(None, None, Mode::Value);
                self.locate_fatal(sloc);
                self.stmt_loc = outer;
                let v = v?;
                self.check_fatal()?;
                let vt = self.cx.type_of(v);
                if let Some(e) = vt.and_then(|t| self.cx.list_elem(t)) {
                    (v, e)
                } else if vt.is_some() {
                    // A typed value that is not a list starts a range
                    // piece, which wants an integer.
                    let mut r = Vec::new();
                    self.parse_range_piece(&mut r, Some(v))?;
                    (self.int_list(&r), TY_INT)
                } else {
                    let msg = format!("expected a list, got '{}'", self.cx.init_str(v));
                    return self.err(sloc, msg);
                }
            }
        })
    }

    fn int_list(&mut self, r: &[u32]) -> InitId {
        let v: Vec<InitId> = r.iter().map(|&k| self.cx.int(k as i64)).collect();
        self.cx.mk(Init::List(v.into_boxed_slice(), TY_INT))
    }

    fn parse_if(&mut self, mc: Option<Sym>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        let cond = self.parse_value(None, None, Mode::Value)?;
        if !self.consume(Tok::Then) {
            return self.tok_err("Unknown tok");
        }
        let bl = self.cx.list_ty(TY_BIT);
        let empty = self.cx.mk(Init::List(Box::new([]), TY_BIT));
        let t = self.cx.true_bit;
        let single = self.cx.mk(Init::List(Box::new([t]), TY_BIT));
        let then_l = self.cx.mk(Init::Tern(TernOp::If, cond, single, empty, bl));
        let then_l = fold_tern(self.cx, then_l, None);
        self.loops.push(ForeachLoop {
            loc,
            iter: None,
            list: then_l,
            entries: Vec::new(),
        });
        self.parse_if_body(mc, "then")?;
        if let Some(l) = self.loops.pop() {
            self.add_entry(Entry::Loop(Box::new(l)))?;
        }
        if self.consume(Tok::Else) {
            let else_l = self.cx.mk(Init::Tern(TernOp::If, cond, empty, single, bl));
            let else_l = fold_tern(self.cx, else_l, None);
            self.loops.push(ForeachLoop {
                loc,
                iter: None,
                list: else_l,
                entries: Vec::new(),
            });
            self.parse_if_body(mc, "else")?;
            if let Some(l) = self.loops.pop() {
                self.add_entry(Entry::Loop(Box::new(l)))?;
            }
        }
        Ok(())
    }

    fn parse_if_body(&mut self, mc: Option<Sym>, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>(format!("expected '}}' at end of '{kind}' clause"))?;
                return self.err(bl, "to match this '{'");
            }
        }
        self.pop_scope();
        Ok(())
    }

    fn parse_defvar(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        if self.var_already_defined(name) {
            return self.tok_err("local variable of this name already exists");
        }
        if let Some(r) = rec {
            if let Some(v) = self.cx.rec(r).value(name) {
                if v.kind != FieldKind::TemplateArg {
                    return self.tok_err("field of this name already exists");
                }
            }
        }
        if self.is_outermost() && self.get_global(name).is_some() {
            return self.tok_err("def or global variable of this name already exists");
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        // A limit hit while folding the value outside a record has no
        // record to point at: it points at the value.
        let vloc = self.loc();
        let outer = self.stmt_loc.replace(vloc);
        let v = self.parse_value(rec, None, Mode::Value);
        self.locate_fatal(vloc);
        self.stmt_loc = outer;
        let v = v?;
        self.check_fatal()?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        if self.is_outermost() {
            self.cx.globals.insert(name, v);
        } else if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(name, v);
        }
        Ok(())
    }

    fn parse_defset(&mut self) -> PResult<()> {
        self.bump();
        let loc = self.loc();
        let ty = self.parse_type()?;
        let Some(elt) = self.cx.list_elem(ty) else {
            return self.err(loc, "expected list type");
        };
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        if self.get_global(name).is_some() {
            return self.tok_err("def or global variable of this name already exists");
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        if self.tok() != Tok::LBrace {
            return self.tok_err("expected '{'");
        }
        let bl = self.loc();
        self.bump();
        self.defsets.push(Defset {
            elt_ty: elt,
            elems: Vec::new(),
        });
        let r = self.parse_object_list(None);
        let ds = self.defsets.pop();
        r?;
        if !self.consume(Tok::RBrace) {
            self.tok_err::<()>("expected '}' at end of defset")?;
            return self.err(bl, "to match this '{'");
        }
        if let Some(ds) = ds {
            let l = self.cx.mk(Init::List(ds.elems.into_boxed_slice(), elt));
            self.cx.globals.insert(name, l);
        }
        Ok(())
    }

    fn parse_assert(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump();
        let cloc = self.loc();
        let cond = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in assert statement");
        }
        let msg = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        let a = Assertion {
            loc: cloc,
            cond,
            msg,
        };
        match rec {
            Some(r) => {
                self.cx.rec_mut(r).asserts.push(a);
                Ok(())
            }
            None => self.add_entry(Entry::Assert(a)),
        }
    }

    fn parse_dump(&mut self, rec: Option<RecId>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        let msg = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        // Non-string messages are shown with !repr, as LLVM does.
        let msg = if matches!(self.cx.type_of(msg), Some(t) if t == TY_STRING) {
            msg
        } else {
            let u = self.cx.mk(Init::Un(UnOp::Repr, msg, TY_STRING));
            fold_un(self.cx, u, rec, false)
        };
        // Outside records and multiclasses LLVM resolves the message at
        // once, finally, with nothing to substitute (`!exists` of a
        // missing record folds to 0 there).
        let msg = if rec.is_none() && self.cur_mc.is_none() {
            let mut hr = HasReference {
                name: None,
                found: false,
                final_: true,
            };
            resolve_init(self.cx, msg, &mut hr)
        } else {
            msg
        };
        let d = Dump { loc, msg };
        match rec {
            Some(r) => {
                self.cx.rec_mut(r).dumps.push(d);
                Ok(())
            }
            None => self.add_entry(Entry::Dump(d)),
        }
    }

    // ---- values ----
    fn parse_value(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        self.enter()?;
        let r = self.parse_value_inner(cur, ity, mode);
        self.leave();
        r
    }

    fn parse_value_inner(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        let lhs_loc = self.loc();
        let mut res = self.parse_simple_value(cur, ity, mode)?;
        loop {
            match self.tok() {
                Tok::LBrace => {
                    if mode == Mode::Name {
                        return Ok(res);
                    }
                    let cloc = self.loc();
                    self.bump();
                    let mut ranges = self.parse_range_list()?;
                    ranges.reverse();
                    let Some(r) = self.convert_bit_range(res, &ranges) else {
                        return self.err(cloc, "Invalid bit range for value");
                    };
                    res = r;
                    if !self.consume(Tok::RBrace) {
                        return self.tok_err("expected '}' at end of bit range list");
                    }
                }
                Tok::LSquare => {
                    let Some(lt) = self.cx.type_of(res) else {
                        return self.err(lhs_loc, "Invalid value, list expected");
                    };
                    let Some(et) = self.cx.list_elem(lt) else {
                        let msg =
                            format!("Type '{}' is invalid, list expected", self.cx.ty_str(lt));
                        return self.err(lhs_loc, msg);
                    };
                    self.bump();
                    let rhs = self.parse_slice_elements(cur, true)?;
                    let rt = self.cx.type_of(rhs);
                    res = if rt.is_some_and(|t| self.cx.list_elem(t).is_some()) {
                        let b = self.cx.mk(Init::Bin(BinOp::ListSlice, res, rhs, lt));
                        fold_bin(self.cx, b, cur)
                    } else {
                        let b = self.cx.mk(Init::Bin(BinOp::ListElem, res, rhs, et));
                        fold_bin(self.cx, b, cur)
                    };
                    if !self.consume(Tok::RSquare) {
                        return self.tok_err("expected ']' at end of list slice");
                    }
                }
                Tok::Dot => {
                    self.bump();
                    if self.tok() != Tok::Id {
                        return self.tok_err("expected field identifier after '.'");
                    }
                    let f = self.sym();
                    let Some(ft) = self.field_type(res, f) else {
                        let msg = format!(
                            "Cannot access field '{}' of value '{}'",
                            self.s(f),
                            self.cx.init_str(res)
                        );
                        return self.tok_err(msg);
                    };
                    let fi = self.cx.mk(Init::Field(res, f, ft));
                    res = fold_field(self.cx, fi, cur);
                    self.bump();
                }
                Tok::Paste => {
                    let ploc = self.loc();
                    let Some(lt) = self.cx.type_of(res) else {
                        return self.err(ploc, "LHS of paste is not typed!");
                    };
                    if self.cx.list_elem(lt).is_some() {
                        self.bump();
                        match self.tok() {
                            Tok::Colon | Tok::Semi | Tok::LBrace => {}
                            _ => {
                                let rhs = self.parse_value(cur, ity, Mode::Value)?;
                                res = list_concat(self.cx, res, rhs);
                            }
                        }
                        continue;
                    }
                    let mut lhs = res;
                    if lt != TY_STRING {
                        let u = self.cx.mk(Init::Un(UnOp::Cast, lhs, TY_STRING));
                        let c = fold_un(self.cx, u, cur, false);
                        if self.cx.type_of(c).is_none() {
                            let msg = format!("can't cast '{}' to string", self.cx.init_str(lhs));
                            return self.err(ploc, msg);
                        }
                        lhs = c;
                    }
                    self.bump();
                    let rhs = match self.tok() {
                        Tok::Colon | Tok::Semi | Tok::LBrace => self.cx.empty_str,
                        _ => {
                            let r = self.parse_value(cur, None, Mode::Name)?;
                            let Some(rt) = self.cx.type_of(r) else {
                                return self.err(ploc, "RHS of paste is not typed!");
                            };
                            if rt != TY_STRING {
                                let u = self.cx.mk(Init::Un(UnOp::Cast, r, TY_STRING));
                                fold_un(self.cx, u, cur, false)
                            } else {
                                r
                            }
                        }
                    };
                    res = str_concat(self.cx, lhs, rhs);
                }
                _ => return Ok(res),
            }
        }
    }

    /// The type of field `f` of a value of record type (LLVM's getFieldType).
    fn field_type(&mut self, v: InitId, f: Sym) -> Option<TyId> {
        match self.cx.init(v).clone() {
            Init::Def(d) => self.cx.rec(d).value(f).map(|x| x.ty),
            Init::VarDef(c, _) => self.cx.rec(c).value(f).map(|x| x.ty),
            _ => {
                let t = self.cx.type_of(v)?;
                if let RecTy::Record(cs) = self.cx.ty_data(t).clone() {
                    for c in cs.iter() {
                        if let Some(x) = self.cx.rec(*c).value(f) {
                            return Some(x.ty);
                        }
                    }
                }
                None
            }
        }
    }

    fn convert_bit_range(&mut self, v: InitId, bits: &[u32]) -> Option<InitId> {
        let out: Vec<InitId> = match self.cx.init(v).clone() {
            Init::Bits(b) => {
                let mut o = Vec::new();
                for &k in bits {
                    o.push(*b.get(k as usize)?);
                }
                o
            }
            Init::Int(x) => {
                let mut o = Vec::new();
                for &k in bits {
                    if k >= 64 {
                        return None;
                    }
                    o.push(self.cx.bit((x >> k) & 1 == 1));
                }
                o
            }
            Init::Unset | Init::Bit(_) | Init::Str(..) | Init::List(..) | Init::Dag(..) => {
                return None
            }
            _ => {
                let t = self.cx.type_of(v)?;
                let RecTy::Bits(n) = *self.cx.ty_data(t) else {
                    return None;
                };
                let mut o = Vec::new();
                for &k in bits {
                    if k >= n {
                        return None;
                    }
                    o.push(self.cx.mk(Init::VarBit(v, k)));
                }
                o
            }
        };
        Some(self.cx.mk(Init::Bits(out.into_boxed_slice())))
    }

    fn parse_slice_elements(&mut self, cur: Option<RecId>, mut single: bool) -> PResult<InitId> {
        let mut elems: Vec<InitId> = Vec::new();
        let mut slices: Vec<InitId> = Vec::new();
        let mut curv: Option<InitId>;
        loop {
            let lloc = self.loc();
            let v = self.parse_slice_element(cur)?;
            curv = Some(v);
            let vt = self.cx.type_of(v);
            match vt {
                Some(t) if self.cx.list_elem(t).is_some() => {
                    if self.cx.list_elem(t) != Some(TY_INT) {
                        let msg = format!("expected list<int>, got {}", self.cx.ty_str(t));
                        return self.err(lloc, msg);
                    }
                    if !elems.is_empty() {
                        let l = self.cx.mk(Init::List(
                            std::mem::take(&mut elems).into_boxed_slice(),
                            TY_INT,
                        ));
                        slices.push(l);
                    }
                    slices.push(v);
                    single = false;
                    curv = None;
                }
                Some(t) if t == TY_INT => {}
                other => {
                    let msg = format!(
                        "unhandled type {} in range",
                        other.map(|t| self.cx.ty_str(t)).unwrap_or_default()
                    );
                    return self.err(lloc, msg);
                }
            }
            if self.tok() != Tok::Comma {
                break;
            }
            self.bump();
            single = false;
            if let Some(c) = curv.take() {
                elems.push(c);
            }
            if self.tok() == Tok::RSquare {
                break;
            }
        }
        if let Some(c) = curv {
            if single {
                return Ok(c);
            }
            elems.push(c);
        }
        if !elems.is_empty() {
            let l = self.cx.mk(Init::List(elems.into_boxed_slice(), TY_INT));
            slices.push(l);
        }
        let mut res: Option<InitId> = None;
        for s in slices {
            res = Some(match res {
                Some(r) => list_concat(self.cx, r, s),
                None => s,
            });
        }
        match res {
            Some(r) => Ok(r),
            None => self.tok_err("expected slice elements"),
        }
    }

    fn parse_slice_element(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        let lloc = self.loc();
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let rhs = match self.tok() {
            Tok::Ellipsis | Tok::Minus => {
                self.bump();
                let rloc = self.loc();
                let r = self.parse_value(cur, None, Mode::Value)?;
                if self.cx.type_of(r) != Some(TY_INT) {
                    let msg = format!(
                        "expected int...int, got {}",
                        self.cx
                            .type_of(r)
                            .map(|t| self.cx.ty_str(t))
                            .unwrap_or_default()
                    );
                    return self.err(rloc, msg);
                }
                r
            }
            Tok::IntVal => {
                let i = self.cur().int.wrapping_neg();
                if i < 0 {
                    return self.tok_err("invalid range, cannot be negative");
                }
                self.bump();
                self.cx.int(i)
            }
            _ => return Ok(lhs),
        };
        if self.cx.type_of(lhs) != Some(TY_INT) {
            let msg = format!(
                "expected int...int, got {}",
                self.cx
                    .type_of(lhs)
                    .map(|t| self.cx.ty_str(t))
                    .unwrap_or_default()
            );
            return self.err(lloc, msg);
        }
        let lt = self.cx.list_ty(TY_INT);
        let b = self.cx.mk(Init::Bin(BinOp::Range, lhs, rhs, lt));
        Ok(fold_bin(self.cx, b, cur))
    }

    fn parse_value_list(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        out: &mut Vec<InitId>,
    ) -> PResult<()> {
        out.push(self.parse_value(cur, ity, Mode::Value)?);
        while self.consume(Tok::Comma) {
            if self.tok() == Tok::RSquare {
                return Ok(());
            }
            out.push(self.parse_value(cur, ity, Mode::Value)?);
        }
        Ok(())
    }

    fn parse_simple_value(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        match self.tok() {
            Tok::Bang => self.parse_operation(cur, ity),
            Tok::True => {
                self.bump();
                Ok(self.cx.int(1))
            }
            Tok::False => {
                self.bump();
                Ok(self.cx.int(0))
            }
            Tok::IntVal => {
                let v = self.cur().int;
                self.bump();
                Ok(self.cx.int(v))
            }
            Tok::BinaryIntVal => {
                let v = self.cur().int;
                let n = self.cur().sym.0;
                self.bump();
                let bits: Vec<InitId> = (0..n)
                    .map(|k| self.cx.bit(k < 64 && (v >> k) & 1 == 1))
                    .collect();
                Ok(self.cx.mk(Init::Bits(bits.into_boxed_slice())))
            }
            Tok::StrVal => {
                let mut s = self.s(self.sym()).to_string();
                self.bump();
                while self.tok() == Tok::StrVal {
                    s.push_str(self.cx.strs.str(self.sym()));
                    self.bump();
                }
                Ok(self.cx.string(&s, false))
            }
            Tok::CodeFragment => {
                let y = self.sym();
                self.bump();
                Ok(self.cx.str_init(y, true))
            }
            Tok::Question => {
                self.bump();
                Ok(self.cx.unset)
            }
            Tok::Id => {
                let name_loc = self.loc();
                let name = self.sym();
                self.bump();
                if self.tok() == Tok::Equal {
                    return Ok(self.cx.str_sym(name));
                }
                if self.tok() != Tok::Less {
                    return self.parse_id_value(cur, name, name_loc, mode);
                }
                let Some(&class) = self.cx.classes.get(&name) else {
                    return self.err(
                        name_loc,
                        format!("Expected a class name, got '{}'", self.s(name)),
                    );
                };
                self.bump();
                let mut args = Vec::new();
                let locs = self.parse_template_arg_value_list(&mut args, cur, class)?;
                let locs = self.template_arg_error_locs(locs, name_loc);
                self.check_template_arg_values(&mut args, &locs, class)?;
                self.resolve_arguments(class, &args, name_loc)?;
                let vd = self.cx.mk(Init::VarDef(class, args.into_boxed_slice()));
                self.cx.note_var_def_loc(vd, name_loc);
                let r = resolve::fold_var_def(self.cx, vd);
                self.check_fatal()?;
                Ok(r)
            }
            Tok::LBrace => {
                let bloc = self.loc();
                self.bump();
                let mut vals = Vec::new();
                if self.tok() != Tok::RBrace {
                    self.parse_value_list(cur, None, &mut vals)?;
                }
                if !self.consume(Tok::RBrace) {
                    return self.tok_err("expected '}' at end of bit list value");
                }
                let mut nb: Vec<InitId> = Vec::new();
                for (i, &v) in vals.iter().enumerate() {
                    if let Init::Bits(b) = self.cx.init(v) {
                        nb.extend(b.iter().rev().copied());
                        continue;
                    }
                    if let Init::Var(..) = self.cx.init(v) {
                        if let Some(t) = self.cx.type_of(v) {
                            if let RecTy::Bits(n) = *self.cx.ty_data(t) {
                                for k in (0..n).rev() {
                                    let b = self.cx.get_bit(v, k);
                                    nb.push(b);
                                }
                                continue;
                            }
                        }
                    }
                    match self.cx.cast_to(v, TY_BIT) {
                        Some(b) => nb.push(b),
                        None => {
                            let msg = format!(
                                "Element #{} ({}) is not convertable to a bit",
                                i,
                                self.cx.init_str(v)
                            );
                            return self.err(bloc, msg);
                        }
                    }
                }
                nb.reverse();
                Ok(self.cx.mk(Init::Bits(nb.into_boxed_slice())))
            }
            Tok::LSquare => {
                self.bump();
                let mut vals = Vec::new();
                let given = match ity {
                    Some(t) => match self.cx.list_elem(t) {
                        Some(e) => Some(e),
                        None => {
                            let msg = format!(
                                "Encountered a list when expecting a {}",
                                self.cx.ty_str(t)
                            );
                            return self.tok_err(msg);
                        }
                    },
                    None => None,
                };
                if self.tok() != Tok::RSquare {
                    self.parse_value_list(cur, given, &mut vals)?;
                }
                if !self.consume(Tok::RSquare) {
                    return self.tok_err("expected ']' at end of list value");
                }
                let mut given_elt = None;
                if self.consume(Tok::Less) {
                    given_elt = Some(self.parse_type()?);
                    if !self.consume(Tok::Greater) {
                        return self.tok_err("expected '>' at end of list element type");
                    }
                }
                let mut et: Option<TyId> = None;
                for &v in &vals {
                    if let Some(t) = self.cx.type_of(v) {
                        et = match et {
                            Some(e) => match self.cx.resolve_types(e, t) {
                                Some(x) => Some(x),
                                None => return self.tok_err("Incompatible types in list elements"),
                            },
                            None => Some(t),
                        };
                    }
                }
                if let Some(g) = given_elt {
                    if let Some(e) = et {
                        if !self.cx.ty_convertible(e, g) {
                            return self.tok_err("Incompatible types in list elements");
                        }
                    }
                    et = Some(g);
                }
                let deduced = match et {
                    None => match given {
                        Some(g) => g,
                        None => return self.tok_err("No type for list"),
                    },
                    Some(e) => {
                        if let Some(g) = given {
                            if !self.cx.ty_convertible(e, g) {
                                let msg = format!(
                                    "Element type mismatch for list: element type '{}' not convertible to '{}",
                                    self.cx.ty_str(e),
                                    self.cx.ty_str(g)
                                );
                                return self.tok_err(msg);
                            }
                        }
                        e
                    }
                };
                Ok(self.cx.mk(Init::List(vals.into_boxed_slice(), deduced)))
            }
            Tok::LParen => {
                self.bump();
                if !matches!(
                    self.tok(),
                    Tok::Id | Tok::Bang | Tok::LSquare | Tok::Question
                ) {
                    return self.tok_err("expected identifier or list of value types in dag init");
                }
                let op = self.parse_value(cur, None, Mode::Value)?;
                let mut opname = None;
                if self.consume(Tok::Colon) {
                    if self.tok() != Tok::VarName {
                        return self.tok_err("expected variable name in dag operator");
                    }
                    opname = Some(self.sym());
                    self.bump();
                }
                let mut args: Vec<(InitId, Option<Sym>)> = Vec::new();
                if self.tok() != Tok::RParen {
                    loop {
                        if self.tok() == Tok::VarName {
                            let n = self.sym();
                            self.bump();
                            args.push((self.cx.unset, Some(n)));
                        } else {
                            let v = self.parse_value(cur, None, Mode::Value)?;
                            let mut n = None;
                            if self.tok() == Tok::Colon {
                                self.bump();
                                if self.tok() != Tok::VarName {
                                    return self.tok_err("expected variable name in dag literal");
                                }
                                n = Some(self.sym());
                                self.bump();
                            }
                            args.push((v, n));
                        }
                        if !self.consume(Tok::Comma) {
                            break;
                        }
                    }
                }
                if !self.consume(Tok::RParen) {
                    return self.tok_err("expected ')' in dag init");
                }
                Ok(self.cx.mk(Init::Dag(op, opname, args.into_boxed_slice())))
            }
            _ => self.tok_err("Unknown or reserved token when parsing a value"),
        }
    }

    fn parse_id_value(
        &mut self,
        cur: Option<RecId>,
        name: Sym,
        loc: Loc,
        mode: Mode,
    ) -> PResult<InitId> {
        if let Some(v) = self.scope_var(name) {
            return Ok(v);
        }
        if mode == Mode::Name {
            return Ok(self.cx.str_sym(name));
        }
        if let Some(v) = self.get_global(name) {
            return Ok(v);
        }
        if let Some(c) = cur {
            let cr = self.cx.rec(c);
            if !cr.is_class()
                && self.cur_mc.is_none()
                && matches!(self.cx.init(cr.name), Init::Str(y, _) if *y == name)
            {
                // The record is still growing: its type is that of the
                // classes it has so far (not cached).
                let ds = self.cx.direct_supers(c);
                let t = self.cx.record_ty_of(ds);
                let n = self.cx.str_sym(name);
                return Ok(self.cx.mk(Init::Un(UnOp::Cast, n, t)));
            }
        }
        self.err(loc, format!("Variable not defined: '{}'", self.s(name)))
    }

    fn parse_operator_type(&mut self) -> PResult<TyId> {
        if !self.consume(Tok::Less) {
            return self.tok_err("expected type name for operator");
        }
        if self.tok() == Tok::Code {
            return self.tok_err("the 'code' type is not allowed in bang operators; use 'string'");
        }
        let t = self.parse_type()?;
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected type name for operator");
        }
        Ok(t)
    }

    fn typed(&mut self, v: InitId) -> Option<TyId> {
        self.cx.type_of(v)
    }

    fn parse_operation(&mut self, cur: Option<RecId>, ity: Option<TyId>) -> PResult<InitId> {
        let op_loc = self.loc();
        let name = self.s(self.sym()).to_string();
        if self.cx.rules.missing_bang_ops.contains(&name.as_str()) {
            return self.tok_err("Unknown operator");
        }
        let un = match name.as_str() {
            "cast" => Some(UnOp::Cast),
            "not" => Some(UnOp::Not),
            "head" => Some(UnOp::Head),
            "tail" => Some(UnOp::Tail),
            "size" => Some(UnOp::Size),
            "empty" => Some(UnOp::Empty),
            "getdagop" | "getop" => Some(UnOp::GetDagOp),
            "getdagopname" => Some(UnOp::GetDagOpName),
            "logtwo" => Some(UnOp::LogTwo),
            "repr" => Some(UnOp::Repr),
            "tolower" => Some(UnOp::ToLower),
            "toupper" => Some(UnOp::ToUpper),
            "listflatten" => Some(UnOp::ListFlatten),
            "initialized" => Some(UnOp::Initialized),
            _ => None,
        };
        if let Some(op) = un {
            return self.parse_unary(cur, op);
        }
        let bin = match name.as_str() {
            "con" => Some(BinOp::Concat),
            "add" => Some(BinOp::Add),
            "sub" => Some(BinOp::Sub),
            "mul" => Some(BinOp::Mul),
            "div" => Some(BinOp::Div),
            "and" => Some(BinOp::And),
            "or" => Some(BinOp::Or),
            "xor" => Some(BinOp::Xor),
            "sra" => Some(BinOp::Sra),
            "srl" => Some(BinOp::Srl),
            "shl" => Some(BinOp::Shl),
            "eq" => Some(BinOp::Eq),
            "ne" => Some(BinOp::Ne),
            "le" => Some(BinOp::Le),
            "lt" => Some(BinOp::Lt),
            "ge" => Some(BinOp::Ge),
            "gt" => Some(BinOp::Gt),
            "listconcat" => Some(BinOp::ListConcat),
            "listsplat" => Some(BinOp::ListSplat),
            "listremove" => Some(BinOp::ListRemove),
            "strconcat" => Some(BinOp::StrConcat),
            "interleave" => Some(BinOp::Interleave),
            "setdagop" | "setop" => Some(BinOp::SetDagOp),
            "setdagopname" => Some(BinOp::SetDagOpName),
            "getdagarg" => Some(BinOp::GetDagArg),
            "getdagname" => Some(BinOp::GetDagName),
            "match" => Some(BinOp::Match),
            _ => None,
        };
        if let Some(op) = bin {
            return self.parse_binary(cur, ity, op, op_loc);
        }
        match name.as_str() {
            "if" | "dag" | "subst" | "setdagarg" | "setdagname" => {
                self.parse_ternary(cur, ity, &name)
            }
            "foreach" | "filter" => self.parse_foreach_filter(cur, ity, name == "foreach", op_loc),
            "cond" => self.parse_cond(cur, ity),
            "substr" | "find" => self.parse_substr_find(cur, ity, name == "substr"),
            "foldl" => self.parse_foldl(cur),
            "isa" | "exists" | "instances" => self.parse_isa_exists(cur, &name),
            "range" => self.parse_range(cur, op_loc),
            _ => self.tok_err(self.cx.rules.cased("unknown operator")),
        }
    }

    fn expect_lparen(&mut self, msg: &str) -> PResult<()> {
        if !self.consume(Tok::LParen) {
            return self.tok_err(msg.to_string());
        }
        Ok(())
    }

    fn parse_unary(&mut self, cur: Option<RecId>, op: UnOp) -> PResult<InitId> {
        self.bump();
        let mut ty: Option<TyId> = match op {
            UnOp::Cast => {
                let t = self.parse_operator_type()?;
                Some(t)
            }
            UnOp::Repr | UnOp::ToLower | UnOp::ToUpper | UnOp::GetDagOpName => Some(TY_STRING),
            UnOp::Not | UnOp::LogTwo | UnOp::Size | UnOp::Empty | UnOp::Initialized => {
                Some(if op == UnOp::Initialized {
                    TY_BIT
                } else {
                    TY_INT
                })
            }
            UnOp::GetDagOp => {
                if self.tok() == Tok::Less {
                    let t = self.parse_operator_type()?;
                    if !self.cx.is_record_ty(t) {
                        return self.tok_err("type for !getdagop must be a record type");
                    }
                    Some(t)
                } else {
                    Some(self.cx.any_record())
                }
            }
            UnOp::Head | UnOp::Tail | UnOp::ListFlatten => None,
        };
        self.expect_lparen("expected '(' after unary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let lt = self.typed(lhs);
        match op {
            UnOp::Empty | UnOp::Size => {
                let ok = match lt {
                    Some(t) => matches!(
                        self.cx.ty_data(t),
                        RecTy::List(_) | RecTy::String | RecTy::Dag
                    ),
                    None => false,
                };
                if !ok {
                    return self
                        .tok_err("expected string, list, or dag type argument in unary operator");
                }
            }
            UnOp::Head | UnOp::Tail => {
                let Some(t) = lt.filter(|t| self.cx.list_elem(*t).is_some()) else {
                    return self.tok_err("expected list type argument in unary operator");
                };
                if let Init::List(l, _) = self.cx.init(lhs) {
                    if l.is_empty() {
                        return self.tok_err("empty list argument in unary operator");
                    }
                    let first = l[0];
                    let Some(it) = self.cx.type_of(first) else {
                        return self.tok_err("untyped list element in unary operator");
                    };
                    ty = Some(if op == UnOp::Head {
                        it
                    } else {
                        self.cx.list_ty(it)
                    });
                } else {
                    let e = self.cx.list_elem(t).unwrap_or(TY_INT);
                    ty = Some(if op == UnOp::Head { e } else { t });
                }
            }
            UnOp::ListFlatten => {
                let inner = lt
                    .and_then(|t| self.cx.list_elem(t))
                    .filter(|e| self.cx.list_elem(*e).is_some());
                match inner {
                    Some(e) => ty = Some(e),
                    None => match lt {
                        Some(t) if self.cx.list_elem(t).is_some() => ty = Some(t),
                        _ => return self.tok_err("expected list type argument in unary operator"),
                    },
                }
            }
            _ => {}
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in unary operator");
        }
        let t = ty.unwrap_or(TY_INT);
        let u = self.cx.mk(Init::Un(op, lhs, t));
        let r = fold_un(self.cx, u, cur, false);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_binary(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        op: BinOp,
        op_loc: Loc,
    ) -> PResult<InitId> {
        self.bump();
        let any_rec = self.cx.any_record();
        let (mut ty, mut arg_ty): (Option<TyId>, Option<TyId>) = match op {
            BinOp::Concat | BinOp::SetDagOp | BinOp::SetDagOpName => (Some(TY_DAG), Some(TY_DAG)),
            BinOp::GetDagArg => {
                let t = self.parse_operator_type()?;
                (Some(t), Some(TY_DAG))
            }
            BinOp::GetDagName => (Some(TY_STRING), Some(TY_DAG)),
            BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Sra
            | BinOp::Srl
            | BinOp::Shl
            | BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div => (Some(TY_INT), Some(TY_INT)),
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                (Some(TY_BIT), None)
            }
            BinOp::ListConcat | BinOp::ListRemove => (None, ity),
            BinOp::ListSplat => (None, None),
            BinOp::StrConcat => (Some(TY_STRING), Some(TY_STRING)),
            BinOp::Interleave => (Some(TY_STRING), None),
            BinOp::Match => (Some(TY_BIT), Some(TY_STRING)),
            BinOp::ListElem | BinOp::ListSlice | BinOp::Range => (None, None),
        };
        if let (Some(t), Some(it)) = (ty, ity) {
            if !self.cx.ty_convertible(t, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.cx.ty_str(it),
                    self.cx.ty_str(t)
                );
                return self.err(op_loc, msg);
            }
        }
        self.expect_lparen("expected '(' after binary operator")?;
        let mut list: Vec<InitId> = Vec::new();
        loop {
            let iloc = self.loc();
            let v = self.parse_value(cur, arg_ty, Mode::Value)?;
            list.push(v);
            let Some(lt) = self.cx.type_of(v) else {
                let msg = format!(
                    "expected value to be a typed value, got '{}'",
                    self.cx.init_str(v)
                );
                return self.err(op_loc, msg);
            };
            match arg_ty {
                None => {
                    arg_ty = Some(lt);
                    match op {
                        BinOp::ListConcat | BinOp::ListRemove
                            if self.cx.list_elem(lt).is_none() =>
                        {
                            let msg = format!(
                                "expected a list, got value of type '{}'",
                                self.cx.ty_str(lt)
                            );
                            return self.err(iloc, msg);
                        }
                        BinOp::ListSplat => {
                            if let Some(it) = ity {
                                if list.len() == 1 {
                                    if self.cx.list_elem(it).is_none() {
                                        let msg = format!(
                                            "expected output type to be a list, got type '{}'",
                                            self.cx.ty_str(it)
                                        );
                                        return self.err(op_loc, msg);
                                    }
                                    let l = self.cx.list_ty(lt);
                                    if !self.cx.ty_convertible(l, it) {
                                        let e = self.cx.list_elem(it).unwrap_or(it);
                                        let msg = format!(
                                            "expected first arg type to be '{}', got value of type '{}'",
                                            self.cx.ty_str(lt),
                                            self.cx.ty_str(e)
                                        );
                                        return self.err(op_loc, msg);
                                    }
                                }
                            }
                            if list.len() == 2 && lt != TY_INT {
                                let msg = format!(
                                    "expected second parameter to be an int, got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                                return self.err(iloc, msg);
                            }
                            arg_ty = None;
                        }
                        BinOp::Eq | BinOp::Ne
                            if !self.cx.ty_convertible(lt, TY_INT)
                                && !self.cx.ty_convertible(lt, TY_STRING)
                                && !self.cx.ty_convertible(lt, any_rec) =>
                        {
                            let msg = format!(
                                    "expected bit, bits, int, string, or record; got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                            return self.err(iloc, msg);
                        }
                        BinOp::GetDagArg | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt
                            if !self.cx.ty_convertible(lt, TY_INT)
                                && !self.cx.ty_convertible(lt, TY_STRING) =>
                        {
                            let msg = format!(
                                "expected bit, bits, int, or string; got value of type '{}'",
                                self.cx.ty_str(lt)
                            );
                            return self.err(iloc, msg);
                        }
                        BinOp::Interleave => {
                            if list.len() == 1 {
                                let sl = self.cx.list_ty(TY_STRING);
                                let il = self.cx.list_ty(TY_INT);
                                if lt != sl && !self.cx.ty_convertible(lt, il) {
                                    let msg = format!(
                                        "expected list of string, int, bits, or bit; got value of type '{}'",
                                        self.cx.ty_str(lt)
                                    );
                                    return self.err(iloc, msg);
                                }
                            } else if list.len() == 2 && lt != TY_STRING {
                                let msg = format!(
                                    "expected second argument to be a string, got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                                return self.err(iloc, msg);
                            }
                            arg_ty = None;
                        }
                        _ => {}
                    }
                }
                Some(at) => {
                    let Some(resolved) = self.cx.resolve_types(at, lt) else {
                        let msg = format!(
                            "expected value of type '{}', got '{}'",
                            self.cx.ty_str(at),
                            self.cx.ty_str(lt)
                        );
                        return self.err(iloc, msg);
                    };
                    if !matches!(
                        op,
                        BinOp::Add
                            | BinOp::Sub
                            | BinOp::And
                            | BinOp::Or
                            | BinOp::Xor
                            | BinOp::Sra
                            | BinOp::Srl
                            | BinOp::Shl
                            | BinOp::Mul
                            | BinOp::Div
                    ) {
                        arg_ty = Some(resolved);
                    }
                }
            }
            match op {
                BinOp::SetDagOp => arg_ty = Some(any_rec),
                BinOp::SetDagOpName => arg_ty = Some(TY_STRING),
                BinOp::GetDagArg => arg_ty = None,
                BinOp::GetDagName => arg_ty = Some(TY_INT),
                _ => {}
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in operator");
        }
        if matches!(op, BinOp::ListConcat | BinOp::ListRemove) {
            ty = arg_ty;
        }
        if op == BinOp::ListSplat {
            let ft = self.cx.type_of(list[0]).unwrap_or(TY_INT);
            ty = Some(self.cx.list_ty(ft));
        }
        let t = ty.unwrap_or(TY_INT);
        if matches!(
            op,
            BinOp::StrConcat
                | BinOp::ListConcat
                | BinOp::Concat
                | BinOp::Add
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Mul
        ) {
            while list.len() > 2 {
                let Some(r) = list.pop() else { break };
                let Some(l) = list.pop() else { break };
                let b = self.cx.mk(Init::Bin(op, l, r, t));
                let f = fold_bin(self.cx, b, cur);
                list.push(f);
            }
        }
        if list.len() == 2 {
            let b = self.cx.mk(Init::Bin(op, list[0], list[1], t));
            let r = fold_bin(self.cx, b, cur);
            self.check_fatal()?;
            return Ok(r);
        }
        self.err(op_loc, "expected two operands to operator")
    }

    fn parse_ternary(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        name: &str,
    ) -> PResult<InitId> {
        self.bump();
        let (op, mut ty, ity) = match name {
            "dag" => (TernOp::Dag, Some(TY_DAG), None),
            "if" => (TernOp::If, None, ity),
            "subst" => (TernOp::Subst, None, ity),
            "setdagarg" => (TernOp::SetDagArg, Some(TY_DAG), None),
            _ => (TernOp::SetDagName, Some(TY_DAG), None),
        };
        self.expect_lparen("expected '(' after ternary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in ternary operator");
        }
        let mloc = self.loc();
        let mhs = self.parse_value(cur, ity, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in ternary operator");
        }
        let rloc = self.loc();
        let rhs = self.parse_value(cur, ity, Mode::Value)?;
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in binary operator");
        }
        match op {
            TernOp::Dag => {
                let mt = self.typed(mhs);
                if mt.is_none() && !self.cx.is_unset(mhs) {
                    return self.err(mloc, "could not determine type of the child list in !dag");
                }
                if let Some(t) = mt {
                    if self.cx.list_elem(t).is_none() {
                        let msg = format!(
                            "expected list of children, got type '{}'",
                            self.cx.ty_str(t)
                        );
                        return self.err(mloc, msg);
                    }
                }
                let rt = self.typed(rhs);
                if rt.is_none() && !self.cx.is_unset(rhs) {
                    return self.err(rloc, "could not determine type of the name list in !dag");
                }
                if let Some(t) = rt {
                    let sl = self.cx.list_ty(TY_STRING);
                    if t != sl {
                        let msg =
                            format!("expected list<string>, got type '{}'", self.cx.ty_str(t));
                        return self.err(rloc, msg);
                    }
                }
                if mt.is_none() && rt.is_none() {
                    return self.err(
                        mloc,
                        "cannot have both unset children and unset names in !dag",
                    );
                }
            }
            TernOp::If => {
                let mut mt = self.typed(mhs);
                let mut rt = self.typed(rhs);
                if self.cx.is_unset(mhs) {
                    mt = rt;
                }
                if self.cx.is_unset(rhs) {
                    rt = mt;
                }
                let (Some(m), Some(r)) = (mt, rt) else {
                    return self.tok_err("could not get type for !if");
                };
                match self.cx.resolve_types(m, r) {
                    Some(t) => ty = Some(t),
                    None => {
                        let msg = format!(
                            "inconsistent types '{}' and '{}' for !if",
                            self.cx.ty_str(m),
                            self.cx.ty_str(r)
                        );
                        return self.tok_err(msg);
                    }
                }
            }
            TernOp::Subst => {
                let Some(t) = self.typed(rhs) else {
                    return self.tok_err("could not get type for !subst");
                };
                ty = Some(t);
            }
            TernOp::SetDagArg | TernOp::SetDagName => {
                let mt = self.typed(mhs);
                if !mt.is_some_and(|t| t == TY_INT || t == TY_STRING) {
                    let msg = format!(
                        "expected integer index or string name, got {}",
                        match mt {
                            Some(t) => format!("type '{}'", self.cx.ty_str(t)),
                            None => format!("'{}'", self.cx.init_str(mhs)),
                        }
                    );
                    return self.err(mloc, msg);
                }
                if op == TernOp::SetDagName {
                    let rt = self.typed(rhs);
                    // `?` clears the name.
                    if rt != Some(TY_STRING) && !self.cx.is_unset(rhs) {
                        let msg = format!(
                            "expected string name, got {}",
                            match rt {
                                Some(t) => format!("type '{}'", self.cx.ty_str(t)),
                                None => format!("'{}'", self.cx.init_str(rhs)),
                            }
                        );
                        return self.err(rloc, msg);
                    }
                }
            }
            _ => {}
        }
        let t = ty.unwrap_or(TY_INT);
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, t));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_foreach_filter(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        is_foreach: bool,
        op_loc: Loc,
    ) -> PResult<InitId> {
        self.bump();
        if self.tok() != Tok::LParen {
            return self.tok_err("expected '(' after !foreach/!filter");
        }
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("first argument of !foreach/!filter must be an identifier");
        }
        let var = self.sym();
        let lhs = self.cx.str_sym(var);
        self.bump();
        if let Some(c) = cur {
            if self.cx.rec(c).value(var).is_some() {
                let msg = format!(
                    "iteration variable '\"{}\"' is already defined",
                    self.s(var)
                );
                return self.tok_err(msg);
            }
        }
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foreach/!filter");
        }
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foreach/!filter");
        }
        let Some(mt) = self.typed(mhs) else {
            return self.tok_err("could not get type of !foreach/!filter list or dag");
        };
        let in_elt;
        let mut expr_elt = None;
        let mut is_dag = false;
        if let Some(e) = self.cx.list_elem(mt) {
            in_elt = e;
            if let Some(it) = ity {
                match self.cx.list_elem(it) {
                    Some(oe) => expr_elt = Some(if is_foreach { oe } else { TY_INT }),
                    None => {
                        let msg = format!(
                            "expected value of type '{}', but got list type",
                            self.cx.ty_str(it)
                        );
                        return self.err(op_loc, msg);
                    }
                }
            }
        } else if mt == TY_DAG {
            if !is_foreach {
                return self.tok_err("!filter must have a list argument");
            }
            in_elt = TY_DAG;
            if let Some(it) = ity {
                if it != TY_DAG {
                    let msg = format!(
                        "expected value of type '{}', but got dag type",
                        self.cx.ty_str(it)
                    );
                    return self.err(op_loc, msg);
                }
            }
            is_dag = true;
        } else if is_foreach {
            return self.tok_err("!foreach must have a list or dag argument");
        } else {
            return self.tok_err("!filter must have a list argument");
        }
        let vi = self.cx.mk(Init::Var(var, in_elt));
        self.push_scope(ScopeKind::Local);
        if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(var, vi);
        }
        let rhs = self.parse_value(cur, expr_elt, Mode::Value);
        self.pop_scope();
        let rhs = rhs?;
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in !foreach/!filter");
        }
        let out_ty = if is_foreach && !is_dag {
            let Some(rt) = self.typed(rhs) else {
                return self.tok_err("could not get type of !foreach result expression");
            };
            self.cx.list_ty(rt)
        } else if !is_foreach {
            self.cx.list_ty(in_elt)
        } else {
            in_elt
        };
        let op = if is_foreach {
            TernOp::Foreach
        } else {
            TernOp::Filter
        };
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, out_ty));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_cond(&mut self, cur: Option<RecId>, ity: Option<TyId>) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !cond operator")?;
        let mut conds = Vec::new();
        let mut vals = Vec::new();
        loop {
            if self.consume(Tok::RParen) {
                break;
            }
            let c = self.parse_value(cur, None, Mode::Value)?;
            conds.push(c);
            if !self.consume(Tok::Colon) {
                return self.tok_err("expected ':'  following a condition in !cond operator");
            }
            let v = self.parse_value(cur, ity, Mode::Value)?;
            vals.push(v);
            if self.consume(Tok::RParen) {
                break;
            }
            if !self.consume(Tok::Comma) {
                return self.tok_err("expected ',' or ')' following a value in !cond operator");
            }
        }
        if conds.is_empty() {
            return self
                .tok_err("there should be at least 1 'condition : value' in the !cond operator");
        }
        let mut ty: Option<TyId> = None;
        for &v in &vals {
            if self.cx.is_unset(v) {
                continue;
            }
            let vt = self.typed(v);
            ty = match (ty, vt) {
                (None, x) => x,
                (Some(t), Some(x)) => match self.cx.resolve_types(t, x) {
                    Some(r) => Some(r),
                    None => {
                        let msg = format!(
                            "inconsistent types '{}' and '{}' for !cond",
                            self.cx.ty_str(t),
                            self.cx.ty_str(x)
                        );
                        return self.tok_err(msg);
                    }
                },
                (Some(t), None) => Some(t),
            };
        }
        let Some(t) = ty else {
            return self.tok_err("could not determine type for !cond from its arguments");
        };
        let mut all = conds;
        all.extend(vals);
        let u = self.cx.mk(Init::Cond(all.into_boxed_slice(), t));
        let r = fold_cond(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_substr_find(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        substr: bool,
    ) -> PResult<InitId> {
        self.bump();
        let (opn, ty) = if substr {
            ("!substr", TY_STRING)
        } else {
            ("!find", TY_INT)
        };
        self.expect_lparen(&format!("expected '(' after {opn} operator"))?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err(format!("expected ',' in {opn} operator"));
        }
        let mloc = self.loc();
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        let mut rloc = self.loc();
        let rhs = if self.consume(Tok::Comma) {
            rloc = self.loc();
            self.parse_value(cur, None, Mode::Value)?
        } else if substr {
            self.cx.int(i64::MAX)
        } else {
            self.cx.int(0)
        };
        if !self.consume(Tok::RParen) {
            return self.tok_err(format!("expected ')' in {opn} operator"));
        }
        if let Some(it) = ity {
            if !self.cx.ty_convertible(ty, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.cx.ty_str(it),
                    self.cx.ty_str(ty)
                );
                return self.err(rloc, msg);
            }
        }
        let what = if substr { "string" } else { "source string" };
        let lt = self.typed(lhs);
        if lt.is_none() && !self.cx.is_unset(lhs) {
            return self.tok_err(format!("could not determine type of the {what} in {opn}"));
        }
        if let Some(t) = lt {
            if t != TY_STRING {
                return self.tok_err(format!("expected string, got type '{}'", self.cx.ty_str(t)));
            }
        }
        let mt = self.typed(mhs);
        if substr {
            if mt.is_none() && !self.cx.is_unset(mhs) {
                return self.tok_err("could not determine type of the start position in !substr");
            }
            if let Some(t) = mt {
                if t != TY_INT {
                    return self.err(
                        mloc,
                        format!("expected int, got type '{}'", self.cx.ty_str(t)),
                    );
                }
            }
        } else {
            if mt.is_none() && !self.cx.is_unset(mhs) {
                return self.tok_err("could not determine type of the target string in !find");
            }
            if let Some(t) = mt {
                if t != TY_STRING {
                    return self.err(
                        mloc,
                        format!("expected string, got type '{}'", self.cx.ty_str(t)),
                    );
                }
            }
        }
        let rt = self.typed(rhs);
        if let Some(t) = rt {
            if t != TY_INT {
                return self.tok_err(format!("expected int, got type '{}'", self.cx.ty_str(t)));
            }
        }
        let op = if substr { TernOp::Substr } else { TernOp::Find };
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, ty));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    /// The accumulator or element name of `!foldl` (its `nth` argument, the
    /// `side` variable), which must not name a field of the current record.
    fn parse_foldl_var(&mut self, cur: Option<RecId>, nth: &str, side: &str) -> PResult<Sym> {
        if self.tok() != Tok::Id {
            return self.tok_err(format!("{nth} argument of !foldl must be an identifier"));
        }
        let v = self.sym();
        if cur.is_some_and(|c| self.cx.rec(c).value(v).is_some()) {
            let msg = format!("{side} !foldl variable '\"{}\"' already defined", self.s(v));
            return self.tok_err(msg);
        }
        self.bump();
        Ok(v)
    }

    fn parse_foldl(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !foldl")?;
        let start = self.parse_value(cur, None, Mode::Value)?;
        let Some(st) = self.typed(start) else {
            let msg = format!(
                "could not get type of !foldl start: '{}'",
                self.cx.init_str(start)
            );
            return self.tok_err(msg);
        };
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let list = self.parse_value(cur, None, Mode::Value)?;
        let Some(lt) = self.typed(list) else {
            let msg = format!(
                "could not get type of !foldl list: '{}'",
                self.cx.init_str(list)
            );
            return self.tok_err(msg);
        };
        let Some(et) = self.cx.list_elem(lt) else {
            let msg = format!(
                "!foldl list must be a list, but is of type '{}'",
                self.cx.ty_str(lt)
            );
            return self.tok_err(msg);
        };
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let a = self.parse_foldl_var(cur, "third", "left")?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let b = self.parse_foldl_var(cur, "fourth", "right")?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let av = self.cx.mk(Init::Var(a, st));
        let bv = self.cx.mk(Init::Var(b, et));
        self.push_scope(ScopeKind::Local);
        if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(a, av);
            s.vars.insert(b, bv);
        }
        let expr = self.parse_value(cur, None, Mode::Value);
        self.pop_scope();
        let expr = expr?;
        let Some(xt) = self.typed(expr) else {
            return self.tok_err("could not get type of !foldl expression");
        };
        if xt != st {
            let msg = format!(
                "!foldl expression must be of same type as start ({}), but is of type {}",
                self.cx.ty_str(st),
                self.cx.ty_str(xt)
            );
            return self.tok_err(msg);
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in fold operator");
        }
        let u = self.cx.mk(Init::Fold(start, list, a, b, expr, st));
        let r = fold_foldl(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    fn parse_isa_exists(&mut self, cur: Option<RecId>, name: &str) -> PResult<InitId> {
        self.bump();
        let t = self.parse_operator_type()?;
        self.expect_lparen(&format!("expected '(' after type of !{name}"))?;
        let eloc = self.loc();
        if name == "instances" && self.consume(Tok::RParen) {
            if !self.cx.is_record_ty(t) {
                return self.err(eloc, "expected a record type in !instances");
            }
            let u = self.cx.mk(Init::Instances(t, self.cx.unset));
            return Ok(resolve::fold_instances(self.cx, u, cur, false));
        }
        let e = self.parse_value(cur, None, Mode::Value)?;
        if name != "isa" {
            let et = self.typed(e);
            match et {
                None => {
                    return self.err(
                        eloc,
                        format!("expected string type argument in !{name} operator"),
                    )
                }
                Some(x) if self.cx.is_record_ty(x) => return self.err(
                    eloc,
                    "expected string type argument in !exists operator, please use !isa instead",
                ),
                Some(x) if x != TY_STRING => {
                    return self.err(
                        eloc,
                        format!("expected string type argument in !{name} operator"),
                    )
                }
                _ => {}
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err(format!("expected ')' in !{name}"));
        }
        let r = match name {
            "isa" => {
                let u = self.cx.mk(Init::IsA(t, e));
                fold_isa(self.cx, u)
            }
            "exists" => {
                let u = self.cx.mk(Init::Exists(t, e));
                fold_exists(self.cx, u, cur, false)
            }
            _ => {
                if !self.cx.is_record_ty(t) {
                    return self.err(eloc, "expected a record type in !instances");
                }
                let u = self.cx.mk(Init::Instances(t, e));
                resolve::fold_instances(self.cx, u, cur, false)
            }
        };
        Ok(r)
    }

    fn parse_range(&mut self, cur: Option<RecId>, op_loc: Loc) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !range operator")?;
        let mut args: Vec<InitId> = Vec::new();
        let mut first_list = false;
        loop {
            if args.len() >= 3 {
                return self.tok_err("expected at most three values of integer");
            }
            let iloc = self.loc();
            let v = self.parse_value(cur, None, Mode::Value)?;
            args.push(v);
            let Some(t) = self.typed(v) else {
                let msg = format!(
                    "expected value to be a typed value, got '{}'",
                    self.cx.init_str(v)
                );
                return self.err(op_loc, msg);
            };
            if !first_list || args.len() == 1 {
                if args.len() == 1 && self.cx.list_elem(t).is_some() {
                    first_list = true;
                } else if t == TY_INT {
                } else {
                    let msg = if args.len() != 1 {
                        format!("expected value of type 'int', got '{}'", self.cx.ty_str(t))
                    } else {
                        format!(
                            "expected list or int, got value of type '{}'",
                            self.cx.ty_str(t)
                        )
                    };
                    return self.err(iloc, msg);
                }
            } else {
                let msg = format!(
                    "expected one list, got extra value of type '{}'",
                    self.cx.ty_str(t)
                );
                return self.err(iloc, msg);
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in operator");
        }
        let zero = self.cx.int(0);
        let one = self.cx.int(1);
        let (l, m, r) = if args.len() == 1 {
            if first_list {
                let u = self.cx.mk(Init::Un(UnOp::Size, args[0], TY_INT));
                let s = fold_un(self.cx, u, cur, false);
                (zero, s, one)
            } else {
                (zero, args[0], one)
            }
        } else {
            (
                args[0],
                args[1],
                if args.len() == 3 { args[2] } else { one },
            )
        };
        let lt = self.cx.list_ty(TY_INT);
        let u = self.cx.mk(Init::Tern(TernOp::Range, l, m, r, lt));
        Ok(fold_tern(self.cx, u, cur))
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
