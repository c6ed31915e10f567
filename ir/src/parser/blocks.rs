//! Regions and blocks, and the names they scope: SSA values (with the
//! placeholders of forward references, resolved when the definition comes
//! or reported at the end of the file) and block labels (a label used as a
//! successor before its block is defined).

use super::{BlockScope, DeferredTarget, ForwardRef, LocOrAlias, PResult, Parser, ValueEntry};
use crate::context::{AttrId, TypeId};
use crate::ir::{BlockId, RegionId, ValueId};
use irkit_diag::{Diagnostic, Span};
use rustc_hash::FxHashMap;

impl<'a> Parser<'a> {
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

    pub(super) fn finish_forward_refs(&mut self) -> PResult<()> {
        if let Some((_, f)) = self.forward.iter().min_by_key(|(_, f)| f.span.start) {
            return self.err_span(f.span, "use of undeclared SSA value name");
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
    pub(super) fn pop_block_scope(&mut self) -> PResult<()> {
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
}
