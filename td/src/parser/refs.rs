//! Bit and range lists, types, and references to classes with their
//! template argument values (`Class<...>` as a parent and as a value).

use super::*;

impl Parser<'_> {
    pub(super) fn parse_optional_bit_list(&mut self) -> PResult<Vec<u32>> {
        if self.tok() != Tok::LBrace {
            return Ok(Vec::new());
        }
        let start = self.loc();
        self.bump();
        let r = self.parse_range_list()?;
        if !self.consume(Tok::RBrace) {
            self.tok_err::<()>("expected '}' at end of bit list")?;
            return self.err(start, "to match this '{'");
        }
        Ok(r)
    }

    pub(super) fn parse_optional_range_list(&mut self) -> PResult<Vec<u32>> {
        if self.tok() != Tok::Less {
            return Ok(Vec::new());
        }
        self.bump();
        let r = self.parse_range_list()?;
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected '>' at end of range list");
        }
        Ok(r)
    }

    pub(super) fn parse_range_list(&mut self) -> PResult<Vec<u32>> {
        let mut out = Vec::new();
        self.parse_range_piece(&mut out, None)?;
        while self.consume(Tok::Comma) {
            self.parse_range_piece(&mut out, None)?;
        }
        Ok(out)
    }

    pub(super) fn parse_range_piece(
        &mut self,
        out: &mut Vec<u32>,
        first: Option<InitId>,
    ) -> PResult<()> {
        let v = match first {
            Some(v) => v,
            None => self.parse_value(None, None, Mode::Value)?,
        };
        let Init::Int(start) = *self.cx.init(v) else {
            return self.tok_err("expected integer or bitrange");
        };
        if start < 0 {
            return self.tok_err("invalid range, cannot be negative");
        }
        let end = match self.tok() {
            Tok::Ellipsis | Tok::Minus => {
                self.bump();
                let e = match self.parse_value(None, None, Mode::Value) {
                    Ok(e) => e,
                    Err(d) => {
                        self.cx.errors.push(d);
                        return self.tok_err("expected integer value as end of range");
                    }
                };
                let Init::Int(e) = *self.cx.init(e) else {
                    return self.tok_err("expected integer value as end of range");
                };
                e
            }
            Tok::IntVal => {
                let e = self.cur().int.wrapping_neg();
                self.bump();
                e
            }
            _ => {
                out.push(start as u32);
                return Ok(());
            }
        };
        if end < 0 {
            return self.tok_err("invalid range, cannot be negative");
        }
        if end.abs_diff(start) > 1 << 24 {
            return self.tok_err("range too large");
        }
        let n = out.len() + end.abs_diff(start) as usize + 1;
        if n > self.cx.limits.list_len {
            let msg = limits::exceeded("list length", n, self.cx.limits.list_len, "--max-list-len");
            return self.tok_err(&msg);
        }
        if start < end {
            for k in start..=end {
                out.push(k as u32);
            }
        } else {
            let mut k = start;
            while k >= end {
                out.push(k as u32);
                k -= 1;
            }
        }
        Ok(())
    }

    // ---- types ----
    pub(super) fn parse_type(&mut self) -> PResult<TyId> {
        match self.tok() {
            Tok::String | Tok::Code => {
                self.bump();
                Ok(TY_STRING)
            }
            Tok::Bit => {
                self.bump();
                Ok(TY_BIT)
            }
            Tok::Int => {
                self.bump();
                Ok(TY_INT)
            }
            Tok::Dag => {
                self.bump();
                Ok(TY_DAG)
            }
            Tok::Id => {
                self.cx.note_read(self.sym());
                if let Some(&t) = self.type_aliases.get(&self.sym()) {
                    self.bump();
                    return Ok(t);
                }
                let c = self.parse_class_id()?;
                Ok(self.cx.record_ty_of(&mut [c]))
            }
            Tok::Bits => {
                self.bump();
                if !self.consume(Tok::Less) {
                    return self.tok_err("expected '<' after bits type");
                }
                if self.tok() != Tok::IntVal {
                    return self.tok_err("expected integer in bits<n> type");
                }
                let n = self.cur().int;
                let width_loc = self.loc();
                self.bump();
                if !self.consume(Tok::Greater) {
                    return self.tok_err("expected '>' at end of bits<n> type");
                }
                if !(0..=(1 << 20)).contains(&n) {
                    return self.tok_err("bits<n> size out of range");
                }
                // Every value of the type holds n bits: a list's cap.
                if n as usize > self.cx.limits.list_len {
                    let msg = limits::exceeded(
                        "bits width",
                        n,
                        self.cx.limits.list_len,
                        "--max-list-len",
                    );
                    return self.err(width_loc, msg);
                }
                Ok(self.cx.bits_ty(n as u32))
            }
            Tok::List => {
                self.bump();
                if !self.consume(Tok::Less) {
                    return self.tok_err("expected '<' after list type");
                }
                self.enter()?;
                let e = self.parse_type()?;
                self.leave();
                if !self.consume(Tok::Greater) {
                    return self.tok_err("expected '>' at end of list type");
                }
                Ok(self.cx.list_ty(e))
            }
            _ => self.tok_err("Unknown token when expecting a type"),
        }
    }

    pub(super) fn parse_class_id(&mut self) -> PResult<RecId> {
        if self.tok() != Tok::Id {
            return self.tok_err("expected name for ClassID");
        }
        let n = self.sym();
        self.cx.note_read(n);
        let Some(&r) = self.cx.classes.get(&n) else {
            let mut msg = format!("Couldn't find class '{}'", self.s(n));
            if self.multiclasses.contains_key(&n) {
                msg.push_str(&format!(
                    ". Use 'defm' if you meant to use multiclass '{}'",
                    self.s(n)
                ));
            }
            return self.tok_err(msg);
        };
        self.bump();
        Ok(r)
    }

    pub(super) fn parse_subclass_ref(
        &mut self,
        cur: Option<RecId>,
        defm: bool,
    ) -> PResult<SubClassRef> {
        let loc = self.loc();
        let rec = if defm {
            if self.tok() != Tok::Id {
                return self.tok_err("expected name for MultiClassID");
            }
            let n = self.sym();
            self.cx.note_read(n);
            let Some(m) = self.multiclasses.get(&n) else {
                return self.tok_err(format!("Couldn't find multiclass '{}'", self.s(n)));
            };
            let r = m.rec;
            self.bump();
            r
        } else {
            self.parse_class_id()?
        };
        let mut args = ArgList::new();
        if self.consume(Tok::Less) {
            let locs = self.parse_template_arg_value_list(&mut args, cur, rec)?;
            let locs = self.template_arg_error_locs(locs, loc);
            self.check_template_arg_values(&mut args, &locs, rec)?;
        }
        Ok(SubClassRef { rec, args, loc })
    }

    pub(super) fn parse_template_arg_value_list(
        &mut self,
        out: &mut ArgList,
        cur: Option<RecId>,
        args_rec: RecId,
    ) -> PResult<ArgLocs> {
        let mut locs = ArgLocs::new();
        if self.consume(Tok::Greater) {
            return Ok(locs);
        }
        // The class's template arguments are read in place at each step
        // (parsing a value never changes them).
        let ntargs = self.cx.rec(args_rec).targs.len();
        let mut has_named = false;
        let mut idx = 0usize;
        loop {
            if idx >= ntargs {
                return self.tok_err(format!("Too many template arguments: {}", idx + 1));
            }
            let vloc = self.loc();
            locs.push(vloc);
            let ty = if has_named {
                None
            } else {
                let r = self.cx.rec(args_rec);
                r.targs.get(idx).and_then(|&ta| r.value(ta)).map(|v| v.ty)
            };
            let v = self.parse_value(cur, ty, Mode::Value)?;
            if self.tok() == Tok::Equal {
                let Init::Str(name, _) = *self.cx.init(v) else {
                    return self.err(
                        vloc,
                        "The name of named argument should be a valid identifier",
                    );
                };
                let q = self.qualify(args_rec, name);
                let Some(at) = self.cx.rec(args_rec).value(q).map(|x| x.ty) else {
                    let msg = format!("Argument \"{}\" doesn't exist", self.s(name));
                    return self.err(vloc, msg);
                };
                self.bump();
                let vloc2 = self.loc();
                let v2 = self.parse_value(cur, Some(at), Mode::Value)?;
                if self.cx.is_unset(v2) {
                    return self.err(
                        vloc2,
                        "The value of named argument should be initialized, but we got '?'",
                    );
                }
                out.push((ArgKey::Named(q), v2));
                has_named = true;
            } else {
                if has_named {
                    return self.err(
                        vloc,
                        "Positional argument should be put before named argument",
                    );
                }
                out.push((ArgKey::Pos(idx as u32), v));
            }
            if self.consume(Tok::Greater) {
                return Ok(locs);
            }
            if !self.consume(Tok::Comma) {
                return self.tok_err("Expected comma before next argument");
            }
            idx += 1;
        }
    }

    /// Where a template argument's type error is reported: at each value
    /// (22) or at the class reference (19).
    pub(super) fn template_arg_error_locs(&self, values: ArgLocs, class: Loc) -> ArgLocs {
        if self.cx.rules.template_arg_error_at_value {
            values
        } else {
            smallvec::smallvec![class; values.len()]
        }
    }

    pub(super) fn check_template_arg_values(
        &mut self,
        args: &mut [(ArgKey, InitId)],
        locs: &[Loc],
        rec: RecId,
    ) -> PResult<()> {
        let mut last_err = None;
        for (k, (key, v)) in args.iter_mut().enumerate() {
            let name = match key {
                ArgKey::Pos(p) => self.cx.rec(rec).targs[*p as usize],
                ArgKey::Named(n) => *n,
            };
            let Some(at) = self.cx.rec(rec).value(name).map(|x| x.ty) else {
                continue;
            };
            if let Some(vt) = self.cx.type_of(*v) {
                match self.cx.cast_to(*v, at) {
                    Some(c) => *v = c,
                    None => {
                        let msg = format!(
                            "Value specified for template argument '{}' is of type {}; expected type {}: {}",
                            self.s(name),
                            self.cx.ty_str(vt),
                            self.cx.ty_str(at),
                            self.cx.init_str(*v)
                        );
                        // LLVM reports every argument; the last one stops.
                        if let Some(prev) = last_err.replace(Diagnostic::error(locs[k], msg)) {
                            self.cx.errors.push(prev);
                        }
                    }
                }
            }
        }
        match last_err {
            Some(d) => Err(d),
            None => Ok(()),
        }
    }

    /// Template argument values for `rec` (given ones, then defaults), in the
    /// order LLVM's resolveArguments hands them out.
    pub(super) fn resolve_arguments(
        &mut self,
        rec: RecId,
        args: &[(ArgKey, InitId)],
        loc: Loc,
    ) -> PResult<ArgValues> {
        let targs = std::mem::take(&mut self.cx.rec_mut(rec).targs);
        let res = self.resolve_arguments_of(rec, &targs, args, loc);
        self.cx.rec_mut(rec).targs = targs;
        res
    }

    /// [`Parser::resolve_arguments`] with `rec`'s template arguments given
    /// (taken out of the record meanwhile: no copy).
    fn resolve_arguments_of(
        &mut self,
        rec: RecId,
        targs: &[Sym],
        args: &[(ArgKey, InitId)],
        loc: Loc,
    ) -> PResult<ArgValues> {
        let mut solved: smallvec::SmallVec<[bool; 16]> = smallvec::smallvec![false; targs.len()];
        let mut out = ArgValues::with_capacity(targs.len());
        for &(k, v) in args {
            let name = match k {
                ArgKey::Pos(p) => targs[p as usize],
                ArgKey::Named(n) => n,
            };
            let Some(j) = targs
                .iter()
                .zip(&solved)
                .position(|(&t, &done)| t == name && !done)
            else {
                return self.err(
                    loc,
                    format!(
                        "We can only specify the template argument '{}' once",
                        self.s(name)
                    ),
                );
            };
            out.push((name, v));
            solved[j] = true;
        }
        let unsolved = targs.iter().zip(&solved).filter(|(_, &done)| !done);
        for (&name, _) in unsolved {
            let d = self
                .cx
                .rec(rec)
                .value(name)
                .map_or(self.cx.unset, |v| v.value);
            if !self.cx.is_complete(d) {
                let nl = self.cx.rec(rec).value(name).map(|v| v.loc);
                let dd = Diagnostic::error(
                    loc,
                    format!(
                        "value not specified for template argument '{}'",
                        self.s(name)
                    ),
                )
                .with_note(nl, format!("declared in '{}'", self.cx.rec_name(rec)));
                return Err(dd);
            }
            out.push((name, d));
        }
        Ok(out)
    }

    pub(super) fn add_subclass(&mut self, rec: RecId, sc: &SubClassRef) -> PResult<()> {
        let mut r = MapResolver::new(Some(rec));
        let nvals = self.cx.rec(sc.rec).values.len();
        let nsupers = self.cx.rec(sc.rec).supers.len();
        let to = self.cx.rec_mut(rec);
        to.values.reserve(nvals);
        to.supers.reserve(nsupers + 1);
        for k in 0..nvals {
            let f = self.cx.rec(sc.rec).values[k].clone();
            if f.kind != FieldKind::TemplateArg {
                self.add_value(rec, sc.loc, f)?;
            }
        }
        let vals = self.resolve_arguments(sc.rec, &sc.args, sc.loc)?;
        for (n, v) in vals {
            r.set(n, v);
        }
        for k in 0..self.cx.rec(sc.rec).asserts.len() {
            let a = self.cx.rec(sc.rec).asserts[k].clone();
            self.cx.rec_mut(rec).asserts.push(a);
        }
        for k in 0..self.cx.rec(sc.rec).dumps.len() {
            let d = self.cx.rec(sc.rec).dumps[k].clone();
            self.cx.rec_mut(rec).dumps.push(d);
        }
        let name = if self.cx.rec(rec).is_class() {
            let q = self.qualify(rec, self.cx.sym_name);
            self.cx.mk(Init::Var(q, TY_STRING))
        } else {
            self.cx.rec(rec).name
        };
        let scn = self.qualify(sc.rec, self.cx.sym_name);
        r.set(scn, name);
        resolve_record(self.cx, rec, &mut r, None);
        self.check_fatal()?;
        for k in 0..self.cx.rec(sc.rec).supers.len() {
            let (s, l) = self.cx.rec(sc.rec).supers[k];
            // Diamond inheritance (a class reached through two parents) is
            // accepted as current LLVM accepts it; llvm-tblgen-19 rejects it
            // with "Already subclass of". The class is listed once.
            if self.cx.rec(rec).is_subclass_of(s) {
                continue;
            }
            self.cx.rec_mut(rec).supers.push((s, l));
        }
        if self.cx.rec(rec).is_subclass_of(sc.rec) {
            let msg = format!("Already subclass of '{}'!\n", self.cx.rec_name(sc.rec));
            return self.err(sc.loc, msg);
        }
        self.cx.rec_mut(rec).supers.push((sc.rec, sc.loc));
        explain::on_inherit(self.cx, rec, sc.rec, sc.loc, &r);
        Ok(())
    }

    pub(super) fn add_subclass_entry(&mut self, e: &Entry, sc: &SubClassRef) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.add_subclass(*r, sc),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.add_subclass_entry(e, sc)?;
                }
                Ok(())
            }
        }
    }
    pub(super) fn parse_object_name(&mut self, mc: Option<Sym>) -> PResult<Option<InitId>> {
        match self.tok() {
            Tok::Colon | Tok::Semi | Tok::LBrace => return Ok(None),
            _ => {}
        }
        let cur = mc.map(|m| self.multiclasses[&m].rec);
        let name = self.parse_value(cur, Some(TY_STRING), Mode::Name)?;
        if let Some(m) = cur {
            let q = self.qualify(m, self.cx.sym_name);
            let mut hr = HasReference {
                name: Some(q),
                found: false,
                final_: false,
            };
            resolve_init(self.cx, name, &mut hr);
            if !hr.found {
                let v = self.cx.mk(Init::Var(q, TY_STRING));
                return Ok(Some(str_concat(self.cx, v, name)));
            }
        }
        Ok(Some(name))
    }
}
