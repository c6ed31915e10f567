//! A direct ABI lowering written for CIR alone: the baseline of `bench
//! abi-lower`'s ratio (design doc §1.1: "performance overhead should remain
//! under 5% compared to a direct, dialect-specific implementation").
//!
//! What it leaves out, against the generic pass (`irkit::abi_lower`): the
//! `AbiRewriteContext` trait objects and the op-role table (it compares op
//! names with interned CIR names), the dialect-neutral plan (`FnPlan`,
//! `Coercion`: it builds CIR types and ops as it goes), the per-dialect
//! lookups, the call/callee signature check through the type mapper (equal
//! types only), the checks for already-lowered functions and module-level
//! error collection. What it keeps: classification by the ABI library on
//! the type mapper's shadow types (a CIR-only lowering must classify too;
//! writing Clang's classifier again for one dialect is what the design
//! avoids, and mapping plus classification are measured apart by the
//! bench), and the same IR it must produce: the bench checks that its
//! printed output is byte-identical to `irkit opt --abi-lower`'s.
//!
//! x86_64 System V only (the modes it produces: Ignore, Extend, Direct with
//! an offset and flattened pairs, byval and sret); other modes are an
//! error.

use irkit::abi_map::AbiTypeMapper;
use irkit_abi::{AbiCx, FnAbi, LlTy, LlTyId, PassMode, Target};
use irkit_ir::{
    AttrData, AttrId, BlockId, Module, OpId, OpSpec, Piece, Sym, TypeData, TypeId, ValueDef,
    ValueId,
};
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
    function_type: Sym,
    arg_attrs: Sym,
    res_attrs: Sym,
    alloca_type: Sym,
    alignment: Sym,
    index: Sym,
    cir: Sym,
    sret: Sym,
    byval: Sym,
    align: Sym,
    signext: Sym,
    zeroext: Sym,
    dead_on_return: Sym,
    lowered: Sym,
}

/// How one source argument is passed.
enum How {
    Ignore,
    Same,
    /// Through memory as `coerced` (one parameter, or one per piece).
    Coerce(Co),
    Indirect {
        align: u64,
    },
}

struct Co {
    coerced: TypeId,
    pieces: Vec<TypeId>,
    slot: TypeId,
    slot_align: u64,
    view: Option<TypeId>,
}

enum Ret {
    Void,
    Dropped(TypeId),
    Same,
    Coerce(TypeId, Co),
    Sret(TypeId, TypeId, u64),
}

struct Plan {
    ret: Ret,
    args: Vec<(TypeId, How)>,
    inputs: Vec<TypeId>,
    results: Vec<TypeId>,
    props: [(Sym, Option<AttrId>); 3],
    unchanged: bool,
}

struct Lower<'a> {
    m: &'a mut Module,
    cx: AbiCx,
    n: Names,
    text: FxHashMap<TypeId, String>,
    ptr_of: FxHashMap<TypeId, TypeId>,
    lowered: FxHashMap<LlTyId, TypeId>,
    alloca_props: FxHashMap<(TypeId, u64), AttrId>,
    member_props: FxHashMap<u32, AttrId>,
    bitcast: AttrId,
    i64: TypeId,
    /// Ops to insert: at a block's start, before and after an op.
    prefix: Vec<(BlockId, Vec<OpId>)>,
    before: FxHashMap<OpId, Vec<OpId>>,
    after: FxHashMap<OpId, Vec<OpId>>,
}

/// Lowers every `cir.func` of `m` and every `cir.call` to one, for
/// `target` (x86_64 System V). Bodies are one block (calls and returns in
/// the entry block), as the bench writes them. Returns the seconds spent
/// in type mapping and classification.
pub fn lower(m: &mut Module, target: Target) -> Result<f64, String> {
    let Some(top) = m.top else { return Ok(0.0) };
    let mut s = |x: &str| m.ctx.sym_str(x);
    let n = Names {
        func: s("cir.func"),
        call: s("cir.call"),
        ret: s("cir.return"),
        alloca: s("cir.alloca"),
        load: s("cir.load"),
        store: s("cir.store"),
        cast: s("cir.cast"),
        get_member: s("cir.get_member"),
        function_type: s("function_type"),
        arg_attrs: s("arg_attrs"),
        res_attrs: s("res_attrs"),
        alloca_type: s("allocaType"),
        alignment: s("alignment"),
        index: s("index"),
        cir: s("cir"),
        sret: s("abi.sret"),
        byval: s("abi.byval"),
        align: s("abi.align"),
        signext: s("abi.signext"),
        zeroext: s("abi.zeroext"),
        dead_on_return: s("abi.dead_on_return"),
        lowered: s("abi.lowered"),
    };
    let kind = m.ctx.sym_str("kind");
    let bc = m.ctx.string_attr(b"bitcast");
    let bitcast = dict(m, vec![(kind, bc)]);
    let i64 = m.ctx.int_type(64);
    let mut l = Lower {
        m,
        cx: AbiCx::new(target),
        n,
        text: FxHashMap::default(),
        ptr_of: FxHashMap::default(),
        lowered: FxHashMap::default(),
        alloca_props: FxHashMap::default(),
        member_props: FxHashMap::default(),
        bitcast,
        i64,
        prefix: Vec::new(),
        before: FxHashMap::default(),
        after: FxHashMap::default(),
    };
    l.run(top)
}

fn dict(m: &mut Module, entries: Vec<(Sym, AttrId)>) -> AttrId {
    match m.ctx.dict_attr(entries) {
        Ok(d) => d,
        Err(_) => m.ctx.empty_dict(),
    }
}

impl Lower<'_> {
    fn run(&mut self, top: OpId) -> Result<f64, String> {
        // Functions: (op, function type, entry block, returns).
        let mut funcs = Vec::new();
        let mut calls = Vec::new();
        let mut by_name: FxHashMap<Sym, TypeId> = FxHashMap::default();
        for &r in self.m[top].regions.iter() {
            for &b in &self.m[r].blocks {
                for &op in &self.m[b].ops {
                    if self.m[op].name != self.n.func {
                        continue;
                    }
                    let props = self.m[op].properties.ok_or("cir.func without properties")?;
                    let (Some(name), Some(fty)) = (
                        self.m.ctx.dict_get(props, b"sym_name"),
                        self.m.ctx.dict_get(props, b"function_type"),
                    ) else {
                        return Err("cir.func without sym_name or function_type".into());
                    };
                    let (AttrData::String { value, .. }, AttrData::Type(fty)) =
                        (self.m.ctx.attr_data(name), self.m.ctx.attr_data(fty))
                    else {
                        return Err("bad cir.func properties".into());
                    };
                    by_name.insert(*value, *fty);
                    let entry = self.m[op]
                        .regions
                        .first()
                        .and_then(|&r| self.m[r].blocks.first().copied());
                    let mut returns = Vec::new();
                    if let Some(e) = entry {
                        for &o in &self.m[e].ops {
                            if self.m[o].name == self.n.ret {
                                returns.push(o);
                            } else if self.m[o].name == self.n.call {
                                calls.push(o);
                            }
                        }
                    }
                    funcs.push((op, *fty, entry, returns));
                }
            }
        }
        // Signatures, classified once per function type.
        let mut sigs: FxHashMap<TypeId, (Vec<TypeId>, Vec<TypeId>)> = FxHashMap::default();
        for &(_, fty, entry, _) in &funcs {
            if let std::collections::hash_map::Entry::Vacant(e) = sigs.entry(fty) {
                e.insert(self.read_fn_type(fty, entry)?);
            }
        }
        let aliases: FxHashMap<String, TypeId> = FxHashMap::default();
        let t0 = std::time::Instant::now();
        let mut abis: Vec<(TypeId, FnAbi)> = Vec::with_capacity(sigs.len());
        {
            let mut mapper = AbiTypeMapper::new(&self.m.ctx, &aliases);
            for (&fty, (inputs, results)) in &sigs {
                let ret = match results.first() {
                    Some(&r) => mapper.map(&mut self.cx, r).map_err(|e| e.to_string())?,
                    None => self.cx.void(),
                };
                let mut args = Vec::with_capacity(inputs.len());
                for &a in inputs {
                    args.push(mapper.map(&mut self.cx, a).map_err(|e| e.to_string())?);
                }
                let sig = irkit_abi::FnSig {
                    ret,
                    args,
                    variadic: None,
                    cc: Default::default(),
                };
                let abi = self.cx.compute_fn_abi(&sig).map_err(|e| e.to_string())?;
                abis.push((fty, abi));
            }
        }
        let classify = t0.elapsed().as_secs_f64();
        let mut plans: FxHashMap<TypeId, Plan> = FxHashMap::default();
        for (fty, abi) in &abis {
            let (inputs, results) = &sigs[fty];
            let plan = self.plan(abi, inputs, results)?;
            plans.insert(*fty, plan);
        }
        for (op, fty, entry, returns) in funcs {
            let plan = &plans[&fty];
            if plan.unchanged {
                continue;
            }
            let props = update_dict(self.m, self.m.ops[op].properties, &plan.props);
            self.m.ops[op].properties = Some(props);
            if let Some(e) = entry {
                self.rewrite_entry(op, e, &returns, plan);
            }
        }
        for call in calls {
            let callee = self.m.ops[call]
                .properties
                .and_then(|p| self.m.ctx.dict_get(p, b"callee"));
            let Some(AttrData::SymbolRef(path)) = callee.map(|c| self.m.ctx.attr_data(c)) else {
                return Err("indirect call".into());
            };
            let root = path.first().ok_or("empty callee")?;
            let fty = *by_name.get(root).ok_or("call to an unknown function")?;
            let plan = &plans[&fty];
            let (inputs, _) = &sigs[&fty];
            let ok = self.m[call].operands.len() == inputs.len()
                && self.m[call]
                    .operands
                    .iter()
                    .zip(inputs)
                    .all(|(&v, &t)| self.m[v].ty == t);
            if !ok {
                return Err("call does not match its callee".into());
            }
            if !plan.unchanged {
                self.rewrite_call(call, plan);
            }
        }
        self.apply();
        let unit = self.m.ctx.unit_attr();
        let mut entries = match self.m.ctx.attr_data(self.m[top].attrs) {
            AttrData::Dict(e) => e.to_vec(),
            _ => Vec::new(),
        };
        entries.push((self.n.lowered, unit));
        self.m.ops[top].attrs = dict(self.m, entries);
        Ok(classify)
    }

    /// The parameter and result types of a `!cir.func<(A, B) -> R>`.
    fn read_fn_type(
        &mut self,
        fty: TypeId,
        entry: Option<BlockId>,
    ) -> Result<(Vec<TypeId>, Vec<TypeId>), String> {
        let spelled = self.spell(fty).to_string();
        let inner = spelled
            .strip_prefix("!cir.func<(")
            .and_then(|s| s.strip_suffix('>'))
            .ok_or("not a !cir.func type")?;
        // The parameter list ends at the `)` that closes it.
        let b = inner.as_bytes();
        let (mut depth, mut close, mut starts) = (0i32, None, vec![0usize]);
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'<' | b'(' | b'{' | b'[' => depth += 1,
                b'>' if i > 0 && b[i - 1] == b'-' => {}
                b'>' | b'}' | b']' => depth -= 1,
                b')' if depth == 0 => {
                    close = Some(i);
                    break;
                }
                b')' => depth -= 1,
                b',' if depth == 0 => starts.push(i + 1),
                b'"' => {
                    i += 1;
                    while i < b.len() && b[i] != b'"' {
                        i += usize::from(b[i] == b'\\') + 1;
                    }
                }
                _ => {}
            }
            i += 1;
        }
        let close = close.ok_or("unclosed parameter list")?;
        let mut inputs = Vec::new();
        if !inner[..close].trim().is_empty() {
            let entry_types: Vec<TypeId> = match entry {
                Some(e) => self.m[e].args.iter().map(|&v| self.m[v].ty).collect(),
                None => Vec::new(),
            };
            for (k, &s) in starts.iter().enumerate() {
                let end = starts.get(k + 1).map_or(close, |&n| n - 1);
                let part = inner[s..end].trim();
                match entry_types.get(k) {
                    Some(&t) if self.spell(t) == part => inputs.push(t),
                    _ => inputs.push(self.cir_type(part)),
                }
            }
        }
        let rest = inner[close + 1..].trim();
        let mut results = Vec::new();
        if let Some(r) = rest.strip_prefix("->") {
            let r = r.trim();
            if r != "!cir.void" {
                results.push(self.cir_type(r));
            }
        }
        Ok((inputs, results))
    }

    fn spell(&mut self, ty: TypeId) -> &str {
        let ctx = &self.m.ctx;
        self.text.entry(ty).or_insert_with(|| {
            if let TypeData::Dialect { dialect, body } = ctx.type_data(ty) {
                if let [Piece::Text(t)] = body.as_ref() {
                    return format!("!{}{}", ctx.str(*dialect), ctx.str(*t));
                }
            }
            irkit_ir::printer::type_to_string(ctx, ty)
        })
    }

    /// The CIR type spelled `text` (`!cir.…`).
    fn cir_type(&mut self, text: &str) -> TypeId {
        let body = text.strip_prefix("!cir").unwrap_or(text);
        let b = self.m.ctx.sym_str(body);
        self.m.ctx.ty(TypeData::Dialect {
            dialect: self.n.cir,
            body: Box::new([Piece::Text(b)]),
        })
    }

    fn ptr(&mut self, pointee: TypeId) -> TypeId {
        if let Some(&t) = self.ptr_of.get(&pointee) {
            return t;
        }
        let s = format!("!cir.ptr<{}>", self.spell(pointee));
        let t = self.cir_type(&s);
        self.ptr_of.insert(pointee, t);
        t
    }

    /// The CIR type of an LLVM coerced type.
    fn ll_type(&mut self, ty: LlTyId) -> TypeId {
        if let Some(&t) = self.lowered.get(&ty) {
            return t;
        }
        let mut s = String::new();
        ll_text(&self.cx.ll, ty, &mut s);
        let t = self.cir_type(&s);
        self.lowered.insert(ty, t);
        t
    }

    fn int_attr(&mut self, n: u64) -> AttrId {
        self.m.ctx.attr(AttrData::Integer {
            ty: self.i64,
            words: Box::new([n]),
        })
    }

    fn unit_dict(&mut self, key: Sym) -> AttrId {
        let unit = self.m.ctx.unit_attr();
        dict(self.m, vec![(key, unit)])
    }

    /// Memory reinterpretation of a value of `orig` (shadow `shadow`) as `ll`.
    fn coerce(
        &mut self,
        shadow: irkit_abi::TypeId,
        orig: TypeId,
        ll: LlTyId,
        offset: u32,
        split: bool,
    ) -> Co {
        let coerced = self.ll_type(ll);
        let pieces = match (&self.cx.ll[ll], split) {
            (LlTy::Struct { elems, .. }, true) => {
                let elems = elems.to_vec();
                elems.into_iter().map(|e| self.ll_type(e)).collect()
            }
            _ => Vec::new(),
        };
        let layout = self.cx.layout(shadow);
        let (view, size, align) = if offset == 0 {
            (None, self.cx.ll.alloc_size(ll), self.cx.ll.abi_align(ll))
        } else {
            let pad = self.cx.ll.byte_array(u64::from(offset));
            let w = self.cx.ll.intern(LlTy::Struct {
                elems: Box::new([pad, ll]),
                packed: false,
            });
            (
                Some(self.ll_type(w)),
                self.cx.ll.alloc_size(w),
                self.cx.ll.abi_align(w),
            )
        };
        Co {
            coerced,
            pieces,
            slot: if size > layout.size {
                view.unwrap_or(coerced)
            } else {
                orig
            },
            slot_align: layout.align.max(align),
            view,
        }
    }

    fn keeps(&self, shadow: irkit_abi::TypeId, ll: LlTyId, offset: u32) -> bool {
        use irkit_abi::Type;
        matches!(
            self.cx.types()[shadow],
            Type::Bool | Type::Int { .. } | Type::Float(_) | Type::Ptr | Type::Vector { .. }
        ) && offset == 0
            && self.cx.ll_type(shadow) == ll
    }

    fn plan(&mut self, abi: &FnAbi, inputs: &[TypeId], results: &[TypeId]) -> Result<Plan, String> {
        let empty = self.m.ctx.empty_dict();
        let mut new_inputs = Vec::with_capacity(inputs.len() + 1);
        let mut new_results = Vec::new();
        let mut arg_attrs: Vec<AttrId> = Vec::new();
        let mut res_attrs = None;
        let unsupported = |what: &str| Err(format!("direct CIR lowering: no {what} (x86_64 only)"));
        if abi.ret.inreg || abi.args.iter().any(|a| a.inreg || a.padding.is_some()) {
            return unsupported("inreg or padding");
        }
        let ret = match results.first() {
            None => Ret::Void,
            Some(&orig) => match abi.ret.mode {
                PassMode::Ignore => Ret::Dropped(orig),
                PassMode::Extend { signed, .. } => {
                    new_results.push(orig);
                    let k = if signed {
                        self.n.signext
                    } else {
                        self.n.zeroext
                    };
                    res_attrs = Some(self.unit_dict(k));
                    Ret::Same
                }
                PassMode::Direct { ty, offset, .. } => {
                    if self.keeps(abi.ret.ty, ty, offset) {
                        new_results.push(orig);
                        Ret::Same
                    } else {
                        let c = self.coerce(abi.ret.ty, orig, ty, offset, false);
                        new_results.push(c.coerced);
                        Ret::Coerce(orig, c)
                    }
                }
                PassMode::Indirect { align, .. } => {
                    let p = self.ptr(orig);
                    new_inputs.push(p);
                    let t = self.m.ctx.attr(AttrData::Type(orig));
                    let a = self.int_attr(align);
                    arg_attrs.push(dict(self.m, vec![(self.n.sret, t), (self.n.align, a)]));
                    Ret::Sret(orig, p, align)
                }
                PassMode::Expand { .. } | PassMode::CoerceAndExpand { .. } => {
                    return unsupported("Expand or CoerceAndExpand")
                }
            },
        };
        let mut args = Vec::with_capacity(inputs.len());
        for (arg, &orig) in abi.args.iter().zip(inputs) {
            let how = match arg.mode {
                PassMode::Ignore => How::Ignore,
                PassMode::Extend { signed, .. } => {
                    new_inputs.push(orig);
                    let k = if signed {
                        self.n.signext
                    } else {
                        self.n.zeroext
                    };
                    arg_attrs.push(self.unit_dict(k));
                    How::Same
                }
                PassMode::Direct {
                    ty,
                    offset,
                    flatten,
                    align_stack,
                } => {
                    if align_stack.is_some() || arg.noext {
                        return unsupported("alignstack or noext");
                    }
                    if self.keeps(arg.ty, ty, offset) {
                        new_inputs.push(orig);
                        arg_attrs.push(empty);
                        How::Same
                    } else {
                        let split = flatten
                            && matches!(&self.cx.ll[ty], LlTy::Struct { elems, .. } if elems.len() > 1);
                        let c = self.coerce(arg.ty, orig, ty, offset, split);
                        if c.pieces.is_empty() {
                            new_inputs.push(c.coerced);
                            arg_attrs.push(empty);
                        } else {
                            for &p in &c.pieces {
                                new_inputs.push(p);
                                arg_attrs.push(empty);
                            }
                        }
                        How::Coerce(c)
                    }
                }
                PassMode::Indirect { align, byval, .. } => {
                    let p = self.ptr(orig);
                    new_inputs.push(p);
                    let d = if byval {
                        let t = self.m.ctx.attr(AttrData::Type(orig));
                        let a = self.int_attr(align);
                        dict(self.m, vec![(self.n.byval, t), (self.n.align, a)])
                    } else if self.cx.target().clang.dead_on_return() {
                        self.unit_dict(self.n.dead_on_return)
                    } else {
                        empty
                    };
                    arg_attrs.push(d);
                    How::Indirect { align }
                }
                PassMode::Expand { .. } | PassMode::CoerceAndExpand { .. } => {
                    return unsupported("Expand or CoerceAndExpand")
                }
            };
            args.push((orig, how));
        }
        // The lowered `!cir.func<...>`.
        let mut s = String::from("!cir.func<(");
        for (i, &t) in new_inputs.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            let t = self.spell(t).to_string();
            s.push_str(&t);
        }
        s.push(')');
        if let Some(&r) = new_results.first() {
            s.push_str(" -> ");
            let r = self.spell(r).to_string();
            s.push_str(&r);
        }
        s.push('>');
        let fty = self.cir_type(&s);
        let fty = self.m.ctx.attr(AttrData::Type(fty));
        let arg_prop = if arg_attrs.iter().all(|&d| d == empty) {
            None
        } else {
            Some(self.m.ctx.attr(AttrData::Array(arg_attrs.into())))
        };
        let res_prop = res_attrs.map(|d| self.m.ctx.attr(AttrData::Array(Box::new([d]))));
        let unchanged = arg_prop.is_none()
            && res_prop.is_none()
            && matches!(ret, Ret::Void | Ret::Same)
            && args.iter().all(|(_, h)| matches!(h, How::Same));
        Ok(Plan {
            ret,
            args,
            inputs: new_inputs,
            results: new_results,
            props: [
                (self.n.function_type, Some(fty)),
                (self.n.arg_attrs, arg_prop),
                (self.n.res_attrs, res_prop),
            ],
            unchanged,
        })
    }

    // CIR ops, appended to `ops`.

    fn op(
        &mut self,
        ops: &mut Vec<OpId>,
        loc: AttrId,
        name: Sym,
        operands: Vec<ValueId>,
        results: Vec<TypeId>,
        properties: Option<AttrId>,
    ) -> OpId {
        let attrs = self.m.ctx.empty_dict();
        let op = self.m.create_op(OpSpec {
            name,
            operands,
            result_types: results,
            successors: Vec::new(),
            num_regions: 0,
            properties,
            attrs,
            loc,
        });
        ops.push(op);
        op
    }

    fn alloca(&mut self, ops: &mut Vec<OpId>, loc: AttrId, ty: TypeId, align: u64) -> ValueId {
        let p = self.ptr(ty);
        let props = match self.alloca_props.get(&(ty, align)) {
            Some(&p) => p,
            None => {
                let t = self.m.ctx.attr(AttrData::Type(ty));
                let a = self.int_attr(align);
                let d = dict(self.m, vec![(self.n.alignment, a), (self.n.alloca_type, t)]);
                self.alloca_props.insert((ty, align), d);
                d
            }
        };
        let op = self.op(ops, loc, self.n.alloca, Vec::new(), vec![p], Some(props));
        self.m[op].results[0]
    }

    fn cast(
        &mut self,
        ops: &mut Vec<OpId>,
        loc: AttrId,
        ptr: ValueId,
        from: TypeId,
        to: TypeId,
    ) -> ValueId {
        if from == to {
            return ptr;
        }
        let t = self.ptr(to);
        let op = self.op(
            ops,
            loc,
            self.n.cast,
            vec![ptr],
            vec![t],
            Some(self.bitcast),
        );
        self.m[op].results[0]
    }

    fn load(&mut self, ops: &mut Vec<OpId>, loc: AttrId, ptr: ValueId, ty: TypeId) -> ValueId {
        let op = self.op(ops, loc, self.n.load, vec![ptr], vec![ty], None);
        self.m[op].results[0]
    }

    fn store(&mut self, ops: &mut Vec<OpId>, loc: AttrId, v: ValueId, ptr: ValueId) {
        self.op(ops, loc, self.n.store, vec![v, ptr], Vec::new(), None);
    }

    fn member(
        &mut self,
        ops: &mut Vec<OpId>,
        loc: AttrId,
        ptr: ValueId,
        index: u32,
        ty: TypeId,
    ) -> ValueId {
        let to = self.ptr(ty);
        let props = match self.member_props.get(&index) {
            Some(&p) => p,
            None => {
                let i = self.int_attr(u64::from(index));
                let p = dict(self.m, vec![(self.n.index, i)]);
                self.member_props.insert(index, p);
                p
            }
        };
        let op = self.op(
            ops,
            loc,
            self.n.get_member,
            vec![ptr],
            vec![to],
            Some(props),
        );
        self.m[op].results[0]
    }

    /// A value of `orig` rebuilt from the coerced parameters `params`.
    fn rebuild(
        &mut self,
        ops: &mut Vec<OpId>,
        loc: AttrId,
        c: &Co,
        orig: TypeId,
        params: &[ValueId],
    ) -> ValueId {
        let slot = self.alloca(ops, loc, c.slot, c.slot_align);
        match c.view {
            Some(view) => {
                let p = self.cast(ops, loc, slot, c.slot, view);
                for &v in params {
                    let t = self.m[v].ty;
                    let q = self.member(ops, loc, p, 1, t);
                    self.store(ops, loc, v, q);
                }
            }
            None => {
                let p = self.cast(ops, loc, slot, c.slot, c.coerced);
                if c.pieces.is_empty() {
                    if let Some(&v) = params.first() {
                        self.store(ops, loc, v, p);
                    }
                } else {
                    for (i, &v) in params.iter().enumerate() {
                        let t = self.m[v].ty;
                        let q = self.member(ops, loc, p, i as u32, t);
                        self.store(ops, loc, v, q);
                    }
                }
            }
        }
        let p = self.cast(ops, loc, slot, c.slot, orig);
        self.load(ops, loc, p, orig)
    }

    /// The coerced values of `value` (of `orig`).
    fn coerced_values(
        &mut self,
        ops: &mut Vec<OpId>,
        loc: AttrId,
        c: &Co,
        orig: TypeId,
        value: ValueId,
        out: &mut Vec<ValueId>,
    ) {
        let slot = self.alloca(ops, loc, c.slot, c.slot_align);
        let p = self.cast(ops, loc, slot, c.slot, orig);
        self.store(ops, loc, value, p);
        match c.view {
            Some(view) => {
                let p = self.cast(ops, loc, slot, c.slot, view);
                let q = self.member(ops, loc, p, 1, c.coerced);
                out.push(self.load(ops, loc, q, c.coerced));
            }
            None => {
                let p = self.cast(ops, loc, slot, c.slot, c.coerced);
                if c.pieces.is_empty() {
                    out.push(self.load(ops, loc, p, c.coerced));
                } else {
                    for (i, &t) in c.pieces.iter().enumerate() {
                        let q = self.member(ops, loc, p, i as u32, t);
                        out.push(self.load(ops, loc, q, t));
                    }
                }
            }
        }
    }

    fn fresh(&mut self, args: &mut Vec<ValueId>, ty: TypeId) -> ValueId {
        let v = self.m.new_detached_value(ty);
        args.push(v);
        v
    }

    fn rewrite_entry(&mut self, func: OpId, entry: BlockId, returns: &[OpId], plan: &Plan) {
        let loc = self.m[func].loc;
        let mut ops = Vec::new();
        let old_args = std::mem::take(&mut self.m.blocks[entry].args);
        let mut new_args = Vec::with_capacity(plan.inputs.len());
        let sret = match plan.ret {
            Ret::Sret(_, p, _) => Some(self.fresh(&mut new_args, p)),
            _ => None,
        };
        for ((orig, how), &old) in plan.args.iter().zip(old_args.iter()) {
            let orig = *orig;
            let value = match how {
                How::Same => {
                    new_args.push(old);
                    continue;
                }
                How::Ignore => {
                    if self.m[old].uses.is_empty() {
                        None
                    } else {
                        let s = self.alloca(&mut ops, loc, orig, 1);
                        Some(self.load(&mut ops, loc, s, orig))
                    }
                }
                How::Indirect { .. } => {
                    let pt = self.ptr(orig);
                    let p = self.fresh(&mut new_args, pt);
                    Some(self.load(&mut ops, loc, p, orig))
                }
                How::Coerce(c) => {
                    let mut params = Vec::with_capacity(c.pieces.len().max(1));
                    if c.pieces.is_empty() {
                        params.push(self.fresh(&mut new_args, c.coerced));
                    } else {
                        for &t in &c.pieces {
                            params.push(self.fresh(&mut new_args, t));
                        }
                    }
                    Some(self.rebuild(&mut ops, loc, c, orig, &params))
                }
            };
            if let Some(v) = value {
                self.m.replace_all_uses(old, v);
            }
            self.m.values[old].def = ValueDef::Detached;
        }
        for (i, &v) in new_args.iter().enumerate() {
            self.m.values[v].def = ValueDef::BlockArg {
                block: entry,
                index: i as u32,
            };
        }
        self.m.blocks[entry].args = new_args;
        if !ops.is_empty() {
            self.prefix.push((entry, ops));
        }
        for &r in returns {
            let loc = self.m[r].loc;
            let Some(v) = self.m[r].operands.first().copied() else {
                continue;
            };
            let mut ops = Vec::new();
            let new_operands = match &plan.ret {
                Ret::Void | Ret::Same => continue,
                Ret::Dropped(_) => Vec::new(),
                Ret::Sret(..) => {
                    if let Some(p) = sret {
                        self.store(&mut ops, loc, v, p);
                    }
                    Vec::new()
                }
                Ret::Coerce(orig, c) => {
                    let mut out = Vec::new();
                    self.coerced_values(&mut ops, loc, c, *orig, v, &mut out);
                    out
                }
            };
            self.m.set_operands(r, new_operands);
            if !ops.is_empty() {
                self.before.insert(r, ops);
            }
        }
    }

    fn rewrite_call(&mut self, call: OpId, plan: &Plan) {
        let loc = self.m[call].loc;
        let (mut before, mut after) = (Vec::new(), Vec::new());
        let args = self.m[call].operands.to_vec();
        let mut new_ops = Vec::with_capacity(plan.inputs.len());
        let sret_slot = match plan.ret {
            Ret::Sret(orig, _, align) => {
                let s = self.alloca(&mut before, loc, orig, align);
                new_ops.push(s);
                Some(s)
            }
            _ => None,
        };
        for ((orig, how), &v) in plan.args.iter().zip(args.iter()) {
            match how {
                How::Ignore => {}
                How::Same => new_ops.push(v),
                How::Indirect { align } => {
                    let s = self.alloca(&mut before, loc, *orig, *align);
                    self.store(&mut before, loc, v, s);
                    new_ops.push(s);
                }
                How::Coerce(c) => self.coerced_values(&mut before, loc, c, *orig, v, &mut new_ops),
            }
        }
        self.m.set_operands(call, new_ops);
        let old_results = self.m[call].results.to_vec();
        let new_results: Vec<ValueId> = plan
            .results
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let v = self.m.new_detached_value(t);
                self.m.values[v].def = ValueDef::Result {
                    op: call,
                    index: i as u32,
                };
                v
            })
            .collect();
        let replacement = match (&plan.ret, old_results.first()) {
            (_, None) | (Ret::Void, _) => None,
            (Ret::Same, Some(_)) => new_results.first().copied(),
            (Ret::Dropped(orig), Some(&old)) => {
                if self.m[old].uses.is_empty() {
                    None
                } else {
                    let s = self.alloca(&mut after, loc, *orig, 1);
                    Some(self.load(&mut after, loc, s, *orig))
                }
            }
            (Ret::Sret(orig, ..), Some(_)) => {
                sret_slot.map(|s| self.load(&mut after, loc, s, *orig))
            }
            (Ret::Coerce(orig, c), Some(_)) => new_results
                .first()
                .map(|&r| self.rebuild(&mut after, loc, c, *orig, &[r])),
        };
        for (i, &old) in old_results.iter().enumerate() {
            if let (0, Some(r)) = (i, replacement) {
                self.m.replace_all_uses(old, r);
            }
            self.m.values[old].def = ValueDef::Detached;
        }
        self.m.ops[call].results = new_results.into();
        if !before.is_empty() {
            self.before.insert(call, before);
        }
        if !after.is_empty() {
            self.after.insert(call, after);
        }
    }

    /// Splices the new ops into their blocks, one pass per touched block.
    fn apply(&mut self) {
        let mut blocks: FxHashMap<BlockId, Vec<OpId>> = FxHashMap::default();
        for (b, ops) in std::mem::take(&mut self.prefix) {
            blocks.entry(b).or_default().extend(ops);
        }
        for &anchor in self.before.keys().chain(self.after.keys()) {
            if let Some(b) = self.m.ops[anchor].parent {
                blocks.entry(b).or_default();
            }
        }
        for (b, prefix) in blocks {
            let old = std::mem::take(&mut self.m.blocks[b].ops);
            let mut ops = Vec::with_capacity(old.len() + prefix.len() + 8);
            let mut added = prefix.clone();
            ops.extend(prefix);
            for op in old {
                if let Some(v) = self.before.remove(&op) {
                    added.extend_from_slice(&v);
                    ops.extend(v);
                }
                ops.push(op);
                if let Some(v) = self.after.remove(&op) {
                    added.extend_from_slice(&v);
                    ops.extend(v);
                }
            }
            for op in added {
                self.m.ops[op].parent = Some(b);
            }
            self.m.blocks[b].ops = ops;
        }
    }
}

/// Replaces (or removes) entries of a property dictionary.
fn update_dict(m: &mut Module, d: Option<AttrId>, set: &[(Sym, Option<AttrId>)]) -> AttrId {
    let mut entries: Vec<(Sym, AttrId)> = match d.map(|d| m.ctx.attr_data(d)) {
        Some(AttrData::Dict(e)) => e.to_vec(),
        _ => Vec::new(),
    };
    for &(k, v) in set {
        entries.retain(|(x, _)| *x != k);
        if let Some(v) = v {
            entries.push((k, v));
        }
    }
    dict(m, entries)
}

/// The CIR spelling of an LLVM type (coerced integers are unsigned).
fn ll_text(ll: &irkit_abi::LlTypes, ty: LlTyId, out: &mut String) {
    match &ll[ty] {
        LlTy::Void => out.push_str("!cir.void"),
        LlTy::Int(n) => {
            let _ = write!(out, "!cir.int<u, {n}>");
        }
        LlTy::Half => out.push_str("!cir.f16"),
        LlTy::Float => out.push_str("!cir.float"),
        LlTy::Double => out.push_str("!cir.double"),
        LlTy::X86Fp80 => out.push_str("!cir.long_double<!cir.f80>"),
        LlTy::Fp128 | LlTy::PpcFp128 => out.push_str("!cir.f128"),
        LlTy::Ptr => out.push_str("!cir.ptr<!cir.void>"),
        LlTy::Vector(n, e) => {
            out.push_str("!cir.vector<");
            ll_text(ll, *e, out);
            let _ = write!(out, " x {n}>");
        }
        LlTy::Array(n, e) => {
            out.push_str("!cir.array<");
            ll_text(ll, *e, out);
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
                ll_text(ll, *e, out);
            }
            out.push_str("}>");
        }
    }
}
