//! `irkit opt --abi-lower`: any module that verifies goes in (the first byte
//! picks the target); when the pass succeeds, what comes out must verify,
//! and must print and parse back to a module that verifies.
#![no_main]

use irkit::abi_lower::{lower_module, LowerConfig};
use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, ParseConfig, PrintOptions};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

const TARGETS: [(&str, Option<&str>); 13] = [
    ("x86_64-unknown-linux-gnu", None),
    ("x86_64-unknown-linux-gnu", Some("+avx")),
    ("x86_64-unknown-linux-gnu", Some("+avx512f")),
    ("aarch64-unknown-linux-gnu", None),
    ("x86_64-pc-windows-msvc", None),
    ("riscv64-unknown-linux-gnu", None),
    ("aarch64-pc-windows-msvc", None),
    ("powerpc64le-unknown-linux-gnu", None),
    ("s390x-unknown-linux-gnu", None),
    ("s390x-unknown-linux-gnu", Some("+vector")),
    ("mips64el-unknown-linux-gnuabi64", None),
    ("sparc64-unknown-linux-gnu", None),
    ("wasm32-unknown-unknown", None),
];

fn registry() -> &'static irkit_ir::dialect::DialectRegistry {
    static REG: OnceLock<irkit_ir::dialect::DialectRegistry> = OnceLock::new();
    REG.get_or_init(irkit::dialects::builtin_registry)
}

fn render(map: &SourceMap, ds: &[irkit_diag::Diagnostic]) -> String {
    let mut s = String::new();
    for d in ds {
        irkit_diag::render_plain(&mut s, map, d);
    }
    s
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let mut map = SourceMap::new();
    let file = map.add("fuzz.mlir", text.to_string());
    let cfg = ParseConfig {
        loc_file_name: "fuzz.mlir".to_string(),
        line_offset: 0,
    };
    let Ok(mut m) = parse(text, file, &cfg) else {
        return;
    };
    if !irkit::dialects::verify_module(&m, file, registry()).is_empty() {
        return;
    }
    // Selector values past the table use the module's own triple attribute.
    let (triple, target_features) = match TARGETS.get(usize::from(sel) % (TARGETS.len() + 2)) {
        Some(&(t, f)) => (Some(t), f),
        None => (None, None),
    };
    let lcfg = LowerConfig {
        triple,
        target_features,
        verify: false,
        max_coerced_elements: irkit_abi::MAX_COERCED_ELEMENTS,
        // The selector's high bit picks Clang 22's answers and attributes.
        clang: if sel & 0x80 != 0 {
            irkit_abi::ClangVersion::V22
        } else {
            irkit_abi::ClangVersion::V19
        },
    };
    if lower_module(&mut m, file, lcfg).is_err() {
        return;
    }
    let ds = irkit::dialects::verify_module(&m, file, registry());
    let printed =
        String::from_utf8_lossy(&print_module(&m, PrintOptions { debug_info: false })).into_owned();
    assert!(
        ds.is_empty(),
        "lowered module fails to verify:\n{}\n--- lowered:\n{printed}",
        render(&map, &ds)
    );
    let file2 = map.add("lowered.mlir", printed.clone());
    let m2 = match parse(&printed, file2, &cfg) {
        Ok(m2) => m2,
        Err(d) => panic!(
            "lowered module does not parse back:\n{}\n--- lowered:\n{printed}",
            render(&map, &[*d])
        ),
    };
    let ds2 = irkit::dialects::verify_module(&m2, file2, registry());
    assert!(
        ds2.is_empty(),
        "lowered module fails to verify after printing:\n{}",
        render(&map, &ds2)
    );
});
