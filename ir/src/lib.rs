//! The irkit IR core: arena-based MLIR-style IR, the generic syntax parser
//! and printer (identical to `mlir-opt-19 --mlir-print-op-generic`), and the
//! verifier.
//!
//! # Model
//!
//! A [`Module`] owns everything: a [`Context`] with uniqued types
//! ([`TypeId`]) and attributes ([`AttrId`], locations included), and arenas of
//! operations, blocks, regions and values addressed by typed `la-arena`
//! indices ([`OpId`], [`BlockId`], [`RegionId`], [`ValueId`]). Ownership is a
//! tree: an op owns its regions, a region its blocks, a block its arguments
//! and ops. Values keep use lists so passes can replace all uses.
//! Source positions live in the [`ir::SourceInfo`] side table, never in nodes.
//!
//! # Syntax
//!
//! [`parse`] reads the generic syntax (`"d.op"(%a) [^bb1] <{props}> ({..})
//! {attrs} : (T) -> T loc(..)`), aliases (`#a = ..`, `!t = ..`), and
//! `{-# dialect_resources #-}`. It never panics; nesting deeper than
//! [`parser::MAX_DEPTH`] is a diagnostic. [`print_module`] prints exactly what
//! mlir-opt-19 prints for the same input, including its alias naming, SSA
//! numbering (one counter for the whole module, regions numbered in MLIR's
//! stack order) and float formatting.
//!
//! # Verification
//!
//! [`verify::verify`] runs in layers: handles (every id in range, parent
//! links consistent), then structure (terminators, successors, symbol
//! tables), then SSA dominance (graph regions and `IsolatedFromAbove` per
//! [`registry::op_traits`]). Passes may assume a verified module has
//! consistent parent links and use lists. Messages and their locations are
//! mlir-opt-19's; [`verify::verify_with`] adds its `see current operation`
//! notes. [`expect`] implements `--verify-diagnostics`.
//!
//! # Rewriting
//!
//! [`Module::create_op`], [`Module::insert_op`], [`Module::erase_op`],
//! [`Module::replace_all_uses`], [`Module::set_operand`] and
//! [`Module::set_value_type`] keep use lists and parent links consistent.
//!
//! **Architecture invariants:** the crate does no IO (the CLI reads files and
//! renders diagnostics); nothing here panics on input; there is no
//! `Rc<RefCell<_>>` — every cross-reference is an arena index or an interned
//! id. Dialect types/attributes of dialects this crate does not know are
//! kept as verbatim text with nested `#alias`/`!alias`/dialect references
//! resolved ([`Piece`]), so printing reproduces mlir-opt's canonical text.
#![warn(
    clippy::print_stdout,
    clippy::print_stderr,
    clippy::dbg_macro,
    clippy::todo
)]

pub mod affine;
pub mod asm;
pub mod context;
pub mod dialect;
pub mod expect;
pub mod float;
mod intern;
pub mod ir;
pub mod llvm;
pub mod parser;
pub mod printer;
pub mod registry;
pub mod verify;

pub use context::{
    AttrData, AttrId, Context, FloatKind, LocData, Piece, Signedness, Sym, TypeData, TypeId,
};
pub use ir::{BlockId, Module, OpData, OpId, OpSpec, RegionId, ValueDef, ValueId};
pub use parser::{parse, ParseConfig};
pub use printer::{print_module, print_module_to, PrintOptions};
