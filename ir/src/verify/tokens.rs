//! The token contract (`shared/spec/token-type.txt`): a value of type
//! `token` points at one producer and must never be forwarded.
//!
//! One check per rule, each with its own message ending in the rule's name
//! (the interface that forwards), at the offending use (the operand's
//! span) or value (a block argument's definition):
//!
//! | rule | what is rejected |
//! |---|---|
//! | `CallOpInterface` | token operands and results of a call |
//! | `FunctionOpInterface` | token argument/result types in a function's type; token operands of a `ReturnLike` terminator of a function (token block arguments inside the body stay legal) |
//! | `BranchOpInterface` | token successor operands; token arguments of non-entry blocks (successor block arguments) |
//! | `RegionBranchOpInterface` | token forwarded operands (the variadic/optional operand segments: iter-args, inits), token entry arguments of its regions, token results, token operands of `RegionBranchTerminatorOpInterface`/`ReturnLike` terminators directly inside it |
//! | `SelectLikeOpInterface` | token results |
//!
//! The structural rules apply to every op, registered or not: the trailing
//! successor operands of any op with successors (as many as its successor
//! blocks take), and the arguments of every non-entry block, can never be
//! tokens. Unlike the op verifier, every violation is reported.
//!
//! Besides, as MLIR's verifier does since the builtin `token` landed
//! (llvm/llvm-project#195640), a registered op must opt in to tokens:
//! [`check_token_traits`] rejects a token result or region entry argument of
//! an op without `ProducesToken`, and a token operand of an op without
//! `ConsumesToken`. The op layer ([`super::ops`]) runs it first for each op;
//! ops of unregistered dialects have no traits to read and are not checked.

use super::Cx;
use crate::context::{AttrData, Piece, TypeData, TypeId};
use crate::dialect::{Arity, DialectRegistry, Interface, OpDef, Trait};
use crate::ir::{BlockId, Module, OpId, ValueDef, ValueId};
use crate::verify::ops::{new_cx, operand_segments_of, DefCache};
use irkit_diag::{Diagnostic, FileId, Loc, Span};

/// Checks the token contract on all of `m`; returns every violation. Runs
/// the handle layer first, so it is safe on any module.
pub fn verify_tokens(m: &Module, file: FileId, reg: &DialectRegistry) -> Vec<Diagnostic> {
    let mut res = Vec::new();
    if m.top.is_none() {
        return res;
    }
    let cx = new_cx(m, file, reg);
    super::handles::check(&cx, &mut res);
    if !res.is_empty() {
        return res;
    }
    tokens_layer(&cx, &mut DefCache::new(reg))
}

/// [`verify_tokens`] once the handle layer passed.
pub(crate) fn tokens_layer(cx: &Cx<'_>, defs: &mut DefCache<'_>) -> Vec<Diagnostic> {
    let m = cx.m;
    let mut res = Vec::new();
    let Some(top) = m.top else {
        return res;
    };
    let mut stack = vec![top];
    while let Some(op) = stack.pop() {
        let def = defs.get(m, op);
        let parent_def = m.parent_op(op).and_then(|p| defs.get(m, p).map(|d| (p, d)));
        check_op(&mut res, cx, op, def, parent_def);
        for &r in m.ops[op].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().copied());
            }
        }
    }
    // Block arguments are checked with their region's op: report in source order.
    res.sort_by_key(|d| d.loc.map(|l| l.span.start));
    res
}

/// The opt-in rule for one registered op: the first token result or region
/// entry argument of an op without `ProducesToken`, or token operand of an
/// op without `ConsumesToken`. When the op also breaks a forwarding rule of
/// the contract (a call, branch, return, yield or select), that rule is what
/// is reported: it says why the op can never take the token, where the
/// missing trait would only say that it does not. (Function entry
/// arguments are left to `FunctionOpInterface`, which checks the type.)
pub(crate) fn check_token_traits(
    cx: &Cx<'_>,
    op: OpId,
    def: &OpDef,
    parent: Option<(OpId, &OpDef)>,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    let produces = def.has(Trait::ProducesToken);
    let consumes = def.has(Trait::ConsumesToken);
    let bad_operand = (!consumes)
        .then(|| d.operands.iter().position(|&v| is_token(cx, v)))
        .flatten();
    let bad_result = (!produces)
        .then(|| d.results.iter().position(|&v| is_token(cx, v)))
        .flatten();
    let bad_entry_arg = if produces || def.implements(Interface::FunctionOpInterface) {
        None
    } else {
        d.regions.iter().enumerate().find_map(|(ri, &r)| {
            let &entry = m.regions[r].blocks.first()?;
            let ai = m.blocks[entry].args.iter().position(|&a| is_token(cx, a))?;
            Some((ri, ai, m.blocks[entry].args[ai]))
        })
    };
    if bad_operand.is_none() && bad_result.is_none() && bad_entry_arg.is_none() {
        return Ok(());
    }
    let mut contract = Vec::new();
    check_op(&mut contract, cx, op, Some(def), parent);
    // The rule broken at the offending operand if there is one (a token
    // fed into `scf.for` is what makes its result a token), else the first.
    let at_operand = bad_operand.map(|i| operand_loc(cx, op, i));
    let pick = contract
        .iter()
        .position(|d| d.loc.is_some() && d.loc == at_operand)
        .or_else(|| (0..contract.len()).min_by_key(|&k| contract[k].loc.map(|l| l.span.start)));
    if let Some(k) = pick {
        return Err(contract.swap_remove(k));
    }
    let name = m.op_name(op);
    if let Some(i) = bad_operand {
        return Err(with_producer_note(
            cx,
            Diagnostic::error(
                operand_loc(cx, op, i),
                format!(
                    "'{name}' op operand #{i} is a token, but the op does not declare the ConsumesToken trait"
                ),
            ),
            d.operands[i],
        ));
    }
    if let Some(i) = bad_result {
        let v = d.results[i];
        return Err(Diagnostic::error(
            value_loc(cx, v, op),
            format!(
                "'{name}' op result #{i} is a token, but the op does not declare the ProducesToken trait"
            ),
        ));
    }
    match bad_entry_arg {
        Some((ri, ai, a)) => Err(Diagnostic::error(
            value_loc(cx, a, op),
            format!(
                "'{name}' op region #{ri} argument #{ai} is a token, but the op does not declare the ProducesToken trait"
            ),
        )),
        None => Ok(()),
    }
}

/// Adds "the token is produced here" at the op (or block) that defines `v`.
fn with_producer_note(cx: &Cx<'_>, d: Diagnostic, v: ValueId) -> Diagnostic {
    let m = cx.m;
    let loc = match m.values[v].def {
        ValueDef::Result { op, .. } => value_loc(cx, v, op),
        ValueDef::BlockArg { .. } => match m.source.values.get(v) {
            Some(&span) if span != Span::default() => Loc {
                file: cx.file,
                span,
            },
            _ => return d,
        },
        ValueDef::Detached => return d,
    };
    d.with_note(Some(loc), "the token is produced here")
}

fn check_op(
    acc: &mut Vec<Diagnostic>,
    cx: &Cx<'_>,
    op: OpId,
    def: Option<&OpDef>,
    parent: Option<(OpId, &OpDef)>,
) {
    let m = cx.m;
    let d = &m.ops[op];
    let is = |i: Interface| def.is_some_and(|def| def.implements(i));

    if is(Interface::FunctionOpInterface) {
        check_function_type(acc, cx, op);
    }
    if is(Interface::CallOpInterface) {
        for (i, &v) in d.operands.iter().enumerate() {
            if is_token(cx, v) {
                acc.push(operand_error(
                    cx,
                    op,
                    i,
                    "a call cannot forward a token (CallOpInterface)",
                ));
            }
        }
        for (i, &v) in d.results.iter().enumerate() {
            if is_token(cx, v) {
                acc.push(result_error(
                    cx,
                    op,
                    i,
                    "a call cannot forward a token (CallOpInterface)",
                ));
            }
        }
    }
    if let (Some(def), true) = (def, is(Interface::RegionBranchOpInterface)) {
        check_region_branch(acc, cx, op, def);
    }
    if is(Interface::SelectLikeOpInterface) {
        for (i, &v) in d.results.iter().enumerate() {
            if is_token(cx, v) {
                acc.push(result_error(
                    cx,
                    op,
                    i,
                    "a select-like op cannot produce a token (SelectLikeOpInterface)",
                ));
            }
        }
    }
    if is(Interface::RegionBranchTerminatorOpInterface) || is(Interface::ReturnLike) {
        check_terminator(acc, cx, op, parent);
    }
    check_successor_operands(acc, cx, op);
    for &r in d.regions.iter() {
        for &b in m.regions[r].blocks.iter().skip(1) {
            check_successor_block_args(acc, cx, b);
        }
    }
}

fn is_token(cx: &Cx<'_>, v: ValueId) -> bool {
    cx.m.ctx.is_token(cx.m.values[v].ty)
}

/// At the operand's use site (the op when the span is unknown).
fn operand_loc(cx: &Cx<'_>, op: OpId, i: usize) -> Loc {
    match cx.m.source.operands.get(op).and_then(|s| s.get(i)) {
        Some(&span) => Loc {
            file: cx.file,
            span,
        },
        None => cx.op_loc(op),
    }
}

fn value_loc(cx: &Cx<'_>, v: ValueId, fallback: OpId) -> Loc {
    match cx.m.source.values.get(v) {
        Some(&span) if span != Span::default() => Loc {
            file: cx.file,
            span,
        },
        _ => cx.op_loc(fallback),
    }
}

fn operand_error(cx: &Cx<'_>, op: OpId, i: usize, rule: &str) -> Diagnostic {
    let d = Diagnostic::error(
        operand_loc(cx, op, i),
        format!("'{}' op operand #{i} is a token; {rule}", cx.m.op_name(op)),
    );
    with_producer_note(cx, d, cx.m.ops[op].operands[i])
}

fn result_error(cx: &Cx<'_>, op: OpId, i: usize, rule: &str) -> Diagnostic {
    let v = cx.m.ops[op].results[i];
    Diagnostic::error(
        value_loc(cx, v, op),
        format!("'{}' op result #{i} is a token; {rule}", cx.m.op_name(op)),
    )
}

// --------------------------------------------------- FunctionOpInterface

fn check_function_type(acc: &mut Vec<Diagnostic>, cx: &Cx<'_>, op: OpId) {
    let m = cx.m;
    let d = &m.ops[op];
    let attr = d
        .properties
        .and_then(|p| m.ctx.dict_get(p, b"function_type"))
        .or_else(|| m.ctx.dict_get(d.attrs, b"function_type"));
    let Some(attr) = attr else { return };
    let AttrData::Type(t) = m.ctx.attr_data(attr) else {
        return;
    };
    let (args, results) = match m.ctx.type_data(*t) {
        TypeData::Function { inputs, results } => (
            inputs.iter().map(|&t| m.ctx.is_token(t)).collect(),
            results.iter().map(|&t| m.ctx.is_token(t)).collect(),
        ),
        TypeData::Dialect { body, .. } => match dialect_function_tokens(cx, body) {
            Some(x) => x,
            None => return,
        },
        _ => return,
    };
    for (i, _) in args.iter().enumerate().filter(|(_, &t)| t) {
        acc.push(cx.op_error(
            op,
            format!(
                "function type has a token argument #{i}; a function cannot take a token (FunctionOpInterface)"
            ),
        ));
    }
    for (i, _) in results.iter().enumerate().filter(|(_, &t)| t) {
        acc.push(cx.op_error(
            op,
            format!(
                "function type has a token result #{i}; a function cannot return a token (FunctionOpInterface)"
            ),
        ));
    }
}

/// One element of a dialect type body: a character of its text or a
/// nested type/attribute.
#[derive(Clone, Copy)]
enum Elem {
    Char(u8),
    Type(TypeId),
    Other,
}

/// Which arguments and results of a dialect function type
/// (`!d.func<(A, B) -> R>`, `!d.func<(A) -> (R, S)>`, `!d.func<(A)>`) are
/// `token`. `None` if the body does not have that shape.
fn dialect_function_tokens(cx: &Cx<'_>, body: &[Piece]) -> Option<(Vec<bool>, Vec<bool>)> {
    let ctx = &cx.m.ctx;
    let mut elems = Vec::new();
    for p in body.iter() {
        match p {
            Piece::Text(s) => elems.extend(ctx.bytes(*s).iter().map(|&c| Elem::Char(c))),
            Piece::Type(t) => elems.push(Elem::Type(*t)),
            Piece::Attr(_) => elems.push(Elem::Other),
            Piece::Open | Piece::Close => {}
        }
    }
    let open = elems.iter().position(|e| matches!(e, Elem::Char(b'(')))?;
    let (args, after) = split_list(cx, &elems, open + 1, b')')?;
    let mut i = after;
    while matches!(elems.get(i), Some(Elem::Char(b' '))) {
        i += 1;
    }
    let results = match (elems.get(i), elems.get(i + 1)) {
        (Some(Elem::Char(b'-')), Some(Elem::Char(b'>'))) => {
            i += 2;
            while matches!(elems.get(i), Some(Elem::Char(b' '))) {
                i += 1;
            }
            if matches!(elems.get(i), Some(Elem::Char(b'('))) {
                split_list(cx, &elems, i + 1, b')')?.0
            } else {
                split_list(cx, &elems, i, b'>')?.0
            }
        }
        _ => Vec::new(),
    };
    Some((args, results))
}

/// Splits the comma-separated items from `start` up to the unnested `close`;
/// returns whether each item is the token type, and the index after `close`.
fn split_list(cx: &Cx<'_>, elems: &[Elem], start: usize, close: u8) -> Option<(Vec<bool>, usize)> {
    let mut items = Vec::new();
    let mut depth = 0usize;
    let mut item_start = start;
    let mut i = start;
    loop {
        let e = *elems.get(i)?;
        match e {
            Elem::Char(b'(' | b'<' | b'[' | b'{') => depth += 1,
            Elem::Char(c) if depth == 0 && (c == close || c == b',') => {
                let item = &elems[item_start..i];
                if !(c == close && items.is_empty() && is_blank(item)) {
                    items.push(item_is_token(cx, item));
                }
                if c == close {
                    return Some((items, i + 1));
                }
                item_start = i + 1;
            }
            Elem::Char(b')' | b'>' | b']' | b'}') => {
                // `->` inside a nested function type is not a closer.
                let arrow = matches!(e, Elem::Char(b'>'))
                    && i > 0
                    && matches!(elems[i - 1], Elem::Char(b'-'));
                if !arrow {
                    depth = depth.checked_sub(1)?;
                }
            }
            Elem::Char(_) | Elem::Type(_) | Elem::Other => {}
        }
        i += 1;
    }
}

fn is_blank(item: &[Elem]) -> bool {
    item.iter()
        .all(|e| matches!(e, Elem::Char(c) if c.is_ascii_whitespace()))
}

fn item_is_token(cx: &Cx<'_>, item: &[Elem]) -> bool {
    let trimmed: Vec<Elem> = item
        .iter()
        .copied()
        .filter(|e| !matches!(e, Elem::Char(c) if c.is_ascii_whitespace()))
        .collect();
    match trimmed.as_slice() {
        [Elem::Type(t)] => cx.m.ctx.is_token(*t),
        chars => {
            let word: Vec<u8> = chars
                .iter()
                .filter_map(|e| match e {
                    Elem::Char(c) => Some(*c),
                    Elem::Type(_) | Elem::Other => None,
                })
                .collect();
            if word.len() != chars.len() {
                return false;
            }
            if word == b"token" {
                return true;
            }
            // Unregistered dialects keep alias references as text (`!tok`).
            let m = cx.m;
            word.strip_prefix(b"!").is_some_and(|name| {
                m.type_aliases
                    .iter()
                    .any(|&(n, t)| m.ctx.bytes(n) == name && m.ctx.is_token(t))
            })
        }
    }
}

// ----------------------------------------------- RegionBranchOpInterface

fn check_region_branch(acc: &mut Vec<Diagnostic>, cx: &Cx<'_>, op: OpId, def: &OpDef) {
    let m = cx.m;
    let d = &m.ops[op];
    const RULE_IN: &str =
        "a region branch op cannot forward a token into its regions (RegionBranchOpInterface)";
    const RULE_OUT: &str =
        "a region branch op cannot forward a token out of its regions (RegionBranchOpInterface)";
    // Forwarded operands: the variadic and optional segments.
    if let Some(segments) = operand_segments_of(cx, def, op) {
        let mut index = 0usize;
        for (i, odef) in def.operands.iter().enumerate() {
            let size = segments.size(i, odef);
            let forwarded = matches!(odef.arity, Arity::Variadic | Arity::Optional);
            for i in index..(index + size).min(d.operands.len()) {
                if forwarded && is_token(cx, d.operands[i]) {
                    acc.push(operand_error(cx, op, i, RULE_IN));
                }
            }
            index += size;
        }
    }
    // Entry block arguments of its regions (iter-args).
    for (ri, &r) in d.regions.iter().enumerate() {
        let Some(&entry) = m.regions[r].blocks.first() else {
            continue;
        };
        for (ai, &a) in m.blocks[entry].args.iter().enumerate() {
            if is_token(cx, a) {
                acc.push(Diagnostic::error(
                    value_loc(cx, a, op),
                    format!(
                        "'{}' op region #{ri} argument #{ai} is a token; {RULE_IN}",
                        m.op_name(op)
                    ),
                ));
            }
        }
    }
    for (i, &v) in d.results.iter().enumerate() {
        if is_token(cx, v) {
            acc.push(result_error(cx, op, i, RULE_OUT));
        }
    }
}

/// Yields out of a region branch op's regions, returns out of a function.
fn check_terminator(
    acc: &mut Vec<Diagnostic>,
    cx: &Cx<'_>,
    op: OpId,
    parent: Option<(OpId, &OpDef)>,
) {
    let Some((_, pdef)) = parent else { return };
    let rule = if pdef.implements(Interface::RegionBranchOpInterface) {
        "a region branch terminator cannot yield a token (RegionBranchOpInterface)"
    } else if pdef.implements(Interface::FunctionOpInterface) {
        "a function cannot return a token (FunctionOpInterface)"
    } else {
        return;
    };
    for (i, &v) in cx.m.ops[op].operands.iter().enumerate() {
        if is_token(cx, v) {
            acc.push(operand_error(cx, op, i, rule));
        }
    }
}

// ----------------------------------------------------- BranchOpInterface

/// The trailing operands of an op with successors, as many as its
/// successor blocks take, in successor order.
fn check_successor_operands(acc: &mut Vec<Diagnostic>, cx: &Cx<'_>, op: OpId) {
    let m = cx.m;
    let d = &m.ops[op];
    if d.successors.is_empty() {
        return;
    }
    let total: usize = d.successors.iter().map(|&s| m.blocks[s].args.len()).sum();
    let Some(mut start) = d.operands.len().checked_sub(total) else {
        return;
    };
    for (si, &s) in d.successors.iter().enumerate() {
        let n = m.blocks[s].args.len();
        for i in start..start + n {
            if is_token(cx, d.operands[i]) {
                acc.push(operand_error(
                    cx,
                    op,
                    i,
                    &format!(
                        "a branch cannot forward a token to successor #{si} (BranchOpInterface)"
                    ),
                ));
            }
        }
        start += n;
    }
}

fn check_successor_block_args(acc: &mut Vec<Diagnostic>, cx: &Cx<'_>, b: BlockId) {
    let m = cx.m;
    for (i, &a) in m.blocks[b].args.iter().enumerate() {
        if is_token(cx, a) {
            let loc = match m.source.values.get(a) {
                Some(&span) => Loc {
                    file: cx.file,
                    span,
                },
                None => match m.source.blocks.get(b) {
                    Some(&span) => Loc {
                        file: cx.file,
                        span,
                    },
                    None => Loc {
                        file: cx.file,
                        span: Span::default(),
                    },
                },
            };
            acc.push(Diagnostic::error(
                loc,
                format!(
                    "block argument #{i} of a non-entry block is a token; a successor block cannot take a token (BranchOpInterface)"
                ),
            ));
        }
    }
}
