//! `--print-records`: the Classes/Defs listing, byte-identical to
//! llvm-tblgen-19.

use crate::model::{Ctx, FieldKind, Init, RecId, RecTy, RecordVal, TyId};

/// Type spellings by type id, when printing many records (the same few
/// types are spelled hundreds of thousands of times).
pub struct TyNames(Vec<String>);

impl TyNames {
    pub fn new(cx: &Ctx) -> TyNames {
        TyNames((0..cx.n_tys()).map(|t| cx.ty_str(TyId(t as u32))).collect())
    }
    fn write(&self, cx: &Ctx, out: &mut String, t: TyId) {
        match self.0.get(t.0 as usize) {
            Some(s) => out.push_str(s),
            None => cx.write_ty(out, t),
        }
    }
}

pub(crate) fn write_val(cx: &Ctx, names: Option<&TyNames>, out: &mut String, v: &RecordVal) {
    if v.kind == FieldKind::NonconcreteOk {
        out.push_str("field ");
    }
    let is_code = matches!(cx.init(v.value), Init::Str(_, true));
    if matches!(cx.ty_data(v.ty), RecTy::String) && is_code {
        out.push_str("code");
    } else if let Some(n) = names {
        n.write(cx, out, v.ty);
    } else {
        cx.write_ty(out, v.ty);
    }
    out.push(' ');
    out.push_str(cx.strs.str(v.name));
    if v.no_value {
        return;
    }
    out.push_str(" = ");
    cx.write_init(out, v.value);
}

/// LLVM's `operator<<(raw_ostream&, const Record&)` (without the keyword).
pub fn write_record(cx: &Ctx, out: &mut String, r: RecId) {
    write_record_with(cx, None, out, r);
}

fn write_record_with(cx: &Ctx, names: Option<&TyNames>, out: &mut String, r: RecId) {
    let rec = cx.rec(r);
    out.push_str(&cx.rec_name_cow(r));
    if !rec.targs.is_empty() {
        out.push('<');
        for (k, &ta) in rec.targs.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            if let Some(v) = rec.value(ta) {
                write_val(cx, names, out, v);
            }
        }
        out.push('>');
    }
    out.push_str(" {");
    if !rec.supers.is_empty() {
        out.push_str("\t//");
        for &(s, _) in &rec.supers {
            out.push(' ');
            out.push_str(&cx.rec_name_cow(s));
        }
    }
    out.push('\n');
    for pass in [true, false] {
        for v in &rec.values {
            if (v.kind == FieldKind::NonconcreteOk) == pass && v.kind != FieldKind::TemplateArg {
                out.push_str("  ");
                write_val(cx, names, out, v);
                out.push_str(";\n");
            }
        }
    }
    out.push_str("}\n");
}

/// Classes and defs sorted by name, as LLVM's std::map orders them.
pub fn sorted(cx: &Ctx, classes: bool) -> Vec<(&str, RecId)> {
    let m = if classes { &cx.classes } else { &cx.defs };
    let mut v: Vec<(&str, RecId)> = m.iter().map(|(&y, &r)| (cx.strs.str(y), r)).collect();
    v.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    v
}

/// The whole `--print-records` output, streamed to `sink` in chunks.
pub fn print_records(cx: &Ctx, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    const CHUNK: usize = 1 << 16;
    let mut out = String::with_capacity(2 * CHUNK);
    let names = TyNames::new(cx);
    let sections = [
        ("------------- Classes -----------------\n", "class ", true),
        ("------------- Defs -----------------\n", "def ", false),
    ];
    for (heading, keyword, classes) in sections {
        out.push_str(heading);
        for (_, r) in sorted(cx, classes) {
            out.push_str(keyword);
            write_record_with(cx, Some(&names), &mut out, r);
            if out.len() >= CHUNK {
                sink.write_all(out.as_bytes())?;
                out.clear();
            }
        }
    }
    sink.write_all(out.as_bytes())
}

/// `--print-enums --class=C`: the names of the defs derived from `class`,
/// in LLVM's record order, each followed by `, `, then a newline.
pub fn print_enums(cx: &Ctx, class: &str, out: &mut String) -> Result<(), String> {
    let Some(c) = cx
        .classes
        .iter()
        .find(|(&y, _)| cx.strs.str(y) == class)
        .map(|(_, &c)| c)
    else {
        return Err(format!("The class '{class}' is not defined"));
    };
    let mut defs: Vec<(&str, RecId)> = sorted(cx, false)
        .into_iter()
        .filter(|&(_, d)| cx.rec(d).is_subclass_of(c))
        .collect();
    defs.sort_by(|a, b| crate::resolve::compare_numeric(a.0.as_bytes(), b.0.as_bytes()));
    for (name, _) in defs {
        out.push_str(name);
        out.push_str(", ");
    }
    out.push('\n');
    Ok(())
}
