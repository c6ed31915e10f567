//! The TableGen lexer: tokens, the preprocessor (`#define`, `#ifdef`,
//! `#ifndef`, `#else`, `#endif`, `-D`) and `include` with `-I` search.
//!
//! Like LLVM's TGLexer, includes are spliced into the token stream and
//! preprocessor directives never reach the parser. The whole input is lexed
//! up front into one token vector; each token keeps its file and span.

use crate::model::{Interner, Sym};
use irkit_diag::{Diagnostic, FileId, Loc, SourceMap, Span};
use rustc_hash::{FxHashMap, FxHashSet};
use std::path::PathBuf;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tok {
    Eof,
    Minus,
    Plus,
    LSquare,
    RSquare,
    LBrace,
    RBrace,
    LParen,
    RParen,
    Less,
    Greater,
    Colon,
    Semi,
    Comma,
    Dot,
    Equal,
    Question,
    Paste,
    Ellipsis,
    // Keywords.
    Assert,
    Bit,
    Bits,
    Class,
    Code,
    Dag,
    Def,
    Defm,
    Defset,
    Defvar,
    Deftype,
    Dump,
    Else,
    False,
    Field,
    Foreach,
    If,
    In,
    Int,
    Let,
    List,
    MultiClass,
    String,
    Then,
    True,
    // Values.
    Id,
    IntVal,
    BinaryIntVal,
    StrVal,
    CodeFragment,
    VarName,
    /// A bang operator; `sym` holds its name without the `!`.
    Bang,
}

/// One token. `sym` holds identifiers, strings, code and bang names; `int`
/// holds integer values (and the bit count of a binary literal in `sym`).
#[derive(Clone, Copy, Debug)]
pub struct Token {
    pub kind: Tok,
    pub loc: Loc,
    pub sym: Sym,
    pub int: i64,
}

pub struct LexConfig<'a> {
    pub include_dirs: &'a [String],
    pub defines: &'a [String],
    /// Files that `include` finds after the include directories: (name,
    /// text). irkit ships its `OpBase.td` this way for `--dialect` files.
    pub builtin_includes: &'a [(&'a str, &'a str)],
    /// The followed LLVM release (its messages).
    pub rules: &'static crate::compat::Rules,
}

const MAX_INCLUDE_DEPTH: usize = 64;

/// Lexes `file` (already in `map`) and everything it includes.
pub fn lex(
    map: &mut SourceMap,
    strs: &mut Interner,
    file: FileId,
    cfg: &LexConfig<'_>,
) -> Result<Vec<Token>, Diagnostic> {
    match lex_with_deps(map, strs, file, cfg) {
        Ok(lexed) => Ok(lexed.toks),
        Err(diags) => match diags.into_iter().find(Diagnostic::is_error) {
            Some(d) => Err(d),
            None => Err(Diagnostic::bare_error("the lexer failed without an error")),
        },
    }
}

/// What [`lex_with_deps`] returns for a file that lexes.
pub struct Lexed {
    pub toks: Vec<Token>,
    /// The paths of the files read for `include`.
    pub deps: Vec<String>,
    /// Warnings (a macro defined twice) and errors that do not stop lexing
    /// (a NUL character), in order.
    pub warnings: Vec<Diagnostic>,
}

/// [`lex`], also returning the paths of the files read for `include`
/// (sorted, each once; built-in files are not files and are left out), as
/// llvm-tblgen's `-d` depfile lists them, and the warnings. On failure: the
/// warnings, the error, then the errors LLVM reports after it ("previous
/// #else is here"); it always holds an error.
pub fn lex_with_deps(
    map: &mut SourceMap,
    strs: &mut Interner,
    file: FileId,
    cfg: &LexConfig<'_>,
) -> Result<Lexed, Vec<Diagnostic>> {
    lex_with_overlay(map, strs, file, cfg, None)
}

/// Texts that replace files on disk (an editor's unsaved documents): asked
/// with each path `include` tries before that path is read.
pub type Overlay<'a> = dyn Fn(&str) -> Option<Arc<str>> + Sync + 'a;

/// [`lex_with_deps`], reading a file from `overlay` when it has the path.
pub fn lex_with_overlay(
    map: &mut SourceMap,
    strs: &mut Interner,
    file: FileId,
    cfg: &LexConfig<'_>,
    overlay: Option<&Overlay<'_>>,
) -> Result<Lexed, Vec<Diagnostic>> {
    let mut lx = Lexer {
        overlay,
        map,
        strs,
        toks: Vec::new(),
        defines: cfg.defines.iter().cloned().collect(),
        include_dirs: cfg.include_dirs.iter().map(PathBuf::from).collect(),
        builtin_includes: cfg.builtin_includes,
        rules: cfg.rules,
        depth: 0,
        deps: Vec::new(),
        loaded: FxHashMap::default(),
        warnings: Vec::new(),
        more_errors: Vec::new(),
    };
    if let Err(d) = lx.lex_file(file) {
        let mut errs = std::mem::take(&mut lx.warnings);
        errs.push(d);
        errs.append(&mut lx.more_errors);
        return Err(errs);
    }
    // The end of input is located at the end of the main file, as LLVM
    // reports "expected ';'" and the like there.
    let end = lx.map.file(file).text().len() as u32;
    lx.toks.push(Token {
        kind: Tok::Eof,
        loc: Loc {
            file,
            span: Span::empty(end),
        },
        sym: Sym::EMPTY,
        int: 0,
    });
    let mut deps = lx.deps;
    deps.sort_unstable();
    deps.dedup();
    Ok(Lexed {
        toks: lx.toks,
        deps,
        warnings: lx.warnings,
    })
}

struct Lexer<'a> {
    map: &'a mut SourceMap,
    strs: &'a mut Interner,
    toks: Vec<Token>,
    defines: FxHashSet<String>,
    include_dirs: Vec<PathBuf>,
    builtin_includes: &'a [(&'a str, &'a str)],
    rules: &'static crate::compat::Rules,
    depth: usize,
    /// Paths of the included files read from the file system.
    deps: Vec<String>,
    /// Included files by the name they were included as: (path, text).
    loaded: FxHashMap<String, (String, Arc<str>)>,
    overlay: Option<&'a Overlay<'a>>,
    /// Warnings and errors that do not stop lexing so far, in order.
    warnings: Vec<Diagnostic>,
    /// Errors that follow the one `lex_file` returns.
    more_errors: Vec<Diagnostic>,
}

struct Cond {
    /// Whether the current branch is being emitted.
    active: bool,
    /// Whether an `#else` has been seen.
    in_else: bool,
    loc: Loc,
}

/// `text[s..e]`, where both ends sit next to ASCII bytes (so they are char
/// boundaries); empty if not, which the lexer never asks for.
fn slice(text: &str, s: usize, e: usize) -> &str {
    text.get(s..e).unwrap_or_default()
}

/// The offset of the newline ending the line that `i` is on (or the end).
fn line_end(b: &[u8], i: usize) -> usize {
    b[i..]
        .iter()
        .position(|&x| x == b'\n')
        .map_or(b.len(), |k| i + k)
}

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
/// Identifier characters (letters, digits, `_`) by byte: one load per
/// byte of the names that make up most of a `.td` file.
static ID_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_';
        c += 1;
    }
    t
};

#[inline]
fn is_id_char(c: u8) -> bool {
    ID_CHAR[usize::from(c)]
}

fn keyword(s: &[u8]) -> Option<Tok> {
    Some(match s {
        b"assert" => Tok::Assert,
        b"bit" => Tok::Bit,
        b"bits" => Tok::Bits,
        b"class" => Tok::Class,
        b"code" => Tok::Code,
        b"dag" => Tok::Dag,
        b"def" => Tok::Def,
        b"defm" => Tok::Defm,
        b"defset" => Tok::Defset,
        b"defvar" => Tok::Defvar,
        b"deftype" => Tok::Deftype,
        b"dump" => Tok::Dump,
        b"else" => Tok::Else,
        b"false" => Tok::False,
        b"field" => Tok::Field,
        b"foreach" => Tok::Foreach,
        b"if" => Tok::If,
        b"in" => Tok::In,
        b"int" => Tok::Int,
        b"let" => Tok::Let,
        b"list" => Tok::List,
        b"multiclass" => Tok::MultiClass,
        b"string" => Tok::String,
        b"then" => Tok::Then,
        b"true" => Tok::True,
        _ => return None,
    })
}

/// Skips blanks and comments after a preprocessor directive from `i`:
/// `Ok(offset of the line end)`, or `Err(offset of what else is there)`.
fn skip_directive_end(b: &[u8], mut i: usize) -> Result<usize, usize> {
    loop {
        while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
            i += 1;
        }
        match (b.get(i), b.get(i + 1)) {
            (None, _) | (Some(b'\n'), _) => return Ok(i),
            (Some(b'/'), Some(b'/')) => return Ok(line_end(b, i)),
            (Some(b'/'), Some(b'*')) => {
                match b[i + 2..].windows(2).position(|w| w == b"*/") {
                    Some(p) => i = i + 2 + p + 2,
                    // An unterminated comment is the lexer's to report.
                    None => return Ok(i),
                }
            }
            _ => return Err(i),
        }
    }
}

impl Lexer<'_> {
    /// A preprocessor or lexer message in the followed release's wording.
    fn prep_msg(&self, msg: String) -> String {
        self.rules.cased(&msg)
    }

    fn out_of_range(&self, at: Loc) -> Diagnostic {
        Diagnostic::error(at, self.prep_msg("number out of range".to_string()))
    }

    fn lex_file(&mut self, file: FileId) -> Result<(), Diagnostic> {
        // The text is copied out so that included files can be added to the map.
        let text = self.map.file(file).shared_text();
        let b = text.as_bytes();
        // About one token per seven bytes of LLVM's .td sources.
        self.toks.reserve(b.len() / 7);
        let mut i = 0usize;
        let mut conds: Vec<Cond> = Vec::new();
        let loc = |s: usize, e: usize| Loc {
            file,
            span: Span::new(s as u32, e as u32),
        };
        let mut line_start = true;
        // Whether every enclosing #ifdef branch is taken (kept in step with
        // `conds`).
        let mut active = true;
        while i < b.len() {
            let c = b[i];
            if c == 0 {
                self.warnings.push(Diagnostic::error(
                    loc(i, i + 1),
                    "NUL character is invalid in source; treated as space",
                ));
                i += 1;
                continue;
            }
            if c == b' ' || c == b'\t' || c == b'\r' {
                i += 1;
                while i < b.len() && matches!(b[i], b' ' | b'\t' | b'\r') {
                    i += 1;
                }
                continue;
            }
            // Preprocessor directives: '#' first on a line (after blanks).
            if c == b'#' && line_start {
                let s = i;
                let mut j = i + 1;
                while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
                    j += 1;
                }
                let ws = j;
                while j < b.len() && is_id_char(b[j]) {
                    j += 1;
                }
                let word = &b[ws..j];
                let dir = match word {
                    b"define" | b"ifdef" | b"ifndef" | b"else" | b"endif" => Some(word),
                    _ => None,
                };
                if let Some(dir) = dir {
                    // A skipped region only tracks the nesting of
                    // conditionals: its `#define`s are not read.
                    if dir == b"define" && !active {
                        i = line_end(b, j);
                        continue;
                    }
                    let what = String::from_utf8_lossy(dir).into_owned();
                    let mut k = j;
                    while k < b.len() && (b[k] == b' ' || b[k] == b'\t') {
                        k += 1;
                    }
                    let ns = k;
                    let needs_name = matches!(dir, b"define" | b"ifdef" | b"ifndef");
                    if needs_name {
                        while k < b.len() && is_id_char(b[k]) {
                            k += 1;
                        }
                    }
                    let name = String::from_utf8_lossy(&b[ns..k]).into_owned();
                    if needs_name && (name.is_empty() || !is_id_start(b[ns])) {
                        return Err(Diagnostic::error(
                            loc(ns, ns),
                            self.prep_msg(format!("expected macro name after #{what}")),
                        ));
                    }
                    // The rest of the line must be blank or comments (a
                    // block comment may end on a later line, whose rest
                    // must then be blank too).
                    let m = match skip_directive_end(b, k) {
                        Ok(m) => m,
                        Err(m) => {
                            let after = if needs_name {
                                format!("#{what} NAME")
                            } else {
                                format!("#{what}")
                            };
                            return Err(Diagnostic::error(
                                loc(m, m),
                                self.prep_msg(format!("only comments are supported after {after}")),
                            ));
                        }
                    };
                    // Where LLVM locates the control in "the latest
                    // preprocessor control is here": the macro name, or
                    // the directive word.
                    let dloc = if needs_name {
                        loc(ns, k)
                    } else {
                        loc(s + 1, j)
                    };
                    match dir {
                        b"define" => {
                            if conds.iter().all(|c| c.active) {
                                if self.defines.contains(&name) {
                                    self.warnings.push(Diagnostic::warning(
                                        loc(ns, k),
                                        self.prep_msg(format!(
                                            "duplicate definition of macro: {name}"
                                        )),
                                    ));
                                }
                                self.defines.insert(name);
                            }
                        }
                        b"ifdef" | b"ifndef" => {
                            let parent = conds.iter().all(|c| c.active);
                            let def = self.defines.contains(&name);
                            let v = if dir == b"ifdef" { def } else { !def };
                            conds.push(Cond {
                                active: parent && v,
                                in_else: false,
                                loc: dloc,
                            });
                        }
                        b"else" => {
                            let n = conds.len();
                            let parent = conds.iter().take(n.saturating_sub(1)).all(|c| c.active);
                            let Some(top) = conds.last_mut() else {
                                return Err(Diagnostic::error(
                                    loc(s + 1, s + 2),
                                    "#else without #ifdef or #ifndef",
                                ));
                            };
                            if top.in_else {
                                let prev = top.loc;
                                self.more_errors.push(Diagnostic::error(
                                    prev,
                                    self.prep_msg("previous #else is here".to_string()),
                                ));
                                return Err(Diagnostic::error(loc(s + 1, s + 2), "double #else"));
                            }
                            top.in_else = true;
                            top.loc = dloc;
                            // Active in the else branch iff the if branch was not taken.
                            top.active = parent && !top.active && {
                                // Recompute: if branch taken means active was true.
                                true
                            };
                        }
                        _ => {
                            if conds.pop().is_none() {
                                return Err(Diagnostic::error(
                                    loc(s + 1, s + 2),
                                    "#endif without #ifdef",
                                ));
                            }
                        }
                    }
                    active = conds.iter().all(|c| c.active);
                    i = m;
                    continue;
                }
            }
            if c == b'\n' {
                line_start = true;
                i += 1;
                continue;
            }
            // Comments.
            if c == b'/' && b.get(i + 1) == Some(&b'/') {
                i = line_end(b, i);
                continue;
            }
            if c == b'/' && b.get(i + 1) == Some(&b'*') {
                let s = i;
                let mut depth = 1;
                i += 2;
                while depth > 0 {
                    if i >= b.len() {
                        return Err(Diagnostic::error(
                            loc(s, s + 1),
                            self.rules.msg_unterminated_comment,
                        ));
                    }
                    if b[i] == b'/' && b.get(i + 1) == Some(&b'*') {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b.get(i + 1) == Some(&b'/') {
                        depth -= 1;
                        i += 2;
                    } else {
                        i += 1;
                    }
                }
                continue;
            }
            line_start = false;
            if !active {
                // Skipped region: as LLVM's lexer does, only the start of a
                // line (after blanks and comments) can hold a directive, so
                // the rest of the line goes unread.
                i = line_end(b, i);
                continue;
            }
            let s = i;
            let mut tok = Token {
                kind: Tok::Eof,
                loc: loc(s, s + 1),
                sym: Sym::EMPTY,
                int: 0,
            };
            let simple = match c {
                b'+' | b'-' if b.get(i + 1).is_some_and(u8::is_ascii_digit) => None,
                b'-' => Some(Tok::Minus),
                b'+' => Some(Tok::Plus),
                b'[' if b.get(i + 1) == Some(&b'{') => None,
                b'[' => Some(Tok::LSquare),
                b']' => Some(Tok::RSquare),
                b'{' => Some(Tok::LBrace),
                b'}' => Some(Tok::RBrace),
                b'(' => Some(Tok::LParen),
                b')' => Some(Tok::RParen),
                b'<' => Some(Tok::Less),
                b'>' => Some(Tok::Greater),
                b':' => Some(Tok::Colon),
                b';' => Some(Tok::Semi),
                b',' => Some(Tok::Comma),
                b'.' if b.get(i + 1) == Some(&b'.') && b.get(i + 2) == Some(&b'.') => {
                    i += 2;
                    Some(Tok::Ellipsis)
                }
                b'.' => Some(Tok::Dot),
                b'=' => Some(Tok::Equal),
                b'?' => Some(Tok::Question),
                b'#' => Some(Tok::Paste),
                _ => None,
            };
            if let Some(k) = simple {
                i += 1;
                tok.kind = k;
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            if c == b'[' {
                // Code fragment [{ ... }].
                let body = i + 2;
                let mut j = body;
                loop {
                    if j + 1 >= b.len() {
                        return Err(Diagnostic::error(
                            loc(s, s + 2),
                            self.prep_msg("unterminated code block".to_string()),
                        ));
                    }
                    if b[j] == b'}' && b[j + 1] == b']' {
                        break;
                    }
                    j += 1;
                }
                tok.kind = Tok::CodeFragment;
                tok.sym = self.strs.intern(slice(&text, body, j));
                i = j + 2;
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            if c == b'"' {
                // Fast path: no escapes, the text is a slice of the source.
                let end = b[i + 1..]
                    .iter()
                    .position(|&x| matches!(x, b'"' | b'\\' | b'\n' | b'\r'))
                    .map(|k| i + 1 + k);
                if let Some(j) = end.filter(|&j| b[j] == b'"') {
                    tok.kind = Tok::StrVal;
                    tok.sym = self.strs.intern(slice(&text, i + 1, j));
                    i = j + 1;
                    tok.loc = loc(s, i);
                    self.toks.push(tok);
                    continue;
                }
                let mut val = Vec::new();
                let mut j = i + 1;
                loop {
                    if j >= b.len() || b[j] == b'\n' || b[j] == b'\r' {
                        return Err(Diagnostic::error(
                            loc(s, s + 1),
                            "End of line in string literal",
                        ));
                    }
                    let ch = b[j];
                    if ch == b'"' {
                        break;
                    }
                    if ch == b'\\' {
                        j += 1;
                        match b.get(j) {
                            Some(b'\\') | Some(b'\'') | Some(b'"') => val.push(b[j]),
                            Some(b't') => val.push(b'\t'),
                            Some(b'n') => val.push(b'\n'),
                            Some(b'\n') | Some(b'\r') => {
                                return Err(Diagnostic::error(
                                    loc(j, j + 1),
                                    "escaped newlines not supported in tblgen",
                                ))
                            }
                            _ => {
                                return Err(Diagnostic::error(
                                    loc(j, j + 1),
                                    "invalid escape in string literal",
                                ))
                            }
                        }
                        j += 1;
                        continue;
                    }
                    val.push(ch);
                    j += 1;
                }
                i = j + 1;
                tok.kind = Tok::StrVal;
                tok.sym = self.strs.intern(&String::from_utf8_lossy(&val));
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            if c == b'$' {
                let mut j = i + 1;
                if j >= b.len() || !is_id_start(b[j]) {
                    return Err(Diagnostic::error(loc(s, s + 1), "Invalid variable name"));
                }
                while j < b.len() && is_id_char(b[j]) {
                    j += 1;
                }
                tok.kind = Tok::VarName;
                tok.sym = self.strs.intern(slice(&text, i + 1, j));
                i = j;
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            if c == b'!' {
                let mut j = i + 1;
                while j < b.len() && is_id_char(b[j]) {
                    j += 1;
                }
                if j == i + 1 {
                    return Err(Diagnostic::error(
                        loc(s, s + 1),
                        self.prep_msg("unknown operator".to_string()),
                    ));
                }
                tok.kind = Tok::Bang;
                tok.sym = self.strs.intern(slice(&text, i + 1, j));
                i = j;
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            let number_start = c.is_ascii_digit() || c == b'-' || c == b'+';
            if c.is_ascii_digit() {
                // Identifiers may start with digits (foo#8i pastes).
                let mut j = i;
                while j < b.len() && b[j].is_ascii_digit() {
                    j += 1;
                }
                let next = b.get(j).copied().unwrap_or(0);
                let mut is_num = !(is_id_start(next));
                if next == b'x' || next == b'b' {
                    let nn = b.get(j + 1).copied().unwrap_or(0);
                    if (next == b'b' && (nn == b'0' || nn == b'1'))
                        || (next == b'x' && nn.is_ascii_hexdigit())
                    {
                        is_num = true;
                    }
                }
                if !is_num {
                    let mut j = i;
                    while j < b.len() && is_id_char(b[j]) {
                        j += 1;
                    }
                    self.push_ident(&mut tok, slice(&text, i, j), s, j, file)?;
                    if tok.kind == Tok::Eof {
                        // include handled
                    }
                    i = j;
                    continue;
                }
            }
            if number_start {
                let mut j = i;
                let neg = b[j] == b'-';
                if b[j] == b'-' || b[j] == b'+' {
                    j += 1;
                }
                if b[j] == b'0' && b.get(j + 1) == Some(&b'x') {
                    let hs = j + 2;
                    let mut k = hs;
                    while k < b.len() && b[k].is_ascii_hexdigit() {
                        k += 1;
                    }
                    let txt = std::str::from_utf8(&b[hs..k]).unwrap_or("");
                    if txt.is_empty() {
                        return Err(Diagnostic::error(loc(s, k), "Invalid hexadecimal number"));
                    }
                    let Ok(v) = u64::from_str_radix(txt, 16) else {
                        return Err(self.out_of_range(loc(s, s)));
                    };
                    tok.kind = Tok::IntVal;
                    tok.int = if neg {
                        (v as i64).wrapping_neg()
                    } else {
                        v as i64
                    };
                    i = k;
                } else if b[j] == b'0' && b.get(j + 1) == Some(&b'b') {
                    let bs = j + 2;
                    let mut k = bs;
                    while k < b.len() && (b[k] == b'0' || b[k] == b'1') {
                        k += 1;
                    }
                    if k == bs {
                        return Err(Diagnostic::error(loc(s, k), "Invalid binary number"));
                    }
                    let txt = std::str::from_utf8(&b[bs..k]).unwrap_or("");
                    let Ok(v) = u64::from_str_radix(txt, 2) else {
                        return Err(self.out_of_range(loc(s, s)));
                    };
                    tok.kind = Tok::BinaryIntVal;
                    tok.int = v as i64;
                    tok.sym = Sym((k - bs) as u32);
                    i = k;
                } else {
                    let ds = j;
                    let mut k = ds;
                    while k < b.len() && b[k].is_ascii_digit() {
                        k += 1;
                    }
                    let txt = std::str::from_utf8(&b[ds..k]).unwrap_or("0");
                    // As strtoll (negative) and strtoull (otherwise).
                    let v = if neg {
                        format!("-{txt}").parse::<i64>().ok()
                    } else {
                        txt.parse::<u64>().ok().map(|u| u as i64)
                    };
                    let Some(v) = v else {
                        return Err(self.out_of_range(loc(s, s)));
                    };
                    tok.kind = Tok::IntVal;
                    tok.int = v;
                    i = k;
                }
                tok.loc = loc(s, i);
                self.toks.push(tok);
                continue;
            }
            if is_id_start(c) {
                let mut j = i;
                while j < b.len() && is_id_char(b[j]) {
                    j += 1;
                }
                let word = &b[i..j];
                if word == b"include" {
                    i = self.lex_include(b, j, loc(s, j), file)?;
                    continue;
                }
                self.push_ident(&mut tok, slice(&text, i, j), s, j, file)?;
                i = j;
                continue;
            }
            return Err(Diagnostic::error(loc(s, s + 1), "Unexpected character"));
        }
        if let Some(c) = conds.last() {
            self.more_errors.push(Diagnostic::error(
                c.loc,
                self.prep_msg("the latest preprocessor control is here".to_string()),
            ));
            return Err(Diagnostic::error(
                loc(b.len(), b.len()),
                self.prep_msg("reached EOF without matching #endif".to_string()),
            ));
        }
        Ok(())
    }

    fn push_ident(
        &mut self,
        tok: &mut Token,
        word: &str,
        s: usize,
        e: usize,
        file: FileId,
    ) -> Result<(), Diagnostic> {
        tok.loc = Loc {
            file,
            span: Span::new(s as u32, e as u32),
        };
        if let Some(k) = keyword(word.as_bytes()) {
            tok.kind = k;
        } else {
            tok.kind = Tok::Id;
            tok.sym = self.strs.intern(word);
        }
        self.toks.push(*tok);
        Ok(())
    }

    /// Reads an included file: the name as given, then under each include
    /// directory, then the built-in files.
    fn find_include(&mut self, name: &str) -> Option<(String, Arc<str>)> {
        let overlay = self.overlay;
        let read = |path: &std::path::Path| match overlay.and_then(|o| o(&path.to_string_lossy())) {
            Some(t) => Some(t),
            None => std::fs::read_to_string(path).ok().map(Arc::from),
        };
        if let Some(t) = read(std::path::Path::new(name)) {
            self.deps.push(name.to_string());
            return Some((name.to_string(), t));
        }
        for d in &self.include_dirs {
            let p = d.join(name);
            if let Some(t) = read(&p) {
                let path = p.to_string_lossy().into_owned();
                self.deps.push(path.clone());
                return Some((path, t));
            }
        }
        let &(n, t) = self.builtin_includes.iter().find(|(n, _)| *n == name)?;
        Some((n.to_string(), Arc::from(t)))
    }

    /// `include "file"`: returns the offset after the string.
    fn lex_include(
        &mut self,
        b: &[u8],
        mut j: usize,
        kw: Loc,
        file: FileId,
    ) -> Result<usize, Diagnostic> {
        loop {
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            if b.get(j) == Some(&b'/') && b.get(j + 1) == Some(&b'/') {
                j = line_end(b, j);
                continue;
            }
            break;
        }
        let sloc = Loc {
            file,
            span: Span::new(j as u32, j as u32 + 1),
        };
        if b.get(j) != Some(&b'"') {
            return Err(Diagnostic::error(sloc, "expected filename after include"));
        }
        let mut k = j + 1;
        while k < b.len() && b[k] != b'"' && b[k] != b'\n' {
            k += 1;
        }
        if b.get(k) != Some(&b'"') {
            return Err(Diagnostic::error(sloc, "End of line in string literal"));
        }
        let name = String::from_utf8_lossy(&b[j + 1..k]).into_owned();
        let end = k + 1;
        if self.depth >= MAX_INCLUDE_DEPTH {
            return Err(Diagnostic::error(kw, "include nesting too deep"));
        }
        // A file included again (typically behind an include guard) is not
        // read again: its text is shared.
        let found = match self.loaded.get(&name) {
            Some((path, text)) => Some((path.clone(), Arc::clone(text))),
            None => self.find_include(&name),
        };
        let Some((path, text)) = found else {
            return Err(Diagnostic::error(
                sloc,
                self.prep_msg(format!("could not find include file '{name}'")),
            ));
        };
        self.loaded
            .entry(name)
            .or_insert_with(|| (path.clone(), Arc::clone(&text)));
        let inc_loc = Loc {
            file,
            span: Span::new(kw.span.start, end as u32),
        };
        let id = self.map.add_shared(path, text, Some(inc_loc));
        self.depth += 1;
        let r = self.lex_file(id);
        self.depth -= 1;
        r?;
        Ok(end)
    }
}
