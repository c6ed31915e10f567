//! Printing ops in their custom syntax: the format engine's printing half,
//! the SSA naming of custom mode (per-region numbering and result-name
//! hints, MLIR's `SSANameState`) and the default-dialect prefix rule.

use super::custom;
use super::format::{Elem, TypeArg};
use crate::context::{AttrData, AttrId, Piece, TypeData, TypeId};
use crate::dialect::{Arity, AttrKind, ConstraintKind, OpDef, OpSyntax, Trait};
use crate::ir::{OpId, RegionId, ValueId};
use crate::printer::{Elide, Printer, RegionStyle, ARG_BIT};
use rustc_hash::FxHashMap;
use std::ops::Range;

/// Spacing state of the format printer (MLIR's `shouldEmitSpace` and
/// `lastWasPunctuation`).
#[derive(Clone, Copy)]
pub(crate) struct Spacing {
    emit_space: bool,
    last_punct: bool,
}

/// An op's inherent attribute `name`: from its properties, else from its
/// attribute dictionary.
pub(crate) fn attr_of(p: &Printer<'_>, op: OpId, name: &str) -> Option<crate::context::AttrId> {
    let d = &p.m.ops[op];
    d.properties
        .and_then(|props| p.ctx.dict_get(props, name.as_bytes()))
        .or_else(|| p.ctx.dict_get(d.attrs, name.as_bytes()))
}

impl<'m> Printer<'m> {
    /// The registered definition of an op name, looked up once per name.
    fn def_of(&mut self, name: crate::context::Sym) -> Option<&'m OpDef> {
        let reg = self.reg?;
        if let Some(&d) = self.def_cache.get(&name) {
            return d;
        }
        let d = reg.get(self.ctx.bytes(name));
        self.def_cache.insert(name, d);
        d
    }

    /// The definition of `op` if it prints in a custom syntax.
    pub(crate) fn custom_def(&mut self, op: OpId) -> Option<&'m OpDef> {
        let def = self.def_of(self.m.ops[op].name)?;
        let ok = match &def.syntax {
            OpSyntax::Generic => false,
            OpSyntax::Format(..) => true,
            OpSyntax::Custom => custom::has_custom_syntax(&def.name),
        };
        (ok && fits(self.m, def, op)).then_some(def)
    }

    pub(crate) fn default_dialect_of(&mut self, r: RegionId) -> &'m str {
        let Some(parent) = self.m.regions[r].parent else {
            return "";
        };
        match self.def_of(self.m.ops[parent].name) {
            Some(def) => def.default_dialect.as_deref().unwrap_or(""),
            None => "",
        }
    }

    pub(crate) fn is_terminator(&mut self, op: OpId) -> bool {
        self.def_of(self.m.ops[op].name)
            .is_some_and(|d| d.has(Trait::Terminator))
    }

    /// Prints `op` in its custom syntax; false (nothing printed) if it has
    /// none.
    pub(crate) fn print_custom_op(&mut self, op: OpId, indent: usize) -> bool {
        let Some(def) = self.custom_def(op) else {
            return false;
        };
        let m = self.m;
        self.indent(indent);
        let d = &m.ops[op];
        self.print_result_groups(op);
        // The name, without the default dialect's prefix when it is the
        // only dot in it.
        let name: &[u8] = self.ctx.bytes(d.name);
        let dd = self.dialect_stack.last().copied().unwrap_or("");
        let stripped = (!dd.is_empty()
            && name.len() > dd.len() + 1
            && name.starts_with(dd.as_bytes())
            && name[dd.len()] == b'.'
            && name.iter().filter(|&&c| c == b'.').count() == 1)
            .then(|| &name[dd.len() + 1..]);
        self.out.extend_from_slice(stripped.unwrap_or(name));
        match &def.syntax {
            OpSyntax::Format(f, _) => {
                let mut sp = Spacing {
                    emit_space: true,
                    last_punct: false,
                };
                for e in f.elems.iter() {
                    self.print_format_elem(def, op, e, indent, &mut sp);
                }
            }
            _ => custom::print(self, def, op, indent),
        }
        if self.opts.debug_info {
            self.out.extend_from_slice(b" loc(");
            let l = d.loc;
            if !self.print_alias(crate::printer::Sym::A(l)) {
                self.print_loc_internal(l, true);
            }
            self.out.push(b')');
        }
        true
    }

    /// `%a, %b:2 = `: results grouped where names start (a result with its
    /// own name starts a group).
    pub(crate) fn print_result_groups(&mut self, op: OpId) {
        let res = &self.m.ops[op].results;
        if res.is_empty() {
            return;
        }
        let mut start = 0;
        while start < res.len() {
            let mut end = start + 1;
            while end < res.len() && !self.hints.contains_key(&res[end]) {
                end += 1;
            }
            if start > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_value_no_result_number(res[start]);
            if end - start > 1 {
                self.out.push(b':');
                self.out
                    .extend_from_slice((end - start).to_string().as_bytes());
            }
            start = end;
        }
        self.out.extend_from_slice(b" = ");
    }

    fn print_format_elem(
        &mut self,
        def: &OpDef,
        op: OpId,
        e: &Elem,
        indent: usize,
        sp: &mut Spacing,
    ) {
        let m = self.m;
        match e {
            Elem::Literal(s) => {
                self.print_literal(s, sp);
                return;
            }
            Elem::Space(true) => {
                self.out.push(b' ');
                sp.last_punct = false;
                sp.emit_space = false;
                return;
            }
            Elem::Space(false) => {
                sp.last_punct = true;
                sp.emit_space = false;
                return;
            }
            Elem::Newline => {
                // MLIR's `printNewline`: at the op's own indentation.
                self.out.push(b'\n');
                self.indent(indent);
                return;
            }
            Elem::Optional { then, els, anchor } => {
                let present = self.anchor_present(def, op, anchor);
                let elems = if present { then } else { els };
                // A unit-attribute anchor that is not the group's first
                // element is implied by the group and not printed.
                let elided = match &**anchor {
                    Elem::Attr { idx, .. }
                        if def.attrs[*idx as usize].kind == AttrKind::Unit
                            && then.first() != Some(anchor)
                            && els.first() != Some(anchor) =>
                    {
                        Some(&**anchor)
                    }
                    _ => None,
                };
                for c in elems.iter() {
                    if Some(c) != elided {
                        self.print_format_elem(def, op, c, indent, sp);
                    }
                }
                return;
            }
            Elem::AttrDict { keyword } => {
                self.print_attr_dict(def, op, *keyword, &[]);
                sp.last_punct = false;
                return;
            }
            _ => {}
        }
        if sp.emit_space || !sp.last_punct {
            self.out.push(b' ');
        }
        sp.last_punct = false;
        sp.emit_space = true;
        match e {
            Elem::Operand(i) => {
                let r = operand_range(m, def, op, *i as usize);
                for (k, &v) in m.ops[op].operands[r].iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_value(v);
                }
            }
            Elem::Operands => {
                for (k, &v) in m.ops[op].operands.iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_value(v);
                }
            }
            Elem::Attr { idx, qualified } => {
                let ad = &def.attrs[*idx as usize];
                if let Some(a) = inherent(self, op, &ad.name) {
                    self.print_format_attr(ad, a, *qualified);
                }
            }
            Elem::Region(i) => {
                let i = *i as usize;
                // A variadic region (the last definition) stands for every
                // region from `i` on, comma separated.
                let regions = &m.ops[op].regions;
                let range = if def.regions.get(i).is_some_and(|r| r.variadic) {
                    i.min(regions.len())..regions.len()
                } else {
                    i.min(regions.len())..(i + 1).min(regions.len())
                };
                for (k, &r) in regions[range].iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_format_region(def, r, indent);
                }
            }
            Elem::Regions => {
                for (k, &r) in m.ops[op].regions.iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_format_region(def, r, indent);
                }
            }
            Elem::Successor(i) => {
                let b = m.ops[op].successors[*i as usize];
                self.print_block_name(b);
            }
            Elem::Successors => {
                for (k, &b) in m.ops[op].successors.iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_block_name(b);
                }
            }
            Elem::Type { arg, qualified } => {
                let stripped = match arg {
                    TypeArg::Operand(i) => {
                        stripped_dialect_type(&def.operands[*i as usize].constraint.kind)
                    }
                    TypeArg::Result(i) => {
                        stripped_dialect_type(&def.results[*i as usize].constraint.kind)
                    }
                    _ => None,
                };
                let mut first = true;
                for t in self.type_arg_types(def, op, *arg) {
                    if !first {
                        self.out.extend_from_slice(b", ");
                    }
                    first = false;
                    match stripped {
                        Some(mn) if !qualified => self.print_stripped_type(t, mn),
                        _ => self.print_type(t),
                    }
                }
            }
            Elem::FunctionalType(i, r) => {
                self.out.push(b'(');
                let ins: Vec<TypeId> = self.type_arg_types(def, op, *i).collect();
                for (k, &t) in ins.iter().enumerate() {
                    if k > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.print_type(t);
                }
                self.out.extend_from_slice(b") -> ");
                let outs: Vec<TypeId> = self.type_arg_types(def, op, *r).collect();
                self.print_result_types(&outs);
            }
            Elem::PropDict => {
                self.print_prop_dict(def, op);
            }
            Elem::Custom { name, args } => {
                custom::print_directive(self, def, op, name, args, indent);
            }
            Elem::Ref(_)
            | Elem::Literal(_)
            | Elem::Space(_)
            | Elem::Newline
            | Elem::Optional { .. }
            | Elem::AttrDict { .. } => {}
        }
    }

    fn print_literal(&mut self, s: &str, sp: &mut Spacing) {
        let b = s.as_bytes();
        let space_before = if b.len() != 1 && s != "->" {
            true
        } else if sp.last_punct {
            !b">)}],".contains(&b[0])
        } else {
            !b"<>(){}[],".contains(&b[0])
        };
        if sp.emit_space && space_before {
            self.out.push(b' ');
        }
        self.out.extend_from_slice(b);
        sp.emit_space = b.len() != 1 || !b"<({[".contains(&b[0]);
        sp.last_punct = b[0] != b'_' && !b[0].is_ascii_alphabetic();
    }

    /// `(T, U)`-style result list of a functional type.
    pub(crate) fn print_result_types(&mut self, outs: &[TypeId]) {
        let wrap =
            outs.len() != 1 || matches!(self.ctx.type_data(outs[0]), TypeData::Function { .. });
        if wrap {
            self.out.push(b'(');
        }
        for (k, &t) in outs.iter().enumerate() {
            if k > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_type(t);
        }
        if wrap {
            self.out.push(b')');
        }
    }

    fn type_arg_types(
        &self,
        def: &OpDef,
        op: OpId,
        arg: TypeArg,
    ) -> impl Iterator<Item = TypeId> + 'm {
        let m = self.m;
        let d = &m.ops[op];
        let vals: &'m [ValueId] = match arg {
            TypeArg::Operand(i) => &d.operands[operand_range(m, def, op, i as usize)],
            TypeArg::Result(i) => &d.results[result_range(m, def, op, i as usize)],
            TypeArg::Operands => &d.operands,
            TypeArg::Results => &d.results,
        };
        vals.iter().map(move |&v| m.values[v].ty)
    }

    fn anchor_present(&mut self, def: &OpDef, op: OpId, anchor: &Elem) -> bool {
        let m = self.m;
        match anchor {
            Elem::Operand(i) => !operand_range(m, def, op, *i as usize).is_empty(),
            Elem::Type { arg, .. } | Elem::FunctionalType(arg, _) => match arg {
                TypeArg::Operand(i) => !operand_range(m, def, op, *i as usize).is_empty(),
                TypeArg::Result(i) => !result_range(m, def, op, *i as usize).is_empty(),
                TypeArg::Operands => !m.ops[op].operands.is_empty(),
                TypeArg::Results => !m.ops[op].results.is_empty(),
            },
            Elem::Region(i) => {
                let regions = &m.ops[op].regions;
                if def.regions.get(*i as usize).is_some_and(|r| r.variadic) {
                    regions.len() > *i as usize
                } else {
                    regions
                        .get(*i as usize)
                        .is_some_and(|&r| !m.regions[r].blocks.is_empty())
                }
            }
            Elem::Successor(_) => !m.ops[op].successors.is_empty(),
            Elem::Attr { idx, .. } => {
                let ad = &def.attrs[*idx as usize];
                match inherent(self, op, &ad.name) {
                    Some(a) => !self.is_default(ad, a),
                    None => false,
                }
            }
            Elem::Custom { args, .. } => args.iter().any(|a| self.anchor_present(def, op, a)),
            _ => true,
        }
    }

    /// [`used_attrs`] of `def`, computed once per definition.
    fn used_attrs_of(&mut self, def: &OpDef) -> std::rc::Rc<[u32]> {
        let key = def as *const OpDef as usize;
        self.used_cache
            .entry(key)
            .or_insert_with(|| used_attrs(def).into())
            .clone()
    }

    /// Whether `a` is the default value of a `DefaultValuedAttr`
    /// (remembered per definition and value).
    fn is_default(&mut self, ad: &crate::dialect::AttrDef, a: AttrId) -> bool {
        if ad.default.is_none() {
            return false;
        }
        let key = (ad as *const crate::dialect::AttrDef as usize, a);
        if let Some(&same) = self.default_cache.get(&key) {
            return same;
        }
        let same = self.prints_as_default(ad, a);
        self.default_cache.insert(key, same);
        same
    }

    fn prints_as_default(&mut self, ad: &crate::dialect::AttrDef, a: AttrId) -> bool {
        let Some(text) = &ad.default else {
            return false;
        };
        // Print into the output buffer and take it back: no allocation.
        let start = self.out.len();
        self.print_attr_impl(a, Elide::Never);
        let same = &self.out[start..] == text.as_bytes();
        self.out.truncate(start);
        same
    }

    fn print_format_attr(&mut self, ad: &crate::dialect::AttrDef, a: AttrId, qualified: bool) {
        let ctx = self.ctx;
        match (&ad.kind, ctx.attr_data(a)) {
            (AttrKind::SymbolName, AttrData::String { value, .. }) => {
                self.out.push(b'@');
                let v = ctx.bytes(*value);
                self.print_keyword_or_string(v);
            }
            (AttrKind::IntEnum { cases, .. }, AttrData::Integer { words, .. })
                if !ad.case_names.is_empty() =>
            {
                let v = words.first().copied().unwrap_or(0) as i64;
                match cases
                    .iter()
                    .position(|&c| c == v)
                    .and_then(|i| ad.case_names.get(i))
                {
                    Some(n) => self.out.extend_from_slice(n.as_bytes()),
                    None => self.print_attr(a, Elide::Never),
                }
            }
            (AttrKind::BitEnum(b), AttrData::Integer { words, .. }) => {
                let v = words.first().copied().unwrap_or(0);
                let start = self.out.len();
                if !b.mnemonic.is_empty() {
                    self.out.extend_from_slice(b.mnemonic.as_bytes());
                    self.out.push(b'<');
                }
                if b.stringify(&ad.case_names, v, &mut self.out).is_some() {
                    if !b.mnemonic.is_empty() {
                        self.out.push(b'>');
                    }
                } else {
                    self.out.truncate(start);
                    self.print_attr(a, Elide::Never);
                }
            }
            (AttrKind::DialectAttr { mnemonic, .. }, AttrData::Dialect { body, .. })
                if !qualified && !mnemonic.is_empty() =>
            {
                // `printStrippedAttrOrType`: an alias wins over the
                // mnemonic-less body.
                if !self.print_alias(crate::printer::Sym::A(a)) {
                    self.print_stripped_pieces(body, mnemonic);
                }
            }
            (
                AttrKind::Int64
                | AttrKind::Int32
                | AttrKind::Int8
                | AttrKind::Float64
                | AttrKind::Int1
                | AttrKind::Bool
                | AttrKind::IndexInt,
                _,
            ) => self.print_attr(a, Elide::Must),
            // A dense integer array prints as `[1, 2]` in a format.
            (AttrKind::DenseI32Array | AttrKind::DenseI64Array, AttrData::DenseArray { .. }) => {
                let vals = super::llvm::dense_values(ctx, a).unwrap_or_default();
                self.out.push(b'[');
                for (i, v) in vals.iter().enumerate() {
                    if i > 0 {
                        self.out.extend_from_slice(b", ");
                    }
                    self.out.extend_from_slice(v.to_string().as_bytes());
                }
                self.out.push(b']');
            }
            _ => self.print_attr(a, Elide::Never),
        }
    }

    /// A dialect type or attribute body without its `.mnemonic` prefix;
    /// an enum attribute `<mnemonic case>` prints as its case keyword
    /// (after a space, as an `EnumAttr`'s own printer writes it).
    fn print_stripped_pieces(&mut self, body: &'m [Piece], mnemonic: &str) {
        let ctx = self.ctx;
        if let [Piece::Text(t)] = body {
            let text = ctx.bytes(*t);
            if let Some(case) = enum_case(text, mnemonic) {
                if self.out.last() != Some(&b' ') {
                    self.out.push(b' ');
                }
                self.out.extend_from_slice(case);
                return;
            }
        }
        if let Some((Piece::Text(t), rest)) = body.split_first() {
            let text = ctx.bytes(*t);
            let prefix_len = 1 + mnemonic.len();
            if text.len() >= prefix_len
                && text[0] == b'.'
                && &text[1..prefix_len] == mnemonic.as_bytes()
            {
                self.out.extend_from_slice(&text[prefix_len..]);
                self.print_pieces(rest);
                return;
            }
        }
        self.print_pieces(body);
    }

    fn print_stripped_type(&mut self, t: TypeId, mnemonic: &str) {
        match self.ctx.type_data(t) {
            TypeData::Dialect { body, .. } => self.print_stripped_pieces(body, mnemonic),
            _ => self.print_type(t),
        }
    }

    fn print_format_region(&mut self, def: &OpDef, r: RegionId, indent: usize) {
        let mut style = RegionStyle::CUSTOM;
        if def.has(Trait::SingleBlockImplicitTerminator) {
            // The terminator prints only if it carries something.
            let m = self.m;
            if let Some(&b) = m.regions[r].blocks.first() {
                if let Some(&t) = m.blocks[b].ops.last() {
                    let td = &m.ops[t];
                    let empty_attrs = matches!(self.ctx.attr_data(td.attrs), AttrData::Dict(e) if e.is_empty())
                        && td.properties.is_none_or_empty(self.ctx);
                    style.terminators =
                        !(empty_attrs && td.operands.is_empty() && td.results.is_empty());
                }
            }
        }
        self.print_region_with(r, indent, style);
    }

    /// ` {a = 1, b}` (or ` attributes {...}`): the op's inherent and
    /// discardable attributes, sorted, without those the format prints
    /// elsewhere, segment sizes and default values.
    pub(crate) fn print_attr_dict(
        &mut self,
        def: &OpDef,
        op: OpId,
        keyword: bool,
        extra_elided: &[&str],
    ) {
        let ctx = self.ctx;
        let d = &self.m.ops[op];
        let used = self.used_attrs_of(def);
        type Entries<'m> = smallvec::SmallVec<[(&'m [u8], AttrId); 8]>;
        let mut entries: Entries<'m> = Entries::new();
        let push_all = |dict: AttrId, entries: &mut Entries<'m>| {
            if let AttrData::Dict(es) = ctx.attr_data(dict) {
                for &(k, v) in es.iter() {
                    entries.push((ctx.bytes(k), v));
                }
            }
        };
        if let Some(p) = d.properties {
            push_all(p, &mut entries);
        }
        push_all(d.attrs, &mut entries);
        entries.retain(|(k, v)| {
            if extra_elided.iter().any(|e| e.as_bytes() == *k) {
                return false;
            }
            if *k == b"operandSegmentSizes" && def.has(Trait::AttrSizedOperandSegments) {
                return false;
            }
            match def.attrs.iter().position(|a| a.name.as_bytes() == *k) {
                Some(i) if def.attrs[i].segment_sizes => false,
                Some(i) => !used.contains(&(i as u32)) && !self.is_default(&def.attrs[i], *v),
                None => true,
            }
        });
        if entries.is_empty() {
            return;
        }
        entries.sort_by(|a, b| a.0.cmp(b.0));
        if keyword {
            self.out.extend_from_slice(b" attributes");
        }
        self.out.extend_from_slice(b" {");
        for (i, (k, v)) in entries.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_keyword_or_string(k);
            if matches!(ctx.attr_data(*v), AttrData::Unit) {
                continue;
            }
            self.out.extend_from_slice(b" = ");
            self.print_attr(*v, Elide::Never);
        }
        self.out.push(b'}');
    }

    fn print_prop_dict(&mut self, def: &OpDef, op: OpId) {
        let ctx = self.ctx;
        let Some(p) = self.m.ops[op].properties else {
            self.out.extend_from_slice(b"<{}>");
            return;
        };
        let used = self.used_attrs_of(def);
        let mut entries: Vec<(&'m [u8], AttrId)> = Vec::new();
        if let AttrData::Dict(es) = ctx.attr_data(p) {
            for &(k, v) in es.iter() {
                let kb = ctx.bytes(k);
                let keep = match def.attrs.iter().position(|a| a.name.as_bytes() == kb) {
                    Some(i) => !used.contains(&(i as u32)),
                    None => true,
                };
                if keep {
                    entries.push((kb, v));
                }
            }
        }
        self.out.extend_from_slice(b"<{");
        for (i, (k, v)) in entries.iter().enumerate() {
            if i > 0 {
                self.out.extend_from_slice(b", ");
            }
            self.print_keyword_or_string(k);
            self.out.extend_from_slice(b" = ");
            self.print_attr(*v, Elide::Never);
        }
        self.out.extend_from_slice(b"}>");
    }

    // ------------------------------------------------------------ numbering

    /// Numbers values as MLIR's `SSANameState` does outside generic mode:
    /// each region starts from the counters its parent region ended with
    /// (so sibling regions reuse numbers), result-name hints give names like
    /// `%c0_i32`, and clashing hints get `_N` suffixes.
    pub(crate) fn number_custom(&mut self, top: OpId) {
        let m = self.m;
        struct Frame {
            region: RegionId,
            next_value: u32,
            next_arg: u32,
            next_conflict: u32,
            used_len: usize,
        }
        let mut used: Vec<Box<[u8]>> = Vec::new();
        let mut used_set: FxHashMap<Box<[u8]>, u32> = FxHashMap::default();
        let mut next_value = 0u32;
        let mut next_arg = 0u32;
        let mut next_conflict = 0u32;
        let mut stack: Vec<Frame> = Vec::new();
        for &r in m.ops[top].regions.iter() {
            stack.push(Frame {
                region: r,
                next_value,
                next_arg,
                next_conflict,
                used_len: 0,
            });
        }
        self.number_op_custom(
            top,
            &mut next_value,
            &mut next_conflict,
            &mut used,
            &mut used_set,
        );
        while let Some(f) = stack.pop() {
            next_value = f.next_value;
            next_arg = f.next_arg;
            next_conflict = f.next_conflict;
            while used.len() > f.used_len {
                if let Some(n) = used.pop() {
                    if let Some(c) = used_set.get_mut(&n) {
                        *c -= 1;
                        if *c == 0 {
                            used_set.remove(&n);
                        }
                    }
                }
            }
            for (bi, &b) in m.regions[f.region].blocks.iter().enumerate() {
                self.block_ids.insert(b, bi as u32);
                for &a in &m.blocks[b].args {
                    if bi == 0 {
                        self.names.insert(a, next_arg | ARG_BIT);
                        next_arg += 1;
                    } else {
                        self.names.insert(a, next_value);
                        next_value += 1;
                    }
                }
                for &op in &m.blocks[b].ops {
                    self.number_op_custom(
                        op,
                        &mut next_value,
                        &mut next_conflict,
                        &mut used,
                        &mut used_set,
                    );
                }
            }
            for &b in &m.regions[f.region].blocks {
                for &op in &m.blocks[b].ops {
                    for &nr in m.ops[op].regions.iter() {
                        stack.push(Frame {
                            region: nr,
                            next_value,
                            next_arg,
                            next_conflict,
                            used_len: used.len(),
                        });
                    }
                }
            }
        }
    }

    fn number_op_custom(
        &mut self,
        op: OpId,
        next_value: &mut u32,
        next_conflict: &mut u32,
        used: &mut Vec<Box<[u8]>>,
        used_set: &mut FxHashMap<Box<[u8]>, u32>,
    ) {
        let m = self.m;
        let results = &m.ops[op].results;
        let Some(&first) = results.first() else {
            return;
        };
        // Hints: one name for the first result (`getAsmResultNames` of the
        // op), or, for ops with several results all named in their
        // definition, each result's name (what ODS generates).
        let mut hints: Vec<(usize, Vec<u8>)> = Vec::new();
        if let Some(def) = self.custom_def(op) {
            if let Some(h) = custom::result_name_hint(self.ctx, m, op) {
                hints.push((0, h));
            } else if def.results.len() >= 2 {
                // ODS's generated `getAsmResultNames`: each named result
                // group's first value.
                for (i, r) in def.results.iter().enumerate() {
                    let range = result_range(m, def, op, i);
                    if let Some(n) = &r.name {
                        if !range.is_empty() {
                            hints.push((range.start, n.as_bytes().to_vec()));
                        }
                    }
                }
            }
        }
        if !matches!(hints.first(), Some((0, _))) {
            self.names.insert(first, *next_value);
            *next_value += 1;
        }
        for (i, mut name) in hints {
            if used_set.contains_key(name.as_slice()) {
                let base_len = name.len();
                loop {
                    name.truncate(base_len);
                    name.push(b'_');
                    name.extend_from_slice(next_conflict.to_string().as_bytes());
                    *next_conflict += 1;
                    if !used_set.contains_key(name.as_slice()) {
                        break;
                    }
                }
            }
            let name: Box<[u8]> = name.into();
            *used_set.entry(name.clone()).or_insert(0) += 1;
            used.push(name.clone());
            self.hints.insert(results[i], name);
        }
    }
}

trait PropsExt {
    fn is_none_or_empty(&self, ctx: &crate::context::Context) -> bool;
}

impl PropsExt for Option<AttrId> {
    fn is_none_or_empty(&self, ctx: &crate::context::Context) -> bool {
        match self {
            None => true,
            Some(p) => matches!(ctx.attr_data(*p), AttrData::Dict(e) if e.is_empty()),
        }
    }
}

/// The mnemonic a type constraint strips (`type($x)` of a specific dialect
/// type prints without `!dialect.mnemonic`).
fn stripped_dialect_type(k: &ConstraintKind) -> Option<&str> {
    match k {
        ConstraintKind::DialectType { mnemonic, .. } if !mnemonic.is_empty() => Some(mnemonic),
        _ => None,
    }
}

/// An inherent attribute of `op` (properties first, then the dictionary).
fn inherent(p: &Printer<'_>, op: OpId, name: &str) -> Option<AttrId> {
    let d = &p.m.ops[op];
    if let Some(props) = d.properties {
        if let Some(a) = p.ctx.dict_get(props, name.as_bytes()) {
            return Some(a);
        }
    }
    p.ctx.dict_get(d.attrs, name.as_bytes())
}

/// Indices of the attributes a format prints itself.
pub(crate) fn used_attrs(def: &OpDef) -> Vec<u32> {
    fn walk(es: &[Elem], out: &mut Vec<u32>) {
        for e in es {
            match e {
                Elem::Attr { idx, .. } => out.push(*idx),
                Elem::Optional { then, els, .. } => {
                    walk(then, out);
                    walk(els, out);
                }
                Elem::Custom { args, .. } => walk(args, out),
                Elem::Ref(inner) => walk(std::slice::from_ref(&**inner), out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    if let OpSyntax::Format(f, _) = &def.syntax {
        walk(&f.elems, &mut out);
    }
    out.extend(super::custom::elided_attrs(def));
    out
}

/// Whether `op`'s operands, results, regions and successors fit `def`
/// (a custom form can only be printed for an op that fits).
pub(crate) fn fits(m: &crate::Module, def: &OpDef, op: OpId) -> bool {
    let d = &m.ops[op];
    let count_ok = |defs: &[crate::dialect::OperandDef], n: usize| {
        let fixed = defs.iter().filter(|o| o.arity == Arity::Single).count();
        let var = defs.len() - fixed;
        match var {
            0 => n == fixed,
            1 => n >= fixed,
            _ => n >= fixed && (n - fixed).is_multiple_of(var),
        }
    };
    let operands_ok = if def.has(Trait::AttrSizedOperandSegments) {
        segment_sizes(m, op).is_some_and(|s| {
            s.len() == def.operands.len() && s.iter().sum::<usize>() == d.operands.len()
        })
    } else {
        count_ok(&def.operands, d.operands.len())
            && def
                .operands
                .iter()
                .filter(|o| o.arity != Arity::Single)
                .count()
                <= 1
    };
    operands_ok
        && count_ok(&def.results, d.results.len())
        && (def.regions.iter().any(|r| r.variadic) || d.regions.len() == def.regions.len())
        && (def.successors.iter().any(|s| s.variadic) || d.successors.len() == def.successors.len())
}

fn segment_sizes(m: &crate::Module, op: OpId) -> Option<Vec<usize>> {
    let d = &m.ops[op];
    let a = d
        .properties
        .and_then(|p| m.ctx.dict_get(p, b"operandSegmentSizes"))
        .or_else(|| m.ctx.dict_get(d.attrs, b"operandSegmentSizes"))?;
    match m.ctx.attr_data(a) {
        AttrData::DenseArray { values, .. } => {
            Some(values.iter().map(|&v| v as u32 as usize).collect())
        }
        _ => None,
    }
}

/// The operands of definition `i` of `def` in `op`.
pub(crate) fn operand_range(m: &crate::Module, def: &OpDef, op: OpId, i: usize) -> Range<usize> {
    let n = m.ops[op].operands.len();
    if def.has(Trait::AttrSizedOperandSegments) {
        if let Some(s) = segment_sizes(m, op) {
            let start: usize = s.iter().take(i).sum();
            let len = s.get(i).copied().unwrap_or(0);
            return start.min(n)..(start + len).min(n);
        }
    }
    plain_range(&def.operands, n, i)
}

pub(crate) fn result_range(m: &crate::Module, def: &OpDef, op: OpId, i: usize) -> Range<usize> {
    plain_range(&def.results, m.ops[op].results.len(), i)
}

/// Segment `i` without segment sizes: the variadic definitions share the
/// rest equally (one takes it all; MLIR's `SameVariadic...Size` rule).
pub(crate) fn plain_range(defs: &[crate::dialect::OperandDef], n: usize, i: usize) -> Range<usize> {
    let fixed = defs.iter().filter(|o| o.arity == Arity::Single).count();
    let n_var = defs.len() - fixed;
    let var_len = n.saturating_sub(fixed).checked_div(n_var).unwrap_or(0);
    let size = |d: &crate::dialect::OperandDef| match d.arity {
        Arity::Single => 1,
        _ => var_len,
    };
    let start: usize = defs.iter().take(i).map(size).sum();
    let len = defs.get(i).map_or(0, size);
    start.min(n)..(start + len).min(n)
}

/// The case keyword of an enum attribute body `<mnemonic case>`.
pub(crate) fn enum_case<'t>(text: &'t [u8], mnemonic: &str) -> Option<&'t [u8]> {
    let inner = text.strip_prefix(b"<")?.strip_suffix(b">")?;
    let case = inner
        .strip_prefix(mnemonic.as_bytes())?
        .strip_prefix(b" ")?;
    (!case.is_empty() && case.iter().all(|c| c.is_ascii_alphanumeric() || *c == b'_'))
        .then_some(case)
}
