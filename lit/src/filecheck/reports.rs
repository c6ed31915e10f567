// Expected texts are FileCheck-19's stderr (with --dump-input=never).
#[test]
fn reports_match_filecheck_19() {
    assert_eq!(
        report("hello world\n", "CHECK: helo world\n", &[]),
        "check.txt:1:8: error: CHECK: expected string not found in input\nCHECK: helo world\n       ^\n<stdin>:1:1: note: scanning from here\nhello world\n^\n"
    );
    assert_eq!(
        report("a\nbad\n", "CHECK: a\nCHECK-NOT: bad\n", &[]),
        "check.txt:2:12: error: CHECK-NOT: excluded string found in input\nCHECK-NOT: bad\n           ^\n<stdin>:2:1: note: found here\nbad\n^~~\n"
    );
    assert_eq!(
        report("a\nb\nc\n", "CHECK: a\nCHECK-NEXT: c\n", &[]),
        "check.txt:2:13: error: CHECK-NEXT: is not on the line after the previous match\nCHECK-NEXT: c\n            ^\n<stdin>:3:1: note: 'next' match was here\nc\n^\n<stdin>:1:2: note: previous match ended here\na\n ^\n<stdin>:2:1: note: non-matching line after previous match is here\nb\n^\n"
    );
    assert_eq!(
        report("a b\n", "CHECK: a\nCHECK-NEXT: b\n", &[]),
        "check.txt:2:13: error: CHECK-NEXT: is on the same line as previous match\nCHECK-NEXT: b\n            ^\n<stdin>:1:3: note: 'next' match was here\na b\n  ^\n<stdin>:1:2: note: previous match ended here\na b\n ^\n"
    );
    assert_eq!(
        report("a\nb\n", "CHECK: a\nCHECK-SAME: b\n", &[]),
        "check.txt:2:13: error: CHECK-SAME: is not on the same line as the previous match\nCHECK-SAME: b\n            ^\n<stdin>:2:1: note: 'next' match was here\nb\n^\n<stdin>:1:2: note: previous match ended here\na\n ^\n"
    );
    assert_eq!(
        report("x=a.b y=acb\n", "CHECK: x=[[X:[a-z.]+]]\nCHECK: y=[[X]]\n", &[]),
        "check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: y=[[X]]\n       ^\n<stdin>:1:6: note: scanning from here\nx=a.b y=acb\n     ^\n<stdin>:1:6: note: with \"X\" equal to \"a\\\\.b\"\nx=a.b y=acb\n     ^\n<stdin>:1:7: note: possible intended match here\nx=a.b y=acb\n      ^\n"
    );
    assert_eq!(
        report("v 5\nw 7\n", "CHECK: v [[#N:]]\nCHECK: w [[#N+1]]\n", &[]),
        "check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: w [[#N+1]]\n       ^\n<stdin>:1:4: note: scanning from here\nv 5\n   ^\n<stdin>:1:4: note: with \"N+1\" equal to \"6\"\nv 5\n   ^\n<stdin>:2:1: note: possible intended match here\nw 7\n^\n"
    );
    assert_eq!(
        report("foo\n", "nothing here\n", &[]),
        "error: no check strings found with prefix 'CHECK:'\n"
    );
    assert_eq!(
        report("foo\nbar\n", "CHECK: foo\n", &["--implicit-check-not=bar"]),
        "command line:1:22: error: IMPLICIT-CHECK-NOT: excluded string found in input\n-implicit-check-not='bar'\n                     ^\n<stdin>:2:1: note: found here\nbar\n^~~\n"
    );
    assert_eq!(
        report("a a\n", "CHECK-COUNT-3: a\n", &[]),
        "check.txt:1:16: error: CHECK-COUNT: expected string not found in input (3 out of 3)\nCHECK-COUNT-3: a\n               ^\n<stdin>:1:4: note: scanning from here\na a\n   ^\n"
    );
    assert_eq!(
        report("foo\n", "CHECK-NEXT: foo\n", &[]),
        "check.txt:1:1: error: found 'CHECK-NEXT' without previous 'CHECK: line\nCHECK-NEXT: foo\n^\n"
    );
}

// FileCheck-22 shows a string variable's value as it is, and escaped with
// ` (escaped value)` when it holds a non-printable byte or `"` (expected
// texts: FileCheck-22's stderr with --dump-input=never).
#[test]
fn string_values_as_filecheck_22_shows_them() {
    let report22 = |input: &str, check_text: &str| {
        let opts = options(&[]);
        match check(check_text, "check.txt", input, &opts) {
            Ok(()) => "PASS".to_string(),
            Err(r) => r.render_plain(),
        }
    };
    assert_eq!(
        report22("x=a.b y=acb\n", "CHECK: x=[[X:a.b]]\nCHECK: y=[[X]]\n"),
        "check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: y=[[X]]\n       ^\n<stdin>:1:6: note: scanning from here\nx=a.b y=acb\n     ^\n<stdin>:1:6: note: with \"X\" equal to \"a.b\"\nx=a.b y=acb\n     ^\n<stdin>:1:7: note: possible intended match here\nx=a.b y=acb\n      ^\n"
    );
    assert_eq!(
        report22("x=\"q\"\ny\n", "CHECK: x=[[X:.*]]\nCHECK: [[X]]\n"),
        "check.txt:2:8: error: CHECK: expected string not found in input\nCHECK: [[X]]\n       ^\n<stdin>:1:6: note: scanning from here\nx=\"q\"\n     ^\n<stdin>:1:6: note: with \"X\" equal to \"\\\"q\\\"\" (escaped value)\nx=\"q\"\n     ^\n"
    );
}
