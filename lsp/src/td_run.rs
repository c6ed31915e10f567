//! One TableGen run for the server, resumed from a checkpoint when it can:
//! the tokens of the last run, the top-level boundaries its parser crossed
//! and the model and parser state before one of them are kept; a new text
//! is lexed, its tokens compared with the last ones, and when they agree up
//! to the checkpoint the parse goes on from there instead of from the start.
//! The checkpoint moves to the last boundary before the first changed
//! token, so that typing in one place re-parses only from that statement on.
//! At open, it is put before the last top-level statement (text is most
//! often added at the end, or below the `include`s).
//!
//! A resumed run gives the same diagnostics and records as a run from the
//! start (the test `resume_equals_scratch` checks it on random edits).

use irkit_diag::{Diagnostic, SourceMap};
use irkit_td::lexer::{LexConfig, Overlay, Tok, Token};
use irkit_td::model::Ctx;
use irkit_td::parser::resume::{parse_resumable, Checkpoint};

/// What a run keeps for the next one.
pub struct Incr {
    toks: Vec<Token>,
    boundaries: Vec<usize>,
    checkpoint: Option<Checkpoint>,
}

impl std::fmt::Debug for Incr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Incr({} tokens, checkpoint at {:?})",
            self.toks.len(),
            self.checkpoint.as_ref().map(|c| c.pos)
        )
    }
}

/// A run's results, as [`irkit_td::run_model`]'s, with the files read.
pub struct RunOut {
    pub map: SourceMap,
    pub model: Option<Ctx>,
    pub tokens: Vec<Token>,
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
/// from `prev` when its tokens agree with the new ones up to its checkpoint.
pub fn run(
    name: &str,
    text: &str,
    o: &RunOpts<'_>,
    overlay: Option<&Overlay<'_>>,
    prev: Option<Incr>,
) -> RunOut {
    let (prev_toks, prev_bounds, prev_cp) = match prev {
        Some(p) => (p.toks, p.boundaries, p.checkpoint),
        None => (Vec::new(), Vec::new(), None),
    };
    // Lexed into the checkpoint's strings, equal tokens have equal symbols.
    let mut strs = match &prev_cp {
        Some(c) => c.cx.strs.clone(),
        None => new_ctx(o).strs,
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
    let ntoks = lexed.as_ref().map_or(0, |l| l.toks.len());
    let resume = prev_cp.filter(|c| c.pos <= same && c.pos < ntoks);
    let mut cx = match &resume {
        Some(c) => {
            let mut cx = c.cx.clone();
            cx.strs = strs;
            cx
        }
        None if !prev_toks.is_empty() => {
            // Lex again into fresh strings: symbols numbered as a run from
            // the start numbers them.
            let mut cx = new_ctx(o);
            (map, lexed) = lex(name, text, &mut cx.strs, o, overlay);
            cx
        }
        None => {
            let mut cx = new_ctx(o);
            cx.strs = strs;
            cx
        }
    };
    let lexed = match lexed {
        Ok(l) => l,
        Err(mut diags) => {
            pointify(&mut diags);
            return RunOut {
                map,
                model: None,
                tokens: Vec::new(),
                diags,
                incr: None,
                resumed_at: None,
            };
        }
    };
    let toks = lexed.toks;
    // Where to keep the state this time: before the statement with the
    // first changed token, else (first run, or a change at the top)
    // before the last statement.
    let start = resume.as_ref().map_or(0, |c| c.pos);
    let at_edit = prev_boundary_at_most(&prev_bounds, same).filter(|&m| m > 0);
    let known = at_edit.filter(|&m| m > start);
    let mark = match at_edit {
        // The checkpoint is already there.
        Some(m) if m == start && resume.is_some() => None,
        Some(m) => Some(m),
        None => last_statement(&toks).filter(|&m| m > start || resume.is_none()),
    };
    let from = resume.as_ref().map(|c| c.state());
    // A boundary the last run crossed is crossed again (the tokens up to
    // it are the same): the old checkpoint can go now (memory).
    let resume = resume.filter(|_| known.is_none());
    let res = parse_resumable(&mut cx, toks.clone(), from, mark);
    let mut boundaries: Vec<usize> = prev_bounds.into_iter().filter(|&b| b < start).collect();
    boundaries.extend(res.boundaries);
    let mut diags = lexed.warnings;
    diags.append(&mut cx.messages);
    diags.append(&mut cx.errors);
    if let Err(d) = res.result {
        diags.push(d);
    }
    if let Some(d) = cx.fatal.take() {
        diags.push(d);
    }
    pointify(&mut diags);
    let ok = !diags.iter().any(Diagnostic::is_error);
    RunOut {
        map,
        model: ok.then_some(cx),
        incr: Some(Incr {
            toks: toks.clone(),
            boundaries,
            checkpoint: res.checkpoint.or(resume),
        }),
        tokens: toks,
        diags,
        resumed_at: (start > 0).then_some(start),
    }
}

fn prev_boundary_at_most(b: &[usize], at: usize) -> Option<usize> {
    let k = b.partition_point(|&x| x <= at);
    k.checked_sub(1).map(|k| b[k])
}

fn same_token(a: &Token, b: &Token) -> bool {
    a.kind == b.kind && a.loc == b.loc && a.sym == b.sym && a.int == b.int
}

/// The start of the last top-level statement: the last object keyword
/// after a `;` or `}` outside brackets (or first in the stream).
pub fn last_statement(toks: &[Token]) -> Option<usize> {
    let mut depth = 0i32;
    let mut last = None;
    let mut after_end = true;
    for (i, t) in toks.iter().enumerate() {
        let starts = matches!(
            t.kind,
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
        );
        if depth == 0 && after_end && starts {
            last = Some(i);
        }
        after_end = false;
        match t.kind {
            Tok::LBrace | Tok::LSquare | Tok::LParen | Tok::Less => depth += 1,
            Tok::RSquare | Tok::RParen | Tok::Greater => depth -= 1,
            Tok::RBrace => {
                depth -= 1;
                after_end = depth <= 0;
            }
            Tok::Semi => after_end = depth <= 0,
            _ => {}
        }
        depth = depth.max(0);
    }
    last
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
