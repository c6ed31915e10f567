//! Values: simple values, lists, slices, bit ranges, identifiers and
//! field accesses.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_value(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        self.enter()?;
        let r = self.parse_value_inner(cur, ity, mode);
        self.leave();
        r
    }

    pub(super) fn parse_value_inner(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        let lhs_loc = self.loc();
        let mut res = self.parse_simple_value(cur, ity, mode)?;
        loop {
            match self.tok() {
                Tok::LBrace => {
                    if mode == Mode::Name {
                        return Ok(res);
                    }
                    let cloc = self.loc();
                    self.bump();
                    let mut ranges = self.parse_range_list()?;
                    ranges.reverse();
                    let Some(r) = self.convert_bit_range(res, &ranges) else {
                        return self.err(cloc, "Invalid bit range for value");
                    };
                    res = r;
                    if !self.consume(Tok::RBrace) {
                        return self.tok_err("expected '}' at end of bit range list");
                    }
                }
                Tok::LSquare => {
                    let Some(lt) = self.cx.type_of(res) else {
                        return self.err(lhs_loc, "Invalid value, list expected");
                    };
                    let Some(et) = self.cx.list_elem(lt) else {
                        let msg =
                            format!("Type '{}' is invalid, list expected", self.cx.ty_str(lt));
                        return self.err(lhs_loc, msg);
                    };
                    self.bump();
                    let rhs = self.parse_slice_elements(cur, true)?;
                    let rt = self.cx.type_of(rhs);
                    res = if rt.is_some_and(|t| self.cx.list_elem(t).is_some()) {
                        let b = self.cx.mk(Init::Bin(BinOp::ListSlice, res, rhs, lt));
                        fold_bin(self.cx, b, cur)
                    } else {
                        let b = self.cx.mk(Init::Bin(BinOp::ListElem, res, rhs, et));
                        fold_bin(self.cx, b, cur)
                    };
                    if !self.consume(Tok::RSquare) {
                        return self.tok_err("expected ']' at end of list slice");
                    }
                }
                Tok::Dot => {
                    self.bump();
                    if self.tok() != Tok::Id {
                        return self.tok_err("expected field identifier after '.'");
                    }
                    let f = self.sym();
                    let Some(ft) = self.field_type(res, f) else {
                        let msg = format!(
                            "Cannot access field '{}' of value '{}'",
                            self.s(f),
                            self.cx.init_str(res)
                        );
                        return self.tok_err(msg);
                    };
                    let fi = self.cx.mk(Init::Field(res, f, ft));
                    res = fold_field(self.cx, fi, cur);
                    self.bump();
                }
                Tok::Paste => {
                    let ploc = self.loc();
                    let Some(lt) = self.cx.type_of(res) else {
                        return self.err(ploc, "LHS of paste is not typed!");
                    };
                    if self.cx.list_elem(lt).is_some() {
                        self.bump();
                        match self.tok() {
                            Tok::Colon | Tok::Semi | Tok::LBrace => {}
                            _ => {
                                let rhs = self.parse_value(cur, ity, Mode::Value)?;
                                res = list_concat(self.cx, res, rhs);
                            }
                        }
                        continue;
                    }
                    let mut lhs = res;
                    if lt != TY_STRING {
                        let u = self.cx.mk(Init::Un(UnOp::Cast, lhs, TY_STRING));
                        let c = fold_un(self.cx, u, cur, false);
                        if self.cx.type_of(c).is_none() {
                            let msg = format!("can't cast '{}' to string", self.cx.init_str(lhs));
                            return self.err(ploc, msg);
                        }
                        lhs = c;
                    }
                    self.bump();
                    let rhs = match self.tok() {
                        Tok::Colon | Tok::Semi | Tok::LBrace => self.cx.empty_str,
                        _ => {
                            let r = self.parse_value(cur, None, Mode::Name)?;
                            let Some(rt) = self.cx.type_of(r) else {
                                return self.err(ploc, "RHS of paste is not typed!");
                            };
                            if rt != TY_STRING {
                                let u = self.cx.mk(Init::Un(UnOp::Cast, r, TY_STRING));
                                fold_un(self.cx, u, cur, false)
                            } else {
                                r
                            }
                        }
                    };
                    res = str_concat(self.cx, lhs, rhs);
                }
                _ => return Ok(res),
            }
        }
    }

    /// The type of field `f` of a value of record type (LLVM's getFieldType).
    pub(super) fn field_type(&mut self, v: InitId, f: Sym) -> Option<TyId> {
        match self.cx.init(v).clone() {
            Init::Def(d) => self.cx.rec(d).value(f).map(|x| x.ty),
            Init::VarDef(c, _) => self.cx.rec(c).value(f).map(|x| x.ty),
            _ => {
                let t = self.cx.type_of(v)?;
                if let RecTy::Record(cs) = self.cx.ty_data(t).clone() {
                    for c in cs.iter() {
                        if let Some(x) = self.cx.rec(*c).value(f) {
                            return Some(x.ty);
                        }
                    }
                }
                None
            }
        }
    }

    pub(super) fn convert_bit_range(&mut self, v: InitId, bits: &[u32]) -> Option<InitId> {
        let out: Vec<InitId> = match self.cx.init(v).clone() {
            Init::Bits(b) => {
                let mut o = Vec::new();
                for &k in bits {
                    o.push(*b.get(k as usize)?);
                }
                o
            }
            Init::Int(x) => {
                let mut o = Vec::new();
                for &k in bits {
                    if k >= 64 {
                        return None;
                    }
                    o.push(self.cx.bit((x >> k) & 1 == 1));
                }
                o
            }
            Init::Unset | Init::Bit(_) | Init::Str(..) | Init::List(..) | Init::Dag(..) => {
                return None
            }
            _ => {
                let t = self.cx.type_of(v)?;
                let RecTy::Bits(n) = *self.cx.ty_data(t) else {
                    return None;
                };
                let mut o = Vec::new();
                for &k in bits {
                    if k >= n {
                        return None;
                    }
                    o.push(self.cx.mk(Init::VarBit(v, k)));
                }
                o
            }
        };
        Some(self.cx.mk_ref(InitRef::Bits(&out)))
    }

    pub(super) fn parse_slice_elements(
        &mut self,
        cur: Option<RecId>,
        mut single: bool,
    ) -> PResult<InitId> {
        let mut elems: Vec<InitId> = Vec::new();
        let mut slices: Vec<InitId> = Vec::new();
        let mut curv: Option<InitId>;
        loop {
            let lloc = self.loc();
            let v = self.parse_slice_element(cur)?;
            curv = Some(v);
            let vt = self.cx.type_of(v);
            match vt {
                Some(t) if self.cx.list_elem(t).is_some() => {
                    if self.cx.list_elem(t) != Some(TY_INT) {
                        let msg = format!("expected list<int>, got {}", self.cx.ty_str(t));
                        return self.err(lloc, msg);
                    }
                    if !elems.is_empty() {
                        let l = self.cx.mk(Init::List(
                            std::mem::take(&mut elems).into_boxed_slice(),
                            TY_INT,
                        ));
                        slices.push(l);
                    }
                    slices.push(v);
                    single = false;
                    curv = None;
                }
                Some(t) if t == TY_INT => {}
                other => {
                    let msg = format!(
                        "unhandled type {} in range",
                        other.map(|t| self.cx.ty_str(t)).unwrap_or_default()
                    );
                    return self.err(lloc, msg);
                }
            }
            if self.tok() != Tok::Comma {
                break;
            }
            self.bump();
            single = false;
            if let Some(c) = curv.take() {
                elems.push(c);
            }
            if self.tok() == Tok::RSquare {
                break;
            }
        }
        if let Some(c) = curv {
            if single {
                return Ok(c);
            }
            elems.push(c);
        }
        if !elems.is_empty() {
            let l = self.cx.mk_ref(InitRef::List(&elems, TY_INT));
            slices.push(l);
        }
        let mut res: Option<InitId> = None;
        for s in slices {
            res = Some(match res {
                Some(r) => list_concat(self.cx, r, s),
                None => s,
            });
        }
        match res {
            Some(r) => Ok(r),
            None => self.tok_err("expected slice elements"),
        }
    }

    pub(super) fn parse_slice_element(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        let lloc = self.loc();
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let rhs = match self.tok() {
            Tok::Ellipsis | Tok::Minus => {
                self.bump();
                let rloc = self.loc();
                let r = self.parse_value(cur, None, Mode::Value)?;
                if self.cx.type_of(r) != Some(TY_INT) {
                    let msg = format!(
                        "expected int...int, got {}",
                        self.cx
                            .type_of(r)
                            .map(|t| self.cx.ty_str(t))
                            .unwrap_or_default()
                    );
                    return self.err(rloc, msg);
                }
                r
            }
            Tok::IntVal => {
                let i = self.cur().int.wrapping_neg();
                if i < 0 {
                    return self.tok_err("invalid range, cannot be negative");
                }
                self.bump();
                self.cx.int(i)
            }
            _ => return Ok(lhs),
        };
        if self.cx.type_of(lhs) != Some(TY_INT) {
            let msg = format!(
                "expected int...int, got {}",
                self.cx
                    .type_of(lhs)
                    .map(|t| self.cx.ty_str(t))
                    .unwrap_or_default()
            );
            return self.err(lloc, msg);
        }
        let lt = self.cx.list_ty(TY_INT);
        let b = self.cx.mk(Init::Bin(BinOp::Range, lhs, rhs, lt));
        Ok(fold_bin(self.cx, b, cur))
    }

    pub(super) fn parse_value_list(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        out: &mut ValueList,
    ) -> PResult<()> {
        out.push(self.parse_value(cur, ity, Mode::Value)?);
        while self.consume(Tok::Comma) {
            if self.tok() == Tok::RSquare {
                return Ok(());
            }
            out.push(self.parse_value(cur, ity, Mode::Value)?);
        }
        Ok(())
    }

    pub(super) fn parse_simple_value(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        mode: Mode,
    ) -> PResult<InitId> {
        match self.tok() {
            Tok::Bang => self.parse_operation(cur, ity),
            Tok::True => {
                self.bump();
                Ok(self.cx.int(1))
            }
            Tok::False => {
                self.bump();
                Ok(self.cx.int(0))
            }
            Tok::IntVal => {
                let v = self.cur().int;
                self.bump();
                Ok(self.cx.int(v))
            }
            Tok::BinaryIntVal => {
                let v = self.cur().int;
                let n = self.cur().sym.0;
                self.bump();
                let bits: Vec<InitId> = (0..n)
                    .map(|k| self.cx.bit(k < 64 && (v >> k) & 1 == 1))
                    .collect();
                Ok(self.cx.mk_ref(InitRef::Bits(&bits)))
            }
            Tok::StrVal => {
                let y = self.sym();
                self.bump();
                if self.tok() != Tok::StrVal {
                    // One literal: the lexer interned it already.
                    return Ok(self.cx.str_init(y, false));
                }
                let mut s = self.s(y).to_string();
                while self.tok() == Tok::StrVal {
                    s.push_str(self.cx.strs.str(self.sym()));
                    self.bump();
                }
                Ok(self.cx.string(&s, false))
            }
            Tok::CodeFragment => {
                let y = self.sym();
                self.bump();
                Ok(self.cx.str_init(y, true))
            }
            Tok::Question => {
                self.bump();
                Ok(self.cx.unset)
            }
            Tok::Id => {
                let name_loc = self.loc();
                let name = self.sym();
                self.bump();
                if self.tok() == Tok::Equal {
                    return Ok(self.cx.str_sym(name));
                }
                if self.tok() != Tok::Less {
                    return self.parse_id_value(cur, name, name_loc, mode);
                }
                self.cx.note_read(name);
                let Some(&class) = self.cx.classes.get(&name) else {
                    return self.err(
                        name_loc,
                        format!("Expected a class name, got '{}'", self.s(name)),
                    );
                };
                self.bump();
                let mut args = ArgList::new();
                let locs = self.parse_template_arg_value_list(&mut args, cur, class)?;
                let locs = self.template_arg_error_locs(locs, name_loc);
                self.check_template_arg_values(&mut args, &locs, class)?;
                self.resolve_arguments(class, &args, name_loc)?;
                let vd = self.cx.mk_ref(InitRef::VarDef(class, &args));
                self.cx.note_var_def_loc(vd, name_loc);
                let r = resolve::fold_var_def(self.cx, vd);
                self.check_fatal()?;
                Ok(r)
            }
            Tok::LBrace => {
                let bloc = self.loc();
                self.bump();
                let mut vals = ValueList::new();
                if self.tok() != Tok::RBrace {
                    self.parse_value_list(cur, None, &mut vals)?;
                }
                if !self.consume(Tok::RBrace) {
                    return self.tok_err("expected '}' at end of bit list value");
                }
                let mut nb: Vec<InitId> = Vec::new();
                for (i, &v) in vals.iter().enumerate() {
                    if let Init::Bits(b) = self.cx.init(v) {
                        nb.extend(b.iter().rev().copied());
                        continue;
                    }
                    if let Init::Var(..) = self.cx.init(v) {
                        if let Some(t) = self.cx.type_of(v) {
                            if let RecTy::Bits(n) = *self.cx.ty_data(t) {
                                for k in (0..n).rev() {
                                    let b = self.cx.get_bit(v, k);
                                    nb.push(b);
                                }
                                continue;
                            }
                        }
                    }
                    match self.cx.cast_to(v, TY_BIT) {
                        Some(b) => nb.push(b),
                        None => {
                            let msg = format!(
                                "Element #{} ({}) is not convertable to a bit",
                                i,
                                self.cx.init_str(v)
                            );
                            return self.err(bloc, msg);
                        }
                    }
                }
                nb.reverse();
                Ok(self.cx.mk_ref(InitRef::Bits(&nb)))
            }
            Tok::LSquare => {
                self.bump();
                let mut vals = ValueList::new();
                let given = match ity {
                    Some(t) => match self.cx.list_elem(t) {
                        Some(e) => Some(e),
                        None => {
                            let msg = format!(
                                "Encountered a list when expecting a {}",
                                self.cx.ty_str(t)
                            );
                            return self.tok_err(msg);
                        }
                    },
                    None => None,
                };
                if self.tok() != Tok::RSquare {
                    self.parse_value_list(cur, given, &mut vals)?;
                }
                if !self.consume(Tok::RSquare) {
                    return self.tok_err("expected ']' at end of list value");
                }
                let mut given_elt = None;
                if self.consume(Tok::Less) {
                    given_elt = Some(self.parse_type()?);
                    if !self.consume(Tok::Greater) {
                        return self.tok_err("expected '>' at end of list element type");
                    }
                }
                let mut et: Option<TyId> = None;
                for &v in &vals {
                    if let Some(t) = self.cx.type_of(v) {
                        et = match et {
                            Some(e) => match self.cx.resolve_types(e, t) {
                                Some(x) => Some(x),
                                None => return self.tok_err("Incompatible types in list elements"),
                            },
                            None => Some(t),
                        };
                    }
                }
                if let Some(g) = given_elt {
                    if let Some(e) = et {
                        if !self.cx.ty_convertible(e, g) {
                            return self.tok_err("Incompatible types in list elements");
                        }
                    }
                    et = Some(g);
                }
                let deduced = match et {
                    None => match given {
                        Some(g) => g,
                        None => return self.tok_err("No type for list"),
                    },
                    Some(e) => {
                        if let Some(g) = given {
                            if !self.cx.ty_convertible(e, g) {
                                let msg = format!(
                                    "Element type mismatch for list: element type '{}' not convertible to '{}",
                                    self.cx.ty_str(e),
                                    self.cx.ty_str(g)
                                );
                                return self.tok_err(msg);
                            }
                        }
                        e
                    }
                };
                Ok(self.cx.mk_ref(InitRef::List(&vals, deduced)))
            }
            Tok::LParen => {
                self.bump();
                if !matches!(
                    self.tok(),
                    Tok::Id | Tok::Bang | Tok::LSquare | Tok::Question
                ) {
                    return self.tok_err("expected identifier or list of value types in dag init");
                }
                let op = self.parse_value(cur, None, Mode::Value)?;
                let mut opname = None;
                if self.consume(Tok::Colon) {
                    if self.tok() != Tok::VarName {
                        return self.tok_err("expected variable name in dag operator");
                    }
                    opname = Some(self.sym());
                    self.bump();
                }
                let mut args: Vec<(InitId, Option<Sym>)> = Vec::new();
                if self.tok() != Tok::RParen {
                    loop {
                        if self.tok() == Tok::VarName {
                            let n = self.sym();
                            self.bump();
                            args.push((self.cx.unset, Some(n)));
                        } else {
                            let v = self.parse_value(cur, None, Mode::Value)?;
                            let mut n = None;
                            if self.tok() == Tok::Colon {
                                self.bump();
                                if self.tok() != Tok::VarName {
                                    return self.tok_err("expected variable name in dag literal");
                                }
                                n = Some(self.sym());
                                self.bump();
                            }
                            args.push((v, n));
                        }
                        if !self.consume(Tok::Comma) {
                            break;
                        }
                    }
                }
                if !self.consume(Tok::RParen) {
                    return self.tok_err("expected ')' in dag init");
                }
                Ok(self.cx.mk_ref(InitRef::Dag(op, opname, &args)))
            }
            _ => self.tok_err("Unknown or reserved token when parsing a value"),
        }
    }

    pub(super) fn parse_id_value(
        &mut self,
        cur: Option<RecId>,
        name: Sym,
        loc: Loc,
        mode: Mode,
    ) -> PResult<InitId> {
        if let Some(v) = self.scope_var(name) {
            return Ok(v);
        }
        if mode == Mode::Name {
            return Ok(self.cx.str_sym(name));
        }
        if let Some(v) = self.get_global(name) {
            return Ok(v);
        }
        if let Some(c) = cur {
            let cr = self.cx.rec(c);
            if !cr.is_class()
                && self.cur_mc.is_none()
                && matches!(self.cx.init(cr.name), Init::Str(y, _) if *y == name)
            {
                // The record is still growing: its type is that of the
                // classes it has so far (not cached).
                let mut ds = self.cx.direct_supers(c);
                let t = self.cx.record_ty_of(&mut ds);
                let n = self.cx.str_sym(name);
                return Ok(self.cx.mk(Init::Un(UnOp::Cast, n, t)));
            }
        }
        self.err(loc, format!("Variable not defined: '{}'", self.s(name)))
    }

    pub(super) fn parse_operator_type(&mut self) -> PResult<TyId> {
        if !self.consume(Tok::Less) {
            return self.tok_err("expected type name for operator");
        }
        if self.tok() == Tok::Code {
            return self.tok_err("the 'code' type is not allowed in bang operators; use 'string'");
        }
        let t = self.parse_type()?;
        if !self.consume(Tok::Greater) {
            return self.tok_err("expected type name for operator");
        }
        Ok(t)
    }

    pub(super) fn typed(&mut self, v: InitId) -> Option<TyId> {
        self.cx.type_of(v)
    }
}
