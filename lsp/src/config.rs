//! Server settings: from the command line, `initializationOptions` and
//! `workspace/didChangeConfiguration`, plus LLVM's TableGen compilation
//! databases (`tablegen_compile_commands.yml`).

use rustc_hash::FxHashMap;
use serde_json::Value;
use std::path::{Path, PathBuf};

/// What the server was told. Settings replace the command line's lists
/// only where they name them.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// `-I` directories for `.td` files (after the file's own directory and
    /// what a compilation database lists for it).
    pub include_dirs: Vec<String>,
    /// `--dialect` `.td` files whose ops `.mlir` files may use.
    pub dialects: Vec<String>,
    /// `tablegen_compile_commands.yml` files named explicitly.
    pub compilation_databases: Vec<String>,
    /// The target for ABI hover when a module names none.
    pub triple: Option<String>,
}

impl Settings {
    /// Applies a settings object: `{"includeDirs": [..], "dialects": [..],
    /// "compilationDatabases": [..]}`, either at the top level or under an
    /// `"irkit"` key (how editors send a section).
    pub fn apply(&mut self, v: &Value) {
        let v = v.get("irkit").unwrap_or(v);
        let list = |key: &str| -> Option<Vec<String>> {
            let arr = v.get(key)?.as_array()?;
            Some(
                arr.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect(),
            )
        };
        if let Some(l) = list("includeDirs") {
            self.include_dirs = l;
        }
        if let Some(l) = list("dialects") {
            self.dialects = l;
        }
        if let Some(l) = list("compilationDatabases") {
            self.compilation_databases = l;
        }
        if let Some(t) = v.get("triple") {
            self.triple = t.as_str().map(str::to_string);
        }
    }
}

/// The include directories of the files a compilation database lists.
#[derive(Debug, Default)]
pub struct CompileDb {
    files: FxHashMap<PathBuf, Vec<String>>,
}

/// The name CMake's `tablegen()` function appends to in the build directory.
pub const DB_NAME: &str = "tablegen_compile_commands.yml";

impl CompileDb {
    /// Reads LLVM's format, a YAML stream of documents
    ///
    /// ```text
    /// --- !FileInfo:
    ///   filepath: "/abs/path/X.td"
    ///   includes: "/dir/a;/dir/b"
    /// ```
    ///
    /// (only these two keys exist; a later entry for a file wins, as
    /// LLVM's server keeps the last one it reads).
    pub fn add_text(&mut self, text: &str) {
        let mut path: Option<PathBuf> = None;
        let mut includes: Option<Vec<String>> = None;
        let mut flush = |path: &mut Option<PathBuf>, includes: &mut Option<Vec<String>>| {
            if let (Some(p), Some(i)) = (path.take(), includes.take()) {
                self.files.insert(p, i);
            }
            *includes = None;
        };
        for line in text.lines() {
            let t = line.trim();
            if t.starts_with("---") {
                flush(&mut path, &mut includes);
            } else if let Some(rest) = t.strip_prefix("filepath:") {
                path = Some(PathBuf::from(unquote(rest)));
            } else if let Some(rest) = t.strip_prefix("includes:") {
                includes = Some(
                    unquote(rest)
                        .split(';')
                        .filter(|s| !s.is_empty())
                        .map(str::to_string)
                        .collect(),
                );
            }
        }
        flush(&mut path, &mut includes);
    }

    pub fn includes_for(&self, file: &Path) -> Option<&[String]> {
        self.files.get(file).map(Vec::as_slice)
    }

    pub fn is_empty(&self) -> bool {
        self.files.is_empty()
    }
}

fn unquote(s: &str) -> String {
    let s = s.trim();
    let inner = s
        .strip_prefix('"')
        .and_then(|x| x.strip_suffix('"'))
        .or_else(|| s.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')));
    match inner {
        Some(x) => x.replace("\\\\", "\\").replace("\\\"", "\""),
        None => s.to_string(),
    }
}

/// The databases to read: the ones named in the settings, else every
/// `tablegen_compile_commands.yml` at a workspace root or in one of its
/// direct subdirectories (the build directory; vscode-mlir globs the
/// workspace for this name and passes what it finds to LLVM's server).
pub fn find_databases(settings: &Settings, roots: &[PathBuf]) -> Vec<PathBuf> {
    if !settings.compilation_databases.is_empty() {
        return settings
            .compilation_databases
            .iter()
            .map(PathBuf::from)
            .collect();
    }
    let mut res = Vec::new();
    for root in roots {
        let direct = root.join(DB_NAME);
        if direct.is_file() {
            res.push(direct);
        }
        let Ok(rd) = std::fs::read_dir(root) else {
            continue;
        };
        let mut subs: Vec<PathBuf> = rd
            .filter_map(Result::ok)
            .map(|e| e.path().join(DB_NAME))
            .filter(|p| p.is_file())
            .collect();
        subs.sort();
        res.extend(subs);
    }
    res
}

pub fn load_databases(paths: &[PathBuf]) -> CompileDb {
    let mut db = CompileDb::default();
    for p in paths {
        if let Ok(text) = std::fs::read_to_string(p) {
            db.add_text(&text);
        }
    }
    db
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_llvm_compile_commands() {
        let mut db = CompileDb::default();
        db.add_text(
            "--- !FileInfo:\n  filepath: \"/src/A.td\"\n  includes: \"/src;/inc;\"\n\
             --- !FileInfo:\n  filepath: \"/src/B.td\"\n  includes: \"/b\"\n",
        );
        assert_eq!(
            db.includes_for(Path::new("/src/A.td")),
            Some(&["/src".to_string(), "/inc".to_string()][..])
        );
        assert_eq!(
            db.includes_for(Path::new("/src/B.td")),
            Some(&["/b".to_string()][..])
        );
        assert_eq!(db.includes_for(Path::new("/src/C.td")), None);
    }

    #[test]
    fn settings_apply_under_a_section() {
        let mut s = Settings::default();
        s.apply(&serde_json::json!({"irkit": {"includeDirs": ["/x"], "dialects": ["d.td"]}}));
        assert_eq!(s.include_dirs, ["/x"]);
        assert_eq!(s.dialects, ["d.td"]);
        s.apply(&serde_json::json!({"includeDirs": []}));
        assert!(s.include_dirs.is_empty());
        assert_eq!(s.dialects, ["d.td"]);
    }
}
