//! RISC-V hard-float calling conventions LP64D and ILP32D (RISC-V psABI,
//! "Integer Calling Convention" and "Hardware Floating-point Calling
//! Convention"), as Clang 19 implements them in
//! `clang/lib/CodeGen/Targets/RISCV.cpp` (`RISCVABIInfo`, FLEN = 64, XLEN =
//! 64 or 32: [`Xlen`]).
//!
//! - Scalars narrower than XLEN are extended (`unsigned int` sign-extended
//!   on RV64); floating-point scalars up to FLEN go in FPRs while any are
//!   left, and so do `_Complex` values of such elements (two FPRs). On
//!   RV32, `double` goes in an FPR but a `long long` field is too wide for
//!   the FP convention's integer half.
//! - A struct that flattens to one float, two floats, or one float and one
//!   integer (`detectFPCCEligibleStruct`) is passed CoerceAndExpand as those
//!   fields, if the registers for them are left.
//! - Other aggregates (vectors included) of at most 2×XLEN become `iXLEN`,
//!   `i2XLEN` (if 2×XLEN-aligned) or `[2 x iXLEN]`; larger ones go by
//!   pointer to a copy and are returned through `sret`.
//! - Return values follow the argument rules with two GPRs and two FPRs.
//!
//! Register use *does* change the IR here: which of the eight GPRs (a0-a7)
//! and eight FPRs (fa0-fa7) are left decides the FP convention.

use crate::callconv::{ArgAbi, FnAbi, FnSig, LlvmCallConv, PassMode, RegUsage};
use crate::cx::{AbiCx, CachedArg};
use crate::llty::{LlTy, LlTyId};
use crate::targets::Arch;
use crate::ty::{RecordKind, Type, TypeId};

/// Argument GPRs a0-a7.
const NUM_ARG_GPRS: u32 = 8;
/// Argument FPRs fa0-fa7.
const NUM_ARG_FPRS: u32 = 8;
/// FLEN in bits (the D extension).
const FLEN: u64 = 64;

/// XLEN in bits for `cx`'s target (64 for LP64D, 32 for ILP32D).
fn xlen(cx: &AbiCx) -> u64 {
    match cx.target().arch {
        Arch::Riscv32Ilp32d => 32,
        Arch::Riscv64Lp64d
        | Arch::Loongarch64Lp64d
        | Arch::ArmAapcsVfp
        | Arch::ArmAapcs
        | Arch::X86_64SysV
        | Arch::Aarch64Aapcs
        | Arch::Aarch64Darwin
        | Arch::X86_64Win64
        | Arch::X86_64MinGW
        | Arch::X86_32SysV
        | Arch::X86_32Win
        | Arch::Aarch64Win
        | Arch::Ppc64leElfv2
        | Arch::SystemZ
        | Arch::SystemZVector
        | Arch::Mips64N64
        | Arch::Sparc64
        | Arch::Wasm32 => 64,
    }
}

/// One flattened field: its LLVM type, byte offset, and whether it is a
/// floating-point value.
#[derive(Clone, Copy)]
struct FlatField {
    ty: LlTyId,
    off: u64,
    fp: bool,
}

#[derive(Default)]
struct Flat {
    f1: Option<FlatField>,
    f2: Option<FlatField>,
}

impl Flat {
    fn place(&mut self, f: FlatField) -> bool {
        if self.f1.is_none() {
            self.f1 = Some(f);
        } else if self.f2.is_none() {
            self.f2 = Some(f);
        } else {
            return false;
        }
        true
    }
}

/// `detectFPCCEligibleStructHelper`.
fn flatten(cx: &mut AbiCx, ty: TypeId, off: u64, flat: &mut Flat) -> bool {
    let size = cx.layout(ty).size * 8;
    let xlen = xlen(cx);
    match cx.types()[ty].clone() {
        Type::Bool | Type::Int { .. } => {
            if size > xlen || flat.f1.is_some_and(|f| !f.fp) {
                return false;
            }
            let ty = cx.ll_type(ty);
            flat.place(FlatField { ty, off, fp: false })
        }
        Type::Float(_) => {
            if size > FLEN {
                return false;
            }
            let ty = cx.ll_type(ty);
            flat.place(FlatField { ty, off, fp: true })
        }
        Type::Complex(e) => {
            if flat.f1.is_some() {
                return false;
            }
            let esize = cx.layout(e).size;
            if esize * 8 > FLEN {
                return false;
            }
            let ety = cx.ll_type(e);
            flat.f1 = Some(FlatField {
                ty: ety,
                off,
                fp: matches!(cx.types()[e], Type::Float(_)),
            });
            flat.f2 = Some(FlatField {
                ty: ety,
                off: off + esize,
                fp: matches!(cx.types()[e], Type::Float(_)),
            });
            true
        }
        Type::Array { elem, len } => {
            let esize = cx.layout(elem).size;
            // Elements take no room: every one flattens the same way.
            let n = if esize == 0 { len.min(1) } else { len };
            for i in 0..n {
                if !flatten(cx, elem, off + i * esize, flat) {
                    return false;
                }
            }
            true
        }
        Type::Record(rec) => {
            if cx.info(ty).empty_abi {
                return true;
            }
            if rec.kind == RecordKind::Union {
                return false;
            }
            let offs: Vec<u64> = cx
                .record_layout(ty)
                .map_or_else(Vec::new, |r| r.field_offsets.to_vec());
            let mut zero_width = 0;
            for (i, f) in rec.fields.iter().enumerate() {
                let mut fty = f.ty;
                if let Some(w) = f.bit_width {
                    if w == 0 {
                        zero_width += 1;
                        continue;
                    }
                    // A wide bit-field of at most XLEN bits counts as an
                    // XLEN-bit unsigned integer.
                    if cx.layout(fty).size * 8 > xlen && u64::from(w) <= xlen {
                        fty = cx.int(xlen as u16, false);
                    }
                }
                let at = off + offs.get(i).copied().unwrap_or(0) / 8;
                if !flatten(cx, fty, at, flat) {
                    return false;
                }
                // RISC-V: zero-width bit-fields are not ignored for fp+fp or
                // int+fp. LoongArch ignores them.
                if flat.f2.is_some() && zero_width > 0 && cx.target().arch != Arch::Loongarch64Lp64d
                {
                    return false;
                }
            }
            flat.f1.is_some()
        }
        Type::Void | Type::Ptr | Type::Vector { .. } | Type::FlexArray { .. } => false,
    }
}

/// `detectFPCCEligibleStruct` + `coerceAndExpandFPCCEligibleStruct`: the
/// CoerceAndExpand mode and the (GPRs, FPRs) it needs.
fn fp_struct(cx: &mut AbiCx, ty: TypeId) -> Option<(PassMode, u32, u32)> {
    let mut flat = Flat::default();
    let ok = flatten(cx, ty, 0, &mut flat);
    let f1 = flat.f1?;
    if flat.f2.is_none() && !f1.fp {
        return None;
    }
    if !ok {
        return None;
    }
    let (mut gprs, mut fprs) = (0, 0);
    for f in [Some(f1), flat.f2].into_iter().flatten() {
        if f.fp {
            fprs += 1;
        } else {
            gprs += 1;
        }
    }
    let mut coerce = Vec::with_capacity(4);
    if f1.off != 0 {
        coerce.push(cx.ll.byte_array(f1.off));
    }
    coerce.push(f1.ty);
    let Some(f2) = flat.f2 else {
        let c = cx.ll.intern(LlTy::Struct {
            elems: coerce.into_boxed_slice(),
            packed: f1.off != 0,
        });
        return Some((
            PassMode::CoerceAndExpand {
                coerce: c,
                unpadded: f1.ty,
            },
            gprs,
            fprs,
        ));
    };
    let f2_align = cx.ll.abi_align(f2.ty);
    let f1_end = f1.off + cx.ll.alloc_size(f1.ty);
    let no_pad = f1_end.div_ceil(f2_align) * f2_align;
    let padding = if f2.off > no_pad {
        f2.off - no_pad
    } else if f2.off != f2_align && f2.off > f1_end {
        f2.off - f1_end
    } else {
        0
    };
    let packed = f2.off % f2_align != 0;
    if padding != 0 {
        coerce.push(cx.ll.byte_array(padding));
    }
    coerce.push(f2.ty);
    let c = cx.ll.intern(LlTy::Struct {
        elems: coerce.into_boxed_slice(),
        packed,
    });
    let u = cx.ll.intern(LlTy::Struct {
        elems: Box::new([f1.ty, f2.ty]),
        packed,
    });
    Some((
        PassMode::CoerceAndExpand {
            coerce: c,
            unpadded: u,
        },
        gprs,
        fprs,
    ))
}

fn is_aggregate(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(
        cx.types()[ty],
        Type::Record(_)
            | Type::Array { .. }
            | Type::FlexArray { .. }
            | Type::Complex(_)
            | Type::Vector { .. }
    )
}

/// The integer-convention mode of `ty` and the GPRs it needs (before
/// clamping to those left).
fn int_mode(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> (PassMode, u32) {
    let size = cx.layout(ty).size * 8;
    let xlen = xlen(cx);
    let needed = if size > xlen && size <= 2 * xlen {
        2
    } else {
        1
    };
    let direct = |ty| PassMode::Direct {
        ty,
        offset: 0,
        flatten: !is_ret,
        align_stack: None,
    };
    if !is_aggregate(cx, ty) {
        let mode = match cx.types()[ty] {
            Type::Bool => PassMode::Extend {
                ty: cx.ll_type(ty),
                signed: false,
            },
            Type::Int { bits, signed } if u64::from(bits) < xlen => PassMode::Extend {
                ty: cx.ll_type(ty),
                // RV64 sign-extends 32-bit unsigned integers too.
                signed: signed || (bits == 32 && xlen == 64),
            },
            _ => direct(cx.ll_type(ty)),
        };
        return (mode, needed);
    }
    if size <= 2 * xlen {
        let t = if size <= xlen {
            cx.ll.int(xlen as u32)
        } else if cx.layout(ty).align * 8 == 2 * xlen {
            cx.ll.int(2 * xlen as u32)
        } else {
            let x = cx.ll.int(xlen as u32);
            cx.ll.intern(LlTy::Array(2, x))
        };
        return (direct(t), needed);
    }
    let mode = cx.natural_indirect(ty);
    (mode, needed)
}

/// The floating-point-convention mode of `ty`, if it has one, and the
/// (GPRs, FPRs) it needs. Memoized.
fn fp_mode(cx: &mut AbiCx, ty: TypeId, is_ret: bool) -> Option<(PassMode, u32, u32)> {
    let size = cx.layout(ty).size * 8;
    let is_struct = matches!(&cx.types()[ty], Type::Record(r) if r.kind == RecordKind::Struct);
    if is_struct {
        return fp_struct(cx, ty);
    }
    match cx.types()[ty] {
        Type::Float(_) if size <= FLEN => Some((
            PassMode::Direct {
                ty: cx.ll_type(ty),
                offset: 0,
                flatten: !is_ret,
                align_stack: None,
            },
            0,
            1,
        )),
        // `isComplexType`: complex *floating* types only.
        Type::Complex(e)
            if matches!(cx.types()[e], Type::Float(_)) && cx.layout(e).size * 8 <= FLEN =>
        {
            Some((
                PassMode::Direct {
                    ty: cx.ll_type(ty),
                    offset: 0,
                    flatten: !is_ret,
                    align_stack: None,
                },
                0,
                2,
            ))
        }
        _ => None,
    }
}

/// Per-type memo: the FP-convention mode if any (`memory` = true means
/// "FP candidate", with its register needs), else the integer mode.
fn cached(cx: &mut AbiCx, ty: TypeId) -> CachedArg {
    if let Some(c) = cx.cached_arg(ty) {
        return c;
    }
    // Ignored types are memoized too, so a hit reads no type data.
    let c = if is_ignored(cx, ty) {
        CachedArg {
            mode: PassMode::Ignore,
            memory: false,
            needed_int: 0,
            needed_vec: 0,
            inreg: false,
        }
    } else {
        cached_uncached(cx, ty)
    };
    cx.cache_arg(ty, c);
    c
}

fn cached_uncached(cx: &mut AbiCx, ty: TypeId) -> CachedArg {
    match fp_mode(cx, ty, false) {
        Some((mode, g, f)) => CachedArg {
            mode,
            memory: true,
            needed_int: g,
            needed_vec: f,
            inreg: false,
        },
        None => {
            let (mode, g) = int_mode(cx, ty, false);
            CachedArg {
                mode,
                memory: false,
                needed_int: g,
                needed_vec: 0,
                inreg: false,
            }
        }
    }
}

fn is_ignored(cx: &AbiCx, ty: TypeId) -> bool {
    matches!(cx.types()[ty], Type::Void)
        || (matches!(cx.types()[ty], Type::Record(_))
            && cx.info(ty).empty_abi
            && cx.layout(ty).size == 0)
}

/// `RISCVABIInfo::classifyArgumentType` for a variadic argument: never
/// the floating-point convention, and a 2×XLEN-aligned argument starts at
/// an even register (psABI "aligned register pair"), which can skip one.
fn classify_variadic_arg(cx: &mut AbiCx, ty: TypeId, gprs: &mut u32) -> PassMode {
    let c = cached(cx, ty);
    if c.mode == PassMode::Ignore {
        return PassMode::Ignore;
    }
    let (mode, needed) = if c.memory {
        int_mode(cx, ty, false)
    } else {
        (c.mode, c.needed_int)
    };
    let needed = if cx.layout(ty).align * 8 == 2 * xlen(cx) {
        2 + *gprs % 2
    } else {
        needed
    };
    *gprs -= needed.min(*gprs);
    mode
}

/// `RISCVABIInfo::classifyArgumentType` for a fixed argument.
fn classify_arg(cx: &mut AbiCx, ty: TypeId, gprs: &mut u32, fprs: &mut u32) -> PassMode {
    let c = cached(cx, ty);
    if c.mode == PassMode::Ignore {
        return PassMode::Ignore;
    }
    if c.memory {
        if c.needed_int <= *gprs && c.needed_vec <= *fprs {
            *gprs -= c.needed_int;
            *fprs -= c.needed_vec;
            return c.mode;
        }
        let (mode, g) = int_mode(cx, ty, false);
        *gprs -= g.min(*gprs);
        return mode;
    }
    *gprs -= c.needed_int.min(*gprs);
    c.mode
}

/// `RISCVABIInfo::classifyReturnType`: the argument rules with two GPRs
/// and two FPRs.
fn classify_ret(cx: &mut AbiCx, ty: TypeId) -> PassMode {
    if let Some(m) = cx.cached_ret(ty) {
        return m;
    }
    let m = if is_ignored(cx, ty) {
        PassMode::Ignore
    } else {
        match fp_mode(cx, ty, true) {
            Some((mode, g, f)) if g <= 2 && f <= 2 => mode,
            _ => int_mode(cx, ty, true).0,
        }
    };
    cx.cache_ret(ty, m);
    m
}

/// `RISCVABIInfo::computeInfo` (and
/// `LoongArchABIInfo::computeInfo`, the same algorithm: see `loongarch`).
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    let ret_mode = classify_ret(cx, sig.ret);
    let mut ret_indirect = matches!(ret_mode, PassMode::Indirect { .. });
    // A scalar wider than 2×XLEN (not a complex of FLEN-sized parts) is
    // returned indirectly by the backend and takes a0.
    if !ret_indirect && !is_aggregate(cx, sig.ret) {
        ret_indirect = cx.layout(sig.ret).size * 8 > 2 * xlen(cx);
    }
    let mut gprs = NUM_ARG_GPRS - u32::from(ret_indirect);
    let mut fprs = NUM_ARG_FPRS;
    let mut args = cx.arg_buffer(sig.args.len());
    for (i, &ty) in sig.args.iter().enumerate() {
        let mode = if sig.is_fixed(i) {
            classify_arg(cx, ty, &mut gprs, &mut fprs)
        } else {
            classify_variadic_arg(cx, ty, &mut gprs)
        };
        args.push(ArgAbi::new(ty, mode));
    }
    FnAbi {
        ret: ArgAbi::new(sig.ret, ret_mode),
        args,
        sret: matches!(ret_mode, PassMode::Indirect { .. }),
        regs: RegUsage {
            int_regs: NUM_ARG_GPRS - gprs,
            vector_regs: NUM_ARG_FPRS - fprs,
        },
        cc: LlvmCallConv::C,
        variadic: sig.variadic,
    }
}

/// For `irkit abi --explain`: the struct flattened for the floating-point
/// calling convention, as `(LLVM type, byte offset, is FP)` per field, or
/// `None` when it is not eligible.
pub(crate) fn explain_flattening(cx: &mut AbiCx, ty: TypeId) -> Option<Vec<(LlTyId, u64, bool)>> {
    if !matches!(&cx.types()[ty], Type::Record(r) if r.kind == RecordKind::Struct) {
        return None;
    }
    let mut flat = Flat::default();
    let ok = flatten(cx, ty, 0, &mut flat);
    let f1 = flat.f1?;
    if !ok || (flat.f2.is_none() && !f1.fp) {
        return None;
    }
    Some(
        [Some(f1), flat.f2]
            .into_iter()
            .flatten()
            .map(|f| (f.ty, f.off, f.fp))
            .collect(),
    )
}

/// Argument registers: a0-a7 and fa0-fa7.
pub(crate) const ARG_REGS: (u32, u32) = (NUM_ARG_GPRS, NUM_ARG_FPRS);
