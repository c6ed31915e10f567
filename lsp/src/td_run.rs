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

use irkit_diag::{Diagnostic, SourceMap};
use irkit_td::lexer::{LexConfig, Overlay, Token};
use irkit_td::model::{Ctx, Interner};
use irkit_td::parser::resume::{parse_resumable, Checkpoint};
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
/// checkpoints.
pub fn run(
    name: &str,
    text: &str,
    o: &RunOpts<'_>,
    overlay: Option<&Overlay<'_>>,
    prev: Option<Incr>,
) -> RunOut {
    let (prev_toks, prev_bounds, mut prev_cps, prev_strs) = match prev {
        Some(p) => (p.toks, p.boundaries, p.checkpoints, p.strs),
        None => (Arc::default(), Vec::new(), Vec::new(), None),
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
    // Only the position of the old end of input is needed now (memory).
    let prev_eof = prev_toks.len().checked_sub(1);
    drop(prev_toks);
    let ntoks = lexed.as_ref().map_or(0, |l| l.toks.len());
    // Checkpoints past the first changed token are of no more use.
    prev_cps.retain(|c| c.pos <= same && c.pos < ntoks);
    let at_edit = prev_boundary_at_most(&prev_bounds, same).filter(|&m| m > 0);
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
        None if prev_eof.is_some() => {
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
            };
        }
    };
    let toks = lexed.toks;
    let res = parse_resumable(&mut cx, toks, state, mark);
    let toks = Arc::new(res.toks);
    let mut boundaries: Vec<usize> = prev_bounds.into_iter().filter(|&b| b < start).collect();
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
        }),
        tokens: toks,
        diags,
        resumed_at: (start > 0).then_some(start),
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
