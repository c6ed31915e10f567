//! The record model: interned strings ([`Sym`]), interned types
//! ([`RecTy`] by [`TyId`]), uniqued values ([`Init`] by [`InitId`]) and
//! records ([`Record`] by [`RecId`]), all owned by one [`Ctx`].
//!
//! Values are immutable and hash-consed like LLVM's `Init`s: two equal
//! values have the same id, so comparing ids compares values, and a
//! resolver can tell "unchanged" by id equality.

pub mod deps;
mod init;
mod ty;

pub use init::{ArgKey, BinOp, Init, InitRef, TernOp, UnOp};
pub use ty::RecTy;

use irkit_diag::{Diagnostic, Loc};
use rustc_hash::FxHashMap;

/// Appends the decimal spelling of `v` (faster than `write!`).
pub fn push_int(out: &mut String, v: i64) {
    let mut buf = [0u8; 20];
    let mut n = v.unsigned_abs();
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    if v < 0 {
        out.push('-');
    }
    for &b in &buf[k..] {
        out.push(b as char);
    }
}

/// An interned string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Sym(pub u32);

impl Sym {
    /// The empty string, interned first.
    pub const EMPTY: Sym = Sym(0);
}

/// The string table: every string's bytes in one buffer (an arena: no
/// allocation per string, and a copy of the table is three flat copies),
/// found by hash through hashbrown's `HashTable` of symbols, with every
/// string's full hash kept by symbol so that growing never rehashes a string.
#[derive(Clone, Default)]
pub struct Interner {
    bytes: String,
    /// Where each symbol's string ends in `bytes` (it starts where the
    /// previous one ends).
    ends: Vec<usize>,
    table: hashbrown::HashTable<u32>,
    hashes: Vec<u64>,
}

impl Interner {
    pub fn new() -> Interner {
        let mut i = Interner::default();
        i.intern("");
        i
    }
    #[inline]
    fn hash(s: &str) -> u64 {
        use std::hash::BuildHasher;
        rustc_hash::FxBuildHasher.hash_one(s)
    }
    #[inline]
    fn span(ends: &[usize], k: usize) -> (usize, usize) {
        let start = if k == 0 { 0 } else { ends[k - 1] };
        (start, ends[k])
    }
    #[inline]
    fn find(&self, h: u64, s: &str) -> Option<Sym> {
        let Interner { bytes, ends, .. } = self;
        self.table
            .find(h, |&y| {
                let (a, b) = Self::span(ends, y as usize);
                bytes.as_bytes()[a..b] == *s.as_bytes()
            })
            .map(|&y| Sym(y))
    }
    pub fn intern(&mut self, s: &str) -> Sym {
        let h = Self::hash(s);
        if let Some(y) = self.find(h, s) {
            return y;
        }
        let y = self.ends.len() as u32;
        self.bytes.push_str(s);
        self.ends.push(self.bytes.len());
        self.hashes.push(h);
        let hashes = &self.hashes;
        self.table.insert_unique(h, y, |&k| hashes[k as usize]);
        Sym(y)
    }
    pub fn get(&self, s: &str) -> Option<Sym> {
        self.find(Self::hash(s), s)
    }
    pub fn len(&self) -> usize {
        self.ends.len()
    }
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
    pub fn str(&self, y: Sym) -> &str {
        let (a, b) = Self::span(&self.ends, y.0 as usize);
        &self.bytes[a..b]
    }
}

/// A cache from a dense index (an id, a width) to an id, stored as a
/// vector with `u32::MAX` for "absent": no hashing on hot paths.
#[derive(Clone, Default)]
struct DenseCache(Vec<u32>);

impl DenseCache {
    fn get(&self, k: usize) -> Option<u32> {
        self.0.get(k).copied().filter(|&v| v != u32::MAX)
    }
    fn set(&mut self, k: usize, v: u32) {
        if self.0.len() <= k {
            self.0.resize(k + 1, u32::MAX);
        }
        self.0[k] = v;
    }
    fn unset(&mut self, k: usize) {
        if let Some(v) = self.0.get_mut(k) {
            *v = u32::MAX;
        }
    }
}

/// The bits of a value's flags word ([`Ctx::flags`]) and of a resolver's
/// mask ([`crate::resolve::Resolver::mask`]). A value whose variable bits
/// meet none of a resolver's, and which holds no anonymous name the
/// resolver may rename, resolves to itself: `resolve_init` returns it
/// without walking it (a final resolver also needs it pure).
pub struct VarMask;

impl VarMask {
    /// The bits that stand for variable names (a Bloom filter).
    pub const VARS: u64 = (1 << 60) - 1;
    /// The value may change with no part changing, under any resolver: a
    /// `!and`/`!or` whose left operand is concrete (LLVM 22 decides it by
    /// that operand alone when it is 0 / -1, `Rules::and_or_short_circuit`).
    pub const FOLDS: u64 = 1 << 60;
    /// The value holds an anonymous record name.
    pub const ANON: u64 = 1 << 61;
    /// The value holds `!cast`, `!exists` or `!instances`.
    pub const IMPURE: u64 = 1 << 62;
    /// The value is concrete.
    pub const CONCRETE: u64 = 1 << 63;
    /// The bit of variable `name`.
    #[inline]
    pub fn var(name: Sym) -> u64 {
        1 << (name.0 % 60)
    }
}

/// The table that uniques values: hashbrown's `HashTable` of (id, 32 bits
/// of the hash) pairs. SIMD group probing matches 7 bits of the hash; the
/// 32 kept beside the id reject almost every false match before the value
/// is read, and let the table grow without rehashing a value.
#[derive(Clone)]
struct UniqTable {
    table: hashbrown::HashTable<(u32, u32)>,
}

impl UniqTable {
    fn new() -> UniqTable {
        UniqTable {
            table: hashbrown::HashTable::with_capacity(1024),
        }
    }
    /// The 32 bits of a value's hash that the table keeps.
    #[inline]
    fn short(h: u64) -> u32 {
        (h >> 32) as u32 ^ h as u32
    }
    /// The hash the table probes with, rebuilt from the kept bits (its top
    /// bits give hashbrown's tag, its low bits the bucket).
    #[inline]
    fn full(s: u32) -> u64 {
        (u64::from(s) << 32) | u64::from(s)
    }
    /// The id whose value `same` accepts, or the hash to insert with.
    #[inline]
    fn find(&self, h: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, u64> {
        let s = Self::short(h);
        match self
            .table
            .find(Self::full(s), |&(id, hs)| hs == s && same(id))
        {
            Some(&(id, _)) => Ok(id),
            None => Err(h),
        }
    }
    /// Inserts `id` with hash `h`, after a failed `find`.
    fn insert(&mut self, h: u64, id: u32) {
        let s = Self::short(h);
        self.table
            .insert_unique(Self::full(s), (id, s), |&(_, hs)| Self::full(hs));
    }
    /// Makes room for `n` entries in all.
    fn reserve(&mut self, n: usize) {
        let extra = n.saturating_sub(self.table.len());
        self.table.reserve(extra, |&(_, hs)| Self::full(hs));
    }
}

/// A type id (index into [`Ctx`]'s type table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyId(pub u32);

/// A value id (index into [`Ctx`]'s value table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct InitId(pub u32);

/// A record id (class, def or multiclass prototype).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RecId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecKind {
    Class,
    Def,
    AnonDef,
    MultiClass,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    Normal,
    NonconcreteOk,
    TemplateArg,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RecordVal {
    pub name: Sym,
    pub ty: TyId,
    pub value: InitId,
    pub kind: FieldKind,
    pub loc: Loc,
    /// The last value given did not fit the field's type: LLVM then leaves
    /// the field without any value (`value` is `?` here), printed as
    /// `bits<2> a;`. Seen only in output written despite errors (19).
    pub no_value: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Assertion {
    pub loc: Loc,
    pub cond: InitId,
    pub msg: InitId,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Dump {
    pub loc: Loc,
    pub msg: InitId,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    pub name: InitId,
    pub locs: Vec<Loc>,
    pub targs: Vec<Sym>,
    pub values: Vec<RecordVal>,
    pub asserts: Vec<Assertion>,
    pub dumps: Vec<Dump>,
    pub supers: Vec<(RecId, Loc)>,
    pub kind: RecKind,
}

impl Record {
    /// A copy of the record with `extra` appended to its locations (one
    /// allocation for them, not a copy then a regrowth).
    pub fn copy_with_loc(&self, extra: Option<Loc>) -> Record {
        let mut locs = Vec::with_capacity(self.locs.len() + usize::from(extra.is_some()));
        locs.extend_from_slice(&self.locs);
        locs.extend(extra);
        Record {
            name: self.name,
            locs,
            targs: self.targs.clone(),
            values: self.values.clone(),
            asserts: self.asserts.clone(),
            dumps: self.dumps.clone(),
            supers: self.supers.clone(),
            kind: self.kind,
        }
    }
    pub fn value(&self, name: Sym) -> Option<&RecordVal> {
        self.values.iter().find(|v| v.name == name)
    }
    pub fn value_mut(&mut self, name: Sym) -> Option<&mut RecordVal> {
        self.values.iter_mut().find(|v| v.name == name)
    }
    pub fn is_class(&self) -> bool {
        self.kind == RecKind::Class
    }
    pub fn is_anonymous(&self) -> bool {
        self.kind == RecKind::AnonDef
    }
    pub fn is_template_arg(&self, name: Sym) -> bool {
        self.targs.contains(&name)
    }
    pub fn is_subclass_of(&self, c: RecId) -> bool {
        self.supers.iter().any(|s| s.0 == c)
    }
}

/// Owns everything: strings, types, values, records, the global tables.
/// `Clone` makes a checkpoint (the language server resumes from one).
#[derive(Clone)]
pub struct Ctx {
    pub strs: Interner,
    tys: Vec<RecTy>,
    ty_map: FxHashMap<RecTy, TyId>,
    /// Element type -> its list type, and width -> bits type (caches).
    list_of: DenseCache,
    bits_of: DenseCache,
    inits: Vec<Init>,
    /// By value, what resolving it may depend on ([`VarMask`] bits): the
    /// names of the variables it mentions (a Bloom filter), whether it
    /// holds an anonymous record name, whether it is impure (an operator
    /// whose folding reads more than its operands: `!cast` to a record,
    /// `!exists`, `!instances`; see [`Ctx::is_pure`]) and whether it is
    /// concrete. One word per value: `resolve_init` reads one cache line.
    flags: Vec<u64>,
    /// Memo of `!foreach`/`!filter` item applications (body, variable,
    /// item) -> result, for pure bodies and items ([`crate::resolve`]).
    pub item_memo: FxHashMap<(InitId, Sym, InitId), InitId>,
    /// Memo of string concatenations: the two strings -> the result.
    pub concat_memo: FxHashMap<(Sym, Sym), Sym>,
    /// The uniquing table over `inits` (values are stored once, there).
    uniq: UniqTable,
    /// Record -> its DefInit (cache).
    def_inits: DenseCache,
    /// String values by `2 * symbol + is_code` (see [`Ctx::str_init`]).
    str_inits: DenseCache,
    /// Anonymous names by number.
    anon_names: DenseCache,
    /// Small integers (-16..=4095, by value + 16), interned on first use:
    /// making all 4,112 up front cost more than a small file's whole run.
    small_ints: DenseCache,
    pub records: Vec<Record>,
    /// Classes by name.
    pub classes: FxHashMap<Sym, RecId>,
    /// Defs by name.
    pub defs: FxHashMap<Sym, RecId>,
    /// Top-level defvars and defsets.
    pub globals: FxHashMap<Sym, InitId>,
    /// `VarDefInit` -> its instantiated anonymous def, indexed by the
    /// VarDef's id (dense: no hashing on the hot path).
    var_def_cache: DenseCache,
    /// `VarDef` -> where it was first written (LLVM 22 locates the
    /// anonymous def there; see `Rules::anon_def_at_use`).
    var_def_locs: FxHashMap<InitId, Loc>,
    /// Record -> its type (RecordRecTy of its direct superclasses), cached.
    rec_ty_cache: DenseCache,
    pub anon_counter: u32,
    /// Current nesting of `resolve_init` (bounded).
    pub resolve_depth: u32,
    /// The first fatal error raised while folding (LLVM's PrintFatalError).
    pub fatal: Option<Diagnostic>,
    /// Non-fatal errors (LLVM's PrintError): reported, exit code 1 at the end.
    pub errors: Vec<Diagnostic>,
    /// Messages from `dump` and warnings, in order.
    pub messages: Vec<Diagnostic>,
    pub unset: InitId,
    pub true_bit: InitId,
    pub false_bit: InitId,
    pub empty_str: InitId,
    /// Interned names used by the implementation.
    pub sym_name: Sym,
    /// Field provenance for `--explain`; `None` (no cost) otherwise.
    pub explain: Option<Box<crate::explain::Provenance>>,
    pub mk_calls: u64,
    /// A reusable text buffer (string folding), to spare an allocation.
    pub scratch: String,
    /// What the followed LLVM release does where releases differ.
    pub rules: &'static crate::compat::Rules,
    /// Warn about template arguments a class or multiclass never uses.
    pub warn_unused_template_args: bool,
    /// Caps on growth ([`crate::Limits`]), and the counts they cap.
    pub limits: crate::Limits,
    pub loop_iterations: u64,
    /// The product of the list lengths of the `foreach` loops being
    /// expanded (1 outside any): a nested loop whose body would run more
    /// often than `limits.loop_iterations` fails at once, not after
    /// millions of iterations.
    pub loop_nest: u64,
    /// List/dag/bits elements and string bytes of every value made.
    pub value_units: u64,
    /// What each top-level statement read and wrote (the language server
    /// sets it; `None`: not recorded).
    pub deps: Option<Box<deps::DepLog>>,
}

pub const TY_BIT: TyId = TyId(0);
pub const TY_INT: TyId = TyId(1);
pub const TY_STRING: TyId = TyId(2);
pub const TY_DAG: TyId = TyId(3);
pub const TY_ANY_RECORD: TyId = TyId(4);

impl Default for Ctx {
    fn default() -> Self {
        Ctx::new()
    }
}

impl Ctx {
    pub fn new() -> Ctx {
        let mut cx = Ctx {
            strs: Interner::new(),
            tys: Vec::new(),
            ty_map: FxHashMap::default(),
            list_of: DenseCache::default(),
            bits_of: DenseCache::default(),
            inits: Vec::new(),
            flags: Vec::new(),
            item_memo: FxHashMap::default(),
            concat_memo: FxHashMap::default(),
            uniq: UniqTable::new(),
            def_inits: DenseCache::default(),
            small_ints: DenseCache::default(),
            anon_names: DenseCache::default(),
            str_inits: DenseCache::default(),
            records: Vec::new(),
            classes: FxHashMap::default(),
            defs: FxHashMap::default(),
            globals: FxHashMap::default(),
            var_def_cache: DenseCache::default(),
            var_def_locs: FxHashMap::default(),
            rec_ty_cache: DenseCache::default(),
            anon_counter: 0,
            resolve_depth: 0,
            fatal: None,
            errors: Vec::new(),
            messages: Vec::new(),
            unset: InitId(0),
            true_bit: InitId(0),
            false_bit: InitId(0),
            empty_str: InitId(0),
            sym_name: Sym(0),
            explain: None,
            mk_calls: 0,
            scratch: String::new(),
            rules: crate::compat::newest(),
            warn_unused_template_args: true,
            limits: crate::Limits::DEFAULT,
            loop_iterations: 0,
            loop_nest: 1,
            value_units: 0,
            deps: None,
        };
        cx.ty(RecTy::Bit);
        cx.ty(RecTy::Int);
        cx.ty(RecTy::String);
        cx.ty(RecTy::Dag);
        cx.ty(RecTy::Record(Box::new([])));
        cx.unset = cx.mk(Init::Unset);
        cx.true_bit = cx.mk(Init::Bit(true));
        cx.false_bit = cx.mk(Init::Bit(false));
        cx.empty_str = cx.str_init(Sym::EMPTY, false);
        cx.sym_name = cx.strs.intern("NAME");
        cx
    }

    pub fn ty(&mut self, t: RecTy) -> TyId {
        if let Some(&id) = self.ty_map.get(&t) {
            return id;
        }
        let id = TyId(self.tys.len() as u32);
        self.tys.push(t.clone());
        self.ty_map.insert(t, id);
        id
    }
    /// How many types there are (ids `0..n`).
    pub fn n_tys(&self) -> usize {
        self.tys.len()
    }
    pub fn ty_data(&self, t: TyId) -> &RecTy {
        &self.tys[t.0 as usize]
    }
    /// Makes room for about `values` more values and `records` more records.
    pub fn reserve(&mut self, values: usize, records: usize) {
        self.inits.reserve(values);
        self.flags.reserve(values);
        // Strings, record references and anonymous names, about three
        // fifths of the values, stay out of the uniquing table.
        self.uniq.reserve(self.inits.len() + values / 2);
        self.records.reserve(records);
        // The maps that grow with the input, sized once too (Intrinsics.td:
        // 31k defs for 37k records reserved; 44k item applications, 16k
        // class instances located and 17k concatenations for 184k values).
        self.defs.reserve(records);
        self.item_memo.reserve(values / 4);
        self.var_def_locs.reserve(values / 8);
        self.concat_memo.reserve(values / 8);
    }
    /// The def a `VarDef` value was instantiated as, if it was.
    pub fn var_def_instance(&mut self, vd: InitId) -> Option<InitId> {
        self.note_var(deps::VAR_DEF, vd, false);
        self.var_def_cache.get(vd.0 as usize).map(InitId)
    }
    pub fn set_var_def_instance(&mut self, vd: InitId, d: InitId) {
        self.note_var(deps::VAR_DEF, vd, true);
        self.var_def_cache.set(vd.0 as usize, d.0);
    }
    /// Where the `VarDef` value `vd` was first written, if known.
    pub fn var_def_loc(&mut self, vd: InitId) -> Option<Loc> {
        self.note_var(deps::VAR_LOC, vd, false);
        self.var_def_locs.get(&vd).copied()
    }
    /// Records `loc` as where `vd` was written, unless it already has a place.
    pub fn note_var_def_loc(&mut self, vd: InitId, loc: Loc) {
        if self.rules.anon_def_at_use {
            let mut new = false;
            self.var_def_locs.entry(vd).or_insert_with(|| {
                new = true;
                loc
            });
            self.note_var(deps::VAR_LOC, vd, new);
        }
    }
    /// Interns a value (hash-consing: equal values get the same id).
    pub fn mk(&mut self, i: Init) -> InitId {
        if let Some(id) = self.mk_direct(i.as_ref()) {
            return id;
        }
        match self.lookup(i.as_ref()) {
            Ok(id) => id,
            Err(h) => self.insert(i, h),
        }
    }
    /// Interns a value given with borrowed element lists; allocates only
    /// when the value is new.
    pub fn mk_ref(&mut self, k: InitRef<'_>) -> InitId {
        if let Some(id) = self.mk_direct(k) {
            return id;
        }
        match self.lookup(k) {
            Ok(id) => id,
            Err(h) => self.insert(k.to_init(), h),
        }
    }
    /// Strings, record references and anonymous names are found by a dense
    /// cache indexed by their symbol, record or number, never through the
    /// uniquing table: that spares a hash and a probe for each (almost
    /// every one made is new) and keeps the table to the composite values
    /// (Intrinsics.td: 98k of 165k values stay out of it).
    #[inline(always)]
    fn mk_direct(&mut self, k: InitRef<'_>) -> Option<InitId> {
        match k {
            InitRef::Str(y, code) => Some(self.str_init(y, code)),
            InitRef::Def(r) => Some(self.def_init(r)),
            InitRef::AnonName(n) => Some(self.anon_name(n)),
            _ => None,
        }
    }
    /// The id of an existing value, or the hash to insert it with.
    #[inline]
    fn lookup(&mut self, k: InitRef<'_>) -> Result<InitId, u64> {
        use std::hash::BuildHasher;
        self.mk_calls += 1;
        let h = rustc_hash::FxBuildHasher.hash_one(k);
        let inits = &self.inits;
        self.uniq
            .find(h, |id| inits[id as usize].as_ref() == k)
            .map(InitId)
    }
    fn insert(&mut self, i: Init, h: u64) -> InitId {
        let id = self.push_value(i);
        self.uniq.insert(h, id.0);
        id
    }
    /// Adds a new value to the value table, without entering it in the
    /// uniquing table (the caller makes sure it is new).
    fn push_value(&mut self, i: Init) -> InitId {
        let units = match &i {
            Init::List(l, _) | Init::Bits(l) | Init::Cond(l, _) => l.len(),
            Init::Dag(_, _, a) => a.len(),
            _ => 0,
        };
        self.add_value_units(units);
        let id = self.inits.len() as u32;
        let f = self.compute_flags(&i);
        self.flags.push(f);
        self.inits.push(i);
        InitId(id)
    }
    /// Whether a value is concrete (LLVM's `isConcrete`): it resolves to itself.
    #[inline]
    pub fn is_concrete(&self, i: InitId) -> bool {
        self.flags[i.0 as usize] & VarMask::CONCRETE != 0
    }
    /// Whether resolving value `i` with a given substitution always gives
    /// the same value: no `!cast` (which looks records up by name, and the
    /// current record), `!exists` or `!instances` in it. Everything else
    /// folds from its operands alone (a class instance is made once per
    /// distinct argument list and then reused).
    #[inline]
    pub fn is_pure(&self, i: InitId) -> bool {
        self.flags[i.0 as usize] & VarMask::IMPURE == 0
    }
    /// The value's [`VarMask`] word (variables, anonymous names, purity,
    /// concreteness).
    #[inline]
    pub fn flags(&self, i: InitId) -> u64 {
        self.flags[i.0 as usize]
    }
    fn compute_flags(&self, i: &Init) -> u64 {
        // What the parts hold (their concreteness aside).
        let f = |x: &InitId| self.flags[x.0 as usize] & !VarMask::CONCRETE;
        let c = |x: &InitId| self.flags[x.0 as usize] & VarMask::CONCRETE != 0;
        match i {
            Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(..) | Init::Def(_) => {
                VarMask::CONCRETE
            }
            Init::AnonName(_) => VarMask::ANON,
            Init::Var(name, _) => VarMask::var(*name),
            Init::Bits(l) | Init::List(l, _) => {
                let m = l.iter().fold(0, |m, x| m | f(x));
                if l.iter().all(c) {
                    m | VarMask::CONCRETE
                } else {
                    m
                }
            }
            Init::Dag(op, _, args) => {
                let m = args.iter().fold(f(op), |m, (x, _)| m | f(x));
                if c(op) && args.iter().all(|(x, _)| c(x)) {
                    m | VarMask::CONCRETE
                } else {
                    m
                }
            }
            Init::Cond(l, _) => l.iter().fold(0, |m, x| m | f(x)),
            Init::VarBit(v, _) => f(v),
            Init::Field(r, _, _) => f(r),
            Init::VarDef(_, args) => args.iter().fold(0, |m, (_, x)| m | f(x)),
            Init::Un(UnOp::Cast, a, _) => f(a) | VarMask::IMPURE,
            Init::Exists(_, e) | Init::Instances(_, e) => f(e) | VarMask::IMPURE,
            Init::Un(_, a, _) => f(a),
            Init::Bin(op, a, b, _) => {
                let m = f(a) | f(b);
                if matches!(op, BinOp::And | BinOp::Or) && c(a) {
                    m | VarMask::FOLDS
                } else {
                    m
                }
            }
            Init::Tern(_, a, b, c, _) => f(a) | f(b) | f(c),
            Init::Fold(s, l, _, _, e, _) => f(s) | f(l) | f(e),
            Init::IsA(_, e) => f(e),
        }
    }
    pub fn n_inits(&self) -> usize {
        self.inits.len()
    }
    pub fn init(&self, i: InitId) -> &Init {
        &self.inits[i.0 as usize]
    }
    /// The DefInit of a record (cached per record).
    pub fn def_init(&mut self, r: RecId) -> InitId {
        let k = r.0 as usize;
        if let Some(d) = self.def_inits.get(k) {
            return InitId(d);
        }
        let d = self.push_value(Init::Def(r));
        self.def_inits.set(k, d.0);
        d
    }
    pub fn int(&mut self, v: i64) -> InitId {
        let Some(k) = v
            .checked_add(16)
            .and_then(|k| usize::try_from(k).ok())
            .filter(|&k| k < 4112)
        else {
            return self.mk(Init::Int(v));
        };
        if let Some(i) = self.small_ints.get(k) {
            return InitId(i);
        }
        let i = self.mk(Init::Int(v));
        self.small_ints.set(k, i.0);
        i
    }
    pub fn bit(&self, b: bool) -> InitId {
        if b {
            self.true_bit
        } else {
            self.false_bit
        }
    }
    pub fn string(&mut self, s: &str, code: bool) -> InitId {
        self.note_string(s);
        let n = self.strs.len();
        let y = self.strs.intern(s);
        if self.strs.len() != n {
            self.add_value_units(s.len());
        }
        self.str_init(y, code)
    }
    pub fn str_sym(&mut self, y: Sym) -> InitId {
        self.str_init(y, false)
    }
    /// The string (or code) value of an interned string, cached by symbol:
    /// strings are the commonest values and need no hashing to find.
    pub fn str_init(&mut self, y: Sym, code: bool) -> InitId {
        let k = 2 * y.0 as usize + usize::from(code);
        if let Some(id) = self.str_inits.get(k) {
            return InitId(id);
        }
        let id = self.push_value(Init::Str(y, code));
        self.str_inits.set(k, id.0);
        id
    }
    pub fn list_ty(&mut self, elem: TyId) -> TyId {
        let k = elem.0 as usize;
        if let Some(t) = self.list_of.get(k) {
            return TyId(t);
        }
        let t = self.ty(RecTy::List(elem));
        self.list_of.set(k, t.0);
        t
    }
    pub fn bits_ty(&mut self, n: u32) -> TyId {
        let k = n as usize;
        if let Some(t) = self.bits_of.get(k) {
            return TyId(t);
        }
        let t = self.ty(RecTy::Bits(n));
        if k < 4096 {
            self.bits_of.set(k, t.0);
        }
        t
    }
    pub fn rec(&self, r: RecId) -> &Record {
        &self.records[r.0 as usize]
    }
    pub fn rec_mut(&mut self, r: RecId) -> &mut Record {
        &mut self.records[r.0 as usize]
    }
    pub fn add_record(&mut self, r: Record) -> RecId {
        if self.records.len() == self.limits.records {
            let loc = r.locs.first().copied();
            let msg = crate::limits::exceeded(
                "number of records",
                self.records.len() + 1,
                self.limits.records,
                "--max-records",
            );
            self.fatal(loc, msg);
        }
        let id = RecId(self.records.len() as u32);
        self.records.push(r);
        id
    }
    pub fn new_anon_name(&mut self) -> InitId {
        let n = self.anon_counter;
        self.anon_counter += 1;
        self.anon_name(n)
    }
    /// The anonymous name number `n` (cached by number).
    fn anon_name(&mut self, n: u32) -> InitId {
        let k = n as usize;
        if let Some(id) = self.anon_names.get(k) {
            return InitId(id);
        }
        let id = self.push_value(Init::AnonName(n));
        self.anon_names.set(k, id.0);
        id
    }
    /// The record's name as a plain string (anonymous names spelled out).
    pub fn rec_name(&self, r: RecId) -> String {
        self.init_str_unquoted(self.rec(r).name)
    }
    /// The record's name without allocating when it is a plain string.
    pub fn rec_name_cow(&self, r: RecId) -> std::borrow::Cow<'_, str> {
        match self.init(self.rec(r).name) {
            Init::Str(y, _) => std::borrow::Cow::Borrowed(self.strs.str(*y)),
            _ => std::borrow::Cow::Owned(self.rec_name(r)),
        }
    }
    pub fn rec_name_sym(&mut self, r: RecId) -> Option<Sym> {
        match self.init(self.rec(r).name) {
            Init::Str(y, _) => Some(*y),
            Init::AnonName(n) => {
                let n = *n;
                let s = self.anon_name_text(n);
                let y = self.strs.intern(&s);
                self.scratch = s;
                Some(y)
            }
            _ => None,
        }
    }
    /// `anonymous_N` spelled in the scratch buffer, which the caller gives
    /// back (`self.scratch = s`) when done with it: no allocation per name.
    fn anon_name_text(&mut self, n: u32) -> String {
        let mut s = std::mem::take(&mut self.scratch);
        s.clear();
        s.push_str("anonymous_");
        push_int(&mut s, i64::from(n));
        s
    }
    /// The string value `anonymous_N` (an anonymous record's final name).
    pub fn anon_name_string(&mut self, n: u32) -> InitId {
        let s = self.anon_name_text(n);
        let id = self.string(&s, false);
        self.scratch = s;
        id
    }
    /// Counts `n` more elements or bytes of new values against
    /// `--max-total-values`; past it, a fatal error (once).
    fn add_value_units(&mut self, n: usize) {
        self.value_units += n as u64;
        if self.value_units > self.limits.total_values && self.fatal.is_none() {
            let msg = crate::limits::exceeded(
                "total size of the values built",
                self.value_units,
                self.limits.total_values,
                "--max-total-values",
            );
            self.fatal(None, msg);
        }
    }
    /// Whether a list or dag of `n` elements may be built; if not, a fatal
    /// error at `loc` (raised once) names the limit.
    pub fn list_len_ok(&mut self, n: usize, loc: Option<Loc>) -> bool {
        if n <= self.limits.list_len {
            return true;
        }
        let msg = crate::limits::exceeded("list length", n, self.limits.list_len, "--max-list-len");
        self.fatal(loc, msg);
        false
    }
    /// Whether a string of `n` bytes may be built (else as [`Ctx::list_len_ok`]).
    pub fn string_len_ok(&mut self, n: usize, loc: Option<Loc>) -> bool {
        if n <= self.limits.string_len {
            return true;
        }
        let msg = crate::limits::exceeded(
            "string length",
            n,
            self.limits.string_len,
            "--max-string-len",
        );
        self.fatal(loc, msg);
        false
    }
    pub fn fatal(&mut self, loc: Option<Loc>, msg: impl Into<String>) {
        if self.fatal.is_none() {
            self.fatal = Some(match loc {
                Some(l) => Diagnostic::error(l, msg),
                None => Diagnostic::bare_error(msg),
            });
        }
    }
    pub fn error(&mut self, loc: Option<Loc>, msg: impl Into<String>) {
        self.errors.push(match loc {
            Some(l) => Diagnostic::error(l, msg),
            None => Diagnostic::bare_error(msg),
        });
    }
    /// A fatal error at record `r` (or nowhere), noting each `defm` that
    /// instantiated it, as LLVM's `PrintFatalError(Rec->getLoc(), ..)`.
    pub fn fatal_rec(&mut self, r: Option<RecId>, msg: impl Into<String>) {
        if self.fatal.is_none() {
            self.fatal = Some(self.rec_diag(r, msg));
        }
    }
    /// [`Ctx::fatal_rec`] for an error that does not stop parsing.
    pub fn error_rec(&mut self, r: Option<RecId>, msg: impl Into<String>) {
        let d = self.rec_diag(r, msg);
        self.errors.push(d);
    }
    fn rec_diag(&self, r: Option<RecId>, msg: impl Into<String>) -> Diagnostic {
        let Some(r) = r else {
            return Diagnostic::bare_error(msg);
        };
        let locs = &self.rec(r).locs;
        let mut d = Diagnostic::new(irkit_diag::Severity::Error, locs.first().copied(), msg);
        for l in locs.iter().skip(1) {
            d = d.with_note(Some(*l), "instantiated from multiclass");
        }
        d
    }
    pub fn rec_loc(&self, r: Option<RecId>) -> Option<Loc> {
        r.and_then(|r| self.rec(r).locs.first().copied())
    }
    /// Direct superclasses (LLVM's getDirectSuperClasses).
    pub fn direct_supers(&self, r: RecId) -> smallvec::SmallVec<[RecId; 8]> {
        let sc = &self.rec(r).supers;
        let mut out = smallvec::SmallVec::new();
        let mut n = sc.len();
        while n > 0 {
            let s = sc[n - 1].0;
            let k = self.rec(s).supers.len();
            out.push(s);
            n = n.saturating_sub(1 + k);
        }
        out
    }
    /// The type of a record's DefInit.
    pub fn record_type(&mut self, r: RecId) -> TyId {
        if let Some(t) = self.rec_ty_cache.get(r.0 as usize) {
            return TyId(t);
        }
        let mut ds = self.direct_supers(r);
        let t = self.record_ty_of(&mut ds);
        if self.rec(r).kind != RecKind::Class {
            self.rec_ty_cache.set(r.0 as usize, t.0);
        }
        t
    }
    /// RecordRecTy of a set of classes, sorted by name.
    pub fn record_ty_of(&mut self, classes: &mut [RecId]) -> TyId {
        if classes.is_empty() {
            return TY_ANY_RECORD;
        }
        let mut m = classes.len();
        if m > 1 {
            classes.sort_by(|a, b| self.rec_name_cow(*a).cmp(&self.rec_name_cow(*b)));
            // Adjacent duplicates dropped, as `Vec::dedup` would.
            let mut w = 1;
            for k in 1..m {
                if classes[k] != classes[w - 1] {
                    classes[w] = classes[k];
                    w += 1;
                }
            }
            m = w;
        }
        self.ty(RecTy::Record(classes[..m].into()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uniq_table_finds_every_entry_across_growth_and_collisions() {
        let mut t = UniqTable::new();
        // Hashes that share their low bits (one probe run) and tags.
        let hash = |k: u64| (k % 7) << 32 | (k % 3) << 20;
        let n = 5000u32;
        for id in 0..n {
            let h = hash(u64::from(id));
            match t.find(h, |other| other == id) {
                Ok(_) => panic!("{id} found before insertion"),
                Err(h) => t.insert(h, id),
            }
        }
        assert_eq!(t.table.len(), n as usize);
        for id in 0..n {
            assert_eq!(t.find(hash(u64::from(id)), |other| other == id), Ok(id));
        }
    }

    #[test]
    fn equal_values_get_one_id() {
        let mut cx = Ctx::new();
        let a = cx.int(100_000);
        let l1 = cx.mk(Init::List(vec![a, a].into(), TY_INT));
        let l2 = cx.mk_ref(InitRef::List(&[a, a], TY_INT));
        assert_eq!(l1, l2);
        let l3 = cx.mk_ref(InitRef::List(&[a], TY_INT));
        assert_ne!(l1, l3);
        assert_eq!(
            cx.string("x", false),
            cx.str_sym(cx.strs.get("x").unwrap_or(Sym(0)))
        );
        assert_ne!(cx.string("x", false), cx.string("x", true));
    }
}
