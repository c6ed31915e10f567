//! LoongArch LP64D (LoongArch ELF psABI), as Clang implements it in
//! `clang/lib/CodeGen/Targets/LoongArch.cpp` (`LoongArchABIInfo`, GRLen =
//! 64, FRLen = 64).
//!
//! Clang's LoongArch classifier is the RISC-V one under other names (GARs
//! and FARs for GPRs and FPRs, `detectFARsEligibleStruct` for
//! `detectFPCCEligibleStruct`), so this module shares `riscv`'s code. What
//! differs, and where:
//!
//! - Zero-width bit-fields are skipped when a struct is flattened for the
//!   floating-point convention (RISC-V refuses an fp+fp or int+fp struct
//!   that has one): `riscv::flatten`.
//! - `char` is signed (`DataLayout::char_signed`), so a `char` argument is
//!   `signext`; `unsigned int` is sign-extended as on RV64.
//! - Clang 19 has no `_Float16` on LoongArch; Clang 22 does, and passes it
//!   (alone, in a struct, or `_Complex`) as RISC-V passes it.
//! - Variadic arguments are as on RISC-V: no floating-point convention,
//!   2×GRLen-aligned ones in an aligned register pair.

use crate::callconv::{FnAbi, FnSig};
use crate::cx::AbiCx;

/// `LoongArchABIInfo::computeInfo`.
pub fn compute_fn_abi(cx: &mut AbiCx, sig: &FnSig) -> FnAbi {
    super::riscv::compute_fn_abi(cx, sig)
}
