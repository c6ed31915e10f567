//! The ABI lowering pass (`irkit opt --abi-lower`): rewrites function
//! signatures, bodies and call sites for a target's C calling convention.
//!
//! The flow is the one of `shared/spec/abi-lowering-design.md` §4.4:
//!
//! 1. *Signature analysis*: every op a rewrite context recognizes as a
//!    function ([`OpRole::Function`]) is asked for its name and its
//!    parameter/result types ([`FuncInfo`]).
//! 2. *Type mapping*: [`AbiTypeMapper`] maps each IR type to a shadow type.
//! 3. *Classification*: the ABI library ([`AbiCx::compute_fn_abi`]) gives a
//!    [`FnAbi`]; it is turned into a dialect-neutral [`FnPlan`] (which new
//!    parameters, which memory reinterpretation, which attributes), with
//!    coerced types built by the function's rewrite context.
//! 4. *Rewriting* through the function's [`AbiRewriteContext`]: the
//!    definition (entry block and every return), the declaration, and every
//!    call site.
//!
//! This module knows no dialect op: only the rewrite contexts ([`cir`],
//! [`fir`]) create and recognize ops. The context is picked per op by its
//! dialect, so a module mixing CIR and FIR functions is lowered in one pass.
//!
//! **Invariants.** Every check that can fail on user input (unknown triple,
//! unmappable type, missing callee, call/callee signature mismatch, a
//! signature that is already lowered) runs before the first mutation, so a
//! failing pass leaves the module untouched. After rewriting, the module is
//! verified and every call's operand types are checked against its callee's
//! lowered signature; a failure there is an internal error naming the op.
//! A module carrying the `abi.lowered` attribute is left alone, so running
//! the pass twice never rewrites twice; a function whose `arg_attrs` already
//! hold `abi.*` entries (in an unmarked module) is an error.
//!
//! **Known limits.** A function whose lowering changes nothing (every value
//! passed as is, no attribute) is not touched at all. A rewritten function's
//! `arg_attrs`/`res_attrs` are replaced by the ABI attributes (other
//! attributes the input had there are dropped). Only functions directly in
//! the top-level module are lowered; indirect calls are an error. Expand and
//! CoerceAndExpand are handled through the same memory reinterpretation as
//! coercion (one parameter per element of the expanded struct); for
//! CoerceAndExpand memory is read through the padded coerced struct and only
//! its non-padding members become parameters (RISC-V's FP convention, tested
//! in `testdata/abi/riscv64.mlir` and by `abi-diff --via-ir`). No supported
//! target chooses Expand for C.

pub mod cir;
mod coerce;
pub mod fir;
#[cfg(test)]
mod tests;
mod text;

use self::coerce::{coerce_and_expand, coercion, keeps};

use crate::abi_map::AbiTypeMapper;
use irkit_abi::{AbiCx, FnAbi, LlTy, LlTyId, PassMode, Target};
use irkit_diag::{Diagnostic, FileId, Loc, Severity, Span};
use irkit_ir::{AttrData, AttrId, BlockId, Module, OpId, OpSpec, Sym, TypeId, ValueDef, ValueId};
use rustc_hash::{FxHashMap, FxHashSet};

/// The module attribute that marks a lowered module.
pub const LOWERED_ATTR: &str = "abi.lowered";

/// Module attributes read for the target triple, in order.
pub const TRIPLE_ATTRS: [&str; 2] = ["cir.triple", "llvm.target_triple"];

/// What an op is to the pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpRole {
    /// A function definition or declaration (FunctionOpInterface).
    Function,
    /// A call (CallOpInterface).
    Call,
    /// A return from the enclosing function.
    Return,
}

/// A function's signature as its dialect spells it.
#[derive(Clone, Debug)]
pub struct FuncInfo {
    pub name: Sym,
    pub inputs: Vec<TypeId>,
    /// Zero or one result.
    pub results: Vec<TypeId>,
    /// The entry block of a definition; `None` for a declaration.
    pub entry: Option<BlockId>,
    /// The existing `arg_attrs` array, if any.
    pub arg_attrs: Option<AttrId>,
    /// The `function_type` itself (functions of one type share one
    /// classification).
    pub ty: TypeId,
    /// `...` after `inputs`: calls may pass more arguments, each
    /// classified at its call.
    pub variadic: bool,
}

/// A call site as its dialect spells it.
#[derive(Clone, Copy, Debug)]
pub struct CallInfo {
    /// The callee symbol (`None` for an indirect call).
    pub callee: Option<Sym>,
    /// Operands before this index are not call arguments.
    pub args_start: usize,
}

/// How one source argument crosses the call boundary after lowering.
#[derive(Clone, Debug)]
pub enum Passing {
    /// Dropped (empty records).
    Ignore,
    /// The parameter is the value itself (scalars, possibly extended).
    Same,
    /// Reinterpreted through memory as a coerced type.
    Coerce(Coercion),
    /// Passed as a pointer to a copy.
    Indirect { ptr: TypeId, align: u64 },
}

/// A memory reinterpretation between the source type and the coerced type.
#[derive(Clone, Debug)]
pub struct Coercion {
    /// The coerced type.
    pub coerced: TypeId,
    /// Element types when the coerced struct becomes one parameter per
    /// element (flattening, Expand); empty otherwise.
    pub pieces: Vec<TypeId>,
    /// The stack slot type (the larger of source and coerced type).
    pub slot: TypeId,
    /// The slot's alignment (the larger of both alignments).
    pub slot_align: u64,
    /// For a nonzero offset: a struct `{[offset x i8], coerced}` through
    /// which member 1 is the coerced value.
    pub view: Option<TypeId>,
    /// The member index in `coerced` of each piece (`0, 1, …` except for a
    /// CoerceAndExpand whose coerced struct has padding members).
    pub piece_index: Vec<u32>,
    /// CoerceAndExpand with padding: the unpadded struct, which is the IR
    /// type of the value (returns); `coerced` is then only its memory form.
    pub unpadded: Option<TypeId>,
}

/// One source argument's lowering.
#[derive(Clone, Debug)]
pub struct ArgPlan {
    pub orig: TypeId,
    /// Index of its first lowered parameter.
    pub first: usize,
    pub how: Passing,
    /// The type of an unused parameter placed before this argument's own
    /// (Clang's padding type: MIPS N64 stack-slot alignment).
    pub padding: Option<TypeId>,
}

/// The return value's lowering.
#[derive(Clone, Debug)]
pub enum RetPlan {
    /// No result before or after.
    Void,
    /// A result that is not returned any more (an empty record).
    Dropped { orig: TypeId },
    /// Returned as is.
    Same,
    /// Returned as the coerced type.
    Coerce { orig: TypeId, how: Coercion },
    /// Written through the `sret` pointer, the first lowered parameter.
    Sret {
        orig: TypeId,
        ptr: TypeId,
        align: u64,
    },
}

/// The lowered signature of one function type, independent of the function.
#[derive(Clone, Debug)]
pub struct FnPlan {
    pub ret: RetPlan,
    pub args: Vec<ArgPlan>,
    /// Lowered parameter types.
    pub inputs: Vec<TypeId>,
    /// Lowered result types (zero or one).
    pub results: Vec<TypeId>,
    /// One dictionary per lowered parameter.
    pub arg_attrs: Vec<AttrId>,
    /// The dictionary of the lowered result, if it has attributes.
    pub res_attrs: Option<AttrId>,
    /// The source parameter types.
    pub orig_inputs: Vec<TypeId>,
    /// The source result types.
    pub orig_results: Vec<TypeId>,
    /// The lowered `function_type` property (a type attribute).
    pub function_type: AttrId,
    /// The lowered `arg_attrs` property (`None`: every dictionary empty).
    pub arg_attrs_prop: Option<AttrId>,
    /// The lowered `res_attrs` property.
    pub res_attrs_prop: Option<AttrId>,
    /// Lowering changes nothing (every value passed as is, no attribute):
    /// functions and calls with this signature are left alone.
    pub unchanged: bool,
}

/// Ops built by a rewrite context, to be inserted at one place.
pub struct Emitter {
    pub ops: Vec<OpId>,
    /// Location given to the new ops.
    pub loc: AttrId,
}

impl Emitter {
    pub fn new(loc: AttrId) -> Emitter {
        Emitter {
            ops: Vec::new(),
            loc,
        }
    }

    /// Creates a region-less op at the emitter's location and queues it
    /// for insertion.
    pub fn op(
        &mut self,
        m: &mut Module,
        name: Sym,
        operands: Vec<ValueId>,
        results: Vec<TypeId>,
        properties: Option<AttrId>,
    ) -> OpId {
        let attrs = m.ctx.empty_dict();
        let op = m.create_op(OpSpec {
            name,
            operands,
            result_types: results,
            successors: Vec::new(),
            num_regions: 0,
            properties,
            attrs,
            loc: self.loc,
        });
        self.ops.push(op);
        op
    }
}

/// The dialect-specific half of the pass: recognizes the dialect's ops,
/// builds its types and creates its ops. The provided methods implement the
/// rewriting of design §5.1 in terms of the required primitives; a dialect
/// may override them.
pub trait AbiRewriteContext {
    /// The dialect name, for messages.
    fn dialect(&self) -> &'static str;

    /// The ops this context owns, by interned name, with their roles.
    fn roles(&self) -> Vec<(Sym, OpRole)>;

    /// The signature of a function op.
    fn function_info(&mut self, m: &mut Module, op: OpId) -> Result<FuncInfo, String>;

    /// The callee and argument operands of a call op.
    fn call_info(&self, m: &Module, op: OpId) -> Result<CallInfo, String>;

    /// The dialect type equal to the LLVM type `ty` (coerced types:
    /// unsigned integer pieces, anonymous records, vectors, arrays).
    fn lowered_type(&mut self, m: &mut Module, ll: &irkit_abi::LlTypes, ty: LlTyId) -> TypeId;

    /// A pointer to `pointee`.
    fn pointer_type(&mut self, m: &mut Module, pointee: TypeId) -> TypeId;

    /// The dialect's function type with these parameters and results.
    fn function_type(
        &mut self,
        m: &mut Module,
        inputs: &[TypeId],
        results: &[TypeId],
        variadic: bool,
    ) -> TypeId;

    /// Replaces the function's `function_type`, `arg_attrs` and `res_attrs`
    /// properties.
    fn set_signature(&mut self, m: &mut Module, func: OpId, plan: &FnPlan) {
        let keys = [
            (m.ctx.sym_str("function_type"), Some(plan.function_type)),
            (m.ctx.sym_str("arg_attrs"), plan.arg_attrs_prop),
            (m.ctx.sym_str("res_attrs"), plan.res_attrs_prop),
        ];
        let props = text::update_dict(&mut m.ctx, m.ops[func].properties, &keys);
        m.ops[func].properties = Some(props);
    }

    // Op-creating primitives. Each appends the new ops to `e`.

    /// A stack slot of `ty`; returns the pointer.
    fn alloca(&mut self, m: &mut Module, e: &mut Emitter, ty: TypeId, align: u64) -> ValueId;
    /// `ptr` reinterpreted as a pointer to `pointee`.
    fn cast_ptr(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        pointee: TypeId,
    ) -> ValueId;
    fn load(&mut self, m: &mut Module, e: &mut Emitter, ptr: ValueId, ty: TypeId) -> ValueId;
    fn store(&mut self, m: &mut Module, e: &mut Emitter, value: ValueId, ptr: ValueId);
    /// Loads members `(index, type)` of the aggregate `agg` that `ptr`
    /// points to.
    fn load_members(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        agg: TypeId,
        members: &[(u32, TypeId)],
    ) -> Vec<ValueId>;
    /// Stores `(index, value)` into members of the aggregate `agg` that
    /// `ptr` points to.
    fn store_members(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        agg: TypeId,
        members: &[(u32, ValueId)],
    );

    /// Rewrites a declaration: only the signature changes.
    fn rewrite_function_declaration(&mut self, m: &mut Module, func: OpId, plan: &FnPlan) {
        self.set_signature(m, func, plan);
    }

    /// Rewrites a definition: signature, entry block (rebuilding each
    /// source argument from its lowered parameters) and every return.
    fn rewrite_function_definition(
        &mut self,
        m: &mut Module,
        ins: &mut Inserts,
        func: OpId,
        entry: BlockId,
        returns: &[OpId],
        plan: &FnPlan,
    ) {
        self.set_signature(m, func, plan);
        let loc = m[func].loc;
        let mut e = Emitter::new(loc);
        let old_args = std::mem::take(&mut m.blocks[entry].args);
        let mut new_args: Vec<ValueId> = Vec::with_capacity(plan.inputs.len());
        let fresh = |m: &mut Module, new_args: &mut Vec<ValueId>, ty: TypeId| {
            let v = m.new_detached_value(ty);
            new_args.push(v);
            v
        };
        let sret = match &plan.ret {
            RetPlan::Sret { ptr, .. } => Some(fresh(m, &mut new_args, *ptr)),
            RetPlan::Void | RetPlan::Dropped { .. } | RetPlan::Same | RetPlan::Coerce { .. } => {
                None
            }
        };
        for (a, &old) in plan.args.iter().zip(old_args.iter()) {
            let orig = a.orig;
            if let Some(t) = a.padding {
                fresh(m, &mut new_args, t);
            }
            let value = match &a.how {
                Passing::Same => {
                    new_args.push(old);
                    continue;
                }
                Passing::Ignore => {
                    if m[old].uses.is_empty() {
                        None
                    } else {
                        let slot = self.alloca(m, &mut e, orig, 1);
                        Some(self.load(m, &mut e, slot, orig))
                    }
                }
                Passing::Indirect { ptr, .. } => {
                    let p = fresh(m, &mut new_args, *ptr);
                    Some(self.load(m, &mut e, p, orig))
                }
                Passing::Coerce(c) => {
                    let mut params = Vec::new();
                    if c.pieces.is_empty() {
                        params.push(fresh(m, &mut new_args, c.coerced));
                    } else {
                        for &t in &c.pieces {
                            params.push(fresh(m, &mut new_args, t));
                        }
                    }
                    Some(self.rebuild_from_coerced(m, &mut e, c, orig, &params))
                }
            };
            if let Some(v) = value {
                m.replace_all_uses(old, v);
            }
            m.values[old].def = ValueDef::Detached;
        }
        for (i, &v) in new_args.iter().enumerate() {
            m.values[v].def = ValueDef::BlockArg {
                block: entry,
                index: i as u32,
            };
        }
        m.blocks[entry].args = new_args;
        ins.prefix(entry, e.ops);
        for &r in returns {
            self.rewrite_return(m, ins, r, sret, plan);
        }
    }

    /// Rewrites one return of a lowered definition.
    fn rewrite_return(
        &mut self,
        m: &mut Module,
        ins: &mut Inserts,
        ret: OpId,
        sret: Option<ValueId>,
        plan: &FnPlan,
    ) {
        let loc = m[ret].loc;
        let mut e = Emitter::new(loc);
        let value = m[ret].operands.first().copied();
        let new_operands = match (&plan.ret, value) {
            (RetPlan::Void, _) | (RetPlan::Same, _) => return,
            (_, None) => return,
            (RetPlan::Dropped { .. }, Some(_)) => Vec::new(),
            (RetPlan::Sret { .. }, Some(v)) => {
                if let Some(p) = sret {
                    self.store(m, &mut e, v, p);
                }
                Vec::new()
            }
            (RetPlan::Coerce { orig, how }, Some(v)) => self.to_coerced(m, &mut e, how, *orig, v),
        };
        m.set_operands(ret, new_operands);
        ins.before(ret, e.ops);
    }

    /// Rewrites a call to a lowered callee.
    fn rewrite_call_site(
        &mut self,
        m: &mut Module,
        ins: &mut Inserts,
        call: OpId,
        info: CallInfo,
        plan: &FnPlan,
    ) {
        let loc = m[call].loc;
        let mut before = Emitter::new(loc);
        let mut after = Emitter::new(loc);
        let operands = m[call].operands.to_vec();
        let (prefix, args) = operands.split_at(info.args_start.min(operands.len()));
        let mut new_ops: Vec<ValueId> = prefix.to_vec();
        let sret_slot = match &plan.ret {
            RetPlan::Sret { orig, align, .. } => {
                let s = self.alloca(m, &mut before, *orig, *align);
                new_ops.push(s);
                Some(s)
            }
            RetPlan::Void | RetPlan::Dropped { .. } | RetPlan::Same | RetPlan::Coerce { .. } => {
                None
            }
        };
        for (a, &v) in plan.args.iter().zip(args.iter()) {
            if let Some(t) = a.padding {
                // The padding parameter's value is never read: an
                // uninitialized slot's contents (Clang passes `undef`).
                let slot = self.alloca(m, &mut before, t, 1);
                let u = self.load(m, &mut before, slot, t);
                new_ops.push(u);
            }
            match &a.how {
                Passing::Ignore => {}
                Passing::Same => new_ops.push(v),
                Passing::Indirect { align, .. } => {
                    let slot = self.alloca(m, &mut before, a.orig, *align);
                    self.store(m, &mut before, v, slot);
                    new_ops.push(slot);
                }
                Passing::Coerce(c) => {
                    let vals = self.to_coerced(m, &mut before, c, a.orig, v);
                    new_ops.extend(vals);
                }
            }
        }
        m.set_operands(call, new_ops);
        let old_results = m[call].results.to_vec();
        let new_results: Vec<ValueId> = plan
            .results
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let v = m.new_detached_value(t);
                m.values[v].def = ValueDef::Result {
                    op: call,
                    index: i as u32,
                };
                v
            })
            .collect();
        let replacement = match (&plan.ret, old_results.first()) {
            (_, None) | (RetPlan::Void, _) => None,
            (RetPlan::Same, Some(_)) => new_results.first().copied(),
            (RetPlan::Dropped { orig }, Some(&old)) => {
                if m[old].uses.is_empty() {
                    None
                } else {
                    let slot = self.alloca(m, &mut after, *orig, 1);
                    Some(self.load(m, &mut after, slot, *orig))
                }
            }
            (RetPlan::Sret { orig, .. }, Some(_)) => {
                sret_slot.map(|s| self.load(m, &mut after, s, *orig))
            }
            (RetPlan::Coerce { orig, how }, Some(_)) => new_results
                .first()
                .map(|&c| self.rebuild_from_coerced(m, &mut after, how, *orig, &[c])),
        };
        for (i, &old) in old_results.iter().enumerate() {
            if let (0, Some(r)) = (i, replacement) {
                m.replace_all_uses(old, r);
            }
            m.values[old].def = ValueDef::Detached;
        }
        m.ops[call].results = new_results.into();
        ins.before(call, before.ops);
        ins.after(call, after.ops);
    }

    /// Rebuilds a value of `orig` from the lowered parameters `params` of a
    /// coercion (one coerced value, or one per piece).
    fn rebuild_from_coerced(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        c: &Coercion,
        orig: TypeId,
        params: &[ValueId],
    ) -> ValueId {
        let unpacked;
        let params = match c.unpadded {
            // A returned unpadded struct: take its fields apart first.
            Some(u) if params.len() == 1 => {
                let tmp = self.alloca(m, e, u, c.slot_align);
                self.store(m, e, params[0], tmp);
                let members: Vec<(u32, TypeId)> = c
                    .pieces
                    .iter()
                    .enumerate()
                    .map(|(i, &t)| (i as u32, t))
                    .collect();
                unpacked = self.load_members(m, e, tmp, u, &members);
                &unpacked[..]
            }
            _ => params,
        };
        let slot = self.alloca(m, e, c.slot, c.slot_align);
        match c.view {
            Some(view) => {
                let p = self.cast_or_same(m, e, slot, c.slot, view);
                let members: Vec<(u32, ValueId)> = params.iter().map(|&v| (1, v)).collect();
                self.store_members(m, e, p, view, &members);
            }
            None => {
                let p = self.cast_or_same(m, e, slot, c.slot, c.coerced);
                if c.pieces.is_empty() {
                    if let Some(&v) = params.first() {
                        self.store(m, e, v, p);
                    }
                } else {
                    let members: Vec<(u32, ValueId)> = params
                        .iter()
                        .zip(&c.piece_index)
                        .map(|(&v, &i)| (i, v))
                        .collect();
                    self.store_members(m, e, p, c.coerced, &members);
                }
            }
        }
        let p = self.cast_or_same(m, e, slot, c.slot, orig);
        self.load(m, e, p, orig)
    }

    /// Turns `value` of type `orig` into the lowered values of a coercion.
    fn to_coerced(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        c: &Coercion,
        orig: TypeId,
        value: ValueId,
    ) -> Vec<ValueId> {
        let slot = self.alloca(m, e, c.slot, c.slot_align);
        let p = self.cast_or_same(m, e, slot, c.slot, orig);
        self.store(m, e, value, p);
        match c.view {
            Some(view) => {
                let p = self.cast_or_same(m, e, slot, c.slot, view);
                self.load_members(m, e, p, view, &[(1, c.coerced)])
            }
            None => {
                let p = self.cast_or_same(m, e, slot, c.slot, c.coerced);
                if c.pieces.is_empty() {
                    vec![self.load(m, e, p, c.coerced)]
                } else {
                    let members: Vec<(u32, TypeId)> = c
                        .pieces
                        .iter()
                        .zip(&c.piece_index)
                        .map(|(&t, &i)| (i, t))
                        .collect();
                    let vals = self.load_members(m, e, p, c.coerced, &members);
                    match c.unpadded {
                        // A returned unpadded struct: put the fields together.
                        Some(u) => {
                            let tmp = self.alloca(m, e, u, c.slot_align);
                            let members: Vec<(u32, ValueId)> = vals
                                .iter()
                                .enumerate()
                                .map(|(i, &v)| (i as u32, v))
                                .collect();
                            self.store_members(m, e, tmp, u, &members);
                            vec![self.load(m, e, tmp, u)]
                        }
                        None => vals,
                    }
                }
            }
        }
    }

    /// `ptr` (to `from`) as a pointer to `to`, casting only if they differ.
    fn cast_or_same(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        from: TypeId,
        to: TypeId,
    ) -> ValueId {
        if from == to {
            ptr
        } else {
            self.cast_ptr(m, e, ptr, to)
        }
    }
}

/// Ops to insert, recorded while rewriting and applied once per block at the
/// end (so many call sites in one block cost linear time).
#[derive(Default)]
pub struct Inserts {
    prefix: FxHashMap<BlockId, Vec<OpId>>,
    before: FxHashMap<OpId, Vec<OpId>>,
    after: FxHashMap<OpId, Vec<OpId>>,
    blocks: FxHashSet<BlockId>,
}

impl Inserts {
    /// Inserts `ops` at the start of `block`.
    pub fn prefix(&mut self, block: BlockId, ops: Vec<OpId>) {
        if !ops.is_empty() {
            self.prefix.entry(block).or_default().extend(ops);
            self.blocks.insert(block);
        }
    }
    /// Inserts `ops` right before `anchor` (which must be in a block).
    pub fn before(&mut self, anchor: OpId, ops: Vec<OpId>) {
        self.add(anchor, ops, true);
    }
    /// Inserts `ops` right after `anchor`.
    pub fn after(&mut self, anchor: OpId, ops: Vec<OpId>) {
        self.add(anchor, ops, false);
    }
    fn add(&mut self, anchor: OpId, ops: Vec<OpId>, before: bool) {
        if ops.is_empty() {
            return;
        }
        let map = if before {
            &mut self.before
        } else {
            &mut self.after
        };
        // The anchor's block is resolved when applying.
        map.entry(anchor).or_default().extend(ops);
    }

    /// Rebuilds every touched block's op list, in one pass per block.
    fn apply(self, m: &mut Module) {
        let Inserts {
            mut prefix,
            mut before,
            mut after,
            blocks,
        } = self;
        let mut anchors: FxHashMap<BlockId, Vec<OpId>> = FxHashMap::default();
        for b in blocks {
            anchors.entry(b).or_default();
        }
        for &anchor in before.keys().chain(after.keys()) {
            if let Some(b) = m.ops[anchor].parent {
                anchors.entry(b).or_default().push(anchor);
            }
        }
        for (b, here) in anchors {
            let old = std::mem::take(&mut m.blocks[b].ops);
            let mut ops = Vec::with_capacity(old.len() + 8 * here.len());
            let mut added = Vec::new();
            if let Some(p) = prefix.remove(&b) {
                added.extend_from_slice(&p);
                ops.extend(p);
            }
            for op in old {
                let is_anchor = if here.len() <= 8 {
                    here.contains(&op)
                } else {
                    before.contains_key(&op) || after.contains_key(&op)
                };
                if !is_anchor {
                    ops.push(op);
                    continue;
                }
                if let Some(v) = before.remove(&op) {
                    added.extend_from_slice(&v);
                    ops.extend(v);
                }
                ops.push(op);
                if let Some(v) = after.remove(&op) {
                    added.extend_from_slice(&v);
                    ops.extend(v);
                }
            }
            for op in added {
                m.ops[op].parent = Some(b);
            }
            m.blocks[b].ops = ops;
        }
    }
}

/// Why the pass did not run.
#[derive(Debug)]
pub enum LowerError {
    /// No target, or an unknown one, from the command line.
    Usage(String),
    /// Bad input, or (internal) a lowered module that does not verify.
    Diags(Vec<Diagnostic>),
}

/// Options of one run.
#[derive(Clone, Copy, Debug)]
pub struct LowerConfig<'a> {
    /// `--triple`; when `None`, the module's `cir.triple` or
    /// `llvm.target_triple` attribute.
    pub triple: Option<&'a str>,
    /// `--target-features`.
    pub target_features: Option<&'a str>,
    /// Verify the lowered module (and each rewritten call and entry block
    /// against its lowered signature) before returning; a failure is an
    /// internal error. A pass manager that verifies after every pass (as
    /// mlir-opt does) may turn this off.
    pub verify: bool,
    /// `--max-coerced-elements`: see [`AbiCx::set_max_coerced_elements`].
    pub max_coerced_elements: u64,
    /// The release to match (`--mlir-compat=19|22`: MLIR and Clang of one
    /// LLVM release go together): its classification differences and the
    /// attributes it adds (Clang 22's `abi.dead_on_return`, `abi.noext`;
    /// which release spells which is [`irkit_abi::ClangVersion`]'s to say).
    pub clang: irkit_abi::ClangVersion,
}

/// What a successful run did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LowerStats {
    pub functions: usize,
    pub calls: usize,
    /// The module was already lowered: nothing changed.
    pub already_lowered: bool,
}

/// Runs the pass on `m`. On error the module is unchanged.
pub fn lower_module(
    m: &mut Module,
    file: FileId,
    cfg: LowerConfig<'_>,
) -> Result<LowerStats, LowerError> {
    let Some(top) = m.top else {
        return Ok(LowerStats::default());
    };
    if m.ctx
        .dict_get(m[top].attrs, LOWERED_ATTR.as_bytes())
        .is_some()
    {
        return Ok(LowerStats {
            already_lowered: true,
            ..LowerStats::default()
        });
    }
    let target = resolve_target(m, file, top, cfg)?;
    let mut contexts: Vec<Box<dyn AbiRewriteContext>> = vec![
        Box::new(cir::CirAbiRewriteContext::new(&mut m.ctx)),
        Box::new(fir::FirAbiRewriteContext::new(&mut m.ctx)),
    ];
    let roles = Roles::new(&contexts);
    let analysis = analyze(
        m,
        file,
        top,
        target,
        cfg.max_coerced_elements,
        &mut contexts,
        &roles,
    )
    .map_err(LowerError::Diags)?;
    let stats = LowerStats {
        functions: analysis.funcs.len(),
        calls: analysis.calls.len(),
        already_lowered: false,
    };
    rewrite(m, &mut contexts, &analysis);
    let lowered = m.ctx.sym_str(LOWERED_ATTR);
    let unit = m.ctx.unit_attr();
    let mut entries = match m.ctx.attr_data(m[top].attrs) {
        AttrData::Dict(e) => e.to_vec(),
        _ => Vec::new(),
    };
    entries.push((lowered, unit));
    if let Ok(d) = m.ctx.dict_attr(entries) {
        m.ops[top].attrs = d;
    }
    if cfg.verify {
        check_output(m, file, &analysis).map_err(LowerError::Diags)?;
    }
    Ok(stats)
}

fn op_loc(m: &Module, file: FileId, op: OpId) -> Option<Loc> {
    m.source.ops.get(op).map(|&span| Loc { file, span })
}

fn op_error(m: &Module, file: FileId, op: OpId, msg: impl std::fmt::Display) -> Diagnostic {
    let loc = op_loc(m, file, op).or(Some(Loc {
        file,
        span: Span::new(0, 0),
    }));
    Diagnostic::new(
        Severity::Error,
        loc,
        format!("'{}' op {msg}", m.op_name(op)),
    )
}

fn resolve_target(
    m: &Module,
    file: FileId,
    top: OpId,
    cfg: LowerConfig<'_>,
) -> Result<Target, LowerError> {
    let supported = format!("supported: {}", irkit_abi::targets::SUPPORTED_TRIPLES);
    let (triple, from_attr) = match cfg.triple {
        Some(t) => (t.to_string(), false),
        None => {
            let found = TRIPLE_ATTRS.iter().find_map(|name| {
                let a = m.ctx.dict_get(m[top].attrs, name.as_bytes())?;
                match m.ctx.attr_data(a) {
                    AttrData::String { value, .. } => Some(m.ctx.str(*value).into_owned()),
                    _ => None,
                }
            });
            match found {
                Some(t) => (t, true),
                None => {
                    return Err(LowerError::Usage(
                        "--abi-lower needs a target: pass --triple=T or set a 'cir.triple' module attribute"
                            .to_string(),
                    ))
                }
            }
        }
    };
    let target = irkit_abi::lookup(&triple)
        .and_then(|t| match cfg.target_features {
            Some(f) => t.with_features(f),
            None => Ok(t),
        })
        .map(|t| t.with_clang(cfg.clang));
    match target {
        Ok(t) => Ok(t),
        Err(e) if from_attr => Err(LowerError::Diags(vec![op_error(
            m,
            file,
            top,
            format!("{e} ({supported})"),
        )])),
        Err(e) => Err(LowerError::Usage(format!("{e} ({supported})"))),
    }
}

/// Everything the rewrite needs, computed before any mutation.
struct Analysis {
    plans: Vec<FnPlan>,
    funcs: Vec<FuncEntry>,
    /// The returns of every function, each function's as one run
    /// ([`FuncEntry::returns`]).
    returns: Vec<OpId>,
    /// (call op, context index, plan index, call info)
    calls: Vec<(OpId, usize, usize, CallInfo)>,
}

struct FuncEntry {
    op: OpId,
    cx: usize,
    plan: usize,
    entry: Option<BlockId>,
    /// Its returns: a range of [`Analysis::returns`].
    returns: std::ops::Range<usize>,
}

/// Which context owns which op name, and in which role.
struct Roles(FxHashMap<Sym, (usize, OpRole)>);

impl Roles {
    fn new(contexts: &[Box<dyn AbiRewriteContext>]) -> Roles {
        let mut map = FxHashMap::default();
        for (i, c) in contexts.iter().enumerate() {
            for (name, role) in c.roles() {
                map.entry(name).or_insert((i, role));
            }
        }
        Roles(map)
    }
    fn of(&self, m: &Module, op: OpId) -> Option<(usize, OpRole)> {
        self.0.get(&m[op].name).copied()
    }
}

fn analyze(
    m: &mut Module,
    file: FileId,
    top: OpId,
    target: Target,
    max_coerced_elements: u64,
    contexts: &mut [Box<dyn AbiRewriteContext>],
    roles: &Roles,
) -> Result<Analysis, Vec<Diagnostic>> {
    let mut diags = Vec::new();
    // Step 1: find functions (directly in the module body) and their infos.
    let mut func_ops = Vec::new();
    for &r in m[top].regions.iter() {
        for &b in &m[r].blocks {
            for &op in &m[b].ops {
                if let Some((ci, OpRole::Function)) = roles.of(m, op) {
                    func_ops.push((op, ci));
                }
            }
        }
    }
    let mut infos = Vec::with_capacity(func_ops.len());
    for &(op, ci) in &func_ops {
        match contexts[ci].function_info(m, op) {
            Ok(info) => infos.push(Some(info)),
            Err(e) => {
                diags.push(op_error(m, file, op, e));
                infos.push(None);
            }
        }
    }
    // Step 2 + 3: map types and classify, once per distinct signature.
    let aliases: FxHashMap<String, TypeId> = m
        .type_aliases
        .iter()
        .map(|&(s, t)| (m.ctx.str(s).into_owned(), t))
        .collect();
    let mut cx = AbiCx::new(target);
    cx.set_max_coerced_elements(max_coerced_elements);
    let mut abis: Vec<(usize, FnAbi, Vec<TypeId>, Vec<TypeId>)> = Vec::new();
    let mut abi_of: FxHashMap<(usize, TypeId), usize> = FxHashMap::default();
    let mut func_abi: Vec<Option<usize>> = vec![None; func_ops.len()];
    let mut by_name: FxHashMap<Sym, usize> = FxHashMap::default();
    {
        let mut mapper = AbiTypeMapper::new(&m.ctx, &aliases);
        for (fi, (&(op, ci), info)) in func_ops.iter().zip(infos.iter()).enumerate() {
            let Some(info) = info else { continue };
            // Duplicate symbols are the verifier's business; the last wins.
            by_name.insert(info.name, fi);
            if let Some(why) = already_lowered(m, info) {
                diags.push(op_error(m, file, op, why));
                continue;
            }
            let key = (ci, info.ty);
            if let Some(&ai) = abi_of.get(&key) {
                func_abi[fi] = Some(ai);
                continue;
            }
            let fname = || m.ctx.str(info.name).into_owned();
            let sig = match map_signature(&mut mapper, &mut cx, info) {
                Ok(s) => s,
                Err(e) => {
                    diags.push(op_error(
                        m,
                        file,
                        op,
                        format!("function '@{}': {e}", fname()),
                    ));
                    continue;
                }
            };
            match cx.compute_fn_abi(&sig) {
                Ok(abi) => {
                    abi_of.insert(key, abis.len());
                    func_abi[fi] = Some(abis.len());
                    abis.push((ci, abi, info.inputs.clone(), info.results.clone()));
                }
                Err(e) => diags.push(op_error(
                    m,
                    file,
                    op,
                    format!("function '@{}': {e}", fname()),
                )),
            }
        }
    }
    let mut funcs = Vec::new();
    let mut returns = Vec::new();
    let mut calls = Vec::new();
    let mut call_checks: Vec<(OpId, usize, CallInfo)> = Vec::new();
    let mut regions: Vec<irkit_ir::RegionId> = Vec::new();
    for (fi, &(op, ci)) in func_ops.iter().enumerate() {
        let Some(info) = &infos[fi] else { continue };
        let first_return = returns.len();
        let mut err = None;
        // Every op nested in the function, parents before children.
        regions.clear();
        regions.extend_from_slice(&m[op].regions);
        while let Some(r) = regions.pop() {
            for &b in &m[r].blocks {
                for &o in &m[b].ops {
                    if !m[o].regions.is_empty() {
                        regions.extend(m[o].regions.iter().copied());
                    }
                    match roles.of(m, o) {
                        Some((_, OpRole::Return)) => returns.push(o),
                        Some((cci, OpRole::Call)) => match contexts[cci].call_info(m, o) {
                            Ok(c) => call_checks.push((o, cci, c)),
                            Err(e) => err = Some(op_error(m, file, o, e)),
                        },
                        Some((_, OpRole::Function)) | None => {}
                    }
                }
            }
        }
        diags.extend(err);
        if let Some(ai) = func_abi[fi] {
            funcs.push((fi, op, ci, ai, info.entry, first_return..returns.len()));
        }
    }
    // Check every call against its callee's source signature.
    let mut variadic_abi_of: FxHashMap<(usize, TypeId, Vec<TypeId>), usize> = FxHashMap::default();
    {
        let mut mapper = AbiTypeMapper::new(&m.ctx, &aliases);
        for &(call, cci, info) in &call_checks {
            let Some(callee) = info.callee else {
                diags.push(op_error(
                    m,
                    file,
                    call,
                    "indirect calls cannot be ABI-lowered yet (no callee symbol)",
                ));
                continue;
            };
            let cname = || m.ctx.str(callee).into_owned();
            let Some(&fi) = by_name.get(&callee) else {
                diags.push(op_error(
                    m,
                    file,
                    call,
                    format!("callee '@{}' is not a function of this module", cname()),
                ));
                continue;
            };
            let Some(finfo) = &infos[fi] else { continue };
            let Some(ai) = func_abi[fi] else { continue };
            let operands = &m[call].operands;
            let all_args = &operands[info.args_start.min(operands.len())..];
            // A variadic callee: the fixed part must match, the rest are
            // this call's variadic arguments.
            let n_fixed = finfo.inputs.len();
            let (args, extra) = if finfo.variadic && all_args.len() >= n_fixed {
                all_args.split_at(n_fixed)
            } else {
                (all_args, &[][..])
            };
            if !same_types(m, &mut mapper, &mut cx, args, &finfo.inputs)
                || !same_types(m, &mut mapper, &mut cx, &m[call].results, &finfo.results)
            {
                let arg_types: Vec<TypeId> = all_args.iter().map(|&v| m[v].ty).collect();
                let res_types: Vec<TypeId> = m[call].results.iter().map(|&v| m[v].ty).collect();
                let show = |ts: &[TypeId]| {
                    ts.iter()
                        .map(|&t| irkit_ir::printer::type_to_string(&m.ctx, t))
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                diags.push(op_error(
                    m,
                    file,
                    call,
                    format!(
                        "call to '@{0}' does not match the callee's signature: the call passes ({1}) -> ({2}), '@{0}' takes ({3}) -> ({4})",
                        cname(),
                        show(&arg_types),
                        show(&res_types),
                        show(&finfo.inputs),
                        show(&finfo.results)
                    ),
                ));
                continue;
            }
            if extra.is_empty() {
                calls.push((call, cci, ai, info));
                continue;
            }
            // Classify this call: the callee's fixed parameters plus the
            // types of its variadic arguments (once per distinct list).
            let extra_types: Vec<TypeId> = extra.iter().map(|&v| m[v].ty).collect();
            let key = (cci, finfo.ty, extra_types);
            if let Some(&ai) = variadic_abi_of.get(&key) {
                calls.push((call, cci, ai, info));
                continue;
            }
            let classified = map_signature(&mut mapper, &mut cx, finfo).and_then(|mut sig| {
                for &t in &key.2 {
                    sig.args.push(mapper.map(&mut cx, t)?);
                }
                Ok(sig)
            });
            let sig = match classified {
                Ok(s) => s,
                Err(e) => {
                    diags.push(op_error(
                        m,
                        file,
                        call,
                        format!("call to '@{}': {e}", cname()),
                    ));
                    continue;
                }
            };
            match cx.compute_fn_abi(&sig) {
                Ok(abi) => {
                    let mut inputs = finfo.inputs.clone();
                    inputs.extend_from_slice(&key.2);
                    variadic_abi_of.insert(key, abis.len());
                    calls.push((call, cci, abis.len(), info));
                    abis.push((cci, abi, inputs, finfo.results.clone()));
                }
                Err(e) => diags.push(op_error(
                    m,
                    file,
                    call,
                    format!("call to '@{}': {e}", cname()),
                )),
            }
        }
        for &(fi, op, _, _, entry, _) in &funcs {
            let (Some(entry), Some(finfo)) = (entry, &infos[fi]) else {
                continue;
            };
            if !same_types(m, &mut mapper, &mut cx, &m[entry].args, &finfo.inputs) {
                diags.push(op_error(
                    m,
                    file,
                    op,
                    "the entry block's arguments do not match the function type",
                ));
            }
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    // Build one plan per classified signature.
    let mut plans = Vec::with_capacity(abis.len());
    let keys = AttrKeys::new(m);
    for (ci, abi, inputs, results) in &abis {
        plans.push(make_plan(
            m,
            &mut cx,
            &mut *contexts[*ci],
            &keys,
            abi,
            inputs,
            results,
        ));
    }
    let funcs = funcs
        .into_iter()
        .map(|(_, op, ci, ai, entry, returns)| FuncEntry {
            op,
            cx: ci,
            plan: ai,
            entry,
            returns,
        })
        .collect();
    Ok(Analysis {
        plans,
        funcs,
        returns,
        calls,
    })
}

/// Whether two type lists are the same C types (equal, or mapping to the
/// same shadow type, e.g. an alias and its spelled-out type).
fn same_types(
    m: &Module,
    mapper: &mut AbiTypeMapper,
    cx: &mut AbiCx,
    values: &[ValueId],
    want: &[TypeId],
) -> bool {
    values.len() == want.len()
        && values.iter().zip(want.iter()).all(|(&v, &y)| {
            let x = m[v].ty;
            x == y || matches!((mapper.map(cx, x), mapper.map(cx, y)), (Ok(p), Ok(q)) if p == q)
        })
}

/// Why `info` looks already lowered (an `abi.*` argument attribute).
fn already_lowered(m: &Module, info: &FuncInfo) -> Option<String> {
    let arr = info.arg_attrs?;
    let AttrData::Array(dicts) = m.ctx.attr_data(arr) else {
        return None;
    };
    for &d in dicts.iter() {
        if let AttrData::Dict(entries) = m.ctx.attr_data(d) {
            if let Some((k, _)) = entries
                .iter()
                .find(|(k, _)| m.ctx.bytes(*k).starts_with(b"abi."))
            {
                return Some(format!(
                    "function '@{}' is already ABI-lowered (it has the argument attribute '{}'); the pass never rewrites twice",
                    m.ctx.str(info.name),
                    m.ctx.str(*k)
                ));
            }
        }
    }
    None
}

fn map_signature(
    mapper: &mut AbiTypeMapper<'_>,
    cx: &mut AbiCx,
    info: &FuncInfo,
) -> Result<irkit_abi::FnSig, crate::abi_map::MapError> {
    let ret = match info.results.as_slice() {
        [] => cx.void(),
        [r] => mapper.map(cx, *r)?,
        _ => {
            return Err(crate::abi_map::MapError {
                ty: "(several results)".to_string(),
                reason: "a C function has at most one result".to_string(),
            })
        }
    };
    let mut args = Vec::with_capacity(info.inputs.len());
    for &a in &info.inputs {
        args.push(mapper.map(cx, a)?);
    }
    let n_fixed = args.len();
    Ok(irkit_abi::FnSig {
        ret,
        args,
        variadic: info.variadic.then_some(n_fixed),
        cc: Default::default(),
    })
}

/// Attribute keys and values used in lowered signatures.
struct AttrKeys {
    sret: Sym,
    byval: Sym,
    align: Sym,
    alignstack: Sym,
    signext: Sym,
    zeroext: Sym,
    inreg: Sym,
    dead_on_return: Sym,
    noext: Sym,
    i64: TypeId,
}

impl AttrKeys {
    fn new(m: &mut Module) -> AttrKeys {
        AttrKeys {
            sret: m.ctx.sym_str("abi.sret"),
            byval: m.ctx.sym_str("abi.byval"),
            align: m.ctx.sym_str("abi.align"),
            alignstack: m.ctx.sym_str("abi.alignstack"),
            signext: m.ctx.sym_str("abi.signext"),
            zeroext: m.ctx.sym_str("abi.zeroext"),
            inreg: m.ctx.sym_str("abi.inreg"),
            dead_on_return: m.ctx.sym_str("abi.dead_on_return"),
            noext: m.ctx.sym_str("abi.noext"),
            i64: m.ctx.int_type(64),
        }
    }
    fn int(&self, m: &mut Module, n: u64) -> AttrId {
        m.ctx.attr(AttrData::Integer {
            ty: self.i64,
            words: Box::new([n]),
        })
    }
}

fn dict(m: &mut Module, entries: Vec<(Sym, AttrId)>) -> AttrId {
    match m.ctx.dict_attr(entries) {
        Ok(d) => d,
        Err(_) => m.ctx.empty_dict(),
    }
}

/// `d` (a dictionary) with the unit attribute `key` added.
fn with_unit(m: &mut Module, d: AttrId, key: Sym) -> AttrId {
    let mut entries = match m.ctx.attr_data(d) {
        AttrData::Dict(e) => e.to_vec(),
        _ => Vec::new(),
    };
    let unit = m.ctx.unit_attr();
    entries.push((key, unit));
    dict(m, entries)
}

/// Turns a classification into a lowered signature with the dialect's types.
fn make_plan(
    m: &mut Module,
    cx: &mut AbiCx,
    rc: &mut dyn AbiRewriteContext,
    keys: &AttrKeys,
    abi: &FnAbi,
    inputs: &[TypeId],
    results: &[TypeId],
) -> FnPlan {
    let mut plan = FnPlan {
        ret: RetPlan::Void,
        args: Vec::with_capacity(inputs.len()),
        inputs: Vec::with_capacity(inputs.len() + 1),
        results: Vec::new(),
        arg_attrs: Vec::new(),
        res_attrs: None,
        orig_inputs: inputs.to_vec(),
        orig_results: results.to_vec(),
        function_type: m.ctx.unit_attr(),
        arg_attrs_prop: None,
        res_attrs_prop: None,
        unchanged: false,
    };
    if let Some(&orig) = results.first() {
        plan.ret = match abi.ret.mode {
            PassMode::Ignore => RetPlan::Dropped { orig },
            PassMode::Extend { signed, .. } => {
                plan.results.push(orig);
                let k = if signed { keys.signext } else { keys.zeroext };
                let unit = m.ctx.unit_attr();
                plan.res_attrs = Some(dict(m, vec![(k, unit)]));
                RetPlan::Same
            }
            PassMode::Direct { ty, offset, .. } => {
                if abi.ret.inreg {
                    // Clang's InReg on a direct return (MIPS N64, SPARC V9).
                    let unit = m.ctx.unit_attr();
                    plan.res_attrs = Some(dict(m, vec![(keys.inreg, unit)]));
                }
                if keeps(cx, abi.ret.ty, ty, offset) {
                    plan.results.push(orig);
                    RetPlan::Same
                } else {
                    let how = coercion(m, cx, rc, abi.ret.ty, orig, ty, offset, false);
                    plan.results.push(how.coerced);
                    RetPlan::Coerce { orig, how }
                }
            }
            PassMode::Expand { ty } => {
                let how = coercion(m, cx, rc, abi.ret.ty, orig, ty, 0, false);
                plan.results.push(how.coerced);
                RetPlan::Coerce { orig, how }
            }
            PassMode::CoerceAndExpand { coerce, unpadded } => {
                let mut how = coerce_and_expand(m, cx, rc, abi.ret.ty, orig, coerce, unpadded);
                match how.unpadded {
                    Some(u) => plan.results.push(u),
                    None => {
                        // No padding: the value is the unpadded type itself.
                        how = coercion(m, cx, rc, abi.ret.ty, orig, unpadded, 0, false);
                        plan.results.push(how.coerced);
                    }
                }
                RetPlan::Coerce { orig, how }
            }
            PassMode::Indirect { align, .. } => {
                let ptr = rc.pointer_type(m, orig);
                plan.inputs.push(ptr);
                let t = m.ctx.attr(AttrData::Type(orig));
                let a = keys.int(m, align);
                let mut d = dict(m, vec![(keys.sret, t), (keys.align, a)]);
                if abi.ret.inreg {
                    d = with_unit(m, d, keys.inreg);
                }
                plan.arg_attrs.push(d);
                RetPlan::Sret { orig, ptr, align }
            }
        };
    }
    let empty = m.ctx.empty_dict();
    for (arg, &orig) in abi.args.iter().zip(inputs.iter()) {
        let padding = arg.padding.map(|p| {
            let t = rc.lowered_type(m, &cx.ll, p.ty);
            plan.inputs.push(t);
            let d = if p.inreg {
                with_unit(m, empty, keys.inreg)
            } else {
                empty
            };
            plan.arg_attrs.push(d);
            t
        });
        let first = plan.inputs.len();
        let how = match arg.mode {
            PassMode::Ignore => Passing::Ignore,
            PassMode::Extend { signed, .. } => {
                plan.inputs.push(orig);
                let k = if signed { keys.signext } else { keys.zeroext };
                let unit = m.ctx.unit_attr();
                plan.arg_attrs.push(dict(m, vec![(k, unit)]));
                Passing::Same
            }
            PassMode::Direct {
                ty,
                offset,
                flatten,
                align_stack,
            } => {
                let how = if keeps(cx, arg.ty, ty, offset) {
                    plan.inputs.push(orig);
                    plan.arg_attrs.push(empty);
                    Passing::Same
                } else {
                    let split = flatten
                        && matches!(&cx.ll[ty], LlTy::Struct { elems, .. } if elems.len() > 1);
                    let c = coercion(m, cx, rc, arg.ty, orig, ty, offset, split);
                    if c.pieces.is_empty() {
                        plan.inputs.push(c.coerced);
                        plan.arg_attrs.push(empty);
                    } else {
                        for &p in &c.pieces {
                            plan.inputs.push(p);
                            plan.arg_attrs.push(empty);
                        }
                    }
                    Passing::Coerce(c)
                };
                if let (Some(a), Some(last)) = (align_stack, plan.arg_attrs.last_mut()) {
                    let v = keys.int(m, u64::from(a));
                    *last = dict(m, vec![(keys.alignstack, v)]);
                }
                if arg.noext && cx.target().clang.noext() {
                    if let Some(last) = plan.arg_attrs.last_mut() {
                        *last = with_unit(m, *last, keys.noext);
                    }
                }
                how
            }
            PassMode::Expand { .. } | PassMode::CoerceAndExpand { .. } => {
                let c = match arg.mode {
                    PassMode::CoerceAndExpand { coerce, unpadded } => {
                        let mut c = coerce_and_expand(m, cx, rc, arg.ty, orig, coerce, unpadded);
                        // An argument is only its pieces.
                        c.unpadded = None;
                        c
                    }
                    PassMode::Expand { ty } => coercion(m, cx, rc, arg.ty, orig, ty, 0, true),
                    _ => coercion(m, cx, rc, arg.ty, orig, cx.ll_type(arg.ty), 0, true),
                };
                let pieces = if c.pieces.is_empty() {
                    vec![c.coerced]
                } else {
                    c.pieces.clone()
                };
                for p in pieces {
                    plan.inputs.push(p);
                    plan.arg_attrs.push(empty);
                }
                Passing::Coerce(c)
            }
            PassMode::Indirect { align, byval, .. } => {
                let ptr = rc.pointer_type(m, orig);
                plan.inputs.push(ptr);
                if byval {
                    let t = m.ctx.attr(AttrData::Type(orig));
                    let a = keys.int(m, align);
                    plan.arg_attrs
                        .push(dict(m, vec![(keys.byval, t), (keys.align, a)]));
                } else if cx.target().clang.dead_on_return() {
                    plan.arg_attrs
                        .push(with_unit(m, empty, keys.dead_on_return));
                } else {
                    plan.arg_attrs.push(empty);
                }
                Passing::Indirect { ptr, align }
            }
        };
        if arg.inreg {
            // Clang's InReg: every IR parameter of the argument is `inreg`.
            for i in first..plan.arg_attrs.len() {
                plan.arg_attrs[i] = with_unit(m, plan.arg_attrs[i], keys.inreg);
            }
        }
        plan.args.push(ArgPlan {
            orig,
            first,
            how,
            padding,
        });
    }
    let fty = rc.function_type(m, &plan.inputs, &plan.results, abi.variadic.is_some());
    plan.function_type = m.ctx.attr(AttrData::Type(fty));
    plan.arg_attrs_prop = text::dict_array(&mut m.ctx, &plan.arg_attrs);
    plan.res_attrs_prop = plan
        .res_attrs
        .map(|d| m.ctx.attr(AttrData::Array(Box::new([d]))));
    plan.unchanged = plan.arg_attrs_prop.is_none()
        && plan.res_attrs_prop.is_none()
        && matches!(plan.ret, RetPlan::Void | RetPlan::Same)
        && plan
            .args
            .iter()
            .all(|a| matches!(a.how, Passing::Same) && a.padding.is_none());
    plan
}

fn rewrite(m: &mut Module, contexts: &mut [Box<dyn AbiRewriteContext>], a: &Analysis) {
    let mut ins = Inserts::default();
    for f in &a.funcs {
        let plan = &a.plans[f.plan];
        if plan.unchanged {
            continue;
        }
        let rc = &mut contexts[f.cx];
        match f.entry {
            Some(entry) => rc.rewrite_function_definition(
                m,
                &mut ins,
                f.op,
                entry,
                &a.returns[f.returns.clone()],
                plan,
            ),
            None => rc.rewrite_function_declaration(m, f.op, plan),
        }
    }
    for &(call, ci, pi, info) in &a.calls {
        if a.plans[pi].unchanged {
            continue;
        }
        contexts[ci].rewrite_call_site(m, &mut ins, call, info, &a.plans[pi]);
    }
    ins.apply(m);
}

/// Verifies the lowered module against the built-in dialects and checks
/// every rewritten call and entry block against its lowered signature.
fn check_output(m: &Module, file: FileId, a: &Analysis) -> Result<(), Vec<Diagnostic>> {
    let internal = |mut d: Diagnostic| {
        d.message = format!(
            "internal error: the ABI-lowered module does not verify: {}",
            d.message
        );
        d
    };
    // The full verifier: structure, dominance, the registered op
    // definitions of the built-in dialects and the token contract.
    let ds = crate::dialects::verify_module(m, file, &crate::dialects::builtin_registry());
    if !ds.is_empty() {
        return Err(ds.into_iter().map(internal).collect());
    }
    let mut diags = Vec::new();
    let same = |vals: &[ValueId], want: &[TypeId]| {
        vals.len() == want.len() && vals.iter().zip(want).all(|(&v, &t)| m[v].ty == t)
    };
    for f in &a.funcs {
        if let Some(e) = f.entry {
            if !same(&m[e].args, &a.plans[f.plan].inputs) {
                diags.push(internal(op_error(
                    m,
                    file,
                    f.op,
                    "the lowered entry block does not match the lowered signature",
                )));
            }
        }
    }
    for &(call, _, pi, info) in &a.calls {
        let ops = &m[call].operands;
        if !same(&ops[info.args_start.min(ops.len())..], &a.plans[pi].inputs) {
            diags.push(internal(op_error(
                m,
                file,
                call,
                "the lowered call does not match its callee's lowered parameters",
            )));
        }
    }
    if diags.is_empty() {
        Ok(())
    } else {
        Err(diags)
    }
}
