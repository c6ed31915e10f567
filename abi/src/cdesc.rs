//! A compact notation for C signatures, used by tests and by
//! `cargo xtask abi-diff`, which makes both the C source (for clang-19) and
//! the shadow types ([`sig_to_fn_sig`]) from one description so they can
//! never drift. The curated `testdata/abi/edge-cases.txt` is written in it:
//!
//! ```text
//! sig    := NAME ':' type '(' [params] ')' [cc]            return type first
//! params := type (',' type)* [',' '...' (',' type)*]       `...`: variadic; the types
//!                                                          after it are one call's
//!                                                          (promoted) variadic arguments
//! cc     := 'fastcall' | 'vectorcall' | 'regparm' '(' N ')' | 'ms_abi' | 'sysv_abi'
//! type   := prim | 'vec' '(' prim ',' N ')' | 'complex' '(' prim ')'
//!         | ('struct' | 'union') ['packed'] ['align' '(' N ')'] '{' [field (',' field)*] '}'
//!         | type '[' [N] ']'                                 array (no N: flexible)
//! field  := type ['bits' '(' N ')'] ['unnamed'] ['align' '(' N ')']
//! prim   := void bool char schar uchar short ushort int uint long ulong llong
//!           ullong i128 u128 half fp16 float double ldouble f128 ptr
//! ```
//!
//! `half` is `_Float16`, `fp16` is `__fp16`. Clang accepts `__fp16`
//! parameters and results only on Arm and AArch64, where it is passed
//! exactly as `_Float16` (compared with clang-19 and clang-22 on the five
//! Arm triples); elsewhere it is a storage-only type with its own rules in
//! records (x86_64 passes a record of `__fp16` in memory), which this
//! notation refuses (see [`to_type`]).

use crate::{AbiCx, CallConv, Field, FloatKind, FnSig, RecordData, RecordKind, TypeId};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    Void,
    Bool,
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LLong,
    ULLong,
    I128,
    U128,
    Half,
    /// `__fp16` (Arm and AArch64 only).
    Fp16,
    Float,
    Double,
    LDouble,
    F128,
    Ptr,
}

pub const PRIMS: &[(Prim, &str, &str)] = &[
    (Prim::Void, "void", "void"),
    (Prim::Bool, "bool", "_Bool"),
    (Prim::Char, "char", "char"),
    (Prim::SChar, "schar", "signed char"),
    (Prim::UChar, "uchar", "unsigned char"),
    (Prim::Short, "short", "short"),
    (Prim::UShort, "ushort", "unsigned short"),
    (Prim::Int, "int", "int"),
    (Prim::UInt, "uint", "unsigned int"),
    (Prim::Long, "long", "long"),
    (Prim::ULong, "ulong", "unsigned long"),
    (Prim::LLong, "llong", "long long"),
    (Prim::ULLong, "ullong", "unsigned long long"),
    (Prim::I128, "i128", "__int128"),
    (Prim::U128, "u128", "unsigned __int128"),
    (Prim::Half, "half", "_Float16"),
    (Prim::Fp16, "fp16", "__fp16"),
    (Prim::Float, "float", "float"),
    (Prim::Double, "double", "double"),
    (Prim::LDouble, "ldouble", "long double"),
    (Prim::F128, "f128", "__float128"),
    (Prim::Ptr, "ptr", "void *"),
];

impl Prim {
    pub fn name(self) -> &'static str {
        PRIMS.iter().find(|p| p.0 == self).map_or("?", |p| p.1)
    }
    pub fn c_name(self) -> &'static str {
        PRIMS.iter().find(|p| p.0 == self).map_or("?", |p| p.2)
    }
    pub fn is_int(self) -> bool {
        matches!(
            self,
            Prim::Bool
                | Prim::Char
                | Prim::SChar
                | Prim::UChar
                | Prim::Short
                | Prim::UShort
                | Prim::Int
                | Prim::UInt
                | Prim::Long
                | Prim::ULong
                | Prim::LLong
                | Prim::ULLong
                | Prim::I128
                | Prim::U128
        )
    }
    /// Size in bytes (same on both targets).
    pub fn size(self) -> u64 {
        match self {
            Prim::Void => 0,
            Prim::Bool | Prim::Char | Prim::SChar | Prim::UChar => 1,
            Prim::Short | Prim::UShort | Prim::Half | Prim::Fp16 => 2,
            Prim::Int | Prim::UInt | Prim::Float => 4,
            Prim::Long | Prim::ULong | Prim::LLong | Prim::ULLong | Prim::Double | Prim::Ptr => 8,
            Prim::I128 | Prim::U128 | Prim::LDouble | Prim::F128 => 16,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum CType {
    Prim(Prim),
    Vector(Prim, u32),
    Complex(Prim),
    Array(Box<CType>, u64),
    Flex(Box<CType>),
    Record(Box<RecordDesc>),
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordDesc {
    pub union: bool,
    pub packed: bool,
    pub align: Option<u32>,
    pub fields: Vec<FieldDesc>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FieldDesc {
    pub ty: CType,
    pub bits: Option<u32>,
    pub named: bool,
    pub align: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sig {
    pub name: String,
    pub ret: CType,
    pub args: Vec<CType>,
    /// The function's calling-convention attribute (written after the
    /// parameter list: `fastcall`, `vectorcall`, `regparm(N)`, `ms_abi`,
    /// `sysv_abi`).
    pub cc: CallConv,
    /// As [`FnSig::variadic`]: `Some(n)` for `f(T1, .., Tn, ...)`, with
    /// `args[n..]` the variadic arguments of one call.
    pub variadic: Option<usize>,
}

/// The shadow type of a primitive on `cx`'s target (`char` signedness and
/// `long double` format follow the target).
pub fn prim_to_type(cx: &mut AbiCx, p: Prim) -> TypeId {
    let char_signed = cx.data_layout().char_signed;
    let long_bits = cx.data_layout().long_bits;
    match p {
        Prim::Void => cx.void(),
        Prim::Bool => cx.bool_(),
        Prim::Char => cx.int(8, char_signed),
        Prim::SChar => cx.int(8, true),
        Prim::UChar => cx.int(8, false),
        Prim::Short => cx.int(16, true),
        Prim::UShort => cx.int(16, false),
        Prim::Int => cx.int(32, true),
        Prim::UInt => cx.int(32, false),
        Prim::Long => cx.int(long_bits, true),
        Prim::ULong => cx.int(long_bits, false),
        Prim::LLong => cx.int(64, true),
        Prim::ULLong => cx.int(64, false),
        Prim::I128 => cx.int(128, true),
        Prim::U128 => cx.int(128, false),
        Prim::Half | Prim::Fp16 => cx.float(FloatKind::Half),
        Prim::Float => cx.float(FloatKind::Float),
        Prim::Double => cx.float(FloatKind::Double),
        Prim::LDouble => cx.long_double(),
        Prim::F128 => cx.float(FloatKind::Quad),
        Prim::Ptr => cx.ptr(),
    }
}

/// Whether `__fp16` may be used on `cx`'s target: Arm and AArch64, where
/// Clang passes it as `_Float16` (`half`).
pub fn has_fp16(cx: &AbiCx) -> bool {
    use crate::Arch;
    match cx.target().arch {
        Arch::Aarch64Aapcs
        | Arch::Aarch64Darwin
        | Arch::Aarch64Win
        | Arch::ArmAapcsVfp
        | Arch::ArmAapcs => true,
        Arch::X86_64SysV
        | Arch::X86_64Win64
        | Arch::X86_64MinGW
        | Arch::X86_32SysV
        | Arch::X86_32Win
        | Arch::Riscv64Lp64d
        | Arch::Riscv32Ilp32d
        | Arch::Loongarch64Lp64d
        | Arch::Ppc64leElfv2
        | Arch::SystemZ
        | Arch::SystemZVector
        | Arch::Mips64N64
        | Arch::Sparc64
        | Arch::Wasm32 => false,
    }
}

/// The shadow type of `t`. `__fp16` is refused off Arm and AArch64
/// ([`has_fp16`]).
pub fn to_type(cx: &mut AbiCx, t: &CType) -> Result<TypeId, String> {
    let e = |e: crate::TypeError| e.to_string();
    let fp16 = |cx: &AbiCx, p: Prim| {
        if p == Prim::Fp16 && !has_fp16(cx) {
            Err("'__fp16' is passed by value only on Arm and AArch64 (elsewhere it is a storage-only type, not supported here)".to_string())
        } else {
            Ok(())
        }
    };
    Ok(match t {
        CType::Prim(p) => {
            fp16(cx, *p)?;
            prim_to_type(cx, *p)
        }
        CType::Vector(p, n) => {
            fp16(cx, *p)?;
            let el = prim_to_type(cx, *p);
            cx.vector(el, *n).map_err(e)?
        }
        CType::Complex(p) => {
            fp16(cx, *p)?;
            let el = prim_to_type(cx, *p);
            cx.complex(el).map_err(e)?
        }
        CType::Array(el, n) => {
            let el = to_type(cx, el)?;
            cx.array(el, *n).map_err(e)?
        }
        CType::Flex(el) => {
            let el = to_type(cx, el)?;
            cx.flex_array(el).map_err(e)?
        }
        CType::Record(r) => {
            let mut fields = Vec::with_capacity(r.fields.len());
            for f in &r.fields {
                fields.push(Field {
                    ty: to_type(cx, &f.ty)?,
                    bit_width: f.bits,
                    named: f.named,
                    align: f.align,
                });
            }
            cx.record(RecordData {
                kind: if r.union {
                    RecordKind::Union
                } else {
                    RecordKind::Struct
                },
                fields: fields.into_boxed_slice(),
                packed: r.packed,
                align: r.align,
                complete: true,
            })
            .map_err(e)?
        }
    })
}

/// The shadow signature of `s`.
pub fn sig_to_fn_sig(cx: &mut AbiCx, s: &Sig) -> Result<FnSig, String> {
    let ret = to_type(cx, &s.ret)?;
    let mut args = Vec::with_capacity(s.args.len());
    for a in &s.args {
        args.push(to_type(cx, a)?);
    }
    Ok(FnSig {
        ret,
        args,
        variadic: s.variadic,
        cc: s.cc,
    })
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CType::Prim(p) => f.write_str(p.name()),
            CType::Vector(p, n) => write!(f, "vec({}, {n})", p.name()),
            CType::Complex(p) => write!(f, "complex({})", p.name()),
            CType::Array(e, n) => write!(f, "{e}[{n}]"),
            CType::Flex(e) => write!(f, "{e}[]"),
            CType::Record(r) => {
                f.write_str(if r.union { "union" } else { "struct" })?;
                if r.packed {
                    f.write_str(" packed")?;
                }
                if let Some(a) = r.align {
                    write!(f, " align({a})")?;
                }
                f.write_str(" {")?;
                for (i, fd) in r.fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{}", fd.ty)?;
                    if let Some(b) = fd.bits {
                        write!(f, " bits({b})")?;
                    }
                    if !fd.named {
                        f.write_str(" unnamed")?;
                    }
                    if let Some(a) = fd.align {
                        write!(f, " align({a})")?;
                    }
                }
                f.write_str("}")
            }
        }
    }
}

impl fmt::Display for Sig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {} (", self.name, self.ret)?;
        for (i, a) in self.args.iter().enumerate() {
            if self.variadic == Some(i) {
                f.write_str(if i > 0 { ", ..." } else { "..." })?;
            }
            if i > 0 || self.variadic == Some(0) {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        if self.variadic == Some(self.args.len()) {
            f.write_str(if self.args.is_empty() { "..." } else { ", ..." })?;
        }
        f.write_str(")")?;
        if let Some(cc) = self.cc.c_attribute() {
            write!(f, " {cc}")?;
        }
        Ok(())
    }
}

/// Parses one signature line.
pub fn parse_sig(line: &str) -> Result<Sig, String> {
    let (name, rest) = line.split_once(':').ok_or("expected 'NAME: RET (ARGS)'")?;
    let name = name.trim();
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("bad function name '{name}'"));
    }
    let mut p = P {
        s: rest.as_bytes(),
        i: 0,
        depth: 0,
    };
    let ret = p.ty()?;
    p.expect(b'(')?;
    let mut args = Vec::new();
    let mut variadic = None;
    if !p.eat(b')') {
        loop {
            p.ws();
            if p.s[p.i..].starts_with(b"...") && variadic.is_none() {
                p.i += 3;
                variadic = Some(args.len());
            } else {
                args.push(p.ty()?);
            }
            if p.eat(b')') {
                break;
            }
            p.expect(b',')?;
        }
    }
    let cc = match p.word().as_str() {
        "" => CallConv::C,
        "fastcall" => CallConv::FastCall,
        "vectorcall" => CallConv::VectorCall,
        "ms_abi" => CallConv::Win64,
        "sysv_abi" => CallConv::SysV64,
        "regparm" => {
            let n = p.paren_num()?;
            CallConv::RegParm(u8::try_from(n).map_err(|_| format!("regparm({n}) out of range"))?)
        }
        w => return Err(format!("unknown calling convention '{w}'")),
    };
    p.ws();
    if p.i != p.s.len() {
        return Err(format!("trailing text at column {}", p.i + name.len() + 2));
    }
    Ok(Sig {
        name: name.to_string(),
        ret,
        args,
        cc,
        variadic,
    })
}

struct P<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl P<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.i) == Some(&c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, c: u8) -> Result<(), String> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(format!("expected '{}' at offset {}", c as char, self.i))
        }
    }
    fn word(&mut self) -> String {
        self.ws();
        let st = self.i;
        while self.i < self.s.len()
            && (self.s[self.i].is_ascii_alphanumeric() || self.s[self.i] == b'_')
        {
            self.i += 1;
        }
        String::from_utf8_lossy(&self.s[st..self.i]).into_owned()
    }
    fn peek_word(&mut self) -> String {
        let save = self.i;
        let w = self.word();
        self.i = save;
        w
    }
    fn num(&mut self) -> Result<u64, String> {
        let w = self.word();
        w.parse()
            .map_err(|_| format!("expected a number, found '{w}'"))
    }
    fn paren_num(&mut self) -> Result<u64, String> {
        self.expect(b'(')?;
        let n = self.num()?;
        self.expect(b')')?;
        Ok(n)
    }
    fn prim(&mut self) -> Result<Prim, String> {
        let w = self.word();
        PRIMS
            .iter()
            .find(|p| p.1 == w)
            .map(|p| p.0)
            .ok_or(format!("unknown type '{w}'"))
    }
    fn ty(&mut self) -> Result<CType, String> {
        self.depth += 1;
        if self.depth > 100 {
            return Err("type nested too deeply".into());
        }
        let w = self.peek_word();
        let mut t = match w.as_str() {
            "vec" => {
                self.word();
                self.expect(b'(')?;
                let p = self.prim()?;
                self.expect(b',')?;
                let n = self.num()?;
                self.expect(b')')?;
                CType::Vector(p, u32::try_from(n).map_err(|_| "vector too long")?)
            }
            "complex" => {
                self.word();
                self.expect(b'(')?;
                let p = self.prim()?;
                self.expect(b')')?;
                CType::Complex(p)
            }
            "struct" | "union" => {
                self.word();
                let mut r = RecordDesc {
                    union: w == "union",
                    packed: false,
                    align: None,
                    fields: vec![],
                };
                loop {
                    match self.peek_word().as_str() {
                        "packed" => {
                            self.word();
                            r.packed = true;
                        }
                        "align" => {
                            self.word();
                            r.align = Some(self.paren_num()? as u32);
                        }
                        _ => break,
                    }
                }
                self.expect(b'{')?;
                if !self.eat(b'}') {
                    loop {
                        let ty = self.ty()?;
                        let mut fd = FieldDesc {
                            ty,
                            bits: None,
                            named: true,
                            align: None,
                        };
                        loop {
                            match self.peek_word().as_str() {
                                "bits" => {
                                    self.word();
                                    fd.bits = Some(self.paren_num()? as u32);
                                }
                                "unnamed" => {
                                    self.word();
                                    fd.named = false;
                                }
                                "align" => {
                                    self.word();
                                    fd.align = Some(self.paren_num()? as u32);
                                }
                                _ => break,
                            }
                        }
                        r.fields.push(fd);
                        if self.eat(b'}') {
                            break;
                        }
                        self.expect(b',')?;
                    }
                }
                CType::Record(Box::new(r))
            }
            _ => CType::Prim(self.prim()?),
        };
        while self.eat(b'[') {
            if self.eat(b']') {
                t = CType::Flex(Box::new(t));
            } else {
                let n = self.num()?;
                self.expect(b']')?;
                t = CType::Array(Box::new(t), n);
            }
        }
        self.depth -= 1;
        Ok(t)
    }
}
