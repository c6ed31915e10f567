//! The LLVM dialect ops' own C++ verifiers (MLIR 19's `LLVMDialect.cpp`),
//! for the ops `src/dialects/LLVM.td` defines; they run after the op's
//! definition is checked, as MLIR's `verify()` runs after the ODS
//! invariants. Symbol uses (`llvm.call`'s callee, `llvm.mlir.addressof`'s
//! global) are checked by [`check_symbol_uses`] when the enclosing symbol
//! table's region traits are verified, as MLIR's `SymbolTable` trait does.
//!
//! Types nested in LLVM types are compared as text ([`crate::llvm`]).

use super::ops::{int_value, segment};
use super::structure::check_arg_res_attrs;
use super::symbols::{symbol_ref, Symbols};
use super::Cx;
use crate::context::{AttrData, AttrId, TypeData, TypeId};
use crate::dialect::MlirRelease;
use crate::ir::OpId;
use crate::llvm::{self, Aggregate, Kind, LlvmType};
use crate::printer::type_to_string;
use irkit_diag::Diagnostic;
use std::borrow::Cow;

/// `llvm.*` ops' own verifiers; other ops pass.
pub(crate) fn check(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let name = cx.m.ctx.bytes(cx.m.ops[op].name);
    let Some(mnemonic) = name.strip_prefix(b"llvm.") else {
        return Ok(());
    };
    match mnemonic {
        b"load" => {
            check_dereferenceable(cx, op)?;
            check_atomic(cx, op, &[5, 6], result_type(cx, op))
        }
        b"inttoptr" => check_dereferenceable(cx, op),
        b"store" => check_atomic(cx, op, &[4, 6], operand_type(cx, op, 0)),
        b"getelementptr" => check_gep(cx, op),
        b"extractvalue" => check_extractvalue(cx, op),
        b"insertvalue" => check_insertvalue(cx, op),
        b"zext" | b"sext" => check_ext(cx, op),
        b"icmp" | b"fcmp" => check_cmp_shape(cx, op),
        b"return" => check_return(cx, op),
        b"func" => check_func(cx, op),
        b"mlir.constant" => check_constant(cx, op),
        b"mlir.global" => check_global(cx, op),
        b"fence" => check_fence(cx, op),
        b"atomicrmw" => check_atomicrmw(cx, op),
        b"landingpad" => check_landingpad(cx, op),
        b"call" => check_var_callee_type(cx, op),
        b"invoke" => check_invoke(cx, op),
        b"mlir.global_ctors" => check_xtors(cx, op, b"ctors", "ctors"),
        b"mlir.global_dtors" => check_xtors(cx, op, b"dtors", "dtors"),
        b"call_intrinsic" => check_call_intrinsic(cx, op),
        b"linker_options" => check_linker_options(cx, op),
        b"cmpxchg" => check_cmpxchg(cx, op),
        b"switch" => check_switch(cx, op),
        b"mlir.ifunc" => check_ifunc(cx, op),
        b"mlir.alias" => check_alias(cx, op),
        _ => Ok(()),
    }
}

fn inherent(cx: &Cx<'_>, op: OpId, name: &[u8]) -> Option<AttrId> {
    super::ops::inherent(cx, op, name)
}

fn operand_type(cx: &Cx<'_>, op: OpId, i: usize) -> Option<TypeId> {
    let v = *cx.m.ops[op].operands.get(i)?;
    Some(cx.m.values[v].ty)
}

fn result_type(cx: &Cx<'_>, op: OpId) -> Option<TypeId> {
    let v = *cx.m.ops[op].results.first()?;
    Some(cx.m.values[v].ty)
}

fn dense_values(cx: &Cx<'_>, a: AttrId, bits: u32) -> Option<Vec<i64>> {
    match cx.m.ctx.attr_data(a) {
        AttrData::DenseArray { values, .. } => Some(
            values
                .iter()
                .map(|&v| match bits {
                    32 => v as u32 as i32 as i64,
                    _ => v as u64 as i64,
                })
                .collect(),
        ),
        _ => None,
    }
}

/// A type as MLIR prints it at top level, from its text nested in an LLVM
/// type (`ptr` is `!llvm.ptr` there).
fn top_level(text: &str) -> String {
    let mnemonic = text.split(['<', ' ']).next().unwrap_or(text);
    match mnemonic {
        "ptr" | "struct" | "array" | "vec" | "func" | "void" | "token" | "label" | "metadata"
        | "target" | "x86_amx" | "x86_mmx" | "ppc_fp128" => format!("!llvm.{text}"),
        _ => text.to_string(),
    }
}

/// The text of `t` as nested in an LLVM type, borrowed when it can be.
fn nested_text<'m>(cx: &Cx<'m>, t: TypeId) -> Cow<'m, str> {
    llvm::nested_text_ref(&cx.m.ctx, t)
}

const ORDERINGS: [&str; 8] = [
    "not_atomic",
    "unordered",
    "monotonic",
    "",
    "acquire",
    "release",
    "acq_rel",
    "seq_cst",
];

/// MLIR's `verifyAtomicMemOp`: the type, ordering and alignment of an
/// atomic access; no syncscope on a plain one.
fn check_atomic(
    cx: &Cx<'_>,
    op: OpId,
    unsupported: &[i64],
    value: Option<TypeId>,
) -> Result<(), Diagnostic> {
    let ordering = inherent(cx, op, b"ordering")
        .and_then(|a| int_value(cx, a))
        .unwrap_or(0);
    if ordering != 0 {
        if let Some(t) = value {
            if !atomic_type_ok(cx, t) {
                return Err(cx.op_error(
                    op,
                    format!(
                        "unsupported type '{}' for atomic access",
                        type_to_string(&cx.m.ctx, t)
                    ),
                ));
            }
        }
        if unsupported.contains(&ordering) {
            let name = ORDERINGS.get(ordering as usize).copied().unwrap_or("");
            return Err(cx.op_error(op, format!("unsupported ordering '{name}'")));
        }
        if inherent(cx, op, b"alignment").is_none() {
            return Err(cx.op_error(op, "expected alignment for atomic access"));
        }
        return Ok(());
    }
    if inherent(cx, op, b"syncscope").is_some() {
        return Err(cx.op_error(op, "expected syncscope to be null for non-atomic access"));
    }
    Ok(())
}

/// MLIR 22's `DereferenceableOpInterface` (`llvm.load`, `llvm.inttoptr`):
/// a `dereferenceable` attribute needs one result of LLVM pointer type.
/// The attribute exists from 22 on, so at 19 this never fires.
fn check_dereferenceable(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    if inherent(cx, op, b"dereferenceable").is_none() {
        return Ok(());
    }
    let results = &cx.m.ops[op].results;
    let ptr = results.len() == 1
        && result_type(cx, op).is_some_and(|t| llvm::kind_of(&cx.m.ctx, t) == Kind::Ptr);
    if !ptr {
        return Err(cx.op_error(op, "expected op to return a single LLVM pointer type"));
    }
    Ok(())
}

/// MLIR's `isTypeCompatibleWithAtomicOp`: pointers, and integers and
/// floats whose width is a power of two of at least 8 bits.
fn atomic_type_ok(cx: &Cx<'_>, t: TypeId) -> bool {
    let width = match cx.m.ctx.type_data(t) {
        TypeData::Integer { width, .. } => *width,
        TypeData::Float(k) => k.bit_width(),
        _ => return llvm::kind_of(&cx.m.ctx, t) == Kind::Ptr,
    };
    width >= 8 && width.is_power_of_two()
}

/// MLIR's `AtomicRMWOp::verify`: the value type the operation needs
/// (floating point for `fadd`/`fsub`/`fmax`/`fmin`, an atomic-compatible
/// type for `xchg`, an integer of 8, 16, 32 or 64 bits otherwise), then an
/// ordering of at least `monotonic`.
fn check_atomicrmw(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(val) = operand_type(cx, op, 1) else {
        return Ok(());
    };
    let bin_op = inherent(cx, op, b"bin_op")
        .and_then(|a| int_value(cx, a))
        .unwrap_or(0);
    match bin_op {
        // fadd, fsub, fmax, fmin
        11..=14 => {
            // MLIR's `isCompatibleFloatingPointType`: the builtin floats
            // LLVM has, and `!llvm.ppc_fp128`.
            let float = llvm::kind_of(&cx.m.ctx, val) == Kind::Float
                || type_to_string(&cx.m.ctx, val) == "!llvm.ppc_fp128";
            if !float {
                return Err(cx.op_error(op, "expected LLVM IR floating point type"));
            }
        }
        // xchg
        0 => {
            if !atomic_type_ok(cx, val) {
                return Err(cx.op_error(op, "unexpected LLVM IR type for 'xchg' bin_op"));
            }
        }
        _ => {
            let width = cx.m.ctx.int_width(val).map_or(0, |(w, _)| w);
            if !matches!(width, 8 | 16 | 32 | 64) {
                return Err(cx.op_error(op, "expected LLVM IR integer type"));
            }
        }
    }
    let ordering = inherent(cx, op, b"ordering")
        .and_then(|a| int_value(cx, a))
        .unwrap_or(0);
    if ordering < 2 {
        return Err(cx.op_error(op, "expected at least 'monotonic' ordering"));
    }
    Ok(())
}

/// MLIR's `AtomicCmpXchgOp::verify`: an atomic-compatible value type, both
/// orderings at least `monotonic`, a failure ordering that does not release.
fn check_cmpxchg(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    if let Some(val) = operand_type(cx, op, 2) {
        if !atomic_type_ok(cx, val) {
            return Err(cx.op_error(op, "unexpected LLVM IR type"));
        }
    }
    let ordering = |name: &[u8]| {
        inherent(cx, op, name)
            .and_then(|a| int_value(cx, a))
            .unwrap_or(0)
    };
    let (success, failure) = (ordering(b"success_ordering"), ordering(b"failure_ordering"));
    if success < 2 || failure < 2 {
        return Err(cx.op_error(op, "ordering must be at least 'monotonic'"));
    }
    // release, acq_rel
    if failure == 5 || failure == 6 {
        return Err(cx.op_error(op, "failure ordering cannot be 'release' or 'acq_rel'"));
    }
    Ok(())
}

/// The element type text of an indexable type text: struct fields,
/// array/vector element.
enum Indexed<'t> {
    Struct(llvm::Fields<'t>),
    Element(&'t str),
    NotIndexable,
}

fn indexed(text: &str) -> Indexed<'_> {
    if let Some(inner) = text
        .strip_prefix("vector<")
        .and_then(|s| s.strip_suffix('>'))
    {
        // `vector<4xi32>`, `vector<[4]xf32>`: the element follows the last `x`
        // before any nested `<`.
        let head = inner.split('<').next().unwrap_or(inner);
        if let Some(at) = head.rfind('x') {
            return Indexed::Element(&inner[at + 1..]);
        }
        return Indexed::NotIndexable;
    }
    match Aggregate::parse(text) {
        Some(Aggregate::Struct {
            fields,
            opaque: false,
        }) => Indexed::Struct(fields),
        Some(Aggregate::Array { elem, .. } | Aggregate::Vec { elem }) => Indexed::Element(elem),
        _ => Indexed::NotIndexable,
    }
}

/// An aggregate walk the verifier found good ([`Cx::walked`]): which
/// check, the aggregate type, the index attribute and the element type
/// checked against it.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Walk {
    check: u8,
    aggregate: TypeId,
    indices: AttrId,
    elem: Option<TypeId>,
}

/// Runs `walk` unless the same walk was already found good.
fn memo_walk(
    cx: &Cx<'_>,
    key: Walk,
    walk: impl FnOnce() -> Result<(), Diagnostic>,
) -> Result<(), Diagnostic> {
    if cx.walked.borrow().contains(&key) {
        return Ok(());
    }
    walk()?;
    cx.walked.borrow_mut().insert(key);
    Ok(())
}

/// A dynamic index's entry in `rawConstantIndices` (`GEPOp::kDynamicIndex`).
const DYNAMIC: i64 = i32::MIN as i64;

/// `GEPOp::verify`: dynamic index count against `rawConstantIndices`, then
/// the struct indices against the element type (`verifyStructIndices`).
fn check_gep(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(raw_attr) = inherent(cx, op, b"rawConstantIndices") else {
        return Ok(());
    };
    let Some(raw) = dense_values(cx, raw_attr, 32) else {
        return Ok(());
    };
    let dynamic = cx.m.ops[op].operands.len().saturating_sub(1);
    if raw.iter().filter(|&&v| v == DYNAMIC).count() != dynamic {
        return Err(cx.op_error(
            op,
            "expected as many dynamic indices as specified in 'rawConstantIndices'",
        ));
    }
    let Some(elem) = inherent(cx, op, b"elem_type").and_then(|a| match cx.m.ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }) else {
        return Ok(());
    };
    let key = Walk {
        check: 0,
        aggregate: elem,
        indices: raw_attr,
        elem: None,
    };
    memo_walk(cx, key, || check_gep_indices(cx, op, elem, &raw))
}

/// `verifyStructIndices`: the constant indices against the element type.
fn check_gep_indices(cx: &Cx<'_>, op: OpId, elem: TypeId, raw: &[i64]) -> Result<(), Diagnostic> {
    let mut ty = nested_text(cx, elem);
    for (pos, &idx) in raw.iter().enumerate().skip(1) {
        let next = match indexed(&ty) {
            Indexed::Struct(body) => {
                if idx == DYNAMIC {
                    return Err(cx.op_error(
                        op,
                        format!("expected index {pos} indexing a struct to be constant"),
                    ));
                }
                let Some(field) = usize::try_from(idx).ok().and_then(|i| body.get(i)) else {
                    return Err(cx.op_error(
                        op,
                        format!("index {pos} indexing a struct is out of bounds"),
                    ));
                };
                field
            }
            Indexed::Element(e) => e,
            Indexed::NotIndexable => {
                return Err(cx.op_error(
                    op,
                    format!("type '{}' cannot be indexed (index #{pos})", top_level(&ty)),
                ))
            }
        };
        ty = llvm::narrow(&ty, next);
    }
    Ok(())
}

/// `getInsertExtractValueElementType`: the type at `position` in the
/// aggregate, as nested text, or the error MLIR reports.
fn value_element_type<'m>(
    cx: &Cx<'m>,
    op: OpId,
    container: TypeId,
    position: &[i64],
) -> Result<Cow<'m, str>, Diagnostic> {
    let mut ty = nested_text(cx, container);
    for &idx in position {
        let next = match Aggregate::parse(&ty) {
            Some(Aggregate::Array { len, elem }) => {
                if idx < 0 || idx as u64 >= len {
                    None
                } else {
                    Some(elem)
                }
            }
            Some(Aggregate::Struct { fields, .. }) => {
                usize::try_from(idx).ok().and_then(|i| fields.get(i))
            }
            _ => {
                return Err(cx.op_diag(
                    op,
                    format!(
                        "'{}' op expected LLVM IR structure/array type, got: '{}'",
                        cx.m.op_name(op),
                        top_level(&ty)
                    ),
                ))
            }
        };
        match next {
            Some(n) => ty = llvm::narrow(&ty, n),
            None => {
                return Err(cx.op_error(op, format!("position out of bounds: {idx}")));
            }
        }
    }
    Ok(ty)
}

fn position(cx: &Cx<'_>, op: OpId) -> Option<(AttrId, Vec<i64>)> {
    let a = inherent(cx, op, b"position")?;
    Some((a, dense_values(cx, a, 64)?))
}

fn check_extractvalue(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let (Some(container), Some(res), Some((pos_attr, pos))) = (
        operand_type(cx, op, 0),
        result_type(cx, op),
        position(cx, op),
    ) else {
        return Ok(());
    };
    let key = Walk {
        check: 1,
        aggregate: container,
        indices: pos_attr,
        elem: Some(res),
    };
    memo_walk(cx, key, || check_extracted(cx, op, container, res, &pos))
}

fn check_extracted(
    cx: &Cx<'_>,
    op: OpId,
    container: TypeId,
    res: TypeId,
    pos: &[i64],
) -> Result<(), Diagnostic> {
    let want = value_element_type(cx, op, container, pos)?;
    if !llvm::same_type(&cx.m.ctx, &want, res) {
        return Err(cx.op_error(
            op,
            format!(
                "Type mismatch: extracting from '{}' should produce '{}' but this op returns '{}'",
                type_to_string(&cx.m.ctx, container),
                top_level(&want),
                type_to_string(&cx.m.ctx, res)
            ),
        ));
    }
    Ok(())
}

fn check_insertvalue(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let (Some(container), Some(value), Some((pos_attr, pos))) = (
        operand_type(cx, op, 0),
        operand_type(cx, op, 1),
        position(cx, op),
    ) else {
        return Ok(());
    };
    let key = Walk {
        check: 2,
        aggregate: container,
        indices: pos_attr,
        elem: Some(value),
    };
    memo_walk(cx, key, || check_inserted(cx, op, container, value, &pos))
}

fn check_inserted(
    cx: &Cx<'_>,
    op: OpId,
    container: TypeId,
    value: TypeId,
    pos: &[i64],
) -> Result<(), Diagnostic> {
    let want = value_element_type(cx, op, container, pos)?;
    if !llvm::same_type(&cx.m.ctx, &want, value) {
        return Err(cx.op_error(
            op,
            format!(
                "Type mismatch: cannot insert '{}' into '{}'",
                type_to_string(&cx.m.ctx, value),
                type_to_string(&cx.m.ctx, container)
            ),
        ));
    }
    Ok(())
}

fn scalar_width(cx: &Cx<'_>, t: TypeId) -> Option<u32> {
    let t = match cx.m.ctx.type_data(t) {
        TypeData::Vector { elem, .. } => *elem,
        _ => t,
    };
    cx.m.ctx.int_width(t).map(|(w, _)| w)
}

/// `verifyExtOp`: the result is wider than the operand (an error with no
/// op prefix in MLIR 19).
fn check_ext(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let (Some(a), Some(r)) = (operand_type(cx, op, 0), result_type(cx, op)) else {
        return Ok(());
    };
    // A builtin vector extends to a vector of as many elements.
    let elements = |t: TypeId| match cx.m.ctx.type_data(t) {
        TypeData::Vector { shape, .. } => Some(shape.iter().product::<i64>()),
        _ => None,
    };
    match (elements(a), elements(r)) {
        (Some(_), None) => {
            return Err(cx.op_diag(op, "input type is a vector but output type is an integer"))
        }
        (None, Some(_)) => {
            return Err(cx.op_diag(op, "input type is an integer but output type is a vector"))
        }
        (Some(na), Some(nr)) if na != nr => {
            return Err(cx.op_diag(op, "input and output vectors are of incompatible shape"))
        }
        _ => {}
    }
    if let (Some(wa), Some(wr)) = (scalar_width(cx, a), scalar_width(cx, r)) {
        if wa >= wr {
            return Err(cx.op_diag(
                op,
                "integer width of the output type is smaller or equal to the integer width of the input type",
            ));
        }
    }
    Ok(())
}

/// `TypesMatchWith<"result type has i1 element type and same shape as
/// operands">` of `icmp`/`fcmp`.
fn check_cmp_shape(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let (Some(a), Some(r)) = (operand_type(cx, op, 0), result_type(cx, op)) else {
        return Ok(());
    };
    let ctx = &cx.m.ctx;
    let shape = |t: TypeId| match ctx.type_data(t) {
        TypeData::Vector {
            shape, scalable, ..
        } => Some((shape.clone(), scalable.clone())),
        _ => None,
    };
    // `getI1SameShape`: an `!llvm.vec<N x T>` operand gives `vector<Nxi1>`.
    let want = shape(a).or_else(|| match LlvmType::of(ctx, a) {
        Some(LlvmType::Vec { scalable, len, .. }) => {
            let sc: Box<[bool]> = if scalable {
                Box::new([true])
            } else {
                Box::new([])
            };
            Some((Box::new([len as i64]) as Box<[i64]>, sc))
        }
        _ => None,
    });
    let ok = match (want, shape(r)) {
        (None, None) => true,
        (Some(sa), Some(sr)) => sa == sr,
        _ => false,
    };
    if !ok {
        return Err(cx.op_error(
            op,
            "failed to verify that result type has i1 element type and same shape as operands",
        ));
    }
    Ok(())
}

/// `GlobalOp::verify` and `verifyRegions`: the global's type, a string
/// initializer's length, the alignment, the initializer region's type.
/// The type check `GlobalOp::verify` and `AliasOp::verify` share: an
/// LLVM-compatible type other than void, token, metadata and label (a
/// function type is one); other types would need MLIR's
/// `PointerElementTypeInterface`, which no type irkit knows has.
fn valid_global_type(cx: &Cx<'_>, ty: TypeId) -> bool {
    match llvm::kind_of(&cx.m.ctx, ty) {
        Kind::Incompatible | Kind::Void => false,
        Kind::OtherLlvm => !matches!(
            llvm::body_text(&cx.m.ctx, ty).as_deref(),
            Some(".token" | ".metadata" | ".label")
        ),
        _ => true,
    }
}

fn check_global(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ctx = &m.ctx;
    let Some(ty) = inherent(cx, op, b"global_type").and_then(|a| match ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    }) else {
        return Ok(());
    };
    if !valid_global_type(cx, ty) {
        return Err(cx.op_error(
            op,
            "expects type to be a valid element type for an LLVM global",
        ));
    }
    let value = inherent(cx, op, b"value");
    if let Some(AttrData::String { value: s, .. }) = value.map(|v| ctx.attr_data(v)) {
        let len = ctx.bytes(*s).len() as u64;
        let ok = matches!(
            LlvmType::of(ctx, ty),
            Some(LlvmType::Array { len: n, elem }) if n == len && &*elem == "i8"
        );
        if !ok {
            return Err(cx.op_error(
                op,
                "requires an i8 array type of the length equal to that of the string attribute",
            ));
        }
    }
    if let Some(a) = inherent(cx, op, b"alignment").and_then(|a| int_value(cx, a)) {
        if !(a as u64).is_power_of_two() {
            return Err(cx.op_diag(op, "alignment attribute is not a power of 2"));
        }
    }
    let init = m.ops[op]
        .regions
        .first()
        .and_then(|&r| m.regions[r].blocks.first().copied());
    if let Some(b) = init {
        let ret = m.blocks[b].ops.last().copied();
        if let Some(ret) = ret.filter(|&r| m.ctx.bytes(m.ops[r].name) == b"llvm.return") {
            match operand_type(cx, ret, 0) {
                None => return Err(cx.op_error(op, "initializer region cannot return void")),
                Some(t) if t != ty => {
                    return Err(cx.op_error(
                        op,
                        format!(
                            "initializer region type '{}' does not match global type '{}'",
                            type_to_string(ctx, t),
                            type_to_string(ctx, ty)
                        ),
                    ))
                }
                _ => {}
            }
        }
        if value.is_some() {
            return Err(cx.op_error(op, "cannot have both initializer value and region"));
        }
    }
    Ok(())
}

/// `ConstantOp::verify`: the value attribute against the result type.
fn check_constant(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let (Some(value), Some(ty)) = (inherent(cx, op, b"value"), result_type(cx, op)) else {
        return Ok(());
    };
    let ctx = &cx.m.ctx;
    let is_int_ty = matches!(ctx.type_data(ty), TypeData::Integer { .. });
    match ctx.attr_data(value) {
        AttrData::String { value: s, .. } => {
            let len = ctx.bytes(*s).len() as u64;
            let ok = matches!(
                LlvmType::of(ctx, ty),
                Some(LlvmType::Array { len: n, elem }) if n == len && &*elem == "i8"
            );
            if !ok {
                return Err(cx.op_error(
                    op,
                    format!("expected array type of {len} i8 elements for the string constant"),
                ));
            }
            return Ok(());
        }
        _ if matches!(llvm::kind_of(ctx, ty), Kind::Struct { .. }) => {
            return check_complex_constant(cx, op, value, ty)
        }
        AttrData::Integer { .. } => {
            if !is_int_ty {
                return Err(cx.op_error(op, "expected integer type"));
            }
        }
        AttrData::Float { ty: fty, .. } => {
            let width = match ctx.type_data(*fty) {
                TypeData::Float(k) => k.bit_width(),
                _ => 0,
            };
            match ctx.type_data(ty) {
                TypeData::Float(k) if k.bit_width() != width => {
                    return Err(cx.op_error(op, format!("expected float type of width {width}")));
                }
                TypeData::Integer { width: w, .. } if *w != width => {
                    return Err(cx.op_error(op, format!("expected integer type of width {width}")));
                }
                _ => {}
            }
        }
        AttrData::Dense { data, .. } => {
            let splat = match data {
                crate::context::DenseData::Bits(b) => b.len() == 1,
                crate::context::DenseData::Wide(w) => w.len() == 1,
                crate::context::DenseData::Strings(s) => s.len() == 1,
            };
            let container = matches!(ctx.type_data(ty), TypeData::Vector { .. })
                || matches!(llvm::kind_of(ctx, ty), Kind::Array | Kind::Vec);
            if splat && !container {
                return Err(cx.op_error(op, "expected vector or array type"));
            }
        }
        AttrData::Array(_) | AttrData::DenseResource { .. } | AttrData::Sparse { .. } => {}
        _ => {
            return Err(cx.op_error(
                op,
                "only supports integer, float, string or elements attributes",
            ))
        }
    }
    Ok(())
}

/// A struct-typed `llvm.mlir.constant` is a complex number (MLIR 19's
/// `ConstantOp::verify`): a struct of two equal integer or f16/f32/f64
/// fields, and an array of two attributes of one type.
fn check_complex_constant(
    cx: &Cx<'_>,
    op: OpId,
    value: AttrId,
    ty: TypeId,
) -> Result<(), Diagnostic> {
    let ctx = &cx.m.ctx;
    let text = nested_text(cx, ty);
    let field = match Aggregate::parse(&text) {
        Some(Aggregate::Struct {
            opaque: false,
            fields,
        }) => {
            let mut it = fields.iter();
            match (it.next(), it.next(), it.next()) {
                (Some(a), Some(b), None) if a == b => Some(a),
                _ => None,
            }
        }
        _ => None,
    };
    let Some(field) = field else {
        return Err(cx.op_diag(
            op,
            "expected struct type with two elements of the same type, the type of a complex constant",
        ));
    };
    let AttrData::Array(parts) = ctx.attr_data(value) else {
        return Err(cx.op_error(
            op,
            "expected array attribute with two elements, representing a complex constant",
        ));
    };
    let [re, im] = &**parts else {
        return Err(cx.op_error(
            op,
            "expected array attribute with two elements, representing a complex constant",
        ));
    };
    match (typed_attr_type(cx, *re), typed_attr_type(cx, *im)) {
        (Some(a), Some(b)) if a == b => {}
        _ => {
            return Err(cx.op_error(
                op,
                "expected array attribute with two elements of the same type",
            ))
        }
    }
    let is_int = field
        .strip_prefix('i')
        .is_some_and(|w| !w.is_empty() && w.bytes().all(|c| c.is_ascii_digit()));
    if !is_int && !matches!(field, "f16" | "f32" | "f64") {
        return Err(cx.op_diag(
            op,
            "expected struct element types to be floating point type or integer type",
        ));
    }
    Ok(())
}

/// The type of a `TypedAttr` (`Some(None)`: a string of no type, whose
/// type is `none`); `None` for an attribute that has no type.
fn typed_attr_type(cx: &Cx<'_>, a: AttrId) -> Option<Option<TypeId>> {
    match cx.m.ctx.attr_data(a) {
        AttrData::Integer { ty, .. }
        | AttrData::Float { ty, .. }
        | AttrData::Dense { ty, .. }
        | AttrData::DenseResource { ty, .. }
        | AttrData::Sparse { ty, .. } => Some(Some(*ty)),
        AttrData::String { ty, .. } => Some(*ty),
        _ => None,
    }
}

/// The `!llvm.func` type of an `llvm.func` op.
fn func_type(cx: &Cx<'_>, f: OpId) -> Option<LlvmType> {
    let a = inherent(cx, f, b"function_type")?;
    match cx.m.ctx.attr_data(a) {
        AttrData::Type(t) => {
            LlvmType::of(&cx.m.ctx, *t).filter(|t| matches!(t, LlvmType::Func { .. }))
        }
        _ => None,
    }
}

/// `ReturnOp::verify`: the operand against the enclosing function's result.
fn check_return(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut parent = m.parent_op(op);
    while let Some(p) = parent {
        if m.ctx.bytes(m.ops[p].name) == b"llvm.func" {
            break;
        }
        parent = m.parent_op(p);
    }
    let Some(f) = parent else {
        return Ok(());
    };
    let Some(LlvmType::Func { result, .. }) = func_type(cx, f) else {
        return Ok(());
    };
    let note = |d: Diagnostic| d.with_note(Some(cx.op_loc(f)), "when returning from function");
    let arg = operand_type(cx, op, 0);
    match arg {
        Some(_) if &*result == "void" => Err(note(cx.op_error(op, "expected no operands"))),
        None if &*result != "void" => Err(note(cx.op_error(op, "expected 1 operand"))),
        Some(t) if !llvm::same_type(&m.ctx, &result, t) => {
            Err(note(cx.op_error(op, "mismatching result types")))
        }
        _ => Ok(()),
    }
}

/// `LLVMFuncOp::verify` (linkage of declarations) and the
/// FunctionOpInterface's entry block against the signature.
fn check_func(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(LlvmType::Func { params, result, .. }) = func_type(cx, op) else {
        return Ok(());
    };
    // The FunctionOpInterface trait (before the op's own verifier): a
    // `void` function has no results.
    let results = usize::from(&*result != "void");
    check_arg_res_attrs(cx, op, b"arg_attrs", "argument", "arguments", params.len())?;
    check_arg_res_attrs(cx, op, b"res_attrs", "result", "results", results)?;
    let linkage = inherent(cx, op, b"linkage").map(|a| crate::printer::attr_to_string(&m.ctx, a));
    if linkage.as_deref() == Some("#llvm.linkage<common>") {
        return Err(cx.op_error(op, "functions cannot have 'common' linkage"));
    }
    let entry = m.ops[op]
        .regions
        .first()
        .and_then(|&r| m.regions[r].blocks.first().copied());
    let Some(entry) = entry else {
        return match linkage.as_deref() {
            None | Some("#llvm.linkage<external>" | "#llvm.linkage<extern_weak>") => Ok(()),
            Some(_) => Err(cx.op_error(
                op,
                "external functions must have 'external' or 'extern_weak' linkage",
            )),
        };
    };
    let args = &m.blocks[entry].args;
    if args.len() != params.len() {
        return Err(cx.op_error(
            op,
            format!(
                "entry block must have {} arguments to match function signature",
                params.len()
            ),
        ));
    }
    for (i, (&a, p)) in args.iter().zip(params.iter()).enumerate() {
        let t = m.values[a].ty;
        if !llvm::same_type(&m.ctx, p, t) {
            return Err(cx.op_error(
                op,
                format!(
                    "type of entry block argument #{i}('{}') must match the type of the corresponding argument in function signature('{}')",
                    type_to_string(&m.ctx, t),
                    top_level(p)
                ),
            ));
        }
    }
    check_landingpad_types(cx, op)
}

/// `LLVMFuncOp::verify`'s last check: every `llvm.landingpad` result and
/// `llvm.resume` operand of the function has one type (the first one met).
fn check_landingpad_types(cx: &Cx<'_>, func: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut first: Option<TypeId> = None;
    let mut stack: Vec<OpId> = Vec::new();
    for &r in m.ops[func].regions.iter().rev() {
        for &b in m.regions[r].blocks.iter().rev() {
            stack.extend(m.blocks[b].ops.iter().rev().copied());
        }
    }
    while let Some(op) = stack.pop() {
        let d = &m.ops[op];
        let (ty, what) = match m.ctx.bytes(d.name) {
            b"llvm.landingpad" => (
                d.results.first().map(|&v| m.values[v].ty),
                "'llvm.landingpad' should have a consistent result type inside a function",
            ),
            b"llvm.resume" => (
                d.operands.first().map(|&v| m.values[v].ty),
                "'llvm.resume' should have a consistent input type inside a function",
            ),
            _ => {
                for &r in d.regions.iter().rev() {
                    for &b in m.regions[r].blocks.iter().rev() {
                        stack.extend(m.blocks[b].ops.iter().rev().copied());
                    }
                }
                continue;
            }
        };
        let Some(ty) = ty else { continue };
        match first {
            None => first = Some(ty),
            Some(t) if t != ty => return Err(cx.op_diag(func, what)),
            Some(_) => {}
        }
    }
    Ok(())
}

/// MLIR's `LandingpadOp::verify`: a personality on the enclosing function,
/// a clause or `cleanup`, and catch clauses that are constants (null,
/// `addressof`, or a bitcast of an `addressof`); filter clauses (arrays)
/// are not checked.
fn check_landingpad(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut anc = m.parent_op(op);
    while let Some(a) = anc {
        if m.ctx.bytes(m.ops[a].name) == b"llvm.func" {
            if inherent(cx, a, b"personality").is_none() {
                return Err(cx.op_diag(
                    op,
                    "llvm.landingpad needs to be in a function with a personality",
                ));
            }
            break;
        }
        anc = m.parent_op(a);
    }
    let d = &m.ops[op];
    if inherent(cx, op, b"cleanup").is_none() && d.operands.is_empty() {
        return Err(cx.op_diag(
            op,
            "landingpad instruction expects at least one clause or cleanup attribute",
        ));
    }
    let def_name = |v: crate::ir::ValueId| match m.values[v].def {
        crate::ir::ValueDef::Result { op: o, .. } => Some((o, m.ctx.bytes(m.ops[o].name))),
        _ => None,
    };
    for (i, &v) in d.operands.iter().enumerate() {
        if llvm::kind_of(&m.ctx, m.values[v].ty) == Kind::Array {
            continue;
        }
        match def_name(v) {
            Some((bc, b"llvm.bitcast")) => {
                let arg = m.ops[bc].operands.first().copied();
                if arg
                    .and_then(def_name)
                    .is_some_and(|(_, n)| n == b"llvm.mlir.addressof")
                {
                    continue;
                }
                return Err(cx.op_diag(op, "constant clauses expected").with_note(
                    Some(cx.op_loc(bc)),
                    "global addresses expected as operand to bitcast used in clauses for landingpad",
                ));
            }
            Some((_, b"llvm.mlir.zero" | b"llvm.mlir.addressof")) => {}
            _ => {
                return Err(cx.op_diag(
                    op,
                    format!("clause #{i} is not a known constant - null, addressof, bitcast"),
                ))
            }
        }
    }
    Ok(())
}

pub(crate) fn check_addressof(
    cx: &Cx<'_>,
    op: OpId,
    symbols: &Symbols<'_>,
) -> Result<(), Diagnostic> {
    let Some(name) = symbol_ref(cx, op, b"global_name") else {
        return Ok(());
    };
    let v22 = cx.release >= MlirRelease::V22;
    let not_global = || {
        cx.op_error(
            op,
            if v22 {
                "must reference a global defined by 'llvm.mlir.global', 'llvm.mlir.alias' or \
                 'llvm.func' or 'llvm.mlir.ifunc'"
            } else {
                "must reference a global defined by 'llvm.mlir.global' or 'llvm.func'"
            },
        )
    };
    let Some(&g) = symbols.get(name) else {
        return Err(not_global());
    };
    let space = match cx.m.ctx.bytes(cx.m.ops[g].name) {
        b"llvm.func" => return Ok(()),
        b"llvm.mlir.ifunc" if v22 => return Ok(()),
        b"llvm.mlir.global" => inherent(cx, g, b"addr_space")
            .and_then(|a| int_value(cx, a))
            .unwrap_or(0),
        b"llvm.mlir.alias" if v22 => match alias_addr_space(cx, g) {
            Some(s) => s,
            None => return Ok(()),
        },
        _ => return Err(not_global()),
    };
    let ptr_space = match result_type(cx, op).and_then(|t| LlvmType::of(&cx.m.ctx, t)) {
        Some(LlvmType::Ptr { addr_space }) => i64::from(addr_space),
        _ => space,
    };
    if space != ptr_space {
        return Err(cx.op_error(
            op,
            if v22 {
                "pointer address space must match address space of the referenced global or alias"
            } else {
                "pointer address space must match address space of the referenced global"
            },
        ));
    }
    Ok(())
}

/// The value an `llvm.mlir.alias` initializer returns (MLIR's
/// `AliasOp::getAddrSpace` reads its pointer type).
fn alias_result(cx: &Cx<'_>, alias: OpId) -> Option<crate::ir::ValueId> {
    let m = cx.m;
    let r = *m.ops[alias].regions.first()?;
    let b = *m.regions[r].blocks.first()?;
    let ret = *m.blocks[b].ops.last()?;
    m.ops[ret].operands.first().copied()
}

fn alias_addr_space(cx: &Cx<'_>, alias: OpId) -> Option<i64> {
    let v = alias_result(cx, alias)?;
    match LlvmType::of(&cx.m.ctx, cx.m.values[v].ty)? {
        LlvmType::Ptr { addr_space } => Some(i64::from(addr_space)),
        _ => None,
    }
}

/// MLIR's `verifyCallOpVarCalleeType` (`CallOp::verify`, before symbol
/// uses): a `var_callee_type` is variadic, has no more parameters than the
/// call has arguments, and agrees with their types and with the result.
fn check_var_callee_type(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let Some(a) = inherent(cx, op, b"var_callee_type") else {
        return Ok(());
    };
    let AttrData::Type(t) = m.ctx.attr_data(a) else {
        return Ok(());
    };
    let Some(LlvmType::Func {
        result,
        params,
        variadic,
    }) = LlvmType::of(&m.ctx, *t)
    else {
        return Ok(());
    };
    if !variadic {
        return Err(cx.op_error(
            op,
            "expected var_callee_type to be a variadic function type",
        ));
    }
    let d = &m.ops[op];
    // An invoke's call operands are its first operand group.
    let call_operands = if m.ctx.bytes(d.name) == b"llvm.invoke" {
        d.operands.get(..segment(cx, op, 0)).unwrap_or(&[])
    } else {
        &d.operands[..]
    };
    // An indirect call's first operand is the callee.
    let args = if symbol_ref(cx, op, b"callee").is_some() {
        call_operands
    } else {
        call_operands.get(1..).unwrap_or(&[])
    };
    if params.len() > args.len() {
        return Err(cx.op_error(
            op,
            format!(
                "expected var_callee_type to have at most {} parameters",
                args.len()
            ),
        ));
    }
    for (p, &v) in params.iter().zip(args.iter()) {
        let vt = m.values[v].ty;
        if !llvm::same_type(&m.ctx, p, vt) {
            return Err(cx.op_error(
                op,
                format!(
                    "var_callee_type parameter type mismatch: '{}' != '{}'",
                    top_level(p),
                    type_to_string(&m.ctx, vt)
                ),
            ));
        }
    }
    match d.results.first() {
        None if &*result != "void" => {
            Err(cx.op_error(op, "expected var_callee_type to return void"))
        }
        Some(&r) if !llvm::same_type(&m.ctx, &result, m.values[r].ty) => Err(cx.op_error(
            op,
            format!(
                "var_callee_type return type mismatch: '{}' != '{}'",
                top_level(&result),
                type_to_string(&m.ctx, m.values[r].ty)
            ),
        )),
        _ => Ok(()),
    }
}

/// `InvokeOp::verify`: the variadic callee type as for `llvm.call`, then
/// the unwind destination, which must start with an `llvm.landingpad`.
fn check_invoke(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    check_var_callee_type(cx, op)?;
    let m = cx.m;
    let Some(&unwind) = m.ops[op].successors.get(1) else {
        return Ok(());
    };
    // `emitError`: no op prefix.
    match m.blocks[unwind].ops.first() {
        None => Err(cx.op_diag(op, "must have at least one operation in unwind destination")),
        Some(&first) if m.ctx.bytes(m.ops[first].name) != b"llvm.landingpad" => Err(cx.op_diag(
            op,
            "first operation in unwind destination should be a llvm.landingpad operation",
        )),
        _ => Ok(()),
    }
}

/// `GlobalCtorsOp::verify` / `GlobalDtorsOp::verify`: as many priorities
/// as functions (`emitError`: no op prefix). Their symbol uses are not
/// checked.
fn check_xtors(cx: &Cx<'_>, op: OpId, field: &[u8], what: &str) -> Result<(), Diagnostic> {
    let len = |name: &[u8]| match inherent(cx, op, name).map(|a| cx.m.ctx.attr_data(a)) {
        Some(AttrData::Array(items)) => items.len(),
        _ => 0,
    };
    if len(field) != len(b"priorities") {
        return Err(cx.op_diag(
            op,
            format!("mismatch between the number of {what} and the number of priorities"),
        ));
    }
    Ok(())
}

/// `CallIntrinsicOp::verify`: the intrinsic's name starts with `llvm.`.
fn check_call_intrinsic(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = &cx.m.ctx;
    match inherent(cx, op, b"intrin").map(|a| ctx.attr_data(a)) {
        Some(AttrData::String { value, .. }) if !ctx.bytes(*value).starts_with(b"llvm.") => {
            Err(cx.op_error(op, "intrinsic name must start with 'llvm.'"))
        }
        _ => Ok(()),
    }
}

/// `LinkerOptionsOp::verify`: its parent, if any, is an LLVM module (MLIR's
/// `satisfiesLLVMModule`: a symbol table isolated from above).
fn check_linker_options(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let Some(parent) = cx.m.parent_op(op) else {
        return Ok(());
    };
    let t = cx.traits(parent);
    if t.symbol_table && t.isolated_from_above {
        Ok(())
    } else {
        Err(cx.op_error(op, "must appear at the module level"))
    }
}

/// `CallOp::verifySymbolUses`: a direct call against its callee's type.
pub(crate) fn check_call(cx: &Cx<'_>, op: OpId, symbols: &Symbols<'_>) -> Result<(), Diagnostic> {
    let m = cx.m;
    let d = &m.ops[op];
    if d.results.len() > 1 {
        return Err(cx.op_error(op, "must have 0 or 1 result"));
    }
    let Some(callee) = symbol_ref(cx, op, b"callee") else {
        let Some(&first) = d.operands.first() else {
            return Err(cx.op_error(
                op,
                "must have either a `callee` attribute or at least an operand",
            ));
        };
        let t = m.values[first].ty;
        if llvm::kind_of(&m.ctx, t) != Kind::Ptr {
            return Err(cx.op_error(
                op,
                format!(
                    "indirect call expects a pointer as callee: '{}'",
                    type_to_string(&m.ctx, t)
                ),
            ));
        }
        return Ok(());
    };
    let name = String::from_utf8_lossy(callee);
    let Some(&f) = symbols.get(callee) else {
        return Err(cx.op_error(
            op,
            format!("'{name}' does not reference a symbol in the current scope"),
        ));
    };
    // MLIR 22 also calls an `llvm.mlir.ifunc`, whose type is any type.
    let callee_type = match m.ctx.bytes(m.ops[f].name) {
        b"llvm.func" => b"function_type".as_slice(),
        b"llvm.mlir.ifunc" => b"i_func_type",
        _ if cx.release >= MlirRelease::V22 => {
            return Err(cx.op_error(
                op,
                format!("'{name}' does not reference a valid LLVM function or IFunc"),
            ))
        }
        _ => {
            return Err(cx.op_error(
                op,
                format!("'{name}' does not reference a valid LLVM function"),
            ))
        }
    };
    let callee_ty = inherent(cx, f, callee_type).and_then(|a| match m.ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    });
    let fn_ty = callee_ty.and_then(|t| LlvmType::of(&m.ctx, t));
    if !matches!(fn_ty, Some(LlvmType::Func { .. })) {
        if let Some(t) = callee_ty.filter(|_| cx.release >= MlirRelease::V22) {
            return Err(cx.op_error(
                op,
                format!(
                    "callee does not have a functional type: '{}'",
                    type_to_string(&m.ctx, t)
                ),
            ));
        }
    }
    let var_callee = inherent(cx, op, b"var_callee_type").and_then(|a| match m.ctx.attr_data(a) {
        AttrData::Type(t) => LlvmType::of(&m.ctx, *t),
        _ => None,
    });
    if let Some(LlvmType::Func {
        variadic: false, ..
    }) = var_callee
    {
        return Err(cx.op_error(
            op,
            "expected var_callee_type to be a variadic function type",
        ));
    }
    let Some(LlvmType::Func {
        result,
        params,
        variadic,
    }) = fn_ty
    else {
        return Ok(());
    };
    if variadic && var_callee.is_none() {
        return Err(cx.op_error(op, "missing var_callee_type attribute for vararg call"));
    }
    // MLIR 22: the callee's operands are the first segment (operand
    // bundles follow).
    let operands = if inherent(cx, op, b"operandSegmentSizes").is_some() {
        &d.operands[..segment(cx, op, 0).min(d.operands.len())]
    } else {
        &d.operands[..]
    };
    let n = operands.len();
    if !variadic && params.len() != n {
        return Err(cx.op_error(
            op,
            format!(
                "incorrect number of operands ({n}) for callee (expecting: {})",
                params.len()
            ),
        ));
    }
    if params.len() > n {
        return Err(cx.op_error(
            op,
            format!(
                "incorrect number of operands ({n}) for varargs callee (expecting at least: {})",
                params.len()
            ),
        ));
    }
    for (i, p) in params.iter().enumerate() {
        let t = m.values[operands[i]].ty;
        if !llvm::same_type(&m.ctx, p, t) {
            return Err(cx.op_error(
                op,
                format!(
                    "operand type mismatch for operand {i}: '{}' != '{}'",
                    type_to_string(&m.ctx, t),
                    top_level(p)
                ),
            ));
        }
    }
    let void = &*result == "void";
    match d.results.first() {
        None if !void => Err(cx.op_error(op, "expected function call to produce a value")),
        Some(_) if void => Err(cx.op_error(
            op,
            "calling function with void result must not produce values",
        )),
        Some(&r) if !llvm::same_type(&m.ctx, &result, m.values[r].ty) => Err(cx.op_error(
            op,
            format!(
                "result type mismatch: '{}' != '{}'",
                type_to_string(&m.ctx, m.values[r].ty),
                top_level(&result)
            ),
        )),
        _ => Ok(()),
    }
}

/// `FenceOp::verify`: only acquire, release, acq_rel and seq_cst.
fn check_fence(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let ordering = inherent(cx, op, b"ordering").and_then(|a| int_value(cx, a));
    if matches!(ordering, Some(0..=2)) {
        return Err(cx.op_error(
            op,
            "can be given only acquire, release, acq_rel, and seq_cst orderings",
        ));
    }
    Ok(())
}

/// `SwitchOp::verify`: case values against case destinations, branch
/// weights against successors, the case values' type against the value's.
fn check_switch(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let ctx = &cx.m.ctx;
    let d = &cx.m.ops[op];
    let n_cases = d.successors.len().saturating_sub(1);
    let values = inherent(cx, op, b"case_values");
    let (n_values, elem) = match values.map(|a| ctx.attr_data(a)) {
        Some(AttrData::Dense { ty, .. }) => match ctx.type_data(*ty) {
            TypeData::Vector { shape, elem, .. } | TypeData::RankedTensor { shape, elem, .. } => (
                Some(shape.iter().product::<i64>().max(0) as usize),
                Some(*elem),
            ),
            _ => (None, None),
        },
        _ => (None, None),
    };
    let mismatch = match n_values {
        None => n_cases != 0,
        Some(n) => n != n_cases,
    };
    if mismatch {
        return Err(cx.op_error(
            op,
            "expects number of case values to match number of case destinations",
        ));
    }
    if let Some(AttrData::DenseArray { values, .. }) =
        inherent(cx, op, b"branch_weights").map(|a| ctx.attr_data(a))
    {
        if values.len() != d.successors.len() {
            return Err(cx.op_diag(
                op,
                format!(
                    "expects number of branch weights to match number of successors: {} vs {}",
                    values.len(),
                    d.successors.len()
                ),
            ));
        }
    }
    if let (Some(elem), Some(ty)) = (elem, operand_type(cx, op, 0)) {
        if elem != ty {
            return Err(cx.op_diag(op, "expects case value type to match condition value type"));
        }
    }
    Ok(())
}

/// The linkage keyword of a global-like op (`#llvm.linkage<KEYWORD>`).
fn linkage_of(cx: &Cx<'_>, op: OpId) -> Option<String> {
    let text = crate::printer::attr_to_string(&cx.m.ctx, inherent(cx, op, b"linkage")?);
    Some(
        text.strip_prefix("#llvm.linkage<")?
            .strip_suffix('>')?
            .to_string(),
    )
}

/// `IFuncOp::verify`: the linkages LLVM allows on an ifunc.
fn check_ifunc(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    match linkage_of(cx, op).as_deref() {
        None
        | Some(
            "external" | "internal" | "private" | "weak" | "weak_odr" | "linkonce" | "linkonce_odr",
        ) => Ok(()),
        Some(l) => Err(cx.op_error(
            op,
            format!(
                "'{l}' linkage not supported in ifuncs, available options: private, internal, \
                 linkonce, weak, linkonce_odr, weak_odr, or external linkage"
            ),
        )),
    }
}

/// `AliasOp::verify`: a valid element type, then a linkage LLVM allows on
/// an alias. (`verifyRegions`, the initializer's checks, is
/// [`check_alias_region`].)
fn check_alias(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let ty = inherent(cx, op, b"alias_type").and_then(|a| match cx.m.ctx.attr_data(a) {
        AttrData::Type(t) => Some(*t),
        _ => None,
    });
    if ty.is_some_and(|t| !valid_global_type(cx, t)) {
        return Err(cx.op_error(
            op,
            "expects type to be a valid element type for an LLVM global alias",
        ));
    }
    match linkage_of(cx, op).as_deref() {
        None
        | Some(
            "external"
            | "internal"
            | "private"
            | "weak"
            | "weak_odr"
            | "linkonce"
            | "linkonce_odr"
            | "available_externally",
        ) => Ok(()),
        Some(l) => Err(cx.op_error(
            op,
            format!(
                "'{l}' linkage not supported in aliases, available options: private, \
                 internal, linkonce, weak, linkonce_odr, weak_odr, external or \
                 available_externally"
            ),
        )),
    }
}

/// The LLVM ops' own `verifyRegions`, after their nested ops.
pub(crate) fn check_regions(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    match cx.m.ctx.bytes(cx.m.ops[op].name) {
        b"llvm.mlir.alias" => check_alias_region(cx, op),
        _ => Ok(()),
    }
}

/// `AliasOp::verifyRegions`: the initializer returns a pointer, and every
/// op in it is free of memory effects.
fn check_alias_region(cx: &Cx<'_>, op: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let ptr =
        alias_result(cx, op).is_some_and(|v| llvm::kind_of(&m.ctx, m.values[v].ty) == Kind::Ptr);
    if !ptr {
        return Err(cx.op_error(op, "initializer region must always return a pointer"));
    }
    let Some(&r) = m.ops[op].regions.first() else {
        return Ok(());
    };
    for &b in m.regions[r].blocks.iter().take(1) {
        for &o in m.blocks[b].ops.iter() {
            if !cx.traits(o).memory_effect_free {
                return Err(cx.op_diag(
                    o,
                    "ops with side effects are not allowed in alias initializers",
                ));
            }
        }
    }
    Ok(())
}

/// `IFuncOp::verifySymbolUses`: the resolver, seen through aliases whose
/// initializer returns an `llvm.mlir.addressof`, is a defined function
/// returning a pointer, and `resolver_type` is a pointer in the ifunc's
/// address space.
pub(crate) fn check_ifunc_resolver(
    cx: &Cx<'_>,
    op: OpId,
    symbols: &Symbols<'_>,
) -> Result<(), Diagnostic> {
    let m = cx.m;
    let named =
        |o: OpId, attr: &[u8]| symbol_ref(cx, o, attr).and_then(|n| symbols.get(n).copied());
    let is = |o: OpId, name: &[u8]| m.ctx.bytes(m.ops[o].name) == name;
    let mut sym = named(op, b"resolver");
    // An alias chain can be a cycle; MLIR would loop, irkit stops after
    // every symbol was seen once.
    for _ in 0..=symbols.len() {
        let Some(alias) = sym.filter(|&s| is(s, b"llvm.mlir.alias")) else {
            break;
        };
        let addr = alias_result(cx, alias).and_then(|v| match m.values[v].def {
            crate::ir::ValueDef::Result { op, .. } => Some(op),
            _ => None,
        });
        let Some(addr) = addr else {
            return Ok(());
        };
        if !is(addr, b"llvm.mlir.addressof") {
            return Ok(());
        }
        sym = named(addr, b"global_name");
    }
    let Some(f) = sym.filter(|&s| is(s, b"llvm.func")) else {
        return Err(cx.op_error(op, "must have a function resolver"));
    };
    let external = m.ops[f]
        .regions
        .first()
        .is_none_or(|&r| m.regions[r].blocks.is_empty());
    if external || linkage_of(cx, f).as_deref() == Some("available_externally") {
        return Err(cx.op_error(op, "resolver must be a definition"));
    }
    let returns_ptr = matches!(
        func_type(cx, f),
        Some(LlvmType::Func { result, .. }) if matches!(LlvmType::parse(&result), Some(LlvmType::Ptr { .. }))
    );
    if !returns_ptr {
        return Err(cx.op_error(op, "resolver must return a pointer"));
    }
    let space = inherent(cx, op, b"address_space")
        .and_then(|a| int_value(cx, a))
        .unwrap_or(0);
    let ok = inherent(cx, op, b"resolver_type")
        .and_then(|a| match m.ctx.attr_data(a) {
            AttrData::Type(t) => LlvmType::of(&m.ctx, *t),
            _ => None,
        })
        .is_some_and(
            |t| matches!(t, LlvmType::Ptr { addr_space } if i64::from(addr_space) == space),
        );
    if !ok {
        return Err(cx.op_error(op, "resolver has incorrect type"));
    }
    Ok(())
}
