//! Parsing ops in their custom syntax: the format engine's reading half,
//! and the op-building step shared with the hand-written parsers.

use super::custom;
use super::format::{Elem, Format, TypeArg};
use crate::context::{AttrData, AttrId, Piece, Sym, TypeData, TypeId};
use crate::dialect::{
    Arity, AttrDef, AttrKind, ConstraintKind, Derive, ExactType, OpDef, OpSyntax, Trait,
};
use crate::ir::{BlockId, OpId, OpSpec, RegionId};
use crate::parser::{pieces_text, PResult, Parser};
use irkit_diag::Span;

/// An SSA use as written: name, result number, span.
pub(crate) type UseRef<'a> = (&'a [u8], u32, Span);

/// What parsing an op's custom form collected, per definition slot.
#[derive(Default)]
pub(crate) struct Parsed<'a> {
    pub operands: Vec<Vec<UseRef<'a>>>,
    pub all_operands: Option<Vec<UseRef<'a>>>,
    pub operand_types: Vec<Option<Vec<TypeId>>>,
    pub all_operand_types: Option<Vec<TypeId>>,
    /// Where each operand group (and `operands`) began: MLIR resolves a
    /// group's operands there (`resolveOperands(.., loc, ..)`), so a count
    /// mismatch is reported there. None: at the op's name.
    pub operand_at: Vec<Option<usize>>,
    pub all_operands_at: Option<usize>,
    /// An error a hand-written parser found in an operand group (its
    /// index), reported when the groups are resolved in order: (group,
    /// where, message).
    pub group_error: Option<(usize, usize, String)>,
    pub result_types: Vec<Option<Vec<TypeId>>>,
    pub all_result_types: Option<Vec<TypeId>>,
    pub attrs: Vec<Option<AttrId>>,
    pub regions: Vec<Vec<RegionId>>,
    pub successors: Vec<Vec<(BlockId, Span)>>,
    /// Entries of `attr-dict` / `prop-dict`.
    pub dict: Vec<(Sym, AttrId)>,
    /// Regions a hand-written parser read that get the op's implicit
    /// terminator (a declarative format: every region).
    pub implicit_terminator_regions: Vec<RegionId>,
}

impl<'a> Parsed<'a> {
    /// Empties a used `Parsed` for `def`, keeping its buffers.
    fn reset(&mut self, def: &OpDef) {
        fn fit<T: Default>(v: &mut Vec<T>, n: usize, clear: impl Fn(&mut T)) {
            v.truncate(n);
            v.iter_mut().for_each(clear);
            v.resize_with(n, Default::default);
        }
        fit(&mut self.operands, def.operands.len(), Vec::clear);
        self.all_operands = None;
        fit(&mut self.operand_types, def.operands.len(), |t| *t = None);
        self.all_operand_types = None;
        fit(&mut self.operand_at, def.operands.len(), |t| *t = None);
        self.all_operands_at = None;
        self.group_error = None;
        fit(&mut self.result_types, def.results.len(), |t| *t = None);
        self.all_result_types = None;
        fit(&mut self.attrs, def.attrs.len(), |a| *a = None);
        fit(&mut self.regions, def.regions.len(), Vec::clear);
        fit(&mut self.successors, def.successors.len(), Vec::clear);
        self.dict.clear();
        self.implicit_terminator_regions.clear();
    }

    pub(crate) fn new(def: &OpDef) -> Parsed<'a> {
        Parsed {
            operands: vec![Vec::new(); def.operands.len()],
            operand_types: vec![None; def.operands.len()],
            operand_at: vec![None; def.operands.len()],
            result_types: vec![None; def.results.len()],
            attrs: vec![None; def.attrs.len()],
            regions: vec![Vec::new(); def.regions.len()],
            successors: vec![Vec::new(); def.successors.len()],
            ..Default::default()
        }
    }
}

impl<'a> Parser<'a> {
    /// An op in custom syntax: `[results =] name ...`. The name may omit
    /// the enclosing region's default dialect.
    pub(crate) fn parse_custom_operation(
        &mut self,
        op_start: usize,
        results: Vec<UseRef<'a>>,
    ) -> PResult<OpId> {
        self.skip_ws();
        let name_start = self.pos;
        let ident = self.peek_ident();
        let name_lc = self.line_col(name_start);
        self.pos += ident.len();
        let name_span = Span::new(name_start as u32, self.pos as u32);
        let Some(reg) = self.reg else {
            return self.err_at(name_start, "custom op syntax needs dialect definitions");
        };
        let def = if ident.contains(&b'.') {
            reg.get(ident)
        } else {
            let dd = self.dialect_stack.last().copied().unwrap_or("");
            let mut full = dd.as_bytes().to_vec();
            full.push(b'.');
            full.extend_from_slice(ident);
            reg.get(&full)
        };
        let def = def.filter(|d| match &d.syntax {
            OpSyntax::Generic => false,
            OpSyntax::Format(..) => true,
            OpSyntax::Custom => custom::has_custom_syntax(&d.name),
        });
        let Some(def) = def else {
            let name = String::from_utf8_lossy(ident);
            let dd = self.dialect_stack.last().copied().unwrap_or("");
            let msg = if ident.contains(&b'.') || dd.is_empty() {
                format!("custom op '{name}' is unknown")
            } else {
                format!("custom op '{name}' is unknown (tried '{dd}.{name}' as well)")
            };
            return self.err_at(name_start, msg);
        };
        self.dialect_stack
            .push(def.default_dialect.as_deref().unwrap_or(""));
        let outer_name = self.custom_op_name.replace(def.name.clone());
        let parsed = match &def.syntax {
            OpSyntax::Format(f, _) => self.parse_with_format(def, f),
            _ => custom::parse(self, def, name_start),
        };
        self.dialect_stack.pop();
        self.custom_op_name = outer_name;
        let parsed = parsed?;
        self.build_custom_op(
            def, parsed, op_start, name_start, name_span, name_lc, results,
        )
    }

    /// A [`Parsed`] for `def`, reusing the buffers of an op built before
    /// (ops nest, so a few are in use at once).
    pub(crate) fn new_parsed(&mut self, def: &OpDef) -> Parsed<'a> {
        match self.parsed_pool.pop() {
            Some(mut p) => {
                p.reset(def);
                p
            }
            None => Parsed::new(def),
        }
    }

    fn parse_with_format(&mut self, def: &OpDef, f: &Format) -> PResult<Parsed<'a>> {
        let mut out = self.new_parsed(def);
        for e in f.elems.iter() {
            self.parse_elem(def, e, &mut out)?;
        }
        Ok(out)
    }

    fn parse_elem(&mut self, def: &OpDef, e: &Elem, out: &mut Parsed<'a>) -> PResult<()> {
        match e {
            Elem::Literal(s) => {
                if !self.eat_literal(s) {
                    // A keyword is the generated parser's `parseKeyword`:
                    // reported at the token found, through the op's parser
                    // (`custom op 'NAME' ...`); punctuation is `parseToken`'s
                    // wrong-token error, after what came before.
                    if s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
                        self.skip_ws();
                        return self.err_at(
                            self.pos,
                            format!(
                                "custom op '{}' expected '{s}'",
                                self.custom_op_name.as_deref().unwrap_or("")
                            ),
                        );
                    }
                    return self.err_tok(format!("expected '{s}'"));
                }
            }
            Elem::Space(_) | Elem::Newline => {}
            Elem::Operand(i) => {
                let i = *i as usize;
                self.skip_ws();
                out.operand_at[i] = Some(self.pos);
                match def.operands[i].arity {
                    Arity::Single => {
                        let r = self.parse_value_ref()?;
                        out.operands[i].push(r);
                    }
                    Arity::Optional => {
                        if self.peek() == Some(b'%') {
                            let r = self.parse_value_ref()?;
                            out.operands[i].push(r);
                        }
                    }
                    Arity::Variadic => {
                        let list = self.parse_optional_use_list()?;
                        out.operands[i] = list;
                    }
                }
            }
            Elem::Operands => {
                self.skip_ws();
                out.all_operands_at = Some(self.pos);
                let list = self.parse_optional_use_list()?;
                out.all_operands = Some(list);
            }
            Elem::Attr { idx, qualified } => {
                let ad = &def.attrs[*idx as usize];
                let a = self.parse_format_attr(ad, *qualified)?;
                out.attrs[*idx as usize] = Some(a);
            }
            Elem::Region(i) => {
                let i = *i as usize;
                if def.regions[i].variadic {
                    if self.peek() == Some(b'{') {
                        loop {
                            let r = self.m.regions.alloc(Default::default());
                            self.parse_region(r)?;
                            out.regions[i].push(r);
                            if !self.eat(b',') {
                                break;
                            }
                        }
                    }
                } else {
                    let r = self.m.regions.alloc(Default::default());
                    self.parse_region(r)?;
                    out.regions[i].push(r);
                }
            }
            Elem::Regions => {
                // Every region in order, comma separated.
                let mut all = Vec::new();
                if self.peek() == Some(b'{') {
                    loop {
                        let r = self.m.regions.alloc(Default::default());
                        self.parse_region(r)?;
                        all.push(r);
                        if !self.eat(b',') {
                            break;
                        }
                    }
                }
                if let Some(first) = out.regions.first_mut() {
                    *first = all;
                }
            }
            Elem::Successor(i) => {
                let i = *i as usize;
                if def.successors[i].variadic {
                    if self.peek() == Some(b'^') {
                        loop {
                            let s = self.parse_successor()?;
                            out.successors[i].push(s);
                            if !self.eat(b',') {
                                break;
                            }
                        }
                    }
                } else {
                    let s = self.parse_successor()?;
                    out.successors[i].push(s);
                }
            }
            Elem::Successors => {
                let mut all = Vec::new();
                if self.peek() == Some(b'^') {
                    loop {
                        all.push(self.parse_successor()?);
                        if !self.eat(b',') {
                            break;
                        }
                    }
                }
                if let Some(first) = out.successors.first_mut() {
                    *first = all;
                }
            }
            Elem::AttrDict { keyword } => {
                let present = if *keyword {
                    self.eat_keyword("attributes")
                } else {
                    self.peek() == Some(b'{')
                };
                if present {
                    let d = self.parse_dict()?;
                    if let AttrData::Dict(es) = self.m.ctx.attr_data(d) {
                        out.dict.extend(es.iter().copied());
                    }
                }
            }
            Elem::PropDict => {
                self.expect(b'<', "'<'")?;
                let d = self.parse_attr()?;
                self.expect(b'>', "'>'")?;
                if let AttrData::Dict(es) = self.m.ctx.attr_data(d) {
                    out.dict.extend(es.iter().copied());
                }
            }
            Elem::Type { arg, .. } => {
                let single = match arg {
                    TypeArg::Operand(i) => def.operands[*i as usize].arity == Arity::Single,
                    TypeArg::Result(i) => def.results[*i as usize].arity == Arity::Single,
                    TypeArg::Operands | TypeArg::Results => false,
                };
                let types = if single {
                    vec![self.parse_type()?]
                } else {
                    self.parse_optional_type_list()?
                };
                set_types(out, *arg, types);
            }
            Elem::FunctionalType(ins, outs) => {
                self.skip_ws();
                let at = self.pos;
                let t = self.parse_type()?;
                let (i, o) = match self.m.ctx.type_data(t) {
                    TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
                    _ => return self.err_at(at, "expected function type"),
                };
                set_types(out, *ins, i);
                set_types(out, *outs, o);
            }
            Elem::Optional { then, els, anchor } => {
                let first = then
                    .iter()
                    .find(|e| !matches!(e, Elem::Space(_) | Elem::Newline));
                let present = match first {
                    Some(first) => self.peek_elem(def, first),
                    None => false,
                };
                if present {
                    // A unit attribute anchor that is not the first element
                    // is not written: the group's presence sets it.
                    let elided = match &**anchor {
                        Elem::Attr { idx, .. }
                            if def.attrs[*idx as usize].kind == AttrKind::Unit
                                && first != Some(anchor) =>
                        {
                            Some(&**anchor)
                        }
                        _ => None,
                    };
                    for c in then.iter() {
                        if Some(c) != elided {
                            self.parse_elem(def, c, out)?;
                        }
                    }
                    // A unit attribute anchor is implied by the group.
                    if let Elem::Attr { idx, .. } = &**anchor {
                        if def.attrs[*idx as usize].kind == AttrKind::Unit
                            && out.attrs[*idx as usize].is_none()
                        {
                            out.attrs[*idx as usize] = Some(self.m.ctx.unit_attr());
                        }
                    }
                } else {
                    for c in els.iter() {
                        self.parse_elem(def, c, out)?;
                    }
                }
            }
            Elem::Custom { name, args } => {
                return custom::parse_directive(self, def, name, args, out);
            }
            Elem::Ref(_) => {}
        }
        Ok(())
    }

    /// A decimal or `0x` hexadecimal integer literal (MLIR's
    /// `parseInteger` of a bare attribute value).
    fn format_integer(&mut self) -> PResult<u64> {
        self.skip_ws();
        let start = self.pos;
        let hex = self.src[start..].starts_with(b"0x")
            && self
                .src
                .get(start + 2)
                .is_some_and(|c| c.is_ascii_hexdigit());
        if !hex {
            return self.integer();
        }
        let mut end = start + 2;
        while self.src.get(end).is_some_and(|c| c.is_ascii_hexdigit()) {
            end += 1;
        }
        let digits = std::str::from_utf8(&self.src[start + 2..end]).unwrap_or("");
        match u64::from_str_radix(digits, 16) {
            Ok(v) => {
                self.pos = end;
                Ok(v)
            }
            Err(_) => self.err_at(start, "integer value too large"),
        }
    }

    /// A literal: a keyword must be a whole identifier.
    fn eat_literal(&mut self, s: &str) -> bool {
        let b = s.as_bytes();
        if b[0].is_ascii_alphabetic() || b[0] == b'_' {
            self.eat_keyword(s)
        } else {
            self.eat_str(s)
        }
    }

    /// Whether the next token can start `e` (the first element of an
    /// optional group decides whether the group is present).
    fn peek_elem(&mut self, def: &OpDef, e: &Elem) -> bool {
        match e {
            Elem::Literal(s) => {
                let b = s.as_bytes();
                if b[0].is_ascii_alphabetic() || b[0] == b'_' {
                    self.peek_ident() == b
                } else {
                    self.skip_ws();
                    self.src[self.pos..].starts_with(b)
                }
            }
            Elem::Operand(_) | Elem::Operands => self.peek() == Some(b'%'),
            Elem::Region(_) | Elem::Regions => self.peek() == Some(b'{'),
            // `custom<OpBundles>` starts with its list.
            Elem::Custom { name, .. } if &**name == "OpBundles" => self.peek() == Some(b'['),
            Elem::Successor(_) | Elem::Successors => self.peek() == Some(b'^'),
            Elem::Type { .. } | Elem::FunctionalType(..) => {
                matches!(self.peek(), Some(b'!' | b'(')) || !self.peek_ident().is_empty()
            }
            Elem::Attr { idx, qualified } => {
                let ad = &def.attrs[*idx as usize];
                match &ad.kind {
                    AttrKind::SymbolName | AttrKind::FlatSymbolRef | AttrKind::SymbolRef => {
                        self.peek() == Some(b'@')
                    }
                    AttrKind::IntEnum { .. } if !ad.case_names.is_empty() => {
                        let id = self.peek_ident();
                        ad.case_names.iter().any(|n| n.as_bytes() == id)
                    }
                    AttrKind::BitEnum(b) => {
                        let id = self.peek_ident();
                        if b.mnemonic.is_empty() {
                            ad.case_names.iter().any(|n| n.as_bytes() == id)
                        } else {
                            id == b.mnemonic.as_bytes()
                        }
                    }
                    AttrKind::DialectAttr { .. } if !qualified => {
                        self.peek() == Some(b'<') || !self.peek_ident().is_empty()
                    }
                    AttrKind::String => self.peek() == Some(b'"'),
                    _ => !matches!(
                        self.peek(),
                        None | Some(b':' | b')' | b',' | b'}' | b']' | b'>' | b'=')
                    ),
                }
            }
            _ => false,
        }
    }

    pub(crate) fn parse_successor(&mut self) -> PResult<(BlockId, Span)> {
        self.skip_ws();
        let s = self.pos;
        if !self.eat(b'^') {
            return self.err_at(s, "expected block name");
        }
        let name = self.suffix_id();
        let span = Span::new(s as u32, self.pos as u32);
        Ok((self.block_ref(name, span), span))
    }

    /// `%a, %b` or nothing.
    fn parse_optional_use_list(&mut self) -> PResult<Vec<UseRef<'a>>> {
        let mut list = Vec::new();
        if self.peek() == Some(b'%') {
            loop {
                list.push(self.parse_value_ref()?);
                let save = self.pos;
                if self.eat(b',') && self.peek() == Some(b'%') {
                    continue;
                }
                self.pos = save;
                break;
            }
        }
        Ok(list)
    }

    /// `T, U` or nothing (a variadic `type(...)`).
    fn parse_optional_type_list(&mut self) -> PResult<Vec<TypeId>> {
        let mut list = Vec::new();
        let starts_type = |p: &mut Parser<'a>| {
            matches!(p.peek(), Some(b'!' | b'(')) || {
                let id = p.peek_ident();
                !id.is_empty() && id != b"attributes" && id != b"to"
            }
        };
        if starts_type(self) {
            // MLIR's `parseTypeList`: a type follows every comma.
            loop {
                list.push(self.parse_type()?);
                if !self.eat(b',') {
                    break;
                }
            }
        }
        Ok(list)
    }

    fn parse_format_attr(&mut self, ad: &AttrDef, qualified: bool) -> PResult<AttrId> {
        self.skip_ws();
        let at = self.pos;
        match &ad.kind {
            AttrKind::SymbolName => {
                if !self.eat(b'@') {
                    return self.err_tok("expected valid '@'-identifier for symbol name");
                }
                let name: Vec<u8> = if self.peek_at(0) == Some(b'"') {
                    self.string_lit()?.into_owned()
                } else {
                    let id = self.suffix_id();
                    if id.is_empty() {
                        return self.err_at(at, "expected valid '@'-identifier for symbol name");
                    }
                    id.to_vec()
                };
                Ok(self.m.ctx.string_attr(&name))
            }
            // `parseAttribute<FlatSymbolRefAttr>`: any attribute is read
            // (a string takes a `: type`), then its kind is checked.
            AttrKind::FlatSymbolRef | AttrKind::SymbolRef => {
                let a = self.parse_attr()?;
                match self.m.ctx.attr_data(a) {
                    AttrData::SymbolRef(path)
                        if path.len() == 1 || matches!(ad.kind, AttrKind::SymbolRef) =>
                    {
                        Ok(a)
                    }
                    _ => self.err_at(
                        at,
                        format!(
                            "custom op '{}' invalid kind of attribute specified",
                            self.custom_op_name.as_deref().unwrap_or("")
                        ),
                    ),
                }
            }
            AttrKind::Float64 if matches!(self.peek(), Some(b'-' | b'0'..=b'9')) => {
                self.parse_f64_literal()
            }
            // MLIR's generated parser reads a `StrAttr` with the none type
            // given: a `: type` after the string is not the attribute's.
            AttrKind::String if self.peek() == Some(b'"') => {
                let s = self.string_lit()?.into_owned();
                Ok(self.m.ctx.string_attr(&s))
            }
            AttrKind::BitEnum(b) => {
                let named = !b.mnemonic.is_empty();
                if named {
                    if self.peek_ident() != b.mnemonic.as_bytes() {
                        return self.err_tok(format!("expected '{}'", b.mnemonic));
                    }
                    self.pos += b.mnemonic.len();
                    self.expect(b'<', "'<'")?;
                }
                let bar = b.separator.contains('|');
                let mut flags = 0u64;
                loop {
                    self.skip_ws();
                    let kw_at = self.pos;
                    let id = self.peek_ident();
                    if id.is_empty() {
                        return self.err_at(kw_at, format!("expected keyword for {}", ad.summary));
                    }
                    let Some(i) = ad.case_names.iter().position(|n| n.as_bytes() == id) else {
                        let got = String::from_utf8_lossy(id).into_owned();
                        return self.err_at(
                            kw_at,
                            format!(
                                "expected one of [{}] for {}, got: {got}",
                                ad.case_names.join(", "),
                                ad.summary
                            ),
                        );
                    };
                    self.pos += id.len();
                    flags |= b.cases.get(i).copied().unwrap_or(0);
                    if !self.eat(if bar { b'|' } else { b',' }) {
                        break;
                    }
                }
                if named {
                    self.expect(b'>', "'>'")?;
                }
                let ty = self.m.ctx.int_type(32);
                Ok(self.m.ctx.attr(AttrData::Integer {
                    ty,
                    words: vec![flags].into(),
                }))
            }
            AttrKind::IntEnum { width, cases } if !ad.case_names.is_empty() => {
                let id = self.peek_ident();
                let Some(i) = ad.case_names.iter().position(|n| n.as_bytes() == id) else {
                    return self.err_at(
                        at,
                        format!(
                            "custom op '{}' expected string or keyword containing one of the following enum values for attribute '{}' [{}]",
                            self.custom_op_name.as_deref().unwrap_or(""),
                            ad.name,
                            ad.case_names.join(", ")
                        ),
                    );
                };
                self.pos += id.len();
                let v = cases.get(i).copied().unwrap_or(0) as u64;
                let ty = self.m.ctx.int_type(*width);
                let mask = if *width >= 64 {
                    u64::MAX
                } else {
                    (1u64 << *width) - 1
                };
                Ok(self.m.ctx.attr(AttrData::Integer {
                    ty,
                    words: vec![v & mask].into(),
                }))
            }
            AttrKind::DialectAttr { dialect, mnemonic }
                if !qualified && !mnemonic.is_empty() && !self.peek_ident().is_empty() =>
            {
                // An enum attribute written as its case: `<mnemonic case>`.
                let id = self.peek_ident();
                self.pos += id.len();
                let mut text = b"<".to_vec();
                text.extend_from_slice(mnemonic.as_bytes());
                text.push(b' ');
                text.extend_from_slice(id);
                text.push(b'>');
                let mut pieces: Vec<Piece> = Vec::new();
                pieces_text(&mut self.m.ctx, &mut pieces, &text);
                let d = self.m.ctx.sym(dialect.as_bytes());
                Ok(self.m.ctx.attr(AttrData::Dialect {
                    dialect: d,
                    body: pieces.into(),
                }))
            }
            AttrKind::DialectAttr { dialect, mnemonic }
                if !qualified && !mnemonic.is_empty() && self.peek() == Some(b'<') =>
            {
                let mut pieces: Vec<Piece> = Vec::new();
                let mut prefix = b".".to_vec();
                prefix.extend_from_slice(mnemonic.as_bytes());
                pieces_text(&mut self.m.ctx, &mut pieces, &prefix);
                let registered = crate::registry::is_registered_dialect(dialect.as_bytes());
                let start = self.pos;
                let mut text_start = start;
                let end = self.scan_pretty_body(start, registered, &mut pieces, &mut text_start)?;
                let src = self.src;
                pieces_text(&mut self.m.ctx, &mut pieces, &src[text_start..end]);
                crate::parser::canonicalize_pieces(
                    &mut self.m.ctx,
                    dialect.as_bytes(),
                    &mut pieces,
                );
                self.pos = end;
                let d = self.m.ctx.sym(dialect.as_bytes());
                Ok(self.m.ctx.attr(AttrData::Dialect {
                    dialect: d,
                    body: pieces.into(),
                }))
            }
            AttrKind::DenseI32Array | AttrKind::DenseI64Array if self.peek() == Some(b'[') => {
                let width = if matches!(ad.kind, AttrKind::DenseI32Array) {
                    32
                } else {
                    64
                };
                self.pos += 1;
                let mut vals: Vec<i64> = Vec::new();
                if !self.eat(b']') {
                    loop {
                        self.skip_ws();
                        let neg = self.eat(b'-');
                        let v = self.integer()? as i64;
                        vals.push(if neg { v.wrapping_neg() } else { v });
                        if self.eat(b']') {
                            break;
                        }
                        self.expect(b',', "','")?;
                    }
                }
                Ok(super::llvm::dense_attr(&mut self.m.ctx, width, &vals))
            }
            AttrKind::Int32 if matches!(self.peek(), Some(b'-' | b'0'..=b'9')) => {
                // A bare number of the buildable type `i32`.
                let neg = self.eat(b'-');
                let v = self.format_integer()?;
                let v = if neg {
                    (v as i64).wrapping_neg() as u64
                } else {
                    v
                };
                let ty = self.m.ctx.int_type(32);
                Ok(self.m.ctx.attr(AttrData::Integer {
                    ty,
                    words: Box::new([v & 0xffff_ffff]),
                }))
            }
            AttrKind::IndexInt if matches!(self.peek(), Some(b'-' | b'0'..=b'9')) => {
                let neg = self.eat(b'-');
                let v = self.format_integer()?;
                let v = if neg {
                    (v as i64).wrapping_neg() as u64
                } else {
                    v
                };
                let ty = self.m.ctx.ty(TypeData::Index);
                Ok(self.m.ctx.attr(AttrData::Integer {
                    ty,
                    words: Box::new([v]),
                }))
            }
            AttrKind::Typed => {
                // `true`/`false` are BoolAttrs: no `: type` follows them
                // (MLIR's attribute parser reads the bare keyword).
                let id = self.peek_ident();
                if id == b"true" || id == b"false" {
                    let v = u64::from(id == b"true");
                    self.pos += id.len();
                    let ty = self.m.ctx.int_type(1);
                    return Ok(self.m.ctx.attr(AttrData::Integer {
                        ty,
                        words: Box::new([v]),
                    }));
                }
                let a = self.parse_attr()?;
                if crate::verify::ops::is_typed_attr(self.m.ctx.attr_data(a))
                    || matches!(self.m.ctx.attr_data(a), AttrData::String { .. })
                {
                    Ok(a)
                } else {
                    self.err_at(
                        at,
                        format!(
                            "custom op '{}' invalid kind of attribute specified",
                            self.custom_op_name.as_deref().unwrap_or("")
                        ),
                    )
                }
            }
            _ => self.parse_attr(),
        }
    }

    /// Resolves types, operands and properties, and creates the op.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build_custom_op(
        &mut self,
        def: &OpDef,
        mut p: Parsed<'a>,
        op_start: usize,
        name_start: usize,
        name_span: Span,
        name_lc: (u32, u32),
        results: Vec<UseRef<'a>>,
    ) -> PResult<OpId> {
        // `type(operands)` / `functional-type(operands, ...)` with the
        // operands bound one by one: the types go to them in order.
        if p.all_operands.is_none() {
            if let Some(all) = p.all_operand_types.take() {
                let mut rest = all.into_iter();
                for (i, uses) in p.operands.iter().enumerate() {
                    p.operand_types[i] = Some(rest.by_ref().take(uses.len()).collect());
                }
            }
        }
        // `operands` with `type($a)`/`type($b)` bound one by one (e.g.
        // `llvm.select`): each single operand takes its own type.
        if p.all_operands.is_some()
            && p.all_operand_types.is_none()
            && def.operands.iter().all(|o| o.arity == Arity::Single)
        {
            if let Some(all) = p.all_operands.take() {
                for (i, u) in all.into_iter().enumerate() {
                    if let Some(slot) = p.operands.get_mut(i) {
                        slot.push(u);
                    }
                }
            }
        }
        self.infer_types(def, &mut p, name_start)?;
        // Operand types.
        // The operand lists: the parsed ones when the format reads them
        // whole, else gathered in the parser's scratch buffers.
        let mut scratch = false;
        let (refs, types): (Vec<UseRef<'a>>, Vec<TypeId>) = match p.all_operands.take() {
            Some(all) => {
                let types = p.all_operand_types.take().unwrap_or_default();
                (all, types)
            }
            None => {
                let mut refs = std::mem::take(&mut self.scratch_refs);
                let mut types = std::mem::take(&mut self.scratch_types);
                refs.clear();
                types.clear();
                scratch = true;
                for (i, uses) in p.operands.iter().enumerate() {
                    let ts: &[TypeId] = match &p.operand_types[i] {
                        Some(t) => t,
                        None => {
                            if uses.is_empty() {
                                &[]
                            } else {
                                return self.err_at(
                                    name_start,
                                    format!(
                                        "type of operand '{}' of '{}' cannot be inferred from its format",
                                        def.operands[i].name.as_deref().unwrap_or("?"),
                                        def.name
                                    ),
                                );
                            }
                        }
                    };
                    if let Some((_, at, msg)) = p.group_error.take_if(|e| e.0 == i) {
                        return self.err_at(at, msg);
                    }
                    if ts.len() != uses.len() {
                        let at = p.operand_at[i].unwrap_or(name_start);
                        return self
                            .err_at(at, self.custom_count_message(def, uses.len(), ts.len()));
                    }
                    refs.extend(uses.iter().copied());
                    types.extend_from_slice(ts);
                }
                (refs, types)
            }
        };
        if refs.len() != types.len() {
            let at = p.all_operands_at.unwrap_or(name_start);
            return self.err_at(at, self.custom_count_message(def, refs.len(), types.len()));
        }
        let mut operands = Vec::with_capacity(refs.len());
        let mut operand_spans = Vec::with_capacity(refs.len());
        for (&(n, idx, span), &ty) in refs.iter().zip(types.iter()) {
            operands.push(self.resolve_use(n, idx, span, ty)?);
            operand_spans.push(span);
        }
        if scratch {
            self.scratch_refs = refs;
            self.scratch_types = types;
        }
        // Result types.
        let outputs: Vec<TypeId> = match p.all_result_types.take() {
            Some(t) => t,
            None => {
                let mut out = Vec::new();
                for (i, t) in p.result_types.iter().enumerate() {
                    match t {
                        Some(t) => out.extend(t.iter().copied()),
                        None if def.results[i].arity == Arity::Single => {
                            return self.err_at(
                                name_start,
                                format!(
                                "type of result '{}' of '{}' cannot be inferred from its format",
                                def.results[i].name.as_deref().unwrap_or("?"),
                                def.name
                            ),
                            )
                        }
                        None => {}
                    }
                }
                out
            }
        };
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
        // Properties: the format's attributes, inherent ones of the
        // dictionary, defaults, segment sizes; the rest is discardable.
        let mut props = std::mem::take(&mut self.scratch_props);
        let mut discardable = std::mem::take(&mut self.scratch_attrs);
        props.clear();
        discardable.clear();
        for (i, a) in p.attrs.iter().enumerate() {
            if let Some(a) = a {
                let k = self.def_sym(def, i + 1);
                props.push((k, *a));
            }
        }
        for &(k, v) in &p.dict {
            let kb = self.m.ctx.bytes(k);
            let inherent = def.attrs.iter().any(|a| a.name.as_bytes() == kb)
                || (kb == b"operandSegmentSizes" && def.has(Trait::AttrSizedOperandSegments));
            if inherent {
                // MLIR sets the dictionary's inherent attributes after the
                // format's (`Operation::setAttrs`): the dictionary wins.
                match props.iter_mut().find(|(n, _)| *n == k) {
                    Some(slot) => slot.1 = v,
                    None => props.push((k, v)),
                }
            } else {
                discardable.push((k, v));
            }
        }
        for (ai, ad) in def.attrs.iter().enumerate() {
            let Some(text) = ad.default.as_ref().filter(|_| ad.fill_default) else {
                continue;
            };
            let k = self.def_sym(def, ai + 1);
            if props.iter().any(|(n, _)| *n == k) {
                continue;
            }
            if let Some(a) = self.parse_attr_text(text) {
                props.push((k, a));
            }
        }
        for (ai, ad) in def.attrs.iter().enumerate() {
            if !ad.segment_sizes {
                continue;
            }
            let k = self.def_sym(def, ai + 1);
            if !props.iter().any(|(n, _)| *n == k) {
                let elem = self.m.ctx.int_type(32);
                let a = self.m.ctx.attr(AttrData::DenseArray {
                    elem,
                    values: Box::new([]),
                });
                props.push((k, a));
            }
        }
        if def.has(Trait::AttrSizedOperandSegments) {
            let k = self.m.ctx.sym(b"operandSegmentSizes");
            if !props.iter().any(|(n, _)| *n == k) && p.all_operands.is_none() {
                let elem = self.m.ctx.int_type(32);
                let values: Box<[u128]> = p.operands.iter().map(|o| o.len() as u128).collect();
                let a = self.m.ctx.attr(AttrData::DenseArray { elem, values });
                props.push((k, a));
            }
        }
        let properties = if props.is_empty() {
            None
        } else {
            match self.m.ctx.dict_attr_in(&mut props) {
                Ok(d) => Some(d),
                Err(k) => {
                    let n = String::from_utf8_lossy(self.m.ctx.bytes(k)).into_owned();
                    return self
                        .err_at(name_start, format!("attribute '{n}' occurs more than once"));
                }
            }
        };
        let attrs = match self.m.ctx.dict_attr_in(&mut discardable) {
            Ok(d) => d,
            Err(k) => {
                let n = String::from_utf8_lossy(self.m.ctx.bytes(k)).into_owned();
                return self.err_at(name_start, format!("attribute '{n}' occurs more than once"));
            }
        };
        self.scratch_props = props;
        self.scratch_attrs = discardable;
        let (loc, deferred_loc) = self.parse_op_loc(name_lc)?;
        // Results.
        let mut result_values = Vec::with_capacity(outputs.len());
        let mut ti = 0usize;
        for (rname, count, span) in &results {
            let mut vals = Vec::with_capacity(*count as usize);
            for k in 0..*count {
                let ty = outputs[ti];
                ti += 1;
                vals.push(self.define_value(rname, k, ty, *span)?);
            }
            result_values.extend(vals.iter().copied());
            self.insert_name(rname, vals, *span)?;
        }
        while result_values.len() < outputs.len() {
            let v = self.m.new_detached_value(outputs[result_values.len()]);
            result_values.push(v);
        }
        let successors: Vec<BlockId> = p.successors.iter().flatten().map(|s| s.0).collect();
        let succ_spans: Vec<Span> = p.successors.iter().flatten().map(|s| s.1).collect();
        let name = self.def_sym(def, 0);
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
        let regions: Vec<RegionId> = p.regions.iter().flatten().copied().collect();
        for &r in &regions {
            self.m.regions[r].parent = Some(op);
        }
        // Implicit terminators carry the location of the op's name.
        let name_loc = |this: &mut Self| {
            let file = this.loc_file;
            let (line, col) = name_lc;
            this.m
                .ctx
                .attr(AttrData::Loc(crate::context::LocData::FileLineCol {
                    file,
                    line,
                    col,
                }))
        };
        if let Some(term) = &def.implicit_terminator {
            let targets = if matches!(def.syntax, OpSyntax::Format(..)) {
                regions.clone()
            } else {
                std::mem::take(&mut p.implicit_terminator_regions)
            };
            let loc = name_loc(self);
            for r in targets {
                self.add_implicit_terminator(r, term, loc);
            }
        } else if def.has(Trait::SingleBlock) && &*def.name != "scf.while" {
            // `{}` of a single-block region holds one empty block (but
            // MLIR's `WhileOp::parse` leaves its regions as written).
            for &r in &regions {
                if self.m.regions[r].blocks.is_empty() {
                    let b = self.m.blocks.alloc(Default::default());
                    self.m.blocks[b].parent = Some(r);
                    self.m.regions[r].blocks.push(b);
                }
            }
        }
        self.m.ops[op].regions = regions.into();
        self.m.source.ops.insert(op, name_span);
        self.m.source.operands.insert(op, operand_spans.into());
        if !succ_spans.is_empty() {
            self.m.source.successors.insert(op, succ_spans.into());
        }
        self.defer_op_loc(op, deferred_loc);
        self.parsed_pool.push(p);
        Ok(op)
    }

    /// The interned name of `def` (`i` = 0) or of its attribute `i - 1`,
    /// interned once per definition.
    fn def_sym(&mut self, def: &OpDef, i: usize) -> Sym {
        let key = def as *const OpDef as usize;
        if let Some(syms) = self.def_syms.get(&key) {
            if let Some(&s) = syms.get(i) {
                return s;
            }
        }
        let mut syms = Vec::with_capacity(def.attrs.len() + 1);
        syms.push(self.m.ctx.sym(def.name.as_bytes()));
        for a in def.attrs.iter() {
            syms.push(self.m.ctx.sym(a.name.as_bytes()));
        }
        let s = syms.get(i).copied().unwrap_or(syms[0]);
        self.def_syms.insert(key, syms.into());
        s
    }

    /// `SingleBlockImplicitTerminator`: a block written without its
    /// terminator gets one (no operands), as MLIR's parser adds it.
    fn add_implicit_terminator(&mut self, r: RegionId, term: &str, loc: AttrId) {
        let blocks = &self.m.regions[r].blocks;
        let block = match blocks.first() {
            Some(&b) => b,
            None => {
                let b = self.m.blocks.alloc(Default::default());
                self.m.blocks[b].parent = Some(r);
                self.m.regions[r].blocks.push(b);
                b
            }
        };
        let term_sym = self.m.ctx.sym(term.as_bytes());
        if let Some(&last) = self.m.blocks[block].ops.last() {
            if self.m.ops[last].name == term_sym {
                return;
            }
            let is_term = self
                .reg
                .and_then(|reg| reg.get(self.m.ctx.bytes(self.m.ops[last].name)))
                .is_some_and(|d| d.has(Trait::Terminator));
            if is_term {
                return;
            }
        }
        let attrs = self.m.ctx.empty_dict();
        // A terminator with regions (`scf.forall.in_parallel`) gets each
        // with one empty block, as its builder makes them.
        let num_regions = self
            .reg
            .and_then(|reg| reg.get(term.as_bytes()))
            .map_or(0, |d| d.regions.iter().filter(|r| !r.variadic).count());
        let t = self.m.create_op(OpSpec {
            name: term_sym,
            operands: vec![],
            result_types: vec![],
            successors: vec![],
            num_regions,
            properties: None,
            attrs,
            loc,
        });
        for k in 0..num_regions {
            let r = self.m.ops[t].regions[k];
            let b = self.m.blocks.alloc(Default::default());
            self.m.blocks[b].parent = Some(r);
            self.m.regions[r].blocks.push(b);
        }
        self.m.append_op(block, t);
    }

    /// Fills in types the format does not spell: from `SameOperandsAndResultType`,
    /// `SameTypeOperands`, `AllTypesMatch`, buildable constraints, and a
    /// bool-like result shaped like the first operand (comparisons).
    fn infer_types(&mut self, def: &OpDef, p: &mut Parsed<'a>, name_start: usize) -> PResult<()> {
        let single = |types: &Option<Vec<TypeId>>| types.as_ref().and_then(|t| t.first().copied());
        let known = p
            .operand_types
            .iter()
            .chain(p.result_types.iter())
            .find_map(single);
        if def.has(Trait::SameOperandsAndResultType) {
            if let Some(t) = known {
                for (i, o) in def.operands.iter().enumerate() {
                    if p.operand_types[i].is_none() {
                        p.operand_types[i] = Some(vec![
                            t;
                            p.operands[i].len().max(usize::from(
                                o.arity == Arity::Single
                            ))
                        ]);
                    }
                }
                for (i, r) in def.results.iter().enumerate() {
                    if p.result_types[i].is_none() && r.arity == Arity::Single {
                        p.result_types[i] = Some(vec![t]);
                    }
                }
            }
        }
        if def.has(Trait::InferResultsFromOperands) && p.result_types.iter().all(Option::is_none) {
            let mut all = Vec::new();
            for t in p.operand_types.iter().flatten() {
                all.extend_from_slice(t);
            }
            if let Some(first) = p.result_types.first_mut() {
                *first = Some(all);
            }
        }
        if def.has(Trait::SameTypeOperands) {
            if let Some(t) = p.operand_types.iter().find_map(single) {
                for i in 0..def.operands.len() {
                    if p.operand_types[i].is_none() {
                        p.operand_types[i] = Some(vec![t; p.operands[i].len()]);
                    }
                }
            }
        }
        for group in def.same_type_groups.iter() {
            let mut t = None;
            for n in group.iter() {
                if let Some(i) = def
                    .operands
                    .iter()
                    .position(|o| o.name.as_deref() == Some(&**n))
                {
                    t = t.or_else(|| single(&p.operand_types[i]));
                } else if let Some(i) = def
                    .results
                    .iter()
                    .position(|o| o.name.as_deref() == Some(&**n))
                {
                    t = t.or_else(|| single(&p.result_types[i]));
                } else if let Some(i) = def.attrs.iter().position(|a| *a.name == **n) {
                    t = t.or_else(|| p.attrs[i].and_then(|a| attr_type(&self.m.ctx, a)));
                }
            }
            let Some(t) = t else { continue };
            for n in group.iter() {
                if let Some(i) = def
                    .operands
                    .iter()
                    .position(|o| o.name.as_deref() == Some(&**n))
                {
                    if p.operand_types[i].is_none() {
                        p.operand_types[i] = Some(vec![t; p.operands[i].len()]);
                    }
                } else if let Some(i) = def
                    .results
                    .iter()
                    .position(|o| o.name.as_deref() == Some(&**n))
                {
                    if p.result_types[i].is_none() {
                        p.result_types[i] = Some(vec![t]);
                    }
                }
            }
        }
        // `ElementTypeOf`: the element type of a shaped container;
        // `I1SameShapeOf`: `i1` in the source's shape, once the source's
        // type is known to satisfy its constraint (MLIR's generated parser
        // checks a transformer's input).
        for rule in def.derived.iter() {
            let slot = |n: &str| {
                if let Some(i) = def
                    .operands
                    .iter()
                    .position(|o| o.name.as_deref() == Some(n))
                {
                    Some((true, i))
                } else {
                    def.results
                        .iter()
                        .position(|o| o.name.as_deref() == Some(n))
                        .map(|i| (false, i))
                }
            };
            let (Some((cop, ci)), Some((eop, ei))) = (slot(&rule.from), slot(&rule.to)) else {
                continue;
            };
            let (ct, src) = if cop {
                (single(&p.operand_types[ci]), &def.operands[ci])
            } else {
                (single(&p.result_types[ci]), &def.results[ci])
            };
            let elem = match (ct, rule.how) {
                (Some(t), Derive::ElementType) => match self.m.ctx.element_type(t) {
                    Some(e) => Some(e),
                    // An `!llvm.vec<N x T>`'s element (LLVM's vectors).
                    None => self.llvm_vec_elem(t),
                },
                (Some(t), Derive::I1SameShape) => {
                    if !src.constraint.kind.accepts(&self.m.ctx, t) {
                        let ts = crate::printer::type_to_string(&self.m.ctx, t);
                        return self.err_at(
                            name_start,
                            format!(
                                "custom op '{}' '{}' must be {}, but got '{ts}'",
                                def.name, rule.from, src.constraint.summary
                            ),
                        );
                    }
                    Some(self.bool_like(t))
                }
                (Some(t), Derive::Same) => Some(t),
                (Some(t), Derive::ValAndBoolStruct) => {
                    let text = crate::verify::ops::val_and_bool_struct(&self.m.ctx, t);
                    let nested = text.strip_prefix("!llvm.").unwrap_or(&text).to_string();
                    Some(self.llvm_nested_type(&nested, name_start)?)
                }
                (None, _) => None,
            };
            let Some(elem) = elem else {
                continue;
            };
            if eop {
                if p.operand_types[ei].is_none() {
                    p.operand_types[ei] = Some(vec![elem; p.operands[ei].len()]);
                }
            } else if p.result_types[ei].is_none() {
                p.result_types[ei] = Some(vec![elem]);
            }
        }
        // A callee of function type gives the other operands' and the
        // results' types (`func.call_indirect`'s `TypesMatchWith`).
        let callee = def.operands.iter().position(|o| {
            o.arity == Arity::Single && o.constraint.kind == ConstraintKind::Function
        });
        if let Some(ci) = callee {
            let fty = single(&p.operand_types[ci]);
            if let Some(TypeData::Function { inputs, results }) =
                fty.map(|t| self.m.ctx.type_data(t).clone())
            {
                for (i, o) in def.operands.iter().enumerate() {
                    if i != ci && o.arity == Arity::Variadic && p.operand_types[i].is_none() {
                        p.operand_types[i] = Some(inputs.to_vec());
                    }
                }
                for (i, r) in def.results.iter().enumerate() {
                    if r.arity == Arity::Variadic && p.result_types[i].is_none() {
                        p.result_types[i] = Some(results.to_vec());
                    }
                }
            }
        }
        for (i, o) in def.operands.iter().enumerate() {
            if p.operand_types[i].is_none() {
                if let Some(t) = self.buildable(&o.constraint.kind) {
                    p.operand_types[i] = Some(vec![t; p.operands[i].len()]);
                }
            }
        }
        for (i, r) in def.results.iter().enumerate() {
            if p.result_types[i].is_some() || r.arity != Arity::Single {
                continue;
            }
            if let Some(t) = self.buildable(&r.constraint.kind) {
                p.result_types[i] = Some(vec![t]);
            } else if r.constraint.kind == ConstraintKind::BoolLike {
                if let Some(t) = p.operand_types.iter().find_map(single) {
                    p.result_types[i] = Some(vec![self.bool_like(t)]);
                }
            }
        }
        Ok(())
    }

    fn buildable(&mut self, k: &ConstraintKind) -> Option<TypeId> {
        // The builders of `LLVM_DefaultPointer` and `LLVM_TokenType`.
        let text = match k {
            ConstraintKind::Llvm(crate::llvm::LlvmConstraint::DefaultPointer) => Some("!llvm.ptr"),
            ConstraintKind::Llvm(crate::llvm::LlvmConstraint::Token) => Some("!llvm.token"),
            _ => None,
        };
        if let Some(text) = text {
            let a = self.parse_attr_text(text)?;
            return match self.m.ctx.attr_data(a) {
                crate::context::AttrData::Type(t) => Some(*t),
                _ => None,
            };
        }
        let ctx = &mut self.m.ctx;
        Some(match k {
            ConstraintKind::IntWidth(w) => ctx.int_type(*w),
            ConstraintKind::Index => ctx.ty(TypeData::Index),
            ConstraintKind::None => ctx.ty(TypeData::None),
            ConstraintKind::Exact(e) => match e {
                ExactType::Integer { width, signedness } => ctx.ty(TypeData::Integer {
                    width: *width,
                    signedness: *signedness,
                }),
                ExactType::Float(k) => ctx.float_type(*k),
                ExactType::Index => ctx.ty(TypeData::Index),
                ExactType::None => ctx.ty(TypeData::None),
            },
            _ => return None,
        })
    }

    /// MLIR's `getI1SameShape`: `i1`, or a shaped type like `t` with `i1`
    /// elements.
    fn bool_like(&mut self, t: TypeId) -> TypeId {
        let ctx = &mut self.m.ctx;
        let i1 = ctx.int_type(1);
        match ctx.type_data(t).clone() {
            TypeData::Vector {
                shape, scalable, ..
            } => ctx.ty(TypeData::Vector {
                shape,
                scalable,
                elem: i1,
            }),
            TypeData::RankedTensor {
                shape, encoding, ..
            } => ctx.ty(TypeData::RankedTensor {
                shape,
                elem: i1,
                encoding,
            }),
            TypeData::UnrankedTensor { .. } => ctx.ty(TypeData::UnrankedTensor { elem: i1 }),
            TypeData::MemRef {
                shape,
                layout,
                space,
                ..
            } => ctx.ty(TypeData::MemRef {
                shape,
                elem: i1,
                layout,
                space,
            }),
            TypeData::UnrankedMemRef { space, .. } => {
                ctx.ty(TypeData::UnrankedMemRef { elem: i1, space })
            }
            _ => i1,
        }
    }
}

fn set_types(out: &mut Parsed<'_>, arg: TypeArg, types: Vec<TypeId>) {
    match arg {
        TypeArg::Operand(i) => out.operand_types[i as usize] = Some(types),
        TypeArg::Result(i) => out.result_types[i as usize] = Some(types),
        TypeArg::Operands => out.all_operand_types = Some(types),
        TypeArg::Results => out.all_result_types = Some(types),
    }
}

/// The type of a typed attribute.
fn attr_type(ctx: &crate::context::Context, a: AttrId) -> Option<TypeId> {
    match ctx.attr_data(a) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::Dense { ty, .. }
        | AttrData::DenseResource { ty, .. }
        | AttrData::Sparse { ty, .. } => Some(*ty),
        AttrData::String { ty, .. } => *ty,
        _ => None,
    }
}
