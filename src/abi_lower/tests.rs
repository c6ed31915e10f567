//! Invariants of the pass through its API: a failing run leaves the module
//! untouched, and a second run on lowered IR changes nothing.

use super::{lower_module, LowerConfig, LowerError};
use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, Module, ParseConfig, PrintOptions};

fn parsed(text: &str) -> (Module, irkit_diag::FileId) {
    let mut map = SourceMap::new();
    let file = map.add("t.mlir", text.to_string());
    let cfg = ParseConfig {
        loc_file_name: "t.mlir".to_string(),
        line_offset: 0,
    };
    match parse(text, file, &cfg) {
        Ok(m) => (m, file),
        Err(d) => panic!("test input does not parse: {}", d.message),
    }
}

fn printed(m: &Module) -> String {
    String::from_utf8_lossy(&print_module(m, PrintOptions { debug_info: false })).into_owned()
}

const X86: LowerConfig<'static> = LowerConfig {
    triple: Some("x86_64-unknown-linux-gnu"),
    target_features: None,
    verify: true,
    max_coerced_elements: irkit_abi::MAX_COERCED_ELEMENTS,
    clang: irkit_abi::ClangVersion::V19,
};

/// Lowers `text`; returns the printed module before and after, and the
/// error messages.
fn check(text: &str, cfg: LowerConfig<'_>) -> (String, String, Vec<String>) {
    let (mut m, file) = parsed(text);
    let before = printed(&m);
    let errors = match lower_module(&mut m, file, cfg) {
        Ok(_) => Vec::new(),
        Err(LowerError::Usage(u)) => vec![u],
        Err(LowerError::Diags(ds)) => ds.into_iter().map(|d| d.message).collect(),
    };
    (before, printed(&m), errors)
}

const GOOD: &str = r#"
"cir.func"() <{function_type = !cir.func<(!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>)>, sym_name = "f"}> ({}) : () -> ()
"cir.func"() <{function_type = !cir.func<(!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>)>, sym_name = "g"}> ({
^bb0(%s: !cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>):
  "cir.call"(%s) <{callee = @f}> : (!cir.record<struct "S" {!cir.double, !cir.int<s, 32>}>) -> ()
  "cir.return"() : () -> ()
}) : () -> ()
"#;

#[test]
fn failing_run_changes_nothing() {
    // @g is fine and comes first; the call in @h has no callee. Nothing at
    // all may be rewritten.
    let text = format!(
        "{GOOD}{}",
        r#"
"cir.func"() <{function_type = !cir.func<()>, sym_name = "h"}> ({
  "cir.call"() <{callee = @nowhere}> : () -> ()
  "cir.return"() : () -> ()
}) : () -> ()
"#
    );
    let (before, after, errors) = check(&text, X86);
    assert_eq!(
        errors,
        vec!["'cir.call' op callee '@nowhere' is not a function of this module".to_string()]
    );
    assert_eq!(before, after);
}

#[test]
fn second_run_is_a_no_op() {
    let (before, once, errors) = check(GOOD, X86);
    assert!(errors.is_empty(), "{errors:?}");
    assert_ne!(before, once);
    assert!(once.contains("!cir.func<(!cir.double, !cir.int<u, 32>)>"));
    let (_, twice, errors) = check(&once, X86);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(once, twice);
}

#[test]
fn missing_target_is_a_usage_error() {
    let cfg = LowerConfig {
        triple: None,
        ..X86
    };
    let (before, after, errors) = check(GOOD, cfg);
    assert_eq!(
        errors,
        vec![
            "--abi-lower needs a target: pass --triple=T or set a 'cir.triple' module attribute"
                .to_string()
        ]
    );
    assert_eq!(before, after);
}

#[test]
fn paren_list_splits_at_top_level_commas_and_finds_the_close() {
    use super::text::paren_list;
    let s = r#"(!cir.struct<"a,)", {!s32i, !cir.ptr<!u8i>}>, !cir.func<(!s32i) -> !s32i>, ...) -> !s32i"#;
    let (parts, close) = paren_list(s).expect("a closed list");
    assert_eq!(
        parts,
        [
            r#"!cir.struct<"a,)", {!s32i, !cir.ptr<!u8i>}>"#,
            "!cir.func<(!s32i) -> !s32i>",
            "..."
        ]
    );
    assert_eq!(&s[close..], ") -> !s32i");
    assert_eq!(paren_list("()"), Some((vec![], 1)));
    assert_eq!(paren_list("( a , )"), Some((vec!["a", ""], 6)));
    assert_eq!(paren_list("(a, <b)"), None);
    assert_eq!(paren_list("a, b)"), None);
}
