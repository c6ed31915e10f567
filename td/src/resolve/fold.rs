//! Folding of every operator (LLVM's `Fold` methods): strings and lists,
//! field access, unary, binary and ternary operators, `!cond`, `!foldl`,
//! `!isa`, `!exists` and `!instances`.

use super::*;

/// A few value ids copied aside, in place when few (no allocation).
type Items = smallvec::SmallVec<[InitId; 16]>;

pub(super) fn str_of(cx: &Ctx, i: InitId) -> Option<(Sym, bool)> {
    match cx.init(i) {
        Init::Str(y, c) => Some((*y, *c)),
        _ => None,
    }
}

/// Concatenates two strings (code if either is code). The result's
/// symbol is remembered by the pair of symbols: the same names are pasted
/// again and again (Intrinsics.td: 65k concatenations, 17k distinct).
pub fn concat_strings(cx: &mut Ctx, a: (Sym, bool), b: (Sym, bool)) -> InitId {
    let code = a.1 || b.1;
    if let Some(&y) = cx.concat_memo.get(&(a.0, b.0)) {
        return cx.str_init(y, code);
    }
    let n = cx.strs.str(a.0).len() + cx.strs.str(b.0).len();
    if !cx.string_len_ok(n, None) {
        return cx.empty_str;
    }
    let mut s = std::mem::take(&mut cx.scratch);
    s.clear();
    s.push_str(cx.strs.str(a.0));
    s.push_str(cx.strs.str(b.0));
    let v = cx.string(&s, code);
    cx.scratch = s;
    if let Init::Str(y, _) = *cx.init(v) {
        cx.concat_memo.insert((a.0, b.0), y);
    }
    v
}

/// LLVM's `BinOpInit::getStrConcat`.
pub fn str_concat(cx: &mut Ctx, a: InitId, b: InitId) -> InitId {
    if let (Some(x), Some(y)) = (str_of(cx, a), str_of(cx, b)) {
        return concat_strings(cx, x, y);
    }
    cx.mk(Init::Bin(BinOp::StrConcat, a, b, TY_STRING))
}

/// LLVM's `BinOpInit::getListConcat`.
pub fn list_concat(cx: &mut Ctx, a: InitId, b: InitId) -> InitId {
    let t = cx.type_of(a).unwrap_or(TY_STRING);
    let u = cx.mk(Init::Bin(BinOp::ListConcat, a, b, t));
    // LLVM folds here only when both are lists.
    if matches!(cx.init(a), Init::List(..)) && matches!(cx.init(b), Init::List(..)) {
        return fold_bin(cx, u, None);
    }
    u
}

pub fn fold_field(cx: &mut Ctx, f: InitId, cur: Option<RecId>) -> InitId {
    let Init::Field(rec, name, _) = *cx.init(f) else {
        return f;
    };
    fold_field_p(cx, rec, name, cur).unwrap_or(f)
}

pub fn fold_field_p(cx: &mut Ctx, rec: InitId, name: Sym, cur: Option<RecId>) -> Option<InitId> {
    if let Init::Def(d) = *cx.init(rec) {
        if Some(d) == cur {
            let msg = format!(
                "Attempting to access field '{}' of '{}' is a forbidden self-reference",
                cx.strs.str(name),
                cx.init_str(rec)
            );
            cx.fatal_rec(cur, msg);
            return None;
        }
        if let Some(v) = cx.rec(d).value(name).map(|v| v.value) {
            if cx.is_concrete(v) {
                return Some(v);
            }
        }
    }
    None
}

pub fn fold_un(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Un(op, a, t) = *cx.init(u) else {
        return u;
    };
    fold_un_p(cx, op, a, t, cur, final_).unwrap_or(u)
}

pub fn fold_un_p(
    cx: &mut Ctx,
    op: UnOp,
    a: InitId,
    t: TyId,
    cur: Option<RecId>,
    final_: bool,
) -> Option<InitId> {
    match op {
        UnOp::Repr => {
            if cx.is_concrete(a) {
                let s = if let Init::Def(d) = *cx.init(a) {
                    let mut s = String::new();
                    crate::printer::write_record(cx, &mut s, d);
                    s
                } else {
                    cx.init_str(a)
                };
                return Some(cx.string(&s, false));
            }
        }
        UnOp::ToLower | UnOp::ToUpper => {
            if let Some((y, _)) = str_of(cx, a) {
                let s = cx.strs.str(y);
                let s = if op == UnOp::ToLower {
                    s.to_ascii_lowercase()
                } else {
                    s.to_ascii_uppercase()
                };
                return Some(cx.string(&s, false));
            }
        }
        UnOp::Cast => {
            if t == TY_STRING {
                if str_of(cx, a).is_some() {
                    return Some(a);
                }
                if let Init::Def(_) = cx.init(a) {
                    let s = cx.init_str(a);
                    return Some(cx.string(&s, false));
                }
                if let Some(v) = cx.as_int(a) {
                    return Some(cx.string(&v.to_string(), false));
                }
            } else if cx.is_record_ty(t) {
                if let Some((name, _)) = str_of(cx, a) {
                    cx.note_read(name);
                    let mut d = cx.defs.get(&name).copied();
                    if d.is_none() {
                        if let Some(c) = cur {
                            let cn = cx.rec(c).name;
                            let matches = match cx.init(cn) {
                                Init::Str(y, _) => *y == name,
                                Init::AnonName(n) => format!("anonymous_{n}") == cx.strs.str(name),
                                _ => false,
                            };
                            if matches {
                                if !final_ {
                                    return None;
                                }
                                d = Some(c);
                            }
                        }
                    }
                    let Some(d) = d else {
                        if final_ {
                            let msg =
                                format!("Undefined reference to record: '{}'\n", cx.strs.str(name));
                            cx.fatal_rec(cur, msg);
                        }
                        return None;
                    };
                    let di = cx.def_init(d);
                    let dt = cx.record_type(d);
                    if !cx.ty_is_a(dt, t) {
                        let u = cx.mk(Init::Un(UnOp::Cast, a, t));
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}\n",
                            cx.ty_str(t),
                            cx.ty_str(dt),
                            cx.init_str(u)
                        );
                        cx.fatal_rec(cur, msg);
                    }
                    return Some(di);
                }
            }
            if let Some(c) = cx.convert_to(a, t) {
                return Some(c);
            }
        }
        UnOp::Not => {
            if let Some(v) = cx.as_int(a) {
                return Some(cx.int(if v != 0 { 0 } else { 1 }));
            }
        }
        UnOp::Head => {
            if let Init::List(l, _) = cx.init(a) {
                if let Some(&h) = l.first() {
                    return Some(h);
                }
                cx.fatal_rec(cur, "Illegal operation: !head of empty list");
                return None;
            }
        }
        UnOp::Tail => {
            if let Init::List(l, et) = cx.init(a) {
                if l.is_empty() {
                    cx.fatal_rec(cur, "Illegal operation: !tail of empty list");
                    return None;
                }
                let (rest, et) = (l[1..].to_vec(), *et);
                return Some(cx.mk_ref(InitRef::List(&rest, et)));
            }
        }
        UnOp::Size => {
            let n = match cx.init(a) {
                Init::List(l, _) => Some(l.len() as i64),
                Init::Dag(_, _, args) => Some(args.len() as i64),
                Init::Str(y, _) => Some(cx.strs.str(*y).len() as i64),
                _ => None,
            };
            if let Some(n) = n {
                return Some(cx.int(n));
            }
        }
        UnOp::Empty => {
            let n = match cx.init(a) {
                Init::List(l, _) => Some(l.is_empty()),
                Init::Dag(_, _, args) => Some(args.is_empty()),
                Init::Str(y, _) => Some(cx.strs.str(*y).is_empty()),
                _ => None,
            };
            if let Some(n) = n {
                return Some(cx.int(n as i64));
            }
        }
        UnOp::GetDagOpName => {
            if let Init::Dag(_, name, _) = *cx.init(a) {
                return Some(match name {
                    Some(n) => cx.str_sym(n),
                    None => cx.unset,
                });
            }
        }
        UnOp::GetDagOp => {
            if let Init::Dag(op, _, _) = *cx.init(a) {
                let ot = cx.type_of(op);
                match ot {
                    Some(ot) if cx.ty_is_a(ot, t) => return Some(op),
                    _ => {
                        let u = cx.mk(Init::Un(UnOp::GetDagOp, a, t));
                        let msg = format!(
                            "Expected type '{}', got '{}' in: {}\n",
                            cx.ty_str(t),
                            ot.map(|x| cx.ty_str(x)).unwrap_or_default(),
                            cx.init_str(u)
                        );
                        cx.fatal_rec(cur, msg);
                    }
                }
            }
        }
        UnOp::LogTwo => {
            if let Some(v) = cx.as_int(a) {
                if v <= 0 {
                    let loc = cx.rec_loc(cur);
                    cx.fatal(
                        loc,
                        "Illegal operation: logtwo is undefined on arguments less than or equal to 0",
                    );
                    return None;
                }
                return Some(cx.int(63 - (v as u64).leading_zeros() as i64));
            }
        }
        UnOp::ListFlatten => {
            // A list whose elements are not lists flattens to itself.
            if cx.type_of(a) == Some(t) {
                return Some(a);
            }
            if let Init::List(l, _) = cx.init(a) {
                let l = l.clone();
                let et = cx.list_elem(t)?;
                let mut out = Vec::new();
                for &e in l.iter() {
                    match cx.init(e) {
                        Init::List(inner, _) => out.extend(inner.iter().copied()),
                        _ => return None,
                    }
                    if out.len() > cx.limits.list_len {
                        cx.list_len_ok(out.len(), cx.rec_loc(cur));
                        return None;
                    }
                }
                return Some(cx.mk_ref(InitRef::List(&out, et)));
            }
        }
        UnOp::Initialized => {
            // `!initialized(x)` (newer LLVM): 0 for `?`, 1 once concrete.
            if cx.is_unset(a) {
                return Some(cx.int(0));
            }
            if cx.is_concrete(a) {
                return Some(cx.int(1));
            }
        }
    }
    None
}

pub(super) fn compare(cx: &mut Ctx, op: BinOp, a: InitId, b: InitId) -> Option<bool> {
    if let (Some(x), Some(y)) = (cx.as_int(a), cx.as_int(b)) {
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if let (Some((x, _)), Some((y, _))) = (str_of(cx, a), str_of(cx, b)) {
        // Strings are interned: equal strings have equal symbols.
        match op {
            BinOp::Eq => return Some(x == y),
            BinOp::Ne => return Some(x != y),
            _ => {}
        }
        let (x, y) = (cx.strs.str(x), cx.strs.str(y));
        return Some(match op {
            BinOp::Eq => x == y,
            BinOp::Ne => x != y,
            BinOp::Le => x <= y,
            BinOp::Lt => x < y,
            BinOp::Ge => x >= y,
            BinOp::Gt => x > y,
            _ => return None,
        });
    }
    if op == BinOp::Eq || op == BinOp::Ne {
        if let (Init::Def(x), Init::Def(y)) = (cx.init(a), cx.init(b)) {
            return Some((x == y) == (op == BinOp::Eq));
        }
    }
    None
}

/// Index of a dag argument by position or name.
pub(super) fn dag_arg_index(cx: &Ctx, dag: InitId, key: InitId) -> Result<usize, String> {
    let Init::Dag(_, _, args) = cx.init(dag) else {
        return Err("not a dag".into());
    };
    match cx.init(key) {
        Init::Int(p) => {
            if *p < 0 {
                return Err(format!("index {p} is negative"));
            }
            if *p as usize >= args.len() {
                return Err(format!(
                    "index {} is out of range (dag has {} arguments)",
                    p,
                    args.len()
                ));
            }
            Ok(*p as usize)
        }
        Init::Str(y, _) => {
            for (k, (_, n)) in args.iter().enumerate() {
                if *n == Some(*y) {
                    return Ok(k);
                }
            }
            Err(format!("key '{}' is not found", cx.strs.str(*y)))
        }
        _ => Err("bad key".into()),
    }
}

pub fn fold_bin(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Bin(op, a, b, t) = *cx.init(u) else {
        return u;
    };
    fold_bin_p(cx, op, a, b, t, cur).unwrap_or(u)
}

pub fn fold_bin_p(
    cx: &mut Ctx,
    op: BinOp,
    a: InitId,
    b: InitId,
    t: TyId,
    cur: Option<RecId>,
) -> Option<InitId> {
    match op {
        BinOp::Concat => {
            if let (Init::Dag(lop, lname, largs), Init::Dag(rop, rname, rargs)) =
                (cx.init(a).clone(), cx.init(b).clone())
            {
                let name = if cx.rules.con_keeps_op_name {
                    lname.or(rname)
                } else {
                    None
                };
                let ld = matches!(cx.init(lop), Init::Def(_));
                let rd = matches!(cx.init(rop), Init::Def(_));
                if (!ld && !cx.is_unset(lop)) || (!rd && !cx.is_unset(rop)) {
                    return None;
                }
                if ld && rd && lop != rop {
                    let msg = format!(
                        "Concatenated Dag operators do not match: '{}' vs. '{}'",
                        cx.init_str(a),
                        cx.init_str(b)
                    );
                    cx.fatal(None, msg);
                    return None;
                }
                let op = if ld {
                    lop
                } else if rd {
                    rop
                } else {
                    cx.unset
                };
                if !cx.list_len_ok(largs.len() + rargs.len(), cx.rec_loc(cur)) {
                    return None;
                }
                let mut args = largs.to_vec();
                args.extend(rargs.iter().copied());
                return Some(cx.mk_ref(InitRef::Dag(op, name, &args)));
            }
        }
        BinOp::ListConcat => {
            if let (Init::List(l, _), Init::List(r, _)) = (cx.init(a), cx.init(b)) {
                let n = l.len() + r.len();
                if !cx.list_len_ok(n, cx.rec_loc(cur)) {
                    return None;
                }
            }
            if let (Init::List(l, et), Init::List(r, _)) = (cx.init(a), cx.init(b)) {
                let mut v = Items::with_capacity(l.len() + r.len());
                v.extend_from_slice(l);
                v.extend_from_slice(r);
                let et = *et;
                return Some(cx.mk_ref(InitRef::List(&v, et)));
            }
        }
        BinOp::ListSplat => {
            if let (Some(vt), Init::Int(n)) = (cx.type_of(a), cx.init(b).clone()) {
                if n < 0 {
                    // LLVM 22's words, without a location; 19 crashes.
                    cx.fatal(None, format!("!listsplat count {n} is negative"));
                    return None;
                }
                let n = usize::try_from(n).unwrap_or(usize::MAX);
                if !cx.list_len_ok(n, cx.rec_loc(cur)) {
                    return None;
                }
                let v = vec![a; n];
                return Some(cx.mk_ref(InitRef::List(&v, vt)));
            }
        }
        BinOp::ListRemove => {
            if let (Init::List(l, et), Init::List(r, _)) = (cx.init(a).clone(), cx.init(b).clone())
            {
                let mut out = Vec::new();
                for &x in l.iter() {
                    let mut found = false;
                    for &y in r.iter() {
                        if compare(cx, BinOp::Eq, x, y) == Some(true) {
                            found = true;
                            break;
                        }
                    }
                    if !found {
                        out.push(x);
                    }
                }
                return Some(cx.mk_ref(InitRef::List(&out, et)));
            }
        }
        BinOp::ListElem => {
            if let (Init::List(l, _), Init::Int(i)) = (cx.init(a), cx.init(b)) {
                if *i >= 0 && (*i as usize) < l.len() {
                    return Some(l[*i as usize]);
                }
            }
        }
        BinOp::ListSlice => {
            if let (Init::List(l, et), Init::List(idx, _)) = (cx.init(a), cx.init(b)) {
                let mut out = Vec::with_capacity(idx.len());
                for &x in idx.iter() {
                    match cx.init(x) {
                        Init::Int(i) if *i >= 0 && (*i as usize) < l.len() => {
                            out.push(l[*i as usize])
                        }
                        _ => return None,
                    }
                }
                let et = *et;
                return Some(cx.mk_ref(InitRef::List(&out, et)));
            }
        }
        BinOp::Range => {
            if let (Init::Int(s), Init::Int(e)) = (cx.init(a).clone(), cx.init(b).clone()) {
                let n = usize::try_from(s.abs_diff(e)).unwrap_or(usize::MAX);
                if !cx.list_len_ok(n.saturating_add(1), cx.rec_loc(cur)) {
                    return None;
                }
                let mut out = Vec::new();
                if s <= e {
                    let mut k = s;
                    while k <= e {
                        out.push(cx.int(k));
                        if k == i64::MAX {
                            break;
                        }
                        k += 1;
                    }
                } else {
                    let mut k = s;
                    while k >= e {
                        out.push(cx.int(k));
                        if k == i64::MIN {
                            break;
                        }
                        k -= 1;
                    }
                }
                return Some(cx.mk_ref(InitRef::List(&out, TY_INT)));
            }
        }
        BinOp::StrConcat => {
            if let (Some(x), Some(y)) = (str_of(cx, a), str_of(cx, b)) {
                return Some(concat_strings(cx, x, y));
            }
        }
        BinOp::Interleave => {
            if let (Init::List(l, et), Some((d, dc))) = (cx.init(a).clone(), str_of(cx, b)) {
                let mut s = String::new();
                let _ = dc;
                let mut code = false;
                let is_str = et == TY_STRING;
                for (k, &e) in l.iter().enumerate() {
                    if s.len() > cx.limits.string_len {
                        cx.string_len_ok(s.len(), cx.rec_loc(cur));
                        return None;
                    }
                    if k > 0 {
                        s.push_str(cx.strs.str(d));
                    }
                    if is_str {
                        let (y, c) = str_of(cx, e)?;
                        if k > 0 {
                            code |= c;
                        }
                        s.push_str(cx.strs.str(y));
                    } else {
                        let v = cx.as_int(e)?;
                        s.push_str(&v.to_string());
                    }
                }
                // LLVM: the first element's format does not count.
                if !is_str {
                    code = false;
                }
                return Some(cx.string(&s, code));
            }
        }
        BinOp::Eq | BinOp::Ne | BinOp::Le | BinOp::Lt | BinOp::Ge | BinOp::Gt => {
            if let Some(v) = compare(cx, op, a, b) {
                return Some(cx.bit(v));
            }
        }
        BinOp::GetDagArg => {
            if matches!(cx.init(a), Init::Dag(..))
                && matches!(cx.init(b), Init::Int(_) | Init::Str(..))
            {
                match dag_arg_index(cx, a, b) {
                    Ok(k) => {
                        let Init::Dag(_, _, args) = cx.init(a) else {
                            return None;
                        };
                        let arg = args[k].0;
                        if let Some(at) = cx.type_of(arg) {
                            if !cx.ty_convertible(at, t) {
                                return Some(cx.unset);
                            }
                        }
                        return Some(arg);
                    }
                    Err(e) => {
                        cx.fatal_rec(cur, format!("!getdagarg {e}"));
                        return None;
                    }
                }
            }
        }
        BinOp::GetDagName => {
            if let (Init::Dag(_, _, args), Init::Int(p)) = (cx.init(a).clone(), cx.init(b).clone())
            {
                if p < 0 || p as usize >= args.len() {
                    let msg = format!(
                        "!getdagname index is out of range 0...{}: {}",
                        args.len() as i64 - 1,
                        p
                    );
                    cx.fatal_rec(cur, msg);
                    return None;
                }
                return Some(match args[p as usize].1 {
                    Some(n) => cx.str_sym(n),
                    None => cx.unset,
                });
            }
        }
        BinOp::SetDagOpName => {
            if let (Init::Dag(op, _, args), Init::Str(n, _)) = (cx.init(a).clone(), cx.init(b)) {
                let n = *n;
                return Some(cx.mk(Init::Dag(op, Some(n), args)));
            }
        }
        BinOp::SetDagOp => {
            if let (Init::Dag(_, _, args), Init::Def(_)) = (cx.init(a).clone(), cx.init(b)) {
                return Some(cx.mk(Init::Dag(b, None, args)));
            }
        }
        BinOp::Match => {
            // `!match(str, regex)` (newer LLVM): 1 if the regex matches
            // anywhere in the string.
            if let (Some((sy, _)), Some((py, _))) = (str_of(cx, a), str_of(cx, b)) {
                let pat = cx.strs.str(py).to_string();
                return match regex::Regex::new(&pat) {
                    Ok(re) => {
                        let m = re.is_match(cx.strs.str(sy));
                        Some(cx.bit(m))
                    }
                    Err(e) => {
                        cx.fatal_rec(cur, format!("invalid regex '{pat}': {e}"));
                        None
                    }
                };
            }
        }
        BinOp::Add
        | BinOp::Sub
        | BinOp::Mul
        | BinOp::Div
        | BinOp::And
        | BinOp::Or
        | BinOp::Xor
        | BinOp::Shl
        | BinOp::Sra
        | BinOp::Srl => {
            if let (Some(x), Some(y)) = (cx.as_int(a), cx.as_int(b)) {
                if matches!(op, BinOp::Shl | BinOp::Sra | BinOp::Srl)
                    && cx.rules.shift_bounds_checked
                    && !(0..64).contains(&y)
                {
                    cx.fatal_rec(cur, "Illegal operation: out of bounds shift");
                    return None;
                }
                let v = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div => {
                        if y == 0 {
                            cx.fatal_rec(cur, "Illegal operation: division by zero");
                            return None;
                        }
                        if x == i64::MIN && y == -1 {
                            cx.fatal_rec(cur, "Illegal operation: INT64_MIN / -1");
                            return None;
                        }
                        x / y
                    }
                    BinOp::And => x & y,
                    BinOp::Or => x | y,
                    BinOp::Xor => x ^ y,
                    BinOp::Shl => (x as u64).wrapping_shl(y as u32) as i64,
                    BinOp::Sra => x.wrapping_shr(y as u32),
                    _ => (x as u64).wrapping_shr(y as u32) as i64,
                };
                return Some(cx.int(v));
            }
        }
    }
    None
}

pub(super) fn item_apply(
    cx: &mut Ctx,
    var: Sym,
    item: InitId,
    body: InitId,
    cur: Option<RecId>,
) -> InitId {
    // The same body meets the same item again and again (a class's
    // `!foreach` over the types of every intrinsic): when nothing in them
    // reads the records made so far or the current record, the result is
    // that of the first time.
    let memo = cx.is_pure(body) && cx.is_pure(item);
    let key = (body, var, item);
    if memo {
        if let Some(&v) = cx.item_memo.get(&key) {
            // (with a dependency log, the reads of the first time again)
            if cx.memo_hit(key) {
                return v;
            }
        }
    }
    let (errors, messages) = (cx.errors.len(), cx.messages.len());
    let mark = if memo { cx.memo_start() } else { None };
    let mut r = OneVarResolver {
        name: var,
        value: item,
        cur,
    };
    let v = resolve_init(cx, body, &mut r);
    // A result that came with a message is not reused (the message would
    // not be repeated).
    let keep =
        memo && cx.fatal.is_none() && cx.errors.len() == errors && cx.messages.len() == messages;
    if keep {
        cx.item_memo.insert(key, v);
    }
    cx.memo_end(key, mark, keep);
    v
}

pub(super) fn foreach_dag(
    cx: &mut Ctx,
    var: Sym,
    dag: InitId,
    body: InitId,
    cur: Option<RecId>,
) -> InitId {
    let Init::Dag(op, name, args) = cx.init(dag).clone() else {
        return dag;
    };
    // LLVM 22 keeps the operator's name; 19 drops it.
    let name = name.filter(|_| cx.rules.con_keeps_op_name);
    let nop = item_apply(cx, var, op, body, cur);
    let mut changed = nop != op;
    let mut out = Vec::with_capacity(args.len());
    for &(a, n) in args.iter() {
        let na = if matches!(cx.init(a), Init::Dag(..)) {
            foreach_dag(cx, var, a, body, cur)
        } else {
            item_apply(cx, var, a, body, cur)
        };
        changed |= na != a;
        out.push((na, n));
    }
    if changed {
        cx.mk_ref(InitRef::Dag(nop, name, &out))
    } else {
        dag
    }
}

pub fn fold_tern(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Tern(op, a, b, c, t) = *cx.init(u) else {
        return u;
    };
    fold_tern_p(cx, op, a, b, c, t, cur).unwrap_or(u)
}

pub fn fold_tern_p(
    cx: &mut Ctx,
    op: TernOp,
    a: InitId,
    b: InitId,
    c: InitId,
    t: TyId,
    cur: Option<RecId>,
) -> Option<InitId> {
    match op {
        TernOp::Subst => {
            match (cx.init(a).clone(), cx.init(b).clone(), cx.init(c).clone()) {
                (Init::Def(_), Init::Def(_), Init::Def(_)) => {
                    return Some(if cx.init_str(a) == cx.init_str(c) {
                        b
                    } else {
                        c
                    });
                }
                (Init::Var(..), Init::Var(mn, _), Init::Var(rn, _)) => {
                    let n = if cx.init_str(a) == cx.init_str(c) {
                        mn
                    } else {
                        rn
                    };
                    return Some(cx.mk(Init::Var(n, t)));
                }
                (Init::Str(x, _), Init::Str(y, _), Init::Str(z, _)) => {
                    let (pat, rep, src) = (cx.strs.str(x), cx.strs.str(y), cx.strs.str(z));
                    // One pass, left to right, never rescanning what was
                    // inserted (LLVM's loop does the same in place).
                    let mut out = String::new();
                    if !pat.is_empty() {
                        let mut rest = src;
                        while let Some(f) = rest.find(pat) {
                            out.push_str(&rest[..f]);
                            out.push_str(rep);
                            rest = &rest[f + pat.len()..];
                            if out.len() > cx.limits.string_len {
                                break;
                            }
                        }
                        out.push_str(rest);
                    } else {
                        // LLVM's loop would insert forever; it finds "" at every index.
                        for ch in src.chars() {
                            out.push_str(rep);
                            out.push(ch);
                            if out.len() > cx.limits.string_len {
                                break;
                            }
                        }
                        out.push_str(rep);
                    }
                    if !cx.string_len_ok(out.len(), cx.rec_loc(cur)) {
                        return None;
                    }
                    return Some(cx.string(&out, false));
                }
                _ => {}
            }
        }
        TernOp::Foreach => {
            let (var, _) = str_of(cx, a)?;
            if matches!(cx.init(b), Init::Dag(..)) {
                return Some(foreach_dag(cx, var, b, c, cur));
            }
            if let Init::List(l, _) = cx.init(b) {
                // The items copied aside (in place when few), not the value.
                let l: Items = Items::from_slice(l);
                let et = cx.list_elem(t)?;
                let mut out: Items = Items::with_capacity(l.len());
                for &x in l.iter() {
                    if cx.fatal.is_some() {
                        return None;
                    }
                    out.push(item_apply(cx, var, x, c, cur));
                }
                return Some(cx.mk_ref(InitRef::List(out.as_slice(), et)));
            }
        }
        TernOp::Filter => {
            let (var, _) = str_of(cx, a)?;
            if let Init::List(l, _) = cx.init(b) {
                let l: Items = Items::from_slice(l);
                let et = cx.list_elem(t)?;
                let mut out: Items = Items::new();
                for &x in l.iter() {
                    let inc = item_apply(cx, var, x, c, cur);
                    match cx.as_int(inc) {
                        Some(v) => {
                            if v != 0 {
                                out.push(x)
                            }
                        }
                        None => return None,
                    }
                }
                return Some(cx.mk_ref(InitRef::List(out.as_slice(), et)));
            }
        }
        TernOp::If => {
            if let Some(v) = cx.as_int(a) {
                return Some(if v != 0 { b } else { c });
            }
        }
        TernOp::Dag => {
            let ml = match cx.init(b) {
                Init::List(l, _) => Some(l.clone()),
                _ => None,
            };
            let rl = match cx.init(c) {
                Init::List(l, _) => Some(l.clone()),
                _ => None,
            };
            let mok = ml.is_some() || cx.is_unset(b);
            let rok = rl.is_some() || cx.is_unset(c);
            if cx.is_unset(b) && cx.is_unset(c) {
                return None;
            }
            if mok && rok {
                if let (Some(m), Some(r)) = (&ml, &rl) {
                    if m.len() != r.len() {
                        return None;
                    }
                }
                let n = ml
                    .as_ref()
                    .map_or_else(|| rl.as_ref().map_or(0, |r| r.len()), |m| m.len());
                let mut args = Vec::with_capacity(n);
                for k in 0..n {
                    let node = ml.as_ref().map_or(cx.unset, |m| m[k]);
                    let name = rl.as_ref().map_or(cx.unset, |r| r[k]);
                    let nm = match cx.init(name) {
                        Init::Str(y, _) => Some(*y),
                        Init::Unset => None,
                        _ => return None,
                    };
                    args.push((node, nm));
                }
                return Some(cx.mk_ref(InitRef::Dag(a, None, &args)));
            }
        }
        TernOp::Range => {
            if let (Init::Int(s), Init::Int(e), Init::Int(st)) =
                (cx.init(a).clone(), cx.init(b).clone(), cx.init(c).clone())
            {
                if st == 0 {
                    cx.error_rec(cur, "Step of !range can't be 0");
                    return None;
                }
                let n = if (s < e && st > 0) || (s > e && st < 0) {
                    s.abs_diff(e).div_ceil(st.unsigned_abs())
                } else {
                    0
                };
                if !cx.list_len_ok(usize::try_from(n).unwrap_or(usize::MAX), cx.rec_loc(cur)) {
                    return None;
                }
                let mut out = Vec::new();
                if s < e && st > 0 {
                    let mut k = s;
                    while k < e {
                        out.push(cx.int(k));
                        match k.checked_add(st) {
                            Some(n) => k = n,
                            None => break,
                        }
                    }
                } else if s > e && st < 0 {
                    let mut k = s;
                    while k > e {
                        out.push(cx.int(k));
                        match k.checked_add(st) {
                            Some(n) => k = n,
                            None => break,
                        }
                    }
                }
                return Some(cx.mk_ref(InitRef::List(&out, TY_INT)));
            }
        }
        TernOp::Substr => {
            if let (Some((s, code)), Init::Int(st), Init::Int(len)) =
                (str_of(cx, a), cx.init(b).clone(), cx.init(c).clone())
            {
                let sv = cx.strs.str(s).to_string();
                let size = sv.len() as i64;
                // LLVM reports both mistakes and still folds, the way
                // `StringRef::substr` takes its unsigned bounds: a start
                // past the end (or negative) gives "", a negative length
                // runs to the end.
                if st < 0 || st > size {
                    let loc = cx.rec_loc(cur);
                    cx.error(
                        loc,
                        format!("!substr start position is out of range 0...{size}: {st}"),
                    );
                }
                if len < 0 {
                    cx.error_rec(cur, "!substr length must be nonnegative");
                }
                let st = if (0..=size).contains(&st) { st } else { size };
                let len = if len < 0 { size } else { len };
                let end = (st.saturating_add(len)).min(size) as usize;
                let sub = sv.get(st as usize..end).unwrap_or("").to_string();
                return Some(cx.string(&sub, code));
            }
        }
        TernOp::Find => {
            if let (Some((s, _)), Some((p, _)), Init::Int(st)) =
                (str_of(cx, a), str_of(cx, b), cx.init(c).clone())
            {
                let sv = cx.strs.str(s);
                let size = sv.len() as i64;
                // LLVM reports a bad start and still folds: not found.
                if st < 0 || st > size {
                    let loc = cx.rec_loc(cur);
                    cx.error(
                        loc,
                        format!("!find start position is out of range 0...{size}: {st}"),
                    );
                    return Some(cx.int(-1));
                }
                let pv = cx.strs.str(p);
                let r = sv
                    .get(st as usize..)
                    .and_then(|x| x.find(pv))
                    .map_or(-1, |f| f as i64 + st);
                return Some(cx.int(r));
            }
        }
        TernOp::SetDagArg | TernOp::SetDagName => {
            if let Init::Dag(dop, dn, args) = cx.init(a).clone() {
                if matches!(cx.init(b), Init::Int(_) | Init::Str(..)) {
                    match dag_arg_index(cx, a, b) {
                        Ok(k) => {
                            let mut args = args.to_vec();
                            if op == TernOp::SetDagArg {
                                args[k].0 = c;
                            } else {
                                args[k].1 = str_of(cx, c).map(|x| x.0);
                            }
                            return Some(cx.mk_ref(InitRef::Dag(dop, dn, &args)));
                        }
                        Err(e) => {
                            let n = if op == TernOp::SetDagArg {
                                "!setdagarg"
                            } else {
                                "!setdagname"
                            };
                            cx.fatal_rec(cur, format!("{n} {e}"));
                            return None;
                        }
                    }
                }
            }
        }
    }
    None
}

pub fn fold_cond(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Cond(cv, t) = cx.init(u) else {
        return u;
    };
    let (n, t) = (cv.len() / 2, *t);
    // Conditions then values; read in place (no copy of the list).
    let at = |cx: &Ctx, k: usize| match cx.init(u) {
        Init::Cond(cv, _) => cv[k],
        _ => u,
    };
    for k in 0..n {
        match cx.as_int(at(cx, k)) {
            Some(v) => {
                if v != 0 {
                    let val = at(cx, n + k);
                    return cx.convert_to(val, t).unwrap_or(val);
                }
            }
            None => return u,
        }
    }
    let name = cur.map(|c| cx.rec_name(c)).unwrap_or_default();
    let msg = format!(
        "{name} does not have any true condition in:{}",
        cx.init_str(u)
    );
    cx.fatal_rec(cur, msg);
    u
}

pub fn fold_foldl(cx: &mut Ctx, u: InitId, cur: Option<RecId>) -> InitId {
    let Init::Fold(s, l, a, b, e, _) = *cx.init(u) else {
        return u;
    };
    if let Init::List(elems, _) = cx.init(l) {
        let elems: Items = Items::from_slice(elems);
        let mut acc = s;
        for &x in elems.iter() {
            // A limit hit inside the body stops the fold at once.
            if cx.fatal.is_some() {
                return u;
            }
            let mut r = MapResolver::new(cur);
            r.set(a, acc);
            r.set(b, x);
            acc = resolve_init(cx, e, &mut r);
        }
        return acc;
    }
    u
}

pub fn fold_isa(cx: &mut Ctx, u: InitId) -> InitId {
    let Init::IsA(t, e) = *cx.init(u) else {
        return u;
    };
    fold_isa_p(cx, t, e).unwrap_or(u)
}

/// `!isa<t>(e)` folded from its parts, if it folds.
pub(super) fn fold_isa_p(cx: &mut Ctx, t: TyId, e: InitId) -> Option<InitId> {
    let et = cx.type_of(e)?;
    if cx.ty_convertible(et, t) {
        return Some(cx.int(1));
    }
    let by_type = cx.rules.isa_false_by_type && !cx.ty_convertible(t, et);
    if !cx.is_record_ty(t) || by_type || cx.is_concrete(e) {
        return Some(cx.int(0));
    }
    None
}

pub fn fold_exists(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Exists(t, e) = *cx.init(u) else {
        return u;
    };
    if let Some((name, _)) = str_of(cx, e) {
        cx.note_read(name);
        if let Some(&d) = cx.defs.get(&name) {
            let dt = cx.record_type(d);
            let v = cx.ty_is_a(dt, t);
            return cx.int(v as i64);
        }
        if let Some(c) = cur {
            let cn = cx.rec(c).name;
            let matches = match cx.init(cn) {
                Init::Str(y, _) => *y == name,
                Init::AnonName(n) => format!("anonymous_{n}") == cx.strs.str(name),
                _ => false,
            };
            if matches {
                if !final_ {
                    return u;
                }
                let ct = cx.record_type(c);
                let v = cx.ty_is_a(ct, t);
                return cx.int(v as i64);
            }
        }
        if final_ {
            return cx.int(0);
        }
    }
    u
}

pub fn fold_instances(cx: &mut Ctx, u: InitId, cur: Option<RecId>, final_: bool) -> InitId {
    let Init::Instances(t, e) = *cx.init(u) else {
        return u;
    };
    // Inside a record the set of defs is only known at final resolution.
    if cur.is_some() && !final_ {
        return u;
    }
    let RecTy::Record(cls) = cx.ty_data(t).clone() else {
        return u;
    };
    cx.note_read_all();
    let re = if cx.is_unset(e) {
        None
    } else {
        let Some((py, _)) = str_of(cx, e) else {
            return u;
        };
        let pat = cx.strs.str(py).to_string();
        match regex::Regex::new(&pat) {
            Ok(r) => Some(r),
            Err(err) => {
                cx.fatal_rec(cur, format!("invalid regex '{pat}': {err}"));
                return u;
            }
        }
    };
    let mut names: Vec<(String, RecId)> = cx
        .defs
        .values()
        .filter(|&&d| cls.iter().all(|&c| cx.rec(d).is_subclass_of(c)))
        .map(|&d| (cx.rec_name(d), d))
        .filter(|(n, _)| re.as_ref().is_none_or(|r| r.is_match(n)))
        .collect();
    names.sort_by(|a, b| compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    let elems: Vec<InitId> = names.iter().map(|(_, d)| cx.def_init(*d)).collect();
    cx.mk_ref(InitRef::List(&elems, t))
}

/// LLVM's name order for records (`LessRecord`): bytewise, except that two
/// runs of digits at the same place compare as numbers, so `x_2 < x_16`
/// (a longer run is the larger number; equal-length runs compare bytewise).
pub(crate) fn compare_numeric(a: &[u8], b: &[u8]) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let digits =
        |s: &[u8], from: usize| s[from..].iter().take_while(|c| c.is_ascii_digit()).count();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i].is_ascii_digit() && b[j].is_ascii_digit() {
            let (na, nb) = (digits(a, i), digits(b, j));
            let ord = na.cmp(&nb).then_with(|| a[i..i + na].cmp(&b[j..j + nb]));
            if ord != Ordering::Equal {
                return ord;
            }
            i += na;
            j += nb;
            continue;
        }
        if a[i] != b[j] {
            return a[i].cmp(&b[j]);
        }
        i += 1;
        j += 1;
    }
    (a.len() - i).cmp(&(b.len() - j))
}
