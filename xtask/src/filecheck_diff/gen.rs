//! Random FileCheck cases: a check file, an input and options.
//!
//! The input is lines of words from a small vocabulary (numbers, names,
//! punctuation), separated by spaces, runs of spaces or tabs, sometimes with
//! CRLF line ends, no final newline, or empty. The check file's patterns are
//! mostly cut from the input (so that many directives match), sometimes
//! mutated into near misses, with regexes, string and numeric variables,
//! `@LINE`, COUNT, every directive kind, comment lines and occasional
//! syntax errors. Options are drawn from FileCheck's own (one or two dashes,
//! `=` or a separate value).

pub use crate::util::Rng;

/// One generated case.
pub struct GenCase {
    pub check: String,
    pub input: String,
    pub args: Vec<String>,
}

const WORDS: &[&str] = &[
    "foo", "bar", "baz", "qux", "a", "b", "Foo", "BAR", "x1", "y_2", "%0", "%x", "[1]", "(x)",
    "{y}", "0x1f", "42", "7", "-7", "100", "call", "ret", "add", "i32", "@f", "=", ",", ":",
    "CHECK", "foo.bar", "a+b", "$", "^", "\\", "é",
];

fn gen_input(rng: &mut Rng) -> (Vec<String>, String) {
    if rng.one_in(40) {
        return (Vec::new(), String::new());
    }
    let n = rng.below(12) + 1;
    let mut lines = Vec::with_capacity(n);
    for _ in 0..n {
        let k = if rng.one_in(6) { 0 } else { rng.below(5) + 1 };
        let mut line = String::new();
        if rng.one_in(5) {
            line.push_str(rng.pick(&[" ", "  ", "\t", " \t "]));
        }
        for w in 0..k {
            if w > 0 {
                line.push_str(rng.pick(&[" ", " ", " ", "  ", "\t", ", ", ""]));
            }
            line.push_str(rng.pick(WORDS));
        }
        if rng.one_in(8) {
            line.push(' ');
        }
        lines.push(line);
    }
    let eol = if rng.one_in(8) { "\r\n" } else { "\n" };
    let mut text = lines.join(eol);
    if !rng.one_in(8) {
        text.push_str(eol);
    }
    (lines, text)
}

/// A regex that matches `w` (or often does).
fn regex_for(rng: &mut Rng, w: &str) -> String {
    let all_alnum = w.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_');
    match rng.below(6) {
        0 => "{{.*}}".to_string(),
        1 if all_alnum => "{{[a-zA-Z0-9_]+}}".to_string(),
        2 if w.bytes().all(|c| c.is_ascii_digit()) => "{{[0-9]+}}".to_string(),
        3 => "{{.}}".to_string(),
        4 => "{{[^ ]+}}".to_string(),
        _ => format!("{{{{{}}}}}", regex_escape(w)),
    }
}

fn regex_escape(w: &str) -> String {
    let mut s = String::new();
    for c in w.chars() {
        if "()[]{}.*+?^$|\\".contains(c) {
            s.push('\\');
        }
        s.push(c);
    }
    s
}

struct VarState {
    strings: Vec<String>,
    nums: Vec<String>,
    next: usize,
}

fn gen_pattern(rng: &mut Rng, lines: &[String], vars: &mut VarState) -> String {
    let words: Vec<&str> = if lines.is_empty() || rng.one_in(6) {
        (0..rng.below(3) + 1).map(|_| rng.pick(WORDS)).collect()
    } else {
        let line = &lines[rng.below(lines.len())];
        let ws: Vec<&str> = line
            .split([' ', '\t', ','])
            .filter(|w| !w.is_empty())
            .collect();
        if ws.is_empty() {
            Vec::new()
        } else {
            let from = rng.below(ws.len());
            let len = (rng.below(3) + 1).min(ws.len() - from);
            ws[from..from + len].to_vec()
        }
    };
    let mut parts = Vec::new();
    for w in words {
        let mut piece = match rng.below(14) {
            0 | 1 => regex_for(rng, w),
            2 => {
                // Now and then a numeric variable's name: a conflict.
                let name = if !vars.nums.is_empty() && rng.one_in(12) {
                    rng.pick(&vars.nums)
                } else {
                    vars.next += 1;
                    format!("V{}", vars.next - 1)
                };
                let re = if rng.one_in(2) {
                    regex_escape(w)
                } else {
                    "[^ ]+".to_string()
                };
                vars.strings.push(name.clone());
                format!("[[{name}:{re}]]")
            }
            3 if !vars.strings.is_empty() => format!("[[{}]]", rng.pick(&vars.strings)),
            4 if w.bytes().all(|c| c.is_ascii_digit()) => {
                let name = format!("N{}", vars.next);
                vars.next += 1;
                vars.nums.push(name.clone());
                match rng.below(5) {
                    0 => format!("[[#{name}:]]"),
                    1 => format!("[[#%u,{name}:]]"),
                    2 => format!("[[#%d,{name}:]]"),
                    3 => format!("[[#%x,{name}:]]"),
                    _ => format!("[[#%.2,{name}:]]"),
                }
            }
            5 if !vars.nums.is_empty() => {
                let n = rng.pick(&vars.nums);
                // A second variable, perhaps of another implicit format.
                let m = rng.pick(&vars.nums);
                match rng.below(9) {
                    0 => format!("[[#{n}]]"),
                    1 => format!("[[#{n}+1]]"),
                    2 => format!("[[#{n}-1]]"),
                    3 => format!("[[#%x,{n}]]"),
                    4 => format!("[[#{n}+{m}]]"),
                    5 => format!("[[#{n} - 1 + {m}]]"),
                    6 => format!("[[#max({n},{m})]]"),
                    7 if !vars.strings.is_empty() && rng.one_in(4) => {
                        // A string variable's name for a numeric one.
                        format!("[[#{}:]]", rng.pick(&vars.strings))
                    }
                    _ => format!("[[#add({n},{n})]]"),
                }
            }
            6 if rng.one_in(3) => "[[@LINE]]".to_string(),
            7 if rng.one_in(4) => {
                let bad = [
                    "[[",
                    "{{",
                    "[[#N+]]",
                    "[[UNDEF]]",
                    "[[#UNDEF]]",
                    "[[:x]]",
                    "[[#%z,X:]]",
                    "{{(}}",
                    "[[X:]]",
                    "[[#X:Y:]]",
                    "[[@LINE+x]]",
                    "[[#@LINE*2]]",
                    "[[#UNDEF1+UNDEF2]]",
                    "[[#add(UNDEF1,UNDEF2)]]",
                    "[[#add(1,)]]",
                    "[[#@X:]]",
                ];
                rng.pick(&bad).to_string()
            }
            8 if rng.one_in(2) => {
                // A near miss: change one character.
                let mut s: Vec<char> = w.chars().collect();
                let i = rng.below(s.len());
                s[i] = rng.pick(&['o', 'x', '1', 'A', ' ']);
                s.into_iter().collect()
            }
            _ => w.to_string(),
        };
        if piece.is_empty() {
            piece = w.to_string();
        }
        parts.push(piece);
    }
    let sep = if rng.one_in(8) { "  " } else { " " };
    parts.join(sep)
}

/// Generates case number `n` of a run seeded with `seed`.
pub fn gen_case(seed: u64, n: u64) -> GenCase {
    let mut rng = Rng::new(seed.wrapping_mul(0x1000_0000_01B3) ^ n.wrapping_mul(0x9E37_79B9));
    let (lines, input) = gen_input(&mut rng);
    let mut args = Vec::new();
    // Prefixes.
    let prefixes: Vec<String> = match rng.below(10) {
        0 => vec!["FOO".into()],
        1 => vec!["CHECK".into(), "FOO".into()],
        2 => vec!["A".into(), "A-B".into()],
        _ => vec!["CHECK".into()],
    };
    if prefixes != ["CHECK"] || rng.one_in(20) {
        let dash = if rng.one_in(2) { "-" } else { "--" };
        if prefixes.len() > 1 && rng.one_in(2) {
            for p in &prefixes {
                if rng.one_in(2) {
                    args.push(format!("{dash}check-prefix={p}"));
                } else {
                    args.push(format!("{dash}check-prefix"));
                    args.push(p.clone());
                }
            }
        } else {
            args.push(format!("{dash}check-prefixes={}", prefixes.join(",")));
        }
    }
    let mut vars = VarState {
        strings: Vec::new(),
        nums: Vec::new(),
        next: 0,
    };
    let mut check = String::new();
    if rng.one_in(4) {
        check.push_str("; RUN: FileCheck %s\n");
    }
    let n_dirs = if rng.one_in(30) { 0 } else { rng.below(8) + 1 };
    for _ in 0..n_dirs {
        if rng.one_in(10) {
            check.push_str(rng.pick(&[
                "; just a comment\n",
                "COM: CHECK: nothing\n",
                "\n",
                "CHECKNOT: x\n",
                "CHECK-NOPE: x\n",
            ]));
        }
        let p = rng.pick(&prefixes);
        let kind = match rng.below(20) {
            0..=7 => "",
            8 | 9 => "-NEXT",
            10 => "-SAME",
            11 | 12 => "-NOT",
            13 | 14 => "-DAG",
            15 => "-LABEL",
            16 => "-EMPTY",
            17 => "-COUNT-2",
            18 => "{LITERAL}",
            _ => rng.pick(&[
                "-NEXT",
                "_NEXT",
                "-COUNT-0",
                "-DAG{LITERAL}",
                "-NOT-NEXT",
                "",
            ]),
        };
        let pat = if kind == "-EMPTY" && !rng.one_in(5) {
            String::new()
        } else {
            gen_pattern(&mut rng, &lines, &mut vars)
        };
        let lead = rng.pick(&["", "", "; ", "// ", "  "]);
        let space = if rng.one_in(6) { "" } else { " " };
        check.push_str(&format!("{lead}{p}{kind}:{space}{pat}\n"));
    }
    if rng.one_in(10) {
        check = check.replace('\n', "\r\n");
    }
    // Other options.
    let opt = |rng: &mut Rng, name: &str, args: &mut Vec<String>| {
        let dash = if rng.one_in(2) { "-" } else { "--" };
        args.push(format!("{dash}{name}"));
    };
    if rng.one_in(8) {
        opt(&mut rng, "strict-whitespace", &mut args);
    }
    if rng.one_in(8) {
        opt(&mut rng, "match-full-lines", &mut args);
    }
    if rng.one_in(10) {
        opt(&mut rng, "ignore-case", &mut args);
    }
    if rng.one_in(10) {
        opt(&mut rng, "allow-empty", &mut args);
    }
    if rng.one_in(12) {
        opt(&mut rng, "enable-var-scope", &mut args);
    }
    if rng.one_in(12) {
        opt(&mut rng, "allow-unused-prefixes", &mut args);
    }
    if rng.one_in(8) {
        let w = rng.pick(WORDS).to_string();
        if rng.one_in(2) {
            args.push(format!("--implicit-check-not={w}"));
        } else {
            args.push("-implicit-check-not".into());
            args.push(w);
        }
    }
    if rng.one_in(10) {
        let w = rng.pick(WORDS).to_string();
        match rng.below(4) {
            0 => args.push(format!("-DV0={w}")),
            1 => {
                args.push("-D".into());
                args.push(format!("V1={w}"));
            }
            2 => args.push("-D#N0=5".into()),
            _ => args.push(
                rng.pick(&["-D", "-DX", "-D=x", "-D#=1", "-D#%x,N=10"])
                    .to_string(),
            ),
        }
    }
    match rng.below(12) {
        0 => args.push("-v".into()),
        1 => args.push("-vv".into()),
        _ => {}
    }
    match rng.below(10) {
        0 => args.push("--dump-input=always".into()),
        1 => args.push("--dump-input=never".into()),
        2 => args.push("-dump-input=fail".into()),
        _ => {}
    }
    if rng.one_in(10) {
        args.push(format!("--dump-input-context={}", rng.below(6)));
    }
    if rng.one_in(10) {
        let f = rng.pick(&["all", "annotation-full", "annotation", "error"]);
        args.push(format!("--dump-input-filter={f}"));
    }
    if rng.one_in(60) {
        args.push(
            rng.pick(&["--bogus", "-color", "--dump-input=x", "-check-prefix="])
                .to_string(),
        );
    }
    // Colours in diagnostics and the dump (forced: the reference's stderr
    // is a pipe).
    if rng.one_in(6) {
        args.push(
            rng.pick(&["--color", "-color", "--color=true", "--color=0"])
                .to_string(),
        );
    }
    if rng.one_in(200) {
        args.push(
            rng.pick(&[
                "--help",
                "-h",
                "--help-hidden",
                "--help-list",
                "--help-list-hidden",
                "--version",
                "-dump-input=help",
            ])
            .to_string(),
        );
    }
    // Options and the check file in a random order, as the cl library allows.
    let at = rng.below(args.len() + 1);
    args.insert(at, "check.txt".into());
    GenCase { check, input, args }
}
