//! Classes, `deftype`, template arguments and field declarations; setting
//! field values (`let`, `let append`/`prepend`) and record bodies.

use super::*;

impl Parser<'_> {
    /// `deftype Name = Type;`
    pub(super) fn parse_deftype(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        self.cx.note_read(name);
        if self.type_aliases.contains_key(&name) || self.cx.classes.contains_key(&name) {
            return self.tok_err(format!(
                "type of this name '{}' already exists",
                self.s(name)
            ));
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        let ty_loc = self.loc();
        let ty = self.parse_type()?;
        if matches!(self.cx.ty_data(ty), RecTy::Record(_)) {
            let msg = format!(
                "cannot define type alias for class type '{}'",
                self.cx.ty_str(ty)
            );
            return self.err(ty_loc, msg);
        }
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        self.cx.note_write(Table::TypeAlias, name, false);
        self.type_aliases.insert(name, ty);
        Ok(())
    }

    pub(super) fn parse_class(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected class name after 'class' keyword");
        }
        let name = self.sym();
        self.cx.note_read(name);
        if self.type_aliases.contains_key(&name) {
            return self.tok_err(format!(
                "there is already a defined type alias '{}'",
                self.s(name)
            ));
        }
        let loc = self.loc();
        let rec = if let Some(&r) = self.cx.classes.get(&name) {
            let rr = self.cx.rec(r);
            if !rr.values.is_empty() || !rr.supers.is_empty() || !rr.targs.is_empty() {
                return self.tok_err(format!("Class '{}' already defined", self.s(name)));
            }
            self.cx.rec_mut(r).locs = vec![loc];
            self.cx.note_write(Table::Class, name, true);
            r
        } else {
            let n = self.cx.str_sym(name);
            let fresh = Record {
                name: n,
                locs: vec![loc],
                targs: Vec::new(),
                values: Vec::new(),
                asserts: Vec::new(),
                dumps: Vec::new(),
                supers: Vec::new(),
                kind: RecKind::Class,
            };
            // (the language server defines a class again in its old slot,
            // so that the records after it that refer to it still do)
            let r = self.cx.add_class_record(name, fresh);
            self.cx.note_write(Table::Class, name, false);
            self.cx.classes.insert(name, r);
            r
        };
        self.bump();
        self.push_scope(ScopeKind::Record(rec));
        if self.tok() == Tok::Less {
            self.parse_template_arg_list(Some(rec))?;
        }
        self.parse_object_body(rec)?;
        self.pop_scope();
        self.warn_unused_template_args(rec);
        Ok(())
    }

    /// llvm-tblgen's "unused template argument" warning (off with
    /// `--no-warn-on-unused-template-args`).
    pub(super) fn warn_unused_template_args(&mut self, rec: RecId) {
        if !self.cx.warn_unused_template_args {
            return;
        }
        let r = self.cx.rec(rec);
        let unused: Vec<(Sym, Loc)> = r
            .targs
            .iter()
            .filter(|ta| !self.used_targs.contains(ta))
            .filter_map(|&ta| r.value(ta).map(|v| (ta, v.loc)))
            .collect();
        for (ta, loc) in unused {
            let msg = format!("unused template argument: {}", self.s(ta));
            self.cx.messages.push(irkit_diag::Diagnostic::new(
                irkit_diag::Severity::Warning,
                Some(loc),
                msg,
            ));
        }
    }

    pub(super) fn parse_template_arg_list(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump(); // '<'
        let owner = match rec {
            Some(r) => r,
            None => {
                let Some(mc) = self.cur_mc else {
                    return self.tok_err("invalid template argument list");
                };
                self.multiclasses[&mc].rec
            }
        };
        let t = self.parse_declaration(owner, true)?;
        self.cx.rec_mut(owner).targs.push(t);
        while self.consume(Tok::Comma) {
            let t = self.parse_declaration(owner, true)?;
            self.cx.rec_mut(owner).targs.push(t);
        }
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected '>' at end of template argument list");
        }
        Ok(())
    }

    /// `[field] Type name [= value]`; returns the (qualified) name.
    pub(super) fn parse_declaration(&mut self, rec: RecId, targ: bool) -> PResult<Sym> {
        let has_field = self.consume(Tok::Field);
        let ty = self.parse_type()?;
        if self.tok() != Tok::Id {
            return self.tok_err("Expected identifier in declaration");
        }
        let name = self.sym();
        if name == self.cx.sym_name {
            return self.tok_err("'NAME' is a reserved variable name");
        }
        if !targ && self.var_already_defined(name) {
            return self.tok_err("local variable of this name already exists");
        }
        let id_loc = self.loc();
        self.bump();
        let decl = if targ { self.qualify(rec, name) } else { name };
        let kind = if targ {
            FieldKind::TemplateArg
        } else if has_field {
            FieldKind::NonconcreteOk
        } else {
            FieldKind::Normal
        };
        let init = match *self.cx.ty_data(ty) {
            RecTy::Bits(n) => {
                let u = self.cx.unset;
                self.cx
                    .mk(Init::Bits(vec![u; n as usize].into_boxed_slice()))
            }
            _ => self.cx.unset,
        };
        self.add_value(
            rec,
            id_loc,
            RecordVal {
                name: decl,
                ty,
                value: init,
                kind,
                loc: id_loc,
                no_value: false,
            },
        )?;
        if self.consume(Tok::Equal) {
            let vloc = self.loc();
            // As LLVM's ParseDeclaration: a bad initializer is reported and
            // the field stays declared without it, so that parsing goes on
            // (the caller still wants the `;`).
            let set = match self.parse_value(Some(rec), Some(ty), Mode::Value) {
                Ok(v) => {
                    // A declaration's initializer leaves the field where it
                    // was declared first (an inherited field stays at its
                    // class).
                    let at = self.cx.rec(rec).value(decl).map_or(id_loc, |f| f.loc);
                    let set = self.set_value(rec, vloc, decl, &[], v, false);
                    if let Some(f) = self.cx.rec_mut(rec).value_mut(decl) {
                        f.loc = at;
                    }
                    set
                }
                Err(d) => Err(d),
            };
            if let Err(d) = set {
                self.recover(d)?;
            }
        }
        explain::on_declare(self.cx, rec, decl, id_loc);
        Ok(decl)
    }

    pub(super) fn add_value(&mut self, rec: RecId, loc: Loc, rv: RecordVal) -> PResult<()> {
        if let Some(k) = self
            .cx
            .rec(rec)
            .values
            .iter()
            .position(|v| v.name == rv.name)
        {
            if !resolve::set_field_value(self.cx, rec, k, rv.value) {
                let et = self.cx.rec(rec).values[k].ty;
                let msg = format!(
                    "New definition of '{}' of type '{}' is incompatible with previous definition of type '{}'",
                    self.s(rv.name),
                    self.cx.ty_str(rv.ty),
                    self.cx.ty_str(et)
                );
                return self.err(loc, msg);
            }
        } else {
            self.cx.rec_mut(rec).values.push(rv);
        }
        Ok(())
    }

    pub(super) fn set_value(
        &mut self,
        rec: RecId,
        loc: Loc,
        name: Sym,
        bits: &[u32],
        v: InitId,
        allow_self: bool,
    ) -> PResult<()> {
        self.set_value_mode(rec, loc, name, bits, v, allow_self, LetMode::Replace, loc)
    }

    /// `SetValue` with `let append` / `let prepend` (issue 4): the new value
    /// is concatenated with the field's current value; `?` is replaced.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn set_value_mode(
        &mut self,
        rec: RecId,
        loc: Loc,
        name: Sym,
        bits: &[u32],
        v: InitId,
        allow_self: bool,
        mode: LetMode,
        mode_loc: Loc,
    ) -> PResult<()> {
        let Some(idx) = self.cx.rec(rec).values.iter().position(|x| x.name == name) else {
            if mode != LetMode::Replace {
                return Err(self.unknown_let_field(rec, name, loc));
            }
            return self.err(loc, format!("Value '{}' unknown!", self.s(name)));
        };
        let mut v = v;
        if mode != LetMode::Replace {
            v = self.combine(rec, idx, v, bits, mode, mode_loc)?;
        }
        if bits.is_empty() {
            if let Init::Var(n, _) = self.cx.init(v) {
                if *n == name && !allow_self {
                    return self.err(loc, "Recursion / self-assignment forbidden");
                }
            }
        }
        if !bits.is_empty() {
            let cur = self.cx.rec(rec).values[idx].value;
            let Init::Bits(cb) = self.cx.init(cur).clone() else {
                return self.err(loc, format!("Value '{}' is not a bits type", self.s(name)));
            };
            let bt = self.cx.bits_ty(bits.len() as u32);
            let Some(bi) = self.cx.cast_to(v, bt) else {
                return self.err(loc, "Initializer is not compatible with bit range");
            };
            let mut nb: Vec<Option<InitId>> = vec![None; cb.len()];
            for (i, &b) in bits.iter().enumerate() {
                let Some(slot) = nb.get_mut(b as usize) else {
                    return self.err(loc, "Initializer is not compatible with bit range");
                };
                if slot.is_some() {
                    return self.err(
                        loc,
                        format!(
                            "Cannot set bit #{} of value '{}' more than once",
                            b,
                            self.s(name)
                        ),
                    );
                }
                *slot = Some(self.cx.get_bit(bi, i as u32));
            }
            let out: Vec<InitId> = nb
                .iter()
                .enumerate()
                .map(|(i, x)| x.unwrap_or(cb[i]))
                .collect();
            v = self.cx.mk_ref(InitRef::Bits(&out));
        }
        if !resolve::set_field_value(self.cx, rec, idx, v) {
            let ft = self.cx.rec(rec).values[idx].ty;
            let (init_type, close) = match self.cx.init(v) {
                Init::Bits(b) => (
                    format!("' of type bit initializer with length {}", b.len()),
                    if self.cx.rules.msg_bits_length_quote {
                        "'"
                    } else {
                        ""
                    },
                ),
                _ => match self.cx.type_of(v) {
                    Some(t) => (format!("' of type '{}", self.cx.ty_str(t)), "'"),
                    None => (String::new(), "'"),
                },
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}{}{close}",
                self.s(name),
                self.cx.ty_str(ft),
                self.cx.init_str(v),
                init_type
            );
            return self.err(loc, msg);
        }
        // The field is now located at this `let` (--print-detailed-records).
        self.cx.rec_mut(rec).values[idx].loc = loc;
        Ok(())
    }

    pub(super) fn combine(
        &mut self,
        rec: RecId,
        idx: usize,
        v: InitId,
        bits: &[u32],
        mode: LetMode,
        mode_loc: Loc,
    ) -> PResult<InitId> {
        let field = self.cx.rec(rec).values[idx].clone();
        if !bits.is_empty() {
            return self.err(mode_loc, "Cannot use append/prepend with bit range");
        }
        let verb = if mode == LetMode::Append {
            "append"
        } else {
            "prepend"
        };
        let op = match self.cx.ty_data(field.ty) {
            RecTy::List(_) => BinOp::ListConcat,
            RecTy::String => BinOp::StrConcat,
            RecTy::Dag => BinOp::Concat,
            _ => {
                let d = Diagnostic::error(
                    mode_loc,
                    format!(
                        "Cannot {verb} to field '{}' of type '{}' (expected list, string, code, or dag)",
                        self.s(field.name),
                        self.cx.ty_str(field.ty)
                    ),
                )
                .with_note(Some(field.loc), format!("field '{}' declared here", self.s(field.name)));
                return Err(d);
            }
        };
        // The appended value must have the field's type.
        let Some(cv) = self.cx.cast_to(v, field.ty) else {
            let vt = match self.cx.type_of(v) {
                Some(t) => format!(" of type '{}'", self.cx.ty_str(t)),
                None => String::new(),
            };
            let msg = format!(
                "Field '{}' of type '{}' is incompatible with value '{}'{}",
                self.s(field.name),
                self.cx.ty_str(field.ty),
                self.cx.init_str(v),
                vt
            );
            return self.err(mode_loc, msg);
        };
        let cur = field.value;
        if self.cx.is_unset(cur) {
            return Ok(cv);
        }
        if op == BinOp::Concat {
            self.check_dag_operators(&field, cur, cv, verb, mode_loc)?;
        }
        let (a, b) = if mode == LetMode::Append {
            (cur, cv)
        } else {
            (cv, cur)
        };
        let u = self.cx.mk(Init::Bin(op, a, b, field.ty));
        let r = fold_bin(self.cx, u, Some(rec));
        self.check_fatal()?;
        Ok(r)
    }

    /// `let append`/`prepend` on a dag field: both dags must have the same
    /// operator (what `!con` requires), said in the user's terms at the
    /// `let`, with a note where the field's current value comes from.
    pub(super) fn check_dag_operators(
        &mut self,
        field: &RecordVal,
        cur: InitId,
        new: InitId,
        verb: &str,
        mode_loc: Loc,
    ) -> PResult<()> {
        let (Init::Dag(lop, ..), Init::Dag(rop, ..)) = (self.cx.init(cur), self.cx.init(new))
        else {
            return Ok(());
        };
        let (lop, rop) = (*lop, *rop);
        let (Init::Def(_), Init::Def(_)) = (self.cx.init(lop), self.cx.init(rop)) else {
            return Ok(());
        };
        if lop == rop {
            return Ok(());
        }
        let name = self.s(field.name).to_string();
        let d = Diagnostic::error(
            mode_loc,
            format!(
                "cannot {verb} '{}' to dag field '{name}': its operator '{}' differs from the field's '{}' (the operators of accumulated dags must match)",
                self.cx.init_str(new),
                self.cx.init_str(rop),
                self.cx.init_str(lop),
            ),
        )
        .with_note(
            Some(field.loc),
            format!("field '{name}' is declared here; its value is '{}'", self.cx.init_str(cur)),
        );
        Err(d)
    }

    pub(super) fn parse_object_body(&mut self, rec: RecId) -> PResult<()> {
        self.push_scope(ScopeKind::Record(rec));
        if self.consume(Tok::Colon) {
            loop {
                let sc = self.parse_subclass_ref(Some(rec), false)?;
                self.add_subclass(rec, &sc)?;
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        self.apply_let_stack(rec)?;
        self.parse_body(rec)?;
        self.pop_scope();
        Ok(())
    }

    pub(super) fn apply_let_stack(&mut self, rec: RecId) -> PResult<()> {
        if self.let_stack.is_empty() {
            return Ok(());
        }
        let stack = std::mem::take(&mut self.let_stack);
        self.applying_lets = true;
        let mut res = Ok(());
        'outer: for lets in &stack {
            for l in lets {
                res = self.set_value_mode(
                    rec, l.loc, l.name, &l.bits, l.value, false, l.mode, l.mode_loc,
                );
                if res.is_err() {
                    break 'outer;
                }
                let at = if l.mode == LetMode::Replace {
                    l.loc
                } else {
                    l.mode_loc
                };
                explain::on_let(self.cx, rec, l.name, at, l.mode, &l.bits, l.value, true);
            }
        }
        self.let_stack = stack;
        self.applying_lets = false;
        res
    }

    pub(super) fn apply_let_stack_entry(&mut self, e: &Entry) -> PResult<()> {
        match e {
            Entry::Rec(r) => self.apply_let_stack(*r),
            Entry::Assert(_) | Entry::Dump(_) => Ok(()),
            Entry::Loop(l) => {
                for e in &l.entries {
                    self.apply_let_stack_entry(e)?;
                }
                Ok(())
            }
        }
    }

    pub(super) fn parse_body(&mut self, rec: RecId) -> PResult<()> {
        if self.consume(Tok::Semi) {
            return Ok(());
        }
        if !self.consume(Tok::LBrace) {
            return self.tok_err("Expected '{' to start body or ';' for declaration only");
        }
        while self.tok() != Tok::RBrace {
            if self.tok() == Tok::Eof {
                return self.tok_err("expected '}' at end of body");
            }
            self.parse_body_item(rec)?;
            self.check_fatal()?;
        }
        self.bump();
        if self.tok() == Tok::Semi {
            self.spurious_semi("A class or def body should not end with a semicolon");
        }
        Ok(())
    }

    pub(super) fn parse_body_item(&mut self, rec: RecId) -> PResult<()> {
        match self.tok() {
            Tok::Assert => return self.parse_assert(Some(rec)),
            Tok::Defvar => return self.parse_defvar(Some(rec)),
            Tok::Dump => return self.parse_dump(Some(rec)),
            Tok::Let => {}
            _ => {
                self.parse_declaration(rec, false)?;
                if !self.consume(Tok::Semi) {
                    return self.tok_err("expected ';' after declaration");
                }
                return Ok(());
            }
        }
        self.bump(); // let
        let (mode, mode_loc) = self.parse_let_mode();
        if self.tok() != Tok::Id {
            return self.tok_err("expected field identifier after let");
        }
        let id_loc = self.loc();
        let name = self.sym();
        self.bump();
        let mut bits = self.parse_optional_bit_list()?;
        bits.reverse();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '=' in let expression");
        }
        let Some(mut ty) = self.cx.rec(rec).value(name).map(|v| v.ty) else {
            if mode != LetMode::Replace {
                return Err(self.unknown_let_field(rec, name, id_loc));
            }
            let at = if self.cx.rules.unknown_let_at_name {
                id_loc
            } else {
                self.loc()
            };
            return self.err(at, format!("Value '{}' unknown!", self.s(name)));
        };
        if mode != LetMode::Replace && !bits.is_empty() {
            return self.err(mode_loc, "Cannot use append/prepend with bit range");
        }
        if !bits.is_empty() && matches!(self.cx.ty_data(ty), RecTy::Bits(_)) {
            ty = self.cx.bits_ty(bits.len() as u32);
        }
        let v = self.parse_value(Some(rec), Some(ty), Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';' after let expression");
        }
        self.set_value_mode(rec, id_loc, name, &bits, v, false, mode, mode_loc)?;
        let at = if mode == LetMode::Replace {
            id_loc
        } else {
            mode_loc
        };
        explain::on_let(self.cx, rec, name, at, mode, &bits, v, false);
        Ok(())
    }

    /// `let append NAME` / `let prepend NAME` of a field the record does not
    /// have: upstream's message, at the name the user wrote (not at the
    /// value), with a field of a similar spelling suggested in a note.
    pub(super) fn unknown_let_field(&self, rec: RecId, name: Sym, at: Loc) -> Diagnostic {
        let wrong = self.s(name);
        let best = self
            .cx
            .rec(rec)
            .values
            .iter()
            .filter(|v| !self.s(v.name).contains(':'))
            .map(|v| (edit_distance(wrong, self.s(v.name)), v))
            .filter(|&(d, _)| d <= 2)
            .min_by_key(|&(d, _)| d);
        let d = Diagnostic::error(at, format!("Value '{wrong}' unknown!"));
        match best {
            Some((_, v)) => d.with_note(
                Some(v.loc),
                format!("did you mean '{}'? It is declared here", self.s(v.name)),
            ),
            None => d,
        }
    }
}
