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
//! contributions stored once in an arena. Inheriting copies the parent's
//! chain (resolving template arguments in the copied values); with several
//! parents the chains are merged by their common prefix, so a diamond shows
//! the shared base once and a later parent's steps are marked as overriding
//! the earlier parent's (TableGen's last-writer-wins rule).
//!
//! **Architecture invariant:** the hooks never change a record; provenance
//! is a pure side table, and the final value shown always comes from the
//! record itself.

use crate::model::{Ctx, FieldKind, Init, InitId, RecId, RecTy, Sym};
use crate::parser::LetMode;
use crate::resolve::{resolve_init, Resolver};
use irkit_diag::{Diagnostic, Loc, SourceMap};
use rustc_hash::FxHashMap;

/// A contribution id (index into [`Provenance`]'s arena).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ContribId(u32);

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

/// One contribution to a field's value.
#[derive(Clone, Debug)]
pub struct Contrib {
    /// The contribution this one is a (resolved) copy of; equal origins
    /// mean "the same step reached through different parents".
    pub origin: ContribId,
    /// The class or def being defined when the step applied.
    pub owner: RecId,
    pub loc: Loc,
    pub step: Step,
    pub site: Site,
    /// The value as written (template arguments and loop variables
    /// unresolved).
    pub written: InitId,
    /// The contributed value with the arguments known here substituted.
    pub value: InitId,
    /// The field's value after this step.
    pub after: InitId,
}

/// A contribution's place in one record's chain.
#[derive(Clone, Copy, Debug)]
pub struct Link {
    pub id: ContribId,
    /// Index (in the same chain) of the step whose result this step
    /// modified; `None` for a declaration.
    pub prev: Option<u32>,
    /// Set when this step, inherited from a later parent, replaced the value
    /// an earlier parent left (the earlier parent's last step owner).
    pub overrides: Option<RecId>,
}

/// The provenance side table (see the module doc).
#[derive(Default)]
pub struct Provenance {
    contribs: Vec<Contrib>,
    chains: FxHashMap<(RecId, Sym), Vec<Link>>,
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
        self.contribs.push(Contrib { origin: id, ..c });
        id
    }
    fn push_copy(&mut self, c: Contrib) -> ContribId {
        let id = ContribId(self.contribs.len() as u32);
        self.contribs.push(c);
        id
    }
}

// ---------------------------------------------------------------- hooks

/// A field declaration `[field] TYPE name [= value];` in `rec` has just been
/// processed (after its initializer, if any).
pub(crate) fn on_declare(cx: &mut Ctx, rec: RecId, name: Sym, loc: Loc) {
    let Some(mut p) = cx.explain.take() else {
        return;
    };
    if let Some(f) = cx.rec(rec).value(name) {
        if f.kind != FieldKind::TemplateArg {
            let value = f.value;
            let step = if p.chain(rec, name).is_empty() {
                Step::Declared
            } else {
                Step::Redeclared
            };
            let id = p.push(Contrib {
                origin: ContribId(0),
                owner: rec,
                loc,
                step,
                site: Site::Body,
                written: value,
                value,
                after: value,
            });
            let chain = p.chains.entry((rec, name)).or_default();
            chain.push(Link {
                id,
                prev: None,
                overrides: None,
            });
        }
    }
    cx.explain = Some(p);
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
    let Some(mut p) = cx.explain.take() else {
        return;
    };
    if let Some(after) = cx.rec(rec).value(name).map(|f| f.value) {
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
        let id = p.push(Contrib {
            origin: ContribId(0),
            owner: rec,
            loc,
            step,
            site,
            written: value,
            value,
            after,
        });
        let chain = p.chains.entry((rec, name)).or_default();
        let prev = chain.len().checked_sub(1).map(|k| k as u32);
        chain.push(Link {
            id,
            prev,
            overrides: None,
        });
    }
    cx.explain = Some(p);
}

/// `rec` has just inherited from `class` (fields copied, `r` resolved the
/// class's template arguments and `NAME` in `rec`); `sc_loc` is the
/// superclass reference.
pub(crate) fn on_inherit(
    cx: &mut Ctx,
    rec: RecId,
    class: RecId,
    sc_loc: Loc,
    r: &mut dyn Resolver,
) {
    let Some(mut p) = cx.explain.take() else {
        return;
    };
    let guard = DiagGuard::new(cx);
    let names: Vec<Sym> = cx
        .rec(class)
        .values
        .iter()
        .filter(|f| f.kind != FieldKind::TemplateArg)
        .map(|f| f.name)
        .collect();
    for name in names {
        let pc = copy_chain(&mut p, cx, class, name, None, r);
        if pc.is_empty() {
            continue;
        }
        let ec = p.chains.remove(&(rec, name)).unwrap_or_default();
        let merged = merge_parent(&mut p, ec, pc, class, sc_loc);
        p.chains.insert((rec, name), merged);
    }
    guard.restore(cx);
    cx.explain = Some(p);
}

/// `new` is a copy of the multiclass/foreach prototype `proto` with `r`'s
/// substitutions (template arguments, loop variables, `NAME`) applied.
pub(crate) fn on_instantiate(cx: &mut Ctx, proto: RecId, new: RecId, r: &mut dyn Resolver) {
    let Some(mut p) = cx.explain.take() else {
        return;
    };
    let guard = DiagGuard::new(cx);
    let names: Vec<Sym> = cx.rec(proto).values.iter().map(|f| f.name).collect();
    for name in names {
        let c = copy_chain(&mut p, cx, proto, name, Some(new), r);
        if !c.is_empty() {
            p.chains.insert((new, name), c);
        }
    }
    guard.restore(cx);
    cx.explain = Some(p);
}

/// Resolving copies of values must not report anything: the record's own
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

/// `from`'s chain for `name` with every value resolved by `r`; steps owned
/// by `from` move to `new_owner` when given (instantiation).
fn copy_chain(
    p: &mut Provenance,
    cx: &mut Ctx,
    from: RecId,
    name: Sym,
    new_owner: Option<RecId>,
    r: &mut dyn Resolver,
) -> Vec<Link> {
    let Some(src) = p.chains.get(&(from, name)) else {
        return Vec::new();
    };
    let mut out = src.clone();
    for l in &mut out {
        let c = p.contrib(l.id).clone();
        let value = resolve_init(cx, c.value, r);
        let after = resolve_init(cx, c.after, r);
        let owner = match new_owner {
            Some(n) if c.owner == from => n,
            _ => c.owner,
        };
        if value != c.value || after != c.after || owner != c.owner {
            l.id = p.push_copy(Contrib {
                value,
                after,
                owner,
                ..c
            });
        }
    }
    out
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
    let k = ec
        .iter()
        .zip(&pc)
        .take_while(|(a, b)| p.contrib(a.id).origin == p.contrib(b.id).origin)
        .count();
    if k == ec.len() {
        // The parent continues what the record has: its steps follow.
        let mut out = ec;
        out.extend_from_slice(&pc[k..]);
        return out;
    }
    let loser = p.contrib(ec[ec.len() - 1].id).owner;
    let mut out = ec;
    let base = out.len() as u32;
    if k == pc.len() {
        // The parent's value is an older state of the record's chain.
        let Some(last) = pc.last() else {
            return out;
        };
        let v = p.contrib(last.id).after;
        let id = p.push(Contrib {
            origin: ContribId(0),
            owner: class,
            loc: sc_loc,
            step: Step::Inherited,
            site: Site::Superclass,
            written: v,
            value: v,
            after: v,
        });
        out.push(Link {
            id,
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
            id: l.id,
            prev,
            overrides: if i == 0 { Some(loser) } else { l.overrides },
        });
    }
    out
}

// ---------------------------------------------------------------- output

/// Writes the explanation of `target` (`RECORD.FIELD`) to `out`.
pub fn explain(
    cx: &Ctx,
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
    let Some(field) = field else {
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
    let Some(p) = cx.explain.as_deref() else {
        out.push_str("  (provenance was not recorded)\n");
        return Ok(());
    };
    let chain = p.chain(rec, field.name);
    let mut rows: Vec<[String; 5]> = Vec::with_capacity(chain.len() + 1);
    for (i, l) in chain.iter().enumerate() {
        let c = p.contrib(l.id);
        let mut notes = Vec::new();
        if let Some(b) = l.prev {
            if i == 0 || b as usize != i - 1 {
                notes.push(match c.step {
                    Step::Inherited => format!("the value of #{}", b + 1),
                    _ => format!("applies to #{}", b + 1),
                });
            }
        }
        if matches!(c.step, Step::Appended | Step::Prepended) {
            let was = l.prev.and_then(|b| chain.get(b as usize));
            if was.is_some_and(|w| cx.is_unset(p.contrib(w.id).after)) {
                notes.push("the field was ?: value taken as is".to_string());
            }
        }
        if c.site == Site::TopLevelLet {
            notes.push("top-level let … in".to_string());
        }
        if let Some(o) = l.overrides {
            notes.push(format!("overrides {}: last parent wins", cx.rec_name(o)));
        }
        rows.push([
            format!("{}.", i + 1),
            cx.rec_name(c.owner),
            map.position(c.loc),
            action(cx, c),
            row_tail(cx, c, &notes),
        ]);
    }
    let last = chain.last().map(|l| p.contrib(l.id).after);
    if last != Some(field.value) && !chain.is_empty() {
        let loc = cx
            .rec(rec)
            .locs
            .first()
            .map_or(String::new(), |&l| map.position(l));
        rows.push([
            format!("{}.", chain.len() + 1),
            cx.rec_name(rec),
            loc,
            "resolved".to_string(),
            format!("-> {}", cx.init_str(field.value)),
        ]);
    }
    if rows.is_empty() {
        out.push_str("  (no recorded contributions)\n");
        return Ok(());
    }
    let mut w = [0usize; 4];
    for r in &rows {
        for (k, wk) in w.iter_mut().enumerate() {
            *wk = (*wk).max(r[k].chars().count());
        }
    }
    for r in &rows {
        let mut line = String::from("  ");
        for (k, wk) in w.iter().enumerate() {
            line.push_str(&r[k]);
            let pad = wk - r[k].chars().count() + if k == 0 { 1 } else { 2 };
            line.extend(std::iter::repeat(' ').take(pad));
        }
        line.push_str(&r[4]);
        let n = line.trim_end().len();
        line.truncate(n);
        out.push_str(&line);
        out.push('\n');
    }
    Ok(())
}

/// `declared [1]`, `appended [2]`, `appended [C:x] = [7]`, …
fn action(cx: &Ctx, c: &Contrib) -> String {
    let verb = match &c.step {
        Step::Declared => "declared",
        Step::Redeclared => "redeclared",
        Step::Replaced => "replaced by",
        Step::ReplacedBits(_) => "replaced bits",
        Step::Appended => "appended",
        Step::Prepended => "prepended",
        Step::Inherited => "inherited",
    };
    let mut s = String::from(verb);
    if let Step::ReplacedBits(bits) = &c.step {
        s.push_str(" {");
        for (k, b) in bits.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            s.push_str(&b.to_string());
        }
        s.push_str("} with");
    }
    if c.step == Step::Inherited {
        return s;
    }
    s.push(' ');
    cx.write_init(&mut s, c.written);
    if c.written != c.value {
        s.push_str(" = ");
        cx.write_init(&mut s, c.value);
    }
    s
}

/// `-> AFTER  (notes)`; the arrow is left out when the step's value is the
/// result (declarations, replacements).
fn row_tail(cx: &Ctx, c: &Contrib, notes: &[String]) -> String {
    let mut s = String::new();
    let shows_result = match c.step {
        Step::Declared | Step::Redeclared | Step::Replaced => c.after != c.value,
        Step::ReplacedBits(_) | Step::Appended | Step::Prepended | Step::Inherited => true,
    };
    if shows_result {
        s.push_str("-> ");
        cx.write_init(&mut s, c.after);
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
