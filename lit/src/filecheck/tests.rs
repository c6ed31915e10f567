//! Behaviour table. Every case's expected outcome was verified against
//! FileCheck-19 when it was written (exit code 0 = pass).

use super::*;

struct Case {
    input: &'static str,
    check: &'static str,
    args: &'static [&'static str],
    pass: bool,
}

const fn case(input: &'static str, check: &'static str, pass: bool) -> Case {
    Case {
        input,
        check,
        args: &[],
        pass,
    }
}

const fn with(
    input: &'static str,
    check: &'static str,
    args: &'static [&'static str],
    pass: bool,
) -> Case {
    Case {
        input,
        check,
        args,
        pass,
    }
}

fn options(args: &[&str]) -> Options {
    let mut o = Options::new("<stdin>");
    for a in args {
        if let Some(v) = a.strip_prefix("--check-prefixes=") {
            o.check_prefixes.extend(v.split(',').map(str::to_string));
        } else if let Some(v) = a.strip_prefix("--check-prefix=") {
            o.check_prefixes.push(v.to_string());
        } else if let Some(v) = a.strip_prefix("--implicit-check-not=") {
            o.implicit_check_not.push(v.to_string());
        } else if let Some(v) = a.strip_prefix("-D") {
            o.defines.push(v.to_string());
        } else {
            match *a {
                "--match-full-lines" => o.match_full_lines = true,
                "--strict-whitespace" => o.strict_whitespace = true,
                "--allow-empty" => o.allow_empty = true,
                "--enable-var-scope" => o.enable_var_scope = true,
                "--ignore-case" => o.ignore_case = true,
                "--allow-unused-prefixes" => o.allow_unused_prefixes = true,
                other => panic!("unknown test option {other}"),
            }
        }
    }
    o
}

fn run(c: &Case) -> Result<(), Report> {
    check(c.check, "check.txt", c.input, &options(c.args))
}

include!("cases.rs");

#[test]
fn behaviour_table() {
    let mut bad = Vec::new();
    for (i, c) in CASES.iter().enumerate() {
        let res = run(c);
        if res.is_ok() != c.pass {
            let out = res.err().map(|r| r.render_plain()).unwrap_or_default();
            bad.push(format!(
                "case {i}: input {:?} check {:?} args {:?}: expected {}\n{out}",
                c.input,
                c.check,
                c.args,
                if c.pass { "pass" } else { "fail" }
            ));
        }
    }
    assert!(
        bad.is_empty(),
        "{} mismatches:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

/// FileCheck-19's report (the expected texts in `reports.rs` are its).
fn report(input: &str, check_text: &str, args: &[&str]) -> String {
    let mut opts = options(args);
    opts.llvm_release = 19;
    match check(check_text, "check.txt", input, &opts) {
        Ok(()) => "PASS".to_string(),
        Err(r) => r.render_plain(),
    }
}

include!("reports.rs");
