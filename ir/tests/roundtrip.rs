//! Round-trip law: print(parse(print(parse(x)))) == print(parse(x)) for
//! every valid IR file under `testdata/ir/` and for inline samples.

use irkit_diag::SourceMap;
use irkit_ir::{parse, print_module, verify, ParseConfig, PrintOptions};
use std::path::Path;

fn print_once(name: &str, text: &str, debug_info: bool) -> Result<String, String> {
    let mut map = SourceMap::new();
    let file = map.add(name, text.to_string());
    let cfg = ParseConfig {
        loc_file_name: name.to_string(),
        line_offset: 0,
    };
    let m = parse(text, file, &cfg).map_err(|d| d.message.clone())?;
    verify::verify(&m, file).map_err(|ds| ds[0].message.clone())?;
    let out = print_module(&m, PrintOptions { debug_info });
    String::from_utf8(out).map_err(|e| e.to_string())
}

fn check_roundtrip(name: &str, text: &str) {
    for debug_info in [false, true] {
        let once = print_once(name, text, debug_info)
            .unwrap_or_else(|e| panic!("{name}: first parse failed: {e}"));
        let twice = print_once(name, &once, debug_info)
            .unwrap_or_else(|e| panic!("{name}: reparse of printed output failed: {e}\n{once}"));
        assert_eq!(
            once, twice,
            "{name}: printing is not a fixed point (debug_info={debug_info})"
        );
    }
}

#[test]
fn testdata_files_round_trip() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata/ir");
    let mut n = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("testdata/ir exists")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .collect();
    entries.sort();
    for p in entries {
        let fname = p.file_name().and_then(|s| s.to_str()).unwrap_or("");
        // f128-decimal-roundtrip.mlir shows the one instability mlir-opt-19
        // shares (f128 below double's range prints in decimal and reads
        // back as 0); the file checks both prints itself.
        if !fname.ends_with(".mlir")
            || fname.starts_with("invalid-")
            || fname == "f128-decimal-roundtrip.mlir"
        {
            continue;
        }
        let text = std::fs::read_to_string(&p).expect("readable");
        check_roundtrip(fname, &text);
        n += 1;
    }
    assert!(
        n >= 5,
        "expected valid IR samples in testdata/ir, found {n}"
    );
}

#[test]
fn inline_samples_round_trip() {
    let samples = [
        r#"%0 = "a.b"() : () -> i32"#,
        r#""a.b"() ({
^bb0(%x: i32):
  "a.br"(%x)[^bb1] : (i32) -> ()
^bb1(%y: i32):
  "a.ret"(%y) : (i32) -> ()
}) : () -> ()"#,
        r#""a.b"() {x = dense<[[1, 2], [3, 4]]> : tensor<2x2xi8>, y = 0x7FF8000000000001 : f64, z = #llvm.tbaa_root<id = "a">} : () -> ()"#,
        r#"#t = #llvm.tbaa_root<id = "r">
#d = #llvm.tbaa_type_desc<id = "int", members = {<#t, 0>}>
"a.b"() {x = #llvm.tbaa_tag<base_type = #d, access_type = #d, offset = 0>} : () -> ()"#,
    ];
    for (i, s) in samples.iter().enumerate() {
        check_roundtrip(&format!("sample{i}"), s);
    }
}
