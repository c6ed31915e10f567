//! Record-level resolution: setting a field with LLVM's conversion,
//! resolving a whole record, assertions and dumps, and instantiating
//! anonymous class references.

use super::*;

/// Sets field `idx` of `rec` to `v` with LLVM's `RecordVal::setValue`
/// conversion; returns false if the value does not fit the field type.
pub fn set_field_value(cx: &mut Ctx, rec: RecId, idx: usize, v: InitId) -> bool {
    let ty = cx.rec(rec).values[idx].ty;
    let Some(mut c) = cx.cast_to(v, ty) else {
        let unset = cx.unset;
        let f = &mut cx.rec_mut(rec).values[idx];
        f.value = unset;
        f.no_value = true;
        return false;
    };
    if let RecTy::Bits(n) = *cx.ty_data(ty) {
        if !matches!(cx.init(c), Init::Bits(_)) {
            let bits: Vec<InitId> = (0..n).map(|k| cx.get_bit(c, k)).collect();
            c = cx.mk_ref(InitRef::Bits(&bits));
        }
    }
    let f = &mut cx.rec_mut(rec).values[idx];
    f.value = c;
    f.no_value = false;
    true
}

/// LLVM's `Record::resolveReferences(Resolver&, SkipVal)`.
pub fn resolve_record(cx: &mut Ctx, rec: RecId, r: &mut dyn Resolver, skip: Option<usize>) {
    let name = cx.rec(rec).name;
    let mut nn = name;
    if let Init::AnonName(_) = cx.init(name) {
        if let Some(x) = r.rename() {
            nn = x;
        }
        if r.is_final() {
            // The record's own anonymous name spelled out: not a use of it
            // as text (`model::deps`).
            let was = cx.swap_anon_text(false);
            nn = resolve_init(cx, nn, r);
            cx.swap_anon_text(was);
        }
    } else {
        nn = resolve_init(cx, name, r);
    }
    if nn != name {
        cx.rec_mut(rec).name = nn;
    }
    let n = cx.rec(rec).values.len();
    for k in 0..n {
        if Some(k) == skip {
            continue;
        }
        let v = cx.rec(rec).values[k].value;
        let nv = resolve_init(cx, v, r);
        if nv != v && !set_field_value(cx, rec, k, nv) {
            let ty = cx.rec(rec).values[k].ty;
            let tdesc = match cx.type_of(nv) {
                Some(t) => format!("of type '{}' ", cx.ty_str(t)),
                None => String::new(),
            };
            let loc = cx.rec_loc(Some(rec));
            let msg = format!(
                "Invalid value {}found when setting field '{}' of type '{}' after resolving references: {}\n",
                tdesc,
                cx.strs.str(cx.rec(rec).values[k].name),
                cx.ty_str(ty),
                cx.init_str_unquoted(nv)
            );
            cx.fatal(loc, msg);
            return;
        }
    }
    let na = cx.rec(rec).asserts.len();
    for k in 0..na {
        let a = cx.rec(rec).asserts[k].clone();
        let c = resolve_init(cx, a.cond, r);
        let m = resolve_init(cx, a.msg, r);
        let x = &mut cx.rec_mut(rec).asserts[k];
        x.cond = c;
        x.msg = m;
    }
    let nd = cx.rec(rec).dumps.len();
    for k in 0..nd {
        let d = cx.rec(rec).dumps[k].msg;
        let m = resolve_init(cx, d, r);
        cx.rec_mut(rec).dumps[k].msg = m;
    }
}

/// `Record::resolveReferences(NewName)`: final resolution of a def.
pub fn resolve_record_final(cx: &mut Ctx, rec: RecId, new_name: Option<InitId>) {
    let old = cx.rec(rec).name;
    let mut r = RecordResolver::new(cx, rec, new_name.map(|n| (old, n)), true);
    resolve_record(cx, rec, &mut r, None);
}

/// Checks a record's assertions (LLVM's checkRecordAssertions).
pub fn check_assertions(cx: &mut Ctx, rec: RecId) {
    if cx.rec(rec).asserts.is_empty() {
        return;
    }
    let asserts = cx.rec(rec).asserts.clone();
    let mut r = RecordResolver::new(cx, rec, None, true);
    let mut failed = false;
    for a in asserts {
        let c = resolve_init(cx, a.cond, &mut r);
        let m = resolve_init(cx, a.msg, &mut r);
        failed |= !check_assert(cx, a.loc, c, m);
    }
    if failed && cx.rules.assert_failed_in_record {
        cx.error_rec(Some(rec), "assertion failed in this record");
    }
}

/// Checks one assertion; false when it failed (reported).
pub fn check_assert(cx: &mut Ctx, loc: Loc, cond: InitId, msg: InitId) -> bool {
    match cx.as_int(cond) {
        Some(0) => {
            let m = cx.init_str_unquoted(msg);
            let d = if cx.rules.assert_msg_inline {
                irkit_diag::Diagnostic::error(loc, format!("assertion failed: {m}"))
            } else {
                irkit_diag::Diagnostic::error(loc, "assertion failed").with_note(None, m)
            };
            cx.errors.push(d);
            false
        }
        Some(_) => true,
        None => {
            cx.error(
                Some(loc),
                "assert condition must of type bit, bits, or int.",
            );
            false
        }
    }
}

pub fn emit_dumps(cx: &mut Ctx, rec: RecId) {
    if cx.rec(rec).dumps.is_empty() {
        return;
    }
    let dumps = cx.rec(rec).dumps.clone();
    let mut r = RecordResolver::new(cx, rec, None, true);
    for d in dumps {
        let m = resolve_init(cx, d.msg, &mut r);
        dump_message(cx, d.loc, m);
    }
}

pub fn dump_message(cx: &mut Ctx, loc: Loc, msg: InitId) {
    let s = match cx.init(msg) {
        Init::Str(y, _) => cx.strs.str(*y).to_string(),
        _ => format!("(dump message is not a string) {}", cx.init_str(msg)),
    };
    cx.messages.push(irkit_diag::Diagnostic::new(
        irkit_diag::Severity::Note,
        Some(loc),
        s,
    ));
}

/// Instantiates `Class<args>` into an anonymous def (LLVM's
/// `VarDefInit::instantiate`). Each distinct VarDef is instantiated once.
pub fn instantiate(cx: &mut Ctx, vd: InitId) -> InitId {
    if let Some(d) = cx.var_def_instance(vd) {
        return d;
    }
    let Init::VarDef(class, _) = *cx.init(vd) else {
        return vd;
    };
    let name = cx.new_anon_name();
    let at = cx.var_def_loc(vd);
    let mut r = MapResolver::new(None);
    // The class's fields without its template arguments, whose defaults
    // go to the resolver (before the given values, which override them).
    let c = cx.rec(class);
    let mut values = Vec::with_capacity(c.values.len());
    for v in &c.values {
        if c.targs.contains(&v.name) {
            r.set(v.name, v.value);
        } else {
            values.push(v.clone());
        }
    }
    let (first_loc, last_loc) = (c.locs.first().copied(), c.locs.last().copied());
    let locs = match at {
        Some(l) => vec![l],
        None => c.locs.clone(),
    };
    let rec = Record {
        name,
        locs,
        targs: Vec::new(),
        values,
        asserts: c.asserts.clone(),
        dumps: c.dumps.clone(),
        supers: Vec::new(),
        kind: RecKind::AnonDef,
    };
    let Init::VarDef(_, args) = cx.init(vd) else {
        return vd;
    };
    for &(k, v) in args.iter() {
        match k {
            ArgKey::Pos(p) => {
                if let Some(&ta) = c.targs.get(p as usize) {
                    r.set(ta, v);
                }
            }
            ArgKey::Named(n) => r.set(n, v),
        }
    }
    let mut supers = Vec::with_capacity(c.supers.len() + 1);
    supers.extend_from_slice(&c.supers);
    // (the language server makes an instance again in its old slot, so
    // that the records referring to it still do)
    let new = match cx.reuse_slot(vd) {
        Some(slot) => {
            *cx.rec_mut(slot) = rec;
            slot
        }
        None => cx.add_record(rec),
    };
    r.set_cur(Some(new));
    resolve_record(cx, new, &mut r, None);
    if let Some(l) = first_loc {
        crate::explain::on_inherit(cx, new, class, l, &r);
    }
    if let Some(l) = last_loc {
        supers.push((class, l));
    }
    cx.rec_mut(new).supers = supers;
    resolve_record_final(cx, new, None);
    if let Some(y) = cx.rec_name_sym(new) {
        let existed = cx.defs.insert(y, new).is_some();
        cx.note_write(crate::model::deps::Table::Def, y, existed);
    }
    check_assertions(cx, new);
    emit_dumps(cx, new);
    let d = cx.def_init(new);
    cx.set_var_def_instance(vd, d);
    d
}

/// Folds a freshly built VarDef at parse time (LLVM's `VarDefInit::Fold`).
pub fn fold_var_def(cx: &mut Ctx, vd: InitId) -> InitId {
    if let Some(d) = cx.var_def_instance(vd) {
        return d;
    }
    let Init::VarDef(_, args) = cx.init(vd).clone() else {
        return vd;
    };
    let mut tr = TrackUnresolved {
        inner: None,
        found: false,
    };
    for &(_, v) in args.iter() {
        resolve_init(cx, v, &mut tr);
    }
    if !tr.found {
        return instantiate(cx, vd);
    }
    vd
}

/// The bit type id, for callers outside the model.
pub fn bit_ty() -> TyId {
    TY_BIT
}
