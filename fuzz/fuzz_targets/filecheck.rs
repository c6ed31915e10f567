//! FileCheck: the input is split at the first NUL byte into a check file and
//! the text to check; the next bytes' bits pick options. Any panic or hang
//! is a bug; a failure must come with a report that renders.
#![no_main]

use irkit_lit::filecheck::{check, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let (check_text, input) = text.split_once('\0').unwrap_or((text, ""));
    let mut opts = Options::new("<stdin>");
    opts.match_full_lines = flags & 1 != 0;
    opts.strict_whitespace = flags & 2 != 0;
    opts.allow_empty = flags & 4 != 0;
    opts.ignore_case = flags & 8 != 0;
    opts.enable_var_scope = flags & 16 != 0;
    if flags & 32 != 0 {
        opts.implicit_check_not.push("error".to_string());
    }
    if flags & 64 != 0 {
        opts.check_prefixes = vec!["CHECK".to_string(), "FOO".to_string()];
        opts.allow_unused_prefixes = true;
    }
    if flags & 128 != 0 {
        opts.defines.push("VAR=x".to_string());
        opts.defines.push("#NUM=3".to_string());
    }
    if let Err(report) = check(check_text, "check.txt", input, &opts) {
        let _ = report.render_plain();
    }
});
