//! Attributes: dialect attribute and type bodies (`#ns.name<...>`,
//! `!ns.name<...>`), dictionaries, arrays, strings, symbol references,
//! `distinct[...]`, inline affine maps and sets, and number literals with
//! MLIR's range checks; the elements literals are in `elements.rs`. The
//! multi-word integer helpers below are shared with it.

use super::{
    canonicalize_pieces, hexval, is_id_char, is_id_start, pieces_text, plain_group_end, PResult,
    Parser, MAX_DEPTH, PLAIN_DEPTH,
};
use crate::context::{AttrData, AttrId, FloatKind, Piece, Signedness, Sym, TypeData, TypeId};
use crate::float;
use crate::registry;
use irkit_diag::{Diagnostic, Span};

impl<'a> Parser<'a> {
    /// After `!` or `#`: `ns.ident<...>` / `ns<...>`. Returns the namespace and
    /// the body pieces (everything after the namespace).
    pub(super) fn parse_dialect_body(&mut self, id_start: usize) -> PResult<(Sym, Box<[Piece]>)> {
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
    pub(super) fn int_value(
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
    pub(super) fn float_from_int_literal(
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

pub(super) enum NumLit {
    Int { mag: Vec<u64>, neg: bool, hex: bool },
    Float { text: String, neg: bool },
}

pub(super) fn hex_decode(s: &[u8]) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    s.chunks(2)
        .map(|c| Some(hexval(c[0])? * 16 + hexval(c[1])?))
        .collect()
}

pub(super) fn hex_to_words(s: &[u8]) -> Vec<u64> {
    let mut w = vec![0u64; s.len().div_ceil(16).max(1)];
    for (i, &c) in s.iter().rev().enumerate() {
        let d = hexval(c).unwrap_or(0) as u64;
        w[i / 16] |= d << (4 * (i % 16));
    }
    trim_words(w)
}

pub(super) fn dec_to_words(s: &[u8]) -> Vec<u64> {
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

pub(super) fn words_to_u128(w: &[u64]) -> u128 {
    let lo = w.first().copied().unwrap_or(0) as u128;
    let hi = w.get(1).copied().unwrap_or(0) as u128;
    lo | (hi << 64)
}

/// If all elements are equal, keep one (MLIR detects splats on creation).
pub(super) fn splat_normalize(vals: Vec<u128>, parts: usize) -> Box<[u128]> {
    if vals.len() > parts && vals.chunks(parts).all(|c| c == &vals[..parts]) {
        return vals[..parts].into();
    }
    vals.into()
}
