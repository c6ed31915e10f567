//! What each top-level statement read from and wrote to the global tables,
//! for the language server's re-analysis after an edit
//! ([`crate::parser::resume`]): a statement whose reads none of an edit's
//! writes meet gives the same records, so its results can be kept.
//!
//! Off (no cost but a branch) unless [`Ctx::deps`] is set.

use super::{Ctx, InitId, RecId, Sym};
use irkit_diag::{Diagnostic, Loc};
use rustc_hash::FxHashMap;

/// A name looked up or bound in a global table (classes, defs, defvars and
/// defsets, multiclasses, type aliases: one name space here).
pub const NAME: u64 = 0;
/// A `VarDef` value's instance (an anonymous def) looked up or made.
pub const VAR_DEF: u64 = 1 << 32;
/// Where a `VarDef` value was first written (LLVM 22 locates its instance
/// there) looked up or noted.
pub const VAR_LOC: u64 = 2 << 32;
/// The part of a key that identifies the thing (kind and id).
pub const WHAT: u64 = (1 << 35) - 1;
/// Set on a key that a statement wrote.
pub const WRITE: u64 = 1 << 40;
/// Set on a written key that existed before (a forward-declared class
/// defined): undoing it is not removing it.
pub const UPDATE: u64 = 1 << 41;
/// For a written name, the table (bits 36..39).
pub const TABLE_SHIFT: u32 = 36;

/// The table a written name went into.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Table {
    Def = 0,
    Class = 1,
    Global = 2,
    MultiClass = 3,
    TypeAlias = 4,
}

impl Table {
    pub fn of(key: u64) -> Option<Table> {
        Some(match (key >> TABLE_SHIFT) & 7 {
            0 => Table::Def,
            1 => Table::Class,
            2 => Table::Global,
            3 => Table::MultiClass,
            4 => Table::TypeAlias,
            _ => return None,
        })
    }
}

/// One top-level statement's entry.
#[derive(Clone, Copy, Debug)]
pub struct StmtDeps {
    /// The token index where it starts.
    pub pos: usize,
    /// Its keys: `keys[start..end]` of the log.
    pub start: u32,
    pub end: u32,
    /// Anonymous names it took.
    pub anon: u32,
    /// Messages and errors it added.
    pub msgs: u32,
    /// It read every def (`!instances`).
    pub read_all: bool,
    /// It holds or made an anonymous record's name otherwise than as that
    /// record's own name ([`Ctx::note_anon_text`]): renumbering its names
    /// would change what it did.
    pub anon_text: bool,
    /// It looked up or bound by name a name spelled like an anonymous
    /// record's (not an anonymous record's own name): renumbering any
    /// names may change what it or a later statement did.
    pub anon_named: bool,
}

/// The log: keys of every statement in order, and the statements.
#[derive(Clone, Default, Debug)]
pub struct DepLog {
    pub keys: Vec<u64>,
    pub stmts: Vec<StmtDeps>,
    /// The statement being parsed read every def.
    pub read_all: bool,
    /// The statement being parsed used an anonymous name as text.
    pub anon_text: bool,
    /// The statement being parsed looked up or bound an anonymous name.
    pub anon_named: bool,
    /// For each `!foreach`/`!filter` item application kept in
    /// `Ctx::item_memo`, the keys logged while it was computed (as reads,
    /// in `memo_keys`) and its flags: a statement that uses the memo reads
    /// what the computation read or made ([`Ctx::memo_hit`]).
    pub memo: FxHashMap<MemoKey, (u32, u32, bool, bool)>,
    pub memo_keys: Vec<u64>,
    /// Records whose slots the next instantiations of these `VarDef`
    /// values take (made again in place, so that what refers to them
    /// still does; [`Ctx::reuse_slot`]).
    pub reuse: FxHashMap<InitId, RecId>,
    /// Classes whose slots the next definitions of these names take (the
    /// language server defines a class again where the records after it
    /// refer to it; [`Ctx::add_class_record`]) ...
    pub reuse_class: FxHashMap<Sym, RecId>,
    /// ... and what those slots held until then (to compare).
    pub reused_classes: Vec<(RecId, super::Record)>,
}

/// `Ctx::item_memo`'s key: body, variable, item.
pub type MemoKey = (InitId, Sym, InitId);

/// Where the log stood when a memoised computation started.
pub struct MemoMark {
    keys: usize,
    text: bool,
    named: bool,
}

/// The spelling of anonymous records' names (`anonymous_N`).
pub const ANON_PREFIX: &str = "anonymous_";

/// N of a name spelled `anonymous_N`.
pub fn anon_number(name: &str) -> Option<u32> {
    let digits = name.strip_prefix(ANON_PREFIX)?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

impl Ctx {
    #[inline]
    fn note(&mut self, key: u64) {
        // Out of line: the CLI pays a test and a branch per lookup.
        #[cold]
        #[inline(never)]
        fn push(d: &mut DepLog, key: u64) {
            d.keys.push(key);
        }
        if let Some(d) = self.deps.as_mut() {
            push(d, key);
        }
    }
    /// Records a lookup of `name` in a global table (and whether it is
    /// spelled like an anonymous record's name, `StmtDeps::anon_named`).
    #[inline]
    pub fn note_read(&mut self, name: Sym) {
        if self.deps.is_some() {
            self.note_name(NAME | u64::from(name.0), name);
        }
    }
    /// Records the lookup of an anonymous record's own name (when it is
    /// added as a def): renumbering renames it with the record.
    #[inline]
    pub fn note_read_own_name(&mut self, name: Sym) {
        self.note(NAME | u64::from(name.0));
    }
    /// Records that `name` was bound in `table` (`existed`: it was bound
    /// before, and is changed). An anonymous record's own name is bound
    /// in the def table only.
    #[inline]
    pub fn note_write(&mut self, table: Table, name: Sym, existed: bool) {
        if self.deps.is_some() {
            let upd = if existed { UPDATE } else { 0 };
            let key = NAME | u64::from(name.0) | WRITE | upd | ((table as u64) << TABLE_SHIFT);
            if table == Table::Def {
                self.note(key);
            } else {
                self.note_name(key, name);
            }
        }
    }
    #[cold]
    #[inline(never)]
    fn note_name(&mut self, key: u64, name: Sym) {
        let anon = self.strs.str(name).starts_with(ANON_PREFIX);
        if let Some(d) = self.deps.as_mut() {
            d.keys.push(key);
            d.anon_named |= anon;
        }
    }
    /// Records that the statement holds or made an anonymous name in a
    /// form the renumbering of [`crate::parser::resume`] cannot reach (a
    /// string value, a name taken in a multiclass body).
    #[inline]
    pub fn note_anon_text(&mut self) {
        if let Some(d) = self.deps.as_mut() {
            d.anon_text = true;
        }
    }
    /// [`Ctx::note_anon_text`] if the string `s` (a value being made)
    /// contains an anonymous name.
    #[inline]
    pub fn note_string(&mut self, s: &str) {
        #[cold]
        #[inline(never)]
        fn check(d: &mut DepLog, s: &str) {
            d.anon_text |= s.contains(ANON_PREFIX);
        }
        if let Some(d) = self.deps.as_mut() {
            check(d, s);
        }
    }
    /// Whether the statement being parsed used an anonymous name as text
    /// so far, and sets that (to exempt a record's own name: see
    /// `resolve_record`).
    pub fn swap_anon_text(&mut self, v: bool) -> bool {
        match self.deps.as_mut() {
            Some(d) => std::mem::replace(&mut d.anon_text, v),
            None => false,
        }
    }
    #[inline]
    pub(crate) fn note_var(&mut self, kind: u64, vd: InitId, write: bool) {
        self.note(kind | u64::from(vd.0) | if write { WRITE } else { 0 });
    }
    /// Starts logging a computation to be memoised (None: no log).
    #[inline]
    pub fn memo_start(&mut self) -> Option<MemoMark> {
        let d = self.deps.as_mut()?;
        Some(MemoMark {
            keys: d.keys.len(),
            text: std::mem::take(&mut d.anon_text),
            named: std::mem::take(&mut d.anon_named),
        })
    }
    /// Ends the computation started at `mark`, memoised under `key`: what
    /// it logged is kept for [`Ctx::memo_hit`].
    pub fn memo_end(&mut self, key: MemoKey, mark: Option<MemoMark>, keep: bool) {
        let (Some(d), Some(m)) = (self.deps.as_mut(), mark) else {
            return;
        };
        let (text, named) = (d.anon_text, d.anon_named);
        d.anon_text |= m.text;
        d.anon_named |= m.named;
        let from = m.keys.min(d.keys.len());
        // (a computation that logged nothing is left out: nothing to read)
        if keep && (from < d.keys.len() || text || named) {
            let a = d.memo_keys.len() as u32;
            let reads = d.keys[from..]
                .iter()
                .map(|&k| k & !(WRITE | UPDATE | (7 << TABLE_SHIFT)));
            d.memo_keys.extend(reads);
            let b = d.memo_keys.len() as u32;
            d.memo.insert(key, (a, b, text, named));
        }
    }
    /// A use of the memoised computation `key`: logs what it logged, as
    /// reads (a computation not in [`DepLog::memo`] logged nothing).
    /// False if its log is gone (then it must not be used).
    #[inline]
    pub fn memo_hit(&mut self, key: MemoKey) -> bool {
        #[cold]
        #[inline(never)]
        fn replay(d: &mut DepLog, key: MemoKey) -> bool {
            let Some(&(a, b, text, named)) = d.memo.get(&key) else {
                return true;
            };
            let (a, b) = (a as usize, b as usize);
            let Some(ks) = d.memo_keys.get(a..b) else {
                return false;
            };
            d.keys.extend_from_slice(ks);
            d.anon_text |= text;
            d.anon_named |= named;
            true
        }
        match self.deps.as_mut() {
            Some(d) => replay(d, key),
            None => true,
        }
    }
    /// Records a read of every def.
    pub fn note_read_all(&mut self) {
        if let Some(d) = self.deps.as_mut() {
            d.read_all = true;
        }
    }
    /// Closes the statement that started at token `pos` (keys since the
    /// last one; `anon0`/`msgs0`: the counts when it started).
    pub fn close_stmt(&mut self, pos: usize, anon0: u32, msgs0: usize) {
        let anon = self.anon_counter.wrapping_sub(anon0);
        let msgs = (self.messages.len() + self.errors.len()).saturating_sub(msgs0) as u32;
        if let Some(d) = self.deps.as_mut() {
            let start = d.stmts.last().map_or(0, |s| s.end);
            let end = d.keys.len() as u32;
            d.stmts.push(StmtDeps {
                pos,
                start,
                end,
                anon,
                msgs,
                read_all: std::mem::take(&mut d.read_all),
                anon_text: std::mem::take(&mut d.anon_text),
                anon_named: std::mem::take(&mut d.anon_named),
            });
        }
    }
    /// Drops the entries of statements at token `pos` or after (a run
    /// resumed there parses them again).
    pub fn truncate_deps(&mut self, pos: usize) {
        if let Some(d) = self.deps.as_mut() {
            let k = d.stmts.partition_point(|s| s.pos < pos);
            d.stmts.truncate(k);
            let end = d.stmts.last().map_or(0, |s| s.end);
            d.keys.truncate(end as usize);
            d.read_all = false;
            d.anon_text = false;
            d.anon_named = false;
        }
    }
    /// Forgets the instance of `VarDef` value `vd` and where it was first
    /// written (the statement that made them is taken out).
    pub fn forget_var_def(&mut self, vd: InitId) {
        self.var_def_cache.unset(vd.0 as usize);
    }
    pub fn forget_var_def_loc(&mut self, vd: InitId) {
        self.var_def_locs.remove(&vd);
    }
    /// Takes out the instance of `VarDef` value `vd` (made again, or put
    /// back with [`Ctx::put_var_def`]), without logging.
    pub fn take_var_def(&mut self, vd: InitId) -> Option<InitId> {
        let d = self.var_def_cache.get(vd.0 as usize)?;
        self.var_def_cache.unset(vd.0 as usize);
        Some(InitId(d))
    }
    pub fn put_var_def(&mut self, vd: InitId, d: InitId) {
        self.var_def_cache.set(vd.0 as usize, d.0);
    }
    /// The instance of `VarDef` value `vd`, without logging.
    pub fn peek_var_def(&self, vd: InitId) -> Option<InitId> {
        self.var_def_cache.get(vd.0 as usize).map(InitId)
    }
    /// Takes out where `VarDef` value `vd` was first written, without
    /// logging.
    pub fn take_var_def_loc(&mut self, vd: InitId) -> Option<Loc> {
        self.var_def_locs.remove(&vd)
    }
    pub fn put_var_def_loc(&mut self, vd: InitId, loc: Loc) {
        self.var_def_locs.insert(vd, loc);
    }
    pub fn peek_var_def_loc(&self, vd: InitId) -> Option<Loc> {
        self.var_def_locs.get(&vd).copied()
    }
    /// The record slot an instantiation of `vd` takes, if one is set
    /// aside for it ([`DepLog::reuse`]).
    #[inline]
    pub fn reuse_slot(&mut self, vd: InitId) -> Option<RecId> {
        let d = self.deps.as_mut()?;
        if d.reuse.is_empty() {
            return None;
        }
        d.reuse.remove(&vd)
    }
    /// Adds the class record `fresh` named `name`: in the slot the log
    /// gives for it ([`DepLog::reuse_class`]; what the slot held is kept
    /// in [`DepLog::reused_classes`]), else as a new record.
    pub fn add_class_record(&mut self, name: Sym, fresh: super::Record) -> RecId {
        let slot = match self.deps.as_mut() {
            Some(d) if !d.reuse_class.is_empty() => d.reuse_class.remove(&name),
            _ => None,
        };
        let Some(slot) = slot else {
            return self.add_record(fresh);
        };
        let old = std::mem::replace(self.rec_mut(slot), fresh);
        if let Some(d) = self.deps.as_mut() {
            d.reused_classes.push((slot, old));
        }
        slot
    }
}

impl super::Record {
    /// Applies `f` to every location the record holds.
    pub fn shift_locs(&mut self, f: &dyn Fn(&mut Loc)) {
        self.locs.iter_mut().for_each(f);
        self.values.iter_mut().for_each(|v| f(&mut v.loc));
        self.supers.iter_mut().for_each(|s| f(&mut s.1));
        self.asserts.iter_mut().for_each(|a| f(&mut a.loc));
        self.dumps.iter_mut().for_each(|d| f(&mut d.loc));
    }
}

impl Ctx {
    /// Applies `f` to every location the model holds (records, messages,
    /// where `VarDef` values were written).
    pub fn shift_locs(&mut self, f: &dyn Fn(&mut Loc)) {
        for r in &mut self.records {
            r.shift_locs(f);
        }
        let diag = |d: &mut Diagnostic| {
            if let Some(l) = d.loc.as_mut() {
                f(l);
            }
            for n in &mut d.notes {
                if let Some(l) = n.loc.as_mut() {
                    f(l);
                }
            }
            for l in &mut d.labels {
                f(&mut l.loc);
            }
        };
        self.messages.iter_mut().for_each(diag);
        self.errors.iter_mut().for_each(diag);
        if let Some(d) = self.fatal.as_mut() {
            diag(d);
        }
        self.var_def_locs.values_mut().for_each(f);
    }
}
