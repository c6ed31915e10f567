//! `irkit abi --format=json`: one JSON object per line for each function
//! (and each call of a variadic function with variadic arguments). The
//! field names are a contract, documented in docs/abi-input.md:
//!
//! ```text
//! { "kind": "function" | "call", "name", "triple", "llvm_cc",
//!   "variadic": null | <number of fixed parameters>, "sret": bool,
//!   "registers": { "int", "vector" },
//!   "return": <arg>, "args": [<arg>...], "llvm": <declare or call line> }
//! <arg> = { "type": <LLVM memory type of the C type>, "pass": "ignore" |
//!   "direct" | "extend" | "indirect" | "expand" | "coerce_and_expand",
//!   "variadic": bool, "ir": [<IR parameter types>], "offset", "flatten",
//!   "alignstack", "signed", "byval", "align", "inreg", "padding" }
//! ```
//! Keys that do not apply to a kind are absent.

use irkit_abi::{AbiCx, ArgAbi, FnAbi, LlTy, PassMode};
use serde_json::{json, Map, Value};

/// The object for `abi` (a function when `call` is false).
pub fn function(cx: &AbiCx, abi: &FnAbi, name: &str, call: bool) -> Value {
    let ll = |t| {
        let mut s = String::new();
        cx.ll.write(&mut s, t);
        s
    };
    let line = if call {
        irkit_abi::print::call_line_for(&cx.ll, abi, name, irkit_abi::ClangVersion::V19)
    } else {
        irkit_abi::print::declare_line(&cx.ll, abi, name)
    };
    let n_fixed = abi.num_fixed();
    json!({
        "kind": if call { "call" } else { "function" },
        "name": name,
        "triple": cx.target().triple(),
        "llvm_cc": abi.cc.keyword().unwrap_or("ccc"),
        "variadic": abi.variadic,
        "sret": abi.sret,
        "registers": { "int": abi.regs.int_regs, "vector": abi.regs.vector_regs },
        "return": arg(cx, &abi.ret, false, &ll),
        "args": abi.args.iter().enumerate()
            .map(|(i, a)| arg(cx, a, i >= n_fixed, &ll))
            .collect::<Vec<_>>(),
        "llvm": line,
    })
}

fn arg(cx: &AbiCx, a: &ArgAbi, variadic: bool, ll: &dyn Fn(irkit_abi::LlTyId) -> String) -> Value {
    let mut o = Map::new();
    o.insert("type".into(), ll(cx.ll_mem_type(a.ty)).into());
    let elems = |t| match &cx.ll[t] {
        LlTy::Struct { elems, .. } => elems.iter().map(|&e| ll(e)).collect::<Vec<_>>(),
        _ => vec![ll(t)],
    };
    let (pass, ir): (&str, Vec<String>) = match a.mode {
        PassMode::Ignore => ("ignore", vec![]),
        PassMode::Direct {
            ty,
            offset,
            flatten,
            align_stack,
        } => {
            o.insert("offset".into(), offset.into());
            o.insert("flatten".into(), flatten.into());
            o.insert("alignstack".into(), align_stack.into());
            let split =
                flatten && matches!(&cx.ll[ty], LlTy::Struct { elems, .. } if elems.len() > 1);
            ("direct", if split { elems(ty) } else { vec![ll(ty)] })
        }
        PassMode::Extend { ty, signed } => {
            o.insert("signed".into(), signed.into());
            ("extend", vec![ll(ty)])
        }
        PassMode::Indirect {
            pointee,
            align,
            byval,
        } => {
            o.insert("pointee".into(), ll(pointee).into());
            o.insert("byval".into(), byval.into());
            o.insert("align".into(), align.into());
            ("indirect", vec!["ptr".to_string()])
        }
        PassMode::Expand { ty } => ("expand", elems(ty)),
        PassMode::CoerceAndExpand { coerce, unpadded } => {
            o.insert("coerce".into(), ll(coerce).into());
            ("coerce_and_expand", elems(unpadded))
        }
    };
    o.insert("pass".into(), pass.into());
    o.insert("ir".into(), ir.into());
    o.insert("variadic".into(), variadic.into());
    o.insert("inreg".into(), a.inreg.into());
    o.insert("padding".into(), a.padding.map(|p| ll(p.ty)).into());
    Value::Object(o)
}
