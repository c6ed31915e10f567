//! Targets: the triple registry and one module per calling convention.
//!
//! Adding a target means adding an [`Arch`] variant, its module, and one
//! arm in each exhaustive `match` below and in `AbiCx::compute_fn_abi`; no
//! `_ =>` arm silently falls back to System V.

pub mod aarch64_aapcs;
pub mod x86_64_sysv;

use crate::layout::DataLayout;
use crate::ty::FloatKind;

/// A supported calling convention (one module each).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Arch {
    /// x86_64 System V psABI (Linux and other ELF systems): Clang's
    /// `X86_64ABIInfo`.
    X86_64SysV,
    /// AArch64 AAPCS64 (Linux): Clang's `AArch64ABIInfo` with
    /// `AArch64ABIKind::AAPCS`.
    Aarch64Aapcs,
}

/// x86_64 vector ABI level, from `+avx` / `+avx512f` (Clang's
/// `X86AVXABILevel`): the widest vector passed in one register.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum AvxLevel {
    /// 128-bit vectors (SSE).
    #[default]
    None,
    /// 256-bit vectors (`+avx`).
    Avx,
    /// 512-bit vectors (`+avx512f`).
    Avx512,
}

impl AvxLevel {
    /// `getNativeVectorSizeForAVXABI` in bits.
    pub fn native_vector_bits(self) -> u64 {
        match self {
            AvxLevel::None => 128,
            AvxLevel::Avx => 256,
            AvxLevel::Avx512 => 512,
        }
    }
}

/// A resolved target: calling convention plus the features that change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub arch: Arch,
    /// x86_64 only; always `None` on AArch64.
    pub avx: AvxLevel,
}

/// Why a triple cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupError {
    /// A known target whose calling convention is not implemented yet.
    Unsupported {
        triple: String,
        convention: &'static str,
    },
    /// A target feature this library does not know.
    UnknownFeature { feature: String },
    /// A triple this library does not recognize.
    Unknown { triple: String },
}

impl std::fmt::Display for LookupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LookupError::Unsupported { triple, convention } => {
                write!(f, "target '{triple}' ({convention}) is not supported yet")
            }
            LookupError::UnknownFeature { feature } => {
                write!(f, "unknown target feature '{feature}'")
            }
            LookupError::Unknown { triple } => write!(f, "unknown target triple '{triple}'"),
        }
    }
}

impl std::error::Error for LookupError {}

/// Resolves a target triple (`arch-vendor-os[-env]`, vendor optional).
pub fn lookup(triple: &str) -> Result<Target, LookupError> {
    let parts: Vec<&str> = triple.split('-').collect();
    let arch = parts.first().copied().unwrap_or("");
    let has = |s: &str| parts.iter().skip(1).any(|p| p.starts_with(s));
    let unsupported = |convention| {
        Err(LookupError::Unsupported {
            triple: triple.to_string(),
            convention,
        })
    };
    match arch {
        "x86_64" | "amd64" => {
            if has("windows") || has("win32") || has("uefi") {
                unsupported("Microsoft x64")
            } else if has("darwin") || has("macos") || has("apple") {
                unsupported("Darwin x86_64")
            } else if has("linux")
                || has("freebsd")
                || has("netbsd")
                || has("elf")
                || parts.len() == 1
            {
                Ok(Target {
                    arch: Arch::X86_64SysV,
                    avx: AvxLevel::None,
                })
            } else {
                Err(LookupError::Unknown {
                    triple: triple.to_string(),
                })
            }
        }
        "aarch64" | "arm64" => {
            if has("apple") || has("darwin") || has("ios") || has("macos") {
                unsupported("Apple arm64 (DarwinPCS)")
            } else if has("windows") {
                unsupported("Windows arm64")
            } else if has("linux") || has("elf") || has("none") || parts.len() == 1 {
                Ok(Target {
                    arch: Arch::Aarch64Aapcs,
                    avx: AvxLevel::None,
                })
            } else {
                Err(LookupError::Unknown {
                    triple: triple.to_string(),
                })
            }
        }
        "riscv64" => unsupported("RISC-V LP64D"),
        _ => Err(LookupError::Unknown {
            triple: triple.to_string(),
        }),
    }
}

impl Target {
    /// Applies a comma-separated feature list (`+avx,+avx512f`, `-avx`).
    /// Unknown features are an error; features of another architecture are
    /// accepted and ignored, as Clang does.
    pub fn with_features(mut self, features: &str) -> Result<Target, LookupError> {
        for f in features.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            let (on, name) = match f.as_bytes()[0] {
                b'+' => (true, &f[1..]),
                b'-' => (false, &f[1..]),
                _ => (true, f),
            };
            let level = match name {
                "avx" | "avx2" | "fma" => AvxLevel::Avx,
                "avx512f" | "avx512bw" | "avx512vl" | "avx512dq" => AvxLevel::Avx512,
                "sse" | "sse2" | "sse3" | "ssse3" | "sse4.1" | "sse4.2" | "neon" | "fp-armv8"
                | "fullfp16" => continue,
                _ => {
                    return Err(LookupError::UnknownFeature {
                        feature: f.to_string(),
                    })
                }
            };
            if self.arch != Arch::X86_64SysV {
                continue;
            }
            if on {
                self.avx = self.avx.max(level);
            } else if self.avx >= level {
                self.avx = match level {
                    AvxLevel::Avx512 => AvxLevel::Avx,
                    AvxLevel::Avx | AvxLevel::None => AvxLevel::None,
                };
            }
        }
        Ok(self)
    }

    /// The canonical triple of this target.
    pub fn triple(self) -> &'static str {
        match self.arch {
            Arch::X86_64SysV => "x86_64-unknown-linux-gnu",
            Arch::Aarch64Aapcs => "aarch64-unknown-linux-gnu",
        }
    }
}

/// The C data layout of a target.
pub fn data_layout(target: Target) -> DataLayout {
    match target.arch {
        Arch::X86_64SysV => DataLayout {
            long_double: FloatKind::X87,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 8,
        },
        Arch::Aarch64Aapcs => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 16,
            unnamed_bitfields_align_record: true,
            char_signed: false,
            register_bytes: 8,
        },
    }
}
