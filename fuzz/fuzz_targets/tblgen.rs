//! TableGen: lex, parse, resolve, then print-records or dump-json (the first
//! byte picks). Limits are lowered so that no input can run for long; any
//! panic, hang or runaway allocation is a bug.
#![no_main]

use irkit_diag::SourceMap;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut map = SourceMap::new();
    let file = map.add("fuzz.td", text.to_string());
    let action = if sel & 1 == 0 {
        irkit_td::Action::PrintRecords
    } else {
        irkit_td::Action::DumpJson
    };
    let opts = irkit_td::Options {
        include_dirs: &[],
        defines: &[],
        builtin_includes: irkit::dialects::BUILTIN_INCLUDES,
        report_timing: false,
        action,
        leak_model: false,
        limits: irkit_td::Limits {
            list_len: 1 << 14,
            string_len: 1 << 16,
            records: 1 << 12,
            loop_iterations: 1 << 14,
            total_values: 1 << 20,
        },
        warn_unused_template_args: true,
        rules: irkit_td::compat::newest(),
        early_diags: None,
    };
    let out = irkit_td::run(&mut map, file, &opts);
    let failed = out.diags.iter().any(|d| d.is_error());
    // Output exactly when there is no error.
    assert_eq!(out.output.is_some(), !failed);
    // Every diagnostic renders (positions within the file).
    let mut s = String::new();
    for d in &out.diags {
        irkit_diag::render_plain(&mut s, &map, d);
    }
});
