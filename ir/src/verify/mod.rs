//! The verifier, in layers (naga's `valid/` shape): [`handles`] first (ids in
//! range, parent links consistent), then [`structure`] (terminators,
//! successors, symbol tables, registered-op hooks), then [`dominance`].
//! Each layer may assume the previous ones passed. Against a registry,
//! [`walk`] runs the ops, structure and dominance checks interleaved, in
//! mlir-opt's order (the layers stay the units of rules).

mod arith;
mod cf;
pub mod dominance;
mod func;
pub mod handles;
mod llvm;
mod memref;
mod memref_views;
pub mod ops;
mod region_branch;
mod scf;
mod strided;
pub mod structure;
mod symbols;
pub mod tokens;
mod walk;

use crate::ir::{Module, OpId};
use irkit_diag::{Diagnostic, FileId, Loc, Span};

/// What verification proved, for passes to reuse.
#[derive(Debug, Default)]
pub struct VerifyInfo {
    pub num_ops: usize,
}

/// Verifier options.
#[derive(Clone, Copy, Debug, Default)]
pub struct VerifyConfig {
    /// Attach `note: see current operation: <op>` to errors reported on an
    /// op, as mlir-opt does (it turns this off for `--verify-diagnostics`).
    pub print_op_on_diagnostic: bool,
}

/// Verifies `m`; diagnostics point into `file`.
pub fn verify(m: &Module, file: FileId) -> Result<VerifyInfo, Vec<Diagnostic>> {
    verify_with(m, file, VerifyConfig::default())
}

/// [`verify`] with options.
pub fn verify_with(
    m: &Module,
    file: FileId,
    config: VerifyConfig,
) -> Result<VerifyInfo, Vec<Diagnostic>> {
    verify_with_registry(m, file, config, None)
}

/// [`verify_with`], where the LLVM dialect ops that `reg` defines take
/// their structural traits (terminator or not) from their definitions.
pub fn verify_with_registry(
    m: &Module,
    file: FileId,
    config: VerifyConfig,
    reg: Option<&crate::dialect::DialectRegistry>,
) -> Result<VerifyInfo, Vec<Diagnostic>> {
    match verify_layers(m, file, reg) {
        Ok(info) => Ok(info),
        Err(mut diags) => {
            for d in &mut diags {
                finish_op_note(m, d, config);
            }
            Err(diags)
        }
    }
}

/// Marker note added by [`Cx::op_diag`]; replaced (or dropped) at the end.
const OP_NOTE_MARKER: &str = "\u{0}see-current-op:";

/// Turns the marker note that op-level checks attach into mlir-opt's
/// "see current operation" note, or drops it, per `config`. Every layer that
/// reports through [`Cx`] (including `ops` and `tokens`) needs this once.
pub fn finish_op_notes(m: &Module, diags: &mut [Diagnostic], config: VerifyConfig) {
    for d in diags {
        finish_op_note(m, d, config);
    }
}

fn finish_op_note(m: &Module, d: &mut Diagnostic, config: VerifyConfig) {
    let Some(i) = d
        .notes
        .iter()
        .position(|n| n.message.starts_with(OP_NOTE_MARKER))
    else {
        return;
    };
    let note = d.notes.remove(i);
    if !config.print_op_on_diagnostic {
        return;
    }
    let Some(raw) = note.message[OP_NOTE_MARKER.len()..].parse::<u32>().ok() else {
        return;
    };
    let op = OpId::from_raw(la_arena::RawIdx::from_u32(raw));
    let text = crate::printer::op_to_string_local(m, op);
    let sep = if m.ops[op].regions.is_empty() {
        ""
    } else {
        "\n"
    };
    d.notes.insert(
        0,
        irkit_diag::Note {
            loc: note.loc,
            message: format!("see current operation: {sep}{text}"),
        },
    );
}

fn verify_layers(
    m: &Module,
    file: FileId,
    reg: Option<&crate::dialect::DialectRegistry>,
) -> Result<VerifyInfo, Vec<Diagnostic>> {
    let cx = layers_cx(m, file, reg);
    let mut diags = Vec::new();
    handles::check(&cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    structural_layers(&cx)
}

/// The structural and dominance layers, once the handle layer passed.
fn structural_layers(cx: &Cx<'_>) -> Result<VerifyInfo, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    structure::check(cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    dominance::check(cx, &mut diags);
    if !diags.is_empty() {
        return Err(diags);
    }
    Ok(VerifyInfo {
        num_ops: cx.m.ops.len(),
    })
}

/// The context of the structural layers: each op name's traits, from the
/// built-in table, or for LLVM dialect ops from their definitions in `reg`.
fn layers_cx<'m>(
    m: &'m Module,
    file: FileId,
    reg: Option<&crate::dialect::DialectRegistry>,
) -> Cx<'m> {
    let mut traits = rustc_hash::FxHashMap::default();
    let mut last = None;
    for (_, op) in m.ops.iter() {
        // Runs of one op name are common: skip the map for them.
        if last == Some(op.name) {
            continue;
        }
        last = Some(op.name);
        traits.entry(op.name).or_insert_with(|| {
            let name = m.ctx.bytes(op.name);
            let base = crate::registry::op_traits(name);
            match reg.and_then(|r| r.get(name)) {
                // A definition's traits are the op's; the built-in table
                // serves only modules verified without a registry.
                Some(def) => {
                    use crate::dialect::Trait;
                    crate::registry::OpTraits {
                        registered: true,
                        terminator: def.has(Trait::Terminator),
                        isolated_from_above: def.has(Trait::IsolatedFromAbove),
                        graph_regions: def.has(Trait::GraphRegion),
                        no_terminator: def.has(Trait::NoTerminator),
                        single_block: def.has(Trait::SingleBlock),
                        symbol_table: def.has(Trait::SymbolTable),
                        allocation_scope: def.has(Trait::AutomaticAllocationScope),
                        known: true,
                        memory_effect_free: def.has(Trait::Pure),
                        ..base
                    }
                }
                None => base,
            }
        });
    }
    Cx {
        m,
        file,
        traits,
        release: reg.map_or_else(Default::default, |r| r.release()),
        walked: Default::default(),
        stored: Default::default(),
        accepted: Default::default(),
    }
}

/// Full verification against the registry `reg`, in mlir-opt-19's order:
/// property conversion (a parse-time error in MLIR), then one walk that
/// interleaves the op definitions, block and terminator rules and dominance
/// as MLIR's `OperationVerifier` does ([`walk`]), then the token contract;
/// stops at the first error (at 22, the first of each isolated op whose
/// siblings are verified too, as MLIR 22 does).
pub fn verify_registered(
    m: &Module,
    file: FileId,
    reg: &crate::dialect::DialectRegistry,
    config: VerifyConfig,
) -> Vec<Diagnostic> {
    let cx = layers_cx(m, file, Some(reg));
    let mut res = Vec::new();
    handles::check(&cx, &mut res);
    if res.is_empty() {
        let mut defs = ops::DefCache::new(reg);
        res = ops::properties_layer(&cx, &mut defs);
        if res.is_empty() {
            res = walk::verify(&cx, &mut defs, ops::Storage::Checked);
        }
        if res.is_empty() {
            res = tokens::tokens_layer(&cx, &mut defs);
        }
    }
    finish_op_notes(m, &mut res, config);
    res
}

/// Shared context of the verifier layers.
pub(crate) struct Cx<'m> {
    pub m: &'m Module,
    pub file: FileId,
    traits: rustc_hash::FxHashMap<crate::context::Sym, crate::registry::OpTraits>,
    /// Aggregate walks already verified: (LLVM op kind, aggregate type,
    /// index attribute, element type). A walk depends on these alone, and
    /// real IR repeats the same `getelementptr`/`insertvalue` on the same
    /// struct many times.
    pub walked: std::cell::RefCell<rustc_hash::FxHashSet<llvm::Walk>>,
    /// Properties found storable for a definition (its address, the
    /// properties dictionary): ops share a few dictionaries.
    pub stored: std::cell::RefCell<rustc_hash::FxHashSet<(usize, crate::context::AttrId)>>,
    /// Types an operand/result constraint accepted (the constraint's
    /// address, the type).
    pub accepted: std::cell::RefCell<rustc_hash::FxHashSet<(usize, crate::context::TypeId)>>,
    /// The MLIR release whose verifier messages and rules apply (the
    /// registry's; 19 without one).
    pub release: crate::dialect::MlirRelease,
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
        // MLIR locations are points: one character, a single caret.
        Loc {
            file: self.file,
            span: Span::new(span.start, span.start + 1),
        }
    }
    /// `'name' op MESSAGE` at the op (MLIR's `emitOpError`).
    pub fn op_error(&self, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
        self.op_diag(op, format!("'{}' op {}", self.m.op_name(op), msg))
    }
    /// `MESSAGE` at the op (MLIR's `op->emitError()`), which gets a
    /// "see current operation" note when so configured.
    pub fn op_diag(&self, op: OpId, msg: impl Into<String>) -> Diagnostic {
        Diagnostic::error(self.op_loc(op), msg).with_note(
            Some(self.op_loc(op)),
            format!("{OP_NOTE_MARKER}{}", op.into_raw().into_u32()),
        )
    }
}
