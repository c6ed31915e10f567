//! Types: function types, `!alias` and dialect types, and the builtin
//! types with MLIR's checks and messages per release (integer widths,
//! vector sizes and elements, tensor and memref element types, memref
//! layouts and memory spaces), including the strided layout attribute a
//! memref type carries.

use super::{is_id_char, plain_dialect_end, PResult, Parser, MAX_DEPTH, PLAIN_DEPTH};
use crate::context::{AttrData, AttrId, FloatKind, Signedness, TypeData, TypeId};
use crate::dialect::MlirRelease;

impl<'a> Parser<'a> {
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
    pub(super) fn starts_builtin_type(&self, id: &[u8]) -> bool {
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
    pub(super) fn parse_strided(&mut self, start: usize) -> PResult<AttrId> {
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
