//! Targets: the triple registry and one module per calling convention.
//!
//! Adding a target means adding an [`Arch`] variant, its module, and one
//! arm in each exhaustive `match` below and in `AbiCx::compute_fn_abi`; no
//! `_ =>` arm silently falls back to System V.

pub mod aarch64_aapcs;
pub mod arm;
pub mod loongarch;
pub mod mips;
pub mod ppc64;
pub mod riscv;
pub mod sparc;
pub mod systemz;
pub mod triple;
pub mod wasm;
pub mod win64;
pub mod x86_32;
pub mod x86_64_sysv;

use crate::layout::{DataLayout, RecordAbi, Scalars};
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
    /// Apple arm64 (`aarch64-apple-darwin`, `arm64-apple-macosx`, iOS):
    /// Clang's `AArch64ABIInfo` with `AArch64ABIKind::DarwinPCS`; `char` is
    /// signed and `long double` is `double`.
    Aarch64Darwin,
    /// RISC-V LP64D (`riscv64-unknown-linux-gnu`, Clang's default there):
    /// Clang's `RISCVABIInfo` with XLEN 64 and FLEN 64.
    Riscv64Lp64d,
    /// RISC-V ILP32D (`riscv32-unknown-linux-gnu`, Clang's default there):
    /// Clang's `RISCVABIInfo` with XLEN 32 and FLEN 64; `long` and pointers
    /// are 32 bits, there is no `__int128`.
    Riscv32Ilp32d,
    /// LoongArch LP64D (`loongarch64-unknown-linux-gnu`, Clang's default):
    /// Clang's `LoongArchABIInfo` with GRLen 64 and FRLen 64; `char` is
    /// signed, `long double` is IEEE quad.
    Loongarch64Lp64d,
    /// 32-bit Arm, hard-float AAPCS-VFP (`armv7-unknown-linux-gnueabihf`):
    /// Clang's `ARMABIInfo` with `ARMABIKind::AAPCS_VFP`; `char` unsigned,
    /// `long` and pointers 32 bits, `long double` is `double`.
    ArmAapcsVfp,
    /// 32-bit Arm, soft-float AAPCS (`arm-unknown-linux-gnueabi`, Armv4T):
    /// Clang's `ARMABIInfo` with `ARMABIKind::AAPCS` (no homogeneous
    /// aggregates).
    ArmAapcs,
    /// Microsoft x64 (`x86_64-pc-windows-msvc`): Clang's `WinX86_64ABIInfo`
    /// with the Microsoft record layout; `long` is 32 bits, `long double`
    /// is `double`.
    X86_64Win64,
    /// Microsoft x64 under MinGW (`x86_64-w64-windows-gnu`): as
    /// [`Arch::X86_64Win64`] but `long double` is x87, passed and returned
    /// through memory.
    X86_64MinGW,
    /// Windows on Arm64 (`aarch64-pc-windows-msvc`): Clang's
    /// `AArch64ABIInfo` with `AArch64ABIKind::Win64` and the Microsoft
    /// record layout; `long` is 32 bits, `long double` is `double`, `char`
    /// is signed.
    Aarch64Win,
    /// 64-bit PowerPC ELFv2 (`powerpc64le-unknown-linux-gnu`): Clang's
    /// `PPC64_SVR4_ABIInfo` with `PPC64_SVR4_ABIKind::ELFv2`; `char`
    /// unsigned, `long double` IBM double-double (Clang's default there).
    Ppc64leElfv2,
    /// s390x (`s390x-unknown-linux-gnu`, Clang's default CPU, no vector
    /// facility): Clang's `SystemZABIInfo` without `HasVector`; big-endian,
    /// `char` unsigned, `long double` IEEE quad aligned to 8.
    SystemZ,
    /// s390x with the vector ABI (`+vector`, as `-march=z13` and later
    /// give): vectors of at most 16 bytes are passed and returned in vector
    /// registers, and vector alignment is capped at 8.
    SystemZVector,
    /// i386 System V (`i386-unknown-linux-gnu`, any `i?86` Linux or ELF
    /// triple): Clang's `X86_32ABIInfo`; records returned through `sret`.
    X86_32SysV,
    /// 32-bit Windows (`i686-pc-windows-msvc`): Clang's `X86_32ABIInfo`
    /// with `IsWin32StructABI`; Microsoft record layout, `long double` is
    /// `double`.
    X86_32Win,
    /// MIPS64 N64 (`mips64el-unknown-linux-gnuabi64`): Clang's
    /// `MipsABIInfo` for N64; `char` signed, `long double` is IEEE quad.
    Mips64N64,
    /// SPARC V9 (`sparc64-unknown-linux-gnu`, `sparcv9-…`): Clang's
    /// `SparcV9ABIInfo`; big-endian, `long double` is IEEE quad.
    Sparc64,
    /// WebAssembly 32-bit (`wasm32-unknown-unknown`): Clang's
    /// `WebAssemblyABIInfo` with the default MVP ABI; `long double` is IEEE
    /// quad, `__int128` exists.
    Wasm32,
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

/// The Clang release whose answers to reproduce. Releases differ in a few
/// classifications and in the attributes they print.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ClangVersion {
    /// Clang 19.
    #[default]
    V19,
    /// Clang 22: `__int128` (and a record starting with one) is passed as
    /// one `i128` on x86_64 System V instead of `{ i64, i64 }`; AArch64
    /// records of one or two pointers are coerced to `ptr` / `[2 x ptr]`;
    /// an argument passed by pointer to a caller-owned copy is printed
    /// `dead_on_return`.
    V22,
}

/// The attributes a release prints that do not change the classification
/// (the one place that says which release spells which; the printer and
/// the ABI lowering pass ask these).
impl ClangVersion {
    /// An argument passed by pointer to a caller-owned copy (Indirect, not
    /// `byval`) is `dead_on_return` (Clang 22).
    pub fn dead_on_return(self) -> bool {
        match self {
            ClangVersion::V19 => false,
            ClangVersion::V22 => true,
        }
    }
    /// A direct argument the target leaves unextended on purpose
    /// ([`crate::ArgAbi::noext`], s390x) is `noext` (Clang 22).
    pub fn noext(self) -> bool {
        match self {
            ClangVersion::V19 => false,
            ClangVersion::V22 => true,
        }
    }
}

/// A resolved target: calling convention plus the features that change it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub arch: Arch,
    /// x86_64 System V only; always `None` elsewhere.
    pub avx: AvxLevel,
    /// The Clang release to match (Clang 19 unless [`Target::with_clang`]).
    pub clang: ClangVersion,
    /// The operating system, for the few rules Clang keys on it.
    pub os: triple::Os,
}

/// Why a triple cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LookupError {
    /// A known target whose calling convention is not implemented yet.
    Unsupported { triple: String, convention: String },
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

/// The canonical triples of the implemented conventions, for messages.
pub const SUPPORTED_TRIPLES: &str = "x86_64-unknown-linux-gnu, aarch64-unknown-linux-gnu, \
     aarch64-apple-darwin, x86_64-pc-windows-msvc, x86_64-w64-windows-gnu, riscv64-unknown-linux-gnu, \
     riscv32-unknown-linux-gnu, loongarch64-unknown-linux-gnu, armv7-unknown-linux-gnueabihf, \
     arm-unknown-linux-gnueabi, i386-unknown-linux-gnu, i686-pc-windows-msvc, \
     aarch64-pc-windows-msvc, powerpc64le-unknown-linux-gnu, s390x-unknown-linux-gnu, \
     mips64el-unknown-linux-gnuabi64, sparc64-unknown-linux-gnu, wasm32-unknown-unknown";

/// Clang's `isAggregateTypeForABI`: records, arrays (flexible ones too) and
/// `_Complex`.
pub(crate) fn is_aggregate(cx: &crate::cx::AbiCx, ty: crate::ty::TypeId) -> bool {
    use crate::ty::Type;
    matches!(
        cx.types()[ty],
        Type::Record(_) | Type::Array { .. } | Type::FlexArray { .. } | Type::Complex(_)
    )
}

/// Resolves a target triple as Clang reads it (`x86_64`, `aarch64-linux-gnu`,
/// `x86_64-w64-mingw32`, `arm64-apple-macosx` are all accepted). A triple
/// whose OS, environment or ABI changes the C calling convention in a way
/// this library does not implement is [`LookupError::Unsupported`], naming
/// what is missing: never a silent System V answer.
pub fn lookup(triple: &str) -> Result<Target, LookupError> {
    use triple::{Env, Os};
    let t = triple::parse(triple).map_err(|_| LookupError::Unknown {
        triple: triple.to_string(),
    })?;
    let unsupported = |convention: String| {
        Err(LookupError::Unsupported {
            triple: triple.to_string(),
            convention,
        })
    };
    let ok = |arch| {
        Ok(Target {
            arch,
            avx: AvxLevel::None,
            clang: ClangVersion::V19,
            os: t.os,
        })
    };
    let other_env = |arch: &str| {
        format!(
            "{arch} with environment '{}' (only gnu, musl or none are implemented)",
            t.env_name
        )
    };
    let other_os = |arch: &str| format!("{arch} on OS '{}'", t.os_name);
    match t.arch {
        "x86_64" | "amd64" | "x86_64h" => match (t.os, t.env) {
            (Os::Windows, Env::Msvc) => ok(Arch::X86_64Win64),
            (Os::Windows, Env::Gnu) => ok(Arch::X86_64MinGW),
            (Os::Windows, Env::Cygnus) => {
                unsupported("Cygwin x86_64: Microsoft x64 with 64-bit long".into())
            }
            (Os::Windows, Env::Itanium) => {
                unsupported("x86_64 Windows with the Itanium C++ ABI".into())
            }
            (Os::Windows, _) => unsupported(other_env("x86_64 Windows")),
            (Os::Uefi, _) => unsupported("x86_64 UEFI".into()),
            (Os::Darwin, _) => unsupported("Darwin x86_64".into()),
            (_, Env::X32) => unsupported("x32: System V with 32-bit pointers and long".into()),
            (_, Env::Android) => unsupported("Android x86_64: IEEE quad long double".into()),
            (_, Env::Msvc | Env::Cygnus | Env::Itanium | Env::Ilp32 | Env::Other) => {
                unsupported(other_env("x86_64"))
            }
            (
                Os::Unknown | Os::Linux | Os::FreeBsd | Os::NetBsd | Os::OpenBsd | Os::DragonFly,
                Env::Unknown | Env::Gnu | Env::Musl,
            ) => ok(Arch::X86_64SysV),
            (Os::Other, _) => unsupported(other_os("x86_64")),
        },
        "aarch64" | "arm64" => match (t.os, t.env) {
            (Os::Darwin, Env::Unknown) => ok(Arch::Aarch64Darwin),
            (Os::Darwin, _) => {
                unsupported(format!("Apple arm64 with environment '{}'", t.env_name))
            }
            (Os::Windows, Env::Msvc) => ok(Arch::Aarch64Win),
            (Os::Windows, _) => unsupported(format!(
                "Windows arm64 with environment '{}' (only msvc is implemented)",
                t.env_name
            )),
            (_, Env::Ilp32) => unsupported("AArch64 ILP32".into()),
            (Os::Unknown | Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => {
                ok(Arch::Aarch64Aapcs)
            }
            (Os::Linux | Os::Unknown, _) => unsupported(other_env("AArch64")),
            (Os::FreeBsd | Os::NetBsd | Os::OpenBsd | Os::DragonFly | Os::Uefi | Os::Other, _) => {
                unsupported(other_os("AArch64"))
            }
        },
        "aarch64_be" | "arm64_32" | "arm64e" => {
            unsupported(format!("'{}' (only little-endian LP64 AArch64)", t.arch))
        }
        "i386" | "i486" | "i586" | "i686" | "x86" => match (t.os, t.env) {
            (Os::Windows, Env::Msvc) => ok(Arch::X86_32Win),
            (Os::Windows, Env::Gnu) => unsupported("MinGW x86 (i686-w64-windows-gnu)".into()),
            (Os::Windows, _) => unsupported(other_env("x86 Windows")),
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::X86_32SysV),
            (Os::Linux, Env::Android) => unsupported("Android x86".into()),
            (Os::Linux, _) => unsupported(other_env("x86 Linux")),
            (Os::Darwin, _) => {
                unsupported("Darwin x86 (small records returned in registers)".into())
            }
            (Os::FreeBsd | Os::OpenBsd | Os::DragonFly, _) => unsupported(format!(
                "x86 on {} (small records returned in registers)",
                t.os_name
            )),
            (Os::Unknown | Os::NetBsd | Os::Uefi | Os::Other, _) => {
                unsupported(other_os("32-bit x86"))
            }
        },
        "riscv64" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::Riscv64Lp64d),
            (Os::Linux, _) => unsupported(other_env("RISC-V")),
            _ => unsupported(format!(
                "RISC-V off Linux ('{}': Clang defaults to soft-float LP64 there)",
                t.os_name
            )),
        },
        "riscv32" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::Riscv32Ilp32d),
            (Os::Linux, _) => unsupported(other_env("RISC-V")),
            _ => unsupported(format!(
                "RISC-V off Linux ('{}': Clang defaults to soft-float ILP32 there)",
                t.os_name
            )),
        },
        "arm" | "armv7" | "armv7a" | "armv6" | "armv8" | "armv8a" | "thumbv7" | "armv7l" => {
            // The architecture version decides unaligned access (bit-field
            // storage) and the environment the float ABI: only the two
            // common Linux pairs are implemented.
            match (t.arch, t.os, t.env_name) {
                ("armv7", Os::Linux, "gnueabihf") => ok(Arch::ArmAapcsVfp),
                ("arm", Os::Linux, "gnueabi") => ok(Arch::ArmAapcs),
                _ => unsupported(format!(
                    "32-bit Arm '{}' with environment '{}' on OS '{}' (implemented: \
                     armv7 gnueabihf and arm gnueabi on Linux)",
                    t.arch, t.env_name, t.os_name
                )),
            }
        }
        "loongarch64" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::Loongarch64Lp64d),
            (Os::Linux, _) => unsupported(other_env("LoongArch")),
            _ => unsupported(format!("LoongArch off Linux ('{}')", t.os_name)),
        },
        "loongarch32" => unsupported("LoongArch ILP32".into()),
        "powerpc64le" | "ppc64le" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::Ppc64leElfv2),
            (Os::Linux, _) => unsupported(other_env("powerpc64le")),
            _ => unsupported(format!(
                "powerpc64le off Linux ('{}': long double and ELFv2 defaults differ)",
                t.os_name
            )),
        },
        "powerpc64" | "ppc64" | "powerpc" | "ppc" => unsupported(format!(
            "PowerPC '{}' (only little-endian 64-bit ELFv2: powerpc64le)",
            t.arch
        )),
        "s390x" | "systemz" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::SystemZ),
            (Os::Linux, _) => unsupported(other_env("s390x")),
            _ => unsupported(format!("s390x off Linux ('{}')", t.os_name)),
        },
        // Clang's default MIPS64 ABI on Linux is N64 (`gnuabi64`, or plain
        // `gnu`); `gnuabin32` is N32.
        "mips64el" => match (t.os, t.env_name) {
            (Os::Linux, "gnuabi64" | "gnu" | "musl" | "" | "muslabi64") => ok(Arch::Mips64N64),
            (Os::Linux, _) => unsupported(other_env("MIPS64 (N32 and others)")),
            _ => unsupported(format!("MIPS64 off Linux ('{}')", t.os_name)),
        },
        "mips64" | "mipsel" | "mips" | "mipsn32" | "mipsn32el" => {
            unsupported(format!("MIPS '{}' (only mips64el N64)", t.arch))
        }
        "sparcv9" | "sparc64" => match (t.os, t.env) {
            (Os::Linux, Env::Unknown | Env::Gnu | Env::Musl) => ok(Arch::Sparc64),
            (Os::Linux, _) => unsupported(other_env("SPARC V9")),
            _ => unsupported(format!("SPARC V9 off Linux ('{}')", t.os_name)),
        },
        "sparc" | "sparcel" => unsupported("32-bit SPARC".into()),
        "wasm32" => match (t.os, t.env) {
            (Os::Unknown, Env::Unknown) => ok(Arch::Wasm32),
            _ => unsupported(format!(
                "wasm32 on OS '{}' with environment '{}' (only wasm32-unknown-unknown)",
                t.os_name, t.env_name
            )),
        },
        "wasm64" => unsupported("wasm64".into()),
        _ => Err(LookupError::Unknown {
            triple: triple.to_string(),
        }),
    }
}

impl Target {
    /// Clang's `passInt128VectorsInMem` (x86_64 System V, also under
    /// `sysv_abi`): on Linux and NetBSD vectors of `__int128` are passed as
    /// `<N x i64>` or in memory as GCC does; elsewhere they keep their type.
    pub fn int128_vectors_in_mem(self) -> bool {
        matches!(self.os, triple::Os::Linux | triple::Os::NetBsd)
    }

    /// Clang's `classifyIntegerMMXAsSSE` (x86_64 System V): false on Darwin
    /// and FreeBSD, where `<1 x long>` / `<1 x long long>` stay INTEGER.
    pub fn integer_mmx_as_sse(self) -> bool {
        !matches!(self.os, triple::Os::Darwin | triple::Os::FreeBsd)
    }

    /// The same target, matching Clang release `clang`.
    pub fn with_clang(self, clang: ClangVersion) -> Target {
        Target { clang, ..self }
    }

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
            // s390x: the vector facility selects the vector ABI.
            if name == "vector" {
                self.arch = match (self.arch, on) {
                    (Arch::SystemZ, true) => Arch::SystemZVector,
                    (Arch::SystemZVector, false) => Arch::SystemZ,
                    (a, _) => a,
                };
                continue;
            }
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
            Arch::Aarch64Darwin => "aarch64-apple-darwin",
            Arch::Riscv64Lp64d => "riscv64-unknown-linux-gnu",
            Arch::Riscv32Ilp32d => "riscv32-unknown-linux-gnu",
            Arch::Loongarch64Lp64d => "loongarch64-unknown-linux-gnu",
            Arch::ArmAapcsVfp => "armv7-unknown-linux-gnueabihf",
            Arch::ArmAapcs => "arm-unknown-linux-gnueabi",
            Arch::X86_64Win64 => "x86_64-pc-windows-msvc",
            Arch::X86_64MinGW => "x86_64-w64-windows-gnu",
            Arch::X86_32SysV => "i386-unknown-linux-gnu",
            Arch::X86_32Win => "i686-pc-windows-msvc",
            Arch::Aarch64Win => "aarch64-pc-windows-msvc",
            Arch::Ppc64leElfv2 => "powerpc64le-unknown-linux-gnu",
            Arch::SystemZ | Arch::SystemZVector => "s390x-unknown-linux-gnu",
            Arch::Mips64N64 => "mips64el-unknown-linux-gnuabi64",
            Arch::Sparc64 => "sparc64-unknown-linux-gnu",
            Arch::Wasm32 => "wasm32-unknown-unknown",
        }
    }
}

/// The C data layout of a target.
pub fn data_layout(target: Target) -> DataLayout {
    match target.arch {
        Arch::X86_32SysV => DataLayout {
            long_double: FloatKind::X87,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 4,
            cheap_unaligned_bitfields: true,
            long_bits: 32,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::I386,
        },
        Arch::X86_32Win => DataLayout {
            long_double: FloatKind::LongDouble64,
            max_vector_align: 0,
            unnamed_bitfields_align_record: true,
            char_signed: true,
            register_bytes: 4,
            cheap_unaligned_bitfields: true,
            long_bits: 32,
            record_abi: RecordAbi::Microsoft,
            scalars: Scalars::WIN32,
        },
        Arch::X86_64SysV => DataLayout {
            long_double: FloatKind::X87,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::LP64,
        },
        Arch::Aarch64Aapcs => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 16,
            unnamed_bitfields_align_record: true,
            char_signed: false,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::LP64,
        },
        Arch::Aarch64Darwin => DataLayout {
            long_double: FloatKind::Double,
            max_vector_align: 16,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::LP64,
        },
        Arch::Riscv64Lp64d => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: false,
            register_bytes: 8,
            cheap_unaligned_bitfields: false,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::LP64,
        },
        Arch::Loongarch64Lp64d => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::LP64,
        },
        Arch::ArmAapcsVfp | Arch::ArmAapcs => DataLayout {
            long_double: FloatKind::Double,
            max_vector_align: 8,
            unnamed_bitfields_align_record: true,
            char_signed: false,
            register_bytes: 4,
            cheap_unaligned_bitfields: target.arch == Arch::ArmAapcsVfp,
            long_bits: 32,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::ARM32,
        },
        Arch::Riscv32Ilp32d => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: false,
            register_bytes: 4,
            cheap_unaligned_bitfields: false,
            long_bits: 32,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::ILP32_RISCV,
        },
        Arch::Aarch64Win => DataLayout {
            long_double: FloatKind::Double,
            max_vector_align: 16,
            unnamed_bitfields_align_record: true,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 32,
            record_abi: RecordAbi::Microsoft,
            scalars: Scalars::LP64,
        },
        Arch::Ppc64leElfv2 => DataLayout {
            long_double: FloatKind::IbmDouble,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: false,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: if target.clang == ClangVersion::V19 {
                Scalars::PPC64_LLVM19
            } else {
                Scalars::LP64
            },
        },
        Arch::SystemZ | Arch::SystemZVector => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: if target.arch == Arch::SystemZVector {
                8
            } else {
                0
            },
            unnamed_bitfields_align_record: false,
            char_signed: false,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::S390X,
        },
        Arch::Mips64N64 | Arch::Sparc64 => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: false,
            long_bits: 64,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::lp64_i128(target.clang),
        },
        Arch::Wasm32 => DataLayout {
            long_double: FloatKind::Quad,
            max_vector_align: 0,
            unnamed_bitfields_align_record: false,
            char_signed: true,
            register_bytes: 4,
            cheap_unaligned_bitfields: true,
            long_bits: 32,
            record_abi: RecordAbi::Itanium,
            scalars: Scalars::wasm32(target.clang),
        },
        Arch::X86_64Win64 | Arch::X86_64MinGW => DataLayout {
            long_double: if target.arch == Arch::X86_64MinGW {
                FloatKind::X87
            } else {
                FloatKind::Double
            },
            max_vector_align: 0,
            unnamed_bitfields_align_record: true,
            char_signed: true,
            register_bytes: 8,
            cheap_unaligned_bitfields: true,
            long_bits: 32,
            record_abi: if target.arch == Arch::X86_64MinGW {
                RecordAbi::MsStruct
            } else {
                RecordAbi::Microsoft
            },
            scalars: Scalars::LP64,
        },
    }
}

/// Whether C has `__int128` on `target` (Clang: 64-bit pointers, and
/// WebAssembly, which always has it).
pub fn has_int128(target: Target) -> bool {
    data_layout(target).scalars.ptr_bytes == 8 || target.arch == Arch::Wasm32
}
