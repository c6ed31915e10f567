//! `llvm.call` and `llvm.invoke`, as MLIR 19's `LLVMDialect.cpp` prints
//! and reads them: a calling convention, a direct callee or a function
//! pointer, the arguments, an optional `vararg(type)` and the trailing
//! `: [pointer type, ](argument types) -> result` (MLIR's
//! `parseCallTypeAndResolveOperands`, shared).

use super::super::custom::{parse_fn_args, parse_fn_results, print_fn_args, print_fn_results};
use super::super::parse::Parsed;
use super::super::print::operand_range;
use super::common::{
    attr_of, check_dict, eat_one_of, elided, keyword_of, llvm_attr, parse_op_bundles,
    parse_operands_with_types, parse_optional_attr_dict, print_attrs_except, print_op_bundles,
    print_value_list_with_types, set_attr, OpBundles, CCONVS, TAIL_KINDS,
};
use crate::context::{AttrData, AttrId, TypeData, TypeId};
use crate::dialect::{MlirRelease, OpDef};
use crate::ir::{OpId, ValueId};
use crate::parser::{custom_message as custom, PResult, Parser};
use crate::printer::{Elide, Printer};

/// ` [cconv] [tail] @f(%a) [vararg(T)] {attrs} : [P, ](A) -> R`; at MLIR
/// 22 the arguments' and results' attributes are in the signature
/// (`(i32 {llvm.noundef}) -> (i16 {llvm.zeroext})`).
pub(super) fn print_call(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
    let ctx = p.ctx;
    let m = p.m;
    let d = &m.ops[op];
    let v22 = p.release() >= MlirRelease::V22;
    // At 22 the callee operands are the first of two groups (the operand
    // bundles' follow).
    let callee_operands = if v22 {
        &d.operands[operand_range(m, def, op, 0)]
    } else {
        &d.operands[..]
    };
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
        callee_operands
    } else {
        if let Some(&f) = callee_operands.first() {
            p.print_value(f);
        }
        callee_operands.get(1..).unwrap_or(&[])
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
    if v22 {
        print_bundles_and_attrs(p, def, op, 1, CALL_ELIDED_22);
    } else {
        print_attrs_except(p, op, elided("llvm.call"), false);
    }
    p.out.extend_from_slice(b" : ");
    if callee.is_none() {
        if let Some(&f) = callee_operands.first() {
            p.print_type(m.values[f].ty);
            p.out.extend_from_slice(b", ");
        }
    }
    p.out.push(b'(');
    let results: Vec<TypeId> = d.results.iter().map(|&r| m.values[r].ty).collect();
    if v22 {
        print_signature_22(p, op, args, &results);
        return;
    }
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(m.values[a].ty);
    }
    p.out.extend_from_slice(b") -> ");
    p.print_result_types(&results);
}

/// The attributes MLIR 22's `CallOp::print` leaves out of the dictionary.
const CALL_ELIDED_22: &[&str] = &[
    "callee",
    "TailCallKind",
    "var_callee_type",
    "CConv",
    "operandSegmentSizes",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
];

pub(super) fn parse_call<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
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
    let v22 = p.release() >= MlirRelease::V22;
    let bundles = if v22 && p.peek() == Some(b'[') {
        Some(parse_op_bundles(p)?)
    } else {
        None
    };
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    if v22 {
        let (types, outs) = parse_call_signature(p, def, &mut out, direct)?;
        out.operands[0] = operands;
        out.operand_types[0] = Some(types);
        set_bundles(p, def, &mut out, 1, bundles);
        out.all_result_types = Some(outs);
        return Ok(out);
    }
    let (types, outs) = parse_call_types(p, def, direct)?;
    out.all_operands = Some(operands);
    out.all_operand_types = Some(types);
    out.all_result_types = Some(outs);
    Ok(out)
}

/// MLIR 22's `parseCallTypeAndResolveOperands`: `: [P, ](A {attrs}, ..)
/// -> R`, the arguments' and results' dictionaries stored as `arg_attrs`
/// and `res_attrs` when any is not empty.
fn parse_call_signature<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    out: &mut Parsed<'a>,
    direct: bool,
) -> PResult<(Vec<TypeId>, Vec<TypeId>)> {
    p.skip_ws();
    let at = p.pos;
    p.expect(b':', "':'")?;
    let mut types = Vec::new();
    if !direct {
        types.push(p.parse_type()?);
        if !p.eat(b',') {
            return p.err_at(
                at,
                custom(def, "expected indirect call to have 2 trailing types"),
            );
        }
    }
    // MLIR then also reports "expected direct call to have 1 trailing
    // types" (or "expected trailing function type") at `:`; one error is
    // reported here.
    p.skip_ws();
    if p.peek() != Some(b'(') {
        return p.err_tok("expected '('");
    }
    let args = parse_fn_args(p, &def.name, false)?;
    let (outs, res_attrs) = parse_fn_results(p)?;
    check_call_results(p, def, &outs, at)?;
    types.extend(args.inputs);
    let ctx = &mut p.m.ctx;
    let nonempty = |ctx: &crate::context::Context, list: &[AttrId]| {
        list.iter()
            .any(|&a| !matches!(ctx.attr_data(a), AttrData::Dict(e) if e.is_empty()))
    };
    if nonempty(ctx, &args.arg_attrs) {
        let a = ctx.attr(AttrData::Array(args.arg_attrs.into()));
        set_attr(p, def, out, "arg_attrs", a);
    }
    let ctx = &mut p.m.ctx;
    if nonempty(ctx, &res_attrs) {
        let a = ctx.attr(AttrData::Array(res_attrs.into()));
        set_attr(p, def, out, "res_attrs", a);
    }
    Ok((types, outs))
}

/// `: [P, ](A) -> R` (MLIR's `parseCallTypeAndResolveOperands`): the
/// operand types (the function pointer's first when indirect) and the
/// result types.
fn parse_call_types(
    p: &mut Parser<'_>,
    def: &OpDef,
    direct: bool,
) -> PResult<(Vec<TypeId>, Vec<TypeId>)> {
    // MLIR 19's `parseCallTypeAndResolveOperands`: `parseColonTypeList`,
    // then the list is checked, every error at the `:`.
    p.skip_ws();
    let at = p.pos;
    p.expect(b':', "':'")?;
    let mut types = vec![p.parse_type()?];
    while p.eat(b',') {
        types.push(p.parse_type()?);
    }
    if direct && types.len() != 1 {
        return p.err_at(
            at,
            custom(def, "expected direct call to have 1 trailing type"),
        );
    }
    if !direct && types.len() != 2 {
        return p.err_at(
            at,
            custom(def, "expected indirect call to have 2 trailing types"),
        );
    }
    let (ins, outs) = match types.pop().map(|t| p.m.ctx.type_data(t)) {
        Some(TypeData::Function { inputs, results }) => (inputs.to_vec(), results.to_vec()),
        _ => return p.err_at(at, custom(def, "expected trailing function type")),
    };
    check_call_results(p, def, &outs, at)?;
    types.extend(ins);
    Ok((types, outs))
}

/// A call's result types, as its parser checks them (at `at`, the `:`).
fn check_call_results(p: &Parser<'_>, def: &OpDef, outs: &[TypeId], at: usize) -> PResult<()> {
    match outs {
        [] => Ok(()),
        [t] if crate::llvm::kind_of(&p.m.ctx, *t) == crate::llvm::Kind::Void => {
            p.err_at(at, custom(def, "expected a non-void result type"))
        }
        [_] => Ok(()),
        _ => p.err_at(at, custom(def, "expected function with 0 or 1 result")),
    }
}

/// ` [cconv] @f(%a) to ^bb1[(..)] unwind ^bb2[(..)] [vararg(T)] {attrs} :
/// [P, ](A) -> R`.
pub(super) fn print_invoke(p: &mut Printer<'_>, def: &OpDef, op: OpId) {
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
    // MLIR 19 prints every operand after the callee, the destinations'
    // operands too (and their types in the function type below); MLIR 22
    // only the callee's.
    let v22 = p.release() >= MlirRelease::V22;
    let callee_operands = if v22 {
        &d.operands[operand_range(m, def, op, 0)]
    } else {
        &d.operands[..]
    };
    let callee = attr_of(p, op, "callee");
    let args = if let Some(c) = callee {
        p.print_attr(c, Elide::Never);
        callee_operands
    } else {
        if let Some(&f) = callee_operands.first() {
            p.print_value(f);
        }
        callee_operands.get(1..).unwrap_or(&[])
    };
    p.out.push(b'(');
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_value(a);
    }
    p.out.push(b')');
    for (k, word) in [(1, &b" to "[..]), (2, &b" unwind "[..])] {
        p.out.extend_from_slice(word);
        if let Some(&b) = d.successors.get(k - 1) {
            p.print_block_name(b);
        }
        let values = &d.operands[operand_range(m, def, op, k)];
        if !values.is_empty() {
            print_value_list_with_types(p, values);
        }
    }
    if let Some(AttrData::Type(t)) = attr_of(p, op, "var_callee_type").map(|a| ctx.attr_data(a)) {
        p.out.extend_from_slice(b" vararg(");
        p.print_type(*t);
        p.out.push(b')');
    }
    if v22 {
        print_bundles_and_attrs(p, def, op, 3, INVOKE_ELIDED_22);
    } else {
        print_attrs_except(p, op, elided("llvm.invoke"), false);
    }
    p.out.extend_from_slice(b" : ");
    if callee.is_none() {
        if let Some(&f) = d.operands.first() {
            p.print_type(m.values[f].ty);
            p.out.extend_from_slice(b", ");
        }
    }
    p.out.push(b'(');
    let results: Vec<TypeId> = d.results.iter().map(|&r| m.values[r].ty).collect();
    if v22 {
        print_signature_22(p, op, args, &results);
        return;
    }
    for (i, &a) in args.iter().enumerate() {
        if i > 0 {
            p.out.extend_from_slice(b", ");
        }
        p.print_type(m.values[a].ty);
    }
    p.out.extend_from_slice(b") -> ");
    p.print_result_types(&results);
}

/// The attributes MLIR 22's `InvokeOp::print` leaves out of the dictionary.
const INVOKE_ELIDED_22: &[&str] = &[
    "callee",
    "operandSegmentSizes",
    "CConv",
    "var_callee_type",
    "op_bundle_sizes",
    "op_bundle_tags",
    "arg_attrs",
    "res_attrs",
];

/// MLIR 22's `call_interface_impl::printFunctionSignature` of an external
/// signature, after its `(`: `A {attrs}, B) -> (R {attrs})`.
fn print_signature_22(p: &mut Printer<'_>, op: OpId, args: &[ValueId], results: &[TypeId]) {
    let ctx = p.ctx;
    let m = p.m;
    let dicts = |name| match attr_of(p, op, name).map(|a| ctx.attr_data(a)) {
        Some(AttrData::Array(es)) => Some(&es[..]),
        _ => None,
    };
    let (arg_attrs, res_attrs) = (dicts("arg_attrs"), dicts("res_attrs"));
    print_fn_args(p, None, args.len(), arg_attrs, |p, i| {
        p.print_type(m.values[args[i]].ty)
    });
    p.out.extend_from_slice(b") -> ");
    if results.is_empty() {
        p.out.extend_from_slice(b"()");
    } else {
        print_fn_results(p, results, res_attrs);
    }
}

/// MLIR 22's call-like tail before ` : `: the operand bundles (operand
/// group `group`, when any) and the attribute dictionary without `elided`.
fn print_bundles_and_attrs(
    p: &mut Printer<'_>,
    def: &OpDef,
    op: OpId,
    group: usize,
    elided: &[&str],
) {
    let bundles = operand_range(p.m, def, op, group);
    if !bundles.is_empty() {
        p.out.push(b' ');
        print_op_bundles(p, op, bundles, "op_bundle_tags");
    }
    print_attrs_except(p, op, elided, false);
}

/// Stores MLIR 22's operand bundles (none when `b` is `None`) as operand
/// group `group` with their tags and sizes.
fn set_bundles<'a>(
    p: &mut Parser<'a>,
    def: &OpDef,
    out: &mut Parsed<'a>,
    group: usize,
    b: Option<OpBundles<'a>>,
) {
    match b {
        Some(b) => {
            if let Some((at, msg)) = b.error(def) {
                out.group_error = Some((group, at, msg));
            }
            out.operands[group] = b.uses;
            out.operand_types[group] = Some(b.types);
            set_attr(p, def, out, "op_bundle_tags", b.tags);
            set_attr(p, def, out, "op_bundle_sizes", b.sizes);
        }
        None => out.operand_types[group] = Some(Vec::new()),
    }
}

/// `^bb[(%a, %b : A, B)]` (MLIR's `parseSuccessorAndUseList`).
fn parse_successor_operands<'a>(p: &mut Parser<'a>, out: &mut Parsed<'a>, k: usize) -> PResult<()> {
    let s = p.parse_successor()?;
    out.successors[k - 1].push(s);
    let (uses, types) = parse_operands_with_types(p)?;
    out.operands[k] = uses;
    out.operand_types[k] = Some(types);
    Ok(())
}

pub(super) fn parse_invoke<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    let mut out = p.new_parsed(def);
    p.skip_ws();
    let at = p.pos;
    if let Some(c) = eat_one_of(p, CCONVS) {
        let a = llvm_attr(p, "cconv", &c, at)?;
        set_attr(p, def, &mut out, "CConv", a);
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
    p.skip_ws();
    let at = p.pos;
    if !p.eat_keyword("to") {
        return p.err_at(at, "expected 'to'");
    }
    parse_successor_operands(p, &mut out, 1)?;
    p.skip_ws();
    let at = p.pos;
    if !p.eat_keyword("unwind") {
        return p.err_at(at, "expected 'unwind'");
    }
    parse_successor_operands(p, &mut out, 2)?;
    if p.eat_keyword("vararg") {
        p.expect(b'(', "'('")?;
        let t = p.parse_type()?;
        p.expect(b')', "')'")?;
        let a = p.m.ctx.attr(AttrData::Type(t));
        set_attr(p, def, &mut out, "var_callee_type", a);
    }
    let v22 = p.release() >= MlirRelease::V22;
    let bundles = if v22 && p.peek() == Some(b'[') {
        Some(parse_op_bundles(p)?)
    } else {
        None
    };
    p.skip_ws();
    let dict_at = p.pos;
    parse_optional_attr_dict(p, &mut out)?;
    check_dict(p, def, &out, dict_at)?;
    if v22 {
        let (types, outs) = parse_call_signature(p, def, &mut out, direct)?;
        out.operands[0] = operands;
        out.operand_types[0] = Some(types);
        set_bundles(p, def, &mut out, 3, bundles);
        out.all_result_types = Some(outs);
        return Ok(out);
    }
    let (types, outs) = parse_call_types(p, def, direct)?;
    out.operands[0] = operands;
    out.operand_types[0] = Some(types);
    out.all_result_types = Some(outs);
    Ok(out)
}
