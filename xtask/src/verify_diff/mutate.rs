//! One structural change to a valid module, made on irkit's in-memory IR so
//! the mutant stays well-formed text: a value's type (its uses follow), an
//! operand dropped, repeated or replaced by another value in scope, an
//! attribute or property dropped or changed, a block's last op (its
//! terminator) erased, a region emptied, or a block argument added.

use crate::util::Rng;
use irkit_ir::{
    AttrData, AttrId, BlockId, FloatKind, Module, OpId, TypeData, TypeId, ValueDef, ValueId,
};

/// A dictionary attribute's entries.
type Entries = Vec<(irkit_ir::Sym, AttrId)>;

/// The kinds, in the order of their names in the report.
pub const KINDS: [&str; 9] = [
    "retype-value",
    "drop-operand",
    "repeat-operand",
    "replace-operand",
    "drop-attr",
    "change-attr",
    "drop-terminator",
    "empty-region",
    "add-block-arg",
];

/// Applies one mutation of a randomly chosen kind; returns its kind index and
/// a description, or `None` when nothing in the module could be mutated.
pub fn mutate(m: &mut Module, rng: &mut Rng) -> Option<(usize, String)> {
    let top = m.top?;
    let mut ops = Vec::new();
    m.walk_preorder(top, &mut |op| ops.push(op));
    ops.retain(|&op| op != top);
    if ops.is_empty() {
        return None;
    }
    for _ in 0..32 {
        let kind = rng.below(KINDS.len());
        let op = ops[rng.below(ops.len())];
        let done = match kind {
            0 => retype_value(m, &ops, rng),
            1 => drop_operand(m, op, rng),
            2 => repeat_operand(m, op, rng),
            3 => replace_operand(m, op, rng),
            4 => drop_attr(m, op, rng),
            5 => change_attr(m, op, rng),
            6 => drop_terminator(m, op, rng),
            7 => empty_region(m, op, rng),
            _ => add_block_arg(m, op, rng),
        };
        if let Some(desc) = done {
            return Some((kind, desc));
        }
    }
    None
}

fn name(m: &Module, op: OpId) -> String {
    m.op_name(op).into_owned()
}

fn ty_str(m: &Module, t: TypeId) -> String {
    irkit_ir::printer::type_to_string(&m.ctx, t)
}

/// Types to retype values to: the module's own value types and a few common
/// ones.
fn type_pool(m: &mut Module) -> Vec<TypeId> {
    let mut pool: Vec<TypeId> = Vec::new();
    for (_, v) in m.values.iter() {
        if !pool.contains(&v.ty) {
            pool.push(v.ty);
        }
    }
    for w in [1, 8, 32, 64] {
        let t = m.ctx.int_type(w);
        if !pool.contains(&t) {
            pool.push(t);
        }
    }
    for t in [
        m.ctx.ty(TypeData::Index),
        m.ctx.float_type(FloatKind::F32),
        m.ctx.float_type(FloatKind::F64),
    ] {
        if !pool.contains(&t) {
            pool.push(t);
        }
    }
    pool
}

fn describe_value(m: &Module, v: ValueId) -> String {
    match m[v].def {
        ValueDef::Result { op, index } => format!("result {index} of {}", name(m, op)),
        ValueDef::BlockArg { block, index } => {
            let owner = m
                .parent_op_of_block(block)
                .map_or_else(|| "?".to_string(), |op| name(m, op));
            format!("block argument {index} in {owner}")
        }
        ValueDef::Detached => "a detached value".into(),
    }
}

fn retype_value(m: &mut Module, ops: &[OpId], rng: &mut Rng) -> Option<String> {
    // Values of the ops in the module (results, and arguments of their
    // regions' blocks).
    let mut values: Vec<ValueId> = Vec::new();
    for &op in ops {
        values.extend(m[op].results.iter().copied());
        for &r in m[op].regions.iter() {
            for &b in &m[r].blocks {
                values.extend(m[b].args.iter().copied());
            }
        }
    }
    if values.is_empty() {
        return None;
    }
    let v = values[rng.below(values.len())];
    let old = m[v].ty;
    let pool: Vec<TypeId> = type_pool(m).into_iter().filter(|&t| t != old).collect();
    if pool.is_empty() {
        return None;
    }
    let new = pool[rng.below(pool.len())];
    let desc = format!(
        "{}: type {} -> {}",
        describe_value(m, v),
        ty_str(m, old),
        ty_str(m, new)
    );
    m.set_value_type(v, new);
    Some(desc)
}

fn drop_operand(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let mut operands = m[op].operands.to_vec();
    if operands.is_empty() {
        return None;
    }
    let i = rng.below(operands.len());
    operands.remove(i);
    m.set_operands(op, operands);
    Some(format!("{}: operand {i} dropped", name(m, op)))
}

fn repeat_operand(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let mut operands = m[op].operands.to_vec();
    if operands.is_empty() {
        return None;
    }
    let i = rng.below(operands.len());
    operands.push(operands[i]);
    m.set_operands(op, operands);
    Some(format!("{}: operand {i} repeated at the end", name(m, op)))
}

/// Values that dominate `op` for certain: its block's arguments and the
/// results of the ops before it in its block.
fn in_scope(m: &Module, op: OpId) -> Vec<ValueId> {
    let Some((block, index)) = m.op_position(op) else {
        return Vec::new();
    };
    let mut out: Vec<ValueId> = m[block].args.clone();
    for &before in &m[block].ops[..index] {
        out.extend(m[before].results.iter().copied());
    }
    out
}

fn replace_operand(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let n = m[op].operands.len();
    if n == 0 {
        return None;
    }
    let i = rng.below(n);
    let cur = m[op].operands[i];
    let mut cands = in_scope(m, op);
    cands.extend(m[op].operands.iter().copied());
    cands.retain(|&v| v != cur);
    if cands.is_empty() {
        return None;
    }
    let v = cands[rng.below(cands.len())];
    let desc = format!(
        "{}: operand {i} ({}) replaced by {} of type {}",
        name(m, op),
        ty_str(m, m[cur].ty),
        describe_value(m, v),
        ty_str(m, m[v].ty)
    );
    m.set_operand(op, i, v);
    Some(desc)
}

/// The entries of the op's properties (`true`) or attribute dictionary.
fn dict_entries(m: &Module, op: OpId, props: bool) -> Entries {
    let dict = if props {
        match m[op].properties {
            Some(p) => p,
            None => return Vec::new(),
        }
    } else {
        m[op].attrs
    };
    match m.ctx.attr_data(dict) {
        AttrData::Dict(entries) => entries.to_vec(),
        _ => Vec::new(),
    }
}

fn set_dict(m: &mut Module, op: OpId, props: bool, entries: Entries) -> Option<()> {
    let empty = entries.is_empty();
    let d = m.ctx.dict_attr(entries).ok()?;
    if props {
        m.ops[op].properties = if empty { None } else { Some(d) };
    } else {
        m.ops[op].attrs = d;
    }
    Some(())
}

/// Picks a dictionary (properties first when both have entries) and one of
/// its entries.
fn pick_entry(m: &Module, op: OpId, rng: &mut Rng) -> Option<(bool, Entries, usize)> {
    let props = dict_entries(m, op, true);
    let attrs = dict_entries(m, op, false);
    let use_props = match (props.is_empty(), attrs.is_empty()) {
        (true, true) => return None,
        (false, true) => true,
        (true, false) => false,
        (false, false) => rng.chance(70),
    };
    let entries = if use_props { props } else { attrs };
    let i = rng.below(entries.len());
    Some((use_props, entries, i))
}

fn drop_attr(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let (props, mut entries, i) = pick_entry(m, op, rng)?;
    let (key, _) = entries.remove(i);
    let key = m.ctx.str(key).into_owned();
    set_dict(m, op, props, entries)?;
    Some(format!(
        "{}: {} `{key}` dropped",
        name(m, op),
        if props { "property" } else { "attribute" }
    ))
}

fn mask(words: &[u64], width: u32) -> Box<[u64]> {
    let mut w: Vec<u64> = words.to_vec();
    if w.is_empty() {
        w.push(0);
    }
    if width < 64 {
        w.truncate(1);
        w[0] &= (1u64 << width) - 1;
    }
    w.into_boxed_slice()
}

fn int_width(m: &Module, t: TypeId) -> u32 {
    match m.ctx.type_data(t) {
        TypeData::Integer { width, .. } => *width,
        _ => 64,
    }
}

/// A different attribute of a related kind.
fn variant(m: &mut Module, a: AttrId, rng: &mut Rng) -> Option<AttrId> {
    let data = m.ctx.attr_data(a).clone();
    let i64t = m.ctx.int_type(64);
    let new = match data {
        AttrData::Integer { ty, words } => match rng.below(4) {
            0 => {
                let w = int_width(m, ty);
                let mut words = words.to_vec();
                if let Some(first) = words.first_mut() {
                    *first ^= 1;
                }
                AttrData::Integer {
                    ty,
                    words: mask(&words, w),
                }
            }
            1 => {
                let w = int_width(m, ty);
                AttrData::Integer {
                    ty,
                    words: mask(&[1000], w),
                }
            }
            2 => {
                let nt = if int_width(m, ty) == 32 {
                    i64t
                } else {
                    m.ctx.int_type(32)
                };
                AttrData::Integer {
                    ty: nt,
                    words: mask(&words, int_width(m, nt)),
                }
            }
            _ => AttrData::String {
                value: m.ctx.sym_str("x"),
                ty: None,
            },
        },
        AttrData::Float { .. } => AttrData::Integer {
            ty: i64t,
            words: Box::new([1]),
        },
        AttrData::String { .. } => AttrData::Integer {
            ty: i64t,
            words: Box::new([7]),
        },
        AttrData::Array(items) => {
            let mut items = items.to_vec();
            if items.pop().is_none() {
                items.push(m.ctx.unit_attr());
            }
            AttrData::Array(items.into_boxed_slice())
        }
        AttrData::DenseArray { elem, values } => {
            let mut values = values.to_vec();
            if values.pop().is_none() {
                values.push(0);
            }
            AttrData::DenseArray {
                elem,
                values: values.into_boxed_slice(),
            }
        }
        AttrData::Type(t) => {
            let pool: Vec<TypeId> = type_pool(m).into_iter().filter(|&x| x != t).collect();
            if pool.is_empty() {
                return None;
            }
            AttrData::Type(pool[rng.below(pool.len())])
        }
        AttrData::Unit => AttrData::Integer {
            ty: i64t,
            words: Box::new([0]),
        },
        _ => AttrData::Unit,
    };
    let id = m.ctx.attr(new);
    (id != a).then_some(id)
}

fn change_attr(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let (props, mut entries, i) = pick_entry(m, op, rng)?;
    let (key, old) = entries[i];
    let new = variant(m, old, rng)?;
    entries[i].1 = new;
    let desc = format!(
        "{}: {} `{}` {} -> {}",
        name(m, op),
        if props { "property" } else { "attribute" },
        m.ctx.str(key),
        irkit_ir::printer::attr_to_string(&m.ctx, old),
        irkit_ir::printer::attr_to_string(&m.ctx, new)
    );
    set_dict(m, op, props, entries)?;
    Some(desc)
}

/// Blocks of the op's regions.
fn blocks_of(m: &Module, op: OpId) -> Vec<BlockId> {
    m[op]
        .regions
        .iter()
        .flat_map(|&r| m[r].blocks.iter().copied())
        .collect()
}

fn drop_terminator(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let blocks: Vec<BlockId> = blocks_of(m, op)
        .into_iter()
        .filter(|&b| {
            m[b].ops
                .last()
                .is_some_and(|&last| m[last].results.iter().all(|&r| m[r].uses.is_empty()))
        })
        .collect();
    if blocks.is_empty() {
        return None;
    }
    let b = blocks[rng.below(blocks.len())];
    let last = *m[b].ops.last()?;
    let desc = format!(
        "{}: last op of a block ({}) erased",
        name(m, op),
        name(m, last)
    );
    m.erase_op(last);
    Some(desc)
}

fn empty_region(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let regions: Vec<usize> = (0..m[op].regions.len())
        .filter(|&i| !m[m[op].regions[i]].blocks.is_empty())
        .collect();
    if regions.is_empty() {
        return None;
    }
    let i = regions[rng.below(regions.len())];
    let r = m[op].regions[i];
    // Values defined inside are used only inside (SSA scoping), so no use
    // outside is left dangling.
    m.regions[r].blocks.clear();
    Some(format!("{}: region {i} emptied", name(m, op)))
}

fn add_block_arg(m: &mut Module, op: OpId, rng: &mut Rng) -> Option<String> {
    let blocks = blocks_of(m, op);
    if blocks.is_empty() {
        return None;
    }
    let b = blocks[rng.below(blocks.len())];
    let pool = type_pool(m);
    let t = pool[rng.below(pool.len())];
    let desc = format!(
        "{}: block argument of type {} added",
        name(m, op),
        ty_str(m, t)
    );
    m.add_block_arg(b, t);
    Some(desc)
}

#[cfg(test)]
mod tests {
    use super::*;

    const BASE: &str = r#""builtin.module"() ({
  "func.func"() <{function_type = (i32, i32) -> i32, sym_name = "f"}> ({
  ^bb0(%arg0: i32, %arg1: i32):
    %0 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %1 = "arith.constant"() <{value = 7 : i32}> : () -> i32
    "func.return"(%0) : (i32) -> ()
  }) : () -> ()
}) : () -> ()

"#;

    fn parse(text: &str) -> Module {
        let mut map = irkit_diag::SourceMap::new();
        let file = map.add("t.mlir", text.to_string());
        let cfg = irkit_ir::ParseConfig {
            loc_file_name: "t.mlir".into(),
            line_offset: 0,
        };
        match irkit_ir::parse(map.file(file).text(), file, &cfg) {
            Ok(m) => m,
            Err(d) => panic!("{}", d.message),
        }
    }

    /// Every kind is reached, each mutant differs from the base, and
    /// irkit reads every mutant's generic print back.
    #[test]
    fn every_kind_changes_the_module() {
        let base = parse(BASE);
        let printed = irkit_ir::print_module(&base, irkit_ir::PrintOptions::default());
        assert_eq!(String::from_utf8_lossy(&printed), BASE);
        let mut seen = [false; KINDS.len()];
        for seed in 0..400 {
            let mut m = parse(BASE);
            let mut rng = Rng::new(seed);
            let Some((kind, desc)) = mutate(&mut m, &mut rng) else {
                continue;
            };
            seen[kind] = true;
            let text = irkit_ir::print_module(&m, irkit_ir::PrintOptions::default());
            let text = String::from_utf8_lossy(&text).into_owned();
            assert_ne!(text, BASE, "{desc}");
            parse(&text);
        }
        for (k, s) in seen.iter().enumerate() {
            assert!(s, "kind {} never chosen", KINDS[k]);
        }
    }
}
