//! `--explain RECORD.FIELD`: how a field's final value was built, from the
//! provenance the parser records when asked (declarations, plain `let`s,
//! `let append` / `let prepend`, inherited histories, top-level lets).

use crate::model::{ContribKind, Ctx, RecId};
use irkit_diag::SourceMap;

/// Writes the history of `what` (`Record.field`) to `out`.
pub fn explain(cx: &Ctx, map: &SourceMap, what: &str, out: &mut String) -> Result<(), String> {
    let Some((rname, fname)) = what.rsplit_once('.') else {
        return Err(format!("--explain expects RECORD.FIELD, got '{what}'"));
    };
    let rec = find_record(cx, rname).ok_or_else(|| format!("no def or class named '{rname}'"))?;
    let field = cx
        .strs
        .get(fname)
        .and_then(|y| cx.rec(rec).value(y).map(|v| (y, v.clone())))
        .ok_or_else(|| format!("'{rname}' has no field '{fname}'"))?;
    let (fsym, fval) = field;
    out.push_str(&format!(
        "{}.{}: {} = {}\n",
        rname,
        fname,
        cx.ty_str(fval.ty),
        cx.init_str(fval.value)
    ));
    let hist = cx.provenance.get(&rec).and_then(|m| m.get(&fsym));
    let Some(hist) = hist.filter(|h| !h.is_empty()) else {
        out.push_str("  (no contributions: the field was declared without a value)\n");
        return Ok(());
    };
    for (k, c) in hist.iter().enumerate() {
        let verb = match c.kind {
            ContribKind::Declared => "declared",
            ContribKind::Set => "replaced",
            ContribKind::Appended => "appended",
            ContribKind::Prepended => "prepended",
        };
        let origin = cx.rec(c.origin);
        let what = if origin.is_class() { "class" } else { "def" };
        let via = if c.top_level {
            " by a top-level let"
        } else {
            ""
        };
        out.push_str(&format!(
            "  {}. {} {} in {} {}{} at {}\n",
            k + 1,
            verb,
            cx.init_str(c.value),
            what,
            cx.rec_name(c.origin),
            via,
            map.position(c.loc)
        ));
    }
    Ok(())
}

fn find_record(cx: &Ctx, name: &str) -> Option<RecId> {
    let y = cx.strs.get(name)?;
    cx.defs.get(&y).or_else(|| cx.classes.get(&y)).copied()
}
