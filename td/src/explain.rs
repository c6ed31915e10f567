//! Field provenance for `irkit tblgen --explain RECORD.FIELD`: how a field's
//! final value was built, step by step, with the class or `let` that supplied
//! each step and its source location.
//!
//! The parser calls the `on_*` hooks at the few places where a field gets a
//! value (declaration, inheritance, body `let`, top-level `let … in`,
//! multiclass/foreach instantiation). Each hook returns at once unless
//! [`Ctx::explain`] holds a [`Provenance`] table, which only `--explain`
//! turns on, so ordinary runs pay one `Option` test per hook.
//!
//! The table keeps, per (record, field), a *chain* of links to
//! contributions stored once in an arena, each step's values as they were
//! when it applied. Inheriting or instantiating copies the source chain and
//! records the resolver's substitutions (template arguments, loop
//! variables, `NAME`) in a shared environment list; they are replayed only
//! by [`explain`], for the one field asked about. With several parents the
//! chains are merged by their common prefix, so a diamond shows the shared
//! base once and a later parent's steps are marked as overriding the
//! earlier parent's (TableGen's last-writer-wins rule).
//!
//! **Architecture invariant:** the hooks never change a record and never
//! resolve or fold a value (resolving can instantiate anonymous records,
//! which would renumber the output); provenance is a pure side table, and
//! the value in the header always comes from the record itself.

use crate::model::{Ctx, FieldKind, Init, InitId, RecId, RecTy, Sym};
use crate::parser::LetMode;
use crate::resolve::{resolve_init, MapResolver};
use irkit_diag::{Diagnostic, Loc, SourceMap};
use rustc_hash::FxHashMap;

/// A contribution id (index into [`Provenance`]'s arena).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContribId(u32);

/// A substitution environment id: a chain of substitutions to replay, the
/// newest first (index into [`Provenance`]'s environment arena).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnvId(u32);

/// What a contribution did to the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The field's declaration (with its initial value, `?` if none).
    Declared,
    /// A declaration of a field the record already had (replaces it).
    Redeclared,
    /// A plain `let`: the value replaces the current one.
    Replaced,
    /// A plain `let` of some bits (`let f{3-0} = …`), in `let` order.
    ReplacedBits(Box<[u32]>),
    /// `let append`.
    Appended,
    /// `let prepend`.
    Prepended,
    /// A later parent class brought back an older value of the field
    /// (last-writer-wins) without adding a step of its own.
    Inherited,
}

/// Where a `let` was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Site {
    /// In a class/def body, or a declaration.
    Body,
    /// A top-level `let … in` around the record.
    TopLevelLet,
    /// A superclass reference (for [`Step::Inherited`]).
    Superclass,
}

/// One contribution to a field's value, as it was when it applied (in the
/// context of the record being defined then).
#[derive(Clone, Debug)]
pub struct Contrib {
    pub loc: Loc,
    pub step: Step,
    pub site: Site,
    /// The contributed value as written.
    pub value: InitId,
    /// The field's value right after this step, in that record.
    pub after: InitId,
}

/// A contribution's place in one record's chain.
#[derive(Clone, Copy, Debug)]
pub struct Link {
    pub id: ContribId,
    /// The class or def that supplied the step (for steps written in a
    /// multiclass def or a foreach body: the record made from it).
    pub owner: RecId,
    /// The substitutions (template arguments, loop variables, `NAME`) the
    /// step went through on its way into this record.
    pub env: Option<EnvId>,
    /// Index (in the same chain) of the step whose result this step
    /// modified; `None` for a declaration.
    pub prev: Option<u32>,
    /// Set when this step, inherited from a later parent, replaced the value
    /// an earlier parent left (that parent's last step owner).
    pub overrides: Option<RecId>,
}

/// One resolver's substitutions, kept to be replayed by [`explain`].
#[derive(Clone)]
struct Subst {
    cur: Option<RecId>,
    map: Vec<(Sym, InitId)>,
    via: Via,
}

/// Where a substitution happened.
#[derive(Clone, Copy)]
enum Via {
    /// Template arguments of `class`, given at `loc`.
    Args { class: RecId, loc: Loc },
    /// A multiclass or foreach body made into `rec`.
    Instance { rec: RecId },
}

#[derive(Clone)]
struct EnvNode {
    subst: u32,
    parent: Option<EnvId>,
}

/// The provenance side table (see the module doc). Values are resolved
/// only when a field is explained: resolving while parsing could
/// instantiate anonymous records and so change the output.
#[derive(Clone, Default)]
pub struct Provenance {
    contribs: Vec<Contrib>,
    chains: FxHashMap<(RecId, Sym), Vec<Link>>,
    substs: Vec<Subst>,
    envs: Vec<EnvNode>,
    env_map: FxHashMap<(u32, Option<EnvId>), EnvId>,
}

impl Provenance {
    pub fn contrib(&self, id: ContribId) -> &Contrib {
        &self.contribs[id.0 as usize]
    }
    /// The chain of `rec`'s field `name`, oldest step first.
    pub fn chain(&self, rec: RecId, name: Sym) -> &[Link] {
        self.chains.get(&(rec, name)).map_or(&[], Vec::as_slice)
    }
    fn push(&mut self, c: Contrib) -> ContribId {
        let id = ContribId(self.contribs.len() as u32);
        self.contribs.push(c);
        id
    }
    fn push_link(&mut self, rec: RecId, name: Sym, c: Contrib) {
        let id = self.push(c);
        let chain = self.chains.entry((rec, name)).or_default();
        let prev = chain.len().checked_sub(1).map(|k| k as u32);
        chain.push(Link {
            id,
            owner: rec,
            env: None,
            prev,
            overrides: None,
        });
    }
    fn env(&mut self, subst: u32, parent: Option<EnvId>) -> EnvId {
        if let Some(&e) = self.env_map.get(&(subst, parent)) {
            return e;
        }
        let e = EnvId(self.envs.len() as u32);
        self.envs.push(EnvNode { subst, parent });
        self.env_map.insert((subst, parent), e);
        e
    }
    /// `from`'s chain for `name` seen through substitution `subst`; steps
    /// owned by `from` move to `new_owner` when given (instantiation).
    fn copy_chain(
        &mut self,
        from: RecId,
        name: Sym,
        subst: u32,
        new_owner: Option<RecId>,
    ) -> Vec<Link> {
        let Some(src) = self.chains.get(&(from, name)) else {
            return Vec::new();
        };
        let mut out = src.clone();
        for l in &mut out {
            l.env = Some(self.env(subst, l.env));
            if let Some(n) = new_owner {
                if l.owner == from {
                    l.owner = n;
                }
            }
        }
        out
    }
    fn add_subst(&mut self, r: &MapResolver, via: Via) -> u32 {
        let k = self.substs.len() as u32;
        self.substs.push(Subst {
            cur: r.cur(),
            map: r.entries(),
            via,
        });
        k
    }
}

// ---------------------------------------------------------------- hooks

/// A field declaration `[field] TYPE name [= value];` in `rec` has just been
/// processed (after its initializer, if any).
pub(crate) fn on_declare(cx: &mut Ctx, rec: RecId, name: Sym, loc: Loc) {
    let Some(p) = cx.explain.as_deref_mut() else {
        return;
    };
    let Some(f) = cx.records.get(rec.0 as usize).and_then(|r| r.value(name)) else {
        return;
    };
    if f.kind == FieldKind::TemplateArg {
        return;
    }
    let step = if p.chain(rec, name).is_empty() {
        Step::Declared
    } else {
        Step::Redeclared
    };
    let value = f.value;
    p.push_link(
        rec,
        name,
        Contrib {
            loc,
            step,
            site: Site::Body,
            value,
            after: value,
        },
    );
    // A declaration does not modify an earlier value.
    if let Some(l) = p.chains.get_mut(&(rec, name)).and_then(|c| c.last_mut()) {
        l.prev = None;
    }
}

/// A `let` (plain, `append` or `prepend`) of `value` to `rec`'s field
/// `name` has just succeeded; `top_level` for a `let … in` around `rec`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn on_let(
    cx: &mut Ctx,
    rec: RecId,
    name: Sym,
    loc: Loc,
    mode: LetMode,
    bits: &[u32],
    value: InitId,
    top_level: bool,
) {
    let Some(p) = cx.explain.as_deref_mut() else {
        return;
    };
    let Some(after) = cx
        .records
        .get(rec.0 as usize)
        .and_then(|r| r.value(name))
        .map(|f| f.value)
    else {
        return;
    };
    let step = match mode {
        LetMode::Replace if bits.is_empty() => Step::Replaced,
        LetMode::Replace => Step::ReplacedBits(bits.into()),
        LetMode::Append => Step::Appended,
        LetMode::Prepend => Step::Prepended,
    };
    let site = if top_level {
        Site::TopLevelLet
    } else {
        Site::Body
    };
    p.push_link(
        rec,
        name,
        Contrib {
            loc,
            step,
            site,
            value,
            after,
        },
    );
}

/// `rec` has just inherited from `class` (fields copied, `r` resolved the
/// class's template arguments and `NAME` in `rec`); `sc_loc` is the
/// superclass reference.
pub(crate) fn on_inherit(cx: &mut Ctx, rec: RecId, class: RecId, sc_loc: Loc, r: &MapResolver) {
    let Some(p) = cx.explain.as_deref_mut() else {
        return;
    };
    let Some(c) = cx.records.get(class.0 as usize) else {
        return;
    };
    let mut subst = None;
    for f in &c.values {
        if f.kind == FieldKind::TemplateArg || p.chain(class, f.name).is_empty() {
            continue;
        }
        let via = Via::Args { class, loc: sc_loc };
        let k = *subst.get_or_insert_with(|| p.add_subst(r, via));
        let pc = p.copy_chain(class, f.name, k, None);
        let ec = p.chains.remove(&(rec, f.name)).unwrap_or_default();
        let merged = merge_parent(p, ec, pc, class, sc_loc);
        p.chains.insert((rec, f.name), merged);
    }
}

/// `new` is a copy of the multiclass/foreach prototype `proto` with `r`'s
/// substitutions (template arguments, loop variables, `NAME`) applied.
pub(crate) fn on_instantiate(cx: &mut Ctx, proto: RecId, new: RecId, r: &MapResolver) {
    let Some(p) = cx.explain.as_deref_mut() else {
        return;
    };
    let Some(c) = cx.records.get(proto.0 as usize) else {
        return;
    };
    let mut subst = None;
    for f in &c.values {
        if p.chain(proto, f.name).is_empty() {
            continue;
        }
        let via = Via::Instance { rec: new };
        let k = *subst.get_or_insert_with(|| p.add_subst(r, via));
        let chain = p.copy_chain(proto, f.name, k, Some(new));
        p.chains.insert((new, f.name), chain);
    }
}

/// Merges the chain a parent brings (`pc`) into the chain the record has
/// from earlier parents (`ec`): the common prefix once, then `ec`'s own
/// steps, then `pc`'s own steps, the first of which overrides `ec`'s result.
fn merge_parent(
    p: &mut Provenance,
    ec: Vec<Link>,
    pc: Vec<Link>,
    class: RecId,
    sc_loc: Loc,
) -> Vec<Link> {
    if ec.is_empty() {
        return pc;
    }
    let k = ec.iter().zip(&pc).take_while(|(a, b)| a.id == b.id).count();
    if k == ec.len() {
        // The parent continues what the record has: its steps follow.
        let mut out = ec;
        out.extend_from_slice(&pc[k..]);
        return out;
    }
    let loser = ec[ec.len() - 1].owner;
    let mut out = ec;
    let base = out.len() as u32;
    if k == pc.len() {
        // The parent's value is an older state of the record's chain.
        let Some(last) = pc.last().copied() else {
            return out;
        };
        let v = p.contrib(last.id).after;
        let id = p.push(Contrib {
            loc: sc_loc,
            step: Step::Inherited,
            site: Site::Superclass,
            value: v,
            after: v,
        });
        out.push(Link {
            id,
            owner: class,
            env: last.env,
            prev: Some(k as u32 - 1),
            overrides: Some(loser),
        });
        return out;
    }
    for (i, l) in pc[k..].iter().enumerate() {
        let prev = l.prev.map(|b| {
            if (b as usize) < k {
                b
            } else {
                base + (b - k as u32)
            }
        });
        out.push(Link {
            prev,
            overrides: if i == 0 { Some(loser) } else { l.overrides },
            ..*l
        });
    }
    out
}

/// Replays a link's substitutions on `v`, oldest first.
fn resolve_in(cx: &mut Ctx, p: &Provenance, env: Option<EnvId>, v: InitId) -> InitId {
    let mut v = v;
    for k in env_order(p, env) {
        v = resolve_one(cx, p, k, v);
    }
    v
}

/// The substitutions of an environment, oldest first.
fn env_order(p: &Provenance, env: Option<EnvId>) -> Vec<u32> {
    let mut order = Vec::new();
    let mut e = env;
    while let Some(id) = e {
        let n = &p.envs[id.0 as usize];
        order.push(n.subst);
        e = n.parent;
    }
    order.reverse();
    order
}

fn resolve_one(cx: &mut Ctx, p: &Provenance, k: u32, v: InitId) -> InitId {
    let s = &p.substs[k as usize];
    let mut r = MapResolver::new(s.cur);
    for &(n, x) in &s.map {
        r.set(n, x);
    }
    resolve_init(cx, v, &mut r)
}

/// When a written value went through two or more substitutions that
/// changed it (template arguments handed down several levels), one line
/// per change: `= VALUE  (arguments of C given at LOC)`.
fn trace_lines(
    cx: &mut Ctx,
    map: &SourceMap,
    p: &Provenance,
    env: Option<EnvId>,
    written: InitId,
) -> Vec<String> {
    let mut v = written;
    let mut steps = Vec::new();
    for k in env_order(p, env) {
        let nv = resolve_one(cx, p, k, v);
        if nv != v {
            steps.push((k, nv));
        }
        v = nv;
    }
    if steps.len() < 2 {
        return Vec::new();
    }
    steps
        .into_iter()
        .map(|(k, nv)| {
            let via = match p.substs[k as usize].via {
                Via::Args { class, loc } => format!(
                    "arguments of {} given at {}",
                    cx.rec_name(class),
                    map.position(loc)
                ),
                Via::Instance { rec } => format!("made into {}", cx.rec_name(rec)),
            };
            format!("= {}  ({via})", cx.init_str(nv))
        })
        .collect()
}

/// Resolving for display must not report anything: the records' own
/// resolution already reported what there is to report.
struct DiagGuard {
    had_fatal: bool,
    n_errors: usize,
    n_messages: usize,
}

impl DiagGuard {
    fn new(cx: &Ctx) -> DiagGuard {
        DiagGuard {
            had_fatal: cx.fatal.is_some(),
            n_errors: cx.errors.len(),
            n_messages: cx.messages.len(),
        }
    }
    fn restore(self, cx: &mut Ctx) {
        if !self.had_fatal {
            cx.fatal = None;
        }
        cx.errors.truncate(self.n_errors);
        cx.messages.truncate(self.n_messages);
    }
}

// ---------------------------------------------------------------- output

/// Writes the explanation of `target` (`RECORD.FIELD`) to `out`. Takes the
/// context mutably to replay substitutions (after all output was made).
pub fn explain(
    cx: &mut Ctx,
    map: &SourceMap,
    target: &str,
    out: &mut String,
) -> Result<(), Diagnostic> {
    let Some((rname, fname)) = target.rsplit_once('.') else {
        return Err(Diagnostic::bare_error(format!(
            "'{target}' is not of the form RECORD.FIELD"
        )));
    };
    let rsym = cx.strs.get(rname);
    let rec = rsym.and_then(|y| cx.defs.get(&y).or_else(|| cx.classes.get(&y)).copied());
    let Some(rec) = rec else {
        return Err(Diagnostic::bare_error(format!("no record named '{rname}'")));
    };
    let field = cx.strs.get(fname).and_then(|y| {
        cx.rec(rec)
            .value(y)
            .filter(|f| f.kind != FieldKind::TemplateArg)
    });
    let Some(field) = field.cloned() else {
        return Err(Diagnostic::bare_error(format!(
            "record '{rname}' has no field '{fname}'"
        )));
    };
    // Header: `D.items: list<int> = [1, 3, 4]`, the type as print-records
    // spells it.
    out.push_str(rname);
    out.push('.');
    out.push_str(fname);
    out.push_str(": ");
    if field.kind == FieldKind::NonconcreteOk {
        out.push_str("field ");
    }
    if matches!(cx.ty_data(field.ty), RecTy::String)
        && matches!(cx.init(field.value), Init::Str(_, true))
    {
        out.push_str("code");
    } else {
        cx.write_ty(out, field.ty);
    }
    out.push_str(" = ");
    cx.write_init(out, field.value);
    out.push('\n');
    let Some(p) = cx.explain.take() else {
        out.push_str("  (provenance was not recorded)\n");
        return Ok(());
    };
    let guard = DiagGuard::new(cx);
    let rows = rows(cx, map, &p, rec, field.name, field.value);
    guard.restore(cx);
    cx.explain = Some(p);
    if rows.is_empty() {
        out.push_str("  (no recorded contributions)\n");
        return Ok(());
    }
    let mut w = [0usize; 4];
    for (r, _) in &rows {
        for (k, wk) in w.iter_mut().enumerate() {
            *wk = (*wk).max(r[k].chars().count());
        }
    }
    // Trace lines start under the action column.
    let indent = 2 + w[0] + 1 + w[1] + 2 + w[2] + 2;
    for (r, trace) in &rows {
        let mut line = String::from("  ");
        for (k, wk) in w.iter().enumerate() {
            line.push_str(&r[k]);
            let pad = wk - r[k].chars().count() + if k == 0 { 1 } else { 2 };
            line.extend(std::iter::repeat_n(' ', pad));
        }
        line.push_str(&r[4]);
        let n = line.trim_end().len();
        line.truncate(n);
        out.push_str(&line);
        out.push('\n');
        for t in trace {
            out.extend(std::iter::repeat_n(' ', indent));
            out.push_str(t);
            out.push('\n');
        }
    }
    Ok(())
}

/// One step resolved for display.
struct Shown {
    written: InitId,
    value: InitId,
    after: InitId,
}

/// A table row: `#.`, owner, location, action, `-> result  (notes)`; then
/// the trace of its value's substitutions.
type Row = ([String; 5], Vec<String>);

/// The table rows.
fn rows(
    cx: &mut Ctx,
    map: &SourceMap,
    p: &Provenance,
    rec: RecId,
    name: Sym,
    fin: InitId,
) -> Vec<Row> {
    let chain = p.chain(rec, name);
    let shown: Vec<Shown> = chain
        .iter()
        .map(|l| {
            let c = p.contrib(l.id);
            Shown {
                written: c.value,
                value: resolve_in(cx, p, l.env, c.value),
                after: resolve_in(cx, p, l.env, c.after),
            }
        })
        .collect();
    let mut rows: Vec<Row> = Vec::with_capacity(chain.len() + 1);
    for (i, l) in chain.iter().enumerate() {
        let c = p.contrib(l.id);
        let sh = &shown[i];
        let mut notes = Vec::new();
        if let Some(b) = l.prev {
            if i == 0 || b as usize != i - 1 {
                notes.push(match c.step {
                    Step::Inherited => format!("the value of #{}", b + 1),
                    _ => format!("applies to #{}", b + 1),
                });
            }
            if matches!(c.step, Step::Appended | Step::Prepended)
                && shown.get(b as usize).is_some_and(|w| cx.is_unset(w.after))
            {
                notes.push("the field was ?: value taken as is".to_string());
            }
        }
        if c.site == Site::TopLevelLet {
            notes.push("top-level let … in".to_string());
        }
        if let Some(o) = l.overrides {
            notes.push(format!("overrides {}: last parent wins", cx.rec_name(o)));
        }
        let trace = if sh.written != sh.value {
            trace_lines(cx, map, p, l.env, sh.written)
        } else {
            Vec::new()
        };
        rows.push((
            [
                format!("{}.", i + 1),
                cx.rec_name(l.owner),
                map.position(c.loc),
                action(cx, &c.step, sh),
                row_tail(cx, &c.step, sh, &notes),
            ],
            trace,
        ));
    }
    let last = shown.last().map(|s| s.after);
    if last.is_some() && last != Some(fin) {
        let loc = cx
            .rec(rec)
            .locs
            .first()
            .map_or(String::new(), |&l| map.position(l));
        rows.push((
            [
                format!("{}.", chain.len() + 1),
                cx.rec_name(rec),
                loc,
                "resolved".to_string(),
                format!(
                    "-> {}  (references to other fields, NAME and casts resolved when {} was complete)",
                    cx.init_str(fin),
                    cx.rec_name(rec)
                ),
            ],
            Vec::new(),
        ));
    }
    rows
}

/// `declared [1]`, `appended [2]`, `appended C:x = [7]`, …
fn action(cx: &Ctx, step: &Step, sh: &Shown) -> String {
    let verb = match step {
        Step::Declared => "declared",
        Step::Redeclared => "redeclared",
        Step::Replaced => "replaced by",
        Step::ReplacedBits(_) => "replaced bits",
        Step::Appended => "appended",
        Step::Prepended => "prepended",
        Step::Inherited => "inherited",
    };
    let mut s = String::from(verb);
    if let Step::ReplacedBits(bits) = step {
        s.push_str(" {");
        for (k, b) in bits.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            s.push_str(&b.to_string());
        }
        s.push_str("} with");
    }
    if *step == Step::Inherited {
        return s;
    }
    s.push(' ');
    cx.write_init(&mut s, sh.written);
    if sh.written != sh.value {
        s.push_str(" = ");
        cx.write_init(&mut s, sh.value);
    }
    s
}

/// `-> AFTER  (notes)`; the arrow is left out when the step's value is the
/// result (declarations, replacements).
fn row_tail(cx: &Ctx, step: &Step, sh: &Shown, notes: &[String]) -> String {
    let mut s = String::new();
    let shows_result = match step {
        Step::Declared | Step::Redeclared | Step::Replaced => sh.after != sh.value,
        Step::ReplacedBits(_) | Step::Appended | Step::Prepended | Step::Inherited => true,
    };
    if shows_result {
        s.push_str("-> ");
        cx.write_init(&mut s, sh.after);
    }
    if !notes.is_empty() {
        if !s.is_empty() {
            s.push_str("  ");
        }
        s.push('(');
        s.push_str(&notes.join("; "));
        s.push(')');
    }
    s
}

#[cfg(test)]
mod tests;
