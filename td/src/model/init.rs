//! Values (LLVM's `Init` hierarchy), their types, bits, conversions and
//! their `getAsString` spelling.

use super::{Ctx, InitId, RecId, RecTy, Sym, TyId, TY_BIT, TY_DAG, TY_INT, TY_STRING};
use std::fmt::Write as _;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Cast,
    Not,
    Head,
    Tail,
    Size,
    Empty,
    GetDagOp,
    GetDagOpName,
    LogTwo,
    Repr,
    ToLower,
    ToUpper,
    ListFlatten,
    Initialized,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    And,
    Or,
    Xor,
    Shl,
    Sra,
    Srl,
    Eq,
    Ne,
    Le,
    Lt,
    Ge,
    Gt,
    ListConcat,
    ListSplat,
    ListRemove,
    ListElem,
    ListSlice,
    Range,
    StrConcat,
    Interleave,
    Concat,
    SetDagOp,
    SetDagOpName,
    GetDagArg,
    GetDagName,
    Match,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TernOp {
    Subst,
    Foreach,
    Filter,
    If,
    Dag,
    Range,
    Substr,
    Find,
    SetDagArg,
    SetDagName,
}

/// A template argument given to `Class<...>` in a value: by position or name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ArgKey {
    Pos(u32),
    Named(Sym),
}

impl Default for ArgKey {
    fn default() -> Self {
        ArgKey::Pos(0)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Init {
    Unset,
    Bit(bool),
    /// Bit 0 first.
    Bits(Box<[InitId]>),
    Int(i64),
    /// A string; the flag marks code format (`[{...}]`).
    Str(Sym, bool),
    List(Box<[InitId]>, TyId),
    /// Operator, operator name, arguments with names.
    Dag(InitId, Option<Sym>, Box<[(InitId, Option<Sym>)]>),
    Def(RecId),
    Var(Sym, TyId),
    VarBit(InitId, u32),
    Field(InitId, Sym, TyId),
    VarDef(RecId, Box<[(ArgKey, InitId)]>),
    Un(UnOp, InitId, TyId),
    Bin(BinOp, InitId, InitId, TyId),
    Tern(TernOp, InitId, InitId, InitId, TyId),
    /// Conditions then values, and the value type.
    Cond(Box<[InitId]>, TyId),
    /// start, list, accumulator name, element name, expression, type.
    Fold(InitId, InitId, Sym, Sym, InitId, TyId),
    IsA(TyId, InitId),
    Exists(TyId, InitId),
    /// `!instances<T>(regex)` (newer LLVM).
    Instances(TyId, InitId),
    AnonName(u32),
}

/// A value with its element lists borrowed: the key under which values are
/// uniqued. [`Ctx::mk_ref`] looks a value up by it without allocating, and
/// allocates the owned [`Init`] only for a new value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InitRef<'a> {
    Unset,
    Bit(bool),
    Bits(&'a [InitId]),
    Int(i64),
    Str(Sym, bool),
    List(&'a [InitId], TyId),
    Dag(InitId, Option<Sym>, &'a [(InitId, Option<Sym>)]),
    Def(RecId),
    Var(Sym, TyId),
    VarBit(InitId, u32),
    Field(InitId, Sym, TyId),
    VarDef(RecId, &'a [(ArgKey, InitId)]),
    Un(UnOp, InitId, TyId),
    Bin(BinOp, InitId, InitId, TyId),
    Tern(TernOp, InitId, InitId, InitId, TyId),
    Cond(&'a [InitId], TyId),
    Fold(InitId, InitId, Sym, Sym, InitId, TyId),
    IsA(TyId, InitId),
    Exists(TyId, InitId),
    Instances(TyId, InitId),
    AnonName(u32),
}

impl Init {
    #[inline]
    pub fn as_ref(&self) -> InitRef<'_> {
        match *self {
            Init::Unset => InitRef::Unset,
            Init::Bit(b) => InitRef::Bit(b),
            Init::Bits(ref b) => InitRef::Bits(b),
            Init::Int(v) => InitRef::Int(v),
            Init::Str(y, c) => InitRef::Str(y, c),
            Init::List(ref l, t) => InitRef::List(l, t),
            Init::Dag(op, n, ref a) => InitRef::Dag(op, n, a),
            Init::Def(r) => InitRef::Def(r),
            Init::Var(n, t) => InitRef::Var(n, t),
            Init::VarBit(v, b) => InitRef::VarBit(v, b),
            Init::Field(r, f, t) => InitRef::Field(r, f, t),
            Init::VarDef(c, ref a) => InitRef::VarDef(c, a),
            Init::Un(o, a, t) => InitRef::Un(o, a, t),
            Init::Bin(o, a, b, t) => InitRef::Bin(o, a, b, t),
            Init::Tern(o, a, b, c, t) => InitRef::Tern(o, a, b, c, t),
            Init::Cond(ref l, t) => InitRef::Cond(l, t),
            Init::Fold(s, l, a, b, e, t) => InitRef::Fold(s, l, a, b, e, t),
            Init::IsA(t, e) => InitRef::IsA(t, e),
            Init::Exists(t, e) => InitRef::Exists(t, e),
            Init::Instances(t, e) => InitRef::Instances(t, e),
            Init::AnonName(n) => InitRef::AnonName(n),
        }
    }
}

impl InitRef<'_> {
    pub fn to_init(self) -> Init {
        match self {
            InitRef::Unset => Init::Unset,
            InitRef::Bit(b) => Init::Bit(b),
            InitRef::Bits(b) => Init::Bits(b.into()),
            InitRef::Int(v) => Init::Int(v),
            InitRef::Str(y, c) => Init::Str(y, c),
            InitRef::List(l, t) => Init::List(l.into(), t),
            InitRef::Dag(op, n, a) => Init::Dag(op, n, a.into()),
            InitRef::Def(r) => Init::Def(r),
            InitRef::Var(n, t) => Init::Var(n, t),
            InitRef::VarBit(v, b) => Init::VarBit(v, b),
            InitRef::Field(r, f, t) => Init::Field(r, f, t),
            InitRef::VarDef(c, a) => Init::VarDef(c, a.into()),
            InitRef::Un(o, a, t) => Init::Un(o, a, t),
            InitRef::Bin(o, a, b, t) => Init::Bin(o, a, b, t),
            InitRef::Tern(o, a, b, c, t) => Init::Tern(o, a, b, c, t),
            InitRef::Cond(l, t) => Init::Cond(l.into(), t),
            InitRef::Fold(s, l, a, b, e, t) => Init::Fold(s, l, a, b, e, t),
            InitRef::IsA(t, e) => Init::IsA(t, e),
            InitRef::Exists(t, e) => Init::Exists(t, e),
            InitRef::Instances(t, e) => Init::Instances(t, e),
            InitRef::AnonName(n) => Init::AnonName(n),
        }
    }
}

impl Ctx {
    /// The type of a typed value; `None` for `?`.
    pub fn type_of(&mut self, i: InitId) -> Option<TyId> {
        Some(match self.init(i) {
            Init::Unset => return None,
            Init::Bit(_) => TY_BIT,
            Init::Bits(b) => {
                let n = b.len() as u32;
                self.bits_ty(n)
            }
            Init::Int(_) => TY_INT,
            Init::Str(..) | Init::AnonName(_) => TY_STRING,
            Init::List(_, e) => {
                let e = *e;
                self.list_ty(e)
            }
            Init::Dag(..) => TY_DAG,
            Init::Def(r) => {
                let r = *r;
                self.record_type(r)
            }
            Init::Var(_, t) | Init::Field(_, _, t) => *t,
            Init::VarBit(..) => TY_BIT,
            Init::VarDef(c, _) => {
                let c = *c;
                self.record_ty_of(&mut [c])
            }
            Init::Un(_, _, t) | Init::Bin(_, _, _, t) | Init::Tern(_, _, _, _, t) => *t,
            Init::Cond(_, t) | Init::Fold(_, _, _, _, _, t) => *t,
            Init::IsA(..) | Init::Exists(..) => TY_INT,
            Init::Instances(t, _) => {
                let t = *t;
                self.list_ty(t)
            }
        })
    }

    pub fn is_unset(&self, i: InitId) -> bool {
        i == self.unset
    }

    pub fn is_complete(&self, i: InitId) -> bool {
        match self.init(i) {
            Init::Unset => false,
            Init::Bits(b) => b.iter().all(|&x| self.is_complete(x)),
            Init::List(l, _) => l.iter().all(|&x| self.is_complete(x)),
            _ => true,
        }
    }

    /// `getBit(n)`.
    pub fn get_bit(&mut self, i: InitId, n: u32) -> InitId {
        match self.init(i) {
            Init::Bits(b) => b.get(n as usize).copied().unwrap_or(self.unset),
            Init::Bit(_) | Init::Unset => i,
            Init::Int(v) => {
                let v = *v;
                self.bit(n < 64 && (v >> n) & 1 == 1)
            }
            _ => {
                if self.type_of(i) == Some(TY_BIT) {
                    i
                } else {
                    self.mk(Init::VarBit(i, n))
                }
            }
        }
    }

    /// LLVM's `convertInitializerTo`.
    pub fn convert_to(&mut self, i: InitId, t: TyId) -> Option<InitId> {
        // Fast paths that need no copies.
        match (self.init(i), self.ty_data(t)) {
            (Init::Unset, _) => return Some(i),
            (Init::Int(_), RecTy::Int) => return Some(i),
            (Init::Str(..), RecTy::String) => return Some(i),
            (Init::Str(..), _) => return None,
            (Init::Dag(..), RecTy::Dag) => return Some(i),
            (Init::Dag(..), _) => return None,
            (Init::List(_, et), RecTy::List(e)) if et == e => return Some(i),
            (Init::List(..), RecTy::Bit | RecTy::Bits(_) | RecTy::Int | RecTy::String) => {
                return None
            }
            _ => {}
        }
        // The target type's shape; a record type's class list is not needed
        // here (and an empty boxed slice does not allocate).
        let td = match self.ty_data(t) {
            RecTy::Record(_) => RecTy::Record(Box::new([])),
            other => other.clone(),
        };
        match *self.init(i) {
            Init::Unset => Some(i),
            Init::Bit(b) => match td {
                RecTy::Bit => Some(i),
                RecTy::Int => Some(self.int(b as i64)),
                RecTy::Bits(1) => Some(self.mk(Init::Bits(Box::new([i])))),
                _ => None,
            },
            Init::Bits(ref bits) => match td {
                RecTy::Bit => {
                    if bits.len() == 1 {
                        Some(bits[0])
                    } else {
                        None
                    }
                }
                RecTy::Bits(n) => {
                    if n as usize == bits.len() {
                        Some(i)
                    } else {
                        None
                    }
                }
                RecTy::Int => {
                    let mut v: i64 = 0;
                    for (k, &b) in bits.iter().enumerate() {
                        match self.init(b) {
                            Init::Bit(x) => {
                                if *x && k < 64 {
                                    v |= 1i64 << k;
                                }
                            }
                            _ => return None,
                        }
                    }
                    Some(self.int(v))
                }
                _ => None,
            },
            Init::Int(v) => match td {
                RecTy::Int => Some(i),
                RecTy::Bit => {
                    if v == 0 || v == 1 {
                        Some(self.bit(v == 1))
                    } else {
                        None
                    }
                }
                RecTy::Bits(n) => {
                    let fits = n >= 64 || (v >> n) == 0 || (n > 0 && (v >> (n - 1)) == -1);
                    if !fits {
                        return None;
                    }
                    let bits: Vec<InitId> = (0..n)
                        .map(|k| self.bit(k < 64 && (v >> k) & 1 == 1))
                        .collect();
                    Some(self.mk(Init::Bits(bits.into_boxed_slice())))
                }
                _ => None,
            },
            Init::Str(..) => match td {
                RecTy::String => Some(i),
                _ => None,
            },
            Init::List(ref elems, et) => {
                let n = elems.len();
                let lt = self.list_ty(et);
                if lt == t {
                    return Some(i);
                }
                let RecTy::List(ne) = td else {
                    return None;
                };
                let mut out = Vec::with_capacity(n);
                let mut changed = false;
                for k in 0..n {
                    let Init::List(elems, _) = self.init(i) else {
                        return None;
                    };
                    let e = elems[k];
                    let c = self.convert_to(e, ne)?;
                    changed |= c != e;
                    out.push(c);
                }
                if !changed {
                    return Some(i);
                }
                Some(self.mk(Init::List(out.into_boxed_slice(), ne)))
            }
            Init::Dag(..) => match td {
                RecTy::Dag => Some(i),
                _ => None,
            },
            Init::Def(r) => {
                if let RecTy::Record(_) = td {
                    let rt = self.record_type(r);
                    if self.ty_convertible(rt, t) {
                        return Some(i);
                    }
                }
                None
            }
            _ => {
                let it = self.type_of(i)?;
                if it == t || self.ty_is_a(it, t) {
                    return Some(i);
                }
                if it == TY_BIT && td == RecTy::Bits(1) {
                    return Some(self.mk(Init::Bits(Box::new([i]))));
                }
                None
            }
        }
    }

    /// LLVM's `getCastTo`.
    pub fn cast_to(&mut self, i: InitId, t: TyId) -> Option<InitId> {
        // The commonest cases: a value of exactly the type (what `type_of`
        // and the checks below would find).
        match (self.init(i), self.ty_data(t)) {
            (Init::Unset, _)
            | (Init::Str(..), RecTy::String)
            | (Init::Int(_), RecTy::Int)
            | (Init::Bit(_), RecTy::Bit)
            | (Init::Dag(..), RecTy::Dag) => return Some(i),
            (Init::List(_, et), RecTy::List(e)) if et == e => return Some(i),
            (Init::Bits(b), RecTy::Bits(n)) if b.len() == *n as usize => return Some(i),
            _ => {}
        }
        let Some(it) = self.type_of(i) else {
            return self.convert_to(i, t);
        };
        if it == t || self.ty_is_a(it, t) {
            return Some(i);
        }
        if let Some(c) = self.convert_to(i, t) {
            return Some(c);
        }
        if !self.ty_convertible(it, t) {
            return None;
        }
        let u = self.mk(Init::Un(UnOp::Cast, i, t));
        Some(crate::resolve::fold_un(self, u, None, false))
    }

    pub fn init_str(&self, i: InitId) -> String {
        let mut s = String::new();
        self.write_init(&mut s, i);
        s
    }
    pub fn init_str_unquoted(&self, i: InitId) -> String {
        match self.init(i) {
            Init::Str(y, _) => self.strs.str(*y).to_string(),
            _ => self.init_str(i),
        }
    }
    fn write_unquoted(&self, out: &mut String, i: InitId) {
        match self.init(i) {
            Init::Str(y, _) => out.push_str(self.strs.str(*y)),
            _ => self.write_init(out, i),
        }
    }

    /// LLVM's `getAsString`.
    pub fn write_init(&self, out: &mut String, i: InitId) {
        match self.init(i) {
            Init::Unset => out.push('?'),
            Init::Bit(b) => out.push(if *b { '1' } else { '0' }),
            Init::Bits(bits) => {
                out.push_str("{ ");
                for (k, &b) in bits.iter().rev().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_init(out, b);
                }
                out.push_str(" }");
            }
            Init::Int(v) => {
                crate::model::push_int(out, *v);
            }
            Init::Str(y, code) => {
                if *code {
                    out.push_str("[{");
                    out.push_str(self.strs.str(*y));
                    out.push_str("}]");
                } else {
                    out.push('"');
                    out.push_str(self.strs.str(*y));
                    out.push('"');
                }
            }
            Init::List(l, _) => {
                out.push('[');
                for (k, &e) in l.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    self.write_init(out, e);
                }
                out.push(']');
            }
            Init::Dag(op, name, args) => {
                out.push('(');
                self.write_init(out, *op);
                if let Some(n) = name {
                    out.push_str(if self.rules.dag_op_name_dollar {
                        ":$"
                    } else {
                        ":"
                    });
                    out.push_str(self.strs.str(*n));
                }
                for (k, &(a, an)) in args.iter().enumerate() {
                    out.push_str(if k == 0 { " " } else { ", " });
                    self.write_init(out, a);
                    if let Some(n) = an {
                        out.push_str(":$");
                        out.push_str(self.strs.str(n));
                    }
                }
                out.push(')');
            }
            Init::Def(r) => self.write_unquoted(out, self.rec(*r).name),
            Init::Var(n, _) => out.push_str(self.strs.str(*n)),
            Init::VarBit(v, b) => {
                self.write_init(out, *v);
                let _ = write!(out, "{{{b}}}");
            }
            Init::Field(r, f, _) => {
                self.write_init(out, *r);
                out.push('.');
                out.push_str(self.strs.str(*f));
            }
            Init::VarDef(c, args) => {
                out.push_str(&self.rec_name(*c));
                out.push('<');
                for (k, (key, v)) in args.iter().enumerate() {
                    if k > 0 {
                        out.push_str(", ");
                    }
                    match key {
                        ArgKey::Pos(p) => {
                            let _ = write!(out, "{p}");
                        }
                        ArgKey::Named(n) => {
                            out.push('"');
                            out.push_str(self.strs.str(*n));
                            out.push('"');
                        }
                    }
                    out.push_str(": ");
                    self.write_init(out, *v);
                }
                out.push('>');
            }
            Init::Un(op, a, t) => {
                let name = match op {
                    UnOp::Cast => {
                        out.push_str("!cast<");
                        self.write_ty(out, *t);
                        out.push('>');
                        ""
                    }
                    // LLVM prints no type here (its getAsString).
                    UnOp::GetDagOp => "!getdagop",
                    UnOp::GetDagOpName => "!getdagopname",
                    UnOp::Not => "!not",
                    UnOp::Head => "!head",
                    UnOp::Tail => "!tail",
                    UnOp::Size => "!size",
                    UnOp::Empty => "!empty",
                    UnOp::LogTwo => "!logtwo",
                    UnOp::Repr => "!repr",
                    UnOp::ToLower => "!tolower",
                    UnOp::ToUpper => "!toupper",
                    UnOp::ListFlatten => "!listflatten",
                    UnOp::Initialized => "!initialized",
                };
                out.push_str(name);
                out.push('(');
                self.write_init(out, *a);
                out.push(')');
            }
            Init::Bin(op, a, b, t) => {
                let name = match op {
                    BinOp::ListElem | BinOp::ListSlice => {
                        self.write_init(out, *a);
                        out.push('[');
                        self.write_init(out, *b);
                        out.push(']');
                        return;
                    }
                    BinOp::Concat => "!con",
                    BinOp::Add => "!add",
                    BinOp::Sub => "!sub",
                    BinOp::Mul => "!mul",
                    BinOp::Div => "!div",
                    BinOp::And => "!and",
                    BinOp::Or => "!or",
                    BinOp::Xor => "!xor",
                    BinOp::Shl => "!shl",
                    BinOp::Sra => "!sra",
                    BinOp::Srl => "!srl",
                    BinOp::Eq => "!eq",
                    BinOp::Ne => "!ne",
                    BinOp::Le => "!le",
                    BinOp::Lt => "!lt",
                    BinOp::Ge => "!ge",
                    BinOp::Gt => "!gt",
                    BinOp::ListConcat => "!listconcat",
                    BinOp::ListSplat => "!listsplat",
                    BinOp::ListRemove => "!listremove",
                    BinOp::Range => "!range",
                    BinOp::StrConcat => "!strconcat",
                    BinOp::Interleave => "!interleave",
                    BinOp::SetDagOp => "!setdagop",
                    BinOp::SetDagOpName => "!setdagopname",
                    BinOp::GetDagArg => {
                        out.push_str("!getdagarg<");
                        self.write_ty(out, *t);
                        out.push('>');
                        ""
                    }
                    BinOp::GetDagName => "!getdagname",
                    BinOp::Match => "!match",
                };
                out.push_str(name);
                out.push('(');
                self.write_init(out, *a);
                out.push_str(", ");
                self.write_init(out, *b);
                out.push(')');
            }
            Init::Tern(op, a, b, c, _) => {
                let (name, unq) = match op {
                    TernOp::Dag => ("!dag", false),
                    TernOp::Filter => ("!filter", true),
                    TernOp::Foreach => ("!foreach", true),
                    TernOp::If => ("!if", false),
                    TernOp::Range => ("!range", false),
                    TernOp::Subst => ("!subst", false),
                    TernOp::Substr => ("!substr", false),
                    TernOp::Find => ("!find", false),
                    TernOp::SetDagArg => ("!setdagarg", false),
                    TernOp::SetDagName => ("!setdagname", false),
                };
                out.push_str(name);
                out.push('(');
                if unq {
                    self.write_unquoted(out, *a);
                } else {
                    self.write_init(out, *a);
                }
                out.push_str(", ");
                self.write_init(out, *b);
                out.push_str(", ");
                self.write_init(out, *c);
                out.push(')');
            }
            Init::Cond(cv, _) => {
                out.push_str("!cond(");
                let n = cv.len() / 2;
                for k in 0..n {
                    self.write_init(out, cv[k]);
                    out.push_str(": ");
                    self.write_init(out, cv[n + k]);
                    if k + 1 != n {
                        out.push_str(", ");
                    }
                }
                out.push(')');
            }
            Init::Fold(s, l, a, b, e, _) => {
                out.push_str("!foldl(");
                self.write_init(out, *s);
                out.push_str(", ");
                self.write_init(out, *l);
                out.push_str(", ");
                out.push_str(self.strs.str(*a));
                out.push_str(", ");
                out.push_str(self.strs.str(*b));
                out.push_str(", ");
                self.write_init(out, *e);
                out.push(')');
            }
            Init::IsA(t, e) | Init::Exists(t, e) | Init::Instances(t, e) => {
                out.push_str(match self.init(i) {
                    Init::IsA(..) => "!isa<",
                    Init::Exists(..) => "!exists<",
                    _ => "!instances<",
                });
                self.write_ty(out, *t);
                out.push_str(">(");
                self.write_init(out, *e);
                out.push(')');
            }
            Init::AnonName(n) => {
                let _ = write!(out, "anonymous_{n}");
            }
        }
    }

    pub fn as_int(&mut self, i: InitId) -> Option<i64> {
        // What `convert_to` answers without making a value.
        match *self.init(i) {
            Init::Int(v) => return Some(v),
            Init::Bit(b) => return Some(i64::from(b)),
            Init::Unset | Init::Str(..) | Init::List(..) | Init::Dag(..) => return None,
            _ => {}
        }
        let c = self.convert_to(i, TY_INT)?;
        match self.init(c) {
            Init::Int(v) => Some(*v),
            _ => None,
        }
    }
    pub fn dag_ty(&self) -> TyId {
        TY_DAG
    }
    pub fn string_ty(&self) -> TyId {
        TY_STRING
    }
}
