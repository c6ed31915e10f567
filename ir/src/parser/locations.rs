//! Locations: an op's or block argument's trailing `loc(...)`, the inline
//! `loc(...)` attribute, and the location forms inside them (file:line:col,
//! names, call sites, fused locations, `#alias` references). A reference
//! to an alias defined later in the file is resolved once the file is read.

use super::{DeferredTarget, LocAliasRef, LocOrAlias, PResult, Parser};
use crate::context::{AttrData, AttrId, LocData};
use crate::ir::OpId;
use irkit_diag::Span;

impl<'a> Parser<'a> {
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

    pub(super) fn parse_loc_inner(&mut self) -> PResult<AttrId> {
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

    pub(super) fn resolve_deferred_locs(&mut self) -> PResult<()> {
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
}
