//! `--dump-json`: the JSON backend, byte-identical to llvm-tblgen-19's
//! compact output (keys sorted, no whitespace, no trailing newline).
//!
//! Written straight into the output buffer; no JSON tree is built.

use crate::model::{Ctx, FieldKind, Init, InitId, RecId, Record, Sym};
use irkit_diag::SourceMap;
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// JSON string quoting as llvm::json's `quote`, byte by byte: `"` and `\`
/// get a backslash, tab, newline and return their short escapes, other
/// control bytes `\u00xx`. Runs of bytes that need no escape are copied
/// at once (the output is mostly names and code), found eight at a time.
fn quote(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let b = s.as_bytes();
    let mut start = 0;
    let mut k = 0;
    while k < b.len() {
        // The next eight bytes, the last word padded with a plain letter.
        let mut x = [b'a'; 8];
        let n = (b.len() - k).min(8);
        x[..n].copy_from_slice(&b[k..k + n]);
        if !word_needs_escape(u64::from_le_bytes(x)) {
            k += n;
            continue;
        }
        let c = b[k];
        let esc = match c {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\t' => "\\t",
            b'\n' => "\\n",
            b'\r' => "\\r",
            0..=0x1f => "",
            _ => {
                k += 1;
                continue;
            }
        };
        // `c` is an ASCII byte, so both slices end on character boundaries.
        out.push_str(&s[start..k]);
        if esc.is_empty() {
            let _ = write!(out, "\\u{:04x}", c);
        } else {
            out.push_str(esc);
        }
        k += 1;
        start = k;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Whether any byte of `w` is below 0x20, `"` or `\` (exact: the
/// "has a zero byte" bit trick has no false positive on the word as a
/// whole).
#[inline]
fn word_needs_escape(w: u64) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGHS: u64 = 0x8080_8080_8080_8080;
    let below = |x: u64, n: u64| x.wrapping_sub(ONES * n) & !x & HIGHS;
    let below_space = below(w, 0x20);
    let quote = below(w ^ (ONES * u64::from(b'"')), 1);
    let backslash = below(w ^ (ONES * u64::from(b'\\')), 1);
    below_space | quote | backslash != 0
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
            let n = cx.rec_name_cow(*r);
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

/// A key of a def's object: quoted with its colon, as it is, and the
/// index of its field (none for the `!` keys).
type Key<'a> = (String, &'a str, Option<usize>);

/// A record's keys in output order: the `!` keys and its fields (not
/// template arguments), sorted bytewise, each quoted with its colon, with
/// the field's index.
fn sorted_keys<'a>(cx: &'a Ctx, rec: &Record) -> Vec<Key<'a>> {
    let mut all: Vec<(&str, Option<usize>)> = vec![
        ("!anonymous", None),
        ("!fields", None),
        ("!locs", None),
        ("!name", None),
        ("!superclasses", None),
    ];
    for (idx, v) in rec.values.iter().enumerate() {
        if v.kind != FieldKind::TemplateArg {
            all.push((cx.strs.str(v.name), Some(idx)));
        }
    }
    all.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    all.dedup_by(|a, b| a.0 == b.0);
    all.into_iter()
        .map(|(k, i)| {
            let mut q = String::with_capacity(k.len() + 3);
            quote(&mut q, k);
            q.push(':');
            (q, k, i)
        })
        .collect()
}

/// Appends the file basename and line of a location, as SourceMgr's
/// `getFormattedLocationNoOffset` does.
pub fn write_loc(map: &SourceMap, out: &mut String, loc: irkit_diag::Loc) {
    let f = map.file(loc.file);
    let name = f.name();
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let (line, _) = f.line_col(loc.span.start);
    out.push_str(base);
    out.push(':');
    crate::model::push_int(out, i64::from(line));
}

/// Top-level keys per segment written at once ([`crate::segments`]).
const SEGMENT: usize = 128;

/// What a thread writing defs keeps: the sorted, quoted keys of each field
/// layout met (records of one class share their field names in one order).
#[derive(Default)]
struct Memo<'a> {
    shape: Vec<(Sym, bool)>,
    orders: FxHashMap<Vec<(Sym, bool)>, Vec<Key<'a>>>,
    scratch: String,
}

/// The whole `--dump-json` output, streamed to `sink`; on two threads when
/// there are many records (each with its own [`Memo`]).
pub fn dump_json(cx: &Ctx, map: &SourceMap, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    dump_json_from(cx, map, sink, crate::printer::PARALLEL_MIN)
}

/// [`dump_json`], on two threads from `parallel_min` records on.
pub(crate) fn dump_json_from<'a>(
    cx: &'a Ctx,
    map: &SourceMap,
    sink: &mut dyn std::io::Write,
    parallel_min: usize,
) -> std::io::Result<()> {
    let classes = crate::printer::sorted(cx, true);
    let defs = crate::printer::sorted(cx, false);
    // Every def and class name, quoted once: each is written several times
    // (as a key, its `!name`, in instance and superclass lists).
    let mut quoted = String::new();
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(defs.len() + classes.len());
    for &(n, _) in defs.iter().chain(&classes) {
        let a = quoted.len();
        quote(&mut quoted, n);
        spans.push((a, quoted.len()));
    }
    let q = |k: usize| &quoted[spans[k].0..spans[k].1];
    let class_idx: FxHashMap<RecId, usize> = classes
        .iter()
        .enumerate()
        .map(|(k, &(_, c))| (c, defs.len() + k))
        .collect();
    // Instance lists, in def (name) order, as indices into `defs`.
    let mut inst: FxHashMap<RecId, Vec<usize>> = FxHashMap::default();
    for (k, &(_, d)) in defs.iter().enumerate() {
        for &(s, _) in &cx.rec(d).supers {
            inst.entry(s).or_default().push(k);
        }
    }
    // Top-level keys: "!instanceof", "!tablegen_json_version" and def names,
    // sorted bytewise. `defs` is sorted already: the two fixed keys are
    // inserted before any equal or greater name (where a stable sort would
    // put them).
    let mut keys: Vec<(&str, Option<(RecId, usize)>)> = Vec::with_capacity(defs.len() + 2);
    keys.extend(
        defs.iter()
            .enumerate()
            .map(|(k, &(n, d))| (n, Some((d, k)))),
    );
    for fixed in ["!instanceof", "!tablegen_json_version"] {
        let at = keys.partition_point(|k| k.0.as_bytes() < fixed.as_bytes());
        keys.insert(at, (fixed, None));
    }
    let segs = keys.len().div_ceil(SEGMENT);
    let format = |memo: &mut Memo<'a>, s: usize, out: &mut String| {
        let start = s * SEGMENT;
        let end = (start + SEGMENT).min(keys.len());
        if s == 0 {
            out.push('{');
        }
        for (k, (key, d)) in (start..end).zip(&keys[start..end]) {
            if k > 0 {
                out.push(',');
            }
            match d {
                Some((_, di)) => out.push_str(q(*di)),
                None => quote(out, key),
            }
            out.push(':');
            match (d, *key) {
                (None, "!instanceof") => {
                    out.push('{');
                    // Class names can repeat only if the map had duplicates; it
                    // cannot. `classes` is sorted by name.
                    for (j, &(_, c)) in classes.iter().enumerate() {
                        if j > 0 {
                            out.push(',');
                        }
                        out.push_str(q(defs.len() + j));
                        out.push_str(":[");
                        if let Some(list) = inst.get(&c) {
                            for (m, &n) in list.iter().enumerate() {
                                if m > 0 {
                                    out.push(',');
                                }
                                out.push_str(q(n));
                            }
                        }
                        out.push(']');
                    }
                    out.push('}');
                }
                (None, _) => out.push('1'),
                (Some((d, di)), _) => {
                    let rec = cx.rec(*d);
                    // Records of one class share their field names in one order:
                    // their sorted keys, quoted, are computed once.
                    memo.shape.clear();
                    memo.shape.extend(
                        rec.values
                            .iter()
                            .map(|v| (v.name, v.kind == FieldKind::TemplateArg)),
                    );
                    if !memo.orders.contains_key(memo.shape.as_slice()) {
                        let order = sorted_keys(cx, rec);
                        memo.orders.insert(memo.shape.clone(), order);
                    }
                    let Some(all) = memo.orders.get(memo.shape.as_slice()) else {
                        continue;
                    };
                    out.push('{');
                    for (j, (qk, fk, fi)) in all.iter().enumerate() {
                        if j > 0 {
                            out.push(',');
                        }
                        out.push_str(qk);
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
                                        memo.scratch.clear();
                                        write_loc(map, &mut memo.scratch, *l);
                                        quote(out, &memo.scratch);
                                    }
                                    out.push(']');
                                }
                                "!name" => out.push_str(q(*di)),
                                _ => {
                                    out.push('[');
                                    for (m, &(s, _)) in rec.supers.iter().enumerate() {
                                        if m > 0 {
                                            out.push(',');
                                        }
                                        match class_idx.get(&s) {
                                            Some(&ci) => out.push_str(q(ci)),
                                            None => quote(out, &cx.rec_name_cow(s)),
                                        }
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
        if end == keys.len() {
            out.push_str("}\n");
        }
    };
    crate::segments::write_segments(
        segs,
        crate::printer::many_records(cx, parallel_min),
        |_| Memo::default(),
        format,
        sink,
    )
}

#[cfg(test)]
mod tests {
    use super::quote;
    use std::fmt::Write as _;

    /// llvm::json's quoting, one character at a time.
    fn quote_slow(s: &str) -> String {
        let mut out = String::from("\"");
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
        out
    }

    #[test]
    fn word_at_a_time_quoting_matches_the_plain_one() {
        let alphabet = [
            'a', '"', '\\', '\t', '\n', '\r', '\u{1}', '\u{1f}', ' ', '!', 'é', '€', '\u{7f}', '#',
            ']',
        ];
        let mut x: u64 = 11;
        for len in 0..200usize {
            for _ in 0..8 {
                let s: String = (0..len)
                    .map(|_| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        // Mostly plain letters, so that whole clean words occur.
                        let k = (x >> 33) as usize % (alphabet.len() * 4);
                        if k < alphabet.len() {
                            alphabet[k]
                        } else {
                            'q'
                        }
                    })
                    .collect();
                let mut got = String::new();
                quote(&mut got, &s);
                assert_eq!(got, quote_slow(&s), "{s:?}");
            }
        }
    }
}
