//! Printer for the generic syntax, byte-identical to
//! `mlir-opt-19 --allow-unregistered-dialect --mlir-print-op-generic`.
//!
//! Printing runs in two passes like MLIR's `AsmPrinter`: an alias pass walks
//! the IR in print order to decide which attributes/types get `#alias` /
//! `!alias` names (and in which order they are defined), then the print pass
//! writes the text. SSA values are numbered with MLIR's region stack order.

use crate::context::{
    AttrData, AttrId, Context, DenseData, FloatKind, LocData, Piece, Signedness, TypeData, TypeId,
};
use crate::dialect::DialectRegistry;
use crate::float::format_float;
use crate::ir::{BlockId, Module, OpId, RegionId, ValueDef, ValueId};
use crate::registry;
use la_arena::ArenaMap;
use rustc_hash::FxHashMap;

/// Printing options (a config struct, not booleans).
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print `loc(...)` on ops and block arguments (`--mlir-print-debuginfo`).
    pub debug_info: bool,
}

/// Prints the whole module (aliases, top op, deferred aliases, resources).
pub fn print_module(m: &Module, opts: PrintOptions) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = print_module_to(m, opts, &mut out);
    out
}

/// Streams the printed module to `sink` (flushed in chunks, so the whole
/// text is never held in memory).
pub fn print_module_to(
    m: &Module,
    opts: PrintOptions,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut p = Printer::new(m, opts);
    p.sink = Some(sink);
    let Some(top) = m.top else {
        return Ok(());
    };
    p.number(top);
    p.print_document(top)
}

/// Streams the module in the custom syntax, as `mlir-opt-19` prints by
/// default: ops of `reg` with a custom syntax print in it, the others (and
/// unregistered ops) generic; values are numbered per region with
/// result-name hints.
pub fn print_module_custom_to(
    m: &Module,
    opts: PrintOptions,
    reg: &DialectRegistry,
    sink: &mut dyn std::io::Write,
) -> std::io::Result<()> {
    let mut p = Printer::new(m, opts);
    p.sink = Some(sink);
    p.reg = Some(reg);
    p.dialect_stack.push("builtin");
    let Some(top) = m.top else {
        return Ok(());
    };
    p.number_custom(top);
    p.print_document(top)
}

/// The custom syntax into a buffer (see [`print_module_custom_to`]).
pub fn print_module_custom(m: &Module, opts: PrintOptions, reg: &DialectRegistry) -> Vec<u8> {
    let mut out = Vec::new();
    // Writing into a Vec cannot fail.
    let _ = print_module_custom_to(m, opts, reg, &mut out);
    out
}

/// A type as MLIR prints it with no aliases (for diagnostics).
pub fn type_to_string(ctx: &Context, t: TypeId) -> String {
    let m = Module::new(Context::new());
    let mut p = Printer::bare(ctx, &m);
    p.print_type(t);
    String::from_utf8_lossy(&p.out).into_owned()
}

/// An attribute as MLIR prints it with no aliases (for diagnostics).
/// The parameters of MLIR 19's LLVM attributes (LLVMAttrDefs.td) whose
/// declared type is a concrete attribute class, by (attribute, parameter):
/// the class's mnemonic. Arrays and interface-typed parameters
/// (`DIScopeAttr`, `DITypeAttr`, `DINodeAttr`) are not listed.
const CONCRETE_PARAMS: &[(&str, &str, &str)] = &[
    (".alias_scope", "domain", ".alias_scope_domain"),
    (".di_compile_unit", "file", ".di_file"),
    (".di_composite_type", "allocated", ".di_expression"),
    (".di_composite_type", "associated", ".di_expression"),
    (".di_composite_type", "dataLocation", ".di_expression"),
    (".di_composite_type", "file", ".di_file"),
    (".di_composite_type", "rank", ".di_expression"),
    (".di_global_variable", "file", ".di_file"),
    (".di_global_variable_expression", "expr", ".di_expression"),
    (
        ".di_global_variable_expression",
        "var",
        ".di_global_variable",
    ),
    (".di_label", "file", ".di_file"),
    (".di_lexical_block", "file", ".di_file"),
    (".di_lexical_block_file", "file", ".di_file"),
    (".di_local_variable", "file", ".di_file"),
    (".di_module", "file", ".di_file"),
    (".di_string_type", "stringLengthExp", ".di_expression"),
    (".di_string_type", "stringLocationExp", ".di_expression"),
    (".di_subprogram", "compileUnit", ".di_compile_unit"),
    (".di_subprogram", "file", ".di_file"),
    (".di_subprogram", "type", ".di_subroutine_type"),
    (".loop_annotation", "distribute", ".loop_distribute"),
    (".loop_annotation", "interleave", ".loop_interleave"),
    (".loop_annotation", "licm", ".loop_licm"),
    (".loop_annotation", "peeled", ".loop_peeled"),
    (".loop_annotation", "pipeline", ".loop_pipeline"),
    (".loop_annotation", "unroll", ".loop_unroll"),
    (".loop_annotation", "unrollAndJam", ".loop_unroll_and_jam"),
    (".loop_annotation", "unswitch", ".loop_unswitch"),
    (".loop_annotation", "vectorize", ".loop_vectorize"),
    (".loop_distribute", "followupAll", ".loop_annotation"),
    (".loop_distribute", "followupCoincident", ".loop_annotation"),
    (".loop_distribute", "followupFallback", ".loop_annotation"),
    (".loop_distribute", "followupSequential", ".loop_annotation"),
    (".loop_unroll", "followupAll", ".loop_annotation"),
    (".loop_unroll", "followupRemainder", ".loop_annotation"),
    (".loop_unroll", "followupUnrolled", ".loop_annotation"),
    (".loop_unroll_and_jam", "followupAll", ".loop_annotation"),
    (".loop_unroll_and_jam", "followupInner", ".loop_annotation"),
    (".loop_unroll_and_jam", "followupOuter", ".loop_annotation"),
    (
        ".loop_unroll_and_jam",
        "followupRemainderInner",
        ".loop_annotation",
    ),
    (
        ".loop_unroll_and_jam",
        "followupRemainderOuter",
        ".loop_annotation",
    ),
    (".loop_vectorize", "followupAll", ".loop_annotation"),
    (".loop_vectorize", "followupEpilogue", ".loop_annotation"),
    (".loop_vectorize", "followupVectorized", ".loop_annotation"),
    (".tbaa_tag", "access_type", ".tbaa_type_desc"),
    (".tbaa_tag", "base_type", ".tbaa_type_desc"),
];

/// The concrete class's mnemonic when the text before an attribute piece
/// (`prev`, ending in `name = `) names a concrete parameter of `outer`.
fn concrete_param(outer: &[u8], prev: &[u8]) -> Option<&'static [u8]> {
    if outer.is_empty() {
        return None;
    }
    let head = prev.strip_suffix(b" = ")?;
    let start = head
        .iter()
        .rposition(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
        .map_or(0, |i| i + 1);
    let name = &head[start..];
    CONCRETE_PARAMS
        .iter()
        .find(|(o, n, _)| o.as_bytes() == outer && n.as_bytes() == name)
        .map(|(_, _, m)| m.as_bytes())
}

pub fn attr_to_string(ctx: &Context, a: AttrId) -> String {
    let m = Module::new(Context::new());
    let mut p = Printer::bare(ctx, &m);
    p.print_attr(a, Elide::Never);
    String::from_utf8_lossy(&p.out).into_owned()
}

/// An attribute as a type parameter prints it (a memref's memory space:
/// `3`, not `3 : i64`).
pub fn type_param_to_string(ctx: &Context, a: AttrId) -> String {
    let m = Module::new(Context::new());
    let mut p = Printer::bare(ctx, &m);
    p.print_attr(a, Elide::May);
    String::from_utf8_lossy(&p.out).into_owned()
}

/// The flags of MLIR's `printRegion`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RegionStyle {
    /// Print the entry block's header when it has arguments.
    pub entry_args: bool,
    /// Print the block terminators (false: omit the entry block's last op
    /// when it is a terminator).
    pub terminators: bool,
    /// Print the entry block's header when the block is empty.
    pub empty_block_header: bool,
}

impl RegionStyle {
    pub const GENERIC: RegionStyle = RegionStyle {
        entry_args: true,
        terminators: true,
        empty_block_header: true,
    };
    pub const CUSTOM: RegionStyle = RegionStyle {
        entry_args: true,
        terminators: true,
        empty_block_header: false,
    };
}

#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Elide {
    Never,
    May,
    Must,
}

#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Sym {
    A(AttrId),
    T(TypeId),
}

#[derive(Debug)]
struct AliasInfo {
    sym: Sym,
    name: Option<&'static str>,
    /// Dialect-provided names are owned (mnemonics).
    dyn_name: Option<Vec<u8>>,
    depth: u32,
    is_type: bool,
    deferrable: bool,
    children: Vec<usize>,
}

pub(crate) struct Printer<'m> {
    pub(crate) registered_ops: FxHashMap<crate::context::Sym, bool>,
    pub(crate) sink: Option<&'m mut dyn std::io::Write>,
    pub(crate) io_error: Option<std::io::Error>,
    pub(crate) ctx: &'m Context,
    pub(crate) m: &'m Module,
    pub(crate) opts: PrintOptions,
    pub(crate) out: Vec<u8>,
    /// Value -> number; high bit set for entry-block arguments (`%argN`).
    pub(crate) names: ArenaMap<ValueId, u32>,
    pub(crate) block_ids: ArenaMap<BlockId, u32>,
    alias_infos: Vec<AliasInfo>,
    pub(crate) alias_index: FxHashMap<Sym, usize>,
    /// Final alias text per symbol.
    pub(crate) alias_names: FxHashMap<Sym, Vec<u8>>,
    /// Sorted alias order: (sym, deferrable).
    pub(crate) alias_order: Vec<(Sym, bool)>,
    pub(crate) distinct_ids: FxHashMap<AttrId, u64>,
    pub(crate) type_cache: Vec<Option<Box<[u8]>>>,
    /// Custom mode: the op definitions whose custom syntax is printed
    /// (`None`: everything prints generic).
    pub(crate) reg: Option<&'m DialectRegistry>,
    /// Custom mode: names from result-name hints (`%c0_i32`), by value.
    pub(crate) hints: FxHashMap<ValueId, Box<[u8]>>,
    /// Custom mode: the default dialect of each enclosing region.
    pub(crate) dialect_stack: Vec<&'m str>,
    /// Custom mode: op definitions by op name.
    pub(crate) def_cache: FxHashMap<crate::context::Sym, Option<&'m crate::dialect::OpDef>>,
    /// Custom mode: the attributes a definition's format prints itself
    /// (`asm::print::used_attrs`), by the definition's address.
    pub(crate) used_cache: FxHashMap<usize, std::rc::Rc<[u32]>>,
    /// Custom mode: whether a value is its attribute definition's default
    /// (the definition's address, the value).
    pub(crate) default_cache: FxHashMap<(usize, AttrId), bool>,
}

pub(crate) const ARG_BIT: u32 = 1 << 31;

impl<'m> Printer<'m> {
    /// The MLIR release whose syntax is printed: the registry's, else the
    /// default.
    pub(crate) fn release(&self) -> crate::dialect::MlirRelease {
        self.reg.map_or_else(Default::default, |r| r.release())
    }

    fn new(m: &'m Module, opts: PrintOptions) -> Printer<'m> {
        Printer {
            registered_ops: FxHashMap::default(),
            sink: None,
            io_error: None,
            ctx: &m.ctx,
            m,
            opts,
            out: Vec::with_capacity(1 << 16),
            names: ArenaMap::default(),
            block_ids: ArenaMap::default(),
            alias_infos: Vec::new(),
            alias_index: FxHashMap::default(),
            alias_names: FxHashMap::default(),
            alias_order: Vec::new(),
            distinct_ids: FxHashMap::default(),
            type_cache: vec![None; m.ctx.num_types()],
            reg: None,
            hints: FxHashMap::default(),
            dialect_stack: Vec::new(),
            def_cache: FxHashMap::default(),
            used_cache: FxHashMap::default(),
            default_cache: FxHashMap::default(),
        }
    }
    fn bare(ctx: &'m Context, m: &'m Module) -> Printer<'m> {
        Printer {
            registered_ops: FxHashMap::default(),
            sink: None,
            io_error: None,
            ctx,
            m,
            opts: PrintOptions::default(),
            out: Vec::new(),
            names: ArenaMap::default(),
            block_ids: ArenaMap::default(),
            alias_infos: Vec::new(),
            alias_index: FxHashMap::default(),
            alias_names: FxHashMap::default(),
            alias_order: Vec::new(),
            distinct_ids: FxHashMap::default(),
            type_cache: Vec::new(),
            reg: None,
            hints: FxHashMap::default(),
            dialect_stack: Vec::new(),
            def_cache: FxHashMap::default(),
            used_cache: FxHashMap::default(),
            default_cache: FxHashMap::default(),
        }
    }

    // ------------------------------------------------------------ numbering

    fn number(&mut self, top: OpId) {
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        let mut stack: Vec<RegionId> = Vec::new();
        let m = self.m;
        for &r in m.ops[top].regions.iter() {
            stack.push(r);
        }
        for &v in m.ops[top].results.iter() {
            self.names.insert(v, next_value);
            next_value += 1;
        }
        if !m.ops[top].results.is_empty() {
            next_value = next_value + 1 - m.ops[top].results.len() as u32;
        }
        while let Some(r) = stack.pop() {
            for (bi, &b) in m.regions[r].blocks.iter().enumerate() {
                self.block_ids.insert(b, bi as u32);
                let entry = bi == 0;
                for &a in &m.blocks[b].args {
                    if entry {
                        self.names.insert(a, next_arg | ARG_BIT);
                        next_arg += 1;
                    } else {
                        self.names.insert(a, next_value);
                        next_value += 1;
                    }
                }
                for &op in &m.blocks[b].ops {
                    let res = &m.ops[op].results;
                    if let Some(&first) = res.first() {
                        // All results share the first one's number.
                        self.names.insert(first, next_value);
                        next_value += 1;
                    }
                }
            }
            for &b in &m.regions[r].blocks {
                for &op in &m.blocks[b].ops {
                    for &nr in m.ops[op].regions.iter() {
                        stack.push(nr);
                    }
                }
            }
        }
    }

    pub(crate) fn print_value(&mut self, v: ValueId) {
        let m = self.m;
        let (lookup, result_no) = match m.values[v].def {
            ValueDef::Result { op, index } => {
                let res = &m.ops[op].results;
                if res.len() == 1 {
                    (v, None)
                } else if self.hints.is_empty() {
                    (res[0], Some(index))
                } else {
                    // Custom mode: the group this result belongs to starts
                    // at the last named result before it.
                    let i = index as usize;
                    let start = (1..=i)
                        .rev()
                        .find(|&j| self.hints.contains_key(&res[j]))
                        .unwrap_or(0);
                    let end = (i + 1..res.len())
                        .find(|&j| self.hints.contains_key(&res[j]))
                        .unwrap_or(res.len());
                    let no = (end - start > 1).then_some((i - start) as u32);
                    (res[start], no)
                }
            }
            _ => (v, None),
        };
        if let Some(h) = self.hints.get(&lookup) {
            self.out.push(b'%');
            self.out.extend_from_slice(h);
            if let Some(i) = result_no {
                self.out.push(b'#');
                push_u64(&mut self.out, i as u64);
            }
            return;
        }
        match self.names.get(lookup) {
            Some(&n) if n & ARG_BIT != 0 => {
                self.out.extend_from_slice(b"%arg");
                push_u64(&mut self.out, (n & !ARG_BIT) as u64);
            }
            Some(&n) => {
                self.out.push(b'%');
                push_u64(&mut self.out, n as u64);
            }
            None => self.out.extend_from_slice(b"<<UNKNOWN SSA VALUE>>"),
        }
        if let Some(i) = result_no {
            self.out.push(b'#');
            push_u64(&mut self.out, i as u64);
        }
    }

    pub(crate) fn print_value_no_result_number(&mut self, v: ValueId) {
        if let Some(h) = self.hints.get(&v) {
            self.out.push(b'%');
            self.out.extend_from_slice(h);
            return;
        }
        match self.names.get(v) {
            Some(&n) => {
                self.out.push(b'%');
                push_u64(&mut self.out, n as u64);
            }
            None => self.out.extend_from_slice(b"<<UNKNOWN SSA VALUE>>"),
        }
    }

    pub(crate) fn print_block_name(&mut self, b: BlockId) {
        match self.block_ids.get(b) {
            Some(&n) => {
                self.out.extend_from_slice(b"^bb");
                push_u64(&mut self.out, n as u64);
            }
            None => self.out.extend_from_slice(b"INVALIDBLOCK"),
        }
    }

    // -------------------------------------------------------------- aliases

    fn compute_aliases(&mut self, top: OpId) {
        // Iterative pre-order walk in print order. Each op contributes, in
        // order: its location, its regions (block arg types, nested ops), its
        // operand types, result types, then its attributes.
        enum Item {
            Op(OpId),
            OpTail(OpId),
        }
        let m = self.m;
        let mut stack = vec![Item::Op(top)];
        while let Some(it) = stack.pop() {
            match it {
                Item::Op(op) => {
                    if self.opts.debug_info {
                        self.visit(Sym::A(m.ops[op].loc), true);
                    }
                    stack.push(Item::OpTail(op));
                    let mut blocks: Vec<BlockId> = Vec::new();
                    for &r in m.ops[op].regions.iter() {
                        blocks.extend(m.regions[r].blocks.iter().copied());
                    }
                    // Push in reverse so that the first block is processed first.
                    for &b in blocks.iter().rev() {
                        for &o in m.blocks[b].ops.iter().rev() {
                            stack.push(Item::Op(o));
                        }
                        stack.push(Item::OpTail(block_marker(b)));
                    }
                }
                Item::OpTail(op) => {
                    if let Some(b) = decode_block_marker(op) {
                        for &a in &m.blocks[b].args {
                            self.visit(Sym::T(m.values[a].ty), false);
                            if self.opts.debug_info {
                                self.visit(Sym::A(m.values[a].loc), false);
                            }
                        }
                        continue;
                    }
                    let d = &m.ops[op];
                    for &v in d.operands.iter() {
                        self.visit(Sym::T(m.values[v].ty), false);
                    }
                    for &v in d.results.iter() {
                        self.visit(Sym::T(m.values[v].ty), false);
                    }
                    let ctx = self.ctx;
                    let registered = *self.registered_ops.entry(d.name).or_insert_with(|| {
                        registry::is_registered_dialect(registry::op_dialect(ctx.bytes(d.name)))
                    });
                    let props = if registered { d.properties } else { None };
                    // In custom form, an attribute a hand-written syntax
                    // prints inline (not as an attribute) gets no alias.
                    let inline: &[&[u8]] = match self.reg {
                        Some(_) => crate::asm::custom::inline_attrs(self.ctx.bytes(d.name)),
                        None => &[],
                    };
                    let mut entries: Vec<(crate::context::Sym, AttrId)> = Vec::new();
                    match props.map(|p| self.ctx.attr_data(p)) {
                        Some(AttrData::Dict(pe)) if !pe.is_empty() => {
                            if let AttrData::Dict(e) = self.ctx.attr_data(d.attrs) {
                                entries.extend(e.iter().copied());
                            }
                            entries.extend(pe.iter().copied());
                            let ctx = self.ctx;
                            entries.sort_by(|a, b| ctx.bytes(a.0).cmp(ctx.bytes(b.0)));
                        }
                        _ => {
                            if let AttrData::Dict(e) = self.ctx.attr_data(d.attrs) {
                                for &(k, a) in e.iter() {
                                    if !inline.contains(&self.ctx.bytes(k)) {
                                        self.visit(Sym::A(a), false);
                                    }
                                }
                            }
                        }
                    }
                    for (k, a) in entries {
                        if !inline.contains(&self.ctx.bytes(k)) {
                            self.visit(Sym::A(a), false);
                        }
                    }
                }
            }
        }
        // Sort and name.
        let mut order: Vec<usize> = (0..self.alias_infos.len()).collect();
        let infos = &self.alias_infos;
        order.sort_by(|&a, &b| {
            let (x, y) = (&infos[a], &infos[b]);
            x.depth
                .cmp(&y.depth)
                .then_with(|| y.is_type.cmp(&x.is_type))
                .then_with(|| alias_base(x).cmp(alias_base(y)))
        });
        let mut counts: FxHashMap<Vec<u8>, u32> = FxHashMap::default();
        for i in order {
            let info = &self.alias_infos[i];
            let base = alias_base(info);
            if base.is_empty() {
                continue;
            }
            let base = sanitize_alias(base);
            let n = counts.entry(base.clone()).or_insert(0);
            let mut name = Vec::with_capacity(base.len() + 4);
            name.push(if info.is_type { b'!' } else { b'#' });
            name.extend_from_slice(&base);
            if *n > 0 {
                push_u64(&mut name, *n as u64);
            }
            *n += 1;
            self.alias_names.insert(info.sym, name);
            self.alias_order.push((info.sym, info.deferrable));
        }
    }

    /// Visits an attribute/type; returns (depth, index).
    fn visit(&mut self, s: Sym, deferrable: bool) -> (u32, usize) {
        if let Some(&i) = self.alias_index.get(&s) {
            if !deferrable {
                self.mark_non_deferrable(i);
            }
            return (self.alias_infos[i].depth, i);
        }
        let idx = self.alias_infos.len();
        let (name, dyn_name) = self.alias_name_for(s);
        let has = name.is_some() || dyn_name.is_some();
        self.alias_infos.push(AliasInfo {
            sym: s,
            name,
            dyn_name,
            depth: u32::from(has),
            is_type: matches!(s, Sym::T(_)),
            deferrable,
            children: Vec::new(),
        });
        self.alias_index.insert(s, idx);
        let mut children = Vec::new();
        let max = self.visit_children(s, deferrable, &mut children);
        let info = &mut self.alias_infos[idx];
        info.children = children;
        if max > 0 {
            info.depth = max + 1;
        }
        (info.depth, idx)
    }

    fn mark_non_deferrable(&mut self, i: usize) {
        // Most visits find the entry already marked: no stack for those.
        if !self.alias_infos[i].deferrable {
            return;
        }
        let mut stack = vec![i];
        while let Some(i) = stack.pop() {
            if !self.alias_infos[i].deferrable {
                continue;
            }
            self.alias_infos[i].deferrable = false;
            stack.extend(self.alias_infos[i].children.iter().copied());
        }
    }

    fn alias_name_for(&self, s: Sym) -> (Option<&'static str>, Option<Vec<u8>>) {
        match s {
            Sym::T(t) => match self.ctx.type_data(t) {
                TypeData::Tuple(e) if e.len() > 16 => (Some("tuple"), None),
                _ => (None, None),
            },
            Sym::A(a) => match self.ctx.attr_data(a) {
                AttrData::AffineMap(_) => (Some("map"), None),
                AttrData::IntegerSet(_) => (Some("set"), None),
                AttrData::Loc(_) => (Some("loc"), None),
                AttrData::Distinct { .. } => (Some("distinct"), None),
                AttrData::Dialect { dialect, body } => {
                    let Some(Piece::Text(t)) = body.first() else {
                        return (None, None);
                    };
                    let t = self.ctx.bytes(*t);
                    let Some(rest) = t.strip_prefix(b".") else {
                        return (None, None);
                    };
                    let end = rest.iter().position(|&c| c == b'<').unwrap_or(rest.len());
                    match registry::dialect_attr_alias(self.ctx.bytes(*dialect), &rest[..end]) {
                        Some(n) => (Some(n), None),
                        None => (None, None),
                    }
                }
                _ => (None, None),
            },
        }
    }

    /// Visits nested elements in print order; returns the max child depth.
    fn visit_children(&mut self, s: Sym, deferrable: bool, children: &mut Vec<usize>) -> u32 {
        let ctx = self.ctx;
        let mut max = 0u32;
        let mut rec = |p: &mut Self, c: Sym, children: &mut Vec<usize>| {
            let (d, i) = p.visit(c, deferrable);
            children.push(i);
            max = max.max(d);
        };
        match s {
            Sym::T(t) => match ctx.type_data(t) {
                TypeData::Integer { .. }
                | TypeData::Index
                | TypeData::Float(_)
                | TypeData::None
                | TypeData::Token => {}
                TypeData::Complex(e) => rec(self, Sym::T(*e), children),
                TypeData::Tuple(es) => {
                    for &e in es.iter() {
                        rec(self, Sym::T(e), children);
                    }
                }
                TypeData::Vector { elem, .. } | TypeData::UnrankedTensor { elem } => {
                    rec(self, Sym::T(*elem), children)
                }
                TypeData::RankedTensor { elem, encoding, .. } => {
                    rec(self, Sym::T(*elem), children);
                    if let Some(e) = encoding {
                        rec(self, Sym::A(*e), children);
                    }
                }
                TypeData::MemRef {
                    elem,
                    layout,
                    space,
                    ..
                } => {
                    rec(self, Sym::T(*elem), children);
                    if let Some(l) = layout {
                        rec(self, Sym::A(*l), children);
                    }
                    if let Some(sp) = space {
                        rec(self, Sym::A(*sp), children);
                    }
                }
                TypeData::UnrankedMemRef { elem, space } => {
                    rec(self, Sym::T(*elem), children);
                    if let Some(sp) = space {
                        rec(self, Sym::A(*sp), children);
                    }
                }
                TypeData::Function { inputs, results } => {
                    for &e in inputs.iter().chain(results.iter()) {
                        rec(self, Sym::T(e), children);
                    }
                }
                TypeData::Dialect { dialect, body } => {
                    if registry::is_registered_dialect(ctx.bytes(*dialect)) {
                        return self.visit_pieces(body, deferrable, children);
                    }
                }
            },
            Sym::A(a) => match ctx.attr_data(a) {
                AttrData::Unit
                | AttrData::Integer { .. }
                | AttrData::Float { .. }
                | AttrData::AffineMap(_)
                | AttrData::IntegerSet(_)
                | AttrData::DenseArray { .. } => {}
                AttrData::Distinct { referenced, .. } => {
                    rec(self, Sym::A(*referenced), children);
                }
                AttrData::Dict(es) => {
                    for &(_, v) in es.iter() {
                        rec(self, Sym::A(v), children);
                    }
                }
                AttrData::Array(es) => {
                    for &v in es.iter() {
                        rec(self, Sym::A(v), children);
                    }
                }
                AttrData::Type(t) => rec(self, Sym::T(*t), children),
                AttrData::String { ty, .. } => {
                    if let Some(t) = ty {
                        if !matches!(ctx.type_data(*t), TypeData::None) {
                            rec(self, Sym::T(*t), children);
                        }
                    }
                }
                AttrData::SymbolRef(_) | AttrData::Strided(_) => {}
                AttrData::Dense { ty, .. }
                | AttrData::DenseResource { ty, .. }
                | AttrData::Sparse { ty, .. } => {
                    rec(self, Sym::T(*ty), children);
                }
                AttrData::Dialect { dialect, body } => {
                    if registry::is_registered_dialect(ctx.bytes(*dialect)) {
                        return self.visit_pieces(body, deferrable, children);
                    }
                }
                AttrData::Loc(l) => match l {
                    LocData::Unknown | LocData::FileLineCol { .. } => {}
                    LocData::Name { child, .. } => {
                        if !matches!(ctx.attr_data(*child), AttrData::Loc(LocData::Unknown)) {
                            rec(self, Sym::A(*child), children);
                        }
                    }
                    LocData::CallSite { callee, caller } => {
                        rec(self, Sym::A(*callee), children);
                        rec(self, Sym::A(*caller), children);
                    }
                    LocData::Fused { metadata, locs } => {
                        if let Some(md) = metadata {
                            rec(self, Sym::A(*md), children);
                        }
                        for &l in locs.iter() {
                            rec(self, Sym::A(l), children);
                        }
                    }
                },
            },
        }
        max
    }

    /// Nested references inside a registered dialect body. Each nested `<..>`
    /// group counts as one (unaliased) attribute level for depth purposes.
    fn visit_pieces(&mut self, body: &[Piece], deferrable: bool, children: &mut Vec<usize>) -> u32 {
        // Stack of max depths per open group.
        let mut stack: Vec<u32> = vec![0];
        for p in body {
            match p {
                Piece::Text(_) => {}
                Piece::Open => stack.push(0),
                Piece::Close => {
                    let d = stack.pop().unwrap_or(0);
                    let lifted = if d > 0 { d + 1 } else { 0 };
                    if let Some(top) = stack.last_mut() {
                        *top = (*top).max(lifted);
                    }
                }
                Piece::Attr(a) => {
                    let (d, i) = self.visit(Sym::A(*a), deferrable);
                    children.push(i);
                    if let Some(top) = stack.last_mut() {
                        *top = (*top).max(d);
                    }
                }
                Piece::Type(t) => {
                    let (d, i) = self.visit(Sym::T(*t), deferrable);
                    children.push(i);
                    if let Some(top) = stack.last_mut() {
                        *top = (*top).max(d);
                    }
                }
            }
        }
        while stack.len() > 1 {
            let d = stack.pop().unwrap_or(0);
            let lifted = if d > 0 { d + 1 } else { 0 };
            if let Some(top) = stack.last_mut() {
                *top = (*top).max(lifted);
            }
        }
        stack[0]
    }

    /// Everything after value numbering, the same in both syntaxes: the
    /// aliases, the top op, deferred aliases, resources, and the final
    /// newline mlir-opt ends its output with; then the flush.
    fn print_document(&mut self, top: OpId) -> std::io::Result<()> {
        self.compute_aliases(top);
        self.print_opaque_alias_refs();
        self.print_aliases(false);
        self.print_op(top, 0);
        self.out.push(b'\n');
        self.print_aliases(true);
        self.print_resources();
        self.out.push(b'\n');
        self.flush(true);
        match self.io_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// The input's type alias definitions that opaque dialect bodies still
    /// name (`!cir.ptr<!s32i>` keeps `!s32i` as text), in definition order,
    /// so that the output parses again. mlir-opt drops them (its output of
    /// such input does not parse); an input without such references prints
    /// exactly as mlir-opt prints it.
    fn print_opaque_alias_refs(&mut self) {
        let m = self.m;
        if m.type_aliases.is_empty() {
            return;
        }
        let ctx = self.ctx;
        let mut named: rustc_hash::FxHashSet<&[u8]> = rustc_hash::FxHashSet::default();
        // The names in the opaque bodies of what is printed, then, to a
        // fixed point, in the definitions of the aliases so named. What is
        // printed: what `compute_aliases` reached, plus the properties of
        // unregistered ops, which MLIR's alias walk skips; those are walked
        // by a scratch printer so that this printer's aliases stay MLIR's.
        let mut scratch = Printer::new(m, self.opts);
        for (_, d) in m.ops.iter() {
            if let Some(p) = d.properties {
                scratch.visit(Sym::A(p), false);
            }
        }
        for info in self.alias_infos.iter().chain(scratch.alias_infos.iter()) {
            let body = match info.sym {
                Sym::T(t) => match ctx.type_data(t) {
                    TypeData::Dialect { body, .. } => body,
                    _ => continue,
                },
                Sym::A(a) => match ctx.attr_data(a) {
                    AttrData::Dialect { body, .. } => body,
                    _ => continue,
                },
            };
            alias_names_in(ctx, body, &mut named);
        }
        let mut printed = vec![false; m.type_aliases.len()];
        loop {
            let mut grew = false;
            for (k, &(name, t)) in m.type_aliases.iter().enumerate() {
                if printed[k] || !named.contains(ctx.bytes(name)) {
                    continue;
                }
                printed[k] = true;
                grew = true;
                if let TypeData::Dialect { body, .. } = ctx.type_data(t) {
                    alias_names_in(ctx, body, &mut named);
                }
            }
            if !grew {
                break;
            }
        }
        for (k, &(name, t)) in m.type_aliases.iter().enumerate() {
            if printed[k] {
                self.out.push(b'!');
                self.out.extend_from_slice(ctx.bytes(name));
                self.out.extend_from_slice(b" = ");
                self.print_type_impl(t);
                self.out.push(b'\n');
            }
        }
    }

    fn print_aliases(&mut self, deferred: bool) {
        let order = std::mem::take(&mut self.alias_order);
        for &(s, _) in &order {
            let i = self.alias_index[&s];
            if self.alias_infos[i].deferrable != deferred {
                continue;
            }
            let name = self.alias_names[&s].clone();
            self.out.extend_from_slice(&name);
            self.out.extend_from_slice(b" = ");
            match s {
                Sym::A(a) => self.print_attr_impl(a, Elide::Never),
                Sym::T(t) => self.print_type_impl(t),
            }
            self.out.push(b'\n');
        }
        self.alias_order = order;
    }

    fn print_resources(&mut self) {
        if self.m.resources.is_empty() {
            return;
        }
        self.out
            .extend_from_slice(b"\n{-#\n  dialect_resources: {\n");
        let n = self.m.resources.len();
        for (i, (d, entries)) in self.m.resources.iter().enumerate() {
            self.out.extend_from_slice(b"    ");
            self.out.extend_from_slice(self.ctx.bytes(*d));
            self.out.extend_from_slice(b": {\n");
            for (j, (k, v)) in entries.iter().enumerate() {
                self.out.extend_from_slice(b"      ");
                self.out.extend_from_slice(self.ctx.bytes(*k));
                self.out.extend_from_slice(b": ");
                self.out.extend_from_slice(self.ctx.bytes(*v));
                if j + 1 < entries.len() {
                    self.out.push(b',');
                }
                self.out.push(b'\n');
            }
            self.out.extend_from_slice(b"    }");
            if i + 1 < n {
                self.out.push(b',');
            }
            self.out.push(b'\n');
        }
        self.out.extend_from_slice(b"  }\n#-}\n");
    }

    // ------------------------------------------------------------------- ops

    pub(crate) fn indent(&mut self, n: usize) {
        self.out.resize(self.out.len() + n, b' ');
    }

    pub(crate) fn print_op(&mut self, op: OpId, indent: usize) {
        // Explicit recursion on regions; depth is bounded by the parser.
        if self.reg.is_some() && self.print_custom_op(op, indent) {
            return;
        }
        let m = self.m;
        self.indent(indent);
        let d = &m.ops[op];
        if let Some(&first) = d.results.first() {
            self.print_value_no_result_number(first);
            if d.results.len() > 1 {
                self.out.push(b':');
                push_u64(&mut self.out, d.results.len() as u64);
            }
            self.out.extend_from_slice(b" = ");
        }
        self.print_escaped(self.ctx.bytes(d.name));
        self.out.push(b'(');
        for (i, &v) in d.operands.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_value(v);
        }
        self.out.push(b')');
        if !d.successors.is_empty() {
            self.out.push(b'[');
            for (i, &b) in d.successors.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(b", ");
                }
                self.print_block_name(b);
            }
            self.out.push(b']');
        }
        if let Some(p) = d.properties {
            self.out.extend_from_slice(b" <");
            self.print_attr(p, Elide::Never);
            self.out.push(b'>');
        }
        if !d.regions.is_empty() {
            self.out.extend_from_slice(b" (");
            for (i, &r) in d.regions.iter().enumerate() {
                if i > 0 {
                    self.out.extend_from_slice(b", ");
                }
                self.print_region(r, indent);
            }
            self.out.push(b')');
        }
        if let AttrData::Dict(e) = self.ctx.attr_data(d.attrs) {
            if !e.is_empty() {
                self.out.push(b' ');
                self.print_attr_impl(d.attrs, Elide::Never);
            }
        }
        self.out.extend_from_slice(b" : (");
        for (i, &v) in d.operands.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_type(m.values[v].ty);
        }
        self.out.extend_from_slice(b") -> ");
        let wrap = d.results.len() != 1
            || matches!(
                self.ctx.type_data(m.values[d.results[0]].ty),
                TypeData::Function { .. }
            );
        if wrap {
            self.out.push(b'(');
        }
        for (i, &v) in d.results.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_type(m.values[v].ty);
        }
        if wrap {
            self.out.push(b')');
        }
        if self.opts.debug_info {
            self.out.extend_from_slice(b" loc(");
            let l = d.loc;
            if !self.print_alias(Sym::A(l)) {
                self.print_loc_internal(l, true);
            }
            self.out.push(b')');
        }
    }

    pub(crate) fn print_region(&mut self, r: RegionId, indent: usize) {
        self.print_region_with(r, indent, RegionStyle::GENERIC);
    }

    /// Prints a region as MLIR's `printRegion` with the given flags; in
    /// custom mode the parent op's default dialect applies inside.
    pub(crate) fn print_region_with(&mut self, r: RegionId, indent: usize, style: RegionStyle) {
        let m = self.m;
        self.out.extend_from_slice(b"{\n");
        let blocks = &m.regions[r].blocks;
        if let Some(&entry) = blocks.first() {
            let custom = self.reg.is_some();
            if custom {
                let d = self.default_dialect_of(r);
                self.dialect_stack.push(d);
            }
            let eb = &m.blocks[entry];
            let header = (style.empty_block_header && eb.ops.is_empty())
                || (style.entry_args && !eb.args.is_empty());
            // Predecessor map for this region.
            let preds = self.predecessors(r);
            self.print_block(entry, header, indent, &preds, style.terminators);
            for &b in &blocks[1..] {
                self.print_block(b, true, indent, &preds, true);
            }
            if custom {
                self.dialect_stack.pop();
            }
        }
        self.indent(indent);
        self.out.push(b'}');
    }

    pub(crate) fn predecessors(&self, r: RegionId) -> FxHashMap<BlockId, Vec<u32>> {
        let m = self.m;
        let mut preds: FxHashMap<BlockId, Vec<u32>> = FxHashMap::default();
        for &b in &m.regions[r].blocks {
            let bid = self.block_ids.get(b).copied().unwrap_or(0);
            for &op in &m.blocks[b].ops {
                for &s in m.ops[op].successors.iter() {
                    preds.entry(s).or_default().push(bid);
                }
            }
        }
        preds
    }

    pub(crate) fn print_block(
        &mut self,
        b: BlockId,
        header: bool,
        indent: usize,
        preds: &FxHashMap<BlockId, Vec<u32>>,
        terminator: bool,
    ) {
        let m = self.m;
        if header {
            self.indent(indent);
            self.print_block_name(b);
            let args = &m.blocks[b].args;
            if !args.is_empty() {
                self.out.push(b'(');
                for (i, &a) in args.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_value(a);
                    self.out.extend_from_slice(b": ");
                    self.print_type(m.values[a].ty);
                    if self.opts.debug_info {
                        self.out.extend_from_slice(b" loc(");
                        self.print_loc_internal(m.values[a].loc, true);
                        self.out.push(b')');
                    }
                }
                self.out.push(b')');
            }
            self.out.push(b':');
            let is_entry = self.block_ids.get(b).copied() == Some(0);
            match preds.get(&b) {
                None => {
                    if !is_entry {
                        self.out.extend_from_slice(b"  // no predecessors");
                    }
                }
                Some(p) if p.len() == 1 => {
                    self.out.extend_from_slice(b"  // pred: ^bb");
                    push_u64(&mut self.out, p[0] as u64);
                }
                Some(p) => {
                    let mut p = p.clone();
                    p.sort_unstable();
                    self.out.extend_from_slice(b"  // ");
                    push_u64(&mut self.out, p.len() as u64);
                    self.out.extend_from_slice(b" preds: ");
                    for (i, id) in p.iter().enumerate() {
                        if i > 0 {
                            self.out.extend_from_slice(b", ");
                        }
                        self.out.extend_from_slice(b"^bb");
                        push_u64(&mut self.out, *id as u64);
                    }
                }
            }
            self.out.push(b'\n');
        }
        let ops = &m.blocks[b].ops;
        let ops = match ops.split_last() {
            Some((&last, rest)) if !terminator && self.is_terminator(last) => rest,
            _ => &ops[..],
        };
        for &op in ops {
            self.print_op(op, indent + 2);
            self.out.push(b'\n');
            self.flush(false);
        }
    }

    /// Hands buffered output to the sink once it is large (or at the end).
    pub(crate) fn flush(&mut self, force: bool) {
        if !force && self.out.len() < (1 << 20) {
            return;
        }
        if let Some(sink) = self.sink.as_mut() {
            if self.io_error.is_none() {
                if let Err(e) = sink.write_all(&self.out) {
                    self.io_error = Some(e);
                }
            }
            self.out.clear();
        }
    }

    // ------------------------------------------------------------ attributes

    pub(crate) fn print_alias(&mut self, s: Sym) -> bool {
        if let Some(n) = self.alias_names.get(&s) {
            self.out.extend_from_slice(n);
            return true;
        }
        false
    }

    pub(crate) fn print_attr(&mut self, a: AttrId, elide: Elide) {
        if self.print_alias(Sym::A(a)) {
            return;
        }
        self.print_attr_impl(a, elide);
    }

    pub(crate) fn print_attr_impl(&mut self, a: AttrId, elide: Elide) {
        let ctx = self.ctx;
        let typed: Option<TypeId> = match ctx.attr_data(a) {
            AttrData::Unit => {
                self.out.extend_from_slice(b"unit");
                return;
            }
            AttrData::Integer { ty, words } => {
                match ctx.type_data(*ty) {
                    TypeData::Integer {
                        width: 1,
                        signedness: Signedness::Signless,
                    } => {
                        self.out.extend_from_slice(
                            if words.first().copied().unwrap_or(0) & 1 == 1 {
                                b"true"
                            } else {
                                b"false"
                            },
                        );
                        return;
                    }
                    TypeData::Integer { width, signedness } => {
                        let s = int_to_string(words, *width, *signedness != Signedness::Unsigned);
                        self.out.extend_from_slice(s.as_bytes());
                        if elide == Elide::May
                            && *width == 64
                            && *signedness == Signedness::Signless
                        {
                            return;
                        }
                    }
                    _ => {
                        let s = int_to_string(words, 64, true);
                        self.out.extend_from_slice(s.as_bytes());
                    }
                }
                Some(*ty)
            }
            AttrData::Float { ty, bits } => {
                let k = match ctx.type_data(*ty) {
                    TypeData::Float(k) => *k,
                    _ => FloatKind::F64,
                };
                self.out
                    .extend_from_slice(format_float(k, *bits).as_bytes());
                if elide == Elide::May && k == FloatKind::F64 {
                    return;
                }
                Some(*ty)
            }
            AttrData::String { value, ty } => {
                self.print_escaped(ctx.bytes(*value));
                *ty
            }
            AttrData::Array(es) => {
                self.out.push(b'[');
                for (i, &e) in es.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_attr(e, Elide::May);
                }
                self.out.push(b']');
                None
            }
            AttrData::Dict(es) => {
                self.out.push(b'{');
                for (i, &(k, v)) in es.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_keyword_or_string(ctx.bytes(k));
                    if matches!(ctx.attr_data(v), AttrData::Unit) {
                        continue;
                    }
                    self.out.extend_from_slice(b" = ");
                    self.print_attr(v, Elide::Never);
                }
                self.out.push(b'}');
                None
            }
            AttrData::Type(t) => {
                self.print_type(*t);
                None
            }
            AttrData::SymbolRef(parts) => {
                for (i, &p) in parts.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b"::");
                    }
                    self.out.push(b'@');
                    self.print_keyword_or_string(ctx.bytes(p));
                }
                None
            }
            AttrData::Dense { ty, data } => {
                self.out.extend_from_slice(b"dense<");
                self.print_dense(*ty, data, true);
                self.out.push(b'>');
                Some(*ty)
            }
            AttrData::DenseArray { elem, values } => {
                self.out.extend_from_slice(b"array<");
                self.print_type(*elem);
                if !values.is_empty() {
                    self.out.extend_from_slice(b": ");
                    let ed = ctx.type_data(*elem).clone();
                    for (i, &v) in values.iter().enumerate() {
                        if i > 0 {
                            self.out.extend_from_slice(b", ");
                        }
                        self.print_elem(&ed, v);
                    }
                }
                self.out.push(b'>');
                return;
            }
            AttrData::DenseResource { ty, handle } => {
                self.out.extend_from_slice(b"dense_resource<");
                self.out.extend_from_slice(ctx.bytes(*handle));
                self.out.push(b'>');
                Some(*ty)
            }
            AttrData::Sparse {
                ty,
                indices,
                values,
            } => {
                self.out.extend_from_slice(b"sparse<");
                let empty = match ctx.attr_data(*indices) {
                    AttrData::Dense { ty, .. } => match ctx.type_data(*ty) {
                        TypeData::RankedTensor { shape, .. } => shape.iter().product::<i64>() == 0,
                        _ => true,
                    },
                    _ => true,
                };
                if !empty {
                    if let AttrData::Dense { ty, data } = ctx.attr_data(*indices) {
                        self.print_dense(*ty, data, false);
                    }
                    self.out.extend_from_slice(b", ");
                    if let AttrData::Dense { ty, data } = ctx.attr_data(*values) {
                        self.print_dense(*ty, data, true);
                    }
                }
                self.out.push(b'>');
                Some(*ty)
            }
            AttrData::AffineMap(s) => {
                self.out.extend_from_slice(b"affine_map<");
                self.out
                    .extend_from_slice(crate::affine::shown(ctx.bytes(*s)));
                self.out.push(b'>');
                return;
            }
            AttrData::IntegerSet(s) => {
                self.out.extend_from_slice(b"affine_set<");
                self.out
                    .extend_from_slice(crate::affine::shown(ctx.bytes(*s)));
                self.out.push(b'>');
                return;
            }
            AttrData::Strided(s) => {
                self.out.extend_from_slice(ctx.bytes(*s));
                None
            }
            AttrData::Distinct { referenced, .. } => {
                let next = self.distinct_ids.len() as u64;
                let id = *self.distinct_ids.entry(a).or_insert(next);
                self.out.extend_from_slice(b"distinct[");
                push_u64(&mut self.out, id);
                self.out.extend_from_slice(b"]<");
                if !matches!(ctx.attr_data(*referenced), AttrData::Unit) {
                    self.print_attr(*referenced, Elide::Never);
                }
                self.out.push(b'>');
                return;
            }
            AttrData::Dialect { dialect, body } => {
                self.out.push(b'#');
                self.out.extend_from_slice(ctx.bytes(*dialect));
                self.print_pieces(body);
                return;
            }
            AttrData::Loc(_) => {
                self.out.extend_from_slice(b"loc(");
                self.print_loc_internal(a, true);
                self.out.push(b')');
                return;
            }
        };
        if elide != Elide::Must {
            if let Some(t) = typed {
                if !matches!(ctx.type_data(t), TypeData::None) {
                    self.out.extend_from_slice(b" : ");
                    self.print_type(t);
                }
            }
        }
    }

    pub(crate) fn print_pieces(&mut self, body: &[Piece]) {
        // The LLVM attribute this body belongs to (`.di_subprogram<...`).
        let outer: &[u8] = match body.first() {
            Some(Piece::Text(t)) => {
                let t = self.ctx.bytes(*t);
                let end = t.iter().position(|&c| c == b'<').unwrap_or(t.len());
                &t[..end]
            }
            _ => b"",
        };
        self.print_pieces_in(body, outer);
    }

    /// A parameter of an LLVM attribute whose declared type is a concrete
    /// attribute class (`DIFileAttr`, `TBAATypeDescriptorAttr`, ...): when
    /// not an alias reference, MLIR prints it stripped (`<"a.c" in "/">`,
    /// not `#llvm.di_file<...>`), which shows in diagnostics, where no
    /// aliases are used. `mnemonic` is the class's (`.di_file`).
    fn print_concrete_param(&mut self, a: AttrId, mnemonic: &[u8]) {
        if self.print_alias(Sym::A(a)) {
            return;
        }
        let ctx = self.ctx;
        if let AttrData::Dialect { body, .. } = ctx.attr_data(a) {
            if let Some((Piece::Text(first), rest)) = body.split_first() {
                if let Some(stripped) = ctx.bytes(*first).strip_prefix(mnemonic) {
                    if stripped.first() == Some(&b'<') {
                        self.out.extend_from_slice(stripped);
                        self.print_pieces_in(rest, &ctx.bytes(*first)[..mnemonic.len()]);
                        return;
                    }
                }
            }
        }
        self.print_attr(a, Elide::Never);
    }

    /// `print_pieces` for the rest of a body whose first piece was
    /// printed already; `outer` is its attribute's mnemonic.
    fn print_pieces_in(&mut self, rest: &[Piece], outer: &[u8]) {
        let mut prev: &[u8] = b"";
        for p in rest {
            match p {
                Piece::Text(t) => {
                    prev = self.ctx.bytes(*t);
                    self.out.extend_from_slice(prev);
                }
                Piece::Attr(a) => match concrete_param(outer, prev) {
                    Some(mnemonic) => self.print_concrete_param(*a, mnemonic),
                    None => self.print_attr(*a, Elide::Never),
                },
                Piece::Type(t) => self.print_type(*t),
                Piece::Open | Piece::Close => {}
            }
        }
    }

    pub(crate) fn print_loc_internal(&mut self, l: AttrId, top: bool) {
        if !top && self.print_alias(Sym::A(l)) {
            return;
        }
        let ctx = self.ctx;
        let AttrData::Loc(d) = ctx.attr_data(l) else {
            self.print_attr(l, Elide::Never);
            return;
        };
        match d {
            LocData::Unknown => self.out.extend_from_slice(b"unknown"),
            LocData::FileLineCol { file, line, col } => {
                self.print_escaped(ctx.bytes(*file));
                self.out.push(b':');
                push_u64(&mut self.out, *line as u64);
                self.out.push(b':');
                push_u64(&mut self.out, *col as u64);
            }
            LocData::Name { name, child } => {
                self.print_escaped(ctx.bytes(*name));
                if !matches!(ctx.attr_data(*child), AttrData::Loc(LocData::Unknown)) {
                    self.out.push(b'(');
                    self.print_loc_internal(*child, false);
                    self.out.push(b')');
                }
            }
            LocData::CallSite { callee, caller } => {
                self.out.extend_from_slice(b"callsite(");
                self.print_loc_internal(*callee, false);
                self.out.extend_from_slice(b" at ");
                self.print_loc_internal(*caller, false);
                self.out.push(b')');
            }
            LocData::Fused { metadata, locs } => {
                self.out.extend_from_slice(b"fused");
                if let Some(md) = metadata {
                    self.out.push(b'<');
                    self.print_attr(*md, Elide::Never);
                    self.out.push(b'>');
                }
                self.out.push(b'[');
                for (i, &x) in locs.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_loc_internal(x, false);
                }
                self.out.push(b']');
            }
        }
    }

    fn print_elem(&mut self, ed: &TypeData, bits: u128) {
        match ed {
            TypeData::Integer { width: 1, .. } => {
                self.out
                    .extend_from_slice(if bits & 1 == 1 { b"true" } else { b"false" })
            }
            TypeData::Integer { width, signedness } => {
                let words = [bits as u64, (bits >> 64) as u64];
                let s = int_to_string(&words, *width, *signedness != Signedness::Unsigned);
                self.out.extend_from_slice(s.as_bytes());
            }
            TypeData::Index => {
                let s = int_to_string(&[bits as u64], 64, true);
                self.out.extend_from_slice(s.as_bytes());
            }
            TypeData::Float(k) => self
                .out
                .extend_from_slice(format_float(*k, bits).as_bytes()),
            _ => {}
        }
    }

    fn print_dense(&mut self, ty: TypeId, data: &DenseData, allow_hex: bool) {
        let ctx = self.ctx;
        let (shape, elem) = match ctx.type_data(ty) {
            TypeData::RankedTensor { shape, elem, .. } | TypeData::Vector { shape, elem, .. } => {
                (shape.to_vec(), *elem)
            }
            _ => (vec![], ty),
        };
        let num: usize = shape.iter().map(|&d| d.max(0) as usize).product();
        let ed = ctx.type_data(elem).clone();
        let (inner, parts) = match &ed {
            TypeData::Complex(i) => (ctx.type_data(*i).clone(), 2usize),
            other => (other.clone(), 1usize),
        };
        match data {
            DenseData::Strings(s) => {
                let splat = s.len() == 1;
                let n = if splat { 1 } else { num };
                let syms = s.clone();
                self.print_nested(&shape, n, splat, &mut |p, i| {
                    p.print_escaped(ctx.bytes(syms[i]));
                });
            }
            DenseData::Wide(_) => self.out.extend_from_slice(b"<<wide>>"),
            DenseData::Bits(vals) => {
                let splat = vals.len() == parts && num != 1;
                let is_splat = vals.len() == parts;
                if !is_splat && allow_hex && num > 100 {
                    self.print_hex_dense(&inner, vals);
                    return;
                }
                let _ = splat;
                let n = if is_splat { 1 } else { num };
                let vals = vals.clone();
                self.print_nested(&shape, n, is_splat, &mut |p, i| {
                    if parts == 2 {
                        p.out.push(b'(');
                        p.print_elem(&inner, vals[2 * i]);
                        p.out.push(b',');
                        p.print_elem(&inner, vals[2 * i + 1]);
                        p.out.push(b')');
                    } else {
                        p.print_elem(&inner, vals[i]);
                    }
                });
            }
        }
    }

    fn print_hex_dense(&mut self, inner: &TypeData, vals: &[u128]) {
        let bits = match inner {
            TypeData::Integer { width, .. } => *width,
            TypeData::Index => 64,
            TypeData::Float(k) => k.bit_width(),
            _ => 8,
        };
        let mut bytes: Vec<u8> = Vec::new();
        if bits == 1 {
            bytes.resize(vals.len().div_ceil(8), 0);
            for (i, v) in vals.iter().enumerate() {
                if v & 1 == 1 {
                    bytes[i / 8] |= 1 << (i % 8);
                }
            }
        } else {
            let esize = (bits as usize).div_ceil(8);
            for v in vals {
                for k in 0..esize {
                    bytes.push((v >> (8 * k)) as u8);
                }
            }
        }
        self.out.extend_from_slice(b"\"0x");
        for b in bytes {
            self.out.extend_from_slice(format!("{b:02X}").as_bytes());
        }
        self.out.push(b'"');
    }

    fn print_nested(
        &mut self,
        shape: &[i64],
        n: usize,
        splat: bool,
        f: &mut dyn FnMut(&mut Self, usize),
    ) {
        if splat {
            f(self, 0);
            return;
        }
        if n == 0 {
            return;
        }
        let rank = shape.len();
        let mut counter = vec![0i64; rank];
        let mut open = 0usize;
        for idx in 0..n {
            if idx != 0 {
                self.out.extend_from_slice(b", ");
            }
            while open < rank {
                self.out.push(b'[');
                open += 1;
            }
            f(self, idx);
            if rank == 0 {
                continue;
            }
            counter[rank - 1] += 1;
            let mut i = rank - 1;
            while i > 0 {
                if counter[i] >= shape[i] {
                    counter[i] = 0;
                    counter[i - 1] += 1;
                    open -= 1;
                    self.out.push(b']');
                }
                i -= 1;
            }
        }
        while open > 0 {
            self.out.push(b']');
            open -= 1;
        }
    }

    // ------------------------------------------------------------------ types

    pub(crate) fn print_type(&mut self, t: TypeId) {
        if let Some(Some(cached)) = self.type_cache.get(t.index()) {
            self.out.extend_from_slice(cached);
            return;
        }
        let start = self.out.len();
        if !self.print_alias(Sym::T(t)) {
            self.print_type_impl(t);
        }
        if let Some(slot) = self.type_cache.get_mut(t.index()) {
            *slot = Some(self.out[start..].into());
        }
    }

    fn print_type_impl(&mut self, t: TypeId) {
        let ctx = self.ctx;
        match ctx.type_data(t) {
            TypeData::Integer { width, signedness } => {
                match signedness {
                    Signedness::Signed => self.out.push(b's'),
                    Signedness::Unsigned => self.out.push(b'u'),
                    Signedness::Signless => {}
                }
                self.out.push(b'i');
                push_u64(&mut self.out, *width as u64);
            }
            TypeData::Index => self.out.extend_from_slice(b"index"),
            TypeData::Float(k) => self.out.extend_from_slice(k.name().as_bytes()),
            TypeData::None => self.out.extend_from_slice(b"none"),
            TypeData::Token => self.out.extend_from_slice(b"token"),
            TypeData::Complex(e) => {
                self.out.extend_from_slice(b"complex<");
                self.print_type(*e);
                self.out.push(b'>');
            }
            TypeData::Tuple(es) => {
                self.out.extend_from_slice(b"tuple<");
                for (i, &e) in es.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_type(e);
                }
                self.out.push(b'>');
            }
            TypeData::Vector {
                shape,
                scalable,
                elem,
            } => {
                self.out.extend_from_slice(b"vector<");
                for (i, &d) in shape.iter().enumerate() {
                    let sc = scalable.get(i).copied().unwrap_or(false);
                    if sc {
                        self.out.push(b'[');
                    }
                    push_i64(&mut self.out, d);
                    if sc {
                        self.out.push(b']');
                    }
                    self.out.push(b'x');
                }
                self.print_type(*elem);
                self.out.push(b'>');
            }
            TypeData::RankedTensor {
                shape,
                elem,
                encoding,
            } => {
                self.out.extend_from_slice(b"tensor<");
                self.print_shape(shape);
                self.print_type(*elem);
                if let Some(e) = encoding {
                    self.out.extend_from_slice(b", ");
                    self.print_attr(*e, Elide::Never);
                }
                self.out.push(b'>');
            }
            TypeData::UnrankedTensor { elem } => {
                self.out.extend_from_slice(b"tensor<*x");
                self.print_type(*elem);
                self.out.push(b'>');
            }
            TypeData::MemRef {
                shape,
                elem,
                layout,
                space,
            } => {
                self.out.extend_from_slice(b"memref<");
                self.print_shape(shape);
                self.print_type(*elem);
                if let Some(l) = layout {
                    self.out.extend_from_slice(b", ");
                    self.print_attr(*l, Elide::May);
                }
                if let Some(s) = space {
                    self.out.extend_from_slice(b", ");
                    self.print_attr(*s, Elide::May);
                }
                self.out.push(b'>');
            }
            TypeData::UnrankedMemRef { elem, space } => {
                self.out.extend_from_slice(b"memref<*x");
                self.print_type(*elem);
                if let Some(s) = space {
                    self.out.extend_from_slice(b", ");
                    self.print_attr(*s, Elide::May);
                }
                self.out.push(b'>');
            }
            TypeData::Function { inputs, results } => {
                self.out.push(b'(');
                for (i, &e) in inputs.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_type(e);
                }
                self.out.extend_from_slice(b") -> ");
                if results.len() == 1
                    && !matches!(ctx.type_data(results[0]), TypeData::Function { .. })
                {
                    self.print_type(results[0]);
                } else {
                    self.out.push(b'(');
                    for (i, &e) in results.iter().enumerate() {
                        if i > 0 {
                            self.out.extend_from_slice(b", ");
                        }
                        self.print_type(e);
                    }
                    self.out.push(b')');
                }
            }
            TypeData::Dialect { dialect, body } => {
                self.out.push(b'!');
                self.out.extend_from_slice(ctx.bytes(*dialect));
                self.print_pieces(body);
            }
        }
    }

    fn print_shape(&mut self, shape: &[i64]) {
        for &d in shape {
            if d < 0 {
                self.out.push(b'?');
            } else {
                push_i64(&mut self.out, d);
            }
            self.out.push(b'x');
        }
    }

    pub(crate) fn print_escaped(&mut self, s: &[u8]) {
        self.out.push(b'"');
        escape_into(&mut self.out, s);
        self.out.push(b'"');
    }

    pub(crate) fn print_keyword_or_string(&mut self, s: &[u8]) {
        let bare = !s.is_empty()
            && (s[0].is_ascii_alphabetic() || s[0] == b'_')
            && s[1..]
                .iter()
                .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'));
        if bare {
            self.out.extend_from_slice(s);
        } else {
            self.print_escaped(s);
        }
    }
}

fn alias_base(info: &AliasInfo) -> &[u8] {
    match (&info.name, &info.dyn_name) {
        (Some(n), _) => n.as_bytes(),
        (None, Some(d)) => d,
        (None, None) => b"",
    }
}

fn sanitize_alias(name: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(name.len() + 1);
    let copy = |out: &mut Vec<u8>| {
        for &c in name {
            if c.is_ascii_alphanumeric() || matches!(c, b'$' | b'_' | b'-') {
                out.push(c);
            } else if c == b' ' {
                out.push(b'_');
            } else {
                out.extend_from_slice(format!("{c:X}").as_bytes());
            }
        }
    };
    if name.first().is_some_and(|c| c.is_ascii_digit()) {
        out.push(b'_');
        copy(&mut out);
        return out;
    }
    if name.last().is_some_and(|c| c.is_ascii_digit()) {
        copy(&mut out);
        out.push(b'_');
        return out;
    }
    copy(&mut out);
    out
}

fn block_marker(b: BlockId) -> OpId {
    // Encode a block in an OpId slot with the high bit set (walk only).
    let raw: u32 = b.into_raw().into_u32();
    OpId::from_raw(la_arena::RawIdx::from_u32(raw | (1 << 31)))
}

fn decode_block_marker(op: OpId) -> Option<BlockId> {
    let raw = op.into_raw().into_u32();
    if raw & (1 << 31) != 0 {
        Some(BlockId::from_raw(la_arena::RawIdx::from_u32(
            raw & !(1 << 31),
        )))
    } else {
        None
    }
}

/// LLVM's `printEscapedString`.
pub fn escape_into(out: &mut Vec<u8>, s: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    for &c in s {
        if c == b'\\' {
            out.extend_from_slice(b"\\\\");
        } else if (0x20..0x7f).contains(&c) && c != b'"' {
            out.push(c);
        } else {
            out.push(b'\\');
            out.push(HEX[(c >> 4) as usize]);
            out.push(HEX[(c & 15) as usize]);
        }
    }
}

fn push_u64(out: &mut Vec<u8>, mut v: u64) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    out.extend_from_slice(&buf[i..]);
}

fn push_i64(out: &mut Vec<u8>, v: i64) {
    if v < 0 {
        out.push(b'-');
    }
    push_u64(out, v.unsigned_abs());
}

/// Decimal of a `width`-bit value stored in little-endian words.
pub fn int_to_string(words: &[u64], width: u32, signed: bool) -> String {
    let nwords = (width as usize).div_ceil(64).max(1);
    let mut w: Vec<u64> = (0..nwords)
        .map(|i| words.get(i).copied().unwrap_or(0))
        .collect();
    let neg = signed && width > 0 && {
        let top = width - 1;
        (w[(top / 64) as usize] >> (top % 64)) & 1 == 1
    };
    if neg {
        // Negate within width.
        let mut carry = 1u64;
        for x in w.iter_mut() {
            let (v, c) = (!*x).overflowing_add(carry);
            *x = v;
            carry = u64::from(c);
        }
        let rem = width % 64;
        if rem != 0 {
            if let Some(last) = w.last_mut() {
                *last &= (1u64 << rem) - 1;
            }
        }
    }
    if w.len() == 1 {
        let s = w[0].to_string();
        return if neg { format!("-{s}") } else { s };
    }
    if w.len() == 2 {
        let v = (w[0] as u128) | ((w[1] as u128) << 64);
        return if neg { format!("-{v}") } else { v.to_string() };
    }
    let mut digits = Vec::new();
    loop {
        let mut rem: u128 = 0;
        for x in w.iter_mut().rev() {
            let cur = (rem << 64) | *x as u128;
            *x = (cur / 10) as u64;
            rem = cur % 10;
        }
        digits.push(b'0' + rem as u8);
        if w.iter().all(|&x| x == 0) {
            break;
        }
    }
    if neg {
        digits.push(b'-');
    }
    digits.reverse();
    String::from_utf8(digits).unwrap_or_default()
}

/// Prints one op (with its regions) the way MLIR prints an op inside a
/// diagnostic: generic form, no aliases, values numbered from the nearest
/// `IsolatedFromAbove` ancestor.
pub fn op_to_string_local(m: &Module, op: OpId) -> String {
    let mut root = op;
    loop {
        if registry::op_traits(m.ctx.bytes(m.ops[root].name)).isolated_from_above {
            break;
        }
        match m.parent_op(root) {
            Some(p) => root = p,
            None => break,
        }
    }
    let mut p = Printer::new(m, PrintOptions::default());
    p.number(root);
    p.print_op(op, 0);
    String::from_utf8_lossy(&p.out).into_owned()
}

/// The `!name` references in the text pieces of an opaque dialect body.
fn alias_names_in<'c>(
    ctx: &'c Context,
    body: &[crate::context::Piece],
    acc: &mut rustc_hash::FxHashSet<&'c [u8]>,
) {
    for p in body {
        let crate::context::Piece::Text(s) = p else {
            continue;
        };
        let text = ctx.bytes(*s);
        let mut i = 0;
        while let Some(k) = text[i..].iter().position(|&c| c == b'!') {
            let start = i + k + 1;
            let mut end = start;
            while end < text.len()
                && (text[end].is_ascii_alphanumeric() || matches!(text[end], b'_' | b'$' | b'.'))
            {
                end += 1;
            }
            if end > start {
                acc.insert(&text[start..end]);
            }
            i = end;
        }
    }
}
