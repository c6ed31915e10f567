//! The table `irkit abi` prints for a function (source types, how each
//! argument and the result are passed, the `declare` line), shared by the
//! CLI and the language server's hover on function ops.

use crate::abi_map::AbiTypeMapper;
use irkit_abi::print::write_declare;
use irkit_abi::{AbiCx, FnAbi, PassMode, Target};
use irkit_ir::{AttrData, Module, OpId};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

/// The target a module names in a `cir.triple` or `llvm.target_triple`
/// attribute on its top-level op.
pub fn module_triple(m: &Module) -> Option<String> {
    let top = m.top?;
    crate::abi_lower::TRIPLE_ATTRS.iter().find_map(|name| {
        let a = m.ctx.dict_get(m[top].attrs, name.as_bytes())?;
        match m.ctx.attr_data(a) {
            AttrData::String { value, .. } => Some(m.ctx.str(*value).into_owned()),
            _ => None,
        }
    })
}

/// The table for function op `op` on `target`, or why there is none.
pub fn function_table(m: &Module, op: OpId, target: Target) -> Result<String, String> {
    let Some((fname, fty)) = function_name_and_type(m, op) else {
        return Err(format!(
            "'{}' op needs `sym_name` and `function_type` properties",
            m.op_name(op)
        ));
    };
    let aliases: FxHashMap<String, irkit_ir::TypeId> = m
        .type_aliases
        .iter()
        .map(|&(s, t)| (m.ctx.str(s).into_owned(), t))
        .collect();
    let mut mapper = AbiTypeMapper::new(&m.ctx, &aliases);
    let mut cx = AbiCx::new(target);
    let sig = mapper
        .map_fn_type(&mut cx, fty)
        .map_err(|e| format!("function '@{fname}': {e}"))?;
    let abi = cx
        .compute_fn_abi(&sig)
        .map_err(|e| format!("function '@{fname}': {e}"))?;
    let mut out = String::new();
    write_table(&mut out, &cx, &abi, &fname, &m.ctx, fty);
    Ok(out)
}

/// Function ops (`cir.func`, `func.func`) in input order.
pub fn functions(m: &Module) -> Vec<OpId> {
    let mut res = Vec::new();
    let Some(top) = m.top else { return res };
    m.walk_preorder(top, &mut |op| {
        let name = m.op_name(op);
        if name == "cir.func" || name == "func.func" {
            res.push(op);
        }
    });
    res
}

/// A direct call (`cir.call`, `func.call`, `fir.call`) with its callee's
/// name and the types of its arguments, in input order.
pub struct CallSite {
    pub op: OpId,
    pub callee: String,
    pub arg_types: Vec<irkit_ir::TypeId>,
}

/// Every direct call in `m`, in input order.
pub fn call_sites(m: &Module) -> Vec<CallSite> {
    let mut res = Vec::new();
    let Some(top) = m.top else { return res };
    m.walk_preorder(top, &mut |op| {
        if !matches!(
            m.op_name(op).as_ref(),
            "cir.call" | "func.call" | "fir.call"
        ) {
            return;
        }
        let Some(props) = m[op].properties else {
            return;
        };
        let Some(c) = m.ctx.dict_get(props, b"callee") else {
            return;
        };
        let AttrData::SymbolRef(parts) = m.ctx.attr_data(c) else {
            return;
        };
        let [sym] = parts.as_ref() else { return };
        res.push(CallSite {
            op,
            callee: m.ctx.str(*sym).into_owned(),
            arg_types: m[op].operands.iter().map(|&v| m[v].ty).collect(),
        });
    });
    res
}

pub fn function_name_and_type(m: &Module, op: OpId) -> Option<(String, irkit_ir::TypeId)> {
    let props = m[op].properties?;
    let name = match m.ctx.attr_data(m.ctx.dict_get(props, b"sym_name")?) {
        AttrData::String { value, .. } => m.ctx.str(*value).into_owned(),
        _ => return None,
    };
    let ty = match m.ctx.attr_data(m.ctx.dict_get(props, b"function_type")?) {
        AttrData::Type(t) => *t,
        _ => return None,
    };
    Some((name, ty))
}

pub fn write_table(
    out: &mut String,
    cx: &AbiCx,
    abi: &FnAbi,
    name: &str,
    ctx: &irkit_ir::Context,
    fty: irkit_ir::TypeId,
) {
    let _ = writeln!(
        out,
        "@{name} : {}",
        irkit_ir::printer::type_to_string(ctx, fty)
    );
    write_rows(out, cx, abi, name, false);
}

/// The table of one call of a variadic function (`abi` classifies the
/// call: fixed parameters, then its variadic arguments, marked `...`),
/// ending in the `call` line Clang emits.
pub fn write_call_table(out: &mut String, cx: &AbiCx, abi: &FnAbi, name: &str) {
    write_rows(out, cx, abi, name, true);
}

fn write_rows(out: &mut String, cx: &AbiCx, abi: &FnAbi, name: &str, is_call: bool) {
    let _ = writeln!(
        out,
        "          {:<28} {:<10} lowered",
        "C type (LLVM memory form)", "kind"
    );
    let row = |out: &mut String, what: &str, a: &irkit_abi::ArgAbi| {
        let mut src = String::new();
        cx.ll.write(&mut src, cx.ll_mem_type(a.ty));
        let (kind, lowered) = describe(cx, a.mode);
        let _ = writeln!(out, "  {what:<7} {src:<28} {kind:<10} {lowered}");
    };
    row(out, "return", &abi.ret);
    for (i, a) in abi.args.iter().enumerate() {
        if i < abi.num_fixed() {
            row(out, &format!("arg {i}"), a);
        } else {
            row(out, &format!("... {i}"), a);
        }
    }
    let _ = writeln!(
        out,
        "  registers: {} integer, {} vector/fp; sret: {}",
        abi.regs.int_regs,
        abi.regs.vector_regs,
        if abi.sret { "yes" } else { "no" }
    );
    let mut decl = String::new();
    if is_call {
        irkit_abi::print::write_call_for(&mut decl, &cx.ll, abi, name, cx.target().clang);
    } else {
        write_declare(&mut decl, &cx.ll, abi, name);
    }
    let _ = writeln!(out, "  {decl}");
}

fn describe(cx: &AbiCx, mode: PassMode) -> (&'static str, String) {
    let ty = |t| {
        let mut s = String::new();
        cx.ll.write(&mut s, t);
        s
    };
    match mode {
        PassMode::Ignore => ("Ignore", "(nothing)".to_string()),
        PassMode::Direct {
            ty: t,
            offset,
            flatten,
            align_stack,
        } => {
            let mut s = ty(t);
            if offset != 0 {
                let _ = write!(s, " at offset {offset}");
            }
            if flatten
                && matches!(&cx.ll[t], irkit_abi::LlTy::Struct { elems, .. } if elems.len() > 1)
            {
                s.push_str(" (one parameter per element)");
            }
            if let Some(a) = align_stack {
                let _ = write!(s, " alignstack({a})");
            }
            ("Direct", s)
        }
        PassMode::Extend { ty: t, signed } => (
            "Extend",
            format!("{} {}", ty(t), if signed { "signext" } else { "zeroext" }),
        ),
        PassMode::Indirect {
            pointee,
            align,
            byval,
        } => {
            let how = if byval { "byval" } else { "by pointer" };
            (
                "Indirect",
                format!("ptr {how}({}) align {align}", ty(pointee)),
            )
        }
        PassMode::Expand { ty: t } => ("Expand", ty(t)),
        PassMode::CoerceAndExpand { coerce, unpadded } => (
            "CoerceExp",
            format!("{} (in memory {})", ty(unpadded), ty(coerce)),
        ),
    }
}
