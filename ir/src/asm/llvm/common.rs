//! What the LLVM dialect's hand-written syntaxes share: reading an op's
//! attributes, dense arrays, the attribute dictionary they print and read,
//! nested LLVM type texts, and the keyword tables (calling conventions,
//! tail-call kinds, linkages).

use super::super::format::TypeArg;
use super::super::parse::{Parsed, UseRef};
use crate::context::{AttrData, AttrId, Context, TypeData, TypeId};
use crate::dialect::OpDef;
use crate::ir::{OpId, ValueId};
use crate::parser::{PResult, Parser};
use crate::printer::{Elide, Printer};

pub(crate) use crate::asm::print::attr_of;

/// The text of a `#llvm.mnemonic<text>` attribute's body, if `a` is one.
pub(super) fn dialect_body<'c>(ctx: &'c Context, a: AttrId, mnemonic: &str) -> Option<&'c [u8]> {
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

pub(super) fn int_value(ctx: &Context, a: AttrId) -> Option<i64> {
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

pub(super) fn sign_extend(v: u128, width: u32) -> i64 {
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
pub(super) const LLVM_MNEMONICS: &[&str] = &[
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

pub(super) fn is_llvm_nested(text: &str) -> bool {
    let head = text.split(['<', ' ']).next().unwrap_or("");
    LLVM_MNEMONICS.contains(&head)
}

/// Prints a type written as nested in an LLVM type (`ptr` is `!llvm.ptr`).
pub(super) fn print_nested_type_text(p: &mut Printer<'_>, text: &str) {
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
pub(super) fn fast_element_type(
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

pub(super) fn set_types(out: &mut Parsed<'_>, arg: TypeArg, types: Vec<TypeId>) {
    match arg {
        TypeArg::Operand(i) => out.operand_types[i as usize] = Some(types),
        TypeArg::Result(i) => out.result_types[i as usize] = Some(types),
        TypeArg::Operands => out.all_operand_types = Some(types),
        TypeArg::Results => out.all_result_types = Some(types),
    }
}

pub(super) fn type_of_arg(out: &Parsed<'_>, arg: TypeArg) -> Option<TypeId> {
    let list = match arg {
        TypeArg::Operand(i) => out.operand_types.get(i as usize)?.as_ref(),
        TypeArg::Result(i) => out.result_types.get(i as usize)?.as_ref(),
        TypeArg::Operands => out.all_operand_types.as_ref(),
        TypeArg::Results => out.all_result_types.as_ref(),
    };
    list.and_then(|l| l.first().copied())
}

/// Stores `a` as the op's attribute `name` (the engine's shared setter).
pub(super) use super::super::custom::set_named as set_attr;

pub(super) fn parse_optional_attr_dict(p: &mut Parser<'_>, out: &mut Parsed<'_>) -> PResult<()> {
    if p.peek() == Some(b'{') {
        let d = p.parse_dict()?;
        if let AttrData::Dict(es) = p.m.ctx.attr_data(d) {
            out.dict.extend(es.iter().copied());
        }
    }
    Ok(())
}

pub(super) fn i64_attr(p: &mut Parser<'_>, width: u32, v: i64) -> AttrId {
    let ty = p.m.ctx.int_type(width);
    p.m.ctx.attr(AttrData::Integer {
        ty,
        words: vec![v as u64].into(),
    })
}

/// `#llvm.mnemonic<body>` built from its body text.
pub(super) fn llvm_attr(
    p: &mut Parser<'_>,
    mnemonic: &str,
    body: &str,
    at: usize,
) -> PResult<AttrId> {
    let text = format!("#llvm.{mnemonic}<{body}>");
    match p.parse_attr_text(&text) {
        Some(a) => Ok(a),
        None => p.err_at(at, format!("invalid '{mnemonic}' value '{body}'")),
    }
}

pub(super) fn keyword_of<'c>(
    ctx: &'c Context,
    a: Option<AttrId>,
    mnemonic: &str,
) -> Option<&'c [u8]> {
    a.and_then(|a| dialect_body(ctx, a, mnemonic))
}

/// Fails when the attribute dictionary sets one of `names` (MLIR's
/// "is an inferred attribute" check is not made by these parsers; a
/// duplicate is reported as MLIR reports it).
pub(super) fn check_dict(
    p: &mut Parser<'_>,
    def: &OpDef,
    out: &Parsed<'_>,
    at: usize,
) -> PResult<()> {
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

pub(super) const CCONVS: &[&str] = &[
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
pub(super) const TAIL_KINDS: &[&str] = &["tail", "musttail", "notail"];
pub(super) const LINKAGES: &[&str] = &[
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
pub(super) fn eat_one_of(p: &mut Parser<'_>, names: &[&str]) -> Option<String> {
    let id = p.peek_ident();
    let n = names.iter().find(|n| n.as_bytes() == id)?;
    p.pos += id.len();
    Some((*n).to_string())
}

/// The attributes each hand-written syntax prints itself or leaves out.
pub(super) fn elided(name: &str) -> &'static [&'static str] {
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
        "llvm.mlir.alias" => &[
            "sym_name",
            "alias_type",
            "linkage",
            "unnamed_addr",
            "thread_local_",
            "visibility_",
        ],
        "llvm.call" => &["callee", "TailCallKind", "var_callee_type", "CConv"],
        "llvm.invoke" => &["callee", "operandSegmentSizes", "CConv", "var_callee_type"],
        "llvm.alloca" => &["elem_type", "inalloca"],
        "llvm.icmp" | "llvm.fcmp" => &["predicate"],
        "llvm.landingpad" => &["cleanup"],
        "llvm.indirectbr" => &["indbr_operand_segments"],
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

/// `(%a, %b : A, B)`: a successor's operands (MLIR's
/// `printSuccessorAndUseList` after the block name).
pub(super) fn print_value_list_with_types(p: &mut Printer<'_>, values: &[ValueId]) {
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

/// MLIR 22's `printOpBundles`: `["tag"(%a, %b : A, B), "t"()]`, the
/// operands `range` of `op` split by its `op_bundle_sizes`, the tags from
/// its attribute `tags_name`.
pub(super) fn print_op_bundles(
    p: &mut Printer<'_>,
    op: OpId,
    range: std::ops::Range<usize>,
    tags_name: &str,
) {
    let m = p.m;
    let ctx = p.ctx;
    let values = &m.ops[op].operands[range];
    let sizes = attr_of(p, op, "op_bundle_sizes")
        .and_then(|a| dense_values(ctx, a))
        .unwrap_or_default();
    let tags: &[AttrId] = match attr_of(p, op, tags_name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(es)) => es,
        _ => &[],
    };
    p.out.push(b'[');
    let mut next = 0usize;
    for (k, &tag) in tags.iter().enumerate() {
        if k > 0 {
            p.out.extend_from_slice(b", ");
        }
        if let AttrData::String { value, .. } = ctx.attr_data(tag) {
            p.print_escaped(ctx.bytes(*value));
        }
        let n = sizes.get(k).copied().unwrap_or(0).max(0) as usize;
        let end = (next + n).min(values.len());
        let group = &values[next.min(end)..end];
        next = end;
        if group.is_empty() {
            p.out.extend_from_slice(b"()");
        } else {
            print_value_list_with_types(p, group);
        }
    }
    p.out.push(b']');
}

/// What [`parse_op_bundles`] read: every bundle's operands and types in
/// order, the tags (`["align", ...]`) and the sizes (`array<i32: ...>`).
pub(super) struct OpBundles<'a> {
    pub uses: Vec<UseRef<'a>>,
    pub types: Vec<TypeId>,
    pub tags: AttrId,
    pub sizes: AttrId,
    /// Where the list began (`[`): MLIR resolves the bundles' operands
    /// there, after the rest of the op.
    pub at: usize,
    /// The first bundle whose operand and type counts differ, as
    /// (operands, types).
    pub mismatch: Option<(usize, usize)>,
}

impl OpBundles<'_> {
    /// `resolveOpBundleOperands`' error for a bundle whose operand and type
    /// counts differ (MLIR never advances its `#0`), as a hand-written
    /// parser reports it: when the bundles' group is resolved, after the
    /// call's arguments.
    pub fn error(&self, def: &OpDef) -> Option<(usize, String)> {
        let (nu, nt) = self.mismatch?;
        Some((
            self.at,
            crate::parser::custom_message(
                def,
                &format!("expected {nu} types for operand bundle operands for operand bundle #0, but actually got {nt}"),
            ),
        ))
    }
}

/// MLIR 22's `parseOpBundles` after the `[`-peek: `[` (`"tag"(` [operands
/// `:` types] `)`),* `]`.
pub(super) fn parse_op_bundles<'a>(p: &mut Parser<'a>) -> PResult<OpBundles<'a>> {
    p.skip_ws();
    let at = p.pos;
    let mut mismatch = None;
    p.expect(b'[', "'['")?;
    let mut tags = Vec::new();
    let mut sizes = Vec::new();
    let mut uses = Vec::new();
    let mut types = Vec::new();
    if !p.eat(b']') {
        loop {
            p.skip_ws();
            if p.peek() != Some(b'"') {
                return p.err_tok("expect operand bundle tag");
            }
            let tag = p.string_lit()?.into_owned();
            tags.push(p.m.ctx.string_attr(&tag));
            p.expect(b'(', "'('")?;
            let (n_uses, n_types) = (uses.len(), types.len());
            if !p.eat(b')') {
                parse_uses_colon_types(p, &mut uses, &mut types)?;
                p.expect(b')', "')'")?;
            }
            let (nu, nt) = (uses.len() - n_uses, types.len() - n_types);
            if nu != nt && mismatch.is_none() {
                mismatch = Some((nu, nt));
            }
            sizes.push(nu as i64);
            if !p.eat(b',') {
                break;
            }
        }
        p.expect(b']', "']'")?;
    }
    let tags = p.m.ctx.attr(AttrData::Array(tags.into()));
    let sizes = dense_attr(&mut p.m.ctx, 32, &sizes);
    Ok(OpBundles {
        uses,
        types,
        tags,
        sizes,
        at,
        mismatch,
    })
}

/// `%a, %b : A, B`, appended to `uses` and `types` (the inside of
/// [`parse_operands_with_types`] and of an operand bundle).
fn parse_uses_colon_types<'a>(
    p: &mut Parser<'a>,
    uses: &mut Vec<UseRef<'a>>,
    types: &mut Vec<TypeId>,
) -> PResult<()> {
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
    Ok(())
}

/// `(%a, %b : A, B)` or nothing: a successor's operands (MLIR's
/// `parseSuccessorAndUseList` after the block).
pub(super) fn parse_operands_with_types<'a>(
    p: &mut Parser<'a>,
) -> PResult<(Vec<UseRef<'a>>, Vec<TypeId>)> {
    let mut uses = Vec::new();
    let mut types = Vec::new();
    if p.eat(b'(') {
        parse_uses_colon_types(p, &mut uses, &mut types)?;
        p.expect(b')', "')'")?;
    }
    Ok((uses, types))
}
