//! Hand-written parser for MLIR's generic syntax.
//!
//! Never panics; stops at the first error with an MLIR-style diagnostic.
//! Recursion (regions, attributes, types) is bounded by [`MAX_DEPTH`].
//!
//! This file holds the parser's state, the entry points, the cursor and
//! token readers, the top level and the helpers several parts share; each
//! submodule extends `Parser` with one part of the grammar: `ops`
//! (generic operations), `blocks` (regions, blocks, SSA names), `locations`,
//! `types`, `attrs` (attributes, dialect bodies, number literals),
//! `elements` (elements literals) and `metadata` (`{-# ... #-}`).

use crate::context::{AttrData, AttrId, Context, LocData, Piece, Sym, TypeId};
use crate::dialect::DialectRegistry;
use crate::dialect::MlirRelease;
use crate::ir::{BlockId, Module, OpId, OpSpec, RegionId, ValueDef, ValueId};
use crate::registry;
use irkit_diag::{Diagnostic, FileId, Loc, Span};
use rustc_hash::FxHashMap;

mod attrs;
mod blocks;
mod elements;
mod locations;
mod metadata;
mod ops;
mod types;

/// Maximum nesting of regions, attributes and types.
pub const MAX_DEPTH: u32 = 1000;

/// The deepest bracket nesting of a text the type and dictionary caches
/// key on; they are used only this far from [`MAX_DEPTH`], so a cached
/// text never skips a nesting diagnostic.
const PLAIN_DEPTH: u32 = 32;

/// Parser configuration.
#[derive(Clone, Debug)]
pub struct ParseConfig {
    /// The file name used in `loc("name":line:col)` of ops without an
    /// explicit location (mlir-opt uses the name given on its command line).
    pub loc_file_name: String,
    /// Line offset added to line numbers (for `--split-input-file` chunks).
    pub line_offset: u32,
}

pub(crate) type PResult<T> = Result<T, Box<Diagnostic>>;

/// Parses a whole file. Returns the module, or the first error.
pub fn parse(text: &str, file: FileId, config: &ParseConfig) -> Result<Module, Box<Diagnostic>> {
    parse_impl(text, file, config, None)
}

/// Parses a whole file in both syntaxes: ops of `reg` may be written in
/// their custom syntax, mixed with generic ones.
pub fn parse_with_dialects(
    text: &str,
    file: FileId,
    config: &ParseConfig,
    reg: &DialectRegistry,
) -> Result<Module, Box<Diagnostic>> {
    parse_impl(text, file, config, Some(reg))
}

/// [`parse_with_dialects`], with every error MLIR reports when the parse
/// fails: the first, then those it emits while unwinding (an affine
/// negation adds "missing operand of negation" to its operand's error).
pub fn parse_with_dialects_all(
    text: &str,
    file: FileId,
    config: &ParseConfig,
    reg: &DialectRegistry,
) -> Result<Module, Vec<Diagnostic>> {
    let mut p = new_parser(text, file, config, Some(reg));
    match p.parse_file() {
        Ok(()) => Ok(p.m),
        Err(d) => {
            let mut res = vec![*d];
            if let Some((lead, then)) = p.then.take() {
                if lead == res[0] {
                    res.extend(then);
                }
            }
            Err(res)
        }
    }
}

fn parse_impl(
    text: &str,
    file: FileId,
    config: &ParseConfig,
    reg: Option<&DialectRegistry>,
) -> Result<Module, Box<Diagnostic>> {
    let mut p = new_parser(text, file, config, reg);
    p.parse_file()?;
    Ok(p.m)
}

fn new_parser<'a>(
    text: &'a str,
    file: FileId,
    config: &ParseConfig,
    reg: Option<&'a DialectRegistry>,
) -> Parser<'a> {
    let mut p = Parser::new(text.as_bytes(), file, Module::new(Context::new()), reg);
    p.line_offset = config.line_offset;
    p.loc_file = p.m.ctx.sym_str(&config.loc_file_name);
    p.module_name = p.m.ctx.sym_str("builtin.module");
    p
}

#[derive(Clone)]
pub(crate) struct ValueEntry {
    values: Vec<ValueId>,
    span: Span,
}

pub(crate) struct ForwardRef {
    value: ValueId,
    span: Span,
}

pub(crate) struct BlockScope<'a> {
    names: FxHashMap<&'a [u8], (BlockId, Span, bool)>,
    region: RegionId,
}

pub(crate) struct Parser<'a> {
    pub(crate) src: &'a [u8],
    pub(crate) pos: usize,
    pub(crate) file: FileId,
    pub(crate) m: Module,
    pub(crate) depth: u32,
    pub(crate) attr_aliases: FxHashMap<Vec<u8>, AttrId>,
    pub(crate) type_aliases: FxHashMap<Vec<u8>, TypeId>,
    /// Visible SSA names, innermost region last.
    pub(crate) scopes: Vec<FxHashMap<&'a [u8], ValueEntry>>,
    /// Uses of names not defined yet: (name, result number) -> placeholder.
    pub(crate) forward: FxHashMap<(&'a [u8], u32), ForwardRef>,
    pub(crate) block_scopes: Vec<BlockScope<'a>>,
    /// Ops/values whose `loc(#alias)` refers to an alias defined later.
    pub(crate) deferred_locs: Vec<(DeferredTarget, Vec<u8>, Span)>,
    pub(crate) distinct: FxHashMap<u64, AttrId>,
    pub(crate) loc_file: Sym,
    /// (position, line, start of that line): line numbers are counted
    /// incrementally since ops are parsed in order.
    pub(crate) line_cache: (usize, u32, usize),
    pub(crate) line_offset: u32,
    pub(crate) module_name: Sym,
    pub(crate) inherent_cache: FxHashMap<Sym, &'static [&'static str]>,
    /// Op definitions for the custom syntax (`None`: generic only).
    pub(crate) reg: Option<&'a DialectRegistry>,
    /// The default dialect of each enclosing region (custom syntax).
    pub(crate) dialect_stack: Vec<&'a str>,
    /// Parsed `DefaultValuedAttr` defaults, by text.
    pub(crate) default_cache: FxHashMap<Box<str>, Option<AttrId>>,
    /// The custom op being parsed (for its error messages).
    pub(crate) custom_op_name: Option<Box<str>>,
    /// Types already read, by their text: a builtin keyword type (`i32`)
    /// or a dialect type whose body nests no other type or attribute
    /// (`!llvm.ptr`, `!llvm.struct<"s", (i32, ptr)>`), so the same text
    /// always names the same type. Real IR repeats a few spellings on
    /// every op.
    pub(crate) type_cache: FxHashMap<&'a [u8], TypeId>,
    /// Attribute dictionaries already read, by their text, when it nests no
    /// `!`/`#` reference (`{alignment = 4 : i64}` on every load and store).
    pub(crate) dict_cache: FxHashMap<&'a [u8], AttrId>,
    /// Buffers of custom ops already built ([`Parser::new_parsed`]).
    pub(crate) parsed_pool: Vec<crate::asm::parse::Parsed<'a>>,
    /// Scratch buffers of a custom op's properties and discardable
    /// attributes, reused from op to op.
    pub(crate) scratch_props: Vec<(Sym, AttrId)>,
    pub(crate) scratch_attrs: Vec<(Sym, AttrId)>,
    /// Scratch buffers of a custom op's operand references and types.
    pub(crate) scratch_refs: Vec<crate::asm::parse::UseRef<'a>>,
    pub(crate) scratch_types: Vec<TypeId>,
    /// Interned names of a custom op definition and its attributes, by the
    /// definition's address ([`Parser::def_sym`]).
    pub(crate) def_syms: FxHashMap<usize, Box<[Sym]>>,
    /// Errors MLIR emits after an error while its parse unwinds, with that
    /// error: they are reported only if it is the one the parse fails with.
    pub(crate) then: Option<(Diagnostic, Vec<Diagnostic>)>,
}

#[derive(Clone, Copy)]
pub(crate) enum DeferredTarget {
    Op(OpId),
    Value(ValueId),
}

/// A `loc(#alias)` reference: the alias name and where it was written.
pub(crate) type LocAliasRef = (Vec<u8>, Span);

pub(crate) enum LocOrAlias {
    Loc(AttrId),
    Alias(Vec<u8>, Span),
}

fn is_id_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}
fn is_id_char(c: u8) -> bool {
    ID_CHAR[c as usize]
}

/// `[A-Za-z0-9_$.]`, by byte: identifiers are scanned on every op.
static ID_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        t[c] = b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.';
        c += 1;
    }
    t
};
fn is_suffix_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.' | b'-')
}

/// `custom op 'NAME' msg`: an error an op's own parser emits (MLIR's
/// `OpAsmParser` prefixes what it reports so).
pub(crate) fn custom_message(def: &crate::dialect::OpDef, msg: &str) -> String {
    format!("custom op '{}' {msg}", def.name)
}

impl<'a> Parser<'a> {
    /// The MLIR release whose syntax is read: the registry's, else the
    /// default.
    pub(crate) fn release(&self) -> MlirRelease {
        self.reg.map_or_else(MlirRelease::default, |r| r.release())
    }

    /// `resolveOperands`' message for `operands` operands given with a
    /// list of `types` types of another length.
    pub(crate) fn operand_count_message(&self, operands: usize, types: usize) -> String {
        if self.release() >= MlirRelease::V22 {
            format!("number of operands and types do not match: got {operands} operands and {types} types")
        } else {
            format!("{operands} operands present, but expected {types}")
        }
    }

    /// [`Self::operand_count_message`] from an op's custom parser (MLIR
    /// prefixes what an `OpAsmParser` emits with `custom op 'NAME'`).
    pub(crate) fn custom_count_message(
        &self,
        def: &crate::dialect::OpDef,
        operands: usize,
        types: usize,
    ) -> String {
        custom_message(def, &self.operand_count_message(operands, types))
    }

    fn new(src: &'a [u8], file: FileId, m: Module, reg: Option<&'a DialectRegistry>) -> Parser<'a> {
        Parser {
            src,
            pos: 0,
            file,
            m,
            depth: 0,
            attr_aliases: FxHashMap::default(),
            type_aliases: FxHashMap::default(),
            scopes: Vec::new(),
            forward: FxHashMap::default(),
            block_scopes: Vec::new(),
            deferred_locs: Vec::new(),
            distinct: FxHashMap::default(),
            loc_file: Sym(0),
            line_cache: (0, 1, 0),
            line_offset: 0,
            module_name: Sym(0),
            inherent_cache: FxHashMap::default(),
            reg,
            dialect_stack: vec!["builtin"],
            default_cache: FxHashMap::default(),
            custom_op_name: None,
            type_cache: FxHashMap::default(),
            dict_cache: FxHashMap::default(),
            parsed_pool: Vec::new(),
            scratch_props: Vec::new(),
            scratch_attrs: Vec::new(),
            scratch_refs: Vec::new(),
            scratch_types: Vec::new(),
            def_syms: FxHashMap::default(),
            then: None,
        }
    }

    /// An attribute written as text (a `DefaultValuedAttr`'s default),
    /// uniqued in this module's context; `None` if it does not parse.
    pub(crate) fn parse_attr_text(&mut self, text: &str) -> Option<AttrId> {
        if let Some(&a) = self.default_cache.get(text) {
            return a;
        }
        let ctx = std::mem::take(&mut self.m.ctx);
        let mut sub = Parser::new(text.as_bytes(), self.file, Module::new(ctx), None);
        let res = sub.parse_attr();
        self.m.ctx = std::mem::take(&mut sub.m.ctx);
        let res = res.ok().filter(|_| sub.pos == text.len());
        self.default_cache.insert(text.into(), res);
        res
    }

    // ----------------------------------------------------------------- lexing

    /// MLIR locations are points: diagnostics get a one-character span.
    pub(crate) fn loc(&self, span: Span) -> Loc {
        Loc {
            file: self.file,
            span: Span::new(
                span.start,
                span.start
                    .saturating_add(1)
                    .min(span.end.max(span.start + 1)),
            ),
        }
    }
    pub(crate) fn err_at<T>(&self, at: usize, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(Diagnostic::error(
            self.loc(Span::new(at as u32, at as u32 + 1)),
            msg,
        )))
    }
    pub(crate) fn err_span<T>(&self, span: Span, msg: impl Into<String>) -> PResult<T> {
        Err(Box::new(Diagnostic::error(self.loc(span), msg)))
    }
    pub(crate) fn skip_ws(&mut self) {
        loop {
            match self.src.get(self.pos) {
                // A NUL inside the buffer is whitespace to MLIR's lexer.
                Some(b' ' | b'\t' | b'\n' | b'\r' | 0) => self.pos += 1,
                Some(b'/') if self.src.get(self.pos + 1) == Some(&b'/') => {
                    while let Some(&c) = self.src.get(self.pos) {
                        if c == b'\n' {
                            break;
                        }
                        self.pos += 1;
                    }
                }
                _ => return,
            }
        }
    }
    pub(crate) fn peek(&mut self) -> Option<u8> {
        self.skip_ws();
        self.src.get(self.pos).copied()
    }
    pub(crate) fn peek_at(&self, off: usize) -> Option<u8> {
        self.src.get(self.pos + off).copied()
    }
    pub(crate) fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub(crate) fn eat_str(&mut self, s: &str) -> bool {
        self.skip_ws();
        if self.src[self.pos..].starts_with(s.as_bytes()) {
            self.pos += s.len();
            true
        } else {
            false
        }
    }
    pub(crate) fn expect(&mut self, c: u8, what: &str) -> PResult<()> {
        if self.eat(c) {
            Ok(())
        } else {
            self.err_tok(format!("expected {what}"))
        }
    }
    /// An error about the current token, placed as MLIR's
    /// `emitWrongTokenError` does: at the end of the previous token when
    /// whitespace separates them.
    pub(crate) fn err_tok<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        self.skip_ws();
        self.lexer_error()?;
        let at = self.wrong_token_at(self.pos);
        Err(Box::new(Diagnostic::error(
            self.loc(Span::new(at as u32, at as u32)),
            msg,
        )))
    }
    /// An error about the current token, placed as MLIR's `emitError()`
    /// without a location does: at the token, or one character back at EOF.
    pub(crate) fn err_here<T>(&mut self, msg: impl Into<String>) -> PResult<T> {
        self.skip_ws();
        self.lexer_error()?;
        let at = if self.pos >= self.src.len() {
            self.src.len().saturating_sub(1)
        } else {
            self.pos
        };
        self.err_at(at, msg)
    }
    /// The error MLIR's lexer reports on lexing the token at the cursor,
    /// before the parser sees it: a `.` that does not start `...`
    /// (`lexEllipsis`, at the character after the first dot). The
    /// parser's own message about that token is then dropped.
    fn lexer_error(&self) -> PResult<()> {
        let src = self.src;
        let p = self.pos;
        if src.get(p) == Some(&b'.')
            && !(src.get(p + 1) == Some(&b'.') && src.get(p + 2) == Some(&b'.'))
        {
            return self.err_at(p + 1, "expected three consecutive dots for an ellipsis");
        }
        Ok(())
    }
    /// Where MLIR reports a wrong token at `pos` (`emitWrongTokenError`):
    /// at the end of the last line before it that has code, skipping blank
    /// lines and `//` comments, so "expected X" points after what came
    /// before; at EOF one character back.
    fn wrong_token_at(&self, pos: usize) -> usize {
        let src = self.src;
        let mut original = pos;
        if pos >= src.len() && pos > 0 {
            original = src.len() - 1;
        }
        let mut end = original;
        loop {
            while end > 0 && matches!(src[end - 1], b' ' | b'\t') {
                end -= 1;
            }
            if end == 0 {
                return original;
            }
            if !matches!(src[end - 1], b'\n' | b'\r') {
                return end;
            }
            end -= 1;
            let line_start = src[..end]
                .iter()
                .rposition(|&c| c == b'\n' || c == b'\r')
                .unwrap_or(0);
            if let Some(c) = src[line_start..end].windows(2).position(|w| w == b"//") {
                end = line_start + c;
            }
        }
    }
    /// A bare identifier (keyword) at the cursor, without consuming.
    pub(crate) fn peek_ident(&mut self) -> &'a [u8] {
        self.skip_ws();
        let src = self.src;
        let start = self.pos;
        if !src.get(start).is_some_and(|&c| is_id_start(c)) {
            return &[];
        }
        let mut end = start + 1;
        while end < src.len() && is_id_char(src[end]) {
            end += 1;
        }
        &src[start..end]
    }
    pub(crate) fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.peek_ident() == kw.as_bytes() {
            self.pos += kw.len();
            true
        } else {
            false
        }
    }
    pub(crate) fn bare_ident(&mut self) -> PResult<&'a [u8]> {
        let id = self.peek_ident();
        if id.is_empty() {
            let at = self.pos;
            return self.err_at(at, "expected identifier");
        }
        self.pos += id.len();
        Ok(id)
    }
    /// Reads `[0-9]+` (no sign) as u64.
    pub(crate) fn integer(&mut self) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        if start == self.pos {
            return self.err_at(start, "expected integer value");
        }
        let s = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        match s.parse::<u64>() {
            Ok(v) => Ok(v),
            Err(_) => self.err_at(start, "integer value too large"),
        }
    }
    /// A `distinct[...]` ID: an integer token (decimal or `0x` hex) that
    /// fits 64 bits unsigned (MLIR's `parseDistinctAttr` messages).
    fn distinct_id(&mut self) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        let src = self.src;
        let hex = src.get(start) == Some(&b'0')
            && src.get(start + 1) == Some(&b'x')
            && src.get(start + 2).is_some_and(|c| c.is_ascii_hexdigit());
        let (digits, radix) = if hex { (start + 2, 16) } else { (start, 10) };
        let mut end = digits;
        while src.get(end).is_some_and(|c| {
            if hex {
                c.is_ascii_hexdigit()
            } else {
                c.is_ascii_digit()
            }
        }) {
            end += 1;
        }
        if end == digits {
            return self.err_at(start, "expected distinct ID");
        }
        self.pos = end;
        let text = std::str::from_utf8(&src[digits..end]).unwrap_or("");
        match u64::from_str_radix(text, radix) {
            Ok(v) => Ok(v),
            Err(_) => {
                self.skip_ws();
                self.err_at(self.pos, "expected an unsigned 64-bit integer")
            }
        }
    }
    /// Reads a string literal and returns its decoded bytes.
    pub(crate) fn string_lit(&mut self) -> PResult<std::borrow::Cow<'a, [u8]>> {
        self.skip_ws();
        let start = self.pos;
        if self.src.get(self.pos) != Some(&b'"') {
            return self.err_at(start, "expected string literal");
        }
        self.pos += 1;
        // Fast path: no escapes.
        let src = self.src;
        let mut i = self.pos;
        while let Some(&c) = src.get(i) {
            match c {
                b'"' => {
                    let s = &src[self.pos..i];
                    self.pos = i + 1;
                    return Ok(std::borrow::Cow::Borrowed(s));
                }
                b'\\' | b'\n' | b'\r' => break,
                _ => i += 1,
            }
        }
        let mut out = Vec::new();
        loop {
            let Some(&c) = self.src.get(self.pos) else {
                let _ = start;
                return self.err_at(
                    self.pos.saturating_sub(1),
                    "expected '\"' in string literal",
                );
            };
            self.pos += 1;
            match c {
                b'"' => return Ok(std::borrow::Cow::Owned(out)),
                b'\n' | b'\r' => {
                    return self.err_at(self.pos - 1, "expected '\"' in string literal")
                }
                b'\\' => {
                    let Some(&e) = self.src.get(self.pos) else {
                        return self.err_at(self.pos, "unknown escape in string literal");
                    };
                    match e {
                        b'"' | b'\\' => {
                            out.push(e);
                            self.pos += 1;
                        }
                        b'n' => {
                            out.push(b'\n');
                            self.pos += 1;
                        }
                        b't' => {
                            out.push(b'\t');
                            self.pos += 1;
                        }
                        _ => {
                            let h1 = self.src.get(self.pos).copied().and_then(hexval);
                            let h2 = self.src.get(self.pos + 1).copied().and_then(hexval);
                            match (h1, h2) {
                                (Some(a), Some(b)) => {
                                    out.push(a * 16 + b);
                                    self.pos += 2;
                                }
                                _ => {
                                    return self
                                        .err_at(self.pos - 1, "unknown escape in string literal")
                                }
                            }
                        }
                    }
                }
                _ => out.push(c),
            }
        }
    }
    /// `%name`, `^name`, `#name`, `!name` suffix identifier after the sigil.
    pub(crate) fn suffix_id(&mut self) -> &'a [u8] {
        let src = self.src;
        let start = self.pos;
        let mut end = start;
        if src.get(end).is_some_and(|c| c.is_ascii_digit()) {
            while end < src.len() && src[end].is_ascii_digit() {
                end += 1;
            }
        } else {
            while end < src.len() && is_suffix_char(src[end]) {
                end += 1;
            }
        }
        self.pos = end;
        &src[start..end]
    }
    pub(crate) fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let at = self.pos;
            return self.err_at(
                at,
                format!("nesting too deep: more than {MAX_DEPTH} levels of regions, attributes or types"),
            );
        }
        Ok(())
    }
    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }
    pub(crate) fn line_col(&mut self, pos: usize) -> (u32, u32) {
        let (mut p, mut line, mut start) = self.line_cache;
        if pos < p {
            (p, line, start) = (0, 1, 0);
        }
        let end = pos.min(self.src.len());
        for (i, &b) in self.src[p.min(end)..end].iter().enumerate() {
            if b == b'\n' {
                line += 1;
                start = p + i + 1;
            }
        }
        self.line_cache = (end, line, start);
        (line + self.line_offset, (pos - start) as u32 + 1)
    }
    pub(crate) fn file_loc(&mut self, pos: usize) -> AttrId {
        let (line, col) = self.line_col(pos);
        let file = self.loc_file;
        self.m
            .ctx
            .attr(AttrData::Loc(LocData::FileLineCol { file, line, col }))
    }

    pub(crate) fn type_str(&self, t: TypeId) -> String {
        crate::printer::type_to_string(&self.m.ctx, t)
    }

    /// `!name` or `#name` used at `start` without an alias definition.
    fn undefined_alias<T>(&self, start: usize, ident: &[u8]) -> PResult<T> {
        let name = String::from_utf8_lossy(ident);
        self.err_at(start, format!("undefined symbol alias id '{name}'"))
    }

    // ------------------------------------------------------------ top level

    fn parse_file(&mut self) -> PResult<()> {
        let top_region = self.m.regions.alloc(Default::default());
        let top_block = self.m.blocks.alloc(Default::default());
        self.m.blocks[top_block].parent = Some(top_region);
        self.m.regions[top_region].blocks.push(top_block);
        self.scopes.push(FxHashMap::default());
        self.block_scopes.push(BlockScope {
            names: FxHashMap::default(),
            region: top_region,
        });
        loop {
            match self.peek() {
                None => break,
                Some(b'#') if self.peek_at(1) == Some(b'-') => {
                    let at = self.pos;
                    return self.err_at(at, "expected operation name in quotes");
                }
                Some(b'#') => self.parse_alias_def(true)?,
                Some(b'!') => self.parse_alias_def(false)?,
                Some(b'{') if self.peek_at(1) == Some(b'-') && self.peek_at(2) == Some(b'#') => {
                    self.parse_file_metadata()?;
                }
                _ => {
                    let op = self.parse_operation()?;
                    self.m.append_op(top_block, op);
                }
            }
        }
        self.pop_block_scope()?;
        self.finish_forward_refs()?;
        self.resolve_deferred_locs()?;
        // Wrap in a module unless the file is exactly one builtin.module.
        let ops = self.m.blocks[top_block].ops.clone();
        let single_module = ops.len() == 1 && self.m.ops[ops[0]].name == self.module_name;
        let top = if single_module {
            ops[0]
        } else {
            let loc = {
                let file = self.loc_file;
                self.m.ctx.attr(AttrData::Loc(LocData::FileLineCol {
                    file,
                    line: self.line_offset,
                    col: 0,
                }))
            };
            let attrs = self.m.ctx.empty_dict();
            let module = self.m.create_op(OpSpec {
                name: self.module_name,
                operands: vec![],
                result_types: vec![],
                successors: vec![],
                num_regions: 0,
                properties: None,
                attrs,
                loc,
            });
            self.m.ops[module].regions = vec![top_region].into();
            self.m.regions[top_region].parent = Some(module);
            self.m.source.ops.insert(module, Span::new(0, 0));
            module
        };
        if single_module {
            // Detach the module from the implicit block.
            self.m.blocks[top_block].ops.clear();
            self.m.ops[top].parent = None;
        }
        self.m.top = Some(top);
        Ok(())
    }

    fn parse_alias_def(&mut self, is_attr: bool) -> PResult<()> {
        self.skip_ws();
        let start = self.pos;
        self.pos += 1;
        let name = self.suffix_id().to_vec();
        if name.is_empty() || name.contains(&b'.') {
            return self.err_at(start, "expected operation name in quotes");
        }
        if is_attr {
            self.expect(b'=', "'=' in attribute alias definition")?;
        } else {
            self.expect(b'=', "'=' in type alias definition")?;
        }
        if is_attr {
            if self.attr_aliases.contains_key(&name) {
                return self.err_at(
                    start,
                    format!(
                        "redefinition of attribute alias id '{}'",
                        String::from_utf8_lossy(&name)
                    ),
                );
            }
            let a = self.parse_attr()?;
            self.attr_aliases.insert(name, a);
        } else {
            if self.type_aliases.contains_key(&name) {
                return self.err_at(
                    start,
                    format!(
                        "redefinition of type alias id '{}'",
                        String::from_utf8_lossy(&name)
                    ),
                );
            }
            let t = self.parse_type()?;
            let sym = self.m.ctx.sym(&name);
            self.m.type_aliases.push((sym, t));
            self.type_aliases.insert(name, t);
        }
        Ok(())
    }
}

/// The end of a dialect type whose identifier ends at `end` (`!llvm.ptr`,
/// `!llvm.array<4 x i8>`), when its body nests no `!`/`#` reference and its
/// brackets balance: the text [`Parser::type_cache`] may key on. `None`
/// otherwise (the type is then read without the cache).
fn plain_dialect_end(src: &[u8], end: usize) -> Option<usize> {
    if src.get(end) != Some(&b'<') {
        return Some(end);
    }
    plain_group_end(src, end)
}

/// The end of the bracketed group opening at `start` (`<...>`, `{...}`),
/// when it nests no `!`/`#` reference, at most [`PLAIN_DEPTH`] levels deep,
/// and its brackets balance (strings skipped, `->` not a bracket).
fn plain_group_end(src: &[u8], start: usize) -> Option<usize> {
    let mut stack = [0u8; PLAIN_DEPTH as usize];
    let mut depth = 0usize;
    let mut i = start;
    while let Some(&c) = src.get(i) {
        match c {
            b'"' => {
                i += 1;
                while i < src.len() && src[i] != b'"' {
                    if src[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'!' | b'#' => return None,
            b'<' | b'(' | b'[' | b'{' => {
                *stack.get_mut(depth)? = c;
                depth += 1;
            }
            b'>' if i > 0 && src[i - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => {
                let want = match c {
                    b'>' => b'<',
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if depth == 0 || stack[depth - 1] != want {
                    return None;
                }
                depth -= 1;
                if depth == 0 {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Rewrites a plain-text body into mlir-opt's canonical spelling (bit-enum
/// flags in their order) when [`registry::canonical_dialect_body`] knows it.
pub(crate) fn canonicalize_pieces(ctx: &mut Context, dialect: &[u8], pieces: &mut [Piece]) {
    if let [Piece::Text(t)] = pieces {
        if let Some(c) = registry::canonical_dialect_body(dialect, ctx.bytes(*t)) {
            *t = ctx.sym(&c);
        }
    }
}

pub(crate) fn pieces_text(ctx: &mut Context, pieces: &mut Vec<Piece>, text: &[u8]) {
    if text.is_empty() {
        return;
    }
    if let Some(Piece::Text(prev)) = pieces.last() {
        let mut joined = ctx.bytes(*prev).to_vec();
        joined.extend_from_slice(text);
        let s = ctx.sym(&joined);
        if let Some(last) = pieces.last_mut() {
            *last = Piece::Text(s);
        }
        return;
    }
    let s = ctx.sym(text);
    pieces.push(Piece::Text(s));
}

fn hexval(c: u8) -> Option<u8> {
    (c as char).to_digit(16).map(|d| d as u8)
}

/// Marks a value as detached, used by rewriting tests.
pub fn is_detached(m: &Module, v: ValueId) -> bool {
    matches!(m.values[v].def, ValueDef::Detached)
}
