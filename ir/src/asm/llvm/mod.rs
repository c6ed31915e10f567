//! The LLVM dialect's custom syntax, MLIR 19 exact: the `custom<Name>`
//! directives its declarative formats use (`LLVMOpAttrs`, `OverflowFlags`,
//! `GEPIndices`, `InsertExtractValueElementType`, `ShuffleType`,
//! `SwitchOpCases`) and the ops whose syntax MLIR writes in C++
//! (`llvm.func`, `llvm.mlir.global`, `llvm.call`, `llvm.alloca`,
//! `llvm.icmp`, `llvm.fcmp`).
//!
//! The format engine (`print.rs`/`parse.rs`) and `custom.rs` hand over to
//! this module by name; nothing here is generic.

use super::parse::Parsed;
use crate::dialect::OpDef;
use crate::ir::OpId;
use crate::parser::{PResult, Parser};
use crate::printer::Printer;

/// LLVM ops with a hand-written syntax.
const CUSTOM_OPS: &[&str] = &[
    "llvm.func",
    "llvm.mlir.global",
    "llvm.mlir.alias",
    "llvm.call",
    "llvm.invoke",
    "llvm.alloca",
    "llvm.icmp",
    "llvm.fcmp",
    "llvm.switch",
    "llvm.indirectbr",
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
            | "OpBundles"
            | "LLVMLinkage"
    )
}

mod basic;
mod call;
mod common;
mod directives;
mod eh;
mod switch;
mod symbols;

pub(crate) use common::{dense_attr, dense_values, elided_attrs};
pub(crate) use directives::{parse_directive, print_directive};
pub(crate) use switch::{parse_switch, print_switch, SwitchStyle};

// -------------------------------------------------------------- printing

/// Prints the body of a hand-written LLVM op (after its name).
pub(crate) fn print(p: &mut Printer<'_>, def: &OpDef, op: OpId, indent: usize) {
    match &*def.name {
        "llvm.func" => symbols::print_func(p, op, indent),
        "llvm.mlir.global" => symbols::print_global(p, op, indent),
        "llvm.mlir.alias" => symbols::print_alias(p, op, indent),
        "llvm.call" => call::print_call(p, def, op),
        "llvm.invoke" => call::print_invoke(p, def, op),
        "llvm.alloca" => basic::print_alloca(p, op),
        "llvm.icmp" => basic::print_cmp(p, op, basic::ICMP),
        "llvm.fcmp" => basic::print_cmp(p, op, basic::FCMP),
        "llvm.switch" => print_switch(p, def, op, indent, SwitchStyle::Llvm),
        "llvm.indirectbr" => switch::print_indirectbr(p, def, op, indent),
        "llvm.landingpad" => eh::print_landingpad(p, op),
        _ => {}
    }
}

// --------------------------------------------------------------- parsing

/// Parses the body of a hand-written LLVM op (after its name).
pub(crate) fn parse<'a>(p: &mut Parser<'a>, def: &OpDef) -> PResult<Parsed<'a>> {
    match &*def.name {
        "llvm.func" => symbols::parse_func(p, def),
        "llvm.mlir.global" => symbols::parse_global(p, def),
        "llvm.mlir.alias" => symbols::parse_alias(p, def),
        "llvm.call" => call::parse_call(p, def),
        "llvm.invoke" => call::parse_invoke(p, def),
        "llvm.alloca" => basic::parse_alloca(p, def),
        "llvm.icmp" => basic::parse_cmp(p, def, basic::ICMP),
        "llvm.switch" => parse_switch(p, def, SwitchStyle::Llvm),
        "llvm.indirectbr" => switch::parse_indirectbr(p, def),
        "llvm.landingpad" => eh::parse_landingpad(p, def),
        _ => basic::parse_cmp(p, def, basic::FCMP),
    }
}
