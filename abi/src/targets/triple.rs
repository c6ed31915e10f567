//! Target triples as users type them, read the way LLVM's `Triple`
//! normalizes them: `arch[-vendor][-os][-env]`, where the vendor may be left
//! out (`aarch64-linux-gnu`), the OS may carry a version (`macosx14.0`), and
//! `mingw32` means Windows with the GNU environment (`x86_64-w64-mingw32`).
//!
//! Only the parts that decide a C calling convention are kept; the registry
//! in [`super::lookup`] maps them to a convention or names what is missing.

/// Operating systems that matter to the C ABI (LLVM's `Triple::OSType`,
/// reduced).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Os {
    /// No OS given, `unknown` or `none` (freestanding / ELF).
    Unknown,
    Linux,
    /// `windows`, `win32`, or `mingw32` (which also sets the GNU env).
    Windows,
    /// `darwin`, `macos`, `macosx`, `ios`, `tvos`, `watchos`, `xros`.
    Darwin,
    FreeBsd,
    NetBsd,
    OpenBsd,
    DragonFly,
    Uefi,
    /// Any other OS name, kept for the message.
    Other,
}

/// Environments (LLVM's `Triple::EnvironmentType`, reduced).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Env {
    /// None given, or `elf` (an object format, not an environment).
    Unknown,
    Gnu,
    Musl,
    Msvc,
    /// `gnux32` / `muslx32`: x86_64 with 32-bit pointers.
    X32,
    /// `cygnus`: Cygwin (LP64 on Windows).
    Cygnus,
    /// `itanium`: Windows with the Itanium C++ ABI.
    Itanium,
    Android,
    /// `gnu_ilp32`: AArch64 with 32-bit pointers.
    Ilp32,
    /// Any other environment, kept for the message.
    Other,
}

/// A triple split into what the registry looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Triple<'a> {
    pub arch: &'a str,
    pub vendor: &'a str,
    pub os: Os,
    /// The OS component as written (empty if absent), for messages.
    pub os_name: &'a str,
    pub env: Env,
    /// The environment component as written (empty if absent).
    pub env_name: &'a str,
}

fn os_of(s: &str) -> Option<Os> {
    // LLVM matches OS names by prefix, so versions (`macosx14.0`) count.
    const TABLE: &[(&str, Os)] = &[
        ("linux", Os::Linux),
        ("windows", Os::Windows),
        ("win32", Os::Windows),
        ("mingw32", Os::Windows),
        ("darwin", Os::Darwin),
        ("macos", Os::Darwin),
        ("ios", Os::Darwin),
        ("tvos", Os::Darwin),
        ("watchos", Os::Darwin),
        ("xros", Os::Darwin),
        ("freebsd", Os::FreeBsd),
        ("netbsd", Os::NetBsd),
        ("openbsd", Os::OpenBsd),
        ("dragonfly", Os::DragonFly),
        ("uefi", Os::Uefi),
        ("none", Os::Unknown),
        ("unknown", Os::Unknown),
        ("cygwin", Os::Windows),
        ("solaris", Os::Other),
        ("haiku", Os::Other),
        ("fuchsia", Os::Other),
        ("wasi", Os::Other),
        ("emscripten", Os::Other),
        ("hurd", Os::Other),
        ("rtems", Os::Other),
        ("aix", Os::Other),
        ("zos", Os::Other),
        ("ps4", Os::Other),
        ("ps5", Os::Other),
        ("cuda", Os::Other),
        ("amdhsa", Os::Other),
        ("serenity", Os::Other),
        ("ohos", Os::Other),
    ];
    TABLE
        .iter()
        .find(|(p, _)| s.starts_with(p))
        .map(|&(_, os)| os)
}

fn env_of(s: &str) -> Option<Env> {
    // Exact names first (`gnux32` must not read as `gnu`).
    Some(match s {
        "" | "elf" => Env::Unknown,
        "gnux32" | "muslx32" => Env::X32,
        "gnu_ilp32" => Env::Ilp32,
        "gnu" => Env::Gnu,
        "musl" => Env::Musl,
        "msvc" => Env::Msvc,
        "cygnus" => Env::Cygnus,
        "itanium" => Env::Itanium,
        _ if s.starts_with("android") => Env::Android,
        _ if s.starts_with("gnu")
            || s.starts_with("musl")
            || s.starts_with("eabi")
            || s.starts_with("macabi")
            || s.starts_with("simulator")
            || s.starts_with("msvc")
            || s.starts_with("coreclr")
            || s.starts_with("ohos")
            || s.starts_with("code16") =>
        {
            Env::Other
        }
        _ => return None,
    })
}

const VENDORS: &[&str] = &[
    "unknown",
    "pc",
    "apple",
    "w64",
    "sun",
    "scei",
    "sie",
    "fsl",
    "ibm",
    "img",
    "mti",
    "nvidia",
    "csr",
    "amd",
    "mesa",
    "suse",
    "oe",
    "redhat",
    "openembedded",
    "none",
];

/// Splits `triple` as LLVM's `Triple::normalize` would. Components that are
/// neither a vendor, an OS nor an environment are reported as `Err(part)`.
pub fn parse(triple: &str) -> Result<Triple<'_>, &str> {
    let mut parts = triple.split('-');
    let arch = parts.next().unwrap_or("");
    let mut t = Triple {
        arch,
        vendor: "",
        os: Os::Unknown,
        os_name: "",
        env: Env::Unknown,
        env_name: "",
    };
    let mut seen_os = false;
    let mut seen_env = false;
    for (i, p) in parts.enumerate() {
        if i == 0 && VENDORS.contains(&p) && !seen_os {
            t.vendor = p;
        } else if !seen_os && !seen_env && os_of(p).is_some() {
            t.os = os_of(p).unwrap_or(Os::Other);
            t.os_name = p;
            seen_os = true;
        } else if !seen_env && env_of(p).is_some() {
            t.env = env_of(p).unwrap_or(Env::Other);
            t.env_name = p;
            seen_env = true;
        } else if !seen_os && i <= 1 {
            // An unknown word where the OS goes: keep it for the message.
            t.os = Os::Other;
            t.os_name = p;
            seen_os = true;
        } else {
            return Err(p);
        }
    }
    // `mingw32` is Windows with the GNU environment; `cygwin` is Cygnus.
    if t.os_name.starts_with("mingw32") && t.env == Env::Unknown {
        t.env = Env::Gnu;
    }
    if t.os_name.starts_with("cygwin") && t.env == Env::Unknown {
        t.env = Env::Cygnus;
    }
    // A Windows triple with no environment is MSVC (`x86_64-pc-win32`).
    if t.os == Os::Windows && t.env == Env::Unknown {
        t.env = Env::Msvc;
    }
    Ok(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(triple: &str, os: Os, env: Env) {
        let t = parse(triple).expect(triple);
        assert_eq!((t.os, t.env), (os, env), "{triple}");
    }

    #[test]
    fn spellings() {
        check("x86_64", Os::Unknown, Env::Unknown);
        check("x86_64-w64-mingw32", Os::Windows, Env::Gnu);
        check("x86_64-pc-windows-msvc", Os::Windows, Env::Msvc);
        check("x86_64-pc-win32", Os::Windows, Env::Msvc);
        check("x86_64-w64-windows-gnu", Os::Windows, Env::Gnu);
        check("x86_64-unknown-linux-gnux32", Os::Linux, Env::X32);
        check("x86_64-linux-gnu", Os::Linux, Env::Gnu);
        check("aarch64-linux-gnu", Os::Linux, Env::Gnu);
        check("arm64-apple-macosx", Os::Darwin, Env::Unknown);
        check("arm64-apple-macosx14.0.0", Os::Darwin, Env::Unknown);
        check("x86_64-elf", Os::Unknown, Env::Unknown);
        check("x86_64-pc-windows-cygnus", Os::Windows, Env::Cygnus);
        check("x86_64-linux-android", Os::Linux, Env::Android);
        check("aarch64-apple-ios17.0-simulator", Os::Darwin, Env::Other);
        assert_eq!(parse("x86_64-linux-gnu-bogus"), Err("bogus"));
    }
}
