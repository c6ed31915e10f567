//! Substitution and folding: the [`Resolver`] trait with its map, record,
//! shadow and tracking implementations, `resolve_init` (LLVM's
//! `resolveReferences`) and the folding of every operator.

use crate::model::{
    ArgKey, BinOp, Ctx, Init, InitId, InitRef, RecId, RecKind, RecTy, Record, Sym, TernOp, TyId,
    UnOp, TY_BIT, TY_INT, TY_STRING,
};
use irkit_diag::Loc;
use rustc_hash::FxHashMap;

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
    fn insert(&mut self, name: Sym, v: V) {
        if let Some(k) = self.position(name) {
            self.items.as_mut_slice()[k].1 = v;
            return;
        }
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
    /// Entries not in progress (LLVM erases those while resolving them).
    live: usize,
    cur: Option<RecId>,
    pub final_: bool,
}

impl MapResolver {
    pub fn new(cur: Option<RecId>) -> MapResolver {
        MapResolver {
            map: SymMap::new(),
            live: 0,
            cur,
            final_: false,
        }
    }
    pub fn set(&mut self, name: Sym, v: InitId) {
        match self.map.get(name) {
            None => self.live += 1,
            Some(Subst::InProgress(_)) => self.live += 1,
            Some(_) => {}
        }
        self.map.insert(name, Subst::Pending(v));
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
}

impl Resolver for MapResolver {
    fn resolve(&mut self, cx: &mut Ctx, name: Sym) -> Option<InitId> {
        match self.map.get(name)? {
            Subst::InProgress(_) | Subst::Unused => None,
            Subst::Resolved(v) => Some(v),
            Subst::Pending(v) if self.live <= 1 => Some(v),
            Subst::Pending(v) => {
                self.map.insert(name, Subst::InProgress(v));
                self.live -= 1;
                let nv = resolve_init(cx, v, self);
                self.map.insert(name, Subst::Resolved(nv));
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
}

/// Resolves references to the fields of one record (LLVM's RecordResolver).
pub struct RecordResolver {
    rec: RecId,
    cache: SymMap<InitId>,
    stack: InlineVec<Sym>,
    /// The record's anonymous name and the one replacing it.
    new_name: Option<(InitId, InitId)>,
    final_: bool,
}

impl RecordResolver {
    pub fn new(rec: RecId, new_name: Option<(InitId, InitId)>, final_: bool) -> RecordResolver {
        RecordResolver {
            rec,
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
        self.cache.insert(name, nv);
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
}

/// Maximum nesting of resolution (guards against runaway recursion).
const MAX_RESOLVE_DEPTH: u32 = 2000;

/// LLVM's `Init::resolveReferences`.
#[inline]
pub fn resolve_init(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
    // Most values met are concrete: answer those without entering the big
    // frame of the general case.
    if cx.is_concrete(i) {
        return i;
    }
    resolve_nonconcrete(cx, i, r)
}

#[inline(never)]
fn resolve_nonconcrete(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> InitId {
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
fn resolve_elems(cx: &mut Ctx, i: InitId, r: &mut dyn Resolver) -> Option<InlineVec<InitId>> {
    let n = list_elems(cx.init(i)).len();
    let mut out: Option<InlineVec<InitId>> = None;
    for k in 0..n {
        let e = list_elems(cx.init(i))[k];
        let ne = resolve_init(cx, e, r);
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
    match cx.init(i) {
        Init::List(_, t) => {
            let t = *t;
            return match resolve_elems(cx, i, r) {
                Some(v) => cx.mk_ref(InitRef::List(v.as_slice(), t)),
                None => i,
            };
        }
        Init::Cond(_, t) => {
            let t = *t;
            return match resolve_elems(cx, i, r) {
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
                            let res = resolve_init(cx, v, r);
                            cached = Some((v, res));
                            res
                        }
                    };
                    cx.get_bit(rv, bn)
                } else {
                    let x = resolve_init(cx, b, r);
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
            let nop = resolve_init(cx, op, r);
            let mut out: Option<InlineVec<(InitId, Option<Sym>)>> = None;
            for k in 0..n {
                let Init::Dag(_, _, args) = cx.init(i) else {
                    return i;
                };
                let (a, an) = args[k];
                let na = resolve_init(cx, a, r);
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
                Init::AnonName(n) if r.is_final() => {
                    let s = format!("anonymous_{n}");
                    cx.string(&s, false)
                }
                _ => new,
            }
        }
        Init::Var(name, _) => r.resolve(cx, name).unwrap_or(i),
        Init::VarBit(v, n) => {
            let nv = resolve_init(cx, v, r);
            if nv != v {
                cx.get_bit(nv, n)
            } else {
                i
            }
        }
        Init::Field(rec, f, t) => {
            let nr = resolve_init(cx, rec, r);
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
            let na = resolve_init(cx, a, r);
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
            let na = resolve_init(cx, a, r);
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
            let nb = resolve_init(cx, b, r);
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
            let na = resolve_init(cx, a, r);
            if op == TernOp::If && na != a {
                if let Some(v) = cx.as_int(na) {
                    return if v != 0 {
                        resolve_init(cx, b, r)
                    } else {
                        resolve_init(cx, c, r)
                    };
                }
            }
            let nb = resolve_init(cx, b, r);
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
                resolve_init(cx, c, r)
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
            let ns = resolve_init(cx, s, r);
            let nl = resolve_init(cx, l, r);
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
            let ne = resolve_init(cx, e, r);
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
            let ne = resolve_init(cx, e, r);
            if ne != e || r.is_final() {
                let u = cx.mk(Init::Exists(t, ne));
                fold_exists(cx, u, r.cur_rec(), r.is_final())
            } else {
                i
            }
        }
        Init::Instances(t, e) => {
            let ne = resolve_init(cx, e, r);
            if ne != e || r.is_final() {
                let u = cx.mk(Init::Instances(t, ne));
                fold_instances(cx, u, r.cur_rec(), r.is_final())
            } else {
                i
            }
        }
    }
}

fn str_of(cx: &Ctx, i: InitId) -> Option<(Sym, bool)> {
    match cx.init(i) {
        Init::Str(y, c) => Some((*y, *c)),
        _ => None,
    }
}

/// Concatenates two strings (code if either is code).
pub fn concat_strings(cx: &mut Ctx, a: (Sym, bool), b: (Sym, bool)) -> InitId {
    let n = cx.strs.str(a.0).len() + cx.strs.str(b.0).len();
    if !cx.string_len_ok(n, None) {
        return cx.empty_str;
    }
    let mut s = std::mem::take(&mut cx.scratch);
    s.clear();
    s.push_str(cx.strs.str(a.0));
    s.push_str(cx.strs.str(b.0));
    let v = cx.string(&s, a.1 || b.1);
    cx.scratch = s;
    v
}

/// LLVM's `BinOpInit::getStrConcat`.
pub fn str_concat(cx: &mut Ctx, a: InitId, b: InitId) -> InitId {
    if let (Some(x), Some(y)) = (str_of(cx, a), str_of(cx, b)) {
        return concat_strings(cx, x, y);
    }
    cx.mk(Init::Bin(BinOp::StrConcat, a, b, TY_STRING))
}

/// LLVM's `BinOpInit::getListConcat`.
pub fn list_concat(cx: &mut Ctx, a: InitId, b: InitId) -> InitId {
    let t = cx.type_of(a).unwrap_or(TY_STRING);
    let u = cx.mk(Init::Bin(BinOp::ListConcat, a, b, t));
    // LLVM folds here only when both are lists.
    if matches!(cx.init(a), Init::List(..)) && matches!(cx.init(b), Init::List(..)) {
        return fold_bin(cx, u, None);
    }
    u
}

pub fn fold_field(cx: &mut Ctx, f: InitId, cur: Option<RecId>) -> InitId {
    let Init::Field(rec, name, _) = *cx.init(f) else {
        return f;
    };
    fold_field_p(cx, rec, name, cur).unwrap_or(f)
}

pub fn fold_field_p(cx: &mut Ctx, rec: InitId, name: Sym, cur: Option<RecId>) -> Option<InitId> {
    if let Init::Def(d) = *cx.init(rec) {
        if Some(d) == cur {
            let msg = format!(
                "Attempting to access field '{}' of '{}' is a forbidden self-reference",
                cx.strs.str(name),
                cx.init_str(rec)
            );
            cx.fatal_rec(cur, msg);
            return None;
        }
        if let Some(v) = cx.rec(d).value(name).map(|v| v.value) {
            if cx.is_concrete(v) {
                return Some(v);
            }
        }
    }
    None
}

pub fn fold_un(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Un(op, a, t) = *cx.init(u) else {
        return u;
    };
    fold_un_p(cx, op, a, t, cur, final_).unwrap_or(u)
}

pub fn fold_un_p(
    cx: &mut Ctx,
    op: UnOp,
    a: InitId,
    t: TyId,
    cur: Option<RecId>,
    final_: bool,
) -> Option<InitId> {
    match op {
        UnOp::Repr => {
            if cx.is_concrete(a) {
                let s = if let Init::Def(d) = *cx.init(a) {
                    let mut s = String::new();
                    crate::printer::write_record(cx, &mut s, d);
                    s
                } else {
                    cx.init_str(a)
                };
                return Some(cx.string(&s, false));
            }
        }
        UnOp::ToLower | UnOp::ToUpper => {
            if let Some((y, _)) = str_of(cx, a) {
                let s = cx.strs.str(y);
                let s = if op == UnOp::ToLower {
                    s.to_ascii_lowercase()
                } else {
                    s.to_ascii_uppercase()
                };
                return Some(cx.string(&s, false));
            }
        }
        UnOp::Cast => {
            if t == TY_STRING {
                if str_of(cx, a).is_some() {
                    return Some(a);
                }
                if let Init::Def(_) = cx.init(a) {
                    let s = cx.init_str(a);
                    return Some(cx.string(&s, false));
                }
                if let Some(v) = cx.as_int(a) {
                    return Some(cx.string(&v.to_string(), false));
                }
            } else if cx.is_record_ty(t) {
                if let Some((name, _)) = str_of(cx, a) {
                    let mut d = cx.defs.get(&name).copied();
                    if d.is_none() {
                        if let Some(c) = cur {
                            let cn = cx.rec(c).name;
                            let matches = match cx.init(cn) {
                                Init::Str(y, _) => *y == name,
                                Init::AnonName(n) => format!("anonymous_{n}") == cx.strs.str(name),
                                _ => false,
                            };
                            if matches {
                                if !final_ {
                                    return None;
                                }
                                d = Some(c);
                            }
                        }
                    }
                    let Some(d) = d else {
                        if final_ {
                            let msg =
                                format!("Undefined reference to record: '{}'\n", cx.strs.str(name));
                            cx.fatal_rec(cur, msg);
                        }
                        return None;
                    };
                    let di = cx.def_init(d);
                    let dt = cx.record_type(d);
                    if !cx.ty_is_a(dt, t) {
                        let u = cx.mk(Init::Un(UnOp::Cast, a, t));
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}\n",
                            cx.ty_str(t),
                            cx.ty_str(dt),
                            cx.init_str(u)
                        );
                        cx.fatal_rec(cur, msg);
                    }
                    return Some(di);
                }
            }
            if let Some(c) = cx.convert_to(a, t) {
                return Some(c);
            }
        }
        UnOp::Not => {
            if let Some(v) = cx.as_int(a) {
                return Some(cx.int(if v != 0 { 0 } else { 1 }));
            }
        }
        UnOp::Head => {
            if let Init::List(l, _) = cx.init(a) {
                if let Some(&h) = l.first() {
                    return Some(h);
                }
                cx.fatal_rec(cur, "Illegal operation: !head of empty list");
                return None;
            }
        }
        UnOp::Tail => {
            if let Init::List(l, et) = cx.init(a) {
                if l.is_empty() {
                    cx.fatal_rec(cur, "Illegal operation: !tail of empty list");
                    return None;
                }
                let (rest, et) = (l[1..].to_vec(), *et);
                return Some(cx.mk(Init::List(rest.into_boxed_slice(), et)));
            }
        }
        UnOp::Size => {
            let n = match cx.init(a) {
                Init::List(l, _) => Some(l.len() as i64),
                Init::Dag(_, _, args) => Some(args.len() as i64),
                Init::Str(y, _) => Some(cx.strs.str(*y).len() as i64),
                _ => None,
            };
            if let Some(n) = n {
                return Some(cx.int(n));
            }
        }
        UnOp::Empty => {
            let n = match cx.init(a) {
                Init::List(l, _) => Some(l.is_empty()),
                Init::Dag(_, _, args) => Some(args.is_empty()),
                Init::Str(y, _) => Some(cx.strs.str(*y).is_empty()),
                _ => None,
            };
            if let Some(n) = n {
                return Some(cx.int(n as i64));
            }
        }
        UnOp::GetDagOpName => {
            if let Init::Dag(_, name, _) = *cx.init(a) {
                return Some(match name {
                    Some(n) => cx.str_sym(n),
                    None => cx.unset,
                });
            }
        }
        UnOp::GetDagOp => {
            if let Init::Dag(op, _, _) = *cx.init(a) {
                let ot = cx.type_of(op);
                match ot {
                    Some(ot) if cx.ty_is_a(ot, t) => return Some(op),
                    _ => {
                        let u = cx.mk(Init::Un(UnOp::GetDagOp, a, t));
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}\n",
                            cx.ty_str(t),
                            ot.map(|x| cx.ty_str(x)).unwrap_or_default(),
                            cx.init_str(u)
                        );
                        cx.fatal_rec(cur, msg);
                    }
                }
            }
        }
        UnOp::LogTwo => {
            if let Some(v) = cx.as_int(a) {
                if v <= 0 {
                    let loc = cx.rec_loc(cur);
                    cx.fatal(
                        loc,
                        "Illegal operation: logtwo is undefined on arguments less than or equal to 0",
                    );
                    return None;
                }
                return Some(cx.int(63 - (v as u64).leading_zeros() as i64));
            }
        }
        UnOp::ListFlatten => {
            // A list whose elements are not lists flattens to itself.
            if cx.type_of(a) == Some(t) {
                return Some(a);
            }
            if let Init::List(l, _) = cx.init(a) {
                let l = l.clone();
                let et = cx.list_elem(t)?;
                let mut out = Vec::new();
                for &e in l.iter() {
                    match cx.init(e) {
                        Init::List(inner, _) => out.extend(inner.iter().copied()),
                        _ => return None,
                    }
                    if out.len() > cx.limits.list_len {
                        cx.list_len_ok(out.len(), cx.rec_loc(cur));
                        return None;
                    }
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), et)));
            }
        }
        UnOp::Initialized => {
            // `!initialized(x)` (newer LLVM): 0 for `?`, 1 once concrete.
            if cx.is_unset(a) {
                return Some(cx.int(0));
            }
            if cx.is_concrete(a) {
                return Some(cx.int(1));
            }
        }
    }
    None
}

fn compare(cx: &mut Ctx, op: BinOp, a: InitId, b: InitId) -> Option<bool> {
    if let (Some(x), Some(y)) = (cx.as_int(a), cx.as_int(b)) {
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if let (Some((x, _)), Some((y, _))) = (str_of(cx, a), str_of(cx, b)) {
        let (x, y) = (cx.strs.str(x), cx.strs.str(y));
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if op == BinOp::Eq || op == BinOp::Ne {
        if let (Init::Def(x), Init::Def(y)) = (cx.init(a), cx.init(b)) {
            return Some((x == y) == (op == BinOp::Eq));
        }
    }
    None
}

/// Index of a dag argument by position or name.
fn dag_arg_index(cx: &Ctx, dag: InitId, key: InitId) -> Result<usize, String> {
    let Init::Dag(_, _, args) = cx.init(dag) else {
        return Err("not a dag".into());
    };
    match cx.init(key) {
        Init::Int(p) => {
            if *p < 0 {
                return Err(format!("index {p} is negative"));
            }
            if *p as usize >= args.len() {
                return Err(format!(
                    "index {} is out of range (dag has {} arguments)",
                    p,
                    args.len()
                ));
            }
            Ok(*p as usize)
        }
        Init::Str(y, _) => {
            for (k, (_, n)) in args.iter().enumerate() {
                if *n == Some(*y) {
                    return Ok(k);
                }
            }
            Err(format!("key '{}' is not found", cx.strs.str(*y)))
        }
        _ => Err("bad key".into()),
    }
}

pub fn fold_bin(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Bin(op, a, b, t) = *cx.init(u) else {
        return u;
    };
    fold_bin_p(cx, op, a, b, t, cur).unwrap_or(u)
}

pub fn fold_bin_p(
    cx: &mut Ctx,
    op: BinOp,
    a: InitId,
    b: InitId,
    t: TyId,
    cur: Option<RecId>,
) -> Option<InitId> {
    match op {
        BinOp::Concat => {
            if let (Init::Dag(lop, lname, largs), Init::Dag(rop, rname, rargs)) =
                (cx.init(a).clone(), cx.init(b).clone())
            {
                let name = if cx.rules.con_keeps_op_name {
                    lname.or(rname)
                } else {
                    None
                };
                let ld = matches!(cx.init(lop), Init::Def(_));
                let rd = matches!(cx.init(rop), Init::Def(_));
                if (!ld && !cx.is_unset(lop)) || (!rd && !cx.is_unset(rop)) {
                    return None;
                }
                if ld && rd && lop != rop {
                    let msg = format!(
                        "Concatenated Dag operators do not match: '{}' vs. '{}'",
                        cx.init_str(a),
                        cx.init_str(b)
                    );
                    cx.fatal(None, msg);
                    return None;
                }
                let op = if ld {
                    lop
                } else if rd {
                    rop
                } else {
                    cx.unset
                };
                if !cx.list_len_ok(largs.len() + rargs.len(), cx.rec_loc(cur)) {
                    return None;
                }
                let mut args = largs.to_vec();
                args.extend(rargs.iter().copied());
                return Some(cx.mk(Init::Dag(op, name, args.into_boxed_slice())));
            }
        }
        BinOp::ListConcat => {
            if let (Init::List(l, _), Init::List(r, _)) = (cx.init(a), cx.init(b)) {
                let n = l.len() + r.len();
                if !cx.list_len_ok(n, cx.rec_loc(cur)) {
                    return None;
                }
            }
            if let (Init::List(l, et), Init::List(r, _)) = (cx.init(a), cx.init(b)) {
                let mut v = l.to_vec();
                v.extend(r.iter().copied());
                let et = *et;
                return Some(cx.mk(Init::List(v.into_boxed_slice(), et)));
            }
        }
        BinOp::ListSplat => {
            if let (Some(vt), Init::Int(n)) = (cx.type_of(a), cx.init(b).clone()) {
                if n < 0 {
                    // LLVM 22's words, without a location; 19 crashes.
                    cx.fatal(None, format!("!listsplat count {n} is negative"));
                    return None;
                }
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                if !cx.list_len_ok(n, cx.rec_loc(cur)) {
                    return None;
                }
                let v = vec![a; n];
                return Some(cx.mk(Init::List(v.into_boxed_slice(), vt)));
            }
        }
        BinOp::ListRemove => {
            if let (Init::List(l, et), Init::List(r, _)) = (cx.init(a).clone(), cx.init(b).clone())
            {
                let mut out = Vec::new();
                for &x in l.iter() {
                    let mut found = false;
                    for &y in r.iter() {
                        if compare(cx, BinOp::Eq, x, y) == Some(true) {
                            found = true;
                            break;
                        }
                    }
                    if !found {
                        out.push(x);
                    }
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), et)));
            }
        }
        BinOp::ListElem => {
            if let (Init::List(l, _), Init::Int(i)) = (cx.init(a), cx.init(b)) {
                if *i >= 0 && (*i as usize) < l.len() {
                    return Some(l[*i as usize]);
                }
            }
        }
        BinOp::ListSlice => {
            if let (Init::List(l, et), Init::List(idx, _)) = (cx.init(a), cx.init(b)) {
                let mut out = Vec::with_capacity(idx.len());
                for &x in idx.iter() {
                    match cx.init(x) {
                        Init::Int(i) if *i >= 0 && (*i as usize) < l.len() => {
                            out.push(l[*i as usize])
                        }
                        _ => return None,
                    }
                }
                let et = *et;
                return Some(cx.mk(Init::List(out.into_boxed_slice(), et)));
            }
        }
        BinOp::Range => {
            if let (Init::Int(s), Init::Int(e)) = (cx.init(a).clone(), cx.init(b).clone()) {
                let n = usize::try_from(s.abs_diff(e)).unwrap_or(usize::MAX);
                if !cx.list_len_ok(n.saturating_add(1), cx.rec_loc(cur)) {
                    return None;
                }
                let mut out = Vec::new();
                if s <= e {
                    let mut k = s;
                    while k <= e {
                        out.push(cx.int(k));
                        if k == i64::MAX {
                            break;
                        }
                        k += 1;
                    }
                } else {
                    let mut k = s;
                    while k >= e {
                        out.push(cx.int(k));
                        if k == i64::MIN {
                            break;
                        }
                        k -= 1;
                    }
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), TY_INT)));
            }
        }
        BinOp::StrConcat => {
            if let (Some(x), Some(y)) = (str_of(cx, a), str_of(cx, b)) {
                return Some(concat_strings(cx, x, y));
            }
        }
        BinOp::Interleave => {
            if let (Init::List(l, et), Some((d, dc))) = (cx.init(a).clone(), str_of(cx, b)) {
                let mut s = String::new();
                let _ = dc;
                let mut code = false;
                let is_str = et == TY_STRING;
                for (k, &e) in l.iter().enumerate() {
                    if s.len() > cx.limits.string_len {
                        cx.string_len_ok(s.len(), cx.rec_loc(cur));
                        return None;
                    }
                    if k > 0 {
                        s.push_str(cx.strs.str(d));
                    }
                    if is_str {
                        let (y, c) = str_of(cx, e)?;
                        if k > 0 {
                            code |= c;
                        }
                        s.push_str(cx.strs.str(y));
                    } else {
                        let v = cx.as_int(e)?;
                        s.push_str(&v.to_string());
                    }
                }
                // LLVM: the first element's format does not count.
                if !is_str {
                    code = false;
                }
                return Some(cx.string(&s, code));
            }
        }
        BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
            if let Some(v) = compare(cx, op, a, b) {
                return Some(cx.bit(v));
            }
        }
        BinOp::GetDagArg => {
            if matches!(cx.init(a), Init::Dag(..))
                && matches!(cx.init(b), Init::Int(_) | Init::Str(..))
            {
                match dag_arg_index(cx, a, b) {
                    Ok(k) => {
                        let Init::Dag(_, _, args) = cx.init(a) else {
                            return None;
                        };
                        let arg = args[k].0;
                        if let Some(at) = cx.type_of(arg) {
                            if !cx.ty_convertible(at, t) {
                                return Some(cx.unset);
                            }
                        }
                        return Some(arg);
                    }
                    Err(e) => {
                        cx.fatal_rec(cur, format!("!getdagarg {e}"));
                        return None;
                    }
                }
            }
        }
        BinOp::GetDagName => {
            if let (Init::Dag(_, _, args), Init::Int(p)) = (cx.init(a).clone(), cx.init(b).clone())
            {
                if p < 0 || p as usize >= args.len() {
                    let msg = format!(
                        "!getdagname index is out of range 0...{}: {}",
                        args.len() as i64 - 1,
                        p
                    );
                    cx.fatal_rec(cur, msg);
                    return None;
                }
                return Some(match args[p as usize].1 {
                    Some(n) => cx.str_sym(n),
                    None => cx.unset,
                });
            }
        }
        BinOp::SetDagOpName => {
            if let (Init::Dag(op, _, args), Init::Str(n, _)) = (cx.init(a).clone(), cx.init(b)) {
                let n = *n;
                return Some(cx.mk(Init::Dag(op, Some(n), args)));
            }
        }
        BinOp::SetDagOp => {
            if let (Init::Dag(_, _, args), Init::Def(_)) = (cx.init(a).clone(), cx.init(b)) {
                return Some(cx.mk(Init::Dag(b, None, args)));
            }
        }
        BinOp::Match => {
            // `!match(str, regex)` (newer LLVM): 1 if the regex matches
            // anywhere in the string.
            if let (Some((sy, _)), Some((py, _))) = (str_of(cx, a), str_of(cx, b)) {
                let pat = cx.strs.str(py).to_string();
                return match regex::Regex::new(&pat) {
                    Ok(re) => {
                        let m = re.is_match(cx.strs.str(sy));
                        Some(cx.bit(m))
                    }
                    Err(e) => {
                        cx.fatal_rec(cur, format!("invalid regex '{pat}': {e}"));
                        None
                    }
                };
            }
        }
        BinOp::Add
        | BinOp::Sub
        | BinOp::Mul
        | BinOp::Div
        | BinOp::And
        | BinOp::Or
        | BinOp::Xor
        | BinOp::Shl
        | BinOp::Sra
        | BinOp::Srl => {
            if let (Some(x), Some(y)) = (cx.as_int(a), cx.as_int(b)) {
                if matches!(op, BinOp::Shl | BinOp::Sra | BinOp::Srl)
                    && cx.rules.shift_bounds_checked
                    && !(0..64).contains(&y)
                {
                    cx.fatal_rec(cur, "Illegal operation: out of bounds shift");
                    return None;
                }
                let v = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => {
                        if y == 0 {
                            cx.fatal_rec(cur, "Illegal operation: division by zero");
                            return None;
                        }
                        if x == i64::MIN && y == -1 {
                            cx.fatal_rec(cur, "Illegal operation: INT64_MIN / -1");
                            return None;
                        }
                        x / y
                    }
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::Shl => (x as u64).wrapping_shl(y as u32) as i64,
                    BinOp::Sra => x.wrapping_shr(y as u32),
                    _ => (x as u64).wrapping_shr(y as u32) as i64,
                };
                return Some(cx.int(v));
            }
        }
    }
    None
}

fn item_apply(cx: &mut Ctx, var: Sym, item: InitId, body: InitId, cur: Option<RecId>) -> InitId {
    let mut r = MapResolver::new(cur);
    r.set(var, item);
    resolve_init(cx, body, &mut r)
}

fn foreach_dag(cx: &mut Ctx, var: Sym, dag: InitId, body: InitId, cur: Option<RecId>) -> InitId {
    let Init::Dag(op, name, args) = cx.init(dag).clone() else {
        return dag;
    };
    // LLVM 22 keeps the operator's name; 19 drops it.
    let name = name.filter(|_| cx.rules.con_keeps_op_name);
    let nop = item_apply(cx, var, op, body, cur);
    let mut changed = nop != op;
    let mut out = Vec::with_capacity(args.len());
    for &(a, n) in args.iter() {
        let na = if matches!(cx.init(a), Init::Dag(..)) {
            foreach_dag(cx, var, a, body, cur)
        } else {
            item_apply(cx, var, a, body, cur)
        };
        changed |= na != a;
        out.push((na, n));
    }
    if changed {
        cx.mk(Init::Dag(nop, name, out.into_boxed_slice()))
    } else {
        dag
    }
}

pub fn fold_tern(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Tern(op, a, b, c, t) = *cx.init(u) else {
        return u;
    };
    fold_tern_p(cx, op, a, b, c, t, cur).unwrap_or(u)
}

pub fn fold_tern_p(
    cx: &mut Ctx,
    op: TernOp,
    a: InitId,
    b: InitId,
    c: InitId,
    t: TyId,
    cur: Option<RecId>,
) -> Option<InitId> {
    match op {
        TernOp::Subst => {
            match (cx.init(a).clone(), cx.init(b).clone(), cx.init(c).clone()) {
                (Init::Def(_), Init::Def(_), Init::Def(_)) => {
                    return Some(if cx.init_str(a) == cx.init_str(c) {
                        b
                    } else {
                        c
                    });
                }
                (Init::Var(..), Init::Var(mn, _), Init::Var(rn, _)) => {
                    let n = if cx.init_str(a) == cx.init_str(c) {
                        mn
                    } else {
                        rn
                    };
                    return Some(cx.mk(Init::Var(n, t)));
                }
                (Init::Str(x, _), Init::Str(y, _), Init::Str(z, _)) => {
                    let (pat, rep, src) = (cx.strs.str(x), cx.strs.str(y), cx.strs.str(z));
                    // One pass, left to right, never rescanning what was
                    // inserted (LLVM's loop does the same in place).
                    let mut out = String::new();
                    if !pat.is_empty() {
                        let mut rest = src;
                        while let Some(f) = rest.find(pat) {
                            out.push_str(&rest[..f]);
                            out.push_str(rep);
                            rest = &rest[f + pat.len()..];
                            if out.len() > cx.limits.string_len {
                                break;
                            }
                        }
                        out.push_str(rest);
                    } else {
                        // LLVM's loop would insert forever; it finds "" at every index.
                        for ch in src.chars() {
                            out.push_str(rep);
                            out.push(ch);
                            if out.len() > cx.limits.string_len {
                                break;
                            }
                        }
                        out.push_str(rep);
                    }
                    if !cx.string_len_ok(out.len(), cx.rec_loc(cur)) {
                        return None;
                    }
                    return Some(cx.string(&out, false));
                }
                _ => {}
            }
        }
        TernOp::Foreach => {
            let (var, _) = str_of(cx, a)?;
            if matches!(cx.init(b), Init::Dag(..)) {
                return Some(foreach_dag(cx, var, b, c, cur));
            }
            if let Init::List(l, _) = cx.init(b).clone() {
                let et = cx.list_elem(t)?;
                let mut out = Vec::with_capacity(l.len());
                for &x in l.iter() {
                    if cx.fatal.is_some() {
                        return None;
                    }
                    out.push(item_apply(cx, var, x, c, cur));
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), et)));
            }
        }
        TernOp::Filter => {
            let (var, _) = str_of(cx, a)?;
            if let Init::List(l, _) = cx.init(b).clone() {
                let et = cx.list_elem(t)?;
                let mut out = Vec::new();
                for &x in l.iter() {
                    let inc = item_apply(cx, var, x, c, cur);
                    match cx.as_int(inc) {
                        Some(v) => {
                            if v != 0 {
                                out.push(x)
                            }
                        }
                        None => return None,
                    }
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), et)));
            }
        }
        TernOp::If => {
            if let Some(v) = cx.as_int(a) {
                return Some(if v != 0 { b } else { c });
            }
        }
        TernOp::Dag => {
            let ml = match cx.init(b) {
                Init::List(l, _) => Some(l.clone()),
                _ => None,
            };
            let rl = match cx.init(c) {
                Init::List(l, _) => Some(l.clone()),
                _ => None,
            };
            let mok = ml.is_some() || cx.is_unset(b);
            let rok = rl.is_some() || cx.is_unset(c);
            if cx.is_unset(b) && cx.is_unset(c) {
                return None;
            }
            if mok && rok {
                if let (Some(m), Some(r)) = (&ml, &rl) {
                    if m.len() != r.len() {
                        return None;
                    }
                }
                let n = ml
                    .as_ref()
                    .map_or_else(|| rl.as_ref().map_or(0, |r| r.len()), |m| m.len());
                let mut args = Vec::with_capacity(n);
                for k in 0..n {
                    let node = ml.as_ref().map_or(cx.unset, |m| m[k]);
                    let name = rl.as_ref().map_or(cx.unset, |r| r[k]);
                    let nm = match cx.init(name) {
                        Init::Str(y, _) => Some(*y),
                        Init::Unset => None,
                        _ => return None,
                    };
                    args.push((node, nm));
                }
                return Some(cx.mk(Init::Dag(a, None, args.into_boxed_slice())));
            }
        }
        TernOp::Range => {
            if let (Init::Int(s), Init::Int(e), Init::Int(st)) =
                (cx.init(a).clone(), cx.init(b).clone(), cx.init(c).clone())
            {
                if st == 0 {
                    cx.error_rec(cur, "Step of !range can't be 0");
                    return None;
                }
                let n = if (s < e && st > 0) || (s > e && st < 0) {
                    s.abs_diff(e).div_ceil(st.unsigned_abs())
                } else {
                    0
                };
                if !cx.list_len_ok(usize::try_from(n).unwrap_or(usize::MAX), cx.rec_loc(cur)) {
                    return None;
                }
                let mut out = Vec::new();
                if s < e && st > 0 {
                    let mut k = s;
                    while k < e {
                        out.push(cx.int(k));
                        match k.checked_add(st) {
                            Some(n) => k = n,
                            None => break,
                        }
                    }
                } else if s > e && st < 0 {
                    let mut k = s;
                    while k > e {
                        out.push(cx.int(k));
                        match k.checked_add(st) {
                            Some(n) => k = n,
                            None => break,
                        }
                    }
                }
                return Some(cx.mk(Init::List(out.into_boxed_slice(), TY_INT)));
            }
        }
        TernOp::Substr => {
            if let (Some((s, code)), Init::Int(st), Init::Int(len)) =
                (str_of(cx, a), cx.init(b).clone(), cx.init(c).clone())
            {
                let sv = cx.strs.str(s).to_string();
                let size = sv.len() as i64;
                // LLVM reports both mistakes and still folds, the way
                // `StringRef::substr` takes its unsigned bounds: a start
                // past the end (or negative) gives "", a negative length
                // runs to the end.
                if st < 0 || st > size {
                    let loc = cx.rec_loc(cur);
                    cx.error(
                        loc,
                        format!("!substr start position is out of range 0...{size}: {st}"),
                    );
                }
                if len < 0 {
                    cx.error_rec(cur, "!substr length must be nonnegative");
                }
                let st = if (0..=size).contains(&st) { st } else { size };
                let len = if len < 0 { size } else { len };
                let end = (st.saturating_add(len)).min(size) as usize;
                let sub = sv.get(st as usize..end).unwrap_or("").to_string();
                return Some(cx.string(&sub, code));
            }
        }
        TernOp::Find => {
            if let (Some((s, _)), Some((p, _)), Init::Int(st)) =
                (str_of(cx, a), str_of(cx, b), cx.init(c).clone())
            {
                let sv = cx.strs.str(s);
                let size = sv.len() as i64;
                // LLVM reports a bad start and still folds: not found.
                if st < 0 || st > size {
                    let loc = cx.rec_loc(cur);
                    cx.error(
                        loc,
                        format!("!find start position is out of range 0...{size}: {st}"),
                    );
                    return Some(cx.int(-1));
                }
                let pv = cx.strs.str(p);
                let r = sv
                    .get(st as usize..)
                    .and_then(|x| x.find(pv))
                    .map_or(-1, |f| f as i64 + st);
                return Some(cx.int(r));
            }
        }
        TernOp::SetDagArg | TernOp::SetDagName => {
            if let Init::Dag(dop, dn, args) = cx.init(a).clone() {
                if matches!(cx.init(b), Init::Int(_) | Init::Str(..)) {
                    match dag_arg_index(cx, a, b) {
                        Ok(k) => {
                            let mut args = args.to_vec();
                            if op == TernOp::SetDagArg {
                                args[k].0 = c;
                            } else {
                                args[k].1 = str_of(cx, c).map(|x| x.0);
                            }
                            return Some(cx.mk(Init::Dag(dop, dn, args.into_boxed_slice())));
                        }
                        Err(e) => {
                            let n = if op == TernOp::SetDagArg {
                                "!setdagarg"
                            } else {
                                "!setdagname"
                            };
                            cx.fatal_rec(cur, format!("{n} {e}"));
                            return None;
                        }
                    }
                }
            }
        }
    }
    None
}

pub fn fold_cond(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Cond(cv, t) = cx.init(u).clone() else {
        return u;
    };
    let n = cv.len() / 2;
    for k in 0..n {
        match cx.as_int(cv[k]) {
            Some(v) => {
                if v != 0 {
                    return cx.convert_to(cv[n + k], t).unwrap_or(cv[n + k]);
                }
            }
            None => return u,
        }
    }
    let name = cur.map(|c| cx.rec_name(c)).unwrap_or_default();
    let msg = format!(
        "{name} does not have any true condition in:{}",
        cx.init_str(u)
    );
    cx.fatal_rec(cur, msg);
    u
}

pub fn fold_foldl(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Fold(s, l, a, b, e, _) = *cx.init(u) else {
        return u;
    };
    if let Init::List(elems, _) = cx.init(l).clone() {
        let mut acc = s;
        for &x in elems.iter() {
            // A limit hit inside the body stops the fold at once.
            if cx.fatal.is_some() {
                return u;
            }
            let mut r = MapResolver::new(cur);
            r.set(a, acc);
            r.set(b, x);
            acc = resolve_init(cx, e, &mut r);
        }
        return acc;
    }
    u
}

pub fn fold_isa(cx: &mut Ctx, u: InitId) -> InitId {
    let Init::IsA(t, e) = *cx.init(u) else {
        return u;
    };
    fold_isa_p(cx, t, e).unwrap_or(u)
}

/// `!isa<t>(e)` folded from its parts, if it folds.
fn fold_isa_p(cx: &mut Ctx, t: TyId, e: InitId) -> Option<InitId> {
    let et = cx.type_of(e)?;
    if cx.ty_convertible(et, t) {
        return Some(cx.int(1));
    }
    let by_type = cx.rules.isa_false_by_type && !cx.ty_convertible(t, et);
    if !cx.is_record_ty(t) || by_type || cx.is_concrete(e) {
        return Some(cx.int(0));
    }
    None
}

pub fn fold_exists(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Exists(t, e) = *cx.init(u) else {
        return u;
    };
    if let Some((name, _)) = str_of(cx, e) {
        if let Some(&d) = cx.defs.get(&name) {
            let dt = cx.record_type(d);
            let v = cx.ty_is_a(dt, t);
            return cx.int(v as i64);
        }
        if let Some(c) = cur {
            let cn = cx.rec(c).name;
            let matches = match cx.init(cn) {
                Init::Str(y, _) => *y == name,
                Init::AnonName(n) => format!("anonymous_{n}") == cx.strs.str(name),
                _ => false,
            };
            if matches {
                if !final_ {
                    return u;
                }
                let ct = cx.record_type(c);
                let v = cx.ty_is_a(ct, t);
                return cx.int(v as i64);
            }
        }
        if final_ {
            return cx.int(0);
        }
    }
    u
}

pub fn fold_instances(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Instances(t, e) = *cx.init(u) else {
        return u;
    };
    // Inside a record the set of defs is only known at final resolution.
    if cur.is_some() && !final_ {
        return u;
    }
    let RecTy::Record(cls) = cx.ty_data(t).clone() else {
        return u;
    };
    let re = if cx.is_unset(e) {
        None
    } else {
        let Some((py, _)) = str_of(cx, e) else {
            return u;
        };
        let pat = cx.strs.str(py).to_string();
        match regex::Regex::new(&pat) {
            Ok(r) => Some(r),
            Err(err) => {
                cx.fatal_rec(cur, format!("invalid regex '{pat}': {err}"));
                return u;
            }
        }
    };
    let mut names: Vec<(String, RecId)> = cx
        .defs
        .values()
        .filter(|&&d| cls.iter().all(|&c| cx.rec(d).is_subclass_of(c)))
        .map(|&d| (cx.rec_name(d), d))
        .filter(|(n, _)| re.as_ref().is_none_or(|r| r.is_match(n)))
        .collect();
    names.sort_by(|a, b| compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    let elems: Vec<InitId> = names.iter().map(|(_, d)| cx.def_init(*d)).collect();
    cx.mk(Init::List(elems.into_boxed_slice(), t))
}

/// LLVM's name order for records (`LessRecord`): bytewise, except that two
/// runs of digits at the same place compare as numbers, so `x_2 < x_16`
/// (a longer run is the larger number; equal-length runs compare bytewise).
pub(crate) fn compare_numeric(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let digits =
        |s: &[u8], from: usize| s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].is_ascii_digit() && b[j].is_ascii_digit() {
            let (na, nb) = (digits(a, i), digits(b, j));
            let ord = na.cmp(&nb).then_with(|| a[i..i + na].cmp(&b[j..j + nb]));
            if ord != Ordering::Equal {
                return ord;
            }
            i += na;
            j += nb;
            continue;
        }
        if a[i] != b[j] {
            return a[i].cmp(&b[j]);
        }
        i += 1;
        j += 1;
    }
    (a.len() - i).cmp(&(b.len() - j))
}

/// Sets field `idx` of `rec` to `v` with LLVM's `RecordVal::setValue`
/// conversion; returns false if the value does not fit the field type.
pub fn set_field_value(cx: &mut Ctx, rec: RecId, idx: usize, v: InitId) -> bool {
    let ty = cx.rec(rec).values[idx].ty;
    let Some(mut c) = cx.cast_to(v, ty) else {
        let unset = cx.unset;
        let f = &mut cx.rec_mut(rec).values[idx];
        f.value = unset;
        f.no_value = true;
        return false;
    };
    if let RecTy::Bits(n) = *cx.ty_data(ty) {
        if !matches!(cx.init(c), Init::Bits(_)) {
            let bits: Vec<InitId> = (0..n).map(|k| cx.get_bit(c, k)).collect();
            c = cx.mk(Init::Bits(bits.into_boxed_slice()));
        }
    }
    let f = &mut cx.rec_mut(rec).values[idx];
    f.value = c;
    f.no_value = false;
    true
}

/// LLVM's `Record::resolveReferences(Resolver&, SkipVal)`.
pub fn resolve_record(cx: &mut Ctx, rec: RecId, r: &mut dyn Resolver, skip: Option<usize>) {
    let name = cx.rec(rec).name;
    let mut nn = name;
    if let Init::AnonName(_) = cx.init(name) {
        if let Some(x) = r.rename() {
            nn = x;
        }
        if r.is_final() {
            nn = resolve_init(cx, nn, r);
        }
    } else {
        nn = resolve_init(cx, name, r);
    }
    if nn != name {
        cx.rec_mut(rec).name = nn;
    }
    let n = cx.rec(rec).values.len();
    for k in 0..n {
        if Some(k) == skip {
            continue;
        }
        let v = cx.rec(rec).values[k].value;
        let nv = resolve_init(cx, v, r);
        if nv != v && !set_field_value(cx, rec, k, nv) {
            let ty = cx.rec(rec).values[k].ty;
            let tdesc = match cx.type_of(nv) {
                Some(t) => format!("of type '{}' ", cx.ty_str(t)),
                None => String::new(),
            };
            let loc = cx.rec_loc(Some(rec));
            let msg = format!(
                "Invalid value {}found when setting field '{}' of type '{}' after resolving references: {}\n",
                tdesc,
                cx.strs.str(cx.rec(rec).values[k].name),
                cx.ty_str(ty),
                cx.init_str_unquoted(nv)
            );
            cx.fatal(loc, msg);
            return;
        }
    }
    let na = cx.rec(rec).asserts.len();
    for k in 0..na {
        let a = cx.rec(rec).asserts[k].clone();
        let c = resolve_init(cx, a.cond, r);
        let m = resolve_init(cx, a.msg, r);
        let x = &mut cx.rec_mut(rec).asserts[k];
        x.cond = c;
        x.msg = m;
    }
    let nd = cx.rec(rec).dumps.len();
    for k in 0..nd {
        let d = cx.rec(rec).dumps[k].msg;
        let m = resolve_init(cx, d, r);
        cx.rec_mut(rec).dumps[k].msg = m;
    }
}

/// `Record::resolveReferences(NewName)`: final resolution of a def.
pub fn resolve_record_final(cx: &mut Ctx, rec: RecId, new_name: Option<InitId>) {
    let old = cx.rec(rec).name;
    let mut r = RecordResolver::new(rec, new_name.map(|n| (old, n)), true);
    resolve_record(cx, rec, &mut r, None);
}

/// Checks a record's assertions (LLVM's checkRecordAssertions).
pub fn check_assertions(cx: &mut Ctx, rec: RecId) {
    let asserts = cx.rec(rec).asserts.clone();
    let mut r = RecordResolver::new(rec, None, true);
    let mut failed = false;
    for a in asserts {
        let c = resolve_init(cx, a.cond, &mut r);
        let m = resolve_init(cx, a.msg, &mut r);
        failed |= !check_assert(cx, a.loc, c, m);
    }
    if failed && cx.rules.assert_failed_in_record {
        cx.error_rec(Some(rec), "assertion failed in this record");
    }
}

/// Checks one assertion; false when it failed (reported).
pub fn check_assert(cx: &mut Ctx, loc: Loc, cond: InitId, msg: InitId) -> bool {
    match cx.as_int(cond) {
        Some(0) => {
            let m = cx.init_str_unquoted(msg);
            let d = if cx.rules.assert_msg_inline {
                irkit_diag::Diagnostic::error(loc, format!("assertion failed: {m}"))
            } else {
                irkit_diag::Diagnostic::error(loc, "assertion failed").with_note(None, m)
            };
            cx.errors.push(d);
            false
        }
        Some(_) => true,
        None => {
            cx.error(
                Some(loc),
                "assert condition must of type bit, bits, or int.",
            );
            false
        }
    }
}

pub fn emit_dumps(cx: &mut Ctx, rec: RecId) {
    let dumps = cx.rec(rec).dumps.clone();
    let mut r = RecordResolver::new(rec, None, true);
    for d in dumps {
        let m = resolve_init(cx, d.msg, &mut r);
        dump_message(cx, d.loc, m);
    }
}

pub fn dump_message(cx: &mut Ctx, loc: Loc, msg: InitId) {
    let s = match cx.init(msg) {
        Init::Str(y, _) => cx.strs.str(*y).to_string(),
        _ => format!("(dump message is not a string) {}", cx.init_str(msg)),
    };
    cx.messages.push(irkit_diag::Diagnostic::new(
        irkit_diag::Severity::Note,
        Some(loc),
        s,
    ));
}

/// Instantiates `Class<args>` into an anonymous def (LLVM's
/// `VarDefInit::instantiate`). Each distinct VarDef is instantiated once.
pub fn instantiate(cx: &mut Ctx, vd: InitId) -> InitId {
    if let Some(d) = cx.var_def_instance(vd) {
        return d;
    }
    let Init::VarDef(class, args) = cx.init(vd).clone() else {
        return vd;
    };
    let name = cx.new_anon_name();
    let c = cx.rec(class).clone();
    let locs = match cx.var_def_loc(vd) {
        Some(l) => vec![l],
        None => c.locs.clone(),
    };
    let new = cx.add_record(Record {
        name,
        locs,
        targs: Vec::new(),
        values: c.values,
        asserts: c.asserts,
        dumps: c.dumps,
        supers: Vec::new(),
        kind: RecKind::AnonDef,
    });
    let mut r = MapResolver::new(Some(new));
    for &ta in &c.targs {
        if let Some(v) = cx.rec(new).value(ta).map(|v| v.value) {
            r.set(ta, v);
        }
        cx.rec_mut(new).values.retain(|v| v.name != ta);
    }
    for &(k, v) in args.iter() {
        match k {
            ArgKey::Pos(p) => {
                if let Some(&ta) = c.targs.get(p as usize) {
                    r.set(ta, v);
                }
            }
            ArgKey::Named(n) => r.set(n, v),
        }
    }
    resolve_record(cx, new, &mut r, None);
    if let Some(&l) = c.locs.first() {
        crate::explain::on_inherit(cx, new, class, l, &r);
    }
    let mut supers = c.supers.clone();
    let cl = c.locs.last().copied().or(c.locs.first().copied());
    if let Some(l) = cl {
        supers.push((class, l));
    }
    cx.rec_mut(new).supers = supers;
    resolve_record_final(cx, new, None);
    if let Some(y) = cx.rec_name_sym(new) {
        cx.defs.insert(y, new);
    }
    check_assertions(cx, new);
    emit_dumps(cx, new);
    let d = cx.def_init(new);
    cx.set_var_def_instance(vd, d);
    d
}

/// Folds a freshly built VarDef at parse time (LLVM's `VarDefInit::Fold`).
pub fn fold_var_def(cx: &mut Ctx, vd: InitId) -> InitId {
    if let Some(d) = cx.var_def_instance(vd) {
        return d;
    }
    let Init::VarDef(_, args) = cx.init(vd).clone() else {
        return vd;
    };
    let mut tr = TrackUnresolved {
        inner: None,
        found: false,
    };
    for &(_, v) in args.iter() {
        resolve_init(cx, v, &mut tr);
    }
    if !tr.found {
        return instantiate(cx, vd);
    }
    vd
}

/// The bit type id, for callers outside the model.
pub fn bit_ty() -> TyId {
    TY_BIT
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
