//! One directive's pattern: parsing (FileCheck's `Pattern::parsePattern`) and
//! matching (`Pattern::match`).

use super::numeric::{self, Format, NumBlock};
use super::NumVar;
use super::{posix, CheckTy, Kind, Options, Vars};
use irkit_diag::{Diagnostic, FileId, Loc, Span};
use regex_automata::meta;
use std::ops::Range;

/// A compiled pattern.
#[derive(Clone, Debug)]
pub(crate) struct Pattern {
    pub ty: CheckTy,
    file: FileId,
    /// Offset of the pattern text in its file (where diagnostics point).
    start: usize,
    /// Line of the directive, the value of `@LINE`.
    line: u32,
    body: Body,
    /// FileCheck's fixed string or regex text, for the fuzzy match.
    fuzzy: String,
    ignore_case: bool,
}

#[derive(Clone, Debug)]
enum Body {
    Eof,
    Fixed(String),
    Regex(Box<RegexPat>),
}

#[derive(Clone, Debug)]
struct RegexPat {
    pieces: Vec<Piece>,
    /// The whole regex, when nothing needs substituting at match time.
    compiled: Option<Compiled>,
    /// Whether the regex uses back-references (and needs `fancy_regex`).
    backrefs: bool,
    /// The parsed regex, when it has no substitutions: kept from the check
    /// at parse time so that matching does not parse it again.
    hir: Option<regex_syntax::hir::Hir>,
    /// Literal text every match starts with: a match can only start at an
    /// occurrence of it, so the regex is compiled only when it occurs.
    lead: String,
    /// String variables defined here, with their capture group names.
    str_defs: Vec<(String, String)>,
    num_defs: Vec<NumDef>,
    /// CHECK-EMPTY consumes the newline before the empty line.
    skip: usize,
}

#[derive(Clone, Debug)]
struct NumDef {
    name: String,
    group: String,
    explicit: Option<Format>,
    /// The first variable the defining expression reads (for its format).
    first_use: Option<String>,
}

#[derive(Clone, Debug)]
enum Piece {
    Text(String),
    /// `[[NAME]]`; `at` is the name's offset in the check file.
    StrUse {
        name: String,
        at: usize,
    },
    /// `[[#EXPR]]`; `at` is the block's offset in the check file.
    NumUse {
        block: NumBlock,
        at: usize,
    },
}

/// The result of matching a pattern on a region of the input.
pub(crate) enum MatchOutcome {
    /// Absolute position and length, the substitutions made (for notes) and
    /// the captured variables (name, start, end).
    Found {
        pos: usize,
        len: usize,
        subst: Vec<(String, String)>,
        caps: Vec<(String, usize, usize)>,
    },
    NotFound {
        subst: Vec<(String, String)>,
    },
    /// The pattern could not be instantiated (undefined variable, overflow).
    Error {
        errors: Vec<(Loc, String)>,
        subst: Vec<(String, String)>,
    },
}

/// The number of capture groups a POSIX regex opens.
fn count_groups(re: &str) -> usize {
    let b = re.as_bytes();
    let mut n = 0;
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'(' => n += 1,
            _ => {}
        }
        i += 1;
    }
    n
}

/// A diagnostic FileCheck prints through `logAllUnhandledErrors`, which
/// adds an empty line after it.
fn logged(mut d: Diagnostic) -> Diagnostic {
    d.notes.push(irkit_diag::Note {
        loc: None,
        message: String::new(),
    });
    d
}

/// Escapes like LLVM's `Regex::escape`, for the fuzzy-match text.
fn llvm_escape(out: &mut String, s: &str) {
    for c in s.chars() {
        if "()^$|*+?.[]\\{}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
}

/// Offset of the `]]` closing a substitution block in `s` (FileCheck's
/// `FindRegexVarEnd`), or an error offset and message.
fn find_block_end(s: &str) -> Result<Option<usize>, (usize, &'static str)> {
    let b = s.as_bytes();
    let mut i = 0;
    let mut depth = 0usize;
    while i < b.len() {
        if b[i] == b']' && b.get(i + 1) == Some(&b']') && depth == 0 {
            return Ok(Some(i));
        }
        match b[i] {
            b'\\' => {
                i += 2;
                continue;
            }
            b'[' => depth += 1,
            b']' => {
                if depth == 0 {
                    return Err((i, "missing closing \"]\" for regex variable"));
                }
                depth -= 1;
            }
            _ => {}
        }
        i += 1;
    }
    Ok(None)
}

impl Pattern {
    /// The implicit end-of-input pattern.
    pub fn eof(file: FileId, at: usize, line: u32) -> Pattern {
        Pattern {
            ty: CheckTy::new(Kind::Eof),
            file,
            start: at,
            line,
            body: Body::Eof,
            fuzzy: String::new(),
            ignore_case: false,
        }
    }

    pub fn loc(&self) -> Loc {
        Loc {
            file: self.file,
            span: Span::from(self.start..self.start),
        }
    }

    pub fn fuzzy_text(&self) -> &str {
        &self.fuzzy
    }

    /// Whether the pattern defines a string variable or substitutes
    /// anything (FileCheck's `hasVariable`; numeric definitions alone do
    /// not count).
    pub fn has_variable(&self) -> bool {
        match &self.body {
            Body::Eof | Body::Fixed(_) => false,
            Body::Regex(r) => {
                !r.str_defs.is_empty() || r.pieces.iter().any(|p| !matches!(p, Piece::Text(_)))
            }
        }
    }

    /// Parses the pattern `text[start..end]` of a `ty` directive.
    #[allow(clippy::too_many_arguments)]
    pub fn parse(
        text: &str,
        file: FileId,
        opts: &Options,
        ty: CheckTy,
        start: usize,
        end: usize,
        prefix: &str,
        line: u32,
        tables: &mut super::ParseTables,
        diags: &mut Vec<Diagnostic>,
    ) -> Result<Pattern, ()> {
        let super::ParseTables { formats, strings } = tables;
        let full_lines = opts.match_full_lines && ty.kind != Kind::Not;
        let mut end = end;
        if !(opts.strict_whitespace && opts.match_full_lines) {
            while end > start && matches!(text.as_bytes()[end - 1], b' ' | b'\t') {
                end -= 1;
            }
        }
        let at = |o: usize| Loc {
            file,
            span: Span::from(o..o),
        };
        let mut pat = Pattern {
            ty,
            file,
            start,
            line,
            body: Body::Eof,
            fuzzy: String::new(),
            ignore_case: opts.ignore_case,
        };
        let ps = &text[start..end];
        if ps.is_empty() && ty.kind != Kind::Empty {
            diags.push(Diagnostic::error(
                at(start),
                format!("found empty check string with prefix '{prefix}:'"),
            ));
            return Err(());
        }
        if !ps.is_empty() && ty.kind == Kind::Empty {
            diags.push(Diagnostic::error(
                at(start),
                format!("found non-empty check string for empty check with prefix '{prefix}:'"),
            ));
            return Err(());
        }
        let flags = if opts.ignore_case { "(?mi)" } else { "(?m)" };
        if ty.kind == Kind::Empty {
            pat.fuzzy = "(\n$)".to_string();
            // One regex for every CHECK-EMPTY (a clone shares the automaton).
            static EMPTY: std::sync::OnceLock<Option<Compiled>> = std::sync::OnceLock::new();
            let re = EMPTY
                .get_or_init(|| Compiled::new("(?m)\\n$", false, None).ok())
                .clone()
                .ok_or(())?;
            pat.body = Body::Regex(Box::new(RegexPat {
                pieces: Vec::new(),
                compiled: Some(re),
                backrefs: false,
                hir: None,
                lead: String::new(),
                str_defs: Vec::new(),
                num_defs: Vec::new(),
                skip: 1,
            }));
            return Ok(pat);
        }
        if ty.literal
            || (!full_lines && (ps.len() < 2 || (!ps.contains("{{") && !ps.contains("[["))))
        {
            pat.fuzzy = ps.to_string();
            pat.body = Body::Fixed(ps.to_string());
            return Ok(pat);
        }

        let mut re = RegexPat {
            pieces: Vec::new(),
            compiled: None,
            backrefs: false,
            hir: None,
            lead: String::new(),
            str_defs: Vec::new(),
            num_defs: Vec::new(),
            skip: 0,
        };
        let mut cur_text = String::from(flags);
        let mut fuzzy = String::new();
        if full_lines {
            cur_text.push('^');
            fuzzy.push('^');
            if !opts.strict_whitespace {
                cur_text.push_str(" *");
                fuzzy.push_str(" *");
            }
        }
        let mut n_groups = 0usize;
        // FileCheck's capture group numbering, for the fuzzy-match text.
        let mut llvm_paren = 1usize;
        let mut llvm_group_of: Vec<(String, usize)> = Vec::new();
        let mut defined_here: Vec<String> = Vec::new();
        if !full_lines && !opts.ignore_case {
            let stop = [ps.find("{{"), ps.find("[[")].into_iter().flatten().min();
            re.lead = ps[..stop.unwrap_or(ps.len())].to_string();
        }
        let mut cur = start;
        while cur < end {
            let rest = &text[cur..end];
            if rest.starts_with("{{") {
                let Some(close) = rest.find("}}") else {
                    diags.push(Diagnostic::error(
                        at(cur),
                        "found start of regex string with no end '}}'",
                    ));
                    return Err(());
                };
                let has_alt = rest.contains('|');
                let body = &rest[2..close];
                llvm_paren += usize::from(has_alt) + count_groups(body);
                if has_alt {
                    cur_text.push('(');
                    fuzzy.push('(');
                }
                if let Err(e) = posix::translate(&mut cur_text, body) {
                    diags.push(Diagnostic::error(
                        at(cur + 2),
                        format!("invalid regex: {}", e.message),
                    ));
                    return Err(());
                }
                fuzzy.push_str(body);
                if has_alt {
                    cur_text.push(')');
                    fuzzy.push(')');
                }
                cur += close + 2;
                continue;
            }
            if rest.starts_with("[[") && !rest.starts_with("[[[") {
                let inner_start = cur + 2;
                let inner_all = &text[inner_start..end];
                let close = match find_block_end(inner_all) {
                    Ok(Some(c)) => c,
                    Ok(None) => {
                        diags.push(Diagnostic::error(
                            at(cur),
                            "Invalid substitution block, no ]] found",
                        ));
                        return Err(());
                    }
                    Err((o, msg)) => {
                        diags.push(Diagnostic::error(at(inner_start + o), msg));
                        return Err(());
                    }
                };
                let inner = &inner_all[..close];
                cur = inner_start + close + 2;
                if let Some(num) = inner.strip_prefix('#') {
                    let block = match numeric::parse_block(num, false) {
                        Ok(b) => b,
                        Err((o, msg)) => {
                            diags.push(logged(Diagnostic::error(at(inner_start + 1 + o), msg)));
                            return Err(());
                        }
                    };
                    if let Some(used) = block.uses().find(|u| defined_here.iter().any(|d| d == u)) {
                        let off = block
                            .nodes
                            .iter()
                            .find_map(|n| match n {
                                numeric::Node::Var { name, offset } if name == used => {
                                    Some(*offset)
                                }
                                _ => None,
                            })
                            .unwrap_or(0);
                        diags.push(logged(Diagnostic::error(
                            at(inner_start + 1 + off),
                            format!("numeric variable '{used}' defined earlier in the same CHECK directive"),
                        )));
                        return Err(());
                    }
                    // Numeric variables keep one format: a use before any
                    // definition makes it unsigned, as in FileCheck.
                    for u in block.uses().filter(|u| *u != "@LINE") {
                        formats.entry(u.to_string()).or_insert(Format::UNSIGNED);
                    }
                    if block.format.is_none() {
                        let fmt_of = |n: &str| formats.get(n).copied().unwrap_or(Format::UNSIGNED);
                        if let Err((off, msg)) = block.implicit_format(&fmt_of) {
                            diags.push(logged(Diagnostic::error(at(inner_start + 1 + off), msg)));
                            return Err(());
                        }
                    }
                    if let Some((name, off)) = &block.def {
                        if strings.contains(name) {
                            diags.push(logged(Diagnostic::error(
                                at(inner_start + 1 + off),
                                format!("string variable with name '{name}' already exists"),
                            )));
                            return Err(());
                        }
                        let fmt = block.format.unwrap_or_else(|| {
                            block
                                .uses()
                                .find_map(|u| formats.get(u).copied())
                                .unwrap_or(Format::UNSIGNED)
                        });
                        if formats.get(name).is_some_and(|f| *f != fmt) {
                            // FileCheck points after the name and its blanks.
                            let after = num.get(off + name.len()..).unwrap_or("");
                            let blanks = after.len() - after.trim_start_matches([' ', '\t']).len();
                            diags.push(logged(Diagnostic::error(
                                at(inner_start + 1 + off + name.len() + blanks),
                                "format different from previous variable definition",
                            )));
                            return Err(());
                        }
                        // A variable known before this directive stays
                        // that variable: a use after its redefinition here
                        // reads the earlier value, as in FileCheck.
                        if formats.insert(name.clone(), fmt).is_none() {
                            defined_here.push(name.clone());
                        }
                        llvm_paren += 1;
                    }
                    Self::push_num(
                        &mut re,
                        &mut cur_text,
                        &mut fuzzy,
                        &mut n_groups,
                        block,
                        inner_start + 1,
                    );
                    continue;
                }
                let colon = inner.find(':');
                let name_part = &inner[..colon.unwrap_or(inner.len())];
                if let Some(sp) = name_part.find([' ', '\t']) {
                    diags.push(Diagnostic::error(
                        at(inner_start + sp),
                        "unexpected whitespace",
                    ));
                    return Err(());
                }
                let Some((name, used)) = numeric::parse_name(inner) else {
                    let off = usize::from(matches!(inner, "$" | "@"));
                    diags.push(logged(Diagnostic::error(
                        at(inner_start + off),
                        numeric::name_error(inner),
                    )));
                    return Err(());
                };
                let pseudo = name.starts_with('@');
                if let Some(colon) = colon {
                    if pseudo || used != colon {
                        diags.push(Diagnostic::error(
                            at(inner_start),
                            "invalid name in string variable definition",
                        ));
                        return Err(());
                    }
                    if formats.contains_key(name) {
                        diags.push(Diagnostic::error(
                            at(inner_start),
                            format!("numeric variable with name '{name}' already exists"),
                        ));
                        return Err(());
                    }
                    let regex_src = &inner[colon + 1..];
                    llvm_group_of.push((name.to_string(), llvm_paren));
                    llvm_paren += 1 + count_groups(regex_src);
                    let group = format!("fc{n_groups}");
                    n_groups += 1;
                    cur_text.push_str(&format!("(?P<{group}>"));
                    fuzzy.push('(');
                    // An empty definition regex (`[[X:]]`) is accepted.
                    let translated = if regex_src.is_empty() {
                        Ok(())
                    } else {
                        posix::translate(&mut cur_text, regex_src)
                    };
                    if let Err(e) = translated {
                        diags.push(Diagnostic::error(
                            at(inner_start + colon + 1),
                            format!("invalid regex: {}", e.message),
                        ));
                        return Err(());
                    }
                    fuzzy.push_str(regex_src);
                    cur_text.push(')');
                    fuzzy.push(')');
                    re.str_defs.push((name.to_string(), group));
                    defined_here.push(name.to_string());
                    strings.insert(name.to_string());
                    continue;
                }
                if pseudo {
                    let block = match numeric::parse_block(inner, true) {
                        Ok(b) => b,
                        Err((o, msg)) => {
                            diags.push(logged(Diagnostic::error(at(inner_start + o), msg)));
                            return Err(());
                        }
                    };
                    Self::push_num(
                        &mut re,
                        &mut cur_text,
                        &mut fuzzy,
                        &mut n_groups,
                        block,
                        inner_start,
                    );
                    continue;
                }
                if used != inner.len() {
                    diags.push(Diagnostic::error(
                        at(inner_start),
                        "invalid name in string variable use",
                    ));
                    return Err(());
                }
                if let Some((_, group)) = re.str_defs.iter().rev().find(|(d, _)| d == name) {
                    // A use of a variable defined earlier in this directive
                    // is a back-reference, as in FileCheck.
                    cur_text.push_str(&format!("\\k<{group}>"));
                    re.backrefs = true;
                    let n = llvm_group_of
                        .iter()
                        .rev()
                        .find(|(d, _)| d == name)
                        .map_or(1, |g| g.1);
                    if !(1..=9).contains(&n) {
                        diags.push(Diagnostic::error(
                            at(inner_start),
                            "Can't back-reference more than 9 variables",
                        ));
                        return Err(());
                    }
                    fuzzy.push_str(&format!("\\{n}"));
                    continue;
                }
                re.pieces.push(Piece::Text(std::mem::take(&mut cur_text)));
                re.pieces.push(Piece::StrUse {
                    name: name.to_string(),
                    at: inner_start,
                });
                continue;
            }
            // A literal run up to the next `{{` or `[[` (not at offset 0;
            // past the whole first character, which may be several bytes).
            let skip = rest.chars().next().map_or(1, char::len_utf8);
            let next = [rest[skip..].find("{{"), rest[skip..].find("[[")]
                .into_iter()
                .flatten()
                .min()
                .map_or(rest.len(), |p| p + skip);
            posix::push_escaped(&mut cur_text, &rest.as_bytes()[..next]);
            llvm_escape(&mut fuzzy, &rest[..next]);
            cur += next;
        }
        if full_lines {
            if !opts.strict_whitespace {
                cur_text.push_str(" *");
                fuzzy.push_str(" *");
            }
            cur_text.push('$');
            fuzzy.push('$');
        }
        re.pieces.push(Piece::Text(cur_text));
        if re.pieces.len() == 1 {
            let Some(Piece::Text(t)) = re.pieces.first() else {
                return Err(());
            };
            // Validate now; the regex is compiled when it is matched, so a
            // check file with thousands of patterns does not hold thousands
            // of compiled automata.
            match Compiled::validate(t, re.backrefs) {
                Ok(hir) => re.hir = hir,
                Err(e) => {
                    diags.push(Diagnostic::error(at(start), format!("invalid regex: {e}")));
                    return Err(());
                }
            }
        }
        pat.fuzzy = fuzzy;
        pat.body = Body::Regex(Box::new(re));
        Ok(pat)
    }

    fn push_num(
        re: &mut RegexPat,
        cur_text: &mut String,
        fuzzy: &mut String,
        n_groups: &mut usize,
        block: NumBlock,
        at: usize,
    ) {
        let def = block.def.clone();
        let has_expr = block.root.is_some();
        let mut group = String::new();
        if let Some((name, _)) = &def {
            group = format!("fc{n_groups}");
            *n_groups += 1;
            cur_text.push_str(&format!("(?P<{group}>"));
            fuzzy.push('(');
            re.num_defs.push(NumDef {
                name: name.clone(),
                group: group.clone(),
                explicit: block.format,
                first_use: block.uses().next().map(str::to_string),
            });
        }
        if has_expr {
            re.pieces.push(Piece::Text(std::mem::take(cur_text)));
            re.pieces.push(Piece::NumUse { block, at });
        } else {
            let w = block.format.unwrap_or(Format::UNSIGNED).wildcard();
            cur_text.push_str(&w);
            fuzzy.push_str(&w);
        }
        if !group.is_empty() {
            cur_text.push(')');
            fuzzy.push(')');
        }
    }

    /// Matches the pattern on `input[start..end]`; defines the variables it
    /// captures.
    pub fn match_in(&self, vars: &mut Vars, input: &str, start: usize, end: usize) -> MatchOutcome {
        let hay = &input.as_bytes()[start..end];
        let re = match &self.body {
            Body::Eof => {
                return MatchOutcome::Found {
                    pos: end,
                    len: 0,
                    subst: Vec::new(),
                    caps: Vec::new(),
                }
            }
            Body::Fixed(s) => {
                let found = if self.ignore_case {
                    find_ignore_case(hay, s.as_bytes())
                } else {
                    memchr::memmem::find(hay, s.as_bytes())
                };
                return match found {
                    Some(p) => MatchOutcome::Found {
                        pos: start + p,
                        len: s.len(),
                        subst: Vec::new(),
                        caps: Vec::new(),
                    },
                    None => MatchOutcome::NotFound { subst: Vec::new() },
                };
            }
            Body::Regex(re) => re,
        };
        let mut subst = Vec::new();
        let owned;
        let mut final_text = None;
        // The first place a match can start.
        let skip_to = if re.lead.is_empty() {
            Some(0)
        } else {
            memchr::memmem::find(hay, re.lead.as_bytes())
        };
        let compiled = match &re.compiled {
            Some(c) => c,
            None => {
                let mut text = String::new();
                let mut errors = Vec::new();
                for p in &re.pieces {
                    match p {
                        Piece::Text(t) => text.push_str(t),
                        Piece::StrUse { name, at } => match vars.strings.get(name) {
                            Some(v) => {
                                posix::push_escaped(&mut text, v);
                                subst.push((
                                    escape_c(name.as_bytes()),
                                    shown_value(v, vars.raw_values),
                                ));
                            }
                            None => {
                                errors.push((self.at(*at), format!("undefined variable: {name}")))
                            }
                        },
                        Piece::NumUse { block, at } => {
                            let line = i128::from(self.line);
                            let look = |n: &str| -> Option<i128> {
                                if n == "@LINE" {
                                    Some(line)
                                } else {
                                    vars.nums.get(n).and_then(|v| v.value)
                                }
                            };
                            match block.eval(&look) {
                                Ok(Some(v)) => {
                                    let fmt = block.format.unwrap_or_else(|| {
                                        block
                                            .uses()
                                            .find_map(|n| vars.nums.get(n).map(|v| v.format))
                                            .unwrap_or(Format::UNSIGNED)
                                    });
                                    match fmt.render(v) {
                                        Some(s) => {
                                            posix::push_escaped(&mut text, s.as_bytes());
                                            subst.push((escape_c(block.expr_text.as_bytes()), format!("\"{s}\"")));
                                        }
                                        None => errors.push((
                                            self.at(*at),
                                            "unable to substitute variable or numeric expression: overflow error"
                                                .to_string(),
                                        )),
                                    }
                                }
                                Ok(None) => {}
                                Err(errs) => {
                                    for e in errs {
                                        errors.push(match e {
                                            numeric::EvalError::Undefined { name, offset } => {
                                                (self.at(*at + offset), format!("undefined variable: {name}"))
                                            }
                                            numeric::EvalError::Overflow => (
                                                self.at(*at),
                                                "unable to substitute variable or numeric expression: overflow error"
                                                    .to_string(),
                                            ),
                                        });
                                    }
                                }
                            }
                        }
                    }
                }
                if !errors.is_empty() {
                    return MatchOutcome::Error { errors, subst };
                }
                if skip_to.is_none() {
                    return MatchOutcome::NotFound { subst };
                }
                match Compiled::new(&text, re.backrefs, re.hir.as_ref()) {
                    Ok(r) => {
                        owned = r;
                        final_text = Some(text);
                        &owned
                    }
                    Err(e) => {
                        return MatchOutcome::Error {
                            errors: vec![(self.loc(), format!("invalid regex: {e}"))],
                            subst,
                        }
                    }
                }
            }
        };
        let names: Vec<&str> = re
            .str_defs
            .iter()
            .map(|d| d.1.as_str())
            .chain(re.num_defs.iter().map(|d| d.group.as_str()))
            .collect();
        let skip_to = skip_to.unwrap_or(0);
        let Some((mut m, mut groups)) = compiled.captures(&hay[skip_to..], &names) else {
            return MatchOutcome::NotFound { subst };
        };
        let start = start + skip_to;
        let hay = &hay[skip_to..];
        // POSIX regexes match leftmost-longest; the `regex` engines match
        // leftmost-first. They differ only through alternation, so then the
        // longest match at the same start is looked for.
        if let Some(text) = final_text.filter(|t| !re.backrefs && has_alternation(t)) {
            if let Some((lm, lg)) = longest_at(&text, hay, m.start, &names) {
                if lm.end > m.end {
                    m = lm;
                    groups = lg;
                }
            }
        }
        let mut captured = Vec::new();
        let mut groups = groups.into_iter();
        for (name, _) in &re.str_defs {
            if let Some(Some(c)) = groups.next() {
                vars.strings.insert(name.clone(), hay[c.clone()].to_vec());
                captured.push((name.clone(), start + c.start, start + c.end));
            }
        }
        for d in &re.num_defs {
            let Some(Some(c)) = groups.next() else {
                continue;
            };
            let fmt = d.explicit.unwrap_or_else(|| {
                d.first_use
                    .as_deref()
                    .and_then(|n| vars.nums.get(n).map(|v| v.format))
                    .unwrap_or(Format::UNSIGNED)
            });
            let value = std::str::from_utf8(&hay[c.clone()])
                .ok()
                .and_then(|t| fmt.parse(t));
            vars.nums
                .insert(d.name.clone(), NumVar { value, format: fmt });
            captured.push((d.name.clone(), start + c.start, start + c.end));
        }
        captured.sort_by_key(|c| c.1);
        let skip = re.skip.min(m.len());
        MatchOutcome::Found {
            pos: start + m.start + skip,
            len: m.len() - skip,
            subst,
            caps: captured,
        }
    }

    fn at(&self, o: usize) -> Loc {
        Loc {
            file: self.file,
            span: Span::from(o..o),
        }
    }
}

/// Whether a `regex`-crate pattern has an (unescaped) alternation.
fn has_alternation(re: &str) -> bool {
    let b = re.as_bytes();
    let mut i = 0;
    let mut in_class = false;
    while i < b.len() {
        match b[i] {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'|' if !in_class => return true,
            _ => {}
        }
        i += 1;
    }
    false
}

/// The longest match of `text` starting exactly at `at`, with the ranges of
/// the named groups for that match.
fn longest_at(
    text: &str,
    hay: &[u8],
    at: usize,
    names: &[&str],
) -> Option<(Range<usize>, GroupRanges)> {
    use regex_automata::{Anchored, Input, MatchKind};
    let all = meta_builder(meta::Config::new().match_kind(MatchKind::All))
        .build(text)
        .ok()?;
    let end = all
        .search(&Input::new(hay).range(at..).anchored(Anchored::Yes))?
        .end();
    // Captures of a match that must end at `end`.
    let exact = meta_builder(meta::Config::new())
        .build(&format!("(?:{text})\\z"))
        .ok()?;
    let mut caps = exact.create_captures();
    exact.captures(
        Input::new(&hay[..end]).range(at..).anchored(Anchored::Yes),
        &mut caps,
    );
    let m = caps.get_match()?.range();
    let groups = names
        .iter()
        .map(|n| caps.get_group_by_name(n).map(|g| g.range()))
        .collect();
    Some((m, groups))
}

/// The ranges of some named capture groups (`None`: did not participate).
type GroupRanges = Vec<Option<Range<usize>>>;

/// A compiled regex. Patterns are translated to ASCII (other bytes as
/// `\xHH`) and compiled without Unicode, so they match bytes as LLVM's
/// `Regex` does; only `fancy_regex` (back-references) matches characters.
#[derive(Clone, Debug)]
enum Compiled {
    /// A regex that is one literal (after translation): searched for as
    /// bytes. A 133 KB literal made the PikeVM quadratic (issue 18).
    Lit(Box<[u8]>),
    /// `must`: the longest literal every match contains (LLVM's regcomp
    /// keeps one too): when the haystack lacks it, there is no match.
    Meta {
        re: Box<meta::Regex>,
        must: Option<Box<[u8]>>,
    },
    Fancy(Box<fancy_regex::Regex>),
}

/// The syntax every translated pattern is parsed with: bytes, no Unicode.
fn syntax_config() -> regex_automata::util::syntax::Config {
    regex_automata::util::syntax::Config::new()
        .unicode(false)
        .utf8(false)
}

/// A `meta` builder for byte-oriented patterns.
fn meta_builder(cfg: meta::Config) -> meta::Builder {
    let mut b = meta::Builder::new();
    b.configure(cfg.utf8_empty(false)).syntax(syntax_config());
    b
}

fn parse_hir(text: &str) -> Result<regex_syntax::hir::Hir, String> {
    regex_syntax::ParserBuilder::new()
        .unicode(false)
        .utf8(false)
        .build()
        .parse(text)
        .map_err(|e| first_line(&e.to_string()).to_string())
}

impl Compiled {
    /// Checks that `text` compiles, without keeping the automaton; the
    /// parsed regex when it has no back-references.
    fn validate(text: &str, backrefs: bool) -> Result<Option<regex_syntax::hir::Hir>, String> {
        if backrefs {
            return Compiled::new(text, true, None).map(|_| None);
        }
        parse_hir(text).map(Some)
    }

    /// Compiles `text`, or `hir` (its parsed form) when given.
    fn new(
        text: &str,
        backrefs: bool,
        hir: Option<&regex_syntax::hir::Hir>,
    ) -> Result<Compiled, String> {
        use regex_syntax::hir::HirKind;
        if backrefs {
            return fancy_regex::Regex::new(&posix::to_char_mode(text))
                .map(|r| Compiled::Fancy(Box::new(r)))
                .map_err(|e| first_line(&e.to_string()).to_string());
        }
        let parsed;
        let hir = match hir {
            Some(h) => h,
            None => {
                parsed = parse_hir(text)?;
                &parsed
            }
        };
        let must = match hir.kind() {
            HirKind::Literal(l) => return Ok(Compiled::Lit(l.0.clone())),
            HirKind::Concat(parts) => parts
                .iter()
                .filter_map(|p| match p.kind() {
                    HirKind::Literal(l) => Some(&l.0),
                    _ => None,
                })
                .max_by_key(|l| l.len())
                .filter(|l| l.len() >= 2)
                .cloned(),
            _ => None,
        };
        // Each pattern is compiled for one search, so favour build speed:
        // no full DFA, no one-pass DFA, no bounded backtracker, no prefilter
        // (the literal prefix is searched for before compiling).
        let cfg = meta::Config::new()
            .dfa(false)
            .onepass(false)
            .backtrack(false)
            .auto_prefilter(false);
        meta_builder(cfg)
            .build_from_hir(hir)
            .map(|r| Compiled::Meta {
                re: Box::new(r),
                must,
            })
            .map_err(|e| first_line(&e.to_string()).to_string())
    }

    /// The leftmost match and the ranges of the named groups `names`.
    fn captures(&self, hay: &[u8], names: &[&str]) -> Option<(Range<usize>, GroupRanges)> {
        match self {
            Compiled::Lit(l) => {
                let p = memchr::memmem::find(hay, l)?;
                Some((p..p + l.len(), Vec::new()))
            }
            Compiled::Meta { re, must } => {
                if let Some(m) = must {
                    memchr::memmem::find(hay, m)?;
                }
                if names.is_empty() {
                    return Some((re.find(hay)?.range(), Vec::new()));
                }
                let mut caps = re.create_captures();
                re.captures(hay, &mut caps);
                let m = caps.get_match()?.range();
                let groups = names
                    .iter()
                    .map(|n| caps.get_group_by_name(n).map(|g| g.range()))
                    .collect();
                Some((m, groups))
            }
            Compiled::Fancy(r) => {
                // Characters only: the haystack from the first character
                // boundary on, to the last one.
                let from = (0..=hay.len()).find(|&i| is_char_start(hay, i))?;
                let to = (from..=hay.len()).rev().find(|&i| is_char_start(hay, i))?;
                let text = std::str::from_utf8(&hay[from..to]).ok()?;
                // A backtracking limit reached counts as no match.
                let c = r.captures(text).ok().flatten()?;
                let m = c.get(0)?.range();
                let shift = |r: Range<usize>| r.start + from..r.end + from;
                Some((
                    shift(m),
                    names
                        .iter()
                        .map(|n| c.name(n).map(|g| shift(g.range())))
                        .collect(),
                ))
            }
        }
    }
}

/// Whether `i` is at the start of a character of `b` (or at its end).
fn is_char_start(b: &[u8], i: usize) -> bool {
    b.get(i).is_none_or(|&c| (c as i8) >= -0x40)
}

fn first_line(s: &str) -> &str {
    s.lines()
        .rev()
        .find(|l| l.starts_with("error:"))
        .unwrap_or_else(|| s.lines().next().unwrap_or(s))
}

/// A string variable's value as the `with "X" equal to` note shows it:
/// FileCheck 22 quotes it as it is, or escaped with ` (escaped value)` after
/// it when it holds a byte that is not printable ASCII or a `"`; FileCheck
/// 19 quotes its regex-escaped form, escaped (LLVM's `Regex::escape` also
/// puts a backslash before a NUL, which its `strchr` finds in the list of
/// metacharacters).
fn shown_value(v: &[u8], raw: bool) -> String {
    if raw {
        if v.iter().any(|&b| !(0x20..0x7f).contains(&b) || b == b'"') {
            return format!("\"{}\" (escaped value)", escape_c(v));
        }
        return format!("\"{}\"", String::from_utf8_lossy(v));
    }
    let mut shown = Vec::with_capacity(v.len());
    for &b in v {
        if b"()^$|*+?.[]\\{}\0".contains(&b) {
            shown.push(b'\\');
        }
        shown.push(b);
    }
    format!("\"{}\"", escape_c(&shown))
}

/// Escapes like LLVM's `raw_ostream::write_escaped` (bytes that are not
/// printable ASCII as three octal digits).
fn escape_c(s: &[u8]) -> String {
    let mut out = String::new();
    for &b in s {
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\t' => out.push_str("\\t"),
            b'\n' => out.push_str("\\n"),
            b'"' => out.push_str("\\\""),
            b if !(0x20..0x7f).contains(&b) => out.push_str(&format!("\\{b:03o}")),
            b => out.push(char::from(b)),
        }
    }
    out
}

fn find_ignore_case(h: &[u8], n: &[u8]) -> Option<usize> {
    if n.len() > h.len() {
        return None;
    }
    (0..=h.len() - n.len()).find(|&i| h[i..i + n.len()].eq_ignore_ascii_case(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_literal_regex_is_searched_as_bytes() {
        // LLVM's long-check.txt: a 133 KB literal made the PikeVM
        // quadratic on its own periodic text (25 s; FileCheck-22 0.2 s).
        let lit = "aaaaaaaaaa ".repeat(12_000);
        let text = format!("(?m){lit}");
        let c = Compiled::new(&text, false, None);
        assert!(matches!(c, Ok(Compiled::Lit(_))), "{c:?}");
        let hay = format!("{}x", &lit[..lit.len() - 1]);
        let start = std::time::Instant::now();
        let found = c.ok().and_then(|c| c.captures(hay.as_bytes(), &[]));
        assert!(found.is_none());
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
    }

    #[test]
    fn a_missing_required_literal_means_no_match() {
        let c = Compiled::new("(?m)ab[0-9]+cdef", false, None);
        let Ok(Compiled::Meta { must, .. }) = &c else {
            panic!("{c:?}");
        };
        assert_eq!(must.as_deref(), Some(&b"cdef"[..]));
        let c = c.ok();
        let m = |h: &str| c.as_ref().and_then(|c| c.captures(h.as_bytes(), &[]));
        assert_eq!(m("x ab12cdef").map(|r| r.0), Some(2..10));
        assert_eq!(m("x ab12cdex"), None);
    }

    #[test]
    fn dot_matches_one_byte() {
        let c = Compiled::new("(?m)x..$", false, None).ok();
        let m = |h: &[u8]| c.as_ref().and_then(|c| c.captures(h, &[]));
        assert_eq!(m("xé\n".as_bytes()).map(|r| r.0), Some(0..3));
        assert_eq!(m(b"x\xff\xfe"), Some((0..3, Vec::new())));
    }
}
