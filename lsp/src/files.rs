//! The files one analysis read, each once by path, with line indexes
//! (built when first asked for: an analysis reads many files and most are
//! never shown).

use crate::pos::LineIndex;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// An index into [`Files`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FileIdx(u32);

#[derive(Debug)]
pub struct SrcFile {
    pub path: PathBuf,
    pub text: Arc<str>,
    line_index: OnceLock<LineIndex>,
}

impl SrcFile {
    pub fn lines(&self) -> &LineIndex {
        self.line_index.get_or_init(|| LineIndex::new(&self.text))
    }
}

#[derive(Debug, Default)]
pub struct Files {
    files: Vec<SrcFile>,
    by_path: FxHashMap<PathBuf, FileIdx>,
}

impl Files {
    /// Adds a file; a path already present keeps its first text.
    pub fn add(&mut self, path: PathBuf, text: Arc<str>) -> FileIdx {
        if let Some(&i) = self.by_path.get(&path) {
            return i;
        }
        let idx = FileIdx(self.files.len() as u32);
        self.files.push(SrcFile {
            line_index: OnceLock::new(),
            path: path.clone(),
            text,
        });
        self.by_path.insert(path, idx);
        idx
    }

    pub fn get(&self, i: FileIdx) -> Option<&SrcFile> {
        self.files.get(i.0 as usize)
    }

    pub fn text(&self, i: FileIdx) -> &str {
        self.get(i).map_or("", |f| &f.text)
    }

    pub fn find(&self, path: &Path) -> Option<FileIdx> {
        self.by_path.get(path).copied()
    }

    pub fn iter(&self) -> impl Iterator<Item = (FileIdx, &SrcFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileIdx(i as u32), f))
    }
}
