//! Parsing that can stop and resume between top-level statements, for the
//! language server: a [`Checkpoint`] is the model and the parser's state
//! before one top-level object, and a later run over a token stream whose
//! tokens up to that object are the same resumes from it instead of
//! starting over (an edit near the end of a large file, or below its
//! `include`s, then re-parses only what follows).
//!
//! At the end of input the final model is itself a checkpoint
//! ([`Resumed::end`] gives the parser's state without copying anything): a
//! caller that keeps the model behind an [`Rc`] shares it with the
//! checkpoint, and copies it only when a later run resumes from there.
//!
//! Between two top-level objects the parser's stacks (lets, loops,
//! defsets, scopes other than the file's) are empty, so its state is the
//! model plus the few tables below.

use super::{Entry, MultiClass, Parser, Scope, ScopeKind};
use crate::lexer::{Tok, Token};
use crate::model::deps::{self, Table};
use crate::model::{Ctx, InitId, RecId, Sym, TyId};
use irkit_diag::{Diagnostic, FileId, Loc};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;

/// The parser's state between two top-level objects (besides the model).
#[derive(Clone, Default)]
pub struct TopState {
    multiclasses: FxHashMap<Sym, MultiClass>,
    vars: FxHashMap<Sym, InitId>,
    qualified: FxHashMap<(RecId, Sym), Sym>,
    used_targs: FxHashSet<Sym>,
    type_aliases: FxHashMap<Sym, TyId>,
    stmt_loc: Option<Loc>,
}

/// The model and parser state before the top-level object at token `pos`
/// (or at the end of input).
#[derive(Clone)]
pub struct Checkpoint {
    pub cx: Rc<Ctx>,
    pub pos: usize,
    state: TopState,
}

/// What [`parse_resumable`] did.
pub struct Resumed {
    /// As [`super::parse`]'s result.
    pub result: Result<(), Diagnostic>,
    /// The token index of every top-level object parsed (in order, from
    /// the start position), and of the end of input if it was reached.
    pub boundaries: Vec<usize>,
    /// The state before the object at the `mark` asked for, if the run got
    /// there and `mark` is a top-level boundary.
    pub checkpoint: Option<Checkpoint>,
    /// The parser's state at the end of input, when the run got there
    /// between top-level objects: with the final model, a checkpoint
    /// ([`Checkpoint::at_end`]).
    pub end: Option<(usize, TopState)>,
    /// The tokens parsed, given back.
    pub toks: Vec<Token>,
    /// The position and parser state where the run stopped when asked to
    /// (`stop`), to go on from with the same model.
    pub stopped: Option<(usize, TopState)>,
}

/// Whether the statement before a top-level boundary reads the token
/// there when it is `kind`: a `;` after a class, def or multiclass body is
/// taken (and reported) as a spurious semicolon, an `else` continues an
/// `if`; any other token ends the statement unread. So a run may resume at
/// a boundary whose token changed only when the new token is not one of
/// these.
pub fn read_by_previous(kind: Tok) -> bool {
    matches!(kind, Tok::Semi | Tok::Else)
}

/// Parses `toks` into `cx` as [`super::parse`] does, but from `from` (a
/// checkpoint's position and state: `cx` must then be a copy of that
/// checkpoint's model, and `toks` the same as the checkpoint's up to its
/// position) or from the start, and copies the state at token `mark` when
/// a top-level object starts there. With `stop`, it stops before the
/// top-level object at that token, if one starts there. With
/// [`Ctx::deps`] set, each top-level object's reads and writes are logged.
pub fn parse_resumable(
    cx: &mut Ctx,
    toks: Vec<Token>,
    from: Option<(usize, TopState)>,
    mark: Option<usize>,
    stop: Option<usize>,
) -> Resumed {
    let (pos, st) = from.unwrap_or_default();
    cx.truncate_deps(pos);
    if pos == 0 {
        cx.reserve(toks.len() / 2, toks.len() / 10);
    }
    let mut p = Parser {
        cx,
        toks,
        pos,
        multiclasses: st.multiclasses,
        cur_mc: None,
        loops: Vec::new(),
        let_stack: Vec::new(),
        scopes: vec![Scope {
            kind: ScopeKind::Local,
            vars: st.vars,
        }],
        defsets: Vec::new(),
        depth: 0,
        too_deep: false,
        qualified: st.qualified,
        applying_lets: false,
        used_targs: st.used_targs,
        type_aliases: st.type_aliases,
        stmt_loc: st.stmt_loc,
    };
    let mut boundaries = Vec::new();
    let mut checkpoint = None;
    let mut end = None;
    let mut stopped = None;
    // The statement being parsed: where it started, the anonymous and
    // message counts then.
    let mut open: Option<(usize, u32, usize)> = None;
    let result = loop {
        if p.toks.is_empty() {
            break Ok(());
        }
        if let Some((at, anon0, msgs0)) = open.take() {
            p.cx.close_stmt(at, anon0, msgs0);
        }
        if Some(p.pos) == stop && p.tok() != Tok::Eof {
            stopped = p.take_state();
            if stopped.is_some() {
                break Ok(());
            }
        }
        boundaries.push(p.pos);
        if Some(p.pos) == mark && checkpoint.is_none() {
            checkpoint = p.checkpoint();
        }
        if p.tok() == Tok::Eof {
            end = p.take_state();
            break Ok(());
        }
        if !p.at_object_start() {
            break p.tok_err("Unexpected token at top level");
        }
        if p.cx.deps.is_some() {
            let msgs = p.cx.messages.len() + p.cx.errors.len();
            open = Some((p.pos, p.cx.anon_counter, msgs));
        }
        if let Err(e) = p.parse_object(None).and_then(|()| p.check_fatal()) {
            break Err(e);
        }
    };
    Resumed {
        result,
        boundaries,
        checkpoint,
        end,
        toks: std::mem::take(&mut p.toks),
        stopped,
    }
}

impl Parser<'_> {
    fn at_top_level(&self) -> bool {
        self.cur_mc.is_none()
            && self.loops.is_empty()
            && self.let_stack.is_empty()
            && self.defsets.is_empty()
            && self.scopes.len() == 1
            && self.depth == 0
            && !self.applying_lets
    }

    /// The state now, moved out, when the parser is between top-level
    /// objects (it stops after this).
    fn take_state(&mut self) -> Option<(usize, TopState)> {
        if !self.at_top_level() {
            return None;
        }
        let scope = self.scopes.first_mut()?;
        Some((
            self.pos,
            TopState {
                multiclasses: std::mem::take(&mut self.multiclasses),
                vars: std::mem::take(&mut scope.vars),
                qualified: std::mem::take(&mut self.qualified),
                used_targs: std::mem::take(&mut self.used_targs),
                type_aliases: std::mem::take(&mut self.type_aliases),
                stmt_loc: self.stmt_loc,
            },
        ))
    }

    /// A copy of the state now, when the parser is between top-level
    /// objects.
    fn checkpoint(&self) -> Option<Checkpoint> {
        let scope = self.scopes.first().filter(|_| self.at_top_level())?;
        Some(Checkpoint {
            cx: Rc::new(self.cx.clone()),
            pos: self.pos,
            state: TopState {
                multiclasses: self.multiclasses.clone(),
                vars: scope.vars.clone(),
                qualified: self.qualified.clone(),
                used_targs: self.used_targs.clone(),
                type_aliases: self.type_aliases.clone(),
                stmt_loc: self.stmt_loc,
            },
        })
    }
}

impl Checkpoint {
    /// The checkpoint at the end of a run: `cx` is the run's final model,
    /// `end` what [`parse_resumable`] gave as [`Resumed::end`].
    pub fn at_end(cx: Rc<Ctx>, end: (usize, TopState)) -> Self {
        Checkpoint {
            cx,
            pos: end.0,
            state: end.1,
        }
    }

    /// The position and state to pass to [`parse_resumable`] with a copy
    /// of `cx`.
    pub fn state(&self) -> (usize, TopState) {
        (self.pos, self.state.clone())
    }
}

/// A multiclass as it was before a splice took its statement out, to be
/// compared with its definition again ([`TopState::same_multiclass`]).
pub struct MultiClassWas(MultiClass);

impl TopState {
    /// The multiclass `name` as it is now.
    pub fn multiclass_was(&self, name: Sym) -> Option<MultiClassWas> {
        self.multiclasses.get(&name).cloned().map(MultiClassWas)
    }

    /// Whether the multiclass `name` is defined as `was` was: the same
    /// entries, whose records (both in `cx`) agree field by field, and
    /// whose other locations agree once `was`'s are moved by `shift` (the
    /// records' were moved in `cx`).
    pub fn same_multiclass(
        &self,
        cx: &Ctx,
        name: Sym,
        was: &MultiClassWas,
        shift: &dyn Fn(&mut Loc),
    ) -> bool {
        let same_rec = |new: RecId, old: RecId| cx.rec(new) == cx.rec(old);
        fn same_entries(
            new: &[Entry],
            old: &[Entry],
            same_rec: &dyn Fn(RecId, RecId) -> bool,
            shift: &dyn Fn(&mut Loc),
        ) -> bool {
            new.len() == old.len()
                && new.iter().zip(old).all(|(n, o)| match (n, o) {
                    (Entry::Rec(a), Entry::Rec(b)) => same_rec(*a, *b),
                    (Entry::Loop(a), Entry::Loop(b)) => {
                        let mut loc = b.loc;
                        shift(&mut loc);
                        a.loc == loc
                            && a.iter == b.iter
                            && a.list == b.list
                            && same_entries(&a.entries, &b.entries, same_rec, shift)
                    }
                    (Entry::Assert(a), Entry::Assert(b)) => {
                        let mut b = b.clone();
                        shift(&mut b.loc);
                        *a == b
                    }
                    (Entry::Dump(a), Entry::Dump(b)) => {
                        let mut b = b.clone();
                        shift(&mut b.loc);
                        *a == b
                    }
                    _ => false,
                })
        }
        self.multiclasses.get(&name).is_some_and(|mc| {
            same_rec(mc.rec, was.0.rec)
                && same_entries(&mc.entries, &was.0.entries, &same_rec, shift)
        })
    }

    /// Unbinds `name` from the parser's tables of kind `table`.
    pub fn forget(&mut self, table: Table, name: Sym) {
        match table {
            Table::MultiClass => {
                self.multiclasses.remove(&name);
            }
            Table::TypeAlias => {
                self.type_aliases.remove(&name);
            }
            Table::Global => {
                self.vars.remove(&name);
            }
            Table::Def | Table::Class => {}
        }
    }

    /// The statement location kept between statements.
    pub fn stmt_loc(&self) -> Option<Loc> {
        self.stmt_loc
    }
    pub fn set_stmt_loc(&mut self, l: Option<Loc>) {
        self.stmt_loc = l;
    }
}

/// Takes the bindings that `keys` (a statement's log) wrote out of `cx`
/// and `st`: the statement is taken out of the model (its records stay,
/// unreachable). False if one of them changed a binding that existed
/// before (nothing is changed then).
pub fn forget_writes(cx: &mut Ctx, st: &mut TopState, keys: &[u64]) -> bool {
    if keys.iter().any(|&k| k & deps::UPDATE != 0) {
        return false;
    }
    forget_memos(cx, keys);
    for &k in keys.iter().filter(|&&k| k & deps::WRITE != 0) {
        let id = (k & 0xffff_ffff) as u32;
        match k & (deps::WHAT & !0xffff_ffff) {
            deps::VAR_DEF => cx.forget_var_def(InitId(id)),
            deps::VAR_LOC => cx.forget_var_def_loc(InitId(id)),
            _ => {
                let name = Sym(id);
                match Table::of(k) {
                    Some(Table::Def) => {
                        cx.defs.remove(&name);
                    }
                    Some(Table::Class) => {
                        cx.classes.remove(&name);
                    }
                    Some(Table::Global) => {
                        cx.globals.remove(&name);
                        st.forget(Table::Global, name);
                    }
                    Some(t) => st.forget(t, name),
                    None => {}
                }
            }
        }
    }
    true
}

/// Drops the memoised item applications ([`Ctx::item_memo`]) whose
/// computation read or made something in `keys` (what a statement taken
/// out wrote): a later use would get a record no longer in the model.
fn forget_memos(cx: &mut Ctx, keys: &[u64]) {
    let gone: FxHashSet<u64> = keys
        .iter()
        .filter(|&&k| k & deps::WRITE != 0)
        .map(|&k| k & deps::WHAT)
        .collect();
    let Some(d) = cx.deps.as_mut() else {
        return;
    };
    if gone.is_empty() || d.memo.is_empty() {
        return;
    }
    let memo_keys = &d.memo_keys;
    let mut dropped = Vec::new();
    d.memo.retain(|key, &mut (a, b, _, _)| {
        let hit = memo_keys
            .get(a as usize..b as usize)
            .is_none_or(|ks| ks.iter().any(|k| gone.contains(&(k & deps::WHAT))));
        if hit {
            dropped.push(*key);
        }
        !hit
    });
    for key in dropped {
        cx.item_memo.remove(&key);
    }
}

/// Moves `l` by `delta` bytes when it is in file `file` at or after byte
/// `from` (the text before it grew or shrank; [`shift_locs`]).
pub fn move_loc(l: &mut Loc, file: FileId, from: u32, delta: i64) {
    if l.file == file && l.span.start >= from {
        l.span.start = (i64::from(l.span.start) + delta) as u32;
        l.span.end = (i64::from(l.span.end) + delta) as u32;
    }
}

/// Moves every location in file `file` at or after byte `from` by
/// `delta` bytes, in the model and the parser state (the text before them
/// grew or shrank).
pub fn shift_locs(cx: &mut Ctx, st: &mut TopState, file: FileId, from: u32, delta: i64) {
    if delta == 0 {
        return;
    }
    let f = |l: &mut Loc| move_loc(l, file, from, delta);
    cx.shift_locs(&f);
    if let Some(l) = st.stmt_loc.as_mut() {
        f(l);
    }
    fn entries(es: &mut [super::Entry], f: &dyn Fn(&mut Loc)) {
        for e in es {
            match e {
                super::Entry::Rec(_) => {}
                super::Entry::Loop(lp) => {
                    f(&mut lp.loc);
                    entries(&mut lp.entries, f);
                }
                super::Entry::Assert(a) => f(&mut a.loc),
                super::Entry::Dump(d) => f(&mut d.loc),
            }
        }
    }
    for m in st.multiclasses.values_mut() {
        entries(&mut m.entries, &f);
    }
}
