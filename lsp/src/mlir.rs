//! MLIR analysis for the server: parse and verify diagnostics, and
//! navigation over SSA values and blocks through the parser's source map.
//!
//! Knows nothing of LSP: results are byte spans into the analysed text.

use crate::pos::LineIndex;
use irkit_diag::{Diagnostic, SourceMap};
use irkit_ir::dialect::DialectRegistry;
use irkit_ir::ir::{Module, ValueDef};
use irkit_ir::{BlockId, OpId, ValueId};
use std::ops::Range;

/// A problem in the file, with related places (the diagnostic's notes).
#[derive(Clone, Debug)]
pub struct MDiag {
    pub span: Range<u32>,
    pub error: bool,
    pub warning: bool,
    pub message: String,
    pub related: Vec<(Range<u32>, String)>,
}

/// The last module that parsed, with the text its spans point into.
pub struct Parsed {
    pub text: String,
    pub lines: LineIndex,
    pub module: Module,
}

#[derive(Default)]
pub struct MlirAnalysis {
    pub diags: Vec<MDiag>,
    /// Stale after an edit that does not parse: navigation keeps working.
    pub parsed: Option<Parsed>,
}

/// What is at an offset.
#[derive(Clone, Copy, Debug)]
pub enum Entity {
    Value(ValueId),
    Block(BlockId),
    Op(OpId),
}

/// Parses and verifies `text`. `previous` supplies the module when `text`
/// does not parse. `extra` are diagnostics from loading the dialects.
pub fn analyze(
    name: &str,
    text: &str,
    registry: &DialectRegistry,
    previous: Option<MlirAnalysis>,
) -> MlirAnalysis {
    let mut map = SourceMap::new();
    let file = map.add(name.to_string(), text.to_string());
    let cfg = irkit_ir::ParseConfig {
        loc_file_name: name.to_string(),
        line_offset: 0,
    };
    // Both syntaxes: custom forms of the registry's ops, and generic.
    let (diags, parsed) = match irkit_ir::parser::parse_with_dialects(text, file, &cfg, registry) {
        Err(d) => (vec![*d], previous.and_then(|p| p.parsed)),
        Ok(m) => {
            // As mlir-lsp-server: errors on an op carry the op as a note.
            let vcfg = irkit_ir::verify::VerifyConfig {
                print_op_on_diagnostic: true,
            };
            let ds = irkit::dialects::verify_module_with(&m, file, registry, vcfg);
            let p = Parsed {
                text: text.to_string(),
                lines: LineIndex::new(text),
                module: m,
            };
            (ds, Some(p))
        }
    };
    MlirAnalysis {
        diags: diags.iter().map(|d| convert(text, d)).collect(),
        parsed,
    }
}

fn convert(text: &str, d: &Diagnostic) -> MDiag {
    let span = d
        .loc
        .map_or(0..0, |l| widen(text, l.span.start, l.span.end));
    let related = d
        .notes
        .iter()
        .filter_map(|n| {
            Some((
                n.loc.map(|l| widen(text, l.span.start, l.span.end))?,
                n.message.clone(),
            ))
        })
        .collect();
    MDiag {
        span,
        error: d.is_error(),
        warning: d.severity == irkit_diag::Severity::Warning,
        message: d.message.clone(),
        related,
    }
}

/// MLIR locations are points; an editor underlines the token there (a
/// quoted op name, a `%value`, a `^block`, a keyword), as mlir-lsp-server does.
fn widen(text: &str, start: u32, end: u32) -> Range<u32> {
    let b = text.as_bytes();
    let s = start as usize;
    let mut e = s;
    if b.get(s) == Some(&b'"') {
        e += 1;
        while e < b.len() && b[e] != b'"' && b[e] != b'\n' {
            e += if b[e] == b'\\' { 2 } else { 1 };
        }
        e = (e + 1).min(b.len());
    } else {
        if matches!(b.get(s), Some(b'%' | b'^' | b'@' | b'!' | b'#')) {
            e += 1;
        }
        while e < b.len()
            && (b[e].is_ascii_alphanumeric() || matches!(b[e], b'_' | b'.' | b'$' | b'-'))
        {
            e += 1;
        }
    }
    let e = (e as u32).max(end).min(b.len() as u32);
    start.min(e)..e
}

fn contains(r: &irkit_diag::Span, offset: u32) -> bool {
    r.start <= offset && offset <= r.end
}

impl Parsed {
    /// The value, block or op name at `offset`.
    pub fn entity_at(&self, offset: u32) -> Option<Entity> {
        let s = &self.module.source;
        if let Some((v, _)) = s.values.iter().find(|(_, sp)| contains(sp, offset)) {
            return Some(Entity::Value(v));
        }
        for (op, spans) in s.operands.iter() {
            if let Some(k) = spans.iter().position(|sp| contains(sp, offset)) {
                let v = self.module.ops[op].operands.get(k)?;
                return Some(Entity::Value(*v));
            }
        }
        if let Some((b, _)) = s.blocks.iter().find(|(_, sp)| contains(sp, offset)) {
            return Some(Entity::Block(b));
        }
        for (op, spans) in s.successors.iter() {
            if let Some(k) = spans.iter().position(|sp| contains(sp, offset)) {
                let b = self.module.ops[op].successors.get(k)?;
                return Some(Entity::Block(*b));
            }
        }
        if let Some((op, _)) = s.ops.iter().find(|(_, sp)| contains(sp, offset)) {
            return Some(Entity::Op(op));
        }
        None
    }

    fn slice(&self, sp: irkit_diag::Span) -> &str {
        self.text
            .get(sp.start as usize..sp.end as usize)
            .unwrap_or("")
    }

    /// Where an entity is defined.
    pub fn definition(&self, e: Entity) -> Option<Range<u32>> {
        let s = &self.module.source;
        let sp = match e {
            Entity::Value(v) => *s.values.get(v)?,
            Entity::Block(b) => *s.blocks.get(b)?,
            Entity::Op(op) => *s.ops.get(op)?,
        };
        Some(sp.start..sp.end)
    }

    /// The definition and every use of a value or block.
    pub fn references(&self, e: Entity) -> Vec<Range<u32>> {
        let s = &self.module.source;
        let mut res: Vec<Range<u32>> = self.definition(e).into_iter().collect();
        match e {
            Entity::Value(v) => {
                for u in &self.module.values[v].uses {
                    if let Some(sp) = s.operands.get(u.op).and_then(|x| x.get(u.index as usize)) {
                        res.push(sp.start..sp.end);
                    }
                }
            }
            Entity::Block(b) => {
                for (op, spans) in s.successors.iter() {
                    for (k, succ) in self.module.ops[op].successors.iter().enumerate() {
                        if *succ == b {
                            if let Some(sp) = spans.get(k) {
                                res.push(sp.start..sp.end);
                            }
                        }
                    }
                }
            }
            Entity::Op(_) => {}
        }
        res.sort_by_key(|r| r.start);
        res
    }

    /// Hover text: a value's name and type (and what defines it), a
    /// block's arguments, an op's definition from the registry; on a
    /// function op, its ABI (`irkit abi`'s table) for the module's target,
    /// else for `triple`.
    pub fn hover(
        &self,
        e: Entity,
        registry: &DialectRegistry,
        triple: Option<&str>,
    ) -> Option<String> {
        let mut text = self.hover_entity(e, registry)?;
        if let Entity::Op(op) = e {
            if let Some(abi) = self.abi_hover(op, triple) {
                text.push_str("\n\n");
                text.push_str(&abi);
            }
        }
        Some(text)
    }

    fn abi_hover(&self, op: OpId, triple: Option<&str>) -> Option<String> {
        let m = &self.module;
        if !matches!(
            m.op_name(op).as_ref(),
            "cir.func" | "func.func" | "llvm.func"
        ) {
            return None;
        }
        let triple = irkit::abi_table::module_triple(m).or_else(|| triple.map(str::to_string))?;
        let res = irkit_abi::lookup(&triple)
            .map_err(|e| e.to_string())
            .and_then(|t| irkit::abi_table::function_table(m, op, t));
        Some(match res {
            Ok(table) => format!("ABI on {triple}:\n```\n{}\n```", table.trim_end()),
            Err(e) => format!("ABI on {triple}: {e}"),
        })
    }

    fn hover_entity(&self, e: Entity, registry: &DialectRegistry) -> Option<String> {
        let m = &self.module;
        let s = &m.source;
        match e {
            Entity::Value(v) => {
                let name = s.values.get(v).map_or("", |sp| self.slice(*sp));
                let ty = irkit_ir::printer::type_to_string(&m.ctx, m.values[v].ty);
                let what = match m.values[v].def {
                    ValueDef::Result { op, index } => {
                        let opname = s.ops.get(op).map_or("", |sp| self.slice(*sp));
                        format!("result #{index} of {}", opname.trim_matches('"'))
                    }
                    ValueDef::BlockArg { index, .. } => format!("block argument #{index}"),
                    ValueDef::Detached => String::new(),
                };
                Some(format!("```mlir\n{name}: {ty}\n```\n{what}"))
            }
            Entity::Block(b) => {
                let label = s.blocks.get(b).map_or("", |sp| self.slice(*sp));
                let args: Vec<String> = m.blocks[b]
                    .args
                    .iter()
                    .map(|a| {
                        let n = s.values.get(*a).map_or("", |sp| self.slice(*sp));
                        format!(
                            "{n}: {}",
                            irkit_ir::printer::type_to_string(&m.ctx, m.values[*a].ty)
                        )
                    })
                    .collect();
                Some(format!("```mlir\n{label}({})\n```", args.join(", ")))
            }
            Entity::Op(op) => {
                let name = s
                    .ops
                    .get(op)
                    .map_or("", |sp| self.slice(*sp))
                    .trim_matches('"');
                let mut out = format!("```mlir\n{name}\n```");
                if let Some(def) = registry.get(name.as_bytes()) {
                    if !def.summary.is_empty() {
                        out.push_str(&format!("\n{}", def.summary));
                    }
                    let list = |defs: &[irkit_ir::dialect::OperandDef]| -> String {
                        defs.iter()
                            .map(|d| d.name.as_deref().unwrap_or("_").to_string())
                            .collect::<Vec<_>>()
                            .join(", ")
                    };
                    if !def.operands.is_empty() {
                        out.push_str(&format!("\n\noperands: {}", list(&def.operands)));
                    }
                    if !def.results.is_empty() {
                        out.push_str(&format!("\n\nresults: {}", list(&def.results)));
                    }
                    if !def.attrs.is_empty() {
                        let attrs: Vec<String> = def
                            .attrs
                            .iter()
                            .map(|a| {
                                if a.summary.is_empty() {
                                    a.name.to_string()
                                } else {
                                    format!("{} ({})", a.name, a.summary)
                                }
                            })
                            .collect();
                        out.push_str(&format!("\n\nattributes: {}", attrs.join(", ")));
                    }
                } else {
                    out.push_str("\n(unregistered op)");
                }
                Some(out)
            }
        }
    }

    /// The span to rename for an entity: a value's or block's name.
    pub fn rename_span(&self, e: Entity) -> Option<Range<u32>> {
        match e {
            Entity::Value(_) | Entity::Block(_) => self.definition(e),
            Entity::Op(_) => None,
        }
    }

    /// What a rename rewrites, with the sigil the new name keeps: every
    /// occurrence of a value or block whose text is its name (a use of one
    /// result of a group, `%x#1`, is not renamed).
    pub fn rename_spans(&self, e: Entity) -> Vec<(Range<u32>, &'static str)> {
        let Some(def) = self.rename_span(e) else {
            return Vec::new();
        };
        let name = self.slice(irkit_diag::Span::new(def.start, def.end));
        let sigil = match e {
            Entity::Block(_) => "^",
            _ => "%",
        };
        if !name.starts_with(sigil) || name.contains(['#', ':']) {
            return Vec::new();
        }
        self.references(e)
            .into_iter()
            .filter(|r| self.slice(irkit_diag::Span::new(r.start, r.end)) == name)
            .map(|r| (r, sigil))
            .collect()
    }

    /// Value names defined before `offset` (for completion after `%`),
    /// each once, with its type.
    pub fn value_names(&self, offset: u32) -> Vec<(String, String)> {
        let m = &self.module;
        let mut seen = rustc_hash::FxHashSet::default();
        let mut res = Vec::new();
        for (v, sp) in m.source.values.iter() {
            if sp.start > offset {
                continue;
            }
            let name = self.slice(*sp).trim_start_matches('%');
            let name = name.split([':', '#']).next().unwrap_or("");
            if name.is_empty() || !seen.insert(name.to_string()) {
                continue;
            }
            let ty = irkit_ir::printer::type_to_string(&m.ctx, m.values[v].ty);
            res.push((name.to_string(), ty));
        }
        res
    }

    /// The `@symbol` reference at `offset`: its name (without `@`) and span.
    pub fn symbol_at(&self, offset: u32) -> Option<(String, Range<u32>)> {
        let b = self.text.as_bytes();
        let is_sym = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'-');
        let mut s = (offset as usize).min(b.len());
        while s > 0 && is_sym(b[s - 1]) {
            s -= 1;
        }
        if s == 0 || b[s - 1] != b'@' {
            // On the `@` itself.
            if b.get(s) != Some(&b'@') {
                return None;
            }
            s += 1;
        }
        let mut e = s;
        while e < b.len() && is_sym(b[e]) {
            e += 1;
        }
        if e == s {
            return None;
        }
        let name = self.text.get(s..e)?.to_string();
        Some((name, (s - 1) as u32..e as u32))
    }

    /// Every `@name` in the text (word-bounded), and the defining op's
    /// name (`sym_name = "name"` in the generic syntax).
    pub fn symbol_references(&self, name: &str) -> Vec<Range<u32>> {
        let b = self.text.as_bytes();
        let is_sym = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'-');
        let pat = format!("@{name}");
        let mut res: Vec<Range<u32>> = self
            .text
            .match_indices(&pat)
            .filter(|&(i, _)| !b.get(i + pat.len()).is_some_and(|&c| is_sym(c)))
            .map(|(i, _)| i as u32..(i + pat.len()) as u32)
            .collect();
        if let Some(d) = self.symbol_definition(name) {
            if !res.contains(&d) {
                res.push(d);
            }
        }
        res.sort_by_key(|r| r.start);
        res
    }

    /// Where the op defining symbol `name` names it: the first `@name` or
    /// `sym_name = "name"` after its op name.
    pub fn symbol_definition(&self, name: &str) -> Option<Range<u32>> {
        let (_, op) = self.symbols().into_iter().find(|(n, _)| n == name)?;
        let from = op.start as usize;
        let rest = self.text.get(from..)?;
        let custom = format!("@{name}");
        let generic = format!("sym_name = \"{name}\"");
        let c = rest.find(&custom).map(|i| (i, custom.len()));
        let g = rest
            .find(&generic)
            .map(|i| (i + "sym_name = ".len(), name.len() + 2));
        let (i, n) = match (c, g) {
            (Some(c), Some(g)) => {
                if c.0 < g.0 {
                    c
                } else {
                    g
                }
            }
            (Some(x), None) | (None, Some(x)) => x,
            (None, None) => return Some(op),
        };
        Some((from + i) as u32..(from + i + n) as u32)
    }

    /// Ops that define a symbol (`sym_name`), as (name, op name span, op).
    pub fn symbols(&self) -> Vec<(String, Range<u32>)> {
        let m = &self.module;
        let mut res = Vec::new();
        for (op, sp) in m.source.ops.iter() {
            let data = &m.ops[op];
            let attr = data
                .properties
                .and_then(|p| m.ctx.dict_get(p, b"sym_name"))
                .or_else(|| m.ctx.dict_get(data.attrs, b"sym_name"));
            if let Some(a) = attr {
                let name = irkit_ir::printer::attr_to_string(&m.ctx, a);
                res.push((name.trim_matches('"').to_string(), sp.start..sp.end));
            }
        }
        res
    }
}
