//! `--dump-json`: the JSON backend, byte-identical to llvm-tblgen-19's
//! compact output (keys sorted, no whitespace, no trailing newline).
//!
//! Written straight into the output buffer; no JSON tree is built.

use crate::model::{Ctx, FieldKind, Init, InitId, RecId};
use irkit_diag::SourceMap;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

fn quote(out: &mut String, s: &str) {
    out.push('"');
    for ch in s.chars() {
        match ch {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\t' => out.push_str("\\t"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn write_value(cx: &Ctx, out: &mut String, i: InitId) {
    match cx.init(i) {
        Init::Unset => out.push_str("null"),
        Init::Bit(b) => out.push(if *b { '1' } else { '0' }),
        Init::Bits(bits) => {
            out.push('[');
            for (k, &b) in bits.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_value(cx, out, b);
            }
            out.push(']');
        }
        Init::Int(v) => {
            crate::model::push_int(out, *v);
        }
        Init::Str(y, _) => quote(out, cx.strs.str(*y)),
        Init::List(l, _) => {
            out.push('[');
            for (k, &e) in l.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                write_value(cx, out, e);
            }
            out.push(']');
        }
        Init::Def(r) => {
            let n = cx.rec_name(*r);
            out.push_str("{\"def\":");
            quote(out, &n);
            out.push_str(",\"kind\":\"def\",\"printable\":");
            quote(out, &n);
            out.push('}');
        }
        Init::Var(n, _) => {
            let n = cx.strs.str(*n);
            out.push_str("{\"kind\":\"var\",\"printable\":");
            quote(out, n);
            out.push_str(",\"var\":");
            quote(out, n);
            out.push('}');
        }
        Init::VarBit(v, b) if matches!(cx.init(*v), Init::Var(..)) => {
            let Init::Var(n, _) = cx.init(*v) else {
                return;
            };
            let _ = write!(out, "{{\"index\":{b},\"kind\":\"varbit\",\"printable\":");
            quote(out, &cx.init_str(i));
            out.push_str(",\"var\":");
            quote(out, cx.strs.str(*n));
            out.push('}');
        }
        Init::Dag(op, name, args) => {
            out.push_str("{\"args\":[");
            for (k, &(a, an)) in args.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push('[');
                write_value(cx, out, a);
                out.push(',');
                match an {
                    Some(n) => quote(out, cx.strs.str(n)),
                    None => out.push_str("null"),
                }
                out.push(']');
            }
            out.push_str("],\"kind\":\"dag\",");
            if let Some(n) = name {
                out.push_str("\"name\":");
                quote(out, cx.strs.str(*n));
                out.push(',');
            }
            out.push_str("\"operator\":");
            write_value(cx, out, *op);
            out.push_str(",\"printable\":");
            quote(out, &cx.init_str(i));
            out.push('}');
        }
        _ => {
            out.push_str("{\"kind\":\"complex\",\"printable\":");
            quote(out, &cx.init_str(i));
            out.push('}');
        }
    }
}

/// File basename and line of a location, as SourceMgr formats it.
fn loc_str(map: &SourceMap, loc: irkit_diag::Loc) -> String {
    let mut s = String::new();
    write_loc(map, &mut s, loc);
    s
}

/// Appends the file basename and line of a location, as SourceMgr's
/// `getFormattedLocationNoOffset` does.
pub fn write_loc(map: &SourceMap, out: &mut String, loc: irkit_diag::Loc) {
    use std::fmt::Write;
    let f = map.file(loc.file);
    let name = f.name();
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let (line, _) = f.line_col(loc.span.start);
    let _ = write!(out, "{base}:{line}");
}

pub fn dump_json(cx: &Ctx, map: &SourceMap, out: &mut String) {
    out.reserve(cx.records.len() * 1024);
    let classes = crate::printer::sorted(cx, true);
    let defs = crate::printer::sorted(cx, false);
    // Instance lists, in def (name) order.
    let mut inst: FxHashMap<RecId, Vec<&str>> = FxHashMap::default();
    for &(name, d) in &defs {
        for &(s, _) in &cx.rec(d).supers {
            inst.entry(s).or_default().push(name);
        }
    }
    // Top-level keys: "!instanceof", "!tablegen_json_version" and def names,
    // sorted bytewise.
    let mut keys: Vec<(&str, Option<RecId>)> = Vec::with_capacity(defs.len() + 2);
    keys.push(("!instanceof", None));
    keys.push(("!tablegen_json_version", None));
    for &(n, d) in &defs {
        keys.push((n, Some(d)));
    }
    keys.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    out.push('{');
    let mut fields: Vec<(&str, usize)> = Vec::new();
    for (k, (key, d)) in keys.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        quote(out, key);
        out.push(':');
        match (d, *key) {
            (None, "!instanceof") => {
                out.push('{');
                // Class names can repeat only if the map had duplicates; it cannot.
                let mut cs: Vec<(&str, RecId)> = classes.clone();
                cs.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                for (j, (cn, c)) in cs.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    quote(out, cn);
                    out.push_str(":[");
                    if let Some(list) = inst.get(c) {
                        for (m, n) in list.iter().enumerate() {
                            if m > 0 {
                                out.push(',');
                            }
                            quote(out, n);
                        }
                    }
                    out.push(']');
                }
                out.push('}');
            }
            (None, _) => out.push('1'),
            (Some(d), _) => {
                let rec = cx.rec(*d);
                fields.clear();
                for (idx, v) in rec.values.iter().enumerate() {
                    if v.kind != FieldKind::TemplateArg {
                        fields.push((cx.strs.str(v.name), idx));
                    }
                }
                // Merge the "!" keys with the sorted field names.
                let mut all: Vec<(&str, Option<usize>)> = vec![
                    ("!anonymous", None),
                    ("!fields", None),
                    ("!locs", None),
                    ("!name", None),
                    ("!superclasses", None),
                ];
                all.extend(fields.iter().map(|&(n, i)| (n, Some(i))));
                all.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
                all.dedup_by(|a, b| a.0 == b.0);
                out.push('{');
                for (j, (fk, fi)) in all.iter().enumerate() {
                    if j > 0 {
                        out.push(',');
                    }
                    quote(out, fk);
                    out.push(':');
                    match fi {
                        Some(i) => write_value(cx, out, rec.values[*i].value),
                        None => match *fk {
                            "!anonymous" => {
                                out.push_str(if rec.is_anonymous() { "true" } else { "false" })
                            }
                            "!fields" => {
                                out.push('[');
                                let mut first = true;
                                for v in &rec.values {
                                    if v.kind == FieldKind::NonconcreteOk {
                                        if !first {
                                            out.push(',');
                                        }
                                        first = false;
                                        quote(out, cx.strs.str(v.name));
                                    }
                                }
                                out.push(']');
                            }
                            "!locs" => {
                                out.push('[');
                                for (m, l) in rec.locs.iter().enumerate() {
                                    if m > 0 {
                                        out.push(',');
                                    }
                                    quote(out, &loc_str(map, *l));
                                }
                                out.push(']');
                            }
                            "!name" => quote(out, key),
                            _ => {
                                out.push('[');
                                for (m, &(s, _)) in rec.supers.iter().enumerate() {
                                    if m > 0 {
                                        out.push(',');
                                    }
                                    quote(out, &cx.rec_name(s));
                                }
                                out.push(']');
                            }
                        },
                    }
                }
                out.push('}');
            }
        }
    }
    out.push_str("}\n");
}
