//! Elements literals: `dense<...>`, `sparse<...>`, `array<...>` and
//! `dense_resource<...>`.
//!
//! A literal is read in two steps, as MLIR's `TensorLiteralParser` reads
//! it: first its element tokens and the sizes of its nested lists (only the
//! syntax is checked, and that sibling lists agree), then, once the type is
//! known, the shape, the element count and each token against the element
//! type. The order of those checks, their messages and where they point
//! are MLIR's, per release ([`MlirRelease`]).

use super::attrs::{
    dec_to_words, hex_decode, hex_to_words, splat_normalize, words_to_u128, NumLit,
};
use super::{PResult, Parser};
use crate::context::{AttrData, AttrId, DenseData, Signedness, TypeData, TypeId};
use crate::dialect::MlirRelease;
use crate::float;
use crate::printer::type_to_string;

/// One element token (MLIR's `(isNegative, Token)` storage entry).
#[derive(Clone, Copy)]
struct ElemTok {
    kind: TokKind,
    /// A `-` came before the token.
    neg: bool,
    /// Where the token starts (after any `-`) and ends.
    start: usize,
    end: usize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum TokKind {
    Int,
    Float,
    True,
    False,
    Str,
}

/// A literal read before its type is known.
#[derive(Default)]
struct TensorLit {
    /// The sizes of the nested lists, outermost first; empty when the
    /// literal is one element (a splat) or a string.
    shape: Vec<i64>,
    storage: Vec<ElemTok>,
    /// Where a string given for the whole literal starts (hex data, or a
    /// string splat for other element types).
    hex: Option<usize>,
}

impl Parser<'_> {
    /// An attribute whose type, when it does not spell one, is `ty` (MLIR's
    /// `parseAttribute(attr, type)`; here for `dense<...>` literals).
    pub(crate) fn parse_attr_of_type(&mut self, ty: TypeId) -> PResult<AttrId> {
        if self.peek_ident() == b"dense" && self.src.get(self.pos + 5) == Some(&b'<') {
            self.pos += 5;
            return self.parse_dense(Some(ty));
        }
        self.parse_attr()
    }

    /// `dense<...>`, with the position just after the keyword.
    pub(super) fn parse_dense(&mut self, expected: Option<TypeId>) -> PResult<AttrId> {
        let kw_at = self.pos.saturating_sub(5);
        self.expect(b'<', "'<' after 'dense'")?;
        let lit = if self.eat(b'>') {
            TensorLit::default()
        } else {
            let l = self.parse_tensor_lit(true)?;
            self.expect(b'>', "'>'")?;
            l
        };
        let expected = expected.filter(|_| self.peek() != Some(b':'));
        // MLIR 19 reports a literal that does not fit a type it reads at the
        // `:`; 22 (and both, for a type given by the caller) at the keyword.
        self.skip_ws();
        let at = if expected.is_some() || self.v22() {
            kw_at
        } else {
            self.pos
        };
        let ty = self.elements_literal_type(kw_at, expected)?;
        let data = self.tensor_lit_data(&lit, ty, at)?;
        Ok(self.m.ctx.attr(AttrData::Dense { ty, data }))
    }

    fn v22(&self) -> bool {
        self.release() >= MlirRelease::V22
    }

    /// MLIR's `parseElementsLiteralType`: `: type` unless the caller gave
    /// one; a statically shaped tensor or vector.
    fn elements_literal_type(&mut self, kw_at: usize, given: Option<TypeId>) -> PResult<TypeId> {
        let ty = match given {
            Some(t) => t,
            None => {
                self.expect(b':', "':'")?;
                self.parse_type()?
            }
        };
        self.skip_ws();
        let at = if self.v22() { kw_at } else { self.pos };
        let static_shape = match self.m.ctx.type_data(ty) {
            TypeData::RankedTensor { shape, .. } | TypeData::Vector { shape, .. } => {
                shape.iter().all(|&d| d >= 0)
            }
            // Shaped types too, but never static; a static memref (which
            // MLIR cannot build elements of) is refused as unshaped.
            TypeData::UnrankedTensor { .. } | TypeData::UnrankedMemRef { .. } => false,
            TypeData::MemRef { shape, .. } if shape.iter().any(|&d| d < 0) => false,
            _ => return self.err_at(at, "elements literal must be a shaped type"),
        };
        if !static_shape {
            return self.err_at(at, "elements literal type must have static shape");
        }
        Ok(ty)
    }

    /// MLIR's `TensorLiteralParser::parse`.
    fn parse_tensor_lit(&mut self, allow_hex: bool) -> PResult<TensorLit> {
        let mut lit = TensorLit::default();
        match self.peek() {
            Some(b'"') if allow_hex => {
                lit.hex = Some(self.pos);
                self.string_lit()?;
            }
            Some(b'[') => {
                let mut shape = Vec::new();
                self.parse_lit_list(&mut lit, &mut shape)?;
                lit.shape = shape;
            }
            _ => self.parse_lit_element(&mut lit)?,
        }
        Ok(lit)
    }

    /// A `[...]` list of lists or elements; `dims` gets its shape.
    fn parse_lit_list(&mut self, lit: &mut TensorLit, dims: &mut Vec<i64>) -> PResult<()> {
        self.enter()?;
        self.expect(b'[', "'['")?;
        let mut first: Option<Vec<i64>> = None;
        let mut size = 0i64;
        if !self.eat(b']') {
            loop {
                let mut these = Vec::new();
                if self.peek() == Some(b'[') {
                    self.parse_lit_list(lit, &mut these)?;
                } else {
                    self.parse_lit_element(lit)?;
                }
                size += 1;
                match &first {
                    Some(f) if *f != these => {
                        return self.err_here(
                            "tensor literal is invalid; ranks are not consistent between elements",
                        );
                    }
                    Some(_) => {}
                    None => first = Some(these),
                }
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b']', "']'")?;
        }
        self.leave();
        dims.clear();
        dims.push(size);
        dims.extend(first.unwrap_or_default());
        Ok(())
    }

    /// MLIR's `TensorLiteralParser::parseElement`.
    fn parse_lit_element(&mut self, lit: &mut TensorLit) -> PResult<()> {
        self.skip_ws();
        let id = self.peek_ident();
        if id == b"true" || id == b"false" {
            let kind = if id == b"true" {
                TokKind::True
            } else {
                TokKind::False
            };
            let start = self.pos;
            self.pos += id.len();
            lit.storage.push(ElemTok {
                kind,
                neg: false,
                start,
                end: self.pos,
            });
            return Ok(());
        }
        match self.src.get(self.pos) {
            Some(b'0'..=b'9') => self.push_number(lit, false),
            Some(b'-') => {
                self.pos += 1;
                self.skip_ws();
                if !self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
                    return self.err_here("expected integer or floating point literal");
                }
                self.push_number(lit, true)
            }
            Some(b'"') => {
                let start = self.pos;
                self.string_lit()?;
                lit.storage.push(ElemTok {
                    kind: TokKind::Str,
                    neg: false,
                    start,
                    end: self.pos,
                });
                Ok(())
            }
            Some(b'(') => {
                self.pos += 1;
                self.enter()?;
                self.parse_lit_element(lit)?;
                if !self.eat(b',') {
                    return self.err_tok("expected ',' between complex elements");
                }
                self.parse_lit_element(lit)?;
                if !self.eat(b')') {
                    return self.err_tok("expected ')' after complex elements");
                }
                self.leave();
                Ok(())
            }
            _ => self.err_here("expected element literal of primitive type"),
        }
    }

    fn push_number(&mut self, lit: &mut TensorLit, neg: bool) -> PResult<()> {
        let start = self.pos;
        let float = self.scan_number();
        lit.storage.push(ElemTok {
            kind: if float { TokKind::Float } else { TokKind::Int },
            neg,
            start,
            end: self.pos,
        });
        Ok(())
    }

    /// The token's number (an integer's magnitude, a float's text).
    fn tok_number(&self, t: ElemTok) -> NumLit {
        let s = &self.src[t.start..t.end];
        match t.kind {
            TokKind::Float => NumLit::Float {
                text: String::from_utf8_lossy(s).into_owned(),
                neg: t.neg,
            },
            _ if s.starts_with(b"0x") => NumLit::Int {
                mag: hex_to_words(&s[2..]),
                neg: t.neg,
                hex: true,
            },
            _ => NumLit::Int {
                mag: dec_to_words(s),
                neg: t.neg,
                hex: false,
            },
        }
    }

    /// MLIR's `TensorLiteralParser::getAttr`: the literal's data for type
    /// `ty` (a static tensor or vector); errors about the whole literal
    /// point at `at`.
    fn tensor_lit_data(&mut self, lit: &TensorLit, ty: TypeId, at: usize) -> PResult<DenseData> {
        let (shape, elem) = match self.m.ctx.type_data(ty) {
            TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => {
                (shape.clone(), *elem)
            }
            _ => return self.err_at(at, "elements literal must be a shaped type"),
        };
        let num = shape
            .iter()
            .fold(1usize, |n, &d| n.saturating_mul(d.max(0) as usize));
        let ed = self.m.ctx.type_data(elem).clone();
        let (scalar, parts) = match ed {
            TypeData::Complex(inner) => (self.m.ctx.type_data(inner).clone(), 2),
            _ => (ed.clone(), 1),
        };
        let numeric = matches!(
            scalar,
            TypeData::Integer { .. } | TypeData::Index | TypeData::Float(_)
        );
        if let Some(hex_at) = lit.hex {
            if numeric {
                return self.hex_data(hex_at, ty, &scalar, parts, num, at);
            }
        }
        if !lit.shape.is_empty() && lit.shape[..] != shape[..] {
            let join = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
            return self.err_at(
                at,
                format!(
                    "inferred shape of elements literal ([{}]) does not match type ([{}])",
                    join(&lit.shape),
                    join(&shape)
                ),
            );
        }
        let n = lit.storage.len();
        if lit.hex.is_none() && n == 0 && num != 0 {
            let t = type_to_string(&self.m.ctx, ty);
            return self.err_at(
                at,
                format!("parsed zero elements, but type ('{t}') expected at least 1"),
            );
        }
        if parts == 2 {
            if lit.shape.is_empty() && num != 0 && n != 2 {
                let t = type_to_string(&self.m.ctx, elem);
                return self.err_at(
                    at,
                    format!("parsed {n} elements, but type ('{t}') expected 2 elements"),
                );
            }
            if !lit.shape.is_empty() && n != num.saturating_mul(2) {
                let t = type_to_string(&self.m.ctx, ty);
                return self.err_at(
                    at,
                    format!(
                        "parsed {n} elements, but type ('{t}') expected {} elements",
                        num.saturating_mul(2)
                    ),
                );
            }
        }
        if !numeric {
            return self.string_data(lit, at);
        }
        let mut vals = Vec::with_capacity(n);
        for &t in &lit.storage {
            let v = match scalar {
                TypeData::Float(k) => self.float_elem(t, k)?,
                TypeData::Integer { width, signedness } => self.int_elem(t, width, signedness)?,
                _ => self.int_elem(t, 64, Signedness::Signed)?,
            };
            vals.push(v);
        }
        // Complex pairs given for a scalar element type: MLIR keeps the
        // first values; a count it has no rule for is an error here.
        if !lit.shape.is_empty() {
            vals.truncate(num.saturating_mul(parts));
        }
        if vals.len() != parts && vals.len() != num.saturating_mul(parts) {
            let t = type_to_string(&self.m.ctx, ty);
            return self.err_at(
                at,
                format!(
                    "parsed {} elements, but type ('{t}') expected {} elements",
                    vals.len(),
                    num.saturating_mul(parts)
                ),
            );
        }
        Ok(DenseData::Bits(splat_normalize(vals, parts)))
    }

    /// MLIR's `getIntAttrElements` for one token.
    fn int_elem(&mut self, t: ElemTok, width: u32, sign: Signedness) -> PResult<u128> {
        if t.neg && sign == Signedness::Unsigned {
            return self.err_at(
                t.start,
                "expected unsigned integer elements, but parsed negative value",
            );
        }
        match t.kind {
            TokKind::Float => self.err_at(
                t.start,
                "expected integer elements, but parsed floating-point",
            ),
            TokKind::True | TokKind::False => {
                // MLIR's `isInteger(1)`: of any signedness.
                if width != 1 {
                    return self.err_at(t.start, "expected i1 type for 'true' or 'false' values");
                }
                Ok(u128::from(t.kind == TokKind::True))
            }
            TokKind::Str => self.err_at(t.start, "integer constant out of range for type"),
            TokKind::Int => {
                let NumLit::Int { mag, neg, .. } = self.tok_number(t) else {
                    return self.err_at(t.start, "expected integer literal");
                };
                let w = self.int_value(&mag, neg, width, sign, t.start, true)?;
                Ok(words_to_u128(&w))
            }
        }
    }

    /// MLIR's `getFloatAttrElements` for one token: at 22 the scalar
    /// `parseFloatFromLiteral` rules; at 19 a hex bit pattern or a float
    /// literal, anything else reported at the current token.
    fn float_elem(&mut self, t: ElemTok, k: crate::context::FloatKind) -> PResult<u128> {
        let v22 = self.v22();
        match (t.kind, self.tok_number(t)) {
            (TokKind::Float, NumLit::Float { text, neg }) => {
                match float::parse_decimal_literal(k, &text, neg) {
                    Some(b) => Ok(b),
                    None if v22 => self.err_at(t.start, "floating point value too large"),
                    None => self.err_here("floating point value too large for attribute"),
                }
            }
            (TokKind::Int, NumLit::Int { mag, neg, hex }) if hex || v22 => {
                self.float_from_int_literal(&mag, neg, hex, t.start, k.bit_width())
            }
            _ if v22 => self.err_at(t.start, "expected floating point literal"),
            _ => self.err_here("expected floating-point elements, but parsed integer"),
        }
    }

    /// MLIR's `getStringAttr`: every element a string (22 checks), or the
    /// string given for the whole literal.
    fn string_data(&mut self, lit: &TensorLit, at: usize) -> PResult<DenseData> {
        let save = self.pos;
        let mut syms = Vec::with_capacity(lit.storage.len().max(1));
        let toks: Vec<(usize, bool)> = match lit.hex {
            Some(p) => vec![(p, true)],
            None => lit
                .storage
                .iter()
                .map(|t| (t.start, t.kind == TokKind::Str))
                .collect(),
        };
        for (i, &(p, is_str)) in toks.iter().enumerate() {
            if !is_str {
                let t = lit.storage[i];
                let spelling = String::from_utf8_lossy(&self.src[t.start..t.end]).into_owned();
                self.pos = save;
                return self.err_at(at, format!("expected string token, got {spelling}"));
            }
            self.pos = p;
            let s = self.string_lit()?;
            syms.push(self.m.ctx.sym(&s));
        }
        self.pos = save;
        if syms.len() > 1 && syms.iter().all(|s| *s == syms[0]) {
            syms.truncate(1);
        }
        if syms.is_empty() {
            return Ok(DenseData::Bits(Box::new([])));
        }
        Ok(DenseData::Strings(syms.into()))
    }

    /// MLIR's `getHexAttr`: little-endian raw data for `num` elements of
    /// `parts` scalars each, or for one (a splat).
    fn hex_data(
        &mut self,
        hex_at: usize,
        ty: TypeId,
        scalar: &TypeData,
        parts: usize,
        num: usize,
        at: usize,
    ) -> PResult<DenseData> {
        let save = self.pos;
        self.pos = hex_at;
        let s = self.string_lit()?.into_owned();
        self.pos = save;
        let Some(bytes) = s.strip_prefix(b"0x").and_then(hex_decode) else {
            return self.err_at(
                hex_at,
                "expected string containing hex digits starting with `0x`",
            );
        };
        let bits = match scalar {
            TypeData::Integer { width, .. } => *width,
            TypeData::Float(k) => k.bit_width(),
            _ => 64,
        };
        let bad_size = |p: &Self| -> PResult<DenseData> {
            let t = type_to_string(&p.m.ctx, ty);
            p.err_at(
                at,
                format!("elements hex data size is invalid for provided type: '{t}'"),
            )
        };
        if bits > 128 {
            return self.err_at(at, "hex dense literal wider than 128 bits is not supported");
        }
        let mut vals: Vec<u128> = Vec::new();
        if bits == 1 && parts == 1 {
            if bytes.len() == 1 && (bytes[0] == 0 || bytes[0] == 0xff) {
                vals.push(u128::from(bytes[0] != 0));
            } else {
                if bytes.len() != num.div_ceil(8) {
                    return bad_size(self);
                }
                for i in 0..num {
                    vals.push(u128::from((bytes[i / 8] >> (i % 8)) & 1));
                }
            }
        } else {
            let esize = (bits as usize).div_ceil(8);
            if bytes.len() != esize * parts && bytes.len() != (esize * parts).saturating_mul(num) {
                return bad_size(self);
            }
            for c in bytes.chunks(esize.max(1)) {
                let mut v: u128 = 0;
                for (i, b) in c.iter().enumerate() {
                    v |= u128::from(*b) << (8 * i);
                }
                if bits < 128 {
                    v &= (1u128 << bits) - 1;
                }
                vals.push(v);
            }
        }
        Ok(DenseData::Bits(splat_normalize(vals, parts)))
    }

    /// `array<T>` or `array<T: v, ...>` (MLIR's `parseDenseArrayAttr`).
    pub(super) fn parse_dense_array(&mut self) -> PResult<AttrId> {
        self.expect(b'<', "'<' after 'array'")?;
        self.skip_ws();
        let at = self.pos;
        let elem = self.parse_type()?;
        let ed = self.m.ctx.type_data(elem).clone();
        let bits = match ed {
            TypeData::Integer { width, .. } => width,
            // MLIR 19 gives tf32 a bit width of 32.
            TypeData::Float(crate::context::FloatKind::TF32) if !self.v22() => 32,
            TypeData::Float(k) => k.bit_width(),
            _ => {
                let t = type_to_string(&self.m.ctx, elem);
                return self.err_at(at, format!("expected integer or float type, got: '{t}'"));
            }
        };
        let is_i1 = matches!(ed, TypeData::Integer { width: 1, .. });
        if !is_i1 && bits % 8 != 0 {
            return self.err_at(at, "element type bitwidth must be a multiple of 8");
        }
        let mut values = Vec::new();
        if !self.eat(b'>') {
            if !self.eat(b':') {
                return self.err_tok("expected ':' after dense array type");
            }
            loop {
                let v = match ed {
                    TypeData::Float(k) => self.dense_array_float(k)?,
                    TypeData::Integer { width, signedness } => {
                        self.dense_array_int(width, signedness, is_i1)?
                    }
                    _ => 0,
                };
                values.push(v);
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b'>', "'>' to close an array attribute")?;
        }
        Ok(self.m.ctx.attr(AttrData::DenseArray {
            elem,
            values: values.into(),
        }))
    }

    /// MLIR's `DenseArrayElementParser::parseIntegerElement`.
    fn dense_array_int(&mut self, width: u32, sign: Signedness, is_i1: bool) -> PResult<u128> {
        self.skip_ws();
        let neg = self.eat(b'-');
        let id = self.peek_ident();
        if id == b"true" || id == b"false" {
            if !is_i1 {
                return self.err_here("expected i1 type for 'true' or 'false' values");
            }
            self.pos += id.len();
            return Ok(u128::from(id == b"true"));
        }
        self.skip_ws();
        let start = self.pos;
        if !self.src.get(start).is_some_and(u8::is_ascii_digit) || self.scan_number() {
            self.pos = start;
            return self.err_here("expected integer literal");
        }
        if is_i1 && self.v22() {
            return self.err_here("expected 'true' or 'false' values for i1 type");
        }
        let tok = ElemTok {
            kind: TokKind::Int,
            neg,
            start,
            end: self.pos,
        };
        let NumLit::Int { mag, neg, .. } = self.tok_number(tok) else {
            return self.err_here("expected integer literal");
        };
        match self.int_value(&mag, neg, width, sign, start, true) {
            Ok(w) => Ok(words_to_u128(&w)),
            Err(_) => self.err_here("integer constant out of range"),
        }
    }

    /// MLIR's `DenseArrayElementParser::parseFloatElement`.
    fn dense_array_float(&mut self, k: crate::context::FloatKind) -> PResult<u128> {
        self.skip_ws();
        let neg = self.eat(b'-');
        self.skip_ws();
        let start = self.pos;
        if !self.src.get(start).is_some_and(u8::is_ascii_digit) {
            return if self.v22() {
                self.err_here("expected floating point literal")
            } else {
                self.err_here("expected integer or floating point literal")
            };
        }
        let kind = if self.scan_number() {
            TokKind::Float
        } else {
            TokKind::Int
        };
        let tok = ElemTok {
            kind,
            neg,
            start,
            end: self.pos,
        };
        match self.tok_number(tok) {
            NumLit::Float { text, neg } => match float::parse_decimal_literal(k, &text, neg) {
                Some(b) => Ok(b),
                None => self.err_at(start, "floating point value too large"),
            },
            NumLit::Int { mag, neg, hex } => {
                self.float_from_int_literal(&mag, neg, hex, start, k.bit_width())
            }
        }
    }

    /// `sparse<indices, values> : type` (MLIR's `parseSparseElementsAttr`
    /// and `SparseElementsAttr::verify`), with the position just after the
    /// keyword.
    pub(super) fn parse_sparse(&mut self) -> PResult<AttrId> {
        let kw_at = self.pos.saturating_sub(6);
        if !self.eat(b'<') {
            return self.err_tok("Expected '<' after 'sparse'");
        }
        let i64t = self.m.ctx.int_type(64);
        if self.eat(b'>') {
            let ty = self.elements_literal_type(kw_at, None)?;
            let (rank, elem) = self.shaped(ty);
            let ity = self.tensor_type(vec![0, rank], i64t);
            let vty = self.tensor_type(vec![0], elem);
            let none = || DenseData::Bits(Box::new([]));
            return Ok(self.sparse_attr(ty, ity, none(), vty, none()));
        }
        self.skip_ws();
        let indices_at = self.pos;
        let ind = self.parse_tensor_lit(false)?;
        self.expect(b',', "','")?;
        self.skip_ws();
        let values_at = self.pos;
        let val = self.parse_tensor_lit(true)?;
        self.expect(b'>', "'>'")?;
        let ty = self.elements_literal_type(kw_at, None)?;
        let (rank, elem) = self.shaped(ty);
        let ishape = if ind.shape.is_empty() {
            vec![1, rank]
        } else {
            ind.shape.clone()
        };
        let ity = self.tensor_type(ishape.clone(), i64t);
        let idata = self.tensor_lit_data(&ind, ity, indices_at)?;
        let vshape = if val.shape.is_empty() {
            vec![ishape[0]]
        } else {
            val.shape.clone()
        };
        let vty = self.tensor_type(vshape.clone(), elem);
        let vdata = self.tensor_lit_data(&val, vty, values_at)?;
        self.verify_sparse(kw_at, ty, &ishape, &idata, &vshape)?;
        Ok(self.sparse_attr(ty, ity, idata, vty, vdata))
    }

    fn shaped(&self, ty: TypeId) -> (i64, TypeId) {
        match self.m.ctx.type_data(ty) {
            TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => {
                (shape.len() as i64, *elem)
            }
            _ => (0, ty),
        }
    }

    fn tensor_type(&mut self, shape: Vec<i64>, elem: TypeId) -> TypeId {
        self.m.ctx.ty(TypeData::RankedTensor {
            shape: shape.into(),
            elem,
            encoding: None,
        })
    }

    fn sparse_attr(
        &mut self,
        ty: TypeId,
        ity: TypeId,
        idata: DenseData,
        vty: TypeId,
        vdata: DenseData,
    ) -> AttrId {
        let indices = self.m.ctx.attr(AttrData::Dense {
            ty: ity,
            data: idata,
        });
        let values = self.m.ctx.attr(AttrData::Dense {
            ty: vty,
            data: vdata,
        });
        self.m.ctx.attr(AttrData::Sparse {
            ty,
            indices,
            values,
        })
    }

    /// MLIR's `SparseElementsAttr::verify`, reported at the keyword.
    fn verify_sparse(
        &self,
        at: usize,
        ty: TypeId,
        ishape: &[i64],
        idata: &DenseData,
        vshape: &[i64],
    ) -> PResult<()> {
        if vshape.len() != 1 {
            return self.err_at(at, "expected 1-d tensor for sparse element values");
        }
        let shape: &[i64] = match self.m.ctx.type_data(ty) {
            TypeData::RankedTensor { shape, .. } | TypeData::Vector { shape, .. } => shape,
            _ => &[],
        };
        let rank = shape.len();
        let join = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
        let shape_ok = match ishape.len() {
            2 => ishape[1] == rank as i64,
            1 => rank == 1,
            _ => false,
        } && ishape[0] == vshape[0];
        if !shape_ok {
            return self.err_at(
                at,
                format!(
                    "expected shape ([{}]); inferred shape of indices literal ([{}]); inferred shape of values literal ([{}])",
                    join(shape),
                    join(ishape),
                    join(vshape)
                ),
            );
        }
        let DenseData::Bits(vals) = idata else {
            return Ok(());
        };
        let valid = |index: &[u64]| {
            index.len() == rank && index.iter().zip(shape).all(|(&i, &d)| (i as i64) < d)
        };
        let bad = |n: usize, index: &[u64]| {
            let t = type_to_string(&self.m.ctx, ty);
            let idx: Vec<String> = index.iter().map(u64::to_string).collect();
            self.err_at(
                at,
                format!(
                    "sparse index #{n} is not contained within the value shape, with index=[{}], and type='{t}'",
                    idx.join(", ")
                ),
            )
        };
        if vals.len() == 1 {
            let index = vec![vals[0] as u64; rank];
            return if valid(&index) {
                Ok(())
            } else {
                bad(0, &index)
            };
        }
        let n = ishape[0].max(0) as usize;
        for i in 0..n {
            let index: Vec<u64> = (0..rank)
                .map(|j| vals.get(i * rank + j).copied().unwrap_or(0) as u64)
                .collect();
            if !valid(&index) {
                return bad(i, &index);
            }
        }
        Ok(())
    }

    /// `dense_resource<handle>` and its type, with the position just after
    /// the keyword at `kw_at`.
    pub(super) fn parse_dense_resource(&mut self) -> PResult<AttrId> {
        self.expect(b'<', "'<' after 'dense_resource'")?;
        self.skip_ws();
        let s = self.pos;
        let name = self.suffix_id().to_vec();
        if name.is_empty() {
            return self.err_at(s, "expected identifier key for 'resource' entry");
        }
        self.expect(b'>', "'>'")?;
        self.skip_ws();
        let type_at = self.pos;
        self.expect(b':', "':'")?;
        let ty = self.parse_type()?;
        if !matches!(
            self.m.ctx.type_data(ty),
            TypeData::RankedTensor { .. }
                | TypeData::UnrankedTensor { .. }
                | TypeData::Vector { .. }
                | TypeData::MemRef { .. }
                | TypeData::UnrankedMemRef { .. }
        ) {
            return self.err_at(type_at, "`dense_resource` expected a shaped type");
        }
        let handle = self.m.ctx.sym(&name);
        Ok(self.m.ctx.attr(AttrData::DenseResource { ty, handle }))
    }
}
