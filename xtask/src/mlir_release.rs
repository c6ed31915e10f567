//! The MLIR release an IR check compares irkit with (`--mlir 19|22`), and
//! the one place that names each release's reference tools.
//!
//! `ir-compat`, `verify-diff` and `bench ir` take `--mlir V` (default 19):
//! the reference is `mlir-opt-V` (the corpus is built with `clang-V` →
//! `mlir-translate-V --import-llvm` → `mlir-opt-V`), MLIR V's own tests come
//! from LLVM V's source, and irkit runs with `--mlir-compat=V`. Every folder a
//! check writes is its release's own (`target/ir-corpus` at 19,
//! `target/ir-corpus-22` at 22, ...), so the two releases never share a
//! cache and a run at 22 leaves 19's files alone.

use crate::util;
use std::path::PathBuf;

/// An MLIR release irkit can be compared with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MlirRelease {
    V19,
    V22,
}

/// The reference tools of one release, found on the machine.
#[derive(Debug, Clone)]
pub struct MlirTools {
    /// `mlir-opt-V`: parses, verifies and prints.
    pub opt: PathBuf,
    /// `mlir-translate-V`: `--import-llvm` turns LLVM IR into the LLVM dialect.
    pub translate: PathBuf,
    /// `clang-V`: C to LLVM IR for the real-IR corpus.
    pub clang: PathBuf,
}

impl MlirRelease {
    /// `--mlir 19|22` (default 19).
    pub fn from_args(args: &[String]) -> Result<MlirRelease, String> {
        match util::opt_value(args, "--mlir") {
            None | Some("19") => Ok(MlirRelease::V19),
            Some("22") => Ok(MlirRelease::V22),
            Some(other) => Err(format!("--mlir expects 19 or 22, got '{other}'")),
        }
    }

    /// The release number, `19` or `22`.
    pub fn number(self) -> u32 {
        match self {
            MlirRelease::V19 => 19,
            MlirRelease::V22 => 22,
        }
    }

    /// `mlir-opt-V`: the name reports and diffs give the reference.
    pub fn opt_name(self) -> &'static str {
        match self {
            MlirRelease::V19 => "mlir-opt-19",
            MlirRelease::V22 => "mlir-opt-22",
        }
    }

    fn translate_name(self) -> &'static str {
        match self {
            MlirRelease::V19 => "mlir-translate-19",
            MlirRelease::V22 => "mlir-translate-22",
        }
    }

    fn clang_name(self) -> &'static str {
        match self {
            MlirRelease::V19 => "clang-19",
            MlirRelease::V22 => "clang-22",
        }
    }

    /// `clang-V -> mlir-translate-V -> mlir-opt-V`, for messages.
    pub fn pipeline(self) -> String {
        format!(
            "{} -> {} --import-llvm -> {}",
            self.clang_name(),
            self.translate_name(),
            self.opt_name()
        )
    }

    /// irkit's flag selecting this release (`opt`, `verify` and `abi`).
    pub fn compat_arg(self) -> &'static str {
        match self {
            MlirRelease::V19 => "--mlir-compat=19",
            MlirRelease::V22 => "--mlir-compat=22",
        }
    }

    /// `mlir-opt-V` on this machine.
    pub fn mlir_opt(self) -> Result<PathBuf, String> {
        util::find_tool(&[self.opt_name()])
    }

    /// All three reference tools.
    pub fn tools(self) -> Result<MlirTools, String> {
        Ok(MlirTools {
            opt: self.mlir_opt()?,
            translate: util::find_tool(&[self.translate_name()])?,
            clang: util::find_tool(&[self.clang_name()])?,
        })
    }

    /// This release's folder `name` under the target folder: `name` itself
    /// at 19 (the folders the checks used before 22 existed), `name-22` at 22.
    pub fn target_dir(self, name: &str) -> PathBuf {
        let target = std::env::var_os("CARGO_TARGET_DIR")
            .map_or_else(|| util::workspace_root().join("target"), PathBuf::from);
        match self {
            MlirRelease::V19 => target.join(name),
            MlirRelease::V22 => target.join(format!("{name}-22")),
        }
    }

    /// `testdata/ir-custom/mlir-tests-V.manifest`, relative to the workspace.
    pub fn tests_manifest(self) -> &'static str {
        match self {
            MlirRelease::V19 => "testdata/ir-custom/mlir-tests-19.manifest",
            MlirRelease::V22 => "testdata/ir-custom/mlir-tests-22.manifest",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::MlirRelease;

    fn args(a: &[&str]) -> Vec<String> {
        a.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn release_from_args() {
        assert_eq!(MlirRelease::from_args(&args(&[])), Ok(MlirRelease::V19));
        assert_eq!(
            MlirRelease::from_args(&args(&["--quick", "--mlir", "22"])),
            Ok(MlirRelease::V22)
        );
        assert_eq!(
            MlirRelease::from_args(&args(&["--mlir=19"])),
            Ok(MlirRelease::V19)
        );
        assert!(MlirRelease::from_args(&args(&["--mlir", "20"])).is_err());
    }

    #[test]
    fn folders_of_19_keep_their_names() {
        let d = MlirRelease::V19.target_dir("ir-corpus");
        assert!(d.ends_with("ir-corpus"));
        let d = MlirRelease::V22.target_dir("ir-corpus");
        assert!(d.ends_with("ir-corpus-22"));
    }
}
