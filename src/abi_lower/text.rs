//! Types spelled as text: unregistered dialect types (`!cir.*`, `!fir.*`)
//! are kept by the IR core as their printed body, so the rewrite contexts
//! read and build them as text. Shared by the CIR and FIR contexts.

use irkit_ir::{AttrData, AttrId, Context, FloatKind, Module, OpId, Piece, Signedness};
use irkit_ir::{Sym, TypeData, TypeId};
use rustc_hash::FxHashMap;

/// Printed spellings of types, cached.
#[derive(Default)]
pub struct TypeText {
    cache: FxHashMap<TypeId, String>,
    aliases: Option<FxHashMap<Vec<u8>, TypeId>>,
}

impl TypeText {
    /// The spelling of `ty` as mlir-opt prints it (no aliases).
    pub fn get(&mut self, ctx: &Context, ty: TypeId) -> &str {
        self.cache
            .entry(ty)
            .or_insert_with(|| spell(ctx, ty))
            .as_str()
    }

    /// The type spelled `text` (a dialect type, an alias `!name`, or a
    /// builtin scalar).
    pub fn intern(&mut self, m: &mut Module, text: &str) -> Result<TypeId, String> {
        let text = text.trim();
        if let Some(rest) = text.strip_prefix('!') {
            let ns_end = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
                .unwrap_or(rest.len());
            let (ns, body) = rest.split_at(ns_end);
            if body.is_empty() {
                // An alias (`!s32i`).
                let aliases = self.aliases.get_or_insert_with(|| {
                    m.type_aliases
                        .iter()
                        .map(|&(s, t)| (m.ctx.bytes(s).to_vec(), t))
                        .collect()
                });
                return aliases
                    .get(ns.as_bytes())
                    .copied()
                    .ok_or_else(|| format!("unknown type alias '!{ns}'"));
            }
            if ns.is_empty() {
                return Err(format!("cannot read the type '{text}'"));
            }
            return Ok(dialect_type(&mut m.ctx, ns, body));
        }
        builtin(&mut m.ctx, text).ok_or_else(|| format!("cannot read the type '{text}'"))
    }
}

/// A dialect type `!ns<body>` whose body (everything after the namespace)
/// is `body`, as the parser stores unregistered dialect types.
pub fn dialect_type(ctx: &mut Context, ns: &str, body: &str) -> TypeId {
    let dialect = ctx.sym_str(ns);
    let b = ctx.sym_str(body);
    ctx.ty(TypeData::Dialect {
        dialect,
        body: Box::new([Piece::Text(b)]),
    })
}

/// The spelling of `ty` (a dialect type's verbatim text, else as printed).
pub fn spell(ctx: &Context, ty: TypeId) -> String {
    if let TypeData::Dialect { dialect, body } = ctx.type_data(ty) {
        if let [Piece::Text(t)] = body.as_ref() {
            let mut s = String::with_capacity(1 + ctx.bytes(*dialect).len() + ctx.bytes(*t).len());
            s.push('!');
            for part in [ctx.bytes(*dialect), ctx.bytes(*t)] {
                match std::str::from_utf8(part) {
                    Ok(x) => s.push_str(x),
                    Err(_) => s.push_str(&String::from_utf8_lossy(part)),
                }
            }
            return s;
        }
    }
    irkit_ir::printer::type_to_string(ctx, ty)
}

/// Builtin scalar types by name (`i32`, `si8`, `ui16`, `f64`, `index`,
/// `token`, `none`).
pub fn builtin(ctx: &mut Context, word: &str) -> Option<TypeId> {
    let data = match word {
        "index" => TypeData::Index,
        "token" => TypeData::Token,
        "none" => TypeData::None,
        _ => {
            if let Some(k) = FloatKind::from_name(word) {
                TypeData::Float(k)
            } else {
                let (signedness, digits) = if let Some(d) = word.strip_prefix("si") {
                    (Signedness::Signed, d)
                } else if let Some(d) = word.strip_prefix("ui") {
                    (Signedness::Unsigned, d)
                } else {
                    (Signedness::Signless, word.strip_prefix('i')?)
                };
                if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
                    return None;
                }
                let width = digits.parse().ok()?;
                TypeData::Integer { width, signedness }
            }
        }
    };
    Some(ctx.ty(data))
}

/// Reads the parenthesized list that `s` starts with: the items between
/// its top-level commas (outside `<>`, `()`, `[]`, `{}` and strings;
/// trimmed; none for `()`) and the index of the `)` that closes it. One
/// pass over the text: a function type's spelling carries its records'
/// bodies, so it is long. `None` when `s` does not start with `(` or the
/// list is not closed.
pub fn paren_list(s: &str) -> Option<(Vec<&str>, usize)> {
    let b = s.as_bytes();
    if b.first() != Some(&b'(') {
        return None;
    }
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 1;
    let mut i = 1;
    while i < b.len() {
        match b[i] {
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    if b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
            }
            b'<' | b'(' | b'[' | b'{' => depth += 1,
            b'>' if b[i - 1] == b'-' => {}
            b')' if depth == 0 => {
                let last = s[start..i].trim();
                if !last.is_empty() || !out.is_empty() {
                    out.push(last);
                }
                return Some((out, i));
            }
            b'>' | b')' | b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Attribute helpers a context uses (typed integer attributes).
pub struct OpBuilder {
    pub i64: TypeId,
    pub index: TypeId,
}

impl OpBuilder {
    pub fn new(ctx: &mut Context) -> OpBuilder {
        OpBuilder {
            i64: ctx.int_type(64),
            index: ctx.ty(TypeData::Index),
        }
    }

    /// An `N : i64` attribute.
    pub fn i64_attr(&self, ctx: &mut Context, n: u64) -> AttrId {
        ctx.attr(AttrData::Integer {
            ty: self.i64,
            words: Box::new([n]),
        })
    }

    /// An `N : index` attribute.
    pub fn index_attr(&self, ctx: &mut Context, n: u64) -> AttrId {
        ctx.attr(AttrData::Integer {
            ty: self.index,
            words: Box::new([n]),
        })
    }
}

/// A dictionary attribute of `entries` (distinct names).
pub fn dict(ctx: &mut Context, entries: Vec<(Sym, AttrId)>) -> AttrId {
    match ctx.dict_attr(entries) {
        Ok(d) => d,
        Err(_) => ctx.empty_dict(),
    }
}

/// Replaces (or removes, with `None`) entries of a property dictionary.
pub fn update_dict(
    ctx: &mut Context,
    dict: Option<AttrId>,
    set: &[(Sym, Option<AttrId>)],
) -> AttrId {
    let mut entries: Vec<(Sym, AttrId)> = match dict.map(|d| ctx.attr_data(d)) {
        Some(AttrData::Dict(e)) => e.to_vec(),
        _ => Vec::new(),
    };
    for &(k, v) in set {
        entries.retain(|(x, _)| *x != k);
        if let Some(v) = v {
            entries.push((k, v));
        }
    }
    match ctx.dict_attr(entries) {
        Ok(d) => d,
        Err(_) => ctx.empty_dict(),
    }
}

/// `arg_attrs` / `res_attrs` values for a lowered signature: `None` when
/// every dictionary is empty.
pub fn dict_array(ctx: &mut Context, dicts: &[AttrId]) -> Option<AttrId> {
    let empty = ctx.empty_dict();
    if dicts.iter().all(|&d| d == empty) {
        return None;
    }
    Some(ctx.attr(AttrData::Array(dicts.into())))
}

/// The entry block of a function op with a non-empty body.
pub fn entry_block(m: &Module, op: OpId) -> Option<irkit_ir::BlockId> {
    let r = *m[op].regions.first()?;
    m[r].blocks.first().copied()
}
