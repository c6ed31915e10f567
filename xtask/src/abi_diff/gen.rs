//! Deterministic random signatures covering every type kind.

use super::desc::{CType, FieldDesc, Prim, RecordDesc, Sig};
use irkit_abi::{Arch, CallConv};

/// SplitMix64: small, fast, deterministic.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
    /// True with probability `pct`%.
    pub fn pct(&mut self, pct: u64) -> bool {
        self.below(100) < pct
    }
    pub fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// What the generator may use on a target.
#[derive(Clone, Copy)]
pub struct GenCfg {
    /// `__float128` exists (x86_64 System V).
    pub has_f128: bool,
    /// `sizeof(long)`: 8, or 4 on Windows and 32-bit targets (bit-field
    /// widths depend on it).
    pub long_bytes: u64,
    /// `__int128` exists (targets with 64-bit pointers); otherwise `long
    /// long` is used.
    pub has_i128: bool,
    /// `_Float16` exists (not on 32-bit x86, nor on LoongArch before Clang
    /// 22); otherwise `float` is used.
    pub has_half: bool,
    /// `__fp16` may be passed (Arm and AArch64); otherwise `_Float16` (or
    /// what stands in for it) is used.
    pub has_fp16: bool,
    /// Calling-convention attributes to put on some signatures (none: every
    /// signature uses the default convention).
    pub ccs: &'static [CallConv],
}

impl GenCfg {
    /// What the generator may use on `target`.
    pub fn for_target(target: irkit_abi::Target) -> GenCfg {
        let dl = irkit_abi::targets::data_layout(target);
        let x86_32 = matches!(target.arch, Arch::X86_32SysV | Arch::X86_32Win);
        // LoongArch has no `_Float16` before Clang 22.
        let la_v19 =
            target.arch == Arch::Loongarch64Lp64d && target.clang == irkit_abi::ClangVersion::V19;
        // PowerPC, MIPS, SPARC and WebAssembly have no `_Float16`; s390x
        // has it from Clang 22.
        let no_half = matches!(
            target.arch,
            Arch::Ppc64leElfv2 | Arch::Mips64N64 | Arch::Sparc64 | Arch::Wasm32
        ) || (matches!(target.arch, Arch::SystemZ | Arch::SystemZVector)
            && target.clang == irkit_abi::ClangVersion::V19);
        GenCfg {
            has_f128: matches!(target.arch, Arch::X86_64SysV | Arch::X86_32SysV),
            long_bytes: u64::from(dl.long_bits) / 8,
            has_i128: irkit_abi::targets::has_int128(target),
            has_half: !(x86_32 || la_v19 || no_half),
            has_fp16: matches!(
                target.arch,
                Arch::Aarch64Aapcs
                    | Arch::Aarch64Darwin
                    | Arch::Aarch64Win
                    | Arch::ArmAapcsVfp
                    | Arch::ArmAapcs
            ),
            ccs: match target.arch {
                Arch::X86_32SysV | Arch::X86_32Win => X86_32_CCS,
                Arch::X86_64SysV => &[CallConv::Win64],
                Arch::X86_64Win64 | Arch::X86_64MinGW => &[CallConv::SysV64],
                Arch::Aarch64Aapcs
                | Arch::Aarch64Darwin
                | Arch::Riscv64Lp64d
                | Arch::Riscv32Ilp32d
                | Arch::Loongarch64Lp64d
                | Arch::ArmAapcsVfp
                | Arch::ArmAapcs
                | Arch::Aarch64Win
                | Arch::Ppc64leElfv2
                | Arch::SystemZ
                | Arch::SystemZVector
                | Arch::Mips64N64
                | Arch::Sparc64
                | Arch::Wasm32 => &[],
            },
        }
    }

    /// Whether every type `sig` uses exists on the target (edge cases that
    /// use `__int128`, `_Float16` or `__float128` are skipped elsewhere).
    pub fn has_all_types(&self, sig: &Sig) -> bool {
        fn ok(cfg: &GenCfg, t: &CType) -> bool {
            let prim = |p: Prim| cfg.fix(p) == p && (p != Prim::F128 || cfg.has_f128);
            match t {
                CType::Prim(p) | CType::Vector(p, _) | CType::Complex(p) => prim(*p),
                CType::Array(e, _) | CType::Flex(e) => ok(cfg, e),
                CType::Record(r) => r.fields.iter().all(|f| ok(cfg, &f.ty)),
            }
        }
        ok(self, &sig.ret) && sig.args.iter().all(|a| ok(self, a))
    }

    /// `p`, or what stands in for it where the target lacks it.
    fn fix(&self, p: Prim) -> Prim {
        match p {
            Prim::Fp16 if !self.has_fp16 => self.fix(Prim::Half),
            Prim::Half if !self.has_half => Prim::Float,
            Prim::I128 if !self.has_i128 => Prim::LLong,
            Prim::U128 if !self.has_i128 => Prim::ULLong,
            other => other,
        }
    }
}

/// The x86-32 conventions the generator exercises (and how often: the
/// default convention is picked in 60% of signatures before this list).
const X86_32_CCS: &[CallConv] = &[
    CallConv::RegParm(1),
    CallConv::RegParm(2),
    CallConv::RegParm(3),
    CallConv::FastCall,
    CallConv::FastCall,
    CallConv::VectorCall,
    CallConv::VectorCall,
];

const INTS: &[Prim] = &[
    Prim::Bool,
    Prim::Char,
    Prim::SChar,
    Prim::UChar,
    Prim::Short,
    Prim::UShort,
    Prim::Int,
    Prim::UInt,
    Prim::Long,
    Prim::ULong,
    Prim::LLong,
    Prim::ULLong,
];
const SMALL: &[Prim] = &[
    Prim::Bool,
    Prim::Char,
    Prim::UChar,
    Prim::Short,
    Prim::Int,
    Prim::UInt,
    Prim::Long,
    Prim::Half,
    Prim::Fp16,
    Prim::Float,
    Prim::Float,
    Prim::Double,
    Prim::Ptr,
];
const FLOATS: &[Prim] = &[
    Prim::Half,
    Prim::Fp16,
    Prim::Float,
    Prim::Float,
    Prim::Double,
    Prim::Double,
    Prim::LDouble,
];
const VEC_ELEMS: &[Prim] = &[
    Prim::Char,
    Prim::Short,
    Prim::Int,
    Prim::Long,
    Prim::Float,
    Prim::Double,
    Prim::Half,
    Prim::UChar,
    Prim::I128,
];
const COMPLEX_ELEMS: &[Prim] = &[
    Prim::Float,
    Prim::Float,
    Prim::Double,
    Prim::Double,
    Prim::LDouble,
    Prim::Half,
    Prim::Char,
    Prim::Short,
    Prim::Int,
    Prim::Long,
];

pub struct Gen {
    pub rng: Rng,
    cfg: GenCfg,
    /// Per signature: prefer small members (records of at most 16 bytes are
    /// where the eightbyte and HFA rules and the coerced types live).
    small: bool,
}

impl Gen {
    pub fn new(seed: u64, cfg: GenCfg) -> Self {
        Gen {
            rng: Rng::new(seed),
            cfg,
            small: false,
        }
    }

    fn prim(&mut self) -> Prim {
        let p = self.prim_any();
        self.cfg.fix(p)
    }

    fn prim_any(&mut self) -> Prim {
        if self.small && self.rng.pct(80) {
            return self.rng.pick(SMALL);
        }
        match self.rng.below(10) {
            0..=4 => self.rng.pick(INTS),
            5..=7 => self.rng.pick(FLOATS),
            8 => {
                if self.rng.pct(50) {
                    self.rng.pick(&[Prim::I128, Prim::U128])
                } else if self.cfg.has_f128 && self.rng.pct(40) {
                    Prim::F128
                } else {
                    Prim::LDouble
                }
            }
            _ => Prim::Ptr,
        }
    }

    fn vector(&mut self) -> CType {
        let e = self.rng.pick(VEC_ELEMS);
        let e = self.cfg.fix(e);
        let sizes: &[u64] = &[2, 4, 8, 8, 16, 16, 16, 32, 64];
        loop {
            let total = self.rng.pick(sizes);
            if total >= e.size() {
                return CType::Vector(e, (total / e.size()) as u32);
            }
        }
    }

    /// A type usable as a parameter, return value or member.
    pub fn value(&mut self, depth: u32) -> CType {
        match self.rng.below(100) {
            0..=44 => CType::Prim(self.prim()),
            45..=51 => self.vector(),
            52..=58 => {
                let e = self.rng.pick(COMPLEX_ELEMS);
                CType::Complex(self.cfg.fix(e))
            }
            _ if depth >= 3 => CType::Prim(self.prim()),
            _ => CType::Record(Box::new(self.record(depth + 1, depth == 0))),
        }
    }

    fn member(&mut self, depth: u32) -> CType {
        if self.rng.pct(15) {
            let n = self.rng.pick(&[0u64, 1, 1, 2, 2, 3, 4, 5, 8]);
            let e = if self.rng.pct(70) || depth >= 3 {
                CType::Prim(self.prim())
            } else {
                self.value(depth)
            };
            // clang-19 divides by zero (SIGFPE) classifying arrays of
            // zero-sized elements, so the generator never makes them.
            if zero_sized(&e) {
                return CType::Array(Box::new(CType::Prim(self.prim())), n);
            }
            return CType::Array(Box::new(e), n);
        }
        self.value(depth)
    }

    /// A record; `top` allows a flexible array member.
    pub fn record(&mut self, depth: u32, top: bool) -> RecordDesc {
        let union = self.rng.pct(15);
        let packed = self.rng.pct(10);
        let align = if self.rng.pct(8) {
            Some(self.rng.pick(&[1u32, 2, 4, 8, 16, 32, 64]))
        } else {
            None
        };
        // Bias towards small records: that is where the classification is.
        let max = if self.small || self.rng.pct(70) { 3 } else { 6 };
        let n = if self.rng.pct(5) {
            0
        } else {
            1 + self.rng.below(max)
        };
        let mut fields = Vec::new();
        let mut has_named_plain = false;
        for _ in 0..n {
            if self.rng.pct(15) {
                // Bit-field.
                let t = self.rng.pick(INTS);
                let max = match t {
                    Prim::Bool => 1,
                    Prim::Long | Prim::ULong => self.cfg.long_bytes * 8,
                    _ => t.size() * 8,
                };
                let zero = self.rng.pct(15);
                let w = if zero {
                    0
                } else {
                    1 + self.rng.below(max) as u32
                };
                let named = !zero && !self.rng.pct(20);
                let align = if named && self.rng.pct(5) {
                    Some(self.rng.pick(&[2u32, 4, 8]))
                } else {
                    None
                };
                fields.push(FieldDesc {
                    ty: CType::Prim(t),
                    bits: Some(w),
                    named,
                    align,
                });
            } else {
                let ty = self.member(depth);
                let align = if self.rng.pct(5) {
                    Some(self.rng.pick(&[1u32, 2, 4, 8, 16, 32]))
                } else {
                    None
                };
                has_named_plain = true;
                fields.push(FieldDesc {
                    ty,
                    bits: None,
                    named: true,
                    align,
                });
            }
        }
        if top && !union && has_named_plain && self.rng.pct(5) {
            let e = CType::Prim(
                self.rng
                    .pick(&[Prim::Char, Prim::Int, Prim::Double, Prim::Float]),
            );
            fields.push(FieldDesc {
                ty: CType::Flex(Box::new(e)),
                bits: None,
                named: true,
                align: None,
            });
        }
        RecordDesc {
            union,
            packed,
            align,
            fields,
        }
    }

    /// A signature with 0-12 parameters.
    pub fn sig(&mut self, name: String) -> Sig {
        self.small = self.rng.pct(50);
        let ret = if self.rng.pct(15) {
            CType::Prim(Prim::Void)
        } else {
            self.top_value()
        };
        let n = if self.rng.pct(30) {
            7 + self.rng.below(6)
        } else {
            self.rng.below(7)
        };
        let args = (0..n).map(|_| self.top_value()).collect();
        let mut cc = CallConv::C;
        if !self.cfg.ccs.is_empty() && self.rng.pct(40) {
            cc = self.rng.pick(self.cfg.ccs);
        }
        Sig {
            name,
            ret,
            args,
            cc,
            variadic: None,
        }
    }

    /// A call of a variadic function: 1-6 fixed parameters, then 0-10
    /// variadic arguments after C's default argument promotions (no
    /// `_Bool`, `char`, `short` or `float`; `__fp16` becomes `double`,
    /// `_Float16` is not promoted).
    pub fn variadic_sig(&mut self, name: String) -> Sig {
        let mut s = self.sig(name);
        s.cc = CallConv::C;
        s.args.truncate(1 + self.rng.below(6) as usize);
        if s.args.is_empty() {
            s.args.push(self.top_value());
        }
        let n = s.args.len();
        let extra = self.rng.below(11);
        for _ in 0..extra {
            let t = promote(self.top_value());
            s.args.push(t);
        }
        s.variadic = Some(n);
        s
    }

    fn top_value(&mut self) -> CType {
        if self.rng.pct(45) {
            CType::Record(Box::new(self.record(1, true)))
        } else {
            self.value(0)
        }
    }
}

/// C's default argument promotions (C11 6.5.2.2p6) of a variadic
/// argument.
fn promote(t: CType) -> CType {
    match t {
        CType::Prim(
            Prim::Bool | Prim::Char | Prim::SChar | Prim::UChar | Prim::Short | Prim::UShort,
        ) => CType::Prim(Prim::Int),
        CType::Prim(Prim::Float | Prim::Fp16) => CType::Prim(Prim::Double),
        t => t,
    }
}

/// Whether a type has size 0 (empty records, zero-length arrays).
pub fn zero_sized(t: &CType) -> bool {
    match t {
        CType::Prim(p) => p.size() == 0,
        CType::Vector(..) | CType::Complex(_) => false,
        CType::Array(e, n) => *n == 0 || zero_sized(e),
        CType::Flex(_) => true,
        CType::Record(r) => r
            .fields
            .iter()
            .all(|f| f.bits == Some(0) || (f.bits.is_none() && zero_sized(&f.ty))),
    }
}
