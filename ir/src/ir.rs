//! Operations, blocks, regions and values, stored in arenas owned by a
//! [`Module`].

use crate::context::{AttrId, Context, Sym, TypeId};
use irkit_diag::Span;
use la_arena::{Arena, ArenaMap, Idx};

pub type OpId = Idx<OpData>;
pub type BlockId = Idx<BlockData>;
pub type RegionId = Idx<RegionData>;
pub type ValueId = Idx<ValueData>;

/// An interned operation name (`"dialect.op"`).
pub type OpName = Sym;

/// One operation. Per-op source positions live in [`SourceInfo`], not here.
#[derive(Debug, Clone)]
pub struct OpData {
    pub name: OpName,
    pub operands: Box<[ValueId]>,
    pub results: Box<[ValueId]>,
    pub successors: Box<[BlockId]>,
    pub regions: Box<[RegionId]>,
    /// `<{...}>` properties, if any.
    pub properties: Option<AttrId>,
    /// The discardable attribute dictionary (always a dictionary attribute).
    pub attrs: AttrId,
    pub loc: AttrId,
    /// The block this op is in (None when detached or top-level).
    pub parent: Option<BlockId>,
}

// Keep the hot node small (five boxed slices plus a few handles).
const _: () = assert!(std::mem::size_of::<OpData>() <= 112);
// Inline uses cost nothing over a `Vec`.
const _: () = assert!(std::mem::size_of::<Uses>() == std::mem::size_of::<Vec<Use>>());

#[derive(Debug, Clone, Default)]
pub struct BlockData {
    pub args: Vec<ValueId>,
    pub ops: Vec<OpId>,
    pub parent: Option<RegionId>,
}

#[derive(Debug, Clone, Default)]
pub struct RegionData {
    pub blocks: Vec<BlockId>,
    pub parent: Option<OpId>,
}

/// Where a value comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueDef {
    Result {
        op: OpId,
        index: u32,
    },
    BlockArg {
        block: BlockId,
        index: u32,
    },
    /// Not attached yet (while parsing forward references, or after erasure).
    Detached,
}

/// One use of a value: operand `index` of `op`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Use {
    pub op: OpId,
    pub index: u32,
}

/// A value's uses. Most values have one or two, held inline: with smallvec's
/// `union` layout two uses take no more room than an empty `Vec`.
pub type Uses = smallvec::SmallVec<[Use; 2]>;

#[derive(Debug, Clone)]
pub struct ValueData {
    pub ty: TypeId,
    pub def: ValueDef,
    pub uses: Uses,
    /// Location of a block argument (`loc(...)` after its type).
    pub loc: AttrId,
}

/// Source positions of IR entities, for diagnostics.
#[derive(Debug, Default)]
pub struct SourceInfo {
    /// The op name token.
    pub ops: ArenaMap<OpId, Span>,
    /// Block labels.
    pub blocks: ArenaMap<BlockId, Span>,
    /// Where each value is defined (result name or block argument).
    pub values: ArenaMap<ValueId, Span>,
    /// Each operand's use site, keyed by op then operand index.
    pub operands: ArenaMap<OpId, Box<[Span]>>,
    /// Each successor reference, keyed by op then index.
    pub successors: ArenaMap<OpId, Box<[Span]>>,
    /// Ops whose inherent attributes were written in the discardable
    /// dictionary and moved into properties by the parser. MLIR checks such
    /// attributes against their constraints, not as a property conversion.
    pub inherent_from_dict: ArenaMap<OpId, ()>,
}

/// A parsed file: its top-level operation (a `builtin.module`), the arenas,
/// the context with all uniqued types/attributes, and file-level metadata.
#[derive(Debug)]
pub struct Module {
    pub ctx: Context,
    pub ops: Arena<OpData>,
    pub blocks: Arena<BlockData>,
    pub regions: Arena<RegionData>,
    pub values: Arena<ValueData>,
    /// The top-level op (a `builtin.module`, possibly created implicitly).
    pub top: Option<OpId>,
    pub source: SourceInfo,
    /// `{-# dialect_resources: {...} #-}` entries: dialect -> [(key, value text)].
    pub resources: Vec<(Sym, Vec<(Sym, Sym)>)>,
    /// Top-level type aliases (`!name = type`) in definition order, name
    /// without the `!`. Unregistered dialect types keep alias references in
    /// their text; dialect-aware code (the ABI type mapper) resolves them here.
    pub type_aliases: Vec<(Sym, TypeId)>,
}

impl Default for Module {
    fn default() -> Self {
        Module::new(Context::new())
    }
}

impl std::ops::Index<OpId> for Module {
    type Output = OpData;
    fn index(&self, i: OpId) -> &OpData {
        &self.ops[i]
    }
}
impl std::ops::Index<BlockId> for Module {
    type Output = BlockData;
    fn index(&self, i: BlockId) -> &BlockData {
        &self.blocks[i]
    }
}
impl std::ops::Index<RegionId> for Module {
    type Output = RegionData;
    fn index(&self, i: RegionId) -> &RegionData {
        &self.regions[i]
    }
}
impl std::ops::Index<ValueId> for Module {
    type Output = ValueData;
    fn index(&self, i: ValueId) -> &ValueData {
        &self.values[i]
    }
}

/// Everything needed to create an operation.
#[derive(Debug, Clone)]
pub struct OpSpec {
    pub name: OpName,
    pub operands: Vec<ValueId>,
    pub result_types: Vec<TypeId>,
    pub successors: Vec<BlockId>,
    pub num_regions: usize,
    pub properties: Option<AttrId>,
    pub attrs: AttrId,
    pub loc: AttrId,
}

impl Module {
    pub fn new(ctx: Context) -> Module {
        Module {
            ctx,
            ops: Arena::new(),
            blocks: Arena::new(),
            regions: Arena::new(),
            values: Arena::new(),
            top: None,
            source: SourceInfo::default(),
            resources: Vec::new(),
            type_aliases: Vec::new(),
        }
    }

    /// The name of an op as a string.
    pub fn op_name(&self, op: OpId) -> std::borrow::Cow<'_, str> {
        self.ctx.str(self.ops[op].name)
    }

    /// A detached value of type `ty` (becomes a result/argument later).
    pub fn new_detached_value(&mut self, ty: TypeId) -> ValueId {
        let loc = self.ctx.unknown_loc();
        self.values.alloc(ValueData {
            ty,
            def: ValueDef::Detached,
            uses: Uses::new(),
            loc,
        })
    }

    /// Creates a detached op with fresh results and empty regions.
    pub fn create_op(&mut self, spec: OpSpec) -> OpId {
        let results: Vec<ValueId> = spec
            .result_types
            .iter()
            .map(|&t| self.new_detached_value(t))
            .collect();
        self.create_op_with_results(spec, results)
    }

    /// Creates a detached op whose results are the given (detached) values.
    pub fn create_op_with_results(&mut self, spec: OpSpec, results: Vec<ValueId>) -> OpId {
        let OpSpec {
            name,
            operands,
            result_types: _,
            successors,
            num_regions,
            properties,
            attrs,
            loc,
        } = spec;
        let op = self.ops.alloc(OpData {
            name,
            operands: Box::new([]),
            results: Box::new([]),
            successors: successors.into(),
            regions: Box::new([]),
            properties,
            attrs,
            loc,
            parent: None,
        });
        for (i, &v) in operands.iter().enumerate() {
            self.values[v].uses.push(Use {
                op,
                index: i as u32,
            });
        }
        for (i, &r) in results.iter().enumerate() {
            self.values[r].def = ValueDef::Result {
                op,
                index: i as u32,
            };
        }
        self.ops[op].operands = operands.into_boxed_slice();
        self.ops[op].results = results.into_boxed_slice();
        let regions: Vec<RegionId> = (0..num_regions)
            .map(|_| {
                self.regions.alloc(RegionData {
                    blocks: Vec::new(),
                    parent: Some(op),
                })
            })
            .collect();
        self.ops[op].regions = regions.into();
        op
    }

    /// Appends a new block (with arguments of the given types) to `region`.
    pub fn append_block(&mut self, region: RegionId, arg_types: &[TypeId]) -> BlockId {
        let b = self.blocks.alloc(BlockData {
            args: Vec::new(),
            ops: Vec::new(),
            parent: Some(region),
        });
        for &t in arg_types {
            self.add_block_arg(b, t);
        }
        self.regions[region].blocks.push(b);
        b
    }

    /// Adds an argument of type `ty` at the end of `block`'s arguments.
    pub fn add_block_arg(&mut self, block: BlockId, ty: TypeId) -> ValueId {
        let v = self.new_detached_value(ty);
        self.attach_block_arg(block, v);
        v
    }

    pub(crate) fn attach_block_arg(&mut self, block: BlockId, v: ValueId) {
        let index = self.blocks[block].args.len() as u32;
        self.values[v].def = ValueDef::BlockArg { block, index };
        self.blocks[block].args.push(v);
    }

    /// Changes the type of a block argument (or any value).
    pub fn set_value_type(&mut self, v: ValueId, ty: TypeId) {
        self.values[v].ty = ty;
    }

    /// Inserts detached `op` into `block` at position `index` (clamped).
    pub fn insert_op(&mut self, block: BlockId, index: usize, op: OpId) {
        let ops = &mut self.blocks[block].ops;
        let index = index.min(ops.len());
        ops.insert(index, op);
        self.ops[op].parent = Some(block);
    }

    /// Appends detached `op` at the end of `block`.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        self.blocks[block].ops.push(op);
        self.ops[op].parent = Some(block);
    }

    /// Position of `op` in its block.
    pub fn op_position(&self, op: OpId) -> Option<(BlockId, usize)> {
        let b = self.ops[op].parent?;
        let i = self.blocks[b].ops.iter().position(|&o| o == op)?;
        Some((b, i))
    }

    /// Removes `op` from its block (its operands keep their uses).
    pub fn detach_op(&mut self, op: OpId) {
        if let Some((b, i)) = self.op_position(op) {
            self.blocks[b].ops.remove(i);
        }
        self.ops[op].parent = None;
    }

    /// Erases `op`: detaches it, drops the uses its operands (and the operands
    /// of nested ops) hold. Its results must have no uses left.
    pub fn erase_op(&mut self, op: OpId) {
        self.detach_op(op);
        let mut stack = vec![op];
        while let Some(o) = stack.pop() {
            let operands = std::mem::take(&mut self.ops[o].operands);
            for v in operands.iter() {
                self.values[*v].uses.retain(|u| u.op != o);
            }
            for &r in self.ops[o].regions.iter() {
                for &b in &self.regions[r].blocks {
                    stack.extend(self.blocks[b].ops.iter().copied());
                }
            }
            for &r in self.ops[o].results.iter() {
                self.values[r].def = ValueDef::Detached;
            }
        }
    }

    /// Sets operand `index` of `op` to `v`, keeping use lists right.
    pub fn set_operand(&mut self, op: OpId, index: usize, v: ValueId) {
        let old = self.ops[op].operands[index];
        let idx = index as u32;
        self.values[old]
            .uses
            .retain(|u| !(u.op == op && u.index == idx));
        self.ops[op].operands[index] = v;
        self.values[v].uses.push(Use { op, index: idx });
    }

    /// Replaces every operand list of `op` (use lists updated).
    pub fn set_operands(&mut self, op: OpId, operands: Vec<ValueId>) {
        let old = std::mem::take(&mut self.ops[op].operands);
        for v in old.iter() {
            self.values[*v].uses.retain(|u| u.op != op);
        }
        for (i, &v) in operands.iter().enumerate() {
            self.values[v].uses.push(Use {
                op,
                index: i as u32,
            });
        }
        self.ops[op].operands = operands.into();
    }

    /// Replaces all uses of `from` with `to`.
    pub fn replace_all_uses(&mut self, from: ValueId, to: ValueId) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from].uses);
        for u in &uses {
            self.ops[u.op].operands[u.index as usize] = to;
        }
        self.values[to].uses.extend(uses);
    }

    /// The op owning `region`, the region owning `block`, etc.
    pub fn parent_op_of_block(&self, b: BlockId) -> Option<OpId> {
        self.regions[self.blocks[b].parent?].parent
    }
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        self.parent_op_of_block(self.ops[op].parent?)
    }

    /// All ops in pre-order (parents before children), iteratively.
    pub fn walk_preorder(&self, root: OpId, f: &mut dyn FnMut(OpId)) {
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            f(op);
            for &r in self.ops[op].regions.iter().rev() {
                for &b in self.regions[r].blocks.iter().rev() {
                    stack.extend(self.blocks[b].ops.iter().rev().copied());
                }
            }
        }
    }
}
