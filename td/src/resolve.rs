//! Substitution and folding: the [`Resolver`] trait with its map, record,
//! shadow and tracking implementations, `resolve_init` (LLVM's
//! `resolveReferences`) and the folding of every operator.

use crate::model::{
    ArgKey, BinOp, Ctx, Init, InitId, InitRef, RecId, RecKind, RecTy, Record, Sym, TernOp, TyId,
    UnOp, VarMask, TY_BIT, TY_INT, TY_STRING,
};
use irkit_diag::Loc;
use rustc_hash::FxHashMap;

mod fold;
mod record;
pub use fold::*;
pub use record::*;

/// A substitution policy for variables (LLVM's `Resolver`).
pub trait Resolver {
    /// The value for variable `name`, or `None` to leave it alone.
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId>;
    fn is_final(&self) -> bool;
    fn cur_rec(&self) -> Option<RecId>;
    /// The new name for the current (anonymous) record, if renaming.
    fn rename(&self) -> Option<InitId> {
        None
    }
    /// The value for an anonymous record name (LLVM resolves those like
    /// variables): the new name when it is the record being renamed.
    fn resolve_anon(&mut self, _name: InitId) -> Option<InitId> {
        None
    }
    /// Whether a bit of a bits value stays a reference when resolving it
    /// would give `?`: how instruction encodings keep `Inst{1} = P` with
    /// `P` unset (LLVM's `keepUnsetBits`; only the record resolver).
    fn keep_unset_bits(&self) -> bool {
        false
    }
    /// Which values the resolver may change ([`VarMask`] bits): the bit
    /// of every variable it may substitute or must see, and `ANON` if it
    /// may change an anonymous name. A final resolver's mask has `ANON`.
    /// The default, every bit, skips only values with no variable at all.
    fn mask(&self) -> u64 {
        u64::MAX
    }
}

/// A vector that holds its first `INLINE` items in place: resolvers are made
/// by the hundred thousand and usually hold a handful of entries, so they
/// should not cost an allocation each.
type InlineVec<T> = smallvec::SmallVec<[T; INLINE]>;

const INLINE: usize = 8;

/// A small map keyed by [`Sym`]: searched linearly while small, indexed by a
/// hash map once large (so a huge one is not quadratic).
struct SymMap<V> {
    items: InlineVec<(Sym, V)>,
    index: Option<FxHashMap<Sym, usize>>,
}

impl<V: Copy + Default> SymMap<V> {
    const LINEAR: usize = 32;

    fn new() -> Self {
        SymMap {
            items: InlineVec::new(),
            index: None,
        }
    }
    fn position(&self, name: Sym) -> Option<usize> {
        match &self.index {
            Some(ix) => ix.get(&name).copied(),
            None => self.items.as_slice().iter().position(|e| e.0 == name),
        }
    }
    fn get(&self, name: Sym) -> Option<V> {
        self.position(name).map(|k| self.items.as_slice()[k].1)
    }
    #[cfg(test)]
    fn insert(&mut self, name: Sym, v: V) {
        if let Some(k) = self.position(name) {
            self.items.as_mut_slice()[k].1 = v;
            return;
        }
        self.push_new(name, v);
    }
    /// Adds `name`, known to be absent.
    fn push_new(&mut self, name: Sym, v: V) {
        self.items.push((name, v));
        let n = self.items.len();
        if let Some(ix) = &mut self.index {
            ix.insert(name, n - 1);
        } else if n > Self::LINEAR {
            let ix = self.items.as_slice().iter().enumerate();
            self.index = Some(ix.map(|(k, e)| (e.0, k)).collect());
        }
    }
}

/// The state of one substitution of a [`MapResolver`].
#[derive(Clone, Copy, Default, PartialEq, Eq)]
enum Subst {
    /// Never stored; fills unused inline slots.
    #[default]
    Unused,
    /// Given, not yet resolved against the other substitutions.
    Pending(InitId),
    /// Being resolved: invisible, which stops mutual recursion.
    InProgress(InitId),
    Resolved(InitId),
}

/// Substitutes a fixed map of variables.
pub struct MapResolver {
    map: SymMap<Subst>,
    /// The bits of the names in `map`.
    mask: u64,
    /// Entries not in progress (LLVM erases those while resolving them).
    live: usize,
    cur: Option<RecId>,
    pub final_: bool,
}

impl MapResolver {
    pub fn new(cur: Option<RecId>) -> MapResolver {
        MapResolver {
            map: SymMap::new(),
            mask: 0,
            live: 0,
            cur,
            final_: false,
        }
    }
    pub fn set(&mut self, name: Sym, v: InitId) {
        self.mask |= VarMask::var(name);
        match self.map.position(name) {
            None => {
                self.live += 1;
                self.map.push_new(name, Subst::Pending(v));
            }
            Some(k) => {
                let e = &mut self.map.items.as_mut_slice()[k].1;
                if let Subst::InProgress(_) = e {
                    self.live += 1;
                }
                *e = Subst::Pending(v);
            }
        }
    }
    /// The substitutions, sorted by name (for `--explain`, which replays
    /// them later).
    pub fn entries(&self) -> Vec<(Sym, InitId)> {
        let mut v: Vec<(Sym, InitId)> = self
            .map
            .items
            .as_slice()
            .iter()
            .filter_map(|&(n, s)| match s {
                Subst::Pending(i) | Subst::Resolved(i) => Some((n, i)),
                Subst::InProgress(_) | Subst::Unused => None,
            })
            .collect();
        v.sort_unstable_by_key(|e| e.0);
        v
    }
    pub fn cur(&self) -> Option<RecId> {
        self.cur
    }
    pub fn set_cur(&mut self, cur: Option<RecId>) {
        self.cur = cur;
    }
}

impl Resolver for MapResolver {
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId> {
        let k = self.map.position(name)?;
        match self.map.items.as_slice()[k].1 {
            Subst::InProgress(_) | Subst::Unused => None,
            Subst::Resolved(v) => Some(v),
            Subst::Pending(v) if self.live <= 1 => Some(v),
            Subst::Pending(v) => {
                // Nothing is added to the map while resolving: `k` stays.
                self.map.items.as_mut_slice()[k].1 = Subst::InProgress(v);
                self.live -= 1;
                let nv = resolve_init(cx, v, self);
                self.map.items.as_mut_slice()[k].1 = Subst::Resolved(nv);
                self.live += 1;
                Some(nv)
            }
        }
    }
    fn is_final(&self) -> bool {
        self.final_
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.cur
    }
    fn mask(&self) -> u64 {
        if self.final_ {
            self.mask | VarMask::ANON
        } else {
            self.mask
        }
    }
}

/// Substitutes one variable: a `!foreach` or `!filter` item. What a
/// [`MapResolver`] holding that one entry does (it hands the value out as
/// given: nothing else in the map to resolve it against), without building
/// the map: items are applied by the ten thousand.
pub struct OneVarResolver {
    pub name: Sym,
    pub value: InitId,
    pub cur: Option<RecId>,
}

impl Resolver for OneVarResolver {
    #[inline]
    fn resolve(&mut self, _cx: &mut Ctx, name: Sym) -> Option<InitId> {
        (name == self.name).then_some(self.value)
    }
    fn is_final(&self) -> bool {
        false
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.cur
    }
    fn mask(&self) -> u64 {
        VarMask::var(self.name)
    }
}

/// Resolves references to the fields of one record (LLVM's RecordResolver).
pub struct RecordResolver {
    rec: RecId,
    /// The bits of the record's field names, and `ANON` if renaming or final.
    mask: u64,
    cache: SymMap<InitId>,
    stack: InlineVec<Sym>,
    /// The record's anonymous name and the one replacing it.
    new_name: Option<(InitId, InitId)>,
    final_: bool,
}

impl RecordResolver {
    pub fn new(
        cx: &Ctx,
        rec: RecId,
        new_name: Option<(InitId, InitId)>,
        final_: bool,
    ) -> RecordResolver {
        let fields = cx.rec(rec).values.iter();
        let mut mask = fields.fold(0, |m, v| m | VarMask::var(v.name));
        if final_ || new_name.is_some() {
            mask |= VarMask::ANON;
        }
        RecordResolver {
            rec,
            mask,
            cache: SymMap::new(),
            stack: InlineVec::new(),
            new_name,
            final_,
        }
    }
}

impl Resolver for RecordResolver {
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId> {
        if let Some(v) = self.cache.get(name) {
            return Some(v);
        }
        if self.stack.as_slice().contains(&name) {
            return None;
        }
        let v = cx.rec(self.rec).value(name).map(|rv| rv.value)?;
        if cx.is_unset(v) {
            return None;
        }
        self.stack.push(name);
        let nv = resolve_init(cx, v, self);
        self.stack.pop();
        // Absent before, and a field's resolution never caches itself (it
        // is on the stack meanwhile).
        self.cache.push_new(name, nv);
        Some(nv)
    }
    fn is_final(&self) -> bool {
        self.final_
    }
    fn cur_rec(&self) -> Option<RecId> {
        Some(self.rec)
    }
    fn rename(&self) -> Option<InitId> {
        self.new_name.map(|(_, n)| n)
    }
    fn resolve_anon(&mut self, name: InitId) -> Option<InitId> {
        self.new_name
            .and_then(|(old, n)| (old == name).then_some(n))
    }
    fn keep_unset_bits(&self) -> bool {
        true
    }
    fn mask(&self) -> u64 {
        self.mask
    }
}

/// Hides some variables from an inner resolver.
pub struct ShadowResolver<'a> {
    inner: &'a mut dyn Resolver,
    shadowed: [Option<Sym>; 2],
}

impl Resolver for ShadowResolver<'_> {
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId> {
        if self.shadowed.contains(&Some(name)) {
            return None;
        }
        self.inner.resolve(cx, name)
    }
    fn resolve_anon(&mut self, name: InitId) -> Option<InitId> {
        self.inner.resolve_anon(name)
    }
    fn is_final(&self) -> bool {
        self.inner.is_final()
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.inner.cur_rec()
    }
    fn mask(&self) -> u64 {
        self.inner.mask()
    }
}

/// Delegates and records whether any variable stayed unresolved.
pub struct TrackUnresolved<'a> {
    inner: Option<&'a mut dyn Resolver>,
    pub found: bool,
}

impl Resolver for TrackUnresolved<'_> {
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId> {
        let mut res = None;
        if let Some(r) = self.inner.as_deref_mut() {
            res = r.resolve(cx, name);
            if let Some(v) = res {
                if !self.found {
                    let mut sub = TrackUnresolved {
                        inner: None,
                        found: false,
                    };
                    resolve_init(cx, v, &mut sub);
                    self.found |= sub.found;
                }
            }
        }
        if res.is_none() {
            self.found = true;
        }
        res
    }
    fn resolve_anon(&mut self, name: InitId) -> Option<InitId> {
        self.inner.as_deref_mut().and_then(|r| r.resolve_anon(name))
    }
    fn is_final(&self) -> bool {
        self.inner.as_ref().is_some_and(|r| r.is_final())
    }
    fn cur_rec(&self) -> Option<RecId> {
        self.inner.as_ref().and_then(|r| r.cur_rec())
    }
}

/// Finds out whether a variable is referenced; substitutes nothing. A
/// final one also serves to fold what needs no variable (a top-level
/// `dump`'s message, as LLVM's dummy resolver does).
pub struct HasReference {
    pub name: Option<Sym>,
    pub found: bool,
    pub final_: bool,
}

impl Resolver for HasReference {
    fn resolve(&mut self, _cx: &mut Ctx, name: Sym) -> Option<InitId> {
        if Some(name) == self.name {
            self.found = true;
        }
        None
    }
    fn is_final(&self) -> bool {
        self.final_
    }
    fn cur_rec(&self) -> Option<RecId> {
        None
    }
    fn mask(&self) -> u64 {
        let m = self.name.map_or(0, VarMask::var);
        if self.final_ {
            m | VarMask::ANON
        } else {
            m
        }
    }
}

/// Maximum nesting of resolution (guards against runaway recursion).
const MAX_RESOLVE_DEPTH: u32 = 2000;

/// LLVM's `Init::resolveReferences`.
#[inline]
pub fn resolve_init(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
    // Most values met are concrete, or mention none of the variables the
    // resolver substitutes: answer those without entering the big frame
    // of the general case. (A value none of whose parts changes resolves
    // to itself, unless a final resolution folds a `!cast`, `!exists` or
    // `!instances` in it or spells out an anonymous name, or a `!and`/`!or`
    // is decided by its left operand: `VarMask::FOLDS`.)
    let f = cx.flags(i);
    if f & VarMask::CONCRETE != 0 {
        return i;
    }
    if f & (r.mask() | VarMask::FOLDS) == 0 && (f & VarMask::IMPURE == 0 || !r.is_final()) {
        return i;
    }
    resolve_nonconcrete(cx, i, r)
}

/// What `resolve_init` asks a resolver before walking a value: its
/// [`Resolver::mask`] and whether it is final. Both stay the same while it
/// resolves one value, so the parts of a composite value are filtered with
/// the answers read once for the whole value (no virtual call per part).
#[derive(Clone, Copy)]
struct Scope {
    mask: u64,
    final_: bool,
}

impl Scope {
    fn of(r: &dyn Resolver) -> Scope {
        Scope {
            mask: r.mask() | VarMask::FOLDS,
            final_: r.is_final(),
        }
    }
}

/// `resolve_init` for a part of a value being resolved by `r`, with `r`'s
/// [`Scope`].
#[inline]
fn resolve_part(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver, m: Scope) -> InitId {
    let f = cx.flags(i);
    if f & VarMask::CONCRETE != 0 {
        return i;
    }
    if f & m.mask == 0 && (f & VarMask::IMPURE == 0 || !m.final_) {
        return i;
    }
    resolve_nonconcrete(cx, i, r)
}

/// A value `resolve_init` could not answer at once. A variable, the
/// commonest such value (two fifths of them on Intrinsics.td), is answered
/// here by the resolver; everything else goes to `resolve_composite`, whose
/// frame is large.
#[inline(never)]
fn resolve_nonconcrete(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
    let Init::Var(name, _) = *cx.init(i) else {
        return resolve_composite(cx, i, r);
    };
    if cx.resolve_depth >= MAX_RESOLVE_DEPTH || cx.fatal.is_some() {
        return resolve_composite(cx, i, r);
    }
    cx.resolve_depth += 1;
    let res = r.resolve(cx, name).unwrap_or(i);
    cx.resolve_depth -= 1;
    res
}

#[inline(never)]
fn resolve_composite(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
    cx.resolve_depth += 1;
    let res = if cx.resolve_depth > MAX_RESOLVE_DEPTH {
        let loc = cx.rec_loc(r.cur_rec());
        cx.fatal(
            loc,
            "expression nesting too deep while resolving (recursive definition?)",
        );
        i
    } else if cx.fatal.is_some() {
        i
    } else {
        resolve_inner(cx, i, r)
    };
    cx.resolve_depth -= 1;
    res
}

fn list_elems(x: &Init) -> &[InitId] {
    match x {
        Init::List(l, _) => l,
        Init::Bits(l) => l,
        Init::Cond(l, _) => l,
        _ => &[],
    }
}

/// Resolves the elements of a list-like value without copying it unless
/// something changed; returns the new elements if any changed.
fn resolve_elems(
    cx: &mut Ctx,
    i: InitId,
    r: &mut dyn Resolver,
    m: Scope,
) -> Option<InlineVec<InitId>> {
    let n = list_elems(cx.init(i)).len();
    let mut out: Option<InlineVec<InitId>> = None;
    for k in 0..n {
        let e = list_elems(cx.init(i))[k];
        let ne = resolve_part(cx, e, r, m);
        match out.as_mut() {
            Some(o) => o.push(ne),
            None => {
                if ne != e {
                    let mut o = InlineVec::with_capacity(n);
                    o.extend_from_slice(&list_elems(cx.init(i))[..k]);
                    o.push(ne);
                    out = Some(o);
                }
            }
        }
    }
    out
}

fn resolve_inner(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
    let m = Scope::of(r);
    match cx.init(i) {
        Init::List(_, t) => {
            let t = *t;
            return match resolve_elems(cx, i, r, m) {
                Some(v) => cx.mk_ref(InitRef::List(v.as_slice(), t)),
                None => i,
            };
        }
        Init::Cond(_, t) => {
            let t = *t;
            return match resolve_elems(cx, i, r, m) {
                Some(v) => {
                    let u = cx.mk_ref(InitRef::Cond(v.as_slice(), t));
                    fold_cond(cx, u, r.cur_rec())
                }
                None => i,
            };
        }
        Init::Bits(b) => {
            let n = b.len();
            let mut out: Option<InlineVec<InitId>> = None;
            let mut cached: Option<(InitId, InitId)> = None;
            for k in 0..n {
                let b = list_elems(cx.init(i))[k];
                let nb = if let Init::VarBit(v, bn) = *cx.init(b) {
                    let rv = match cached {
                        Some((cv, res)) if cv == v => res,
                        _ => {
                            let res = resolve_part(cx, v, r, m);
                            cached = Some((v, res));
                            res
                        }
                    };
                    cx.get_bit(rv, bn)
                } else {
                    let x = resolve_part(cx, b, r, m);
                    cx.get_bit(x, 0)
                };
                let nb = if r.keep_unset_bits() && cx.is_unset(nb) {
                    b
                } else {
                    nb
                };
                match out.as_mut() {
                    Some(o) => o.push(nb),
                    None => {
                        if nb != b {
                            let mut o = InlineVec::with_capacity(n);
                            o.extend_from_slice(&list_elems(cx.init(i))[..k]);
                            o.push(nb);
                            out = Some(o);
                        }
                    }
                }
            }
            return match out {
                Some(v) => cx.mk_ref(InitRef::Bits(v.as_slice())),
                None => i,
            };
        }
        Init::Dag(op, name, args) => {
            let (op, name, n) = (*op, *name, args.len());
            let nop = resolve_part(cx, op, r, m);
            let mut out: Option<InlineVec<(InitId, Option<Sym>)>> = None;
            for k in 0..n {
                let Init::Dag(_, _, args) = cx.init(i) else {
                    return i;
                };
                let (a, an) = args[k];
                let na = resolve_part(cx, a, r, m);
                match out.as_mut() {
                    Some(o) => o.push((na, an)),
                    None => {
                        if na != a {
                            let Init::Dag(_, _, args) = cx.init(i) else {
                                return i;
                            };
                            let mut o = InlineVec::with_capacity(n);
                            o.extend_from_slice(&args[..k]);
                            o.push((na, an));
                            out = Some(o);
                        }
                    }
                }
            }
            if out.is_none() && nop == op {
                return i;
            }
            return match out {
                Some(v) => cx.mk_ref(InitRef::Dag(nop, name, v.as_slice())),
                None => {
                    let Init::Dag(_, _, a) = cx.init(i) else {
                        return i;
                    };
                    let a = a.clone();
                    cx.mk(Init::Dag(nop, name, a))
                }
            };
        }
        _ => {}
    }
    match *cx.init(i) {
        Init::Unset | Init::Bit(_) | Init::Int(_) | Init::Str(..) | Init::Def(_) => i,
        Init::List(..) | Init::Bits(_) | Init::Dag(..) | Init::Cond(..) => i,
        Init::AnonName(_) => {
            let new = r.resolve_anon(i).unwrap_or(i);
            match *cx.init(new) {
                Init::AnonName(n) if r.is_final() => cx.anon_name_string(n),
                _ => new,
            }
        }
        Init::Var(name, _) => r.resolve(cx, name).unwrap_or(i),
        Init::VarBit(v, n) => {
            let nv = resolve_part(cx, v, r, m);
            if nv != v {
                cx.get_bit(nv, n)
            } else {
                i
            }
        }
        Init::Field(rec, f, t) => {
            let nr = resolve_part(cx, rec, r, m);
            if nr != rec {
                match fold_field_p(cx, nr, f, r.cur_rec()) {
                    Some(x) => x,
                    None => cx.mk(Init::Field(nr, f, t)),
                }
            } else {
                i
            }
        }
        Init::VarDef(class, ref args) => {
            let n = args.len();
            let mut ur = TrackUnresolved {
                inner: Some(r),
                found: false,
            };
            let mut changed = false;
            let mut out = InlineVec::with_capacity(n);
            for j in 0..n {
                let Init::VarDef(_, args) = cx.init(i) else {
                    break;
                };
                let (k, v) = args[j];
                let nv = resolve_init(cx, v, &mut ur);
                changed |= nv != v;
                out.push((k, nv));
            }
            if changed {
                let nvd = cx.mk_ref(InitRef::VarDef(class, out.as_slice()));
                if let Some(l) = cx.var_def_loc(i) {
                    cx.note_var_def_loc(nvd, l);
                }
                if !ur.found {
                    return instantiate(cx, nvd);
                }
                nvd
            } else {
                i
            }
        }
        Init::Un(op, a, t) => {
            let na = resolve_part(cx, a, r, m);
            if na != a || (r.is_final() && op == UnOp::Cast) {
                match fold_un_p(cx, op, na, t, r.cur_rec(), r.is_final()) {
                    Some(x) => x,
                    None => cx.mk(Init::Un(op, na, t)),
                }
            } else {
                i
            }
        }
        Init::Bin(op, a, b, t) => {
            let na = resolve_part(cx, a, r, m);
            // LLVM 22: a left operand of !and that is 0, of !or that is -1,
            // decides the value without the right one.
            let short = if cx.rules.and_or_short_circuit && matches!(op, BinOp::And | BinOp::Or) {
                cx.as_int(na)
                    .filter(|&v| (op == BinOp::And && v == 0) || (op == BinOp::Or && v == -1))
            } else {
                None
            };
            if let Some(v) = short {
                // Without resolving the right operand (which may fail, as
                // `!head([])`).
                return cx.int(v);
            }
            let nb = resolve_part(cx, b, r, m);
            if na != a || nb != b {
                match fold_bin_p(cx, op, na, nb, t, r.cur_rec()) {
                    Some(x) => x,
                    None => cx.mk(Init::Bin(op, na, nb, t)),
                }
            } else {
                i
            }
        }
        Init::Tern(op, a, b, c, t) => {
            let na = resolve_part(cx, a, r, m);
            if op == TernOp::If && na != a {
                if let Some(v) = cx.as_int(na) {
                    return if v != 0 {
                        resolve_part(cx, b, r, m)
                    } else {
                        resolve_part(cx, c, r, m)
                    };
                }
            }
            let nb = resolve_part(cx, b, r, m);
            let nc = if op == TernOp::Foreach || op == TernOp::Filter {
                let shadow = match cx.init(na) {
                    Init::Str(y, _) => Some(*y),
                    _ => None,
                };
                let mut sr = ShadowResolver {
                    inner: r,
                    shadowed: [shadow, None],
                };
                resolve_init(cx, c, &mut sr)
            } else {
                resolve_part(cx, c, r, m)
            };
            if na != a || nb != b || nc != c {
                match fold_tern_p(cx, op, na, nb, nc, t, r.cur_rec()) {
                    Some(x) => x,
                    None => cx.mk(Init::Tern(op, na, nb, nc, t)),
                }
            } else {
                i
            }
        }
        Init::Fold(s, l, a, b, e, t) => {
            let ns = resolve_part(cx, s, r, m);
            let nl = resolve_part(cx, l, r, m);
            let mut sr = ShadowResolver {
                inner: r,
                shadowed: [Some(a), Some(b)],
            };
            let ne = resolve_init(cx, e, &mut sr);
            if ns != s || nl != l || ne != e {
                let u = cx.mk(Init::Fold(ns, nl, a, b, ne, t));
                fold_foldl(cx, u, r.cur_rec())
            } else {
                i
            }
        }
        Init::IsA(t, e) => {
            let ne = resolve_part(cx, e, r, m);
            if ne != e {
                match fold_isa_p(cx, t, ne) {
                    Some(x) => x,
                    None => cx.mk(Init::IsA(t, ne)),
                }
            } else {
                i
            }
        }
        Init::Exists(t, e) => {
            let ne = resolve_part(cx, e, r, m);
            if ne != e || r.is_final() {
                let u = cx.mk(Init::Exists(t, ne));
                fold_exists(cx, u, r.cur_rec(), r.is_final())
            } else {
                i
            }
        }
        Init::Instances(t, e) => {
            let ne = resolve_part(cx, e, r, m);
            if ne != e || r.is_final() {
                let u = cx.mk(Init::Instances(t, ne));
                fold_instances(cx, u, r.cur_rec(), r.is_final())
            } else {
                i
            }
        }
    }
}

#[cfg(test)]
mod small_map_tests {
    use super::*;

    #[test]
    fn inline_vec_spills_and_shrinks_back() {
        let mut v: InlineVec<u32> = InlineVec::new();
        for k in 0..20 {
            v.push(k);
        }
        assert_eq!(v.as_slice(), (0..20).collect::<Vec<_>>().as_slice());
        for _ in 0..13 {
            v.pop();
        }
        assert_eq!(v.as_slice(), &[0, 1, 2, 3, 4, 5, 6]);
        v.push(70);
        v.push(80);
        assert_eq!(v.as_slice(), &[0, 1, 2, 3, 4, 5, 6, 70, 80]);
        // A change made while spilled survives going back in place.
        v.push(90);
        v.as_mut_slice()[0] = 100;
        v.pop();
        v.pop();
        assert_eq!(v.as_slice(), &[100, 1, 2, 3, 4, 5, 6, 70]);
    }

    #[test]
    fn one_var_resolver_does_what_a_one_entry_map_does() {
        use crate::model::TY_INT;
        let mut cx = Ctx::new();
        let (x, y) = (cx.strs.intern("x"), cx.strs.intern("y"));
        let vx = cx.mk(Init::Var(x, TY_INT));
        let vy = cx.mk(Init::Var(y, TY_INT));
        let three = cx.int(3);
        // `!add(x, y)`, `!add(x, 3)`, `[x, y, 3]` and `!mul(!add(x, 3), x)`,
        // with x bound to 4, to y (unresolved: handed out as given) and to
        // `!add(x, 3)` (which mentions x itself).
        let add_xy = cx.mk(Init::Bin(BinOp::Add, vx, vy, TY_INT));
        let add_x3 = cx.mk(Init::Bin(BinOp::Add, vx, three, TY_INT));
        let list = cx.mk(Init::List(vec![vx, vy, three].into(), TY_INT));
        let mul = cx.mk(Init::Bin(BinOp::Mul, add_x3, vx, TY_INT));
        let four = cx.int(4);
        for item in [four, vy, add_x3] {
            for body in [add_xy, add_x3, list, mul, vx, vy, three] {
                let mut m = MapResolver::new(None);
                m.set(x, item);
                let want = resolve_init(&mut cx, body, &mut m);
                let mut one = OneVarResolver {
                    name: x,
                    value: item,
                    cur: None,
                };
                assert_eq!(resolve_init(&mut cx, body, &mut one), want);
            }
        }
        let mut one = OneVarResolver {
            name: x,
            value: four,
            cur: None,
        };
        assert_eq!(resolve_init(&mut cx, mul, &mut one), cx.int(28));
    }

    #[test]
    fn sym_map_finds_every_key_before_and_after_indexing() {
        let mut m: SymMap<InitId> = SymMap::new();
        for k in 0..100u32 {
            m.insert(Sym(k * 7), InitId(k));
            m.insert(Sym(k * 7), InitId(k + 1000)); // overwrite, no duplicate
            for j in 0..=k {
                assert_eq!(m.get(Sym(j * 7)), Some(InitId(j + 1000)), "key {j} of {k}");
            }
            assert_eq!(m.get(Sym(k * 7 + 1)), None);
        }
        assert_eq!(m.items.len(), 100);
        assert!(m.index.is_some());
    }
}
