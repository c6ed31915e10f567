//! Objects at the top level and in multiclasses: the entry list of a
//! multiclass or loop, its instantiation (`resolve_loop`, `resolve_entries`),
//! and the registration and checks of a finished def.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_object(&mut self, mc: Option<Sym>) -> PResult<()> {
        self.stmt_loc = Some(self.loc());
        match self.tok() {
            Tok::Assert => self.parse_assert(None),
            Tok::Def => self.parse_def(mc),
            Tok::Defm => self.parse_defm(mc),
            Tok::Defvar => self.parse_defvar(None),
            Tok::Deftype => self.parse_deftype(),
            Tok::Dump => self.parse_dump(None),
            Tok::Foreach => self.parse_foreach(mc),
            Tok::If => self.parse_if(mc),
            Tok::Let => self.parse_top_level_let(mc),
            Tok::Defset => {
                if mc.is_some() {
                    return self.tok_err("defset is not allowed inside multiclass");
                }
                self.parse_defset()
            }
            Tok::Class => {
                if mc.is_some() {
                    return self.tok_err("class is not allowed inside multiclass");
                }
                if !self.loops.is_empty() {
                    return self.tok_err("class is not allowed inside foreach loop");
                }
                self.parse_class()
            }
            Tok::MultiClass => {
                if !self.loops.is_empty() {
                    return self.tok_err("multiclass is not allowed inside foreach loop");
                }
                self.parse_multiclass()
            }
            _ => {
                self.tok_err("Expected assert, class, def, defm, defset, dump, foreach, if, or let")
            }
        }
    }

    pub(super) fn parse_object_list(&mut self, mc: Option<Sym>) -> PResult<()> {
        if self.tok() == Tok::RBrace || self.tok() == Tok::Eof {
            // LLVM's ParseObjectList requires at least one object.
            return self
                .tok_err("Expected assert, class, def, defm, defset, dump, foreach, if, or let");
        }
        while self.tok() != Tok::RBrace && self.tok() != Tok::Eof {
            self.parse_object(mc)?;
            self.check_fatal()?;
        }
        Ok(())
    }

    pub(super) fn add_entry(&mut self, e: Entry) -> PResult<()> {
        if let Some(l) = self.loops.last_mut() {
            l.entries.push(e);
            return Ok(());
        }
        if let Entry::Loop(l) = e {
            let mut substs = Vec::new();
            let fin = self.cur_mc.is_none();
            if let Some(mc) = self.cur_mc {
                let mut dest = Vec::new();
                self.resolve_loop(&l, &mut substs, false, Some(&mut dest), None)?;
                if let Some(m) = self.multiclasses.get_mut(&mc) {
                    m.entries.extend(dest);
                }
                return Ok(());
            }
            return self.resolve_loop(&l, &mut substs, fin, None, None);
        }
        if let Some(mc) = self.cur_mc {
            if let Some(m) = self.multiclasses.get_mut(&mc) {
                m.entries.push(e);
            }
            return Ok(());
        }
        match e {
            Entry::Assert(a) => {
                check_assert(self.cx, a.loc, a.cond, a.msg);
                Ok(())
            }
            Entry::Dump(d) => {
                dump_message(self.cx, d.loc, d.msg);
                Ok(())
            }
            Entry::Rec(r) => self.add_def_one(r),
            Entry::Loop(_) => Ok(()),
        }
    }

    pub(super) fn resolve_loop(
        &mut self,
        l: &ForeachLoop,
        substs: &mut Vec<(Sym, InitId)>,
        fin: bool,
        dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        let mut r = MapResolver::new(None);
        for &(n, v) in substs.iter() {
            r.set(n, v);
        }
        let mut list = resolve_init(self.cx, l.list, &mut r);
        self.check_fatal()?;
        // An `if` is a loop over `!if(cond, [1], [])`: at the end of its
        // scope the condition must resolve (finally: `!exists` of a record
        // never defined is false), while the arms wait for their records.
        if let (true, Init::Tern(TernOp::If, c, a, b, t)) = (fin, self.cx.init(list).clone()) {
            r.final_ = true;
            let nc = resolve_init(self.cx, c, &mut r);
            self.check_fatal()?;
            if nc == c {
                let msg = format!(
                    "unable to resolve if condition '{}' at end of containing scope",
                    self.cx.init_str(c)
                );
                return self.err(l.loc, msg);
            }
            let u = self.cx.mk(Init::Tern(TernOp::If, nc, a, b, t));
            list = fold_tern(self.cx, u, None);
        }
        let elems = match self.cx.init(list) {
            Init::List(e, _) => Some(e.clone()),
            _ => None,
        };
        let Some(elems) = elems else {
            if !fin {
                if let Some(dest) = dest {
                    let mut nl = ForeachLoop {
                        loc: l.loc,
                        iter: l.iter,
                        list,
                        entries: Vec::new(),
                    };
                    self.resolve_entries(&l.entries, substs, fin, Some(&mut nl.entries), loc)?;
                    dest.push(Entry::Loop(Box::new(nl)));
                    return Ok(());
                }
            }
            let msg = format!(
                "attempting to loop over '{}', expected a list",
                self.cx.init_str(list)
            );
            return self.err(l.loc, msg);
        };
        // Every iteration of the enclosing loops runs this one in full (a
        // TableGen loop has no early exit), so their product is what the
        // body will cost: refuse it now rather than after hitting the cap.
        let outer = self.cx.loop_nest;
        let nest = outer.saturating_mul(elems.len() as u64);
        if nest > self.cx.limits.loop_iterations {
            let msg = limits::exceeded(
                "foreach iterations",
                nest,
                self.cx.limits.loop_iterations,
                "--max-loop-iterations",
            );
            return self.err(l.loc, msg);
        }
        self.cx.loop_nest = nest.max(1);
        let res = self.expand_loop(l, &elems, substs, fin, dest);
        self.cx.loop_nest = outer;
        res
    }

    /// Runs `l`'s body once per element of `elems`.
    fn expand_loop(
        &mut self,
        l: &ForeachLoop,
        elems: &[InitId],
        substs: &mut Vec<(Sym, InitId)>,
        fin: bool,
        dest: Option<&mut Vec<Entry>>,
    ) -> PResult<()> {
        let mut dest = dest;
        for &e in elems.iter() {
            self.cx.loop_iterations += 1;
            if self.cx.loop_iterations > self.cx.limits.loop_iterations {
                let msg = limits::exceeded(
                    "foreach iterations",
                    self.cx.loop_iterations,
                    self.cx.limits.loop_iterations,
                    "--max-loop-iterations",
                );
                return self.err(l.loc, msg);
            }
            if let Some(it) = l.iter {
                substs.push((it, e));
            }
            // LLVM does not pass the defm location into loop iterations.
            let res = self.resolve_entries(&l.entries, substs, fin, dest.as_deref_mut(), None);
            if l.iter.is_some() {
                substs.pop();
            }
            res?;
        }
        Ok(())
    }

    pub(super) fn resolve_entries(
        &mut self,
        src: &[Entry],
        substs: &mut Vec<(Sym, InitId)>,
        fin: bool,
        mut dest: Option<&mut Vec<Entry>>,
        loc: Option<Loc>,
    ) -> PResult<()> {
        for e in src {
            match e {
                Entry::Loop(l) => self.resolve_loop(l, substs, fin, dest.as_deref_mut(), None)?,
                Entry::Assert(a) => {
                    let mut r = MapResolver::new(None);
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    let c = resolve_init(self.cx, a.cond, &mut r);
                    let m = resolve_init(self.cx, a.msg, &mut r);
                    let na = Assertion {
                        loc: a.loc,
                        cond: c,
                        msg: m,
                    };
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Assert(na)),
                        None => {
                            check_assert(self.cx, na.loc, na.cond, na.msg);
                        }
                    }
                }
                Entry::Dump(dm) => {
                    let mut r = MapResolver::new(None);
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    let m = resolve_init(self.cx, dm.msg, &mut r);
                    let nd = Dump {
                        loc: dm.loc,
                        msg: m,
                    };
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Dump(nd)),
                        None => dump_message(self.cx, nd.loc, nd.msg),
                    }
                }
                Entry::Rec(rid) => {
                    let rec = self.cx.rec(*rid).copy_with_loc(loc);
                    let nr = self.cx.add_record(rec);
                    let mut r = MapResolver::new(Some(nr));
                    for &(n, v) in substs.iter() {
                        r.set(n, v);
                    }
                    resolve_record(self.cx, nr, &mut r, None);
                    self.check_fatal()?;
                    explain::on_instantiate(self.cx, *rid, nr, &r);
                    match dest.as_deref_mut() {
                        Some(d) => d.push(Entry::Rec(nr)),
                        None => self.add_def_one(nr)?,
                    }
                }
            }
            self.check_fatal()?;
        }
        Ok(())
    }

    pub(super) fn add_def_one(&mut self, r: RecId) -> PResult<()> {
        let mut new_name = None;
        if let Some(y) = self.cx.rec_name_sym(r) {
            if self.cx.rec(r).is_anonymous() {
                self.cx.note_read_own_name(y);
            } else {
                self.cx.note_read(y);
            }
            if let Some(&prev) = self.cx.defs.get(&y) {
                if !self.cx.rec(r).is_anonymous() {
                    let loc = self.cx.rec(r).locs[0];
                    let ploc = self.cx.rec(prev).locs.first().copied();
                    let d = Diagnostic::error(loc, format!("def already exists: {}", self.s(y)))
                        .with_note(ploc, "location of previous definition");
                    return Err(d);
                }
                new_name = Some(self.cx.new_anon_name());
            }
        }
        resolve_record_final(self.cx, r, new_name);
        self.check_fatal()?;
        self.check_concrete(r);
        let name = self.cx.rec(r).name;
        if !matches!(self.cx.init(name), Init::Str(..)) {
            let loc = self.cx.rec(r).locs[0];
            // LLVM's Record::checkName: a typed name must be a string.
            let msg = if self.cx.type_of(name).is_some_and(|t| t != TY_STRING) {
                format!("Record name '{}' is not a string!", self.cx.init_str(name))
            } else {
                format!(
                    "record name '{}' could not be fully resolved",
                    self.cx.init_str(name)
                )
            };
            return self.err(loc, msg);
        }
        resolve::check_assertions(self.cx, r);
        resolve::emit_dumps(self.cx, r);
        let di = self.cx.def_init(r);
        // The record's type is built only when a defset asks for it.
        if !self.defsets.is_empty() {
            let rt = self.cx.record_type(r);
            for k in 0..self.defsets.len() {
                let et = self.defsets[k].elt_ty;
                if !self.cx.ty_is_a(rt, et) {
                    let loc = self.cx.rec(r).locs[0];
                    let msg = format!(
                        "adding record of incompatible type '{}' to defset",
                        self.cx.ty_str(rt)
                    );
                    return self.err(loc, msg);
                }
                self.defsets[k].elems.push(di);
            }
        }
        if let Some(y) = self.cx.rec_name_sym(r) {
            let existed = self.cx.defs.insert(y, r).is_some();
            self.cx.note_write(Table::Def, y, existed);
        }
        Ok(())
    }

    pub(super) fn check_concrete(&mut self, r: RecId) {
        let n = self.cx.rec(r).values.len();
        for k in 0..n {
            let v = self.cx.rec(r).values[k].clone();
            if v.kind == FieldKind::NonconcreteOk {
                continue;
            }
            // LLVM's checkBitsConcrete: a bit may also stay a reference to
            // a field of the record (an instruction encoding's operand).
            let ok = match self.cx.init(v.value) {
                Init::Bits(bits) => bits.iter().all(|&b| {
                    self.cx.is_concrete(b)
                        || match *self.cx.init(b) {
                            Init::Var(..) => true,
                            Init::VarBit(var, _) => match *self.cx.init(var) {
                                Init::Var(y, _) => self.cx.rec(r).value(y).is_some(),
                                _ => false,
                            },
                            _ => false,
                        }
                }),
                _ => self.cx.is_concrete(v.value),
            };
            if !ok {
                let loc = self.cx.rec(r).locs[0];
                let msg = format!(
                    "Initializer of '{}' in '{}' could not be fully resolved: {}",
                    self.s(v.name),
                    self.cx.rec_name(r),
                    self.cx.init_str(v.value)
                );
                self.cx.error(Some(loc), msg);
            }
        }
    }
}
