//! Bang operators (`!op(...)`): unary, binary, ternary, `!foreach`/`!filter`,
//! `!cond`, `!substr`/`!find`, `!foldl`, `!isa`/`!exists` and `!range`.

use super::*;

impl Parser<'_> {
    pub(super) fn parse_operation(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
    ) -> PResult<InitId> {
        let op_loc = self.loc();
        let name = self.s(self.sym()).to_string();
        if self.cx.rules.missing_bang_ops.contains(&name.as_str()) {
            return self.tok_err("Unknown operator");
        }
        let un = match name.as_str() {
            "cast" => Some(UnOp::Cast),
            "not" => Some(UnOp::Not),
            "head" => Some(UnOp::Head),
            "tail" => Some(UnOp::Tail),
            "size" => Some(UnOp::Size),
            "empty" => Some(UnOp::Empty),
            "getdagop" | "getop" => Some(UnOp::GetDagOp),
            "getdagopname" => Some(UnOp::GetDagOpName),
            "logtwo" => Some(UnOp::LogTwo),
            "repr" => Some(UnOp::Repr),
            "tolower" => Some(UnOp::ToLower),
            "toupper" => Some(UnOp::ToUpper),
            "listflatten" => Some(UnOp::ListFlatten),
            "initialized" => Some(UnOp::Initialized),
            _ => None,
        };
        if let Some(op) = un {
            return self.parse_unary(cur, op);
        }
        let bin = match name.as_str() {
            "con" => Some(BinOp::Concat),
            "add" => Some(BinOp::Add),
            "sub" => Some(BinOp::Sub),
            "mul" => Some(BinOp::Mul),
            "div" => Some(BinOp::Div),
            "and" => Some(BinOp::And),
            "or" => Some(BinOp::Or),
            "xor" => Some(BinOp::Xor),
            "sra" => Some(BinOp::Sra),
            "srl" => Some(BinOp::Srl),
            "shl" => Some(BinOp::Shl),
            "eq" => Some(BinOp::Eq),
            "ne" => Some(BinOp::Ne),
            "le" => Some(BinOp::Le),
            "lt" => Some(BinOp::Lt),
            "ge" => Some(BinOp::Ge),
            "gt" => Some(BinOp::Gt),
            "listconcat" => Some(BinOp::ListConcat),
            "listsplat" => Some(BinOp::ListSplat),
            "listremove" => Some(BinOp::ListRemove),
            "strconcat" => Some(BinOp::StrConcat),
            "interleave" => Some(BinOp::Interleave),
            "setdagop" | "setop" => Some(BinOp::SetDagOp),
            "setdagopname" => Some(BinOp::SetDagOpName),
            "getdagarg" => Some(BinOp::GetDagArg),
            "getdagname" => Some(BinOp::GetDagName),
            "match" => Some(BinOp::Match),
            _ => None,
        };
        if let Some(op) = bin {
            return self.parse_binary(cur, ity, op, op_loc);
        }
        match name.as_str() {
            "if" | "dag" | "subst" | "setdagarg" | "setdagname" => {
                self.parse_ternary(cur, ity, &name)
            }
            "foreach" | "filter" => self.parse_foreach_filter(cur, ity, name == "foreach", op_loc),
            "cond" => self.parse_cond(cur, ity),
            "substr" | "find" => self.parse_substr_find(cur, ity, name == "substr"),
            "foldl" => self.parse_foldl(cur),
            "isa" | "exists" | "instances" => self.parse_isa_exists(cur, &name),
            "range" => self.parse_range(cur, op_loc),
            _ => self.tok_err(self.cx.rules.cased("unknown operator")),
        }
    }

    pub(super) fn expect_lparen(&mut self, msg: &str) -> PResult<()> {
        if !self.consume(Tok::LParen) {
            return self.tok_err(msg.to_string());
        }
        Ok(())
    }

    pub(super) fn parse_unary(&mut self, cur: Option<RecId>, op: UnOp) -> PResult<InitId> {
        self.bump();
        let mut ty: Option<TyId> = match op {
            UnOp::Cast => {
                let t = self.parse_operator_type()?;
                Some(t)
            }
            UnOp::Repr | UnOp::ToLower | UnOp::ToUpper | UnOp::GetDagOpName => Some(TY_STRING),
            UnOp::Not | UnOp::LogTwo | UnOp::Size | UnOp::Empty | UnOp::Initialized => {
                Some(if op == UnOp::Initialized {
                    TY_BIT
                } else {
                    TY_INT
                })
            }
            UnOp::GetDagOp => {
                if self.tok() == Tok::Less {
                    let t = self.parse_operator_type()?;
                    if !self.cx.is_record_ty(t) {
                        return self.tok_err("type for !getdagop must be a record type");
                    }
                    Some(t)
                } else {
                    Some(self.cx.any_record())
                }
            }
            UnOp::Head | UnOp::Tail | UnOp::ListFlatten => None,
        };
        self.expect_lparen("expected '(' after unary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        let lt = self.typed(lhs);
        match op {
            UnOp::Empty | UnOp::Size => {
                let ok = match lt {
                    Some(t) => matches!(
                        self.cx.ty_data(t),
                        RecTy::List(_) | RecTy::String | RecTy::Dag
                    ),
                    None => false,
                };
                if !ok {
                    return self
                        .tok_err("expected string, list, or dag type argument in unary operator");
                }
            }
            UnOp::Head | UnOp::Tail => {
                let Some(t) = lt.filter(|t| self.cx.list_elem(*t).is_some()) else {
                    return self.tok_err("expected list type argument in unary operator");
                };
                if let Init::List(l, _) = self.cx.init(lhs) {
                    if l.is_empty() {
                        return self.tok_err("empty list argument in unary operator");
                    }
                    let first = l[0];
                    let Some(it) = self.cx.type_of(first) else {
                        return self.tok_err("untyped list element in unary operator");
                    };
                    ty = Some(if op == UnOp::Head {
                        it
                    } else {
                        self.cx.list_ty(it)
                    });
                } else {
                    let e = self.cx.list_elem(t).unwrap_or(TY_INT);
                    ty = Some(if op == UnOp::Head { e } else { t });
                }
            }
            UnOp::ListFlatten => {
                let inner = lt
                    .and_then(|t| self.cx.list_elem(t))
                    .filter(|e| self.cx.list_elem(*e).is_some());
                match inner {
                    Some(e) => ty = Some(e),
                    None => match lt {
                        Some(t) if self.cx.list_elem(t).is_some() => ty = Some(t),
                        _ => return self.tok_err("expected list type argument in unary operator"),
                    },
                }
            }
            _ => {}
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in unary operator");
        }
        let t = ty.unwrap_or(TY_INT);
        let u = self.cx.mk(Init::Un(op, lhs, t));
        let r = fold_un(self.cx, u, cur, false);
        self.check_fatal()?;
        Ok(r)
    }

    pub(super) fn parse_binary(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        op: BinOp,
        op_loc: Loc,
    ) -> PResult<InitId> {
        self.bump();
        let any_rec = self.cx.any_record();
        let (mut ty, mut arg_ty): (Option<TyId>, Option<TyId>) = match op {
            BinOp::Concat | BinOp::SetDagOp | BinOp::SetDagOpName => (Some(TY_DAG), Some(TY_DAG)),
            BinOp::GetDagArg => {
                let t = self.parse_operator_type()?;
                (Some(t), Some(TY_DAG))
            }
            BinOp::GetDagName => (Some(TY_STRING), Some(TY_DAG)),
            BinOp::And
            | BinOp::Or
            | BinOp::Xor
            | BinOp::Sra
            | BinOp::Srl
            | BinOp::Shl
            | BinOp::Add
            | BinOp::Sub
            | BinOp::Mul
            | BinOp::Div => (Some(TY_INT), Some(TY_INT)),
            BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
                (Some(TY_BIT), None)
            }
            BinOp::ListConcat | BinOp::ListRemove => (None, ity),
            BinOp::ListSplat => (None, None),
            BinOp::StrConcat => (Some(TY_STRING), Some(TY_STRING)),
            BinOp::Interleave => (Some(TY_STRING), None),
            BinOp::Match => (Some(TY_BIT), Some(TY_STRING)),
            BinOp::ListElem | BinOp::ListSlice | BinOp::Range => (None, None),
        };
        if let (Some(t), Some(it)) = (ty, ity) {
            if !self.cx.ty_convertible(t, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.cx.ty_str(it),
                    self.cx.ty_str(t)
                );
                return self.err(op_loc, msg);
            }
        }
        self.expect_lparen("expected '(' after binary operator")?;
        let mut list: Vec<InitId> = Vec::new();
        loop {
            let iloc = self.loc();
            let v = self.parse_value(cur, arg_ty, Mode::Value)?;
            list.push(v);
            let Some(lt) = self.cx.type_of(v) else {
                let msg = format!(
                    "expected value to be a typed value, got '{}'",
                    self.cx.init_str(v)
                );
                return self.err(op_loc, msg);
            };
            match arg_ty {
                None => {
                    arg_ty = Some(lt);
                    match op {
                        BinOp::ListConcat | BinOp::ListRemove
                            if self.cx.list_elem(lt).is_none() =>
                        {
                            let msg = format!(
                                "expected a list, got value of type '{}'",
                                self.cx.ty_str(lt)
                            );
                            return self.err(iloc, msg);
                        }
                        BinOp::ListSplat => {
                            if let Some(it) = ity {
                                if list.len() == 1 {
                                    if self.cx.list_elem(it).is_none() {
                                        let msg = format!(
                                            "expected output type to be a list, got type '{}'",
                                            self.cx.ty_str(it)
                                        );
                                        return self.err(op_loc, msg);
                                    }
                                    let l = self.cx.list_ty(lt);
                                    if !self.cx.ty_convertible(l, it) {
                                        let e = self.cx.list_elem(it).unwrap_or(it);
                                        let msg = format!(
                                            "expected first arg type to be '{}', got value of type '{}'",
                                            self.cx.ty_str(lt),
                                            self.cx.ty_str(e)
                                        );
                                        return self.err(op_loc, msg);
                                    }
                                }
                            }
                            if list.len() == 2 && lt != TY_INT {
                                let msg = format!(
                                    "expected second parameter to be an int, got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                                return self.err(iloc, msg);
                            }
                            arg_ty = None;
                        }
                        BinOp::Eq | BinOp::Ne
                            if !self.cx.ty_convertible(lt, TY_INT)
                                && !self.cx.ty_convertible(lt, TY_STRING)
                                && !self.cx.ty_convertible(lt, any_rec) =>
                        {
                            let msg = format!(
                                    "expected bit, bits, int, string, or record; got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                            return self.err(iloc, msg);
                        }
                        BinOp::GetDagArg | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt
                            if !self.cx.ty_convertible(lt, TY_INT)
                                && !self.cx.ty_convertible(lt, TY_STRING) =>
                        {
                            let msg = format!(
                                "expected bit, bits, int, or string; got value of type '{}'",
                                self.cx.ty_str(lt)
                            );
                            return self.err(iloc, msg);
                        }
                        BinOp::Interleave => {
                            if list.len() == 1 {
                                let sl = self.cx.list_ty(TY_STRING);
                                let il = self.cx.list_ty(TY_INT);
                                if lt != sl && !self.cx.ty_convertible(lt, il) {
                                    let msg = format!(
                                        "expected list of string, int, bits, or bit; got value of type '{}'",
                                        self.cx.ty_str(lt)
                                    );
                                    return self.err(iloc, msg);
                                }
                            } else if list.len() == 2 && lt != TY_STRING {
                                let msg = format!(
                                    "expected second argument to be a string, got value of type '{}'",
                                    self.cx.ty_str(lt)
                                );
                                return self.err(iloc, msg);
                            }
                            arg_ty = None;
                        }
                        _ => {}
                    }
                }
                Some(at) => {
                    let Some(resolved) = self.cx.resolve_types(at, lt) else {
                        let msg = format!(
                            "expected value of type '{}', got '{}'",
                            self.cx.ty_str(at),
                            self.cx.ty_str(lt)
                        );
                        return self.err(iloc, msg);
                    };
                    if !matches!(
                        op,
                        BinOp::Add
                            | BinOp::Sub
                            | BinOp::And
                            | BinOp::Or
                            | BinOp::Xor
                            | BinOp::Sra
                            | BinOp::Srl
                            | BinOp::Shl
                            | BinOp::Mul
                            | BinOp::Div
                    ) {
                        arg_ty = Some(resolved);
                    }
                }
            }
            match op {
                BinOp::SetDagOp => arg_ty = Some(any_rec),
                BinOp::SetDagOpName => arg_ty = Some(TY_STRING),
                BinOp::GetDagArg => arg_ty = None,
                BinOp::GetDagName => arg_ty = Some(TY_INT),
                _ => {}
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in operator");
        }
        if matches!(op, BinOp::ListConcat | BinOp::ListRemove) {
            ty = arg_ty;
        }
        if op == BinOp::ListSplat {
            let ft = self.cx.type_of(list[0]).unwrap_or(TY_INT);
            ty = Some(self.cx.list_ty(ft));
        }
        let t = ty.unwrap_or(TY_INT);
        if matches!(
            op,
            BinOp::StrConcat
                | BinOp::ListConcat
                | BinOp::Concat
                | BinOp::Add
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::Mul
        ) {
            while list.len() > 2 {
                let Some(r) = list.pop() else { break };
                let Some(l) = list.pop() else { break };
                let b = self.cx.mk(Init::Bin(op, l, r, t));
                let f = fold_bin(self.cx, b, cur);
                list.push(f);
            }
        }
        if list.len() == 2 {
            let b = self.cx.mk(Init::Bin(op, list[0], list[1], t));
            let r = fold_bin(self.cx, b, cur);
            self.check_fatal()?;
            return Ok(r);
        }
        self.err(op_loc, "expected two operands to operator")
    }

    pub(super) fn parse_ternary(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        name: &str,
    ) -> PResult<InitId> {
        self.bump();
        let (op, mut ty, ity) = match name {
            "dag" => (TernOp::Dag, Some(TY_DAG), None),
            "if" => (TernOp::If, None, ity),
            "subst" => (TernOp::Subst, None, ity),
            "setdagarg" => (TernOp::SetDagArg, Some(TY_DAG), None),
            _ => (TernOp::SetDagName, Some(TY_DAG), None),
        };
        self.expect_lparen("expected '(' after ternary operator")?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in ternary operator");
        }
        let mloc = self.loc();
        let mhs = self.parse_value(cur, ity, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in ternary operator");
        }
        let rloc = self.loc();
        let rhs = self.parse_value(cur, ity, Mode::Value)?;
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in binary operator");
        }
        match op {
            TernOp::Dag => {
                let mt = self.typed(mhs);
                if mt.is_none() && !self.cx.is_unset(mhs) {
                    return self.err(mloc, "could not determine type of the child list in !dag");
                }
                if let Some(t) = mt {
                    if self.cx.list_elem(t).is_none() {
                        let msg = format!(
                            "expected list of children, got type '{}'",
                            self.cx.ty_str(t)
                        );
                        return self.err(mloc, msg);
                    }
                }
                let rt = self.typed(rhs);
                if rt.is_none() && !self.cx.is_unset(rhs) {
                    return self.err(rloc, "could not determine type of the name list in !dag");
                }
                if let Some(t) = rt {
                    let sl = self.cx.list_ty(TY_STRING);
                    if t != sl {
                        let msg =
                            format!("expected list<string>, got type '{}'", self.cx.ty_str(t));
                        return self.err(rloc, msg);
                    }
                }
                if mt.is_none() && rt.is_none() {
                    return self.err(
                        mloc,
                        "cannot have both unset children and unset names in !dag",
                    );
                }
            }
            TernOp::If => {
                let mut mt = self.typed(mhs);
                let mut rt = self.typed(rhs);
                if self.cx.is_unset(mhs) {
                    mt = rt;
                }
                if self.cx.is_unset(rhs) {
                    rt = mt;
                }
                let (Some(m), Some(r)) = (mt, rt) else {
                    return self.tok_err("could not get type for !if");
                };
                match self.cx.resolve_types(m, r) {
                    Some(t) => ty = Some(t),
                    None => {
                        let msg = format!(
                            "inconsistent types '{}' and '{}' for !if",
                            self.cx.ty_str(m),
                            self.cx.ty_str(r)
                        );
                        return self.tok_err(msg);
                    }
                }
            }
            TernOp::Subst => {
                let Some(t) = self.typed(rhs) else {
                    return self.tok_err("could not get type for !subst");
                };
                ty = Some(t);
            }
            TernOp::SetDagArg | TernOp::SetDagName => {
                let mt = self.typed(mhs);
                if !mt.is_some_and(|t| t == TY_INT || t == TY_STRING) {
                    let msg = format!(
                        "expected integer index or string name, got {}",
                        match mt {
                            Some(t) => format!("type '{}'", self.cx.ty_str(t)),
                            None => format!("'{}'", self.cx.init_str(mhs)),
                        }
                    );
                    return self.err(mloc, msg);
                }
                if op == TernOp::SetDagName {
                    let rt = self.typed(rhs);
                    // `?` clears the name.
                    if rt != Some(TY_STRING) && !self.cx.is_unset(rhs) {
                        let msg = format!(
                            "expected string name, got {}",
                            match rt {
                                Some(t) => format!("type '{}'", self.cx.ty_str(t)),
                                None => format!("'{}'", self.cx.init_str(rhs)),
                            }
                        );
                        return self.err(rloc, msg);
                    }
                }
            }
            _ => {}
        }
        let t = ty.unwrap_or(TY_INT);
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, t));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    pub(super) fn parse_foreach_filter(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        is_foreach: bool,
        op_loc: Loc,
    ) -> PResult<InitId> {
        self.bump();
        if self.tok() != Tok::LParen {
            return self.tok_err("expected '(' after !foreach/!filter");
        }
        self.bump();
        if self.tok() != Tok::Id {
            return self.tok_err("first argument of !foreach/!filter must be an identifier");
        }
        let var = self.sym();
        let lhs = self.cx.str_sym(var);
        self.bump();
        if let Some(c) = cur {
            if self.cx.rec(c).value(var).is_some() {
                let msg = format!(
                    "iteration variable '\"{}\"' is already defined",
                    self.s(var)
                );
                return self.tok_err(msg);
            }
        }
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foreach/!filter");
        }
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foreach/!filter");
        }
        let Some(mt) = self.typed(mhs) else {
            return self.tok_err("could not get type of !foreach/!filter list or dag");
        };
        let in_elt;
        let mut expr_elt = None;
        let mut is_dag = false;
        if let Some(e) = self.cx.list_elem(mt) {
            in_elt = e;
            if let Some(it) = ity {
                match self.cx.list_elem(it) {
                    Some(oe) => expr_elt = Some(if is_foreach { oe } else { TY_INT }),
                    None => {
                        let msg = format!(
                            "expected value of type '{}', but got list type",
                            self.cx.ty_str(it)
                        );
                        return self.err(op_loc, msg);
                    }
                }
            }
        } else if mt == TY_DAG {
            if !is_foreach {
                return self.tok_err("!filter must have a list argument");
            }
            in_elt = TY_DAG;
            if let Some(it) = ity {
                if it != TY_DAG {
                    let msg = format!(
                        "expected value of type '{}', but got dag type",
                        self.cx.ty_str(it)
                    );
                    return self.err(op_loc, msg);
                }
            }
            is_dag = true;
        } else if is_foreach {
            return self.tok_err("!foreach must have a list or dag argument");
        } else {
            return self.tok_err("!filter must have a list argument");
        }
        let vi = self.cx.mk(Init::Var(var, in_elt));
        self.push_scope(ScopeKind::Local);
        if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(var, vi);
        }
        let rhs = self.parse_value(cur, expr_elt, Mode::Value);
        self.pop_scope();
        let rhs = rhs?;
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in !foreach/!filter");
        }
        let out_ty = if is_foreach && !is_dag {
            let Some(rt) = self.typed(rhs) else {
                return self.tok_err("could not get type of !foreach result expression");
            };
            self.cx.list_ty(rt)
        } else if !is_foreach {
            self.cx.list_ty(in_elt)
        } else {
            in_elt
        };
        let op = if is_foreach {
            TernOp::Foreach
        } else {
            TernOp::Filter
        };
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, out_ty));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    pub(super) fn parse_cond(&mut self, cur: Option<RecId>, ity: Option<TyId>) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !cond operator")?;
        let mut conds = Vec::new();
        let mut vals = Vec::new();
        loop {
            if self.consume(Tok::RParen) {
                break;
            }
            let c = self.parse_value(cur, None, Mode::Value)?;
            conds.push(c);
            if !self.consume(Tok::Colon) {
                return self.tok_err("expected ':'  following a condition in !cond operator");
            }
            let v = self.parse_value(cur, ity, Mode::Value)?;
            vals.push(v);
            if self.consume(Tok::RParen) {
                break;
            }
            if !self.consume(Tok::Comma) {
                return self.tok_err("expected ',' or ')' following a value in !cond operator");
            }
        }
        if conds.is_empty() {
            return self
                .tok_err("there should be at least 1 'condition : value' in the !cond operator");
        }
        let mut ty: Option<TyId> = None;
        for &v in &vals {
            if self.cx.is_unset(v) {
                continue;
            }
            let vt = self.typed(v);
            ty = match (ty, vt) {
                (None, x) => x,
                (Some(t), Some(x)) => match self.cx.resolve_types(t, x) {
                    Some(r) => Some(r),
                    None => {
                        let msg = format!(
                            "inconsistent types '{}' and '{}' for !cond",
                            self.cx.ty_str(t),
                            self.cx.ty_str(x)
                        );
                        return self.tok_err(msg);
                    }
                },
                (Some(t), None) => Some(t),
            };
        }
        let Some(t) = ty else {
            return self.tok_err("could not determine type for !cond from its arguments");
        };
        let mut all = conds;
        all.extend(vals);
        let u = self.cx.mk_ref(InitRef::Cond(&all, t));
        let r = fold_cond(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    pub(super) fn parse_substr_find(
        &mut self,
        cur: Option<RecId>,
        ity: Option<TyId>,
        substr: bool,
    ) -> PResult<InitId> {
        self.bump();
        let (opn, ty) = if substr {
            ("!substr", TY_STRING)
        } else {
            ("!find", TY_INT)
        };
        self.expect_lparen(&format!("expected '(' after {opn} operator"))?;
        let lhs = self.parse_value(cur, None, Mode::Value)?;
        if !self.consume(Tok::Comma) {
            return self.tok_err(format!("expected ',' in {opn} operator"));
        }
        let mloc = self.loc();
        let mhs = self.parse_value(cur, None, Mode::Value)?;
        let mut rloc = self.loc();
        let rhs = if self.consume(Tok::Comma) {
            rloc = self.loc();
            self.parse_value(cur, None, Mode::Value)?
        } else if substr {
            self.cx.int(i64::MAX)
        } else {
            self.cx.int(0)
        };
        if !self.consume(Tok::RParen) {
            return self.tok_err(format!("expected ')' in {opn} operator"));
        }
        if let Some(it) = ity {
            if !self.cx.ty_convertible(ty, it) {
                let msg = format!(
                    "expected value of type '{}', got '{}'",
                    self.cx.ty_str(it),
                    self.cx.ty_str(ty)
                );
                return self.err(rloc, msg);
            }
        }
        let what = if substr { "string" } else { "source string" };
        let lt = self.typed(lhs);
        if lt.is_none() && !self.cx.is_unset(lhs) {
            return self.tok_err(format!("could not determine type of the {what} in {opn}"));
        }
        if let Some(t) = lt {
            if t != TY_STRING {
                return self.tok_err(format!("expected string, got type '{}'", self.cx.ty_str(t)));
            }
        }
        let mt = self.typed(mhs);
        if substr {
            if mt.is_none() && !self.cx.is_unset(mhs) {
                return self.tok_err("could not determine type of the start position in !substr");
            }
            if let Some(t) = mt {
                if t != TY_INT {
                    return self.err(
                        mloc,
                        format!("expected int, got type '{}'", self.cx.ty_str(t)),
                    );
                }
            }
        } else {
            if mt.is_none() && !self.cx.is_unset(mhs) {
                return self.tok_err("could not determine type of the target string in !find");
            }
            if let Some(t) = mt {
                if t != TY_STRING {
                    return self.err(
                        mloc,
                        format!("expected string, got type '{}'", self.cx.ty_str(t)),
                    );
                }
            }
        }
        let rt = self.typed(rhs);
        if let Some(t) = rt {
            if t != TY_INT {
                return self.tok_err(format!("expected int, got type '{}'", self.cx.ty_str(t)));
            }
        }
        let op = if substr { TernOp::Substr } else { TernOp::Find };
        let u = self.cx.mk(Init::Tern(op, lhs, mhs, rhs, ty));
        let r = fold_tern(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    /// The accumulator or element name of `!foldl` (its `nth` argument, the
    /// `side` variable), which must not name a field of the current record.
    pub(super) fn parse_foldl_var(
        &mut self,
        cur: Option<RecId>,
        nth: &str,
        side: &str,
    ) -> PResult<Sym> {
        if self.tok() != Tok::Id {
            return self.tok_err(format!("{nth} argument of !foldl must be an identifier"));
        }
        let v = self.sym();
        if cur.is_some_and(|c| self.cx.rec(c).value(v).is_some()) {
            let msg = format!("{side} !foldl variable '\"{}\"' already defined", self.s(v));
            return self.tok_err(msg);
        }
        self.bump();
        Ok(v)
    }

    pub(super) fn parse_foldl(&mut self, cur: Option<RecId>) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !foldl")?;
        let start = self.parse_value(cur, None, Mode::Value)?;
        let Some(st) = self.typed(start) else {
            let msg = format!(
                "could not get type of !foldl start: '{}'",
                self.cx.init_str(start)
            );
            return self.tok_err(msg);
        };
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let list = self.parse_value(cur, None, Mode::Value)?;
        let Some(lt) = self.typed(list) else {
            let msg = format!(
                "could not get type of !foldl list: '{}'",
                self.cx.init_str(list)
            );
            return self.tok_err(msg);
        };
        let Some(et) = self.cx.list_elem(lt) else {
            let msg = format!(
                "!foldl list must be a list, but is of type '{}'",
                self.cx.ty_str(lt)
            );
            return self.tok_err(msg);
        };
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let a = self.parse_foldl_var(cur, "third", "left")?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let b = self.parse_foldl_var(cur, "fourth", "right")?;
        if !self.consume(Tok::Comma) {
            return self.tok_err("expected ',' in !foldl");
        }
        let av = self.cx.mk(Init::Var(a, st));
        let bv = self.cx.mk(Init::Var(b, et));
        self.push_scope(ScopeKind::Local);
        if let Some(s) = self.scopes.last_mut() {
            s.vars.insert(a, av);
            s.vars.insert(b, bv);
        }
        let expr = self.parse_value(cur, None, Mode::Value);
        self.pop_scope();
        let expr = expr?;
        let Some(xt) = self.typed(expr) else {
            return self.tok_err("could not get type of !foldl expression");
        };
        if xt != st {
            let msg = format!(
                "!foldl expression must be of same type as start ({}), but is of type {}",
                self.cx.ty_str(st),
                self.cx.ty_str(xt)
            );
            return self.tok_err(msg);
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in fold operator");
        }
        let u = self.cx.mk(Init::Fold(start, list, a, b, expr, st));
        let r = fold_foldl(self.cx, u, cur);
        self.check_fatal()?;
        Ok(r)
    }

    pub(super) fn parse_isa_exists(&mut self, cur: Option<RecId>, name: &str) -> PResult<InitId> {
        self.bump();
        let t = self.parse_operator_type()?;
        self.expect_lparen(&format!("expected '(' after type of !{name}"))?;
        let eloc = self.loc();
        if name == "instances" && self.consume(Tok::RParen) {
            if !self.cx.is_record_ty(t) {
                return self.err(eloc, "expected a record type in !instances");
            }
            let u = self.cx.mk(Init::Instances(t, self.cx.unset));
            return Ok(resolve::fold_instances(self.cx, u, cur, false));
        }
        let e = self.parse_value(cur, None, Mode::Value)?;
        if name != "isa" {
            let et = self.typed(e);
            match et {
                None => {
                    return self.err(
                        eloc,
                        format!("expected string type argument in !{name} operator"),
                    )
                }
                Some(x) if self.cx.is_record_ty(x) => return self.err(
                    eloc,
                    "expected string type argument in !exists operator, please use !isa instead",
                ),
                Some(x) if x != TY_STRING => {
                    return self.err(
                        eloc,
                        format!("expected string type argument in !{name} operator"),
                    )
                }
                _ => {}
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err(format!("expected ')' in !{name}"));
        }
        let r = match name {
            "isa" => {
                let u = self.cx.mk(Init::IsA(t, e));
                fold_isa(self.cx, u)
            }
            "exists" => {
                let u = self.cx.mk(Init::Exists(t, e));
                fold_exists(self.cx, u, cur, false)
            }
            _ => {
                if !self.cx.is_record_ty(t) {
                    return self.err(eloc, "expected a record type in !instances");
                }
                let u = self.cx.mk(Init::Instances(t, e));
                resolve::fold_instances(self.cx, u, cur, false)
            }
        };
        Ok(r)
    }

    pub(super) fn parse_range(&mut self, cur: Option<RecId>, op_loc: Loc) -> PResult<InitId> {
        self.bump();
        self.expect_lparen("expected '(' after !range operator")?;
        let mut args: Vec<InitId> = Vec::new();
        let mut first_list = false;
        loop {
            if args.len() >= 3 {
                return self.tok_err("expected at most three values of integer");
            }
            let iloc = self.loc();
            let v = self.parse_value(cur, None, Mode::Value)?;
            args.push(v);
            let Some(t) = self.typed(v) else {
                let msg = format!(
                    "expected value to be a typed value, got '{}'",
                    self.cx.init_str(v)
                );
                return self.err(op_loc, msg);
            };
            if !first_list || args.len() == 1 {
                if args.len() == 1 && self.cx.list_elem(t).is_some() {
                    first_list = true;
                } else if t == TY_INT {
                } else {
                    let msg = if args.len() != 1 {
                        format!("expected value of type 'int', got '{}'", self.cx.ty_str(t))
                    } else {
                        format!(
                            "expected list or int, got value of type '{}'",
                            self.cx.ty_str(t)
                        )
                    };
                    return self.err(iloc, msg);
                }
            } else {
                let msg = format!(
                    "expected one list, got extra value of type '{}'",
                    self.cx.ty_str(t)
                );
                return self.err(iloc, msg);
            }
            if !self.consume(Tok::Comma) {
                break;
            }
        }
        if !self.consume(Tok::RParen) {
            return self.tok_err("expected ')' in operator");
        }
        let zero = self.cx.int(0);
        let one = self.cx.int(1);
        let (l, m, r) = if args.len() == 1 {
            if first_list {
                let u = self.cx.mk(Init::Un(UnOp::Size, args[0], TY_INT));
                let s = fold_un(self.cx, u, cur, false);
                (zero, s, one)
            } else {
                (zero, args[0], one)
            }
        } else {
            (
                args[0],
                args[1],
                if args.len() == 3 { args[2] } else { one },
            )
        };
        let lt = self.cx.list_ty(TY_INT);
        let u = self.cx.mk(Init::Tern(TernOp::Range, l, m, r, lt));
        Ok(fold_tern(self.cx, u, cur))
    }
}
