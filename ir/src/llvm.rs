//! The LLVM dialect's types as data the verifier can check.
//!
//! The parser keeps a `!llvm.*` type as the body text of a registered
//! dialect type ([`Piece`]s, nested `<` groups marked), uniqued like every
//! type, so parsing pays nothing for this module. [`LlvmType::of`] decodes
//! that text on demand into a structured value — pointer (with address
//! space), literal or identified struct (packed, opaque, body), array,
//! function (variadic), `!llvm.vec`, void and the other singletons — as
//! mlir-opt-19 prints them (nested LLVM types without the `!llvm.` prefix:
//! `!llvm.struct<"s", (i32, ptr, array<4 x i8>)>`). Nested types are kept
//! as their text; [`same_type`] compares such a text with a [`TypeId`].
//! [`kind_of`] classifies a type without allocating, for the type
//! constraints of `LLVM.td` ([`LlvmConstraint`]).
//!
//! Known gap: a nested type is text, not a [`TypeId`]; a recursive
//! identified struct's self reference (`struct<"a">` inside `"a"`) is not
//! resolved to the enclosing struct.

use crate::context::{Context, FloatKind, Piece, Signedness, TypeData, TypeId};
use std::borrow::Cow;

/// The class of an LLVM-compatible type, enough for type constraints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ptr,
    /// A struct; `opaque` when its body is not known.
    Struct {
        opaque: bool,
    },
    Array,
    Func,
    Void,
    /// `!llvm.vec<...>` (a vector whose elements builtin `vector` cannot hold).
    Vec,
    TargetExt,
    /// token, label, metadata, x86_amx, ppc_fp128, x86_mmx.
    OtherLlvm,
    /// A builtin signless integer.
    Int,
    /// A builtin float type LLVM knows (bf16, f16, f32, f64, f80, f128).
    Float,
    /// A builtin 1-D vector (rank checked), any element type.
    BuiltinVector,
    /// Anything else: not LLVM-compatible.
    Incompatible,
}

/// The body text of an `!llvm.*` type (everything after `!llvm`), when it
/// is a single text piece (every LLVM type mlir-opt prints is).
fn llvm_body(ctx: &Context, t: TypeId) -> Option<&[u8]> {
    match ctx.type_data(t) {
        TypeData::Dialect { dialect, body } if ctx.bytes(*dialect) == b"llvm" => {
            match body.first() {
                Some(Piece::Text(s)) => Some(ctx.bytes(*s)),
                _ => None,
            }
        }
        _ => None,
    }
}

fn is_llvm_float(k: FloatKind) -> bool {
    matches!(
        k,
        FloatKind::BF16
            | FloatKind::F16
            | FloatKind::F32
            | FloatKind::F64
            | FloatKind::F80
            | FloatKind::F128
    )
}

/// The whole body text of an `!llvm.*` type: its text pieces joined (the
/// parser splits them at nested `<`), nested `!`-types printed.
pub fn body_text(ctx: &Context, t: TypeId) -> Option<String> {
    let TypeData::Dialect { dialect, body } = ctx.type_data(t) else {
        return None;
    };
    if ctx.bytes(*dialect) != b"llvm" {
        return None;
    }
    let mut out = String::new();
    for p in body.iter() {
        match p {
            Piece::Text(s) => out.push_str(&ctx.str(*s)),
            Piece::Type(t) => out.push_str(&crate::printer::type_to_string(ctx, *t)),
            Piece::Attr(a) => out.push_str(&crate::printer::attr_to_string(ctx, *a)),
            Piece::Open | Piece::Close => {}
        }
    }
    Some(out)
}

/// Classifies `t` (MLIR's `isCompatibleOuterType` and friends).
pub fn kind_of(ctx: &Context, t: TypeId) -> Kind {
    match ctx.type_data(t) {
        TypeData::Integer {
            signedness: Signedness::Signless,
            ..
        } => Kind::Int,
        TypeData::Float(k) if is_llvm_float(*k) => Kind::Float,
        TypeData::Vector { shape, .. } if shape.len() == 1 => Kind::BuiltinVector,
        TypeData::Dialect { .. } => match llvm_body(ctx, t) {
            Some(body) => kind_of_body(body),
            None => Kind::Incompatible,
        },
        _ => Kind::Incompatible,
    }
}

fn kind_of_body(body: &[u8]) -> Kind {
    let Some(rest) = body.strip_prefix(b".") else {
        return Kind::Incompatible;
    };
    let end = rest
        .iter()
        .position(|&c| !(c.is_ascii_alphanumeric() || c == b'_'))
        .unwrap_or(rest.len());
    let (mnemonic, after) = rest.split_at(end);
    match mnemonic {
        b"ptr" => Kind::Ptr,
        b"struct" => Kind::Struct {
            opaque: struct_is_opaque(after),
        },
        b"array" => Kind::Array,
        b"func" => Kind::Func,
        b"void" => Kind::Void,
        b"vec" => Kind::Vec,
        b"target" => Kind::TargetExt,
        b"token" | b"label" | b"metadata" | b"x86_amx" | b"x86_mmx" | b"ppc_fp128" => {
            Kind::OtherLlvm
        }
        _ => Kind::Incompatible,
    }
}

/// `<opaque>`, `<"name", opaque>` or an identified struct named but never
/// given a body (`<"name">`, only possible as a recursive reference).
fn struct_is_opaque(after: &[u8]) -> bool {
    let inner = after
        .strip_prefix(b"<")
        .and_then(|s| s.strip_suffix(b">"))
        .unwrap_or(b"");
    let inner = trim(inner);
    if inner == b"opaque" {
        return true;
    }
    if inner.first() == Some(&b'"') {
        if let Some(close) = string_end(inner) {
            let rest = trim(&inner[close..]);
            return rest.is_empty() || trim(rest.strip_prefix(b",").unwrap_or(rest)) == b"opaque";
        }
    }
    false
}

/// The index just past the closing quote of the string starting at 0.
fn string_end(s: &[u8]) -> Option<usize> {
    let mut i = 1;
    while i < s.len() {
        match s[i] {
            b'\\' => i += 2,
            b'"' => return Some(i + 1),
            _ => i += 1,
        }
    }
    None
}

fn trim(s: &[u8]) -> &[u8] {
    let a = s
        .iter()
        .position(|c| !c.is_ascii_whitespace())
        .unwrap_or(s.len());
    let b = s
        .iter()
        .rposition(|c| !c.is_ascii_whitespace())
        .map_or(a, |i| i + 1);
    &s[a..b.max(a)]
}

/// A type constraint of the LLVM dialect (`LLVMOpBase.td`'s), as the
/// `llvm_*` kinds of our `OpBase.td` name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LlvmConstraint {
    /// `llvm_type`: LLVM dialect-compatible type.
    Type,
    /// `llvm_primitive`: compatible, not void or function.
    Primitive,
    /// `llvm_loadable`: primitive, not an opaque struct or target extension type.
    Loadable,
    /// `llvm_pointer`.
    Pointer,
    /// `llvm_aggregate`: struct or array.
    Aggregate,
    /// `llvm_non_aggregate`.
    NonAggregate,
    /// `llvm_float`.
    Float,
    /// `llvm_vector`: a compatible vector (builtin 1-D of signless integers
    /// or LLVM floats, or `!llvm.vec`).
    Vector,
    /// `llvm_struct`.
    Struct,
    /// `llvm_function`.
    Function,
    /// `llvm_default_pointer`: `!llvm.ptr` in address space 0.
    DefaultPointer,
    /// `llvm_token`: `!llvm.token`.
    Token,
}

impl LlvmConstraint {
    pub fn from_name(s: &str) -> Option<LlvmConstraint> {
        Some(match s {
            "llvm_type" => LlvmConstraint::Type,
            "llvm_primitive" => LlvmConstraint::Primitive,
            "llvm_loadable" => LlvmConstraint::Loadable,
            "llvm_pointer" => LlvmConstraint::Pointer,
            "llvm_aggregate" => LlvmConstraint::Aggregate,
            "llvm_non_aggregate" => LlvmConstraint::NonAggregate,
            "llvm_float" => LlvmConstraint::Float,
            "llvm_vector" => LlvmConstraint::Vector,
            "llvm_struct" => LlvmConstraint::Struct,
            "llvm_function" => LlvmConstraint::Function,
            "llvm_default_pointer" => LlvmConstraint::DefaultPointer,
            "llvm_token" => LlvmConstraint::Token,
            _ => return None,
        })
    }

    pub fn accepts(self, ctx: &Context, t: TypeId) -> bool {
        let k = kind_of(ctx, t);
        let compatible = k != Kind::Incompatible;
        match self {
            LlvmConstraint::Type => compatible,
            LlvmConstraint::Primitive => compatible && !matches!(k, Kind::Void | Kind::Func),
            LlvmConstraint::Loadable => {
                compatible
                    && !matches!(
                        k,
                        Kind::Void | Kind::Func | Kind::Struct { opaque: true } | Kind::TargetExt
                    )
            }
            LlvmConstraint::Pointer => k == Kind::Ptr,
            LlvmConstraint::Aggregate => matches!(k, Kind::Struct { .. } | Kind::Array),
            LlvmConstraint::NonAggregate => {
                compatible && !matches!(k, Kind::Struct { .. } | Kind::Array)
            }
            LlvmConstraint::Float => {
                k == Kind::Float || llvm_body(ctx, t) == Some(b".ppc_fp128".as_slice())
            }
            LlvmConstraint::Vector => is_compatible_vector(ctx, t),
            LlvmConstraint::Struct => matches!(k, Kind::Struct { .. }),
            LlvmConstraint::Function => k == Kind::Func,
            LlvmConstraint::DefaultPointer => {
                matches!(llvm_body(ctx, t), Some(b) if b == b".ptr" || b == b".ptr<0>")
            }
            LlvmConstraint::Token => llvm_body(ctx, t) == Some(b".token".as_slice()),
        }
    }
}

/// MLIR's `isCompatibleVectorType`. A builtin vector of `!llvm.ptr`
/// (MLIR 22) only parses at level 22.
pub fn is_compatible_vector(ctx: &Context, t: TypeId) -> bool {
    match ctx.type_data(t) {
        TypeData::Vector { shape, elem, .. } if shape.len() == 1 => {
            matches!(kind_of(ctx, *elem), Kind::Int | Kind::Float | Kind::Ptr)
        }
        _ => kind_of(ctx, t) == Kind::Vec,
    }
}

/// The element of a compatible vector: a builtin vector's element type, or
/// the text of an `!llvm.vec`'s element.
pub enum VectorElem<'a> {
    Builtin(TypeId),
    Text(&'a [u8]),
}

pub fn vector_elem(ctx: &Context, t: TypeId) -> Option<VectorElem<'_>> {
    match ctx.type_data(t) {
        TypeData::Vector { shape, elem, .. } if shape.len() == 1 => {
            Some(VectorElem::Builtin(*elem))
        }
        _ => {
            let body = llvm_body(ctx, t)?;
            let inner = body.strip_prefix(b".vec<")?.strip_suffix(b">")?;
            // `? x N x T` or `N x T`: the element is after the last ` x `.
            let at = inner.windows(3).rposition(|w| w == b" x ")?;
            Some(VectorElem::Text(trim(&inner[at + 3..])))
        }
    }
}

/// A decoded LLVM dialect type (or a builtin type LLVM ops use, by text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LlvmType {
    Ptr {
        addr_space: u32,
    },
    Struct {
        /// The identified struct's name (unescaped text between the quotes).
        name: Option<Box<str>>,
        packed: bool,
        opaque: bool,
        /// Element types as printed (nested LLVM types without `!llvm.`).
        body: Box<[Box<str>]>,
    },
    Array {
        len: u64,
        elem: Box<str>,
    },
    Func {
        result: Box<str>,
        params: Box<[Box<str>]>,
        variadic: bool,
    },
    Vec {
        scalable: bool,
        len: u64,
        elem: Box<str>,
    },
    Void,
    /// Another LLVM type (token, label, metadata, target extension, ...).
    Other,
}

impl LlvmType {
    /// Decodes `t` when it is an `!llvm.*` type.
    pub fn of(ctx: &Context, t: TypeId) -> Option<LlvmType> {
        let body = body_text(ctx, t)?;
        LlvmType::parse(body.strip_prefix('.')?)
    }

    /// Decodes the text of an LLVM type written without `!llvm.`
    /// (`ptr<1>`, `struct<(i32, ptr)>`, `array<4 x i8>`, `func<void (...)>`).
    pub fn parse(text: &str) -> Option<LlvmType> {
        let text = text.trim();
        let (mnemonic, rest) = match text.find('<') {
            Some(i) => (&text[..i], Some(text[i + 1..].strip_suffix('>')?)),
            None => (text, None),
        };
        Some(match (mnemonic, rest) {
            ("ptr", None) => LlvmType::Ptr { addr_space: 0 },
            ("ptr", Some(n)) => LlvmType::Ptr {
                addr_space: n.trim().parse().ok()?,
            },
            ("void", None) => LlvmType::Void,
            ("array", Some(inner)) => {
                let (n, elem) = inner.split_once(" x ")?;
                LlvmType::Array {
                    len: n.trim().parse().ok()?,
                    elem: elem.trim().into(),
                }
            }
            ("vec", Some(inner)) => {
                let (scalable, inner) = match inner.trim().strip_prefix('?') {
                    Some(r) => (true, r.trim_start().strip_prefix('x')?.trim_start()),
                    None => (false, inner),
                };
                let (n, elem) = inner.split_once(" x ")?;
                LlvmType::Vec {
                    scalable,
                    len: n.trim().parse().ok()?,
                    elem: elem.trim().into(),
                }
            }
            ("func", Some(inner)) => {
                let open = top_level_paren(inner)?;
                let result = inner[..open].trim();
                let params = inner[open..].trim().strip_prefix('(')?.strip_suffix(')')?;
                let mut params = split_top(params);
                let variadic = params.last().is_some_and(|p| &**p == "...");
                if variadic {
                    params.pop();
                }
                LlvmType::Func {
                    result: result.into(),
                    params: params.into(),
                    variadic,
                }
            }
            ("struct", Some(inner)) => parse_struct(inner)?,
            _ => LlvmType::Other,
        })
    }

    /// The type of element `i` of an aggregate (struct field, array element).
    pub fn element(&self, i: i64) -> Option<&str> {
        match self {
            LlvmType::Struct {
                body,
                opaque: false,
                ..
            } => usize::try_from(i)
                .ok()
                .and_then(|i| body.get(i))
                .map(|s| &**s),
            LlvmType::Array { len, elem } if i >= 0 && (i as u64) < *len => Some(elem),
            _ => None,
        }
    }
}

/// The byte indices of `s` outside string literals with their nesting
/// depth in `<>`, `()`, `[]`, `{}` before the byte (an opening bracket is
/// reported at the depth it opens from).
fn depths(s: &str) -> impl Iterator<Item = (usize, i32, u8)> + '_ {
    let mut depth = 0i32;
    let mut in_str = false;
    let mut escaped = false;
    s.bytes().enumerate().filter_map(move |(i, c)| {
        if in_str {
            match c {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_str = false,
                _ => {}
            }
            return None;
        }
        let at = depth;
        match c {
            b'"' => in_str = true,
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' | b')' | b']' | b'}' => depth -= 1,
            _ => {}
        }
        (c != b'"').then_some((i, at, c))
    })
}

/// The byte index of the `(` that opens a function type's parameter list
/// (the first `(` at nesting depth 0 after the result type).
fn top_level_paren(s: &str) -> Option<usize> {
    depths(s)
        .find(|&(_, d, c)| d == 0 && c == b'(')
        .map(|(i, _, _)| i)
}

/// Splits a comma-separated list at nesting depth 0.
fn split_top(s: &str) -> Vec<Box<str>> {
    Fields(s).iter().map(Into::into).collect()
}

/// A comma-separated list of nested type texts (a struct's fields), split
/// lazily at nesting depth 0 without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Fields<'t>(&'t str);

impl<'t> Fields<'t> {
    pub fn iter(self) -> impl Iterator<Item = &'t str> {
        let s = self.0;
        let mut start = if s.trim().is_empty() { None } else { Some(0) };
        let mut commas = depths(s).filter(|&(_, d, c)| d == 0 && c == b',');
        std::iter::from_fn(move || {
            let from = start?;
            let end = match commas.next() {
                Some((i, _, _)) => {
                    start = Some(i + 1);
                    i
                }
                None => {
                    start = None;
                    s.len()
                }
            };
            Some(s[from..end].trim())
        })
    }

    pub fn get(self, i: usize) -> Option<&'t str> {
        self.iter().nth(i)
    }
}

/// A struct type's text decoded without allocating.
struct StructRef<'t> {
    name: Option<&'t str>,
    packed: bool,
    opaque: bool,
    fields: Fields<'t>,
}

fn parse_struct_ref(inner: &str) -> Option<StructRef<'_>> {
    let mut rest = inner.trim();
    let mut name = None;
    let opaque = |name| StructRef {
        name,
        packed: false,
        opaque: true,
        fields: Fields(""),
    };
    if rest.starts_with('"') {
        let end = string_end(rest.as_bytes())?;
        name = Some(&rest[1..end - 1]);
        rest = rest[end..].trim_start();
        match rest.strip_prefix(',') {
            Some(r) => rest = r.trim_start(),
            // A reference to an identified struct (recursive use).
            None if rest.is_empty() => return Some(opaque(name)),
            None => return None,
        }
    }
    if rest == "opaque" {
        return Some(opaque(name));
    }
    let (packed, rest) = match rest.strip_prefix("packed") {
        Some(r) => (true, r.trim_start()),
        None => (false, rest),
    };
    let fields = rest.strip_prefix('(')?.strip_suffix(')')?;
    Some(StructRef {
        name,
        packed,
        opaque: false,
        fields: Fields(fields),
    })
}

fn parse_struct(inner: &str) -> Option<LlvmType> {
    let s = parse_struct_ref(inner)?;
    Some(LlvmType::Struct {
        name: s.name.map(Into::into),
        packed: s.packed,
        opaque: s.opaque,
        body: s.fields.iter().map(Into::into).collect(),
    })
}

/// An indexable LLVM type's text (struct, array, `!llvm.vec`) decoded just
/// enough to index it, borrowing the text: what the verifier walks for
/// every `getelementptr` and `insertvalue`, so it allocates nothing.
#[derive(Clone, Copy, Debug)]
pub enum Aggregate<'t> {
    Struct { opaque: bool, fields: Fields<'t> },
    Array { len: u64, elem: &'t str },
    Vec { elem: &'t str },
}

impl<'t> Aggregate<'t> {
    /// Decodes the text of an LLVM type written without `!llvm.`, as
    /// [`LlvmType::parse`] does; `None` for any other type or bad text.
    pub fn parse(text: &'t str) -> Option<Aggregate<'t>> {
        let text = text.trim();
        let open = text.find('<')?;
        let inner = text[open + 1..].strip_suffix('>')?;
        match &text[..open] {
            "struct" => parse_struct_ref(inner).map(|s| Aggregate::Struct {
                opaque: s.opaque,
                fields: s.fields,
            }),
            "array" => {
                let (n, elem) = inner.split_once(" x ")?;
                Some(Aggregate::Array {
                    len: n.trim().parse().ok()?,
                    elem: elem.trim(),
                })
            }
            "vec" => {
                let inner = match inner.trim().strip_prefix('?') {
                    Some(r) => r.trim_start().strip_prefix('x')?.trim_start(),
                    None => inner,
                };
                let (n, elem) = inner.split_once(" x ")?;
                n.trim().parse::<u64>().ok()?;
                Some(Aggregate::Vec { elem: elem.trim() })
            }
            _ => None,
        }
    }

    /// Element `i`, as [`LlvmType::element`]: a field of a struct with a
    /// body or an array element in bounds.
    pub fn element(self, i: i64) -> Option<&'t str> {
        match self {
            Aggregate::Struct {
                opaque: false,
                fields,
            } => usize::try_from(i).ok().and_then(|i| fields.get(i)),
            Aggregate::Array { len, elem } if i >= 0 && (i as u64) < len => Some(elem),
            _ => None,
        }
    }
}

/// Whether the type text `text` (as nested in an LLVM type: `i32`, `ptr`,
/// `struct<(i8)>`) names `t`.
pub fn same_type(ctx: &Context, text: &str, t: TypeId) -> bool {
    // The common cases without printing (the verifier calls this for every
    // call operand and function argument).
    match ctx.type_data(t) {
        TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        } => return text.strip_prefix('i').and_then(|w| w.parse::<u32>().ok()) == Some(*width),
        TypeData::Float(k) => return text == k.name(),
        TypeData::Dialect { .. } => {
            if let Some(body) = llvm_body(ctx, t) {
                if let TypeData::Dialect { body: pieces, .. } = ctx.type_data(t) {
                    if pieces.len() == 1 {
                        let text = text.strip_prefix("!llvm.").unwrap_or(text);
                        return body.strip_prefix(b".") == Some(text.as_bytes());
                    }
                }
            }
        }
        _ => {}
    }
    let printed = crate::printer::type_to_string(ctx, t);
    printed == text || printed.strip_prefix("!llvm.") == Some(text)
}

/// The text of `t` as nested in an LLVM type (`ptr` for `!llvm.ptr`).
pub fn nested_text(ctx: &Context, t: TypeId) -> String {
    nested_text_ref(ctx, t).into_owned()
}

/// [`nested_text`], borrowed from the context when the type is stored as
/// one piece of text (an LLVM type without nested `<`, or a float).
pub fn nested_text_ref(ctx: &Context, t: TypeId) -> Cow<'_, str> {
    match ctx.type_data(t) {
        TypeData::Integer {
            width,
            signedness: Signedness::Signless,
        } => return Cow::Owned(format!("i{width}")),
        TypeData::Float(k) => return Cow::Borrowed(k.name()),
        TypeData::Dialect { dialect, body } if ctx.bytes(*dialect) == b"llvm" => {
            if let [Piece::Text(s)] = &**body {
                if let Some(b) = std::str::from_utf8(ctx.bytes(*s))
                    .ok()
                    .and_then(|b| b.strip_prefix('.'))
                {
                    return Cow::Borrowed(b);
                }
            }
        }
        _ => {}
    }
    if let Some(body) = body_text(ctx, t) {
        if let Some(b) = body.strip_prefix('.') {
            return Cow::Owned(b.to_string());
        }
    }
    Cow::Owned(crate::printer::type_to_string(ctx, t))
}

/// `inner`, a slice of `cur`, as a text with `cur`'s ownership: borrowed
/// from the same place when `cur` is.
pub fn narrow<'c>(cur: &Cow<'c, str>, inner: &str) -> Cow<'c, str> {
    let start = (inner.as_ptr() as usize).wrapping_sub(cur.as_ptr() as usize);
    let range = start..start + inner.len();
    match cur {
        Cow::Borrowed(s) => match s.get(range) {
            Some(sub) => Cow::Borrowed(sub),
            None => Cow::Owned(inner.to_string()),
        },
        Cow::Owned(_) => Cow::Owned(inner.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_the_types_mlir_opt_prints() {
        assert_eq!(
            LlvmType::parse("ptr<3>"),
            Some(LlvmType::Ptr { addr_space: 3 })
        );
        assert_eq!(
            LlvmType::parse("array<4 x struct<(i8, ptr)>>"),
            Some(LlvmType::Array {
                len: 4,
                elem: "struct<(i8, ptr)>".into()
            })
        );
        assert_eq!(
            LlvmType::parse("func<void (ptr, ...)>"),
            Some(LlvmType::Func {
                result: "void".into(),
                params: vec!["ptr".into()].into(),
                variadic: true
            })
        );
        assert_eq!(
            LlvmType::parse("func<struct<(i32, i64)> (array<2 x i32>, i32)>"),
            Some(LlvmType::Func {
                result: "struct<(i32, i64)>".into(),
                params: vec!["array<2 x i32>".into(), "i32".into()].into(),
                variadic: false
            })
        );
        assert_eq!(
            LlvmType::parse(r#"struct<"a, b", packed (i8, array<2 x i8>)>"#),
            Some(LlvmType::Struct {
                name: Some("a, b".into()),
                packed: true,
                opaque: false,
                body: vec!["i8".into(), "array<2 x i8>".into()].into()
            })
        );
        assert!(matches!(
            LlvmType::parse(r#"struct<"t", opaque>"#),
            Some(LlvmType::Struct { opaque: true, .. })
        ));
        assert_eq!(
            LlvmType::parse("vec<? x 4 x f32>"),
            Some(LlvmType::Vec {
                scalable: true,
                len: 4,
                elem: "f32".into()
            })
        );
        assert_eq!(
            LlvmType::parse("struct<()>").and_then(|s| s.element(0).map(str::to_owned)),
            None
        );
    }

    #[test]
    fn opaque_structs_are_told_apart() {
        assert!(struct_is_opaque(b"<opaque>"));
        assert!(struct_is_opaque(br#"<"x", opaque>"#));
        assert!(struct_is_opaque(br#"<"x">"#));
        assert!(!struct_is_opaque(br#"<"x", (i32)>"#));
        assert!(!struct_is_opaque(b"<(i32)>"));
    }

    #[test]
    fn lists_split_at_depth_zero_outside_strings() {
        let parts = split_top(r#"i32, struct<"a,\"(b", (i8, ptr)>, array<2 x vec<4 x i1>>"#);
        let parts: Vec<&str> = parts.iter().map(|s| &**s).collect();
        assert_eq!(
            parts,
            [
                "i32",
                r#"struct<"a,\"(b", (i8, ptr)>"#,
                "array<2 x vec<4 x i1>>"
            ]
        );
        assert!(split_top("  ").is_empty());
        assert_eq!(top_level_paren("struct<(i8)> (i32, ...)"), Some(13));
        assert_eq!(top_level_paren(r#"struct<"(">"#), None);
    }
}
