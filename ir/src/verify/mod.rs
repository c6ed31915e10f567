//! The verifier, in layers (naga's `valid/` shape): [`handles`] first (ids in
//! range, parent links consistent), then [`structure`] (terminators,
//! successors, symbol tables, registered-op hooks), then [`dominance`].
//! Each layer may assume the previous ones passed.

pub mod dominance;
pub mod handles;
pub mod ops;
pub mod structure;
pub mod tokens;

use crate::ir::{Module, OpId};
use irkit_diag::{Diagnostic, FileId, Loc, Span};

/// What verification proved, for passes to reuse.
#[derive(Debug, Default)]
pub struct VerifyInfo {
    pub num_ops: usize,
}

/// Verifies `m`; diagnostics point into `file`.
pub fn verify(m: &Module, file: FileId) -> Result<VerifyInfo, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    let mut traits = rustc_hash::FxHashMap::default();
    for (_, op) in m.ops.iter() {
        traits
            .entry(op.name)
            .or_insert_with(|| crate::registry::op_traits(m.ctx.bytes(op.name)));
    }
    let cx = Cx { m, file, traits };
    handles::check(&cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    structure::check(&cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    dominance::check(&cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(VerifyInfo {
        num_ops: m.ops.len(),
    })
}

/// Shared context of the verifier layers.
pub(crate) struct Cx<'m> {
    pub m: &'m Module,
    pub file: FileId,
    traits: rustc_hash::FxHashMap<crate::context::Sym, crate::registry::OpTraits>,
}

impl Cx<'_> {
    /// The registry's traits of `op` (computed once per op name).
    pub fn traits(&self, op: OpId) -> crate::registry::OpTraits {
        let name = self.m.ops[op].name;
        match self.traits.get(&name) {
            Some(t) => *t,
            None => crate::registry::op_traits(self.m.ctx.bytes(name)),
        }
    }
    pub fn op_loc(&self, op: OpId) -> Loc {
        let span = self
            .m
            .source
            .ops
            .get(op)
            .copied()
            .unwrap_or(Span::new(0, 0));
        Loc {
            file: self.file,
            span,
        }
    }
    /// `'name' op MESSAGE` at the op.
    pub fn op_error(&self, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
        Diagnostic::error(
            self.op_loc(op),
            format!("'{}' op {}", self.m.op_name(op), msg),
        )
    }
}
