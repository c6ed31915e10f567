//! Symbol uses (MLIR's `SymbolUserOpInterface::verifySymbolUses`), run
//! from the `SymbolTable` trait after the table's nested ops are verified:
//! the symbols the table defines, the users nested in it, and each user's
//! dialect check (`llvm.call`, `llvm.mlir.addressof`, `func.call`,
//! `memref.get_global`, and at MLIR 22 `func.constant`).

use super::ops::inherent;
use super::Cx;
use crate::context::AttrData;
use crate::ir::OpId;
use irkit_diag::Diagnostic;
use rustc_hash::FxHashMap;

/// The symbols a table defines, by name (the first definition wins).
pub(crate) type Symbols<'m> = FxHashMap<&'m [u8], OpId>;

/// Checks the symbol uses of the ops nested in symbol table `table`.
pub(crate) fn check_symbol_uses(cx: &Cx<'_>, table: OpId) -> Result<(), Diagnostic> {
    let m = cx.m;
    let mut symbols: Symbols<'_> = FxHashMap::default();
    let mut users = Vec::new();
    let mut stack: Vec<OpId> = Vec::new();
    for &r in m.ops[table].regions.iter() {
        for &b in m.regions[r].blocks.iter() {
            for &o in m.blocks[b].ops.iter() {
                if let Some(AttrData::String { value, .. }) =
                    inherent(cx, o, b"sym_name").map(|a| m.ctx.attr_data(a))
                {
                    symbols.entry(m.ctx.bytes(*value)).or_insert(o);
                }
                stack.push(o);
            }
        }
    }
    stack.reverse();
    while let Some(o) = stack.pop() {
        let name = m.ctx.bytes(m.ops[o].name);
        if matches!(
            name,
            b"llvm.call"
                | b"llvm.mlir.addressof"
                | b"llvm.mlir.ifunc"
                | b"memref.get_global"
                | b"func.call"
        ) || (name == b"func.constant" && super::func::constant_is_symbol_use(cx))
        {
            users.push(o);
        }
        for &r in m.ops[o].regions.iter().rev() {
            for &b in m.regions[r].blocks.iter().rev() {
                stack.extend(m.blocks[b].ops.iter().rev().copied());
            }
        }
    }
    // The referenced name and what it names in this table, if anything.
    let lookup =
        |o: OpId, attr: &[u8]| symbol_ref(cx, o, attr).map(|n| (n, symbols.get(n).copied()));
    for o in users {
        match m.ctx.bytes(m.ops[o].name) {
            b"llvm.call" => super::llvm::check_call(cx, o, &symbols)?,
            b"llvm.mlir.ifunc" => super::llvm::check_ifunc_resolver(cx, o, &symbols)?,
            b"func.call" => super::func::check_call(cx, o, lookup(o, b"callee"))?,
            b"func.constant" => super::func::check_constant_use(cx, o, lookup(o, b"value"))?,
            b"memref.get_global" => super::memref::check_get_global(cx, o, lookup(o, b"name"))?,
            _ => super::llvm::check_addressof(cx, o, &symbols)?,
        }
    }
    Ok(())
}

/// A flat symbol reference attribute of `op` (`@name`), as its name.
pub(crate) fn symbol_ref<'m>(cx: &Cx<'m>, op: OpId, attr: &[u8]) -> Option<&'m [u8]> {
    match cx.m.ctx.attr_data(inherent(cx, op, attr)?) {
        AttrData::SymbolRef(parts) if parts.len() == 1 => Some(cx.m.ctx.bytes(parts[0])),
        _ => None,
    }
}
