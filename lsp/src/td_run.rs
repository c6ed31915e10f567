//! One TableGen run for the server, resumed from a checkpoint when it can:
//! the tokens of the last run, the top-level boundaries its parser crossed
//! and the model and parser state before one of them are kept; a new text
//! is lexed, its tokens compared with the last ones, and when they agree up
//! to the checkpoint the parse goes on from there instead of from the start.
//! Two checkpoints at most: the end of input, which is the run's model
//! itself (shared, copied only when a run resumes from it: text added at
//! the end of a file), and a copy of the state before the statement with
//! the first changed token, taken at the first edit in a new place, so
//! that typing on in one place re-parses only from that statement on (at
//! open, after the root file's last `include`, when statements follow it).
//!
//! A resumed run gives the same diagnostics and records as a run from the
//! start (the test `resume_equals_scratch` checks it on random edits).

use irkit_diag::Loc;
use irkit_diag::{Diagnostic, FileId, SourceMap};
use irkit_td::lexer::{LexConfig, Overlay, Token};
use irkit_td::model::deps::StmtDeps;
use irkit_td::model::deps::{self, DepLog};
use irkit_td::model::{Ctx, InitId, Interner, RecId, Sym};
use irkit_td::parser::resume::{self, parse_resumable, Checkpoint, Resumed};
use rustc_hash::{FxHashMap, FxHashSet};
use std::rc::Rc;
use std::sync::Arc;

/// What a run keeps for the next one.
pub struct Incr {
    toks: Arc<Vec<Token>>,
    boundaries: Vec<usize>,
    /// At most two, by position: a copy of the state before the statement
    /// last edited, and the end of input (sharing the run's model).
    checkpoints: Vec<Checkpoint>,
    /// The run's final strings when no checkpoint has them (a run with
    /// errors): every checkpoint's strings are a prefix of these, and the
    /// next text is lexed into a copy of them.
    strs: Option<Interner>,
    /// The length of each file's text (where an edit moved the text after
    /// it, and by how much).
    lens: Vec<(FileId, u32)>,
}

impl std::fmt::Debug for Incr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let at: Vec<usize> = self.checkpoints.iter().map(|c| c.pos).collect();
        write!(f, "Incr({} tokens, checkpoints at {at:?})", self.toks.len())
    }
}

/// A run's results, as [`irkit_td::run_model`]'s, with the files read.
pub struct RunOut {
    pub map: SourceMap,
    /// The model (shared with the checkpoint at the end of input).
    pub model: Option<Rc<Ctx>>,
    pub tokens: Arc<Vec<Token>>,
    pub diags: Vec<Diagnostic>,
    pub incr: Option<Incr>,
    /// The token the parse resumed at (None: from the start).
    pub resumed_at: Option<usize>,
    /// The statements after the edit kept their results ([`splice`]).
    pub spliced: bool,
    /// ... and their anonymous names were renumbered ([`splice`]).
    pub renumbered: bool,
}

pub struct RunOpts<'a> {
    pub lex: LexConfig<'a>,
    pub rules: &'static irkit_td::compat::Rules,
    pub limits: irkit_td::Limits,
}

fn new_ctx(o: &RunOpts<'_>) -> Ctx {
    let mut cx = Ctx::new();
    cx.rules = o.rules;
    cx.limits = o.limits;
    cx.deps = Some(Box::default());
    cx
}

/// Lexes the root file `name` with `text` into `strs`.
fn lex(
    name: &str,
    text: &str,
    strs: &mut irkit_td::model::Interner,
    o: &RunOpts<'_>,
    overlay: Option<&Overlay<'_>>,
) -> (SourceMap, Result<irkit_td::lexer::Lexed, Vec<Diagnostic>>) {
    let mut map = SourceMap::new();
    let file = map.add(name.to_string(), text.to_string());
    let lexed = irkit_td::lexer::lex_with_overlay(&mut map, strs, file, &o.lex, overlay);
    (map, lexed)
}

/// Runs the root file `name` whose text is `text` (lex, parse), resuming
/// from `prev` when its tokens agree with the new ones up to one of its
/// checkpoints, and keeping the results of the statements after an edit
/// when none of them depends on it ([`splice`]). `release` drops the
/// caller's copy of the last model (about to be changed in place).
pub fn run(
    name: &str,
    text: &str,
    o: &RunOpts<'_>,
    overlay: Option<&Overlay<'_>>,
    prev: Option<Incr>,
    release: &mut dyn FnMut(),
) -> RunOut {
    let (prev_toks, prev_bounds, mut prev_cps, prev_strs, prev_lens) = match prev {
        Some(p) => (p.toks, p.boundaries, p.checkpoints, p.strs, p.lens),
        None => (Arc::default(), Vec::new(), Vec::new(), None, Vec::new()),
    };
    // Lexed into the last run's final strings (those the last tokens were
    // lexed into, and every checkpoint's, are a prefix of them), equal
    // tokens have equal symbols.
    let mut strs = match (prev_strs, prev_cps.last()) {
        (Some(s), _) => s,
        (None, Some(c)) => c.cx.strs.clone(),
        (None, None) => new_ctx(o).strs,
    };
    let (mut map, mut lexed) = lex(name, text, &mut strs, o, overlay);
    let same = match &lexed {
        Ok(l) => prev_toks
            .iter()
            .zip(&l.toks)
            .take_while(|(a, b)| same_token(a, b))
            .count(),
        Err(_) => 0,
    };
    // The last token a checkpoint may be at: the statement before one
    // reads its token when that is a `;` or `else` (a changed token there
    // may be taken into it).
    let reach = match &lexed {
        Ok(l)
            if l.toks
                .get(same)
                .is_some_and(|t| resume::read_by_previous(t.kind)) =>
        {
            same.saturating_sub(1)
        }
        _ => same,
    };
    let prev_eof = prev_toks.len().checked_sub(1);
    // The final model of the last run, if it had no errors, and whether the
    // statements after the edit may keep their results.
    let edit = Edit {
        same,
        reach,
        lens: &prev_lens,
    };
    let mut plan = match (&lexed, prev_eof) {
        (Ok(l), Some(eof)) => prev_cps.last().filter(|c| c.pos == eof).and_then(|end| {
            plan_splice(
                Olds::Toks(&prev_toks),
                &l.toks,
                &prev_bounds,
                end,
                &edit,
                0,
                &map,
            )
        }),
        _ => None,
    };
    let mut end_cp = match plan {
        Some(_) => prev_cps.pop(),
        None => None,
    };
    // Only the number of the last tokens is needed now (memory).
    let prev_n = prev_toks.len();
    drop(prev_toks);
    let ntoks = lexed.as_ref().map_or(0, |l| l.toks.len());
    // Checkpoints past the first changed token are of no more use.
    prev_cps.retain(|c| c.pos <= reach && c.pos < ntoks);
    let at_edit = prev_boundary_at_most(&prev_bounds, reach).filter(|&m| m > 0);
    let resume_pos = prev_cps.last().map(|c| c.pos);
    let start = resume_pos.unwrap_or(0);
    // Where to copy the state this time: before the statement with the
    // first changed token, unless a checkpoint is already there.
    let mark = match at_edit {
        Some(m) => Some(m).filter(|&m| Some(m) != resume_pos),
        // No edit yet: after the last `include` of the root file, so that
        // the first edit below it does not re-run what it includes.
        None if resume_pos.is_none() => lexed.as_ref().ok().and_then(|l| after_includes(&l.toks)),
        None => None,
    };
    let resume = if mark.is_some() {
        // The new copy replaces the old ones (memory).
        prev_cps.pop()
    } else {
        None
    };
    let from = resume.as_ref().or(prev_cps.last());
    let mut cx = match from {
        Some(c) => {
            let mut cx = (*c.cx).clone();
            cx.strs = strs;
            cx
        }
        None if prev_eof.is_some() && plan.is_none() => {
            // Lex again into fresh strings: symbols numbered as a run from
            // the start numbers them.
            let mut cx = new_ctx(o);
            // (the first tokens go first: memory)
            drop(std::mem::replace(&mut lexed, Err(Vec::new())));
            (map, lexed) = lex(name, text, &mut cx.strs, o, overlay);
            cx
        }
        None => {
            let mut cx = new_ctx(o);
            cx.strs = strs;
            cx
        }
    };
    let state = from.map(Checkpoint::state);
    drop(resume);
    if mark.is_some() {
        prev_cps.clear();
    }
    let lexed = match lexed {
        Ok(l) => l,
        Err(mut diags) => {
            pointify(&mut diags);
            return RunOut {
                map,
                model: None,
                tokens: Arc::default(),
                diags,
                incr: None,
                resumed_at: None,
                spliced: false,
                renumbered: false,
            };
        }
    };
    let lens: Vec<(FileId, u32)> = map
        .files()
        .map(|(id, f)| (id, f.text().len() as u32))
        .collect();
    let toks = lexed.toks;
    let stop = plan.as_ref().map(|p| p.new_end);
    let mut res = parse_resumable(&mut cx, toks, state, mark, stop);
    // The edited statements take in those after them that now make an
    // instance the old ones made ([`lost_readers`]).
    while let (Some(p), Some(end)) = (plan.as_ref(), end_cp.as_ref()) {
        if res.result.is_err() || cx.fatal.is_some() {
            break;
        }
        let Some(reader) = lost_readers(&cx, p, end) else {
            break;
        };
        let at_least = end
            .cx
            .deps
            .as_ref()
            .and_then(|l| l.stmts.get(reader))
            .map_or(usize::MAX, |st| st.pos + 1);
        plan = plan_splice(
            Olds::Len(prev_n, p.edit_end),
            &res.toks,
            &prev_bounds,
            end,
            &edit,
            at_least,
            &map,
        )
        // (worth it while they are few: each is parsed twice)
        .filter(|p2| 2 * (p2.old_end - p2.at) < prev_n - p2.at);
        let Some(p2) = plan.as_ref() else {
            break;
        };
        let Some(at) = res.stopped.take() else {
            plan = None;
            break;
        };
        let toks = std::mem::take(&mut res.toks);
        let more = parse_resumable(&mut cx, toks, Some(at), None, Some(p2.new_end));
        res.boundaries.extend(more.boundaries);
        res.toks = more.toks;
        res.result = more.result;
        res.stopped = more.stopped;
        res.end = more.end;
    }
    if plan.is_none() {
        // (memory: the old model may be the caller's only)
        end_cp = None;
    }
    let mut boundaries: Vec<usize> = prev_bounds.iter().copied().filter(|&b| b < start).collect();
    if let (Some(plan), Some(end)) = (plan, end_cp.take()) {
        if res.result.is_ok() && cx.fatal.is_none() && res.stopped.is_some() {
            if let Some((model, state, new_log, renumbered)) =
                splice(&cx, &plan, end, &mut res, release)
            {
                boundaries.extend(res.boundaries.iter().copied());
                let dn = plan.dn;
                boundaries.extend(
                    prev_bounds
                        .iter()
                        .filter(|&&b| b >= plan.old_end)
                        .map(|&b| (b as isize + dn) as usize),
                );
                let mut out = finish_spliced(
                    model,
                    state,
                    new_log,
                    res,
                    boundaries,
                    prev_cps,
                    map,
                    lexed.warnings,
                    lens,
                );
                out.renumbered = renumbered;
                return out;
            }
        }
    }
    if let Some(at) = res.stopped.take() {
        // Not kept after all: the parse goes on.
        let mut bounds = std::mem::take(&mut res.boundaries);
        let toks = std::mem::take(&mut res.toks);
        let cp = res.checkpoint.take();
        res = parse_resumable(&mut cx, toks, Some(at), None, None);
        bounds.append(&mut res.boundaries);
        res.boundaries = bounds;
        res.checkpoint = res.checkpoint.take().or(cp);
    }
    let toks = Arc::new(std::mem::take(&mut res.toks));
    boundaries.extend(res.boundaries);
    // The model keeps its messages: a run resumed from it reports them.
    let mut diags = lexed.warnings;
    diags.extend(cx.messages.iter().cloned());
    diags.extend(cx.errors.iter().cloned());
    if let Err(d) = res.result {
        diags.push(d);
    }
    if let Some(d) = cx.fatal.clone() {
        diags.push(d);
    }
    pointify(&mut diags);
    let ok = !diags.iter().any(Diagnostic::is_error);
    let mut checkpoints = prev_cps;
    let new_end = ok && res.end.is_some();
    if new_end {
        // The old end (if resumed from) is behind the new one.
        checkpoints.retain(|c| Some(c.pos) != prev_eof);
    }
    checkpoints.extend(res.checkpoint);
    let (model, strs) = match (ok, res.end) {
        (true, Some(end)) => {
            let m = Rc::new(cx);
            checkpoints.truncate(1);
            checkpoints.push(Checkpoint::at_end(m.clone(), end));
            (Some(m), None)
        }
        (true, None) => {
            let strs = cx.strs.clone();
            (Some(Rc::new(cx)), Some(strs))
        }
        (false, _) => (None, Some(cx.strs)),
    };
    RunOut {
        map,
        model,
        incr: Some(Incr {
            toks: Arc::clone(&toks),
            boundaries,
            checkpoints,
            strs,
            lens,
        }),
        tokens: toks,
        diags,
        resumed_at: (start > 0).then_some(start),
        spliced: false,
        renumbered: false,
    }
}

/// Where an edit is, in statements of the last run, when the statements
/// after it may keep their results.
struct Plan {
    /// The first statement of the edited ones (a boundary, the same token
    /// index in the old and the new tokens).
    at: usize,
    /// The old and new token index of the first statement after them.
    old_end: usize,
    new_end: usize,
    /// New minus old token count.
    dn: isize,
    /// The edited file, and by how much the text after the edit moved.
    file: FileId,
    delta: i64,
    /// The first old byte of the edited file's unchanged text after the
    /// changed tokens: locations from there on move by `delta` (those of
    /// the statements after the edit, and of edited statements that a
    /// later one refers to, [`Plan::rebind`]).
    edit_end: u32,
    /// The edited and the following statements in the last run's log.
    s: std::ops::Range<usize>,
    q: usize,
    /// Classes and multiclasses the old statements defined that
    /// statements after them read: the new statements must define each
    /// again, the same (a class in its slot; [`splice`]).
    rebind: Vec<(Sym, deps::Table)>,
}

/// The last run's tokens, or (where only the first changed statement's
/// end is sought again) their number and [`Plan::edit_end`].
#[derive(Clone, Copy)]
enum Olds<'a> {
    Toks(&'a [Token]),
    Len(usize, u32),
}

/// Where the new tokens first differ from the last run's.
struct Edit<'a> {
    /// The tokens agree before `same`; the first edited statement starts
    /// at a boundary at most `reach` ([`run`]).
    same: usize,
    reach: usize,
    /// The length of each file's text in the last run.
    lens: &'a [(FileId, u32)],
}

/// The statement (its index in the last run's log) after the edited ones
/// up to which they must reach: in a run from scratch, the first
/// statement after them that reads an instance the old edited statements
/// made, or where one was written, makes or writes it when the new ones
/// do not; it is then one of the edited statements (the last such first
/// reader). None when there is none. `cx` has the new statements parsed
/// in their place.
fn lost_readers(cx: &Ctx, plan: &Plan, end: &Checkpoint) -> Option<usize> {
    let (new_log, old_log) = (cx.deps.as_ref()?, end.cx.deps.as_ref()?);
    let n0 = new_log.stmts.partition_point(|st| st.pos < plan.at);
    let instance = |k: u64| k & deps::WRITE != 0 && k & deps::WHAT >= deps::VAR_DEF;
    // (`cx` is a copy of the model from before the edit: the values made
    // since are numbered apart from the last run's, so an instance is
    // known by its value as written, `Class<args>`, the numbers of the
    // anonymous records in it left out, as they move too. Two instances
    // may look alike then: [`splice`] checks what is lost exactly.)
    let written = |m: &Ctx, k: u64| {
        let text = m.init_str(InitId((k & 0xffff_ffff) as u32));
        let mut out = String::with_capacity(text.len());
        for (i, part) in text.split(deps::ANON_PREFIX).enumerate() {
            if i > 0 {
                out.push_str(deps::ANON_PREFIX);
                out.push_str(part.trim_start_matches(|c: char| c.is_ascii_digit()));
            } else {
                out.push_str(part);
            }
        }
        (k & KIND, out)
    };
    let new_made: FxHashSet<(u64, String)> = new_log.stmts[n0..]
        .iter()
        .flat_map(|st| &new_log.keys[st.start as usize..st.end as usize])
        .filter(|&&k| instance(k))
        .map(|&k| written(cx, k))
        .collect();
    let mut lost: FxHashSet<u64> = old_log.stmts[plan.s.clone()]
        .iter()
        .flat_map(|st| &old_log.keys[st.start as usize..st.end as usize])
        .filter(|&&k| instance(k) && !new_made.contains(&written(&end.cx, k)))
        .map(|&k| k & deps::WHAT)
        .collect();
    let mut last = None;
    for (i, st) in old_log.stmts.iter().enumerate().skip(plan.q) {
        if lost.is_empty() {
            break;
        }
        let ks = &old_log.keys[st.start as usize..st.end as usize];
        let n = lost.len();
        for &k in ks {
            lost.remove(&(k & deps::WHAT));
        }
        if lost.len() < n {
            last = Some(i);
        }
    }
    last
}

/// Finds the edited statements: the tokens agree before `edit.same`, and
/// after the edit up to the end of input once the edited file's moved by
/// the size change; they reach at least to the token `at_least`
/// ([`lost_readers`]). None when the edit reaches the end, or when the old
/// statements or those after them read or wrote what rules keeping them
/// out (as their log at the last run's end says; the new statements are
/// checked after they are parsed).
fn plan_splice(
    old: Olds<'_>,
    new: &[Token],
    bounds: &[usize],
    end: &Checkpoint,
    edit: &Edit<'_>,
    at_least: usize,
    map: &SourceMap,
) -> Option<Plan> {
    let &Edit {
        same,
        reach,
        lens: old_lens,
    } = edit;
    let log = end.cx.deps.as_ref()?;
    let n = new.get(same)?;
    if let Olds::Toks(old) = old {
        if old.get(same)?.loc.file != n.loc.file {
            return None;
        }
    }
    let file = n.loc.file;
    let old_len = old_lens.iter().find(|(f, _)| *f == file)?.1;
    let new_len = map.files().find(|(id, _)| *id == file)?.1.text().len() as u32;
    let delta = i64::from(new_len) - i64::from(old_len);
    let moved = |a: &Token, b: &Token| {
        a.kind == b.kind
            && a.sym == b.sym
            && a.int == b.int
            && a.loc.file == b.loc.file
            && if a.loc.file == file {
                i64::from(a.loc.span.start) + delta == i64::from(b.loc.span.start)
                    && i64::from(a.loc.span.end) + delta == i64::from(b.loc.span.end)
            } else {
                a.loc.span == b.loc.span
            }
    };
    // The unchanged tail may reach back into the edited statement's first
    // tokens (a statement added before one that starts alike), not past it.
    let at = prev_boundary_at_most(bounds, reach)?;
    let (old_n, changed_end, edit_end) = match old {
        Olds::Toks(old) => {
            let room = old.len().min(new.len()) - at;
            let tail = old
                .iter()
                .rev()
                .zip(new.iter().rev())
                .take(room)
                .take_while(|(a, b)| moved(a, b))
                .count();
            let edit_end = old[old.len() - tail..]
                .iter()
                .find(|t| t.loc.file == file)
                .map_or(u32::MAX, |t| t.loc.span.start);
            (old.len(), (old.len() - tail).max(at_least), edit_end)
        }
        // (what follows the first changed statement agrees up to the end)
        Olds::Len(n, edit_end) => (n, at_least, edit_end),
    };
    let old_end = bounds[bounds
        .partition_point(|&b| b < changed_end)
        .min(bounds.len() - 1)..]
        .first()
        .copied()
        .filter(|&b| b >= changed_end && b + 1 < old_n)?;
    let dn = new.len() as isize - old_n as isize;
    let new_end = (old_end as isize + dn) as usize;
    if new_end < at {
        return None;
    }
    let s0 = log.stmts.partition_point(|st| st.pos < at);
    let q = log.stmts.partition_point(|st| st.pos < old_end);
    if log.stmts.get(q)?.pos != old_end
        || log.stmts.get(s0).is_some_and(|st| st.pos != at && s0 < q)
    {
        return None;
    }
    let s = s0..q;
    let stmts = &log.stmts;
    if stmts[s.clone()].iter().any(|st| st.msgs > 0 || st.read_all)
        || stmts[q..].iter().any(|st| st.read_all)
    {
        return None;
    }
    // What the old statements wrote must be nothing those after them read
    // or wrote.
    let keys_of = |r: std::ops::Range<usize>| -> &[u64] {
        let (a, b) = match (stmts[r.clone()].first(), stmts[r].last()) {
            (Some(a), Some(b)) => (a.start as usize, b.end as usize),
            _ => (0, 0),
        };
        &log.keys[a..b]
    };
    let ks = keys_of(s.clone());
    if ks.iter().any(|&k| k & deps::UPDATE != 0) {
        return None;
    }
    // (instances of `VarDef` values and where they were written: checked
    // once the new statements are parsed again, [`splice`])
    // (as are the names of the anonymous records they made, read by those
    // after them through a memoised computation that made the record)
    // (a class the statements after them read may be defined again, the
    // same, in its slot: checked once the new statements are parsed again)
    let strs = &end.cx.strs;
    let mut classes: FxHashMap<u64, deps::Table> = FxHashMap::default();
    let mut written: FxHashSet<u64> = FxHashSet::default();
    for &k in ks
        .iter()
        .filter(|&&k| k & deps::WRITE != 0 && k & deps::WHAT < deps::VAR_DEF)
    {
        match deps::Table::of(k) {
            Some(deps::Table::Def)
                if deps::anon_number(strs.str(Sym((k & 0xffff_ffff) as u32))).is_some() => {}
            Some(t @ (deps::Table::Class | deps::Table::MultiClass)) => {
                classes.insert(k & deps::WHAT, t);
            }
            _ => {
                written.insert(k & deps::WHAT);
            }
        }
    }
    let mut rebind: Vec<(Sym, deps::Table)> = Vec::new();
    if !written.is_empty() || !classes.is_empty() {
        for &k in keys_of(q..stmts.len()) {
            let w = k & deps::WHAT;
            if written.contains(&w) {
                return None;
            }
            if let Some(t) = classes.remove(&w) {
                rebind.push((Sym((w & 0xffff_ffff) as u32), t));
            }
        }
    }
    Some(Plan {
        at,
        old_end,
        new_end,
        dn,
        file,
        delta,
        s,
        q,
        rebind,
        edit_end,
    })
}

/// Keeps the last run's model for the statements after the edit: the old
/// edited statements are taken out of it, the new ones (parsed in `cx` up
/// to `plan.new_end`, in the state before them) are parsed again into it
/// at its end, and the locations after the edit move. Their order in the
/// model differs from the text's, which nothing observes: they read
/// nothing the statements after them write, write nothing those read, and
/// take as many anonymous names (or none follow). None when the new
/// statements fail those checks (`res` is as it was).
fn splice(
    cx: &Ctx,
    plan: &Plan,
    end: Checkpoint,
    res: &mut Resumed,
    release: &mut dyn FnMut(),
) -> Option<(Ctx, resume::TopState, DepLog, bool)> {
    let (new_log, old_log) = (cx.deps.as_ref()?, end.cx.deps.as_ref()?);
    // The new statements, as parsed in their place.
    let n0 = new_log.stmts.partition_point(|st| st.pos < plan.at);
    let news = &new_log.stmts[n0..];
    if news.iter().any(|st| st.msgs > 0 || st.read_all) {
        return None;
    }
    let span = |l: &DepLog, r: &[irkit_td::model::deps::StmtDeps]| -> std::ops::Range<usize> {
        match (r.first(), r.last()) {
            (Some(a), Some(b)) => a.start as usize..b.end as usize,
            _ => 0..0,
        }
        .start
        .min(l.keys.len())..r.last().map_or(0, |b| b.end as usize).min(l.keys.len())
    };
    let new_keys = &new_log.keys[span(new_log, news)];
    let olds = &old_log.stmts;
    let q_keys = &old_log.keys[span(old_log, &olds[plan.q..])];
    let names_w: rustc_hash::FxHashSet<u64> = new_keys
        .iter()
        .filter(|&&k| k & deps::WRITE != 0 && k & deps::WHAT < deps::VAR_DEF)
        .map(|&k| k & deps::WHAT)
        .collect();
    let names_r: rustc_hash::FxHashSet<u64> = new_keys
        .iter()
        .filter(|&&k| k & deps::WRITE == 0 && k & deps::WHAT < deps::VAR_DEF)
        .map(|&k| k & deps::WHAT)
        .collect();
    let anon_new: u32 = news.iter().map(|st| st.anon).sum();
    let anon_old: u32 = olds[plan.s.clone()].iter().map(|st| st.anon).sum();
    let anon_after: u32 = olds[plan.q..].iter().map(|st| st.anon).sum();
    let anon_before: u32 = olds[..plan.s.start].iter().map(|st| st.anon).sum();
    // The anonymous names the statements after the edit took (from
    // `first_after` on) move by the change in count: renamed, not
    // re-evaluated ([`splice`]), when nothing used one as text.
    let first_after = anon_before + anon_old;
    let renumbering = anon_new != anon_old && anon_after > 0;
    let text = |st: &irkit_td::model::deps::StmtDeps| st.anon_text || st.anon_named;
    // (instances moved between the new statements and those after them
    // renumber too: checked when they are known)
    let may_renumber = !(olds[plan.q..].iter().any(text)
        || news.iter().any(text)
        || olds.iter().any(|st| st.anon_named));
    if renumbering && !may_renumber {
        return None;
    }
    let strs = &end.cx.strs;
    let renamed = |k: u64| {
        renumbering
            && k & deps::WHAT < deps::VAR_DEF
            && deps::anon_number(strs.str(irkit_td::model::Sym((k & 0xffff_ffff) as u32)))
                .is_some_and(|n| n >= first_after)
    };
    // (a renamed name is past every name the new statements took; an
    // anonymous name the new statements took that those after the edit
    // read is an old statement's record's, read through a memoised
    // computation that made it: it must be made again, checked below)
    let by_name =
        olds[plan.q..].iter().any(|st| st.anon_named) || news.iter().any(|st| st.anon_named);
    let anon = |k: u64| {
        !by_name
            && k & deps::WHAT < deps::VAR_DEF
            && deps::anon_number(strs.str(Sym((k & 0xffff_ffff) as u32))).is_some()
    };
    let rebound: FxHashSet<u64> = plan.rebind.iter().map(|(y, _)| u64::from(y.0)).collect();
    let clash = q_keys
        .iter()
        .filter(|&&k| !renamed(k) && !anon(k))
        .filter(|&&k| k & deps::WRITE != 0 || !rebound.contains(&(k & deps::WHAT)))
        .any(|&k| {
            let w = k & deps::WHAT;
            names_w.contains(&w) || (k & deps::WRITE != 0 && names_r.contains(&w))
        });
    if clash {
        return None;
    }
    let var_writes = |keys: &[u64]| {
        keys.iter()
            .filter(|&&k| k & deps::WRITE != 0 && k & deps::WHAT >= deps::VAR_DEF)
            .count()
    };
    let new_var_writes = var_writes(new_keys);
    let old_keys: Vec<u64> = old_log.keys[span(old_log, &olds[plan.s.clone()])].to_vec();
    // Committed: the last model is changed in place.
    release();
    let Checkpoint { cx: m, .. } = end.clone();
    let state = end.state();
    drop(end);
    let mut m = Rc::try_unwrap(m).unwrap_or_else(|m| (*m).clone());
    let mut state = state.1;
    // The instances the old statements made are made again in their
    // slots when the new ones make them (what refers to them still does);
    // where they were written must come out the same.
    let mut reuse: FxHashMap<InitId, RecId> = FxHashMap::default();
    let mut old_locs: Vec<(InitId, Loc)> = Vec::new();
    for &k in old_keys.iter().filter(|&&k| k & deps::WRITE != 0) {
        let vd = InitId((k & 0xffff_ffff) as u32);
        match k & KIND {
            deps::VAR_DEF => {
                if let Some(r) = m.peek_var_def(vd).and_then(|d| rec_of(&m, d)) {
                    reuse.insert(vd, r);
                }
            }
            deps::VAR_LOC => old_locs.extend(m.peek_var_def_loc(vd).map(|l| (vd, l))),
            _ => {}
        }
    }
    let old_made: FxHashSet<InitId> = reuse.keys().copied().collect();
    // The classes defined again in their slots, and the multiclasses as
    // they were.
    let mut reuse_class: FxHashMap<Sym, RecId> = FxHashMap::default();
    let mut multiclasses = Vec::new();
    for &(y, t) in &plan.rebind {
        if t == deps::Table::Class {
            reuse_class.insert(y, *m.classes.get(&y)?);
        } else {
            multiclasses.push((y, state.multiclass_was(y)?));
        }
    }
    // The anonymous records they made, by name.
    let old_anon: Vec<(Sym, RecId)> = old_keys
        .iter()
        .filter(|&&k| {
            k & deps::WRITE != 0
                && k & KIND == deps::NAME
                && deps::Table::of(k) == Some(deps::Table::Def)
        })
        .filter_map(|&k| {
            let y = Sym((k & 0xffff_ffff) as u32);
            deps::anon_number(m.strs.str(y))?;
            Some((y, *m.defs.get(&y)?))
        })
        .collect();
    // (with the log: the memoised computations that used what the old
    // statements made go too)
    if !resume::forget_writes(&mut m, &mut state, &old_keys) {
        return None;
    }
    let mut log = *m.deps.take().unwrap_or_default();
    let q0 = log
        .stmts
        .get(plan.q)
        .map_or(log.keys.len(), |st| st.start as usize);
    resume::shift_locs(&mut m, &mut state, plan.file, plan.edit_end, plan.delta);
    m.strs = cx.strs.clone();
    // What the statements after the edit made is out of sight while the
    // new ones are parsed again (as it was when they were parsed in their
    // place): an instance the new statements make first now is made in
    // its old slot (moved), the others are put back.
    let mut hidden: Vec<(InitId, InitId)> = Vec::new();
    let mut hidden_locs: Vec<(InitId, Loc)> = Vec::new();
    for &k in log.keys[q0..].iter().filter(|&&k| k & deps::WRITE != 0) {
        let vd = InitId((k & 0xffff_ffff) as u32);
        match k & KIND {
            deps::VAR_DEF => {
                if let Some(d) = m.take_var_def(vd) {
                    if let Some(r) = rec_of(&m, d) {
                        reuse.insert(vd, r);
                    }
                    hidden.push((vd, d));
                }
            }
            deps::VAR_LOC => hidden_locs.extend(m.take_var_def_loc(vd).map(|l| (vd, l))),
            _ => {}
        }
    }
    // ... and so are the memoised item applications that used one.
    let mut hidden_memos = Vec::new();
    if !hidden.is_empty() {
        let made: FxHashSet<u64> = hidden
            .iter()
            .map(|&(vd, _)| deps::VAR_DEF | u64::from(vd.0))
            .collect();
        let keys = &log.memo_keys;
        let gone: Vec<_> = log
            .memo
            .iter()
            .filter(|(_, &(a, b, _, _))| {
                keys.get(a as usize..b as usize)
                    .is_some_and(|ks| ks.iter().any(|k| made.contains(&(k & deps::WHAT))))
            })
            .map(|(key, _)| *key)
            .collect();
        for key in gone {
            let entry = log.memo.remove(&key);
            let value = m.item_memo.remove(&key);
            if let (Some(e), Some(v)) = (entry, value) {
                hidden_memos.push((key, v, e));
            }
        }
    }
    // The anonymous defs after the edit, by number, out of the def table
    // (the new statements take names they may have), when they may be
    // renamed: no statement bound a name spelled like theirs.
    let mut after: Vec<(u32, Sym, RecId)> = Vec::new();
    if anon_after > 0 && may_renumber {
        for &k in log.keys[q0..].iter() {
            if k & deps::WRITE == 0
                || k & deps::WHAT >= deps::VAR_DEF
                || deps::Table::of(k) != Some(deps::Table::Def)
            {
                continue;
            }
            let y = Sym((k & 0xffff_ffff) as u32);
            let Some(n) = deps::anon_number(m.strs.str(y)).filter(|&n| n >= first_after) else {
                continue;
            };
            if let Some(r) = m.defs.remove(&y) {
                after.push((n, y, r));
            }
        }
        after.sort_unstable_by_key(|a| a.0);
    }
    let anon_end = m.anon_counter;
    m.anon_counter = anon_before;
    let stmt_loc = state.stmt_loc();
    // (the memo's logs go with the memo)
    m.deps = Some(Box::new(DepLog {
        memo: std::mem::take(&mut log.memo),
        memo_keys: std::mem::take(&mut log.memo_keys),
        reuse,
        reuse_class,
        ..DepLog::default()
    }));
    let toks = std::mem::take(&mut res.toks);
    let mut again = parse_resumable(
        &mut m,
        toks,
        Some((plan.at, state)),
        None,
        Some(plan.new_end),
    );
    res.toks = std::mem::take(&mut again.toks);
    let mut second = m.deps.take().unwrap_or_default();
    log.memo = std::mem::take(&mut second.memo);
    log.memo_keys = std::mem::take(&mut second.memo_keys);
    let ok = again.result.is_ok()
        && m.fatal.is_none()
        && m.errors.is_empty()
        && second.stmts.iter().all(|st| st.msgs == 0 && !st.read_all)
        && second.stmts.iter().map(|st| st.anon).sum::<u32>() == anon_new
        && var_writes(&second.keys) == new_var_writes;
    let (_, mut state) = again.stopped.take().filter(|_| ok)?;
    // Each class the statements after them read is defined again, the
    // same (the old records' locations after the edit moved with the text
    // above; a location taken before, `moved_loc`).
    let moved_loc = |l: &mut Loc| resume::move_loc(l, plan.file, plan.edit_end, plan.delta);
    if !second.reuse_class.is_empty()
        || !second
            .reused_classes
            .iter()
            .all(|(r, old)| m.rec(*r) == old)
        || !multiclasses
            .iter()
            .all(|(y, was)| state.same_multiclass(&m, *y, was, &moved_loc))
    {
        return None;
    }
    // Slots not taken: those after the edit go back; those of the old
    // statements must be of instances no statement after them reads.
    let left = std::mem::take(&mut second.reuse);
    let mut moved: FxHashSet<RecId> = FxHashSet::default();
    for &(vd, d) in &hidden {
        if left.contains_key(&vd) {
            m.put_var_def(vd, d);
        } else {
            moved.extend(rec_of(&m, d));
        }
    }
    // What the statements after the edit read of what the old ones made
    // (one pass over their keys).
    let asked: FxHashSet<u64> = left
        .keys()
        .filter(|vd| old_made.contains(vd))
        .map(|vd| deps::VAR_DEF | u64::from(vd.0))
        .chain(
            old_locs
                .iter()
                .map(|(vd, _)| deps::VAR_LOC | u64::from(vd.0)),
        )
        .chain(old_anon.iter().map(|(y, _)| deps::NAME | u64::from(y.0)))
        .collect();
    let read: FxHashSet<u64> = log.keys[q0..]
        .iter()
        .filter(|k| asked.contains(k))
        .copied()
        .collect();
    let q_reads = |kind: u64, vd: InitId| read.contains(&(kind | u64::from(vd.0)));
    if left
        .keys()
        .any(|&vd| old_made.contains(&vd) && q_reads(deps::VAR_DEF, vd))
    {
        return None;
    }
    // Where an instance was written: the same as before, where the
    // statements after the edit read or wrote it.
    let mut relocated: FxHashSet<InitId> = FxHashSet::default();
    for &(vd, l) in &hidden_locs {
        match m.peek_var_def_loc(vd) {
            Some(now) if now != l => return None,
            Some(_) => {
                relocated.insert(vd);
            }
            None => m.put_var_def_loc(vd, l),
        }
    }
    // (an old statement after the edit was written where it is now)
    for &(vd, mut l) in &old_locs {
        moved_loc(&mut l);
        if q_reads(deps::VAR_LOC, vd) && m.peek_var_def_loc(vd) != Some(l) {
            return None;
        }
    }
    for (key, v, e) in hidden_memos {
        if let std::collections::hash_map::Entry::Vacant(slot) = m.item_memo.entry(key) {
            slot.insert(v);
            log.memo.insert(key, e);
        }
    }
    if !moved.is_empty() && !may_renumber {
        return None;
    }
    // The names after the edit: in order, past the new statements', the
    // moved instances left out (they have the names the new statements
    // gave them).
    let mut names: FxHashMap<u32, u32> = FxHashMap::default();
    let mut next = anon_before + anon_new;
    let mut gone_names: FxHashSet<u32> = FxHashSet::default();
    for &(n, y, r) in &after {
        let new = if moved.contains(&r) {
            gone_names.insert(y.0);
            m.rec_name_sym(r)?
        } else {
            let new = if n == next {
                y
            } else {
                let s = m.strs.intern(&format!("{}{next}", deps::ANON_PREFIX));
                let name = m.str_sym(s);
                m.rec_mut(r).name = name;
                s
            };
            next += 1;
            m.defs.insert(new, r);
            new
        };
        if new != y {
            names.insert(y.0, new.0);
        }
    }
    // An anonymous record of the old statements whose name those after
    // them read: made again (its slot), under its new name.
    let remade: FxHashSet<RecId> = old_made
        .iter()
        .filter(|vd| !left.contains_key(vd))
        .filter_map(|&vd| m.peek_var_def(vd).and_then(|d| rec_of(&m, d)))
        .collect();
    for &(y, r) in &old_anon {
        if !q_reads(deps::NAME, InitId(y.0)) {
            continue;
        }
        match m.rec_name_sym(r).filter(|_| remade.contains(&r)) {
            Some(new) if new == y => {}
            Some(new) => {
                if !may_renumber {
                    return None;
                }
                names.insert(y.0, new.0);
            }
            None => return None,
        }
    }
    if may_renumber && next - (anon_before + anon_new) + moved.len() as u32 != anon_after {
        // (an anonymous name after the edit that is no def's)
        return None;
    }
    m.anon_counter = anon_end - anon_old + anon_new - moved.len() as u32;
    state.set_stmt_loc(stmt_loc);
    // The log in the text's order: before, the new statements, after (a
    // moved instance read, not made, by the statement that made it).
    let moved_vds: FxHashSet<u32> = hidden
        .iter()
        .filter(|(vd, _)| !left.contains_key(vd))
        .map(|(vd, _)| vd.0)
        .collect();
    let mut keys = Vec::with_capacity(log.keys.len() + second.keys.len());
    let mut stmts = Vec::with_capacity(log.stmts.len() + second.stmts.len());
    let mut push = |st: &StmtDeps, ks: &mut dyn Iterator<Item = u64>, pos: usize, anon: u32| {
        let start = keys.len() as u32;
        keys.extend(ks);
        stmts.push(StmtDeps {
            pos,
            start,
            end: keys.len() as u32,
            anon,
            ..*st
        });
    };
    for st in &log.stmts[..plan.s.start] {
        let ks = &log.keys[st.start as usize..st.end as usize];
        push(st, &mut ks.iter().copied(), st.pos, st.anon);
    }
    for st in &second.stmts {
        let ks = &second.keys[st.start as usize..st.end as usize];
        push(st, &mut ks.iter().copied(), st.pos, st.anon);
    }
    for st in &log.stmts[plan.q..] {
        let ks = &log.keys[st.start as usize..st.end as usize];
        let gone = |k: u64| {
            k & deps::WRITE != 0
                && k & KIND == deps::NAME
                && gone_names.contains(&((k & 0xffff_ffff) as u32))
        };
        let lost = ks.iter().filter(|&&k| gone(k)).count() as u32;
        let mut it = ks.iter().filter(|&&k| !gone(k)).map(|&k| {
            let id = (k & 0xffff_ffff) as u32;
            match k & KIND {
                deps::VAR_DEF if moved_vds.contains(&id) => k & !deps::WRITE,
                deps::VAR_LOC if relocated.contains(&InitId(id)) => k & !deps::WRITE,
                deps::NAME => names
                    .get(&id)
                    .map_or(k, |&n| (k & !0xffff_ffff) | u64::from(n)),
                _ => k,
            }
        });
        let pos = (st.pos as isize + plan.dn) as usize;
        push(st, &mut it, pos, st.anon - lost);
    }
    log.keys = keys;
    log.stmts = stmts;
    log.read_all = false;
    // (memoised computations' keys are reads: no def is renamed twice)
    for k in &mut log.memo_keys {
        if *k & deps::WHAT < deps::VAR_DEF {
            if let Some(&n) = names.get(&((*k & 0xffff_ffff) as u32)) {
                *k = (*k & !0xffff_ffff) | u64::from(n);
            }
        }
    }
    Some((m, state, log, !names.is_empty()))
}

/// The kind of a log key (`deps::NAME`, `VAR_DEF` or `VAR_LOC`).
const KIND: u64 = deps::WHAT & !0xffff_ffff;

/// The record a def value refers to.
fn rec_of(m: &Ctx, d: InitId) -> Option<RecId> {
    match m.init(d) {
        irkit_td::model::Init::Def(r) => Some(*r),
        _ => None,
    }
}

/// The run's outcome when the last model was kept ([`splice`]).
#[allow(clippy::too_many_arguments)]
fn finish_spliced(
    mut model: Ctx,
    state: resume::TopState,
    log: DepLog,
    mut res: Resumed,
    boundaries: Vec<usize>,
    mut checkpoints: Vec<Checkpoint>,
    map: SourceMap,
    warnings: Vec<Diagnostic>,
    lens: Vec<(FileId, u32)>,
) -> RunOut {
    model.deps = Some(Box::new(log));
    let toks = Arc::new(std::mem::take(&mut res.toks));
    let eof = toks.len() - 1;
    let mut diags = warnings;
    diags.extend(model.messages.iter().cloned());
    pointify(&mut diags);
    let m = Rc::new(model);
    // As after a run: the checkpoint before the edit (the one resumed
    // from, or the new copy), and the end.
    checkpoints.extend(res.checkpoint.take());
    checkpoints.truncate(1);
    checkpoints.push(Checkpoint::at_end(m.clone(), (eof, state)));
    RunOut {
        map,
        model: Some(m),
        incr: Some(Incr {
            toks: Arc::clone(&toks),
            boundaries,
            checkpoints,
            strs: None,
            lens,
        }),
        tokens: toks,
        diags,
        resumed_at: None,
        spliced: true,
        renumbered: false,
    }
}

/// The first token of the root file after the tokens of the last file it
/// includes, unless that is the end of input (the checkpoint at the end
/// serves there).
fn after_includes(toks: &[Token]) -> Option<usize> {
    let root = toks.last()?.loc.file;
    let last = toks
        .windows(2)
        .rposition(|w| w[0].loc.file != root && w[1].loc.file == root)?
        + 1;
    (last + 1 < toks.len()).then_some(last)
}

fn prev_boundary_at_most(b: &[usize], at: usize) -> Option<usize> {
    let k = b.partition_point(|&x| x <= at);
    k.checked_sub(1).map(|k| b[k])
}

fn same_token(a: &Token, b: &Token) -> bool {
    a.kind == b.kind && a.loc == b.loc && a.sym == b.sym && a.int == b.int
}

/// LLVM's TableGen reports points, not ranges (as `irkit_td::run_model`).
fn pointify(diags: &mut [Diagnostic]) {
    for d in diags {
        if let Some(l) = d.loc.as_mut() {
            l.span = irkit_diag::Span::new(l.span.start, l.span.start + 1);
        }
        for n in &mut d.notes {
            if let Some(l) = n.loc.as_mut() {
                l.span = irkit_diag::Span::new(l.span.start, l.span.start + 1);
            }
        }
    }
}
