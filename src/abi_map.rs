//! `ABITypeMapper`: IR types → the ABI library's shadow types.
//!
//! The mapper reads builtin types (`iN`, `siN`, `uiN`, `f16`, `f32`, `f64`,
//! `f80`, `f128`, `index`) and the CIR-like types of design.md §5, spelled as
//! upstream ClangIR spells them:
//!
//! | CIR type | C type |
//! |---|---|
//! | `!cir.int<s, 32>` / `!cir.int<u, 8>` | `int` / `unsigned char` |
//! | `!cir.bool` | `_Bool` |
//! | `!cir.f16`, `!cir.float`, `!cir.double` | `_Float16`, `float`, `double` |
//! | `!cir.long_double<!cir.f80>` (or `<!cir.f128>`, `<!cir.double>`) | `long double` |
//! | `!cir.ptr<T>` | `T *` |
//! | `!cir.array<T x N>` | `T[N]` (`N` may be 0) |
//! | `!cir.vector<T x N>` | `T __attribute__((vector_size(N * sizeof(T))))` |
//! | `!cir.complex<T>` | `_Complex T` |
//! | `!cir.void` | `void` |
//! | `!cir.record<struct "S" packed align(N) {T bits(W) unnamed align(N), ...}>` | a struct |
//! | `!cir.record<union "U" {...}>`, `!cir.record<struct {...}>` | a union, an anonymous struct |
//! | `!cir.record<struct "S" incomplete>` | `struct S;` (cannot be passed by value) |
//! | `!cir.func<(T, T) -> T>` / `!cir.func<(T, T)>` | a function type |
//!
//! FIR types (design.md §5, C interoperability) map as documented on
//! `TextParser::fir_type`: `!fir.ref<T>` is a pointer, `!fir.logical<1>` is
//! `_Bool`, `!fir.complex<K>` is `_Complex` of the kind-K real,
//! `!fir.array<N x T>` an array (column-major extents), and
//! `!fir.type<name{a:T,b:T}>` a struct. Builtin `complex<T>` and
//! one-dimensional `vector<NxT>` map to `_Complex T` and a GCC vector.
//!
//! Unregistered dialect types are kept as text by the IR core, so the mapper
//! parses that text. Type aliases (`!s32i = !cir.int<s, 32>`) are resolved
//! through the alias table the caller passes. A record refers to itself by
//! name only behind a pointer, whose pointee the ABI never needs.
//!
//! Unmappable types are an error naming the type ([`MapError`]).

use irkit_abi::{AbiCx, Field, FloatKind, FnSig, RecordData, RecordKind};
use irkit_ir::{Context, FloatKind as IrFloat, Signedness, TypeData};
use rustc_hash::FxHashMap;

/// Nesting deeper than this in one type is an error, not a stack overflow.
const MAX_DEPTH: u32 = 256;

/// Tokens never cross a call boundary (shared/spec/token-type.txt).
const TOKEN_HAS_NO_C_TYPE: &str =
    "a token has no C equivalent and is never passed to or returned from a function";

/// Why a type cannot be mapped. `ty` is the type as printed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub ty: String,
    pub reason: String,
}

impl std::fmt::Display for MapError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot map type '{}' to a C ABI type: {}",
            self.ty, self.reason
        )
    }
}

impl std::error::Error for MapError {}

/// Maps IR types to shadow types for one target (the [`AbiCx`]'s).
pub struct AbiTypeMapper<'a> {
    ctx: &'a Context,
    aliases: &'a FxHashMap<String, irkit_ir::TypeId>,
    cache: FxHashMap<irkit_ir::TypeId, irkit_abi::TypeId>,
}

impl<'a> AbiTypeMapper<'a> {
    /// `aliases` maps a type alias name without its `!` to its type.
    pub fn new(ctx: &'a Context, aliases: &'a FxHashMap<String, irkit_ir::TypeId>) -> Self {
        AbiTypeMapper {
            ctx,
            aliases,
            cache: FxHashMap::default(),
        }
    }

    /// Maps one IR type.
    pub fn map(
        &mut self,
        cx: &mut AbiCx,
        ty: irkit_ir::TypeId,
    ) -> Result<irkit_abi::TypeId, MapError> {
        if let Some(&t) = self.cache.get(&ty) {
            return Ok(t);
        }
        let cty = self.parse(ty)?;
        let res = lower(cx, &cty).map_err(|reason| self.err(ty, reason))?;
        self.cache.insert(ty, res);
        Ok(res)
    }

    /// Maps a function type (`!cir.func<...>` or a builtin function type) to
    /// a signature.
    pub fn map_fn_type(&mut self, cx: &mut AbiCx, ty: irkit_ir::TypeId) -> Result<FnSig, MapError> {
        let cty = self.parse(ty)?;
        let CTy::Func {
            args,
            ret,
            variadic,
        } = cty
        else {
            return Err(self.err(ty, "not a function type".to_string()));
        };
        let ret = match ret {
            Some(r) => lower(cx, &r).map_err(|reason| self.err(ty, reason))?,
            None => cx.void(),
        };
        let mut mapped = Vec::with_capacity(args.len());
        for a in &args {
            mapped.push(lower(cx, a).map_err(|reason| self.err(ty, reason))?);
        }
        let n_fixed = mapped.len();
        Ok(FnSig {
            ret,
            args: mapped,
            variadic: variadic.then_some(n_fixed),
            cc: Default::default(),
        })
    }

    fn err(&self, ty: irkit_ir::TypeId, reason: String) -> MapError {
        MapError {
            ty: irkit_ir::printer::type_to_string(self.ctx, ty),
            reason,
        }
    }

    /// Parses `ty` into the mapper's own type tree.
    fn parse(&self, ty: irkit_ir::TypeId) -> Result<CTy, MapError> {
        self.parse_at_depth(ty, 0)
            .map_err(|reason| self.err(ty, reason))
    }

    fn parse_at_depth(&self, ty: irkit_ir::TypeId, depth: u32) -> Result<CTy, String> {
        if depth > MAX_DEPTH {
            return Err(format!("type nesting deeper than {MAX_DEPTH}"));
        }
        match self.ctx.type_data(ty) {
            TypeData::Integer { width, signedness } => {
                int_type(*width, *signedness != Signedness::Unsigned)
            }
            TypeData::Index => Ok(CTy::Int {
                bits: 64,
                signed: true,
            }),
            TypeData::Float(k) => float_type(*k),
            TypeData::Function { inputs, results } => {
                let mut args = Vec::with_capacity(inputs.len());
                for &i in inputs.iter() {
                    args.push(self.parse_at_depth(i, depth + 1)?);
                }
                let ret = match results.as_ref() {
                    [] => None,
                    [r] => Some(Box::new(self.parse_at_depth(*r, depth + 1)?)),
                    _ => return Err("a C function has at most one result".to_string()),
                };
                Ok(CTy::Func {
                    args,
                    ret,
                    variadic: false,
                })
            }
            TypeData::Dialect { .. } => {
                let text = dialect_text(self.ctx, ty);
                let mut p = TextParser {
                    mapper: self,
                    s: text.as_ref(),
                    pos: 0,
                    depth,
                };
                let t = p.ty()?;
                p.ws();
                if p.pos != p.s.len() {
                    return Err(format!("unexpected '{}' after the type", p.rest()));
                }
                Ok(t)
            }
            TypeData::Token => Err(TOKEN_HAS_NO_C_TYPE.to_string()),
            TypeData::Complex(e) => Ok(CTy::Complex(Box::new(self.parse_at_depth(*e, depth + 1)?))),
            TypeData::Vector {
                shape,
                scalable,
                elem,
            } => match (shape.as_ref(), scalable.iter().any(|&s| s)) {
                ([n], false) if *n > 0 && *n <= i64::from(u32::MAX) => Ok(CTy::Vector(
                    Box::new(self.parse_at_depth(*elem, depth + 1)?),
                    *n as u32,
                )),
                _ => {
                    Err("only fixed-length one-dimensional vectors have a C equivalent".to_string())
                }
            },
            TypeData::None
            | TypeData::Tuple(_)
            | TypeData::RankedTensor { .. }
            | TypeData::UnrankedTensor { .. }
            | TypeData::MemRef { .. }
            | TypeData::UnrankedMemRef { .. } => Err("no C equivalent".to_string()),
        }
    }
}

/// The text of a dialect type: borrowed when it is one verbatim piece (every
/// unregistered dialect type), printed otherwise.
fn dialect_text(ctx: &Context, ty: irkit_ir::TypeId) -> std::borrow::Cow<'_, [u8]> {
    if let TypeData::Dialect { dialect, body } = ctx.type_data(ty) {
        if let [irkit_ir::Piece::Text(t)] = body.as_ref() {
            let (d, b) = (ctx.bytes(*dialect), ctx.bytes(*t));
            let mut v = Vec::with_capacity(1 + d.len() + b.len());
            v.push(b'!');
            v.extend_from_slice(d);
            v.extend_from_slice(b);
            return std::borrow::Cow::Owned(v);
        }
    }
    std::borrow::Cow::Owned(irkit_ir::printer::type_to_string(ctx, ty).into_bytes())
}

/// The mapper's view of a C type, before it is interned in the ABI library.
#[derive(Clone, Debug, PartialEq)]
enum CTy {
    Void,
    Bool,
    Int {
        bits: u16,
        signed: bool,
    },
    Float(FloatKind),
    Ptr,
    Array(Box<CTy>, u64),
    Vector(Box<CTy>, u32),
    Complex(Box<CTy>),
    Record(Box<CRecord>),
    Func {
        args: Vec<CTy>,
        ret: Option<Box<CTy>>,
        variadic: bool,
    },
}

#[derive(Clone, Debug, PartialEq)]
struct CRecord {
    kind: RecordKind,
    packed: bool,
    align: Option<u32>,
    /// `None` for `incomplete` (or a bare by-name reference).
    fields: Option<Vec<CField>>,
}

#[derive(Clone, Debug, PartialEq)]
struct CField {
    ty: CTy,
    bits: Option<u32>,
    named: bool,
    align: Option<u32>,
}

fn int_type(width: u32, signed: bool) -> Result<CTy, String> {
    match width {
        1 => Ok(CTy::Bool),
        8 | 16 | 32 | 64 | 128 => Ok(CTy::Int {
            bits: width as u16,
            signed,
        }),
        w => Err(format!("no C integer type is {w} bits wide")),
    }
}

fn float_type(k: IrFloat) -> Result<CTy, String> {
    match k {
        IrFloat::F16 => Ok(CTy::Float(FloatKind::Half)),
        IrFloat::F32 => Ok(CTy::Float(FloatKind::Float)),
        IrFloat::F64 => Ok(CTy::Float(FloatKind::Double)),
        IrFloat::F80 => Ok(CTy::Float(FloatKind::X87)),
        IrFloat::F128 => Ok(CTy::Float(FloatKind::Quad)),
        other => Err(format!("no C floating-point type is '{}'", other.name())),
    }
}

/// Interns `t` in the ABI library.
fn lower(cx: &mut AbiCx, t: &CTy) -> Result<irkit_abi::TypeId, String> {
    let layout_err = |e: irkit_abi::TypeError| format!("{e:?}");
    Ok(match t {
        CTy::Void => cx.void(),
        CTy::Bool => cx.bool_(),
        CTy::Int { bits, signed } => cx.int(*bits, *signed),
        // Only targets whose classifier tells `long double` from `double`
        // (32-bit Windows) keep it apart.
        CTy::Float(FloatKind::LongDouble64)
            if cx.data_layout().long_double != FloatKind::LongDouble64 =>
        {
            cx.float(FloatKind::Double)
        }
        CTy::Float(k) => cx.float(*k),
        CTy::Ptr => cx.ptr(),
        CTy::Array(e, n) => {
            let e = lower(cx, e)?;
            cx.array(e, *n).map_err(layout_err)?
        }
        CTy::Vector(e, n) => {
            let e = lower(cx, e)?;
            cx.vector(e, *n).map_err(layout_err)?
        }
        CTy::Complex(e) => {
            let e = lower(cx, e)?;
            cx.complex(e).map_err(layout_err)?
        }
        CTy::Record(r) => {
            let mut fields = Vec::new();
            let complete = r.fields.is_some();
            let n = r.fields.as_ref().map_or(0, Vec::len);
            for (i, f) in r.fields.iter().flatten().enumerate() {
                // A zero-length array as the last member stands for a
                // flexible array member only when written `T[]`; CIR spells
                // both `!cir.array<T x 0>`, and Clang lays them out alike.
                let ty = match (&f.ty, i + 1 == n) {
                    (CTy::Array(e, 0), true) => {
                        let e = lower(cx, e)?;
                        cx.array(e, 0).map_err(layout_err)?
                    }
                    (ty, _) => lower(cx, ty)?,
                };
                fields.push(Field {
                    ty,
                    bit_width: f.bits,
                    named: f.named,
                    align: f.align,
                });
            }
            let data = RecordData {
                kind: r.kind,
                fields: fields.into_boxed_slice(),
                packed: r.packed,
                align: r.align,
                complete,
            };
            cx.record(data).map_err(layout_err)?
        }
        CTy::Func { .. } => return Err("a function type is not a value type".to_string()),
    })
}

/// Recursive-descent parser over the printed text of a dialect type.
struct TextParser<'m, 's> {
    mapper: &'m AbiTypeMapper<'m>,
    s: &'s [u8],
    pos: usize,
    depth: u32,
}

impl TextParser<'_, '_> {
    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.s[self.pos.min(self.s.len())..])
            .chars()
            .take(40)
            .collect()
    }
    fn ws(&mut self) {
        while self
            .s
            .get(self.pos)
            .is_some_and(|c| c.is_ascii_whitespace())
        {
            self.pos += 1;
        }
    }
    fn eat(&mut self, lit: &str) -> bool {
        self.ws();
        if self.s[self.pos..].starts_with(lit.as_bytes()) {
            self.pos += lit.len();
            true
        } else {
            false
        }
    }
    fn expect(&mut self, lit: &str) -> Result<(), String> {
        if self.eat(lit) {
            Ok(())
        } else {
            Err(format!("expected '{lit}' at '{}'", self.rest()))
        }
    }
    fn ident(&mut self) -> &str {
        self.ws();
        let start = self.pos;
        while self
            .s
            .get(self.pos)
            .is_some_and(|&c| c.is_ascii_alphanumeric() || c == b'_' || c == b'.' || c == b'$')
        {
            self.pos += 1;
        }
        std::str::from_utf8(&self.s[start..self.pos]).unwrap_or("")
    }
    fn number(&mut self) -> Result<u64, String> {
        self.ws();
        let start = self.pos;
        while self.s.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        std::str::from_utf8(&self.s[start..self.pos])
            .ok()
            .and_then(|t| t.parse().ok())
            .ok_or_else(|| format!("expected a number at '{}'", self.rest()))
    }
    fn small(&mut self) -> Result<u32, String> {
        let n = self.number()?;
        u32::try_from(n).map_err(|_| format!("{n} is too large"))
    }
    fn string(&mut self) -> Result<(), String> {
        self.expect("\"")?;
        while let Some(&c) = self.s.get(self.pos) {
            self.pos += 1;
            match c {
                b'\\' => self.pos += 1,
                b'"' => return Ok(()),
                _ => {}
            }
        }
        Err("unterminated string".to_string())
    }

    fn ty(&mut self) -> Result<CTy, String> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(format!("type nesting deeper than {MAX_DEPTH}"));
        }
        let res = self.ty_inner();
        self.depth -= 1;
        res
    }

    fn ty_inner(&mut self) -> Result<CTy, String> {
        self.ws();
        if self.eat("!cir.") {
            return self.cir_type();
        }
        if self.eat("!fir.") {
            return self.fir_type();
        }
        if self.eat("!") {
            let name = self.ident().to_string();
            let Some(&t) = self.mapper.aliases.get(&name) else {
                return Err(format!("unknown type '!{name}'"));
            };
            return self.mapper.parse_at_depth(t, self.depth + 1);
        }
        let word = self.ident().to_string();
        if word == "token" {
            return Err(TOKEN_HAS_NO_C_TYPE.to_string());
        }
        builtin_word(&word).ok_or_else(|| format!("unknown type '{word}'"))?
    }

    fn cir_type(&mut self) -> Result<CTy, String> {
        let word = self.ident().to_string();
        match word.as_str() {
            "void" => Ok(CTy::Void),
            "bool" => Ok(CTy::Bool),
            "f16" => Ok(CTy::Float(FloatKind::Half)),
            "float" => Ok(CTy::Float(FloatKind::Float)),
            "double" => Ok(CTy::Float(FloatKind::Double)),
            "f80" => Ok(CTy::Float(FloatKind::X87)),
            "f128" => Ok(CTy::Float(FloatKind::Quad)),
            "int" => {
                self.expect("<")?;
                let signed = match self.ident() {
                    "s" => true,
                    "u" => false,
                    other => return Err(format!("expected 's' or 'u' in !cir.int, got '{other}'")),
                };
                self.expect(",")?;
                let w = self.small()?;
                self.expect(">")?;
                match int_type(w, signed)? {
                    // `!cir.int<u, 1>` is not `_Bool`: there is no 1-bit C integer.
                    CTy::Bool => Err("no C integer type is 1 bit wide".to_string()),
                    t => Ok(t),
                }
            }
            "long_double" => {
                self.expect("<")?;
                let inner = self.ty()?;
                self.expect(">")?;
                match inner {
                    // A `double`-format `long double` stays a type of its own
                    // (see `lower`).
                    CTy::Float(FloatKind::Double) => Ok(CTy::Float(FloatKind::LongDouble64)),
                    CTy::Float(_) => Ok(inner),
                    _ => Err("!cir.long_double takes a floating-point format".to_string()),
                }
            }
            "ptr" => {
                self.expect("<")?;
                // The pointee is parsed for syntax only: it may be a record
                // referred to by name inside its own body.
                self.pointee()?;
                self.expect(">")?;
                Ok(CTy::Ptr)
            }
            "array" | "vector" => {
                self.expect("<")?;
                let elem = self.ty()?;
                self.expect("x")?;
                let n = self.number()?;
                self.expect(">")?;
                if word == "array" {
                    Ok(CTy::Array(Box::new(elem), n))
                } else {
                    let n = u32::try_from(n).map_err(|_| format!("vector of {n} elements"))?;
                    Ok(CTy::Vector(Box::new(elem), n))
                }
            }
            "complex" => {
                self.expect("<")?;
                let elem = self.ty()?;
                self.expect(">")?;
                Ok(CTy::Complex(Box::new(elem)))
            }
            "func" => self.func(),
            "record" => self.record().map(|r| CTy::Record(Box::new(r))),
            other => Err(format!("unknown CIR type '!cir.{other}'")),
        }
    }

    /// A FIR type (design.md §5, FIR-like dialect), for C interoperability:
    ///
    /// | FIR type | C type |
    /// |---|---|
    /// | `!fir.ref<T>`, `!fir.ptr<T>`, `!fir.heap<T>`, `!fir.llvm_ptr<T>` | `T *` |
    /// | `!fir.logical<1>` | `_Bool` (`LOGICAL(C_BOOL)`) |
    /// | `!fir.logical<K>`, K = 2, 4, 8 | unsigned integer of K bytes |
    /// | `!fir.int<K>` | signed integer of K bytes |
    /// | `!fir.real<K>`, `!fir.complex<K>`, K = 2, 4, 8, 10, 16 | `_Float16`, `float`, `double`, x87 `long double`, `__float128` (and `_Complex` of them) |
    /// | `!fir.array<N x M x T>` | `T[M][N]` (column-major: the first extent varies fastest) |
    /// | `!fir.type<name{a:T,b:T}>` | `struct name { T a; T b; }` (`BIND(C)` derived type) |
    /// | `!fir.type<name>` | `struct name;` (a reference by name; incomplete) |
    fn fir_type(&mut self) -> Result<CTy, String> {
        let word = self.ident().to_string();
        match word.as_str() {
            "ref" | "ptr" | "heap" | "llvm_ptr" => {
                self.expect("<")?;
                self.skip_balanced()?;
                Ok(CTy::Ptr)
            }
            "logical" | "int" | "real" | "complex" => {
                self.expect("<")?;
                let k = self.small()?;
                self.expect(">")?;
                let real = |k: u32| match k {
                    2 => Ok(FloatKind::Half),
                    4 => Ok(FloatKind::Float),
                    8 => Ok(FloatKind::Double),
                    10 => Ok(FloatKind::X87),
                    16 => Ok(FloatKind::Quad),
                    _ => Err(format!("no C floating-point type has kind {k}")),
                };
                match word.as_str() {
                    "logical" if k == 1 => Ok(CTy::Bool),
                    "logical" | "int" => match k {
                        1 | 2 | 4 | 8 | 16 => Ok(CTy::Int {
                            bits: (k * 8) as u16,
                            signed: word == "int",
                        }),
                        _ => Err(format!("no C integer type has kind {k}")),
                    },
                    "real" => real(k).map(CTy::Float),
                    _ => Ok(CTy::Complex(Box::new(CTy::Float(real(k)?)))),
                }
            }
            "array" => {
                self.expect("<")?;
                let mut dims = Vec::new();
                loop {
                    self.ws();
                    match self.s.get(self.pos) {
                        Some(c) if c.is_ascii_digit() => {
                            dims.push(self.number()?);
                            self.expect("x")?;
                        }
                        Some(b'?') => {
                            return Err("an array of unknown extent has no C equivalent".to_string())
                        }
                        _ => break,
                    }
                }
                let mut t = self.ty()?;
                self.expect(">")?;
                for &n in &dims {
                    t = CTy::Array(Box::new(t), n);
                }
                Ok(t)
            }
            "type" => {
                self.expect("<")?;
                self.ws();
                while self
                    .s
                    .get(self.pos)
                    .is_some_and(|&c| !matches!(c, b'{' | b'>' | b'('))
                {
                    self.pos += 1;
                }
                if self.s.get(self.pos) == Some(&b'(') {
                    return Err("a parameterized derived type has no C equivalent".to_string());
                }
                let mut rec = CRecord {
                    kind: RecordKind::Struct,
                    packed: false,
                    align: None,
                    fields: None,
                };
                if self.eat(">") {
                    return Ok(CTy::Record(Box::new(rec)));
                }
                self.expect("{")?;
                let mut fields = Vec::new();
                if !self.eat("}") {
                    loop {
                        self.ident();
                        self.expect(":")?;
                        let ty = self.ty()?;
                        fields.push(CField {
                            ty,
                            bits: None,
                            named: true,
                            align: None,
                        });
                        if self.eat("}") {
                            break;
                        }
                        self.expect(",")?;
                    }
                }
                self.expect(">")?;
                rec.fields = Some(fields);
                Ok(CTy::Record(Box::new(rec)))
            }
            other => Err(format!("unknown FIR type '!fir.{other}'")),
        }
    }

    /// Skips to just after the `>` closing an already opened `<`.
    fn skip_balanced(&mut self) -> Result<(), String> {
        let mut depth = 1u32;
        while let Some(&c) = self.s.get(self.pos) {
            self.pos += 1;
            match c {
                b'<' | b'(' | b'[' | b'{' => depth += 1,
                b'>' if self.pos >= 2 && self.s[self.pos - 2] == b'-' => {}
                b'>' | b')' | b']' | b'}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(());
                    }
                }
                _ => {}
            }
        }
        Err("unbalanced brackets in a pointer type".to_string())
    }

    /// A pointee: any type, or a record named but not spelled out.
    fn pointee(&mut self) -> Result<(), String> {
        self.ws();
        let save = self.pos;
        if self.eat("!cir.record") {
            self.pos = save;
            // Parse the record syntax without requiring completeness.
            self.eat("!cir.");
            self.ident();
            self.record()?;
            return Ok(());
        }
        self.ty().map(drop)
    }

    fn func(&mut self) -> Result<CTy, String> {
        self.expect("<")?;
        self.expect("(")?;
        let mut args = Vec::new();
        let mut variadic = false;
        if !self.eat(")") {
            loop {
                if self.eat("...") {
                    variadic = true;
                    self.expect(")")?;
                    break;
                }
                args.push(self.ty()?);
                if self.eat(")") {
                    break;
                }
                self.expect(",")?;
            }
        }
        let ret = if self.eat("->") {
            match self.ty()? {
                CTy::Void => None,
                t => Some(Box::new(t)),
            }
        } else {
            None
        };
        self.expect(">")?;
        Ok(CTy::Func {
            args,
            ret,
            variadic,
        })
    }

    fn record(&mut self) -> Result<CRecord, String> {
        self.expect("<")?;
        let kind = match self.ident() {
            "struct" => RecordKind::Struct,
            "union" => RecordKind::Union,
            "class" => RecordKind::Struct,
            other => return Err(format!("expected 'struct' or 'union', got '{other}'")),
        };
        self.ws();
        if self.s.get(self.pos) == Some(&b'"') {
            self.string()?;
        }
        let mut rec = CRecord {
            kind,
            packed: false,
            align: None,
            fields: None,
        };
        loop {
            if self.eat("packed") {
                rec.packed = true;
            } else if self.eat("padded") {
                // Upstream ClangIR's layout marker; the layout is recomputed.
            } else if self.eat("align") {
                self.expect("(")?;
                rec.align = Some(self.small()?);
                self.expect(")")?;
            } else {
                break;
            }
        }
        if self.eat("incomplete") {
            self.expect(">")?;
            return Ok(rec);
        }
        if self.eat(">") {
            // A reference by name to a record being defined.
            return Ok(rec);
        }
        self.expect("{")?;
        let mut fields = Vec::new();
        if !self.eat("}") {
            loop {
                let ty = self.ty()?;
                let mut f = CField {
                    ty,
                    bits: None,
                    named: true,
                    align: None,
                };
                loop {
                    if self.eat("bits") {
                        self.expect("(")?;
                        f.bits = Some(self.small()?);
                        self.expect(")")?;
                    } else if self.eat("unnamed") {
                        f.named = false;
                    } else if self.eat("align") {
                        self.expect("(")?;
                        f.align = Some(self.small()?);
                        self.expect(")")?;
                    } else {
                        break;
                    }
                }
                // A zero-width bit-field is always unnamed in C.
                if f.bits == Some(0) {
                    f.named = false;
                }
                fields.push(f);
                if self.eat("}") {
                    break;
                }
                self.expect(",")?;
            }
        }
        self.expect(">")?;
        rec.fields = Some(fields);
        Ok(rec)
    }
}

fn builtin_word(word: &str) -> Option<Result<CTy, String>> {
    let float = |k| Some(float_type(k));
    match word {
        "f16" => float(IrFloat::F16),
        "f32" => float(IrFloat::F32),
        "f64" => float(IrFloat::F64),
        "f80" => float(IrFloat::F80),
        "f128" => float(IrFloat::F128),
        "index" => Some(Ok(CTy::Int {
            bits: 64,
            signed: true,
        })),
        _ => {
            let (signed, digits) = if let Some(d) = word.strip_prefix("si") {
                (true, d)
            } else if let Some(d) = word.strip_prefix("ui") {
                (false, d)
            } else {
                (true, word.strip_prefix('i')?)
            };
            let w: u32 = digits.parse().ok()?;
            Some(int_type(w, signed))
        }
    }
}
