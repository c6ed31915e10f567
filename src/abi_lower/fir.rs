//! `FirAbiRewriteContext`: the FIR-like dialect's half of the ABI pass, for
//! calling C from Fortran with the C calling convention (cdecl).
//!
//! Ops read: `func.func` (builtin `function_type`), `fir.call` and
//! `func.call` (`callee`; a `fir.call` without one is indirect),
//! `func.return`. Ops created (generic syntax):
//!
//! | primitive | op |
//! |---|---|
//! | alloca | `"fir.alloca"() <{in_type = T}> : () -> !fir.ref<T>` |
//! | pointer cast | `"fir.convert"(%p) : (!fir.ref<A>) -> !fir.ref<B>` |
//! | load / store | `"fir.load"(%p)`, `"fir.store"(%v, %p)` |
//! | member access | load the aggregate, `"fir.extract_value"(%a) <{coor = [I : index]}>`; `"fir.insert_value"` then store |
//!
//! Coerced types: `iN` is the builtin `iN`, floats are `f16`/`f32`/`f64`/
//! `f80`/`f128`, `<N x T>` is `vector<NxT>`, `[N x T]` is `!fir.array<NxT>`,
//! a struct is `tuple<...>`, `ptr` is `!fir.ref<i8>`.
//!
//! `fir.alloca` has no alignment property: slots get the type's natural
//! alignment from the later FIR-to-LLVM lowering.
//!
//! Ops are read through the typed wrappers generated from `Func.td` and
//! `FIR.td` ([`crate::ops`]), and created under the names those carry.

use super::text::{self, OpBuilder, TypeText};
use super::{AbiRewriteContext, CallInfo, Emitter, FuncInfo, OpRole};
use crate::ops;
use irkit_abi::{LlTy, LlTyId, LlTypes};
use irkit_ir::{AttrData, Context, FloatKind, Module, OpId, Sym, TypeData, TypeId, ValueId};
use rustc_hash::FxHashMap;

struct Names {
    func: Sym,
    fir_call: Sym,
    func_call: Sym,
    ret: Sym,
    alloca: Sym,
    load: Sym,
    store: Sym,
    convert: Sym,
    extract: Sym,
    insert: Sym,
    in_type: Sym,
    coor: Sym,
}

/// The FIR rewrite context.
pub struct FirAbiRewriteContext {
    n: Names,
    b: OpBuilder,
    text: TypeText,
    lowered: FxHashMap<LlTyId, TypeId>,
    ptr_of: FxHashMap<TypeId, TypeId>,
    alloca_props: FxHashMap<TypeId, irkit_ir::AttrId>,
    coor_props: FxHashMap<u32, irkit_ir::AttrId>,
}

impl FirAbiRewriteContext {
    pub fn new(ctx: &mut Context) -> Self {
        let mut s = |x: &str| ctx.sym_str(x);
        let n = Names {
            func: s(ops::func::FuncOp::NAME),
            fir_call: s(ops::fir::CallOp::NAME),
            func_call: s(ops::func::CallOp::NAME),
            ret: s(ops::func::ReturnOp::NAME),
            alloca: s(ops::fir::AllocaOp::NAME),
            load: s(ops::fir::LoadOp::NAME),
            store: s(ops::fir::StoreOp::NAME),
            convert: s(ops::fir::ConvertOp::NAME),
            extract: s(ops::fir::ExtractValueOp::NAME),
            insert: s(ops::fir::InsertValueOp::NAME),
            in_type: s("in_type"),
            coor: s("coor"),
        };
        FirAbiRewriteContext {
            n,
            b: OpBuilder::new(ctx),
            text: TypeText::default(),
            lowered: FxHashMap::default(),
            ptr_of: FxHashMap::default(),
            alloca_props: FxHashMap::default(),
            coor_props: FxHashMap::default(),
        }
    }

    /// `{coor = [index : index]}`.
    fn coor(&mut self, m: &mut Module, index: u32) -> irkit_ir::AttrId {
        if let Some(&d) = self.coor_props.get(&index) {
            return d;
        }
        let i = self.b.index_attr(&mut m.ctx, u64::from(index));
        let c = m.ctx.attr(AttrData::Array(Box::new([i])));
        let d = text::dict(&mut m.ctx, vec![(self.n.coor, c)]);
        self.coor_props.insert(index, d);
        d
    }
}

impl AbiRewriteContext for FirAbiRewriteContext {
    fn dialect(&self) -> &'static str {
        "fir"
    }

    fn roles(&self) -> Vec<(Sym, OpRole)> {
        vec![
            (self.n.func, OpRole::Function),
            (self.n.fir_call, OpRole::Call),
            (self.n.func_call, OpRole::Call),
            (self.n.ret, OpRole::Return),
        ]
    }

    fn function_info(&mut self, m: &mut Module, op: OpId) -> Result<FuncInfo, String> {
        // FIR functions are `func.func`: the wrapper generated from Func.td.
        let func = ops::func::FuncOp(op);
        let name = func
            .sym_name(m)
            .ok_or("needs a string property 'sym_name'")?;
        let fty = func
            .function_type(m)
            .ok_or("needs a type property 'function_type'")?;
        let TypeData::Function { inputs, results } = m.ctx.type_data(fty) else {
            return Err("'function_type' must be a builtin function type".to_string());
        };
        let arg_attrs = func.arg_attrs_attr(m);
        Ok(FuncInfo {
            name,
            inputs: inputs.to_vec(),
            results: results.to_vec(),
            entry: text::entry_block(m, op),
            arg_attrs,
            ty: fty,
            // Fortran cannot declare a variadic interface; a FIR function
            // type has no `...`.
            variadic: false,
        })
    }

    fn call_info(&self, m: &Module, op: OpId) -> Result<CallInfo, String> {
        // `fir.call` takes a symbol reference (its root names the callee);
        // `func.call` a flat one.
        let callee = if ops::fir::CallOp::matches(m, op) {
            ops::fir::CallOp(op)
                .callee(m)
                .and_then(|path| path.first().copied())
        } else {
            ops::func::CallOp(op).callee(m)
        };
        Ok(CallInfo {
            callee,
            args_start: if callee.is_some() { 0 } else { 1 },
        })
    }

    fn lowered_type(&mut self, m: &mut Module, ll: &LlTypes, ty: LlTyId) -> TypeId {
        if let Some(&t) = self.lowered.get(&ty) {
            return t;
        }
        let t = match &ll[ty] {
            LlTy::Void => m.ctx.ty(TypeData::None),
            LlTy::Int(n) => m.ctx.int_type(*n),
            LlTy::Half => m.ctx.float_type(FloatKind::F16),
            LlTy::Float => m.ctx.float_type(FloatKind::F32),
            LlTy::Double => m.ctx.float_type(FloatKind::F64),
            LlTy::X86Fp80 => m.ctx.float_type(FloatKind::F80),
            LlTy::Fp128 => m.ctx.float_type(FloatKind::F128),
            LlTy::Ptr => {
                let i8t = m.ctx.int_type(8);
                self.pointer_type(m, i8t)
            }
            LlTy::Vector(n, e) => {
                let elem = self.lowered_type(m, ll, *e);
                m.ctx.ty(TypeData::Vector {
                    shape: Box::new([i64::from(*n)]),
                    scalable: Box::new([false]),
                    elem,
                })
            }
            LlTy::Array(n, e) => {
                let elem = self.lowered_type(m, ll, *e);
                let body = format!(".array<{n}x{}>", self.text.get(&m.ctx, elem));
                text::dialect_type(&mut m.ctx, "fir", &body)
            }
            LlTy::Struct { elems, .. } => {
                let elems = elems.to_vec();
                let ts: Vec<TypeId> = elems
                    .into_iter()
                    .map(|e| self.lowered_type(m, ll, e))
                    .collect();
                m.ctx.ty(TypeData::Tuple(ts.into()))
            }
        };
        self.lowered.insert(ty, t);
        t
    }

    fn pointer_type(&mut self, m: &mut Module, pointee: TypeId) -> TypeId {
        if let Some(&t) = self.ptr_of.get(&pointee) {
            return t;
        }
        let body = format!(".ref<{}>", self.text.get(&m.ctx, pointee));
        let t = text::dialect_type(&mut m.ctx, "fir", &body);
        self.ptr_of.insert(pointee, t);
        t
    }

    fn function_type(
        &mut self,
        m: &mut Module,
        inputs: &[TypeId],
        results: &[TypeId],
        _variadic: bool,
    ) -> TypeId {
        m.ctx.function_type(inputs, results)
    }

    fn alloca(&mut self, m: &mut Module, e: &mut Emitter, ty: TypeId, _align: u64) -> ValueId {
        let ptr = self.pointer_type(m, ty);
        let props = match self.alloca_props.get(&ty) {
            Some(&p) => p,
            None => {
                let t = m.ctx.attr(AttrData::Type(ty));
                let p = text::dict(&mut m.ctx, vec![(self.n.in_type, t)]);
                self.alloca_props.insert(ty, p);
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
        let op = e.op(m, self.n.convert, vec![ptr], vec![to], None);
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
        agg: TypeId,
        members: &[(u32, TypeId)],
    ) -> Vec<ValueId> {
        let whole = self.load(m, e, ptr, agg);
        let mut out = Vec::with_capacity(members.len());
        for &(i, t) in members {
            let c = self.coor(m, i);
            let op = e.op(m, self.n.extract, vec![whole], vec![t], Some(c));
            out.push(m[op].results[0]);
        }
        out
    }

    fn store_members(
        &mut self,
        m: &mut Module,
        e: &mut Emitter,
        ptr: ValueId,
        agg: TypeId,
        members: &[(u32, ValueId)],
    ) {
        let mut whole = self.load(m, e, ptr, agg);
        for &(i, v) in members {
            let c = self.coor(m, i);
            let op = e.op(m, self.n.insert, vec![whole, v], vec![agg], Some(c));
            whole = m[op].results[0];
        }
        self.store(m, e, whole, ptr);
    }
}
