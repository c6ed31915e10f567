//! Hand-written parser for MLIR's generic syntax.
//!
//! Never panics; stops at the first error with an MLIR-style diagnostic.
//! Recursion (regions, attributes, types) is bounded by [`MAX_DEPTH`].

use crate::context::{
    AttrData, AttrId, Context, FloatKind, LocData, Piece, Signedness, Sym, TypeData, TypeId,
};
use crate::dialect::DialectRegistry;
use crate::dialect::MlirRelease;
use crate::float;
use crate::ir::{BlockId, Module, OpId, OpSpec, RegionId, ValueDef, ValueId};
use crate::registry;
use irkit_diag::{Diagnostic, FileId, Loc, Span};
use rustc_hash::FxHashMap;

mod elements;
mod metadata;

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

    // ------------------------------------------------------------ operations

    pub(crate) fn parse_operation(&mut self) -> PResult<OpId> {
        self.skip_ws();
        let op_start = self.pos;
        // Result list.
        let mut results: Vec<(&'a [u8], u32, Span)> = Vec::new();
        if self.peek() == Some(b'%') {
            loop {
                self.skip_ws();
                let s = self.pos;
                if !self.eat(b'%') {
                    return self.err_tok("expected valid ssa identifier");
                }
                let name = self.suffix_id();
                if name.is_empty() {
                    return self.err_at(s, "expected SSA operand");
                }
                let span = Span::new(s as u32, self.pos as u32);
                let mut count = 1u32;
                if self.eat(b':') {
                    if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        return self.err_tok("expected integer number of results");
                    }
                    let at = self.pos;
                    let n = self.integer()?;
                    if n == 0 || n > u32::MAX as u64 {
                        return self
                            .err_at(at, "expected named operation to have at least 1 result");
                    }
                    count = n as u32;
                }
                results.push((name, count, span));
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b'=', "'=' after SSA name")?;
        }
        self.skip_ws();
        let name_start = self.pos;
        if self.peek() != Some(b'"') && self.reg.is_some() && !self.peek_ident().is_empty() {
            return self.parse_custom_operation(op_start, results);
        }
        if self.peek() != Some(b'"') {
            if self.peek_ident().is_empty() {
                return self.err_tok("expected operation name in quotes");
            }
            let id = self.peek_ident();
            return self.err_at(
                name_start,
                format!(
                    "custom op '{}' is unknown: irkit reads only the generic op syntax (\"dialect.op\"(...) : (...) -> ...)",
                    String::from_utf8_lossy(id)
                ),
            );
        }
        let name_bytes = self.string_lit()?;
        let name_span = Span::new(name_start as u32, self.pos as u32);
        // Line/column now, while positions still increase (regions follow).
        let name_lc = self.line_col(name_start);
        if name_bytes.is_empty() {
            return self.err_span(name_span, "empty operation name is invalid");
        }
        let name = self.m.ctx.sym(&name_bytes);
        // Operands.
        self.expect(b'(', "'(' to start operand list")?;
        let mut operand_refs: Vec<(&'a [u8], u32, Span)> = Vec::new();
        if !self.eat(b')') {
            loop {
                operand_refs.push(self.parse_value_ref()?);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "')' in operand list")?;
            }
        }
        // Successors.
        let mut successors = Vec::new();
        let mut succ_spans = Vec::new();
        if self.peek() == Some(b'[') {
            // MLIR's `mightHaveTrait<IsTerminator>`: only an op known not
            // to be a terminator is refused here.
            let def = self.reg.and_then(|r| r.get(&name_bytes));
            if def.is_some_and(|d| !d.has(crate::dialect::Trait::Terminator)) {
                return self.err_here("successors in non-terminator");
            }
            self.pos += 1;
            loop {
                self.skip_ws();
                let s = self.pos;
                if !self.eat(b'^') {
                    return self.err_at(s, "expected block name");
                }
                let bname = self.suffix_id();
                let span = Span::new(s as u32, self.pos as u32);
                let b = self.block_ref(bname, span);
                successors.push(b);
                succ_spans.push(span);
                if self.eat(b']') {
                    break;
                }
                self.expect(b',', "']' in successor list")?;
            }
        }
        // Properties.
        let mut properties = None;
        if self.peek() == Some(b'<') {
            self.pos += 1;
            let a = self.parse_attr()?;
            self.expect(b'>', "'>' to close properties")?;
            properties = Some(a);
        }
        // Regions: parsed after we know nothing else; MLIR parses them here.
        let mut region_bodies: Vec<RegionId> = Vec::new();
        if self.peek() == Some(b'(') {
            self.pos += 1;
            loop {
                let r = self.m.regions.alloc(Default::default());
                self.parse_region(r)?;
                region_bodies.push(r);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "')' to end region list")?;
            }
        }
        // Attributes.
        let mut attrs = self.m.ctx.empty_dict();
        if self.peek() == Some(b'{') {
            attrs = self.parse_dict()?;
        }
        // Type signature.
        self.expect(b':', "':' followed by operation type")?;
        self.skip_ws();
        let ty_start = self.pos;
        let fty = self.parse_type()?;
        let (inputs, outputs) = match self.m.ctx.type_data(fty) {
            TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
            _ => return self.err_at(ty_start, "expected function type"),
        };
        if inputs.len() != operand_refs.len() {
            return self.err_at(
                ty_start,
                format!(
                    "expected {} operand type{} but had {}",
                    operand_refs.len(),
                    if operand_refs.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            );
        }
        let total_results: u64 = results.iter().map(|r| r.1 as u64).sum();
        if !results.is_empty() && outputs.is_empty() {
            return self.err_at(op_start, "cannot name an operation with no results");
        }
        if !results.is_empty() && total_results != outputs.len() as u64 {
            return self.err_at(
                op_start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    outputs.len(),
                    total_results
                ),
            );
        }
        // Resolve operands.
        let mut operands = Vec::with_capacity(operand_refs.len());
        let mut operand_spans = Vec::with_capacity(operand_refs.len());
        for ((n, idx, span), ty) in operand_refs.iter().zip(inputs.iter()) {
            operands.push(self.resolve_use(n, *idx, *span, *ty)?);
            operand_spans.push(*span);
        }
        let (loc, deferred_loc) = self.parse_op_loc(name_lc)?;
        // Define results (reusing forward-reference placeholders).
        let mut result_values = Vec::with_capacity(outputs.len());
        let mut ti = 0usize;
        for (rname, count, span) in &results {
            let mut vals = Vec::with_capacity(*count as usize);
            for k in 0..*count {
                let ty = outputs[ti];
                ti += 1;
                let v = self.define_value(rname, k, ty, *span)?;
                vals.push(v);
            }
            result_values.extend(vals.iter().copied());
            self.insert_name(rname, vals, *span)?;
        }
        while result_values.len() < outputs.len() {
            let v = self.m.new_detached_value(outputs[result_values.len()]);
            result_values.push(v);
        }
        let op = self.m.create_op_with_results(
            OpSpec {
                name,
                operands,
                result_types: Vec::new(),
                successors,
                num_regions: 0,
                properties,
                attrs,
                loc,
            },
            result_values,
        );
        for &r in &region_bodies {
            self.m.regions[r].parent = Some(op);
        }
        self.m.ops[op].regions = region_bodies.into();
        self.m.source.ops.insert(op, name_span);
        self.m.source.operands.insert(op, operand_spans.into());
        if !succ_spans.is_empty() {
            self.m.source.successors.insert(op, succ_spans.into());
        }
        self.defer_op_loc(op, deferred_loc);
        self.move_inherent_attrs(op);
        Ok(op)
    }

    /// Registered ops given inherent attributes in the discardable dictionary
    /// get them moved into properties, as MLIR does when parsing.
    pub(crate) fn move_inherent_attrs(&mut self, op: OpId) {
        let name = self.m.ops[op].name;
        if let Some(def) = self.reg.and_then(|r| r.get(self.m.ctx.bytes(name))) {
            self.move_defined_attrs(op, def);
            return;
        }
        let inherent = match self.inherent_cache.get(&name) {
            Some(i) => *i,
            None => {
                let i = registry::op_traits(self.m.ctx.bytes(name)).inherent;
                self.inherent_cache.insert(name, i);
                i
            }
        };
        if inherent.is_empty() {
            return;
        }
        let traits = registry::OpTraits {
            inherent,
            ..Default::default()
        };
        let attrs = self.m.ops[op].attrs;
        let AttrData::Dict(entries) = self.m.ctx.attr_data(attrs).clone() else {
            return;
        };
        let (inh, rest): (Vec<_>, Vec<_>) = entries.iter().partition(|(k, _)| {
            let kb = self.m.ctx.bytes(*k);
            traits.inherent.iter().any(|i| i.as_bytes() == kb)
        });
        if inh.is_empty() {
            return;
        }
        let mut props: Vec<(Sym, AttrId)> = match self.m.ops[op].properties {
            Some(p) => match self.m.ctx.attr_data(p) {
                AttrData::Dict(e) => e.to_vec(),
                _ => return,
            },
            None => Vec::new(),
        };
        props.extend(inh);
        let Ok(p) = self.m.ctx.dict_attr(props) else {
            return;
        };
        let Ok(a) = self.m.ctx.dict_attr(rest) else {
            return;
        };
        self.m.ops[op].properties = Some(p);
        self.m.source.inherent_from_dict.insert(op, ());
        self.m.ops[op].attrs = a;
    }

    /// [`Self::move_inherent_attrs`] for an op with a definition: its
    /// declared attributes are inherent; then the `DefaultValuedAttr`s it
    /// does not set get their defaults, as MLIR's property storage starts
    /// from them (and mlir-opt prints them: `overflowFlags =
    /// #llvm.overflow<none>`).
    fn move_defined_attrs(&mut self, op: OpId, def: &'a crate::dialect::OpDef) {
        let attrs = self.m.ops[op].attrs;
        let mut props: Vec<(Sym, AttrId)> = match self.m.ops[op].properties {
            Some(p) => match self.m.ctx.attr_data(p) {
                AttrData::Dict(e) => e.to_vec(),
                _ => return,
            },
            None => Vec::new(),
        };
        let mut rest = Vec::new();
        let mut moved = false;
        let mut from_dict = false;
        if let AttrData::Dict(entries) = self.m.ctx.attr_data(attrs) {
            for &(k, v) in entries.iter() {
                let kb = self.m.ctx.bytes(k);
                let inherent = def.attrs.iter().any(|a| a.name.as_bytes() == kb)
                    || (kb == b"operandSegmentSizes"
                        && def.has(crate::dialect::Trait::AttrSizedOperandSegments));
                if inherent {
                    from_dict = true;
                    props.push((k, v));
                    moved = true;
                } else {
                    rest.push((k, v));
                }
            }
        }
        // Properties the op does not declare are dropped, as MLIR's
        // generated `setPropertiesFromAttr` ignores them.
        let declared = |ctx: &crate::context::Context, k: Sym| {
            let kb = ctx.bytes(k);
            def.attrs.iter().any(|a| a.name.as_bytes() == kb)
                || (kb == b"operandSegmentSizes"
                    && def.has(crate::dialect::Trait::AttrSizedOperandSegments))
        };
        let n = props.len();
        props.retain(|&(k, _)| declared(&self.m.ctx, k));
        moved |= props.len() != n;
        let before = props.len();
        for ad in def.attrs.iter() {
            let Some(text) = ad.default.as_deref().filter(|_| ad.fill_default) else {
                continue;
            };
            let k = self.m.ctx.sym(ad.name.as_bytes());
            if props.iter().any(|(n, _)| *n == k) {
                continue;
            }
            if let Some(a) = self.parse_attr_text(text) {
                props.push((k, a));
            }
        }
        if !moved && props.len() == before {
            return;
        }
        let Ok(p) = self.m.ctx.dict_attr(props) else {
            return;
        };
        self.m.ops[op].properties = (p != self.m.ctx.empty_dict()).then_some(p);
        if from_dict {
            let Ok(a) = self.m.ctx.dict_attr(rest) else {
                return;
            };
            self.m.source.inherent_from_dict.insert(op, ());
            self.m.ops[op].attrs = a;
        }
    }

    pub(crate) fn parse_value_ref(&mut self) -> PResult<(&'a [u8], u32, Span)> {
        self.skip_ws();
        let s = self.pos;
        if !self.eat(b'%') {
            return self.err_tok("expected SSA operand");
        }
        let name = self.suffix_id();
        if name.is_empty() {
            return self.err_at(s, "expected SSA operand");
        }
        let mut idx = 0u32;
        if self.src.get(self.pos) == Some(&b'#') {
            self.pos += 1;
            let at = self.pos;
            let n = self.integer()?;
            if n > u32::MAX as u64 {
                return self.err_at(at, "invalid SSA value result number");
            }
            idx = n as u32;
        }
        Ok((name, idx, Span::new(s as u32, self.pos as u32)))
    }

    fn lookup(&self, name: &[u8]) -> Option<&ValueEntry> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(crate) fn type_str(&self, t: TypeId) -> String {
        crate::printer::type_to_string(&self.m.ctx, t)
    }

    /// `!name` or `#name` used at `start` without an alias definition.
    fn undefined_alias<T>(&self, start: usize, ident: &[u8]) -> PResult<T> {
        let name = String::from_utf8_lossy(ident);
        self.err_at(start, format!("undefined symbol alias id '{name}'"))
    }

    /// A use of `%name` at `span` with type `ty`, where an earlier use or the
    /// definition at `prior` gave it type `prior_ty`.
    fn type_mismatch<T>(
        &self,
        name: &[u8],
        span: Span,
        ty: TypeId,
        prior_ty: TypeId,
        prior: Span,
    ) -> PResult<T> {
        let d = Diagnostic::error(
            self.loc(span),
            format!(
                "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                String::from_utf8_lossy(name),
                self.type_str(ty),
                self.type_str(prior_ty)
            ),
        )
        .with_note(Some(self.loc(prior)), "prior use here");
        Err(Box::new(d))
    }

    pub(crate) fn resolve_use(
        &mut self,
        name: &'a [u8],
        idx: u32,
        span: Span,
        ty: TypeId,
    ) -> PResult<ValueId> {
        if let Some(e) = self.lookup(name) {
            let Some(&v) = e.values.get(idx as usize) else {
                let n = e.values.len();
                return self.err_span(
                    span,
                    format!(
                        "reference to invalid result number (op has {n} result{})",
                        if n == 1 { "" } else { "s" }
                    ),
                );
            };
            let vt = self.m.values[v].ty;
            if vt != ty {
                return self.type_mismatch(name, span, ty, vt, e.span);
            }
            return Ok(v);
        }
        let key = (name, idx);
        if let Some(f) = self.forward.get(&key) {
            let v = f.value;
            let vt = self.m.values[v].ty;
            if vt != ty {
                return self.type_mismatch(name, span, ty, vt, f.span);
            }
            return Ok(v);
        }
        let v = self.m.new_detached_value(ty);
        self.forward.insert(key, ForwardRef { value: v, span });
        Ok(v)
    }

    /// Creates (or takes from a forward reference) result `k` of `name`.
    pub(crate) fn define_value(
        &mut self,
        name: &'a [u8],
        k: u32,
        ty: TypeId,
        span: Span,
    ) -> PResult<ValueId> {
        if let Some(e) = self.lookup(name) {
            let prev = e.span;
            let d = Diagnostic::error(
                self.loc(span),
                format!(
                    "redefinition of SSA value '%{}'",
                    String::from_utf8_lossy(name)
                ),
            )
            .with_note(Some(self.loc(prev)), "previously defined here");
            return Err(Box::new(d));
        }
        if let Some(f) = self.forward.remove(&(name, k)) {
            let v = f.value;
            let vt = self.m.values[v].ty;
            if vt != ty {
                let d = Diagnostic::error(
                    self.loc(span),
                    format!(
                        "definition of SSA value '%{}#{}' has type '{}'",
                        String::from_utf8_lossy(name),
                        k,
                        self.type_str(ty)
                    ),
                )
                .with_note(
                    Some(self.loc(f.span)),
                    format!("previously used here with type '{}'", self.type_str(vt)),
                );
                return Err(Box::new(d));
            }
            self.m.source.values.insert(v, span);
            return Ok(v);
        }
        let v = self.m.new_detached_value(ty);
        self.m.source.values.insert(v, span);
        Ok(v)
    }

    pub(crate) fn insert_name(
        &mut self,
        name: &'a [u8],
        values: Vec<ValueId>,
        span: Span,
    ) -> PResult<()> {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name, ValueEntry { values, span });
        }
        Ok(())
    }

    fn finish_forward_refs(&mut self) -> PResult<()> {
        if let Some((_, f)) = self.forward.iter().min_by_key(|(_, f)| f.span.start) {
            return self.err_span(f.span, "use of undeclared SSA value name");
        }
        Ok(())
    }

    fn resolve_deferred_locs(&mut self) -> PResult<()> {
        for (target, name, span) in std::mem::take(&mut self.deferred_locs) {
            let Some(&a) = self.attr_aliases.get(&name) else {
                return self.err_span(span, "operation location alias was never defined");
            };
            if !matches!(self.m.ctx.attr_data(a), AttrData::Loc(_)) {
                return self.err_span(span, self.not_a_location(a));
            }
            match target {
                DeferredTarget::Op(op) => self.m.ops[op].loc = a,
                DeferredTarget::Value(v) => self.m.values[v].loc = a,
            }
        }
        Ok(())
    }

    pub(crate) fn block_ref(&mut self, name: &'a [u8], span: Span) -> BlockId {
        let region = self.block_scopes.last().map(|s| s.region);
        let scope = self.block_scopes.last_mut();
        if let Some(scope) = scope {
            if let Some(&(b, _, _)) = scope.names.get(name) {
                return b;
            }
            let b = self.m.blocks.alloc(Default::default());
            self.m.blocks[b].parent = region;
            scope.names.insert(name, (b, span, false));
            self.m.source.blocks.insert(b, span);
            return b;
        }
        self.m.blocks.alloc(Default::default())
    }

    pub(crate) fn parse_region(&mut self, region: RegionId) -> PResult<()> {
        self.parse_region_with_args(region, &[])
    }

    /// A region whose entry block's arguments were named before it (a
    /// function signature's `%arg0: i32`): `(name, type, span, loc)`.
    pub(crate) fn parse_region_with_args(
        &mut self,
        region: RegionId,
        entry_args: &[(&'a [u8], TypeId, Span, AttrId)],
    ) -> PResult<()> {
        self.enter()?;
        self.skip_ws();
        let open = self.pos;
        self.expect(b'{', "'{' to begin a region")?;
        self.scopes.push(FxHashMap::default());
        self.block_scopes.push(BlockScope {
            names: FxHashMap::default(),
            region,
        });
        let mut first = true;
        if !entry_args.is_empty() {
            let b = self.m.blocks.alloc(Default::default());
            self.m.blocks[b].parent = Some(region);
            self.m.regions[region].blocks.push(b);
            self.m
                .source
                .blocks
                .insert(b, Span::new(open as u32, open as u32));
            for &(name, ty, span, loc) in entry_args {
                let v = self.define_value(name, 0, ty, span)?;
                self.m.attach_block_arg(b, v);
                self.m.values[v].loc = loc;
                self.insert_name(name, vec![v], span)?;
            }
            if self.peek() == Some(b'^') {
                let at = self.pos;
                return self.err_at(at, "invalid block name in region with named arguments");
            }
            self.parse_block_body(b)?;
            first = false;
        }
        loop {
            match self.peek() {
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                None => {
                    // MLIR reports the missing op at the end of the input.
                    let _ = open;
                    return self.err_tok("expected operation name in quotes");
                }
                Some(b'^') => {
                    self.parse_block(region)?;
                }
                _ => {
                    if !first {
                        let at = self.pos;
                        return self.err_at(at, "expected block label or '}'");
                    }
                    // Unlabeled entry block.
                    let b = self.m.blocks.alloc(Default::default());
                    self.m.blocks[b].parent = Some(region);
                    self.m.regions[region].blocks.push(b);
                    self.m
                        .source
                        .blocks
                        .insert(b, Span::new(self.pos as u32, self.pos as u32));
                    self.parse_block_body(b)?;
                }
            }
            first = false;
        }
        self.pop_block_scope()?;
        self.scopes.pop();
        self.leave();
        Ok(())
    }

    /// Closes the innermost region's block names: a reference to a block
    /// the region never defined is an error (the top level too).
    fn pop_block_scope(&mut self) -> PResult<()> {
        if let Some(scope) = self.block_scopes.pop() {
            let undefined = scope
                .names
                .values()
                .filter(|(_, _, defined)| !defined)
                .map(|(_, s, _)| *s)
                .min_by_key(|s| s.start);
            if let Some(s) = undefined {
                return self.err_span(s, "reference to an undefined block");
            }
        }
        Ok(())
    }

    fn parse_block(&mut self, region: RegionId) -> PResult<()> {
        self.skip_ws();
        let s = self.pos;
        self.pos += 1;
        let name = self.suffix_id();
        if name.is_empty() {
            return self.err_at(s, "expected block name");
        }
        let span = Span::new(s as u32, self.pos as u32);
        let scope = self.block_scopes.last_mut();
        let b = match scope.as_ref().and_then(|sc| sc.names.get(name).copied()) {
            Some((_, prev, true)) => {
                let d = Diagnostic::error(
                    self.loc(span),
                    format!("redefinition of block '^{}'", String::from_utf8_lossy(name)),
                );
                let _ = prev;
                return Err(Box::new(d));
            }
            Some((b, _, false)) => b,
            None => self.m.blocks.alloc(Default::default()),
        };
        if let Some(sc) = self.block_scopes.last_mut() {
            sc.names.insert(name, (b, span, true));
        }
        self.m.blocks[b].parent = Some(region);
        self.m.regions[region].blocks.push(b);
        self.m.source.blocks.insert(b, span);
        if self.eat(b'(') && !self.eat(b')') {
            {
                loop {
                    self.skip_ws();
                    let as_ = self.pos;
                    if !self.eat(b'%') {
                        return self.err_tok("expected SSA operand");
                    }
                    let an = self.suffix_id();
                    if an.is_empty() {
                        return self.err_at(as_, "expected SSA operand");
                    }
                    let aspan = Span::new(as_ as u32, self.pos as u32);
                    self.expect(b':', "':' and type for SSA operand")?;
                    let ty = self.parse_type()?;
                    let v = self.define_value(an, 0, ty, aspan)?;
                    self.m.attach_block_arg(b, v);
                    let loc = if self.peek_ident() == b"loc" {
                        match self.parse_trailing_loc()? {
                            LocOrAlias::Loc(l) => l,
                            LocOrAlias::Alias(n, sp) => {
                                self.deferred_locs.push((DeferredTarget::Value(v), n, sp));
                                self.m.ctx.unknown_loc()
                            }
                        }
                    } else {
                        self.file_loc(as_)
                    };
                    self.m.values[v].loc = loc;
                    self.insert_name(an, vec![v], aspan)?;
                    if self.eat(b')') {
                        break;
                    }
                    self.expect(b',', "')' to end argument list")?;
                }
            }
        }
        self.expect(b':', "':' after block name")?;
        self.parse_block_body(b)
    }

    pub(crate) fn parse_block_body(&mut self, b: BlockId) -> PResult<()> {
        loop {
            match self.peek() {
                Some(b'}') | Some(b'^') => return Ok(()),
                None => return Ok(()),
                _ => {
                    let op = self.parse_operation()?;
                    self.m.append_op(b, op);
                }
            }
        }
    }

    // ------------------------------------------------------------- locations

    /// An op's optional trailing `loc(...)`: its location (the op name's
    /// `file:line:col` when absent), and an alias reference to resolve once
    /// the file's aliases are known (recorded with
    /// [`Parser::defer_op_loc`]).
    pub(crate) fn parse_op_loc(
        &mut self,
        name_lc: (u32, u32),
    ) -> PResult<(AttrId, Option<LocAliasRef>)> {
        let deferred = if self.peek_ident() == b"loc" {
            match self.parse_trailing_loc()? {
                LocOrAlias::Loc(l) => return Ok((l, None)),
                LocOrAlias::Alias(n, s) => Some((n, s)),
            }
        } else {
            None
        };
        let (line, col) = name_lc;
        let file = self.loc_file;
        let at_name = self
            .m
            .ctx
            .attr(AttrData::Loc(LocData::FileLineCol { file, line, col }));
        Ok((at_name, deferred))
    }

    /// Records `op`'s location alias (from [`Parser::parse_op_loc`]).
    pub(crate) fn defer_op_loc(&mut self, op: OpId, deferred: Option<LocAliasRef>) {
        if let Some((n, s)) = deferred {
            self.deferred_locs.push((DeferredTarget::Op(op), n, s));
        }
    }

    /// MLIR's `parseTrailingLocationSpecifier` (its messages say "in
    /// location", an attribute's `loc(...)` says "in inline location").
    pub(crate) fn parse_trailing_loc(&mut self) -> PResult<LocOrAlias> {
        self.eat_keyword("loc");
        self.expect(b'(', "'(' in location")?;
        self.skip_ws();
        if self.peek() == Some(b'#') {
            let s = self.pos;
            self.pos += 1;
            let name = self.suffix_id().to_vec();
            let span = Span::new(s as u32, self.pos as u32);
            if name.contains(&b'.') {
                return self.err_span(
                    span,
                    format!(
                        "expected location, but found dialect attribute: '#{}'",
                        String::from_utf8_lossy(&name)
                    ),
                );
            }
            if let Some(&a) = self.attr_aliases.get(&name) {
                if !matches!(self.m.ctx.attr_data(a), AttrData::Loc(_)) {
                    return self.err_span(span, self.not_a_location(a));
                }
                self.expect(b')', "')' in location")?;
                return Ok(LocOrAlias::Loc(a));
            }
            self.expect(b')', "')' in location")?;
            return Ok(LocOrAlias::Alias(name, span));
        }
        let l = self.parse_loc_inner()?;
        self.expect(b')', "')' in location")?;
        Ok(LocOrAlias::Loc(l))
    }

    /// "expected location, but found '<attr>'".
    fn not_a_location(&self, a: AttrId) -> String {
        format!(
            "expected location, but found '{}'",
            crate::printer::attr_to_string(&self.m.ctx, a)
        )
    }

    fn parse_loc_inner(&mut self) -> PResult<AttrId> {
        self.enter()?;
        let r = self.parse_loc_inner_impl();
        self.leave();
        r
    }

    fn parse_loc_inner_impl(&mut self) -> PResult<AttrId> {
        match self.peek() {
            Some(b'#') => {
                let s = self.pos;
                self.pos += 1;
                let name = self.suffix_id().to_vec();
                match self.attr_aliases.get(&name) {
                    Some(&a) if matches!(self.m.ctx.attr_data(a), AttrData::Loc(_)) => Ok(a),
                    Some(_) => self.err_at(s, "expected location, but found dialect attribute"),
                    None => self.err_at(
                        s,
                        format!(
                            "undefined symbol alias id '{}'",
                            String::from_utf8_lossy(&name)
                        ),
                    ),
                }
            }
            Some(b'"') => {
                let s = self.string_lit()?;
                let sym = self.m.ctx.sym(&s);
                if self.eat(b':') {
                    let line = self.integer()?;
                    self.expect(b':', "':' in FileLineColLoc")?;
                    let col = self.integer()?;
                    return Ok(self.m.ctx.attr(AttrData::Loc(LocData::FileLineCol {
                        file: sym,
                        line: line as u32,
                        col: col as u32,
                    })));
                }
                let child = if self.eat(b'(') {
                    let c = self.parse_loc_inner()?;
                    self.expect(b')', "')' after child location of NameLoc")?;
                    c
                } else {
                    self.m.ctx.unknown_loc()
                };
                Ok(self
                    .m
                    .ctx
                    .attr(AttrData::Loc(LocData::Name { name: sym, child })))
            }
            _ => {
                let at = self.pos;
                if self.peek_ident().is_empty() {
                    return self.err_tok("expected location instance");
                }
                let kw = self.bare_ident()?;
                match kw {
                    b"unknown" => Ok(self.m.ctx.unknown_loc()),
                    b"callsite" => {
                        self.expect(b'(', "'(' in callsite location")?;
                        let callee = self.parse_loc_inner()?;
                        if !self.eat_keyword("at") {
                            let p = self.pos;
                            return self.err_at(p, "expected 'at' in callsite location");
                        }
                        let caller = self.parse_loc_inner()?;
                        self.expect(b')', "')' in callsite location")?;
                        Ok(self
                            .m
                            .ctx
                            .attr(AttrData::Loc(LocData::CallSite { callee, caller })))
                    }
                    b"fused" => {
                        let mut metadata = None;
                        if self.eat(b'<') {
                            metadata = Some(self.parse_attr()?);
                            self.expect(b'>', "'>' after fused location metadata")?;
                        }
                        self.expect(b'[', "'[' in fused location")?;
                        let mut locs = Vec::new();
                        if !self.eat(b']') {
                            loop {
                                locs.push(self.parse_loc_inner()?);
                                if self.eat(b']') {
                                    break;
                                }
                                self.expect(b',', "']' in fused location")?;
                            }
                        }
                        Ok(self.fused_loc(locs, metadata))
                    }
                    _ => {
                        let _ = at;
                        self.err_tok("expected location instance")
                    }
                }
            }
        }
    }

    fn fused_loc(&mut self, locs: Vec<AttrId>, metadata: Option<AttrId>) -> AttrId {
        let mut out: Vec<AttrId> = Vec::new();
        let unknown = self.m.ctx.unknown_loc();
        for l in locs {
            if let AttrData::Loc(LocData::Fused {
                metadata: md,
                locs: inner,
            }) = self.m.ctx.attr_data(l)
            {
                if *md == metadata {
                    for &x in inner.iter() {
                        if !out.contains(&x) {
                            out.push(x);
                        }
                    }
                    continue;
                }
            }
            if l != unknown && !out.contains(&l) {
                out.push(l);
            }
        }
        if out.is_empty() {
            if metadata.is_none() {
                return unknown;
            }
            out.push(unknown);
        }
        if out.len() == 1 && metadata.is_none() {
            return out[0];
        }
        self.m.ctx.attr(AttrData::Loc(LocData::Fused {
            metadata,
            locs: out.into(),
        }))
    }

    // ----------------------------------------------------------------- types

    pub(crate) fn parse_type(&mut self) -> PResult<TypeId> {
        self.enter()?;
        let r = self.parse_type_impl();
        self.leave();
        r
    }

    fn parse_type_list_parens(&mut self) -> PResult<Vec<TypeId>> {
        // Cursor after '('.
        let mut v = Vec::new();
        if self.eat(b')') {
            return Ok(v);
        }
        loop {
            v.push(self.parse_type()?);
            if self.eat(b')') {
                return Ok(v);
            }
            self.expect(b',', "')'")?;
        }
    }

    fn parse_type_impl(&mut self) -> PResult<TypeId> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'(') => {
                self.pos += 1;
                let inputs = self.parse_type_list_parens()?;
                if !self.eat_str("->") {
                    let at = self.pos;
                    return self.err_at(at, "expected '->' in function type");
                }
                let results = if self.peek() == Some(b'(') {
                    self.pos += 1;
                    self.parse_type_list_parens()?
                } else {
                    vec![self.parse_type()?]
                };
                Ok(self.m.ctx.function_type(&inputs, &results))
            }
            Some(b'!') => {
                self.pos += 1;
                let id_start = self.pos;
                let mut end = id_start;
                while end < self.src.len() && is_id_char(self.src[end]) {
                    end += 1;
                }
                let ident = &self.src[id_start..end];
                if ident.is_empty() {
                    return self.err_at(start, "invalid type identifier");
                }
                // Alias: no '.' and not followed by '<'.
                let has_dot = ident.contains(&b'.');
                if !has_dot && self.src.get(end) != Some(&b'<') {
                    self.pos = end;
                    return match self.type_aliases.get(ident) {
                        Some(&t) => Ok(t),
                        None => self.undefined_alias(start, ident),
                    };
                }
                let key_end = plain_dialect_end(self.src, end)
                    .filter(|_| self.depth + PLAIN_DEPTH < MAX_DEPTH);
                if let Some(e) = key_end {
                    if let Some(&t) = self.type_cache.get(&self.src[start..e]) {
                        self.pos = e;
                        return Ok(t);
                    }
                }
                let (dialect, body) = self.parse_dialect_body(id_start)?;
                let t = self.m.ctx.ty(TypeData::Dialect { dialect, body });
                if key_end == Some(self.pos) {
                    self.type_cache.insert(&self.src[start..self.pos], t);
                }
                Ok(t)
            }
            _ => {
                let id = self.peek_ident();
                if id.is_empty() {
                    return self.err_tok("expected non-function type");
                }
                let end = start + id.len();
                let plain = self.src.get(end) != Some(&b'<');
                if plain {
                    if let Some(&t) = self.type_cache.get(id) {
                        self.pos = end;
                        return Ok(t);
                    }
                }
                self.pos = end;
                let t = self.builtin_type(id, start)?;
                if plain && self.pos == end {
                    self.type_cache.insert(id, t);
                }
                Ok(t)
            }
        }
    }

    /// Whether the identifier is a keyword that starts a builtin type
    /// (MLIR's `parseOptionalType`, plus irkit's `token`; any other bare
    /// identifier is no type).
    fn starts_builtin_type(&self, id: &[u8]) -> bool {
        let int = ["si", "ui", "i"].iter().any(|p| {
            id.strip_prefix(p.as_bytes())
                .is_some_and(|r| !r.is_empty() && r.iter().all(u8::is_ascii_digit))
        });
        int || matches!(
            id,
            b"memref"
                | b"tensor"
                | b"complex"
                | b"tuple"
                | b"vector"
                | b"index"
                | b"none"
                | b"token"
        ) || std::str::from_utf8(id)
            .ok()
            .and_then(FloatKind::from_name)
            .is_some_and(|k| self.release().major() >= k.mlir_since())
    }

    fn builtin_type(&mut self, id: &'a [u8], start: usize) -> PResult<TypeId> {
        let int = |s: &[u8]| -> Option<u32> {
            if s.is_empty() || !s.iter().all(|c| c.is_ascii_digit()) {
                return None;
            }
            std::str::from_utf8(s).ok()?.parse().ok()
        };
        let mk_int = |p: &mut Self, w: Option<u32>, sg: Signedness| -> PResult<TypeId> {
            match w {
                Some(w) if w <= 16_777_215 => Ok(p.m.ctx.ty(TypeData::Integer {
                    width: w,
                    signedness: sg,
                })),
                Some(_) => p.err_at(start, "integer bitwidth is limited to 16777215 bits"),
                None => p.err_at(start, "invalid integer width"),
            }
        };
        let digits = |s: &[u8]| !s.is_empty() && s.iter().all(|c| c.is_ascii_digit());
        for (prefix, sg) in [
            (&b"si"[..], Signedness::Signed),
            (b"ui", Signedness::Unsigned),
            (b"i", Signedness::Signless),
        ] {
            if let Some(rest) = id.strip_prefix(prefix).filter(|r| digits(r)) {
                return mk_int(self, int(rest), sg);
            }
        }
        if let Some(k) = std::str::from_utf8(id)
            .ok()
            .and_then(FloatKind::from_name)
            .filter(|k| self.release().major() >= k.mlir_since())
        {
            return Ok(self.m.ctx.float_type(k));
        }
        match id {
            b"index" => Ok(self.m.ctx.ty(TypeData::Index)),
            b"none" => Ok(self.m.ctx.ty(TypeData::None)),
            b"token" => Ok(self.m.ctx.ty(TypeData::Token)),
            b"complex" => {
                self.expect(b'<', "'<' in complex type")?;
                self.skip_ws();
                let at = self.pos;
                let e = self.parse_type()?;
                if !matches!(
                    self.m.ctx.type_data(e),
                    TypeData::Integer { .. } | TypeData::Float(_)
                ) {
                    return self.err_at(at, "invalid element type for complex");
                }
                self.expect(b'>', "'>' in complex type")?;
                Ok(self.m.ctx.ty(TypeData::Complex(e)))
            }
            b"tuple" => {
                self.expect(b'<', "'<' in tuple type")?;
                let mut v = Vec::new();
                if !self.eat(b'>') {
                    loop {
                        v.push(self.parse_type()?);
                        if self.eat(b'>') {
                            break;
                        }
                        self.expect(b',', "'>' in tuple type")?;
                    }
                }
                Ok(self.m.ctx.ty(TypeData::Tuple(v.into())))
            }
            b"vector" => {
                let kw_at = start;
                self.expect(b'<', "'<' in vector type")?;
                let (shape, scalable) = self.parse_dims(true, false)?;
                let v22 = self.release() >= MlirRelease::V22;
                // MLIR 19's parser checks the sizes before the element type
                // and the element type after `>`; 22's `getChecked` checks
                // both after `>`, at the keyword, element type first.
                if !v22 && shape.iter().any(|&d| d <= 0) {
                    let at = self.pos;
                    return self.err_at(at, "vector types must have positive constant sizes");
                }
                self.skip_ws();
                let at = self.pos;
                let elem = self.parse_type()?;
                self.expect(b'>', "'>' in vector type")?;
                // MLIR 22's `VectorElementTypeInterface` admits the LLVM
                // pointer type too.
                let ptr_ok =
                    v22 && crate::llvm::kind_of(&self.m.ctx, elem) == crate::llvm::Kind::Ptr;
                if !ptr_ok
                    && !matches!(
                        self.m.ctx.type_data(elem),
                        TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
                    )
                {
                    if v22 {
                        return self.err_at(
                            kw_at,
                            "failed to verify 'elementType': VectorElementTypeInterface instance",
                        );
                    }
                    return self.err_at(at, "vector elements must be int/index/float type");
                }
                if v22 && shape.iter().any(|&d| d <= 0) {
                    let dims: Vec<String> = shape.iter().map(i64::to_string).collect();
                    return self.err_at(
                        kw_at,
                        format!(
                            "vector types must have positive constant sizes but got {}",
                            dims.join(", ")
                        ),
                    );
                }
                Ok(self.m.ctx.ty(TypeData::Vector {
                    shape: shape.into(),
                    scalable: scalable.into(),
                    elem,
                }))
            }
            b"tensor" => {
                self.expect(b'<', "'<' in tensor type")?;
                if self.eat(b'*') {
                    self.expect_x()?;
                    let elem = self.element_type(ElemOf::Tensor)?;
                    self.expect(b'>', "'>' in tensor type")?;
                    return Ok(self.m.ctx.ty(TypeData::UnrankedTensor { elem }));
                }
                let (shape, _) = self.parse_dims(false, true)?;
                let elem = self.element_type(ElemOf::Tensor)?;
                let mut encoding = None;
                if self.eat(b',') {
                    encoding = Some(self.parse_attr()?);
                }
                self.expect(b'>', "'>' in tensor type")?;
                Ok(self.m.ctx.ty(TypeData::RankedTensor {
                    shape: shape.into(),
                    elem,
                    encoding,
                }))
            }
            b"memref" => {
                self.expect(b'<', "'<' in memref type")?;
                if self.eat(b'*') {
                    self.expect_x()?;
                    let elem = self.element_type(ElemOf::MemRef)?;
                    let mut space = None;
                    if self.eat(b',') {
                        space = Some(self.parse_attr()?);
                    }
                    self.expect(b'>', "'>' in memref type")?;
                    self.check_memory_space(space, start)?;
                    let space = self.normalize_memory_space(space);
                    return Ok(self.m.ctx.ty(TypeData::UnrankedMemRef { elem, space }));
                }
                let (shape, _) = self.parse_dims(false, true)?;
                let elem = self.element_type(ElemOf::MemRef)?;
                let mut layout = None;
                let mut space = None;
                while self.eat(b',') {
                    if self.peek() == Some(b'>') {
                        return self.err_tok("expected list element");
                    }
                    let a = self.parse_attr()?;
                    let is_layout = matches!(
                        self.m.ctx.attr_data(a),
                        AttrData::AffineMap(_) | AttrData::Strided(_)
                    );
                    if space.is_some() {
                        self.skip_ws();
                        let at = self.pos;
                        let msg = if is_layout {
                            "expected memory space to be last in memref type"
                        } else {
                            "multiple memory spaces specified in memref type"
                        };
                        return self.err_at(at, msg);
                    }
                    if is_layout {
                        // A later layout replaces an earlier one, as in MLIR.
                        layout = Some(a);
                    } else {
                        space = Some(a);
                    }
                }
                self.expect(b'>', "'>' in memref type")?;
                if let Some(l) = layout {
                    self.check_layout(l, shape.len(), start)?;
                    if self.is_identity_map(l) {
                        layout = None;
                    }
                }
                self.check_memory_space(space, start)?;
                let space = self.normalize_memory_space(space);
                Ok(self.m.ctx.ty(TypeData::MemRef {
                    shape: shape.into(),
                    elem,
                    layout,
                    space,
                }))
            }
            _ => {
                self.pos = start;
                self.err_tok("expected non-function type")
            }
        }
    }

    /// A tensor's or memref's element type, checked as MLIR's
    /// `isValidElementType`: a tensor takes any scalar, vector or opaque
    /// type and every non-builtin one; a memref only the builtin types that
    /// implement `MemRefElementTypeInterface` (no type of the dialects
    /// irkit defines does).
    fn element_type(&mut self, of: ElemOf) -> PResult<TypeId> {
        self.skip_ws();
        let at = self.pos;
        let t = self.parse_type()?;
        let ok = matches!(
            (self.m.ctx.type_data(t), of),
            (
                TypeData::Integer { .. }
                    | TypeData::Index
                    | TypeData::Float(_)
                    | TypeData::Complex(_)
                    | TypeData::Vector { .. },
                _,
            ) | (TypeData::Dialect { .. }, ElemOf::Tensor)
                | (
                    TypeData::MemRef { .. } | TypeData::UnrankedMemRef { .. },
                    ElemOf::MemRef
                )
        );
        if ok {
            Ok(t)
        } else {
            let msg = match of {
                ElemOf::Tensor => "invalid tensor element type",
                ElemOf::MemRef => "invalid memref element type",
            };
            self.err_at(at, msg)
        }
    }

    /// MLIR's `isSupportedMemorySpace`: an integer, string or dictionary
    /// attribute, or one of a dialect; reported at the type.
    fn check_memory_space(&self, space: Option<AttrId>, at: usize) -> PResult<()> {
        let Some(s) = space else { return Ok(()) };
        match self.m.ctx.attr_data(s) {
            AttrData::Integer { .. }
            | AttrData::String { .. }
            | AttrData::Dict(_)
            | AttrData::Dialect { .. } => Ok(()),
            _ => self.err_at(at, "unsupported memory space Attribute"),
        }
    }

    /// A memref layout against the rank: an affine map's dimension count,
    /// a strided layout's stride count; reported at the type.
    fn check_layout(&self, layout: AttrId, rank: usize, at: usize) -> PResult<()> {
        let count = |list: &str| {
            let list = list.trim();
            if list.is_empty() {
                0
            } else {
                list.split(',').count()
            }
        };
        match self.m.ctx.attr_data(layout) {
            AttrData::AffineMap(s) => {
                let text = self.m.ctx.str(*s);
                let dims = text
                    .trim_start()
                    .strip_prefix('(')
                    .and_then(|t| t.split_once(')'))
                    .map(|(d, _)| count(d));
                match dims {
                    Some(d) if d != rank => self.err_at(
                        at,
                        format!(
                            "memref layout mismatch between rank and affine map: {rank} != {d}"
                        ),
                    ),
                    _ => Ok(()),
                }
            }
            AttrData::Strided(s) => {
                let text = self.m.ctx.str(*s);
                let strides = text
                    .split_once('[')
                    .and_then(|(_, t)| t.split_once(']'))
                    .map(|(l, _)| count(l));
                match strides {
                    Some(n) if n != rank => {
                        self.err_at(at, "expected the number of strides to match the rank")
                    }
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        }
    }

    /// `strided<[s0, s1, ...], offset: o>` after the keyword, as MLIR's
    /// `parseStridedLayoutAttr` reads it (its messages, `?` for dynamic),
    /// kept as its canonical text (`offset: 0` dropped, one space after
    /// each comma). `start` is the keyword, where MLIR reports the
    /// attribute's own verifier.
    fn parse_strided(&mut self, start: usize) -> PResult<AttrId> {
        self.expect(b'<', "'<' after 'strided'")?;
        self.expect(b'[', "'['")?;
        let mut text = String::from("strided<[");
        self.skip_ws();
        let mut zero = false;
        if self.peek() != Some(b']') {
            loop {
                let v = self.stride_or_offset()?;
                zero |= v == Some(0);
                if !text.ends_with('[') {
                    text.push_str(", ");
                }
                push_stride(&mut text, v);
                if !self.eat(b',') {
                    break;
                }
            }
        }
        self.expect(b']', "']'")?;
        if !self.eat(b'>') {
            self.expect(b',', "','")?;
            if !self.eat_keyword("offset") {
                return self.err_tok("expected 'offset' after comma");
            }
            self.expect(b':', "':' after 'offset'")?;
            let o = self.stride_or_offset()?;
            self.expect(b'>', "'>'")?;
            if o != Some(0) {
                text.push_str("], offset: ");
                push_stride(&mut text, o);
                text.push('>');
            }
        }
        if !text.ends_with('>') {
            text.push_str("]>");
        }
        if zero {
            return self.err_at(start, "strides must not be zero");
        }
        let sym = self.m.ctx.sym(text.as_bytes());
        Ok(self.m.ctx.attr(AttrData::Strided(sym)))
    }

    /// A stride or offset: `?` (`None`) or a 64-bit signed integer.
    fn stride_or_offset(&mut self) -> PResult<Option<i64>> {
        if self.eat(b'?') {
            return Ok(None);
        }
        self.skip_ws();
        let at = self.pos;
        let negative = self.eat(b'-');
        self.skip_ws();
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        let digits = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        match digits
            .parse::<u64>()
            .ok()
            .and_then(|v| i64::try_from(v).ok())
        {
            Some(v) => Ok(Some(if negative { -v } else { v })),
            None => self.err_at(at, "expected a 64-bit signed integer or '?'"),
        }
    }

    fn is_identity_map(&self, a: AttrId) -> bool {
        let AttrData::AffineMap(s) = self.m.ctx.attr_data(a) else {
            return false;
        };
        // The canonical text `(d0, d1)[s0] -> (d0, d1)`: identity when the
        // results are the dimensions in order, whatever the symbols.
        let text = self.m.ctx.bytes(*s);
        let text = String::from_utf8_lossy(crate::affine::shown(text));
        let Some((ids, res)) = text.split_once(" -> ") else {
            return false;
        };
        let dims = ids.split_once('[').map_or(ids, |(d, _)| d);
        res == dims
    }

    /// MLIR drops an integer memory space of 0, whatever its type: it is
    /// the default (`skipDefaultMemorySpace`).
    fn normalize_memory_space(&self, a: Option<AttrId>) -> Option<AttrId> {
        match self.m.ctx.attr_data(a?) {
            AttrData::Integer { words, .. } if words.iter().all(|&w| w == 0) => None,
            _ => a,
        }
    }

    fn expect_x(&mut self) -> PResult<()> {
        // The 'x' separator is a token of its own (`2 x 32 x f32` is a
        // shape), or the first letter of an identifier (`2xf32`).
        self.skip_ws();
        if self.src.get(self.pos) == Some(&b'x') {
            self.pos += 1;
            Ok(())
        } else {
            self.err_tok("expected 'x' in dimension list")
        }
    }

    /// Dimension list `4x?x[8]x` (each followed by 'x').
    fn parse_dims(
        &mut self,
        allow_scalable: bool,
        allow_dynamic: bool,
    ) -> PResult<(Vec<i64>, Vec<bool>)> {
        let mut shape = Vec::new();
        let mut scalable = Vec::new();
        loop {
            self.skip_ws();
            let c = self.src.get(self.pos).copied();
            let (dim, sc) = match c {
                Some(b'?') if allow_dynamic => {
                    self.pos += 1;
                    (-1, false)
                }
                Some(b'[') if allow_scalable => {
                    self.pos += 1;
                    self.skip_ws();
                    let d = self.dim_int()?;
                    self.skip_ws();
                    if self.src.get(self.pos) != Some(&b']') {
                        return self.err_tok("missing ']' closing scalable dimension");
                    }
                    self.pos += 1;
                    (d, true)
                }
                Some(c) if c.is_ascii_digit() => (self.dim_int()?, false),
                _ => break,
            };
            shape.push(dim);
            scalable.push(sc);
            self.expect_x()?;
        }
        if !scalable.iter().any(|&s| s) {
            scalable.clear();
        }
        Ok((shape, scalable))
    }

    fn dim_int(&mut self) -> PResult<i64> {
        let start = self.pos;
        while self.src.get(self.pos).is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        // A hex-looking "0x" would be ambiguous: MLIR lexes "0x" then 'x'.
        let s = std::str::from_utf8(&self.src[start..self.pos]).unwrap_or("");
        match s.parse::<i64>() {
            Ok(v) => Ok(v),
            Err(_) => self.err_at(start, "invalid dimension"),
        }
    }

    /// After `!` or `#`: `ns.ident<...>` / `ns<...>`. Returns the namespace and
    /// the body pieces (everything after the namespace).
    fn parse_dialect_body(&mut self, id_start: usize) -> PResult<(Sym, Box<[Piece]>)> {
        let src = self.src;
        let mut end = id_start;
        while end < src.len()
            && (src[end].is_ascii_alphanumeric() || src[end] == b'_' || src[end] == b'$')
        {
            end += 1;
        }
        let ns = &src[id_start..end];
        let dialect = self.m.ctx.sym(ns);
        let body_start = end;
        let mut p = end;
        if src.get(p) == Some(&b'.') {
            p += 1;
            while p < src.len() && is_id_char(src[p]) {
                p += 1;
            }
        }
        let registered = registry::is_registered_dialect(ns);
        let mut pieces = Vec::new();
        let mut text_start = body_start;
        if src.get(p) == Some(&b'<') {
            p = self.scan_pretty_body(p, registered, &mut pieces, &mut text_start)?;
        }
        pieces_text(&mut self.m.ctx, &mut pieces, &src[text_start..p]);
        if pieces.is_empty() {
            return self.err_at(id_start, "expected dialect symbol body");
        }
        canonicalize_pieces(&mut self.m.ctx, ns, &mut pieces);
        self.pos = p;
        Ok((dialect, pieces.into()))
    }

    /// Scans a pretty dialect body `<...>` starting at `p` (at the `<`),
    /// appending text and nested references to `pieces`; returns the end.
    pub(crate) fn scan_pretty_body(
        &mut self,
        p: usize,
        registered: bool,
        pieces: &mut Vec<Piece>,
        text_start: &mut usize,
    ) -> PResult<usize> {
        let src = self.src;
        // Balanced scan.
        let mut stack: Vec<(u8, usize)> = Vec::new();
        let open_at = p;
        let mut i = p;
        loop {
            let Some(&c) = src.get(i) else {
                return self.err_at(open_at, "unbalanced '<' character in pretty dialect name");
            };
            match c {
                b'"' => {
                    i += 1;
                    while i < src.len() && src[i] != b'"' {
                        if src[i] == b'\\' {
                            i += 1;
                        }
                        i += 1;
                    }
                    i += 1;
                    continue;
                }
                b'<' | b'(' | b'[' | b'{' => {
                    if registered && c == b'<' && !stack.is_empty() {
                        pieces_text(&mut self.m.ctx, pieces, &src[*text_start..i + 1]);
                        pieces.push(Piece::Open);
                        *text_start = i + 1;
                    }
                    stack.push((c, i));
                }
                // `->` (function types inside bodies) never closes a bracket.
                b'>' if i > 0 && src[i - 1] == b'-' => {}
                b'>' | b')' | b']' | b'}' => {
                    let want = match c {
                        b'>' => b'<',
                        b')' => b'(',
                        b']' => b'[',
                        _ => b'{',
                    };
                    if stack.last().map(|x| x.0) != Some(want) {
                        let (ch, at) = stack.last().copied().unwrap_or((c, i));
                        return self.err_at(
                            at,
                            format!(
                                "unbalanced '{}' character in pretty dialect name",
                                ch as char
                            ),
                        );
                    }
                    stack.pop();
                    if stack.is_empty() {
                        i += 1;
                        break;
                    }
                    if registered && c == b'>' {
                        pieces_text(&mut self.m.ctx, pieces, &src[*text_start..i]);
                        pieces.push(Piece::Close);
                        *text_start = i;
                    }
                }
                b'#' | b'!' if registered && src.get(i + 1).is_some_and(|&n| is_id_start(n)) => {
                    pieces_text(&mut self.m.ctx, pieces, &src[*text_start..i]);
                    self.pos = i;
                    if c == b'#' {
                        let a = self.parse_attr()?;
                        pieces.push(Piece::Attr(a));
                    } else {
                        let t = self.parse_type()?;
                        pieces.push(Piece::Type(t));
                    }
                    i = self.pos;
                    *text_start = i;
                    continue;
                }
                _ => {}
            }
            i += 1;
        }
        Ok(i)
    }

    // ------------------------------------------------------------ attributes

    pub(crate) fn parse_dict(&mut self) -> PResult<AttrId> {
        self.skip_ws();
        let open = self.pos;
        let key_end = if self.src.get(open) == Some(&b'{') && self.depth + PLAIN_DEPTH < MAX_DEPTH {
            plain_group_end(self.src, open)
        } else {
            None
        };
        if let Some(e) = key_end {
            if let Some(&a) = self.dict_cache.get(&self.src[open..e]) {
                self.pos = e;
                return Ok(a);
            }
        }
        let a = self.parse_dict_text()?;
        if key_end == Some(self.pos) {
            self.dict_cache.insert(&self.src[open..self.pos], a);
        }
        Ok(a)
    }

    fn parse_dict_text(&mut self) -> PResult<AttrId> {
        let open = self.pos;
        self.expect(b'{', "'{' in attribute dictionary")?;
        let mut entries: Vec<(Sym, AttrId)> = Vec::new();
        let mut spans = Vec::new();
        if !self.eat(b'}') {
            loop {
                self.skip_ws();
                let s = self.pos;
                let ks = if self.peek() == Some(b'"') {
                    let k = self.string_lit()?;
                    if k.is_empty() {
                        return self.err_at(s, "expected valid attribute name");
                    }
                    self.m.ctx.sym(&k)
                } else {
                    let id = self.peek_ident();
                    if id.is_empty() {
                        return self.err_at(s, "expected attribute name");
                    }
                    self.pos += id.len();
                    self.m.ctx.sym(id)
                };
                let value = if self.eat(b'=') {
                    self.parse_attr()?
                } else {
                    self.m.ctx.unit_attr()
                };
                entries.push((ks, value));
                spans.push((ks, s));
                if self.eat(b'}') {
                    break;
                }
                if !self.eat(b',') {
                    return self.err_tok("expected '}' in attribute dictionary");
                }
            }
        }
        match self.m.ctx.dict_attr(entries) {
            Ok(a) => Ok(a),
            Err(dup) => {
                let at = spans
                    .iter()
                    .filter(|(k, _)| *k == dup)
                    .nth(1)
                    .map_or(open, |x| x.1);
                let name = self.m.ctx.str(dup).into_owned();
                self.err_at(
                    at,
                    format!("attribute '{name}' occurs more than once in the attribute list"),
                )
            }
        }
    }

    pub(crate) fn parse_attr(&mut self) -> PResult<AttrId> {
        self.enter()?;
        let r = self.parse_attr_impl();
        self.leave();
        r
    }

    fn parse_optional_colon_type(&mut self) -> PResult<Option<TypeId>> {
        self.skip_ws();
        if self.src.get(self.pos) == Some(&b':') && self.src.get(self.pos + 1) != Some(&b':') {
            self.pos += 1;
            Ok(Some(self.parse_type()?))
        } else {
            Ok(None)
        }
    }

    fn parse_attr_impl(&mut self) -> PResult<AttrId> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            None => self.err_tok("expected attribute value"),
            Some(b'#') => {
                self.pos += 1;
                let id_start = self.pos;
                let mut end = id_start;
                while end < self.src.len() && is_id_char(self.src[end]) {
                    end += 1;
                }
                let ident = &self.src[id_start..end];
                if ident.is_empty() {
                    return self.err_at(start, "expected attribute value");
                }
                if !ident.contains(&b'.') && self.src.get(end) != Some(&b'<') {
                    self.pos = end;
                    return match self.attr_aliases.get(ident) {
                        Some(&a) => Ok(a),
                        None => self.undefined_alias(start, ident),
                    };
                }
                let (dialect, body) = self.parse_dialect_body(id_start)?;
                Ok(self.m.ctx.attr(AttrData::Dialect { dialect, body }))
            }
            Some(b'[') => {
                self.pos += 1;
                let mut v = Vec::new();
                if !self.eat(b']') {
                    loop {
                        v.push(self.parse_attr()?);
                        if self.eat(b']') {
                            break;
                        }
                        self.expect(b',', "',' or ']'")?;
                    }
                }
                Ok(self.m.ctx.attr(AttrData::Array(v.into())))
            }
            Some(b'{') => self.parse_dict(),
            Some(b'"') => {
                let s = self.string_lit()?;
                let value = self.m.ctx.sym(&s);
                let ty = self.parse_optional_colon_type()?;
                Ok(self.m.ctx.attr(AttrData::String { value, ty }))
            }
            Some(b'@') => {
                let mut parts = Vec::new();
                loop {
                    self.skip_ws();
                    let s = self.pos;
                    if !self.eat(b'@') {
                        return self.err_at(s, "expected nested symbol reference identifier");
                    }
                    let name = if self.src.get(self.pos) == Some(&b'"') {
                        self.string_lit()?.into_owned()
                    } else {
                        let mut e = self.pos;
                        while e < self.src.len() && (is_id_char(self.src[e]) || self.src[e] == b'-')
                        {
                            e += 1;
                        }
                        let n = self.src[self.pos..e].to_vec();
                        self.pos = e;
                        n
                    };
                    if name.is_empty() {
                        return self
                            .err_at(s + 1, "@ identifier expected to start with letter or '_'");
                    }
                    parts.push(self.m.ctx.sym(&name));
                    self.skip_ws();
                    if self.src[self.pos..].starts_with(b"::")
                        && self
                            .src
                            .get(self.pos + 2)
                            .is_some_and(|&c| c == b'@' || c == b' ')
                    {
                        self.pos += 2;
                        continue;
                    }
                    break;
                }
                Ok(self.m.ctx.attr(AttrData::SymbolRef(parts.into())))
            }
            Some(b'-') | Some(b'0'..=b'9') => self.parse_number_attr(),
            Some(b'(') | Some(b'!') => {
                let t = self.parse_type()?;
                Ok(self.m.ctx.attr(AttrData::Type(t)))
            }
            Some(_) => {
                let id = self.peek_ident();
                match id {
                    b"true" | b"false" => {
                        // A BoolAttr: MLIR takes no `: type` after it (the
                        // caller then reports the `:`).
                        self.pos += id.len();
                        let ty = self.m.ctx.int_type(1);
                        let v = u64::from(id == b"true");
                        Ok(self.m.ctx.attr(AttrData::Integer {
                            ty,
                            words: Box::new([v]),
                        }))
                    }
                    b"unit" => {
                        self.pos += 4;
                        Ok(self.m.ctx.unit_attr())
                    }
                    b"loc" => {
                        self.pos += 3;
                        self.expect(b'(', "'(' in inline location")?;
                        let l = self.parse_loc_inner()?;
                        self.expect(b')', "')' in inline location")?;
                        Ok(l)
                    }
                    b"strided" => {
                        self.pos += id.len();
                        self.parse_strided(start)
                    }
                    b"affine_map" | b"affine_set" => {
                        self.pos += id.len();
                        self.parse_affine(id == b"affine_set")
                    }
                    b"dense" => {
                        self.pos += 5;
                        self.parse_dense(None)
                    }
                    b"dense_resource" => {
                        self.pos += id.len();
                        self.parse_dense_resource()
                    }
                    b"array" => {
                        self.pos += 5;
                        self.parse_dense_array()
                    }
                    b"sparse" => {
                        self.pos += 6;
                        self.parse_sparse()
                    }
                    b"distinct" => {
                        self.pos += 8;
                        self.expect(b'[', "'[' after 'distinct'")?;
                        let key = self.distinct_id()?;
                        self.expect(b']', "']' to close distinct ID")?;
                        self.expect(b'<', "'<' after distinct ID")?;
                        let referenced = if self.eat(b'>') {
                            self.m.ctx.unit_attr()
                        } else {
                            let a = self.parse_attr()?;
                            self.expect(b'>', "'>' to close distinct attribute")?;
                            a
                        };
                        if let Some(&a) = self.distinct.get(&key) {
                            if let AttrData::Distinct { referenced: r, .. } =
                                self.m.ctx.attr_data(a)
                            {
                                if *r != referenced {
                                    let r = crate::printer::attr_to_string(&self.m.ctx, *r);
                                    return self.err_at(
                                        start,
                                        format!("referenced attribute does not match previous definition: {r}"),
                                    );
                                }
                            }
                            return Ok(a);
                        }
                        let a = self.m.ctx.attr(AttrData::Distinct { key, referenced });
                        self.distinct.insert(key, a);
                        Ok(a)
                    }
                    _ if self.starts_builtin_type(id) => {
                        let t = self.parse_type()?;
                        Ok(self.m.ctx.attr(AttrData::Type(t)))
                    }
                    _ => self.err_tok("expected attribute value"),
                }
            }
        }
    }

    /// `<map>` or `<set>` after `affine_map`/`affine_set`, kept as MLIR's
    /// canonical text (simplified, with dimensions renamed `d0`, `d1`, ...).
    fn parse_affine(&mut self, want_set: bool) -> PResult<AttrId> {
        let what = if want_set {
            "integer set"
        } else {
            "affine map"
        };
        self.expect(b'<', &format!("'<' in {what}"))?;
        let a = self.parse_affine_inline(want_set)?;
        self.expect(b'>', &format!("'>' in {what}"))?;
        Ok(a)
    }

    /// An affine map written inline, without `affine_map<...>` around it
    /// (MLIR's `OpAsmParser::parseAffineMap`).
    pub(crate) fn parse_inline_affine_map(&mut self) -> PResult<AttrId> {
        self.parse_affine_inline(false)
    }

    fn parse_affine_inline(&mut self, want_set: bool) -> PResult<AttrId> {
        self.skip_ws();
        let start = self.pos;
        let (text, is_set, end) = match crate::affine::canonical(self.src, start) {
            Ok(r) => r,
            Err(e) => {
                let res: PResult<AttrId> = match e.at {
                    crate::affine::ErrorAt::At(at) => self.err_at(at, e.msg),
                    crate::affine::ErrorAt::WrongToken(at) => {
                        self.pos = at;
                        self.err_tok(e.msg)
                    }
                };
                if let (Err(lead), false) = (&res, e.then.is_empty()) {
                    let then = e
                        .then
                        .into_iter()
                        .map(|(at, msg)| self.err_at::<()>(at, msg));
                    let then = then.filter_map(Result::err).map(|d| *d).collect();
                    self.then = Some(((**lead).clone(), then));
                }
                return res;
            }
        };
        if is_set != want_set {
            let (want, got) = if want_set {
                ("IntegerSet", "AffineMap")
            } else {
                ("AffineMap", "IntegerSet")
            };
            return self.err_at(start, format!("expected {want}, but got {got}"));
        }
        self.pos = end;
        let sym = self.m.ctx.sym(text.as_bytes());
        Ok(self.m.ctx.attr(if is_set {
            AttrData::IntegerSet(sym)
        } else {
            AttrData::AffineMap(sym)
        }))
    }

    /// A numeric literal: `-`? (int | hex | float), optional `: type`.
    /// A float literal read with its type given (`f64` for MLIR's
    /// `F64Attr` in a format): no `: type` follows it.
    pub(crate) fn parse_f64_literal(&mut self) -> PResult<AttrId> {
        self.skip_ws();
        let start = self.pos;
        let ty = self.m.ctx.float_type(FloatKind::F64);
        match self.number_literal()? {
            NumLit::Float { text, neg } => {
                let Some(bits) = float::parse_decimal_literal(FloatKind::F64, &text, neg) else {
                    return self.err_at(start, "invalid floating point value");
                };
                Ok(self.m.ctx.attr(AttrData::Float { ty, bits }))
            }
            NumLit::Int { mag, neg, hex } => {
                let tok = start + usize::from(neg);
                let bits = self.float_from_int_literal(&mag, neg, hex, tok, 64)?;
                Ok(self.m.ctx.attr(AttrData::Float { ty, bits }))
            }
        }
    }

    fn parse_number_attr(&mut self) -> PResult<AttrId> {
        self.skip_ws();
        let start = self.pos;
        let lit = self.number_literal()?;
        self.skip_ws();
        let ty_at = if self.src.get(self.pos) == Some(&b':') {
            let mut p = self.pos + 1;
            while matches!(self.src.get(p), Some(b' ' | b'\t' | b'\n' | b'\r')) {
                p += 1;
            }
            p
        } else {
            start
        };
        let ty = self.parse_optional_colon_type()?;
        match lit {
            NumLit::Float { text, neg } => {
                let ty = match ty {
                    Some(t) => t,
                    None => self.m.ctx.float_type(FloatKind::F64),
                };
                let TypeData::Float(k) = *self.m.ctx.type_data(ty) else {
                    let _ = ty_at;
                    self.skip_ws();
                    let at = self.pos;
                    return self.err_at(at, "floating point value not valid for specified type");
                };
                let Some(bits) = float::parse_decimal_literal(k, &text, neg) else {
                    return self.err_at(start, "invalid floating point value");
                };
                Ok(self.m.ctx.attr(AttrData::Float { ty, bits }))
            }
            NumLit::Int { mag, neg, hex } => {
                let ty = match ty {
                    Some(t) => t,
                    None => self.m.ctx.int_type(64),
                };
                match self.m.ctx.type_data(ty).clone() {
                    TypeData::Float(k) => {
                        let tok = start + usize::from(neg);
                        let bits =
                            self.float_from_int_literal(&mag, neg, hex, tok, k.bit_width())?;
                        Ok(self.m.ctx.attr(AttrData::Float { ty, bits }))
                    }
                    TypeData::Integer { width, signedness } => {
                        let words = self.int_value(&mag, neg, width, signedness, start, false)?;
                        Ok(self.m.ctx.attr(AttrData::Integer { ty, words }))
                    }
                    TypeData::Index => {
                        let words =
                            self.int_value(&mag, neg, 64, Signedness::Signed, start, false)?;
                        Ok(self.m.ctx.attr(AttrData::Integer { ty, words }))
                    }
                    _ => self.err_at(start, "integer literal not valid for specified type"),
                }
            }
        }
    }

    /// Builds a width-bit two's complement value; errors when out of range
    /// as MLIR's `buildAttributeAPInt` does (`index` counts as signed).
    fn int_value(
        &self,
        mag: &[u64],
        neg: bool,
        width: u32,
        sign: Signedness,
        at: usize,
        dense: bool,
    ) -> PResult<Box<[u64]>> {
        if neg && sign == Signedness::Unsigned {
            return self.err_at(
                at,
                "negative integer literal not valid for unsigned integer type",
            );
        }
        let bits = significant_bits(mag);
        // MLIR: a value fits if it fits as unsigned in `width` bits (for
        // non-negative) or as signed (for negative).
        let ok = if width == 0 {
            bits == 0
        } else if neg {
            // -mag >= -2^(width-1)
            bits < width || (bits == width && is_pow2(mag))
        } else if sign == Signedness::Signed {
            // A positive signed value must leave the sign bit clear.
            bits < width
        } else {
            bits <= width
        };
        if !ok {
            // A dense literal's elements are checked against the type.
            let what = if dense { "type" } else { "attribute" };
            return self.err_at(at, format!("integer constant out of range for {what}"));
        }
        let nwords = (width as usize).div_ceil(64).max(1);
        let mut w = vec![0u64; nwords];
        for (i, x) in mag.iter().enumerate().take(nwords) {
            w[i] = *x;
        }
        if neg {
            // two's complement
            let mut carry = 1u64;
            for x in w.iter_mut() {
                let (v, c) = (!*x).overflowing_add(carry);
                *x = v;
                carry = u64::from(c);
            }
        }
        truncate_words(&mut w, width);
        Ok(w.into_boxed_slice())
    }

    /// A float given as an integer literal whose digits start at `tok`:
    /// MLIR's `parseFloatFromIntegerLiteral`, only a hex bit pattern of at
    /// most `width` significant bits; errors point at the digits.
    fn float_from_int_literal(
        &self,
        mag: &[u64],
        neg: bool,
        hex: bool,
        tok: usize,
        width: u32,
    ) -> PResult<u128> {
        if !hex {
            let loc = self.loc(Span::new(tok as u32, tok as u32 + 1));
            return Err(Box::new(
                Diagnostic::error(
                    loc,
                    "unexpected decimal integer literal for a floating point value",
                )
                .with_note(Some(loc), "add a trailing dot to make the literal a float"),
            ));
        }
        if neg {
            return self.err_at(
                tok,
                "hexadecimal float literal should not have a leading minus",
            );
        }
        if significant_bits(mag) > width {
            return self.err_at(tok, "hexadecimal float constant out of range for type");
        }
        Ok(words_to_u128(mag))
    }

    fn number_literal(&mut self) -> PResult<NumLit> {
        self.skip_ws();
        let start = self.pos;
        let neg = self.src.get(self.pos) == Some(&b'-');
        if neg {
            self.pos += 1;
        }
        let s = self.pos;
        if !self.src.get(s).is_some_and(|c| c.is_ascii_digit()) {
            return self.err_at(start, "expected integer or floating point literal");
        }
        let src = self.src;
        let tok = &src[s..self.scan_number_end()];
        if self.scan_number() {
            let text = String::from_utf8_lossy(tok).into_owned();
            return Ok(NumLit::Float { text, neg });
        }
        Ok(match tok.strip_prefix(b"0x") {
            Some(digits) => NumLit::Int {
                mag: hex_to_words(digits),
                neg,
                hex: true,
            },
            None => NumLit::Int {
                mag: dec_to_words(tok),
                neg,
                hex: false,
            },
        })
    }

    /// Where the number token at the current position (a digit) ends.
    fn scan_number_end(&self) -> usize {
        let src = self.src;
        let s = self.pos;
        let digits_from = |mut p: usize, hex: bool| {
            while src
                .get(p)
                .is_some_and(|c| c.is_ascii_digit() || (hex && c.is_ascii_hexdigit()))
            {
                p += 1;
            }
            p
        };
        if src.get(s) == Some(&b'0')
            && src.get(s + 1) == Some(&b'x')
            && src.get(s + 2).is_some_and(|c| c.is_ascii_hexdigit())
        {
            return digits_from(s + 2, true);
        }
        let mut p = digits_from(s, false);
        if src.get(p) != Some(&b'.') {
            return p;
        }
        p = digits_from(p + 1, false);
        if matches!(src.get(p), Some(b'e' | b'E')) {
            let mut q = p + 1;
            if matches!(src.get(q), Some(b'+' | b'-')) {
                q += 1;
            }
            if src.get(q).is_some_and(|c| c.is_ascii_digit()) {
                p = digits_from(q, false);
            }
        }
        p
    }

    /// Moves past the number token at the current position (a digit), as
    /// MLIR's lexer reads it; whether it is a float literal.
    pub(crate) fn scan_number(&mut self) -> bool {
        let end = self.scan_number_end();
        let float = self.src[self.pos..end].contains(&b'.');
        self.pos = end;
        float
    }
}

/// A `loc(#alias)` reference: the alias name and where it was written.
pub(crate) type LocAliasRef = (Vec<u8>, Span);

pub(crate) enum LocOrAlias {
    Loc(AttrId),
    Alias(Vec<u8>, Span),
}

enum NumLit {
    Int { mag: Vec<u64>, neg: bool, hex: bool },
    Float { text: String, neg: bool },
}

/// Rewrites a plain-text body into mlir-opt's canonical spelling (bit-enum
/// flags in their order) when [`registry::canonical_dialect_body`] knows it.
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

fn hex_decode(s: &[u8]) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    s.chunks(2)
        .map(|c| Some(hexval(c[0])? * 16 + hexval(c[1])?))
        .collect()
}

fn hex_to_words(s: &[u8]) -> Vec<u64> {
    let mut w = vec![0u64; s.len().div_ceil(16).max(1)];
    for (i, &c) in s.iter().rev().enumerate() {
        let d = hexval(c).unwrap_or(0) as u64;
        w[i / 16] |= d << (4 * (i % 16));
    }
    trim_words(w)
}

fn dec_to_words(s: &[u8]) -> Vec<u64> {
    let mut w: Vec<u64> = vec![0];
    for &c in s {
        let d = (c - b'0') as u128;
        let mut carry = d;
        for x in w.iter_mut() {
            let v = (*x as u128) * 10 + carry;
            *x = v as u64;
            carry = v >> 64;
        }
        if carry != 0 {
            w.push(carry as u64);
        }
    }
    trim_words(w)
}

fn trim_words(mut w: Vec<u64>) -> Vec<u64> {
    while w.len() > 1 && w.last() == Some(&0) {
        w.pop();
    }
    w
}

fn significant_bits(w: &[u64]) -> u32 {
    for (i, x) in w.iter().enumerate().rev() {
        if *x != 0 {
            return i as u32 * 64 + (64 - x.leading_zeros());
        }
    }
    0
}

fn is_pow2(w: &[u64]) -> bool {
    w.iter().map(|x| x.count_ones()).sum::<u32>() == 1
}

fn truncate_words(w: &mut [u64], width: u32) {
    let full = (width / 64) as usize;
    let rem = width % 64;
    for (i, x) in w.iter_mut().enumerate() {
        if i > full || (i == full && rem == 0) {
            *x = 0;
        } else if i == full {
            *x &= (1u64 << rem) - 1;
        }
    }
}

fn words_to_u128(w: &[u64]) -> u128 {
    let lo = w.first().copied().unwrap_or(0) as u128;
    let hi = w.get(1).copied().unwrap_or(0) as u128;
    lo | (hi << 64)
}

/// If all elements are equal, keep one (MLIR detects splats on creation).
fn splat_normalize(vals: Vec<u128>, parts: usize) -> Box<[u128]> {
    if vals.len() > parts && vals.chunks(parts).all(|c| c == &vals[..parts]) {
        return vals[..parts].into();
    }
    vals.into()
}

/// Marks a value as detached, used by rewriting tests.
pub fn is_detached(m: &Module, v: ValueId) -> bool {
    matches!(m.values[v].def, ValueDef::Detached)
}

fn push_stride(text: &mut String, v: Option<i64>) {
    match v {
        Some(v) => text.push_str(&v.to_string()),
        None => text.push('?'),
    }
}

/// Whose element type [`Parser::element_type`] checks.
#[derive(Clone, Copy)]
enum ElemOf {
    Tensor,
    MemRef,
}
