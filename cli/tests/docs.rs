//! Every example in the user's guide (`docs/`) is a lit test: each line of
//! a TableGen or MLIR code block is a line of one file under `testdata/`
//! (the block may leave lines out), and each line of a C or text block
//! (diagnostics, C declarations) occurs in some file there, after an
//! `error: ` / `note: ` prefix is dropped.

use std::path::{Path, PathBuf};

fn files(dir: &Path, acc: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    for e in rd.flatten() {
        let p = e.path();
        if p.is_dir() {
            files(&p, acc);
        } else {
            acc.push(p);
        }
    }
}

struct Block {
    doc: String,
    line: usize,
    lang: String,
    lines: Vec<String>,
}

fn blocks(doc: &Path) -> Vec<Block> {
    let text = std::fs::read_to_string(doc).unwrap_or_default();
    let mut res = Vec::new();
    let mut cur: Option<Block> = None;
    for (i, l) in text.lines().enumerate() {
        if let Some(lang) = l.strip_prefix("```") {
            match cur.take() {
                Some(b) => res.push(b),
                None => {
                    cur = Some(Block {
                        doc: doc.display().to_string(),
                        line: i + 1,
                        lang: lang.trim().to_string(),
                        lines: Vec::new(),
                    })
                }
            }
        } else if let Some(b) = cur.as_mut() {
            b.lines.push(l.to_string());
        }
    }
    res
}

#[test]
fn every_guide_example_is_a_lit_test() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut docs = Vec::new();
    files(&root.join("docs"), &mut docs);
    docs.retain(|p| p.extension().is_some_and(|e| e == "md"));
    assert!(docs.len() >= 4, "the guide has {} pages", docs.len());
    let mut tests = Vec::new();
    files(&root.join("testdata"), &mut tests);
    let texts: Vec<String> = tests
        .iter()
        .filter_map(|p| std::fs::read_to_string(p).ok())
        .collect();
    let line_sets: Vec<std::collections::HashSet<&str>> = texts
        .iter()
        .map(|t| t.lines().map(str::trim).filter(|l| !l.is_empty()).collect())
        .collect();
    let mut checked = 0;
    let mut problems = Vec::new();
    for doc in &docs {
        for b in blocks(doc) {
            let lines: Vec<&str> = b
                .lines
                .iter()
                .map(|l| l.trim())
                .filter(|l| !l.is_empty())
                .collect();
            match b.lang.as_str() {
                "tablegen" | "mlir" => {
                    if !line_sets
                        .iter()
                        .any(|set| lines.iter().all(|l| set.contains(l)))
                    {
                        let missing: Vec<&&str> = lines
                            .iter()
                            .filter(|l| !line_sets.iter().any(|s| s.contains(**l)))
                            .collect();
                        problems.push(format!(
                            "{}:{}: no testdata file has all lines of this {} block (not anywhere: {missing:?})",
                            b.doc, b.line, b.lang
                        ));
                    }
                }
                "c" | "text" => {
                    for l in lines {
                        let l = l
                            .strip_prefix("error: ")
                            .or_else(|| l.strip_prefix("note: "))
                            .unwrap_or(l);
                        if !texts.iter().any(|t| t.contains(l)) {
                            problems.push(format!("{}:{}: not in testdata: {l}", b.doc, b.line));
                        }
                    }
                }
                // Shell commands and other blocks are not examples of input.
                _ => continue,
            }
            checked += 1;
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(checked >= 10, "only {checked} examples checked");
}
