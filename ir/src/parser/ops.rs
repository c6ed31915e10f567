//! Operations in the generic syntax, `%r:2 = "dialect.op"(%a) [^bb1]
//! <{props}> ({ region }) {attrs} : (T) -> (U, V) loc(...)`, in MLIR's
//! `parseGenericOperation` order; an op of a registered dialect written
//! otherwise goes to its custom parser (`crate::asm`). Inherent attributes
//! given in the discardable dictionary are then moved into properties, as
//! MLIR does when it builds the op.

use super::{PResult, Parser};
use crate::context::{AttrData, AttrId, Sym, TypeData};
use crate::ir::{OpId, OpSpec, RegionId};
use crate::registry;
use irkit_diag::Span;

impl<'a> Parser<'a> {
    pub(crate) fn parse_operation(&mut self) -> PResult<OpId> {
        self.skip_ws();
        let op_start = self.pos;
        // Result list.
        let mut results: Vec<(&'a [u8], u32, Span)> = Vec::new();
        if self.peek() == Some(b'%') {
            loop {
                self.skip_ws();
                let s = self.pos;
                if !self.eat(b'%') {
                    return self.err_tok("expected valid ssa identifier");
                }
                let name = self.suffix_id();
                if name.is_empty() {
                    return self.err_at(s, "expected SSA operand");
                }
                let span = Span::new(s as u32, self.pos as u32);
                let mut count = 1u32;
                if self.eat(b':') {
                    if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        return self.err_tok("expected integer number of results");
                    }
                    let at = self.pos;
                    let n = self.integer()?;
                    if n == 0 || n > u32::MAX as u64 {
                        return self
                            .err_at(at, "expected named operation to have at least 1 result");
                    }
                    count = n as u32;
                }
                results.push((name, count, span));
                if !self.eat(b',') {
                    break;
                }
            }
            self.expect(b'=', "'=' after SSA name")?;
        }
        self.skip_ws();
        let name_start = self.pos;
        if self.peek() != Some(b'"') && self.reg.is_some() && !self.peek_ident().is_empty() {
            return self.parse_custom_operation(op_start, results);
        }
        if self.peek() != Some(b'"') {
            if self.peek_ident().is_empty() {
                return self.err_tok("expected operation name in quotes");
            }
            let id = self.peek_ident();
            return self.err_at(
                name_start,
                format!(
                    "custom op '{}' is unknown: irkit reads only the generic op syntax (\"dialect.op\"(...) : (...) -> ...)",
                    String::from_utf8_lossy(id)
                ),
            );
        }
        let name_bytes = self.string_lit()?;
        let name_span = Span::new(name_start as u32, self.pos as u32);
        // Line/column now, while positions still increase (regions follow).
        let name_lc = self.line_col(name_start);
        if name_bytes.is_empty() {
            return self.err_span(name_span, "empty operation name is invalid");
        }
        let name = self.m.ctx.sym(&name_bytes);
        // Operands.
        self.expect(b'(', "'(' to start operand list")?;
        let mut operand_refs: Vec<(&'a [u8], u32, Span)> = Vec::new();
        if !self.eat(b')') {
            loop {
                operand_refs.push(self.parse_value_ref()?);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "')' in operand list")?;
            }
        }
        // Successors.
        let mut successors = Vec::new();
        let mut succ_spans = Vec::new();
        if self.peek() == Some(b'[') {
            // MLIR's `mightHaveTrait<IsTerminator>`: only an op known not
            // to be a terminator is refused here.
            let def = self.reg.and_then(|r| r.get(&name_bytes));
            if def.is_some_and(|d| !d.has(crate::dialect::Trait::Terminator)) {
                return self.err_here("successors in non-terminator");
            }
            self.pos += 1;
            loop {
                self.skip_ws();
                let s = self.pos;
                if !self.eat(b'^') {
                    return self.err_at(s, "expected block name");
                }
                let bname = self.suffix_id();
                let span = Span::new(s as u32, self.pos as u32);
                let b = self.block_ref(bname, span);
                successors.push(b);
                succ_spans.push(span);
                if self.eat(b']') {
                    break;
                }
                self.expect(b',', "']' in successor list")?;
            }
        }
        // Properties.
        let mut properties = None;
        if self.peek() == Some(b'<') {
            self.pos += 1;
            let a = self.parse_attr()?;
            self.expect(b'>', "'>' to close properties")?;
            properties = Some(a);
        }
        // Regions: parsed after we know nothing else; MLIR parses them here.
        let mut region_bodies: Vec<RegionId> = Vec::new();
        if self.peek() == Some(b'(') {
            self.pos += 1;
            loop {
                let r = self.m.regions.alloc(Default::default());
                self.parse_region(r)?;
                region_bodies.push(r);
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "')' to end region list")?;
            }
        }
        // Attributes.
        let mut attrs = self.m.ctx.empty_dict();
        if self.peek() == Some(b'{') {
            attrs = self.parse_dict()?;
        }
        // Type signature.
        self.expect(b':', "':' followed by operation type")?;
        self.skip_ws();
        let ty_start = self.pos;
        let fty = self.parse_type()?;
        let (inputs, outputs) = match self.m.ctx.type_data(fty) {
            TypeData::Function { inputs, results } => (inputs.to_vec(), results.to_vec()),
            _ => return self.err_at(ty_start, "expected function type"),
        };
        if inputs.len() != operand_refs.len() {
            return self.err_at(
                ty_start,
                format!(
                    "expected {} operand type{} but had {}",
                    operand_refs.len(),
                    if operand_refs.len() == 1 { "" } else { "s" },
                    inputs.len()
                ),
            );
        }
        let total_results: u64 = results.iter().map(|r| r.1 as u64).sum();
        if !results.is_empty() && outputs.is_empty() {
            return self.err_at(op_start, "cannot name an operation with no results");
        }
        if !results.is_empty() && total_results != outputs.len() as u64 {
            return self.err_at(
                op_start,
                format!(
                    "operation defines {} results but was provided {} to bind",
                    outputs.len(),
                    total_results
                ),
            );
        }
        // Resolve operands.
        let mut operands = Vec::with_capacity(operand_refs.len());
        let mut operand_spans = Vec::with_capacity(operand_refs.len());
        for ((n, idx, span), ty) in operand_refs.iter().zip(inputs.iter()) {
            operands.push(self.resolve_use(n, *idx, *span, *ty)?);
            operand_spans.push(*span);
        }
        let (loc, deferred_loc) = self.parse_op_loc(name_lc)?;
        // Define results (reusing forward-reference placeholders).
        let mut result_values = Vec::with_capacity(outputs.len());
        let mut ti = 0usize;
        for (rname, count, span) in &results {
            let mut vals = Vec::with_capacity(*count as usize);
            for k in 0..*count {
                let ty = outputs[ti];
                ti += 1;
                let v = self.define_value(rname, k, ty, *span)?;
                vals.push(v);
            }
            result_values.extend(vals.iter().copied());
            self.insert_name(rname, vals, *span)?;
        }
        while result_values.len() < outputs.len() {
            let v = self.m.new_detached_value(outputs[result_values.len()]);
            result_values.push(v);
        }
        let op = self.m.create_op_with_results(
            OpSpec {
                name,
                operands,
                result_types: Vec::new(),
                successors,
                num_regions: 0,
                properties,
                attrs,
                loc,
            },
            result_values,
        );
        for &r in &region_bodies {
            self.m.regions[r].parent = Some(op);
        }
        self.m.ops[op].regions = region_bodies.into();
        self.m.source.ops.insert(op, name_span);
        self.m.source.operands.insert(op, operand_spans.into());
        if !succ_spans.is_empty() {
            self.m.source.successors.insert(op, succ_spans.into());
        }
        self.defer_op_loc(op, deferred_loc);
        self.move_inherent_attrs(op);
        Ok(op)
    }

    /// Registered ops given inherent attributes in the discardable dictionary
    /// get them moved into properties, as MLIR does when parsing.
    pub(crate) fn move_inherent_attrs(&mut self, op: OpId) {
        let name = self.m.ops[op].name;
        if let Some(def) = self.reg.and_then(|r| r.get(self.m.ctx.bytes(name))) {
            self.move_defined_attrs(op, def);
            return;
        }
        let inherent = match self.inherent_cache.get(&name) {
            Some(i) => *i,
            None => {
                let i = registry::op_traits(self.m.ctx.bytes(name)).inherent;
                self.inherent_cache.insert(name, i);
                i
            }
        };
        if inherent.is_empty() {
            return;
        }
        let traits = registry::OpTraits {
            inherent,
            ..Default::default()
        };
        let attrs = self.m.ops[op].attrs;
        let AttrData::Dict(entries) = self.m.ctx.attr_data(attrs).clone() else {
            return;
        };
        let (inh, rest): (Vec<_>, Vec<_>) = entries.iter().partition(|(k, _)| {
            let kb = self.m.ctx.bytes(*k);
            traits.inherent.iter().any(|i| i.as_bytes() == kb)
        });
        if inh.is_empty() {
            return;
        }
        let mut props: Vec<(Sym, AttrId)> = match self.m.ops[op].properties {
            Some(p) => match self.m.ctx.attr_data(p) {
                AttrData::Dict(e) => e.to_vec(),
                _ => return,
            },
            None => Vec::new(),
        };
        props.extend(inh);
        let Ok(p) = self.m.ctx.dict_attr(props) else {
            return;
        };
        let Ok(a) = self.m.ctx.dict_attr(rest) else {
            return;
        };
        self.m.ops[op].properties = Some(p);
        self.m.source.inherent_from_dict.insert(op, ());
        self.m.ops[op].attrs = a;
    }

    /// [`Self::move_inherent_attrs`] for an op with a definition: its
    /// declared attributes are inherent; then the `DefaultValuedAttr`s it
    /// does not set get their defaults, as MLIR's property storage starts
    /// from them (and mlir-opt prints them: `overflowFlags =
    /// #llvm.overflow<none>`).
    fn move_defined_attrs(&mut self, op: OpId, def: &'a crate::dialect::OpDef) {
        let attrs = self.m.ops[op].attrs;
        let mut props: Vec<(Sym, AttrId)> = match self.m.ops[op].properties {
            Some(p) => match self.m.ctx.attr_data(p) {
                AttrData::Dict(e) => e.to_vec(),
                _ => return,
            },
            None => Vec::new(),
        };
        let mut rest = Vec::new();
        let mut moved = false;
        let mut from_dict = false;
        if let AttrData::Dict(entries) = self.m.ctx.attr_data(attrs) {
            for &(k, v) in entries.iter() {
                let kb = self.m.ctx.bytes(k);
                let inherent = def.attrs.iter().any(|a| a.name.as_bytes() == kb)
                    || (kb == b"operandSegmentSizes"
                        && def.has(crate::dialect::Trait::AttrSizedOperandSegments));
                if inherent {
                    from_dict = true;
                    props.push((k, v));
                    moved = true;
                } else {
                    rest.push((k, v));
                }
            }
        }
        // Properties the op does not declare are dropped, as MLIR's
        // generated `setPropertiesFromAttr` ignores them.
        let declared = |ctx: &crate::context::Context, k: Sym| {
            let kb = ctx.bytes(k);
            def.attrs.iter().any(|a| a.name.as_bytes() == kb)
                || (kb == b"operandSegmentSizes"
                    && def.has(crate::dialect::Trait::AttrSizedOperandSegments))
        };
        let n = props.len();
        props.retain(|&(k, _)| declared(&self.m.ctx, k));
        moved |= props.len() != n;
        let before = props.len();
        for ad in def.attrs.iter() {
            let Some(text) = ad.default.as_deref().filter(|_| ad.fill_default) else {
                continue;
            };
            let k = self.m.ctx.sym(ad.name.as_bytes());
            if props.iter().any(|(n, _)| *n == k) {
                continue;
            }
            if let Some(a) = self.parse_attr_text(text) {
                props.push((k, a));
            }
        }
        if !moved && props.len() == before {
            return;
        }
        let Ok(p) = self.m.ctx.dict_attr(props) else {
            return;
        };
        self.m.ops[op].properties = (p != self.m.ctx.empty_dict()).then_some(p);
        if from_dict {
            let Ok(a) = self.m.ctx.dict_attr(rest) else {
                return;
            };
            self.m.source.inherent_from_dict.insert(op, ());
            self.m.ops[op].attrs = a;
        }
    }
}
