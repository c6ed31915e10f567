//! IR (generic syntax): parse, verify with the built-in dialects, print, and
//! check that print -> parse -> print is stable (the printed form of any
//! parsed module parses again and prints the same).
#![no_main]

use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, ParseConfig, PrintOptions};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

fn registry() -> &'static irkit_ir::dialect::DialectRegistry {
    static REG: OnceLock<irkit_ir::dialect::DialectRegistry> = OnceLock::new();
    REG.get_or_init(irkit::dialects::builtin_registry)
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let mut map = SourceMap::new();
    let file = map.add("fuzz.mlir", text.to_string());
    let cfg = ParseConfig {
        loc_file_name: "fuzz.mlir".to_string(),
        line_offset: 0,
    };
    let Ok(m) = parse(text, file, &cfg) else {
        return;
    };
    let diags = irkit::dialects::verify_module(&m, file, registry());
    let mut s = String::new();
    for d in &diags {
        irkit_diag::render_plain(&mut s, &map, d);
    }
    // Like MLIR, the printed form of IR that fails to verify need not parse
    // (an entry block with predecessors prints without its label).
    if !diags.is_empty() {
        return;
    }
    let opts = PrintOptions { debug_info: true };
    let once = print_module(&m, opts);
    let Ok(once) = String::from_utf8(once) else {
        panic!("printed IR is not UTF-8");
    };
    let file2 = map.add("printed.mlir", once.clone());
    let m2 = match parse(&once, file2, &cfg) {
        Ok(m2) => m2,
        Err(d) => {
            let mut s = String::new();
            irkit_diag::render_plain(&mut s, &map, &d);
            panic!("printed IR does not parse:\n{s}\n--- printed:\n{once:?}");
        }
    };
    let twice = String::from_utf8_lossy(&print_module(&m2, opts)).into_owned();
    // An f80/f128 value prints in decimal with more digits than a double
    // holds, and a decimal literal is read through a double, as MLIR does:
    // mlir-opt-19 is not stable there either, beyond double's range
    // (testdata/ir/f128-decimal-roundtrip.mlir) or within it
    // (8.27180612553027674871408692069963013E-25 : f128 reads back as
    // ...962854E-25; fuzz/seeds/ir/f128-decimal-precision).
    if once != twice && (has_decimal_beyond_double(&once) || has_wide_decimal(&once)) {
        return;
    }
    assert_eq!(once, twice, "print -> parse -> print is not stable");
    // What verified must still verify after the round trip.
    let d2 = irkit::dialects::verify_module(&m2, file2, registry());
    assert!(
        d2.is_empty(),
        "verified module fails to verify after a round trip:\n{once}"
    );
});

/// Whether `s` holds a decimal float literal (`1.5e-4966`) whose exponent
/// is beyond what a double can hold.
fn has_decimal_beyond_double(s: &str) -> bool {
    let b = s.as_bytes();
    for i in 1..b.len() {
        if !(b[i] == b'e' || b[i] == b'E') || !b[i - 1].is_ascii_digit() {
            continue;
        }
        // Digits, a '.', digits before the exponent.
        let mut k = i;
        while k > 0 && b[k - 1].is_ascii_digit() {
            k -= 1;
        }
        if k == 0 || b[k - 1] != b'.' {
            continue;
        }
        let mut j = i + 1;
        if j < b.len() && (b[j] == b'+' || b[j] == b'-') {
            j += 1;
        }
        let start = j;
        while j < b.len() && b[j].is_ascii_digit() {
            j += 1;
        }
        if j > start && s[start..j].parse::<u32>().map_or(true, |e| e > 300) {
            return true;
        }
    }
    false
}

/// Whether `s` holds a decimal float literal with more significant digits
/// than a double keeps (17) in a module that uses f80 or f128.
fn has_wide_decimal(s: &str) -> bool {
    if !(s.contains("f80") || s.contains("f128")) {
        return false;
    }
    s.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .any(|w| w.contains('.') && w.bytes().filter(u8::is_ascii_digit).count() > 17)
}
