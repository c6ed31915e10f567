//! Matching the directives against the input (FileCheck's `checkInput`,
//! `FileCheckString::Check`, `CheckDag`, `CheckNot`, `CheckNext`,
//! `CheckSame`), reporting as FileCheck does: errors always, `-v` remarks
//! for good matches, `-vv` also for CHECK-NOTs that did not match and the
//! implicit EOF pattern. With an input dump requested, verbose reports go
//! to the dump (as [`DumpDiag`]s) instead of being printed, and every
//! reported result is recorded for the dump as well.

use super::pattern::{MatchOutcome, Pattern};
use super::{loc, CheckString, DagNot, Kind, Options, Vars};
use irkit_diag::{Diagnostic, FileId, Loc, Severity, Span};

/// What a recorded match result means (FileCheck's `FileCheckDiag::MatchType`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchTy {
    FoundAndExpected,
    FoundButExcluded,
    FoundButWrongLine,
    FoundButDiscarded,
    NoneAndExcluded,
    NoneButExpected,
    NoneForInvalidPattern,
    Fuzzy,
}

/// One recorded result for the input dump: the directive (its type and
/// where it is), what happened, the input range and an optional note.
#[derive(Clone, Debug)]
pub struct DumpDiag {
    pub ty: super::CheckTy,
    pub check: Loc,
    pub mt: MatchTy,
    pub start: usize,
    pub end: usize,
    pub note: String,
}

/// Matching state while checking the input.
pub(crate) struct Checker<'a> {
    pub input: &'a str,
    pub input_file: FileId,
    pub vars: Vars,
    pub diags: &'a mut Vec<Diagnostic>,
    pub opts: &'a Options,
    /// Recorded results, when an input dump is wanted.
    pub dump: Option<Vec<DumpDiag>>,
}

impl Checker<'_> {
    fn in_loc(&self, at: usize) -> Loc {
        loc(self.input_file, at)
    }

    fn in_range(&self, start: usize, end: usize) -> Loc {
        Loc {
            file: self.input_file,
            span: Span::from(start..end),
        }
    }

    fn note(&mut self, at: Loc, msg: impl Into<String>) {
        self.diags
            .push(Diagnostic::new(Severity::Note, Some(at), msg));
    }

    fn record(
        &mut self,
        pat: &Pattern,
        check: Loc,
        mt: MatchTy,
        start: usize,
        end: usize,
        note: String,
    ) {
        if let Some(d) = &mut self.dump {
            d.push(DumpDiag {
                ty: pat.ty,
                check,
                mt,
                start,
                end,
                note,
            });
        }
    }

    /// FileCheck's `ProcessMatchResult` with `AdjustPrevDiags`: retypes the
    /// latest recorded results of the same directive.
    fn retype_last(&mut self, mt: MatchTy) {
        if let Some(d) = &mut self.dump {
            let Some(last) = d.last().map(|x| x.check) else {
                return;
            };
            for x in d.iter_mut().rev() {
                if x.check != last {
                    break;
                }
                x.mt = mt;
            }
        }
    }

    /// FileCheck's `checkInput`: label blocks, then each directive in turn.
    pub fn run(&mut self, checks: &[CheckString]) -> bool {
        let mut failed = false;
        let mut buf = 0usize;
        let end = self.input.len();
        let (mut i, mut j) = (0usize, 0usize);
        loop {
            let region;
            if j == checks.len() {
                region = (buf, end);
            } else {
                let label = &checks[j];
                if label.pat.ty.kind != Kind::Label {
                    j += 1;
                    continue;
                }
                let Some((pos, len)) = self.check_one(label, buf, end, true) else {
                    return false;
                };
                region = (buf, pos + len);
                buf = pos + len;
                j += 1;
            }
            if i != 0 && self.opts.enable_var_scope {
                self.vars.clear_locals();
            }
            let mut start = region.0;
            while i != j {
                match self.check_one(&checks[i], start, region.1, false) {
                    Some((pos, len)) => start = pos + len,
                    None => {
                        failed = true;
                        i = j;
                        break;
                    }
                }
                i += 1;
            }
            if j == checks.len() {
                break;
            }
        }
        !failed
    }

    /// FileCheck's `FileCheckString::Check`: returns the match position and
    /// length within `[start, end)`.
    fn check_one(
        &mut self,
        cs: &CheckString,
        start: usize,
        end: usize,
        label_scan: bool,
    ) -> Option<(usize, usize)> {
        let mut last_pos = start;
        let mut nots: Vec<&DagNot> = Vec::new();
        if !label_scan {
            last_pos = self.check_dag(cs, start, end, &mut nots)?;
        }
        let mut last_end = last_pos;
        let mut first_pos = last_pos;
        for n in 1..=cs.pat.ty.count {
            let res = cs.pat.match_in(&mut self.vars, self.input, last_end, end);
            let (pos, len) = self.report(true, &cs.prefix, &cs.pat, n, last_end, end, res)?;
            if n == 1 {
                first_pos = pos;
            }
            last_end = pos + len;
        }
        let len = last_end - first_pos;
        if !label_scan {
            if self.check_next(cs, last_pos, first_pos) || self.check_same(cs, last_pos, first_pos)
            {
                if self.opts.verbose {
                    self.retype_last(MatchTy::FoundButWrongLine);
                } else {
                    let at = cs.pat.loc();
                    self.record(
                        &cs.pat,
                        at,
                        MatchTy::FoundButWrongLine,
                        first_pos,
                        first_pos + len,
                        String::new(),
                    );
                }
                return None;
            }
            if self.check_not(&nots, last_pos, first_pos) {
                return None;
            }
        }
        Some((first_pos, len))
    }

    /// FileCheck's `reportMatchResult`: reports the outcome of matching
    /// `pat` on `[start, end)`; returns the match when it is expected and
    /// found without error.
    #[allow(clippy::too_many_arguments)]
    fn report(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        n: u32,
        start: usize,
        end: usize,
        res: MatchOutcome,
    ) -> Option<(usize, usize)> {
        match res {
            MatchOutcome::Found {
                pos,
                len,
                subst,
                caps,
            } => {
                if self.print_match(expected, prefix, pat, n, pos, len, &subst, caps) {
                    None
                } else {
                    Some((pos, len))
                }
            }
            MatchOutcome::NotFound { subst } => {
                self.print_no_match(expected, prefix, pat, n, start, end, Vec::new(), &subst);
                None
            }
            MatchOutcome::Error { errors, subst } => {
                self.print_no_match(expected, prefix, pat, n, start, end, errors, &subst);
                None
            }
        }
    }

    /// FileCheck's `printMatch`; returns whether it reported an error.
    #[allow(clippy::too_many_arguments)]
    fn print_match(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        n: u32,
        pos: usize,
        len: usize,
        subst: &[(String, String)],
        mut caps: Vec<(String, usize, usize)>,
    ) -> bool {
        let has_error = !expected;
        let mut print = true;
        if !has_error {
            if !self.opts.verbose {
                return false;
            }
            if !self.opts.verbose_verbose && pat.ty.kind == Kind::Eof {
                return false;
            }
            print = self.dump.is_none();
        }
        let mt = if expected {
            MatchTy::FoundAndExpected
        } else {
            MatchTy::FoundButExcluded
        };
        let at = pat.loc();
        caps.sort_by_key(|c| c.1);
        if self.dump.is_some() {
            self.record(pat, at, mt, pos, pos + len, String::new());
            for (from, value) in subst {
                self.record(
                    pat,
                    at,
                    mt,
                    pos,
                    pos,
                    format!("with \"{from}\" equal to {value}"),
                );
            }
            for (name, s, e) in &caps {
                self.record(pat, at, mt, *s, *e, format!("captured var \"{name}\""));
            }
        }
        if !print {
            return has_error;
        }
        let msg = match_message(pat, prefix, expected, "found", n);
        let sev = if expected {
            Severity::Remark
        } else {
            Severity::Error
        };
        self.diags.push(Diagnostic::new(sev, Some(at), msg));
        self.note(self.in_range(pos, pos + len), "found here");
        for (from, value) in subst {
            self.note(
                self.in_loc(pos),
                format!("with \"{from}\" equal to {value}"),
            );
        }
        for (name, s, e) in caps {
            self.note(self.in_range(s, e), format!("captured var \"{name}\""));
        }
        has_error
    }

    /// FileCheck's `printNoMatch`.
    #[allow(clippy::too_many_arguments)]
    fn print_no_match(
        &mut self,
        expected: bool,
        prefix: &str,
        pat: &Pattern,
        n: u32,
        start: usize,
        end: usize,
        errors: Vec<(Loc, String)>,
        subst: &[(String, String)],
    ) {
        let pattern_error = !errors.is_empty();
        let has_error = expected || pattern_error;
        let mt = if pattern_error {
            MatchTy::NoneForInvalidPattern
        } else if expected {
            MatchTy::NoneButExpected
        } else {
            MatchTy::NoneAndExcluded
        };
        let mut msgs = Vec::new();
        for (at, msg) in errors {
            self.diags.push(Diagnostic::error(at, msg.clone()));
            msgs.push(msg);
        }
        let mut print = true;
        if !has_error {
            if !self.opts.verbose_verbose {
                return;
            }
            print = self.dump.is_none();
        }
        let at = pat.loc();
        if self.dump.is_some() {
            self.record(pat, at, mt, start, end, String::new());
            for m in msgs {
                self.record(pat, at, mt, start, start, m);
            }
            for (from, value) in subst {
                self.record(
                    pat,
                    at,
                    mt,
                    start,
                    start,
                    format!("with \"{from}\" equal to {value}"),
                );
            }
        }
        if !print {
            return;
        }
        if !pattern_error {
            let msg = match_message(pat, prefix, expected, "not found", n);
            let sev = if expected {
                Severity::Error
            } else {
                Severity::Remark
            };
            self.diags.push(Diagnostic::new(sev, Some(at), msg));
            self.note(self.in_loc(start), "scanning from here");
        }
        for (from, value) in subst {
            self.note(
                self.in_loc(start),
                format!("with \"{from}\" equal to {value}"),
            );
        }
        if expected {
            self.fuzzy(pat, start, end);
        }
    }

    /// FileCheck's `printFuzzyMatch`.
    fn fuzzy(&mut self, pat: &Pattern, start: usize, end: usize) {
        let example = pat.fuzzy_text();
        let buf = &self.input.as_bytes()[start..end];
        let limit = buf.len().min(4096);
        if 4096usize * 2048 < limit * example.len() {
            return;
        }
        let best = fuzzy_best(buf, limit, example.as_bytes());
        if let Some((b, q, _)) = best {
            if b != 0 && q < 50.0 {
                let at = pat.loc();
                self.record(pat, at, MatchTy::Fuzzy, start + b, start + b, String::new());
                self.note(self.in_loc(start + b), "possible intended match here");
            }
        }
    }

    fn check_next(&mut self, cs: &CheckString, from: usize, to: usize) -> bool {
        if !matches!(cs.pat.ty.kind, Kind::Next | Kind::Empty) {
            return false;
        }
        let name = format!(
            "{}{}",
            cs.prefix,
            if cs.pat.ty.kind == Kind::Empty {
                "-EMPTY"
            } else {
                "-NEXT"
            }
        );
        let (count, first_nl) = count_newlines(&self.input.as_bytes()[from..to]);
        if count == 0 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!("{name}: is on the same line as previous match"),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            return true;
        }
        if count != 1 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!("{name}: is not on the line after the previous match"),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            self.note(
                self.in_loc(from + first_nl),
                "non-matching line after previous match is here",
            );
            return true;
        }
        false
    }

    fn check_same(&mut self, cs: &CheckString, from: usize, to: usize) -> bool {
        if cs.pat.ty.kind != Kind::Same {
            return false;
        }
        let (count, _) = count_newlines(&self.input.as_bytes()[from..to]);
        if count != 0 {
            self.diags.push(Diagnostic::error(
                cs.pat.loc(),
                format!(
                    "{}-SAME: is not on the same line as the previous match",
                    cs.prefix
                ),
            ));
            self.note(self.in_loc(to), "'next' match was here");
            self.note(self.in_loc(from), "previous match ended here");
            return true;
        }
        false
    }

    /// Checks that no CHECK-NOT in `nots` matches `[from, to)`.
    fn check_not(&mut self, nots: &[&DagNot], from: usize, to: usize) -> bool {
        let mut failed = false;
        for dn in nots {
            let res = dn.pat.match_in(&mut self.vars, self.input, from, to);
            let is_err = !matches!(res, MatchOutcome::NotFound { .. });
            self.report(false, &dn.prefix, &dn.pat, 1, from, to, res);
            failed |= is_err;
        }
        failed
    }

    /// FileCheck's `CheckDag`: returns where the positive match may start.
    fn check_dag<'c>(
        &mut self,
        cs: &'c CheckString,
        start: usize,
        end: usize,
        nots: &mut Vec<&'c DagNot>,
    ) -> Option<usize> {
        if cs.dag_nots.is_empty() {
            return Some(start);
        }
        let vv = self.opts.verbose_verbose;
        let mut start_pos = start;
        // Sorted, non-overlapping match ranges of the current DAG group.
        let mut ranges: Vec<(usize, usize)> = Vec::new();
        for (idx, dn) in cs.dag_nots.iter().enumerate() {
            if dn.pat.ty.kind == Kind::Not {
                nots.push(dn);
                continue;
            }
            let mut match_pos = start_pos;
            let mut mi = 0usize;
            let (mut found_pos, mut found_len, mut found_subst, mut found_caps);
            loop {
                let res = dn.pat.match_in(&mut self.vars, self.input, match_pos, end);
                let (pos, len) = match res {
                    MatchOutcome::Found {
                        pos,
                        len,
                        subst,
                        caps,
                    } => {
                        if vv {
                            self.print_match(
                                true,
                                &dn.prefix,
                                &dn.pat,
                                1,
                                pos,
                                len,
                                &subst,
                                caps.clone(),
                            );
                        }
                        found_subst = subst;
                        found_caps = caps;
                        (pos, len)
                    }
                    other => {
                        self.report(true, &dn.prefix, &dn.pat, 1, match_pos, end, other);
                        return None;
                    }
                };
                found_pos = pos;
                found_len = len;
                let m = (pos, pos + len);
                if self.opts.allow_deprecated_dag_overlap {
                    match ranges.first_mut() {
                        None => ranges.push(m),
                        Some(b) => {
                            b.0 = b.0.min(m.0);
                            b.1 = b.1.max(m.1);
                        }
                    }
                    break;
                }
                let mut overlap = false;
                while mi < ranges.len() {
                    if m.0 < ranges[mi].1 {
                        overlap = ranges[mi].0 < m.1;
                        break;
                    }
                    mi += 1;
                }
                if !overlap {
                    ranges.insert(mi, m);
                    break;
                }
                if vv {
                    if self.dump.is_none() {
                        let (os, oe) = ranges[mi];
                        self.note(
                            self.in_range(os, oe),
                            "match discarded, overlaps earlier DAG match here",
                        );
                    } else {
                        self.retype_last(MatchTy::FoundButDiscarded);
                    }
                }
                match_pos = ranges[mi].1;
                mi += 1;
            }
            if !vv {
                self.print_match(
                    true,
                    &dn.prefix,
                    &dn.pat,
                    1,
                    found_pos,
                    found_len,
                    &found_subst,
                    found_caps,
                );
            }
            let group_ends =
                !matches!(cs.dag_nots.get(idx + 1), Some(n) if n.pat.ty.kind != Kind::Not);
            if group_ends {
                let first = ranges.first().map_or(start_pos, |r| r.0);
                if !nots.is_empty() {
                    if self.check_not(nots, start_pos, first) {
                        return None;
                    }
                    nots.clear();
                }
                start_pos = ranges.last().map_or(start_pos, |r| r.1);
                ranges.clear();
            }
        }
        Some(start_pos)
    }
}

/// Number of line breaks in `b` (`\r\n` and `\n\r` count once) and the
/// offset just past the first one.
/// "CHECK-NEXT: expected string found in input (2 out of 3)": the first
/// line FileCheck prints for a match or a miss (`what` is "found" or "not
/// found"; the count part only for a `CHECK-COUNT-N`).
fn match_message(pat: &Pattern, prefix: &str, expected: bool, what: &str, n: u32) -> String {
    let mut msg = format!(
        "{}: {} string {what} in input",
        pat.ty.describe(prefix),
        if expected { "expected" } else { "excluded" }
    );
    if pat.ty.count > 1 {
        msg.push_str(&format!(" ({n} out of {})", pat.ty.count));
    }
    msg
}

fn count_newlines(b: &[u8]) -> (u32, usize) {
    let mut n = 0;
    let mut first = 0;
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'\n' || b[i] == b'\r' {
            n += 1;
            if i + 1 < b.len() && (b[i + 1] == b'\n' || b[i + 1] == b'\r') && b[i] != b[i + 1] {
                i += 1;
            }
            i += 1;
            if n == 1 {
                first = i;
            }
            continue;
        }
        i += 1;
    }
    (n, first)
}

/// FileCheck's `printFuzzyMatch` search: the first position among the
/// first `limit` bytes of `buf` with the lowest quality (edit distance of
/// the window there to `ex`, plus a hundredth per line crossed), with that
/// quality and the capped distance.
fn fuzzy_best(buf: &[u8], limit: usize, ex: &[u8]) -> Option<(usize, f64, usize)> {
    let mut lines = 0usize;
    // The best position, its quality, and its distance (capped).
    let mut best: Option<(usize, f64, usize)> = None;
    let mut row = Vec::new();
    let myers = (!ex.is_empty() && ex.len() <= 64).then(|| Myers::new(ex));
    // The window at `i` is `buf[i..hi]`: up to `ex.len()` bytes, cut at
    // a newline. Both ends only move forwards, so the bytes it shares
    // with `ex` (as multisets) are counted as it slides; a distance is
    // at least the longer length minus that count (every byte not
    // aligned with an equal byte costs one), which skips most windows
    // once a close one is known.
    let mut need = [0u32; 256];
    for &c in ex {
        need[c as usize] += 1;
    }
    let mut have = [0u32; 256];
    let mut common = 0usize;
    let (mut lo, mut hi) = (0usize, 0usize);
    let mut line_end = 0usize;
    for i in 0..limit {
        if buf[i] == b'\n' {
            lines += 1;
        }
        if line_end <= i {
            line_end = buf[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(buf.len(), |p| i + p);
        }
        let end = buf.len().min(i + ex.len()).min(line_end);
        while lo < i && lo < hi {
            let c = buf[lo] as usize;
            have[c] -= 1;
            if have[c] < need[c] {
                common -= 1;
            }
            lo += 1;
        }
        lo = lo.max(i);
        hi = hi.max(lo);
        while hi < end {
            let c = buf[hi] as usize;
            if have[c] < need[c] {
                common += 1;
            }
            have[c] += 1;
            hi += 1;
        }
        if buf[i] == b' ' || buf[i] == b'\t' {
            continue;
        }
        let window = &buf[i..end];
        // Only a distance below 50 is ever reported, and (lines only
        // grow) only one below the best so far can replace it: a
        // distance capped there picks the same position as the exact one.
        let cap = best.map_or(50, |(_, _, d)| d.min(50));
        let bound = window.len().max(ex.len()) - common;
        let d = if bound >= cap {
            cap
        } else if let Some(my) = &myers {
            my.distance(window).min(cap)
        } else {
            edit_distance_capped(window, ex, cap, &mut row)
        };
        let quality = d as f64 + lines as f64 / 100.0;
        if best.is_none_or(|(_, b, _)| quality < b) {
            best = Some((i, quality, d));
        }
    }
    best
}

/// Levenshtein distance (insertions, deletions and replacements cost 1),
/// as LLVM's `StringRef::edit_distance`: FileCheck's fuzzy "possible intended
/// match" and its option-name suggestions both use it.
pub fn edit_distance(a: &[u8], b: &[u8]) -> usize {
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = if ca == cb {
                prev
            } else {
                1 + prev.min(cur).min(row[j])
            };
            prev = cur;
        }
    }
    row[b.len()]
}

/// `min(edit_distance(a, b), cap)`, in `O(len * cap)`: only cells within
/// `cap` of the diagonal can be below `cap`, every cell is clamped to `cap`
/// (the recurrence commutes with the clamp), and a row whose cells all
/// reach `cap` ends it (every alignment crosses every row). `row` is scratch.
pub fn edit_distance_capped(a: &[u8], b: &[u8], cap: usize, row: &mut Vec<usize>) -> usize {
    if cap == 0 || a.len().abs_diff(b.len()) >= cap {
        return cap;
    }
    if !b.is_empty() && b.len() <= 64 {
        return myers_distance(a, b).min(cap);
    }
    let m = b.len();
    row.clear();
    row.extend((0..=m).map(|j| j.min(cap)));
    for (i, &ca) in a.iter().enumerate() {
        let i1 = i + 1;
        // The band of this row; |a| - |b| < cap keeps lo <= m.
        let lo = i1.saturating_sub(cap).max(1);
        let hi = (i1 + cap).min(m);
        let mut diag = row[lo - 1];
        row[lo - 1] = if lo == 1 { i1.min(cap) } else { cap };
        let mut row_min = row[lo - 1];
        for j in lo..=hi {
            let up = row[j];
            let v = if ca == b[j - 1] {
                diag
            } else {
                1 + diag.min(up).min(row[j - 1])
            }
            .min(cap);
            diag = up;
            row[j] = v;
            row_min = row_min.min(v);
        }
        if row_min >= cap {
            return cap;
        }
    }
    row[m].min(cap)
}

/// The edit distance of `text` and a `pat` of 1 to 64 bytes, one machine
/// word per column (Myers' bit-parallel algorithm, in Hyyrö's form for the
/// distance of whole strings): bit `i` of `pv`/`mv` says whether the cell
/// below row `i` of the current column is one more/less than the cell
/// above it; bits above the pattern only ever carry upwards, so they never
/// disturb the bits that count.
fn myers_distance(text: &[u8], pat: &[u8]) -> usize {
    Myers::new(pat).distance(text)
}

/// A pattern of 1 to 64 bytes prepared for [`myers_distance`]: its match
/// masks, computed once for many texts.
struct Myers {
    peq: [u64; 256],
    m: usize,
}

impl Myers {
    fn new(pat: &[u8]) -> Myers {
        let mut peq = [0u64; 256];
        for (i, &c) in pat.iter().enumerate() {
            peq[c as usize] |= 1 << i;
        }
        Myers { peq, m: pat.len() }
    }

    fn distance(&self, text: &[u8]) -> usize {
        let m = self.m;
        let top = 1u64 << (m - 1);
        let (mut pv, mut mv) = (!0u64, 0u64);
        let mut score = m;
        for &c in text {
            let eq = self.peq[c as usize];
            let xv = eq | mv;
            let xh = ((eq & pv).wrapping_add(pv) ^ pv) | eq;
            let mut ph = mv | !(xh | pv);
            let mut mh = pv & xh;
            if ph & top != 0 {
                score += 1;
            } else if mh & top != 0 {
                score -= 1;
            }
            // Row 0 of the table grows by one per column (whole strings).
            ph = (ph << 1) | 1;
            mh <<= 1;
            pv = mh | !(xv | ph);
            mv = ph & xv;
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fuzzy_search_skips_only_windows_that_cannot_win() {
        let mut s = 0x1234_5678_9abc_def1u64;
        let mut next = move || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        for k in 0..400 {
            let alpha: &[u8] = if k % 2 == 0 {
                b"ab \n"
            } else {
                b"abcdefgh\t\n"
            };
            let n = (next() % 300) as usize;
            let buf: Vec<u8> = (0..n)
                .map(|_| alpha[(next() % alpha.len() as u64) as usize])
                .collect();
            let m = (next() % if k % 5 == 0 { 90 } else { 20 }) as usize;
            let ex: Vec<u8> = (0..m).map(|_| alpha[(next() % 3) as usize]).collect();
            // The search without the bound: every window measured.
            let mut lines = 0usize;
            let mut naive: Option<(usize, f64, usize)> = None;
            for i in 0..buf.len() {
                if buf[i] == b'\n' {
                    lines += 1;
                }
                if buf[i] == b' ' || buf[i] == b'\t' {
                    continue;
                }
                let w = &buf[i..buf.len().min(i + ex.len())];
                let w = w.split(|&c| c == b'\n').next().unwrap_or(&[]);
                let d = edit_distance(w, &ex).min(50);
                let q = d as f64 + lines as f64 / 100.0;
                if naive.is_none_or(|(_, b, _)| q < b) {
                    naive = Some((i, q, d));
                }
            }
            let got = fuzzy_best(&buf, buf.len(), &ex);
            assert_eq!(
                got.map(|g| (g.0, g.2)),
                naive.map(|g| (g.0, g.2)),
                "{buf:?} {ex:?}"
            );
        }
    }

    #[test]
    fn capped_edit_distance_is_the_clamped_exact_one() {
        // A small splitmix64 over a 3-letter alphabet, so that matches are
        // common and distances spread over 0..len.
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut row = Vec::new();
        for k in 0..20_000 {
            // Lengths past 64 reach the banded table, not the word.
            let max = if k % 4 == 0 { 90 } else { 24 };
            let la = (next() % max) as usize;
            let lb = (next() % max) as usize;
            let a: Vec<u8> = (0..la).map(|_| b"abc"[(next() % 3) as usize]).collect();
            let b: Vec<u8> = (0..lb).map(|_| b"abc"[(next() % 3) as usize]).collect();
            let exact = edit_distance(&a, &b);
            if !b.is_empty() && b.len() <= 64 {
                assert_eq!(myers_distance(&a, &b), exact, "{a:?} {b:?}");
            }
            for cap in [0, 1, 2, 3, 5, 8, 13, 21, 34, 50, 100] {
                assert_eq!(
                    edit_distance_capped(&a, &b, cap, &mut row),
                    exact.min(cap),
                    "{a:?} {b:?} cap {cap}"
                );
            }
        }
    }
}
