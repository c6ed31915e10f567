//! Profiling aid: the edits of `cargo xtask lsp-bench` (xtask/src/lsp.rs,
//! `mid_edits`) made one after another on a `.td` file, each analysis
//! resumed from the last one as `irkit lsp` makes it, with its time and
//! whether it kept what follows the edit
//! (`cargo run --release -p irkit-lsp --example td_edits -- FILE -I DIR
//! [--check]`; `--check` also compares each resumed analysis's records,
//! printed as print-records does, and their locations with an analysis
//! from scratch).

use irkit_lsp::td::{self, TdConfig};
use std::path::Path;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: td_edits FILE [-I DIR]...");
        std::process::exit(2);
    };
    let dirs: Vec<String> = args
        .windows(2)
        .filter(|w| w[0] == "-I")
        .map(|w| w[1].clone())
        .collect();
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    };
    let cfg = TdConfig {
        include_dirs: &dirs,
        builtin_includes: &[],
    };
    let check = args.iter().any(|a| a == "--check");
    let path = Path::new(file);
    let mut prev = None;
    let printed = |a: &td::TdAnalysis| -> String {
        let Some(m) = a.model.as_ref() else {
            return String::from("(no model)");
        };
        let mut buf = Vec::new();
        if irkit_td::printer::print_records(&m.cx, &mut buf).is_err() {
            return String::from("(not printed)");
        }
        let mut out = String::from_utf8_lossy(&buf).into_owned();
        for classes in [true, false] {
            for (name, r) in irkit_td::printer::sorted(&m.cx, classes) {
                let rec = m.cx.rec(r);
                out.push_str(&format!("{name}: {:?}", rec.locs));
                for v in &rec.values {
                    out.push_str(&format!(" {:?}", v.loc));
                }
                for (_, l) in &rec.supers {
                    out.push_str(&format!(" <{l:?}>"));
                }
                out.push('\n');
            }
        }
        out
    };
    let step = |what: &str, text: &str, prev: &mut Option<td::TdAnalysis>| {
        let t = std::time::Instant::now();
        let a = td::analyze(path, text, &cfg, prev, &|_| None, false);
        eprintln!(
            "{what:<24} {:>7.1} ms  model {} resumed at {:?} spliced {} renumbered {}",
            t.elapsed().as_secs_f64() * 1000.0,
            a.model_current,
            a.resumed_at,
            a.spliced,
            a.renumbered
        );
        if check {
            let scratch = td::analyze(path, text, &cfg, &mut None, &|_| None, false);
            let (x, y) = (printed(&a), printed(&scratch));
            if x == y {
                eprintln!("  same as from scratch ({} bytes)", x.len());
            } else {
                let line = x.lines().zip(y.lines()).position(|(p, q)| p != q);
                eprintln!("  DIFFERS from scratch (first at line {line:?})");
                if let Some(k) = line {
                    eprintln!("  resumed: {}", x.lines().nth(k).unwrap_or(""));
                    eprintln!("  scratch: {}", y.lines().nth(k).unwrap_or(""));
                }
            }
        }
        *prev = Some(a);
    };
    step("open", &text, &mut prev);
    let text = format!("{text}\ndef IrkitBenchExtra;\n");
    step("edit at end", &text, &mut prev);
    let mid = text[..text.len() / 2].rfind("\ndef ").map_or(0, |k| k + 1);
    let with = |s: &str| format!("{}{s}{}", &text[..mid], &text[mid..]);
    let last = with("def IrkitBenchMid4;\n");
    let renamed = {
        let after = mid + "def IrkitBenchMid4;\n".len();
        match last[after..].find("\ndef ") {
            Some(d) => {
                let name = after + d + "\ndef ".len();
                let end = last[name..]
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .map_or(last.len(), |e| name + e);
                format!("{}Irkit{}", &last[..end], &last[end..])
            }
            None => last.clone(),
        }
    };
    let edits = [
        ("edit mid-file, first", with("def IrkitBenchMid3;\n")),
        ("edit mid-file, again", last.clone()),
        (
            "mid: new anonymous",
            with(
                "def IrkitBenchMid4;\ndef int_irkit_bench_props : DefaultAttrsIntrinsic<[], [llvm_ptr_ty], \
                 [NoCapture<ArgIndex<77>>]>;\n",
            ),
        ),
        ("mid: anonymous removed", last.clone()),
        (
            "mid: new signature",
            with(
                "def IrkitBenchMid4;\ndef int_irkit_bench_sig : DefaultAttrsIntrinsic<[llvm_i16_ty], \
                 [llvm_i64_ty, llvm_i8_ty, llvm_i16_ty, llvm_i32_ty, llvm_i8_ty, llvm_i64_ty], [IntrNoMem]>;\n",
            ),
        ),
        ("mid: signature removed", last.clone()),
        ("mid: rename first def", renamed),
    ];
    for (what, text) in &edits {
        step(what, text, &mut prev);
    }
}
