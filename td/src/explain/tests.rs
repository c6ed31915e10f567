//! Unit tests of `--explain`: each runs the whole pipeline on a small file
//! and compares the explanation with the expected text, and
//! [`check_consistent`] asserts for every field of every record that the
//! explanation's value is the value `--print-records` prints.

use crate::{run, Action, Options};
use irkit_diag::SourceMap;

fn tblgen(src: &str, action: Action<'_>) -> Result<String, String> {
    let mut map = SourceMap::new();
    let file = map.add("t.td", src.to_string());
    let opts = Options {
        include_dirs: &[],
        defines: &[],
        builtin_includes: &[],
        report_timing: false,
        leak_model: false,
        early_diags: None,
        warn_unused_template_args: false,
        rules: crate::compat::newest(),
        limits: crate::Limits::DEFAULT,
        action,
    };
    let out = run(&mut map, file, &opts);
    match out.output {
        Some(o) => Ok(o),
        None => {
            let mut s = String::new();
            for d in &out.diags {
                irkit_diag::render_plain(&mut s, &map, d);
            }
            Err(s)
        }
    }
}

fn explain(src: &str, target: &str) -> String {
    match tblgen(src, Action::Explain(target)) {
        Ok(s) => s,
        Err(e) => panic!("explain {target} failed:\n{e}"),
    }
}

/// `(record, field, printed value)` for every field of every class and def,
/// parsed from `--print-records`.
fn printed_fields(src: &str) -> Vec<(String, String, String)> {
    let recs = match tblgen(src, Action::PrintRecords) {
        Ok(s) => s,
        Err(e) => panic!("print-records failed:\n{e}"),
    };
    let mut out = Vec::new();
    let mut cur = String::new();
    for line in recs.lines() {
        if let Some(rest) = line
            .strip_prefix("class ")
            .or_else(|| line.strip_prefix("def "))
        {
            let end = rest.find([' ', '<']).unwrap_or(rest.len());
            cur = rest[..end].to_string();
        } else if let Some(body) = line.strip_prefix("  ") {
            let Some((decl, value)) = body.split_once(" = ") else {
                continue;
            };
            let name = decl.rsplit(' ').next().unwrap_or("").to_string();
            let value = value.strip_suffix(';').unwrap_or(value).to_string();
            out.push((cur.clone(), name, value));
        }
    }
    out
}

/// Every field's explanation starts with `REC.FIELD: TYPE = VALUE` where
/// VALUE is what print-records prints, and lists at least one step.
fn check_consistent(src: &str) -> usize {
    let fields = printed_fields(src);
    assert!(!fields.is_empty());
    for (rec, field, value) in &fields {
        let e = explain(src, &format!("{rec}.{field}"));
        let head = e.lines().next().unwrap_or("");
        assert!(
            head.starts_with(&format!("{rec}.{field}: ")) && head.ends_with(&format!(" = {value}")),
            "{rec}.{field}: print-records says {value}, explain says\n{e}"
        );
        assert!(e.lines().count() >= 2, "{rec}.{field}: no steps\n{e}");
        assert!(!e.contains("no recorded"), "{rec}.{field}:\n{e}");
    }
    fields.len()
}

const DIAMOND: &str = "\
class Base { list<int> items = [1]; string text = \"b\"; }
class Left : Base { let append items = [2]; let append text = \"L\"; }
class Right : Base { let append items = [3]; }
def D : Left, Right {
  let append items = [4];
}
def E : Right, Left { let prepend items = [0]; }
";

#[test]
fn diamond_last_parent_wins() {
    assert_eq!(
        explain(DIAMOND, "D.items"),
        "\
D.items: list<int> = [1, 3, 4]
  1. Base   t.td:1:24  declared [1]
  2. Left   t.td:2:25  appended [2]  -> [1, 2]
  3. Right  t.td:3:26  appended [3]  -> [1, 3]  (applies to #1; overrides Left: last parent wins)
  4. D      t.td:5:7   appended [4]  -> [1, 3, 4]
"
    );
    assert_eq!(
        explain(DIAMOND, "E.items"),
        "\
E.items: list<int> = [0, 1, 2]
  1. Base   t.td:1:24  declared [1]
  2. Right  t.td:3:26  appended [3]   -> [1, 3]
  3. Left   t.td:2:25  appended [2]   -> [1, 2]  (applies to #1; overrides Right: last parent wins)
  4. E      t.td:7:27  prepended [0]  -> [0, 1, 2]
"
    );
    check_consistent(DIAMOND);
}

#[test]
fn later_parent_restores_an_older_value() {
    // Right does not touch `text`, so D takes Base's "b" back from it.
    assert_eq!(
        explain(DIAMOND, "D.text"),
        "\
D.text: string = \"b\"
  1. Base   t.td:1:44  declared \"b\"
  2. Left   t.td:2:49  appended \"L\"  -> \"bL\"
  3. Right  t.td:4:15  inherited     -> \"b\"  (the value of #1; overrides Left: last parent wins)
"
    );
}

#[test]
fn unrelated_parents_and_redeclaration() {
    let src = "\
class A { list<int> items = [1, 2]; }
class B { list<int> items = [3, 4]; }
def D : A, B { let append items = [5]; }
class R : A { list<int> items = [9]; }
def Q : R;
";
    assert_eq!(
        explain(src, "D.items"),
        "\
D.items: list<int> = [3, 4, 5]
  1. A  t.td:1:21  declared [1, 2]
  2. B  t.td:2:21  declared [3, 4]  (overrides A: last parent wins)
  3. D  t.td:3:20  appended [5]     -> [3, 4, 5]
"
    );
    assert_eq!(
        explain(src, "Q.items"),
        "\
Q.items: list<int> = [9]
  1. A  t.td:1:21  declared [1, 2]
  2. R  t.td:4:25  redeclared [9]
"
    );
    check_consistent(src);
}

#[test]
fn top_level_lets_outer_then_inner_then_body() {
    let src = "\
class Base { list<int> items = [1]; string s = \"x\"; bits<4> f = 0; }
let append items = [10] in {
  let append items = [20], prepend s = \">\" in
    def N : Base { let append items = [30]; let f{1-0} = 3; }
}
";
    assert_eq!(
        explain(src, "N.items"),
        "\
N.items: list<int> = [1, 10, 20, 30]
  1. Base  t.td:1:24  declared [1]
  2. N     t.td:2:5   appended [10]  -> [1, 10]  (top-level let … in)
  3. N     t.td:3:7   appended [20]  -> [1, 10, 20]  (top-level let … in)
  4. N     t.td:4:24  appended [30]  -> [1, 10, 20, 30]
"
    );
    assert_eq!(
        explain(src, "N.f"),
        "\
N.f: bits<4> = { 0, 0, 1, 1 }
  1. Base  t.td:1:61  declared { 0, 0, 0, 0 }
  2. N     t.td:4:49  replaced bits {0, 1} with 3  -> { 0, 0, 1, 1 }
"
    );
    check_consistent(src);
}

#[test]
fn template_args_multiclass_and_foreach() {
    let src = "\
class Base { list<int> items = [1]; string text = \"t\"; }
class C<list<int> x> : Base { let append items = x; let append text = NAME; }
def T : C<[7]>;
multiclass M<int n> {
  def _a : C<[n]> { let append items = [!add(n, 1)]; }
}
defm X : M<40>;
foreach i = [1, 2] in
  def L#i : Base { let prepend items = [i]; }
";
    assert_eq!(
        explain(src, "T.items"),
        "\
T.items: list<int> = [1, 7]
  1. Base  t.td:1:24  declared [1]
  2. C     t.td:2:35  appended C:x = [7]  -> [1, 7]
"
    );
    assert_eq!(
        explain(src, "X_a.items"),
        "\
X_a.items: list<int> = [1, 40, 41]
  1. Base  t.td:1:24  declared [1]
  2. C     t.td:2:35  appended C:x = [40]              -> [1, 40]
                      = [M::n]  (arguments of C given at t.td:5:12)
                      = [40]  (made into X_a)
  3. X_a   t.td:5:25  appended [!add(M::n, 1)] = [41]  -> [1, 40, 41]
"
    );
    assert_eq!(
        explain(src, "X_a.text"),
        "\
X_a.text: string = \"tX_a\"
  1. Base  t.td:1:44  declared \"t\"
  2. C     t.td:2:57  appended C:NAME = \"X_a\"  -> \"tX_a\"
                      = !strconcat(M::NAME, \"_a\")  (arguments of C given at t.td:5:12)
                      = \"X_a\"  (made into X_a)
"
    );
    assert_eq!(
        explain(src, "L2.items"),
        "\
L2.items: list<int> = [2, 1]
  1. Base  t.td:1:24  declared [1]
  2. L2    t.td:9:24  prepended [i] = [2]  -> [2, 1]
"
    );
    // A class shows its unresolved value, as print-records does.
    assert_eq!(
        explain(src, "C.items"),
        "\
C.items: list<int> = !listconcat([1], C:x)
  1. Base  t.td:1:24  declared [1]
  2. C     t.td:2:35  appended C:x  -> !listconcat([1], C:x)
"
    );
    check_consistent(src);
}

#[test]
fn plain_let_replaces_then_accumulates() {
    let src = "\
class Base { list<int> items = [1, 2]; }
class Mid : Base { let items = [9]; }
def R : Mid { let prepend items = [5]; }
";
    assert_eq!(
        explain(src, "R.items"),
        "\
R.items: list<int> = [5, 9]
  1. Base  t.td:1:24  declared [1, 2]
  2. Mid   t.td:2:24  replaced by [9]
  3. R     t.td:3:19  prepended [5]    -> [5, 9]
"
    );
}

#[test]
fn final_resolution_is_shown_when_it_changes_the_value() {
    // `b` refers to `a`, which the def sets after `b` was declared.
    let src = "\
class Base { string a = \"x\"; string b = !strconcat(a, \"!\"); }
def D : Base { let a = \"y\"; }
";
    assert_eq!(
        explain(src, "D.b"),
        "\
D.b: string = \"y!\"
  1. Base  t.td:1:37  declared !strconcat(a, \"!\")
  2. D     t.td:2:5   resolved                     -> \"y!\"  (references to other fields, NAME and casts resolved when D was complete)
"
    );
    check_consistent(src);
}

#[test]
fn errors() {
    assert_eq!(
        tblgen(DIAMOND, Action::Explain("X.items")),
        Err("error: no record named 'X'\n".to_string())
    );
    assert_eq!(
        tblgen(DIAMOND, Action::Explain("D.nope")),
        Err("error: record 'D' has no field 'nope'\n".to_string())
    );
    let with_targ = "class C<int x> { int y = x; }\n";
    assert_eq!(
        tblgen(with_targ, Action::Explain("C.x")),
        Err("error: record 'C' has no field 'x'\n".to_string())
    );
    // A file with errors reports them, not an explanation.
    let bad = "class A { int n = 1; }\ndef D : A { let append n = 2; }\n";
    let e = tblgen(bad, Action::Explain("D.n"));
    assert!(
        matches!(&e, Err(msg) if msg.contains("Cannot append to field 'n' of type 'int'")),
        "{e:?}"
    );
}

#[test]
fn off_by_default() {
    let mut cx = crate::model::Ctx::new();
    assert!(cx.explain.is_none());
    cx.explain = Some(Box::default());
    assert!(cx.explain.is_some());
}

/// print-records of `src` with provenance tracking on or off.
fn records_with_tracking(src: &str, on: bool) -> String {
    let mut map = SourceMap::new();
    let file = map.add("t.td", src.to_string());
    let mut cx = crate::model::Ctx::new();
    if on {
        cx.explain = Some(Box::default());
    }
    let cfg = crate::lexer::LexConfig {
        include_dirs: &[],
        defines: &[],
        builtin_includes: &[],
        rules: crate::compat::newest(),
    };
    let toks = crate::lexer::lex(&mut map, &mut cx.strs, file, &cfg);
    let Ok(toks) = toks else {
        panic!("lex error");
    };
    assert!(crate::parser::parse(&mut cx, toks).is_ok());
    assert!(cx.errors.is_empty() && cx.fatal.is_none());
    let mut out = Vec::new();
    assert!(crate::printer::print_records(&cx, &mut out).is_ok());
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn tracking_does_not_change_the_records() {
    // Replaying Base's step would instantiate P<11>, an anonymous record the
    // real resolution never makes (C replaces the value); doing that while
    // parsing would renumber E's anonymous P<5>. Replays happen only when
    // explaining, after the records are final.
    let src = "\
class P<int v> { int x = v; }
class Base<int a> { list<P> items = [P<a>]; }
class C<int b> : Base<!add(b, 10)> { let items = []; }
def D : C<1>;
def E { P p = P<5>; }
";
    let off = records_with_tracking(src, false);
    assert!(off.contains("P p = anonymous_0;"), "{off}");
    assert_eq!(records_with_tracking(src, true), off);
    assert_eq!(
        explain(src, "D.items"),
        "\
D.items: list<P> = []
  1. Base  t.td:2:29  declared [P<0: Base:a>] = [anonymous_1]
                      = [P<0: !add(C:b, 10)>]  (arguments of Base given at t.td:3:18)
                      = [anonymous_1]  (arguments of C given at t.td:4:9)
  2. C     t.td:3:42  replaced by []
"
    );
    assert_eq!(
        records_with_tracking(DIAMOND, true),
        records_with_tracking(DIAMOND, false)
    );
}
