//! The statements: `def`, `defm`, `multiclass`, top-level `let`, `foreach`,
//! `if`, `defvar`, `defset`, `assert` and `dump`.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_def(&mut self, mc: Option<Sym>) -> PResult<()> {
        let def_loc = self.loc();
        self.bump();
        let name_loc = if self.tok() == Tok::Id {
            self.loc()
        } else {
            def_loc
        };
        let name = self.parse_object_name(mc)?;
        let (name, kind, loc) = match name {
            None => {
                if mc.is_some() {
                    // Kept in the multiclass, out of reach of renumbering
                    // (`model::deps`).
                    self.cx.note_anon_text();
                }
                (self.cx.new_anon_name(), RecKind::AnonDef, def_loc)
            }
            Some(n) => (n, RecKind::Def, name_loc),
        };
        let rec = self.cx.add_record(Record {
            name,
            locs: vec![loc],
            targs: Vec::new(),
            values: Vec::new(),
            asserts: Vec::new(),
            dumps: Vec::new(),
            supers: Vec::new(),
            kind,
        });
        self.parse_object_body(rec)?;
        self.add_entry(Entry::Rec(rec))
    }

    pub(super) fn parse_defm(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.bump();
        let name = self.parse_object_name(mc)?;
        let name = match name {
            Some(n) => n,
            None => {
                let a = self.cx.new_anon_name();
                if let Some(m) = mc {
                    self.cx.note_anon_text();
                    let mr = self.multiclasses[&m].rec;
                    let q = self.qualify(mr, self.cx.sym_name);
                    let v = self.cx.mk(Init::Var(q, TY_STRING));
                    str_concat(self.cx, v, a)
                } else {
                    a
                }
            }
        };
        if self.tok() != Tok::Colon {
            return self.tok_err("expected ':' after defm identifier");
        }
        self.bump();
        let mut new_entries: Vec<Entry> = Vec::new();
        let mut inherit_class = false;
        let mut sub_loc = self.loc();
        let mut sref = self.parse_subclass_ref(None, true)?;
        loop {
            let mcname = {
                let n = self.cx.rec(sref.rec).name;
                match self.cx.init(n) {
                    Init::Str(y, _) => *y,
                    _ => Sym::EMPTY,
                }
            };
            let mr = self.multiclasses[&mcname].rec;
            let mut substs: Vec<(Sym, InitId)> = Vec::new();
            let q = self.qualify(mr, self.cx.sym_name);
            substs.push((q, name));
            let vals = self.resolve_arguments(mr, &sref.args, sub_loc)?;
            substs.extend(vals);
            let entries = self.multiclasses[&mcname].entries.clone();
            let fin = mc.is_none() && self.loops.is_empty();
            self.resolve_entries(
                &entries,
                &mut substs,
                fin,
                Some(&mut new_entries),
                Some(sub_loc),
            )?;
            if !self.consume(Tok::Comma) {
                break;
            }
            if self.tok() != Tok::Id {
                return self.tok_err("expected identifier");
            }
            sub_loc = self.loc();
            self.cx.note_read(self.sym());
            inherit_class = self.cx.classes.contains_key(&self.sym());
            if inherit_class {
                break;
            }
            sref = self.parse_subclass_ref(None, true)?;
        }
        if inherit_class {
            loop {
                let sc = self.parse_subclass_ref(None, false)?;
                for e in &new_entries {
                    if let Entry::Loop(_) | Entry::Assert(_) = e {
                        continue;
                    }
                    self.add_subclass_entry(e, &sc)?;
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        for e in new_entries {
            self.apply_let_stack_entry(&e)?;
            self.add_entry(e)?;
            self.check_fatal()?;
        }
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';' at end of defm");
        }
        Ok(())
    }

    pub(super) fn parse_multiclass(&mut self) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier after multiclass for name");
        }
        let name = self.sym();
        self.cx.note_read(name);
        if self.multiclasses.contains_key(&name) {
            return self.tok_err(format!("multiclass '{}' already defined", self.s(name)));
        }
        let n = self.cx.str_sym(name);
        let rec = self.cx.add_record(Record {
            name: n,
            locs: vec![self.loc()],
            targs: Vec::new(),
            values: Vec::new(),
            asserts: Vec::new(),
            dumps: Vec::new(),
            supers: Vec::new(),
            kind: RecKind::MultiClass,
        });
        self.cx.note_write(Table::MultiClass, name, false);
        self.multiclasses.insert(
            name,
            MultiClass {
                rec,
                entries: Vec::new(),
            },
        );
        self.cur_mc = Some(name);
        self.bump();
        self.push_scope(ScopeKind::MultiClass(rec));
        let res = self.parse_multiclass_rest(name, rec);
        self.pop_scope();
        self.cur_mc = None;
        if res.is_ok() {
            self.warn_unused_template_args(rec);
        }
        res
    }

    pub(super) fn parse_multiclass_rest(&mut self, name: Sym, rec: RecId) -> PResult<()> {
        if self.tok() == Tok::Less {
            self.parse_template_arg_list(None)?;
        }
        let mut inherits = false;
        if self.consume(Tok::Colon) {
            inherits = true;
            loop {
                let sref = self.parse_subclass_ref(Some(rec), true)?;
                // AddSubMultiClass.
                let scn = match self.cx.init(self.cx.rec(sref.rec).name) {
                    Init::Str(y, _) => *y,
                    _ => Sym::EMPTY,
                };
                let smr = self.multiclasses[&scn].rec;
                let mut substs = Vec::new();
                let q = self.qualify(smr, self.cx.sym_name);
                let myq = self.qualify(rec, self.cx.sym_name);
                let v = self.cx.mk(Init::Var(myq, TY_STRING));
                substs.push((q, v));
                let vals = self.resolve_arguments(smr, &sref.args, sref.loc)?;
                substs.extend(vals);
                let entries = self.multiclasses[&scn].entries.clone();
                let mut dest = Vec::new();
                self.resolve_entries(&entries, &mut substs, false, Some(&mut dest), None)?;
                if let Some(m) = self.multiclasses.get_mut(&name) {
                    m.entries.extend(dest);
                }
                if !self.consume(Tok::Comma) {
                    break;
                }
            }
        }
        if self.tok() != Tok::LBrace {
            if !inherits {
                return self.tok_err("expected '{' in multiclass definition");
            }
            if !self.consume(Tok::Semi) {
                return self.tok_err("expected ';' in multiclass definition");
            }
            return Ok(());
        }
        self.bump();
        if self.tok() == Tok::RBrace {
            return self.tok_err("multiclass must contain at least one def");
        }
        while self.tok() != Tok::RBrace {
            match self.tok() {
                Tok::Assert
                | Tok::Def
                | Tok::Defm
                | Tok::Defvar
                | Tok::Dump
                | Tok::Foreach
                | Tok::If
                | Tok::Let => self.parse_object(Some(name))?,
                _ => {
                    return self.tok_err("expected 'assert', 'def', 'defm', 'defvar', 'dump', 'foreach', 'if', or 'let' in multiclass body")
                }
            }
            self.check_fatal()?;
        }
        self.bump();
        if self.tok() == Tok::Semi {
            self.spurious_semi("A multiclass body should not end with a semicolon");
        }
        Ok(())
    }
    pub(super) fn parse_top_level_let(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.bump();
        let mut lets = Vec::new();
        loop {
            let (mode, mode_loc) = self.parse_let_mode();
            if self.tok() != Tok::Id {
                return self.tok_err("expected identifier in let expression");
            }
            let name = self.sym();
            let loc = self.loc();
            self.bump();
            let mut bits = self.parse_optional_range_list()?;
            bits.reverse();
            if !self.consume(Tok::Equal) {
                return self.tok_err("expected '=' in let expression");
            }
            let v = self.parse_value(None, None, Mode::Value)?;
            if mode != LetMode::Replace && !bits.is_empty() {
                return self.err(mode_loc, "Cannot use append/prepend with bit range");
            }
            lets.push(LetRecord {
                name,
                bits,
                value: v,
                loc,
                mode,
                mode_loc,
            });
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        self.let_stack.push(lets);
        if !self.consume(Tok::In) {
            return self.tok_err("expected 'in' at end of top-level 'let'");
        }
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.push_scope(ScopeKind::Local);
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>("expected '}' at end of top level let command")?;
                return self.err(bl, "to match this '{'");
            }
            self.pop_scope();
        }
        self.let_stack.pop();
        Ok(())
    }

    pub(super) fn parse_foreach(&mut self, mc: Option<Sym>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        // ForeachDeclaration ::= ID '=' '{' RangeList '}' | ID '=' RangePiece | ID '=' Value
        if self.tok() != Tok::Id {
            return self.tok_err("expected declaration in for");
        }
        let name = self.sym();
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("Expected '=' in foreach declaration");
        }
        let (list, elt) = match self.parse_foreach_values() {
            Ok(x) => x,
            Err(d) => {
                // LLVM reports the failed declaration too.
                self.cx.errors.push(d);
                return self.tok_err("expected declaration in for");
            }
        };
        if !self.consume(Tok::In) {
            return self.tok_err("Unknown tok");
        }
        let iter = self.cx.mk(Init::Var(name, elt));
        self.loops.push(ForeachLoop {
            loc,
            iter: Some(name),
            list,
            entries: Vec::new(),
        });
        self.push_scope(ScopeKind::Foreach(Some((name, iter))));
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>("expected '}' at end of foreach command")?;
                return self.err(bl, "to match this '{'");
            }
        }
        self.pop_scope();
        let Some(l) = self.loops.pop() else {
            return Ok(());
        };
        self.add_entry(Entry::Loop(Box::new(l)))
    }

    /// The values of a foreach declaration (after `=`): the list and its
    /// element type.
    pub(super) fn parse_foreach_values(&mut self) -> PResult<(InitId, TyId)> {
        Ok(match self.tok() {
            Tok::LBrace => {
                self.bump();
                let r = self.parse_range_list()?;
                if !self.consume(Tok::RBrace) {
                    return self.tok_err("expected '}' at end of bit range list");
                }
                (self.int_list(&r), TY_INT)
            }
            _ => {
                let sloc = self.loc();
                // A limit hit while folding the list points at it.
                let outer = self.stmt_loc.replace(sloc);
                let v = self.parse_value(None, None, Mode::Value);
                self.locate_fatal(sloc);
                self.stmt_loc = outer;
                let v = v?;
                self.check_fatal()?;
                let vt = self.cx.type_of(v);
                if let Some(e) = vt.and_then(|t| self.cx.list_elem(t)) {
                    (v, e)
                } else if vt.is_some() {
                    // A typed value that is not a list starts a range
                    // piece, which wants an integer.
                    let mut r = Vec::new();
                    self.parse_range_piece(&mut r, Some(v))?;
                    (self.int_list(&r), TY_INT)
                } else {
                    let msg = format!("expected a list, got '{}'", self.cx.init_str(v));
                    return self.err(sloc, msg);
                }
            }
        })
    }

    pub(super) fn int_list(&mut self, r: &[u32]) -> InitId {
        let v: Vec<InitId> = r.iter().map(|&k| self.cx.int(k as i64)).collect();
        self.cx.mk_ref(InitRef::List(&v, TY_INT))
    }

    pub(super) fn parse_if(&mut self, mc: Option<Sym>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        let cond = self.parse_value(None, None, Mode::Value)?;
        if !self.consume(Tok::Then) {
            return self.tok_err("Unknown tok");
        }
        let bl = self.cx.list_ty(TY_BIT);
        let empty = self.cx.mk(Init::List(Box::new([]), TY_BIT));
        let t = self.cx.true_bit;
        let single = self.cx.mk(Init::List(Box::new([t]), TY_BIT));
        let then_l = self.cx.mk(Init::Tern(TernOp::If, cond, single, empty, bl));
        let then_l = fold_tern(self.cx, then_l, None);
        self.loops.push(ForeachLoop {
            loc,
            iter: None,
            list: then_l,
            entries: Vec::new(),
        });
        self.parse_if_body(mc, "then")?;
        if let Some(l) = self.loops.pop() {
            self.add_entry(Entry::Loop(Box::new(l)))?;
        }
        if self.consume(Tok::Else) {
            let else_l = self.cx.mk(Init::Tern(TernOp::If, cond, empty, single, bl));
            let else_l = fold_tern(self.cx, else_l, None);
            self.loops.push(ForeachLoop {
                loc,
                iter: None,
                list: else_l,
                entries: Vec::new(),
            });
            self.parse_if_body(mc, "else")?;
            if let Some(l) = self.loops.pop() {
                self.add_entry(Entry::Loop(Box::new(l)))?;
            }
        }
        Ok(())
    }

    pub(super) fn parse_if_body(&mut self, mc: Option<Sym>, kind: &str) -> PResult<()> {
        self.push_scope(ScopeKind::Local);
        if self.tok() != Tok::LBrace {
            self.parse_object(mc)?;
        } else {
            let bl = self.loc();
            self.bump();
            self.parse_object_list(mc)?;
            if !self.consume(Tok::RBrace) {
                self.tok_err::<()>(format!("expected '}}' at end of '{kind}' clause"))?;
                return self.err(bl, "to match this '{'");
            }
        }
        self.pop_scope();
        Ok(())
    }

    pub(super) fn parse_defvar(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        if self.var_already_defined(name) {
            return self.tok_err("local variable of this name already exists");
        }
        if let Some(r) = rec {
            if let Some(v) = self.cx.rec(r).value(name) {
                if v.kind != FieldKind::TemplateArg {
                    return self.tok_err("field of this name already exists");
                }
            }
        }
        if self.is_outermost() && self.get_global(name).is_some() {
            return self.tok_err("def or global variable of this name already exists");
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        // A limit hit while folding the value outside a record has no
        // record to point at: it points at the value.
        let vloc = self.loc();
        let outer = self.stmt_loc.replace(vloc);
        let v = self.parse_value(rec, None, Mode::Value);
        self.locate_fatal(vloc);
        self.stmt_loc = outer;
        let v = v?;
        self.check_fatal()?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        if self.is_outermost() {
            self.cx.note_write(Table::Global, name, false);
            self.cx.globals.insert(name, v);
        } else if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(name, v);
        }
        Ok(())
    }

    pub(super) fn parse_defset(&mut self) -> PResult<()> {
        self.bump();
        let loc = self.loc();
        let ty = self.parse_type()?;
        let Some(elt) = self.cx.list_elem(ty) else {
            return self.err(loc, "expected list type");
        };
        if self.tok() != Tok::Id {
            return self.tok_err("expected identifier");
        }
        let name = self.sym();
        if self.get_global(name).is_some() {
            return self.tok_err("def or global variable of this name already exists");
        }
        self.bump();
        if !self.consume(Tok::Equal) {
            return self.tok_err("expected '='");
        }
        if self.tok() != Tok::LBrace {
            return self.tok_err("expected '{'");
        }
        let bl = self.loc();
        self.bump();
        self.defsets.push(Defset {
            elt_ty: elt,
            elems: Vec::new(),
        });
        let r = self.parse_object_list(None);
        let ds = self.defsets.pop();
        r?;
        if !self.consume(Tok::RBrace) {
            self.tok_err::<()>("expected '}' at end of defset")?;
            return self.err(bl, "to match this '{'");
        }
        if let Some(ds) = ds {
            let l = self.cx.mk_ref(InitRef::List(&ds.elems, elt));
            self.cx.note_write(Table::Global, name, false);
            self.cx.globals.insert(name, l);
        }
        Ok(())
    }

    pub(super) fn parse_assert(&mut self, rec: Option<RecId>) -> PResult<()> {
        self.bump();
        let cloc = self.loc();
        let cond = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in assert statement");
        }
        let msg = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        let a = Assertion {
            loc: cloc,
            cond,
            msg,
        };
        match rec {
            Some(r) => {
                self.cx.rec_mut(r).asserts.push(a);
                Ok(())
            }
            None => self.add_entry(Entry::Assert(a)),
        }
    }

    pub(super) fn parse_dump(&mut self, rec: Option<RecId>) -> PResult<()> {
        let loc = self.loc();
        self.bump();
        let msg = self.parse_value(rec, None, Mode::Value)?;
        if !self.consume(Tok::Semi) {
            return self.tok_err("expected ';'");
        }
        // Non-string messages are shown with !repr, as LLVM does.
        let msg = if matches!(self.cx.type_of(msg), Some(t) if t == TY_STRING) {
            msg
        } else {
            let u = self.cx.mk(Init::Un(UnOp::Repr, msg, TY_STRING));
            fold_un(self.cx, u, rec, false)
        };
        // Outside records and multiclasses LLVM resolves the message at
        // once, finally, with nothing to substitute (`!exists` of a
        // missing record folds to 0 there).
        let msg = if rec.is_none() && self.cur_mc.is_none() {
            let mut hr = HasReference {
                name: None,
                found: false,
                final_: true,
            };
            resolve_init(self.cx, msg, &mut hr)
        } else {
            msg
        };
        let d = Dump { loc, msg };
        match rec {
            Some(r) => {
                self.cx.rec_mut(r).dumps.push(d);
                Ok(())
            }
            None => self.add_entry(Entry::Dump(d)),
        }
    }
}
