//! `CirAbiRewriteContext`: the CIR-like dialect's half of the ABI pass.
//!
//! Ops read: `cir.func` (properties `sym_name`, `function_type =
//! !cir.func<(T, ...) -> R>`, `arg_attrs`, `res_attrs`), `cir.call`
//! (`callee`), `cir.return`. Ops created (generic syntax):
//!
//! | primitive | op |
//! |---|---|
//! | alloca | `"cir.alloca"() <{alignment = A : i64, allocaType = T}> : () -> !cir.ptr<T>` |
//! | pointer cast | `"cir.cast"(%p) <{kind = "bitcast"}> : (!cir.ptr<A>) -> !cir.ptr<B>` |
//! | load / store | `"cir.load"(%p)`, `"cir.store"(%v, %p)` |
//! | member access | `"cir.get_member"(%p) <{index = I : i64}>` then load / store |
//!
//! Coerced types are CIR types: `iN` is `!cir.int<u, N>` (coerced integer
//! pieces are unsigned), `<N x T>` is `!cir.vector<T x N>`, `[N x T]` is
//! `!cir.array<T x N>`, a struct is an anonymous `!cir.record<struct {...}>`
//! (`packed` when LLVM's is), `ptr` is `!cir.ptr<!cir.void>`, `x86_fp80` is
//! `!cir.long_double<!cir.f80>` and `fp128` is `!cir.f128`.
//!
//! Ops are read through the typed wrappers generated from `CIR.td`
//! ([`crate::ops::cir`]), and created under the names those wrappers carry.

use super::text::{self, OpBuilder, TypeText};
use super::{AbiRewriteContext, CallInfo, Emitter, FuncInfo, OpRole};
use crate::ops;
use irkit_abi::{LlTy, LlTyId, LlTypes};
use irkit_ir::{AttrData, Context, Module, OpId, Sym, TypeId, ValueId};
use rustc_hash::FxHashMap;
use std::fmt::Write as _;

struct Names {
    func: Sym,
    call: Sym,
    ret: Sym,
    alloca: Sym,
    load: Sym,
    store: Sym,
    cast: Sym,
    get_member: Sym,
    alloca_type: Sym,
    alignment: Sym,
    kind: Sym,
    index: Sym,
}

/// The CIR rewrite context.
pub struct CirAbiRewriteContext {
    n: Names,
    b: OpBuilder,
    text: TypeText,
    lowered: FxHashMap<LlTyId, TypeId>,
    ptr_of: FxHashMap<TypeId, TypeId>,
    /// `{kind = "bitcast"}`.
    bitcast: irkit_ir::AttrId,
    alloca_props: FxHashMap<(TypeId, u64), irkit_ir::AttrId>,
    member_props: FxHashMap<u32, irkit_ir::AttrId>,
    /// Parameter and result types of each `!cir.func` type read so far.
    fn_types: FxHashMap<TypeId, (Vec<TypeId>, Vec<TypeId>, bool)>,
}

impl CirAbiRewriteContext {
    pub fn new(ctx: &mut Context) -> Self {
        let mut s = |x: &str| ctx.sym_str(x);
        let n = Names {
            func: s(ops::cir::FuncOp::NAME),
            call: s(ops::cir::CallOp::NAME),
            ret: s(ops::cir::ReturnOp::NAME),
            alloca: s(ops::cir::AllocaOp::NAME),
            load: s(ops::cir::LoadOp::NAME),
            store: s(ops::cir::StoreOp::NAME),
            cast: s(ops::cir::CastOp::NAME),
            get_member: s(ops::cir::GetMemberOp::NAME),
            alloca_type: s("allocaType"),
            alignment: s("alignment"),
            kind: s("kind"),
            index: s("index"),
        };
        let bitcast = ctx.string_attr(b"bitcast");
        let bitcast = text::dict(ctx, vec![(n.kind, bitcast)]);
        CirAbiRewriteContext {
            n,
            b: OpBuilder::new(ctx),
            text: TypeText::default(),
            lowered: FxHashMap::default(),
            ptr_of: FxHashMap::default(),
            bitcast,
            alloca_props: FxHashMap::default(),
            member_props: FxHashMap::default(),
            fn_types: FxHashMap::default(),
        }
    }

    fn ll_text(ll: &LlTypes, ty: LlTyId, out: &mut String) {
        match &ll[ty] {
            LlTy::Void => out.push_str("!cir.void"),
            LlTy::Int(n) => {
                let _ = write!(out, "!cir.int<u, {n}>");
            }
            LlTy::Half => out.push_str("!cir.f16"),
            LlTy::Float => out.push_str("!cir.float"),
            LlTy::Double => out.push_str("!cir.double"),
            LlTy::X86Fp80 => out.push_str("!cir.long_double<!cir.f80>"),
            // No CIR type is IBM double-double, so no lowered signature
            // holds one (abi_map maps none to it); the same-sized quad.
            LlTy::Fp128 | LlTy::PpcFp128 => out.push_str("!cir.f128"),
            LlTy::Ptr => out.push_str("!cir.ptr<!cir.void>"),
            LlTy::Vector(n, e) => {
                out.push_str("!cir.vector<");
                Self::ll_text(ll, *e, out);
                let _ = write!(out, " x {n}>");
            }
            LlTy::Array(n, e) => {
                out.push_str("!cir.array<");
                Self::ll_text(ll, *e, out);
                let _ = write!(out, " x {n}>");
            }
            LlTy::Struct { elems, packed } => {
                out.push_str(if *packed {
                    "!cir.record<struct packed {"
                } else {
                    "!cir.record<struct {"
                });
                for (i, e) in elems.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    Self::ll_text(ll, *e, out);
                }
                out.push_str("}>");
            }
        }
    }
}

fn cir_type(ctx: &mut Context, text: &str) -> TypeId {
    let body = text.strip_prefix("!cir").unwrap_or(text);
    text::dialect_type(ctx, "cir", body)
}

impl AbiRewriteContext for CirAbiRewriteContext {
    fn dialect(&self) -> &'static str {
        "cir"
    }

    fn roles(&self) -> Vec<(Sym, OpRole)> {
        vec![
            (self.n.func, OpRole::Function),
            (self.n.call, OpRole::Call),
            (self.n.ret, OpRole::Return),
        ]
    }

    fn function_info(&mut self, m: &mut Module, op: OpId) -> Result<FuncInfo, String> {
        // The typed wrapper generated from CIR.td (`irkit::ops`).
        let func = ops::cir::FuncOp(op);
        let name = func
            .sym_name(m)
            .ok_or("needs a string property 'sym_name'")?;
        let fty = func
            .function_type(m)
            .ok_or("needs a type property 'function_type'")?;
        let arg_attrs = func.arg_attrs_attr(m);
        let entry = text::entry_block(m, op);
        if let Some((inputs, results, variadic)) = self.fn_types.get(&fty) {
            return Ok(FuncInfo {
                name,
                inputs: inputs.clone(),
                results: results.clone(),
                entry,
                arg_attrs,
                ty: fty,
                variadic: *variadic,
            });
        }
        // Function types are mostly distinct: spelled, not cached.
        let spelled = text::spell(&m.ctx, fty);
        let inner = spelled
            .strip_prefix("!cir.func<")
            .and_then(|s| s.strip_suffix('>'))
            .ok_or_else(|| format!("'function_type' must be a !cir.func type, got '{spelled}'"))?;
        let inner = inner.trim_start();
        let (parts, close) = text::paren_list(inner)
            .ok_or_else(|| format!("cannot read the function type '{spelled}'"))?;
        let mut inputs = Vec::new();
        let entry_args: &[ValueId] = match entry {
            Some(b) => &m[b].args,
            None => &[],
        };
        let entry_types: Vec<TypeId> = entry_args.iter().map(|&v| m[v].ty).collect();
        let n_parts = parts.len();
        let mut variadic = false;
        for (i, part) in parts.into_iter().enumerate() {
            if part == "..." {
                if i + 1 != n_parts {
                    return Err(format!("'...' must come last in '{spelled}'"));
                }
                variadic = true;
                break;
            }
            // The entry block's argument usually has this very type: reuse
            // it instead of interning the text again.
            match entry_types.get(i) {
                Some(&t) if self.text.get(&m.ctx, t) == part => inputs.push(t),
                _ => inputs.push(self.text.intern(m, part)?),
            }
        }
        let rest = inner[close + 1..].trim();
        let mut results = Vec::new();
        if let Some(r) = rest.strip_prefix("->") {
            let r = r.trim();
            if r != "!cir.void" {
                let t = self.text.intern(m, r)?;
                if self.text.get(&m.ctx, t) != "!cir.void" {
                    results.push(t);
                }
            }
        } else if !rest.is_empty() {
            return Err(format!("cannot read the function type '{spelled}'"));
        }
        self.fn_types
            .insert(fty, (inputs.clone(), results.clone(), variadic));
        Ok(FuncInfo {
            name,
            inputs,
            results,
            entry,
            arg_attrs,
            ty: fty,
            variadic,
        })
    }

    fn call_info(&self, m: &Module, op: OpId) -> Result<CallInfo, String> {
        let callee = ops::cir::CallOp(op).callee(m);
        Ok(CallInfo {
            callee,
            args_start: if callee.is_some() { 0 } else { 1 },
        })
    }

    fn lowered_type(&mut self, m: &mut Module, ll: &LlTypes, ty: LlTyId) -> TypeId {
        if let Some(&t) = self.lowered.get(&ty) {
            return t;
        }
        let mut s = String::new();
        Self::ll_text(ll, ty, &mut s);
        let t = cir_type(&mut m.ctx, &s);
        self.lowered.insert(ty, t);
        t
    }

    fn pointer_type(&mut self, m: &mut Module, pointee: TypeId) -> TypeId {
        if let Some(&t) = self.ptr_of.get(&pointee) {
            return t;
        }
        let s = format!("!cir.ptr<{}>", self.text.get(&m.ctx, pointee));
        let t = cir_type(&mut m.ctx, &s);
        self.ptr_of.insert(pointee, t);
        t
    }

    fn function_type(
        &mut self,
        m: &mut Module,
        inputs: &[TypeId],
        results: &[TypeId],
        variadic: bool,
    ) -> TypeId {
        let mut s = String::from("!cir.func<(");
        for (i, &t) in inputs.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            s.push_str(self.text.get(&m.ctx, t));
        }
        if variadic {
            s.push_str(if inputs.is_empty() { "..." } else { ", ..." });
        }
        s.push(')');
        if let Some(&r) = results.first() {
            s.push_str(" -> ");
            s.push_str(self.text.get(&m.ctx, r));
        }
        s.push('>');
        cir_type(&mut m.ctx, &s)
    }

    fn alloca(&mut self, m: &mut Module, e: &mut Emitter, ty: TypeId, align: u64) -> ValueId {
        let ptr = self.pointer_type(m, ty);
        let props = match self.alloca_props.get(&(ty, align)) {
            Some(&p) => p,
            None => {
                let t = m.ctx.attr(AttrData::Type(ty));
                let a = self.b.i64_attr(&mut m.ctx, align);
                let p = text::dict(
                    &mut m.ctx,
                    vec![(self.n.alignment, a), (self.n.alloca_type, t)],
                );
                self.alloca_props.insert((ty, align), p);
                p
            }
        };
        let op = e.op(m, self.n.alloca, Vec::new(), vec![ptr], Some(props));
        m[op].results[0]
    }

    fn cast_ptr(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        pointee: TypeId,
    ) -> ValueId {
        let to = self.pointer_type(m, pointee);
        let op = e.op(m, self.n.cast, vec![ptr], vec![to], Some(self.bitcast));
        m[op].results[0]
    }

    fn load(&mut self, m: &mut Module, e: &mut Emitter, ptr: ValueId, ty: TypeId) -> ValueId {
        let op = e.op(m, self.n.load, vec![ptr], vec![ty], None);
        m[op].results[0]
    }

    fn store(&mut self, m: &mut Module, e: &mut Emitter, value: ValueId, ptr: ValueId) {
        e.op(m, self.n.store, vec![value, ptr], Vec::new(), None);
    }

    fn load_members(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        _agg: TypeId,
        members: &[(u32, TypeId)],
    ) -> Vec<ValueId> {
        let mut out = Vec::with_capacity(members.len());
        for &(i, t) in members {
            let p = self.member(m, e, ptr, i, t);
            out.push(self.load(m, e, p, t));
        }
        out
    }

    fn store_members(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        _agg: TypeId,
        members: &[(u32, ValueId)],
    ) {
        for &(i, v) in members {
            let t = m[v].ty;
            let p = self.member(m, e, ptr, i, t);
            self.store(m, e, v, p);
        }
    }
}

impl CirAbiRewriteContext {
    /// `cir.get_member` of member `index` (of type `ty`).
    fn member(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        index: u32,
        ty: TypeId,
    ) -> ValueId {
        let to = self.pointer_type(m, ty);
        let props = match self.member_props.get(&index) {
            Some(&p) => p,
            None => {
                let i = self.b.i64_attr(&mut m.ctx, u64::from(index));
                let p = text::dict(&mut m.ctx, vec![(self.n.index, i)]);
                self.member_props.insert(index, p);
                p
            }
        };
        let op = e.op(m, self.n.get_member, vec![ptr], vec![to], Some(props));
        m[op].results[0]
    }
}
