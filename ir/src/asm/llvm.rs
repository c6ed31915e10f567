//! The LLVM dialect's custom syntax, MLIR 19 exact: the `custom<Name>`
//! directives its declarative formats use (`LLVMOpAttrs`, `OverflowFlags`,
//! `GEPIndices`, `InsertExtractValueElementType`, `ShuffleType`,
//! `SwitchOpCases`) and the ops whose syntax MLIR writes in C++
//! (`llvm.func`, `llvm.mlir.global`, `llvm.call`, `llvm.alloca`,
//! `llvm.icmp`, `llvm.fcmp`).
//!
//! The format engine (`print.rs`/`parse.rs`) and `custom.rs` hand over to
//! this module by name; nothing here is generic.

use super::format::{Elem, TypeArg};
use super::parse::Parsed;
use crate::context::{AttrData, AttrId, Context, TypeData, TypeId};
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::llvm::LlvmType;
use crate::parser::{PResult, Parser};
use crate::printer::{Elide, Printer, RegionStyle};

/// LLVM ops with a hand-written syntax.
const CUSTOM_OPS: &[&str] = &[
    "llvm.func",
    "llvm.mlir.global",
    "llvm.call",
    "llvm.alloca",
    "llvm.icmp",
    "llvm.fcmp",
    "llvm.switch",
    "llvm.landingpad",
];

/// Whether `name` is an LLVM op with a hand-written syntax.
pub(crate) fn has_custom_syntax(name: &str) -> bool {
    CUSTOM_OPS.contains(&name)
}

/// Names of the LLVM dialect's `custom<Name>` directives.
pub(crate) fn has_directive(name: &str) -> bool {
    matches!(
        name,
        "LLVMOpAttrs"
            | "OverflowFlags"
            | "GEPIndices"
            | "InsertExtractValueElementType"
            | "ShuffleType"
    )
}

/// The attributes each hand-written syntax prints itself or leaves out.
fn elided(name: &str) -> &'static [&'static str] {
    match name {
        "llvm.func" => &[
            "sym_name",
            "sym_visibility",
            "function_type",
            "arg_attrs",
            "res_attrs",
            "linkage",
            "CConv",
            "visibility_",
            "unnamed_addr",
        ],
        "llvm.mlir.global" => &[
            "sym_name",
            "global_type",
            "constant",
            "value",
            "linkage",
            "unnamed_addr",
            "thread_local_",
            "visibility_",
            "comdat",
        ],
        "llvm.call" => &["callee", "TailCallKind", "var_callee_type", "CConv"],
        "llvm.alloca" => &["elem_type", "inalloca"],
        "llvm.icmp" | "llvm.fcmp" => &["predicate"],
        "llvm.landingpad" => &["cleanup"],
        "llvm.switch" => &[
            "case_values",
            "case_operand_segments",
            "operandSegmentSizes",
        ],
        _ => &[],
    }
}

/// Indices of the attributes a hand-written syntax prints itself.
pub(crate) fn elided_attrs(def: &OpDef) -> Vec<u32> {
    let names = elided(&def.name);
    def.attrs
        .iter()
        .enumerate()
        .filter(|(_, a)| names.contains(&&*a.name))
        .map(|(i, _)| i as u32)
        .collect()
}

// ------------------------------------------------------------ helpers

fn attr_of(p: &Printer<'_>, op: OpId, name: &str) -> Option<AttrId> {
    let d = &p.m.ops[op];
    d.properties
        .and_then(|props| p.ctx.dict_get(props, name.as_bytes()))
        .or_else(|| p.ctx.dict_get(d.attrs, name.as_bytes()))
}

/// The text of a `#llvm.mnemonic<text>` attribute's body, if `a` is one.
fn dialect_body<'c>(ctx: &'c Context, a: AttrId, mnemonic: &str) -> Option<&'c [u8]> {
    let AttrData::Dialect { body, .. } = ctx.attr_data(a) else {
        return None;
    };
    let [crate::context::Piece::Text(t)] = &body[..] else {
        return None;
    };
    let text = ctx.bytes(*t);
    let rest = text.strip_prefix(b".")?.strip_prefix(mnemonic.as_bytes())?;
    rest.strip_prefix(b"<")?.strip_suffix(b">")
}

fn int_value(ctx: &Context, a: AttrId) -> Option<i64> {
    match ctx.attr_data(a) {
        AttrData::Integer { words, .. } => Some(words.first().copied().unwrap_or(0) as i64),
        _ => None,
    }
}

/// The values of a dense integer array, sign-extended from their width.
pub(crate) fn dense_values(ctx: &Context, a: AttrId) -> Option<Vec<i64>> {
    let AttrData::DenseArray { elem, values } = ctx.attr_data(a) else {
        return None;
    };
    let width = match ctx.type_data(*elem) {
        TypeData::Integer { width, .. } => *width,
        _ => return None,
    };
    Some(values.iter().map(|&v| sign_extend(v, width)).collect())
}

fn sign_extend(v: u128, width: u32) -> i64 {
    if width == 0 || width >= 64 {
        return v as u64 as i64;
    }
    let shift = 64 - width;
    ((v as u64) << shift) as i64 >> shift
}

/// A dense integer array of `width`-bit elements.
pub(crate) fn dense_attr(ctx: &mut Context, width: u32, values: &[i64]) -> AttrId {
    let elem = ctx.int_type(width);
    let mask: u128 = if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    };
    let values: Box<[u128]> = values.iter().map(|&v| (v as i128 as u128) & mask).collect();
    ctx.attr(AttrData::DenseArray { elem, values })
}

/// ` {a = 1, b}` without the `skip` names (and without `fastmathFlags`
/// when it is `none`, as MLIR's `processFMFAttr` drops it); `keyword`
/// prints ` attributes` before it. Unlike the format engine's `attr-dict`,
/// default values are printed: MLIR's hand-written printers do.
pub(super) fn print_attrs_except(p: &mut Printer<'_>, op: OpId, skip: &[&str], keyword: bool) {
    let ctx = p.ctx;
    let d = &p.m.ops[op];
    let mut entries: Vec<(&[u8], AttrId)> = Vec::new();
    for dict in [d.properties, Some(d.attrs)].into_iter().flatten() {
        if let AttrData::Dict(es) = ctx.attr_data(dict) {
            for &(k, v) in es.iter() {
                let kb = ctx.bytes(k);
                if skip.iter().any(|s| s.as_bytes() == kb) {
                    continue;
                }
                if kb == b"fastmathFlags" && dialect_body(ctx, v, "fastmath") == Some(b"none") {
                    continue;
                }
                entries.push((kb, v));
            }
        }
    }
    if entries.is_empty() {
        return;
    }
    entries.sort_by(|a, b| a.0.cmp(b.0));
    if keyword {
        p.out.extend_from_slice(b" attributes");
    }
    p.out.extend_from_slice(b" {");
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_keyword_or_string(k);
        if matches!(ctx.attr_data(*v), AttrData::Unit) {
            continue;
        }
        p.out.extend_from_slice(b" = ");
        p.print_attr(*v, Elide::Never);
    }
    p.out.push(b'}');
}

/// The LLVM type mnemonics that a nested type text starts with.
const LLVM_MNEMONICS: &[&str] = &[
    "ptr",
    "struct",
    "array",
    "vec",
    "func",
    "void",
    "token",
    "label",
    "metadata",
    "target",
    "x86_amx",
    "ppc_fp128",
    "x86_mmx",
];

fn is_llvm_nested(text: &str) -> bool {
    let head = text.split(['<', ' ']).next().unwrap_or("");
    LLVM_MNEMONICS.contains(&head)
}

/// Prints a type written as nested in an LLVM type (`ptr` is `!llvm.ptr`).
fn print_nested_type_text(p: &mut Printer<'_>, text: &str) {
    if is_llvm_nested(text) {
        p.out.extend_from_slice(b"!llvm.");
    }
    p.out.extend_from_slice(text.as_bytes());
}

impl<'a> Parser<'a> {
    /// The type a nested LLVM type text names (`ptr`, `i32`,
    /// `struct<(i8)>`), uniqued in this module's context.
    /// The element type of an `!llvm.vec<N x T>`.
    pub(crate) fn llvm_vec_elem(&mut self, t: TypeId) -> Option<TypeId> {
        let text = match crate::llvm::vector_elem(&self.m.ctx, t)? {
            crate::llvm::VectorElem::Builtin(e) => return Some(e),
            crate::llvm::VectorElem::Text(b) => String::from_utf8_lossy(b).into_owned(),
        };
        let at = self.pos;
        self.llvm_nested_type(&text, at).ok()
    }

    pub(crate) fn llvm_nested_type(&mut self, text: &str, at: usize) -> PResult<TypeId> {
        let full;
        let text = if is_llvm_nested(text) {
            full = format!("!llvm.{text}");
            &full
        } else {
            text
        };
        match self.parse_attr_text(text).map(|a| self.m.ctx.attr_data(a)) {
            Some(AttrData::Type(t)) => Ok(*t),
            _ => self.err_at(at, format!("cannot read the type '{text}'")),
        }
    }
}

/// The type at `pos` in the aggregate `container`, found on its text
/// without decoding it; `None` when a step fails (the caller reports why).
fn fast_element_type(
    p: &mut Parser<'_>,
    container: TypeId,
    pos: &[i64],
    at: usize,
) -> Option<PResult<TypeId>> {
    if pos.is_empty() {
        return None;
    }
    let mut ty = crate::llvm::nested_text_ref(&p.m.ctx, container);
    for &i in pos {
        let e = crate::llvm::Aggregate::parse(&ty)?.element(i)?;
        ty = crate::llvm::narrow(&ty, e);
    }
    let text = ty.into_owned();
    Some(p.llvm_nested_type(&text, at))
}

fn set_types(out: &mut Parsed<'_>, arg: TypeArg, types: Vec<TypeId>) {
    match arg {
        TypeArg::Operand(i) => out.operand_types[i as usize] = Some(types),
        TypeArg::Result(i) => out.result_types[i as usize] = Some(types),
        TypeArg::Operands => out.all_operand_types = Some(types),
        TypeArg::Results => out.all_result_types = Some(types),
    }
}

fn type_of_arg(out: &Parsed<'_>, arg: TypeArg) -> Option<TypeId> {
    let list = match arg {
        TypeArg::Operand(i) => out.operand_types.get(i as usize)?.as_ref(),
        TypeArg::Result(i) => out.result_types.get(i as usize)?.as_ref(),
        TypeArg::Operands => out.all_operand_types.as_ref(),
        TypeArg::Results => out.all_result_types.as_ref(),
    };
    list.and_then(|l| l.first().copied())
}

pub(super) fn set_attr(
    p: &mut Parser<'_>,
    def: &OpDef,
    out: &mut Parsed<'_>,
    name: &str,
    a: AttrId,
) {
    if let Some(i) = def.attrs.iter().position(|x| &*x.name == name) {
        out.attrs[i] = Some(a);
    } else {
        let k = p.m.ctx.sym(name.as_bytes());
        out.dict.push((k, a));
    }
}

fn parse_optional_attr_dict(p: &mut Parser<'_>, out: &mut Parsed<'_>) -> PResult<()> {
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    Ok(())
}

fn i64_attr(p: &mut Parser<'_>, width: u32, v: i64) -> AttrId {
    let ty = p.m.ctx.int_type(width);
    p.m.ctx.attr(AttrData::Integer {
        ty,
        words: vec![v as u64].into(),
    })
}

/// `#llvm.mnemonic<body>` built from its body text.
fn llvm_attr(p: &mut Parser<'_>, mnemonic: &str, body: &str, at: usize) -> PResult<AttrId> {
    let text = format!("#llvm.{mnemonic}<{body}>");
    match p.parse_attr_text(&text) {
        Some(a) => Ok(a),
        None => p.err_at(at, format!("invalid '{mnemonic}' value '{body}'")),
    }
}

// ----------------------------------------------------------- directives

/// Prints a `custom<Name>(...)` directive of the LLVM dialect.
pub(crate) fn print_directive(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    name: &str,
    args: &[Elem],
) {
    match (name, args) {
        ("LLVMOpAttrs", _) => p.print_attr_dict(def, op, false, &[]),
        ("OverflowFlags", [Elem::Attr { idx, .. }]) => {
            let ad = &def.attrs[*idx as usize];
            if let Some(body) =
                attr_of(p, op, &ad.name).and_then(|a| dialect_body(p.ctx, a, "overflow"))
            {
                if body != b"none" {
                    p.out.extend_from_slice(b" overflow<");
                    p.out.extend_from_slice(body);
                    p.out.push(b'>');
                }
            }
        }
        ("GEPIndices", [Elem::Operand(i), Elem::Attr { idx, .. }]) => {
            let m = p.m;
            let range = super::print::operand_range(m, def, op, *i as usize);
            let values = &m.ops[op].operands[range];
            let raw = attr_of(p, op, &def.attrs[*idx as usize].name)
                .and_then(|a| dense_values(p.ctx, a))
                .unwrap_or_default();
            let mut next = 0usize;
            for (k, &s) in raw.iter().enumerate() {
                if k > 0 {
                    p.out.extend_from_slice(b", ");
                }
                if s == i64::from(i32::MIN) {
                    if let Some(&v) = values.get(next) {
                        p.print_value(v);
                    }
                    next += 1;
                } else {
                    p.out.extend_from_slice(s.to_string().as_bytes());
                }
            }
        }
        // `InsertExtractValueElementType` and `ShuffleType` only infer a
        // type: nothing is printed (but the engine's space before them is,
        // hence MLIR 19's trailing space).
        _ => {}
    }
}

/// Reads a `custom<Name>(...)` directive of the LLVM dialect.
pub(crate) fn parse_directive<'a>(
    p: &mut Parser<'a>,
    _def: &OpDef,
    name: &str,
    args: &[Elem],
    out: &mut Parsed<'a>,
) -> PResult<()> {
    match (name, args) {
        ("LLVMOpAttrs", _) => parse_optional_attr_dict(p, out),
        ("OverflowFlags", [Elem::Attr { idx, .. }]) => {
            if p.peek_ident() == b"overflow" {
                p.pos += b"overflow".len();
                p.skip_ws();
                let at = p.pos;
                p.expect(b'<', "'<'")?;
                let start = p.pos;
                let Some(len) = p.src[start..].iter().position(|&c| c == b'>') else {
                    return p.err_at(at, "expected '>'");
                };
                let body = String::from_utf8_lossy(&p.src[start..start + len]).into_owned();
                p.pos = start + len + 1;
                let a = llvm_attr(p, "overflow", &body, at)?;
                out.attrs[*idx as usize] = Some(a);
            }
            Ok(())
        }
        ("GEPIndices", [Elem::Operand(i), Elem::Attr { idx, .. }]) => {
            let mut raw: Vec<i64> = Vec::new();
            if p.peek() != Some(b']') {
                loop {
                    if p.peek() == Some(b'%') {
                        let r = p.parse_value_ref()?;
                        out.operands[*i as usize].push(r);
                        raw.push(i64::from(i32::MIN));
                    } else {
                        p.skip_ws();
                        let at = p.pos;
                        let neg = p.eat(b'-');
                        let v = p.integer()? as i64;
                        let v = if neg { v.wrapping_neg() } else { v };
                        if i32::try_from(v).is_err() {
                            return p.err_at(at, "expected a 32-bit integer");
                        }
                        raw.push(v);
                    }
                    if !p.eat(b',') {
                        break;
                    }
                }
            }
            let a = dense_attr(&mut p.m.ctx, 32, &raw);
            out.attrs[*idx as usize] = Some(a);
            Ok(())
        }
        (
            "InsertExtractValueElementType",
            [Elem::Type { arg, .. }, Elem::Ref(container), Elem::Ref(position)],
        ) => {
            p.skip_ws();
            let at = p.pos;
            let (Elem::Type { arg: carg, .. }, Elem::Attr { idx, .. }) =
                (&**container, &**position)
            else {
                return p.err_at(at, "malformed InsertExtractValueElementType directive");
            };
            let Some(cty) = type_of_arg(out, *carg) else {
                return p.err_at(at, "expected the container's type");
            };
            let pos = out.attrs[*idx as usize]
                .and_then(|a| dense_values(&p.m.ctx, a))
                .unwrap_or_default();
            // The common case without allocating: walk the container's
            // text; any failure takes the decoding path below, which
            // reports it.
            if let Some(t) = fast_element_type(p, cty, &pos, at) {
                set_types(out, *arg, vec![t?]);
                return Ok(());
            }
            let Some(mut cur) = LlvmType::of(&p.m.ctx, cty) else {
                return p.err_at(at, "expected LLVM IR structure/array type");
            };
            let mut text = String::new();
            for (k, &i) in pos.iter().enumerate() {
                let Some(e) = cur.element(i) else {
                    return p.err_at(at, format!("position out of bounds: {i}"));
                };
                text = e.to_string();
                if k + 1 < pos.len() {
                    match LlvmType::parse(&text) {
                        Some(t) => cur = t,
                        None => return p.err_at(at, "expected LLVM IR structure/array type"),
                    }
                }
            }
            let t = p.llvm_nested_type(&text, at)?;
            set_types(out, *arg, vec![t]);
            Ok(())
        }
        ("ShuffleType", [Elem::Ref(v1), Elem::Type { arg, .. }, Elem::Ref(mask)]) => {
            p.skip_ws();
            let at = p.pos;
            let (Elem::Type { arg: varg, .. }, Elem::Attr { idx, .. }) = (&**v1, &**mask) else {
                return p.err_at(at, "malformed ShuffleType directive");
            };
            let Some(vty) = type_of_arg(out, *varg) else {
                return p.err_at(at, "expected the vector's type");
            };
            let n = out.attrs[*idx as usize]
                .and_then(|a| dense_values(&p.m.ctx, a))
                .map_or(0, |v| v.len());
            let t = match p.m.ctx.type_data(vty).clone() {
                TypeData::Vector { scalable, elem, .. } => p.m.ctx.ty(TypeData::Vector {
                    shape: vec![n as i64].into(),
                    scalable,
                    elem,
                }),
                _ => match LlvmType::of(&p.m.ctx, vty) {
                    Some(LlvmType::Vec { scalable, elem, .. }) => {
                        let q = if scalable { "? x " } else { "" };
                        p.llvm_nested_type(&format!("vec<{q}{n} x {elem}>"), at)?
                    }
                    _ => return p.err_at(at, "expected an LLVM compatible vector type"),
                },
            };
            set_types(out, *arg, vec![t]);
            Ok(())
        }
        _ => {
            p.skip_ws();
            let at = p.pos;
            p.err_at(at, format!("no parser is registered for 'custom<{name}>'"))
        }
    }
}

// -------------------------------------------------------------- printing

/// Prints the body of a hand-written LLVM op (after its name).
pub(crate) fn print(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    match &*def.name {
        "llvm.func" => print_func(p, op, indent),
        "llvm.mlir.global" => print_global(p, op, indent),
        "llvm.call" => print_call(p, op),
        "llvm.alloca" => print_alloca(p, op),
        "llvm.icmp" => print_cmp(p, op, ICMP),
        "llvm.fcmp" => print_cmp(p, op, FCMP),
        "llvm.switch" => print_switch(p, def, op, indent, SwitchStyle::Llvm),
        "llvm.landingpad" => super::llvm_eh::print_landingpad(p, op),
        _ => {}
    }
}

const ICMP: &[&str] = &[
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
];
const FCMP: &[&str] = &[
    "_false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "_true",
];

/// ` "pred" %a, %b {attrs} : T`.
fn print_cmp(p: &mut Printer<'_>, op: OpId, names: &[&str]) {
    let m = p.m;
    let d = &m.ops[op];
    let pred = attr_of(p, op, "predicate").and_then(|a| int_value(p.ctx, a));
    p.out.extend_from_slice(b" \"");
    if let Some(n) = pred
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|i| names.get(i))
    {
        p.out.extend_from_slice(n.as_bytes());
    }
    p.out.extend_from_slice(b"\" ");
    if let [a, b] = d.operands[..] {
        p.print_value(a);
        p.out.extend_from_slice(b", ");
        p.print_value(b);
    }
    print_attrs_except(p, op, elided("llvm.icmp"), false);
    p.out.extend_from_slice(b" : ");
    if let Some(&a) = d.operands.first() {
        p.print_type(m.values[a].ty);
    }
}

/// ` [inalloca] %n x T {attrs} : (I) -> R`.
fn print_alloca(p: &mut Printer<'_>, op: OpId) {
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    if attr_of(p, op, "inalloca").is_some() {
        p.out.extend_from_slice(b"inalloca ");
    }
    if let Some(&n) = d.operands.first() {
        p.print_value(n);
    }
    p.out.extend_from_slice(b" x ");
    if let Some(AttrData::Type(t)) = attr_of(p, op, "elem_type").map(|a| p.ctx.attr_data(a)) {
        p.print_type(*t);
    }
    print_attrs_except(p, op, elided("llvm.alloca"), false);
    p.out.extend_from_slice(b" : (");
    if let Some(&n) = d.operands.first() {
        p.print_type(m.values[n].ty);
    }
    p.out.extend_from_slice(b") -> ");
    if let Some(&r) = d.results.first() {
        p.print_type(m.values[r].ty);
    }
}

fn keyword_of<'c>(ctx: &'c Context, a: Option<AttrId>, mnemonic: &str) -> Option<&'c [u8]> {
    a.and_then(|a| dialect_body(ctx, a, mnemonic))
}

/// ` [cconv] [tail] @f(%a) [vararg(T)] {attrs} : [P, ](A) -> R`.
fn print_call(p: &mut Printer<'_>, op: OpId) {
    let ctx = p.ctx;
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    if let Some(c) = keyword_of(ctx, attr_of(p, op, "CConv"), "cconv") {
        if c != b"ccc" {
            p.out.extend_from_slice(c);
            p.out.push(b' ');
        }
    }
    if let Some(c) = keyword_of(ctx, attr_of(p, op, "TailCallKind"), "tailcallkind") {
        if c != b"none" {
            p.out.extend_from_slice(c);
            p.out.push(b' ');
        }
    }
    let callee = attr_of(p, op, "callee");
    let args = if let Some(c) = callee {
        p.print_attr(c, Elide::Never);
        &d.operands[..]
    } else {
        if let Some(&f) = d.operands.first() {
            p.print_value(f);
        }
        d.operands.get(1..).unwrap_or(&[])
    };
    p.out.push(b'(');
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(a);
    }
    p.out.push(b')');
    if let Some(AttrData::Type(t)) = attr_of(p, op, "var_callee_type").map(|a| ctx.attr_data(a)) {
        p.out.extend_from_slice(b" vararg(");
        p.print_type(*t);
        p.out.push(b')');
    }
    print_attrs_except(p, op, elided("llvm.call"), false);
    p.out.extend_from_slice(b" : ");
    if callee.is_none() {
        if let Some(&f) = d.operands.first() {
            p.print_type(m.values[f].ty);
            p.out.extend_from_slice(b", ");
        }
    }
    p.out.push(b'(');
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(m.values[a].ty);
    }
    p.out.extend_from_slice(b") -> ");
    let results: Vec<TypeId> = d.results.iter().map(|&r| m.values[r].ty).collect();
    p.print_result_types(&results);
}

const UNNAMED_ADDR: &[&str] = &["", "local_unnamed_addr", "unnamed_addr"];
const VISIBILITY: &[&str] = &["", "hidden", "protected"];

fn print_enum_keyword(p: &mut Printer<'_>, a: Option<AttrId>, names: &[&str]) {
    let v = a.and_then(|a| int_value(p.ctx, a));
    if let Some(n) = v
        .and_then(|v| usize::try_from(v).ok())
        .and_then(|i| names.get(i))
    {
        if !n.is_empty() {
            p.out.extend_from_slice(n.as_bytes());
            p.out.push(b' ');
        }
    }
}

/// ` linkage [visibility] [thread_local] [unnamed_addr] [constant] @g(value)
/// [comdat(..)] {attrs} [: T [{ init }]]`.
fn print_global(p: &mut Printer<'_>, op: OpId, indent: usize) {
    let ctx = p.ctx;
    let m = p.m;
    p.out.push(b' ');
    if let Some(l) = keyword_of(ctx, attr_of(p, op, "linkage"), "linkage") {
        p.out.extend_from_slice(l);
    }
    p.out.push(b' ');
    print_enum_keyword(p, attr_of(p, op, "visibility_"), VISIBILITY);
    if attr_of(p, op, "thread_local_").is_some() {
        p.out.extend_from_slice(b"thread_local ");
    }
    print_enum_keyword(p, attr_of(p, op, "unnamed_addr"), UNNAMED_ADDR);
    if attr_of(p, op, "constant").is_some() {
        p.out.extend_from_slice(b"constant ");
    }
    p.out.push(b'@');
    if let Some(AttrData::String { value, .. }) =
        attr_of(p, op, "sym_name").map(|a| ctx.attr_data(a))
    {
        p.print_keyword_or_string(ctx.bytes(*value));
    }
    p.out.push(b'(');
    let value = attr_of(p, op, "value");
    if let Some(v) = value {
        p.print_attr(v, Elide::Never);
    }
    p.out.push(b')');
    if let Some(c) = attr_of(p, op, "comdat") {
        p.out.extend_from_slice(b" comdat(");
        p.print_attr(c, Elide::Never);
        p.out.push(b')');
    }
    print_attrs_except(p, op, elided("llvm.mlir.global"), false);
    if value.is_some_and(|v| matches!(ctx.attr_data(v), AttrData::String { .. })) {
        return;
    }
    p.out.extend_from_slice(b" : ");
    if let Some(AttrData::Type(t)) = attr_of(p, op, "global_type").map(|a| ctx.attr_data(a)) {
        p.print_type(*t);
    }
    if let Some(&r) = m.ops[op].regions.first() {
        if !m.regions[r].blocks.is_empty() {
            p.out.push(b' ');
            let style = RegionStyle {
                entry_args: false,
                ..RegionStyle::CUSTOM
            };
            p.print_region_with(r, indent, style);
        }
    }
}

/// ` [linkage] [visibility] [unnamed_addr] [cconv] @f(args[, ...]) [-> R]
/// [attributes {..}] [{ body }]`.
fn print_func(p: &mut Printer<'_>, op: OpId, indent: usize) {
    let ctx = p.ctx;
    let m = p.m;
    p.out.push(b' ');
    if let Some(l) = keyword_of(ctx, attr_of(p, op, "linkage"), "linkage") {
        if l != b"external" {
            p.out.extend_from_slice(l);
            p.out.push(b' ');
        }
    }
    print_enum_keyword(p, attr_of(p, op, "visibility_"), VISIBILITY);
    print_enum_keyword(p, attr_of(p, op, "unnamed_addr"), UNNAMED_ADDR);
    if let Some(c) = keyword_of(ctx, attr_of(p, op, "CConv"), "cconv") {
        if c != b"ccc" {
            p.out.extend_from_slice(c);
            p.out.push(b' ');
        }
    }
    if let Some(v) = attr_of(p, op, "sym_visibility") {
        if let AttrData::String { value, .. } = ctx.attr_data(v) {
            p.out.extend_from_slice(ctx.bytes(*value));
            p.out.push(b' ');
        }
    }
    p.out.push(b'@');
    if let Some(AttrData::String { value, .. }) =
        attr_of(p, op, "sym_name").map(|a| ctx.attr_data(a))
    {
        p.print_keyword_or_string(ctx.bytes(*value));
    }
    let fty = match attr_of(p, op, "function_type").map(|a| ctx.attr_data(a)) {
        Some(AttrData::Type(t)) => LlvmType::of(ctx, *t),
        _ => None,
    };
    let (result, params, variadic) = match &fty {
        Some(LlvmType::Func {
            result,
            params,
            variadic,
        }) => (&**result, &params[..], *variadic),
        _ => ("void", &[][..], false),
    };
    let dict_list = |name: &str| -> Option<&[AttrId]> {
        match attr_of(p, op, name).map(|a| ctx.attr_data(a)) {
            Some(AttrData::Array(es)) => Some(es),
            _ => None,
        }
    };
    let arg_attrs = dict_list("arg_attrs");
    let res_attrs = dict_list("res_attrs");
    let body = m.ops[op].regions.first().copied();
    let entry = body.and_then(|r| m.regions[r].blocks.first().copied());
    p.out.push(b'(');
    super::custom::print_fn_args(p, entry, params.len(), arg_attrs, |p, i| {
        print_nested_type_text(p, &params[i])
    });
    if variadic {
        if !params.is_empty() {
            p.out.extend_from_slice(b", ");
        }
        p.out.extend_from_slice(b"...");
    }
    p.out.push(b')');
    if result != "void" {
        p.out.extend_from_slice(b" -> ");
        let ra = res_attrs
            .and_then(|a| a.first().copied())
            .filter(|&a| !matches!(ctx.attr_data(a), AttrData::Dict(e) if e.is_empty()));
        let wrap = ra.is_some() || result.starts_with('(');
        if wrap {
            p.out.push(b'(');
        }
        print_nested_type_text(p, result);
        if let Some(a) = ra {
            super::custom::print_optional_dict(p, a);
        }
        if wrap {
            p.out.push(b')');
        }
    }
    print_attrs_except(p, op, elided("llvm.func"), true);
    if let Some(r) = body {
        if !m.regions[r].blocks.is_empty() {
            p.out.push(b' ');
            let style = RegionStyle {
                entry_args: false,
                ..RegionStyle::CUSTOM
            };
            p.print_region_with(r, indent, style);
        }
    }
}

// --------------------------------------------------------------- parsing

/// Parses the body of a hand-written LLVM op (after its name).
pub(crate) fn parse<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    match &*def.name {
        "llvm.func" => parse_func(p, def),
        "llvm.mlir.global" => parse_global(p, def),
        "llvm.call" => parse_call(p, def),
        "llvm.alloca" => parse_alloca(p, def),
        "llvm.icmp" => parse_cmp(p, def, ICMP),
        "llvm.switch" => parse_switch(p, def, SwitchStyle::Llvm),
        "llvm.landingpad" => super::llvm_eh::parse_landingpad(p, def),
        _ => parse_cmp(p, def, FCMP),
    }
}

/// Fails when the attribute dictionary sets one of `names` (MLIR's
/// "is an inferred attribute" check is not made by these parsers; a
/// duplicate is reported as MLIR reports it).
fn check_dict(p: &mut Parser<'_>, def: &OpDef, out: &Parsed<'_>, at: usize) -> PResult<()> {
    let ctx = &p.m.ctx;
    for (i, &(k, _)) in out.dict.iter().enumerate() {
        if out.dict[..i].iter().any(|&(j, _)| j == k) {
            let name = String::from_utf8_lossy(ctx.bytes(k)).into_owned();
            return p.err_at(
                at,
                format!(
                    "custom op '{}' attribute '{name}' occurs more than once in the attribute list",
                    def.name
                ),
            );
        }
    }
    Ok(())
}

fn parse_cmp<'a>(p: &mut Parser<'a>, def: &OpDef, names: &[&str]) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    let pred = if p.peek() == Some(b'"') {
        p.string_lit()?.into_owned()
    } else {
        p.peek_ident().to_vec()
    };
    if p.peek() != Some(b'"') && !pred.is_empty() && p.src[p.pos..].starts_with(&pred) {
        p.pos += pred.len();
    }
    let Some(i) = names.iter().position(|n| n.as_bytes() == pred) else {
        return p.err_at(
            at,
            format!(
                "'{}' is an incorrect value of the 'predicate' attribute",
                String::from_utf8_lossy(&pred)
            ),
        );
    };
    let a = i64_attr(p, 64, i as i64);
    set_attr(p, def, &mut out, "predicate", a);
    let lhs = p.parse_value_ref()?;
    p.expect(b',', "','")?;
    let rhs = p.parse_value_ref()?;
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let ty = p.parse_type()?;
    let i1 = p.m.ctx.int_type(1);
    let res = match p.m.ctx.type_data(ty).clone() {
        TypeData::Vector {
            shape, scalable, ..
        } => p.m.ctx.ty(TypeData::Vector {
            shape,
            scalable,
            elem: i1,
        }),
        // `getI1SameShape`: i1 is a builtin vector element, so an
        // `!llvm.vec` operand gives a builtin `vector<Nxi1>`.
        _ => match LlvmType::of(&p.m.ctx, ty) {
            Some(LlvmType::Vec { scalable, len, .. }) => p.m.ctx.ty(TypeData::Vector {
                shape: Box::new([len as i64]),
                // Canonical: empty unless a dimension is scalable.
                scalable: if scalable {
                    Box::new([true])
                } else {
                    Box::new([])
                },
                elem: i1,
            }),
            _ => i1,
        },
    };
    out.all_operands = Some(vec![lhs, rhs]);
    out.all_operand_types = Some(vec![ty, ty]);
    out.all_result_types = Some(vec![res]);
    Ok(out)
}

fn parse_alloca<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    if p.eat_keyword("inalloca") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "inalloca", u);
    }
    let n = p.parse_value_ref()?;
    if !p.eat_keyword("x") {
        return p.err_tok("expected 'x'");
    }
    let elem = p.parse_type()?;
    let ta = p.m.ctx.attr(AttrData::Type(elem));
    set_attr(p, def, &mut out, "elem_type", ta);
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let at = p.pos;
    let fty = p.parse_type()?;
    let (ins, outs) = match p.m.ctx.type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => {
            return p.err_at(
                at,
                "expected trailing function type with one argument and one result",
            )
        }
    };
    if ins.len() != 1 || outs.len() != 1 {
        return p.err_at(
            at,
            "expected trailing function type with one argument and one result",
        );
    }
    out.all_operands = Some(vec![n]);
    out.all_operand_types = Some(ins);
    out.all_result_types = Some(outs);
    Ok(out)
}

const CCONVS: &[&str] = &[
    "ccc",
    "fastcc",
    "coldcc",
    "cc_10",
    "cc_11",
    "webkit_jscc",
    "anyregcc",
    "preserve_mostcc",
    "preserve_allcc",
    "swiftcc",
    "cxx_fast_tlscc",
    "tailcc",
    "cfguard_checkcc",
    "swifttailcc",
    "x86_stdcallcc",
    "x86_fastcallcc",
    "arm_apcscc",
    "arm_aapcscc",
    "arm_aapcs_vfpcc",
    "msp430_intrcc",
    "x86_thiscallcc",
    "ptx_kernelcc",
    "ptx_devicecc",
    "spir_funccc",
    "spir_kernelcc",
    "intel_ocl_bicc",
    "x86_64_sysvcc",
    "win64cc",
    "x86_vectorcallcc",
    "hhvmcc",
    "hhvm_ccc",
    "x86_intrcc",
    "avr_intrcc",
    "avr_builtincc",
    "amdgpu_vscc",
    "amdgpu_gscc",
    "amdgpu_cscc",
    "amdgpu_kernelcc",
    "x86_regcallcc",
    "amdgpu_hscc",
    "msp430_builtincc",
    "amdgpu_lscc",
    "amdgpu_escc",
    "aarch64_vectorcallcc",
    "aarch64_sve_vectorcallcc",
    "wasm_emscripten_invokecc",
    "amdgpu_gfxcc",
    "m68k_intrcc",
    "ghccc",
];
const TAIL_KINDS: &[&str] = &["tail", "musttail", "notail"];
const LINKAGES: &[&str] = &[
    "private",
    "internal",
    "available_externally",
    "linkonce",
    "weak",
    "common",
    "appending",
    "extern_weak",
    "linkonce_odr",
    "weak_odr",
    "external",
];

/// Reads one of `names` as a keyword, if the next identifier is one.
fn eat_one_of(p: &mut Parser<'_>, names: &[&str]) -> Option<String> {
    let id = p.peek_ident();
    let n = names.iter().find(|n| n.as_bytes() == id)?;
    p.pos += id.len();
    Some((*n).to_string())
}

fn parse_call<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    if let Some(c) = eat_one_of(p, CCONVS) {
        let a = llvm_attr(p, "cconv", &c, at)?;
        set_attr(p, def, &mut out, "CConv", a);
    }
    p.skip_ws();
    let at = p.pos;
    if let Some(k) = eat_one_of(p, TAIL_KINDS) {
        let a = llvm_attr(p, "tailcallkind", &k, at)?;
        set_attr(p, def, &mut out, "TailCallKind", a);
    }
    p.skip_ws();
    let mut operands = Vec::new();
    let direct = p.peek() == Some(b'@');
    if direct {
        let a = p.parse_attr()?;
        set_attr(p, def, &mut out, "callee", a);
    } else {
        operands.push(p.parse_value_ref()?);
    }
    p.expect(b'(', "'('")?;
    if !p.eat(b')') {
        loop {
            operands.push(p.parse_value_ref()?);
            if p.eat(b')') {
                break;
            }
            p.expect(b',', "')'")?;
        }
    }
    if p.eat_keyword("vararg") {
        p.expect(b'(', "'('")?;
        let t = p.parse_type()?;
        p.expect(b')', "')'")?;
        let a = p.m.ctx.attr(AttrData::Type(t));
        set_attr(p, def, &mut out, "var_callee_type", a);
    }
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    p.expect(b':', "':'")?;
    let mut types = Vec::new();
    if !direct {
        types.push(p.parse_type()?);
        p.expect(b',', "','")?;
    }
    p.skip_ws();
    let at = p.pos;
    let fty = p.parse_type()?;
    let (ins, outs) = match p.m.ctx.type_data(fty) {
        TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
        _ => return p.err_at(at, "expected function type"),
    };
    types.extend(ins);
    out.all_operands = Some(operands);
    out.all_operand_types = Some(types);
    out.all_result_types = Some(outs);
    Ok(out)
}

fn parse_global<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    // MLIR's parser sets linkage (default external), visibility_ and
    // unnamed_addr (default 0) whether or not they are written.
    let l = eat_one_of(p, LINKAGES).unwrap_or_else(|| "external".to_string());
    let a = llvm_attr(p, "linkage", &l, at)?;
    set_attr(p, def, &mut out, "linkage", a);
    for name in ["visibility_", "unnamed_addr"] {
        let z = i64_attr(p, 64, 0);
        set_attr(p, def, &mut out, name, z);
    }
    // Visibility, thread_local, unnamed_addr, constant: in this order.
    if let Some(i) = VISIBILITY
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        let id_len = VISIBILITY[i + 1].len();
        p.pos += id_len;
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "visibility_", a);
    }
    if p.eat_keyword("thread_local") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "thread_local_", u);
    }
    if let Some(i) = UNNAMED_ADDR
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += UNNAMED_ADDR[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "unnamed_addr", a);
    }
    if p.eat_keyword("constant") {
        let u = p.m.ctx.unit_attr();
        set_attr(p, def, &mut out, "constant", u);
    }
    let name = parse_symbol_name(p)?;
    let a = p.m.ctx.string_attr(&name);
    set_attr(p, def, &mut out, "sym_name", a);
    p.expect(b'(', "'('")?;
    let mut value = None;
    if !p.eat(b')') {
        let v = p.parse_attr()?;
        value = Some(v);
        set_attr(p, def, &mut out, "value", v);
        p.expect(b')', "')'")?;
    }
    if p.eat_keyword("comdat") {
        p.expect(b'(', "'('")?;
        let c = p.parse_attr()?;
        p.expect(b')', "')'")?;
        set_attr(p, def, &mut out, "comdat", c);
    }
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    let ty = if p.eat(b':') {
        Some(p.parse_type()?)
    } else {
        None
    };
    let ty = match (ty, value.map(|v| p.m.ctx.attr_data(v).clone())) {
        (Some(t), _) => t,
        (None, Some(AttrData::String { value, .. })) => {
            let n = p.m.ctx.bytes(value).len();
            p.llvm_nested_type(&format!("array<{n} x i8>"), dict_at)?
        }
        _ => {
            p.skip_ws();
            let at = p.pos;
            return p.err_at(at, "type can only be omitted for string globals");
        }
    };
    let ta = p.m.ctx.attr(AttrData::Type(ty));
    set_attr(p, def, &mut out, "global_type", ta);
    let r = p.m.regions.alloc(Default::default());
    if p.peek() == Some(b'{') {
        p.parse_region(r)?;
    }
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}

fn parse_symbol_name(p: &mut Parser<'_>) -> PResult<Vec<u8>> {
    p.skip_ws();
    let at = p.pos;
    if !p.eat(b'@') {
        return p.err_tok("expected valid '@'-identifier for symbol name");
    }
    if p.peek_at(0) == Some(b'"') {
        return Ok(p.string_lit()?.into_owned());
    }
    let id = p.suffix_id();
    if id.is_empty() {
        return p.err_at(at, "expected valid '@'-identifier for symbol name");
    }
    Ok(id.to_vec())
}

fn parse_func<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    if let Some(l) = eat_one_of(p, LINKAGES) {
        let a = llvm_attr(p, "linkage", &l, at)?;
        set_attr(p, def, &mut out, "linkage", a);
    }
    for name in ["visibility_", "unnamed_addr"] {
        let z = i64_attr(p, 64, 0);
        set_attr(p, def, &mut out, name, z);
    }
    if let Some(i) = VISIBILITY
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += VISIBILITY[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "visibility_", a);
    }
    if let Some(i) = UNNAMED_ADDR
        .iter()
        .skip(1)
        .position(|n| n.as_bytes() == p.peek_ident())
    {
        p.pos += UNNAMED_ADDR[i + 1].len();
        let a = i64_attr(p, 64, i as i64 + 1);
        set_attr(p, def, &mut out, "unnamed_addr", a);
    }
    p.skip_ws();
    let at = p.pos;
    if let Some(c) = eat_one_of(p, CCONVS) {
        let a = llvm_attr(p, "cconv", &c, at)?;
        set_attr(p, def, &mut out, "CConv", a);
    }
    let vis = p.peek_ident();
    if matches!(vis, b"private" | b"public" | b"nested") {
        p.pos += vis.len();
        let a = p.m.ctx.string_attr(vis);
        set_attr(p, def, &mut out, "sym_visibility", a);
    }
    let name = parse_symbol_name(p)?;
    let a = p.m.ctx.string_attr(&name);
    set_attr(p, def, &mut out, "sym_name", a);
    let super::custom::FnArgs {
        inputs,
        arg_attrs,
        named,
        variadic,
    } = super::custom::parse_fn_args(p, "llvm.func", true)?;
    let mut result: Option<TypeId> = None;
    let mut res_attr: Option<AttrId> = None;
    if p.eat_str("->") {
        p.skip_ws();
        let save = p.pos;
        if p.eat(b'(') {
            let t = p.parse_type()?;
            let a = super::custom::parse_optional_dict(p)?;
            if p.eat(b')') {
                result = Some(t);
                res_attr = Some(a);
            } else {
                p.pos = save;
            }
        }
        if result.is_none() {
            result = Some(p.parse_type()?);
        }
    }
    // The `!llvm.func<R (A, B, ...)>` type.
    let mut text = String::from("func<");
    match result {
        Some(r) => text.push_str(&crate::llvm::nested_text(&p.m.ctx, r)),
        None => text.push_str("void"),
    }
    text.push_str(" (");
    for (i, &t) in inputs.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        text.push_str(&crate::llvm::nested_text(&p.m.ctx, t));
    }
    if variadic {
        if !inputs.is_empty() {
            text.push_str(", ");
        }
        text.push_str("...");
    }
    text.push_str(")>");
    let fty = p.llvm_nested_type(&text, at)?;
    let fa = p.m.ctx.attr(AttrData::Type(fty));
    set_attr(p, def, &mut out, "function_type", fa);
    let empty = |p: &Parser<'a>, a: &AttrId| matches!(p.m.ctx.attr_data(*a), AttrData::Dict(e) if e.is_empty());
    if arg_attrs.iter().any(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(arg_attrs.into()));
        set_attr(p, def, &mut out, "arg_attrs", a);
    }
    if let Some(ra) = res_attr.filter(|a| !empty(p, a)) {
        let a = p.m.ctx.attr(AttrData::Array(vec![ra].into()));
        set_attr(p, def, &mut out, "res_attrs", a);
    }
    if p.eat_keyword("attributes") {
        p.skip_ws();
        let at = p.pos;
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
        check_dict(p, def, &out, at)?;
    }
    let r = p.m.regions.alloc(Default::default());
    if p.peek() == Some(b'{') {
        if named.len() != inputs.len() && !inputs.is_empty() {
            let at = p.pos;
            return p.err_at(at, "expected named arguments for a function with a body");
        }
        p.parse_region_with_args(r, &named)?;
    }
    if let Some(first) = out.regions.first_mut() {
        first.push(r);
    }
    Ok(out)
}

// ---------------------------------------------------------------- switch

/// The case values of a switch as unsigned numbers of the value's width
/// (MLIR 19 prints `getLimitedValue()`), and that width.
fn case_values(ctx: &Context, a: AttrId) -> (Vec<u128>, u32) {
    let AttrData::Dense { ty, data } = ctx.attr_data(a) else {
        return (Vec::new(), 64);
    };
    let (n, width) = match ctx.type_data(*ty) {
        TypeData::Vector { shape, elem, .. } | TypeData::RankedTensor { shape, elem, .. } => {
            let w = match ctx.type_data(*elem) {
                TypeData::Integer { width, .. } => *width,
                _ => 64,
            };
            (shape.iter().product::<i64>().max(0) as usize, w)
        }
        _ => (0, 64),
    };
    let crate::context::DenseData::Bits(bits) = data else {
        return (Vec::new(), width);
    };
    let vals = if bits.len() == 1 && n != 1 {
        vec![bits[0]; n]
    } else {
        bits.to_vec()
    };
    (vals, width)
}

fn print_value_list_with_types(p: &mut Printer<'_>, values: &[crate::ir::ValueId]) {
    let m = p.m;
    p.out.push(b'(');
    for (i, &o) in values.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(o);
    }
    p.out.extend_from_slice(b" : ");
    for (i, &o) in values.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(m.values[o].ty);
    }
    p.out.push(b')');
}

/// The two spellings of a switch: `llvm.switch`'s (`%v : T, ^default(..)
/// [\n  1: ^bb1(..)\n]`) and `cf.switch`'s (`%v : T, [\n  default: ^bb0(..),
/// \n  1: ^bb1(..)\n]`, MLIR's `SwitchOpCases` of the cf dialect).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum SwitchStyle {
    Llvm,
    Cf,
}

/// Prints a switch after its name.
pub(crate) fn print_switch(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    indent: usize,
    style: SwitchStyle,
) {
    let ctx = p.ctx;
    let m = p.m;
    let d = &m.ops[op];
    p.out.push(b' ');
    if let Some(&v) = d.operands.first() {
        p.print_value(v);
        p.out.extend_from_slice(b" : ");
        p.print_type(m.values[v].ty);
    }
    p.out.extend_from_slice(b", ");
    if style == SwitchStyle::Cf {
        p.out.extend_from_slice(b"[\n");
        p.indent(indent + 2);
        p.out.extend_from_slice(b"default: ");
    }
    if let Some(&b) = d.successors.first() {
        p.print_block_name(b);
    }
    let defaults = &d.operands[super::print::operand_range(m, def, op, 1)];
    if !defaults.is_empty() {
        print_value_list_with_types(p, defaults);
    }
    let cases = super::print::operand_range(m, def, op, 2);
    if style == SwitchStyle::Llvm {
        p.out.extend_from_slice(b" [\n");
    }
    let (vals, width) =
        attr_of(p, op, "case_values").map_or((Vec::new(), 64), |a| case_values(ctx, a));
    if !vals.is_empty() {
        let seg = attr_of(p, op, "case_operand_segments")
            .and_then(|a| dense_values(ctx, a))
            .unwrap_or_default();
        let mask: u128 = if width >= 128 {
            u128::MAX
        } else {
            (1u128 << width) - 1
        };
        let mut next = cases.start;
        for (k, &v) in vals.iter().enumerate() {
            if k > 0 || style == SwitchStyle::Cf {
                p.out.extend_from_slice(b",\n");
            }
            p.indent(indent + 2);
            p.out
                .extend_from_slice(((v & mask) as u64).to_string().as_bytes());
            p.out.extend_from_slice(b": ");
            if let Some(&b) = d.successors.get(k + 1) {
                p.print_block_name(b);
            }
            let n = seg.get(k).copied().unwrap_or(0).max(0) as usize;
            let end = (next + n).min(cases.end);
            if end > next {
                print_value_list_with_types(p, &d.operands[next..end]);
            }
            next = end;
        }
        p.out.push(b'\n');
        p.indent(indent);
    } else if style == SwitchStyle::Llvm {
        p.indent(indent);
    }
    p.out.push(b']');
    p.print_attr_dict(def, op, false, &[]);
}

/// Parses a switch after its name.
pub(crate) fn parse_switch<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    style: SwitchStyle,
) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    let v = p.parse_value_ref()?;
    p.expect(b':', "':'")?;
    p.skip_ws();
    let at = p.pos;
    let vty = p.parse_type()?;
    let width = match p.m.ctx.type_data(vty) {
        TypeData::Integer { width, .. } => *width,
        _ => return p.err_at(at, "expected integer type"),
    };
    out.operands[0].push(v);
    out.operand_types[0] = Some(vec![vty]);
    p.expect(b',', "','")?;
    if style == SwitchStyle::Cf {
        p.expect(b'[', "'['")?;
        p.skip_ws();
        let at = p.pos;
        if !p.eat_keyword("default") {
            return p.err_at(at, format!("custom op '{}' expected 'default'", def.name));
        }
        p.expect(b':', "':'")?;
    }
    let s = p.parse_successor()?;
    out.successors[0].push(s);
    let (uses, types) = parse_operands_with_types(p)?;
    out.operands[1] = uses;
    out.operand_types[1] = Some(types);
    let cf = style == SwitchStyle::Cf;
    if !cf {
        p.expect(b'[', "'['")?;
    }
    let mut values: Vec<i128> = Vec::new();
    let mut segments: Vec<i64> = Vec::new();
    let mut case_uses = Vec::new();
    let mut case_types = Vec::new();
    let more = if cf { p.eat(b',') } else { !p.eat(b']') };
    if more {
        loop {
            p.skip_ws();
            let neg = p.eat(b'-');
            let n = i128::from(p.integer()?);
            values.push(if neg { -n } else { n });
            p.expect(b':', "':'")?;
            let s = p.parse_successor()?;
            out.successors[1].push(s);
            let (uses, types) = parse_operands_with_types(p)?;
            segments.push(uses.len() as i64);
            case_uses.extend(uses);
            case_types.extend(types);
            if !p.eat(b',') {
                break;
            }
        }
        if !cf {
            p.expect(b']', "']'")?;
        }
    }
    if cf {
        p.expect(b']', "']'")?;
    }
    out.operands[2] = case_uses;
    out.operand_types[2] = Some(case_types);
    if !values.is_empty() {
        // Written as signed numbers of the value's width.
        let mut text = String::from("dense<[");
        for (i, &v) in values.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            let sv = if width < 128 {
                let m = 1i128 << width;
                let u = v.rem_euclid(m);
                if width > 1 && u >= m / 2 {
                    u - m
                } else {
                    u
                }
            } else {
                v
            };
            if width == 1 {
                text.push_str(if sv != 0 { "true" } else { "false" });
            } else {
                text.push_str(&sv.to_string());
            }
        }
        text.push_str(&format!("]> : vector<{}xi{width}>", values.len()));
        match p.parse_attr_text(&text) {
            Some(a) => set_attr(p, def, &mut out, "case_values", a),
            None => return p.err_at(at, "invalid case values"),
        }
    }
    let seg = dense_attr(&mut p.m.ctx, 32, &segments);
    set_attr(p, def, &mut out, "case_operand_segments", seg);
    parse_optional_attr_dict(p, &mut out)?;
    Ok(out)
}

/// `(%a, %b : A, B)` or nothing.
fn parse_operands_with_types<'a>(
    p: &mut Parser<'a>,
) -> PResult<(Vec<super::parse::UseRef<'a>>, Vec<TypeId>)> {
    let mut uses = Vec::new();
    let mut types = Vec::new();
    if p.eat(b'(') {
        loop {
            uses.push(p.parse_value_ref()?);
            if !p.eat(b',') {
                break;
            }
        }
        p.expect(b':', "':'")?;
        loop {
            types.push(p.parse_type()?);
            if !p.eat(b',') {
                break;
            }
        }
        p.expect(b')', "')'")?;
    }
    Ok((uses, types))
}
