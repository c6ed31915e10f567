//! `--print-detailed-records`: global variables, classes and defs with
//! their template arguments, superclasses (indirect ones in parentheses),
//! fields and source locations, as llvm-tblgen's detailed-records backend
//! prints them.
//!
//! llvm-tblgen 22 ends the report with a "Memory Allocation Stats" section:
//! the sizes of its own uniquing pools and allocator. Those describe
//! llvm-tblgen's memory, not the records; irkit prints the section's heading
//! (when the release has it) and no statistics.

use crate::model::{Ctx, FieldKind, RecId};
use crate::printer::{write_val, Segments};
use irkit_diag::SourceMap;

const RULE: &str = "--------------------";

/// The whole report, streamed to `sink`; `input` is the input file's name
/// as given (`-` for standard input). On two threads when there are many
/// records.
pub fn print_detailed_records(
    cx: &Ctx,
    map: &SourceMap,
    input: &str,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    print_detailed_records_from(cx, map, input, sink, crate::printer::PARALLEL_MIN)
}

/// [`print_detailed_records`], on two threads from `parallel_min` records
/// on.
pub(crate) fn print_detailed_records_from(
    cx: &Ctx,
    map: &SourceMap,
    input: &str,
    sink: &mut dyn std::io::Write,
    parallel_min: usize,
) -> std::io::Result<()> {
    let plan = Segments::new(cx);
    let format = |_: &mut (), k: usize, out: &mut String| {
        let seg = plan.get(k);
        if k == 0 {
            globals(cx, input, out);
        }
        if seg.first {
            if seg.classes {
                heading(out, "Classes", cx.classes.len());
            } else {
                heading(out, "Records", cx.defs.len());
            }
        }
        for &(_, r) in seg.recs {
            if seg.classes {
                class(cx, map, out, r);
            } else {
                def(cx, map, out, r);
            }
        }
        if seg.last && cx.rules.detailed_memory_stats {
            out.push_str(&format!("\n{RULE} Memory Allocation Stats {RULE}\n"));
        }
    };
    crate::segments::write_segments(
        plan.segs,
        plan.parallel(parallel_min),
        |helper| plan.sort_ahead(helper),
        format,
        sink,
    )
}

/// The report's first line and its global variables.
fn globals(cx: &Ctx, input: &str, out: &mut String) {
    out.push_str("DETAILED RECORDS for file ");
    out.push_str(input);
    out.push('\n');
    let mut globals: Vec<(&str, _)> = cx
        .globals
        .iter()
        .map(|(&y, &v)| (cx.strs.str(y), v))
        .collect();
    globals.sort_unstable_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
    heading(out, "Global Variables", globals.len());
    out.push('\n');
    for (name, v) in globals {
        out.push_str(name);
        out.push_str(" = ");
        cx.write_init(out, v);
        out.push('\n');
    }
}

fn class(cx: &Ctx, map: &SourceMap, out: &mut String, c: RecId) {
    rec_heading(cx, map, out, c);
    let rec = cx.rec(c);
    if rec.targs.is_empty() {
        out.push_str("  Template args: (none)\n");
    } else {
        out.push_str("  Template args:\n");
        for &ta in &rec.targs {
            if let Some(v) = rec.value(ta) {
                out.push_str("    ");
                write_val(cx, None, out, v);
                at(map, out, v.loc);
            }
        }
    }
    superclasses(cx, out, c);
    fields(cx, map, out, c);
}

fn def(cx: &Ctx, map: &SourceMap, out: &mut String, d: RecId) {
    rec_heading(cx, map, out, d);
    let locs = &cx.rec(d).locs;
    if locs.len() >= 2 {
        out.push_str("  Defm sequence:");
        let skip = usize::from(!cx.rules.defm_sequence_has_def);
        for &l in locs[skip..].iter().rev() {
            out.push_str(" |");
            crate::json::write_loc(map, out, l);
            out.push('|');
        }
        out.push('\n');
    }
    superclasses(cx, out, d);
    fields(cx, map, out, d);
}

fn heading(out: &mut String, title: &str, n: usize) {
    out.push_str(&format!("\n{RULE} {title} ({n}) {RULE}\n"));
}

/// `\nNAME  |FILE:LINE|`, with `""` for an empty name.
fn rec_heading(cx: &Ctx, map: &SourceMap, out: &mut String, r: RecId) {
    out.push('\n');
    let name = cx.rec_name_cow(r);
    out.push_str(if name.is_empty() { "\"\"" } else { &name });
    if let Some(&l) = cx.rec(r).locs.first() {
        at(map, out, l);
    } else {
        out.push('\n');
    }
}

/// `  |FILE:LINE|` and the end of the line.
fn at(map: &SourceMap, out: &mut String, l: irkit_diag::Loc) {
    out.push_str("  |");
    crate::json::write_loc(map, out, l);
    out.push_str("|\n");
}

/// Every superclass in order; one that is not a direct superclass of `r`
/// is in parentheses.
fn superclasses(cx: &Ctx, out: &mut String, r: RecId) {
    let supers = &cx.rec(r).supers;
    if supers.is_empty() {
        out.push_str("  Superclasses: (none)\n");
        return;
    }
    // A direct superclass comes right after its own superclasses: walking
    // back from the end and skipping each one's superclasses visits exactly
    // the direct ones.
    let mut direct = vec![false; supers.len()];
    let mut i = supers.len();
    while i > 0 {
        i -= 1;
        direct[i] = true;
        i = i.saturating_sub(cx.rec(supers[i].0).supers.len());
    }
    out.push_str("  Superclasses:");
    for (k, &(s, _)) in supers.iter().enumerate() {
        let name = cx.rec_name_cow(s);
        if direct[k] {
            out.push(' ');
            out.push_str(&name);
        } else {
            out.push_str(" (");
            out.push_str(&name);
            out.push(')');
        }
    }
    out.push('\n');
}

fn fields(cx: &Ctx, map: &SourceMap, out: &mut String, r: RecId) {
    let values = &cx.rec(r).values;
    if values.is_empty() {
        out.push_str("  Fields: (none)\n");
        return;
    }
    out.push_str("  Fields:\n");
    for v in values.iter().filter(|v| v.kind != FieldKind::TemplateArg) {
        out.push_str("    ");
        write_val(cx, None, out, v);
        at(map, out, v.loc);
    }
}
