//! `--print-records`: the Classes/Defs listing, byte-identical to
//! llvm-tblgen-19.

use crate::model::{Ctx, FieldKind, Init, InitId, RecId, RecTy, RecordVal, Sym, TyId};
use rustc_hash::FxHashMap;
use std::sync::OnceLock;

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

/// Spellings of the list, bits and dag values printed so far, by value id:
/// records of one class repeat the same few composite values (97k of them
/// in Intrinsics.td, 10k distinct), which are then copied, not walked.
/// Whole field lines are remembered too: the records of one class repeat
/// the same lines (Intrinsics.td prints 259k field lines, 33k distinct).
#[derive(Default)]
struct ValMemo {
    spans: FxHashMap<InitId, (usize, usize)>,
    text: String,
    /// A field line's start by (name, type, `field`, code, no value).
    heads: FxHashMap<HeadKey, (usize, usize)>,
    head_text: String,
    /// A field's spelling (head and value) by (name, type, value, kind).
    lines: FxHashMap<LineKey, (u32, u32)>,
    line_text: String,
}

type HeadKey = (Sym, TyId, bool, bool, bool);
/// A field by name, type, value and `field` / no-value flags: all that its
/// spelling depends on.
type LineKey = (Sym, TyId, InitId, u8);

impl ValMemo {
    /// Past this many bytes kept, values are no longer remembered (the
    /// output is streamed; the memo should not grow as large).
    const MAX_TEXT: usize = 8 << 20;

    fn write(&mut self, cx: &Ctx, out: &mut String, i: InitId) {
        if !matches!(cx.init(i), Init::List(..) | Init::Bits(_) | Init::Dag(..)) {
            cx.write_init(out, i);
            return;
        }
        if let Some(&(a, b)) = self.spans.get(&i) {
            out.push_str(&self.text[a..b]);
            return;
        }
        let start = out.len();
        cx.write_init(out, i);
        if self.text.len() > Self::MAX_TEXT {
            return;
        }
        let a = self.text.len();
        self.text.push_str(&out[start..]);
        self.spans.insert(i, (a, self.text.len()));
    }
}

pub(crate) fn write_val(cx: &Ctx, names: Option<&TyNames>, out: &mut String, v: &RecordVal) {
    write_val_with(cx, names, None, out, v);
}

fn write_val_with(
    cx: &Ctx,
    names: Option<&TyNames>,
    memo: Option<&mut ValMemo>,
    out: &mut String,
    v: &RecordVal,
) {
    let Some(m) = memo else {
        write_val_fresh(cx, names, None, out, v);
        return;
    };
    let flags = u8::from(v.kind == FieldKind::NonconcreteOk) | (u8::from(v.no_value) << 1);
    let key = (v.name, v.ty, v.value, flags);
    if let Some(&(a, b)) = m.lines.get(&key) {
        out.push_str(&m.line_text[a as usize..b as usize]);
        return;
    }
    let start = out.len();
    write_val_fresh(cx, names, Some(&mut *m), out, v);
    if m.line_text.len() <= ValMemo::MAX_TEXT {
        let a = m.line_text.len() as u32;
        m.line_text.push_str(&out[start..]);
        m.lines.insert(key, (a, m.line_text.len() as u32));
    }
}

/// [`write_val_with`] for a field line not printed before.
fn write_val_fresh(
    cx: &Ctx,
    names: Option<&TyNames>,
    memo: Option<&mut ValMemo>,
    out: &mut String,
    v: &RecordVal,
) {
    let is_code = matches!(cx.init(v.value), Init::Str(_, true));
    let Some(m) = memo else {
        write_head(cx, names, out, v, is_code);
        if !v.no_value {
            cx.write_init(out, v.value);
        }
        return;
    };
    // What precedes the value depends on the field's name, type and kind
    // only (and on a string being code): spelled once per such field.
    let key = (
        v.name,
        v.ty,
        v.kind == FieldKind::NonconcreteOk,
        is_code,
        v.no_value,
    );
    match m.heads.get(&key) {
        Some(&(a, b)) => out.push_str(&m.head_text[a..b]),
        None => {
            let start = out.len();
            write_head(cx, names, out, v, is_code);
            let a = m.head_text.len();
            m.head_text.push_str(&out[start..]);
            m.heads.insert(key, (a, m.head_text.len()));
        }
    }
    if !v.no_value {
        m.write(cx, out, v.value);
    }
}

/// A field's line up to its value: `field `, the type, the name and ` = `
/// (only the name when the field has no value).
fn write_head(cx: &Ctx, names: Option<&TyNames>, out: &mut String, v: &RecordVal, is_code: bool) {
    if v.kind == FieldKind::NonconcreteOk {
        out.push_str("field ");
    }
    if matches!(cx.ty_data(v.ty), RecTy::String) && is_code {
        out.push_str("code");
    } else if let Some(n) = names {
        n.write(cx, out, v.ty);
    } else {
        cx.write_ty(out, v.ty);
    }
    out.push(' ');
    out.push_str(cx.strs.str(v.name));
    if !v.no_value {
        out.push_str(" = ");
    }
}

/// LLVM's `operator<<(raw_ostream&, const Record&)` (without the keyword).
pub fn write_record(cx: &Ctx, out: &mut String, r: RecId) {
    write_record_with(cx, None, None, out, r);
}

fn write_record_with(
    cx: &Ctx,
    names: Option<&TyNames>,
    mut memo: Option<&mut ValMemo>,
    out: &mut String,
    r: RecId,
) {
    let rec = cx.rec(r);
    out.push_str(&cx.rec_name_cow(r));
    if !rec.targs.is_empty() {
        out.push('<');
        for (k, &ta) in rec.targs.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            if let Some(v) = rec.value(ta) {
                write_val_with(cx, names, memo.as_deref_mut(), out, v);
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
                write_val_with(cx, names, memo.as_deref_mut(), out, v);
                out.push_str(";\n");
            }
        }
    }
    out.push_str("}\n");
}

/// Classes and defs sorted by name, as LLVM's std::map orders them.
pub fn sorted(cx: &Ctx, classes: bool) -> Vec<(&str, RecId)> {
    let m = if classes { &cx.classes } else { &cx.defs };
    let v: Vec<(&str, RecId)> = m.iter().map(|(&y, &r)| (cx.strs.str(y), r)).collect();
    sort_names(v, PARALLEL_MIN)
}

/// Sorts `v` by name; from `parallel_min` names on, on two threads: the
/// names are split around the median of a sample of them and each part
/// sorted on its own thread.
fn sort_names<T: Send>(mut v: Vec<(&str, T)>, parallel_min: usize) -> Vec<(&str, T)> {
    if v.len() < parallel_min.max(64) {
        sort_by_name(&mut v, 0, 0);
        return v;
    }
    let mut sample: Vec<&str> = v.iter().step_by(v.len() / 31).map(|e| e.0).collect();
    sample.sort_unstable();
    let pivot = sample[sample.len() / 2];
    let mut mid = 0;
    for k in 0..v.len() {
        if v[k].0 < pivot {
            v.swap(k, mid);
            mid += 1;
        }
    }
    let (lo, hi) = v.split_at_mut(mid);
    let sorted_lo = std::thread::scope(|s| {
        let helper = std::thread::Builder::new().spawn_scoped(s, || sort_by_name(lo, 0, 0));
        sort_by_name(hi, 0, 0);
        helper.is_ok_and(|h| h.join().is_ok())
    });
    if !sorted_lo {
        // No second thread (or it failed): the first part is still there.
        sort_by_name(&mut v[..mid], 0, 0);
    }
    v
}

/// Sorts `(name, id)` pairs bytewise by name, all of whose first `d` bytes
/// are equal: a three-way radix quicksort (Bentley and Sedgewick), which
/// looks at each name from where its group's common prefix ends, so the
/// long prefixes that record names share (`int_x86_avx512_`) are not
/// compared again at every level. Small or badly split groups go to the
/// standard sort.
fn sort_by_name<T>(mut v: &mut [(&str, T)], mut d: usize, depth: u32) {
    fn byte_at(s: &str, d: usize) -> i32 {
        s.as_bytes().get(d).map_or(-1, |&b| i32::from(b))
    }
    loop {
        let n = v.len();
        if n < 16 || depth > 48 {
            v.sort_unstable_by(|a, b| a.0.as_bytes()[d..].cmp(&b.0.as_bytes()[d..]));
            return;
        }
        let (a, b, c) = (
            byte_at(v[0].0, d),
            byte_at(v[n / 2].0, d),
            byte_at(v[n - 1].0, d),
        );
        let p = a.max(b).min(a.min(b).max(c));
        let (mut lt, mut i, mut gt) = (0, 0, n);
        while i < gt {
            let x = byte_at(v[i].0, d);
            if x < p {
                v.swap(lt, i);
                lt += 1;
                i += 1;
            } else if x > p {
                gt -= 1;
                v.swap(i, gt);
            } else {
                i += 1;
            }
        }
        let (lo, rest) = std::mem::take(&mut v).split_at_mut(lt);
        let (eq, hi) = rest.split_at_mut(gt - lt);
        sort_by_name(lo, d, depth + 1);
        sort_by_name(hi, d, depth + 1);
        if p < 0 {
            // The names of `eq` all end at `d`: equal.
            return;
        }
        v = eq;
        d += 1;
    }
}

/// Records per segment (Intrinsics.td: about 55 KB of text each).
const SEGMENT: usize = 128;

/// From this many records on, two threads print ([`crate::segments`]):
/// below it a second thread costs more than it saves.
pub(crate) const PARALLEL_MIN: usize = 4096;

/// The sorted records of both sections (classes, then defs), cut into
/// segments of [`SEGMENT`] records, at least one per section (so that each
/// section's heading is printed by the segment that starts it). The two
/// lists are sorted on first use, by whichever thread needs them first:
/// with two threads the helper sorts the defs while the other sorts and
/// prints the classes.
/// Whether `cx` has at least `parallel_min` classes and defs: enough for
/// two threads to pay off.
pub(crate) fn many_records(cx: &Ctx, parallel_min: usize) -> bool {
    cx.classes.len() + cx.defs.len() >= parallel_min
}

pub(crate) struct Segments<'a> {
    cx: &'a Ctx,
    classes: OnceLock<Vec<(&'a str, RecId)>>,
    defs: OnceLock<Vec<(&'a str, RecId)>>,
    class_segs: usize,
    pub segs: usize,
}

/// One segment of [`Segments`]: its section, whether it starts the
/// section, and its records.
pub(crate) struct Segment<'s, 'a> {
    pub classes: bool,
    pub first: bool,
    pub last: bool,
    pub recs: &'s [(&'a str, RecId)],
}

impl<'a> Segments<'a> {
    pub fn new(cx: &'a Ctx) -> Self {
        let class_segs = cx.classes.len().div_ceil(SEGMENT).max(1);
        Segments {
            cx,
            classes: OnceLock::new(),
            defs: OnceLock::new(),
            class_segs,
            segs: class_segs + cx.defs.len().div_ceil(SEGMENT).max(1),
        }
    }

    /// Two threads pay off: there are many records.
    pub fn parallel(&self, parallel_min: usize) -> bool {
        many_records(self.cx, parallel_min)
    }

    /// A thread's start ([`crate::segments::write_segments`]'s `init`):
    /// the helper sorts the defs while the other thread sorts and prints
    /// the classes.
    pub fn sort_ahead(&self, helper: bool) {
        if helper {
            self.list(false);
        }
    }

    pub fn list(&self, classes: bool) -> &[(&'a str, RecId)] {
        if classes {
            self.classes.get_or_init(|| sorted(self.cx, true))
        } else {
            self.defs.get_or_init(|| sorted(self.cx, false))
        }
    }

    /// Segment `k`, below `self.segs`.
    pub fn get(&self, k: usize) -> Segment<'_, 'a> {
        let (classes, j) = if k < self.class_segs {
            (true, k)
        } else {
            (false, k - self.class_segs)
        };
        let list = self.list(classes);
        let start = (j * SEGMENT).min(list.len());
        let end = (start + SEGMENT).min(list.len());
        Segment {
            classes,
            first: j == 0,
            last: k + 1 == self.segs,
            recs: &list[start..end],
        }
    }
}

/// The whole `--print-records` output, streamed to `sink`; on two threads
/// when there are many records (each with its own [`ValMemo`]).
pub fn print_records(cx: &Ctx, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    print_records_from(cx, sink, PARALLEL_MIN)
}

/// [`print_records`], on two threads from `parallel_min` records on.
pub(crate) fn print_records_from(
    cx: &Ctx,
    sink: &mut dyn std::io::Write,
    parallel_min: usize,
) -> std::io::Result<()> {
    let plan = Segments::new(cx);
    let names = TyNames::new(cx);
    crate::segments::write_segments(
        plan.segs,
        plan.parallel(parallel_min),
        |helper| {
            plan.sort_ahead(helper);
            ValMemo::default()
        },
        |memo, k, out| {
            let seg = plan.get(k);
            let (heading, keyword) = if seg.classes {
                ("------------- Classes -----------------\n", "class ")
            } else {
                ("------------- Defs -----------------\n", "def ")
            };
            if seg.first {
                out.push_str(heading);
            }
            for &(_, r) in seg.recs {
                out.push_str(keyword);
                write_record_with(cx, Some(&names), Some(&mut *memo), out, r);
            }
        },
        sink,
    )
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

#[cfg(test)]
mod tests {
    use super::sort_by_name;

    /// The backends that print every record write the same bytes on two
    /// threads as on one (the one-thread output is what the compat suites
    /// compare with llvm-tblgen's), for a file with classes and named and
    /// anonymous defs of several layouts, over many segments.
    #[test]
    fn two_threads_print_what_one_prints() {
        let mut src = String::from("def ops;\n");
        for c in 0..300 {
            src.push_str(&format!(
                "class K{c}<int n> {{ int x = n; list<int> l = [n, {c}]; bits<3> b = {{1, 0, 1}}; bits<16> v = n; }}\n"
            ));
        }
        src.push_str("class D : K7<3> { string s = \"q\\\"x\"; dag d = (ops 1:$a); }\n");
        src.push_str("foreach i = 0...2999 in { def r#i : K299<i>; def : D; }\n");
        let mut map = irkit_diag::SourceMap::new();
        let file = map.add("t.td", src);
        let mut cx = crate::model::Ctx::new();
        let cfg = crate::lexer::LexConfig {
            include_dirs: &[],
            defines: &[],
            builtin_includes: &[],
            rules: crate::compat::newest(),
        };
        let Ok(toks) = crate::lexer::lex(&mut map, &mut cx.strs, file, &cfg) else {
            panic!("lex error");
        };
        assert!(crate::parser::parse(&mut cx, toks).is_ok());
        assert!(cx.errors.is_empty() && cx.fatal.is_none());
        assert_eq!(cx.classes.len() + cx.defs.len(), 6302);
        let print = |min| {
            let mut out = Vec::new();
            assert!(super::print_records_from(&cx, &mut out, min).is_ok());
            out
        };
        let one = print(usize::MAX);
        assert!(one.starts_with(b"------------- Classes -----------------\nclass D {"));
        assert!(one == print(0));
        let json = |min| {
            let mut out = Vec::new();
            assert!(crate::json::dump_json_from(&cx, &map, &mut out, min).is_ok());
            out
        };
        let one = json(usize::MAX);
        assert!(one.starts_with(b"{\"!instanceof\":{"));
        assert!(one == json(0));
        let detailed = |min| {
            let mut out = Vec::new();
            let res =
                crate::detailed::print_detailed_records_from(&cx, &map, "t.td", &mut out, min);
            assert!(res.is_ok());
            out
        };
        let one = detailed(usize::MAX);
        assert!(one.starts_with(b"DETAILED RECORDS for file t.td\n"));
        assert!(one == detailed(0));
    }

    #[test]
    fn radix_quicksort_orders_as_the_standard_sort() {
        // Names with long shared prefixes, prefixes of each other, bytes
        // above 0x7f, NUL bytes and duplicates, in a scrambled order.
        let mut names: Vec<String> = Vec::new();
        let mut x: u64 = 7;
        for k in 0..3000u64 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let tail: String = (0..(x >> 60) as usize)
                .map(|j| ['a', 'b', '_', '0', 'é', 'Z', '\0'][((x >> (j * 3)) % 7) as usize])
                .collect();
            let head = ["int_x86_avx512_", "int_x86_", "int_", "", "anonymous_"][(k % 5) as usize];
            names.push(format!("{head}{tail}"));
        }
        let mut v: Vec<(&str, usize)> = names
            .iter()
            .enumerate()
            .map(|(k, s)| (s.as_str(), k))
            .collect();
        let mut want = v.clone();
        want.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let split = super::sort_names(v.clone(), 0);
        sort_by_name(&mut v, 0, 0);
        let got: Vec<&str> = v.iter().map(|e| e.0).collect();
        let want: Vec<&str> = want.iter().map(|e| e.0).collect();
        assert_eq!(got, want);
        let split: Vec<&str> = split.iter().map(|e| e.0).collect();
        assert_eq!(split, want);
    }
}
