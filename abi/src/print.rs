//! Prints a classified signature as the LLVM `declare` line Clang 19 emits
//! for it, restricted to the ABI attributes:
//!
//! ```text
//! declare <ret attrs> <ret ty> @name(<ty> <attrs>, ...)
//! ```
//!
//! Attributes, in Clang's order: `sret(T) align N` / `byval(T) align N`,
//! `dead_on_return` (Clang 22, arguments passed by pointer to a copy),
//! `noext` (Clang 22, s390x small records),
//! `signext` / `zeroext`, `alignstack(N)`, `inreg`. Types are spelled as
//! LLVM does, records as literal struct types. A non-default LLVM calling
//! convention (`x86_fastcallcc`, `win64cc`, ...) comes first; an argument's
//! padding parameter (`i32 inreg`) comes before it.

use crate::callconv::{FnAbi, PassMode};
use crate::llty::{LlTy, LlTyId, LlTypes};
use std::fmt::Write as _;

pub use crate::targets::ClangVersion;

/// The `declare` line for `abi` named `name`, as Clang 19 spells it.
pub fn declare_line(ll: &LlTypes, abi: &FnAbi, name: &str) -> String {
    declare_line_for(ll, abi, name, ClangVersion::V19)
}

/// The `declare` line for `abi` named `name`, as Clang `version` spells it.
pub fn declare_line_for(ll: &LlTypes, abi: &FnAbi, name: &str, version: ClangVersion) -> String {
    let mut out = String::with_capacity(64);
    write_declare_for(&mut out, ll, abi, name, version);
    out
}

/// Appends the Clang 19 `declare` line (no trailing newline) to `out`.
pub fn write_declare(out: &mut String, ll: &LlTypes, abi: &FnAbi, name: &str) {
    write_declare_for(out, ll, abi, name, ClangVersion::V19);
}

/// Appends the `declare` line Clang `version` would print to `out`. A
/// variadic function's line ends in `...` after the IR parameters of its
/// fixed parameters (and its variadic arguments, if `abi` is a call's).
pub fn write_declare_for(
    out: &mut String,
    ll: &LlTypes,
    abi: &FnAbi,
    name: &str,
    version: ClangVersion,
) {
    out.push_str("declare ");
    write_ret(out, ll, abi);
    let _ = write!(out, " @{name}(");
    let n = write_params(out, ll, abi, version, &mut |_, _| {});
    if abi.variadic.is_some() {
        out.push_str(if n == 0 { "..." } else { ", ..." });
    }
    out.push(')');
}

/// The call-site line Clang `version` emits for a call classified as `abi`
/// (normally of a variadic function), without the result name and the
/// argument values:
///
/// ```text
/// call <cc> <ret attrs> <ret ty> (<fixed IR params>, ...) @name(<ty> <attrs>, ...)
/// ```
///
/// The parenthesized function type, printed only for a variadic callee as
/// LLVM does, lists the IR parameters of the fixed parameters (the hidden
/// `sret` pointer included).
pub fn call_line_for(ll: &LlTypes, abi: &FnAbi, name: &str, version: ClangVersion) -> String {
    let mut out = String::with_capacity(96);
    write_call_for(&mut out, ll, abi, name, version);
    out
}

/// Appends [`call_line_for`]'s line to `out`.
pub fn write_call_for(
    out: &mut String,
    ll: &LlTypes,
    abi: &FnAbi,
    name: &str,
    version: ClangVersion,
) {
    out.push_str("call ");
    write_ret(out, ll, abi);
    let mut params = String::with_capacity(64);
    let mut fixed = Vec::new();
    let n_fixed = abi.num_fixed();
    write_params(&mut params, ll, abi, version, &mut |arg, ty| {
        if !matches!(arg, Some(i) if i >= n_fixed) {
            fixed.push(ty);
        }
    });
    if abi.variadic.is_some() {
        out.push_str(" (");
        for &t in &fixed {
            match t {
                Some(t) => ll.write(out, t),
                None => out.push_str("ptr"),
            }
            out.push_str(", ");
        }
        out.push_str("...)");
    }
    let _ = write!(out, " @{name}({params})");
}

/// The calling convention and the return type with its attributes.
fn write_ret(out: &mut String, ll: &LlTypes, abi: &FnAbi) {
    if let Some(k) = abi.cc.keyword() {
        out.push_str(k);
        out.push(' ');
    }
    match abi.ret.mode {
        PassMode::Ignore | PassMode::Indirect { .. } => out.push_str("void"),
        PassMode::Direct { ty, .. } => {
            // Clang's InReg on a direct return (MIPS N64, SPARC V9).
            if abi.ret.inreg {
                out.push_str("inreg ");
            }
            ll.write(out, ty)
        }
        PassMode::Expand { ty } => ll.write(out, ty),
        PassMode::CoerceAndExpand { unpadded, .. } => ll.write(out, unpadded),
        PassMode::Extend { ty, signed } => {
            out.push_str(if signed { "signext " } else { "zeroext " });
            ll.write(out, ty);
        }
    }
}

/// Writes the IR parameters, comma-separated, and returns how many there
/// are; `on_param` sees each one's source argument (`None` for `sret`) and
/// LLVM type (`None`: `ptr`).
fn write_params(
    out: &mut String,
    ll: &LlTypes,
    abi: &FnAbi,
    version: ClangVersion,
    on_param: &mut dyn FnMut(Option<usize>, Option<LlTyId>),
) -> usize {
    let mut count = 0usize;
    let mut sep = |out: &mut String| {
        if count > 0 {
            out.push_str(", ");
        }
        count += 1;
    };
    if let PassMode::Indirect { pointee, align, .. } = abi.ret.mode {
        sep(out);
        on_param(None, None);
        out.push_str("ptr sret(");
        ll.write(out, pointee);
        let _ = write!(out, ") align {align}");
        if abi.ret.inreg {
            out.push_str(" inreg");
        }
    }
    for (i, arg) in abi.args.iter().enumerate() {
        if let Some(p) = arg.padding {
            sep(out);
            on_param(Some(i), Some(p.ty));
            ll.write(out, p.ty);
            if p.inreg {
                out.push_str(" inreg");
            }
        }
        match arg.mode {
            PassMode::Ignore => {}
            PassMode::Direct {
                ty,
                flatten,
                align_stack,
                ..
            } => {
                match (&ll[ty], flatten) {
                    (LlTy::Struct { elems, .. }, true) if elems.len() > 1 => {
                        for (k, &e) in elems.iter().enumerate() {
                            sep(out);
                            on_param(Some(i), Some(e));
                            ll.write(out, e);
                            if arg.inreg && k + 1 < elems.len() {
                                out.push_str(" inreg");
                            }
                        }
                    }
                    _ => {
                        sep(out);
                        on_param(Some(i), Some(ty));
                        ll.write(out, ty);
                    }
                }
                if arg.noext && version.noext() {
                    out.push_str(" noext");
                }
                if let Some(a) = align_stack {
                    let _ = write!(out, " alignstack({a})");
                }
                if arg.inreg {
                    out.push_str(" inreg");
                }
            }
            PassMode::Extend { ty, signed } => {
                sep(out);
                on_param(Some(i), Some(ty));
                ll.write(out, ty);
                out.push_str(if signed { " signext" } else { " zeroext" });
                if arg.inreg {
                    out.push_str(" inreg");
                }
            }
            PassMode::Indirect {
                pointee,
                align,
                byval,
            } => {
                sep(out);
                on_param(Some(i), None);
                if byval {
                    out.push_str("ptr byval(");
                    ll.write(out, pointee);
                    let _ = write!(out, ") align {align}");
                } else if version.dead_on_return() {
                    out.push_str("ptr dead_on_return");
                } else {
                    out.push_str("ptr");
                }
                if arg.inreg {
                    out.push_str(" inreg");
                }
            }
            PassMode::Expand { ty } | PassMode::CoerceAndExpand { unpadded: ty, .. } => {
                match &ll[ty] {
                    LlTy::Struct { elems, .. } => {
                        for &e in elems.iter() {
                            sep(out);
                            on_param(Some(i), Some(e));
                            ll.write(out, e);
                        }
                    }
                    _ => {
                        sep(out);
                        on_param(Some(i), Some(ty));
                        ll.write(out, ty);
                    }
                }
            }
        }
    }
    count
}
