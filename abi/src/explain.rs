//! `irkit abi --explain`: for each aggregate a function passes or returns,
//! a picture of its layout and the target-specific facts its classification
//! rests on (x86_64 eightbyte classes, AAPCS homogeneous aggregates, the
//! RISC-V/LoongArch floating-point flattening), then the argument registers
//! the signature uses and leaves.

use crate::callconv::{ArgAbi, FnAbi, PassMode};
use crate::cx::AbiCx;
use crate::targets::{self, Arch};
use crate::ty::{RecordKind, Type, TypeId};
use std::fmt::Write as _;

/// Appends the explanation of `abi` (classified by `cx`) to `out`.
pub fn write_explain(out: &mut String, cx: &mut AbiCx, abi: &FnAbi) {
    let values = std::iter::once(("return".to_string(), abi.ret)).chain(
        abi.args.iter().enumerate().map(|(i, a)| {
            let what = if i < abi.num_fixed() { "arg" } else { "vararg" };
            (format!("{what} {i}"), *a)
        }),
    );
    let values: Vec<(String, ArgAbi)> = values.collect();
    for (what, arg) in values {
        if !matches!(
            cx.types()[arg.ty],
            Type::Record(_) | Type::Array { .. } | Type::Complex(_)
        ) {
            continue;
        }
        write_aggregate(out, cx, &what, arg);
    }
    let (int_total, vec_total) = match cx.target().arch {
        Arch::X86_64SysV => (6, 8),
        Arch::Aarch64Aapcs | Arch::Aarch64Darwin | Arch::Aarch64Win => (8, 8),
        Arch::Riscv64Lp64d | Arch::Riscv32Ilp32d | Arch::Loongarch64Lp64d => {
            targets::riscv::ARG_REGS
        }
        Arch::X86_64Win64 | Arch::X86_64MinGW => (4, 4),
        Arch::X86_32SysV
        | Arch::X86_32Win
        | Arch::ArmAapcsVfp
        | Arch::ArmAapcs
        | Arch::Ppc64leElfv2
        | Arch::SystemZ
        | Arch::SystemZVector
        | Arch::Mips64N64
        | Arch::Sparc64
        | Arch::Wasm32 => (0, 0),
    };
    if int_total == 0 {
        let _ = writeln!(
            out,
            "  registers: {} integer, {} vector used (the rest is assigned by the backend)",
            abi.regs.int_regs, abi.regs.vector_regs
        );
    } else {
        let _ = writeln!(
            out,
            "  registers: {} of {int_total} integer and {} of {vec_total} vector/fp used; {} and {} left",
            abi.regs.int_regs,
            abi.regs.vector_regs,
            int_total.saturating_sub(abi.regs.int_regs),
            vec_total.saturating_sub(abi.regs.vector_regs)
        );
    }
}

fn spell(cx: &AbiCx, ty: TypeId) -> String {
    let mut s = String::new();
    cx.ll.write(&mut s, cx.ll_mem_type(ty));
    s
}

fn write_aggregate(out: &mut String, cx: &mut AbiCx, what: &str, arg: ArgAbi) {
    let ty = arg.ty;
    let l = cx.layout(ty);
    let _ = writeln!(
        out,
        "  {what}: {} ({} bytes, align {})",
        spell(cx, ty),
        l.size,
        l.align
    );
    // The members, at their offsets, with the gaps between them.
    if let Type::Record(r) = &cx.types()[ty] {
        let r = r.clone();
        let offsets: Vec<u64> = cx
            .record_layout(ty)
            .map(|rl| rl.field_offsets.to_vec())
            .unwrap_or_default();
        let _ = writeln!(out, "    offset   size  member");
        let mut end = 0u64;
        for (f, &bit_off) in r.fields.iter().zip(&offsets) {
            let size = cx.layout(f.ty).size;
            if r.kind == RecordKind::Struct && f.bit_width.is_none() && bit_off / 8 > end {
                let _ = writeln!(out, "    {end:>6} {:>6}  (padding)", bit_off / 8 - end);
            }
            match f.bit_width {
                Some(w) => {
                    let _ = writeln!(
                        out,
                        "    {:>6} {:>6}  {} bit-field of {w} bits at bit {}{}",
                        bit_off / 8,
                        "",
                        spell(cx, f.ty),
                        bit_off % 8,
                        if f.named { "" } else { " (unnamed)" }
                    );
                    end = end.max((bit_off + u64::from(w)).div_ceil(8));
                }
                None => {
                    let _ = writeln!(out, "    {:>6} {size:>6}  {}", bit_off / 8, spell(cx, f.ty));
                    end = end.max(bit_off / 8 + size);
                }
            }
        }
        if end < l.size {
            let _ = writeln!(out, "    {end:>6} {:>6}  (tail padding)", l.size - end);
        }
    }
    // What the target's classifier sees.
    match cx.target().arch {
        Arch::X86_64SysV => {
            let e = targets::x86_64_sysv::explain_eightbytes(cx, ty);
            let _ = writeln!(out, "    eightbytes: {e}");
        }
        Arch::Aarch64Aapcs
        | Arch::Aarch64Darwin
        | Arch::Aarch64Win
        | Arch::ArmAapcsVfp
        | Arch::Ppc64leElfv2 => {
            let hfa = match cx.target().arch {
                Arch::ArmAapcsVfp => targets::arm::explain_hfa(cx, ty),
                Arch::Ppc64leElfv2 => targets::ppc64::explain_ha(cx, ty),
                _ => targets::aarch64_aapcs::explain_hfa(cx, ty),
            };
            match hfa {
                Some((base, n)) => {
                    let _ = writeln!(
                        out,
                        "    homogeneous aggregate: {n} x {} (one FP/SIMD register each)",
                        spell(cx, base)
                    );
                }
                None => {
                    let _ = writeln!(out, "    not a homogeneous aggregate");
                }
            }
        }
        Arch::Riscv64Lp64d | Arch::Riscv32Ilp32d | Arch::Loongarch64Lp64d => {
            match targets::riscv::explain_flattening(cx, ty) {
                Some(fields) => {
                    let parts: Vec<String> = fields
                        .iter()
                        .map(|&(t, off, fp)| {
                            let mut s = String::new();
                            cx.ll.write(&mut s, t);
                            format!("{s} at {off} ({})", if fp { "FPR" } else { "GPR" })
                        })
                        .collect();
                    let _ = writeln!(
                        out,
                        "    flattens for the FP convention to: {} (if registers remain)",
                        parts.join(", ")
                    );
                }
                None => {
                    let _ = writeln!(
                        out,
                        "    not eligible for the FP convention: integer convention"
                    );
                }
            }
        }
        Arch::SystemZ | Arch::SystemZVector | Arch::Mips64N64 | Arch::Sparc64 | Arch::Wasm32 => {
            let line = word_rule(cx, what == "return", &arg);
            let _ = writeln!(out, "    {line}");
        }
        Arch::X86_64Win64
        | Arch::X86_64MinGW
        | Arch::X86_32SysV
        | Arch::X86_32Win
        | Arch::ArmAapcs => {}
    }
}

/// The rule that decided an aggregate's passing on the targets whose
/// classifiers look at size and members only (s390x, MIPS64 N64,
/// SPARC64, wasm32), read from the classification itself.
fn word_rule(cx: &AbiCx, is_ret: bool, arg: &ArgAbi) -> String {
    let arch = cx.target().arch;
    let size = cx.layout(arg.ty).size;
    let coerced = |t| {
        let mut s = String::new();
        cx.ll.write(&mut s, t);
        s
    };
    match arg.mode {
        PassMode::Ignore => "empty: not passed".to_string(),
        PassMode::Indirect { .. } => {
            let how = if is_ret {
                "returned through a hidden sret pointer"
            } else if matches!(arch, Arch::Wasm32) {
                "passed by pointer to a copy (byval)"
            } else {
                "passed by pointer to a caller-made copy"
            };
            let why = match arch {
                Arch::SystemZ | Arch::SystemZVector => {
                    "not a record of 1, 2, 4 or 8 bytes, nor one of a single floating-point or vector element"
                }
                Arch::Mips64N64 => "over 16 bytes",
                Arch::Sparc64 if is_ret => "over 32 bytes",
                Arch::Sparc64 => "over 16 bytes",
                _ => "not a single-element record",
            };
            format!("{why}: {how}")
        }
        PassMode::Direct { ty, .. } | PassMode::Extend { ty, .. } => {
            let t = coerced(ty);
            match arch {
                Arch::SystemZ | Arch::SystemZVector => match cx.ll[ty] {
                    crate::llty::LlTy::Int(_) => {
                        format!("{size} bytes: in one 64-bit integer register as {t}")
                    }
                    crate::llty::LlTy::Vector(..) => {
                        format!("single vector element: in a vector register as {t}")
                    }
                    _ => format!("single floating-point element: in an FP register as {t}"),
                },
                Arch::Mips64N64 if is_ret => {
                    format!("at most 16 bytes: returned in registers as {t}")
                }
                Arch::Mips64N64 => format!(
                    "one 64-bit register or stack slot per word (doubles at 8-byte aligned \
                     offsets stay double): {t}{}{}",
                    if arg.inreg { ", inreg" } else { "" },
                    if arg.padding.is_some() {
                        "; after a padding word (16-byte alignment)"
                    } else {
                        ""
                    }
                ),
                Arch::Sparc64 => format!(
                    "floats at their natural offsets in FP registers, the rest in 64-bit \
                     integer words: {t}{}{}",
                    if arg.inreg {
                        "; inreg (a float takes half a double register)"
                    } else {
                        ""
                    },
                    if arg.padding.is_some() {
                        "; after a padding word (16-byte alignment)"
                    } else {
                        ""
                    }
                ),
                _ => format!("single-element record: passed as its element {t}"),
            }
        }
        PassMode::Expand { .. } | PassMode::CoerceAndExpand { .. } => String::new(),
    }
}
